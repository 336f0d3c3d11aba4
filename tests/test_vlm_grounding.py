"""The VLM's grounding (paper Sec. 4.2-4.3): per-atom maps from the frozen VLM's first decoder layer, on tiny random
Qwen3-VL / Qwen2.5-VL models built in code (tests/test_reward.py's builders), checked against hand computations."""

import copy

import pytest
import torch
from PIL import Image
from test_reward import tiny_qwen3, tiny_qwen25, tiny_tokenizer
from torch.nn import functional as F

from cast_advantage import atom_maps, ground, score_and_ground
from cast_csg import Atom, SceneGraph, atom_mask
from cast_reward import VLMScorer
from support.prompt_files import read_prompt
from support.vlm import GROUNDING_INSTRUCTION, VLM

PROMPTS = (
    "two red dogs to the left of a cat",
    "a photo of three wooden chairs and a dog chasing a cat",
)


@pytest.fixture(scope="module")
def tok():
    return tiny_tokenizer()


@pytest.fixture(scope="module", params=["qwen3_vl", "qwen2_5_vl"])
def vlm(request, tok):
    model, ip = (tiny_qwen3 if request.param == "qwen3_vl" else tiny_qwen25)(tok)
    return model, tok, ip


def graphs():
    return [read_prompt(p) for p in PROMPTS]


def images():
    g = torch.Generator().manual_seed(4)
    return [
        torch.rand(3, 64, 64, generator=g),
        torch.rand(3, 96, 64, generator=g),
    ]  # 4 and 6 visual tokens


def hand_text(prompt, n_visual):
    """The grounding conversation written out by hand (the tiny tokenizer has no chat template), in full: the
    scorer cuts it after the prompt, which causal attention makes irrelevant to the prompt's rows."""
    return (
        f"<|im_start|>user\n<|vision_start|>{'<|image_pad|>' * n_visual}<|vision_end|>{GROUNDING_INSTRUCTION}"
        f"<|im_end|>\n<|im_start|>assistant\n{prompt}<|im_end|>\n"
    )


def hand_rows(tok, prompt, n_visual, atom):
    """Atom `atom`'s token positions in hand_text, found without offset mappings: the prompt's tokens start where
    the tokens of the text before it end, and token i covers the characters decode(ids[:i]) .. decode(ids[:i+1])."""
    before = hand_text(prompt, n_visual).split("assistant\n")[0] + "assistant\n"
    first = len(tok(before).input_ids)
    ids = tok(hand_text(prompt, n_visual)).input_ids[first:]
    ends = [len(tok.decode(ids[: i + 1])) for i in range(len(ids))]
    starts = [0] + ends[:-1]
    return [
        first + i
        for i, (s, e) in enumerate(zip(starts, ends))
        if e <= len(prompt) and any(s < hi and e > lo for lo, hi in atom.spans)
    ]


