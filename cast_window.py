"""cast_window.py: where in the sampler to explore. The paper's structure-formation point (Sec. 3.1, App. B).

Flow-GRPO explores by injecting SDE noise on some denoising steps. Noise can only explore what is still
undecided, and a compositional prompt's content (which objects, how many, where) is decided early. CAST
measures, once per backbone, how fast the image comes to match its prompt, and puts the window before the
point where that stops changing fast:

  1. the curve  Run the deterministic Euler ODE x' = x + (σ' − σ)·v (`euler_step`). At every step i the Tweedie
                (one-step) estimate of the clean image x̂0 = x_t − σ_t·v is decoded and its similarity to the
                prompt measured (CLIP ViT-L/14 in the paper: `clip_similarity`; on the shapes world the verifier's
                mean atom score). s(τ) is the mean over calibration prompts x seeds, τ = i/(T − 1) the progress
                from noise (0) to image (1). It rises steeply early and plateaus.
  2. the knee   A degree-4 smoothing spline is fitted to s(τ) and the structure-formation point is its point
                of maximal curvature (Eq. 10):
                    τ* = argmax_τ κ(τ),   κ(τ) = |s''(τ)| / (1 + s'(τ)²)^{3/2}
                on a dense τ grid, taken where the curve bends from its rise into its plateau (`shoulder`: an
                interior maximum of κ where s' > 0 and s'' < 0, before the curve's top; never an end of the fit).
                The spline's smoothing factor comes from the curve's own measured noise:
                    s = Σ_i sem_i² + sqrt(2·Σ_i sem_i⁴),   sem_i = std over the samples of step i / sqrt(#samples)
                scipy's UnivariateSpline keeps Σ_i (fit_i − mean_i)² <= s. For the true curve that sum is noise
                only, with mean Σ sem² and standard deviation sqrt(2·Σ sem⁴) (Gaussian means): s is one standard
                deviation above its mean (the top of scipy's m ± sqrt(2m)), so the fit departs from the measurements
                as far as their noise plausibly does. Less (s = Σ sem²) lets noise on the plateau into the fit, and
                κ, a second derivative, finds it there, at the plateau's end. One sample: sem = 0, an interpolating
                spline. Degree 4 needs 5 points: fewer steps get degree T − 1.
  3. the window For a T-step sampler (Eq. 11, the paper's N): b = ceil(τ*·(T − 1)), candidate transitions
                R = [a, b) with a per backbone (`START`: FLUX.2 0; Qwen-Image 1, skipping its σ = 1 transition;
                shapes 0), window length L = 2. EACH TRAJECTORY draws s ~ Uniform{a, ..., b − L}
                (`sample_starts`) and takes the SDE step on W_s = [s, s + L) only, the ODE elsewhere. T = 50 gives
                FLUX.2 (τ* 0.21) [0, 11) and Qwen-Image (τ* 0.14) [1, 7). Where b < a + L (few steps) b is set to
                a + L, and a note says so.
  4. the step   On the window, Flow-GRPO's SDE step (Eq. 3/5) and its per-token log-probability (Eq. 8):
                `sde_step`, which with noise level a = 0 is the Euler step.
  5. the check  (ours, support/window.py) On the shapes world τ* is kept where it lies within one sampler step of
                the layout-freeze point τ_freeze (the knee of the share of layouts one SDE step at step k leaves as
                the ODE drew them), else τ_freeze goes through Eq. 11.

Reads a backbone (the shapes world's weights, or a diffusers folder with --prompts and --clip-path). Writes
<out>/window.png and <out>/window.safetensors (support.window.save_window), whose contract cast_train reads:
similarity [T], tau_star [], candidates [2] = [a, b) half-open, length [] (L), steps [] (T); beside them the spline's
settings and fit, the per-sample curves, sigmas, on the shapes world freeze_tau, agreement, window_tau; metadata
the similarity measure. Run alone:
    python cast_window.py --backbone shapes --out runs/shapes
    python cast_window.py --backbone flux2 --model-path /models/FLUX.2-dev --clip-path /models/clip-vit-large-patch14 \
        --prompts p.txt --steps 8 --batch 4 --out runs/flux2
"""

from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass

import numpy as np
import torch
import torch.distributed as dist
import torch.nn.functional as F
from tqdm import tqdm

