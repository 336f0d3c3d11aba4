"""cast_reward.py: images x scene-graph atoms -> per-atom scores (Eq. 4), summaries.

Every atom of a prompt's scene graph (cast_csg) is checked on its own image, independently of the others (the
paper's Eq. 4, GenEval 2's Soft-TIFA; a parent atom stays in the graph as data and gates nothing):
  * `cast_vlm.VLMScorer` asks a Qwen3-VL / Qwen2.5-VL instruct model the atom's question the
    Soft-TIFA way: s_k = Σ_v P(v | image, question_k) over the spellings v of the atom's expected answer.
  * `summarize` / `format_summary` report Soft-TIFA AM and GM, the GenEval-style strict
    rate, and breakdowns by atom kind and by atoms per prompt.
Any scorer with the signature `scorer(images [N,3,H,W] in [0,1], graphs) -> [N,K]`
(the VLM, `cast_shapes.ShapesScorer` in the shapes world, `RandomScorer` for dry
runs that only time the loop) plugs into training the
same way. K is the largest atom count in the batch; padding columns score 0 and
`atom_mask` marks the real ones.

Run alone (scores a folder of images, prints a markdown table, writes the scores):
    python cast_reward.py --images DIR --atoms atoms.jsonl --scorer-path MODEL_DIR --out scores.safetensors
Images pair with atoms.jsonl lines in sorted filename order, or by `--map map.json`
({prompt: file or [files]}). `--scorer-path shapes` uses the shapes-world verifier.
Reads: image files, atoms.jsonl (one SceneGraph per line), a local model folder.
Writes: scores.safetensors with `scores` (N,K), `mask` (N,K) bool and
JSON metadata (each metadata value is stored JSON-encoded under its key).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Sequence

import numpy as np
import torch
from PIL import Image
from safetensors import safe_open
from safetensors.torch import save_file
from cast_csg import SceneGraph, atom_mask
from cast_vlm import InputError, VLMScorer, check_vlm_folder

EPS = 1e-6                 # floor of an atom score inside GM's log, so one 0 gives a tiny GM, not -inf
IMAGE_EXT = (".png", ".jpg", ".jpeg", ".webp", ".bmp")


class RandomScorer:
    """Uniform random atom scores in [0, 1), for dry runs that time the loop without a VLM (`cast_train.py
    --scorer-path random`, bench/gpu.py): they differ between the samples of a group, so advantages and gradients
    are nonzero as in a real run, and they mean nothing. Seeded, so a dry run repeats itself."""

    def __init__(self, seed: int = 0):
        self.generator = torch.Generator().manual_seed(seed)
        print("RandomScorer: atom scores are uniform random numbers; rewards and evaluations mean nothing",
              file=sys.stderr)

    def __call__(self, images, graphs: Sequence[SceneGraph]) -> torch.Tensor:
        if len(images) != len(graphs):
            raise ValueError(f"{len(images)} images but {len(graphs)} scene graphs")
        mask = atom_mask(graphs)
        return torch.rand(mask.shape, generator=self.generator) * mask


class AestheticScorer:
    """Flow-GRPO (Orig.)'s holistic reward (Sec. 5.1): the LAION aesthetic predictor, an MLP on the L2-normalized
    CLIP ViT-L/14 image embedding (768 -> 1024 -> 128 -> 64 -> 16 -> 1, dropout between the first four; the head's
    weights as LAION publishes them, keys layers.{0,2,4,6,7}), from local files: `clip_path` a CLIP folder, `head_path`
    the head as .safetensors (convert LAION's .pth once with safetensors' save_file). (images [N,3,H,W] in [0,1], graphs) -> [N]; the graphs are not read."""

    def __init__(self, clip_path: str | None, head_path: str | None, device="cpu"):
        if not clip_path or not os.path.isdir(clip_path):
            raise InputError(f"--clip-path {clip_path}: no such folder (flow_grpo_orig's aesthetic reward runs on a "
                             f"local CLIP ViT-L/14)")
        if not head_path or not os.path.isfile(head_path):
            raise InputError(f"--aesthetic-path {head_path}: no such file (the LAION aesthetic head)")
        from transformers import CLIPImageProcessor, CLIPVisionModelWithProjection
        self.device = device
        self.clip = CLIPVisionModelWithProjection.from_pretrained(clip_path, local_files_only=True).to(device).eval()
        self.processor = CLIPImageProcessor.from_pretrained(clip_path, local_files_only=True)
        drop = torch.nn.Dropout
        self.head = torch.nn.Sequential(torch.nn.Linear(self.clip.config.projection_dim, 1024), drop(0.2),
                                        torch.nn.Linear(1024, 128), drop(0.2), torch.nn.Linear(128, 64), drop(0.1),
                                        torch.nn.Linear(64, 16), torch.nn.Linear(16, 1))
        from safetensors.torch import load_file
        state = load_file(head_path)
        self.head.load_state_dict({k.removeprefix("layers."): v for k, v in state.items()})
        self.head.to(device).eval()

    @torch.no_grad()
    def __call__(self, images, graphs=None) -> torch.Tensor:
        pixels = self.processor(images=list(images.detach().float().clamp(0, 1).cpu()), do_rescale=False,
                                return_tensors="pt")["pixel_values"].to(self.device)
        emb = self.clip(pixel_values=pixels).image_embeds.float()
        return self.head(emb / emb.norm(dim=-1, keepdim=True)).squeeze(-1).cpu()


# ---------------------------------------------------------------- summaries

def _mean_se(xs: list[float]) -> tuple[float, float]:
    """Mean and its standard error over prompts (sample std / sqrt(n); NaN for n < 2)."""
    n, m = len(xs), sum(xs) / len(xs)
    se = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n) if n > 1 else float("nan")
    return m, se


def _pooled_mean_se(prompts: list[tuple[float, int]]) -> dict:
    """Mean over all atoms, sum(s_i) / sum(n_i) with (s_i, n_i) one prompt's score sum and atom count, and its
    standard error over prompts (the ratio estimator's: sqrt(P / (P - 1) · sum((s_i − mean·n_i)²)) / sum(n_i);
    with one atom per prompt it is the plain SE). NaN for one prompt."""
    total, n, p = sum(s for s, _ in prompts), sum(c for _, c in prompts), len(prompts)
    mean = total / n
    se = math.sqrt(p / (p - 1) * sum((s - mean * c) ** 2 for s, c in prompts)) / n if p > 1 else float("nan")
    return {"mean": mean, "se": se, "n": n}


def summarize(scores: torch.Tensor, graphs: Sequence[SceneGraph], threshold: float = 0.5) -> dict:
    """GenEval 2 style summary of atom scores (fractions in [0,1]; tables show x100).

    am      Soft-TIFA AM: mean over prompts of the prompt's arithmetic mean over atoms
    gm      Soft-TIFA GM: mean over prompts of exp(mean log max(score, EPS)); the EPS floor
            keeps a single 0 atom from making the log -inf (it makes GM ~0 instead)
    strict  GenEval's rate of prompts whose every atom scores > threshold
    am_se, strict_se   standard errors over prompts
    per_kind        {kind: {"mean", "se", "n"}}: mean over all n atoms of that kind; its standard error counts
                    the prompts as the independent units (a prompt's atoms of one kind are correlated)
    per_atom_count  {n_atoms: {"am", "n"}}: AM of the prompts with that many atoms
    """
    rows = [scores[i, :len(g.atoms)].double().tolist() for i, g in enumerate(graphs)]
    if not rows or any(not r for r in rows):
        raise ValueError("summarize needs at least one prompt, and atoms in every prompt")
    am = [sum(r) / len(r) for r in rows]
    gm = [math.exp(sum(math.log(max(x, EPS)) for x in r) / len(r)) for r in rows]
    strict = [float(all(x > threshold for x in r)) for r in rows]
    by_kind: dict[str, list[tuple[float, int]]] = {}       # per prompt with atoms of the kind: (score sum, count)
    by_count: dict[int, list[float]] = {}
    for g, r, a in zip(graphs, rows, am):
        sums: dict[str, list[float]] = {}
        for atom, x in zip(g.atoms, r):
            sums.setdefault(atom.kind, []).append(x)
        for kind, xs in sums.items():
            by_kind.setdefault(kind, []).append((sum(xs), len(xs)))
        by_count.setdefault(len(r), []).append(a)
    (am_m, am_se), (st_m, st_se) = _mean_se(am), _mean_se(strict)
    return {"n_prompts": len(rows), "n_atoms": sum(map(len, rows)), "threshold": threshold,
            "am": am_m, "am_se": am_se, "gm": sum(gm) / len(gm), "strict": st_m, "strict_se": st_se,
            "per_kind": {k: _pooled_mean_se(v) for k, v in sorted(by_kind.items())},
            "per_atom_count": {c: {"am": sum(v) / len(v), "n": len(v)} for c, v in sorted(by_count.items())}}


def format_summary(s: dict) -> str:
    """A markdown table of `summarize`'s dict, in percent as GenEval 2 reports."""
    lines = [f"| metric ({s['n_prompts']} prompts, {s['n_atoms']} atoms) | score |", "|---|---|",
             f"| Soft-TIFA AM | {100 * s['am']:.1f} ± {100 * s['am_se']:.1f} |",
             f"| Soft-TIFA GM | {100 * s['gm']:.1f} |",
             f"| strict: all atoms > {s['threshold']} | {100 * s['strict']:.1f} ± {100 * s['strict_se']:.1f} |"]
    lines += [f"| {k} atoms (n={v['n']}) | {100 * v['mean']:.1f} |" for k, v in s["per_kind"].items()]
    lines += [f"| prompts with {c} atoms (n={v['n']}): AM | {100 * v['am']:.1f} |"
              for c, v in s["per_atom_count"].items()]
    return "\n".join(lines)


# ---------------------------------------------------------------- saved scores

def save_scores(path: str, scores: torch.Tensor, mask: torch.Tensor, **metadata) -> None:
    """Write scores.safetensors: scores (N,K) float, mask (N,K) bool, JSON metadata."""
    tensors = {"scores": scores.float(), "mask": mask.bool()}
    save_file({k: v.detach().cpu().contiguous() for k, v in tensors.items()}, path,
              metadata={k: json.dumps(v) for k, v in metadata.items()})


def load_scores(path: str) -> tuple[dict[str, torch.Tensor], dict]:
    """Read scores.safetensors back: ({"scores", "mask"}, metadata dict)."""
    with safe_open(path, "pt") as f:
        return {k: f.get_tensor(k) for k in f.keys()}, {k: json.loads(v) for k, v in (f.metadata() or {}).items()}


# ---------------------------------------------------------------- CLI

def read_graphs(path: str) -> list[SceneGraph]:
    if not os.path.isfile(path):
        raise InputError(f"atoms file {path} does not exist")
    graphs = []
    for n, line in enumerate(open(path), 1):
        if line.strip():
            try:
                graphs.append(SceneGraph.from_json(line))
            except (ValueError, KeyError, TypeError) as e:
                raise InputError(f"{path} line {n} is not a scene graph: {e!r}") from e
    if not graphs:
        raise InputError(f"{path} holds no scene graphs")
    return graphs


def find_images(images_dir: str, graphs: list[SceneGraph], map_path: str | None):
    """Pair image files with graphs -> (files, graphs), one graph per file, all files checked."""
    if not os.path.isdir(images_dir):
        raise InputError(f"image folder {images_dir} does not exist")
    if map_path is None:
        files = [os.path.join(images_dir, f) for f in sorted(os.listdir(images_dir))
                 if f.lower().endswith(IMAGE_EXT)]
        if len(files) != len(graphs):
            raise InputError(f"{len(files)} images in {images_dir} but {len(graphs)} scene graphs: "
                             "sorted filenames must line up with atoms lines (or pass --map)")
    else:
        mapping = json.load(open(map_path))
        files, paired = [], []
        for g in graphs:   # a prompt mapped to several files (samples) is scored on each
            if g.prompt not in mapping:
                raise InputError(f"prompt {g.prompt!r} is not in {map_path}")
            names = mapping[g.prompt] if isinstance(mapping[g.prompt], list) else [mapping[g.prompt]]
            files += [os.path.join(images_dir, f) for f in names]
            paired += [g] * len(names)
        graphs = paired
    for f in files:
        try:
            Image.open(f).close()   # reads the header only: catches missing and unreadable files
        except (OSError, ValueError) as e:
            raise InputError(f"missing or unreadable image {f}: {e}") from e
    return files, graphs


class ImageFiles(Sequence):
    """Images opened on demand, so a benchmark folder never sits in memory all at once."""

    def __init__(self, files):
        self.files = files

    def __len__(self):
        return len(self.files)

    def __getitem__(self, i):
        with Image.open(self.files[i]) as im:
            return im.convert("RGB")


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--images", required=True, help="folder of images")
    ap.add_argument("--atoms", required=True, help="atoms.jsonl, one SceneGraph per line")
    ap.add_argument("--scorer-path", required=True, help="local Qwen3-VL / Qwen2.5-VL folder, or 'shapes'")
    ap.add_argument("--out", default="scores.safetensors")
    ap.add_argument("--map", help="map.json: {prompt: file or [files]} instead of sorted order")
    ap.add_argument("--batch-size", type=int, default=16, help="(image, question) pairs per forward")
    ap.add_argument("--device", default=None)
    ap.add_argument("--threshold", type=float, default=0.5, help="strict: every atom must score above this")
    args = ap.parse_args(argv)

    # Validate everything first: a bad path should fail in a second, not after the model loads (argparse's error:
    # usage, the problem, exit code 2).
    if args.batch_size < 1:
        ap.error(f"--batch-size {args.batch_size}: must be at least 1")
    if not 0 <= args.threshold < 1:
        ap.error(f"--threshold {args.threshold}: must be in [0, 1) (an atom counts as correct above it)")
    try:
        files, graphs = find_images(args.images, read_graphs(args.atoms), args.map)
        if args.scorer_path != "shapes":
            check_vlm_folder(args.scorer_path)
    except InputError as e:
        ap.error(str(e))
    if args.scorer_path == "shapes":
        from cast_shapes import ShapesScorer
        scorer = ShapesScorer()
        images = torch.stack([torch.from_numpy(np.asarray(im)).permute(2, 0, 1).float() / 255
                              for im in ImageFiles(files)])
    else:
        scorer = VLMScorer(args.scorer_path, device=args.device, batch_size=args.batch_size)
        images = ImageFiles(files)
    scores, mask = scorer(images, graphs), atom_mask(graphs)
    summary = summarize(scores, graphs, args.threshold)
    save_scores(args.out, scores, mask, scorer=args.scorer_path, atoms=args.atoms, images=files,
                batch_size=args.batch_size, summary=summary)
    print(format_summary(summary))
    return summary


if __name__ == "__main__":
    try:
        main()
    except InputError as e:
        sys.exit(f"error: {e}")
