r"""bench/geneval2.py: a real backbone (FLUX.2-dev or Qwen-Image, the base or a LoRA checkpoint of cast_train) on
GenEval 2 as the paper reports it (Sec. 5.2, App. G), judged by a local Qwen3-VL folder.

Every prompt of the GenEval 2 file (its own atoms: cast_csg.read_graphs) gets one image per generation seed (noise
seed_of("geneval2", seed, prompt index): every checkpoint sees the same noises); each atom is scored Soft-TIFA style
(cast_reward.VLMScorer, Eq. 4). Per prompt: AM (the paper's Overall) and GM; per seed the mean over prompts, overall
and per skill (the mean over that skill's atoms); over the seeds the mean and the sample std (ddof 1). With
--hard, every number also on the Hard subset's prompts.

    # the Hard-50 (App. G), once, from the base model: 64 images per prompt, keep the 100 most variable, the 50 lowest
    python bench/geneval2.py --backbone flux2 --model-path /models/FLUX.2-dev --scorer-path /models/Qwen3-VL-8B-Instruct \
        --prompts geneval2_data.jsonl --hard-subset --out runs/g2_hard
    # a checkpoint, 4 seeds, full set and Hard-50
    python bench/geneval2.py --backbone flux2 --model-path /models/FLUX.2-dev --checkpoint runs/cast/final \
        --scorer-path /models/Qwen3-VL-8B-Instruct --prompts geneval2_data.jsonl --hard runs/g2_hard/hard_subset.json \
        --out runs/g2_cast

Writes <out>/geneval2.json (or hard_subset.json and its .sha256) and <out>/per_prompt.jsonl.
"""
from __future__ import annotations

import argparse
import json
import os
import sys

