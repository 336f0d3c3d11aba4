"""support/prompt_files.py: prompt files and benchmark rows read into scene graphs (cast_csg's data), every bad line
named with its number. Plumbing around the method, not the method: the generator (cast_csg.sample_graph, render)
writes prompts from graphs; this reads them back.

    read_prompt     a prompt in the generator's grammar back to its graph, exactly (the renderer's inverse)
    read_geneval2   a GenEval 2 row (geneval2_data.jsonl): exactly the row's own atoms
    read_geneval    a GenEval row (evaluation_metadata.jsonl) into object / count / color / position atoms
    graph_lines     any prompt file, line by line: the graphs, and every other line with why
    read_graphs     any prompt file as graphs, or an InputError listing every line that gives none

`python cast_csg.py read FILE --out atoms.jsonl` and `python cast_csg.py show PROMPT` run these (`csg_args`: its
flags; `print_atoms`: what `show` prints).
"""

from __future__ import annotations

import argparse
import json
import os
import re

from cast_csg import (
    EVERYDAY,
    NUMBERS,
    PREFIX,
    VOCABULARIES,
    Atom,
    Entity,
    InputError,
    Relation,
    SceneGraph,
    Vocabulary,
    atomize,
    same_thing,
)


# ---------------------------------------------------------------- the grammar's inverse
def _words(text: str):
    return [
        (m.group().lower(), m.start(), m.end())
        for m in re.finditer(r"[A-Za-z]+(?:-[A-Za-z]+)*|,", text)
    ]


def read_prompt(text: str, vocab: Vocabulary | None = None) -> SceneGraph:
    """Read a prompt written in the generator's grammar back to its graph, exactly:
        [a photo of] phrase ((relation | ", and" | "and") phrase)*      phrase = number attribute* noun
    A relation binds the phrases on its two sides. Tried with each vocabulary; anything else is refused with a
    InputError naming the first word no vocabulary can place. Never a guess."""
    errors = []
    for v in [vocab] if vocab else VOCABULARIES.values():
        try:
            return _read(text, v)
        except InputError as e:
            errors.append((e.args[1] if len(e.args) > 1 else -1, str(e.args[0])))
    raise InputError(max(errors)[1])


def _read(text: str, v: Vocabulary) -> SceneGraph:
    w, i = _words(text), 0

    def fail(why):
        at = w[i][1] if i < len(w) else len(text)
        word = repr(w[i][0]) if i < len(w) else "the end"
        raise InputError(
            f"{text!r}: {word} at character {at} {why} (the {v.name} grammar: "
            f"[a photo of] NUMBER ATTRIBUTE* NOUN, joined by a relation or 'and')",
            at,
        )

    def match(forms):  # the longest form that the next words spell; (form, end index)
        best = None
        for f in forms:
            n = len(f.split())
            if [x for x, _, _ in w[i : i + n]] == f.split() and (
                best is None or n > len(best.split())
            ):
                best = f
        return best

    prefix = PREFIX if [x for x, _, _ in w[:3]] == PREFIX.split() else ""
    i = 3 if prefix else 0
    entities, relations = [], []
    nouns = {f: (n, c > 1) for n in v.nouns for f, c in ((n, 1), (v.plural(n), 2))}
    while True:
        if i >= len(w) or w[i][0] not in NUMBERS[1:] + ("a", "an"):
            fail("is not a number word starting a phrase")
        word, cs, ce = w[i]
        count, i = 1 if word in ("a", "an") else NUMBERS.index(word), i + 1
        attrs, spans = [], []
        while i < len(w) and v.kind_of(w[i][0]) and not match(nouns):
            attrs.append([v.kind_of(w[i][0]), w[i][0]])
            spans.append(w[i][1:])
            i += 1
        form = match(nouns)
        if form is None:
            fail("is not an attribute or a noun")
        noun, many = nouns[form]
        if many != (count > 1) and v.plural(noun) != noun:
            fail(f"does not agree with {word!r}")
        n = len(form.split())
        entities.append(
            Entity(noun, count, attrs, text[cs:ce], (w[i][1], w[i + n - 1][2]), (cs, ce), spans)
        )
        i += n
        if i == len(w):
            break
        rel = match(
            [f for fs in v.relations.values() for f in fs]
            + [f for fs in v.actions.values() for f in fs]
        )
        if rel:
            canon = next(c for c, fs in {**v.relations, **v.actions}.items() if rel in fs)
            n = len(rel.split())
            kind = "action" if canon in v.actions else "relation"
            if kind == "action" and noun not in v.agents:
                fail(f"is an action of a {noun}, which the {v.name} vocabulary does not let act")
            relations.append(
                Relation(
                    len(entities) - 1, canon, len(entities), rel, kind, (w[i][1], w[i + n - 1][2])
                )
            )
            i += n
        elif w[i][0] == "and" or [x for x, _, _ in w[i : i + 2]] == [",", "and"]:
            i += 1 if w[i][0] == "and" else 2
        else:
            fail("is not a relation or 'and'")
    if same_thing(entities, v):
        raise InputError(
            f"{text!r}: two phrases name the same thing; the probes could not tell them apart",
            len(text),
        )
    return atomize(SceneGraph(text, entities, relations, source="grammar", prefix=prefix), v)


