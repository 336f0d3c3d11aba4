"""cast_reward.py: images x scene-graph atoms -> per-atom scores (the paper's Eq. 4), and their summaries.

Every atom of a prompt's scene graph (cast_csg) is scored on its own image, independently of the others (GenEval 2's
Soft-TIFA; a parent atom stays in the graph as data and gates nothing). `VLMScorer` asks a frozen Qwen3-VL /
Qwen2.5-VL instruct model the atom's question, "{question} Answer in one word.", and reads the first answer token:

    s_k = Σ_v P(v | image, question_k)     over the one-token spellings v of the atom's expected answer   (Eq. 4)

("Yes", "No", a count word or digits, or another one-word answer). Each image goes through the vision tower and the
chat's image prefix once; all its questions continue from that KV cache. The VLM itself (loading, chat template,
vision pass, image-prefix cache) is support/vlm.py's `VLM`, which the scorer uses. Any scorer with the signature
`scorer(images [N,3,H,W] in [0,1], graphs) -> [N,K]` plugs into training the same way: the shapes world's verifier
(support/shapes.py), `RandomScorer` for dry runs. K is the batch's largest atom count; padding columns score 0 and
`atom_mask` marks the real ones. support/evaluation.py's `summarize` gives Soft-TIFA AM and GM, GenEval's strict
rate, and breakdowns by atom kind and by atoms per prompt. Flow-GRPO (Orig.)'s holistic reward (`AestheticScorer`)
is here too.

Run alone (scores a folder of images, prints a markdown table, writes scores.safetensors with `scores` [N,K],
`mask` [N,K] and JSON metadata):
    python cast_reward.py --images DIR --atoms atoms.jsonl --scorer-path MODEL_DIR --out scores.safetensors
    python cast_reward.py --run runs/cast --scorer-path shapes     # a run's saved rollout, against its saved scores
Images pair with the atoms file's lines in sorted filename order, or by `--map map.json` ({prompt: file or
[files]}); `--scorer-path shapes` uses the shapes world's verifier.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Sequence

import torch
from tqdm import tqdm

SUFFIX = " Answer in one word."  # Soft-TIFA's ask after every question (= cast_csg.SUFFIX, which shapes_vlm trains on)
# The VLM's chat template slots (support/vlm.py): one image token, repeated per visual token, and the question.
IMAGE_PAD, QUESTION = "<|image_pad|>", "{question}"
YES = ("yes", "Yes", "YES", " yes", " Yes", " YES")  # = answer_spellings("Yes")
# count words: the generator's zero..ten (cast_csg.NUMBERS) and, as benchmarks ask past them, up to twenty
NUMBER_WORDS = tuple(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen"
    " seventeen eighteen nineteen twenty".split()
)
PROGRESS_MIN_BATCHES = 8  # show a progress bar only for jobs at least this many batches long


def atom_mask(graphs) -> torch.Tensor:
    """bool [N, K]: True where column k is a real atom of graph i (atoms fill columns 0..len-1; K is the batch's
    largest atom count), as cast_csg.atom_mask."""
    k = max((len(g.atoms) for g in graphs), default=0)
    return torch.arange(k)[None, :] < torch.tensor([len(g.atoms) for g in graphs])[:, None]


# ---------------------------------------------------------------- Soft-TIFA (Eq. 4)


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


def soft_tifa(probs: torch.Tensor, answer_ids) -> torch.Tensor:
    """Eq. 4 for a batch of (image, question) rows: s_b = Σ_v P(v | image_b, question_b) over the one-token
    spellings v of row b's expected answer. probs [B, vocab] the first answer token's probabilities, answer_ids one
    LongTensor of token ids per row. Returns [B]: one atom's score per row, each judged alone (nothing gated)."""
    return torch.stack([p[ids].sum() for p, ids in zip(probs, answer_ids)])


