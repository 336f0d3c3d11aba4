"""cast_advantage.py: where to push. Per-atom group advantages (Eq. 6), each atom's map from the frozen VLM
(Sec. 4.2), the signed advantage map (Eq. 7), and the advantages of the paper's baselines and ablations.

Instead of one advantage per image, each atom of the prompt's scene graph gets its own signed advantage within the
group of samples of the same prompt, laid on the denoiser patches where the atom is seen:

    atom_adv  = atom_advantages(scores, mask, group, res)      # [N, K]  Eq. 6: z-score of each atom in its group
    maps      = ground(vlm, images, graphs, grid)              # [N, K, h, w] w_k,p: the VLM's teacher-forced pass,
                                                               #   layer 0, the atom's prompt-token rows, unit mean
    pixel_adv = pixel_advantage(atom_adv, maps)                # [N, h, w] Eq. 7: clip(Σ_k A_k·w_k,p, −5, 5)
    atom_adv, pixel_adv = method_advantage(method, ...)        # the same for every method and ablation of the paper

What grounds the atoms is a grounder, one interface: maps = grounder(images, graphs, grid) -> [N, K, h, w]: the
VLM's (`VLMGrounder`, over `ground`), `uniform_maps` (the methods without maps), a user's module:function, or the
shapes world's stand-in, the denoiser's own attention (support/dit_maps.py: it reads latents, not images).

Where the maps are taken matters (docs/DESIGN.md, "The sample-map bias"): the paper takes them on the finished
sample, which depends on the very SDE noise whose log-probability the map weights; cast_train's --ground-on step
(ours) takes window step j's maps on the ODE completion of the state before step j's noise (`ode_completions`),
which does not: then there is one set of maps, and one advantage map, per window step [N, L, ...].

Scene graphs are read duck-typed (`g.atoms`, each atom's `spans`; cast_csg.py builds them); it imports only torch.

Run alone:
    python cast_advantage.py --run runs/cast --method per_atom   # recompute the advantages of one saved rollout
Reads (--run): rollout.safetensors (group, images), scores.safetensors (scores, mask), atoms.jsonl and the maps
that advantages.safetensors holds. Writes advantages_<method>.safetensors and overlays_<method>.png."""

from __future__ import annotations

import sys
import time
from typing import NamedTuple

import torch
from torch.nn import functional as F

ADV_CLIP = 5.0  # Eq. 6 and Eq. 7 clip at ±5
EPS = 1e-4  # Eq. 6's ε (Flow-GRPO's)


def atom_mask(graphs):
    """bool [N, K]: True where column k is a real atom of graph i (K: the batch's largest atom count). Every [N, K]
    tensor of scores and advantages is laid out so: atoms fill columns 0..len-1, padding after."""
    k = max((len(g.atoms) for g in graphs), default=0)
    return torch.arange(k)[None, :] < torch.tensor([len(g.atoms) for g in graphs])[:, None]


def atom_mean(x, mask):
    """The mean of x [N, K, ...] over each image's real atoms (its mean atom score, its mean atom map); 0 if none."""
    m = mask.bool().reshape(*mask.shape, *[1] * (x.dim() - 2))
    return (x.float() * m).sum(1) / m.sum(1).clamp(min=1)


# ------------------------------------------------------------------------------------------------- Eq. 6: advantages


def resolution(dtype: torch.dtype) -> float:
    """The scorer's numerical resolution (Eq. 6: an advantage is zero where the group's variation is below it): the
    machine epsilon of the dtype its probabilities were computed in: float32 1.2e-7, float16 9.8e-4, bfloat16
    7.8e-3. Two scores closer than that are one answer rounded twice; with ε = 1e-4 alone, a bf16 rounding step
    inside an otherwise unanimous group would become a z-score of order one."""
    return torch.finfo(dtype).eps


