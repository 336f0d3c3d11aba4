"""cast_window: the knee of curves whose maximal-curvature point is known, Eq. 11's discretization (the paper's
windows), the per-trajectory starts, CLIP similarity on a tiny CLIP, and calibrate end to end on a tiny shapes
model with a fake similarity; support.window: the window file's contract and its refusals, the verifier's
similarity, and the shapes world's layout-freeze point."""

import math

import numpy as np
import pytest
import torch
from safetensors.torch import save_file
from tiny import save_tiny_shapes

import cast_train as ct
import cast_window as cw
import support.window as sw
from support.backbone import sample_ode
from support.pictures import plot_window
from support.shapes import load_shapes, sample_shapes_graph

PROMPTS = ["two red circles to the left of a blue square", "a green triangle"]


def exponential_knee(A, c):
    """s = A·(1 − exp(−τ/c)): s' = u = (A/c)·exp(−τ/c), s'' = −u/c, so κ = (u/c)/(1 + u²)^{3/2}, largest where
    d/du u/(1 + u²)^{3/2} = 0, i.e. u = 1/√2: τ* = c·ln(√2·A/c)."""
    return c * math.log(math.sqrt(2) * A / c)


# ------------------------------------------------------------------ the knee (Eq. 10)
@pytest.mark.parametrize("A,c", [(1.0, 0.05), (1.0, 0.1), (0.3, 0.05)])
def test_knee_of_a_saturating_exponential_is_its_analytic_max_curvature(A, c):
    tau = torch.arange(50) / 49
    knee = cw.fit_knee(tau, A * (1 - torch.exp(-tau / c)))  # noiseless: an interpolating spline
    assert knee["degree"] == 4 and knee["smoothing"] == 0
    assert abs(knee["tau_star"] - exponential_knee(A, c)) < 0.005
    assert (
        knee["curvature"].argmax() == round(knee["tau_star"] * 1000)
        and len(knee["grid"]) == cw.GRID
    )


def test_knee_of_a_tanh_is_found_on_a_dense_grid():
    c, dense = 0.15, np.linspace(0, 1, 100001)
    d1, d2 = (
        1 / c / np.cosh(dense / c) ** 2,
        -2 / c**2 * np.tanh(dense / c) / np.cosh(dense / c) ** 2,
    )
    expect = dense[(np.abs(d2) / (1 + d1**2) ** 1.5).argmax()]
    tau = torch.arange(30, dtype=torch.float64) / 29
    assert abs(cw.fit_knee(tau, torch.tanh(tau / c))["tau_star"] - expect) < 0.01


def test_noisy_curves_keep_the_knee_and_the_smoothing_is_their_measured_noise():
    A, c, N = 1.0, 0.05, 50
    tau = torch.arange(N, dtype=torch.float64) / (N - 1)
    found = []
    for seed in range(10):
        curves = A * (1 - torch.exp(-tau / c)) + 0.02 * torch.randn(
            64, N, generator=torch.Generator().manual_seed(seed), dtype=torch.float64
        )
        sem = curves.std(0) / 8
        knee = cw.fit_knee(tau, curves.mean(0), sem)
        assert knee["smoothing"] == pytest.approx(
            float((sem**2).sum() + (2 * (sem**4).sum()).sqrt())
        )
        found.append(knee["tau_star"])
    assert max(abs(t - exponential_knee(A, c)) for t in found) < 0.03, (
        found
    )  # no draw at the plateau's end


def test_few_steps_lower_the_spline_degree_and_a_line_has_no_bend_so_its_top_is_the_knee():
    knee = cw.fit_knee(torch.tensor([0.0, 0.5, 1.0]), torch.tensor([0.1, 0.6, 0.7]))
    assert knee["degree"] == 2 and 0 <= knee["tau_star"] <= 1
    assert (
        cw.fit_knee(torch.tensor([0.0, 1.0]), torch.tensor([0.1, 0.7]))["tau_star"] == 1
    )  # still rising at 1
    assert (
        cw.fit_knee(torch.tensor([0.0, 1.0]), torch.tensor([0.7, 0.1]))["tau_star"] == 0
    )  # falling: its top


