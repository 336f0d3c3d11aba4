"""cast_train: the SDE step and its density, on-policy ratios, the spatial/scalar loss identity, torchrun (DDP and
FSDP2 on gloo) against one process, kill-and-resume, the LoRA file in a diffusers pipeline, NaN steps, stage files.
Models: a tiny random shapes model (tests/tiny.py) and test_model's tiny FLUX.2 pipeline; scorer: tiny.toy_scorer."""
import json
import math
import os
import subprocess
import sys

import pytest
import torch
from safetensors.torch import load_file

import cast_train as ct
from cast_advantage import pixel_advantage, run_folder
from cast_model import load_shapes, sample_ode
from tiny import save_tiny_shapes

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="module")
def weights(tmp_path_factory):
    return save_tiny_shapes(tmp_path_factory.mktemp("base") / "tiny.safetensors")


def flags(weights, out, *extra):
    return ["--base-weights", weights, "--scorer-path", "tests.tiny:toy_scorer", "--groups-per-rank", "2",
            "--group-size", "2", "--steps", "3", "--eval-steps", "3", "--eval-size", "4", "--eval-samples", "1",
            "--window", "0:2", "--threads", "1", "--eval-every", "100", "--save-every", "2", "--lr", "1e-4",
            "--overlay-images", "2", "--out", str(out), *extra]


def torchrun(*argv):
    env = dict(os.environ, OMP_NUM_THREADS="1")
    cmd = [sys.executable, "-m", "torch.distributed.run", "--standalone", "--nproc_per_node=2", "cast_train.py", *argv]
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]


def metrics(out):
    with open(os.path.join(out, "metrics.jsonl")) as f:
        return [json.loads(line) for line in f]


def max_diff(a, b):
    return max((a[k] - b[k]).abs().max().item() for k in a)


@pytest.fixture(scope="module")
def model(weights):
    bb = load_shapes(weights)
    with torch.no_grad():
        cond = bb.encode(["two red circles left of a blue square", "a green triangle"]).select([0, 0, 1, 1])
    return bb, cond


# ------------------------------------------------------------------ the SDE step
def test_noise_level_zero_is_the_euler_step(model):
    bb, cond = model
    x, sig = bb.noise(4, torch.Generator().manual_seed(0)), bb.sigmas(4)
    gens = [torch.Generator().manual_seed(i) for i in range(4)]
    with torch.no_grad():
        for i in range(4):      # σ = 1 included: the next sigma in the denominator, no 0/0
            v = bb.velocity(x, sig[i], cond)
            x_sde, log_prob, _, std = ct.sde_step(x, v, sig[i], sig[i + 1], 0.0, noise=torch.randn_like(x))
            assert torch.equal(x_sde, x + (sig[i + 1] - sig[i]) * v) and std == 0
            assert torch.equal(log_prob, torch.zeros(4, x.shape[1]))
        x0 = ct.rollout(lambda x, s: bb.velocity(x, s, cond), x, sig, (0, 4), 0.0, gens)[0]
    assert torch.equal(x0, sample_ode(bb, cond, x, 4))


@pytest.mark.parametrize("i", [0, 2])    # σ = 1 (first step) and an inner step
def test_log_prob_is_the_gaussian_density_it_was_drawn_from(i):
    torch.manual_seed(0)
    sig, a = torch.linspace(1, 0, 5), 0.7
    x, v, eps = torch.randn(3, 16, 12), torch.randn(3, 16, 12), torch.randn(3, 16, 12)
    x_next, log_prob, mean, std = ct.sde_step(x, v, sig[i], sig[i + 1], a, noise=eps)
    s, s1 = sig[i], sig[i + 1]
    dt = s1 - s
    expect_std = a * math.sqrt(s / (1 - (s1 if s == 1 else s)))
    assert math.isclose(float(std), expect_std, rel_tol=1e-6)
    torch.testing.assert_close(mean, x * (1 + std ** 2 / (2 * s) * dt) + v * (1 + std ** 2 * (1 - s) / (2 * s)) * dt)
    torch.testing.assert_close(x_next, mean + std * (-dt).sqrt() * eps)
    density = torch.distributions.Normal(mean, std * (-dt).sqrt()).log_prob(x_next).mean(-1)
    assert log_prob.shape == (3, 16)                  # per latent token: averaged over channels only
    torch.testing.assert_close(log_prob, density, rtol=1e-5, atol=1e-5)
    rescored = ct.sde_step(x, v, sig[i], sig[i + 1], a, x_next=x_next)[1]   # re-scoring a stored step
    assert torch.equal(rescored, log_prob)