START = {"flux2": 0, "qwenimage": 1, "shapes": 0}  # a of Eq. 11, per backbone (others: 0)
LENGTH = 2  # L: stochastic transitions per trajectory (the paper's)
DEGREE = 4  # the smoothing spline's degree (Eq. 10)
GRID = 1001  # dense τ grid for the argmax: τ* to 0.001
PROMPT_SEED = 7  # calibration prompts of the shapes world (pretraining's eval grid uses 1234)


# -------------------------------------------- Similarity callables: (images [N, 3, H, W] in [0, 1], prompts) -> [N].


def clip_similarity(clip_path: str | None, device="cpu", dtype=torch.float32):
    """The paper's measure: the cosine similarity of CLIP's image and text embeddings (raw, not x100 logit scale),
    from a local CLIP folder (e.g. openai/clip-vit-large-patch14, fetched beforehand: nothing is downloaded)."""
    if not clip_path or not os.path.isdir(clip_path):
        raise ValueError(
            f"--clip-path {clip_path}: no such folder (a local CLIP ViT-L/14 folder with the model, "
            f"tokenizer and image processor; nothing is downloaded)"
        )
    from transformers import AutoTokenizer, CLIPImageProcessor, CLIPModel

    model = (
        CLIPModel.from_pretrained(clip_path, local_files_only=True, dtype=dtype).to(device).eval()
    )
    tokenizer = AutoTokenizer.from_pretrained(clip_path, local_files_only=True)
    processor = CLIPImageProcessor.from_pretrained(clip_path, local_files_only=True)
    max_len = model.config.text_config.max_position_embeddings
    features = lambda out: out if isinstance(out, torch.Tensor) else out.pooler_output  # noqa: E731 (v4 | v5)

    @torch.no_grad()
    def similarity(images: torch.Tensor, prompts: list[str]) -> torch.Tensor:
        pixels = processor(
            images=list(images.detach().float().clamp(0, 1).cpu()),
            do_rescale=False,
            return_tensors="pt",
        )["pixel_values"].to(device, dtype)
        text = tokenizer(
            prompts, padding=True, truncation=True, max_length=max_len, return_tensors="pt"
        ).to(device)
        image_emb = features(model.get_image_features(pixel_values=pixels))
        text_emb = features(
            model.get_text_features(
                input_ids=text["input_ids"], attention_mask=text["attention_mask"]
            )
        )
        return F.cosine_similarity(image_emb.float(), text_emb.float(), dim=-1).cpu()

    return similarity


# ----------------------------- The curve, the knee, the window: pure functions of numbers after `similarity_curves`.


def first_rank() -> bool:
    """Whether this process draws the progress bars: one process alone, or rank 0 of torchrun's."""
    return not (dist.is_available() and dist.is_initialized()) or dist.get_rank() == 0


def euler_step(x, v, sigma, sigma_next):
    """The ODE's step, x' = x + (σ' − σ)·v, in the dtypes of x and v: every step of a sampler outside its window."""
    return x + (sigma_next - sigma) * v


@torch.no_grad()
def similarity_curves(
    backbone,
    prompts: list[str],
    seeds: list[int],
    num_steps: int,
    similarity,
    batch: int = 32,
) -> torch.Tensor:
    """[len(seeds)·len(prompts), T]: each (prompt, seed) job's similarity of x̂0 at every ODE step, jobs seed-major.
    The loop is the Euler ODE (`euler_step`), scoring each step's x̂0 = x − σ·v at once (a whole trajectory of
    1024-px latents would not fit). Job (i, s) starts from its own noise, seeded s·100003 + i. `backbone`: its
    sigmas(T), encode(prompts), noise(n, generator), velocity(x, σ, cond), decode(x), device (support/backbone.py)."""
    jobs = [(i, s) for s in seeds for i in range(len(prompts))]
    sig = backbone.sigmas(num_steps).to(backbone.device)
    curves = torch.zeros(len(jobs), num_steps)
    bar = tqdm(total=len(jobs) * num_steps, desc="similarity", disable=not first_rank())
    for lo in range(0, len(jobs), batch):
        chunk = jobs[lo : lo + batch]
        texts = [prompts[i] for i, _ in chunk]
        cond = backbone.encode(texts)
        x = torch.cat(
            [backbone.noise(1, torch.Generator().manual_seed(s * 100_003 + i)) for i, s in chunk]
        )
        for k in range(num_steps):
            v = backbone.velocity(x, sig[k], cond)
            curves[lo : lo + len(chunk), k] = similarity(
                backbone.decode(x - sig[k] * v), texts
            ).float()
            x = euler_step(x, v, sig[k], sig[k + 1])
            bar.update(len(chunk))
    bar.close()
    return curves


