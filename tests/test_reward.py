"""cast_reward: Soft-TIFA scores from tiny random Qwen3-VL / Qwen2.5-VL models built in code,
causal gating, GenEval 2 summaries, scores.safetensors and the CLI's input checks."""

import copy
import json
import math
import re

import pytest
import torch
from PIL import Image
from tokenizers import pre_tokenizers
from transformers import (
    Qwen2_5_VLConfig,
    Qwen2_5_VLForConditionalGeneration,
    Qwen2Tokenizer,
    Qwen2VLImageProcessor,
    Qwen3VLConfig,
    Qwen3VLForConditionalGeneration,
)

from cast_csg import Atom, Entity, Relation, SceneGraph, atom_mask
from cast_reward import VLMScorer, answer_spellings, main
from support.checkpoint import load_tensors
from support.evaluation import format_summary, summarize
from support.stage_files import save_scores
from support.vlm import CHAT, VLM

SPECIALS = [
    "<|endoftext|>",
    "<|im_start|>",
    "<|im_end|>",
    "<|vision_start|>",
    "<|vision_end|>",
    "<|image_pad|>",
    "<|video_pad|>",
]


@pytest.fixture(scope="module")
def tok():
    return tiny_tokenizer()


def tiny_tokenizer():
    """A byte-level BPE trained so yes/no and number words (with and without a leading space) are
    single tokens, as in the real Qwen vocabulary; digits are single characters, as in Qwen."""
    words = (
        "yes no Yes No YES NO zero one two three four five six seven eight nine ten "
        "Zero One Two Three Four Five Six Seven Eight Nine Ten"
    ).split()
    corpus = [f"{w} {w}" for w in words] * 20 + [
        "Are there any cats in the image? Answer in one word."
    ] * 5
    base = Qwen2Tokenizer(
        vocab={c: i for i, c in enumerate(sorted(pre_tokenizers.ByteLevel.alphabet()))}, merges=[]
    )
    return base.train_new_from_iterator(corpus, 1000, new_special_tokens=SPECIALS)


def special_ids(tok):
    i = dict(zip(SPECIALS, tok.convert_tokens_to_ids(SPECIALS)))
    return dict(
        image_token_id=i["<|image_pad|>"],
        video_token_id=i["<|video_pad|>"],
        vision_start_token_id=i["<|vision_start|>"],
        vision_end_token_id=i["<|vision_end|>"],
    )


def tiny_qwen3(tok):
    torch.manual_seed(0)
    cfg = Qwen3VLConfig(
        text_config=dict(
            vocab_size=512,
            hidden_size=32,
            intermediate_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=8,
            rope_parameters={
                "rope_type": "default",
                "rope_theta": 5e6,
                "mrope_section": [2, 1, 1],
                "mrope_interleaved": True,
            },
        ),
        vision_config=dict(
            depth=2,
            hidden_size=32,
            intermediate_size=64,
            num_heads=4,
            patch_size=16,
            spatial_merge_size=2,
            temporal_patch_size=2,
            out_hidden_size=32,
            num_position_embeddings=64,
            deepstack_visual_indexes=[0, 1],
        ),
        **special_ids(tok),
    )
    return Qwen3VLForConditionalGeneration(cfg).eval(), Qwen2VLImageProcessor(
        patch_size=16, merge_size=2
    )


def tiny_qwen25(tok):
    torch.manual_seed(0)
    cfg = Qwen2_5_VLConfig(
        text_config=dict(
            vocab_size=512,
            hidden_size=32,
            intermediate_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            rope_parameters={"rope_type": "default", "rope_theta": 1e6, "mrope_section": [1, 1, 2]},
        ),
        vision_config=dict(
            depth=2,
            hidden_size=32,
            intermediate_size=64,
            num_heads=4,
            out_hidden_size=32,
            patch_size=14,
            spatial_merge_size=2,
            temporal_patch_size=2,
            window_size=56,
            fullatt_block_indexes=[1],
        ),
        **special_ids(tok),
    )
    return Qwen2_5_VLForConditionalGeneration(cfg).eval(), Qwen2VLImageProcessor(
        patch_size=14, merge_size=2
    )


@pytest.fixture(scope="module", params=["qwen3_vl", "qwen2_5_vl"])
def vlm(request, tok):
    model, ip = (tiny_qwen3 if request.param == "qwen3_vl" else tiny_qwen25)(tok)
    return model, tok, ip


