"""cast_csg_phrases.py: how cast_csg's rules read one object phrase: [the | a number | a possessive] attributes, noun
words, ["of" noun words] ("two fluffy white rabbits", "a basket of warm rolls", "the Ferris wheel"), where the noun
ends (a verb, a place, a joiner), its number and its count, and the refusals when the words could be read two ways
("fresh bread cools on a rack": a verb, or part of the noun?). These are the methods of cast_csg._Rules that read
phrases (a mixin, as cast_csg_verbs.VerbRules is); they use the reader's tokens and objects (word, boundary,
verb_at, fail, ...).
"""
from __future__ import annotations

from cast_csg_graph import Obj
from cast_csg_kinds import AFTER_NOUN, ATTRIBUTE_KIND, NAMED_KINDS, THING_COLORS, plain_adjective
from cast_csg_nouns import BEINGS, us_unsure
from cast_csg_words import (COMPOUNDS, FUNCTION_WORDS, NOUN_PARTICIPLES, NUMBERS, PARTICLES, PLAIN_PARTICIPLES,
                            PLURAL_MODIFIERS, POSSESSIVES, REGIONS, SELF_ACTING, TIME_JOINERS, VERBS, VERB_LIKE_NOUNS,
                            adverb, bare_count, noun_fault, noun_number, said_many, same_plural, singular, verb_base,
                            verb_kind)


def known_compound(first, second):
    """Are the words `first` `second` a known two-word noun, its head in either number ("a trash can", "trash cans",
    "teddy bears", "red pandas": COMPOUNDS, NAMED_KINDS)? Then `second` is the noun's, never a verb: a bare first
    word then a word in -s before a place is otherwise refused ("bread cools on a rack": a verb, or part of the
    noun?), and a listed compound has no verb reading there ("trash [subject] cans", "red [subject] pandas")."""
    return (first, second) in COMPOUNDS or (first, singular(second)) in COMPOUNDS | NAMED_KINDS


