"""cast_advantage.py: per-atom group advantages, teacher-forced attention maps, the pixel advantage map.

CAST's third change to Flow-GRPO (docs/DESIGN.md, "Where to push"): instead of one advantage per image,
each atom of the prompt's scene graph gets its own signed advantage within the group of samples of
the same prompt, and that advantage is painted onto the image tokens the atom's words attend to:

    atom_adv   = atom_advantages(gated, mask, group)            # [N, K] z-score of each atom in its group
    scalar_adv = scalar_advantages(gated, mask, group)          # [N]    Flow-GRPO's advantage (the baseline)
    maps       = attention_maps(backbone, x0, cond, graphs)     # [N, K, h, w] where each atom's words look
    pixel_adv  = pixel_advantage(atom_adv, maps, scalar_adv)    # [N, h, w] weights the per-token GRPO loss

Run alone:
    python cast_advantage.py --run runs/shapes           # the advantages of one saved rollout
    python bench/localize.py --n 200                     # which block and noise level localize (shapes world)
Reads (--run): rollout.safetensors (x0, group, images; metadata "backbone"), scores.safetensors (gated,
mask) and atoms.jsonl (one SceneGraph per image). Writes advantages.safetensors (atom_adv, maps,
pixel_adv and JSON metadata) and overlays.png into the run folder."""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import textwrap
from contextlib import ExitStack

import torch
import torch.nn.functional as F
from safetensors import safe_open
from safetensors.torch import save_file

from cast_backbone import capture_attention, capture_pass
from cast_model import load_backbone
from cast_shapes_model import load_shapes
from cast_csg import SceneGraph

NO_SPREAD = 1e-6     # a group std below this means all samples agree: the atom carries no signal
# Map settings, chosen with `python bench/localize.py --n 200` on the shipped base model (README, localization
# table): the last single block (the shapes model's default) points best for the noun alone at σ 0.2 (renders
# 99%, samples 94%), with the most mass in the mask (0.99) and no claim on the background; contrast maps and a
# blur gained nothing. Rerun bench/localize.py on a new base model before trusting these.
SIGMA = 0.2
SMOOTH = 0.0
CONTRAST = False


# ---------------------------------------------------------------------------------------------
# Advantages
# ---------------------------------------------------------------------------------------------

def _group_zscore(values, valid, group, clip, eps, std_over="group"):
    """Per column, within each group g over the valid entries (population std, as Flow-GRPO's np.std):
        z = (v − mean_g) / (s + eps),   z = 0 where std_g < NO_SPREAD,   clipped to ±clip,
    with s = std_g (std_over="group", GRPO) or s = the std of all valid entries of the batch (std_over="batch",
    Flow-GRPO's `global_std`: a near-saturated group's one fluke is not blown up to a z-score of 2-3).
    The no-spread test does not rely on eps: with eps = 1e-4, float noise in a saturated group would
    otherwise become a z-score of order one."""
    if std_over not in ("group", "batch"):
        raise ValueError(f"std_over must be 'group' or 'batch', not {std_over!r}")
    v, out = values.double(), torch.zeros(values.shape, dtype=torch.float64)
    batch_std = v[valid].std(unbiased=False) if std_over == "batch" and valid.any() else v.new_zeros(())
    for g in group.unique():
        rows = group == g
        x, m = v[rows], valid[rows]
        n = m.sum(0).clamp(min=1)
        mean = (x * m).sum(0) / n
        std = ((x - mean) ** 2 * m).sum(0).div(n).sqrt()
        scale = std if std_over == "group" else batch_std
        out[rows] = torch.where(m & (std >= NO_SPREAD), (x - mean) / (scale + eps), 0.0)
    return out.clamp(-clip, clip).to(values.dtype)


def _check(gated, mask, group):
    if gated.dim() != 2 or mask.shape != gated.shape or group.shape != gated.shape[:1]:
        raise ValueError(f"expected gated [N,K], mask [N,K], group [N]; got {tuple(gated.shape)}, "
                         f"{tuple(mask.shape)}, {tuple(group.shape)}")


def atom_advantages(gated, mask, group, clip: float = 5.0, eps: float = 1e-4, std_over: str = "group"):
    """Atom advantage [N, K]: A_nk = z-score of gated[n, k] among the samples of n's group (same prompt).
    Zero for padding (mask False) and for atoms on which the whole group agrees (a saturated atom).
    std_over="batch" divides by the std of all real atom scores of the batch instead of the group's."""
    _check(gated, mask, group)
    return _group_zscore(gated.float(), mask.bool(), group, clip, eps, std_over)


