"""support/models.py: tiny FLUX.2 and Qwen-Image pipelines (random weights, tokenizers trained in code) saved to disk
and loaded back through load_backbone; the Backbone interface must reproduce the diffusers pipelines, map phrases to
the right tokens, and capture attention exactly without changing the output."""

import json
import math
import shutil

import pytest
import torch
from diffusers import (
    AutoencoderKLFlux2,
    AutoencoderKLQwenImage,
    FlowMatchEulerDiscreteScheduler,
    Flux2Pipeline,
    Flux2Transformer2DModel,
    QwenImagePipeline,
    QwenImageTransformer2DModel,
)
from diffusers.models.transformers import transformer_flux2, transformer_qwenimage
from diffusers.pipelines.flux2.pipeline_flux2 import format_input
from diffusers.pipelines.flux2.system_messages import SYSTEM_MESSAGE
from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
from transformers import (
    Mistral3Config,
    Mistral3ForConditionalGeneration,
    PreTrainedTokenizerFast,
    Qwen2_5_VLConfig,
    Qwen2_5_VLForConditionalGeneration,
    Qwen2Tokenizer,
)

from support.backbone import (
    Cond,
    capture_attention,
    capture_pass,
    load_prompt_cache,
    sample_ode,
    save_prompt_cache,
)
from support.models import load_backbone
from support.real.random_models import PUBLISHED, transformer_config
from support.shapes import ShapesBackbone, ShapesModel

QWEN_PREFIX = (
    "<|im_start|>system\nDescribe the image by detailing the color, shape, size, texture, quantity, text, "
    "spatial relationships of the objects and background:<|im_end|>\n<|im_start|>user\n"
)
PROMPTS = ["a red cat", "two red circles left of a blue square and a green dog"]
CORPUS = [
    SYSTEM_MESSAGE,
    QWEN_PREFIX,
    *PROMPTS,
    "a photo of a red cat and a blue dog to the left of a green bird",
] * 20
FLUX_SIZE, QWEN_SIZE = (32, 48), (64, 96)  # non-square, so a swapped height/width shows
FLUX_KW = dict(max_sequence_length=80, text_encoder_out_layers=(1, 2, 3))
QWEN_SPECIAL = [
    "<|endoftext|>",
    "<|im_start|>",
    "<|im_end|>",
    "<|vision_start|>",
    "<|vision_end|>",
    "<|image_pad|>",
    "<|video_pad|>",
]


def tiny_flux2() -> Flux2Pipeline:
    specials = [
        "<unk>",
        "<s>",
        "</s>",
        "<pad>",
        "[INST]",
        "[/INST]",
        "[SYSTEM_PROMPT]",
        "[/SYSTEM_PROMPT]",
        "[IMG]",
    ]
    tk = Tokenizer(models.BPE(unk_token="<unk>"))
    tk.pre_tokenizer, tk.decoder = (
        pre_tokenizers.ByteLevel(add_prefix_space=False),
        decoders.ByteLevel(),
    )
    tk.train_from_iterator(
        CORPUS,
        trainers.BpeTrainer(
            vocab_size=400,
            special_tokens=specials,
            initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        ),
    )
    tok = PreTrainedTokenizerFast(
        tokenizer_object=tk, bos_token="<s>", eos_token="</s>", pad_token="<pad>", unk_token="<unk>"
    )
    tok.chat_template = (
        "{{ bos_token }}{% for m in messages %}{% if m['role'] == 'system' %}[SYSTEM_PROMPT]"
        "{{ m['content'][0]['text'] }}[/SYSTEM_PROMPT]{% else %}[INST]{{ m['content'][0]['text'] }}"
        "[/INST]{% endif %}{% endfor %}"
    )  # the Mistral-3.1 rendering
    te = Mistral3ForConditionalGeneration(
        Mistral3Config(
            text_config=dict(
                model_type="mistral",
                vocab_size=512,
                hidden_size=16,
                intermediate_size=37,
                num_hidden_layers=3,
                num_attention_heads=4,
                num_key_value_heads=2,
                sliding_window=None,
                bos_token_id=tok.bos_token_id,
                eos_token_id=tok.eos_token_id,
                pad_token_id=tok.pad_token_id,
            ),
            vision_config=dict(
                model_type="pixtral",
                hidden_size=16,
                intermediate_size=32,
                num_hidden_layers=1,
                num_attention_heads=4,
                image_size=30,
                patch_size=6,
            ),
            image_token_index=tok.convert_tokens_to_ids("[IMG]"),
            image_seq_length=4,
        )
    ).eval()
    tr = Flux2Transformer2DModel(
        patch_size=1,
        in_channels=4,
        num_layers=2,
        num_single_layers=2,
        attention_head_dim=16,
        num_attention_heads=2,
        joint_attention_dim=48,
        timestep_guidance_channels=256,
        axes_dims_rope=(4, 4, 4, 4),
    )
    vae = AutoencoderKLFlux2(
        block_out_channels=(4, 4),
        latent_channels=1,
        down_block_types=("DownEncoderBlock2D",) * 2,
        up_block_types=("UpDecoderBlock2D",) * 2,
        norm_num_groups=1,
        use_quant_conv=False,
        use_post_quant_conv=False,
    )
    vae.bn.running_mean.uniform_(
        -0.5, 0.5
    )  # non-trivial latent statistics: decode's de-normalization shows
    vae.bn.running_var.uniform_(0.5, 2.0)
    return Flux2Pipeline(
        scheduler=FlowMatchEulerDiscreteScheduler(use_dynamic_shifting=True),
        vae=vae,
        text_encoder=te,
        tokenizer=tok,
        transformer=tr,
    )


