"""tools/geneval2.py end to end on a tiny random FLUX.2 (test_model.TINY_RANDOM) with tests.tiny's toy scorer and a
tiny Qwen3-VL folder: the paper's report (seeds, AM and GM per prompt, per skill, ddof 1) against per_prompt.jsonl,
the same noise for the same seed, the Hard-subset selection and its checksum, a LoRA checkpoint applied as trained
(alpha from the run, EMA weights), and the input errors."""

import json
import os
import statistics
import sys

import pytest
import torch
from safetensors.torch import load_file, save_file
from test_model import TINY_RANDOM

from support.backbone import seed_of
from support.checkpoint import sha256
from support.evaluation import hard_subset, prompt_scores
from support.models import load_backbone

sys.path.insert(
    0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools")
)
import geneval2  # noqa: E402

ROWS = [
    {
        "prompt": "a red cat",
        "atom_count": 2,
        "vqa_list": [["Is there a cat?", "Yes"], ["Is the cat red?", "Yes"]],
        "skills": ["object", "attribute"],
    },
    {
        "prompt": "two dogs",
        "atom_count": 2,
        "vqa_list": [["Are there dogs?", "Yes"], ["How many dogs?", "two"]],
        "skills": ["object", "count"],
    },
    {
        "prompt": "a cup left of a bowl",
        "atom_count": 3,
        "vqa_list": [
            ["Is there a cup?", "Yes"],
            ["Is there a bowl?", "Yes"],
            ["Is the cup left of the bowl?", "Yes"],
        ],
        "skills": ["object", "object", "position"],
    },
    {
        "prompt": "a blue car",
        "atom_count": 2,
        "vqa_list": [["Is there a car?", "Yes"], ["Is the car blue?", "Yes"]],
        "skills": ["object", "attribute"],
    },
]
OPTIONS = [f"--option={k}={json.dumps(v)}" for k, v in TINY_RANDOM["flux2"].items()]


@pytest.fixture
def data(tmp_path):
    path = tmp_path / "geneval2_data.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in ROWS))
    return str(path)


def argv(data, out, *extra, scorer="tests.tiny:toy_scorer"):
    return [
        "--backbone",
        "flux2",
        "--model-path",
        "random",
        "--scorer-path",
        scorer,
        "--prompts",
        data,
        "--steps",
        "2",
        "--batch",
        "3",
        "--threads",
        "1",
        "--out",
        str(out),
        *OPTIONS,
        *extra,
    ]


def per_prompt(out):
    return [json.loads(line) for line in open(out / "per_prompt.jsonl")]


def recomputed(lines, seeds, prompts):
    """Per seed, from per_prompt.jsonl alone: mean AM, mean GM, and each skill's mean over its atoms."""
    rows = {s: [x for x in lines if x["seed"] == s and x["prompt"] in prompts] for s in seeds}
    out = {m: [statistics.mean(x[m] for x in rows[s]) for s in seeds] for m in ("am", "gm")}
    skills = {k for x in lines for k in x["skills"]}
    out.update(
        {
            k: [
                statistics.mean(
                    v for x in rows[s] for v, kk in zip(x["scores"], x["skills"]) if kk == k
                )
                for s in seeds
            ]
            for k in skills
            if any(k in x["skills"] for x in rows[seeds[0]])
        }
    )
    return out


def test_the_report_is_per_seed_means_of_per_prompt_scores_with_ddof_1(data, tmp_path, capsys):
    result = geneval2.main(argv(data, tmp_path / "a"))
    assert {"backbone", "model_path", "checkpoint", "scorer", "seeds", "steps", "full"} <= set(
        result
    )
    assert "hard" not in result and result["seeds"] == [0, 1, 2, 3] and result["steps"] == 2
    assert json.load(open(tmp_path / "a" / "geneval2.json")) == result
    full = result["full"]
    assert full["prompts"] == 4 and set(full["per_skill"]) == {
        "object",
        "attribute",
        "count",
        "position",
    }
    lines = per_prompt(tmp_path / "a")
    assert len(lines) == 16 and {(x["seed"], x["index"]) for x in lines} == {
        (s, i) for s in range(4) for i in range(4)
    }
    want = recomputed(lines, [0, 1, 2, 3], {r["prompt"] for r in ROWS})
    for key, values in want.items():
        got = full[key] if key in ("am", "gm") else full["per_skill"][key]
        assert got["per_seed"] == pytest.approx(values, abs=1e-6), key
        assert got["mean"] == pytest.approx(statistics.mean(values), abs=1e-6)
        assert got["std"] == pytest.approx(statistics.stdev(values), abs=1e-6)  # ddof 1
    for x in lines:  # AM is the mean of the atoms' scores, GM their geometric mean
        assert x["am"] == pytest.approx(statistics.mean(x["scores"]))
        assert x["gm"] == pytest.approx(statistics.geometric_mean(x["scores"]))
    assert len({round(v, 6) for v in full["am"]["per_seed"]}) == 4  # the seeds' noises differ
    table = capsys.readouterr().out
    assert (
        "| Overall (AM) |" in table
        and "| GM |" in table
        and "| position |" in table
        and "seed 3" in table
    )
    assert f"{100 * full['am']['mean']:.1f} ± {100 * full['am']['std']:.1f}" in table


