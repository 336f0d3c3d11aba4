"""cast_advantage.py: per-atom group advantages (Eq. 6), the signed advantage map (Eq. 7), the baselines' advantages.

CAST's third change to Flow-GRPO (docs/DESIGN.md, "Where to push"): instead of one advantage per image, each atom
of the prompt's scene graph gets its own signed advantage within the group of samples of the same prompt, and that
advantage is laid on the denoiser patches where the atom is seen (its grounding map w_k,p, unit spatial mean):

    atom_adv  = atom_advantages(scores, mask, group, res)      # [N, K]  Eq. 6: z-score of each atom in its group
    pixel_adv = pixel_advantage(atom_adv, maps)                # [N, h, w] Eq. 7: clip(Σ_k A_k·w_k,p, −5, 5)
    pixel_adv = method_advantage(method, ...)                  # the same for every method and ablation of the paper

Run alone:
    python cast_advantage.py --run runs/cast             # recompute the advantages of one saved rollout
Reads (--run): rollout.safetensors (group, images), scores.safetensors (scores, mask), atoms.jsonl and the maps
that advantages.safetensors holds. Writes advantages.safetensors (atom_adv, maps, pixel_adv) and overlays.png."""
from __future__ import annotations

import argparse
import json
import os
import sys
import textwrap

import torch
from safetensors import safe_open
from safetensors.torch import save_file

from cast_backbone import capture_attention, capture_pass
from cast_csg import SceneGraph

ADV_CLIP = 5.0     # Eq. 6 and Eq. 7 clip at ±5
EPS = 1e-4         # Eq. 6's ε (Flow-GRPO's)
# The shapes world's stand-in grounding until it has a VLM of its own: the denoiser's own image->text attention
# at the last single block on x = 0.8·x0 + 0.2·ε, chosen by a localization sweep on the shipped base model (block
# x noise level against the verifier's masks; docs/RESULTS.md keeps the table). The paper grounds with the VLM.
SIGMA = 0.2


# ---------------------------------------------------------------------------------------------
# Eq. 6: advantages
# ---------------------------------------------------------------------------------------------

def resolution(dtype: torch.dtype) -> float:
    """The scorer's numerical resolution (Eq. 6: an advantage is zero where the group's variation is below it): the
    machine epsilon of the dtype its probabilities were computed in: float32 1.2e-7, float16 9.8e-4, bfloat16
    7.8e-3. Two scores closer than that are one answer rounded twice; with ε = 1e-4 alone, a bf16 rounding step
    inside an otherwise unanimous group would become a z-score of order one."""
    return torch.finfo(dtype).eps


def group_zscore(values, valid, group, res: float, clip: float = ADV_CLIP, eps: float = EPS):
    """Per column, within each group over its valid entries (population std, as Flow-GRPO's np.std):
        z = clip((v − mean_g) / (std_g + ε), −clip, clip),   z = 0 where std_g < res or the entry is not valid."""
    v, out = values.double(), torch.zeros(values.shape, dtype=torch.float64)
    for g in group.unique():
        rows = group == g
        x, m = v[rows], valid[rows]
        n = m.sum(0).clamp(min=1)
        mean = (x * m).sum(0) / n
        std = ((x - mean) ** 2 * m).sum(0).div(n).sqrt()
        out[rows] = torch.where(m & (std >= res), (x - mean) / (std + eps), 0.0)
    return out.clamp(-clip, clip).float()


def atom_advantages(scores, mask, group, res: float = resolution(torch.float32)):
    """Eq. 6, A_k^(i) [N, K]: each atom's score z-scored among the samples of its group (same prompt), clipped at
    ±5; zero for padding (mask False) and for an atom its whole group agrees on."""
    if scores.dim() != 2 or mask.shape != scores.shape or group.shape != scores.shape[:1]:
        raise ValueError(f"expected scores [N,K], mask [N,K], group [N]; got {tuple(scores.shape)}, "
                         f"{tuple(mask.shape)}, {tuple(group.shape)}")
    return group_zscore(scores, mask.bool(), group, res)


def image_reward(scores, mask):
    """Flow-GRPO (G2)'s reward [N]: the mean of the image's atom scores (Sec. 5.1)."""
    m = mask.bool()
    return (scores.float() * m).sum(1) / m.sum(1).clamp(min=1)


def image_advantages(reward, group, res: float = resolution(torch.float32)):
    """Flow-GRPO's advantage [N]: the image's reward z-scored in its group, clipped at ±5."""
    return group_zscore(reward[:, None], torch.ones(len(reward), 1, dtype=torch.bool), group, res)[:, 0]


# ---------------------------------------------------------------------------------------------
# Eq. 7: the advantage map, and the ablations of Table 2
# ---------------------------------------------------------------------------------------------

