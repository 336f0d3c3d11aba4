"""cast_csg.py: prompts into causal scene graphs of verifiable atoms.

"six red dogs behind two blue candles" becomes objects (noun, exact count, attributes),
relations, and then *atoms*: questions a VLM (or the shapes verifier) checks one at a time, in
GenEval 2's Soft-TIFA phrasing ("Are there any dogs in the image?", "How many dogs are in the
image?", "Are the dogs red?", "Are the dogs behind the candles?"). Each atom lists its parents,
the object atoms that must hold before it can be judged (DSG's dependencies: CAST's causal
scene graph), and the character spans of the words that ground it, for cast_advantage's maps.

The rule parser reads the compositional English of GenEval, GenEval 2 and the shapes world with
no model, in well under a millisecond. A prompt it cannot place raises CSGError naming the word
and its character position: never a silent partial graph. An optional causal LM from a local
folder (LLMParser) can take over those prompts; validate_graph checks its JSON first.

Run alone:
    python cast_csg.py "six red dogs behind two blue candles"      # print the graph as a tree
    python cast_csg.py --prompts prompts.txt --out atoms.jsonl     # one graph per line
    python cast_csg.py --prompts prompts.txt --out atoms.jsonl --llm /models/Qwen3-1.7B
Reads a prompt or a text file of prompts (one a line) and, with --llm, a local model folder.
Writes atoms.jsonl: one SceneGraph.to_json() per line (the contract in DESIGN.md).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
from dataclasses import asdict, dataclass, field


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

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, line: str) -> "SceneGraph":
        d = json.loads(line)
        objects = [Obj(o["noun"], o["count"], list(o["attributes"]), tuple(o["span"])) for o in d["objects"]]
        atoms = [Atom(a["id"], a["kind"], a["subject"], a["value"], a["target"], list(a["parents"]),
                      a["question"], [tuple(s) for s in a["spans"]]) for a in d["atoms"]]
        return cls(d["prompt"], objects, atoms)


# ---------------------------------------------------------------- the closed vocabularies
# Nouns are open: any words up to the next joiner, relation or number. Everything else the
# parser recognises is in these tables; extend them here and nowhere else.
LEAD_INS = {"photo", "image", "picture", "photograph", "painting", "drawing", "illustration", "render", "sketch"}
NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
           "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
ATTRIBUTES = {
    "color": "red orange yellow green blue purple pink brown black white gray grey silver gold golden "
             "beige cyan turquoise violet",
    "material": "glass metal metallic stone wooden wood plastic paper leather ceramic porcelain rubber "
                "fabric wool woolen marble brick concrete steel iron copper bronze cardboard clay crystal "
                "velvet denim cotton silk",
    "pattern": "striped spotted dotted polka-dot polka-dotted checkered plaid floral sparkling glittery "
               "shiny glossy matte fluffy furry smooth rough wrinkled transparent",
    "size": "big small large tiny huge little tall short long giant miniature",
}
RELATIONS = {  # canonical phrase (the atom's value): the ways prompts write it
    "left of": ["left of", "to the left of", "on the left of", "on the left side of", "to the left side of"],
    "right of": ["right of", "to the right of", "on the right of", "on the right side of", "to the right side of"],
    "above": ["above", "over"], "below": ["below", "beneath"], "under": ["under", "underneath"],
    "on top of": ["on top of", "on the top of", "atop"], "on": ["on"], "in": ["in", "inside", "inside of"],
    "in front of": ["in front of"], "behind": ["behind", "in back of"],
    "next to": ["next to", "beside"], "near": ["near", "close to"],
    **{action: [action] for action in (
        "chasing", "jumping over", "playing with", "riding", "holding", "carrying", "eating", "wearing",
        "pushing", "pulling", "kicking", "hugging", "biting", "feeding", "watching", "looking at",
        "sitting on", "standing on", "lying on", "climbing", "catching", "throwing", "following", "touching",
        "flying over", "leaning against")},
}
_EXAMPLES = "left of, on top of, behind, next to, chasing, jumping over, playing with, riding, ..."  # for errors
QUESTION_PHRASE = {"left of": "to the left of", "right of": "to the right of"}  # reads better in a question
JOINERS = {"and", "with", ","}          # start a new object phrase with no relation ("a dog with a ball")
COPULAS = {"is", "are"}                 # "a dog is chasing a cat" reads as "a dog chasing a cat"
VAGUE_COUNTS = {"some", "several", "many", "few", "multiple", "various", "numerous", "no", "zero",
                "lots", "couple", "pair", "dozen", "group", "bunch"}
FUNCTION_WORDS = {"is", "are", "was", "were", "be", "of", "to", "at", "for", "from", "by", "that", "which",
                  "who", "it", "its", "their", "his", "her", "very", "quite", "there", "this", "these",
                  "those", "or", "but", "than", "as", "so", "while", "also", "not", "into", "onto", "each"}
# Inside a multi-word noun, words ending in -ly/-ing/-ed are usually a verb or adverb that the
# tables do not know ("a dog quickly", "a man standing next to ..."); these are real nouns.
VERB_LIKE_NOUNS = {"building", "painting", "drawing", "ceiling", "earring", "pudding", "dumpling", "string",
                   "spring", "swing", "sling", "clothing", "herring", "duckling", "railing", "lightning",
                   "butterfly", "dragonfly", "firefly", "jelly", "belly", "family", "holly"}
# Plurals: irregular forms, words that do not change, and words that only look plural.
PLURALS = {"mouse": "mice", "person": "people", "child": "children", "man": "men", "woman": "women",
           "goose": "geese", "tooth": "teeth", "foot": "feet", "ox": "oxen", "knife": "knives", "wolf": "wolves",
           "leaf": "leaves", "shelf": "shelves", "loaf": "loaves", "calf": "calves", "scarf": "scarves",
           "bus": "buses", "gas": "gases", "lens": "lenses", "canvas": "canvases", "potato": "potatoes",
           "tomato": "tomatoes", "mango": "mangoes", "volcano": "volcanoes", "mosquito": "mosquitoes"}
SAME_PLURAL = {"sheep", "fish", "deer", "moose", "bison", "aircraft", "scissors", "sunglasses", "eyeglasses",
               "pants", "jeans", "shorts", "headphones", "binoculars", "species", "series", "dice"}
NOT_PLURAL = {"gas", "canvas", "atlas", "christmas", "lens", "chaos", "tennis", "iris", "mantis", "ibis",
              "oasis", "trellis", "chassis", "axis"}  # and every word in -ss or -us
IE_NOUNS = {"cookie", "movie", "zombie", "brownie", "hoodie", "pie", "tie", "beanie", "selfie",
            "smoothie", "magpie", "collie", "genie", "pixie"}

ATTRIBUTE_KIND = {word: kind for kind, words in ATTRIBUTES.items() for word in words.split()}
_RELATION_OF = {tuple(form.split()): canon for canon, forms in RELATIONS.items() for form in forms}
_LONGEST_RELATION = max(len(form) for form in _RELATION_OF)
_SINGULARS = {plural: singular for singular, plural in PLURALS.items()}
_TOKEN = re.compile(r"\w+(?:['-]\w+)*|\S")     # words (with inner ' and -), else one symbol


def singular(word: str) -> str:
    """The singular lemma of one lower-case word, forgiving careless plurals ("sheeps", "benchs")."""
    if word in _SINGULARS:
        return _SINGULARS[word]
    if word.endswith(("sss", "uss")) or (word.endswith("s") and word[:-1] in SAME_PLURAL):
        return word[:-1]                                            # "glasss", "buss", "sheeps"
    if word in SAME_PLURAL or word in NOT_PLURAL or word.endswith(("ss", "us")) or not word.endswith("s"):
        return word
    if word.endswith("ies") and word[:-1] not in IE_NOUNS and len(word) > 4:
        return word[:-3] + "y"                                      # puppies; but cookies
    if word.endswith(("ches", "shes", "xes", "sses", "zzes")) or (word.endswith("uses") and not word.endswith("ouses")):
        return word[:-2]                                            # benches, boxes, glasses, cactuses
    return word[:-1]                                                # dogs, knifes, benchs, houses, giraffes


def plural(noun: str) -> str:
    """The plural of a (possibly multi-word) lemma, for questions: only the last word changes."""
    head, _, last = noun.rpartition(" ")
    if last in PLURALS or last in SAME_PLURAL:
        last = PLURALS.get(last, last)
    elif last.endswith(("s", "x", "z", "ch", "sh")):
        last += "es"
    elif last.endswith("y") and last[-2:-1] not in tuple("aeiou"):
        last = last[:-1] + "ies"
    else:
        last += "s"
    return f"{head} {last}" if head else last


# ---------------------------------------------------------------- the rule parser
class _Rules:
    """One prompt, read left to right: [lead-in] phrase ((joiner | relation) phrase)*.

    A phrase is [number | "the"] attribute* noun-words. An attribute word is a modifier only
    while a noun still follows it, which is how "an orange orange" gets one of each."""

    def __init__(self, prompt: str):
        self.prompt = prompt
        self.toks = [(m.group().lower(), m.start(), m.end()) for m in _TOKEN.finditer(prompt)]
        while self.toks and self.toks[-1][0] in {".", "!"}:
            self.toks.pop()

    def word(self, i):
        return self.toks[i][0] if i < len(self.toks) else None

    def fail(self, i, reason):
        start, end = self.toks[i][1:] if i < len(self.toks) else (len(self.prompt), None)
        word = self.prompt[start:end] if end else "<end>"
        raise CSGError(f"cannot place word {word!r} at position {start} in {self.prompt!r}: {reason}")

    def relation_at(self, i):
        """(canonical relation, index after it) for the longest relation starting at token i."""
        j = i + (self.word(i) in COPULAS)
        for n in range(_LONGEST_RELATION, 0, -1):
            canon = _RELATION_OF.get(tuple(t[0] for t in self.toks[j:j + n]))
            if canon:
                return canon, j + n
        return None

    def boundary(self, i):
        w = self.word(i)
        return w is None or w in JOINERS or w in NUMBERS or w == "the" or w.isdecimal() or bool(self.relation_at(i))

    def modifies(self, i):
        if self.word(i + 1) == "and" and self.word(i + 2) in ATTRIBUTE_KIND:   # "a black and white cat"
            return self.modifies(i + 2)
        return not self.boundary(i + 1)

    def phrase(self, i):
        """Read one object phrase from token i; returns (object index, first noun token, next token).

        "the" + a noun already in the graph ("... behind the bus") names that object again."""
        w, count = self.word(i), None
        if w in NUMBERS or (w or "").isdecimal():
            count = NUMBERS.get(w) or int(w)
            if count < 1:
                self.fail(i, "a count must be at least 1")
        if count is not None or w == "the":
            i += 1
        attrs = []
        while self.word(i) in ATTRIBUTE_KIND and self.modifies(i):
            attrs.append(i)
            i += 2 if self.word(i + 1) == "and" else 1
        start = i
        while not self.boundary(i):
            i += 1
        if i == start:
            self.fail(i, "expected a noun here")
        self.check_noun(start, i)
        words = [t[0] for t in self.toks[start:i]]
        lemma = " ".join(words[:-1] + [singular(words[-1])])
        names = [self.word(k) for k in attrs]
        if w == "the":
            for k in reversed(range(len(self.objects))):
                if self.objects[k].noun == lemma and set(names) <= set(self.objects[k].attributes):
                    return k, start, i
        if count is None and lemma.split()[-1] == words[-1]:
            count = 1          # "a dog", "dog": one; a bare plural ("dogs") keeps count None: two or more
        self.objects.append(Obj(lemma, count, names, (self.toks[start][1], self.toks[i - 1][2])))
        self.attr_spans.append([self.toks[k][1:] for k in attrs])
        return len(self.objects) - 1, start, i

    def check_noun(self, start, end):
        for k in range(start, end):
            w = self.word(k)
            if not w[0].isalnum():
                self.fail(k, "punctuation the rules do not read")
            if w in VAGUE_COUNTS:
                self.fail(k, "not an exact count; write a number ('two', '3')")
            if w in COPULAS and k + 1 < end:
                self.fail(k + 1, f"expected a relation or action after {w!r} (RELATIONS: {_EXAMPLES})")
            if w in FUNCTION_WORDS:
                self.fail(k, "expected a noun, 'and', 'with', a comma or a relation here")
            verb_like = w.endswith("ly") or (k > start and w.endswith(("ing", "ed")))
            if end - start > 1 and verb_like and len(w) > 4 and w not in VERB_LIKE_NOUNS:
                self.fail(k, f"looks like a verb or adverb; relations and actions come from RELATIONS ({_EXAMPLES})")

    def graph(self) -> SceneGraph:
        a = self.word(0) in ("a", "an")                             # "a photo of ...", "photo of ..."
        i = a + 2 if self.word(a) in LEAD_INS and self.word(a + 1) == "of" else 0
        self.objects, self.attr_spans, relations, relation = [], [], [], None
        while True:
            obj, noun_start, i = self.phrase(i)
            if relation:        # a relation binds the nearest preceding object to this one
                if obj == previous:
                    self.fail(noun_start, "a relation needs two different objects")
                relations.append((previous, relation, obj))
            previous = obj
            if i == len(self.toks):
                return _build(self.prompt, self.objects, self.attr_spans, relations)
            relation, after = self.relation_at(i) or (None, i)
            if relation:
                i = after
            elif self.word(i) in JOINERS:
                i += 1 + (self.word(i) == "," and self.word(i + 1) in ("and", "with"))
            elif i - noun_start > 1:   # "a dog eats a cat": the noun swallowed an unknown verb
                self.fail(i - 1, f"not a relation or action the rules know (RELATIONS: {_EXAMPLES})")
            else:
                self.fail(i, "expected 'and', 'with', a comma or a relation between two objects")


def _build(prompt, objects, attr_spans, relations) -> SceneGraph:
    """Atoms in the team's order: per object its object, count and attribute atoms; then relations."""
    atoms, object_atom = [], []

    def the(o):     # how a question names an object: ("Is", "the dog") or ("Are", "the dogs")
        return ("Is", f"the {o.noun}") if o.count == 1 else ("Are", f"the {plural(o.noun)}")

    for s, obj in enumerate(objects):
        oid, many = len(atoms), plural(obj.noun)
        object_atom.append(oid)
        atoms.append(Atom(oid, "object", s, None, None, [], f"Are there any {many} in the image?", [obj.span]))
        atoms.append(Atom(oid + 1, "count", s, obj.count, None, [oid], f"How many {many} are in the image?",
                          [obj.span]))
        be, name = the(obj)
        for attr, span in zip(obj.attributes, attr_spans[s]):
            atoms.append(Atom(len(atoms), "attribute", s, attr, None, [oid], f"{be} {name} {attr}?", [span, obj.span]))
    for s, rel, t in relations:
        (be, name), (_, other) = the(objects[s]), the(objects[t])
        atoms.append(Atom(len(atoms), "relation", s, rel, t, [object_atom[s], object_atom[t]],
                          f"{be} {name} {QUESTION_PHRASE.get(rel, rel)} {other}?", [objects[s].span, objects[t].span]))
    return SceneGraph(prompt, objects, atoms)


