"""Free text -> a SceneGraph by a local instruction-tuned LLM (`--llm-path DIR`, never downloaded), its JSON validated
against the prompt (every text a span of it, every relation between two of its entities) before `cast_csg.atomize`
builds the probes. Ours, not the paper's method: `python cast_csg.py read FILE --llm-path DIR` uses it for the lines
its grammar cannot read."""

from __future__ import annotations

import json
import os
import random
import re

from cast_csg import (
    EVERYDAY,
    Entity,
    InputError,
    Relation,
    SceneGraph,
    Vocabulary,
    atomize,
    sample_graph,
)

LLM_SCHEMA = """Write the scene graph of the image description as JSON, nothing else: {"entities": [{"text": the noun \
exactly as written, "noun": singular, "count": integer, "count_text": the number word as written, "attributes": \
[{"kind": "color"|"material"|"pattern"|..., "text": the word as written}]}], "relations": [{"subject": entity index, \
"target": entity index, "text": the relation or verb words as written, "kind": "relation"|"action"}]}."""


def _find(text: str, phrase: str, after: int = 0):
    m = (
        re.compile(rf"(?<![\w-]){re.escape(phrase.strip())}(?![\w-])", re.I).search(text, after)
        if phrase
        else None
    )
    return m.span() if m else None


def graph_from_json(d, prompt: str) -> SceneGraph:
    """An LLM's JSON graph, checked against the prompt: every text a span of it, every relation between two of
    its entities, counts positive integers; the probes are then built by `atomize`, so they are well formed."""

    def need(ok, why):
        if not ok:
            raise InputError(f"LLM graph for {prompt!r} rejected: {why}")

    need(
        isinstance(d, dict) and isinstance(d.get("entities"), list) and d["entities"],
        "no entities list",
    )
    ents, used = [], 0
    for k, e in enumerate(d["entities"]):
        need(
            isinstance(e, dict)
            and isinstance(e.get("text"), str)
            and type(e.get("count")) is int
            and e["count"] >= 1,
            f"entity {k} needs text and a positive integer count",
        )
        span = _find(prompt, e["text"])
        need(span, f"entity {k} text {e['text']!r} is not in the prompt")
        attrs, spans = [], []
        for a in e.get("attributes", []):
            need(
                isinstance(a, dict) and isinstance(a.get("text"), str),
                f"entity {k} attribute {a!r}",
            )
            s = _find(prompt, a["text"])
            need(s, f"attribute {a['text']!r} is not in the prompt")
            attrs.append([str(a.get("kind", "attribute")), a["text"].lower()])
            spans.append(s)
        cw = e.get("count_text") or ""
        cs = _find(prompt, cw, max(0, used)) if cw else None
        need(cs or not cw, f"count word {cw!r} is not in the prompt")
        ents.append(
            Entity(
                str(e.get("noun") or e["text"]).lower(),
                e["count"],
                attrs,
                cw,
                span,
                cs or span,
                spans,
            )
        )
        used = span[1]
    rels = []
    for r in d.get("relations", []):
        ok = isinstance(r, dict) and all(
            type(r.get(k)) is int and 0 <= r[k] < len(ents) for k in ("subject", "target")
        )
        need(
            ok and r["subject"] != r["target"],
            f"relation {r!r} must link two different entities by index",
        )
        span = _find(prompt, str(r.get("text", "")))
        need(span, f"relation words {r.get('text')!r} are not in the prompt")
        kind = "action" if r.get("kind") == "action" else "relation"
        rels.append(Relation(r["subject"], r["text"].lower(), r["target"], r["text"], kind, span))
    free = Vocabulary("free", (), {}, {w: (w,) for w in {r.relation for r in rels}})
    return atomize(SceneGraph(prompt, ents, rels, source="llm"), free)


class LLMGraphs:
    """The schema with the generator's own renders as few-shot examples, greedy decoding, the reply validated, one
    repair turn quoting the error. `generate(text) -> str` may replace the model (tests)."""

    def __init__(self, path=None, generate=None, max_new_tokens: int = 384):
        if generate is None:
            if not path or not os.path.isdir(path):
                raise InputError(
                    f"--llm-path {path}: no such folder (models load from a local folder only)"
                )
            from transformers import AutoModelForCausalLM, AutoTokenizer

            self.tok = AutoTokenizer.from_pretrained(path, local_files_only=True)
            self.model = AutoModelForCausalLM.from_pretrained(path, local_files_only=True).eval()
            generate = self._generate
        self.generate, self.max_new_tokens = generate, max_new_tokens
        rng = random.Random(0)
        shots = [sample_graph(rng, EVERYDAY, 5, 9) for _ in range(3)]
        self.instruction = (
            LLM_SCHEMA
            + "\n"
            + "".join(f"Description: {g.prompt}\nJSON: {json.dumps(llm_json(g))}\n" for g in shots)
        )

    def _generate(self, text: str) -> str:
        import torch

        chat = (
            self.tok.apply_chat_template(
                [{"role": "user", "content": text}], tokenize=False, add_generation_prompt=True
            )
            if self.tok.chat_template
            else text
        )
        enc = self.tok(chat, return_tensors="pt")
        with torch.no_grad():
            out = self.model.generate(**enc, do_sample=False, max_new_tokens=self.max_new_tokens)
        return self.tok.decode(out[0, enc["input_ids"].shape[1] :], skip_special_tokens=True)

    def __call__(self, prompt: str) -> SceneGraph:
        text = f"{self.instruction}Description: {prompt}\nJSON: "
        reply = self.generate(text)
        try:
            return _reply(reply, prompt)
        except InputError as first:
            again = self.generate(
                f"{text}{reply.strip()}\nThat JSON was rejected: {first}\nThe corrected JSON: "
            )
            return _reply(again, prompt)


def llm_json(g: SceneGraph) -> dict:
    """A generated graph in the LLM's schema (its few-shot examples)."""
    return {
        "entities": [
            {
                "text": g.prompt[slice(*e.span)],
                "noun": e.noun,
                "count": e.count,
                "count_text": e.count_word,
                "attributes": [{"kind": k, "text": w} for k, w in e.attributes],
            }
            for e in g.entities
        ],
        "relations": [
            {"subject": r.subject, "target": r.target, "text": r.words, "kind": r.kind}
            for r in g.relations
        ],
    }


def _reply(reply: str, prompt: str) -> SceneGraph:
    try:
        d, _ = json.JSONDecoder().raw_decode(reply, max(reply.find("{"), 0))
    except json.JSONDecodeError as e:
        raise InputError(f"LLM reply for {prompt!r} is not JSON ({e}): {reply[:200]!r}") from None
    return graph_from_json(d, prompt)
