"""cast_advantage: Eq. 6 against hand-computed z-scores and its resolution floor per dtype; Eq. 7's invariants
(uniform unit maps -> the broadcast sum, an atom and its negation cancel, an uncovered patch gets zero, the clip);
the ablations' advantages; the denoiser's stand-in maps from a planted attention pattern captured by the real
capture_attention; the saved file, the overlays and the CLI."""

import json
import math

import pytest
import torch
import torch.nn as nn
import torch.nn.functional as F
from PIL import Image
from safetensors.torch import save_file

import cast_advantage as ca
import cast_csg
from support.backbone import Backbone, Cond
from support.checkpoint import load_tensors
from support.dit_maps import group_attention_maps
from support.pictures import save_overlays
from support.prompt_files import read_prompt
from support.shapes import _WORD, SHAPES_VOCAB, load_shapes
from support.stage_files import save_advantages

PROMPTS = ["two red circles to the left of a blue square", "a blue square"]
F32 = ca.resolution(torch.float32)


# ------------------------------------------------------------------ Eq. 6
def test_hand_zscores_sign_scale_and_saturation():
    # group 0 = rows 0-2, group 1 = rows 3-4; column 2 is padding in group 1
    scores = torch.tensor(
        [[1.0, 1.0, 0.5], [0.0, 1.0, 0.5], [0.0, 1.0, 0.5], [0.2, 0.0, 0.9], [0.8, 0.0, 0.1]]
    )
    mask = torch.tensor([[1, 1, 1], [1, 1, 1], [1, 1, 1], [1, 1, 0], [1, 1, 0]], dtype=torch.bool)
    adv = ca.atom_advantages(scores, mask, torch.tensor([0, 0, 0, 1, 1]))
    std3 = math.sqrt(2 / 9)  # population std of (1, 0, 0)
    expect = torch.tensor(
        [
            [(2 / 3) / (std3 + 1e-4), 0, 0],
            [-(1 / 3) / (std3 + 1e-4), 0, 0],
            [-(1 / 3) / (std3 + 1e-4), 0, 0],
            [-0.3 / (0.3 + 1e-4), 0, 0],
            [0.3 / (0.3 + 1e-4), 0, 0],
        ]
    )
    torch.testing.assert_close(adv, expect)
    assert adv[0, 0] > 0 > adv[1, 0]  # the sample that passed is pushed up


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
def test_a_spread_below_the_scorers_resolution_is_zero(dtype):
    res = ca.resolution(dtype)
    assert res == torch.finfo(dtype).eps
    one_step = torch.tensor(
        [[0.5], [0.5], [0.5], [0.5 + res]]
    )  # one rounding step apart: std < res
    group = torch.zeros(4, dtype=torch.long)
    assert torch.equal(
        ca.atom_advantages(one_step, torch.ones(4, 1, dtype=torch.bool), group, res),
        torch.zeros(4, 1),
    )
    apart = torch.tensor(
        [[0.5], [0.5 + 4 * res], [0.5], [0.5 + 4 * res]]
    )  # std 2·res: a real difference
    assert ca.atom_advantages(apart, torch.ones(4, 1, dtype=torch.bool), group, res).abs().min() > 0


def test_clip():
    scores = torch.zeros(30, 1)
    scores[0] = 1.0  # z = (1 − 1/30) / (√29/30) ≈ 5.39 before clipping
    adv = ca.atom_advantages(
        scores, torch.ones(30, 1, dtype=torch.bool), torch.zeros(30, dtype=torch.long)
    )
    assert adv[0, 0] == 5.0 and adv[1:, 0].lt(0).all()


def test_image_advantage_is_the_mean_atom_score_zscored():
    scores = torch.tensor([[1.0, 0.0, 1.0], [1.0, 1.0, 0.0], [0.5, 0.5, 0.5], [0.5, 0.5, 0.9]])
    mask = torch.tensor([[1, 1, 0], [1, 1, 0], [1, 1, 1], [1, 1, 0]], dtype=torch.bool)
    reward = ca.image_reward(scores, mask)
    torch.testing.assert_close(reward, torch.tensor([0.5, 1.0, 0.5, 0.5]))  # padding ignored
    z = 0.25 / (0.25 + 1e-4)  # group 1 both 0.5 -> no signal
    torch.testing.assert_close(
        ca.image_advantages(reward, torch.tensor([0, 0, 1, 1])), torch.tensor([-z, z, 0, 0])
    )


