"""bench/credit_report.py: bench/credit.py's numbers from its sums: the cross-block estimator, the jackknife, the
decision rule, the tables and the picture.

The estimator alone (`u_statistics`, `cosines`, `images_needed`, `jackknife_se`) needs only the Gram matrix of
per-block gradient sums, so it serves any "update against a reference direction" measurement.
"""

from __future__ import annotations

import math

import torch

KINDS = ("object", "count", "attribute", "relation", "am")
REFS = tuple(f"ref_{k}" for k in KINDS)
MAPPED = ("cast_sample", "cast_step", "cast_step1", "cast_oracle", "shuffled", "spatial_image")
READOUTS = (
    REFS
    + ("sanity", "g2", "per_atom", "per_atom_noclip")
    + MAPPED
    + tuple(f"{r}_noclip" for r in MAPPED)
    + ("cast_absent_uniform", "cast_noun_oracle", "cast_area", "cast_step5", "cast_step10")
)
SIZES = (16, 64)  # images per update (the default run's update is 64 images)


# ------------------------------------------------------------------------------------------ the statistics


def u_statistics(gram, sq_norms, counts, keep):
    """From block sums: gram [R, B, R, B] of <S_rb, S_sb'>, sq_norms [R, B] of Σ|g|², counts [B] of groups; over
    the blocks `keep` [B] (bool): U [R, R], the mean over cross-block pairs of groups of <g_r, g_s>, and E|g_r|² [R]."""
    k = keep.double()
    total = torch.einsum("rbsc,b,c->rs", gram, k, k) - torch.einsum("rbsb,b->rs", gram, k)
    n = (counts * k).sum()
    pairs = n * n - (counts.pow(2) * k).sum()
    return total / pairs, (sq_norms * k).sum(1) / n


def cosines(U, sq, m):
    """cos [R, R_ref]: of each readout's m-group update with each reference's expected direction (cos_inf at m = ∞)."""
    ref, diag = U.diagonal(), U.diagonal()
    noise = (sq - diag) / m if math.isfinite(m) else torch.zeros_like(diag)
    denominator = (
        ref[None, :] * (diag + noise)[:, None]
    )  # a norm² estimated below 0: no cosine (NaN)
    return U / torch.where(denominator > 0, denominator, math.nan).sqrt()


def images_needed(U, sq, cos, readout: int, G: int):
    """[R, R_ref]: the images `readout`'s update needs to reach each cosine `cos` [R, R_ref] (inf: never; NaN
    where a reference's norm² is estimated below zero)."""
    ref = U.diagonal()
    a2 = U[readout] ** 2 / torch.where(
        ref > 0, ref, math.nan
    )  # <μ_r, μ_k>² / |μ_k|², per reference k
    b, c = U[readout, readout], sq[readout] - U[readout, readout]
    room = a2[None, :] / cos.clamp_min(1e-12) ** 2 - b
    never = torch.where(a2.isnan()[None, :].expand_as(cos), math.nan, math.inf)
    return torch.where((room > 0) & (cos > 0), G * c / room.clamp_min(1e-300), never)


def summarize(gram, sq_norms, counts, G):
    """Everything Part A reports, with jackknife SEs: per readout and reference, cos at each size and at ∞ and the
    images the map-free update needs for the same cosine."""
    B, names, base = len(counts), list(READOUTS), READOUTS.index("per_atom")
    refs = [names.index(r) for r in REFS]

    def stats(keep):
        U, sq = u_statistics(gram, sq_norms, counts, keep)
        out = {}
        for n in SIZES:
            c = cosines(U, sq, n / G)[:, refs]
            out[f"cos{n}"] = c
            out[f"free{n}"] = images_needed(U, sq, cosines(U, sq, n / G), base, G)[:, refs]
        out["cos_inf"] = cosines(U, sq, math.inf)[:, refs]
        return out

    full = stats(torch.ones(B, dtype=torch.bool))
    reps = [stats(torch.arange(B) != b) for b in range(B)]
    return full, reps


def jackknife_se(reps, f):
    """The delete-one-block jackknife SE of a statistic f(stats)."""
    vals = torch.stack([torch.as_tensor(f(r), dtype=torch.float64) for r in reps])
    B = len(vals)
    return ((B - 1) / B * (vals - vals.mean(0)).pow(2).sum(0)).sqrt()


