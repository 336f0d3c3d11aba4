"""bench/gpu.py: its FLOP accounting on the published architectures (built on the meta device) reproduces
the hand-derived counts below, and the whole bench runs end to end on CPU with tiny configs of the same classes.
bench/csg_heldout.py: the count of mis-parses that differ only in where a describing word sits."""
import json
import math
import os
import subprocess
import sys

import pytest
import torch.nn as nn

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench"))
import gpu  # noqa: E402


@pytest.mark.parametrize("name, weights, tokens, tflop, maps_tflop", [
    ("flux2", 27.48e9, (1024, 512), 87.7, 12.5),       # notes: 84.4 + 3.25; maps stop after double block 7 of 8
    ("qwenimage", 6.79e9, (1024, 40), 15.3, 12.5)])   # maps stop after block 48 of 60
def test_flop_model_of_the_published_configs_is_the_notes_accounting(name, weights, tokens, tflop, maps_tflop):
    fm = gpu.flop_model(name, 512, {}, 4.0)
    assert sum(fm["weights"]) == pytest.approx(weights, rel=1e-3)
    assert (fm["image_tokens"], fm["text_tokens"]) == tokens and fm["passes"] == (2 if name == "qwenimage" else 1)
    assert gpu.pass_flops(fm) / 1e12 == pytest.approx(tflop, abs=0.05)
    assert gpu.pass_flops(fm, fm["maps_blocks"]) / 1e12 == pytest.approx(maps_tflop, abs=0.05)
    # G = 4, 8 steps, window 3: the rollout and train counts
    flops = gpu.stage_flops(fm, 4, 8, 3, maps=True)
    assert flops["train"] == 2 * 3 / 8 * flops["rollout"] and flops["score"] is None


def test_a_token_meets_one_stream_of_a_double_block_and_no_modulation():
    from diffusers import QwenImageTransformer2DModel
    tr = QwenImageTransformer2DModel(num_layers=1, attention_head_dim=16, num_attention_heads=2, joint_attention_dim=8,
                                     axes_dims_rope=(8, 4, 4), in_channels=16, out_channels=4)
    block = tr.transformer_blocks[0]
    linear = {n: m.weight.numel() for n, m in block.named_modules() if isinstance(m, nn.Linear)}
    image_stream = sum(v for n, v in linear.items() if n.startswith(("attn.to_q", "attn.to_k", "attn.to_v",
                                                                     "attn.to_out", "img_mlp")))
    assert gpu.block_weights(block) == image_stream
    text_stream = sum(v for n, v in linear.items() if n.startswith(("attn.add_", "attn.to_add_out", "txt_mlp")))
    assert image_stream == text_stream


def test_bench_runs_end_to_end_on_cpu_with_tiny_configs(tmp_path):
    out = tmp_path / "gpu"
    report = gpu.main(["--tiny", "--backbone", "flux2", "qwenimage", "--res", "64", "--group-size", "2",
                       "--steps", "4", "--iterations", "2", "--threads", "1", "--out", str(out)])
    small = gpu.main(["--tiny", "--backbone", "flux2", "--method", "cast", "--res", "32", "--group-size", "2",
                      "--iterations", "1", "--threads", "1", "--fit-gib", "0.01", "--out", str(tmp_path / "small")])
    assert small["results"][0]["ran"] and not small["results"][0]["fits"] and "| **no** |" in small["markdown"]
    saved = json.loads((tmp_path / "gpu.json").read_text())
    md = (tmp_path / "gpu.md").read_text()
    rows = saved["results"]
    assert [(r["backbone"], r["method"]) for r in rows] == [("flux2", "cast"), ("flux2", "flow_grpo"),
                                                            ("qwenimage", "cast"), ("qwenimage", "flow_grpo")]
    for r in rows:
        assert r["ran"] and r["fits"] and r["timed_iterations"] == [2] and r["peak_allocated"] > 0
        assert r["seconds"]["rollout"] > 0 and r["seconds"]["train"] > 0
        assert math.isclose(r["iteration"], sum(r["seconds"].values()))
        assert all(m is None or 0 < m < 10 for m in r["mfu"].values())
    for cast, fg in (rows[:2], rows[2:]):
        assert cast["window"] == [0, 3] and fg["window"] == [0, 4]
        assert cast["flops"]["rollout"] == fg["flops"]["rollout"]                   # the same sampling
        assert cast["flops"]["train"] == pytest.approx(3 / 4 * fg["flops"]["train"])  # 3 of 4 window steps
        assert cast["flops"]["maps"] > 0 == fg["flops"]["maps"] and cast["seconds"]["maps"] > 0
    assert md.count("| **") == 2 and "cast_train's loop on random weights" in md and report["markdown"] == md
    assert saved["environment"]["device"]["peak_source"] == "measured matmul"


def test_the_h200_script_runs_its_tiny_cpu_equivalent(tmp_path):
    """bench/gpu_h200.sh with tiny sizes: its four steps run and leave the 8 files the device tool brings back."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, RES="32", RES_BIG="64", G="2", G_BIG="3", EXTRA="--tiny --steps 4 --threads 1",
               OUT=str(tmp_path), PYTHON=sys.executable, OMP_NUM_THREADS="1")
    done = subprocess.run(["bash", os.path.join(root, "bench", "gpu_h200.sh")], env=env, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    steps = ["flux2_512_g4", "qwen_512_g4", "flux2_1024_g4", "g16"]
    assert sorted(os.listdir(tmp_path)) == sorted(f"gpu_h200_{s}.{e}" for s in steps for e in ("json", "md"))
    rows = {s: json.loads((tmp_path / f"gpu_h200_{s}.json").read_text())["results"] for s in steps}
    assert [(r["method"], r["res"]) for r in rows["flux2_512_g4"]] == [("cast", 32), ("flow_grpo", 32)]
    assert [(r["backbone"], r["group_size"], r["timed_iterations"]) for r in rows["g16"]] == [
        ("flux2", 3, [1]), ("qwenimage", 3, [1])]
    assert all(r["fits"] for rs in rows.values() for r in rs) and done.stdout.count("| **") == 2


def test_adjective_only_tells_where_a_describing_word_sits_from_a_wrong_reading():
    """bench/csg_heldout.adjective_only, which the sets' counts report: the same objects, counts, head nouns and
    relations, the describing words in the noun or among its attributes; anything else is a real difference."""
    from csg_heldout import adjective_only
    want = ("branch/1/mossy,dead; owl/2+", "1 on 0")
    assert adjective_only(("mossy dead branch/1; owl/2+", "1 on 0"), want)
    assert adjective_only(("dead branch/1/mossy; owl/2+", "1 on 0"), want)
    assert not adjective_only(("mossy branch/1; owl/2+", "1 on 0"), want)              # a word lost
    assert not adjective_only(("mossy dead twig/1; owl/2+", "1 on 0"), want)           # another head
    assert not adjective_only(("mossy dead branch/2; owl/2+", "1 on 0"), want)         # another count
    assert not adjective_only(("mossy dead branch/1; owl/2+", "1 near 0"), want)       # another relation
    assert not adjective_only(("owl/2+", ""), ("REFUSE", ""))
