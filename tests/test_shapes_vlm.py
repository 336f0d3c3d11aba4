"""support/build/shapes_vlm.py: the shapes world's small Qwen3-VL. Its word-level tokenizer passes VLMScorer's checks,
the image processor gives the denoiser's 8x8 grid, training lowers the loss and resumes bit for bit, the saved folder
loads as a VLMScorer and grounds, and every training answer is the verifier's."""

import copy
import json
import os
import random
import sys

import pytest
import torch
from safetensors.torch import load_file

import cast_csg
from cast_advantage import ground
from cast_reward import VLMScorer, answer_spellings, number_spellings
from support.build import shapes_vlm
from support.build.shapes_vlm import (
    SPECIALS,
    Example,
    as_uint8,
    base_pool,
    batch_loss,
    build_image_processor,
    build_model,
    build_tokenizer,
    changed_graph,
    describe,
    draw_batch,
    encode_batch,
    image_examples,
    object_tokens,
    probe_examples,
)
from support.checkpoint import sha256
from support.shapes import ShapesScorer, draw_graph, sample_shapes_graph
from support.vlm import CHAT, QUESTION, VLM, to_pil


@pytest.fixture(scope="module")
def tok():
    return build_tokenizer()


def renders(n, seed=0):
    rng = random.Random(seed)
    graphs = [sample_shapes_graph(rng) for _ in range(n)]
    return torch.stack([torch.from_numpy(draw_graph(g, rng)[0]) for g in graphs]), graphs


# ---------------------------------------------------------------- tokenizer and image processor


def test_the_chat_template_tokenizes_in_two_parts_at_the_question(tok):
    prefix, suffix = CHAT[: CHAT.index(QUESTION)], CHAT[CHAT.index(QUESTION) :]
    for question in ("Are there any cats?", "Are the red circles to the left of the blue square?"):
        whole = CHAT.replace("<|image_pad|>", "<|image_pad|>" * 64).replace(
            QUESTION, question + " Answer in one word."
        )
        split = (
            tok(prefix.replace("<|image_pad|>", "<|image_pad|>" * 64)).input_ids
            + tok(
                suffix.replace(QUESTION, question + " Answer in one word."),
                add_special_tokens=False,
            ).input_ids
        )
        assert split == tok(whole).input_ids
    ids = tok(
        CHAT.replace(QUESTION, "How many circles are in the image? Answer in one word.")
    ).input_ids
    assert tok.convert_ids_to_tokens(ids) == [
        "<|im_start|>",
        "user",
        "<|vision_start|>",
        "<|image_pad|>",
        "<|vision_end|>",
        "How",
        "many",
        "circles",
        "are",
        "in",
        "the",
        "image",
        "?",
        "Answer",
        "in",
        "one",
        "word",
        ".",
        "<|im_end|>",
        "<|im_start|>",
        "assistant",
    ]
    assert tok.unk_token_id not in ids
    assert all(len(tok.encode(s, add_special_tokens=False)) == 1 for s in SPECIALS)


def test_offsets_map_each_token_to_its_characters(tok):
    _, graphs = renders(20)
    for g in graphs:
        text = describe(g.prompt)
        enc = tok(text, return_offsets_mapping=True)
        start = text.index(g.prompt)
        words = [
            text[a:b]
            for a, b in enc.offset_mapping
            if a >= start and b <= start + len(g.prompt) and b > a
        ]
        assert words == g.prompt.split()
        assert tok.convert_ids_to_tokens(enc.input_ids)[-len(words) - 1 : -1] == words


