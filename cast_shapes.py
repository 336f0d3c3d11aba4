"""cast_shapes.py: the shapes world, where every part of CAST runs for real on a laptop CPU.

Small RGB images on black; circles, squares and triangles in red, green, blue and yellow; counts;
the relations left of / right of / above / below. Prompts read like GenEval's ("two red circles to
the left of a blue square"), every atom has a programmatic ground truth, and a small FLUX.2
transformer (cast_model.ShapesModel) is the base model RL improves. The world's parts:

    sample_prompt(rng)          a prompt from the grammar below (difficulty by atom count)
    render(graph, rng)          a random image satisfying a scene graph, with its object masks
    ShapesScorer()(images, g)   the verifier: per-atom scores in [0, 1], like the VLM scorer
    pretrain / report           train the base model by rectified flow (plus attention alignment,
                                so its words attend to their objects); measure it

Run alone:
    python cast_shapes.py sample                       # a grid of prompts and renders -> runs/shapes/world.png
    python cast_shapes.py pretrain --steps 7500 --align 0 --threads 1    # the shipped model: stage 1, then
    python cast_shapes.py pretrain --resume --steps 16000                # stage 2 (writes assets/shapes_base.safetensors)
    python cast_shapes.py report                       # base-model accuracy by atom kind and count
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import time
from contextlib import nullcontext

import numpy as np
import torch

import cast_csg
from cast_csg import SceneGraph

SHAPES = ("circle", "square", "triangle")
COLORS = {"red": (1, 0, 0), "green": (0, 1, 0), "blue": (0, 0, 1), "yellow": (1, 1, 0)}
RELATIONS = {"left of": ("left of", "to the left of"), "right of": ("right of", "to the right of"),
             "above": ("above",), "below": ("below",)}
COUNT_WORDS = {1: ("a", "one"), 2: ("two",), 3: ("three",)}
SIZE = 32            # image side (px)
OBJ = (10, 12)       # object side range (px): big enough to tell a square from a circle at 32 px
GAP = 2              # min free pixels between objects, so same-colored objects do not merge
MAX_OBJECTS = 3      # the base model draws three objects clearly; four crowd a 32-px image
MARGIN = 3.0         # relation margin (px) between group centroids, as GenEval's position check


# ---------------------------------------------------------------------------------------------
# The world: prompts and renders
# ---------------------------------------------------------------------------------------------

def sample_scene(rng: random.Random, min_atoms: int = 3, max_atoms: int = 10):
    """(prompt, phrases, relations): phrases [(count, color, shape)], relations [(i, relation, j)] between
    adjacent phrases. Atom count = 3 per phrase (object, count, color) + 1 per relation."""
    for _ in range(1000):
        n_phr = rng.choice([1, 1, 2, 2, 3]) if max_atoms >= 6 else 1
        counts = [1] * n_phr
        for _ in range(rng.randint(0, MAX_OBJECTS - n_phr)):
            counts[rng.randrange(n_phr)] += 1
        phrases = [(c, rng.choice(list(COLORS)), rng.choice(SHAPES)) for c in counts]
        if len(set(phrases)) < n_phr or len({(c, s) for _, c, s in phrases}) < n_phr:
            continue   # two phrases naming the same colored shape cannot be told apart
        links = [rng.choice([None] + list(RELATIONS)) for _ in range(n_phr - 1)]
        relations = [(i, r, i + 1) for i, r in enumerate(links) if r]
        if min_atoms <= 3 * n_phr + len(relations) <= max_atoms:
            break
    else:
        raise ValueError(f"no shapes prompt has between {min_atoms} and {max_atoms} atoms")
    words = []
    for i, (c, color, shape) in enumerate(phrases):
        words.append(f"{rng.choice(COUNT_WORDS[c])} {color} {shape}{'s' if c > 1 else ''}")
        if i < n_phr - 1:
            words.append(rng.choice(RELATIONS[links[i]]) if links[i] else "and")
    return " ".join(words), phrases, relations


def sample_prompt(rng: random.Random, min_atoms: int = 3, max_atoms: int = 10) -> str:
    """A prompt of the shapes grammar with between min_atoms and max_atoms atoms (the difficulty knob)."""
    return sample_scene(rng, min_atoms, max_atoms)[0]


def graph_to_scene(graph: SceneGraph):
    """Phrases and relations of a parsed graph, checked against the world's vocabulary."""
    phrases = []
    for o in graph.objects:
        colors = [a for a in o.attributes if a in COLORS]
        if o.noun not in SHAPES or len(colors) != 1 or len(o.attributes) != 1:
            raise ValueError(f"the shapes world draws one colored circle/square/triangle per phrase; "
                             f"cannot place {o.attributes} {o.noun!r} of {graph.prompt!r}")
        phrases.append((o.count or 2, colors[0], o.noun))      # a bare plural is drawn as two
    relations = [(a.subject, a.value, a.target) for a in graph.atoms if a.kind == "relation"]
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


