"""support/assets.py: the shipped weights (assets/) and every weights file checked before it loads, so that a damaged
one is one line naming the file, what is wrong and how to restore it, not a traceback or garbage: every .safetensors
header and length (milliseconds for a 60 GB folder), and the sha256 of files a SHA256SUMS beside them lists (the
shipped and self-trained assets; downloaded model folders carry none, so they are never hashed).
"""

from __future__ import annotations

import json
import os

import torch

from cast_csg import InputError
from support.checkpoint import load_tensors, sha256

ASSETS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "assets")
SHAPES_VLM = os.path.join(
    ASSETS, "shapes_vlm"
)  # the world's VLM (python -m support.build.shapes_vlm pretrain)
SHAPES_BASE = os.path.join(ASSETS, "shapes_base.safetensors")  # the shapes world's base model
SHAPES_WINDOW = os.path.join(
    ASSETS, "shapes_window.safetensors"
)  # its window, calibrated as a default run would
VLM_TYPES = ("qwen3_vl", "qwen2_5_vl")
SUMS = "SHA256SUMS"  # `sha256sum` format: "<hex digest>  <file name>" a line


def shipped_window(args, prompts: list[str]) -> str | None:
    """SHAPES_WINDOW when it is the calibration this run would make (the shipped base model, the same number of
    steps, window length, noise level and calibration prompts), so the run skips the ~2 minutes it costs; else None.
    Rebuilt by the run that calibrates it: `python cast_train.py --out runs/window --window-file
    assets/shapes_window.safetensors --iterations 1` with the file deleted."""
    if (
        args.backbone != "shapes"
        or os.path.abspath(args.base_weights) != SHAPES_BASE
        or not os.path.isfile(SHAPES_WINDOW)
    ):
        return None
    tensors, meta = load_tensors(SHAPES_WINDOW)
    steps, length = int(tensors["steps"]), int(tensors["length"])
    same = (
        steps == args.steps
        and length == args.window_length
        and meta.get("prompts") == prompts
        and meta.get("settings", {}).get("noise_level") == args.noise_level
    )
    return SHAPES_WINDOW if same else None


def listed(folder: str) -> dict[str, str]:
    """{file name: sha256} that the SHA256SUMS in `folder` lists ({} without one)."""
    sums = os.path.join(folder, SUMS)
    if not os.path.isfile(sums):
        return {}
    with open(sums) as f:
        rows = [line.split(maxsplit=1) for line in f]
    return {
        row[1].strip().lstrip("*"): row[0] for row in rows if len(row) == 2
    }  # "*name": sha256sum -b


def record_sha256(path: str) -> None:
    """Write `path`'s sha256 into the SHA256SUMS beside it (created if missing, its other lines kept)."""
    folder, name = os.path.split(os.path.abspath(path))
    sums = {**listed(folder), name: sha256(path)}
    with open(os.path.join(folder, SUMS + ".tmp"), "w") as f:
        f.writelines(f"{digest}  {n}\n" for n, digest in sorted(sums.items()))
    os.replace(os.path.join(folder, SUMS + ".tmp"), os.path.join(folder, SUMS))


def header_problem(path: str) -> str | None:
    """What a .safetensors header shows wrong, or None: it parses, and the file ends where its data offsets do."""
    size = os.path.getsize(path)
    with open(path, "rb") as f:
        n = int.from_bytes(f.read(8), "little")
        if size < 8 or 8 + n > size:
            return f"bad header (it claims {n:,} bytes of header in a file of {size:,} bytes: truncated or overwritten)"
        try:
            header = json.loads(f.read(n))
            end = max(
                (int(t["data_offsets"][1]) for k, t in header.items() if k != "__metadata__"),
                default=0,
            )
        except (
            ValueError,
            KeyError,
            TypeError,
            AttributeError,
            IndexError,
        ) as e:  # UnicodeDecodeError: a ValueError
            return f"bad header, not readable as safetensors ({type(e).__name__}: {str(e)[:80]})"
    if size != 8 + n + end:
        return f"{'truncated' if size < 8 + n + end else 'too long'}: {size:,} bytes, its header says {8 + n + end:,}"
    return None


def restore_hint(path: str) -> str:
    """How to get a sound copy back: git for a file of the checkout's assets/, else a fresh copy."""
    rel = os.path.relpath(os.path.abspath(path), os.path.dirname(ASSETS))
    shipped = rel.split(os.sep)[0] == os.path.basename(ASSETS)
    return f"restore it: git checkout -- {rel}" if shipped else "copy or download it again"


def weights_problem(path: str) -> str | None:
    """One line naming the first damaged file of a weights file or folder, what is wrong and how to restore it."""
    files = [path]
    if os.path.isdir(path):
        files = sorted(
            {
                os.path.join(root, f)
                for root, _, names in os.walk(path)
                for f in names
                if f.endswith(".safetensors")
            }
            | {os.path.join(path, name) for name in listed(path)}
        )
    for f in files:
        digest = listed(os.path.dirname(f)).get(os.path.basename(f))
        why = (
            "missing"
            if not os.path.isfile(f)
            else header_problem(f)
            if f.endswith(".safetensors")
            else None
        )
        if not why and digest and sha256(f) != digest:
            why = f"checksum mismatch (its sha256 is not the one {os.path.join(os.path.dirname(f), SUMS)} lists)"
        if why:
            return f"{f}: {why}; {restore_hint(f)}"
    return None


def check_vlm_folder(path: str) -> None:
    """Raise InputError unless `path` holds a Qwen3-VL / Qwen2.5-VL config and sound weights."""
    cfg = os.path.join(path, "config.json")
    if not os.path.isfile(cfg):
        raise InputError(f"{path} is not a model folder: no config.json")
    model_type = json.load(open(cfg)).get("model_type")
    if model_type not in VLM_TYPES:
        raise InputError(
            f"{path} holds a {model_type!r} model, not a VLM scorer (one of {VLM_TYPES})"
        )
    if why := weights_problem(path):
        raise InputError(why)


def check_window(path, result, meta, backbone: str, measure: str, sigmas, length: int) -> None:
    """A window file this run can use, or an InputError naming what differs: the schedule, the window length, the
    similarity `measure` the backbone's window takes (support.window.measure_of), and on the shapes world the
    layout-freeze point."""
    if int(result["steps"]) != len(sigmas) - 1 or (
        "sigmas" in result and not torch.allclose(result["sigmas"].float(), sigmas.cpu())
    ):
        raise InputError(
            f"{path} was calibrated for another schedule ({int(result['steps'])} steps): "
            f"delete it, or pass --window-file or --window A:B"
        )
    if int(result["length"]) != length:
        raise InputError(
            f"{path} was calibrated for windows of {int(result['length'])} steps, this run has "
            f"--window-length {length}: delete it, or pass that --window-length"
        )
    shapes = backbone == "shapes"
    if meta.get("similarity") != measure or (shapes and "freeze_tau" not in result):
        made = meta.get("similarity", "an unrecorded measure") + (
            "" if "freeze_tau" in result or not shapes else " without the layout-freeze point"
        )
        raise InputError(
            f"{path} was calibrated with {made}; a {backbone} run's window comes from the {measure}"
            f"{' and the layout-freeze point' if shapes else ''}: delete it to recalibrate, or pass "
            f"--window A:B"
        )