def scalar_advantages(gated, mask, group, clip: float = 5.0, eps: float = 1e-4, std_over: str = "group"):
    """Flow-GRPO's advantage [N]: reward r_n = mean of the real gated atoms of image n, z-scored in its group
    (std_over="batch": divided by the batch's reward std, Flow-GRPO's `global_std`).
    The baseline's advantage, and the fallback for tokens that no atom claims."""
    _check(gated, mask, group)
    m = mask.bool()
    reward = (gated.float() * m).sum(1) / m.sum(1).clamp(min=1)
    return _group_zscore(reward[:, None], torch.ones_like(m[:, :1]), group, clip, eps, std_over)[:, 0]


def claims(atom_adv, maps):
    """M_k(p) [N, K, h, w]: each active atom's claim on each token, its map clamped to [0, 1]; an atom its group agrees
    on (A_k = 0) claims nothing. max_k M_k(p) is the claim strength w(p) of pixel_advantage."""
    return maps.float().clamp(0, 1) * (atom_adv != 0)[..., None, None].float()


def pixel_advantage(atom_adv, maps, scalar_adv):
    """Pixel advantage [N, h, w] from atom advantages A_k [N, K], claim maps M_k(p) in [0, 1] and A_scalar [N].

    With the active atoms a = {k : A_k ≠ 0} (an atom its group agrees on has A_k = 0 and claims nothing):
        w(p) = max_{k∈a} M_k(p)                                                (claim strength)
        Â(p) = w(p) · Σ_{k∈a} A_k·M_k(p) / Σ_{k∈a} M_k(p)  +  (1 − w(p)) · A_scalar     (0/0 -> 0)
    Why this form: it is a convex combination of advantages, so |Â| never exceeds the largest |A| and signs
    are kept; leaving zero-advantage atoms out of both sums keeps a varying atom's full advantage on tokens
    it shares with saturated ones (measured: a plain normalized sum gave object tokens a third of
    the background's signal); and tokens nobody claims (w = 0) get Flow-GRPO's scalar advantage.
    Invariant: maps uniform at value c give Â = c·mean_{k∈a} A_k + (1 − c)·A_scalar on every token, so the
    spatially weighted loss is exactly a scalar-advantage loss."""
    M = claims(atom_adv, maps)
    A = atom_adv.float()[..., None, None]
    w, total = M.amax(1), M.sum(1)
    mix = torch.where(total > 0, (A * M).sum(1) / total.clamp_min(1e-12), 0.0)
    return w * mix + (1 - w) * scalar_adv.float()[:, None, None]


# ---------------------------------------------------------------------------------------------
# Teacher-forced attention maps
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
def _raw_maps(backbone, x0, cond, graphs, sigma, layer_sets, seed, batch_size):
    """Unnormalized maps [N, K, h, w], one per layer set, all from the same teacher-forced passes.

    x = (1 − σ)·x0 + σ·ε with ε fixed by `seed`, so the same image always gives the same map. Several
    captures can be nested around one forward: each wraps the attention function the previous one wrapped."""
    N = x0.shape[0]
    if len(graphs) != N:
        raise ValueError(f"{N} latents but {len(graphs)} scene graphs")
    positions = _atom_positions(backbone, graphs)
    cols = sorted({p for per in positions for pos in per for p in pos})   # capture only the text keys we need
    col = {p: i for i, p in enumerate(cols)}
    eps = torch.randn(x0.shape, generator=torch.Generator().manual_seed(seed))
    x = (1 - sigma) * x0.float().cpu() + sigma * eps
    dtype = next(backbone.transformer.parameters()).dtype
    att = [[] for _ in layer_sets]
    for lo in range(0, N, batch_size):
        rows = list(range(lo, min(N, lo + batch_size)))
        with ExitStack() as stack:
            caps = [stack.enter_context(capture_attention(backbone, ls, text_positions=cols))
                    for ls in layer_sets]
            capture_pass(backbone, x[rows].to(backbone.device, dtype), sigma, cond.select(rows),
                                    [name for ls in layer_sets for name in ls])
        for a, c in zip(att, caps):
            a.append(c.maps.float().cpu())
    (h, w), K = backbone.grid, max(len(g.atoms) for g in graphs)
    out = []
    for a in att:
        a = torch.cat(a)                                                     # [N, n_img, n_cols]
        maps = torch.zeros(N, K, h * w)
        for n, per in enumerate(positions):
            for k, pos in enumerate(per):                                    # mean over the atom's tokens
                maps[n, k] = a[n][:, [col[p] for p in pos]].mean(-1)
        out.append(maps.reshape(N, K, h, w))                                 # image tokens are row-major
    return out