def parse(prompt: str, llm=None) -> SceneGraph:
    """Prompt -> SceneGraph by the rules; if they raise and `llm` (e.g. an LLMParser) is given, ask it."""
    try:
        return _Rules(prompt).graph()
    except CSGError as rule_error:
        if llm is None:
            raise
        try:
            return llm(prompt)
        except CSGError as llm_error:
            raise CSGError(f"{rule_error}; the LLM parser failed too: {llm_error}") from llm_error


# ---------------------------------------------------------------- the optional LLM parser
LLM_INSTRUCTION = """Write the scene graph of an image description as JSON. Objects, in order: "noun" (singular), \
"text" (the noun exactly as written), "count" (an integer), "attributes" (words of the description). \
Relations link objects by index: "subject", "relation" (words of the description), "target".
Description: two red circles to the left of a blue square and a dog chasing three cats
JSON: {"objects": [{"noun": "circle", "text": "circles", "count": 2, "attributes": ["red"]}, \
{"noun": "square", "text": "square", "count": 1, "attributes": ["blue"]}, \
{"noun": "dog", "text": "dog", "count": 1, "attributes": []}, \
{"noun": "cat", "text": "cats", "count": 3, "attributes": []}], \
"relations": [{"subject": 0, "relation": "left of", "target": 1}, {"subject": 2, "relation": "chasing", "target": 3}]}
Description: {prompt}
JSON: """


