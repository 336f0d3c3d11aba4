"""bench/csg_heldout19.py: the nineteenth held-out set of natural prompts for cast_csg's rules (issue 19), in the
style of compositional text-to-image benchmarks.

80 prompts in the style of the public compositional text-to-image benchmarks (T2I-CompBench's categories, GenEval,
DPG-style dense prompts), every one of them new and none copied from a benchmark. Each row gives the reading a
careful person would. The set was written blind by a helper that never saw the rules, their tests or their
history, never ran the parser, and kept the file outside the repository. It must never be used to change the
rules.

Categories, ten prompts each, in this order:
  1. color binding: two or three objects, each with its own color ("A turquoise teapot on a maroon tablecloth.");
  2. shape binding: round, square, oval, rectangular, triangular, hexagonal, circular, cylindrical, heart-shaped,
     star-shaped, diamond-shaped and cube-shaped objects;
  3. texture and material binding: fluffy, fuzzy, furry, smooth, rusty, shiny, knitted, leather, metallic, metal,
     brass, copper, glass, ceramic, marble, velvet, wicker, silk, woolen, plastic, wooden;
  4. 2D spatial: left of, right of, above, over, below, beneath, on top of, near, close to (one copula with two
     relations);
  5. 3D spatial: in front of, behind, hidden by, inside, under, underneath;
  6. non-spatial interactions: a verb between two things (present, progressive, past progressive, and a
     progressive passive "is being chased by");
  7. counting: one to eight as words or digits, several objects with their own counts, irregular plurals ("mice"),
     "There are", an "of" noun with a count ("two slices of cheese");
  8. complex: sentences of 17 to 23 words mixing the above with verbs, copulas, a relative clause ("that stands"),
     passives with "by", lists, "of" nouns ("bowls of soup", "a pair of leather boots"), "filled with", "X with Y
     in it" and "There are".
Some prompts are capitalized and end with a period, some do not.

Shorthand and scoring as in bench/csg_heldout.py. Objects are written "noun/count/attribute,..." (nouns singular and
lower case; "2+" is a bare plural). Relations are written "subject value target", using object indices, in the
order the prompt states them. "REFUSE" marks a prompt whose meaning the atoms cannot state; for those rows a
refusal is the right answer. 10 of the 80 rows are marked REFUSE, four in category 6, three in category 8 and one
each in categories 3, 4 and 5: a part or region "of" something ("on the left side of the mantel", "On the top shelf
of an old bookcase"), a possessive body part ("the girl's face"), a verb's second object, source or destination
("hands a gift to her grandson", "takes honey from a hive", "pouring hot soup from a large copper pot into three
ceramic bowls"), a purpose ("to reach a ball", "to reach a jar of cookies"), a negation ("with no flowers") and a
comparison ("smaller than a shoebox").

Conventions, following bench/csg_heldout15.py:
  - A bare spatial preposition reads as the atoms' canonical relation: "left of", "right of"; "above" (above,
    over); "below" (below, beneath); "under" (under, underneath); "on top of" (on top of, atop); "on"; "in" (in,
    inside); "in front of"; "behind"; "next to" (next to, beside, a spatial "by"); "near" (near, close to); "at",
    "around", "against", "across", "through", "along", "between", "outside" as written. "between" two different
    things is a list sharing the relation ("sits between a small cactus and a purple orchid" -> "0 sitting between
    2; 0 sitting between 3").
  - "to the left of" / "to the right of" after a copula or a noun -> "left of" / "right of". One subject with two
    relations joined by "and" gives both to the subject ("a toaster is to the left of a blender and to the right of
    a kettle" -> "0 left of 1; 0 right of 2").
  - "A hidden by B" reads as "behind" ("a raccoon hidden by a trash can" -> "0 behind 1"; "The garden gnome is
    hidden by a tall hedge." alike), not as an active verb.
  - A verb relation reads as the -ing form and keeps its own preposition ("sits beside" -> "sitting beside", "lies
    beneath" -> "lying beneath", "hang from" -> "hanging from", "surround" -> "surrounding", "drinking at",
    "pecking at", "sleeping on", "crawling on", "swimming on"). A past participle stays as written, with its own
    preposition ("parked next to", "parked behind", "tied to", "stacked against", "filled with").
  - A passive with "by" reads as the active ("is being chased by an owl" -> "1 chasing 0"; "is being brushed by",
    "is pulled by" alike).
  - An intransitive verb with no place is an attribute (none in this set).
  - Colors (including silver, turquoise, maroon), materials, sizes, shapes and textures are attributes, in the order
    they are written ("A rusty metal bucket" -> bucket/1/rusty,metal; "a blue knitted sweater" ->
    sweater/1/blue,knitted; "a round oak table" -> table/1/round,oak). Sizes: large, small, little, old, tall.
    Materials: wooden, metal, metallic, brass, copper, glass, ceramic, marble, velvet, wicker, silk, woolen,
    leather, plastic, paper, stone, oak. Shapes: round, square, oval, rectangular, triangular, hexagonal, circular,
    cylindrical and the "-shaped" words (heart-shaped, star-shaped, diamond-shaped, cube-shaped), each one
    attribute. Textures: fluffy, fuzzy, furry, smooth, rusty, shiny, knitted.
  - Compound nouns are one noun ("traffic cone", "picture frame", "beach ball", "koi pond", "tennis racket", "food
    truck", "pine tree", "trash can", "garden gnome", "picnic table", "dining table", "fishing net"). Words inside
    an "of" noun stay in that noun; "a pair of" is an "of" noun of count 1 ("pair of leather boots/1"), a counted
    "of" noun takes the count ("two slices of cheese" -> slice of cheese/2), a bare plural head is "2+". Possessives
    are dropped. Mass nouns count 1 ("snow/1", "corn/1").
  - "There is" / "There are" add nothing.
  - "X with Y in it" reads as "Y in X" ("A glass jar with three goldfish in it" -> "1 in 0"), stated where the
    "with" stands.
  - Lists that share a relation give one relation per list member ("0 on 2; 1 on 2"; "0 drinking at 2; 1 drinking
    at 2"; "0 next to 2; 1 next to 2").
  - A plain thing after a verb's object goes to the object ("pecking at corn next to a wooden fence" -> "3 next to
    4"). A place after the object of a preposition attaches to that object, the nearest one ("on a wooden table
    next to a large window" -> "2 next to 3"). A clause joined by ", and" starts a new subject.

Run:
    python bench/csg_heldout19.py          # the counts, then every refusal and mis-parse

Measured once (at 34dedda, the rules after round 15; written by a helper that never saw the rules or their tests,
kept outside the repository until then): 63 of 80 parsed right (79%; 63 of the 70 statable rows: 90%), 13 refused
(9 of them rows marked REFUSE, so 72 of 80 answered right: 90%), 4 mis-parsed (5%).
  - an attribute word no table has (3): "maroon" (a color), "cube-shaped" (a shape), "wicker" (left out of the
    materials on purpose: earlier sets write "wicker basket" as one noun), each read as part of the noun.
  - a REFUSE row parsed (1): "A candle on the left side of the mantel" read "left of" (the rules' table has "on the
    left side of" as a way to write "left of"; the row refuses it as a region of the mantel).
  - refused where the row has a reading (4): "in the snow" (weather or a thing?), "to the left of a blender and to
    the right of a kettle" (two places joined by "and"), "a pair of leather boots", "between a small cactus and a
    purple orchid" (between one thing and another: deliberate).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT19 = [
    # 1. color binding
    ("A yellow kayak and a purple paddle", "kayak/1/yellow; paddle/1/purple", ""),
    ("an orange traffic cone beside a blue mailbox.", "traffic cone/1/orange; mailbox/1/blue", "0 next to 1"),
    ("A pink flamingo, a green lizard and a white rabbit", "flamingo/1/pink; lizard/1/green; rabbit/1/white", ""),
    ("A red scooter is parked next to a silver van.", "scooter/1/red; van/1/silver", "0 parked next to 1"),
    ("a black piano and a white cello", "piano/1/black; cello/1/white", ""),
    ("Brown boots and a gray umbrella by the door", "boot/2+/brown; umbrella/1/gray; door/1",
     "0 next to 2; 1 next to 2"),
    ("A turquoise teapot on a maroon tablecloth.", "teapot/1/turquoise; tablecloth/1/maroon", "0 on 1"),
    ("a green frog sitting on a yellow leaf", "frog/1/green; leaf/1/yellow", "0 sitting on 1"),
    ("A blue bicycle, a red helmet, and a black backpack.", "bicycle/1/blue; helmet/1/red; backpack/1/black", ""),
    ("A white swan and a black swan on a gray lake", "swan/1/white; swan/1/black; lake/1/gray", "0 on 2; 1 on 2"),
    # 2. shape binding
    ("A round mirror above a rectangular sink", "mirror/1/round; sink/1/rectangular", "0 above 1"),
    ("a square clock and an oval rug.", "clock/1/square; rug/1/oval", ""),
    ("A heart-shaped cookie on a round plate.", "cookie/1/heart-shaped; plate/1/round", "0 on 1"),
    ("Three triangular flags hang from a rope", "flag/3/triangular; rope/1", "0 hanging from 1"),
    ("An oval pendant and a square ring on a velvet cushion", "pendant/1/oval; ring/1/square; cushion/1/velvet",
     "0 on 2; 1 on 2"),
    ("a star-shaped balloon tied to a round lantern", "balloon/1/star-shaped; lantern/1/round", "0 tied to 1"),
    ("A rectangular aquarium next to a round fishbowl.", "aquarium/1/rectangular; fishbowl/1/round", "0 next to 1"),
    ("The hexagonal tiles surround a circular fountain.", "tile/2+/hexagonal; fountain/1/circular",
     "0 surrounding 1"),
    ("a diamond-shaped kite and a round beach ball", "kite/1/diamond-shaped; beach ball/1/round", ""),
    ("A cube-shaped speaker sits beside a cylindrical vase.", "speaker/1/cube-shaped; vase/1/cylindrical",
     "0 sitting beside 1"),
    # 3. texture and material binding
    ("A fluffy towel on a wooden stool", "towel/1/fluffy; stool/1/wooden", "0 on 1"),
    ("a leather wallet and a metallic keychain.", "wallet/1/leather; keychain/1/metallic", ""),
    ("A knitted hat hangs on a brass hook.", "hat/1/knitted; hook/1/brass", "0 hanging on 1"),
    ("A glass bowl and a ceramic mug on a marble counter", "bowl/1/glass; mug/1/ceramic; counter/1/marble",
     "0 on 2; 1 on 2"),
    ("A fuzzy caterpillar crawling on a smooth stone", "caterpillar/1/fuzzy; stone/1/smooth", "0 crawling on 1"),
    ("A velvet armchair next to a wicker lamp.", "armchair/1/velvet; lamp/1/wicker", "0 next to 1"),
    ("a furry puppy sleeping on a silk pillow", "puppy/1/furry; pillow/1/silk", "0 sleeping on 1"),
    ("A rusty metal bucket beside a shiny copper kettle.", "bucket/1/rusty,metal; kettle/1/shiny,copper",
     "0 next to 1"),
    ("Two woolen mittens and a plastic sled in the snow", "mitten/2/woolen; sled/1/plastic; snow/1",
     "0 in 2; 1 in 2"),
    ("A glass vase with no flowers beside a leather sofa", "REFUSE", ""),
    # 4. 2D spatial
    ("A lemon to the left of a lime.", "lemon/1; lime/1", "0 left of 1"),
    ("A violin to the right of a trumpet", "violin/1; trumpet/1", "0 right of 1"),
    ("The hawk is above the windmill.", "hawk/1; windmill/1", "0 above 1"),
    ("A hedgehog beneath a large mushroom", "hedgehog/1; mushroom/1/large", "0 below 1"),
    ("A pineapple on top of a stack of books", "pineapple/1; stack of books/1", "0 on top of 1"),
    ("A paper lantern over a koi pond", "lantern/1/paper; koi pond/1", "0 above 1"),
    ("Two canoes close to a wooden dock.", "canoe/2; dock/1/wooden", "0 near 1"),
    ("a toaster is to the left of a blender and to the right of a kettle", "toaster/1; blender/1; kettle/1",
     "0 left of 1; 0 right of 2"),
    ("A tennis racket lies beneath a bench", "tennis racket/1; bench/1", "0 lying beneath 1"),
    ("A candle on the left side of the mantel", "REFUSE", ""),
    # 5. 3D spatial
    ("A food truck in front of a bakery", "food truck/1; bakery/1", "0 in front of 1"),
    ("A deer behind a pine tree.", "deer/1; pine tree/1", "0 behind 1"),
    ("a raccoon hidden by a trash can", "raccoon/1; trash can/1", "0 behind 1"),
    ("A ship inside a glass bottle", "ship/1; bottle/1/glass", "0 in 1"),
    ("A suitcase under the bed.", "suitcase/1; bed/1", "0 under 1"),
    ("A tractor parked behind a red barn", "tractor/1; barn/1/red", "0 parked behind 1"),
    ("The garden gnome is hidden by a tall hedge.", "garden gnome/1; hedge/1/tall", "0 behind 1"),
    ("Three apples inside a paper bag", "apple/3; bag/1/paper", "0 in 1"),
    ("A tortoise underneath a picnic table", "tortoise/1; picnic table/1", "0 under 1"),
    ("A toy train inside a box smaller than a shoebox", "REFUSE", ""),
    # 6. non-spatial interactions
    ("A girl feeding a goat", "girl/1; goat/1", "0 feeding 1"),
    ("A mechanic repairs an old motorcycle.", "mechanic/1; motorcycle/1/old", "0 repairing 1"),
    ("two kids are petting a pony", "kid/2; pony/1", "0 petting 1"),
    ("The baker was carrying a tray of croissants.", "baker/1; tray of croissants/1", "0 carrying 1"),
    ("A mouse is being chased by an owl.", "mouse/1; owl/1", "1 chasing 0"),
    ("A shepherd is shearing a sheep.", "shepherd/1; sheep/1", "0 shearing 1"),
    ("A grandmother hands a gift to her grandson", "REFUSE", ""),
    ("A beekeeper takes honey from a hive.", "REFUSE", ""),
    ("A boy climbs the fence to reach a ball", "REFUSE", ""),
    ("A puppy licks the girl's face.", "REFUSE", ""),
    # 7. counting
    ("Four penguins and two seals", "penguin/4; seal/2", ""),
    ("three red tulips in a blue vase", "tulip/3/red; vase/1/blue", "0 in 1"),
    ("5 pencils next to 2 erasers", "pencil/5; eraser/2", "0 next to 1"),
    ("Seven ducks swimming on a pond.", "duck/7; pond/1", "0 swimming on 1"),
    ("One giraffe and three zebras are drinking at a river.", "giraffe/1; zebra/3; river/1",
     "0 drinking at 2; 1 drinking at 2"),
    ("There are 6 cupcakes on a tray.", "cupcake/6; tray/1", "0 on 1"),
    ("Two foxes, three hares and one badger", "fox/2; hare/3; badger/1", ""),
    ("eight sailboats near a lighthouse", "sailboat/8; lighthouse/1", "0 near 1"),
    ("Three mice are eating two slices of cheese.", "mouse/3; slice of cheese/2", "0 eating 1"),
    ("4 chairs around a dining table", "chair/4; dining table/1", "0 around 1"),
    # 8. complex
    ("An old fisherman wearing a blue knitted sweater sits on a wooden crate and mends a large fishing net.",
     "fisherman/1/old; sweater/1/blue,knitted; crate/1/wooden; fishing net/1/large",
     "0 wearing 1; 0 sitting on 2; 0 mending 3"),
    ("The brown horse that stands near the barn is being brushed by a girl in a white helmet.",
     "horse/1/brown; barn/1; girl/1; helmet/1/white", "0 standing near 1; 2 brushing 0; 2 in 3"),
    ("There are three bowls of soup and two silver spoons on a wooden table next to a large window.",
     "bowl of soup/3; spoon/2/silver; table/1/wooden; window/1/large", "0 on 2; 1 on 2; 2 next to 3"),
    ("A vase filled with yellow sunflowers stands on a round oak table, and a white cat is sleeping on a velvet "
     "cushion.", "vase/1; sunflower/2+/yellow; table/1/round,oak; cat/1/white; cushion/1/velvet",
     "0 filled with 1; 0 standing on 2; 3 sleeping on 4"),
    ("Five wooden barrels are stacked against a stone wall, and a pair of leather boots hangs from a rusty nail",
     "barrel/5/wooden; wall/1/stone; pair of leather boots/1; nail/1/rusty",
     "0 stacked against 1; 2 hanging from 3"),
    ("a red wagon is pulled by two brown horses, and three chickens are pecking at corn next to a wooden fence",
     "wagon/1/red; horse/2/brown; chicken/3; corn/1; fence/1/wooden", "1 pulling 0; 2 pecking at 3; 3 next to 4"),
    ("A glass jar with three goldfish in it sits between a small cactus and a purple orchid.",
     "jar/1/glass; goldfish/3; cactus/1/small; orchid/1/purple", "1 in 0; 0 sitting between 2; 0 sitting between 3"),
    ("A tall chef in a white apron is pouring hot soup from a large copper pot into three ceramic bowls on the "
     "counter.", "REFUSE", ""),
    ("On the top shelf of an old bookcase there are four glass jars of candy and a small brass clock that is "
     "ticking.", "REFUSE", ""),
    ("A little girl wearing pink rain boots stands on her tiptoes to reach a jar of cookies on a high kitchen "
     "shelf", "REFUSE", ""),
]

if __name__ == "__main__":
    score(HELD_OUT19, "held-out (19)")
