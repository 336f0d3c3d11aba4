"""support/real/flux_qwen.py: FLUX.2-dev and Qwen-Image(-2512) behind the `Backbone` interface, on the pipeline's own
code path (diffusers 0.42.1), so a same-seed run reproduces the pipeline (tests/test_model.py).
"""

from __future__ import annotations

import json
import os

import numpy as np
import torch
import torch.nn.functional as F

from support.backbone import Backbone, Cond, _sigma_batch, cfg_combine


def _overlapping(offsets, lo: int, hi: int) -> list[int]:
    # Tokens whose character span overlaps [lo, hi); padding has empty spans.
    return [i for i, (s, e) in enumerate(offsets) if e > s and s < hi and e > lo]


class DiffusersBackbone(Backbone):
    """What FLUX.2 and Qwen-Image share: the pipeline's parts, a fixed image size, its schedule and its noise."""

    pipeline: str  # the diffusers pipeline class
    components = {
        "scheduler": "scheduler_config.json",
        "tokenizer": "tokenizer_config.json",
        "text_encoder": "config.json",
        "vae": "config.json",
        "transformer": "config.json",
    }

    def __init__(self, pipe, height: int, width: int, max_sequence_length: int):
        self.pipe, self.transformer, self.vae = pipe, pipe.transformer, pipe.vae
        self.height, self.width, self.max_sequence_length = height, width, max_sequence_length
        f = 2 * pipe.vae_scale_factor  # VAE downsampling, then 2x2 latent patches per token
        if height % f or width % f:
            raise ValueError(
                f"{self.name}: height and width must be multiples of {f}, got {height}x{width}"
            )
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
        """Drop the text encoder (24B / 7B) once a prompt cache answers `encode` (docs/DESIGN.md, support/models.py)."""
        if self._cache is None:
            raise RuntimeError(
                "use_prompt_cache(path) first: without a cache, encode() needs the text encoder"
            )
        self.pipe.text_encoder = None
        if torch.cuda.is_available():
            torch.cuda.empty_cache()

    def _encode_prompt(self, prompts: list[str], **kw):
        if self.pipe.text_encoder is None:
            raise RuntimeError(
                f"the text encoder was freed; prompts must come from the prompt cache: {prompts[:1]}"
            )
        with torch.no_grad():
            return self.pipe.encode_prompt(
                prompts, device=self.device, max_sequence_length=self.max_sequence_length, **kw
            )

    def sigmas(self, num_steps: int) -> torch.Tensor:
        # The pipeline's "Prepare timesteps": linspace(1, 1/N, N), shifted by mu, then 0; on a fresh scheduler.
        from diffusers.pipelines.flux2.pipeline_flux2 import (
            retrieve_timesteps,
        )  # the same in pipeline_qwenimage

        sched = type(self.pipe.scheduler).from_config(self.pipe.scheduler.config)
        sig = (
            None
            if sched.config.get("use_flow_sigmas")
            else np.linspace(1.0, 1 / num_steps, num_steps)
        )
        retrieve_timesteps(
            sched, num_steps, "cpu", sigmas=sig, mu=self._mu(self.grid[0] * self.grid[1], num_steps)
        )
        return sched.sigmas.float().clone()

    def noise(self, n: int, generator: torch.Generator | None = None) -> torch.Tensor:
        # The pipeline's prepare_latents: randn in the pipeline's own shape, then packed to [N, P, C].
        out = self.pipe.prepare_latents(
            n,
            self.transformer.config.in_channels // 4,
            self.height,
            self.width,
            self.transformer.dtype,
            self.device,
            generator,
        )
        return out[0] if isinstance(out, tuple) else out  # flux2 also returns the token ids

    def predict(self, x, sigma, cond: Cond, negative: bool = False) -> torch.Tensor:
        emb, mask = (cond.neg_embeds, cond.neg_mask) if negative else (cond.embeds, cond.mask)
        if emb is None:
            raise ValueError(f"{self.name}: this Cond has no negative prompt embeddings")
        x = x.to(self.transformer.dtype)  # as the pipelines' loops do
        # The pipelines pass t/1000 with t = 1000·σ cast to the latents' dtype: the same rounding in bf16.
        return self._forward(x, _sigma_batch(sigma * 1000, x) / 1000, emb, mask)

    def _image(self, img: torch.Tensor) -> torch.Tensor:
        return self.pipe.image_processor.postprocess(
            img, output_type="pt"
        ).float()  # [-1, 1] -> [0, 1]


