"""cast_train: the SDE step and its density, on-policy ratios, the spatial/scalar loss identity, torchrun (DDP and
FSDP2 on gloo) against one process, kill-and-resume, the LoRA file in a diffusers pipeline, NaN steps, stage files.
Models: a tiny random shapes model (tests/tiny.py) and test_model's tiny FLUX.2 pipeline; scorer: tiny.toy_scorer."""

import json
import math
import os
import shutil
import subprocess
import sys

import pytest
import torch
from PIL import Image
from safetensors.torch import load_file
from tiny import save_tiny_shapes

import cast_advantage
import cast_csg
import cast_reward
import cast_train as ct
from cast_advantage import pixel_advantage
from support import pictures
from support.backbone import sample_ode
from support.checkpoint import CheckpointError
from support.config import PRESETS
from support.pictures import curves, read_metrics
from support.prompt_files import read_prompt
from support.run import swapped_in
from support.shapes import load_shapes

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="module")
def weights(tmp_path_factory):
    return save_tiny_shapes(tmp_path_factory.mktemp("base") / "tiny.safetensors")


def flags(weights, out, *extra):
    return [
        "--base-weights",
        weights,
        "--scorer-path",
        "tests.tiny:toy_scorer",
        "--groups-per-rank",
        "2",
        "--group-size",
        "2",
        "--steps",
        "3",
        "--eval-steps",
        "3",
        "--eval-size",
        "4",
        "--final-eval-size",
        "4",
        "--eval-samples",
        "1",
        "--window",
        "0:2",
        "--threads",
        "1",
        "--eval-every",
        "100",
        "--save-every",
        "2",
        "--lr",
        "1e-4",
        "--overlay-images",
        "2",
        "--out",
        str(out),
        *extra,
    ]


def torchrun(*argv):
    env = dict(os.environ, OMP_NUM_THREADS="1")
    cmd = [
        sys.executable,
        "-m",
        "torch.distributed.run",
        "--standalone",
        "--nproc_per_node=2",
        "cast_train.py",
        *argv,
    ]
    try:
        done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired as e:  # say where it stood: the last lines of both streams
        tail = lambda b: (b.decode(errors="replace") if isinstance(b, bytes) else b or "")[-2000:]  # noqa: E731
        pytest.fail(
            f"torchrun ran past 300 s\nstdout:\n{tail(e.stdout)}\nstderr:\n{tail(e.stderr)}"
        )
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
        cond = bb.encode(["two red circles left of a blue square", "a green triangle"]).select(
            [0, 0, 1, 1]
        )
    return bb, cond


# ------------------------------------------------------------------ the SDE step
def test_noise_level_zero_is_the_euler_step(model):
    bb, cond = model
    x, sig = bb.noise(4, torch.Generator().manual_seed(0)), bb.sigmas(4)
    gens = [torch.Generator().manual_seed(i) for i in range(4)]
    with torch.no_grad():
        for i in range(4):  # σ = 1 included: the next sigma in the denominator, no 0/0
            v = bb.velocity(x, sig[i], cond)
            x_sde, log_prob, _, std = ct.sde_step(
                x, v, sig[i], sig[i + 1], 0.0, noise=torch.randn_like(x)
            )
            assert torch.equal(x_sde, x + (sig[i + 1] - sig[i]) * v) and std == 0
            assert torch.equal(log_prob, torch.zeros(4, x.shape[1]))
        x0 = ct.rollout(lambda x, s: bb.velocity(x, s, cond), x, sig, 0, 4, 0.0, gens).x0
    assert torch.equal(x0, sample_ode(bb, cond, x, 4))


@pytest.mark.parametrize("i", [0, 2])  # σ = 1 (first step) and an inner step
def test_log_prob_is_the_gaussian_density_it_was_drawn_from(i):
    torch.manual_seed(0)
    sig, a = torch.linspace(1, 0, 5), 0.7
    x, v, eps = torch.randn(3, 16, 12), torch.randn(3, 16, 12), torch.randn(3, 16, 12)
    x_next, log_prob, mean, std = ct.sde_step(x, v, sig[i], sig[i + 1], a, noise=eps)
    s, s1 = sig[i], sig[i + 1]
    dt = s1 - s
    expect_std = a * math.sqrt(s / (1 - (s1 if s == 1 else s)))
    assert math.isclose(float(std), expect_std, rel_tol=1e-6)
    torch.testing.assert_close(
        mean, x * (1 + std**2 / (2 * s) * dt) + v * (1 + std**2 * (1 - s) / (2 * s)) * dt
    )
    torch.testing.assert_close(x_next, mean + std * (-dt).sqrt() * eps)
    density = torch.distributions.Normal(mean, std * (-dt).sqrt()).log_prob(x_next).mean(-1)
    assert log_prob.shape == (3, 16)  # per latent token: averaged over channels only
    torch.testing.assert_close(log_prob, density, rtol=1e-5, atol=1e-5)
    rescored = ct.sde_step(x, v, sig[i], sig[i + 1], a, x_next=x_next)[
        1
    ]  # re-scoring a stored step
    assert torch.equal(rescored, log_prob)


