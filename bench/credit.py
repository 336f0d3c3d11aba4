"""bench/credit.py: do the maps carry the atoms' credit? Measured at the gradient, in minutes, on the shapes world.

Part A, each method's update against the true gradient. For a fixed policy, many independent groups (one prompt, G
images, the training sampler and window). Each readout is a weighting W [G, L, tokens] of the window steps'
per-patch log-probabilities (Eq. 8); its first-epoch update is g(W) = Σ W·∇ log p / (G·tokens·L), which is the
clipped objective's ascent direction at ratio 1 (Eq. 9; the KL adds nothing at the base model). The reference for
atom kind k is plain REINFORCE of that kind's mean score with the group mean as baseline and no maps (and of AM,
the mean atom score): unbiased, up to a constant factor, for the window's gradient of the verifier's expected score.
From the per-group gradients:
    U(r, s)   mean over pairs of groups in different blocks of <g_r, g_s>   unbiased for <E g_r, E g_s>
    E|g_r|²   mean over groups of |g_r|²
    cos_n     U(r, k) / sqrt(U(k, k) · (U(r, r) + (E|g_r|² − U(r, r)) / m))   the cosine of an n-image update
              (m = n / G groups) with the true gradient of kind k, to first order in the update's noise
    cos_inf   U(r, k) / sqrt(U(k, k) U(r, r))   the cosine of the expected update
Standard errors by a delete-one-block jackknife; `sanity` weights each group's images with the AM advantages of the
group before it (expectation exactly 0). The readouts (all but the references at the paper's Eq. 7 clip at ±5,
`_noclip` without it):
    per_atom          Eq. 7 with uniform maps (the map-free update the others are compared with)
    g2                Flow-GRPO (G2): the mean atom score z-scored, broadcast
    cast_sample       Eq. 7 over the VLM's maps on the sample (the paper's)
    cast_step         Eq. 7 over the VLM's maps on each window step's ODE completion, every 2nd sigma (the default)
    cast_step1        the same completion on every sigma
    cast_oracle       Eq. 7 over the verifier's object masks on the cast_step completions (no real verifier has them)
    shuffled          cast_step's maps permuted among the image's atoms;  spatial_image  G2 x the mean atom map
    cast_absent_uniform   cast_step, but an atom whose object the completion lacks gets a uniform map
    cast_noun_oracle      cast_step, but atoms of phrases that share a noun get the oracle's map
    cast_area             cast_step's maps laid on the grid by area (no bilinear resize-and-pool blur)
Part B, which patches control each atom: at a window state x, antithetic SDE noises ±ε, the ODE completion of
each, the verifier's scores f; d = (f(+ε) − f(−ε)) / 2 · ε per patch, and |E d_p|² estimated as <mean of half 1,
mean of half 2> (unbiased). Its sum over the atom's own object, the other drawn objects and empty space, for atoms
present or absent in the noise-free completion, at the first and the second window step.

    python bench/credit.py                         # the shipped base model: bench/results.json["credit"], the .png
    python bench/credit.py --weights runs/cast/final/shapes.safetensors --policy trained
Settings are the shapes default run's (10 steps, noise 0.7, G 8, the calibrated window [0, 5), L 2). Finished
blocks are kept in --work and reused by a rerun with the same settings (resumable).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from dataclasses import dataclass

import torch
from tqdm import tqdm

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from credit_report import (  # noqa: E402
    KINDS,
    READOUTS,
    decisions,
    markdown,
    part_a_report,
    part_b_report,
    plot,
    summarize,
)

from cast_advantage import (
    ADV_CLIP,
    atom_advantages,
    ground,
    image_advantages,
    image_reward,  # noqa: E402
    ode_completions,
    pixel_advantage,
    shuffle_maps,
    unit_mean,
)
from cast_csg import atom_mask, atom_mean, normalize  # noqa: E402
from cast_window import rollout, sample_starts, sde_step  # noqa: E402
from support.assets import SHAPES_VLM  # noqa: E402
from support.backbone import seed_of  # noqa: E402
from support.checkpoint import load_tensors, save_tensors  # noqa: E402
from support.oracle import atom_objects, oracle_maps, token_shares  # noqa: E402
from support.shapes import ASSETS, ShapesScorer, load_shapes, sample_shapes_graph  # noqa: E402

OWN, LIT = 0.25, 0.25  # a token belongs to an object when this share of its patch is in the mask
STRIDES = {
    "cast_step": 2,
    "cast_step1": 1,
    "cast_step5": 5,
    "cast_step10": 10,
}  # completions on every 2nd sigma, every sigma, every 5th (the default run's COMPLETION_STRIDE), one step
# (x̂0 = x − σ·v, the rollout's own velocity)
RESULTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results.json")


# ------------------------------------------------------------------------------------------ the prompts and maps


def dev_graphs(n: int, seed: int, held_out: int = 1000):
    """n shapes prompts from the stream ("credit", seed), none of the first `held_out` of the eval stream (eval/0)."""
    eval_rng, rng = random.Random("eval/0"), random.Random(f"credit/{seed}")
    held = {normalize(sample_shapes_graph(eval_rng).prompt) for _ in range(held_out)}
    out = []
    while len(out) < n:
        g = sample_shapes_graph(rng)
        if normalize(g.prompt) not in held:
            out.append(g)
    return out


def fold(maps):
    """Per-step maps [N, L, K, h, w] -> [N, K, L·h, w]: what acts on a whole image acts on its L maps at once."""
    return maps.permute(0, 2, 1, 3, 4).flatten(2, 3)


def tokens(pixel_adv, L):
    """[N, L·h, w] -> [N, L, h·w], the loss's [N, L, tokens] (the token grid is row-major)."""
    return pixel_adv.reshape(len(pixel_adv), L, -1)


