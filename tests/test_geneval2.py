"""bench/geneval2.py end to end on a tiny random FLUX.2 with a toy scorer: the paper's report (4 seeds, AM and GM
per prompt, per skill, ddof 1), the Hard-subset selection and its checksum, a LoRA checkpoint applied."""
import json
import os
import statistics
import sys

import pytest
import torch

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import geneval2  # noqa: E402
from support.evaluation import hard_subset, prompt_scores  # noqa: E402
from test_model import TINY_RANDOM  # noqa: E402

ROWS = [{"prompt": "a red cat", "atom_count": 2, "vqa_list": [["Is there a cat?", "Yes"], ["Is the cat red?", "Yes"]],
         "skills": ["object", "attribute"]},
        {"prompt": "two dogs", "atom_count": 2, "vqa_list": [["Are there dogs?", "Yes"], ["How many dogs?", "2"]],
         "skills": ["object", "count"]},
        {"prompt": "a cup left of a bowl", "atom_count": 3,
         "vqa_list": [["Is there a cup?", "Yes"], ["Is there a bowl?", "Yes"], ["Is the cup left of the bowl?", "Yes"]],
         "skills": ["object", "object", "position"]},
        {"prompt": "a blue car", "atom_count": 2, "vqa_list": [["Is there a car?", "Yes"], ["Is the car blue?", "Yes"]],
         "skills": ["object", "attribute"]}]


@pytest.fixture
def data(tmp_path):
    path = tmp_path / "geneval2_data.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in ROWS))
    return str(path)


def argv(data, out, *extra):
    options = [f"--option={k}={json.dumps(v)}" for k, v in TINY_RANDOM["flux2"].items()]
    return ["--backbone", "flux2", "--model-path", "random", "--scorer-path", "tests.tiny:toy_scorer", "--prompts",
            data, "--steps", "2", "--threads", "1", "--out", str(out), *options, *extra]


def test_the_report_is_per_seed_means_of_per_prompt_scores_with_ddof_1(data, tmp_path):
    result = geneval2.main(argv(data, tmp_path / "a"))
    assert result["seeds"] == [0, 1, 2, 3] and result["full"]["prompts"] == 4
    lines = [json.loads(x) for x in open(tmp_path / "a" / "per_prompt.jsonl")]
    assert len(lines) == 16
    for metric in ("am", "gm"):
        per_seed = [statistics.mean(x[metric] for x in lines if x["seed"] == s) for s in range(4)]
        assert result["full"][metric]["per_seed"] == pytest.approx(per_seed)
        assert result["full"][metric]["std"] == pytest.approx(statistics.stdev(per_seed))
    attribute = [statistics.mean(x["scores"][1] for x in lines if x["seed"] == s and x["prompt"] in
                                 ("a red cat", "a blue car")) for s in range(4)]
    assert result["full"]["per_skill"]["attribute"]["per_seed"] == pytest.approx(attribute)
    assert set(result["full"]["per_skill"]) == {"object", "attribute", "count", "position"}
    assert len({round(v, 6) for v in result["full"]["am"]["per_seed"]}) > 1      # the seeds differ
    again = geneval2.main(argv(data, tmp_path / "b"))                            # the same noises again
    assert again["full"] == result["full"]


def test_the_hard_subset_is_hard_subset_of_the_base_images_and_is_checked(data, tmp_path, monkeypatch):
    seen = []
    real = geneval2.generate_and_score

    def recording(*a, **k):
        seen.append(real(*a, **k))
        return seen[-1]

    monkeypatch.setattr(geneval2, "generate_and_score", recording)
    chosen = geneval2.main(argv(data, tmp_path / "h", "--hard-subset", "--images-per-prompt", "3", "--variance-top",
                                "3", "--keep", "2"))
    graphs = geneval2.read_graphs(data)
    overall = torch.stack([prompt_scores(s, [g] * 3)["am"] for s, g in zip(seen, graphs)])
    assert chosen["indices"] == hard_subset(overall, 3, 2) and len(chosen["prompts"]) == 2
    path = tmp_path / "h" / "hard_subset.json"
    monkeypatch.setattr(geneval2, "generate_and_score", real)
    result = geneval2.main(argv(data, tmp_path / "e", "--seeds", "0", "1", "--hard", str(path)))
    assert result["hard"]["prompts"] == 2 and result["full"]["prompts"] == 4
    path.write_text(path.read_text().replace(chosen["prompts"][0], "a green frog"))     # tampered
    with pytest.raises(SystemExit, match="sha256 does not match"):
        geneval2.main(argv(data, tmp_path / "f", "--hard", str(path)))


def test_a_lora_checkpoint_changes_the_images(data, tmp_path):
    import cast_train as ct
    options = [f"--option={k}={json.dumps(v)}" for k, v in TINY_RANDOM["flux2"].items()]
    ct.main(["--backbone", "flux2", "--model-path", "random", "--scorer-path", "random", *options, "--groups-per-rank",
             "1", "--group-size", "2", "--steps", "2", "--eval-steps", "2", "--eval-size", "2", "--eval-samples", "1",
             "--window", "0:1", "--grounding", "dit", "--lora-rank", "4", "--lora-alpha", "4", "--lr", "0.05",
             "--iterations", "1", "--threads", "1", "--out", str(tmp_path / "run")])
    base = geneval2.main(argv(data, tmp_path / "base", "--seeds", "0"))
    tuned = geneval2.main(argv(data, tmp_path / "lora", "--seeds", "0", "--checkpoint", str(tmp_path / "run" / "final"),
                               "--lora-alpha", "4"))
    assert tuned["full"]["am"]["per_seed"] != base["full"]["am"]["per_seed"]


def test_missing_inputs_are_argparse_errors(tmp_path, capsys):
    with pytest.raises(SystemExit):
        geneval2.main(["--model-path", "/no/model", "--scorer-path", "/no/vlm", "--prompts", "/no/file.jsonl",
                       "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert "--prompts /no/file.jsonl: no such file" in err and "--model-path /no/model: no such folder" in err