def test_the_same_seed_gives_the_same_images_whatever_the_batch():
    bb = load_backbone("flux2", "random", **TINY_RANDOM["flux2"])
    prompts = [r["prompt"] for r in ROWS[:3]]
    seeds = [seed_of("geneval2", 0, i) for i in range(3)]
    images = geneval2.generate(bb, prompts, seeds, 2)
    assert images.shape == (3, 3, 32, 48) and torch.isfinite(images).all()
    assert torch.equal(geneval2.generate(bb, prompts, seeds, 2), images)
    alone = geneval2.generate(bb, prompts[1:2], seeds[1:2], 2)  # the same noise in a batch of one
    assert torch.allclose(alone[0], images[1], atol=1e-5)
    other = geneval2.generate(bb, prompts[1:2], [seed_of("geneval2", 1, 1)], 2)
    assert (other[0] - images[1]).abs().max() > 1e-3


def test_the_hard_subset_is_hard_subset_of_the_base_scores_and_is_checked(data, tmp_path, capsys):
    out = tmp_path / "h"
    chosen = geneval2.main(
        argv(
            data,
            out,
            "--hard-subset",
            "--images-per-prompt",
            "3",
            "--variance-top",
            "3",
            "--keep",
            "2",
        )
    )
    saved = load_file(str(out / "hard_scores.safetensors"))
    items = [geneval2.read_graphs(data)[i] for i in range(4) for _ in range(3)]
    assert saved["scores"].shape == (12, 3) and saved["overall"].shape == (4, 3)
    assert torch.allclose(saved["overall"], prompt_scores(saved["scores"], items)["am"].view(4, 3))
    assert chosen["indices"] == hard_subset(saved["overall"], 3, 2) and len(chosen["indices"]) == 2
    assert (
        chosen["prompts"] == [ROWS[i]["prompt"] for i in chosen["indices"]]
        and chosen["images_per_prompt"] == 3
    )
    path = out / "hard_subset.json"
    assert json.load(open(path)) == chosen and not (out / "geneval2.json").exists()
    assert (out / "hard_subset.sha256").read_text().split() == [sha256(path), "hard_subset.json"]
    assert sha256(path) in capsys.readouterr().out

    result = geneval2.main(argv(data, tmp_path / "e", "--seeds", "0", "1", "--hard", str(path)))
    assert result["hard"]["prompts"] == 2 and result["full"]["prompts"] == 4
    want = recomputed(per_prompt(tmp_path / "e"), [0, 1], set(chosen["prompts"]))
    assert result["hard"]["am"]["per_seed"] == pytest.approx(want["am"], abs=1e-6)
    assert result["hard"]["gm"]["per_seed"] == pytest.approx(want["gm"], abs=1e-6)
    assert "GenEval 2, hard (2 prompts)" in capsys.readouterr().out

    def refused(hard, message):
        with pytest.raises(SystemExit) as e:
            geneval2.main(argv(data, tmp_path / "f", "--hard", str(hard)))
        assert e.value.code == 2 and message in capsys.readouterr().err

    text = path.read_text()
    path.write_text(text.replace(chosen["prompts"][0], "a green frog"))  # tampered
    refused(path, f"--hard {path}: its sha256 does not match {out / 'hard_subset.sha256'}")
    (out / "hard_subset.sha256").write_text(
        f"{sha256(path)}  hard_subset.json\n"
    )  # consistent, but foreign
    refused(path, "1 of its 2 prompts are not in --prompts, e.g. 'a green frog'")
    (out / "hard_subset.sha256").unlink()
    refused(path, "hard_subset.sha256 beside it")
    assert not (tmp_path / "f" / "geneval2.json").exists()