def unit_mean(maps):
    """Each map [..., h, w] divided by its spatial mean (Sec. 4.2: unit spatial mean); all-zero maps stay zero."""
    mean = maps.float().mean((-2, -1), keepdim=True)
    return torch.where(mean > 0, maps.float() / mean.clamp_min(torch.finfo(torch.float32).tiny), 0.0)


def pixel_advantage(atom_adv, maps, clip: float = ADV_CLIP):
    """Eq. 7, M_p [N, h, w] = clip(Σ_k A_k·w_k,p, −5, 5): the atoms' signed advantages laid on their maps and summed
    before the clip, so an atom that went right and one that went wrong cancel where they overlap; a patch no map
    covers gets zero (there is no scalar fallback). Uniform unit maps make it the broadcast clip(Σ_k A_k)."""
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
        order = [groups[i][j] for i in torch.randperm(len(groups), generator=generator).tolist()
                 for j in torch.randperm(len(groups[i]), generator=generator).tolist()]
        for pos, k in enumerate(order):
            out[n, k] = maps[n, order[(pos + m) % K]]
    return out


METHODS = {   # the paper's names (Sec. 5.1, Table 2): the window they train in and how the loss is weighted
    "cast": "auto", "flow_grpo_g2": "auto", "flow_grpo_orig": "auto", "per_atom": "auto", "spatial_image": "auto",
    "shuffled": "auto", "flow_grpo": "full"}
USES_MAPS = ("cast", "spatial_image", "shuffled")


def method_advantage(method, scores, mask, group, maps, graphs, res, generator=None, reward=None):
    """(atom_adv [N, K], pixel_adv [N, h, w]): Eq. 6's atom advantages (every method's stage files keep them) and
    the advantage map the loss weights each patch with, for each method of the paper:
      cast            Eq. 7 over the atoms' grounding maps
      per_atom        Eq. 7 with uniform maps: clip(Σ_k A_k), broadcast (Table 2, per-atom advantage, no maps)
      shuffled        Eq. 7 over maps permuted among the image's atoms (shuffle_maps)
      spatial_image   the image's G2 advantage x the mean of its atoms' maps, clipped at ±5 (Table 2, spatial weighting)
      flow_grpo_g2    the G2 reward (mean atom score) z-scored in its group, broadcast (Table 2's sum-reward)
      flow_grpo       the same, in Flow-GRPO's own full window
      flow_grpo_orig  a holistic image reward `reward` [N] (no atoms) z-scored in its group, broadcast."""
    atom_adv = atom_advantages(scores, mask, group, res)
    h, w = maps.shape[-2:]
    if method in ("cast", "shuffled"):
        used = shuffle_maps(maps, graphs, generator) if method == "shuffled" else maps
        return atom_adv, pixel_advantage(atom_adv, used)
    if method == "per_atom":
        return atom_adv, pixel_advantage(atom_adv, torch.ones_like(maps))
    if method == "flow_grpo_orig":
        if reward is None:
            raise ValueError("flow_grpo_orig needs the holistic reward of every image")
        image_adv = image_advantages(reward, group, res)
    else:
        image_adv = image_advantages(image_reward(scores, mask), group, res)
    if method == "spatial_image":
        m = mask.bool()[..., None, None].float()
        mean_map = (maps.float() * m).sum(1) / m.sum(1).clamp(min=1)
        return atom_adv, (image_adv[:, None, None] * mean_map).clamp(-ADV_CLIP, ADV_CLIP)
    if method in ("flow_grpo_g2", "flow_grpo", "flow_grpo_orig"):
        return atom_adv, image_adv[:, None, None].expand(len(image_adv), h, w).contiguous()
    raise ValueError(f"unknown method {method!r}: one of {', '.join(METHODS)}")


# ---------------------------------------------------------------------------------------------
# The shapes world's stand-in maps: the denoiser's own attention
# ---------------------------------------------------------------------------------------------

def _atom_positions(backbone, graphs):
    """Per image, per atom: the sorted union of the text-token positions of the atom's grounding spans."""
    out = []
    for g in graphs:
        per = []
        for a in g.atoms:
            pos = sorted({p for s in a.spans for p in backbone.token_positions(g.prompt, tuple(s))})
            if not pos:
                raise ValueError(f"atom ({a.question!r}) of {g.prompt!r}: its spans {a.spans} cover no token")
            per.append(pos)
        out.append(per)
    return out


