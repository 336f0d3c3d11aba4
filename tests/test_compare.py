"""bench/compare.py end to end on a tiny random model: at equal compute (--budget) each config trains until its
transformer passes are spent, so the cheaper iteration (Flow-GRPO (G2) has no maps pass) gets more iterations;
results.json holds the gains and the CAST / Flow-GRPO (G2) ratio."""
import json
import os
import subprocess
import sys

from tiny import save_tiny_shapes

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRAIN = ("--groups-per-rank 2 --group-size 2 --steps 3 --eval-steps 3 --eval-size 2 --eval-samples 1 "
         "--window-prompts 2 --window-length 1 --eval-every 100 --save-every 100 --overlay-images 0 "
         "--grounding dit")                      # the denoiser's maps cost a pass, which the budget counts


def test_equal_compute_bench_gives_each_config_its_budget(tmp_path):
    weights = save_tiny_shapes(tmp_path / "tiny.safetensors")
    budget = 150    # passes (shapes β 0.02: + 1 KL reference pass a trained step), both in CAST's window of 1 step:
    #                 flow_grpo_g2 4 x (3 + 1·4) = 28 an iteration -> 5; cast 4 x (3 + 1 maps + 1·4) = 32 -> 4
    cmd = [sys.executable, "bench/compare.py", "--configs", "flow_grpo_g2", "cast", "--seeds", "0", "--budget",
           str(budget), "--eval-size", "3", "--eval-samples", "1", "--threads", "1", "--base-weights", weights,
           "--runs", str(tmp_path / "runs"), "--results", str(tmp_path / "results.md"), "--train-args", TRAIN]
    done = subprocess.run(cmd, cwd=ROOT, env=dict(os.environ, OMP_NUM_THREADS="1"), capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    with open(tmp_path / "results.json") as f:
        table = json.load(f)["equal_compute"]
    fg, cast = table["flow_grpo_g2"][0], table["cast"][0]
    assert (fg["iterations"], fg["passes"]) == (5, 140) and (cast["iterations"], cast["passes"]) == (4, 128)
    assert {"am", "strict", "count", "hard_am"} <= set(cast) and set(cast["am"]) == {"gain", "se"}
    assert len(table["hardest_ratio"]["per_seed"]) == 1
    md = (tmp_path / "results.md").read_text()
    assert "equal compute" in md and "| 140 |" in md.replace(",", "") and (tmp_path / "results.png").exists()


def test_drift_is_zero_for_the_base_and_grows_with_training(tmp_path):
    sys.path.insert(0, os.path.join(ROOT, "bench"))
    import cast_train
    import drift
    from support.shapes_model import load_shapes
    weights = save_tiny_shapes(tmp_path / "tiny.safetensors")
    cast_train.main(["--base-weights", weights, "--out", str(tmp_path / "run"), "--iterations", "2", "--lr", "1e-3",
                     "--ema", "0.5", *TRAIN.replace("--save-every 100", "--save-every 1").split()])
    rows = drift.main([str(tmp_path / "run"), "--base", weights, "--prompts", "2", "--sampler-steps", "3",
                       "--window", "1"])
    assert [r["iteration"] for r in rows] == [1, 2]
    assert all(r[k] > 0 for r in rows for k in ("weights", "window", "all", "kl", "kl_grad"))
    assert rows[1]["weights"] > rows[0]["weights"]                  # two Adam steps move further than one
    base = load_shapes(weights)
    cond = base.encode(["a red circle", "two blue squares"])
    _, sde = drift.base_states(base, cond, 2, 3, 1, 0.7, 0)
    assert drift.kl_and_grad(load_shapes(weights), cond, sde, 0.7) == (0.0, 0.0)
