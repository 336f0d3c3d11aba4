"""support/oracle.py: the shapes world's perfect maps (`--grounding oracle`), an upper bound no real verifier gives.

Each atom's map is where the shapes verifier found the atom's object(s) on the image it grounds (the per-step ODE
completion under --ground-on step, else the sample): the share of each denoiser patch inside their exact masks, of
unit spatial mean (Sec. 4.2's normalization). An atom whose object was not drawn gets the uniform map, as the maps of
the methods without maps. It is a grounder of cast_advantage's interface: maps = grounder(images, graphs, grid)."""

from __future__ import annotations

import torch

from cast_csg import atom_mask
from support.shapes import ShapesScorer


def token_shares(masks, grid):
    """[P, S, S] pixel masks -> [P, h·w]: the share of each token's patch inside each mask (row-major tokens)."""
    (h, w), S = grid, masks.shape[-1]
    return masks.float().reshape(len(masks), h, S // h, w, S // w).mean((2, 4)).flatten(1)


def atom_objects(atom):
    """The phrases an atom is about: its entity, and a relation's target."""
    return [atom.entity] + ([atom.target] if atom.kind == "relation" else [])


def oracle_maps(phrase_masks, graphs, grid):
    """[N, K, h, w]: each atom's object(s) as the verifier found them (`phrase_masks[n]` [P, S, S], one mask per
    phrase of graph n), as patch shares of unit spatial mean; an undrawn object's atom uniform; padding atoms 0."""
    maps = torch.zeros(*atom_mask(graphs).shape, *grid)
    for n, g in enumerate(graphs):
        shares = token_shares(phrase_masks[n], grid).reshape(-1, *grid)
        for k, a in enumerate(g.atoms):
            m = shares[atom_objects(a)].sum(0)
            maps[n, k] = m if m.sum() > 0 else torch.ones(grid)
    # unit mean; a padding atom's all-zero map stays zero
    return maps / maps.mean((-2, -1), keepdim=True).clamp_min(torch.finfo(torch.float32).tiny)


class ShapesOracle:
    """`--grounding oracle`'s grounder: the verifier's exact object masks as the atoms' maps (`oracle_maps`)."""

    def __init__(self):
        self.verifier = ShapesScorer()

    def __call__(self, images, graphs, grid) -> torch.Tensor:
        _, phrase_masks, _ = self.verifier.verify(images, graphs)
        return oracle_maps(phrase_masks, graphs, grid)

    def describe(self, on: str) -> str:
        return f"the verifier's exact object masks on {on} (an oracle: an upper bound, no real verifier has them)"