# ------------------------------------------------------------------------------------------ Part A


@dataclass
class Setup:
    """What every group is measured with: the policy and its trained parameters, the grounding VLM, the schedule,
    the window candidates and the flags."""

    bb: object
    vlm: object
    params: list
    sigmas: torch.Tensor
    candidates: tuple
    args: argparse.Namespace


def group_rollout(setup, graph, G, seed, index):
    """One group: G samples of one prompt through the training sampler (SDE in each trajectory's window)."""
    bb, sigmas, length = setup.bb, setup.sigmas, setup.args.length
    gens = [torch.Generator().manual_seed(seed_of("credit", seed, index, j)) for j in range(G)]
    cond = bb.encode([graph.prompt]).select([0] * G)
    x = torch.cat([bb.noise(1, g) for g in gens])
    window_gens = [
        torch.Generator().manual_seed(seed_of("credit", seed, index, j, "w")) for j in range(G)
    ]
    starts = sample_starts(setup.candidates, length, window_gens)
    roll = rollout(
        lambda x, s: bb.velocity(x, s, cond),
        x,
        sigmas,
        starts,
        length,
        setup.args.noise_level,
        gens,
    )
    return dict(
        cond=cond,
        x0=roll.x0,
        xs=roll.xs,
        xs_next=roll.xs_next,
        step_index=roll.step_index,
        v=roll.v,
    )


