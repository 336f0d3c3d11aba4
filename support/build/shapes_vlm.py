"""support/build/shapes_vlm.py: a small Qwen3-VL (1.6M parameters) trained on the shapes world, so that the Soft-TIFA
scorer and the grounding pass run there exactly as on Qwen3-VL-8B: `cast_reward.VLMScorer(VLM("assets/shapes_vlm"))`.

2-px patches merged 2x2 make a 32x32 image 64 visual tokens, the denoiser's 8x8 grid. It learns two turns, in the
layouts support/vlm.py reads: Soft-TIFA (image + question -> the verifier's one-word answer, on renders, base-model
samples and counterfactual probes) and grounding (image + "Describe the image." -> the prompt, teacher-forced, with an
attention loss that puts layer 0's attention of each atom's tokens on its object; untrained, it sat at chance).

Run alone:
    python -m support.build.shapes_vlm pretrain --threads 1   # 6000 steps, ~38 min -> assets/shapes_vlm/ (as shipped)
    python -m support.build.shapes_vlm pretrain --resume         # continue runs/shapes_vlm
    python bench/shapes_vlm_report.py --weights assets/shapes_vlm   # agreement with the verifier
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import os
import random
import re
import shutil
import time
from typing import NamedTuple

import torch
import torch.nn.functional as F
from safetensors import safe_open
from safetensors.torch import save_file
from tqdm import tqdm

import cast_csg
from cast_csg import NUMBERS, SUFFIX, SceneGraph
from support.assets import ASSETS, SHAPES_VLM
from support.backbone import sample_ode
from support.build.shapes_pretrain import ema_step, load_state, save_state
from support.checkpoint import sha256
from support.shapes import (
    COLORS,
    RELATIONS,
    SHAPE_NAMES,
    ShapesScorer,
    draw_graph,
    load_shapes,
    sample_shapes_graph,
)
from support.vlm import (
    CHAT,
    GROUND_CHAT,
    GROUNDING_INSTRUCTION,
    IMAGE_PAD,
    QUESTION,
    RESPONSE,
    image_processor_class,
    to_pil,
)

SPECIALS = [
    "<|endoftext|>",
    "<|im_start|>",
    "<|im_end|>",
    "<|vision_start|>",
    "<|vision_end|>",
    "<|image_pad|>",
    "<|video_pad|>",
    "<unk>",
    "<pad>",
]
WORD = re.compile(
    r"\w+|[^\w\s]+"
)  # how the Whitespace pre-tokenizer splits: words, runs of punctuation
SIZE, PATCH, MERGE = 32, 2, 2  # 32 px / 2 px patches = 16x16, merged 2x2 -> 8x8 visual tokens
VISUAL_TOKENS = (SIZE // PATCH // MERGE) ** 2
BASE_STEPS = 10  # the base model's sampling steps, as training samples it
# the training mixture: base-model samples vs fresh renders, and what each example asks of its image
BASE_SHARE, DESCRIBE_SHARE, OWN_SHARE, CHANGED_SHARE = (
    0.5,
    0.2,
    0.5,
    0.3,
)  # the rest: another graph's questions
GROUNDING_WEIGHT = 1.0  # the attention loss on renders' grounding turns, beside the cross-entropy


# ---------------------------------------------------------------- tokenizer, model, image processor


def world_words(graphs: int = 5000, seed: int = 0) -> list[str]:
    """Every word of the shapes world's prompts, questions and answers, and of the chat layouts' fixed text."""
    v = cast_csg.SHAPES
    text = [
        *NUMBERS,
        "Yes",
        "No",
        "yes",
        "no",
        *v.nouns,
        *map(v.plural, v.nouns),
        *COLORS,
        SUFFIX,
        GROUNDING_INSTRUCTION,
        *(w for forms in v.relations.values() for w in forms),
    ]
    for layout in (CHAT, GROUND_CHAT):  # "user", "assistant"
        text.append(re.sub(r"<\|[a-z_]+\|>|\{[a-z]+\}", " ", layout))
    rng = random.Random(seed)
    for _ in range(graphs):
        g = sample_shapes_graph(rng)
        text += [g.prompt, *(a.question for a in g.atoms)]
    return sorted({w for t in text for w in WORD.findall(t)})


def build_tokenizer():
    """A word-level fast tokenizer over `world_words` with offsets; any other word ("cats", "YES", "2") is <unk>,
    which Soft-TIFA's spelling sets leave out."""
    from tokenizers import AddedToken, Tokenizer, models, pre_tokenizers
    from transformers import PreTrainedTokenizerFast

    vocab = {w: i for i, w in enumerate(SPECIALS + world_words())}
    tok = Tokenizer(models.WordLevel(vocab, unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    tok.add_special_tokens([AddedToken(s, special=True, normalized=False) for s in SPECIALS])
    return PreTrainedTokenizerFast(
        tokenizer_object=tok, unk_token="<unk>", pad_token="<pad>", eos_token="<|im_end|>"
    )


def build_image_processor():
    """Qwen2VLImageProcessor at 2 px patches merged 2x2, min = max = 32x32 pixels: 64 visual tokens an image."""
    return image_processor_class()(
        patch_size=PATCH,
        merge_size=MERGE,
        temporal_patch_size=2,
        min_pixels=SIZE * SIZE,
        max_pixels=SIZE * SIZE,
    )


def build_model(tokenizer, seed: int = 0):
    """A random Qwen3-VL of about 1.6M parameters. Untied embeddings: safetensors refuses shared tensors."""
    from transformers import Qwen3VLConfig, Qwen3VLForConditionalGeneration

    names = (
        "image_pad",
        "video_pad",
        "vision_start",
        "vision_end",
    )  # the config's image_token_id, ...
    ids = {
        f"{n.removesuffix('_pad')}_token_id": tokenizer.convert_tokens_to_ids(f"<|{n}|>")
        for n in names
    }
    torch.manual_seed(seed)
    config = Qwen3VLConfig(
        text_config=dict(
            vocab_size=len(tokenizer),
            hidden_size=128,
            intermediate_size=384,
            num_hidden_layers=4,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=32,
            max_position_embeddings=512,
            pad_token_id=tokenizer.pad_token_id,
            eos_token_id=tokenizer.eos_token_id,
            tie_word_embeddings=False,
            # M-RoPE over (t, h, w): 16 frequency pairs for a head of 32
            rope_parameters={
                "rope_type": "default",
                "rope_theta": 10000.0,
                "mrope_section": [4, 6, 6],
                "mrope_interleaved": True,
            },
        ),
        vision_config=dict(
            depth=4,
            hidden_size=96,
            intermediate_size=288,
            num_heads=6,
            patch_size=PATCH,
            spatial_merge_size=MERGE,
            temporal_patch_size=2,
            out_hidden_size=128,
            num_position_embeddings=(SIZE // PATCH) ** 2,
            deepstack_visual_indexes=[1],
        ),
        tie_word_embeddings=False,
        **ids,
    )
    return Qwen3VLForConditionalGeneration(config)


# ---------------------------------------------------------------- the data: the verifier's answers


class Example(NamedTuple):
    text: str  # the question (Soft-TIFA) or the prompt (grounding)
    answer: str | None  # the verifier's one-word answer; None for a grounding example
    kind: str  # the atom's kind, or "describe"
    regions: tuple = ()  # a grounding example on a render: (atom spans, its objects' visual tokens [64] bool)


def entity_tokens(masks) -> torch.Tensor:
    """[E, 8, 8] bool from draw_graph's masks [E, S, S]: the visual tokens each entity's pixels touch."""
    side, n = PATCH * MERGE, SIZE // (PATCH * MERGE)  # a visual token sees side x side pixels
    return torch.as_tensor(masks).reshape(len(masks), n, side, n, side).any(4).any(2)


def object_tokens(masks, graph: SceneGraph) -> tuple:
    """For each atom with spans and an entity: (its spans, the visual tokens [64] its entity (and target) touch)."""
    touch = entity_tokens(masks)
    return tuple(
        (a.spans, touch[[e for e in (a.entity, a.target) if e is not None]].any(0).flatten())
        for a in graph.atoms
        if a.spans and a.entity is not None
    )


def as_uint8(images: torch.Tensor) -> torch.Tensor:
    """What the VLM sees: support.vlm.to_pil rounds to 8 bits, and the verifier reads the same rounded pixels."""
    return (images.float().clamp(0, 1) * 255).round().to(torch.uint8)


def verifier_answers(images: torch.Tensor, graphs: list[SceneGraph]) -> list[list[str | None]]:
    """The verifier's answer to every atom of graphs[i] asked of images[i]: the expected answer where it passes, else
    the other of Yes / No; a count atom the number it finds, as a word (None past NUMBERS)."""
    images = images.float() / 255 if images.dtype == torch.uint8 else images
    scores, _, drawn = ShapesScorer().verify(images, graphs)
    return [
        [
            (NUMBERS[int(drawn[i, k])] if drawn[i, k] < len(NUMBERS) else None)
            if a.kind == "count"
            else a.answer
            if scores[i, k]
            else {"Yes": "No", "No": "Yes"}[a.answer]
            for k, a in enumerate(g.atoms)
        ]
        for i, g in enumerate(graphs)
    ]


def changed_graph(graph: SceneGraph, rng: random.Random) -> SceneGraph:
    """A near miss of `graph`: one phrase's color, shape or count, or one relation, changed; re-rendered so its
    questions are the generator's own (cast_csg.render)."""
    ents, rels = copy.deepcopy(graph.entities), copy.deepcopy(graph.relations)
    what = rng.choice(["color", "shape", "count"] + (["relation"] if rels else []))
    if what == "relation":
        r = rng.choice(rels)
        r.relation = rng.choice([x for x in RELATIONS if x != r.relation])
        r.words = rng.choice(cast_csg.SHAPES.relations[r.relation])
    else:
        e = rng.choice(ents)
        if what == "color":
            e.attributes = [["color", rng.choice([c for c in COLORS if c != e.attributes[0][1]])]]
        elif what == "shape":
            e.noun = rng.choice([s for s in SHAPE_NAMES if s != e.noun])
        else:
            e.count = rng.choice([c for c in cast_csg.SHAPES.counts if c != e.count])
            e.count_word = (
                rng.choice(cast_csg.SHAPES.one_words) if e.count == 1 else NUMBERS[e.count]
            )
    return cast_csg.render(SceneGraph("", ents, rels), cast_csg.SHAPES)


def probe_examples(image: torch.Tensor, probe: SceneGraph) -> list[Example]:
    """One Soft-TIFA example per atom of `probe` asked of `image`, answered by the verifier."""
    answers = verifier_answers(image[None], [probe])[0]
    return [
        Example(a.question, ans, a.kind) for a, ans in zip(probe.atoms, answers) if ans is not None
    ]


def draw_image(rng: random.Random, pool=None) -> tuple[torch.Tensor, SceneGraph, tuple]:
    """(uint8 image, its graph, object_tokens or ()): a base-model sample of `pool`, randomly flipped and with red
    and green swapped (the verifier answers for the image as it is), or a fresh render."""
    if pool is not None and len(pool[1]) and rng.random() < BASE_SHARE:
        i = rng.randrange(len(pool[1]))
        image = pool[0][i].flip(-1) if rng.random() < 0.5 else pool[0][i]
        return (
            (image[[1, 0, 2]] if rng.random() < 0.5 else image),
            pool[1][i],
            (),
        )  # yellow and blue stay
    graph = sample_shapes_graph(rng)
    image, masks = draw_graph(graph, rng)
    return as_uint8(torch.from_numpy(image)), graph, object_tokens(masks, graph)


def image_examples(
    rng: random.Random, image: torch.Tensor, graph: SceneGraph, n: int, regions: tuple = ()
) -> list[Example]:
    """n examples on one image: a grounding example (where the verifier passes every atom), or one atom, its kind
    drawn first (the few relation atoms asked as often as the rest), of its graph, a near miss, or another graph."""
    own = probe_examples(image, graph)
    true = len(own) == len(graph.atoms) and all(
        e.answer == a.answer for e, a in zip(own, graph.atoms)
    )
    out = []
    while len(out) < n:
        if true and rng.random() < DESCRIBE_SHARE:
            out.append(Example(graph.prompt, None, "describe", regions))
            continue
        r = rng.random()
        examples = (
            own
            if r < OWN_SHARE
            else probe_examples(
                image,
                changed_graph(graph, rng)
                if r < OWN_SHARE + CHANGED_SHARE
                else sample_shapes_graph(rng),
            )
        )
        if examples:
            kind = rng.choice(sorted({e.kind for e in examples}))
            out.append(rng.choice([e for e in examples if e.kind == kind]))
    return out


def draw_batch(
    rng: random.Random, size: int, per_image: int, pool=None
) -> list[tuple[torch.Tensor, list[Example]]]:
    """`size` examples as (image, its examples) groups of `per_image`: one vision pass per image."""
    groups = []
    for s in range(0, size, per_image):
        image, graph, regions = draw_image(rng, pool)
        groups.append((image, image_examples(rng, image, graph, min(per_image, size - s), regions)))
    return groups


def base_pool(n: int, seed: int, cache: str | None = None):
    """(images uint8 [n,3,32,32], graphs): the shipped base model's samples of n prompts (seed + 1; noise: seed),
    kept in `cache` while its prompts and the base weights' sha256 are the same."""
    rng = random.Random(seed + 1)
    graphs = [sample_shapes_graph(rng) for _ in range(n)]
    if n == 0:
        return torch.zeros(0, 3, SIZE, SIZE, dtype=torch.uint8), graphs
    key = json.dumps(
        {
            "prompts": [g.prompt for g in graphs],
            "seed": seed,
            "base": sha256(os.path.join(ASSETS, "shapes_base.safetensors")),
        }
    )
    if cache and os.path.isfile(cache):
        with safe_open(cache, "pt") as f:
            if (f.metadata() or {}).get("key") == key:
                return f.get_tensor("images"), graphs
    bb, gen, images = load_shapes(), torch.Generator().manual_seed(seed), []
    with torch.no_grad():
        for s in tqdm(range(0, n, 64), desc="base-model samples", unit="batch", leave=False):
            chunk = [g.prompt for g in graphs[s : s + 64]]
            x = sample_ode(bb, bb.encode(chunk), bb.noise(len(chunk), gen), BASE_STEPS)
            images.append(as_uint8(bb.decode(x)))
    images = torch.cat(images)
    if cache:
        save_file({"images": images}, cache + ".tmp", metadata={"key": key})
        os.replace(cache + ".tmp", cache)
    return images, graphs


# ---------------------------------------------------------------- the loss


def ask(question: str) -> str:
    """The Soft-TIFA turn as cast_reward.VLMScorer.query writes it, with the 64 visual tokens."""
    return CHAT.replace(IMAGE_PAD, IMAGE_PAD * VISUAL_TOKENS).replace(QUESTION, question + SUFFIX)


def describe(prompt: str) -> str:
    """The grounding turn as support.vlm.VLM.grounding_inputs writes it, with the assistant's closing token."""
    return GROUND_CHAT.replace(IMAGE_PAD, IMAGE_PAD * VISUAL_TOKENS).replace(RESPONSE, prompt)


def encode_batch(groups, tokenizer, image_processor) -> dict:
    """Model inputs for draw_batch's groups: one right-padded sequence per example, `image_index` [B], and `labels`
    [B, S] (-100 where nothing is predicted): a Soft-TIFA turn's answer, a grounding turn's prompt and <|im_end|>."""
    examples = [(i, e) for i, (_, group) in enumerate(groups) for e in group]
    enc = tokenizer(
        [describe(e.text) if e.answer is None else ask(e.text) for _, e in examples],
        padding=True,
        padding_side="right",
        return_tensors="pt",
        return_offsets_mapping=True,
    )
    ids, lengths, offsets = enc.input_ids, enc.attention_mask.sum(1), enc.pop("offset_mapping")
    labels, regions = torch.full_like(ids, -100), []
    before = describe(RESPONSE).split(RESPONSE)[0]  # the grounding turn up to the prompt
    head = len(tokenizer(before).input_ids)
    for b, (_, e) in enumerate(examples):
        n = int(lengths[b])
        if e.answer is None:
            labels[b, head - 1 : n - 1] = ids[b, head:n]
            for (
                spans,
                tokens,
            ) in e.regions:  # the prompt's tokens overlapping the atom's spans (as VLM does)
                lo, hi = offsets[b, :n, 0] - len(before), offsets[b, :n, 1] - len(before)
                rows = (
                    torch.stack([(lo < b_) & (hi > a_) & (hi > lo) for a_, b_ in spans])
                    .any(0)
                    .nonzero()[:, 0]
                )
                if len(rows) and tokens.any():
                    regions.append((b, rows, tokens.float() / tokens.sum()))
        else:
            answer = tokenizer.convert_tokens_to_ids(e.answer)
            if answer == tokenizer.unk_token_id:
                raise ValueError(
                    f"the answer {e.answer!r} to {e.text!r} is not a word of the tokenizer"
                )
            labels[b, n - 1] = answer
    pix = image_processor(
        images=[to_pil(image.float() / 255) for image, _ in groups], return_tensors="pt"
    )
    return dict(
        input_ids=ids,
        attention_mask=enc.attention_mask,
        pixel_values=pix["pixel_values"],
        image_grid_thw=pix["image_grid_thw"],
        image_index=torch.tensor([i for i, _ in examples]),
        labels=labels,
        regions=regions,
    )


def batch_loss(model, batch: dict, grounding_weight: float = GROUNDING_WEIGHT) -> torch.Tensor:
    """Cross-entropy on the labelled tokens (mean within each example, then over examples) + grounding_weight x the
    mean over `regions` of KL(uniform on the atom's object tokens || layer 0's attention of its prompt tokens over
    the 64 visual tokens, mean over heads and rows, renormalized): the map cast_advantage.ground reads."""
    ids, index = batch["input_ids"], batch["image_index"].tolist()
    vision = model.model.get_image_features(
        batch["pixel_values"], batch["image_grid_thw"], return_dict=True
    )
    vision.pooler_output = [vision.pooler_output[i] for i in index]
    vision.deepstack_features = [
        [feature[i] for i in index] for feature in vision.deepstack_features
    ]
    attention, text_config = [], model.config.text_config
    hook = model.model.language_model.layers[0].self_attn.register_forward_hook(
        lambda module, args, out: attention.append(out[1])
    )
    before = text_config._attn_implementation
    try:
        model.set_attn_implementation({"text_config": "eager"})
        hidden = model.model(
            input_ids=ids,
            attention_mask=batch["attention_mask"],
            mm_encoder_outputs={"image": vision},
            image_grid_thw=batch["image_grid_thw"][index],
            mm_token_type_ids=(ids == model.config.image_token_id).long(),
        ).last_hidden_state
    finally:
        hook.remove()
        model.set_attn_implementation({"text_config": before})
    where = batch["labels"] != -100
    ce = F.cross_entropy(
        model.lm_head(hidden[where]).float(), batch["labels"][where], reduction="none"
    )
    loss = (ce / where.sum(1)[where.nonzero()[:, 0]]).sum() / len(ids)
    if grounding_weight and batch["regions"]:
        heads, visual = attention[0].float().mean(1), ids == model.config.image_token_id
        kl = []
        for b, rows, target in batch["regions"]:
            p = heads[b, rows][:, visual[b]].mean(0)
            p = p / p.sum()
            on = target > 0
            kl.append((target[on] * (target[on].log() - p[on].clamp_min(1e-12).log())).sum())
        loss = loss + grounding_weight * torch.stack(kl).mean()
    return loss


# ---------------------------------------------------------------- pretraining


def save_weights(model, tokenizer, image_processor, folder: str) -> None:
    """The model, tokenizer, image processor and SHA256SUMS, written beside the folder and swapped in."""
    tmp = folder.rstrip("/") + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    for part in (model, tokenizer, image_processor):
        part.save_pretrained(tmp)
    sums = [f"{sha256(os.path.join(tmp, n))}  {n}\n" for n in sorted(os.listdir(tmp))]
    with open(os.path.join(tmp, "SHA256SUMS"), "w") as f:
        f.writelines(sums)
    shutil.rmtree(folder, ignore_errors=True)
    os.replace(tmp, folder)


def schedule(steps: int, warmup: int):
    """Linear warmup, then cosine decay to 10% of the peak (as support.build.shapes_pretrain)."""
    return lambda s: (
        min(1.0, (s + 1) / max(1, warmup))
        * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * min(s, steps) / steps)))
    )


