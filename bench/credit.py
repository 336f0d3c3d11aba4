"""bench/credit.py: where each atom's advantage lands, against where its evidence is (the shapes world knows).

For G samples of each of n prompts from the base model (the training sampler's ODE, at the CFG saved with the
weights), the verifier scores and masks every image; atom and scalar advantages are z-scored per group as in
training, and the teacher-forced maps are taken as in training. Per atom kind and
advantage sign, and for count atoms per outcome (too few drawn, too many, exact), it reports:
  evidence   share of the atom's claim map M_k on its evidence tokens (the tokens of its subject's drawn
             instances, and its target's for a relation), where a token is evidence when a quarter or more
             of its patch lies in the verifier's mask
  Â on evid  mean pixel advantage of the image (all atoms mixed) on those tokens, and on empty background
             tokens (< 10% lit pixels)
  others     share of M_k on the drawn instances of the prompt's other objects (where a missing object's
             negative advantage lands when nothing of it was drawn)
  none       how often the atom has no evidence token at all (nothing of its subject was drawn)
A negative count advantage for an omission that lands on the instances that were drawn pushes against drawing
them; this table is how to see it.

    python bench/credit.py --n 48 --group-size 8                 # the base model, attention maps
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from cast_advantage import atom_advantages, attention_maps, pixel_advantage, scalar_advantages  # noqa: E402
from cast_backbone import sample_ode  # noqa: E402
from cast_csg import atom_mask, read_prompt  # noqa: E402
from cast_reward import gate  # noqa: E402
from cast_shapes import ShapesScorer, components, sample_graph  # noqa: E402
from cast_shapes_model import ASSETS, load_shapes  # noqa: E402

EVIDENCE, BACKGROUND = 0.25, 0.10      # share of a token's patch in the mask / lit, as the counts measurement


def token_shares(masks, grid):
    """[P, S, S] pixel masks -> [P, h*w]: the share of each token's patch inside each mask."""
    h, w = grid
    m = masks.float()
    S = m.shape[-1]
    return m.reshape(len(m), h, S // h, w, S // w).mean((2, 4)).flatten(1)


def outcome(atom, n_found):
    """A count atom's outcome on its image: deficit, surplus or exact (None: a bare plural, two or more)."""
    want = 2 if atom.value is None else atom.value
    if atom.value is None:
        return "exact" if n_found >= 2 else "deficit"
    return "deficit" if n_found < want else "surplus" if n_found > want else "exact"


@torch.no_grad()
def measure(bb, prompts, group_size, seed=0):
    scorer, rows = ShapesScorer(), []
    for p_i, prompt in enumerate(prompts):
        graphs = [read_prompt(prompt)] * group_size
        gens = [torch.Generator().manual_seed(1000 * (seed + p_i) + j) for j in range(group_size)]
        cond = bb.encode([prompt]).select([0] * group_size)
        x0 = sample_ode(bb, cond, torch.cat([bb.noise(1, g) for g in gens]), 10)
        images = bb.decode(x0).float().cpu()
        scores, masks, drawn = scorer.verify(images, graphs)
        gated, mask, group = gate(scores, graphs), atom_mask(graphs), torch.zeros(group_size, dtype=torch.long)
        atom_adv, scalar_adv = atom_advantages(gated, mask, group), scalar_advantages(gated, mask, group)
        maps = attention_maps(bb, x0, cond, graphs, seed=p_i)
        pix = pixel_advantage(atom_adv, maps, scalar_adv).flatten(1)
        lit = token_shares((images > 0.5).any(1), bb.grid)
        for n, g in enumerate(graphs):
            shares = token_shares(masks[n], bb.grid)
            found = instances(masks[n])
            for k, a in enumerate(g.atoms):
                if atom_adv[n, k] == 0:
                    continue
                objs = [a.entity] + ([a.target] if a.kind == "relation" else [])
                evid = (shares[objs] >= EVIDENCE).any(0)
                m = maps[n, k].flatten()
                bg = lit[n] < BACKGROUND
                rest = [o for o in range(len(shares)) if o not in objs]
                other = (shares[rest] >= EVIDENCE).any(0) & ~evid if rest else torch.zeros_like(evid)
                rows.append(dict(kind=a.kind, sign="+" if atom_adv[n, k] > 0 else "-",
                                 outcome=outcome(a, found[a.entity]) if a.kind == "count" else "",
                                 evidence=float(m[evid].sum() / m.sum().clamp_min(1e-12)) if evid.any() else None,
                                 others=float(m[other].sum() / m.sum().clamp_min(1e-12)) if rest else None,
                                 adv_evidence=float(pix[n][evid].mean()) if evid.any() else None,
                                 adv_background=float(pix[n][bg].mean()) if bg.any() else None))
    return rows


def instances(phrase_masks):
    """Drawn instances per phrase: the connected components of its matches' union mask (the verifier's matches
    are connected components of one color, so they stay apart unless two touch)."""
    return [int(components(m[None].bool())[0].unique().numel() - 1) for m in phrase_masks]


def table(rows):
    mean = lambda xs: sum(xs) / len(xs) if xs else float("nan")                  # noqa: E731
    keys = sorted({(r["kind"], r["outcome"], r["sign"]) for r in rows})
    out = ["| atom kind | outcome | advantage | n | map share on evidence | Â on evidence | Â on background | "
           "map share on other objects | no evidence drawn |", "|---|---|---|---|---|---|---|---|---|"]
    for kind, oc, sign in keys:
        sel = [r for r in rows if (r["kind"], r["outcome"], r["sign"]) == (kind, oc, sign)]
        has = [r for r in sel if r["evidence"] is not None]
        bgs = [r["adv_background"] for r in sel if r["adv_background"] is not None]
        out.append(f"| {kind} | {oc or '-'} | {sign} | {len(sel)} | {mean([r['evidence'] for r in has]):.2f} | "
                   f"{mean([r['adv_evidence'] for r in has]):+.2f} | {mean(bgs):+.2f} | "
                   f"{mean([r['others'] for r in sel if r['others'] is not None]):.2f} | "
                   f"{1 - len(has) / len(sel):.2f} |")
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--weights", default=os.path.join(ASSETS, "shapes_base.safetensors"))
    ap.add_argument("--n", type=int, default=48, help="prompts (each with G samples)")
    ap.add_argument("--group-size", type=int, default=8)
    ap.add_argument("--seed", type=int, default=0, help="prompt stream ('credit', seed) and noise")
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args(argv)
    if args.n < 1 or args.group_size < 2:
        ap.error("--n must be at least 1 and --group-size at least 2 (a group of one has no advantage)")
    if not os.path.isfile(args.weights):
        ap.error(f"--weights {args.weights}: no such file")
    torch.set_num_threads(args.threads)
    rng = random.Random(f"credit/{args.seed}")
    prompts = [sample_graph(rng).prompt for _ in range(args.n)]
    t0 = time.time()
    rows = measure(load_shapes(args.weights), prompts, args.group_size, args.seed)
    print(table(rows))
    print(f"\n{args.n} prompts x {args.group_size} samples, {time.time() - t0:.0f} s")
    return rows


if __name__ == "__main__":
    main()