def test_unknown_words_are_unk_and_the_answers_are_single_tokens(tok):
    unk = tok.unk_token_id
    for word in ("cats", "YES", "2", "Two", "purple"):
        assert tok.encode(word, add_special_tokens=False) == [unk]
    for word in ("Yes", "No", "two", " Yes"):
        assert len(tok.encode(word, add_special_tokens=False)) == 1
        assert tok.encode(word, add_special_tokens=False) != [unk]
    model = build_model(tok)
    scorer = VLMScorer(
        VLM.from_components(model, tok, build_image_processor())
    )  # runs VLM._setup's checks
    assert tok.convert_ids_to_tokens(scorer.yes_ids.tolist()) == ["Yes", "yes"]
    assert unk not in scorer.single_token_ids(answer_spellings("Yes")).tolist()
    for n in range(4):
        ids = scorer.single_token_ids(number_spellings(n)).tolist()
        assert tok.convert_ids_to_tokens(ids) == [cast_csg.NUMBERS[n]]


def test_the_image_processor_keeps_32_pixels_and_gives_64_visual_tokens():
    ip = build_image_processor()
    pix = ip(images=[to_pil(torch.rand(3, 32, 32))], return_tensors="pt")
    assert pix["image_grid_thw"].tolist() == [[1, 16, 16]]
    assert int(pix["image_grid_thw"].prod()) // ip.merge_size**2 == 64


def test_the_default_model_is_small(tok):
    n = sum(p.numel() for p in build_model(tok).parameters())
    assert 1_000_000 <= n <= 2_000_000


# ---------------------------------------------------------------- training data: the verifier's answers


def answered(graph, answers):
    g = copy.deepcopy(graph)
    for atom, answer in zip(g.atoms, answers):
        atom.answer = answer
    return g


def test_render_answers_are_the_graphs_and_counterfactual_answers_the_verifiers():
    images, graphs = renders(40)
    images = as_uint8(images)
    rng = random.Random(3)
    scorer = ShapesScorer()
    for image, g in zip(images, graphs):
        own = probe_examples(image, g)
        assert [(e.text, e.answer, e.kind) for e in own] == [
            (a.question, a.answer, a.kind) for a in g.atoms
        ]
        for probe in (changed_graph(g, rng), sample_shapes_graph(rng)):
            examples = probe_examples(image, probe)
            assert [e.text for e in examples] == [a.question for a in probe.atoms]
            assert (
                scorer(
                    image[None].float() / 255, [answered(probe, [e.answer for e in examples])]
                ).min()
                == 1
            )


def test_base_model_sample_answers_are_the_verifiers_and_only_true_prompts_describe():
    images, graphs = base_pool(4, 7)
    assert images.dtype == torch.uint8 and images.shape == (4, 3, 32, 32)
    rng = random.Random(0)
    for image, g in zip(images, graphs):
        own = probe_examples(image, g)
        assert (
            ShapesScorer()(image[None].float() / 255, [answered(g, [e.answer for e in own])]).min()
            == 1
        )
        true = [e.answer for e in own] == [a.answer for a in g.atoms]
        examples = image_examples(rng, image, g, 40)
        assert any(e.kind == "describe" for e in examples) == true
        assert all(e.text == g.prompt for e in examples if e.kind == "describe")
        for e in examples:
            assert e.answer is None or e.answer in cast_csg.NUMBERS + ("Yes", "No")


def test_a_batch_groups_questions_by_image_and_labels_only_the_answers(tok):
    groups = draw_batch(random.Random(0), 10, 4, base_pool(2, 7))
    assert [len(e) for _, e in groups] == [4, 4, 2]
    batch = encode_batch(groups, tok, build_image_processor())
    assert batch["image_index"].tolist() == [0] * 4 + [1] * 4 + [2] * 2
    assert batch["pixel_values"].shape[0] == 3 * 256
    for b, e in enumerate(e for _, g in groups for e in g):
        labelled = batch["labels"][b][batch["labels"][b] != -100]
        if e.answer is None:
            assert tok.convert_ids_to_tokens(labelled.tolist()) == e.text.split() + ["<|im_end|>"]
        else:
            assert tok.convert_ids_to_tokens(labelled.tolist()) == [e.answer]


