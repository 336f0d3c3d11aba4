"""support/dit_maps.py: the shapes world's stand-in for the VLM's grounding maps (`--grounding dit`): where on the
finished image each atom's words look in the denoiser's own attention. The paper grounds with the VLM
(cast_advantage.ground); this grounder is ours, for a world whose VLM may not be wanted.

It is a grounder of cast_advantage's interface that reads the denoiser's latents rather than the images: it says so
with `reads_latents`, and cast_advantage.score_and_map calls its `latent_maps(bb, x0, cond, graphs, seeds,
group_size)` -> [N, K, h, w] where another grounder is called as grounder(images, graphs, grid)."""

from __future__ import annotations

import torch

from cast_csg import atom_mask
from support.backbone import capture_attention, capture_pass

# The denoiser's own image->text attention at the last single block on x = 0.8·x0 + 0.2·ε, chosen by a localization
# sweep on the shipped base model (block x noise level against the verifier's masks; docs/RESULTS.md keeps the table).
SIGMA = 0.2


class DenoiserAttention:
    """`--grounding dit`'s grounder: `attention_maps` on the latents x0 the images decode from (or on each window
    step's completion), group g's noise from seeds[g]."""

    reads_latents = True  # score_and_map calls latent_maps, not grounder(images, graphs, grid)

    def latent_maps(self, backbone, x0, cond, graphs, seeds: list[int], group_size: int):
        return attention_maps(backbone, x0, cond, graphs, seeds, group_size)

    def __call__(self, images, graphs, grid):
        raise TypeError("the denoiser's attention grounds latents: latent_maps(bb, x0, cond, ...)")

    def describe(self, on: str) -> str:
        return f"the denoiser's attention on {on}"


def _atom_positions(backbone, graphs):
    """Per image, per atom: the sorted union of the text-token positions of the atom's grounding spans."""
    out = []
    for g in graphs:
        per = []
        for a in g.atoms:
            pos = sorted({p for s in a.spans for p in backbone.token_positions(g.prompt, tuple(s))})
            if not pos:
                raise ValueError(
                    f"atom ({a.question!r}) of {g.prompt!r}: its spans {a.spans} cover no token"
                )
            per.append(pos)
        out.append(per)
    return out


def attention_maps(backbone, x0, cond, graphs, seeds: list[int], group_size: int, **kw):
    """`group_attention_maps` one group of `group_size` samples at a time, group g with seeds[g]: a group's maps
    do not depend on how the batch is split among ranks. Padding atoms are zero."""
    N = len(graphs)
    maps = torch.zeros(N, atom_mask(graphs).shape[1], *backbone.grid)
    for g, seed in enumerate(seeds):
        sl = slice(g * group_size, (g + 1) * group_size)
        m = group_attention_maps(
            backbone, x0[sl], cond.select(torch.arange(N)[sl]), graphs[sl], seed=seed, **kw
        )
        maps[sl, : m.shape[1]] = m.cpu()
    return maps


@torch.no_grad()
def group_attention_maps(
    backbone,
    x0,
    cond,
    graphs,
    sigma: float = SIGMA,
    layers: list[str] | None = None,
    seed: int = 0,
    batch_size: int = 16,
):
    """Maps [N, K, h, w] of unit spatial mean: where on the finished image x0 each atom's words look in the denoiser
    (the shapes world's stand-in for the VLM's grounding). One conditional pass on x = (1 − σ)·x0 + σ·ε (ε fixed by
    `seed`: the same image always gives the same map) under capture_attention of `layers` (default: the backbone's
    measured block), cut short after the last of them; m_k(p) = image token p's attention on atom k's words
    (object / count: the noun; attribute: its word and the noun; relation: both nouns), averaged over those tokens,
    then of unit spatial mean. Padding atoms are zero."""
    N = x0.shape[0]
    if len(graphs) != N:
        raise ValueError(f"{N} latents but {len(graphs)} scene graphs")
    layers = layers or backbone.default_capture_layers
    positions = _atom_positions(backbone, graphs)
    cols = sorted(
        {p for per in positions for pos in per for p in pos}
    )  # capture only the text keys we need
    col = {p: i for i, p in enumerate(cols)}
    eps = torch.randn(x0.shape, generator=torch.Generator().manual_seed(seed))
    x = (1 - sigma) * x0.float().cpu() + sigma * eps
    dtype = next(backbone.transformer.parameters()).dtype
    att = []
    for lo in range(0, N, batch_size):
        rows = list(range(lo, min(N, lo + batch_size)))
        with capture_attention(backbone, layers, text_positions=cols) as cap:
            capture_pass(
                backbone, x[rows].to(backbone.device, dtype), sigma, cond.select(rows), layers
            )
        att.append(cap.maps.float().cpu())
    att, (h, w) = torch.cat(att), backbone.grid  # [N, n_img, n_cols]
    maps = torch.zeros(N, max(len(g.atoms) for g in graphs), h * w)
    for n, per in enumerate(positions):
        for k, pos in enumerate(per):
            maps[n, k] = att[n][:, [col[p] for p in pos]].mean(-1)
    maps = maps.reshape(N, -1, h, w)  # image tokens are row-major
    # unit spatial mean, cast_advantage.unit_mean's arithmetic (support/ imports no method file but cast_csg)
    mean, tiny = maps.float().mean((-2, -1), keepdim=True), torch.finfo(torch.float32).tiny
    return torch.where(mean > 0, maps.float() / mean.clamp_min(tiny), 0.0)
