"""bench/paper_eval.py: the paper's test protocol on the shapes world (App. G), for bench/paper.py.

The prompt splits (train / dev / test, disjoint after normalization), the Hard subset fixed from the base model's
samples before any training, and the verifier's judgement of one model over --replicates generation seeds, the same
seeds for every model so that differences between rows are paired.
"""

from __future__ import annotations

import json
import os
import random
import sys

import torch
from tqdm import tqdm

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from paper_report import KINDS  # noqa: E402

from cast_csg import normalize, write_atoms  # noqa: E402
from support.backbone import sample_ode, seed_of  # noqa: E402
from support.checkpoint import sha256  # noqa: E402
from support.evaluation import hard_subset, prompt_scores, replicates  # noqa: E402
from support.prompt_files import read_graphs  # noqa: E402
from support.shapes import ShapesScorer, load_shapes, quality, sample_shapes_graph  # noqa: E402

# ------------------------------------------------------------------------------------------------ prompts, Hard-50


def splits(args) -> dict:
    """pool/{train,dev,test}.jsonl: shapes prompts from three streams, each disjoint from the others exactly and
    after cast_csg.normalize (the world repeats short prompts). Written once; a rerun must find the same."""
    folder, taken, out = os.path.join(args.runs, "pool"), set(), {}
    for name, n in (("train", args.updates), ("dev", args.dev), ("test", args.test)):
        rng, graphs = random.Random(f"paper/{name}/{args.pool_seed}"), []
        while len(graphs) < n:
            g = sample_shapes_graph(rng)
            if g.prompt not in taken and normalize(g.prompt) not in taken:
                taken |= {g.prompt, normalize(g.prompt)}
                graphs.append(g)
        path = os.path.join(folder, f"{name}.jsonl")
        if os.path.exists(path):
            if [g.prompt for g in read_graphs(path)] != [g.prompt for g in graphs]:
                sys.exit(
                    f"{path} holds other prompts (another --pool-seed or split size): use a fresh --runs"
                )
        else:
            os.makedirs(folder, exist_ok=True)
            write_atoms(path + ".tmp", graphs)
            os.replace(path + ".tmp", path)
        out[name] = (path, graphs)
    return out


def sampling_device() -> str:
    """Where the Hard subset's samples (12,800 at the paper's sizes) and every evaluation are drawn: the GPU when
    there is one (the RL jobs can share it); the shapes model computes there in full fp32 as on the CPU
    (support.shapes.full_fp32), and the verifier judges the images on the CPU."""
    return "cuda" if torch.cuda.is_available() else "cpu"


@torch.no_grad()
def sample(bb, graphs, seeds, steps, batch=64):
    """ODE samples of graphs[i] from noise seeded by seeds[i], as float images [N, 3, S, S] in [0, 1]."""
    images = []
    for lo in range(0, len(graphs), batch):
        chunk = list(range(lo, min(lo + batch, len(graphs))))
        x = torch.cat([bb.noise(1, torch.Generator().manual_seed(seeds[i])) for i in chunk])
        cond = bb.encode([graphs[i].prompt for i in chunk])
        images.append(bb.decode(sample_ode(bb, cond, x, steps)).float().cpu())
    return torch.cat(images)


def hard(args, bb, test, steps) -> dict:
    """App. G's Hard subset of the test split, made once before training: hard_subset.json and its sha256."""
    path = os.path.join(args.runs, "hard_subset.json")
    if os.path.exists(path):
        with open(path + ".sha256") as f:
            if f.read().split()[0] != sha256(path):
                sys.exit(
                    f"{path} does not match its sha256 file: restore both or use a fresh --runs"
                )
        with open(path) as f:
            return json.load(f)
    M, overall = args.images_per_prompt, []
    for i, g in enumerate(
        tqdm(test, desc="Hard subset: base samples per test prompt", unit="prompt")
    ):
        images = sample(bb, [g] * M, [seed_of("hard", k, i) for k in range(M)], steps)
        overall.append(prompt_scores(ShapesScorer()(images, [g] * M), [g] * M)["am"])
    overall = torch.stack(overall)
    keep = hard_subset(overall, args.variance_top, args.keep)
    result = {
        "indices": keep,
        "prompts": [test[i].prompt for i in keep],
        "images_per_prompt": M,
        "variance_top": args.variance_top,
        "base_mean": [float(overall[i].mean()) for i in keep],
        "base_var": [float(overall[i].var()) for i in keep],
    }
    with open(path + ".tmp", "w") as f:
        json.dump(result, f, indent=1)
    os.replace(path + ".tmp", path)
    with open(path + ".sha256", "w") as f:
        f.write(f"{sha256(path)}  hard_subset.json\n")
    return result


# ------------------------------------------------------------------------------------------------ evaluation


def evaluate(args, weights, test, hard_idx, guidance, steps) -> dict:
    """The verifier's judgement of one model: per replicate r (noise seed_of("paper", r, i) for test prompt i,
    the same for every model: gains are paired) the mean over prompts of AM, GM and strict, on the full test split
    and the Hard subset, and per atom kind the mean over its atoms; the quality measure over all images; and
    "per_prompt": {"am": per replicate, each test prompt's AM (the Hard subset is hard_idx into it)}, for the paired
    differences between rows. Cached beside the weights."""
    cache = weights + ".paper_eval.json"
    key = {
        "prompts": [g.prompt for g in test],
        "hard": hard_idx,
        "replicates": args.replicates,
        "steps": steps,
        "per_prompt": True,
    }
    if os.path.exists(cache):
        with open(cache) as f:
            saved = json.load(f)
        if saved["key"] == key:
            return saved["result"]
    bb = load_shapes(weights, device=sampling_device(), guidance_scale=guidance)
    per = {"full": {}, "hard": {}}
    stray, prompt_am = [], []
    for r in range(args.replicates):
        images = sample(bb, test, [seed_of("paper", r, i) for i in range(len(test))], steps)
        scores = ShapesScorer()(images, test)
        ps = prompt_scores(scores, test)
        prompt_am.append([float(x) for x in ps["am"]])
        for split, idx in (("full", list(range(len(test)))), ("hard", hard_idx)):
            row = {m: float(ps[m][idx].mean()) for m in ("am", "gm", "strict")}
            for kind in KINDS:
                cells = [
                    float(scores[i, k])
                    for i in idx
                    for k, a in enumerate(test[i].atoms)
                    if a.kind == kind
                ]
                if cells:
                    row[kind] = sum(cells) / len(cells)
            for m, v in row.items():
                per[split].setdefault(m, []).append(v)
        stray.append(quality(images)["stray"])
    result = {split: {m: replicates(v) for m, v in d.items()} for split, d in per.items()}
    result["stray"] = replicates(stray)
    result["per_prompt"] = {"am": prompt_am}
    with open(cache + ".tmp", "w") as f:
        json.dump({"key": key, "result": result}, f)
    os.replace(cache + ".tmp", cache)
    return result
