"""support/evaluation.py: a policy judged on held-out prompts, and base vs trained with standard errors. Every
(prompt, seed) item has its own noise, seed_of("eval", eval_seed, item): every checkpoint is judged on the same
noises and each gain is a paired difference.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import torch
import torch.distributed as dist
from tqdm import tqdm

from cast_csg import SceneGraph, atom_mask, atom_mean
from support.backbone import sample_ode, seed_of

EVAL_BATCH = 64  # eval images per forward
GM_FLOOR = 1e-6  # floor of an atom score inside GM's log, so one 0 gives a tiny GM, not -inf


# ---------------------------------------------------------------- summaries of atom scores (GenEval 2's)


def _mean_se(xs: list[float]) -> tuple[float, float]:
    """Mean and its standard error over prompts (sample std / sqrt(n); NaN for n < 2)."""
    n, m = len(xs), sum(xs) / len(xs)
    se = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n) if n > 1 else float("nan")
    return m, se


def _pooled_mean_se(prompts: list[tuple[float, int]]) -> dict:
    """Mean over all atoms, sum(s_i) / sum(n_i) over prompts' (score sum, atom count), and the ratio estimator's SE
    over prompts, sqrt(P / (P - 1) · sum((s_i − mean·n_i)²)) / sum(n_i). NaN for one prompt."""
    total, n, p = sum(s for s, _ in prompts), sum(c for _, c in prompts), len(prompts)
    mean = total / n
    se = (
        math.sqrt(p / (p - 1) * sum((s - mean * c) ** 2 for s, c in prompts)) / n
        if p > 1
        else float("nan")
    )
    return {"mean": mean, "se": se, "n": n}


def summarize(scores: torch.Tensor, graphs: Sequence[SceneGraph], threshold: float = 0.5) -> dict:
    """GenEval 2 style summary of atom scores in [0, 1]: am (Soft-TIFA AM, the mean over prompts of each prompt's
    mean), gm (of exp(mean log max(score, GM_FLOOR))), strict (every atom > threshold), am_se and strict_se over
    prompts, per_kind {kind: {"mean", "se", "n"}} (over its atoms, SE over prompts), per_atom_count {n: {"am", "n"}}."""
    rows = [scores[i, : len(g.atoms)].double().tolist() for i, g in enumerate(graphs)]
    if not rows or any(not r for r in rows):
        raise ValueError("summarize needs at least one prompt, and atoms in every prompt")
    am = [sum(r) / len(r) for r in rows]
    gm = [math.exp(sum(math.log(max(x, GM_FLOOR)) for x in r) / len(r)) for r in rows]
    strict = [float(all(x > threshold for x in r)) for r in rows]
    by_kind: dict[
        str, list[tuple[float, int]]
    ] = {}  # per prompt with atoms of the kind: (score sum, count)
    by_count: dict[int, list[float]] = {}
    for g, r, a in zip(graphs, rows, am):
        sums: dict[str, list[float]] = {}
        for atom, x in zip(g.atoms, r):
            sums.setdefault(atom.kind, []).append(x)
        for kind, xs in sums.items():
            by_kind.setdefault(kind, []).append((sum(xs), len(xs)))
        by_count.setdefault(len(r), []).append(a)
    (am_m, am_se), (st_m, st_se) = _mean_se(am), _mean_se(strict)
    return {
        "n_prompts": len(rows),
        "n_atoms": sum(map(len, rows)),
        "threshold": threshold,
        "am": am_m,
        "am_se": am_se,
        "gm": sum(gm) / len(gm),
        "strict": st_m,
        "strict_se": st_se,
        "per_kind": {k: _pooled_mean_se(v) for k, v in sorted(by_kind.items())},
        "per_atom_count": {
            c: {"am": sum(v) / len(v), "n": len(v)} for c, v in sorted(by_count.items())
        },
    }


def summarize_eval(scores: dict, graphs: Sequence[SceneGraph]) -> dict:
    """`summarize` of the judge's scores; where the reward's scorer is not the judge, its own summary under "scorer"
    with its `agreement` with the judge (a scorer drifting from the truth shows there)."""
    summary = summarize(scores["judge"], graphs)
    if "scorer" in scores:
        summary["scorer"] = {
            **summarize(scores["scorer"], graphs),
            "agreement": agreement(scores["scorer"], scores["judge"], graphs),
        }
    return summary


# ---------------------------------------------------------------- the paper's protocol (Sec. 5, App. G)


def prompt_scores(scores: torch.Tensor, graphs: Sequence[SceneGraph]) -> dict:
    """Per prompt (row) of atom scores [N, K]: "am" (the paper's Overall: the mean of its atoms' scores), "gm"
    (their geometric mean, floored at GM_FLOOR) and "strict" (every atom > 0.5), each a float64 [N]."""
    rows = [scores[i, : len(g.atoms)].double().clamp(0, 1) for i, g in enumerate(graphs)]
    return {
        "am": torch.stack([r.mean() for r in rows]),
        "gm": torch.stack([r.clamp_min(GM_FLOOR).log().mean().exp() for r in rows]),
        "strict": torch.stack([(r > 0.5).all().double() for r in rows]),
    }


def hard_subset(overall: torch.Tensor, variance_top: int = 100, keep: int = 50) -> list[int]:
    """App. G's Hard subset of `overall` [P, M] (the base model's Overall of M images per prompt): the `variance_top`
    prompts of highest variance (ddof 1), then the `keep` of lowest mean among them; ties to the lower index."""
    P, M = overall.shape
    if M < 2 or not keep <= variance_top <= P:
        raise ValueError(
            f"a Hard subset of {keep} from the {variance_top} most variable of {P} prompts x {M} images "
            f"needs keep <= variance_top <= prompts and at least 2 images per prompt"
        )
    var, mean = overall.double().var(1), overall.double().mean(1)
    order = sorted(range(P), key=lambda i: (-float(var[i]), i))[:variance_top]
    return sorted(sorted(order, key=lambda i: (float(mean[i]), i))[:keep])


def replicates(values: Sequence[float]) -> dict:
    """The paper's report of a score over generation-seed replicates: per seed, mean and sample std (ddof 1)."""
    values = [float(v) for v in values]
    n, mean = len(values), sum(values) / len(values)
    std = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else float("nan")
    return {"per_seed": values, "mean": mean, "std": std}