def test_a_renders_regions_are_the_tokens_its_objects_touch_and_the_rows_its_span_words(tok):
    rng = random.Random(4)
    for _ in range(10):
        g = sample_shapes_graph(rng)
        image, masks = draw_graph(g, rng)
        regions = object_tokens(masks, g)
        assert len(regions) == sum(1 for a in g.atoms if a.spans and a.entity is not None) > 0
        for (spans, tokens), atom in zip(
            regions, [a for a in g.atoms if a.spans and a.entity is not None]
        ):
            assert spans == atom.spans
            pixels = masks[[e for e in (atom.entity, atom.target) if e is not None]].any(0)
            grid = tokens.reshape(8, 8)
            for y in range(
                8
            ):  # a marked token holds one of the objects' pixels, an unmarked one none
                for x in range(8):
                    assert bool(grid[y, x]) == bool(
                        pixels[4 * y : 4 * y + 4, 4 * x : 4 * x + 4].any()
                    )
        examples = [Example(g.prompt, None, "describe", regions)]
        batch = encode_batch(
            [(as_uint8(torch.from_numpy(image)), examples)], tok, build_image_processor()
        )
        assert len(batch["regions"]) == len(regions)
        for (_, rows, target), (spans, tokens) in zip(batch["regions"], regions):
            words = tok.convert_ids_to_tokens(batch["input_ids"][0, rows].tolist())
            assert words == " ".join(g.prompt[a:b] for a, b in sorted(spans)).split()
            assert torch.allclose(target, tokens.float() / tokens.sum())


def test_the_attention_loss_moves_layer_0_maps_onto_the_objects(tok):
    """Steps with the grounding term put more of cast_advantage.ground's layer-0 mass on the atoms' objects than
    the same steps from the same start without it."""
    rng, groups, graphs = random.Random(6), [], []
    for _ in range(8):
        g = sample_shapes_graph(rng)
        image, masks = draw_graph(g, rng)
        example = Example(g.prompt, None, "describe", object_tokens(masks, g))
        groups.append((as_uint8(torch.from_numpy(image)), [example]))
        graphs.append(g)
    ip = build_image_processor()
    batch, images = (
        encode_batch(groups, tok, ip),
        torch.stack([image for image, _ in groups]).float() / 255,
    )

    def mass_on_objects(weight):
        model = build_model(tok)
        opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
        for _ in range(15):
            loss = batch_loss(model, batch, grounding_weight=weight)
            opt.zero_grad()
            loss.backward()
            opt.step()
        maps = ground(
            VLMScorer(VLM.from_components(model, tok, ip)), images, graphs, (8, 8), layer=0
        )
        atoms = [
            (i, k)
            for i, g in enumerate(graphs)
            for k, a in enumerate(g.atoms)
            if a.spans and a.entity is not None
        ]
        shares = [
            float((maps[i, k].flatten() * tokens).sum() / maps[i, k].sum())
            for (i, k), (_, tokens) in zip(atoms, [r for _, [e] in groups for r in e.regions])
        ]
        return sum(shares) / len(shares)

    without, with_loss = mass_on_objects(0.0), mass_on_objects(1.0)
    assert with_loss > without + 0.2


# ---------------------------------------------------------------- training, the folder, resume


def test_twenty_steps_on_one_batch_lower_its_loss(tok):
    model = build_model(tok)
    batch = encode_batch(draw_batch(random.Random(0), 16, 4), tok, build_image_processor())
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3)
    with torch.no_grad():
        before = batch_loss(model, batch).item()
    for _ in range(20):
        loss = batch_loss(model, batch)
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        after = batch_loss(model, batch).item()
    assert after < 0.7 * before


def pretrain(tmp_path, name, *extra):
    shapes_vlm.main(
        [
            "pretrain",
            "--batch",
            "4",
            "--pool",
            "2",
            "--warmup",
            "1",
            "--out",
            str(tmp_path / name),
            "--weights",
            str(tmp_path / name / "weights"),
            *extra,
        ]
    )
    return tmp_path / name


