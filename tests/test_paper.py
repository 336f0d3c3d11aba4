"""The paper's protocol (Sec. 5, App. G): the Hard subset, replicate statistics, per-prompt Overall scores, and
bench/paper.py end to end on a tiny base model with a toy scorer."""

import json
import math
import os
import statistics
import sys

import pytest
import torch

import cast_csg
from support.checkpoint import sha256
from support.evaluation import GM_FLOOR, hard_subset, prompt_scores, replicates
from support.prompt_files import read_prompt

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))


def test_hard_subset_keeps_the_most_variable_prompts_then_the_lowest_means():
    overall = torch.tensor(
        [
            [0.0, 1.0, 0.0, 1.0],  # var 1/3, mean .5
            [0.0, 0.2, 0.0, 0.2],  # var .0133, mean .1
            [0.9, 1.0, 0.9, 1.0],  # var .0033, mean .95
            [0.0, 0.6, 0.0, 0.6],  # var .12, mean .3
            [0.5, 0.5, 0.5, 0.5],  # var 0
            [0.2, 1.0, 0.2, 1.0],
        ]
    )  # var .2133, mean .6
    assert hard_subset(overall, variance_top=3, keep=2) == [
        0,
        3,
    ]  # {0, 5, 3} by variance; lowest means 3, 0
    assert hard_subset(overall, variance_top=6, keep=1) == [1]  # all six kept by variance: mean .1
    with pytest.raises(ValueError, match="keep <= variance_top <= prompts"):
        hard_subset(overall, variance_top=7, keep=2)
    with pytest.raises(ValueError, match="at least 2 images"):
        hard_subset(overall[:, :1], variance_top=3, keep=2)


def test_replicates_report_the_mean_and_the_sample_std():
    values = [0.81, 0.84, 0.80, 0.86]
    r = replicates(values)
    assert r["per_seed"] == values and r["mean"] == pytest.approx(statistics.mean(values))
    assert r["std"] == pytest.approx(statistics.stdev(values))  # ddof 1, as the paper
    assert r["std"] == pytest.approx(float(torch.tensor(values).std(correction=1)))


def test_prompt_scores_are_each_prompts_am_gm_and_all_atoms_correct():
    graphs = [read_prompt(p, cast_csg.SHAPES) for p in ("a red circle", "two blue squares")]
    scores = torch.tensor([[1.0, 0.5, 0.8], [0.0, 1.0, 1.0]])
    ps = prompt_scores(scores, graphs)
    assert ps["am"].tolist() == pytest.approx([2.3 / 3, 2 / 3])
    assert ps["gm"].tolist() == pytest.approx([0.4 ** (1 / 3), GM_FLOOR ** (1 / 3)])
    assert ps["strict"].tolist() == [0.0, 0.0]
    assert prompt_scores(torch.ones(2, 3), graphs)["strict"].tolist() == [1.0, 1.0]


def test_the_ratio_is_null_where_the_baseline_gains_nothing(tmp_path):
    import paper

    args = paper.parse_args(
        [
            "--runs",
            str(tmp_path / "runs"),
            "--results",
            str(tmp_path / "r.md"),
            "--seeds",
            "0",
            "1",
            "--test",
            "200",
        ]
    )
    (tmp_path / "runs").mkdir()
    (tmp_path / "runs" / "hard_subset.json").write_text("{}")
    row = lambda gains: {"hard_gain": {"per_seed": gains}}  # noqa: E731
    table = paper.paper_json(
        args,
        {"cast": row([0.04, 0.03]), "flow_grpo_g2": row([0.02, -0.01])},
        {"indices": list(range(50))},
        {},
    )
    # the mean gains: CAST 0.035, G2 0.005, so the ratio of the means is 7
    assert table["hard_ratio"] == {
        "per_seed": [2.0, None],
        "mean": 2.0,
        "ratio_of_means": pytest.approx(7.0),
    }
    assert "hard_ratio_step" not in table and "differences" not in table  # cast_step did not run
    assert json.load(open(tmp_path / "results.json"))["paper"]["hard_ratio"]["per_seed"] == [
        2.0,
        None,
    ]
    # G2 gains nothing on any seed, nor in the mean: every ratio is null; cast_step's ratio beside CAST's
    table = paper.paper_json(
        args,
        {
            "cast": row([0.04, 0.03]),
            "cast_step": row([0.05, 0.01]),
            "flow_grpo_g2": row([0.0, -0.01]),
        },
        {"indices": list(range(50))},
        {},
    )
    assert table["hard_ratio"] == {"per_seed": [None, None], "mean": None, "ratio_of_means": None}
    assert table["hard_ratio_step"] == {
        "per_seed": [None, None],
        "mean": None,
        "ratio_of_means": None,
    }
    # a seed's G2 gain above zero but its mean not: that seed's ratio, no ratio of the means
    table = paper.paper_json(
        args,
        {
            "cast": row([0.04, 0.03]),
            "cast_step": row([0.05, 0.01]),
            "flow_grpo_g2": row([0.01, -0.02]),
        },
        {"indices": list(range(50))},
        {},
    )
    assert table["hard_ratio_step"] == {
        "per_seed": [pytest.approx(5.0), None],
        "mean": pytest.approx(5.0),
        "ratio_of_means": None,
    }