def tiny_qwen() -> QwenImagePipeline:
    alphabet = sorted(pre_tokenizers.ByteLevel.alphabet())
    tok = Qwen2Tokenizer(
        vocab={c: i for i, c in enumerate(alphabet)}, merges=[]
    ).train_new_from_iterator(CORPUS, 600, new_special_tokens=QWEN_SPECIAL)
    ids = {t: tok.convert_tokens_to_ids(t) for t in QWEN_SPECIAL}
    te = Qwen2_5_VLForConditionalGeneration(
        Qwen2_5_VLConfig(
            text_config=dict(
                vocab_size=640,
                hidden_size=16,
                intermediate_size=32,
                num_hidden_layers=2,
                num_attention_heads=2,
                num_key_value_heads=2,
                bos_token_id=ids["<|endoftext|>"],
                eos_token_id=ids["<|im_end|>"],
                rope_scaling={
                    "mrope_section": [1, 1, 2],
                    "rope_type": "default",
                    "type": "default",
                },
            ),
            vision_config=dict(
                depth=2, hidden_size=16, intermediate_size=32, num_heads=2, out_hidden_size=16
            ),
            vision_start_token_id=ids["<|vision_start|>"],
            vision_end_token_id=ids["<|vision_end|>"],
            image_token_id=ids["<|image_pad|>"],
            video_token_id=ids["<|video_pad|>"],
        )
    ).eval()
    tr = QwenImageTransformer2DModel(
        patch_size=2,
        in_channels=16,
        out_channels=4,
        num_layers=2,
        attention_head_dim=16,
        num_attention_heads=3,
        joint_attention_dim=16,
        guidance_embeds=False,
        axes_dims_rope=(8, 4, 4),
    )
    vae = AutoencoderKLQwenImage(
        base_dim=24,
        z_dim=4,
        dim_mult=[1, 2, 4],
        num_res_blocks=1,
        temperal_downsample=[False, True],
        latents_mean=[0.1, -0.2, 0.3, 0.0],
        latents_std=[1.5, 0.5, 1.0, 2.0],
    )
    sched = FlowMatchEulerDiscreteScheduler(
        use_dynamic_shifting=True,
        base_shift=0.5,
        max_shift=0.9,
        base_image_seq_len=256,
        max_image_seq_len=8192,
        shift_terminal=0.02,
        time_shift_type="exponential",
    )  # Qwen-Image's
    pipe = QwenImagePipeline(
        scheduler=sched, vae=vae, text_encoder=te, tokenizer=tok, transformer=tr
    )
    pipe.prompt_template_encode_start_idx = len(
        tok(QWEN_PREFIX).input_ids
    )  # 34 with the real tokenizer
    return pipe


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    """name -> (backbone loaded from a saved folder, the original in-memory pipeline), plus the folders."""
    torch.manual_seed(0)
    root = tmp_path_factory.mktemp("models")
    flux, qwen = tiny_flux2(), tiny_qwen()
    flux.save_pretrained(root / "flux2")
    qwen.save_pretrained(root / "qwenimage")
    for p in (flux, qwen):
        p.set_progress_bar_config(disable=True)
    drop = qwen.prompt_template_encode_start_idx
    return {
        "root": root,
        "flux2": (
            load_backbone(
                "flux2", str(root / "flux2"), height=FLUX_SIZE[0], width=FLUX_SIZE[1], **FLUX_KW
            ),
            flux,
        ),
        "qwenimage": (
            load_backbone(
                "qwenimage",
                str(root / "qwenimage"),
                height=QWEN_SIZE[0],
                width=QWEN_SIZE[1],
                prompt_template_encode_start_idx=drop,
            ),
            qwen,
        ),
    }


