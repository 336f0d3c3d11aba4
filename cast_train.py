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
  python cast_train.py                      # CAST on the shapes world from assets/shapes_base.safetensors; ends by
                                            # printing base vs trained accuracy (cost and result: README)
  python cast_train.py --method flow_grpo_g2  # the paper's baseline: mean atom score as one reward, CAST's window
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
import json
import math
import os
import sys
import time
from contextlib import nullcontext

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from tqdm import tqdm

from cast_advantage import METHODS, USES_MAPS, attention_maps, method_advantage, resolution, save_overlays
from cast_backbone import sample_ode, save_grid
from cast_checkpoint import (CheckpointError, latest_checkpoint, load_trainer_state, rewind_metrics, save_checkpoint,
                             save_final)
from cast_csg import atom_mask
from cast_curves import draw_curves
from cast_data import (eval_graphs as held_out_graphs, load_grounder, load_holistic, load_scorer, save_stage_files,
                       sde_window, train_graphs)
from cast_eval import compare, evaluate, report, seed_of
from cast_grpo import (grpo_loss, passes_per_iteration, reference_velocity, rollout, sde_step, swapped_in,
                       transition_kl, velocity_passes)
from cast_inputs import InputError, check_train_args
from cast_reward import summarize
from cast_window import sample_starts
from cast_setup import build_policy, start_processes
from cast_shapes_model import ASSETS

# Per-backbone defaults, each a flag. flux2 / qwenimage: the paper's Table 3 (LoRA r 64, α 64, 1024² (the backbones'
# default size), 50 sampling steps for rollouts and evaluation, the backbone's default guidance, G 16, one prompt per
# rank) with Flow-GRPO's lr 3e-4, clip 1e-4 and noise 1.0 / 1.2, which the paper's table does not change; `--steps 10`
# and a smaller `--option height=...` are our faster settings. shapes (ours): all weights, noise 0.7, clip 0.2,
# 8 prompts x 8 samples, 10 Euler steps (a first RL probe); guidance None = the CFG scale saved with the base weights.
# The shapes lr and EMA are the stability recipe (docs/RESULTS.md, "Stable training"): at lr 1e-4 without an EMA both
# methods peaked and fell below the base model within 120 iterations (the weights random-walked: displacement ~
# lr·sqrt(steps)); lr 5e-5 with evaluation on an EMA (decay 0.9) rose and held on the tuning stream (+4.6 ± 1.3 AM at
# 120 iterations) and beat lr 3e-5 alone (+3.6 ± 1.3). The EMA of evaluated weights is ours on every backbone.
# shapes β (KL to the base) 0.02: without it 2 of 3 CAST seeds dipped or faded after ~120 iterations as the window
# steps' velocity drifted (bench/drift.py); with it all 3 rose through 180 (+5.5 / +3.4 / +4.8 AM, strict up, counts
# up), the window drift held at 0.85% instead of growing to 2-4%. β 0.1 halved the gain on the tuning stream. Real
# backbones keep Flow-GRPO's published β 0 (not measured there). These shapes numbers predate the paper's Eq. 4-7.
KEYS = ("steps", "eval_steps", "guidance", "noise_level", "group_size", "groups_per_rank", "full", "lora_rank",
        "lora_alpha", "lr", "ema", "beta", "clip_range", "grad_checkpointing")
