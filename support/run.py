"""support/run.py: what cast_train does before its loop (the processes torchrun started, the policy), the EMA swap,
and the compute per iteration.
"""

from __future__ import annotations

import copy
import datetime
import json
import math
import os
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import NamedTuple

import torch
import torch.distributed as dist
import torch.nn as nn
from tqdm import tqdm

from support.checkpoint import load_weights
from support.inputs import check_prompt_files
from support.models import load_backbone


class Stopwatch:
    """Seconds per stage of one iteration: `with clock("rollout"): ...` adds the block's wall time to
    clock.seconds["rollout"]; blocks may nest (a stage's part timed inside it)."""

    def __init__(self):
        self.seconds, self.start = {}, time.time()

    @contextmanager
    def __call__(self, stage: str):
        t = time.time()
        try:
            yield
        finally:
            self.add(stage, time.time() - t)

    def add(self, stage: str, seconds: float) -> None:
        self.seconds[stage] = self.seconds.get(stage, 0.0) + seconds

    def total(self) -> float:
        return time.time() - self.start


MAX_GRAD_NORM = 1.0  # Flow-GRPO's gradient clip
GUIDANCE_KW = {
    "shapes": "guidance_scale",
    "flux2": "guidance_scale",
    "qwenimage": "true_cfg_scale",
}  # load_backbone's


class Processes(NamedTuple):
    """This process's place in the run: torchrun's (one process alone: rank 0 of 1, not distributed)."""

    distributed: bool
    rank: int
    world: int
    device: torch.device

    @property
    def master(self) -> bool:  # rank 0 writes the run's files and prints
        return self.rank == 0


@dataclass
class Learner:
    """What trains and what it is measured against: the backbone `bb`; `net`, the module whose weights the optimizer
    and the checkpoints hold (the LoRA-adapted transformer, or with --full the whole denoiser); `lora`; the frozen
    reference `ref` of Eq. 9 (None: the base model is `bb` with its adapters disabled); `policy`, the module the loss
    calls (DDP-wrapped under torchrun); `params`, the trained parameters, their AdamW `opt` and EMA copies `ema`."""

    bb: object
    net: nn.Module
    lora: bool
    ref: object
    policy: nn.Module
    params: list
    opt: torch.optim.Optimizer
    ema: list | None


@dataclass
class Iteration:
    """One iteration of the loop as data, filled stage by stage; its fields are the stage files' keys (docs/DESIGN.md):
    graphs           atoms.jsonl: the scene graph of each of the N images (cast_csg)
    group            [N] the group (prompt) of each image; with `roll` (cast_window.Rollout: x0, xs, xs_next,
    roll, images     log_prob, step_index) and the decoded images: rollout.safetensors
    scores, mask     [N, K] Eq. 4's atom scores and which atoms exist: scores.safetensors (cast_reward)
    atom_adv, maps,  Eq. 6's [N, K], the grounding maps and Eq. 7's M: advantages.safetensors (cast_advantage)
    pixel_adv"""

    graphs: list
    group: torch.Tensor
    roll: object = None
    images: torch.Tensor | None = None
    scores: torch.Tensor | None = None
    mask: torch.Tensor | None = None
    atom_adv: torch.Tensor | None = None
    maps: torch.Tensor | None = None
    pixel_adv: torch.Tensor | None = None


class Policy(torch.nn.Module):
    """π_θ as the loss calls it: the backbone's velocity (CFG included) as one module holding the trained weights
    `net`, so that DDP can wrap it under torchrun (FSDP2 shards the transformer instead)."""

    def __init__(self, backbone, net):
        super().__init__()
        self.bb, self.net = backbone, net

    def forward(self, x, sigma, cond):
        return self.bb.velocity(x, sigma, cond).float()


def reference_velocity(bb, ref, x, sigma, cond):
    """The reference policy: the base model (LoRA adapters disabled) or, with --full, a frozen copy."""
    if ref is not None:
        return ref.velocity(x, sigma, cond).float()
    bb.transformer.disable_adapters()
    try:
        return bb.velocity(x, sigma, cond).float()
    finally:
        bb.transformer.enable_adapters()


