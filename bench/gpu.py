r"""bench/gpu.py: the paper's cost comparison on one GPU before downloading any weights: CAST against Flow-GRPO (G2) in
the same window, the VLM's grounding pass included, at the real sizes with random weights.

Each backbone x resolution x group size x --method runs cast_train's own loop (`cast_train.main`, one process) for a
few iterations on the real architecture with random weights (support/real/random_models.py) and `--scorer-path random`:
uniform atom scores and, for CAST, a random-weight Qwen3-VL-8B grounding every atom on the finished sample
(cast_advantage.ground, --ground-on sample). The methods, by the paper's names:
    cast          CAST: the window of L = 2 steps (a dry run's fixed [a, a + 2), or --window A:B), the maps
    flow_grpo_g2  the paper's baseline: the same window, the mean atom score as one advantage per image, no maps
    flow_grpo     Flow-GRPO as published: G2's reward in its own full window (an extra row)
It reports per stage the seconds of the iterations after the first (warm-up), model FLOPs and MFU, the peak memory
and whether it fit, and each row's iteration over G2's (the paper: CAST / G2 = 1.014 on FLUX.2-dev); it writes
<out>.json and <out>.md.

    python bench/gpu.py --backbone flux2 --res 512 --group-size 4              # cast, flow_grpo_g2, flow_grpo
    python bench/gpu.py --backbone flux2 qwenimage --method cast flow_grpo_g2 --res 512 1024 --group-size 4 16
    python bench/gpu.py --backbone qwenimage --transformer-config my/transformer/config.json    # size a variant
    python bench/gpu.py --tiny --res 32 --group-size 2 --steps 4           # CPU, tiny configs (tests/test_gpu_path.py)

Not measured here: the VLM's Soft-TIFA scoring (uniform numbers; a real CAST shares the vision pass with it, so
t_ground is an upper bound), the scoring VLM's memory under G2, and the text encoder (a prompt cache replaces it).
GPU work queued at a stage boundary is billed to the next stage: the splits are approximate, the iteration exact.

Model FLOPs, counted from the models built on the meta device:
  F(S)     = Σ_blocks (2·P_b·S + 4·S²·d)      one image through the transformer once, S tokens (image + text):
             P_b  the Linear weights a token meets in block b (less the other stream's and the per-sample
                  modulation img_mod / txt_mod); 4·S²·d: Q·Kᵀ and A·V, d = heads × head dim
             FLUX.2-dev 512 px: P = 27.48 B, S = 1024 + 512 → 84.4 + 3.25 = 87.7 TFLOP; Qwen-Image 512 px: P = 6.79 B,
             S = 1024 + 40 → 15.3 TFLOP
  rollout  = G · T · c · F(S)                 T denoising steps, c transformer passes per step (true CFG: 2)
  ground   = G · (V(n) + A(n/4 + t))          V the vision tower on n patches (Σ_blocks 2·P·n + 4·n²·d_v, the
                                              mergers on n/4 tokens), A decoder layer 0's attention over S' visual
                                              and t text tokens: 2·P·S' + 4·S'²·d (layer_attention stops there)
  train    = G · W · c · 2·F(S)               W window steps; forward + backward for the input gradients (LoRA's
                                              weight gradients, checkpointing's recompute, VAE, scorer not counted)
  MFU      = FLOPs / seconds / peak           peak: PEAK_BF16 by device name, else --peak-tflops, else measured
"""

from __future__ import annotations

import argparse
import datetime
import gc
import json
import os
import platform
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

import torch
import torch.nn as nn
from PIL import Image
from safetensors import safe_open

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
import cast_train  # noqa: E402
from cast_csg import EVERYDAY, sample_graph, write_atoms  # noqa: E402
from support.config import PRESETS  # noqa: E402
from support.models import load_backbone  # noqa: E402
from support.real.random_models import random_vlm  # noqa: E402
from support.run import GUIDANCE_KW  # noqa: E402
from support.vlm import IMAGE_PAD  # noqa: E402

