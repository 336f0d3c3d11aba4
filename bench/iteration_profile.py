"""bench/iteration_profile.py: where the default run's seconds go, by stage and by operator.

Runs `cast_train.py` with the default settings (or the flags after --) for a few iterations with a token evaluation
under torch.profiler (give a finished run's window file to skip the calibration), then prints the per-stage seconds
of the iterations after the first (metrics.jsonl, the loop's own clocks) and the operators with the most self CPU
time.

    python bench/iteration_profile.py --window-file runs/default/window.safetensors
    python bench/iteration_profile.py --window-file runs/default/window.safetensors -- --method flow_grpo_g2
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile

from torch.profiler import ProfilerActivity, profile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import cast_train  # noqa: E402

STAGES = ("t_rollout", "t_score", "t_ground", "t_adv", "t_train")


def main(argv=None):
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--window-file", help="a window.safetensors of a finished default run (else: calibrated)"
    )
    ap.add_argument("--iterations", type=int, default=4)
    ap.add_argument("--rows", type=int, default=15, help="operators listed")
    ap.add_argument("train_args", nargs="*", help="more cast_train flags, after --")
    args = ap.parse_args(argv)
    if args.window_file and not os.path.isfile(args.window_file):
        ap.error(
            f"--window-file {args.window_file}: no such file (run `torchrun cast_train.py` once)"
        )
    window = ["--window-file", args.window_file] if args.window_file else []
    out = tempfile.mkdtemp(prefix="cast_profile_")
    try:
        with profile(activities=[ProfilerActivity.CPU]) as prof:
            cast_train.main(
                [
                    "--out",
                    out,
                    *window,
                    "--iterations",
                    str(args.iterations),
                    "--eval-size",
                    "4",
                    "--final-eval-size",
                    "4",
                    "--eval-samples",
                    "1",
                    "--overlay-images",
                    "0",
                    "--save-every",
                    "1000",
                    *args.train_args,
                ]
            )
        rows = [json.loads(line) for line in open(os.path.join(out, "metrics.jsonl"))]
    finally:
        shutil.rmtree(out, ignore_errors=True)
    loop = [r for r in rows if not r.get("eval")][1:] or [
        r for r in rows if not r.get("eval")
    ]  # past warm-up
    print("| stage | median s per iteration |\n|---|---|")
    for key in STAGES:
        print(f"| {key} | {statistics.median(r[key] for r in loop):.2f} |")
    print()
    print(prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=args.rows))
    return loop


if __name__ == "__main__":
    main()
