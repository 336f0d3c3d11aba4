"""support/shapes_model.py: the shapes world's base model, a small FLUX.2 transformer on packed 4x4 pixel patches (no
VAE) with a word-level text encoder, behind the `Backbone` interface. support/shapes_pretrain.py trains it; the
trained weights ship as assets/shapes_base.safetensors.

    bb = load_shapes()                                    # or load_shapes("random"), or a checkpoint path
"""
from __future__ import annotations

import json
import os
import re

import torch
import torch.nn as nn
from safetensors import safe_open
from safetensors.torch import load_file

from cast_csg import InputError
from support.assets import ASSETS, weights_problem
from support.backbone import Backbone, Cond, _sigma_batch, cfg_combine

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
    """Flux2Transformer2DModel on 4x4 pixel patches plus a residual conv head (measured while
    prototyping: the head draws cleaner edges). velocity = linear velocity + convs(linear velocity, features, x_t);
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


TF32_FLAGS = (torch.backends.cuda.matmul, torch.backends.cudnn.conv, torch.backends.cudnn.rnn)


def full_fp32() -> None:
    """TF32 off in this process, called when the shapes model goes to a GPU: its fp32 weights were trained and are
    judged on the CPU, and cuDNN runs convolutions (its conv head) in TF32 by default, with 10-bit mantissas. The
    flags are read as each kernel runs, the backward's too, so they stay set for the process (real backbones compute
    in bf16 and never load this model). PyTorch's per-backend `fp32_precision` flags: the legacy allow_tf32 flags
    must not be mixed with them."""
    for flags in TF32_FLAGS:
        flags.fp32_precision = "ieee"


class ShapesBackbone(Backbone):
    """The shapes world's base model (support/shapes_pretrain.py trains it). Pixels in [-1, 1], black = -1."""
    name = "shapes"

    def __init__(self, model: ShapesModel, guidance_scale: float = 1.0):
        self.model = model
        self.transformer = model.transformer
        self.guidance_scale = guidance_scale
        n = model.config["image_size"] // model.config["patch"]
        self.grid = (n, n)
        # Measured in cast_advantage.py's layer sweep (README): the last single-stream block is the one
        # whose image->text attention lands on the named object; averaging in others dilutes it.
        last = len(self.transformer.single_transformer_blocks) - 1
        self.default_capture_layers = [f"single_transformer_blocks.{last}"]

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
        raise FileNotFoundError(f"no shapes model at {path}: train one with "
                                "`python -m support.shapes_pretrain pretrain`")
    elif why := weights_problem(path):      # damaged or truncated: one line with the fix, not safetensors' traceback
        raise InputError(why)
    else:
        with safe_open(path, "pt") as f:
            meta = f.metadata() or {}
        model = ShapesModel(json.loads(meta.get("config", json.dumps(SHAPES_CONFIG))))
        missing, unexpected = model.load_state_dict(load_file(path), strict=False)
        if missing or unexpected:
            raise ValueError(f"{path} does not match the shapes model: missing {missing[:3]}, "
                             f"unexpected {unexpected[:3]}")
    if guidance_scale is None:  # the CFG scale the base model was measured at, saved beside its weights
        guidance_scale = float(meta.get("guidance_scale", 1.0))
    if torch.device(device).type == "cuda":
        full_fp32()             # the same numbers as on the CPU
    model.to(device=device, dtype=dtype).eval()
    backbone = ShapesBackbone(model, guidance_scale)
    backbone.weights_meta = meta
    return backbone
