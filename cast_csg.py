"""cast_csg.py: prompts into causal scene graphs of verifiable atoms.

"six red dogs behind two blue candles" becomes objects (noun, exact count, attributes), relations, and then *atoms*:
questions a VLM (or the shapes verifier) checks one at a time, in GenEval 2's Soft-TIFA phrasing ("Are there any dogs
in the image?", "How many dogs are in the image?", "Are the dogs red?", "Are the dogs behind the candles?"). Each atom
lists its parents, the object atoms that must hold before it can be judged (DSG's dependencies: CAST's causal scene
graph), and the character spans of the words that ground it, for cast_advantage's maps. Those data (Obj, Atom,
SceneGraph, atom_mask, and build_graph, which turns objects and relations into atoms) are in cast_csg_graph.py and
importable from here; this file is the rule parser that finds the objects and relations.

The rule parser reads the compositional English of GenEval, GenEval 2 and the shapes world, and sentences people write
("The red hat was on top of the brown coat rack.", "two hot dogs sit on a paper plate", "a chair hidden by a mouse",
"a slice of cheese"), with no model, in well under a millisecond: nouns and verbs are found by position and endings,
the rest from closed tables. A prompt it cannot place, or could read two ways, raises CSGError naming the word and its
character position: never a guess, never a silent partial graph (what it drops, a time of day at the end,
"together", "high" in "high above", an adverb of manner, is listed in SceneGraph.dropped). cast_csg_llm.LLMParser (a
causal LM from a local folder) can take over those prompts; cast_csg_llm's command line parses whole files once into
atoms.jsonl, which cast_train.py --atoms reads so that no LM is loaded in training. The rules' word lists:
cast_csg_words.py, cast_csg_nouns.py, cast_csg_kinds.py and cast_csg_places.py (whose a place after a verb's object
is); how an object phrase is read: cast_csg_phrases.py; the verb methods: cast_csg_verbs.py; what phrases joined by
"and" after an object or a target are: cast_csg_lists.py.

    graph = parse("six red dogs behind two blue candles")   # SceneGraph: .objects, .atoms
    print(graph.to_json())                                   # as a tree: python cast_csg_llm.py "six red dogs ..."
"""
from __future__ import annotations

from cast_csg_graph import Atom, CSGError, Obj, SceneGraph, atom_mask, build_graph
from cast_csg_kinds import ATTRIBUTE_KIND
from cast_csg_lists import Listing, ListRules, Shared
from cast_csg_nouns import BODY_PARTS, GARMENTS
from cast_csg_phrases import PhraseRules
from cast_csg_places import NOT_SCENES, scene
from cast_csg_verbs import VerbRules
from cast_csg_words import (BY_WORKS, COPULAS, DIRECTIONS, FOOD_VERBS, FUNCTION_WORDS, HAVE, JOINERS, LEAD_INS, NUMBERS,
                            PLACES, POSSESSIVES, RELATIVES, REVERSED, SENTENCE_ENDS, WHOLE_PARTS, _LONGEST_RELATION,
                            _RELATION_OF, adverb, singular, tokens, verb_kind)


__all__ = ["Atom", "CSGError", "Obj", "SceneGraph", "atom_mask", "parse"]   # the scene graph lives in cast_csg_graph