# ------------------------------------------------------------------ Eq. 7
def test_uniform_unit_maps_give_the_broadcast_sum():
    torch.manual_seed(0)
    atom_adv = torch.randn(4, 5) * (torch.rand(4, 5) > 0.4)
    pix = ca.pixel_advantage(atom_adv, torch.ones(4, 5, 3, 7))
    torch.testing.assert_close(pix, atom_adv.sum(1).clamp(-5, 5)[:, None, None].expand(4, 3, 7))
    big = torch.full((1, 3), 4.0)  # Σ = 12: clipped at 5 after the sum, not per atom
    assert torch.equal(ca.pixel_advantage(big, torch.ones(1, 3, 2, 2)), torch.full((1, 2, 2), 5.0))


def test_an_atom_and_its_negation_cancel_and_uncovered_patches_get_zero():
    maps = torch.zeros(1, 3, 2, 3)
    maps[0, 0, 0, :2] = maps[0, 1, 0, :2] = 3.0  # atom 0 and atom 1 on the same two patches
    maps[0, 2, 1, 0] = 6.0  # atom 2 on one patch; patches (0, 2), (1, 1), (1, 2): no map
    pix = ca.pixel_advantage(torch.tensor([[1.5, -1.5, 0.5]]), maps)
    torch.testing.assert_close(pix[0], torch.tensor([[0.0, 0.0, 0.0], [3.0, 0.0, 0.0]]))


def test_unit_mean_keeps_zero_maps_zero():
    m = torch.tensor([[[[1.0, 3.0]], [[0.0, 0.0]]]])
    torch.testing.assert_close(ca.unit_mean(m), torch.tensor([[[[0.5, 1.5]], [[0.0, 0.0]]]]))


# ------------------------------------------------------------------ the methods of Table 2
def test_shuffled_maps_give_no_atom_a_map_of_its_own_words():
    g = read_prompt(PROMPTS[0])  # circles x3 atoms, square x3, the relation (both nouns)
    K = len(g.atoms)
    maps = torch.arange(K, dtype=torch.float32)[None, :, None, None].expand(1, K, 2, 2).clone()
    spans = [tuple(map(tuple, a.spans)) for a in g.atoms]
    for seed in range(20):
        out = ca.shuffle_maps(maps, [g], torch.Generator().manual_seed(seed))
        source = out[0, :, 0, 0].long().tolist()
        assert sorted(source) == list(range(K))  # a permutation
        assert all(spans[source[k]] != spans[k] for k in range(K)), (
            seed,
            source,
        )  # never its own words
    single = read_prompt(PROMPTS[1])
    for a in single.atoms:  # every atom the same words: no such permutation, kept
        a.spans = single.atoms[0].spans
    same = maps[:, : len(single.atoms)]
    assert torch.equal(ca.shuffle_maps(same, [single], torch.Generator()), same)


def test_every_method_by_its_definition():
    torch.manual_seed(0)
    graphs = [read_prompt(PROMPTS[0])] * 4
    K = len(graphs[0].atoms)
    scores, mask, group = (
        torch.rand(4, K).round(),
        torch.ones(4, K, dtype=torch.bool),
        torch.tensor([0, 0, 1, 1]),
    )
    maps = ca.unit_mean(torch.rand(4, K, 2, 3))
    atom_adv = ca.atom_advantages(scores, mask, group, F32)
    image_adv = ca.image_advantages(ca.image_reward(scores, mask), group, F32)
    run = lambda m, **kw: ca.method_advantage(
        m, scores, group, maps, graphs, F32, torch.Generator(), **kw
    )[1]
    torch.testing.assert_close(run("cast"), ca.pixel_advantage(atom_adv, maps))
    torch.testing.assert_close(
        run("per_atom"), atom_adv.sum(1).clamp(-5, 5)[:, None, None].expand(4, 2, 3)
    )
    for m in ("flow_grpo_g2", "flow_grpo"):
        torch.testing.assert_close(run(m), image_adv[:, None, None].expand(4, 2, 3))
    torch.testing.assert_close(
        run("spatial_image"), (image_adv[:, None, None] * maps.mean(1)).clamp(-5, 5)
    )
    reward = torch.tensor([0.1, 0.9, 0.3, 0.3])
    torch.testing.assert_close(
        run("flow_grpo_orig", reward=reward),
        ca.image_advantages(reward, group, F32)[:, None, None].expand(4, 2, 3),
    )
    shuffled = run("shuffled")
    assert shuffled.shape == (4, 2, 3) and not torch.allclose(shuffled, run("cast"))
    with pytest.raises(ValueError, match="holistic reward"):
        run("flow_grpo_orig")


