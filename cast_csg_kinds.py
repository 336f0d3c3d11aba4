"""cast_csg_kinds.py: kinds named with a color or a material word, for cast_csg's rule grammar. Before the kind's head
word the color or material is part of one noun ("a red panda", "cotton candy", "orange juice"), not an attribute. The
rules look up (the word, the singular of the next word) in NAMED_KINDS; extend the tables here and nowhere else.
"""
from __future__ import annotations

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
# Round 21: kinds named with a describing word (cast_csg_words.ATTRIBUTES' "look" .. "mood"): one noun, as "a red
# panda" is ("Is the dog hot?" is no question about a hot dog; a dry dock holds water).
ADJECTIVE_KINDS = {tuple(kind.split()) for kind in """hot dog,hot tub,hot sauce,hot spring,hot chocolate,hot pot,
hot plate,hot air,cold cut,cold brew,dry dock,dry cleaner,dry ice,flat screen,flat iron,big top""".split(",")}
# Round 25: kinds named with an -ing word before a person or an animal, which is otherwise what it does ("a sleeping
# cat"): a rocking horse is a toy, a hunting dog a breed, whatever they are doing.
ING_KINDS = {tuple(kind.split()) for kind in """rocking horse,hunting dog,working dog,sporting dog,guide dog,
flying fish,flying squirrel,praying mantis,homing pigeon,racing pigeon,fighting fish,laughing gull,whooping crane,
spitting cobra,snapping turtle,howling monkey""".split(",")}
NAMED_KINDS = COLOR_KINDS | MATERIAL_KINDS | WOOD_KINDS | THING_COLOR_KINDS | ADJECTIVE_KINDS | ING_KINDS
