"""support/shapes.py: the shapes world, where every part of CAST runs for real on a laptop CPU.

Small RGB images on black; circles, squares and triangles in red, green, blue and yellow; counts;
the relations left of / right of / above / below. Prompts read like GenEval's ("two red circles to
the left of a blue square"), every atom has a programmatic ground truth, and a small FLUX.2
transformer is the base model RL improves. The world's parts:

    sample_shapes_graph(rng)    a prompt and its atoms from cast_csg's generator (difficulty by atom count)
    draw_graph(graph, rng)      a random image satisfying a scene graph, with its object masks
    ShapesScorer()(images, g)   the verifier: per-atom scores in [0, 1], like the VLM scorer
    load_shapes()               the base model behind the `Backbone` interface: a small FLUX.2 transformer on
                                packed 4x4 pixel patches (no VAE), a word-level text encoder; or load_shapes("random")

support/build/shapes_pretrain.py trains the base model on this world's renders and measures it; the trained weights ship
as assets/shapes_base.safetensors.

Run alone:
    python -m support.shapes sample                       # a grid of prompts and renders -> runs/shapes/world.png
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re

import numpy as np
import torch
import torch.nn as nn
from safetensors import safe_open
from safetensors.torch import load_file

import cast_csg
from cast_csg import InputError, SceneGraph
from support.assets import ASSETS, weights_problem
from support.backbone import Backbone, Cond, _sigma_batch, cfg_combine

SHAPE_NAMES = cast_csg.SHAPES.nouns  # circle, square, triangle
COLORS = {"red": (1, 0, 0), "green": (0, 1, 0), "blue": (0, 0, 1), "yellow": (1, 1, 0)}
RELATIONS = cast_csg.SHAPES.relations  # left of, right of, above, below
assert tuple(COLORS) == cast_csg.SHAPES.attributes["color"]
SIZE = 32  # image side (px)
OBJ = (10, 12)  # object side range (px): big enough to tell a square from a circle at 32 px
GAP = 2  # min free pixels between objects, so same-colored objects do not merge
MAX_OBJECTS = 3  # the base model draws three objects clearly; four crowd a 32-px image
MARGIN = 3.0  # relation margin (px) between group centroids, as GenEval's position check


# ---------------------------------------------------------------------------------------------
# The world: prompts and renders
# ---------------------------------------------------------------------------------------------


def sample_shapes_graph(rng: random.Random, min_atoms: int = 3, max_atoms: int = 10) -> SceneGraph:
    """A shapes prompt with its atoms, from the scene-graph generator (cast_csg.SHAPES: 1-3 phrases, counts 1-3,
    at most 3 objects, relations between adjacent phrases). Atom count = 3 per phrase + 1 per relation."""
    return cast_csg.sample_graph(rng, cast_csg.SHAPES, min_atoms, max_atoms)


def graph_to_scene(graph: SceneGraph):
    """Phrases [(count, color, shape)] and relations [(i, relation, j)] of a graph, checked against the world."""
    phrases = []
    for e in graph.entities:
        if (
            e.noun not in SHAPE_NAMES
            or [k for k, _ in e.attributes] != ["color"]
            or e.attributes[0][1] not in COLORS
        ):
            raise ValueError(
                f"the shapes world draws one colored circle/square/triangle per phrase; "
                f"cannot place {e.attributes} {e.noun!r} of {graph.prompt!r}"
            )
        phrases.append((e.count, e.attributes[0][1], e.noun))
    relations = [(r.subject, r.relation, r.target) for r in graph.relations]
    for _, r, _ in relations:
        if r not in RELATIONS:
            raise ValueError(f"the shapes world knows the relations {list(RELATIONS)}, not {r!r}")
    return phrases, relations


def draw(shape: str, side: int) -> np.ndarray:
    """Boolean [side, side] footprint: square fills its box, a disc ~0.79, an upward triangle ~0.5."""
    yy, xx = np.mgrid[0:side, 0:side] + 0.5
    if shape == "square":
        return np.ones((side, side), bool)
    if shape == "circle":
        return (yy - side / 2) ** 2 + (xx - side / 2) ** 2 <= (side / 2) ** 2
    return np.abs(xx - side / 2) <= yy / 2  # apex at the top, base at the bottom


def relation_holds(
    a: tuple[float, float], b: tuple[float, float], relation: str, margin: float = MARGIN
) -> bool:
    """Group centroids (x, y), image y pointing down; GenEval's rule: the centre difference beats a margin."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    return {
        "left of": dx > margin,
        "right of": -dx > margin,
        "above": dy > margin,
        "below": -dy > margin,
    }[relation]