def two_cubes_left_of_a_cat():
    """6 atoms; the count, attribute and relation atoms hang off the object atoms; spans are the prompt's words."""
    ents = [
        Entity("cube", 2, [["color", "red"]], "two", (8, 13)),
        Entity("cat", 1, [], "a", (24, 27)),
    ]
    atoms = [
        Atom("object", "Are there any cubes in the image?", "Yes", [(8, 13)], 0),
        Atom(
            "count",
            "How many cubes are in the image?",
            "two",
            [(0, 3), (8, 13)],
            0,
            value=2,
            parents=[0],
        ),
        Atom(
            "attribute", "Are the cubes red?", "Yes", [(4, 7), (8, 13)], 0, value="red", parents=[0]
        ),
        Atom("object", "Are there any cats in the image?", "Yes", [(24, 27)], 1),
        Atom(
            "count",
            "How many cats are in the image?",
            "one",
            [(22, 23), (24, 27)],
            1,
            value=1,
            parents=[3],
        ),
        Atom(
            "relation",
            "Are the cubes to the left of the cat?",
            "Yes",
            [(14, 21), (8, 13), (24, 27)],
            0,
            1,
            "left of",
            parents=[0, 3],
        ),
    ]
    return SceneGraph(
        "two red cubes left of a cat", ents, [Relation(0, "left of", 1, "left of")], atoms
    )


def a_dog():
    return SceneGraph(
        "a dog",
        [Entity("dog", 1, [], "a", (2, 5))],
        [],
        [
            Atom("object", "Is there a dog?", "Yes", [(2, 5)], 0),
            Atom(
                "count",
                "How many dogs are in the image?",
                "one",
                [(0, 1), (2, 5)],
                0,
                value=1,
                parents=[0],
            ),
        ],
    )


