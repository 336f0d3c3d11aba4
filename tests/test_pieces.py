"""The pieces the README lists as meant to be copied, each pasted on its own (its source text and the same-file
functions and constants it uses, in a new module that imports only torch, the standard library, numpy and scipy:
tests/paste.py), and checked against the original on random tensors: the same numbers bit for bit, in the inputs'
dtype where the piece keeps it, and on the inputs' device (the meta device stands in for an accelerator: a piece
that made a tensor on the CPU behind its caller's back fails there)."""

import dataclasses

import pytest
import torch
from paste import paste

import cast_advantage
import cast_reward
import cast_train
import cast_window


def sde_inputs(device, dtype):
    g = torch.Generator().manual_seed(0)
    x, v, eps = (torch.randn(4, 6, 3, generator=g, dtype=dtype).to(device) for _ in range(3))
    sigma = torch.tensor([1.0, 0.8, 0.6, 0.4], dtype=dtype).to(device)
    return (x, v, sigma, sigma - 0.2, 0.7), dict(noise=eps)


def kl_inputs(device, dtype):
    (x, v, sigma, sigma_next, a), _ = sde_inputs(device, dtype)
    _, _, mean, std = cast_window.sde_step(x, v, sigma, sigma_next, a)
    _, _, mean_ref, _ = cast_window.sde_step(x, v.flip(0), sigma, sigma_next, a)
    return (mean, mean_ref, std, sigma, sigma_next), {}


def loss_inputs(device, dtype):
    g = torch.Generator().manual_seed(1)
    new, old, adv = (torch.randn(8, 16, generator=g, dtype=dtype).to(device) for _ in range(3))
    return (new, old * 0.1 + new, adv, 0.2), {}


def score_inputs(device, dtype):
    g = torch.Generator().manual_seed(2)
    scores = torch.rand(8, 5, generator=g, dtype=dtype).to(device)
    mask = (torch.rand(8, 5, generator=g) > 0.2).to(device)
    scores[:4, 0] = 0.5  # a column one group agrees on: below the resolution, advantage 0
    group = torch.arange(2).repeat_interleave(4).to(device)
    return scores, mask, group


def zscore_inputs(device, dtype):
    scores, mask, group = score_inputs(device, dtype)
    return (scores, mask, group, 1e-6), {}


def atom_adv_inputs(device, dtype):
    return score_inputs(device, dtype), {}


def pixel_inputs(device, dtype):
    g = torch.Generator().manual_seed(3)
    atom_adv = (torch.randn(8, 5, generator=g, dtype=dtype) * 3).to(device)
    maps = torch.rand(8, 5, 4, 4, generator=g, dtype=dtype).to(device)
    return (atom_adv, maps / maps.mean((-2, -1), keepdim=True)), {}


def knee_inputs(device, dtype):
    g = torch.Generator().manual_seed(4)
    tau = torch.linspace(0, 1, 10, dtype=dtype)
    mean = 1 - torch.exp(-6 * tau) + 0.01 * torch.randn(10, generator=g, dtype=dtype)
    return (tau.to(device), mean.to(device), torch.full((10,), 0.01, dtype=dtype).to(device)), {}


def rollout_inputs(device, dtype):
    g = torch.Generator().manual_seed(6)
    weight = torch.randn(3, 3, generator=g, dtype=dtype).to(device) * 0.3
    x = torch.randn(4, 6, 3, generator=g, dtype=dtype).to(device)
    sigmas = torch.linspace(1, 0, 6, dtype=dtype).to(device)
    velocity = lambda x, s: x @ weight.to(x.dtype) - s * x  # noqa: E731 (a stand-in denoiser)
    gens = [torch.Generator().manual_seed(i) for i in range(4)]
    return (velocity, x, sigmas, torch.tensor([0, 1, 2, 3]), 2, 0.7, gens), {}


def starts_inputs(device, dtype):
    return ((1, 7), 2, [torch.Generator().manual_seed(i) for i in range(16)]), {}


def soft_tifa_inputs(device, dtype):
    g = torch.Generator().manual_seed(5)
    probs = torch.rand(6, 50, generator=g, dtype=dtype).softmax(-1).to(device)
    ids = [torch.randint(50, (k,), generator=g).to(device) for k in (1, 2, 3, 1, 5, 2)]
    return (probs, ids), {}


