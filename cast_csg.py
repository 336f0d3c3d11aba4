"""cast_csg.py: Causal Scene Graphs as CAST builds its data (Sec. 4.1): sample a graph, render it to a prompt, and
emit every atom with its VQA probe, its expected answer and the prompt words that state it.

A graph is entities (a noun, an exact count, attributes of named kinds) and relations between adjacent entities (a
place, "left of"; or an action, "chasing"). Each node, attribute and edge is one atom, a probe in GenEval 2's forms:
    object     "Are there any dogs in the image?"      Yes      spans: the noun
    count      "How many dogs are in the image?"        three    spans: the number word, the noun
    attribute  "Are the dogs red?"                      Yes      spans: the attribute word, the noun
    relation   "Are the dogs behind the cat?"           Yes      spans: the relation words, both nouns   (or action)
The graph comes first and the text second, so all atoms and their spans are fixed before any image exists:
`sample_graph` + `render` (the generator, for a Vocabulary: EVERYDAY for real backbones, SHAPES for the shapes world).
Graphs from files are read by support/prompt_files.py: `read_prompt` (the renderer's inverse, exactly, else
InputError), `read_geneval2` and `read_geneval` (a benchmark's own atoms), `read_graphs` (any prompt file); free text
by a local LLM: support/llm_graphs.py. atoms.jsonl holds one graph a line (`write_atoms`).

    python cast_csg.py read geneval2_data.jsonl --out atoms.jsonl        # or evaluation_metadata.jsonl, or prompts.txt
    python cast_csg.py show "two red circles to the left of a blue square"
    python -m support.pool --train 1024 --dev 256 --test 256 --out data/pool   # generated train / dev / test files
"""

from __future__ import annotations

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
    # the object atoms it presupposes (data; never a gate)
    parents: list[int] = field(default_factory=list)


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
        ents = []
        for e in d.get("entities", []):  # JSON's lists back to the spans' tuples
            e = {**e, "span": tuple(e["span"]), "count_span": tuple(e["count_span"])}
            ents.append(Entity(**{**e, "attribute_spans": spans(e["attribute_spans"])}))
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
    # canonical verb -> ways to write it; subject must be an agent
    actions: dict = field(default_factory=dict)
    agents: tuple[str, ...] = ()
    plurals: dict = field(default_factory=dict)  # irregular plurals
    counts: tuple[int, ...] = (1, 2, 3)
    one_words: tuple[str, ...] = ("a", "one")
    # how many entities a graph has (drawn uniformly from this)
    entities: tuple[int, ...] = (1, 2, 3)
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


def word_list(text: str) -> tuple[str, ...]:
    """A vocabulary's words written as one string: "cat, teddy bear" -> ("cat", "teddy bear")."""
    return tuple(text.split(", "))