def curvature(spline, tau):
    """κ(τ) = |s''| / (1 + s'²)^{3/2} of a scipy spline at the points tau (Eq. 10)."""
    d1, d2 = spline.derivative(1)(tau), spline.derivative(2)(tau)
    return abs(d2) / (1 + d1**2) ** 1.5


def fit_knee(
    tau, mean, sem=None, degree: int = DEGREE, smoothing: float | None = None, grid: int = GRID
) -> dict:
    """The smoothing spline of s(τ) and τ* = argmax κ on a dense grid of [0, 1]. smoothing None: Σ sem² + sqrt(2·Σ
    sem⁴) (module docstring); sem None: 0. Returns tau_star, degree (min(degree, T − 1)), smoothing, grid, spline
    and curvature (both on the grid). Inputs on any device; the fit is scipy's, on the CPU, and so are its outputs."""
    from scipy.interpolate import UnivariateSpline

    tau, mean = (torch.as_tensor(v).detach().cpu().double().numpy() for v in (tau, mean))
    if len(tau) < 2:
        raise ValueError(f"--steps {len(tau)}: a curve needs at least 2 steps")
    k = min(degree, len(tau) - 1)
    if smoothing is None:
        var = torch.zeros(1) if sem is None else torch.as_tensor(sem).detach().cpu().double() ** 2
        smoothing = float(var.sum() + (2 * (var**2).sum()).sqrt())
    spline = UnivariateSpline(tau, mean, k=k, s=smoothing)
    dense = torch.linspace(0, 1, grid, dtype=torch.float64).numpy()
    kappa = curvature(spline, dense) if k >= 2 else 0 * dense
    d1, d2 = spline.derivative(1)(dense), spline.derivative(2)(dense) if k >= 2 else 0 * dense
    return dict(
        tau_star=float(dense[shoulder(spline(dense), d1, d2, kappa)]),
        degree=k,
        smoothing=smoothing,
        grid=torch.from_numpy(dense).float(),
        spline=torch.from_numpy(spline(dense)).float(),
        curvature=torch.from_numpy(kappa).float(),
    )


def shoulder(s, d1, d2, kappa) -> int:
    """The grid index of Eq. 10's argmax κ, taken where the curve bends from its rise into its plateau: among the
    interior local maxima of κ where s rises (s' > 0) and bends down (s'' < 0), before the spline's highest point,
    the largest. Eq. 10 gives the curvature, not how to treat the ends; a smoothing spline's ends are fitted from one
    side only, so a last point's small dip (a plateau that sags) or a first point's hook can put the largest κ at an
    end of the fit, which is no bend of the curve. Where no such maximum exists (a line, a curve still rising at its
    end), the structure is still forming until the curve's top, and τ* is that top."""
    top = int(s.argmax())
    i = np.arange(1, min(top, len(s) - 2) + 1)  # interior points up to the top
    bends = i[(kappa[i] >= kappa[i - 1]) & (kappa[i] > kappa[i + 1]) & (d1[i] > 0) & (d2[i] < 0)]
    return int(bends[kappa[bends].argmax()]) if len(bends) else top


def candidate_range(
    tau_star: float, num_steps: int, start: int = 0, length: int = LENGTH
) -> tuple[int, int, str]:
    """Eq. 11: R = [a, b) with b = ceil(τ*·(T − 1)) (rounded to 1e-9 first: 0.2·10 is 2.0000000000000004 in floats).
    Where b < a + L it becomes a + L, and the note (else "") says so. Raises where the window cannot fit."""
    if length < 1:
        raise ValueError(f"--window-length must be at least 1, got {length}")
    if not (0 <= start and start + length <= num_steps):
        raise ValueError(
            f"a window of {length} steps from step {start} does not fit a {num_steps}-step schedule "
            f"(--steps)"
        )
    b, note = math.ceil(round(tau_star * (num_steps - 1), 9)), ""
    if b < start + length:
        note = (
            f"ceil(τ*·(T − 1)) = ceil({tau_star:.3f}·{num_steps - 1}) = {b} < a + L = {start + length}: "
            f"b set to {start + length}, every trajectory's window is [{start}, {start + length})"
        )
        b = start + length
    return start, b, note


