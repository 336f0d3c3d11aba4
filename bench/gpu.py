r"""bench/gpu.py: size a CAST or Flow-GRPO run on one GPU before downloading any weights.

For each backbone x method x resolution x group size asked for, this runs cast_train's own loop (`cast_train.main`,
one process) for a few iterations on the real architecture with random weights (support/random_models.py: the published
config, random text embeddings of the real width, the default-config VAE) and the random scorer, with everything
else on the backbone's default training path (LoRA r64, gradient checkpointing, bf16 on CUDA, teacher-forced maps,
AdamW, a checkpoint at the end). It reports, per stage (rollout, score, maps, train), the seconds of the iterations
after the first (the first warms up kernels and the allocator), model FLOPs and MFU; the run's peak memory and
whether it fit; and CAST / Flow-GRPO per iteration. It prints the table and writes <out>.json and <out>.md.

    python bench/gpu.py --backbone flux2 --res 512 --group-size 4            # CAST and Flow-GRPO
    python bench/gpu.py --backbone flux2 qwenimage --res 512 1024 --group-size 4 16 --iterations 3
    python bench/gpu.py --backbone qwenimage --transformer-config my/transformer/config.json    # size a variant
    python bench/gpu.py --tiny --res 64 --group-size 2 --steps 4                # CPU, tiny configs (tests/test_bench)

bench/gpu_h200.sh runs the GPU measurements in one session. Only scores are fake here: a real Qwen3-VL scorer adds its
own time to "score" (bench/scorer_speed.py), and a real prompt cache replaces the text encoder, as with real weights.
Seconds are wall time between the loop's stage boundaries; GPU work still queued at a boundary is billed to the next
stage (an ODE step does not wait for the GPU), so per-stage splits are approximate and the iteration total is exact.

Model FLOPs, counted from the built model (the accounting):
  F(S)     = Σ_blocks (2·P_b·S + 4·S²·d)      one image through the transformer once, S tokens (image + text):
             P_b  weights a token meets in block b: its Linear weights less the other stream's (a double-stream
                  block has an image and a text stream of equal size, and each token meets one) and less the
                  per-sample modulation (img_mod / txt_mod: one vector per image, not per token)
             2·P_b·S   one multiply-add per weight per token
             4·S²·d    attention: Q·Kᵀ and A·V, 2·S²·d each, d = heads × head dim
             FLUX.2-dev 512 px: P = 27.48 B, S = 1024 + 512 → 84.4 + 3.25 = 87.7 TFLOP; Qwen-Image 512 px: P = 6.79 B,
             S = 1024 + 40 → 15.3 TFLOP
  rollout  = G · T · c · F(S)                 T denoising steps, c transformer passes per step (true CFG: 2)
  maps     = G · F_prefix(S)                  one conditional pass stopped after its last captured block
                                              (support.backbone.capture_pass): F over the blocks up to it
  train    = G · W · c · 2·F(S)               W window steps; forward + backward for the input gradients (about one
                                              forward; LoRA's weight gradients are negligible); the recompute of
                                              gradient checkpointing, the VAE and the scorer are not counted
  MFU      = FLOPs / seconds / peak           peak: the device's dense bf16 tensor-core rate (PEAK_BF16), else
                                              --peak-tflops, else a measured matmul's rate (labeled "measured")
"""
from __future__ import annotations

import argparse
import datetime
import gc
import json
import os
import platform
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

import torch
import torch.nn as nn

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from support.run import GUIDANCE_KW  # noqa: E402
import cast_train  # noqa: E402
from support.models import load_backbone  # noqa: E402

