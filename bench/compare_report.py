"""bench/compare_report.py: what bench/compare.py reports: paired gains with their standard errors, the CAST /
Flow-GRPO (G2) ratio on the hardest third, results.md, results.json and results.png. Also the configs' flags, so
compare.py and this file agree on them without importing each other both ways."""
from __future__ import annotations

import datetime
import hashlib
import json
import math
import os
import platform
import shlex

import torch

from cast_csg import read_prompt

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# the paper's methods (cast_advantage.METHODS), baselines first: each config is its cast_train --method
CONFIGS = {m: ["--method", m] for m in ("flow_grpo", "flow_grpo_g2", "flow_grpo_orig", "per_atom", "spatial_image",
                                        "shuffled", "cast")}
BASELINE = "flow_grpo_g2"                     # the ratio's denominator: the paper's compared baseline (Table 1)
KINDS = ("object", "count", "attribute", "relation")
ACCURACY = [("am", "AM"), ("gm", "GM"), ("strict", "strict"), *[(k, k) for k in KINDS], ("hard_am", "hardest ⅓ AM"),
            ("hard_strict", "hardest ⅓ strict")]
THRESHOLD = 0.5                                           # strict: every atom > 0.5 (GenEval; cast_reward.summarize)

def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()[:12]


def run_log(out):
    """metrics.jsonl split into (eval lines, iteration lines)."""
    with open(os.path.join(out, "metrics.jsonl")) as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return [r for r in rows if r.get("eval")], [r for r in rows if not r.get("eval")]


def seconds_per_iteration(out):
    """The four timed stages of each iteration (rollout, score and ground, advantages, train), averaged: evals and
    setup excluded."""
    steps = run_log(out)[1]
    return sum(r["t_rollout"] + r["t_score"] + r["t_adv"] + r["t_train"] for r in steps) / len(steps)


def window_label(targs):
    """The window the run trained in: the calibrated one (CAST's auto), else the flag."""
    path = os.path.join(targs.out, "window.safetensors")
    if targs.window == "auto" and os.path.exists(path):
        from cast_window import load_window
        window = load_window(path)[0]
        return "auto: {} steps from [{}, {})".format(int(window["length"]), *window["candidates"].tolist())
    return f"[0, {targs.steps - 1})" if targs.window == "full" else f"[{targs.window.replace(':', ', ')})"