def pretrain(args):
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    tokenizer, image_processor = build_tokenizer(), build_image_processor()
    model = build_model(tokenizer, args.seed)
    ema = copy.deepcopy(model).requires_grad_(False)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, schedule(args.steps, args.warmup))
    state_path, step, elapsed = os.path.join(args.out, "vlm_state"), 0, 0.0
    # the pool before the state: sampling it (not reading it back) draws on torch's RNG, which the state restores
    pool = base_pool(args.pool, args.seed, os.path.join(args.out, "vlm_pool.safetensors"))
    if args.resume and os.path.exists(state_path + ".json"):
        step, elapsed = load_state(state_path, model, ema, opt, sched, rng)
    print(
        f"shapes VLM: {sum(p.numel() for p in model.parameters()) / 1e6:.2f}M parameters, {len(tokenizer)} words, "
        f"{len(pool[1])} base-model samples; from step {step}"
    )
    log = open(os.path.join(args.out, "vlm_pretrain.jsonl"), "a")
    t0, bar = (
        time.time(),
        tqdm(range(step, args.steps), initial=step, total=args.steps, desc="pretrain VLM"),
    )
    model.train()
    for step in bar:
        batch = encode_batch(
            draw_batch(rng, args.batch, args.per_image, pool), tokenizer, image_processor
        )
        loss = batch_loss(model, batch)
        ema_step(model, ema, opt, sched, loss, args.ema)
        bar.set_postfix(loss=f"{loss.item():.4f}")
        if (step + 1) % 50 == 0:
            log.write(
                json.dumps(
                    {
                        "step": step + 1,
                        "loss": loss.item(),
                        "lr": sched.get_last_lr()[0],
                        "seconds": elapsed + time.time() - t0,
                    }
                )
                + "\n"
            )
            log.flush()
        if (step + 1) % args.save_every == 0 or step + 1 == args.steps:
            save_state(
                state_path, model, ema, opt, sched, rng, step + 1, elapsed + time.time() - t0
            )
            save_weights(ema, tokenizer, image_processor, args.weights)
    print(
        f"VLM pretraining took {(elapsed + time.time() - t0) / 60:.1f} min in all; weights in {args.weights}"
    )


