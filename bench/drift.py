"""bench/drift.py: how far a shapes run has moved from the base model, in weights and in function, per checkpoint.

For each checkpoints/step_N/ of each run (the EMA weights when the run kept an EMA, as evaluation sees them):
  weights   ‖w − w_base‖ / ‖w_base‖ over all trained tensors
  velocity  ‖v(x_t) − v_base(x_t)‖² / ‖v_base(x_t)‖² on the base model's own ODE states x_t of --prompts prompts,
            averaged over the first --window steps and over all steps (where in the sampler the function moved)
  KL        the KL term of cast_train (cast_train.transition_kl, noise level --noise-level) of the checkpoint's raw
            weights to the base on base SDE states of the window steps, and the norm of its gradient: the size of
            the pull a `--beta 1` term would exert there, to weigh against the policy gradient's norm (metrics
            grad_norm) when choosing --beta.

    python bench/drift.py runs/cast runs/flow_grpo            # every saved checkpoint of both runs
    python bench/drift.py runs/cast --steps 60 120 180
"""
from __future__ import annotations

import argparse
import os
import random
import sys

import torch
from safetensors.torch import load_file

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from support.backbone import sample_ode  # noqa: E402
from cast_train import rollout, sde_step, transition_kl  # noqa: E402
from support.shapes import sample_shapes_graph  # noqa: E402
from support.shapes_model import ASSETS, load_shapes  # noqa: E402
from evaluate import load_model  # noqa: E402


def base_states(base, cond, n: int, steps: int, window: int, noise_level: float, seed: int):
    """The base model's ODE states x_t with their velocities (all steps), and the SDE states of the first `window`
    steps of a rollout (the states training sees) with the base's SDE mean there (the KL's reference)."""
    sig = base.sigmas(steps)
    with torch.no_grad():
        x = base.noise(n, torch.Generator().manual_seed(seed))
        ode = [(x_t, sig[i], base.velocity(x_t, sig[i], cond))
               for i, x_t in enumerate(sample_ode(base, cond, x, steps, trajectory=True)[1].unbind(1))]
        generators = [torch.Generator().manual_seed(seed * 1000 + k) for k in range(n)]
        xs = rollout(lambda y, s: base.velocity(y, s, cond), x, sig, 0, window, noise_level, generators)[1]
        sde = [(x_t, sig[i], sig[i + 1], sde_step(x_t, base.velocity(x_t, sig[i], cond), sig[i], sig[i + 1],
                                                  noise_level)[2]) for i, x_t in enumerate(xs.unbind(1))]
    return ode, sde


def kl_and_grad(model, cond, sde, noise_level: float):
    """Mean transition KL of `model` to the base over the window states, and the gradient norm of that mean."""
    model.model.zero_grad()
    total = 0.0
    for x, s, s_next, mean_ref in sde:
        _, _, mean, std = sde_step(x, model.velocity(x, s, cond), s, s_next, noise_level)
        kl = transition_kl(mean, mean_ref, std, s, s_next).mean() / len(sde)
        kl.backward()
        total += kl.item()
    grad = sum(float((p.grad ** 2).sum()) for p in model.model.parameters() if p.grad is not None) ** 0.5
    return total, grad


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("runs", nargs="+", help="run folders with checkpoints/step_N/")
    ap.add_argument("--steps", type=int, nargs="*", help="checkpoint iterations (default: all saved)")
    ap.add_argument("--base", default=os.path.join(ASSETS, "shapes_base.safetensors"))
    ap.add_argument("--prompts", type=int, default=48)
    ap.add_argument("--sampler-steps", type=int, default=10)
    ap.add_argument("--window", type=int, default=3, help="the first steps, where CAST's window sits")
    ap.add_argument("--noise-level", type=float, default=0.7)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    if missing := [r for r in args.runs if not os.path.isdir(os.path.join(r, "checkpoints"))]:
        ap.error("no checkpoints/ folder in: " + ", ".join(missing))
    torch.set_num_threads(1)
    rng = random.Random(f"drift/{args.seed}")
    base = load_shapes(args.base)
    with torch.no_grad():
        cond = base.encode([sample_shapes_graph(rng).prompt for _ in range(args.prompts)])
    ode, sde = base_states(base, cond, args.prompts, args.sampler_steps, args.window, args.noise_level, args.seed)
    w_base = {k: p.detach().clone() for k, p in base.model.named_parameters()}
    norm = sum(float((w ** 2).sum()) for w in w_base.values()) ** 0.5
    print("run  iteration  weights  velocity(window)  velocity(all)  KL(raw, window)  |grad KL|")
    rows = []
    for run in args.runs:
        folders = sorted(os.listdir(os.path.join(run, "checkpoints")), key=lambda f: int(f.split("_")[-1]))
        for folder in folders:
            step = int(folder.split("_")[-1])
            if args.steps and step not in args.steps:
                continue
            path = os.path.join(run, "checkpoints", folder)
            ema = load_model(path)
            with torch.no_grad():
                change = [float(((ema.velocity(x, s, cond) - v) ** 2).mean() / (v ** 2).mean()) for x, s, v in ode]
            moved = sum(float(((p.detach() - w_base[k]) ** 2).sum()) for k, p in ema.model.named_parameters())
            raw = load_shapes(args.base)
            raw.model.load_state_dict(load_file(os.path.join(path, "model.safetensors")))
            kl, grad = kl_and_grad(raw, cond, sde, args.noise_level)
            rows.append(dict(run=run, iteration=step, weights=moved ** 0.5 / norm, window=sum(change[:args.window])
                             / args.window, all=sum(change) / len(change), kl=kl, kl_grad=grad))
            print(f"{os.path.basename(os.path.normpath(run))}  {step}  {100 * moved ** 0.5 / norm:.2f}%  "
                  f"{100 * sum(change[:args.window]) / args.window:.2f}%  {100 * sum(change) / len(change):.2f}%  "
                  f"{kl:.2e}  {grad:.3e}", flush=True)
    return rows


if __name__ == "__main__":
    main()
