"""support/random_models.py: FLUX.2-dev and Qwen-Image at their real sizes with random weights, to size a run before fetching
64 GB of weights (bench/gpu.py) and to dry-run the whole training loop (`cast_train.py --model-path random
--scorer-path random`).

    bb = support.models.load_backbone("flux2", "random", device="cuda", dtype=torch.bfloat16, height=512, width=512)
    bb = support.models.load_backbone("qwenimage", "random", config="my_variant/transformer/config.json")

What is real: the transformer's class and size, built from its published config (PUBLISHED below; `config=` a
config.json path or a dict of keys overrides it, to size a variant) in the requested dtype directly on the device;
the VAE class at its default config (`vae_config=` overrides keys: tests use a tiny one); the pipeline's own
schedule, noise, packing and decoding (the Flux2Backbone / QwenImageBackbone code paths, unchanged). What is not:
every weight is random, so the images are noise, and there is no tokenizer or text encoder:
  * `encode` returns random embeddings of the real text width, the same tensor for the same prompt (seeded by the
    prompt's text): FLUX.2 all `max_sequence_length` (512) positions, as its pipeline always feeds (system prompt,
    prompt and padding, no mask); Qwen-Image `text_len` positions (default 40, the length of a typical prompt),
    the negative prompt too, so no mask is needed (the pipeline passes none when nothing is padded);
  * `token_positions`: word k of the prompt (a run of letters/digits, or one punctuation mark) is position k; a word
    past the end of the sequence has none. Enough for the attention maps to pick columns; meaningless as language.

Run alone: `python -m support.models --backbone flux2 --model-path random --option height=512 --option width=512`.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
from contextlib import contextmanager

import torch

from support.backbone import Cond
from support.flux_qwen import Flux2Backbone, QwenImageBackbone

# The released transformer configs (diffusers' class defaults are these; counted on the meta
# device: FLUX.2-dev 32.22 B parameters, Qwen-Image 20.43 B) and the pipelines' scheduler configs.
PUBLISHED = {
    "flux2": dict(
        transformer=dict(patch_size=1, in_channels=128, out_channels=None, num_layers=8, num_single_layers=48,
                         attention_head_dim=128, num_attention_heads=48, joint_attention_dim=15360,
                         timestep_guidance_channels=256, mlp_ratio=3.0, axes_dims_rope=(32, 32, 32, 32),
                         rope_theta=2000, eps=1e-6, guidance_embeds=True),
        scheduler=dict(use_dynamic_shifting=True)),
    "qwenimage": dict(
        transformer=dict(patch_size=2, in_channels=64, out_channels=16, num_layers=60, attention_head_dim=128,
                         num_attention_heads=24, joint_attention_dim=3584, guidance_embeds=False,
                         axes_dims_rope=(16, 56, 56)),
        scheduler=dict(use_dynamic_shifting=True, base_shift=0.5, max_shift=0.9, base_image_seq_len=256,
                       max_image_seq_len=8192, shift_terminal=0.02, time_shift_type="exponential")),
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
    """The published config of `name`'s transformer, with the keys of `config` (a config.json path, e.g. a real
    folder's transformer/config.json, or a dict) laid over it. diffusers' bookkeeping keys ("_class_name", ...) drop."""
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
    except TypeError as e:     # an unknown key in an override: name it and the class
        raise ValueError(f"{what}: {cls.__name__} does not take this config ({e})") from e


def build_pipeline(name: str, device="cpu", dtype=torch.float32, config=None, vae_config: dict | None = None):
    """Flux2Pipeline / QwenImagePipeline with a random transformer and VAE and no text encoder or tokenizer."""
    import diffusers
    tr_cls, vae_cls, pipe_cls = {"flux2": ("Flux2Transformer2DModel", "AutoencoderKLFlux2", "Flux2Pipeline"),
                                 "qwenimage": ("QwenImageTransformer2DModel", "AutoencoderKLQwenImage",
                                               "QwenImagePipeline")}[name]
    with _building(device, dtype):
        transformer = _build(getattr(diffusers, tr_cls), transformer_config(name, config), f"{name} transformer")
        vae = _build(getattr(diffusers, vae_cls), dict(vae_config or {}), f"{name} VAE")
    scheduler = diffusers.FlowMatchEulerDiscreteScheduler(**PUBLISHED[name]["scheduler"])
    return getattr(diffusers, pipe_cls)(scheduler=scheduler, vae=vae.eval(), text_encoder=None, tokenizer=None,
                                        transformer=transformer.eval())


class RandomText:
    """`encode` and `token_positions` of a backbone without a tokenizer or text encoder (the rule in the docstring)."""
    random_weights = True

    def _embedding(self, prompt: str, length: int) -> torch.Tensor:
        seed = int.from_bytes(hashlib.sha256(prompt.encode()).digest()[:8], "little") >> 1
        width = self.transformer.config.joint_attention_dim
        emb = torch.randn(length, width, generator=torch.Generator().manual_seed(seed))
        return emb.to(self.device, self.transformer.dtype)

    def token_positions(self, prompt: str, span: tuple[int, int]) -> list[int]:
        lo, hi = span
        return [k for k, m in enumerate(_WORD.finditer(prompt))
                if m.start() < hi and m.end() > lo and k < self.text_len]


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
        return Cond(emb, neg_embeds=self._embedding(self.negative_prompt, self.text_len).expand_as(emb))


def random_backbone(name: str, device="cpu", dtype=torch.float32, config: str | dict | None = None,
                    vae_config: dict | None = None, **kwargs):
    """What `load_backbone(name, "random", ...)` returns; kwargs go to the backbone (height, width, guidance, ...)."""
    classes = {"flux2": RandomFlux2Backbone, "qwenimage": RandomQwenImageBackbone}
    if name not in classes:
        raise ValueError(f"a random-weight backbone exists for {', '.join(classes)}, not {name!r} "
                         "(the shapes model takes path='random' through load_shapes)")
    return classes[name](build_pipeline(name, device, dtype, config, vae_config), **kwargs)