def test_paired_differences_by_hand():
    from paper_report import paired_differences

    # {row: {training seed: [replicate][prompt] AM}}: 3 test prompts, 2 replicates, 2 training seeds; Hard = {0, 2}
    per_prompt = {
        "a": {
            0: [[0.5, 0.7, 0.2], [0.7, 0.5, 0.4]],  # prompt means .6 .6 .3
            1: [[0.9, 0.1, 0.5], [0.7, 0.3, 0.5]],
        },  # .8 .2 .5
        "b": {
            0: [
                [0.4, 0.5, 0.1],
                [0.4, 0.3, 0.1],
            ],  # .4 .4 .1: a - b = .2 on every prompt, a constant shift
            1: [[0.5, 0.2, 0.5], [0.5, 0.2, 0.5]],
        },  # .5 .2 .5: a - b = .3, 0, 0
        "c": {0: [[0.5, 0.7, 0.2], [0.7, 0.5, 0.4]]},
    }  # a's seed 0 only
    d = paired_differences(per_prompt, [("a", "b"), ("c", "b"), ("a", "missing")], hard=[0, 2])
    assert list(d) == ["a - b", "c - b"]  # a pair whose row did not run is left out
    full, hard = d["a - b"]["full"], d["a - b"]["hard"]
    assert d["a - b"]["seeds"] == [0, 1] and full["prompts"] == 3 and hard["prompts"] == 2
    # seed 0: a constant shift of .2: SE 0. Seed 1: d = (.3, 0, 0), mean .1, std sqrt(.06 / 2), SE sqrt(.03 / 3) = .1
    assert full["per_seed"] == pytest.approx([0.2, 0.1])
    assert full["per_seed_se"] == pytest.approx([0.0, 0.1], abs=1e-12)
    # across seeds: (.2, .1), mean .15, std .1 / sqrt(2), SE .1 / 2 = .05
    assert full["mean"] == pytest.approx(0.15) and full["se"] == pytest.approx(0.05)
    # Hard, prompts 0 and 2: seed 0 (.2, .2): SE 0; seed 1 (.3, 0): mean .15, std .3 / sqrt(2), SE .15
    assert hard["per_seed"] == pytest.approx([0.2, 0.15])
    assert hard["per_seed_se"] == pytest.approx([0.0, 0.15], abs=1e-12)
    assert hard["mean"] == pytest.approx(0.175) and hard["se"] == pytest.approx(0.025)
    # one common seed: its difference and its SE over prompts, no SE across seeds
    one = d["c - b"]["full"]
    assert (
        d["c - b"]["seeds"] == [0] and one["per_seed"] == pytest.approx([0.2]) and one["se"] is None
    )
    with pytest.raises(ValueError, match="not paired"):
        paired_differences({"a": {0: [[0.1, 0.2]]}, "b": {0: [[0.1]]}}, [("a", "b")], hard=[0])