@torch.no_grad()
def attention_maps(backbone, x0, cond, graphs, sigma: float = SIGMA, layers: list[str] | None = None,
                   seed: int = 0, batch_size: int = 16):
    """Maps [N, K, h, w] of unit spatial mean: where on the finished image x0 each atom's words look in the denoiser
    (the shapes world's stand-in for the VLM's grounding). One conditional pass on x = (1 − σ)·x0 + σ·ε (ε fixed by
    `seed`: the same image always gives the same map) under capture_attention of `layers` (default: the backbone's
    measured block), cut short after the last of them; m_k(p) = image token p's attention on atom k's words
    (object / count: the noun; attribute: its word and the noun; relation: both nouns), averaged over those tokens,
    then unit_mean. Padding atoms are zero."""
    N = x0.shape[0]
    if len(graphs) != N:
        raise ValueError(f"{N} latents but {len(graphs)} scene graphs")
    layers = layers or backbone.default_capture_layers
    positions = _atom_positions(backbone, graphs)
    cols = sorted({p for per in positions for pos in per for p in pos})   # capture only the text keys we need
    col = {p: i for i, p in enumerate(cols)}
    eps = torch.randn(x0.shape, generator=torch.Generator().manual_seed(seed))
    x = (1 - sigma) * x0.float().cpu() + sigma * eps
    dtype = next(backbone.transformer.parameters()).dtype
    att = []
    for lo in range(0, N, batch_size):
        rows = list(range(lo, min(N, lo + batch_size)))
        with capture_attention(backbone, layers, text_positions=cols) as cap:
            capture_pass(backbone, x[rows].to(backbone.device, dtype), sigma, cond.select(rows), layers)
        att.append(cap.maps.float().cpu())
    att, (h, w) = torch.cat(att), backbone.grid                           # [N, n_img, n_cols]
    maps = torch.zeros(N, max(len(g.atoms) for g in graphs), h * w)
    for n, per in enumerate(positions):
        for k, pos in enumerate(per):
            maps[n, k] = att[n][:, [col[p] for p in pos]].mean(-1)
    return unit_mean(maps.reshape(N, -1, h, w))                          # image tokens are row-major


# ---------------------------------------------------------------------------------------------
# Saving and looking
# ---------------------------------------------------------------------------------------------

def save_advantages(path, atom_adv, maps, pixel_adv, **metadata) -> None:
    """advantages.safetensors: atom_adv (N,K), maps (N,K,h,w), pixel_adv (N,h,w); metadata values JSON-encoded."""
    tensors = dict(atom_adv=atom_adv, maps=maps, pixel_adv=pixel_adv)
    save_file({k: v.detach().float().cpu().contiguous() for k, v in tensors.items()}, path + ".tmp",
              metadata={k: json.dumps(v) for k, v in metadata.items()})
    os.replace(path + ".tmp", path)           # atomic: a reader never sees half a file


def _metadata(f) -> dict:
    """Metadata of an open safetensors file, each value JSON-decoded when it is JSON (else the raw string)."""
    out = {}
    for k, v in (f.metadata() or {}).items():
        try:
            out[k] = json.loads(v)
        except json.JSONDecodeError:
            out[k] = v
    return out


def load_advantages(path) -> tuple[dict, dict]:
    """({"atom_adv", "maps", "pixel_adv"}, metadata) from save_advantages' file."""
    with safe_open(path, "pt") as f:
        return {k: f.get_tensor(k) for k in f.keys()}, _metadata(f)


