"""A window per trajectory (paper Sec. 4.3, Eq. 11): each sample's SDE steps at its own window, the rest the ODE.
rollout with equal starts is the fixed-window rollout; noise level 0 is the ODE; step_index and each sample's
noise are its own; sde_step / transition_kl / the policy take a per-sample sigma; and train_step's loss on a batch of
mixed windows is exactly the per-sample losses, computed one sample at a time."""

import types

import pytest
import torch
import torch.nn as nn
from tiny import save_tiny_shapes

import cast_train as ct
import support.run
from cast_train import rollout, sde_step, transition_kl
from support.backbone import sample_ode
from support.run import Learner, Processes
from support.shapes import load_shapes

PROMPTS = ["two red circles left of a blue square", "a green triangle"]


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    bb = load_shapes(save_tiny_shapes(tmp_path_factory.mktemp("tiny") / "tiny.safetensors"))
    with torch.no_grad():
        cond = bb.encode(PROMPTS).select([0, 0, 1, 1])
    return bb, cond


def generators(n, offset=0):
    return [torch.Generator().manual_seed(offset + i) for i in range(n)]


def fixed_window_rollout(velocity, x, sigmas, window, noise_level, gens):
    """The rollout with one window for the whole batch, written out step by step, as the reference."""
    xs, xs_next, log_probs = [], [], []
    for i in range(len(sigmas) - 1):
        v = velocity(x, sigmas[i])
        if window[0] <= i < window[1]:
            eps = torch.stack([torch.randn(x.shape[1:], generator=g) for g in gens]).to(x.device)
            x_next, log_prob, _, _ = sde_step(
                x, v, sigmas[i], sigmas[i + 1], noise_level, noise=eps
            )
            xs.append(x.float()), xs_next.append(x_next), log_probs.append(log_prob)
        else:
            x_next = x.float() + (sigmas[i + 1] - sigmas[i]) * v.float()
        x = x_next
    return x, torch.stack(xs, 1), torch.stack(xs_next, 1), torch.stack(log_probs, 1)


# ------------------------------------------------------------------ rollout
@pytest.mark.parametrize("window", [(0, 2), (1, 4), (0, 5)])
def test_equal_starts_reproduce_the_fixed_window_rollout(model, window):
    bb, cond = model
    sig, x = bb.sigmas(5), bb.noise(4, torch.Generator().manual_seed(0))
    velocity = lambda y, s: bb.velocity(y, s, cond)  # noqa: E731
    old = fixed_window_rollout(velocity, x, sig, window, 0.7, generators(4))
    new = rollout(
        velocity, x, sig, torch.full((4,), window[0]), window[1] - window[0], 0.7, generators(4)
    )
    assert all(torch.equal(a, b) for a, b in zip(old, (new.x0, new.xs, new.xs_next, new.log_prob)))
    assert new.step_index.tolist() == [list(range(*window))] * 4


def test_noise_level_zero_is_the_ode_whatever_the_windows(model):
    bb, cond = model
    sig, x = bb.sigmas(5), bb.noise(4, torch.Generator().manual_seed(1))
    roll = rollout(
        lambda y, s: bb.velocity(y, s, cond),
        x,
        sig,
        torch.tensor([0, 3, 1, 2]),
        2,
        0.0,
        generators(4),
    )
    assert torch.equal(roll.x0, sample_ode(bb, cond, x, 5)) and torch.equal(
        roll.log_prob, torch.zeros(4, 2, 64)
    )


def test_each_sample_is_stochastic_at_its_own_steps_with_its_own_noise(model):
    bb, cond = model
    sig, x, a = bb.sigmas(6), bb.noise(4, torch.Generator().manual_seed(2)), 0.7
    velocity = lambda y, s: bb.velocity(y, s, cond)  # noqa: E731
    starts = torch.tensor([0, 3, 1, 4])
    roll = rollout(velocity, x, sig, starts, 2, a, generators(4))
    x0, xs, xs_next, log_prob, step_index = (
        roll.x0,
        roll.xs,
        roll.xs_next,
        roll.log_prob,
        roll.step_index,
    )
    assert step_index.tolist() == [[0, 1], [3, 4], [1, 2], [4, 5]]
    assert xs.shape == xs_next.shape == (4, 2, 64, 48) and log_prob.shape == (4, 2, 64)
    _, ode_xs, _ = sample_ode(bb, cond, x, 6, trajectory=True)
    for n, s in enumerate(starts.tolist()):
        torch.testing.assert_close(
            xs[n, 0], ode_xs[n, s], rtol=0, atol=1e-5
        )  # the ODE up to the window
        g = torch.Generator().manual_seed(n)  # its generator's first draws
        for j in range(2):
            eps = torch.randn(64, 48, generator=g)
            v = bb.velocity(xs[n : n + 1, j], sig[s + j], cond.select([n]))
            x_next, lp, _, _ = sde_step(
                xs[n : n + 1, j], v, sig[s + j], sig[s + j + 1], a, noise=eps
            )
            torch.testing.assert_close(xs_next[n, j], x_next[0], rtol=0, atol=1e-5)
            torch.testing.assert_close(log_prob[n, j], lp[0], rtol=1e-5, atol=1e-4)
            torch.testing.assert_close(
                roll.v[n, j], v[0], rtol=0, atol=1e-5
            )  # the velocity it stepped with
    moved = rollout(
        velocity, x, sig, torch.tensor([0, 3, 1, 2]), 2, a, generators(4)
    )  # only sample 3 moves
    for n in range(3):
        torch.testing.assert_close(moved.x0[n], x0[n], rtol=0, atol=1e-5)
    assert not torch.allclose(moved.x0[3], x0[3])
    with pytest.raises(ValueError, match="do not fit"):
        rollout(velocity, x, sig, torch.tensor([0, 0, 0, 5]), 2, a, generators(4))