def sample_starts(candidates, length: int, generators: list[torch.Generator]) -> torch.Tensor:
    """LongTensor [N]: each trajectory's window start s ~ Uniform{a, ..., b − L}, one draw from its own generator
    (so a sample's start depends on its generator alone; each on its own device). A fixed window [A, B) is
    candidates (A, B), L = B − A. The starts are indices: a CPU tensor, as the rollout reads them."""
    a, b = (int(v) for v in candidates)
    if b - length < a:
        raise ValueError(f"candidates [{a}, {b}) hold no window of {length} steps")
    return torch.tensor(
        [
            a + int(torch.randint(b - length - a + 1, (1,), generator=g, device=g.device))
            for g in generators
        ],
        dtype=torch.long,
    )


def calibrate(
    backbone,
    prompts: list[str],
    seeds: list[int],
    num_steps: int,
    similarity,
    length: int = LENGTH,
    start: int | None = None,
    batch: int = 32,
) -> dict:
    """Curve -> spline -> τ* -> candidates. `start` a: default START[backbone.name] (0 when not listed). Returns the
    tensors of window.safetensors (support.window.save_window) and "note" (a string, "" when nothing was adjusted)."""
    start = START.get(backbone.name, 0) if start is None else start
    if num_steps < 2:
        raise ValueError(f"--steps {num_steps}: the curve needs at least 2 steps (τ = i/(T − 1))")
    candidate_range(0.0, num_steps, start, length)  # a window that cannot fit: before any compute
    curves = similarity_curves(backbone, prompts, seeds, num_steps, similarity, batch).double()
    mean = curves.mean(0)
    sem = curves.std(0) / math.sqrt(len(curves)) if len(curves) > 1 else torch.zeros_like(mean)
    tau = torch.arange(num_steps, dtype=torch.float64) / max(1, num_steps - 1)
    knee = fit_knee(tau, mean, sem, DEGREE)
    a, b, note = candidate_range(knee["tau_star"], num_steps, start, length)
    if knee["degree"] < DEGREE:
        note = f"{num_steps} steps: a degree-{knee['degree']} spline (degree {DEGREE} needs 5 points). {note}"
    return dict(
        similarity=mean.float(),
        sem=sem.float(),
        curves=curves.float(),
        tau=tau.float(),
        sigmas=backbone.sigmas(num_steps).float().cpu(),
        tau_star=torch.tensor(knee["tau_star"]),
        candidates=torch.tensor([a, b]),
        length=torch.tensor(length),
        steps=torch.tensor(num_steps),
        degree=torch.tensor(knee["degree"]),
        smoothing=torch.tensor(knee["smoothing"]),
        grid=knee["grid"],
        spline=knee["spline"],
        curvature=knee["curvature"],
        note=note.strip(),
    )


# ---------------------------------------------------------------- Flow-GRPO's SDE step: how the window explores