METHODS = ("cast", "flow_grpo")
MEASURED_STEPS = {"flux2": 8, "qwenimage": 10}   # the rollout steps docs/RESULTS.md's GPU tables were measured at
STAGES = ("rollout", "score", "maps", "train")
GiB = 2 ** 30
# Dense bf16 tensor-core peaks from the vendors' datasheets (FLOP/s, without sparsity); first match of the name wins.
PEAK_BF16 = [("H200", 989e12), ("H100 PCIe", 756e12), ("H100", 989e12), ("A100", 312e12), ("L40S", 362e12)]
# The tiny architectures of the CPU test: the same classes, a few thousand weights, a VAE that downsamples 2x / 4x.
TINY = {
    "flux2": dict(config=dict(num_layers=2, num_single_layers=2, attention_head_dim=16, num_attention_heads=2,
                              joint_attention_dim=48, axes_dims_rope=[4, 4, 4, 4], in_channels=4),
                  vae_config=dict(block_out_channels=[4, 4], latent_channels=1,
                                  down_block_types=["DownEncoderBlock2D"] * 2, up_block_types=["UpDecoderBlock2D"] * 2,
                                  norm_num_groups=1, use_quant_conv=False, use_post_quant_conv=False),
                  max_sequence_length=24),
    "qwenimage": dict(config=dict(num_layers=2, attention_head_dim=16, num_attention_heads=3, joint_attention_dim=16,
                                  axes_dims_rope=[8, 4, 4], in_channels=16, out_channels=4),
                      vae_config=dict(base_dim=24, z_dim=4, dim_mult=[1, 2, 4], num_res_blocks=1,
                                      temperal_downsample=[False, True], latents_mean=[0.0] * 4,
                                      latents_std=[1.0] * 4),
                      text_len=12),
}
# Per-sample and other-stream Linears inside a block (see the docstring's P_b).
NOT_PER_TOKEN = re.compile(r"(^|\.)(add_[qkv]_proj|to_add_out|ff_context|txt_mlp|txt_mod|img_mod)(\.|$)")


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    a = ap.add_argument
    a("--backbone", nargs="+", default=["flux2"], choices=["flux2", "qwenimage"])
    a("--method", nargs="+", default=list(METHODS), choices=METHODS)
    a("--res", nargs="+", type=int, default=[512], help="image side in pixels")
    a("--group-size", nargs="+", type=int, default=[4], help="G images per prompt (one prompt per iteration)")
    a("--iterations", type=int, default=2, help="timed: all but the first (with 1, the first, warm-up included)")
    a("--steps", type=int, help="denoising steps (default 8 / 10, as measured; the paper trains at 50)")
    a("--cast-window", default="0:3", help="CAST's SDE window (a fixed one: calibrating on random weights is "
      "meaningless; the GPU measurements used 0:3)")
    a("--transformer-config", help="a config.json whose keys override the published transformer config")
    a("--tiny", action="store_true", help="tiny configs of the same classes (CPU, the test suite)")
    a("--peak-tflops", type=float, help="the device's peak for MFU (default: PEAK_BF16 by name, else measured)")
    a("--fit-gib", type=float, help="'fits' means a peak (reserved) within this many GiB (default: this device's "
      "memory; e.g. 80 to size an H100 80GB run on an H200)")
    a("--threads", type=int, default=0, help="torch threads (cast_train's --threads)")
    a("--out", default=os.path.join(ROOT, "bench", "gpu_results"), help="writes <out>.json and <out>.md")
    a("--keep-runs", help="keep each run's folder (metrics.jsonl, checkpoint) under this folder")
    args = ap.parse_args(argv)
    args.argv = sys.argv[1:] if argv is None else list(argv)
    return args


# ------------------------------------------------------------------------------------------------ FLOPs

def block_weights(block: nn.Module) -> int:
    """P_b: the Linear weights one token passes through in this block."""
    return sum(m.weight.numel() for name, m in block.named_modules()
               if isinstance(m, nn.Linear) and not NOT_PER_TOKEN.search(name))


def flop_model(name: str, res: int, options: dict, guidance: float) -> dict:
    """What the FLOP formulas need, from the backbone built on the meta device (no memory, no time): per-block
    token weights in execution order, attention width, image and text tokens, passes per step, capture layers."""
    bb = load_backbone(name, "random", device="meta", height=res, width=res,
                       **{GUIDANCE_KW[name]: guidance}, **options)
    tr = bb.transformer
    blocks = [(f"{child}.{i}", block) for child, m in tr.named_children() if isinstance(m, nn.ModuleList)
              for i, block in enumerate(m)]
    names = [n for n, _ in blocks]
    cfg = tr.config
    cfg_passes = 2 if getattr(bb, "true_cfg_scale", 1.0) > 1 and getattr(bb, "negative_prompt", None) else 1
    return dict(weights=[block_weights(b) for _, b in blocks], width=cfg.num_attention_heads * cfg.attention_head_dim,
                image_tokens=bb.grid[0] * bb.grid[1], text_tokens=bb.text_len, passes=cfg_passes,
                maps_blocks=max(names.index(n) for n in bb.default_capture_layers) + 1,
                params=sum(p.numel() for p in tr.parameters()))


def pass_flops(fm: dict, blocks: int | None = None) -> float:
    """F(S) over the first `blocks` blocks (all by default): Σ_b 2·P_b·S + 4·S²·d."""
    S = fm["image_tokens"] + fm["text_tokens"]
    return sum(2 * p * S + 4 * S * S * fm["width"] for p in fm["weights"][:blocks])