METHODS = ("cast", "flow_grpo_g2", "flow_grpo")
BASELINE = "flow_grpo_g2"  # the paper's: every row's iteration is divided by its
MEASURED_STEPS = {
    "flux2": 8,
    "qwenimage": 10,
}  # the rollout steps docs/RESULTS.md's GPU tables were measured at
TRAIN_PROMPTS = 16  # the generator's prompts a run draws from (one per iteration)
GiB = 2**30
# Dense bf16 tensor-core peaks from the vendors' datasheets (FLOP/s, without sparsity); first match of the name wins.
PEAK_BF16 = [
    ("H200", 989e12),
    ("H100 PCIe", 756e12),
    ("H100", 989e12),
    ("A100", 312e12),
    ("L40S", 362e12),
]
# The tiny architectures of the CPU tests: the same classes, a few thousand weights, a VAE that downsamples 2x / 4x,
# and a Qwen3-VL of 0.2M parameters (random_vlm's keys) whose 16-px patches see a 32-64 px image.
TINY_VLM = dict(
    dtype="float32",
    model=dict(
        text_config=dict(
            vocab_size=512,
            hidden_size=32,
            intermediate_size=64,
            num_hidden_layers=2,
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=8,
            rope_parameters=dict(
                rope_type="default", rope_theta=5e6, mrope_section=[2, 1, 1], mrope_interleaved=True
            ),
        ),
        vision_config=dict(
            depth=2,
            hidden_size=32,
            intermediate_size=64,
            num_heads=4,
            patch_size=16,
            spatial_merge_size=2,
            temporal_patch_size=2,
            out_hidden_size=32,
            num_position_embeddings=64,
            deepstack_visual_indexes=[0, 1],
        ),
    ),
    images=dict(
        size={"shortest_edge": 32 * 32, "longest_edge": 64 * 64},
        patch_size=16,
        merge_size=2,
        temporal_patch_size=2,
    ),
)
TINY = {
    "flux2": dict(
        config=dict(
            num_layers=2,
            num_single_layers=2,
            attention_head_dim=16,
            num_attention_heads=2,
            joint_attention_dim=48,
            axes_dims_rope=[4, 4, 4, 4],
            in_channels=4,
        ),
        vae_config=dict(
            block_out_channels=[4, 4],
            latent_channels=1,
            down_block_types=["DownEncoderBlock2D"] * 2,
            up_block_types=["UpDecoderBlock2D"] * 2,
            norm_num_groups=1,
            use_quant_conv=False,
            use_post_quant_conv=False,
        ),
        max_sequence_length=32,
        vlm_config=TINY_VLM,
    ),
    "qwenimage": dict(
        config=dict(
            num_layers=2,
            attention_head_dim=16,
            num_attention_heads=3,
            joint_attention_dim=16,
            axes_dims_rope=[8, 4, 4],
            in_channels=16,
            out_channels=4,
        ),
        vae_config=dict(
            base_dim=24,
            z_dim=4,
            dim_mult=[1, 2, 4],
            num_res_blocks=1,
            temperal_downsample=[False, True],
            latents_mean=[0.0] * 4,
            latents_std=[1.0] * 4,
        ),
        text_len=32,
        vlm_config=TINY_VLM,
    ),
}
# Per-sample and other-stream Linears inside a block (see the docstring's P_b).
NOT_PER_TOKEN = re.compile(
    r"(^|\.)(add_[qkv]_proj|to_add_out|ff_context|txt_mlp|txt_mod|img_mod)(\.|$)"
)


def parse_args(argv=None):
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    a = ap.add_argument
    a("--backbone", nargs="+", default=["flux2"], choices=["flux2", "qwenimage"])
    a("--method", nargs="+", default=list(METHODS), choices=METHODS)
    a("--res", nargs="+", type=int, default=[512], help="image side in pixels")
    a(
        "--group-size",
        nargs="+",
        type=int,
        default=[4],
        help="G images per prompt (one prompt per iteration)",
    )
    a(
        "--iterations",
        type=int,
        default=2,
        help="timed: all but the first (with 1, the first, warm-up included)",
    )
    a(
        "--steps",
        type=int,
        help="denoising steps (default 8 / 10, as measured; the paper trains at 50)",
    )
    a(
        "--window",
        help="cast's and flow_grpo_g2's SDE window A:B for every trajectory (default: the dry run's "
        "declared [a, a + L), L = 2, the paper's length; flow_grpo keeps its full window)",
    )
    a(
        "--transformer-config",
        help="a config.json whose keys override the published transformer config",
    )
    a("--tiny", action="store_true", help="tiny configs of the same classes (CPU, the test suite)")
    a(
        "--peak-tflops",
        type=float,
        help="the device's peak for MFU (default: PEAK_BF16 by name, else measured)",
    )
    a(
        "--fit-gib",
        type=float,
        help="'fits' means a peak (reserved) within this many GiB (default: this device's "
        "memory; e.g. 80 to size an H100 80GB run on an H200)",
    )
    a("--threads", type=int, default=0, help="torch threads (cast_train's --threads)")
    a(
        "--out",
        default=os.path.join(ROOT, "bench", "gpu_results"),
        help="writes <out>.json and <out>.md",
    )
    a("--keep-runs", help="keep each run's folder (metrics.jsonl, checkpoint) under this folder")
    args = ap.parse_args(argv)
    args.argv = sys.argv[1:] if argv is None else list(argv)
    return args


