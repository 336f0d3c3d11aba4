"""support/vlm.py: a frozen Qwen3-VL / Qwen2.5-VL instruct model as CAST reads it (Sec. 4.2), its inputs built from
the tokenizer and image processor (Qwen*Processor needs torchvision), and the passes the method files run on it:

    vision = vlm.encode_vision(images)           # the vision tower, once per image
    prefix = vlm.encode_images(vision)           # a KV cache per image, up to the question slot (cast_reward)
    inputs = vlm.grounding_inputs(vision, graphs)             # the teacher-forced grounding turn and atom rows
    attn = vlm.layer_attention(inputs["enc"], vision, layer, first)   # one layer's attention (cast_advantage)
"""

from __future__ import annotations

from collections.abc import Sequence

import torch
from PIL import Image

from cast_csg import SceneGraph
from support.assets import check_vlm_folder

IMAGE_BLOCK = "<|vision_start|><|image_pad|><|vision_end|>"
IMAGE_PAD = "<|image_pad|>"
QUESTION = "{question}"  # placeholder rendered into the chat template, filled per atom
# The Qwen instruct chat layout, used when the tokenizer carries no chat template.
CHAT = f"<|im_start|>user\n{IMAGE_BLOCK}{QUESTION}<|im_end|>\n<|im_start|>assistant\n"
# Grounding (Sec. 4.2): the user turn is the image and this fixed instruction; the assistant turn, teacher-forced,
# is the prompt itself. The rows read are the prompt's own words, so what follows them never matters (causal).
GROUNDING_INSTRUCTION = "Describe the image."
RESPONSE = "{response}"  # placeholder for the prompt in the rendered grounding conversation
GROUND_CHAT = (
    f"<|im_start|>user\n{IMAGE_BLOCK}{GROUNDING_INSTRUCTION}<|im_end|>\n"
    f"<|im_start|>assistant\n{RESPONSE}<|im_end|>\n"
)


class _Stop(Exception):
    """Raised by the grounding hook once the wanted layer's attention is in hand: the layers above never run."""

    def __init__(self, rows):
        super().__init__()
        self.rows = rows


def to_pil(image) -> Image.Image:
    """[3,H,W] in [0,1] -> 8-bit RGB PIL image, as a saved PNG holds it: in-training scores equal the CLI's."""
    if isinstance(image, Image.Image):
        return image.convert("RGB")
    arr = (
        (image.detach().float().clamp(0, 1) * 255)
        .round()
        .to(torch.uint8)
        .permute(1, 2, 0)
        .cpu()
        .numpy()
    )
    return Image.fromarray(arr)


def placement(device=None, dtype=None) -> tuple[torch.device, torch.dtype | str]:
    """The GPU when there is one, in the dtype the VLM was saved in ("auto") unless told: the same reward on CPU and
    GPU (a bf16 shapes VLM would also raise Eq. 6's resolution floor to 7.8e-3)."""
    return torch.device(device or ("cuda" if torch.cuda.is_available() else "cpu")), dtype or "auto"


def image_processor_class():
    """Qwen2VLImageProcessor's torchvision backend where torchvision loads, else its PIL backend by name (the same
    pixels, checked; PyPI's torchvision does not load beside torch 2.13.0's CPU build), so transformers has no
    fallback to announce."""
    from transformers.utils import is_torchvision_available

    if is_torchvision_available():
        from transformers import Qwen2VLImageProcessor

        return Qwen2VLImageProcessor
    from transformers import (
        Qwen2VLImageProcessorPil,
    )  # naming the other one, even to import it, warns

    return Qwen2VLImageProcessorPil