def test_on_policy_ratio_is_exactly_one(model):
    bb, cond = model
    policy = ct.Policy(bb, bb.model)
    sig, gens = bb.sigmas(4), [torch.Generator().manual_seed(i) for i in range(4)]
    x = torch.cat([bb.noise(1, g) for g in gens])
    _, xs, xs_next, old = ct.rollout(lambda x, s: policy(x, s, cond), x, sig, (1, 4), 0.7, gens)
    assert xs.shape == (4, 3, 64, 48) and old.shape == (4, 3, 64)
    for j, i in enumerate(range(1, 4)):                # the training path: gradients on, same batch
        v = policy(xs[:, j], sig[i], cond)
        log_prob = ct.sde_step(xs[:, j], v, sig[i], sig[i + 1], 0.7, x_next=xs_next[:, j])[1]
        loss, ratio = ct.grpo_loss(log_prob, old[:, j], torch.randn(4, 64), 1e-4)
        assert log_prob.requires_grad and torch.equal(ratio, torch.ones_like(ratio))


def test_uniform_maps_make_the_spatial_loss_the_scalar_loss():
    torch.manual_seed(0)
    atom_adv, scalar = torch.randn(4, 6) * (torch.rand(4, 6) > 0.3), torch.randn(4)
    pixel_adv = pixel_advantage(atom_adv, torch.ones(4, 6, 8, 8), scalar)        # uniform maps
    old = torch.randn(4, 64)
    grads = []
    for adv in (pixel_adv.flatten(1), pixel_adv[:, 0, 0, None].expand(4, 64)):   # per token vs one per image
        log_prob = (old + 0.3 * torch.randn(4, 64, generator=torch.Generator().manual_seed(1))).requires_grad_()
        loss, _ = ct.grpo_loss(log_prob, old, adv, 0.2)
        loss.backward()
        grads.append((loss.detach(), log_prob.grad))
    torch.testing.assert_close(grads[0][0], grads[1][0])
    torch.testing.assert_close(grads[0][1], grads[1][1])


# ------------------------------------------------------------------ distributed
def test_two_processes_equal_one_with_the_same_global_batch(weights, tmp_path):
    torchrun(*flags(weights, tmp_path / "two", "--groups-per-rank", "1", "--iterations", "2"))
    ct.main(flags(weights, tmp_path / "one", "--iterations", "2"))          # 1 x 2 groups == 2 x 1 group
    two = load_file(str(tmp_path / "two/checkpoints/step_2/model.safetensors"))
    one = load_file(str(tmp_path / "one/checkpoints/step_2/model.safetensors"))
    moved = max_diff(one, load_file(weights))
    assert moved > 1e-5                                                      # it trained
    # Same update up to float summation order (gloo's all-reduce vs one sum): a rank that missed the other's
    # gradients would differ by the size of the update itself (Adam moves each weight ~lr per step).
    assert max_diff(one, two) < 0.05 * moved
    m1, m2 = metrics(tmp_path / "one"), metrics(tmp_path / "two")
    assert [r["reward"] for r in m1 if "reward" in r] == pytest.approx([r["reward"] for r in m2 if "reward" in r])