class VLMScorer:
    """Soft-TIFA atom scores (Eq. 4) from a Qwen3-VL or Qwen2.5-VL instruct model, `vlm` (support.vlm.VLM, or any
    object with its tokenizer, model, device, batch_size, chat template split at the question (`prefix`, `suffix`,
    `template`), `single_token_ids`, `encode_vision` and `encode_images`). The VLM loads the model, renders the chat
    and encodes each image's prefix once; the scorer asks each atom's question on that cache and reads the answer.
    Everything else (the grounding pass, the template, the batch size) reads through to the VLM: a scorer grounds
    where its VLM does (cast_advantage.ground; score_and_ground shares one vision pass for scores and maps).

    Every atom scores P(first answer token is a spelling of its own `answer`): "Yes" atoms read the spellings of
    "yes", "No" atoms those of "no", a count atom with answer "three" those of "three" and "3". Only spellings that
    are one token in this tokenizer count (a digit string the tokenizer splits, like Qwen's "10", is read through
    its word spellings only); an answer with no single-token spelling at all is a ValueError, never a silent 0.
    `question_suffix` follows every question (Soft-TIFA's ask)."""

    def __init__(self, vlm, question_suffix: str = SUFFIX):
        self.vlm, self.question_suffix = vlm, question_suffix
        probe = self.query("Are there any cats?", 4)
        split = (
            vlm.tokenizer(vlm.prefix.replace(IMAGE_PAD, IMAGE_PAD * 4)).input_ids
            + vlm.tokenizer(self.tail("Are there any cats?"), add_special_tokens=False).input_ids
        )
        if split != vlm.tokenizer(probe).input_ids:
            raise ValueError(
                "the chat template cannot be tokenized in two parts at the question (a token spans the "
                f"boundary), so the image prefix cannot be encoded once per image:\n{vlm.template}"
            )
        # answer-token sets: yes once, other answers on first use
        self.yes_ids = vlm.single_token_ids(YES)
        if len(self.yes_ids) == 0:
            raise ValueError("no spelling of 'yes' is a single token in this tokenizer")
        self._answers = {}

    def __getattr__(self, name):
        if name == "vlm":  # not yet set (a copy under construction): no lookup through it
            raise AttributeError(name)
        return getattr(self.vlm, name)

    def query(self, question: str, image_tokens: int = 1) -> str:
        """The full prompt text for one (image, question) pair with `image_tokens` image slots."""
        return self.vlm.template.replace(IMAGE_PAD, IMAGE_PAD * image_tokens).replace(
            QUESTION, question + self.question_suffix
        )

    def tail(self, question: str) -> str:
        """The prompt after the image prefix: the question, Soft-TIFA's ask, and the chat up to the answer."""
        return self.vlm.suffix.replace(QUESTION, question + self.question_suffix)

    def answer(self, prefix: dict, rows: list[int], questions: list[str]) -> torch.Tensor:
        """[B, vocab] probabilities of the first answer token, one row per (encoded image `rows[b]`, question b):
        the question and the prompt's tail run on a copy of that image's KV cache (`encode_images`), right-padded,
        and each row is read at its own last token."""
        from transformers import DynamicCache

        vlm = self.vlm
        idx = torch.tensor(rows, device=vlm.device)
        tail = vlm.tokenizer(
            [self.tail(q) for q in questions],
            padding=True,
            padding_side="right",
            add_special_tokens=False,
            return_tensors="pt",
        ).to(vlm.device)
        # text after the image: the same position on all three M-RoPE axes, counting on from the prefix
        pos = prefix["next"][idx, None] + torch.arange(tail.input_ids.shape[1], device=vlm.device)
        out = vlm.model.model(
            input_ids=tail.input_ids,
            position_ids=pos[None].expand(3, -1, -1),
            attention_mask=torch.cat([prefix["mask"][idx], tail.attention_mask], 1),
            past_key_values=DynamicCache([(k[idx], v[idx]) for k, v in prefix["kv"]]),
        )
        last = out.last_hidden_state[torch.arange(len(rows)), tail.attention_mask.sum(1) - 1]
        return vlm.model.lm_head(last).float().softmax(-1).cpu()

    def answer_ids(self, atom) -> torch.Tensor:
        """Token ids whose probabilities sum to this atom's score: the single-token spellings of `atom.answer`."""
        ids = self._answers.get(atom.answer)
        if ids is None:
            try:
                spellings = answer_spellings(atom.answer)
            except ValueError as e:
                raise ValueError(
                    f"atom {atom.question!r}: {e}; a Soft-TIFA score reads a one-word answer"
                ) from None
            ids = self.vlm.single_token_ids(spellings)
            if len(ids) == 0:
                raise ValueError(
                    f"atom {atom.question!r} expects the answer {atom.answer!r}, but none of its "
                    f"spellings {spellings} is a single token in this tokenizer, so it cannot be scored"
                )
            self._answers[atom.answer] = ids
        return ids

    @torch.no_grad()
    def __call__(self, images, graphs: Sequence, on_vision=None) -> torch.Tensor:
        """images: [N,3,H,W] in [0,1], or a sequence of [3,H,W] tensors / PIL images (sizes may
        differ). Returns scores [N,K] in [0,1], 0 on padding. Each image is encoded once, with up
        to `batch_size` images per forward, and its questions are answered `batch_size` at a time
        from that encoding (`encode_images`, `answer`), so batch size changes speed and memory,
        never the scores. on_vision(chunk, vision): called with each chunk's vision-tower output, so another pass
        can reuse it (cast_advantage.score_and_ground grounds on it)."""
        if len(images) != len(graphs):
            raise ValueError(f"{len(images)} images but {len(graphs)} scene graphs")
        scores = torch.zeros(atom_mask(graphs).shape)
        answers = {
            (i, j): self.answer_ids(a) for i, g in enumerate(graphs) for j, a in enumerate(g.atoms)
        }
        chunks, chunk = [], []  # images whose questions fit one batch (at least one image each)
        for i, g in enumerate(graphs):
            if (
                g.atoms
                and chunk
                and sum(len(graphs[c].atoms) for c in chunk) + len(g.atoms) > self.vlm.batch_size
            ):
                chunks.append(chunk)
                chunk = []
            chunk += [i] if g.atoms else []
        chunks += [chunk] if chunk else []
        for chunk in tqdm(
            chunks,
            desc="VLM scoring",
            unit="batch",
            leave=False,
            disable=len(chunks) < PROGRESS_MIN_BATCHES,
        ):
            vision = self.vlm.encode_vision([images[i] for i in chunk])
            prefix = self.vlm.encode_images(vision)
            pairs = [(r, i, j) for r, i in enumerate(chunk) for j in range(len(graphs[i].atoms))]
            for s in range(0, len(pairs), self.vlm.batch_size):
                batch = pairs[s : s + self.vlm.batch_size]
                questions = [graphs[i].atoms[j].question for _, i, j in batch]
                probs = self.answer(prefix, [r for r, _, _ in batch], questions)
                batch_scores = soft_tifa(probs, [answers[i, j] for _, i, j in batch])
                for (_, i, j), score in zip(batch, batch_scores):
                    scores[i, j] = score
            if on_vision is not None:
                on_vision(chunk, vision)
        if not torch.isfinite(scores).all():
            raise RuntimeError(
                "the VLM produced non-finite probabilities (broken weights or dtype overflow)"
            )
        return scores.clamp(0, 1)  # summed probabilities can exceed 1 by rounding