def euler(bb, prompts, steps, seed):
    cond = bb.encode(prompts)
    x, sig = bb.noise(len(prompts), torch.Generator().manual_seed(seed)), bb.sigmas(steps)
    with torch.no_grad():
        for i in range(steps):
            x = x + (sig[i + 1] - sig[i]) * bb.velocity(x, sig[i], cond)
    return x


def test_loaded_backbones_have_the_pipeline_parts(tiny):
    for name, (bb, pipe) in [(n, tiny[n]) for n in ("flux2", "qwenimage")]:
        assert bb.name == name and type(bb.transformer) is type(pipe.transformer)
        for a, b in zip(
            bb.transformer.state_dict().values(), pipe.transformer.state_dict().values()
        ):
            assert torch.equal(a, b)
        assert bb.vae is bb.pipe.vae and bb.text_encoder is bb.pipe.text_encoder
    assert tiny["flux2"][0].grid == (32 // 4, 48 // 4) and tiny["qwenimage"][0].grid == (
        64 // 8,
        96 // 8,
    )
    assert tiny["flux2"][0].default_capture_layers == ["transformer_blocks.1"]
    assert tiny["qwenimage"][0].default_capture_layers == ["transformer_blocks.1"]


def test_euler_loop_reproduces_flux2_pipeline(tiny):
    bb, pipe = tiny["flux2"]
    kw = dict(
        prompt=PROMPTS,
        height=FLUX_SIZE[0],
        width=FLUX_SIZE[1],
        num_inference_steps=4,
        guidance_scale=4.0,
        **FLUX_KW,
    )
    ref = pipe(generator=torch.Generator().manual_seed(7), output_type="latent", **kw).images
    assert torch.equal(bb.sigmas(4), pipe.scheduler.sigmas) and bb.sigmas(4)[-1] == 0
    noise = bb.noise(2, torch.Generator().manual_seed(7))
    x = euler(bb, PROMPTS, 4, seed=7)
    assert x.shape == ref.shape == noise.shape and not torch.allclose(ref, noise, atol=1e-2)
    torch.testing.assert_close(x, ref, atol=1e-5, rtol=1e-5)
    img = pipe(generator=torch.Generator().manual_seed(7), output_type="pt", **kw).images
    torch.testing.assert_close(bb.decode(x), img, atol=1e-5, rtol=1e-5)
    assert img.shape == (2, 3, *FLUX_SIZE)
    bb.guidance_scale = 1.0  # the embedded guidance really reaches the transformer
    try:
        assert not torch.allclose(euler(bb, PROMPTS, 4, seed=7), ref, atol=1e-4)
    finally:
        bb.guidance_scale = 4.0


def test_euler_loop_reproduces_qwen_pipeline_with_true_cfg(tiny):
    bb, pipe = tiny["qwenimage"]
    kw = dict(
        prompt=PROMPTS,
        negative_prompt=[" "] * 2,
        true_cfg_scale=4.0,
        height=QWEN_SIZE[0],
        width=QWEN_SIZE[1],
        num_inference_steps=4,
    )
    ref = pipe(generator=torch.Generator().manual_seed(3), output_type="latent", **kw).images
    sig = bb.sigmas(4)
    assert torch.equal(sig, pipe.scheduler.sigmas) and sig.dtype == torch.float32
    assert sig[-1] == 0 and abs(sig[-2].item() - 0.02) < 1e-6  # shift_terminal stretch
    cond = bb.encode(PROMPTS)
    assert (
        cond.mask is not None and cond.mask[0].sum() < cond.mask[1].sum()
    )  # ragged batch: key mask
    x = euler(bb, PROMPTS, 4, seed=3)
    torch.testing.assert_close(x, ref, atol=1e-5, rtol=1e-5)
    torch.testing.assert_close(
        sample_ode(bb, cond, bb.noise(2, torch.Generator().manual_seed(3)), 4),
        ref,
        atol=1e-5,
        rtol=1e-5,
    )  # the method files' shared sampler too
    img = pipe(generator=torch.Generator().manual_seed(3), output_type="pt", **kw).images
    torch.testing.assert_close(bb.decode(x), img, atol=1e-5, rtol=1e-5)
    bb.true_cfg_scale = 1.0  # one pass, and a different result from CFG
    try:
        assert not torch.allclose(euler(bb, PROMPTS, 4, seed=3), ref, atol=1e-4)
    finally:
        bb.true_cfg_scale = 4.0