# ------------------------------------------------------------------------------------------------ FLOPs


def linear_weights(*modules: nn.Module, skip=None) -> int:
    """The Linear weights one token passes through in these modules (less those whose name `skip` matches)."""
    return sum(
        m.weight.numel()
        for module in modules
        for name, m in module.named_modules()
        if isinstance(m, nn.Linear) and not (skip and skip.search(name))
    )


def flop_model(name: str, res: int, options: dict, guidance: float, prompts: list[str]) -> dict:
    """What the FLOP formulas need, from the backbone and the VLM built on the meta device (no memory, no time)."""
    bb = load_backbone(
        name,
        "random",
        device="meta",
        height=res,
        width=res,
        **{GUIDANCE_KW[name]: guidance},
        **options,
    )
    tr = bb.transformer
    blocks = [block for m in tr.children() if isinstance(m, nn.ModuleList) for block in m]
    cfg = tr.config
    cfg_passes = (
        2 if getattr(bb, "true_cfg_scale", 1.0) > 1 and getattr(bb, "negative_prompt", None) else 1
    )
    vlm = random_vlm(bb.vlm_config, device="meta")
    return dict(
        weights=[linear_weights(b, skip=NOT_PER_TOKEN) for b in blocks],
        passes=cfg_passes,
        width=cfg.num_attention_heads * cfg.attention_head_dim,
        image_tokens=bb.grid[0] * bb.grid[1],
        text_tokens=bb.text_len,
        params=sum(p.numel() for p in tr.parameters()),
        ground=vlm_pass_flops(vlm, res, prompts),
        vlm_params=sum(p.numel() for p in vlm.model.parameters()),
    )


def vlm_pass_flops(vlm, res: int, prompts: list[str]) -> float:
    """One image's grounding pass, V(n) + A(n/4 + t): t the grounding turn's text tokens, mean over `prompts`."""
    grid = vlm.image_processor(images=[Image.new("RGB", (res, res))], return_tensors="pt")[
        "image_grid_thw"
    ][0]
    visual, n = vlm.model.model.visual, int(grid.prod())
    merged = n // visual.config.spatial_merge_size**2
    text = sum(
        len(vlm.tokenizer(vlm.ground_prefix.replace(IMAGE_PAD, "") + p).input_ids) for p in prompts
    )
    S = merged + text / len(prompts)
    attention = vlm.model.model.language_model.layers[0].self_attn
    cfg = vlm.model.config.text_config
    return (
        2 * visual.patch_embed.proj.weight.numel() * n
        + sum(
            2 * linear_weights(b) * n + 4 * n * n * visual.config.hidden_size for b in visual.blocks
        )
        + 2 * linear_weights(visual.merger, *visual.deepstack_merger_list) * merged
        + 2 * linear_weights(attention) * S
        + 4 * S * S * cfg.num_attention_heads * cfg.head_dim
    )


def pass_flops(fm: dict) -> float:
    """F(S): Σ_b 2·P_b·S + 4·S²·d."""
    S = fm["image_tokens"] + fm["text_tokens"]
    return sum(2 * p * S + 4 * S * S * fm["width"] for p in fm["weights"])


def stage_flops(fm: dict, G: int, steps: int, window_steps: int, maps: bool) -> dict:
    """The docstring's per-stage counts; the score stage (VAE, scorer) and the advantages are not counted: None."""
    F = pass_flops(fm)
    return {
        "rollout": G * steps * fm["passes"] * F,
        "score": None,
        "ground": G * fm["ground"] if maps else 0.0,
        "adv": None,
        "train": G * window_steps * fm["passes"] * 2 * F,
    }


