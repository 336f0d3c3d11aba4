"""A run folder belongs to one run (support/run_folder.py): the lock, another run's files, resume that continues only
the same run, SIGTERM / SIGINT at a safe point, and the checks of --out before any compute."""

import json
import os
import signal
import socket
import subprocess
import sys
import time

import pytest
import torch
from safetensors.torch import load_file
from test_train import ROOT, flags, metrics
from tiny import save_tiny_shapes

import cast_train as ct
import support.checkpoint
import support.run_folder
from cast_csg import InputError
from support.checkpoint import CheckpointError, damage
from support.run_folder import LOCK, RunGuard


@pytest.fixture(scope="module")
def weights(tmp_path_factory):
    return save_tiny_shapes(tmp_path_factory.mktemp("base") / "tiny.safetensors")


def lock_file(out, host, pid):
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, LOCK), "w") as f:
        json.dump({"host": host, "pid": pid, "since": "2026-12-03 10:00:00"}, f)


def dead_pid():
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


# ------------------------------------------------------------------ one run, one folder
def test_a_second_run_on_the_folder_stops_naming_the_process_that_holds_it(weights, tmp_path):
    lock_file(tmp_path, socket.gethostname(), os.getpid())  # a live process: this one
    with pytest.raises(
        InputError, match=f"is in use by process {os.getpid()} on host {socket.gethostname()}"
    ):
        ct.main(flags(weights, tmp_path, "--iterations", "1"))
    assert not (tmp_path / "metrics.jsonl").exists()  # nothing written


def test_a_lock_from_another_host_is_refused_naming_it(weights, tmp_path):
    lock_file(tmp_path, "node-17.cluster", 4242)
    with pytest.raises(InputError, match="in use by process 4242 on host node-17.cluster"):
        ct.main(flags(weights, tmp_path, "--iterations", "1"))


def test_a_stale_lock_of_a_dead_process_is_named_and_taken_over(weights, tmp_path, capsys):
    pid = dead_pid()
    lock_file(tmp_path, socket.gethostname(), pid)
    ct.main(flags(weights, tmp_path, "--iterations", "1"))
    assert (
        f"was left by process {pid} on {socket.gethostname()}, which is no longer running"
        in capsys.readouterr().out
    )
    assert not (tmp_path / LOCK).exists()  # released at the end


def test_the_lock_is_released_when_the_run_fails(weights, tmp_path):
    from safetensors.torch import save_file

    save_file(
        {
            "similarity": torch.zeros(4),
            "tau_star": torch.tensor(0.5),
            "candidates": torch.tensor([0, 2]),
            "length": torch.tensor(2),
            "steps": torch.tensor(9),
        },
        str(tmp_path / "window.safetensors"),
    )
    with pytest.raises(InputError):
        ct.main(
            flags(
                weights,
                tmp_path,
                "--iterations",
                "1",
                "--window",
                "auto",
                "--window-file",
                str(tmp_path / "window.safetensors"),
            )
        )
    assert not (tmp_path / LOCK).exists()


def test_another_runs_files_are_refused_unless_overwrite(weights, tmp_path, capsys):
    (tmp_path / "metrics.jsonl").write_text('{"iteration": 1, "reward": 0.5}\n')
    (tmp_path / "window.safetensors").write_bytes(b"not ours")
    (tmp_path / "notes.txt").write_text("the user's own file")
    with pytest.raises(
        InputError,
        match=r"holds another run's files \(metrics.jsonl, window.safetensors\) and no "
        r"--resume: pass --overwrite",
    ):
        ct.main(flags(weights, tmp_path, "--iterations", "1"))
    ct.main(flags(weights, tmp_path, "--iterations", "1", "--overwrite"))
    assert "--overwrite: removed 2 files of the earlier run" in capsys.readouterr().out
    assert [r["iteration"] for r in metrics(tmp_path) if "reward" in r] == [
        1
    ]  # this run's records only
    assert (tmp_path / "notes.txt").read_text() == "the user's own file"  # not a run file: kept


# ------------------------------------------------------------------ resume continues the same run
def test_resume_refuses_other_settings_listing_each_and_allows_the_safe_ones(
    weights, tmp_path, capsys
):
    prompts = tmp_path / "prompts.txt"
    prompts.write_text("a red circle\ntwo blue squares\n")
    run = tmp_path / "run"
    ct.main(flags(weights, run, "--iterations", "2", "--prompts", str(prompts)))
    with pytest.raises(InputError) as e:
        ct.main(
            flags(
                weights,
                run,
                "--iterations",
                "4",
                "--prompts",
                str(prompts),
                "--resume",
                "--lr",
                "2e-4",
                "--group-size",
                "4",
                "--seed",
                "1",
                "--beta",
                "0.1",
                "--eval-size",
                "5",
            )
        )
    listed = str(e.value).splitlines()[1:-1]
    assert [line.split(":")[0].strip() for line in listed] == [
        "--beta",
        "--eval-size",
        "--group-size",
        "--lr",
        "--seed",
    ]
    assert "--lr: 0.0001 then, 0.0002 now" in str(e.value)
    prompts.write_text("a red circle\ntwo green squares\n")  # same path, other prompts
    with pytest.raises(InputError, match="prompts_sha256: '[0-9a-f]{64}' then, '[0-9a-f]{64}' now"):
        ct.main(flags(weights, run, "--iterations", "4", "--prompts", str(prompts), "--resume"))
    prompts.write_text("a red circle\ntwo blue squares\n")
    capsys.readouterr()
    ct.main(
        flags(
            weights,
            run,
            "--iterations",
            "4",
            "--prompts",
            str(prompts),
            "--resume",
            "--eval-every",
            "2",
        )
    )
    out = capsys.readouterr().out
    assert "resuming with --iterations 2 -> 4, --eval-every 100 -> 2 (safe to change" in out
    assert [r["iteration"] for r in metrics(run) if "reward" in r] == [1, 2, 3, 4]


