r"""cast_train.py: CAST and its Flow-GRPO baseline, online RL for flow-matching text-to-image models, one loop.

Each iteration, in the order the method happens (DESIGN.md):
  sample      G images per prompt: Euler ODE outside the SDE window, Flow-GRPO's SDE step inside it, keeping
              x_t, x_{t+1} and the per-token log-probability of every window step
  score       the prompt's scene-graph atoms (cast_csg) scored on each image, gated by their parents (cast_reward)
  advantages  per-atom z-scores within each group, or Flow-GRPO's one scalar per image (cast_advantage)
  maps        teacher-forced attention of each atom's words on the image -> a pixel advantage map
  loss        per-token clipped-ratio objective weighted by that map (+ optional KL), one AdamW step

Launch:
  python cast_train.py                      # CAST on the shapes world from assets/shapes_base.safetensors; ends by
                                            # printing base vs trained accuracy. Cost on 2 idle CPU cores: 8 min 24 s (README)
  python cast_train.py --method flow_grpo   # the baseline: the same loop with a scalar advantage and the full window
  torchrun --nproc_per_node=2 cast_train.py # the same run on 2 processes (gloo on CPU, NCCL on GPU)
  torchrun --nproc_per_node=8 cast_train.py --backbone qwenimage --model-path /models/Qwen-Image-2512 \
      --scorer-path /models/Qwen3-VL-8B-Instruct --prompts train.txt --eval-prompts eval.txt --fsdp
  torchrun --nnodes=4 --node_rank=$NODE --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=$HEAD:29500 \
      cast_train.py --backbone flux2 --model-path /models/FLUX.2-dev --scorer-path /models/Qwen3-VL-8B-Instruct \
      --prompts train.txt --eval-prompts eval.txt --fsdp          # run on every node, NODE = 0..3
  python cast_train.py --out runs/cast --resume                   # continue from the newest checkpoint there

Writes into --out (rank 0 only): metrics.jsonl, samples_step_N.png, overlays_step_N.png, window.safetensors (when
calibrated here), the stage files of iteration 1 and of every eval (atoms.jsonl, rollout.safetensors,
scores.safetensors, advantages.safetensors: `python cast_advantage.py --run DIR` redoes that stage), and
checkpoints/step_N/ (pytorch_lora_weights.safetensors or model.safetensors, trainer_state.safetensors + .json).

Also curves.png (cast_curves.py), redrawn at each eval; `python cast_train.py --plot DIR` redraws it from DIR's
metrics.jsonl. Every input is checked before the first forward pass (cast_inputs.py). Checkpoints carry the sha256
of each file; --resume verifies them and falls back past a damaged one, saying so (cast_checkpoint.py).
"""
from __future__ import annotations

import argparse
import copy
import hashlib
import importlib
import json
import math
import os
import random
import sys
import time
from contextlib import contextmanager, nullcontext

import torch
import torch.distributed as dist
import torch.nn as nn
from safetensors.torch import save_file
from torch.nn.parallel import DistributedDataParallel as DDP
from tqdm import tqdm

from cast_advantage import (atom_advantages, attention_maps, pixel_advantage, save_advantages, save_overlays,
                            scalar_advantages)
from cast_checkpoint import (CheckpointError, latest_checkpoint, load_trainer_state, load_weights, rewind_metrics,
                             save_checkpoint, save_final)
from cast_csg import parse, read_graphs
from cast_curves import draw_curves
from cast_inputs import InputError, check_prompt_files, check_train_args, prompt_lines
from cast_backbone import sample_ode, save_grid
from cast_model import load_backbone
from cast_shapes_model import ASSETS
from cast_reward import atom_mask, gate, save_scores, summarize
from cast_window import calibrate, load_window, save_window

# Per-backbone defaults, each a flag. flux2 / qwenimage: Flow-GRPO's published settings (notes/method.md). shapes:
# the first RL probe on this machine (notes/rl-probe.md: all weights, lr 1e-4, noise 0.7, clip 0.2, 8 prompts x 8
# samples, 10 Euler steps; guidance None = the scale saved with the base weights); the lead tunes them (bench/).
KEYS = ("steps", "eval_steps", "guidance", "noise_level", "group_size", "groups_per_rank", "full", "lora_rank",
        "lora_alpha", "lr", "beta", "clip_range", "grad_checkpointing")
