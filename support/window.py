"""support/window.py: what surrounds cast_window's method. The window file (`save_window`, `load_window`: the
contract's keys checked both ways), the similarity a backbone's window is calibrated with (`measure_of`,
`similarity_of`; the shapes world's `atom_similarity`), the shapes world's layout-freeze point (`layout_agreement`,
`freeze_point`, `window_from_freeze`, `with_freeze_point`: cast_window's knee and Eq. 11 passed in, as support/
imports no method file but cast_csg), and cast_window's command line: its flags and checks, its inputs, its
output files and what it prints.

The layout-freeze point (ours) measures what CLIP's knee stands in for: the step at which the model fixes its
layout. From x_k on the ODE path, one SDE step with fresh noise, then the ODE to the end: is the verifier's layout
(each phrase's objects, colors and counts; the pairwise left/right/above/below) the one the ODE drew? τ_freeze is
the knee of that agreement curve. The run keeps the stand-in's τ* where it lies within one sampler step of
τ_freeze, else takes τ_freeze through Eq. 11.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil

import torch
import torch.distributed as dist
from tqdm import tqdm

from cast_csg import InputError, atom_mask, atom_mean
from support.checkpoint import load_tensors, save_tensors
from support.inputs import file_problems, model_problem
from support.models import load_backbone
from support.pictures import plot_window, window_title
from support.shapes import ShapesScorer, layout, load_shapes, sample_shapes_graph

CONTRACT = ("similarity", "tau_star", "candidates", "length", "steps")  # keys other tools read


def first_rank() -> bool:
    """Whether this process draws the progress bars: one process alone, or rank 0 of torchrun's."""
    return not (dist.is_available() and dist.is_initialized()) or dist.get_rank() == 0


# ------------------------------------------------------------------------------------------------------ the file


def save_window(path: str, result: dict, **metadata) -> None:
    """window.safetensors: the tensors of `result` (the contract: similarity [T], tau_star [], candidates [2] = [a, b)
    half-open, length [], steps []; calibrate adds sem, curves, tau, sigmas, degree, smoothing, grid, spline,
    curvature), its strings (the note) and `metadata` as JSON metadata."""
    if missing := [k for k in CONTRACT if k not in result]:
        raise ValueError(f"a window needs {', '.join(CONTRACT)}; missing {', '.join(missing)}")
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    save_tensors(
        path,
        {k: v for k, v in result.items() if not isinstance(v, str)},
        **{k: v for k, v in result.items() if isinstance(v, str)},
        **metadata,
    )


def load_window(path: str) -> tuple[dict[str, torch.Tensor], dict]:
    """(tensors, metadata) of a window.safetensors. A file without the contract's keys is an error that says what
    to do."""
    tensors, meta = load_tensors(path)
    if missing := [k for k in CONTRACT if k not in tensors]:
        raise ValueError(
            f"{path} is not a window file: it lacks {', '.join(missing)} (delete it or recalibrate)"
        )
    return tensors, meta


# ------------------------------------------------------------------------------------- the measure per backbone


def atom_similarity(scorer, graph_of):
    """A scorer's mean atom score as the similarity: scorer(images, graphs) -> [N, K] (padded), graph_of mapping a
    prompt to its scene graph (anything with `.atoms`). With the shapes verifier: the shapes world's stand-in for
    CLIP."""

    def similarity(images: torch.Tensor, prompts: list[str]) -> torch.Tensor:
        graphs = [graph_of(p) for p in prompts]
        return atom_mean(scorer(images.float().cpu(), graphs), atom_mask(graphs))

    return similarity


def measure_of(backbone: str) -> str:
    """The similarity a run's window is calibrated with: CLIP on real backbones (the paper's), the verifier's mean
    atom score on the shapes world (its stand-in, checked against the world's layout-freeze point)."""
    return "verifier mean atom score" if backbone == "shapes" else "CLIP cosine"


def similarity_of(backbone: str, graphs, clip_path: str | None, device, clip_similarity):
    """The similarity callable `measure_of` names: on the shapes world the verifier's mean atom score of each graph
    (`graphs`: the calibration prompts' scene graphs), else clip_similarity(clip_path, device) (cast_window's)."""
    if backbone == "shapes":
        return atom_similarity(ShapesScorer(), {g.prompt: g for g in graphs}.__getitem__)
    return clip_similarity(clip_path, device)


# ------------------- The layout-freeze point (ours): where the shapes world's layout is fixed, measured, not proxied