@pytest.mark.parametrize("dip", [0.01, 0.02, 0.05])
def test_a_plateau_that_sags_at_the_end_keeps_its_knee_at_the_bend(dip):
    """A curve that rises, plateaus and dips at its last point (as a CLIP curve can): the spline's curvature is
    largest at the fit's end, which is no bend; the knee stays where the curve without the dip has it."""
    tau = torch.arange(10, dtype=torch.float64) / 9
    mean = 0.6 * (1 - torch.exp(-tau / 0.15))
    sagging = mean.clone()
    sagging[-1] -= dip
    knee = cw.fit_knee(tau, sagging)
    assert knee["curvature"].argmax() >= 0.95 * (cw.GRID - 1)  # plain argmax κ: the fit's end
    assert abs(knee["tau_star"] - cw.fit_knee(tau, mean)["tau_star"]) < 0.01
    assert abs(knee["tau_star"] - exponential_knee(0.6, 0.15)) < 0.03


def test_a_measured_curve_that_sags_at_its_end_gets_an_interior_knee():
    """A similarity curve of the shapes world whose last point sags: an argmax of κ over the whole fit would put τ*
    at its end, 1.0 (candidates [0, 9))."""
    mean = torch.tensor([0.14, 0.27, 0.50, 0.56, 0.67, 0.69, 0.70, 0.72, 0.72, 0.70])
    tau = torch.arange(10) / 9
    for sem in (None, torch.full((10,), 0.02)):
        assert 0.2 < cw.fit_knee(tau, mean, sem)["tau_star"] < 0.6
    with pytest.raises(ValueError, match="--steps"):
        cw.fit_knee(torch.tensor([0.0]), torch.tensor([0.1]))


# ------------------------------------------------------------------ the window (Eq. 11)
def test_discretization_gives_the_papers_windows():
    assert cw.candidate_range(0.21, 50, cw.START["flux2"], 2) == (0, 11, "")  # FLUX.2-dev: [0, 11)
    assert cw.candidate_range(0.14, 50, cw.START["qwenimage"], 2) == (
        1,
        7,
        "",
    )  # Qwen-Image-2512: [1, 7)
    assert cw.candidate_range(0.2, 11)[:2] == (
        0,
        2,
    )  # 0.2·10 is 2.0000000000000004 in floats: still 2
    assert cw.candidate_range(1.0, 10)[:2] == (
        0,
        9,
    )  # b <= N − 1: the last transition (σ → 0) never


def test_too_few_steps_widen_b_to_one_window_and_say_so():
    a, b, note = cw.candidate_range(0.14, 10, 1, 2)  # ceil(0.14·9) = 2 < a + L = 3
    assert (a, b) == (1, 3) and "b set to 3" in note
    assert cw.candidate_range(0.0, 4, 0, 3)[:2] == (0, 3)
    with pytest.raises(ValueError, match="does not fit"):
        cw.candidate_range(0.5, 3, 1, 3)
    with pytest.raises(ValueError, match="--window-length"):
        cw.candidate_range(0.5, 10, 0, 0)


def test_starts_are_uniform_on_a_to_b_minus_l_and_depend_only_on_each_samples_generator():
    gens = lambda seeds: [torch.Generator().manual_seed(s) for s in seeds]  # noqa: E731
    starts = cw.sample_starts((1, 7), 2, gens(range(2000)))
    assert starts.dtype == torch.long and starts.shape == (2000,)
    assert set(starts.tolist()) == {1, 2, 3, 4, 5}  # {a, ..., b − L}
    counts = torch.bincount(starts)[1:].float()
    assert (counts / 2000 - 0.2).abs().max() < 0.04
    alone = [int(cw.sample_starts((1, 7), 2, gens([s]))) for s in (5, 9, 13)]
    assert cw.sample_starts((1, 7), 2, gens([13, 5, 9])).tolist() == [alone[2], alone[0], alone[1]]
    assert (
        cw.sample_starts((2, 5), 3, gens(range(20))).tolist() == [2] * 20
    )  # a fixed window [2, 5)
    with pytest.raises(ValueError, match="hold no window"):
        cw.sample_starts((0, 1), 2, gens([0]))