def stage_flops(fm: dict, G: int, steps: int, window_steps: int, maps: bool) -> dict:
    """The docstring's per-stage counts; the score stage (VAE, scorer) is not counted: None."""
    F = pass_flops(fm)
    return {"rollout": G * steps * fm["passes"] * F, "score": None,
            "maps": G * pass_flops(fm, fm["maps_blocks"]) if maps else 0.0,
            "train": G * window_steps * fm["passes"] * 2 * F}


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
    return dict(name=name, memory_bytes=total, peak_flops=peak, peak_source=source,
                fit_bytes=fit_gib * GiB if fit_gib else total)


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
    return 2 * n ** 3 * reps / (time.perf_counter() - t0)       # an n x n x n matmul: n³ multiply-adds


def peak_memory() -> tuple[int, int]:
    """(allocated, reserved) peak bytes since the last reset on CUDA; on CPU the process's resident peak, a
    high-water mark over everything this process ran so far (twice, for the same columns)."""
    if torch.cuda.is_available():
        return torch.cuda.max_memory_allocated(), torch.cuda.max_memory_reserved()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024          # Linux reports kB
    return rss, rss


# ------------------------------------------------------------------------------------------------ one run

def backbone_options(name: str, args) -> dict:
    """load_backbone's architecture keywords for this bench: the tiny configs, or a config.json's overrides."""
    options = dict(TINY[name]) if args.tiny else {}
    if args.transformer_config:
        options["config"] = os.path.abspath(args.transformer_config)
    return options


def run(name: str, method: str, res: int, G: int, args, folder: str) -> dict:
    """cast_train.main on random weights; the seconds of its iterations after the first, and the peak memory."""
    steps = args.steps or MEASURED_STEPS[name]
    options = {"height": res, "width": res, **backbone_options(name, args)}
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "eval.txt"), "w") as f:    # the loop evaluates: keep that to one 2-step image
        f.write("a red cube to the left of two blue spheres\n")  # (1 step: Qwen's terminal stretch divides by 0)
    argv = ["--backbone", name, "--model-path", "random", "--scorer-path", "random", "--method", method,
            *[f"--option={k}={json.dumps(v)}" for k, v in options.items()], "--group-size", str(G),
            "--groups-per-rank", "1", "--steps", str(steps), "--iterations", str(args.iterations),
            "--eval-prompts", os.path.join(folder, "eval.txt"), "--eval-samples", "1", "--eval-steps", "2",
            "--overlay-images", "0", "--threads", str(args.threads), "--out", os.path.join(folder, "run")]
    # the dry run grounds with the denoiser's attention: the VLM grounding pass is not in these timings (no VLM here)
    argv += ["--window", args.cast_window, "--grounding", "dit"] if method == "cast" else []
    if torch.cuda.is_available():
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats()
    result = dict(backbone=name, method=method, res=res, group_size=G, steps=steps, argv=argv)
    try:
        cast_train.main(argv)
    except torch.OutOfMemoryError as e:                # does not fit: say so, and go on with the next config
        result.update(ran=False, error=str(e).split("\n")[0])
        return result
    finally:
        gc.collect()                                   # the 32 B model goes before the next one is built
        if torch.cuda.is_available():
            torch.cuda.empty_cache()
    with open(os.path.join(folder, "run", "metrics.jsonl")) as f:
        rows = [r for r in map(json.loads, f) if "t_rollout" in r]
    timed = rows[1:] or rows
    seconds = {s: sum(r[f"t_{s}"] for r in timed) / len(timed) for s in STAGES}
    allocated, reserved = peak_memory()
    window = (0, steps) if method == "flow_grpo" else tuple(int(x) for x in args.cast_window.split(":"))
    result.update(ran=True, seconds=seconds, iteration=sum(seconds.values()), timed_iterations=[r["iteration"]
                  for r in timed], window=list(window), peak_allocated=allocated, peak_reserved=reserved)
    return result


def add_flops(result: dict, fm: dict, peak: float) -> None:
    W = result["window"][1] - result["window"][0]
    flops = stage_flops(fm, result["group_size"], result["steps"], W, maps=result["method"] == "cast")
    result["flops"] = flops
    result["mfu"] = {s: (f / result["seconds"][s] / peak if f and result["seconds"][s] > 0 else None)
                     for s, f in flops.items()}
    counted = sum(f for f in flops.values() if f)
    result["mfu"]["iteration"] = counted / result["iteration"] / peak
    result.update(params=fm["params"], tokens=dict(image=fm["image_tokens"], text=fm["text_tokens"]),
                  pass_tflop=pass_flops(fm) / 1e12, passes_per_step=fm["passes"])


# ------------------------------------------------------------------------------------------------ the report

