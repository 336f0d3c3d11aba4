"""The sample-map bias (docs/DESIGN.md): a weight that depends on the SDE noise it weights gives Eq. 9 a non-zero
expected gradient where the true one is zero; a weight fixed before the draw gives zero. Monte Carlo through the
project's own sde_step and grpo_loss, deterministic seeds. And --ground-on step takes window step j's maps from the
state before step j's noise (cast_advantage.ode_completions)."""

import random

import pytest
import torch
from tiny import save_tiny_shapes

import cast_train as ct
from cast_advantage import COMPLETION_STRIDE, ode_completions, score_and_map
from cast_window import sample_starts
from support.backbone import sample_ode
from support.shapes import load_shapes, sample_shapes_graph

P, D, SIGMA, SIGMA_NEXT, NOISE = (
    16,
    4,
    0.8,
    0.6,
    0.7,
)  # patches, channels per patch, one window step


def policy_gradient(weight_of, batches=40, per_batch=2000, seed=0):
    """Per batch of draws, the gradient of grpo_loss with respect to the policy's velocity θ [P, D] at ratio 1,
    where every draw's advantage is the same constant A = 1 (so the true gradient of E[A] is exactly zero) laid on
    a unit-mean map weight_of(x, x') [n, P]. Returns [batches, P·D]."""
    x = torch.randn(1, P, D, generator=torch.Generator().manual_seed(123))
    theta = torch.randn(P, D, generator=torch.Generator().manual_seed(321)).requires_grad_()
    g, grads = torch.Generator().manual_seed(seed), []
    for _ in range(batches):
        eps = torch.randn(per_batch, P, D, generator=g)
        xs = x.expand(per_batch, -1, -1)
        with torch.no_grad():
            x_next = ct.sde_step(
                xs, theta.expand(per_batch, -1, -1), SIGMA, SIGMA_NEXT, NOISE, noise=eps
            )[0]
        log_prob = ct.sde_step(
            xs, theta.expand(per_batch, -1, -1), SIGMA, SIGMA_NEXT, NOISE, x_next=x_next
        )[1]
        weight = weight_of(xs, x_next)
        loss, _ = ct.grpo_loss(log_prob, log_prob.detach(), 1.0 * weight, clip_range=0.2)
        grads.append(torch.autograd.grad(loss, theta)[0].flatten())
    return torch.stack(grads)


def unit_mean_map(image):
    """A map that follows what is drawn, as a grounding map does: brighter patches weigh more, unit spatial mean."""
    m = torch.exp(2 * image.mean(-1))
    return m / m.mean(-1, keepdim=True)


def t_statistics(grads):
    return grads.mean(0) / (grads.std(0) / grads.shape[0] ** 0.5)


def test_a_map_taken_after_the_noise_biases_the_gradient_and_one_fixed_before_does_not():
    fixed = t_statistics(policy_gradient(lambda x, x_next: unit_mean_map(x)))
    sample = t_statistics(policy_gradient(lambda x, x_next: unit_mean_map(x_next)))
    # Declared tolerance: with 64 components a zero-mean gradient keeps every |t| below 4.5 (two-sided p ≈ 4e-4 for
    # the largest of 64), and the Stein term σ·E[∂w/∂x'] of a map that follows the sample is far beyond it.
    assert fixed.abs().max() < 4.5, fixed.abs().max()
    assert sample.abs().mean() > 10, sample.abs().mean()
    # Its sign: every patch is pushed to grow what its map sees. The mean of x' moves with v·dt, dt < 0: a positive
    # gradient in v means descent lowers v and so raises x'_p, where w_p grows.
    assert (sample > 0).float().mean() > 0.95


@pytest.fixture(scope="module")
def backbone(tmp_path_factory):
    return load_shapes(save_tiny_shapes(tmp_path_factory.mktemp("tiny") / "tiny.safetensors"))


