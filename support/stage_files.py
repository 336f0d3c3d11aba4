"""support/stage_files.py: the stage files a cast_train run saves and the stage files' command lines read back
(safetensors, with JSON metadata: support/checkpoint.py's save_tensors / load_tensors)."""

from __future__ import annotations

import os
from typing import NamedTuple

import torch
from safetensors import safe_open

from cast_csg import InputError, SceneGraph, atom_mask
from support.checkpoint import load_tensors, save_tensors
from support.pictures import save_overlays
from support.prompt_files import read_graphs


def save_scores(path: str, scores: torch.Tensor, mask: torch.Tensor, **metadata) -> None:
    """Write scores.safetensors (cast_reward, Eq. 4): scores (N,K) float, mask (N,K) bool, JSON metadata
    (load_tensors reads it back)."""
    save_tensors(path, {"scores": scores.float(), "mask": mask.bool()}, **metadata)


def saved_rollout(run: str) -> tuple[torch.Tensor, list[SceneGraph]]:
    """(images [N,3,H,W] in [0, 1], graphs) of a cast_train run's stage files: the images as the run saved them
    (uint8) and the graph of each."""
    for name in ("rollout.safetensors", "atoms.jsonl"):
        if not os.path.isfile(os.path.join(run, name)):
            raise InputError(
                f"{os.path.join(run, name)} is missing: --run needs a cast_train run folder"
            )
    images = load_tensors(os.path.join(run, "rollout.safetensors"))[0]["images"].float() / 255
    graphs = read_graphs(os.path.join(run, "atoms.jsonl"))
    if len(graphs) != len(images):
        raise InputError(f"{run}: {len(images)} images but {len(graphs)} graphs in atoms.jsonl")
    return images, graphs


def save_advantages(path, atom_adv, maps, pixel_adv, **metadata) -> None:
    """advantages.safetensors: atom_adv (N,K), maps (N,K,h,w) and pixel_adv (N,h,w), or with --ground-on step one per
    window step, maps (N,L,K,h,w) and pixel_adv (N,L,h,w), float32; metadata values JSON-encoded (load_tensors)."""
    save_tensors(
        path,
        {k: v.float() for k, v in dict(atom_adv=atom_adv, maps=maps, pixel_adv=pixel_adv).items()},
        **metadata,
    )


class AdvantageInputs(NamedTuple):
    """What `python cast_advantage.py --run DIR` reads from a run's stage files."""

    group: torch.Tensor  # [N] long: each sample's prompt group (rollout.safetensors)
    images: torch.Tensor  # [N, 3, H, W] uint8 (rollout.safetensors)
    scores: torch.Tensor  # [N, K] (scores.safetensors)
    mask: torch.Tensor  # [N, K] bool (scores.safetensors)
    maps: (
        torch.Tensor
    )  # [N, K, h, w], or per window step [N, L, K, h, w]: the run's (advantages.safetensors)
    graphs: list  # the scene graphs (atoms.jsonl)
    meta: dict  # scores.safetensors' metadata (its `resolution`: Eq. 6's floor)


def read_advantage_inputs(run: str) -> AdvantageInputs:
    """A saved iteration's inputs to the advantage stage (its scores and the maps the run used), checked to be of
    one run: FileNotFoundError naming a missing file and its writer, ValueError where the files disagree."""
    files = {
        "rollout.safetensors": "cast_train",
        "scores.safetensors": "cast_reward",
        "atoms.jsonl": "cast_csg",
        "advantages.safetensors": "cast_train",
    }
    for name, writer in files.items():
        if not os.path.exists(os.path.join(run, name)):
            raise FileNotFoundError(
                f"{os.path.join(run, name)} is missing (written by {writer}.py)"
            )
    # only these keys: xs can be large
    with safe_open(os.path.join(run, "rollout.safetensors"), "pt") as f:
        if missing := {"group", "images"} - set(f.keys()):
            raise ValueError(f"rollout.safetensors lacks {sorted(missing)}")
        group, images = f.get_tensor("group").long(), f.get_tensor("images")
    saved, meta = load_tensors(os.path.join(run, "scores.safetensors"))
    scores, mask = saved["scores"], saved["mask"].bool()
    maps = load_tensors(os.path.join(run, "advantages.safetensors"))[0]["maps"]
    with open(os.path.join(run, "atoms.jsonl")) as f:
        graphs = [SceneGraph.from_json(line) for line in f if line.strip()]
    sizes = {
        "group": len(group),
        "images": len(images),
        "scores": len(scores),
        "maps": len(maps),
        "graphs": len(graphs),
    }
    if len(set(sizes.values())) != 1:
        raise ValueError(f"the run's files disagree on the number of images N: {sizes}")
    if scores.shape[1] != max(len(g.atoms) for g in graphs):
        raise ValueError(
            f"scores have K={scores.shape[1]} atoms but the largest graph has "
            f"{max(len(g.atoms) for g in graphs)}: scores and atoms.jsonl are from different runs"
        )
    if not torch.equal(mask, atom_mask(graphs)):
        raise ValueError(
            "the scores' atom mask is not atoms.jsonl's: scores and atoms.jsonl are from different runs"
        )
    return AdvantageInputs(group, images, scores, mask, maps, graphs, meta)


def write_advantages(
    run: str, method: str, inputs: AdvantageInputs, atom_adv, pixel_adv, max_images, clip
):
    """advantages_<method>.safetensors and overlays_<method>.png in `run` (the run's own advantages.safetensors
    stays), and one line on what they hold (`clip`: Eq. 7's, the share of patches at it)."""
    save_advantages(
        os.path.join(run, f"advantages_{method}.safetensors"),
        atom_adv,
        inputs.maps,
        pixel_adv,
        method=method,
    )
    save_overlays(
        os.path.join(run, f"overlays_{method}.png"),
        inputs.images.float() / 255,
        inputs.graphs,
        atom_adv,
        inputs.maps,
        pixel_adv,
        max_images,
    )
    clipped = (pixel_adv.abs() >= clip).float().mean().item()
    varying = (atom_adv != 0).sum().item() / max(1, inputs.mask.sum().item())
    print(
        f"{method}: {len(inputs.graphs)} images, {varying:.0%} of "
        f"atoms vary in their group; pixel advantage RMS {pixel_adv.pow(2).mean().sqrt():.3f}, {clipped:.1%} "
        f"at the ±{clip:g} clip; wrote advantages_{method}.safetensors and overlays_{method}.png"
    )