# ------------------------------------------------------------------ the denoiser's stand-in maps
def dispatch_attention_fn(query, key, value, attn_mask=None, *args, scale=None, **kwargs):
    """The stub's attention; capture_attention wraps this module-level function, as it wraps diffusers'."""
    out = F.scaled_dot_product_attention(
        query.transpose(1, 2), key.transpose(1, 2), value.transpose(1, 2), scale=scale
    )
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
        self.anchor = nn.Parameter(torch.zeros(()))  # Backbone.device reads the first parameter

    def forward(self, hidden_states, encoder_hidden_states):
        seq = torch.cat([encoder_hidden_states, hidden_states], 1)[:, :, None]
        keys = torch.cat([encoder_hidden_states, torch.zeros_like(hidden_states)], 1)[
            :, :, None
        ]  # image keys mute
        return self.blocks[0].attn(seq, keys, seq)[:, encoder_hidden_states.shape[1] :, 0]


class StubBackbone(Backbone):
    grid = (4, 6)  # not square: a transposed reshape would fail
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
    maps = group_attention_maps(bb, x0, bb.encode(PROMPTS), graphs, sigma=0.2)
    assert maps.shape == (2, 7, 4, 6)
    torch.testing.assert_close(maps[0].mean((1, 2)), torch.ones(7))  # unit spatial mean
    claimed = maps > 1.5  # well above the mean: where the atom's words look
    circles, square, square1 = regions
    for k in (0, 1, 2):  # circles: object, count, "red circles"
        assert torch.equal(claimed[0, k], circles), k
    for k in (3, 4, 5):  # square: object, count, "blue square"
        assert torch.equal(claimed[0, k], square), k
    assert torch.equal(claimed[0, 6], circles | square)  # the relation claims both objects
    for k in (0, 1, 2):
        assert torch.equal(claimed[1, k], square1), k
    assert torch.equal(maps[1, 3:], torch.zeros(4, 4, 6))  # padding atoms
    again = group_attention_maps(bb, x0, bb.encode(PROMPTS), graphs, sigma=0.2)
    assert torch.equal(maps, again)  # fixed noise: the same map every time


def test_real_shapes_model_maps_shape_and_normalization():
    bb = load_shapes("random")
    graphs = [read_prompt(p) for p in PROMPTS]
    x0 = bb.noise(2, torch.Generator().manual_seed(0))
    maps = group_attention_maps(bb, x0, bb.encode(PROMPTS), graphs)
    assert maps.shape == (2, 7, 8, 8) and maps.min() >= 0
    torch.testing.assert_close(maps[0].mean((1, 2)), torch.ones(7))
    assert torch.equal(maps[1, 3:], torch.zeros(4, 8, 8))
    first = group_attention_maps(
        bb, x0, bb.encode(PROMPTS), graphs, layers=["transformer_blocks.0"]
    )
    assert not torch.allclose(first, maps)


# ------------------------------------------------------------------ files, overlays, CLI
def test_save_load_and_overlays(tmp_path):
    torch.manual_seed(0)
    graphs = [read_prompt(p) for p in PROMPTS]
    atom_adv, maps, pix = torch.randn(2, 7), torch.rand(2, 7, 8, 8), torch.randn(2, 8, 8)
    save_advantages(
        str(tmp_path / "advantages.safetensors"), atom_adv, maps, pix, sigma=0.4, layers=["a"]
    )
    tensors, meta = load_tensors(str(tmp_path / "advantages.safetensors"))
    assert torch.equal(tensors["maps"], maps) and torch.equal(tensors["pixel_adv"], pix)
    assert meta == {"sigma": 0.4, "layers": ["a"]}
    save_overlays(
        str(tmp_path / "overlays.png"), torch.rand(2, 3, 32, 32), graphs, atom_adv, maps, pix
    )
    assert Image.open(tmp_path / "overlays.png").size[0] > 1000  # 9 panels a row