# ------------------------------------------------------------------ preemption
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_checkpoints_the_last_iteration_and_resume_is_bit_identical(
    weights, tmp_path, signum
):
    run = ["--iterations", "8", "--save-every", "100"]  # no checkpoint before the end
    ct.main(flags(weights, tmp_path / "straight", *run))
    killed = tmp_path / "killed"
    proc = subprocess.Popen(
        [sys.executable, "cast_train.py", *flags(weights, killed, *run)],
        cwd=ROOT,
        env=dict(os.environ, OMP_NUM_THREADS="1"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.time() + 120
    while time.time() < deadline and not (
        os.path.exists(killed / "metrics.jsonl")
        and sum('"reward"' in line for line in open(killed / "metrics.jsonl")) >= 2
    ):
        time.sleep(0.05)
    proc.send_signal(signum)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 128 + signum, err[-2000:]
    assert "Traceback" not in err
    done = [int(d[5:]) for d in os.listdir(killed / "checkpoints") if d.startswith("step_")]
    assert len(done) == 1 and 2 <= done[0] < 8
    assert (
        f"{signal.Signals(signum).name}: stopped; {killed}/checkpoints/step_{done[0]} holds iteration "
        f"{done[0]}" in out
    )
    assert (
        damage(str(killed / f"checkpoints/step_{done[0]}")) is None and not (killed / LOCK).exists()
    )
    ct.main(flags(weights, killed, *run, "--resume"))
    name = "checkpoints/step_8/model.safetensors"
    a, b = load_file(str(tmp_path / "straight" / name)), load_file(str(killed / name))
    assert all(torch.equal(a[k], b[k]) for k in a)
    assert [r["iteration"] for r in metrics(killed) if "reward" in r] == list(range(1, 9))


def test_a_signal_before_training_exits_at_once_and_a_second_one_too():
    with RunGuard() as guard:
        with pytest.raises(SystemExit) as e:
            os.kill(os.getpid(), signal.SIGTERM)
        assert e.value.code == 143
        guard.arm()
        os.kill(os.getpid(), signal.SIGINT)  # armed: noted, the loop stops at its safe point
        assert guard.requested(False, "cpu") == signal.SIGINT
        with pytest.raises(SystemExit) as e:
            os.kill(os.getpid(), signal.SIGINT)
        assert e.value.code == 130
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


# ------------------------------------------------------------------ --out before compute, and a full disk
def test_an_out_that_cannot_be_written_stops_in_argparse(weights, tmp_path, capsys):
    (tmp_path / "a_file").write_text("")
    with pytest.raises(SystemExit) as e:
        ct.main(flags(weights, tmp_path / "a_file" / "run", "--iterations", "1"))
    assert e.value.code == 2 and "is a file, not a folder" in capsys.readouterr().err


def test_no_room_for_a_checkpoint_stops_before_compute(weights, tmp_path, monkeypatch):
    monkeypatch.setattr(
        support.run_folder.shutil, "disk_usage", lambda path: type("U", (), {"free": 2**20})()
    )
    with pytest.raises(InputError, match="1 MiB free, but one checkpoint needs about"):
        ct.main(flags(weights, tmp_path, "--iterations", "1"))
    assert not (tmp_path / "metrics.jsonl").exists()


def test_a_full_disk_at_a_checkpoint_is_one_line_and_the_earlier_ones_stay_intact(
    weights, tmp_path, monkeypatch
):
    save_file = support.checkpoint.save_file

    def full_at_step_4(tensors, path, *a, **kw):
        if "step_4" in path:
            raise OSError(28, "No space left on device")
        return save_file(tensors, path, *a, **kw)

    monkeypatch.setattr(support.checkpoint, "save_file", full_at_step_4)
    with pytest.raises(
        CheckpointError,
        match="could not write the checkpoint of iteration 4 to .*step_4 \\(No space "
        "left on device\\); the earlier checkpoints in .* are intact",
    ):
        ct.main(flags(weights, tmp_path, "--iterations", "4", "--save-every", "2"))
    assert sorted(os.listdir(tmp_path / "checkpoints")) == ["step_2"]
    assert damage(str(tmp_path / "checkpoints/step_2")) is None
