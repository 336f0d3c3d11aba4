"""cast_csg: the generator's atoms state their facts, the grammar reads every render back, benchmark files give
exactly their own atoms, the LLM route validates, and pools are disjoint."""

import json
import random
import subprocess
import sys

import pytest

import cast_csg as csg
from cast_csg import EVERYDAY, SHAPES, InputError, normalize
from support import prompt_files
from support.llm_graphs import LLMGraphs, graph_from_json
from support.prompt_files import read_prompt

DATA = "tests/data"


def said(graph, span):
    return graph.prompt[span[0] : span[1]]


@pytest.mark.parametrize("vocab", [SHAPES, EVERYDAY], ids=lambda v: v.name)
def test_ten_thousand_graphs_spans_state_their_facts_and_read_back(vocab):
    rng, sizes = random.Random(1), set()
    for _ in range(10000):
        g = csg.sample_graph(rng, vocab)
        sizes.add(len(g.atoms))
        assert read_prompt(g.prompt, vocab).to_json() == g.to_json().replace(
            '"generated"', '"grammar"'
        )
        for a in g.atoms:
            assert all(0 <= s < e <= len(g.prompt) for s, e in a.spans)
            e = g.entities[a.entity]
            noun = said(
                g,
                a.spans[-1]
                if a.kind in ("count", "attribute")
                else a.spans[0 if a.kind == "object" else 1],
            )
            assert noun == (e.noun if e.count == 1 else vocab.plural(e.noun))
            if a.kind == "count":
                assert said(g, a.spans[0]) == e.count_word and a.answer == csg.NUMBERS[e.count]
                assert e.count_word in (
                    ("a", "an", "one") if e.count == 1 else (csg.NUMBERS[e.count],)
                )
            if a.kind == "attribute":
                assert said(g, a.spans[0]) == a.value and [a.detail, a.value] in e.attributes
            if a.kind in ("relation", "action"):
                rel = next(r for r in g.relations if (r.subject, r.target) == (a.entity, a.target))
                assert said(g, a.spans[0]) == rel.words and rel.relation == a.value
                t = g.entities[a.target]
                assert said(g, a.spans[2]) == (t.noun if t.count == 1 else vocab.plural(t.noun))
        names = [
            e.noun if vocab.distinct_nouns else (e.noun, e.attributes[0][1]) for e in g.entities
        ]
        assert len(set(names)) == len(names)  # no reading could mean another entity
        assert sum(e.count for e in g.entities) <= vocab.max_instances
    assert sizes == set(range(3, 11)) if vocab is EVERYDAY else sizes <= set(range(3, 11))


def test_shapes_vocabulary_keeps_the_worlds_limits():
    from support.shapes import SHAPES_VOCAB

    rng = random.Random(0)
    for _ in range(2000):
        g = csg.sample_graph(rng, SHAPES)
        assert len(g.entities) <= 3 and all(1 <= e.count <= 3 for e in g.entities)
        assert set(
            prompt_files._words(g.prompt)[i][0] for i in range(len(prompt_files._words(g.prompt)))
        ) <= set(SHAPES_VOCAB)
        assert {r.relation for r in g.relations} <= {"left of", "right of", "above", "below"}
    with pytest.raises(InputError, match="3 to 11 atoms"):
        csg.sample_graph(rng, SHAPES, 12, 14)


def test_probes_in_geneval2_forms():
    g = read_prompt("two red circles to the left of a blue square")
    assert [(a.kind, a.question, a.answer) for a in g.atoms] == [
        ("object", "Are there any circles in the image?", "Yes"),
        ("count", "How many circles are in the image?", "two"),
        ("attribute", "Are the circles red?", "Yes"),
        ("object", "Are there any squares in the image?", "Yes"),
        ("count", "How many squares are in the image?", "one"),
        ("attribute", "Is the square blue?", "Yes"),
        ("relation", "Are the circles to the left of the square?", "Yes"),
    ]
    assert [[said(g, s) for s in a.spans] for a in g.atoms][-1] == [
        "to the left of",
        "circles",
        "square",
    ]
    cats = read_prompt("a photo of three striped cats chasing a dog")
    assert (
        cats.prefix == "a photo of " and cats.atoms[-1].question == "Are the cats chasing the dog?"
    )
    assert cats.atoms[-1].kind == "action" and cats.atoms[2].detail == "pattern"
    shared = read_prompt("a red circle and a blue circle")  # one noun, two entities: named by color
    assert shared.atoms[0].question == "Are there any red circles in the image?"


