"""cast_advantage: group advantages against hand-computed z-scores, the pixel advantage's invariants
(uniform maps -> scalar loss; saturated atoms do not dilute), teacher-forced maps from a planted
attention pattern captured by the real capture_attention, the saved file, the overlays and the CLI."""
import json
import math
import os
import sys

import pytest
import torch
import torch.nn as nn
import torch.nn.functional as F
from PIL import Image
from safetensors.torch import save_file

import cast_advantage as ca
from cast_backbone import Backbone, Cond
from cast_csg import read_prompt
from cast_shapes_model import _WORD, SHAPES_VOCAB, load_shapes

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench"))
import localize  # noqa: E402

PROMPTS = ["two red circles to the left of a blue square", "a blue square"]


# ------------------------------------------------------------------ advantages
def test_hand_zscores_sign_scale_and_saturation():
    # group 0 = rows 0-2, group 1 = rows 3-4; column 2 is padding in group 1
    gated = torch.tensor([[1.0, 1.0, 0.5], [0.0, 1.0, 0.5], [0.0, 1.0, 0.5], [0.2, 0.0, 0.9], [0.8, 0.0, 0.1]])
    mask = torch.tensor([[1, 1, 1], [1, 1, 1], [1, 1, 1], [1, 1, 0], [1, 1, 0]], dtype=torch.bool)
    group = torch.tensor([0, 0, 0, 1, 1])
    adv = ca.atom_advantages(gated, mask, group)
    std3 = math.sqrt(2 / 9)                       # population std of (1, 0, 0)
    expect = torch.tensor([[(2 / 3) / (std3 + 1e-4), 0, 0], [-(1 / 3) / (std3 + 1e-4), 0, 0],
                           [-(1 / 3) / (std3 + 1e-4), 0, 0], [-0.3 / (0.3 + 1e-4), 0, 0], [0.3 / (0.3 + 1e-4), 0, 0]])
    torch.testing.assert_close(adv, expect)
    assert adv[0, 0] > 0 > adv[1, 0]             # the sample that passed is pushed up


def test_no_spread_is_exactly_zero_even_without_eps():
    gated = torch.tensor([[0.7], [0.7], [0.3], [0.3 + 1e-7]])
    adv = ca.atom_advantages(gated, torch.ones(4, 1, dtype=torch.bool), torch.tensor([0, 0, 1, 1]), eps=0.0)
    assert torch.equal(adv, torch.zeros(4, 1))


def test_clip():
    gated = torch.zeros(30, 1)
    gated[0] = 1.0                                # z = (1 − 1/30) / (√29/30) ≈ 5.39 before clipping
    adv = ca.atom_advantages(gated, torch.ones(30, 1, dtype=torch.bool), torch.zeros(30, dtype=torch.long))
    assert adv[0, 0] == 5.0 and adv[1:, 0].lt(0).all()


def test_scalar_advantage_ignores_padding():
    gated = torch.tensor([[1.0, 0.0, 1.0], [1.0, 1.0, 0.0], [0.5, 0.5, 0.5], [0.5, 0.5, 0.9]])
    mask = torch.tensor([[1, 1, 0], [1, 1, 0], [1, 1, 1], [1, 1, 0]], dtype=torch.bool)
    adv = ca.scalar_advantages(gated, mask, torch.tensor([0, 0, 1, 1]))
    z = 0.25 / (0.25 + 1e-4)                      # rewards 0.5 and 1.0; group 1 both 0.5 -> no signal
    torch.testing.assert_close(adv, torch.tensor([-z, z, 0.0, 0.0]))


# ------------------------------------------------------------------ pixel advantage
@pytest.mark.parametrize("value", [1.0, 0.3])
def test_uniform_maps_give_the_scalar_loss(value):
    torch.manual_seed(0)
    atom_adv = torch.randn(4, 5) * (torch.rand(4, 5) > 0.4)
    scalar = torch.randn(4)
    pix = ca.pixel_advantage(atom_adv, torch.full((4, 5, 3, 7), value), scalar)
    assert torch.allclose(pix, pix[:, :1, :1].expand_as(pix), atol=1e-6, rtol=0)      # constant per image
    active = atom_adv != 0
    mean_active = (atom_adv * active).sum(1) / active.sum(1).clamp(min=1)
    expect = torch.where(active.any(1), value * mean_active + (1 - value) * scalar, scalar)
    torch.testing.assert_close(pix[:, 0, 0], expect)
    ratio = 1 + 0.01 * torch.randn(4, 3, 7)       # per-token ratios: spatial loss == scalar-advantage loss
    torch.testing.assert_close(-(ratio * pix).mean((1, 2)), -ratio.mean((1, 2)) * pix[:, 0, 0])