BACKBONES = {name: dict(zip(KEYS, row)) for name, row in {
    #            steps eval guidance noise  G  groups full   r   α    lr    β    clip ε grad ckpt
    "shapes":    (10,   10,  None,    0.7,   8, 8,     True,  16, 32,  1e-4, 0.0, 0.2,   False),
    "flux2":     (8,    28,  4.0,     1.0,  16, 1,     False, 64, 128, 3e-4, 0.0, 1e-4,  True),
    "qwenimage": (10,   50,  4.0,     1.2,  16, 1,     False, 64, 128, 3e-4, 0.0, 1e-4,  True),
}.items()}
GUIDANCE_KW = {"shapes": "guidance_scale", "flux2": "guidance_scale", "qwenimage": "true_cfg_scale"}  # load_backbone's
WEIGHT_DECAY, MAX_GRAD_NORM, ADV_CLIP = 1e-4, 1.0, 5.0     # Flow-GRPO's AdamW weight decay, grad clip, advantage clip
EVAL_BATCH = 64
METHODS = {"cast": dict(window="auto", advantage="spatial"), "flow_grpo": dict(window="full", advantage="scalar")}


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    a, on_off = ap.add_argument, argparse.BooleanOptionalAction
    a("--backbone", default="shapes", choices=list(BACKBONES))
    a("--model-path", help="local diffusers folder of a real backbone (nothing is downloaded); 'random': the real "
      "architecture with random weights, a dry run that only times the loop (cast_random.py)")
    a("--base-weights", default=os.path.join(ASSETS, "shapes_base.safetensors"), help="shapes: the base model")
    a("--option", action="append", default=[], metavar="KEY=JSON", help="backbone argument, e.g. height=512")
    a("--scorer-path", help="'shapes' (the verifier; default on shapes), a local Qwen3-VL folder, module:function, "
      "or 'random' (uniform scores: a dry run)")
    a("--method", default="cast", choices=list(METHODS), help="the defaults of --window and --advantage")
    a("--window", help="auto | full (Flow-GRPO's: steps [0, T-1), the last one deterministic) | A:B (steps [A, B) "
      "get the SDE step)")
    a("--window-file", help="default <out>/window.safetensors, calibrated by cast_window when missing")
    a("--window-size", type=int, default=3, help="auto window length (Flow-GRPO-Fast: 3 of 10)")
    a("--window-prompts", type=int, default=32, help="auto calibration: prompts x 2 seeds (cast_window's CLI)")
    a("--advantage", choices=["spatial", "atom", "scalar"], help="spatial: atom advantages painted by attention; "
      "atom: per image, the mean over the atoms that vary in its group (spatial with uniform maps: CAST without "
      "the maps); scalar: Flow-GRPO's z-scored mean gated atom score")
    a("--prompts", help="training prompts, one a line (default: the shapes world's sampler)")
    a("--eval-prompts", help="held-out prompts, one a line (default: shapes prompts from a separate stream)")
    a("--atoms", help="atoms.jsonl of every training and eval prompt (python cast_csg.py --prompts FILE ... --out "
      "atoms.jsonl [--llm-path DIR]): graphs are read, so no LLM is loaded here (default: the rules parse)")
    a("--eval-size", type=int, default=250, help="shapes eval prompts (rl-probe: 200 images are ±2-3 points)")
    a("--eval-samples", type=int, default=2, help="fixed seeds per eval prompt")
    a("--iterations", type=int, default=60, help="rollout + update rounds (the default run fits 10 min on 2 cores)")
    a("--budget", type=float, help="train until this many transformer passes over one image are spent (sets "
      "--iterations; counted as passes_per_iteration says), so methods compare at equal compute")
    a("--groups-per-rank", type=int, help="prompts per process; global batch = world x groups x group size")
    a("--group-size", type=int, help="G samples per prompt")
    a("--steps", type=int, help="denoising steps of a rollout")
    a("--eval-steps", type=int, help="ODE steps at evaluation")
    a("--guidance", type=float, help="guidance / CFG scale (shapes: the one saved with the base weights)")
    a("--noise-level", type=float, help="SDE noise level a")
    a("--lr", type=float)
    a("--clip-range", type=float, help="ratio clip ε")
    a("--beta", type=float, help="KL weight to the reference policy")
    a("--epochs", type=int, default=1, help="updates per rollout (the first is on-policy)")
    a("--warmup", type=int, default=0, help="iterations of linear learning-rate warmup")
    a("--ema", type=float, default=0.0, help="decay of an EMA of the trained weights, which evaluation uses (0: off)")
    a("--adv-std", default="group", choices=["group", "batch"], help="z-score advantages by the group's std "
      "(GRPO) or the whole batch's (Flow-GRPO's global_std)")
    a("--full", action=on_off, help="all weights instead of LoRA (default: shapes yes, real backbones no)")
    a("--lora-rank", type=int)
    a("--lora-alpha", type=int)
    a("--fsdp", action="store_true", help="shard the transformer with FSDP2 instead of DDP (under torchrun)")
    a("--grad-checkpointing", action=on_off, help="default: on for real backbones")
    a("--threads", type=int, default=0, help="torch threads per process; 0: cpu_count // local world size")
    a("--seed", type=int, default=0)
    a("--eval-seed", type=int, default=0, help="eval prompts and noise (a stream apart from training's)")
    a("--out", help="run folder (default runs/<method>)")
    a("--eval-every", type=int, default=20)
    a("--save-every", type=int, default=20)
    a("--overlay-images", type=int, default=8, help="rows of overlays_step_N.png (0: none)")
    a("--resume", action="store_true", help="continue from the newest checkpoint in --out")
    a("--skip-bad-prompts", action="store_true", help="drop the --prompts / --eval-prompts lines that do not parse, "
      "with a warning listing them, instead of stopping (lines the text encoder cannot read still stop the run)")
    a("--plot", metavar="RUN_DIR", help="redraw RUN_DIR/curves.png from its metrics.jsonl, then exit")
    a("--debug-nan-at-step", type=int, default=-1, help="test hook: the loss is NaN at this iteration")
    args = ap.parse_args(argv)
    if args.plot:
        if not os.path.isfile(os.path.join(args.plot, "metrics.jsonl")):
            ap.error(f"--plot {args.plot}: no metrics.jsonl there (is it a cast_train run folder?)")
        return args
    for k, v in {**BACKBONES[args.backbone], **METHODS[args.method]}.items():
        if getattr(args, k) is None:
            setattr(args, k, v)
    args.out = args.out or os.path.join("runs", args.method)
    check_train_args(ap, args)      # every flag checked before anything loads: argparse's error, exit code 2
    return args


