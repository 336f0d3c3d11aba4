"""cast_grpo.py: Flow-GRPO's pieces, as cast_train.py uses them: the SDE step with its per-token log-probability,
the rollout (ODE outside the window, SDE inside), the clipped per-token loss, the reference policy, the policy
module DDP wraps, the EMA swap, and the compute of one iteration in transformer passes.

    x0, xs, xs_next, old_log_prob = rollout(velocity, noise, sigmas, window, noise_level, generators)
    _, log_prob, _, _ = sde_step(xs[:, j], policy(xs[:, j], sigmas[i], cond), sigmas[i], sigmas[i + 1], a,
                                 x_next=xs_next[:, j])
    loss, ratio = grpo_loss(log_prob, old_log_prob[:, j], pixel_adv.flatten(1), clip_range)
"""
from __future__ import annotations

import math
from contextlib import contextmanager

import torch
import torch.nn as nn


def sde_step(x, v, sigma, sigma_next, noise_level, noise=None, x_next=None):
    """Flow-GRPO's SDE step (docs/DESIGN.md, "The method") in fp32; sigma, sigma_next are 0-d tensors of the
    schedule.
        dt    = σ' − σ < 0
        std_t = a·sqrt(σ / (1 − σ))          (at σ == 1 the next sigma goes in the denominator: no 1/0)
        mean  = x·(1 + std_t²/(2σ)·dt) + v·(1 + std_t²·(1 − σ)/(2σ))·dt
        x'    = mean + std_t·sqrt(−dt)·ε     (or the given x_next, to re-score a stored step)
        log p = −(x' − mean)²/(2·(std_t·sqrt(−dt))²) − log(std_t·sqrt(−dt)) − log sqrt(2π)
    log p is averaged over channels only, so it stays per latent token: [N, L]. With a = 0 the step is exactly
    Euler's x + dt·v, and log p is 0 (a point mass has no density; this avoids 0/0). Returns x', log p, mean, std_t."""
    x, v, sigma, sigma_next = x.float(), v.float(), sigma.float(), sigma_next.float()
    dt = sigma_next - sigma
    std = noise_level * torch.sqrt(sigma / (1 - torch.where(sigma == 1, sigma_next, sigma)))
    mean = x * (1 + std ** 2 / (2 * sigma) * dt) + v * (1 + std ** 2 * (1 - sigma) / (2 * sigma)) * dt
    step_std = std * torch.sqrt(-dt)
    if x_next is None:
        x_next = mean if noise is None else mean + step_std * noise.float()
    if step_std == 0:
        return x_next, torch.zeros(x.shape[:-1], device=x.device), mean, std
    log_prob = (-(x_next.detach().float() - mean) ** 2 / (2 * step_std ** 2) - torch.log(step_std)
                - math.log(math.sqrt(2 * math.pi)))
    return x_next, log_prob.mean(-1), mean, std


def transition_kl(mean, mean_ref, std, sigma, sigma_next):
    """KL(p_θ(x'|x) ‖ p_ref(x'|x)) per latent token [N, L] between the two SDE steps' Gaussians, which share the
    variance (std_t·sqrt(−dt))²: KL = ((mean_θ − mean_ref)²).mean over channels / (2·(std_t·sqrt(−dt))²), the
    closed form for equal-variance Gaussians, averaged over channels like log p (Flow-GRPO's KL term, eq. of
    docs/DESIGN.md "The method"). `std` is sde_step's std_t; with a = 0 the step is deterministic and KL is 0."""
    step_var = std ** 2 * (sigma - sigma_next)
    if step_var == 0:
        return torch.zeros(mean.shape[:-1], device=mean.device)
    return ((mean.float() - mean_ref.float()) ** 2).mean(-1) / (2 * step_var)


def grpo_loss(log_prob, old_log_prob, adv, clip_range):
    """Flow-GRPO's clipped objective per latent token, all [N, L]: r = exp(log p_θ − log p_old),
    loss = −mean(min(r·Â, clip(r, 1 − ε, 1 + ε)·Â)). Returns (loss, r)."""
    ratio = torch.exp(log_prob - old_log_prob)
    return -torch.minimum(ratio * adv, ratio.clamp(1 - clip_range, 1 + clip_range) * adv).mean(), ratio


