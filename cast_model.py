"""cast_model.py: the backbones behind one small interface, and image->text attention capture.

CAST's method files never ask which model they run on; every difference between FLUX.2-dev,
Qwen-Image(-2512) and the built-in shapes model lives here, behind `Backbone`:

    bb = load_backbone("shapes")                          # or "flux2" / "qwenimage", path=<local folder>
    cond = bb.encode(["two red circles left of a blue square"])
    x = bb.noise(1, torch.Generator().manual_seed(0))     # [N, L, C] packed latent tokens
    sig = bb.sigmas(10)                                   # the model's own schedule, ends at 0
    for i in range(10):                                   # Euler ODE: x' = x + (σ' − σ)·v
        x = x + (sig[i + 1] - sig[i]) * bb.velocity(x, sig[i], cond)
    images = bb.decode(x)                                 # [N, 3, H, W] in [0, 1]

    with capture_attention(bb, bb.default_capture_layers) as cap:
        bb.predict(x_noised, sigma, cond)                 # one conditional pass
    cap.maps                                              # [N, n_img, n_txt], mean over heads and layers

Run alone: `python cast_model.py --backbone shapes|flux2|qwenimage [--model-path P]` prints the model, its size
and the time of one forward with and without capture. Real models load from a local folder in diffusers layout
(`load_backbone`); nothing is downloaded.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import re
import time
from contextlib import contextmanager
from dataclasses import dataclass, fields

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from safetensors.torch import load_file, save_file

ASSETS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "assets")


@dataclass
class Cond:
    """Text conditioning for a batch: embeddings [N, L, D], optional key mask [N, L] (1 = real token),
    and the negative / unconditional embeddings used by true CFG (None when the model has none)."""
    embeds: torch.Tensor
    mask: torch.Tensor | None = None
    neg_embeds: torch.Tensor | None = None
    neg_mask: torch.Tensor | None = None

    def _map(self, fn) -> "Cond":
        return Cond(*[None if getattr(self, f.name) is None else fn(getattr(self, f.name)) for f in fields(self)])

    def select(self, index) -> "Cond":
        """Rows `index` (a LongTensor or list), e.g. `cond.select(group)` repeats each prompt over its group."""
        index = torch.as_tensor(index, dtype=torch.long)
        return self._map(lambda t: t[index.to(t.device)])

    def to(self, device) -> "Cond":
        return self._map(lambda t: t.to(device))


def save_prompt_cache(path: str, prompts: list[str], cond: Cond) -> None:
    """Save encoded prompts so the (24B / 7B) text encoder can be freed before training."""
    tensors = {f.name: getattr(cond, f.name).contiguous() for f in fields(cond) if getattr(cond, f.name) is not None}
    tmp = path + ".tmp"
    save_file(tensors, tmp, metadata={"prompts": json.dumps(prompts)})
    os.replace(tmp, path)


def load_prompt_cache(path: str) -> tuple[list[str], Cond]:
    from safetensors import safe_open
    with safe_open(path, "pt") as f:
        prompts = json.loads(f.metadata()["prompts"])
    return prompts, Cond(**load_file(path))


class Backbone:
    """The interface every method file uses (DESIGN.md, cast_model). Subclasses set `transformer`
    (the network LoRA attaches to), `grid` (h, w of the latent-token grid) and `default_capture_layers`."""
    transformer: nn.Module
    grid: tuple[int, int]
    default_capture_layers: list[str]
    name: str = "backbone"
    # peft target_modules for LoRA (apis.md §1c: FLUX.2 needs a regex, "attn.to_out" alone is ambiguous).
    lora_targets: list[str] | str = (r".*(transformer_blocks\.\d+\.attn\.(to_q|to_k|to_v|to_out\.0|add_q_proj|"
                                     r"add_k_proj|add_v_proj|to_add_out)|single_transformer_blocks\.\d+\.attn\."
                                     r"(to_qkv_mlp_proj|to_out))$")
    pipeline_class: str = "Flux2Pipeline"   # the diffusers pipeline whose LoRA file format we write and load
    _cache: dict | None = None

    def use_prompt_cache(self, path: str) -> None:
        prompts, cond = load_prompt_cache(path)
        self._cache = {p: i for i, p in enumerate(prompts)}
        self._cache_cond = cond

    def encode(self, prompts: list[str]) -> Cond:
        if self._cache is not None:
            missing = [p for p in prompts if p not in self._cache]
            if missing:
                raise KeyError(f"prompt not in the prompt cache: {missing[0]!r}")
            return self._cache_cond.select([self._cache[p] for p in prompts]).to(self.device)
        return self._encode(prompts)

    def free_text_encoder(self) -> None:
        """Drop the text encoder once a prompt cache answers `encode`; a no-op where it is part of the model."""

    def token_positions(self, prompt: str, span: tuple[int, int]) -> list[int]:
        raise NotImplementedError

    def text_problem(self, prompt: str) -> str | None:
        """Why the text encoder cannot read all of `prompt` (None if it can); every prompt is checked before training.
        The encoder reads a fixed number of tokens: a prompt whose last character maps to none of them is cut off."""
        end = len(prompt.rstrip())
        if end and not self.token_positions(prompt, (end - 1, end)):
            reads = getattr(self, "max_sequence_length", "a fixed number of")
            return f"too long: the text encoder reads {reads} tokens and cuts off its end"
        return None

    def sigmas(self, num_steps: int) -> torch.Tensor:
        raise NotImplementedError

    def noise(self, n: int, generator: torch.Generator | None = None) -> torch.Tensor:
        raise NotImplementedError

    def predict(self, x: torch.Tensor, sigma, cond: Cond, negative: bool = False) -> torch.Tensor:
        """One pass of the transformer with the prompt (or the negative prompt): the raw velocity."""
        raise NotImplementedError

    def velocity(self, x: torch.Tensor, sigma, cond: Cond) -> torch.Tensor:
        raise NotImplementedError

    def decode(self, x: torch.Tensor) -> torch.Tensor:
        raise NotImplementedError

    @property
    def device(self) -> torch.device:
        return next(self.transformer.parameters()).device


def _sigma_batch(sigma, x: torch.Tensor) -> torch.Tensor:
    return torch.as_tensor(sigma, dtype=x.dtype, device=x.device).reshape(-1).expand(x.shape[0])


def cfg_combine(uncond: torch.Tensor, cond: torch.Tensor, scale: float) -> torch.Tensor:
    # Classifier-free guidance (Ho & Salimans 2022): v = v_u + s·(v_c − v_u).
    return uncond + scale * (cond - uncond)


# ---------------------------------------------------------------------------------------------
# The shapes model: a small FLUX.2 transformer on packed 4x4 pixel patches, no VAE.
# ---------------------------------------------------------------------------------------------

SHAPES_VOCAB = ["<pad>", "a", "an", "one", "two", "three", "four", "red", "green", "blue", "yellow",
                "circle", "circles", "square", "squares", "triangle", "triangles",
                "to", "the", "left", "right", "of", "above", "below", "and", ","]
_WORD = re.compile(r"[a-z]+|,")

SHAPES_CONFIG = dict(
    image_size=32, patch=4, text_len=24, text_dim=64, head_features=16,
    transformer=dict(patch_size=1, in_channels=48, out_channels=48 + 16 * 16, num_layers=2, num_single_layers=2,
                     attention_head_dim=32, num_attention_heads=4, joint_attention_dim=64,
                     timestep_guidance_channels=256, mlp_ratio=3.0, axes_dims_rope=(8, 12, 12),
                     rope_theta=100, guidance_embeds=False))


class ShapesTextEncoder(nn.Module):
    """Word embeddings + learned positions + one transformer layer, so "red" knows which noun it modifies."""

    def __init__(self, vocab_size: int, text_len: int, dim: int):
        super().__init__()
        self.tok = nn.Embedding(vocab_size, dim)
        self.pos = nn.Parameter(torch.randn(text_len, dim) * 0.02)
        self.layer = nn.TransformerEncoderLayer(dim, 4, 4 * dim, dropout=0.0, batch_first=True, norm_first=True)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        return self.layer(self.tok(ids) + self.pos)


class ShapesModel(nn.Module):
    """Flux2Transformer2DModel on 4x4 pixel patches plus a residual conv head (notes/shapes-prototype.md:
    the head draws cleaner edges). velocity = linear velocity + convs(linear velocity, features, x_t);
    the last conv is zero-initialized so the model starts as the plain transformer."""

    def __init__(self, config: dict = SHAPES_CONFIG):
        super().__init__()
        from diffusers import Flux2Transformer2DModel
        self.config = config
        self.text_encoder = ShapesTextEncoder(len(SHAPES_VOCAB), config["text_len"], config["text_dim"])
        self.transformer = Flux2Transformer2DModel(**config["transformer"])
        nn.init.zeros_(self.transformer.proj_out.weight)
        c = 3 + config["head_features"] + 3
        self.head = nn.Sequential(nn.Conv2d(c, 32, 3, padding=1), nn.SiLU(), nn.Conv2d(32, 32, 3, padding=1),
                                  nn.SiLU(), nn.Conv2d(32, 3, 3, padding=1))
        nn.init.zeros_(self.head[-1].weight)
        nn.init.zeros_(self.head[-1].bias)
        n = config["image_size"] // config["patch"]
        rows, cols = torch.meshgrid(torch.arange(n), torch.arange(n), indexing="ij")
        self.register_buffer("img_ids", torch.stack([torch.zeros_like(rows), rows, cols], -1).reshape(-1, 3).float(),
                             persistent=False)
        t = torch.arange(config["text_len"]).float()
        self.register_buffer("txt_ids", torch.stack([t, torch.zeros_like(t), torch.zeros_like(t)], -1),
                             persistent=False)

    def unpatchify(self, x: torch.Tensor, channels: int) -> torch.Tensor:
        p, n = self.config["patch"], self.config["image_size"] // self.config["patch"]
        return x.reshape(-1, n, n, channels, p, p).permute(0, 3, 1, 4, 2, 5).reshape(-1, channels, n * p, n * p)

    def patchify(self, img: torch.Tensor) -> torch.Tensor:
        p, n = self.config["patch"], self.config["image_size"] // self.config["patch"]
        c = img.shape[1]
        return img.reshape(-1, c, n, p, n, p).permute(0, 2, 4, 1, 3, 5).reshape(-1, n * n, c * p * p)

    def forward(self, x: torch.Tensor, sigma: torch.Tensor, text: torch.Tensor) -> torch.Tensor:
        out = self.transformer(hidden_states=x, encoder_hidden_states=text, timestep=sigma,
                               img_ids=self.img_ids, txt_ids=self.txt_ids, return_dict=False)[0]
        v_lin, feats = out[..., :48], out[..., 48:]
        v_img = self.unpatchify(v_lin, 3)
        h = torch.cat([v_img, self.unpatchify(feats, self.config["head_features"]), self.unpatchify(x, 3)], 1)
        return self.patchify(v_img + self.head(h))


class ShapesBackbone(Backbone):
    """The shapes world's base model (cast_shapes.py trains it). Pixels in [-1, 1], black = -1."""
    name = "shapes"

    def __init__(self, model: ShapesModel, guidance_scale: float = 1.0):
        self.model = model
        self.transformer = model.transformer
        self.guidance_scale = guidance_scale
        n = model.config["image_size"] // model.config["patch"]
        self.grid = (n, n)
        # Measured in cast_advantage.py's layer sweep (README): the last single-stream block is the one
        # whose image->text attention lands on the named object; averaging in others dilutes it.
        self.default_capture_layers = [f"single_transformer_blocks.{len(self.transformer.single_transformer_blocks) - 1}"]

    def tokenize(self, prompt: str) -> list[tuple[int, int, int]]:
        """(token id, char start, char end) per word; unknown words are an error naming the word."""
        out = []
        for m in _WORD.finditer(prompt.lower()):
            if m.group() not in SHAPES_VOCAB:
                raise ValueError(f"word {m.group()!r} at character {m.start()} of {prompt!r} is not in the shapes "
                                 f"vocabulary {SHAPES_VOCAB[1:]}")
            out.append((SHAPES_VOCAB.index(m.group()), m.start(), m.end()))
        if len(out) > self.model.config["text_len"]:
            raise ValueError(f"prompt has {len(out)} words, the shapes model reads {self.model.config['text_len']}")
        return out

    def text_problem(self, prompt: str) -> str | None:
        try:
            self.tokenize(prompt)
        except ValueError as e:
            return str(e)
        return None

    def _ids(self, prompts: list[str]) -> torch.Tensor:
        ids = torch.zeros(len(prompts), self.model.config["text_len"], dtype=torch.long)
        for i, p in enumerate(prompts):
            toks = [t for t, _, _ in self.tokenize(p)]
            ids[i, :len(toks)] = torch.tensor(toks, dtype=torch.long)
        return ids.to(self.device)

    def _encode(self, prompts: list[str]) -> Cond:
        embeds = self.model.text_encoder(self._ids(prompts))
        neg = self.model.text_encoder(self._ids([""])).expand_as(embeds)
        return Cond(embeds, neg_embeds=neg)

    def token_positions(self, prompt: str, span: tuple[int, int]) -> list[int]:
        lo, hi = span
        return [i for i, (_, s, e) in enumerate(self.tokenize(prompt)) if s < hi and e > lo]

    def sigmas(self, num_steps: int) -> torch.Tensor:
        # Rectified flow with uniform steps; the model is trained on the same σ range.
        return torch.linspace(1.0, 0.0, num_steps + 1)

    def noise(self, n: int, generator: torch.Generator | None = None) -> torch.Tensor:
        h, w = self.grid
        return torch.randn(n, h * w, 48, generator=generator).to(self.device)

    def predict(self, x, sigma, cond: Cond, negative: bool = False) -> torch.Tensor:
        return self.model(x, _sigma_batch(sigma, x), cond.neg_embeds if negative else cond.embeds)

    def velocity(self, x, sigma, cond: Cond) -> torch.Tensor:
        if self.guidance_scale == 1.0:
            return self.predict(x, sigma, cond)
        both = self.model(torch.cat([x, x]), _sigma_batch(sigma, torch.cat([x, x])),
                          torch.cat([cond.neg_embeds, cond.embeds]))
        uncond, c = both.chunk(2)
        return cfg_combine(uncond, c, self.guidance_scale)

    def decode(self, x: torch.Tensor) -> torch.Tensor:
        return ((self.model.unpatchify(x.float(), 3) + 1) / 2).clamp(0, 1)

    def encode_images(self, images: torch.Tensor) -> torch.Tensor:
        """[N, 3, H, W] in [0, 1] -> packed tokens (the inverse of decode)."""
        return self.model.patchify(images.to(self.device) * 2 - 1)


