"""cast_window.py: find the step where a backbone's layout freezes, and put the SDE window before it.

Flow-GRPO explores by injecting SDE noise on some denoising steps. For compositional prompts the
reward judges the layout (which objects are drawn, how many, where), and noise can only explore
what is still undecided. So CAST measures, per backbone, the step at which the layout stops
changing (the layout-freeze step) and puts the window on the steps just before it (docs/DESIGN.md):

  1. agreement    Run the deterministic ODE. At each step t take the clean estimate
                  x̂0_t = x_t − σ_t·v and compare its layout with the finished
                  image's: the teacher-forced attention maps of each object's noun tokens (primary,
                  works on any backbone) and the coarse decoded pixels (secondary), both rescaled so
                  0 is the agreement of an independent sample of the prompt and 1 the final layout.
  2. freeze step  The first step whose agreement reaches --threshold; the window is the
                  --window-size steps before it (see `sde_window` for why "before").
  3. causal check Inject one Flow-GRPO SDE step at step k, ODE elsewhere, and count how often the
                  final layout moves. Agreement is only a proxy: the window should sit where this
                  sensitivity is high, and the report says whether it does.

Run alone:
    python cast_window.py --backbone shapes --out runs/shapes
    python cast_window.py --backbone qwenimage --model-path /models/Qwen-Image --prompts p.txt --out runs/qw
Reads the backbone (assets/shapes_base.safetensors for shapes) and, for real backbones, a prompt file
(one prompt a line). Writes <out>/window.safetensors (sigmas, agreement, freeze_step, window, plus
pixel_agreement, sensitivity, shift; JSON metadata: backbone, steps, settings, fit) and
<out>/window.png. cast_train.py reads the window back with `load_window`.
"""
from __future__ import annotations

import argparse
import json
import os
import time

import torch
import torch.nn.functional as F
from safetensors import safe_open
from safetensors.torch import save_file
from tqdm import tqdm

from cast_backbone import Backbone, Cond, capture_attention, capture_pass, sample_ode
from cast_curves import plot_window
from cast_shapes import MARGIN, shapes_layout_change

# Defaults, each a flag of the CLI.
THRESHOLD = 0.8    # chance-corrected attention agreement, calibrated where the causal check is exact: on
                   # the shapes model (snapshots 1000, 1500, 2500; 32 prompts x 2 seeds) it is reached at
                   # step 3 of 10, right after the steps whose SDE noise moves the layout (step 2500: 70%,
                   # 64%, 28% of samples at steps 0-2, <= 16% from step 3); 0.9 lands on step 4-5, past them.
WINDOW_SIZE = 3    # Flow-GRPO-Fast's w = 3 of 10: the same cost as the baseline.
NOISE_LEVEL = 0.7  # the smallest published Flow-GRPO level (SD3.5-M); use training's --noise-level.
SIGMA_TF = 0.5     # teacher-forcing noise level, see `object_maps`.
MOVE_PX = MARGIN   # a centroid moving more than the relation margin is a new layout.
PROMPT_SEED = 7    # calibration prompts of the shapes world (pretraining's eval grid uses 1234).


def check_settings(num_steps: int, threshold: float, window_size: int) -> None:
    """Raise ValueError naming the flag when a setting cannot give a window."""
    if num_steps < 1:
        raise ValueError(f"--steps must be at least 1, got {num_steps}")
    if not 0 < threshold <= 1:
        raise ValueError(f"--threshold must be in (0, 1], got {threshold}")
    if not 1 <= window_size <= num_steps:
        raise ValueError(f"--window-size must be between 1 and the schedule length (--steps {num_steps}), "
                         f"got {window_size}")


# ---------------------------------------------------------------------------------------------
# Agreement of every step with the last one: pure functions, so synthetic trajectories can be fed in.
# ---------------------------------------------------------------------------------------------