@pytest.mark.parametrize("name", ["flux2", "qwenimage"])
def test_bfloat16_euler_loop_is_the_pipeline_bit_for_bit(tiny, name):
    """Same dtype handling as the pipeline's loop (latents and timestep rounded as it rounds them)."""
    size, kw = (FLUX_SIZE, FLUX_KW) if name == "flux2" else (QWEN_SIZE, {})
    drop = (
        {}
        if name == "flux2"
        else dict(prompt_template_encode_start_idx=tiny[name][1].prompt_template_encode_start_idx)
    )
    bb = load_backbone(
        name,
        str(tiny["root"] / name),
        dtype=torch.bfloat16,
        height=size[0],
        width=size[1],
        **kw,
        **drop,
    )
    if (
        name == "qwenimage"
    ):  # the pipeline's two CFG passes; the batched pass is tested against them
        bb.cfg_batch = False
    extra = {} if name == "flux2" else dict(negative_prompt=[" "] * 2)
    ref = bb.pipe(
        prompt=PROMPTS,
        height=size[0],
        width=size[1],
        num_inference_steps=3,
        output_type="latent",
        generator=torch.Generator().manual_seed(5),
        **kw,
        **extra,
    ).images
    x = euler(bb, PROMPTS, 3, seed=5)
    assert x.dtype == ref.dtype == torch.bfloat16 and torch.equal(x, ref)


@pytest.mark.parametrize("name", ["flux2", "qwenimage"])
def test_token_positions_spell_the_phrase(tiny, name):
    bb, pipe = tiny[name]
    prompt = "a red cat and a red dog to the left of a blue square"
    seen = bb.encode([prompt]).embeds.shape[1]  # the length of the sequence the transformer sees
    for phrase, start in [("red dog", 16), ("a", 0), ("red", 2), ("blue square", 41)]:
        span = (start, start + len(phrase))
        if (
            name == "flux2"
        ):  # the ids the pipeline feeds its text encoder: all max_sequence_length of them
            ids = pipe.tokenizer.apply_chat_template(
                format_input([prompt], pipe.system_message),
                tokenize=True,
                add_generation_prompt=False,
                return_dict=True,
                return_tensors="pt",
                padding="max_length",
                truncation=True,
                max_length=80,
            )
            ids = ids["input_ids"][0]
        else:  # the pipeline's: template, then the prefix dropped
            ids = torch.tensor(pipe.tokenizer(pipe.prompt_template_encode.format(prompt)).input_ids)
            ids = ids[pipe.prompt_template_encode_start_idx :]
        assert len(ids) == seen
        pos = bb.token_positions(prompt, span)
        assert pos == list(range(pos[0], pos[-1] + 1))
        assert pipe.tokenizer.decode(ids[pos]).strip() == phrase, (phrase, pos)
        # ... and it is this occurrence, in the user's text (not "red" in "structured" or the first "red")
        assert pipe.tokenizer.decode(ids[pos[0] :]).lstrip().startswith(prompt[start:])
    if name == "flux2":  # text past max_sequence_length is cut by the pipeline: no positions
        long = prompt + " and" + " a red cat" * 12
        assert bb.token_positions(long, (len(long) - 3, len(long))) == []
        assert bb.text_problem(long).startswith(
            "too long: the text encoder reads 80 tokens"
        )  # caught up front
    assert bb.text_problem(prompt) is None


