"""cast_csg_llm.py: a local causal LM for the prompts cast_csg's rules refuse, the atoms.jsonl cache, and the
scene-graph command line.

The rules (cast_csg.parse) read most prompts exactly and refuse the rest with a CSGError. For those,
LLMParser asks a causal LM from a local folder for the scene graph as JSON: the instruction states
the schema and shows few-shot examples that are the rule parser's own output on sure prompts;
decoding is greedy; validate_graph checks the reply against the schema and the prompt (every
noun, attribute and relation must be words of the prompt); a rejected reply gets one repair turn
that quotes the error. parse_file parses a prompt file once per dataset into atoms.jsonl, which
is also the cache: prompts already in it are not parsed again, so training (cast_train.py
--atoms atoms.jsonl) reads graphs and never loads the LM.

Run alone:
    python cast_csg_llm.py "six red dogs behind two blue candles"      # print the graph as a tree
    python cast_csg_llm.py --prompts train.txt eval.txt --out atoms.jsonl [--llm-path /models/Qwen3-1.7B]
Reads a prompt, or prompt files (one a line) and, with --llm-path, a local model folder. Writes atoms.jsonl:
one SceneGraph.to_json() per line (the contract in docs/DESIGN.md), and reports how many prompts went by the
rules, by the LLM, and which failed and why.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys

from cast_csg import CSGError, Obj, SceneGraph, parse
from cast_csg_graph import build_graph
from cast_csg_words import COPULAS, PARTICLES, RELATIONS, _RELATION_OF, gerund, singular, verb_kind

# Sure prompts whose rule graphs teach the schema: relations, a chain, counts, attributes, an
# action attribute, an "of"-noun. Their relation values and attributes are written in them as is.
FEW_SHOT = ["two red circles to the left of a blue square and a dog chasing three cats",
            "a striped cat is sleeping on a wooden chair next to two green bottles of wine",
            "a girl holding a yellow umbrella and a small dog wearing a red scarf"]
SCHEMA = """Write the scene graph of an image description as JSON, nothing else. Objects, in the order \
written: "noun" (singular), "text" (the noun exactly as written), "count" (an integer; null when a plural \
gives no number), "attributes" (words of the description that describe it, an action it does alone \
included). Relations link two objects by index: "subject", "relation" (words of the description: a \
place like "on top of" or an action like "chasing"), "target"."""



class _Graphs(dict):
    """prompt -> SceneGraph read from an atoms.jsonl; a prompt not in it is an error naming it."""

    def __init__(self, path):
        self.path = path
        with open(path) as f:
            super().__init__((g.prompt, g) for g in map(SceneGraph.from_json, filter(str.strip, f)))

    def __missing__(self, prompt):
        raise CSGError(f"prompt {prompt!r} is not in {self.path}; add its file with "
                       f"python cast_csg_llm.py --prompts FILE --out {self.path}")


def read_graphs(path: str) -> dict[str, SceneGraph]:
    """The graphs of an atoms.jsonl by prompt (what cast_csg_llm --prompts writes), to read instead of parsing."""
    return _Graphs(path)


def graph_json(graph: SceneGraph) -> dict:
    """A rule graph in the LLM's schema (the inverse of validate_graph on prompts whose words are the values)."""
    relations = [{"subject": a.subject, "relation": a.value, "target": a.target}
                 for a in graph.atoms if a.kind == "relation"]
    return {"objects": [{"noun": o.noun, "text": graph.prompt[slice(*o.span)], "count": o.count,
                         "attributes": o.attributes} for o in graph.objects], "relations": relations}


def instruction(prompt: str) -> str:
    shots = "".join(f"Description: {p}\nJSON: {json.dumps(graph_json(parse(p)))}\n" for p in FEW_SHOT)
    return f"{SCHEMA}\n{shots}Description: {prompt}\nJSON: "


def _find(text: str, phrase: str):
    """Character spans where `phrase` occurs in `text` as whole words, ignoring case."""
    phrase = " ".join(phrase.lower().split())
    return [m.span() for m in re.finditer(rf"(?<![\w-]){re.escape(phrase)}(?![\w-])", text.lower())] if phrase else []


def relation_value(phrase: str) -> str:
    """An LLM's relation words as the rules would store them: a place in its canonical form, an
    action in its -ing form ("sits on" -> "sitting on"), a participle before a preposition as written."""
    words = [w for w in phrase.lower().split() if w not in COPULAS]
    canon = _RELATION_OF.get(tuple(words))
    if canon or not words or words[0] in PARTICLES:
        return canon or " ".join(words)
    if verb_kind(words[0]) != "participle" or len(words) == 1:
        words[0] = gerund(words[0])
    return " ".join(words)