def per_sample(value, x):
    """A schedule value as fp32 that broadcasts over x [N, ...]: 0-d stays 0-d, a per-sample [N] -> [N, 1, ..., 1]."""
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
    log p is averaged over channels only, so it stays per latent token: [N, P] (paper Eq. 8). With a = 0 the step is
    exactly Euler's x + dt·v, and log p is 0 (a point mass has no density; this avoids 0/0). Returns x', log p, mean,
    std_t (0-d, or [N, 1, 1] for per-sample sigmas)."""
    x, v = x.float(), v.float()
    sigma, sigma_next = per_sample(sigma, x), per_sample(sigma_next, x)
    dt = sigma_next - sigma
    std = noise_level * torch.sqrt(sigma / (1 - torch.where(sigma == 1, sigma_next, sigma)))
    mean = x * (1 + std**2 / (2 * sigma) * dt) + v * (1 + std**2 * (1 - sigma) / (2 * sigma)) * dt
    step_std = std * torch.sqrt(-dt)
    if x_next is None:
        x_next = mean if noise is None else mean + step_std * noise.float()
    zero = step_std == 0  # a deterministic row: log p 0, no 0/0 (and no branch on
    safe = torch.where(zero, 1.0, step_std)  # a value, so any device runs it without a sync)
    log_prob = (
        -((x_next.detach().float() - mean) ** 2) / (2 * safe**2)
        - torch.log(safe)
        - math.log(math.sqrt(2 * math.pi))
    ).mean(-1)
    return x_next, torch.where(zero[..., 0] if zero.dim() else zero, 0.0, log_prob), mean, std


def exploration(noise_level):
    """One SDE step as a function (x, v, σ, σ', ε) -> x': how cast_window measures where exploration still moves
    the shapes world's layout (its layout-freeze point)."""
    return lambda x, v, sigma, sigma_next, eps: sde_step(
        x, v, sigma, sigma_next, noise_level, noise=eps
    )[0]


@dataclass
class Rollout:
    """One batch of trajectories: x0 [N, P, C] the samples; per window step j of each trajectory, xs [N, L, P, C]
    the state x_t before its noise, xs_next the state after (x_{t+1}), log_prob [N, L, P] Eq. 8's per-patch
    log-probability of that step, step_index [N, L] its index in the schedule, and v the policy's velocity at
    x_t (which the ODE completions' first Euler step reuses: cast_advantage.ode_completions)."""

    x0: torch.Tensor
    xs: torch.Tensor
    xs_next: torch.Tensor
    log_prob: torch.Tensor
    step_index: torch.Tensor
    v: torch.Tensor


@torch.no_grad()
def rollout(velocity, x, sigmas, starts, length, noise_level, generators) -> Rollout:
    """From noise x [N, P, C] along `sigmas`: sample n takes the SDE step at its window steps starts[n] ..
    starts[n] + length − 1 and the Euler ODE elsewhere; each step's velocity is one batched call for all samples, and
    a window step's ε comes from the sample's own generator (length draws each: a sample's noise does not depend
    on the others' windows). A fixed window [A, B) is starts all A, length B − A."""
    N, T = x.shape[0], len(sigmas) - 1
    starts = torch.as_tensor(starts, dtype=torch.long).reshape(-1).expand(N).cpu()
    if length < 1 or starts.min() < 0 or starts.max() + length > T:
        raise ValueError(f"windows of {length} steps from {starts.tolist()} do not fit {T} steps")
    step_index = starts[:, None] + torch.arange(length)
    xs = torch.zeros(N, length, *x.shape[1:], device=x.device)
    xs_next, vs = torch.zeros_like(xs), torch.zeros_like(xs)
    log_probs = torch.zeros(N, length, *x.shape[1:-1], device=x.device)
    for i in range(T):
        v = velocity(x, sigmas[i])
        x_next = euler_step(x.float(), v.float(), sigmas[i], sigmas[i + 1])
        rows = torch.nonzero((starts <= i) & (i < starts + length)).flatten()
        if len(rows):
            eps = torch.stack(
                [torch.randn(x.shape[1:], generator=generators[n]) for n in rows.tolist()]
            ).to(x.device)
            r, j = rows.to(x.device), (i - starts[rows]).to(x.device)
            sde, log_prob, _, _ = sde_step(
                x[r], v[r], sigmas[i], sigmas[i + 1], noise_level, noise=eps
            )
            xs[r, j], xs_next[r, j], log_probs[r, j], vs[r, j] = (
                x[r].float(),
                sde,
                log_prob,
                v[r].float(),
            )
            x_next[r] = sde
        x = x_next
    return Rollout(x, xs, xs_next, log_probs, step_index, vs)


def main(argv=None) -> dict:
    """Calibrate one backbone's window (steps 1-3; on the shapes world with step 5's check) and write it:
    <out>/window.safetensors and window.png. Returns the window's tensors."""
    from support.window import (
        calibration_inputs,
        print_calibration,
        save_calibration,
        similarity_of,
        window_args,
        with_freeze_point,
    )

    args = window_args(argv, __doc__, START, LENGTH, PROMPT_SEED)  # the rest: support/config.py
    torch.set_num_threads(args.threads)
    t0 = time.time()

    backbone, graphs, prompts = calibration_inputs(args)
    similarity = similarity_of(args.backbone, graphs, args.clip_path, args.device, clip_similarity)
    result = calibrate(
        backbone,
        prompts,
        args.seeds,
        args.steps,
        similarity,
        args.window_length,
        args.start,
        args.batch,
    )
    # The shapes world's layout-freeze point, with training's SDE step: a window file a run accepts
    if args.backbone == "shapes":
        explore = exploration(args.noise_level)
        result = with_freeze_point(
            result, backbone, graphs, args.seeds, explore, args.batch, fit_knee, candidate_range
        )
    seconds = time.time() - t0
    path = save_calibration(args, result, prompts, seconds)
    print_calibration(args, result, prompts, path, seconds)
    return result


if __name__ == "__main__":
    main()