import torch
from tqdm import tqdm

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from cast_csg import InputError, read_graphs  # noqa: E402
from cast_reward import load_scorer  # noqa: E402
from support.backbone import sample_ode  # noqa: E402
from support.checkpoint import sha256  # noqa: E402
from support.evaluation import hard_subset, prompt_scores, replicates, seed_of  # noqa: E402
from support.inputs import scorer_problem  # noqa: E402
from support.models import TRAIN_DEFAULTS, load_backbone  # noqa: E402
from support.run import GUIDANCE_KW  # noqa: E402


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    a = ap.add_argument
    a("--backbone", default="flux2", choices=["flux2", "qwenimage"])
    a("--model-path", required=True, help="local diffusers folder, or 'random' (the architecture, random weights)")
    a("--checkpoint", help="a cast_train LoRA folder (final/ or checkpoints/step_N/): pytorch_lora_weights.safetensors")
    a("--lora-alpha", type=int, help="the checkpoint's LoRA alpha (default the backbone's training default)")
    a("--scorer-path", required=True, help="a local Qwen3-VL folder (or module:function)")
    a("--prompts", required=True, help="GenEval 2's geneval2_data.jsonl (or any file cast_csg.read_graphs reads)")
    a("--seeds", nargs="+", type=int, default=[0, 1, 2, 3], help="generation seeds (the paper: 4)")
    a("--steps", type=int, help="sampling steps (default: the backbone's eval steps)")
    a("--guidance", type=float, help="default: the backbone's")
    a("--option", action="append", default=[], metavar="KEY=JSON", help="backbone argument, e.g. height=512")
    a("--hard-subset", action="store_true", help="select App. G's Hard subset from this (base) model instead")
    a("--images-per-prompt", type=int, default=64)
    a("--variance-top", type=int, default=100)
    a("--keep", type=int, default=50)
    a("--hard", help="a hard_subset.json (beside its .sha256): also report on its prompts")
    a("--batch", type=int, default=8)
    a("--threads", type=int, default=0)
    a("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    a("--out", required=True)
    args = ap.parse_args(argv)
    bad = [] if os.path.isfile(args.prompts) else [f"--prompts {args.prompts}: no such file"]
    bad += [why] if (why := scorer_problem(args.scorer_path)) else []
    if args.model_path != "random" and not os.path.isdir(args.model_path):
        bad.append(f"--model-path {args.model_path}: no such folder")
    if args.checkpoint and not os.path.isfile(os.path.join(args.checkpoint, "pytorch_lora_weights.safetensors")):
        bad.append(f"--checkpoint {args.checkpoint}: no pytorch_lora_weights.safetensors there")
    if args.hard and not os.path.isfile(args.hard):
        bad.append(f"--hard {args.hard}: no such file")
    if args.hard_subset and (args.images_per_prompt < 2 or not 1 <= args.keep <= args.variance_top):
        bad.append("--hard-subset needs --images-per-prompt >= 2 and 1 <= --keep <= --variance-top")
    if bad:
        ap.error("\n".join(bad))
    defaults = TRAIN_DEFAULTS[args.backbone]
    args.steps = args.steps or defaults["eval_steps"]
    args.guidance = defaults["guidance"] if args.guidance is None else args.guidance
    args.lora_alpha = args.lora_alpha or defaults["lora_alpha"]
    return args


def load_model(args):
    """The backbone, with the checkpoint's LoRA on it (rank read from the weights, alpha from --lora-alpha)."""
    kwargs = {k: json.loads(v) for k, v in (o.split("=", 1) for o in args.option)}
    kwargs[GUIDANCE_KW[args.backbone]] = args.guidance
    bb = load_backbone(args.backbone, args.model_path, device=torch.device(args.device), **kwargs)
    if args.checkpoint:
        from peft import LoraConfig, set_peft_model_state_dict
        from safetensors.torch import load_file
        sd = {k.removeprefix("transformer."): v
              for k, v in load_file(os.path.join(args.checkpoint, "pytorch_lora_weights.safetensors")).items()}
        rank = next(v.shape[0] for k, v in sd.items() if "lora_A" in k)
        bb.transformer.add_adapter(LoraConfig(r=rank, lora_alpha=args.lora_alpha, target_modules=bb.lora_targets))
        set_peft_model_state_dict(bb.transformer, sd)
    return bb


@torch.no_grad()
def generate_and_score(bb, scorer, graphs, seeds, steps, batch) -> torch.Tensor:
    """Atom scores [N, K] of one image of graphs[i] from noise seeded by seeds[i]."""
    K = max(len(g.atoms) for g in graphs)
    out = torch.zeros(len(graphs), K)
    for lo in tqdm(range(0, len(graphs), batch), desc="generate and score", unit="batch", leave=False):
        gs = graphs[lo:lo + batch]
        x = torch.cat([bb.noise(1, torch.Generator().manual_seed(s)) for s in seeds[lo:lo + batch]]).to(bb.device)
        images = bb.decode(sample_ode(bb, bb.encode([g.prompt for g in gs]), x, steps)).float().cpu()
        scores = scorer(images, gs).float().cpu()
        out[lo:lo + len(gs), :scores.shape[1]] = scores
    return out


def select_hard(args, bb, scorer, graphs) -> dict:
    """App. G: M images per prompt, each prompt's per-image Overall, then support.evaluation.hard_subset."""
    M = args.images_per_prompt
    overall = torch.stack([prompt_scores(generate_and_score(bb, scorer, [g] * M, [seed_of("hard", k, i)
                                                                                  for k in range(M)], args.steps,
                                                            args.batch), [g] * M)["am"]
                           for i, g in enumerate(tqdm(graphs, desc="Hard subset", unit="prompt"))])
    keep = hard_subset(overall, min(args.variance_top, len(graphs)), min(args.keep, len(graphs)))
    result = {"prompts": [graphs[i].prompt for i in keep], "indices": keep, "source": os.path.abspath(args.prompts),
              "images_per_prompt": M, "base_mean": [float(overall[i].mean()) for i in keep]}
    path = os.path.join(args.out, "hard_subset.json")
    with open(path, "w") as f:
        json.dump(result, f, indent=1)
    with open(path + ".sha256", "w") as f:
        f.write(f"{sha256(path)}  hard_subset.json\n")
    print(f"Hard subset: {len(keep)} of {len(graphs)} prompts -> {path} (sha256 {sha256(path)[:12]})")
    return result


def read_hard(path, graphs) -> list[int]:
    """The Hard subset's prompt indices in `graphs`, after checking the file against its sha256 and the prompts."""
    if not os.path.isfile(path + ".sha256") or open(path + ".sha256").read().split()[0] != sha256(path):
        raise InputError(f"--hard {path}: its sha256 does not match {path}.sha256 (altered, or not made by "
                         "--hard-subset)")
    index = {g.prompt: i for i, g in enumerate(graphs)}
    prompts = json.load(open(path))["prompts"]
    if missing := [p for p in prompts if p not in index]:
        raise InputError(f"--hard {path}: {len(missing)} of its prompts are not in --prompts, e.g. {missing[0]!r}")
    return [index[p] for p in prompts]


def report(per_seed: list[torch.Tensor], graphs, rows: list[int]) -> dict:
    """Over the seeds (ddof 1): AM and GM (per prompt, then the mean over `rows`), and per skill the mean over its
    atoms."""
    out, skills = {"prompts": len(rows)}, sorted({a.kind for i in rows for a in graphs[i].atoms})
    sub = [graphs[i] for i in rows]
    ps = [prompt_scores(s[rows], sub) for s in per_seed]
    out["am"], out["gm"] = (replicates([float(p[m].mean()) for p in ps]) for m in ("am", "gm"))
    out["per_skill"] = {}
    for skill in skills:
        cells = [(j, k) for j, g in enumerate(sub) for k, a in enumerate(g.atoms) if a.kind == skill]
        out["per_skill"][skill] = replicates([sum(float(s[rows][j, k]) for j, k in cells) / len(cells)
                                              for s in per_seed])
    return out


def main(argv=None) -> dict:
    args = parse_args(argv)
    if args.threads:
        torch.set_num_threads(args.threads)
    os.makedirs(args.out, exist_ok=True)
    try:
        graphs = read_graphs(args.prompts)
        hard = read_hard(args.hard, graphs) if args.hard else None
    except InputError as e:
        sys.exit(f"error: {e}")
    torch.manual_seed(0)              # --model-path random: the same weights as cast_train's (its --seed 0) run
    bb, scorer = load_model(args), load_scorer(args.scorer_path, args.device)
    if args.hard_subset:
        return select_hard(args, bb, scorer, graphs)
    per_seed = [generate_and_score(bb, scorer, graphs, [seed_of("geneval2", s, i) for i in range(len(graphs))],
                                   args.steps, args.batch) for s in args.seeds]
    with open(os.path.join(args.out, "per_prompt.jsonl"), "w") as f:
        for s, scores in zip(args.seeds, per_seed):
            ps = prompt_scores(scores, graphs)
            for i, g in enumerate(graphs):
                f.write(json.dumps({"prompt": g.prompt, "seed": s, "am": float(ps["am"][i]), "gm": float(ps["gm"][i]),
                                    "scores": scores[i, :len(g.atoms)].tolist()}) + "\n")
    result = {"backbone": args.backbone, "model_path": args.model_path, "checkpoint": args.checkpoint,
              "scorer": args.scorer_path, "seeds": args.seeds, "steps": args.steps,
              "full": report(per_seed, graphs, list(range(len(graphs))))}
    if hard is not None:
        result["hard"] = report(per_seed, graphs, hard)
    with open(os.path.join(args.out, "geneval2.json"), "w") as f:
        json.dump(result, f, indent=1)
    print("| set | metric | mean ± std (ddof 1) | per seed |\n|---|---|---|---|")
    for split in ("full", "hard"):
        if split in result:
            r = result[split]
            for name, v in [("AM (Overall)", r["am"]), ("GM", r["gm"]), *r["per_skill"].items()]:
                print(f"| {split} ({r['prompts']}) | {name} | {100 * v['mean']:.2f} ± {100 * v['std']:.2f} | "
                      + ", ".join(f"{100 * x:.2f}" for x in v["per_seed"]) + " |")
    print(f"-> {os.path.join(args.out, 'geneval2.json')}")
    return result


if __name__ == "__main__":
    main()
