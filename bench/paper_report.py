"""bench/paper_report.py: what bench/paper.py reports: each row's paired gains over base per replicate and
training seed, the paired differences between rows (prompt by prompt, per training seed, then across seeds), the
Hard-gain ratio, the README's headline and the paper's target, results_paper.md, its picture and results.json's key
"paper"."""

from __future__ import annotations

import json
import os

from support.evaluation import replicates

BASELINE = "flow_grpo_g2"  # the Hard-gain ratio's denominator: the paper's compared baseline
KINDS = ("object", "count", "attribute", "relation")
PAIRS = (
    ("cast", BASELINE),
    ("cast_step", BASELINE),
    ("cast", "per_atom"),
    ("cast_step", "cast"),
    ("per_atom", BASELINE),
    ("cast", "spatial_image"),
    ("cast", "shuffled"),
)  # (A, B): A − B where both ran
MAPS = {"sample": "maps: sample", "step": "maps: per step", None: "no maps"}


def gains(model: dict, base: dict, split: str, metric: str = "am") -> dict:
    """A model's gain over base per replicate (paired by generation seed): mean and replicate std (ddof 1)."""
    return replicates(
        [m - b for m, b in zip(model[split][metric]["per_seed"], base[split][metric]["per_seed"])]
    )


def summary(per_seed, base) -> dict:
    """One row of the table over training seeds: its gains over base (Hard, full, per kind), quality and cost."""
    hard_g = [gains(r, base, "hard") for r, _, _ in per_seed]
    full_g = [gains(r, base, "full") for r, _, _ in per_seed]
    kinds = {
        split: {
            k: replicates([gains(r, base, split, k)["mean"] for r, _, _ in per_seed])["mean"]
            for k in KINDS
            if k in base[split]
        }
        for split in ("full", "hard")
    }
    return {
        "base": {
            split: {m: base[split][m] for m in ("am", "gm", "strict")} for split in ("full", "hard")
        },
        "scores": [r for r, _, _ in per_seed],
        "hard_gain": {
            "per_seed": [g["mean"] for g in hard_g],
            "mean": sum(g["mean"] for g in hard_g) / len(hard_g),
            "replicate_std": [g["std"] for g in hard_g],
        },
        "full_gain": {
            "per_seed": [g["mean"] for g in full_g],
            "mean": sum(g["mean"] for g in full_g) / len(full_g),
            "replicate_std": [g["std"] for g in full_g],
        },
        "per_kind": kinds,
        "quality": {"stray": [r["stray"]["mean"] for r, _, _ in per_seed]},
        "passes": [p for _, p, _ in per_seed],
        "seconds": [t for _, _, t in per_seed],
    }


def hard_ratio(gain: list, baseline: list) -> dict:
    """A row's Hard gain over the baseline's (G2's), per training seed (null where the baseline's gain is not above
    zero: the ratio has no meaning there), the mean of the defined ones (null if none), and the ratio of the two
    rows' mean gains over the seeds (null where the baseline's mean gain is not above zero)."""
    ratios = [a / b if b > 0 else None for a, b in zip(gain, baseline)]
    known = [r for r in ratios if r is not None]
    mean_gain, mean_base = sum(gain) / len(gain), sum(baseline) / len(baseline)
    return {
        "per_seed": ratios,
        "mean": sum(known) / len(known) if known else None,
        "ratio_of_means": mean_gain / mean_base if mean_base > 0 else None,
    }


def _mean_se(xs: list) -> tuple[float, float | None]:
    """Mean and its standard error, sample std (ddof 1) / sqrt(n); None for n < 2."""
    n = len(xs)
    m = sum(xs) / n
    return m, ((sum((x - m) ** 2 for x in xs) / (n - 1)) ** 0.5 / n**0.5 if n > 1 else None)