@torch.no_grad()
def layout_agreement(
    backbone,
    graphs,
    seeds: list[int],
    num_steps: int,
    explore,
    layout_of,
    batch: int = 32,
) -> torch.Tensor:
    """[len(seeds)·len(graphs), T] bool: does one exploration step at step k leave the final layout as it was?

    Job (i, s) starts from the noise of cast_window's `similarity_curves` (seed s·100003 + i) and runs the Euler
    ODE; its final image's layout_of(image, graph) is the reference (support.shapes.layout: what the verifier reads).
    For every step k, from the same x_k: explore(x_k, v_k, σ_k, σ_{k+1}, ε) with fresh ε (seeded per job and step),
    then the ODE to the end; agreement[job, k] says whether the layout came out the same. `explore` is the
    training's own SDE step (cast_window.exploration at the run's noise level), so the curve says where the window's
    exploration can still change what is drawn and where; freeze_point reads its knee."""
    jobs = [(i, s) for s in seeds for i in range(len(graphs))]
    sig = backbone.sigmas(num_steps).to(backbone.device)
    kept = torch.zeros(len(jobs), num_steps, dtype=torch.bool)
    bar = tqdm(total=len(jobs) * num_steps, desc="layout freeze", disable=not first_rank())

    def finish(x, k, cond):  # the Euler ODE from step k to the image
        for j in range(k, num_steps):
            x = x + (sig[j + 1] - sig[j]) * backbone.velocity(x, sig[j], cond)
        return backbone.decode(x).float().cpu()

    for lo in range(0, len(jobs), batch):
        chunk = jobs[lo : lo + batch]
        cond = backbone.encode([graphs[i].prompt for i, _ in chunk])
        x = torch.cat(
            [backbone.noise(1, torch.Generator().manual_seed(s * 100_003 + i)) for i, s in chunk]
        )
        reference = [
            layout_of(image, graphs[i]) for image, (i, _) in zip(finish(x, 0, cond), chunk)
        ]
        for k in range(num_steps):
            v = backbone.velocity(x, sig[k], cond)
            eps = torch.cat(
                [
                    torch.randn(
                        x.shape[1:],
                        generator=torch.Generator().manual_seed((s * 100_003 + i) * 1009 + k),
                    )[None]
                    for i, s in chunk
                ]
            ).to(x.device)
            images = finish(explore(x, v, sig[k], sig[k + 1], eps), k + 1, cond)
            kept[lo : lo + len(chunk), k] = torch.tensor(
                [
                    layout_of(image, graphs[i]) == ref
                    for image, (i, _), ref in zip(images, chunk, reference)
                ]
            )
            x = x + (sig[k + 1] - sig[k]) * v
            bar.update(len(chunk))
    bar.close()
    return kept


def freeze_point(agreement: torch.Tensor, fit_knee) -> dict:
    """τ_freeze from agreement [jobs, T] (bool): Eq. 10's knee (cast_window's `fit_knee`, its smoothing from the
    binomial SEM) of the mean agreement curve, the same rule that reads CLIP's curve, applied to the layout itself:
    the point where one exploration step stops losing ever fewer layouts, with no threshold of our choosing."""
    kept = agreement.double()
    mean = kept.mean(0)
    sem = (mean * (1 - mean) / max(1, len(kept) - 1)).sqrt()
    tau = torch.arange(kept.shape[1], dtype=torch.float64) / max(1, kept.shape[1] - 1)
    knee = fit_knee(tau, mean, sem)
    return dict(
        agreement=mean.float(),
        agreement_sem=sem.float(),
        freeze_tau=torch.tensor(knee["tau_star"]),
        freeze_spline=knee["spline"],
    )


def window_from_freeze(result: dict, start: int, length: int, candidate_range) -> dict:
    """The shapes world's window: the stand-in's knee τ* where it lies within one sampler step of τ_freeze, else
    τ_freeze itself through Eq. 11 (cast_window's `candidate_range`; ours, README's paper → code table). Adds
    `window_tau` (the τ used) and updates candidates and the note."""
    n = int(result["steps"])
    tau_star, freeze = float(result["tau_star"]), float(result["freeze_tau"])
    near = abs(tau_star - freeze) <= 1 / max(1, n - 1) + 1e-9
    used = tau_star if near else freeze
    a, b, note = candidate_range(used, n, start, length)
    why = (
        f"the stand-in's knee τ* = {tau_star:.3f} lies within one step of τ_freeze = {freeze:.3f}: the window "
        f"comes from τ*"
        if near
        else f"the stand-in's knee τ* = {tau_star:.3f} is more than one step from "
        f"τ_freeze = {freeze:.3f}: the window comes from τ_freeze (Eq. 11)"
    )
    return {
        **result,
        "window_tau": torch.tensor(used),
        "candidates": torch.tensor([a, b]),
        "note": " ".join(t for t in (result.get("note", ""), why + ".", note) if t),
    }