# ---------------------------------------------------------------- benchmarks: their own atoms
FILLER = {"is", "are", "the", "there", "any", "in", "image", "how", "many", "a", "an", "of", "to"}


def _spans_of(prompt: str, question: str):
    """Spans of the prompt's words that a question names (its noun in either number, its attribute or relation)."""
    low, spans = prompt.lower(), []
    for word in re.findall(r"[a-z]+(?:-[a-z]+)*", question.lower()):
        if word in FILLER:
            continue
        for form in dict.fromkeys(
            [
                word,
                re.sub(r"(?<=[^aeiou])ies$", "y", word),
                re.sub(r"es$", "", word),
                re.sub(r"s$", "", word),
            ]
        ):
            m = re.search(rf"\b{re.escape(form)}(?:e?s)?\b", low)
            if m and len(form) > 1:
                spans.append(m.span())
                break
    return sorted(set(spans))


def read_geneval2(r: dict) -> SceneGraph:
    """A GenEval 2 row (geneval2_data.jsonl: prompt, atom_count, vqa_list [[question, answer]], skills): exactly the
    row's questions and answers, its skills as the atoms' kinds; spans where the probe's words are in the prompt."""
    return SceneGraph(
        r["prompt"],
        [],
        [],
        [
            Atom(skill, q, str(a), _spans_of(r["prompt"], q), detail=skill)
            for (q, a), skill in zip(r["vqa_list"], r["skills"])
        ],
        "geneval2",
    )


def read_geneval(r: dict) -> SceneGraph:
    """A GenEval row (evaluation_metadata.jsonl) into atoms:
        include {class, count: n}            object  "Are there any Xs in the image?"        Yes
        ... with exclude {class, count: n+1} count   "How many Xs are in the image?"          n (exact, as GenEval)
        include {..., color: c}              color   "Is the X c?" / "Are the Xs c?"           Yes
        include {..., position: [rel, j]}    position "Is the X to the left of the Y?"         Yes (rel of include j)
    An include of count n > 1 with no exclude of n + 1 is not a GenEval row (InputError)."""
    inc, exact = r["include"], {(e["class"], e["count"]) for e in r.get("exclude", [])}
    ents = [
        Entity(o["class"], o["count"], [["color", o["color"]]] if "color" in o else []) for o in inc
    ]
    atoms = []
    for i, o in enumerate(inc):
        many, be = EVERYDAY.plural(o["class"]), ("Is the" if o["count"] == 1 else "Are the")
        the = o["class"] if o["count"] == 1 else many
        atoms.append(
            Atom("object", f"Are there any {many} in the image?", "Yes", [], i, detail="object")
        )
        if (o["class"], o["count"] + 1) in exact:
            atoms.append(
                Atom(
                    "count",
                    f"How many {many} are in the image?",
                    NUMBERS[o["count"]],
                    [],
                    i,
                    value=o["count"],
                    detail="count",
                )
            )
        elif o["count"] > 1:
            raise InputError(
                f"GenEval row {r['prompt']!r}: count {o['count']} of {o['class']} with no exclude"
            )
        if "color" in o:
            atoms.append(
                Atom(
                    "attribute",
                    f"{be} {the} {o['color']}?",
                    "Yes",
                    [],
                    i,
                    value=o["color"],
                    detail="color",
                )
            )
        if "position" in o:
            rel, j = o["position"]
            other = inc[j]["class"] if inc[j]["count"] == 1 else EVERYDAY.plural(inc[j]["class"])
            phrase = EVERYDAY.relations.get(rel, (rel,))[-1]
            atoms.append(
                Atom(
                    "relation",
                    f"{be} {the} {phrase} the {other}?",
                    "Yes",
                    [],
                    i,
                    j,
                    rel,
                    detail="position",
                )
            )
    for a in atoms:
        a.spans = _spans_of(r["prompt"], a.question)
    return SceneGraph(r["prompt"], ents, [], atoms, "geneval")