def test_a_lora_checkpoint_is_applied_as_trained_alpha_from_the_run_ema_weights(data, tmp_path):
    import cast_train as ct

    ct.main(
        [
            "--backbone",
            "flux2",
            "--model-path",
            "random",
            "--scorer-path",
            "random",
            *OPTIONS,
            "--groups-per-rank",
            "1",
            "--group-size",
            "2",
            "--steps",
            "2",
            "--eval-steps",
            "2",
            "--eval-size",
            "2",
            "--final-eval-size",
            "2",
            "--eval-samples",
            "1",
            "--window",
            "0:1",
            "--grounding",
            "dit",
            "--lora-rank",
            "4",
            "--lora-alpha",
            "8",
            "--lr",
            "0.05",
            "--ema",
            "0.5",
            "--iterations",
            "1",
            "--threads",
            "1",
            "--out",
            str(tmp_path / "run"),
        ]
    )
    final, step = str(tmp_path / "run" / "final"), str(tmp_path / "run" / "checkpoints" / "step_1")
    args = geneval2.parse_args(argv(data, tmp_path / "x", "--checkpoint", final))
    assert (
        args.lora_alpha == 8 and args.settings["lora_rank"] == 4
    )  # the file's metadata; the run's settings
    assert geneval2.saved_lora_alpha(os.path.join(final, "pytorch_lora_weights.safetensors")) == 8
    base = geneval2.main(argv(data, tmp_path / "base", "--seeds", "0"))
    tuned = geneval2.main(argv(data, tmp_path / "final", "--seeds", "0", "--checkpoint", final))
    assert tuned["weights"] == "lora" and base["weights"] == "base"
    assert tuned["full"]["am"]["per_seed"] != pytest.approx(
        base["full"]["am"]["per_seed"], abs=1e-6
    )
    # step_1 with its EMA weights swapped in is what final/ holds: the same numbers
    ema = geneval2.main(argv(data, tmp_path / "step", "--seeds", "0", "--checkpoint", step))
    assert ema["weights"] == "lora+ema"
    assert [v for x in per_prompt(tmp_path / "step") for v in x["scores"]] == pytest.approx(
        [v for x in per_prompt(tmp_path / "final") for v in x["scores"]], abs=1e-6
    )
    alpha = geneval2.main(
        argv(data, tmp_path / "alpha", "--seeds", "0", "--checkpoint", final, "--lora-alpha", "4")
    )
    assert alpha["full"]["am"]["per_seed"] != pytest.approx(
        tuned["full"]["am"]["per_seed"], abs=1e-7
    )


def test_a_real_vlm_scorer_folder_judges(data, tmp_path):
    from test_reward import tiny_qwen3, tiny_tokenizer

    tok = tiny_tokenizer()
    model, processor = tiny_qwen3(tok)
    for part in (model, tok, processor):
        part.save_pretrained(tmp_path / "vlm")
    result = geneval2.main(
        argv(data, tmp_path / "v", "--seeds", "0", "1", scorer=str(tmp_path / "vlm"))
    )
    lines = per_prompt(tmp_path / "v")
    assert len(lines) == 8 and all(0 <= v <= 1 for x in lines for v in x["scores"])
    assert result["full"]["am"]["per_seed"] == pytest.approx(
        recomputed(lines, [0, 1], {r["prompt"] for r in ROWS})["am"], abs=1e-6
    )


def test_bad_inputs_are_argparse_errors_naming_each(data, tmp_path, capsys):
    def rejects(flags, *messages):
        with pytest.raises(SystemExit) as e:
            geneval2.main(flags)
        err = capsys.readouterr().err
        assert e.value.code == 2 and all(m in err for m in messages), err

    rejects(
        [
            "--model-path",
            "/no/model",
            "--scorer-path",
            "/no/vlm",
            "--prompts",
            "/no/file.jsonl",
            "--out",
            str(tmp_path),
        ],
        "--prompts /no/file.jsonl: no such file",
        "--model-path /no/model: no such folder",
        "--scorer-path /no/vlm: no such folder",
    )
    rejects(
        argv(data, tmp_path, "--checkpoint", str(tmp_path)),
        f"--checkpoint {tmp_path}: no pytorch_lora_weights",
    )
    bare = tmp_path / "bare"  # a LoRA file without metadata and no run beside it
    bare.mkdir()
    save_file(
        {"transformer.x.lora_A.weight": torch.zeros(4, 4)},
        str(bare / "pytorch_lora_weights.safetensors"),
    )
    rejects(
        argv(data, tmp_path, "--checkpoint", str(bare)),
        "gives the run's LoRA alpha: pass --lora-alpha",
    )
    rejects(
        argv(data, tmp_path, "--hard-subset", "--variance-top", "9", "--keep", "2"),
        "--variance-top 9 is more than the 4 prompts",
    )
    rejects(argv(data, tmp_path, "--hard-subset", "--hard", data), "pass one of them")
    rejects(argv(data, tmp_path, "--option", "height=[oops"), "--option takes KEY=JSON")