def format_summary(s: dict) -> str:
    """A markdown table of `summarize`'s dict, in percent as GenEval 2 reports."""
    lines = [
        f"| metric ({s['n_prompts']} prompts, {s['n_atoms']} atoms) | score |",
        "|---|---|",
        f"| Soft-TIFA AM | {100 * s['am']:.1f} ± {100 * s['am_se']:.1f} |",
        f"| Soft-TIFA GM | {100 * s['gm']:.1f} |",
        f"| strict: all atoms > {s['threshold']} | {100 * s['strict']:.1f} ± {100 * s['strict_se']:.1f} |",
    ]
    lines += [
        f"| {k} atoms (n={v['n']}) | {100 * v['mean']:.1f} |" for k, v in s["per_kind"].items()
    ]
    lines += [
        f"| prompts with {c} atoms (n={v['n']}): AM | {100 * v['am']:.1f} |"
        for c, v in s["per_atom_count"].items()
    ]
    return "\n".join(lines)


def agreement(
    scores: torch.Tensor, truth: torch.Tensor, graphs: Sequence[SceneGraph], threshold: float = 0.5
):
    """How often atom scores cut at `threshold` agree with 0/1 truth: {kind or "all": {"n", "accuracy", "mae"}}."""
    cells: dict[str, list[tuple[int, int]]] = {"all": []}
    for i, g in enumerate(graphs):
        for k, atom in enumerate(g.atoms):
            cells.setdefault(atom.kind, []).append((i, k))
            cells["all"].append((i, k))
    out = {}
    for kind, where in cells.items():
        if where:
            i, k = torch.tensor(where).T
            s, t = scores[i, k].float(), truth[i, k].float()
            out[kind] = {
                "n": len(where),
                "accuracy": float(((s > threshold).float() == t).float().mean()),
                "mae": float((s - t).abs().mean()),
            }
    return out


