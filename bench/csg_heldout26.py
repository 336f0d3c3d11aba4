"""bench/csg_heldout26.py: the twenty-sixth held-out set of natural prompts for cast_csg's rules (issue 19).

80 prompts that people might write for an image generator about their own lives and interests. Each row gives the
reading a careful person would. The set was written blind by a helper that never saw the rules, their tests or
their history, never ran the parser, and kept the file outside the repository. It must never be used to change
the rules.

Voices, ten prompts each, each writing in their own way: (1) a parent photographing family life (lower case
captions, "my" and "our"); (2) a hobby gardener (plants, beds, tools, sentences and short notes); (3) a fantasy
illustrator (knights, dragons, castles, wizards; only things a picture can show); (4) a product designer staging
objects on tables and shelves (terse, materials, left and right); (5) a wildlife enthusiast (species names, field
notes); (6) a food blogger ("of" nouns, "topped with", "drizzled with"); (7) a city commuter (stations, buses,
bikes, crowds); (8) a kid's picture-book author (animals and toys doing things).

Styles: short noun phrases with a participle or a relative clause after the noun ("who is holding", "that hovers",
"which sit", "that is dancing"); sentences with finite verbs (present, progressive, past passive); "There is" /
"There are"; passives with "by" ("was slain by", "is being chased by", "built by"); participles ("tied to",
"filled with", "parked next to", "planted along", "coiled around", "perched on", "lined up on", "arranged on",
"curled up beneath", "topped with", "drizzled with", "chained to", "stopped behind"); "of" nouns ("a row of
lettuce", "a pair of wireless earbuds", "a stack of hardcover books", "a herd of elephants", "a bowl of ramen", "a
slice of cherry pie", "a crowd of people"); "with" ("a glass bowl with three lemons in it", "with a scoop of vanilla
ice cream on top", "dancing with"); lists of subjects sharing a verb or preposition and lists of targets sharing a
participle; counts as words and digits, irregular plurals ("people", "wolves"); colors, materials, sizes; the
spatial relations left of, right of, above, over, below, under, beneath, on, on top of, in, in front of, behind,
next to, beside, near, at, around, along, across, through, against, toward, outside, between (a plural and two
things); one "a photo of" frame. Some prompts are capitalized and end with a period, some do not.

Shorthand and scoring as in bench/csg_heldout.py. Objects are written "noun/count/attribute,..." (nouns singular and
lower case; "2+" is a bare plural). Relations are written "subject value target", using object indices, in the
order the prompt states them. "REFUSE" marks a prompt whose meaning the atoms cannot state; for those rows a
refusal is the right answer. 10 of the 80 rows are marked REFUSE, one of each kind: a part "of" something ("on
the edge of a desk"), a region "of" something ("at the top of a tall tree"), a possessive body part ("on his
father's chest"), a verb's second object ("handing our baby a rattle"), a source ("pulling a tray of croissants
from the oven"), a path ("riding past a ruined chapel"), a destination ("tossing a coffee cup into a trash can"), a
purpose ("to ambush a goat"), a negation ("with no leaves") and a comparison ("bigger than the castle").

Conventions, following bench/csg_heldout15.py:
  - A bare spatial preposition reads as the atoms' canonical relation: "left of", "right of"; "above" (above,
    over); "below" (below, beneath); "under" (under, underneath); "on top of" (on top of, atop); "on"; "in" (in,
    inside); "in front of"; "behind"; "next to" (next to, beside, a spatial "by"); "near" (near, close to); "at",
    "around", "against", "across", "through", "along", "between", "outside" as written. "between" two different
    things is a list sharing the relation ("between the carrots and the onions" -> "0 growing between 1; 0 growing
    between 2"); between a plural is one relation ("between two oak trees" -> "0 standing between 2").
  - A verb relation reads as the -ing form and keeps its own preposition ("sits on" -> "sitting on", "hang over"
    -> "hanging over", "stands on" -> "standing on", "lies in" -> "lying in", "swim behind" -> "swimming behind",
    "smiles at" -> "smiling at", "drives across" -> "driving across", "pecking at", "galloping toward", "walking
    toward", "buzzing around", "blowing out" as in set 1). A past participle stays as written, with its particle
    and preposition ("tied to", "filled with", "parked next to", "planted along", "coiled around", "perched on",
    "lined up on", "arranged on", "curled up beneath", "topped with", "drizzled with", "chained to", "stopped
    behind"). A relative clause's verb ("who is holding", "that hovers", "which sit", "that is dancing") is the
    head noun's, read the same way.
  - "to the left of" / "to the right of" read "left of" / "right of" after a copula or with no verb; after a verb
    they follow its -ing form ("sits to the right of the keyboard" -> "sitting right of").
  - A passive with "by" reads as the active, whatever its tense or form ("was slain by a young knight" -> "1
    slaying 0"; "is being chased by two lionesses" -> "1 chasing 0"; "A tall sandcastle built by three crabs" ->
    "1 building 0").
  - An intransitive verb with no place is an attribute (none in this set).
  - Colors, materials and sizes (big, large, small, little, tiny, tall, old, young; "bamboo", "brass", "ceramic",
    "clay", "concrete", "glass", "gold", "leather", "linen", "marble", "oak", "paper", "stone", "terracotta",
    "walnut", "wooden" as materials; "golden", "pastel" as colors) are attributes, in the order they are written.
    Other adjectives that describe the thing's look or state ("striped", "glowing", "dark", "dead", "shallow",
    "round", "tiled", "sleepy") are attributes too. Compound nouns and species names are one noun ("birthday cake",
    "bubble bath", "frying pan", "front door", "rain boot", "tomato plant", "raised bed", "porch railing",
    "watering can", "kitchen window", "garden gate", "cabbage leaf", "castle gate", "treasure chest", "oak tree",
    "pine tree", "maple tree", "cutting board", "pendant light", "great blue heron", "bald eagle", "sea otter",
    "watering hole", "sea turtle", "coral reef", "snow leopard", "maple syrup", "cake stand", "roast chicken",
    "picnic table", "train station", "double-decker bus", "bus stop", "delivery truck", "teddy bear", "toy robot",
    "tea party"). Words inside an "of" noun stay in that noun ("pair of wireless earbuds/1", "stack of hardcover
    books/1", "herd of elephants/1", "crowd of people/1"). Possessives are dropped ("my daughter" -> daughter,
    "her birthday cake" -> birthday cake, "our red front door" -> front door/1/red, "their mother" -> mother).
    Mass nouns count 1 ("water/1", "armor/1", "compost/1", "lavender/1", "kelp/1", "maple syrup/1").
  - "in a yellow raincoat" / "in golden armor" (worn) is "0 in 1". "A photo of ..." frames add nothing, and so
    does "There is" / "There are". A participle after the subject's worn "in" phrase is the subject's ("Three kids
    in rain boots jumping in puddles" -> "0 in 1; 0 jumping in 2").
  - "X with Y in it" reads as "Y in X" ("a glass bowl with three lemons in it" -> "1 in 0"); "X with Y on top"
    reads as "Y on top of X" ("a slice of cherry pie with a scoop of vanilla ice cream on top" -> "1 on top of 0").
  - Lists that share a relation give one relation per list member, subjects ("0 napping on 2; 1 napping on 2";
    "0 having 2; 1 having 2") and targets alike ("topped with two eggs and scallions" -> "0 topped with 1; 0 topped
    with 2").
  - A plain thing after a verb's object goes to the object ("flipping pancakes in a black frying pan" -> "1 in 2";
    "slicing a roast chicken on a cutting board" -> "1 on 2"; "reading a book under a mushroom" -> "2 under 3").
    A place after the object of a preposition or participle attaches to that object, the nearest one ("on the
    bench below the kitchen window" -> "1 below 2"; "perched on a dead branch above the river" -> "1 above 2";
    "floating in a puddle next to a frog" -> "1 next to 2"). A place given to the subject before its verb stays
    the subject's, and so does the main verb after it ("A small cactus in a clay pot sits to the right of the
    keyboard." -> "0 in 1; 0 sitting right of 2"; "A wooden wheelbarrow filled with compost is parked next to
    the greenhouse." -> "0 filled with 1; 0 parked next to 2").

Run:
    python bench/csg_heldout26.py          # the counts, then every refusal and mis-parse

Measured once (at 25f9ec8, the rules after round 19; written by a helper that never saw the rules or their tests,
kept outside the repository until then, in eight people's voices; the writer added a convention that every
describing adjective is an attribute): 57 of 80 parsed right (71%; 57 of the 70 statable rows: 81%), 13 refused (10
of them rows marked REFUSE, so 67 of 80 answered right: 84%), 10 mis-parsed (12.5%).
  - an adjective outside the attribute table read into the noun (7): "glowing staff", "dark lake", "tiled wall",
    "shallow water", "dead branch", "pastel macarons", "sleepy owl" (the rules' convention, not the writer's).
  - real errors (3): "was slain by" ("slain", a participle no table had, read as a state, "by" as "next to"; round
    19's refusal looked at the word's end, and "-ain" was not among them); "sits to the right of" kept as "sitting
    to the right of"; "A bald eagle perched on a dead branch" read "perching on" (round 14 put "perched" with
    "hung" among the finite pasts; the sets keep "perched on" as written).
  - whose place (1): "is reading a book under a mushroom": the rules give a place after reading's object to the
    reader (PLACE_OF_SUBJECT), the row to the book.
  - refused where the row has a reading (3): "tied to bamboo stakes" ("to" + a word read as a purpose), "a pair of
    wireless earbuds", "slicing a roast chicken on a cutting board" (whose place?).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT26 = [
    # (1) a parent photographing family life
    ("my daughter blowing out the candles on her birthday cake", "daughter/1; candle/2+; birthday cake/1",
     "0 blowing out 1; 1 on 2"),
    ("a photo of my two boys splashing in a bubble bath", "boy/2; bubble bath/1", "0 splashing in 1"),
    ("The baby in the striped onesie is sleeping in a white crib.", "baby/1; onesie/1/striped; crib/1/white",
     "0 in 1; 0 sleeping in 2"),
    ("my son and our dog napping on the sofa", "son/1; dog/1; sofa/1", "0 napping on 2; 1 napping on 2"),
    ("Three kids in rain boots jumping in puddles", "kid/3; rain boot/2+; puddle/2+", "0 in 1; 0 jumping in 2"),
    ("Dad flipping pancakes in a black frying pan", "dad/1; pancake/2+; frying pan/1/black",
     "0 flipping 1; 1 in 2"),
    ("There are five stockings hanging from the mantel.", "stocking/5; mantel/1", "0 hanging from 1"),
    ("a little girl in a yellow raincoat stands beside our red front door",
     "girl/1/little; raincoat/1/yellow; front door/1/red", "0 in 1; 0 standing beside 2"),
    ("my wife handing our baby a rattle", "REFUSE", ""),
    ("A newborn sleeping on his father's chest.", "REFUSE", ""),
    # (2) a hobby gardener
    ("Tomato plants tied to bamboo stakes in a raised bed.", "tomato plant/2+; stake/2+/bamboo; raised bed/1",
     "0 tied to 1; 1 in 2"),
    ("red geraniums in a terracotta pot on the porch railing",
     "geranium/2+/red; pot/1/terracotta; porch railing/1", "0 in 1; 1 on 2"),
    ("My watering can is on the bench below the kitchen window.", "watering can/1; bench/1; kitchen window/1",
     "0 on 1; 1 below 2"),
    ("A row of lettuce growing between the carrots and the onions", "row of lettuce/1; carrot/2+; onion/2+",
     "0 growing between 1; 0 growing between 2"),
    ("Bees buzzing around the lavender.", "bee/2+; lavender/1", "0 buzzing around 1"),
    ("A wooden wheelbarrow filled with compost is parked next to the greenhouse.",
     "wheelbarrow/1/wooden; compost/1; greenhouse/1", "0 filled with 1; 0 parked next to 2"),
    ("Yellow tulips planted along the brick path", "tulip/2+/yellow; path/1/brick", "0 planted along 1"),
    ("Pink roses hang over the old garden gate.", "rose/2+/pink; garden gate/1/old", "0 hanging over 1"),
    ("a snail is crawling across a cabbage leaf", "snail/1; cabbage leaf/1", "0 crawling across 1"),
    ("An old apple tree with no leaves", "REFUSE", ""),
    # (3) a fantasy illustrator
    ("A silver dragon coiled around a stone tower", "dragon/1/silver; tower/1/stone", "0 coiled around 1"),
    ("Two knights in golden armor guard the castle gate.", "knight/2; armor/1/golden; castle gate/1",
     "0 in 1; 0 guarding 2"),
    ("A wizard who is holding a glowing staff stands on a cliff.", "wizard/1; staff/1/glowing; cliff/1",
     "0 holding 1; 0 standing on 2"),
    ("A castle on a hill above a dark lake", "castle/1; hill/1; lake/1/dark", "0 on 1; 1 above 2"),
    ("The dragon was slain by a young knight.", "dragon/1; knight/1/young", "1 slaying 0"),
    ("An archer in a green cloak standing between two oak trees", "archer/1; cloak/1/green; oak tree/2",
     "0 in 1; 0 standing between 2"),
    ("A treasure chest filled with gold coins lies in a cave", "treasure chest/1; coin/2+/gold; cave/1",
     "0 filled with 1; 0 lying in 2"),
    ("There are three ravens perched on the throne.", "raven/3; throne/1", "0 perched on 1"),
    ("A red dragon that is bigger than the castle", "REFUSE", ""),
    ("a knight on a white horse riding past a ruined chapel", "REFUSE", ""),
    # (4) a product designer staging objects on tables and shelves
    ("Ceramic vase to the left of a brass lamp on a walnut shelf", "vase/1/ceramic; lamp/1/brass; shelf/1/walnut",
     "0 left of 1; 1 on 2"),
    ("3 glass jars lined up on an oak shelf", "jar/3/glass; shelf/1/oak", "0 lined up on 1"),
    ("A glass bowl with three lemons in it", "bowl/1/glass; lemon/3", "1 in 0"),
    ("The leather notebook is lying on top of a linen napkin.", "notebook/1/leather; napkin/1/linen",
     "0 lying on top of 1"),
    ("a pair of wireless earbuds next to a phone on a concrete table",
     "pair of wireless earbuds/1; phone/1; table/1/concrete", "0 next to 1; 1 on 2"),
    ("Two candles and a matchbox arranged on a round tray.", "candle/2; matchbox/1; tray/1/round",
     "0 arranged on 2; 1 arranged on 2"),
    ("A small cactus in a clay pot sits to the right of the keyboard.", "cactus/1/small; pot/1/clay; keyboard/1",
     "0 in 1; 0 sitting right of 2"),
    ("Wooden cutting boards leaning against a tiled wall", "cutting board/2+/wooden; wall/1/tiled",
     "0 leaning against 1"),
    ("A pendant light hangs above a stack of hardcover books.", "pendant light/1; stack of hardcover books/1",
     "0 hanging above 1"),
    ("a coffee mug balanced on the edge of a desk", "REFUSE", ""),
    # (5) a wildlife enthusiast
    ("A great blue heron standing in shallow water", "great blue heron/1; water/1/shallow", "0 standing in 1"),
    ("Two wolves curled up beneath a pine tree", "wolf/2; pine tree/1", "0 curled up beneath 1"),
    ("A bald eagle perched on a dead branch above the river.", "bald eagle/1; branch/1/dead; river/1",
     "0 perched on 1; 1 above 2"),
    ("Three sea otters float in the kelp.", "sea otter/3; kelp/1", "0 floating in 1"),
    ("a herd of elephants walking toward a watering hole", "herd of elephants/1; watering hole/1",
     "0 walking toward 1"),
    ("A hummingbird that hovers near a red feeder", "hummingbird/1; feeder/1/red", "0 hovering near 1"),
    ("The young zebra is being chased by two lionesses.", "zebra/1/young; lioness/2", "1 chasing 0"),
    ("A moose stands behind tall reeds in a marsh", "moose/1; reed/2+/tall; marsh/1",
     "0 standing behind 1; 1 in 2"),
    ("There is a sea turtle swimming through a coral reef.", "sea turtle/1; coral reef/1",
     "0 swimming through 1"),
    ("A snow leopard crouching on a ledge to ambush a goat", "REFUSE", ""),
    # (6) a food blogger
    ("A bowl of ramen topped with two eggs and scallions", "bowl of ramen/1; egg/2; scallion/2+",
     "0 topped with 1; 0 topped with 2"),
    ("stack of blueberry pancakes drizzled with maple syrup", "stack of blueberry pancakes/1; maple syrup/1",
     "0 drizzled with 1"),
    ("Six pastel macarons which sit on a marble cake stand", "macaron/6/pastel; cake stand/1/marble",
     "0 sitting on 1"),
    ("A cup of espresso beside a croissant on a white saucer", "cup of espresso/1; croissant/1; saucer/1/white",
     "0 next to 1; 1 on 2"),
    ("Four tacos lined up on a wooden board next to a bowl of salsa", "taco/4; board/1/wooden; bowl of salsa/1",
     "0 lined up on 1; 1 next to 2"),
    ("The chef is slicing a roast chicken on a cutting board.", "chef/1; roast chicken/1; cutting board/1",
     "0 slicing 1; 1 on 2"),
    ("A slice of cherry pie with a scoop of vanilla ice cream on top",
     "slice of cherry pie/1; scoop of vanilla ice cream/1", "1 on top of 0"),
    ("There are three dumplings in a bamboo steamer.", "dumpling/3; steamer/1/bamboo", "0 in 1"),
    ("a glass of lemonade sitting on a picnic table under a maple tree",
     "glass of lemonade/1; picnic table/1; maple tree/1", "0 sitting on 1; 1 under 2"),
    ("A baker pulling a tray of croissants from the oven", "REFUSE", ""),
    # (7) a city commuter
    ("A crowd of people on the escalator", "crowd of people/1; escalator/1", "0 on 1"),
    ("A yellow taxi waiting in front of the train station", "taxi/1/yellow; train station/1",
     "0 waiting in front of 1"),
    ("A man in a gray suit is reading a newspaper.", "man/1; suit/1/gray; newspaper/1", "0 in 1; 0 reading 2"),
    ("Bikes chained to a railing outside the station", "bike/2+; railing/1; station/1",
     "0 chained to 1; 1 outside 2"),
    ("A woman who is wearing a red scarf sits next to the window.", "woman/1; scarf/1/red; window/1",
     "0 wearing 1; 0 sitting next to 2"),
    ("pigeons pecking at crumbs under a bench", "pigeon/2+; crumb/2+; bench/1", "0 pecking at 1; 1 under 2"),
    ("A red double-decker bus drives across the bridge.", "double-decker bus/1/red; bridge/1",
     "0 driving across 1"),
    ("There are 4 people waiting at the bus stop", "person/4; bus stop/1", "0 waiting at 1"),
    ("A cyclist in a green helmet is stopped behind a delivery truck.",
     "cyclist/1; helmet/1/green; delivery truck/1", "0 in 1; 0 stopped behind 2"),
    ("A commuter tossing a coffee cup into a trash can", "REFUSE", ""),
    # (8) a kid's picture-book author
    ("A little mouse in a blue hat is reading a book under a mushroom.",
     "mouse/1/little; hat/1/blue; book/1; mushroom/1", "0 in 1; 0 reading 2; 2 under 3"),
    ("Two bunnies share a carrot.", "bunny/2; carrot/1", "0 sharing 1"),
    ("A teddy bear and a toy robot are having a tea party.", "teddy bear/1; toy robot/1; tea party/1",
     "0 having 2; 1 having 2"),
    ("The moon smiles at a sleepy owl", "moon/1; owl/1/sleepy", "0 smiling at 1"),
    ("A tall sandcastle built by three crabs", "sandcastle/1/tall; crab/3", "1 building 0"),
    ("A purple dinosaur that is dancing with a penguin", "dinosaur/1/purple; penguin/1", "0 dancing with 1"),
    ("Five ducklings swim behind their mother.", "duckling/5; mother/1", "0 swimming behind 1"),
    ("a unicorn galloping toward a rainbow", "unicorn/1; rainbow/1", "0 galloping toward 1"),
    ("There is a paper boat floating in a puddle next to a frog.", "boat/1/paper; puddle/1; frog/1",
     "0 floating in 1; 1 next to 2"),
    ("A kitten stuck at the top of a tall tree", "REFUSE", ""),
]

if __name__ == "__main__":
    score(HELD_OUT26, "held-out (26)")