# ------------------------------------------------------------------------------------------------ the method

def sde_step(x, v, sigma, sigma_next, noise_level, noise=None, x_next=None):
    """Flow-GRPO's SDE step (notes/method.md) in fp32; sigma, sigma_next are 0-d tensors of the schedule.
        dt    = σ' − σ < 0
        std_t = a·sqrt(σ / (1 − σ))          (at σ == 1 the next sigma goes in the denominator: no 1/0)
        mean  = x·(1 + std_t²/(2σ)·dt) + v·(1 + std_t²·(1 − σ)/(2σ))·dt
        x'    = mean + std_t·sqrt(−dt)·ε     (or the given x_next, to re-score a stored step)
        log p = −(x' − mean)²/(2·(std_t·sqrt(−dt))²) − log(std_t·sqrt(−dt)) − log sqrt(2π)
    log p is averaged over channels only, so it stays per latent token: [N, L]. With a = 0 the step is exactly
    Euler's x + dt·v, and log p is 0 (a point mass has no density; this avoids 0/0). Returns x', log p, mean, std_t."""
    x, v, sigma, sigma_next = x.float(), v.float(), sigma.float(), sigma_next.float()
    dt = sigma_next - sigma
    std = noise_level * torch.sqrt(sigma / (1 - torch.where(sigma == 1, sigma_next, sigma)))
    mean = x * (1 + std ** 2 / (2 * sigma) * dt) + v * (1 + std ** 2 * (1 - sigma) / (2 * sigma)) * dt
    step_std = std * torch.sqrt(-dt)
    if x_next is None:
        x_next = mean if noise is None else mean + step_std * noise.float()
    if step_std == 0:
        return x_next, torch.zeros(x.shape[:-1], device=x.device), mean, std
    log_prob = (-(x_next.detach().float() - mean) ** 2 / (2 * step_std ** 2) - torch.log(step_std)
                - math.log(math.sqrt(2 * math.pi)))
    return x_next, log_prob.mean(-1), mean, std


def grpo_loss(log_prob, old_log_prob, adv, clip_range):
    """Flow-GRPO's clipped objective per latent token, all [N, L]: r = exp(log p_θ − log p_old),
    loss = −mean(min(r·Â, clip(r, 1 − ε, 1 + ε)·Â)). Returns (loss, r)."""
    ratio = torch.exp(log_prob - old_log_prob)
    return -torch.minimum(ratio * adv, ratio.clamp(1 - clip_range, 1 + clip_range) * adv).mean(), ratio


@torch.no_grad()
def rollout(velocity, x, sigmas, window, noise_level, generators):
    """From noise x [N, L, C] along `sigmas`: Euler ODE outside the window [start, stop), the SDE step inside it,
    with each sample's ε drawn from its own generator. Returns x0 and, for the W window steps,
    xs [N, W, L, C] (x_t), xs_next [N, W, L, C] (x_{t+1}) and log_prob [N, W, L]."""
    xs, xs_next, log_probs = [], [], []
    for i in range(len(sigmas) - 1):
        v = velocity(x, sigmas[i])
        if window[0] <= i < window[1]:
            eps = torch.stack([torch.randn(x.shape[1:], generator=g) for g in generators]).to(x.device)
            x_next, log_prob, _, _ = sde_step(x, v, sigmas[i], sigmas[i + 1], noise_level, noise=eps)
            xs.append(x.float()), xs_next.append(x_next), log_probs.append(log_prob)
        else:
            x_next = x.float() + (sigmas[i + 1] - sigmas[i]) * v.float()      # Euler: x' = x + (σ' − σ)·v
        x = x_next
    return x, torch.stack(xs, 1), torch.stack(xs_next, 1), torch.stack(log_probs, 1)