def judges(args, scorer) -> dict:
    """{name: scorer} for `evaluate`: the training scorer; on the shapes world the verifier, the scorer beside it."""
    if args.backbone == "shapes" and args.scorer_path != "shapes":
        from support.shapes import ShapesScorer

        return {"judge": ShapesScorer(), "scorer": scorer}
    return {"judge": scorer}


@torch.no_grad()
def evaluate(bb, scorers: dict, graphs, args, rank, world):
    """ODE samples of every (prompt, seed) item, scored by each of `scorers`: ({name: scores [n_items, K]}, on every
    rank), the items and rank 0's first images. Ranks get equal counts (FSDP needs every rank in every forward)."""
    n, per = len(graphs) * args.eval_samples, math.ceil(len(graphs) * args.eval_samples / world)
    mine, rows, images = [min(rank * per + i, n - 1) for i in range(per)], {}, []
    for lo in tqdm(
        range(0, per, EVAL_BATCH), desc=f"eval ({n} images)", disable=rank != 0, leave=False
    ):
        idx = mine[lo : lo + EVAL_BATCH]
        gs = [graphs[k // args.eval_samples] for k in idx]
        x = torch.cat(
            [
                bb.noise(1, torch.Generator().manual_seed(seed_of("eval", args.eval_seed, k)))
                for k in idx
            ]
        )
        img = bb.decode(sample_ode(bb, bb.encode([g.prompt for g in gs]), x, args.eval_steps)).cpu()
        rows.update(zip(idx, zip(*(scorer(img, gs) for scorer in scorers.values()))))
        images += [img] if lo == 0 else []
    parts = [rows]
    if world > 1:
        parts = [None] * world
        dist.all_gather_object(parts, rows)
    rows = {k: r for p in parts for k, r in p.items()}
    items = [graphs[k // args.eval_samples] for k in range(n)]
    scores = {name: torch.zeros(atom_mask(items).shape) for name in scorers}
    for k in range(n):
        for name, row in zip(scorers, rows[k]):
            scores[name][k, : len(items[k].atoms)] = row[: len(items[k].atoms)]
    return scores, items, images[0][:32]


def compare(before, after, graphs, threshold=0.5):
    """Base vs trained on the same eval items: atom accuracy (AM) and all-atoms-correct rate, overall and on the
    hardest third by atom count, each with SEs over images (the gain's paired: std(after − before) / sqrt(n))."""
    mask = atom_mask(graphs)
    n_atoms = mask.sum(1)
    cut = int(n_atoms.sort(descending=True).values[max(0, len(graphs) // 3 - 1)])
    per_image = {
        "atom accuracy": lambda g: atom_mean(g, mask),
        "all atoms correct": lambda g: ((g > threshold) | ~mask).all(1).float(),
    }
    se = lambda t: float(t.std() / math.sqrt(len(t))) if len(t) > 1 else float("nan")  # noqa: E731
    rows = []
    for name, keep in [
        ("all eval prompts", n_atoms > 0),
        (f"hardest (>= {cut} atoms)", n_atoms >= cut),
    ]:
        for metric, f in per_image.items():
            b, a = f(before)[keep], f(after)[keep]
            rows.append(
                dict(
                    items=name,
                    metric=metric,
                    base=float(b.mean()),
                    base_se=se(b),
                    trained=float(a.mean()),
                    trained_se=se(a),
                    gain=float((a - b).mean()),
                    gain_se=se(a - b),
                    n=len(b),
                )
            )
    return rows


def report(rows):
    return "\n".join(
        f"{r['items']:24s} {r['metric']:18s} base {r['base']:.3f} ± {r['base_se']:.3f}  trained "
        f"{r['trained']:.3f} ± {r['trained_se']:.3f}  gain {r['gain']:+.3f} ± {r['gain_se']:.3f} "
        f"(paired, n={r['n']})"
        for r in rows
    )
