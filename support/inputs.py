"""support/inputs.py: every input of a cast_train run checked before the first forward pass, each problem one line,
so that a bad prompt on line 9,000 does not surface hours into a run. check_train_args: the flags (argparse's error);
check_prompt_files: every prompt line parses and the backbone's text encoder reads all of it; file_problems and
model_problem: the same for the other command lines.
"""

from __future__ import annotations

import functools
import importlib
import json
import math
import os
import random
from collections.abc import Sequence

from PIL import Image

from cast_csg import InputError, SceneGraph, normalize
from support.assets import ASSETS, check_vlm_folder, weights_problem
from support.checkpoint import checkpoints, torchrun_restart
from support.prompt_files import graph_lines

# ---------------------------------------------------------------- prompt files, read once per version


def read_lines(path: str) -> list[tuple[int, str]]:
    """(line number, prompt) of every non-blank line."""
    with open(path, encoding="utf-8") as f:
        return [(n, line.strip()) for n, line in enumerate(f, 1) if line.strip()]


def file_graphs(path: str):
    """((line number, graph) of the lines that give atoms, (line number, line, reason) of the others), by
    support.prompt_files.graph_lines; read once per version of the file."""
    return _read_file(path, os.stat(path).st_mtime_ns)


@functools.lru_cache(maxsize=8)
def _read_file(path: str, _version: int):
    good, bad = graph_lines(path)
    if bad and not read_lines(path)[0][1].startswith("{"):  # prompts: say where atoms come from
        bad = [
            (
                n,
                line,
                f"gives no atoms: {why} (atoms come from `python -m support.pool`, a benchmark file, the "
                f"generator's grammar, or `cast_csg.py read FILE --llm-path`)",
            )
            for n, line, why in bad
        ]
    return tuple(good), tuple(bad)


def prompt_graphs(path: str, skip_bad: bool = False) -> list[SceneGraph]:
    """The scene graphs of a prompt file, without the lines that give none when skip_bad."""
    good, bad = file_graphs(path)
    if bad and not skip_bad:
        raise InputError("\n".join(f"{path} line {n}: {why}" for n, _, why in bad))
    return [g for _, g in good]


def held_out_graphs(args):
    """The held-out graphs: --eval-prompts, or shapes prompts from their own stream (eval/<eval_seed>), as many as
    the base and the final evaluation take (--final-eval-size; the evaluations between take the first --eval-size)."""
    if args.eval_prompts:
        return prompt_graphs(args.eval_prompts, args.skip_bad_prompts)
    from support.shapes import sample_shapes_graph

    rng = random.Random(f"eval/{args.eval_seed}")
    return [sample_shapes_graph(rng) for _ in range(max(args.eval_size, args.final_eval_size))]


# ---------------------------------------------------------------- the checks


def prompt_problems(args, bb=None, warn=None) -> list[str]:
    """Every line of --prompts and --eval-prompts parses (or, with --skip-bad-prompts, is dropped with a `warn`)
    and, given a loaded backbone `bb`, its text encoder reads all of it. One line per problem."""
    problems = []
    for name, path in (("--prompts", args.prompts), ("--eval-prompts", args.eval_prompts)):
        if not path or not os.path.isfile(path):
            continue
        try:
            lines = read_lines(path)
        except (OSError, UnicodeDecodeError) as e:
            problems.append(f"{name} {path}: cannot be read ({e})")
            continue
        if not lines:
            problems.append(f"{name} {path}: the file holds no prompts")
            continue
        good, unparsed = file_graphs(path)
        skipped = {n for n, _, _ in unparsed} if args.skip_bad_prompts else set()
        if skipped and warn:
            warn(
                f"warning: --skip-bad-prompts: dropped {len(skipped)} of {len(lines)} lines of {name} {path} that "
                f"give no atoms: " + "; ".join(f"line {n} {p!r}" for n, p, _ in unparsed)
            )
        if skipped and len(skipped) == len(lines):
            problems.append(
                f"{name} {path}: no line gives atoms, nothing is left to train or evaluate on"
            )
        bad = {n: why for n, _, why in unparsed if n not in skipped}
        for n, g in good if bb is not None else ():
            if why := bb.text_problem(g.prompt):
                bad[n] = f"the {bb.name} text encoder cannot read {g.prompt!r}: {why}"
        problems += [f"{name} {path} line {n}: {why}" for n, why in sorted(bad.items())]
    return problems