# (file, the piece and what it calls, its inputs, whether its outputs stay on the inputs' device and dtype)
PIECES = {
    "the SDE step (Eq. 3/5, 8)": (cast_window, ["sde_step"], sde_inputs, "device"),
    "the KL term (Eq. 9)": (cast_train, ["transition_kl"], kl_inputs, "device"),
    "the clipped loss (Eq. 9)": (cast_train, ["grpo_loss"], loss_inputs, "device and dtype"),
    "the group z-score (Eq. 6)": (
        cast_advantage,
        ["group_zscore"],
        zscore_inputs,
        "device and dtype",
    ),
    "the atom advantages (Eq. 6)": (
        cast_advantage,
        ["atom_advantages"],
        atom_adv_inputs,
        "device and dtype",
    ),
    "the pixel map (Eq. 7)": (cast_advantage, ["pixel_advantage"], pixel_inputs, "device"),
    "the knee fit (Eq. 10)": (cast_window, ["fit_knee"], knee_inputs, "cpu"),
    "the window's starts (Eq. 11)": (cast_window, ["sample_starts"], starts_inputs, "cpu"),
    "the window sampler (Eq. 3/5 in the window, the ODE outside)": (
        cast_window,
        ["rollout"],
        rollout_inputs,
        "device",
    ),
    "Soft-TIFA's aggregation (Eq. 4)": (
        cast_reward,
        ["soft_tifa"],
        soft_tifa_inputs,
        "device and dtype",
    ),
}


def flat(out):
    """The tensors of a piece's output, in order (a tensor, a tuple, a dict, a dataclass)."""
    if isinstance(out, torch.Tensor):
        return [out]
    if dataclasses.is_dataclass(out):
        return [t for f in dataclasses.fields(out) for t in flat(getattr(out, f.name))]
    if isinstance(out, dict):
        return [t for k in sorted(out) for t in flat(out[k])]
    if isinstance(out, (tuple, list)):
        return [t for o in out for t in flat(o)]
    return [torch.tensor(out)]


@pytest.mark.parametrize("piece", sorted(PIECES))
def test_a_pasted_piece_computes_what_the_original_does(piece):
    module, names, inputs, keeps = PIECES[piece]
    pasted = paste(module.__name__ + ".py", names)
    for dtype in (torch.float32, torch.float64):
        (args, kw), (again, kw_again) = (
            inputs("cpu", dtype),
            inputs("cpu", dtype),
        )  # generators are used up
        want, got = (
            getattr(module, names[0])(*args, **kw),
            getattr(pasted, names[0])(*again, **kw_again),
        )
        for w, g in zip(flat(want), flat(got), strict=True):
            assert w.dtype == g.dtype and w.shape == g.shape and w.device == g.device
            assert torch.equal(w, g), piece
            if keeps == "device and dtype" and w.is_floating_point():
                assert w.dtype == dtype, f"{piece} returned {w.dtype} for {dtype} inputs"
    if keeps.startswith("device"):  # the meta device stands in for an accelerator
        args, kw = inputs("meta", torch.float32)
        out = flat(getattr(pasted, names[0])(*args, **kw))
        # values stay on the inputs' device; step indices are CPU tensors, as the loops read them
        assert all(t.device.type == "meta" for t in out if t.is_floating_point()), piece


def test_the_paste_refuses_a_piece_that_leans_on_another_project_file(tmp_path, monkeypatch):
    import paste as paste_module

    (tmp_path / "leaning.py").write_text(
        "from cast_csg import atom_mean\n\n\ndef mean(x, m):\n    return atom_mean(x, m)\n"
    )
    monkeypatch.setattr(paste_module, "ROOT", str(tmp_path))
    with pytest.raises(ImportError, match="cast_csg"):
        paste_module.paste("leaning.py", ["mean"])


def test_the_readme_lists_every_piece():
    readme = open(paste_module_root() + "/README.md").read()
    for module, names, _, _ in PIECES.values():
        assert f"`{module.__name__}.{names[0]}`" in readme, names[0]


def paste_module_root():
    import paste as paste_module

    return paste_module.ROOT
