"""bench/csg_sets.py: every natural-prompt set of bench/ at once, as the rules stand now (issue 19).

Each bench/csg_heldoutN.py says in its docstring what it measured once, before any fix looked at it; this prints what
every set gives with the current rules, one line a set and the total: rows, parsed right, right among the rows the
atoms can state (all but the REFUSE rows), refused, mis-parsed, and how many mis-parses differ only in whether a
describing word is part of the noun or an attribute (csg_heldout.adjective_only). Sets used to choose fixes are not
held out any more: these numbers say what the rules do on them now, not on prompts nobody has seen.

Run:
    python bench/csg_sets.py
"""
import contextlib
import glob
import importlib
import io
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from csg_heldout import adjective_only, score  # noqa: E402


def sets():
    """(name, rows) of every csg_heldout*.py, in their number order."""
    found = []
    for path in glob.glob(os.path.join(HERE, "csg_heldout*.py")):
        name = os.path.basename(path)[:-3]
        rows = next(v for k, v in vars(importlib.import_module(name)).items() if k.startswith("HELD_OUT"))
        found.append((int(re.sub(r"\D", "", name) or 1), name, rows))
    return [(name, rows) for _, name, rows in sorted(found)]


def main():
    total = [0] * 6
    print(f"{'set':<14} {'rows':>4} {'right':>6} {'of statable':>12} {'refused':>8} {'mis-parsed':>11} "
          f"{'adjective':>10}")
    for name, rows in sets():
        with contextlib.redirect_stdout(io.StringIO()):
            right, refused, wrong = score(rows, name)
        statable = sum(objects != "REFUSE" for _, objects, _ in rows)
        adjective = sum(adjective_only(got, want) for _, got, want in wrong)
        counts = [len(rows), len(right), statable, len(refused), len(wrong), adjective]
        total = [t + c for t, c in zip(total, counts)]
        print(f"{name:<14} {len(rows):>4} {len(right):>6} {f'{len(right)}/{statable}':>12} {len(refused):>8} "
              f"{len(wrong):>11} {adjective:>10}")
    n, right, statable, refused, wrong, adjective = total
    print(f"{'all':<14} {n:>4} {right:>6} {f'{100 * right / statable:.1f}%':>12} {refused:>8} "
          f"{f'{wrong} ({100 * wrong / n:.1f}%)':>11} {adjective:>10}")


if __name__ == "__main__":
    main()
