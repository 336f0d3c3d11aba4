"""cast_reward.py: images x scene-graph atoms -> per-atom scores, causal gating, summaries.

Every atom of a prompt's scene graph (cast_csg) is checked on its own image:
  * `VLMScorer` asks a Qwen3-VL / Qwen2.5-VL instruct model the atom's question the
    Soft-TIFA way (GenEval 2's scorer): no sampling, and the score is the probability
    mass the first answer token puts on the right answer, summed over its single-token
    spellings. Each image goes through the vision tower and the prompt's image prefix
    once; all its questions continue from that KV cache.
  * `gate` zeroes an atom whose parents fail (DSG's dependency rule, made soft).
  * `summarize` / `format_summary` report Soft-TIFA AM and GM, the GenEval-style strict
    rate, and breakdowns by atom kind and by atoms per prompt.
Any scorer with the signature `scorer(images [N,3,H,W] in [0,1], graphs) -> [N,K]`
(the VLM here, `cast_shapes.ShapesScorer` in the shapes world, `RandomScorer` for dry
runs that only time the loop) plugs into training the
same way. K is the largest atom count in the batch; padding columns score 0 and
`atom_mask` marks the real ones.

Run alone (scores a folder of images, prints a markdown table, writes the scores):
    python cast_reward.py --images DIR --atoms atoms.jsonl --scorer-path MODEL_DIR --out scores.safetensors
Images pair with atoms.jsonl lines in sorted filename order, or by `--map map.json`
({prompt: file or [files]}). `--scorer-path shapes` uses the shapes-world verifier.
Reads: image files, atoms.jsonl (one SceneGraph per line), a local model folder.
Writes: scores.safetensors with `scores` (N,K), `gated` (N,K), `mask` (N,K) bool and
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
from tqdm import tqdm

from cast_csg import SceneGraph

VLM_TYPES = ("qwen3_vl", "qwen2_5_vl")
IMAGE_BLOCK = "<|vision_start|><|image_pad|><|vision_end|>"
IMAGE_PAD = "<|image_pad|>"
QUESTION = "{question}"  # placeholder rendered into the chat template, filled per atom
# The Qwen instruct chat layout, used when the tokenizer carries no chat template.
CHAT = f"<|im_start|>user\n{IMAGE_BLOCK}{QUESTION}<|im_end|>\n<|im_start|>assistant\n"
SUFFIX = " Answer in one word."  # Soft-TIFA's query: "{question} Answer in one word."
YES = ("yes", "Yes", "YES", " yes", " Yes", " YES")
NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
                "fourteen fifteen sixteen seventeen eighteen nineteen twenty").split()
EPS = 1e-6                 # floor of an atom score inside GM's log, so one 0 gives a tiny GM, not -inf
PROGRESS_MIN_BATCHES = 8   # show a progress bar only for jobs at least this many batches long
IMAGE_EXT = (".png", ".jpg", ".jpeg", ".webp", ".bmp")


class InputError(ValueError):
    """Bad CLI input (missing image, count mismatch, not a VLM folder), found before scoring."""


def atom_mask(graphs: Sequence[SceneGraph]) -> torch.Tensor:
    """bool [N,K]: True where column k is a real atom of graph i (atoms fill columns 0..len-1)."""
    k = max((len(g.atoms) for g in graphs), default=0)
    return torch.arange(k)[None, :] < torch.tensor([len(g.atoms) for g in graphs])[:, None]


# ---------------------------------------------------------------- the VLM scorer

def number_spellings(n: int) -> tuple[str, ...]:
    """How a one-word answer `n` can start: the word, capitalized, with a leading space, the digits."""
    w = NUMBER_WORDS[n]
    return (w, w.capitalize(), " " + w, " " + w.capitalize(), str(n), " " + str(n))


def to_pil(image) -> Image.Image:
    """[3,H,W] in [0,1] -> 8-bit RGB PIL image. Rounding to 8 bits is what the VLM saw in
    training and what a saved PNG holds, so in-training scores equal the CLI's on the files."""
    if isinstance(image, Image.Image):
        return image.convert("RGB")
    arr = (image.detach().float().clamp(0, 1) * 255).round().to(torch.uint8).permute(1, 2, 0).cpu().numpy()
    return Image.fromarray(arr)


