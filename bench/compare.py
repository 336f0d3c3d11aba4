r"""bench/compare.py: base vs the Flow-GRPO baselines vs CAST and its ablations (the paper's methods, Table 2) on
the shapes world, trained alike, judged alike.

Every config trains from the same base model with the same prompts, noise seeds, group size, images and optimizer
steps; only the method flags differ (wall time is measured, not equalized). Each run is a `cast_train.py` subprocess
writing <runs>/<config>_s<seed>/. A run whose final checkpoint exists is skipped and a killed one resumes, so the
bench can be stopped and restarted; all runs start from one copy of the base weights kept in <runs>/, since the
shipped file may be rewritten by a pretraining still going on. Then this script samples every final checkpoint
itself on one fixed eval set (prompts from its own stream, or --eval-prompts FILE; held out of every run's training)
with fixed noise per (prompt, sample): every config sees the same noises, so each gain is a paired difference with a
paired standard error.

    config          cast_train flags          what it isolates
    base            (no training)             the starting point
    flow_grpo       --method flow_grpo        Flow-GRPO's own full window: mean atom score as one scalar reward
    flow_grpo_g2    --method flow_grpo_g2     the compared baseline, Flow-GRPO (G2): that reward in CAST's window
    flow_grpo_orig  --method flow_grpo_orig   a holistic image reward, no atoms (shapes: how cleanly it is drawn)
    per_atom        --method per_atom         CAST without the maps: per-atom advantages, summed, broadcast
    spatial_image   --method spatial_image    the maps without per-atom credit: image advantage x mean atom map
    shuffled        --method shuffled         CAST with each image's maps permuted among its atoms
    cast            --method cast             per-atom advantages on their grounding maps (Eq. 7)

Every config but flow_grpo trains in CAST's detected window (cast_advantage.METHODS).

Reported per config: Soft-TIFA AM and GM, strict accuracy, per atom kind, and on the hardest third of eval prompts
by atom count; the gain over base; CAST gain / Flow-GRPO (G2) gain on the hardest third per seed (the paper's
Table 1 ratio); seconds per iteration; and an image quality measure that is not the reward (support.shapes.quality:
stray-pixel share, fill error). Writes bench/results.md (with the command and the machine) and bench/results.png
(cast_train's eval accuracy and the rollout reward against iterations).

    nice -n 10 python bench/compare.py           # 7 configs x seeds 0 1 2, cast_train's default iterations
    python bench/compare.py --quick              # flow_grpo_g2 vs cast, seed 0, 15 iterations: < 10 min on 2 cores;
                                                 # writes bench/runs/quick/ and bench/results_quick.{md,png}
    python bench/compare.py --configs flow_grpo_g2 cast --seeds 0 1 2 3 4 --iterations 200
    python bench/compare.py --jobs 2             # two runs at a time (threads: the idle cores // jobs)
    python bench/compare.py --eval-prompts eval.txt --train-args "--lr 2e-4 --epochs 2" --runs bench/runs/lr2e-4
    python bench/compare.py --quick --iterations 2 --eval-size 8 --runs /tmp/b --results /tmp/b/results.md \
        --train-args "--window-prompts 4"                                                # smoke test, ~1.5 min

Runs are keyed by config and seed only: after changing --train-args, point --runs at a fresh folder.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import cast_train  # noqa: E402
from compare_report import (CONFIGS, KINDS, ROOT, THRESHOLD, hardest_cut, plot, report, results_json,  # noqa: E402
                            sha256)
from cast_csg import atom_mask, read_prompt  # noqa: E402
from support.inputs import file_problems  # noqa: E402
from support.backbone import sample_ode  # noqa: E402
from support.shapes_model import ASSETS, load_shapes  # noqa: E402
from support.evaluation import GM_FLOOR  # noqa: E402
from support.shapes import ShapesScorer, quality, sample_shapes_graph  # noqa: E402

OWNED = {"--method", "--window", "--seed", "--out", "--resume", "--threads", "--base-weights",
         "--iterations", "--budget", "--eval-prompts"}                # flags this script sets per run; --train-args may not
# --quick: small enough for < 10 minutes on 2 cores; the training runs evaluate every 5 iterations on one sample
# per eval prompt, so the curves have points (their defaults would evaluate only at the start and the end).
QUICK = dict(configs=["flow_grpo_g2", "cast"], seeds=[0], iterations=15, eval_size=100,
             runs=os.path.join(ROOT, "bench", "runs", "quick"), results=os.path.join(ROOT, "bench", "results_quick.md"))
QUICK_TRAIN = ["--eval-every", "5", "--eval-samples", "1"]


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    a = ap.add_argument
    a("--configs", nargs="+", choices=list(CONFIGS), help="trained configs (default all; base is always evaluated)")
    a("--seeds", nargs="+", type=int, help="training seeds (default 0 1 2)")
    a("--iterations", type=int, help="passed to cast_train (default: cast_train's own default): equal iterations")
    a("--budget", type=float, help="equal compute instead: every config trains until it has spent this many "
      "transformer passes over one image (cast_train --budget; cast_train.passes_per_iteration counts them)")
    a("--train-args", default="", help="more cast_train flags for every run, e.g. \"--lr 2e-4\" (paths in them are "
      "relative to the repository root, where the runs start)")
    a("--base-weights", default=os.path.join(ASSETS, "shapes_base.safetensors"))
    a("--eval-prompts", help="eval prompts, one a line (default: --eval-size prompts of this bench's own stream)")
    a("--eval-size", type=int, help="eval prompts from the bench stream (default 300)")
    a("--eval-samples", type=int, default=2, help="noise seeds per eval prompt")
    a("--eval-seed", type=int, default=0, help="the bench stream's prompts and noise")
    a("--jobs", type=int, default=1, help="training runs at a time")
    a("--threads", type=int, default=0, help="torch threads per run (default: the cores idle at start // jobs)")
    a("--runs", help="run folders (default bench/runs)")
    a("--results", help="markdown report; the PNG goes beside it (default bench/results.md)")
    a("--quick", action="store_true", help=f"defaults {QUICK} and cast_train {' '.join(QUICK_TRAIN)}")
    args = ap.parse_args(argv)
    args.argv = sys.argv[1:] if argv is None else list(argv)     # for the report: the exact command
    defaults = dict(configs=list(CONFIGS), seeds=[0, 1, 2], iterations=None, eval_size=300,
                    runs=os.path.join(ROOT, "bench", "runs"), results=os.path.join(ROOT, "bench", "results.md"))
    for k, v in (QUICK if args.quick else defaults).items():
        if getattr(args, k) is None:                     # a flag given on the command line wins over --quick
            setattr(args, k, v)
    # absolute: the runs start in the repository root, maybe not the caller's directory
    args.runs, args.results, args.base_weights = map(os.path.abspath, (args.runs, args.results, args.base_weights))
    # every problem in one argparse error (usage, one a line, exit code 2) before anything trains; cast_train's own
    # parser then checks each run's flags (--train-args included) before the first run starts
    bad = [f"--{k.replace('_', '-')} {getattr(args, k)}: must be at least 1"
           for k in ("iterations", "eval_size", "eval_samples", "jobs") if getattr(args, k) is not None
           and getattr(args, k) < 1]
    bad += [f"--threads {args.threads}: must be >= 0"] if args.threads < 0 else []
    bad += [f"--seeds {s}: must be >= 0" for s in args.seeds if s < 0]
    if not os.path.isfile(args.base_weights):
        bad.append(f"--base-weights {args.base_weights}: no such file")
    if args.eval_prompts:
        bad += file_problems("--eval-prompts", args.eval_prompts)
    try:
        args.extra = [*(QUICK_TRAIN if args.quick else []), *shlex.split(args.train_args)]
    except ValueError as e:                              # an unclosed quote
        bad.append(f"--train-args {args.train_args!r}: {e}")
    if bad:
        ap.error("\n".join(bad))
    # Threads only on idle cores: torch's OpenMP workers spin at every barrier, so one that shares its core with
    # another job stalls the rest (measured on this machine at load 3: 64 images x 10 steps took 3.2 s with 1
    # thread and 25 s with 2). The load average at start estimates the busy cores.
    idle = (os.cpu_count() or 1) - round(os.getloadavg()[0])
    args.threads = args.threads or max(1, idle // args.jobs)
    if bad := OWNED & {t.split("=")[0] for t in args.extra}:
        ap.error(f"--train-args may not set {sorted(bad)}: this script sets them per run")
    return args


# ------------------------------------------------------------------------------------------------ training

def snapshot_base(args):
    """Every run trains from, and base is evaluated as, one copy of the base weights in the runs folder: the
    original may be rewritten by a pretraining still running, and a resumed bench must never mix two bases."""
    copy = os.path.join(args.runs, "base.safetensors")
    if not os.path.exists(copy):
        os.makedirs(args.runs, exist_ok=True)
        shutil.copyfile(args.base_weights, copy + ".tmp")
        os.replace(copy + ".tmp", copy)                  # never half a file, even if killed while copying
    elif sha256(copy) != sha256(args.base_weights):
        print(f"warning: {args.base_weights} differs from the copy {copy} that the runs here started from; using "
              "the copy (a fresh --runs folder starts from the new weights)", flush=True)
    return copy


def train_argv(args, config, seed):
    """cast_train's command line for one run: the config's flags, then the shared settings (same for every run)."""
    out = os.path.join(args.runs, f"{config}_s{seed}")
    iters = ["--budget", str(args.budget)] if args.budget else ["--iterations", str(args.iterations)] \
        if args.iterations else []
    return [*CONFIGS[config], "--seed", str(seed), "--out", out, "--base-weights", args.base_weights,
            "--eval-prompts", os.path.join(args.runs, "eval_prompts.txt"), "--threads", str(args.threads), "--resume",
            *iters, *args.extra]


def final_checkpoint(targs):
    """The weights evaluation used at the last iteration (the EMA when the run kept one), from result.json, which
    cast_train writes when it ends (under --budget the number of iterations is known only then); None if the run
    has not ended."""
    path = os.path.join(targs.out, "result.json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)["eval_weights"]


def train(argv, targs):
    """One cast_train run as a subprocess (a crash cannot take the bench down; two can run at once), logged to
    <out>/train.log. --resume continues a killed run from its newest checkpoint."""
    name = os.path.basename(targs.out)
    if final_checkpoint(targs):
        print(f"{name}: finished before, skipped", flush=True)
        return
    os.makedirs(targs.out, exist_ok=True)
    t0 = time.time()
    size = f"a budget of {targs.budget:,.0f} passes" if targs.budget else f"{targs.iterations} iterations"
    print(f"{name}: training ({size}) -> {targs.out}/train.log", flush=True)
    with open(os.path.join(targs.out, "train.log"), "a") as log:
        rc = subprocess.run([sys.executable, "cast_train.py", *argv], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    if rc.returncode or not final_checkpoint(targs):
        with open(os.path.join(targs.out, "train.log")) as f:
            tail = "".join(f.readlines()[-15:])
        raise RuntimeError(f"{name} failed (exit {rc.returncode}); the end of its train.log:\n{tail}")
    print(f"{name}: done in {time.time() - t0:.0f} s", flush=True)


# ------------------------------------------------------------------------------------------------ evaluation

def eval_prompts(args):
    """The eval prompts, also written to <runs>/eval_prompts.txt: every run gets that file as its --eval-prompts,
    which cast_train never trains on (without it, over half of 300 shapes prompts turn up among the 2,400 training
    prompts of three seeds: the world repeats short prompts), and its eval curve is then on the same prompts."""
    if args.eval_prompts:
        with open(args.eval_prompts) as f:
            prompts = [line.strip() for line in f if line.strip()]
    else:
        rng = random.Random(f"bench/{args.eval_seed}")        # neither "train/..." nor cast_train's "eval/..."
        prompts = [sample_shapes_graph(rng).prompt for _ in range(args.eval_size)]
    path, text = os.path.join(args.runs, "eval_prompts.txt"), "".join(p + "\n" for p in prompts)
    if os.path.exists(path):
        with open(path) as f:
            if f.read() != text:
                sys.exit(f"{args.runs} holds runs trained with another eval set held out ({path}): use a fresh --runs")
    else:
        with open(path, "w") as f:
            f.write(text)
    return prompts


@torch.no_grad()
def evaluate(weights, graphs, args, steps, guidance, batch=100):
    """ODE samples of every (prompt i, sample j) with noise seeded by ("bench", eval seed, i, j), scored.
    Returns {metric: [n_prompts]}: each prompt's value averaged over its samples first, so a standard error over
    prompts counts a prompt's correlated samples once. NaN where a metric does not apply (no atom of a kind)."""
    bb, scorer = load_shapes(weights, guidance_scale=guidance), ShapesScorer()
    items = [(i, j) for i in range(len(graphs)) for j in range(args.eval_samples)]
    rows = []
    for lo in range(0, len(items), batch):
        chunk = items[lo:lo + batch]
        gs = [graphs[i] for i, _ in chunk]
        x = torch.cat([bb.noise(1, torch.Generator().manual_seed(cast_train.seed_of("bench", args.eval_seed, i, j)))
                       for i, j in chunk])
        images = bb.decode(sample_ode(bb, bb.encode([g.prompt for g in gs]), x, steps)).float().cpu()
        rows.append(image_metrics(scorer(images, gs), gs, images))
    per_image = {k: torch.cat([r[k] for r in rows]) for k in rows[0]}
    per_prompt = {k: v.view(len(graphs), args.eval_samples).nanmean(1) for k, v in per_image.items()}
    n_atoms = torch.tensor([len(g.atoms) for g in graphs])
    hard = n_atoms >= hardest_cut(n_atoms)
    for k in ("am", "strict"):
        per_prompt[f"hard_{k}"] = per_prompt[k].where(hard, torch.tensor(float("nan")))
    return per_prompt


