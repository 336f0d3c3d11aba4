"""support/prompts.py: the prompts of a training run with their scene graphs: each iteration's, and the held-out ones.
"""
from __future__ import annotations

import random

from support.inputs import prompt_graphs
from support.pool import normalize


def train_graphs(args, iteration, n, held_out=frozenset()):
    """The n scene graphs of one iteration (all ranks compute the same list). From --prompts: a fresh shuffle per
    pass over the file (its overlap with the eval prompts was refused or allowed: support.inputs.overlap_problem).
    Else the shapes world's generator from the stream ("train", seed, iteration), skipping the held-out prompts as
    support.pool keeps its splits apart: after `normalize` ("Two red circles." is "two red circle")."""
    if args.prompts:
        graphs, orders, out = prompt_graphs(args.prompts, args.skip_bad_prompts), {}, []
        for k in range(iteration * n, (iteration + 1) * n):
            epoch, pos = divmod(k, len(graphs))
            if epoch not in orders:
                orders[epoch] = random.Random(f"train/{args.seed}/{epoch}").sample(graphs, len(graphs))
            out.append(orders[epoch][pos])
        return out
    from support.shapes import sample_shapes_graph
    rng, out, held = random.Random(f"train/{args.seed}/{iteration}"), [], {normalize(p) for p in held_out}
    while len(out) < n:
        g = sample_shapes_graph(rng)
        if normalize(g.prompt) not in held:
            out.append(g)
    return out


def train_prompts(args, iteration, n, held_out=frozenset()):
    return [g.prompt for g in train_graphs(args, iteration, n, held_out)]


def eval_graphs(args):
    """The held-out graphs: --eval-prompts, or shapes prompts from their own stream (eval/<eval_seed>)."""
    if args.eval_prompts:
        return prompt_graphs(args.eval_prompts, args.skip_bad_prompts)
    from support.shapes import sample_shapes_graph
    rng = random.Random(f"eval/{args.eval_seed}")
    return [sample_shapes_graph(rng) for _ in range(args.eval_size)]
