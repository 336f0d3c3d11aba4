"""support/build/shapes_pretrain.py: train the shapes world's base model, and measure it.

Rectified flow on support/shapes.py's renders with caption dropout (for CFG), plus an attention alignment loss so that
each phrase's words attend to their objects (what large models learn from scale). Resume state: `save_state`.

Run alone:
    python -m support.build.shapes_pretrain pretrain --steps 7500 --align 0 --threads 1   # the shipped model: stage 1,
    python -m support.build.shapes_pretrain pretrain --resume --steps 16000               # then stage 2 (writes the
                                                                            # weights, assets/shapes_base.safetensors)
    python -m support.build.shapes_pretrain report              # base-model accuracy by atom kind and count
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import time
from contextlib import nullcontext

import numpy as np
import torch
from safetensors import SafetensorError
from safetensors.torch import load_file, save_file

from support.assets import record_sha256
from support.backbone import capture_attention, sample_ode
from support.checkpoint import sha256
from support.evaluation import summarize
from support.pictures import save_grid
from support.shapes import (
    _WORD,
    ASSETS,
    COLORS,
    SHAPES_CONFIG,
    ShapesBackbone,
    ShapesModel,
    ShapesScorer,
    graph_to_scene,
    load_shapes,
    quality,
    render_scene,
    sample_shapes_graph,
)


def training_batch(rng: random.Random, batch: int, drop: float):
    """Rendered images as x0 in [-1, 1], their prompts ("" with probability `drop`), and `phrase_token_masks`."""
    prompts, images, targets = [], [], []
    for _ in range(batch):
        graph = sample_shapes_graph(rng)
        image, masks = render_scene(*graph_to_scene(graph), rng)
        prompt = "" if rng.random() < drop else graph.prompt
        prompts.append(prompt)
        images.append(image)
        targets.append(phrase_token_masks(prompt, masks))
    return prompts, torch.from_numpy(np.stack(images)) * 2 - 1, torch.stack(targets)


def phrase_token_masks(prompt: str, masks: np.ndarray) -> torch.Tensor:
    """[text_len, n_img]: row w, for each word w of an object phrase ("two red circles"), the share of each image
    token's patch its objects cover; other rows zero. Phrase i is the i-th color word and its neighbours."""
    pooled = torch.nn.functional.avg_pool2d(
        torch.from_numpy(masks).float()[None], SHAPES_CONFIG["patch"]
    )[0]
    words = _WORD.findall(prompt.lower())
    out = torch.zeros(SHAPES_CONFIG["text_len"], pooled[0].numel())
    for i, w in enumerate(j for j, word in enumerate(words) if word in COLORS):
        out[w - 1 : w + 2] = pooled[i].flatten()
    return out


def alignment_loss(maps: torch.Tensor, targets: torch.Tensor, sigma: torch.Tensor) -> torch.Tensor:
    """Attention alignment (pretraining only): for each phrase word j, the share of its image->text
    attention that lands on its own objects, share_j = Σ_p a_pj·m_jp / Σ_p a_pj, and
        L_align = mean_j −(1 − σ)·log share_j,
    weighted by (1 − σ) because at high noise the objects' place is not yet decided. It stands in for the
    localization large models learn from scale (README: why the toy model is taught to localize)."""
    a = maps.transpose(1, 2)  # [B, n_txt, n_img]
    share = (a * targets).sum(-1) / a.sum(-1).clamp_min(1e-12)
    valid = targets.sum(-1) > 0
    if not valid.any():
        return maps.sum() * 0.0
    return -((1 - sigma)[:, None] * torch.log(share + 1e-6))[valid].mean()