ANIMALS = word_list(
    "cat, dog, horse, cow, sheep, rabbit, bear, lion, elephant, giraffe, zebra, monkey, penguin, "
    "owl, duck, fox, deer, frog, turtle, pig, goat, mouse, squirrel, parrot"
)
EVERYDAY = Vocabulary(
    "everyday",
    nouns=ANIMALS
    + word_list(
        "chair, table, lamp, cup, bottle, book, clock, umbrella, bicycle, car, bus, truck, boat, "
        "guitar, violin, drum, backpack, suitcase, vase, bowl, candle, teddy bear, pumpkin, apple, "
        "banana, donut, cake, kite, ball, hat, shoe, laptop, box, bench"
    ),
    attributes={
        "color": word_list(
            "red, orange, yellow, green, blue, purple, pink, brown, black, white, gray"
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


# "mice" -> "mouse"
IRREGULAR = {p: n for v in VOCABULARIES.values() for n, p in v.plurals.items() if p != n}


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
    per = vocab.attributes_per_entity
    return n * (2 + min(per)), n * (2 + max(per)) + n - 1


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
        # the shapes world: one each, then the spare instances at random
        if vocab.max_instances < UNLIMITED:
            counts = [1] * n
            for _ in range(rng.randint(0, vocab.max_instances - n)):
                counts[rng.randrange(n)] += 1
        else:
            counts = [rng.choice(vocab.counts) for _ in range(n)]
        entities = []
        for c in counts:
            noun = rng.choice(vocab.nouns)
            how_many = min(rng.choice(vocab.attributes_per_entity), len(vocab.attributes))
            kinds = rng.sample(list(vocab.attributes), how_many)
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
                words = rng.choice(forms)
                relations.append(
                    Relation(i, rel, i + 1, words, "action" if rel in acts else "relation")
                )
        # object + count + attributes, links
        k = sum(2 + len(e.attributes) for e in entities) + len(relations)
        if (k == want) if want is not None else min_atoms <= k <= max_atoms:
            prefix = PREFIX if rng.random() < vocab.prefix_rate else ""
            return render(SceneGraph("", entities, relations, prefix=prefix), vocab)
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
            comma = vocab.comma_and and any(r.subject < i for r in graph.relations)
            text += ", and " if comma else " and "
    graph.prompt = text
    return atomize(graph, vocab)


def atomize(graph: SceneGraph, vocab: Vocabulary) -> SceneGraph:
    """Every node, attribute and edge of a spanned graph becomes its probe (GenEval 2's question forms)."""
    ents = graph.entities
    atoms, object_atom = [], []
    shared = {e.noun for e in ents if sum(o.noun == e.noun for o in ents) > 1}

    # a noun two entities share is named with its first attribute ("red circles")
    def name(e, article=True):
        noun = f"{e.attributes[0][1]} {e.noun}" if e.noun in shared and e.attributes else e.noun
        many = vocab.plural(noun) if e.count > 1 or not article else noun
        return ("Is" if e.count == 1 else "Are", f"the {many}") if article else many

    for i, e in enumerate(ents):
        obj = len(atoms)  # its object atom, which its other atoms presuppose
        object_atom.append(obj)
        many, (be, the) = name(e, False), name(e)
        atoms.append(Atom("object", f"Are there any {many} in the image?", "Yes", [e.span], i))
        q, spans = f"How many {many} are in the image?", [e.count_span, e.span]
        atoms.append(Atom("count", q, NUMBERS[e.count], spans, i, value=e.count, parents=[obj]))
        for (kind, word), span in zip(e.attributes, e.attribute_spans):
            q = f"Is any {e.noun} {word}?" if e.noun in shared else f"{be} {the} {word}?"
            spans = [span, e.span]
            atoms.append(
                Atom("attribute", q, "Yes", spans, i, value=word, detail=kind, parents=[obj])
            )
    for r in graph.relations:
        be, the = name(ents[r.subject])
        phrase = vocab.relations[r.relation][-1] if r.kind == "relation" else r.relation
        q = f"{be} {the} {phrase} {name(ents[r.target])[1]}?"
        spans = [r.span, ents[r.subject].span, ents[r.target].span]
        parents = [object_atom[r.subject], object_atom[r.target]]
        atoms.append(
            Atom(r.kind, q, "Yes", spans, r.subject, r.target, r.relation, parents=parents)
        )
    graph.atoms = atoms
    return graph


def main(argv=None) -> int:
    """`read FILE --out atoms.jsonl`: a benchmark or prompt file's scene graphs, written; `show PROMPT`: one prompt
    of the grammar's atoms, printed. A bad input is its message and exit code 1."""
    # here, not at the top: the prompt files' readers and the LLM route are ours, not the method
    from support.prompt_files import csg_args, print_atoms, read_graphs, read_prompt

    args = csg_args(argv, __doc__)
    try:
        if args.cmd == "read":
            from support.llm_graphs import LLMGraphs

            graphs = read_graphs(args.file, LLMGraphs(args.llm_path) if args.llm_path else None)
            write_atoms(args.out, graphs)
            print(
                f"wrote {len(graphs)} graphs ({sum(len(g.atoms) for g in graphs)} atoms) to {args.out}"
            )
        else:
            print_atoms(read_prompt(args.prompt))
    except InputError as e:
        print(f"error: {e.args[0]}", file=sys.stderr)
        return 1
    return 0


# registered as cast_csg too: support/prompt_files and support/llm_graphs then share this InputError
if __name__ == "__main__":
    sys.exit(sys.modules.setdefault("cast_csg", sys.modules[__name__]).main())
