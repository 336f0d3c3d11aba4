"""cast_csg_kinds.py: describing words for cast_csg's rule grammar, and their kinds. ATTRIBUTES lists, by kind
(color, material, pattern, size, shape, state, look, form, feel, mood), the words that before a noun are attributes,
each its own atom ("a red fox": Is the fox red?); ATTRIBUTE_KIND maps a word to its kind. NAMED_KINDS lists the pairs
where such a word is part of one noun instead ("a red panda", "cotton candy", "orange juice", "a pine tree", "a hot
dog"): the rules look up (the word, the singular of the next word). Extend the tables here and nowhere else.
Beyond the tables, `plain_adjective` reads WordNet 3.0 (as spacy-lookups-data ships its index): a word WordNet knows
only as an adjective ("sunlit", "weathered", "cluttered") is an attribute too.
"""
from __future__ import annotations

import functools
import gzip
import importlib.resources
import json

ATTRIBUTES = {
    # Round 16: "maroon" .. "fuchsia": colors that name nothing else. Round 17: "ivory" .. "mustard": colors that also
    # name a thing, which before a food or a plant's part is that thing (THING_COLOR_KINDS: "a peach pie", "olive
    # oil"), and before anything else the color ("a lavender bicycle", "an amber bottle").
    "color": "red orange yellow green blue purple pink brown black white gray grey silver gold golden "
             "beige cyan turquoise violet maroon navy teal crimson scarlet magenta indigo khaki fuchsia "
             "ivory coral amber lavender lilac olive peach cream mint lime rust burgundy salmon charcoal plum emerald "
             "ruby sapphire jade mustard",
    # Round 13: "bamboo" .. "linen" added ("a bamboo whisk" is a whisk made of bamboo, not a kind). Not "tin",
    # "cork", "felt": alone they name a thing or a verb ("a tin of beans", "she felt"); not "wicker": the sets and
    # tests write "wicker basket" as one noun. Round 14: woods, cloths, metals and stones things are made of
    # ("a cedar bench", "a canvas bag"); before a tree's parts a wood names the tree (WOOD_KINDS: "a pine tree").
    "material": "glass metal metallic stone wooden wood plastic paper leather ceramic porcelain rubber "
                "fabric wool woolen marble brick concrete steel iron copper bronze cardboard clay crystal "
                "velvet denim cotton silk brass straw "
                "bamboo rattan terracotta granite pewter burlap linen "
                "cedar pine oak birch maple walnut mahogany teak spruce canvas satin tweed suede fleece flannel "
                "corduroy nylon cashmere aluminum aluminium chrome titanium slate sandstone limestone wax vinyl "
                "foam styrofoam fur",
    "pattern": "striped spotted dotted polka-dot polka-dotted checkered plaid floral sparkling glittery "
               "shiny glossy matte fluffy furry smooth rough wrinkled transparent "
               "fuzzy hairy spiky bumpy velvety knitted quilted soft sleek shaggy sparkly",
    "size": "big small large tiny huge little tall short long giant miniature",
    # Round 15: "square" before a noun ("a square plate"); before a boundary it stays the shapes world's noun
    # ("a red square", "a square and a circle": modifies()).
    "shape": "round circular triangular rectangular oval spherical cubic cylindrical hexagonal heart-shaped "
             "star-shaped square octagonal pentagonal conical diamond-shaped crescent-shaped",
    "state": "empty full broken wet dry old young dirty clean ripe rusty dusty muddy open closed",
    # Round 21: plain describing words people put before nouns (how a thing looks, feels, is shaped or is), each a
    # question of its own as DSG and Soft-TIFA ask it ("Is the frog happy?"), where before they were read into the
    # noun ("happy frog"); a word no table has still is. Not the -ing and -ed forms ("a rocking chair", "a stuffed
    # bear": kinds as often as states), nor words that name things too ("light", "baby"); pairs that are kinds are
    # in ADJECTIVE_KINDS ("a hot dog", "a dry dock").
    # Round 31: "open", "closed", "dim", "bald", "low", "male", "female": WordNet also lists them as nouns or verbs
    # (so they are no plain_adjective).
    "look": "beautiful pretty cute ugly lovely elegant fancy plain ornate rustic modern vintage antique ancient new "
            "shabby tidy messy neat dull bright dark pale colorful colourful vivid faded dim bald",
    "form": "narrow wide flat thin thick deep shallow steep fat skinny slim chubby plump enormous massive gigantic "
            "curly wavy straight hollow lone dead low male female",
    "feel": "rocky sandy grassy snowy icy frosty leafy mossy stormy windy sunny cloudy foggy misty rainy crispy "
            "crunchy creamy juicy sticky hot cold warm cool fresh raw rotten",
    "mood": "happy sad angry sleepy hungry tired calm quiet noisy loud busy lazy curious shy proud brave grumpy "
            "cheerful playful friendly lonely elderly",
}