def decide(diff: float | None, se: float | None) -> str:
    """The rule declared in docs/RESULTS.md before the first full run: beyond 2 SE either way, else no effect.
    A difference that has no estimate (a squared norm of its reference or its update estimated at or below zero,
    so no cosine exists) is "not resolvable": nothing was measured, so no effect was ruled out either."""
    if diff is None or se is None:
        return "not resolvable"
    return "helps" if diff > 2 * se else "hurts" if diff < -2 * se else "no effect detected"


MAIN = "maps vs none (default maps)"  # the difference the decision is taken on
SE_TARGET = 0.02  # the standard error on MAIN the bench is sized for


def groups_needed(se: float | None, groups: int, target: float = SE_TARGET) -> int | None:
    """Groups for an SE of `target` on a difference whose SE is `se` at `groups` groups (an SE shrinks as one over
    the root of the groups); None where the difference has no estimate."""
    return None if se is None else math.ceil(groups * (se / target) ** 2)


def decisions(result: dict) -> dict:
    """The decision per kind on MAIN, and the groups for SE_TARGET, from a result's differences and settings."""
    groups, main = result["settings"]["groups"], result["differences"][MAIN]
    return dict(
        decision={kind: decide(d["diff16"], d["se"]) for kind, d in main.items()},
        groups_for_se={kind: groups_needed(d["se"], groups) for kind, d in main.items()},
    )


DIFFERENCES = {  # candidate weakness (credit.md) -> (readout, readout it is measured against)
    "maps vs none (default maps)": ("cast_step", "per_atom"),
    "maps vs none (paper's sample maps)": ("cast_sample", "per_atom"),
    "maps vs none (oracle)": ("cast_oracle", "per_atom"),
    "CAST vs G2": ("cast_step", "g2"),
    "per-atom vs G2": ("per_atom", "g2"),
    "own maps vs shuffled": ("cast_step", "shuffled"),
    "1 clip: clipped - unclipped (step)": ("cast_step", "cast_step_noclip"),
    "1 clip: clipped - unclipped (sample)": ("cast_sample", "cast_sample_noclip"),
    "1 clip: clipped - unclipped (oracle)": ("cast_oracle", "cast_oracle_noclip"),
    "1 clip: clipped - unclipped (per-atom)": ("per_atom", "per_atom_noclip"),
    "2 absent objects: uniform - VLM": ("cast_absent_uniform", "cast_step"),
    "3 same noun: oracle - VLM": ("cast_noun_oracle", "cast_step"),
    "4 blur: area - bilinear": ("cast_area", "cast_step"),
    "5 completions: stride 1 - stride 2": ("cast_step1", "cast_step"),
    "5 completions: stride 5 - stride 2": ("cast_step5", "cast_step"),
    "5 completions: one step - stride 2": ("cast_step10", "cast_step"),
    "oracle - VLM maps (step)": ("cast_oracle", "cast_step"),
    "sample - step maps": ("cast_sample", "cast_step"),
}


def number(x):
    """A float for results.json; None where the estimate does not exist (a norm² estimated below zero)."""
    x = float(x)
    return x if math.isfinite(x) else None


def part_a_report(full, reps, G):
    names = list(READOUTS)
    out = {"readouts": {}, "differences": {}}
    for r, name in enumerate(names):
        row = {}
        for k, kind in enumerate(KINDS):
            cell = {}
            for key in [f"cos{n}" for n in SIZES] + ["cos_inf"]:
                cell[key] = number(full[key][r, k])
                cell[key + "_se"] = number(jackknife_se(reps, lambda s: s[key][r, k]))
            for n in SIZES:
                cell[f"map_free_images_{n}"] = number(full[f"free{n}"][r, k])
            row[kind] = cell
        out["readouts"][name] = row
    for label, (a, b) in DIFFERENCES.items():
        ia, ib = names.index(a), names.index(b)
        out["differences"][label] = {
            kind: dict(
                diff16=number(full["cos16"][ia, k] - full["cos16"][ib, k]),
                se=number(jackknife_se(reps, lambda s: s["cos16"][ia, k] - s["cos16"][ib, k])),
                diff_inf=number(full["cos_inf"][ia, k] - full["cos_inf"][ib, k]),
                se_inf=number(
                    jackknife_se(reps, lambda s: s["cos_inf"][ia, k] - s["cos_inf"][ib, k])
                ),
            )
            for k, kind in enumerate(KINDS)
        }
    s = out["readouts"]["sanity"]["am"]
    out["sanity"] = dict(
        cos16=s["cos16"],
        se=s["cos16_se"],
        within_2se=None if s["cos16_se"] is None else abs(s["cos16"]) <= 2 * s["cos16_se"],
    )
    return out