def write_run(run, n_graphs=None):
    prompts = [PROMPTS[0]] * 3 + [PROMPTS[1]] * 3
    graphs = [read_prompt(p) for p in prompts]
    images = torch.randint(
        0, 256, (6, 3, 32, 32), dtype=torch.uint8, generator=torch.Generator().manual_seed(1)
    )
    save_file(
        {"group": torch.tensor([0, 0, 0, 1, 1, 1]), "images": images},
        str(run / "rollout.safetensors"),
        metadata={"backbone": json.dumps("shapes")},
    )
    mask = torch.zeros(6, 7, dtype=torch.bool)
    for n, g in enumerate(graphs):
        mask[n, : len(g.atoms)] = True
    scores = (torch.rand(6, 7, generator=torch.Generator().manual_seed(2)) > 0.5).float() * mask
    save_file({"scores": scores, "mask": mask}, str(run / "scores.safetensors"))
    maps = (
        ca.unit_mean(torch.rand(6, 7, 8, 8, generator=torch.Generator().manual_seed(3)))
        * mask[..., None, None]
    )
    save_advantages(
        str(run / "advantages.safetensors"), torch.zeros(6, 7), maps, torch.zeros(6, 8, 8)
    )
    (run / "atoms.jsonl").write_text("".join(g.to_json() + "\n" for g in graphs[:n_graphs]))
    return scores, mask, maps, graphs


def test_cli_recomputes_a_method_from_the_stage_files(tmp_path):
    scores, mask, maps, graphs = write_run(tmp_path)
    assert ca.main(["--run", str(tmp_path)]) == 0
    tensors, meta = load_tensors(str(tmp_path / "advantages_cast.safetensors"))
    atom_adv = ca.atom_advantages(scores, mask, torch.tensor([0, 0, 0, 1, 1, 1]))
    torch.testing.assert_close(tensors["atom_adv"], atom_adv)
    torch.testing.assert_close(tensors["pixel_adv"], ca.pixel_advantage(atom_adv, maps))
    assert meta["method"] == "cast" and (tmp_path / "overlays_cast.png").exists()
    assert ca.main(["--run", str(tmp_path), "--method", "per_atom"]) == 0
    per_atom = load_tensors(str(tmp_path / "advantages_per_atom.safetensors"))[0]["pixel_adv"]
    torch.testing.assert_close(per_atom[:, 0, 0], atom_adv.sum(1).clamp(-5, 5))


def test_cli_errors(tmp_path, capsys):
    write_run(tmp_path, n_graphs=5)
    assert ca.main(["--run", str(tmp_path)]) == 1
    assert "disagree on the number of images" in capsys.readouterr().err
    (tmp_path / "scores.safetensors").unlink()
    assert ca.main(["--run", str(tmp_path)]) == 1
    assert "scores.safetensors is missing" in capsys.readouterr().err
    for argv, message in [
        (["--max-images", "-1"], "--max-images -1: must be >= 0"),
        (["--run", str(tmp_path / "nowhere")], "nowhere: no such folder"),
    ]:
        with pytest.raises(SystemExit) as e:  # argparse's error: usage, the problems, exit code 2
            ca.main(["--run", str(tmp_path), *argv])
        err = capsys.readouterr().err
        assert e.value.code == 2 and "usage:" in err and message in err, err


