"""support/real/random_models.py: FLUX.2-dev, Qwen-Image and the Qwen3-VL-8B grounding VLM at their real sizes with
random weights, to size a run before fetching 64 GB of weights (bench/gpu.py) and to dry-run the whole training loop
(`cast_train.py --model-path random --scorer-path random`).

    bb = support.models.load_backbone("flux2", "random", device="cuda", dtype=torch.bfloat16, height=512, width=512)
    bb = support.models.load_backbone("qwenimage", "random", config="my_variant/transformer/config.json")
    vlm = random_vlm(device="cuda")              # Qwen3-VL-8B's architecture in bf16: what cast_advantage.ground reads

Real: the transformer's class and published config (PUBLISHED; `config=` overrides it), the VAE class, and the
pipeline's schedule, noise, packing and decoding. Not real: every weight, and there is no text encoder: `encode`
gives random embeddings of the real width seeded by the prompt's text (FLUX.2 all 512 positions, Qwen-Image
`text_len`), and word k of the prompt is token position k. The VLM is transformers' Qwen3-VL at QWEN3_VL_8B with a
byte-level BPE trained here on the generator's prompts; its grounding pass is the real one's up to the tokenizer.

Run alone: `python -m support.models --backbone flux2 --model-path random --option height=512 --option width=512`.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import random
import re
from contextlib import contextmanager

import torch

from cast_csg import EVERYDAY, SHAPES, SUFFIX, sample_graph
from support.backbone import Cond
from support.real.flux_qwen import Flux2Backbone, QwenImageBackbone

# The released transformer configs (FLUX.2-dev 32.22 B parameters, Qwen-Image 20.43 B) and scheduler configs.
PUBLISHED = {
    "flux2": dict(
        transformer=dict(
            patch_size=1,
            in_channels=128,
            out_channels=None,
            num_layers=8,
            num_single_layers=48,
            attention_head_dim=128,
            num_attention_heads=48,
            joint_attention_dim=15360,
            timestep_guidance_channels=256,
            mlp_ratio=3.0,
            axes_dims_rope=(32, 32, 32, 32),
            rope_theta=2000,
            eps=1e-6,
            guidance_embeds=True,
        ),
        scheduler=dict(use_dynamic_shifting=True),
    ),
    "qwenimage": dict(
        transformer=dict(
            patch_size=2,
            in_channels=64,
            out_channels=16,
            num_layers=60,
            attention_head_dim=128,
            num_attention_heads=24,
            joint_attention_dim=3584,
            guidance_embeds=False,
            axes_dims_rope=(16, 56, 56),
        ),
        scheduler=dict(
            use_dynamic_shifting=True,
            base_shift=0.5,
            max_shift=0.9,
            base_image_seq_len=256,
            max_image_seq_len=8192,
            shift_terminal=0.02,
            time_shift_type="exponential",
        ),
    ),
}
QWEN_TEXT_LEN = 40
_WORD = re.compile(r"\w+|[^\w\s]")


@contextmanager
def _building(device, dtype):
    """Parameters are created in `dtype` on `device` (a 32 B model never passes through fp32 or host memory)."""
    previous = torch.get_default_dtype()
    torch.set_default_dtype(dtype)
    try:
        with torch.device(device):
            yield
    finally:
        torch.set_default_dtype(previous)


def transformer_config(name: str, config: str | dict | None = None) -> dict:
    """The published config of `name`'s transformer with `config`'s keys (a config.json path or a dict) laid over it."""
    cfg = dict(PUBLISHED[name]["transformer"])
    if isinstance(config, str):
        if not os.path.isfile(config):
            raise FileNotFoundError(f"transformer config {config!r} does not exist")
        with open(config) as f:
            config = json.load(f)
    cfg.update({k: v for k, v in (config or {}).items() if not k.startswith("_")})
    return cfg


def _build(cls, cfg: dict, what: str):
    try:
        return cls(**cfg)
    except TypeError as e:  # an unknown key in an override: name it and the class
        raise ValueError(f"{what}: {cls.__name__} does not take this config ({e})") from e


def build_pipeline(
    name: str, device="cpu", dtype=torch.float32, config=None, vae_config: dict | None = None
):
    """Flux2Pipeline / QwenImagePipeline with a random transformer and VAE and no text encoder or tokenizer."""
    import diffusers

    tr_cls, vae_cls, pipe_cls = {
        "flux2": ("Flux2Transformer2DModel", "AutoencoderKLFlux2", "Flux2Pipeline"),
        "qwenimage": ("QwenImageTransformer2DModel", "AutoencoderKLQwenImage", "QwenImagePipeline"),
    }[name]
    with _building(device, dtype):
        transformer = _build(
            getattr(diffusers, tr_cls), transformer_config(name, config), f"{name} transformer"
        )
        vae = _build(getattr(diffusers, vae_cls), dict(vae_config or {}), f"{name} VAE")
    scheduler = diffusers.FlowMatchEulerDiscreteScheduler(**PUBLISHED[name]["scheduler"])
    return getattr(diffusers, pipe_cls)(
        scheduler=scheduler,
        vae=vae.eval(),
        text_encoder=None,
        tokenizer=None,
        transformer=transformer.eval(),
    )


class RandomText:
    """`encode` and `token_positions` of a backbone without a tokenizer or text encoder (the rule in the docstring)."""

    random_weights = True
    vlm_config = (
        None  # the dry run's VLM (random_vlm's config; None: QWEN3_VL_8B), set by random_backbone
    )

    def _embedding(self, prompt: str, length: int) -> torch.Tensor:
        seed = int.from_bytes(hashlib.sha256(prompt.encode()).digest()[:8], "little") >> 1
        width = self.transformer.config.joint_attention_dim
        emb = torch.randn(length, width, generator=torch.Generator().manual_seed(seed))
        return emb.to(self.device, self.transformer.dtype)

    def token_positions(self, prompt: str, span: tuple[int, int]) -> list[int]:
        lo, hi = span
        return [
            k
            for k, m in enumerate(_WORD.finditer(prompt))
            if m.start() < hi and m.end() > lo and k < self.text_len
        ]


class RandomFlux2Backbone(RandomText, Flux2Backbone):
    @property
    def text_len(self) -> int:
        return self.max_sequence_length

    def _encode(self, prompts: list[str]) -> Cond:
        return Cond(torch.stack([self._embedding(p, self.text_len) for p in prompts]))


class RandomQwenImageBackbone(RandomText, QwenImageBackbone):
    def __init__(self, pipe, text_len: int = QWEN_TEXT_LEN, **kwargs):
        super().__init__(pipe, **kwargs)
        self.text_len = text_len

    def _encode(self, prompts: list[str]) -> Cond:
        emb = torch.stack([self._embedding(p, self.text_len) for p in prompts])
        if self.negative_prompt is None:
            return Cond(emb)
        return Cond(
            emb, neg_embeds=self._embedding(self.negative_prompt, self.text_len).expand_as(emb)
        )


def random_backbone(
    name: str,
    device="cpu",
    dtype=torch.float32,
    config: str | dict | None = None,
    vae_config: dict | None = None,
    vlm_config: dict | None = None,
    **kwargs,
):
    """What `load_backbone(name, "random", ...)` returns; kwargs go to the backbone. vlm_config: the dry run's VLM
    size, kept on the backbone so that one set of --option flags sizes all its random models."""
    classes = {"flux2": RandomFlux2Backbone, "qwenimage": RandomQwenImageBackbone}
    if name not in classes:
        raise ValueError(
            f"a random-weight backbone exists for {', '.join(classes)}, not {name!r} "
            "(the shapes model takes path='random' through load_shapes)"
        )
    backbone = classes[name](build_pipeline(name, device, dtype, config, vae_config), **kwargs)
    backbone.vlm_config = vlm_config
    return backbone


# ------------------------------------------------------------------------------------------------ the VLM

# Qwen3-VL-8B-Instruct's public config.json (8.77 B parameters, bf16) and preprocessor_config.json (16-px patches
# merged 2x2: a 512 px image is 256 visual tokens); the special tokens' ids are vlm_tokenizer's.
QWEN3_VL_8B = dict(
    dtype="bfloat16",
    model=dict(
        text_config=dict(
            vocab_size=151936,
            hidden_size=4096,
            intermediate_size=12288,
            num_hidden_layers=36,
            num_attention_heads=32,
            num_key_value_heads=8,
            head_dim=128,
            hidden_act="silu",
            max_position_embeddings=262144,
            rms_norm_eps=1e-6,
            attention_bias=False,
            rope_parameters=dict(
                rope_type="default",
                rope_theta=5e6,
                mrope_section=[24, 20, 20],
                mrope_interleaved=True,
            ),
        ),
        vision_config=dict(
            depth=27,
            hidden_size=1152,
            intermediate_size=4304,
            num_heads=16,
            hidden_act="gelu_pytorch_tanh",
            patch_size=16,
            spatial_merge_size=2,
            temporal_patch_size=2,
            out_hidden_size=4096,
            num_position_embeddings=2304,
            deepstack_visual_indexes=[8, 16, 24],
        ),
        tie_word_embeddings=False,
    ),
    images=dict(
        size={"shortest_edge": 65536, "longest_edge": 16777216},
        patch_size=16,
        merge_size=2,
        temporal_patch_size=2,
        image_mean=[0.5] * 3,
        image_std=[0.5] * 3,
    ),
)
VLM_SPECIALS = [
    "<|endoftext|>",
    "<|im_start|>",
    "<|im_end|>",
    "<|vision_start|>",
    "<|vision_end|>",
    "<|image_pad|>",
    "<|video_pad|>",
]
TOKENIZER_SIZE = (
    4096  # ids of the trained BPE (at most the model's vocab_size): the generator's words whole
)


@functools.lru_cache(maxsize=2)
def vlm_tokenizer(size: int = TOKENIZER_SIZE):
    """A byte-level BPE (Qwen2Tokenizer) of at most `size` ids with Qwen's chat and vision tokens, trained on the
    generator's prompts and questions: their words come out whole, as in Qwen's vocabulary, so a grounding pass is
    about as long as the real one."""
    from tokenizers import pre_tokenizers
    from transformers import Qwen2Tokenizer

    from support.vlm import GROUNDING_INSTRUCTION

    rng = random.Random(0)
    graphs = [sample_graph(rng, vocab) for vocab in (EVERYDAY, SHAPES) for _ in range(300)]
    corpus = [f"user assistant {GROUNDING_INSTRUCTION}{SUFFIX}"] + [
        text for g in graphs for text in (g.prompt, *(a.question for a in g.atoms))
    ]
    base = Qwen2Tokenizer(
        vocab={c: i for i, c in enumerate(sorted(pre_tokenizers.ByteLevel.alphabet()))}, merges=[]
    )
    return base.train_new_from_iterator(
        corpus, size, new_special_tokens=VLM_SPECIALS, show_progress=False
    )


def random_vlm(config: dict | None = None, device="cpu", dtype=None, seed: int = 0):
    """A `support.vlm.VLM` with random weights at `config`'s size (QWEN3_VL_8B by default), built on `device` in
    `dtype` (default: the config's). Seeded; the caller's random state is left as it was."""
    from transformers import Qwen3VLConfig, Qwen3VLForConditionalGeneration

    from support.vlm import VLM, image_processor_class

    config = config or QWEN3_VL_8B
    tokenizer = vlm_tokenizer(min(TOKENIZER_SIZE, config["model"]["text_config"]["vocab_size"]))
    ids = {
        f"{name}_token_id": tokenizer.convert_tokens_to_ids(f"<|{token}|>")
        for name, token in (
            ("image", "image_pad"),
            ("video", "video_pad"),
            ("vision_start", "vision_start"),
            ("vision_end", "vision_end"),
        )
    }
    device = torch.device(device)
    with (
        torch.random.fork_rng(devices=[device] if device.type == "cuda" else []),
        _building(device, dtype or getattr(torch, config.get("dtype", "float32"))),
    ):
        torch.manual_seed(seed)
        model = Qwen3VLForConditionalGeneration(Qwen3VLConfig(**config["model"], **ids))
    vlm = VLM.from_components(model, tokenizer, image_processor_class()(**config["images"]))
    vlm.path = "random weights"
    return vlm