def overlap_problem(args) -> str | None:
    """Training prompts that are also eval prompts after support.pool's `normalize`: a run would be judged on prompts
    it trained on, so this is refused unless --allow-overlap (the generator's stream skips them itself)."""
    if args.allow_overlap or not args.prompts or not os.path.isfile(args.prompts):
        return None
    try:
        train = {normalize(g.prompt): (n, g.prompt) for n, g in file_graphs(args.prompts)[0]}
        if args.eval_prompts:
            held, where = file_graphs(args.eval_prompts)[0], f"--eval-prompts {args.eval_prompts}"
        else:
            held, where = (
                list(enumerate(held_out_graphs(args), 1)),
                f"the eval stream (--eval-seed {args.eval_seed})",
            )
    except (OSError, ValueError):  # unreadable: prompt_problems says so
        return None
    both = [(n, g.prompt) for n, g in held if normalize(g.prompt) in train]
    if not both:
        return None
    (n, prompt), (m, same) = both[0], train[normalize(both[0][1])]
    return (
        f"{where}: {len(both)} of its {len(held)} prompts are training prompts after normalization "
        f"(cast_csg.normalize), e.g. {'line' if args.eval_prompts else 'prompt'} {n} {prompt!r} is --prompts "
        f"{args.prompts} line {m} {same!r}: the run would be evaluated on prompts it trained on; hold them out "
        f"(python -m support.pool writes disjoint splits) or pass --allow-overlap"
    )


def check_prompt_files(args, bb, warn=print) -> None:
    """After the backbone loads: its text encoder reads every line. InputError lists every problem, one a line."""
    if problems := prompt_problems(args, bb, warn):
        raise InputError(
            f"{len(problems)} problem(s) with the prompt files, nothing was run:\n"
            + "\n".join(problems)
        )


# ------------------------------------------------------------------------------------------------ the flags

MIN = {
    "group_size": (2, "a group of one has no z-score: every advantage would be 0"),
    "groups_per_rank": (1, ""),
    "eval_samples": (1, ""),
    "eval_size": (1, ""),
    "final_eval_size": (1, ""),
    "iterations": (1, ""),
    "steps": (1, ""),
    "eval_steps": (1, ""),
    "epochs": (1, ""),
    "window_length": (1, ""),
    "window_prompts": (1, ""),
    "eval_every": (1, ""),
    "save_every": (1, ""),
    "lora_rank": (1, ""),
    "lora_alpha": (1, ""),
    "warmup": (0, ""),
    "overlay_images": (0, ""),
    "keep_checkpoints": (0, "0 keeps every checkpoint"),
    "threads": (0, ""),
}
POSITIVE = {
    "lr": "",
    "clip_range": "",
    "noise_level": "at noise 0 every sample of a group is the same image",
}


def flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def window_problem(window: str, steps: int) -> str | None:
    """auto | full | A:B with 0 <= A < B <= steps (the SDE steps [A, B) of a steps-long schedule)."""
    if window == "auto":
        return None
    if window == "full":
        return (
            None
            if steps >= 2
            else "--window full needs --steps >= 2 (its SDE steps are [0, steps - 1))"
        )
    parts = window.split(":")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        return f"--window {window!r}: expected auto, full, or A:B with integers A < B (e.g. 0:3)"
    a, b = map(int, parts)
    if not 0 <= a < b <= steps:
        return f"--window {window}: needs 0 <= A < B <= --steps {steps}"
    return None


def scorer_problem(path: str) -> str | None:
    """'shapes', 'random' (a dry run), module:function (a callable scorer), or a local Qwen-VL folder."""
    if path in ("shapes", "random"):
        return None
    if ":" in path and not os.path.exists(path):
        module, _, name = path.partition(":")
        try:
            ok = callable(getattr(importlib.import_module(module), name, None))
        except ImportError as e:
            return f"--scorer-path {path}: cannot import {module} ({e})"
        return None if ok else f"--scorer-path {path}: {module} has no function {name!r}"
    if not os.path.isdir(path):
        return f"--scorer-path {path}: no such folder (give 'shapes', a local Qwen3-VL folder, or module:function)"
    try:
        check_vlm_folder(path)
    except ValueError as e:
        return f"--scorer-path {e}"
    return None


def model_problem(
    backbone: str, model_path: str | None, base_weights: str | None = None
) -> str | None:
    """The base model: a shapes weights file, a complete local diffusers folder, or 'random'."""
    if model_path == "random":
        return None
    if backbone == "shapes":
        path = model_path or base_weights or os.path.join(ASSETS, "shapes_base.safetensors")
        if not os.path.isfile(path):
            hint = (
                ""
                if model_path
                else ": run `python -m support.build.shapes_pretrain pretrain` first"
            )
            return (
                f"{'--model-path' if model_path else '--base-weights'} {path}: no such file{hint}"
            )
        why = weights_problem(path)
        return why and f"{'--model-path' if model_path else '--base-weights'} {why}"
    from support.models import BACKBONES, check_model_folder

    if not model_path:
        return f"--backbone {backbone} needs --model-path, a local {BACKBONES[backbone].pipeline} folder"
    try:
        check_model_folder(model_path, BACKBONES[backbone])
    except (OSError, ValueError) as e:
        return f"--model-path {e}"
    return None