# ---------------------------------------------------------------- the rule parser
class _Rules(PhraseRules, VerbRules, ListRules):
    """One prompt, read left to right as clauses: [lead-in] subject phrases, then what they do.

    A phrase is [the | number | possessive] attribute* noun-words [of noun-words]. After a phrase come joiners ("and",
    "with", ","), spatial relations, copulas ("is on", "are red"), verbs, relative clauses ("which are ...") and
    sentence ends. Who a predicate describes:
      - a relation or a participle ("chasing", "hidden by") binds the nearest object, except that a place or a
        participle right after a list binds the whole list ("an apple and a pear in a bowl", "a cup and a bowl lying
        on a mat"), but for the four axis directions of GenEval's and the shapes world's chains (DIRECTIONS);
      - a finite verb or a copula ("sits", "is") binds the clause's subjects and must agree in number;
      - a relative clause binds the nearest object and must agree with it;
      - phrases after a verb's object or a clause's place and "and" with no predicate of their own are its objects
        or targets too; after a caption's place ("a cat on a mat and a dog") they are refused (listed_objects).
    Where those readings differ (an action after an object that hangs off another), the rules refuse.
    Relations and clauses are read here; object phrases in cast_csg_phrases.PhraseRules, verbs, copulas and passives
    in cast_csg_verbs.VerbRules, lists after an object or a target in cast_csg_lists.ListRules."""

    def __init__(self, prompt: str):
        self.prompt = prompt
        self.toks, self.dropped, self.together = tokens(prompt)   # less "at night", "together"
        # Names: see name(). A prompt with no word of four letters or more in lower case after its first is in
        # title case or capitals ("A Red Blanket Spread on the Grass"), where capitals say nothing: no names.
        self.cased = any(prompt[s].islower() for w, s, _ in self.toks[1:] if len(w) > 3 and w.isalpha())
        self.sentence = prompt.rstrip().endswith(tuple(SENTENCE_ENDS))   # written as a sentence: finite_past

    def word(self, i):
        return self.toks[i][0] if i < len(self.toks) else None

    def name(self, i):
        """Is token i a name's word: capitalized inside a sentence of a prompt not in title case ("the Ferris wheel",
        "near Big Ben", "a Christmas tree")? A name is never a verb, an attribute or a plural: so "Ferris" is no
        plural "ferri" before a verb "wheel", "Big" no size; it joins the noun words after it ("ferris wheel")."""
        return i < len(self.toks) and self.cased and i > 0 and self.word(i - 1) not in SENTENCE_ENDS \
            and self.prompt[self.toks[i][1]].isupper()

    def words(self, i, j):
        return [t[0] for t in self.toks[i:j]]

    def fail(self, i, reason):
        start, end = self.toks[i][1:] if i < len(self.toks) else (len(self.prompt), None)
        word = self.prompt[start:end] if end else "<end>"
        raise CSGError(f"cannot place word {word!r} at position {start} in {self.prompt!r}: {reason}")

    # -------------------------------------------------------- what kind of word is at token i
    def relation_at(self, i):
        """(canonical relation, index after it) for the longest relation starting at token i."""
        for n in range(min(_LONGEST_RELATION, len(self.toks) - i), 0, -1):   # at the end, a shorter slice
            canon = _RELATION_OF.get(tuple(self.words(i, i + n)))
            if canon:
                return canon, i + n
        return None

    def phrase_start(self, i):
        w = self.word(i) or ""
        return w in NUMBERS or w == "the" or w in POSSESSIVES or w.isdecimal()

    def boundary(self, i):
        w = self.word(i)
        return (w is None or w in JOINERS or w in COPULAS or w in HAVE or w in RELATIVES or w in SENTENCE_ENDS
                or w == "while" or self.phrase_start(i) or bool(self.relation_at(i))
                or w == "there" and self.word(i + 1) in COPULAS)              # "On the counter there is ..."

    # -------------------------------------------------------- clauses
    def several(self, subjects):
        """Do the objects `subjects` name more than one thing?"""
        return len(subjects) > 1 or any(self.objects[s].count != 1 for s in subjects)

    def relate(self, subjects, value, i, swap=False, direct=False, verb=None, caption=False):
        """Read the target phrase at token i and relate each subject to it; returns (target, next token).
        `direct`: the target is a verb's object or agent, so a place right after it may be ambiguous;
        `verb`: the -ing form of the verb the relation comes from, if any; `caption`: a place right after a phrase,
        with no verb or copula of its own ("a cat on a mat")."""
        if value in REVERSED:                                           # "a basket full of apples"
            value, swap = REVERSED[value], not swap
        # "by the lake": a place; "by Monet": an author; "put on a shelf by a maid": who put it there, or a place?
        if self.word(i - 1) == "by" and not swap and value.endswith(("next to", "by")):
            if not self.phrase_start(i) or verb is None and (subjects == [self.placed] or any(
                    self.objects[s].noun in BY_WORKS for s in subjects)):
                self.fail(i - 1, "'by' here could name who made or put it, or a place beside it: write 'next to'")
        if self.word(i) == "the" and self.word(i + 1) in WHOLE_PARTS and self.word(i + 2) == "of" \
                and self.phrase_start(i + 3) and value.split()[-1] == "against":    # "against the side of a house"
            i += 3
        owned = self.word(i) in POSSESSIVES                             # "brushes his teeth"
        self.food = direct and not swap and verb in FOOD_VERBS          # "slices salmon": the food (bare_count)
        owner_at = i
        # Rounds 15, 16: after "X with Y", "it" and a bare "on top" (of what?) name X: "a bucket with a ladle in it",
        # "a cake with a cherry on top"; elsewhere "on top" is refused and "it" is no noun.
        top = self.word(i) == "top" and value.split()[-1] == "on" and self.word(i + 1) != "of"
        if (self.word(i) == "it" or top) and self.with_owner and subjects == [self.with_owner[1]]:
            value, (target, noun_start, i) = value + " top of" * top, (self.with_owner[0], i, i + 1)
        elif top:
            self.fail(i, "'on top' of what? write 'on top of' and the thing")
        else:
            target, noun_start, i = self.phrase(i)
        # Round 13: a body part owned in a later clause may be an earlier clause's object's ("A nurse holds a kitten
        # while the vet checks its ears": the kitten's), a part of it that the atoms cannot state; in the first
        # clause the owner is the subject, drawn anyway ("a boy brushes his teeth").
        if owned and self.later and self.objects[target].noun.split()[-1] in BODY_PARTS:
            self.fail(owner_at, "a body part owned in a later clause may be a part of an earlier object, "
                                "which the atoms cannot state")
        if value.endswith("between") and self.objects[target].count == 1:
            self.fail(noun_start, "'between' needs its two things as one plural ('between two rocks')")
        self.open_object = target if direct else None
        self.acted = self.acted or direct and not swap                  # the clause's verb has an object
        self.action = (subjects, target, verb, owned, value) if direct and not swap else None
        self.verb_target = (target, subjects) if verb and not direct and not swap else None
        self.placed = target if verb and not swap and verb not in value.split() else None    # "placed on", "set on"
        self.place_of = (subjects, target) if not direct and not swap else None   # "... and right of a kettle"
        subjects = [s for s in subjects if s != target] if len(subjects) > 1 else subjects   # "... behind the bagels"
        # What phrases joined to the target by "and" share if the clause ends after them (listed_objects): a verb's
        # object ("wears a scarf and a hat") or a relation's target ("in a hat and a coat", "full of apples and pears");
        # not a chain's direction (DIRECTIONS: "a circle left of a square and a triangle") nor a passive's agent.
        self.shared = None if value in DIRECTIONS or direct and swap else Shared(subjects, target, value, swap,
                                                                                 direct, caption)
        for s in subjects:
            if s == target:
                self.fail(noun_start, "a relation needs two different objects")
            self.relations.append((target, value, s) if swap else (s, value, target))
        return target, i

    def lead_in(self, i):
        """Skip "a photo of", "an oil painting of", "there is", "there are" at token i."""
        if self.word(i) == "there" and self.word(i + 1) in COPULAS:
            return i + 2
        for k in range(i, min(i + 4, len(self.toks))):
            if self.word(k) in LEAD_INS and self.word(k + 1) == "of":
                return k + 2
            if self.word(k) in FUNCTION_WORDS or self.phrase_start(k) and k > i:
                break
        return i

    def subject_phrase(self, i):
        """The phrase that starts a clause at token i, after its lead-in; after "a photo of" or "there are" no
        finite verb can follow it ("a photo of coffee cups on a shelf"), so verb_at gets no clause. Round 27: a place
        that opens the clause, then a comma or "there is", is the clause's subjects' ("On a glass desk, a laptop sits
        ...": the desk first, then *laptop on desk* as the clause's first relation; close_front adds it)."""
        if self.place_at(i):
            value, j = self.relation_at(i)
            target, noun_start, i = self.phrase(j)
            if self.word(i) != "," and self.lead_in(i) == i:
                self.fail(i, "after a place that opens the sentence, a comma or 'there is': the rules cannot read "
                             "the words turned around ('Behind the kit stands an amp')")
            if self.objects[target].noun in NOT_SCENES:
                self.fail(noun_start, "the picture's frame, not an object; the atoms cannot state it")
            self.front, i = (len(self.relations), value, target), i + (self.word(i) == ",")
        k = self.lead_in(i)
        self.framed = k > i                                             # no finite verb: finite_past
        return self.phrase(k, clause=[] if k == i else None)

    def close_front(self, heads):
        """Give a place that opened the clause (subject_phrase) to its subjects, as the clause's first relation."""
        if self.front:
            at, value, target = self.front
            self.relations[at:at] = [(s, value, target) for s in heads if s != target]
            self.front = None

    def graph(self) -> SceneGraph:
        self.objects, self.attr_spans, self.relations, self.verb_stop, self.open_object = [], [], [], None, None
        self.action, self.verb_target, self.acted, self.placed, self.plain_at = None, None, False, None, None
        self.food = False                # the next phrase is a FOOD_VERB's object (relate)
        self.doubt = None                # a word read one way, refused at the end unless an earlier word is refused
        self.past_at = None              # where a finite past in -ed is (finite_past)
        self.later = False               # a clause after the first ("while", a new sentence): relate's owned part
        self.with_owner = None           # (X, Y) after "X with Y": relate reads "in it" after Y as X
        self.place_of = None             # (subjects, target) of the last place (relate)
        self.finite = False              # the clause has a finite verb or a copula (subjects_of)
        self.front = None                # a place that opened the clause (subject_phrase, close_front)
        obj, _, i = self.subject_phrase(0)
        heads, prev = [obj], obj         # the clause's subjects; the nearest object
        listed = True                    # the subjects are only a list so far: a place after it is all theirs
        said = None                      # who the clause's last predicate described
        listing = None                   # phrases after "and" right after a verb's object or a relation's target,
        #                                  no predicate yet: listed_objects()
        while i < len(self.toks):
            w = self.word(i)
            if w == "," and self.word(i + 1) in {"and", "with", "while"} | RELATIVES:
                i, w = i + 1, self.word(i + 1)
            if listing and (w not in ("and", ",") or self.clause_after(i + 1)):
                heads, said, listed, prev, listing = self.listed_objects(i, listing, heads, said, listed, prev)
            if w in SENTENCE_ENDS or w == "while":                       # a new clause: new subjects, same objects
                self.close_front(heads)
                obj, _, i = self.subject_phrase(i + 1)
                heads, prev, said, listed, self.acted = [obj], obj, None, True, False
                self.later, self.finite = True, False
            elif w in ("and", ",") and said and (self.word(i + 1) in COPULAS or
                                                 self.verb_at(i + 1) and not self.phrase_start(i + 1)):
                target, i = self.predicate(i + 1, said)                 # "a cat sits on a mat and eats a fish"
                prev = target if target is not None else prev
            elif w in ("and", ",") and self.place_of and self.place_of[1] == prev and self.place_at(i + 1):
                prev, i = self.relate(self.place_of[0], *self.relation_at(i + 1))   # Round 16: "is left of a blender
            #                                                                        and right of a kettle": theirs too
            elif w in ("and", ","):                                      # another subject, or a new clause
                k = self.lead_in(i + 1)
                new_clause = bool(said) or k > i + 1
                self.framed = k > i + 1 or self.framed and not new_clause
                if k == i + 1 and self.shared and prev == self.shared.target:    # more targets, or a new clause?
                    listing = Listing(heads, said, listed, [], self.shared, i)
                if new_clause:
                    self.close_front(heads)
                obj, _, i = self.phrase(k, joined=not new_clause, clause=[] if new_clause and k == i + 1 else None)
                listing = listing and listing._replace(members=listing.members + [obj])
                heads, prev, said = ([obj] if new_clause else heads + [obj]), obj, None
                listed, self.acted = listed or new_clause, self.acted and not new_clause
                self.finite, self.later = self.finite and not new_clause, self.later or new_clause
            elif w == "with" and self.acted:
                self.fail(i, "after a verb's object: the verb's tool, or a part of the object? the rules cannot tell")
            elif w in HAVE and verb_kind(self.word(i + 1) or "") in ("participle", "past"):   # Round 22: "has landed
                self.agree(i, heads, {"has": False, "have": True}.get(w))           # on": a perfect, the subjects'
                self.past_at, self.finite, said = self.toks[i + 1][1], True, heads
                target, i = self.verb_group(i + 1, heads)
                prev = target if target is not None else prev
            elif w == "with" or w in HAVE:                               # hangs off the nearest object
                owner, (prev, _, i) = prev, self.phrase(i + 1, clause=heads)
                self.with_owner = (owner, prev)                          # "it" after it is the owner (relate)
                listed = False
            elif w in RELATIVES:
                if not (self.word(i + 1) in COPULAS or self.verb_at(i + 1, None) or self.relative_verb(i + 1)):
                    self.fail(i + 1, f"expected a verb after {w!r}")
                k = next(k for k in range(i + 1, len(self.toks) + 1) if not adverb(self.word(k) or ""))  # "happily"
                if verb_kind(self.word(k)) in ("s", "base") and self.word(k) not in COPULAS:
                    self.agree(k, [prev], verb_kind(self.word(k)) == "base")
                target, i = self.predicate(i + 1, said := [prev])
                prev = target if target is not None else prev
            elif w in COPULAS:
                self.finite = True
                target, i = self.predicate(i, said := heads)
                prev = target if target is not None else prev
            elif self.relation_at(i) and self.relation_at(i)[0] in PLACES:
                place = self.relation_at(i)              # after a verb's object: unless "in its paws", "full of"
                whose = [prev]                           # but "in his bedroom" is a scene, whoever's it is
                worn = place[0] == "in" and self.last_noun_at(place[1]) in GARMENTS     # what the nearest wears
                if prev == self.open_object and place[0] not in REVERSED and not worn and (
                        self.word(place[1]) not in POSSESSIVES or scene(self.last_noun_at(place[1]))):
                    whose = self.place_owner(i, place)
                many = listed and len(heads) > 1 and prev == heads[-1] and place[0] not in DIRECTIONS
                prev, i = self.relate(heads if many else whose, *place, caption=True)
                listed = False
            elif i == self.verb_stop or self.verb_at(i):
                said = self.subjects_of(i, heads, prev, first=said is None and not self.framed, listed=listed)
                target, i = self.predicate(i, said)
                prev = target if target is not None else prev
            elif adverb(w):                      # after the verb's object or place: "hugs her puppy tightly"
                if prev not in (self.open_object, self.verb_target and self.verb_target[0]):
                    self.fail(i, "an adverb with no verb before it to describe")
                self.drop_adverb(i)
            else:
                self.fail(i, "expected 'and', 'with', a comma, a verb or a relation between two objects")
        if listing:
            heads = self.listed_objects(i, listing, heads, said, listed, prev)[0]
        self.close_front(heads)
        if self.doubt:
            self.fail(*self.doubt)
        graph = build_graph(self.prompt, self.objects, self.attr_spans, self.relations)
        if self.together is not None and len(self.objects) == 1 and self.objects[0].count == 1:
            raise CSGError(f"cannot place word {dict(self.dropped)[self.together]!r} at position {self.together} in "
                           f"{self.prompt!r}: says several things are together, but the prompt names one")
        graph.dropped = [words for _, words in sorted(self.dropped)]
        return graph

    def clause_after(self, i):
        """After "and" or ",": does token i start a predicate ("and eats a fish") or a lead-in ("and there is")?"""
        return self.word(i) in COPULAS or self.verb_at(i) and not self.phrase_start(i) or self.lead_in(i) > i

    def place_at(self, i):
        """Does a place ("on a rack", "in the box") start at token i?"""
        relation = self.relation_at(i)
        return bool(relation) and relation[0] in PLACES and self.word(relation[1]) is not None

    def last_noun_at(self, i):
        """The singular of the last noun word of the phrase at token i ("the city park" -> "park")."""
        while self.phrase_start(i) or self.word(i) in ATTRIBUTE_KIND:
            i += 1
        while not self.boundary(i + 1):
            i += 1
        return singular(self.word(i) or "")


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
