"""cast_csg_llm: the LLM parser for prompts the rules refuse, its repair turn, and the atoms.jsonl cache.

Stub generators check the JSON handling; a tiny Qwen2 built in code runs the real generation loop,
either with random weights (it writes garbage and must fail cleanly) or forced token by token to
spell out scripted replies (the JSON a good model would write), including a rejected first reply
and its repair. Nothing is downloaded.
"""
import json
import string

import pytest

from cast_csg import CSGError, SceneGraph, parse
from cast_csg_llm import read_graphs
from cast_csg_llm import (FEW_SHOT, SCHEMA, LLMParser, instruction, main, parse_file, relation_value,
                          validate_graph)
from test_csg import A, C, O, R

# ---------------------------------------------------------------- stub generators
SOFA = "a dog sleeping on a red sofa in the background"     # the rules refuse "background", a place in the frame
GOOD = {"objects": [{"noun": "dog", "text": "dog", "count": 1, "attributes": []},
                    {"noun": "sofa", "text": "sofa", "count": 1, "attributes": ["red"]}],
        "relations": [{"subject": 0, "relation": "sleeping on", "target": 1}]}


def stub(reply):
    return LLMParser(generate=lambda text: reply)


def test_llm_good_json_is_used_only_when_rules_fail():
    with pytest.raises(CSGError, match="'background'"):
        parse(SOFA)
    g = parse(SOFA, llm=stub("Sure! " + json.dumps(GOOD) + " Anything else?"))
    assert [(a.kind, a.subject, a.value, a.target, a.parents) for a in g.atoms] == [
        O(0), C(0, 1, 0), O(1), C(1, 1, 2), A(1, "red", 2), R(0, "sleeping on", 1, 0, 2)]
    assert [[SOFA[s:e] for s, e in a.spans] for a in g.atoms] == [
        ["dog"], ["dog"], ["sofa"], ["sofa"], ["red", "sofa"], ["dog", "sofa"]]
    assert g.atoms[-1].question == "Is the dog sleeping on the sofa?"

    def never(text):
        raise AssertionError("the LLM must not be asked when the rules succeed")
    assert parse("a dog on a red sofa", llm=LLMParser(generate=never)).objects[1].attributes == ["red"]


def test_llm_graph_matches_rules_and_is_reordered():
    prompt = "two red circles to the left of a blue square"
    shuffled = {"objects": [{"noun": "square", "text": "square", "count": 1, "attributes": ["blue"]},
                            {"noun": "circle", "text": "circles", "count": 2, "attributes": ["red"]}],
                "relations": [{"subject": 1, "relation": "to the left of", "target": 0}]}
    assert validate_graph(shuffled, prompt) == parse(prompt)
    for example in instruction(SOFA).split("Description: ")[1:-1]:   # the few-shot examples are the rules' own
        desc, reply = example.strip().split("\nJSON: ")
        assert desc in FEW_SHOT and validate_graph(json.loads(reply), desc) == parse(desc)
    assert instruction(SOFA).startswith(SCHEMA) and instruction(SOFA).endswith(f"Description: {SOFA}\nJSON: ")


@pytest.mark.parametrize("reply,why", [
    ("I think it is a dog.", "not JSON"),
    ('{"objects": [{"noun": "dog", "text": "dog", "count": 1', "not JSON"),
    ('{"objects": []}', "at least one object"),
    ('{"objects": [{"noun": "dog", "text": "dog", "count": "one"}]}', "positive integer"),
    ('{"objects": [{"noun": "dog", "text": "dog", "count": 0}]}', "positive integer"),
    ('{"objects": [{"noun": "dog", "text": "dog", "count": 1, "attributes": "red"}]}', "list of words"),
    ('{"objects": [{"noun": "dog", "text": "dog", "count": 1}], '
     '"relations": [{"subject": 0, "relation": "on", "target": 1}]}',
     "two different objects"),
])
def test_llm_malformed_json_is_rejected(reply, why):
    with pytest.raises(CSGError, match=why):
        parse(SOFA, llm=stub(reply))