BACKBONES = {name: dict(zip(KEYS, row)) for name, row in {
    #            steps eval guidance noise  G  groups full   r   α    lr    ema  β     clip ε grad ckpt
    "shapes":    (10,   10,  None,    0.7,   8, 8,     True,  16, 32,  5e-5, 0.9, 0.02, 0.2,  False),
    "flux2":     (50,   50,  4.0,     1.0,  16, 1,     False, 64, 64,  3e-4, 0.9, 0.0,  1e-4,  True),
    "qwenimage": (50,   50,  4.0,     1.2,  16, 1,     False, 64, 64,  3e-4, 0.9, 0.0,  1e-4,  True),
}.items()}
WEIGHT_DECAY, MAX_GRAD_NORM = 1e-4, 1.0      # Flow-GRPO's AdamW weight decay and gradient clip


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
    a("--method", default="cast", choices=list(METHODS), help="the paper's names (cast_advantage.method_advantage): "
      "cast (Eq. 7 over the atoms' maps), flow_grpo_g2 (mean atom score, one advantage per image), flow_grpo_orig "
      "(a holistic image reward), per_atom (Eq. 7, uniform maps), spatial_image (image advantage x mean atom map), "
      "shuffled (maps permuted among atoms), all in CAST's window; flow_grpo (as G2, in its own full window)")
    a("--grounding", help="where the atoms' maps come from: vlm (the scorer's teacher-forced pass, or --vlm-path's), "
      "dit (the denoiser's own attention: the shapes world's stand-in, its default), or module:function")
    a("--ground-on", default="sample", choices=["sample", "ode"], help="the image the maps are taken on: sample "
      "(the paper's: the finished SDE sample), or ode (ours: the image the same noise gives by the ODE, so the maps "
      "do not depend on the window's sampled noise they weight; costs one ODE rollout)")
    a("--vlm-path", help="a local Qwen3-VL / Qwen2.5-VL folder that grounds when the scorer is not that VLM")
    a("--aesthetic-path", help="flow_grpo_orig on a real backbone: the LAION aesthetic head (.safetensors) "
      "on --clip-path's CLIP ViT-L/14; the shapes world's holistic reward is how cleanly shapes are drawn")
    a("--window", help="auto (the paper's: each trajectory's window of --window-length steps starts at random among "
      "the calibrated candidates, cast_window) | full (Flow-GRPO's: steps [0, T-1), the last one deterministic) | "
      "A:B (steps [A, B) get the SDE step, for every trajectory)")
    a("--window-file", help="default <out>/window.safetensors, calibrated by cast_window when missing")
    a("--window-length", type=int, default=2, help="auto: L, the SDE steps of "
      "each trajectory's window (the paper's L = 2)")
    a("--window-prompts", type=int, default=32, help="auto calibration: prompts x 2 seeds (cast_window's CLI)")
    a("--clip-path", help="auto calibration on a real backbone: a local CLIP folder (ViT-L/14 in the paper), the "
      "similarity of each step's clean estimate to the prompt (cast_window.clip_similarity)")
    a("--prompts", help="training prompts with their atoms: atoms.jsonl (python cast_csg.py pool / read), a GenEval 2 "
      "or GenEval file, or prompts in the generator's grammar one a line (default: the shapes world's generator)")
    a("--eval-prompts", help="held-out prompts, as --prompts (default: shapes prompts from a separate stream)")
    a("--eval-size", type=int, default=250, help="shapes eval prompts (x --eval-samples 2: AM to about ±1.2 points)")
    a("--eval-samples", type=int, default=2, help="fixed seeds per eval prompt")
    # 120, not 60 (measured with the method before the paper's Eq. 4-7): at 60 the three seeds gained +2.0 / +3.4 /
    # +1.2 AM, within the eval's noise; at 120 seed 0 gained +4.1 ± 1.2 (3.4 SE). The paper's CAST at 120: −5.9 ± 1.5
    # (docs/RESULTS.md)
    a("--iterations", type=int, default=120, help="rollout + update rounds")
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
    a("--ema", type=float, help="decay of an EMA of the trained weights, which evaluation and final/ use (0: off)")
    a("--full", action=on_off, help="all weights instead of LoRA (default: shapes yes, real backbones no)")
    a("--lora-rank", type=int)
    a("--lora-alpha", type=int)
    a("--fsdp", action="store_true", help="shard the transformer with FSDP2 instead of DDP (under torchrun)")
    a("--grad-checkpointing", action=on_off, help="default: on for real backbones")
    a("--threads", type=int, default=0, help="torch threads per process; 0: cpu_count // local world size")
    a("--seed", type=int, default=0)
    a("--eval-seed", type=int, default=0, help="eval prompts and noise (a stream apart from training's)")
    a("--out", help="run folder (default runs/<method>)")
    a("--eval-every", type=int, default=30)
    a("--save-every", type=int, default=20)
    a("--overlay-images", type=int, default=8, help="rows of overlays_step_N.png (0: none)")
    a("--resume", action="store_true", help="continue from the newest checkpoint in --out")
    a("--skip-bad-prompts", action="store_true", help="drop the --prompts / --eval-prompts lines that give no atoms, "
      "with a warning listing them, instead of stopping (lines the text encoder cannot read still stop the run)")
    a("--plot", metavar="RUN_DIR", help="redraw RUN_DIR/curves.png from its metrics.jsonl, then exit")
    a("--debug-nan-at-step", type=int, default=-1, help="test hook: the loss is NaN at this iteration")
    args = ap.parse_args(argv)
    if args.plot:
        if not os.path.isfile(os.path.join(args.plot, "metrics.jsonl")):
            ap.error(f"--plot {args.plot}: no metrics.jsonl there (is it a cast_train run folder?)")
        return args
    for k, v in {**BACKBONES[args.backbone], "window": METHODS[args.method]}.items():
        if getattr(args, k) is None:
            setattr(args, k, v)
    args.grounding = args.grounding or ("vlm" if args.vlm_path or args.backbone != "shapes" else "dit")
    args.out = args.out or os.path.join("runs", args.method)
    check_train_args(ap, args)      # every flag checked before anything loads: argparse's error, exit code 2
    return args