# ---------------------------------------------------------------- files
def _row(line: str) -> SceneGraph:
    """One JSON line, told apart by its keys: an atoms.jsonl row, GenEval 2's or GenEval's."""
    d = json.loads(line)
    if not isinstance(d, dict) or not {"atoms", "vqa_list", "include"} & set(d):
        raise InputError(
            "is a JSON line with neither atoms (atoms.jsonl), vqa_list (GenEval 2) nor include (GenEval)"
        )
    return (
        SceneGraph.from_json(line)
        if "atoms" in d
        else read_geneval2(d)
        if "vqa_list" in d
        else read_geneval(d)
    )


def graph_lines(path: str, llm=None):
    """Any prompt file, line by line: [(line number, graph)] of the lines that give one, [(line number, line, why)] of
    every other; JSON lines (`_row`) if the first line is one, else a prompt a line (`read_prompt`, then `llm`)."""
    lines = [
        (n, line.strip()) for n, line in enumerate(open(path, encoding="utf-8"), 1) if line.strip()
    ]
    rows = bool(lines) and lines[0][1].startswith("{")  # JSON lines, told by the first line
    good, bad = [], []
    for n, text in lines:
        try:
            good.append((n, _row(text) if rows else read_prompt(text)))
        # InputError and JSONDecodeError are ValueErrors
        except (KeyError, TypeError, ValueError) as e:
            why = (
                f"is not JSON ({e.msg}: column {e.colno})"
                if isinstance(e, json.JSONDecodeError)
                else f"has no {e} key"
                if isinstance(e, KeyError)
                else str(e.args[0] if e.args else e)
            )
            try:
                good.append((n, llm(text))) if llm and not rows else bad.append((n, text, why))
            except InputError as e2:
                bad.append((n, text, f"{why}; the LLM failed too: {e2.args[0]}"))
    return good, bad


def read_graphs(path: str, llm=None) -> list[SceneGraph]:
    """Any prompt file as graphs (`graph_lines`). Raises InputError listing every line that gives no atoms."""
    if not os.path.isfile(path):
        raise InputError(f"{path}: no such file")
    good, bad = graph_lines(path, llm)
    if not good + bad:
        raise InputError(f"{path} holds no prompts")
    if bad:
        raise InputError(
            f"{path}: {len(bad)} of {len(good + bad)} lines give no atoms (atoms come from python -m "
            "support.pool, GenEval 2 / GenEval files, the generator's grammar, or --llm-path DIR):\n"
            + "\n".join(f"line {n}: {why}" for n, _, why in bad)
        )
    return [g for _, g in good]


# ---------------------------------------------------------------- cast_csg's command line


def csg_args(argv, description: str) -> argparse.Namespace:
    """cast_csg's two commands, parsed (`description`: its docstring): `read FILE --out atoms.jsonl [--llm-path
    DIR]` and `show PROMPT`."""
    ap = argparse.ArgumentParser(
        description=description, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("read", help="a benchmark or prompt file -> atoms.jsonl")
    r.add_argument("file")
    r.add_argument("--out", required=True)
    r.add_argument("--llm-path", help="local instruction-tuned LLM for lines outside the grammar")
    s = sub.add_parser("show", help="one prompt of the grammar: its atoms")
    s.add_argument("prompt")
    return ap.parse_args(argv)


def print_atoms(graph: SceneGraph) -> None:
    """One line an atom: its kind, question, expected answer and the prompt words it spans."""
    for a in graph.atoms:
        print(f"{a.kind:9} {a.question:55} {a.answer:6} {[graph.prompt[s:e] for s, e in a.spans]}")