def optimizer_step(args, learner: Learner, losses, it, processes: Processes):
    """One AdamW step on the summed gradients, never on a non-finite loss (any rank's) or gradient: then it is
    skipped and said. Linear warmup lr_t = lr·min(1, t / warmup); after the step the EMA of the trained weights,
    w_ema <- d·w_ema + (1 − d)·w. Returns (gradient norm, whether it stepped)."""
    opt, params, ema = learner.opt, learner.params, learner.ema
    bad = (~torch.isfinite(losses)).any().float()
    if processes.distributed:
        dist.all_reduce(bad, op=dist.ReduceOp.MAX)
    grad_norm = torch.nn.utils.clip_grad_norm_(params, MAX_GRAD_NORM)
    grad_norm = float(grad_norm.full_tensor() if hasattr(grad_norm, "full_tensor") else grad_norm)
    stepped = not bad and math.isfinite(grad_norm)
    if not stepped and processes.master:
        tqdm.write(
            f"warning: non-finite loss or gradient at iteration {it}: optimizer step skipped"
        )
    if stepped:
        for group in opt.param_groups:
            group["lr"] = args.lr * min(1.0, it / args.warmup) if args.warmup > 0 else args.lr
        opt.step()
        if ema is not None:
            for e, p in zip(
                ema, params
            ):  # one tensor at a time: FSDP2's DTensors have no _foreach_lerp_
                e.lerp_(p.detach(), 1 - args.ema)
    opt.zero_grad(set_to_none=True)
    return grad_norm, stepped


# Seconds a collective waits for every peer (--dist-timeout). The longest honest wait is rank 0 writing a checkpoint
# while the others wait at the next collective (a real backbone's full weights with AdamW's moments: minutes);
# gloo's own default, 30 minutes, is how long a run would hang on a lost peer.
DIST_TIMEOUT = {"cpu": 300, "cuda": 600}


def restart_store(rank: int, world: int, timeout) -> dict:
    """init_process_group's store for a torchrun restart on one node: torchrun's own (env://), its keys under this
    restart's prefix. torchrun shares its TCP store with the workers and keeps it across restarts, so a restarted
    group could read the addresses its dead predecessors left there and fail to connect (pytorch/pytorch#135712).
    On one node one agent counts the restarts of every rank; across nodes the agents' counts can differ, and
    there torch's own switch applies, TORCH_DISABLE_SHARE_RDZV_TCP_STORE=1 (README). {} where nothing is shared."""
    if os.environ.get("TORCHELASTIC_USE_AGENT_STORE") != "True":
        return {}
    if world != int(os.environ.get("LOCAL_WORLD_SIZE", world)):
        return {}
    store, _, _ = next(dist.rendezvous("env://", rank, world, timeout=timeout))
    attempt = os.environ.get("TORCHELASTIC_RESTART_COUNT", "0")
    return dict(store=dist.PrefixStore(f"attempt_{attempt}", store), rank=rank, world_size=world)