@pytest.mark.parametrize("i", [0, 2])
def test_kl_term_is_the_kl_between_the_two_steps_gaussians(i):
    torch.manual_seed(1)
    sig, a = torch.linspace(1, 0, 5), 0.7
    x, v, v_ref = torch.randn(3, 16, 12), torch.randn(3, 16, 12), torch.randn(3, 16, 12)
    _, _, mean, std = ct.sde_step(x, v, sig[i], sig[i + 1], a)
    mean_ref = ct.sde_step(x, v_ref, sig[i], sig[i + 1], a)[2]
    step_std = std * (sig[i] - sig[i + 1]).sqrt()
    expect = torch.distributions.kl_divergence(
        torch.distributions.Normal(mean, step_std), torch.distributions.Normal(mean_ref, step_std)
    ).mean(-1)
    kl = ct.transition_kl(mean, mean_ref, std, sig[i], sig[i + 1])
    assert kl.shape == (3, 16) and (kl > 0).all()
    torch.testing.assert_close(kl, expect, rtol=1e-5, atol=1e-7)
    assert torch.equal(ct.transition_kl(mean, mean, std, sig[i], sig[i + 1]), torch.zeros(3, 16))
    assert torch.equal(
        ct.transition_kl(mean, mean_ref, torch.tensor(0.0), sig[i], sig[i + 1]), torch.zeros(3, 16)
    )


def test_on_policy_ratio_is_exactly_one(model):
    bb, cond = model
    policy = ct.Policy(bb, bb.model)
    sig, gens = bb.sigmas(4), [torch.Generator().manual_seed(i) for i in range(4)]
    x = torch.cat([bb.noise(1, g) for g in gens])
    roll = ct.rollout(lambda x, s: policy(x, s, cond), x, sig, 1, 3, 0.7, gens)
    xs, xs_next, old = roll.xs, roll.xs_next, roll.log_prob
    assert xs.shape == (4, 3, 64, 48) and old.shape == (4, 3, 64)
    for j, i in enumerate(range(1, 4)):  # the training path: gradients on, same batch
        v = policy(xs[:, j], sig[i], cond)
        log_prob = ct.sde_step(xs[:, j], v, sig[i], sig[i + 1], 0.7, x_next=xs_next[:, j])[1]
        loss, ratio = ct.grpo_loss(log_prob, old[:, j], torch.randn(4, 64), 1e-4)
        assert log_prob.requires_grad and torch.equal(ratio, torch.ones_like(ratio))


def test_uniform_maps_make_the_spatial_loss_the_scalar_loss():
    torch.manual_seed(0)
    atom_adv = torch.randn(4, 6) * (torch.rand(4, 6) > 0.3)
    pixel_adv = pixel_advantage(atom_adv, torch.ones(4, 6, 8, 8))  # uniform unit maps (Eq. 7)
    torch.testing.assert_close(pixel_adv[:, 0, 0], atom_adv.sum(1).clamp(-5, 5))
    old = torch.randn(4, 64)
    grads = []
    for adv in (
        pixel_adv.flatten(1),
        pixel_adv[:, 0, 0, None].expand(4, 64),
    ):  # per token vs one per image
        log_prob = (
            old + 0.3 * torch.randn(4, 64, generator=torch.Generator().manual_seed(1))
        ).requires_grad_()
        loss, _ = ct.grpo_loss(log_prob, old, adv, 0.2)
        loss.backward()
        grads.append((loss.detach(), log_prob.grad))
    torch.testing.assert_close(grads[0][0], grads[1][0])
    torch.testing.assert_close(grads[0][1], grads[1][1])


# ------------------------------------------------------------------ distributed
def test_two_processes_equal_one_with_the_same_global_batch(weights, tmp_path):
    torchrun(*flags(weights, tmp_path / "two", "--groups-per-rank", "1", "--iterations", "2"))
    ct.main(flags(weights, tmp_path / "one", "--iterations", "2"))  # 1 x 2 groups == 2 x 1 group
    two = load_file(str(tmp_path / "two/checkpoints/step_2/model.safetensors"))
    one = load_file(str(tmp_path / "one/checkpoints/step_2/model.safetensors"))
    moved = max_diff(one, load_file(weights))
    assert moved > 1e-5  # it trained
    # Same update up to float summation order (gloo's all-reduce vs one sum): a rank that missed the other's
    # gradients would differ by the size of the update itself (Adam moves each weight ~lr per step).
    assert max_diff(one, two) < 0.05 * moved
    m1, m2 = metrics(tmp_path / "one"), metrics(tmp_path / "two")
    assert [r["reward"] for r in m1 if "reward" in r] == pytest.approx(
        [r["reward"] for r in m2 if "reward" in r]
    )


def test_fsdp_lora_equals_one_process(weights, tmp_path):
    lora = [
        "--no-full",
        "--lora-rank",
        "4",
        "--iterations",
        "2",
    ]  # spatial maps: capture under FSDP2 too
    torchrun(*flags(weights, tmp_path / "fsdp", "--groups-per-rank", "1", "--fsdp", *lora))
    ct.main(flags(weights, tmp_path / "one", *lora))
    name = "checkpoints/step_2/pytorch_lora_weights.safetensors"
    one, fsdp = load_file(str(tmp_path / "one" / name)), load_file(str(tmp_path / "fsdp" / name))
    assert (
        sorted(one) == sorted(fsdp) and max(one[k].abs().max() for k in one if "lora_B" in k) > 1e-5
    )
    assert max_diff(one, fsdp) < 1e-6


