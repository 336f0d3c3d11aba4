"""bench/shapes_vlm_report.py: the shapes world's VLM (support/shapes_vlm.py) against the verifier, atom by atom.

Its Soft-TIFA scores through cast_reward.VLMScorer (the same code that scores with Qwen3-VL-8B) on held-out images,
against ShapesScorer's 0/1 truth: renders with their own atoms, the same renders asked a near miss of their graph
(one color, shape, count or relation changed), and the shipped base model's samples with their prompts' atoms.
Per set and atom kind: the number of atoms, the mean |score − verifier| and the accuracy at 0.5.

    python bench/shapes_vlm_report.py --weights assets/shapes_vlm --prompts 200 --seed 999   # seeds 0, 1 train it
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from cast_reward import VLMScorer  # noqa: E402
from support.shapes import ShapesScorer, draw_graph, sample_shapes_graph  # noqa: E402
from support.shapes_vlm import WEIGHTS, as_uint8, base_pool, changed_graph  # noqa: E402

KINDS = ("object", "count", "attribute", "relation")


def agreement(scores: torch.Tensor, truth: torch.Tensor, graphs) -> dict:
    """Per atom kind and overall: n, mean |score − verifier| and accuracy at 0.5."""
    kinds = [[a.kind for a in g.atoms] for g in graphs]
    out = {}
    for kind in (*KINDS, "all"):
        cells = [(i, k) for i, row in enumerate(kinds) for k, x in enumerate(row) if kind in (x, "all")]
        if cells:
            s, t = (torch.stack([m[i, k] for i, k in cells]) for m in (scores, truth))
            out[kind] = {"n": len(cells), "mae": float((s - t).abs().mean()),
                         "accuracy": float(((s > 0.5).float() == t).float().mean())}
    return out


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--weights", default=WEIGHTS)
    ap.add_argument("--prompts", type=int, default=200, help="prompts per image set")
    ap.add_argument("--seed", type=int, default=999, help="held out: training uses seeds 0 and 1")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--out", default="runs/shapes_vlm")
    args = ap.parse_args(argv)
    if args.prompts < 1:
        ap.error(f"--prompts {args.prompts}: must be at least 1")
    if not os.path.isfile(os.path.join(args.weights, "config.json")):
        ap.error(f"--weights {args.weights}: no model folder (no config.json); train one with "
                 "`python -m support.shapes_vlm pretrain`")
    torch.set_num_threads(args.threads)
    scorer, rng = VLMScorer(args.weights, device="cpu"), random.Random(args.seed)
    graphs = [sample_shapes_graph(rng) for _ in range(args.prompts)]
    renders = as_uint8(torch.stack([torch.from_numpy(draw_graph(g, rng)[0]) for g in graphs]))
    changed = [changed_graph(g, rng) for g in graphs]
    samples, sample_graphs = base_pool(args.prompts, args.seed)
    sets = {"renders": (renders, graphs), "renders, changed graph": (renders, changed),
            "base-model samples": (samples, sample_graphs)}
    rows = {}
    for name, (images, gs) in sets.items():
        floats = images.float() / 255
        rows[name] = agreement(scorer(floats, gs), ShapesScorer()(floats, gs), gs)
    print("| images | kind | atoms | mean abs error | accuracy at 0.5 |\n|---|---|---|---|---|")
    for name, per in rows.items():
        for kind, r in per.items():
            print(f"| {name} | {kind} | {r['n']} | {r['mae']:.3f} | {100 * r['accuracy']:.1f} |")
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "report.json"), "w") as f:
        json.dump({"weights": args.weights, "seed": args.seed, "prompts": args.prompts, "sets": rows}, f, indent=1)
    print(f"-> {os.path.join(args.out, 'report.json')}")
    return rows


if __name__ == "__main__":
    main()
