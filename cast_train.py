r"""cast_train.py: CAST and its Flow-GRPO baseline, online RL for flow-matching text-to-image models, one loop.

Each iteration, in the order the method happens (docs/DESIGN.md; equations of the paper, arXiv 2609.39441):
  sample      G images per prompt: Euler ODE outside each trajectory's own SDE window of L steps (cast_window,
              Eq. 10-11), Flow-GRPO's SDE step inside it (Eq. 3/5), keeping x_t, x_{t+1} and the per-patch
              log-probability (Eq. 8) of every window step
  score       every scene-graph atom (cast_csg) scored on its own against its expected answer (cast_reward, Eq. 4)
  ground      each atom's map on the denoiser's patches: the VLM's teacher-forced pass (Sec. 4.2), or the stand-in
  advantages  per-atom z-scores within each group (Eq. 6), laid on the maps and summed (Eq. 7; cast_advantage),
              or the baselines' and ablations' advantages (--method)
  loss        per-patch clipped-ratio objective weighted by that map, + β·KL to the base (Eq. 9), one AdamW step

Launch:
  python cast_train.py                      # CAST on the shapes world: its base model (assets/), rewarded by its
                                            # verifier, grounded by its VLM on each window step; ends with base vs
                                            # trained accuracy (measured: +2.6 ± 0.7 AM on 2,000 held-out images;
                                            # about 21 min on 2 idle cores; docs/RESULTS.md, "The default run in
                                            # 20 minutes")
  python cast_train.py --scorer-path assets/shapes_vlm   # the same, rewarded by the world's VLM (Soft-TIFA)
  python cast_train.py --method flow_grpo_g2  # the paper's baseline: mean atom score as one reward, CAST's window
  torchrun --nproc_per_node=2 cast_train.py # the same run on 2 processes (gloo on CPU, NCCL on GPU)
  torchrun --nproc_per_node=8 cast_train.py --backbone qwenimage --model-path /models/Qwen-Image-2512 \
      --scorer-path /models/Qwen3-VL-8B-Instruct --prompts train.txt --eval-prompts eval.txt --fsdp
  torchrun --nnodes=4 --node_rank=$NODE --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=$HEAD:29500 \
      cast_train.py --backbone flux2 --model-path /models/FLUX.2-dev --scorer-path /models/Qwen3-VL-8B-Instruct \
      --prompts train.txt --eval-prompts eval.txt --fsdp          # run on every node, NODE = 0..3
  python cast_train.py --out runs/cast --resume                   # continue from the newest checkpoint there

Writes into --out (rank 0; the folder is locked for the run): metrics.jsonl, curves.png, sample grids, overlays,
window.safetensors, the stage files of iteration 1 and of every eval (`python cast_advantage.py --run DIR` redoes
that stage) and checkpoints/step_N/. SIGTERM / SIGINT checkpoint the last finished iteration and exit 143 / 130.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import time
from contextlib import nullcontext
from dataclasses import dataclass

import torch
from torch.nn.parallel import DistributedDataParallel as DDP
from tqdm import tqdm

from cast_advantage import (
    COMPLETION_STRIDE,
    METHODS,
    USES_MAPS,
    load_grounder,
    method_advantage,
    ode_completions,
    resolution,
    save_advantages,
    score_and_map,
)
from cast_csg import InputError, atom_mask, normalize, write_atoms
from cast_reward import load_holistic, load_scorer, save_scores
from cast_window import (
    START,
    WINDOW_DEFAULTS,
    calibrate,
    exploration,
    load_window,
    measure_of,
    per_sample,
    sample_starts,
    save_window,
    sde_step,
    similarity_of,
    with_freeze_point,
)
from support.assets import check_window, shipped_window
from support.backbone import seed_of
from support.checkpoint import latest_checkpoint, load_trainer_state, save_tensors
from support.evaluation import judges
from support.inputs import check_train_args, held_out_graphs, prompt_graphs
from support.models import default_models
from support.pictures import describe_window, plot_window, window_title
from support.run import (
    Iteration,
    Learner,
    Processes,
    build_policy,
    completion_steps,
    models_line,
    optimizer_step,
    passes_per_iteration,
    start_processes,
    velocity_passes,
)
from support.run_folder import (
    RunGuard,
    RunRecord,
    check_resume,
    check_room,
    iteration_metrics,
    run_inputs,
)
from support.shapes import ASSETS, sample_shapes_graph

# The run's defaults per backbone, each a flag (with cast_window.WINDOW_DEFAULTS: the noise level, the calibration's
# prompts). flux2 / qwenimage: the paper's Table 3 (LoRA r 64, α 64, 50 steps, G 16, one prompt per rank) with
# Flow-GRPO's lr and clip, and maps on the sample. shapes (ours): all weights, maps on each window step's ODE
# completion (unbiased: docs/DESIGN.md, "The sample-map bias"), lr 5e-5 and β 0.02 chosen on the dev stream
# (docs/RESULTS.md, "issue 45's second attempt"); guidance None = the CFG saved with the weights. The EMA is ours.
KEYS = (
    "steps",
    "eval_steps",
    "guidance",
    "group_size",
    "groups_per_rank",
    "full",
    "lora_rank",
    "lora_alpha",
    "lr",
    "ema",
    "beta",
    "clip_range",
    "grad_checkpointing",
    "ground_on",
)
TRAIN_DEFAULTS = {
    name: {**dict(zip(KEYS, row)), **WINDOW_DEFAULTS[name]}
    for name, row in {
        #            steps eval guidance G   groups full   r   α   lr    ema  β     clip ε grad ckpt maps
        "shapes": (10, 10, None, 8, 8, True, 16, 32, 5e-5, 0.9, 0.02, 0.2, False, "step"),
        "flux2": (50, 50, 4.0, 16, 1, False, 64, 64, 3e-4, 0.9, 0.0, 1e-4, True, "sample"),
        "qwenimage": (50, 50, 4.0, 16, 1, False, 64, 64, 3e-4, 0.9, 0.0, 1e-4, True, "sample"),
    }.items()
}
WEIGHT_DECAY = 1e-4  # Flow-GRPO's AdamW weight decay


# ------------------------------------------------- the rollout (Flow-GRPO's SDE step: cast_window), the KL, the loss


def transition_kl(mean, mean_ref, std, sigma, sigma_next):
    """Eq. 9's KL(p_θ(x'|x) ‖ p_ref(x'|x)) per latent token [N, P] between two SDE steps' Gaussians of equal
    variance (std_t·sqrt(−dt))²: KL = mean over channels of (mean_θ − mean_ref)² / (2·(std_t·sqrt(−dt))²), the
    closed form, averaged over channels like log p. `std` is sde_step's std_t; sigma, sigma_next as in sde_step;
    with a = 0 the step is deterministic and KL is 0."""
    std = torch.as_tensor(std, device=mean.device).float()
    step_var = std**2 * (per_sample(sigma, mean) - per_sample(sigma_next, mean))
    step_var = step_var[..., 0] if step_var.dim() else step_var  # [N, 1]: broadcast over tokens
    kl = ((mean.float() - mean_ref.float()) ** 2).mean(-1) / (
        2 * torch.where(step_var == 0, 1.0, step_var)
    )
    return torch.where(step_var == 0, 0.0, kl)


def grpo_loss(log_prob, old_log_prob, adv, clip_range):
    """Flow-GRPO's clipped objective per latent token, all [N, P]: r = exp(log p_θ − log p_old),
    loss = −mean(min(r·Â, clip(r, 1 − ε, 1 + ε)·Â)). Returns (loss, r). Contract: Â is aligned token by token with
    log p: the caller flattens M's [h, w] grid row-major, the order FLUX.2, Qwen-Image and the shapes model pack."""
    ratio = torch.exp(log_prob - old_log_prob)
    return -torch.minimum(
        ratio * adv, ratio.clamp(1 - clip_range, 1 + clip_range) * adv
    ).mean(), ratio


class Policy(torch.nn.Module):
    """π_θ as the loss calls it: the backbone's velocity (CFG included) as one module holding the trained weights
    `net`, so that DDP can wrap it under torchrun (FSDP2 shards the transformer instead)."""

    def __init__(self, backbone, net):
        super().__init__()
        self.bb, self.net = backbone, net

    def forward(self, x, sigma, cond):
        return self.bb.velocity(x, sigma, cond).float()


@dataclass
class Rollout:
    """One batch of trajectories: x0 [N, P, C] the samples; per window step j of each trajectory, xs [N, L, P, C]
    the state x_t before its noise, xs_next the state after (x_{t+1}), log_prob [N, L, P] Eq. 8's per-patch
    log-probability of that step, step_index [N, L] its index in the schedule, and v the policy's velocity at
    x_t (which the ODE completions' first Euler step reuses: cast_advantage.ode_completions)."""

    x0: torch.Tensor
    xs: torch.Tensor
    xs_next: torch.Tensor
    log_prob: torch.Tensor
    step_index: torch.Tensor
    v: torch.Tensor


@torch.no_grad()
def rollout(velocity, x, sigmas, starts, length, noise_level, generators) -> Rollout:
    """From noise x [N, P, C] along `sigmas`: sample n takes the SDE step at its window steps starts[n] ..
    starts[n] + length − 1 and the Euler ODE elsewhere; each step's velocity is one batched call for all samples, and
    a window step's ε comes from the sample's own generator (length draws each: a sample's noise does not depend
    on the others' windows). A fixed window [A, B) is starts all A, length B − A."""
    N, T = x.shape[0], len(sigmas) - 1
    starts = torch.as_tensor(starts, dtype=torch.long).reshape(-1).expand(N).cpu()
    if length < 1 or starts.min() < 0 or starts.max() + length > T:
        raise ValueError(f"windows of {length} steps from {starts.tolist()} do not fit {T} steps")
    step_index = starts[:, None] + torch.arange(length)
    xs = torch.zeros(N, length, *x.shape[1:], device=x.device)
    xs_next, vs = torch.zeros_like(xs), torch.zeros_like(xs)
    log_probs = torch.zeros(N, length, *x.shape[1:-1], device=x.device)
    for i in range(T):
        v = velocity(x, sigmas[i])
        x_next = x.float() + (sigmas[i + 1] - sigmas[i]) * v.float()  # Euler: x' = x + (σ' − σ)·v
        rows = torch.nonzero((starts <= i) & (i < starts + length)).flatten()
        if len(rows):
            eps = torch.stack(
                [torch.randn(x.shape[1:], generator=generators[n]) for n in rows.tolist()]
            ).to(x.device)
            r, j = rows.to(x.device), (i - starts[rows]).to(x.device)
            sde, log_prob, _, _ = sde_step(
                x[r], v[r], sigmas[i], sigmas[i + 1], noise_level, noise=eps
            )
            xs[r, j], xs_next[r, j], log_probs[r, j], vs[r, j] = (
                x[r].float(),
                sde,
                log_prob,
                v[r].float(),
            )
            x_next[r] = sde
        x = x_next
    return Rollout(x, xs, xs_next, log_probs, step_index, vs)


# ------------------------------------------------------------------------------------------------ the stages


def train_graphs(args, iteration, n, held_out_prompts=frozenset()):
    """The n scene graphs of one iteration (all ranks compute the same list). From --prompts: a fresh shuffle per
    pass over the file (its overlap with the eval prompts was refused or allowed: support.inputs.overlap_problem).
    Else the shapes world's generator from the stream ("train", seed, iteration), skipping the held-out prompts
    compared as the paper keeps its pool apart from what it evaluates on: after `cast_csg.normalize`."""
    if args.prompts:
        graphs = prompt_graphs(args.prompts, args.skip_bad_prompts)
        orders, out = {}, []
        for k in range(iteration * n, (iteration + 1) * n):
            epoch, pos = divmod(k, len(graphs))
            if epoch not in orders:
                orders[epoch] = random.Random(f"train/{args.seed}/{epoch}").sample(
                    graphs, len(graphs)
                )
            out.append(orders[epoch][pos])
        return out
    held = {normalize(p) for p in held_out_prompts}
    rng, out = random.Random(f"train/{args.seed}/{iteration}"), []
    while len(out) < n:
        g = sample_shapes_graph(rng)
        if normalize(g.prompt) not in held:
            out.append(g)
    return out


def save_stage_files(out, rec: Iteration, **meta):
    """The stage files (docs/DESIGN.md) of one iteration's record (this rank's share of the batch)."""
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


def reference_velocity(bb, ref, x, sigma, cond):
    """The reference policy: the base model (LoRA adapters disabled) or, with --full, a frozen copy."""
    if ref is not None:
        return ref.velocity(x, sigma, cond).float()
    bb.transformer.disable_adapters()
    try:
        return bb.velocity(x, sigma, cond).float()
    finally:
        bb.transformer.enable_adapters()


def train_step(args, learner: Learner, processes: Processes, cond, sigmas, roll: Rollout, adv, it):
    """--epochs optimizer steps on one rollout: per epoch one backward per window position j (memory: one step's
    graph), the positions' gradients summed, then AdamW, never on a non-finite loss or gradient. Sample n's window
    position j is its step step_index[n, j], so it is scored with its own σ = sigmas[step_index[:, j]] (a [N] sigma
    for the policy). Returns the per-position stats [loss, clip fraction, approx KL, KL, max |Δ log p|], the last
    gradient norm and the number of skipped steps."""
    bb, policy = learner.bb, learner.policy
    device, L = roll.xs.device, roll.step_index.shape[1]
    stats, skipped = [], 0
    for epoch in range(args.epochs):
        for j in range(L):
            last = j == L - 1
            i = roll.step_index[:, j].to(sigmas.device)
            sigma, sigma_next = sigmas[i], sigmas[i + 1]
            if args.fsdp:
                bb.transformer.set_requires_gradient_sync(last)
            with policy.no_sync() if isinstance(policy, DDP) and not last else nullcontext():
                x, x_next = roll.xs[:, j], roll.xs_next[:, j]
                v = policy(x, sigma, cond)
                _, log_prob, mean, std = sde_step(
                    x, v, sigma, sigma_next, args.noise_level, x_next=x_next
                )
                loss, ratio = grpo_loss(log_prob, roll.log_prob[:, j], adv[:, j], args.clip_range)
                kl = torch.zeros((), device=device)
                if (
                    args.beta > 0
                ):  # Eq. 9's KL to the reference: the base model (LoRA off) or a frozen copy
                    with torch.no_grad():
                        v_ref = reference_velocity(bb, learner.ref, x, sigma, cond)
                        mean_ref = sde_step(x, v_ref, sigma, sigma_next, args.noise_level)[2]
                    kl = transition_kl(mean, mean_ref, std, sigma, sigma_next).mean()
                    loss = loss + args.beta * kl
                (loss / L).backward()
            d = (log_prob - roll.log_prob[:, j]).detach()
            stats.append(
                [
                    loss.item(),
                    ((ratio - 1).abs() > args.clip_range).float().mean().item(),
                    0.5 * (d**2).mean().item(),
                    kl.item(),
                    d.abs().max().item() if epoch == 0 else 0,
                ]
            )
        losses = torch.tensor([row[0] for row in stats[-L:]], device=device)
        grad_norm, stepped = optimizer_step(args, learner, losses, it, processes)
        skipped += not stepped
    return stats, grad_norm, skipped


# ------------------------------------------------------------------------------------------------ flags


def parse_args(argv=None):
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    a, on_off = ap.add_argument, argparse.BooleanOptionalAction
    a("--backbone", default="shapes", choices=list(TRAIN_DEFAULTS))
    a(
        "--model-path",
        help="local diffusers folder of a real backbone (nothing is downloaded); 'random': the real "
        "architecture with random weights, a dry run that only times the loop (support/real/random_models.py)",
    )
    a(
        "--base-weights",
        default=os.path.join(ASSETS, "shapes_base.safetensors"),
        help="shapes: the base model",
    )
    a(
        "--option",
        action="append",
        default=[],
        metavar="KEY=JSON",
        help="backbone argument, e.g. height=512",
    )
    a(
        "--scorer-path",
        help="a local Qwen3-VL folder (e.g. the shapes world's own, assets/shapes_vlm), 'shapes' (the "
        "world's verifier, its default), module:function, or 'random' (uniform scores: a dry run)",
    )
    a(
        "--method",
        default="cast",
        choices=list(METHODS),
        help="the paper's names (cast_advantage.method_advantage): "
        "cast (Eq. 7 over the atoms' maps), flow_grpo_g2 (mean atom score, one advantage per image), flow_grpo_orig "
        "(a holistic image reward), per_atom (Eq. 7, uniform maps), spatial_image (image advantage x mean atom map), "
        "shuffled (maps permuted among atoms), all in CAST's window; flow_grpo (as G2, in its own full window)",
    )
    a(
        "--grounding",
        default="vlm",
        help="where the atoms' maps come from: vlm (the scorer's teacher-forced pass, "
        "or --vlm-path's), dit (the denoiser's own attention, a stand-in), or module:function",
    )
    a(
        "--ground-on",
        choices=["sample", "step"],
        help="the image the maps are taken on: sample (the paper's; real "
        "backbones), or step (ours: each window step's on the ODE completion of the state before its noise, unbiased; "
        "shapes)",
    )
    a(
        "--vlm-path",
        help="a local Qwen-VL folder that grounds when the scorer is not one (shapes: assets/shapes_vlm)",
    )
    a(
        "--aesthetic-path",
        help="flow_grpo_orig on a real backbone: the LAION aesthetic head (.safetensors) "
        "on --clip-path's CLIP ViT-L/14; the shapes world's holistic reward is how cleanly shapes are drawn",
    )
    a(
        "--window",
        help="auto (the paper's: each trajectory's window of --window-length steps starts at random among "
        "the calibrated candidates, cast_window) | full (Flow-GRPO's: steps [0, T-1), the last one deterministic) | "
        "A:B (steps [A, B) get the SDE step, for every trajectory)",
    )
    a(
        "--window-file",
        help="default <out>/window.safetensors, calibrated by cast_window when missing",
    )
    a(
        "--window-length",
        type=int,
        default=2,
        help="auto: L, the SDE steps of each trajectory's window (paper: 2)",
    )
    a(
        "--window-prompts",
        type=int,
        help="auto calibration: prompts x 2 seeds (shapes 128, real backbones 32)",
    )
    a(
        "--clip-path",
        help="auto calibration on a real backbone: a local CLIP folder (ViT-L/14 in the paper), the "
        "similarity of each step's clean estimate to the prompt (cast_window.clip_similarity)",
    )
    a(
        "--prompts",
        help="training prompts with their atoms: atoms.jsonl (python -m support.pool, cast_csg.py read), "
        "a GenEval 2 or GenEval file, or prompts in the generator's grammar one a line (default: the shapes world's "
        "generator)",
    )
    a(
        "--eval-prompts",
        help="held-out prompts, as --prompts (default: shapes prompts from a separate stream)",
    )
    a(
        "--eval-size",
        type=int,
        default=250,
        help="shapes eval prompts of the evaluations during the run (x "
        "--eval-samples 2: AM to about ±1.2 points)",
    )
    a(
        "--final-eval-size",
        type=int,
        default=1000,
        help="shapes eval prompts of the base and the final evaluation, "
        "the run's headline (at least --eval-size; the first --eval-size are the others'; paired AM to about ±0.6)",
    )
    a("--eval-samples", type=int, default=2, help="fixed seeds per eval prompt")
    a("--iterations", type=int, default=120, help="rollout + update rounds")
    a(
        "--budget",
        type=float,
        help="train until this many transformer passes over one image are spent (sets "
        "--iterations; counted as passes_per_iteration says), so methods compare at equal compute",
    )
    a(
        "--groups-per-rank",
        type=int,
        help="prompts per process; global batch = world x groups x group size",
    )
    a("--group-size", type=int, help="G samples per prompt")
    a("--steps", type=int, help="denoising steps of a rollout")
    a("--eval-steps", type=int, help="ODE steps at evaluation")
    a(
        "--guidance",
        type=float,
        help="guidance / CFG scale (shapes: the one saved with the base weights)",
    )
    a("--noise-level", type=float, help="SDE noise level a")
    a("--lr", type=float)
    a("--clip-range", type=float, help="ratio clip ε")
    a("--beta", type=float, help="KL weight to the reference policy")
    a("--epochs", type=int, default=1, help="updates per rollout (the first is on-policy)")
    a("--warmup", type=int, default=0, help="iterations of linear learning-rate warmup")
    a(
        "--ema",
        type=float,
        help="decay of an EMA of the trained weights, which evaluation and final/ use (0: off)",
    )
    a(
        "--full",
        action=on_off,
        help="all weights instead of LoRA (default: shapes yes, real backbones no)",
    )
    a("--lora-rank", type=int)
    a("--lora-alpha", type=int)
    a(
        "--fsdp",
        action="store_true",
        help="shard the transformer with FSDP2 instead of DDP (under torchrun)",
    )
    a("--grad-checkpointing", action=on_off, help="default: on for real backbones")
    a(
        "--threads",
        type=int,
        default=0,
        help="torch threads per process; 0: cpu_count // local world size",
    )
    a("--seed", type=int, default=0)
    a(
        "--eval-seed",
        type=int,
        default=0,
        help="eval prompts and noise (a stream apart from training's)",
    )
    a("--out", help="run folder (default runs/<method>)")
    a("--eval-every", type=int, default=30)
    a("--save-every", type=int, default=20)
    a("--overlay-images", type=int, default=8, help="rows of overlays_step_N.png (0: none)")
    a(
        "--resume",
        action="store_true",
        help="continue from the newest checkpoint in --out (the same settings)",
    )
    a(
        "--overwrite",
        action="store_true",
        help="replace the files of another run in --out (never silently reused)",
    )
    a(
        "--skip-bad-prompts",
        action="store_true",
        help="drop the --prompts / --eval-prompts lines that give no atoms, "
        "with a warning listing them, instead of stopping (lines the text encoder cannot read still stop the run)",
    )
    a(
        "--allow-overlap",
        action="store_true",
        help="let --prompts hold eval prompts (compared after normalization)",
    )
    args = ap.parse_args(argv)
    defaults = {
        **TRAIN_DEFAULTS[args.backbone],
        "window": METHODS[args.method],
    }  # what the flags left unset
    vars(args).update({k: v for k, v in defaults.items() if getattr(args, k) is None})
    default_models(args)  # shapes: its own VLM scores and grounds, as Qwen3-VL-8B in the paper
    args.out = args.out or os.path.join("runs", args.method)
    check_train_args(
        ap, args
    )  # every flag checked before anything loads: argparse's error, exit code 2
    return args


# ------------------------------------------------------------------------------------------------ the run


def main(argv=None):
    with RunGuard() as guard:  # the folder's lock, and SIGTERM / SIGINT: checkpoint, then exit
        return train(parse_args(argv), guard)


def window_for_run(args, bb, sigmas, graphs, master, explore=None):
    """(candidates (a, b), L): each trajectory's window is [s, s + L), s ~ Uniform{a, ..., b − L}. full: Flow-GRPO's
    fixed [0, T − 1); A:B: the fixed [A, B) (both: L = b − a, one start); auto: the paper's, from a checked window
    file (the run's, --window-file's or the shipped one), else calibrated (by every rank, identical work, which FSDP
    needs; rank 0 saves) on `graphs` x 2 seeds, on the shapes world with its layout-freeze point (`explore`: the
    run's SDE step). A dry run without --clip-path has nothing to calibrate with: the fixed [a, a + L), said so."""
    T = len(sigmas) - 1
    if (
        args.window == "full"
    ):  # Flow-GRPO trains steps 0..T−2; its last step (σ → 0) stays deterministic
        return (0, T - 1), T - 1
    if args.window != "auto":  # A:B, checked against --steps in parse_args
        a, b = (int(s) for s in args.window.split(":"))
        return (a, b), b - a
    start, measure = START.get(bb.name, 0), measure_of(bb.name)
    if args.model_path == "random" and not args.clip_path and not args.window_file:
        if master:
            print(
                f"window: a dry run has no CLIP to calibrate with: the fixed [{start}, {start + args.window_length})"
                f" of the paper's length L = {args.window_length}"
            )
        return (start, start + args.window_length), args.window_length
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
        check_window(path, result, meta, bb.name, measure, sigmas, args.window_length)
        if shipped and master:  # the run folder keeps the window it trained with
            shutil.copyfile(shipped, path)
            plot_window(
                result, os.path.join(args.out, "window.png"), window_title(args.backbone, result)
            )
            print(
                f"window: {shipped}, the shipped calibration of the shapes base model this run would make"
            )
    else:
        prompts = [g.prompt for g in graphs]
        batch = args.groups_per_rank * args.group_size  # the rollout's batch: it fits
        try:
            similarity = similarity_of(bb.name, graphs, args.clip_path, bb.device)
        except ValueError as e:
            raise InputError(f"--window auto without {path} calibrates a window: {e}") from None
        result = calibrate(
            bb, prompts, [0, 1], T, similarity, length=args.window_length, start=start, batch=batch
        )
        if bb.name == "shapes":
            result = with_freeze_point(result, bb, graphs, [0, 1], explore, batch)
        if master:
            save_window(
                path,
                result,
                backbone=args.backbone,
                steps=T,
                similarity=measure,
                prompts=prompts,
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
    return tuple(int(s) for s in result["candidates"].tolist()), int(result["length"])


def train(args, guard):
    # -------------------------------------------------------------- setup: processes, the folder, the policy
    processes = start_processes(args)
    distributed, rank, world, device = processes
    torch.manual_seed(args.seed)  # LoRA init: the same on every rank
    master, gpr, G, T = processes.master, args.groups_per_rank, args.group_size, args.steps
    say = print if master else lambda _: None
    guard.claim(
        args, master, distributed, say
    )  # one run per folder; another run's files need --overwrite
    ckpt = (
        latest_checkpoint(args.out, warn=say) if args.resume else None
    )  # verified; damaged ones are named
    if ckpt:  # the same run, or the list of what differs
        check_resume(ckpt, args, run_inputs(args, world), say)
    bb, net, lora, ref, state = build_policy(args, device, ckpt, say)
    policy = Policy(bb, net)
    if (
        distributed and not args.fsdp
    ):  # inputs are on this rank's device; buffers (positions) agree: no sync
        policy = DDP(policy, device_ids=None, forward_sync_buffers=False)
    params = [p for p in net.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=args.lr, weight_decay=WEIGHT_DECAY)
    ema = (
        [p.detach().clone() for p in params] if args.ema > 0 else None
    )  # w_ema <- d·w_ema + (1 − d)·w per step
    learner = Learner(bb, net, lora, ref, policy, params, opt, ema)
    if ckpt:
        load_trainer_state(ckpt, state, net, opt, ema)
    if master:
        check_room(
            args.out, net, lora, ema
        )  # one checkpoint fits on --out's disk, before any compute
    # --scorer-path random (a dry run): uniform scores and, where a VLM grounds, a random-weight one of Qwen3-VL-8B's
    # size (or of a random backbone's --option vlm_config: the tests' tiny one)
    uses_maps = args.method in USES_MAPS
    scorer = load_scorer(
        args.scorer_path,
        device,
        vlm=uses_maps and args.grounding == "vlm" and not args.vlm_path,
        vlm_config=getattr(bb, "vlm_config", None),
    )
    judging = judges(
        args, scorer
    )  # the scorer; on the shapes world its verifier, the scorer beside it
    grounder = load_grounder(args.method, args.grounding, args.vlm_path, scorer, device)
    say(models_line(args, scorer, grounder, uses_maps, "scorer" in judging))
    holistic = (
        load_holistic(args.backbone, args.clip_path, args.aesthetic_path, device)
        if args.method == "flow_grpo_orig"
        else None
    )
    res = resolution(getattr(scorer, "dtype", torch.float32))  # Eq. 6's floor on a group's spread

    # -------------------------------------------------------------- eval prompts, the schedule, the SDE window
    held_out = held_out_graphs(args)  # the evaluations' scene graphs, never trained on
    held_out_prompts = frozenset(g.prompt for g in held_out)
    sigmas = bb.sigmas(T).float().to(device)
    calibration = train_graphs(
        args, 0, args.window_prompts, held_out_prompts
    )  # iteration 0 never trains
    candidates, length = window_for_run(
        args, bb, sigmas, calibration, master, exploration(args.noise_level)
    )
    per_step = (
        uses_maps and args.ground_on == "step"
    )  # maps per window step, on the ODE completions
    per_iteration = passes_per_iteration(
        world * gpr * G,
        T,
        length,
        velocity_passes(bb, sigmas[0], held_out[0].prompt),
        (length if per_step else 1) * (uses_maps and args.grounding == "dit"),
        args.epochs,
        args.beta > 0,
        completion_steps(candidates, length, T, COMPLETION_STRIDE) if per_step else 0,
    )
    if args.budget:
        args.iterations = max(1, int(args.budget // per_iteration))

    # -------------------------------------------------------------- the run's record, the base model's evaluation
    run = RunRecord(args, guard, learner, judging, held_out, ckpt, state, processes)
    it = start = run.start
    say(
        f"{args.method} on {args.backbone}: {'LoRA' if lora else 'all weights'}, "
        f"{describe_window(candidates, length)} of {T} steps, {world} x {gpr} groups x {G} samples; "
        f"{per_iteration:,} transformer passes per iteration, {args.iterations} iterations"
    )
    if run.randomized:
        say(
            f"DRY RUN with random {' and random '.join(run.randomized)}: timings only; every reward, score and "
            f"evaluation of this run is meaningless"
        )
    run.begin()  # then SIGTERM / SIGINT stop at the next safe point

    # -------------------------------------------------------------- the loop
    bar = tqdm(
        range(start + 1, args.iterations + 1),
        disable=not master,
        desc=args.method,
        initial=start,
        total=args.iterations,
    )
    for it in bar:
        # 1. sample: this rank owns groups [rank·gpr, (rank+1)·gpr); prompts and noise depend on the global index only
        t0 = time.time()
        groups = train_graphs(args, it, world * gpr, held_out_prompts)[
            rank * gpr : (rank + 1) * gpr
        ]
        rec = Iteration(
            graphs=[g for g in groups for _ in range(G)],
            group=torch.arange(gpr).repeat_interleave(G),
        )
        with torch.no_grad():
            cond = bb.encode([g.prompt for g in groups]).select(rec.group)
        gens = [
            torch.Generator().manual_seed(seed_of(args.seed, it, rank * gpr + g, j))
            for g in range(gpr)
            for j in range(G)
        ]
        x = torch.cat([bb.noise(1, g) for g in gens]).to(device)
        starts = sample_starts(
            candidates,
            length,
            [
                torch.Generator().manual_seed(seed_of(args.seed, it, rank * gpr + g, j, "window"))
                for g in range(gpr)
                for j in range(G)
            ],
        )  # not the noise's
        rec.roll = rollout(
            lambda x, s: bb.velocity(x, s, cond), x, sigmas, starts, length, args.noise_level, gens
        )
        # 2. score and ground: each atom scored on its own (Eq. 4); where each atom is seen (Sec. 4.2)
        t1 = time.time()
        rec.images, rec.mask = bb.decode(rec.roll.x0).float().cpu(), atom_mask(rec.graphs)
        t_ground = time.time()
        completed = (
            ode_completions(
                lambda x, s, rows: bb.velocity(x, s, cond.select(rows)),
                rec.roll.xs,
                rec.roll.step_index,
                sigmas,
                COMPLETION_STRIDE,
                rec.roll.v,
            )
            if per_step
            else None
        )
        seconds = {
            "ground": time.time() - t_ground
        }  # the grounding's part of the scoring: completions and maps
        map_seeds = [
            seed_of(args.seed, it, rank * gpr + g, "maps") for g in range(gpr)
        ]  # --grounding dit's
        rec.scores, rec.maps = score_and_map(
            bb, scorer, grounder, rec, cond, map_seeds, completed, seconds
        )
        reward = holistic(rec.images, rec.graphs).float() if holistic else None
        run.stop_if_requested(it - 1)  # the rollout in flight is abandoned
        # 3-4. advantages: each atom z-scored within its group (Eq. 6, whole groups per rank), laid on its map (Eq. 7)
        t2 = time.time()
        shuffle = torch.Generator().manual_seed(seed_of(args.seed, it, rank, "shuffle"))
        rec.atom_adv, rec.pixel_adv = method_advantage(
            args.method, rec.scores, rec.group, rec.maps, rec.graphs, res, shuffle, reward
        )
        adv = rec.pixel_adv.flatten(-2).to(
            device
        )  # the token grid is row-major: [N, tokens] or, per step,
        adv = (
            adv if adv.dim() == 3 else adv[:, None].expand(-1, length, -1)
        )  # [N, L, P] (--ground-on step)
        # 5. loss: the clipped GRPO objective per token, weighted by the pixel advantage; AdamW
        t3 = time.time()
        stats, grad_norm, n_skipped = train_step(
            args, learner, processes, cond, sigmas, rec.roll, adv, it
        )
        run.skipped += n_skipped
        t4 = time.time()

        # -------------------------------------------------------------- metrics, stage files, eval, checkpoints
        seconds.update(rollout=t1 - t0, score=t2 - t1, adv=t3 - t2, train=t4 - t3)
        record = dict(
            iteration=it,
            **iteration_metrics(stats, rec, grad_norm, seconds, processes),
            skipped=run.skipped,
        )
        record.update(images_per_s=world * len(rec.graphs) / (t4 - t0), passes=it * per_iteration)
        run.log(record)
        bar.set_postfix(reward=f"{record['reward']:.3f}", loss=f"{record['loss']:.2e}")
        if master and (it == 1 or run.evaluating(it)):
            meta = dict(
                backbone=args.backbone,
                iteration=it,
                prompts=[g.prompt for g in rec.graphs],
                steps=T,
                resolution=res,
                settings=dict(
                    method=args.method,
                    grounding=args.grounding,
                    window=list(candidates),
                    window_length=length,
                    noise_level=args.noise_level,
                    sigmas=sigmas.tolist(),
                    group_size=G,
                ),
            )
            save_stage_files(args.out, rec, **meta)
        run.end_iteration(it, rec)  # overlays, eval, checkpoint, a signal

    return run.finish(
        it, it * per_iteration
    )  # the final eval, base vs trained, final weights, report


if __name__ == "__main__":
    try:
        main()
    except InputError as e:  # a bad input or a damaged checkpoint: its message, not a traceback
        sys.exit(f"error: {e}")