def test_the_saved_folder_loads_as_a_vlm_scorer_and_grounds(tmp_path):
    folder = pretrain(tmp_path, "run", "--steps", "3") / "weights"
    assert json.load(open(folder / "config.json"))["model_type"] == "qwen3_vl"
    sums = dict(line.split()[::-1] for line in open(folder / "SHA256SUMS"))
    assert set(sums) == set(os.listdir(folder)) - {"SHA256SUMS"}
    assert all(sha256(folder / n) == h for n, h in sums.items())
    images, graphs = renders(3, seed=5)
    scorer = VLMScorer(VLM(str(folder), device="cpu"))
    scores = scorer(images, graphs)
    mask = cast_csg.atom_mask(graphs)
    assert (
        scores.shape == mask.shape
        and (scores >= 0).all()
        and (scores <= 1).all()
        and (scores[~mask] == 0).all()
    )
    maps = ground(scorer, images, graphs, (8, 8))
    assert maps.shape == (*mask.shape, 8, 8)
    spans = torch.tensor(
        [
            [bool(a.spans) for a in g.atoms] + [False] * (mask.shape[1] - len(g.atoms))
            for g in graphs
        ]
    )
    assert torch.allclose(maps.mean((2, 3))[spans], torch.ones(int(spans.sum())), atol=1e-5)
    sys.path.insert(
        0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench")
    )
    from shapes_vlm_report import main as report

    result = report(["--weights", str(folder), "--prompts", "3", "--out", str(tmp_path / "report")])
    assert set(result["sets"]) == {"renders", "renders, changed graph", "base-model samples"}
    assert set(result["grounding"]) == set(range(len(scorer.decoder_layers)))
    for per_kind in result["grounding"].values():
        assert all(
            0 <= r["mass"] <= 1 and 0 <= r["peak"] <= 1 and 0 < r["chance"] <= 1
            for r in per_kind.values()
        )
        assert per_kind["all"]["n"] == sum(r["n"] for k, r in per_kind.items() if k != "all")
    for name, c in result["calibration"].items():
        assert (
            sum(b["n"] for b in c["bins"]) == result["sets"][name]["all"]["n"]
            and 0 <= c["ece"] <= 1
        )
    assert (tmp_path / "report" / "report.json").exists() and (
        tmp_path / "report" / "reliability.png"
    ).exists()


def test_a_killed_and_resumed_run_ends_with_the_same_weights(tmp_path, monkeypatch):
    straight = pretrain(tmp_path, "straight", "--steps", "4", "--save-every", "2")
    calls, draw = [], shapes_vlm.draw_batch

    def killed_after_two_steps(*args, **kwargs):
        calls.append(1)
        if len(calls) > 2:
            raise KeyboardInterrupt
        return draw(*args, **kwargs)

    monkeypatch.setattr(shapes_vlm, "draw_batch", killed_after_two_steps)
    with pytest.raises(KeyboardInterrupt):
        pretrain(tmp_path, "resumed", "--steps", "4", "--save-every", "2")
    assert json.load(open(tmp_path / "resumed" / "vlm_state.json"))["step"] == 2
    monkeypatch.setattr(shapes_vlm, "draw_batch", draw)
    resumed = pretrain(tmp_path, "resumed", "--steps", "4", "--save-every", "2", "--resume")
    for name in ("vlm_state.safetensors", "weights/model.safetensors"):
        a, b = load_file(straight / name), load_file(resumed / name)
        assert a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a), name


def test_bad_flags_are_listed_together(capsys):
    with pytest.raises(SystemExit):
        shapes_vlm.main(["pretrain", "--steps", "0", "--lr", "-1", "--ema", "1", "--pool", "-2"])
    err = capsys.readouterr().err
    assert all(s in err for s in ("--steps 0", "--lr -1", "--ema 1", "--pool -2"))
    sys.path.insert(
        0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench")
    )
    from shapes_vlm_report import main as report

    with pytest.raises(SystemExit):
        report(["--weights", "/nonexistent"])
    assert "no model folder" in capsys.readouterr().err