def test_fsdp_lora_equals_one_process(weights, tmp_path):
    lora = ["--no-full", "--lora-rank", "4", "--iterations", "2"]   # spatial maps: capture under FSDP2 too
    torchrun(*flags(weights, tmp_path / "fsdp", "--groups-per-rank", "1", "--fsdp", *lora))
    ct.main(flags(weights, tmp_path / "one", *lora))
    name = "checkpoints/step_2/pytorch_lora_weights.safetensors"
    one, fsdp = load_file(str(tmp_path / "one" / name)), load_file(str(tmp_path / "fsdp" / name))
    assert sorted(one) == sorted(fsdp) and max(one[k].abs().max() for k in one if "lora_B" in k) > 1e-5
    assert max_diff(one, fsdp) < 1e-6


# ------------------------------------------------------------------ checkpoints
def test_kill_and_resume_ends_with_the_same_weights(weights, tmp_path):
    ct.main(flags(weights, tmp_path / "straight", "--iterations", "4"))
    ct.main(flags(weights, tmp_path / "killed", "--iterations", "2"))       # stopped after the checkpoint at 2
    ct.main(flags(weights, tmp_path / "killed", "--iterations", "4", "--resume"))
    name = "checkpoints/step_4/model.safetensors"
    a, b = load_file(str(tmp_path / "straight" / name)), load_file(str(tmp_path / "killed" / name))
    assert all(torch.equal(a[k], b[k]) for k in a)
    assert sorted(os.listdir(tmp_path / "killed/checkpoints")) == ["step_2", "step_4"]     # no .tmp left over
    rows = [r for r in metrics(tmp_path / "killed") if "reward" in r]
    assert [r["iteration"] for r in rows] == [1, 2, 3, 4]
    assert all(r["log_ratio_max"] == 0 and r["approx_kl"] == 0 for r in rows)            # on-policy: ratio == 1
    with pytest.raises(ValueError, match="does not match this run: method 'cast' vs 'flow_grpo'"):
        ct.main(flags(weights, tmp_path / "killed", "--iterations", "6", "--resume", "--method", "flow_grpo"))
    with pytest.raises(FileExistsError, match="--resume"):
        ct.main(flags(weights, tmp_path / "killed", "--iterations", "6"))


def test_nan_loss_skips_the_step_and_never_reaches_a_checkpoint(weights, tmp_path):
    ct.main(flags(weights, tmp_path, "--iterations", "2", "--save-every", "1", "--debug-nan-at-step", "1"))
    rows = [r for r in metrics(tmp_path) if "reward" in r]
    assert [r["skipped"] for r in rows] == [1, 1] and not math.isfinite(rows[0]["loss"])
    base, step1 = load_file(weights), load_file(str(tmp_path / "checkpoints/step_1/model.safetensors"))
    assert all(torch.equal(base[k], step1[k]) for k in base)                            # not updated, finite
    assert max_diff(load_file(str(tmp_path / "checkpoints/step_2/model.safetensors")), base) > 1e-5