def render_scene(phrases, relations, rng: random.Random, tries: int = 500):
    """A random layout satisfying the relations: image [3, S, S] float in [0, 1], masks [n_phrases, S, S]."""
    items = [(i, color, shape) for i, (c, color, shape) in enumerate(phrases) for _ in range(c)]
    if len(items) > MAX_OBJECTS + 1:
        raise ValueError(f"{len(items)} objects do not fit a {SIZE}-px shapes image")
    for _ in range(tries):
        occupied = np.zeros((SIZE + 2 * GAP, SIZE + 2 * GAP), bool)
        boxes, ok = [], True
        for i, color, shape in items:
            side = rng.randint(*OBJ)
            for _ in range(50):
                x, y = rng.randint(0, SIZE - side), rng.randint(0, SIZE - side)
                if not occupied[y : y + side + 2 * GAP, x : x + side + 2 * GAP].any():
                    break
            else:
                ok = False
                break
            occupied[y : y + side + 2 * GAP, x : x + side + 2 * GAP] = True
            boxes.append((i, color, shape, x, y, side))
        if not ok:
            continue
        image = np.zeros((3, SIZE, SIZE), np.float32)
        masks = np.zeros((len(phrases), SIZE, SIZE), bool)
        cent = {i: [] for i in range(len(phrases))}
        for i, color, shape, x, y, side in boxes:
            fp = draw(shape, side)
            image[:, y : y + side, x : x + side][:, fp] = np.array(COLORS[color], np.float32)[
                :, None
            ]
            masks[i, y : y + side, x : x + side] |= fp
            ys, xs = np.nonzero(fp)
            cent[i].append(
                (x + xs.mean() + 0.5, y + ys.mean() + 0.5)
            )  # pixel centroid, as the verifier sees it
        cent = {i: tuple(np.mean(c, 0)) for i, c in cent.items()}
        if all(relation_holds(cent[a], cent[b], r) for a, r, b in relations):
            return image, masks
    raise ValueError(f"could not lay out {phrases} with relations {relations} in {tries} tries")


def draw_graph(graph: SceneGraph, rng: random.Random):
    """(image [3,S,S] in [0,1], object masks [n_objects,S,S]) for a shapes scene graph; raises if impossible."""
    return render_scene(*graph_to_scene(graph), rng)


# ---------------------------------------------------------------------------------------------
# The verifier
# ---------------------------------------------------------------------------------------------


def components(mask: torch.Tensor) -> torch.Tensor:
    """4-connected component labels of a boolean [B, H, W] mask (0 = background), by propagating the
    largest pixel index through each component until nothing changes."""
    B, H, W = mask.shape
    labels = torch.where(
        mask,
        torch.arange(1, H * W + 1, dtype=torch.float32).reshape(1, H, W).expand(B, H, W),
        torch.zeros(()),
    )
    while True:
        p = torch.nn.functional.pad(labels, (1, 1, 1, 1))
        grown = torch.stack(
            [labels, p[:, :-2, 1:-1], p[:, 2:, 1:-1], p[:, 1:-1, :-2], p[:, 1:-1, 2:]]
        ).amax(0)
        grown = grown * mask
        if torch.equal(grown, labels):
            return labels.long()
        labels = grown


def find_objects(image: torch.Tensor, min_pixels: int = 12):
    """Objects in one image [3, S, S]: dicts with color, shape (None if no shape fits), centroid, mask."""
    on = image > 0.5  # each channel thresholded at half intensity
    objects = []
    for color, rgb in COLORS.items():
        want = torch.tensor(rgb, dtype=torch.bool)[:, None, None]
        labels = components((on == want).all(0)[None])[0]
        for lab in labels.unique()[1:]:
            m = labels == lab
            if m.sum() < min_pixels:
                continue  # specks are noise, not objects
            ys, xs = torch.nonzero(m, as_tuple=True)
            h, w = int(ys.max() - ys.min() + 1), int(xs.max() - xs.min() + 1)
            area, fill = int(m.sum()), float(m.sum()) / (h * w)
            # The size check keeps noisy blobs from falling into a shape's fill band by luck
            # (a lenient verifier rewards noise).
            sized = (
                OBJ[0] - 2 <= h <= OBJ[1] + 2
                and OBJ[0] - 2 <= w <= OBJ[1] + 2
                and 0.39 * OBJ[0] ** 2 <= area <= 1.2 * OBJ[1] ** 2
            )
            # Fill of the bounding box: square 1.0, disc 0.79 (pi/4), triangle 0.5 on ground truth.
            shape = (
                None
                if not sized
                else "square"
                if fill > 0.9
                else "circle"
                if fill > 0.66
                else "triangle"
                if fill > 0.35
                else None
            )
            objects.append(
                dict(
                    color=color,
                    shape=shape,
                    mask=m,
                    fill=fill,
                    centroid=(float(xs.float().mean()) + 0.5, float(ys.float().mean()) + 0.5),
                )
            )
    return objects


