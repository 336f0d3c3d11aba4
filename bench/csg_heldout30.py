"""bench/csg_heldout30.py: the thirtieth held-out set of natural prompts for cast_csg's rules (issue 19).

80 prompts that a new user might write for a text-to-image generator. Each row gives the reading a careful person
would. The set was written blind by a helper that never saw the rules, their tests or their history, never ran the
parser, and kept the file outside the repository. It must never be used to change the rules.

Voices, ten prompts each, in this order: a fashion stylist, a museum educator describing dioramas, a birdwatcher, a
wedding planner, a children's toy catalog writer, a landscape painter, a street photographer and a science-fiction
fan (robots, spaceships, planets; only what a picture shows). Each writes in their own voice: short captions and
full sentences; lists; counts 1 to 8 as words or digits, with irregular plurals ("cavemen", "bison", "geese",
"mice"); colors, materials, sizes, shapes, textures and moods of people and animals;
finite verbs (present, progressive and past: "sat", "drifted"); participles ("draped over", "perched on", "crouched
on", "lined up on", "arranged around", "decorated with", "parked in front of", "nestled between"); relative
clauses ("which sits", "that is fixing", "who is eating", "who are laughing"); passives with "by" ("were dressed
by", "were carried by", "was attacked by"); "of" nouns ("a pair of black leather boots", "a nest of twigs", "a herd
of horses", "a flock of starlings", "a vase of peonies", "a field of tulips", "a cart of hot pretzels"); "with" ("a
wooden wagon with four blocks in it", "decorated with"); "There is" / "There are"; the frames "A diorama of", "A
painting of" and "A photo of"; and the spatial relations left of, right of, above, over, below, beneath, under, on,
in, inside, in front of, behind, next to, beside, near, between (with one and with two objects), at, around, along,
across, through, against and toward. Some prompts are capitalized and end with a period, some do not.

Shorthand and scoring as in bench/csg_heldout.py. Objects are written "noun/count/attribute,..." (nouns singular and
lower case; "2+" is a bare plural). Relations are written "subject value target", using object indices, in the
order the prompt states them. "REFUSE" marks a prompt whose meaning the atoms cannot state; for those rows a
refusal is the right answer. 10 of the 80 rows are marked REFUSE: a part or region "of" something ("the collar of
her coat", "the surface of the lake", "the steps of the library"), a possessive body part ("the bride's finger"), a
verb's source, path or destination ("pulling a worm out of the wet lawn", "riding skateboards past a graffiti
wall", "slips the ring onto the bride's finger"), a purpose ("to store for the winter", "to greet the guests"), a
negation ("without any arms") and a comparison ("taller than a toddler").

Conventions, following bench/csg_heldout15.py:
  - A bare spatial preposition reads as the atoms' canonical relation: "left of", "right of"; "above" (above,
    over); "below" (below, beneath); "under" (under, underneath); "on top of" (on top of, atop); "on"; "in" (in,
    inside); "in front of"; "behind"; "next to" (next to, beside, a spatial "by"); "near" (near, close to); "at",
    "around", "against", "across", "through", "along", "between", "outside" as written. "between" two different
    things is a list sharing the relation ("between a toy castle and a rocking horse" -> "0 between 1; 0 between
    2"); between a plural is one relation ("nestled between two tall pines" -> "0 nestled between 1").
  - A verb relation reads as the -ing form and keeps its own preposition ("stands on" -> "standing on", "sit
    around" -> "sitting around", "graze near" -> "grazing near", "hovers near" -> "hovering near", "sat on" ->
    "sitting on", "drifted over" -> "drifting over", "lean toward" -> "leaning toward", "crowd around" ->
    "crowding around", "glows above" -> "glowing above", "standing beside", "walking across", "walks through" ->
    "walking through"). A past participle stays as written ("draped over", "perched on", "crouched on", "lined up
    on", "arranged around", "decorated with", "parked in front of", "nestled between").
  - A passive with "by" reads as the active ("Two mannequins were dressed by a young designer." -> "1 dressing 0";
    "carried by", "attacked by" alike).
  - An intransitive verb with no place is an attribute ("Guests who are laughing sit at a long table." ->
    guest/2+/laughing; "0 sitting at 1").
  - Colors, materials and sizes (big, large, giant, small, little, tiny, tall, long, low, narrow, shallow,
    oversized, old, young; "denim", "leather", "silk", "velvet", "marble", "lace", "felt", "plush", "brick",
    "stone", "glass", "plastic", "wooden", "neon" as materials) are attributes, in the order they are written. So
    are the other describing words before a noun: shapes ("round"), textures and patterns ("fluffy", "striped",
    "rocky", "snowy", "icy", "wet", "hollow", "colorful", "floral"), moods of people and animals ("smiling",
    "sleepy", "tired", "curious", "quiet", "stormy") and participles ("frozen", "plowed", "ruined", "broken",
    "glowing", "winding", "dead"), and "alien", "dark", "golden", "navy". Compound nouns are one noun ("handbag",
    "wedding cake", "dance floor", "flower girl", "wedding ring", "teddy bear", "toy drum", "rag doll", "toy bench",
    "rubber duck", "toy robot", "toy castle", "rocking horse", "pine tree", "wheat field", "birch tree", "birch
    log", "oak tree", "ice floe", "dinosaur egg", "park bench", "bus stop", "street vendor", "gas giant", "space
    station", "spacesuit", "repair droid", "robot bartender", "robot dog"), and so are names of kinds of animals
    ("woolly mammoth", "sabertooth cat", "leopard seal", "great blue heron", "canada goose"). Words inside an "of"
    noun stay in that noun; "a pair of" is an "of" noun of count 1 ("pair of black leather boots/1"), as are "a nest
    of", "a herd of", "a flock of", "a vase of", "a field of", "a cart of". A plural with "the" or with no count is
    "2+" ("the silver heels" -> heel/2+). Possessives are dropped ("their mother" -> mother). Mass nouns count 1
    ("water/1", "grass/1").
  - "to the left of" / "to the right of" after a copula -> "left of" / "right of". "in a yellow raincoat" / "in
    pink dresses" / "in a white spacesuit" is "0 in 1". "A photo of ...", "A painting of ..." and "A diorama of
    ..." frames add nothing.
  - "X with Y in it" reads as "Y in X" ("a wooden wagon with four blocks in it" -> "1 in 0").
  - Lists that share a relation give one relation per list member ("0 standing under 2; 1 standing under 2"; "0
    along 2; 1 along 2"). A verb with a list of objects gives one relation per object ("wearing a navy suit and a
    pink tie" -> "0 wearing 1; 0 wearing 2").
  - A plain thing after a verb's object goes to the object ("playing a guitar under a bridge" -> "1 under 2"). A
    place after the object of a preposition or participle attaches to that object, the nearest one ("chewing on a
    birch log in a shallow stream" -> "1 in 2"; "crouched on a rocky ledge above a herd of horses" -> "1 above 2";
    "standing on an ice floe next to a leopard seal" -> "1 next to 2"; "sat on a post above the river" -> "1
    above 2"). A place given to the subject before its verb stays the subject's ("An old man on a park bench reads
    a newspaper." -> "0 on 1; 0 reading 2"; "A woman in a red coat waits at a bus stop." -> "0 in 1; 0 waiting at
    2").
  - A participle after a comma belongs to the sentence's subject ("A hunter kneels in the tall grass, watching a
    deer." -> "0 kneeling in 1; 0 watching 2").
  - A relative clause belongs to the noun right before it, also when that noun is an object ("7 pigeons crowd
    around a man who is eating a sandwich" -> "0 crowding around 1; 1 eating 2").

Run:
    python bench/csg_heldout30.py            # the counts, then every refusal and mis-parse

Measured once (at e814d3c, the rules after round 21; written by a helper that never saw the rules or their tests,
kept outside the repository until then, in eight people's voices): 46 of 80 parsed right (58%; 46 of the 70 statable
rows: 66%), 15 refused (10 of them rows marked REFUSE, so 56 of 80 answered right: 70%), 19 mis-parsed (24%).
  - where a describing word sits (17): mostly participles before a noun ("a smiling man", "a winding river", "a
    ruined city", "a plowed field", "oversized", "glowing"), which the rules read into the noun because "a rocking
    chair", "a cutting board", "a stuffed bear" are kinds; plain words no table had ("hollow", "low", "dead",
    "alien"); and kinds the other way round ("a birch log", "a rubber duck" as one noun, "a neon sign" split). 63
    of 70 right if these count.
  - real errors (1): "Two cavemen" read as "cavemen" (a plural in -men after a noun word the tables do not know).
  - whose place (1): "A busker playing a guitar under a bridge": the rules give the place to the player, the row
    to the guitar.
  - refused where the row has a reading (5): "a pair of", "A diorama of a woolly mammoth" (a lead-in the table
    lacks), "Guests who are laughing sit at a long table" (whose place?), "between a toy castle and a rocking
    horse" (deliberate), "Golden wheat fields beneath" (a bare noun in -s before a place).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT30 = [
    # fashion stylist
    ("A tall model in a red silk gown stands on a marble staircase.",
     "model/1/tall; gown/1/red,silk; staircase/1/marble", "0 in 1; 0 standing on 2"),
    ("two models wearing oversized denim jackets", "model/2; jacket/2+/oversized,denim", "0 wearing 1"),
    ("A pair of black leather boots under a glass table", "pair of black leather boots/1; table/1/glass",
     "0 under 1"),
    ("A woman in a yellow raincoat is walking across a wet street.",
     "woman/1; raincoat/1/yellow; street/1/wet", "0 in 1; 0 walking across 2"),
    ("The striped scarf is draped over a wooden chair.", "scarf/1/striped; chair/1/wooden", "0 draped over 1"),
    ("A smiling man wearing a navy suit and a pink tie", "man/1/smiling; suit/1/navy; tie/1/pink",
     "0 wearing 1; 0 wearing 2"),
    ("Three silver rings on a velvet tray", "ring/3/silver; tray/1/velvet", "0 on 1"),
    ("A model adjusting the collar of her coat", "REFUSE", ""),
    ("The red clutch is to the right of the silver heels.", "clutch/1/red; heel/2+/silver", "0 right of 1"),
    ("Two mannequins were dressed by a young designer.", "mannequin/2; designer/1/young", "1 dressing 0"),
    # museum educator describing dioramas
    ("A diorama of a woolly mammoth standing beside a frozen river", "woolly mammoth/1; river/1/frozen",
     "0 standing beside 1"),
    ("Two cavemen sit around a small fire.", "caveman/2; fire/1/small", "0 sitting around 1"),
    ("A gray wolf is hiding behind a large boulder", "wolf/1/gray; boulder/1/large", "0 hiding behind 1"),
    ("Three bison graze near a wooden fence.", "bison/3; fence/1/wooden", "0 grazing near 1"),
    ("A beaver chewing on a birch log in a shallow stream", "beaver/1; birch log/1; stream/1/shallow",
     "0 chewing on 1; 1 in 2"),
    ("An early human family gathering berries to store for the winter", "REFUSE", ""),
    ("There are four dinosaur eggs in a nest of twigs.", "dinosaur egg/4; nest of twigs/1", "0 in 1"),
    ("A sabertooth cat crouched on a rocky ledge above a herd of horses",
     "sabertooth cat/1; ledge/1/rocky; herd of horses/1", "0 crouched on 1; 1 above 2"),
    ("Five penguins standing on an ice floe next to a leopard seal", "penguin/5; ice floe/1; leopard seal/1",
     "0 standing on 1; 1 next to 2"),
    ("A hunter kneels in the tall grass, watching a deer.", "hunter/1; grass/1/tall; deer/1",
     "0 kneeling in 1; 0 watching 2"),
    # birdwatcher
    ("A great blue heron standing in shallow water", "great blue heron/1; water/1/shallow", "0 standing in 1"),
    ("Two red cardinals perched on a snowy branch", "cardinal/2/red; branch/1/snowy", "0 perched on 1"),
    ("a male robin pulling a worm out of the wet lawn", "REFUSE", ""),
    ("Six Canada geese flying over a marsh", "canada goose/6; marsh/1", "0 flying over 1"),
    ("A tiny hummingbird hovers near a red feeder.", "hummingbird/1/tiny; feeder/1/red", "0 hovering near 1"),
    ("The woodpecker is drumming on a dead oak tree.", "woodpecker/1; oak tree/1/dead", "0 drumming on 1"),
    ("A sleepy owl which sits in a hollow log", "owl/1/sleepy; log/1/hollow", "0 sitting in 1"),
    ("3 ducklings swimming behind their mother", "duckling/3; mother/1", "0 swimming behind 1"),
    ("A flock of starlings above a plowed field", "flock of starlings/1; field/1/plowed", "0 above 1"),
    ("A kingfisher sat on a post above the river.", "kingfisher/1; post/1; river/1", "0 sitting on 1; 1 above 2"),
    # wedding planner
    ("A tall wedding cake decorated with white roses", "wedding cake/1/tall; rose/2+/white", "0 decorated with 1"),
    ("The bride and groom stand under a floral arch.", "bride/1; groom/1; arch/1/floral",
     "0 standing under 2; 1 standing under 2"),
    ("Eight round tables are arranged around a dance floor.", "table/8/round; dance floor/1",
     "0 arranged around 1"),
    ("Two flower girls in pink dresses are throwing petals", "flower girl/2; dress/2+/pink; petal/2+",
     "0 in 1; 0 throwing 2"),
    ("The groom slips the ring onto the bride's finger.", "REFUSE", ""),
    ("A vase of peonies sits on a lace tablecloth.", "vase of peonies/1; tablecloth/1/lace", "0 sitting on 1"),
    ("Candles and lanterns along a stone path", "candle/2+; lantern/2+; path/1/stone", "0 along 2; 1 along 2"),
    ("The wedding rings were carried by a little boy.", "wedding ring/2+; boy/1/little", "1 carrying 0"),
    ("Two ushers wait at the door to greet the guests.", "REFUSE", ""),
    ("Guests who are laughing sit at a long table", "guest/2+/laughing; table/1/long", "0 sitting at 1"),
    # children's toy catalog writer
    ("There is a wooden wagon with four blocks in it.", "wagon/1/wooden; block/4", "1 in 0"),
    ("Five plastic dinosaurs lined up on a shelf", "dinosaur/5/plastic; shelf/1", "0 lined up on 1"),
    ("A fluffy teddy bear sitting next to a toy drum", "teddy bear/1/fluffy; toy drum/1", "0 sitting next to 1"),
    ("Two rag dolls in blue dresses sit on a toy bench.", "rag doll/2; dress/2+/blue; toy bench/1",
     "0 in 1; 0 sitting on 2"),
    ("A yellow rubber duck floating in a bathtub", "rubber duck/1/yellow; bathtub/1", "0 floating in 1"),
    ("Eight colorful marbles inside a glass jar", "marble/8/colorful; jar/1/glass", "0 in 1"),
    ("A toy robot is pushing a little blue car.", "toy robot/1; car/1/little,blue", "0 pushing 1"),
    ("A plush giraffe that is taller than a toddler", "REFUSE", ""),
    ("There are two plush bunnies between a toy castle and a rocking horse.",
     "bunny/2/plush; toy castle/1; rocking horse/1", "0 between 1; 0 between 2"),
    ("The wooden rocket is to the left of three felt mice.", "rocket/1/wooden; mouse/3/felt", "0 left of 1"),
    # landscape painter
    ("A painting of a pine tree standing on a rocky hill", "pine tree/1; hill/1/rocky", "0 standing on 1"),
    ("Golden wheat fields beneath a stormy sky", "wheat field/2+/golden; sky/1/stormy", "0 below 1"),
    ("a red barn beside a winding river", "barn/1/red; river/1/winding", "0 next to 1"),
    ("Three birch trees lean toward a quiet lake.", "birch tree/3; lake/1/quiet", "0 leaning toward 1"),
    ("A stone bridge across a narrow stream", "bridge/1/stone; stream/1/narrow", "0 across 1"),
    ("An old windmill standing in a field of tulips", "windmill/1/old; field of tulips/1", "0 standing in 1"),
    ("Mist rising from the surface of the lake", "REFUSE", ""),
    ("Low clouds drifted over the green valley.", "cloud/2+/low; valley/1/green", "0 drifting over 1"),
    ("A small cabin nestled between two tall pines", "cabin/1/small; pine/2/tall", "0 nestled between 1"),
    ("A winding path leads through a dark forest", "path/1/winding; forest/1/dark", "0 leading through 1"),
    # street photographer
    ("An old man on a park bench reads a newspaper.", "man/1/old; park bench/1; newspaper/1",
     "0 on 1; 0 reading 2"),
    ("A woman in a red coat waits at a bus stop.", "woman/1; coat/1/red; bus stop/1", "0 in 1; 0 waiting at 2"),
    ("Two boys riding skateboards past a graffiti wall", "REFUSE", ""),
    ("A street vendor stands behind a cart of hot pretzels.", "street vendor/1; cart of hot pretzels/1",
     "0 standing behind 1"),
    ("A yellow taxi is parked in front of a laundromat", "taxi/1/yellow; laundromat/1", "0 parked in front of 1"),
    ("7 pigeons crowd around a man who is eating a sandwich.", "pigeon/7; man/1; sandwich/1",
     "0 crowding around 1; 1 eating 2"),
    ("A busker playing a guitar under a bridge", "busker/1; guitar/1; bridge/1", "0 playing 1; 1 under 2"),
    ("A photo of a tired waitress leaning against a brick wall", "waitress/1/tired; wall/1/brick",
     "0 leaning against 1"),
    ("Three teenagers sat on the steps of the library.", "REFUSE", ""),
    ("A neon sign glows above a narrow doorway.", "sign/1/neon; doorway/1/narrow", "0 glowing above 1"),
    # science-fiction fan
    ("A silver robot standing on a red planet", "robot/1/silver; planet/1/red", "0 standing on 1"),
    ("Two spaceships orbit a gas giant.", "spaceship/2; gas giant/1", "0 orbiting 1"),
    ("A giant mech walks through a ruined city.", "mech/1/giant; city/1/ruined", "0 walking through 1"),
    ("Three moons hang above a purple desert", "moon/3; desert/1/purple", "0 hanging above 1"),
    ("An astronaut in a white spacesuit is floating next to a satellite.",
     "astronaut/1; spacesuit/1/white; satellite/1", "0 in 1; 0 floating next to 2"),
    ("a small repair droid that is fixing a broken antenna", "repair droid/1/small; antenna/1/broken",
     "0 fixing 1"),
    ("A lonely android without any arms", "REFUSE", ""),
    ("The space station was attacked by four alien starfighters.", "space station/1; starfighter/4/alien",
     "1 attacking 0"),
    ("A robot bartender pours a glowing blue drink.", "robot bartender/1; drink/1/glowing,blue", "0 pouring 1"),
    ("A curious robot dog sniffing a glowing crystal", "robot dog/1/curious; crystal/1/glowing", "0 sniffing 1"),
]

if __name__ == "__main__":
    score(HELD_OUT30, "held-out (30)")