# ---------------------------------------------------------------- CLI


def cli_problems(args) -> list[str]:
    """The subcommand's values, one line per problem (argparse's error reports them all before any work)."""
    ints = ("steps", "batch", "per_image", "save_every", "threads")
    bad = [
        f"--{k.replace('_', '-')} {getattr(args, k)}: must be at least 1"
        for k in ints
        if getattr(args, k) < 1
    ]
    bad += [
        f"--{k} {getattr(args, k)}: must be at least 0"
        for k in ("pool", "warmup")
        if getattr(args, k) < 0
    ]
    bad += [f"--lr {args.lr}: must be > 0"] if not args.lr > 0 else []
    bad += [f"--ema {args.ema}: must be in [0, 1)"] if not 0 <= args.ema < 1 else []
    return bad


def main(argv=None):
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = ap.add_subparsers(dest="cmd", required=True)
    pp = sub.add_parser("pretrain", help="train the shapes VLM on the verifier's answers")
    pp.add_argument("--steps", type=int, default=6000)
    pp.add_argument("--batch", type=int, default=32, help="sequences per step")
    pp.add_argument(
        "--per-image", type=int, default=4, help="sequences sharing one image (one vision pass)"
    )
    pp.add_argument("--lr", type=float, default=2e-3)
    pp.add_argument("--warmup", type=int, default=200, help="steps of linear warmup")
    pp.add_argument(
        "--ema",
        type=float,
        default=0.99,
        help="EMA decay of the saved weights (0: the last step's)",
    )
    pp.add_argument(
        "--pool", type=int, default=1024, help="base-model samples among the training images"
    )
    pp.add_argument("--save-every", type=int, default=500)
    pp.add_argument("--seed", type=int, default=0)
    pp.add_argument("--threads", type=int, default=1)
    pp.add_argument("--out", default="runs/shapes_vlm")
    pp.add_argument("--weights", default=SHAPES_VLM)
    pp.add_argument(
        "--resume", action="store_true", help="continue from <out>/vlm_state.{safetensors,json}"
    )
    args = ap.parse_args(argv)
    if bad := cli_problems(args):
        ap.error("\n".join(bad))
    torch.set_num_threads(args.threads)
    os.makedirs(args.out, exist_ok=True)
    pretrain(args)


if __name__ == "__main__":
    main()
