"""Bad inputs fail before any compute, each with one line naming the flag (file, line number) and the reason: the flags
of cast_train and of every CLI (argparse's error: usage, exit code 2), every prompt-file line (all problems of a file
at once), and --skip-bad-prompts. A forward pass of the model would raise here, so a check that ran late fails."""

import json
import os
import subprocess
import sys

import pytest
from tiny import save_tiny_shapes

import cast_train as ct
import cast_window as cw
from support import shapes
from support.build import shapes_pretrain
from support.inputs import InputError
from support.window import save_window

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="module")
def weights(tmp_path_factory):
    return save_tiny_shapes(tmp_path_factory.mktemp("base") / "tiny.safetensors")


@pytest.fixture(autouse=True)
def no_forward(monkeypatch):
    """Every test here must stop before the model computes anything."""

    def forward(*_, **__):
        raise AssertionError("a forward pass ran before the input was rejected")

    monkeypatch.setattr(shapes.ShapesModel, "forward", forward)


def run(weights, out, *extra):
    return ct.main(
        [
            "--base-weights",
            weights,
            "--scorer-path",
            "tests.tiny:toy_scorer",
            "--groups-per-rank",
            "2",
            "--group-size",
            "2",
            "--steps",
            "3",
            "--eval-steps",
            "3",
            "--eval-size",
            "4",
            "--final-eval-size",
            "4",
            "--eval-samples",
            "1",
            "--window",
            "0:2",
            "--threads",
            "1",
            "--iterations",
            "1",
            "--out",
            str(out),
            *extra,
        ]
    )


def rejected(capsys, call):
    """argparse's error: exit code 2, the usage line, and the problems; returns stderr."""
    with pytest.raises(SystemExit) as e:
        call()
    err = capsys.readouterr().err
    assert e.value.code == 2 and "usage:" in err, err
    return err


FLAGS = [  # (cast_train flags, the line of the error)
    (["--group-size", "1"], "--group-size 1: must be at least 2 (a group of one has no z-score"),
    (["--eval-samples", "0"], "--eval-samples 0: must be at least 1"),
    (["--eval-size", "0"], "--eval-size 0: must be at least 1"),
    (["--iterations", "0"], "--iterations 0: must be at least 1"),
    (["--window", "abc"], "--window 'abc': expected auto, full, or A:B with integers A < B"),
    (["--window", "0:9"], "--window 0:9: needs 0 <= A < B <= --steps 3"),
    (["--window", "2:1"], "--window 2:1: needs 0 <= A < B <= --steps 3"),
    (["--window", "full", "--steps", "1", "--eval-steps", "1"], "--window full needs --steps >= 2"),
    (
        ["--window", "auto", "--window-length", "5"],
        "--window-length 5: longer than the schedule (--steps 3)",
    ),
    (["--fsdp"], "--fsdp shards over processes: launch with torchrun"),
    (["--scorer-path", "/no/such/vlm"], "--scorer-path /no/such/vlm: no such folder"),
    (
        ["--scorer-path", "tests.tiny:no_scorer"],
        "--scorer-path tests.tiny:no_scorer: tests.tiny has no function",
    ),
    (["--scorer-path", "no_module_x:f"], "--scorer-path no_module_x:f: cannot import no_module_x"),
    (
        ["--base-weights", "/no/base.safetensors"],
        "--base-weights /no/base.safetensors: no such file",
    ),
    (["--backbone", "flux2", "--scorer-path", "shapes"], "--backbone flux2 needs --model-path"),
    (
        ["--backbone", "flux2", "--model-path", "/no/flux"],
        "--model-path backbone 'flux2': model folder '/no/flux' does not exist",
    ),
    (["--backbone", "qwenimage", "--scorer-path", ""], "--backbone qwenimage needs --scorer-path"),
    (["--lr", "0"], "--lr 0.0: must be a finite number > 0"),
    (["--lr", "nan"], "--lr nan: must be a finite number > 0"),
    (["--lr", "inf"], "--lr inf: must be a finite number > 0"),
    (
        ["--noise-level", "0"],
        "--noise-level 0.0: must be a finite number > 0 (at noise 0 every sample of a group is "
        "the same image)",
    ),
    (["--noise-level", "inf"], "--noise-level inf: must be a finite number > 0"),
    (["--beta", "inf"], "--beta inf: must be a finite number >= 0"),
    (["--guidance", "inf"], "--guidance inf: must be a finite number > 0"),
    (["--budget", "0"], "--budget 0.0: must be a finite number of transformer passes > 0"),
    (["--budget", "-5"], "--budget -5.0: must be a finite number of transformer passes > 0"),
    (["--budget", "nan"], "--budget nan: must be a finite number of transformer passes > 0"),
    (["--budget", "inf"], "--budget inf: must be a finite number of transformer passes > 0"),
    (["--ema", "1"], "--ema 1.0: must be in [0, 1)"),
    (["--option", "height"], "--option 'height': expected KEY=JSON"),
    (["--option", "height=big"], "--option 'height=big': expected KEY=JSON"),
    (["--prompts", "/no/prompts.txt"], "--prompts /no/prompts.txt: no such file"),
    (["--eval-prompts", "/no/eval.txt"], "--eval-prompts /no/eval.txt: no such file"),
]