class Policy(nn.Module):
    """The backbone's velocity (CFG included) as one module holding the trained weights, so DDP can wrap it."""

    def __init__(self, backbone, net):
        super().__init__()
        self.bb, self.net = backbone, net

    def forward(self, x, sigma, cond):
        return self.bb.velocity(x, sigma, cond).float()


@contextmanager
def swapped_in(params, ema):
    """Within the block the parameters hold the EMA weights (evaluation uses them); the trained ones after."""
    if ema is None:
        yield
        return
    trained = [p.detach().clone() for p in params]
    torch._foreach_copy_([p.data for p in params], ema)
    try:
        yield
    finally:
        torch._foreach_copy_([p.data for p in params], trained)


def velocity_passes(bb, x, sigma, cond):
    """Transformer passes over one image in one velocity call (2 under true CFG, 1 with embedded guidance),
    counted by a forward hook on the rows the transformer sees, not assumed per backbone."""
    rows = []
    hook = bb.transformer.register_forward_hook(lambda m, a, kw, out: rows.append(len(kw.get("hidden_states", a[0]
                                                                                        if a else None))),
                                               with_kwargs=True)
    try:
        with torch.no_grad():
            bb.velocity(x[:1], sigma, cond.select([0]))
    finally:
        hook.remove()
    return sum(rows)


def passes_per_iteration(images, steps, window, velocity, maps, epochs, reference):
    """Compute of one iteration in transformer passes over one image (FLOPs / one forward's FLOPs), summed over
    the `images` rollouts of the global batch:
        rollout   steps · velocity                      (every step, ODE or SDE, is one velocity call)
        maps      1 if maps                             (CAST's teacher-forced attention pass, no CFG)
        training  epochs · window · velocity · 3        (forward + backward ≈ 3 forwards, as in Kaplan et al.)
                  + epochs · window · velocity          if a reference policy is run for the KL term
    Evaluation is left out: it is the same for every method."""
    train = epochs * window * velocity * (3 + (1 if reference else 0))
    return images * (steps * velocity + (1 if maps else 0) + train)


def reference_velocity(bb, ref, x, sigma, cond):
    """The reference policy: the base model (LoRA adapters disabled) or, with --full, a frozen copy."""
    if ref is not None:
        return ref.velocity(x, sigma, cond).float()
    bb.transformer.disable_adapters()
    try:
        return bb.velocity(x, sigma, cond).float()
    finally:
        bb.transformer.enable_adapters()


# ------------------------------------------------------------------------------------------------ data

def seed_of(*parts) -> int:
    """A seed from e.g. (seed, iteration, global group, sample): the same noise whatever the number of processes."""
    return int.from_bytes(hashlib.sha256("/".join(map(str, parts)).encode()).digest()[:8], "little") >> 1


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


# ------------------------------------------------------------------------------------------------ eval, saving