def load_shapes(path: str | None = None, device="cpu", dtype=torch.float32, guidance_scale: float | None = None):
    """The shipped base model (assets/shapes_base.safetensors) or a checkpoint of it; path="random" builds the
    model from its config with random weights (tests, and before a base model exists)."""
    path = path or os.path.join(ASSETS, "shapes_base.safetensors")
    meta = {}
    if path == "random":
        model = ShapesModel(SHAPES_CONFIG)
    elif not os.path.exists(path):
        raise FileNotFoundError(f"no shapes model at {path}: train one with `python cast_shapes.py pretrain`")
    else:
        from safetensors import safe_open
        with safe_open(path, "pt") as f:
            meta = f.metadata() or {}
        model = ShapesModel(json.loads(meta.get("config", json.dumps(SHAPES_CONFIG))))
        missing, unexpected = model.load_state_dict(load_file(path), strict=False)
        if missing or unexpected:
            raise ValueError(f"{path} does not match the shapes model: missing {missing[:3]}, unexpected {unexpected[:3]}")
    if guidance_scale is None:  # the CFG scale the base model was measured at, saved beside its weights
        guidance_scale = float(meta.get("guidance_scale", 1.0))
    model.to(device=device, dtype=dtype).eval()
    backbone = ShapesBackbone(model, guidance_scale)
    backbone.weights_meta = meta
    return backbone