def paired_differences(per_prompt: dict, pairs, hard: list) -> dict:
    """Row A minus row B, paired: per_prompt is {row: {training seed: [replicate][test prompt] AM}}, every row's
    models judged on the same test prompts with the same generation seeds, so prompt p of replicate r is the same
    (prompt, noise) item for every row; hard holds the Hard subset's indices into the test prompts. For each pair
    (A, B) of `pairs` whose rows both ran, on their common training seeds, and per split (the full test split and
    the Hard subset): d_p = A's AM on prompt p, averaged over the replicates, minus B's; per seed, mean_p d_p and its
    SE std_p(d_p, ddof 1) / sqrt(prompts) (the prompts are the independent units: the replicates of one prompt share
    it, so they are averaged first); across seeds, the mean of the per-seed differences and its SE, std (ddof 1) /
    sqrt(seeds) (None with one seed), the one that decides between rows: a training seed is the unit that varies
    the trained model. Returns {"A - B": {"seeds": [...], "full": {"per_seed", "per_seed_se", "mean", "se",
    "prompts"}, "hard": {...}}}."""

    def prompt_means(reps):
        return [sum(col) / len(col) for col in zip(*reps)]

    out = {}
    for a, b in pairs:
        if a not in per_prompt or b not in per_prompt:
            continue
        seeds = [s for s in per_prompt[a] if s in per_prompt[b]]
        if not seeds:
            continue
        means = {s: (prompt_means(per_prompt[a][s]), prompt_means(per_prompt[b][s])) for s in seeds}
        if any(len(x) != len(y) for x, y in means.values()):
            raise ValueError(
                f"{a} and {b} were judged on different numbers of test prompts: not paired"
            )
        entry = {"seeds": list(seeds)}
        for split in ("full", "hard"):
            per_seed = [
                _mean_se([x[p] - y[p] for p in (range(len(x)) if split == "full" else hard)])
                for x, y in means.values()
            ]
            mean, se = _mean_se([m for m, _ in per_seed])
            prompts = len(means[seeds[0]][0]) if split == "full" else len(hard)
            entry[split] = {
                "per_seed": [m for m, _ in per_seed],
                "per_seed_se": [e for _, e in per_seed],
                "mean": mean,
                "se": se,
                "prompts": prompts,
            }
        out[f"{a} - {b}"] = entry
    return out


def save_paper_json(args, table) -> None:
    path = os.path.join(os.path.dirname(args.results), "results.json")
    results = json.load(open(path)) if os.path.exists(path) else {}
    results["paper"] = table
    with open(path + ".tmp", "w") as f:
        json.dump(results, f, indent=1)
    os.replace(path + ".tmp", path)


NAMES = {
    "sft_4_8": "SFT (4/8)",
    "sft_3_64": "SFT (3/64)",
    "flow_grpo_orig": "Flow-GRPO (Orig.)",
    "flow_grpo_g2": "Flow-GRPO (G2)",
    "per_atom": "per-atom",
    "spatial_image": "spatial per-image",
    "shuffled": "shuffled maps",
    "cast": "CAST",
    "cast_step": "CAST (per-step maps)",
    "flow_grpo": "Flow-GRPO as published",
}


def target_met(table) -> bool:
    """The paper's claim as a target: ratio >= 2 in the mean and >= 1.5 on every seed (a null seed passes only where CAST's
    Hard gain is at least 2 paired SE over the replicates), and CAST's Hard gain above every Table 2 ablation and
    both SFT rows (all of which must have run)."""
    rows, ratio = table["rows"], table.get("hard_ratio")
    if not_run(table) or not ratio or ratio["mean"] is None or ratio["mean"] < 2:
        return False
    cast = rows["cast"]["hard_gain"]
    for r, g, std in zip(ratio["per_seed"], cast["per_seed"], cast["replicate_std"]):
        if (r is None and g < 2 * std / table["replicates"] ** 0.5) or (r is not None and r < 1.5):
            return False
    others = ("sft_4_8", "sft_3_64", "per_atom", "spatial_image", "shuffled", BASELINE)
    return all(rows[o]["hard_gain"]["mean"] < cast["mean"] for o in others)


def not_run(table) -> list[str]:
    """The rows of the paper's Tables 1 and 2 that the table does not hold yet."""
    return [NAMES[r] for r in NAMES if r not in table["rows"]]


def _num(x) -> str:
    return "null" if x is None else f"{x:.2f}"


def _across(d) -> str:
    """A paired difference across training seeds in AM points: mean ± SE over the seeds, or with one seed its SE
    over prompts, said so."""
    if d["se"] is not None:
        return f"{100 * d['mean']:+.2f} ± {100 * d['se']:.2f} (SE over {len(d['per_seed'])} training seeds)"
    se = d["per_seed_se"][0]
    return f"{100 * d['mean']:+.2f} (one training seed" + (
        f"; ± {100 * se:.2f} SE over prompts)" if se else ")"
    )