@torch.no_grad()
def evaluate(bb, scorer, graphs, args, rank, world):
    """ODE samples of every (eval prompt, seed) item, scored and gated: gated [n_items, K] (on every rank) and rank
    0's first images. Items are split over ranks in equal counts (FSDP needs every rank in every forward)."""
    n, per = len(graphs) * args.eval_samples, math.ceil(len(graphs) * args.eval_samples / world)
    mine, rows, images = [min(rank * per + i, n - 1) for i in range(per)], {}, []
    for lo in range(0, per, EVAL_BATCH):
        idx = mine[lo:lo + EVAL_BATCH]
        gs = [graphs[k // args.eval_samples] for k in idx]
        x = torch.cat([bb.noise(1, torch.Generator().manual_seed(seed_of("eval", args.eval_seed, k))) for k in idx])
        img = bb.decode(sample_ode(bb, bb.encode([g.prompt for g in gs]), x, args.eval_steps)).cpu()
        rows.update(zip(idx, gate(scorer(img, gs), gs)))
        images += [img] if lo == 0 else []
    parts = [rows]
    if world > 1:
        parts = [None] * world
        dist.all_gather_object(parts, rows)
    rows = {k: r for p in parts for k, r in p.items()}
    items = [graphs[k // args.eval_samples] for k in range(n)]
    gated = torch.zeros(atom_mask(items).shape)
    for k in range(n):
        gated[k, :len(items[k].atoms)] = rows[k][:len(items[k].atoms)]
    return gated, items, images[0][:32]


def compare(before, after, graphs, threshold=0.5):
    """Base vs trained on the same eval items (prompts x seeds): atom accuracy (per-image mean of gated atom scores,
    Soft-TIFA AM) and all-atoms-correct rate, overall and on the hardest third by atom count. Each row: base,
    trained, gain, their standard errors over images (the eval's own noise; the gain's is paired:
    std(after − before) / sqrt(n)) and n."""
    mask = atom_mask(graphs)
    n_atoms = mask.sum(1)
    cut = int(n_atoms.sort(descending=True).values[max(0, len(graphs) // 3 - 1)])
    per_image = {"atom accuracy": lambda g: (g * mask).sum(1) / n_atoms,
                 "all atoms correct": lambda g: ((g > threshold) | ~mask).all(1).float()}
    se = lambda t: float(t.std() / math.sqrt(len(t))) if len(t) > 1 else float("nan")  # noqa: E731
    rows = []
    for name, keep in [("all eval prompts", n_atoms > 0), (f"hardest (>= {cut} atoms)", n_atoms >= cut)]:
        for metric, f in per_image.items():
            b, a = f(before)[keep], f(after)[keep]
            rows.append(dict(items=name, metric=metric, base=float(b.mean()), base_se=se(b), trained=float(a.mean()),
                             trained_se=se(a), gain=float((a - b).mean()), gain_se=se(a - b), n=len(b)))
    return rows


def report(rows):
    return "\n".join(f"{r['items']:24s} {r['metric']:18s} base {r['base']:.3f} ± {r['base_se']:.3f}  trained "
                     f"{r['trained']:.3f} ± {r['trained_se']:.3f}  gain {r['gain']:+.3f} ± {r['gain_se']:.3f} "
                     f"(paired, n={r['n']})" for r in rows)


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
    """The DESIGN.md stage files of one iteration (this rank's share of the batch), one graph per image."""
    with open(os.path.join(out, "atoms.jsonl"), "w") as f:
        f.writelines(g.to_json() + "\n" for g in graphs)
    rollout_tensors = dict(x0=x0, xs=xs, xs_next=xs_next, log_prob=log_prob, step_index=torch.arange(*window),
                           group=group, images=(images.clamp(0, 1) * 255).round().to(torch.uint8))
    save_file({k: v.detach().cpu().contiguous() for k, v in rollout_tensors.items()},
              os.path.join(out, "rollout.safetensors"), {k: json.dumps(v) for k, v in meta.items()})
    save_scores(os.path.join(out, "scores.safetensors"), scores, gated, mask, **meta)
    save_advantages(os.path.join(out, "advantages.safetensors"), atom_adv, maps, pixel_adv, **meta)


# ------------------------------------------------------------------------------------------------ the run

def main(argv=None):
    args = parse_args(argv)
    if args.plot:
        print(f"wrote {draw_curves(args.plot)}")
        return None
    # -------------------------------------------------------------- setup: processes, device, threads
    distributed = "RANK" in os.environ                                           # started by torchrun
    rank, world, local_rank, local_world = (int(os.environ.get(k, d)) for k, d in
                                            [("RANK", 0), ("WORLD_SIZE", 1), ("LOCAL_RANK", 0), ("LOCAL_WORLD_SIZE", 1)])
    device = torch.device(f"cuda:{local_rank}" if torch.cuda.is_available() else "cpu")
    if device.type == "cuda":
        torch.cuda.set_device(device)
    if distributed:
        dist.init_process_group("nccl" if device.type == "cuda" else "gloo")
    torch.set_num_threads(args.threads or max(1, (os.cpu_count() or 1) // local_world))
    torch.manual_seed(args.seed)                                                 # LoRA init: the same on every rank
    master, gpr, G, T = rank == 0, args.groups_per_rank, args.group_size, args.steps
    os.makedirs(args.out, exist_ok=True)
    say = print if master else lambda _: None
    ckpt = latest_checkpoint(args.out, warn=say) if args.resume else None     # verified; damaged ones are named

    # -------------------------------------------------------------- the backbone, what trains, the reference
    kwargs = {k: json.loads(v) for k, v in (o.split("=", 1) for o in args.option)}
    if args.guidance is not None:
        kwargs[GUIDANCE_KW[args.backbone]] = args.guidance
    dtype = torch.bfloat16 if device.type == "cuda" and args.backbone != "shapes" else torch.float32
    bb = load_backbone(args.backbone, args.model_path or (args.base_weights if args.backbone == "shapes" else None),
                       device=device, dtype=dtype, **kwargs)
    check_prompt_files(args, bb, warn=say)        # every prompt line, before the first forward pass
    lora = not args.full
    # --full trains the whole denoiser (shapes: transformer and conv head); under FSDP the sharded transformer only
    net = bb.transformer if lora or args.fsdp else getattr(bb, "model", bb.transformer)
    net.requires_grad_(False)
    ref = copy.deepcopy(bb) if args.full and args.beta > 0 else None            # the frozen reference for --full
    if lora:
        from diffusers.training_utils import cast_training_params
        from peft import LoraConfig
        bb.transformer.add_adapter(LoraConfig(r=args.lora_rank, lora_alpha=args.lora_alpha, init_lora_weights="gaussian",
                                              target_modules=bb.lora_targets))
        cast_training_params(bb.transformer, torch.float32)                     # LoRA weights fp32, base bf16
    else:   # prompts are encoded once per rollout without gradients (as in Flow-GRPO): the text encoder is frozen
        for name, p in net.named_parameters():
            p.requires_grad_(not name.startswith("text_encoder."))
    if args.grad_checkpointing:
        bb.transformer.enable_gradient_checkpointing()
    state = load_weights(ckpt, args, bb, net, lora) if ckpt else {}
    policy = train_policy = Policy(bb, net)
    if args.fsdp:                                           # FSDP2: shard each transformer block, then the root
        from torch.distributed.fsdp import fully_shard
        for block in [b for m in bb.transformer.children() if isinstance(m, nn.ModuleList) for b in m]:
            fully_shard(block)
        fully_shard(bb.transformer)
    elif distributed:                                       # device_ids=None: the inputs are on this rank's device
        train_policy = DDP(policy, device_ids=None, broadcast_buffers=False)
    params = [p for p in net.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=args.lr, weight_decay=WEIGHT_DECAY)
    # the EMA of the trained weights (Flow-GRPO evaluates one): w_ema <- d·w_ema + (1 − d)·w after every step
    ema = [p.detach().clone() for p in params] if args.ema > 0 else None
    if ckpt:
        load_trainer_state(ckpt, state, net, opt, ema)
    scorer = load_scorer(args.scorer_path or "shapes", device)

    # -------------------------------------------------------------- eval prompts, the schedule, the SDE window
    if args.eval_prompts:
        eval_list = prompt_lines(args.eval_prompts, args.skip_bad_prompts, args.atoms)
    else:
        from cast_shapes import sample_prompt
        rng = random.Random(f"eval/{args.eval_seed}")
        eval_list = [sample_prompt(rng) for _ in range(args.eval_size)]
    graph_of = scene_graphs(args)
    eval_graphs, held_out = [graph_of(p) for p in eval_list], frozenset(eval_list)
    sigmas = bb.sigmas(T).float().to(device)
    window = sde_window(args, bb, sigmas, held_out, master)
    steps = list(range(*window))
    with torch.no_grad():
        per_iteration = passes_per_iteration(
            world * gpr * G, T, len(steps), velocity_passes(bb, bb.noise(1, torch.Generator().manual_seed(0)).to(
                device), sigmas[0], bb.encode(eval_list[:1])), args.advantage == "spatial", args.epochs, args.beta > 0)
    if args.budget:
        args.iterations = max(1, int(args.budget // per_iteration))

    # -------------------------------------------------------------- logging, the base model's evaluation
    if master and not ckpt:
        open(os.path.join(args.out, "metrics.jsonl"), "w").close()
    elif master:
        rewind_metrics(args.out, state["iteration"])

    # A random backbone or scorer (bench/gpu.py, dry runs) times the loop and learns nothing: every record says so.
    randomized = [part for part, path in (("backbone weights", args.model_path), ("scorer", args.scorer_path))
                  if path == "random"]

    def log(record):
        record = {**record, "random": randomized} if randomized else record
        if master:
            with open(os.path.join(args.out, "metrics.jsonl"), "a") as f:
                f.write(json.dumps(record) + "\n")

    summaries = {}

    def run_eval(step):
        with swapped_in(params, ema):
            gated, items, images = evaluate(bb, scorer, eval_graphs, args, rank, world)
        summary = summaries[step] = summarize(gated, items)
        log({"eval": True, "iteration": step, **summary})
        if master:
            save_grid(images, os.path.join(args.out, f"samples_step_{step}.png"), [g.prompt for g in items[:32]])
            draw_curves(args.out)
            tqdm.write(f"eval at {step}: atom accuracy (AM) {summary['am']:.3f} ± {summary['am_se']:.3f}, "
                       f"GM {summary['gm']:.3f}, strict {summary['strict']:.3f}")
        return gated, items

    it = start = state.get("iteration", 0)
    if master:
        print(f"{args.method} on {args.backbone}: {'LoRA' if lora else 'all weights'}, SDE window [{window[0]}, "
              f"{window[1]}) of {T} steps, {args.advantage} advantage, {world} x {gpr} groups x {G} samples; "
              f"{per_iteration:,} transformer passes per iteration, {args.iterations} iterations")
        if randomized:
            print(f"DRY RUN with random {' and random '.join(randomized)}: timings only; every reward, score and "
                  f"evaluation of this run is meaningless")
    if ckpt:
        base = torch.tensor(state["base_eval"])
        items = [eval_graphs[k // args.eval_samples] for k in range(len(base))]
    else:
        base, items = run_eval(0)
    trained, skipped = None, state.get("skipped", 0)

    # -------------------------------------------------------------- the loop
    bar = tqdm(range(start + 1, args.iterations + 1), disable=not master, desc=args.method, initial=start,
               total=args.iterations)
    for it in bar:
        # sample: this rank owns groups [rank·gpr, (rank+1)·gpr); prompts and noise depend on the global index only
        t0 = time.time()
        prompts = train_prompts(args, it, world * gpr, held_out)[rank * gpr:(rank + 1) * gpr]
        group = torch.arange(gpr).repeat_interleave(G)
        graphs = [g for g in map(graph_of, prompts) for _ in range(G)]
        with torch.no_grad():
            cond = bb.encode(prompts).select(group)
        gens = [torch.Generator().manual_seed(seed_of(args.seed, it, rank * gpr + g, j)) for g in range(gpr)
                for j in range(G)]
        x = torch.cat([bb.noise(1, g) for g in gens]).to(device)
        x0, xs, xs_next, old_log_prob = rollout(lambda x, s: policy(x, s, cond), x, sigmas, window,
                                                args.noise_level, gens)
        # score: each image's atoms, gated by their parents; advantages within each group (whole groups per rank)
        t1 = time.time()
        images = bb.decode(x0).float().cpu()
        scores = scorer(images, graphs).float()
        gated, mask = gate(scores, graphs), atom_mask(graphs)
        atom_adv = atom_advantages(gated, mask, group, ADV_CLIP, std_over=args.adv_std)
        scalar_adv = scalar_advantages(gated, mask, group, ADV_CLIP, std_over=args.adv_std)
        # maps: where each atom's words look on its image -> the pixel advantage
        t2 = time.time()
        N, K, (h, w) = len(graphs), mask.shape[1], bb.grid
        maps = torch.ones(N, K, h, w)                                   # uniform: every atom claims every token
        if args.advantage == "spatial":
            for g in range(gpr):                                        # per group: its seed does not depend on ranks
                sl = slice(g * G, (g + 1) * G)
                m = attention_maps(bb, x0[sl], cond.select(torch.arange(N)[sl]), graphs[sl],
                                   seed=seed_of(args.seed, it, rank * gpr + g, "maps"))
                maps[sl] = 0
                maps[sl, :m.shape[1]] = m.cpu()
        pixel_adv = (scalar_adv[:, None, None].expand(N, h, w).contiguous() if args.advantage == "scalar"
                     else pixel_advantage(atom_adv, maps, scalar_adv))
        adv = pixel_adv.flatten(1).to(device)                           # [N, L]: the token grid is row-major
        # loss: one backward per window step (memory: one step's graph), one optimizer step per epoch
        t3 = time.time()
        stats = []
        for epoch in range(args.epochs):
            for j, i in enumerate(steps):
                last = j == len(steps) - 1
                if args.fsdp:
                    bb.transformer.set_requires_gradient_sync(last)
                with train_policy.no_sync() if isinstance(train_policy, DDP) and not last else nullcontext():
                    v = train_policy(xs[:, j], sigmas[i], cond)
                    _, log_prob, mean, std = sde_step(xs[:, j], v, sigmas[i], sigmas[i + 1], args.noise_level,
                                                      x_next=xs_next[:, j])
                    loss, ratio = grpo_loss(log_prob, old_log_prob[:, j], adv, args.clip_range)
                    kl = torch.zeros((), device=device)
                    if args.beta > 0:   # KL per token: ((mean_θ − mean_ref)²).mean over channels / (2·std_t²)
                        with torch.no_grad():
                            v_ref = reference_velocity(bb, ref, xs[:, j], sigmas[i], cond)
                            mean_ref = sde_step(xs[:, j], v_ref, sigmas[i], sigmas[i + 1], args.noise_level)[2]
                        kl = (((mean - mean_ref) ** 2).mean(-1) / (2 * std ** 2)).mean()
                        loss = loss + args.beta * kl
                    if it == args.debug_nan_at_step:
                        loss = loss * float("nan")
                    (loss / len(steps)).backward()
                d = (log_prob - old_log_prob[:, j]).detach()
                stats.append([loss.item(), ((ratio - 1).abs() > args.clip_range).float().mean().item(),
                              0.5 * (d ** 2).mean().item(), kl.item(), d.abs().max().item() if epoch == 0 else 0])
            bad = torch.tensor([float(not math.isfinite(row[0])) for row in stats[-len(steps):]], device=device).max()
            if distributed:
                dist.all_reduce(bad, op=dist.ReduceOp.MAX)
            grad_norm = torch.nn.utils.clip_grad_norm_(params, MAX_GRAD_NORM)
            grad_norm = float(grad_norm.full_tensor() if hasattr(grad_norm, "full_tensor") else grad_norm)
            if bad or not math.isfinite(grad_norm):                     # never step on a non-finite loss or gradient
                skipped += 1
                if master:
                    tqdm.write(f"warning: non-finite loss or gradient at iteration {it}: optimizer step skipped")
            else:
                for group_ in opt.param_groups:          # linear warmup: lr_t = lr · min(1, t / warmup)
                    group_["lr"] = args.lr * min(1.0, it / args.warmup) if args.warmup > 0 else args.lr
                opt.step()
                if ema is not None:
                    torch._foreach_lerp_(ema, [p.detach() for p in params], 1 - args.ema)
            opt.zero_grad(set_to_none=True)
        t4 = time.time()

        # -------------------------------------------------------------- metrics, stage files, eval, checkpoints
        s = torch.tensor(stats, dtype=torch.float64)        # per step: loss, clip frac, approx KL, KL, max |Δ log p|
        m = torch.tensor([((gated * mask).sum(1) / mask.sum(1)).mean(), *s[:, :4].mean(0), grad_norm, t1 - t0,
                          t2 - t1, t3 - t2, t4 - t3], dtype=torch.float64, device=device)
        peak = s[:, 4].max().to(device)
        if distributed:                                           # metrics: means over ranks; the peak: their max
            dist.all_reduce(m)
            dist.all_reduce(peak, op=dist.ReduceOp.MAX)
            m /= world
        keys = "reward loss clip_frac approx_kl kl grad_norm t_rollout t_score t_maps t_train".split()
        record = dict(iteration=it, **dict(zip(keys, m.tolist())), skipped=skipped, log_ratio_max=peak.item(),
                      images_per_s=world * N / (t4 - t0), passes=it * per_iteration)
        log(record)
        bar.set_postfix(reward=f"{record['reward']:.3f}", loss=f"{record['loss']:.2e}")
        evaluate_now = it % args.eval_every == 0 or it == args.iterations
        if master and (it == 1 or evaluate_now):
            meta = dict(backbone=args.backbone, iteration=it, prompts=[g.prompt for g in graphs], steps=T,
                        settings=dict(method=args.method, advantage=args.advantage, window=list(window),
                                      noise_level=args.noise_level, sigmas=sigmas.tolist(), group_size=G))
            save_stage_files(args.out, graphs, group, x0, xs, xs_next, old_log_prob, window, images, scores, gated,
                             mask, atom_adv, maps, pixel_adv, **meta)
        if master and evaluate_now and args.overlay_images > 0:
            save_overlays(os.path.join(args.out, f"overlays_step_{it}.png"), images, graphs, atom_adv, maps,
                          pixel_adv, max_images=args.overlay_images)
        if evaluate_now:
            trained, _ = run_eval(it)
        if it % args.save_every == 0 or it == args.iterations:
            save_checkpoint(args.out, it, bb, net, opt, args, lora, master, dict(base_eval=base.tolist(),
                                                                                   skipped=skipped), ema)

    # -------------------------------------------------------------- the result
    if trained is None:
        trained, _ = run_eval(it)
    gains = compare(base, trained, items)
    with swapped_in(params, ema):
        save_final(args.out, bb, net, lora, master, dict(iterations=it, passes=it * per_iteration, ema=args.ema,
                                                         gains=gains, final=summaries.get(it)))
    if master:
        if randomized:
            print(f"\nMEANINGLESS (random {' and random '.join(randomized)}: a dry run):", end="")
        print(f"\nbase vs trained after {it} iterations on {len(items)} eval images ({len(eval_graphs)} prompts x "
              f"{args.eval_samples} seeds); ± is one standard error:\n{report(gains)}")
    if distributed:
        dist.destroy_process_group()
    return dict(base=base, trained=trained, graphs=items, out=args.out)


if __name__ == "__main__":
    try:
        main()
    except (InputError, CheckpointError) as e:      # a bad input or checkpoint: its message, not a traceback
        sys.exit(f"error: {e}")
