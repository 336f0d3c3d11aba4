"""cast_vlm.py: the frozen VLM of CAST's reward (Sec. 4.2): per-atom scores and per-atom grounding maps from a
Qwen3-VL / Qwen2.5-VL instruct model.

Scores (paper Eq. 4, GenEval 2's Soft-TIFA): `VLMScorer` asks each atom's question, "{question} Answer in one word.",
with no sampling; the atom's score is the probability the first answer token puts on the atom's own expected answer
(`atom.answer`: "Yes", "No", a number word, or another one-word answer), summed over that answer's single-token
spellings (`answer_spellings`). Each image goes through the vision tower and the prompt's image prefix once; all its
questions continue from that KV cache. It is one of the scorers cast_reward.py plugs in:
`scorer(images [N,3,H,W] in [0,1], graphs) -> [N,K]`.

Grounding (Sec. 4.2-4.3): `VLMScorer.ground` runs a second, teacher-forced pass of the same model: the user turn is
the image and GROUNDING_INSTRUCTION, the assistant turn is the prompt itself. At decoder layer `layer` (0, the first,
by default) with eager attention, the attention probabilities are averaged over the heads and over the query rows
of each atom's prompt words (its `spans`), their columns on the visual tokens are laid on the image grid, normalized
to unit spatial mean, resized to the image and averaged over each denoiser patch (`atom_maps`): w_{k,p}, [N,K,h,w].
The pass stops inside that layer (a hook raises), so the layers above never run. `score_and_ground` does both
passes and runs the vision tower once per image for the two.
"""
from __future__ import annotations

import json
import os
from collections.abc import Sequence

import torch
from PIL import Image
from torch.nn import functional as F
from tqdm import tqdm

from cast_csg import SceneGraph, atom_mask

VLM_TYPES = ("qwen3_vl", "qwen2_5_vl")
IMAGE_BLOCK = "<|vision_start|><|image_pad|><|vision_end|>"
IMAGE_PAD = "<|image_pad|>"
QUESTION = "{question}"  # placeholder rendered into the chat template, filled per atom
# The Qwen instruct chat layout, used when the tokenizer carries no chat template.
CHAT = f"<|im_start|>user\n{IMAGE_BLOCK}{QUESTION}<|im_end|>\n<|im_start|>assistant\n"
SUFFIX = " Answer in one word."  # Soft-TIFA's query: "{question} Answer in one word."
YES = ("yes", "Yes", "YES", " yes", " Yes", " YES")   # = answer_spellings("Yes")
NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
                "fourteen fifteen sixteen seventeen eighteen nineteen twenty").split()
PROGRESS_MIN_BATCHES = 8   # show a progress bar only for jobs at least this many batches long
# Grounding (Sec. 4.2): the user turn is the image and this fixed instruction; the assistant turn, teacher-forced,
# is the prompt itself. The rows read are the prompt's own words, so what follows them never matters (causal).
GROUNDING_INSTRUCTION = "Describe the image."
RESPONSE = "{response}"    # placeholder for the prompt in the rendered grounding conversation
GROUND_CHAT = (f"<|im_start|>user\n{IMAGE_BLOCK}{GROUNDING_INSTRUCTION}<|im_end|>\n"
               f"<|im_start|>assistant\n{RESPONSE}<|im_end|>\n")


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


def answer_spellings(answer: str) -> tuple[str, ...]:
    """The first-token spellings whose probabilities sum to an atom's score (Soft-TIFA): a number word or digit
    string -> `number_spellings`; any other one-word answer ("Yes", "No", "red") -> the word as written, lower-case,
    capitalized and upper-case, each bare and with a leading space. ValueError if `answer` is not one word."""
    word = answer.strip()
    if len(word.split()) != 1:
        raise ValueError(f"the answer {answer!r} is not one word")
    low = word.lower()
    if low in NUMBER_WORDS:
        return number_spellings(NUMBER_WORDS.index(low))
    if low.isdigit() and int(low) < len(NUMBER_WORDS):
        return number_spellings(int(low))
    forms = tuple(dict.fromkeys((word, low, low.capitalize(), low.upper())))
    return forms + tuple(" " + f for f in forms)


