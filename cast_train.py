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
                                            # trained accuracy on 2,000 held-out images (what it measures and how
                                            # long it takes: the README, docs/RESULTS.md)
  python cast_train.py --scorer-path assets/shapes_vlm   # the same, rewarded by the world's VLM (Soft-TIFA)
  python cast_train.py --method flow_grpo_g2  # the paper's baseline: mean atom score as one reward, CAST's window
  torchrun --nproc_per_node=2 cast_train.py # the same run on 2 processes (gloo on CPU, NCCL on GPU)
  torchrun --nproc_per_node=8 cast_train.py --backbone qwenimage --model-path /models/Qwen-Image-2512 \
      --scorer-path /models/Qwen3-VL-8B-Instruct --prompts train.txt --eval-prompts eval.txt --fsdp
  torchrun --nnodes=4 --node_rank=$NODE --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=$HEAD:29500 \
      cast_train.py --backbone flux2 --model-path /models/FLUX.2-dev --scorer-path /models/Qwen3-VL-8B-Instruct \
      --prompts train.txt --eval-prompts eval.txt --fsdp          # run on every node, NODE = 0..3
  python cast_train.py --out runs/cast --resume                   # continue from the newest checkpoint there

The settings: support/config.py's preset of the backbone, then the flags (support/flags.py).
Writes into --out (rank 0; the folder is locked for the run): config.json, metrics.jsonl, curves.png, sample grids,
overlays, window.safetensors, the stage files of iteration 1 and of every eval (`python cast_advantage.py --run DIR` redoes
that stage) and checkpoints/step_N/. SIGTERM / SIGINT checkpoint the last finished iteration and exit 143 / 130.
"""

from __future__ import annotations

import importlib
import os
import random
import sys
from contextlib import nullcontext

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
from cast_csg import InputError, atom_mask, normalize
from cast_reward import load_holistic, load_scorer
from cast_window import (
    START,
    Rollout,
    calibrate,
    candidate_range,
    clip_similarity,
    exploration,
    fit_knee,
    rollout,
    sample_starts,
    sde_step,
)
from support.backbone import iteration_draws
from support.checkpoint import latest_checkpoint, load_trainer_state, torchrun_restart
from support.config import PRESETS
from support.dit_maps import DenoiserAttention
from support.evaluation import judges
from support.flags import train_parser
from support.inputs import check_train_args, held_out_graphs, prompt_graphs
from support.models import default_models
from support.oracle import ShapesOracle
from support.pictures import describe_window
from support.run import (
    Iteration,
    Learner,
    Policy,
    Stopwatch,
    build_policy,
    completion_steps,
    models_line,
    optimizer_step,
    passes_per_iteration,
    reference_velocity,
    start_processes,
    velocity_passes,
)
from support.run_folder import (
    RunGuard,
    RunRecord,
    check_resume,
    check_room,
    iteration_metrics,
    peer_lost,
    peer_lost_line,
    run_inputs,
)
from support.shapes import sample_shapes_graph
from support.stage_files import save_stage_files, stage_settings
from support.window import run_window, with_freeze_point

WEIGHT_DECAY = 1e-4  # Flow-GRPO's AdamW weight decay


# ---------------------------------------------------- Eq. 9: the clipped loss and its KL (the SDE step: cast_window)


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
    clipped = ratio.clamp(1 - clip_range, 1 + clip_range)
    return -torch.minimum(ratio * adv, clipped * adv).mean(), ratio


# ------------------------------------------------------------------------------------------------ the grounder, the step


def train_graphs(args, iteration, n, held_out_prompts=frozenset()):
    """The n scene graphs of one iteration (all ranks compute the same list). From --prompts: the file in a fresh
    order per pass (its overlap with the eval prompts was refused or allowed: support.inputs.overlap_problem).
    Else the shapes world's generator from the stream ("train", seed, iteration), skipping the held-out prompts
    compared as the paper keeps its pool apart from what it evaluates on: after `cast_csg.normalize`."""
    if args.prompts:
        graphs = prompt_graphs(args.prompts, args.skip_bad_prompts)
        orders, out = {}, []
        for k in range(iteration * n, (iteration + 1) * n):
            epoch, pos = divmod(k, len(graphs))
            if epoch not in orders:  # a fresh shuffle per pass over the file
                shuffle = random.Random(f"train/{args.seed}/{epoch}")
                orders[epoch] = shuffle.sample(graphs, len(graphs))
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
    w], `dit`, the denoiser's attention (support/dit_maps.py, which grounds the latents), or `oracle`, the shapes
    verifier's exact object masks (support/oracle.py: an upper bound no real verifier gives)."""
    if method not in USES_MAPS:
        return uniform_maps
    if grounding == "dit":
        return DenoiserAttention()
    if grounding == "oracle":
        return ShapesOracle()
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


