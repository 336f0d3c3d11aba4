"""bench/csg_heldout43.py: the forty-third held-out set of natural prompts for cast_csg's rules (issue 19), as
researchers write prompt files.

80 prompts written the way researchers write prompt files for compositional text-to-image training and
evaluation, in three groups marked by comment lines: (a) 20 GenEval-style templates ("a photo of ...": single
object, two objects, counting, colors, position, color attribution), (b) 30 T2I-CompBench-style prompts (color,
shape and texture binding; 2D and 3D spatial; non-spatial interactions; counting), (c) 30 dense scene descriptions
of 20 to 45 words in the style of DPG-Bench (several objects, each with attributes and relations, two or three
clauses, some opening with a setting). Each row gives the reading a careful person would. The set was written
blind by a helper that never saw the rules, their tests or their history, never ran the parser, and kept the file
outside the repository. It must never be used to change the rules. Every prompt is new; none is copied from a
benchmark. 70 rows are statable and 10 are marked REFUSE, 4 in (b) and 6 in (c): a part of a thing ("on the
handle of a red watering can", "bends its long neck"), a verb's destination ("throws a frisbee to his dog"), a
verb's source ("pulls a tray of golden croissants out of a brick oven"), a region ("In the corner of a cluttered
workshop"), a purpose ("to straighten its scarf"), a time ("Just after sunrise"), a negation ("without a
pillow", "There are no cars on the road") and a comparison ("taller than a yellow cup").

Conventions. Shorthand and scoring as in bench/csg_heldout.py: objects "noun/count/attribute,..." (nouns
singular and lower case, "2+" a bare plural), relations "subject value target" by object index, objects indexed
in the order the prompt first names them, relations in the order the prompt states them. The rows follow every
convention line of bench/csg_heldout15.py's docstring (canonical bare prepositions; a verb relation as its -ing
form keeping its own preposition; a past participle as written; a passive with "by" read as the active; an
intransitive verb with no place as an attribute; colors, materials and sizes as attributes in written order;
compound nouns as one noun; words inside an "of" noun staying in it; possessives dropped; mass nouns count 1;
"in a red coat" as "in"; "A photo of" frames adding nothing; a list sharing a relation giving one relation per
member; a place after the object of a preposition or participle going to that nearest object; a place given to
the subject before its verb staying the subject's). The lines it does not cover, or that these rows lean on
most, written out:
  - Describing words before a noun. Every adjective before a noun is an attribute, in the order written, not
    part of the noun: colors ("purple bicycle" -> bicycle/1/purple, "an orange tie", "golden", "silver"), sizes
    and ages ("small", "large", "huge", "giant", "tall", "little", "young", "old", "elderly"), shapes ("round
    mirror", "square rug", "triangular sign", "oval plate", "cylindrical vase", "rectangular box"), textures and
    surfaces ("fluffy towel", "metallic spoon", "shaggy", "mossy", "checkered", "striped", "spotted"), and states
    and qualities ("ripe", "wet", "wide", "quiet", "busy", "bright", "dim", "tidy", "rustic", "vintage",
    "colorful", "snowy", "sandy", "grassy", "rocky", "starry", "bearded", "narrow", "thick", "low"). "A red vintage
    bicycle" -> bicycle/1/red,vintage; "a black lacquered tray" -> tray/1/black,lacquered.
  - Participles before a noun are attributes like any adjective: "a sleeping dog near a parked car" ->
    dog/1/sleeping; car/1/parked; "a glowing brass lamp" -> lamp/1/glowing,brass; "a crackling campfire" ->
    campfire/1/crackling; "a fallen log", "a braided rug", "a coiled garden hose", "a weathered dock", "a sunlit
    kitchen", "glazed donuts" -> donut/2+/glazed; "a steaming bowl of ramen" -> bowl of ramen/1/steaming.
  - Materials, as adjectives or as nouns, are attributes: "wooden", "ceramic", "metallic", "leather wallet" ->
    wallet/1/leather, "glass bowl", "plastic bucket", "velvet cushion", "stone bench", "brick wall", "straw hat",
    "clay pots", "metal shelf", "brass lamp", "the oak table" -> table/1/oak, "a tall glass skyscraper" ->
    skyscraper/1/tall,glass, "a wicker basket of apples" -> basket of apples/1/wicker. A noun that names a kind
    rather than a material makes a compound ("oak tree", "pine tree").
  - Compound nouns: a noun or a gerund directly before the head noun makes one noun, and describing words before
    the pair are its attributes: "hair drier", "wine glass", "tennis racket", "fire hydrant", "baseball bat",
    "stop sign", "teddy bear", "mountain slope" ("a snowy mountain slope" -> mountain slope/1/snowy), "pine tree",
    "oak tree", "jazz club", "farmers market", "fishing boat", "dining table", "swivel chair", "garden hose",
    "night sky", "traffic light", "chalkboard menu".
  - "of" nouns: "X of Y" for a container, group or measure is one noun; describing words before X are its
    attributes and words after "of" stay in the noun ("a paper bag of cherries" -> bag of cherries/1/paper; "a
    white ceramic vase of sunflowers" -> vase of sunflowers/1/white,ceramic; "a small dish of pickled ginger" ->
    dish of pickled ginger/1/small; "a ball of blue yarn", "a mug of black coffee", "a loaf of crusty bread", "a
    row of potted ferns", "a flock of seagulls"). A number before X counts the "of" noun ("three pieces of
    cheese" -> piece of cheese/3; "two rows of pastel houses" -> row of pastel houses/2). An "of" that names a
    part or region of a thing ("the handle of", "the corner of") is refused.
  - Counts: "a", "an", "one" and a "the" that introduces a thing count 1; number words and digits count as
    written ("2 zebras" -> zebra/2, "6 students" -> student/6); a bare plural is "2+" ("in orange jackets" ->
    jacket/2+/orange, "at wooden desks", "red tomatoes", "croissants"). Irregular plurals are singular nouns
    ("mice" -> mouse/2, "three silver fish" -> fish/3/silver).
  - Repeated things: "the" + a noun already named refers back to that object and adds none ("the bicycle", "the
    island", "the boat", "the river", "the cottage", "the meadow", "the student", "the fisherman", "the kitten",
    "the desk", "the tray", "the vase" for "a vase of sunflowers", "the bowl" for "a bowl of ramen"); "the" + a
    noun not named before is a new object of count 1 ("the sink", "the pavement", "the wide street", "the
    windowsill", "the oak table", "the brick wall").
  - Verbs: a transitive verb, simple or progressive, in a main clause, a participle phrase or a relative clause
    ("who wears", "that holds", "that lies") is "subject verb-ing object" ("is chasing", "repairing", "hugs" ->
    "hugging", "waters" -> "watering", "wears" -> "wearing", "plays" -> "playing"); a verb with a preposition keeps
    it ("plays with" -> "playing with", "writes on" -> "writing on", "towers over" -> "towering over", "lies
    beside" -> "lying beside", "stand next to" -> "standing next to", "rest across" -> "resting across", "runs
    between" -> "running between", "waits at" -> "waiting at", "trots along" -> "trotting along"). A past
    participle after a copula or a noun stays as written ("is parked in front of", "is parked beside", "is perched
    on", "is tucked under", "is placed beside", "are arranged around", "covered in", "piled with", "filled with").
    An intransitive verb with no place is an attribute after the adjectives ("a small boy is waving" ->
    boy/1/small,waving).
  - Passives, with or without "was"/"is": "a teapot hidden by a newspaper" -> "1 hiding 0"; "was kicked by" ->
    "kicking"; "is watched by" -> "watching".
  - Places: bare prepositions are canonical ("on the left of" -> "left of", "on the right of" -> "right of",
    "beside" -> "next to", "near" -> "near", "on top of", "under", "behind", "in front of", "above", "below");
    GenEval's "X right of Y" -> "0 right of 1". A place between the subject and its verb is the subject's ("A
    fluffy orange kitten on a braided rug plays with ..." -> "0 on 1; 0 playing with 2"). A place after the object
    of a preposition goes to that nearest object ("sit on a metal shelf above a coiled garden hose" -> "5 above
    6"; "sit on a fallen log beside a crackling campfire" -> "4 next to 5"; "stands on a low hill behind the
    meadow" -> "3 behind 1"). "between" a plural is one relation ("stands between two silver candlesticks" -> "1
    standing between 2"). No statable row puts a place after a verb's direct object.
  - Settings that open a sentence, set off by a comma ("In a sunlit kitchen,", "Inside a bright greenhouse,",
    "On a snowy mountain slope,", "At a busy farmers market,", "Under a starry night sky,", "Beside the stage,"),
    are an object, indexed where they stand (usually 0), and the subject of the clause they open takes the
    canonical bare preposition to it ("In" and "Inside" -> "in"; "Beside" -> "next to"), stated before the
    subject's other relations ("In a sunlit kitchen, a fat gray cat sleeps on a wooden chair." -> "1 in 0; 1
    sleeping on 2"). Every such sentence here has one main clause, and a setting does not reach later sentences
    (the teapot and mugs on the kitchen table are not put in the kitchen).
  - Inversion: "On X sits Y" is Y's verb relation to X, with X indexed first ("On a rustic wooden table sits a
    loaf of crusty bread." -> "1 sitting on 0"; "On the desk sit a silver laptop and a mug of black coffee" -> "2
    sitting on 0; 3 sitting on 0").
  - Lists: a list of subjects sharing a verb gives one relation per member, in list order ("A ceramic teapot and
    two blue mugs sit on a round table" -> "3 sitting on 5; 4 sitting on 5"); a participle over a list of objects
    likewise ("piled with red tomatoes and green peppers" -> "3 piled with 4; 3 piled with 5"); list members with
    their own phrases keep them in place before the shared verb ("A man in a gray coat and a woman in a blue scarf
    are crossing the wide street" -> "2 in 3; 4 in 5; 2 crossing 6; 4 crossing 6"). A list with no verb or
    preposition gives objects and no relation ("a green scarf and a yellow glove", "3 pears and 2 lemons").
  - Clauses joined by ", and", by ";" or by a new sentence read alike; "There are" adds nothing ("There are three
    brown horses grazing in a green meadow" -> "0 grazing in 1"); casing and final punctuation change nothing.

Run:
    python bench/csg_heldout43.py

Measured once (at 6731227, the rules after round 30, the first with WordNet's adjectives; written by a helper that
never saw the rules or their tests, kept outside the repository until then, as researchers write prompt files): 56 of
80 parsed right (70%; 56 of the 70 statable rows: 80%), 14 refused (10 of them rows marked REFUSE, so 66 of 80
answered right: 82.5%), 10 mis-parsed (12.5%). Every GenEval-style row parsed right.
  - where a describing word sits (6): -ing words before things ("a crackling campfire", "a glowing brass lamp", "a
    rushing river": round 31's SELF_ACTING), "a dim jazz club", "a low hill", "a wicker basket of apples".
  - "the bowl" / "the vase" after "a steaming bowl of ramen" / "a vase of sunflowers" read as new objects (2; round 31).
  - "hidden by" (1): the rules read "A hidden by B" as A behind B (the issue's own reading), the writer as "B hiding A".
  - a participle in a list read as a verb (1): "filled with croissants and glazed donuts" ("3 glazing 5").
  - refused where the row has a reading (4): "On a rustic wooden table sits a loaf" and "On the desk sit a laptop and a
    mug" (the verb turned round), a semicolon, "a paper bag of cherries" after a list.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT43 = [
    # (a) GenEval-style templates: single object, two objects, counting, colors, position, color attribution
    ("a photo of a toaster", "toaster/1", ""),
    ("a photo of a hair drier and a skateboard", "hair drier/1; skateboard/1", ""),
    ("A Photo of Three Umbrellas", "umbrella/3", ""),
    ("a photo of a purple bicycle", "bicycle/1/purple", ""),
    ("a photo of a toilet right of a tennis racket", "toilet/1; tennis racket/1", "0 right of 1"),
    ("a photo of a brown donut and a green vase", "donut/1/brown; vase/1/green", ""),
    ("A photo of a giraffe.", "giraffe/1", ""),
    ("a photo of a microwave and a frisbee", "microwave/1; frisbee/1", ""),
    ("A photo of 2 zebras.", "zebra/2", ""),
    ("A photo of an orange tie.", "tie/1/orange", ""),
    ("a photo of a kite above a horse", "kite/1; horse/1", "0 above 1"),
    ("a photo of a black cup and a pink baseball bat", "cup/1/black; baseball bat/1/pink", ""),
    ("a photo of a snowboard", "snowboard/1", ""),
    ("A photo of a sheep and a laptop", "sheep/1; laptop/1", ""),
    ("a photo of four wine glasses", "wine glass/4", ""),
    ("a photo of a white sink", "sink/1/white", ""),
    ("a photo of a spoon below a clock", "spoon/1; clock/1", "0 below 1"),
    ("A photo of a yellow train and a blue stop sign.", "train/1/yellow; stop sign/1/blue", ""),
    ("a photo of five books", "book/5", ""),
    ("a photo of a cow left of a fire hydrant", "cow/1; fire hydrant/1", "0 left of 1"),

    # (b) T2I-CompBench-style prompts: color, shape and texture binding; 2D and 3D spatial; non-spatial; counting
    ("a green scarf and a yellow glove", "scarf/1/green; glove/1/yellow", ""),
    ("A pink flamingo and a black umbrella.", "flamingo/1/pink; umbrella/1/black", ""),
    ("a small green frog and a large brown toad", "frog/1/small,green; toad/1/large,brown", ""),
    ("a round mirror and a square rug", "mirror/1/round; rug/1/square", ""),
    ("A triangular sign and an oval plate.", "sign/1/triangular; plate/1/oval", ""),
    ("a sparrow sitting on the handle of a red watering can", "REFUSE", ""),
    ("a cylindrical vase and a rectangular box", "vase/1/cylindrical; box/1/rectangular", ""),
    ("a leather wallet and a glass bowl", "wallet/1/leather; bowl/1/glass", ""),
    ("A fluffy towel and a metallic spoon", "towel/1/fluffy; spoon/1/metallic", ""),
    ("a wooden cabinet and a plastic bucket", "cabinet/1/wooden; bucket/1/plastic", ""),
    ("A velvet cushion on a stone bench.", "cushion/1/velvet; bench/1/stone", "0 on 1"),
    ("a lamp on the left of a sofa", "lamp/1; sofa/1", "0 left of 1"),
    ("A boy throws a frisbee to his dog.", "REFUSE", ""),
    ("A bicycle on the right of a mailbox", "bicycle/1; mailbox/1", "0 right of 1"),
    ("a cat on top of a refrigerator", "cat/1; refrigerator/1", "0 on top of 1"),
    ("A suitcase under a bed.", "suitcase/1; bed/1", "0 under 1"),
    ("a sleeping dog near a parked car", "dog/1/sleeping; car/1/parked", "0 near 1"),
    ("A horse behind a wooden fence.", "horse/1; fence/1/wooden", "0 behind 1"),
    ("a teapot hidden by a newspaper", "teapot/1; newspaper/1", "1 hiding 0"),
    ("a blue vase taller than a yellow cup", "REFUSE", ""),
    ("A Tree In Front Of A Red Barn", "tree/1; barn/1/red", "0 in front of 1"),
    ("A boy is chasing a goose!", "boy/1; goose/1", "0 chasing 1"),
    ("a mechanic repairing a motorcycle", "mechanic/1; motorcycle/1", "0 repairing 1"),
    ("The girl hugs a giant teddy bear.", "girl/1; teddy bear/1/giant", "0 hugging 1"),
    ("A grandmother reading a newspaper", "grandmother/1; newspaper/1", "0 reading 1"),
    ("A ball was kicked by a little boy.", "ball/1; boy/1/little", "1 kicking 0"),
    ("A bed without a pillow", "REFUSE", ""),
    ("3 pears and 2 lemons", "pear/3; lemon/2", ""),
    ("Four ducks swimming in a pond.", "duck/4; pond/1", "0 swimming in 1"),
    ("two mice and three pieces of cheese", "mouse/2; piece of cheese/3", ""),

    # (c) DPG-Bench-style dense scene descriptions, 20 to 45 words
    ("In a sunlit kitchen, a fat gray cat sleeps on a wooden chair. A ceramic teapot and two blue mugs sit on a "
     "round table, and a vase of yellow tulips stands beside the sink.",
     "kitchen/1/sunlit; cat/1/fat,gray; chair/1/wooden; teapot/1/ceramic; mug/2/blue; table/1/round; "
     "vase of yellow tulips/1; sink/1",
     "1 in 0; 1 sleeping on 2; 3 sitting on 5; 4 sitting on 5; 6 standing beside 7"),
    ("A red vintage bicycle leans against a brick wall covered in green ivy. A black dog is sleeping under the "
     "bicycle, and a wicker basket of apples rests on the pavement.",
     "bicycle/1/red,vintage; wall/1/brick; ivy/1/green; dog/1/black; basket of apples/1/wicker; pavement/1",
     "0 leaning against 1; 1 covered in 2; 3 sleeping under 0; 4 resting on 5"),
    ("On a snowy mountain slope, two skiers in orange jackets stand next to a tall pine tree. A brown dog lies "
     "beside a red sled.",
     "mountain slope/1/snowy; skier/2; jacket/2+/orange; pine tree/1/tall; dog/1/brown; sled/1/red",
     "1 on 0; 1 in 2; 1 standing next to 3; 4 lying beside 5"),
    ("In a snowy park, a little girl in a pink coat kneels beside a lopsided snowman to straighten its scarf, and "
     "two boys build a snow fort near a frozen pond.", "REFUSE", ""),
    ("A young woman in a yellow raincoat holds a black umbrella. A small white poodle trots along the wet street, "
     "and a red bus waits at a traffic light.",
     "woman/1/young; raincoat/1/yellow; umbrella/1/black; poodle/1/small,white; street/1/wet; bus/1/red; "
     "traffic light/1",
     "0 in 1; 0 holding 2; 3 trotting along 4; 5 waiting at 6"),
    ("On a rustic wooden table sits a loaf of crusty bread. A silver knife lies next to a blue checkered napkin, "
     "and three ripe figs rest on a small white plate.",
     "table/1/rustic,wooden; loaf of crusty bread/1; knife/1/silver; napkin/1/blue,checkered; fig/3/ripe; "
     "plate/1/small,white",
     "1 sitting on 0; 2 lying next to 3; 4 resting on 5"),
    ("a tall white lighthouse stands on a rocky island; a small fishing boat floats near the island, and a flock "
     "of seagulls circles above the boat",
     "lighthouse/1/tall,white; island/1/rocky; fishing boat/1/small; flock of seagulls/1",
     "0 standing on 1; 2 floating near 1; 3 circling above 2"),
    ("In a dim jazz club, an old man in a black suit plays a golden saxophone. Beside the stage, a young woman in "
     "a red dress holds a silver microphone.",
     "jazz club/1/dim; man/1/old; suit/1/black; saxophone/1/golden; stage/1; woman/1/young; dress/1/red; "
     "microphone/1/silver",
     "1 in 0; 1 in 2; 1 playing 3; 5 next to 4; 5 in 6; 5 holding 7"),
    ("Just after sunrise, a thin fog covers a calm lake. A lone fisherman sits in a green rowboat, and two white "
     "swans glide near a wooden pier.", "REFUSE", ""),
    ("A fluffy orange kitten on a braided rug plays with a ball of blue yarn. The kitten is watched by a large "
     "shaggy sheepdog that lies beside a stone fireplace.",
     "kitten/1/fluffy,orange; rug/1/braided; ball of blue yarn/1; sheepdog/1/large,shaggy; fireplace/1/stone",
     "0 on 1; 0 playing with 2; 3 watching 0; 3 lying beside 4"),
    ("At a busy farmers market, a bearded man in a straw hat stands behind a wooden cart piled with red tomatoes "
     "and green peppers. A little girl holds a paper bag of cherries.",
     "farmers market/1/busy; man/1/bearded; hat/1/straw; cart/1/wooden; tomato/2+/red; pepper/2+/green; "
     "girl/1/little; bag of cherries/1/paper",
     "1 at 0; 1 in 2; 1 standing behind 3; 3 piled with 4; 3 piled with 5; 6 holding 7"),
    ("A narrow canal runs between two rows of pastel houses. A gondola glides under a stone bridge, and a gray "
     "pigeon is perched on a wooden post.",
     "canal/1/narrow; row of pastel houses/2; gondola/1; bridge/1/stone; pigeon/1/gray; post/1/wooden",
     "0 running between 1; 2 gliding under 3; 4 perched on 5"),
    ("Inside a bright greenhouse, a gardener in a green apron waters a row of potted ferns. Three clay pots sit on "
     "a metal shelf above a coiled garden hose.",
     "greenhouse/1/bright; gardener/1; apron/1/green; row of potted ferns/1; pot/3/clay; shelf/1/metal; "
     "garden hose/1/coiled",
     "1 in 0; 1 in 2; 1 watering 3; 4 sitting on 5; 5 above 6"),
    ("In the corner of a cluttered workshop, an old carpenter sands a wooden chair. Hammers and saws hang on a "
     "pegboard, and sawdust covers the concrete floor.", "REFUSE", ""),
    ("Five colorful kites fly above a sandy beach. A boy in a striped shirt sits on a blue towel, and two "
     "seagulls stand near a yellow bucket.",
     "kite/5/colorful; beach/1/sandy; boy/1; shirt/1/striped; towel/1/blue; seagull/2; bucket/1/yellow",
     "0 flying above 1; 2 in 3; 2 sitting on 4; 5 standing near 6"),
    ("A steaming bowl of ramen sits on a black lacquered tray. Two wooden chopsticks rest across the bowl, and a "
     "small dish of pickled ginger is placed beside the tray.",
     "bowl of ramen/1/steaming; tray/1/black,lacquered; chopstick/2/wooden; dish of pickled ginger/1/small",
     "0 sitting on 1; 2 resting across 0; 3 placed beside 1"),
    ("Under a starry night sky, a red tent glows on a grassy hill. Two campers sit on a fallen log beside a "
     "crackling campfire.",
     "night sky/1/starry; tent/1/red; hill/1/grassy; camper/2; log/1/fallen; campfire/1/crackling",
     "1 under 0; 1 glowing on 2; 3 sitting on 4; 4 next to 5"),
    ("A chef in a tall white hat pulls a tray of golden croissants out of a brick oven, and a young assistant "
     "arranges ripe strawberries on a marble counter.", "REFUSE", ""),
    ("A tidy white desk stands against a glass wall. On the desk sit a silver laptop and a mug of black coffee, "
     "and a black swivel chair is tucked under the desk.",
     "desk/1/tidy,white; wall/1/glass; laptop/1/silver; mug of black coffee/1; swivel chair/1/black",
     "0 standing against 1; 2 sitting on 0; 3 sitting on 0; 4 tucked under 0"),
    ("In a quiet library, a student who wears a gray hoodie reads a thick book. A tall bookshelf stands behind "
     "the student, and a glowing brass lamp sits on the oak table.",
     "library/1/quiet; student/1; hoodie/1/gray; book/1/thick; bookshelf/1/tall; lamp/1/glowing,brass; "
     "table/1/oak",
     "1 in 0; 1 wearing 2; 1 reading 3; 4 standing behind 1; 5 sitting on 6"),
    ("On a long dining table, a white ceramic vase of sunflowers stands between two silver candlesticks. Four "
     "blue plates are arranged around the vase.",
     "dining table/1/long; vase of sunflowers/1/white,ceramic; candlestick/2/silver; plate/4/blue",
     "1 on 0; 1 standing between 2; 3 arranged around 1"),
    ("A quiet country road winds through golden wheat fields. There are no cars on the road, and a single red "
     "scarecrow stands beside a rusty gate.", "REFUSE", ""),
    ("A shaggy brown bear stands in a rushing river, and a silver salmon leaps above the river. Three tall pine "
     "trees grow on a rocky shore",
     "bear/1/shaggy,brown; river/1/rushing; salmon/1/silver; pine tree/3/tall; shore/1/rocky",
     "0 standing in 1; 2 leaping above 1; 3 growing on 4"),
    ("In a bright classroom, a young teacher writes on a green chalkboard. 6 students sit at wooden desks, and a "
     "globe rests on the windowsill.",
     "classroom/1/bright; teacher/1/young; chalkboard/1/green; student/6; desk/2+/wooden; globe/1; windowsill/1",
     "1 in 0; 1 writing on 2; 3 sitting at 4; 5 resting on 6"),
    ("A yellow taxi is parked in front of a tall glass skyscraper. A man in a gray coat and a woman in a blue "
     "scarf are crossing the wide street, and a small boy is waving.",
     "taxi/1/yellow; skyscraper/1/tall,glass; man/1; coat/1/gray; woman/1; scarf/1/blue; street/1/wide; "
     "boy/1/small,waving",
     "0 parked in front of 1; 2 in 3; 4 in 5; 2 crossing 6; 4 crossing 6"),
    ("A spotted giraffe bends its long neck toward an acacia tree, and three zebras graze on the dry grass "
     "beneath a cloudless sky.", "REFUSE", ""),
    ("There are three brown horses grazing in a green meadow. A white farmhouse stands on a low hill behind the "
     "meadow, and a red tractor is parked beside a wooden barn.",
     "horse/3/brown; meadow/1/green; farmhouse/1/white; hill/1/low; tractor/1/red; barn/1/wooden",
     "0 grazing in 1; 2 standing on 3; 3 behind 1; 4 parked beside 5"),
    ("An elderly fisherman who wears a yellow hat sits on a weathered dock. A metal bucket that holds three "
     "silver fish stands beside the fisherman, and a white heron waits on a mossy post.",
     "fisherman/1/elderly; hat/1/yellow; dock/1/weathered; bucket/1/metal; fish/3/silver; heron/1/white; "
     "post/1/mossy",
     "0 wearing 1; 0 sitting on 2; 3 holding 4; 3 standing beside 0; 5 waiting on 6"),
    ("a huge oak tree towers over a small stone cottage. a blue bicycle leans against the cottage, and a black "
     "cat sits on a wooden bench",
     "oak tree/1/huge; cottage/1/small,stone; bicycle/1/blue; cat/1/black; bench/1/wooden",
     "0 towering over 1; 2 leaning against 1; 3 sitting on 4"),
    ("Inside a busy bakery, a baker in a white apron stands behind a glass counter filled with croissants and "
     "glazed donuts. A chalkboard menu hangs on the brick wall.",
     "bakery/1/busy; baker/1; apron/1/white; counter/1/glass; croissant/2+; donut/2+/glazed; chalkboard menu/1; "
     "wall/1/brick",
     "1 in 0; 1 in 2; 1 standing behind 3; 3 filled with 4; 3 filled with 5; 6 hanging on 7"),
]

if __name__ == "__main__":
    score(HELD_OUT43, "held-out (43)")