# ------------------------------------------------------------------ per-sample sigmas
def test_sde_step_and_kl_with_per_sample_sigmas_are_the_rows_of_scalar_ones():
    torch.manual_seed(0)
    sig = torch.linspace(1, 0, 7)
    idx = torch.tensor([0, 2, 5, 3])
    x, v, v_ref, x_next = (torch.randn(4, 16, 12) for _ in range(4))
    out = sde_step(x, v, sig[idx], sig[idx + 1], 0.7, x_next=x_next)
    mean_ref = sde_step(x, v_ref, sig[idx], sig[idx + 1], 0.7)[2]
    kl = transition_kl(out[2], mean_ref, out[3], sig[idx], sig[idx + 1])
    assert out[1].shape == kl.shape == (4, 16) and out[3].shape == (4, 1, 1)
    for n, i in enumerate(idx.tolist()):
        row = sde_step(
            x[n : n + 1], v[n : n + 1], sig[i], sig[i + 1], 0.7, x_next=x_next[n : n + 1]
        )
        assert torch.equal(out[1][n], row[1][0]) and torch.equal(
            out[2][n], row[2][0]
        )  # log p, mean: bit for bit
        row_ref = sde_step(x[n : n + 1], v_ref[n : n + 1], sig[i], sig[i + 1], 0.7)[2]
        assert torch.equal(kl[n], transition_kl(row[2], row_ref, row[3], sig[i], sig[i + 1])[0])
    zero = sde_step(x, v, sig[idx], sig[idx + 1], 0.0)  # a = 0: Euler, log p 0
    assert torch.equal(zero[0], x + (sig[idx + 1] - sig[idx])[:, None, None] * v)
    assert torch.equal(zero[1], torch.zeros(4, 16))
    assert torch.equal(
        transition_kl(zero[2], mean_ref, zero[3], sig[idx], sig[idx + 1]), torch.zeros(4, 16)
    )


def test_the_policy_takes_a_per_sample_sigma_under_cfg(model):
    bb, cond = model
    policy, sig = ct.Policy(bb, bb.model), bb.sigmas(5)
    x, idx = bb.noise(4, torch.Generator().manual_seed(3)), torch.tensor([0, 4, 2, 1])
    scale, bb.guidance_scale = bb.guidance_scale, 2.0  # true CFG: [x; x] with [σ; σ]
    try:
        with torch.no_grad():
            batch = policy(x, sig[idx], cond)
            rows = torch.cat(
                [policy(x[n : n + 1], sig[i], cond.select([n])) for n, i in enumerate(idx.tolist())]
            )
    finally:
        bb.guidance_scale = scale
    torch.testing.assert_close(batch, rows, rtol=1e-5, atol=1e-5)


# ------------------------------------------------------------------ train_step on mixed windows
class Toy(nn.Module):
    """A velocity that treats every sample on its own: v = x·W + σ·b (σ per sample or one for all)."""

    def __init__(self, seed):
        super().__init__()
        g = torch.Generator().manual_seed(seed)
        self.w, self.b = (
            nn.Parameter(torch.randn(6, 6, generator=g) / 3),
            nn.Parameter(torch.randn(6, generator=g)),
        )

    def forward(self, x, sigma, cond=None):
        return x @ self.w + torch.as_tensor(sigma).reshape(-1, 1, 1) * self.b

    def velocity(
        self, x, sigma, cond=None
    ):  # as the reference policy (cast_train.reference_velocity)
        return self(x, sigma, cond)


