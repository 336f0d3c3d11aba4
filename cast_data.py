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
from cast_csg import write_atoms
from cast_inputs import InputError, prompt_graphs
from cast_reward import save_scores
from cast_window import calibrate, clip_similarity, load_window, save_window, verifier_similarity


def train_graphs(args, iteration, n, held_out=frozenset()):
    """The n scene graphs of one iteration (all ranks compute the same list). From --prompts: a fresh shuffle per
    pass over the file. Else the shapes world's generator from the stream ("train", seed, iteration), skipping
    eval prompts."""
    if args.prompts:
        graphs, orders, out = prompt_graphs(args.prompts, args.skip_bad_prompts), {}, []
        for k in range(iteration * n, (iteration + 1) * n):
            epoch, pos = divmod(k, len(graphs))
            if epoch not in orders:
                orders[epoch] = random.Random(f"train/{args.seed}/{epoch}").sample(graphs, len(graphs))
            out.append(orders[epoch][pos])
        return out
    from cast_shapes import sample_graph
    rng, out = random.Random(f"train/{args.seed}/{iteration}"), []
    while len(out) < n:
        g = sample_graph(rng)
        if g.prompt not in held_out:
            out.append(g)
    return out


def train_prompts(args, iteration, n, held_out=frozenset()):
    return [g.prompt for g in train_graphs(args, iteration, n, held_out)]


def eval_graphs(args):
    """The held-out graphs: --eval-prompts, or shapes prompts from their own stream (eval/<eval_seed>)."""
    if args.eval_prompts:
        return prompt_graphs(args.eval_prompts, args.skip_bad_prompts)
    from cast_shapes import sample_graph
    rng = random.Random(f"eval/{args.eval_seed}")
    return [sample_graph(rng) for _ in range(args.eval_size)]


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


def load_grounder(args, scorer, device):
    """What grounds the atoms (Sec. 4.2): the scoring VLM itself (its `score_and_ground` shares the vision pass),
    the VLM of --vlm-path, a module:function(images, graphs, grid) -> [N, K, h, w], or None for `dit` (the
    denoiser's attention, computed in cast_train)."""
    if args.grounding == "dit":
        return None
    if args.grounding == "vlm":
        from cast_vlm import VLMScorer
        if args.vlm_path:
            return VLMScorer(args.vlm_path, device=device).ground
        if isinstance(scorer, VLMScorer):
            return scorer
        raise InputError("--grounding vlm: the scorer is not a Qwen-VL model; name one with --vlm-path")
    module, name = args.grounding.split(":")
    return getattr(importlib.import_module(module), name)


def load_holistic(args, device):
    """flow_grpo_orig's holistic image reward, (images, graphs) -> [N], blind to the atoms: the LAION aesthetic
    predictor on real backbones (the paper's), on the shapes world how cleanly its shapes are drawn."""
    if args.backbone == "shapes":
        from cast_shapes import clean_drawing
        return lambda images, graphs: clean_drawing(images)
    from cast_reward import AestheticScorer
    return AestheticScorer(args.clip_path, args.aesthetic_path, device)


def sde_window(args, bb, sigmas, held_out, master):
    """(candidates (a, b), L): each trajectory's window is [s, s + L) with s ~ Uniform{a, ..., b − L}
    (cast_window.sample_starts). full: Flow-GRPO's fixed [0, T − 1); A:B: the fixed [A, B) (both: L = b − a, one
    start); auto: the paper's, from window.safetensors, calibrated when missing (by every rank, identical work, which
    FSDP needs; rank 0 saves) on --window-prompts prompts x 2 seeds with the similarity of cast_window: the shapes
    verifier's mean atom score on shapes, CLIP (--clip-path) on real backbones."""
    T = len(sigmas) - 1
    if args.window == "full":      # Flow-GRPO trains steps 0..T−2; its last step (σ → 0) stays deterministic
        return (0, T - 1), T - 1
    if args.window != "auto":                  # A:B, checked against --steps in parse_args
        a, b = (int(s) for s in args.window.split(":"))
        return (a, b), b - a
    path = args.window_file or os.path.join(args.out, "window.safetensors")
    if os.path.exists(path):
        try:
            result = load_window(path)[0]
        except ValueError as e:
            raise InputError(str(e)) from None
        if int(result["steps"]) != T or ("sigmas" in result and not torch.allclose(result["sigmas"].float(),
                                                                                      sigmas.cpu())):
            raise InputError(f"{path} was calibrated for another schedule ({int(result['steps'])} steps): "
                             f"delete it, or pass --window-file or --window A:B")
        if int(result["length"]) != args.window_length:
            raise InputError(f"{path} was calibrated for windows of {int(result['length'])} steps, this run has "
                             f"--window-length {args.window_length}: delete it, or pass that --window-length")
    else:
        graphs = train_graphs(args, 0, args.window_prompts, held_out)         # iteration 0 never trains
        prompts = [g.prompt for g in graphs]
        if bb.name == "shapes":
            from cast_shapes import ShapesScorer
            graph_of = {g.prompt: g for g in graphs}.__getitem__
            similarity, measure = verifier_similarity(ShapesScorer(), graph_of), "verifier mean atom score"
        else:
            try:
                similarity, measure = clip_similarity(args.clip_path, bb.device), "CLIP cosine"
            except ValueError as e:
                raise InputError(f"--window auto without {path} calibrates a window: {e}") from None
        result = calibrate(bb, prompts, [0, 1], T, similarity, length=args.window_length,
                           batch=args.groups_per_rank * args.group_size)     # the rollout's batch: it fits
        if master:
            save_window(path, result, backbone=args.backbone, steps=T, similarity=measure, prompts=prompts,
                        seeds=[0, 1], settings=dict(clip_path=args.clip_path))
            if result["note"]:
                print(f"window note: {result['note']}")
    return tuple(int(s) for s in result["candidates"].tolist()), int(result["length"])


def save_stage_files(out, graphs, group, x0, xs, xs_next, log_prob, step_index, images, scores, mask,
                     atom_adv, maps, pixel_adv, **meta):
    """The stage files (docs/DESIGN.md) of one iteration (this rank's share of the batch), one graph per image."""
    write_atoms(os.path.join(out, "atoms.jsonl"), graphs)
    rollout_tensors = dict(x0=x0, xs=xs, xs_next=xs_next, log_prob=log_prob, step_index=step_index,
                           group=group, images=(images.clamp(0, 1) * 255).round().to(torch.uint8))
    save_file({k: v.detach().cpu().contiguous() for k, v in rollout_tensors.items()},
              os.path.join(out, "rollout.safetensors"), {k: json.dumps(v) for k, v in meta.items()})
    save_scores(os.path.join(out, "scores.safetensors"), scores, mask, **meta)
    save_advantages(os.path.join(out, "advantages.safetensors"), atom_adv, maps, pixel_adv, **meta)