def test_saturated_atoms_do_not_dilute():
    maps = torch.zeros(1, 3, 4, 4)
    maps[:, :, :2, :2] = 1.0                      # object tokens: claimed by its object, count and color atoms
    pix = ca.pixel_advantage(torch.tensor([[1.5, 0.0, 0.0]]), maps, torch.tensor([0.3]))
    assert torch.allclose(pix[0, :2, :2], torch.tensor(1.5))          # the varying atom's full advantage
    assert torch.allclose(pix[0, 2:, :], torch.tensor(0.3)) and torch.allclose(pix[0, :, 2:], torch.tensor(0.3))


def test_signs_and_partial_claims():
    maps = torch.zeros(1, 2, 1, 3)
    maps[0, 0, 0, 0], maps[0, 1, 0, 1], maps[0, 0, 0, 2] = 1.0, 1.0, 0.5
    pix = ca.pixel_advantage(torch.tensor([[2.0, -1.0]]), maps, torch.tensor([0.4]))
    torch.testing.assert_close(pix[0, 0], torch.tensor([2.0, -1.0, 0.5 * 2.0 + 0.5 * 0.4]))


def dispatch_attention_fn(query, key, value, attn_mask=None, *args, scale=None, **kwargs):
    """The stub's attention; capture_attention wraps this module-level function, as it wraps diffusers'."""
    out = F.scaled_dot_product_attention(query.transpose(1, 2), key.transpose(1, 2), value.transpose(1, 2),
                                         scale=scale)
    return out.transpose(1, 2)


class StubAttention(nn.Module):
    def forward(self, q, k, v):
        return dispatch_attention_fn(q, k, v)


class StubTransformer(nn.Module):
    """Joint attention over [text, image] like FLUX.2: image queries are the latent tokens themselves and
    text keys are one-hot words, so an image token made of the word "circles" attends to that word."""

    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Module()])
        self.blocks[0].attn = StubAttention()
        self.anchor = nn.Parameter(torch.zeros(()))   # Backbone.device reads the first parameter

    def forward(self, hidden_states, encoder_hidden_states):
        seq = torch.cat([encoder_hidden_states, hidden_states], 1)[:, :, None]
        keys = torch.cat([encoder_hidden_states, torch.zeros_like(hidden_states)], 1)[:, :, None]  # image keys mute
        return self.blocks[0].attn(seq, keys, seq)[:, encoder_hidden_states.shape[1]:, 0]


class StubBackbone(Backbone):
    grid = (4, 6)                                  # not square: a transposed reshape would fail
    default_capture_layers = ["blocks.0"]
    D = len(SHAPES_VOCAB)

    def __init__(self):
        self.transformer = StubTransformer()

    def words(self, prompt):
        return [(m.group(), m.start(), m.end()) for m in _WORD.finditer(prompt)]

    def token_positions(self, prompt, span):
        return [i for i, (_, s, e) in enumerate(self.words(prompt)) if s < span[1] and e > span[0]]

    def _encode(self, prompts):
        embeds = torch.zeros(len(prompts), 12, self.D)
        for n, p in enumerate(prompts):
            for i, (w, _, _) in enumerate(self.words(p)):
                embeds[n, i, SHAPES_VOCAB.index(w)] = 4.0
        return Cond(embeds)

    def predict(self, x, sigma, cond, negative=False):
        return self.transformer(hidden_states=x, encoder_hidden_states=cond.embeds)


def planted():
    """Image 0: "circles" tokens in the top-left 2x2, "square" in the bottom-right 2x2; image 1: "square"
    in row 0, columns 3-5. Returns the latents and each region as a [4, 6] bool grid."""
    regions = torch.zeros(3, 4, 6, dtype=torch.bool)
    regions[0, :2, :2], regions[1, 2:, 4:], regions[2, 0, 3:] = True, True, True
    x0 = torch.zeros(2, 24, StubBackbone.D)
    for n, r, word in [(0, 0, "circles"), (0, 1, "square"), (1, 2, "square")]:
        x0[n, regions[r].flatten(), SHAPES_VOCAB.index(word)] = 8.0
    return x0, regions