# ------------------------------------------------------------------------------------------------ the stages

def score_and_map(args, bb, scorer, grounder, images, x0, x, cond, graphs, it, rank):
    """(scores [N, K], maps [N, K, h, w]): every atom scored on its image (Eq. 4) and, for the methods that use
    maps, each atom's grounding map w_k,p on the denoiser's patch grid (Sec. 4.2): from the scoring VLM's own
    teacher-forced pass (its vision features shared with scoring), another VLM's, the denoiser's attention (the
    shapes stand-in), or a module:function; on the sample (the paper's) or, with --ground-on ode, on the image the
    noise x gives by the ODE. Other methods: uniform unit maps. Padding atoms: zero maps."""
    N, G, grid = len(graphs), args.group_size, bb.grid
    mask = atom_mask(graphs).float()[..., None, None]
    if args.method not in USES_MAPS:
        return scorer(images, graphs).float(), torch.ones(*mask.shape[:2], *grid) * mask
    if args.ground_on == "sample" and grounder is scorer:    # one vision pass for both (cast_vlm.score_and_ground)
        scores, _, maps = scorer.score_and_ground(images, graphs, grid)
        return scores.float(), maps.float().cpu()
    scores = scorer(images, graphs).float()
    if args.ground_on == "ode":
        with torch.no_grad():
            x0 = sample_ode(bb, cond, x, args.steps)
        images = bb.decode(x0).float().cpu()
    if args.grounding != "dit":
        ground = grounder.ground if grounder is scorer else grounder
        return scores, ground(images, graphs, grid).float().cpu()
    maps = torch.zeros(*mask.shape[:2], *grid)
    for g in range(N // G):                                  # per group: its seed does not depend on ranks
        sl = slice(g * G, (g + 1) * G)
        m = attention_maps(bb, x0[sl], cond.select(torch.arange(N)[sl]), graphs[sl],
                           seed=seed_of(args.seed, it, rank * args.groups_per_rank + g, "maps"))
        maps[sl, :m.shape[1]] = m.cpu()
    return scores, maps


def train_step(args, bb, train_policy, ref, opt, params, ema, cond, sigmas, step_index, xs, xs_next, old_log_prob,
               adv, it, distributed, master):
    """--epochs optimizer steps on one rollout: per epoch one backward per window position j (memory: one step's
    graph), the positions' gradients summed, then AdamW, never on a non-finite loss or gradient. Sample n's window
    position j is its step step_index[n, j], so it is scored with its own σ = sigmas[step_index[:, j]] (a [N] sigma
    for the policy). Returns the per-position stats [loss, clip fraction, approx KL, KL, max |Δ log p|], the last
    gradient norm and the number of skipped steps."""
    stats, skipped, device, L = [], 0, xs.device, step_index.shape[1]
    for epoch in range(args.epochs):
        for j in range(L):
            last = j == L - 1
            i = step_index[:, j].to(sigmas.device)
            sigma, sigma_next = sigmas[i], sigmas[i + 1]
            if args.fsdp:
                bb.transformer.set_requires_gradient_sync(last)
            with train_policy.no_sync() if isinstance(train_policy, DDP) and not last else nullcontext():
                v = train_policy(xs[:, j], sigma, cond)
                _, log_prob, mean, std = sde_step(xs[:, j], v, sigma, sigma_next, args.noise_level,
                                                  x_next=xs_next[:, j])
                loss, ratio = grpo_loss(log_prob, old_log_prob[:, j], adv, args.clip_range)
                kl = torch.zeros((), device=device)
                if args.beta > 0:   # KL of the step's Gaussian to the reference's (cast_grpo.transition_kl)
                    with torch.no_grad():
                        v_ref = reference_velocity(bb, ref, xs[:, j], sigma, cond)
                        mean_ref = sde_step(xs[:, j], v_ref, sigma, sigma_next, args.noise_level)[2]
                    kl = transition_kl(mean, mean_ref, std, sigma, sigma_next).mean()
                    loss = loss + args.beta * kl
                if it == args.debug_nan_at_step:
                    loss = loss * float("nan")
                (loss / L).backward()
            d = (log_prob - old_log_prob[:, j]).detach()
            stats.append([loss.item(), ((ratio - 1).abs() > args.clip_range).float().mean().item(),
                          0.5 * (d ** 2).mean().item(), kl.item(), d.abs().max().item() if epoch == 0 else 0])
        bad = torch.tensor([float(not math.isfinite(row[0])) for row in stats[-L:]], device=device).max()
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
                for e, p in zip(ema, params):    # one tensor at a time: FSDP2's DTensors have no _foreach_lerp_
                    e.lerp_(p.detach(), 1 - args.ema)
        opt.zero_grad(set_to_none=True)
    return stats, grad_norm, skipped


def iteration_metrics(stats, scores, mask, pixel_adv, grad_norm, times, distributed, world, device):
    """One metrics.jsonl record's numbers, averaged over ranks (the peak |Δ log p|: their max). adv_clipped: the
    share of patches whose Eq. 7 value sits at the ±5 clip; adv_rms: the map's root mean square."""
    s = torch.tensor(stats, dtype=torch.float64)        # per step: loss, clip frac, approx KL, KL, max |Δ log p|
    t0, t1, t2, t3, t4 = times
    m = torch.tensor([((scores * mask).sum(1) / mask.sum(1)).mean(), *s[:, :4].mean(0), grad_norm, t1 - t0,
                      t2 - t1, t3 - t2, t4 - t3, (pixel_adv.abs() >= 5).double().mean(),
                      pixel_adv.double().pow(2).mean().sqrt()], dtype=torch.float64, device=device)
    peak = s[:, 4].max().to(device)
    if distributed:
        dist.all_reduce(m)
        dist.all_reduce(peak, op=dist.ReduceOp.MAX)
        m /= world
    keys = "reward loss clip_frac approx_kl kl grad_norm t_rollout t_score t_adv t_train adv_clipped adv_rms".split()
    return dict(**dict(zip(keys, m.tolist())), log_ratio_max=peak.item())


# ------------------------------------------------------------------------------------------------ the run

def main(argv=None):
    args = parse_args(argv)
    if args.plot:
        print(f"wrote {draw_curves(args.plot)}")
        return None
    # -------------------------------------------------------------- setup: processes, the policy, the scorer
    distributed, rank, world, device = start_processes(args)
    torch.manual_seed(args.seed)                                                 # LoRA init: the same on every rank
    master, gpr, G, T = rank == 0, args.groups_per_rank, args.group_size, args.steps
    os.makedirs(args.out, exist_ok=True)
    say = print if master else lambda _: None
    ckpt = latest_checkpoint(args.out, warn=say) if args.resume else None     # verified; damaged ones are named
    bb, net, lora, ref, policy, train_policy, state = build_policy(args, device, ckpt, distributed, say)
    params = [p for p in net.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=args.lr, weight_decay=WEIGHT_DECAY)
    # the EMA of the trained weights (Flow-GRPO evaluates one): w_ema <- d·w_ema + (1 − d)·w after every step
    ema = [p.detach().clone() for p in params] if args.ema > 0 else None
    if ckpt:
        load_trainer_state(ckpt, state, net, opt, ema)
    scorer = load_scorer(args.scorer_path or "shapes", device)
    grounder = load_grounder(args, scorer, device) if args.method in USES_MAPS else None
    holistic = load_holistic(args, device) if args.method == "flow_grpo_orig" else None
    res = resolution(getattr(scorer, "dtype", torch.float32))          # Eq. 6's floor on a group's spread

    # -------------------------------------------------------------- eval prompts, the schedule, the SDE window
    eval_graphs = held_out_graphs(args)
    eval_list = [g.prompt for g in eval_graphs]
    held_out = frozenset(eval_list)
    sigmas = bb.sigmas(T).float().to(device)
    candidates, length = sde_window(args, bb, sigmas, held_out, master)    # each trajectory: [s, s + length)
    with torch.no_grad():
        per_iteration = passes_per_iteration(
            world * gpr * G, T, length, velocity_passes(bb, bb.noise(1, torch.Generator().manual_seed(0)).to(
                device), sigmas[0], bb.encode(eval_list[:1])), args.method in USES_MAPS and args.grounding == "dit",
            args.epochs, args.beta > 0, args.method in USES_MAPS and args.ground_on == "ode")
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
            scores, items, images = evaluate(bb, scorer, eval_graphs, args, rank, world)
        summary = summaries[step] = summarize(scores, items)
        log({"eval": True, "iteration": step, **summary})
        if master:
            save_grid(images, os.path.join(args.out, f"samples_step_{step}.png"), [g.prompt for g in items[:32]])
            draw_curves(args.out)
            tqdm.write(f"eval at {step}: atom accuracy (AM) {summary['am']:.3f} ± {summary['am_se']:.3f}, "
                       f"GM {summary['gm']:.3f}, strict {summary['strict']:.3f}")
        return scores, items

    it = start = state.get("iteration", 0)
    if master:
        a, b = candidates
        where = (f"SDE window [{a}, {b})" if b - a == length else f"SDE window of {length} steps per trajectory, "
                 f"start ~ Uniform{{{a}..{b - length}}} (candidates [{a}, {b}))")
        maps = f", maps from {args.grounding}" if args.method in USES_MAPS else ""
        print(f"{args.method} on {args.backbone}: {'LoRA' if lora else 'all weights'}, {where} of {T} steps{maps}, "
              f"{world} x {gpr} groups x {G} samples; "
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
        # 1. sample: this rank owns groups [rank·gpr, (rank+1)·gpr); prompts and noise depend on the global index only
        t0 = time.time()
        groups = train_graphs(args, it, world * gpr, held_out)[rank * gpr:(rank + 1) * gpr]
        prompts = [g.prompt for g in groups]
        group = torch.arange(gpr).repeat_interleave(G)
        graphs = [g for g in groups for _ in range(G)]
        with torch.no_grad():
            cond = bb.encode(prompts).select(group)
        gens = [torch.Generator().manual_seed(seed_of(args.seed, it, rank * gpr + g, j)) for g in range(gpr)
                for j in range(G)]
        x = torch.cat([bb.noise(1, g) for g in gens]).to(device)
        starts = sample_starts(candidates, length, [torch.Generator().manual_seed(seed_of(
            args.seed, it, rank * gpr + g, j, "window")) for g in range(gpr) for j in range(G)])   # not the noise's
        x0, xs, xs_next, old_log_prob, step_index = rollout(lambda x, s: policy(x, s, cond), x, sigmas, starts,
                                                            length, args.noise_level, gens)
        # 2. score and ground: each atom scored on its own (Eq. 4); where each atom is seen (Sec. 4.2)
        t1 = time.time()
        images = bb.decode(x0).float().cpu()
        mask = atom_mask(graphs)
        scores, maps = score_and_map(args, bb, scorer, grounder, images, x0, x, cond, graphs, it, rank)
        reward = holistic(images, graphs).float() if holistic else None
        # 3-4. advantages: each atom z-scored within its group (Eq. 6, whole groups per rank), laid on its map (Eq. 7)
        t2 = time.time()
        atom_adv, pixel_adv = method_advantage(args.method, scores, mask, group, maps, graphs, res,
                                               torch.Generator().manual_seed(seed_of(args.seed, it, rank, "shuffle")),
                                               reward)
        adv = pixel_adv.flatten(1).to(device)                           # [N, L]: the token grid is row-major
        # 5. loss: the clipped GRPO objective per token, weighted by the pixel advantage; AdamW
        t3 = time.time()
        stats, grad_norm, n_skipped = train_step(args, bb, train_policy, ref, opt, params, ema, cond, sigmas,
                                                 step_index, xs, xs_next, old_log_prob, adv, it, distributed, master)
        skipped += n_skipped
        t4 = time.time()

        # -------------------------------------------------------------- metrics, stage files, eval, checkpoints
        record = dict(iteration=it, **iteration_metrics(stats, scores, mask, pixel_adv, grad_norm, (t0, t1, t2, t3, t4),
                                                        distributed, world, device), skipped=skipped)
        record.update(images_per_s=world * len(graphs) / (t4 - t0), passes=it * per_iteration)
        log(record)
        bar.set_postfix(reward=f"{record['reward']:.3f}", loss=f"{record['loss']:.2e}")
        evaluate_now = it % args.eval_every == 0 or it == args.iterations
        if master and (it == 1 or evaluate_now):
            meta = dict(backbone=args.backbone, iteration=it, prompts=[g.prompt for g in graphs], steps=T,
                        resolution=res, settings=dict(method=args.method, grounding=args.grounding,
                                                      window=list(candidates), window_length=length,
                                                      noise_level=args.noise_level, sigmas=sigmas.tolist(),
                                                      group_size=G))
            save_stage_files(args.out, graphs, group, x0, xs, xs_next, old_log_prob, step_index, images, scores,
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