def test_each_row_names_its_maps_and_train_args_cannot_set_them(tmp_path, capsys):
    import paper

    args = paper.parse_args(["--runs", str(tmp_path / "runs"), "--results", str(tmp_path / "r.md")])
    pool = {"train": ("train.jsonl", []), "dev": ("dev.jsonl", [])}

    def flag(argv, name):
        assert argv.count(name) == 1
        return argv[argv.index(name) + 1]

    step = paper.rl_argv(args, "cast_step", 0, pool, "window.safetensors")
    assert flag(step, "--method") == "cast" and flag(step, "--ground-on") == "step"
    assert flag(step, "--out").endswith("cast_step_s0")
    for row in paper.RL:
        if row != "cast_step":
            argv = paper.rl_argv(args, row, 0, pool, "window.safetensors")
            assert flag(argv, "--method") == row and flag(argv, "--ground-on") == "sample"
    assert [
        paper.maps_of(r)
        for r in ("cast", "cast_step", "shuffled", "per_atom", "flow_grpo_g2", "sft_4_8")
    ] == ["sample", "step", "sample", None, None, None]
    for extra in ("--ground-on step", "--ground-on=step"):
        with pytest.raises(SystemExit):
            paper.parse_args([f"--train-args={extra}"])
        assert "may not set ['--ground-on']" in capsys.readouterr().err


def test_the_table_runs_end_to_end_and_a_rerun_reuses_it(tmp_path, capsys, monkeypatch):
    import paper

    fed, loss = [], paper.flow_matching_loss  # what SFT trains on: the model's [-1, 1] space
    monkeypatch.setattr(
        paper, "flow_matching_loss", lambda m, bb, p, x0: fed.append(x0) or loss(m, bb, p, x0)
    )
    argv = [
        "--rows",
        "sft_4_8",
        "flow_grpo_g2",
        "cast",
        "cast_step",
        "--updates",
        "2",
        "--group-size",
        "2",
        "--test",
        "6",
        "--dev",
        "2",
        "--variance-top",
        "4",
        "--keep",
        "2",
        "--images-per-prompt",
        "3",
        "--replicates",
        "2",
        "--runs",
        str(tmp_path / "runs"),
        "--results",
        str(tmp_path / "t.md"),
        "--train-args",
        "--scorer-path tests.tiny:toy_scorer --window-prompts 2 --steps 3 --eval-steps 3 --lr 1e-3",
    ]
    table = paper.main(argv)
    saved = json.load(open(tmp_path / "results.json"))["paper"]
    assert saved["rows"].keys() == {"sft_4_8", "flow_grpo_g2", "cast", "cast_step"} and saved[
        "seeds"
    ] == [0]
    assert {name: row["maps"] for name, row in saved["rows"].items()} == {
        "sft_4_8": None,
        "flow_grpo_g2": None,
        "cast": "sample",
        "cast_step": "step",
    }
    # the paired differences, prompt by prompt: averaged over the prompts they are the difference of the two rows'
    # gains over base (the same prompts and generation seeds for every model)
    diffs, rows = saved["differences"], saved["rows"]
    assert set(diffs) == {"cast - flow_grpo_g2", "cast_step - flow_grpo_g2", "cast_step - cast"}
    for pair, d in diffs.items():
        a, b = pair.split(" - ")
        assert d["seeds"] == [0] and d["full"]["prompts"] == 6 and d["hard"]["prompts"] == 2
        for split in ("full", "hard"):
            x = d[split]
            assert math.isfinite(x["mean"]) and x["se"] is None  # one training seed
            assert all(math.isfinite(v) for v in x["per_seed"] + x["per_seed_se"])
            assert x["per_seed"][0] == pytest.approx(
                rows[a][f"{split}_gain"]["per_seed"][0] - rows[b][f"{split}_gain"]["per_seed"][0],
                abs=1e-9,
            )
    assert "per_prompt" not in saved["base"] and "per_prompt" not in rows["cast"]["scores"][0]
    assert "hard_ratio_step" in saved and "ratio_of_means" in saved["hard_ratio"]
    report = open(tmp_path / "t.md").read()
    assert (
        "Paired differences between rows" in report and "| cast_step − cast | hard (2) |" in report
    )
    assert "maps: per step" in report and "maps: sample" in report and "no maps" in report
    hard = json.load(open(tmp_path / "runs" / "hard_subset.json"))
    assert saved["hard_subset"] == {
        "prompts": 2,
        "sha256": sha256(tmp_path / "runs" / "hard_subset.json"),
    }
    assert len(hard["indices"]) == 2 and open(
        tmp_path / "runs" / "hard_subset.json.sha256"
    ).read().startswith(saved["hard_subset"]["sha256"])
    for row in saved["rows"].values():
        assert set(row) >= {
            "base",
            "hard_gain",
            "full_gain",
            "per_kind",
            "quality",
            "passes",
            "seconds",
        }
        assert len(row["hard_gain"]["per_seed"]) == len(row["hard_gain"]["replicate_std"]) == 1
        scores = row["scores"][0]  # the gain is the paired difference of replicate means
        paired = [
            a - b
            for a, b in zip(
                scores["hard"]["am"]["per_seed"], saved["base"]["hard"]["am"]["per_seed"]
            )
        ]
        assert row["hard_gain"]["per_seed"][0] == pytest.approx(sum(paired) / len(paired))
        assert row["passes"][0] > 0
    assert 0 < saved["base"]["full"]["am"]["mean"] < 1 and saved["base"]["full"]["am"]["std"] > 0
    assert (tmp_path / "t.md").exists() and (tmp_path / "t.png").exists()
    assert (
        fed and min(float(x.min()) for x in fed) == -1.0 and max(float(x.max()) for x in fed) <= 1.0
    )
    # every RL row trained in the one shared window
    from support.window import load_window

    window = load_window(str(tmp_path / "runs" / "window.safetensors"))[0]
    for name in ("flow_grpo_g2", "cast", "cast_step"):
        with open(tmp_path / "runs" / f"{name}_s0" / "train.log") as f:
            log = f.read()
        assert "SDE window" in log
        assert ("each window step's ODE completion" in log) == (name == "cast_step")
    assert int(window["length"]) == 2
    capsys.readouterr()
    assert paper.main(argv)["rows"] == table["rows"]  # nothing retrained or re-sampled
    assert "finished before, skipped" in capsys.readouterr().out


