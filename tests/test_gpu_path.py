"""The real-backbone path without weights: the README's dry run and bench/gpu_h200.sh end to end on tiny random
configs of the real classes (so a change that breaks the GPU path fails here), the random Qwen3-VL-8B the dry run
grounds with, and the CPU/GPU choices of the shapes world (dtype, TF32, device) pinned without a GPU."""

import json
import os
import subprocess
import sys

import pytest
import torch

import cast_train
from cast_advantage import VLMGrounder
from cast_reward import RandomScorer, load_scorer
from support.prompt_files import read_prompt
from support.real.random_models import QWEN3_VL_8B, random_vlm
from support.vlm import VLM, placement

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import gpu  # noqa: E402
import paper  # noqa: E402
import paper_eval  # noqa: E402

README_DRY_RUN = (
    "--model-path random --scorer-path random --iterations 2".split()
)  # README.md, "Real models"
SMALL = (
    "--option height=32 --option width=32 --steps 4 --eval-steps 2 --eval-size 2 --final-eval-size 2 "
    "--eval-samples 1 "
    "--group-size 2 --overlay-images 0 --threads 1"
).split()


def tiny_options(backbone):
    """bench/gpu.py's tiny configs as --option flags: the transformer, the VAE, the text length and the VLM."""
    return [f"--option={k}={json.dumps(v)}" for k, v in gpu.TINY[backbone].items()]


# ---------------------------------------------------------------- the dry run


@pytest.mark.parametrize("backbone", ["flux2", "qwenimage"])
def test_the_readmes_dry_run_runs_on_tiny_random_configs(backbone, tmp_path, capsys):
    """`python cast_train.py --backbone B --model-path random --scorer-path random --iterations 2`, only smaller: the
    flag check lets it through (no --clip-path, no VLM folder), the window is the declared fixed [a, a + 2), a
    random Qwen3-VL grounds CAST's atoms through cast_advantage.ground (t_ground its own key), and every line and
    record says the run means nothing."""
    cast_train.main(
        [
            "--backbone",
            backbone,
            *README_DRY_RUN,
            *tiny_options(backbone),
            *SMALL,
            "--out",
            str(tmp_path / "run"),
        ]
    )
    out = capsys.readouterr().out
    start = {"flux2": 0, "qwenimage": 1}[backbone]
    assert (
        f"window: a dry run has no CLIP to calibrate with: the fixed [{start}, {start + 2})" in out
    )
    assert (
        "maps: random weights (qwen3_vl, 0.2M)'s teacher-forced grounding pass, decoder layer 0"
        in out
    )
    assert "DRY RUN with random backbone weights and random scorer" in out and "MEANINGLESS" in out
    records = [json.loads(line) for line in open(tmp_path / "run" / "metrics.jsonl")]
    train = [r for r in records if "t_rollout" in r]
    assert len(train) == 2 and all(r["random"] == ["backbone weights", "scorer"] for r in records)
    assert all(
        0 < r["t_ground"] <= r["t_score"] for r in train
    )  # the grounding's part of the stage


def test_the_dry_run_passes_the_flag_check_for_every_method(tmp_path):
    """--grounding vlm (the default) with --scorer-path random passes the check, map-free methods included, and
    needs no CLIP folder on a random backbone; a shapes scorer on a real backbone still has no VLM to ground with."""
    for backbone in ("flux2", "qwenimage"):
        for method in ("cast", "flow_grpo_g2", "flow_grpo", "spatial_image"):
            cast_train.parse_args(
                [
                    "--backbone",
                    backbone,
                    *README_DRY_RUN,
                    "--method",
                    method,
                    "--out",
                    str(tmp_path / method),
                ]
            )
    with pytest.raises(SystemExit):
        cast_train.parse_args(
            [
                "--backbone",
                "flux2",
                "--model-path",
                "random",
                "--scorer-path",
                "shapes",
                "--out",
                str(tmp_path / "shapes"),
            ]
        )


# ---------------------------------------------------------------- the random VLM