# ---------------------------------------------------------------- other scorers


class RandomScorer:
    """Uniform random atom scores in [0, 1), for dry runs that time the loop without a VLM's scoring (`cast_train.py
    --scorer-path random`, bench/gpu.py): they differ between the samples of a group, so advantages and gradients
    are nonzero as in a real run, and they mean nothing. Seeded, so a dry run repeats itself. `vlm`: a random-weight
    VLM that grounds for the methods with maps (cast_train.load_grounder), so a dry run pays CAST's grounding
    pass at the real VLM's size."""

    def __init__(self, seed: int = 0, vlm=None):
        self.generator = torch.Generator().manual_seed(seed)
        self.vlm = vlm
        print(
            "RandomScorer: atom scores are uniform random numbers; rewards and evaluations mean nothing",
            file=sys.stderr,
        )

    def __call__(self, images, graphs: Sequence) -> torch.Tensor:
        if len(images) != len(graphs):
            raise ValueError(f"{len(images)} images but {len(graphs)} scene graphs")
        mask = atom_mask(graphs)
        return torch.rand(mask.shape, generator=self.generator) * mask


class AestheticScorer:
    """Flow-GRPO (Orig.)'s holistic reward (Sec. 5.1): the LAION aesthetic predictor, an MLP on the L2-normalized
    CLIP ViT-L/14 image embedding (768 -> 1024 -> 128 -> 64 -> 16 -> 1, dropout between the first four; the head's
    weights as LAION publishes them, keys layers.{0,2,4,6,7}), from local files: `clip_path` a CLIP folder, `head_path`
    the head as .safetensors (convert LAION's .pth once with safetensors' save_file).
    (images [N,3,H,W] in [0,1], graphs) -> [N]; the graphs are not read."""

    def __init__(self, clip_path: str, head_path: str, device="cpu"):
        from transformers import CLIPImageProcessor, CLIPVisionModelWithProjection

        self.device = device
        self.clip = (
            CLIPVisionModelWithProjection.from_pretrained(clip_path, local_files_only=True)
            .to(device)
            .eval()
        )
        self.processor = CLIPImageProcessor.from_pretrained(clip_path, local_files_only=True)
        drop = torch.nn.Dropout
        self.head = torch.nn.Sequential(
            torch.nn.Linear(self.clip.config.projection_dim, 1024),
            drop(0.2),
            torch.nn.Linear(1024, 128),
            drop(0.2),
            torch.nn.Linear(128, 64),
            drop(0.1),
            torch.nn.Linear(64, 16),
            torch.nn.Linear(16, 1),
        )
        from safetensors.torch import load_file

        state = load_file(head_path)
        self.head.load_state_dict({k.removeprefix("layers."): v for k, v in state.items()})
        self.head.to(device).eval()

    @torch.no_grad()
    def __call__(self, images, graphs=None) -> torch.Tensor:
        pixels = self.processor(
            images=list(images.detach().float().clamp(0, 1).cpu()),
            do_rescale=False,
            return_tensors="pt",
        )["pixel_values"].to(self.device)
        emb = self.clip(pixel_values=pixels).image_embeds.float()
        return self.head(emb / emb.norm(dim=-1, keepdim=True)).squeeze(-1).cpu()


