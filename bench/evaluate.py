"""bench/evaluate.py: checkpoints of shapes runs judged against the base model on cast_train's own eval set, paired.

Each model is sampled on the same (prompt, seed) items with the same noise as cast_train's evaluation (250 prompts
from the stream ("eval", eval seed) x 2 seeds, 10 ODE steps, the CFG saved with the weights), every atom scored on
its own by the verifier; every gain is a paired difference with its standard error (support.evaluation.compare), plus the
mean gain per atom kind, and how each count atom came out (too few instances drawn, too many, exact: the matches
the verifier counted) with the instances drawn per instance asked for. A model is a shapes weights file (a
run's final/model.safetensors holds the EMA weights evaluation used), or a checkpoint folder checkpoints/step_N/,
whose EMA weights (trainer_state.safetensors) are used when it kept an EMA.
This is how two runs of different lengths are compared at equal compute: pick each run's checkpoint nearest the
same number of transformer passes (metrics.jsonl: passes).

    python bench/evaluate.py cast=runs/cast/final/model.safetensors flow_grpo_g2=runs/flow_grpo_g2/checkpoints/step_100

With `--results bench/results.json`, models named CONFIG@SEED (cast@0=..., flow_grpo_g2@0=...) go into that file's
table `--table` (default equal_compute) in bench/compare.py's schema: per config and seed the paired gains (AM,
strict, per kind, hardest third) with their standard errors, and hardest_ratio (CAST / Flow-GRPO (G2) per seed and
the mean; hardest_ratios: every config's); the file's other tables are kept.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import re
import shlex
import sys
import types
from collections import Counter

import torch
from safetensors import safe_open
from safetensors.torch import load_file

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cast_csg import atom_mask  # noqa: E402
from support.evaluation import compare, evaluate, report  # noqa: E402
from support.shapes import ShapesScorer, sample_shapes_graph  # noqa: E402
from support.shapes_model import load_shapes  # noqa: E402
from compare_report import KINDS, mean_se, write_table  # noqa: E402


def checkpoint_weights(folder: str) -> dict:
    """A checkpoint's model.safetensors with its EMA tensors (ema.<param>) in place of the trained ones, if any."""
    weights = load_file(os.path.join(folder, "model.safetensors"))
    state = load_file(os.path.join(folder, "trainer_state.safetensors"))
    weights.update({k.removeprefix("ema."): v for k, v in state.items() if k.startswith("ema.")})
    return weights


def load_model(spec: str):
    """A shapes backbone from a weights file or a checkpoint folder (EMA weights when it has them)."""
    if not os.path.isdir(spec):
        return load_shapes(spec)
    with safe_open(os.path.join(spec, "model.safetensors"), "pt") as f:
        meta = f.metadata() or {}
    bb = load_shapes(os.path.join(spec, "model.safetensors"), guidance_scale=float(meta.get("guidance_scale", 1)))
    bb.model.load_state_dict(checkpoint_weights(spec))
    return bb


class CountingScorer:
    """The shapes verifier that also tallies every count atom's outcome on the images it scores (deficit, surplus,
    exact) and the instances drawn against the instances asked for (a bare plural asks for two)."""

    def __init__(self):
        self.verifier, self.tally = ShapesScorer(), Counter()

    def __call__(self, images, graphs):
        scores, _, drawn = self.verifier.verify(images, graphs)
        for row, g in zip(drawn.tolist(), graphs):
            for a, got in zip(g.atoms, row):
                if a.kind == "count":
                    want = 2 if a.value is None else a.value
                    self.tally["deficit" if got < want else "surplus" if got > want else "exact"] += 1
                    self.tally["drawn"] += got
                    self.tally["wanted"] += want
        return scores

    def counts(self):
        """Shares of deficit / surplus / exact among count atoms, and drawn / wanted; then a fresh tally."""
        t, self.tally = self.tally, Counter()
        n = max(1, t["deficit"] + t["surplus"] + t["exact"])
        return dict(deficit=t["deficit"] / n, surplus=t["surplus"] / n, exact=t["exact"] / n,
                    drawn_per_wanted=t["drawn"] / max(1, t["wanted"]))


def kind_means(scores, items):
    """Per image, the mean score of its atoms of each kind (NaN where it has none): {kind: [n_items]}."""
    mask, out = atom_mask(items), {}
    for kind in KINDS:
        km = torch.zeros_like(mask)
        for i, g in enumerate(items):
            km[i, :len(g.atoms)] = torch.tensor([a.kind == kind for a in g.atoms])
        out[kind] = (scores * km).sum(1) / km.sum(1)
    return out


