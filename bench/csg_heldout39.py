"""bench/csg_heldout39.py: the thirty-ninth held-out set of natural prompts for cast_csg's rules (issue 19), as
researchers write prompt files.

80 prompts written the way researchers write prompt files for compositional text-to-image training and evaluation.
Each row gives the reading a careful person would. The set was written blind by a helper that never saw the rules,
their tests or their history, never ran the parser, and kept the file outside the repository. It must never be used
to change the rules. Every prompt is new, written for this set, not copied from a benchmark.

Styles, in three groups:
  (a) 25 GenEval-style templates, all "a photo of ...": a single object ("a photo of a wheelbarrow"), two objects
      ("a photo of a toaster and a cactus"), counting ("a photo of four sheep"), colors ("a photo of a pink
      elephant"), position ("a photo of a teapot left of a microwave": left of, right of, above, below) and color
      attribution ("a photo of a green umbrella and a purple sofa").
  (b) 30 T2I-CompBench-style prompts: color, shape and texture binding ("a round mirror and a square rug", "a
      leather sofa and a wooden coffee table"), 2D spatial ("on the left of", "on the right of", "above",
      "beneath"), 3D spatial ("in front of", "behind", "hidden behind"), non-spatial interactions ("a mechanic
      repairing a motorcycle", a passive "was ridden by") and counting ("three cups and two spoons").
  (c) 25 dense scene descriptions of 20 to 40 words in the style of DPG-Bench: several objects, each with
      attributes and relations, over one or two sentences; many open with the setting ("In a sunlit kitchen, ...",
      "On a rainy city street, ...", "Inside a small bakery, ...", "Under a starry sky, ...").
Objects range over animals, people, foods, furniture, vehicles, plants, tools, instruments and places. Some prompts
are capitalized and end with a period, some do not.

Shorthand and scoring as in bench/csg_heldout.py. Objects are written "noun/count/attribute,..." (nouns singular and
lower case; "2+" is a bare plural). Relations are written "subject value target", using object indices, in the
order the prompt states them. "REFUSE" marks a prompt whose meaning the atoms cannot state; for those rows a
refusal is the right answer. 10 of the 80 rows are marked REFUSE, five in (b) and five in (c): a part or region
"of" a thing ("on the edge of a bathtub", "at the foot of a green hill"), a possessive body part ("on a sailor's
shoulder", "rests its head on a little girl's lap"), a verb's second object ("handing her grandson a wrapped
gift"), a source ("pulling a tray of bread out of the oven"), a destination ("pours hot coffee into a white mug"),
a purpose ("waits to catch a fish"), a negation ("with no saddle") and a comparison ("taller than a lighthouse").

Conventions, following bench/csg_heldout15.py:
  - A bare spatial preposition reads as the atoms' canonical relation: "left of", "right of"; "above" (above,
    over); "below" (below, beneath); "under" (under, underneath); "on top of" (on top of, atop); "on"; "in" (in,
    inside); "in front of"; "behind"; "next to" (next to, beside, a spatial "by"); "near" (near, close to); "at",
    "around", "against", "across", "through", "along", "between", "outside" as written. "between" two different
    things is a list sharing the relation; between a plural is one relation.
  - "on the left of" / "on the right of" (the T2I-CompBench wording) read as "left of" / "right of", like "to the
    left of" after a copula ("a violin on the left of a piano" -> "0 left of 1").
  - A verb relation reads as the -ing form and keeps its own preposition ("stands beside" -> "standing beside",
    "swim in" -> "swimming in", "sings beside" -> "singing beside", "glides across" -> "gliding across", "is
    flying above" -> "flying above", "sit around" -> "sitting around", "sit at" -> "sitting at"); a particle stays
    with it ("curls up on" -> "curling up on"). A past participle stays as written ("hidden behind", "covered in",
    "piled with", "filled with", "topped with", "tied to", "perched on").
  - A passive with "by" reads as the active ("A horse was ridden by a knight." -> "1 riding 0").
  - An intransitive verb with no place is an attribute (none in this set has one).
  - Colors, materials, sizes, shapes and textures (round, square, oval, triangular, rectangular; fluffy, leather,
    metal, glass, woolen, velvet, wicker, straw, brick, steel, silver) are attributes, in the order they are
    written. So is every other describing word before a noun, a participle too ("sunlit", "ripe", "steaming",
    "cozy", "calm", "dim", "bald", "bearded", "rusty", "cluttered", "crackling", "smiling", "sleeping", "checkered",
    "snowy", "lone", "dusty", "elderly", "thick"). Compound nouns are one noun ("fire hydrant", "coffee table",
    "teddy bear", "cutting board", "oak tree", "pine tree", "pine branch", "city street", "living room", "farmers
    market", "jazz club", "grand piano", "golden retriever", "picnic blanket", "chalkboard menu", "chocolate
    cake", "mountain slope", "art studio", "fishing boat", "maple syrup", "acacia tree"). Words inside an "of"
    noun stay in that noun ("coil of copper wire", "glass of orange juice"); a bare plural head is "2+" ("Jars of
    brushes" -> jar of brushes/2+); "a herd of", "a stack of", "a tray of", "a basket of", "a vase of", "a pot of"
    are "of" nouns of count 1. Possessives are dropped. Mass nouns count 1 ("ivy/1", "grass/1", "maple syrup/1").
  - "in a yellow apron" / "in red boots" is "0 in 1". "A photo of ..." adds nothing.
  - Two things joined by "and" with nothing relating them give no relation ("a photo of a toaster and a cactus").
  - Lists that share a relation give one relation per list member, whether the list is the subject ("A red apple
    and a green pear on a white plate" -> "0 on 2; 1 on 2") or the object ("holds a rusty hammer, three steel
    screwdrivers and a coil of copper wire" -> "0 holding 1; 0 holding 2; 0 holding 3"; "piled with yellow lemons
    and green limes" -> "3 piled with 4; 3 piled with 5"). Two verbs joined by "and" share their subject ("sits on
    a windowsill and watches three small sparrows" -> "0 sitting on 1; 0 watching 2").
  - A plain thing after a verb's object goes to the object ("slices ripe tomatoes on a wooden cutting board" -> "3
    on 4"; "watches three small sparrows on a snowy branch" -> "2 on 3"). A place after the object of a
    preposition or participle attaches to that object, the nearest one ("on a wooden cutting board next to a
    steaming pot" -> "4 next to 5"; "lies on a checkered picnic blanket in a sunny park" -> "1 in 2"; "on a pine
    branch above the tent" -> "5 above 3"; "near a lone acacia tree under an orange sky" -> "3 under 4").
  - An opening setting or place phrase before a comma ("In a sunlit kitchen, ...", "At a busy farmers market, ...",
    "Under a starry sky, ...", "Above the workbench, ...") gives its canonical relation to the subject of the clause
    it opens (one relation per member of a subject list), and only to that clause: later clauses and sentences
    state their own relations. The setting is an object where it is written (usually object 0), and its relation
    is stated first, before the subject's own ("In a sunlit kitchen, a woman in a yellow apron slices ..." -> "1 in
    0; 1 in 2; 1 slicing 3"; "Above the workbench, a yellow drill hangs on a pegboard." -> "4 above 0; 4 hanging
    on 5").
  - A later "the X" naming an object already listed is that object, not a new one ("Three white ducks swim in the
    pond" after "a small pond" -> "2 swimming in 1"). Clauses joined by "and" and separate sentences give their
    relations in the order written.

Run:
    python bench/csg_heldout39.py            # the counts, then every refusal and mis-parse

Measured once (at 6e0a263, the rules after round 27, the last; written by a helper that never saw the rules or their
tests, kept outside the repository until then; the writer added conventions of its own: a place that opens a
sentence is its subject's first relation, as round 27 reads it, and every describing word an attribute): 58 of 80
parsed right (72.5%; 58 of the 70 statable rows: 83%), 18 refused (10 of them rows marked REFUSE, so 68 of 80
answered right: 85%), 4 mis-parsed (5%).
  - where a describing word sits (4, all of them): "a dim jazz club", "a bald man", "A cluttered workbench", "a
    starry sky", "a crackling campfire", "a spacious art studio", "a bearded painter" (62 of 70 right if these
    count). Round 27's sentence-opening places read right in all four of them.
  - refused where the row has a reading (8, all dense scenes): a participle after a place's target five times ("a
    brick wall covered in ivy", "a glass counter filled with chocolate cakes", "a small island covered in pine
    trees": the nearest thing or the subject?), whose place after a verb's object twice, "In a cozy living room,"
    ("living" read as a verb after a word no table has).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT39 = [
    # (a) GenEval-style templates: single object, two objects, counting, colors, position, color attribution
    ("a photo of a saxophone", "saxophone/1", ""),
    ("a photo of a wheelbarrow", "wheelbarrow/1", ""),
    ("A photo of a hedgehog.", "hedgehog/1", ""),
    ("a photo of a pineapple", "pineapple/1", ""),
    ("a photo of a toaster and a cactus", "toaster/1; cactus/1", ""),
    ("a photo of a kayak and a lantern", "kayak/1; lantern/1", ""),
    ("A photo of a flamingo and a suitcase.", "flamingo/1; suitcase/1", ""),
    ("a photo of a harp and a motorcycle", "harp/1; motorcycle/1", ""),
    ("a photo of three pretzels", "pretzel/3", ""),
    ("a photo of two tractors", "tractor/2", ""),
    ("A photo of four sheep", "sheep/4", ""),
    ("A photo of five candles.", "candle/5", ""),
    ("a photo of two wolves", "wolf/2", ""),
    ("a photo of an orange bicycle", "bicycle/1/orange", ""),
    ("a photo of a pink elephant", "elephant/1/pink", ""),
    ("a photo of a black violin", "violin/1/black", ""),
    ("A photo of a yellow hammer", "hammer/1/yellow", ""),
    ("a photo of a teapot left of a microwave", "teapot/1; microwave/1", "0 left of 1"),
    ("a photo of an owl above a mailbox", "owl/1; mailbox/1", "0 above 1"),
    ("a photo of a skateboard below a surfboard", "skateboard/1; surfboard/1", "0 below 1"),
    ("A photo of a goat right of a fire hydrant.", "goat/1; fire hydrant/1", "0 right of 1"),
    ("a photo of a green umbrella and a purple sofa", "umbrella/1/green; sofa/1/purple", ""),
    ("a photo of a white trumpet and a red canoe", "trumpet/1/white; canoe/1/red", ""),
    ("A photo of a brown zebra and a blue giraffe", "zebra/1/brown; giraffe/1/blue", ""),
    ("a photo of a gray laptop and a yellow wrench", "laptop/1/gray; wrench/1/yellow", ""),
    # (b) T2I-CompBench-style: color, shape, texture binding; 2D and 3D spatial; non-spatial; counting
    ("a blue backpack and a yellow chair", "backpack/1/blue; chair/1/yellow", ""),
    ("A red apple and a green pear on a white plate", "apple/1/red; pear/1/green; plate/1/white", "0 on 2; 1 on 2"),
    ("a purple scarf and an orange hat.", "scarf/1/purple; hat/1/orange", ""),
    ("A black cat and a white rabbit", "cat/1/black; rabbit/1/white", ""),
    ("a round mirror and a square rug", "mirror/1/round; rug/1/square", ""),
    ("A triangular sandwich and an oval tray", "sandwich/1/triangular; tray/1/oval", ""),
    ("a rectangular clock and a round pillow", "clock/1/rectangular; pillow/1/round", ""),
    ("a leather sofa and a wooden coffee table", "sofa/1/leather; coffee table/1/wooden", ""),
    ("A fluffy towel and a metal bucket.", "towel/1/fluffy; bucket/1/metal", ""),
    ("a glass vase and a woolen blanket", "vase/1/glass; blanket/1/woolen", ""),
    ("a violin on the left of a piano", "violin/1; piano/1", "0 left of 1"),
    ("A lamp on the right of a bookshelf.", "lamp/1; bookshelf/1", "0 right of 1"),
    ("The red kite is flying above a white windmill.", "kite/1/red; windmill/1/white", "0 flying above 1"),
    ("a suitcase beneath a bench", "suitcase/1; bench/1", "0 below 1"),
    ("a pumpkin in front of a scarecrow", "pumpkin/1; scarecrow/1", "0 in front of 1"),
    ("A bicycle behind a mailbox.", "bicycle/1; mailbox/1", "0 behind 1"),
    ("a teddy bear hidden behind a curtain", "teddy bear/1; curtain/1", "0 hidden behind 1"),
    ("A girl is watering a fern.", "girl/1; fern/1", "0 watering 1"),
    ("a mechanic repairing a motorcycle", "mechanic/1; motorcycle/1", "0 repairing 1"),
    ("a kitten chasing a gray mouse", "kitten/1; mouse/1/gray", "0 chasing 1"),
    ("A horse was ridden by a knight.", "horse/1; knight/1", "1 riding 0"),
    ("an old man feeding pigeons", "man/1/old; pigeon/2+", "0 feeding 1"),
    ("three cups and two spoons", "cup/3; spoon/2", ""),
    ("Four ducks and a swan on a pond", "duck/4; swan/1; pond/1", "0 on 2; 1 on 2"),
    ("six pencils in a mug", "pencil/6; mug/1", "0 in 1"),
    ("a cat sitting on the edge of a bathtub", "REFUSE", ""),
    ("A parrot perched on a sailor's shoulder.", "REFUSE", ""),
    ("a grandmother handing her grandson a wrapped gift", "REFUSE", ""),
    ("A baker pulling a tray of bread out of the oven", "REFUSE", ""),
    ("a giraffe taller than a lighthouse", "REFUSE", ""),
    # (c) DPG-Bench-style dense scene descriptions, 20 to 40 words
    ("In a sunlit kitchen, a woman in a yellow apron slices ripe tomatoes on a wooden cutting board next to a "
     "steaming pot.",
     "kitchen/1/sunlit; woman/1; apron/1/yellow; tomato/2+/ripe; cutting board/1/wooden; pot/1/steaming",
     "1 in 0; 1 in 2; 1 slicing 3; 3 on 4; 4 next to 5"),
    ("A red barn stands beside a small pond. Three white ducks swim in the pond, and a brown dog sleeps under an "
     "old oak tree.",
     "barn/1/red; pond/1/small; duck/3/white; dog/1/brown; oak tree/1/old",
     "0 standing beside 1; 2 swimming in 1; 3 sleeping under 4"),
    ("On a rainy city street, a man in a gray coat holds a black umbrella. Two children in red boots jump over a "
     "puddle near the curb.",
     "city street/1/rainy; man/1; coat/1/gray; umbrella/1/black; child/2; boot/2+/red; puddle/1; curb/1",
     "1 on 0; 1 in 2; 1 holding 3; 4 in 5; 4 jumping over 6; 6 near 7"),
    ("In a cozy living room, a gray cat sleeps on a green velvet sofa. A tall lamp stands behind the sofa, and a "
     "round rug lies under a glass coffee table.",
     "living room/1/cozy; cat/1/gray; sofa/1/green,velvet; lamp/1/tall; rug/1/round; coffee table/1/glass",
     "1 in 0; 1 sleeping on 2; 3 standing behind 2; 4 lying under 5"),
    ("At a busy farmers market, a young vendor in a straw hat stands behind a wooden table piled with yellow "
     "lemons and green limes.",
     "farmers market/1/busy; vendor/1/young; hat/1/straw; table/1/wooden; lemon/2+/yellow; lime/2+/green",
     "1 at 0; 1 in 2; 1 standing behind 3; 3 piled with 4; 3 piled with 5"),
    ("A white sailboat glides across a calm blue lake. Two swans float near the sailboat, and a wooden dock "
     "stretches toward a small island covered in pine trees",
     "sailboat/1/white; lake/1/calm,blue; swan/2; dock/1/wooden; island/1/small; pine tree/2+",
     "0 gliding across 1; 2 floating near 0; 3 stretching toward 4; 4 covered in 5"),
    ("In a dim jazz club, a bald man in a black suit plays a silver saxophone. A woman in a red dress sings "
     "beside a grand piano.",
     "jazz club/1/dim; man/1/bald; suit/1/black; saxophone/1/silver; woman/1; dress/1/red; grand piano/1",
     "1 in 0; 1 in 2; 1 playing 3; 4 in 5; 4 singing beside 6"),
    ("A cluttered workbench holds a rusty hammer, three steel screwdrivers and a coil of copper wire. Above the "
     "workbench, a yellow drill hangs on a pegboard.",
     "workbench/1/cluttered; hammer/1/rusty; screwdriver/3/steel; coil of copper wire/1; drill/1/yellow; "
     "pegboard/1",
     "0 holding 1; 0 holding 2; 0 holding 3; 4 above 0; 4 hanging on 5"),
    ("Under a starry sky, three campers sit around a crackling campfire. A green tent stands behind the campers, "
     "and an owl is perched on a pine branch above the tent.",
     "sky/1/starry; camper/3; campfire/1/crackling; tent/1/green; owl/1; pine branch/1",
     "1 under 0; 1 sitting around 2; 3 standing behind 1; 4 perched on 5; 5 above 3"),
    ("An old red bicycle leans against a brick wall covered in ivy. A wicker basket filled with sunflowers sits "
     "on the cracked sidewalk.",
     "bicycle/1/old,red; wall/1/brick; ivy/1; basket/1/wicker; sunflower/2+; sidewalk/1/cracked",
     "0 leaning against 1; 1 covered in 2; 3 filled with 4; 3 sitting on 5"),
    ("in a bright classroom, a young teacher writes on a green chalkboard. Five students sit at wooden desks, and "
     "a globe stands on a shelf beside the window.",
     "classroom/1/bright; teacher/1/young; chalkboard/1/green; student/5; desk/2+/wooden; globe/1; shelf/1; "
     "window/1",
     "1 in 0; 1 writing on 2; 3 sitting at 4; 5 standing on 6; 6 next to 7"),
    ("A golden retriever lies on a checkered picnic blanket in a sunny park. A little girl in a pink dress sits "
     "beside a basket of sandwiches.",
     "golden retriever/1; picnic blanket/1/checkered; park/1/sunny; girl/1/little; dress/1/pink; "
     "basket of sandwiches/1",
     "0 lying on 1; 1 in 2; 3 in 4; 3 sitting beside 5"),
    ("Inside a small bakery, a smiling baker in a white hat carries a tray of croissants. A chalkboard menu hangs "
     "above a glass counter filled with chocolate cakes.",
     "bakery/1/small; baker/1/smiling; hat/1/white; tray of croissants/1; chalkboard menu/1; counter/1/glass; "
     "chocolate cake/2+",
     "1 in 0; 1 in 2; 1 carrying 3; 4 hanging above 5; 5 filled with 6"),
    ("On a snowy mountain slope, two skiers in orange jackets ski toward a wooden cabin. A tall pine tree stands "
     "beside the cabin, and a red sled leans against the cabin.",
     "mountain slope/1/snowy; skier/2; jacket/2+/orange; cabin/1/wooden; pine tree/1/tall; sled/1/red",
     "1 on 0; 1 in 2; 1 skiing toward 3; 4 standing beside 3; 5 leaning against 3"),
    ("In a spacious art studio, a bearded painter stands in front of a large canvas. Jars of brushes sit on a "
     "wooden table under a tall window",
     "art studio/1/spacious; painter/1/bearded; canvas/1/large; jar of brushes/2+; table/1/wooden; window/1/tall",
     "1 in 0; 1 standing in front of 2; 3 sitting on 4; 4 under 5"),
    ("In a foggy harbor, a red fishing boat is tied to a wooden pier. Seagulls circle above the fishing boat, and "
     "a fisherman in a yellow raincoat sits on a stack of crates.",
     "harbor/1/foggy; fishing boat/1/red; pier/1/wooden; seagull/2+; fisherman/1; raincoat/1/yellow; "
     "stack of crates/1",
     "1 in 0; 1 tied to 2; 3 circling above 1; 4 in 5; 4 sitting on 6"),
    ("A glass of orange juice stands next to a stack of pancakes topped with blueberries and maple syrup. A "
     "silver fork rests on a blue napkin, and a vase of daisies sits behind the glass of orange juice.",
     "glass of orange juice/1; stack of pancakes/1; blueberry/2+; maple syrup/1; fork/1/silver; napkin/1/blue; "
     "vase of daisies/1",
     "0 standing next to 1; 1 topped with 2; 1 topped with 3; 4 resting on 5; 6 sitting behind 0"),
    ("A fluffy orange cat sits on a windowsill and watches three small sparrows on a snowy branch. A pot of "
     "basil stands next to the cat.",
     "cat/1/fluffy,orange; windowsill/1; sparrow/3/small; branch/1/snowy; pot of basil/1",
     "0 sitting on 1; 0 watching 2; 2 on 3; 4 standing next to 0"),
    ("In a quiet library, an elderly man sits at a long wooden table and reads a thick book. A green lamp glows "
     "on the table, and a sleeping cat curls up on a leather armchair.",
     "library/1/quiet; man/1/elderly; table/1/long,wooden; book/1/thick; lamp/1/green; cat/1/sleeping; "
     "armchair/1/leather",
     "1 in 0; 1 sitting at 2; 1 reading 3; 4 glowing on 2; 5 curling up on 6"),
    ("Two zebras and a tall giraffe graze on dry grass near a lone acacia tree under an orange sky. A herd of "
     "elephants walks along a dusty riverbank.",
     "zebra/2; giraffe/1/tall; grass/1/dry; acacia tree/1/lone; sky/1/orange; herd of elephants/1; "
     "riverbank/1/dusty",
     "0 grazing on 2; 1 grazing on 2; 2 near 3; 3 under 4; 5 walking along 6"),
    ("On a wooden dock beside a misty lake, an old fisherman in a green cap waits to catch a fish, and a gray "
     "heron stands in the shallow water.", "REFUSE", ""),
    ("In a dusty attic, an old rocking horse with no saddle stands beside a stack of faded photo albums under a "
     "small round window.", "REFUSE", ""),
    ("A small stone cottage sits at the foot of a green hill. A white picket fence surrounds the cottage, and "
     "red tulips grow along the front path.", "REFUSE", ""),
    ("In a noisy diner, a waitress in a blue uniform pours hot coffee into a white mug in front of a bearded "
     "trucker on a red stool.", "REFUSE", ""),
    ("in a sunny meadow, a spotted puppy rests its head on a little girl's lap beside a wicker picnic basket and "
     "a checkered blanket", "REFUSE", ""),
]

if __name__ == "__main__":
    score(HELD_OUT39, "held-out (39)")
