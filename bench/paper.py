r"""bench/paper.py: the paper's Table 1 and Table 2 on the shapes world, under the paper's protocol (Sec. 5, App. G).

Every row starts from one copy of the base model and spends the paper's budget in its shape: --updates single-prompt
collections of a group of --group-size (the paper: 128 x 16 = 2,048 images, 128 optimizer updates). The RL rows share
the prompt manifest (pool/train.jsonl, one prompt per update) and its order (cast_train shuffles a --prompts file by
the training seed), the training seed, one SDE window (calibrated once, window.safetensors) and the learning rate and
schedule (cast_train's shapes defaults); Flow-GRPO as published keeps its own full window as one extra row. Each row
names the maps it uses (cast_train's --ground-on, which --train-args may not set): the map-using rows of the paper keep
its maps taken on the sample; cast_step takes them per window step.

    row             what it is
    base            the frozen base model
    sft_4_8         self-distillation: 8 base samples per train prompt, scored by the training scorer, the best 4
    sft_3_64        ... 64 samples, the best 3; both fine-tuned with the flow-matching loss (Eq. 1) for 3 epochs
    flow_grpo_orig  Flow-GRPO (Orig.): a holistic image reward, no atoms (the shapes analogue of the aesthetic score)
    flow_grpo_g2    Flow-GRPO (G2): the mean atom score as one reward (= Table 2's sum-reward)
    per_atom        Table 2: per-atom advantages, summed, broadcast (no maps)
    spatial_image   Table 2: the image's advantage x the mean atom map
    shuffled        Table 2: CAST with each image's maps permuted among its atoms
    cast            CAST (Eq. 7), with the paper's maps taken on the sample
    cast_step       CAST with the unbiased per-step maps (ours)
    flow_grpo       Flow-GRPO as published: G2's reward in its own full window

The Hard subset (App. G) is fixed before any training: the base model's --images-per-prompt samples of every test
prompt, scored by the verifier (for selection only), keep the --variance-top prompts of highest within-prompt
variance, then the --keep of lowest mean (hard_subset.json, with its sha256). Every model is then judged by the
verifier on the test split with --replicates generation seeds: a replicate's Overall is the mean over prompts of each
prompt's mean atom score (AM); GM and all-atoms-correct beside it; mean and sample std (ddof 1) over replicates, on
the full test split and the Hard subset, per atom kind too. Each prompt's AM per replicate is kept as well (in
the evaluation's cache) for the paired differences between rows: every model is judged on the same test prompts with
the same generation seeds, so a difference is taken prompt by prompt, per training seed, then across training seeds
(paper_report.paired_differences). Checkpoints: the last one (its EMA), never one chosen on test prompts; the
training runs' own evals are on the dev split. Each RL run is a cast_train subprocess that resumes where it stopped;
a finished row or evaluation is skipped on a rerun.

    python bench/paper.py                                   # every row at training seed 0, one job
    python bench/paper.py --jobs 2 --rl-seeds 1 2 --lrs 5e-6 1.5e-5 5e-5   # the lr grid on dev; RL rows at 3 seeds
    python bench/paper.py --rows flow_grpo_g2 cast cast_step --updates 2 --group-size 4 --test 8 --dev 4 \
        --variance-top 4 --keep 2 --images-per-prompt 4 --replicates 2 --runs /tmp/paper \
        --train-args "--window-prompts 4"                                                          # smoke

Writes <runs>/ (pool, hard subset, runs, evaluations), and beside --results (default bench/results_paper.md) the
report, its picture (.png) and results.json's key "paper" (bench/paper_report.py writes them). The splits, the
Hard subset and the verifier's judgement of a model are bench/paper_eval.py.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shlex
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import torch
from safetensors.torch import save_file
from tqdm import tqdm

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from paper_eval import evaluate, hard, sample, sampling_device, splits  # noqa: E402
from paper_report import (
    BASELINE,
    PAIRS,
    gains,
    hard_ratio,
    paired_differences,
    save_paper_json,  # noqa: E402
    summary,
    write_report,
)

import cast_train  # noqa: E402
from cast_advantage import USES_MAPS  # noqa: E402
from cast_reward import load_scorer  # noqa: E402
from support.backbone import seed_of  # noqa: E402
from support.build.shapes_pretrain import flow_matching_loss  # noqa: E402
from support.checkpoint import sha256  # noqa: E402
from support.evaluation import prompt_scores  # noqa: E402
from support.run import velocity_passes  # noqa: E402
from support.shapes import ASSETS, load_shapes  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RL = (
    "flow_grpo_orig",
    "flow_grpo_g2",
    "per_atom",
    "spatial_image",
    "shuffled",
    "cast",
    "cast_step",
    "flow_grpo",
)
METHOD = {"cast_step": ("cast", "step")}  # row: (cast_train --method, --ground-on); the rest below
SFT = {"sft_4_8": (4, 8), "sft_3_64": (3, 64)}  # keep the best k of n candidates per prompt
ROWS = (*SFT, *RL)
SFT_EPOCHS, SFT_BATCH = 3, 16
OWNED = {
    "--method",
    "--prompts",
    "--eval-prompts",
    "--groups-per-rank",
    "--group-size",
    "--iterations",
    "--seed",
    "--out",
    "--base-weights",
    "--threads",
    "--resume",
    "--window",
    "--window-file",
    "--budget",
    "--ground-on",
}


def parse_args(argv=None):
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    a = ap.add_argument
    a(
        "--rows",
        nargs="+",
        choices=ROWS,
        default=list(ROWS),
        help="trained rows (base is always evaluated)",
    )
    a(
        "--seeds",
        nargs="+",
        type=int,
        default=[0],
        help="training seeds (the paper: one; 3 or more say more)",
    )
    a(
        "--rl-seeds",
        nargs="*",
        type=int,
        default=[],
        help="more training seeds for the RL rows only (beyond the "
        "paper: the ratio per seed; the SFT rows stay at --seeds)",
    )
    a(
        "--lrs",
        nargs="*",
        type=float,
        default=[],
        help="a learning-rate grid: every RL row at the first training "
        "seed and each lr; the shared lr is the one of highest mean dev gain over the RL rows (ties: the smaller), "
        "every row is then trained at it, and each RL row is also reported at its own best dev lr",
    )
    a(
        "--updates",
        type=int,
        default=128,
        help="single-prompt collections = optimizer updates (paper: 128)",
    )
    a("--group-size", type=int, default=16, help="images per collection (paper: 16)")
    a("--dev", type=int, default=64, help="dev prompts: the runs' own eval curves")
    a(
        "--test",
        type=int,
        default=200,
        help="test prompts: the evaluation and the Hard subset's source",
    )
    a(
        "--images-per-prompt",
        type=int,
        default=64,
        help="base samples per test prompt for the Hard subset",
    )
    a(
        "--variance-top",
        type=int,
        default=100,
        help="Hard subset: prompts of highest within-prompt variance",
    )
    a("--keep", type=int, default=50, help="Hard subset: of those, the prompts of lowest mean")
    a("--replicates", type=int, default=4, help="generation seeds per evaluated model (paper: 4)")
    a("--pool-seed", type=int, default=0, help="the train/dev/test prompt streams")
    a(
        "--train-args",
        default="",
        help="more cast_train flags for every RL run and the SFT rows' settings",
    )
    a("--base-weights", default=os.path.join(ASSETS, "shapes_base.safetensors"))
    a("--jobs", type=int, default=1, help="training runs at a time")
    a("--threads", type=int, default=1, help="torch threads per job")
    a("--runs", default=os.path.join(ROOT, "bench", "runs", "paper"))
    a(
        "--results",
        default=os.path.join(ROOT, "bench", "results_paper.md"),
        help="the PNG goes beside it",
    )
    args = ap.parse_args(argv)
    args.argv = sys.argv[1:] if argv is None else list(argv)
    ints = (
        "updates",
        "group_size",
        "dev",
        "test",
        "images_per_prompt",
        "variance_top",
        "keep",
        "replicates",
        "jobs",
        "threads",
    )
    bad = [
        f"--{k.replace('_', '-')} {getattr(args, k)}: must be at least 1"
        for k in ints
        if getattr(args, k) < 1
    ]
    bad += [f"--seeds {s}: must be >= 0" for s in args.seeds + args.rl_seeds if s < 0]
    bad += [f"--lrs {lr:g}: must be > 0" for lr in args.lrs if not lr > 0]
    if not args.keep <= args.variance_top <= args.test:
        bad.append(
            f"the Hard subset needs --keep ({args.keep}) <= --variance-top ({args.variance_top}) <= --test "
            f"({args.test})"
        )
    if args.images_per_prompt < 2:
        bad.append("--images-per-prompt: at least 2 (a within-prompt variance)")
    if not os.path.isfile(args.base_weights):
        bad.append(f"--base-weights {args.base_weights}: no such file")
    try:
        args.extra = shlex.split(args.train_args)
    except ValueError as e:
        bad.append(f"--train-args {args.train_args!r}: {e}")
        args.extra = []
    if owned := (OWNED | ({"--lr"} if args.lrs else set())) & {t.split("=")[0] for t in args.extra}:
        bad.append(f"--train-args may not set {sorted(owned)}: this script sets them for every row")
    if bad:
        ap.error("\n".join(bad))
    args.runs, args.results, args.base_weights = map(
        os.path.abspath, (args.runs, args.results, args.base_weights)
    )
    return args


# ------------------------------------------------------------------------------------------------ runs


def snapshot_base(args):
    """Every run trains from, and base is evaluated as, one copy of the base weights in the runs folder: the
    original may be rewritten by a pretraining still running, and a resumed bench must never mix two bases."""
    copy = os.path.join(args.runs, "base.safetensors")
    if not os.path.exists(copy):
        os.makedirs(args.runs, exist_ok=True)
        shutil.copyfile(args.base_weights, copy + ".tmp")
        os.replace(copy + ".tmp", copy)  # never half a file, even if killed while copying
    elif sha256(copy) != sha256(args.base_weights):
        print(
            f"warning: {args.base_weights} differs from the copy {copy} that the runs here started from; using "
            "the copy (a fresh --runs folder starts from the new weights)",
            flush=True,
        )
    return copy


def run_log(out):
    """metrics.jsonl split into (eval lines, iteration lines)."""
    with open(os.path.join(out, "metrics.jsonl")) as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return [r for r in rows if r.get("eval")], [r for r in rows if not r.get("eval")]


def final_checkpoint(targs):
    """The weights evaluation used at the last iteration (the EMA when the run kept one), from result.json, which
    cast_train writes when it ends; None if the run has not ended."""
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
    size = (
        f"a budget of {targs.budget:,.0f} passes"
        if targs.budget
        else f"{targs.iterations} iterations"
    )
    print(f"{name}: training ({size}) -> {targs.out}/train.log", flush=True)
    with open(os.path.join(targs.out, "train.log"), "a") as log:
        rc = subprocess.run(
            [sys.executable, "cast_train.py", *argv], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT
        )
    if rc.returncode or not final_checkpoint(targs):
        with open(os.path.join(targs.out, "train.log")) as f:
            tail = "".join(f.readlines()[-15:])
        raise RuntimeError(
            f"{name} failed (exit {rc.returncode}); the end of its train.log:\n{tail}"
        )
    print(f"{name}: done in {time.time() - t0:.0f} s", flush=True)


# ------------------------------------------------------------------------------------------------ the rows


def out_dir(args, row, seed, lr=None) -> str:
    """A row's run folder: <runs>/<row>_s<seed>, with _lr<lr> under a learning-rate grid."""
    return os.path.join(args.runs, f"{row}_s{seed}" + (f"_lr{lr:g}" if lr else ""))