def part_b_report(rows, blocks: int):
    """Each region's share of the credit (the sum of |E d_p|² over its tokens, over all atoms and states) and of the
    tokens, with jackknife SEs over blocks of states; per kind, absent / present, window step."""
    kinds, regions = KINDS[:-1], ("own", "other", "empty")
    idx = torch.arange(len(rows)) % blocks

    def shares(keep):
        cell, area = rows[keep, 0].sum(0), rows[keep, 1].sum(0)
        return (
            cell / cell.sum(-1, keepdim=True),
            area / area.sum(-1, keepdim=True).clamp_min(1),
            cell.sum(-1),
        )

    full = shares(torch.ones(len(rows), dtype=torch.bool))
    reps = [shares(idx != b) for b in range(blocks)]
    out = {}
    for kk, kind in enumerate(kinds):
        for pres, label in ((0, "absent"), (1, "present")):
            for j in range(rows.shape[4]):
                n_atoms = int(rows[:, 1, kk, pres, j].sum(-1).gt(0).sum())
                if n_atoms == 0:
                    continue
                cell = {
                    "states": n_atoms,
                    "total": number(full[2][kk, pres, j]),
                    "total_se": number(jackknife_se(reps, lambda s: s[2][kk, pres, j])),
                }
                for r, region in enumerate(regions):
                    cell[f"credit_{region}"] = number(full[0][kk, pres, j, r])
                    cell[f"credit_{region}_se"] = number(
                        jackknife_se(reps, lambda s: s[0][kk, pres, j, r])
                    )
                    cell[f"area_{region}"] = number(full[1][kk, pres, j, r])
                out[f"{kind}/{label}/step{j}"] = cell
    return out


# ------------------------------------------------------------------------------------------ the tables, the picture


def fmt(value, se=None, digits=3):
    if value is None:
        return "n/a"
    return f"{value:+.{digits}f}" + (f" ± {se:.{digits}f}" if se is not None else "")


def markdown(result) -> str:
    """Part A's cosines and differences and Part B's shares as markdown tables (docs/RESULTS.md quotes them)."""
    lines = [
        f"Policy {result['settings']['policy']}: {result['settings']['groups']} groups of "
        f"{result['settings']['group_size']}, {result['seconds']:.0f} s. Sanity (AM, 16 images): "
        f"{fmt(result['sanity']['cos16'], result['sanity']['se'])}. Decision: "
        + ", ".join(f"{k} {v}" for k, v in result["decision"].items())
        + f". Groups for SE {SE_TARGET} on {MAIN}: "
        + ", ".join(
            f"{k} {'unknown (not resolvable)' if n is None else n}"
            for k, n in result["groups_for_se"].items()
        ),
        "",
        "| readout | "
        + " | ".join(f"{k} cos16" for k in KINDS)
        + " | AM cos64 | AM cos∞ | AM map-free images "
        "for its cos16 |",
        "|---" * (len(KINDS) + 4) + "|",
    ]
    for name, row in result["readouts"].items():
        if name.startswith("ref_"):
            continue
        need = row["am"]["map_free_images_16"]
        lines.append(
            f"| {name} | "
            + " | ".join(fmt(row[k]["cos16"], row[k]["cos16_se"]) for k in KINDS)
            + f" | {fmt(row['am']['cos64'], row['am']['cos64_se'])} | "
            f"{fmt(row['am']['cos_inf'], row['am']['cos_inf_se'])} | "
            f"{'never' if need is None else f'{need:.0f}'} |"
        )
    lines += [
        "",
        "| difference in cos16 | " + " | ".join(KINDS) + " |",
        "|---" * (len(KINDS) + 1) + "|",
    ]
    for label, row in result["differences"].items():
        lines.append(
            f"| {label} | " + " | ".join(fmt(row[k]["diff16"], row[k]["se"]) for k in KINDS) + " |"
        )
    if "part_b" in result:
        lines += [
            "",
            "| Part B: atoms | states | credit own / other / empty | tokens own / other / empty |",
            "|---|---|---|---|",
        ]
        for key, c in result["part_b"].items():
            lines.append(
                f"| {key} | {c['states']} | "
                + " / ".join(
                    fmt(c[f"credit_{r}"], c[f"credit_{r}_se"], 2) for r in ("own", "other", "empty")
                )
                + " | "
                + " / ".join(f"{c[f'area_{r}']:.2f}" for r in ("own", "other", "empty"))
                + " |"
            )
    return "\n".join(lines)


