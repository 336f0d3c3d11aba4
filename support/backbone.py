"""support/backbone.py: the one small interface every method file uses (every difference between FLUX.2-dev,
Qwen-Image and the shapes model lives behind `Backbone`), image->text attention capture, and the ODE sampler.

    bb = support.models.load_backbone("shapes")               # or "flux2" / "qwenimage", path=<local folder>
    cond = bb.encode(["two red circles left of a blue square"])
    x = bb.noise(1, torch.Generator().manual_seed(0))     # [N, P, C] packed latent tokens
    sig = bb.sigmas(10)                                   # the model's own schedule, ends at 0
    for i in range(10):                                   # Euler ODE: x' = x + (σ' − σ)·v
        x = x + (sig[i + 1] - sig[i]) * bb.velocity(x, sig[i], cond)
    images = bb.decode(x)                                 # [N, 3, H, W] in [0, 1]

    with capture_attention(bb, bb.default_capture_layers) as cap:
        bb.predict(x_noised, sigma, cond)                 # one conditional pass
    cap.maps                                              # [N, n_img, n_txt], mean over heads and layers
"""

from __future__ import annotations

import hashlib
import math
import sys
from contextlib import contextmanager
from dataclasses import dataclass, fields

import torch
import torch.nn as nn

from support.checkpoint import load_tensors, save_tensors


def seed_of(*parts) -> int:
    """A seed from e.g. (seed, iteration, global group, sample) for `Backbone.noise`'s generator: the same noise
    whatever the number of processes."""
    return (
        int.from_bytes(hashlib.sha256("/".join(map(str, parts)).encode()).digest()[:8], "little")
        >> 1
    )


@dataclass
class Draws:
    """Every random draw of one iteration on one rank, each from its own seed (`seed_of`): a sample's draws depend on
    (seed, iteration, its global group, its index in the group) only, never on the number of processes."""

    noise: list[torch.Generator]  # per sample: its initial noise, then its window steps' ε
    window: list[torch.Generator]  # per sample: its window start (not the noise's generator)
    maps: list[int]  # per group: the denoiser stand-in's map seeds (--grounding dit)
    shuffle: torch.Generator  # the shuffled-maps ablation's permutation (per rank)


def iteration_draws(seed: int, iteration: int, rank: int, groups: int, group_size: int) -> Draws:
    """The draws of `groups` groups of `group_size` samples on `rank`, whose groups are [rank·groups, (rank+1)·groups)."""
    first = rank * groups
    samples = [(first + g, j) for g in range(groups) for j in range(group_size)]
    gen = lambda *parts: torch.Generator().manual_seed(seed_of(seed, iteration, *parts))  # noqa: E731
    return Draws(
        noise=[gen(g, j) for g, j in samples],
        window=[gen(g, j, "window") for g, j in samples],
        maps=[seed_of(seed, iteration, first + g, "maps") for g in range(groups)],
        shuffle=gen(rank, "shuffle"),
    )


@dataclass
class Cond:
    """Text conditioning: embeddings [N, S, D], optional key mask [N, S] (1 = real token), and true CFG's negative."""

    embeds: torch.Tensor
    mask: torch.Tensor | None = None
    neg_embeds: torch.Tensor | None = None
    neg_mask: torch.Tensor | None = None

    def _map(self, fn) -> Cond:
        return Cond(
            *[
                None if getattr(self, f.name) is None else fn(getattr(self, f.name))
                for f in fields(self)
            ]
        )

    def select(self, index) -> Cond:
        """Rows `index` (a LongTensor or list), e.g. `cond.select(group)` repeats each prompt over its group."""
        index = torch.as_tensor(index, dtype=torch.long)
        return self._map(lambda t: t[index.to(t.device)])

    def to(self, device) -> Cond:
        return self._map(lambda t: t.to(device))


def save_prompt_cache(path: str, prompts: list[str], cond: Cond) -> None:
    """Save encoded prompts so the (24B / 7B) text encoder can be freed before training."""
    save_tensors(
        path,
        {f.name: getattr(cond, f.name) for f in fields(cond) if getattr(cond, f.name) is not None},
        prompts=prompts,
    )


def load_prompt_cache(path: str) -> tuple[list[str], Cond]:
    tensors, meta = load_tensors(path)
    return meta["prompts"], Cond(**tensors)


