"""bench/localize.py: which block and teacher-forcing noise level give attention maps that point at the named object.

Measured in the shapes world, where the masks are exact: every block alone (and the last two) x noise levels x blur x
contrast, on ground-truth renders (the renderer's masks) and on the model's own samples (the verifier's masks). The
settings cast_advantage.py uses (SIGMA, SMOOTH, CONTRAST, the shapes model's capture block) were chosen with it.

    python bench/localize.py --n 200             # prints a markdown table, writes runs/localize.json
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

import torch
from safetensors import safe_open

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from cast_advantage import _metadata, _raw_maps, attention_maps, cli_problems, contrast_maps, normalize_maps  # noqa: E402
from cast_backbone import sample_ode  # noqa: E402
from cast_csg import read_prompt  # noqa: E402
from cast_shapes import ShapesScorer, render, sample_graph  # noqa: E402
from cast_shapes_model import ASSETS, load_shapes  # noqa: E402


def _score_maps(maps, graphs, masks, grid) -> dict:
    """For object atoms (noun) and attribute atoms (color + noun) whose object was found: pointing (the
    argmax token lies in the object's grid mask), also on prompts of 2+ objects only (with one object any
    salience map points right), how often the argmax lands on another named object instead, the map's
    mass share inside the mask and its mean claim on background tokens. A grid token is in a mask when
    its patch overlaps the pixel mask."""
    h, w = grid
    hits = {"object": [], "attribute": []}
    multi, other, mass, background, chance = [], [], [], [], []
    for n, g in enumerate(graphs):
        m = torch.as_tensor(masks[n])
        S = m.shape[-1]
        grid_masks = m.reshape(len(m), h, S // h, w, S // w).any(4).any(2).flatten(1)
        for k, a in enumerate(g.atoms):
            if a.kind in hits and grid_masks[a.entity].any():
                gm, mp = grid_masks[a.entity], maps[n, k].flatten()
                hits[a.kind].append(float(gm[mp.argmax()]))
                if a.kind == "object":
                    if len(m) > 1:
                        multi.append(hits["object"][-1])
                    elsewhere = grid_masks[torch.arange(len(m)) != a.entity].any(0) & ~gm
                    other.append(float(elsewhere[mp.argmax()]))
                    mass.append(float(mp[gm].sum() / mp.sum().clamp_min(1e-12)))
                    bg = ~grid_masks.any(0)
                    background.append(float(mp[bg].mean()) if bg.any() else 0.0)
                    chance.append(float(gm.float().mean()))
    mean = lambda xs: sum(xs) / len(xs) if xs else float("nan")
    return dict(pointing=mean(hits["object"]), pointing_color=mean(hits["attribute"]), multi=mean(multi),
                other=mean(other), mass=mean(mass), background=mean(background), chance=mean(chance),
                n=len(hits["object"]))


def localization_table(backbone, prompts, sigmas=(0.2, 0.4, 0.6, 0.8), layer_sets: dict | None = None,
                       smooths=(0.0,), contrasts=(False, True), seed: int = 0, steps: int = 10,
                       batch_size: int = 64) -> dict:
    """Sweep blocks x teacher-forcing noise levels x blur x contrast on ground-truth renders (exact masks)
    and on the model's own samples (the verifier's masks). Also times one teacher-forced pass (default
    settings) against one rollout of `steps` ODE steps on the same batch."""
    rng, graphs, images, masks = random.Random(seed), [], [], []
    for p in prompts:
        g = read_prompt(p)
        img, m = render(g, rng)
        graphs.append(g)
        images.append(torch.from_numpy(img))
        masks.append(m)
    tr = backbone.transformer
    if layer_sets is None:                                              # every block alone, and the last two
        names = [f"transformer_blocks.{i}" for i in range(len(tr.transformer_blocks))] + \
                [f"single_transformer_blocks.{i}" for i in range(len(tr.single_transformer_blocks))]
        layer_sets = {("single " if n.startswith("single") else "double ") + n.rsplit(".", 1)[1]: [n] for n in names}
        layer_sets["last two"] = names[-2:]
    cond = backbone.encode(prompts)
    noise = backbone.noise(len(prompts), torch.Generator().manual_seed(seed))
    with torch.no_grad():
        t = time.perf_counter()
        x_sample = sample_ode(backbone, cond, noise, steps)
        rollout_s = time.perf_counter() - t
        t = time.perf_counter()
        attention_maps(backbone, x_sample, cond, graphs, batch_size=len(prompts))
        teacher_s = time.perf_counter() - t
    _, sample_masks, _ = ShapesScorer().verify(backbone.decode(x_sample), graphs)
    sources = {"render": (backbone.encode_images(torch.stack(images)), masks), "sample": (x_sample, sample_masks)}
    rows = []
    for source, (x0, m) in sources.items():
        for sigma in sigmas:
            raws = _raw_maps(backbone, x0, cond, graphs, sigma, list(layer_sets.values()), seed, batch_size)
            for (name, layers), raw in zip(layer_sets.items(), raws):
                for contrast in contrasts:
                    c = contrast_maps(raw, graphs) if contrast else raw
                    for smooth in smooths:
                        rows.append(dict(source=source, layers=name, capture=layers, sigma=sigma, smooth=smooth,
                                         contrast=contrast, **_score_maps(normalize_maps(c, smooth), graphs, m,
                                                                          backbone.grid)))
    return dict(rows=rows, rollout_seconds=rollout_s, teacher_forced_seconds=teacher_s, images=len(prompts),
                rollout_steps=steps)


def format_table(result: dict) -> str:
    """Markdown: one line per (block, contrast, blur); each cell is the σ sweep "a / b / c / d", in %."""
    sigmas = sorted({r["sigma"] for r in result["rows"]})
    cells = {}
    for r in result["rows"]:
        key = (r["layers"], "yes" if r["contrast"] else "no", r["smooth"])
        cells.setdefault(key, {}).setdefault(r["source"], {})[r["sigma"]] = r
    sweep = lambda by, key, fmt: " / ".join(fmt(by[s][key]) for s in sigmas)
    pct, two = lambda v: f"{100 * v:.0f}", lambda v: f"{v:.2f}"
    out = [f"σ = {' / '.join(map(str, sigmas))}",
           "| block | contrast | blur | pointing noun: render | sample | noun+color: render | sample | 2+ objects: "
           "render | peak on another object: render | mass in mask: render | background claim: render |",
           "|" + "---|" * 11]
    columns = [("render", "pointing", pct), ("sample", "pointing", pct), ("render", "pointing_color", pct),
               ("sample", "pointing_color", pct), ("render", "multi", pct), ("render", "other", pct),
               ("render", "mass", two), ("render", "background", two)]
    for (layers, contrast, smooth), src in cells.items():
        row = " | ".join(sweep(src[s], k, f) for s, k, f in columns)
        out.append(f"| {layers} | {contrast} | {smooth} | {row} |")
    ren, sam = (next(r for r in result["rows"] if r["source"] == s) for s in ("render", "sample"))
    out.append(f"\nobject atoms scored: render {ren['n']} (chance {100 * ren['chance']:.0f}%), sample {sam['n']} "
               f"(chance {100 * sam['chance']:.0f}%). One teacher-forced pass {result['teacher_forced_seconds']:.2f} s "
               f"vs one {result['rollout_steps']}-step rollout {result['rollout_seconds']:.2f} s on the same "
               f"{result['images']} images.")
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=localization_table.__doc__)
    ap.add_argument("--n", type=int, default=200, help="prompts (one render and one sample each)")
    ap.add_argument("--sigmas", type=float, nargs="+", default=[0.2, 0.4, 0.6, 0.8])
    ap.add_argument("--smooth", type=float, nargs="+", default=[0.0], help="blur std(s) in tokens")
    ap.add_argument("--contrast", type=int, nargs="+", default=[0, 1], help="0: plain maps, 1: contrast_maps")
    ap.add_argument("--model-path", help="shapes weights (default assets/shapes_base.safetensors)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--out", default="runs/localize.json")
    args = ap.parse_args(argv)
    bad = cli_problems(args, args.sigmas, args.smooth, args.contrast)
    if bad := bad + ([f"--n {args.n}: must be at least 1"] if args.n < 1 else []):
        ap.error("\n".join(bad))         # usage, every problem one a line, exit code 2
    torch.set_num_threads(args.threads)
    rng = random.Random(args.seed)
    bb = load_shapes(args.model_path)
    result = localization_table(bb, [sample_graph(rng).prompt for _ in range(args.n)], args.sigmas, smooths=args.smooth,
                                contrasts=[bool(c) for c in args.contrast], seed=args.seed)
    path = args.model_path or os.path.join(ASSETS, "shapes_base.safetensors")
    steps = "none: random weights"                   # the shipped file is not there yet
    if os.path.exists(path):
        with safe_open(path, "pt") as f:
            steps = _metadata(f).get("steps")
    result["model"] = dict(path=path, steps=steps)
    print(f"model {path} (pretraining step {result['model']['steps']})\n{format_table(result)}")
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump(result, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