def flow_matching_loss(
    model,
    backbone,
    prompts: list[str],
    x0: torch.Tensor,
    targets: torch.Tensor | None = None,
    align: float = 0.0,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Rectified flow: x_σ = (1 − σ)·x0 + σ·ε, regress v* = ε − x0, σ logit-normal (SD3's sampling).
    Returns (L_flow, L_align); with align > 0 the last single block's attention is captured (with its
    graph) and L_align scored against `targets` (training_batch's phrase masks)."""
    x0 = model.patchify(x0)
    eps = torch.randn_like(x0)
    sigma = torch.sigmoid(torch.randn(x0.shape[0]))
    s = sigma[:, None, None]
    with capture_attention(backbone, keep_grad=True) if align > 0 else nullcontext() as cap:
        v = model(x0 * (1 - s) + s * eps, sigma, model.text_encoder(backbone._ids(prompts)))
    flow = ((v - (eps - x0)) ** 2).mean()
    return flow, alignment_loss(cap.maps, targets, sigma) if align > 0 else torch.zeros(())


def save_state(path, model, ema, opt, sched, rng, step, seconds) -> None:
    """The resume state as <path>.safetensors (model.*, ema.*, optim.<param>.<key>, rng.torch, rng.python) and
    <path>.json (step, seconds, param_groups, schedule, Python RNG, the tensors' sha256); each written and renamed."""
    opt_state = opt.state_dict()
    version, words, gauss = rng.getstate()
    tensors = {
        **{f"model.{k}": v for k, v in model.state_dict().items()},
        **{f"ema.{k}": v for k, v in ema.state_dict().items()},
        **{
            f"optim.{i}.{k}": torch.as_tensor(v)
            for i, st in opt_state["state"].items()
            for k, v in st.items()
        },
        "rng.torch": torch.get_rng_state(),
        "rng.python": torch.tensor(words, dtype=torch.int64),
    }
    save_file({k: v.contiguous() for k, v in tensors.items()}, path + ".safetensors.tmp")
    meta = dict(
        step=step,
        seconds=seconds,
        param_groups=opt_state["param_groups"],
        sched=sched.state_dict(),
        rng_python=dict(version=version, gauss_next=gauss),
        sha256=sha256(path + ".safetensors.tmp"),
    )
    with open(path + ".json.tmp", "w") as f:
        json.dump(meta, f, indent=1)
    os.replace(path + ".safetensors.tmp", path + ".safetensors")
    os.replace(path + ".json.tmp", path + ".json")


def load_state(path, model, ema, opt, sched, rng) -> tuple[int, float]:
    """Restore what save_state wrote; returns (step, seconds). A missing or altered file is a ValueError naming it."""
    try:
        with open(path + ".json") as f:
            meta = json.load(f)
        expected = meta["sha256"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise ValueError(
            f"pretraining state {path}.json is unreadable or incomplete ({e!r}): delete it and "
            "pretrain from scratch, or restore it"
        ) from None
    if not os.path.isfile(path + ".safetensors") or sha256(path + ".safetensors") != expected:
        raise ValueError(
            f"pretraining state {path}.safetensors is missing, truncated or altered: its sha256 does not "
            f"match {path}.json"
        )
    try:
        t = load_file(path + ".safetensors")
    except (SafetensorError, OSError) as e:
        raise ValueError(f"pretraining state {path}.safetensors cannot be read: {e}") from None
    part = lambda prefix: {k[len(prefix) :]: v for k, v in t.items() if k.startswith(prefix)}
    model.load_state_dict(part("model.")), ema.load_state_dict(part("ema."))
    optim = {}
    for key, v in part("optim.").items():
        i, name = key.split(".", 1)
        optim.setdefault(int(i), {})[name] = v
    opt.load_state_dict({"state": optim, "param_groups": meta["param_groups"]})
    sched.load_state_dict(meta["sched"])
    words = tuple(int(w) for w in t["rng.python"])
    rng.setstate((meta["rng_python"]["version"], words, meta["rng_python"]["gauss_next"]))
    torch.set_rng_state(t["rng.torch"])
    return meta["step"], meta["seconds"]


def ema_step(model, ema, opt, sched, loss, decay: float) -> None:
    """One AdamW step on `loss` (gradient norm clipped at 1), the schedule's step, then ema <- d·ema + (1 − d)·model."""
    opt.zero_grad(set_to_none=True)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    sched.step()
    with torch.no_grad():
        for pe, pm in zip(ema.parameters(), model.parameters()):
            pe.lerp_(pm, 1 - decay)


def pretrain(args):
    from tqdm import tqdm

    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    model = ShapesModel(SHAPES_CONFIG)
    ema = ShapesModel(SHAPES_CONFIG).requires_grad_(False)
    ema.load_state_dict(model.state_dict())
    bb = ShapesBackbone(model)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.0)
    # Cosine decay to 10% of the peak (the better of the schedules tried while prototyping).
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: 0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * min(s, args.steps) / args.steps))
    )
    state_path, step, elapsed = os.path.join(args.out, "pretrain_state"), 0, 0.0
    if args.resume and os.path.exists(state_path + ".json"):
        step, elapsed = load_state(state_path, model, ema, opt, sched, rng)
    print(
        f"shapes model: {sum(p.numel() for p in model.parameters()) / 1e6:.2f}M parameters; from step {step}"
    )
    eval_rng = random.Random(1234)
    eval_prompts = [sample_shapes_graph(eval_rng).prompt for _ in range(16)]
    log = open(os.path.join(args.out, "pretrain.jsonl"), "a")
    t0, bar = (
        time.time(),
        tqdm(range(step, args.steps), initial=step, total=args.steps, desc="pretrain"),
    )
    for step in bar:
        flow, align = flow_matching_loss(
            model, bb, *training_batch(rng, args.batch, args.caption_dropout), align=args.align
        )
        loss = flow + args.align * align
        ema_step(model, ema, opt, sched, loss, args.ema)
        bar.set_postfix(loss=f"{flow.item():.4f}", align=f"{align.item():.3f}")
        if (step + 1) % 50 == 0:
            log.write(
                json.dumps(
                    {
                        "step": step + 1,
                        "loss": flow.item(),
                        "align": align.item(),
                        "lr": sched.get_last_lr()[0],
                        "seconds": elapsed + time.time() - t0,
                    }
                )
                + "\n"
            )
            log.flush()
        if (step + 1) % args.save_every == 0 or step + 1 == args.steps:
            ebb = ShapesBackbone(ema.eval(), guidance_scale=args.guidance)
            x = sample_ode(
                ebb, ebb.encode(eval_prompts), ebb.noise(16, torch.Generator().manual_seed(0)), 10
            )
            save_grid(
                ebb.decode(x), os.path.join(args.out, f"pretrain_{step + 1:06d}.png"), eval_prompts
            )
            save_state(
                state_path, model, ema, opt, sched, rng, step + 1, elapsed + time.time() - t0
            )
            weights = {k: v.contiguous() for k, v in ema.state_dict().items()}
            meta = {
                "config": json.dumps(SHAPES_CONFIG),
                "guidance_scale": str(args.guidance),
                "steps": str(step + 1),
            }
            save_file(weights, args.weights + ".tmp", metadata=meta)
            os.replace(args.weights + ".tmp", args.weights)
            record_sha256(args.weights)  # the SHA256SUMS beside it, which load_shapes checks
    print(
        f"pretraining took {(elapsed + time.time() - t0) / 60:.1f} min in all; weights in {args.weights}"
    )