# ------------------------------------------------------------------ the file
def window_result(**over):
    result = dict(
        similarity=torch.rand(10),
        tau_star=torch.tensor(0.21),
        candidates=torch.tensor([0, 3]),
        length=torch.tensor(2),
        steps=torch.tensor(10),
        note="",
    )
    return {**result, **over}


def test_save_and_load_keep_the_contract_keys_and_metadata(tmp_path):
    path = str(tmp_path / "w" / "window.safetensors")
    result = window_result(note="b set to 2", sigmas=torch.linspace(1, 0, 11))
    sw.save_window(path, result, backbone="shapes", steps=10, settings={"seeds": [0, 1]})
    tensors, meta = sw.load_window(path)
    assert set(tensors) == {"similarity", "tau_star", "candidates", "length", "steps", "sigmas"}
    assert all(torch.equal(tensors[k], result[k]) for k in tensors)
    assert meta == {
        "note": "b set to 2",
        "backbone": "shapes",
        "steps": 10,
        "settings": {"seeds": [0, 1]},
    }
    with pytest.raises(ValueError, match="missing tau_star"):
        sw.save_window(path, {k: v for k, v in result.items() if k != "tau_star"})


def test_a_file_without_the_contract_says_to_delete_or_recalibrate(tmp_path):
    path = str(tmp_path / "window.safetensors")
    save_file({"similarity": torch.rand(10)}, path)
    with pytest.raises(ValueError, match="not a window file: it lacks tau_star"):
        sw.load_window(path)


# ------------------------------------------------------------------ the similarity
def tiny_clip(folder):
    """A random CLIP with its tokenizer (letters, no merges) and a 32-px image processor, saved like a hub folder."""
    from transformers import CLIPConfig, CLIPImageProcessor, CLIPModel, CLIPTokenizer

    vocab = {"<|startoftext|>": 0, "<|endoftext|>": 1}
    for token in [ch + suffix for suffix in ("", "</w>") for ch in "abcdefghijklmnopqrstuvwxyz"]:
        vocab[token] = len(vocab)
    torch.manual_seed(0)
    model = CLIPModel(
        CLIPConfig(
            text_config=dict(
                vocab_size=len(vocab),
                hidden_size=16,
                intermediate_size=32,
                num_hidden_layers=1,
                num_attention_heads=2,
                max_position_embeddings=64,
                bos_token_id=0,
                eos_token_id=1,
                pad_token_id=1,
            ),
            vision_config=dict(
                hidden_size=16,
                intermediate_size=32,
                num_hidden_layers=1,
                num_attention_heads=2,
                image_size=32,
                patch_size=8,
            ),
            projection_dim=8,
        )
    )
    model.save_pretrained(folder)
    CLIPTokenizer(vocab=vocab, merges=[]).save_pretrained(folder)
    CLIPImageProcessor(
        size={"shortest_edge": 32}, crop_size={"height": 32, "width": 32}
    ).save_pretrained(folder)
    return model.eval()


def test_clip_similarity_is_the_raw_cosine_of_the_two_embeddings(tmp_path):
    from transformers import AutoTokenizer

    model = tiny_clip(tmp_path / "clip")
    similarity = cw.clip_similarity(str(tmp_path / "clip"))
    images = torch.rand(3, 3, 48, 48, generator=torch.Generator().manual_seed(0))
    prompts = ["a red circle", "two blue squares", "a green triangle"]
    got = similarity(images, prompts)
    assert got.shape == (3,) and (got.abs() <= 1).all()
    tok = AutoTokenizer.from_pretrained(tmp_path / "clip")
    with torch.no_grad():  # by hand: resize 48 -> 32 (bicubic), normalize, embed
        pixels = torch.nn.functional.interpolate(images, size=32, mode="bicubic", antialias=True)
        mean = torch.tensor([0.48145466, 0.4578275, 0.40821073])  # CLIPImageProcessor's defaults
        std = torch.tensor([0.26862954, 0.26130258, 0.27577711])
        img = model.get_image_features(
            pixel_values=(pixels - mean[:, None, None]) / std[:, None, None]
        ).pooler_output
        enc = tok(prompts, padding=True, return_tensors="pt")
        txt = model.get_text_features(
            input_ids=enc.input_ids, attention_mask=enc.attention_mask
        ).pooler_output
    torch.testing.assert_close(
        got, torch.nn.functional.cosine_similarity(img, txt), atol=0.02, rtol=0
    )
    assert not torch.equal(got[:1], similarity(images[:1], ["a yellow square"]))  # the text matters
    with pytest.raises(ValueError, match="--clip-path /no/clip: no such folder"):
        cw.clip_similarity("/no/clip")


