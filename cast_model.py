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

Run alone: `python cast_model.py --backbone shapes` prints the model, its size and a forward time.
Real models load from a local folder in diffusers layout; nothing is downloaded.
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
            return self._cache_cond.select([self._cache[p] for p in prompts])
        return self._encode(prompts)

    def token_positions(self, prompt: str, span: tuple[int, int]) -> list[int]:
        raise NotImplementedError

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
    """The shipped base model (assets/shapes_base.safetensors), or random weights when it is absent."""
    path = path or os.path.join(ASSETS, "shapes_base.safetensors")
    config = SHAPES_CONFIG
    if os.path.exists(path):
        from safetensors import safe_open
        with safe_open(path, "pt") as f:
            meta = f.metadata() or {}
        config = json.loads(meta.get("config", json.dumps(SHAPES_CONFIG)))
        model = ShapesModel(config)
        missing, unexpected = model.load_state_dict(load_file(path), strict=False)
        if missing or unexpected:
            raise ValueError(f"{path} does not match the shapes model: missing {missing[:3]}, unexpected {unexpected[:3]}")
        if guidance_scale is None:  # the CFG scale the base model was measured at, saved beside its weights
            guidance_scale = float(meta.get("guidance_scale", 1.0))
    else:
        model = ShapesModel(config)
    model.to(device=device, dtype=dtype).eval()
    return ShapesBackbone(model, 1.0 if guidance_scale is None else guidance_scale)


# ---------------------------------------------------------------------------------------------
# Image->text attention capture.
# ---------------------------------------------------------------------------------------------

class AttentionCapture:
    """What `capture_attention` yields. `.maps` is [N, n_img, n_txt]: for each image-token query, the
    softmax attention probability (over ALL keys, text and image) on each text key, averaged over heads
    and over the captured layers. A row therefore sums to the share of attention that went to text (< 1)."""

    def __init__(self, layers: list[str], text_positions: list[int] | None, chunk: int):
        self.layers, self.text_positions, self.chunk = layers, text_positions, chunk
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
        maps = torch.cat(rows, 1).detach()
        self._sum = maps if self._sum is None else self._sum + maps
        self._calls += 1

    @property
    def maps(self) -> torch.Tensor:
        if self._sum is None:
            raise RuntimeError("no attention was captured: run a forward pass inside the context")
        return self._sum / self._calls


@contextmanager
def capture_attention(backbone: Backbone, layers: list[str] | None = None, text_positions: list[int] | None = None,
                      chunk: int = 1024):
    """Capture image-query -> text-key attention of the named blocks (e.g. "single_transformer_blocks.1",
    "transformer_blocks.59") during the forward passes run inside the context.

    How: a forward pre-hook on each chosen block's `attn` marks it active, and the transformer module's
    `dispatch_attention_fn` is wrapped so that, while a chosen block is active, it also computes the
    softmax rows of the image queries. The wrapped function then calls the original with the same
    arguments, so the model's output is bit-identical with and without capture. Only the [image, text]
    block of the probabilities is kept and reduced over heads at once, so memory stays at
    N·n_img·n_txt floats (8 MB per 1024-px image with 512 text tokens) instead of the full matrix.
    """
    import sys
    tr = backbone.transformer
    layers = layers or backbone.default_capture_layers
    cap = AttentionCapture(layers, text_positions, chunk)
    module = sys.modules[type(tr.get_base_model() if hasattr(tr, "get_base_model") else tr).__module__]
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