class Backbone:
    """Subclasses set `transformer` (what LoRA attaches to), `grid` (latent h, w) and `default_capture_layers`."""

    transformer: nn.Module
    grid: tuple[int, int]
    default_capture_layers: list[str]
    name: str = "backbone"
    # peft target_modules for LoRA (FLUX.2 needs a regex: "attn.to_out" alone is ambiguous).
    lora_targets: list[str] | str = (
        r".*(transformer_blocks\.\d+\.attn\.(to_q|to_k|to_v|to_out\.0|add_q_proj|"
        r"add_k_proj|add_v_proj|to_add_out)|single_transformer_blocks\.\d+\.attn\."
        r"(to_qkv_mlp_proj|to_out))$"
    )
    pipeline_class: str = (
        "Flux2Pipeline"  # the diffusers pipeline whose LoRA file format we write and load
    )
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
        """Why the text encoder cannot read all of `prompt` (None if it can): its last character maps to no token."""
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
    """σ as one value per row of x [B, ...]: a scalar for every row, or [N] one per sample, repeated when x stacks k
    copies of the batch (true CFG)."""
    s = torch.as_tensor(sigma, dtype=x.dtype, device=x.device).reshape(-1)
    if s.numel() == 1:
        return s.expand(x.shape[0])
    if x.shape[0] % s.numel():
        raise ValueError(
            f"{s.numel()} sigmas for a batch of {x.shape[0]}: give one, or one per sample"
        )
    return s.repeat(x.shape[0] // s.numel())


def cfg_combine(uncond: torch.Tensor, cond: torch.Tensor, scale: float) -> torch.Tensor:
    # Classifier-free guidance (Ho & Salimans 2022): v = v_u + s·(v_c − v_u).
    return uncond + scale * (cond - uncond)


# ---------------------------------------------------------------------------------------------- attention capture


class AttentionCapture:
    """What `capture_attention` yields. `.maps` [N, n_img, n_txt]: each image query's softmax probability (over ALL
    keys) on each text key, averaged over heads and captured layers; a row sums to its share on text (< 1)."""

    def __init__(
        self,
        layers: list[str],
        text_positions: list[int] | None,
        chunk: int,
        keep_grad: bool = False,
    ):
        self.layers, self.text_positions, self.chunk, self.keep_grad = (
            layers,
            text_positions,
            chunk,
            keep_grad,
        )
        self.active, self.n_txt, self._sum, self._calls = None, 0, None, 0

    def record(self, query, key, attn_mask, scale):
        # query/key: [B, S, heads, D] with the sequence ordered [text, image] (both FLUX.2 and Qwen-Image).
        n_txt = self.n_txt
        cols = (
            slice(0, n_txt) if self.text_positions is None else torch.as_tensor(self.text_positions)
        )
        scale = scale if scale is not None else 1.0 / math.sqrt(query.shape[-1])
        k = key.transpose(1, 2).float()  # [B, H, S, D]
        rows = []
        for q0 in range(n_txt, query.shape[1], self.chunk):  # chunk image queries: bounded memory
            q = query[:, q0 : q0 + self.chunk].transpose(1, 2).float()  # [B, H, c, D]
            logits = q @ k.transpose(-1, -2) * scale  # softmax(q·kᵀ/√D), as SDPA computes it
            if attn_mask is not None:  # Qwen-Image: bool key mask [B,1,1,S]
                logits = (
                    logits.masked_fill(~attn_mask, float("-inf"))
                    if attn_mask.dtype == torch.bool
                    else logits + attn_mask
                )
            rows.append(logits.softmax(-1)[..., cols].mean(1))  # mean over heads -> [B, c, n_cols]
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
def capture_attention(
    backbone: Backbone,
    layers: list[str] | None = None,
    text_positions: list[int] | None = None,
    chunk: int = 1024,
    keep_grad: bool = False,
):
    """Capture image-query -> text-key attention of the named blocks (e.g. "transformer_blocks.59") during the
    forward passes inside the context: the module's `dispatch_attention_fn` is wrapped to also compute the image
    queries' softmax rows while a chosen block runs, then call the original (the output is bit-identical). Only the
    [image, text] block is kept, reduced over heads: N·n_img·n_txt floats. keep_grad keeps the autograd graph."""
    tr = backbone.transformer
    layers = layers or backbone.default_capture_layers
    cap = AttentionCapture(layers, text_positions, chunk, keep_grad)
    # The module whose dispatch_attention_fn the blocks call (FSDP2 and peft wrap the class: walk its MRO).
    cls = type(tr.get_base_model() if hasattr(tr, "get_base_model") else tr)
    module = next(
        sys.modules[c.__module__]
        for c in cls.__mro__
        if hasattr(sys.modules[c.__module__], "dispatch_attention_fn")
    )
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
        handles.append(
            attn.register_forward_pre_hook(lambda m, a, n=name: setattr(cap, "active", n))
        )
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
    """`backbone.predict(x, sigma, cond)` inside capture_attention contexts, stopped right after the last of `layers`:
    the full pass's maps at a fraction of its cost (FLUX.2-dev's default layers: 3.92 B of 27.48 B weights, 14%)."""
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


# ---------------------------------------------------------------------------------------------- the sampler


@torch.no_grad()
def sample_ode(
    backbone: Backbone, cond: Cond, x: torch.Tensor, num_steps: int, trajectory: bool = False
):
    """Euler ODE from noise x (σ = 1) to an image latent (σ = 0): x' = x + (σ' − σ)·v.
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