@pytest.mark.parametrize(
    "weights_kind", [[], ["--no-full", "--lora-rank", "4"]]
)  # reference: a copy; LoRA off
def test_kl_to_the_reference_is_zero_before_the_first_update_and_positive_after(
    weights, tmp_path, weights_kind
):
    ct.main(flags(weights, tmp_path / "kl", "--iterations", "2", "--beta", "0.1", *weights_kind))
    rows = [r for r in metrics(tmp_path / "kl") if "reward" in r]
    assert rows[0]["kl"] == 0 and rows[1]["kl"] > 0


# ------------------------------------------------------------------ checkpoints
def test_kill_and_resume_ends_with_the_same_weights(weights, tmp_path):
    ct.main(flags(weights, tmp_path / "straight", "--iterations", "4"))
    ct.main(
        flags(weights, tmp_path / "killed", "--iterations", "2")
    )  # stopped after the checkpoint at 2
    ct.main(flags(weights, tmp_path / "killed", "--iterations", "4", "--resume"))
    name = "checkpoints/step_4/model.safetensors"
    a, b = load_file(str(tmp_path / "straight" / name)), load_file(str(tmp_path / "killed" / name))
    assert all(torch.equal(a[k], b[k]) for k in a)
    assert sorted(os.listdir(tmp_path / "killed/checkpoints")) == [
        "step_2",
        "step_4",
    ]  # no .tmp left over
    rows = [r for r in metrics(tmp_path / "killed") if "reward" in r]
    assert [r["iteration"] for r in rows] == [1, 2, 3, 4]
    assert all(
        r["log_ratio_max"] == 0 and r["approx_kl"] == 0 for r in rows
    )  # on-policy: ratio == 1
    with pytest.raises(ValueError, match="--method: 'cast' then, 'flow_grpo' now"):
        ct.main(
            flags(
                weights,
                tmp_path / "killed",
                "--iterations",
                "6",
                "--resume",
                "--method",
                "flow_grpo",
            )
        )
    with pytest.raises(SystemExit):  # argparse's error, before anything loads
        ct.main(flags(weights, tmp_path / "killed", "--iterations", "6"))


def test_ema_and_warmup_resume_bit_identically_and_the_ema_is_its_formula(weights, tmp_path):
    recipe = ["--ema", "0.5", "--warmup", "3", "--save-every", "1"]
    ct.main(flags(weights, tmp_path / "straight", "--iterations", "3", *recipe))
    ct.main(flags(weights, tmp_path / "killed", "--iterations", "1", *recipe))
    ct.main(flags(weights, tmp_path / "killed", "--iterations", "3", "--resume", *recipe))
    ckpt = lambda run, i: tmp_path / run / f"checkpoints/step_{i}"  # noqa: E731
    for name in ["model.safetensors", "trainer_state.safetensors"]:
        a, b = load_file(str(ckpt("straight", 3) / name)), load_file(str(ckpt("killed", 3) / name))
        assert sorted(a) == sorted(b) and all(
            torch.equal(a[k], b[k]) for k in a if k != "rng.torch"
        ), name
    # after one step from w0 to w1: w_ema = 0.5·w0 + 0.5·w1, for every trained tensor
    w0, w1 = load_file(weights), load_file(str(ckpt("straight", 1) / "model.safetensors"))
    ema = {
        k.removeprefix("ema."): v
        for k, v in load_file(str(ckpt("straight", 1) / "trainer_state.safetensors")).items()
        if k.startswith("ema.")
    }
    assert ema and max((w1[k] - w0[k]).abs().max() for k in ema) > 1e-6
    assert all(torch.allclose(e, 0.5 * w0[k] + 0.5 * w1[k], atol=1e-7) for k, e in ema.items())
    with open(
        ckpt("straight", 1) / "trainer_state.json"
    ) as f:  # warmup: lr · 1/3 at the first step
        assert json.load(f)["param_groups"][0]["lr"] == pytest.approx(1e-4 / 3)
    with pytest.raises(ValueError, match="--ema: 0.5 then, 0.0 now"):
        ct.main(
            flags(
                weights,
                tmp_path / "killed",
                "--iterations",
                "4",
                "--resume",
                "--save-every",
                "1",
                "--ema",
                "0",
            )
        )


def test_evaluation_sees_the_ema_weights_and_training_gets_its_own_back():
    params = [torch.nn.Parameter(torch.ones(3)), torch.nn.Parameter(torch.zeros(2))]
    ema = [torch.full((3,), 0.5), torch.full((2,), -1.0)]
    with swapped_in(params, ema):
        assert torch.equal(params[0].data, ema[0]) and torch.equal(params[1].data, ema[1])
    assert torch.equal(params[0].data, torch.ones(3)) and torch.equal(
        params[1].data, torch.zeros(2)
    )


