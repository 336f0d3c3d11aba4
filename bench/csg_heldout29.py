"""bench/csg_heldout29.py: the twenty-ninth held-out set of natural prompts for cast_csg's rules (issue 19), as
researchers write prompt files.

80 prompts written the way researchers write prompt files for compositional text-to-image training. Each row gives the
reading a careful person would. The set was written blind by a helper that never saw the rules, their tests or their
history, never ran the parser, and kept the file outside the repository. It must never be used to change the rules.
Every prompt is new, written for this set and not copied from any benchmark. The objects range over animals, people,
foods, furniture, vehicles, plants, tools, musical instruments and places (beaches, kitchens, city streets, gardens,
offices, stages, harbors, cafes, workshops, libraries, reefs, savannas, science classrooms, snowy parks, bedrooms,
farms). Capitalization and final periods vary.

Styles, in three groups:
  (a) 25 GenEval-style templates: "a photo of a X and a Y", "a photo of four Xs", "a photo of a purple X and a green
      Y", "a photo of a X right of a Y" (and left of, above, below), a single colored object, two counts in one
      prompt. None is marked REFUSE.
  (b) 30 T2I-CompBench-style prompts: attribute binding with colors, shapes ("round", "square", "oval",
      "triangular") and textures ("fluffy", "furry", "metallic", "leather", "striped", "checkered"); spatial ("on the
      left of", "on the right of", "on the top of", "near", "beside", "in front of", "hiding behind", "under");
      non-spatial interactions ("is washing", "feeding", "kicks", "is barking at", "hugging", "repairing"); counting
      ("three cups and two teapots", "two lions and one zebra", "Eight chairs around a round table."). 5 of them are
      marked REFUSE.
  (c) 25 long dense descriptions of a scene, 20 to 40 words, one or two sentences, several objects each with
      attributes and relations (clauses joined by ", and", a place opening a sentence, a thing named again with
      "the", a passive with "by", participles "loaded with" and "anchored in", a comma participle "sharing ...",
      "of" nouns, lists sharing a verb). 5 of them are marked REFUSE.

Shorthand and scoring as in bench/csg_heldout.py. Objects are written "noun/count/attribute,..." (nouns singular and
lower case; "2+" is a bare plural). Relations are written "subject value target", using object indices, in the
order the prompt states them. "REFUSE" marks a prompt whose meaning the atoms cannot state; for those rows a
refusal is the right answer. 10 of the 80 rows are marked REFUSE: a part or region "of" a thing ("on the handle of
a shovel", "at the edge of a dark pine forest"), a possessive body part ("on a girl's finger", "on the pirate's
shoulder"), a verb's second object, source or destination ("throwing a frisbee to his dog", "drops a coin into his
open case", "picks ripe apples from a tall tree"), a purpose ("climb a tall red ladder to rescue a gray kitten"), a
negation ("without a seat") and a comparison ("bigger than a bathtub").

Conventions, following bench/csg_heldout15.py:
  - A bare spatial preposition reads as the atoms' canonical relation: "left of", "right of"; "above" (above,
    over); "below" (below, beneath); "under" (under, underneath); "on top of" (on top of, atop); "on"; "in" (in,
    inside); "in front of"; "behind"; "next to" (next to, beside, a spatial "by"); "near" (near, close to); "at",
    "around", "against", "across", "through", "along", "between", "outside" as written. "between" two different
    things is a list sharing the relation ("sits between a green plant and a white ceramic mug" -> "1 sitting
    between 2; 1 sitting between 3").
  - T2I-CompBench's "on the left of" and "on the right of" read as "left of" and "right of"; "on the top of" reads
    as "on top of" ("a pumpkin on the top of a barrel" -> "0 on top of 1"). GenEval's "a X right of a Y" is "0
    right of 1", "a X below a Y" is "0 below 1".
  - A verb relation reads as the -ing form and keeps its own preposition ("sleeps on" -> "sleeping on", "lies
    under" -> "lying under", "sits inside" -> "sitting inside", "hangs from" -> "hanging from", "perch on" ->
    "perching on", "swims above" -> "swimming above", "circles around" -> "circling around", "sings into" ->
    "singing into", "rises behind" -> "rising behind", "waits at" -> "waiting at", "ride along" -> "riding along",
    "walks beside" -> "walking beside", "is barking at" -> "barking at"; "kicks" -> "kicking", "dusts" ->
    "dusting", "saws" -> "sawing"). A past participle stays as written ("loaded with", "anchored in").
  - A passive with "by" reads as the active ("A small wooden cart loaded with orange pumpkins is pulled by a gray
    donkey" -> "0 loaded with 1; 2 pulling 0").
  - An intransitive verb with no place is an attribute (none in this set).
  - Colors, materials and sizes (large, small, little, tiny, tall, long, low, old, young, elderly; "brass", "bamboo",
    "ceramic", "glass", "leather", "metal", "porcelain", "stone", "straw", "velvet", "wooden" as materials) are
    attributes, in the order they are written. So are shapes ("round", "square", "oval", "triangular", "flat"),
    textures and patterns ("fluffy", "furry", "puffy", "metallic", "woven", "striped", "checkered", "patterned") and
    other plain describing words before a noun ("ripe", "thick", "bald", "snowy", "calm", "sandy", "dry", "fresh",
    "frozen", "sunken", "unmade", "muddy", "rocky", "sturdy", "bright", "quiet", "soft", "wide", "rusty"). Compound
    nouns are one noun ("fire hydrant", "stop sign", "teddy bear", "wine glass", "tennis racket", "traffic light",
    "baseball glove", "soccer ball", "coffee table", "cutting board", "office chair", "oak tree", "acacia tree",
    "watering can", "watering hole", "sea turtle", "coral reef", "double bass", "grand piano", "beanbag chair", "comic
    book", "fishing rod", "tape measure", "power drill", "lab coat", "golden retriever", "desk lamp"). Words inside an
    "of" noun stay in that noun ("a bed of purple tulips" -> bed of purple tulips/1; "a school of striped fish", "a
    herd of zebras", "a basket of strawberries", "a bottle of pink lemonade", "a beaker of green liquid", "a box of
    nails", "a tray of croissants", "a pot of soup", "a pile of clothes"), each of count 1. Possessives are dropped.
    Mass nouns count 1 ("water/1", "snow/1", "espresso/1", "grass/1"). "one" is the count 1. A collective noun without
    "of" counts 1 ("An elderly couple" -> couple/1/elderly).
  - "in a white apron" / "in yellow swimsuits" (worn) is "0 in 1"; worn plurals are bare plurals ("swimsuit/2+").
    "A photo of ..." frames add nothing.
  - Lists that share a relation give one relation per list member ("a hammer, a tape measure and a box of nails
    lie beside a yellow power drill" -> "4 lying beside 7; 5 lying beside 7; 6 lying beside 7"; "sharing a basket
    of strawberries and a bottle of pink lemonade" -> "0 sharing 3; 0 sharing 4").
  - A plain thing after a verb's object goes to the object ("slices ripe tomatoes on a bamboo cutting board" -> "3
    on 4"; "build a tall sandcastle next to a striped umbrella" -> "2 next to 3"; "holds a beaker of green liquid
    above a small blue flame" -> "2 above 3"). A place after the object of a preposition or participle attaches to
    that object, the nearest one ("sleeps on a red velvet cushion beside a tall brass lamp" -> "1 next to 2"; "sits
    on a beanbag chair by the window" -> "5 next to 6"; "stands on a rocky island behind the sailboats" -> "3
    behind 0"). A place given to the subject before its verb stays the subject's ("An elderly couple at a round
    metal table outside a tiny cafe drinks espresso." -> "0 at 1; 1 outside 2; 0 drinking 3"; "an old man on a
    bench feeds pigeons" -> "6 on 7; 6 feeding 8").
  - New here: clauses joined by ", and" and separate sentences are read one after another, each with its own
    subject. A place that opens a sentence ("In a bright kitchen, ...", "On a glass desk, ...") belongs to that
    sentence's subject and is its first relation ("On a glass desk, a silver laptop sits between ..." -> "1 on 0;
    1 sitting between 2; ..."). A thing named again with "the" ("the desk", "the dock", "the rabbit", "the
    sailboats", "the teacher", "the donkey") is the same object, not a new one. A subject with two verbs joined by
    "and" takes both relations in order ("lies under a wooden table and chews a bone" -> "3 lying under 4; 3
    chewing 5"). A participle phrase after a comma describes the sentence's subject ("Four young friends sit on
    ..., sharing ..." -> "0 sharing 3").

Run:
    python bench/csg_heldout29.py            # the counts, then every refusal and mis-parse

Measured once (at ab12036, the rules after round 20; written by a helper that never saw the rules or their tests,
kept outside the repository until then): 55 of 80 parsed right (69%; 55 of the 70 statable rows: 79%), 17 refused
(10 of them rows marked REFUSE, so 65 of 80 answered right: 81%), 8 mis-parsed (10%). Every GenEval-style row
parsed right; the misses are in the long dense scenes.
  - an adjective outside the attribute table read into the noun (6): "low stone wall", "snowy mountain", "woven
    basket", "wide acacia tree", "unmade bed", "quiet harbor" (61 of 70 right if these count).
  - whose place after a verb's object (2): "plays a double bass beside a black grand piano" and "repairs a net on the
    pier": the rules give the place to the player and the fisherman (a scene, a place beside), the rows to the
    object.
  - refused where the row has a reading (7): a place that opens a sentence ("In a bright kitchen, ...", "On a glass
    desk, ..."), a place after a verb's object (3), "in the fresh snow" (weather), and "a school of striped fish
    circles around" (a verb in -s after an "of" noun's plural, read as part of the noun and refused).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT29 = [
    # style (a) GenEval-style templates
    ("a photo of a giraffe and a toaster", "giraffe/1; toaster/1", ""),
    ("a photo of four umbrellas", "umbrella/4", ""),
    ("a photo of a purple bicycle and a green vase", "bicycle/1/purple; vase/1/green", ""),
    ("a photo of a skateboard right of a fire hydrant", "skateboard/1; fire hydrant/1", "0 right of 1"),
    ("A photo of a kite above a sailboat.", "kite/1; sailboat/1", "0 above 1"),
    ("a photo of three carrots", "carrot/3", ""),
    ("A photo of an orange suitcase", "suitcase/1/orange", ""),
    ("a photo of a zebra left of a refrigerator", "zebra/1; refrigerator/1", "0 left of 1"),
    ("a photo of a laptop below a clock", "laptop/1; clock/1", "0 below 1"),
    ("a photo of a pink toothbrush and a black scooter", "toothbrush/1/pink; scooter/1/black", ""),
    ("A photo of two snowboards.", "snowboard/2", ""),
    ("a photo of a cow and a cello", "cow/1; cello/1", ""),
    ("a photo of six donuts", "donut/6", ""),
    ("a photo of a yellow teddy bear and a blue wine glass", "teddy bear/1/yellow; wine glass/1/blue", ""),
    ("a photo of a sheep right of a tennis racket", "sheep/1; tennis racket/1", "0 right of 1"),
    ("A photo of a stop sign above a motorcycle.", "stop sign/1; motorcycle/1", "0 above 1"),
    ("a photo of a white elephant and a brown surfboard", "elephant/1/white; surfboard/1/brown", ""),
    ("a photo of five forks", "fork/5", ""),
    ("a photo of an airplane below a bird", "airplane/1; bird/1", "0 below 1"),
    ("a photo of a broccoli and a handbag", "broccoli/1; handbag/1", ""),
    ("A photo of two horses and three traffic lights", "horse/2; traffic light/3", ""),
    ("a photo of a red keyboard left of a gray dog", "keyboard/1/red; dog/1/gray", "0 left of 1"),
    ("a photo of seven pencils", "pencil/7", ""),
    ("a photo of a bench and a baseball glove", "bench/1; baseball glove/1", ""),
    ("A photo of a green bus right of a yellow truck.", "bus/1/green; truck/1/yellow", "0 right of 1"),
    # style (b) T2I-CompBench-style attribute binding, spatial, non-spatial and counting
    ("A blue backpack and a yellow kettle", "backpack/1/blue; kettle/1/yellow", ""),
    ("a green striped scarf and a pink checkered blanket", "scarf/1/green,striped; blanket/1/pink,checkered", ""),
    ("a round mirror and a square rug", "mirror/1/round; rug/1/square", ""),
    ("A triangular sandwich on an oval plate.", "sandwich/1/triangular; plate/1/oval", "0 on 1"),
    ("a fluffy pillow and a leather wallet", "pillow/1/fluffy; wallet/1/leather", ""),
    ("A metallic watch next to a wooden bowl", "watch/1/metallic; bowl/1/wooden", "0 next to 1"),
    ("a furry rug under a glass coffee table", "rug/1/furry; coffee table/1/glass", "0 under 1"),
    ("a violin on the left of a drum", "violin/1; drum/1", "0 left of 1"),
    ("A rabbit on the right of a lamp", "rabbit/1; lamp/1", "0 right of 1"),
    ("a pumpkin on the top of a barrel", "pumpkin/1; barrel/1", "0 on top of 1"),
    ("a turtle near a bucket", "turtle/1; bucket/1", "0 near 1"),
    ("a candle beside a guitar", "candle/1; guitar/1", "0 next to 1"),
    ("A penguin in front of a refrigerator.", "penguin/1; refrigerator/1", "0 in front of 1"),
    ("a kitten hiding behind a flowerpot", "kitten/1; flowerpot/1", "0 hiding behind 1"),
    ("A man is washing a car.", "man/1; car/1", "0 washing 1"),
    ("a woman feeding a goat", "woman/1; goat/1", "0 feeding 1"),
    ("A boy kicks a soccer ball", "boy/1; soccer ball/1", "0 kicking 1"),
    ("the dog is barking at the mailman", "dog/1; mailman/1", "0 barking at 1"),
    ("A girl hugging a panda", "girl/1; panda/1", "0 hugging 1"),
    ("A mechanic repairing an old tractor.", "mechanic/1; tractor/1/old", "0 repairing 1"),
    ("three cups and two teapots", "cup/3; teapot/2", ""),
    ("Five ducks swimming in a pond", "duck/5; pond/1", "0 swimming in 1"),
    ("two lions and one zebra", "lion/2; zebra/1", ""),
    ("four red apples on a wooden tray", "apple/4/red; tray/1/wooden", "0 on 1"),
    ("Eight chairs around a round table.", "chair/8; table/1/round", "0 around 1"),
    ("a ladybug on a girl's finger", "REFUSE", ""),
    ("A teapot bigger than a bathtub", "REFUSE", ""),
    ("a bird sitting on the handle of a shovel", "REFUSE", ""),
    ("A bicycle without a seat.", "REFUSE", ""),
    ("A boy throwing a frisbee to his dog", "REFUSE", ""),
    # style (c) long dense scene descriptions
    ("A gray cat sleeps on a red velvet cushion beside a tall brass lamp. A small brown dog lies under a wooden "
     "table and chews a bone.",
     "cat/1/gray; cushion/1/red,velvet; lamp/1/tall,brass; dog/1/small,brown; table/1/wooden; bone/1",
     "0 sleeping on 1; 1 next to 2; 3 lying under 4; 3 chewing 5"),
    ("Two children in yellow swimsuits build a tall sandcastle next to a striped umbrella, and a white seagull "
     "stands on a wooden post near the water.",
     "child/2; swimsuit/2+/yellow; sandcastle/1/tall; umbrella/1/striped; seagull/1/white; post/1/wooden; water/1",
     "0 in 1; 0 building 2; 2 next to 3; 4 standing on 5; 5 near 6"),
    ("In a bright kitchen, a young chef in a white apron slices ripe tomatoes on a bamboo cutting board. A pot of "
     "soup simmers on the stove.",
     "kitchen/1/bright; chef/1/young; apron/1/white; tomato/2+/ripe; cutting board/1/bamboo; pot of soup/1; "
     "stove/1",
     "1 in 0; 1 in 2; 1 slicing 3; 3 on 4; 5 simmering on 6"),
    ("A yellow taxi behind a red bus waits at a traffic light. Two cyclists in green helmets ride along the "
     "sidewalk, and an old man on a bench feeds pigeons.",
     "taxi/1/yellow; bus/1/red; traffic light/1; cyclist/2; helmet/2+/green; sidewalk/1; man/1/old; bench/1; "
     "pigeon/2+",
     "0 behind 1; 0 waiting at 2; 3 in 4; 3 riding along 5; 6 on 7; 6 feeding 8"),
    ("A wooden birdhouse hangs from an oak tree above a bed of purple tulips, and three sparrows perch on a low "
     "stone wall next to a rusty watering can.",
     "birdhouse/1/wooden; oak tree/1; bed of purple tulips/1; sparrow/3; wall/1/low,stone; watering can/1/rusty",
     "0 hanging from 1; 1 above 2; 3 perching on 4; 4 next to 5"),
    ("On a glass desk, a silver laptop sits between a green plant and a white ceramic mug. A black leather office "
     "chair stands behind the desk.",
     "desk/1/glass; laptop/1/silver; plant/1/green; mug/1/white,ceramic; office chair/1/black,leather",
     "1 on 0; 1 sitting between 2; 1 sitting between 3; 4 standing behind 0"),
    ("A woman in a red dress sings into a silver microphone on a small stage, and a bald man plays a double bass "
     "beside a black grand piano.",
     "woman/1; dress/1/red; microphone/1/silver; stage/1/small; man/1/bald; double bass/1; grand piano/1/black",
     "0 in 1; 0 singing into 2; 2 on 3; 4 playing 5; 5 next to 6"),
    ("Four young friends sit on a red checkered blanket under a large oak tree, sharing a basket of strawberries "
     "and a bottle of pink lemonade.",
     "friend/4/young; blanket/1/red,checkered; oak tree/1/large; basket of strawberries/1; "
     "bottle of pink lemonade/1",
     "0 sitting on 1; 1 under 2; 0 sharing 3; 0 sharing 4"),
    ("a green sea turtle swims above a pink coral reef, and a school of striped fish circles around a sunken anchor "
     "near the sandy seabed",
     "sea turtle/1/green; coral reef/1/pink; school of striped fish/1; anchor/1/sunken; seabed/1/sandy",
     "0 swimming above 1; 2 circling around 3; 3 near 4"),
    ("A tall librarian dusts thick blue books on a wooden shelf, and a small boy in a yellow raincoat sits on a "
     "beanbag chair by the window and reads a comic book.",
     "librarian/1/tall; book/2+/thick,blue; shelf/1/wooden; boy/1/small; raincoat/1/yellow; beanbag chair/1; "
     "window/1; comic book/1",
     "0 dusting 1; 1 on 2; 3 in 4; 3 sitting on 5; 5 next to 6; 3 reading 7"),
    ("A snowy mountain rises behind a calm blue lake. A red canoe floats next to a small wooden dock, and a black "
     "dog sits on the dock beside two fishing rods.",
     "mountain/1/snowy; lake/1/calm,blue; canoe/1/red; dock/1/small,wooden; dog/1/black; fishing rod/2",
     "0 rising behind 1; 2 floating next to 3; 4 sitting on 3; 3 next to 5"),
    ("An elderly couple at a round metal table outside a tiny cafe drinks espresso. A waiter in a black vest "
     "carries a tray of croissants, and a gray cat sleeps under a chair.",
     "couple/1/elderly; table/1/round,metal; cafe/1/tiny; espresso/1; waiter/1; vest/1/black; tray of croissants/1; "
     "cat/1/gray; chair/1",
     "0 at 1; 1 outside 2; 0 drinking 3; 4 in 5; 4 carrying 6; 7 sleeping under 8"),
    ("A carpenter in a leather apron saws a long wooden plank on a sturdy workbench, and a hammer, a tape measure "
     "and a box of nails lie beside a yellow power drill.",
     "carpenter/1; apron/1/leather; plank/1/long,wooden; workbench/1/sturdy; hammer/1; tape measure/1; "
     "box of nails/1; power drill/1/yellow",
     "0 in 1; 0 sawing 2; 2 on 3; 4 lying beside 7; 5 lying beside 7; 6 lying beside 7"),
    ("A fluffy white rabbit sits inside a woven basket on a patterned rug. Two toddlers in striped sweaters sit on "
     "a soft gray sofa and watch the rabbit.",
     "rabbit/1/fluffy,white; basket/1/woven; rug/1/patterned; toddler/2; sweater/2+/striped; sofa/1/soft,gray",
     "0 sitting inside 1; 1 on 2; 3 in 4; 3 sitting on 5; 3 watching 0"),
    ("A teacher in a white lab coat holds a beaker of green liquid above a small blue flame, and four students sit "
     "at a long table behind the teacher.",
     "teacher/1; lab coat/1/white; beaker of green liquid/1; flame/1/small,blue; student/4; table/1/long",
     "0 in 1; 0 holding 2; 2 above 3; 4 sitting at 5; 5 behind 0"),
    ("Three children in puffy red jackets are building a snowman next to a frozen pond, and a golden retriever "
     "rolls in the fresh snow.",
     "child/3; jacket/2+/puffy,red; snowman/1; pond/1/frozen; golden retriever/1; snow/1/fresh",
     "0 in 1; 0 building 2; 2 next to 3; 4 rolling in 5"),
    ("Two tall giraffes stand beside a muddy watering hole under a wide acacia tree. A herd of zebras grazes on the "
     "dry yellow grass, and a lion rests on a flat rock.",
     "giraffe/2/tall; watering hole/1/muddy; acacia tree/1/wide; herd of zebras/1; grass/1/dry,yellow; lion/1; "
     "rock/1/flat",
     "0 standing beside 1; 1 under 2; 3 grazing on 4; 5 resting on 6"),
    ("a teenager in a gray hoodie lies on an unmade bed, and an orange cat sleeps on a pile of clothes beside a "
     "small desk lamp",
     "teenager/1; hoodie/1/gray; bed/1/unmade; cat/1/orange; pile of clothes/1; desk lamp/1/small",
     "0 in 1; 0 lying on 2; 3 sleeping on 4; 4 next to 5"),
    ("Five white sailboats are anchored in a quiet harbor. A red lighthouse stands on a rocky island behind the "
     "sailboats, and a fisherman in a yellow raincoat repairs a net on the pier.",
     "sailboat/5/white; harbor/1/quiet; lighthouse/1/red; island/1/rocky; fisherman/1; raincoat/1/yellow; net/1; "
     "pier/1",
     "0 anchored in 1; 2 standing on 3; 3 behind 0; 4 in 5; 4 repairing 6; 6 on 7"),
    ("A small wooden cart loaded with orange pumpkins is pulled by a gray donkey, and an old farmer in a straw hat "
     "walks beside the donkey.",
     "cart/1/small,wooden; pumpkin/2+/orange; donkey/1/gray; farmer/1/old; hat/1/straw",
     "0 loaded with 1; 2 pulling 0; 3 in 4; 3 walking beside 2"),
    ("Two hikers in orange jackets rest on a fallen log beside a blue tent, and a small campfire burns at the edge "
     "of a dark pine forest.", "REFUSE", ""),
    ("An old man in a brown hat plays an accordion on a cobblestone street, and a little girl in a pink coat drops "
     "a coin into his open case.", "REFUSE", ""),
    ("A bearded pirate in a black hat stands beside a treasure chest, and a green parrot perches on the pirate's "
     "shoulder near a brass lantern.", "REFUSE", ""),
    ("A woman in a straw hat picks ripe apples from a tall tree in a sunny orchard, and a brown basket sits on the "
     "grass beside a wooden ladder.", "REFUSE", ""),
    ("Two firefighters in yellow helmets climb a tall red ladder to rescue a gray kitten, and a crowd of neighbors "
     "stands on the sidewalk beside a fire truck.", "REFUSE", ""),
]


if __name__ == "__main__":
    score(HELD_OUT29, "held-out (29)")