def render(graph: SceneGraph, rng: random.Random):
    """(image [3,S,S] in [0,1], object masks [n_objects,S,S]) for a parsed shapes prompt; raises if impossible."""
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
            # (notes/shapes-prototype.md: a lenient verifier rewards noise).
            sized = (OBJ[0] - 2 <= h <= OBJ[1] + 2 and OBJ[0] - 2 <= w <= OBJ[1] + 2
                     and 0.39 * OBJ[0] ** 2 <= area <= 1.2 * OBJ[1] ** 2)
            # Fill of the bounding box: square 1.0, disc 0.79 (pi/4), triangle 0.5 on ground truth.
            shape = None if not sized else "square" if fill > 0.9 else "circle" if fill > 0.66 else \
                "triangle" if fill > 0.35 else None
            objects.append(dict(color=color, shape=shape, mask=m, fill=fill,
                                centroid=(float(xs.float().mean()) + 0.5, float(ys.float().mean()) + 0.5)))
    return objects


class ShapesScorer:
    """The shapes-world verifier with the scorer interface of cast_reward: scores [N, K] in {0, 1}.

    Object phrase i (count n, color c, shape s) is matched by the detected objects of shape s, and also of
    color c when another phrase names the same shape (otherwise the phrases could not be told apart).
      object    at least one match          count     exactly n matches
      attribute every match has color c     relation  group centroids differ by > MARGIN px that way
    `verify` also returns, per image, the union mask of each phrase's matches [n_objects, S, S]: the
    advantage maps' localization is measured against them."""

    def __call__(self, images: torch.Tensor, graphs: list[SceneGraph]) -> torch.Tensor:
        return self.verify(images, graphs)[0]

    def verify(self, images: torch.Tensor, graphs: list[SceneGraph]):
        K = max(len(g.atoms) for g in graphs)
        scores = torch.zeros(len(graphs), K)
        masks = []
        for n, (image, g) in enumerate(zip(images.detach().float().cpu(), graphs)):
            phrases, _ = graph_to_scene(g)
            found = find_objects(image)
            matches = []
            for count, color, shape in phrases:
                shared = sum(s == shape for _, _, s in phrases) > 1
                matches.append([o for o in found if o["shape"] == shape and (not shared or o["color"] == color)])
            cent = [tuple(np.mean([o["centroid"] for o in m], 0)) if m else None for m in matches]
            for k, a in enumerate(g.atoms):
                m = matches[a.subject]
                if a.kind == "object":
                    ok = len(m) > 0
                elif a.kind == "count":          # None: a bare plural ("circles"), two or more
                    ok = len(m) >= 2 if a.value is None else len(m) == a.value
                elif a.kind == "attribute":
                    ok = len(m) > 0 and all(o["color"] == a.value for o in m)
                else:
                    ok = cent[a.subject] is not None and cent[a.target] is not None and \
                        relation_holds(cent[a.subject], cent[a.target], a.value)
                scores[n, k] = float(ok)
            S = image.shape[-1]
            masks.append(torch.stack([torch.stack([o["mask"] for o in m]).any(0) if m else
                                      torch.zeros(S, S, dtype=torch.bool) for m in matches]))
        return scores, masks


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


# ---------------------------------------------------------------------------------------------
# Pretraining the base model (rectified flow, caption dropout for CFG)
# ---------------------------------------------------------------------------------------------

def training_batch(rng: random.Random, batch: int, drop: float):
    """Rendered images as x0 in [-1, 1], their prompts ("" with probability `drop`, for CFG), and each
    prompt's phrase words -> object masks at token resolution (`phrase_token_masks`; zero for "")."""
    prompts, images, targets = [], [], []
    for _ in range(batch):
        prompt, phrases, relations = sample_scene(rng)
        image, masks = render_scene(phrases, relations, rng)
        prompt = "" if rng.random() < drop else prompt
        prompts.append(prompt)
        images.append(image)
        targets.append(phrase_token_masks(prompt, masks))
    return prompts, torch.from_numpy(np.stack(images)) * 2 - 1, torch.stack(targets)