class Flux2Backbone(DiffusersBackbone):
    """FLUX.2-dev: Mistral-3 hidden states (layers 10, 20, 30) of all 512 positions; guidance-distilled, no CFG."""

    name, pipeline = "flux2", "Flux2Pipeline"

    def __init__(
        self,
        pipe,
        height: int = 1024,
        width: int = 1024,
        guidance_scale: float = 4.0,
        max_sequence_length: int = 512,
        text_encoder_out_layers=(10, 20, 30),
    ):
        super().__init__(pipe, height, width, max_sequence_length)
        self.guidance_scale, self.text_encoder_out_layers = (
            guidance_scale,
            tuple(text_encoder_out_layers),
        )
        self.img_ids = pipe._prepare_latent_ids(torch.zeros(1, 1, *self.grid)).to(
            self.device
        )  # (t, h, w, l)
        # ConceptAttention's FLUX.2-dev default, double blocks 5-7 of 8, at the same depth fraction for other sizes
        n = len(self.transformer.transformer_blocks)
        self.default_capture_layers = [
            f"transformer_blocks.{i}" for i in range(min(5 * n // 8, n - 1), n)
        ]

    @staticmethod
    def preloaded(path: str) -> dict:
        """The text tokenizer alone, with the folder's chat template: FLUX.2-dev's PixtralProcessor needs
        torchvision, and the pipeline only encodes text, which the tokenizer does with the same ids."""
        from transformers import AutoTokenizer

        folder = os.path.join(path, "tokenizer")
        tok = AutoTokenizer.from_pretrained(folder)
        if not getattr(
            tok, "chat_template", None
        ):  # a processor may keep its template beside the tokenizer
            files = [os.path.join(folder, f) for f in ("chat_template.jinja", "chat_template.json")]
            found = [f for f in files if os.path.isfile(f)]
            if not found:
                raise FileNotFoundError(
                    f"{folder} has no chat template (tokenizer_config.json, chat_template.jinja "
                    "or chat_template.json): FLUX.2 renders its prompts with it"
                )
            with open(found[0]) as f:
                tok.chat_template = (
                    f.read() if found[0].endswith(".jinja") else json.load(f)["chat_template"]
                )
        return {"tokenizer": tok}

    def _encode(self, prompts: list[str]) -> Cond:
        return Cond(
            self._encode_prompt(prompts, text_encoder_out_layers=self.text_encoder_out_layers)[0]
        )

    def token_positions(self, prompt: str, span: tuple[int, int]) -> list[int]:
        # Render the chat template as _get_mistral_3_small_prompt_embeds does, find the prompt (the last
        # message) in it, re-tokenize with offsets; padding to max_length gives the same ids as the pipeline.
        from diffusers.pipelines.flux2.pipeline_flux2 import format_input

        proc = self.pipe.tokenizer
        text = proc.apply_chat_template(
            format_input([prompt], self.pipe.system_message)[0],
            tokenize=False,
            add_generation_prompt=False,
        )
        tok = getattr(proc, "tokenizer", proc)  # PixtralProcessor wraps the tokenizer
        enc = tok(
            text,
            add_special_tokens=False,
            return_offsets_mapping=True,
            padding="max_length",
            truncation=True,
            max_length=self.max_sequence_length,
        )
        start = text.rindex(prompt)
        return _overlapping(enc["offset_mapping"], start + span[0], start + span[1])

    def _mu(self, seq_len: int, num_steps: int) -> float:
        from diffusers.pipelines.flux2.pipeline_flux2 import compute_empirical_mu

        return compute_empirical_mu(seq_len, num_steps)

    def _forward(self, x, t, emb, mask):
        g = torch.full((x.shape[0],), self.guidance_scale, dtype=torch.float32, device=x.device)
        return self.transformer(
            hidden_states=x,
            timestep=t,
            guidance=g,
            encoder_hidden_states=emb,
            txt_ids=self.pipe._prepare_text_ids(emb[:1]).to(x.device),
            img_ids=self.img_ids,
            return_dict=False,
        )[0]

    def velocity(self, x, sigma, cond: Cond) -> torch.Tensor:
        return self.predict(x, sigma, cond)

    @torch.no_grad()
    def decode(self, x: torch.Tensor) -> torch.Tensor:
        # After the pipeline's loop: tokens back onto the grid, undo the VAE's batch-norm, unpatchify 2x2, decode.
        lat = self.pipe._unpack_latents_with_ids(x, self.img_ids.expand(x.shape[0], -1, -1))
        bn = self.vae.bn
        lat = lat * torch.sqrt(
            bn.running_var.view(1, -1, 1, 1) + self.vae.config.batch_norm_eps
        ).to(lat) + bn.running_mean.view(1, -1, 1, 1).to(lat)
        return self._image(
            self.vae.decode(
                self.pipe._unpatchify_latents(lat).to(self.vae.dtype), return_dict=False
            )[0]
        )


def _joint_text(cond: Cond) -> Cond:
    """[prompt; negative] as one text batch, the shorter right-padded and masked: image tokens see what they see in
    separate passes (a masked key gets zero attention; text RoPE counts from 0)."""
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
    """Qwen-Image(-2512): Qwen2.5-VL last hidden states, masked when ragged; true CFG against a negative prompt with
    a per-token norm rescale, both in one batched pass (cfg_batch=False: two, as the pipeline)."""

    name, pipeline = "qwenimage", "QwenImagePipeline"

    def __init__(
        self,
        pipe,
        height: int = 1024,
        width: int = 1024,
        true_cfg_scale: float = 4.0,
        negative_prompt: str | None = " ",
        max_sequence_length: int = 512,
        prompt_template_encode_start_idx: int | None = None,
        cfg_batch: bool = True,
    ):
        super().__init__(pipe, height, width, max_sequence_length)
        self.true_cfg_scale, self.negative_prompt, self.cfg_batch = (
            true_cfg_scale,
            negative_prompt,
            cfg_batch,
        )
        if (
            prompt_template_encode_start_idx is not None
        ):  # template prefix length; 34 with the real tokenizer
            pipe.prompt_template_encode_start_idx = prompt_template_encode_start_idx
        # No published best layers for Qwen-Image: three late-middle blocks (36, 42, 48 of 60) as a starting point
        n = len(self.transformer.transformer_blocks)
        picks = sorted({min(n * k // 10, n - 1) for k in (6, 7, 8)})
        self.default_capture_layers = [f"transformer_blocks.{i}" for i in picks]

    def _encode(self, prompts: list[str]) -> Cond:
        emb, mask = self._encode_prompt(prompts)
        if self.negative_prompt is None:
            return Cond(emb, mask)
        neg, neg_mask = self._encode_prompt([self.negative_prompt])
        n = len(prompts)
        return Cond(
            emb, mask, neg.expand(n, -1, -1), None if neg_mask is None else neg_mask.expand(n, -1)
        )

    def token_positions(self, prompt: str, span: tuple[int, int]) -> list[int]:
        # _get_qwen_prompt_embeds: tokenize template.format(prompt), drop the first start_idx tokens; encode_prompt
        # then keeps max_sequence_length of them.
        p = self.pipe
        drop, start = p.prompt_template_encode_start_idx, p.prompt_template_encode.index("{}")
        enc = p.tokenizer(
            p.prompt_template_encode.format(prompt),
            max_length=p.tokenizer_max_length + drop,
            truncation=True,
            return_offsets_mapping=True,
        )
        return [
            i - drop
            for i in _overlapping(enc["offset_mapping"], start + span[0], start + span[1])
            if drop <= i < drop + self.max_sequence_length
        ]

    def _mu(self, seq_len: int, num_steps: int) -> float:
        from diffusers.pipelines.qwenimage.pipeline_qwenimage import calculate_shift

        c = self.pipe.scheduler.config
        return calculate_shift(
            seq_len,
            c.get("base_image_seq_len", 256),
            c.get("max_image_seq_len", 4096),
            c.get("base_shift", 0.5),
            c.get("max_shift", 1.15),
        )

    def _forward(self, x, t, emb, mask):
        return self.transformer(
            hidden_states=x,
            timestep=t,
            guidance=None,
            encoder_hidden_states=emb,
            encoder_hidden_states_mask=mask,
            img_shapes=[[(1, *self.grid)]] * x.shape[0],
            return_dict=False,
        )[0]

    def velocity(self, x, sigma, cond: Cond) -> torch.Tensor:
        if self.true_cfg_scale <= 1 or cond.neg_embeds is None:
            return self.predict(x, sigma, cond)
        # one pass over [prompt; negative]: matmuls twice as tall (Qwen's single-image passes ran at 25% MFU)
        if self.cfg_batch:
            sigma = torch.as_tensor(sigma)
            v, neg = self.predict(
                torch.cat([x, x]),
                sigma.repeat(2) if sigma.numel() > 1 else sigma,
                _joint_text(cond),
            ).chunk(2)
        else:  # the pipeline's two passes (bit-for-bit its result; half the activation memory)
            v, neg = self.predict(x, sigma, cond), self.predict(x, sigma, cond, negative=True)
        comb = cfg_combine(neg, v, self.true_cfg_scale)
        # QwenImagePipeline's true CFG: rescale each token's guided velocity to the conditional one's norm.
        return comb * (torch.norm(v, dim=-1, keepdim=True) / torch.norm(comb, dim=-1, keepdim=True))

    @torch.no_grad()
    def decode(self, x: torch.Tensor) -> torch.Tensor:
        # After the pipeline's loop: unpack 2x2 patches to [N, C, 1, h, w], undo the latent normalization, decode.
        c = self.vae.config
        lat = self.pipe._unpack_latents(x, self.height, self.width, self.pipe.vae_scale_factor).to(
            self.vae.dtype
        )
        mean = torch.tensor(c.latents_mean).view(1, c.z_dim, 1, 1, 1).to(lat)
        lat = lat / (1.0 / torch.tensor(c.latents_std).view(1, c.z_dim, 1, 1, 1).to(lat)) + mean
        return self._image(self.vae.decode(lat, return_dict=False)[0][:, :, 0])