def hardest_cut(n_atoms):
    """The atom count of the prompt a third of the way down, most atoms first: prompts with at least this many
    atoms are the hardest third (a little more when counts tie at the cut)."""
    return int(n_atoms.sort(descending=True).values[max(0, len(n_atoms) // 3 - 1)])


def mean_se(x):
    """Mean and standard error of the non-NaN entries."""
    x = x[~x.isnan()]
    return float(x.mean()), float(x.std() / math.sqrt(len(x))) if len(x) > 1 else float("nan")


def gain(trained, base, key):
    """The paired gain over base: per prompt, trained (averaged over seeds) minus base; its mean and paired SE,
    the per-seed gains and their spread."""
    diff = torch.stack([t[key] - base[key] for t in trained])           # [seeds, prompts]
    g, se = mean_se(diff.nanmean(0))
    per_seed = [mean_se(d)[0] for d in diff]
    sd = float(torch.tensor(per_seed).std()) if len(per_seed) > 1 else float("nan")
    return g, se, sd, per_seed, [mean_se(d)[1] for d in diff]


def within_noise(g, se):
    """A gain within 2 standard errors of zero (or with no SE at all: a zero-variance or one-prompt gain)."""
    return not abs(g) > 2 * se


def machine():
    with open("/proc/cpuinfo") as f:
        cpu = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), platform.machine())
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return f"{cpu}, {os.cpu_count()} cores, torch {torch.__version__}, Python {platform.python_version()}; " \
           f"load average at start {load} (timings are shared-machine wall times)"


def plot(runs, path, budget=False):
    """Against iterations (against transformer passes under --budget): cast_train's eval AM (on the bench's prompts,
    with its own noise) and the rollout reward (moving average of 10)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4))
    for c, (config, seeds) in enumerate(runs.items()):
        for s, targs in enumerate(seeds):
            evals, steps = run_log(targs.out)
            label = config if s == 0 else None
            per = steps[0]["passes"] if budget else 1                     # passes of one iteration
            ax1.plot([r["iteration"] * per for r in evals], [r["am"] for r in evals], "o-", color=f"C{c}", label=label)
            reward = [r["reward"] for r in steps]
            smooth = [sum(reward[max(0, i - 9):i + 1]) / len(reward[max(0, i - 9):i + 1]) for i in range(len(reward))]
            ax2.plot([r["iteration"] * per for r in steps], smooth, color=f"C{c}", label=label, alpha=0.8)
    x = "transformer passes (compute)" if budget else "iteration"
    ax1.set(xlabel=x, ylabel="atom accuracy (Soft-TIFA AM)", title="eval (bench prompts), a line per seed")
    ax2.set(xlabel=x, ylabel="mean atom score", title="rollout reward, moving average of 10")
    for ax in (ax1, ax2):
        ax.grid(alpha=0.3)
        ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def report(args, scores, targs, runs, wall, source):
    """The markdown of bench/results.md. scores: {"base": metrics, config: [metrics per seed], ...}; runs: {config:
    [cast_train's resolved args per seed]}."""
    base, configs, S = scores["base"], [c for c in CONFIGS if c in runs], len(args.seeds)
    n_atoms = torch.tensor([len(read_prompt(p).atoms) for p in scores["prompts"]])
    cut, P = hardest_cut(n_atoms), len(n_atoms)
    pct = lambda m, se: f"{100 * m:.1f} ± {100 * se:.1f}"                  # noqa: E731
    spi = {c: sum(seconds_per_iteration(ta.out) for ta in runs[c]) / S for c in configs}
    src = args.eval_prompts or f"the bench stream, --eval-seed {args.eval_seed}"
    md = [f"# base vs Flow-GRPO vs CAST and its ablations on the shapes world ({datetime.date.today()})", "",
          f"Command: `{shlex.join(['python', 'bench/compare.py', *args.argv])}`  ", f"Machine: {machine()}  ",
          f"Bench wall time: {wall / 60:.1f} min", "",
          f"Base model: {source}, copied to {args.base_weights} (sha256 {sha256(args.base_weights)}).", "",
          f"Training (identical across configs except the method flags): seeds {args.seeds}, "
          + (f"**equal compute**: each config trains until it has spent {args.budget:,.0f} transformer passes over "
             "one image (iterations per run below)" if args.budget else f"{targs.iterations} iterations (equal "
             "iterations)") + f" x {targs.groups_per_rank} prompts x {targs.group_size} samples, {targs.steps} steps, lr "
          f"{targs.lr}, noise level {targs.noise_level}, {targs.epochs} epoch(s); extra cast_train flags: "
          f"`{shlex.join(args.extra) or 'none'}`.", "",
          f"Eval: {P} prompts ({src}) x {args.eval_samples} noise seeds, {targs.eval_steps} ODE steps, guidance "
          f"{scores['guidance']:g}; hardest third = prompts with >= {cut} atoms (n={int((n_atoms >= cut).sum())}). "
          "No run trained on an eval prompt (each got them as cast_train --eval-prompts, its held-out set). "
          "± is one standard error over prompts (a prompt's samples averaged first); trained configs are averaged "
          "over seeds. Per kind: mean over prompts of the prompt's mean score on atoms of that kind.", "",
          "## Accuracy (%)", "", "| config | " + " | ".join(n for _, n in ACCURACY) + " | s / iteration |",
          "|---" * (len(ACCURACY) + 2) + "|",
          "| base | " + " | ".join(pct(*mean_se(base[k])) for k, _ in ACCURACY) + " | - |"]
    for c in configs:
        avg = {k: torch.stack([t[k] for t in scores[c]]).nanmean(0) for k, _ in ACCURACY}
        md.append(f"| {c} | " + " | ".join(pct(*mean_se(avg[k])) for k, _ in ACCURACY) + f" | {spi[c]:.2f} |")
    md += ["", "## Gain over base (percentage points)", "",
           "Paired (same prompts, same noise): gain ± paired SE; (sd) is the spread of the gain over training seeds; "
           "† marks a gain within 2 SE of zero, i.e. not distinguishable from eval noise.", "",
           "| config | " + " | ".join(n for _, n in ACCURACY) + " |", "|---" * (len(ACCURACY) + 1) + "|"]
    for c in configs:
        cells = []
        for k, _ in ACCURACY:
            g, se, sd, _, _ = gain(scores[c], base, k)
            cells.append(f"{100 * g:+.1f} ± {100 * se:.1f}" + (f" ({100 * sd:.1f})" if S > 1 else "")
                         + ("†" if within_noise(g, se) else ""))
        md.append(f"| {c} | " + " | ".join(cells) + " |")
    if {"cast", BASELINE} <= set(configs):
        md += ratio_section(scores, base)
    md += ["", "## Image quality, not from the reward (support.shapes.quality; lower is better)", "",
           "stray = share of lit pixels outside any well-formed shape; fill error = |box fill - the shape's ideal|, "
           "mean over an image's shapes. Change vs base is paired.", "",
           "| config | stray | change | fill error | change |", "|---|---|---|---|---|",
           f"| base | {mean_se(base['stray'])[0]:.4f} | - | {mean_se(base['fill_error'])[0]:.4f} | - |"]
    for c in configs:
        cells = []
        for k in ("stray", "fill_error"):
            g, se = gain(scores[c], base, k)[:2]
            avg = torch.stack([t[k] for t in scores[c]]).nanmean(0)
            cells += [f"{mean_se(avg)[0]:.4f}", f"{g:+.4f} ± {se:.4f}" + ("†" if within_noise(g, se) else "")]
        md.append(f"| {c} | " + " | ".join(cells) + " |")
    runs_dir = os.path.relpath(args.runs, ROOT) if args.runs.startswith(ROOT + os.sep) else args.runs
    md += ["", f"## Runs (in {runs_dir}, {args.threads} torch thread(s) each, {args.jobs} at a "
           "time)", "", "| run | SDE window | iterations | transformer passes | s / iteration | rollout reward, first 10 -> "
           "last 10 |", "|---|---|---|---|---|---|"]
    for c in configs:
        for ta in runs[c]:
            steps = run_log(ta.out)[1]
            r = [x["reward"] for x in steps]
            md.append(f"| {os.path.basename(ta.out)} | {window_label(ta)} | {len(steps)} | {steps[-1]['passes']:,} | "
                      f"{seconds_per_iteration(ta.out):.2f} | {sum(r[:10]) / len(r[:10]):.3f} -> "
                      f"{sum(r[-10:]) / len(r[-10:]):.3f} |")
    png = os.path.splitext(os.path.basename(args.results))[0] + ".png"
    return "\n".join(md + ["", f"![eval accuracy and rollout reward against iterations]({png})", ""])


def results_json(args, scores, runs):
    """bench/results.json: for this bench's table ("equal_compute" under --budget, else "equal_iterations") and each
    config, per seed: the paired gains (AM, strict, per kind, hardest third) with their SEs, iterations and passes;
    and hardest_ratio (CAST's hardest-third AM gain / Flow-GRPO (G2)'s) per seed and its mean. The other table's
    entry, from an earlier bench, is kept."""
    path = os.path.splitext(args.results)[0] + ".json"
    table = {}
    for c in [c for c in CONFIGS if c in runs]:
        per_seed = []
        for s, (t, ta) in enumerate(zip(scores[c], runs[c])):
            steps = run_log(ta.out)[1]
            seed = dict(seed=args.seeds[s], iterations=len(steps), passes=steps[-1]["passes"])
            for k, _ in ACCURACY:
                g, se = mean_se(t[k] - scores["base"][k])
                seed[k] = dict(gain=g, se=se)
            per_seed.append(seed)
        table[c] = per_seed
    write_table(path, "equal_compute" if args.budget else "equal_iterations", dict(command=shlex.join(
        ["python", "bench/compare.py", *args.argv]), date=str(datetime.date.today()), budget=args.budget, **table))
    return path


def write_table(path, name, entry):
    """Set table `name` of the results JSON file to `entry`, adding hardest_ratio (CAST's hardest-third AM gain /
    Flow-GRPO (G2)'s, per seed and the mean) when both configs are there on the same seeds, and hardest_ratios, the
    same for every other config (the other baselines' and the ablations' rows); other tables are kept; the file is
    replaced atomically. bench/evaluate.py --results writes through this too."""
    data = {}
    if os.path.exists(path):
        with open(path) as f:
            data = json.load(f)
    fg, ratios = entry.get(BASELINE), {}
    for config, rows in entry.items():
        if config != BASELINE and fg and isinstance(rows, list) and [r["seed"] for r in rows] == [
                r["seed"] for r in fg]:
            per_seed = [c["hard_am"]["gain"] / f["hard_am"]["gain"] if f["hard_am"]["gain"] else float("nan")
                        for c, f in zip(rows, fg)]
            ratios[config] = dict(per_seed=per_seed, mean=sum(per_seed) / len(per_seed))
    if "cast" in ratios:
        entry["hardest_ratio"] = ratios["cast"]
    if ratios:
        entry["hardest_ratios"] = ratios
    data[name] = entry
    with open(path + ".tmp", "w") as f:
        json.dump(data, f, indent=1)
    os.replace(path + ".tmp", path)


def ratio_section(scores, base):
    """Per seed: CAST's gain on the hardest third / Flow-GRPO (G2)'s, the paper's Table 1 ratio. A ratio of a gain
    that is noise is noise."""
    _, _, _, fg, fg_se = gain(scores[BASELINE], base, "hard_am")
    _, _, _, ca, ca_se = gain(scores["cast"], base, "hard_am")
    ratios = [c / f if f else float("nan") for c, f in zip(ca, fg)]
    r = torch.tensor(ratios)
    spread = f"sd {float(r.std()):.2f}, range {float(r.min()):.2f} to {float(r.max()):.2f}" if len(r) > 1 else \
        "one seed, no spread"
    md = ["", "## CAST gain / Flow-GRPO (G2) gain, hardest third AM", "",
          "| seed | Flow-GRPO (G2) gain | CAST gain | ratio |",
          "|---|---|---|---|"]
    md += [f"| {s} | {100 * f:+.1f} ± {100 * fs:.1f} | {100 * c:+.1f} ± {100 * cs:.1f} | {x:.2f} |"
           for s, f, fs, c, cs, x in zip(scores["seeds"], fg, fg_se, ca, ca_se, ratios)]
    md += ["", f"Ratio: mean {float(r.mean()):.2f} ({spread})."]
    if noisy := [s for s, f, fs in zip(scores["seeds"], fg, fg_se) if within_noise(f, fs)]:
        md.append(f"**Warning: Flow-GRPO (G2)'s gain is within 2 SE of zero for seed(s) {noisy}; the ratio divides by "
                  "noise there and is meaningless. Compare the gains themselves.**")
    return md