def test_the_learning_rate_grid_is_ranked_on_dev_and_every_row_trains_at_the_shared_lr(tmp_path):
    import paper
    from paper import run_log

    argv = [
        "--rows",
        "sft_4_8",
        "flow_grpo_g2",
        "cast",
        "--updates",
        "2",
        "--group-size",
        "2",
        "--test",
        "4",
        "--dev",
        "2",
        "--variance-top",
        "2",
        "--keep",
        "1",
        "--images-per-prompt",
        "2",
        "--replicates",
        "2",
        "--rl-seeds",
        "1",
        "--lrs",
        "1e-3",
        "1e-4",
        "--runs",
        str(tmp_path / "runs"),
        "--results",
        str(tmp_path / "t.md"),
        "--train-args",
        "--scorer-path tests.tiny:toy_scorer --window-prompts 2 --steps 3 --eval-steps 3",
    ]
    table = paper.main(argv)
    grid, runs = table["lr_grid"], tmp_path / "runs"

    def lr_of(folder):  # what the run itself trained with: its checkpoint's arguments
        return json.load(open(runs / folder / "checkpoints" / "step_2" / "trainer_state.json"))[
            "args"
        ]["lr"]

    def dev(folder):  # recomputed from the run's own dev evals
        evals = run_log(str(runs / folder))[0]
        return evals[-1]["am"] - evals[0]["am"]

    for row in ("flow_grpo_g2", "cast"):
        for lr in ("0.001", "0.0001"):
            assert lr_of(f"{row}_s0_lr{lr}") == float(lr)
            assert grid["dev_gain"][row][lr] == pytest.approx(dev(f"{row}_s0_lr{lr}"))
    mean = {
        lr: (grid["dev_gain"]["flow_grpo_g2"][lr] + grid["dev_gain"]["cast"][lr]) / 2
        for lr in ("0.001", "0.0001")
    }
    best = max(sorted(mean, key=float), key=lambda lr: mean[lr])
    assert grid["shared_lr"] == float(best)
    for row in ("flow_grpo_g2", "cast"):  # the RL rows at 2 seeds, at the shared lr
        assert table["rows"][row]["seeds"] == [0, 1] and table["rows"][row]["lr"] == float(best)
        assert lr_of(f"{row}_s1_lr{best}") == float(best)
        own = table["rows"][row]["own_lr"]
        assert own["dev_gain"] == max(grid["dev_gain"][row].values()) and "mean" in own["hard_gain"]
    assert (
        table["rows"]["sft_4_8"]["seeds"] == [0]
        and (runs / f"sft_4_8_s0_lr{best}" / "result.json").exists()
    )
    assert "Learning-rate grid" in open(tmp_path / "t.md").read()


