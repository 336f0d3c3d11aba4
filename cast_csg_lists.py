"""cast_csg_lists.py: how cast_csg's rules read phrases joined by "and" after a verb's object or a relation's target:
more objects or targets of that verb or relation ("wears a scarf and a hat", "a crate full of lemons and limes"), or
the subjects of a new clause ("a dog chases a ball and a cat sleeps"), or refused where both readings stay open. The
reader's state for it (Shared, Listing) and ListRules.listed_objects, a method of cast_csg._Rules kept apart as
cast_csg_verbs.VerbRules is; it uses the reader's tokens and objects (word, relation_at, verb_at, fail, ...).
"""
from __future__ import annotations

from typing import NamedTuple

from cast_csg_words import COPULAS, HAVE, PLAIN_PARTICIPLES, SENTENCE_ENDS, adverb, verb_kind


class Shared(NamedTuple):     # what relate() leaves for phrases joined to its target by "and" (listed_objects)
    subjects: list
    target: int
    value: str
    swap: bool                 # the relation runs target -> subject ("full of")
    direct: bool               # the target is a verb's object
    caption: bool              # a place with no verb or copula of its own


class Listing(NamedTuple):    # the reader's state when "and" followed a shared target (listed_objects)
    heads: list
    said: list | None
    listed: bool
    members: list              # the phrases joined since
    shared: Shared
    joiner: int                # the first "and" or ",": where a refusal points


class ListRules:
    """The list half of cast_csg._Rules (a mixin: it reads the state and calls the phrase methods of _Rules)."""

    def listed_objects(self, i, listing, heads, said, listed, prev):
        """Phrases joined by "and" or "," right after a verb's object ("wears a scarf and a hat", "a dog chases a ball,
        a stick and a frisbee") or a clause's place ("a dog sits next to a cat and a rabbit", "a crate full of
        lemons and limes") are more objects of that verb or relation when the clause ends after them
        (the sentence's or the prompt's end, "while", or "and" + a verb: "holds a cup and a saucer and smiles"): a
        clause needs a predicate, so phrases with none cannot be a new one, and each gets the relation (relate's
        `shared`). If a verb or a copula follows, they were a new clause's subjects ("a dog chases a ball and
        a cat sleeps"): kept so. After a verb's object, a place, "with" or an adverb after them could be the last
        phrase's or the whole list's ("a man holding a cup and a dog on a sofa": two things, or a man holding both on a
        sofa?): refused. After a relation's target they keep the reading of a list of scenes, each with its own place
        or "with", as GenEval 2 writes them ("a cat on a mat and a dog on a sofa"). Returns the reader's state for
        token i: the clause's again after a list of objects, as it was otherwise."""
        subjects, _, value, swap, direct, caption = listing.shared
        w = self.word(i)
        ends = w is None or w in SENTENCE_ENDS or w == "while" or w in ("and", ",")    # clause_after(i + 1)
        if not ends and direct and (w == "with" or w in HAVE or adverb(w) or self.place_at(i)):
            self.fail(i, "after a list of phrases after a verb's object: the last phrase's, or the list's? the rules "
                         "cannot tell")
        # A finite verb or a copula after a list that a relation's target began, with no predicate before: the verb of
        # them all ("a cat on a mat and a dog sleep"), or of the first phrase, the rest its targets ("two men in hats
        # and coats walk a dog")? Refused, unless the verb is plural and the first phrase one thing, which it cannot
        # describe ("A cat on a mat and a dog are sleeping."). A participle is the last phrase's (subjects_of).
        kind = verb_kind(w or "")
        finite = w in COPULAS or kind in ("s", "base", "past") and not self.relation_at(i) and self.verb_at(i)
        plural = COPULAS[w] if w in COPULAS else kind == "base" and w not in PLAIN_PARTICIPLES
        if not ends and not direct and listing.said is None and finite and not (plural and not self.several(
                listing.heads)):
            self.fail(i, "after a list of phrases after a relation's target: the verb of them all, or of the first "
                         "phrase, with the rest its targets? the rules cannot tell")
        if not ends:
            return heads, said, listed, prev, None                      # a new clause: "and a cat sleeps"
        # A caption's place (no verb or copula) with more phrases after its target: a list of targets ("two nurses in
        # scrubs and masks") or more things in the picture ("a cat on a mat and a dog")? Only meaning tells them
        # apart, so refused; "full of" (swap) takes only contents, and a clause's place ("sits next to a fence and a
        # tractor", "is on a shelf and a cabinet") has its predicate already, so the phrases are its targets.
        if caption and not swap:
            self.fail(listing.joiner, "after a place's target, more phrases: targets of the place, or more things in "
                                      "the picture ('a cat on a mat and a dog')? the rules cannot tell")
        for m in listing.members:
            if m in subjects:
                self.fail(i, "a relation needs two different objects")
            self.relations += [(m, value, s) if swap else (s, value, m) for s in subjects]
        return listing.heads, listing.said, listing.listed, prev, None