@pytest.mark.parametrize(
    "prompt, word",
    [
        ("two red circle", "'circle'"),
        ("red circles", "'red'"),
        ("a dog sleeping", "'sleeping'"),
        ("a red circle next to a square", "'next'"),
        ("a chair chasing a dog", "'chasing'"),
        ("a red circle and a red circle", "same thing"),
        ("a purple unicorn", "'unicorn'"),
    ],
)
def test_outside_the_grammar_is_refused_naming_the_word(prompt, word):
    with pytest.raises(InputError, match=word):
        read_prompt(prompt)


def test_geneval2_rows_give_exactly_the_files_atoms():
    graphs = prompt_files.read_graphs(f"{DATA}/geneval2_sample.jsonl")
    rows = [json.loads(line) for line in open(f"{DATA}/geneval2_sample.jsonl")]
    assert len(graphs) == len(rows)
    for g, r in zip(graphs, rows):
        assert g.source == "geneval2" and g.prompt == r["prompt"]
        assert [[a.question, a.answer] for a in g.atoms] == r["vqa_list"]
        assert [a.kind for a in g.atoms] == r["skills"]
    g = graphs[-1]  # "... a koala playing with two dogs": spans on its words
    verb = next(a for a in g.atoms if a.kind == "verb")
    assert [said(g, s) for s in verb.spans] == ["koala", "playing", "with", "dogs"]


def test_geneval_rows_give_object_exact_count_color_and_position_atoms():
    graphs = prompt_files.read_graphs(f"{DATA}/geneval_sample.jsonl")
    table = [[(a.detail, a.question, a.answer) for a in g.atoms] for g in graphs]
    assert table[0] == [("object", "Are there any bananas in the image?", "Yes")]
    assert table[1] == [
        ("object", "Are there any cups in the image?", "Yes"),
        ("count", "How many cups are in the image?", "three"),
    ]
    assert table[2] == [
        ("object", "Are there any giraffes in the image?", "Yes"),
        ("color", "Is the giraffe brown?", "Yes"),
        ("object", "Are there any wine glasses in the image?", "Yes"),
        ("color", "Is the wine glass white?", "Yes"),
    ]
    assert table[3][-1] == ("position", "Is the dog to the right of the bench?", "Yes")
    assert [said(graphs[2], s) for s in graphs[2].atoms[3].spans] == ["white", "wine", "glass"]


def test_llm_route_validates_repairs_once_and_builds_the_probes():
    prompt = "a fluffy corgi naps beside three orange pumpkins"
    good = {
        "entities": [
            {
                "text": "corgi",
                "noun": "corgi",
                "count": 1,
                "count_text": "a",
                "attributes": [{"kind": "texture", "text": "fluffy"}],
            },
            {
                "text": "pumpkins",
                "noun": "pumpkin",
                "count": 3,
                "count_text": "three",
                "attributes": [{"kind": "color", "text": "orange"}],
            },
        ],
        "relations": [{"subject": 0, "target": 1, "text": "beside", "kind": "relation"}],
    }
    bad = {"entities": [{"text": "cat", "count": 1}]}
    replies = iter(["Sure! " + json.dumps(bad), json.dumps(good)])
    seen = []
    llm = LLMGraphs(generate=lambda text: seen.append(text) or next(replies))
    g = llm(prompt)
    assert "'cat' is not in the prompt" in seen[1] and "Description:" in seen[0]
    assert (
        g.source == "llm"
        and [a.question for a in g.atoms][-1] == "Is the corgi beside the pumpkins?"
    )
    assert (
        g.atoms[1].answer == "one"
        and g.atoms[4].answer == "three"
        and g.atoms[2].detail == "texture"
    )
    never = LLMGraphs(generate=lambda text: "no json here")
    with pytest.raises(InputError, match="not JSON"):
        never(prompt)
    with pytest.raises(InputError, match="two different entities"):
        graph_from_json(
            {**good, "relations": [{"subject": 0, "target": 0, "text": "beside"}]}, prompt
        )


def test_atoms_jsonl_roundtrip_and_contract_keys(tmp_path):
    graphs = [csg.sample_graph(random.Random(i), EVERYDAY) for i in range(20)]
    csg.write_atoms(tmp_path / "atoms.jsonl", graphs)
    assert [g.to_json() for g in prompt_files.read_graphs(tmp_path / "atoms.jsonl")] == [
        g.to_json() for g in graphs
    ]
    d = json.loads(open(tmp_path / "atoms.jsonl").readline())
    assert {"prompt", "atoms", "source"} <= set(d)
    assert {"kind", "question", "answer", "spans", "entity", "target", "value"} <= set(
        d["atoms"][0]
    )