class VLMScorer:
    """Soft-TIFA atom scores from a Qwen3-VL or Qwen2.5-VL instruct model.

    A yes/no atom (object, attribute, relation) scores P(first token is a spelling of
    "yes"); a count atom with value n scores P(first token is a spelling of n). Only
    spellings that are one token in this tokenizer count (a digit string the tokenizer
    splits, like Qwen's "10", is read through its word spellings only).
    Inputs are built from the tokenizer and image processor directly, not from the
    Qwen*Processor, which cannot be constructed without torchvision.
    """

    def __init__(self, path: str, device=None, dtype=None, batch_size: int = 16):
        # transformers is imported here, not at the top: it costs seconds, and the shapes
        # scorer, gating and summaries do not need it.
        from transformers import AutoModelForImageTextToText, AutoTokenizer, Qwen2VLImageProcessor
        check_vlm_folder(path)
        device = torch.device(device or ("cuda" if torch.cuda.is_available() else "cpu"))
        dtype = dtype or (torch.bfloat16 if device.type == "cuda" else torch.float32)
        model = AutoModelForImageTextToText.from_pretrained(path, dtype=dtype).to(device)
        # Qwen2VLImageProcessor falls back to its PIL twin when torchvision is missing.
        self._setup(model, AutoTokenizer.from_pretrained(path), Qwen2VLImageProcessor.from_pretrained(path),
                    batch_size)

    @classmethod
    def from_components(cls, model, tokenizer, image_processor, batch_size: int = 16) -> "VLMScorer":
        """Wrap an already-built model, tokenizer and image processor (tests, shared models)."""
        self = cls.__new__(cls)
        self._setup(model, tokenizer, image_processor, batch_size)
        return self

    def _setup(self, model, tokenizer, image_processor, batch_size):
        self.model, self.tokenizer, self.image_processor = model.eval(), tokenizer, image_processor
        self.batch_size = batch_size
        self.device = next(model.parameters()).device
        self.image_token_id = model.config.image_token_id
        if tokenizer.convert_tokens_to_ids(IMAGE_PAD) != self.image_token_id:
            raise ValueError(f"tokenizer's {IMAGE_PAD} id differs from the model's image_token_id "
                             f"{self.image_token_id}: tokenizer and model do not belong together")
        self.template = self._chat_template()
        # The prompt splits at the question slot: the prefix (image included) is encoded once per image
        self.prefix, self.suffix = self.template[:self.template.index(QUESTION)], self.template[
            self.template.index(QUESTION):]
        probe = self.query("Are there any cats?", 4)
        split = (self.tokenizer(self.prefix.replace(IMAGE_PAD, IMAGE_PAD * 4)).input_ids
                 + self.tokenizer(self.suffix.replace(QUESTION, "Are there any cats?" + SUFFIX),
                                  add_special_tokens=False).input_ids)
        if split != self.tokenizer(probe).input_ids:
            raise ValueError("the chat template cannot be tokenized in two parts at the question (a token spans the "
                             f"boundary), so the image prefix cannot be encoded once per image:\n{self.template}")
        # Answer-token sets, computed once: yes/no atoms read yes_ids, count atoms count_ids[n].
        self.yes_ids = self._single_token_ids(YES)
        if len(self.yes_ids) == 0:
            raise ValueError("no spelling of 'yes' is a single token in this tokenizer")
        self.count_ids = {n: self._single_token_ids(number_spellings(n)) for n in range(len(NUMBER_WORDS))}

    def _single_token_ids(self, spellings) -> torch.Tensor:
        ids = [self.tokenizer.encode(s, add_special_tokens=False) for s in spellings]
        return torch.tensor(sorted({i[0] for i in ids if len(i) == 1}), dtype=torch.long)

    def _chat_template(self) -> str:
        """The prompt layout with a `{question}` slot: the tokenizer's own chat template when
        it has one (Qwen2.5-VL's adds its default system turn), else the Qwen layout CHAT."""
        if not getattr(self.tokenizer, "chat_template", None):
            return CHAT
        messages = [{"role": "user", "content": [{"type": "image"}, {"type": "text", "text": QUESTION}]}]
        text = self.tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)
        if text.count(IMAGE_BLOCK) != 1 or text.count(QUESTION) != 1:
            raise ValueError(f"the tokenizer's chat template does not render one image and one question:\n{text}")
        return text

    def query(self, question: str, image_tokens: int = 1) -> str:
        """The full prompt text for one (image, question) pair with `image_tokens` image slots."""
        return (self.template.replace(IMAGE_PAD, IMAGE_PAD * image_tokens)
                .replace(QUESTION, question + SUFFIX))

    def answer_ids(self, atom) -> torch.Tensor:
        """Token ids whose probabilities sum to this atom's score."""
        if atom.kind != "count":
            return self.yes_ids
        if atom.value is None:     # a bare plural ("dogs"): any number from two up
            return torch.cat([ids for n, ids in self.count_ids.items() if n >= 2]).unique()
        n = int(atom.value)
        if n not in self.count_ids or len(self.count_ids[n]) == 0:
            raise ValueError(f"count {n} of atom {atom.id} has no single-token spelling in this tokenizer")
        return self.count_ids[n]

    @torch.no_grad()
    def __call__(self, images, graphs: Sequence[SceneGraph]) -> torch.Tensor:
        """images: [N,3,H,W] in [0,1], or a sequence of [3,H,W] tensors / PIL images (sizes may
        differ). Returns scores [N,K] in [0,1], 0 on padding. Each image is encoded once, with up
        to `batch_size` images per forward, and its questions are answered `batch_size` at a time
        from that encoding (`encode_images`, `answer`), so batch size changes speed and memory,
        never the scores."""
        if len(images) != len(graphs):
            raise ValueError(f"{len(images)} images but {len(graphs)} scene graphs")
        scores = torch.zeros(atom_mask(graphs).shape)
        answers = {(i, j): self.answer_ids(a) for i, g in enumerate(graphs) for j, a in enumerate(g.atoms)}
        chunks, chunk = [], []          # images whose questions fit one batch (at least one image each)
        for i, g in enumerate(graphs):
            if g.atoms and chunk and sum(len(graphs[c].atoms) for c in chunk) + len(g.atoms) > self.batch_size:
                chunks.append(chunk)
                chunk = []
            chunk += [i] if g.atoms else []
        chunks += [chunk] if chunk else []
        for chunk in tqdm(chunks, desc="VLM scoring", unit="batch", leave=False,
                          disable=len(chunks) < PROGRESS_MIN_BATCHES):
            prefix = self.encode_images([images[i] for i in chunk])
            pairs = [(r, i, j) for r, i in enumerate(chunk) for j in range(len(graphs[i].atoms))]
            for s in range(0, len(pairs), self.batch_size):
                batch = pairs[s:s + self.batch_size]
                questions = [graphs[i].atoms[j].question for _, i, j in batch]
                probs = self.answer(prefix, [r for r, _, _ in batch], questions)
                for (_, i, j), p in zip(batch, probs):
                    scores[i, j] = p[answers[i, j]].sum()  # Soft-TIFA: sum over the answer's spellings
        if not torch.isfinite(scores).all():
            raise RuntimeError("the VLM produced non-finite probabilities (broken weights or dtype overflow)")
        return scores.clamp(0, 1)  # summed probabilities can exceed 1 by rounding

    def encode_images(self, images) -> dict:
        """One forward over the prompt up to the question slot (the vision tower and the image tokens) for each
        image: its KV cache, attention mask and the M-RoPE position of the first text token after it. Every
        question of an image reads this one encoding (`answer`), so the vision pass and the long image prefix
        run once per image instead of once per question. Prompts are left-padded to a common length."""
        pix = self.image_processor(images=[to_pil(im) for im in images], return_tensors="pt")
        grid = pix["image_grid_thw"]       # [n_img, 3] = (t, h, w) in patches
        n_tokens = (grid.prod(-1) // self.image_processor.merge_size ** 2).tolist()  # after 2x2 merge
        enc = self.tokenizer([self.prefix.replace(IMAGE_PAD, IMAGE_PAD * n) for n in n_tokens], padding=True,
                             padding_side="left", return_tensors="pt").to(self.device)
        # 0 text / 1 image: the M-RoPE positions the model would compute itself (transformers 5 needs the types)
        types = (enc.input_ids == self.image_token_id).long()
        positions = self.model.model.get_rope_index(input_ids=enc.input_ids, mm_token_type_ids=types,
                                                    image_grid_thw=grid.to(self.device),
                                                    attention_mask=enc.attention_mask)[0]
        out = self.model.model(input_ids=enc.input_ids, attention_mask=enc.attention_mask, position_ids=positions,
                               pixel_values=pix["pixel_values"].to(self.device, self.model.dtype),
                               image_grid_thw=grid.to(self.device), mm_token_type_ids=types, use_cache=True)
        cache = out.past_key_values
        return {"kv": [(layer.keys, layer.values) for layer in cache.layers], "mask": enc.attention_mask,
                "next": positions.amax(dim=(0, 2)) + 1}

    def answer(self, prefix: dict, rows: list[int], questions: list[str]) -> torch.Tensor:
        """[B, vocab] probabilities of the first answer token, one row per (encoded image `rows[b]`, question b):
        the question and the prompt's tail run on a copy of that image's KV cache, right-padded, and each row is
        read at its own last token."""
        from transformers import DynamicCache
        idx = torch.tensor(rows, device=self.device)
        tail = self.tokenizer([self.suffix.replace(QUESTION, q + SUFFIX) for q in questions], padding=True,
                              padding_side="right", add_special_tokens=False, return_tensors="pt").to(self.device)
        # text after the image: the same position on all three M-RoPE axes, counting on from the prefix
        pos = prefix["next"][idx, None] + torch.arange(tail.input_ids.shape[1], device=self.device)
        out = self.model.model(input_ids=tail.input_ids, position_ids=pos[None].expand(3, -1, -1),
                               attention_mask=torch.cat([prefix["mask"][idx], tail.attention_mask], 1),
                               past_key_values=DynamicCache([(k[idx], v[idx]) for k, v in prefix["kv"]]))
        last = out.last_hidden_state[torch.arange(len(rows)), tail.attention_mask.sum(1) - 1]
        return self.model.lm_head(last).float().softmax(-1).cpu()


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


# ---------------------------------------------------------------- gating and summaries

def gate(scores: torch.Tensor, graphs: Sequence[SceneGraph]) -> torch.Tensor:
    """Causal gating, the soft product rule:  gated_k = score_k * prod_{p in parents(k)} gated_p.

    An atom can only earn what its parents (recursively) hold, so a child of a failed
    parent earns ~0: an attribute of a missing object is the object's failure. With 0/1
    scores this is exactly DSG's hard rule (a question counts only if its parents are
    answered yes). A hard threshold on soft scores would instead make the reward flat
    across most of a GRPO group (every sample 0 or 1 on the same atoms), leaving no
    advantage to learn from; the product keeps a graded, smooth signal. Padding stays 0.
    """
    gated = torch.zeros_like(scores)
    for i, g in enumerate(graphs):
        col = {a.id: j for j, a in enumerate(g.atoms)}
        s = scores[i].tolist()
        done: dict[int, float] = {}

        def value(j: int, path: frozenset) -> float:
            if j not in done:
                atom = g.atoms[j]
                if j in path:
                    raise ValueError(f"atom {atom.id} of {g.prompt!r} is its own ancestor")
                missing = [p for p in atom.parents if p not in col]
                if missing:
                    raise ValueError(f"atom {atom.id} of {g.prompt!r} names unknown parents {missing}")
                done[j] = s[j] * math.prod(value(col[p], path | {j}) for p in atom.parents)
            return done[j]

        if g.atoms:
            gated[i, :len(g.atoms)] = torch.tensor([value(j, frozenset()) for j in range(len(g.atoms))])
    return gated


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


def summarize(gated: torch.Tensor, graphs: Sequence[SceneGraph], threshold: float = 0.5) -> dict:
    """GenEval 2 style summary of gated atom scores (fractions in [0,1]; tables show x100).

    am      Soft-TIFA AM: mean over prompts of the prompt's arithmetic mean over atoms
    gm      Soft-TIFA GM: mean over prompts of exp(mean log max(score, EPS)); the EPS floor
            keeps a single 0 atom from making the log -inf (it makes GM ~0 instead)
    strict  GenEval's rate of prompts whose every atom scores > threshold
    am_se, strict_se   standard errors over prompts
    per_kind        {kind: {"mean", "se", "n"}}: mean over all n atoms of that kind; its standard error counts
                    the prompts as the independent units (a prompt's atoms of one kind are correlated)
    per_atom_count  {n_atoms: {"am", "n"}}: AM of the prompts with that many atoms
    """
    rows = [gated[i, :len(g.atoms)].double().tolist() for i, g in enumerate(graphs)]
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

def save_scores(path: str, scores: torch.Tensor, gated: torch.Tensor, mask: torch.Tensor, **metadata) -> None:
    """Write scores.safetensors: scores/gated (N,K) float, mask (N,K) bool, JSON metadata."""
    tensors = {"scores": scores.float(), "gated": gated.float(), "mask": mask.bool()}
    save_file({k: v.detach().cpu().contiguous() for k, v in tensors.items()}, path,
              metadata={k: json.dumps(v) for k, v in metadata.items()})


def load_scores(path: str) -> tuple[dict[str, torch.Tensor], dict]:
    """Read scores.safetensors back: ({"scores", "gated", "mask"}, metadata dict)."""
    with safe_open(path, "pt") as f:
        return {k: f.get_tensor(k) for k in f.keys()}, {k: json.loads(v) for k, v in (f.metadata() or {}).items()}


# ---------------------------------------------------------------- CLI

def check_vlm_folder(path: str) -> None:
    """Raise InputError unless `path` is a local folder holding a Qwen3-VL / Qwen2.5-VL config."""
    cfg = os.path.join(path, "config.json")
    if not os.path.isfile(cfg):
        raise InputError(f"{path} is not a model folder: no config.json")
    model_type = json.load(open(cfg)).get("model_type")
    if model_type not in VLM_TYPES:
        raise InputError(f"{path} holds a {model_type!r} model, not a VLM scorer (one of {VLM_TYPES})")


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
    scores = scorer(images, graphs)
    gated, mask = gate(scores, graphs), atom_mask(graphs)
    summary = summarize(gated, graphs, args.threshold)
    save_scores(args.out, scores, gated, mask, scorer=args.scorer_path, atoms=args.atoms, images=files,
                batch_size=args.batch_size, summary=summary)
    print(format_summary(summary))
    return summary


if __name__ == "__main__":
    try:
        main()
    except InputError as e:
        sys.exit(f"error: {e}")
