"""cast_csg_nouns.py: a noun's number for cast_csg's rule grammar: the plural tables (irregular, Latin and Greek, -ves,
words alike in both numbers, words that only look plural, nouns in -u and -us) and singular(), which reads a plural back
to its lemma. cast_csg_words.py (the other word lists) and cast_csg_graph.py (the plural that questions use) build on
these; extend the noun tables here and nowhere else.
"""
from __future__ import annotations

# "a bird's nest", "a chef's hat": one thing named by its kind, read as one noun. But a body part's owner
# must be in the picture ("on a pirate's shoulder": a pirate and a shoulder), which the rules do not write: refused.
BODY_PARTS = set("""shoulder shoulders head hand hands arm arms leg legs back lap foot feet nose ear ears face hair
tail neck knee knees finger fingers paw paws mouth eye eyes tooth teeth""".split())

# Plurals: irregular forms, words that do not change, and words that only look plural.
PLURALS = {"mouse": "mice", "person": "people", "child": "children", "man": "men", "woman": "women",
           "goose": "geese", "tooth": "teeth", "foot": "feet", "ox": "oxen", "bus": "buses", "gas": "gases",
           "lens": "lenses", "canvas": "canvases", "potato": "potatoes", "tomato": "tomatoes", "mango": "mangoes",
           "volcano": "volcanoes", "mosquito": "mosquitoes", "domino": "dominoes", "hero": "heroes",
           "buffalo": "buffaloes", "tornado": "tornadoes", "louse": "lice"}
# Latin and Greek plurals ("three cacti"), a closed list: other words in -i or -a stay English ("a taxi", "a koala").
# ALSO_PLURALS are read back to the singular too, but questions ask the English plural ("octopuses").
PLURALS |= dict(pair.split(":") for pair in """cactus:cacti fungus:fungi stimulus:stimuli nucleus:nuclei radius:radii
alumnus:alumni larva:larvae pupa:pupae vertebra:vertebrae alga:algae nebula:nebulae amoeba:amoebae bacterium:bacteria
criterion:criteria phenomenon:phenomena index:indices appendix:appendices matrix:matrices vertex:vertices
oasis:oases""".split())
ALSO_PLURALS = {"octopi": "octopus", "hippopotami": "hippopotamus", "antennae": "antenna", "aquaria": "aquarium",
                "terraria": "terrarium", "flamingoes": "flamingo"}
# Nouns in -f / -fe whose plural is in -ves, alone or ending a compound ("bookshelves", "penknives", "werewolves");
# every other -ves is a noun in -ve ("olives", "gloves", "sleeves", "valves", "hives"), so the list is closed.
VES_NOUNS = "shelf wolf leaf half loaf calf knife wife life elf thief scarf hoof dwarf wharf sheaf".split()
# Plurals with two readings and no number to tell them apart ("a man wearing glasses"): refused, with the way out.
AMBIGUOUS_PLURALS = {"glasses": "drinking glasses or eyeglasses? write a number ('two glasses') or 'eyeglasses'"}
# Count nouns written alike for one and several, and every noun in -fish: with no article several, as a singular
# count noun needs one ("deer graze", "a tank full of jellyfish"); after "the" the verb says (bare_count). FOOD_ANIMALS
# are a food too, one serving with no article ("grilled salmon on a plate"): bare, only a plural verb says several.
FOOD_ANIMALS = set("fish salmon trout tuna cod shrimp squid prawn catfish swordfish halibut shellfish".split())
ZERO_PLURALS = set("sheep deer moose bison reindeer elk aircraft spacecraft hovercraft".split()) | FOOD_ANIMALS
SAME_PLURAL = {"scissors", "sunglasses", "eyeglasses", "pants", "jeans", "shorts", "headphones", "binoculars",
               "species", "series", "dice"} | ZERO_PLURALS                # pairs and the like: bare, one
NOT_PLURAL = {"gas", "canvas", "atlas", "christmas", "lens", "chaos", "tennis", "iris", "mantis", "ibis",
              "oasis", "trellis", "chassis", "axis"}  # and every word in -ss or -us
IE_NOUNS = {"cookie", "movie", "zombie", "brownie", "hoodie", "pie", "tie", "beanie", "selfie",
            "smoothie", "magpie", "collie", "genie", "pixie"}

_SINGULARS = {plural: singular for singular, plural in PLURALS.items()} | ALSO_PLURALS
VES_PLURALS = {(noun[:-2] if noun.endswith("fe") else noun[:-1]) + "ves": noun     # the longest first: shelf, elf
               for noun in sorted(VES_NOUNS, key=len, reverse=True)}


def singular(word: str) -> str:
    """The singular lemma of one lower-case word, forgiving careless plurals ("sheeps", "benchs")."""
    if word in _SINGULARS:
        return _SINGULARS[word]
    if "'" in word:                                                 # "bird's": a possessive, not a plural
        return word
    if word.endswith("ves") and (ves := compound_end(word, VES_PLURALS)):
        return word[:-len(ves)] + VES_PLURALS[ves]                  # shelves, bookshelves; but olives (below)
    if word.endswith(("sss", "uss")) or (word.endswith("s") and same_plural(word[:-1])):
        return word[:-1]                                            # "glasss", "buss", "sheeps"
    if same_plural(word) or word in NOT_PLURAL or word.endswith(("ss", "us")) or not word.endswith("s"):
        return word
    if word.endswith("ies") and word[:-1] not in IE_NOUNS and len(word) > 4:
        return word[:-3] + "y"                                      # puppies; but cookies
    if word.endswith(("ches", "shes", "xes", "sses", "zzes")) or (word.endswith("uses") and not word.endswith("ouses")):
        return word[:-2]                                            # benches, boxes, glasses, cactuses
    return word[:-1]                                                # dogs, knifes, benchs, houses, giraffes


def compound_end(word, ends):
    """The first of `ends` that is `word` or ends it after three letters or more ("bookshelves", not "olives")."""
    return next((end for end in ends if word == end or word.endswith(end) and len(word) - len(end) >= 3), None)


def same_plural(word: str) -> bool:
    """Is the plural of `word` written like it (SAME_PLURAL, and every noun in -fish)?"""
    return word in SAME_PLURAL or word.endswith("fish")
