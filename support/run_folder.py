"""support/run_folder.py: a run folder belongs to one run.

    with RunGuard() as guard:                    # the run's lifetime: the folder's lock and the stop signals
        guard.claim(args, master, distributed)   # the lock, then: a folder of another run is refused (--overwrite)
        check_resume(ckpt, args, inputs)         # --resume continues the same run, or lists what differs
        run = RunRecord(args, guard, ...)        # what the run writes around its loop (metrics.jsonl begun)
        run.begin()                              # the base model's eval, then guard.arm(): SIGTERM / SIGINT stop
        for it in ...:                           # at the next safe point
            ...
            run.end_iteration(it, ...)           # overlays, eval, checkpoint when due; a signal: checkpoint, exit
        run.finish(it, passes)                   # the final eval, weights, result.json and report

The lock is a file created with O_CREAT | O_EXCL (atomic on local disks and NFSv3+) holding rank 0's host and pid;
a dead pid on the same host is taken over, a lock from another host is refused (its pid cannot be checked).
"""

from __future__ import annotations

import atexit
import hashlib
import json
import os
import shutil
import signal
import socket
import time

import torch
import torch.distributed as dist
from tqdm import tqdm

from cast_csg import InputError, atom_mask, atom_mean
from support.checkpoint import (
    LAUNCH,
    checkpoints,
    prune_checkpoints,
    rewind_metrics,
    save_checkpoint,
    save_final,
    save_tensors,
    sha256,
)
from support.evaluation import compare, evaluate, report, summarize_eval
from support.pictures import draw_curves, save_grid, save_overlays
from support.run import swapped_in

LOCK = "run.lock"
# What a run writes into its folder besides run.lock (samples_step_N.png and overlays_step_N.png by prefix).
RUN_FILES = (
    "metrics.jsonl",
    "window.safetensors",
    "window.png",
    "atoms.jsonl",
    "rollout.safetensors",
    "scores.safetensors",
    "advantages.safetensors",
    "curves.png",
    "result.json",
    "config.json",
    "launch.json",
    "eval_scores.safetensors",
    "final",
    "checkpoints",
)
RUN_PREFIXES = ("samples_step_", "overlays_step_", "advantages_", "overlays_")
# Flags that change only logging, resources or how long the run goes on: --resume may change them.
SAFE_TO_CHANGE = (
    "iterations",
    "budget",
    "eval_every",
    "save_every",
    "keep_checkpoints",
    "dist_timeout",
    "overlay_images",
    "threads",
    "resume",
    "overwrite",
    "out",
)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: alive
        return True
    return True


class RunLock:
    def __init__(self, out: str):
        self.path, self.held = os.path.join(out, LOCK), False

    def holder(self) -> dict | None:
        try:
            with open(self.path) as f:
                return json.load(f)
        except (OSError, ValueError):
            return None

    def acquire(self, warn=print) -> None:
        me = {
            "host": socket.gethostname(),
            "pid": os.getpid(),
            "since": time.strftime("%Y-%m-%d %H:%M:%S"),
        }
        for _ in range(3):
            try:
                fd = os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            except FileExistsError:
                who = self.holder()
                if not who:  # being written this instant, or damaged: look once more
                    time.sleep(0.2)
                    who = self.holder()
                if who and who.get("host") == me["host"] and not _alive(int(who.get("pid", -1))):
                    stale = f"{self.path}.stale.{os.getpid()}"
                    try:
                        os.rename(self.path, stale)  # atomic: one claimant wins the stale lock
                    except FileNotFoundError:
                        continue
                    os.remove(stale)
                    warn(
                        f"warning: {self.path} was left by process {who['pid']} on {who['host']}, which is no "
                        f"longer running (since {who.get('since', '?')}); this run takes the folder"
                    )
                    continue
                where = (
                    f"process {who['pid']} on host {who['host']} (since {who.get('since', '?')})"
                    if who
                    else "a process whose lock cannot be read"
                )
                raise InputError(
                    f"--out {os.path.dirname(self.path)} is in use by {where}: {self.path}. Wait for "
                    f"it, pick another --out, or delete the lock if that process is gone"
                ) from None
            with os.fdopen(fd, "w") as f:
                json.dump(me, f)
            self.held = True
            atexit.register(self.release)
            return
        raise InputError(f"{self.path}: could not take the lock (another run keeps taking it)")

    def release(self) -> None:
        if self.held:
            self.held = False
            try:
                os.remove(self.path)
            except FileNotFoundError:
                pass


