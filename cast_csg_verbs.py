"""cast_csg_verbs.py: how cast_csg's rules read what a phrase does. A verb between two objects becomes an action
relation ("chases a cat" -> chasing), a verb with no object the subject's action attribute, a copula a predicate
("is red", "was on top of"), a passive its active reading ("hidden by" -> behind, "was hit by" -> hitting), "painted
blue" an attribute; a finite verb must agree in number with its subjects; adverbs of manner are dropped. These are
the methods of cast_csg._Rules that read verbs, kept apart so each file holds one part of the grammar; they use
the reader's tokens and objects (word, phrase, relate, fail, ...) defined there.
"""
from __future__ import annotations

from itertools import takewhile

from cast_csg_kinds import AFTER_NOUN, ATTRIBUTE_KIND
from cast_csg_nouns import GARMENTS
from cast_csg_places import PLACE_OF_OBJECT, whose_place
from cast_csg_words import (COLORING, COPULAS, COVERING, FUNCTION_WORDS, GAMES, GATHERING, HEDGES,
                            INTRANSITIVE, IRREGULAR_PARTICIPLES, MADE_OF, NOUN_PAST_PARTICLES, NOUN_PASTS, OBJECT_VERBS,
                            PARTICLES, PASSIVE_PLACES, PHRASAL_PARTICLES, PLACES, PLAIN_PARTICIPLES, PLURAL_MODIFIERS,
                            POSITION_PARTICIPLES, RESTING_PASTS, SENTENCE_ENDS, SPATIAL, VERBS, VERB_LIKE_NOUNS, adverb,
                            gerund, singular, verb_base, verb_kind)