def readout_weights(setup, graph, roll, prev_am_adv):
    """Every readout's weighting [R, G, L, tokens] of one group, and this group's AM advantages (the next group's
    sanity readout)."""
    bb, vlm, sigmas, G = setup.bb, setup.vlm, setup.sigmas, len(roll["x0"])
    scorer, graphs, L = ShapesScorer(), [graph] * G, roll["xs"].shape[1]
    group, grid, mask = torch.zeros(G, dtype=torch.long), bb.grid, atom_mask([graph] * G)
    images = bb.decode(roll["x0"]).float().cpu()
    scores = scorer(images, graphs)
    velocity = lambda x, s, rows: bb.velocity(x, s, roll["cond"].select(rows))  # noqa: E731
    on = {}
    for (
        stride
    ) in STRIDES.values():  # each window step's ODE completion: G·L images, trajectory-major
        done = ode_completions(velocity, roll["xs"], roll["step_index"], sigmas, stride, roll["v"])
        on[stride] = bb.decode(done.flatten(0, 1)).float().cpu()
    flat = [graph] * (G * L)
    per_step = lambda m: m.reshape(G, L, *m.shape[1:])  # noqa: E731
    step_maps = per_step(ground(vlm, on[2], flat, grid))
    _, step_masks, _ = scorer.verify(on[2], flat)
    oracle = per_step(oracle_maps(step_masks, flat, grid))
    maps = dict(
        cast_sample=ground(vlm, images, graphs, grid)[:, None].expand(-1, L, -1, -1, -1),
        **{name: per_step(ground(vlm, on[stride], flat, grid)) for name, stride in STRIDES.items()},
        cast_oracle=oracle,
        cast_area=per_step(ground(vlm, on[2], flat, grid, resize="area")),
    )
    absent = torch.zeros(
        G * L, mask.shape[1], dtype=torch.bool
    )  # the atom's object(s) not drawn in the completion
    same_noun = torch.zeros(
        mask.shape[1], dtype=torch.bool
    )  # the atom's phrases share a noun with another
    nouns = [e.noun for e in graph.entities]
    for k, a in enumerate(graph.atoms):
        same_noun[k] = any(nouns.count(nouns[i]) > 1 for i in atom_objects(a))
        for n in range(G * L):
            absent[n, k] = any(not step_masks[n][i].any() for i in atom_objects(a))
    absent = per_step(absent)[..., None, None]
    maps["cast_absent_uniform"] = torch.where(
        absent, unit_mean(torch.ones_like(step_maps)), step_maps
    )
    maps["cast_noun_oracle"] = torch.where(same_noun[:, None, None], oracle, step_maps)

    res = torch.finfo(torch.float32).eps
    atom_adv = atom_advantages(scores, mask, group, res)
    image_adv = image_advantages(image_reward(scores, mask), group, res)
    ones = torch.ones(G, L, grid[0] * grid[1])
    W = {}
    for kind in KINDS:  # REINFORCE of the kind's mean score, the group mean as baseline, no maps
        of_kind = mask & torch.tensor([kind == "am" or a.kind == kind for a in graph.atoms])
        r = atom_mean(scores, of_kind) if of_kind.any() else torch.zeros(G)
        W[f"ref_{kind}"] = (r - r.mean())[:, None, None] * ones
    am = atom_mean(scores, mask)
    W["sanity"] = (prev_am_adv if prev_am_adv is not None else torch.zeros(G))[:, None, None] * ones
    W["g2"] = image_adv[:, None, None] * ones
    uniform = fold(torch.ones(G, L, mask.shape[1], *grid))
    for clip, suffix in ((ADV_CLIP, ""), (math.inf, "_noclip")):
        W["per_atom" + suffix] = tokens(pixel_advantage(atom_adv, uniform, clip), L)
        for name in ("cast_sample", "cast_step", "cast_step1", "cast_oracle"):
            W[name + suffix] = tokens(pixel_advantage(atom_adv, fold(maps[name]), clip), L)
        shuffled = shuffle_maps(fold(step_maps), graphs, torch.Generator().manual_seed(0))
        W["shuffled" + suffix] = tokens(pixel_advantage(atom_adv, shuffled, clip), L)
        W["spatial_image" + suffix] = tokens(
            (image_adv[:, None, None] * atom_mean(fold(step_maps), mask)).clamp(-clip, clip), L
        )
    for name in (
        "cast_absent_uniform",
        "cast_noun_oracle",
        "cast_area",
        "cast_step5",
        "cast_step10",
    ):
        W[name] = tokens(pixel_advantage(atom_adv, fold(maps[name])), L)
    return torch.stack([W[r].float() for r in READOUTS]), am - am.mean(), scores