def run_files(out: str) -> list[str]:
    return (
        sorted(f for f in os.listdir(out) if f in RUN_FILES or f.startswith(RUN_PREFIXES))
        if os.path.isdir(out)
        else []
    )


# ------------------------------------------------------------------------------------------------ resume


def _file_sha(path: str | None) -> str | None:
    return sha256(path) if path and os.path.isfile(path) else None


def weights_fingerprint(path: str | None) -> str | None:
    """A base model's identity without reading 60 GB: a file's sha256 (the shapes weights are a few MB); for a
    diffusers folder the sha256 of every file's relative path and size and of every index / config JSON's text."""
    if not path or path == "random" or os.path.isfile(path):
        return _file_sha(path) if path and path != "random" else path
    h = hashlib.sha256()
    for root, _, files in sorted(os.walk(path)):
        for name in sorted(files):
            full = os.path.join(root, name)
            h.update(f"{os.path.relpath(full, path)}:{os.path.getsize(full)}\n".encode())
            if name.endswith(".json"):
                h.update(open(full, "rb").read())
    return h.hexdigest()


def run_inputs(args, world: int) -> dict:
    """What shapes a run's result besides its flags: the content of its prompt, eval and window files, the base
    weights, and the number of processes (the global batch is world x groups x group size)."""
    window = args.window_file or os.path.join(args.out, "window.safetensors")
    base = args.model_path or (args.base_weights if args.backbone == "shapes" else None)
    return {
        "world": world,
        "prompts_sha256": _file_sha(args.prompts),
        "eval_prompts_sha256": _file_sha(args.eval_prompts),
        "window_sha256": _file_sha(window),
        "base_weights": weights_fingerprint(base),
    }


def check_resume(ckpt: str, args, inputs: dict, say=print) -> None:
    """Refuse to resume a checkpoint of another configuration, listing every difference (its flags, and what
    `run_inputs` fingerprints); say which of the flags that are safe to change changed."""
    with open(os.path.join(ckpt, "trainer_state.json")) as f:
        state = json.load(f)
    norm = lambda v: json.loads(json.dumps(v))  # noqa: E731  tuples = lists
    saved, now = state.get("args", {}), norm(vars(args))
    differ = [
        f"--{k.replace('_', '-')}: {saved.get(k)!r} then, {now[k]!r} now"
        for k in sorted(now)
        if k not in SAFE_TO_CHANGE and k in saved and norm(saved[k]) != now[k]
    ]
    old_inputs = state.get("inputs", {})
    differ += [
        f"{k}: {old_inputs[k]!r} then, {inputs[k]!r} now"
        for k in sorted(inputs)
        if k in old_inputs
        and old_inputs[k] != inputs[k]
        and not (k == "window_sha256" and inputs[k] is None)
    ]
    if differ:
        raise InputError(
            "--resume: the checkpoint was trained with other settings, so continuing would mix two "
            "runs:\n  "
            + "\n  ".join(differ)
            + "\nresume with the same settings, or start a new --out"
        )
    changed = [
        f"--{k.replace('_', '-')} {saved.get(k)!r} -> {now[k]!r}"
        for k in SAFE_TO_CHANGE
        if k in saved and k not in ("resume", "out") and norm(saved[k]) != now[k]
    ]
    if changed:
        say(f"resuming with {', '.join(changed)} (safe to change: they do not shape the result)")


