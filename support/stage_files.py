"""support/stage_files.py: the stage files a cast_train run saves and the stage files' command lines read back
(safetensors, with JSON metadata: support/checkpoint.py's save_tensors / load_tensors), and the command lines of
cast_reward and cast_advantage around their method: flags, checks, inputs, output files and what they print."""

from __future__ import annotations

import argparse
import math
import os
from typing import NamedTuple

import numpy as np
import torch
from safetensors import safe_open

from cast_csg import InputError, SceneGraph, atom_mask, write_atoms
from support.assets import check_vlm_folder
from support.checkpoint import load_tensors, save_tensors
from support.evaluation import format_summary
from support.inputs import ImageFiles, find_images
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


# ---------------------------------------------------------------------------------- cast_reward's command line


class RewardInputs(NamedTuple):
    """What `python cast_reward.py` scores, found and checked before a model loads."""

    images: (
        torch.Tensor | None
    )  # --run: the saved rollout's images [N, 3, H, W] in [0, 1]; else None
    files: list | None  # --images: the image files, one per graph; else None
    graphs: list  # the scene graphs (--atoms, or the run's atoms.jsonl)
    vlm: bool  # whether --scorer-path is a VLM folder (else 'shapes' or module:function on tensors)


def reward_args(argv, description: str) -> tuple[argparse.Namespace, RewardInputs]:
    """cast_reward's flags, parsed and checked, and the images and graphs they name: every problem an argparse
    error (usage, the problem, exit code 2) that comes in a second, not after the model loads."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--images", help="folder of images")
    ap.add_argument("--atoms", help="atoms.jsonl, one SceneGraph per line")
    ap.add_argument(
        "--run",
        help="instead of --images and --atoms: a cast_train run folder, whose saved rollout is "
        "re-scored and compared with its scores.safetensors",
    )
    ap.add_argument(
        "--scorer-path",
        required=True,
        help="local Qwen3-VL / Qwen2.5-VL folder, 'shapes' or module:function",
    )
    ap.add_argument(
        "--out", help="default scores.safetensors, or with --run <run>/scores_rescored.safetensors"
    )
    ap.add_argument("--map", help="map.json: {prompt: file or [files]} instead of sorted order")
    ap.add_argument(
        "--batch-size", type=int, default=16, help="(image, question) pairs per forward"
    )
    ap.add_argument("--device", default=None)
    ap.add_argument(
        "--threshold", type=float, default=0.5, help="strict: every atom must score above this"
    )
    args = ap.parse_args(argv)
    if args.batch_size < 1:
        ap.error(f"--batch-size {args.batch_size}: must be at least 1")
    if not 0 <= args.threshold < 1:
        ap.error(
            f"--threshold {args.threshold}: must be in [0, 1) (an atom counts as correct above it)"
        )
    if not args.run and not (args.images and args.atoms):
        ap.error("give --images and --atoms, or --run (a cast_train run folder)")
    images = files = None
    try:
        if args.run:
            images, graphs = saved_rollout(args.run)
        else:
            files, graphs = find_images(args.images, read_graphs(args.atoms), args.map)
        vlm = args.scorer_path != "shapes" and (
            ":" not in args.scorer_path or os.path.exists(args.scorer_path)
        )
        if vlm:
            check_vlm_folder(args.scorer_path)
    except InputError as e:
        ap.error(str(e))
    return args, RewardInputs(images, files, graphs, vlm)


def images_to_score(inputs: RewardInputs):
    """The images as the scorer takes them: the run's saved tensor; from files, lazily for a VLM (ImageFiles), else
    one tensor [N, 3, H, W] in [0, 1] (the shapes verifier, a module:function on tensors)."""
    if inputs.images is not None:
        return inputs.images
    if inputs.vlm:
        return ImageFiles(inputs.files)
    return torch.stack(
        [
            torch.from_numpy(np.asarray(im)).permute(2, 0, 1).float() / 255
            for im in ImageFiles(inputs.files)
        ]
    )


def write_scores(args, inputs: RewardInputs, scores, mask, summary: dict) -> None:
    """cast_reward's output: --out's scores.safetensors (`save_scores`, how it was scored and the summary as
    metadata), the summary's table, and with --run the largest |difference| from the run's own scores (added to
    `summary` as largest_difference: inf where the shapes differ)."""
    out = args.out or (
        os.path.join(args.run, "scores_rescored.safetensors") if args.run else "scores.safetensors"
    )
    save_scores(
        out,
        scores,
        mask,
        scorer=args.scorer_path,
        atoms=args.atoms,
        images=args.run or inputs.files,
        batch_size=args.batch_size,
        summary=summary,
    )
    print(format_summary(summary))
    if args.run and os.path.isfile(os.path.join(args.run, "scores.safetensors")):
        saved = load_tensors(os.path.join(args.run, "scores.safetensors"))[0]["scores"]
        summary["largest_difference"] = (
            float((scores.float() - saved).abs().max()) if saved.shape == scores.shape else math.inf
        )
        print(
            f"against the run's scores.safetensors: largest |difference| {summary['largest_difference']:.3g}"
        )


# ------------------------------------------------------------------------------- cast_advantage's command line


def advantage_args(argv, description: str, methods: list[str]) -> argparse.Namespace:
    """cast_advantage's flags, parsed and checked (`methods`: --method's choices); every problem one argparse error
    (usage, one problem a line, exit code 2)."""
    ap = argparse.ArgumentParser(
        description=description, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--run", required=True, help="a cast_train run folder (or one holding its stage files)"
    )
    ap.add_argument("--method", default="cast", choices=methods)
    ap.add_argument("--max-images", type=int, default=8, help="rows of the overlays")
    args = ap.parse_args(argv)
    bad = [f"--max-images {args.max_images}: must be >= 0"] if args.max_images < 0 else []
    if not os.path.isdir(args.run):
        bad.append(
            f"--run {args.run}: no such folder (a cast_train run folder, or one holding the stage files)"
        )
    if bad:
        ap.error("\n".join(bad))
    return args


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


def save_stage_files(out, rec, iteration: int, **meta):
    """The stage files (docs/DESIGN.md) of one iteration's record (support.run.Iteration: this rank's share of the
    batch): atoms.jsonl, rollout, scores and advantages, each with `meta`, the iteration and its prompts."""
    meta = dict(meta, iteration=iteration, prompts=[g.prompt for g in rec.graphs])
    write_atoms(os.path.join(out, "atoms.jsonl"), rec.graphs)
    roll = rec.roll
    rollout_tensors = dict(
        x0=roll.x0,
        xs=roll.xs,
        xs_next=roll.xs_next,
        log_prob=roll.log_prob,
        step_index=roll.step_index,
        group=rec.group,
        images=(rec.images.clamp(0, 1) * 255).round().to(torch.uint8),
    )
    save_tensors(os.path.join(out, "rollout.safetensors"), rollout_tensors, **meta)
    save_scores(os.path.join(out, "scores.safetensors"), rec.scores, rec.mask, **meta)
    save_advantages(
        os.path.join(out, "advantages.safetensors"), rec.atom_adv, rec.maps, rec.pixel_adv, **meta
    )


def stage_settings(args, res: float, candidates, length: int, sigmas) -> dict:
    """What a run's stage files record beside their tensors: the backbone, the schedule, the scorer's resolution
    (Eq. 6) and the settings that made them."""
    return dict(
        backbone=args.backbone,
        steps=args.steps,
        resolution=res,
        settings=dict(
            method=args.method,
            grounding=args.grounding,
            window=list(candidates),
            window_length=length,
            noise_level=args.noise_level,
            sigmas=sigmas.tolist(),
            group_size=args.group_size,
        ),
    )