def test_the_dry_runs_vlm_is_qwen3_vl_8b_at_its_published_size_in_bf16():
    """Built on the meta device (no memory): 8,767,123,696 parameters, the count of the released checkpoint, in the
    bf16 it was released in; its image processor gives a 512 px image 256 visual tokens, as the real one does."""
    vlm = random_vlm(device="meta")
    assert sum(p.numel() for p in vlm.model.parameters()) == 8_767_123_696
    assert vlm.dtype == torch.bfloat16 and vlm.model.config.text_config.num_hidden_layers == 36
    from PIL import Image

    grid = vlm.image_processor(images=[Image.new("RGB", (512, 512))], return_tensors="pt")[
        "image_grid_thw"
    ]
    assert grid.tolist() == [[1, 32, 32]] and QWEN3_VL_8B["images"]["merge_size"] == 2


def test_the_random_scorer_brings_a_vlm_that_grounds_through_ground_only_where_maps_are_needed():
    """load_scorer('random') alone: no VLM; with vlm=True: a random VLM at the given size (seeded, the caller's
    random state untouched), which cast_train.load_grounder wraps as cast_advantage's VLMGrounder (its `ground`):
    unit-mean maps per atom."""
    assert load_scorer("random").vlm is None
    state = torch.get_rng_state()
    scorer = load_scorer("random", vlm=True, vlm_config=gpu.TINY_VLM)
    assert torch.equal(torch.get_rng_state(), state)
    again = random_vlm(gpu.TINY_VLM)
    assert all(
        torch.equal(a, b) for a, b in zip(scorer.vlm.model.parameters(), again.model.parameters())
    )
    grounder = cast_train.load_grounder("cast", "vlm", None, scorer)
    assert isinstance(grounder, VLMGrounder) and grounder.vlm is scorer.vlm and not grounder.shared
    graphs = [read_prompt("two red circles to the left of a blue square")] * 2
    maps = grounder(
        torch.rand(2, 3, 32, 32, generator=torch.Generator().manual_seed(0)), graphs, (4, 4)
    )
    assert maps.shape == (2, len(graphs[0].atoms), 4, 4)
    assert torch.allclose(maps.mean((2, 3)), torch.ones(2, len(graphs[0].atoms)), atol=1e-5)
    assert (
        isinstance(scorer, RandomScorer)
        and scorer(torch.rand(2, 3, 32, 32), graphs).shape == maps.shape[:2]
    )


# ---------------------------------------------------------------- bench/gpu.py and bench/gpu_h200.sh


