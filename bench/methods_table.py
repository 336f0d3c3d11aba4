"""bench/methods_table.py: training runs of several methods at several seeds, compared paired on the same eval images.

Each run folder (cast_train.py's) holds config.json, metrics.jsonl and eval_scores.safetensors (the judge's per-atom
scores of the base and the trained model). A run's row is named by its method, grounding and Eq. 7 clip; its seed
is --seed. For each row: the gain over the base model per seed (paired over images). For each pair of rows (the
first named against each other, and the pairs --pairs names): the difference of the trained models per seed, paired
on the same images (same --eval-seed, same prompts and noise), then the mean over the seeds with its SE across
seeds. Metrics: AM (the mean atom score per image), all-atoms-correct (every atom > 0.5), each atom kind (over its
atoms, SE clustered by image).

    python bench/methods_table.py runs/i65/*_s? --pairs "CAST, oracle maps:per-atom" --out docs/oracle_maps
writes <out>.md (the tables) and <out>.png (each row's eval curve, AM and all-atoms-correct, the mean over seeds).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from argparse import Namespace

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from cast_csg import atom_mean  # noqa: E402
from support.checkpoint import load_tensors  # noqa: E402
from support.inputs import held_out_graphs  # noqa: E402

KINDS = ("object", "count", "attribute", "relation")
METRICS = ("AM", "all atoms correct") + KINDS


def row_name(config: dict) -> str:
    """The row a run belongs to, from its settings: the method, and for CAST its maps and Eq. 7's clip."""
    names = {"flow_grpo_g2": "G2", "per_atom": "per-atom", "cast": "CAST"}
    name = names.get(config["method"], config["method"])
    if config["method"] == "cast":
        if config["grounding"] == "oracle":
            name += ", oracle maps"
        elif config["grounding"] != "vlm":
            name += f", {config['grounding']} maps"
        if float(config.get("map_clip", 5.0)) != 5.0:
            name += (
                ", no clip"
                if math.isinf(float(config["map_clip"]))
                else f", clip {config['map_clip']}"
            )
    return name


def load_run(folder: str) -> dict:
    """A finished run: its row, seed, eval images' kinds and per-atom scores, and its eval curve."""
    with open(os.path.join(folder, "config.json")) as f:
        config = json.load(f)
    tensors, meta = load_tensors(os.path.join(folder, "eval_scores.safetensors"))
    graphs = held_out_graphs(Namespace(**config))
    items = [graphs[k // meta["eval_samples"]] for k in range(len(tensors["base"]))]
    if [g.prompt for g in items] != meta["prompts"]:
        raise ValueError(f"{folder}: its eval prompts are not the ones its settings draw")
    kinds = [[a.kind for a in g.atoms] for g in items]
    curve = {}  # iteration -> its eval record (metrics.jsonl's keys: am, strict, n_prompts, ...)
    with open(os.path.join(folder, "metrics.jsonl")) as f:
        for line in f:
            r = json.loads(line)
            if r.get("eval"):
                curve[r["iteration"]] = r
    return dict(
        folder=folder,
        row=row_name(config),
        seed=config["seed"],
        eval_seed=config["eval_seed"],
        prompts=meta["prompts"],
        kinds=kinds,
        mask=tensors["mask"].bool(),
        base=tensors["base"].float(),
        trained=tensors["trained"].float(),
        curve=curve,
    )


def per_image(scores, mask, kinds) -> dict:
    """{metric: (values [n], weights [n])}: AM and all-atoms-correct per image (weight 1); each kind's score sum
    per image and its atom count (a ratio over atoms, SE clustered by image)."""
    out = {
        "AM": (atom_mean(scores, mask).double(), torch.ones(len(scores), dtype=torch.float64)),
        "all atoms correct": (
            ((scores > 0.5) | ~mask).all(1).double(),
            torch.ones(len(scores), dtype=torch.float64),
        ),
    }
    for kind in KINDS:
        of_kind = torch.zeros_like(mask)
        for n, ks in enumerate(kinds):
            of_kind[n, : len(ks)] = torch.tensor([k == kind for k in ks])
        out[kind] = ((scores.double() * of_kind).sum(1), of_kind.sum(1).double())
    return out


def paired(a: dict, b: dict, metric: str, a_key="trained", b_key="trained") -> tuple[float, float]:
    """The mean difference a − b of `metric` on the same images and its SE over images (the ratio estimator's for
    a kind): a and b from load_run, scored on one eval stream."""
    if a["prompts"] != b["prompts"] or a["eval_seed"] != b["eval_seed"]:
        raise ValueError(f"{a['folder']} and {b['folder']} were not evaluated on the same images")
    va, w = per_image(a[a_key], a["mask"], a["kinds"])[metric]
    vb, _ = per_image(b[b_key], b["mask"], b["kinds"])[metric]
    d, keep = va - vb, w > 0
    d, w = d[keep], w[keep]
    mean = float(d.sum() / w.sum())
    n = len(d)
    se = math.sqrt(n / (n - 1) * float(((d - mean * w) ** 2).sum())) / float(w.sum())
    return mean, se


def across(values: list[float]) -> tuple[float, float]:
    """Mean over seeds and its SE across them (NaN for one seed)."""
    n, m = len(values), sum(values) / len(values)
    se = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1) / n) if n > 1 else float("nan")
    return m, se