def contrast_maps(maps, graphs):
    """Contrast: subtract what the other objects' nouns attract,
        c_k(p) = max(0, m_k(p) − mean_{o ∉ objects(k)} m_o(p)),   m_o = object o's noun map (its object atom),
    so a peak that every noun shares (the most salient object) stops counting for all of them. Atoms that
    ground every object of the prompt (one object; a relation between the only two) are left as they are.
    Uniform attention gives zero maps, so every token falls back to the scalar advantage."""
    out = maps.clone()
    for n, g in enumerate(graphs):
        noun = {a.entity: maps[n, k] for k, a in enumerate(g.atoms) if a.kind == "object"}
        for k, a in enumerate(g.atoms):
            others = [m for o, m in noun.items() if o not in (a.entity, a.target)]
            if others:
                out[n, k] = (maps[n, k] - torch.stack(others).mean(0)).clamp(min=0)
    return out


def normalize_maps(maps, smooth: float = SMOOTH):
    """Claim strength in [0, 1]: optional Gaussian blur of std `smooth` tokens (replicate padding), then
        M_k(p) = (m_k(p) − min_q m_k(q)) / (max_q m_k(q) − min_q m_k(q))
    so an atom fully claims its most attended token, not at all its least attended one, and the rest in
    proportion. Subtracting the floor matters: softmax attention is never 0, and dividing by the peak alone
    left every background token claimed at 20-40% (seen in the overlays), so the map barely differed from
    uniform and the background never fell back to the scalar advantage. Zero maps (padding) stay zero; a
    uniform map becomes all ones (the blur keeps it uniform), which keeps pixel_advantage's invariant."""
    if smooth > 0:
        r = max(1, math.ceil(2 * smooth))
        t = torch.arange(-r, r + 1, dtype=maps.dtype)
        k = torch.exp(-t ** 2 / (2 * smooth ** 2))
        k = k / k.sum()
        N, K, h, w = maps.shape
        m = F.conv2d(F.pad(maps.reshape(N * K, 1, h, w), (r, r, 0, 0), mode="replicate"), k.view(1, 1, 1, -1))
        maps = F.conv2d(F.pad(m, (0, 0, r, r), mode="replicate"), k.view(1, 1, -1, 1)).reshape(N, K, h, w)
    peak, floor = maps.amax((-2, -1), keepdim=True), maps.amin((-2, -1), keepdim=True)
    spread = peak - floor
    flat = torch.where(peak > 0, 1.0, 0.0).expand_as(maps)           # uniform: all ones; zero (padding): zeros
    return torch.where(spread > 1e-12 * peak.abs().clamp_min(1e-30), (maps - floor) / spread.clamp_min(1e-30), flat)