def _qk_reference(attn, kw, kind):
    """q, k [B, S, H, D] and a key mask, recomputed by hand from the block's projections (text first)."""
    D = attn.head_dim if kind != "qwen" else attn.inner_dim // attn.heads
    heads = lambda t: t.unflatten(-1, (-1, D))
    h, rope, mask = kw["hidden_states"], kw["image_rotary_emb"], None
    if (
        kind == "single"
    ):  # input already [txt, img]; q, k are the first thirds of the fused projection
        q, k, _ = attn.to_qkv_mlp_proj(h)[..., : 3 * attn.inner_dim].chunk(3, -1)
        q, k = attn.norm_q(heads(q)), attn.norm_k(heads(k))
    else:
        e = kw["encoder_hidden_states"]
        qi, ki = attn.norm_q(heads(attn.to_q(h))), attn.norm_k(heads(attn.to_k(h)))
        qt, kt = (
            attn.norm_added_q(heads(attn.add_q_proj(e))),
            attn.norm_added_k(heads(attn.add_k_proj(e))),
        )
        if kind == "qwen":  # RoPE per stream, then concatenate; padded text keys masked
            r = lambda t, f: transformer_qwenimage.apply_rotary_emb_qwen(t, f, use_real=False)
            (fi, ft), m = rope, kw["encoder_hidden_states_mask"]
            q, k = torch.cat([r(qt, ft), r(qi, fi)], 1), torch.cat([r(kt, ft), r(ki, fi)], 1)
            mask = (
                None
                if m is None
                else torch.cat([m.bool(), torch.ones(h.shape[:2], dtype=torch.bool)], 1)
            )
            return q, k, mask
        q, k = torch.cat([qt, qi], 1), torch.cat([kt, ki], 1)
    r = lambda t: transformer_flux2.apply_rotary_emb(t, rope, sequence_dim=1)
    return r(q), r(k), mask


def _all_blocks(tr):
    return [n[:-5] for n, _ in tr.named_modules() if n.endswith(".attn")]


def _shapes_backbone():
    torch.manual_seed(0)
    model = ShapesModel().eval()
    for p in (model.transformer.proj_out.weight, model.head[-1].weight, model.head[-1].bias):
        torch.nn.init.normal_(
            p, std=0.05
        )  # zero-initialized for training; random so outputs are not 0
    return ShapesBackbone(model)


@pytest.mark.parametrize("name", ["shapes", "flux2", "qwenimage"])
def test_capture_equals_explicit_softmax_and_leaves_output_unchanged(tiny, name):
    bb = _shapes_backbone() if name == "shapes" else tiny[name][0]
    prompts = ["two red circles left of a blue square", "a red circle"]
    layers = _all_blocks(bb.transformer)  # every double- and single-stream block
    cond = bb.encode(prompts)
    x = bb.noise(2, torch.Generator().manual_seed(1))
    named, inputs = dict(bb.transformer.named_modules()), {}
    hooks = [
        named[layer + ".attn"].register_forward_pre_hook(
            lambda m, a, kw, layer=layer: inputs.__setitem__(layer, kw), with_kwargs=True
        )
        for layer in layers
    ]
    with torch.no_grad():
        plain = bb.predict(x, 0.6, cond)
        with capture_attention(bb, layers) as cap:
            captured = bb.predict(x, 0.6, cond)
        with capture_attention(bb, layers, text_positions=[1, 3]) as sub:
            bb.predict(x, 0.6, cond)
        for h in hooks:
            h.remove()
        assert plain.abs().mean() > 1e-3 and torch.equal(plain, captured)  # bit-identical output
        n_txt = cond.embeds.shape[1]
        ref = 0
        for layer in layers:
            kind = (
                "qwen"
                if name == "qwenimage"
                else "single"
                if layer.startswith("single")
                else "double"
            )
            q, k, mask = _qk_reference(named[layer + ".attn"], inputs[layer], kind)
            logits = torch.einsum("bqhd,bkhd->bhqk", q, k) / math.sqrt(q.shape[-1])
            if mask is not None:
                logits = logits.masked_fill(~mask[:, None, None, :], float("-inf"))
            ref = ref + logits.softmax(-1)[:, :, n_txt:, :n_txt].mean(1)
        ref = ref / len(layers)
    maps = cap.maps
    assert maps.shape == (2, bb.grid[0] * bb.grid[1], n_txt)
    torch.testing.assert_close(maps, ref, atol=1e-6, rtol=1e-5)
    torch.testing.assert_close(sub.maps, maps[..., [1, 3]])
    assert maps.min() >= 0 and (maps.sum(-1) < 1).all() and (maps.sum(-1) > 0).all()
    if name == "qwenimage":  # padded text keys of the shorter prompt get exactly 0
        n_real = int(cond.mask[1].sum())
        assert (
            n_real < n_txt and (maps[1, :, n_real:] == 0).all() and (maps[1, :, :n_real] > 0).all()
        )