def base_model_report(args):
    """Base-model accuracy with the verifier at the sampling settings training uses, per CFG scale."""
    rng = random.Random(args.seed)  # a fixed prompt set, never the training stream
    graphs = [sample_shapes_graph(rng) for _ in range(args.prompts)]
    prompts = [g.prompt for g in graphs]
    graphs = graphs * args.seeds
    rows = {}
    for scale in args.guidance:
        bb = load_shapes(args.weights, guidance_scale=scale)
        images, t0 = [], time.time()
        for s in range(args.seeds):
            gen = torch.Generator().manual_seed(s)
            for i in range(0, len(prompts), 100):
                chunk = prompts[i : i + 100]
                x = sample_ode(bb, bb.encode(chunk), bb.noise(len(chunk), gen), args.steps)
                images.append(bb.decode(x))
        seconds = time.time() - t0
        images = torch.cat(images)
        summary = summarize(ShapesScorer()(images, graphs), graphs)
        summary.update(quality(images), images_per_s=len(images) / seconds, guidance=scale)
        rows[scale] = summary
        save_grid(
            images[:32], os.path.join(args.out, f"base_samples_cfg{scale:g}.png"), prompts[:32]
        )
    kinds = ["object", "count", "attribute", "relation"]
    print(
        f"| CFG | AM | {' | '.join(kinds)} | strict | GM | stray px | images/s |\n|"
        + "---|" * (len(kinds) + 6)
    )
    for scale, s in rows.items():
        k = " | ".join(
            f"{100 * s['per_kind'][x]['mean']:.1f}" if x in s["per_kind"] else "-" for x in kinds
        )
        print(
            f"| {scale:g} | {100 * s['am']:.1f} ± {100 * s['am_se']:.1f} | {k} | {100 * s['strict']:.1f} | "
            f"{100 * s['gm']:.1f} | {s['stray']:.3f} | {s['images_per_s']:.0f} |"
        )
    for scale, s in rows.items():
        print(
            f"CFG {scale:g}, AM by atoms per prompt: "
            + ", ".join(
                f"{c}: {100 * v['am']:.1f} (n={v['n']})" for c, v in s["per_atom_count"].items()
            )
        )
    with open(os.path.join(args.out, "base_report.json"), "w") as f:
        json.dump({str(k): v for k, v in rows.items()}, f, indent=1)