def headline(table) -> str:
    """The README's headline, rendered from results.json's "paper" table (a test holds the README to it)."""
    gain = lambda row: f"{100 * table['rows'][row]['hard_gain']['mean']:+.2f}"  # noqa: E731
    seeds = lambda row: ", ".join(
        f"{100 * g:+.2f}" for g in table["rows"][row]["hard_gain"]["per_seed"]
    )  # noqa: E731
    rows = [r for r in NAMES if r in table["rows"] and r not in ("cast", BASELINE)]
    text = (
        f"**The paper's Table 1 / 2 on the shapes world** (`bench/paper.py`, commit {table['commit'][:7]}; "
        f"{table['updates']} updates x {table['group_size']} images per RL row; the verifier judges the Hard "
        f"subset, {table['hard_subset']['prompts']} of {table['test_prompts']} test prompts, base AM "
        f"{100 * table['base']['hard']['am']['mean']:.2f}, {table['replicates']} generation seeds): Hard gain "
        "in AM "
        f"points, CAST {gain('cast')} (training seeds {seeds('cast')}), Flow-GRPO (G2) {gain(BASELINE)} "
        f"({seeds(BASELINE)})"
    )
    if ratio := table.get("hard_ratio"):
        text += ", ratio per seed " + ", ".join(
            "null" if x is None else f"{x:.2f}" for x in ratio["per_seed"]
        )
        if "ratio_of_means" in ratio:
            text += f", ratio of the mean gains {_num(ratio['ratio_of_means'])}"
    if d := table.get("differences", {}).get(f"cast - {BASELINE}"):
        text += (
            f"; CAST − Flow-GRPO (G2) on the Hard subset, paired by prompt: {_across(d['hard'])}"
        )
    text += "; " + ", ".join(f"{NAMES[r]} {gain(r)}" for r in rows)
    if missing := not_run(table):
        return (
            text
            + f". Not yet run: {', '.join(missing)}; the paper's target is judged once they have."
        )
    return text + (
        ". The paper's target is met."
        if target_met(table)
        else ". The paper's target (ratio >= 2, CAST above every ablation and SFT) is not met."
    )


def pct(x) -> str:
    """A gain in AM points, signed, two decimals."""
    return f"{100 * x:+.2f}"


def difference_lines(table) -> list[str]:
    """The paired differences between rows: the words that say how they are paired, and the table."""
    lines = []
    if diffs := table.get("differences"):
        lines += [
            "",
            "Paired differences between rows, in AM points (row A minus row B). Every model is judged on "
            "the same test prompts with the same generation seeds, so the two rows are compared prompt by "
            "prompt: each prompt's AM averaged over the replicates, A's minus B's. Per training seed: the mean "
            "of that difference over the prompts ± its SE over prompts (the prompts are the independent "
            "units). Across training seeds: the mean of the per-seed differences ± its SE over seeds (none "
            "with one seed); this is the one that decides whether A is above B.",
            "",
            "| A − B | split (prompts) | per training seed (± SE over prompts) | mean over seeds ± SE |",
            "|---|---|---|---|",
        ]
        for pair, d in diffs.items():
            for split in ("hard", "full"):
                x = d[split]
                seeds = ", ".join(
                    f"{seed}: {pct(m)}" + ("" if se is None else f" ± {100 * se:.2f}")
                    for seed, m, se in zip(d["seeds"], x["per_seed"], x["per_seed_se"])
                )
                across = pct(x["mean"]) + ("" if x["se"] is None else f" ± {100 * x['se']:.2f}")
                lines.append(
                    f"| {pair.replace(' - ', ' − ')} | {split} ({x['prompts']}) | {seeds} | {across} |"
                )
    return lines