def phrase_matches(found, phrases):
    """Per phrase (count, color, shape), the detected objects it matches: those of its shape, and also of its color
    when another phrase names the same shape (otherwise the phrases could not be told apart)."""
    matches = []
    for _count, color, shape in phrases:
        shared = sum(s == shape for _, _, s in phrases) > 1
        matches.append(
            [o for o in found if o["shape"] == shape and (not shared or o["color"] == color)]
        )
    return matches


def centroids(matches):
    """Each phrase's group centroid (x, y), None where nothing matched."""
    return [tuple(np.mean([o["centroid"] for o in m], 0)) if m else None for m in matches]


def layout(image: torch.Tensor, graph: SceneGraph) -> tuple:
    """What the verifier reads of an image's layout for a prompt's phrases: per phrase, the colors of its matches
    (sorted: their count and colors), and for every ordered pair of phrases which of left of / right of / above /
    below hold between their centroids. Two images with equal layouts pass and fail the same atoms of the graph
    (and of any graph over the same phrases); support.window's layout-freeze point compares them."""
    phrases, _ = graph_to_scene(graph)
    matches = phrase_matches(find_objects(image.detach().float().cpu()), phrases)
    cent = centroids(matches)
    kinds = tuple(tuple(sorted(o["color"] for o in m)) for m in matches)
    relations = tuple(
        cent[i] is not None and cent[j] is not None and relation_holds(cent[i], cent[j], r)
        for i in range(len(phrases))
        for j in range(len(phrases))
        if i != j
        for r in RELATIONS
    )
    return kinds, relations


class ShapesScorer:
    """The shapes-world verifier with the scorer interface of cast_reward: scores [N, K] in {0, 1}.

    Object phrase i (count n, color c, shape s) is matched by the detected objects of shape s, and also of
    color c when another phrase names the same shape (otherwise the phrases could not be told apart).
      object    yes if at least one match   count     the number of matches, as a word
      attribute yes if every match has color c    relation  yes if the group centroids differ by > MARGIN px that way
    and an atom scores 1 where that answer is its expected one (so a "No" or another count word works too).
    `verify` also returns, per image, the union mask of each phrase's matches [n_objects, S, S] (the advantage
    maps' localization is measured against them), and the matches each count atom counted [N, K] (NaN elsewhere)."""

    def __call__(self, images: torch.Tensor, graphs: list[SceneGraph]) -> torch.Tensor:
        return self.verify(images, graphs)[0]

    def verify(self, images: torch.Tensor, graphs: list[SceneGraph]):
        K = max(len(g.atoms) for g in graphs)
        scores, drawn = torch.zeros(len(graphs), K), torch.full((len(graphs), K), float("nan"))
        masks = []
        for n, (image, g) in enumerate(zip(images.detach().float().cpu(), graphs)):
            phrases, _ = graph_to_scene(g)
            matches = phrase_matches(find_objects(image), phrases)
            cent = centroids(matches)
            for k, a in enumerate(
                g.atoms
            ):  # the verifier's answer to the probe, against the expected one
                m = matches[a.entity]
                if a.kind == "object":
                    truth = len(m) > 0
                elif a.kind == "count":
                    truth = (
                        cast_csg.NUMBERS[len(m)] if len(m) < len(cast_csg.NUMBERS) else str(len(m))
                    )
                    drawn[n, k] = len(m)
                elif a.kind == "attribute":
                    truth = len(m) > 0 and all(o["color"] == a.value for o in m)
                else:
                    truth = (
                        cent[a.entity] is not None
                        and cent[a.target] is not None
                        and relation_holds(cent[a.entity], cent[a.target], a.value)
                    )
                ok = (
                    truth if isinstance(truth, str) else "yes" if truth else "no"
                ) == a.answer.lower()
                scores[n, k] = float(ok)
            S = image.shape[-1]
            masks.append(
                torch.stack(
                    [
                        torch.stack([o["mask"] for o in m]).any(0)
                        if m
                        else torch.zeros(S, S, dtype=torch.bool)
                        for m in matches
                    ]
                )
            )
        return scores, masks, drawn


