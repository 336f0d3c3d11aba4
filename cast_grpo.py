"""cast_grpo.py: Flow-GRPO's pieces, as cast_train.py uses them: the SDE step with its per-token log-probability,
the rollout (ODE outside each trajectory's window, SDE inside), the clipped per-token loss, the reference policy, the
policy module DDP wraps, the EMA swap, and the compute of one iteration in transformer passes.

    x0, xs, xs_next, old_log_prob, step_index = rollout(velocity, noise, sigmas, starts, length, a, generators)
    i = step_index[:, j]                                  # window position j of each sample: its own step
    _, log_prob, _, _ = sde_step(xs[:, j], policy(xs[:, j], sigmas[i], cond), sigmas[i], sigmas[i + 1], a,
                                 x_next=xs_next[:, j])
    loss, ratio = grpo_loss(log_prob, old_log_prob[:, j], pixel_adv.flatten(1), clip_range)
"""
from __future__ import annotations

import math
from contextlib import contextmanager

import torch
import torch.nn as nn


def _per_sample(value, x):
    """A schedule value as fp32 that broadcasts over x [N, ...]: a scalar stays 0-d, a per-sample [N] becomes
    [N, 1, ..., 1]."""
    t = torch.as_tensor(value, device=x.device).float()
    return t if t.dim() == 0 else t.reshape(-1, *[1] * (x.dim() - 1))


def sde_step(x, v, sigma, sigma_next, noise_level, noise=None, x_next=None):
    """Flow-GRPO's SDE step (paper Eq. 3/5; docs/DESIGN.md, "The method") in fp32. sigma, sigma_next: 0-d (one step
    for the batch) or [N] (each sample its own step, broadcast over tokens and channels).
        dt    = σ' − σ < 0
        std_t = a·sqrt(σ / (1 − σ))          (at σ == 1 the next sigma goes in the denominator: no 1/0)
        mean  = x·(1 + std_t²/(2σ)·dt) + v·(1 + std_t²·(1 − σ)/(2σ))·dt
        x'    = mean + std_t·sqrt(−dt)·ε     (or the given x_next, to re-score a stored step)
        log p = −(x' − mean)²/(2·(std_t·sqrt(−dt))²) − log(std_t·sqrt(−dt)) − log sqrt(2π)
    log p is averaged over channels only, so it stays per latent token: [N, L] (paper Eq. 8). With a = 0 the step is
    exactly Euler's x + dt·v, and log p is 0 (a point mass has no density; this avoids 0/0). Returns x', log p, mean,
    std_t (0-d, or [N, 1, 1] for per-sample sigmas)."""
    x, v = x.float(), v.float()
    sigma, sigma_next = _per_sample(sigma, x), _per_sample(sigma_next, x)
    dt = sigma_next - sigma
    std = noise_level * torch.sqrt(sigma / (1 - torch.where(sigma == 1, sigma_next, sigma)))
    mean = x * (1 + std ** 2 / (2 * sigma) * dt) + v * (1 + std ** 2 * (1 - sigma) / (2 * sigma)) * dt
    step_std = std * torch.sqrt(-dt)
    if x_next is None:
        x_next = mean if noise is None else mean + step_std * noise.float()
    zero = step_std == 0
    if zero.all():
        return x_next, torch.zeros(x.shape[:-1], device=x.device), mean, std
    safe = torch.where(zero, 1.0, step_std) if zero.any() else step_std     # a deterministic row: log p 0, no 0/0
    log_prob = (-(x_next.detach().float() - mean) ** 2 / (2 * safe ** 2) - torch.log(safe)
                - math.log(math.sqrt(2 * math.pi)))
    log_prob = log_prob.mean(-1)
    return x_next, torch.where(zero[..., 0], 0.0, log_prob) if zero.any() else log_prob, mean, std


def transition_kl(mean, mean_ref, std, sigma, sigma_next):
    """KL(p_θ(x'|x) ‖ p_ref(x'|x)) per latent token [N, L] between the two SDE steps' Gaussians, which share the
    variance (std_t·sqrt(−dt))²: KL = ((mean_θ − mean_ref)²).mean over channels / (2·(std_t·sqrt(−dt))²), the
    closed form for equal-variance Gaussians, averaged over channels like log p (Flow-GRPO's KL term, eq. of
    docs/DESIGN.md "The method"). `std` is sde_step's std_t; sigma, sigma_next 0-d or [N] as in sde_step; with a = 0
    the step is deterministic and KL is 0."""
    std = torch.as_tensor(std, device=mean.device).float()
    step_var = std ** 2 * (_per_sample(sigma, mean) - _per_sample(sigma_next, mean))
    zero = step_var == 0
    if zero.all():
        return torch.zeros(mean.shape[:-1], device=mean.device)
    step_var = step_var[..., 0] if step_var.dim() else step_var                     # [N, 1]: broadcast over tokens
    kl = ((mean.float() - mean_ref.float()) ** 2).mean(-1) / (2 * torch.where(step_var == 0, 1.0, step_var))
    return torch.where(step_var == 0, 0.0, kl) if zero.any() else kl