@pytest.mark.parametrize("change,why", [
    (lambda g: g["objects"][0].update(text="cat"), "text 'cat' is not in the prompt"),
    (lambda g: g["objects"][1].update(text="so"), "text 'so' is not in the prompt"),   # not a whole word
    (lambda g: g["objects"][1].update(attributes=["blue"]), "attribute 'blue' of object 1 is not in the prompt"),
    (lambda g: g["relations"][0].update(relation="chasing"), "relation 'chasing' is not in the prompt"),
])
def test_llm_spans_outside_the_prompt_are_rejected(change, why):
    graph = json.loads(json.dumps(GOOD))
    change(graph)
    with pytest.raises(CSGError, match=why):
        parse(SOFA, llm=stub(json.dumps(graph)))


def char_tokenizer():
    """A character-level tokenizer built in code: every printable character and newline is one token."""
    from tokenizers import Regex, Tokenizer, decoders, models, pre_tokenizers
    from transformers import PreTrainedTokenizerFast
    vocab = {"<unk>": 0, "<eos>": 1, **{c: i + 2 for i, c in enumerate(string.printable[:95] + "\n")}}
    tk = Tokenizer(models.WordLevel(vocab, unk_token="<unk>"))
    tk.pre_tokenizer = pre_tokenizers.Split(Regex(r"[\s\S]"), behavior="isolated")
    tk.decoder = decoders.Fuse()
    return PreTrainedTokenizerFast(tokenizer_object=tk, unk_token="<unk>", eos_token="<eos>", pad_token="<eos>")


def tiny_lm(scripted=None):
    """A random 1-layer Qwen2 on the character tokenizer. With `scripted` (a list of replies), each
    generate() call is forced to spell out the next reply and stop: the model still runs every step
    and greedy decoding picks the scripted token, which a large bias puts on top."""
    import torch
    from transformers import Qwen2Config, Qwen2ForCausalLM
    tok = char_tokenizer()

    class ScriptedLM(Qwen2ForCausalLM):
        def generate(self, *args, **kwargs):
            self.asked.append(tok.decode(kwargs["input_ids"][0]))
            self.reply, self.step = tok(self.replies.pop(0))["input_ids"] + [tok.eos_token_id], 0
            return super().generate(*args, **kwargs)

        def forward(self, *args, **kwargs):
            out = super().forward(*args, **kwargs)
            out.logits[:, -1, self.reply[min(self.step, len(self.reply) - 1)]] += 1e4
            self.step += 1
            return out

    torch.manual_seed(0)
    config = Qwen2Config(vocab_size=len(tok), hidden_size=16, intermediate_size=32, num_hidden_layers=1,
                         num_attention_heads=2, num_key_value_heads=1, max_position_embeddings=8192)
    model = (ScriptedLM if scripted else Qwen2ForCausalLM)(config)
    model.replies, model.asked = list(scripted or []), []
    return model, tok


def test_llm_tiny_random_model_fails_cleanly(tmp_path):
    model, tok = tiny_lm()
    with pytest.raises(CSGError, match="the LLM parser failed too"):
        parse(SOFA, llm=LLMParser(model, tok, max_new_tokens=16))
    model.save_pretrained(tmp_path)                 # the same model loaded from a local folder
    tok.save_pretrained(tmp_path)
    with pytest.raises(CSGError, match="the LLM parser failed too"):
        parse(SOFA, llm=LLMParser(str(tmp_path), max_new_tokens=8))
    with pytest.raises(FileNotFoundError, match="does not exist"):
        LLMParser(str(tmp_path / "missing"))