def _find(text: str, phrase: str):
    """Character spans where `phrase` occurs in `text` as whole words, ignoring case."""
    phrase = " ".join(phrase.lower().split())
    return [m.span() for m in re.finditer(rf"(?<![\w-]){re.escape(phrase)}(?![\w-])", text.lower())] if phrase else []


def validate_graph(graph, prompt: str) -> SceneGraph:
    """Check an LLM's graph against the schema of LLM_INSTRUCTION and against the prompt; build it.

    Every object's "text", every attribute and every relation must be words of the prompt, so
    every atom's spans exist in it. Anything else raises CSGError saying what was wrong."""
    def need(ok, reason):
        if not ok:
            raise CSGError(f"LLM graph rejected for {prompt!r}: {reason}")

    need(isinstance(graph, dict) and isinstance(graph.get("objects"), list) and graph["objects"],
         'expected {"objects": [...], "relations": [...]} with at least one object')
    relations, used, found = graph.get("relations", []), set(), []
    need(isinstance(relations, list), '"relations" must be a list')
    for k, o in enumerate(graph["objects"]):
        o = o if isinstance(o, dict) else {}
        text, noun, count, attrs = o.get("text", o.get("noun")), o.get("noun"), o.get("count"), o.get("attributes", [])
        need(isinstance(text, str) and isinstance(noun or "", str), f"object {k} needs a noun and its text as strings")
        need(type(count) is int and count >= 1, f"object {k} count {count!r} is not a positive integer")
        need(isinstance(attrs, list) and all(isinstance(a, str) for a in attrs),
             f"object {k} attributes must be a list of words")
        span = next((s for s in _find(prompt, text) if s not in used), None)
        need(span, f"object {k} text {text!r} is not in the prompt")
        used.add(span)
        spans = []
        for a in attrs:
            where = _find(prompt, a)
            need(where, f"attribute {a!r} of object {k} is not in the prompt")
            before = [s for s in where if s[1] <= span[0]]           # the one written before its noun
            spans.append(before[-1] if before else where[0])
        lemma = " ".join((noun or singular(text.lower())).lower().split())
        found.append((Obj(lemma, count, [" ".join(a.lower().split()) for a in attrs], span), spans))
    order = sorted(range(len(found)), key=lambda k: found[k][0].span)  # objects in prompt order
    rank, edges = {k: r for r, k in enumerate(order)}, []
    for r in relations:
        s, t, phrase = (r.get("subject"), r.get("target"), r.get("relation")) if isinstance(r, dict) else (None,) * 3
        need(type(s) is int and type(t) is int and 0 <= s < len(found) and 0 <= t < len(found) and s != t,
             f"relation {r!r} must link two different objects by index")
        words = [w for w in phrase.lower().split() if w not in COPULAS] if isinstance(phrase, str) else []
        canon = _RELATION_OF.get(tuple(words), " ".join(words))
        need(any(_find(prompt, form) for form in RELATIONS.get(canon, []) + [canon]),
             f"relation {phrase!r} is not in the prompt")
        edges.append((rank[s], canon, rank[t]))
    return _build(prompt, [found[k][0] for k in order], [found[k][1] for k in order], edges)


