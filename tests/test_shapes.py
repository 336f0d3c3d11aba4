"""The shapes world: sampler, renderer, verifier, shipped base model, pretraining."""

import dataclasses
import os
import random

import pytest
import torch

import cast_csg
from support.backbone import sample_ode
from support.build.shapes_pretrain import (
    alignment_loss,
    flow_matching_loss,
    load_state,
    phrase_token_masks,
    save_state,
    training_batch,
)
from support.models import load_backbone
from support.prompt_files import read_prompt
from support.shapes import (
    ASSETS,
    COLORS,
    MAX_OBJECTS,
    SHAPE_NAMES,
    SHAPES_CONFIG,
    ShapesBackbone,
    ShapesModel,
    ShapesScorer,
    draw_graph,
    graph_to_scene,
    quality,
    render_scene,
    sample_shapes_graph,
)


def scenes(n, seed=0, **kw):
    rng = random.Random(seed)
    return [sample_shapes_graph(rng, **kw) for _ in range(n)], rng


def test_sampled_graphs_are_the_worlds_scenes():
    for g in scenes(300)[0]:
        phrases, relations = graph_to_scene(g)
        assert [(e.count, e.attributes, e.noun) for e in g.entities] == [
            (c, [["color", col]], s) for c, col, s in phrases
        ]
        assert [(r.subject, r.relation, r.target) for r in g.relations] == relations
        assert sum(c for c, _, _ in phrases) <= MAX_OBJECTS


def test_difficulty_knob_bounds_the_atom_count():
    rng = random.Random(1)
    for lo, hi in [(3, 3), (6, 7), (9, 11)]:
        for _ in range(30):
            assert lo <= len(sample_shapes_graph(rng, lo, hi).atoms) <= hi
    with pytest.raises(ValueError, match="atoms"):
        sample_shapes_graph(rng, 4, 5)


def test_renders_satisfy_their_graphs_and_masks_match():
    rng = random.Random(2)
    graphs, images, true_masks = [], [], []
    for g in scenes(300, seed=3)[0]:
        image, masks = draw_graph(g, rng)
        (
            graphs.append(g),
            images.append(torch.from_numpy(image)),
            true_masks.append(torch.from_numpy(masks)),
        )
    scores, found, _ = ShapesScorer().verify(torch.stack(images), graphs)
    mask = torch.tensor([[k < len(g.atoms) for k in range(scores.shape[1])] for g in graphs])
    assert scores[mask].min() == 1.0
    for f, t in zip(found, true_masks):
        assert torch.equal(f, t)
    q = quality(torch.stack(images))
    assert q["stray"] == 0.0 and q["fill_error"] < 0.06


def contradict(g, kind):
    """A copy of graph g with one fact changed; returns (graph, the atom positions that must now fail)."""
    g = cast_csg.SceneGraph.from_json(g.to_json())
    if kind == "relation":
        k, rel = next((k, a) for k, a in enumerate(g.atoms) if a.kind == "relation")
        rel.value = g.relations[0].relation = {
            "left of": "right of",
            "right of": "left of",
            "above": "below",
            "below": "above",
        }[rel.value]
        return g, {k}
    e = g.entities[0]
    atom = lambda kind: next(k for k, a in enumerate(g.atoms) if a.entity == 0 and a.kind == kind)  # noqa: E731
    if kind == "color":
        new = next(c for c in COLORS if all(["color", c] not in o.attributes for o in g.entities))
        e.attributes = [["color", new]]
        g.atoms[atom("attribute")].value = new
        return g, {atom("attribute")}
    if kind == "count":
        e.count += 1
        g.atoms[atom("count")].answer = cast_csg.NUMBERS[e.count]
        return g, {atom("count")}
    if kind == "no":  # the same fact, asked with the opposite expected answer
        g.atoms[atom("object")].answer = "No"
        return g, {atom("object")}
    e.noun = next(s for s in SHAPE_NAMES if all(o.noun != s for o in g.entities))
    return g, {atom("object"), atom("count")}


@pytest.mark.parametrize("kind", ["color", "count", "shape", "relation", "no"])
def test_contradicting_graphs_fail_on_the_right_atoms(kind):
    rng = random.Random(4)
    tried = 0
    for g in scenes(200, seed=5)[0]:
        prompt = g.prompt
        if kind == "relation" and not g.relations:
            continue
        if kind == "shape" and (
            len({o.noun for o in g.entities}) == len(SHAPE_NAMES)
            or any(o.noun == g.entities[0].noun for o in g.entities[1:])
        ):
            continue  # no free shape to swap in, or the swap would change how other phrases match
        image = torch.from_numpy(draw_graph(g, rng)[0])[None]
        bad, failing = contradict(g, kind)
        scores = ShapesScorer()(image, [bad])[0]
        for k, a in enumerate(bad.atoms):
            if k in failing:
                assert scores[k] == 0, (prompt, kind, a)
            elif a.kind != "relation" or kind == "relation":
                # other atoms keep their truth (a changed shape also removes the relation's anchor)
                assert scores[k] == 1 or a.entity == 0, (prompt, kind, a)
        tried += 1
    assert tried > 20