def test_missing_or_incomplete_folder_is_one_clear_error(tiny, tmp_path):
    with pytest.raises(FileNotFoundError, match="does not exist"):
        load_backbone("flux2", str(tmp_path / "nowhere"))
    with pytest.raises(FileNotFoundError, match="does not exist"):
        load_backbone("qwenimage")
    broken = tmp_path / "qwen"
    shutil.copytree(tiny["root"] / "qwenimage", broken)
    (broken / "transformer" / "config.json").unlink()
    shutil.rmtree(broken / "vae")
    with pytest.raises(
        FileNotFoundError, match=r"missing vae/config.json, transformer/config.json$"
    ):
        load_backbone("qwenimage", str(broken))
    with pytest.raises(ValueError, match="holds a QwenImagePipeline"):
        load_backbone("flux2", str(tiny["root"] / "qwenimage"))
    with pytest.raises(ValueError, match="shapes, flux2, qwenimage"):
        load_backbone("sdxl", str(tiny["root"] / "flux2"))


def _as_released_flux2(src, dst):
    """The tiny FLUX.2 folder laid out as FLUX.2-dev's: tokenizer/ declared a PixtralProcessor with its image
    processor configs, which transformers 5.23 cannot build here (no torchvision)."""
    shutil.copytree(src, dst)
    index = json.loads((dst / "model_index.json").read_text())
    index["tokenizer"] = ["transformers", "PixtralProcessor"]
    (dst / "model_index.json").write_text(json.dumps(index))
    (dst / "tokenizer/processor_config.json").write_text(
        json.dumps(
            {
                "processor_class": "PixtralProcessor",
                "image_token": "[IMG]",
                "patch_size": 14,
                "spatial_merge_size": 2,
            }
        )
    )
    (dst / "tokenizer/preprocessor_config.json").write_text(
        json.dumps(
            {
                "image_processor_type": "PixtralImageProcessorFast",
                "processor_class": "PixtralProcessor",
                "patch_size": 14,
                "size": {"longest_edge": 1540},
            }
        )
    )


def test_flux2_folder_with_a_pixtral_processor_loads_its_text_tokenizer_alone(tiny, tmp_path):
    """The pipeline's own loader fails on such a folder without torchvision; load_backbone loads the text tokenizer
    and chat template only, and encodes prompts exactly as the pipeline does with its tokenizer."""
    from transformers.utils import is_torchvision_available

    _, pipe = tiny["flux2"]
    folder = tmp_path / "flux2"
    _as_released_flux2(tiny["root"] / "flux2", folder)
    if not is_torchvision_available():  # the failure this loader exists for
        with pytest.raises((ImportError, ValueError)):
            Flux2Pipeline.from_pretrained(folder)
    want = pipe.encode_prompt(PROMPTS, max_sequence_length=80, text_encoder_out_layers=(1, 2, 3))[0]
    for template in (
        "chat_template.jinja",
        "chat_template.json",
    ):  # the processor's format, beside the tokenizer
        if template == "chat_template.json":
            jinja = folder / "tokenizer/chat_template.jinja"
            (folder / "tokenizer/chat_template.json").write_text(
                json.dumps({"chat_template": jinja.read_text()})
            )
            jinja.unlink()
        bb = load_backbone("flux2", str(folder), height=FLUX_SIZE[0], width=FLUX_SIZE[1], **FLUX_KW)
        assert torch.equal(bb.encode(PROMPTS).embeds, want)
        assert bb.token_positions(PROMPTS[0], (2, 9)) == tiny["flux2"][0].token_positions(
            PROMPTS[0], (2, 9)
        )
    (folder / "tokenizer/chat_template.json").unlink()
    with pytest.raises(FileNotFoundError, match="no chat template"):
        load_backbone("flux2", str(folder), height=FLUX_SIZE[0], width=FLUX_SIZE[1], **FLUX_KW)