@pytest.mark.parametrize("extra,message", FLAGS, ids=[" ".join(f) for f, _ in FLAGS])
def test_bad_flags_stop_in_argparse(weights, tmp_path, capsys, extra, message):
    err = rejected(capsys, lambda: run(weights, tmp_path / "run", *extra))
    assert f"error: {message}" in err or f"\n{message}" in err, err
    assert not (tmp_path / "run").exists()  # nothing written either


def test_every_flag_problem_at_once(weights, tmp_path, capsys):
    err = rejected(
        capsys,
        lambda: run(
            weights,
            tmp_path,
            "--group-size",
            "1",
            "--eval-samples",
            "0",
            "--window",
            "abc",
            "--lr",
            "-1",
        ),
    )
    first, *rest = err.splitlines()[-4:]
    assert first.endswith(
        "error: --group-size 1: must be at least 2 (a group of one has no z-score: every "
        "advantage would be 0)"
    )
    assert rest == [
        "--eval-samples 0: must be at least 1",
        "--lr -1.0: must be a finite number > 0",
        "--window 'abc': expected auto, full, or A:B with integers A < B (e.g. 0:3)",
    ]


def test_existing_checkpoints_need_resume(weights, tmp_path, capsys):
    (tmp_path / "checkpoints/step_2").mkdir(parents=True)
    assert "already has checkpoints" in rejected(capsys, lambda: run(weights, tmp_path))


def write(path, *lines):
    path.write_text("".join(line + "\n" for line in lines))
    return str(path)


def test_every_bad_prompt_line_of_both_files_in_one_error(weights, tmp_path, capsys):
    train = write(
        tmp_path / "train.txt",
        "a red circle",
        "a purple elephant not juggling",
        "",
        "two red dogs",
        "a dog quickly",
        "a blue square",
    )
    empty = write(tmp_path / "eval.txt", "", "  ")
    # lines that give no atoms: every one of both files, in argparse's error, before any model loads
    err = rejected(
        capsys, lambda: run(weights, tmp_path / "run", "--prompts", train, "--eval-prompts", empty)
    )
    lines = err.splitlines()[-3:]
    assert (
        f"error: --prompts {train} line 2: gives no atoms: 'a purple elephant not juggling': 'not' at character "
        "18 is not a relation or 'and'"
        in lines[0]
        and lines[0].endswith("`cast_csg.py read FILE --llm-path`)")
    )
    assert lines[1].startswith(
        f"--prompts {train} line 5: gives no atoms: 'a dog quickly': 'quickly'"
    )
    assert lines[2] == f"--eval-prompts {empty}: the file holds no prompts"
    # lines that parse but the backbone's text encoder cannot read: every one, once the backbone is loaded
    train = write(
        tmp_path / "train.txt", "a red circle", "two red dogs", "a blue square", "three green cats"
    )
    with pytest.raises(InputError) as e:
        run(weights, tmp_path / "run", "--prompts", train)
    lines = str(e.value).splitlines()
    assert lines[0] == "2 problem(s) with the prompt files, nothing was run:"
    assert lines[1].startswith(
        f"--prompts {train} line 2: the shapes text encoder cannot read 'two red dogs': word 'dogs'"
    )
    assert lines[2].startswith(
        f"--prompts {train} line 4: the shapes text encoder cannot read 'three green cats'"
    )


def test_too_many_words_for_the_shapes_text_encoder(weights, tmp_path):
    long = " and ".join(
        f"a {c} {s}"
        for c, s in [
            ("red", "circle"),
            ("blue", "square"),
            ("green", "triangle"),
            ("yellow", "circle"),
            ("red", "square"),
            ("blue", "triangle"),
            ("green", "circle"),
        ]
    )  # 27 words; the model reads 24
    train = write(tmp_path / "train.txt", "a red circle", long)
    with pytest.raises(
        InputError,
        match="line 2: the shapes text encoder cannot read .*: prompt has 27 words, "
        "the shapes model reads 24",
    ):
        run(weights, tmp_path / "run", "--prompts", train)


