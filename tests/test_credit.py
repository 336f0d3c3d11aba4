"""bench/credit.py: token shares of a mask, the oracle maps from the verifier's masks, the table end to end on a tiny
random model; bench/evaluate.py on a checkpoint."""
import json
import math
import os
import random
import sys

import pytest
import torch

from cast_csg import read_prompt
from support.shapes import draw_graph
from tiny import save_tiny_shapes

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench"))
import credit  # noqa: E402


def test_token_shares_are_the_patch_fraction_inside_the_mask():
    m = torch.zeros(1, 8, 8, dtype=torch.bool)
    m[0, :4, :2] = True                                         # half of the top-left 4x4 patch
    shares = credit.token_shares(m, (2, 2))
    assert shares.tolist() == [[0.5, 0.0, 0.0, 0.0]]


def test_oracle_maps_cover_the_drawn_object_and_the_whole_image_for_a_missing_one():
    drawn = read_prompt("a red circle to the left of a blue square")
    image = torch.from_numpy(draw_graph(drawn, random.Random(0))[0]).float()
    maps = credit.evidence_maps(image[None], [drawn], (8, 8))
    torch.testing.assert_close(maps.mean((-2, -1)), torch.ones(1, len(drawn.atoms)))      # unit mean
    circle, square = (next(k for k, a in enumerate(drawn.atoms) if a.kind == "object" and a.entity == e)
                      for e in (0, 1))
    left = maps[0, circle].sum(0).nonzero().float().mean()          # the circle's columns lie left of the square's
    assert left < maps[0, square].sum(0).nonzero().float().mean() and (maps[0, circle] == 0).float().mean() > 0.5
    relation = next(k for k, a in enumerate(drawn.atoms) if a.kind == "relation")
    assert torch.equal(maps[0, relation] > 0, (maps[0, circle] > 0) | (maps[0, square] > 0))
    missing = read_prompt("a green triangle")                        # nothing green drawn: the uniform map
    assert torch.equal(credit.evidence_maps(image[None], [missing], (8, 8))[0], torch.ones(len(missing.atoms), 8, 8))


def test_credit_table_end_to_end_on_a_tiny_model(tmp_path, capsys):
    weights = save_tiny_shapes(tmp_path / "tiny.safetensors")
    rows, stats = credit.main(["--weights", weights, "--n", "2", "--group-size", "2"])
    printed = capsys.readouterr().out
    assert "**dit maps**" in printed and "**oracle maps**" in printed and "2 prompts x 2 samples" in printed
    for source in ("dit", "oracle"):
        assert len(stats[source]["clipped"]) == 2 and all(0 <= c <= 1 for c in stats[source]["clipped"])
        assert all(r["sign"] in "+-" and -1e-6 <= r["own"] + r["other"] + r["background"] <= 1 + 1e-6
                   for r in rows[source])


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
    argv = [f"cast@0={ckpt}", f"flow_grpo_g2@0={tmp_path / 'run/final/model.safetensors'}", f"per_atom@0={ckpt}",
            "--base", weights,
            "--eval-size", "3", "--eval-samples", "1", "--results", str(results)]
    out = evaluate.main(argv)
    data = json.loads(results.read_text())
    assert data["equal_iterations"] == {"kept": 1} and data["equal_compute"]["command"].endswith(str(results))
    cast, fg = data["equal_compute"]["cast"][0], data["equal_compute"]["flow_grpo_g2"][0]
    assert cast["seed"] == 0 and cast["am"]["gain"] == out["cast@0"]["rows"][0]["gain"]
    assert cast["am"] == fg["am"] and set(cast) >= {"strict", "hard_am", "object", "count", "attribute", "counts"}
    ratio = data["equal_compute"]["hardest_ratio"]["per_seed"][0]
    assert ratio == 1.0 or (fg["hard_am"]["gain"] == 0 and math.isnan(ratio))   # the same EMA weights twice
    ratios = data["equal_compute"]["hardest_ratios"]                             # every config against G2
    assert set(ratios) == {"cast", "per_atom"} and ratios["cast"] == data["equal_compute"]["hardest_ratio"]
    with pytest.raises(SystemExit):
        evaluate.main([f"tiny={ckpt}", "--results", str(results)])       # names must be CONFIG@SEED


def test_evaluate_tallies_count_outcomes_on_rendered_scenes():
    import evaluate
    rng, asked = random.Random(0), read_prompt("three red circles")
    drawn = [draw_graph(read_prompt(p), rng)[0] for p in ("two red circles", "three red circles", "four red circles")]
    scorer = evaluate.CountingScorer()
    scores = scorer(torch.stack([torch.from_numpy(d) for d in drawn]).float(), [asked] * 3)
    assert scores.shape[0] == 3
    assert scorer.counts() == dict(deficit=1 / 3, surplus=1 / 3, exact=1 / 3, drawn_per_wanted=9 / 9)
    assert scorer.counts()["exact"] == 0                             # the tally starts afresh