def test_prompt_cache_round_trips_and_encode_uses_it(tiny, tmp_path):
    bb = load_backbone(
        "qwenimage",
        str(tiny["root"] / "qwenimage"),
        height=QWEN_SIZE[0],
        width=QWEN_SIZE[1],
        prompt_template_encode_start_idx=tiny["qwenimage"][1].prompt_template_encode_start_idx,
    )
    cond = bb.encode(PROMPTS)
    assert cond.mask is not None and cond.neg_embeds.shape[0] == 2
    path = str(tmp_path / "prompt_cache.safetensors")
    save_prompt_cache(path, PROMPTS, cond)
    prompts, back = load_prompt_cache(path)
    assert prompts == PROMPTS
    for f in ("embeds", "mask", "neg_embeds", "neg_mask"):
        a, b = getattr(cond, f), getattr(back, f)
        assert (a is None and b is None) or torch.equal(a, b), f
    full = Cond(
        *[torch.rand(2, 3, 4), torch.ones(2, 3), torch.rand(2, 5, 4), torch.ones(2, 5)]
    )  # every field
    save_prompt_cache(path + "2", ["x", "y"], full)
    assert all(
        torch.equal(getattr(full, f), getattr(load_prompt_cache(path + "2")[1], f))
        for f in ("embeds", "mask", "neg_embeds", "neg_mask")
    )
    bb.use_prompt_cache(path)
    bb.free_text_encoder()
    assert bb.text_encoder is None
    again = bb.encode([PROMPTS[1], PROMPTS[0]])  # served from the cache: the encoder is gone
    assert torch.equal(again.embeds, cond.embeds[[1, 0]]) and torch.equal(
        again.mask, cond.mask[[1, 0]]
    )
    with pytest.raises(KeyError, match="not in the prompt cache"):
        bb.encode(["a prompt nobody cached"])


def test_batched_true_cfg_equals_the_two_pass_velocity(tiny):
    """One pass over [prompt; negative] (the shorter text padded and masked) gives the two passes' velocity. The
    prompts are ragged (the prompt batch has a mask) and the negative is shorter than both. Tolerance: 1e-5 absolute
    on velocities of size ~2 in fp32 (measured 1.8e-6: only the summation order differs)."""
    bb = tiny["qwenimage"][0]
    cond = bb.encode(PROMPTS)
    assert cond.mask is not None and cond.neg_embeds.shape[1] < cond.embeds.shape[1]
    x = bb.noise(2, torch.Generator().manual_seed(4))
    with torch.no_grad():
        for sigma in bb.sigmas(4)[:-1]:
            bb.cfg_batch = False
            two = bb.velocity(x, sigma, cond)
            bb.cfg_batch = True
            calls = []
            hook = bb.transformer.register_forward_pre_hook(
                lambda m, a, kw: calls.append(kw["hidden_states"].shape[0]), with_kwargs=True
            )
            one = bb.velocity(x, sigma, cond)
            hook.remove()
            assert calls == [4]  # one pass of 2 x 2 rows
            assert two.abs().max() > 0.5 and not torch.allclose(
                two, bb.predict(x, sigma, cond), atol=1e-3
            )
            torch.testing.assert_close(one, two, atol=1e-5, rtol=0)


@pytest.mark.parametrize("name", ["shapes", "flux2", "qwenimage"])
def test_capture_pass_stops_after_the_last_captured_block_with_the_same_maps(tiny, name):
    bb = _shapes_backbone() if name == "shapes" else tiny[name][0]
    blocks = _all_blocks(bb.transformer)
    layers = (
        blocks[:2] if name != "qwenimage" else blocks[:1]
    )  # early blocks: later ones must not run
    cond = bb.encode(["two red circles left of a blue square", "a red circle"])
    x = bb.noise(2, torch.Generator().manual_seed(2))
    named = dict(bb.transformer.named_modules())
    ran = []
    hooks = [named[b].register_forward_hook(lambda m, a, o, b=b: ran.append(b)) for b in blocks]
    with torch.no_grad():
        with capture_attention(bb, layers) as full:
            bb.predict(x, 0.3, cond)
        ran.clear()
        with capture_attention(bb, layers) as cut:
            capture_pass(bb, x, 0.3, cond, layers[::-1])  # the order given does not matter
    for h in hooks:
        h.remove()
    assert ran == blocks[: blocks.index(layers[-1]) + 1] and len(ran) < len(blocks)
    assert torch.equal(cut.maps, full.maps)
    with pytest.raises(KeyError, match="no block 'blocks.9'"):
        capture_pass(bb, x, 0.3, cond, ["blocks.9"])


