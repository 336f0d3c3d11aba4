"""bench/window_freeze.py: the shapes world's layout-freeze point beside the stand-ins for CLIP (docs/RESULTS.md).

The window a run of these flags calibrates (cast_window.window_for_run: the verifier's knee, the layout-freeze point
measured with the run's own SDE step, the window they give), and on the same prompts and noises the knee of the
other stand-in, the shapes VLM's Soft-TIFA mean on each step's decoded clean estimate (a soft reader that, like
CLIP, reads a blurry layout). Prints one table; writes <out>/window.safetensors and window.png as the run would.

    python bench/window_freeze.py                         # the default run's window, on its own prompts
    python bench/window_freeze.py --prompts 32 --out runs/window_freeze_32    # fewer calibration prompts
"""
from __future__ import annotations

import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import cast_train  # noqa: E402
import cast_window as cw  # noqa: E402
from cast_reward import load_scorer  # noqa: E402
from support.prompts import eval_graphs, train_graphs  # noqa: E402
from support.shapes_model import load_shapes  # noqa: E402
from support.assets import SHAPES_VLM  # noqa: E402


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--prompts", type=int, help="calibration prompts x 2 seeds (cast_train's --window-prompts; "
                    "default: the run's)")
    ap.add_argument("--out", default="runs/window_freeze")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--train-args", default="", help="more cast_train flags, e.g. \"--noise-level 0.5\"")
    args = ap.parse_args(argv)
    torch.set_num_threads(args.threads)
    targs = cast_train.parse_args(["--out", args.out, "--overwrite", *args.train_args.split(),
                                   *(["--window-prompts", str(args.prompts)] if args.prompts else [])])
    path = os.path.join(args.out, "window.safetensors")
    if os.path.exists(path):
        os.remove(path)                                               # measure afresh
    bb = load_shapes(targs.base_weights, guidance_scale=targs.guidance)
    held_out = frozenset(g.prompt for g in eval_graphs(targs))
    graphs = train_graphs(targs, 0, targs.window_prompts, held_out)     # the prompts the run calibrates on
    sigmas = bb.sigmas(targs.steps).float()
    cw.window_for_run(targs, bb, sigmas, graphs, True, cast_train.exploration(targs.noise_level))
    result = cw.load_window(path)[0]
    vlm = cw.calibrate(bb, [g.prompt for g in graphs], [0, 1], targs.steps,
                       cw.atom_similarity(load_scorer(SHAPES_VLM), {g.prompt: g for g in graphs}.__getitem__))
    step = 1 / (targs.steps - 1)
    freeze = float(result["freeze_tau"])
    rows = [("layout agreement (the freeze point)", result["agreement"], freeze),
            ("verifier mean atom score (the stand-in)", result["similarity"], float(result["tau_star"])),
            ("shapes VLM Soft-TIFA mean", vlm["similarity"], float(vlm["tau_star"]))]
    print(f"{len(graphs)} prompts x 2 seeds, {targs.steps} steps, SDE noise {targs.noise_level}; one step = "
          f"{step:.3f} of τ")
    print("| curve | per step | knee | knee − τ_freeze | b = ceil(knee·(N − 1)) |")
    print("|---|---|---|---|---|")
    for name, curve, knee in rows:
        b = cw.candidate_range(knee, targs.steps, 0, targs.window_length)[1]
        print(f"| {name} | {' / '.join(f'{v:.2f}' for v in curve.tolist())} | {knee:.3f} | {knee - freeze:+.3f} | "
              f"{b} |")
    a, b = result["candidates"].tolist()
    print(f"the run's window: candidates [{a}, {b}), L = {int(result['length'])} (from τ = "
          f"{float(result['window_tau']):.3f}); {cw.load_window(path)[1].get('note', '')}")
    return dict(result=result, vlm=vlm)


if __name__ == "__main__":
    main()