def with_freeze_point(
    result: dict, backbone, graphs, seeds: list[int], explore, batch: int, fit_knee, candidate_range
) -> dict:
    """A shapes calibration completed: its layout-freeze point (`layout_agreement` with `explore`, the run's SDE
    step, then `freeze_point`) and the window `window_from_freeze` chooses, with cast_window's `fit_knee` and
    `candidate_range`. What cast_train's run and cast_window's CLI both do, so a window file either writes is one a
    shapes run accepts."""
    agreement = layout_agreement(
        backbone, graphs, seeds, int(result["steps"]), explore, layout, batch
    )
    result = {**result, **freeze_point(agreement, fit_knee)}
    return window_from_freeze(
        result, int(result["candidates"][0]), int(result["length"]), candidate_range
    )


# ---------------------------------------------------------------------------------- cast_window's command line


def window_args(
    argv, description: str, start: dict, length: int, prompt_seed: int
) -> argparse.Namespace:
    """cast_window's flags, parsed and checked: `description` its docstring; `start` (a of Eq. 11 per backbone),
    `length` (L) and `prompt_seed` its defaults. Fills --start from `start`, --n-prompts and --noise-level from the
    backbone's preset (support/config.py: the ones a training run takes); every problem is one argparse error (exit
    code 2)."""
    from support.config import PRESETS

    ap = argparse.ArgumentParser(
        description=description, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--backbone", default="shapes", choices=["shapes", "flux2", "qwenimage"])
    ap.add_argument(
        "--model-path",
        help="local model folder (shapes: a .safetensors file; default the shipped one)",
    )
    ap.add_argument(
        "--clip-path",
        help="local CLIP folder (ViT-L/14 in the paper): the similarity of real backbones",
    )
    ap.add_argument("--prompts", help="text file, one prompt a line (required for real backbones)")
    ap.add_argument(
        "--n-prompts",
        type=int,
        help="calibration prompts, the first n of the file (default as "
        "cast_train's --window-prompts: shapes 128, real backbones 32)",
    )
    ap.add_argument(
        "--prompt-seed", type=int, default=prompt_seed, help="shapes world: rng seed of the prompts"
    )
    ap.add_argument("--seeds", type=int, nargs="+", default=[0, 1])
    ap.add_argument(
        "--steps", type=int, default=10, help="T: the sampler's steps (training's --steps)"
    )
    ap.add_argument(
        "--window-length", type=int, default=length, help="L, steps of each trajectory's window"
    )
    ap.add_argument(
        "--noise-level",
        type=float,
        help="shapes: the SDE step's a for the layout-freeze point "
        "(default: training's, support/config.py)",
    )
    ap.add_argument(
        "--start",
        type=int,
        help="a of Eq. 11 (default by backbone: flux2 0, qwenimage 1, shapes 0)",
    )
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    ap.add_argument(
        "--threads", type=int, default=1, help="CPU threads (the team machine runs other jobs)"
    )
    ap.add_argument("--out", default="runs/shapes")
    args = ap.parse_args(argv)
    if args.n_prompts is None:
        args.n_prompts = PRESETS[args.backbone].window_prompts
    if args.noise_level is None:
        args.noise_level = PRESETS[args.backbone].noise_level
    a = start[args.backbone] if args.start is None else args.start
    # Every problem before the model loads, in one argparse error (usage, one problem a line, exit code 2)
    if bad := cli_problems(args, a):
        ap.error("\n".join(bad))
    args.start = a
    return args


def cli_problems(args, start: int) -> list[str]:
    """Every problem of cast_window's flags (`start`: a of Eq. 11, resolved), one a line, before the model loads."""
    bad = [
        f"--{k.replace('_', '-')} {getattr(args, k)}: must be at least 1"
        for k in ("n_prompts", "batch", "threads", "window_length")
        if getattr(args, k) < 1
    ]
    if args.steps < 2:
        bad.append(f"--steps {args.steps}: must be at least 2 (τ = i/(T − 1))")
    elif args.window_length >= 1 and not 0 <= start <= args.steps - args.window_length:
        bad.append(
            f"--start {start} + --window-length {args.window_length} does not fit --steps {args.steps}"
        )
    if why := model_problem(args.backbone, args.model_path):
        bad.append(why)
    if args.backbone != "shapes":  # the shapes world samples its own prompts
        bad += (
            file_problems("--prompts", args.prompts, args.n_prompts)
            if args.prompts
            else [f"--backbone {args.backbone} needs --prompts FILE (one prompt a line)"]
        )
        if not args.clip_path or not os.path.isdir(args.clip_path):
            bad.append(
                f"--clip-path {args.clip_path}: --backbone {args.backbone} needs a local CLIP folder"
            )
    return bad


def calibration_inputs(args):
    """(backbone, graphs, prompts) of cast_window's command line: on the shapes world its weights and --n-prompts
    scene graphs from the generator (seeded --prompt-seed); else the backbone from --model-path (bf16) and the first
    --n-prompts lines of --prompts, graphs None."""
    if args.backbone == "shapes":  # prompts from the scene-graph generator (support/shapes.py)
        backbone = load_shapes(args.model_path, device=args.device)
        rng = random.Random(args.prompt_seed)
        graphs = [sample_shapes_graph(rng) for _ in range(args.n_prompts)]
        return backbone, graphs, [g.prompt for g in graphs]
    backbone = load_backbone(
        args.backbone, path=args.model_path, device=args.device, dtype=torch.bfloat16
    )
    return backbone, None, [p.strip() for p in open(args.prompts) if p.strip()][: args.n_prompts]


def save_calibration(args, result: dict, prompts: list[str], seconds: float) -> str:
    """cast_window's output: <out>/window.safetensors (`save_window`, with the backbone, steps, settings, prompts,
    measure and seconds as metadata) and its picture <out>/window.png. Returns the file's path."""
    path = os.path.join(args.out, "window.safetensors")
    settings = {
        k: getattr(args, k)
        for k in ("n_prompts", "prompt_seed", "seeds", "model_path", "clip_path", "noise_level")
    }
    save_window(
        path,
        result,
        backbone=args.backbone,
        steps=args.steps,
        settings=settings,
        prompts=prompts,
        similarity=measure_of(args.backbone),
        seconds=round(seconds, 1),
    )
    plot_window(result, os.path.join(args.out, "window.png"), window_title(args.backbone, result))
    return path


def print_calibration(args, result: dict, prompts: list[str], path: str, seconds: float) -> None:
    """What cast_window prints: the similarity curve, τ* and its spline, the candidate range and window, the note,
    and where the window went."""
    a, b = result["candidates"].tolist()
    L, tau_star = int(result["length"]), float(result["tau_star"])
    print("similarity: " + " ".join(f"{v:.3f}" for v in result["similarity"].tolist()))
    print(
        f"τ* = {tau_star:.3f} (spline degree {int(result['degree'])}, s = {float(result['smoothing']):.3g}); "
        f"candidates [{a}, {b}) of {args.steps} steps, window length {L}: starts Uniform{{{a}..{b - L}}}"
    )
    if result["note"]:
        print(f"note: {result['note']}")
    print(
        f"-> {path}, window.png; {len(prompts)} prompts x {len(args.seeds)} seeds in {seconds:.1f} s"
    )


# ---------------------------------------------------------------------------------------------- a training run's


def run_window(args, bb, sigmas, graphs, master: bool, calibrated, clip_similarity) -> dict:
    """The window file a run trains with: --window-file's or the run folder's when it exists, else the shipped one
    when it is the calibration this run would make, each checked against the run (support.assets.check_window);
    else `calibrated(similarity)` (cast_train's: Eq. 10-11, and on the shapes world the layout-freeze point), run by
    every rank (identical work, which FSDP needs) and saved by rank 0 with its picture. Returns the window's
    tensors (candidates, length, ...)."""
    from support.assets import check_window, shipped_window

    path = args.window_file or os.path.join(args.out, "window.safetensors")
    shipped = (
        None
        if args.window_file or os.path.exists(path)
        else shipped_window(args, [g.prompt for g in graphs])
    )
    if os.path.exists(path) or shipped:
        try:
            result, meta = load_window(shipped or path)
        except ValueError as e:
            raise InputError(str(e)) from None
        check_window(path, result, meta, bb.name, measure_of(bb.name), sigmas, args.window_length)
        if shipped and master:  # the run folder keeps the window it trained with
            shutil.copyfile(shipped, path)
            plot_window(
                result, os.path.join(args.out, "window.png"), window_title(args.backbone, result)
            )
            print(
                f"window: {shipped}, the shipped calibration of the shapes base model this run would make"
            )
        return result
    try:
        similarity = similarity_of(bb.name, graphs, args.clip_path, bb.device, clip_similarity)
    except ValueError as e:
        raise InputError(f"--window auto without {path} calibrates a window: {e}") from None
    result = calibrated(similarity)
    if master:
        save_window(
            path,
            result,
            backbone=args.backbone,
            steps=len(sigmas) - 1,
            similarity=measure_of(bb.name),
            prompts=[g.prompt for g in graphs],
            seeds=[0, 1],
            settings=dict(clip_path=args.clip_path, noise_level=args.noise_level),
        )
        plot_window(
            result,
            os.path.join(os.path.dirname(os.path.abspath(path)), "window.png"),
            window_title(args.backbone, result),
        )
        if result["note"]:
            print(f"window note: {result['note']}")
    return result
