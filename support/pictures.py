"""support/pictures.py: a run as pictures: curves.png from metrics.jsonl (the training reward, eval AM overall and per
atom kind, and the strict rate, each ±1 SE), window.png (the SDE window), the overlays and sample grids.
`python -m support.pictures RUN_DIR` redraws curves.png from a finished or running run.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import textwrap

SMOOTH = 10  # iterations in the reward's moving average (the bench's curves use the same)
KINDS = ("object", "count", "attribute", "relation")


def read_metrics(run_dir: str) -> tuple[list[dict], list[dict]]:
    """metrics.jsonl as (iteration records, eval records); a half-written last line (a killed run) is skipped."""
    rows = []
    with open(os.path.join(run_dir, "metrics.jsonl")) as f:
        for line in f:
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError:
                continue
    return [r for r in rows if not r.get("eval")], [r for r in rows if r.get("eval")]


def moving_average(xs: list[float], n: int = SMOOTH) -> list[float]:
    return [
        sum(xs[max(0, i - n + 1) : i + 1]) / len(xs[max(0, i - n + 1) : i + 1])
        for i in range(len(xs))
    ]


def curves(steps: list[dict], evals: list[dict]) -> dict:
    """What the picture draws, as numbers: {"reward": (iterations, per iteration, moving average), "accuracy":
    {line: (iterations, mean, se)}, "strict": (iterations, mean, se)}, and where the reward's scorer is not the
    judge "scorer" (its AM) and "agreement". An SE is None where the record has none."""
    reward = [r["reward"] for r in steps]
    out = {
        "reward": ([r["iteration"] for r in steps], reward, moving_average(reward)),
        "accuracy": {
            "all atoms (AM)": (
                [r["iteration"] for r in evals],
                [r["am"] for r in evals],
                [r.get("am_se") for r in evals],
            )
        },
        "strict": (
            [r["iteration"] for r in evals],
            [r["strict"] for r in evals],
            [r.get("strict_se") for r in evals],
        ),
    }
    for kind in KINDS:
        rows = [
            (r["iteration"], r["per_kind"][kind]) for r in evals if kind in r.get("per_kind", {})
        ]
        if rows:
            out["accuracy"][kind] = (
                [i for i, _ in rows],
                [v["mean"] for _, v in rows],
                [v.get("se") for _, v in rows],
            )
    scored = [
        (r["iteration"], r["scorer"]) for r in evals if "scorer" in r
    ]  # the reward's scorer, not the judge
    if scored:
        out["scorer"] = (
            [i for i, _ in scored],
            [v["am"] for _, v in scored],
            [v.get("am_se") for _, v in scored],
        )
        out["agreement"] = (
            [i for i, _ in scored],
            [v["agreement"]["all"]["accuracy"] for _, v in scored],
            [None] * len(scored),
        )
    return out


def _band(ax, x, mean, se, color, label):
    """A line with markers and a shaded ±1 SE band (none where the SE is unknown)."""
    ax.plot(x, mean, "o-", color=color, label=label, markersize=3)
    lo = [m - s if s is not None and math.isfinite(s) else m for m, s in zip(mean, se)]
    hi = [m + s if s is not None and math.isfinite(s) else m for m, s in zip(mean, se)]
    ax.fill_between(x, lo, hi, color=color, alpha=0.2, linewidth=0)


def draw_curves(run_dir: str, path: str | None = None) -> str:
    """Draw <run_dir>/curves.png (or `path`) from <run_dir>/metrics.jsonl; returns the path written."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps, evals = read_metrics(run_dir)
    c = curves(steps, evals)
    path = path or os.path.join(run_dir, "curves.png")
    fig, (ax1, ax2, ax3) = plt.subplots(1, 3, figsize=(15, 4))
    if steps:
        it, reward, smooth = c["reward"]
        ax1.plot(it, reward, color="0.7", linewidth=0.8, label="per iteration")
        ax1.plot(it, smooth, color="C0", label=f"moving average of {SMOOTH}")
        ax1.legend()
    ax1.set(xlabel="iteration", ylabel="mean atom score", title="training reward (rollouts)")
    for k, (line, series) in enumerate(c["accuracy"].items()):
        _band(ax2, *series, "black" if k == 0 else f"C{k}", line)
    if "scorer" in c:  # the reward's own score of the same images, beside the judge's
        ax2.plot(*c["scorer"][:2], "--", color="0.4", label="the reward's scorer (AM)")
        _band(ax3, *c["agreement"], "C7", "scorer agrees with the judge (atoms)")
    _band(ax3, *c["strict"], "C5", "strict")
    n = evals[-1].get("n_prompts") if evals else None
    ax2.set(
        xlabel="iteration",
        ylabel="mean atom score",
        title=f"eval atom accuracy ± 1 SE ({n} eval images)" if n else "eval atom accuracy ± 1 SE",
    )
    ax3.set(
        xlabel="iteration", ylabel="share of eval images", title="all atoms correct (strict) ± 1 SE"
    )
    ax3.set_ylim(bottom=0)
    if evals:
        ax2.legend(fontsize=8)
        ax3.legend(fontsize=8)
    for ax in (ax1, ax2, ax3):
        ax.grid(alpha=0.3)
    fig.suptitle(os.path.basename(os.path.abspath(run_dir)))
    fig.tight_layout()
    tmp = path + ".tmp.png"  # written whole, then renamed: a viewer never sees half a picture
    fig.savefig(tmp, dpi=110)
    plt.close(fig)
    os.replace(tmp, path)
    return path