def test_lora_checkpoint_loads_into_a_diffusers_pipeline(tmp_path):
    from diffusers import Flux2Pipeline
    from test_model import FLUX_KW, FLUX_SIZE, tiny_flux2
    torch.manual_seed(0)
    tiny_flux2().save_pretrained(tmp_path / "flux2")
    options = [f"--option=height={FLUX_SIZE[0]}", f"--option=width={FLUX_SIZE[1]}",
               f"--option=max_sequence_length={FLUX_KW['max_sequence_length']}",
               "--option=text_encoder_out_layers=[1,2,3]"]
    ct.main(["--backbone", "flux2", "--model-path", str(tmp_path / "flux2"), *options, "--scorer-path",
             "tests.tiny:toy_scorer", "--groups-per-rank", "2", "--group-size", "2", "--steps", "2",
             "--eval-steps", "2", "--eval-size", "2", "--eval-samples", "1", "--window", "0:2", "--advantage",
             "scalar", "--lora-rank", "4", "--lr", "1e-2", "--iterations", "1", "--threads", "1",
             "--out", str(tmp_path / "run")])
    ckpt = tmp_path / "run/checkpoints/step_1"
    saved = load_file(str(ckpt / "pytorch_lora_weights.safetensors"))
    assert saved and all(k.startswith("transformer.") for k in saved)
    pipe = Flux2Pipeline.from_pretrained(tmp_path / "flux2")
    pipe.set_progress_bar_config(disable=True)
    kw = dict(prompt="a red circle", height=FLUX_SIZE[0], width=FLUX_SIZE[1], num_inference_steps=2,
              output_type="pt", **FLUX_KW)
    before = pipe(generator=torch.Generator().manual_seed(0), **kw).images
    pipe.load_lora_weights(str(ckpt))
    after = pipe(generator=torch.Generator().manual_seed(0), **kw).images
    assert (after - before).abs().max() > 1e-4
    loaded = {k: v for k, v in pipe.transformer.state_dict().items() if "lora_B" in k}
    assert loaded and all(torch.equal(v, saved["transformer." + k.replace(".default_0", "")]) for k, v in loaded.items())


# ------------------------------------------------------------------ the default method end to end
def test_cast_run_writes_the_stage_files_and_the_report(weights, tmp_path, capsys):
    out = tmp_path / "cast"
    result = ct.main(flags(weights, out, "--window", "auto", "--window-size", "2", "--window-prompts", "2",
                           "--iterations", "2", "--eval-every", "2"))
    printed = capsys.readouterr().out
    assert "base" in printed and "trained" in printed and "hardest (>=" in printed and "paired" in printed
    for name in ["window.safetensors", "metrics.jsonl", "samples_step_0.png", "samples_step_2.png",
                 "overlays_step_2.png", "atoms.jsonl", "rollout.safetensors",
                 "scores.safetensors", "advantages.safetensors", "checkpoints/step_2/model.safetensors",
                 "checkpoints/step_2/trainer_state.safetensors", "checkpoints/step_2/trainer_state.json"]:
        assert (out / name).exists(), name
    ro, adv = load_file(str(out / "rollout.safetensors")), load_file(str(out / "advantages.safetensors"))
    W = len(ro["step_index"])
    assert ro["xs"].shape == ro["xs_next"].shape == (4, W, 64, 48) and ro["log_prob"].shape == (4, W, 64)
    assert ro["images"].dtype == torch.uint8 and ro["group"].tolist() == [0, 0, 1, 1]
    assert adv["pixel_adv"].shape == (4, 8, 8) and adv["maps"].shape[:1] == (4,)
    evals = [r for r in metrics(out) if r.get("eval")]
    assert [r["iteration"] for r in evals] == [0, 2] and {"am", "gm", "strict", "per_kind"} <= set(evals[0])
    assert result["base"].shape == result["trained"].shape
    redone = run_folder(str(out), model_path=weights)                   # cast_advantage redoes the stage
    assert redone["pixel_adv"].shape == adv["pixel_adv"].shape


# ------------------------------------------------------------------ scene graphs read from atoms.jsonl
def test_atoms_file_replaces_the_parser(tmp_path):
    from cast_csg import CSGError, SceneGraph, parse
    prompt = "a red circle to the left of a blue square in the background"     # the rules refuse it
    written = parse("a red circle to the left of a blue square")                 # as an LLM parser might
    (tmp_path / "atoms.jsonl").write_text(SceneGraph(prompt, written.objects, written.atoms).to_json() + "\n")
    graph_of = ct.scene_graphs(ct.parse_args(["--atoms", str(tmp_path / "atoms.jsonl")]))
    assert graph_of(prompt).atoms == written.atoms and graph_of(prompt).prompt == prompt
    with pytest.raises(CSGError, match="'a green triangle' is not in .*atoms.jsonl"):
        graph_of("a green triangle")
    assert ct.scene_graphs(ct.parse_args([]))("a green triangle") == parse("a green triangle")
