"""bench/csg_heldout44.py: the forty-fourth held-out set of natural prompts for cast_csg's rules (issue 19), in eight
people's own voices.

80 prompts written as eight different people would type them into a text-to-image tool, 10 prompts each, marked
by a comment line per person in the table: a beekeeper (lower case, no closing punctuation, short), a wedding
planner (gushing, exclamation marks, one long run-on list), a marine biologist (precise full sentences, digits,
species names, a "Field photo:" frame), a teenage skateboarder (lower case, casual words like "guys" and
"chilling"), a model-railway hobbyist (careful capitals, digits, rolling-stock nouns), a veterinary nurse (full
sentences, breed names, "A photo of"), a ceramics teacher (commas, settings that open a sentence, one long
sentence about a student and a teacher) and a long-haul truck driver (terse, one row in caps lock, "ok so"
rambling, "that's"). Each row gives the reading a careful person would. The set was written blind by a helper
that never saw the rules, their tests or their history, never ran the parser, and kept the file outside the
repository. It must never be used to change the rules. Every prompt is new.

10 of the 80 rows are marked REFUSE, where the atoms cannot state the meaning: a region or part of a thing
("from the edge of a comb", "at the bottom of the stairs", "a puppy's heartbeat"), a verb's destination or
second object ("hands the rings to the groom", "loading logs onto a flatcar", "dipping a bowl into a bucket of
glaze"), a source ("dripping from"), a purpose ("to check its weight"), a time clause ("before the sun comes
up"), a negation ("with no bag") and a comparison ("larger than our research vessel").

Conventions: those of bench/csg_heldout15.py's docstring (canonical bare prepositions, -ing verb relations that
keep their own preposition, past participles as written, passives with "by" read as the active, an intransitive
verb with no place as an attribute, colors/materials/sizes as attributes, compound nouns as one noun, "of" nouns,
possessives dropped, mass nouns count 1, lists sharing a relation, "X with Y in it", the place-attachment rules),
plus these, which it does not spell out:
  - Objects are numbered in the order they are first mentioned; a later "the X" (or "the Xs") that plainly names
    an object already mentioned is that object, not a new one ("a long wooden table ... arranged around the
    table ... hanging above the table" -> one table, "2 arranged around 0; 3 hanging above 0"; "a big red semi
    ... beside the semi ... between the semi and the car"; "4 purple sea urchins ... crawling toward the
    urchins" -> "3 crawling toward 0"; "a smiling student ... standing behind the student" -> "4 standing behind
    0"). Relations are listed in the order the prompt states them.
  - Counts: "a"/"an"/"the" and a bare singular are 1 ("A bride and groom" -> bride/1; groom/1); number words and
    digits as written ("Ten candles" -> candle/10, "3 starfish" -> starfish/3, "twelve gold chairs" ->
    chair/12/gold); a bare plural or "the" + plural is "2+" ("worker bees", "the hives", "the tracks", "pink
    dresses"). Plurals are made singular, irregular ones too ("mice" -> mouse, "children" -> child, "hive boxes"
    -> hive box, "clownfish"/"starfish" unchanged). Nouns are lower case even when typed in caps or as proper
    adjectives ("NEON SIGN" -> neon sign, "German shepherd" -> german shepherd).
  - Describing words before a noun: colors ("yellow", "gray", "pink", "purple", "gold"), materials ("wooden",
    "metal", "glass", "stone", "cardboard", "ceramic", "crystal", "clay"), sizes ("big", "small", "little",
    "tiny", "tall", "long") and ages ("old", "young") are attributes, in the order written ("a big red semi" ->
    semi/1/big,red; "a big crystal chandelier" -> chandelier/1/big,crystal; "clay snakes" -> snake/2+/clay; "a
    clay owl" -> owl/1/clay). Any other describing word before a noun stays in the noun ("a sunny studio" ->
    sunny studio/1; "a floral arch" -> floral arch/1), as set 1 does with "colorful balloon", "rocky cliff".
    Where a color is part of a kind's name the whole name is the noun ("a golden retriever" -> golden
    retriever/1), but "a green sea turtle" is sea turtle/1/green.
  - Participles before a noun stay in the noun, as set 1's "smiling chef": "a parked pickup" -> parked pickup/1,
    "a submerged rock" -> submerged rock/1, "a sunken barrel" -> sunken barrel/1, "Six unglazed mugs" ->
    unglazed mug/6, "A smiling student" -> smiling student/1, "a weighing scale" -> weighing scale/1.
  - A describing word after a copula or right after its noun is an attribute whatever kind of word it is:
    "The kiln is hot." -> kiln/1/hot; "the truck that's parked behind the diner is rusty" -> truck/1/rusty and
    "0 parked behind 1"; "The signal box that stands beside the tracks is green." -> signal box/1/green and "0
    standing beside 1"; "two dogs asleep on the passenger seat" -> dog/2/asleep and "0 on 1".
  - Compound nouns are one noun: "apple tree", "bee smoker", "hive box", "lavender bush", "queen bee", "worker
    bee", "wedding cake", "flower girl", "best man", "sea turtle", "coral reef", "sea anemone", "manta ray", "sea
    urchin", "sea star", "hermit crab", "moray eel", "half pipe", "graffiti wall", "chain link fence", "knee
    pad", "security guard", "steam locomotive", "freight car", "station platform", "signal box", "diesel
    engine", "tanker car", "passenger train", "water tower", "coal bunker", "engine shed", "german shepherd",
    "neon sign", "weigh station", "passenger seat", "truck stop".
  - "of" nouns: a container, group or arrangement "of" something is one noun whose inner words stay inside it
    and whose count is the head's ("jars of honey" -> jar of honey/2+; "Rows of gold chairs" -> row of gold
    chairs/2+; "bouquets of peonies" -> bouquet of peonies/2+; "A school of silver fish" -> school of silver
    fish/1; "a stack of sketchbooks" -> stack of sketchbooks/1). A part or region "of" a thing ("the edge of a
    comb", "the bottom of the stairs") is refused.
  - Verbs: a finite or progressive verb with an object is an -ing relation ("A diver photographs a manta ray."
    -> "0 photographing 1"; "Ten candles in glass jars line the aisle." -> "0 lining 2"); phrasal verbs keep
    their particle ("knocking over", "carrying off"); a verb with a preposition keeps it as written, even one
    that as a bare preposition would be renamed ("hide inside" -> "hiding inside", "jumping over", "swims above"
    -> "swimming above", "clinging to", "waves at" -> "waving at", "yelling at", "peeking out of"). An
    intransitive verb with no place is an attribute after any describing words ("The flower girl is giggling!!"
    -> flower girl/1/giggling; "two old truckers laughing together" -> trucker/2/old,laughing); adverbs such as
    "together" are dropped. One verb with a list of objects gives one relation per object ("girl wearing a
    helmet and knee pads" -> "0 wearing 1; 0 wearing 2").
  - Passives: with "by" they read as the active ("a queen bee surrounded by worker bees" -> "1 surrounding 0";
    "The small crab was carried off by a seagull." -> "1 carrying off 0"; "The German shepherd was bandaged by a
    young vet." -> "1 bandaging 0"). Without "by" the past participle stays as written, with its preposition
    ("jars of honey lined up on a shelf" -> "0 lined up on 1"; "A yellow caboose is parked on a siding." -> "0
    parked on 1"; "Two white doves perched on the wedding cake" -> "0 perched on 1"; "covered with", "arranged
    around", "stacked beside").
  - Places: a bare preposition after the subject gives the subject's relation ("NEON SIGN ABOVE A DINER" -> "0
    above 1"; "bees around lavender"). An "in" phrase of clothing belongs to the wearer, and a verb or
    participle after it is the wearer's, not the clothing's ("a kid in a red hoodie jumping over a bench" -> "0
    in 1; 0 jumping over 2"; "Bridesmaids in pink dresses holding bouquets of peonies!" -> "0 in 1; 0 holding
    2"). A place given to the subject before its verb stays the subject's ("Two rabbits in a metal cage are
    eating hay." -> "0 in 1; 0 eating 2"; "a trucker in his cab eating a burger" -> "0 in 1; 0 eating 2"). A
    bare preposition after a non-clothing object of a preposition attaches to that nearest object ("Brushes in a
    ceramic jar next to a stack of sketchbooks" -> "0 in 1; 1 next to 2"). A plain thing after a verb's object
    goes to the object ("a potter shapes a tall vase on a wheel" -> "2 on 3"; "trimming a small bowl on a
    wheel" -> "2 on 3").
  - A setting that opens a sentence ("In a sunny studio, ...", "At a long table, ...") is an object mentioned
    first and the sentence's subject stands in it with the preposition written, stated before the subject's
    other relations ("In a sunny studio, a potter shapes a tall vase on a wheel." -> "1 in 0; 1 shaping 2; 2 on
    3"; "At a long table, two children roll clay snakes." -> "1 at 0; 1 rolling 2").
  - Lists: subjects joined by "and" that share a verb or preposition give one relation each ("A bride and groom
    standing under a floral arch!" -> "0 standing under 2; 1 standing under 2"; "my grandpa and his old dog
    sitting near the hives"; "2 water towers and a coal bunker next to the engine shed"; "4 purple sea urchins
    and a red sea star on a gray rock" -> "0 on 2; 1 on 2"). "between" two different things is one relation per
    thing ("standing between the semi and the car" -> "3 standing between 0; 3 standing between 2").
  - "X with Y on top" reads as "Y on top of X" ("A white wedding cake with two little figurines on top" -> "1 on
    top of 0"), and "X, with Y -ing ..." makes Y the subject of the participle ("with a hermit crab crawling
    toward the urchins" -> "3 crawling toward 0").
  - Frames and talk add nothing: "A photo of", "Field photo:", "ok so", and words about the whole picture ("all
    very elegant and romantic!!"). Possessive and personal determiners are dropped ("my dog", "her calf", "his
    cab").

Run:
    python bench/csg_heldout44.py

Measured once (at 0bfaaa6, the rules after round 31; written by a helper that never saw the rules or their tests,
kept outside the repository until then, in eight people's voices; the writer kept every describing word but colors,
materials, sizes and ages in the noun, as set 1 did, where rounds 21 and 30 read them as attributes): 56 of 80 parsed
right (70%; 56 of the 70 statable rows: 80%), 18 refused (8 of them rows marked REFUSE, so 64 of 80 answered right:
80%), 6 mis-parsed (7.5%).
  - where a describing word sits (5), all by that convention: "a floral arch", "a submerged rock", "a sunken barrel",
    "Six unglazed mugs", "a parked pickup" (the rules: attributes).
  - an adjective after its noun read as a verb (1): "two dogs asleep on the passenger seat" ("asleeping on").
  - refused where the row has a reading (10): a place after a verb's object twice ("shapes a tall vase on a wheel"),
    "Field photo:", "all very elegant", "2 water towers and a coal bunker next to", "that's", "in his cab eating",
    "between the semi and the car", "ok so", "The best man hands".
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT44 = [
    # A beekeeper: lower case, no closing punctuation, short.
    ("a beehive under an apple tree", "beehive/1; apple tree/1", "0 under 1"),
    ("three bees on a yellow sunflower", "bee/3; sunflower/1/yellow", "0 on 1"),
    ("beekeeper in a white suit holding a wooden frame", "beekeeper/1; suit/1/white; frame/1/wooden",
     "0 in 1; 0 holding 2"),
    ("jars of honey lined up on a shelf", "jar of honey/2+; shelf/1", "0 lined up on 1"),
    ("a bee smoker resting beside two hive boxes", "bee smoker/1; hive box/2", "0 resting beside 1"),
    ("honey dripping from the edge of a comb", "REFUSE", ""),
    ("a black bear knocking over a beehive", "bear/1/black; beehive/1", "0 knocking over 1"),
    ("bees around lavender", "bee/2+; lavender/1", "0 around 1"),
    ("a queen bee surrounded by worker bees", "queen bee/1; worker bee/2+", "1 surrounding 0"),
    ("my grandpa and his old dog sitting near the hives", "grandpa/1; dog/1/old; hive/2+",
     "0 sitting near 2; 1 sitting near 2"),
    # A wedding planner: gushing, exclamation marks, one long run-on list.
    ("A bride and groom standing under a floral arch!", "bride/1; groom/1; floral arch/1",
     "0 standing under 2; 1 standing under 2"),
    ("Two white doves perched on the wedding cake", "dove/2/white; wedding cake/1", "0 perched on 1"),
    ("The flower girl is giggling!!", "flower girl/1/giggling", ""),
    ("A white wedding cake with two little figurines on top", "wedding cake/1/white; figurine/2/little",
     "1 on top of 0"),
    ("Rows of gold chairs facing a wooden altar", "row of gold chairs/2+; altar/1/wooden", "0 facing 1"),
    ("Ten candles in glass jars line the aisle.", "candle/10; jar/2+/glass; aisle/1", "0 in 1; 0 lining 2"),
    ("The best man hands the rings to the groom!", "REFUSE", ""),
    ("The violinist who is playing beside the fountain is wearing a red dress!",
     "violinist/1; fountain/1; dress/1/red", "0 playing beside 1; 0 wearing 2"),
    ("Bridesmaids in pink dresses holding bouquets of peonies!",
     "bridesmaid/2+; dress/2+/pink; bouquet of peonies/2+", "0 in 1; 0 holding 2"),
    ("A long wooden table covered with white linen, twelve gold chairs arranged around the table, and a big "
     "crystal chandelier hanging above the table, all very elegant and romantic!!",
     "table/1/long,wooden; linen/1/white; chair/12/gold; chandelier/1/big,crystal",
     "0 covered with 1; 2 arranged around 0; 3 hanging above 0"),
    # A marine biologist: precise full sentences, digits, species names.
    ("A green sea turtle swims above a coral reef.", "sea turtle/1/green; coral reef/1", "0 swimming above 1"),
    ("Two clownfish hide inside a sea anemone.", "clownfish/2; sea anemone/1", "0 hiding inside 1"),
    ("3 starfish are clinging to a submerged rock.", "starfish/3; submerged rock/1", "0 clinging to 1"),
    ("A diver photographs a manta ray.", "diver/1; manta ray/1", "0 photographing 1"),
    ("A humpback whale that is larger than our research vessel.", "REFUSE", ""),
    ("The small crab was carried off by a seagull.", "crab/1/small; seagull/1", "1 carrying off 0"),
    ("A school of silver fish swimming through kelp", "school of silver fish/1; kelp/1", "0 swimming through 1"),
    ("Field photo: 4 purple sea urchins and a red sea star on a gray rock, with a hermit crab crawling toward "
     "the urchins.", "sea urchin/4/purple; sea star/1/red; rock/1/gray; hermit crab/1",
     "0 on 2; 1 on 2; 3 crawling toward 0"),
    ("A dolphin and her calf swim beside the boat.", "dolphin/1; calf/1; boat/1",
     "0 swimming beside 2; 1 swimming beside 2"),
    ("A moray eel peeking out of a sunken barrel.", "moray eel/1; sunken barrel/1", "0 peeking out of 1"),
    # A teenage skateboarder: lower case, casual words.
    ("skater grinding a metal rail", "skater/1; rail/1/metal", "0 grinding 1"),
    ("two guys chilling on a half pipe", "guy/2; half pipe/1", "0 chilling on 1"),
    ("my dog riding a skateboard", "dog/1; skateboard/1", "0 riding 1"),
    ("graffiti wall behind 3 skaters", "graffiti wall/1; skater/3", "0 behind 1"),
    ("a kid in a red hoodie jumping over a bench", "kid/1; hoodie/1/red; bench/1", "0 in 1; 0 jumping over 2"),
    ("skater bailing at the bottom of the stairs", "REFUSE", ""),
    ("a skateboard leaning on a chain link fence", "skateboard/1; chain link fence/1", "0 leaning on 1"),
    ("girl wearing a helmet and knee pads", "girl/1; helmet/1; knee pad/2+", "0 wearing 1; 0 wearing 2"),
    ("pigeons on top of a ramp", "pigeon/2+; ramp/1", "0 on top of 1"),
    ("security guard yelling at two skaters", "security guard/1; skater/2", "0 yelling at 1"),
    # A model-railway hobbyist: careful capitals, digits, rolling-stock nouns.
    ("A red steam locomotive pulling 6 freight cars.", "steam locomotive/1/red; freight car/6", "0 pulling 1"),
    ("Three passengers waiting on a station platform.", "passenger/3; station platform/1", "0 waiting on 1"),
    ("The signal box that stands beside the tracks is green.", "signal box/1/green; track/2+",
     "0 standing beside 1"),
    ("The diesel engine is in front of a blue tanker car.", "diesel engine/1; tanker car/1/blue", "0 in front of 1"),
    ("A passenger train crossing a stone viaduct", "passenger train/1; viaduct/1/stone", "0 crossing 1"),
    ("A crane loading logs onto a flatcar", "REFUSE", ""),
    ("2 water towers and a coal bunker next to the engine shed", "water tower/2; coal bunker/1; engine shed/1",
     "0 next to 2; 1 next to 2"),
    ("A yellow caboose is parked on a siding.", "caboose/1/yellow; siding/1", "0 parked on 1"),
    ("Four tiny workers are repairing the track.", "worker/4/tiny; track/1", "0 repairing 1"),
    ("A conductor in a black cap waves at a little boy", "conductor/1; cap/1/black; boy/1/little",
     "0 in 1; 0 waving at 2"),
    # A veterinary nurse: full sentences, breed names, "A photo of".
    ("A photo of a golden retriever wearing a cone.", "golden retriever/1; cone/1", "0 wearing 1"),
    ("A gray kitten sleeping inside a cardboard carrier.", "kitten/1/gray; carrier/1/cardboard",
     "0 sleeping inside 1"),
    ("The vet listens to a puppy's heartbeat with a stethoscope.", "REFUSE", ""),
    ("Two rabbits in a metal cage are eating hay.", "rabbit/2; cage/1/metal; hay/1", "0 in 1; 0 eating 2"),
    ("A nurse in a blue smock holds a tiny hamster.", "nurse/1; smock/1/blue; hamster/1/tiny",
     "0 in 1; 0 holding 2"),
    ("A parrot perched on a weighing scale", "parrot/1; weighing scale/1", "0 perched on 1"),
    ("The German shepherd was bandaged by a young vet.", "german shepherd/1; vet/1/young", "1 bandaging 0"),
    ("Three white mice in a glass tank.", "mouse/3/white; tank/1/glass", "0 in 1"),
    ("A tech holding a kitten to check its weight.", "REFUSE", ""),
    ("A bulldog and a beagle are waiting in the lobby.", "bulldog/1; beagle/1; lobby/1",
     "0 waiting in 2; 1 waiting in 2"),
    # A ceramics teacher: commas, settings that open a sentence.
    ("In a sunny studio, a potter shapes a tall vase on a wheel.", "sunny studio/1; potter/1; vase/1/tall; wheel/1",
     "1 in 0; 1 shaping 2; 2 on 3"),
    ("Six unglazed mugs drying on a wooden rack", "unglazed mug/6; rack/1/wooden", "0 drying on 1"),
    ("A blue teapot sits next to two white cups.", "teapot/1/blue; cup/2/white", "0 sitting next to 1"),
    ("A student dipping a bowl into a bucket of glaze", "REFUSE", ""),
    ("The kiln is hot.", "kiln/1/hot", ""),
    ("A clay owl sitting on a pedestal", "owl/1/clay; pedestal/1", "0 sitting on 1"),
    ("Brushes in a ceramic jar next to a stack of sketchbooks", "brush/2+; jar/1/ceramic; stack of sketchbooks/1",
     "0 in 1; 1 next to 2"),
    ("At a long table, two children roll clay snakes.", "table/1/long; child/2; snake/2+/clay",
     "1 at 0; 1 rolling 2"),
    ("Plates stacked beside the sink", "plate/2+; sink/1", "0 stacked beside 1"),
    ("A smiling student in a gray apron is trimming a small bowl on a wheel, and a teacher standing behind the "
     "student holds a wooden rib.",
     "smiling student/1; apron/1/gray; bowl/1/small; wheel/1; teacher/1; rib/1/wooden",
     "0 in 1; 0 trimming 2; 2 on 3; 4 standing behind 0; 4 holding 5"),
    # A long-haul truck driver: terse, caps lock once, "ok so" rambling.
    ("the truck that's parked behind the diner is rusty", "truck/1/rusty; diner/1", "0 parked behind 1"),
    ("NEON SIGN ABOVE A DINER", "neon sign/1; diner/1", "0 above 1"),
    ("There are 5 trucks lined up outside a weigh station.", "truck/5; weigh station/1", "0 lined up outside 1"),
    ("a moose crossing the highway before the sun comes up", "REFUSE", ""),
    ("a trucker in his cab eating a burger", "trucker/1; cab/1; burger/1", "0 in 1; 0 eating 2"),
    ("two dogs asleep on the passenger seat", "dog/2/asleep; passenger seat/1", "0 on 1"),
    ("Snow covering a parked pickup", "snow/1; parked pickup/1", "0 covering 1"),
    ("two old truckers laughing together", "trucker/2/old,laughing", ""),
    ("hitchhiker with no bag waiting at a rest stop", "REFUSE", ""),
    ("ok so a big red semi is parked at a truck stop, a little white car is parked beside the semi, and 2 guys "
     "are standing between the semi and the car", "semi/1/big,red; truck stop/1; car/1/little,white; guy/2",
     "0 parked at 1; 2 parked beside 0; 3 standing between 0; 3 standing between 2"),
]

if __name__ == "__main__":
    score(HELD_OUT44, "held-out (44)")