def image_metrics(scores, graphs, images):
    """Per image: Soft-TIFA AM (mean atom score) and GM (geometric mean, GM_FLOOR-floored as cast_reward.summarize),
    strict (every atom > 0.5), the mean score of each atom kind, and support.shapes.quality, image by image."""
    mask = atom_mask(graphs)
    n = mask.sum(1)
    out = {"am": (scores * mask).sum(1) / n, "gm": ((scores.clamp_min(GM_FLOOR).log() * mask).sum(1) / n).exp(),
           "strict": ((scores > THRESHOLD) | ~mask).all(1).float()}
    for kind in KINDS:
        km = torch.zeros_like(mask)
        for i, g in enumerate(graphs):
            km[i, :len(g.atoms)] = torch.tensor([a.kind == kind for a in g.atoms])
        out[kind] = (scores * km).sum(1) / km.sum(1)                  # 0/0 = NaN: no atom of this kind
    q = [quality(im[None]) for im in images]
    out.update({k: torch.tensor([d[k] for d in q]) for k in ("stray", "fill_error")})
    return out


# ------------------------------------------------------------------------------------------------ the report

# ------------------------------------------------------------------------------------------------ the bench

def main(argv=None):
    args = parse_args(argv)
    t0 = time.time()
    source, args.base_weights = args.base_weights, snapshot_base(args)
    prompts = eval_prompts(args)
    graphs = [read_prompt(p) for p in prompts]
    # cast_train's own parser resolves each run's settings, so its defaults (iterations, eval steps, ...) are the
    # ones used here too, never a copy of them
    runs, jobs = {c: [] for c in args.configs}, []
    for c in args.configs:
        for s in args.seeds:
            argv_cs = train_argv(args, c, s)
            runs[c].append(cast_train.parse_args(argv_cs))
            jobs.append((argv_cs, runs[c][-1]))
    with ThreadPoolExecutor(args.jobs) as pool:       # threads only wait on subprocesses
        list(pool.map(lambda job: train(*job), jobs))

    torch.set_num_threads(args.threads * args.jobs)
    targs = runs[args.configs[0]][0]
    guidance = load_shapes(args.base_weights, guidance_scale=targs.guidance).guidance_scale   # what training used
    scores = dict(prompts=prompts, seeds=args.seeds, guidance=guidance)
    print(f"evaluating on {len(prompts)} prompts x {args.eval_samples} seeds: base", flush=True)
    scores["base"] = evaluate(args.base_weights, graphs, args, targs.eval_steps, guidance)
    for c in args.configs:
        print(f"evaluating {c}, seeds {args.seeds}", flush=True)
        scores[c] = [evaluate(final_checkpoint(ta), graphs, args, targs.eval_steps, guidance) for ta in runs[c]]

    os.makedirs(os.path.dirname(args.results), exist_ok=True)
    plot(runs, os.path.splitext(args.results)[0] + ".png", budget=bool(args.budget))
    md = report(args, scores, targs, runs, time.time() - t0, source)
    with open(args.results, "w") as f:
        f.write(md)
    print(md)
    print(f"wrote {args.results}, {results_json(args, scores, runs)} and {os.path.splitext(args.results)[0]}.png in "
          f"{time.time() - t0:.0f} s")
    return scores


if __name__ == "__main__":
    main()
