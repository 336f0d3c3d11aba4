"""cast_vlm.py: the VLM scorer: per-atom scores from a Qwen3-VL / Qwen2.5-VL instruct model, Soft-TIFA style.

`VLMScorer` asks the model each atom's question the Soft-TIFA way (GenEval 2's scorer): no sampling, and the score
is the probability mass the first answer token puts on the right answer, summed over its single-token spellings.
Each image goes through the vision tower and the prompt's image prefix once; all its questions continue from that
KV cache. It is one of the scorers cast_reward.py plugs in: `scorer(images [N,3,H,W] in [0,1], graphs) -> [N,K]`.
"""
from __future__ import annotations

import json
import os
from collections.abc import Sequence

import torch
from PIL import Image
from tqdm import tqdm

from cast_csg import SceneGraph, atom_mask

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
PROGRESS_MIN_BATCHES = 8   # show a progress bar only for jobs at least this many batches long


class InputError(ValueError):
    """Bad CLI input (missing image, count mismatch, not a VLM folder), found before scoring."""


def check_vlm_folder(path: str) -> None:
    """Raise InputError unless `path` is a local folder holding a Qwen3-VL / Qwen2.5-VL config."""
    cfg = os.path.join(path, "config.json")
    if not os.path.isfile(cfg):
        raise InputError(f"{path} is not a model folder: no config.json")
    model_type = json.load(open(cfg)).get("model_type")
    if model_type not in VLM_TYPES:
        raise InputError(f"{path} holds a {model_type!r} model, not a VLM scorer (one of {VLM_TYPES})")


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

    def __call__(self, images, graphs: Sequence[SceneGraph]) -> torch.Tensor:
        """images: [N,3,H,W] in [0,1], or a sequence of [3,H,W] tensors / PIL images (sizes may
        differ). Returns scores [N,K] in [0,1], 0 on padding. Each image is encoded once, with up
        to `batch_size` images per forward, and its questions are answered `batch_size` at a time
        from that encoding (`encode_images`, `answer`), so batch size changes speed and memory,
        never the scores."""
        return self.score(images, graphs)[0]

    @torch.no_grad()
    def score(self, images, graphs: Sequence[SceneGraph]) -> tuple[torch.Tensor, torch.Tensor]:
        """(scores [N,K], drawn [N,K]): __call__'s scores and, for count atoms, the number the VLM sees, read from the
        same answer: drawn = Σ_m m·P(m) / Σ_m P(m) over the number words m (the expected answer among numbers;
        NaN for other atoms and padding): how many the VLM sees, where a 0/1 score cannot say too few from too many."""
        if len(images) != len(graphs):
            raise ValueError(f"{len(images)} images but {len(graphs)} scene graphs")
        scores = torch.zeros(atom_mask(graphs).shape)
        drawn = torch.full(scores.shape, float("nan"))
        numbers = torch.arange(len(self.count_ids), dtype=torch.float32)
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
                    if graphs[i].atoms[j].kind == "count":
                        p_m = torch.stack([p[ids].sum() for ids in self.count_ids.values()]).float().cpu()
                        drawn[i, j] = (numbers * p_m).sum() / p_m.sum().clamp_min(1e-12)
        if not torch.isfinite(scores).all():
            raise RuntimeError("the VLM produced non-finite probabilities (broken weights or dtype overflow)")
        return scores.clamp(0, 1), drawn  # summed probabilities can exceed 1 by rounding

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