class _AttributeKinds(dict):
    """ATTRIBUTES by word, and (round 16) any hyphenated word that says its kind by its end: "cube-shaped" (a shape),
    "cream-colored" (a color), as "heart-shaped" is, and (round 17) "bite-sized" (a size); `word in ATTRIBUTE_KIND`
    and .get() read both."""
    ENDS = {"-shaped": "shape", "-colored": "color", "-coloured": "color", "-sized": "size", "-size": "size"}

    def get(self, word, default=None):
        kind = super().get(word)
        return kind or next((k for end, k in self.ENDS.items() if (word or "").endswith(end) and word != end), default)

    def __contains__(self, word):
        return self.get(word) is not None


ATTRIBUTE_KIND = _AttributeKinds((word, kind) for kind, words in ATTRIBUTES.items() for word in words.split())

# Kinds named with a color word whose head alone names something else ("a red panda" is no panda, "a black widow"
# no widow): one noun, not a color attribute ("Are there any retrievers?" would miss a golden retriever). A color
# that describes the head ("a red fox", "a brown bear") stays an attribute.
COLOR_KINDS = {tuple(kind.split()) for kind in ("golden retriever", "golden doodle", "golden eagle", "red panda",
                                                "blue jay", "blue whale", "black widow", "black panther", "blue cheese",
                                                "black pepper", "brown sugar", "green bean", "white chocolate",
                                                "red carpet", "black hole")}
# Round 11: foods and drinks named with a color word that is not their color. "orange" names the fruit they are made
# of or grow from, as "apple juice" does ("orange juice" is juice from oranges, "an orange blossom" is white); "white
# wine" is pale yellow, "green tea" and "black tea" are named for how the leaves are treated (amber or brown in the
# cup), and "a green onion" is a scallion, no onion bulb: "Is the tea green?" would judge the cup, not the kind. Where
# the color is the thing's color ("red wine", "black coffee", "white bread", "a red pepper", "brown rice") it stays
# an attribute, as "a red fox": "Is the wine red?" and "Are there any red wines?" are judged alike. Not "orange tree"
# (a tree with oranges, or an autumn tree?): unsure, so left to the attribute reading as before.
COLOR_KINDS |= {tuple(kind.split()) for kind in ("orange juice", "orange peel", "orange slice", "orange zest",
                                                 "orange soda", "orange blossom", "orange grove", "white wine",
                                                 "green tea", "black tea", "green onion")}
# Kinds named with a material word that they are not made of: one noun, as COLOR_KINDS, not a material attribute ("Is
# the candy cotton?" is false of cotton candy). Three families: foods and living things named for what they look like
# or yield ("cotton candy", "glass noodles", "a paper wasp", "a rubber tree"), and tools, machines and workers named
# for the material they work ("a metal detector", "a paper clip" is wire, "a glass blower", "steel wool" is no wool).
# Before any other noun a material says what it is made of ("a cotton shirt", "a glass jar", "a paper plate").
MATERIAL_KINDS = {tuple(kind.split()) for kind in """cotton candy,glass noodle,velvet cake,stone fruit,
paper wasp,glass frog,stone crab,silk worm,rubber tree,cotton plant,cotton field,copper beech,paper clip,paper mill,
paper shredder,metal detector,glass cutter,wood chipper,wood stove,steel mill,marble run,glass blower,stone mason,
brick layer,steel wool""".replace("\n", "").split(",")}
# Round 14: a wood before a part of a living tree names the tree, a kind ("a pine tree", "an oak leaf", "a pine cone",
# "maple syrup"), where before anything else it says what the thing is made of ("a pine table", "an oak door").
WOOD_KINDS = {(wood, part) for wood in "cedar pine oak birch maple walnut mahogany teak spruce bamboo".split()
              for part in """tree forest grove leaf cone needle branch twig sapling seedling seed nut blossom shoot bark
              syrup""".split()}