def test_score_reports_the_instances_each_count_atom_counted():
    rng = random.Random(7)
    drawn_as = read_prompt("three red circles and a blue square")
    image = torch.from_numpy(draw_graph(drawn_as, rng)[0])[None]
    for asked, ok in [
        ("two red circles and a blue square", 0.0),
        ("four red circles and a blue square", 0.0),
        ("three red circles and a blue square", 1.0),
    ]:
        g = read_prompt(asked)
        scores, _, drawn = ShapesScorer().verify(image, [g])
        assert torch.equal(scores, ShapesScorer()(image, [g]))
        for k, a in enumerate(g.atoms):
            if a.kind == "count":
                want = 3.0 if g.entities[a.entity].noun == "circle" else 1.0
                assert drawn[0, k] == want and scores[0, k] == (ok if want == 3.0 else 1.0), asked
            else:
                assert drawn[0, k].isnan(), a.kind


def test_render_raises_when_impossible():
    g = read_prompt("a red circle to the left of a blue square")
    g.relations.append(dataclasses.replace(g.relations[-1], relation="right of"))
    with pytest.raises(ValueError, match="could not lay out"):
        draw_graph(g, random.Random(0))
    with pytest.raises(ValueError, match="dog"):
        draw_graph(read_prompt("a red dog", cast_csg.EVERYDAY), random.Random(0))


def test_shipped_checkpoint_loads_and_samples_a_drawing():
    path = os.path.join(ASSETS, "shapes_base.safetensors")
    assert os.path.exists(path), "the base model must ship in assets/"
    assert os.path.getsize(path) < 20 * 2**20
    bb = load_backbone("shapes")
    assert bb.guidance_scale >= 1.0
    cond = bb.encode(["a red square"] * 4)
    images = bb.decode(sample_ode(bb, cond, bb.noise(4, torch.Generator().manual_seed(0)), 10))
    assert images.shape == (4, 3, 32, 32) and 0 <= images.min() and images.max() <= 1
    # a trained model draws something red on black, not noise
    red = (images[:, 0] > 0.5) & (images[:, 1] < 0.5) & (images[:, 2] < 0.5)
    assert red.flatten(1).sum(1).float().mean() > 40
    assert (images.amax(1) < 0.5).float().mean() > 0.6


def _tiny_shapes_model():
    torch.manual_seed(0)
    tiny = dict(
        SHAPES_CONFIG,
        transformer=dict(
            SHAPES_CONFIG["transformer"], num_layers=1, num_single_layers=1, num_attention_heads=2
        ),
    )
    model = ShapesModel(tiny)
    return model, ShapesBackbone(model)


def test_a_few_pretraining_steps_lower_the_loss():
    model, bb = _tiny_shapes_model()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    rng = random.Random(0)
    fixed = training_batch(random.Random(123), 16, 0.0)
    with torch.no_grad():
        torch.manual_seed(1)
        before = flow_matching_loss(model, bb, *fixed)[0].item()
    for _ in range(15):
        loss = flow_matching_loss(model, bb, *training_batch(rng, 16, 0.1))[0]
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        torch.manual_seed(1)
        after = flow_matching_loss(model, bb, *fixed)[0].item()
    assert after < 0.8 * before


def test_phrase_token_masks_put_each_phrase_mask_on_its_three_words():
    rng = random.Random(5)
    while True:
        g = sample_shapes_graph(rng)
        (phrases, relations), prompt = graph_to_scene(g), g.prompt
        if len(phrases) >= 2 and relations:
            break
    image, masks = render_scene(phrases, relations, rng)
    targets = phrase_token_masks(prompt, masks)
    words = prompt.split()
    pooled = torch.nn.functional.avg_pool2d(torch.from_numpy(masks).float()[None], 4)[0].flatten(1)
    colors = [i for i, w in enumerate(words) if w in COLORS]
    assert len(colors) == len(phrases)
    for k, c in enumerate(colors):
        assert words[c + 1].rstrip("s") in SHAPE_NAMES
        for w in (c - 1, c, c + 1):
            assert torch.equal(targets[w], pooled[k])
    others = [i for i in range(targets.shape[0]) if not any(abs(i - c) <= 1 for c in colors)]
    assert targets[others].abs().sum() == 0
    assert phrase_token_masks("", masks).abs().sum() == 0  # a dropped caption has no target


