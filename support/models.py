"""support/models.py: pick a backbone by name and load it (the interface: support/backbone.py).

    bb = load_backbone("shapes")                          # the shipped base model (assets/)
    bb = load_backbone("flux2", "/models/FLUX.2-dev", device="cuda", dtype=torch.bfloat16, height=512, width=512)
    bb = load_backbone("qwenimage", "random")             # the real architecture, random weights (random_models.py)

Run alone: `python -m support.models --backbone shapes|flux2|qwenimage [--model-path P]` prints the model, its size
and the time of one forward with and without capture. Nothing is downloaded.
"""

from __future__ import annotations

import argparse
import json
import os
import time

import torch
import torch.nn as nn

from cast_csg import InputError
from support.assets import SHAPES_VLM, weights_problem
from support.backbone import Backbone, capture_attention
from support.real.flux_qwen import DiffusersBackbone, Flux2Backbone, QwenImageBackbone
from support.real.random_models import random_backbone
from support.shapes import ShapesBackbone, load_shapes

BACKBONES = {"shapes": ShapesBackbone, "flux2": Flux2Backbone, "qwenimage": QwenImageBackbone}


def default_models(args) -> None:
    """The scorer and grounding model a run gets when its flags name none. On the shapes world the verifier scores
    (the world's 1.6M VLM reads counts and relations near chance, and a policy learns to please such a reward) and
    the world's Qwen3-VL grounds, as Qwen3-VL-8B does in the paper. Real backbones need --scorer-path."""
    if args.backbone == "shapes":
        args.scorer_path = args.scorer_path or "shapes"
        args.vlm_path = args.vlm_path or (
            SHAPES_VLM if not os.path.isdir(args.scorer_path) else None
        )


def check_model_folder(path: str | None, cls: type[DiffusersBackbone]) -> None:
    """One clear error naming everything the pipeline would need and the folder lacks, before diffusers runs."""
    if not path or not os.path.isdir(path):
        raise FileNotFoundError(
            f"backbone {cls.name!r}: model folder {path!r} does not exist; pass --model-path, a "
            f"local {cls.pipeline} folder in diffusers layout (nothing is downloaded)"
        )
    missing = [] if os.path.isfile(os.path.join(path, "model_index.json")) else ["model_index.json"]
    for sub, config in cls.components.items():
        if not os.path.isfile(os.path.join(path, sub, config)):
            missing.append(f"{sub}/{config}")
        elif sub in ("text_encoder", "vae", "transformer") and not any(
            f.endswith((".safetensors", ".bin")) for f in os.listdir(os.path.join(path, sub))
        ):
            missing.append(f"{sub}/ weights (*.safetensors)")
    if missing:
        raise FileNotFoundError(
            f"{path} is not a complete {cls.pipeline} folder: it is missing {', '.join(missing)}"
        )
    with open(os.path.join(path, "model_index.json")) as f:
        found = json.load(f).get("_class_name")
    if found != cls.pipeline:
        raise ValueError(
            f"{path} holds a {found}, but backbone {cls.name!r} needs a {cls.pipeline}"
        )
    if why := weights_problem(
        path
    ):  # a truncated shard: its header and size, never a hash of 60 GB
        raise InputError(why)


def load_backbone(
    name: str, path: str | None = None, device="cpu", dtype=torch.float32, **kwargs
) -> Backbone:
    """ "shapes" (path: a shapes_base.safetensors), "flux2" or "qwenimage" (path: a local diffusers folder, or
    "random": support/real/random_models.py). kwargs go to the backbone: height, width, guidance_scale, ..."""
    if name not in BACKBONES:
        raise ValueError(f"unknown backbone {name!r}; choose one of {', '.join(BACKBONES)}")
    if name == "shapes":
        return load_shapes(path, device, dtype, **kwargs)
    if path == "random":
        return random_backbone(name, device, dtype, **kwargs)
    cls = BACKBONES[name]
    check_model_folder(path, cls)
    import diffusers

    parts = cls.preloaded(path)
    # Skipped by the pipeline's loader (None), then set: diffusers type-checks a passed part against the class the
    # folder names, which fails when that class cannot be imported (FLUX.2's PixtralProcessor without torchvision).
    pipe = getattr(diffusers, cls.pipeline).from_pretrained(
        path, dtype=dtype, local_files_only=True, **dict.fromkeys(parts)
    )
    pipe.register_modules(**parts)
    return cls(pipe.to(device), **kwargs)


def main():
    ap = argparse.ArgumentParser(
        description="Load a backbone; print its size and one forward's time, with and "
        "without attention capture of its default layers."
    )
    ap.add_argument("--backbone", default="shapes", choices=list(BACKBONES))
    ap.add_argument(
        "--model-path",
        help="local diffusers folder (flux2, qwenimage), shapes .safetensors, or 'random'",
    )
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    ap.add_argument("--dtype", default="float32", choices=["float32", "bfloat16", "float16"])
    ap.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=JSON",
        help="backbone argument, e.g. height=512 or text_encoder_out_layers=[1,2,3]",
    )
    ap.add_argument("--prompt", default="two red circles left of a blue square")
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    kwargs = {k: json.loads(v) for k, v in (o.split("=", 1) for o in args.option)}
    bb = load_backbone(
        args.backbone, args.model_path, args.device, getattr(torch, args.dtype), **kwargs
    )
    parts = bb.pipe.components if hasattr(bb, "pipe") else {"model": bb.model}
    print(f"{bb.name}: {type(bb.transformer).__name__} {dict(bb.transformer.config)}")
    for part, m in parts.items():
        if isinstance(m, nn.Module):
            print(f"  {part:13s} {sum(p.numel() for p in m.parameters()):,} parameters")
    print(f"  latent grid {bb.grid}, capture layers {bb.default_capture_layers}")

    def timed(fn):  # ms per call, after one warm-up call
        sync = torch.cuda.synchronize if bb.device.type == "cuda" else (lambda: None)
        fn()
        sync()
        t0 = time.perf_counter()
        for _ in range(args.repeats):
            fn()
        sync()
        return (time.perf_counter() - t0) / args.repeats * 1e3

    def captured():
        with capture_attention(bb) as cap:
            bb.predict(x, 0.5, cond)
        return cap.maps

    with torch.no_grad():
        cond = bb.encode([args.prompt])
        x = bb.noise(1, torch.Generator().manual_seed(0))
        plain, with_cap = timed(lambda: bb.predict(x, 0.5, cond)), timed(captured)
    print(
        f"  forward {plain:.1f} ms, with capture {with_cap:.1f} ms ({x.shape[1]} image x {cond.embeds.shape[1]} "
        f"text tokens, {args.device}, {args.dtype})"
    )


if __name__ == "__main__":
    main()
