"""support/shapes.py: the shapes world, where every part of CAST runs for real on a laptop CPU.

Small RGB images on black; circles, squares and triangles in red, green, blue and yellow; counts;
the relations left of / right of / above / below. Prompts read like GenEval's ("two red circles to
the left of a blue square"), every atom has a programmatic ground truth, and a small FLUX.2
transformer (support.shapes_model.ShapesModel) is the base model RL improves. The world's parts:

    sample_shapes_graph(rng)           a prompt and its atoms from cast_csg's generator (difficulty by atom count)
    draw_graph(graph, rng)          a random image satisfying a scene graph, with its object masks
    ShapesScorer()(images, g)   the verifier: per-atom scores in [0, 1], like the VLM scorer

support/shapes_pretrain.py trains the base model on this world's renders and measures it.

Run alone:
    python -m support.shapes sample                       # a grid of prompts and renders -> runs/shapes/world.png
"""
from __future__ import annotations

import argparse
import math
import random

import numpy as np
import torch

import cast_csg
from cast_csg import SceneGraph

SHAPE_NAMES = cast_csg.SHAPES.nouns                                 # circle, square, triangle
COLORS = {"red": (1, 0, 0), "green": (0, 1, 0), "blue": (0, 0, 1), "yellow": (1, 1, 0)}
RELATIONS = cast_csg.SHAPES.relations                               # left of, right of, above, below
assert tuple(COLORS) == cast_csg.SHAPES.attributes["color"]
SIZE = 32            # image side (px)
OBJ = (10, 12)       # object side range (px): big enough to tell a square from a circle at 32 px
GAP = 2              # min free pixels between objects, so same-colored objects do not merge
MAX_OBJECTS = 3      # the base model draws three objects clearly; four crowd a 32-px image
MARGIN = 3.0         # relation margin (px) between group centroids, as GenEval's position check


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
        if e.noun not in SHAPE_NAMES or [k for k, _ in e.attributes] != ["color"] or e.attributes[0][1] not in COLORS:
            raise ValueError(f"the shapes world draws one colored circle/square/triangle per phrase; "
                             f"cannot place {e.attributes} {e.noun!r} of {graph.prompt!r}")
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
    return np.abs(xx - side / 2) <= yy / 2          # apex at the top, base at the bottom


def relation_holds(a: tuple[float, float], b: tuple[float, float], relation: str, margin: float = MARGIN) -> bool:
    """Group centroids (x, y), image y pointing down; GenEval's rule: the centre difference beats a margin."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    return {"left of": dx > margin, "right of": -dx > margin, "above": dy > margin, "below": -dy > margin}[relation]


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
                if not occupied[y:y + side + 2 * GAP, x:x + side + 2 * GAP].any():
                    break
            else:
                ok = False
                break
            occupied[y:y + side + 2 * GAP, x:x + side + 2 * GAP] = True
            boxes.append((i, color, shape, x, y, side))
        if not ok:
            continue
        image = np.zeros((3, SIZE, SIZE), np.float32)
        masks = np.zeros((len(phrases), SIZE, SIZE), bool)
        cent = {i: [] for i in range(len(phrases))}
        for i, color, shape, x, y, side in boxes:
            fp = draw(shape, side)
            image[:, y:y + side, x:x + side][:, fp] = np.array(COLORS[color], np.float32)[:, None]
            masks[i, y:y + side, x:x + side] |= fp
            ys, xs = np.nonzero(fp)
            cent[i].append((x + xs.mean() + 0.5, y + ys.mean() + 0.5))   # pixel centroid, as the verifier sees it
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
    labels = torch.where(mask, torch.arange(1, H * W + 1, dtype=torch.float32).reshape(1, H, W).expand(B, H, W),
                         torch.zeros(()))
    while True:
        p = torch.nn.functional.pad(labels, (1, 1, 1, 1))
        grown = torch.stack([labels, p[:, :-2, 1:-1], p[:, 2:, 1:-1], p[:, 1:-1, :-2], p[:, 1:-1, 2:]]).amax(0)
        grown = grown * mask
        if torch.equal(grown, labels):
            return labels.long()
        labels = grown


def find_objects(image: torch.Tensor, min_pixels: int = 12):
    """Objects in one image [3, S, S]: dicts with color, shape (None if no shape fits), centroid, mask."""
    on = image > 0.5                                             # each channel thresholded at half intensity
    objects = []
    for color, rgb in COLORS.items():
        want = torch.tensor(rgb, dtype=torch.bool)[:, None, None]
        labels = components((on == want).all(0)[None])[0]
        for lab in labels.unique()[1:]:
            m = labels == lab
            if m.sum() < min_pixels:
                continue                                         # specks are noise, not objects
            ys, xs = torch.nonzero(m, as_tuple=True)
            h, w = int(ys.max() - ys.min() + 1), int(xs.max() - xs.min() + 1)
            area, fill = int(m.sum()), float(m.sum()) / (h * w)
            # The size check keeps noisy blobs from falling into a shape's fill band by luck
            # (a lenient verifier rewards noise).
            sized = (OBJ[0] - 2 <= h <= OBJ[1] + 2 and OBJ[0] - 2 <= w <= OBJ[1] + 2
                     and 0.39 * OBJ[0] ** 2 <= area <= 1.2 * OBJ[1] ** 2)
            # Fill of the bounding box: square 1.0, disc 0.79 (pi/4), triangle 0.5 on ground truth.
            shape = None if not sized else "square" if fill > 0.9 else "circle" if fill > 0.66 else \
                "triangle" if fill > 0.35 else None
            objects.append(dict(color=color, shape=shape, mask=m, fill=fill,
                                centroid=(float(xs.float().mean()) + 0.5, float(ys.float().mean()) + 0.5)))
    return objects


def phrase_matches(found, phrases):
    """Per phrase (count, color, shape), the detected objects it matches: those of its shape, and also of its color
    when another phrase names the same shape (otherwise the phrases could not be told apart)."""
    matches = []
    for count, color, shape in phrases:
        shared = sum(s == shape for _, _, s in phrases) > 1
        matches.append([o for o in found if o["shape"] == shape and (not shared or o["color"] == color)])
    return matches


def centroids(matches):
    """Each phrase's group centroid (x, y), None where nothing matched."""
    return [tuple(np.mean([o["centroid"] for o in m], 0)) if m else None for m in matches]


