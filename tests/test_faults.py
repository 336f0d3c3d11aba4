"""Faults as a cluster delivers them, through the real launcher: torchrun (2 processes, gloo) restarting a worker
group after a worker is killed, SIGTERM to the launcher (a scheduler's preemption), a worker killed while rank 0
writes a checkpoint, ranks started without torchrun (as srun does) losing a peer that dies or hangs, and the
checkpoints' retention. Every interrupted run must end with the final weights and metrics of an uninterrupted one,
to the digit."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest
import torch
from safetensors.torch import load_file
from test_train import flags
from tiny import save_tiny_shapes

import cast_train as ct

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ITERATIONS = ["--groups-per-rank", "1", "--iterations", "6", "--save-every", "2"]
CLOCKS = ("t_", "seconds", "images_per_s")


@pytest.fixture(scope="module")
def weights(tmp_path_factory):
    return save_tiny_shapes(tmp_path_factory.mktemp("base") / "tiny.safetensors")


def launch(argv, *torchrun_flags, env=None):
    """torchrun --standalone --nproc_per_node=2 cast_train.py argv, started (not waited for)."""
    cmd = [sys.executable, "-m", "torch.distributed.run", "--standalone", "--nproc_per_node=2"]
    cmd += [*torchrun_flags, "cast_train.py", *argv]
    env = dict(os.environ, OMP_NUM_THREADS="1", **(env or {}))
    return subprocess.Popen(
        cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )


def finish(proc, timeout=240):
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, _ = proc.communicate()
        pytest.fail(f"ran past {timeout} s:\n{out[-3000:]}")
    return proc.returncode, out


def worker(launcher_pid, rank, timeout=60):
    """The pid of the torchrun worker of `rank` (read from each child's environment)."""
    end = time.time() + timeout
    while time.time() < end:
        children = subprocess.run(
            ["ps", "-o", "pid=", "--ppid", str(launcher_pid)], capture_output=True, text=True
        ).stdout.split()
        for pid in map(int, children):
            try:
                with open(f"/proc/{pid}/environ", "rb") as f:
                    env = dict(v.split(b"=", 1) for v in f.read().split(b"\0") if b"=" in v)
            except OSError:
                continue
            if env.get(b"RANK") == str(rank).encode():
                return pid
        time.sleep(0.05)
    raise AssertionError(f"no worker of rank {rank} under {launcher_pid}")


def wait_for(condition, proc, timeout=180, what=""):
    end = time.time() + timeout
    while not condition():
        if proc.poll() is not None:
            pytest.fail(f"the run ended before {what}:\n{proc.stdout.read()[-3000:]}")
        if time.time() > end:
            proc.kill()
            pytest.fail(f"no {what} after {timeout} s")
        time.sleep(0.02)


def records(out):
    """metrics.jsonl without its clocks."""
    with open(os.path.join(out, "metrics.jsonl")) as f:
        rows = [json.loads(line) for line in f]
    return [{k: v for k, v in r.items() if not any(c in k for c in CLOCKS)} for r in rows]


def logged(out, iteration):
    """Whether iteration `iteration`'s record is in metrics.jsonl yet (a file not yet made, or a line half
    written, is not yet)."""

    def done():
        try:
            return any(r.get("iteration") == iteration and "reward" in r for r in records(out))
        except (OSError, json.JSONDecodeError):
            return False

    return done


def same_run(a, b):
    """Final weights tensor for tensor, and every metrics record but the clocks."""
    fa, fb = (
        load_file(str(a / "final/model.safetensors")),
        load_file(str(b / "final/model.safetensors")),
    )
    assert sorted(fa) == sorted(fb) and all(torch.equal(fa[k], fb[k]) for k in fa)
    assert records(a) == records(b)


@pytest.fixture(scope="module")
def straight(weights, tmp_path_factory):
    """The uninterrupted run every fault is compared with."""
    out = tmp_path_factory.mktemp("straight") / "run"
    code, text = finish(launch(flags(weights, out, *ITERATIONS)))
    assert code == 0, text[-3000:]
    return out


def test_a_killed_worker_restarts_by_itself_and_ends_as_the_uninterrupted_run(
    weights, straight, tmp_path
):
    out = tmp_path / "run"
    proc = launch(flags(weights, out, *ITERATIONS), "--max-restarts", "1")
    wait_for(logged(out, 3), proc, what="iteration 3")
    os.kill(worker(proc.pid, 1), signal.SIGKILL)  # iteration 3 is past the checkpoint at 2
    code, text = finish(proc)
    assert code == 0, text[-3000:]
    assert "torchrun restart 1: continuing" in text and "with the same settings" in text
    assert "a peer process was lost" in text  # the survivor said why it stopped
    same_run(straight, out)


def test_sigterm_to_the_launcher_checkpoints_exits_143_and_resume_ends_as_the_uninterrupted_run(
    weights, straight, tmp_path
):
    out = tmp_path / "run"
    proc = launch(flags(weights, out, *ITERATIONS))
    wait_for(logged(out, 3), proc, what="iteration 3")
    proc.send_signal(signal.SIGTERM)
    code, text = finish(proc)
    # torchrun's own exit: its SignalException, by design (the workers exit 143: the srun test below sees it)
    assert code == 1 and "SignalException" in text
    assert text.count("SIGTERM: stopping at the next safe point") == 2  # both ranks
    stopped = [line for line in text.splitlines() if "SIGTERM: stopped;" in line]
    assert len(stopped) == 1 and "continue with --resume" in stopped[0]  # rank 0's line
    step = int(stopped[0].split("checkpoints/step_")[1].split()[0])
    assert 3 <= step < 6 and os.path.isdir(out / f"checkpoints/step_{step}")
    code, text = finish(launch(flags(weights, out, *ITERATIONS, "--resume")))
    assert code == 0, text[-3000:]
    same_run(straight, out)


def test_a_worker_killed_while_rank_0_writes_a_checkpoint_resumes_from_the_newest_intact_one(
    weights, straight, tmp_path
):
    out = tmp_path / "run"
    proc = launch(
        flags(weights, out, *ITERATIONS),
        "--max-restarts",
        "1",
        env={"CAST_TEST_SLOW_CHECKPOINTS": "1"},
    )
    wait_for(lambda: (out / "checkpoints/step_4.tmp").exists(), proc, what="the write of step_4")
    os.kill(worker(proc.pid, 0), signal.SIGKILL)  # the writer, mid-checkpoint
    code, text = finish(proc)
    assert code == 0, text[-3000:]
    assert f"torchrun restart 1: continuing {out} from {out}/checkpoints/step_2" in text
    same_run(straight, out)


def srun(argv, rank, port, env=None):
    """One rank started as a scheduler starts it (srun, not torchrun): RANK, WORLD_SIZE and the rendezvous address."""
    env = dict(
        os.environ,
        OMP_NUM_THREADS="1",
        RANK=str(rank),
        LOCAL_RANK=str(rank),
        WORLD_SIZE="2",
        LOCAL_WORLD_SIZE="2",
        MASTER_ADDR="127.0.0.1",
        MASTER_PORT=str(port),
        **(env or {}),
    )
    return subprocess.Popen(
        [sys.executable, "cast_train.py", *argv],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def free_port():
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("fault", ["dies", "hangs"])
def test_a_lost_peer_never_hangs_the_survivor(weights, tmp_path, fault):
    """A peer that dies (SIGKILL) or stops answering (SIGSTOP: a frozen node): the survivor exits within the
    process group's timeout with one line naming the loss and the newest checkpoint."""
    out, port = tmp_path / "run", free_port()
    argv = flags(weights, out, *ITERATIONS, "--dist-timeout", "10")
    ranks = [srun(argv, r, port) for r in (0, 1)]
    wait_for(logged(out, 3), ranks[0], what="iteration 3")
    os.kill(ranks[1].pid, signal.SIGKILL if fault == "dies" else signal.SIGSTOP)
    start = time.time()
    code, text = finish(ranks[0], timeout=120)
    waited = time.time() - start
    if fault == "hangs":
        ranks[1].kill()
    ranks[1].communicate()
    assert code == 1
    lines = [line for line in text.splitlines() if "a peer process was lost" in line]
    assert len(lines) == 1 and lines[0].startswith("error: rank 0: a peer process was lost")
    assert f"the newest checkpoint is {out}/checkpoints/step_" in lines[0]
    assert waited < 10 + 30  # the timeout, and the time to reach the next collective


def test_sigterm_to_every_rank_started_without_torchrun_exits_143_after_one_checkpoint(
    weights, straight, tmp_path
):
    """A scheduler's preemption of ranks it started itself (scancel: SIGTERM to each): both stop at the same safe
    point, rank 0 writes one checkpoint, both exit 128 + 15; --resume (here under torchrun) ends as the
    uninterrupted run."""
    out, port = tmp_path / "run", free_port()
    ranks = [srun(flags(weights, out, *ITERATIONS), r, port) for r in (0, 1)]
    wait_for(logged(out, 3), ranks[0], what="iteration 3")
    for r in ranks:
        r.send_signal(signal.SIGTERM)
    (code0, text), (code1, _) = finish(ranks[0]), finish(ranks[1])
    assert code0 == code1 == 143
    assert "SIGTERM: stopped;" in text and "continue with --resume" in text
    code, text = finish(launch(flags(weights, out, *ITERATIONS, "--resume")))
    assert code == 0, text[-3000:]
    same_run(straight, out)


def test_retention_keeps_the_newest_k_and_the_reported_one(weights, tmp_path):
    """--keep-checkpoints 2 with a checkpoint every iteration: the newest two; continued past its end, the run also
    keeps the checkpoint its first result.json reports; --keep-checkpoints 0 keeps every one."""
    out = tmp_path / "run"
    base = ["--iterations", "4", "--save-every", "1", "--eval-every", "100"]
    ct.main(flags(weights, out, *base, "--keep-checkpoints", "2"))
    assert sorted(os.listdir(out / "checkpoints")) == ["step_3", "step_4"]
    ct.main(flags(weights, out, *base, "--iterations", "7", "--keep-checkpoints", "2", "--resume"))
    assert sorted(os.listdir(out / "checkpoints")) == ["step_4", "step_6", "step_7"]
    ct.main(flags(weights, out, *base, "--iterations", "9", "--keep-checkpoints", "0", "--resume"))
    assert sorted(os.listdir(out / "checkpoints")) == [
        "step_4",
        "step_6",
        "step_7",
        "step_8",
        "step_9",
    ]


def test_retention_removes_nothing_while_the_newest_checkpoint_does_not_verify(weights, tmp_path):
    from support.checkpoint import prune_checkpoints

    out = tmp_path / "run"
    ct.main(
        flags(weights, out, "--iterations", "3", "--save-every", "1", "--keep-checkpoints", "0")
    )
    with open(out / "checkpoints/step_3/model.safetensors", "r+b") as f:
        f.seek(100)
        f.write(b"\0\1\2\3")
    warnings = []
    assert prune_checkpoints(out, 1, warn=warnings.append) == []
    assert sorted(os.listdir(out / "checkpoints")) == ["step_1", "step_2", "step_3"]
    assert "step_3 does not verify (model.safetensors does not match its checksum" in warnings[0]


def test_a_restart_resumes_only_its_own_launchs_folder_and_only_with_the_same_settings(
    weights, tmp_path, monkeypatch, capsys
):
    """torchrun's restart environment, in one process: a restart of the launch that claimed the folder
    (launch.json's run id) continues from its newest checkpoint by itself and ends as an uninterrupted run; one
    with other settings is refused before any compute; another launch's restart keeps the first-start rules."""
    from cast_csg import InputError

    run = ["--iterations", "4", "--save-every", "2", "--eval-every", "100"]
    ct.main(flags(weights, tmp_path / "straight", *run))
    monkeypatch.setenv("TORCHELASTIC_RUN_ID", "launch-a")
    monkeypatch.setenv("TORCHELASTIC_RESTART_COUNT", "0")
    out = tmp_path / "run"
    ct.main(flags(weights, out, *run, "--iterations", "2"))  # the first start, stopped after step 2
    assert json.loads((out / "launch.json").read_text()) == {"run_id": "launch-a"}
    monkeypatch.setenv("TORCHELASTIC_RESTART_COUNT", "1")
    with pytest.raises(InputError, match="--lr: 0.0001 then, 0.0002 now"):
        ct.main(flags(weights, out, *run, "--lr", "2e-4"))
    capsys.readouterr()
    ct.main(flags(weights, out, *run))
    assert (
        f"torchrun restart 1: continuing {out} from {out}/checkpoints/step_2 with the same settings"
        in (capsys.readouterr().out)
    )
    a = load_file(str(tmp_path / "straight/final/model.safetensors"))
    b = load_file(str(out / "final/model.safetensors"))
    assert all(torch.equal(a[k], b[k]) for k in a)
    monkeypatch.setenv("TORCHELASTIC_RUN_ID", "launch-b")  # another launch on the same folder
    with pytest.raises(SystemExit):  # argparse's refusal: checkpoints and no --resume
        ct.main(flags(weights, out, *run))
    assert "already has checkpoints" in capsys.readouterr().err
