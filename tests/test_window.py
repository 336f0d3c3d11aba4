"""cast_window: saved keys and shapes, exact agreement at the last step, freeze detection on synthetic
trajectories, window bounds, the SDE helper, the shapes layout-change check, and flag errors.
The backbone is the shapes model with random weights (its zero-initialized outputs re-drawn)."""
import math

import pytest
import torch

import cast_window as cw
from cast_backbone import sample_ode
from cast_shapes_model import load_shapes

PROMPTS = ["two red circles to the left of a blue square", "a green triangle"]
SPANS = [[(8, 15), (38, 44)], [(8, 16)]]          # the nouns, as cast_csg.parse gives them


@pytest.fixture(scope="module")
def backbone():
    torch.manual_seed(0)
    bb = load_shapes("random")
    for layer in (bb.model.transformer.proj_out, bb.model.head[-1]):
        torch.nn.init.normal_(layer.weight, std=0.3)  # zero-initialized: would make every velocity 0
    return bb


def test_calibrate_saves_the_design_keys(backbone, tmp_path):
    T = 4
    result = cw.calibrate(backbone, PROMPTS, [0], T, threshold=0.9, window_size=2, spans=SPANS, batch=4)
    path = str(tmp_path / "window.safetensors")
    cw.save_window(path, result, backbone="shapes", steps=T, settings={"threshold": 0.9})
    tensors, meta = cw.load_window(path)
    shapes = {"sigmas": (T + 1,), "agreement": (T,), "freeze_step": (), "window": (2,),
              "pixel_agreement": (T,), "chance": (2,), "sensitivity": (T,), "shift": (T,)}
    assert {k: tuple(v.shape) for k, v in tensors.items()} == shapes
    assert meta == {"backbone": "shapes", "steps": T, "settings": {"threshold": 0.9}}
    assert tensors["sigmas"][0] == 1 and tensors["sigmas"][-1] == 0
    start, stop = tensors["window"].tolist()
    assert 0 <= start < stop <= T and stop - start == 2
    assert ((tensors["sensitivity"] >= 0) & (tensors["sensitivity"] <= 1)).all()
    cw.plot_window(result, str(tmp_path / "window.png"), "test")
    assert (tmp_path / "window.png").stat().st_size > 1000


def test_agreement_is_exactly_one_at_the_last_step(backbone):
    # The reason: the last Euler step lands on σ = 0, so the finished image is the last x̂0 bit for bit.
    cond = backbone.encode(PROMPTS)
    x0, _, x0_hats = sample_ode(backbone, cond, backbone.noise(2, torch.Generator().manual_seed(0)), 5,
                                trajectory=True)
    assert torch.equal(x0, x0_hats[:, -1])
    out = cw.layout_agreement(backbone, PROMPTS, [0, 1], 5, spans=SPANS, batch=3)
    assert out["agreement"][-1].item() == 1.0 and out["pixel_agreement"][-1].item() == 1.0
    assert (out["agreement"][:-1] < 1).all()       # random weights still move the layout along the way


@pytest.mark.parametrize("freeze", range(6))
def test_synthetic_maps_fixed_from_a_known_step_give_that_freeze_step(freeze):
    g = torch.Generator().manual_seed(freeze)
    N, T, K, n_img = 3, 6, 2, 64
    maps = torch.rand(N, T, K, n_img, generator=g)
    maps[:, freeze:] = maps[:, -1:].clone()        # the layout is fixed from `freeze` on
    mask = torch.tensor([[True, True], [True, False], [True, True]])
    maps[1, :, 1] = 0                              # a padded object slot must not count
    agreement = cw.map_agreement(maps, mask).mean(0)
    assert (agreement[freeze:] == 1).all()
    for threshold in (0.95, 1.0):
        assert cw.freeze_step(agreement, threshold) == freeze
    images = torch.rand(N, T, 3, 32, 32, generator=g)
    images[:, freeze:] = images[:, -1:].clone()
    assert cw.freeze_step(cw.pixel_agreement(images, (8, 8)).mean(0), 0.99) == freeze


