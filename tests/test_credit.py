"""bench/credit.py: token shares of a mask, count outcomes, instance counting, and the table end to end on a tiny
random model."""
import json
import math
import os
import sys

import pytest
import torch

from cast_csg import read_prompt
from tiny import save_tiny_shapes

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench"))
import credit  # noqa: E402


def test_token_shares_are_the_patch_fraction_inside_the_mask():
    m = torch.zeros(1, 8, 8, dtype=torch.bool)
    m[0, :4, :2] = True                                         # half of the top-left 4x4 patch
    shares = credit.token_shares(m, (2, 2))
    assert shares.tolist() == [[0.5, 0.0, 0.0, 0.0]]


def test_count_outcomes_and_instances():
    two = read_prompt("two red circles").atoms
    count = next(a for a in two if a.kind == "count")
    assert [credit.outcome(count, n) for n in (1, 2, 3)] == ["deficit", "exact", "surplus"]
    m = torch.zeros(2, 10, 10, dtype=torch.bool)
    m[0, 1:3, 1:3] = m[0, 6:9, 6:9] = True                        # two blobs apart; none in the second phrase
    assert credit.instances(m) == [2, 0]


def test_credit_table_end_to_end_on_a_tiny_model(tmp_path, capsys):
    weights = save_tiny_shapes(tmp_path / "tiny.safetensors")
    rows = credit.main(["--weights", weights, "--n", "2", "--group-size", "2"])
    table = capsys.readouterr().out
    assert table.startswith("| atom kind | outcome | advantage | n |") and "2 prompts x 2 samples" in table
    assert all(r["sign"] in "+-" and (r["evidence"] is None or 0 <= r["evidence"] <= 1 + 1e-6) for r in rows)


def test_evaluate_reads_a_checkpoints_ema_weights_and_pairs_with_the_base(tmp_path, capsys):
    import cast_train as ct
    import evaluate
    weights = save_tiny_shapes(tmp_path / "tiny.safetensors")
    ct.main(["--base-weights", weights, "--scorer-path", "tests.tiny:toy_scorer", "--groups-per-rank", "2",
             "--group-size", "2", "--steps", "3", "--eval-steps", "3", "--eval-size", "2", "--eval-samples", "1",
             "--window", "0:2", "--threads", "1", "--iterations", "1", "--lr", "1e-2", "--out", str(tmp_path / "run")])
    ckpt = tmp_path / "run/checkpoints/step_1"
    w = evaluate.checkpoint_weights(str(ckpt))
    from safetensors.torch import load_file
    final = load_file(str(tmp_path / "run/final/model.safetensors"))   # the EMA weights evaluation used
    assert all(torch.equal(w[k], final[k]) for k in final)
    out = evaluate.main([f"tiny={ckpt}", "--base", weights, "--eval-size", "2", "--eval-samples", "1"])
    rows = out["tiny"]["rows"]
    assert [r["metric"] for r in rows[:2]] == ["atom accuracy", "all atoms correct"] and rows[0]["n"] == 2
    printed = capsys.readouterr().out
    assert "gain per kind" in printed and "count atoms: deficit" in printed
    assert abs(sum(out["tiny"]["counts"][k] for k in ("deficit", "surplus", "exact")) - 1) < 1e-9
    # --results: models named CONFIG@SEED fill one table of a results.json; the file's other tables stay
    results = tmp_path / "results.json"
    results.write_text(json.dumps({"equal_iterations": {"kept": 1}}))
    argv = [f"cast@0={ckpt}", f"flow_grpo@0={tmp_path / 'run/final/model.safetensors'}", f"cast_scalar@0={ckpt}",
            "--base", weights,
            "--eval-size", "3", "--eval-samples", "1", "--results", str(results)]
    out = evaluate.main(argv)
    data = json.loads(results.read_text())
    assert data["equal_iterations"] == {"kept": 1} and data["equal_compute"]["command"].endswith(str(results))
    cast, fg = data["equal_compute"]["cast"][0], data["equal_compute"]["flow_grpo"][0]
    assert cast["seed"] == 0 and cast["am"]["gain"] == out["cast@0"]["rows"][0]["gain"]
    assert cast["am"] == fg["am"] and set(cast) >= {"strict", "hard_am", "object", "count", "attribute", "counts"}
    ratio = data["equal_compute"]["hardest_ratio"]["per_seed"][0]
    assert ratio == 1.0 or (fg["hard_am"]["gain"] == 0 and math.isnan(ratio))   # the same EMA weights twice
    ratios = data["equal_compute"]["hardest_ratios"]                             # every config against Flow-GRPO
    assert set(ratios) == {"cast", "cast_scalar"} and ratios["cast"] == data["equal_compute"]["hardest_ratio"]
    with pytest.raises(SystemExit):
        evaluate.main([f"tiny={ckpt}", "--results", str(results)])       # names must be CONFIG@SEED


def test_evaluate_tallies_count_outcomes_on_rendered_scenes():
    import random
    import evaluate
    from cast_shapes import render
    rng, asked = random.Random(0), read_prompt("three red circles")
    drawn = [render(read_prompt(p), rng)[0] for p in ("two red circles", "three red circles", "four red circles")]
    scorer = evaluate.CountingScorer()
    scores = scorer(torch.stack([torch.from_numpy(d) for d in drawn]).float(), [asked] * 3)
    assert scores.shape[0] == 3
    assert scorer.counts() == dict(deficit=1 / 3, surplus=1 / 3, exact=1 / 3, drawn_per_wanted=9 / 9)
    assert scorer.counts()["exact"] == 0                             # the tally starts afresh