def quality(images: torch.Tensor) -> dict:
    """Image quality that does not come from the reward: how cleanly shapes are drawn. `stray` is the
    share of lit pixels that belong to no well-formed object (noise, fragments, merged or odd colors);
    `fill_error` is how far each shape's box fill is from its ideal (1, pi/4, 1/2)."""
    ideal = {"square": 1.0, "circle": math.pi / 4, "triangle": 0.5}
    stray, err = [], []
    for image in images.detach().float().cpu():
        lit = (image > 0.5).any(0)
        objs = [o for o in find_objects(image) if o["shape"]]
        clean = torch.stack([o["mask"] for o in objs]).any(0) if objs else torch.zeros_like(lit)
        stray.append(float((lit & ~clean).sum()) / max(1, int(lit.sum())))
        err += [abs(o["fill"] - ideal[o["shape"]]) for o in objs]
    return {
        "stray": float(np.mean(stray)),
        "fill_error": float(np.mean(err)) if err else float("nan"),
    }


def clean_drawing(images: torch.Tensor) -> torch.Tensor:
    """[N]: a holistic reward that reads no prompt, the shapes world's stand-in for an aesthetic predictor
    (flow_grpo_orig): 1 − the share of lit pixels that belong to no well-formed shape."""
    return torch.tensor([1 - quality(image[None])["stray"] for image in images])


# ---------------------------------------------------------------------------------------------
# The base model
# ---------------------------------------------------------------------------------------------

SHAPES_VOCAB = [
    "<pad>",
    "a",
    "an",
    "one",
    "two",
    "three",
    "four",
    "red",
    "green",
    "blue",
    "yellow",
    "circle",
    "circles",
    "square",
    "squares",
    "triangle",
    "triangles",
    "to",
    "the",
    "left",
    "right",
    "of",
    "above",
    "below",
    "and",
    ",",
]
_WORD = re.compile(r"[a-z]+|,")

SHAPES_CONFIG = dict(
    image_size=32,
    patch=4,
    text_len=24,
    text_dim=64,
    head_features=16,
    transformer=dict(
        patch_size=1,
        in_channels=48,
        out_channels=48 + 16 * 16,
        num_layers=2,
        num_single_layers=2,
        attention_head_dim=32,
        num_attention_heads=4,
        joint_attention_dim=64,
        timestep_guidance_channels=256,
        mlp_ratio=3.0,
        axes_dims_rope=(8, 12, 12),
        rope_theta=100,
        guidance_embeds=False,
    ),
)


class ShapesTextEncoder(nn.Module):
    """Word embeddings + learned positions + one transformer layer, so "red" knows which noun it modifies."""

    def __init__(self, vocab_size: int, text_len: int, dim: int):
        super().__init__()
        self.tok = nn.Embedding(vocab_size, dim)
        self.pos = nn.Parameter(torch.randn(text_len, dim) * 0.02)
        self.layer = nn.TransformerEncoderLayer(
            dim, 4, 4 * dim, dropout=0.0, batch_first=True, norm_first=True
        )

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        return self.layer(self.tok(ids) + self.pos)


