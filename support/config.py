"""The run's settings per backbone, in one place: the paper's Table 3 for the real backbones, the shapes world's
beside them. cast_train's flags take their defaults from here (a flag left unset gets its backbone's preset), the
run folder records the settings a run used (config.json), and the stage files' command lines read the same presets
inside their `main()` (cast_window: the noise level and the calibration's prompts; tools/geneval2: the evaluation
steps and guidance)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace


@dataclass(frozen=True)
class Preset:
    """One backbone's defaults; each field is the cast_train flag of the same name (dashes for underscores)."""

    steps: int  # T, the rollout's sampler steps (Table 3: 50)
    eval_steps: int  # ODE steps of an evaluation (Table 3: 50)
    guidance: (
        float | None
    )  # guidance / CFG scale (Table 3: the backbone's; None: the CFG saved with the weights)
    group_size: int  # G, samples per prompt (Table 3: 16)
    groups_per_rank: int  # prompts per process (the paper: one prompt per collection)
    full: bool  # all weights instead of LoRA (Table 3: LoRA)
    lora_rank: int  # Table 3: 64
    lora_alpha: int  # Table 3: 64
    lr: float  # AdamW's learning rate (Flow-GRPO's 3e-4)
    ema: float  # decay of the EMA of the weights that evaluation and final/ use (ours)
    beta: float  # Eq. 9's KL weight to the reference policy
    clip_range: float  # ε of the clipped ratio (Flow-GRPO's 1e-4)
    grad_checkpointing: bool  # recompute activations in the backward (memory on the real backbones)
    ground_on: str  # where the maps are taken: "sample" (the paper's) or "step" (docs/DESIGN.md)
    noise_level: float  # a, the SDE step's noise level (Flow-GRPO's per backbone)
    window_prompts: int  # prompts (x 2 seeds) of the window's calibration (Eq. 10)

    def as_dict(self) -> dict:
        return asdict(self)


# FLUX.2-dev: the paper's Table 3 with Flow-GRPO's lr, clip and noise level, no KL; the maps on the finished sample.
FLUX2 = Preset(
    steps=50,
    eval_steps=50,
    guidance=4.0,
    group_size=16,
    groups_per_rank=1,
    full=False,
    lora_rank=64,
    lora_alpha=64,
    lr=3e-4,
    ema=0.9,
    beta=0.0,
    clip_range=1e-4,
    grad_checkpointing=True,
    ground_on="sample",
    noise_level=1.0,
    window_prompts=32,
)

# Qwen-Image-2512: the same, with Flow-GRPO's noise level for it.
QWENIMAGE = replace(FLUX2, noise_level=1.2)

# The shapes world (ours; each value chosen on the dev stream, docs/RESULTS.md "Making the default run learn"): 10
# steps, G 8 x 8 prompts, all weights of the small transformer, lr 5e-5, β 0.02, the ratio clip 0.2, the maps on each
# window step's ODE completion (unbiased: docs/DESIGN.md, "The sample-map bias"), noise level 0.7, and 128
# calibration prompts (enough for a layout-freeze point that does not move with the prompts).
SHAPES = Preset(
    steps=10,
    eval_steps=10,
    guidance=None,
    group_size=8,
    groups_per_rank=8,
    full=True,
    lora_rank=16,
    lora_alpha=32,
    lr=5e-5,
    ema=0.9,
    beta=0.02,
    clip_range=0.2,
    grad_checkpointing=False,
    ground_on="step",
    noise_level=0.7,
    window_prompts=128,
)

PRESETS = {"shapes": SHAPES, "flux2": FLUX2, "qwenimage": QWENIMAGE}