def method_of(row) -> tuple[str, str]:
    """(cast_train's --method, its --ground-on) of an RL row: the row's own name and the paper's sample maps,
    except cast_step."""
    return METHOD.get(row, (row, "sample"))


def maps_of(row) -> str | None:
    """The maps a row trains with: "sample", "step", or None (no maps: the SFT rows, the scalar rewards, per-atom)."""
    method, ground_on = method_of(row)
    return ground_on if row in RL and method in USES_MAPS else None


def rl_argv(args, row, seed, pool, window, lr=None):
    method, ground_on = method_of(row)
    return [
        "--method",
        method,
        "--ground-on",
        ground_on,
        "--prompts",
        pool["train"][0],
        "--eval-prompts",
        pool["dev"][0],
        "--groups-per-rank",
        "1",
        "--group-size",
        str(args.group_size),
        "--iterations",
        str(args.updates),
        "--eval-every",
        str(max(1, args.updates // 4)),
        "--eval-samples",
        "1",
        "--seed",
        str(seed),
        "--out",
        out_dir(args, row, seed, lr),
        "--base-weights",
        args.base_weights,
        "--threads",
        str(args.threads),
        "--resume",
        "--window-file",
        window,
        *(["--window", "auto"] if row != "flow_grpo" else []),
        *(["--lr", f"{lr:g}"] if lr else []),
        *args.extra,
    ]


def shared_window(args, pool) -> str:
    """One SDE window for every RL row: cast_train's own calibration (cast_train.window_for_run) on the prompts
    its first iteration would use at the first seed, written once to <runs>/window.safetensors."""
    path = os.path.join(args.runs, "window.safetensors")
    if not os.path.exists(path):
        targs = cast_train.parse_args(rl_argv(args, "cast", args.seeds[0], pool, path))
        bb = load_shapes(args.base_weights, guidance_scale=targs.guidance)
        held_out = frozenset(g.prompt for g in pool["dev"][1])
        graphs = cast_train.train_graphs(targs, 0, targs.window_prompts, held_out)
        cast_train.window_for_run(
            targs,
            bb,
            bb.sigmas(targs.steps).float(),
            graphs,
            True,
            cast_train.exploration(targs.noise_level),
        )
    return path


def sft(args, row, seed, pool, targs, lr=None):
    """Self-distillation (the paper's SFT baselines): n base samples per train prompt (the RL rows' rollout steps),
    scored by the training scorer, the best k kept, the whole model fine-tuned on them with the flow-matching loss
    (Eq. 1; uniform weights), SFT_EPOCHS epochs of batches of SFT_BATCH at the RL rows' learning rate, AdamW."""
    out = out_dir(args, row, seed, lr)
    if final_checkpoint(argparse.Namespace(out=out)):
        return
    k, n = SFT[row]
    t0, torch_seed = time.time(), seed_of("sft", seed)
    bb = load_shapes(args.base_weights, guidance_scale=targs.guidance)
    scorer, graphs = load_scorer(targs.scorer_path), pool["train"][1]
    kept_images, kept_prompts = [], []
    for i, g in enumerate(tqdm(graphs, desc=f"{row}: candidates", unit="prompt")):
        images = sample(bb, [g] * n, [seed_of("sft", seed, i, j) for j in range(n)], targs.steps)
        best = prompt_scores(scorer(images, [g] * n).float(), [g] * n)["am"].argsort(
            descending=True
        )[:k]
        kept_images.append(images[best])
        kept_prompts += [g.prompt] * k
    data = torch.cat(kept_images) * 2 - 1  # the model's space: bb.decode maps [-1, 1] to [0, 1]
    model = bb.model.train().requires_grad_(True)
    opt = torch.optim.AdamW(model.parameters(), lr=targs.lr, weight_decay=cast_train.WEIGHT_DECAY)
    gen, updates = torch.Generator().manual_seed(torch_seed), 0
    torch.manual_seed(torch_seed)
    for _ in range(SFT_EPOCHS):
        order = torch.randperm(len(data), generator=gen).tolist()
        for lo in range(0, len(order), SFT_BATCH):
            idx = order[lo : lo + SFT_BATCH]
            loss = flow_matching_loss(model, bb, [kept_prompts[i] for i in idx], data[idx])[0]
            opt.zero_grad()
            loss.backward()
            opt.step()
            updates += 1
    velocity = velocity_passes(bb, bb.sigmas(targs.steps)[0], graphs[0].prompt)
    passes = (
        len(graphs) * n * targs.steps * velocity + SFT_EPOCHS * len(data) * 3
    )  # forward + backward (2)
    os.makedirs(os.path.join(out, "final"), exist_ok=True)
    weights = os.path.join(out, "final", "model.safetensors")
    meta = {
        "config": json.dumps(dict(model.config), default=str),
        "guidance_scale": str(bb.guidance_scale),
    }
    save_file(
        {key: v.detach().contiguous() for key, v in model.state_dict().items()},
        weights + ".tmp",
        meta,
    )
    os.replace(weights + ".tmp", weights)
    with open(os.path.join(out, "result.json"), "w") as f:
        json.dump(
            {
                "eval_weights": weights,
                "passes": passes,
                "seconds": time.time() - t0,
                "updates": updates,
                "images": len(graphs) * n,
                "kept": len(data),
            },
            f,
            indent=1,
        )


def train_row(args, row, seed, pool, window, lr=None):
    argv = rl_argv(args, "cast" if row in SFT else row, seed, pool, window, lr)
    if row in SFT:
        sft(args, row, seed, pool, cast_train.parse_args(argv), lr)
    else:
        train(argv, cast_train.parse_args(argv))


def dev_gain(out) -> float:
    """A run's dev gain: its last dev eval's AM minus its iteration-0 AM (the same dev items and noises: paired)."""
    evals = run_log(out)[0]
    if not evals or evals[0]["iteration"] != 0:
        sys.exit(f"{out}/metrics.jsonl has no iteration-0 dev eval: it cannot be ranked on dev")
    return evals[-1]["am"] - evals[0]["am"]


def choose_lr(args, pool, window) -> tuple[float | None, dict]:
    """The declared grid (--lrs): every RL row at the first training seed and each lr, ranked on dev only. Returns
    the shared lr (highest mean dev gain over the RL rows; ties: the smaller) and {row: {lr: dev gain}}."""
    rl_rows = [r for r in args.rows if r in RL]
    if not args.lrs or not rl_rows:
        return None, {}
    jobs = [(row, args.seeds[0], lr) for lr in args.lrs for row in rl_rows]
    with ThreadPoolExecutor(args.jobs) as ex:
        list(ex.map(lambda job: train_row(args, job[0], job[1], pool, window, job[2]), jobs))
    grid = {
        row: {lr: dev_gain(out_dir(args, row, args.seeds[0], lr)) for lr in args.lrs}
        for row in rl_rows
    }
    mean = {lr: sum(grid[row][lr] for row in rl_rows) / len(rl_rows) for lr in args.lrs}
    shared = max(
        sorted(args.lrs), key=lambda lr: mean[lr]
    )  # max keeps the first (smallest) of ties
    print(
        "dev gain (AM points) per lr, mean over the RL rows: "
        + ", ".join(f"{lr:g}: {100 * mean[lr]:+.2f}" for lr in args.lrs)
        + f"; shared lr {shared:g}",
        flush=True,
    )
    return shared, grid


def cost(out) -> tuple[float, float]:
    """(transformer passes, training seconds) of a finished row: an RL run's passes from result.json and the sum
    of its iterations' timed stages (evals excluded); an SFT row's as sft() measured them."""
    with open(os.path.join(out, "result.json")) as f:
        result = json.load(f)
    if "seconds" in result:
        return result["passes"], result["seconds"]
    steps = run_log(out)[1]
    return result["passes"], sum(
        r["t_rollout"] + r["t_score"] + r["t_adv"] + r["t_train"] for r in steps
    )


# ------------------------------------------------------------------------------------------------ the bench


def main(argv=None):
    args = parse_args(argv)
    t0 = time.time()
    torch.set_num_threads(args.threads)
    args.base_weights = snapshot_base(
        argparse.Namespace(runs=args.runs, base_weights=args.base_weights)
    )
    pool = splits(args)
    window = shared_window(args, pool)
    targs = cast_train.parse_args(rl_argv(args, "cast", args.seeds[0], pool, window))
    base_bb = load_shapes(
        args.base_weights, device=sampling_device(), guidance_scale=targs.guidance
    )
    test = pool["test"][1]
    hard_set = hard(args, base_bb, test, targs.eval_steps)
    print(
        f"Hard subset: {len(hard_set['indices'])} of {len(test)} test prompts (sha256 "
        f"{sha256(os.path.join(args.runs, 'hard_subset.json'))[:12]})",
        flush=True,
    )

    lr, grid = choose_lr(args, pool, window)
    jobs = [(row, s) for row in args.rows for s in row_seeds(args, row)]
    with ThreadPoolExecutor(
        args.jobs
    ) as ex:  # threads wait on subprocesses (SFT runs in one of them)
        list(ex.map(lambda job: train_row(args, *job, pool, window, lr), jobs))

    torch.set_num_threads(
        args.threads * args.jobs
    )  # the evaluations run alone: the jobs' threads are free
    guidance = base_bb.guidance_scale
    base = without_prompts(
        evaluate(args, args.base_weights, test, hard_set["indices"], guidance, targs.eval_steps)
    )
    rows, per_prompt = {}, {}
    for row in args.rows:
        per_seed = []
        judge = lambda out: evaluate(
            args,
            final_checkpoint(argparse.Namespace(out=out)),
            test,  # noqa: E731
            hard_set["indices"],
            guidance,
            targs.eval_steps,
        )
        for s in row_seeds(args, row):
            out = out_dir(args, row, s, lr)
            result = judge(out)
            per_prompt.setdefault(row, {})[s] = result["per_prompt"]["am"]
            per_seed.append((without_prompts(result), *cost(out)))
        rows[row] = {
            **summary(per_seed, base),
            "seeds": row_seeds(args, row),
            "lr": lr or targs.lr,
            "maps": maps_of(row),
        }
        if row in grid:  # the row at its own best dev lr, first seed
            own = max(sorted(args.lrs), key=lambda x: grid[row][x])
            result = judge(out_dir(args, row, args.seeds[0], own))
            rows[row]["own_lr"] = {
                "lr": own,
                "dev_gain": grid[row][own],
                "hard_gain": gains(result, base, "hard"),
                "full_gain": gains(result, base, "full"),
            }
    table = paper_json(args, rows, hard_set, base, per_prompt)
    if grid:
        table["lr_grid"] = {
            "lrs": args.lrs,
            "seed": args.seeds[0],
            "shared_lr": lr,
            "dev_gain": {row: {f"{x:g}": g for x, g in d.items()} for row, d in grid.items()},
            "rule": "highest mean dev gain over the RL rows (last dev eval AM minus iteration 0's)",
        }
        save_paper_json(args, table)
    write_report(args, table, time.time() - t0)
    return table


def without_prompts(result) -> dict:
    """An evaluation without its per-prompt scores: results.json keeps the replicate means; the per-prompt AM stays
    in the evaluation's cache and enters the table as the paired differences."""
    return {k: v for k, v in result.items() if k != "per_prompt"}


def row_seeds(args, row) -> list[int]:
    more = [s for s in args.rl_seeds if s not in args.seeds] if row in RL else []
    return args.seeds + more


def paper_json(args, rows, hard_set, base, per_prompt=None) -> dict:
    """bench/results.json key "paper" (the report's contract); the CAST / Flow-GRPO (G2) Hard-gain ratio per seed
    (null where G2's Hard gain is not above zero; both gains stay in the rows), its mean over the seeds where it is
    defined, and the ratio of the mean gains ("hard_ratio"; "hard_ratio_step" for cast_step); and, given each row's
    per-prompt AM ({row: {seed: [replicate][prompt]}}), the paired differences between the PAIRS of rows that ran.
    The pairing holds because every model is judged on the same test prompts with the same generation seeds
    (seed_of("paper", r, i) in evaluate)."""
    commit = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    table = {
        "commit": commit,
        "date": str(datetime.date.today()),
        "command": shlex.join(["python", "bench/paper.py", *args.argv]),
        "seeds": row_seeds(args, "cast"),
        "updates": args.updates,
        "group_size": args.group_size,
        "hard_subset": {
            "prompts": len(hard_set["indices"]),
            "sha256": sha256(os.path.join(args.runs, "hard_subset.json")),
        },
        "test_prompts": args.test,
        "replicates": args.replicates,
        "base": base,
        "rows": rows,
    }
    for key, row in (("hard_ratio", "cast"), ("hard_ratio_step", "cast_step")):
        if row in rows and BASELINE in rows:
            table[key] = hard_ratio(
                rows[row]["hard_gain"]["per_seed"], rows[BASELINE]["hard_gain"]["per_seed"]
            )
    if per_prompt is not None:
        table["differences"] = paired_differences(per_prompt, PAIRS, hard_set["indices"])
    save_paper_json(args, table)
    return table


if __name__ == "__main__":
    main()
