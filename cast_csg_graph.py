"""cast_csg_graph.py: the causal scene graph of a prompt, as data: objects, atoms and their parents.

An object is a noun with its exact count and attributes; an atom is one question a VLM (or the shapes verifier) checks
alone, in GenEval 2's Soft-TIFA phrasing: the object is there, its count, each attribute, each relation. Each atom
lists its parents, the object atoms that must hold before it can be judged (DSG's dependencies: CAST's causal scene
graph, which cast_reward.gate reads), and the character spans of the words that ground it (cast_advantage's maps).
cast_csg.py reads prompts into these by rules, cast_csg_llm.py by a local LLM; both end in `build_graph`. The
questions name several things by `plural`, from cast_csg_words' tables.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

import torch

from cast_csg_nouns import PLURALS, VES_PLURALS, compound_end, same_plural

QUESTION_PHRASE = {"left of": "to the left of", "right of": "to the right of"}  # reads better in a question


def plural(noun: str) -> str:
    """The plural of a (possibly multi-word) lemma, for questions: only the head word changes
    (the last word, or the one before "of": "slices of cheese")."""
    words = noun.split()
    k = words.index("of") - 1 if "of" in words[1:] else len(words) - 1
    last = words[k]
    if last in PLURALS or same_plural(last):
        last = PLURALS.get(last, last)
    elif f := compound_end(last, VES_PLURALS.values()):
        last = last[:-len(f)] + next(ves for ves, noun in VES_PLURALS.items() if noun == f)
    elif last.endswith(("s", "x", "z", "ch", "sh")):
        last += "es"
    elif last.endswith("y") and last[-2:-1] not in tuple("aeiou"):
        last = last[:-1] + "ies"
    else:
        last += "s"
    return " ".join(words[:k] + [last] + words[k + 1:])


def be_the(noun: str, count: int | None) -> tuple[str, str]:
    """How a question names an object: ("Is", "the dog") for one, ("Are", "the dogs") for several."""
    return ("Is", f"the {noun}") if count == 1 else ("Are", f"the {plural(noun)}")


class CSGError(ValueError):
    """A prompt the rules cannot place; the message names the word and its character position."""


@dataclass
class Obj:
    noun: str                      # singular lemma; multi-word nouns stay whole ("teddy bear")
    count: int | None              # exact count ("a cat" is 1); None for a bare plural ("dogs"): two or more
    attributes: list[str] = field(default_factory=list)
    span: tuple[int, int] = (0, 0)  # character span of the noun in the prompt


@dataclass
class Atom:
    id: int
    kind: str                      # "object" | "count" | "attribute" | "relation"
    subject: int                   # index into SceneGraph.objects
    value: object = None           # count (int) | attribute word | relation phrase | None
    target: int | None = None      # index into objects for relations, else None
    parents: list[int] = field(default_factory=list)
    question: str = ""
    spans: list[tuple[int, int]] = field(default_factory=list)


@dataclass
class SceneGraph:
    prompt: str
    objects: list[Obj]
    atoms: list[Atom]
    dropped: list[str] = field(default_factory=list)   # words of the prompt no atom checks (a time: "at night")

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, line: str) -> "SceneGraph":
        d = json.loads(line)
        objects = [Obj(o["noun"], o["count"], list(o["attributes"]), tuple(o["span"])) for o in d["objects"]]
        atoms = [Atom(a["id"], a["kind"], a["subject"], a["value"], a["target"], list(a["parents"]),
                      a["question"], [tuple(s) for s in a["spans"]]) for a in d["atoms"]]
        return cls(d["prompt"], objects, atoms, list(d.get("dropped", [])))


def atom_mask(graphs: list[SceneGraph]) -> torch.Tensor:
    """bool [N,K]: True where column k is a real atom of graph i (atoms fill columns 0..len-1). K is the largest
    atom count of the batch: every [N, K] tensor of scores and advantages is laid out so, padding scored 0."""
    k = max((len(g.atoms) for g in graphs), default=0)
    return torch.arange(k)[None, :] < torch.tensor([len(g.atoms) for g in graphs])[:, None]


def build_graph(prompt, objects, attr_spans, relations) -> SceneGraph:
    """Atoms in the team's order: per object its object, count and attribute atoms; then relations."""
    atoms, object_atom = [], []
    for s, obj in enumerate(objects):
        oid, many = len(atoms), plural(obj.noun)
        object_atom.append(oid)
        atoms.append(Atom(oid, "object", s, None, None, [], f"Are there any {many} in the image?", [obj.span]))
        atoms.append(Atom(oid + 1, "count", s, obj.count, None, [oid], f"How many {many} are in the image?",
                          [obj.span]))
        be, name = be_the(obj.noun, obj.count)
        for attr, span in zip(obj.attributes, attr_spans[s]):
            atoms.append(Atom(len(atoms), "attribute", s, attr, None, [oid], f"{be} {name} {attr}?", [span, obj.span]))
    for s, rel, t in relations:
        (be, name), (_, other) = be_the(objects[s].noun, objects[s].count), be_the(objects[t].noun, objects[t].count)
        atoms.append(Atom(len(atoms), "relation", s, rel, t, [object_atom[s], object_atom[t]],
                          f"{be} {name} {QUESTION_PHRASE.get(rel, rel)} {other}?", [objects[s].span, objects[t].span]))
    return SceneGraph(prompt, objects, atoms)