# ------------------------------------------------------------- random-weight backbones (support/real/random_models.py)
TINY_RANDOM = {
    "flux2": dict(
        config=dict(
            num_layers=2,
            num_single_layers=2,
            attention_head_dim=16,
            num_attention_heads=2,
            joint_attention_dim=48,
            axes_dims_rope=(4, 4, 4, 4),
            in_channels=4,
        ),
        vae_config=dict(
            block_out_channels=(4, 4),
            latent_channels=1,
            down_block_types=("DownEncoderBlock2D",) * 2,
            up_block_types=("UpDecoderBlock2D",) * 2,
            norm_num_groups=1,
            use_quant_conv=False,
            use_post_quant_conv=False,
        ),
        height=32,
        width=48,
        max_sequence_length=24,
    ),
    "qwenimage": dict(
        config=dict(
            num_layers=2,
            attention_head_dim=16,
            num_attention_heads=3,
            joint_attention_dim=16,
            axes_dims_rope=(8, 4, 4),
            in_channels=16,
            out_channels=4,
        ),
        vae_config=dict(
            base_dim=24,
            z_dim=4,
            dim_mult=[1, 2, 4],
            num_res_blocks=1,
            temperal_downsample=[False, True],
            latents_mean=[0.0] * 4,
            latents_std=[1.0] * 4,
        ),
        height=64,
        width=96,
        text_len=12,
    ),
}


@pytest.mark.parametrize("name, params", [("flux2", 32_223_281_152), ("qwenimage", 20_430_401_088)])
def test_random_backbone_has_the_published_size_in_the_requested_dtype(name, params, tmp_path):
    """Built on the meta device (no memory): the published configs give the published parameter counts."""
    bb = load_backbone(name, "random", device="meta", dtype=torch.bfloat16, height=512, width=512)
    assert sum(p.numel() for p in bb.transformer.parameters()) == params
    assert {p.dtype for p in bb.transformer.parameters()} == {
        torch.bfloat16
    } and bb.device.type == "meta"
    assert (
        bb.pipe.text_encoder is None
        and bb.pipe.tokenizer is None
        and torch.get_default_dtype() == torch.float32
    )
    cfg = tmp_path / "config.json"  # a real folder's transformer/config.json sizes a variant
    cfg.write_text(
        json.dumps(
            {
                "_class_name": "whatever",
                "num_layers": 1,
                **({"num_single_layers": 3} if name == "flux2" else {}),
            }
        )
    )
    small = load_backbone(name, "random", device="meta", config=str(cfg), height=512, width=512)
    assert (
        small.transformer.config.num_layers == 1
        and transformer_config(name, str(cfg))["num_layers"] == 1
    )
    assert (
        transformer_config(name)["num_attention_heads"]
        == PUBLISHED[name]["transformer"]["num_attention_heads"]
    )
    with pytest.raises(ValueError, match="does not take this config"):
        load_backbone(name, "random", device="meta", config={"num_blocks": 3})
    with pytest.raises(FileNotFoundError, match="does not exist"):
        load_backbone(name, "random", device="meta", config=str(tmp_path / "nope.json"))


@pytest.mark.parametrize("name", ["flux2", "qwenimage"])
def test_random_backbone_runs_the_interface_with_random_text_of_the_real_width(name):
    bb = load_backbone(name, "random", **TINY_RANDOM[name])
    cond = bb.encode(["a red cat", "two dogs, left of a cat"])
    width = TINY_RANDOM[name]["config"]["joint_attention_dim"]
    L = 24 if name == "flux2" else 12
    assert cond.embeds.shape == (2, L, width) and cond.mask is None
    assert torch.equal(
        bb.encode(["two dogs, left of a cat"]).embeds[0], cond.embeds[1]
    )  # a prompt's own tensor
    assert not torch.equal(cond.embeds[0], cond.embeds[1])
    if name == "qwenimage":
        assert cond.neg_embeds.shape == cond.embeds.shape
    # the rule: word k (letters/digits, or one punctuation mark) is position k
    prompt = "two dogs, left of a cat"
    assert bb.token_positions(prompt, (4, 8)) == [1] and bb.token_positions(prompt, (8, 9)) == [2]
    assert bb.token_positions(prompt, (0, len(prompt))) == list(range(7))
    long = " ".join(["cat"] * 30)
    assert bb.token_positions(long, (len(long) - 3, len(long))) == []  # past the sequence: none
    x = sample_ode(bb, cond, bb.noise(2, torch.Generator().manual_seed(0)), 2)
    images = bb.decode(x)
    assert (
        images.shape == (2, 3, *[TINY_RANDOM[name][k] for k in ("height", "width")])
        and torch.isfinite(images).all()
    )
    with capture_attention(bb) as cap:
        bb.predict(x, 0.2, cond)
    assert cap.maps.shape == (2, bb.grid[0] * bb.grid[1], L)
