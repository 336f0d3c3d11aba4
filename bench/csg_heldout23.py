"""bench/csg_heldout23.py: the twenty-third held-out set of natural prompts for cast_csg's rules (issue 19), in the
style of compositional text-to-image benchmarks.

80 prompts in the style of the public compositional text-to-image benchmarks (T2I-CompBench's categories, GenEval,
DPG-style dense prompts, PartiPrompts), each one new and written for this set, none copied from a benchmark. Each
row gives the reading a careful person would. The set was written blind by a helper that never saw the rules, their
tests or their history, never ran the parser, and kept the file outside the repository. It must never be used to
change the rules.

Categories, ten prompts each, in this order:
  1. color binding: two or three objects, each with its own color ("a violet scarf, a mustard beanie and teal
     mittens", "A black and white cow next to a brown barn");
  2. shape binding: round, square, rectangular, triangular, oval, circular, hexagonal, octagonal, cylindrical,
     spherical, heart-shaped, star-shaped, diamond-shaped;
  3. texture and material binding: fluffy, furry, smooth, rough, shiny, glossy, fuzzy, rusty; glass, ceramic,
     wooden, metal, marble, stone, woolen, silk, brick, copper, clay, velvet, plastic, straw, leather, paper;
  4. 2D spatial: left of, right of, above, below, on top of, next to, near, close to, over;
  5. 3D spatial: in front of, behind, hidden by, inside, under, underneath;
  6. non-spatial interactions: a verb between two things (active, progressive, passive with "by");
  7. counting: one to eight, as words or digits, several objects each with its count;
  8. complex: sentences of 15 to 30 words mixing the above with verbs, copulas, relative clauses ("who is
     wearing", "which sits"), passives, lists, "of" nouns, "with", "There are".
Some prompts are capitalized and end with a period, some do not; one has an "A photo of" frame.

Shorthand and scoring as in bench/csg_heldout.py. Objects are written "noun/count/attribute,..." (nouns singular and
lower case; "2+" is a bare plural). Relations are written "subject value target", using object indices, in the
order the prompt states them. Objects listed with no relation between them give no relation (""). "REFUSE" marks a
prompt whose meaning the atoms cannot state; for those rows a refusal is the right answer. 10 of the 80 rows are
marked REFUSE, most of them in categories 6 and 8:
  - a part or region "of" something: "at the corner of the street", "on the edge of a stone fountain in the middle
    of a quiet park";
  - a possessive body part: "brushing her horse's mane";
  - a verb's second object: "handing a menu to a customer";
  - a verb's source: "taking honey from a hive";
  - a verb's path: "walking a small brown dog past a row of parked cars";
  - a purpose "to ...": "uses a wrench to loosen the bolts", "slices a loaf of bread with a serrated knife to make
    sandwiches";
  - a negation: "but no forks";
  - a comparison: "bigger than the sofa".

Conventions, following bench/csg_heldout15.py:
  - A bare spatial preposition reads as the atoms' canonical relation: "left of" (to the left of), "right of" (to
    the right of); "above" (above, over); "below" (below, beneath); "under" (under, underneath); "on top of" (on top
    of, atop); "on"; "in" (in, inside); "in front of"; "behind"; "next to" (next to, beside, a spatial "by");
    "near" (near, close to); "at", "around", "against", "across", "through", "along", "between", "outside" as
    written.
  - "hidden by" reads as "behind": "A hidden by B" -> "0 behind 1" ("A deer hidden by tall grass", "The moon is
    hidden by clouds.").
  - A verb relation reads as the -ing form and keeps its own preposition as written ("lies on" -> "lying on",
    "sitting beside", "hang behind" -> "hanging behind", "which sits next to" -> "sitting next to", "floating
    over", "hiding under", "talking to", "playing with", "sits on" -> "sitting on"). A past participle stays as
    written, with its preposition ("parked next to", "folded on", "filled with", "loaded with", "lined up along").
  - A passive with "by" reads as the active ("The raccoon was caught by a farmer." -> "1 catching 0"; "is
    surrounded by" -> "surrounding"; "is being pulled by" -> "pulling").
  - An intransitive verb with no place is an attribute, after the adjectives written before the noun ("a little
    girl in a straw hat is waving" -> girl/1/little,waving).
  - A predicate adjective after a copula is an attribute of its subject ("The stapler next to the orange notebook
    is green." -> stapler/1/green).
  - Colors, materials, sizes (big, large, small, little, old, young, tall, long), shapes (round, square, oval,
    heart-shaped, ...) and textures (fluffy, furry, smooth, rough, shiny, glossy, fuzzy, rusty, striped) are
    attributes, in the order they are written ("a shiny copper kettle" -> kettle/1/shiny,copper; "a small
    triangular flag" -> flag/1/small,triangular). Two colors joined by "and" are two attributes in that order ("A
    black and white cow" -> cow/1/black,white). Compound nouns are one noun ("watering can", "swimming pool", "stop
    sign", "road sign", "front door", "hot air balloon", "fire hydrant", "kitchen table", "fishing boat", "soccer
    ball", "fishing rod", "cutting board", "kitchen counter", "olive oil", "golden retriever").
  - Words inside an "of" noun stay in that noun ("ball of red yarn/1", "bottle of olive oil/2"). Possessives are
    dropped ("their father" -> father). Mass nouns count 1 ("water/1", "hay/1", "grass/1"). Irregular plurals are
    singular nouns with their count ("sheep/5", "mouse/3", "knife/3", "child/2").
  - "in a green raincoat" / "in yellow raincoats" / "in a straw hat" is "0 in 1". "A photo of ..." adds nothing.
  - "X with Y on it" reads as "Y on X" ("a wooden cutting board with three carrots on it" -> "2 on 1"), like set
    15's "X with Y in it".
  - Lists that share a relation give one relation per list member ("0 on 2; 1 on 2"; "0 lined up along 4; 1 lined
    up along 4; 3 lined up along 4").
  - A place after the object of a preposition or participle attaches to that object, the nearest one ("six
    tomatoes in a basket next to two onions" -> "0 in 1; 1 next to 2"; "playing with a ball of red yarn under the
    table" -> "3 under 4").

Run:
    python bench/csg_heldout23.py          # the counts, then every refusal and mis-parse

Measured once (at f974c2e, the rules after round 17; written by a helper that never saw the rules or their tests,
kept outside the repository until then): 69 of 80 parsed right (86%; 69 of the 70 statable rows: 99%), 11 refused
(10 of them rows marked REFUSE, so 79 of 80 answered right: 99%), 0 mis-parsed.
  - refused where the row has a reading (1): "A blender, a wooden cutting board with three carrots on it, and two
    bottles of olive oil are lined up along the kitchen counter." (a verb after a list that a relation's target
    began: the verb of them all, or of the first phrase, the rest its targets?).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT23 = [
    # 1. color binding
    ("A photo of a yellow kayak and a purple paddle", "kayak/1/yellow; paddle/1/purple", ""),
    ("The stapler next to the orange notebook is green.", "stapler/1/green; notebook/1/orange", "0 next to 1"),
    ("a brown saddle on a white horse", "saddle/1/brown; horse/1/white", "0 on 1"),
    ("A pink watering can, a blue bucket and a red shovel", "watering can/1/pink; bucket/1/blue; shovel/1/red", ""),
    ("a black piano and a silver harp", "piano/1/black; harp/1/silver", ""),
    ("An orange cat sitting beside a gray rabbit.", "cat/1/orange; rabbit/1/gray", "0 sitting beside 1"),
    ("a violet scarf, a mustard beanie and teal mittens", "scarf/1/violet; beanie/1/mustard; mitten/2+/teal", ""),
    ("Two white ducks and a black swan on a green pond", "duck/2/white; swan/1/black; pond/1/green",
     "0 on 2; 1 on 2"),
    ("A blue tricycle is parked next to a yellow mailbox.", "tricycle/1/blue; mailbox/1/yellow",
     "0 parked next to 1"),
    ("A black and white cow next to a brown barn", "cow/1/black,white; barn/1/brown", "0 next to 1"),
    # 2. shape binding
    ("a round mirror and a square rug", "mirror/1/round; rug/1/square", ""),
    ("A triangular sandwich on a rectangular plate", "sandwich/1/triangular; plate/1/rectangular", "0 on 1"),
    ("An oval swimming pool next to a square patio.", "swimming pool/1/oval; patio/1/square", "0 next to 1"),
    ("a hexagonal tile and a circular coaster", "tile/1/hexagonal; coaster/1/circular", ""),
    ("A heart-shaped cookie lies on a star-shaped napkin.", "cookie/1/heart-shaped; napkin/1/star-shaped",
     "0 lying on 1"),
    ("two cylindrical candles and a spherical lamp", "candle/2/cylindrical; lamp/1/spherical", ""),
    ("A square window above a round door", "window/1/square; door/1/round", "0 above 1"),
    ("The rectangular table is surrounded by six round stools.", "table/1/rectangular; stool/6/round",
     "1 surrounding 0"),
    ("a small triangular flag atop a large round tent", "flag/1/small,triangular; tent/1/large,round",
     "0 on top of 1"),
    ("An octagonal stop sign beside a diamond-shaped road sign", "stop sign/1/octagonal; road sign/1/diamond-shaped",
     "0 next to 1"),
    # 3. texture and material binding
    ("a fluffy pillow and a leather armchair", "pillow/1/fluffy; armchair/1/leather", ""),
    ("A glass jar next to a ceramic bowl.", "jar/1/glass; bowl/1/ceramic", "0 next to 1"),
    ("a wooden spoon and a metal whisk on a marble counter", "spoon/1/wooden; whisk/1/metal; counter/1/marble",
     "0 on 2; 1 on 2"),
    ("A furry dog lying on a smooth stone floor", "dog/1/furry; floor/1/smooth,stone", "0 lying on 1"),
    ("a woolen sweater folded on a silk bedsheet", "sweater/1/woolen; bedsheet/1/silk", "0 folded on 1"),
    ("A rusty bicycle leaning against a brick wall.", "bicycle/1/rusty; wall/1/brick", "0 leaning against 1"),
    ("a shiny copper kettle and a rough clay pot", "kettle/1/shiny,copper; pot/1/rough,clay", ""),
    ("Velvet curtains hang behind a glossy black piano.", "curtain/2+/velvet; piano/1/glossy,black",
     "0 hanging behind 1"),
    ("a fuzzy peach beside a smooth plastic cup", "peach/1/fuzzy; cup/1/smooth,plastic", "0 next to 1"),
    ("A straw hat resting on a leather suitcase.", "hat/1/straw; suitcase/1/leather", "0 resting on 1"),
    # 4. 2D spatial
    ("A lamp to the left of a bookshelf", "lamp/1; bookshelf/1", "0 left of 1"),
    ("a cactus to the right of a watering can", "cactus/1; watering can/1", "0 right of 1"),
    ("The clock is above the fireplace.", "clock/1; fireplace/1", "0 above 1"),
    ("a doormat below the front door", "doormat/1; front door/1", "0 below 1"),
    ("A cat on top of the refrigerator.", "cat/1; refrigerator/1", "0 on top of 1"),
    ("a trumpet next to a saxophone", "trumpet/1; saxophone/1", "0 next to 1"),
    ("Two goats close to a red barn", "goat/2; barn/1/red", "0 near 1"),
    ("A hot air balloon floating over a vineyard", "hot air balloon/1; vineyard/1", "0 floating over 1"),
    ("A fire hydrant at the corner of the street", "REFUSE", ""),
    ("a wheelbarrow near a haystack.", "wheelbarrow/1; haystack/1", "0 near 1"),
    # 5. 3D spatial
    ("A deer hidden by tall grass", "deer/1; grass/1/tall", "0 behind 1"),
    ("a mailbox in front of a yellow house", "mailbox/1; house/1/yellow", "0 in front of 1"),
    ("The bicycle is behind the van.", "bicycle/1; van/1", "0 behind 1"),
    ("A goldfish inside a glass bowl", "goldfish/1; bowl/1/glass", "0 in 1"),
    ("a dog underneath the kitchen table", "dog/1; kitchen table/1", "0 under 1"),
    ("A red and white lighthouse behind a fishing boat", "lighthouse/1/red,white; fishing boat/1", "0 behind 1"),
    ("The moon is hidden by clouds.", "moon/1; cloud/2+", "0 behind 1"),
    ("three lemons inside a paper bag", "lemon/3; bag/1/paper", "0 in 1"),
    ("A child hiding under a blanket.", "child/1; blanket/1", "0 hiding under 1"),
    ("A tall man standing in front of a small car", "man/1/tall; car/1/small", "0 standing in front of 1"),
    # 6. non-spatial interactions
    ("A cat chasing a butterfly", "cat/1; butterfly/1", "0 chasing 1"),
    ("The grandfather is fixing a clock.", "grandfather/1; clock/1", "0 fixing 1"),
    ("a camel drinking water", "camel/1; water/1", "0 drinking 1"),
    ("Two kids kicking a soccer ball", "kid/2; soccer ball/1", "0 kicking 1"),
    ("A nurse talking to an old man.", "nurse/1; man/1/old", "0 talking to 1"),
    ("The raccoon was caught by a farmer.", "raccoon/1; farmer/1", "1 catching 0"),
    ("A waiter handing a menu to a customer", "REFUSE", ""),
    ("a beekeeper taking honey from a hive", "REFUSE", ""),
    ("A girl brushing her horse's mane.", "REFUSE", ""),
    ("The mechanic uses a wrench to loosen the bolts.", "REFUSE", ""),
    # 7. counting
    ("three penguins and two seals", "penguin/3; seal/2", ""),
    ("Four mugs on a shelf.", "mug/4; shelf/1", "0 on 1"),
    ("7 pencils and 1 eraser", "pencil/7; eraser/1", ""),
    ("There are five sheep in the meadow.", "sheep/5; meadow/1", "0 in 1"),
    ("Two lamps, three chairs and a sofa", "lamp/2; chair/3; sofa/1", ""),
    ("six tomatoes in a basket next to two onions", "tomato/6; basket/1; onion/2", "0 in 1; 1 next to 2"),
    ("A farmer leading four cows.", "farmer/1; cow/4", "0 leading 1"),
    ("three knives and two forks lie on a napkin", "knife/3; fork/2; napkin/1", "0 lying on 2; 1 lying on 2"),
    ("One owl and 3 mice", "owl/1; mouse/3", ""),
    ("Five plates on a table but no forks", "REFUSE", ""),
    # 8. complex
    ("A tall woman in a green raincoat is walking a small brown dog past a row of parked cars.", "REFUSE", ""),
    ("There are three red apples and two yellow pears in a wooden bowl, which sits next to a blue ceramic vase.",
     "apple/3/red; pear/2/yellow; bowl/1/wooden; vase/1/blue,ceramic", "0 in 2; 1 in 2; 2 sitting next to 3"),
    ("An old fisherman who is wearing a yellow hat sits on a wooden dock and holds a long fishing rod.",
     "fisherman/1/old; hat/1/yellow; dock/1/wooden; fishing rod/1/long", "0 wearing 1; 0 sitting on 2; 0 holding 3"),
    ("A black cat is sleeping on a round cushion, and a gray kitten is playing with a ball of red yarn under the "
     "table.", "cat/1/black; cushion/1/round; kitten/1/gray; ball of red yarn/1; table/1",
     "0 sleeping on 1; 2 playing with 3; 3 under 4"),
    ("A chef in a white apron slices a loaf of bread with a serrated knife to make sandwiches for the picnic.",
     "REFUSE", ""),
    ("Two children in yellow raincoats are jumping in a muddy puddle, and their father is holding a large striped "
     "umbrella", "child/2; raincoat/2+/yellow; puddle/1/muddy; father/1; umbrella/1/large,striped",
     "0 in 1; 0 jumping in 2; 3 holding 4"),
    ("A golden retriever that is bigger than the sofa lies on a fluffy rug next to three sleeping kittens.",
     "REFUSE", ""),
    ("A blender, a wooden cutting board with three carrots on it, and two bottles of olive oil are lined up along "
     "the kitchen counter.", "blender/1; cutting board/1/wooden; carrot/3; bottle of olive oil/2; kitchen counter/1",
     "2 on 1; 0 lined up along 4; 1 lined up along 4; 3 lined up along 4"),
    ("a small sparrow is perched on the edge of a stone fountain in the middle of a quiet park with tall oak trees",
     "REFUSE", ""),
    ("A wooden cart loaded with hay is being pulled by two brown horses, and a little girl in a straw hat is waving.",
     "cart/1/wooden; hay/1; horse/2/brown; girl/1/little,waving; hat/1/straw",
     "0 loaded with 1; 2 pulling 0; 3 in 4"),
]

if __name__ == "__main__":
    score(HELD_OUT23, "held-out (23)")