def test_a_bad_prompt_file_exits_with_its_message_not_a_traceback(weights, tmp_path):
    train = write(tmp_path / "train.txt", "a red circle", "a purple elephant not juggling")
    done = subprocess.run(
        [
            sys.executable,
            "cast_train.py",
            "--base-weights",
            weights,
            "--prompts",
            train,
            "--out",
            str(tmp_path / "run"),
            "--threads",
            "1",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=dict(os.environ, OMP_NUM_THREADS="1"),
        timeout=120,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr  # argparse's error
    assert (
        f"error: --prompts {train} line 2: gives no atoms" in done.stderr
    )  # ("a red circle" is an eval prompt)


def test_skip_bad_prompts_drops_and_lists_them(weights, tmp_path, capsys, monkeypatch):
    monkeypatch.undo()  # this run trains: forward passes allowed
    train = write(
        tmp_path / "train.txt",
        "a red circle",
        "a purple elephant not juggling",
        "two blue squares",
        "a dog quickly",
    )
    evals = write(tmp_path / "eval.txt", "a green triangle", "a cat side by side")
    run(
        weights, tmp_path / "run", "--prompts", train, "--eval-prompts", evals, "--skip-bad-prompts"
    )
    out = capsys.readouterr().out
    assert (
        f"warning: --skip-bad-prompts: dropped 2 of 4 lines of --prompts {train} that give no atoms: line 2 "
        "'a purple elephant not juggling'; line 4 'a dog quickly'"
    ) in out
    assert (
        f"dropped 1 of 2 lines of --eval-prompts {evals} that give no atoms: line 2 'a cat side by side'"
        in out
    )
    atoms = [json.loads(line)["prompt"] for line in open(tmp_path / "run/atoms.jsonl")]
    assert set(atoms) <= {"a red circle", "two blue squares"}  # trained on the good lines only
    only_bad = write(tmp_path / "bad.txt", "a dog quickly")
    err = rejected(
        capsys, lambda: run(weights, tmp_path / "run2", "--prompts", only_bad, "--skip-bad-prompts")
    )
    assert f"--prompts {only_bad}: no line gives atoms, nothing is left" in err


def test_a_window_file_of_another_schedule_stops_before_sampling(weights, tmp_path):
    import torch

    path = str(tmp_path / "window.safetensors")
    save_window(
        path,
        {
            "similarity": torch.linspace(0, 1, 10),
            "tau_star": torch.tensor(0.5),
            "candidates": torch.tensor([0, 5]),
            "length": torch.tensor(2),
            "steps": torch.tensor(10),
        },
    )
    with pytest.raises(InputError, match="was calibrated for another schedule \\(10 steps\\)"):
        run(
            weights,
            tmp_path / "run",
            "--window",
            "auto",
            "--window-length",
            "2",
            "--window-file",
            path,
        )


# ------------------------------------------------------------------ the other command lines
CLIS = [  # (main, argv, the line of the error)
    (cw.main, ["--steps", "0"], "--steps 0: must be at least 2 (τ = i/(T − 1))"),
    (
        cw.main,
        ["--n-prompts", "0", "--window-length", "0"],
        "--n-prompts 0: must be at least 1\n--window-length 0: must be at least 1",
    ),
    (
        cw.main,
        ["--model-path", "/no/model.safetensors"],
        "--model-path /no/model.safetensors: no such file",
    ),
    (cw.main, ["--backbone", "flux2", "--model-path", "/no/flux"], "needs --prompts FILE"),
    (shapes.main, ["sample", "--n", "0"], "--n 0: must be at least 1"),
    (
        shapes_pretrain.main,
        ["pretrain", "--lr", "0", "--ema", "1"],
        "--lr 0.0: must be > 0\n--ema 1.0: must be in [0, 1)",
    ),
    (
        shapes_pretrain.main,
        ["report", "--weights", "/no/w.safetensors", "--guidance", "0"],
        "--guidance 0.0: must be > 0",
    ),
]


@pytest.mark.parametrize(
    "main,argv,message", CLIS, ids=[f"{m.__module__} {' '.join(a)}" for m, a, _ in CLIS]
)
def test_cli_mistakes_stop_in_argparse(capsys, main, argv, message):
    assert message in rejected(capsys, lambda: main(argv))


# ------------------------------------------------------------------ damaged weights: one line, the file and the fix
def damaged(path, how):
    """Damage a weights file as a bad copy or disk would: bytes of its header overwritten, the file cut short, or one
    bit of its tensor data flipped (only a checksum sees that)."""
    data = bytearray(open(path, "rb").read())
    if how == "header":
        data[20:24] = b"\xff\xfe{,"
    elif how == "truncated":
        data = data[: len(data) // 2]
    else:
        data[-100] ^= 1
    open(path, "wb").write(bytes(data))
    return str(path)


@pytest.fixture
def assets(tmp_path, monkeypatch):
    """A copy of the shipped assets/ standing in for the checkout's (whose files are never touched)."""
    import shutil

    from support import assets as shipped

    copy = tmp_path / "checkout" / "assets"
    shutil.copytree(shipped.ASSETS, copy)
    monkeypatch.setattr(shipped, "ASSETS", str(copy))
    return copy


WHY = {
    "header": "bad header, not readable as safetensors",
    "truncated": "truncated: ",
    "data": "checksum mismatch",
}


@pytest.mark.parametrize("how", list(WHY))
def test_a_damaged_shipped_base_model_is_one_line_with_the_fix_before_any_compute(
    weights, tmp_path, capsys, assets, how
):
    path = damaged(assets / "shapes_base.safetensors", how)
    line = f"{path}: {WHY[how]}"
    err = rejected(capsys, lambda: run(weights, tmp_path / "run", "--base-weights", path))
    assert (
        f"error: --base-weights {line}" in err
        and err.rstrip().endswith("restore it: git checkout -- assets/shapes_base.safetensors")
        and "Traceback" not in err
    ), err
    with pytest.raises(
        InputError, match="restore it: git checkout -- assets/shapes_base.safetensors"
    ) as e:
        shapes.load_shapes(path)  # the loader itself: cast_window, bench/ get it too
    assert str(e.value).startswith(line) and "\n" not in str(e.value)


@pytest.mark.parametrize("how", list(WHY))
def test_a_damaged_shipped_vlm_is_one_line_with_the_fix_before_it_loads(
    weights, tmp_path, capsys, assets, how
):
    from support.vlm import VLM

    path = damaged(assets / "shapes_vlm/model.safetensors", how)
    fix = "git checkout -- assets/shapes_vlm/model.safetensors"
    err = rejected(
        capsys, lambda: run(weights, tmp_path / "run", "--scorer-path", str(assets / "shapes_vlm"))
    )
    assert f"error: --scorer-path {path}: {WHY[how]}" in err and err.rstrip().endswith(fix), err
    with pytest.raises(InputError, match=f"^{path}: {WHY[how]}.*; restore it: {fix}$"):
        VLM(str(assets / "shapes_vlm"))  # the loader: cast_reward, cast_advantage, bench/ get it


def test_a_truncated_weights_file_of_a_users_model_folder_is_told_from_its_header_without_hashing(
    weights, tmp_path, capsys, monkeypatch
):
    import torch
    from safetensors.torch import save_file

    from support import assets as shipped

    monkeypatch.setattr(
        shipped,
        "sha256",
        lambda path: pytest.fail(f"hashed {path}: a user's folder is never hashed"),
    )
    vlm = tmp_path / "vlm"
    vlm.mkdir()
    (vlm / "config.json").write_text(json.dumps({"model_type": "qwen3_vl"}))
    save_file({"w": torch.zeros(1000)}, str(vlm / "model-00001-of-00002.safetensors"))
    size = os.path.getsize(damaged(vlm / "model-00001-of-00002.safetensors", "truncated")) * 2
    err = rejected(capsys, lambda: run(weights, tmp_path / "run", "--scorer-path", str(vlm)))
    assert (
        f"error: --scorer-path {vlm}/model-00001-of-00002.safetensors: truncated: {size // 2:,} bytes, its header "
        f"says {size:,}; copy or download it again"
    ) in err
    flux = tmp_path / "flux2"  # a diffusers folder: every shard's header, no hash
    (flux / "scheduler").mkdir(parents=True)
    (flux / "model_index.json").write_text(json.dumps({"_class_name": "Flux2Pipeline"}))
    for sub, config in {
        "scheduler": "scheduler_config.json",
        "tokenizer": "tokenizer_config.json",
        "text_encoder": "config.json",
        "vae": "config.json",
        "transformer": "config.json",
    }.items():
        (flux / sub).mkdir(exist_ok=True)
        (flux / sub / config).write_text("{}")
        if sub in ("text_encoder", "vae", "transformer"):
            save_file(
                {"w": torch.zeros(10)}, str(flux / sub / "diffusion_pytorch_model.safetensors")
            )
    damaged(flux / "transformer/diffusion_pytorch_model.safetensors", "header")
    err = rejected(
        capsys,
        lambda: run(
            weights,
            tmp_path / "run",
            "--backbone",
            "flux2",
            "--model-path",
            str(flux),
            "--grounding",
            "dit",
        ),
    )
    assert (
        f"--model-path {flux}/transformer/diffusion_pytorch_model.safetensors: bad header" in err
    ), err


# ------------------------------------------------------------------ JSON-lines files: every bad line, its own number
def test_every_bad_line_of_an_atoms_or_benchmark_file_with_its_own_line_number(
    weights, tmp_path, capsys
):
    import random

    import cast_csg

    rows = [cast_csg.sample_graph(random.Random(i), cast_csg.SHAPES).to_json() for i in range(6)]
    rows[1], rows[3] = rows[1][:40], json.dumps({"prompt": "a red circle"})  # cut off; not a row
    rows[4] = json.dumps(
        {"prompt": "a red circle", "vqa_list": [["Is there a circle?", "Yes"]]}
    )  # GenEval 2's, short
    train = write(tmp_path / "atoms.jsonl", *rows)
    geneval2 = open(os.path.join(ROOT, "tests/data/geneval2_sample.jsonl")).read().splitlines()
    evals = write(tmp_path / "geneval2.jsonl", geneval2[0], "", geneval2[1][:-30], *geneval2[2:])
    err = rejected(
        capsys, lambda: run(weights, tmp_path / "run", "--prompts", train, "--eval-prompts", evals)
    )
    lines = err.splitlines()[-4:]
    assert (
        lines[0]
        .split(": error: ")[1]
        .startswith(f"--prompts {train} line 2: is not JSON (Unterminated string")
    ), err
    assert lines[1:3] == [
        f"--prompts {train} line 4: is a JSON line with neither atoms (atoms.jsonl), vqa_list "
        f"(GenEval 2) nor include (GenEval)",
        f"--prompts {train} line 5: has no 'skills' key",
    ]
    assert lines[3].startswith(f"--eval-prompts {evals} line 3: is not JSON (")  # line 2 is blank


# ------------------------------------------------------------------ eval prompts that are training prompts
def test_eval_prompts_that_are_training_prompts_after_normalization_are_refused_unless_allowed(
    weights, tmp_path, capsys
):
    train = write(
        tmp_path / "train.txt",
        "a red circle",
        "two blue squares left of a green triangle",
        "Two red squares above a green circle.",
    )  # the shapes eval stream's third prompt, as written
    evals = write(
        tmp_path / "eval.txt", "a yellow square", "Two Blue Squares left of a green triangle."
    )
    err = rejected(
        capsys, lambda: run(weights, tmp_path / "run", "--prompts", train, "--eval-prompts", evals)
    )
    assert err.splitlines()[-1].endswith(
        f"error: --eval-prompts {evals}: 1 of its 2 prompts are training prompts after normalization "
        f"(cast_csg.normalize), e.g. line 2 'Two Blue Squares left of a green triangle.' is --prompts {train} "
        f"line 2 'two blue squares left of a green triangle': the run would be evaluated on prompts it trained on; "
        f"hold them out (python -m support.pool writes disjoint splits) or pass --allow-overlap"
    ), err
    same = rejected(
        capsys, lambda: run(weights, tmp_path / "run", "--prompts", train, "--eval-prompts", train)
    )
    assert f"error: --eval-prompts {train}: 3 of its 3 prompts are training prompts" in same
    stream = rejected(
        capsys, lambda: run(weights, tmp_path / "run", "--prompts", train)
    )  # --eval-size 4
    assert (
        "error: the eval stream (--eval-seed 0): 1 of its 4 prompts are training prompts after normalization "
        f"(cast_csg.normalize), e.g. prompt 3 'two red squares above a green circle' is --prompts {train} "
        "line 3 'Two red squares above a green circle.'"
    ) in stream, stream
    args = ct.parse_args(
        [
            "--base-weights",
            weights,
            "--scorer-path",
            "shapes",
            "--prompts",
            train,
            "--eval-prompts",
            evals,
            "--allow-overlap",
            "--out",
            str(tmp_path / "run"),
        ]
    )
    assert args.allow_overlap