def train_step(
    learner: Learner,
    cond,
    sigmas,
    roll: Rollout,
    adv,
    optimizer_step,
    *,
    epochs,
    noise_level,
    clip_range,
    beta,
    fsdp,
) -> tuple:
    """`epochs` optimizer steps on one rollout: per epoch one backward per window position j (memory: one step's
    graph), the positions' gradients summed, then `optimizer_step(losses)` (AdamW, which skips a non-finite loss or
    gradient). Sample n's window position j is its step step_index[n, j], so it is scored with its own
    σ = sigmas[step_index[:, j]] (a [N] sigma for the policy); noise_level a of the SDE step, clip_range ε, beta β
    of Eq. 9; fsdp: the transformer is FSDP2-sharded (its gradients sync at the last position only). Returns the
    per-position stats [loss, clip fraction, approx KL, KL, max |Δ log p|], the last gradient norm and the number
    of skipped steps."""
    bb, policy = learner.bb, learner.policy
    device, L = roll.xs.device, roll.step_index.shape[1]
    stats, skipped = [], 0
    for epoch in range(epochs):
        for j in range(L):
            last = j == L - 1
            i = roll.step_index[:, j].to(sigmas.device)
            sigma, sigma_next = sigmas[i], sigmas[i + 1]
            if fsdp:
                bb.transformer.set_requires_gradient_sync(last)
            with policy.no_sync() if isinstance(policy, DDP) and not last else nullcontext():
                x, x_next = roll.xs[:, j], roll.xs_next[:, j]
                v = policy(x, sigma, cond)
                _, log_prob, mean, std = sde_step(
                    x, v, sigma, sigma_next, noise_level, x_next=x_next
                )
                loss, ratio = grpo_loss(log_prob, roll.log_prob[:, j], adv[:, j], clip_range)
                kl = torch.zeros((), device=device)
                # Eq. 9's KL to the reference: the base model (LoRA off) or a frozen copy
                if beta > 0:
                    with torch.no_grad():
                        v_ref = reference_velocity(bb, learner.ref, x, sigma, cond)
                        mean_ref = sde_step(x, v_ref, sigma, sigma_next, noise_level)[2]
                    kl = transition_kl(mean, mean_ref, std, sigma, sigma_next).mean()
                    loss = loss + beta * kl
                (loss / L).backward()
            d = (log_prob - roll.log_prob[:, j]).detach()
            clipped = ((ratio - 1).abs() > clip_range).float().mean().item()
            max_change = d.abs().max().item() if epoch == 0 else 0
            stats.append([loss.item(), clipped, 0.5 * (d**2).mean().item(), kl.item(), max_change])
        losses = torch.tensor([row[0] for row in stats[-L:]], device=device)
        grad_norm, stepped = optimizer_step(losses)
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
    # every flag checked before anything loads: argparse's error, exit code 2
    check_train_args(ap, args)
    return args


# ------------------------------------------------------------------------------------------------ the run


def main(argv=None):
    args = parse_args(argv)
    with RunGuard() as guard:  # the folder's lock, and SIGTERM / SIGINT: checkpoint, then exit
        try:
            return train(args, guard)
        except (
            Exception
        ) as e:  # a peer died or stopped answering: say so and where to continue from
            if not peer_lost(e):
                raise
            sys.exit(f"error: {peer_lost_line(args.out, e)}")


def window_for_run(args, bb, sigmas, graphs, master, explore=None):
    """(candidates (a, b), L): each trajectory's window is [s, s + L), s ~ Uniform{a, ..., b − L}. full: Flow-GRPO's
    fixed [0, T − 1); A:B: the fixed [A, B) (both: L = b − a, one start); auto: the paper's, from a checked window
    file, else calibrated on `graphs` x 2 seeds (support.window.run_window), on the shapes world with its
    layout-freeze point measured by `explore` (default: the run's own SDE step). A dry run without --clip-path has
    nothing to calibrate with: the fixed [a, a + L), said so."""
    T, L = len(sigmas) - 1, args.window_length
    if args.window == "full":
        # Flow-GRPO trains steps 0..T−2; its last step (σ → 0) stays deterministic
        return (0, T - 1), T - 1
    if args.window != "auto":  # A:B, checked against --steps in parse_args
        a, b = (int(s) for s in args.window.split(":"))
        return (a, b), b - a
    start = START.get(bb.name, 0)
    if args.model_path == "random" and not args.clip_path and not args.window_file:
        if master:
            print(
                f"window: a dry run has no CLIP to calibrate with: the fixed [{start}, {start + L})"
                f" of the paper's length L = {L}"
            )
        return (start, start + L), L

    def calibrated(similarity):
        # Eq. 10-11 in batches of the rollout's size; on the shapes world the layout-freeze point, measured with
        # the run's own SDE step, keeps or replaces the stand-in's knee
        batch = args.groups_per_rank * args.group_size
        prompts = [g.prompt for g in graphs]
        result = calibrate(bb, prompts, [0, 1], T, similarity, length=L, start=start, batch=batch)
        if bb.name == "shapes":
            step = explore or exploration(args.noise_level)
            result = with_freeze_point(
                result, bb, graphs, [0, 1], step, batch, fit_knee, candidate_range
            )
        return result

    result = run_window(args, bb, sigmas, graphs, master, calibrated, clip_similarity)
    return tuple(int(s) for s in result["candidates"].tolist()), int(result["length"])