def map_overlap(a: torch.Tensor, b: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Object maps a, b [..., K, n_img], mask [..., K] (real objects) -> [...]: the mean over real objects
    of the soft IoU (Ruzicka similarity) Σ min(p, q) / Σ max(p, q) of the maps p, q normalized to sum 1,
    so only *where* an object's words look counts. Exactly 1 when a == b (a sum divided by itself)."""
    p = a / a.sum(-1, keepdim=True).clamp_min(1e-12)
    q = b / b.sum(-1, keepdim=True).clamp_min(1e-12)
    iou = torch.minimum(p, q).sum(-1) / torch.maximum(p, q).sum(-1).clamp_min(1e-12)
    m = mask.to(p.dtype)
    return (iou * m).sum(-1) / m.sum(-1).clamp_min(1)


def map_agreement(maps: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """maps [N, T, K, n_img] (object k's attention over image tokens at step t), mask [N, K] -> [N, T]:
    the overlap of each step's object maps with the last step's."""
    return map_overlap(maps, maps[:, -1:], mask[:, None])


def concordance(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """Lin's concordance correlation (Lin 1989) over the last dim:
        ρc = 1 − E[(a − b)²] / (var a + var b + (ā − b̄)²)
    Unlike Pearson's r it also penalizes a brightness or contrast shift, and it is exactly 1 when a == b."""
    spread = a.var(-1, unbiased=False) + b.var(-1, unbiased=False) + (a.mean(-1) - b.mean(-1)) ** 2
    return 1 - ((a - b) ** 2).mean(-1) / spread.clamp_min(1e-12)


def pixel_agreement(images: torch.Tensor, size: tuple[int, int]) -> torch.Tensor:
    """images [N, T, 3, H, W] -> [N, T]: the concordance of each step's image, average-pooled to `size`
    (the latent grid: coarse structure only, not texture), with the last step's."""
    a = F.adaptive_avg_pool2d(images.flatten(0, 1).float(), size).reshape(*images.shape[:2], -1)
    return concordance(a, a[:, -1:])


def rescale(agreement: torch.Tensor, chance: float) -> torch.Tensor:
    """(A − C) / (1 − C), the chance correction of Cohen's kappa. C is the agreement of a finished image
    with an independent sample of the same prompt (another seed). Raw attention overlaps are high even
    between unrelated images (every map has a diffuse part), so raw values differ per backbone and layer;
    after rescaling 0 means "no more like the final layout than another sample" and 1 "identical" on any
    backbone, which is what lets one threshold serve them all. Still exactly 1 where A is."""
    if chance > 1 - 1e-6:
        raise ValueError("independent samples already agree perfectly: these maps cannot see the layout "
                         "(try other capture layers or --sigma-tf)")
    return (agreement - chance) / (1 - chance)


def freeze_step(agreement: torch.Tensor, threshold: float = THRESHOLD) -> int:
    """The first step whose agreement reaches `threshold`. The last step always does (its agreement is 1
    by construction and threshold <= 1), so there is always a freeze step."""
    if not 0 < threshold <= 1:
        raise ValueError(f"--threshold must be in (0, 1], got {threshold}")
    return int(torch.nonzero(agreement >= threshold)[0])


def sde_window(freeze: int, num_steps: int, size: int = WINDOW_SIZE) -> tuple[int, int]:
    """The SDE window [start, stop) of `size` steps ending at the freeze step f: [f − size, f).

    Why before f: noise injected at step t changes x_{t+1}. At step f the clean estimate already has the
    final layout, so x_f has decided it and noise from step f on lands on a decided layout; only steps
    t < f can still move it. Ending the window at f spends every SDE step on an undecided layout; the
    causal check (`layout_sensitivity`) shows whether those steps are the ones that move it (on the
    shapes model the sensitive steps are the first ones, and the default threshold puts f right after
    them). When f < size the window is the first `size` steps, the least decided ones (f = 0: the
    initial noise alone sets the layout). Always inside [0, num_steps), never empty."""
    check_settings(num_steps, 1.0, size)
    if not 0 <= freeze < num_steps:
        raise ValueError(f"freeze step {freeze} is outside the schedule [0, {num_steps})")
    start = max(0, freeze - size)
    return start, start + size


def window_fit(sensitivity: torch.Tensor, window: tuple[int, int]) -> dict:
    """How well a window sits on the sensitive steps: the share of the summed sensitivity inside it, and
    the mean per-step sensitivity outside divided by the mean inside (0 when the window covers all)."""
    inside = torch.zeros_like(sensitivity, dtype=torch.bool)
    inside[window[0]:window[1]] = True
    s = sensitivity.double()
    share = float(s[inside].sum() / s.sum().clamp_min(1e-12))
    ratio = float(s[~inside].mean() / s[inside].mean().clamp_min(1e-12)) if (~inside).any() else 0.0
    return {"share_inside": share, "outside_over_inside": ratio}


# ---------------------------------------------------------------------------------------------
# Running the backbone: trajectories and teacher-forced object maps.
# ---------------------------------------------------------------------------------------------

def _setup(backbone: Backbone, prompts: list[str], seeds: list[int], spans):
    """Jobs (prompt index, seed), their text positions per object (padded with [] to the most objects of
    any prompt), and one seed per job: each (prompt, seed) pair gets its own noise, so 32 prompts x 2
    seeds are 64 different layouts."""
    jobs = [(i, s) for s in seeds for i in range(len(prompts))]
    positions = []
    for i, _ in jobs:
        obj_spans = spans[i] if spans is not None else [(0, len(prompts[i]))]
        pos = [backbone.token_positions(prompts[i], sp) for sp in obj_spans]
        if not pos or not all(pos):
            raise ValueError(f"an object span of {prompts[i]!r} covers no text token: {obj_spans}")
        positions.append(pos)
    K = max(len(p) for p in positions)
    return jobs, [p + [[]] * (K - len(p)) for p in positions], [s * 100_003 + i for i, s in jobs]


def _noise(backbone: Backbone, job_seeds: list[int], stream: int) -> torch.Tensor:
    """Noise [N, L, C] of one stream per job: 0 the initial noise, 1 teacher forcing, 2 + k the SDE step k."""
    return torch.cat([backbone.noise(1, torch.Generator().manual_seed(j * 10_007 + stream)) for j in job_seeds])


@torch.no_grad()
def object_maps(backbone: Backbone, x0s: torch.Tensor, cond: Cond, positions: list[list[list[int]]],
                noise: torch.Tensor, sigma_tf: float = SIGMA_TF, layers=None, batch: int = 64):
    """Teacher-forced attention of each object's words on clean latents x0s [N, T, L, C].

    Every latent is re-noised to one fixed level with its sample's fixed noise ε [N, L, C],
    x = (1 − σ_tf)·x̂0 + σ_tf·ε (the flow-matching interpolation), and one conditional
    `predict` runs under `capture_attention`: ConceptAttention's teacher forcing. Using the same ε and σ
    for every step of a sample means two maps differ only because the clean images differ. σ_tf = 0.5
    rather than ConceptAttention's low level: layout is coarse, and at 0.5 the noise hides detail finer
    than an object (the blurry early x̂0 then are not penalized for their edges) while the maps still
    localize almost as well: on the shapes model (step 1500) 0.23 of a noun's map lies on its object's
    pixels at σ_tf 0.5, 0.25 at 0.1-0.3, 0.14 at 0.9, 0.12 for a uniform map.
    Returns (maps [N, T, K, n_img], mask [N, K]): object k's map sums its tokens' attention columns;
    an empty position list (padding) is no object."""
    N, T = x0s.shape[:2]
    K = max(len(p) for p in positions)
    mask = torch.tensor([[k < len(p) and len(p[k]) > 0 for k in range(K)] for p in positions])
    x = ((1 - sigma_tf) * x0s + sigma_tf * noise[:, None]).flatten(0, 1)
    rows = torch.arange(N).repeat_interleave(T)
    out = []
    for i in range(0, N * T, batch):
        idx = rows[i:i + batch]
        with capture_attention(backbone, layers) as cap:   # the pass stops after the last captured block
            capture_pass(backbone, x[i:i + batch], sigma_tf, cond.select(idx),
                         layers or backbone.default_capture_layers)
        per_obj = torch.zeros(len(idx), mask.shape[1], cap.maps.shape[1])
        for j, n in enumerate(idx.tolist()):          # reduce to objects at once: bounded memory at 1024 px
            for k, pos in enumerate(positions[n]):
                per_obj[j, k] = cap.maps[j][:, pos].sum(-1).float().cpu() if pos else 0
        out.append(per_obj)
    return torch.cat(out).reshape(N, T, K, -1), mask


def _batches(jobs: list, batch: int) -> list[slice]:
    return [slice(i, i + batch) for i in range(0, len(jobs), batch)]


def _partner(n_prompts: int, n_seeds: int) -> torch.Tensor:
    """Each job's independent sample for the chance level: the same prompt with the next seed (jobs are
    ordered seed-major), or the next prompt when there is one seed."""
    n = n_prompts * n_seeds
    if n < 2:
        raise ValueError("need at least two samples (prompts x seeds): the chance level compares two")
    return (torch.arange(n) + (n_prompts if n_seeds > 1 else 1)) % n


@torch.no_grad()
def layout_agreement(backbone: Backbone, prompts: list[str], seeds: list[int], num_steps: int, layers=None,
                     spans=None, sigma_tf: float = SIGMA_TF, batch: int = 32, progress: bool = False) -> dict:
    """Layout agreement of every ODE step with the finished image, averaged over prompts x seeds.

    spans[i]: the character spans of prompt i's object nouns (cast_csg: `[o.span for o in graph.objects]`);
    None treats each whole prompt as one object. Returns [T] curves "agreement" (attention maps) and
    "pixel_agreement" (pooled decoded x̂0), both chance-corrected (`rescale`), and "chance" (2): the raw
    agreement of a finished image with another seed's (another prompt's when there is one seed).
    Both curves are exactly 1 at the last step: the last Euler step goes to σ_T = 0, so the finished
    image x_T = x_{T−1} + (0 − σ_{T−1})·v is bit for bit x̂0_{T−1}, and that step is compared with itself."""
    jobs, positions, job_seeds = _setup(backbone, prompts, seeds, spans)
    partner = _partner(len(prompts), len(seeds))
    maps, masks, pixels = [], [], []
    for sl in tqdm(_batches(jobs, batch), desc="agreement", disable=not progress):
        cond = backbone.encode([prompts[i] for i, _ in jobs[sl]])
        _, _, x0s = sample_ode(backbone, cond, _noise(backbone, job_seeds[sl], 0), num_steps, trajectory=True)
        batch_maps, batch_mask = object_maps(backbone, x0s, cond, positions[sl], _noise(backbone, job_seeds[sl], 1),
                                             sigma_tf, layers, batch)
        maps.append(batch_maps)
        masks.append(batch_mask)
        # Pool each decoded chunk at once: N·T full-size images would not fit in memory at 1024 px.
        pooled = [F.adaptive_avg_pool2d(backbone.decode(c).float(), backbone.grid).cpu()
                  for c in x0s.flatten(0, 1).split(batch)]
        pixels.append(torch.cat(pooled).unflatten(0, x0s.shape[:2]))
    maps, mask, pixels = torch.cat(maps), torch.cat(masks), torch.cat(pixels)  # [N,T,K,n_img], [N,K], [N,T,3,h,w]
    finals = pixels[:, -1].flatten(1)
    chance = (float(map_overlap(maps[:, -1], maps[partner, -1], mask & mask[partner]).double().mean()),
              float(concordance(finals, finals[partner]).double().mean()))
    return {"agreement": rescale(map_agreement(maps, mask).double().mean(0), chance[0]).float(),
            "pixel_agreement": rescale(pixel_agreement(pixels, backbone.grid).double().mean(0), chance[1]).float(),
            "chance": torch.tensor(chance)}


# ---------------------------------------------------------------------------------------------
# The causal check: one SDE step at step k, ODE elsewhere; does the final layout move?
# ---------------------------------------------------------------------------------------------

def sde_step(x, v, sigma: float, sigma_next: float, noise_level: float, eps):
    """One Flow-GRPO SDE step, dt = σ' − σ < 0:
        std_t = a·sqrt(σ / (1 − σ))       (at σ == 1 the next σ in the denominator: no 1/0)
        mean  = x·(1 + std_t²/(2σ)·dt) + v·(1 + std_t²·(1 − σ)/(2σ))·dt
        x'    = mean + std_t·sqrt(−dt)·ε
    With a = 0 it is the Euler step x + dt·v. In fp32 (bf16 overflows). cast_grpo.py has
    the canonical one, with log-probs."""
    dtype, x, v, dt = x.dtype, x.float(), v.float(), sigma_next - sigma
    std = noise_level * (sigma / (1 - (sigma_next if sigma == 1 else sigma))) ** 0.5
    mean = x * (1 + std ** 2 / (2 * sigma) * dt) + v * (1 + std ** 2 * (1 - sigma) / (2 * sigma)) * dt
    return (mean + std * (-dt) ** 0.5 * eps.float()).to(dtype)


def layout_sensitivity(backbone: Backbone, prompts: list[str], seeds: list[int], num_steps: int,
                       noise_level: float = NOISE_LEVEL, layout: str | None = None, spans=None, layers=None,
                       sigma_tf: float = SIGMA_TF, threshold: float = THRESHOLD, move_px: float = MOVE_PX,
                       batch: int = 32, progress: bool = False) -> dict:
    """For every step k: the ODE trajectory to x_k, one SDE step (`sde_step`) to x_{k+1}, ODE to the end,
    compared with the all-ODE image of the same noise. Returns
      "sensitivity" [T]: the share of samples whose final layout moved,
      "shift" [T]:       how far: mean centroid move in px ("objects"), or 1 − agreement ("attention").
    layout "objects" (default on the shapes world) uses the verifier's objects (`shapes_layout_change`);
    "attention" (default elsewhere) compares the teacher-forced object maps of the two finished images,
    chance-corrected as in `layout_agreement`, and counts a move when their agreement falls below
    `threshold`: the perturbed image would not pass the bar the freeze step uses."""
    layout = layout or ("objects" if backbone.name == "shapes" else "attention")
    if layout not in ("objects", "attention"):
        raise ValueError(f"--layout must be 'objects' or 'attention', got {layout!r}")
    jobs, positions, job_seeds = _setup(backbone, prompts, seeds, spans)
    sig = backbone.sigmas(num_steps).tolist()
    changed, moves = torch.zeros(num_steps), [[] for _ in range(num_steps)]      # "objects"
    raw, finals, masks = [[] for _ in range(num_steps)], [], []                  # "attention"
    bar = tqdm(total=len(_batches(jobs, batch)) * num_steps, desc="sensitivity", disable=not progress)
    for sl in _batches(jobs, batch):
        cond = backbone.encode([prompts[i] for i, _ in jobs[sl]])
        x0, xs, _ = sample_ode(backbone, cond, _noise(backbone, job_seeds[sl], 0), num_steps, trajectory=True)
        ref = backbone.decode(x0)
        for k in range(num_steps):
            x = sde_step(xs[:, k], backbone.velocity(xs[:, k], sig[k], cond), sig[k], sig[k + 1], noise_level,
                         _noise(backbone, job_seeds[sl], 2 + k))
            for i in range(k + 1, num_steps):                  # Euler ODE: x' = x + (σ' − σ)·v
                x = x + (sig[i + 1] - sig[i]) * backbone.velocity(x, sig[i], cond)
            if layout == "objects":
                moved, m = shapes_layout_change(ref, backbone.decode(x), move_px)
                changed[k] += moved.sum()
                moves[k] += m
            else:
                maps, mask = object_maps(backbone, torch.stack([x, x0], 1), cond, positions[sl],
                                         _noise(backbone, job_seeds[sl], 1), sigma_tf, layers, batch)
                raw[k].append(map_agreement(maps, mask)[:, 0])
                finals += [maps[:, 1]] if k == 0 else []
                masks += [mask] if k == 0 else []
            bar.update()
    bar.close()
    if layout == "objects":
        return {"sensitivity": changed / len(jobs), "shift": torch.tensor([sum(m) / max(1, len(m)) for m in moves])}
    finals, mask, partner = torch.cat(finals), torch.cat(masks), _partner(len(prompts), len(seeds))
    chance = float(map_overlap(finals, finals[partner], mask & mask[partner]).double().mean())
    agree = rescale(torch.stack([torch.cat(r) for r in raw]).double(), chance)   # [T, N]
    return {"sensitivity": (agree < threshold).float().mean(1), "shift": (1 - agree).mean(1).float()}


# ---------------------------------------------------------------------------------------------
# Calibration, the saved window, the plot.
# ---------------------------------------------------------------------------------------------

def calibrate(backbone: Backbone, prompts: list[str], seeds: list[int], num_steps: int = 10,
              threshold: float = THRESHOLD, window_size: int = WINDOW_SIZE, noise_level: float = NOISE_LEVEL,
              spans=None, layers=None, sigma_tf: float = SIGMA_TF, sensitivity: bool = True,
              layout: str | None = None, move_px: float = MOVE_PX, batch: int = 32, progress: bool = False) -> dict:
    """Agreement -> freeze step -> window, plus the causal check. Returns tensors: sigmas (T+1),
    agreement (T), freeze_step (), window (2) as [start, stop), pixel_agreement (T), chance (2) and, unless
    sensitivity=False (it costs about T/2 times the agreement pass), sensitivity (T) and shift (T)."""
    check_settings(num_steps, threshold, window_size)
    out = layout_agreement(backbone, prompts, seeds, num_steps, layers, spans, sigma_tf, batch, progress)
    f = freeze_step(out["agreement"], threshold)
    out.update(sigmas=backbone.sigmas(num_steps).float().cpu(), freeze_step=torch.tensor(f),
               window=torch.tensor(sde_window(f, num_steps, window_size)))
    if sensitivity:
        out.update(layout_sensitivity(backbone, prompts, seeds, num_steps, noise_level, layout, spans, layers,
                                      sigma_tf, threshold, move_px, batch, progress))
    return out


def save_window(path: str, result: dict, **metadata) -> None:
    """Write window.safetensors: the tensors of `calibrate` and JSON-encoded metadata (backbone, steps, ...)."""
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    save_file({k: torch.as_tensor(v).detach().cpu().contiguous() for k, v in result.items()}, path,
              metadata={k: json.dumps(v) for k, v in metadata.items()})


def load_window(path: str) -> tuple[dict[str, torch.Tensor], dict]:
    """Read window.safetensors back: (tensors, metadata). `tuple(tensors["window"].tolist())` is [start, stop)."""
    with safe_open(path, "pt") as f:
        return {k: f.get_tensor(k) for k in f.keys()}, {k: json.loads(v) for k, v in (f.metadata() or {}).items()}


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--backbone", default="shapes", choices=["shapes", "flux2", "qwenimage"])
    ap.add_argument("--model-path", help="local model folder (shapes: a .safetensors file; default the shipped one)")
    ap.add_argument("--prompts", help="text file, one prompt a line (required for real backbones)")
    ap.add_argument("--n-prompts", type=int, default=32, help="calibration prompts (first N of the file)")
    ap.add_argument("--prompt-seed", type=int, default=PROMPT_SEED, help="shapes world: rng seed of the prompts")
    ap.add_argument("--seeds", type=int, nargs="+", default=[0, 1])
    ap.add_argument("--steps", type=int, default=10)
    ap.add_argument("--threshold", type=float, default=THRESHOLD)
    ap.add_argument("--window-size", type=int, default=WINDOW_SIZE)
    ap.add_argument("--noise-level", type=float, default=NOISE_LEVEL)
    ap.add_argument("--sigma-tf", type=float, default=SIGMA_TF)
    ap.add_argument("--layout", choices=["objects", "attention"], help="sensitivity's layout (default by backbone)")
    ap.add_argument("--no-sensitivity", action="store_true", help="skip the causal check (T/2 x the cost)")
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    ap.add_argument("--threads", type=int, default=1, help="CPU threads (the team machine runs other jobs)")
    ap.add_argument("--out", default="runs/shapes")
    args = ap.parse_args(argv)
    import cast_csg
    from cast_inputs import file_problems, model_problem
    # Every problem before the model loads, in one argparse error (usage, one problem a line, exit code 2)
    bad = []
    try:
        check_settings(args.steps, args.threshold, args.window_size)
    except ValueError as e:
        bad.append(str(e))
    bad += [f"--{k.replace('_', '-')} {getattr(args, k)}: must be at least 1" for k in ("n_prompts", "batch", "threads")
            if getattr(args, k) < 1]
    if not args.noise_level > 0:                  # Flow-GRPO's levels go past 1 (Qwen-Image: 1.2): no upper bound
        bad.append(f"--noise-level {args.noise_level}: must be > 0")
    if not 0 < args.sigma_tf < 1:
        bad.append(f"--sigma-tf {args.sigma_tf}: must be in (0, 1)")
    if why := model_problem(args.backbone, args.model_path):
        bad.append(why)
    if args.backbone != "shapes":                 # the shapes world samples its own prompts
        bad += file_problems("--prompts", args.prompts, args.n_prompts) if args.prompts else [
            f"--backbone {args.backbone} needs --prompts FILE (one prompt a line)"]
    if bad:
        ap.error("\n".join(bad))
    torch.set_num_threads(args.threads)
    t0 = time.time()
    if args.backbone == "shapes":
        import random
        from cast_shapes_model import load_shapes
        from cast_shapes import sample_graph
        backbone = load_shapes(args.model_path, device=args.device)
        rng = random.Random(args.prompt_seed)
        prompts = [sample_graph(rng).prompt for _ in range(args.n_prompts)]
    else:
        from cast_model import load_backbone
        backbone = load_backbone(args.backbone, path=args.model_path, device=args.device, dtype=torch.bfloat16)
        prompts = [p.strip() for p in open(args.prompts) if p.strip()][:args.n_prompts]
    spans = [[e.span for e in cast_csg.read_prompt(p).entities] for p in prompts]
    result = calibrate(backbone, prompts, args.seeds, args.steps, args.threshold, args.window_size,
                       args.noise_level, spans, None, args.sigma_tf, not args.no_sensitivity, args.layout,
                       batch=args.batch, progress=True)
    seconds = time.time() - t0
    settings = {k: getattr(args, k) for k in ("n_prompts", "prompt_seed", "seeds", "threshold", "window_size",
                                              "noise_level", "sigma_tf", "layout", "model_path")}
    fit = window_fit(result["sensitivity"], result["window"].tolist()) if "sensitivity" in result else None
    path = os.path.join(args.out, "window.safetensors")
    save_window(path, result, backbone=args.backbone, steps=args.steps, settings=settings, fit=fit,
                seconds=round(seconds, 1))
    start, stop = result["window"].tolist()
    plot_window(result, os.path.join(args.out, "window.png"),
                f"{args.backbone}: freeze step {int(result['freeze_step'])}, window [{start}, {stop})")
    for key in [k for k in ("agreement", "pixel_agreement", "sensitivity", "shift") if k in result]:
        print(f"{key:>16}: " + " ".join(f"{v:.3f}" for v in result[key].tolist()))
    print(f"freeze step {int(result['freeze_step'])}, SDE window [{start}, {stop}) of {args.steps} steps; fit {fit}")
    print(f"-> {path}, window.png; {len(prompts)} prompts x {len(args.seeds)} seeds in {seconds:.1f} s")
    return result


if __name__ == "__main__":
    main()