def test_atom_similarity_is_the_mean_of_each_graphs_own_atoms():
    class Graph:
        def __init__(self, n):
            self.atoms = [None] * n

    graphs = {"a": Graph(2), "b": Graph(3)}
    scorer = lambda images, gs: torch.tensor([[1.0, 0.0, 9.0], [1.0, 1.0, 0.0]])  # noqa: E731 (9: padding)
    got = sw.atom_similarity(scorer, graphs.__getitem__)(torch.zeros(2, 3, 4, 4), ["a", "b"])
    torch.testing.assert_close(got, torch.tensor([0.5, 2 / 3]))


# ------------------------------------------------------------------ calibrate end to end
@pytest.fixture(scope="module")
def backbone(tmp_path_factory):
    return load_shapes(save_tiny_shapes(tmp_path_factory.mktemp("tiny") / "tiny.safetensors"))


def test_the_curve_scores_each_steps_decoded_clean_estimate(backbone):
    seen = []

    def brightness(images, prompts):
        seen.append(images)
        return images.mean((1, 2, 3))

    curves = cw.similarity_curves(backbone, PROMPTS, [0, 1], 4, brightness, batch=3)
    assert curves.shape == (4, 4)  # (2 seeds x 2 prompts) x steps
    noise = torch.cat(
        [
            backbone.noise(1, torch.Generator().manual_seed(s * 100_003 + i))
            for s in (0, 1)
            for i in range(2)
        ]
    )
    x0_hats = sample_ode(backbone, backbone.encode(PROMPTS * 2), noise, 4, trajectory=True)[2]
    expect = torch.stack([backbone.decode(x0_hats[:, k]).mean((1, 2, 3)) for k in range(4)], 1)
    torch.testing.assert_close(curves, expect, rtol=1e-5, atol=1e-6)


def test_calibrate_end_to_end_writes_the_window_and_its_picture(backbone, tmp_path):
    steps = 6
    fake = lambda images, prompts: (
        images.mean((1, 2, 3)) + torch.tensor([len(p) for p in prompts]) / 100
    )  # noqa
    result = cw.calibrate(backbone, PROMPTS, [0, 1, 2], steps, fake, batch=4)
    a, b = result["candidates"].tolist()
    assert a == cw.START["shapes"] == 0 and b == max(
        2, math.ceil(round(float(result["tau_star"]) * 5, 9))
    )
    assert (
        int(result["length"]) == 2 and int(result["steps"]) == steps and int(result["degree"]) == 4
    )
    assert result["similarity"].shape == result["sem"].shape == (steps,) and result[
        "curves"
    ].shape == (6, steps)
    torch.testing.assert_close(result["similarity"], result["curves"].mean(0))
    assert (
        result["sigmas"][0] == 1
        and result["sigmas"][-1] == 0
        and len(result["sigmas"]) == steps + 1
    )
    path = str(tmp_path / "window.safetensors")
    sw.save_window(path, result, backbone="shapes")
    tensors, meta = sw.load_window(path)
    assert set(sw.CONTRACT) <= set(tensors) and "note" in meta
    plot_window(tensors, str(tmp_path / "window.png"), "test")
    assert (tmp_path / "window.png").stat().st_size > 1000
    assert cw.calibrate(backbone, PROMPTS, [0], steps, fake, start=1)["candidates"][0] == 1
    with pytest.raises(ValueError, match="does not fit"):
        cw.calibrate(backbone, PROMPTS, [0], 3, fake, start=2)