def start_processes(args) -> Processes:
    """torchrun's environment -> Processes; threads split among this node's ranks."""
    distributed = "RANK" in os.environ  # started by torchrun
    rank, world, local_rank, local_world = (
        int(os.environ.get(k, d))
        for k, d in [("RANK", 0), ("WORLD_SIZE", 1), ("LOCAL_RANK", 0), ("LOCAL_WORLD_SIZE", 1)]
    )
    device = torch.device(f"cuda:{local_rank}" if torch.cuda.is_available() else "cpu")
    if device.type == "cuda":
        torch.cuda.set_device(device)
    if distributed:
        # a peer lost mid-collective raises after the timeout instead of blocking forever
        timeout = datetime.timedelta(seconds=args.dist_timeout or DIST_TIMEOUT[device.type])
        backend = "nccl" if device.type == "cuda" else "gloo"
        dist.init_process_group(backend, timeout=timeout, **restart_store(rank, world, timeout))
    torch.set_num_threads(args.threads or max(1, (os.cpu_count() or 1) // local_world))
    return Processes(distributed, rank, world, device)


def build_policy(args, device, ckpt, say):
    """(bb, net, lora, ref, state): the backbone with what trains (`net`: LoRA adapters, or every weight with
    --full; FSDP2 shards the transformer with --fsdp), the frozen reference and the checkpoint's state."""
    kwargs = {k: json.loads(v) for k, v in (o.split("=", 1) for o in args.option)}
    if args.guidance is not None:
        kwargs[GUIDANCE_KW[args.backbone]] = args.guidance
    dtype = torch.bfloat16 if device.type == "cuda" and args.backbone != "shapes" else torch.float32
    bb = load_backbone(
        args.backbone,
        args.model_path or (args.base_weights if args.backbone == "shapes" else None),
        device=device,
        dtype=dtype,
        **kwargs,
    )
    check_prompt_files(args, bb, warn=say)  # every prompt line, before the first forward pass
    lora = not args.full
    # --full trains the whole denoiser (shapes: transformer and conv head); under FSDP the sharded transformer only
    net = bb.transformer if lora or args.fsdp else getattr(bb, "model", bb.transformer)
    net.requires_grad_(False)
    ref = (
        copy.deepcopy(bb) if args.full and args.beta > 0 else None
    )  # the frozen reference for --full
    if lora:
        from diffusers.training_utils import cast_training_params
        from peft import LoraConfig

        bb.transformer.add_adapter(
            LoraConfig(
                r=args.lora_rank,
                lora_alpha=args.lora_alpha,
                init_lora_weights="gaussian",
                target_modules=bb.lora_targets,
            )
        )
        cast_training_params(bb.transformer, torch.float32)  # LoRA weights fp32, base bf16
    else:  # prompts are encoded once per rollout without gradients (as in Flow-GRPO): the text encoder is frozen
        for name, p in net.named_parameters():
            p.requires_grad_(not name.startswith("text_encoder."))
    if args.grad_checkpointing:
        bb.transformer.enable_gradient_checkpointing()
    state = load_weights(ckpt, args, bb, net, lora) if ckpt else {}
    if args.fsdp:  # FSDP2: shard each transformer block, then the root
        from torch.distributed.fsdp import fully_shard

        for block in [
            b for m in bb.transformer.children() if isinstance(m, nn.ModuleList) for b in m
        ]:
            fully_shard(block)
        fully_shard(bb.transformer)
    return bb, net, lora, ref, state


@contextmanager
def swapped_in(params, ema):
    """Within the block the parameters hold the EMA weights (evaluation uses them); the trained ones after."""
    if ema is None:
        yield
        return
    trained = [p.detach().clone() for p in params]
    for p, e in zip(params, ema):  # one tensor at a time: FSDP2's DTensors have no _foreach_copy_
        p.data.copy_(e)
    try:
        yield
    finally:
        for p, t in zip(params, trained):
            p.data.copy_(t)


def models_line(args, scorer, grounder, uses_maps: bool, separate_judge: bool) -> str:
    """The run's first line about its models: what scores the atoms, what grounds them, what judges the evaluation."""
    name = lambda model, path: model.describe() if hasattr(model, "describe") else path  # noqa: E731
    on = (
        "the sample"
        if args.ground_on == "sample"
        else "each window step's ODE completion of the state before its noise"
    )
    if not uses_maps:
        maps = "none (the method uses no maps)"
    elif hasattr(grounder, "describe"):  # a VLM's teacher-forced pass, or the denoiser's attention
        maps = grounder.describe(on)
    else:  # a module:function
        maps = args.grounding
    judge = (
        "the shapes verifier (the ground truth), with the reward's own score beside it"
        if separate_judge
        else "the reward's scorer"
    )
    return f"reward: {name(scorer, args.scorer_path)}; maps: {maps}; evaluation: {judge}"


def velocity_passes(bb, sigma, prompt: str):
    """Transformer passes over one image in one velocity call (2 under true CFG), counted by a forward hook."""
    x, rows = bb.noise(1, torch.Generator().manual_seed(0)).to(bb.device), []
    hook = bb.transformer.register_forward_hook(
        lambda m, a, kw, out: rows.append(len(kw.get("hidden_states", a[0] if a else None))),
        with_kwargs=True,
    )
    try:
        with torch.no_grad():
            bb.velocity(x, sigma, bb.encode([prompt]))
    finally:
        hook.remove()
    return sum(rows)


def passes_per_iteration(images, steps, window, velocity, maps, epochs, reference, completion=0.0):
    """Compute of one iteration in transformer passes over one image (FLOPs / one forward's FLOPs), summed over
    the `images` rollouts of the global batch:
        rollout   steps · velocity                      (every step, ODE or SDE, is one velocity call)
                  + completion · velocity               (--ground-on step: the ODE completions, `completion_steps`)
        maps      maps                                  (the denoiser's teacher-forced attention passes, no CFG)
        training  epochs · window · velocity · 3        (forward + backward ≈ 3 forwards, as in Kaplan et al.)
                  + epochs · window · velocity          if a reference policy is run for the KL term
    Evaluation is left out: it is the same for every method."""
    train = epochs * window * velocity * (3 + (1 if reference else 0))
    return images * ((steps + completion) * velocity + maps + train)


def completion_steps(candidates, length, steps, stride: int) -> float:
    """Velocity calls one trajectory's --ground-on step completions cost (cast_advantage.ode_completions, every
    `stride`-th step, the first step's velocity the rollout's): Σ_j (ceil((T − s − j) / stride) − 1) over its
    window [s, s + L), in expectation over s ~ Uniform{a, ..., b − L}."""
    a, b = candidates
    starts = range(a, b - length + 1)
    return sum(-(-(steps - s - j) // stride) - 1 for s in starts for j in range(length)) / len(
        starts
    )