class VLM:
    """A Qwen3-VL or Qwen2.5-VL instruct model with its tokenizer and image processor, in eval mode."""

    def __init__(self, path: str, device=None, dtype=None, batch_size: int = 16):
        from transformers import AutoModelForImageTextToText, AutoTokenizer

        check_vlm_folder(path)
        device, dtype = placement(device, dtype)
        model = AutoModelForImageTextToText.from_pretrained(path, dtype=dtype).to(device)
        self._setup(
            model,
            AutoTokenizer.from_pretrained(path),
            image_processor_class().from_pretrained(path),
            batch_size,
        )
        self.path = path

    @classmethod
    def from_components(cls, model, tokenizer, image_processor, batch_size: int = 16):
        """Wrap an already-built model, tokenizer and image processor (tests, shared models)."""
        self = cls.__new__(cls)
        self._setup(model, tokenizer, image_processor, batch_size)
        return self

    def _setup(self, model, tokenizer, image_processor, batch_size):
        self.model, self.tokenizer, self.image_processor = model.eval(), tokenizer, image_processor
        self.path = "(built in code)"
        self.batch_size = batch_size
        self.device, self.dtype = (
            next(model.parameters()).device,
            next(model.parameters()).dtype,
        )  # dtype: Eq. 6
        self.image_token_id = model.config.image_token_id
        if tokenizer.convert_tokens_to_ids(IMAGE_PAD) != self.image_token_id:
            raise ValueError(
                f"tokenizer's {IMAGE_PAD} id differs from the model's image_token_id "
                f"{self.image_token_id}: tokenizer and model do not belong together"
            )
        self.template = self._chat_template()
        cut = self.template.index(QUESTION)  # the prefix (image included) is encoded once per image
        self.prefix, self.suffix = self.template[:cut], self.template[cut:]
        self.ground_prefix = self._grounding_template()

    def describe(self) -> str:
        """Which model this is, for a run's first lines: its folder, model type and size."""
        size = sum(p.numel() for p in self.model.parameters())
        return (
            f"{self.path} ({self.model.config.model_type}, {size / 1e9:.1f}B)"
            if size >= 1e8
            else f"{self.path} ({self.model.config.model_type}, {size / 1e6:.1f}M)"
        )

    def single_token_ids(self, spellings) -> torch.Tensor:
        ids = [self.tokenizer.encode(s, add_special_tokens=False) for s in spellings]
        unk = self.tokenizer.unk_token_id
        return torch.tensor(
            sorted({i[0] for i in ids if len(i) == 1 and i[0] != unk}), dtype=torch.long
        )

    def _chat_template(self) -> str:
        """The prompt layout with a `{question}` slot: the tokenizer's chat template, else CHAT."""
        if not getattr(self.tokenizer, "chat_template", None):
            return CHAT
        messages = [
            {"role": "user", "content": [{"type": "image"}, {"type": "text", "text": QUESTION}]}
        ]
        text = self.tokenizer.apply_chat_template(
            messages, tokenize=False, add_generation_prompt=True
        )
        if text.count(IMAGE_BLOCK) != 1 or text.count(QUESTION) != 1:
            raise ValueError(
                f"the tokenizer's chat template does not render one image and one question:\n{text}"
            )
        return text

    def _grounding_template(self) -> str:
        """The grounding conversation up to the teacher-forced response (the prompt), from the tokenizer's chat
        template (list or plain-string content, whichever it renders), else GROUND_CHAT."""
        text = GROUND_CHAT
        if getattr(self.tokenizer, "chat_template", None):
            user = {
                "role": "user",
                "content": [{"type": "image"}, {"type": "text", "text": GROUNDING_INSTRUCTION}],
            }
            for content in ([{"type": "text", "text": RESPONSE}], RESPONSE):
                text = self.tokenizer.apply_chat_template(
                    [user, {"role": "assistant", "content": content}],
                    tokenize=False,
                    add_generation_prompt=False,
                )
                if text.count(RESPONSE) == 1:
                    break
        if (
            text.count(IMAGE_BLOCK) != 1
            or text.count(RESPONSE) != 1
            or text.index(IMAGE_BLOCK) > text.index(RESPONSE)
        ):
            raise ValueError(
                "the tokenizer's chat template does not render one image followed by one assistant "
                f"response:\n{text}"
            )
        return text[: text.index(RESPONSE)]

    def encode_vision(self, images) -> dict:
        """The vision tower on a batch of images, once: the grid (t, h, w) per image, its visual tokens after the
        merge, the sizes (H, W), and the tower's output as the language model's `mm_encoder_outputs`."""
        pils = [to_pil(im) for im in images]
        pix = self.image_processor(images=pils, return_tensors="pt")
        grid = pix["image_grid_thw"]  # [n_img, 3] = (t, h, w) in patches
        features = self.model.model.get_image_features(
            pix["pixel_values"].to(self.device, self.model.dtype),
            grid.to(self.device),
            return_dict=True,
        )
        return {
            "grid": grid,
            "n_tokens": (grid.prod(-1) // self.image_processor.merge_size**2).tolist(),
            "sizes": [(p.height, p.width) for p in pils],
            "mm": {"image": features},
        }

    def encode_images(self, images) -> dict:
        """One forward over the left-padded prompt up to the question slot for each image (or `encode_vision`
        result): its KV cache, attention mask and the next M-RoPE position. Every question of an image reads it."""
        vision = images if isinstance(images, dict) else self.encode_vision(images)
        grid = vision["grid"].to(self.device)
        enc = self.tokenizer(
            [self.prefix.replace(IMAGE_PAD, IMAGE_PAD * n) for n in vision["n_tokens"]],
            padding=True,
            padding_side="left",
            return_tensors="pt",
        ).to(self.device)
        # 0 text / 1 image: the M-RoPE positions the model would compute itself (transformers 5 needs the types)
        types = (enc.input_ids == self.image_token_id).long()
        positions = self.model.model.get_rope_index(
            input_ids=enc.input_ids,
            mm_token_type_ids=types,
            image_grid_thw=grid,
            attention_mask=enc.attention_mask,
        )[0]
        out = self.model.model(
            input_ids=enc.input_ids,
            attention_mask=enc.attention_mask,
            position_ids=positions,
            mm_encoder_outputs=vision["mm"],
            image_grid_thw=grid,
            mm_token_type_ids=types,
            use_cache=True,
        )
        cache = out.past_key_values
        return {
            "kv": [(layer.keys, layer.values) for layer in cache.layers],
            "mask": enc.attention_mask,
            "next": positions.amax(dim=(0, 2)) + 1,
        }

    # ------------------------------------------------------------ grounding (Sec. 4.2)

    @property
    def decoder_layers(self):
        return self.model.model.language_model.layers

    def check_layer(self, layer: int) -> None:
        if not 0 <= layer < len(self.decoder_layers):
            raise ValueError(
                f"layer {layer}: the VLM has decoder layers 0..{len(self.decoder_layers) - 1}"
            )

    def grounding_inputs(self, vision: dict, graphs: Sequence[SceneGraph]) -> dict:
        """The teacher-forced grounding batch: `enc` (left-padded, cut after the prompt: attention is causal),
        `rows[b][k]` the positions of the tokens overlapping atom k's spans, `visual[b]` those of the image pads."""
        texts, starts = [], []
        for g, n in zip(graphs, vision["n_tokens"]):
            before = self.ground_prefix.replace(IMAGE_PAD, IMAGE_PAD * n)
            texts.append(before + g.prompt)
            starts.append(len(before))
        enc = self.tokenizer(
            texts,
            padding=True,
            padding_side="left",
            return_offsets_mapping=True,
            return_tensors="pt",
        )
        offsets = enc.pop("offset_mapping")
        rows = []
        for b, (g, start) in enumerate(zip(graphs, starts)):
            lo_tok, hi_tok = offsets[b, :, 0], offsets[b, :, 1]
            real = (hi_tok > lo_tok) & enc["attention_mask"][b].bool()
            per_atom = []
            for atom in g.atoms:
                hit = torch.zeros_like(real)
                for lo, hi in atom.spans:
                    if not 0 <= lo < hi <= len(g.prompt):
                        raise ValueError(
                            f"atom {atom.question!r}: span ({lo}, {hi}) is not a character range of "
                            f"its prompt {g.prompt!r}"
                        )
                    hit |= real & (lo_tok < start + hi) & (hi_tok > start + lo)
                if atom.spans and not hit.any():
                    raise ValueError(
                        f"atom {atom.question!r}: its spans {atom.spans} cover no token of {g.prompt!r}"
                    )
                per_atom.append(hit.nonzero()[:, 0])
            rows.append(per_atom)
        visual = [(ids == self.image_token_id).nonzero()[:, 0] for ids in enc["input_ids"]]
        return {"enc": enc, "rows": rows, "visual": visual}

    def layer_attention(self, enc, vision: dict, layer: int, first: int) -> torch.Tensor:
        """[B, S - first, S]: decoder layer `layer`'s eager attention probabilities, mean over heads, for the query
        rows from `first` on; a hook raises `_Stop` with them, so nothing above that layer runs."""
        ids, mask = enc["input_ids"].to(self.device), enc["attention_mask"].to(self.device)
        grid = vision["grid"].to(self.device)
        types = (ids == self.image_token_id).long()
        positions = self.model.model.get_rope_index(
            input_ids=ids, mm_token_type_ids=types, image_grid_thw=grid, attention_mask=mask
        )[0]

        def capture(module, args, output):
            if output[1] is None:
                raise RuntimeError(
                    "the attention returned no probabilities: eager attention is not in effect"
                )
            raise _Stop(output[1][:, :, first:].float().mean(1))

        text_config = self.model.config.text_config
        before = text_config._attn_implementation
        hook = self.decoder_layers[layer].self_attn.register_forward_hook(capture)
        try:
            self.model.set_attn_implementation({"text_config": "eager"})
            self.model.model(
                input_ids=ids,
                attention_mask=mask,
                position_ids=positions,
                mm_encoder_outputs=vision["mm"],
                image_grid_thw=grid,
                mm_token_type_ids=types,
                use_cache=False,
            )
        except _Stop as stop:
            return stop.rows
        finally:
            hook.remove()
            self.model.set_attn_implementation({"text_config": before})
        raise RuntimeError(f"decoder layer {layer}'s attention never ran")