def group_gradients(setup, roll, weights):
    """[R, P]: each readout's g(W) = Σ W·∇ log p / (G·tokens·L) over the window steps (Eq. 8's per-patch log p,
    one forward with the graph kept per step, one vector-Jacobian product per readout)."""
    bb, params, sigmas, noise_level = setup.bb, setup.params, setup.sigmas, setup.args.noise_level
    R, G, L, n_tok = weights.shape
    out = torch.zeros(R, sum(p.numel() for p in params))
    for j in range(L):
        i = roll["step_index"][:, j]
        v = bb.velocity(roll["xs"][:, j], sigmas[i], roll["cond"])
        _, log_prob, _, _ = sde_step(
            roll["xs"][:, j], v, sigmas[i], sigmas[i + 1], noise_level, x_next=roll["xs_next"][:, j]
        )
        for r in range(
            R
        ):  # one backward each: on the CPU a loop beats vmap's batched backward (measured)
            grads = torch.autograd.grad(
                log_prob, params, grad_outputs=weights[r, :, j], retain_graph=r < R - 1
            )
            out[r] += torch.cat([g.reshape(-1) for g in grads]) / (G * n_tok * L)
    return out


def block_sums(setup, graphs, start: int, prev_am_adv, names):
    """One block of groups for the readouts `names`: Σ_groups g [R, P], Σ_groups |g|² [R], and the last group's AM
    advantages."""
    S, Q = None, torch.zeros(len(names), dtype=torch.float64)
    rows = [READOUTS.index(name) for name in names]
    for index in range(start, start + len(graphs)):
        graph = graphs[index - start]
        with torch.no_grad():
            roll = group_rollout(setup, graph, setup.args.group_size, setup.args.seed, index)
            weights, prev_am_adv, _ = readout_weights(setup, graph, roll, prev_am_adv)
        g = group_gradients(setup, roll, weights[rows])
        S = g if S is None else S + g
        Q += g.double().pow(2).sum(1)
    return S, Q, prev_am_adv


# ------------------------------------------------------------------------------------------ Part B


@torch.no_grad()
def part_b(setup, graphs):
    """Per state: [len(KINDS)-1 kinds, 2 (absent, present), L, 4 (own, other, empty, area-weighted count)] sums of
    the unbiased |E d_p|² estimate over each region's tokens, and the regions' token counts."""
    bb, sigmas, args = setup.bb, setup.sigmas, setup.args
    scorer, P, L, T = ShapesScorer(), args.pairs, args.length, len(sigmas) - 1
    kinds = KINDS[:-1]
    rows = []
    for index, graph in enumerate(tqdm(graphs, desc="part B", leave=False)):
        roll = group_rollout(setup, graph, 1, args.seed + 1000, index)
        cell = torch.zeros(len(kinds), 2, L, 3)
        area = torch.zeros(len(kinds), 2, L, 3)
        for j in range(L):
            i = int(roll["step_index"][0, j])
            x = roll["xs"][:, j]
            v = bb.velocity(x, sigmas[i], roll["cond"])
            _, _, mean, std = sde_step(x, v, sigmas[i], sigmas[i + 1], args.noise_level)
            step_std = std * (sigmas[i] - sigmas[i + 1]).sqrt()
            eps = torch.randn(
                P, *x.shape[1:], generator=torch.Generator().manual_seed(seed_of("B", index, j))
            )
            nxt = torch.cat([mean + step_std * eps, mean - step_std * eps, mean])  # [2P + 1, ...]
            cond = roll["cond"].select([0] * (2 * P + 1))
            done = (
                ode_completions(
                    lambda x, s, rows: bb.velocity(x, s, cond.select(rows)),
                    nxt[:, None],
                    torch.full((2 * P + 1, 1), i + 1),
                    sigmas,
                    1,
                )[:, 0]
                if i + 1 < T
                else nxt
            )
            images = bb.decode(done).float().cpu()
            f, phrase_masks, _ = scorer.verify(images, [graph] * (2 * P + 1))
            d = (f[:P] - f[P : 2 * P]) / 2  # [P, K]
            h = P // 2
            est = torch.einsum(
                "kpc,kpc->kp",
                torch.einsum("ak,apc->kpc", d[:h], eps[:h]) / h,
                torch.einsum("ak,apc->kpc", d[h : 2 * h], eps[h : 2 * h]) / h,
            )  # [K, tokens]
            shares = token_shares(phrase_masks[-1], bb.grid)  # the noise-free completion's objects
            lit = token_shares((images[-1] > 0.5).any(0)[None], bb.grid)[0] >= LIT
            for k, a in enumerate(graph.atoms):
                own = (shares[atom_objects(a)] >= OWN).any(0)
                other = lit & ~own
                empty = ~own & ~other
                present = int(all(phrase_masks[-1][o].any() for o in atom_objects(a)))
                kk = kinds.index(a.kind)
                for region, sel in enumerate((own, other, empty)):
                    cell[kk, present, j, region] += est[k, sel].sum()
                    area[kk, present, j, region] += sel.float().sum()
        rows.append(torch.stack([cell, area]))
    return torch.stack(rows)  # [states, 2, kinds, 2, L, 3]


