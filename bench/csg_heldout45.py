"""bench/csg_heldout45.py: the forty-fifth held-out set of natural prompts for cast_csg's rules (issue 19), as
researchers write prompt files.

80 prompts written the way researchers write prompt files for compositional text-to-image training and
evaluation, in three groups marked by comment lines: (a) 20 GenEval-style templates ("a photo of ...": single
object, two objects, counting, colors, position, color attribution), (b) 30 T2I-CompBench-style prompts (color,
shape and texture binding; 2D and 3D spatial; non-spatial interactions; counting), (c) 30 dense scene
descriptions of 20 to 45 words in the style of DPG-Bench (several objects, each with attributes and relations,
two or three clauses, some opening with a setting). Each row gives the reading a careful person would. The set
was written blind by a helper that never saw the rules, their tests or their history, never ran the parser, and
kept the file outside the repository. It must never be used to change the rules. Every prompt is new, none
copied from a benchmark.

Shorthand and scoring as in bench/csg_heldout.py: objects "noun/count/attribute,..." (nouns singular and lower
case, "2+" a bare plural), relations "subject value target" by object index. 10 of the 80 rows are marked
REFUSE (objects "REFUSE", relations ""), 4 in (b) and 6 in (c): a region of a thing ("on the edge of a table",
"at the end of a long wooden pier"), a part of a thing ("hangs from its front handlebars"), a verb's second
object, source or destination ("throwing a ball to his dog", "hands a warm baguette to an elderly woman",
"picks ripe peaches from a low branch and drops them into a woven basket"), a purpose ("to change a flat
tire"), a time clause ("while a small crowd gathers around him"), a comparison ("bigger than the sofa") and a
negation ("with no flowers").

Conventions: those of bench/csg_heldout15.py's docstring (canonical bare prepositions; a verb relation as its
-ing form keeping its own preposition; past participles as written; passives with "by" read as the active;
an intransitive verb with no place is an attribute; colors, materials and sizes are attributes in written
order; compound nouns are one noun; "of" nouns; possessives dropped; mass nouns count 1; "in a white apron" is
"in"; "A photo of" adds nothing; lists share a relation; a plain thing after a verb's object goes to the
object; a place after the object of a preposition or participle goes to that nearest object; a place given to
the subject before its verb stays the subject's). Written out here as well, with every line this set relies on
that it does not cover:
  - Objects are numbered in the order they are first mentioned; a setting or place ("a sunlit kitchen", "a
    snowy hillside", "a quiet library") is an object like any other. A later "the X" naming a thing already
    mentioned is that thing, not a new object ("beside the path", "above the lighthouse"); a pronoun is the
    thing it stands for ("runs toward them" -> the children; "Behind them," -> the children).
  - Counts: "a"/"an"/"the" + singular is 1; number words and digits are the count ("three pineapples" ->
    pineapple/3, "4 lemons" -> lemon/4, "There are 2 cats and 3 bowls." -> cat/2; bowl/3); a bare plural is
    2+ ("ripe tomatoes" -> tomato/2+/ripe, "puddles" -> puddle/2+, "in yellow raincoats" -> raincoat/2+/yellow,
    "white sheep" -> sheep/2+/white); irregular plurals are written singular (mice -> mouse, geese -> goose,
    children -> child, sheep -> sheep). Mass nouns count 1 ("green grass" -> grass/1/green, "shining silver
    armor" -> armor/1/shining,silver).
  - Describing words before a noun: every adjective is an attribute, never part of the noun, in the order
    written: colors, sizes and ages ("little", "elderly", "old", "young", "tall", "long", "narrow", "thick"),
    shapes ("round", "square", "oval", "rectangular", "triangular", "circular"), textures and patterns
    ("fluffy", "metallic", "woolen", "striped", "plaid", "tabby", "mossy", "grassy", "sandy", "rocky"),
    conditions and qualities ("empty", "ripe", "rusty", "faded", "sleek", "vintage", "cozy", "quiet", "busy",
    "bright", "modern", "sunny", "rainy", "misty", "calm", "sleepy", "snowy", "muddy") ("a large striped
    umbrella" -> umbrella/1/large,striped; "a sleek black motorcycle" -> motorcycle/1/sleek,black; "a vintage
    record player" -> record player/1/vintage; "a bright modern office" -> office/1/bright,modern).
  - Participles before a noun are attributes too, present or past ("a crackling fireplace" ->
    fireplace/1/crackling; "a laughing boy" -> boy/1/laughing; "a swinging door" -> door/1/swinging; "a frozen
    pond" -> pond/1/frozen; "a potted fern" / "a potted cactus" -> fern/1/potted, cactus/1/potted; "a sunlit
    kitchen" -> kitchen/1/sunlit; "shining silver armor").
  - A noun naming what a thing is made of, before it, is an attribute like any material ("a brick wall",
    "a stone castle", "a small stone cottage" -> cottage/1/small,stone, "a walnut cabinet", "a long oak table"
    -> table/1/long,oak, "a glass desk", "a steel stove", "brass candlesticks", "a velvet armchair", "a
    marble table", "a leather sofa", "a glass lamp", "a cardboard box", "a plastic bowl"). A noun (or a
    gerund) before a noun that names a kind of thing, not its stuff, makes a compound noun, one noun: "fire
    hydrant", "traffic cone", "wine glass", "coffee table", "coffee mug", "living room", "cutting board",
    "pine forest", "pine tree", "willow tree", "oak tree" (a kind of tree, where "oak table" is a table of
    oak), "park bench", "street lamp", "deck chair", "bus stop", "record player", "restaurant kitchen", "sea
    turtle", "coral reef", "water lily", "wagon wheel", "gas pump", "picnic basket", "hot air balloon".
  - "of" nouns are one noun and keep every word inside them ("a loaf of bread" -> loaf of bread/1, "a bag of
    green apples" -> bag of green apples/1, "a vase of yellow tulips", "a school of orange fish", "a pot of
    soup", "a ball of yarn"); the count is the head's: a collective head ("flock", "school", "pair", "cluster",
    "stack") with "a" is 1 ("a pair of dragonflies" -> pair of dragonflies/1), a bare plural head is 2+
    ("Stacks of vinyl records" -> stack of vinyl records/2+, "plates of pasta" -> plate of pasta/2+).
  - Frames: "a photo of ..." adds nothing; "There are" adds nothing.
  - Bare prepositions, beyond set 15's list: T2I-CompBench's "on the left of" / "on the right of" are "left
    of" / "right of" ("a lamp on the left of a bookshelf" -> "0 left of 1"); GenEval's bare "left of", "right
    of", "above", "below" are as written ("a skateboard below a clock" -> "0 below 1"); a bare "Inside" is
    "in" ("Inside the diner," -> "3 in 1"), a bare "Beside" / "Next to" is "next to", "outside" is as written.
  - Verbs: a finite verb or an -ing participle is its -ing form; a transitive verb relates subject to object
    ("slices a loaf of bread" -> "1 slicing 3"; "weighs" -> "weighing"; "mends a net" -> "0 mending 1";
    "surrounds the castle" -> "6 surrounding 3"); an intransitive verb keeps its own preposition as written, not
    made canonical ("naps inside" -> "napping inside", "trots along" -> "trotting along", "glides above" ->
    "gliding above", "hovers over" -> "hovering over", "winds through" -> "winding through", "stands beside"
    -> "standing beside", "lies beside" -> "lying beside", "runs toward" -> "running toward", "waits at" ->
    "waiting at", "hang from" -> "hanging from"). Two verbs of one subject give two relations ("sits at a long
    oak table, reading a thick book" -> "1 sitting at 3; 1 reading 4").
  - Passives: without "by" the past participle stays as written with its preposition ("is tied to" -> "0 tied
    to 1"; "is parked outside" -> "0 parked outside 1"; "is perched on top of" -> "4 perched on top of 3";
    "a sheep hidden behind a haystack" -> "0 hidden behind 1"); with "by" it reads as the active, the agent as
    subject ("A red kite is flown by a laughing boy" -> "1 flying 0"; "a ball of yarn chased by a kitten" -> "1
    chasing 0").
  - A participle or relative after a noun belongs to that noun ("a long table covered with a white tablecloth"
    -> "2 covered with 3"; "a green valley dotted with white sheep" -> "2 dotted with 3"; "a picnic basket
    filled with sandwiches" -> "5 filled with 6"). A participle set off by a comma after a whole clause belongs
    to that clause's subject ("Two waiters stand beside a swinging door, holding plates of pasta." -> "5
    standing beside 6; 5 holding 7").
  - Places: a place after a verb's object goes to the object ("slices a loaf of bread on a wooden cutting
    board" -> "3 on 4"; "weighs ripe tomatoes on a brass scale" -> "2 on 3"; "stirs a pot of soup on a steel
    stove" -> "3 on 4"); a place after the object of a preposition goes to that nearest object ("sits under a
    tall oak tree beside a frozen pond" -> "1 next to 2"; "naps inside a cardboard box on a sunny porch" -> "1
    on 2"; "sit beside the laptop on a glass desk" -> "3 on 6"; "swim across a calm pond near a small wooden
    bridge" -> "1 near 2"); a place between the subject and its verb is the subject's ("A round coffee table in
    front of the sofa holds ..." -> "3 in front of 1; 3 holding 4; ...").
  - A setting or place phrase that opens a sentence ("In a sunlit kitchen,", "On a snowy hillside,", "Under a
    striped awning,", "Beside the scale,", "Behind them,", "Above the fireplace,", "In front of the fence,") is
    the place of that sentence's subject (each member of a list subject), with its preposition made canonical
    ("In a sunlit kitchen, a young woman ..." -> "1 in 0"; "On a sandy beach, a large striped umbrella ..." ->
    "1 on 0"; "Next to the box, a potted fern and a pair of muddy boots ..." -> "3 next to 1; 4 next to 1"). A
    place inside that phrase goes to its noun ("On a rocky island in the bay," -> "3 on 2; 2 in 1"). It does
    not carry over to the next sentence, and no row here puts a second clause with its own subject after an
    opening setting in the same sentence.
  - Clothing: "in a yellow apron", "in red coats", "in shining silver armor" is "in" from the wearer.
  - Lists: subjects in a list share their verb or preposition and objects in a list share their verb, one
    relation per member in list order ("Four wine glasses and a pitcher of lemonade stand on a long table" ->
    "0 standing on 2; 1 standing on 2"; "holds three white candles and a stack of magazines" -> "3 holding 4; 3
    holding 5"). "between" two different things is a list ("sits between the pitcher and a vase of yellow
    tulips" -> "4 sitting between 1; 4 sitting between 5"); between a plural is one relation ("stands between
    two blue deck chairs" -> "1 standing between 2"). Clauses joined by "and", each with its own subject, each
    give their own relations. Two objects joined by "and" with no verb or preposition give no relation ("a
    purple chair and a white dog").
  - Relations are listed in the order their words (preposition, verb or participle) come in the prompt, so an
    opening setting's relation comes first in its sentence and a wearer's "in" comes before the verb that
    follows it ("a tall chef in a white hat stirs a pot of soup" -> "1 in 2; 1 stirring 3").

Run:
    python bench/csg_heldout45.py

Measured once (at 0bfaaa6, the rules after round 31; written by a helper that never saw the rules or their tests,
kept outside the repository until then, as researchers write prompt files): 58 of 80 parsed right (72.5%; 58 of the
70 statable rows: 83%), 19 refused (9 of them rows marked REFUSE, so 67 of 80 answered right: 84%), 3 mis-parsed
(3.75%). Every GenEval-style row parsed right.
  - where a describing word sits (1): "a swinging door".
  - a part of a thing after "its" read as a new object (1): "hangs from its front handlebars" (the row: REFUSE).
  - an unknown participle read into the noun (1): "a green valley dotted with white sheep" ("valley dotted").
  - refused where the row has a reading (10), all dense scenes: a place after a verb's object twice, the verb turned
    round after an opening place twice, "a pair of" twice, "Behind them,", "between the pitcher and a vase", "Two red
    banners hang" after "a stone castle.", "runs toward them".
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT45 = [
    # (a) GenEval-style templates: single object, two objects, counting, colors, position, color attribution
    ("a photo of a harmonica", "harmonica/1", ""),
    ("A photo of a wheelbarrow.", "wheelbarrow/1", ""),
    ("a photo of a fire hydrant", "fire hydrant/1", ""),
    ("a photo of a toaster and a giraffe", "toaster/1; giraffe/1", ""),
    ("a photo of a kettle and an owl", "kettle/1; owl/1", ""),
    ("A photo of a canoe and a traffic cone", "canoe/1; traffic cone/1", ""),
    ("a photo of three pineapples", "pineapple/3", ""),
    ("a photo of two mice", "mouse/2", ""),
    ("A photo of 4 lemons.", "lemon/4", ""),
    ("a photo of five pencils", "pencil/5", ""),
    ("a photo of an orange suitcase", "suitcase/1/orange", ""),
    ("a photo of a pink bicycle", "bicycle/1/pink", ""),
    ("A photo of a green toothbrush", "toothbrush/1/green", ""),
    ("a photo of a violin left of a backpack", "violin/1; backpack/1", "0 left of 1"),
    ("a photo of a stapler right of a mug", "stapler/1; mug/1", "0 right of 1"),
    ("a photo of a pumpkin above a bench", "pumpkin/1; bench/1", "0 above 1"),
    ("A photo of a skateboard below a clock.", "skateboard/1; clock/1", "0 below 1"),
    ("a photo of a purple chair and a white dog", "chair/1/purple; dog/1/white", ""),
    ("a photo of a brown vase and a yellow scarf", "vase/1/brown; scarf/1/yellow", ""),
    ("a photo of a black teapot and a red sandal", "teapot/1/black; sandal/1/red", ""),
    # (b) T2I-CompBench-style: color, shape and texture binding; 2D and 3D spatial; non-spatial; counting
    ("a yellow kayak and a purple tent", "kayak/1/yellow; tent/1/purple", ""),
    ("A pink flamingo and a blue bucket.", "flamingo/1/pink; bucket/1/blue", ""),
    ("a white vase and an orange book", "vase/1/white; book/1/orange", ""),
    ("a round mirror and a square rug", "mirror/1/round; rug/1/square", ""),
    ("An oval table and a rectangular painting", "table/1/oval; painting/1/rectangular", ""),
    ("a boy throwing a ball to his dog", "REFUSE", ""),
    ("a triangular sandwich and a circular plate", "sandwich/1/triangular; plate/1/circular", ""),
    ("a leather sofa and a glass lamp", "sofa/1/leather; lamp/1/glass", ""),
    ("a fluffy towel and a metallic bottle", "towel/1/fluffy; bottle/1/metallic", ""),
    ("a woolen hat on a marble table", "hat/1/woolen; table/1/marble", "0 on 1"),
    ("a lamp on the left of a bookshelf", "lamp/1; bookshelf/1", "0 left of 1"),
    ("A cat on the right of a guitar.", "cat/1; guitar/1", "0 right of 1"),
    ("a cat sitting on the edge of a table", "REFUSE", ""),
    ("a mailbox near a bicycle", "mailbox/1; bicycle/1", "0 near 1"),
    ("a candle next to a teapot", "candle/1; teapot/1", "0 next to 1"),
    ("a kite above a windmill", "kite/1; windmill/1", "0 above 1"),
    ("a horse in front of a barn", "horse/1; barn/1", "0 in front of 1"),
    ("A fountain behind a statue", "fountain/1; statue/1", "0 behind 1"),
    ("a sheep hidden behind a haystack", "sheep/1; haystack/1", "0 hidden behind 1"),
    ("a dog bigger than the sofa", "REFUSE", ""),
    ("A girl is feeding a goat.", "girl/1; goat/1", "0 feeding 1"),
    ("a man is painting a fence", "man/1; fence/1", "0 painting 1"),
    ("Two boys are kicking a ball", "boy/2; ball/1", "0 kicking 1"),
    ("a nurse holding a clipboard", "nurse/1; clipboard/1", "0 holding 1"),
    ("the old fisherman mends a net.", "fisherman/1/old; net/1", "0 mending 1"),
    ("a ball of yarn chased by a kitten", "ball of yarn/1; kitten/1", "1 chasing 0"),
    ("three ducks and two frogs", "duck/3; frog/2", ""),
    ("a vase with no flowers", "REFUSE", ""),
    ("Four mugs on a shelf", "mug/4; shelf/1", "0 on 1"),
    ("There are 2 cats and 3 bowls.", "cat/2; bowl/3", ""),
    # (c) DPG-Bench-style dense scene descriptions, 20 to 45 words
    ("In a sunlit kitchen, a young woman in a yellow apron slices a loaf of bread on a wooden cutting board. "
     "A gray cat sits beside a green teapot on the windowsill.",
     "kitchen/1/sunlit; woman/1/young; apron/1/yellow; loaf of bread/1; cutting board/1/wooden; cat/1/gray; "
     "teapot/1/green; windowsill/1",
     "1 in 0; 1 in 2; 1 slicing 3; 3 on 4; 5 sitting beside 6; 6 on 7"),
    ("A red vintage bicycle leans against a white picket fence on a quiet street, and a wicker basket filled "
     "with fresh sunflowers hangs from its front handlebars.", "REFUSE", ""),
    ("Three brown ducks swim across a calm pond near a small wooden bridge. A tall willow tree stands behind "
     "the bridge, and two white geese rest on the grassy bank.",
     "duck/3/brown; pond/1/calm; bridge/1/small,wooden; willow tree/1/tall; goose/2/white; bank/1/grassy",
     "0 swimming across 1; 1 near 2; 3 standing behind 2; 4 resting on 5"),
    ("On a snowy hillside, two children in red coats are building a large snowman. A black dog runs toward "
     "them, and a wooden sled lies beside a pine tree.",
     "hillside/1/snowy; child/2; coat/2+/red; snowman/1/large; dog/1/black; sled/1/wooden; pine tree/1",
     "1 on 0; 1 in 2; 1 building 3; 4 running toward 1; 5 lying beside 6"),
    ("In a cozy living room, a gray sofa stands against a brick wall. A round coffee table in front of the "
     "sofa holds three white candles and a stack of magazines.",
     "living room/1/cozy; sofa/1/gray; wall/1/brick; coffee table/1/round; candle/3/white; stack of magazines/1",
     "1 in 0; 1 standing against 2; 3 in front of 1; 3 holding 4; 3 holding 5"),
    ("A street musician plays a saxophone under a flickering streetlamp while a small crowd gathers around "
     "him, and an upturned brown hat on the sidewalk holds a few coins.", "REFUSE", ""),
    ("A sleepy beagle lies on a blue rug next to a crackling fireplace. Above the fireplace, a round clock "
     "hangs between two brass candlesticks.",
     "beagle/1/sleepy; rug/1/blue; fireplace/1/crackling; clock/1/round; candlestick/2/brass",
     "0 lying on 1; 1 next to 2; 3 above 2; 3 hanging between 4"),
    ("Under a striped awning, an elderly vendor weighs ripe tomatoes on a brass scale. Beside the scale, a "
     "small boy holds a bag of green apples.",
     "awning/1/striped; vendor/1/elderly; tomato/2+/ripe; scale/1/brass; boy/1/small; bag of green apples/1",
     "1 under 0; 1 weighing 2; 2 on 3; 4 next to 3; 4 holding 5"),
    ("Two white sailboats drift across a turquoise bay. On a rocky island in the bay, a tall lighthouse "
     "stands next to a small stone cottage. A flock of seagulls flies above the lighthouse.",
     "sailboat/2/white; bay/1/turquoise; island/1/rocky; lighthouse/1/tall; cottage/1/small,stone; "
     "flock of seagulls/1",
     "0 drifting across 1; 3 on 2; 2 in 1; 3 standing next to 4; 5 flying above 3"),
    ("A fisherman in a green raincoat stands at the end of a long wooden pier, holding a fishing rod, and "
     "three seagulls circle above the choppy gray water.", "REFUSE", ""),
    ("a tabby cat naps inside a cardboard box on a sunny porch. Next to the box, a potted fern and a pair of "
     "muddy boots sit on a faded doormat",
     "cat/1/tabby; box/1/cardboard; porch/1/sunny; fern/1/potted; pair of muddy boots/1; doormat/1/faded",
     "0 napping inside 1; 1 on 2; 3 next to 1; 4 next to 1; 3 sitting on 5; 4 sitting on 5"),
    ("Four wine glasses and a pitcher of lemonade stand on a long table covered with a white tablecloth. A "
     "bowl of oranges sits between the pitcher and a vase of yellow tulips.",
     "wine glass/4; pitcher of lemonade/1; table/1/long; tablecloth/1/white; bowl of oranges/1; "
     "vase of yellow tulips/1",
     "0 standing on 2; 1 standing on 2; 2 covered with 3; 4 sitting between 1; 4 sitting between 5"),
    ("In a misty pine forest, a red fox trots along a narrow muddy path. A wooden signpost stands beside the "
     "path, and a brown owl is perched on top of the signpost.",
     "pine forest/1/misty; fox/1/red; path/1/narrow,muddy; signpost/1/wooden; owl/1/brown",
     "1 in 0; 1 trotting along 2; 3 standing beside 2; 4 perched on top of 3"),
    ("A young mechanic in blue overalls kneels beside a rusty red pickup truck to change a flat tire, and an "
     "open toolbox lies on the cracked concrete floor.", "REFUSE", ""),
    ("Inside a bright modern office, a young man in a gray sweater types on a silver laptop. A potted cactus "
     "and a white coffee mug sit beside the laptop on a glass desk.",
     "office/1/bright,modern; man/1/young; sweater/1/gray; laptop/1/silver; cactus/1/potted; "
     "coffee mug/1/white; desk/1/glass",
     "1 in 0; 1 in 2; 1 typing on 3; 4 sitting beside 3; 5 sitting beside 3; 3 on 6"),
    ("Three children in yellow raincoats splash through puddles on a rainy sidewalk. Behind them, an old "
     "woman holds a large black umbrella. A red bus waits at a bus stop.",
     "child/3; raincoat/2+/yellow; puddle/2+; sidewalk/1/rainy; woman/1/old; umbrella/1/large,black; "
     "bus/1/red; bus stop/1",
     "0 in 1; 0 splashing through 2; 2 on 3; 4 behind 0; 4 holding 5; 6 waiting at 7"),
    ("An empty park bench sits under a tall oak tree beside a frozen pond. A black street lamp glows next to "
     "the bench, and two sparrows are perched on the lamp.",
     "park bench/1/empty; oak tree/1/tall; pond/1/frozen; street lamp/1/black; sparrow/2",
     "0 sitting under 1; 1 next to 2; 3 glowing next to 0; 4 perched on 3"),
    ("At a crowded bakery counter, a smiling baker hands a warm baguette to an elderly woman in a green hat. "
     "A glass display case beside the counter is full of croissants and cinnamon rolls.", "REFUSE", ""),
    ("A vintage record player rests on a walnut cabinet beside a tall bookshelf. Stacks of vinyl records lean "
     "against the cabinet, and a striped cat sleeps on a velvet armchair.",
     "record player/1/vintage; cabinet/1/walnut; bookshelf/1/tall; stack of vinyl records/2+; cat/1/striped; "
     "armchair/1/velvet",
     "0 resting on 1; 1 next to 2; 3 leaning against 1; 4 sleeping on 5"),
    ("A red hot air balloon and a blue hot air balloon float above a green valley dotted with white sheep. A "
     "narrow river winds through the valley, and a small stone church stands beside the river.",
     "hot air balloon/1/red; hot air balloon/1/blue; valley/1/green; sheep/2+/white; river/1/narrow; "
     "church/1/small,stone",
     "0 floating above 2; 1 floating above 2; 2 dotted with 3; 4 winding through 2; 5 standing beside 4"),
    ("A knight in shining silver armor sits on a black horse in front of a stone castle. Two red banners hang "
     "from a tall tower, and a narrow moat surrounds the castle.",
     "knight/1; armor/1/shining,silver; horse/1/black; castle/1/stone; banner/2/red; tower/1/tall; "
     "moat/1/narrow",
     "0 in 1; 0 sitting on 2; 2 in front of 3; 4 hanging from 5; 6 surrounding 3"),
    ("On a sandy beach, a large striped umbrella stands between two blue deck chairs. A red bucket and a "
     "yellow shovel lie next to a small sandcastle.",
     "beach/1/sandy; umbrella/1/large,striped; deck chair/2/blue; bucket/1/red; shovel/1/yellow; "
     "sandcastle/1/small",
     "1 on 0; 1 standing between 2; 3 lying next to 5; 4 lying next to 5"),
    ("In a sunny orchard, a girl in a straw hat picks ripe peaches from a low branch and drops them into a "
     "woven basket at her feet.", "REFUSE", ""),
    ("In a busy restaurant kitchen, a tall chef in a white hat stirs a pot of soup on a steel stove. Two "
     "waiters stand beside a swinging door, holding plates of pasta.",
     "restaurant kitchen/1/busy; chef/1/tall; hat/1/white; pot of soup/1; stove/1/steel; waiter/2; "
     "door/1/swinging; plate of pasta/2+",
     "1 in 0; 1 in 2; 1 stirring 3; 3 on 4; 5 standing beside 6; 5 holding 7"),
    ("A sea turtle glides above a bright coral reef, and a school of orange fish swims around a large gray "
     "rock. A small crab hides under the rock",
     "sea turtle/1; coral reef/1/bright; school of orange fish/1; rock/1/large,gray; crab/1/small",
     "0 gliding above 1; 2 swimming around 3; 4 hiding under 3"),
    ("In a quiet library, a student in a green hoodie sits at a long oak table, reading a thick book. A brass "
     "lamp and a stack of papers sit on the table.",
     "library/1/quiet; student/1; hoodie/1/green; table/1/long,oak; book/1/thick; lamp/1/brass; "
     "stack of papers/1",
     "1 in 0; 1 in 2; 1 sitting at 3; 1 reading 4; 5 sitting on 3; 6 sitting on 3"),
    ("A red barn stands behind a white wooden fence. In front of the fence, three brown cows graze on green "
     "grass. A rooster is perched on an old wagon wheel.",
     "barn/1/red; fence/1/white,wooden; cow/3/brown; grass/1/green; rooster/1; wagon wheel/1/old",
     "0 standing behind 1; 2 in front of 1; 2 grazing on 3; 4 perched on 5"),
    ("A small wooden rowboat is tied to a mossy post in a misty lake. A gray heron stands beside the post, "
     "and a pair of dragonflies hovers over a cluster of water lilies.",
     "rowboat/1/small,wooden; post/1/mossy; lake/1/misty; heron/1/gray; pair of dragonflies/1; "
     "cluster of water lilies/1",
     "0 tied to 1; 1 in 2; 3 standing beside 1; 4 hovering over 5"),
    ("a red kite is flown by a laughing boy in a striped shirt. His little sister sits on a plaid blanket "
     "beside a picnic basket filled with sandwiches.",
     "kite/1/red; boy/1/laughing; shirt/1/striped; sister/1/little; blanket/1/plaid; picnic basket/1; "
     "sandwich/2+",
     "1 flying 0; 1 in 2; 3 sitting on 4; 4 next to 5; 5 filled with 6"),
    ("A sleek black motorcycle is parked outside a small diner. A rusty gas pump stands next to the "
     "motorcycle. Inside the diner, a waitress in a blue uniform holds a pot of coffee.",
     "motorcycle/1/sleek,black; diner/1/small; gas pump/1/rusty; waitress/1; uniform/1/blue; pot of coffee/1",
     "0 parked outside 1; 2 standing next to 0; 3 in 1; 3 in 4; 3 holding 5"),
]

if __name__ == "__main__":
    score(HELD_OUT45, "held-out (45)")