def file_problems(flag_name: str, path: str, first: int | None = None) -> list[str]:
    """A prompt file is present, not empty, and its first `first` lines (all by default) parse; one line a problem."""
    if not os.path.isfile(path):
        return [f"{flag_name} {path}: no such file"]
    try:
        lines = read_lines(path)[:first]
    except (OSError, UnicodeDecodeError) as e:
        return [f"{flag_name} {path}: cannot be read ({e})"]
    if not lines:
        return [f"{flag_name} {path}: the file holds no prompts"]
    used = {n for n, _ in lines}
    return [
        f"{flag_name} {path} line {n}: {why}" for n, _, why in file_graphs(path)[1] if n in used
    ]


def writable_problem(out: str) -> str | None:
    """--out is a folder this process may write, or can be created in one; nothing is created here."""
    path = os.path.abspath(out)
    while not os.path.exists(path):
        path = os.path.dirname(path)
    if not os.path.isdir(path):
        return f"--out {out}: {path} is a file, not a folder"
    if not os.access(path, os.W_OK | os.X_OK):
        return f"--out {out}: {path} is not writable"
    return None


def flag_problems(args) -> list[str]:
    """The numbers and forms of cast_train's flags (after the defaults are filled in), one line each."""
    problems = [
        f"{flag(k)} {getattr(args, k)}: must be at least {lo}" + (f" ({why})" if why else "")
        for k, (lo, why) in MIN.items()
        if getattr(args, k) is not None and getattr(args, k) < lo
    ]
    problems += [
        f"{flag(k)} {getattr(args, k)}: must be a finite number > 0" + (f" ({why})" if why else "")
        for k, why in POSITIVE.items()
        if not 0 < getattr(args, k) < math.inf
    ]  # NaN fails too
    if args.dist_timeout is not None and not 0 < args.dist_timeout < math.inf:
        problems.append(
            f"--dist-timeout {args.dist_timeout}: must be a finite number of seconds > 0"
        )
    if not args.map_clip > 0:  # NaN fails too; inf is no clip
        problems.append(f"--map-clip {args.map_clip}: must be > 0 (inf: no clip)")
    if not 0 <= args.beta < math.inf:
        problems.append(f"--beta {args.beta}: must be a finite number >= 0")
    if args.budget is not None and not 0 < args.budget < math.inf:
        problems.append(
            f"--budget {args.budget}: must be a finite number of transformer passes > 0"
        )
    if not 0 <= args.ema < 1:
        problems.append(f"--ema {args.ema}: must be in [0, 1) (0: off)")
    if args.guidance is not None and not 0 < args.guidance < math.inf:
        problems.append(f"--guidance {args.guidance}: must be a finite number > 0")
    if args.steps >= 1 and (why := window_problem(args.window, args.steps)):
        problems.append(why)
    if args.window == "auto" and 1 <= args.steps < args.window_length:
        problems.append(
            f"--window-length {args.window_length}: longer than the schedule (--steps {args.steps})"
        )
    for o in args.option:
        key, eq, value = o.partition("=")
        try:
            json.loads(value)
        except json.JSONDecodeError:
            eq = ""
        if not (key and eq):
            problems.append(
                f"--option {o!r}: expected KEY=JSON, e.g. height=512 or negative_prompt='\" \"'"
            )
    return problems


