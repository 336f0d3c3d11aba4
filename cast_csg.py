"""cast_csg.py: prompts into causal scene graphs of verifiable atoms.

(The rule parser is being written; this file currently holds the data structures of the
contract in ../shared/DESIGN.md so the other files can be built against them.)
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field


class CSGError(ValueError):
    """A prompt the rules cannot place; the message names the word and its position."""


@dataclass
class Obj:
    noun: str                      # singular lemma; multi-word nouns stay whole ("teddy bear")
    count: int                     # exact count ("a cat" is 1)
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

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, line: str) -> "SceneGraph":
        d = json.loads(line)
        objects = [Obj(o["noun"], o["count"], list(o["attributes"]), tuple(o["span"])) for o in d["objects"]]
        atoms = [Atom(a["id"], a["kind"], a["subject"], a["value"], a["target"], list(a["parents"]),
                      a["question"], [tuple(s) for s in a["spans"]]) for a in d["atoms"]]
        return cls(d["prompt"], objects, atoms)