class Recorder:
    """An optimizer that keeps each step's gradients and changes nothing."""

    def __init__(self, params):
        self.params, self.param_groups, self.grads = params, [{}], []

    def step(self):
        self.grads.append([p.grad.clone() for p in self.params])

    def zero_grad(self, set_to_none=True):
        for p in self.params:
            p.grad = None


def train_once(policy, ref, sigmas, step_index, xs, xs_next, old, adv, beta):
    args = types.SimpleNamespace(
        epochs=1, fsdp=False, noise_level=0.7, clip_range=0.05, beta=beta, lr=1.0, warmup=0, ema=0.0
    )
    params = list(policy.parameters())
    opt = Recorder(params)
    per_step = adv[:, None].expand(
        -1, step_index.shape[1], -1
    )  # [N, L, tokens]: every window step's map
    roll = ct.Rollout(None, xs, xs_next, old, step_index, None)
    learner = Learner(None, policy, False, ref, policy, params, opt, None)
    processes = Processes(False, 0, 1, torch.device("cpu"))
    step = lambda losses: support.run.optimizer_step(args, learner, losses, 1, processes)  # noqa: E731
    loss = dict(epochs=1, noise_level=0.7, clip_range=0.05, beta=beta, fsdp=False)
    stats, _, skipped = ct.train_step(learner, None, sigmas, roll, per_step, step, **loss)
    assert skipped == 0
    return torch.tensor(stats, dtype=torch.float64), opt.grads[0]


@pytest.mark.parametrize("beta", [0.0, 0.1])
def test_a_batch_of_mixed_windows_is_the_mean_of_its_samples_one_by_one(monkeypatch, beta):
    monkeypatch.setattr(support.run, "MAX_GRAD_NORM", float("inf"))  # compare raw gradients
    sigmas, N, L = torch.linspace(1, 0, 9), 5, 2
    behaviour, policy, ref = (
        Toy(0),
        Toy(1),
        Toy(2),
    )  # old policy != policy: ratios != 1, some clipped
    x = torch.randn(N, 10, 6, generator=torch.Generator().manual_seed(9))
    starts = torch.tensor([0, 5, 2, 6, 3])
    roll = rollout(lambda y, s: behaviour(y, s), x, sigmas, starts, L, 0.7, generators(N, 100))
    xs, xs_next, old, step_index = roll.xs, roll.xs_next, roll.log_prob, roll.step_index
    adv = torch.randn(N, 10, generator=torch.Generator().manual_seed(4))
    stats, grads = train_once(policy, ref, sigmas, step_index, xs, xs_next, old, adv, beta)
    alone = [
        train_once(
            policy,
            ref,
            sigmas,
            step_index[n : n + 1],
            xs[n : n + 1],
            xs_next[n : n + 1],
            old[n : n + 1],
            adv[n : n + 1],
            beta,
        )
        for n in range(N)
    ]
    per_sample = torch.stack([s for s, _ in alone])  # [N, L, stats]
    torch.testing.assert_close(
        stats[:, 0], per_sample[:, :, 0].mean(0), rtol=1e-6, atol=1e-9
    )  # the loss
    torch.testing.assert_close(
        stats[:, 3], per_sample[:, :, 3].mean(0), rtol=1e-6, atol=1e-9
    )  # the KL
    assert (stats[:, 3] > 0).all() if beta > 0 else (stats[:, 3] == 0).all()
    assert 0 < stats[:, 1].max() < 1  # some clipping
    for k, g in enumerate(grads):
        torch.testing.assert_close(
            g, torch.stack([a[1][k] for a in alone]).mean(0), rtol=1e-5, atol=1e-7
        )
    # and each sample's loss is the clipped objective at its own steps, written out for sample 1 (steps 5, 6)
    n, losses = 1, []
    for j in range(L):
        i = int(step_index[n, j])
        with torch.no_grad():
            out = sde_step(
                xs[n : n + 1, j],
                policy(xs[n : n + 1, j], sigmas[i]),
                sigmas[i],
                sigmas[i + 1],
                0.7,
                x_next=xs_next[n : n + 1, j],
            )
            loss, _ = ct.grpo_loss(out[1], old[n : n + 1, j], adv[n : n + 1], 0.05)
            if beta:
                mean_ref = sde_step(
                    xs[n : n + 1, j],
                    ref(xs[n : n + 1, j], sigmas[i]),
                    sigmas[i],
                    sigmas[i + 1],
                    0.7,
                )[2]
                loss = (
                    loss
                    + beta
                    * transition_kl(out[2], mean_ref, out[3], sigmas[i], sigmas[i + 1]).mean()
                )
        losses.append(loss.item())
    assert per_sample[n, :, 0].tolist() == losses