def group_zscore(values, valid, group, res: float, clip: float = ADV_CLIP, eps: float = EPS):
    """Per column, within each group over its valid entries (population std, as Flow-GRPO's np.std):
        z = clip((v − mean_g) / (std_g + ε), −clip, clip),   z = 0 where std_g < res or the entry is not valid.
    The groups' sums are one matmul with the same-group matrix [N, N], so any device works (no data-dependent
    loop); float64 inside, the output in values' dtype."""
    v, m = values.double(), valid.double()
    same = (group[:, None] == group[None, :]).double()  # same[i, j] = 1 where i, j share a group
    n = (same @ m).clamp(min=1)
    mean = same @ (v * m) / n
    std = (same @ ((v - mean) ** 2 * m) / n).sqrt()
    out = torch.where(valid & (std >= res), (v - mean) / (std + eps), 0.0)
    return out.clamp(-clip, clip).to(values.dtype if values.is_floating_point() else torch.float32)


def atom_advantages(scores, mask, group, res: float = resolution(torch.float32)):
    """Eq. 6, A_k^(i) [N, K]: each atom's score z-scored among the samples of its group (same prompt), clipped at
    ±5; zero for padding (mask False) and for an atom its whole group agrees on."""
    if scores.dim() != 2 or mask.shape != scores.shape or group.shape != scores.shape[:1]:
        raise ValueError(
            f"expected scores [N,K], mask [N,K], group [N]; got {tuple(scores.shape)}, "
            f"{tuple(mask.shape)}, {tuple(group.shape)}"
        )
    return group_zscore(scores, mask.bool(), group, res)


def image_reward(scores, mask):
    """Flow-GRPO (G2)'s reward [N]: the mean of the image's atom scores (Sec. 5.1)."""
    return atom_mean(scores, mask)


def image_advantages(reward, group, res: float = resolution(torch.float32)):
    """Flow-GRPO's advantage [N]: the image's reward z-scored in its group, clipped at ±5."""
    valid = torch.ones(len(reward), 1, dtype=torch.bool)
    return group_zscore(reward[:, None], valid, group, res)[:, 0]


# ------------------------------------------------------------ Eq. 7: the advantage map, and the ablations of Table 2


def unit_mean(maps):
    """Each map [..., h, w] divided by its spatial mean (Sec. 4.2: unit spatial mean); all-zero maps stay zero."""
    mean, tiny = maps.float().mean((-2, -1), keepdim=True), torch.finfo(torch.float32).tiny
    return torch.where(mean > 0, maps.float() / mean.clamp_min(tiny), 0.0)


def pixel_advantage(atom_adv, maps, clip: float = ADV_CLIP):
    """Eq. 7, M_p [N, h, w] = clip(Σ_k A_k·w_k,p, −5, 5): the atoms' signed advantages laid on their maps and summed
    before the clip, so an atom that went right and one that went wrong cancel where they overlap; a patch no map
    covers gets zero (there is no scalar fallback). Uniform unit maps make it the broadcast clip(Σ_k A_k).
    Contract: atom_adv [N, K], maps [N, K, h, w], each atom's map of unit mean over its patches (atom_maps' output),
    so M keeps Eq. 6's scale; the loss reads M's grid row-major as the denoiser's tokens (cast_train)."""
    return (atom_adv.float()[..., None, None] * maps.float()).sum(1).clamp(-clip, clip)


def shuffle_maps(maps, graphs, generator):
    """Table 2's shuffled correspondence: each image's atom maps permuted among its atoms so that no atom keeps a map
    of its own words. Atoms are grouped by their spans, the groups and their members put in random order, and each
    atom takes the map m places on in that order (m = the largest group's size): no atom lands in its own group.
    Such a permutation exists only if no group holds more than half the atoms; an image without one keeps its maps."""
    out = maps.clone()
    for n, g in enumerate(graphs):
        classes: dict[tuple, list[int]] = {}
        for k, a in enumerate(g.atoms):
            classes.setdefault(tuple(map(tuple, a.spans)), []).append(k)
        groups, K = list(classes.values()), len(g.atoms)
        m = max(map(len, groups), default=0)
        if K < 2 or m > K / 2:
            continue
        order = [
            groups[i][j]
            for i in torch.randperm(len(groups), generator=generator).tolist()
            for j in torch.randperm(len(groups[i]), generator=generator).tolist()
        ]
        for pos, k in enumerate(order):
            out[n, k] = maps[n, order[(pos + m) % K]]
    return out