def phrase_token_masks(prompt: str, masks: np.ndarray) -> torch.Tensor:
    """[text_len, n_img]: row w is, for each word w of an object phrase ("two red circles"), the share of
    each image token's patch covered by that phrase's objects; rows of the other words are zero. Phrase i
    is the i-th color word with the word before (count) and after (noun): the grammar of sample_scene.
    Words are split as the shapes model's tokenizer splits them, so row w is text token w."""
    from cast_shapes_model import _WORD, SHAPES_CONFIG
    pooled = torch.nn.functional.avg_pool2d(torch.from_numpy(masks).float()[None], SHAPES_CONFIG["patch"])[0]
    words = _WORD.findall(prompt.lower())
    out = torch.zeros(SHAPES_CONFIG["text_len"], pooled[0].numel())
    for i, w in enumerate(j for j, word in enumerate(words) if word in COLORS):
        out[w - 1:w + 2] = pooled[i].flatten()
    return out


def alignment_loss(maps: torch.Tensor, targets: torch.Tensor, sigma: torch.Tensor) -> torch.Tensor:
    """Attention alignment (pretraining only): for each phrase word j, the share of its image->text
    attention that lands on its own objects, share_j = Σ_p a_pj·m_jp / Σ_p a_pj, and
        L_align = mean_j −(1 − σ)·log share_j,
    weighted by (1 − σ) because at high noise the objects' place is not yet decided. It stands in for the
    localization large models learn from scale (README: why the toy model is taught to localize)."""
    a = maps.transpose(1, 2)                                                 # [B, n_txt, n_img]
    share = (a * targets).sum(-1) / a.sum(-1).clamp_min(1e-12)
    valid = targets.sum(-1) > 0
    if not valid.any():
        return maps.sum() * 0.0
    return -((1 - sigma)[:, None] * torch.log(share + 1e-6))[valid].mean()


def flow_matching_loss(model, backbone, prompts: list[str], x0: torch.Tensor, targets: torch.Tensor | None = None,
                       align: float = 0.0) -> tuple[torch.Tensor, torch.Tensor]:
    """Rectified flow: x_σ = (1 − σ)·x0 + σ·ε, regress v* = ε − x0, σ logit-normal (SD3's sampling).
    Returns (L_flow, L_align); with align > 0 the last single block's attention is captured (with its
    graph) and L_align scored against `targets` (training_batch's phrase masks)."""
    from cast_backbone import capture_attention
    x0 = model.patchify(x0)
    eps = torch.randn_like(x0)
    sigma = torch.sigmoid(torch.randn(x0.shape[0]))
    s = sigma[:, None, None]
    with capture_attention(backbone, keep_grad=True) if align > 0 else nullcontext() as cap:
        v = model(x0 * (1 - s) + s * eps, sigma, model.text_encoder(backbone._ids(prompts)))
    flow = ((v - (eps - x0)) ** 2).mean()
    return flow, alignment_loss(cap.maps, targets, sigma) if align > 0 else torch.zeros(())