def check_room(out: str, net, lora: bool, ema) -> None:
    """--out's disk must hold one more checkpoint (saved weights, AdamW's two moments and the EMA, fp32)."""
    trained = sum(p.numel() for p in net.parameters() if p.requires_grad)
    saved = trained if lora else sum(p.numel() * p.element_size() // 4 for p in net.parameters())
    need = 4 * (saved + trained * (2 + (ema is not None)))
    free = shutil.disk_usage(out).free
    if free < need:
        raise InputError(
            f"--out {out}: {free / 2**20:,.0f} MiB free, but one checkpoint needs about "
            f"{need / 2**20:,.0f} MiB"
        )


# ------------------------------------------------------------------------------------------------ faults


def reported_checkpoint(out: str) -> tuple[str, ...]:
    """The checkpoint of the iteration a finished run's result.json reports (a run continued past its end keeps
    it: its weights are the ones that result's final evaluation used); () without a result."""
    try:
        with open(os.path.join(out, "result.json")) as f:
            it = json.load(f)["iterations"]
    except (OSError, ValueError, KeyError, TypeError):
        return ()
    return (os.path.join(out, "checkpoints", f"step_{it}"),)


# What the process-group backends say when a peer is gone: gloo's closed or reset connection and its timeout;
# NCCL's errors are DistBackendError.
PEER_LOST = ("Connection closed by peer", "Connection reset by peer", "Timed out waiting", "gloo")


def peer_lost(error: BaseException) -> bool:
    """Whether `error` is a collective that failed because another process of the run died or stopped answering."""
    return isinstance(error, dist.DistError) or (
        isinstance(error, RuntimeError) and any(m in str(error) for m in PEER_LOST)
    )


def peer_lost_line(out: str, error: BaseException) -> str:
    """The one line a survivor exits with: a peer was lost, why, and the checkpoint to continue from."""
    rank = dist.get_rank() if dist.is_initialized() else 0
    found = checkpoints(out)
    where = (
        f"the newest checkpoint is {found[0]} (continue with --resume)"
        if found
        else f"no checkpoint yet in {out} (the run starts over)"
    )
    first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    return f"rank {rank}: a peer process was lost ({first[:200]}); {where}"


# ------------------------------------------------------------------------------------------------ preemption


class RunGuard:
    """A run's hold on its folder and its stop signals: SIGTERM (a scheduler's preemption) and SIGINT before `arm()`
    exit at once (nothing to save yet); after it they stop the loop at its next safe point, a second one at once."""

    def __init__(self):
        self.signum, self.armed, self.lock = 0, False, None

    def __enter__(self):
        for s in (signal.SIGTERM, signal.SIGINT):
            signal.signal(s, self._handle)
        return self

    def __exit__(self, *exc):
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        if self.lock:
            self.lock.release()

    def claim(
        self, args, master: bool, distributed: bool, warn=print, resume: bool = False
    ) -> None:
        """Rank 0 takes the folder's lock; unless it `resume`s (--resume, or a torchrun restart of this run) a
        folder holding another run's files is refused unless --overwrite, which removes them. Under torchrun it
        records the launch's run id (launch.json) so that a restart knows the folder is its own. Every rank raises
        InputError together when rank 0 could not."""
        why = ""
        if master:
            try:
                os.makedirs(args.out, exist_ok=True)
                self.lock = RunLock(args.out)
                self.lock.acquire(warn)
                if resume and not checkpoints(args.out):
                    warn(
                        f"resuming: {args.out} has no checkpoint yet; the run starts at iteration 0"
                    )
                if not resume and (found := run_files(args.out)):
                    if not args.overwrite:
                        raise InputError(
                            f"--out {args.out} holds another run's files ({', '.join(found[:6])}"
                            f"{', ...' if len(found) > 6 else ''}) and no --resume: pass --overwrite to "
                            f"replace them, --resume to continue that run, or another --out"
                        )
                    for f in found:
                        path = os.path.join(args.out, f)
                        shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
                    warn(
                        f"--overwrite: removed {len(found)} files of the earlier run in {args.out}"
                    )
                if run_id := os.environ.get("TORCHELASTIC_RUN_ID"):
                    path = os.path.join(args.out, LAUNCH)
                    with open(path + ".tmp", "w") as f:
                        json.dump({"run_id": run_id}, f)
                    os.replace(path + ".tmp", path)
            except (InputError, OSError) as e:
                why = str(e)
        if distributed:
            bad = torch.tensor(
                [float(bool(why))], device="cuda" if torch.cuda.is_available() else "cpu"
            )
            dist.all_reduce(bad, op=dist.ReduceOp.MAX)
            if bad.item() and not why:
                raise InputError(f"rank 0 could not claim --out {args.out} (its message says why)")
        if why:
            raise InputError(why)

    def _handle(self, signum, frame):
        name = signal.Signals(signum).name
        if not self.armed or self.signum:
            print(
                f"{name}: stopped {'again, at once' if self.signum else 'before training began'}; nothing saved",
                flush=True,
            )
            raise SystemExit(128 + signum)
        self.signum = signum
        print(f"{name}: stopping at the next safe point (a second one exits at once)", flush=True)

    def arm(self) -> None:
        self.armed = True

    def requested(self, distributed: bool, device) -> int:
        """The signal number if any rank received one (every rank agrees), else 0."""
        if not distributed:
            return self.signum
        s = torch.tensor([float(self.signum)], device=device)
        dist.all_reduce(s, op=dist.ReduceOp.MAX)
        return int(s.item())


# ------------------------------------------------------------------------------------------------ the run's record


def iteration_metrics(stats, rec, grad_norm, seconds, processes):
    """One metrics.jsonl record's numbers, averaged over ranks (the peak |Δ log p|: their max), from cast_train's
    train_step `stats`, the iteration's record `rec` (its scores, mask, pixel_adv) and the stages' `seconds`
    (rollout, score, ground: the grounding's share of score, adv, train). adv_clipped: patches at Eq. 7's ±5."""
    s = torch.tensor(
        stats, dtype=torch.float64
    )  # per step: loss, clip frac, approx KL, KL, max |Δ log p|
    stages = [seconds[k] for k in ("rollout", "score", "ground", "adv", "train")]
    m = torch.tensor(
        [
            atom_mean(rec.scores, rec.mask).mean(),
            *s[:, :4].mean(0),
            grad_norm,
            *stages,
            (rec.pixel_adv.abs() >= 5).double().mean(),
            rec.pixel_adv.double().pow(2).mean().sqrt(),
        ],
        dtype=torch.float64,
        device=processes.device,
    )
    peak = s[:, 4].max().to(processes.device)
    if processes.distributed:
        dist.all_reduce(m)
        dist.all_reduce(peak, op=dist.ReduceOp.MAX)
        m /= processes.world
    keys = (
        "reward loss clip_frac approx_kl kl grad_norm t_rollout t_score t_ground t_adv t_train adv_clipped "
        "adv_rms"
    ).split()
    return dict(**dict(zip(keys, m.tolist())), log_ratio_max=peak.item())


class RunRecord:
    """What a run writes around the method's loop. Every rank calls each method (they are collective); rank 0 writes."""

    def __init__(self, args, guard, learner, judging, held_out, ckpt, state, processes):
        self.args, self.guard, self.judging, self.held_out, self.ckpt = (
            args,
            guard,
            judging,
            held_out,
            ckpt,
        )
        self.learner, self.bb, self.net, self.lora = learner, learner.bb, learner.net, learner.lora
        self.params, self.ema = learner.params, learner.ema
        self.distributed, self.rank, self.world, self.device = processes
        self.master = processes.master
        if self.master and not ckpt:
            open(os.path.join(args.out, "metrics.jsonl"), "w").close()
        elif self.master:
            rewind_metrics(args.out, state["iteration"])
        self.randomized = [
            part
            for part, path in (("backbone weights", args.model_path), ("scorer", args.scorer_path))
            if path == "random"
        ]  # a dry run (bench/gpu.py) learns nothing: every record says so
        self.summaries, self.trained, self.skipped = {}, None, state.get("skipped", 0)
        self.start = state.get("iteration", 0)
        self.saved = {self.start} if ckpt else set()
        self.base_eval, self.base, self.items = state.get("base_eval"), None, None
        self.reported = reported_checkpoint(args.out)

    def say(self, text) -> None:
        if self.master:
            print(text)

    def describe(self, lora: bool, window: str, passes: int) -> str:
        """The run in one line (and, for a dry run, the line that says its numbers mean nothing)."""
        a = self.args
        line = (
            f"{a.method} on {a.backbone}: {'LoRA' if lora else 'all weights'}, {window} of {a.steps} steps, "
            f"{self.world} x {a.groups_per_rank} groups x {a.group_size} samples; "
            f"{passes:,} transformer passes per iteration, {a.iterations} iterations"
        )
        if self.randomized:
            line += (
                f"\nDRY RUN with random {' and random '.join(self.randomized)}: timings only; every reward, "
                f"score and evaluation of this run is meaningless"
            )
        return line

    def log(self, record) -> None:
        record = {**record, "random": self.randomized} if self.randomized else record
        if self.master:
            with open(os.path.join(self.args.out, "metrics.jsonl"), "a") as f:
                f.write(json.dumps(record) + "\n")

    def evaluate(self, step, final: bool = False):
        """The EMA weights on the held-out prompts, logged and drawn; returns the judge's scores and the eval items.
        The base and the final evaluation (`final`) take every held-out prompt (--final-eval-size), the others the
        first --eval-size; each record summarizes those first ones, so the curve compares like with like, and a
        final one adds the whole set's summary under "final_set"."""
        args, n = self.args, len(self.held_out) if self.args.eval_prompts else self.args.eval_size
        with swapped_in(self.params, self.ema):
            scores, items, images = evaluate(
                self.bb,
                self.judging,
                self.held_out if final else self.held_out[:n],
                args,
                self.rank,
                self.world,
            )
        first = n * args.eval_samples
        summary = self.summaries[step] = summarize_eval(
            {k: v[:first] for k, v in scores.items()}, items[:first]
        )
        if len(items) > first:
            summary["final_set"] = summarize_eval(scores, items)
        self.log({"eval": True, "iteration": step, **summary})
        if self.master:
            save_grid(
                images,
                os.path.join(self.args.out, f"samples_step_{step}.png"),
                [g.prompt for g in items[:32]],
            )
            draw_curves(self.args.out)
            whole = summary.get("final_set")
            tqdm.write(
                f"eval at {step}: atom accuracy (AM) {summary['am']:.3f} ± {summary['am_se']:.3f}, "
                f"GM {summary['gm']:.3f}, strict {summary['strict']:.3f}"
                + (
                    f"; all {whole['n_prompts']} eval images: AM {whole['am']:.3f} ± {whole['am_se']:.3f}"
                    if whole
                    else ""
                )
            )
        return scores["judge"], items

    def begin(self) -> None:
        """The base model's evaluation (from the checkpoint on --resume); then stop signals wait for a safe point."""
        if self.ckpt:
            self.base = torch.tensor(self.base_eval)
            self.items = [self.held_out[k // self.args.eval_samples] for k in range(len(self.base))]
        else:
            self.base, self.items = self.evaluate(0, final=True)
        if (
            self.master
        ):  # the settings this run trains with, every preset filled in (written atomically)
            path = os.path.join(self.args.out, "config.json")
            with open(path + ".tmp", "w") as f:
                json.dump(vars(self.args), f, indent=1, default=str)
            os.replace(path + ".tmp", path)
        self.guard.arm()

    def save(self, step) -> None:
        save_checkpoint(
            self.args.out,
            step,
            self.args,
            self.learner,
            self.master,
            dict(
                base_eval=self.base.tolist(),
                skipped=self.skipped,
                inputs=run_inputs(self.args, self.world),
            ),
        )
        self.saved.add(step)
        if self.master:  # the newest K, and the checkpoint behind a finished run's result.json
            prune_checkpoints(self.args.out, self.args.keep_checkpoints, self.reported, self.say)

    def stop_if_requested(self, step) -> None:
        """At a safe point: on a stop signal, checkpoint the last finished iteration `step` and exit 128 + signal."""
        if signum := self.guard.requested(self.distributed, self.device):
            if step not in self.saved:
                self.save(step)
            self.say(
                f"{signal.Signals(signum).name}: stopped; {self.args.out}/checkpoints/step_{step} holds "
                f"iteration {step} (continue with --resume)"
            )
            raise SystemExit(128 + signum)

    def evaluating(self, it) -> bool:
        return it % self.args.eval_every == 0 or it == self.args.iterations

    def end_iteration(self, it, rec) -> None:
        """After iteration `it` (its record `rec`, support.run.Iteration): its overlays and the evaluation when due,
        the checkpoint when due, a stop signal."""
        args = self.args
        if self.master and self.evaluating(it) and args.overlay_images > 0:
            save_overlays(
                os.path.join(args.out, f"overlays_step_{it}.png"),
                rec.images,
                rec.graphs,
                rec.atom_adv,
                rec.maps,
                rec.pixel_adv,
                max_images=args.overlay_images,
            )
        if self.evaluating(it):
            self.trained, _ = self.evaluate(it, final=it == args.iterations)
        if it % args.save_every == 0 or it == args.iterations:
            self.save(it)
        self.stop_if_requested(it)

    def finish(self, it, passes) -> dict:
        """The final evaluation (unless iteration `it` had one), the final weights, result.json, the judge's
        per-atom scores of the base and the trained model (eval_scores.safetensors: base, trained [images, K],
        mask) and the report."""
        args = self.args
        if self.trained is None or len(self.trained) != len(self.base):
            self.trained, _ = self.evaluate(it, final=True)
        gains = compare(self.base, self.trained, self.items)
        with swapped_in(self.params, self.ema):
            save_final(
                args.out,
                self.bb,
                self.net,
                self.lora,
                self.master,
                dict(
                    iterations=it,
                    passes=passes,
                    ema=args.ema,
                    gains=gains,
                    final=self.summaries.get(it),
                    args=vars(args),
                ),
            )
        if (
            self.master
        ):  # the judge's per-atom scores, so that runs compare paired on the same eval images
            save_tensors(
                os.path.join(args.out, "eval_scores.safetensors"),
                dict(base=self.base, trained=self.trained, mask=atom_mask(self.items)),
                prompts=[g.prompt for g in self.items],
                eval_seed=args.eval_seed,
                eval_samples=args.eval_samples,
            )
            if self.randomized:
                print(
                    f"\nMEANINGLESS (random {' and random '.join(self.randomized)}: a dry run):",
                    end="",
                )
            print(
                f"\nbase vs trained after {it} iterations on {len(self.items)} eval images ({len(self.held_out)} "
                f"prompts x {args.eval_samples} seeds); ± is one standard error:\n{report(gains)}"
            )
        if self.distributed:  # arrive together: a rank that tears down alone can hang in gloo
            dist.barrier()
            dist.destroy_process_group()
        return dict(base=self.base, trained=self.trained, graphs=self.items, out=args.out)