def layout(image: torch.Tensor, graph: SceneGraph) -> tuple:
    """What the verifier reads of an image's layout for a prompt's phrases: per phrase, the colors of its matches
    (sorted: their count and colors), and for every ordered pair of phrases which of left of / right of / above /
    below hold between their centroids. Two images with equal layouts pass and fail the same atoms of the graph
    (and of any graph over the same phrases); cast_window's layout-freeze point compares them."""
    phrases, _ = graph_to_scene(graph)
    matches = phrase_matches(find_objects(image.detach().float().cpu()), phrases)
    cent = centroids(matches)
    kinds = tuple(tuple(sorted(o["color"] for o in m)) for m in matches)
    relations = tuple(cent[i] is not None and cent[j] is not None and relation_holds(cent[i], cent[j], r)
                      for i in range(len(phrases)) for j in range(len(phrases)) if i != j for r in RELATIONS)
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
            for k, a in enumerate(g.atoms):      # the verifier's answer to the probe, against the expected one
                m = matches[a.entity]
                if a.kind == "object":
                    truth = len(m) > 0
                elif a.kind == "count":
                    truth = cast_csg.NUMBERS[len(m)] if len(m) < len(cast_csg.NUMBERS) else str(len(m))
                    drawn[n, k] = len(m)
                elif a.kind == "attribute":
                    truth = len(m) > 0 and all(o["color"] == a.value for o in m)
                else:
                    truth = cent[a.entity] is not None and cent[a.target] is not None and \
                        relation_holds(cent[a.entity], cent[a.target], a.value)
                ok = (truth if isinstance(truth, str) else "yes" if truth else "no") == a.answer.lower()
                scores[n, k] = float(ok)
            S = image.shape[-1]
            masks.append(torch.stack([torch.stack([o["mask"] for o in m]).any(0) if m else
                                      torch.zeros(S, S, dtype=torch.bool) for m in matches]))
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
    return {"stray": float(np.mean(stray)), "fill_error": float(np.mean(err)) if err else float("nan")}


def clean_drawing(images: torch.Tensor) -> torch.Tensor:
    """[N]: a holistic reward that reads no prompt, the shapes world's stand-in for an aesthetic predictor
    (flow_grpo_orig): 1 − the share of lit pixels that belong to no well-formed shape."""
    return torch.tensor([1 - quality(image[None])["stray"] for image in images])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
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