def pretrain(args):
    from cast_backbone import sample_ode, save_grid
    from cast_shapes_model import SHAPES_CONFIG, ShapesBackbone, ShapesModel
    from safetensors.torch import save_file
    from tqdm import tqdm
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    model = ShapesModel(SHAPES_CONFIG)
    ema = ShapesModel(SHAPES_CONFIG).requires_grad_(False)
    ema.load_state_dict(model.state_dict())
    bb = ShapesBackbone(model)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.0)
    # Cosine decay to 10% of the peak (notes/shapes-prototype.md, round 2).
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: 0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * min(s, args.steps) / args.steps)))
    state_path, step, elapsed = os.path.join(args.out, "pretrain_state.pt"), 0, 0.0
    if args.resume and os.path.exists(state_path):
        st = torch.load(state_path, weights_only=False)
        model.load_state_dict(st["model"]), ema.load_state_dict(st["ema"]), opt.load_state_dict(st["opt"])
        sched.load_state_dict(st["sched"]), rng.setstate(st["rng"]), torch.set_rng_state(st["torch_rng"])
        step, elapsed = st["step"], st.get("seconds", 0.0)
    print(f"shapes model: {sum(p.numel() for p in model.parameters()) / 1e6:.2f}M parameters; from step {step}")
    eval_rng = random.Random(1234)
    eval_prompts = [sample_prompt(eval_rng) for _ in range(16)]
    log = open(os.path.join(args.out, "pretrain.jsonl"), "a")
    t0, bar = time.time(), tqdm(range(step, args.steps), initial=step, total=args.steps, desc="pretrain")
    for step in bar:
        flow, align = flow_matching_loss(model, bb, *training_batch(rng, args.batch, args.caption_dropout),
                                         align=args.align)
        loss = flow + args.align * align
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()
        with torch.no_grad():
            for pe, pm in zip(ema.parameters(), model.parameters()):
                pe.lerp_(pm, 1 - args.ema)
        bar.set_postfix(loss=f"{flow.item():.4f}", align=f"{align.item():.3f}")
        if (step + 1) % 50 == 0:
            log.write(json.dumps({"step": step + 1, "loss": flow.item(), "align": align.item(),
                                  "lr": sched.get_last_lr()[0], "seconds": elapsed + time.time() - t0}) + "\n")
            log.flush()
        if (step + 1) % args.save_every == 0 or step + 1 == args.steps:
            ebb = ShapesBackbone(ema.eval(), guidance_scale=args.guidance)
            x = sample_ode(ebb, ebb.encode(eval_prompts), ebb.noise(16, torch.Generator().manual_seed(0)), 10)
            save_grid(ebb.decode(x), os.path.join(args.out, f"pretrain_{step + 1:06d}.png"), eval_prompts)
            tmp = state_path + ".tmp"
            torch.save(dict(model=model.state_dict(), ema=ema.state_dict(), opt=opt.state_dict(),
                            sched=sched.state_dict(), rng=rng.getstate(), torch_rng=torch.get_rng_state(),
                            step=step + 1, seconds=elapsed + time.time() - t0), tmp)
            os.replace(tmp, state_path)                           # atomic: a killed run resumes from here
            weights = {k: v.contiguous() for k, v in ema.state_dict().items()}
            meta = {"config": json.dumps(SHAPES_CONFIG), "guidance_scale": str(args.guidance),
                    "steps": str(step + 1)}
            save_file(weights, args.weights + ".tmp", metadata=meta)
            os.replace(args.weights + ".tmp", args.weights)
    print(f"pretraining took {(elapsed + time.time() - t0) / 60:.1f} min in all; weights in {args.weights}")


def report(args):
    """Base-model accuracy with the verifier at the sampling settings training uses, per CFG scale."""
    from cast_backbone import sample_ode, save_grid
    from cast_shapes_model import load_shapes
    from cast_reward import gate, summarize
    rng = random.Random(args.seed)                 # a fixed prompt set, never the training stream
    prompts = [sample_prompt(rng) for _ in range(args.prompts)]
    graphs = [cast_csg.parse(p) for p in prompts] * args.seeds
    rows = {}
    for scale in args.guidance:
        bb = load_shapes(args.weights, guidance_scale=scale)
        images, t0 = [], time.time()
        for s in range(args.seeds):
            gen = torch.Generator().manual_seed(s)
            for i in range(0, len(prompts), 100):
                chunk = prompts[i:i + 100]
                x = sample_ode(bb, bb.encode(chunk), bb.noise(len(chunk), gen), args.steps)
                images.append(bb.decode(x))
        seconds = time.time() - t0
        images = torch.cat(images)
        summary = summarize(gate(ShapesScorer()(images, graphs), graphs), graphs)
        summary.update(quality(images), images_per_s=len(images) / seconds, guidance=scale)
        rows[scale] = summary
        save_grid(images[:32], os.path.join(args.out, f"base_samples_cfg{scale:g}.png"), prompts[:32])
    kinds = ["object", "count", "attribute", "relation"]
    print(f"| CFG | AM | {' | '.join(kinds)} | strict | GM | stray px | images/s |\n|" + "---|" * (len(kinds) + 6))
    for scale, s in rows.items():
        k = " | ".join(f"{100 * s['per_kind'][x]['mean']:.1f}" if x in s["per_kind"] else "-" for x in kinds)
        print(f"| {scale:g} | {100 * s['am']:.1f} ± {100 * s['am_se']:.1f} | {k} | {100 * s['strict']:.1f} | "
              f"{100 * s['gm']:.1f} | {s['stray']:.3f} | {s['images_per_s']:.0f} |")
    for scale, s in rows.items():
        print(f"CFG {scale:g}, AM by atoms per prompt: " +
              ", ".join(f"{c}: {100 * v['am']:.1f} (n={v['n']})" for c, v in s["per_atom_count"].items()))
    with open(os.path.join(args.out, "base_report.json"), "w") as f:
        json.dump({str(k): v for k, v in rows.items()}, f, indent=1)