# Round 17: a color word that also names a thing (ATTRIBUTES' "ivory" .. "mustard") before a food, a drink or a plant's
# part names that thing, one noun: "a peach pie" is a pie of peaches, "olive oil" and "a mint leaf" are no colors
# ("Is the pie peach?" would judge the crust). Before anything else it is the thing's color ("an amber bottle").
# Before a verb such a word is the thing itself ("a lime sits in a bowl": cast_csg reads no color there).
THING_COLORS = set("""ivory coral amber lavender lilac olive peach cream mint lime rust burgundy salmon charcoal plum
emerald ruby sapphire jade mustard""".split())
THING_COLOR_KINDS = {(color, head) for color in THING_COLORS
                     for head in """tree bush shrub plant field farm grove leaf sprig blossom flower seed pit stone
                     oil juice pie tart cake cobbler crumble jam jelly sauce tea soda syrup smoothie sorbet candy cheese
                     puff wedge slice roll fillet steak sushi reef grill ale wine""".split()}
# Round 21: kinds named with a describing word (ATTRIBUTES' "look" .. "mood"): one noun, as "a red
# panda" is ("Is the dog hot?" is no question about a hot dog; a dry dock holds water).
ADJECTIVE_KINDS = {tuple(kind.split()) for kind in """hot dog,hot tub,hot sauce,hot spring,hot chocolate,hot pot,
hot plate,hot air,cold cut,cold brew,dry dock,dry cleaner,dry ice,flat screen,flat iron,big top""".split(",")}
# Round 30: kinds named with a word WordNet knows only as an adjective (plain_adjective): a polar bear is a species,
# a potted plant a houseplant, a moving van a truck, whether or not it moves.
ADJECTIVE_KINDS |= {tuple(kind.split()) for kind in """polar bear,solar panel,solar system,hard hat,hard drive,
potted plant,changing table,moving van,wanted poster,bald eagle""".replace("\n", "").split(",")}
# Round 25: kinds named with an -ing word before a person or an animal, which is otherwise what it does ("a sleeping
# cat"): a rocking horse is a toy, a hunting dog a breed, whatever they are doing.
ING_KINDS = {tuple(kind.split()) for kind in """rocking horse,hunting dog,working dog,sporting dog,guide dog,
flying fish,flying squirrel,praying mantis,homing pigeon,racing pigeon,fighting fish,laughing gull,whooping crane,
spitting cobra,snapping turtle,howling monkey""".split(",")}
NAMED_KINDS = COLOR_KINDS | MATERIAL_KINDS | WOOD_KINDS | THING_COLOR_KINDS | ADJECTIVE_KINDS | ING_KINDS

# Round 30: adjectives that pick which or how many things ("two other cats", "several dogs") rather than describe one:
# no attribute; the count rules read them (cast_csg_words.noun_fault).
PICKING = set("""other several various different next many such only few same certain numerous multiple assorted
sole last first own main whole entire additional extra remaining respective usual particular similar each both all
any less most more much some enough every either neither just done gone made held kept laid""".split())
# Round 32: adjectives that stand after their noun, never before it ("two dogs asleep on a seat": the dogs are asleep,
# and on the seat; "asleeping on" was read).
AFTER_NOUN = set("asleep awake afloat aglow ablaze aflame adrift aloft alight ajar awash".split())
# "a stuffed rabbit" is a toy, "stuffed peppers" a dish: "stuffed" names a kind before any noun, so it stays the noun's.
NOUN_ADJECTIVES = {"stuffed"}


@functools.cache
def _wordnet_adjectives():
    """The words WordNet 3.0 lists as adjectives and as nothing else, from spacy-lookups-data's copy of its index
    (en_lemma_index: lemmas by part of speech). A word that is also a noun ("cozy", "stone", "sleeping": "a sleeping
    bag"), a verb ("dim", "warm") or an adverb ("early", "hard") is left to the tables and to where it stands."""
    path = importlib.resources.files("spacy_lookups_data").joinpath("data", "en_lemma_index.json.gz")
    with path.open("rb") as raw, gzip.open(raw, "rt") as text:
        index = json.load(text)
    return frozenset(w for w in index["adj"] if w.replace("-", "").isalpha() and not w.endswith("-")) \
        - set(index["noun"]) - set(index["verb"]) - set(index["adv"]) - PICKING - NOUN_ADJECTIVES


def plain_adjective(word):
    """Round 30: is `word` only ever an adjective (WordNet), so before a noun an attribute of it, its own question
    ("a weathered dock" -> Is the dock weathered?), as the ATTRIBUTES are? Participles WordNet lists as adjectives
    count ("parked", "broken", "sunlit"); a pair in NAMED_KINDS stays one noun ("a polar bear")."""
    return bool(word) and word in _wordnet_adjectives()