def main(argv=None) -> str:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("run_dir", help="a cast_train run folder (holding metrics.jsonl)")
    ap.add_argument("--out", help="default <run_dir>/curves.png")
    args = ap.parse_args(argv)
    if not os.path.isfile(os.path.join(args.run_dir, "metrics.jsonl")):
        ap.error(f"{args.run_dir}: no metrics.jsonl there (is it a cast_train run folder?)")
    path = draw_curves(args.run_dir, args.out)
    print(f"wrote {path}")
    return path


def window_title(backbone: str, result: dict) -> str:
    """window.png's title: the knee, the layout-freeze point (shapes) and the candidates."""
    a, b = (int(v) for v in result["candidates"].tolist())
    freeze = f", τ_freeze = {float(result['freeze_tau']):.3f}" if "freeze_tau" in result else ""
    return (
        f"{backbone}: τ* = {float(result['tau_star']):.3f}{freeze}; candidates [{a}, {b}), "
        f"L = {int(result['length'])}"
    )


def describe_window(candidates, length: int) -> str:
    """The run's window in words: a fixed [A, B), or each trajectory's L steps from a random start."""
    a, b = candidates
    if b - a == length:
        return f"SDE window [{a}, {b})"
    return f"SDE window of {length} steps per trajectory, start ~ Uniform{{{a}..{b - length}}} (candidates [{a}, {b}))"