def cli_problems(args) -> list[str]:
    """The subcommand's values, one line per problem (argparse's error reports them all before any work)."""
    ints = {
        "pretrain": ("steps", "batch", "save_every", "threads"),
        "report": ("prompts", "seeds", "steps"),
    }[args.cmd]
    bad = [
        f"--{k.replace('_', '-')} {getattr(args, k)}: must be at least 1"
        for k in ints
        if getattr(args, k) < 1
    ]
    if args.cmd == "pretrain":
        bad += [f"--lr {args.lr}: must be > 0"] if not args.lr > 0 else []
        bad += [
            f"--{k.replace('_', '-')} {getattr(args, k)}: must be in [0, 1)"
            for k in ("ema", "caption_dropout")
            if not 0 <= getattr(args, k) < 1
        ]
        bad += [f"--align {args.align}: must be >= 0"] if not args.align >= 0 else []
    guidance = args.guidance if args.cmd == "report" else [args.guidance]
    bad += [f"--guidance {g}: must be > 0" for g in guidance if not g > 0]
    if args.cmd == "report" and args.weights and not os.path.isfile(args.weights):
        bad.append(f"--weights {args.weights}: no such file")
    return bad


def main(argv=None):
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = ap.add_subparsers(dest="cmd", required=True)
    pp = sub.add_parser("pretrain", help="train the base model by rectified flow")
    pp.add_argument("--steps", type=int, default=16000)
    pp.add_argument("--batch", type=int, default=32)
    pp.add_argument("--lr", type=float, default=1e-3)
    pp.add_argument("--ema", type=float, default=0.998)
    pp.add_argument("--caption-dropout", type=float, default=0.1)
    pp.add_argument(
        "--guidance",
        type=float,
        default=1.5,
        help="CFG scale saved with the weights (training's default)",
    )
    pp.add_argument("--save-every", type=int, default=500)
    pp.add_argument("--seed", type=int, default=0)
    pp.add_argument("--threads", type=int, default=2)
    pp.add_argument("--out", default="runs/pretrain")
    pp.add_argument("--weights", default=os.path.join(ASSETS, "shapes_base.safetensors"))
    pp.add_argument(
        "--resume",
        action="store_true",
        help="continue from <out>/pretrain_state.{safetensors,json}; "
        "a larger --steps than the state's run restarts the cosine warm (the shipped model's second stage)",
    )
    pp.add_argument(
        "--align", type=float, default=0.02, help="weight of the attention alignment loss (0: off)"
    )
    rp = sub.add_parser("report", help="accuracy of the base model by atom kind and atom count")
    rp.add_argument("--weights", default=None, help="default: assets/shapes_base.safetensors")
    rp.add_argument("--prompts", type=int, default=200)
    rp.add_argument("--seeds", type=int, default=2)
    rp.add_argument("--steps", type=int, default=10, help="the training schedule's steps")
    rp.add_argument("--guidance", type=float, nargs="+", default=[1.0, 2.0, 3.0])
    rp.add_argument("--seed", type=int, default=999)
    rp.add_argument("--out", default="runs/shapes")
    args = ap.parse_args(argv)
    if bad := cli_problems(args):
        ap.error("\n".join(bad))
    if args.cmd == "pretrain":
        torch.set_num_threads(args.threads)
        pretrain(args)
    else:
        os.makedirs(args.out, exist_ok=True)
        base_model_report(args)


if __name__ == "__main__":
    main()