# ------------------------------------------------------------------------------------------------ the device


def device_info(peak_tflops: float | None, fit_gib: float | None) -> dict:
    """Name, memory and the MFU peak of the device cast_train will use."""
    if torch.cuda.is_available():
        name = torch.cuda.get_device_name(0)
        total = torch.cuda.get_device_properties(0).total_memory
        peak = next((p for key, p in PEAK_BF16 if key in name), None)
        source = "datasheet dense bf16"
    else:
        name, peak, source = platform.processor() or platform.machine(), None, ""
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    if peak_tflops:
        peak, source = peak_tflops * 1e12, "--peak-tflops"
    elif peak is None:
        peak, source = measured_matmul_rate(), "measured matmul"
    return dict(
        name=name,
        memory_bytes=total,
        peak_flops=peak,
        peak_source=source,
        fit_bytes=fit_gib * GiB if fit_gib else total,
    )


def measured_matmul_rate(n: int = 2048, seconds: float = 0.5) -> float:
    """FLOP/s of an n x n matmul in the dtype cast_train uses on this device (bf16 on CUDA, fp32 on CPU)."""
    cuda = torch.cuda.is_available()
    dev, dtype = ("cuda", torch.bfloat16) if cuda else ("cpu", torch.float32)
    a, b = torch.randn(n, n, device=dev, dtype=dtype), torch.randn(n, n, device=dev, dtype=dtype)
    sync = torch.cuda.synchronize if cuda else (lambda: None)
    a @ b
    sync()
    reps, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        a @ b
        reps += 1
        sync()
    return 2 * n**3 * reps / (time.perf_counter() - t0)  # an n x n x n matmul: n³ multiply-adds


def peak_memory() -> tuple[int, int]:
    """(allocated, reserved) peak bytes on CUDA; on CPU the process's resident peak so far, twice."""
    if torch.cuda.is_available():
        return torch.cuda.max_memory_allocated(), torch.cuda.max_memory_reserved()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # Linux reports kB
    return rss, rss


# ------------------------------------------------------------------------------------------------ one run


def backbone_options(name: str, args) -> dict:
    """load_backbone's architecture keywords for this bench: the tiny configs, or a config.json's overrides."""
    options = dict(TINY[name]) if args.tiny else {}
    if args.transformer_config:
        options["config"] = os.path.abspath(args.transformer_config)
    return options


def bench_graphs() -> tuple[list, object]:
    """The generator's prompts (EVERYDAY, seeded, distinct): TRAIN_PROMPTS to train on, one to evaluate on."""
    rng, graphs = random.Random(0), {}
    while len(graphs) < TRAIN_PROMPTS + 1:
        g = sample_graph(rng, EVERYDAY)
        graphs.setdefault(g.prompt, g)
    *train, held_out = graphs.values()
    return train, held_out


