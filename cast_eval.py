"""cast_eval.py: a policy judged on held-out prompts, and base vs trained with standard errors.

    scores, items, images = evaluate(bb, scorer, eval_graphs, args, rank, world)   # ODE samples, atom scores
    rows = compare(base_scores, trained_scores, items)                             # paired gains, overall and hardest
    print(report(rows))

Every (prompt, seed) item has its own noise, seeded by seed_of("eval", eval_seed, item), so every method and every
checkpoint is judged on the same noises and each gain is a paired difference.
"""
from __future__ import annotations

import hashlib
import math

import torch
import torch.distributed as dist

from cast_backbone import sample_ode
from cast_csg import atom_mask

EVAL_BATCH = 64    # eval images per forward


def seed_of(*parts) -> int:
    """A seed from e.g. (seed, iteration, global group, sample): the same noise whatever the number of processes."""
    return int.from_bytes(hashlib.sha256("/".join(map(str, parts)).encode()).digest()[:8], "little") >> 1



@torch.no_grad()
def evaluate(bb, scorer, graphs, args, rank, world):
    """ODE samples of every (eval prompt, seed) item, scored: scores [n_items, K] (on every rank) and rank
    0's first images. Items are split over ranks in equal counts (FSDP needs every rank in every forward)."""
    n, per = len(graphs) * args.eval_samples, math.ceil(len(graphs) * args.eval_samples / world)
    mine, rows, images = [min(rank * per + i, n - 1) for i in range(per)], {}, []
    for lo in range(0, per, EVAL_BATCH):
        idx = mine[lo:lo + EVAL_BATCH]
        gs = [graphs[k // args.eval_samples] for k in idx]
        x = torch.cat([bb.noise(1, torch.Generator().manual_seed(seed_of("eval", args.eval_seed, k))) for k in idx])
        img = bb.decode(sample_ode(bb, bb.encode([g.prompt for g in gs]), x, args.eval_steps)).cpu()
        rows.update(zip(idx, scorer(img, gs)))
        images += [img] if lo == 0 else []
    parts = [rows]
    if world > 1:
        parts = [None] * world
        dist.all_gather_object(parts, rows)
    rows = {k: r for p in parts for k, r in p.items()}
    items = [graphs[k // args.eval_samples] for k in range(n)]
    scores = torch.zeros(atom_mask(items).shape)
    for k in range(n):
        scores[k, :len(items[k].atoms)] = rows[k][:len(items[k].atoms)]
    return scores, items, images[0][:32]


def compare(before, after, graphs, threshold=0.5):
    """Base vs trained on the same eval items (prompts x seeds): atom accuracy (per-image mean of atom scores,
    Soft-TIFA AM) and all-atoms-correct rate, overall and on the hardest third by atom count. Each row: base,
    trained, gain, their standard errors over images (the eval's own noise; the gain's is paired:
    std(after − before) / sqrt(n)) and n."""
    mask = atom_mask(graphs)
    n_atoms = mask.sum(1)
    cut = int(n_atoms.sort(descending=True).values[max(0, len(graphs) // 3 - 1)])
    per_image = {"atom accuracy": lambda g: (g * mask).sum(1) / n_atoms,
                 "all atoms correct": lambda g: ((g > threshold) | ~mask).all(1).float()}
    se = lambda t: float(t.std() / math.sqrt(len(t))) if len(t) > 1 else float("nan")  # noqa: E731
    rows = []
    for name, keep in [("all eval prompts", n_atoms > 0), (f"hardest (>= {cut} atoms)", n_atoms >= cut)]:
        for metric, f in per_image.items():
            b, a = f(before)[keep], f(after)[keep]
            rows.append(dict(items=name, metric=metric, base=float(b.mean()), base_se=se(b), trained=float(a.mean()),
                             trained_se=se(a), gain=float((a - b).mean()), gain_se=se(a - b), n=len(b)))
    return rows


def report(rows):
    return "\n".join(f"{r['items']:24s} {r['metric']:18s} base {r['base']:.3f} ± {r['base_se']:.3f}  trained "
                     f"{r['trained']:.3f} ± {r['trained_se']:.3f}  gain {r['gain']:+.3f} ± {r['gain_se']:.3f} "
                     f"(paired, n={r['n']})" for r in rows)