class LLMParser:
    """A causal LM from a local folder (or given as objects) that writes the graph as JSON.

    `generate(text) -> str` replaces the model entirely (tests use a stub). Decoding is greedy;
    nothing is downloaded."""

    def __init__(self, path_or_model=None, tokenizer=None, generate=None, max_new_tokens: int = 384):
        self.max_new_tokens = max_new_tokens
        if generate is not None:
            self.generate = generate
            return
        if isinstance(path_or_model, (str, os.PathLike)):
            if not os.path.isdir(path_or_model):
                raise FileNotFoundError(f"LLM parser folder {str(path_or_model)!r} does not exist "
                                        "(models are loaded from a local folder only, never downloaded)")
            from transformers import AutoModelForCausalLM, AutoTokenizer   # only this path needs them
            tokenizer = AutoTokenizer.from_pretrained(path_or_model, local_files_only=True)
            path_or_model = AutoModelForCausalLM.from_pretrained(path_or_model, local_files_only=True)
        if path_or_model is None or tokenizer is None:
            raise ValueError("LLMParser needs a model folder, a model and its tokenizer, or generate=")
        self.model, self.tokenizer, self.generate = path_or_model.eval(), tokenizer, self._generate

    def _generate(self, text: str) -> str:
        import torch
        tok = self.tokenizer
        if getattr(tok, "chat_template", None):                 # instruct models expect their template
            text = tok.apply_chat_template([{"role": "user", "content": text}], tokenize=False,
                                           add_generation_prompt=True)
        enc = tok(text, return_tensors="pt")
        with torch.no_grad():
            out = self.model.generate(input_ids=enc["input_ids"], attention_mask=enc["attention_mask"],
                                      do_sample=False, max_new_tokens=self.max_new_tokens,
                                      pad_token_id=tok.eos_token_id if tok.pad_token_id is None else tok.pad_token_id)
        return tok.decode(out[0, enc["input_ids"].shape[1]:], skip_special_tokens=True)

    def __call__(self, prompt: str) -> SceneGraph:
        reply = self.generate(LLM_INSTRUCTION.replace("{prompt}", prompt))
        try:   # the first JSON object in the reply; whatever the model wrote after it is ignored
            graph, _ = json.JSONDecoder().raw_decode(reply, max(reply.find("{"), 0))
        except json.JSONDecodeError as err:
            raise CSGError(f"LLM parser reply for {prompt!r} is not JSON ({err}): {reply[:200]!r}") from None
        return validate_graph(graph, prompt)