# ------------------------------------------------------------------------------------------ the run


def parse_args(argv=None):
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--weights", default=os.path.join(ASSETS, "shapes_base.safetensors"), help="the policy"
    )
    ap.add_argument(
        "--policy", default="base", help="its name in results.json: base (the top level) or another"
    )
    ap.add_argument("--vlm-path", default=SHAPES_VLM, help="the grounding VLM (the shapes world's)")
    ap.add_argument(
        "--groups", type=int, default=256, help="independent groups (prompts) for Part A"
    )
    ap.add_argument(
        "--blocks", type=int, default=16, help="jackknife blocks (Part A's cross-block pairs)"
    )
    ap.add_argument("--group-size", type=int, default=8)
    ap.add_argument("--states", type=int, default=48, help="Part B: window states (0: skip Part B)")
    ap.add_argument(
        "--pairs", type=int, default=32, help="Part B: antithetic noise pairs per state"
    )
    ap.add_argument("--steps", type=int, default=10)
    ap.add_argument("--noise-level", type=float, default=0.7)
    ap.add_argument(
        "--window",
        default="0:5",
        help="the candidates [a, b) (the default run's calibrated window)",
    )
    ap.add_argument("--length", type=int, default=2, help="window length L")
    ap.add_argument(
        "--seed", type=int, default=0, help="the dev prompt stream (credit/seed) and the noise"
    )
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument(
        "--work",
        default=os.path.join("bench", "runs", "credit"),
        help="finished blocks (resumable)",
    )
    ap.add_argument("--results", default=RESULTS)
    ap.add_argument(
        "--picture", default=os.path.join(os.path.dirname(RESULTS), "results_credit.png")
    )
    ap.add_argument(
        "--report",
        action="store_true",
        help="only the tables and the picture of --results' policies",
    )
    args = ap.parse_args(argv)
    if args.groups < 2 * args.blocks or args.blocks < 2 or args.group_size < 2:
        ap.error(
            "--blocks must be at least 2, --groups at least 2 per block, --group-size at least 2"
        )
    if args.states and (args.pairs < 4 or args.pairs % 2):
        ap.error("--pairs must be even and at least 4 (two halves)")
    return args