@pytest.mark.parametrize("method,beta", [("cast", 0.0), ("flow_grpo", 0.0), ("cast", 0.02)])
def test_compute_budget_counts_every_transformer_pass_of_an_iteration(
    weights, tmp_path, monkeypatch, method, beta
):
    """Every forward row the transformer sees in a run = the setup probe + evaluations + per iteration the
    rollout, map and training forwards (and the KL reference's, β > 0), which is passes_per_iteration less the 2
    backward-pass units of training."""
    from support.shapes import ShapesModel

    rows, forward = [], ShapesModel.forward
    monkeypatch.setattr(
        ShapesModel,
        "forward",
        lambda self, x, *a, **k: rows.append(len(x)) or forward(self, x, *a, **k),
    )
    extra = [
        "--method",
        method,
        "--guidance",
        "2",
        "--iterations",
        "2",
        "--eval-every",
        "2",
        "--window",
        "full",
        "--beta",
        str(beta),
        "--grounding",
        "dit",
    ]  # the denoiser's maps cost passes too
    step = method == "cast" and beta > 0  # one case grounds per window step, on the ODE completions
    extra += ["--ground-on", "step" if step else "sample"]
    ct.main(flags(weights, tmp_path, *extra, *(["--window", "0:2"] if method == "cast" else [])))
    images, T, c = 2 * 2, 3, 2  # groups x G, --steps, CFG 2: two passes a call
    W = 2  # cast: 0:2; flow_grpo: full = [0, T - 1)
    stride = (
        ct.COMPLETION_STRIDE
    )  # steps 0 and 1 to the end, less each one's first call (the rollout's)
    completion = ct.completion_steps((0, 2), W, T, stride) if step else 0
    maps = (W if step else 1) * (method == "cast")  # one denoiser map pass per image, or per step
    per_iteration = ct.passes_per_iteration(images, T, W, c, maps, 1, beta > 0, completion)
    assert completion == (sum(-(-(T - s) // stride) - 1 for s in (0, 1)) if step else 0)
    assert per_iteration == images * ((T + completion) * c + maps + (3 + (beta > 0)) * W * c)
    evals = 2 * 4 * 1 * 3 * c  # evals at 0 and 2, 4 prompts x 1 seed, 3 steps
    assert sum(rows) == c + evals + 2 * (per_iteration - images * 2 * W * c)
    assert [r["passes"] for r in metrics(tmp_path) if "reward" in r] == [
        per_iteration,
        2 * per_iteration,
    ]
    ct.main(
        flags(
            weights,
            tmp_path / "budget",
            *extra,
            "--budget",
            str(3.5 * per_iteration),
            *(["--window", "0:2"] if method == "cast" else []),
        )
    )
    assert [r["iteration"] for r in metrics(tmp_path / "budget") if "reward" in r] == [1, 2, 3]


def damage_newest(run, how):
    """Damage checkpoints/step_4 as a full disk, a stopped copy or a bad sector would."""
    ckpt = run / "checkpoints/step_4"
    if how == "truncated weights":
        data = (ckpt / "model.safetensors").read_bytes()
        (ckpt / "model.safetensors").write_bytes(data[: len(data) // 2])
    elif how == "damaged state":
        (ckpt / "trainer_state.json").write_text('{"step": 4, "iteration": 4, "backb')
    else:  # one flipped byte inside the optimizer moments: still a valid file
        path = ckpt / "trainer_state.safetensors"
        data = bytearray(path.read_bytes())
        data[-5] ^= 0xFF
        path.write_bytes(bytes(data))


@pytest.mark.parametrize(
    "how,why",
    [
        ("truncated weights", "model.safetensors does not match its checksum"),
        ("damaged state", "trainer_state.json is unreadable (JSONDecodeError"),
        ("flipped byte", "trainer_state.safetensors does not match its checksum"),
    ],
)
def test_resume_falls_back_past_a_damaged_checkpoint_bit_identically(
    weights, tmp_path, capsys, how, why
):
    ct.main(flags(weights, tmp_path / "direct", "--iterations", "2"))  # resumed at 2 directly ...
    ct.main(flags(weights, tmp_path / "direct", "--iterations", "6", "--resume"))
    ct.main(flags(weights, tmp_path / "fallback", "--iterations", "4"))  # ... and past a damaged 4
    damage_newest(tmp_path / "fallback", how)
    capsys.readouterr()
    ct.main(flags(weights, tmp_path / "fallback", "--iterations", "6", "--resume"))
    warning = [line for line in capsys.readouterr().out.splitlines() if line.startswith("warning:")]
    assert len(warning) == 1 and warning[0].startswith(
        f"warning: {tmp_path}/fallback/checkpoints/step_4 is damaged ({why}"
    )
    assert warning[0].endswith("resuming from step_2 instead")
    name = "checkpoints/step_6/model.safetensors"
    a, b = load_file(str(tmp_path / "direct" / name)), load_file(str(tmp_path / "fallback" / name))
    assert all(torch.equal(a[k], b[k]) for k in a)
    rows = [r["iteration"] for r in metrics(tmp_path / "fallback") if "reward" in r]
    assert rows == [1, 2, 3, 4, 5, 6]  # the redone iterations 3, 4 are logged once


def test_resume_with_no_intact_checkpoint_names_each_fault(weights, tmp_path):
    ct.main(flags(weights, tmp_path, "--iterations", "4"))
    (tmp_path / "checkpoints/step_2/model.safetensors").unlink()
    damage_newest(tmp_path, "damaged state")
    with pytest.raises(CheckpointError) as e:
        ct.main(flags(weights, tmp_path, "--iterations", "6", "--resume"))
    lines = str(e.value).splitlines()
    assert lines[0] == f"no intact checkpoint in {tmp_path}/checkpoints:" and len(lines) == 3
    assert lines[1].startswith(
        f"  {tmp_path}/checkpoints/step_4: trainer_state.json is unreadable (JSONDecodeError"
    )
    assert lines[2] == f"  {tmp_path}/checkpoints/step_2: model.safetensors is missing"
    done = subprocess.run(
        [
            sys.executable,
            "cast_train.py",
            *flags(weights, tmp_path, "--iterations", "6", "--resume"),
        ],
        cwd=ROOT,
        env=dict(os.environ, OMP_NUM_THREADS="1"),
        capture_output=True,
        text=True,
    )
    assert (
        done.returncode == 1
        and "Traceback" not in done.stderr
        and "error: no intact checkpoint" in done.stderr
    )


def test_nan_loss_skips_the_step_and_never_reaches_a_checkpoint(weights, tmp_path, monkeypatch):
    calls, grpo_loss = [], ct.grpo_loss

    def nan_at_iteration_1(
        *a,
    ):  # iteration 1 trains window positions 0 and 1, then iteration 2 begins
        loss, ratio = grpo_loss(*a)
        calls.append(1)
        return (loss * float("nan") if len(calls) <= 2 else loss), ratio

    monkeypatch.setattr(ct, "grpo_loss", nan_at_iteration_1)
    ct.main(flags(weights, tmp_path, "--iterations", "2", "--save-every", "1"))
    rows = [r for r in metrics(tmp_path) if "reward" in r]
    assert [r["skipped"] for r in rows] == [1, 1] and not math.isfinite(rows[0]["loss"])
    base, step1 = (
        load_file(weights),
        load_file(str(tmp_path / "checkpoints/step_1/model.safetensors")),
    )
    assert all(torch.equal(base[k], step1[k]) for k in base)  # not updated, finite
    assert max_diff(load_file(str(tmp_path / "checkpoints/step_2/model.safetensors")), base) > 1e-5


def test_lora_checkpoint_loads_into_a_diffusers_pipeline_with_its_alpha(tmp_path):
    from diffusers import Flux2Pipeline
    from test_model import FLUX_KW, FLUX_SIZE, tiny_flux2

    torch.manual_seed(0)
    tiny_flux2().save_pretrained(tmp_path / "flux2")
    options = [
        f"--option=height={FLUX_SIZE[0]}",
        f"--option=width={FLUX_SIZE[1]}",
        f"--option=max_sequence_length={FLUX_KW['max_sequence_length']}",
        "--option=text_encoder_out_layers=[1,2,3]",
    ]
    ct.main(
        [
            "--backbone",
            "flux2",
            "--model-path",
            str(tmp_path / "flux2"),
            *options,
            "--scorer-path",
            "tests.tiny:toy_scorer",
            "--groups-per-rank",
            "2",
            "--group-size",
            "2",
            "--steps",
            "2",
            "--eval-steps",
            "2",
            "--eval-size",
            "2",
            "--final-eval-size",
            "2",
            "--eval-samples",
            "1",
            "--window",
            "0:2",
            "--method",
            "flow_grpo_g2",
            "--lora-rank",
            "4",
            "--lora-alpha",
            "16",
            "--lr",
            "1e-2",
            "--iterations",
            "1",
            "--threads",
            "1",
            "--out",
            str(tmp_path / "run"),
        ]
    )
    ckpt = tmp_path / "run/checkpoints/step_1"
    saved = load_file(str(ckpt / "pytorch_lora_weights.safetensors"))
    assert saved and all(k.startswith("transformer.") for k in saved)
    pipe = Flux2Pipeline.from_pretrained(tmp_path / "flux2")
    pipe.set_progress_bar_config(disable=True)
    kw = dict(
        prompt="a red circle",
        height=FLUX_SIZE[0],
        width=FLUX_SIZE[1],
        num_inference_steps=2,
        output_type="pt",
        **FLUX_KW,
    )
    before = pipe(generator=torch.Generator().manual_seed(0), **kw).images
    pipe.load_lora_weights(str(ckpt))
    after = pipe(generator=torch.Generator().manual_seed(0), **kw).images
    assert (after - before).abs().max() > 1e-4
    (config,) = (
        pipe.transformer.peft_config.values()
    )  # the run's alpha, not diffusers' default of alpha = rank
    assert (config.r, config.lora_alpha) == (4, 16)
    loaded = {k: v for k, v in pipe.transformer.state_dict().items() if "lora_B" in k}
    assert loaded and all(
        torch.equal(v, saved["transformer." + k.replace(".default_0", "")])
        for k, v in loaded.items()
    )


# ------------------------------------------------------------------ the default method end to end
def test_cast_run_writes_the_stage_files_and_the_report(weights, tmp_path, capsys):
    out = tmp_path / "cast"
    result = ct.main(
        flags(
            weights,
            out,
            "--window",
            "auto",
            "--window-length",
            "2",
            "--window-prompts",
            "2",
            "--iterations",
            "2",
            "--eval-every",
            "1",
            "--final-eval-size",
            "6",
        )
    )
    printed = capsys.readouterr().out
    assert (
        "base" in printed
        and "trained" in printed
        and "hardest (>=" in printed
        and "paired" in printed
    )
    for name in [
        "window.safetensors",
        "metrics.jsonl",
        "samples_step_0.png",
        "samples_step_2.png",
        "overlays_step_2.png",
        "atoms.jsonl",
        "rollout.safetensors",
        "scores.safetensors",
        "advantages.safetensors",
        "curves.png",
        "checkpoints/step_2/model.safetensors",
        "checkpoints/step_2/trainer_state.safetensors",
        "checkpoints/step_2/trainer_state.json",
    ]:
        assert (out / name).exists(), name
    ro, adv = (
        load_file(str(out / "rollout.safetensors")),
        load_file(str(out / "advantages.safetensors")),
    )
    W = ro["step_index"].shape[1]
    assert ro["xs"].shape == ro["xs_next"].shape == (4, W, 64, 48) and ro["log_prob"].shape == (
        4,
        W,
        64,
    )
    assert ro["images"].dtype == torch.uint8 and ro["group"].tolist() == [0, 0, 1, 1]
    assert adv["pixel_adv"].shape == (4, W, 8, 8) and adv["maps"].shape[:2] == (
        4,
        W,
    )  # shapes: per-step maps
    evals = [r for r in metrics(out) if r.get("eval")]
    assert [r["iteration"] for r in evals] == [0, 1, 2] and {
        "am",
        "gm",
        "strict",
        "per_kind",
    } <= set(evals[0])
    # the base and the final evaluation take all 6 held-out prompts, the one between the first 4 (--eval-size); each
    # record's own numbers are those first 4 prompts', so the curve compares like with like
    assert [r["n_prompts"] for r in evals] == [4, 4, 4] and ["final_set" in r for r in evals] == [
        True,
        False,
        True,
    ]
    assert evals[0]["final_set"]["n_prompts"] == evals[2]["final_set"]["n_prompts"] == 6
    assert result["base"].shape == result["trained"].shape == (6, result["base"].shape[1])
    first = [
        float(result["base"][i, : len(g.atoms)].mean()) for i, g in enumerate(result["graphs"][:4])
    ]
    assert evals[0]["am"] == pytest.approx(sum(first) / 4)
    saved = json.load(open(out / "result.json"))  # the run's result says how it was run
    assert (
        saved["iterations"] == 2
        and saved["args"]["method"] == "cast"
        and saved["args"]["window"] == "auto"
    )
    assert os.path.isfile(saved["eval_weights"])
    # the settings it trained with: the flags given, then the presets
    config = json.load(open(out / "config.json"))
    preset = PRESETS["shapes"]
    assert config["lr"] == 1e-4 and config["window_prompts"] == 2  # as flagged
    assert (config["beta"], config["noise_level"], config["ema"]) == (
        preset.beta,
        preset.noise_level,
        preset.ema,
    )
    rescored = cast_reward.main(
        ["--run", str(out), "--scorer-path", "tests.tiny:toy_scorer"]
    )  # the reward stage
    assert (
        rescored["largest_difference"] <= 0.5 / 255
    )  # again: up to the saved images' uint8 rounding
    assert (out / "scores_rescored.safetensors").exists()
    assert cast_advantage.main(["--run", str(out)]) == 0  # cast_advantage redoes the stage
    redone = load_file(str(out / "advantages_cast.safetensors"))
    torch.testing.assert_close(redone["pixel_adv"], adv["pixel_adv"])
    assert (out / "advantages_cast.safetensors").exists() and (out / "overlays_cast.png").exists()
    # the shapes world's judge is its verifier (0/1 atoms), the reward's scorer is reported beside it
    assert (
        printed.startswith("reward: tests.tiny:toy_scorer; maps: ")
        and "evaluation: the shapes verifier" in printed
    )
    assert set(result["base"].unique().tolist()) <= {0.0, 1.0}
    scored = evals[-1]["scorer"]
    assert {"am", "gm", "strict", "per_kind", "agreement"} <= set(scored) and scored["am"] != evals[
        -1
    ]["am"]
    assert scored["agreement"]["all"]["n"] == evals[-1]["n_atoms"]


def test_the_shapes_default_scores_with_the_verifier_and_grounds_with_the_worlds_vlm(tmp_path):
    vlm, out = os.path.join(ROOT, "assets", "shapes_vlm"), ["--out", str(tmp_path / "run")]
    args = ct.parse_args(out)
    assert (args.scorer_path, args.grounding, args.vlm_path) == ("shapes", "vlm", vlm)
    assert (args.ground_on, args.lr, args.beta, args.window_prompts) == (
        "step",
        5e-5,
        0.02,
        128,
    )  # the shapes preset (support/config.py)
    real = ct.parse_args(
        [*out, "--backbone", "flux2", "--model-path", "random", "--scorer-path", "random"]
    )
    assert (real.ground_on, real.window_prompts) == ("sample", 32)  # the paper's maps
    args = ct.parse_args(["--scorer-path", vlm, *out])  # the VLM as the reward: one flag away
    assert (args.scorer_path, args.grounding, args.vlm_path) == (vlm, "vlm", None)
    assert ct.parse_args(["--grounding", "dit", *out]).grounding == "dit"


def test_agreement_counts_atoms_on_the_right_side_of_one_half():
    from support.evaluation import agreement

    graphs = [read_prompt(p, cast_csg.SHAPES) for p in ("a red circle", "two blue squares")]
    truth = torch.tensor([[1.0, 1.0, 0.0], [1.0, 0.0, 0.0]])[:, : max(len(g.atoms) for g in graphs)]
    scores = truth.clone()
    scores[0, 0], scores[1, 1] = 0.2, 0.9  # one true atom missed, one false atom passed
    out = agreement(scores, truth, graphs)
    n = sum(len(g.atoms) for g in graphs)
    assert out["all"]["n"] == n and out["all"]["accuracy"] == pytest.approx((n - 2) / n)
    assert out["all"]["mae"] == pytest.approx((0.8 + 0.9) / n)


# ------------------------------------------------------------------ the run as a picture
def test_curves_are_drawn_from_a_recorded_metrics_file(tmp_path, capsys):
    """tests/data/metrics.jsonl: a recorded tiny run (toy scorer, 12 iterations, evals at 0/4/8/12 on 16 x 2)."""
    shutil.copy(os.path.join(ROOT, "tests/data/metrics.jsonl"), tmp_path / "metrics.jsonl")
    steps, evals = read_metrics(str(tmp_path))
    c = curves(steps, evals)
    it, reward, smooth = c["reward"]
    assert (
        it == list(range(1, 13))
        and smooth[-1] == pytest.approx(sum(reward[-10:]) / 10)
        and smooth[0] == reward[0]
    )
    assert list(c["accuracy"]) == ["all atoms (AM)", "object", "count", "attribute", "relation"]
    for x, mean, se in [*c["accuracy"].values(), c["strict"]]:
        assert (
            x == [0, 4, 8, 12]
            and len(mean) == len(se) == 4
            and all(s is not None and s >= 0 for s in se)
        )
    assert c["accuracy"]["count"][1] == [r["per_kind"]["count"]["mean"] for r in evals]
    assert (
        pictures.main([str(tmp_path)]).endswith("curves.png")
        and "curves.png" in capsys.readouterr().out
    )
    with Image.open(tmp_path / "curves.png") as im:
        assert (
            im.size == (1650, 440) and sum(map(bool, im.convert("L").histogram())) > 50
        )  # drawn, not blank
    with pytest.raises(SystemExit):  # a folder without metrics.jsonl: argparse's error
        pictures.main([str(tmp_path / "nothing")])


# ------------------------------------------------------------------ the dry run (random weights, random scorer)
def test_random_backbone_and_scorer_dry_run_says_so_everywhere(tmp_path, capsys):
    from test_model import TINY_RANDOM

    spec = TINY_RANDOM["flux2"]
    options = [f"--option={k}={json.dumps(v)}" for k, v in spec.items()]
    out = tmp_path / "dry"
    ct.main(
        [
            "--backbone",
            "flux2",
            "--model-path",
            "random",
            "--scorer-path",
            "random",
            *options,
            "--groups-per-rank",
            "1",
            "--group-size",
            "2",
            "--steps",
            "3",
            "--eval-steps",
            "2",
            "--eval-size",
            "2",
            "--final-eval-size",
            "2",
            "--eval-samples",
            "1",
            "--window",
            "0:2",
            "--grounding",
            "dit",
            "--lora-rank",
            "4",
            "--iterations",
            "2",
            "--threads",
            "1",
            "--out",
            str(out),
        ]
    )
    printed = capsys.readouterr()
    assert "DRY RUN with random backbone weights and random scorer" in printed.out
    assert "MEANINGLESS (random backbone weights and random scorer" in printed.out
    assert "uniform random" in printed.err
    rows = metrics(out)
    assert rows and all(r["random"] == ["backbone weights", "scorer"] for r in rows)
    train = [r for r in rows if "reward" in r]
    assert len(train) == 2 and all(r["grad_norm"] > 0 and r["t_rollout"] > 0 for r in train)
    assert (out / "checkpoints/step_2/pytorch_lora_weights.safetensors").exists()


# ------------------------------------------------------------------ prompt files carry their atoms
def test_prompt_files_carry_their_atoms(tmp_path):
    import cast_csg

    train_graphs = ct.train_graphs
    graphs = [
        read_prompt(p) for p in ("a red circle to the left of a blue square", "two green triangles")
    ]
    cast_csg.write_atoms(tmp_path / "train.jsonl", graphs)
    (tmp_path / "eval.txt").write_text("a yellow circle above a red square\n")
    flags = ["--eval-prompts", str(tmp_path / "eval.txt"), "--out", str(tmp_path / "run")]
    got = train_graphs(ct.parse_args(["--prompts", str(tmp_path / "train.jsonl"), *flags]), 0, 4)
    assert sorted(g.prompt for g in got) == sorted(
        [g.prompt for g in graphs] * 2
    )  # one pass = the whole file
    assert {g.prompt: g.to_json() for g in got} == {g.prompt: g.to_json() for g in graphs}
    (tmp_path / "train.txt").write_text("two green triangles\n")  # the grammar, read back
    args = ct.parse_args(["--prompts", str(tmp_path / "train.txt"), *flags])
    assert train_graphs(args, 0, 1)[0].atoms == graphs[1].atoms


def test_the_generators_stream_skips_the_eval_prompts_after_normalization(tmp_path):
    train_graphs = ct.train_graphs
    args = ct.parse_args(["--out", str(tmp_path / "run")])
    stream = [g.prompt for g in train_graphs(args, 1, 16)]
    held_out = frozenset(
        p.upper().replace("TWO", "2") + "." for p in stream[:8]
    )  # the same prompts, written apart
    kept = [g.prompt for g in train_graphs(args, 1, 16, held_out)]
    assert len(kept) == 16 and not set(kept) & set(stream[:8])


def test_a_run_left_in_the_checkout_does_not_reach_the_tests(tmp_path, monkeypatch):
    """The README's two commands in either order: `torchrun cast_train.py` fills runs/cast/ of the checkout, and the
    tests that parse cast_train's flags must pass after it (they name an --out of their own; the refusal stays)."""
    for method in ct.METHODS:
        (tmp_path / "runs" / method / "checkpoints" / "step_120").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit):
        ct.parse_args([])  # the run folder's own check, as a user's second run meets it
    parsing = (
        test_the_shapes_default_scores_with_the_verifier_and_grounds_with_the_worlds_vlm,
        test_prompt_files_carry_their_atoms,
        test_the_generators_stream_skips_the_eval_prompts_after_normalization,
    )
    for i, test in enumerate(parsing):
        (tmp_path / str(i)).mkdir()
        test(tmp_path / str(i))


def test_the_iteration_profile_reports_every_stage_and_the_operators(weights, tmp_path, capsys):
    """bench/iteration_profile.py: the loop's stage clocks and torch.profiler's operator table, on the tiny model."""
    sys.path.insert(0, os.path.join(ROOT, "bench"))
    import iteration_profile

    loop = iteration_profile.main(
        ["--iterations", "2", "--", *flags(weights, tmp_path / "unused")[:-2]]
    )
    out = capsys.readouterr().out
    assert len(loop) == 1 and all(loop[0][key] >= 0 for key in iteration_profile.STAGES)
    assert "| t_rollout |" in out and "aten::" in out


def test_the_five_files_chain_through_saved_tensors(weights, tmp_path):
    """Each file runs alone on what the one before it saved: cast_csg writes the atoms, cast_window a window file
    a shapes run accepts (with its layout-freeze point), cast_train one iteration's stage files, cast_reward
    re-scores the saved rollout to the saved scores, cast_advantage redoes the saved advantages."""
    import cast_window

    (tmp_path / "prompts.txt").write_text(
        "a red circle above a blue square\ntwo green triangles\n"
        "one yellow square to the left of a red circle\n"
    )
    assert cast_csg.main(
        ["read", str(tmp_path / "prompts.txt"), "--out", str(tmp_path / "atoms.jsonl")]
    ) in (0, None)
    window = cast_window.main(
        [
            "--model-path",
            weights,
            "--n-prompts",
            "2",
            "--seeds",
            "0",
            "--steps",
            "3",
            "--batch",
            "4",
            "--out",
            str(tmp_path / "window"),
        ]
    )
    assert "freeze_tau" in window
    out = tmp_path / "run"
    ct.main(
        flags(
            weights,
            out,
            "--window",
            "auto",
            "--window-file",
            str(tmp_path / "window/window.safetensors"),
            "--prompts",
            str(tmp_path / "atoms.jsonl"),
            "--iterations",
            "1",
        )
    )
    rescored = cast_reward.main(["--run", str(out), "--scorer-path", "tests.tiny:toy_scorer"])
    assert rescored["largest_difference"] <= 0.5 / 255  # the saved images' uint8 rounding only
    assert cast_advantage.main(["--run", str(out)]) == 0
    redone = load_file(str(out / "advantages_cast.safetensors"))
    assert torch.equal(
        redone["pixel_adv"], load_file(str(out / "advantages.safetensors"))["pixel_adv"]
    )


def test_the_methods_table_pairs_runs_on_the_same_eval_images(weights, tmp_path):
    """bench/methods_table.py: a run's gain is its trained minus its base scores on the same images; a pair's
    difference is taken image by image; a run evaluated on other images is refused."""
    sys.path.insert(0, os.path.join(ROOT, "bench"))
    import methods_table as mt

    from support.checkpoint import load_tensors, save_tensors

    ct.main(flags(weights, tmp_path / "a", "--iterations", "1"))
    a = mt.load_run(str(tmp_path / "a"))
    assert a["row"] == "CAST" and a["seed"] == 0
    gain, se = mt.paired(a, a, "AM", "trained", "base")
    per_image = cast_csg.atom_mean(a["trained"], a["mask"]) - cast_csg.atom_mean(
        a["base"], a["mask"]
    )
    assert gain == pytest.approx(float(per_image.mean()))
    assert se == pytest.approx(float(per_image.double().std() / math.sqrt(len(per_image))))
    # a second "run": every trained score 0.1 lower on the same images, another seed and its own row
    shutil.copytree(tmp_path / "a", tmp_path / "b")
    tensors, meta = load_tensors(tmp_path / "b/eval_scores.safetensors")
    tensors["trained"] = (tensors["trained"] - 0.1) * tensors["mask"]
    save_tensors(tmp_path / "b/eval_scores.safetensors", tensors, **meta)
    config = json.loads((tmp_path / "b/config.json").read_text())
    config.update(seed=1, grounding="oracle", map_clip=math.inf)
    (tmp_path / "b/config.json").write_text(json.dumps(config))
    b = mt.load_run(str(tmp_path / "b"))
    assert b["row"] == "CAST, oracle maps, no clip"
    assert mt.paired(a, b, "AM") == pytest.approx((0.1, 0.0), abs=1e-6)
    assert mt.paired(a, b, "count")[0] == pytest.approx(0.1, abs=1e-6)
    text = mt.tables([a, b], [("CAST", "CAST, oracle maps, no clip")])
    assert "| CAST | 0 |" in text and "| CAST, oracle maps, no clip | 1 |" in text
    assert sorted(a["curve"]) == [e["iteration"] for e in read_metrics(str(tmp_path / "a"))[1]]
    mt.plot([a, b], str(tmp_path / "curves.png"))  # each row's eval curve, one PNG
    with Image.open(tmp_path / "curves.png") as im:
        assert im.format == "PNG"
    meta["prompts"] = meta["prompts"][::-1]
    save_tensors(tmp_path / "b/eval_scores.safetensors", tensors, **meta)
    with pytest.raises(ValueError, match="eval prompts are not the ones its settings draw"):
        mt.load_run(str(tmp_path / "b"))