def gains(base, scores, items, base_kinds, kinds):
    """{am, strict, hard_am, hard_strict, <kind>: {gain, se}}: paired gains over the base on the same items; a
    kind's over the items that have atoms of it."""
    rows = {(r["items"].startswith("hardest"), r["metric"]): r for r in compare(base, scores, items)}
    out = {key: dict(gain=rows[hard, metric]["gain"], se=rows[hard, metric]["gain_se"])
           for key, hard, metric in [("am", False, "atom accuracy"), ("strict", False, "all atoms correct"),
                                     ("hard_am", True, "atom accuracy"), ("hard_strict", True, "all atoms correct")]}
    for k in KINDS:
        g, se = mean_se(kinds[k] - base_kinds[k])
        out[k] = dict(gain=g, se=se)
    return out


def write_results(path, table, argv, per_model):
    """Models named CONFIG@SEED into `table` of the results file (bench/compare_report.results_json's schema)."""
    configs: dict[str, list] = {}
    for name, g in per_model.items():
        config, _, seed = name.partition("@")
        configs.setdefault(config, []).append(dict(seed=int(seed), **g))
    entry = dict(command=shlex.join(["python", "bench/evaluate.py", *argv]), date=str(datetime.date.today()),
                 **{c: sorted(v, key=lambda r: r["seed"]) for c, v in configs.items()})
    write_table(path, table, entry)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("models", nargs="+", metavar="NAME=PATH", help="a weights file or a checkpoints/step_N folder")
    ap.add_argument("--base", help="base weights (default: the shipped model)")
    ap.add_argument("--eval-size", type=int, default=250)
    ap.add_argument("--eval-samples", type=int, default=2)
    ap.add_argument("--eval-seed", type=int, default=0)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--results", help="write the gains of the models named CONFIG@SEED into this JSON file")
    ap.add_argument("--table", default="equal_compute", help="the results file's table these models fill")
    args = ap.parse_args(argv)
    specs = [m.partition("=") for m in args.models]
    if bad := [m for m, (name, eq, path) in zip(args.models, specs) if not (name and eq and os.path.exists(path))]:
        ap.error("each model is NAME=PATH with an existing weights file or checkpoint folder: " + ", ".join(bad))
    if args.results and (bad := [n for n, _, _ in specs if not re.fullmatch(r"\w+@\d+", n)]):
        ap.error("--results: name the models CONFIG@SEED (cast@0=PATH); not " + ", ".join(bad))
    if args.eval_size < 1 or args.eval_samples < 1:
        ap.error("--eval-size and --eval-samples must be at least 1")
    torch.set_num_threads(args.threads)
    rng = random.Random(f"eval/{args.eval_seed}")                 # cast_train's eval prompts
    graphs = [sample_shapes_graph(rng) for _ in range(args.eval_size)]
    settings = types.SimpleNamespace(eval_samples=args.eval_samples, eval_seed=args.eval_seed, eval_steps=10)
    scorer = CountingScorer()
    scores, items, _ = evaluate(load_shapes(args.base), {"judge": scorer}, graphs, settings, 0, 1)
    base = scores["judge"]
    base_kinds, results = kind_means(base, items), {"base": dict(counts=scorer.counts())}
    show = lambda c: ", ".join(f"{k} {v:.3f}" for k, v in c.items())                   # noqa: E731
    print(f"base: count atoms {show(results['base']['counts'])}")
    for name, _, path in specs:
        scores = evaluate(load_model(path), {"judge": scorer}, graphs, settings, 0, 1)[0]["judge"]
        rows, kinds = compare(base, scores, items), kind_means(scores, items)
        results[name] = dict(rows=rows, kinds={k: float((kinds[k] - base_kinds[k]).nanmean()) for k in KINDS},
                             counts=scorer.counts(), gains=gains(base, scores, items, base_kinds, kinds))
        print(f"{name} ({path}):\n{report(rows)}\n  gain per kind: " +
              ", ".join(f"{k} {v:+.3f}" for k, v in results[name]["kinds"].items()) +
              f"\n  count atoms: {show(results[name]['counts'])}", flush=True)
    print(json.dumps(results))
    if args.results:
        write_results(args.results, args.table, sys.argv[1:] if argv is None else argv,
                      {name: dict(**results[name]["gains"], counts=results[name]["counts"]) for name, _, _ in specs})
        print(f"wrote table {args.table} of {args.results}")
    return results


if __name__ == "__main__":
    main()