METHODS = {  # the paper's names (Sec. 5.1, Table 2): the window they train in and how the loss is weighted
    "cast": "auto",
    "flow_grpo_g2": "auto",
    "flow_grpo_orig": "auto",
    "per_atom": "auto",
    "spatial_image": "auto",
    "shuffled": "auto",
    "flow_grpo": "full",
}
USES_MAPS = ("cast", "spatial_image", "shuffled")


def method_advantage(
    method,
    scores,
    group,
    maps,
    graphs,
    res,
    generator=None,
    reward=None,
    per_step=False,
    map_clip: float = ADV_CLIP,
):
    """(atom_adv [N, K], pixel_adv [N, h, w]): Eq. 6's atom advantages (every method's stage files keep them) and
    the advantage map the loss weights each patch with, for each method of the paper:
      cast            Eq. 7 over the atoms' grounding maps
      per_atom        Eq. 7 with uniform maps: clip(Σ_k A_k), broadcast (Table 2, per-atom advantage, no maps)
      shuffled        Eq. 7 over maps permuted among the image's atoms (shuffle_maps)
      spatial_image   the image's G2 advantage x the mean of its atoms' maps, clipped at ±5 (Table 2, spatial weighting)
      flow_grpo_g2    the G2 reward (mean atom score) z-scored in its group, broadcast (Table 2's sum-reward)
      flow_grpo       the same, in Flow-GRPO's own full window
      flow_grpo_orig  a holistic image reward `reward` [N] (no atoms) z-scored in its group, broadcast.
    per_step (--ground-on step): maps [N, L, K, h, w], one set per window step, give pixel_adv [N, L, h, w], each
    step's M from its own maps (shuffled: the same permutation for every step). map_clip: Eq. 7's clip of M
    (the paper's ±5; inf: none) for the methods that sum atom advantages."""
    if maps.dim() != (5 if per_step else 4):
        raise ValueError(
            f"maps {tuple(maps.shape)}, per_step={per_step}: [N, L, K, h, w] per step, else [N, K, h, w]"
        )
    if per_step:
        state = generator.get_state() if generator is not None else None
        steps = []
        for j in range(maps.shape[1]):
            if state is not None:
                generator.set_state(state)
            steps.append(
                method_advantage(
                    method,
                    scores,
                    group,
                    maps[:, j],
                    graphs,
                    res,
                    generator,
                    reward,
                    False,
                    map_clip,
                )
            )
        return steps[0][0], torch.stack([pixel_adv for _, pixel_adv in steps], 1)
    mask = atom_mask(graphs)
    atom_adv = atom_advantages(scores, mask, group, res)
    h, w = maps.shape[-2:]
    if method in ("cast", "shuffled"):
        used = shuffle_maps(maps, graphs, generator) if method == "shuffled" else maps
        return atom_adv, pixel_advantage(atom_adv, used, map_clip)
    if method == "per_atom":
        return atom_adv, pixel_advantage(atom_adv, torch.ones_like(maps), map_clip)
    if method == "flow_grpo_orig":
        if reward is None:
            raise ValueError("flow_grpo_orig needs the holistic reward of every image")
        image_adv = image_advantages(reward, group, res)
    else:
        image_adv = image_advantages(image_reward(scores, mask), group, res)
    if method == "spatial_image":
        mean_map = atom_mean(maps, mask)
        return atom_adv, (image_adv[:, None, None] * mean_map).clamp(-ADV_CLIP, ADV_CLIP)
    if method in ("flow_grpo_g2", "flow_grpo", "flow_grpo_orig"):
        return atom_adv, image_adv[:, None, None].expand(len(image_adv), h, w).contiguous()
    raise ValueError(f"unknown method {method!r}: one of {', '.join(METHODS)}")


# ----------------------------------------------- Sec. 4.2: each atom's map from the frozen VLM's teacher-forced pass