def plot_window(result: dict, path: str, title: str = "") -> None:
    """window.png: the mean similarity of x̂0 per step (± 1 SEM) against τ = i/(N − 1), its spline and curvature κ,
    the knee τ* and the candidates [a, b) (cast_window, Eq. 10-11); on the shapes world also τ_freeze's curve."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    n = int(result["steps"])
    tau = result["tau"] if "tau" in result else [i / max(1, n - 1) for i in range(n)]
    mean = result["similarity"].float()
    a, b = (int(v) for v in result["candidates"].tolist())
    tau_star, L = float(result["tau_star"]), int(result["length"])
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.axvspan(
        a / max(1, n - 1),
        b / max(1, n - 1),
        color="tab:orange",
        alpha=0.15,
        label=f"candidate transitions [{a}, {b}), L = {L}",
    )
    if "sem" in result:
        sem = result["sem"].float()
        ax.fill_between(tau, mean - sem, mean + sem, color="C0", alpha=0.2, linewidth=0)
    ax.plot(tau, mean, "o", color="C0", markersize=4, label="mean similarity of x̂0 (± 1 SEM)")
    if "spline" in result:
        smooth = f", s = {float(result['smoothing']):.2g}" if "smoothing" in result else ""
        ax.plot(
            result["grid"],
            result["spline"],
            "-",
            color="C0",
            label=f"smoothing spline (degree {int(result.get('degree', 4))}{smooth})",
        )
    ax.axvline(tau_star, color="tab:red", ls="--", label=f"τ* = {tau_star:.3f} (max curvature)")
    if (
        "agreement" in result
    ):  # the shapes world's layout-freeze point (support.window.layout_agreement)
        kept, sem = result["agreement"].float(), result["agreement_sem"].float()
        ax.fill_between(tau, kept - sem, kept + sem, color="C2", alpha=0.2, linewidth=0)
        ax.plot(
            tau,
            kept,
            "s",
            color="C2",
            markersize=4,
            label="layout kept after one SDE step there (± 1 SEM)",
        )
        ax.plot(result["grid"], result["freeze_spline"], "-", color="C2", lw=0.8)
        ax.axvline(
            float(result["freeze_tau"]),
            color="C2",
            ls=":",
            label=f"τ_freeze = {float(result['freeze_tau']):.3f} (its knee)",
        )
    ax.set(
        xlabel="τ = i / (N − 1), progress from noise to image",
        ylabel="similarity to the prompt / agreement",
        title=title,
        xlim=(-0.02, 1.02),
    )
    handles, labels = ax.get_legend_handles_labels()
    if "curvature" in result:
        ax2 = ax.twinx()
        ax2.plot(result["grid"], result["curvature"], color="0.5", lw=0.8, label="curvature κ")
        ax2.set_ylabel("curvature κ = |s''| / (1 + s'²)^1.5")
        ax2.set_ylim(bottom=0)
        h2, l2 = ax2.get_legend_handles_labels()
        handles, labels = handles + h2, labels + l2
    ax.legend(handles, labels, fontsize=8, loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def save_overlays(path, images, graphs, atom_adv, maps, pixel_adv, max_images: int = 8) -> None:
    """overlays.png: a row per image: the image, each atom's map w_k over it with its question and advantage, and the
    pixel advantage M of Eq. 7 (red > 0 > blue). Per-step maps [N, L, K, h, w] show the last window step's."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    if maps.dim() == 5:  # per window step (--ground-on step): the last, nearest the sample
        maps, pixel_adv = maps[:, -1], pixel_adv[:, -1]
    n, K = min(len(graphs), max_images), maps.shape[1]
    H, W = images.shape[-2:]
    lim = float(pixel_adv[:n].abs().max()) or 1.0  # all zero (no group varied): any symmetric range
    fig, axes = plt.subplots(n, K + 2, figsize=(1.7 * (K + 2), 1.9 * n), squeeze=False)
    for i in range(n):
        img = images[i].float().permute(1, 2, 0).clamp(0, 1).cpu().numpy()
        ax = axes[i]
        ax[0].imshow(img)
        ax[0].set_title("\n".join(textwrap.wrap(graphs[i].prompt, 26)), fontsize=5)
        for k in range(K):
            if k < len(graphs[i].atoms):
                ax[k + 1].imshow(
                    img.mean(-1), cmap="gray", vmin=0, vmax=1
                )  # gray: the map's colors stand out
                ax[k + 1].imshow(
                    maps[i, k].float().cpu().numpy(),
                    cmap="inferno",
                    vmin=0,
                    vmax=float(maps[i, k].max()) or 1.0,
                    alpha=0.7,
                    extent=(0, W, H, 0),
                    interpolation="bilinear",
                )
                q = "\n".join(textwrap.wrap(graphs[i].atoms[k].question, 24))
                ax[k + 1].set_title(f"{q}\nA = {float(atom_adv[i, k]):+.2f}", fontsize=5)
        ax[-1].imshow(img.mean(-1), cmap="gray", alpha=0.5)
        im = ax[-1].imshow(
            pixel_adv[i].float().cpu().numpy(),
            cmap="coolwarm",
            vmin=-lim,
            vmax=lim,
            alpha=0.85,
            extent=(0, W, H, 0),
            interpolation="nearest",
        )
        ax[-1].set_title("pixel advantage", fontsize=5)
        fig.colorbar(im, ax=ax[-1], fraction=0.046, pad=0.04).ax.tick_params(labelsize=5)
        for a in ax:
            a.axis("off")
    fig.tight_layout()
    fig.savefig(path, dpi=150)
    plt.close(fig)


def save_grid(images, path: str, labels: list[str] | None = None, ncol: int = 8, scale: int = 4):
    """Images [N, 3, H, W] in [0, 1] as one PNG, upscaled `scale`x (nearest), each with a small caption."""
    from PIL import Image, ImageDraw

    n, _, h, w = images.shape
    H, W, pad = h * scale, w * scale, 12 if labels else 0
    ncol = min(ncol, n)
    nrow = math.ceil(n / ncol)
    sheet = Image.new("RGB", (ncol * (W + 2), nrow * (H + pad + 2)), (40, 40, 40))
    draw = ImageDraw.Draw(sheet)
    arr = (
        (images.detach().float().clamp(0, 1) * 255).round().byte().permute(0, 2, 3, 1).cpu().numpy()
    )
    for i in range(n):
        r, c = divmod(i, ncol)
        x0, y0 = c * (W + 2), r * (H + pad + 2)
        sheet.paste(Image.fromarray(arr[i]).resize((W, H), Image.NEAREST), (x0, y0 + pad))
        if labels:
            draw.text((x0 + 1, y0), labels[i][: W // 6], fill=(230, 230, 230))
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    sheet.save(path)


if __name__ == "__main__":
    main()