def lr_grid_lines(table) -> list[str]:
    """The learning-rate grid's table: each row's dev gain per lr, and its own best lr on test."""
    lines = []
    if grid := table.get("lr_grid"):
        lrs = [f"{x:g}" for x in grid["lrs"]]
        lines += [
            "",
            f"Learning-rate grid, training seed {grid['seed']}: dev gain in AM points (the shared lr "
            f"{grid['shared_lr']:g}: {grid['rule']}); each row at its own best dev lr on test.",
            "",
            "| row | "
            + " | ".join(f"dev, lr {x}" for x in lrs)
            + " | own best lr | its Hard gain | its full gain |",
            "|---|" + "---|" * (len(lrs) + 3),
        ]
        for row, dev in grid["dev_gain"].items():
            own = table["rows"][row]["own_lr"]
            lines.append(
                f"| {row} | " + " | ".join(pct(dev[x]) for x in lrs) + f" | {own['lr']:g} | "
                f"{pct(own['hard_gain']['mean'])} ± {100 * own['hard_gain']['std']:.2f} | "
                f"{pct(own['full_gain']['mean'])} ± {100 * own['full_gain']['std']:.2f} |"
            )
    return lines


def plot_hard_gains(table, path) -> None:
    """results_paper.png: the Hard gain per row, its training seeds as dots."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = list(table["rows"])
    fig, ax = plt.subplots(figsize=(1.2 * len(names) + 2, 4))
    for j, name in enumerate(names):
        g = table["rows"][name]["hard_gain"]["per_seed"]
        ax.bar(
            j,
            100 * sum(g) / len(g),
            color="C3" if name in ("cast", "cast_step") else "C0",
            alpha=0.7,
        )
        ax.plot([j] * len(g), [100 * x for x in g], "k.", markersize=6)
    ax.axhline(0, color="0.3", linewidth=0.8)
    ax.set_xticks(range(len(names)), names, rotation=30, ha="right")
    ax.set(
        ylabel="Hard-subset AM gain over base (points)",
        title="the paper's table on the shapes world (dots: seeds)",
    )
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def write_report(args, table, seconds) -> None:
    """results_paper.md: Table 1/2's rows (the maps each uses; Hard and full AM gains in points, ± the replicate
    std, per seed), base, quality and cost; the Hard-gain ratios; the paired differences between rows, per training
    seed and across seeds; results_paper.png: the Hard gain per row."""
    base = table["base"]
    lines = [
        f"# The paper's table on the shapes world ({table['date']}, commit {table['commit'][:10]})",
        "",
        f"`{table['command']}` ({seconds / 60:.0f} min). {table['updates']} updates x {table['group_size']} "
        f"images per RL row; test split {table['test_prompts']} prompts, Hard subset "
        f"{table['hard_subset']['prompts']} (sha256 {table['hard_subset']['sha256'][:12]}); "
        f"{table['replicates']} generation seeds; training seeds {table['seeds']} for the RL rows.",
        "",
        f"Base: Hard AM {100 * base['hard']['am']['mean']:.2f} ± {100 * base['hard']['am']['std']:.2f}, "
        f"full AM {100 * base['full']['am']['mean']:.2f} ± {100 * base['full']['am']['std']:.2f}",
        "",
        "| row | maps | Hard gain (AM points) | full gain | Hard gain per training seed (± replicate std) | "
        "stray pixels | passes | seconds |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for row, r in table["rows"].items():
        seeds = ", ".join(
            f"{seed}: {pct(g)} ± {100 * s:.2f}"
            for seed, g, s in zip(
                r["seeds"], r["hard_gain"]["per_seed"], r["hard_gain"]["replicate_std"]
            )
        )
        lines.append(
            f"| {row} | {MAPS[r.get('maps')]} | {pct(r['hard_gain']['mean'])} | "
            f"{pct(r['full_gain']['mean'])} | {seeds} | "
            f"{sum(r['quality']['stray']) / len(r['quality']['stray']):.3f} | "
            f"{sum(r['passes']) / len(r['passes']):,.0f} | {sum(r['seconds']) / len(r['seconds']):.0f} |"
        )
    for key, name in (("hard_ratio", "CAST"), ("hard_ratio_step", "CAST (per-step maps)")):
        if ratio := table.get(key):
            lines += [
                "",
                f"{name} / Flow-GRPO (G2) Hard-gain ratio per seed (null where G2's gain is not above 0): "
                + ", ".join(_num(x) for x in ratio["per_seed"])
                + f"; their mean {_num(ratio['mean'])}; the "
                f"ratio of the mean gains {_num(ratio.get('ratio_of_means'))}",
            ]
    lines += difference_lines(table) + lr_grid_lines(table)
    with open(args.results, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    plot_hard_gains(table, os.path.splitext(args.results)[0] + ".png")