def test_llm_scripted_model_end_to_end_with_a_repair():
    """The real tokenize -> generate -> decode loop: the first reply names a word not in the prompt,
    the repair turn quotes the rejection, the second reply is the graph."""
    bad = json.dumps({**GOOD, "objects": [GOOD["objects"][0], {**GOOD["objects"][1], "text": "couch"}]})
    model, tok = tiny_lm(scripted=[bad, json.dumps(GOOD)])
    g = parse(SOFA, llm=LLMParser(model, tok, max_new_tokens=400))
    assert [(o.noun, o.count, o.attributes) for o in g.objects] == [("dog", 1, []), ("sofa", 1, ["red"])]
    assert [(a.kind, a.subject, a.value, a.target, a.parents) for a in g.atoms] == [
        O(0), C(0, 1, 0), O(1), C(1, 1, 2), A(1, "red", 2), R(0, "sleeping on", 1, 0, 2)]
    first, repair = model.asked
    assert first == instruction(SOFA)
    assert repair.startswith(first + bad) and "text 'couch' is not in the prompt" in repair
    assert repair.endswith("JSON: ") and model.replies == []


def test_llm_second_rejection_is_final():
    asked = []

    def generate(text):
        asked.append(text)
        return '{"objects": []}'
    with pytest.raises(CSGError, match="after one repair"):
        LLMParser(generate=generate)(SOFA)
    assert len(asked) == 2


@pytest.mark.parametrize("phrase,value", [("sits on", "sitting on"), ("is chasing", "chasing"),
                                          ("to the left of", "left of"), ("picked from", "picked from"),
                                          ("chased", "chasing"), ("across", "across")])
def test_llm_relation_words_are_stored_like_the_rules(phrase, value):
    assert relation_value(phrase) == value


# ---------------------------------------------------------------- atoms.jsonl: parsed once, read in training
def test_parse_file_routes_caches_and_reports(tmp_path, capsys):
    train, evals, out = tmp_path / "train.txt", tmp_path / "eval.txt", str(tmp_path / "atoms.jsonl")
    train.write_text(f"a cat sleeps on a mat\n{SOFA}\na cat sleeps on a mat\nsome dogs\n")
    evals.write_text("two red circles to the left of a blue square\n")
    asked = []

    def generate(text):
        asked.append(text)
        return json.dumps(GOOD) if SOFA in text.rsplit("Description: ", 1)[1] else "no idea"
    report = parse_file([str(train), str(evals)], out, LLMParser(generate=generate))
    assert (report["rules"], report["LLM"], report["cache"]) == (2, 1, 0)
    assert [(n, p) for _, n, p, _ in report["failed"]] == [(4, "some dogs")]
    assert "not an exact count" in report["failed"][0][3]
    printed = capsys.readouterr()
    assert "2 prompts by the rules, 1 by the LLM, 0 already there, 1 failed" in printed.out
    assert "line 4: " in printed.err and "'some'" in printed.err
    graphs = read_graphs(out)
    assert list(graphs) == ["a cat sleeps on a mat", SOFA, "two red circles to the left of a blue square"]
    assert graphs[SOFA] == parse(SOFA, llm=LLMParser(generate=generate))
    assert graphs["a cat sleeps on a mat"] == parse("a cat sleeps on a mat")

    asked.clear()                                   # a second run reads the cache: the LLM sees only the failure
    report = parse_file([str(train), str(evals)], out, LLMParser(generate=generate))
    assert (report["rules"], report["LLM"], report["cache"], len(report["failed"])) == (0, 0, 3, 1)
    assert len(asked) == 2 and all("some dogs" in text for text in asked)
    with pytest.raises(CSGError, match="'a dog' is not in .*atoms.jsonl; add its file"):
        read_graphs(out)["a dog"]


def test_cli_llm_path_flag(tmp_path, capsys):
    model, tok = tiny_lm()
    model.save_pretrained(tmp_path / "lm")
    tok.save_pretrained(tmp_path / "lm")
    prompts = tmp_path / "prompts.txt"
    prompts.write_text(f"a photo of a cat\n{SOFA}\n")
    out = str(tmp_path / "atoms.jsonl")
    assert main(["--prompts", str(prompts), "--out", out, "--llm-path", str(tmp_path / "lm"),
                 "--max-new-tokens", "4"]) == 1
    assert "1 prompts by the rules, 0 by the LLM, 0 already there, 1 failed" in capsys.readouterr().out
    assert [SceneGraph.from_json(line) for line in open(out)] == [parse("a photo of a cat")]