def test_the_command_line_names_bad_flags(tmp_path, capsys):
    for argv, line in (
        (["--steps", "1"], "--steps 1: must be at least 2"),
        (["--steps", "4", "--start", "3"], "--start 3 + --window-length 2 does not fit --steps 4"),
        (["--window-length", "0"], "--window-length 0: must be at least 1"),
        (
            ["--backbone", "flux2", "--model-path", "/no/flux", "--prompts", "/no/p.txt"],
            "--clip-path None: --backbone flux2 needs a local CLIP folder",
        ),
    ):
        with pytest.raises(SystemExit):
            cw.main(argv + ["--out", str(tmp_path)])
        assert line in capsys.readouterr().err


# ------------------------------------------------------------------ the layout-freeze point (ours)
def euler(x, v, sigma, sigma_next, eps):
    return x + (sigma_next - sigma) * v


def test_an_exploration_that_adds_no_noise_keeps_every_layout_and_noise_loses_early_ones(backbone):
    graphs = [sample_shapes_graph(__import__("random").Random(i)) for i in range(3)]
    pixels = lambda image, graph: tuple((image * 4).round().flatten().tolist())  # noqa: E731 (a strict layout)
    kept = sw.layout_agreement(backbone, graphs, [0, 1], 4, euler, pixels, batch=4)
    assert kept.shape == (6, 4) and kept.dtype == torch.bool and kept.all()
    noisy = lambda x, v, s, s1, eps: euler(x, v, s, s1, eps) + 3 * eps  # noqa: E731
    assert not sw.layout_agreement(backbone, graphs, [0, 1], 4, noisy, pixels, batch=4)[:, 0].any()


def test_the_freeze_point_is_the_knee_of_the_agreement_curve():
    curve = 1 - 0.8 * torch.exp(-torch.arange(10, dtype=torch.float64) / 9 / 0.15)
    kept = (
        torch.rand(400, 10, generator=torch.Generator().manual_seed(0), dtype=torch.float64) < curve
    )
    result = sw.freeze_point(kept, cw.fit_knee)
    torch.testing.assert_close(result["agreement"], kept.float().mean(0))
    mean = kept.double().mean(0)
    knee = cw.fit_knee(torch.arange(10) / 9, mean, (mean * (1 - mean) / 399).sqrt())
    assert (
        float(result["freeze_tau"]) == pytest.approx(knee["tau_star"])
        and 0.1 < knee["tau_star"] < 0.5
    )


@pytest.mark.parametrize(
    "freeze,candidates,source", [(0.55, [0, 6], "τ*"), (0.3, [0, 3], "τ_freeze")]
)
def test_the_window_keeps_the_stand_ins_knee_within_one_step_of_the_freeze_point(
    freeze, candidates, source
):
    result = window_result(
        tau_star=torch.tensor(0.6), freeze_tau=torch.tensor(freeze), candidates=torch.tensor([0, 6])
    )
    chosen = sw.window_from_freeze(result, 0, 2, cw.candidate_range)
    assert (
        chosen["candidates"].tolist() == candidates
        and f"the window comes from {source}" in chosen["note"]
    )
    assert float(chosen["window_tau"]) == pytest.approx(0.6 if source == "τ*" else freeze)


def run_args(tmp_path, **over):
    import argparse

    return argparse.Namespace(
        **{
            **dict(
                window="auto",
                window_file=str(tmp_path / "window.safetensors"),
                out=str(tmp_path),
                window_length=2,
                model_path=None,
                clip_path=None,
                groups_per_rank=1,
                group_size=2,
                backbone="shapes",
                noise_level=0.7,
            ),
            **over,
        }
    )


@pytest.mark.parametrize(
    "measure,freeze", [("CLIP cosine", True), ("verifier mean atom score", False), (None, True)]
)
def test_a_window_file_of_another_measure_is_refused_naming_both(
    backbone, tmp_path, measure, freeze
):
    from cast_csg import InputError

    sigmas = backbone.sigmas(10).float()
    result = window_result(sigmas=sigmas, **({"freeze_tau": torch.tensor(0.5)} if freeze else {}))
    sw.save_window(
        str(tmp_path / "window.safetensors"), result, **({"similarity": measure} if measure else {})
    )
    with pytest.raises(
        InputError,
        match=f"calibrated with {measure or 'an unrecorded measure'}.*comes from the "
        "verifier mean atom score and the layout-freeze point",
    ):
        ct.window_for_run(run_args(tmp_path), backbone, sigmas, [], True, euler)


