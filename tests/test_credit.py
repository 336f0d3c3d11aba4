"""bench/credit.py and credit_report.py: the cross-block estimator where the answer is known, and the bench end to
end on a tiny model."""

import json
import math
import os
import sys

import pytest
import torch
from safetensors.torch import load_file, save_file

sys.path.insert(
    0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench")
)
import credit  # noqa: E402
import credit_report  # noqa: E402

from tests.tiny import save_tiny_shapes  # noqa: E402


def summary(per_group, blocks, m=math.inf):
    """The bench's statistics of per-group vectors [R, groups, P] split into `blocks` equal blocks: (U, E|g|²) over
    all blocks, and the jackknife replicates' cosines [R, R] of m-group updates."""
    R, n, _ = per_group.shape
    sums = per_group.reshape(R, blocks, n // blocks, -1).sum(2).double()  # [R, B, P]
    flat = sums.flatten(0, 1)
    gram = (flat @ flat.T).reshape(R, blocks, R, blocks)
    sq = per_group.double().pow(2).sum(-1).reshape(R, blocks, -1).sum(-1)
    counts = torch.full((blocks,), float(n // blocks), dtype=torch.float64)
    U, e_sq = credit_report.u_statistics(gram, sq, counts, torch.ones(blocks, dtype=torch.bool))
    reps = [
        credit_report.cosines(
            *credit_report.u_statistics(gram, sq, counts, torch.arange(blocks) != b), m
        )
        for b in range(blocks)
    ]
    return U, e_sq, reps


def test_a_readout_equal_to_the_reference_up_to_scale_has_cosine_one_and_noise_alone_zero():
    """Readout 1 has the reference's expected direction (x 3) with its own noise; readout 2 is pure noise that
    shares the reference's: the naive cosine of the means is biased toward it, the cross-block one is not (its
    expected direction is zero, so it is read as the bench's sanity readout is, at a finite update size)."""
    torch.manual_seed(0)
    P, n = 400, 256
    mu = torch.randn(P) * 0.05
    shared = torch.randn(n, P)
    ref = mu + shared
    same_direction = 3 * mu + 2 * torch.randn(n, P)
    noise_only = shared.clone()
    per_group = torch.stack([ref, same_direction, noise_only])
    U, _, reps = summary(per_group, blocks=16)
    cos = credit_report.cosines(U, torch.zeros(3), math.inf)
    se = credit_report.jackknife_se(reps, lambda c: c)
    assert abs(cos[1, 0] - 1) < 2 * se[1, 0] + 1e-3 and se[1, 0] < 0.15
    U, e_sq, reps = summary(per_group, blocks=16, m=2)
    cos, se = credit_report.cosines(U, e_sq, 2), credit_report.jackknife_se(reps, lambda c: c)
    assert abs(cos[2, 0]) < 2 * se[2, 0] and se[2, 0] < 0.15
    means = per_group.mean(1)
    naive = torch.nn.functional.cosine_similarity(means[2], means[0], dim=0)
    assert naive > 0.5  # what pairs within a group would have said


def test_the_expected_cosine_of_an_m_group_update_matches_simulation():
    """cos_n from the U-statistics against the mean cosine of simulated m-group updates with the true direction."""
    torch.manual_seed(1)
    P, n, m = 2000, 512, 4
    mu_ref, mu = torch.randn(P), torch.randn(P)
    mu = 0.6 * mu_ref + 0.8 * mu  # cos_inf about 0.6
    ref = 0.2 * mu_ref + torch.randn(n, P)
    readout = 0.2 * mu + torch.randn(n, P)
    U, e_sq, _ = summary(torch.stack([ref, readout]), blocks=16)
    predicted = credit_report.cosines(U, e_sq, m)[1, 0]
    updates = (0.2 * mu + torch.randn(2000, m, P)).mean(1)
    simulated = torch.nn.functional.cosine_similarity(updates, mu_ref[None], dim=1).mean()
    assert abs(predicted - simulated) < 0.03


def test_images_needed_inverts_the_cosine_curve():
    """The images a readout needs for its own m-group cosine are m·G; for more than its expected update's, never."""
    torch.manual_seed(2)
    per_group = torch.stack([torch.randn(64, 50) + 1, torch.randn(64, 50) + 0.5])
    U, e_sq, _ = summary(per_group, blocks=8)
    G, m = 8, 2
    cos = credit_report.cosines(U, e_sq, m)
    need = credit_report.images_needed(U, e_sq, cos, 1, G)
    assert need[1, 0] == pytest.approx(m * G, rel=1e-6)
    beyond = (
        credit_report.cosines(U, e_sq, math.inf) + 1e-3
    )  # past the expected update's cosine: never reached
    assert math.isinf(credit_report.images_needed(U, e_sq, beyond, 1, G)[1, 0])


def test_decision_rule():
    assert credit_report.decide(0.05, 0.02) == "helps"
    assert credit_report.decide(-0.05, 0.02) == "hurts"
    assert credit_report.decide(0.03, 0.02) == "no effect detected"
    assert credit_report.decide(None, None) == "not resolvable"  # no cosine: nothing ruled out
    assert credit_report.groups_needed(0.04, 256) == 1024  # SE 0.04 at 256 groups -> 0.02 at 4x
    assert credit_report.groups_needed(None, 256) is None
    result = {
        "settings": {"groups": 100},
        "differences": {
            credit_report.MAIN: {
                "am": dict(diff16=0.1, se=0.01),
                "count": dict(diff16=None, se=None),
            }
        },
    }
    assert credit_report.decisions(result) == dict(
        decision={"am": "helps", "count": "not resolvable"}, groups_for_se={"am": 25, "count": None}
    )


def test_the_bench_runs_on_a_tiny_model_and_resumes(tmp_path, monkeypatch):
    weights = save_tiny_shapes(tmp_path / "tiny.safetensors")
    argv = [
        "--weights",
        weights,
        "--groups",
        "6",
        "--blocks",
        "3",
        "--group-size",
        "2",
        "--states",
        "2",
        "--pairs",
        "4",
        "--threads",
        "1",
        "--work",
        str(tmp_path / "work"),
        "--results",
        str(tmp_path / "results.json"),
        "--picture",
        str(tmp_path / "credit.png"),
    ]
    first = credit.main(argv)
    saved = json.load(open(tmp_path / "results.json"))["credit"]
    assert saved["settings"]["groups"] == 6 and os.path.getsize(tmp_path / "credit.png") > 0
    assert set(saved["readouts"]) == set(credit.READOUTS)
    cell = saved["readouts"]["cast_step"]["am"]
    assert {"cos16", "cos16_se", "cos64", "cos64_se", "map_free_images_16"} <= set(cell)
    assert set(saved["decision"]) == set(credit.KINDS)
    assert set(saved["decision"].values()) <= {
        "helps",
        "hurts",
        "no effect detected",
        "not resolvable",
    }
    assert set(saved["groups_for_se"]) == set(credit.KINDS)
    assert any(key.endswith("/step0") for key in saved["part_b"])
    assert len(os.listdir(next((tmp_path / "work").iterdir()))) == 3  # one file per finished block
    block = (
        next((tmp_path / "work").iterdir()) / "block_1.safetensors"
    )  # a readout added to the bench later:
    kept = load_file(str(block))  # only it is computed for the block
    save_file({k: v for k, v in kept.items() if not k.endswith(".cast_step10")}, str(block))
    computed = []
    gradients = credit.group_gradients
    monkeypatch.setattr(
        credit,
        "group_gradients",
        lambda setup, roll, w: computed.append(len(w)) or gradients(setup, roll, w),
    )
    again = credit.main(
        argv + ["--states", "0", "--policy", "trained"]
    )  # the blocks are reused: same Part A
    assert computed == [1, 1] and torch.equal(
        load_file(str(block))["S.cast_step10"], kept["S.cast_step10"]
    )
    assert again["readouts"]["cast_step"]["am"]["cos16"] == pytest.approx(cell["cos16"])
    assert again["readouts"]["cast_step10"] == first["readouts"]["cast_step10"]
    saved = json.load(open(tmp_path / "results.json"))["credit"]
    assert "trained" in saved and saved["settings"]["policy"] == "base"
    report = credit.main(
        [
            "--report",
            "--results",
            str(tmp_path / "results.json"),
            "--picture",
            str(tmp_path / "report.png"),
        ]
    )
    assert set(report) == set(saved) and os.path.getsize(tmp_path / "report.png") > 0


def test_area_maps_are_the_vlms_own_grid_where_it_matches_the_denoisers():
    """Candidate 4's readout: resize='area' lays an 8x8 visual grid on an 8x8 token grid unchanged (unit mean), where
    the paper's bilinear resize-and-pool blurs it."""
    from cast_advantage import atom_maps

    rows = torch.rand(3, 64)
    exact = atom_maps(rows, (1, 16, 16), 2, (32, 32), (8, 8), resize="area")
    expected = rows.reshape(3, 8, 8) / rows.reshape(3, 8, 8).mean((1, 2), keepdim=True)
    assert torch.allclose(exact, expected, atol=1e-6)
    blurred = atom_maps(rows, (1, 16, 16), 2, (32, 32), (8, 8))
    assert not torch.allclose(blurred, expected, atol=1e-3)
    assert torch.allclose(blurred.mean((1, 2)), torch.ones(3), atol=1e-5)