def test_normalize():
    assert normalize("A photo of 3 Striped cats, and the dog!") == normalize(
        "photo of three striped cat and dog"
    )
    assert normalize("two boxes") == "two box" and normalize("six mice") == "six mouse"


def test_pool_splits_are_disjoint_from_each_other_and_the_files(tmp_path):
    bench = tmp_path / "bench.jsonl"
    taken = [csg.sample_graph(random.Random("pool/0"), EVERYDAY).prompt]  # the pool's first draw
    bench.write_text("".join(json.dumps({"prompt": p.upper() + "."}) + "\n" for p in taken))
    out = tmp_path / "pool"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "support.pool",
            "--train",
            "300",
            "--dev",
            "60",
            "--test",
            "60",
            "--seed",
            "0",
            "--out",
            str(out),
            "--disjoint-from",
            str(bench),
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "redrawn" in done.stdout and " 0 redrawn" not in done.stdout
    splits = {
        s: [line.strip() for line in open(out / f"{s}.txt")] for s in ("train", "dev", "test")
    }
    assert [len(v) for v in splits.values()] == [300, 60, 60]
    forms = [normalize(p) for v in splits.values() for p in v] + [normalize(taken[0])]
    assert len(set(forms)) == len(forms)
    assert [g.prompt for g in prompt_files.read_graphs(out / "dev.jsonl")] == splits["dev"]


def test_read_command_lists_every_line_it_cannot_read(tmp_path):
    f = tmp_path / "prompts.txt"
    f.write_text(
        "a red circle\na cat that sleeps\nthree wooden chairs under a lamp\nsomething odd\n"
    )
    done = subprocess.run(
        [sys.executable, "cast_csg.py", "read", str(f), "--out", str(tmp_path / "a.jsonl")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    assert (
        "2 of 4 lines give no atoms" in done.stderr
        and "line 2:" in done.stderr
        and "line 4:" in done.stderr
    )
    assert "--llm-path" in done.stderr and "pool" in done.stderr
    f.write_text("a red circle\nthree wooden chairs under a lamp\n")
    ok = subprocess.run(
        [sys.executable, "cast_csg.py", "read", str(f), "--out", str(tmp_path / "a.jsonl")],
        capture_output=True,
        text=True,
    )
    assert (
        ok.returncode == 0
        and [g.source for g in prompt_files.read_graphs(tmp_path / "a.jsonl")] == ["grammar"] * 2
    )


def test_read_command_reports_the_llm_routes_errors(tmp_path):
    """Run as a file, cast_csg is also the module support/llm_graphs imports: its InputError is caught the same."""
    f = tmp_path / "prompts.txt"
    f.write_text("a red circle\n")
    done = subprocess.run(
        [
            sys.executable,
            "cast_csg.py",
            "read",
            str(f),
            "--out",
            str(tmp_path / "a.jsonl"),
            "--llm-path",
            str(tmp_path / "none"),
        ],
        capture_output=True,
        text=True,
    )
    want = f"error: --llm-path {tmp_path / 'none'}: no such folder (models load from a local folder only)\n"
    assert done.returncode == 1 and done.stderr == want, done.stderr


def test_read_command_lists_every_bad_json_line_with_its_own_number(tmp_path, capsys):
    rows = [csg.sample_graph(random.Random(i), EVERYDAY).to_json() for i in range(6)]
    rows[3] = rows[3][:29]  # cut off: json's "line 1 column 30"
    rows[5] = json.dumps(
        {"prompt": "a red circle", "include": [{"class": "cat", "count": 2}]}
    )  # no exclude
    f = tmp_path / "atoms.jsonl"
    f.write_text(
        "\n".join(rows[:2] + [""] + rows[2:]) + "\n"
    )  # a blank line counts in the numbering
    assert csg.main(["read", str(f), "--out", str(tmp_path / "a.jsonl")]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"error: {f}: 2 of 6 lines give no atoms") and len(err) == 3, err
    assert err[1].startswith("line 5: is not JSON (") and err[2] == (
        "line 7: GenEval row 'a red circle': count 2 of cat with no exclude"
    )
    assert not (tmp_path / "a.jsonl").exists()
