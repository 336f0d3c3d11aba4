"""cast_train's command line: every flag with its help. A flag whose default is None takes its backbone's preset
(support/config.py) or, for --window, its method's window (cast_advantage.METHODS); cast_train.parse_args fills
them in and checks every input before anything loads (support/inputs.py)."""

from __future__ import annotations

import argparse
import os

from support.shapes import ASSETS


def train_parser(description: str, backbones, methods) -> argparse.ArgumentParser:
    """The flags of `cast_train.py`; `backbones` and `methods` are the choices of --backbone and --method."""
    ap = argparse.ArgumentParser(
        description=description, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    a, on_off = ap.add_argument, argparse.BooleanOptionalAction
    a("--backbone", default="shapes", choices=list(backbones))
    a(
        "--model-path",
        help="local diffusers folder of a real backbone (nothing is downloaded); 'random': the real "
        "architecture with random weights, a dry run that only times the loop (support/real/random_models.py)",
    )
    a(
        "--base-weights",
        default=os.path.join(ASSETS, "shapes_base.safetensors"),
        help="shapes: the base model",
    )
    a(
        "--option",
        action="append",
        default=[],
        metavar="KEY=JSON",
        help="backbone argument, e.g. height=512",
    )
    a(
        "--scorer-path",
        help="a local Qwen3-VL folder (e.g. the shapes world's own, assets/shapes_vlm), 'shapes' (the "
        "world's verifier, its default), module:function, or 'random' (uniform scores: a dry run)",
    )
    a(
        "--method",
        default="cast",
        choices=list(methods),
        help="the paper's names (cast_advantage.method_advantage): "
        "cast (Eq. 7 over the atoms' maps), flow_grpo_g2 (mean atom score, one advantage per image), flow_grpo_orig "
        "(a holistic image reward), per_atom (Eq. 7, uniform maps), spatial_image (image advantage x mean atom map), "
        "shuffled (maps permuted among atoms), all in CAST's window; flow_grpo (as G2, in its own full window)",
    )
    a(
        "--grounding",
        default="vlm",
        help="where the atoms' maps come from: vlm (the scorer's teacher-forced pass, "
        "or --vlm-path's), dit (the denoiser's own attention, a stand-in), oracle (shapes: the verifier's exact "
        "object masks, an upper bound no real verifier gives), or module:function",
    )
    a(
        "--map-clip",
        type=float,
        default=5.0,
        help="Eq. 7's clip of the advantage map to ±this (the paper's 5; inf: none)",
    )
    a(
        "--ground-on",
        choices=["sample", "step"],
        help="the image the maps are taken on: sample (the paper's; real "
        "backbones), or step (ours: each window step's on the ODE completion of the state before its noise, unbiased; "
        "shapes)",
    )
    a(
        "--vlm-path",
        help="a local Qwen-VL folder that grounds when the scorer is not one (shapes: assets/shapes_vlm)",
    )
    a(
        "--aesthetic-path",
        help="flow_grpo_orig on a real backbone: the LAION aesthetic head (.safetensors) "
        "on --clip-path's CLIP ViT-L/14; the shapes world's holistic reward is how cleanly shapes are drawn",
    )
    a(
        "--window",
        help="auto (the paper's: each trajectory's window of --window-length steps starts at random among "
        "the calibrated candidates, cast_window) | full (Flow-GRPO's: steps [0, T-1), the last one deterministic) | "
        "A:B (steps [A, B) get the SDE step, for every trajectory)",
    )
    a(
        "--window-file",
        help="default <out>/window.safetensors, calibrated by cast_window when missing",
    )
    a(
        "--window-length",
        type=int,
        default=2,
        help="auto: L, the SDE steps of each trajectory's window (paper: 2)",
    )
    a(
        "--window-prompts",
        type=int,
        help="auto calibration: prompts x 2 seeds (shapes 128, real backbones 32)",
    )
    a(
        "--clip-path",
        help="auto calibration on a real backbone: a local CLIP folder (ViT-L/14 in the paper), the "
        "similarity of each step's clean estimate to the prompt (cast_window.clip_similarity)",
    )
    a(
        "--prompts",
        help="training prompts with their atoms: atoms.jsonl (python -m support.pool, cast_csg.py read), "
        "a GenEval 2 or GenEval file, or prompts in the generator's grammar one a line (default: the shapes world's "
        "generator)",
    )
    a(
        "--eval-prompts",
        help="held-out prompts, as --prompts (default: shapes prompts from a separate stream)",
    )
    a(
        "--eval-size",
        type=int,
        default=250,
        help="shapes eval prompts of the evaluations during the run (x "
        "--eval-samples 2: AM to about ±1.2 points)",
    )
    a(
        "--final-eval-size",
        type=int,
        default=1000,
        help="shapes eval prompts of the base and the final evaluation, "
        "the run's headline (at least --eval-size; the first --eval-size are the others'; paired AM to about ±0.6)",
    )
    a("--eval-samples", type=int, default=2, help="fixed seeds per eval prompt")
    a("--iterations", type=int, default=120, help="rollout + update rounds")
    a(
        "--budget",
        type=float,
        help="train until this many transformer passes over one image are spent (sets "
        "--iterations; counted as passes_per_iteration says), so methods compare at equal compute",
    )
    a(
        "--groups-per-rank",
        type=int,
        help="prompts per process; global batch = world x groups x group size",
    )
    a("--group-size", type=int, help="G samples per prompt")
    a("--steps", type=int, help="denoising steps of a rollout")
    a("--eval-steps", type=int, help="ODE steps at evaluation")
    a(
        "--guidance",
        type=float,
        help="guidance / CFG scale (shapes: the one saved with the base weights)",
    )
    a("--noise-level", type=float, help="SDE noise level a")
    a("--lr", type=float)
    a("--clip-range", type=float, help="ratio clip ε")
    a("--beta", type=float, help="KL weight to the reference policy")
    a("--epochs", type=int, default=1, help="updates per rollout (the first is on-policy)")
    a("--warmup", type=int, default=0, help="iterations of linear learning-rate warmup")
    a(
        "--ema",
        type=float,
        help="decay of an EMA of the trained weights, which evaluation and final/ use (0: off)",
    )
    a(
        "--full",
        action=on_off,
        help="all weights instead of LoRA (default: shapes yes, real backbones no)",
    )
    a("--lora-rank", type=int)
    a("--lora-alpha", type=int)
    a(
        "--fsdp",
        action="store_true",
        help="shard the transformer with FSDP2 instead of DDP (under torchrun)",
    )
    a("--grad-checkpointing", action=on_off, help="default: on for real backbones")
    a(
        "--threads",
        type=int,
        default=0,
        help="torch threads per process; 0: cpu_count // local world size",
    )
    a("--seed", type=int, default=0)
    a(
        "--eval-seed",
        type=int,
        default=0,
        help="eval prompts and noise (a stream apart from training's)",
    )
    a("--out", help="run folder (default runs/<method>)")
    a("--eval-every", type=int, default=30)
    a("--save-every", type=int, default=20)
    a(
        "--keep-checkpoints",
        type=int,
        default=3,
        help="keep the newest K checkpoints (and the one a finished run's final evaluation used); an older one "
        "is removed only once the newest is verified against its checksums (0: keep every one)",
    )
    a(
        "--dist-timeout",
        type=float,
        help="seconds a process waits for its peers in a collective before it gives up and says a peer was "
        "lost (default: 300 on CPU / gloo, 600 on GPU / NCCL)",
    )
    a("--overlay-images", type=int, default=8, help="rows of overlays_step_N.png (0: none)")
    a(
        "--resume",
        action="store_true",
        help="continue from the newest checkpoint in --out (the same settings)",
    )
    a(
        "--overwrite",
        action="store_true",
        help="replace the files of another run in --out (never silently reused)",
    )
    a(
        "--skip-bad-prompts",
        action="store_true",
        help="drop the --prompts / --eval-prompts lines that give no atoms, "
        "with a warning listing them, instead of stopping (lines the text encoder cannot read still stop the run)",
    )
    a(
        "--allow-overlap",
        action="store_true",
        help="let --prompts hold eval prompts (compared after normalization)",
    )
    return ap