def load_scorer(path: str, device="cpu", vlm: bool = False, vlm_config: dict | None = None):
    """--scorer-path: 'shapes' (the shapes world's verifier), 'random' (dry runs), module:function, or a local VLM.
    'random' with `vlm`: its scores come with a random-weight VLM to ground with
    (support.real.random_models.random_vlm at vlm_config's size, by default Qwen3-VL-8B's, on `device`)."""
    if path == "random":
        from support.real.random_models import random_vlm

        return RandomScorer(vlm=random_vlm(vlm_config, device) if vlm else None)
    if path == "shapes":
        from support.shapes import ShapesScorer

        return ShapesScorer()
    if ":" in path and not os.path.exists(path):  # module:function, e.g. a toy scorer in tests
        module, name = path.split(":")
        return getattr(importlib.import_module(module), name)
    from support.vlm import VLM

    return VLMScorer(VLM(path, device=device))


def load_holistic(backbone: str, clip_path, aesthetic_path, device="cpu"):
    """flow_grpo_orig's holistic image reward, (images, graphs) -> [N], blind to the atoms: the LAION aesthetic
    predictor on real backbones (the paper's), on the shapes world how cleanly its shapes are drawn."""
    if backbone == "shapes":
        from support.shapes import clean_drawing

        return lambda images, graphs: clean_drawing(images)
    from cast_csg import InputError

    if not clip_path or not os.path.isdir(clip_path):
        raise InputError(
            f"--clip-path {clip_path}: no such folder (flow_grpo_orig's aesthetic reward runs on a "
            f"local CLIP ViT-L/14)"
        )
    if not aesthetic_path or not os.path.isfile(aesthetic_path):
        raise InputError(
            f"--aesthetic-path {aesthetic_path}: no such file (the LAION aesthetic head)"
        )
    return AestheticScorer(clip_path, aesthetic_path, device)


# ---------------------------------------------------------------- CLI


def main(argv=None) -> dict:
    """Score images against their scene graphs' atoms (Eq. 4): a folder of images with --atoms, or a run's saved
    rollout with --run; writes scores.safetensors, prints Soft-TIFA's summary, returns it."""
    from support.evaluation import summarize
    from support.stage_files import images_to_score, reward_args, write_scores
    from support.vlm import VLM

    args, inputs = reward_args(argv, __doc__.split("\n\n")[0])  # every check before a model loads
    if inputs.vlm:
        scorer = VLMScorer(VLM(args.scorer_path, device=args.device, batch_size=args.batch_size))
    else:  # the shapes verifier, or a module:function on tensors
        scorer = load_scorer(args.scorer_path)
    scores = scorer(images_to_score(inputs), inputs.graphs)
    summary = summarize(scores, inputs.graphs, args.threshold)
    write_scores(args, inputs, scores, atom_mask(inputs.graphs), summary)
    return summary


def cli() -> None:
    """The command line: main(), a bad input (cast_csg.InputError) as its one-line message, not a traceback."""
    from cast_csg import InputError

    try:
        main()
    except InputError as e:
        sys.exit(f"error: {e}")


if __name__ == "__main__":
    cli()