def cli_problems(args) -> list[str]:
    """The subcommand's values, one line per problem (argparse's error reports them all before any work)."""
    ints = {"sample": ("n",), "pretrain": ("steps", "batch", "save_every", "threads"),
            "report": ("prompts", "seeds", "steps")}[args.cmd]
    bad = [f"--{k.replace('_', '-')} {getattr(args, k)}: must be at least 1" for k in ints if getattr(args, k) < 1]
    if args.cmd == "pretrain":
        bad += [f"--lr {args.lr}: must be > 0"] if not args.lr > 0 else []
        bad += [f"--{k.replace('_', '-')} {getattr(args, k)}: must be in [0, 1)" for k in ("ema", "caption_dropout")
                if not 0 <= getattr(args, k) < 1]
        bad += [f"--align {args.align}: must be >= 0"] if not args.align >= 0 else []
    guidance = args.guidance if args.cmd == "report" else [args.guidance] if args.cmd == "pretrain" else []
    bad += [f"--guidance {g}: must be > 0" for g in guidance if not g > 0]
    if args.cmd == "report" and args.weights and not os.path.isfile(args.weights):
        bad.append(f"--weights {args.weights}: no such file")
    return bad


def main(argv=None):
    from cast_shapes_model import ASSETS
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sp = sub.add_parser("sample", help="a grid of random prompts and their renders")
    sp.add_argument("--n", type=int, default=16)
    sp.add_argument("--out", default="runs/shapes/world.png")
    pp = sub.add_parser("pretrain", help="train the base model by rectified flow")
    pp.add_argument("--steps", type=int, default=16000)
    pp.add_argument("--batch", type=int, default=32)
    pp.add_argument("--lr", type=float, default=1e-3)
    pp.add_argument("--ema", type=float, default=0.998)
    pp.add_argument("--caption-dropout", type=float, default=0.1)
    pp.add_argument("--guidance", type=float, default=1.5, help="CFG scale saved with the weights (training's default)")
    pp.add_argument("--save-every", type=int, default=500)
    pp.add_argument("--seed", type=int, default=0)
    pp.add_argument("--threads", type=int, default=2)
    pp.add_argument("--out", default="runs/pretrain")
    pp.add_argument("--weights", default=os.path.join(ASSETS, "shapes_base.safetensors"))
    pp.add_argument("--resume", action="store_true", help="continue from <out>/pretrain_state.pt; a larger "
                    "--steps than the state's run restarts the cosine warm (the shipped model's second stage)")
    pp.add_argument("--align", type=float, default=0.02, help="weight of the attention alignment loss (0: off)")
    rp = sub.add_parser("report", help="accuracy of the base model by atom kind and atom count")
    rp.add_argument("--weights", default=None, help="default: assets/shapes_base.safetensors")
    rp.add_argument("--prompts", type=int, default=200)
    rp.add_argument("--seeds", type=int, default=2)
    rp.add_argument("--steps", type=int, default=10, help="the training schedule's steps")
    rp.add_argument("--guidance", type=float, nargs="+", default=[1.0, 2.0, 3.0])
    rp.add_argument("--seed", type=int, default=999)
    rp.add_argument("--out", default="runs/shapes")
    args = ap.parse_args(argv)
    if bad := cli_problems(args):
        ap.error("\n".join(bad))
    if args.cmd == "sample":
        from cast_backbone import save_grid
        rng = random.Random(0)
        prompts = [sample_prompt(rng) for _ in range(args.n)]
        images = torch.stack([torch.from_numpy(render(cast_csg.parse(p), rng)[0]) for p in prompts])
        save_grid(images, args.out, prompts)
        print("\n".join(prompts), f"\n-> {args.out}")
    elif args.cmd == "pretrain":
        torch.set_num_threads(args.threads)
        pretrain(args)
    else:
        os.makedirs(args.out, exist_ok=True)
        report(args)


if __name__ == "__main__":
    main()