def plot(results, path):
    """Expected cosine against images per update, one line per readout, one panel per kind and policy (Part A):
    the measured 16- and 64-image points with their SEs, dashed on to 1,024 images from cos_inf where it exists."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    shown = (
        "per_atom",
        "g2",
        "cast_sample",
        "cast_step",
        "cast_oracle",
        "shuffled",
        "spatial_image",
        "cast_step_noclip",
        "cast_noun_oracle",
        "sanity",
    )
    kinds = [
        k for k in KINDS if any(r["readouts"]["per_atom"][k]["cos16"] is not None for r in results)
    ] or ["am"]
    fig, axes = plt.subplots(
        len(results), len(kinds), figsize=(3.6 * len(kinds), 3.2 * len(results)), squeeze=False
    )
    for row, result in zip(axes, results):
        G = result["settings"]["group_size"]
        for ax, kind in zip(row, kinds):
            for n, name in enumerate(shown):
                c = result["readouts"][name][kind]
                if c["cos16"] is None or c["cos64"] is None:
                    continue
                shift = 1 + 0.02 * (n - len(shown) / 2)  # readouts side by side at each size
                line = ax.errorbar(
                    [16 * shift, 64 * shift],
                    [c["cos16"], c["cos64"]],
                    [c["cos16_se"] or 0, c["cos64_se"] or 0],
                    marker=".",
                    capsize=2,
                    label=name,
                )
                inf = c["cos_inf"]
                if name != "sanity" and inf is not None and abs(inf) <= 1.5 and c["cos16"]:
                    # cos_n = cos_inf / sqrt(1 + q / m), q from the 16-image point (m = n / G groups)
                    q = max((inf / c["cos16"]) ** 2 - 1, 0) * 16 / G
                    more = [64, 256, 1024]
                    ax.plot(
                        [m * shift for m in more],
                        [inf / math.sqrt(1 + q * G / m) for m in more],
                        ls="--",
                        color=line[0].get_color(),
                        lw=0.8,
                    )
            ax.set_xscale("log", base=2)
            ax.axhline(0, color="k", lw=0.5)
            ax.set_title(f"{result['settings']['policy']}: {kind}", fontsize=9)
            ax.set_xlabel("images per update", fontsize=8)
        row[0].set_ylabel("expected cosine with the true gradient", fontsize=8)
    if axes[0][-1].get_legend_handles_labels()[0]:
        axes[0][-1].legend(fontsize=6)
    settings = results[0]["settings"]
    fig.suptitle(
        f"bench/credit.py: {settings['groups']} groups of {settings['group_size']} per policy; kinds whose "
        "true gradient was not resolved are left out",
        fontsize=9,
    )
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv=None) -> int:
    """Re-derive the decisions and the groups for SE_TARGET of the credit results stored in a results.json (the
    base policy's and, under "trained", the trained one's) from their own differences, and print them."""
    import argparse
    import json
    import os

    ap = argparse.ArgumentParser(description=main.__doc__)
    ap.add_argument("results", help="a results.json holding bench/credit.py's key `credit`")
    path = ap.parse_args(argv).results
    with open(path) as f:
        data = json.load(f)
    credit = data["credit"]
    for result in [credit] + ([credit["trained"]] if "trained" in credit else []):
        result.update(decisions(result))
        print(markdown(result).splitlines()[0])
    with open(path + ".tmp", "w") as f:
        json.dump(data, f, indent=1)
    os.replace(path + ".tmp", path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