def test_a_shapes_run_calibrates_the_window_with_its_freeze_point_and_reuses_it(backbone, tmp_path):
    import random

    graphs = [sample_shapes_graph(random.Random(i)) for i in range(4)]
    sigmas = backbone.sigmas(6).float()
    window = ct.window_for_run(run_args(tmp_path), backbone, sigmas, graphs, True, euler)
    tensors, meta = sw.load_window(str(tmp_path / "window.safetensors"))
    assert meta["similarity"] == "verifier mean atom score"
    assert {"freeze_tau", "agreement", "window_tau"} <= set(tensors)
    assert tensors["agreement"].eq(1).all()  # no noise, no layout moves
    assert (
        window == (tuple(tensors["candidates"].tolist()), 2)
        and (tmp_path / "window.png").stat().st_size > 1000
    )
    assert (
        ct.window_for_run(run_args(tmp_path), backbone, sigmas, graphs, True, None) == window
    )  # cached


def test_a_dry_run_without_clip_takes_the_papers_length_from_a(tmp_path, capsys):
    bb = type("Random", (), {"name": "qwenimage"})()
    args = run_args(tmp_path, model_path="random", backbone="qwenimage", window_file=None)
    assert ct.window_for_run(args, bb, torch.linspace(1, 0, 11), [], True) == ((1, 3), 2)
    assert "a dry run has no CLIP to calibrate with: the fixed [1, 3)" in capsys.readouterr().out


def test_the_shipped_window_serves_only_the_run_that_would_calibrate_it(
    backbone, tmp_path, monkeypatch, capsys
):
    import random

    import support.assets as assets

    graphs = [sample_shapes_graph(random.Random(i)) for i in range(4)]
    sigmas = backbone.sigmas(10).float()
    base, shipped = tmp_path / "base.safetensors", tmp_path / "shipped.safetensors"
    sw.save_window(
        str(shipped),
        window_result(sigmas=sigmas, freeze_tau=torch.tensor(0.5), candidates=torch.tensor([1, 4])),
        similarity="verifier mean atom score",
        prompts=[g.prompt for g in graphs],
        settings=dict(clip_path=None, noise_level=0.7),
    )
    monkeypatch.setattr(assets, "SHAPES_BASE", str(base))
    monkeypatch.setattr(assets, "SHAPES_WINDOW", str(shipped))
    run = tmp_path / "run"
    run.mkdir()
    args = run_args(run, window_file=None, base_weights=str(base), steps=10)
    assert ct.window_for_run(args, backbone, sigmas, graphs, True, None) == (
        (1, 4),
        2,
    )  # no calibration
    assert "the shipped calibration" in capsys.readouterr().out
    assert (run / "window.safetensors").read_bytes() == shipped.read_bytes() and (
        run / "window.png"
    ).exists()
    prompts = [g.prompt for g in graphs]
    assert assets.shipped_window(args, prompts) == str(shipped)
    for other, why in [
        (dict(noise_level=0.5), "noise"),
        (dict(steps=8), "steps"),
        (dict(window_length=3), "length"),
        (dict(base_weights=str(tmp_path / "other.safetensors")), "weights"),
    ]:
        assert assets.shipped_window(run_args(run, **{**vars(args), **other}), prompts) is None, why
    assert assets.shipped_window(args, prompts[::-1]) is None  # other calibration prompts


def test_the_shipped_window_is_the_calibration_of_todays_default_run(tmp_path):
    """assets/shapes_window.safetensors is what the default run would calibrate: rebuild it (support.assets) when
    a default that feeds the calibration changes."""
    from support.assets import SHAPES_WINDOW, shipped_window
    from support.inputs import held_out_graphs

    args = ct.parse_args(["--out", str(tmp_path)])
    calibration = ct.train_graphs(
        args, 0, args.window_prompts, frozenset(g.prompt for g in held_out_graphs(args))
    )
    assert shipped_window(args, [g.prompt for g in calibration]) == SHAPES_WINDOW