def train(args, guard):
    # ---------------------------------------------------------------- setup: processes, the folder, the policy
    processes = start_processes(args)
    distributed, rank, world, device = processes
    torch.manual_seed(args.seed)  # LoRA init: the same on every rank
    master, gpr, G, T = processes.master, args.groups_per_rank, args.group_size, args.steps
    say = print if master else lambda _: None
    # one run per folder; another run's files need --overwrite; a resumed run continues only its own settings;
    # a torchrun restart (--max-restarts) of this run's own launch resumes by itself
    restart = torchrun_restart(args.out)
    guard.claim(args, master, distributed, say, resume=args.resume or restart > 0)
    ckpt = latest_checkpoint(args.out, warn=say) if args.resume or restart else None  # verified
    if ckpt:
        check_resume(ckpt, args, run_inputs(args, world), say)
    if restart:
        say(
            f"torchrun restart {restart}: continuing {args.out} from "
            + (f"{ckpt} with the same settings" if ckpt else "iteration 0 (no checkpoint yet)")
        )
    bb, net, lora, ref, state = build_policy(args, device, ckpt, say)
    policy = Policy(bb, net)
    if distributed and not args.fsdp:
        # inputs are on this rank's device and the buffers (positions) agree: no buffer sync
        policy = DDP(policy, device_ids=None, forward_sync_buffers=False)
    params = [p for p in net.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=args.lr, weight_decay=WEIGHT_DECAY)
    # the EMA of the weights that evaluation and final/ use: w_ema ← d·w_ema + (1 − d)·w per step
    ema = [p.detach().clone() for p in params] if args.ema > 0 else None
    learner = Learner(bb, net, lora, ref, policy, params, opt, ema)
    if ckpt:
        load_trainer_state(ckpt, state, net, opt, ema)
    if master:
        # a checkpoint fits on --out's disk, before any compute
        check_room(args.out, net, lora, ema)

    # ---------------------------------------------------------------- the scorer (Eq. 4), the grounder (Sec. 4.2)
    # --scorer-path random (a dry run): uniform scores and, where a VLM grounds, a random-weight one of Qwen3-VL-8B's
    # size (or of a random backbone's --option vlm_config: the tests' tiny one)
    uses_maps = args.method in USES_MAPS
    needs_vlm = uses_maps and args.grounding == "vlm" and not args.vlm_path
    scorer = load_scorer(
        args.scorer_path, device, vlm=needs_vlm, vlm_config=getattr(bb, "vlm_config", None)
    )
    # who judges the evaluations: the scorer; on the shapes world its verifier, with the scorer beside it
    judging = judges(args, scorer)
    grounder = load_grounder(args.method, args.grounding, args.vlm_path, scorer, device)
    say(models_line(args, scorer, grounder, uses_maps, "scorer" in judging))
    holistic = None
    if args.method == "flow_grpo_orig":
        holistic = load_holistic(args.backbone, args.clip_path, args.aesthetic_path, device)
    res = resolution(getattr(scorer, "dtype", torch.float32))  # Eq. 6's floor on a group's spread

    # ---------------------------------------------------------------- eval prompts, the schedule, the SDE window
    held_out = held_out_graphs(args)  # the evaluations' scene graphs, never trained on
    held_out_prompts = frozenset(g.prompt for g in held_out)
    sigmas = bb.sigmas(T).float().to(device)
    # the window's calibration prompts: iteration 0 of the training stream, which never trains
    calibration = train_graphs(args, 0, args.window_prompts, held_out_prompts)
    candidates, length = window_for_run(args, bb, sigmas, calibration, master)
    per_step = uses_maps and args.ground_on == "step"  # maps per window step, on ODE completions
    # the compute of one iteration in transformer passes over one image (methods compare at equal compute)
    velocity_cost = velocity_passes(bb, sigmas[0], held_out[0].prompt)  # a call, CFG included
    dit_maps = (length if per_step else 1) * (uses_maps and args.grounding == "dit")
    completion = completion_steps(candidates, length, T, COMPLETION_STRIDE) if per_step else 0
    per_iteration = passes_per_iteration(
        world * gpr * G, T, length, velocity_cost, dit_maps, args.epochs, args.beta > 0, completion
    )
    if args.budget:
        args.iterations = max(1, int(args.budget // per_iteration))
    stage_meta = stage_settings(args, res, candidates, length, sigmas)  # beside their tensors
    # the loss's settings (train_step)
    hp = {k: getattr(args, k) for k in ("epochs", "noise_level", "clip_range", "beta", "fsdp")}

    # ---------------------------------------------------------------- the run's record, the base model's evaluation
    run = RunRecord(args, guard, learner, judging, held_out, ckpt, state, processes)
    it = start = run.start
    say(run.describe(lora, describe_window(candidates, length), per_iteration))
    run.begin()  # from here SIGTERM / SIGINT stop at the next safe point

    # ---------------------------------------------------------------- the loop
    iterations = range(start + 1, args.iterations + 1)
    bar = tqdm(
        iterations, desc=args.method, initial=start, total=args.iterations, disable=not master
    )
    for it in bar:
        clock, draws = Stopwatch(), iteration_draws(args.seed, it, rank, gpr, G)
        # 1. sample: this rank owns groups [rank·gpr, (rank+1)·gpr); prompts and noise depend on the global index only
        with clock("rollout"):
            first = rank * gpr
            groups = train_graphs(args, it, world * gpr, held_out_prompts)[first : first + gpr]
            graphs = [g for g in groups for _ in range(G)]  # G samples of each prompt
            group = torch.arange(gpr).repeat_interleave(G)
            rec = Iteration(graphs=graphs, group=group)
            with torch.no_grad():
                cond = bb.encode([g.prompt for g in groups]).select(group)
            x = torch.cat([bb.noise(1, g) for g in draws.noise]).to(device)
            starts = sample_starts(candidates, length, draws.window)
            velocity = lambda x, s: bb.velocity(x, s, cond)  # noqa: E731
            rec.roll = rollout(velocity, x, sigmas, starts, length, args.noise_level, draws.noise)
        # 2. score each atom on its own (Eq. 4); 3. ground it: where each atom is seen (Sec. 4.2)
        with clock("score"):
            rec.images, rec.mask = bb.decode(rec.roll.x0).float().cpu(), atom_mask(graphs)
            completed = None
            if per_step:  # window step j's maps on the ODE completion of the state before its noise
                with clock("ground"):
                    rows_velocity = lambda x, s, rows: bb.velocity(x, s, cond.select(rows))  # noqa: E731
                    roll = rec.roll
                    completed = ode_completions(
                        rows_velocity, roll.xs, roll.step_index, sigmas, COMPLETION_STRIDE, roll.v
                    )
            scored = score_and_map(bb, scorer, grounder, rec, cond, draws.maps, completed)
            rec.scores, rec.maps = scored.scores, scored.maps
            clock.add("ground", scored.seconds)
            reward = holistic(rec.images, graphs).float() if holistic else None
            run.stop_if_requested(it - 1)  # the rollout in flight is abandoned
        # 4. advantages: each atom z-scored within its group (Eq. 6, whole groups per rank), laid on its map (Eq. 7)
        with clock("adv"):
            method = args.method
            rec.atom_adv, rec.pixel_adv = method_advantage(
                method,
                rec.scores,
                group,
                rec.maps,
                graphs,
                res,
                draws.shuffle,
                reward,
                per_step,
                args.map_clip,
            )
            # the token grid is row-major: [N, L, P], each window step's own map or the sample's for every step
            adv = rec.pixel_adv.flatten(-2).to(device)
            adv = adv if per_step else adv[:, None].expand(-1, length, -1)
        # 5. loss: the clipped GRPO objective per token, weighted by the pixel advantage (Eq. 9); 6. AdamW's step
        with clock("train"):
            step = lambda losses: optimizer_step(args, learner, losses, it, processes)  # noqa: E731
            stats, grad_norm, skipped = train_step(learner, cond, sigmas, rec.roll, adv, step, **hp)
        run.skipped += skipped

        # 7. record: metrics, the stage files, evaluations, checkpoints
        metrics = iteration_metrics(stats, rec, grad_norm, clock.seconds, processes)
        speed = dict(images_per_s=world * len(graphs) / clock.total(), passes=it * per_iteration)
        run.log(dict(iteration=it, **metrics, skipped=run.skipped, **speed))
        bar.set_postfix(reward=f"{metrics['reward']:.3f}", loss=f"{metrics['loss']:.2e}")
        if master and (it == 1 or run.evaluating(it)):
            save_stage_files(args.out, rec, it, **stage_meta)
        run.end_iteration(it, rec)  # overlays, eval, checkpoint, a signal

    # the final evaluation, base vs trained, the final weights, the report
    return run.finish(it, it * per_iteration)


if __name__ == "__main__":
    try:
        main()
    except InputError as e:  # a bad input or a damaged checkpoint: its message, not a traceback
        sys.exit(f"error: {e}")