class PhraseRules:
    """The phrase half of cast_csg._Rules (a mixin: it reads the state and calls the methods of _Rules)."""

    def modifies(self, i):
        # "a black and white cat": two attributes of one kind; "a blue square and green triangles": a noun, then more.
        # Round 30: a word only ever an adjective is no noun, so "and" joins it to any describing word ("a gloomy and
        # old lighthouse").
        describing = [self.word(k) in ATTRIBUTE_KIND or self.adjective(k) for k in (i, i + 2)]
        if self.word(i + 1) == "and" and (ATTRIBUTE_KIND.get(self.word(i + 2), "") == ATTRIBUTE_KIND.get(self.word(i))
                                          or all(describing) and (self.adjective(i) or self.adjective(i + 2))):
            return self.modifies(i + 2)
        return not self.boundary(i + 1) and self.word(i + 1) != "of"      # "a glass of milk": glass is the noun

    def doing(self, i):
        """Is token i an -ing word before a person or an animal, what it is doing ("a smiling man": BEINGS), or (round
        31) one a thing does by itself ("a glowing lamp": SELF_ACTING)?"""
        w, k = self.word(i) or "", i + 1
        while self.word(k) in ATTRIBUTE_KIND:                          # "a smiling old man"
            k += 1
        return verb_kind(w) == "ing" and w not in VERB_LIKE_NOUNS and not self.boundary(k) \
            and (singular(self.word(k)) in BEINGS or w in SELF_ACTING) and (w, self.word(i + 1)) not in COMPOUNDS \
            and (w, singular(self.word(i + 1) or "")) not in NAMED_KINDS

    def adjective(self, i):
        """Round 30: is token i a word WordNet knows only as an adjective (cast_csg_kinds.plain_adjective: "a weathered
        dock", "a cluttered desk"), none of the rules' own words, and no plural ("divers")?"""
        w = self.word(i)
        return plain_adjective(w) and singular(w) == w and w not in FUNCTION_WORDS and w not in PARTICLES \
            and w not in NUMBERS

    # -------------------------------------------------------- phrases
    def phrase(self, i, joined=False, clause=None):
        """Read one object phrase from token i; returns (object index, first noun token, next token).

        "the" + a noun already in the graph ("... behind the bus") names that object again. `joined`:
        the phrase is one of several subjects ("a whisk and a bowl mix ..."), so its verb is plural; `clause`: as
        verb_at's."""
        w, before, count = self.word(i), self.word(i - 1) if i else None, None
        food, self.food = self.food, False                               # relate's: the object of a FOOD_VERB
        self.shared = None                                               # relate() sets it after its target
        self.unsure = None                                               # a word verb_at could not read, and why
        determiner = w in POSSESSIVES or w == "the"
        i += determiner
        if self.word(i) in NUMBERS or (self.word(i) or "").isdecimal():
            count = NUMBERS.get(self.word(i)) or int(self.word(i))
            if count < 1:
                self.fail(i, "a count must be at least 1")
            i += 1
        attrs = []
        while (self.word(i) in ATTRIBUTE_KIND or self.doing(i) or self.adjective(i)) and not self.name(i) \
                and self.modifies(i) \
                and (self.word(i), singular(self.word(i + 1))) not in NAMED_KINDS \
                and not (self.word(i) in THING_COLORS and verb_base(self.word(i + 1)) in VERBS):  # "a lime sits"
            attrs.append(i)
            i += 2 if self.word(i + 1) == "and" else 1
        start = head = i
        while not self.boundary(i):
            word = self.word(i)
            # "the edge of", "the side of": no whole object (REGIONS); with a number, a thing ("a side of fries")
            if word == "of" and i > start and self.word(i - 1) in REGIONS and not count:
                self.fail(i - 1, "a part or region of a thing, not a whole object: the atoms cannot state it")
            if word == "of" and i > start and head == i - 1:             # "a slice of cheese": of a bare noun
                if self.boundary(i + 1):
                    self.fail(i, "'of' before a determiner: write the object itself or a relation ('on top of')")
                i += 2                                                   # its first word is a noun, never a verb,
                while self.word(i - 1) in ATTRIBUTE_KIND and not self.boundary(i):   # nor one after its attributes
                    i += 1                                               # (round 23: "a basket of warm rolls by")
                continue
            if i > start and word in AFTER_NOUN:                         # round 32: "two dogs asleep on a seat"
                attrs.append(i)
                break
            if i > start and word in TIME_JOINERS:
                self.fail(i, "a time ('after', 'until'): the atoms state what the picture shows, not when")
            if i > start and adverb(word) and not self.phrase_start(i + 1) and self.boundary(i + 1):
                break                                                    # "hugs her puppy tightly": graph() reads it
            if i > start and word in PLAIN_PARTICIPLES and self.word(i + 1) == "by":   # "a man hit by", "a tea set by"
                self.fail(i, "the noun's last word, or a participle with its agent? write 'which was ... by'")
            if i > start and word in PLAIN_PARTICIPLES and self.place_at(i + 1) \
                    and (self.word(i - 1), word) not in COMPOUNDS:      # "a blanket spread on": NOUN_PARTICIPLES
                if word in NOUN_PARTICIPLES:                             # refused once the rest is read
                    self.doubt = self.doubt or (i, "the noun's last word ('a tea set') or a participle? the rules "
                                                   "cannot tell; write 'placed' or 'which was'")
                self.verb_stop, self.plain_at = i, self.toks[i][1]       # a participle: read as one in the clause
                break
            number = noun_number(self.word(head), head == start, count, determiner, joined, i > head + 1,
                                 self.name(head))
            # A plural modifier ("kids menu", "sports car") first after a number above one: a compound would end in a
            # plural ("four kids meals"), so a plain word after it is the verb, as after any plural ("Four kids crowd
            # around a table."; noun_fault refuses the compound). Not a word that is its own plural ("two sports fish").
            modifier = number == "several" and i == start + 1 == head + 1 and self.word(head) in PLURAL_MODIFIERS
            if modifier and (count or 0) > 1 and not joined and not same_plural(word) and singular(word) == word:
                number = "plural"
            # "Kids crowd around a table.": a plural modifier then a plain word the rules do not know as a verb, before
            # a place: in a written sentence a compound that ends so would need an article ("The kids table"); a verb
            # or a noun's end? refused once the phrase is read. Known verbs agree ("Kids sit on a bench.").
            if modifier and self.sentence and clause == [] and count is None and verb_kind(word) == "base" \
                    and word not in VERBS and self.place_at(i + 1):
                self.unsure = (i, "after a plural that also names a kind ('kids', 'sports'): a verb, or the noun's "
                                  "last word? the rules cannot tell")
            # Round 14: after "of" and a plural ("rows of grapevines") the noun has ended, for a compound's modifier is
            # singular ("grape vines"): the next word is the clause's verb ("Rows of grapevines stretch along a hill.").
            ended = singular(self.word(i - 1)) != self.word(i - 1) or same_plural(self.word(i - 1)) and \
                verb_kind(word) == "s" and self.place_at(i + 1)        # "a school of fish circles around a reef"
            if i > head + 1 and "of" in self.words(head, i - 1) and ended \
                    and self.word(i - 1) not in PLURAL_MODIFIERS and not self.name(i - 1) and word.isalpha() \
                    and not {word} & (FUNCTION_WORDS | PARTICLES) and word not in ATTRIBUTE_KIND:
                self.verb_stop = i
                break
            if i > start and not known_compound(self.word(i - 1), word) and self.verb_at(i, number, clause):
                self.verb_stop = i                                       # the clause reads the verb next
                break
            head = i if "of" not in self.words(start, i) else head
            i += 1
        if i == start:
            self.fail(i, "expected a noun here")
        fault = noun_fault(self.word, start, head, i, determiner, count, (before, w), self.name)
        if fault or self.unsure:
            self.fail(*(fault or self.unsure))                           # the earlier fault first ("some birds")
        words = self.words(start, i)
        if self.name(head) and singular(self.word(head)) != self.word(head) and (count or 0) < 2:
            self.fail(head, "a name in -s, or a plural? the rules cannot tell ('Paris', 'two Labradors')")
        words[head - start] = singular(words[head - start])
        lemma = " ".join(words)
        own = clause == [] and not joined                  # a subject's own verb; after "with" or "and", the clause's
        after = self.word(i) if own else None
        # Round 12: "tutus" or "a walrus"? A word in -us the tables cannot read (us_unsure) is a plural after a number
        # above one or before a plural verb ("two kudzus", "the zebus are"), one after "a" or a verb in -s; else
        # refused.
        if count != 1 and us_unsure(self.word(head)) and not self.name(head):
            many = (count or 0) > 1 or said_many(after, i == self.verb_stop)
            if many is None:
                self.fail(head, "a singular in -us ('a walrus') or the plural of a noun in -u ('tutus')? the rules "
                                "cannot tell; write 'a' or a number")
            words[head - start], count = (self.word(head)[:-1], count) if many else (self.word(head), 1)
            lemma = " ".join(words)
        names = [self.word(k) for k in attrs]
        # "the" + an earlier object again, by its noun, (round 24) its head ("the tree": "an acacia tree" before) or
        # (round 31) the head before its "of" ("the bowl": "a steaming bowl of ramen" before)
        if w == "the":
            for same in (lambda noun: noun == lemma, lambda noun: noun.endswith(" " + lemma),
                         lambda noun: f" {noun.split(' of ')[0]}".endswith(f" {lemma}")):
                for k in reversed(range(len(self.objects))):
                    if same(self.objects[k].noun) and set(names) <= set(self.objects[k].attributes):
                        return k, start, i
        if count is None and words[head - start] == self.word(head):   # "dog": one; "dogs" keeps None (two or more)
            count, why = bare_count(self.word(head), determiner, after, i == self.verb_stop, food)
            if why:                                                     # "the sheep", "fish": one or several?
                self.fail(head, why)
        self.objects.append(Obj(lemma, count, names, (self.toks[start][1], self.toks[i - 1][2])))
        self.attr_spans.append([self.toks[k][1:] for k in attrs])
        return len(self.objects) - 1, start, i + (self.word(i) in AFTER_NOUN)