def grpo_loss(log_prob, old_log_prob, adv, clip_range):
    """Flow-GRPO's clipped objective per latent token, all [N, L]: r = exp(log p_θ − log p_old),
    loss = −mean(min(r·Â, clip(r, 1 − ε, 1 + ε)·Â)). Returns (loss, r)."""
    ratio = torch.exp(log_prob - old_log_prob)
    return -torch.minimum(ratio * adv, ratio.clamp(1 - clip_range, 1 + clip_range) * adv).mean(), ratio


@torch.no_grad()
def rollout(velocity, x, sigmas, starts, length, noise_level, generators):
    """From noise x [N, L, C] along `sigmas`: sample n takes the SDE step at its window steps starts[n] ..
    starts[n] + length − 1 and the Euler ODE elsewhere; each step's velocity is one batched call for all samples, and
    a window step's ε comes from the sample's own generator (length draws each: a sample's noise does not depend
    on the others' windows). A fixed window [A, B) is starts all A, length B − A. Returns x0 and, for each sample's
    window, xs [N, length, L, C] (x_t), xs_next (x_{t+1}), log_prob [N, length, L] and step_index [N, length]."""
    N, T = x.shape[0], len(sigmas) - 1
    starts = torch.as_tensor(starts, dtype=torch.long).reshape(-1).expand(N).cpu()
    if length < 1 or starts.min() < 0 or starts.max() + length > T:
        raise ValueError(f"windows of {length} steps from {starts.tolist()} do not fit {T} steps")
    step_index = starts[:, None] + torch.arange(length)
    xs = torch.zeros(N, length, *x.shape[1:], device=x.device)
    xs_next, log_probs = torch.zeros_like(xs), torch.zeros(N, length, *x.shape[1:-1], device=x.device)
    for i in range(T):
        v = velocity(x, sigmas[i])
        x_next = x.float() + (sigmas[i + 1] - sigmas[i]) * v.float()           # Euler: x' = x + (σ' − σ)·v
        rows = torch.nonzero((starts <= i) & (i < starts + length)).flatten()
        if len(rows):
            eps = torch.stack([torch.randn(x.shape[1:], generator=generators[n]) for n in rows.tolist()]).to(x.device)
            r, j = rows.to(x.device), (i - starts[rows]).to(x.device)
            sde, log_prob, _, _ = sde_step(x[r], v[r], sigmas[i], sigmas[i + 1], noise_level, noise=eps)
            xs[r, j], xs_next[r, j], log_probs[r, j] = x[r].float(), sde, log_prob
            x_next[r] = sde
        x = x_next
    return x, xs, xs_next, log_probs, step_index


class Policy(nn.Module):
    """The backbone's velocity (CFG included) as one module holding the trained weights, so DDP can wrap it. sigma:
    0-d, or [N], one per sample (Backbone.predict's _sigma_batch takes either)."""

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


def passes_per_iteration(images, steps, window, velocity, maps, epochs, reference, ode_images=False):
    """Compute of one iteration in transformer passes over one image (FLOPs / one forward's FLOPs), summed over
    the `images` rollouts of the global batch:
        rollout   steps · velocity                      (every step, ODE or SDE, is one velocity call)
                  + steps · velocity if ode_images      (--ground-on ode: the noise's ODE image, to ground on)
        maps      1 if maps                             (the denoiser's teacher-forced attention pass, no CFG)
        training  epochs · window · velocity · 3        (forward + backward ≈ 3 forwards, as in Kaplan et al.)
                  + epochs · window · velocity          if a reference policy is run for the KL term
    Evaluation is left out: it is the same for every method."""
    train = epochs * window * velocity * (3 + (1 if reference else 0))
    return images * (steps * velocity * (2 if ode_images else 1) + (1 if maps else 0) + train)


def reference_velocity(bb, ref, x, sigma, cond):
    """The reference policy: the base model (LoRA adapters disabled) or, with --full, a frozen copy."""
    if ref is not None:
        return ref.velocity(x, sigma, cond).float()
    bb.transformer.disable_adapters()
    try:
        return bb.velocity(x, sigma, cond).float()
    finally:
        bb.transformer.enable_adapters()