def atom_maps(attn_rows: torch.Tensor, grid_thw, merge: int, image_size, token_grid) -> torch.Tensor:
    """Grounding maps w_{k,p} from attention rows (Sec. 4.2-4.3).

    attn_rows: [K, n_visual], each atom's attention to the image's visual tokens (already averaged over heads and
    over the atom's query rows), in the order the model reads them; grid_thw: the image's (t, h, w) in patches, as
    the image processor returns it; merge: the spatial merge size (the visual tokens are the (t, h/merge, w/merge)
    grid in raster order, which is how Qwen2VLImageProcessor packs the patches and the merger pools them);
    image_size: (H, W) of the generated image; token_grid: (h, w) of the denoiser's patch grid.
    Each map is laid on the grid (frames averaged; one for a still image), scaled to unit spatial mean, resized to
    H x W (bilinear) and averaged over each denoiser patch's pixels. Returns [K, h, w] float32."""
    t, gh, gw = (int(v) for v in grid_thw)
    if gh % merge or gw % merge:
        raise ValueError(f"image grid {gh}x{gw} patches does not merge in {merge}x{merge} blocks")
    gh, gw = gh // merge, gw // merge
    (H, W), (h, w) = (int(v) for v in image_size), (int(v) for v in token_grid)
    K, n = attn_rows.shape
    if n != t * gh * gw:
        raise ValueError(f"{n} visual tokens, but the grid {t}x{gh}x{gw} (after the {merge}x{merge} merge) has "
                         f"{t * gh * gw}")
    if H % h or W % w:
        raise ValueError(f"a {H}x{W} image does not split into the denoiser's {h}x{w} patches")
    if K == 0:
        return attn_rows.new_zeros(0, h, w, dtype=torch.float32)
    m = attn_rows.float().reshape(K, t, gh, gw).mean(1)
    m = m / m.mean(dim=(1, 2), keepdim=True).clamp_min(torch.finfo(torch.float32).tiny)
    m = F.interpolate(m[:, None], size=(H, W), mode="bilinear", align_corners=False)
    return F.avg_pool2d(m, kernel_size=(H // h, W // w))[:, 0]


class _Stop(Exception):
    """Raised by the grounding hook once the wanted layer's attention is in hand: the layers above never run."""

    def __init__(self, rows):
        super().__init__()
        self.rows = rows


def to_pil(image) -> Image.Image:
    """[3,H,W] in [0,1] -> 8-bit RGB PIL image. Rounding to 8 bits is what the VLM saw in
    training and what a saved PNG holds, so in-training scores equal the CLI's on the files."""
    if isinstance(image, Image.Image):
        return image.convert("RGB")
    arr = (image.detach().float().clamp(0, 1) * 255).round().to(torch.uint8).permute(1, 2, 0).cpu().numpy()
    return Image.fromarray(arr)


class VLMScorer:
    """Soft-TIFA atom scores and grounding maps from a Qwen3-VL or Qwen2.5-VL instruct model.

    Every atom scores P(first answer token is a spelling of its own `answer`): "Yes" atoms read the spellings of
    "yes", "No" atoms those of "no", a count atom with answer "three" those of "three" and "3". Only spellings that
    are one token in this tokenizer count (a digit string the tokenizer splits, like Qwen's "10", is read through
    its word spellings only); an answer with no single-token spelling at all is a ValueError, never a silent 0.
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
        self.device, self.dtype = next(model.parameters()).device, next(model.parameters()).dtype   # dtype: Eq. 6
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
        # Answer-token sets: yes_ids and count_ids[n] once (count_ids also gives `drawn`), any other answer on
        # first use (`answer_ids`).
        self.yes_ids = self._single_token_ids(YES)
        if len(self.yes_ids) == 0:
            raise ValueError("no spelling of 'yes' is a single token in this tokenizer")
        self.count_ids = {n: self._single_token_ids(number_spellings(n)) for n in range(len(NUMBER_WORDS))}
        self._answers = {}
        self.ground_prefix = self._grounding_template()

    def _single_token_ids(self, spellings) -> torch.Tensor:
        ids = [self.tokenizer.encode(s, add_special_tokens=False) for s in spellings]
        unk = self.tokenizer.unk_token_id
        return torch.tensor(sorted({i[0] for i in ids if len(i) == 1 and i[0] != unk}), dtype=torch.long)

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

    def _grounding_template(self) -> str:
        """The grounding conversation up to where the teacher-forced response (the prompt) starts: the user turn
        (image, GROUNDING_INSTRUCTION) and the assistant header, from the tokenizer's chat template when it has
        one (an assistant turn with list or plain-string content, whichever it renders), else GROUND_CHAT."""
        text = GROUND_CHAT
        if getattr(self.tokenizer, "chat_template", None):
            user = {"role": "user", "content": [{"type": "image"}, {"type": "text", "text": GROUNDING_INSTRUCTION}]}
            for content in ([{"type": "text", "text": RESPONSE}], RESPONSE):
                text = self.tokenizer.apply_chat_template([user, {"role": "assistant", "content": content}],
                                                          tokenize=False, add_generation_prompt=False)
                if text.count(RESPONSE) == 1:
                    break
        if text.count(IMAGE_BLOCK) != 1 or text.count(RESPONSE) != 1 or text.index(IMAGE_BLOCK) > text.index(RESPONSE):
            raise ValueError("the tokenizer's chat template does not render one image followed by one assistant "
                             f"response:\n{text}")
        return text[:text.index(RESPONSE)]

    def query(self, question: str, image_tokens: int = 1) -> str:
        """The full prompt text for one (image, question) pair with `image_tokens` image slots."""
        return (self.template.replace(IMAGE_PAD, IMAGE_PAD * image_tokens)
                .replace(QUESTION, question + SUFFIX))

    def answer_ids(self, atom) -> torch.Tensor:
        """Token ids whose probabilities sum to this atom's score: the single-token spellings of `atom.answer`."""
        ids = self._answers.get(atom.answer)
        if ids is None:
            try:
                spellings = answer_spellings(atom.answer)
            except ValueError as e:
                raise ValueError(f"atom {atom.question!r}: {e}; a Soft-TIFA score reads a one-word answer") from None
            ids = self._single_token_ids(spellings)
            if len(ids) == 0:
                raise ValueError(f"atom {atom.question!r} expects the answer {atom.answer!r}, but none of its "
                                 f"spellings {spellings} is a single token in this tokenizer, so it cannot be scored")
            self._answers[atom.answer] = ids
        return ids

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
        scores, drawn, _ = self._run(images, graphs)
        return scores, drawn

    @torch.no_grad()
    def score_and_ground(self, images, graphs: Sequence[SceneGraph], grid, layer: int = 0):
        """(scores [N,K], drawn [N,K], maps [N,K,h,w]): `score` and `ground` in one go, each image through the
        vision tower once for both passes (its visual features feed the scoring prefix and the grounding pass)."""
        return self._run(images, graphs, tuple(grid), layer)

    def _run(self, images, graphs, grid=None, layer=0):
        if len(images) != len(graphs):
            raise ValueError(f"{len(images)} images but {len(graphs)} scene graphs")
        if grid is not None:
            self._check_layer(layer)
        scores = torch.zeros(atom_mask(graphs).shape)
        drawn = torch.full(scores.shape, float("nan"))
        maps = None if grid is None else torch.zeros(*scores.shape, *grid)
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
            vision = self.encode_vision([images[i] for i in chunk])
            prefix = self.encode_images(vision)
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
            if maps is not None:
                maps[chunk] = self._ground(vision, [graphs[i] for i in chunk], grid, layer, scores.shape[1])
        if not torch.isfinite(scores).all():
            raise RuntimeError("the VLM produced non-finite probabilities (broken weights or dtype overflow)")
        return scores.clamp(0, 1), drawn, maps  # summed probabilities can exceed 1 by rounding

    def encode_vision(self, images) -> dict:
        """The vision tower on a batch of images, once: the image processor's grid (t, h, w) per image, the number
        of visual tokens each gets after the spatial merge, the image sizes (H, W), and the tower's output as the
        `mm_encoder_outputs` the language model takes in place of pixel values (Qwen3-VL's deepstack features
        included). Both the scoring prefix (`encode_images`) and the grounding pass (`ground`) read it."""
        pils = [to_pil(im) for im in images]
        pix = self.image_processor(images=pils, return_tensors="pt")
        grid = pix["image_grid_thw"]       # [n_img, 3] = (t, h, w) in patches
        features = self.model.model.get_image_features(pix["pixel_values"].to(self.device, self.model.dtype),
                                                       grid.to(self.device), return_dict=True)
        return {"grid": grid, "n_tokens": (grid.prod(-1) // self.image_processor.merge_size ** 2).tolist(),
                "sizes": [(p.height, p.width) for p in pils], "mm": {"image": features}}

    def encode_images(self, images) -> dict:
        """One forward over the prompt up to the question slot (the image tokens) for each image (or an
        `encode_vision` result): its KV cache, attention mask and the M-RoPE position of the first text token
        after it. Every question of an image reads this one encoding (`answer`), so the vision pass and the long
        image prefix run once per image instead of once per question. Prompts are left-padded to a common length."""
        vision = images if isinstance(images, dict) else self.encode_vision(images)
        grid = vision["grid"].to(self.device)
        enc = self.tokenizer([self.prefix.replace(IMAGE_PAD, IMAGE_PAD * n) for n in vision["n_tokens"]],
                             padding=True, padding_side="left", return_tensors="pt").to(self.device)
        # 0 text / 1 image: the M-RoPE positions the model would compute itself (transformers 5 needs the types)
        types = (enc.input_ids == self.image_token_id).long()
        positions = self.model.model.get_rope_index(input_ids=enc.input_ids, mm_token_type_ids=types,
                                                    image_grid_thw=grid, attention_mask=enc.attention_mask)[0]
        out = self.model.model(input_ids=enc.input_ids, attention_mask=enc.attention_mask, position_ids=positions,
                               mm_encoder_outputs=vision["mm"], image_grid_thw=grid, mm_token_type_ids=types,
                               use_cache=True)
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

    # ------------------------------------------------------------ grounding (Sec. 4.2)

    @property
    def decoder_layers(self):
        return self.model.model.language_model.layers

    def _check_layer(self, layer: int) -> None:
        if not 0 <= layer < len(self.decoder_layers):
            raise ValueError(f"layer {layer}: the VLM has decoder layers 0..{len(self.decoder_layers) - 1}")

    @torch.no_grad()
    def ground(self, images, graphs: Sequence[SceneGraph], grid, layer: int = 0) -> torch.Tensor:
        """Grounding maps w_{k,p} [N, K, h, w] (K: the batch's largest atom count) for `grid` = (h, w), the
        denoiser's patch grid on these images: for each image one teacher-forced pass (`grounding_inputs`), cut
        at decoder layer `layer`, gives every atom's map (`atom_maps`). Atoms without spans and padding are 0;
        images none of whose atoms has spans are not run. `images` as for __call__; up to `batch_size` images
        per forward."""
        if len(images) != len(graphs):
            raise ValueError(f"{len(images)} images but {len(graphs)} scene graphs")
        self._check_layer(layer)
        grid = tuple(grid)
        mask = atom_mask(graphs)
        maps = torch.zeros(*mask.shape, *grid)
        todo = [i for i, g in enumerate(graphs) if any(a.spans for a in g.atoms)]
        for s in range(0, len(todo), self.batch_size):
            idx = todo[s:s + self.batch_size]
            maps[idx] = self._ground(self.encode_vision([images[i] for i in idx]), [graphs[i] for i in idx], grid,
                                     layer, mask.shape[1])
        return maps

    def grounding_inputs(self, vision: dict, graphs: Sequence[SceneGraph]) -> dict:
        """The teacher-forced grounding batch for encoded images (`encode_vision`): `enc` (input_ids and
        attention_mask, left-padded; each text is the grounding conversation cut right after the prompt, since
        causal attention makes what follows irrelevant to the prompt's rows), `rows[b][k]`: the positions of
        atom k's tokens (those whose characters overlap one of its spans, via the offset mapping of the whole
        text, shifted by where the prompt starts in it), `visual[b]`: the positions of the image pad tokens."""
        texts, starts = [], []
        for g, n in zip(graphs, vision["n_tokens"]):
            before = self.ground_prefix.replace(IMAGE_PAD, IMAGE_PAD * n)
            texts.append(before + g.prompt)
            starts.append(len(before))
        enc = self.tokenizer(texts, padding=True, padding_side="left", return_offsets_mapping=True,
                             return_tensors="pt")
        offsets = enc.pop("offset_mapping")
        rows = []
        for b, (g, start) in enumerate(zip(graphs, starts)):
            lo_tok, hi_tok = offsets[b, :, 0], offsets[b, :, 1]
            real = (hi_tok > lo_tok) & enc["attention_mask"][b].bool()
            per_atom = []
            for atom in g.atoms:
                hit = torch.zeros_like(real)
                for lo, hi in atom.spans:
                    if not 0 <= lo < hi <= len(g.prompt):
                        raise ValueError(f"atom {atom.question!r}: span ({lo}, {hi}) is not a character range of "
                                         f"its prompt {g.prompt!r}")
                    hit |= real & (lo_tok < start + hi) & (hi_tok > start + lo)
                if atom.spans and not hit.any():
                    raise ValueError(f"atom {atom.question!r}: its spans {atom.spans} cover no token of {g.prompt!r}")
                per_atom.append(hit.nonzero()[:, 0])
            rows.append(per_atom)
        visual = [(ids == self.image_token_id).nonzero()[:, 0] for ids in enc["input_ids"]]
        return {"enc": enc, "rows": rows, "visual": visual}

    def _ground(self, vision: dict, graphs, grid, layer: int, K: int) -> torch.Tensor:
        """[len(graphs), K, h, w] maps for the encoded images `vision` (one grounding forward for all of them)."""
        inputs = self.grounding_inputs(vision, graphs)
        out = torch.zeros(len(graphs), K, *grid)
        used = [r for per_atom in inputs["rows"] for r in per_atom if len(r)]
        if not used:
            return out
        first = int(min(r.min() for r in used))     # left padding: the prompts end the sequence
        attn = self._layer_attention(inputs["enc"], vision, layer, first)      # [B, S - first, S]
        for b, g in enumerate(graphs):
            ks = [k for k, r in enumerate(inputs["rows"][b]) if len(r)]
            if ks:
                cols = inputs["visual"][b].to(attn.device)
                a = torch.stack([attn[b, inputs["rows"][b][k].to(attn.device) - first][:, cols].mean(0) for k in ks])
                out[b, ks] = atom_maps(a, vision["grid"][b], self.image_processor.merge_size, vision["sizes"][b],
                                       grid).cpu()
        return out

    def _layer_attention(self, enc, vision: dict, layer: int, first: int) -> torch.Tensor:
        """[B, S - first, S]: decoder layer `layer`'s eager attention probabilities, averaged over heads, for the
        query rows from `first` on. A forward hook on that layer's attention raises `_Stop` with them, so the
        layer's MLP and every layer above it never run; the text model is switched to eager attention (the only
        one that returns the probabilities) for this pass only, and switched back even when it fails."""
        ids, mask = enc["input_ids"].to(self.device), enc["attention_mask"].to(self.device)
        grid = vision["grid"].to(self.device)
        types = (ids == self.image_token_id).long()
        positions = self.model.model.get_rope_index(input_ids=ids, mm_token_type_ids=types, image_grid_thw=grid,
                                                    attention_mask=mask)[0]

        def capture(module, args, output):
            if output[1] is None:
                raise RuntimeError("the attention returned no probabilities: eager attention is not in effect")
            raise _Stop(output[1][:, :, first:].float().mean(1))

        text_config = self.model.config.text_config
        before = text_config._attn_implementation
        hook = self.decoder_layers[layer].self_attn.register_forward_hook(capture)
        try:
            self.model.set_attn_implementation({"text_config": "eager"})
            self.model.model(input_ids=ids, attention_mask=mask, position_ids=positions,
                             mm_encoder_outputs=vision["mm"], image_grid_thw=grid, mm_token_type_ids=types,
                             use_cache=False)
        except _Stop as stop:
            return stop.rows
        finally:
            hook.remove()
            self.model.set_attn_implementation({"text_config": before})
        raise RuntimeError(f"decoder layer {layer}'s attention never ran")