def validate_graph(graph, prompt: str) -> SceneGraph:
    """Check an LLM's graph against SCHEMA and against the prompt; build it.

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
        need(count is None or (type(count) is int and count >= 1),
             f"object {k} count {count!r} is not a positive integer or null")
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
        need(isinstance(phrase, str) and phrase.strip(), f"relation {r!r} needs its words")
        value = relation_value(phrase)
        written = [" ".join(w for w in phrase.lower().split() if w not in COPULAS)] + RELATIONS.get(value, [value])
        need(any(_find(prompt, form) for form in written), f"relation {phrase!r} is not in the prompt")
        edges.append((rank[s], value, rank[t]))
    return build_graph(prompt, [found[k][0] for k in order], [found[k][1] for k in order], edges)


def read_reply(reply: str, prompt: str) -> SceneGraph:
    """The first JSON object in an LLM reply, validated; whatever the model wrote around it is ignored."""
    try:
        graph, _ = json.JSONDecoder().raw_decode(reply, max(reply.find("{"), 0))
    except json.JSONDecodeError as err:
        raise CSGError(f"LLM parser reply for {prompt!r} is not JSON ({err}): {reply[:200]!r}") from None
    return validate_graph(graph, prompt)


class LLMParser:
    """A causal LM from a local folder (or given as objects) that writes the graph as JSON.

    `generate(text) -> str` replaces the model entirely. Decoding is greedy; nothing is downloaded.
    A rejected reply is shown to the model once with the reason, and its second reply is final."""

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
        text = instruction(prompt)
        reply = self.generate(text)
        try:
            return read_reply(reply, prompt)
        except CSGError as first:
            repair = (f"{text}{reply.strip()}\nThat JSON was rejected: {first}\n"
                      f"Write the corrected JSON for the same description, nothing else.\nJSON: ")
            try:
                return read_reply(self.generate(repair), prompt)
            except CSGError as second:
                raise CSGError(f"{second} (after one repair of: {first})") from None


def parse_file(paths, out: str, llm=None) -> dict:
    """Parse every prompt of the files at `paths` once into `out` (atoms.jsonl), which is also the cache.

    Prompts already in `out` keep their graph; the others go by the rules, then by `llm` if given.
    `out` is rewritten with the old graphs and the new ones. Prints and returns the counts per route
    and the failures [(file, line, prompt, reason)]."""
    cache = read_graphs(out) if os.path.exists(out) else {}
    graphs, failed, routes, seen = dict(cache), [], {"rules": 0, "LLM": 0, "cache": 0}, set()
    for path in paths:
        with open(path) as f:
            lines = [(n, line.strip()) for n, line in enumerate(f, 1) if line.strip()]
        for n, prompt in lines:
            if prompt in seen:                              # a repeated prompt is one graph
                continue
            seen.add(prompt)
            if prompt in cache:
                routes["cache"] += 1
                continue
            try:
                graphs[prompt] = parse(prompt)
                routes["rules"] += 1
            except CSGError as rule_error:
                if llm is None:
                    failed.append((path, n, prompt, str(rule_error)))
                    continue
                try:
                    graphs[prompt] = llm(prompt)
                    routes["LLM"] += 1
                except CSGError as llm_error:
                    failed.append((path, n, prompt, f"{rule_error}; the LLM parser failed too: {llm_error}"))
    with open(out, "w") as f:
        f.writelines(g.to_json() + "\n" for g in graphs.values())
    print(f"wrote {len(graphs)} graphs to {out}: {routes['rules']} prompts by the rules, {routes['LLM']} by the LLM, "
          f"{routes['cache']} already there, {len(failed)} failed")
    for path, n, prompt, reason in failed:
        print(f"{path} line {n}: {reason}", file=sys.stderr)
    return {**routes, "failed": failed}


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
    ap.add_argument("--prompts", nargs="+", help="text files with one prompt a line")
    ap.add_argument("--out", default="atoms.jsonl", help="where --prompts writes one graph a line (and its cache)")
    ap.add_argument("--llm-path", "--llm", dest="llm_path",
                    help="local folder of a causal LM, asked only when the rules refuse a prompt")
    ap.add_argument("--max-new-tokens", type=int, default=384, help="generation budget of the LLM parser")
    args = ap.parse_args(argv)
    if not args.prompt and not args.prompts:
        ap.error("give a prompt or --prompts FILE")
    bad = [f"--prompts {f}: no such file" for f in args.prompts or [] if not os.path.isfile(f)]
    bad += [f"--llm-path {args.llm_path}: no such folder"] if args.llm_path and not os.path.isdir(args.llm_path) else []
    bad += [f"--max-new-tokens {args.max_new_tokens}: must be at least 1"] if args.max_new_tokens < 1 else []
    if bad:
        ap.error("\n".join(bad))                   # usage, every problem one a line, exit code 2
    llm = None
    if args.llm_path:
        llm = LLMParser(args.llm_path, max_new_tokens=args.max_new_tokens)
    if args.prompts:
        return 1 if parse_file(args.prompts, args.out, llm)["failed"] else 0
    try:
        print(format_tree(parse(args.prompt, llm)))
    except CSGError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