def test_gpu_h200_script_runs_every_step_on_tiny_configs(tmp_path):
    """bash bench/gpu_h200.sh in its tiny mode, end to end: the import check, every step, at most 8 result files;
    cast and flow_grpo_g2 in the same window, the VLM's pass in cast's t_ground only, with its FLOPs, and the ratio."""
    env = {
        **os.environ,
        "TINY": "1",
        "OUT": str(tmp_path),
        "PYTHON": sys.executable,
        "OMP_NUM_THREADS": "1",
    }
    proc = subprocess.run(
        ["bash", "bench/gpu_h200.sh"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "imports: torch" in proc.stdout and "done in" in proc.stdout
    files = sorted(os.listdir(tmp_path))
    steps = ("flux2_512", "qwen_512", "flux2_1024", "g16", "flow_grpo")
    assert (
        files == sorted(["gpu_h200.log", "gpu_h200.md", *(f"gpu_h200_{s}.json" for s in steps)])
        and len(files) <= 8
    )
    rows = {s: json.load(open(tmp_path / f"gpu_h200_{s}.json"))["results"] for s in steps}
    assert all(r["ran"] for rs in rows.values() for r in rs)
    for step in ("flux2_512", "qwen_512"):
        cast, g2 = rows[step]
        assert (cast["method"], g2["method"]) == ("cast", "flow_grpo_g2") and cast["window"] == g2[
            "window"
        ]
        assert cast["window_steps"] == g2["window_steps"] == 2
        assert (
            cast["seconds"]["ground"] > 0
            and cast["flops"]["ground"] > 0
            and g2["flops"]["ground"] == 0
        )
    assert [r["window_steps"] for r in rows["flow_grpo"]] == [
        3,
        3,
    ]  # its own full window of 4 steps
    assert "| **" in open(tmp_path / "gpu_h200.md").read()  # CAST / G2, bold in the table


def test_the_flop_model_counts_the_published_sizes():
    """The meta-device FLOP model gives the numbers of the accounting in bench/gpu.py's docstring: FLUX.2-dev 87.7
    TFLOP per pass at 512 px (32.22 B parameters), Qwen-Image 15.3, and Qwen3-VL-8B's grounding pass about 1.08."""
    prompts = [g.prompt for g in gpu.bench_graphs()[0]]
    flux = gpu.flop_model("flux2", 512, {}, 4.0, prompts)
    qwen = gpu.flop_model("qwenimage", 512, {}, 4.0, prompts)
    assert round(gpu.pass_flops(flux) / 1e12, 1) == 87.7 and round(flux["params"] / 1e9, 2) == 32.22
    assert round(gpu.pass_flops(qwen) / 1e12, 1) == 15.3 and qwen["passes"] == 2
    assert 1.0e12 < flux["ground"] < 1.2e12 and flux["vlm_params"] == 8_767_123_696


def test_the_bench_prompts_come_from_the_generator():
    train, held_out = gpu.bench_graphs()
    assert len({g.prompt for g in train} | {held_out.prompt}) == gpu.TRAIN_PROMPTS + 1
    assert all(
        read_prompt(g.prompt).prompt == g.prompt for g in [*train, held_out]
    )  # inside the grammar


# ---------------------------------------------------------------- the shapes world on a GPU: the choices


def test_a_vlm_keeps_the_dtype_it_was_saved_in_on_any_device(tmp_path, monkeypatch):
    """placement: the GPU when there is one and the checkpoint's own dtype ('auto'), not bf16 because of CUDA; a
    bf16 folder loads bf16 and the shapes VLM fp32, with a GPU said to be present."""
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    assert (
        placement() == (torch.device("cuda"), "auto")
        and placement("cpu", torch.float16)[1] == torch.float16
    )
    vlm = random_vlm(dict(gpu.TINY_VLM, dtype="bfloat16"))
    vlm.model.save_pretrained(tmp_path)
    vlm.tokenizer.save_pretrained(tmp_path)
    vlm.image_processor.save_pretrained(tmp_path)
    assert VLM(str(tmp_path), device="cpu").dtype == torch.bfloat16
    assert VLM(os.path.join(ROOT, "assets", "shapes_vlm"), device="cpu").dtype == torch.float32


class OnGPU(Exception):
    """Raised by a stand-in where a GPU-only step would start on this CPU machine: the choice before it is made."""


def stop_here(calls, value=None):
    calls.append(value)
    raise OnGPU


def test_tf32_goes_off_when_the_shapes_model_goes_to_a_gpu(monkeypatch):
    """load_shapes on a CUDA device turns TF32 off first (full_fp32: matmuls and cuDNN to 'ieee', the backward's
    kernels too); on the CPU it leaves the flags alone."""
    import support.shapes as shapes

    before = [flags.fp32_precision for flags in shapes.TF32_FLAGS]
    try:
        shapes.full_fp32()
        assert [flags.fp32_precision for flags in shapes.TF32_FLAGS] == ["ieee"] * 3
    finally:
        for flags, value in zip(shapes.TF32_FLAGS, before):
            flags.fp32_precision = value
    calls = []
    monkeypatch.setattr(shapes, "full_fp32", lambda: stop_here(calls, "tf32 off"))
    shapes.load_shapes("random", device="cpu")
    with pytest.raises(OnGPU):
        shapes.load_shapes("random", device="cuda")
    assert calls == ["tf32 off"]


def test_paper_samples_and_evaluates_on_the_gpu_when_there_is_one(monkeypatch, tmp_path):
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    devices = []
    monkeypatch.setattr(
        paper_eval, "load_shapes", lambda *args, **kw: stop_here(devices, kw["device"])
    )
    with pytest.raises(OnGPU):
        paper.evaluate(
            paper.parse_args(["--runs", str(tmp_path)]),
            str(tmp_path / "w.safetensors"),
            [],
            [],
            1.0,
            2,
        )
    assert devices == ["cuda"] and paper.sampling_device() == "cuda"
