r"""tools/geneval2.py: a real backbone (FLUX.2-dev or Qwen-Image; the base model or a cast_train checkpoint) on
GenEval 2 as the paper reports it (Table 1; Sec. 5, App. G), judged by a local Qwen3-VL folder.

Each prompt gets one image per generation seed, from the noise seed_of("geneval2", seed, prompt index) (every model
judged on the same noises), each atom scored on its own (Soft-TIFA, Eq. 4). Per prompt AM (the paper's Overall) and
GM; per seed the mean over prompts and per skill over its atoms; over seeds the mean and std (ddof 1). --hard: the
same on the Hard subset's prompts, from the same images.

    M="--backbone flux2 --model-path /models/FLUX.2-dev --scorer-path /models/Qwen3-VL-8B-Instruct"
    # App. G's Hard-50, once, by the base model: 64 images per prompt, the 100 most variable, the 50 lowest of those
    python tools/geneval2.py $M --prompts geneval2_data.jsonl --hard-subset --out runs/g2/hard
    # the base model and a checkpoint: 4 seeds, 50 steps, the full file and the Hard-50
    python tools/geneval2.py $M --prompts geneval2_data.jsonl --hard runs/g2/hard/hard_subset.json --out runs/g2/base
    python tools/geneval2.py $M ... --checkpoint runs/cast/final --hard runs/g2/hard/hard_subset.json --out runs/g2/cast
    # a dry run of the real architecture with random weights (images are noise, numbers meaningless)
    python tools/geneval2.py --model-path random --option height=256 --option width=256 --scorer-path random ...

Writes <out>/geneval2.json and <out>/per_prompt.jsonl; with --hard-subset instead <out>/hard_subset.json, its
.sha256 (--hard refuses a file that does not match it) and <out>/hard_scores.safetensors. A checkpoint is applied
as cast_train trained it (LoRA with the run's rank and alpha, or all weights), by its EMA weights where it kept one.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

import torch
from PIL import Image
from safetensors import safe_open
from safetensors.torch import load_file, save_file
from tqdm import tqdm

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from cast_csg import InputError  # noqa: E402
from cast_reward import load_scorer  # noqa: E402
from support.backbone import sample_ode, seed_of  # noqa: E402
from support.checkpoint import STATE, checkpoints, damage, sha256  # noqa: E402
from support.config import PRESETS  # noqa: E402
from support.evaluation import hard_subset, prompt_scores, replicates  # noqa: E402
from support.inputs import scorer_problem  # noqa: E402
from support.models import BACKBONES, check_model_folder, load_backbone  # noqa: E402
from support.prompt_files import read_graphs  # noqa: E402
from support.run import GUIDANCE_KW  # noqa: E402

LORA, FULL, TRAINER = (
    "pytorch_lora_weights.safetensors",
    "model.safetensors",
    "trainer_state.safetensors",
)


def parse_args(argv=None):
    """The flags, every input checked before a model loads (argparse's error, exit code 2, naming each problem)."""
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    a = ap.add_argument
    a("--backbone", default="flux2", choices=["flux2", "qwenimage"])
    a(
        "--model-path",
        required=True,
        help="local diffusers folder, or 'random' (the architecture, random weights)",
    )
    a(
        "--checkpoint",
        help="a cast_train run's final/ or checkpoints/step_N/ folder (LoRA or all weights)",
    )
    a(
        "--lora-alpha",
        type=int,
        help="LoRA alpha, for a LoRA file without it in its metadata and no run beside it",
    )
    a(
        "--scorer-path",
        required=True,
        help="a local Qwen3-VL folder, module:function, or 'random' (a dry run)",
    )
    a(
        "--prompts",
        required=True,
        help="GenEval 2's geneval2_data.jsonl (any file support.prompt_files.read_graphs reads)",
    )
    a("--seeds", nargs="+", type=int, default=[0, 1, 2, 3], help="generation seeds (the paper's 4)")
    a(
        "--steps",
        type=int,
        help="ODE steps (default: the backbone's eval_steps, support/config.py's PRESETS)",
    )
    a("--guidance", type=float, help="guidance / true-CFG scale (default: the backbone's)")
    a(
        "--option",
        action="append",
        default=[],
        metavar="KEY=JSON",
        help="backbone argument, e.g. height=512",
    )
    a(
        "--hard-subset",
        action="store_true",
        help="select App. G's Hard subset by this base model, no evaluation",
    )
    a("--images-per-prompt", type=int, default=64, help="--hard-subset: images per prompt")
    a(
        "--variance-top",
        type=int,
        default=100,
        help="--hard-subset: prompts of highest within-prompt variance",
    )
    a("--keep", type=int, default=50, help="--hard-subset: of those, the lowest mean")
    a(
        "--hard",
        help="a hard_subset.json (beside its hard_subset.sha256): also report on its prompts",
    )
    a("--batch", type=int, default=4, help="images per forward")
    a("--save-images", action="store_true", help="also write every image as <out>/images/.../*.png")
    a("--threads", type=int, default=0, help="torch threads (0: torch's default)")
    a("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    a("--out", default="runs/geneval2")
    args = ap.parse_args(argv)
    bad = [] if os.path.isfile(args.prompts) else [f"--prompts {args.prompts}: no such file"]
    bad += [why] if (why := scorer_problem(args.scorer_path)) else []
    if args.model_path != "random" and not os.path.isdir(args.model_path):
        bad.append(
            f"--model-path {args.model_path}: no such folder (a local diffusers folder, or 'random')"
        )
    elif args.model_path != "random":
        try:
            check_model_folder(args.model_path, BACKBONES[args.backbone])
        except (FileNotFoundError, ValueError) as e:
            bad.append(f"--model-path: {e}")
    try:
        args.kwargs = {k: json.loads(v) for k, v in (o.split("=", 1) for o in args.option)}
    except ValueError:
        bad.append(f"--option takes KEY=JSON (height=512), not {' '.join(args.option)}")
    args.settings = None
    if args.checkpoint:
        bad += checkpoint_problems(args)
    if args.hard and args.hard_subset:
        bad.append("--hard evaluates on a Hard subset, --hard-subset selects one: pass one of them")
    if args.hard_subset and args.checkpoint:
        bad.append(
            "--hard-subset: the Hard subset is chosen by the base model (App. G); drop --checkpoint"
        )
    if args.hard and not os.path.isfile(args.hard):
        bad.append(f"--hard {args.hard}: no such file")
    if (
        len(set(args.seeds)) < len(args.seeds)
        or (args.steps is not None and args.steps < 1)
        or args.batch < 1
    ):
        bad.append("--seeds must differ from each other; --steps and --batch must be at least 1")
    if args.hard_subset and (args.images_per_prompt < 2 or not 1 <= args.keep <= args.variance_top):
        bad.append("--hard-subset needs --images-per-prompt >= 2 and 1 <= --keep <= --variance-top")
    if bad:
        ap.error("\n".join(bad))
    try:
        args.graphs = read_graphs(args.prompts)
        args.hard_rows = read_hard(args.hard, args.graphs) if args.hard else None
    except (InputError, ValueError) as e:
        ap.error(f"{e}")
    if args.hard_subset and args.variance_top > len(args.graphs):
        ap.error(
            f"--variance-top {args.variance_top} is more than the {len(args.graphs)} prompts of {args.prompts}"
        )
    defaults = PRESETS[args.backbone].as_dict()
    args.steps = args.steps or defaults["eval_steps"]
    args.guidance = defaults["guidance"] if args.guidance is None else args.guidance
    return args


def checkpoint_problems(args) -> list[str]:
    """What stops --checkpoint from being applied; sets args.settings (its run's flags, from the folder's
    trainer_state.json or its run's newest checkpoint's) and args.lora_alpha on the way."""
    folder = args.checkpoint
    if not any(os.path.isfile(os.path.join(folder, f)) for f in (LORA, FULL)):
        return [
            f"--checkpoint {folder}: no {LORA} or {FULL} there (a cast_train final/ or checkpoints/step_N/)"
        ]
    if os.path.isfile(os.path.join(folder, STATE)) and (why := damage(folder)):
        return [f"--checkpoint {folder} is damaged: {why}"]
    for ckpt in [folder, *checkpoints(os.path.dirname(os.path.abspath(folder)))]:
        if os.path.isfile(os.path.join(ckpt, STATE)):
            with open(os.path.join(ckpt, STATE)) as f:
                args.settings = json.load(f)["args"]
            break
    if args.settings and args.settings["backbone"] != args.backbone:
        return [
            f"--checkpoint {folder} was trained on {args.settings['backbone']}, not --backbone {args.backbone}"
        ]
    if os.path.isfile(os.path.join(folder, LORA)) and args.lora_alpha is None:
        args.lora_alpha = saved_lora_alpha(os.path.join(folder, LORA))
        if args.lora_alpha is None and not args.settings:
            return [
                f"--checkpoint {folder}: neither {LORA}'s metadata nor a {STATE} beside it gives the run's LoRA "
                "alpha: pass --lora-alpha"
            ]
        if args.lora_alpha is None:
            args.lora_alpha = args.settings["lora_alpha"]
    return []


def saved_lora_alpha(path):
    """The alpha cast_train wrote into the LoRA file's metadata (diffusers' lora_adapter_metadata), else None."""
    with safe_open(path, "pt") as f:
        raw = (f.metadata() or {}).get("lora_adapter_metadata")
    return json.loads(raw).get("transformer.lora_alpha") if raw else None


def read_hard(path, graphs) -> list[int]:
    """The Hard subset's rows of `graphs`, after checking the file against its sha256 and against --prompts."""
    digest = os.path.splitext(path)[0] + ".sha256"
    if not os.path.isfile(digest):
        raise InputError(f"--hard {path}: no {digest} beside it (--hard-subset writes both)")
    if open(digest).read().split()[:1] != [sha256(path)]:
        raise InputError(
            f"--hard {path}: its sha256 does not match {digest}: the file was changed since "
            "--hard-subset wrote it"
        )
    subset = json.load(open(path))
    if not isinstance(subset, dict) or not {"prompts", "indices"} <= set(subset):
        raise InputError(f"--hard {path}: not a hard_subset.json (it needs prompts and indices)")
    first = {}
    for i, g in enumerate(graphs):
        first.setdefault(g.prompt, i)
    if missing := [p for p in subset["prompts"] if p not in first]:
        raise InputError(
            f"--hard {path}: {len(missing)} of its {len(subset['prompts'])} prompts are not in --prompts, "
            f"e.g. {missing[0]!r} (it was chosen from {subset.get('source')})"
        )
    # the stored index where it still names the prompt (GenEval 2 may repeat a prompt), else the prompt's first row
    return [
        i if 0 <= i < len(graphs) and graphs[i].prompt == p else first[p]
        for i, p in zip(subset["indices"], subset["prompts"])
    ]


def load_model(args):
    """The backbone in cast_train's dtype (bf16 on a GPU), with the checkpoint's weights on it."""
    kwargs = dict(args.kwargs, **{GUIDANCE_KW[args.backbone]: args.guidance})
    device = torch.device(args.device)
    # --model-path random: the weights cast_train drew (it seeds torch with --seed before the backbone loads), so a
    # dry run's checkpoint meets the base it trained on, and two dry runs the same base
    torch.manual_seed(args.settings["seed"] if args.settings else 0)
    bb = load_backbone(
        args.backbone,
        args.model_path,
        device=device,
        dtype=torch.bfloat16 if device.type == "cuda" else torch.float32,
        **kwargs,
    )
    args.weights = (
        apply_checkpoint(bb, args.checkpoint, args.lora_alpha) if args.checkpoint else "base"
    )
    return bb


def apply_checkpoint(bb, folder, lora_alpha) -> str:
    """A checkpoint's weights into bb.transformer as support.run.build_policy put them (LoRA in fp32), then its EMA
    where it kept one. Returns "lora" or "full", "+ema" added."""
    net = bb.transformer.requires_grad_(False)
    if os.path.isfile(os.path.join(folder, LORA)):
        from diffusers.training_utils import cast_training_params
        from peft import LoraConfig, set_peft_model_state_dict

        sd = {
            k.removeprefix("transformer."): v
            for k, v in load_file(os.path.join(folder, LORA)).items()
        }
        rank = next(v.shape[0] for k, v in sd.items() if "lora_A" in k)
        net.add_adapter(LoraConfig(r=rank, lora_alpha=lora_alpha, target_modules=bb.lora_targets))
        cast_training_params(
            net, torch.float32
        )  # the adapters trainable, hence fp32, as in training
        loaded = set_peft_model_state_dict(net, sd)
        lost = [k for k in loaded.missing_keys if "lora_" in k] + list(loaded.unexpected_keys)
        if lost:
            raise InputError(
                f"--checkpoint {folder}: its LoRA does not fit this {bb.name} ({len(lost)} keys, e.g. "
                f"{lost[0]}): another backbone, or other --option sizes"
            )
        kind = "lora"
    else:
        try:
            net.load_state_dict(load_file(os.path.join(folder, FULL)))
        except RuntimeError as e:
            raise InputError(
                f"--checkpoint {folder}: {FULL} does not fit this {bb.name} ({str(e)[:200]})"
            ) from None
        kind = "full"
    trainer, params = os.path.join(folder, TRAINER), dict(net.named_parameters())
    ema = (
        {k.removeprefix("ema."): v for k, v in load_file(trainer).items() if k.startswith("ema.")}
        if os.path.isfile(trainer)
        else {}
    )
    for name, t in ema.items():  # the same names: cast_train's EMA is of net's trained parameters
        params[name].data.copy_(t)
    net.requires_grad_(False)
    return kind + ("+ema" if ema else "")


@torch.no_grad()
def generate(bb, prompts, seeds, steps) -> torch.Tensor:
    """One batch: images [N, 3, H, W] in [0, 1] (float, CPU) of prompts[i] from the noise seeded by seeds[i];
    an image's noise never depends on the batch it is in."""
    x = torch.cat([bb.noise(1, torch.Generator().manual_seed(s)) for s in seeds]).to(bb.device)
    return bb.decode(sample_ode(bb, bb.encode(list(prompts)), x, steps)).float().cpu()


def generate_and_score(
    bb, scorer, graphs, seeds, steps, batch, names=None, desc="images"
) -> torch.Tensor:
    """Atom scores [N, K] of one image of graphs[i] from the noise seeded by seeds[i]; names[i]: where to save it."""
    out = torch.zeros(len(graphs), max(len(g.atoms) for g in graphs))
    with tqdm(total=len(graphs), desc=desc, unit="image") as bar:
        for lo in range(0, len(graphs), batch):
            gs = graphs[lo : lo + batch]
            images = generate(bb, [g.prompt for g in gs], seeds[lo : lo + batch], steps)
            scores = torch.as_tensor(scorer(images, gs)).float().cpu()
            out[lo : lo + len(gs), : scores.shape[1]] = scores
            for img, name in zip(images, (names or [])[lo : lo + batch]):
                save_png(img, name)
            bar.update(len(gs))
    return out


def save_png(img, path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    Image.fromarray(img.clamp(0, 1).mul(255).round().byte().permute(1, 2, 0).numpy()).save(path)


def select_hard(args, bb, scorer) -> dict:
    """App. G: M images of each prompt, each image's Overall (AM), then support.evaluation.hard_subset."""
    graphs, M = args.graphs, args.images_per_prompt
    items = [g for g in graphs for _ in range(M)]
    seeds = [seed_of("hard", k, i) for i in range(len(graphs)) for k in range(M)]
    names = (
        [
            os.path.join(args.out, "images", "hard", f"{i:04d}_{k:03d}.png")
            for i in range(len(graphs))
            for k in range(M)
        ]
        if args.save_images
        else None
    )
    scores = generate_and_score(
        bb, scorer, items, seeds, args.steps, args.batch, names, "Hard subset"
    )
    overall = prompt_scores(scores, items)["am"].view(len(graphs), M)
    save_file(
        {"scores": scores, "overall": overall}, os.path.join(args.out, "hard_scores.safetensors")
    )
    keep = hard_subset(overall, args.variance_top, args.keep)
    result = {
        "prompts": [graphs[i].prompt for i in keep],
        "indices": keep,
        "source": os.path.abspath(args.prompts),
        "source_sha256": sha256(args.prompts),
        "images_per_prompt": M,
        "variance_top": args.variance_top,
        "keep": args.keep,
        "backbone": args.backbone,
        "model_path": args.model_path,
        "steps": args.steps,
        "scorer": args.scorer_path,
    }
    path = os.path.join(args.out, "hard_subset.json")
    with open(path, "w") as f:
        json.dump(result, f, indent=1)
    with open(os.path.join(args.out, "hard_subset.sha256"), "w") as f:  # sha256sum -c reads it
        f.write(f"{sha256(path)}  hard_subset.json\n")
    print(
        f"Hard subset: {len(keep)} of {len(graphs)} prompts ({M} images each) -> {path}\nsha256 {sha256(path)}"
    )
    return result


def report(per_seed: list[torch.Tensor], graphs, rows: list[int]) -> dict:
    """Over the seeds (replicates: per seed, mean, std ddof 1), on the prompts `rows`: AM and GM (per prompt, then
    the mean over prompts), and per skill the mean over all its atoms."""
    sub = [graphs[i] for i in rows]
    ps = [prompt_scores(s[rows], sub) for s in per_seed]
    out = {m: replicates([float(p[m].mean()) for p in ps]) for m in ("am", "gm")}
    out["per_skill"] = {}
    for skill in sorted({a.kind for g in sub for a in g.atoms}):
        j, k = torch.tensor(
            [(j, k) for j, g in enumerate(sub) for k, a in enumerate(g.atoms) if a.kind == skill]
        ).T
        out["per_skill"][skill] = replicates(
            [float(s[rows][j, k].double().clamp(0, 1).mean()) for s in per_seed]
        )
    return dict(out, prompts=len(rows))


def table(name, r, seeds) -> str:
    """Markdown, in percent as GenEval 2 reports: Overall AM, GM, each skill; mean ± std over seeds, per seed."""
    lines = [
        f"GenEval 2, {name} ({r['prompts']} prompts)",
        "| metric | mean ± std | " + " | ".join(f"seed {s}" for s in seeds) + " |",
        "|---|---|" + "---|" * len(seeds),
    ]
    for metric, v in [("Overall (AM)", r["am"]), ("GM", r["gm"]), *r["per_skill"].items()]:
        lines.append(
            f"| {metric} | {100 * v['mean']:.1f} ± {100 * v['std']:.1f} | "
            + " | ".join(f"{100 * x:.1f}" for x in v["per_seed"])
            + " |"
        )
    return "\n".join(lines)


def main(argv=None) -> dict:
    args = parse_args(argv)
    if args.threads:
        torch.set_num_threads(args.threads)
    os.makedirs(args.out, exist_ok=True)
    try:
        bb = load_model(args)
    except InputError as e:
        sys.exit(f"error: {e}")
    scorer, graphs = load_scorer(args.scorer_path, args.device), args.graphs
    if args.hard_subset:
        return select_hard(args, bb, scorer)
    names = lambda s: (
        [
            os.path.join(args.out, "images", f"seed_{s}", f"{i:04d}.png")  # noqa: E731
            for i in range(len(graphs))
        ]
        if args.save_images
        else None
    )
    per_seed = [
        generate_and_score(
            bb,
            scorer,
            graphs,
            [seed_of("geneval2", s, i) for i in range(len(graphs))],
            args.steps,
            args.batch,
            names(s),
            f"seed {s}",
        )
        for s in args.seeds
    ]
    with open(os.path.join(args.out, "per_prompt.jsonl"), "w") as f:
        for s, scores in zip(args.seeds, per_seed):
            ps = prompt_scores(scores, graphs)
            for i, g in enumerate(graphs):
                f.write(
                    json.dumps(
                        {
                            "prompt": g.prompt,
                            "index": i,
                            "seed": s,
                            "am": float(ps["am"][i]),
                            "gm": float(ps["gm"][i]),
                            "scores": scores[i, : len(g.atoms)].tolist(),
                            "skills": [a.kind for a in g.atoms],
                        }
                    )
                    + "\n"
                )
    result = {
        "backbone": args.backbone,
        "model_path": args.model_path,
        "checkpoint": args.checkpoint,
        "weights": args.weights,
        "scorer": args.scorer_path,
        "prompts_file": os.path.abspath(args.prompts),
        "seeds": args.seeds,
        "steps": args.steps,
        "guidance": args.guidance,
        "options": args.kwargs,
        "full": report(per_seed, graphs, list(range(len(graphs)))),
    }
    if args.hard_rows is not None:
        result["hard"] = dict(
            report(per_seed, graphs, args.hard_rows), file=os.path.abspath(args.hard)
        )
    with open(os.path.join(args.out, "geneval2.json"), "w") as f:
        json.dump(result, f, indent=1)  # one seed: std is NaN (written as NaN)
    for name in ("full", "hard"):
        if name in result:
            print(table(name, result[name], args.seeds) + "\n")
    print(
        f"-> {os.path.join(args.out, 'geneval2.json')}, {os.path.join(args.out, 'per_prompt.jsonl')}"
    )
    return result


if __name__ == "__main__":
    main()