def test_each_window_steps_maps_are_taken_on_the_ode_completion_of_the_state_before_its_noise(
    backbone,
):
    T, L, N = 6, 2, 4
    graphs = [sample_shapes_graph(random.Random(i)) for i in range(N)]
    cond = backbone.encode([g.prompt for g in graphs])
    sigmas = backbone.sigmas(T).float()
    gens = [torch.Generator().manual_seed(i) for i in range(N)]
    x = torch.cat([backbone.noise(1, g) for g in gens])
    starts = sample_starts((0, 5), L, [torch.Generator().manual_seed(10 + i) for i in range(N)])
    assert len(set(starts.tolist())) > 1  # the rows join at different steps
    velocity = lambda x, s: backbone.velocity(x, s, cond)  # noqa: E731
    roll = ct.rollout(velocity, x, sigmas, starts, L, NOISE, gens)
    x0, xs, step_index = roll.x0, roll.xs, roll.step_index
    calls = []
    velocity_of = lambda x, s, rows: (
        calls.append(len(rows)) or backbone.velocity(x, s, cond.select(rows))
    )  # noqa
    done = ode_completions(velocity_of, xs, step_index, sigmas, COMPLETION_STRIDE, roll.v)
    assert sum(calls) == sum(
        -(-(T - s) // COMPLETION_STRIDE) - 1 for s in step_index.flatten().tolist()
    )
    assert done.shape == xs.shape
    for n in range(N):
        for j in range(L):
            z = xs[n : n + 1, j]  # the state before step s + j's noise
            for i in range(
                int(step_index[n, j]), T, COMPLETION_STRIDE
            ):  # every stride-th step, the last to σ = 0
                v = backbone.velocity(z, sigmas[i], cond.select([n]))
                z = z + (sigmas[min(i + COMPLETION_STRIDE, T)] - sigmas[i]) * v
            torch.testing.assert_close(done[n, j], z[0], rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(
        ode_completions(velocity_of, xs, step_index, sigmas, COMPLETION_STRIDE),
        done,
        rtol=1e-5,
        atol=1e-5,
    )  # the rollout's velocity is the one a call gives
    one_step = ode_completions(
        velocity_of, xs, step_index, sigmas, T, roll.v
    )  # x̂0 = x − σ·v, no call
    torch.testing.assert_close(
        one_step, xs - sigmas[step_index][..., None, None] * roll.v, rtol=0, atol=1e-6
    )
    full = ode_completions(velocity_of, xs, step_index, sigmas, 1)
    with (
        torch.no_grad()
    ):  # stride 1: the first step's completion is the initial noise's ODE image (Euler before s)
        torch.testing.assert_close(
            full[:, 0], sample_ode(backbone, cond, x, T), rtol=1e-4, atol=1e-4
        )
    assert not torch.allclose(
        done[:, 1], x0
    )  # the sample is another image: it has both steps' noise


def test_ground_on_step_grounds_each_step_on_its_completion_and_the_sample_stays_the_papers(
    backbone,
):
    from types import SimpleNamespace

    graphs = [sample_shapes_graph(random.Random(0))] * 2
    cond = backbone.encode([g.prompt for g in graphs])
    completed = torch.randn(
        2, 3, *backbone.noise(1).shape[1:], generator=torch.Generator().manual_seed(0)
    )
    sample = torch.rand(2, 3, 32, 32)
    seen = []
    grounder = lambda images, gs, grid: (
        seen.append(images) or torch.ones(len(gs), len(gs[0].atoms), *grid)
    )  # noqa
    scorer = lambda images, gs: torch.zeros(len(gs), len(gs[0].atoms))  # noqa
    rec = SimpleNamespace(
        images=sample, graphs=graphs, roll=SimpleNamespace(x0=None)
    )  # a support.run.Iteration's
    maps = score_and_map(backbone, scorer, grounder, rec, cond, [0], completed).maps
    torch.testing.assert_close(seen[0], backbone.decode(completed.flatten(0, 1)).float())
    assert maps.shape == (2, 3, len(graphs[0].atoms), *backbone.grid)
    maps = score_and_map(backbone, scorer, grounder, rec, cond, [0]).maps
    torch.testing.assert_close(seen[1], sample)
    assert maps.shape == (2, len(graphs[0].atoms), *backbone.grid)


@pytest.mark.parametrize("method", ["cast", "shuffled", "spatial_image", "per_atom"])
def test_per_step_maps_give_each_window_step_the_advantage_map_of_its_own_maps(method):
    from cast_advantage import method_advantage, resolution

    graphs = [sample_shapes_graph(random.Random(i % 2)) for i in range(4)]
    K = max(len(g.atoms) for g in graphs)
    g = torch.Generator().manual_seed(0)
    scores = torch.rand(4, K, generator=g)
    group, maps = torch.tensor([0, 0, 1, 1]), torch.rand(4, 2, K, 8, 8, generator=g) * 3
    atom_adv, pixel_adv = method_advantage(
        method,
        scores,
        group,
        maps,
        graphs,
        resolution(torch.float32),
        torch.Generator().manual_seed(1),
        per_step=True,
    )
    assert pixel_adv.shape == (4, 2, 8, 8)
    for j in range(2):  # step j's map is the method's map of step j's maps, the same permutation
        expect = method_advantage(
            method,
            scores,
            group,
            maps[:, j],
            graphs,
            resolution(torch.float32),
            torch.Generator().manual_seed(1),
        )
        torch.testing.assert_close(atom_adv, expect[0])
        torch.testing.assert_close(pixel_adv[:, j], expect[1])
