"""cast_csg.py: Causal Scene Graphs as CAST builds its data (Sec. 4.1): sample a graph, render it to a prompt, and
emit every atom with its VQA probe, its expected answer and the prompt words that state it.

A graph is entities (a noun, an exact count, attributes of named kinds) and relations between adjacent entities (a
place, "left of"; or an action, "chasing"). Each node, attribute and edge is one atom, a probe in GenEval 2's forms:
    object     "Are there any dogs in the image?"      Yes      spans: the noun
    count      "How many dogs are in the image?"        three    spans: the number word, the noun
    attribute  "Are the dogs red?"                      Yes      spans: the attribute word, the noun
    relation   "Are the dogs behind the cat?"           Yes      spans: the relation words, both nouns   (or action)
The graph comes first and the text second, so all atoms and their spans are fixed before any image exists:
`sample_graph` + `render` (the generator, for a Vocabulary: EVERYDAY for real backbones, SHAPES for the shapes world);
`read_geneval2`, `read_geneval` (a benchmark's own atoms); `read_prompt` (the renderer's inverse, exactly, else
InputError); free text by a local LLM: support/llm_graphs.py. atoms.jsonl holds one graph a line.

    python cast_csg.py read geneval2_data.jsonl --out atoms.jsonl        # or evaluation_metadata.jsonl, or prompts.txt
    python cast_csg.py show "two red circles to the left of a blue square"
    python -m support.pool --train 1024 --dev 256 --test 256 --out data/pool   # generated train / dev / test files
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
from dataclasses import dataclass, field

NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
PREFIX = "a photo of "  # GenEval's frame: no atom of its own
SUFFIX = " Answer in one word."  # Soft-TIFA's ask (cast_reward, Eq. 4); support/build/shapes_vlm trains on it
UNLIMITED = 99  # Vocabulary.max_instances when the image holds any number


class InputError(ValueError):
    """An input that cannot be used (a prompt without atoms, a bad file, flag or checkpoint), each problem named."""


# ---------------------------------------------------------------- the graph as data
@dataclass
class Entity:
    noun: str  # singular ("teddy bear")
    count: int  # exact
    attributes: list[list[str]] = field(default_factory=list)  # [[kind, word], ...] in prompt order
    count_word: str = ""  # as written: "a", "an", "one", "three"
    span: tuple[int, int] = (0, 0)  # the noun in the prompt
    count_span: tuple[int, int] = (0, 0)
    attribute_spans: list[tuple[int, int]] = field(default_factory=list)


@dataclass
class Relation:
    subject: int  # entity indices
    relation: str  # canonical: "left of", "chasing"
    target: int
    words: str = ""  # as written: "to the left of"
    kind: str = "relation"  # "relation" (a place) | "action"
    span: tuple[int, int] = (0, 0)


@dataclass
class Atom:
    kind: str  # object | count | attribute | relation | action (| a benchmark skill)
    question: str
    answer: str  # "Yes", "No", or a number word
    spans: list[tuple[int, int]]
    entity: int | None = None  # the entity it checks (None for a benchmark atom)
    target: int | None = None  # a relation's other entity
    value: object = None  # count (int), attribute word, relation
    detail: str = ""  # an attribute's kind ("color"), a benchmark's skill
    parents: list[int] = field(
        default_factory=list
    )  # the object atoms it presupposes (data; never a gate)


@dataclass
class SceneGraph:
    prompt: str
    entities: list[Entity]
    relations: list[Relation]
    atoms: list[Atom] = field(default_factory=list)
    source: str = "generated"  # generated | grammar | geneval2 | geneval | llm
    prefix: str = ""

    def to_json(self) -> str:
        return json.dumps(
            {
                "prompt": self.prompt,
                "atoms": [vars(a) for a in self.atoms],
                "source": self.source,
                "entities": [vars(e) for e in self.entities],
                "relations": [vars(r) for r in self.relations],
                "prefix": self.prefix,
            }
        )

    @classmethod
    def from_json(cls, line: str) -> SceneGraph:
        d, spans = json.loads(line), lambda xs: [tuple(x) for x in xs]
        ents = [
            Entity(
                **{
                    **e,
                    "span": tuple(e["span"]),
                    "count_span": tuple(e["count_span"]),
                    "attribute_spans": spans(e["attribute_spans"]),
                }
            )
            for e in d.get("entities", [])
        ]
        rels = [Relation(**{**r, "span": tuple(r["span"])}) for r in d.get("relations", [])]
        atoms = [
            Atom(**{**a, "answer": str(a["answer"]), "spans": spans(a["spans"])})
            for a in d["atoms"]
        ]
        return cls(
            d["prompt"], ents, rels, atoms, d.get("source", "generated"), d.get("prefix", "")
        )


def atom_mask(graphs):
    """bool [N, K]: True where column k is a real atom of graph i. Every [N, K] tensor of scores and advantages is
    laid out so (atoms fill columns 0..len-1; K is the batch's largest atom count; padding scores 0)."""
    import torch

    k = max((len(g.atoms) for g in graphs), default=0)
    return torch.arange(k)[None, :] < torch.tensor([len(g.atoms) for g in graphs])[:, None]


def atom_mean(x, mask):
    """The mean of x [N, K, ...] over each image's real atoms: of scores, its mean atom score (Soft-TIFA AM,
    Flow-GRPO (G2)'s reward); of maps [N, K, h, w], its mean atom map. 0 without atoms."""
    m = mask.bool().reshape(*mask.shape, *[1] * (x.dim() - 2))
    return (x.float() * m).sum(1) / m.sum(1).clamp(min=1)


def write_atoms(path, graphs) -> None:
    """atoms.jsonl, one graph a line, written atomically."""
    with open(f"{path}.tmp", "w") as f:
        f.writelines(g.to_json() + "\n" for g in graphs)
    os.replace(f"{path}.tmp", path)


# ---------------------------------------------------------------- vocabularies: what a generator may say
@dataclass(frozen=True)
class Vocabulary:
    name: str
    nouns: tuple[str, ...]
    attributes: dict  # kind -> words, rendered in this order before the noun
    relations: dict  # canonical -> the ways to write it
    actions: dict = field(
        default_factory=dict
    )  # canonical verb -> ways to write it; subject must be an agent
    agents: tuple[str, ...] = ()
    plurals: dict = field(default_factory=dict)  # irregular plurals
    counts: tuple[int, ...] = (1, 2, 3)
    one_words: tuple[str, ...] = ("a", "one")
    entities: tuple[int, ...] = (
        1,
        2,
        3,
    )  # how many entities a graph has (drawn uniformly from this)
    max_instances: int = UNLIMITED  # objects drawn in all (the shapes image holds three)
    attributes_per_entity: tuple[int, ...] = (0, 1)
    link_rate: float = 0.8  # chance that adjacent entities are related
    distinct_nouns: bool = True  # else entities differ by noun or first attribute
    prefix_rate: float = 0.0
    comma_and: bool = True  # ", and" after a relation chain
    uniform_atoms: bool = True  # atom counts uniform over [min, max] (else as they fall)

    def plural(self, noun: str) -> str:
        if noun in self.plurals:
            return self.plurals[noun]
        head, _, last = noun.rpartition(" ")
        last = (
            last + "es"
            if last.endswith(("s", "x", "z", "ch", "sh"))
            else last[:-1] + "ies"
            if last.endswith("y") and last[-2:-1] not in "aeiou"
            else last + "s"
        )
        return f"{head} {last}".strip()

    def kind_of(self, word: str):
        return next((k for k, ws in self.attributes.items() if word in ws), None)


ANIMALS = (
    "cat",
    "dog",
    "horse",
    "cow",
    "sheep",
    "rabbit",
    "bear",
    "lion",
    "elephant",
    "giraffe",
    "zebra",
    "monkey",
    "penguin",
    "owl",
    "duck",
    "fox",
    "deer",
    "frog",
    "turtle",
    "pig",
    "goat",
    "mouse",
    "squirrel",
    "parrot",
)
EVERYDAY = Vocabulary(
    "everyday",
    nouns=ANIMALS
    + (
        "chair",
        "table",
        "lamp",
        "cup",
        "bottle",
        "book",
        "clock",
        "umbrella",
        "bicycle",
        "car",
        "bus",
        "truck",
        "boat",
        "guitar",
        "violin",
        "drum",
        "backpack",
        "suitcase",
        "vase",
        "bowl",
        "candle",
        "teddy bear",
        "pumpkin",
        "apple",
        "banana",
        "donut",
        "cake",
        "kite",
        "ball",
        "hat",
        "shoe",
        "laptop",
        "box",
        "bench",
    ),
    attributes={
        "color": (
            "red",
            "orange",
            "yellow",
            "green",
            "blue",
            "purple",
            "pink",
            "brown",
            "black",
            "white",
            "gray",
        ),
        "pattern": ("striped", "spotted", "checkered", "plaid"),
        "material": ("wooden", "metal", "glass", "plastic", "stone", "paper"),
    },
    relations={
        "left of": ("to the left of",),
        "right of": ("to the right of",),
        "above": ("above",),
        "below": ("below",),
        "in front of": ("in front of",),
        "behind": ("behind",),
        "on top of": ("on top of",),
        "under": ("under",),
    },
    actions={
        "chasing": ("chasing",),
        "jumping over": ("jumping over",),
        "playing with": ("playing with",),
    },
    agents=ANIMALS,
    plurals={"sheep": "sheep", "deer": "deer", "mouse": "mice"},
    counts=(1, 1, 1, 2, 3, 4, 5, 6, 7),
    one_words=("a", "a", "one"),
    entities=(1, 2, 3),
    attributes_per_entity=(0, 1, 1, 2),
    prefix_rate=0.1,
)

SHAPES = Vocabulary(  # the shapes world: its text encoder's words, its renderer's limits
    "shapes",
    nouns=("circle", "square", "triangle"),
    attributes={"color": ("red", "green", "blue", "yellow")},
    relations={
        "left of": ("left of", "to the left of"),
        "right of": ("right of", "to the right of"),
        "above": ("above",),
        "below": ("below",),
    },
    counts=(1, 2, 3),
    entities=(1, 1, 2, 2, 3),
    max_instances=3,
    attributes_per_entity=(1,),
    link_rate=0.8,
    distinct_nouns=False,
    comma_and=False,
    uniform_atoms=False,
)
VOCABULARIES = {v.name: v for v in (SHAPES, EVERYDAY)}


IRREGULAR = {
    p: n for v in VOCABULARIES.values() for n, p in v.plurals.items() if p != n
}  # "mice" -> "mouse"


def normalize(prompt: str) -> str:
    """A prompt as compared for disjointness (the training pool is disjoint from the benchmarks and the held-out
    prompts in exact and normalized form, Sec. 5): lower case, no punctuation or articles, numbers as words, plurals
    singular. "Two red circles." is "two red circle"."""
    out = []
    for w in re.findall(r"[a-z0-9]+", prompt.lower()):
        w = NUMBERS[int(w)] if w.isdigit() and int(w) < len(NUMBERS) else IRREGULAR.get(w, w)
        if w in ("a", "an", "the"):
            continue
        if len(w) > 4 and w.endswith("ies"):
            w = w[:-3] + "y"
        elif len(w) > 4 and w.endswith(("ches", "shes", "sses", "xes", "zes")):
            w = w[:-2]
        elif len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
            w = w[:-1]
        out.append(w)
    return " ".join(out)


# ---------------------------------------------------------------- the generator
def atom_range(vocab: Vocabulary, n: int) -> tuple[int, int]:
    """The fewest and most atoms a graph of n entities can have (object + count + attributes each, n − 1 links)."""
    return n * (2 + min(vocab.attributes_per_entity)), n * (
        2 + max(vocab.attributes_per_entity)
    ) + n - 1


def same_thing(entities, vocab: Vocabulary) -> bool:
    """Would one reading of the probes fit two entities? (same noun; in the shapes world same noun and color)"""
    names = [
        e.noun if vocab.distinct_nouns else (e.noun, e.attributes[:1] and e.attributes[0][1])
        for e in entities
    ]
    return len(set(names)) < len(names)


def sample_graph(
    rng: random.Random, vocab: Vocabulary = EVERYDAY, min_atoms: int = 3, max_atoms: int = 10
):
    """A graph of the vocabulary with min_atoms..max_atoms atoms, rendered (so it has its prompt and atoms)."""
    lo, hi = atom_range(vocab, min(vocab.entities))[0], atom_range(vocab, max(vocab.entities))[1]
    if max_atoms < max(lo, min_atoms) or min_atoms > hi:
        raise InputError(
            f"the {vocab.name} vocabulary makes graphs of {lo} to {hi} atoms, not {min_atoms}-{max_atoms}"
        )
    want = rng.randint(max(min_atoms, lo), min(max_atoms, hi)) if vocab.uniform_atoms else None
    fits = [
        n
        for n in vocab.entities
        if want is None or atom_range(vocab, n)[0] <= want <= atom_range(vocab, n)[1]
    ]
    for _ in range(10000):
        n = rng.choice(fits)
        if (
            vocab.max_instances < UNLIMITED
        ):  # the shapes world: one each, then the spare instances at random
            counts = [1] * n
            for _ in range(rng.randint(0, vocab.max_instances - n)):
                counts[rng.randrange(n)] += 1
        else:
            counts = [rng.choice(vocab.counts) for _ in range(n)]
        entities = []
        for c in counts:
            noun = rng.choice(vocab.nouns)
            kinds = rng.sample(
                list(vocab.attributes),
                min(rng.choice(vocab.attributes_per_entity), len(vocab.attributes)),
            )
            attrs = [[k, rng.choice(vocab.attributes[k])] for k in vocab.attributes if k in kinds]
            word = rng.choice(vocab.one_words) if c == 1 else NUMBERS[c]
            entities.append(
                Entity(noun, c, attrs, "an" if word == "a" and noun[0] in "aeiou" else word)
            )
        if same_thing(entities, vocab):
            continue
        relations = []
        for i in range(n - 1):
            if rng.random() < vocab.link_rate:
                acts = list(vocab.actions) if entities[i].noun in vocab.agents else []
                rel = rng.choice(list(vocab.relations) + acts)
                forms = vocab.actions[rel] if rel in vocab.actions else vocab.relations[rel]
                relations.append(
                    Relation(
                        i, rel, i + 1, rng.choice(forms), "action" if rel in acts else "relation"
                    )
                )
        k = sum(2 + len(e.attributes) for e in entities) + len(
            relations
        )  # object + count + attributes, links
        if (k == want) if want is not None else min_atoms <= k <= max_atoms:
            graph = SceneGraph(
                "", entities, relations, prefix=PREFIX if rng.random() < vocab.prefix_rate else ""
            )
            return render(graph, vocab)
    raise InputError(f"no {vocab.name} graph with {min_atoms}-{max_atoms} atoms in 10000 draws")


def render(graph: SceneGraph, vocab: Vocabulary) -> SceneGraph:
    """The graph's prompt, its words' spans recorded while writing, and its atoms (`atomize`)."""
    text = graph.prefix
    linked = {r.subject: r for r in graph.relations}

    def put(words):
        nonlocal text
        start = len(text)
        text += words
        return start, len(text)

    for i, e in enumerate(graph.entities):
        e.count_span = put(e.count_word)
        e.attribute_spans = []
        for _, word in e.attributes:
            text += " "
            e.attribute_spans.append(put(word))
        text += " "
        e.span = put(e.noun if e.count == 1 else vocab.plural(e.noun))
        if i in linked:
            text += " "
            linked[i].span = put(linked[i].words)
            text += " "
        elif i < len(graph.entities) - 1:
            text += (
                ", and "
                if vocab.comma_and and any(r.subject < i for r in graph.relations)
                else " and "
            )
    graph.prompt = text
    return atomize(graph, vocab)


def atomize(graph: SceneGraph, vocab: Vocabulary) -> SceneGraph:
    """Every node, attribute and edge of a spanned graph becomes its probe (GenEval 2's question forms)."""
    ents = graph.entities
    atoms, object_atom = [], []
    shared = {e.noun for e in ents if sum(o.noun == e.noun for o in ents) > 1}

    def name(
        e, article=True
    ):  # a noun two entities share is named with its first attribute ("red circles")
        noun = f"{e.attributes[0][1]} {e.noun}" if e.noun in shared and e.attributes else e.noun
        many = vocab.plural(noun) if e.count > 1 or not article else noun
        return ("Is" if e.count == 1 else "Are", f"the {many}") if article else many

    for i, e in enumerate(ents):
        object_atom.append(len(atoms))
        atoms.append(
            Atom("object", f"Are there any {name(e, False)} in the image?", "Yes", [e.span], i)
        )
        atoms.append(
            Atom(
                "count",
                f"How many {name(e, False)} are in the image?",
                NUMBERS[e.count],
                [e.count_span, e.span],
                i,
                value=e.count,
                parents=[object_atom[i]],
            )
        )
        be, the = name(e)
        for (kind, word), span in zip(e.attributes, e.attribute_spans):
            q = f"Is any {e.noun} {word}?" if e.noun in shared else f"{be} {the} {word}?"
            atoms.append(
                Atom(
                    "attribute",
                    q,
                    "Yes",
                    [span, e.span],
                    i,
                    value=word,
                    detail=kind,
                    parents=[object_atom[i]],
                )
            )
    for r in graph.relations:
        be, the = name(ents[r.subject])
        phrase = vocab.relations[r.relation][-1] if r.kind == "relation" else r.relation
        atoms.append(
            Atom(
                r.kind,
                f"{be} {the} {phrase} {name(ents[r.target])[1]}?",
                "Yes",
                [r.span, ents[r.subject].span, ents[r.target].span],
                r.subject,
                r.target,
                r.relation,
                parents=[object_atom[r.subject], object_atom[r.target]],
            )
        )
    graph.atoms = atoms
    return graph


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
        except (
            KeyError,
            TypeError,
            ValueError,
        ) as e:  # InputError and JSONDecodeError are ValueErrors
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


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("read", help="a benchmark or prompt file -> atoms.jsonl")
    r.add_argument("file")
    r.add_argument("--out", required=True)
    r.add_argument("--llm-path", help="local instruction-tuned LLM for lines outside the grammar")
    s = sub.add_parser("show", help="one prompt of the grammar: its atoms")
    s.add_argument("prompt")
    args = ap.parse_args(argv)
    try:
        if args.cmd == "read":
            from support.llm_graphs import (
                LLMGraphs,
            )  # here, not at the top: the LLM route is ours, not the method

            graphs = read_graphs(args.file, LLMGraphs(args.llm_path) if args.llm_path else None)
            write_atoms(args.out, graphs)
            print(
                f"wrote {len(graphs)} graphs ({sum(len(g.atoms) for g in graphs)} atoms) to {args.out}"
            )
        else:
            g = read_prompt(args.prompt)
            for a in g.atoms:
                print(
                    f"{a.kind:9} {a.question:55} {a.answer:6} {[g.prompt[s:e] for s, e in a.spans]}"
                )
    except InputError as e:
        print(f"error: {e.args[0]}", file=sys.stderr)
        return 1
    return 0


if (
    __name__ == "__main__"
):  # registered as cast_csg too: support/llm_graphs then shares this InputError
    sys.exit(sys.modules.setdefault("cast_csg", sys.modules[__name__]).main())
