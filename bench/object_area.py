"""bench/object_area.py: the sample-map bias's signature on the shapes world: do trained models draw larger objects?

Eq. 7 with maps taken on the sample pushes every patch to grow what its own map sees (docs/DESIGN.md, "The
sample-map bias"): drawn objects swell and merge. For each run folder, the base model and the run's final (EMA)
weights sample the run's own eval stream exactly as cast_train's evaluation does (its prompts, seeds and steps),
and the verifier's object finder measures every lit blob: its mean area in pixels, and the share that is no
well-formed shape. Base and trained images share prompts and noise, so the change is paired per image.

    python bench/object_area.py runs/cast_sample runs/cast_step runs/flow_grpo_g2
"""
from __future__ import annotations

import argparse
import json
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from support.backbone import sample_ode  # noqa: E402
from support.evaluation import seed_of  # noqa: E402
from support.prompts import eval_graphs  # noqa: E402
from support.shapes import find_objects  # noqa: E402
from support.shapes_model import load_shapes  # noqa: E402


@torch.no_grad()
def areas(weights, graphs, run_args, batch=100) -> torch.Tensor:
    """[n_images, 2]: per eval image (prompt x seed, as cast_train's evaluate), the mean area of its objects (px;
    NaN when none) and the share of them that is no well-formed shape."""
    bb = load_shapes(weights, guidance_scale=run_args.guidance)
    n, rows = len(graphs) * run_args.eval_samples, []
    for lo in range(0, n, batch):
        idx = list(range(lo, min(n, lo + batch)))
        gs = [graphs[k // run_args.eval_samples] for k in idx]
        x = torch.cat([bb.noise(1, torch.Generator().manual_seed(seed_of("eval", run_args.eval_seed, k))) for k in idx])
        images = bb.decode(sample_ode(bb, bb.encode([g.prompt for g in gs]), x, run_args.eval_steps)).float().cpu()
        for image in images:
            objects = find_objects(image)
            sizes = torch.tensor([float(o["mask"].sum()) for o in objects])
            malformed = torch.tensor([float(o["shape"] is None) for o in objects])
            rows.append([sizes.mean() if len(objects) else float("nan"),
                         malformed.mean() if len(objects) else float("nan")])
    return torch.tensor(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("runs", nargs="+", help="finished cast_train run folders (with result.json)")
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args(argv)
    torch.set_num_threads(args.threads)
    print("| run | object area, base → trained (px) | paired change | malformed, base → trained |")
    print("|---|---|---|---|")
    for run in args.runs:
        with open(os.path.join(run, "result.json")) as f:
            result = json.load(f)
        run_args = argparse.Namespace(**result["args"])
        graphs = eval_graphs(run_args)
        base, trained = areas(run_args.base_weights, graphs, run_args), areas(result["eval_weights"], graphs, run_args)
        both = ~(base[:, 0].isnan() | trained[:, 0].isnan())
        d = trained[both, 0] - base[both, 0]
        name = os.path.basename(os.path.normpath(run))
        print(f"| {name} | {base[:, 0].nanmean():.1f} → {trained[:, 0].nanmean():.1f}"
              f" | {d.mean():+.1f} ± {d.std() / len(d) ** 0.5:.1f} (n={len(d)}) | {base[:, 1].nanmean():.1%} → "
              f"{trained[:, 1].nanmean():.1%} |")


if __name__ == "__main__":
    main()
