"""support/prompts.py: the prompts of a training run with their scene graphs: a prompt file's (read once per version
of the file: cast_train draws from it every iteration; support.inputs checks it first), each iteration's, and the
held-out ones.
"""
from __future__ import annotations

import functools
import os
import random

from cast_csg import InputError, SceneGraph, graph_lines
from support.pool import normalize


def read_lines(path: str) -> list[tuple[int, str]]:
    """(line number, prompt) of every non-blank line."""
    with open(path, encoding="utf-8") as f:
        return [(n, line.strip()) for n, line in enumerate(f, 1) if line.strip()]


def file_graphs(path: str):
    """(line number, graph) of the lines that give atoms, (line number, line, reason) of those that do not, every one
    (cast_csg.graph_lines: JSON lines of atoms.jsonl, GenEval 2 or GenEval, or a prompt a line in the grammar); read
    once per version of the file."""
    return _read_file(path, os.stat(path).st_mtime_ns)


@functools.lru_cache(maxsize=8)
def _read_file(path: str, _version: int):
    good, bad = graph_lines(path)
    if bad and not read_lines(path)[0][1].startswith("{"):           # prompts: say where atoms come from
        bad = [(n, line, f"gives no atoms: {why} (atoms come from `python -m support.pool`, a benchmark file, the "
                         f"generator's grammar, or `cast_csg.py read FILE --llm-path`)") for n, line, why in bad]
    return tuple(good), tuple(bad)


def prompt_graphs(path: str, skip_bad: bool = False) -> list[SceneGraph]:
    """The scene graphs of a prompt file, without the lines that give none when skip_bad (check_prompt_files has
    run first and refused a file with such lines otherwise)."""
    good, bad = file_graphs(path)
    if bad and not skip_bad:
        raise InputError("\n".join(f"{path} line {n}: {why}" for n, _, why in bad))
    return [g for _, g in good]


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


def eval_graphs(args):
    """The held-out graphs: --eval-prompts, or shapes prompts from their own stream (eval/<eval_seed>)."""
    if args.eval_prompts:
        return prompt_graphs(args.eval_prompts, args.skip_bad_prompts)
    from support.shapes import sample_shapes_graph
    rng = random.Random(f"eval/{args.eval_seed}")
    return [sample_shapes_graph(rng) for _ in range(args.eval_size)]
