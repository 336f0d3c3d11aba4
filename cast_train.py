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

import importlib
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
    VLMGrounder,
    method_advantage,
    ode_completions,
    resolution,
    score_and_map,
    uniform_maps,
)
from cast_csg import InputError, atom_mask, normalize, write_atoms
from cast_reward import load_holistic, load_scorer
from cast_window import (
    START,
    calibrate,
    candidate_range,
    clip_similarity,
    exploration,
    fit_knee,
    sample_starts,
    sde_step,
)
from support.assets import check_window, shipped_window
from support.backbone import seed_of
from support.checkpoint import latest_checkpoint, load_trainer_state, save_tensors
from support.config import PRESETS
from support.dit_maps import DenoiserAttention
from support.evaluation import judges
from support.flags import train_parser
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
from support.shapes import sample_shapes_graph
from support.stage_files import save_advantages, save_scores
from support.window import load_window, measure_of, save_window, similarity_of, with_freeze_point

# The settings per backbone (the paper's Table 3; the shapes world's beside them) are support/config.py's PRESETS:
# every flag left unset takes its backbone's value there.
WEIGHT_DECAY = 1e-4  # Flow-GRPO's AdamW weight decay


# ------------------------------------------------- the rollout (Flow-GRPO's SDE step: cast_window), the KL, the loss


def transition_kl(mean, mean_ref, std, sigma, sigma_next):
    """Eq. 9's KL(p_θ(x'|x) ‖ p_ref(x'|x)) per latent token [N, P] between two SDE steps' Gaussians of equal
    variance (std_t·sqrt(−dt))²: KL = mean over channels of (mean_θ − mean_ref)² / (2·(std_t·sqrt(−dt))²), the
    closed form, averaged over channels like log p. `std` is sde_step's std_t; sigma, sigma_next as in sde_step;
    with a = 0 the step is deterministic and KL is 0."""

    def rows(t):  # 0-d stays 0-d; a per-sample value becomes [N, 1], broadcast over tokens
        t = torch.as_tensor(t, device=mean.device).float()
        return t.reshape(-1, 1) if t.dim() else t

    step_var = rows(std) ** 2 * (rows(sigma) - rows(sigma_next))  # (std_t·sqrt(−dt))²
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


def load_grounder(method: str, grounding: str, vlm_path, scorer, device="cpu"):
    """What grounds the atoms, a grounder: maps = grounder(images, graphs, grid) (cast_advantage). For a method
    without maps `uniform_maps`; else by --grounding: `vlm`, the VLM of --vlm-path or the scoring VLM itself (shared:
    score_and_map takes scores and maps from one vision pass), a module:function(images, graphs, grid) -> [N, K, h,
    w], or `dit`, the denoiser's attention (support/dit_maps.py, which grounds the latents)."""
    if method not in USES_MAPS:
        return uniform_maps
    if grounding == "dit":
        return DenoiserAttention()
    if grounding == "vlm":
        if vlm_path:
            from support.vlm import VLM

            return VLMGrounder(VLM(vlm_path, device=device))
        if hasattr(scorer, "grounding_inputs"):
            return VLMGrounder(scorer, shared=True)
        if getattr(scorer, "vlm", None) is not None:  # a dry run's random scorer: its VLM grounds
            return VLMGrounder(scorer.vlm)
        raise InputError(
            "--grounding vlm: the scorer is not a Qwen-VL model; name one with --vlm-path"
        )
    module, name = grounding.split(":")
    return getattr(importlib.import_module(module), name)


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
    ap = train_parser(__doc__, PRESETS, METHODS)
    args = ap.parse_args(argv)
    defaults = {**PRESETS[args.backbone].as_dict(), "window": METHODS[args.method]}
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
            similarity = similarity_of(bb.name, graphs, args.clip_path, bb.device, clip_similarity)
        except ValueError as e:
            raise InputError(f"--window auto without {path} calibrates a window: {e}") from None
        result = calibrate(
            bb, prompts, [0, 1], T, similarity, length=args.window_length, start=start, batch=batch
        )
        if bb.name == "shapes":
            result = with_freeze_point(
                result, bb, graphs, [0, 1], explore, batch, fit_knee, candidate_range
            )
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
        rec.scores, rec.maps, ground_seconds = score_and_map(
            bb, scorer, grounder, rec, cond, map_seeds, completed
        )
        seconds["ground"] += ground_seconds
        reward = holistic(rec.images, rec.graphs).float() if holistic else None
        run.stop_if_requested(it - 1)  # the rollout in flight is abandoned
        # 3-4. advantages: each atom z-scored within its group (Eq. 6, whole groups per rank), laid on its map (Eq. 7)
        t2 = time.time()
        shuffle = torch.Generator().manual_seed(seed_of(args.seed, it, rank, "shuffle"))
        rec.atom_adv, rec.pixel_adv = method_advantage(
            args.method, rec.scores, rec.group, rec.maps, rec.graphs, res, shuffle, reward, per_step
        )
        # the token grid is row-major: [N, L, P], each window step's own map (--ground-on step) or the sample's
        adv = rec.pixel_adv.flatten(-2).to(device)
        adv = adv if per_step else adv[:, None].expand(-1, length, -1)
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