def si(x: float) -> str:
    """1.23e15 -> '1,230 T'; small counts (tiny models) keep three digits with their own prefix."""
    for prefix, scale in (("T", 1e12), ("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if x >= scale:
            return f"{x / scale:,.0f} {prefix}" if x >= 100 * scale else f"{x / scale:.3g} {prefix}"
    return f"{x:.3g} "


def table(results: list[dict], device: dict) -> str:
    def cell(r, s):
        f, m = r["flops"][s], r["mfu"][s]
        return f"{r['seconds'][s]:.2f}" + (f" ({si(f)}FLOP, {100 * m:.0f}%)" if f and m is not None else "")
    ratio = {}
    for r in results:
        if r["ran"]:
            ratio.setdefault((r["backbone"], r["res"], r["group_size"]), {})[r["method"]] = r["iteration"]
    head = ["backbone (params)", "method", "res", "G", "rollout s (FLOP, MFU)", "score s", "maps s (FLOP, MFU)",
            "train s (FLOP, MFU)", "iteration s (MFU)", "CAST / Flow-GRPO", "peak GiB (alloc / reserved)",
            f"fits {device['fit_bytes'] / GiB:.0f} GiB"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in results:
        size = f"{r['params'] / 1e9:.2f} B" if r["params"] >= 1e8 else f"{r['params']:,}"
        who = [f"{r['backbone']} ({size})", r["method"], str(r["res"]), str(r["group_size"])]
        if not r["ran"]:
            lines.append("| " + " | ".join(who + ["—"] * 7 + [f"**no**: {r['error'][:80]}"]) + " |")
            continue
        pair = ratio[(r["backbone"], r["res"], r["group_size"])]
        rt = f"**{pair['cast'] / pair['flow_grpo']:.3f}**" if r["method"] == "cast" and len(pair) == 2 else ""
        lines.append("| " + " | ".join(who + [cell(r, "rollout"), f"{r['seconds']['score']:.2f}", cell(r, "maps"),
                     cell(r, "train"), f"{r['iteration']:.2f} ({100 * r['mfu']['iteration']:.0f}%)", rt,
                     f"{r['peak_allocated'] / GiB:.1f} / {r['peak_reserved'] / GiB:.1f}",
                     "yes" if r["fits"] else "**no**"]) + " |")
    return "\n".join(lines)


def environment(device: dict) -> dict:
    import diffusers
    import peft
    import transformers
    def git(*cmd):
        return subprocess.run(["git", *cmd], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    try:
        commit = git("rev-parse", "--short", "HEAD") + (" with uncommitted changes" if git("status", "--porcelain")
                                                        else "")
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    return dict(date=datetime.date.today().isoformat(), commit=commit, torch=torch.__version__,
                diffusers=diffusers.__version__, transformers=transformers.__version__, peft=peft.__version__,
                cuda=torch.version.cuda, device=device)


def main(argv=None) -> dict:
    args = parse_args(argv)
    device = device_info(args.peak_tflops, args.fit_gib)
    configs = [(b, m, r, g) for b in args.backbone for r in args.res for g in args.group_size for m in args.method]
    root = args.keep_runs or tempfile.mkdtemp(prefix="gpu_bench_")
    results = []
    for name, method, res, G in configs:
        print(f"\n=== {name} {method} {res} px G={G}", flush=True)
        result = run(name, method, res, G, args, os.path.join(root, f"{name}_{method}_{res}_G{G}"))
        fm = flop_model(name, res, backbone_options(name, args), cast_train.TRAIN_DEFAULTS[name]["guidance"])
        result["params"] = fm["params"]
        result["fits"] = result["ran"] and result["peak_reserved"] <= device["fit_bytes"]
        if result["ran"]:
            add_flops(result, fm, device["peak_flops"])
        results.append(result)
    if not args.keep_runs:
        shutil.rmtree(root, ignore_errors=True)
    env = environment(device)
    md = table(results, device)
    command = "python bench/gpu.py " + " ".join(args.argv)
    report = (f"{md}\n\nMeasured {env['date']} on {device['name']} ({(device['memory_bytes'] or 0) / GiB:.0f} GiB; "
              f"MFU against {si(device['peak_flops'])}FLOP/s, {device['peak_source']}) at commit "
              f"{env['commit']}, torch {env['torch']}, diffusers {env['diffusers']}, transformers "
              f"{env['transformers']}, peft {env['peft']}, by `{command}`: cast_train's loop on random weights "
              f"(support/random_models.py) and a random scorer; seconds are "
              + (f"the mean of iterations 2..{args.iterations}.\n" if args.iterations > 1
                 else "those of the only iteration, its warm-up included.\n"))
    print("\n" + report)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out + ".md", "w") as f:
        f.write(report)
    with open(args.out + ".json", "w") as f:
        json.dump(dict(environment=env, command=command, results=results), f, indent=1)
    return dict(environment=env, results=results, markdown=report)


if __name__ == "__main__":
    main()
