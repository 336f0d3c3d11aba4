"""bench/csg_heldout37.py: the thirty-seventh held-out set of natural prompts for cast_csg's rules (issue 19), as
researchers write prompt files.

80 prompts written the way researchers write prompt files for compositional text-to-image training and evaluation.
Each row gives the reading a careful person would. The set was written blind by a helper that never saw the rules,
their tests or their history, never ran the parser, and kept the file outside the repository. It must never be used
to change the rules. Every prompt is new, written for this set and not copied from any benchmark. Objects, animals,
people, foods, furniture, vehicles, plants, tools, instruments and places are drawn widely; capitalization and final
periods vary.

Styles, in three groups:
  (a) 25 GenEval-style templates, each "a photo of ...": a single object, two objects, counting (words and digits),
      colors, position ("a photo of a suitcase left of a sunflower": left of, right of, above, below) and color
      attribution ("a photo of a white piano and a red stool").
  (b) 30 T2I-CompBench-style prompts: color, shape and texture binding ("a round clock and a square mirror", "a
      woolen blanket and a ceramic mug"), 2D spatial ("on the left of", "on the right of", "on top of", "under"), 3D
      spatial ("in front of", "behind"), non-spatial interactions (feeding, hugging, chopping, playing, a passive "is
      chased by") and counting ("three apples and two bananas").
  (c) 25 dense scene descriptions of 20 to 40 words, one or two sentences, several objects each with attributes and
      relations: clauses joined by "and", "There are", participles ("curled up on", "lined up outside", "piled
      with", "topped with", "decorated with", "anchored in", "parked along"), a passive with "by", chains of places,
      "between" two things, and lists sharing a relation.

Shorthand and scoring as in bench/csg_heldout.py. Objects are written "noun/count/attribute,..." (nouns singular and
lower case; "2+" is a bare plural). Relations are written "subject value target", using object indices, in the
order the prompt states them. "REFUSE" marks a prompt whose meaning the atoms cannot state; for those rows a
refusal is the right answer. 10 of the 80 rows are marked REFUSE, five in (b) and five in (c), one of each kind: a
part "of" a thing ("the leg of a wooden chair"), a region "of" a place ("in the middle of a misty lake"), a
possessive body part ("a sailor's shoulder"), a verb's second object ("hands her grandson a wrapped present"), a
source ("steals a brown egg from a wooden henhouse"), a destination ("pours milk into a glass jar"), a purpose ("to
pick apples"), a negation with "without" ("a bicycle without a seat"), a negation with "not" ("the fireplace is not
lit") and a comparison ("bigger than a wheelbarrow").

Conventions, following bench/csg_heldout15.py (its lines first, then the ones this set adds):
  - A bare spatial preposition reads as the atoms' canonical relation: "left of", "right of"; "above" (above,
    over); "below" (below, beneath); "under" (under, underneath); "on top of" (on top of, atop); "on"; "in" (in,
    inside); "in front of"; "behind"; "next to" (next to, beside, a spatial "by"); "near" (near, close to); "at",
    "around", "against", "across", "through", "along", "between", "outside" as written ("over a rushing river" ->
    "above"; "beneath an oak tree" -> "below"; "by the window" -> "next to"). "between" two different things is a
    list sharing the relation ("stands between an acacia tree and a dusty termite mound" -> "2 standing between 3;
    2 standing between 4"); between a plural is one relation.
  - A verb relation reads as the -ing form and keeps its own preposition ("sits on" -> "sitting on", "sit at" ->
    "sitting at", "grazes in" -> "grazing in", "rest under" -> "resting under", "hides behind" -> "hiding behind",
    "lie on" -> "lying on", "perch on" -> "perching on", "simmers on" -> "simmering on", "pecks at" -> "pecking
    at", "play beside" -> "playing beside", "drink at" -> "drinking at", "typing on", "peeking over", "standing in
    front of"). A past participle stays as written, also after a copula ("curled up on", "lined up outside",
    "parked along", "anchored in", "piled with", "topped with", "decorated with", "covered with").
  - A passive with "by" reads as the active ("The mailman is chased by a small dog." -> "1 chasing 0"; "was baked
    by a smiling grandmother" -> "2 baking 0").
  - An intransitive verb with no place is an attribute.
  - Colors, materials and sizes (big, large, small, little, tall, long, narrow, old, young, elderly; "navy",
    "turquoise" and "silver" as colors; "wooden", "velvet", "wool", "woolen", "rubber", "leather", "glass",
    "plastic", "ceramic", "metal", "marble", "stone", "gravel", "clay", "straw" as materials) are attributes, in the
    order they are written ("a gray wool coat" -> coat/1/gray,wool). Compound nouns are one noun ("fire hydrant",
    "traffic cone", "ceiling fan", "palm tree", "picnic table", "guitar case", "telephone booth", "cutting board",
    "park bench", "oak tree", "bread crumb", "lifeguard tower", "grand piano", "train station", "street musician",
    "fruit stand", "chocolate cake", "watering hole", "acacia tree", "termite mound"). Words inside an "of" noun
    stay in that noun ("a stack of fluffy pancakes" -> stack of fluffy pancakes/1; "a row of red tulips", "a flock
    of pigeons", "a coil of rope", "a pot of soup", "a glass of orange juice", "a jar of honey", "a stack of papers",
    "a group of hikers", "a row of orange umbrellas", all count 1). Possessives are dropped. Mass nouns count 1.
  - "to the left of" after a copula -> "left of". "in a yellow raincoat" / "in black wetsuits" is "0 in 1". "A
    photo of ..." frames add nothing.
  - "X with Y in it" reads as "Y in X".
  - Lists that share a relation give one relation per list member ("3 lying on 6; 4 lying on 6; 5 lying on 6").
  - A plain thing after a verb's object goes to the object ("chews a rubber bone on the striped rug" -> "4 on 5";
    "is stacking books on a metal cart" -> "5 on 6"). A place after the object of a preposition or participle
    attaches to that object, the nearest one ("is standing beside a red telephone booth on a rainy street" -> "2 on
    3"; "sit at a long wooden table in a quiet library" -> "1 in 2"; "hides behind a clay flowerpot near the
    greenhouse" -> "4 near 5"). A place given to the subject before its verb stays the subject's ("a street
    musician under a lamppost is playing a silver saxophone" -> "2 under 3; 2 playing 4").
  Added by this set:
  - CompBench's "on the left of" / "on the right of" read as "left of" / "right of", and GenEval's "a X left of a
    Y" / "right of" / "above" / "below" as the canonical relation ("a photo of a skateboard below a ceiling fan" ->
    "0 below 1").
  - Shapes ("round", "square", "oval", "rectangular", "triangular", "circular", "cylindrical", "heart-shaped") and
    textures or patterns ("fluffy", "striped", "checkered", "mossy") are attributes like colors, materials and
    sizes, in the order written. So is any other single describing word before a noun that is not part of a listed
    compound ("ripe", "fresh", "sandy", "rainy", "quiet", "busy", "tired", "bearded", "floral", "framed", "frozen",
    "dusty", "colorful", "grassy", "muddy"), a participle used as an adjective among them ("a rushing river" ->
    river/1/rushing; "a smiling grandmother" -> grandmother/1/smiling).
  - Objects are numbered in the order they are first written, across clauses joined by "and" and across two
    sentences; no thing in these rows is named twice, so no row needs a reference back.
  - A participle or "in" phrase right after a noun comes where it is written, before the relation of the verb that
    follows ("A stack of fluffy pancakes topped with fresh blueberries sits on a white plate" -> "0 topped with 1;
    0 sitting on 2"; "A barista in a green apron stands behind ..." -> "0 in 1; 0 standing behind 2").
  - A list after a shared relation gives one relation per member as well ("a fruit stand piled with ripe mangoes,
    green apples and purple grapes" -> "2 piled with 3; 2 piled with 4; 2 piled with 5").
  - Two verbs sharing a subject each give their relation, in order ("Two customers sit at a small round table by
    the window and read newspapers." -> "4 sitting at 5; 5 next to 6; 4 reading 7").

Run:
    python bench/csg_heldout37.py

Measured once (at 7832834, the rules after round 25; written by a helper that never saw the rules or their tests,
kept outside the repository until then): 59 of 80 parsed right (74%; 59 of the 70 statable rows: 84%), 15 refused
(10 of them rows marked REFUSE, so 69 of 80 answered right: 86%), 6 mis-parsed (7.5%). Every GenEval-style row
parsed right but one.
  - a new error from round 25 (1, counted by the score as where a describing word sits): "a skateboard below a
    ceiling fan" read *fan* with the attribute *ceiling* (an -ing word before "fan", which the table of people and
    animals had as a person).
  - a real error (1): "a pot of soup simmers on the stove" ("simmers" read into the "of" noun: a verb no table has
    after a singular).
  - where a describing word sits (4): "the gravel path", "A bearded carpenter", "the frozen pond", "a framed
    photograph" (64 of 70 right if these count).
  - refused where the row has a reading (5): "by the window" after a place (a place or who put it?), a participle
    after a place's target twice ("covered with pastries", "piled with ripe mangoes"), "A group of hikers",
    "between an acacia tree and a dusty termite mound" (deliberate).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT37 = [
    # style (a): GenEval-style templates
    ("a photo of a harmonica", "harmonica/1", ""),
    ("a photo of a fire hydrant", "fire hydrant/1", ""),
    ("A photo of a kangaroo.", "kangaroo/1", ""),
    ("a photo of a wheelbarrow", "wheelbarrow/1", ""),
    ("a photo of a toaster and a cactus", "toaster/1; cactus/1", ""),
    ("a photo of a canoe and a lantern", "canoe/1; lantern/1", ""),
    ("A photo of a flamingo and a bicycle.", "flamingo/1; bicycle/1", ""),
    ("a photo of a croissant and a stapler", "croissant/1; stapler/1", ""),
    ("a photo of three hedgehogs", "hedgehog/3", ""),
    ("a photo of two accordions", "accordion/2", ""),
    ("A photo of four traffic cones.", "traffic cone/4", ""),
    ("a photo of 5 donuts", "donut/5", ""),
    ("a photo of seven pinecones", "pinecone/7", ""),
    ("a photo of a purple armchair", "armchair/1/purple", ""),
    ("a photo of an orange tractor", "tractor/1/orange", ""),
    ("A photo of a turquoise teapot.", "teapot/1/turquoise", ""),
    ("a photo of a black cello", "cello/1/black", ""),
    ("a photo of a suitcase left of a sunflower", "suitcase/1; sunflower/1", "0 left of 1"),
    ("a photo of a goat right of a mailbox", "goat/1; mailbox/1", "0 right of 1"),
    ("A photo of a kite above a windmill.", "kite/1; windmill/1", "0 above 1"),
    ("a photo of a skateboard below a ceiling fan", "skateboard/1; ceiling fan/1", "0 below 1"),
    ("a photo of a yellow umbrella and a green backpack", "umbrella/1/yellow; backpack/1/green", ""),
    ("a photo of a white piano and a red stool", "piano/1/white; stool/1/red", ""),
    ("A photo of a brown owl and a blue bucket.", "owl/1/brown; bucket/1/blue", ""),
    ("a photo of a silver trumpet and a gray parrot", "trumpet/1/silver; parrot/1/gray", ""),
    # style (b): T2I-CompBench-style prompts
    ("a green bench and a red scooter", "bench/1/green; scooter/1/red", ""),
    ("A pink scarf and a black hat", "scarf/1/pink; hat/1/black", ""),
    ("a yellow horse and a purple sheep.", "horse/1/yellow; sheep/1/purple", ""),
    ("a round clock and a square mirror", "clock/1/round; mirror/1/square", ""),
    ("An oval rug and a rectangular table", "rug/1/oval; table/1/rectangular", ""),
    ("a triangular sign and a circular window", "sign/1/triangular; window/1/circular", ""),
    ("a cylindrical vase and a heart-shaped pillow", "vase/1/cylindrical; pillow/1/heart-shaped", ""),
    ("a dog chewing on the leg of a wooden chair", "REFUSE", ""),
    ("a fluffy towel and a metal bucket", "towel/1/fluffy; bucket/1/metal", ""),
    ("A leather boot and a glass bottle.", "boot/1/leather; bottle/1/glass", ""),
    ("a wooden spoon and a plastic bowl", "spoon/1/wooden; bowl/1/plastic", ""),
    ("a woolen blanket and a ceramic mug", "blanket/1/woolen; mug/1/ceramic", ""),
    ("a bicycle without a seat", "REFUSE", ""),
    ("a cat on the left of a lamp", "cat/1; lamp/1", "0 left of 1"),
    ("A giraffe on the right of a palm tree", "giraffe/1; palm tree/1", "0 right of 1"),
    ("a cupcake on top of a microwave.", "cupcake/1; microwave/1", "0 on top of 1"),
    ("a rabbit under a picnic table", "rabbit/1; picnic table/1", "0 under 1"),
    ("a green parrot perched on a sailor's shoulder", "REFUSE", ""),
    ("A sofa in front of a fireplace", "sofa/1; fireplace/1", "0 in front of 1"),
    ("The guitar case is behind the couch.", "guitar case/1; couch/1", "0 behind 1"),
    ("A donkey standing in front of a red barn.", "donkey/1; barn/1/red", "0 standing in front of 1"),
    ("A woman pours milk into a glass jar.", "REFUSE", ""),
    ("A zookeeper is feeding a penguin", "zookeeper/1; penguin/1", "0 feeding 1"),
    ("a boy hugging a large dog", "boy/1; dog/1/large", "0 hugging 1"),
    ("A chef chops onions.", "chef/1; onion/2+", "0 chopping 1"),
    ("two musicians playing guitars", "musician/2; guitar/2+", "0 playing 1"),
    ("The mailman is chased by a small dog.", "mailman/1; dog/1/small", "1 chasing 0"),
    ("A girl climbs a ladder to pick apples.", "REFUSE", ""),
    ("three apples and two bananas", "apple/3; banana/2", ""),
    ("Four chairs around a round table.", "chair/4; table/1/round", "0 around 1"),
    # style (c): dense scene descriptions
    ("A young woman in a yellow raincoat is standing beside a red telephone booth on a rainy street, and two black "
     "motorcycles are parked along the curb.",
     "woman/1/young; raincoat/1/yellow; telephone booth/1/red; street/1/rainy; motorcycle/2/black; curb/1",
     "0 in 1; 0 standing beside 2; 2 on 3; 4 parked along 5"),
    ("Three ripe tomatoes and a yellow onion sit on a wooden cutting board next to a silver knife, and a pot of soup "
     "simmers on the stove.",
     "tomato/3/ripe; onion/1/yellow; cutting board/1/wooden; knife/1/silver; pot of soup/1; stove/1",
     "0 sitting on 2; 1 sitting on 2; 2 next to 3; 4 simmering on 5"),
    ("An elderly man in a gray wool coat sits on a green park bench beneath an oak tree, and a flock of pigeons "
     "pecks at bread crumbs on the gravel path.",
     "man/1/elderly; coat/1/gray,wool; park bench/1/green; oak tree/1; flock of pigeons/1; bread crumb/2+; "
     "path/1/gravel",
     "0 in 1; 0 sitting on 2; 2 below 3; 4 pecking at 5; 5 on 6"),
    ("A gray cat is curled up on a blue velvet cushion by the window, and a small brown puppy chews a rubber bone on "
     "the striped rug.",
     "cat/1/gray; cushion/1/blue,velvet; window/1; puppy/1/small,brown; bone/1/rubber; rug/1/striped",
     "0 curled up on 1; 1 next to 2; 3 chewing 4; 4 on 5"),
    ("A wooden rowboat floats in the middle of a misty lake, and an old fisherman in a green cap sits on a folding "
     "stool beside a tackle box.", "REFUSE", ""),
    ("Two surfers in black wetsuits are carrying white surfboards, and a red lifeguard tower stands near a row of "
     "orange umbrellas on the sandy beach.",
     "surfer/2; wetsuit/2+/black; surfboard/2+/white; lifeguard tower/1/red; row of orange umbrellas/1; "
     "beach/1/sandy",
     "0 in 1; 0 carrying 2; 3 standing near 4; 4 on 5"),
    ("A barista in a green apron stands behind a marble counter covered with pastries. Two customers sit at a small "
     "round table by the window and read newspapers.",
     "barista/1; apron/1/green; counter/1/marble; pastry/2+; customer/2; table/1/small,round; window/1; "
     "newspaper/2+",
     "0 in 1; 0 standing behind 2; 2 covered with 3; 4 sitting at 5; 5 next to 6; 4 reading 7"),
    ("A brown horse grazes in a grassy meadow beside a wooden fence, and three white sheep rest under a large oak "
     "tree on the hill.",
     "horse/1/brown; meadow/1/grassy; fence/1/wooden; sheep/3/white; oak tree/1/large; hill/1",
     "0 grazing in 1; 1 next to 2; 3 resting under 4; 4 on 5"),
    ("A bearded carpenter in a leather apron is sanding a wooden chair, and a red toolbox, a hammer and a coil of "
     "rope lie on the dusty workbench.",
     "carpenter/1/bearded; apron/1/leather; chair/1/wooden; toolbox/1/red; hammer/1; coil of rope/1; "
     "workbench/1/dusty",
     "0 in 1; 0 sanding 2; 3 lying on 6; 4 lying on 6; 5 lying on 6"),
    ("a grandmother in a lavender sweater hands her grandson a wrapped present, and colorful balloons float above a "
     "long table covered with cupcakes and lemonade", "REFUSE", ""),
    ("A little girl in a pink tutu is dancing on a wooden stage, and four violinists in black suits play beside a "
     "grand piano.",
     "girl/1/little; tutu/1/pink; stage/1/wooden; violinist/4; suit/2+/black; grand piano/1",
     "0 in 1; 0 dancing on 2; 3 in 4; 3 playing beside 5"),
    ("A white sailboat is anchored in a quiet harbor near a stone pier. A fisherman in a yellow hat is mending a "
     "net, and two seagulls perch on a wooden post.",
     "sailboat/1/white; harbor/1/quiet; pier/1/stone; fisherman/1; hat/1/yellow; net/1; seagull/2; post/1/wooden",
     "0 anchored in 1; 1 near 2; 3 in 4; 3 mending 5; 6 perching on 7"),
    ("A group of hikers in red jackets is crossing a narrow wooden bridge over a rushing river, and a brown bear "
     "stands behind a mossy boulder.",
     "group of hikers/1; jacket/2+/red; bridge/1/narrow,wooden; river/1/rushing; bear/1/brown; boulder/1/mossy",
     "0 in 1; 0 crossing 2; 2 above 3; 4 standing behind 5"),
    ("A stack of fluffy pancakes topped with fresh blueberries sits on a white plate, and a glass of orange juice "
     "stands beside a jar of honey on the checkered tablecloth.",
     "stack of fluffy pancakes/1; blueberry/2+/fresh; plate/1/white; glass of orange juice/1; jar of honey/1; "
     "tablecloth/1/checkered",
     "0 topped with 1; 0 sitting on 2; 3 standing beside 4; 4 on 5"),
    ("A sly red fox steals a brown egg from a wooden henhouse, and a white rooster stands on the fence beside a "
     "rusty wheelbarrow.", "REFUSE", ""),
    ("There are five yellow taxis lined up outside a busy train station, and a street musician under a lamppost is "
     "playing a silver saxophone.",
     "taxi/5/yellow; train station/1/busy; street musician/1; lamppost/1; saxophone/1/silver",
     "0 lined up outside 1; 2 under 3; 2 playing 4"),
    ("An old gardener in a straw hat is watering a row of red tulips, and a gray rabbit hides behind a clay "
     "flowerpot near the greenhouse.",
     "gardener/1/old; hat/1/straw; row of red tulips/1; rabbit/1/gray; flowerpot/1/clay; greenhouse/1",
     "0 in 1; 0 watering 2; 3 hiding behind 4; 4 near 5"),
    ("Two students sit at a long wooden table in a quiet library. A librarian in a green cardigan is stacking books "
     "on a metal cart.",
     "student/2; table/1/long,wooden; library/1/quiet; librarian/1; cardigan/1/green; book/2+; cart/1/metal",
     "0 sitting at 1; 1 in 2; 3 in 4; 3 stacking 5; 5 on 6"),
    ("A farmer in denim overalls stands beside an orange pumpkin that is bigger than a wheelbarrow, and a crowd of "
     "visitors takes photos near the red barn.", "REFUSE", ""),
    ("A tall chocolate cake decorated with fresh strawberries was baked by a smiling grandmother in a floral apron, "
     "and two children are peeking over the counter.",
     "chocolate cake/1/tall; strawberry/2+/fresh; grandmother/1/smiling; apron/1/floral; child/2; counter/1",
     "0 decorated with 1; 2 baking 0; 2 in 3; 4 peeking over 5"),
    ("Three children in colorful mittens are building a tall snowman, and a black dog sleeps beside a wooden sled "
     "near the frozen pond.",
     "child/3; mitten/2+/colorful; snowman/1/tall; dog/1/black; sled/1/wooden; pond/1/frozen",
     "0 in 1; 0 building 2; 3 sleeping beside 4; 4 near 5"),
    ("A vendor in a striped shirt stands behind a fruit stand piled with ripe mangoes, green apples and purple "
     "grapes, and a customer holds a plastic bag.",
     "vendor/1; shirt/1/striped; fruit stand/1; mango/2+/ripe; apple/2+/green; grape/2+/purple; customer/1; "
     "bag/1/plastic",
     "0 in 1; 0 standing behind 2; 2 piled with 3; 2 piled with 4; 2 piled with 5; 6 holding 7"),
    ("A gray sofa faces a stone fireplace in a cozy living room, but the fireplace is not lit, and a sleepy beagle "
     "lies on a braided rug.", "REFUSE", ""),
    ("A tired businessman in a navy suit is typing on a silver laptop, and a small cactus and a framed photograph "
     "sit beside a stack of papers on the desk.",
     "businessman/1/tired; suit/1/navy; laptop/1/silver; cactus/1/small; photograph/1/framed; stack of papers/1; "
     "desk/1",
     "0 in 1; 0 typing on 2; 3 sitting beside 5; 4 sitting beside 5; 5 on 6"),
    ("Two zebras drink at a muddy watering hole, and a tall giraffe stands between an acacia tree and a dusty "
     "termite mound.",
     "zebra/2; watering hole/1/muddy; giraffe/1/tall; acacia tree/1; termite mound/1/dusty",
     "0 drinking at 1; 2 standing between 3; 2 standing between 4"),
]

if __name__ == "__main__":
    score(HELD_OUT37, "held-out (37)")