def save_overlays(path, images, graphs, atom_adv, maps, pixel_adv, max_images: int = 8) -> None:
    """overlays.png: a row per image: the image; each atom's grounding map w_k over it (scaled to its own peak),
    titled with the atom's question and advantage; the pixel advantage M of Eq. 7 (coolwarm: red > 0 > blue, symmetric limits shared by all rows)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    n, K = min(len(graphs), max_images), maps.shape[1]
    H, W = images.shape[-2:]
    lim = float(pixel_adv[:n].abs().max()) or 1.0       # all zero (no group varied): any symmetric range
    fig, axes = plt.subplots(n, K + 2, figsize=(1.7 * (K + 2), 1.9 * n), squeeze=False)
    for i in range(n):
        img = images[i].float().permute(1, 2, 0).clamp(0, 1).cpu().numpy()
        ax = axes[i]
        ax[0].imshow(img)
        ax[0].set_title("\n".join(textwrap.wrap(graphs[i].prompt, 26)), fontsize=5)
        for k in range(K):
            if k < len(graphs[i].atoms):
                ax[k + 1].imshow(img.mean(-1), cmap="gray", vmin=0, vmax=1)    # gray: the map's colors stand out
                ax[k + 1].imshow(maps[i, k].float().cpu().numpy(), cmap="inferno", vmin=0,
                                 vmax=float(maps[i, k].max()) or 1.0, alpha=0.7,
                                 extent=(0, W, H, 0), interpolation="bilinear")
                q = "\n".join(textwrap.wrap(graphs[i].atoms[k].question, 24))
                ax[k + 1].set_title(f"{q}\nA = {float(atom_adv[i, k]):+.2f}", fontsize=5)
        ax[-1].imshow(img.mean(-1), cmap="gray", alpha=0.5)
        im = ax[-1].imshow(pixel_adv[i].float().cpu().numpy(), cmap="coolwarm", vmin=-lim, vmax=lim, alpha=0.85,
                           extent=(0, W, H, 0), interpolation="nearest")
        ax[-1].set_title("pixel advantage", fontsize=5)
        fig.colorbar(im, ax=ax[-1], fraction=0.046, pad=0.04).ax.tick_params(labelsize=5)
        for a in ax:
            a.axis("off")
    fig.tight_layout()
    fig.savefig(path, dpi=150)
    plt.close(fig)


# ---------------------------------------------------------------------------------------------
# One rollout folder
# ---------------------------------------------------------------------------------------------

def run_folder(run: str, method: str = "cast", max_images: int = 8) -> dict:
    """Recompute a saved iteration's advantages from its stage files (scores and the maps the run used) for
    `method`; writes advantages_<method>.safetensors and overlays_<method>.png there (the run's own file stays)."""
    files = {"rollout.safetensors": "cast_train", "scores.safetensors": "cast_reward", "atoms.jsonl": "cast_csg",
             "advantages.safetensors": "cast_train"}
    for name, writer in files.items():
        if not os.path.exists(os.path.join(run, name)):
            raise FileNotFoundError(f"{os.path.join(run, name)} is missing (written by {writer}.py)")
    with safe_open(os.path.join(run, "rollout.safetensors"), "pt") as f:   # only these keys: xs can be large
        if missing := {"group", "images"} - set(f.keys()):
            raise ValueError(f"rollout.safetensors lacks {sorted(missing)}")
        group, images = f.get_tensor("group").long(), f.get_tensor("images")
    with safe_open(os.path.join(run, "scores.safetensors"), "pt") as f:
        scores, mask, meta = f.get_tensor("scores"), f.get_tensor("mask").bool(), _metadata(f)
    maps = load_advantages(os.path.join(run, "advantages.safetensors"))[0]["maps"]
    with open(os.path.join(run, "atoms.jsonl")) as f:
        graphs = [SceneGraph.from_json(line) for line in f if line.strip()]
    sizes = {"group": len(group), "images": len(images), "scores": len(scores), "maps": len(maps),
             "graphs": len(graphs)}
    if len(set(sizes.values())) != 1:
        raise ValueError(f"the run's files disagree on the number of images N: {sizes}")
    if scores.shape[1] != max(len(g.atoms) for g in graphs):
        raise ValueError(f"scores have K={scores.shape[1]} atoms but the largest graph has "
                         f"{max(len(g.atoms) for g in graphs)}: scores and atoms.jsonl are from different runs")
    if method == "flow_grpo_orig":
        raise ValueError("flow_grpo_orig's holistic reward is not in the stage files: rerun cast_train for it")
    res = meta.get("resolution", resolution(torch.float32))
    atom_adv, pixel_adv = method_advantage(method, scores, mask, group, maps, graphs, res, torch.Generator())
    save_advantages(os.path.join(run, f"advantages_{method}.safetensors"), atom_adv, maps, pixel_adv, method=method)
    save_overlays(os.path.join(run, f"overlays_{method}.png"), images.float() / 255, graphs, atom_adv, maps,
                  pixel_adv, max_images)
    clipped = (pixel_adv.abs() >= ADV_CLIP).float().mean().item()
    print(f"{method}: {len(graphs)} images, {(atom_adv != 0).sum().item() / max(1, mask.sum().item()):.0%} of "
          f"atoms vary in their group; pixel advantage RMS {pixel_adv.pow(2).mean().sqrt():.3f}, {clipped:.1%} "
          f"at the ±{ADV_CLIP:g} clip; wrote advantages_{method}.safetensors and overlays_{method}.png")
    return dict(atom_adv=atom_adv, maps=maps, pixel_adv=pixel_adv)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--run", required=True, help="a cast_train run folder (or one holding its stage files)")
    ap.add_argument("--method", default="cast", choices=[m for m in METHODS if m != "flow_grpo_orig"])
    ap.add_argument("--max-images", type=int, default=8, help="rows of the overlays")
    args = ap.parse_args(argv)
    bad = [f"--max-images {args.max_images}: must be >= 0"] if args.max_images < 0 else []
    if not os.path.isdir(args.run):
        bad.append(f"--run {args.run}: no such folder (a cast_train run folder, or one holding the stage files)")
    if bad:
        ap.error("\n".join(bad))
    try:
        run_folder(args.run, args.method, args.max_images)
    except (FileNotFoundError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