# ---------------------------------------------------------------- command line
def format_tree(graph: SceneGraph) -> str:
    """The graph as an indented tree: each atom under its first parent, with its question and its words."""
    lines = [repr(graph.prompt)]

    def show(a, depth):
        what = graph.objects[a.subject].noun if a.kind == "object" else "2+" if a.value is None else a.value
        also = f" (parents {a.parents[0]}, {a.parents[1]})" if a.kind == "relation" else ""
        words = " ".join(repr(graph.prompt[s:e]) for s, e in a.spans)
        lines.append(f"{'    ' * depth}[{a.id}] {a.kind} {what}{also}: {a.question}  {words}")
        for child in graph.atoms:
            if child.parents[:1] == [a.id]:
                show(child, depth + 1)

    for a in graph.atoms:
        if not a.parents:
            show(a, 1)
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Parse text-to-image prompts into causal scene graphs of atoms.")
    ap.add_argument("prompt", nargs="?", help="one prompt: print its graph as a tree")
    ap.add_argument("--prompts", help="text file with one prompt a line")
    ap.add_argument("--out", default="atoms.jsonl", help="where --prompts writes one graph a line")
    ap.add_argument("--llm", help="local folder of a causal LM, asked only when the rules fail")
    ap.add_argument("--max-new-tokens", type=int, default=384, help="generation budget of the LLM parser")
    args = ap.parse_args(argv)
    if not args.prompt and not args.prompts:
        ap.error("give a prompt or --prompts FILE")
    bad = [f"--prompts {args.prompts}: no such file"] if args.prompts and not os.path.isfile(args.prompts) else []
    bad += [f"--llm {args.llm}: no such folder"] if args.llm and not os.path.isdir(args.llm) else []
    bad += [f"--max-new-tokens {args.max_new_tokens}: must be at least 1"] if args.max_new_tokens < 1 else []
    if bad:
        ap.error("\n".join(bad))                   # usage, every problem one a line, exit code 2
    llm = LLMParser(args.llm, max_new_tokens=args.max_new_tokens) if args.llm else None
    if args.prompt:
        try:
            print(format_tree(parse(args.prompt, llm)))
        except CSGError as err:
            print(f"error: {err}", file=sys.stderr)
            return 1
        return 0
    from tqdm import tqdm
    with open(args.prompts) as f:
        prompts = [(n, line.strip()) for n, line in enumerate(f, 1) if line.strip()]
    failed = 0
    with open(args.out, "w") as out:
        for n, prompt in tqdm(prompts, desc="parsing", unit="prompt"):
            try:
                out.write(parse(prompt, llm).to_json() + "\n")
            except CSGError as err:      # report every failure, keep the graphs that parsed
                failed += 1
                tqdm.write(f"line {n}: {err}", file=sys.stderr)
    print(f"wrote {len(prompts) - failed} graphs to {args.out}; {failed} of {len(prompts)} prompts did not parse")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