def grid_maps(rows, grid_thw, merge, size, token_grid):
    """atom_maps written out with the torch calls the paper names, for one image's [K, n_visual] rows."""
    t, h, w = (int(v) for v in grid_thw)
    m = rows.reshape(len(rows), t, h // merge, w // merge).mean(1)
    m = m / m.mean(dim=(1, 2), keepdim=True)
    m = F.interpolate(m[:, None], size=size, mode="bilinear", align_corners=False)
    return F.avg_pool2d(m, (size[0] // token_grid[0], size[1] // token_grid[1]))[:, 0]


# ---------------------------------------------------------------- inputs: rows and columns


def test_query_rows_are_exactly_the_atoms_tokens(vlm):
    model, tok, ip = vlm
    s = VLMScorer(VLM.from_components(*vlm))
    vision = s.encode_vision(images())
    inputs = s.grounding_inputs(vision, graphs())
    ids, mask = inputs["enc"]["input_ids"], inputs["enc"]["attention_mask"]
    for b, (g, n) in enumerate(zip(graphs(), vision["n_tokens"])):
        pad = int((mask[b] == 0).sum())  # left padding
        full = tok(hand_text(g.prompt, n)).input_ids
        assert (
            ids[b, pad:].tolist() == full[: ids.shape[1] - pad]
        )  # the hand text, cut after the prompt
        assert tok.decode(ids[b, pad:]).endswith("assistant\n" + g.prompt)
        for k, atom in enumerate(g.atoms):
            want = [pad + r for r in hand_rows(tok, g.prompt, n, atom)]
            assert inputs["rows"][b][k].tolist() == want, (g.prompt, atom.question)
            words = tok.decode(ids[b, want]).replace(" ", "")
            assert all(g.prompt[lo:hi].replace(" ", "") in words for lo, hi in atom.spans)


def test_visual_columns_are_the_image_tokens(vlm):
    s = VLMScorer(VLM.from_components(*vlm))
    vision = s.encode_vision(images())
    inputs = s.grounding_inputs(vision, graphs())
    for b, n in enumerate(vision["n_tokens"]):
        cols = inputs["visual"][b]
        assert len(cols) == n == int(vision["grid"][b].prod()) // 4
        assert (inputs["enc"]["input_ids"][b, cols] == s.image_token_id).all()
        assert cols.tolist() == list(range(int(cols[0]), int(cols[0]) + n))  # one contiguous block


@pytest.mark.parametrize("cell", [(0, 0), (0, 1), (1, 0), (2, 1)])
def test_grid_order_follows_the_processor_packing(vlm, cell):
    """A bright block on merged cell (r, c) of a 3x2-cell image: the processor's patches that see it all merge into
    one visual token j; a one-hot attention row at j must land on cell (r, c) of the map (merge included)."""
    _, _, ip = vlm
    f = ip.patch_size * ip.merge_size  # pixels per merged cell
    img = torch.zeros(3 * f, 2 * f, 3, dtype=torch.uint8)
    r, c = cell
    img[r * f : (r + 1) * f, c * f : (c + 1) * f] = 255
    pix = ip(images=[Image.fromarray(img.numpy())], return_tensors="pt")
    base = ip(images=[Image.fromarray(torch.zeros_like(img).numpy())], return_tensors="pt")
    grid = pix["image_grid_thw"][0]
    assert grid.tolist() == [1, 3 * ip.merge_size, 2 * ip.merge_size]
    bright = ((pix["pixel_values"] - base["pixel_values"]).abs().amax(1) > 1e-3).nonzero()[:, 0]
    tokens = (bright // ip.merge_size**2).unique()
    assert len(bright) == ip.merge_size**2 and len(tokens) == 1  # one merged token sees the block
    onehot = torch.zeros(1, 6)
    onehot[0, tokens[0]] = 1
    m = atom_maps(onehot, grid, ip.merge_size, (3, 2), (3, 2))[
        0
    ]  # 3x2 pixels, 3x2 patches: no resampling
    assert divmod(int(m.argmax()), 2) == cell and m.sum() == pytest.approx(6) and (m >= 0).all()
    m = atom_maps(onehot, grid, ip.merge_size, (3 * f, 2 * f), (3, 2))[
        0
    ]  # at image size, pooled per cell
    assert divmod(int(m.argmax()), 2) == cell


# ---------------------------------------------------------------- atom_maps: the math


def test_unit_spatial_mean_before_resize():
    rows = torch.rand(3, 6, generator=torch.Generator().manual_seed(0)) + 0.1
    m = atom_maps(rows, (1, 6, 4), 2, (3, 2), (3, 2))  # identity resize and pooling
    assert torch.allclose(m.mean(dim=(1, 2)), torch.ones(3))
    assert torch.allclose(m, (rows / rows.mean(1, keepdim=True)).view(3, 3, 2))
    two_frames = torch.cat([rows, 3 * rows], 1)  # t = 2: frames averaged, then unit mean
    assert torch.allclose(atom_maps(two_frames, (2, 6, 4), 2, (3, 2), (3, 2)), m)
    with pytest.raises(ValueError, match="visual tokens"):
        atom_maps(rows, (1, 4, 4), 2, (3, 2), (3, 2))
    with pytest.raises(ValueError, match="does not split"):
        atom_maps(rows, (1, 6, 4), 2, (9, 4), (2, 2))


def test_resize_and_pooling_hand_example():
    """2x2 grid [[1,3],[5,7]] -> unit mean [[.25,.75],[1.25,1.75]]. Bilinear 2 -> 4 (half-pixel centres, edges
    clamped) is U = [[1,0],[.75,.25],[.25,.75],[0,1]] per axis; 2x2 patches of 2x2 pixels average rows of U in
    pairs: P = [[.875,.125],[.125,.875]]; an 8x8 image pooled to 2x2 gives the same P."""
    rows = torch.tensor([[1.0, 3.0, 5.0, 7.0]])
    unit = torch.tensor([[0.25, 0.75], [1.25, 1.75]])
    U = torch.tensor([[1, 0], [0.75, 0.25], [0.25, 0.75], [0, 1]])
    assert torch.allclose(atom_maps(rows, (1, 4, 4), 2, (4, 4), (4, 4))[0], U @ unit @ U.T)
    want = torch.tensor([[0.4375, 0.8125], [1.1875, 1.5625]])  # P @ unit @ P.T, by hand
    assert torch.allclose(atom_maps(rows, (1, 4, 4), 2, (4, 4), (2, 2))[0], want)
    assert torch.allclose(atom_maps(rows, (1, 4, 4), 2, (8, 8), (2, 2))[0], want)
    assert atom_maps(rows, (1, 4, 4), 2, (4, 8), (2, 4)).shape == (1, 2, 4)


# ---------------------------------------------------------------- ground: the pass


def test_ground_equals_a_full_eager_forward_reduced_by_hand(vlm):
    """Two images of different sizes in one padded batch, layers 0 and 1: ground's maps equal the whole model run
    eagerly with output_attentions=True on each image alone, read at that layer and reduced by hand."""
    model, tok, ip = vlm
    s = VLMScorer(VLM.from_components(*vlm))
    ref = copy.deepcopy(model)
    ref.set_attn_implementation("eager")
    ims, gs, token_grid = images(), graphs(), (8, 8)
    for layer in (0, 1):
        maps = ground(s, ims, gs, token_grid, layer=layer)
        assert maps.shape == (2, max(len(g.atoms) for g in gs), 8, 8)
        for b, (im, g) in enumerate(zip(ims, gs)):
            pil = (im * 255).round().to(torch.uint8).permute(1, 2, 0).numpy()
            pix = ip(images=[pil], return_tensors="pt")
            n = int(pix["image_grid_thw"].prod()) // ip.merge_size**2
            ids = tok(hand_text(g.prompt, n), return_tensors="pt").input_ids
            with torch.no_grad():
                out = ref(
                    input_ids=ids,
                    attention_mask=torch.ones_like(ids),
                    pixel_values=pix["pixel_values"],
                    image_grid_thw=pix["image_grid_thw"],
                    output_attentions=True,
                    mm_token_type_ids=(ids == model.config.image_token_id).long(),
                )
            att = out.attentions[layer][0].mean(0)  # heads averaged: [S, S]
            cols = (ids[0] == model.config.image_token_id).nonzero()[:, 0]
            rows = torch.stack(
                [att[hand_rows(tok, g.prompt, n, a)][:, cols].mean(0) for a in g.atoms]
            )
            want = grid_maps(
                rows, pix["image_grid_thw"][0], ip.merge_size, tuple(im.shape[1:]), token_grid
            )
            assert torch.allclose(maps[b, : len(g.atoms)], want, rtol=1e-4, atol=1e-5), (layer, b)
            assert (maps[b, len(g.atoms) :] == 0).all()  # padding
    assert model.config.text_config._attn_implementation == "sdpa"  # switched back after the pass


def test_atoms_without_spans_are_zero(vlm):
    model = vlm[0]
    s = VLMScorer(VLM.from_components(*vlm))
    spanned = read_prompt("two red dogs to the left of a cat")
    spanned.atoms.append(
        Atom("position", "Is the cat on the right?", "Yes", [])
    )  # a benchmark atom
    bench = SceneGraph("a cat", [], [], [Atom("object", "Is there a cat?", "Yes", [])])
    seen = []
    hook = model.model.visual.register_forward_hook(
        lambda m, a, kw, o: seen.append(len(kw["grid_thw"])), with_kwargs=True
    )
    try:
        maps = ground(s, torch.rand(2, 3, 64, 64), [spanned, bench], (4, 4))
    finally:
        hook.remove()
    assert seen == [1]  # the span-less image is not run
    k = len(spanned.atoms)
    assert maps.shape == (2, k, 4, 4) and (maps[0, k - 1] == 0).all() and (maps[1] == 0).all()
    assert (maps[0, : k - 1] > 0).all() and torch.allclose(
        maps[0, : k - 1].mean(dim=(1, 2)), torch.ones(k - 1), atol=0.05
    )
    bad = SceneGraph("a cat", [], [], [Atom("object", "Is there a cat?", "Yes", [(2, 9)])])
    with pytest.raises(ValueError, match=r"Is there a cat.*\(2, 9\)"):
        ground(s, torch.rand(1, 3, 64, 64), [bad], (4, 4))


def test_the_pass_stops_inside_the_wanted_layer(vlm):
    """Pre-hook counters: with layer=0 only layer 0's attention runs (not its MLP, no layer above, no final norm,
    no lm_head), with eager attention in effect during the pass and sdpa back afterwards, even after a failure."""
    model = vlm[0]
    s = VLMScorer(VLM.from_components(*vlm))
    lm = model.model.language_model
    counted = {f"layer{i}": lm.layers[i] for i in range(len(lm.layers))}
    counted.update(
        mlp0=lm.layers[0].mlp, attn0=lm.layers[0].self_attn, norm=lm.norm, lm_head=model.lm_head
    )
    calls, modes = dict.fromkeys(counted, 0), []

    def counter(name):
        def pre(module, args):
            calls[name] += 1
            modes.append(model.config.text_config._attn_implementation)

        return pre

    hooks = [m.register_forward_pre_hook(counter(name)) for name, m in counted.items()]
    try:
        ground(s, images(), graphs(), (8, 8), layer=0)
        assert calls == dict(layer0=1, layer1=0, mlp0=0, attn0=1, norm=0, lm_head=0)
        assert set(modes) == {"eager"}
        calls.update(dict.fromkeys(calls, 0))
        ground(s, images(), graphs(), (8, 8), layer=1)
        assert calls == dict(layer0=1, layer1=1, mlp0=1, attn0=1, norm=0, lm_head=0)
        with pytest.raises(ValueError, match="layer 2"):
            ground(s, images(), graphs(), (8, 8), layer=2)
    finally:
        for h in hooks:
            h.remove()
    assert model.config.text_config._attn_implementation == "sdpa"

    def boom(module, args):
        raise KeyboardInterrupt

    hook = lm.layers[0].register_forward_pre_hook(boom)
    try:
        with pytest.raises(KeyboardInterrupt):
            ground(s, images(), graphs(), (8, 8))
    finally:
        hook.remove()
    assert model.config.text_config._attn_implementation == "sdpa"


def test_score_and_ground_share_the_vision_pass(vlm):
    """One vision-tower pass per image serves both the scores and the maps, and both equal the separate calls."""
    model = vlm[0]
    s = VLMScorer(VLM.from_components(*vlm, batch_size=8))
    ims, gs = images(), graphs()
    seen = []
    hook = model.model.visual.register_forward_hook(
        lambda m, a, kw, o: seen.append(len(kw["grid_thw"])), with_kwargs=True
    )
    try:
        scores, maps, _ = score_and_ground(s, ims, gs, (8, 8))
    finally:
        hook.remove()
    assert sum(seen) == len(ims)  # batch_size 8: one chunk per image
    assert torch.allclose(scores, s(ims, gs), atol=1e-6)
    assert torch.allclose(maps, ground(s, ims, gs, (8, 8)), atol=1e-6)
    assert maps.shape == (*atom_mask(gs).shape, 8, 8)


QWEN25_TEMPLATE = (  # Qwen2.5-VL's chat template (video branch left out): a default system turn, list content
    "{% for message in messages %}{% if loop.first and message['role'] != 'system' %}<|im_start|>system\n"
    "You are a helpful assistant.<|im_end|>\n{% endif %}<|im_start|>{{ message['role'] }}\n"
    "{% if message['content'] is string %}{{ message['content'] }}<|im_end|>\n{% else %}"
    "{% for content in message['content'] %}{% if content['type'] == 'image' or 'image' in content %}"
    "<|vision_start|><|image_pad|><|vision_end|>{% elif 'text' in content %}{{ content['text'] }}{% endif %}"
    "{% endfor %}<|im_end|>\n{% endif %}{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)
STRING_ASSISTANT = (  # renders an assistant turn only from plain-string content, with an empty think block
    "{% for m in messages %}<|im_start|>{{ m.role }}\n{% if m.role == 'assistant' %}"
    "{% if m.content is string %}<think>\n\n</think>\n\n{{ m.content }}{% endif %}{% else %}"
    "{% for c in m.content %}{% if c.type == 'image' %}<|vision_start|><|image_pad|><|vision_end|>"
    "{% else %}{{ c.text }}{% endif %}{% endfor %}{% endif %}<|im_end|>\n{% endfor %}"
    "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)


def test_grounding_conversation_follows_the_tokenizers_chat_template(vlm):
    model, tok, ip = vlm
    t = copy.deepcopy(tok)
    user = f"<|im_start|>user\n<|vision_start|><|image_pad|><|vision_end|>{GROUNDING_INSTRUCTION}<|im_end|>\n"
    t.chat_template = QWEN25_TEMPLATE
    s = VLMScorer(VLM.from_components(model, t, ip))
    assert s.ground_prefix == (
        "<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n"
        + user
        + "<|im_start|>assistant\n"
    )
    maps = ground(s, images(), graphs(), (8, 8))
    assert torch.isfinite(maps).all() and (maps[atom_mask(graphs())] > 0).all()
    t.chat_template = STRING_ASSISTANT
    think = "<|im_start|>assistant\n<think>\n\n</think>\n\n"
    assert VLMScorer(VLM.from_components(model, t, ip)).ground_prefix == user + think
    t.chat_template = STRING_ASSISTANT.replace("{{ m.content }}", "")  # drops the response: refused
    with pytest.raises(ValueError, match="assistant response"):
        VLMScorer(VLM.from_components(model, t, ip))


def test_the_image_processor_backend_is_named_by_whether_torchvision_loads():
    """No fallback for transformers to announce: the torchvision backend where torchvision loads, else the PIL one
    by its own name (the same pixels)."""
    from transformers.utils import is_torchvision_available

    from support.vlm import image_processor_class

    expected = "Qwen2VLImageProcessor" if is_torchvision_available() else "Qwen2VLImageProcessorPil"
    assert image_processor_class().__name__ == expected