def atom_maps(
    attn_rows: torch.Tensor, grid_thw, merge: int, image_size, token_grid, resize="bilinear"
) -> torch.Tensor:
    """Grounding maps w_{k,p} from attention rows (Sec. 4.2-4.3).

    attn_rows: [K, n_visual], each atom's attention to the image's visual tokens (already averaged over heads and
    over the atom's query rows), in the order the model reads them; grid_thw: the image's (t, h, w) in patches, as
    the image processor returns it; merge: the spatial merge size (the visual tokens are the (t, h/merge, w/merge)
    grid in raster order, which is how Qwen2VLImageProcessor packs the patches and the merger pools them);
    image_size: (H, W) of the generated image; token_grid: (h, w) of the denoiser's patch grid.
    Each map is laid on the grid (frames averaged; one for a still image), scaled to unit spatial mean, resized to
    H x W (bilinear) and averaged over each denoiser patch's pixels (the paper's). Returns [K, h, w] float32."""
    t, gh, gw = (int(v) for v in grid_thw)
    if gh % merge or gw % merge:
        raise ValueError(f"image grid {gh}x{gw} patches does not merge in {merge}x{merge} blocks")
    gh, gw = gh // merge, gw // merge
    (H, W), (h, w) = (int(v) for v in image_size), (int(v) for v in token_grid)
    K, n = attn_rows.shape
    if n != t * gh * gw:
        raise ValueError(
            f"{n} visual tokens, but the grid {t}x{gh}x{gw} (after the {merge}x{merge} merge) has "
            f"{t * gh * gw}"
        )
    if H % h or W % w:
        raise ValueError(f"a {H}x{W} image does not split into the denoiser's {h}x{w} patches")
    if K == 0:
        return attn_rows.new_zeros(0, h, w, dtype=torch.float32)
    m = attn_rows.float().reshape(K, t, gh, gw).mean(1)
    m = m / m.mean(dim=(1, 2), keepdim=True).clamp_min(torch.finfo(torch.float32).tiny)
    if (
        resize == "area"
    ):  # the VLM's grid area-averaged onto the denoiser's: no blur where they agree
        return F.interpolate(m[:, None], size=(h, w), mode="area")[:, 0]
    m = F.interpolate(m[:, None], size=(H, W), mode="bilinear", align_corners=False)
    return F.avg_pool2d(m, kernel_size=(H // h, W // w))[:, 0]


def vlm_maps(
    vlm, vision: dict, graphs, grid, layer: int, K: int, resize: str = "bilinear"
) -> torch.Tensor:
    """[len(graphs), K, h, w] maps for images the VLM has encoded (`vision`, support/vlm.py), one grounding forward
    for all: the user turn is the image and a fixed instruction, the assistant turn is the prompt itself
    (teacher-forced). Decoder layer `layer`'s eager attention (averaged over heads) is averaged over the query rows
    of each atom's prompt tokens (its spans), kept on the visual tokens and laid on the image (`atom_maps`)."""
    inputs = vlm.grounding_inputs(vision, graphs)
    out = torch.zeros(len(graphs), K, *grid)
    used = [r for per_atom in inputs["rows"] for r in per_atom if len(r)]
    if not used:
        return out
    first = int(min(r.min() for r in used))  # left padding: the prompts end the sequence
    attn = vlm.layer_attention(inputs["enc"], vision, layer, first)  # [B, S - first, S]
    for b, _g in enumerate(graphs):
        ks = [k for k, r in enumerate(inputs["rows"][b]) if len(r)]
        if ks:
            cols = inputs["visual"][b].to(attn.device)
            a = torch.stack(
                [attn[b, inputs["rows"][b][k].to(attn.device) - first][:, cols].mean(0) for k in ks]
            )
            merge, size = vlm.image_processor.merge_size, vision["sizes"][b]
            out[b, ks] = atom_maps(a, vision["grid"][b], merge, size, grid, resize).cpu()
    return out


@torch.no_grad()
def ground(vlm, images, graphs, grid, layer: int = 0, resize: str = "bilinear") -> torch.Tensor:
    """Grounding maps w_k,p [N, K, h, w] (K: the batch's largest atom count) on `grid` = (h, w), the denoiser's
    patch grid on these images; layer 0 is the paper's, resize as in atom_maps. Atoms without spans and padding are
    0; images none of whose atoms has spans are not run. Up to the VLM's batch_size images per forward."""
    if len(images) != len(graphs):
        raise ValueError(f"{len(images)} images but {len(graphs)} scene graphs")
    vlm.check_layer(layer)
    grid, mask = tuple(grid), atom_mask(graphs)
    maps = torch.zeros(*mask.shape, *grid)
    todo = [i for i, g in enumerate(graphs) if any(a.spans for a in g.atoms)]
    for s in range(0, len(todo), vlm.batch_size):
        idx = todo[s : s + vlm.batch_size]
        vision = vlm.encode_vision([images[i] for i in idx])
        maps[idx] = vlm_maps(
            vlm, vision, [graphs[i] for i in idx], grid, layer, mask.shape[1], resize
        )
    return maps


@torch.no_grad()
def score_and_ground(scorer, images, graphs, grid, layer: int = 0):
    """(scores [N, K], maps [N, K, h, w], seconds): the scoring VLM's Soft-TIFA scores (cast_reward) and its
    grounding maps, each image through the vision tower once for both passes. `seconds`: the grounding pass's wall
    time (the shared vision pass counts as scoring's, which a map-free method pays too)."""
    scorer.check_layer(layer)
    grid, K = tuple(grid), atom_mask(graphs).shape[1]
    maps, seconds = torch.zeros(len(graphs), K, *grid), [0.0]

    def on_vision(chunk, vision):
        start = time.time()
        # on the CPU: synced
        maps[chunk] = vlm_maps(scorer, vision, [graphs[i] for i in chunk], grid, layer, K)
        seconds[0] += time.time() - start

    return scorer(images, graphs, on_vision), maps, seconds[0]


# ------------------------------------------------ The grounders: maps = grounder(images, graphs, grid), one interface


def uniform_maps(images, graphs, grid) -> torch.Tensor:
    """A grounder: every atom's map 1 on every patch, padding atoms 0: the maps of the methods that use none."""
    mask = atom_mask(graphs).float()[..., None, None]
    return torch.ones(*mask.shape[:2], *grid) * mask


class VLMGrounder:
    """A grounder over a VLM (support/vlm.py's interface): grounder(images, graphs, grid) is `ground`, the maps of
    its teacher-forced pass at decoder layer `layer` (0: the paper's). `shared`: the VLM is also the run's scorer,
    and score_and_map takes the scores and the maps from one vision pass (`score_and_ground`)."""

    def __init__(self, vlm, shared: bool = False, layer: int = 0):
        self.vlm, self.shared, self.layer = vlm, shared, layer

    def __call__(self, images, graphs, grid) -> torch.Tensor:
        return ground(self.vlm, images, graphs, grid, self.layer)

    def score_and_ground(self, images, graphs, grid):
        return score_and_ground(self.vlm, images, graphs, grid, self.layer)

    def describe(self, on: str) -> str:
        """The grounder in words, taking its maps `on` an image (for the run's first line)."""
        who = "the scorer" if self.shared else self.vlm.describe()
        return f"{who}'s teacher-forced grounding pass, decoder layer {self.layer}, on {on}"


class Scored(NamedTuple):
    """score_and_map's result: what the scorer and the grounder say about one iteration's images."""

    scores: torch.Tensor  # [N, K] (Eq. 4)
    maps: torch.Tensor  # [N, K, h, w] on the sample, or [N, L, K, h, w]: one set per window step
    seconds: float  # the grounding's wall time (decoding the completions included; a shared vision pass: scoring's)


def score_and_map(bb, scorer, grounder, rec, cond, seeds, completed=None) -> Scored:
    """Every atom of the iteration's record `rec` (its images, graphs and rollout) scored on its image (Eq. 4), and
    each atom's grounding map w_k,p on the denoiser's patch grid `bb.grid` (Sec. 4.2): maps = grounder(images,
    graphs, grid). Where a grounder needs more it says so: a `shared` one is the scorer (VLMGrounder: one vision
    pass for both); one that `reads_latents` (the denoiser's attention, support/dit_maps.py) grounds the latents
    the images decode from, grounder.latent_maps(bb, x0, cond, graphs, seeds, group_size), group g with seeds[g].
    On the sample (the paper's): maps [N, K, h, w]; given `completed` [N, L, ...] (--ground-on step,
    `ode_completions`), on each window step's completion: maps [N, L, K, h, w].
    The sample depends on the very SDE noise whose log-probability its maps weight, which biases the gradient
    (docs/DESIGN.md, "The sample-map bias"); the completion of the state before window step j's noise does not."""
    images, graphs, x0, grid = rec.images, rec.graphs, rec.roll.x0, bb.grid
    if completed is None and getattr(grounder, "shared", False):  # one vision pass for both passes
        scores, maps, seconds = grounder.score_and_ground(images, graphs, grid)
        return Scored(scores.float(), maps.float().cpu(), seconds)
    scores = scorer(images, graphs).float()
    start, N = time.time(), len(graphs)
    L = 1 if completed is None else completed.shape[1]
    if completed is not None:  # the N·L completions, trajectory-major: a group is G·L rows
        x0 = completed.flatten(0, 1)
        graphs = [g for g in graphs for _ in range(L)]
        cond = cond.select(torch.arange(N).repeat_interleave(L))
        images = bb.decode(x0).float().cpu()
    if getattr(grounder, "reads_latents", False):
        maps = grounder.latent_maps(bb, x0, cond, graphs, seeds, N // len(seeds) * L)
    else:
        maps = grounder(images, graphs, grid)
    maps = maps.float().cpu()
    maps = maps if completed is None else maps.reshape(N, L, *maps.shape[1:])
    return Scored(scores, maps, time.time() - start)


# --ground-on step's completions on every 5th sigma: the credit bench's update as stride 2's
COMPLETION_STRIDE = 5


@torch.no_grad()
def ode_completions(velocity, xs, step_index, sigmas, stride: int, v=None):
    """[N, L, ...]: for every window step j of every trajectory, the Euler ODE from the state before that step's
    noise, x_{s+j} = xs[:, j], at its own step s + j, to σ = 0 on every `stride`-th sigma (the last step lands on
    σ = 0; a stride ≥ T is the one-step x̂0 = x − σ·v): the image --ground-on step takes step j's maps on. v (optional,
    as xs): the policy's velocity at xs, which the rollout computed (cast_train.Rollout.v), taken as the first step's.
    Rows run batched, each joining at its own step; velocity(x, σ, rows) is the policy on those rows' prompts.
    Costs Σ_j ceil((T − s − j) / stride) velocity calls a trajectory, less L with v (support.run.completion_steps)."""
    N, L, T = step_index.shape[0], step_index.shape[1], len(sigmas) - 1
    x, start = xs.flatten(0, 1).clone(), step_index.flatten().to(xs.device)
    if v is not None:
        nxt = (start + stride).clamp(max=T)
        step = (sigmas[nxt] - sigmas[start]).reshape(-1, *[1] * (x.dim() - 1))
        x = x + step * v.flatten(0, 1).float()
        start = nxt  # the rows now wait at their second step (T: done)
    for i in range(int(start.min()), T):
        rows = torch.nonzero((start <= i) & ((i - start) % stride == 0)).flatten()
        if len(rows):
            nxt = sigmas[min(i + stride, T)]
            x[rows] = x[rows] + (nxt - sigmas[i]) * velocity(x[rows], sigmas[i], rows // L).float()
    return x.reshape(N, L, *xs.shape[2:])


# ------------------------------------------------------------------------------------------------------ Run alone


def main(argv=None) -> int:
    """Recompute a saved iteration's advantages from its stage files (its scores and the maps the run used) for
    --method; writes advantages_<method>.safetensors and overlays_<method>.png there (the run's own file stays)."""
    from support.stage_files import advantage_args, read_advantage_inputs, write_advantages

    args = advantage_args(argv, __doc__, [m for m in METHODS if m != "flow_grpo_orig"])
    try:
        run = read_advantage_inputs(args.run)
        res = run.meta.get("resolution", resolution(torch.float32))
        per_step = run.maps.dim() == 5  # the file's maps: [N, K, h, w], or per step [N, L, K, h, w]
        method, shuffle = args.method, torch.Generator()
        atom_adv, pixel_adv = method_advantage(
            method, run.scores, run.group, run.maps, run.graphs, res, shuffle, per_step=per_step
        )
        write_advantages(args.run, method, run, atom_adv, pixel_adv, args.max_images, ADV_CLIP)
    except (FileNotFoundError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