def fmt(mean: float, se: float, scale: float = 100) -> str:
    return (
        f"{mean * scale:+.1f} ± {se * scale:.1f}" if not math.isnan(se) else f"{mean * scale:+.1f}"
    )


def tables(runs: list[dict], pairs: list[tuple[str, str]]) -> str:
    rows = list(dict.fromkeys(r["row"] for r in runs))
    by = {(r["row"], r["seed"]): r for r in runs}
    seeds = sorted({r["seed"] for r in runs})
    out = [
        "Gains over the base model, in points (paired over the same eval images; per seed ± SE over images):",
        "",
    ]
    out += ["| row | seed | " + " | ".join(METRICS) + " |", "|---|---|" + "---|" * len(METRICS)]
    for row in rows:
        for s in seeds:
            if (row, s) in by:
                r = by[row, s]
                cells = [fmt(*paired(r, r, m, "trained", "base")) for m in METRICS]
                out.append(f"| {row} | {s} | " + " | ".join(cells) + " |")
    out += [
        "",
        "Differences of the trained models, in points: per seed (± SE over images), and the mean over the "
        "seeds present in both rows (± SE across seeds):",
        "",
    ]
    out += ["| a − b | seeds | " + " | ".join(METRICS) + " |", "|---|---|" + "---|" * len(METRICS)]
    for a, b in pairs:
        common = [s for s in seeds if (a, s) in by and (b, s) in by]
        if not common:
            continue
        per_seed = {m: [paired(by[a, s], by[b, s], m) for s in common] for m in METRICS}
        for i, s in enumerate(common):
            out.append(
                f"| {a} − {b} | {s} | " + " | ".join(fmt(*per_seed[m][i]) for m in METRICS) + " |"
            )
        means = [fmt(*across([d for d, _ in per_seed[m]])) for m in METRICS]
        out.append(f"| **{a} − {b}** | mean of {len(common)} | " + " | ".join(means) + " |")
    return "\n".join(out)


def plot(runs: list[dict], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    rows = list(dict.fromkeys(r["row"] for r in runs))
    for row in rows:
        curves = [r["curve"] for r in runs if r["row"] == row]
        steps = sorted(set.intersection(*(set(c) for c in curves)))
        for ax, key in zip(axes, ("am", "strict")):
            ys = [sum(c[i][key] for c in curves) / len(curves) for i in steps]
            seeds = f"{len(curves)} seed" + "s" * (len(curves) > 1)
            ax.plot(steps, ys, marker="o", label=f"{row} ({seeds})")
    images = sorted({e["n_prompts"] for r in runs for e in r["curve"].values()})
    for ax, title in zip(axes, ("AM", "all atoms correct")):
        ax.set(xlabel="iteration", ylabel=title, title=f"{title}, mean over seeds")
        ax.grid(alpha=0.3)
    fig.suptitle(f"eval during training ({' / '.join(map(str, images))} images each)")
    axes[0].legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path + ".tmp.png", dpi=110)
    os.replace(path + ".tmp.png", path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "runs", nargs="+", help="finished run folders (a folder without eval_scores is skipped)"
    )
    ap.add_argument(
        "--pairs", action="append", default=[], metavar="A:B", help="row A against row B"
    )
    ap.add_argument("--out", help="write <out>.md and <out>.png")
    args = ap.parse_args(argv)
    done = [f for f in args.runs if os.path.exists(os.path.join(f, "eval_scores.safetensors"))]
    if not done:
        sys.exit("error: no finished run among the folders (none holds eval_scores.safetensors)")
    runs = [load_run(f) for f in done]
    pairs = [tuple(p.split(":", 1)) for p in args.pairs]
    text = tables(runs, pairs)
    print(text)
    if args.out:
        with open(args.out + ".md", "w") as f:
            f.write(text + "\n")
        plot(runs, args.out + ".png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