def attention_maps(backbone, x0, cond, graphs, sigma: float = SIGMA, layers: list[str] | None = None,
                   seed: int = 0, smooth: float = SMOOTH, contrast: bool = CONTRAST, batch_size: int = 16):
    """Maps [N, K, h, w]: where on the finished image x0 each atom's words look (teacher forcing).

    One conditional pass on x = (1 − σ)·x0 + σ·ε (fixed ε from `seed`) under capture_attention of `layers`
    (default: the backbone's measured block), cut short after the last of them (cast_backbone.capture_pass: the same
    maps for a fraction of a pass). m_k(p) = image-token p's attention on atom k's grounding
    tokens (object/count: the noun; attribute: its word and the noun; relation: both nouns), averaged over
    those tokens; then contrast_maps (if `contrast`) and normalize_maps. Padding atoms are zero."""
    layers = layers or backbone.default_capture_layers
    maps = _raw_maps(backbone, x0, cond, graphs, sigma, [layers], seed, batch_size)[0]
    return normalize_maps(contrast_maps(maps, graphs) if contrast else maps, smooth)


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
    """overlays.png: a row per image: the image; each atom's claim map over it, titled with the atom's
    question and advantage; the pixel advantage (coolwarm: red > 0 > blue, symmetric limits shared by all rows)."""
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
                ax[k + 1].imshow(maps[i, k].float().cpu().numpy(), cmap="inferno", vmin=0, vmax=1, alpha=0.7,
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

def run_folder(run: str, backbone: str | None = None, model_path: str | None = None, sigma: float = SIGMA,
               layers: list[str] | None = None, smooth: float = SMOOTH, contrast: bool = CONTRAST, seed: int = 0,
               max_images: int = 8) -> dict:
    """Advantages of the rollout saved in `run`; writes advantages.safetensors and overlays.png there."""
    files = {"rollout.safetensors": "cast_train", "scores.safetensors": "cast_reward", "atoms.jsonl": "cast_csg"}
    for name, writer in files.items():
        if not os.path.exists(os.path.join(run, name)):
            raise FileNotFoundError(f"{os.path.join(run, name)} is missing (written by {writer}.py)")
    with safe_open(os.path.join(run, "rollout.safetensors"), "pt") as f:   # only these keys: xs can be large
        missing = {"x0", "group", "images"} - set(f.keys())
        if missing:
            raise ValueError(f"rollout.safetensors lacks {sorted(missing)}")
        x0, group, images, meta = f.get_tensor("x0"), f.get_tensor("group").long(), f.get_tensor("images"), _metadata(f)
    with safe_open(os.path.join(run, "scores.safetensors"), "pt") as f:
        gated, mask = f.get_tensor("gated"), f.get_tensor("mask").bool()
    with open(os.path.join(run, "atoms.jsonl")) as f:
        graphs = [SceneGraph.from_json(line) for line in f if line.strip()]
    sizes = {"x0": len(x0), "group": len(group), "images": len(images), "gated": len(gated), "graphs": len(graphs)}
    if len(set(sizes.values())) != 1:
        raise ValueError(f"the run's files disagree on the number of images N: {sizes}")
    if gated.shape[1] != max(len(g.atoms) for g in graphs):
        raise ValueError(f"scores have K={gated.shape[1]} atoms but the largest graph has "
                         f"{max(len(g.atoms) for g in graphs)}: scores and atoms.jsonl are from different runs")
    name = backbone or meta.get("backbone", "shapes")
    if model_path and not os.path.exists(model_path):
        raise FileNotFoundError(f"model path {model_path} does not exist")
    if name == "shapes":
        bb = load_shapes(model_path)
    else:
        bb = load_backbone(name, path=model_path)
    prompts = sorted({g.prompt for g in graphs})                            # encode each prompt once
    cond = bb.encode(prompts).select([prompts.index(g.prompt) for g in graphs])
    atom_adv, scalar_adv = atom_advantages(gated, mask, group), scalar_advantages(gated, mask, group)
    maps = attention_maps(bb, x0, cond, graphs, sigma, layers, seed, smooth, contrast)
    pixel_adv = pixel_advantage(atom_adv, maps, scalar_adv)
    settings = dict(backbone=name, sigma=sigma, layers=layers or bb.default_capture_layers, smooth=smooth,
                    contrast=contrast, seed=seed)
    save_advantages(os.path.join(run, "advantages.safetensors"), atom_adv, maps, pixel_adv, **settings)
    save_overlays(os.path.join(run, "overlays.png"), images.float() / 255, graphs, atom_adv, maps, pixel_adv,
                  max_images)
    active = (atom_adv != 0).sum().item() / max(1, mask.sum().item())
    print(f"{len(graphs)} images: {active:.0%} of atoms vary in their group; mean |pixel adv| "
          f"{pixel_adv.abs().mean():.3f} vs mean |scalar adv| {scalar_adv.abs().mean():.3f}; wrote {run}/advantages"
          f".safetensors and overlays.png")
    return dict(atom_adv=atom_adv, scalar_adv=scalar_adv, maps=maps, pixel_adv=pixel_adv)


def cli_problems(args, sigmas, smooths, contrasts) -> list[str]:
    """The values this command and bench/localize.py share, checked before a model loads; one line per problem."""
    bad = [f"--sigma {s}: must be in (0, 1)" for s in sigmas if not 0 < s < 1]
    bad += [f"--smooth {s}: must be >= 0" for s in smooths if not s >= 0]
    bad += [f"--contrast {c}: must be 0 or 1" for c in contrasts if c not in (0, 1)]
    bad += [f"--threads {args.threads}: must be at least 1"] if args.threads < 1 else []
    if args.model_path and not os.path.exists(args.model_path):
        bad.append(f"--model-path {args.model_path} does not exist")
    return bad


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--run", required=True, help="folder with rollout.safetensors, scores.safetensors, atoms.jsonl")
    ap.add_argument("--backbone", help="shapes | flux2 | qwenimage (default: the rollout's metadata)")
    ap.add_argument("--model-path", help="local model folder (shapes: a weights file)")
    ap.add_argument("--sigma", type=float, default=SIGMA, help="teacher-forcing noise level")
    ap.add_argument("--layers", nargs="+", help="blocks to capture (default: the backbone's measured block)")
    ap.add_argument("--smooth", type=float, default=SMOOTH, help="blur std of the maps, in tokens")
    ap.add_argument("--contrast", type=int, default=int(CONTRAST), help="1: subtract the other objects' maps")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-images", type=int, default=8, help="rows of overlays.png")
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args(argv)
    bad = cli_problems(args, [args.sigma], [args.smooth], [args.contrast])
    bad += [f"--max-images {args.max_images}: must be >= 0"] if args.max_images < 0 else []
    if not os.path.isdir(args.run):
        bad.append(f"--run {args.run}: no such folder (a cast_train run folder, or one holding the stage files)")
    if bad:
        ap.error("\n".join(bad))
    torch.set_num_threads(args.threads)
    try:
        run_folder(args.run, args.backbone, args.model_path, args.sigma, args.layers, args.smooth,
                   bool(args.contrast), args.seed, args.max_images)
    except (FileNotFoundError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