# ---------------------------------------------------------------------------------------------
# FLUX.2-dev and Qwen-Image(-2512): a diffusers pipeline loaded from a local folder. Every formula
# below is the pipeline's own code path (diffusers 0.42.1 pipeline_flux2.py / pipeline_qwenimage.py),
# and mostly the pipeline's own methods are called, so a same-seed run reproduces the pipeline.
# ---------------------------------------------------------------------------------------------

def _overlapping(offsets, lo: int, hi: int) -> list[int]:
    # Tokens whose character span overlaps [lo, hi) (notes/apis.md §2); padding has empty spans.
    return [i for i, (s, e) in enumerate(offsets) if e > s and s < hi and e > lo]


class DiffusersBackbone(Backbone):
    """What FLUX.2 and Qwen-Image share: the pipeline's parts, a fixed image size, its schedule and its noise."""
    pipeline: str                                          # the diffusers pipeline class
    components = {"scheduler": "scheduler_config.json", "tokenizer": "tokenizer_config.json",
                  "text_encoder": "config.json", "vae": "config.json", "transformer": "config.json"}

    def __init__(self, pipe, height: int, width: int, max_sequence_length: int):
        self.pipe, self.transformer, self.vae = pipe, pipe.transformer, pipe.vae
        self.height, self.width, self.max_sequence_length = height, width, max_sequence_length
        f = 2 * pipe.vae_scale_factor                      # VAE downsampling, then 2x2 latent patches per token
        if height % f or width % f:
            raise ValueError(f"{self.name}: height and width must be multiples of {f}, got {height}x{width}")
        self.grid = (height // f, width // f)
        pipe.set_progress_bar_config(disable=True)

    @property
    def text_encoder(self):
        return self.pipe.text_encoder

    @staticmethod
    def preloaded(path: str) -> dict:
        """Pipeline components to build here instead of by the pipeline's own loader (load_backbone sets them)."""
        return {}

    def free_text_encoder(self) -> None:
        """Drop the text encoder (24B / 7B) once a prompt cache answers `encode` (DESIGN.md, cast_model)."""
        if self._cache is None:
            raise RuntimeError("use_prompt_cache(path) first: without a cache, encode() needs the text encoder")
        self.pipe.text_encoder = None
        if torch.cuda.is_available():
            torch.cuda.empty_cache()

    def _encode_prompt(self, prompts: list[str], **kw):
        if self.pipe.text_encoder is None:
            raise RuntimeError(f"the text encoder was freed; prompts must come from the prompt cache: {prompts[:1]}")
        with torch.no_grad():
            return self.pipe.encode_prompt(prompts, device=self.device, max_sequence_length=self.max_sequence_length,
                                           **kw)

    def sigmas(self, num_steps: int) -> torch.Tensor:
        # Pipeline step "Prepare timesteps": sigmas = linspace(1, 1/N, N), mu from the image token count, then
        # retrieve_timesteps -> scheduler.set_timesteps(sigmas, mu) applies the shift (and Qwen's terminal
        # stretch) and appends the final 0. A fresh scheduler, so the pipeline's own stays untouched.
        from diffusers.pipelines.flux2.pipeline_flux2 import retrieve_timesteps   # the same in pipeline_qwenimage
        sched = type(self.pipe.scheduler).from_config(self.pipe.scheduler.config)
        sig = None if sched.config.get("use_flow_sigmas") else np.linspace(1.0, 1 / num_steps, num_steps)
        retrieve_timesteps(sched, num_steps, "cpu", sigmas=sig, mu=self._mu(self.grid[0] * self.grid[1], num_steps))
        return sched.sigmas.float().clone()

    def noise(self, n: int, generator: torch.Generator | None = None) -> torch.Tensor:
        # The pipeline's prepare_latents: randn in the pipeline's own shape, then packed to [N, L, C].
        out = self.pipe.prepare_latents(n, self.transformer.config.in_channels // 4, self.height, self.width,
                                        self.transformer.dtype, self.device, generator)
        return out[0] if isinstance(out, tuple) else out   # flux2 also returns the token ids

    def predict(self, x, sigma, cond: Cond, negative: bool = False) -> torch.Tensor:
        emb, mask = (cond.neg_embeds, cond.neg_mask) if negative else (cond.embeds, cond.mask)
        if emb is None:
            raise ValueError(f"{self.name}: this Cond has no negative prompt embeddings")
        x = x.to(self.transformer.dtype)                   # as the pipelines' loops do
        # The pipelines pass timestep t/1000, with t = 1000·σ (the scheduler's) cast to the latents' dtype: the
        # same rounding here, so bf16 runs match the pipeline too.
        return self._forward(x, _sigma_batch(sigma * 1000, x) / 1000, emb, mask)

    def _image(self, img: torch.Tensor) -> torch.Tensor:
        return self.pipe.image_processor.postprocess(img, output_type="pt").float()   # [-1, 1] -> [0, 1]


class Flux2Backbone(DiffusersBackbone):
    """FLUX.2-dev (Flux2Pipeline). Text: Mistral-3 hidden states (layers 10, 20, 30 stacked) of all 512 template
    positions, system prompt and padding included, no mask. Guidance-distilled: one pass with the guidance
    scale embedded, no negative prompt, no true CFG."""
    name, pipeline = "flux2", "Flux2Pipeline"

    def __init__(self, pipe, height: int = 1024, width: int = 1024, guidance_scale: float = 4.0,
                 max_sequence_length: int = 512, text_encoder_out_layers=(10, 20, 30)):
        super().__init__(pipe, height, width, max_sequence_length)
        self.guidance_scale, self.text_encoder_out_layers = guidance_scale, tuple(text_encoder_out_layers)
        self.img_ids = pipe._prepare_latent_ids(torch.zeros(1, 1, *self.grid)).to(self.device)  # (t, h, w, l)
        # ConceptAttention's FLUX.2-dev default (notes/method.md): double-stream blocks 5-7 of 8. Kept at the
        # same depth fraction for other block counts, so tiny test models get their last double block.
        n = len(self.transformer.transformer_blocks)
        self.default_capture_layers = [f"transformer_blocks.{i}" for i in range(min(5 * n // 8, n - 1), n)]

    @staticmethod
    def preloaded(path: str) -> dict:
        """The text tokenizer alone, with the folder's chat template. FLUX.2-dev's tokenizer/ folder is a
        PixtralProcessor, which transformers 5 cannot build without torchvision; torchvision is not a requirement
        (its wheel must match the torch build exactly) and the pipeline only ever encodes text: its encode_prompt
        and token_positions call apply_chat_template and the tokenizer, which the text tokenizer has, giving the
        same ids (tests/test_model.py)."""
        from transformers import AutoTokenizer
        folder = os.path.join(path, "tokenizer")
        tok = AutoTokenizer.from_pretrained(folder)
        if not getattr(tok, "chat_template", None):   # a processor may keep its template beside the tokenizer
            files = [os.path.join(folder, f) for f in ("chat_template.jinja", "chat_template.json")]
            found = [f for f in files if os.path.isfile(f)]
            if not found:
                raise FileNotFoundError(f"{folder} has no chat template (tokenizer_config.json, chat_template.jinja "
                                        "or chat_template.json): FLUX.2 renders its prompts with it")
            with open(found[0]) as f:
                tok.chat_template = f.read() if found[0].endswith(".jinja") else json.load(f)["chat_template"]
        return {"tokenizer": tok}

    def _encode(self, prompts: list[str]) -> Cond:
        return Cond(self._encode_prompt(prompts, text_encoder_out_layers=self.text_encoder_out_layers)[0])

    def token_positions(self, prompt: str, span: tuple[int, int]) -> list[int]:
        # Render the chat template as _get_mistral_3_small_prompt_embeds does, find the prompt (the last
        # message) in it, re-tokenize with offsets; padding to max_length gives the same ids as the pipeline.
        from diffusers.pipelines.flux2.pipeline_flux2 import format_input
        proc = self.pipe.tokenizer
        text = proc.apply_chat_template(format_input([prompt], self.pipe.system_message)[0], tokenize=False,
                                        add_generation_prompt=False)
        tok = getattr(proc, "tokenizer", proc)            # PixtralProcessor wraps the tokenizer
        enc = tok(text, add_special_tokens=False, return_offsets_mapping=True, padding="max_length",
                  truncation=True, max_length=self.max_sequence_length)
        start = text.rindex(prompt)
        return _overlapping(enc["offset_mapping"], start + span[0], start + span[1])

    def _mu(self, seq_len: int, num_steps: int) -> float:
        from diffusers.pipelines.flux2.pipeline_flux2 import compute_empirical_mu
        return compute_empirical_mu(seq_len, num_steps)

    def _forward(self, x, t, emb, mask):
        g = torch.full((x.shape[0],), self.guidance_scale, dtype=torch.float32, device=x.device)
        return self.transformer(hidden_states=x, timestep=t, guidance=g, encoder_hidden_states=emb,
                                txt_ids=self.pipe._prepare_text_ids(emb[:1]).to(x.device), img_ids=self.img_ids,
                                return_dict=False)[0]

    def velocity(self, x, sigma, cond: Cond) -> torch.Tensor:
        return self.predict(x, sigma, cond)

    @torch.no_grad()
    def decode(self, x: torch.Tensor) -> torch.Tensor:
        # After the pipeline's loop: tokens back onto the grid, undo the VAE's batch-norm, unpatchify 2x2, decode.
        lat = self.pipe._unpack_latents_with_ids(x, self.img_ids.expand(x.shape[0], -1, -1))
        bn = self.vae.bn
        lat = lat * torch.sqrt(bn.running_var.view(1, -1, 1, 1) + self.vae.config.batch_norm_eps).to(lat) \
            + bn.running_mean.view(1, -1, 1, 1).to(lat)
        return self._image(self.vae.decode(self.pipe._unpatchify_latents(lat).to(self.vae.dtype), return_dict=False)[0])


def _joint_text(cond: Cond) -> Cond:
    """[prompt; negative] as one text batch for one transformer pass. The shorter text is right-padded with zeros
    and masked: a masked key gets exactly zero attention, and Qwen-Image numbers text RoPE positions from 0, so
    padding at the end moves no real token; the image tokens therefore see what they see in separate passes."""
    texts = [(cond.embeds, cond.mask), (cond.neg_embeds, cond.neg_mask)]
    n = max(e.shape[1] for e, _ in texts)
    embeds, masks = [], []
    for e, m in texts:
        m = torch.ones(e.shape[:2], dtype=torch.long, device=e.device) if m is None else m
        embeds.append(F.pad(e, (0, 0, 0, n - e.shape[1])))
        masks.append(F.pad(m, (0, n - e.shape[1])))
    mask = torch.cat(masks)
    return Cond(torch.cat(embeds), None if bool(mask.bool().all()) else mask)


class QwenImageBackbone(DiffusersBackbone):
    """Qwen-Image and Qwen-Image-2512 (QwenImagePipeline). Text: Qwen2.5-VL last hidden states with the template
    prefix dropped, right-padded with a key mask when a batch is ragged. True CFG against a negative prompt
    (default " ", as the pipeline's docs use) and a per-token norm rescale; the prompt and negative passes run as
    one batched pass (cfg_batch=False: two passes, as the pipeline does)."""
    name, pipeline = "qwenimage", "QwenImagePipeline"

    def __init__(self, pipe, height: int = 1024, width: int = 1024, true_cfg_scale: float = 4.0,
                 negative_prompt: str | None = " ", max_sequence_length: int = 512,
                 prompt_template_encode_start_idx: int | None = None, cfg_batch: bool = True):
        super().__init__(pipe, height, width, max_sequence_length)
        self.true_cfg_scale, self.negative_prompt, self.cfg_batch = true_cfg_scale, negative_prompt, cfg_batch
        if prompt_template_encode_start_idx is not None:  # template prefix length; 34 with the real tokenizer
            pipe.prompt_template_encode_start_idx = prompt_template_encode_start_idx
        # No published best layers for Qwen-Image (notes/method.md): three late-middle blocks (36, 42, 48 of 60)
        # are a starting point only; measure localization (cast_advantage's layer sweep) before relying on them.
        n = len(self.transformer.transformer_blocks)
        picks = sorted({min(n * k // 10, n - 1) for k in (6, 7, 8)})
        self.default_capture_layers = [f"transformer_blocks.{i}" for i in picks]

    def _encode(self, prompts: list[str]) -> Cond:
        emb, mask = self._encode_prompt(prompts)
        if self.negative_prompt is None:
            return Cond(emb, mask)
        neg, neg_mask = self._encode_prompt([self.negative_prompt])
        n = len(prompts)
        return Cond(emb, mask, neg.expand(n, -1, -1), None if neg_mask is None else neg_mask.expand(n, -1))

    def token_positions(self, prompt: str, span: tuple[int, int]) -> list[int]:
        # _get_qwen_prompt_embeds: tokenize template.format(prompt), drop the first start_idx tokens; encode_prompt
        # then keeps max_sequence_length of them.
        p = self.pipe
        drop, start = p.prompt_template_encode_start_idx, p.prompt_template_encode.index("{}")
        enc = p.tokenizer(p.prompt_template_encode.format(prompt), max_length=p.tokenizer_max_length + drop,
                          truncation=True, return_offsets_mapping=True)
        return [i - drop for i in _overlapping(enc["offset_mapping"], start + span[0], start + span[1])
                if drop <= i < drop + self.max_sequence_length]

    def _mu(self, seq_len: int, num_steps: int) -> float:
        from diffusers.pipelines.qwenimage.pipeline_qwenimage import calculate_shift
        c = self.pipe.scheduler.config
        return calculate_shift(seq_len, c.get("base_image_seq_len", 256), c.get("max_image_seq_len", 4096),
                               c.get("base_shift", 0.5), c.get("max_shift", 1.15))

    def _forward(self, x, t, emb, mask):
        return self.transformer(hidden_states=x, timestep=t, guidance=None, encoder_hidden_states=emb,
                                encoder_hidden_states_mask=mask, img_shapes=[[(1, *self.grid)]] * x.shape[0],
                                return_dict=False)[0]

    def velocity(self, x, sigma, cond: Cond) -> torch.Tensor:
        if self.true_cfg_scale <= 1 or cond.neg_embeds is None:
            return self.predict(x, sigma, cond)
        if self.cfg_batch:   # one pass over [prompt; negative]: matmuls twice as tall (notes/gpu.md: Qwen's 25% MFU)
            sigma = torch.as_tensor(sigma)
            v, neg = self.predict(torch.cat([x, x]), sigma.repeat(2) if sigma.numel() > 1 else sigma,
                                  _joint_text(cond)).chunk(2)
        else:                # the pipeline's two passes (bit-for-bit its result; half the activation memory)
            v, neg = self.predict(x, sigma, cond), self.predict(x, sigma, cond, negative=True)
        comb = cfg_combine(neg, v, self.true_cfg_scale)
        # QwenImagePipeline's true CFG: rescale each token's guided velocity to the conditional one's norm.
        return comb * (torch.norm(v, dim=-1, keepdim=True) / torch.norm(comb, dim=-1, keepdim=True))

    @torch.no_grad()
    def decode(self, x: torch.Tensor) -> torch.Tensor:
        # After the pipeline's loop: unpack 2x2 patches to [N, C, 1, h, w], undo the latent normalization, decode.
        c = self.vae.config
        lat = self.pipe._unpack_latents(x, self.height, self.width, self.pipe.vae_scale_factor).to(self.vae.dtype)
        mean = torch.tensor(c.latents_mean).view(1, c.z_dim, 1, 1, 1).to(lat)
        lat = lat / (1.0 / torch.tensor(c.latents_std).view(1, c.z_dim, 1, 1, 1).to(lat)) + mean
        return self._image(self.vae.decode(lat, return_dict=False)[0][:, :, 0])


# ---------------------------------------------------------------------------------------------
# Image->text attention capture.
# ---------------------------------------------------------------------------------------------

class AttentionCapture:
    """What `capture_attention` yields. `.maps` is [N, n_img, n_txt]: for each image-token query, the
    softmax attention probability (over ALL keys, text and image) on each text key, averaged over heads
    and over the captured layers. A row therefore sums to the share of attention that went to text (< 1)."""

    def __init__(self, layers: list[str], text_positions: list[int] | None, chunk: int, keep_grad: bool = False):
        self.layers, self.text_positions, self.chunk, self.keep_grad = layers, text_positions, chunk, keep_grad
        self.active: str | None = None
        self.n_txt = 0
        self._sum: torch.Tensor | None = None
        self._calls = 0

    def record(self, query, key, attn_mask, scale):
        # query/key: [B, S, heads, D] with the sequence ordered [text, image] (both FLUX.2 and Qwen-Image).
        n_txt = self.n_txt
        cols = slice(0, n_txt) if self.text_positions is None else torch.as_tensor(self.text_positions)
        scale = scale if scale is not None else 1.0 / math.sqrt(query.shape[-1])
        k = key.transpose(1, 2).float()                                    # [B, H, S, D]
        rows = []
        for q0 in range(n_txt, query.shape[1], self.chunk):               # chunk image queries: bounded memory
            q = query[:, q0:q0 + self.chunk].transpose(1, 2).float()      # [B, H, c, D]
            logits = q @ k.transpose(-1, -2) * scale                       # softmax(q·kᵀ/√D), as SDPA computes it
            if attn_mask is not None:                                      # Qwen-Image: bool key mask [B,1,1,S]
                logits = (logits.masked_fill(~attn_mask, float("-inf")) if attn_mask.dtype == torch.bool
                          else logits + attn_mask)
            rows.append(logits.softmax(-1)[..., cols].mean(1))            # mean over heads -> [B, c, n_cols]
        maps = torch.cat(rows, 1)
        maps = maps if self.keep_grad else maps.detach()
        self._sum = maps if self._sum is None else self._sum + maps
        self._calls += 1

    @property
    def maps(self) -> torch.Tensor:
        if self._sum is None:
            raise RuntimeError("no attention was captured: run a forward pass inside the context")
        return self._sum / self._calls


@contextmanager
def capture_attention(backbone: Backbone, layers: list[str] | None = None, text_positions: list[int] | None = None,
                      chunk: int = 1024, keep_grad: bool = False):
    """Capture image-query -> text-key attention of the named blocks (e.g. "single_transformer_blocks.1",
    "transformer_blocks.59") during the forward passes run inside the context.

    How: a forward pre-hook on each chosen block's `attn` marks it active, and the transformer module's
    `dispatch_attention_fn` is wrapped so that, while a chosen block is active, it also computes the
    softmax rows of the image queries. The wrapped function then calls the original with the same
    arguments, so the model's output is bit-identical with and without capture. Only the [image, text]
    block of the probabilities is kept and reduced over heads at once, so memory stays at
    N·n_img·n_txt floats (8 MB per 1024-px image with 512 text tokens) instead of the full matrix.
    keep_grad=True keeps the maps in the autograd graph (the shapes pretraining's alignment loss).
    """
    import sys
    tr = backbone.transformer
    layers = layers or backbone.default_capture_layers
    cap = AttentionCapture(layers, text_positions, chunk, keep_grad)
    # The module whose dispatch_attention_fn the blocks call (FSDP2 and peft wrap the class: walk its MRO).
    cls = type(tr.get_base_model() if hasattr(tr, "get_base_model") else tr)
    module = next(sys.modules[c.__module__] for c in cls.__mro__
                  if hasattr(sys.modules[c.__module__], "dispatch_attention_fn"))
    original = module.dispatch_attention_fn

    def dispatch(query, key, value, attn_mask=None, *args, scale=None, **kwargs):
        if cap.active is not None:
            cap.record(query, key, attn_mask, scale)
        return original(query, key, value, attn_mask, *args, scale=scale, **kwargs)

    def set_text_len(_, args, kwargs):
        cap.n_txt = kwargs["encoder_hidden_states"].shape[1]

    handles = [tr.register_forward_pre_hook(set_text_len, with_kwargs=True)]
    named = dict(tr.named_modules())
    for name in layers:
        if name + ".attn" not in named:
            raise KeyError(f"no attention block {name!r} in {type(tr).__name__}")
        attn = named[name + ".attn"]
        handles.append(attn.register_forward_pre_hook(lambda m, a, n=name: setattr(cap, "active", n)))
        handles.append(attn.register_forward_hook(lambda m, a, o: setattr(cap, "active", None)))
    module.dispatch_attention_fn = dispatch
    try:
        yield cap
    finally:
        module.dispatch_attention_fn = original
        for h in handles:
            h.remove()


class _Captured(Exception):
    """Raised by a hook on the last captured block: nothing after it can change the captured attention."""


def capture_pass(backbone: Backbone, x: torch.Tensor, sigma, cond: Cond, layers: list[str]) -> None:
    """`backbone.predict(x, sigma, cond)` run inside capture_attention contexts, stopped right after the last of
    `layers` (in execution order, which is the transformer's module order): the maps are those of the full pass
    (the blocks after it only change what is discarded), at a fraction of its cost. FLUX.2-dev's default layers,
    double blocks 5-7, end the pass after 3.92 B of the 27.48 B weights a token meets (14%, notes/gpu.md)."""
    named = dict(backbone.transformer.named_modules())
    order = {name: i for i, name in enumerate(named)}
    missing = [name for name in layers if name not in order]
    if missing:
        raise KeyError(f"no block {missing[0]!r} in {type(backbone.transformer).__name__}")

    def stop(module, args, output):
        raise _Captured

    handle = named[max(layers, key=order.__getitem__)].register_forward_hook(stop)
    try:
        backbone.predict(x, sigma, cond)
    except _Captured:
        pass
    finally:
        handle.remove()


# ---------------------------------------------------------------------------------------------
# Shared by the method files: the deterministic sampler and a picture grid.
# ---------------------------------------------------------------------------------------------

@torch.no_grad()
def sample_ode(backbone: Backbone, cond: Cond, x: torch.Tensor, num_steps: int, trajectory: bool = False):
    """Euler ODE from noise x (σ = 1) to an image latent (σ = 0): x' = x + (σ' − σ)·v (notes/method.md).
    With trajectory=True also returns every x_t and every clean estimate x̂0 = x_t − σ_t·v."""
    sig = backbone.sigmas(num_steps).to(x.device)
    xs, x0s = [], []
    for i in range(num_steps):
        v = backbone.velocity(x, sig[i], cond)
        if trajectory:
            xs.append(x)
            x0s.append(x - sig[i] * v)
        x = x + (sig[i + 1] - sig[i]) * v
    return (x, torch.stack(xs, 1), torch.stack(x0s, 1)) if trajectory else x


def save_grid(images: torch.Tensor, path: str, labels: list[str] | None = None, ncol: int = 8, scale: int = 4):
    """Images [N, 3, H, W] in [0, 1] as one PNG, upscaled `scale`x (nearest), each with a small caption."""
    from PIL import Image, ImageDraw
    n, _, h, w = images.shape
    H, W, pad = h * scale, w * scale, 12 if labels else 0
    ncol = min(ncol, n)
    nrow = math.ceil(n / ncol)
    sheet = Image.new("RGB", (ncol * (W + 2), nrow * (H + pad + 2)), (40, 40, 40))
    draw = ImageDraw.Draw(sheet)
    arr = (images.detach().float().clamp(0, 1) * 255).round().byte().permute(0, 2, 3, 1).cpu().numpy()
    for i in range(n):
        r, c = divmod(i, ncol)
        x0, y0 = c * (W + 2), r * (H + pad + 2)
        sheet.paste(Image.fromarray(arr[i]).resize((W, H), Image.NEAREST), (x0, y0 + pad))
        if labels:
            draw.text((x0 + 1, y0), labels[i][: W // 6], fill=(230, 230, 230))
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    sheet.save(path)


# ---------------------------------------------------------------------------------------------
# Loading, and the command line.
# ---------------------------------------------------------------------------------------------

BACKBONES = {"shapes": ShapesBackbone, "flux2": Flux2Backbone, "qwenimage": QwenImageBackbone}


def check_model_folder(path: str | None, cls: type[DiffusersBackbone]) -> None:
    """One clear error naming everything the pipeline would need and the folder lacks, before diffusers runs."""
    if not path or not os.path.isdir(path):
        raise FileNotFoundError(f"backbone {cls.name!r}: model folder {path!r} does not exist; pass --model-path, a "
                                f"local {cls.pipeline} folder in diffusers layout (nothing is downloaded)")
    missing = [] if os.path.isfile(os.path.join(path, "model_index.json")) else ["model_index.json"]
    for sub, config in cls.components.items():
        if not os.path.isfile(os.path.join(path, sub, config)):
            missing.append(f"{sub}/{config}")
        elif sub in ("text_encoder", "vae", "transformer") and not any(
                f.endswith((".safetensors", ".bin")) for f in os.listdir(os.path.join(path, sub))):
            missing.append(f"{sub}/ weights (*.safetensors)")
    if missing:
        raise FileNotFoundError(f"{path} is not a complete {cls.pipeline} folder: it is missing {', '.join(missing)}")
    with open(os.path.join(path, "model_index.json")) as f:
        found = json.load(f).get("_class_name")
    if found != cls.pipeline:
        raise ValueError(f"{path} holds a {found}, but backbone {cls.name!r} needs a {cls.pipeline}")


def load_backbone(name: str, path: str | None = None, device="cpu", dtype=torch.float32, **kwargs) -> Backbone:
    """"shapes" (path: a shapes_base.safetensors), "flux2" or "qwenimage" (path: a local diffusers folder).
    path="random": the architecture from its published config with random weights and no text encoder
    (cast_random.py; kwargs config= and vae_config= override the configs), to size or dry-run a run.
    kwargs go to the backbone: height, width, guidance_scale / true_cfg_scale, negative_prompt, ..."""
    if name not in BACKBONES:
        raise ValueError(f"unknown backbone {name!r}; choose one of {', '.join(BACKBONES)}")
    if name == "shapes":
        return load_shapes(path, device, dtype, **kwargs)
    if path == "random":
        from cast_random import random_backbone   # imported here: cast_random builds on this module's classes
        return random_backbone(name, device, dtype, **kwargs)
    cls = BACKBONES[name]
    check_model_folder(path, cls)
    import diffusers
    parts = cls.preloaded(path)
    # Skipped by the pipeline's loader (None), then set: diffusers type-checks a passed part against the class the
    # folder names, which fails when that class cannot be imported (FLUX.2's PixtralProcessor without torchvision).
    pipe = getattr(diffusers, cls.pipeline).from_pretrained(path, dtype=dtype, local_files_only=True,
                                                            **dict.fromkeys(parts))
    pipe.register_modules(**parts)
    return cls(pipe.to(device), **kwargs)


def main():
    ap = argparse.ArgumentParser(description="Load a backbone; print its size and one forward's time, with and "
                                             "without attention capture of its default layers.")
    ap.add_argument("--backbone", default="shapes", choices=list(BACKBONES))
    ap.add_argument("--model-path", help="local diffusers folder (flux2, qwenimage), shapes .safetensors, or 'random'")
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    ap.add_argument("--dtype", default="float32", choices=["float32", "bfloat16", "float16"])
    ap.add_argument("--option", action="append", default=[], metavar="KEY=JSON",
                    help="backbone argument, e.g. height=512 or text_encoder_out_layers=[1,2,3]")
    ap.add_argument("--prompt", default="two red circles left of a blue square")
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    kwargs = {k: json.loads(v) for k, v in (o.split("=", 1) for o in args.option)}
    bb = load_backbone(args.backbone, args.model_path, args.device, getattr(torch, args.dtype), **kwargs)
    parts = bb.pipe.components if hasattr(bb, "pipe") else {"model": bb.model}
    print(f"{bb.name}: {type(bb.transformer).__name__} {dict(bb.transformer.config)}")
    for part, m in parts.items():
        if isinstance(m, nn.Module):
            print(f"  {part:13s} {sum(p.numel() for p in m.parameters()):,} parameters")
    print(f"  latent grid {bb.grid}, capture layers {bb.default_capture_layers}")

    def timed(fn):                                         # ms per call, after one warm-up call
        sync = torch.cuda.synchronize if bb.device.type == "cuda" else (lambda: None)
        fn()
        sync()
        t0 = time.perf_counter()
        for _ in range(args.repeats):
            fn()
        sync()
        return (time.perf_counter() - t0) / args.repeats * 1e3

    def captured():
        with capture_attention(bb) as cap:
            bb.predict(x, 0.5, cond)
        return cap.maps

    with torch.no_grad():
        cond = bb.encode([args.prompt])
        x = bb.noise(1, torch.Generator().manual_seed(0))
        plain, with_cap = timed(lambda: bb.predict(x, 0.5, cond)), timed(captured)
    print(f"  forward {plain:.1f} ms, with capture {with_cap:.1f} ms ({x.shape[1]} image x {cond.embeds.shape[1]} "
          f"text tokens, {args.device}, {args.dtype})")


if __name__ == "__main__":
    main()