def part_a(setup, graphs, work):
    """Part A over --blocks blocks of groups, each block's sums saved per readout as it finishes (a rerun computes
    only the readouts a block file lacks): the Gram matrix [R, B, R, B] of the blocks' gradient sums, Σ|g|² [R, B]
    and the groups per block [B]."""
    args = setup.args
    per_block = args.groups // args.blocks
    sums, sq, counts, prev = [], [], [], None
    for b in tqdm(range(args.blocks), desc=f"part A ({args.policy})"):
        path = os.path.join(work, f"block_{b}.safetensors")
        lo, hi = b * per_block, args.groups if b == args.blocks - 1 else (b + 1) * per_block
        saved = load_tensors(path)[0] if os.path.exists(path) else {}
        if missing := [name for name in READOUTS if f"S.{name}" not in saved]:
            S, Q, last = block_sums(setup, graphs[lo:hi], lo, prev, missing)
            saved.update(
                {f"S.{name}": S[r].contiguous() for r, name in enumerate(missing)},
                **{f"Q.{name}": Q[r : r + 1] for r, name in enumerate(missing)},
                prev=last.contiguous(),
            )
            save_tensors(path, saved)
        prev = saved["prev"]
        sums.append(torch.stack([saved[f"S.{name}"] for name in READOUTS]))
        sq.append(torch.cat([saved[f"Q.{name}"] for name in READOUTS]))
        counts.append(hi - lo)
    flat = torch.stack(sums, 1).flatten(0, 1).double()  # [R·B, P], readout-major
    R, B = len(READOUTS), args.blocks
    return (
        (flat @ flat.T).reshape(R, B, R, B),
        torch.stack(sq, 1),
        torch.tensor(counts, dtype=torch.float64),
    )


def save_result(result, args):
    """results.json["credit"]: the base model at the top level, another policy under its name; then the picture."""
    everything = json.load(open(args.results)) if os.path.exists(args.results) else {}
    credit = everything.get("credit", {})
    if args.policy == "base":
        credit = {
            **{
                k: v
                for k, v in credit.items()
                if k not in result and isinstance(v, dict) and "settings" in v
            },
            **result,
        }
    else:
        credit[args.policy] = result
    everything["credit"] = credit
    with open(args.results + ".tmp", "w") as f:
        json.dump(everything, f, indent=1)
    os.replace(args.results + ".tmp", args.results)
    if args.picture:
        plot(
            [credit] + [v for v in credit.values() if isinstance(v, dict) and "settings" in v],
            args.picture,
        )


def main(argv=None):
    args = parse_args(argv)
    if args.report:
        credit = json.load(open(args.results))["credit"]
        results = [credit] + [v for v in credit.values() if isinstance(v, dict) and "settings" in v]
        for result in results:
            print(markdown(result) + "\n")
        if args.picture:
            plot(results, args.picture)
        return credit
    torch.set_num_threads(args.threads)
    t0 = time.time()
    bb = load_shapes(args.weights)
    from support.vlm import VLM

    params = [
        p for n, p in bb.model.named_parameters() if not n.startswith("text_encoder.")
    ]  # cast_train --full
    candidates = tuple(int(v) for v in args.window.split(":"))
    setup = Setup(bb, VLM(args.vlm_path), params, bb.sigmas(args.steps).float(), candidates, args)
    graphs = dev_graphs(args.groups + args.states, args.seed)
    part_a_settings = dict(
        weights=os.path.abspath(args.weights),
        groups=args.groups,
        blocks=args.blocks,
        group_size=args.group_size,
        steps=args.steps,
        noise_level=args.noise_level,
        window=list(candidates),
        length=args.length,
        seed=args.seed,
    )
    settings = dict(policy=args.policy, **part_a_settings, states=args.states, pairs=args.pairs)
    work = os.path.join(
        args.work, f"part_a_{seed_of(json.dumps(part_a_settings, sort_keys=True)) % 10**8}"
    )
    os.makedirs(work, exist_ok=True)
    full, reps = summarize(*part_a(setup, graphs, work), args.group_size)
    result = dict(settings=settings, **part_a_report(full, reps, args.group_size))
    result.update(decisions(result))
    if args.states:
        result["part_b"] = part_b_report(
            part_b(setup, graphs[args.groups :]), min(args.blocks, args.states)
        )
    result["seconds"] = round(time.time() - t0, 1)
    save_result(result, args)
    print(markdown(result))
    return result


if __name__ == "__main__":
    main()
