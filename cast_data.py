"""cast_data.py: what a training run reads and writes besides its checkpoints: each iteration's prompts and their
scene graphs, the scorer, the SDE window, and the stage files of one iteration (docs/DESIGN.md, "Contracts").
"""
from __future__ import annotations

import importlib
import json
import os
import random

import torch
from safetensors.torch import save_file

from cast_advantage import save_advantages
from cast_csg import parse
from cast_csg_llm import read_graphs
from cast_inputs import InputError, prompt_lines
from cast_reward import save_scores
from cast_window import calibrate, load_window, save_window


def train_prompts(args, iteration, n, held_out=frozenset()):
    """The n prompts of one iteration (all ranks compute the same list). From --prompts: a fresh shuffle per pass
    over the file. Else the shapes world from the stream ("train", seed, iteration), skipping eval prompts."""
    if args.prompts:
        lines, orders, out = prompt_lines(args.prompts, args.skip_bad_prompts, args.atoms), {}, []
        for k in range(iteration * n, (iteration + 1) * n):
            epoch, pos = divmod(k, len(lines))
            if epoch not in orders:
                orders[epoch] = random.Random(f"train/{args.seed}/{epoch}").sample(lines, len(lines))
            out.append(orders[epoch][pos])
        return out
    from cast_shapes import sample_prompt
    rng, out = random.Random(f"train/{args.seed}/{iteration}"), []
    while len(out) < n:
        p = sample_prompt(rng)
        if p not in held_out:
            out.append(p)
    return out


def load_scorer(path, device):
    if path == "random":                                      # dry runs: uniform scores (cast_reward.RandomScorer)
        from cast_reward import RandomScorer
        return RandomScorer()
    if path == "shapes":
        from cast_shapes import ShapesScorer
        return ShapesScorer()
    if ":" in path and not os.path.exists(path):             # module:function, e.g. a toy scorer in tests
        module, name = path.split(":")
        return getattr(importlib.import_module(module), name)
    from cast_reward import VLMScorer
    return VLMScorer(path, device=device)


def scene_graphs(args):
    """prompt -> SceneGraph: read from --atoms (a prompt missing there is an error naming it), else the rules."""
    return read_graphs(args.atoms).__getitem__ if args.atoms else parse


def sde_window(args, bb, sigmas, held_out, master):
    """[start, stop) of the SDE steps: full, A:B, or auto: window.safetensors, calibrated when missing (by every
    rank, identical work, which FSDP needs; rank 0 saves)."""
    T = len(sigmas) - 1
    if args.window == "full":      # Flow-GRPO trains steps 0..T−2; its last step (σ → 0) stays deterministic
        return 0, T - 1
    if args.window != "auto":                  # A:B, checked against --steps in parse_args
        return tuple(int(s) for s in args.window.split(":"))
    path = args.window_file or os.path.join(args.out, "window.safetensors")
    if os.path.exists(path):
        result = load_window(path)[0]
        if len(result["sigmas"]) != T + 1 or not torch.allclose(result["sigmas"].float(), sigmas.cpu()):
            raise InputError(f"{path} was calibrated for another schedule ({len(result['sigmas']) - 1} steps): "
                             f"delete it, or pass --window-file or --window A:B")
    else:
        prompts = train_prompts(args, 0, args.window_prompts, held_out)       # iteration 0 never trains
        result = calibrate(bb, prompts, [0, 1], T, window_size=args.window_size, noise_level=args.noise_level,
                           spans=[[o.span for o in scene_graphs(args)(p).objects] for p in prompts], sensitivity=False)
        if master:
            save_window(path, result, backbone=args.backbone, steps=T, settings=dict(
                window_size=args.window_size, noise_level=args.noise_level, prompts=prompts, seeds=[0, 1]))
    return tuple(int(s) for s in result["window"].tolist())


def save_stage_files(out, graphs, group, x0, xs, xs_next, log_prob, window, images, scores, gated, mask, atom_adv,
                     maps, pixel_adv, **meta):
    """The stage files (docs/DESIGN.md) of one iteration (this rank's share of the batch), one graph per image."""
    with open(os.path.join(out, "atoms.jsonl"), "w") as f:
        f.writelines(g.to_json() + "\n" for g in graphs)
    rollout_tensors = dict(x0=x0, xs=xs, xs_next=xs_next, log_prob=log_prob, step_index=torch.arange(*window),
                           group=group, images=(images.clamp(0, 1) * 255).round().to(torch.uint8))
    save_file({k: v.detach().cpu().contiguous() for k, v in rollout_tensors.items()},
              os.path.join(out, "rollout.safetensors"), {k: json.dumps(v) for k, v in meta.items()})
    save_scores(os.path.join(out, "scores.safetensors"), scores, gated, mask, **meta)
    save_advantages(os.path.join(out, "advantages.safetensors"), atom_adv, maps, pixel_adv, **meta)