@torch.no_grad()
def rollout(velocity, x, sigmas, window, noise_level, generators):
    """From noise x [N, L, C] along `sigmas`: Euler ODE outside the window [start, stop), the SDE step inside it,
    with each sample's ε drawn from its own generator. Returns x0 and, for the W window steps,
    xs [N, W, L, C] (x_t), xs_next [N, W, L, C] (x_{t+1}) and log_prob [N, W, L]."""
    xs, xs_next, log_probs = [], [], []
    for i in range(len(sigmas) - 1):
        v = velocity(x, sigmas[i])
        if window[0] <= i < window[1]:
            eps = torch.stack([torch.randn(x.shape[1:], generator=g) for g in generators]).to(x.device)
            x_next, log_prob, _, _ = sde_step(x, v, sigmas[i], sigmas[i + 1], noise_level, noise=eps)
            xs.append(x.float()), xs_next.append(x_next), log_probs.append(log_prob)
        else:
            x_next = x.float() + (sigmas[i + 1] - sigmas[i]) * v.float()      # Euler: x' = x + (σ' − σ)·v
        x = x_next
    return x, torch.stack(xs, 1), torch.stack(xs_next, 1), torch.stack(log_probs, 1)


class Policy(nn.Module):
    """The backbone's velocity (CFG included) as one module holding the trained weights, so DDP can wrap it."""

    def __init__(self, backbone, net):
        super().__init__()
        self.bb, self.net = backbone, net

    def forward(self, x, sigma, cond):
        return self.bb.velocity(x, sigma, cond).float()


@contextmanager
def swapped_in(params, ema):
    """Within the block the parameters hold the EMA weights (evaluation uses them); the trained ones after."""
    if ema is None:
        yield
        return
    trained = [p.detach().clone() for p in params]
    for p, e in zip(params, ema):          # one tensor at a time: FSDP2's DTensors have no _foreach_copy_
        p.data.copy_(e)
    try:
        yield
    finally:
        for p, t in zip(params, trained):
            p.data.copy_(t)


def velocity_passes(bb, x, sigma, cond):
    """Transformer passes over one image in one velocity call (2 under true CFG, 1 with embedded guidance),
    counted by a forward hook on the rows the transformer sees, not assumed per backbone."""
    rows = []
    hook = bb.transformer.register_forward_hook(lambda m, a, kw, out: rows.append(len(kw.get("hidden_states", a[0]
                                                                                        if a else None))),
                                               with_kwargs=True)
    try:
        with torch.no_grad():
            bb.velocity(x[:1], sigma, cond.select([0]))
    finally:
        hook.remove()
    return sum(rows)


def passes_per_iteration(images, steps, window, velocity, maps, epochs, reference):
    """Compute of one iteration in transformer passes over one image (FLOPs / one forward's FLOPs), summed over
    the `images` rollouts of the global batch:
        rollout   steps · velocity                      (every step, ODE or SDE, is one velocity call)
        maps      1 if maps                             (CAST's teacher-forced attention pass, no CFG)
        training  epochs · window · velocity · 3        (forward + backward ≈ 3 forwards, as in Kaplan et al.)
                  + epochs · window · velocity          if a reference policy is run for the KL term
    Evaluation is left out: it is the same for every method."""
    train = epochs * window * velocity * (3 + (1 if reference else 0))
    return images * (steps * velocity + (1 if maps else 0) + train)


def reference_velocity(bb, ref, x, sigma, cond):
    """The reference policy: the base model (LoRA adapters disabled) or, with --full, a frozen copy."""
    if ref is not None:
        return ref.velocity(x, sigma, cond).float()
    bb.transformer.disable_adapters()
    try:
        return bb.velocity(x, sigma, cond).float()
    finally:
        bb.transformer.enable_adapters()
