"""bench/advantage_mix.py: how far CAST's pixel advantage is from Flow-GRPO's scalar one, from a run's stage files.

CAST's pixel advantage (cast_advantage.pixel_advantage) is the atoms' advantages where their maps claim a token
and the image's scalar advantage where none does. How much of the loss is then atom-shaped at all decides how much
CAST can differ from Flow-GRPO trained on the same window. Per run folder (the stage files cast_train writes at the
first iteration and at every eval: advantages.safetensors, scores.safetensors, rollout.safetensors), it reports:
  claimed    share of tokens an active atom claims (w(p) = max_k M_k(p) > 0.5), and the mean w over all tokens
  on claim   share of the loss weight Σ|Â(p)| on those tokens
  vs scalar  ‖Â − A_scalar‖ / ‖A_scalar‖ over all tokens: 0 means the loss is exactly Flow-GRPO's
  atoms vs   share of active atoms (A_k ≠ 0) whose sign is against the image's scalar advantage (an atom that
  image      went right in an image worse than its group, or wrong in a better one), and the share of tokens
             and of loss weight where Â(p) is against it

    python bench/advantage_mix.py runs/cast runs/other        # one row per run folder
"""
from __future__ import annotations

import argparse
import json
import os
import sys

from safetensors import safe_open
from safetensors.torch import load_file

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from cast_advantage import claims, scalar_advantages  # noqa: E402

FILES = ("advantages.safetensors", "scores.safetensors", "rollout.safetensors")


def mix_stats(atom_adv, maps, pixel_adv, scalar_adv, claim: float = 0.5) -> dict:
    """The table's numbers for one batch: atom_adv [N, K], maps [N, K, h, w], pixel_adv [N, h, w], scalar_adv [N]."""
    active = atom_adv != 0
    w = claims(atom_adv, maps).amax(1)                                  # claim strength w(p), as pixel_advantage
    claimed = w > claim
    weight = pixel_adv.abs()
    s = scalar_adv.float()[:, None, None].expand_as(pixel_adv)
    against = pixel_adv * s < 0
    return dict(claimed=claimed.float().mean().item(), mean_claim=w.mean().item(),
                weight_on_claim=(weight * claimed).sum().item() / max(weight.sum().item(), 1e-12),
                rel_dist=((pixel_adv - s).norm() / s.norm().clamp_min(1e-12)).item(),
                atoms_against=((atom_adv * scalar_adv[:, None] < 0) & active).sum().item()
                / max(active.sum().item(), 1),
                tokens_against=against.float().mean().item(),
                weight_against=(weight * against).sum().item() / max(weight.sum().item(), 1e-12))


def run_stats(run: str, clip: float = 5.0, std_over: str | None = None) -> dict:
    """mix_stats of a run folder's stage files; the scalar advantage is recomputed as cast_train computes it, with
    the run's saved --adv-std unless `std_over` says otherwise (runs before the setting was saved used "group")."""
    missing = [f for f in FILES if not os.path.isfile(os.path.join(run, f))]
    if missing:
        raise SystemExit(f"{run}: no {', '.join(missing)} (a cast_train run folder writes them at its first "
                         f"iteration and at every eval)")
    adv, scores = (load_file(os.path.join(run, f)) for f in FILES[:2])
    with safe_open(os.path.join(run, FILES[2]), "pt") as f:
        group, meta = f.get_tensor("group"), f.metadata() or {}
    iteration, settings = json.loads(meta.get("iteration", "null")), json.loads(meta.get("settings", "{}"))
    std_over = std_over or settings.get("adv_std", "group")
    scalar = scalar_advantages(scores["gated"], scores["mask"], group, clip, std_over=std_over)
    return dict(iteration=iteration, **mix_stats(adv["atom_adv"], adv["maps"], adv["pixel_adv"], scalar))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("runs", nargs="+", help="cast_train run folders")
    ap.add_argument("--adv-std", choices=["group", "batch"], help="the runs' --adv-std, for runs whose stage files "
                    "predate the setting (default: what the stage files say, else group)")
    args = ap.parse_args(argv)
    print("| run | iteration | claimed tokens | mean claim | loss weight on claimed | ‖Â − A‖/‖A‖ | atoms against "
          "image | tokens against | weight against |")
    print("|---|---|---|---|---|---|---|---|---|")
    for run in args.runs:
        r = run_stats(run, std_over=args.adv_std)
        print(f"| {os.path.basename(os.path.normpath(run))} | {r['iteration']} | {r['claimed']:.1%} | "
              f"{r['mean_claim']:.2f} | {r['weight_on_claim']:.1%} | {r['rel_dist']:.2f} | {r['atoms_against']:.1%} | "
              f"{r['tokens_against']:.1%} | {r['weight_against']:.1%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