def hand_probs(model, tok, ip, image, question):
    """The notes' recipe, one pair at a time, no padding: full-vocab next-token probabilities."""
    pil = Image.fromarray((image * 255).round().to(torch.uint8).permute(1, 2, 0).numpy())
    pix = ip(images=[pil], return_tensors="pt")
    n = int(pix["image_grid_thw"].prod() // ip.merge_size**2)
    text = CHAT.replace("<|image_pad|>", "<|image_pad|>" * n).replace(
        "{question}", question + " Answer in one word."
    )
    ids = tok(text, return_tensors="pt").input_ids
    with torch.no_grad():
        out = model(
            input_ids=ids,
            attention_mask=torch.ones_like(ids),
            pixel_values=pix["pixel_values"],
            image_grid_thw=pix["image_grid_thw"],
            mm_token_type_ids=(ids == model.config.image_token_id).long(),
        )
    return out.logits[0, -1].softmax(-1)


# ---------------------------------------------------------------- VLM scores


def test_spelling_sets_keep_single_tokens(tok, vlm):
    s = VLMScorer(VLM.from_components(*vlm))
    ids = lambda *toks: sorted(tok.convert_tokens_to_ids(list(toks)))
    assert s.yes_ids.tolist() == ids("yes", "Yes", "YES", "Ġyes", "ĠYes", "ĠYES")
    two = two_cubes_left_of_a_cat().atoms[1]  # "How many cubes ...?" "two"
    assert s.answer_ids(two).tolist() == ids(
        "two", "Two", "Ġtwo", "ĠTwo", "2"
    )  # " 2" is two tokens: left out
    assert (
        s.query("Q?")
        == "<|im_start|>user\n<|vision_start|><|image_pad|><|vision_end|>Q? Answer in one word."
        "<|im_end|>\n<|im_start|>assistant\n"
    )


def test_scores_equal_hand_computation(tok, vlm):
    model, _, ip = vlm
    images = torch.rand(2, 3, 64, 64, generator=torch.Generator().manual_seed(1))
    graphs = [two_cubes_left_of_a_cat(), a_dog()]
    scores = VLMScorer(VLM.from_components(*vlm, batch_size=4))(images, graphs)
    assert scores.shape == (2, 6) and torch.isfinite(scores).all()
    assert (scores[1, 2:] == 0).all()  # padding
    yes = tok.convert_tokens_to_ids(["yes", "Yes", "YES", "Ġyes", "ĠYes", "ĠYES"])
    p = hand_probs(model, tok, ip, images[0], "Are the cubes red?")
    assert scores[0, 2].item() == pytest.approx(p[yes].sum().item(), rel=1e-4)
    p = hand_probs(model, tok, ip, images[0], "How many cubes are in the image?")  # count 2
    assert scores[0, 1].item() == pytest.approx(
        p[tok.convert_tokens_to_ids(["two", "Two", "Ġtwo", "ĠTwo", "2"])].sum().item(), rel=1e-4
    )
    p = hand_probs(model, tok, ip, images[1], "How many dogs are in the image?")  # count 1
    assert scores[1, 1].item() == pytest.approx(
        p[tok.convert_tokens_to_ids(["one", "One", "Ġone", "ĠOne", "1"])].sum().item(), rel=1e-4
    )


def three_dogs_no_cat():
    """An answer "No" (a probe for what must be absent) and a count whose answer is "three"."""
    return SceneGraph(
        "three dogs",
        [Entity("dog", 3, [], "three", (6, 10))],
        [],
        [
            Atom("object", "Are there any cats in the image?", "No", [], None),
            Atom(
                "count", "How many dogs are in the image?", "three", [(0, 5), (6, 10)], 0, value=3
            ),
            Atom("object", "Are there any dogs in the image?", "Yes", [(6, 10)], 0),
        ],
    )


def test_answer_spellings():
    assert answer_spellings("Yes") == ("Yes", "yes", "YES", " Yes", " yes", " YES")
    assert set(answer_spellings("No")) == {"No", "no", "NO", " No", " no", " NO"}
    assert (
        answer_spellings("three")
        == answer_spellings("Three")
        == answer_spellings("3")
        == ("three", "Three", " three", " Three", "3", " 3")
    )
    assert set(answer_spellings("red")) == {"red", "Red", "RED", " red", " Red", " RED"}
    with pytest.raises(ValueError, match="not one word"):
        answer_spellings("left of")


def test_the_scorer_asks_as_the_scene_graphs_and_the_vlm_write():
    """cast_reward stands alone, so it writes out what it shares: Soft-TIFA's ask (cast_csg.SUFFIX, which the shapes
    VLM trains on), the VLM's template slots (support/vlm.py), the generator's count words and the atom mask."""
    import cast_csg
    import cast_reward
    import support.vlm

    assert cast_reward.SUFFIX == cast_csg.SUFFIX
    assert (cast_reward.IMAGE_PAD, cast_reward.QUESTION) == (
        support.vlm.IMAGE_PAD,
        support.vlm.QUESTION,
    )
    assert cast_reward.NUMBER_WORDS[: len(cast_csg.NUMBERS)] == cast_csg.NUMBERS
    assert len(cast_reward.NUMBER_WORDS) == 21 and cast_reward.NUMBER_WORDS[-1] == "twenty"
    for graphs in ([two_cubes_left_of_a_cat(), a_dog()], [a_dog()], []):
        assert torch.equal(cast_reward.atom_mask(graphs), atom_mask(graphs))


def test_each_atom_scores_its_own_answer(tok, vlm):
    """A "No" atom scores P(no spellings), a "three" count the three-spellings, a "Yes" atom P(yes spellings):
    each equal to the notes' one-pair-at-a-time recipe summed by hand over the token ids."""
    model, _, ip = vlm
    image = torch.rand(1, 3, 64, 64, generator=torch.Generator().manual_seed(7))
    s = VLMScorer(VLM.from_components(*vlm))
    scores = s(image, [three_dogs_no_cat()])
    ids = lambda *toks: tok.convert_tokens_to_ids(list(toks))
    no = ids("no", "No", "NO", "Ġno", "ĠNo", "ĠNO")
    three = ids("three", "Three", "Ġthree", "ĠThree", "3")  # " 3" is two tokens: left out
    assert sorted(s.answer_ids(three_dogs_no_cat().atoms[0]).tolist()) == sorted(no)
    assert sorted(s.answer_ids(three_dogs_no_cat().atoms[1]).tolist()) == sorted(three)
    p = hand_probs(model, tok, ip, image[0], "Are there any cats in the image?")
    assert scores[0, 0].item() == pytest.approx(p[no].sum().item(), rel=1e-4)
    yes = ids("yes", "Yes", "YES", "Ġyes", "ĠYes", "ĠYES")
    assert scores[0, 0].item() != pytest.approx(p[yes].sum().item(), rel=1e-3)  # not P(yes)
    p = hand_probs(model, tok, ip, image[0], "How many dogs are in the image?")
    assert scores[0, 1].item() == pytest.approx(p[three].sum().item(), rel=1e-4)
    p = hand_probs(model, tok, ip, image[0], "Are there any dogs in the image?")
    assert scores[0, 2].item() == pytest.approx(p[yes].sum().item(), rel=1e-4)


def test_forced_no_scores_the_no_atom(tok, vlm):
    model, _, ip = vlm
    s = VLMScorer(VLM.from_components(forced(model, tok.convert_tokens_to_ids("ĠNo")), tok, ip))
    scores = s(torch.rand(1, 3, 64, 64), [three_dogs_no_cat()])
    assert scores[0, 0].item() == pytest.approx(1, abs=1e-5) and (scores[0, 1:] < 1e-5).all()


def test_unscorable_answers_are_refused(tok, vlm):
    """An answer with no single-token spelling (the tiny vocabulary has no "zebra"), or not one word, is a
    ValueError naming the question and the answer: never a silent 0 or an unknown token."""
    s = VLMScorer(VLM.from_components(*vlm))
    image = torch.rand(1, 3, 64, 64)
    for answer, why in (("zebra", "single token"), ("left of", "not one word")):
        g = SceneGraph("a zebra", [], [], [Atom("object", "What animal is it?", answer, [])])
        with pytest.raises(ValueError, match=f"What animal is it.*{answer!r}.*{why}"):
            s(image, [g])


def test_batching_and_padding_do_not_change_scores(vlm):
    g = torch.Generator().manual_seed(2)
    # different image sizes -> different numbers of image tokens; questions of different lengths
    images = [
        torch.rand(3, 64, 64, generator=g),
        torch.rand(3, 96, 64, generator=g),
        torch.rand(3, 64, 64, generator=g),
    ]
    graphs = [two_cubes_left_of_a_cat(), a_dog(), two_cubes_left_of_a_cat()]
    one = VLMScorer(VLM.from_components(*vlm, batch_size=1))(images, graphs)
    many = VLMScorer(VLM.from_components(*vlm, batch_size=5))(images, graphs)
    assert torch.allclose(one, many, atol=1e-6)
    assert (one[1, 2:] == 0).all() and (one[atom_mask(graphs)] > 0).all()


def test_one_vision_pass_per_image_equals_per_question_scoring(tok, vlm):
    """Every atom of images of two sizes, scored from one encoding per image (its KV cache), equals the notes'
    one-forward-per-question recipe; batch_size 4 splits an image's 6 questions over two answer batches."""
    model, _, ip = vlm
    g = torch.Generator().manual_seed(5)
    images = [torch.rand(3, *hw, generator=g) for hw in ((64, 64), (96, 64), (64, 64))]
    graphs = [two_cubes_left_of_a_cat(), a_dog(), two_cubes_left_of_a_cat()]
    s = VLMScorer(VLM.from_components(*vlm, batch_size=4))
    seen = []  # images through the vision tower, per call
    hook = model.model.visual.register_forward_hook(
        lambda m, a, kw, o: seen.append(len(kw["grid_thw"])), with_kwargs=True
    )
    try:
        scores = s(images, graphs)
    finally:
        hook.remove()
    assert sum(seen) == len(images)  # once per image, not once per (image, question)
    for i, graph in enumerate(graphs):
        for j, atom in enumerate(graph.atoms):
            p = hand_probs(model, tok, ip, images[i], atom.question)
            assert scores[i, j].item() == pytest.approx(
                p[s.answer_ids(atom)].sum().item(), rel=1e-4, abs=1e-7
            )


def forced(model, token_id):
    """A copy of `model` whose lm_head has a +100 bias on `token_id`: that token takes all the mass."""
    model = copy.deepcopy(model)
    head = torch.nn.Linear(model.lm_head.in_features, model.lm_head.out_features, bias=True)
    head.weight.data.copy_(model.lm_head.weight.data)
    head.bias.data.zero_()
    head.bias.data[token_id] = 100.0
    model.lm_head = head
    return model


def test_forced_answers_drive_scores(tok, vlm):
    model, _, ip = vlm
    images, graphs = torch.rand(2, 3, 64, 64), [two_cubes_left_of_a_cat(), a_dog()]
    is_count = torch.tensor(
        [[a.kind == "count" for a in g.atoms] + [False] * (6 - len(g.atoms)) for g in graphs]
    )
    yes_no = atom_mask(graphs) & ~is_count
    s = VLMScorer(VLM.from_components(forced(model, tok.convert_tokens_to_ids("Yes")), tok, ip))(
        images, graphs
    )
    assert torch.allclose(s[yes_no], torch.ones(1), atol=1e-5) and (s[is_count] < 1e-5).all()
    s = VLMScorer(VLM.from_components(forced(model, tok.convert_tokens_to_ids("Ġtwo")), tok, ip))(
        images, graphs
    )
    assert s[0, 1].item() == pytest.approx(1, abs=1e-5)  # "How many cubes" (2) reads " two"
    assert s[0, 4] < 1e-5 and s[1, 1] < 1e-5 and (s[yes_no] < 1e-5).all()


def test_tokenizer_chat_template_is_used(tok, vlm):
    model, _, ip = vlm
    t = copy.deepcopy(tok)
    t.chat_template = (
        "{% for m in messages %}<|im_start|>{{ m.role }}\n{% for c in m.content %}"
        "{% if c.type == 'image' %}<|vision_start|><|image_pad|><|vision_end|>"
        "{% else %}{{ c.text }}{% endif %}{% endfor %}<|im_end|>\n{% endfor %}"
        "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
    )
    assert VLMScorer(VLM.from_components(model, t, ip)).template == CHAT
    t.chat_template = "{% for m in messages %}{{ m.role }}{% endfor %}"  # no image slot: refused
    with pytest.raises(ValueError, match="chat template"):
        VLMScorer(VLM.from_components(model, t, ip))


# ---------------------------------------------------------------- summaries


def test_per_kind_standard_error_counts_prompts_not_atoms():
    two = SceneGraph(
        "a", [], [], [Atom("object", "", "Yes", [], 0), Atom("object", "", "Yes", [], 1)]
    )
    one = SceneGraph("b", [], [], [Atom("object", "", "Yes", [], 0)])
    s = summarize(torch.tensor([[1.0, 0.0], [1.0, 0.0]]), [two, one])["per_kind"]["object"]
    # prompt sums (1 of 2 atoms, 1 of 1): mean 2/3; SE sqrt(2/1 · ((1 − 4/3)² + (1 − 2/3)²)) / 3 = 2/9
    assert s["mean"] == pytest.approx(2 / 3) and s["n"] == 3 and s["se"] == pytest.approx(2 / 9)


def test_summarize_hand_values():
    g3 = SceneGraph(
        "a",
        [],
        [],
        [
            Atom("object", "", "Yes", [], 0),
            Atom("count", "", "one", [], 0, parents=[0]),
            Atom("attribute", "", "Yes", [], 0, value="red", parents=[0]),
        ],
    )
    g2 = SceneGraph(
        "b",
        [],
        [],
        [
            Atom("object", "", "Yes", [], 0),
            Atom("relation", "", "Yes", [], 0, 0, "above", parents=[0]),
        ],
    )
    s = summarize(torch.tensor([[1.0, 0.5, 0.25], [1.0, 1.0, 0.0]]), [g3, g2])
    assert s["am"] == pytest.approx((1.75 / 3 + 1) / 2)
    assert s["am_se"] == pytest.approx((1 - 1.75 / 3) / 2)  # n=2: |a-b|/2
    assert s["gm"] == pytest.approx((0.125 ** (1 / 3) + 1) / 2)
    assert s["strict"] == 0.5 and s["strict_se"] == pytest.approx(0.5)  # 0.5 is not > 0.5
    assert {k: (v["mean"], v["n"]) for k, v in s["per_kind"].items()} == {
        "attribute": (0.25, 1),
        "count": (0.5, 1),
        "object": (1.0, 2),
        "relation": (1.0, 1),
    }
    assert s["per_kind"]["object"]["se"] == 0 and math.isnan(
        s["per_kind"]["count"]["se"]
    )  # 2 prompts agree; 1
    assert (
        s["per_atom_count"][3]["am"] == pytest.approx(1.75 / 3)
        and s["per_atom_count"][2]["am"] == 1.0
    )
    # a 0 atom is floored at GM_FLOOR inside the log: GM of (1, 0) is sqrt(1e-6), not 0 or nan
    assert summarize(torch.tensor([[1.0, 0.0]]), [g2])["gm"] == pytest.approx(math.sqrt(1e-6))
    table = format_summary(s)
    assert "| Soft-TIFA AM | 79.2 ± 20.8 |" in table and "| Soft-TIFA GM | 75.0 |" in table


def test_scores_file_round_trip(tmp_path):
    graphs = [two_cubes_left_of_a_cat(), a_dog()]
    scores = torch.rand(2, 6) * atom_mask(graphs)
    save_scores(tmp_path / "s.safetensors", scores, atom_mask(graphs), scorer="x", n=[1, 2])
    t, meta = load_tensors(str(tmp_path / "s.safetensors"))
    assert (
        set(t) == {"scores", "mask"}
        and torch.equal(t["scores"], scores)
        and t["mask"].dtype == torch.bool
    )
    assert t["mask"].tolist() == [[True] * 6, [True, True] + [False] * 4] and meta == {
        "scorer": "x",
        "n": [1, 2],
    }


# ---------------------------------------------------------------- CLI


@pytest.fixture
def job(tmp_path):
    """Two PNGs and their atoms.jsonl."""
    (tmp_path / "img").mkdir()
    g = torch.Generator().manual_seed(3)
    for name in ("b.png", "a.png"):
        arr = (torch.rand(64, 64, 3, generator=g) * 255).to(torch.uint8).numpy()
        Image.fromarray(arr).save(tmp_path / "img" / name)
    graphs = [two_cubes_left_of_a_cat(), a_dog()]
    (tmp_path / "atoms.jsonl").write_text("\n".join(x.to_json() for x in graphs) + "\n")
    return tmp_path, graphs


def test_cli_scores_a_folder(job, tok, capsys):
    tmp, graphs = job
    model, ip = tiny_qwen3(tok)
    for part in (model, tok, ip):
        part.save_pretrained(tmp / "vlm")
    summary = main(
        [
            "--images",
            str(tmp / "img"),
            "--atoms",
            str(tmp / "atoms.jsonl"),
            "--scorer-path",
            str(tmp / "vlm"),
            "--out",
            str(tmp / "scores.safetensors"),
            "--batch-size",
            "3",
        ]
    )
    t, meta = load_tensors(str(tmp / "scores.safetensors"))
    images = [
        Image.open(tmp / "img" / f).convert("RGB") for f in ("a.png", "b.png")
    ]  # sorted order
    want = VLMScorer(VLM.from_components(model, tok, ip))(images, graphs)
    assert torch.allclose(t["scores"], want, atol=1e-5)
    assert meta["summary"]["am"] == pytest.approx(summary["am"]) and meta["images"][0].endswith(
        "a.png"
    )
    assert "Soft-TIFA AM" in capsys.readouterr().out


def test_cli_rejects_bad_input_before_loading(job, capsys):
    tmp, _ = job
    (tmp / "vlm").mkdir()

    def rejects(message, *extra, scorer=str(tmp / "vlm"), images=str(tmp / "img")):
        """argparse's error: exit code 2, the usage line and the message naming the problem."""
        with pytest.raises(SystemExit) as e:
            main(
                [
                    "--images",
                    images,
                    "--atoms",
                    str(tmp / "atoms.jsonl"),
                    "--scorer-path",
                    scorer,
                    *extra,
                ]
            )
        err = capsys.readouterr().err
        assert e.value.code == 2 and "usage:" in err and re.search(message, err), err

    rejects("no config.json")
    (tmp / "vlm" / "config.json").write_text(json.dumps({"model_type": "llama"}))
    rejects("'llama' model, not a VLM")
    (tmp / "map.json").write_text(
        json.dumps({"two red cubes left of a cat": "a.png", "a dog": "gone.png"})
    )
    rejects("missing or unreadable image .*gone.png", "--map", str(tmp / "map.json"))
    rejects("image folder .*nowhere does not exist", images=str(tmp / "nowhere"))
    rejects("--batch-size 0: must be at least 1", "--batch-size", "0")
    rejects(r"--threshold 1.5: must be in \[0, 1\)", "--threshold", "1.5")
    (tmp / "img" / "c.png").write_bytes((tmp / "img" / "a.png").read_bytes())
    rejects("3 images in .* but 2 scene graphs")


def test_rescoring_a_run_needs_its_stage_files_and_says_which_is_missing(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["--run", str(tmp_path), "--scorer-path", "shapes"])
    assert (
        "rollout.safetensors is missing: --run needs a cast_train run folder"
        in capsys.readouterr().err
    )
    with pytest.raises(SystemExit):
        main(["--scorer-path", "shapes"])
    assert "give --images and --atoms, or --run" in capsys.readouterr().err