def test_alignment_loss_prefers_attention_on_the_objects_and_ignores_high_noise():
    targets = torch.zeros(1, 3, 4)
    targets[0, 1] = torch.tensor([1.0, 0.5, 0.0, 0.0])  # word 1's object covers tokens 0-1
    inside = torch.tensor([[0.6, 0.3, 0.05, 0.05]]).T[None].expand(1, 4, 3).clone()
    outside = torch.tensor([[0.05, 0.05, 0.3, 0.6]]).T[None].expand(1, 4, 3).clone()
    low_noise = torch.tensor([0.2])
    good, bad = (
        alignment_loss(inside, targets, low_noise),
        alignment_loss(outside, targets, low_noise),
    )
    share = (0.6 * 1 + 0.3 * 0.5) / 1.0  # Σ a·m / Σ a for the good map
    assert good.item() == pytest.approx(
        -(1 - 0.2) * torch.log(torch.tensor(share + 1e-6)).item(), rel=1e-5
    )
    assert bad > 3 * good
    assert alignment_loss(outside, targets, torch.tensor([1.0])).item() == pytest.approx(
        0.0, abs=1e-6
    )
    assert (
        alignment_loss(outside, torch.zeros(1, 3, 4), low_noise).item() == 0.0
    )  # no phrase words: no loss


def test_alignment_training_moves_the_last_blocks_attention_onto_the_objects():
    # The captured maps keep their graph (keep_grad), so L_align trains the block's queries and keys.
    model, bb = _tiny_shapes_model()
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    fixed = training_batch(random.Random(7), 16, 0.0)
    torch.manual_seed(1)
    before = flow_matching_loss(model, bb, *fixed, align=1.0)[1]
    assert before.requires_grad
    rng = random.Random(0)
    for _ in range(15):
        flow, align = flow_matching_loss(model, bb, *training_batch(rng, 16, 0.0), align=1.0)
        opt.zero_grad()
        (flow + align).backward()
        opt.step()
    torch.manual_seed(1)
    after = flow_matching_loss(model, bb, *fixed, align=1.0)[1]
    assert after.item() < 0.7 * before.item()


def _state_objects(seed):
    """A tiny model, its EMA, AdamW after one step, the cosine schedule and a Python RNG, as pretrain holds them."""
    from tiny import TINY_SHAPES

    torch.manual_seed(seed)
    model, ema = ShapesModel(TINY_SHAPES), ShapesModel(TINY_SHAPES)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: 0.5**s)
    sum(p.sum() for p in model.parameters()).backward()
    opt.step()
    sched.step()
    rng = random.Random(seed)
    rng.random()
    return model, ema, opt, sched, rng


def test_pretraining_state_round_trips_without_pickle(tmp_path):
    model, ema, opt, sched, rng = _state_objects(0)
    torch.manual_seed(5)
    save_state(str(tmp_path / "pretrain_state"), model, ema, opt, sched, rng, 7, 12.5)
    assert sorted(os.listdir(tmp_path)) == ["pretrain_state.json", "pretrain_state.safetensors"]
    expect_torch, expect_py = torch.rand(3), rng.random()
    m2, e2, o2, s2, r2 = _state_objects(1)
    assert load_state(str(tmp_path / "pretrain_state"), m2, e2, o2, s2, r2) == (7, 12.5)
    for a, b in zip(model.state_dict().values(), m2.state_dict().values()):
        assert torch.equal(a, b)
    for k, v in opt.state_dict()["state"][0].items():
        assert torch.equal(torch.as_tensor(v), torch.as_tensor(o2.state_dict()["state"][0][k]))
    assert s2.state_dict()["last_epoch"] == 1 and s2.get_last_lr() == sched.get_last_lr()
    assert torch.equal(torch.rand(3), expect_torch) and r2.random() == expect_py


@pytest.mark.parametrize("damage", ["truncate", "flip", "json"])
def test_a_damaged_pretraining_state_is_a_clear_error_naming_the_file(tmp_path, damage):
    path = str(tmp_path / "pretrain_state")
    save_state(path, *_state_objects(0), 7, 12.5)
    target = path + (".json" if damage == "json" else ".safetensors")
    data = bytearray(open(target, "rb").read())
    if damage == "truncate":
        data = data[: len(data) // 2]
    elif damage == "flip":
        data[-5] ^= 1  # a bit in the last tensor's data: the file still parses
    else:
        data = data[: len(data) // 3]  # a JSON cut short
    open(target, "wb").write(bytes(data))
    with pytest.raises(ValueError, match=os.path.basename(target).replace(".", r"\.")):
        load_state(path, *_state_objects(1))
