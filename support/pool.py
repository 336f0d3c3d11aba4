"""support/pool.py: training / dev / test prompt files from the scene-graph generator (cast_csg), each prompt
disjoint from the other splits and from the benchmarks you name, exactly and after `normalize`.

    python -m support.pool --train 1024 --dev 256 --test 256 --seed 0 --out data/pool --disjoint-from geneval2.jsonl
writes <out>/{train,dev,test}.jsonl (atoms, one graph a line: `--prompts` of cast_train) and .txt (the prompts).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys

from cast_csg import EVERYDAY, VOCABULARIES, Vocabulary, normalize, sample_graph, write_atoms


def benchmark_prompts(path: str) -> list[str]:
    """A benchmark's prompts: JSON lines with a "prompt" key, or one prompt a line."""
    lines = [line.strip() for line in open(path) if line.strip()]
    return [json.loads(x)["prompt"] if x.startswith("{") else x for x in lines]


def pool(
    train: int,
    dev: int,
    test: int,
    seed: int,
    out: str,
    disjoint_from=(),
    vocab: Vocabulary = EVERYDAY,
):
    """Train, dev and test splits of generated graphs, each prompt disjoint (exactly and after `normalize`) from
    the other splits and from every file in disjoint_from. Returns how many draws were redrawn."""
    taken = {normalize(p) for f in disjoint_from for p in benchmark_prompts(f)}
    taken |= {p for f in disjoint_from for p in benchmark_prompts(f)}
    rng, redrawn, splits = random.Random(f"pool/{seed}"), 0, {}
    for name, n in (("train", train), ("dev", dev), ("test", test)):
        graphs = []
        while len(graphs) < n:
            g = sample_graph(rng, vocab)
            if g.prompt in taken or normalize(g.prompt) in taken:
                redrawn += 1
                continue
            taken |= {g.prompt, normalize(g.prompt)}
            graphs.append(g)
        splits[name] = graphs
    os.makedirs(out, exist_ok=True)
    for name, graphs in splits.items():
        write_atoms(os.path.join(out, f"{name}.jsonl"), graphs)
        with open(os.path.join(out, f"{name}.txt"), "w") as f:
            f.writelines(g.prompt + "\n" for g in graphs)
    return redrawn


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    for flag, default in (("--train", 1024), ("--dev", 256), ("--test", 0), ("--seed", 0)):
        ap.add_argument(flag, type=int, default=default)
    ap.add_argument("--out", required=True)
    ap.add_argument("--vocabulary", default="everyday", choices=list(VOCABULARIES))
    ap.add_argument("--disjoint-from", action="append", default=[], metavar="FILE")
    args = ap.parse_args(argv)
    if min(args.train, args.dev, args.test) < 0:
        ap.error("--train, --dev and --test must be at least 0")
    missing = [f for f in args.disjoint_from if not os.path.isfile(f)]
    if missing:
        ap.error(f"--disjoint-from {missing[0]}: no such file")
    n = pool(
        args.train,
        args.dev,
        args.test,
        args.seed,
        args.out,
        args.disjoint_from,
        VOCABULARIES[args.vocabulary],
    )
    print(
        f"wrote {args.out}/{{train,dev,test}}.{{jsonl,txt}}: {args.train} + {args.dev} + {args.test} prompts, "
        f"{n} redrawn to stay disjoint"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