def model_problems(args) -> list[str]:
    """The models, scorers and grounders the flags name, and what they need beside them, one line each."""
    problems = []
    if args.fsdp and "RANK" not in os.environ:
        problems.append(
            "--fsdp shards over processes: launch with torchrun (torchrun --nproc_per_node=8 "
            "cast_train.py --fsdp ...)"
        )
    if args.backbone != "shapes" and not args.scorer_path:
        problems.append(f"--backbone {args.backbone} needs --scorer-path, a local Qwen3-VL folder")
    elif why := scorer_problem(args.scorer_path or "shapes"):
        problems.append(why)
    if args.grounding not in ("vlm", "dit", "oracle") and ":" not in args.grounding:
        problems.append(f"--grounding {args.grounding}: give vlm, dit, oracle or module:function")
    elif args.grounding == "oracle" and args.backbone != "shapes":
        problems.append(
            "--grounding oracle reads the shapes verifier's object masks: the shapes backbone only"
        )
    elif ":" in args.grounding and (why := scorer_problem(args.grounding)):
        problems.append(why.replace("--scorer-path", "--grounding"))
    if args.vlm_path and (why := scorer_problem(args.vlm_path)):
        problems.append(why.replace("--scorer-path", "--vlm-path"))
    # 'random' (a dry run) brings its own random-weight VLM to ground with (cast_reward.load_scorer)
    if args.grounding == "vlm" and not args.vlm_path and args.scorer_path in (None, "shapes"):
        problems.append(
            f"--grounding vlm: the scorer ({args.scorer_path or 'shapes'}) is not a VLM; name one with "
            f"--vlm-path, or use --grounding dit (the denoiser's attention)"
        )
    if args.method == "flow_grpo_orig" and args.backbone != "shapes":
        for name in ("clip_path", "aesthetic_path"):
            if not getattr(args, name) or not os.path.exists(getattr(args, name)):
                problems.append(
                    f"--method flow_grpo_orig on {args.backbone} needs {flag(name)} (the LAION "
                    f"aesthetic predictor on a local CLIP ViT-L/14), got {getattr(args, name)}"
                )
    # a dry run with neither CLIP nor a window file takes the fixed [a, a + L) (cast_train.window_for_run)
    dry_run_window = args.model_path == "random" and not args.clip_path and not args.window_file
    if (
        args.window == "auto"
        and args.backbone != "shapes"
        and not dry_run_window
        and not os.path.exists(args.window_file or os.path.join(args.out, "window.safetensors"))
        and not (args.clip_path and os.path.isdir(args.clip_path))
    ):
        problems.append(
            f"--window auto on {args.backbone} calibrates the window with CLIP: give --clip-path (a local "
            f"CLIP ViT-L/14 folder), --window-file, or --window A:B"
        )
    if why := model_problem(args.backbone, args.model_path, args.base_weights):
        problems.append(why)
    return problems


def check_train_args(ap, args) -> None:
    """cast_train's flags, after the defaults are filled in: every problem in one ap.error before anything loads."""
    problems = flag_problems(args) + model_problems(args)
    for name in ("prompts", "eval_prompts"):
        if (path := getattr(args, name)) and not os.path.isfile(path):
            problems.append(f"{flag(name)} {path}: no such file")
    problems += prompt_problems(
        args
    )  # every line parsed before a 20B backbone loads; its text encoder after
    if why := overlap_problem(args):
        problems.append(why)
    resumes = args.resume or torchrun_restart(
        args.out
    )  # a torchrun restart of this run resumes by itself
    if not resumes and not args.overwrite and (found := checkpoints(args.out)):
        problems.append(
            f"--out {args.out} already has checkpoints ({found[0]}): pass --resume, --overwrite, or "
            f"another --out"
        )
    if why := writable_problem(args.out):
        problems.append(why)
    if problems:
        ap.error("\n".join(problems))


# ---------------------------------------------------------------- image folders (cast_reward's CLI)

IMAGE_EXT = (".png", ".jpg", ".jpeg", ".webp", ".bmp")


def find_images(images_dir: str, graphs: list[SceneGraph], map_path: str | None):
    """Pair image files with graphs -> (files, graphs), one graph per file, all files checked."""
    if not os.path.isdir(images_dir):
        raise InputError(f"image folder {images_dir} does not exist")
    if map_path is None:
        files = [
            os.path.join(images_dir, f)
            for f in sorted(os.listdir(images_dir))
            if f.lower().endswith(IMAGE_EXT)
        ]
        if len(files) != len(graphs):
            raise InputError(
                f"{len(files)} images in {images_dir} but {len(graphs)} scene graphs: "
                "sorted filenames must line up with atoms lines (or pass --map)"
            )
    else:
        mapping = json.load(open(map_path))
        files, paired = [], []
        for g in graphs:  # a prompt mapped to several files (samples) is scored on each
            if g.prompt not in mapping:
                raise InputError(f"prompt {g.prompt!r} is not in {map_path}")
            names = (
                mapping[g.prompt] if isinstance(mapping[g.prompt], list) else [mapping[g.prompt]]
            )
            files += [os.path.join(images_dir, f) for f in names]
            paired += [g] * len(names)
        graphs = paired
    for f in files:
        try:
            Image.open(f).close()  # reads the header only: catches missing and unreadable files
        except (OSError, ValueError) as e:
            raise InputError(f"missing or unreadable image {f}: {e}") from e
    return files, graphs


class ImageFiles(Sequence):
    """Images opened on demand, so a benchmark folder never sits in memory all at once."""

    def __init__(self, files):
        self.files = files

    def __len__(self):
        return len(self.files)

    def __getitem__(self, i):
        with Image.open(self.files[i]) as im:
            return im.convert("RGB")