class ShapesModel(nn.Module):
    """Flux2Transformer2DModel on 4x4 pixel patches plus a residual conv head (measured while
    prototyping: the head draws cleaner edges). velocity = linear velocity + convs(linear velocity, features, x_t);
    the last conv is zero-initialized so the model starts as the plain transformer."""

    def __init__(self, config: dict = SHAPES_CONFIG):
        super().__init__()
        from diffusers import Flux2Transformer2DModel

        self.config = config
        self.text_encoder = ShapesTextEncoder(
            len(SHAPES_VOCAB), config["text_len"], config["text_dim"]
        )
        self.transformer = Flux2Transformer2DModel(**config["transformer"])
        nn.init.zeros_(self.transformer.proj_out.weight)
        c = 3 + config["head_features"] + 3
        self.head = nn.Sequential(
            nn.Conv2d(c, 32, 3, padding=1),
            nn.SiLU(),
            nn.Conv2d(32, 32, 3, padding=1),
            nn.SiLU(),
            nn.Conv2d(32, 3, 3, padding=1),
        )
        nn.init.zeros_(self.head[-1].weight)
        nn.init.zeros_(self.head[-1].bias)
        n = config["image_size"] // config["patch"]
        rows, cols = torch.meshgrid(torch.arange(n), torch.arange(n), indexing="ij")
        self.register_buffer(
            "img_ids",
            torch.stack([torch.zeros_like(rows), rows, cols], -1).reshape(-1, 3).float(),
            persistent=False,
        )
        t = torch.arange(config["text_len"]).float()
        self.register_buffer(
            "txt_ids",
            torch.stack([t, torch.zeros_like(t), torch.zeros_like(t)], -1),
            persistent=False,
        )

    def unpatchify(self, x: torch.Tensor, channels: int) -> torch.Tensor:
        p, n = self.config["patch"], self.config["image_size"] // self.config["patch"]
        return (
            x.reshape(-1, n, n, channels, p, p)
            .permute(0, 3, 1, 4, 2, 5)
            .reshape(-1, channels, n * p, n * p)
        )

    def patchify(self, img: torch.Tensor) -> torch.Tensor:
        p, n = self.config["patch"], self.config["image_size"] // self.config["patch"]
        c = img.shape[1]
        return (
            img.reshape(-1, c, n, p, n, p).permute(0, 2, 4, 1, 3, 5).reshape(-1, n * n, c * p * p)
        )

    def forward(self, x: torch.Tensor, sigma: torch.Tensor, text: torch.Tensor) -> torch.Tensor:
        out = self.transformer(
            hidden_states=x,
            encoder_hidden_states=text,
            timestep=sigma,
            img_ids=self.img_ids,
            txt_ids=self.txt_ids,
            return_dict=False,
        )[0]
        v_lin, feats = out[..., :48], out[..., 48:]
        v_img = self.unpatchify(v_lin, 3)
        h = torch.cat(
            [v_img, self.unpatchify(feats, self.config["head_features"]), self.unpatchify(x, 3)], 1
        )
        return self.patchify(v_img + self.head(h))


TF32_FLAGS = (torch.backends.cuda.matmul, torch.backends.cudnn.conv, torch.backends.cudnn.rnn)


def full_fp32() -> None:
    """TF32 off in this process, called when the shapes model goes to a GPU: its fp32 weights were trained and are
    judged on the CPU, and cuDNN runs convolutions (its conv head) in TF32 by default, with 10-bit mantissas. The
    flags are read as each kernel runs, the backward's too, so they stay set for the process (real backbones compute
    in bf16 and never load this model). PyTorch's per-backend `fp32_precision` flags: the legacy allow_tf32 flags
    must not be mixed with them."""
    for flags in TF32_FLAGS:
        flags.fp32_precision = "ieee"