def run(name: str, method: str, res: int, G: int, args, folder: str) -> dict:
    """cast_train.main on random weights; the seconds of its iterations after the first, and the peak memory."""
    steps = args.steps or MEASURED_STEPS[name]
    options = {"height": res, "width": res, **backbone_options(name, args)}
    os.makedirs(folder, exist_ok=True)
    train, held_out = bench_graphs()
    prompts, eval_prompts = (
        os.path.join(folder, "prompts.jsonl"),
        os.path.join(folder, "eval.jsonl"),
    )
    write_atoms(prompts, train)
    write_atoms(eval_prompts, [held_out])
    argv = [
        "--backbone",
        name,
        "--model-path",
        "random",
        "--scorer-path",
        "random",
        "--method",
        method,
        *[f"--option={k}={json.dumps(v)}" for k, v in options.items()],
        "--group-size",
        str(G),
        "--groups-per-rank",
        "1",
        "--steps",
        str(steps),
        "--iterations",
        str(args.iterations),
        "--prompts",
        prompts,
        "--eval-prompts",
        eval_prompts,
        "--eval-samples",
        "1",
        "--eval-steps",
        "2",
        "--overlay-images",
        "0",
        "--threads",
        str(args.threads),
        "--out",
        os.path.join(folder, "run"),
    ]
    argv += ["--window", args.window] if args.window and method != "flow_grpo" else []
    argv += (
        ["--grounding", "vlm", "--ground-on", "sample"] if method == "cast" else []
    )  # the paper's maps
    if torch.cuda.is_available():
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats()
    result = dict(backbone=name, method=method, res=res, group_size=G, steps=steps, argv=argv)
    try:
        cast_train.main(argv)
    except torch.OutOfMemoryError as e:  # does not fit: say so, and go on with the next config
        result.update(ran=False, error=str(e).split("\n")[0])
        return result
    finally:
        gc.collect()  # the 32 B model goes before the next one is built
        if torch.cuda.is_available():
            torch.cuda.empty_cache()
    with open(os.path.join(folder, "run", "metrics.jsonl")) as f:
        rows = [r for r in map(json.loads, f) if "t_rollout" in r]
    timed = rows[1:] or rows
    mean = {
        k: sum(r[k] for r in timed) / len(timed)
        for k in ("t_rollout", "t_score", "t_ground", "t_adv", "t_train")
    }
    seconds = dict(
        rollout=mean["t_rollout"],
        score=mean["t_score"] - mean["t_ground"],
        ground=mean["t_ground"],
        adv=mean["t_adv"],
        train=mean["t_train"],
    )
    with safe_open(
        os.path.join(folder, "run", "rollout.safetensors"), "pt"
    ) as f:  # the window the run used
        settings = json.loads(f.metadata()["settings"])
    allocated, reserved = peak_memory()
    result.update(
        ran=True,
        seconds=seconds,
        iteration=sum(seconds.values()),
        timed_iterations=[r["iteration"] for r in timed],
        window=settings["window"],
        window_steps=settings["window_length"],
        peak_allocated=allocated,
        peak_reserved=reserved,
    )
    return result


def add_flops(result: dict, fm: dict, peak: float) -> None:
    flops = stage_flops(
        fm,
        result["group_size"],
        result["steps"],
        result["window_steps"],
        result["method"] == "cast",
    )
    result["flops"] = flops
    result["mfu"] = {
        s: (f / result["seconds"][s] / peak if f and result["seconds"][s] > 0 else None)
        for s, f in flops.items()
    }
    counted = sum(f for f in flops.values() if f)
    result["mfu"]["iteration"] = counted / result["iteration"] / peak
    result.update(
        params=fm["params"],
        tokens=dict(image=fm["image_tokens"], text=fm["text_tokens"]),
        pass_tflop=pass_flops(fm) / 1e12,
        passes_per_step=fm["passes"],
        vlm_params=fm["vlm_params"],
        ground_tflop_per_image=fm["ground"] / 1e12,
    )


# ------------------------------------------------------------------------------------------------ the report


