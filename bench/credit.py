"""bench/credit.py: why Eq. 7 helps or hurts on the shapes world: where the atoms' advantages land, per map source.

For G samples of each of n prompts from the base model (the training sampler's ODE, at the CFG saved with the
weights), the verifier scores and masks every image; atom advantages are z-scored per group (Eq. 6) and laid on
each map source's maps (Eq. 7), as in training. Map sources:
  dit      the denoiser's own attention (cast_advantage.attention_maps: the shapes world's stand-in today)
  oracle   the verifier's evidence masks (`evidence_maps`): an atom's map is its object's drawn pixels (and its
           target's, for a relation), pooled to the token grid, unit mean; the whole image for an object not drawn.
           A diagnostic, not a method: no real verifier hands out masks. Train with it by
           `python cast_train.py --grounding bench.credit:evidence_maps`.
Reported per source: the share of patches of M at the ±5 clip, the image mean of M per group (Σ_k A_k averages 0 over
a group, so should M's mean) and its spread, M's RMS; then per atom kind and advantage sign, where the atom's map
puts its mass: on its own object's tokens (a quarter or more of the patch in the verifier's mask), on the other
objects', on the background (< 10% lit), and how often its object was not drawn at all.

    python bench/credit.py --n 48 --group-size 8 --maps dit oracle
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from cast_advantage import atom_advantages, group_attention_maps, pixel_advantage, unit_mean  # noqa: E402
from support.backbone import sample_ode  # noqa: E402
from cast_csg import atom_mask  # noqa: E402
from support.shapes import ShapesScorer, sample_shapes_graph  # noqa: E402
from support.shapes_model import ASSETS, load_shapes  # noqa: E402

EVIDENCE, BACKGROUND = 0.25, 0.10      # share of a token's patch in the mask / lit


def token_shares(masks, grid):
    """[P, S, S] pixel masks -> [P, h*w]: the share of each token's patch inside each mask."""
    h, w = grid
    m = masks.float()
    S = m.shape[-1]
    return m.reshape(len(m), h, S // h, w, S // w).mean((2, 4)).flatten(1)


def evidence_maps(images, graphs, grid):
    """The oracle maps [N, K, h, w]: each atom's object (and a relation's target) as the verifier found it, the
    patch share inside its mask, unit mean; an atom with nothing drawn gets the uniform map (the whole image)."""
    h, w = grid
    _, masks, _ = ShapesScorer().verify(images, graphs)
    maps = torch.zeros(*atom_mask(graphs).shape, h, w)
    for n, g in enumerate(graphs):
        shares = token_shares(masks[n], grid).reshape(-1, h, w)
        for k, a in enumerate(g.atoms):
            m = shares[[a.entity] + ([a.target] if a.kind == "relation" else [])].sum(0)
            maps[n, k] = m if m.sum() > 0 else torch.ones(h, w)
    return unit_mean(maps)


@torch.no_grad()
def measure(bb, graphs_per_prompt, group_size, sources, seed=0):
    scorer = ShapesScorer()
    rows, stats = {s: [] for s in sources}, {s: dict(clipped=[], mean=[], rms=[]) for s in sources}
    for p_i, graph in enumerate(graphs_per_prompt):
        graphs = [graph] * group_size
        gens = [torch.Generator().manual_seed(1000 * (seed + p_i) + j) for j in range(group_size)]
        cond = bb.encode([graph.prompt]).select([0] * group_size)
        x0 = sample_ode(bb, cond, torch.cat([bb.noise(1, g) for g in gens]), 10)
        images = bb.decode(x0).float().cpu()
        scores, masks, _ = scorer.verify(images, graphs)
        atom_adv = atom_advantages(scores, atom_mask(graphs), torch.zeros(group_size, dtype=torch.long))
        lit = token_shares((images > 0.5).any(1), bb.grid)
        for source in sources:
            maps = (group_attention_maps(bb, x0, cond, graphs, seed=p_i) if source == "dit"
                    else evidence_maps(images, graphs, bb.grid))
            M = pixel_advantage(atom_adv, maps)
            stats[source]["clipped"].append(float((M.abs() >= 5).float().mean()))
            stats[source]["mean"].append(float(M.mean()))
            stats[source]["rms"].append(float(M.pow(2).mean().sqrt()))
            for n, g in enumerate(graphs):
                shares = token_shares(masks[n], bb.grid)
                for k, a in enumerate(g.atoms):
                    if atom_adv[n, k] == 0:
                        continue
                    objs = [a.entity] + ([a.target] if a.kind == "relation" else [])
                    own = (shares[objs] >= EVIDENCE).any(0)
                    rest = [o for o in range(len(shares)) if o not in objs]
                    other = ((shares[rest] >= EVIDENCE).any(0) & ~own) if rest else torch.zeros_like(own)
                    bg = (lit[n] < BACKGROUND) & ~own & ~other
                    m = maps[n, k].flatten()
                    total = m.sum().clamp_min(1e-12)
                    rows[source].append(dict(kind=a.kind, sign="+" if atom_adv[n, k] > 0 else "-",
                                             own=float(m[own].sum() / total), other=float(m[other].sum() / total),
                                             background=float(m[bg].sum() / total), drawn=bool(own.any())))
    return rows, stats


def table(source, rows, stats):
    mean = lambda xs: sum(xs) / len(xs) if xs else float("nan")                  # noqa: E731
    spread = lambda xs: (sum((x - mean(xs)) ** 2 for x in xs) / max(1, len(xs) - 1)) ** 0.5   # noqa: E731
    s = stats
    out = [f"**{source} maps**: {mean(s['clipped']):.1%} of M at the ±5 clip; image mean of M per group "
           f"{mean(s['mean']):+.3f} (sd over groups {spread(s['mean']):.3f}); RMS {mean(s['rms']):.2f}", "",
           "| atom kind | advantage | n | map mass on own object | on other objects | on background | "
           "object not drawn |", "|---|---|---|---|---|---|---|"]
    for kind, sign in sorted({(r["kind"], r["sign"]) for r in rows}):
        sel = [r for r in rows if (r["kind"], r["sign"]) == (kind, sign)]
        out.append(f"| {kind} | {sign} | {len(sel)} | {mean([r['own'] for r in sel]):.2f} | "
                   f"{mean([r['other'] for r in sel]):.2f} | {mean([r['background'] for r in sel]):.2f} | "
                   f"{mean([float(not r['drawn']) for r in sel]):.2f} |")
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--weights", default=os.path.join(ASSETS, "shapes_base.safetensors"))
    ap.add_argument("--n", type=int, default=48, help="prompts (each with G samples)")
    ap.add_argument("--group-size", type=int, default=8)
    ap.add_argument("--maps", nargs="+", default=["dit", "oracle"], choices=["dit", "oracle"])
    ap.add_argument("--seed", type=int, default=0, help="prompt stream ('credit', seed) and noise")
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args(argv)
    if args.n < 1 or args.group_size < 2:
        ap.error("--n must be at least 1 and --group-size at least 2 (a group of one has no advantage)")
    if not os.path.isfile(args.weights):
        ap.error(f"--weights {args.weights}: no such file")
    torch.set_num_threads(args.threads)
    rng = random.Random(f"credit/{args.seed}")
    t0 = time.time()
    rows, stats = measure(load_shapes(args.weights), [sample_shapes_graph(rng) for _ in range(args.n)], args.group_size,
                          args.maps, args.seed)
    for source in args.maps:
        print(table(source, rows[source], stats[source]) + "\n")
    print(f"{args.n} prompts x {args.group_size} samples, {time.time() - t0:.0f} s")
    return rows, stats


if __name__ == "__main__":
    main()