def test_planted_attention_reaches_the_right_atoms_and_tokens():
    bb, (x0, regions) = StubBackbone(), planted()
    graphs = [read_prompt(p) for p in PROMPTS]
    maps = ca.attention_maps(bb, x0, bb.encode(PROMPTS), graphs, sigma=0.2)
    assert maps.shape == (2, 7, 4, 6)
    claimed = maps > 0.5
    circles, square, square1 = regions
    for k in (0, 1, 2):                            # circles: object, count, "red circles"
        assert torch.equal(claimed[0, k], circles), k
    for k in (3, 4, 5):                            # square: object, count, "blue square"
        assert torch.equal(claimed[0, k], square), k
    assert torch.equal(claimed[0, 6], circles | square)          # the relation claims both objects
    for k in (0, 1, 2):
        assert torch.equal(claimed[1, k], square1), k
    assert torch.equal(maps[1, 3:], torch.zeros(4, 4, 6))        # padding atoms
    assert torch.allclose(maps[0].amax((1, 2)), torch.ones(7)) and maps.min() >= 0   # peak-normalized
    assert maps[0, 0][~circles].max() < 0.1                      # unclaimed tokens stay near zero
    again = ca.attention_maps(bb, x0, bb.encode(PROMPTS), graphs, sigma=0.2)
    assert torch.equal(maps, again)                              # fixed noise: the same map every time


def test_real_shapes_model_maps_shape_and_normalization():
    bb = load_shapes("random")
    graphs = [read_prompt(p) for p in PROMPTS]
    x0 = bb.noise(2, torch.Generator().manual_seed(0))
    maps = ca.attention_maps(bb, x0, bb.encode(PROMPTS), graphs, smooth=0.5)
    assert maps.shape == (2, 7, 8, 8)
    assert torch.allclose(maps[0].amax((1, 2)), torch.ones(7)) and maps.min() >= 0
    assert torch.equal(maps[0].amin((1, 2)), torch.zeros(7))          # the least attended token is unclaimed
    assert torch.equal(maps[1, 3:], torch.zeros(4, 8, 8))
    first = ca.attention_maps(bb, x0, bb.encode(PROMPTS), graphs, layers=["transformer_blocks.0"])
    assert not torch.allclose(first, maps)


def test_normalization_spans_floor_to_peak():
    m = torch.tensor([0.2, 0.3, 0.6, 0.2]).reshape(1, 1, 2, 2)
    assert torch.allclose(ca.normalize_maps(m), torch.tensor([0.0, 0.25, 1.0, 0.0]).reshape(1, 1, 2, 2))


def test_uniform_attention_normalizes_to_ones():
    flat = torch.full((1, 2, 4, 6), 0.03)
    for smooth in (0.0, 0.5, 1.5):
        assert torch.allclose(ca.normalize_maps(flat, smooth), torch.ones(1, 2, 4, 6))


# ------------------------------------------------------------------ files, overlays, CLI
def test_save_load_and_overlays(tmp_path):
    torch.manual_seed(0)
    graphs = [read_prompt(p) for p in PROMPTS]
    atom_adv, maps, pix = torch.randn(2, 7), torch.rand(2, 7, 8, 8), torch.randn(2, 8, 8)
    ca.save_advantages(str(tmp_path / "advantages.safetensors"), atom_adv, maps, pix, sigma=0.4, layers=["a"])
    tensors, meta = ca.load_advantages(str(tmp_path / "advantages.safetensors"))
    assert torch.equal(tensors["maps"], maps) and torch.equal(tensors["pixel_adv"], pix)
    assert meta == {"sigma": 0.4, "layers": ["a"]}
    ca.save_overlays(str(tmp_path / "overlays.png"), torch.rand(2, 3, 32, 32), graphs, atom_adv, maps, pix)
    assert Image.open(tmp_path / "overlays.png").size[0] > 1000          # 9 panels a row


def write_run(run, n_graphs=None):
    bb = load_shapes("random")
    save_file({k: v.contiguous() for k, v in bb.model.state_dict().items()}, str(run / "weights.safetensors"))
    prompts = [PROMPTS[0]] * 3 + [PROMPTS[1]] * 3
    graphs = [read_prompt(p) for p in prompts]
    x0 = bb.noise(6, torch.Generator().manual_seed(1))
    images = (bb.decode(x0) * 255).round().to(torch.uint8)
    save_file({"x0": x0, "group": torch.tensor([0, 0, 0, 1, 1, 1]), "images": images}, str(run / "rollout.safetensors"),
              metadata={"backbone": json.dumps("shapes"), "prompts": json.dumps(PROMPTS)})
    mask = torch.zeros(6, 7, dtype=torch.bool)
    for n, g in enumerate(graphs):
        mask[n, :len(g.atoms)] = True
    gated = (torch.rand(6, 7, generator=torch.Generator().manual_seed(2)) > 0.5).float() * mask
    save_file({"scores": gated.clone(), "gated": gated, "mask": mask}, str(run / "scores.safetensors"))
    (run / "atoms.jsonl").write_text("".join(g.to_json() + "\n" for g in graphs[:n_graphs]))


