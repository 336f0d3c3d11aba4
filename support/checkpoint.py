"""support/checkpoint.py: cast_train's checkpoints, written so that a damaged one is found and never trusted.

checkpoints/step_N/ holds the trained weights (diffusers' LoRA format, or model.safetensors),
trainer_state.safetensors (optimizer moments, RNG state, EMA) and trainer_state.json (the run's settings and the
sha256 of every file, itself included). --resume falls back past a damaged checkpoint to the newest intact one,
saying why.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil

import torch
from safetensors import SafetensorError, safe_open
from safetensors.torch import load_file, save_file
from torch.distributed.checkpoint.state_dict import (
    StateDictOptions,
    get_model_state_dict,
    get_optimizer_state_dict,
    set_optimizer_state_dict,
)
from torch.distributed.tensor import DTensor, distribute_tensor

from cast_csg import InputError

STATE = "trainer_state.json"


class CheckpointError(InputError):
    """A run cannot resume (no intact checkpoint, or another run's); cast_train prints the message, not a traceback."""


def save_tensors(path, tensors: dict, **metadata) -> None:
    """One tensors-with-metadata file (stage files, window, scores, caches): the tensors detached, on the CPU,
    contiguous; every metadata value JSON-encoded under its key; written atomically (a reader never sees half)."""
    tmp = os.fspath(path) + ".tmp"
    save_file(
        {k: torch.as_tensor(v).detach().cpu().contiguous() for k, v in tensors.items()},
        tmp,
        metadata={k: json.dumps(v) for k, v in metadata.items()},
    )
    os.replace(tmp, path)


def load_tensors(path) -> tuple[dict, dict]:
    """(tensors, metadata) of a save_tensors file; a metadata value another writer left as plain text stays text."""
    with safe_open(os.fspath(path), "pt") as f:
        tensors, raw = {k: f.get_tensor(k) for k in f.keys()}, f.metadata() or {}
    meta = {}
    for k, v in raw.items():
        try:
            meta[k] = json.loads(v)
        except json.JSONDecodeError:
            meta[k] = v
    return tensors, meta


def sha256(path, chunk=1 << 24):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while block := f.read(chunk):
            h.update(block)
    return h.hexdigest()


def _self_sha(state: dict) -> str:
    """The checksum of the JSON's own content (every key but this one): a damaged number that still parses shows."""
    return hashlib.sha256(
        json.dumps({k: v for k, v in state.items() if k != "state_sha256"}, sort_keys=True).encode()
    ).hexdigest()


def write_weights(folder, bb, net, weights, lora):
    """The trained weights into `folder` (LoRA in diffusers' format, else the whole model); returns the file."""
    if lora:
        import diffusers
        from peft.utils import get_peft_model_state_dict

        # the adapter's config in the metadata: load_lora_weights scales by the trained alpha, not alpha = rank
        getattr(diffusers, bb.pipeline_class).save_lora_weights(
            folder,
            transformer_lora_layers=get_peft_model_state_dict(bb.transformer, state_dict=weights),
            transformer_lora_adapter_metadata=bb.transformer.peft_config["default"].to_dict(),
        )
        return os.path.join(folder, "pytorch_lora_weights.safetensors")
    meta = {"config": json.dumps(dict(getattr(net, "config", {})), default=str)}
    if hasattr(bb, "guidance_scale"):
        meta["guidance_scale"] = str(bb.guidance_scale)
    save_file(
        {k: v.contiguous() for k, v in weights.items()},
        os.path.join(folder, "model.safetensors"),
        meta,
    )
    return os.path.join(folder, "model.safetensors")


def save_final(out, bb, net, lora, master, result):
    """<out>/final/: the weights evaluation used (call within swapped_in), and result.json beside it."""
    weights = get_model_state_dict(
        net,
        options=StateDictOptions(full_state_dict=True, cpu_offload=True, ignore_frozen_params=lora),
    )
    if not master:
        return
    folder = os.path.join(out, "final")
    shutil.rmtree(folder + ".tmp", ignore_errors=True)
    os.makedirs(folder + ".tmp")
    path = write_weights(folder + ".tmp", bb, net, weights, lora)
    shutil.rmtree(folder, ignore_errors=True)
    os.replace(folder + ".tmp", folder)
    with open(os.path.join(out, "result.json.tmp"), "w") as f:
        json.dump(
            dict(
                result, eval_weights=os.path.join(os.path.abspath(folder), os.path.basename(path))
            ),
            f,
            indent=1,
        )
    os.replace(os.path.join(out, "result.json.tmp"), os.path.join(out, "result.json"))


def save_checkpoint(out, it, args, learner, master, extra):
    """checkpoints/step_N/ of `learner` (support.run.Learner: its weights, AdamW state and EMA), written as
    step_N.tmp/ and renamed. Every rank calls this (FSDP gathers); rank 0 writes."""
    bb, net, opt, lora, ema = learner.bb, learner.net, learner.opt, learner.lora, learner.ema
    weights = get_model_state_dict(
        net,
        options=StateDictOptions(full_state_dict=True, cpu_offload=True, ignore_frozen_params=lora),
    )
    ema_full = {
        f"ema.{n}": (e.full_tensor() if isinstance(e, DTensor) else e).detach().cpu().contiguous()
        for (n, p), e in zip(
            [(n, p) for n, p in net.named_parameters() if p.requires_grad], ema or []
        )
    }
    optim = get_optimizer_state_dict(
        net, opt, options=StateDictOptions(full_state_dict=True, cpu_offload=True)
    )
    if not master:
        return
    if not all(torch.isfinite(t).all() for t in weights.values()):
        raise RuntimeError(f"non-finite weights at iteration {it}: refusing to write a checkpoint")
    final = os.path.join(out, "checkpoints", f"step_{it}")
    tmp = final + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    try:
        os.makedirs(tmp)
        write_weights(tmp, bb, net, weights, lora)
        tensors = {
            f"optim.{name}.{k}": torch.as_tensor(v)
            for name, st in optim["state"].items()
            for k, v in st.items()
        }
        tensors["rng.torch"] = torch.get_rng_state()
        tensors.update(ema_full)
        save_file(tensors, os.path.join(tmp, "trainer_state.safetensors"))
        state = dict(
            step=it,
            iteration=it,
            backbone=args.backbone,
            method=args.method,
            window=args.window,
            full=not lora,
            args=vars(args),
            param_groups=optim["param_groups"],
            params={n: list(p.shape) for n, p in net.named_parameters() if p.requires_grad},
            **extra,
            sha256={f: sha256(os.path.join(tmp, f)) for f in sorted(os.listdir(tmp))},
        )
        state["state_sha256"] = _self_sha(state)
        with open(os.path.join(tmp, STATE), "w") as f:
            json.dump(state, f, indent=1)
    except (
        OSError,
        SafetensorError,
    ) as e:  # a full disk, say: the earlier checkpoints were never touched
        shutil.rmtree(tmp, ignore_errors=True)
        why = getattr(e, "strerror", None) or e
        raise CheckpointError(
            f"could not write the checkpoint of iteration {it} to {final} ({why}); "
            f"the earlier checkpoints in {os.path.dirname(final)} are intact"
        ) from None
    shutil.rmtree(final, ignore_errors=True)
    os.replace(tmp, final)


LAUNCH = "launch.json"  # torchrun's run id of the launch that started the run in a folder (torchrun_restart)


def torchrun_restart(out: str) -> int:
    """torchrun's restart count (--max-restarts) when this process belongs to a restart of the very launch that
    started the run in `out` (launch.json holds that launch's run id), else 0: a first start, or another launch,
    keeps the folder's rules (--resume to continue, never a silent reuse)."""
    count = int(os.environ.get("TORCHELASTIC_RESTART_COUNT", "0"))
    if not count:
        return 0
    try:
        with open(os.path.join(out, LAUNCH)) as f:
            launched = json.load(f)["run_id"]
    except (OSError, ValueError, KeyError, TypeError):
        return 0
    return count if launched == os.environ.get("TORCHELASTIC_RUN_ID") else 0


def checkpoints(out) -> list[str]:
    """The checkpoint folders of a run, newest first (unfinished step_N.tmp/ folders are not checkpoints)."""
    root = os.path.join(out, "checkpoints")
    steps = (
        [int(d[5:]) for d in os.listdir(root) if d.startswith("step_") and d[5:].isdigit()]
        if os.path.isdir(root)
        else []
    )
    return [os.path.join(root, f"step_{s}") for s in sorted(steps, reverse=True)]


def prune_checkpoints(out, keep: int, protect=(), warn=print) -> list[str]:
    """Retention (--keep-checkpoints): all but the newest `keep` checkpoints and those in `protect` are removed, and
    only once the newest is verified against its checksums (a damaged newest one keeps every older one). A removed
    folder is renamed first, so a kill mid-removal never leaves half a checkpoint that looks whole. keep 0: keep
    all. Returns the removed folders."""
    found = checkpoints(out)
    old = [c for c in found[keep:] if c not in protect] if keep > 0 else []
    if not old:
        return []
    if why := damage(found[0]):
        warn(f"warning: {found[0]} does not verify ({why}); no older checkpoint removed")
        return []
    for ckpt in old:
        doomed = ckpt + ".removing"
        os.replace(ckpt, doomed)
        shutil.rmtree(doomed)
    return old


def damage(ckpt) -> str | None:
    """What is wrong with a checkpoint folder, in a few words, or None when every file matches its checksum."""
    try:
        with open(os.path.join(ckpt, STATE)) as f:
            state = json.load(f)
    except FileNotFoundError:
        return f"no {STATE}"
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        return f"{STATE} is unreadable ({type(e).__name__}: {str(e)[:80]})"
    if not isinstance(state, dict) or "iteration" not in state:
        return f"{STATE} holds no iteration"
    if (
        "state_sha256" not in state
    ):  # written before checkpoints carried checksums: nothing to verify
        return None
    if state["state_sha256"] != _self_sha(state):
        return f"{STATE} does not match its own checksum"
    for name, digest in state["sha256"].items():
        path = os.path.join(ckpt, name)
        if not os.path.exists(path):
            return f"{name} is missing"
        if sha256(path) != digest:
            return f"{name} does not match its checksum ({os.path.getsize(path):,} bytes)"
    return None


def latest_checkpoint(out, warn=print):
    """The newest intact checkpoint (None without any), warning of newer damaged ones; an error if none is intact."""
    found, faults = checkpoints(out), []
    for ckpt in found:
        if (fault := damage(ckpt)) is None:
            for bad, why in faults:
                warn(
                    f"warning: {bad} is damaged ({why}); resuming from {os.path.basename(ckpt)} instead"
                )
            return ckpt
        faults.append((ckpt, fault))
    if faults:
        raise CheckpointError(
            f"no intact checkpoint in {os.path.join(out, 'checkpoints')}:\n"
            + "\n".join(f"  {c}: {why}" for c, why in faults)
        )
    return None


def load_weights(ckpt, args, bb, net, lora):
    """A checkpoint's weights into the model before it is wrapped; a clear error if it is another run's."""
    with open(os.path.join(ckpt, STATE)) as f:
        state = json.load(f)
    now = dict(
        backbone=args.backbone,
        method=args.method,
        window=args.window,
        full=not lora,
        params={n: list(p.shape) for n, p in net.named_parameters() if p.requires_grad},
    )
    if bad := [f"{k} {state[k]!r} vs {now[k]!r}"[:120] for k in now if state[k] != now[k]]:
        raise CheckpointError(f"{ckpt} does not match this run: {', '.join(bad)}")
    if lora:
        from peft import set_peft_model_state_dict

        sd = load_file(os.path.join(ckpt, "pytorch_lora_weights.safetensors"))
        set_peft_model_state_dict(
            bb.transformer, {k.removeprefix("transformer."): v for k, v in sd.items()}
        )
    else:
        net.load_state_dict(load_file(os.path.join(ckpt, "model.safetensors")))
    return state


def load_trainer_state(ckpt, state, net, opt, ema=None):
    optim = {"state": {}, "param_groups": state["param_groups"]}
    tensors = load_file(ckpt + "/trainer_state.safetensors")
    if (ema is None) != (not any(k.startswith("ema.") for k in tensors)):
        raise CheckpointError(
            f"{ckpt} has {'' if ema is None else 'no '}EMA weights: resume with the --ema it "
            f"was trained with ({state['args'].get('ema', 0)})"
        )
    if ema is not None:
        names = [n for n, p in net.named_parameters() if p.requires_grad]
        for n, e in zip(names, ema):
            t = tensors.pop(f"ema.{n}")
            e.copy_(
                distribute_tensor(t, e.device_mesh, e.placements) if isinstance(e, DTensor) else t
            )
    tensors = {k: v for k, v in tensors.items() if not k.startswith("ema.")}
    for key, t in tensors.items():
        name, _, k = key.removeprefix("optim.").rpartition(".")
        optim["state"].setdefault(name, {})[k] = t
    torch.set_rng_state(optim["state"].pop("rng")["torch"])
    set_optimizer_state_dict(net, opt, optim, options=StateDictOptions(full_state_dict=True))


def _iteration(line):
    try:
        return json.loads(line).get("iteration", 0)
    except json.JSONDecodeError:  # half a line, from a run killed while writing it: dropped
        return float("inf")


def rewind_metrics(out, iteration):
    """On resume: drop metrics.jsonl records of the iterations after the checkpoint, which the run will redo."""
    path = os.path.join(out, "metrics.jsonl")
    if not os.path.exists(path):
        return
    with open(path) as f:
        lines = [line for line in f if line.strip()]
    keep = [line for line in lines if _iteration(line) <= iteration]
    if len(keep) < len(lines):
        with open(path, "w") as f:
            f.writelines(keep)