@pytest.mark.parametrize("device,dtype", [("meta", torch.float32), ("cpu", torch.float64)])
def test_the_copyable_pieces_keep_their_inputs_device(device, dtype):
    """Copied into another loop (a GPU's), the advantage and the loss run where their inputs are: nothing is built
    on the CPU or branches on a value (the meta device has no values at all). The advantages keep the scores' dtype;
    the SDE step, its KL and the loss are fp32 by contract."""
    import cast_train as ct
    from cast_advantage import atom_advantages, pixel_advantage

    make = (
        (lambda *shape: torch.empty(*shape, dtype=dtype, device="meta"))
        if device == "meta"
        else (
            lambda *shape: torch.rand(
                *shape, dtype=dtype, generator=torch.Generator().manual_seed(len(shape))
            )
        )
    )
    group = torch.arange(2).repeat_interleave(3).to(device)
    adv = atom_advantages(make(6, 3), torch.ones(6, 3, dtype=torch.bool, device=device), group)
    assert adv.device.type == device and adv.dtype == dtype and adv.shape == (6, 3)
    pixel = pixel_advantage(adv, make(6, 3, 4, 4))
    assert pixel.device.type == device and pixel.shape == (6, 4, 4)
    x, v, sigma = make(6, 16, 8), make(6, 16, 8), torch.full((6,), 0.7, device=device)
    x_next, log_prob, mean, std = ct.sde_step(x, v, sigma, sigma - 0.1, 0.7, noise=make(6, 16, 8))
    kl = ct.transition_kl(mean, make(6, 16, 8), std, sigma, sigma - 0.1)
    loss, ratio = ct.grpo_loss(log_prob, log_prob.detach(), pixel.flatten(1), 0.2)
    for t in (x_next, log_prob, mean, kl, loss, ratio):
        assert t.device.type == device and t.dtype == torch.float32
    assert log_prob.shape == kl.shape == ratio.shape == (6, 16) and loss.shape == ()


def test_the_stage_files_copies_of_the_atom_mask_and_mean_are_cast_csgs():
    """cast_advantage stands alone, so it writes out the mask of an image's real atoms and the mean over them
    (Flow-GRPO (G2)'s reward); they are cast_csg's, bit for bit, on graphs of every size (none included)."""
    import random

    import cast_csg

    rng = random.Random(0)
    graphs = [cast_csg.sample_graph(rng, cast_csg.EVERYDAY) for _ in range(7)]
    graphs.append(cast_csg.SceneGraph(prompt="", entities=[], relations=[], atoms=[]))
    mask = cast_csg.atom_mask(graphs)
    assert torch.equal(ca.atom_mask(graphs), mask) and mask.shape[0] == 8 and not mask[-1].any()
    scores = torch.rand(mask.shape, generator=torch.Generator().manual_seed(1))
    assert torch.equal(ca.atom_mean(scores, mask), cast_csg.atom_mean(scores, mask))
    assert torch.equal(ca.image_reward(scores, mask), cast_csg.atom_mean(scores, mask))


def test_the_oracle_grounder_maps_each_atom_on_its_objects_exact_masks():
    """--grounding oracle: each atom's map is its object's (and a relation's target's) drawn pixels as patch
    shares, unit mean; an atom whose object was not drawn is uniform; padding atoms are zero."""
    import random

    from support.oracle import ShapesOracle, token_shares
    from support.shapes import draw_graph, sample_shapes_graph

    rng = random.Random(5)
    graphs = [sample_shapes_graph(rng, min_atoms=6) for _ in range(6)]
    drawn = [draw_graph(g, rng) for g in graphs]
    images = torch.stack([torch.from_numpy(image) for image, _ in drawn])
    grid = (8, 8)
    maps = ShapesOracle()(images, graphs, grid)
    K = max(len(g.atoms) for g in graphs)
    assert maps.shape == (len(graphs), K, *grid)
    related = 0
    for n, (g, (_, masks)) in enumerate(zip(graphs, drawn)):
        shares = token_shares(torch.from_numpy(masks), grid).reshape(-1, *grid)
        for k, a in enumerate(g.atoms):
            objects = [a.entity] + ([a.target] if a.kind == "relation" else [])
            related += len(objects) > 1
            want = shares[objects].sum(0)
            torch.testing.assert_close(maps[n, k], want / want.mean())
        assert (maps[n, len(g.atoms) :] == 0).all()
    assert related > 0  # a relation's map covers both of its objects
    # asked about an object the image lacks (its noun changed to one it does not draw), the atom's map is uniform
    n = next(n for n, g in enumerate(graphs) if len({e.noun for e in g.entities}) < 3)
    g = cast_csg.SceneGraph.from_json(graphs[n].to_json())
    g.entities[0].noun = next(
        s for s in ("circle", "square", "triangle") if s not in {e.noun for e in g.entities}
    )
    absent = ShapesOracle()(images[n : n + 1], [g], grid)[0]
    asked = [k for k, a in enumerate(g.atoms) if a.entity == 0 and a.kind != "relation"]
    assert asked and all(torch.equal(absent[k], torch.ones(grid)) for k in asked)