class VerbRules:
    """The verb half of cast_csg._Rules (a mixin: it reads the state and calls the phrase methods of _Rules)."""

    def verb_at(self, i, subject=None, clause=None):
        """Does a verb start at token i? Endings decide -ing, -ed and known past tenses, and any word right before a
        new phrase is a verb ("a dog licks a bone"). A present tense must agree with the noun before it, by `subject`
        (noun_number's): "a" (a/an/one + a singular): any -s word, "a girl waves"; "plural" (a plural first or after a
        number): any plain word, "two hot dogs sit", and VERBS in -s, which cannot be part of a plural noun and so
        are an earlier subject's ("a vase with tulips stands"); "one" and "several": only VERBS in the agreeing form,
        "the cat sits", "a cat and a dog sleep"; "bare" (a singular with no article): none, and a known verb in -s is
        refused ("music stands", "red hair sits": a plural noun or a verb?); None (after "and", "which"): VERBS in any
        form. `clause`: the subjects a verb after the phrase would describe, if it is a subject ([]: its own) or hangs
        off one by "with" (None for a relation's target and after a lead-in). Before a place, a word in -s or a known
        verb after a bare noun that starts a clause is a verb or part of the noun ("fresh bread cools on a rack",
        "coffee cups on a shelf", "cattle graze in a field"): refused; a known verb in the base form agrees only with
        plural subjects, so after a bare singular in "with" it is theirs ("four donuts with chocolate glaze sit")."""
        w = self.word(i)
        noun_like = w in VERB_LIKE_NOUNS and not (verb_kind(w or "") == "ing" and self.phrase_start(i + 1))
        covering = verb_kind(w or "") == "participle" and self.word(i + 1) == "with"   # round 32: "dotted with"
        if w is None or not w.replace("-", "").isalpha() or w in FUNCTION_WORDS or w in AFTER_NOUN \
                or w in ATTRIBUTE_KIND and not covering \
                or noun_like or w in PARTICLES or self.name(i):         # "the Eiffel Tower": a name's word; but
            return False                                                # round 29: "a woman painting a fence"
        if self.place_at(i) or verb_base(w) in OBJECT_VERBS and self.place_at(i + 1):   # Round 20: "and behind a
            return False                                                # basket", "a pocket watch on a desk"
        if adverb(w):                                                   # an adverb before its verb
            return self.verb_at(i + 1, subject)
        kind = verb_kind(w)
        if kind in ("ing", "past", "participle") or self.phrase_start(i + 1):
            return True
        if w in NOUN_PASTS and clause == [] and self.word(i + 1) in NOUN_PAST_PARTICLES:   # "A boy dove into"
            return True
        if subject == "bare" and kind == "s" and verb_base(w) in VERBS:    # "blonde hair sits", "music stands"
            if self.word(i + 1) in COPULAS and COPULAS[self.word(i + 1)]:   # Round 14: "Music stands are ...": no verb
                return False                                            # takes "are" after it, so a plural noun
            self.fail(i, "after a noun with no article: a verb, or a plural noun? the rules cannot tell")
        if subject == "bare" and clause is not None and self.place_at(i + 1):
            if kind == "base" and verb_base(w) in VERBS and self.several(clause):
                return True
            if not clause and (kind == "s" or verb_base(w) in VERBS):    # refused once the phrase is read
                self.unsure = (i, "after a noun with no article, before a place: a verb, or part of the noun? the "
                                  "rules cannot tell")
        # Round 14: in a relation's target with no article ("filled with green liquid"), a known verb in the base form
        # before a place is no part of the noun ("liquid sit") but the clause's verb, which must agree with the
        # clause's subjects or is refused ("Three flasks filled with green liquid sit on the shelf.").
        if subject == "bare" and clause is None and kind == "base" and verb_base(w) in VERBS and self.place_at(i + 1):
            return True
        if w in PLURAL_MODIFIERS or subject == "bare":
            return False
        # A plural-looking word then a word the rules do not know, in a relation's target: agreement with that noun
        # says nothing of the clause's verb, and the two may be one noun ("fireworks over the ferris wheel").
        if (subject, kind) == ("plural", "base") and clause is None and verb_base(w) not in VERBS:
            self.fail(i, "after a plural-looking word in a relation's target: the clause's verb, or part of the "
                         "noun? the rules do not know the word")
        if (subject, kind) in (("a", "s"), ("plural", "base")):
            return True
        known = verb_base(w) in VERBS
        if known and (subject, kind) == ("several", "s"):
            self.fail(i, "a verb for one thing after several subjects: the rules cannot tell what it describes")
        return known and (subject is None or (subject, kind) in (("one", "s"), ("several", "base"), ("plural", "s")))

    def relative_verb(self, i):
        """Round 12: is the word at token i, right after "that", "which" or "who", a verb the tables do not know
        ("plates of sushi that move along a belt")? A relative clause with no subject of its own starts with its verb,
        one with its own starts with a determiner or a noun ("the cake that mom bakes"). So a plain base-form word, no
        plural, function word, attribute or name, before a place ("move along", "drift over"), is the verb (agree()
        then checks it against the antecedent: a plural); verb_at knows only VERBS there. Not a word in -s: after a
        singular it could be a plural subject ("a tree that birds in the park love")."""
        w = self.word(i) or ""
        return w.isalpha() and verb_kind(w) == "base" and singular(w) == w \
            and w not in FUNCTION_WORDS and w not in PARTICLES and w not in ATTRIBUTE_KIND and not self.name(i) \
            and self.place_at(i + 1)

    def agree(self, i, subjects, many):
        """A copula or a finite verb at token i says one (many=False) or several (True) things."""
        if many is not None and many != self.several(subjects):
            names = " and ".join(repr(self.objects[s].noun) for s in subjects)
            self.fail(i, f"does not agree in number with {names}: the rules cannot tell what it describes")

    def predicate(self, i, subjects):
        """Read what `subjects` are or do from token i (a copula or a verb); returns (target or None, next)."""
        w = self.word(i)
        if w in COPULAS:
            self.agree(i, subjects, COPULAS[w])
            i += 1 + (self.word(i + 1) == "being")
            if self.word(i) in ("not", "no"):
                self.fail(i, "a negation; the rules only read what is in the picture")
            relation = self.relation_at(i)
            if relation and relation[0] in PLACES:
                return self.relate(subjects, relation[0], relation[1])
            plain = self.word(i) in PLAIN_PARTICIPLES and (self.word(i + 1) == "by" or self.place_at(i + 1))  # "hit"
            # Round 30: a word WordNet knows only as an adjective, last or before "and" + a describing word, is the
            # subject's state ("the dock is weathered and gray"), not a passive with nothing after it ("is lined up")
            joined = self.word(i + 1) in ("and", ",")
            state = self.adjective(i) and (self.word(i + 1) is None or self.word(i + 1) in SENTENCE_ENDS
                                           or joined and (self.word(i + 2) in ATTRIBUTE_KIND or self.adjective(i + 2)))
            if not state and (plain or self.verb_at(i) or verb_kind(self.word(i) or "") == "ing"):   # "was hit by"
                return self.verb_group(i, subjects, passive=True)
            return None, self.predicate_attributes(i, subjects)
        return self.verb_group(i, subjects)

    def predicate_attributes(self, i, subjects):
        """"the car is red", "the apples are green and shiny": attributes after a copula."""
        while True:
            w = self.word(i)
            ends = self.boundary(i + 1) and not self.phrase_start(i + 1)
            if w is None or not w.replace("-", "").isalpha() or w in FUNCTION_WORDS or self.phrase_start(i) \
                    or not ends or (w not in ATTRIBUTE_KIND and singular(w) != w):
                self.fail(i, "expected a relation, an action or an attribute after the verb")
            if self.word(i + 1) == "by" and w not in ATTRIBUTE_KIND:    # Rounds 19, 20: "was slain by a knight"
                self.fail(i, "a participle the tables do not know ('is rung by': who did it), or a state and a place "
                             "beside it? the rules cannot tell")
            for s in subjects:
                self.objects[s].attributes.append(w)
                self.attr_spans[s].append(self.toks[i][1:])
            i += 1
            if not (self.word(i) in ("and", ",") and not self.phrase_start(i + 1)
                    and not self.verb_at(i + 1) and self.word(i + 1) not in ("with", "and")):
                return i
            i += 1

    def verb_group(self, i, subjects, passive=False):
        """verb [particles | relation] [object]: an action relation, or the subject's action attribute.
        `passive`: after a copula, where a participle is the subject's state ("was picked from", "was cut by")."""
        while adverb(self.word(i)):                                     # "happily chases": dropped (drop_adverb)
            self.drop_adverb(i)
        w = self.word(i)
        while adverb(self.word(i + 1) or "") and not self.phrase_start(i + 2) and (
                self.boundary(i + 2) or self.word(i + 2) in PARTICLES):  # "sleeps peacefully (on a rug)"
            self.drop_adverb(i + 1)
        plain = (passive or self.toks[i][1] == self.plain_at) and w in PLAIN_PARTICIPLES   # "was cut by", "spread on"
        kind = "participle" if plain else "past" if self.toks[i][1] == self.past_at else verb_kind(w)
        if (colored := self.color_or_material(i, subjects)) is not None:     # "painted blue": an attribute
            return None, colored
        j = k = i + 1
        while self.word(k) in PARTICLES and self.word(k) != "by":      # "knocked over by"
            k += 1
        if kind == "participle" and self.word(k) == "by":                # passive: "a mouse chased by a cat"
            if w in PASSIVE_PLACES and k == j:
                return self.relate(subjects, PASSIVE_PLACES[w], j + 1)
            if w in POSITION_PARTICIPLES:
                self.fail(k, f"after {w!r}, 'by' could be the place or who did it: write 'next to'")
            return self.relate(subjects, " ".join([gerund(w)] + self.words(j, k)), k + 1, True, True)
        relation = self.relation_at(j)
        relation = relation if relation and relation[0] in SPATIAL else None
        if relation:
            j = relation[1]
        while self.word(j) in PARTICLES and not relation:                # "jumps out of", "looks up at"
            j += 1
            if self.word(j - 1) == "to" and not self.phrase_start(j):
                self.fail(j, "'to' + a verb: a purpose, which the atoms cannot state")
            if self.word(j - 1) == "into" and gerund(w) in GATHERING:
                self.fail(j - 1, "the shape the things make, or where they go? the rules cannot tell")
        after = self.relation_at(j) if j > i + 1 and not relation else None
        if after and after[0] in SPATIAL and self.phrase_start(after[1]):    # "curled up in a basket"
            j = after[1]
        if self.word(j) == "of" and j > i + 1:
            j += 1
        words = [w if kind == "participle" else gerund(w)]
        prep = " ".join(self.words(i + 1, j))
        if gerund(w) == "playing" and j == i + 1 and self.word(j) in GAMES:     # "playing soccer": an action
            j, prep = j + 1, self.word(j)
        if self.boundary(j) and not self.phrase_start(j):               # nothing to act on: what the subject does
            value = " ".join(words + ([prep] if prep else []))
            for s in subjects:
                self.objects[s].attributes.append(value)
                self.attr_spans[s].append((self.toks[i][1], self.toks[j - 1][2]))
            return None, j
        if kind == "participle" and (j == i + 1 or not passive and set(self.words(i + 1, j)) <= PHRASAL_PARTICLES
                                     and w not in POSITION_PARTICIPLES and gerund(w) not in PLACE_OF_OBJECT):
            words[-1] = gerund(w)                                        # a past tense: "chased a cat", "knocked over"
        return self.relate(subjects, " ".join(words + ([prep] if prep else [])), j, direct=j == i + 1, verb=gerund(w))

    def color_or_material(self, i, subjects):
        """"painted blue", "dyed green and white", "made of glass": the participle at token i gives the subjects their
        color or material (COLORING, MADE_OF); returns the next token, or None ("painted a fence": what it painted)."""
        w, of = self.word(i), self.word(i) in MADE_OF and self.word(i + 1) in ("of", "from")
        kinds = COLORING.get(w) or of and MADE_OF[w] or set()
        j = i + 1 + (of or self.word(i + 1) == "in" and ATTRIBUTE_KIND.get(self.word(i + 2)) in kinds)  # "in blue"
        known, kind = ATTRIBUTE_KIND.get(self.word(j)) in kinds, " or ".join(kinds)
        bare = not self.boundary(j) and singular(self.word(j)) == self.word(j)    # "painted teal": a word alone
        if not known and (of or kinds and bare):
            self.fail(j, f"after {' '.join(self.words(i, j))!r}: a {kind} for what comes before, or an object? "
                         f"the rules know only the {kind}s of ATTRIBUTES")
        if not known:
            return None                                                 # "painted a fence", "painted flowers"
        j = self.predicate_attributes(j, subjects)                     # refuses "painted blue doors": whose color?
        if self.word(j) == "by":                                        # "a fence painted white by the barn"
            self.fail(j, f"after {w!r} and a {kind}, 'by' could name who did it or a place beside it")
        return j

    def drop_adverb(self, i):
        """Drop the adverb at token i into SceneGraph.dropped, as "together": one of manner ("sleeps peacefully", "hugs
        her puppy tightly") says how, the action holds however it is done, and no atom states how (a picture rarely
        shows "slowly"). One that says the action may not hold (HEDGES: "nearly catches") is refused."""
        if self.word(i) in HEDGES:
            self.fail(i, "says the action may not hold; the atoms state only what is in the picture")
        self.dropped.append((self.toks[i][1], self.prompt[slice(*self.toks[i][1:])]))
        del self.toks[i]

    def place_owner(self, i, place):
        """Whose is the place at token i after a verb's object ("reads a newspaper on a bench")? whose_place decides,
        not after a passive's agent ("a ball chased by a puppy in a yard"); what it cannot decide is refused."""
        subjects, target, verb, owned, _ = self.action or (None, None, None, False, None)
        whose = subjects and whose_place(verb, place[0], self.last_noun_at(place[1]), self.objects[target].noun, owned)
        if not whose:
            self.fail(i, "a place after a verb's object: the subject's or the object's? the rules cannot tell for "
                         "this verb and place")
        return subjects if whose == "subject" else [target]

    def finite_past(self, k):
        """Is the -ed word at token k, right after a written sentence's subjects, its finite past ("A heron landed on a
        post.": landing on)? Only for INTRANSITIVE verbs, which have no passive, and RESTING_PASTS, whose passive shows
        the same picture ("Saddles hung on the wall.": hanging on) unless a copula follows in the sentence (its
        verb, "Pigeons perched on a statue are watched."), and not before "by" (passive or place?). Else it stays a
        participle as written, as in a caption ("a car parked at a curb", "a house covered in snow."): its verb takes
        an object, so the form says nothing; nor without a sentence end ("a heron landed on a post"), where the
        participle ("one that has landed") says the same picture."""
        w, j = self.word(k), k + 1
        while self.word(j) in PARTICLES and self.word(j) != "by":
            j += 1
        intransitive = w not in IRREGULAR_PARTICIPLES and bool({w[:-1], w[:-2], w[:-3], w[:-3] + "y"} & INTRANSITIVE)
        rest = set(takewhile(lambda t: t not in SENTENCE_ENDS, (t[0] for t in self.toks[j:])))
        resting = w in RESTING_PASTS and not rest & COPULAS.keys()          # Round 15: "pigeons perched on a statue
        return self.sentence and verb_kind(w) == "participle" and self.word(j) != "by" \
            and (intransitive or resting)                                 # are watched": the sentence's verb is later

    def subjects_of(self, i, heads, prev, first=False, listed=False):
        """Who the action at token i describes. A participle ("chasing", "hidden by") the nearest object;
        a finite verb ("sits", "sat", "chased a cat") the clause's subjects, agreeing in number with them; so does a
        finite past in -ed (finite_past) while the written sentence has no finite verb yet (self.finite), right after
        its subjects or after participles, places or "with" that hang off them. A participle right after a list of
        subjects describes them all, as a finite verb would ("a violin and a flute lying on a chair", "cups and plates
        stacked on a shelf"): a caption of phrases joined by "and" then one participle names what they all do. Not
        where a member has its own relation or "with" (not `listed`): GenEval 2 writes a list of two scenes so
        ("three chairs in front of a sofa and two cats chasing a mouse"), the last member's."""
        k = i
        while adverb(self.word(k)):
            k += 1
        # Rounds 18, 19: so is one after participles, places or "with" that hang off the subjects, while the sentence
        # has no finite verb yet ("A girl holding a balloon jumped over a puddle.", "A man with a dog walked along the
        # road.": a sentence needs one, and the balloon does not jump).
        if not (self.finite or self.framed) and self.finite_past(k) or first and prev in heads and \
                self.word(k) in NOUN_PASTS:                              # verb_at said so
            self.past_at, self.finite = self.toks[k][1], True           # verb_group reads it as a past
            return heads
        if first and prev in heads and self.sentence and self.toks[k][1] == self.plain_at:   # "A boy put on a hat."
            self.fail(k, "in a sentence, a past tense ('put on a hat') or a participle ('a lid put on a jar')? the "
                         "rules cannot tell")
        kind = "participle" if self.toks[k][1] == self.plain_at else verb_kind(self.word(k))   # "a rug spread on"
        direct = kind == "participle" and self.phrase_start(k + 1)
        if kind == "ing" and self.verb_target == (prev, heads):          # "sitting on a post eating a nut"
            return heads
        if kind in ("s", "base", "past") or direct:
            if kind == "s" or kind == "base" and self.word(k) not in PLAIN_PARTICIPLES:   # "a boy hit": a past
                self.agree(k, heads, kind == "base")
            self.finite = True
            return heads
        if listed and len(heads) > 1 and prev == heads[-1]:               # "a cup and a bowl lying on a mat"
            return heads
        place = self.relation_at(k + 1)                  # Rounds 15, 16: "a box with a cat sleeping in it", "on top"
        if kind == "ing" and self.with_owner == (heads[-1], prev) and place and self.word(place[1]) in ("it", "top"):
            return [prev]
        # Round 15: an action after a garment a subject is in is the wearer's ("a man in a raincoat holding a pole")
        wearer = [s for s, value, t in self.relations if t == prev and value == "in" and s in heads]
        if kind == "ing" and wearer and self.objects[prev].noun.split()[-1] in GARMENTS:
            return wearer[-1:]
        # Round 28: "a wall covered in ivy": the nearest thing's; round 32: so is any participle before "with" ("a
        # valley dotted with sheep")
        if kind == "participle" and (self.word(k) in COVERING or self.word(k + 1) == "with") and prev not in heads:
            return [prev]
        if prev not in heads or (kind == "participle" and heads != [prev] and self.word(k + 1) != "by"):
            who = [self.objects[s].noun for s in dict.fromkeys(heads + [prev])]
            self.fail(k, f"could describe {' or '.join(map(repr, who))}: the rules cannot tell which")
        return [prev]