def test_the_target_needs_the_ratio_on_every_seed_and_cast_above_every_ablation():
    import paper_report

    def row(*g):
        return {
            "hard_gain": {
                "per_seed": list(g),
                "mean": sum(g) / len(g),
                "replicate_std": [0.01] * len(g),
            }
        }

    rows = {r: row(0.01, 0.01) for r in paper_report.NAMES}
    rows.update(
        {"cast": row(0.06, 0.04), "flow_grpo_g2": row(0.02, 0.02), "per_atom": row(0.03, 0.03)}
    )
    table = {
        "rows": rows,
        "hard_ratio": {"per_seed": [3.0, 2.0], "mean": 2.5},
        "replicates": 4,
    }  # SE = std / 2
    assert paper_report.target_met(table)
    assert not paper_report.target_met(
        {**table, "rows": {r: rows[r] for r in rows if r != "sft_3_64"}}
    )  # not run
    # one seed short
    assert not paper_report.target_met(
        {**table, "hard_ratio": {"per_seed": [3.5, 1.4], "mean": 2.45}}
    )
    assert not paper_report.target_met(
        {**table, "rows": {**rows, "shuffled": row(0.06, 0.05)}}
    )  # an ablation above
    assert paper_report.target_met(
        {**table, "hard_ratio": {"per_seed": [3.0, None], "mean": 3.0}}
    )  # null, 8 SE
    assert not paper_report.target_met(
        {
            **table,
            "rows": {**rows, "cast": row(0.06, 0.008)},
            "hard_ratio": {"per_seed": [3.0, None], "mean": 3.0},
        }
    )  # null, 1.6 SE


def test_the_readme_headline_is_the_saved_table():
    import paper_report

    with open(os.path.join(ROOT, "bench", "results.json")) as f:
        table = json.load(f)["paper"]
    with open(os.path.join(ROOT, "README.md")) as f:
        assert paper_report.headline(table) in f.read()


def test_a_headline_names_the_rows_not_yet_run_and_judges_no_target():
    import paper_report

    with open(os.path.join(ROOT, "bench", "results.json")) as f:
        table = json.load(f)["paper"]
    partial = {
        **table,
        "rows": {r: v for r, v in table["rows"].items() if r not in ("shuffled", "sft_3_64")},
    }
    text = paper_report.headline(partial)
    assert text.endswith(
        "Not yet run: SFT (3/64), shuffled maps; the paper's target is judged once they have."
    )
    assert "target is met" not in text and "is not met" not in text


def test_bad_flags_are_listed_together(capsys):
    import paper

    with pytest.raises(SystemExit):
        paper.parse_args(
            ["--updates", "0", "--keep", "80", "--variance-top", "60", "--train-args", "--seed 3"]
        )
    err = capsys.readouterr().err
    assert (
        "--updates 0" in err
        and "--keep (80) <= --variance-top (60)" in err
        and "may not set ['--seed']" in err
    )
    with pytest.raises(SystemExit):  # a grid owns the learning rate
        paper.parse_args(["--lrs", "1e-4", "0", "--train-args", "--lr 1e-3"])
    err = capsys.readouterr().err
    assert "--lrs 0: must be > 0" in err and "may not set ['--lr']" in err