@pytest.mark.parametrize("freeze", [0, 2, 4])
def test_synthetic_latent_trajectory_through_the_backbone(backbone, freeze):
    # A trajectory of clean estimates that reaches the final latent at step `freeze` and stays there,
    # run through the real teacher-forced attention path.
    g = torch.Generator().manual_seed(1)
    T, cond = 5, backbone.encode(PROMPTS)
    x0s = torch.randn(2, T, 64, 48, generator=g)
    x0s[:, freeze:] = x0s[:, -1:].clone()
    positions = [[backbone.token_positions(p, s) for s in spans] for p, spans in zip(PROMPTS, SPANS)]
    maps, mask = cw.object_maps(backbone, x0s, cond, positions, backbone.noise(2, g))
    agreement = cw.map_agreement(maps, mask).mean(0)
    assert cw.freeze_step(agreement, 0.999) == freeze


def test_window_is_inside_the_schedule_and_never_empty():
    for T in range(1, 13):
        for size in range(1, T + 1):
            for f in range(T):
                start, stop = cw.sde_window(f, T, size)
                assert 0 <= start < stop <= T and stop - start == size
                assert stop == f if f >= size else start == 0   # the steps just before the freeze step


def test_invalid_flags_name_the_flag(backbone):
    for threshold in (0, -0.1, 1.5, math.nan):
        with pytest.raises(ValueError, match="--threshold"):
            cw.freeze_step(torch.ones(3), threshold)
        with pytest.raises(ValueError, match="--threshold"):
            cw.calibrate(backbone, PROMPTS, [0], 4, threshold=threshold)
    for size in (0, 11):
        with pytest.raises(ValueError, match="--window-size"):
            cw.sde_window(0, 10, size)
        with pytest.raises(SystemExit):
            cw.main(["--steps", "10", "--window-size", str(size)])
    with pytest.raises(ValueError, match="--steps"):
        cw.check_settings(0, 0.9, 1)
    with pytest.raises(ValueError, match="--layout"):
        cw.layout_sensitivity(backbone, PROMPTS, [0], 2, layout="pixels")


def test_sde_step_is_euler_at_noise_zero_and_finite_at_sigma_one():
    g = torch.Generator().manual_seed(0)
    x, v, eps = (torch.randn(2, 8, 4, generator=g) for _ in range(3))
    assert torch.equal(cw.sde_step(x, v, 0.6, 0.5, 0.0, eps), x + (0.5 - 0.6) * v)
    assert torch.isfinite(cw.sde_step(x, v, 1.0, 0.9, 0.7, eps)).all()


def test_sensitivity_is_zero_without_noise(backbone):
    for layout in ("objects", "attention"):
        out = cw.layout_sensitivity(backbone, PROMPTS, [0], 3, noise_level=0.0, layout=layout, spans=SPANS)
        assert out["sensitivity"].tolist() == [0.0] * 3


def squares(*placed):
    """A shapes image [1, 3, 32, 32] with 10-px squares: (color rgb, x, y) each."""
    image = torch.zeros(1, 3, 32, 32)
    for rgb, x, y in placed:
        image[0, :, y:y + 10, x:x + 10] = torch.tensor(rgb, dtype=torch.float)[:, None, None]
    return image


def test_shapes_layout_change_counts_and_moves():
    red, blue = (1, 0, 0), (0, 0, 1)
    image = squares((red, 2, 2), (blue, 16, 16))
    same, moves = cw.shapes_layout_change(image, image)
    assert not same.any() and moves == [0.0, 0.0]
    nudged, moves = cw.shapes_layout_change(image, squares((red, 4, 2), (blue, 16, 16)))
    assert not nudged.any() and sorted(moves) == [0.0, 2.0]     # 2 px is within the 3-px margin
    moved, moves = cw.shapes_layout_change(image, squares((red, 7, 2), (blue, 16, 16)))
    assert moved.all() and sorted(moves) == [0.0, 5.0]
    assert cw.shapes_layout_change(image, squares((red, 2, 2)))[0].all()                       # one vanished
    assert cw.shapes_layout_change(image, squares((red, 2, 2), (red, 16, 16)))[0].all()         # a color changed
    speck = image.clone()
    speck[0, 1, 28:32, 28:32] = 1                  # a 16-px green fragment: no shape, not an object
    assert not cw.shapes_layout_change(image, speck)[0].any()