class ShapesBackbone(Backbone):
    """The shapes world's base model (support/build/shapes_pretrain.py trains it). Pixels in [-1, 1], black = -1."""

    name = "shapes"

    def __init__(self, model: ShapesModel, guidance_scale: float = 1.0):
        self.model = model
        self.transformer = model.transformer
        self.guidance_scale = guidance_scale
        n = model.config["image_size"] // model.config["patch"]
        self.grid = (n, n)
        # The last single-stream block is the one whose image->text attention lands on the named object;
        # averaging in the others dilutes it.
        last = len(self.transformer.single_transformer_blocks) - 1
        self.default_capture_layers = [f"single_transformer_blocks.{last}"]

    def tokenize(self, prompt: str) -> list[tuple[int, int, int]]:
        """(token id, char start, char end) per word; unknown words are an error naming the word."""
        out = []
        for m in _WORD.finditer(prompt.lower()):
            if m.group() not in SHAPES_VOCAB:
                raise ValueError(
                    f"word {m.group()!r} at character {m.start()} of {prompt!r} is not in the shapes "
                    f"vocabulary {SHAPES_VOCAB[1:]}"
                )
            out.append((SHAPES_VOCAB.index(m.group()), m.start(), m.end()))
        if len(out) > self.model.config["text_len"]:
            raise ValueError(
                f"prompt has {len(out)} words, the shapes model reads {self.model.config['text_len']}"
            )
        return out

    def text_problem(self, prompt: str) -> str | None:
        try:
            self.tokenize(prompt)
        except ValueError as e:
            return str(e)
        return None

    def _ids(self, prompts: list[str]) -> torch.Tensor:
        ids = torch.zeros(len(prompts), self.model.config["text_len"], dtype=torch.long)
        for i, p in enumerate(prompts):
            toks = [t for t, _, _ in self.tokenize(p)]
            ids[i, : len(toks)] = torch.tensor(toks, dtype=torch.long)
        return ids.to(self.device)

    def _encode(self, prompts: list[str]) -> Cond:
        embeds = self.model.text_encoder(self._ids(prompts))
        neg = self.model.text_encoder(self._ids([""])).expand_as(embeds)
        return Cond(embeds, neg_embeds=neg)

    def token_positions(self, prompt: str, span: tuple[int, int]) -> list[int]:
        lo, hi = span
        return [i for i, (_, s, e) in enumerate(self.tokenize(prompt)) if s < hi and e > lo]

    def sigmas(self, num_steps: int) -> torch.Tensor:
        # Rectified flow with uniform steps; the model is trained on the same σ range.
        return torch.linspace(1.0, 0.0, num_steps + 1)

    def noise(self, n: int, generator: torch.Generator | None = None) -> torch.Tensor:
        h, w = self.grid
        return torch.randn(n, h * w, 48, generator=generator).to(self.device)

    def predict(self, x, sigma, cond: Cond, negative: bool = False) -> torch.Tensor:
        return self.model(x, _sigma_batch(sigma, x), cond.neg_embeds if negative else cond.embeds)

    def velocity(self, x, sigma, cond: Cond) -> torch.Tensor:
        if self.guidance_scale == 1.0:
            return self.predict(x, sigma, cond)
        both = self.model(
            torch.cat([x, x]),
            _sigma_batch(sigma, torch.cat([x, x])),
            torch.cat([cond.neg_embeds, cond.embeds]),
        )
        uncond, c = both.chunk(2)
        return cfg_combine(uncond, c, self.guidance_scale)

    def decode(self, x: torch.Tensor) -> torch.Tensor:
        return ((self.model.unpatchify(x.float(), 3) + 1) / 2).clamp(0, 1)

    def encode_images(self, images: torch.Tensor) -> torch.Tensor:
        """[N, 3, H, W] in [0, 1] -> packed tokens (the inverse of decode)."""
        return self.model.patchify(images.to(self.device) * 2 - 1)


def load_shapes(
    path: str | None = None, device="cpu", dtype=torch.float32, guidance_scale: float | None = None
):
    """The shipped base model (assets/shapes_base.safetensors) or a checkpoint of it; path="random" builds the
    model from its config with random weights (tests, and before a base model exists)."""
    path = path or os.path.join(ASSETS, "shapes_base.safetensors")
    meta = {}
    if path == "random":
        model = ShapesModel(SHAPES_CONFIG)
    elif not os.path.exists(path):
        raise FileNotFoundError(
            f"no shapes model at {path}: train one with "
            "`python -m support.build.shapes_pretrain pretrain`"
        )
    elif why := weights_problem(
        path
    ):  # damaged or truncated: one line with the fix, not safetensors' traceback
        raise InputError(why)
    else:
        with safe_open(path, "pt") as f:
            meta = f.metadata() or {}
        model = ShapesModel(json.loads(meta.get("config", json.dumps(SHAPES_CONFIG))))
        missing, unexpected = model.load_state_dict(load_file(path), strict=False)
        if missing or unexpected:
            raise ValueError(
                f"{path} does not match the shapes model: missing {missing[:3]}, "
                f"unexpected {unexpected[:3]}"
            )
    if (
        guidance_scale is None
    ):  # the CFG scale the base model was measured at, saved beside its weights
        guidance_scale = float(meta.get("guidance_scale", 1.0))
    if torch.device(device).type == "cuda":
        full_fp32()  # the same numbers as on the CPU
    model.to(device=device, dtype=dtype).eval()
    backbone = ShapesBackbone(model, guidance_scale)
    backbone.weights_meta = meta
    return backbone


def main(argv=None):
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = ap.add_subparsers(dest="cmd", required=True)
    sp = sub.add_parser("sample", help="a grid of random prompts and their renders")
    sp.add_argument("--n", type=int, default=16)
    sp.add_argument("--out", default="runs/shapes/world.png")
    args = ap.parse_args(argv)
    if args.n < 1:
        ap.error(f"--n {args.n}: must be at least 1")
    from support.pictures import save_grid

    rng = random.Random(0)
    graphs = [sample_shapes_graph(rng) for _ in range(args.n)]
    images = torch.stack([torch.from_numpy(draw_graph(g, rng)[0]) for g in graphs])
    prompts = [g.prompt for g in graphs]
    save_grid(images, args.out, prompts)
    print("\n".join(prompts), f"\n-> {args.out}")


if __name__ == "__main__":
    main()