def test_cli_writes_advantages_and_overlays(tmp_path):
    write_run(tmp_path)
    assert ca.main(["--run", str(tmp_path), "--model-path", str(tmp_path / "weights.safetensors")]) == 0
    tensors, meta = ca.load_advantages(str(tmp_path / "advantages.safetensors"))
    assert tensors["atom_adv"].shape == (6, 7) and tensors["maps"].shape == (6, 7, 8, 8)
    assert tensors["pixel_adv"].shape == (6, 8, 8) and meta["backbone"] == "shapes"
    assert (tmp_path / "overlays.png").exists()


def test_cli_errors(tmp_path, capsys):
    write_run(tmp_path, n_graphs=5)
    assert ca.main(["--run", str(tmp_path)]) == 1
    assert "disagree on the number of images" in capsys.readouterr().err
    (tmp_path / "scores.safetensors").unlink()
    assert ca.main(["--run", str(tmp_path)]) == 1
    assert "scores.safetensors is missing" in capsys.readouterr().err
    write_run(tmp_path)
    for argv, message in [(["--model-path", str(tmp_path / "typo.safetensors")], "typo.safetensors does not exist"),
                          (["--sigma", "1.5", "--smooth", "-1"], "--sigma 1.5: must be in (0, 1)\n--smooth -1.0"),
                          (["--run", str(tmp_path / "nowhere")], "nowhere: no such folder")]:
        with pytest.raises(SystemExit) as e:                # argparse's error: usage, the problems, exit code 2
            ca.main(["--run", str(tmp_path), *argv])
        err = capsys.readouterr().err
        assert e.value.code == 2 and "usage:" in err and message in err, err


def test_localize_cli_errors(capsys):
    with pytest.raises(SystemExit):
        localize.main(["--n", "0"])
    assert "--n 0: must be at least 1" in capsys.readouterr().err


def test_nested_captures_match_separate_passes():
    # localize captures every block in one pass by nesting capture_attention contexts
    bb = load_shapes("random")
    graphs, cond = [read_prompt(p) for p in PROMPTS], bb.encode(PROMPTS)
    x0 = bb.noise(2, torch.Generator().manual_seed(0))
    sets = [["transformer_blocks.0"], ["single_transformer_blocks.1"]]
    together = ca._raw_maps(bb, x0, cond, graphs, 0.4, sets, 0, 16)
    for layers, joint in zip(sets, together):
        assert torch.equal(ca._raw_maps(bb, x0, cond, graphs, 0.4, [layers], 0, 16)[0], joint)


def test_contrast_removes_shared_peaks():
    g = read_prompt(PROMPTS[0])                          # circles (atoms 0-2), square (3-5), relation (6)
    maps = torch.zeros(1, 7, 1, 3)
    maps[0, :3, 0] = torch.tensor([0.5, 0.2, 0.9])  # both nouns peak on token 2 (the salient object)
    maps[0, 3:6, 0] = torch.tensor([0.1, 0.6, 0.8])
    maps[0, 6, 0] = torch.tensor([0.3, 0.4, 0.85])
    c = ca.contrast_maps(maps, [g])
    torch.testing.assert_close(c[0, 0, 0], torch.tensor([0.4, 0.0, 0.1]))   # circles minus square, clamped
    torch.testing.assert_close(c[0, 3, 0], torch.tensor([0.0, 0.4, 0.0]))
    assert torch.equal(c[0, 6], maps[0, 6])       # the relation grounds both objects: unchanged
    single = read_prompt(PROMPTS[1])
    flat = torch.full((1, 3, 2, 2), 0.2)
    assert torch.equal(ca.contrast_maps(flat, [single]), flat)               # one object: nothing to subtract
    assert torch.equal(ca.contrast_maps(torch.full((1, 7, 2, 2), 0.2), [g])[0, :6], torch.zeros(6, 2, 2))