def si(x: float) -> str:
    """1.23e15 -> '1,230 T'; small counts (tiny models) keep three digits with their own prefix."""
    for prefix, scale in (("T", 1e12), ("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if x >= scale:
            return f"{x / scale:,.0f} {prefix}" if x >= 100 * scale else f"{x / scale:.3g} {prefix}"
    return f"{x:.3g} "


def size(n: int) -> str:
    return f"{n / 1e9:.2f} B" if n >= 1e8 else f"{n:,}"


def table(results: list[dict], device: dict) -> str:
    def cell(r, s):
        f, m = r["flops"][s], r["mfu"][s]
        return f"{r['seconds'][s]:.2f}" + (
            f" ({si(f)}FLOP, {100 * m:.0f}%)" if f and m is not None else ""
        )

    base = {
        (r["backbone"], r["res"], r["group_size"]): r["iteration"]
        for r in results
        if r["ran"] and r["method"] == BASELINE
    }
    head = [
        "backbone (params)",
        "method",
        "window",
        "res",
        "G",
        "rollout s (FLOP, MFU)",
        "score s",
        "ground s (FLOP, MFU)",
        "adv s",
        "train s (FLOP, MFU)",
        "iteration s (MFU)",
        "÷ G2",
        "peak GiB (alloc / reserved)",
        f"fits {device['fit_bytes'] / GiB:.0f} GiB",
    ]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in results:
        who = [f"{r['backbone']} ({size(r['params'])})", r["method"]]
        if not r["ran"]:
            lines.append(
                "| " + " | ".join(who + ["—"] * 11 + [f"**no**: {r['error'][:80]}"]) + " |"
            )
            continue
        g2 = base.get((r["backbone"], r["res"], r["group_size"]))
        ratio = (
            f"**{r['iteration'] / g2:.3f}**"
            if g2 and r["method"] == "cast"
            else f"{r['iteration'] / g2:.3f}"
            if g2
            else ""
        )
        a, b = r["window"]
        lines.append(
            "| "
            + " | ".join(
                who
                + [
                    f"[{a}, {b}), L {r['window_steps']} of {r['steps']}",
                    str(r["res"]),
                    str(r["group_size"]),
                    cell(r, "rollout"),
                    f"{r['seconds']['score']:.2f}",
                    cell(r, "ground"),
                    f"{r['seconds']['adv']:.2f}",
                    cell(r, "train"),
                    f"{r['iteration']:.2f} ({100 * r['mfu']['iteration']:.0f}%)",
                    ratio,
                    f"{r['peak_allocated'] / GiB:.1f} / {r['peak_reserved'] / GiB:.1f}",
                    "yes" if r["fits"] else "**no**",
                ]
            )
            + " |"
        )
    return "\n".join(lines)


def environment(device: dict) -> dict:
    import diffusers
    import peft
    import transformers

    def git(*cmd):
        return subprocess.run(
            ["git", *cmd], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()

    try:
        commit = git("rev-parse", "--short", "HEAD") + (
            " with uncommitted changes" if git("status", "--porcelain") else ""
        )
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    return dict(
        date=datetime.date.today().isoformat(),
        commit=commit,
        torch=torch.__version__,
        diffusers=diffusers.__version__,
        transformers=transformers.__version__,
        peft=peft.__version__,
        cuda=torch.version.cuda,
        device=device,
    )


def main(argv=None) -> dict:
    args = parse_args(argv)
    device = device_info(args.peak_tflops, args.fit_gib)
    configs = [
        (b, m, r, g)
        for b in args.backbone
        for r in args.res
        for g in args.group_size
        for m in args.method
    ]
    root = args.keep_runs or tempfile.mkdtemp(prefix="gpu_bench_")
    results, models = [], {}
    for name, method, res, G in configs:
        print(f"\n=== {name} {method} {res} px G={G}", flush=True)
        result = run(name, method, res, G, args, os.path.join(root, f"{name}_{method}_{res}_G{G}"))
        if (name, res) not in models:
            models[name, res] = flop_model(
                name,
                res,
                backbone_options(name, args),
                PRESETS[name].guidance,
                [g.prompt for g in bench_graphs()[0]],
            )
        fm = models[name, res]
        result["params"] = fm["params"]
        result["fits"] = result["ran"] and result["peak_reserved"] <= device["fit_bytes"]
        if result["ran"]:
            add_flops(result, fm, device["peak_flops"])
        results.append(result)
    if not args.keep_runs:
        shutil.rmtree(root, ignore_errors=True)
    env = environment(device)
    vlm = next((r["vlm_params"] for r in results if r["ran"] and r["method"] == "cast"), None)
    command = "python bench/gpu.py " + " ".join(args.argv)
    report = (
        f"{table(results, device)}\n\nMeasured {env['date']} on {device['name']} "
        f"({(device['memory_bytes'] or 0) / GiB:.0f} GiB; MFU against {si(device['peak_flops'])}FLOP/s, "
        f"{device['peak_source']}) at commit {env['commit']}, torch {env['torch']}, diffusers "
        f"{env['diffusers']}, transformers {env['transformers']}, peft {env['peft']}, by `{command}`: "
        f"cast_train's loop on random weights (support/real/random_models.py), uniform atom scores"
        + (
            f", CAST's maps from a random-weight Qwen3-VL ({size(vlm)}) grounding on the sample"
            if vlm
            else ""
        )
        + "; seconds are "
        + (
            f"the mean of iterations 2..{args.iterations}.\n"
            if args.iterations > 1
            else "those of the only iteration, its warm-up included.\n"
        )
    )
    print("\n" + report)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out + ".md", "w") as f:
        f.write(report)
    with open(args.out + ".json", "w") as f:
        json.dump(dict(environment=env, command=command, results=results), f, indent=1)
    return dict(environment=env, results=results, markdown=report)


if __name__ == "__main__":
    main()
