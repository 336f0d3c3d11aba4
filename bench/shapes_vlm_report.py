"""bench/shapes_vlm_report.py: the shapes world's VLM (support/build/shapes_vlm.py) against the verifier, atom by atom,
and where its grounding maps fall.

Scores (through cast_reward.VLMScorer) against ShapesScorer's truth on renders, renders asked a near miss of their
graph, and the base model's samples: per set and atom kind the accuracy at 0.5, the mean |score − verifier| and the
expected calibration error over 10 score bins (reliability.png). Grounding: cast_advantage.ground's 8x8 maps at
every decoder layer on the renders, their mass and peak on the atom's objects beside chance.

    python bench/shapes_vlm_report.py --weights assets/shapes_vlm --prompts 1000 --seed 999   # seeds 0, 1 train it
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from cast_advantage import ground  # noqa: E402
from cast_reward import VLMScorer  # noqa: E402
from support.assets import SHAPES_VLM  # noqa: E402
from support.build.shapes_vlm import as_uint8, base_pool, changed_graph, entity_tokens  # noqa: E402
from support.evaluation import agreement  # noqa: E402
from support.shapes import ShapesScorer, draw_graph, sample_shapes_graph  # noqa: E402
from support.vlm import VLM  # noqa: E402

KINDS = ("object", "count", "attribute", "relation")
GRID, BINS = (8, 8), 10


def calibration(scores: torch.Tensor, truth: torch.Tensor, graphs) -> dict:
    """Per score bin [i/10, (i+1)/10): its atoms, mean score and verifier rate; ECE = sum_b n_b/n |score_b − rate_b|."""
    mask = torch.zeros_like(scores, dtype=torch.bool)
    for i, g in enumerate(graphs):
        mask[i, : len(g.atoms)] = True
    s, t = scores[mask].float(), truth[mask].float()
    b = (s * BINS).long().clamp(max=BINS - 1)
    rows = [
        {
            "n": int((b == i).sum()),
            "score": float(s[b == i].mean()),
            "rate": float(t[b == i].mean()),
        }
        for i in range(BINS)
        if (b == i).any()
    ]
    return {"bins": rows, "ece": sum(r["n"] * abs(r["score"] - r["rate"]) for r in rows) / len(s)}


def grounding(maps: torch.Tensor, patches: list[torch.Tensor], graphs) -> dict:
    """Per atom kind and "all": n, mass (share of the map on its objects' patches), peak (share of maps whose peak
    patch is one of them) and chance (their share of the grid: a uniform map's mass, a random peak's hit rate)."""
    rows: dict[str, list[tuple[float, float, float]]] = {}
    for i, g in enumerate(graphs):
        for k, a in enumerate(g.atoms):
            m = maps[i, k]
            if a.entity is None or m.sum() <= 0:
                continue
            on = patches[i][[e for e in (a.entity, a.target) if e is not None]].any(0)
            hit = float(on.flatten()[m.flatten().argmax()])
            for kind in (a.kind, "all"):
                rows.setdefault(kind, []).append(
                    (float(m[on].sum() / m.sum()), hit, float(on.float().mean()))
                )
    return {
        kind: {
            "n": len(r),
            **{
                name: sum(x[j] for x in r) / len(r)
                for j, name in enumerate(("mass", "peak", "chance"))
            },
        }
        for kind, r in rows.items()
    }


def draw_reliability(cal: dict, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(5, 5))
    ax.plot([0, 1], [0, 1], ":", color="0.5")
    for name, c in cal.items():
        ax.plot(
            [r["score"] for r in c["bins"]],
            [r["rate"] for r in c["bins"]],
            "o-",
            label=f"{name} (ECE {c['ece']:.3f})",
        )
    ax.set(
        xlabel="Soft-TIFA score (bin mean)",
        ylabel="verifier says true (rate)",
        title="shapes VLM calibration",
    )
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--weights", default=SHAPES_VLM)
    ap.add_argument("--prompts", type=int, default=1000, help="prompts per image set")
    ap.add_argument("--seed", type=int, default=999, help="held out: training uses seeds 0 and 1")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--out", default="runs/shapes_vlm_report")
    args = ap.parse_args(argv)
    if args.prompts < 1:
        ap.error(f"--prompts {args.prompts}: must be at least 1")
    if not os.path.isfile(os.path.join(args.weights, "config.json")):
        ap.error(
            f"--weights {args.weights}: no model folder (no config.json); train one with "
            "`python -m support.build.shapes_vlm pretrain`"
        )
    torch.set_num_threads(args.threads)
    scorer, rng = VLMScorer(VLM(args.weights, device="cpu")), random.Random(args.seed)
    graphs = [sample_shapes_graph(rng) for _ in range(args.prompts)]
    drawn = [draw_graph(g, rng) for g in graphs]
    renders = as_uint8(torch.stack([torch.from_numpy(image) for image, _ in drawn]))
    patches = [entity_tokens(masks) for _, masks in drawn]
    changed = [changed_graph(g, rng) for g in graphs]
    samples, sample_graphs = base_pool(args.prompts, args.seed)
    sets = {
        "renders": (renders, graphs),
        "renders, changed graph": (renders, changed),
        "base-model samples": (samples, sample_graphs),
    }
    scores, cal = {}, {}
    for name, (images, gs) in sets.items():
        floats = images.float() / 255
        s, truth = scorer(floats, gs), ShapesScorer()(floats, gs)
        scores[name], cal[name] = agreement(s, truth, gs), calibration(s, truth, gs)
    layers = {
        layer: grounding(
            ground(scorer, renders.float() / 255, graphs, GRID, layer), patches, graphs
        )
        for layer in range(len(scorer.decoder_layers))
    }

    print("| images | kind | atoms | accuracy at 0.5 | mean abs error |\n|---|---|---|---|---|")
    for name, per in scores.items():
        for kind in (*KINDS, "all"):
            if kind in per:
                r = per[kind]
                print(
                    f"| {name} | {kind} | {r['n']} | {100 * r['accuracy']:.1f} | {r['mae']:.3f} |"
                )
    print(
        "\n| images | ECE |\n|---|---|\n"
        + "\n".join(f"| {n} | {c['ece']:.3f} |" for n, c in cal.items())
    )
    print(
        "\n| decoder layer | kind | atoms | mass on object | peak on object | chance |\n|---|---|---|---|---|---|"
    )
    for layer, per in layers.items():
        for kind in (*KINDS, "all"):
            if kind in per:
                r = per[kind]
                print(
                    f"| {layer} | {kind} | {r['n']} | {100 * r['mass']:.1f} | {100 * r['peak']:.1f} | "
                    f"{100 * r['chance']:.1f} |"
                )
    os.makedirs(args.out, exist_ok=True)
    draw_reliability(cal, os.path.join(args.out, "reliability.png"))
    result = {
        "weights": args.weights,
        "seed": args.seed,
        "prompts": args.prompts,
        "sets": scores,
        "calibration": cal,
        "grounding": layers,
    }
    with open(os.path.join(args.out, "report.json"), "w") as f:
        json.dump(result, f, indent=1)
    print(f"-> {os.path.join(args.out, 'report.json')}, reliability.png")
    return result


if __name__ == "__main__":
    main()
