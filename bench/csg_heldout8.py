"""bench/csg_heldout8.py: the eighth held-out set of natural prompts for cast_csg's rules (issue 19).

80 prompts that a new user might write for compositional text-to-image training. Each row gives the reading a
careful person would. The set was written blind by a helper that never saw the rules, their tests or their
history, never ran the parser, and kept the file outside the repository. It must never be used to change the
rules. Domains, none of them used in the earlier sets: forests and hiking, deserts, underwater and diving, airports,
fire stations, toy rooms, art studios, gyms, harbors, the circus, autumn parks, grocery aisles, hotels, train
stations at night, jungles, living rooms. Five prompts per domain.

Styles: short noun phrases (about a quarter of the rows); sentences with finite verbs (present, progressive, past;
transitive and intransitive); copulas ("The fire truck is red and silver."); passives ("covered by", "made by",
"being towed by", "surrounded by"); participles ("parked at", "tied to", "covered in"); relative clauses ("who is",
"that hangs"); "of" nouns ("a school of fish", "two jars of brushes", "eight cans of soup"); lists; counts 1 to 8
as words or digits; colors, materials and sizes; the spatial relations left of, right of, above, over, below,
beneath, underneath, on top of, under, behind, in front of, next to, beside, by, near, inside; and three "A photo
of" / "An illustration of" frames.

Shorthand and scoring as in bench/csg_heldout.py. Objects are written "noun/count/attribute,..." (nouns singular and
lower case; "2+" is a bare plural). Relations are written "subject value target", using object indices. "REFUSE"
marks a prompt whose meaning the atoms cannot state; for those rows a refusal is the right answer. 10 of the 80 rows
are marked REFUSE: a part or region "of" something ("at the edge of a cliff", "half of the aisle", "the shape of a
swan"), a verb's second object or path ("points a flashlight at an octopus", "loading containers onto a cargo
ship"), a purpose ("to catch his flight", "to make green"), "each other", an orientation ("upside down") and a time
clause ("as the doors close").

Conventions, following bench/csg_heldout7.py, with one addition (the first below):
  - A bare spatial preposition reads as the atoms' canonical relation: "beside", "next to" and a spatial "by" ->
    "next to"; "in" and "inside" -> "in"; "above" and "over" -> "above"; "below", "beneath" and "underneath" ->
    "below"; "under" stays "under"; "on" and "upon" -> "on"; "on top of", "behind", "in front of", "left of",
    "right of" and "near" as written. A verb relation keeps its own preposition ("stands by" -> "standing by",
    "hangs over" -> "hanging over", "swims beneath" -> "swimming beneath").
  - A verb relation reads as the -ing form, with its preposition ("slid down" -> "sliding down", "kicked" ->
    "kicking"). A past participle stays as written ("parked at", "tied to", "covered in", "perched on").
  - A passive with "by" reads as the active ("X was covered by Y" -> "1 covering 0"; "made by", "being towed by",
    "surrounded by" alike).
  - An intransitive verb with no place is an attribute ("The station lights are flickering." ->
    station light/2+/flickering).
  - Colors, materials and sizes (tall, large, small, young, old) are attributes, in the order they are written.
    Compound nouns are one noun ("fire truck", "sea turtle", "toy robot", "hot air balloon", "check-in desk").
    Words inside an "of" noun stay in that noun ("pile of leaves", "stack of canvases").
  - "to the left of" / "left of" after a copula or with no verb -> "left of"; the same for right of.
  - "in a green jacket" is "0 in 1". "full of" -> "1 in 0". "A photo of ..." / "An illustration of ..." frames add
    nothing.
  - A scene or place after a verb's object goes to the subject. A plain thing after a verb's object goes to the
    object ("A squirrel is burying an acorn under a maple tree" -> "1 under 2"; "reading the label on a cereal box"
    -> "1 on 2"). A place after the object of a preposition attaches to that object, the nearest one ("on a branch
    above a river" -> "1 above 2").

Measured once (at 04fb800, the rules after round 6; written by a helper that never saw the rules or their tests,
kept outside the repository until then): 65 of 80 parsed right (81%), 11 refused (10 of them rows marked REFUSE,
so 75 of 80 answered right: 94%), 4 mis-parsed (5%).
  - real errors (3 rows): "cacti" kept as the singular (a Latin plural); "Three firefighters slid down a brass
    pole" named the verb "slidding down" (an irregular past; the row also reads pole/brass where the rules keep
    "brass pole" as one noun); "A woman is reading the label on a cereal box" gave the box to the woman ("reading"
    keeps a place for its subject, but the place here is the label's).
  - relation wording (1): "underneath" is named "under" by the rules, "below" by this set's brief.
  - refused where the row has a reading (1): "Tall pine trees beside a trail" (a bare plural before a place: the
    rules cannot tell "trees" from a verb).
Issue 19, round 7: 67 right (84%), 12 refused (10 marked REFUSE), 1 mis-parsed; the cereal box label now refused.

Run:
    python bench/csg_heldout8.py           # the counts, then every refusal and mis-parse
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT8 = [
    # forests and hiking
    ("Tall pine trees beside a trail", "pine tree/2+/tall; trail/1", "0 next to 1"),
    ("A hiker in a green jacket is crossing a wooden bridge.", "hiker/1; jacket/1/green; bridge/1/wooden",
     "0 in 1; 0 crossing 2"),
    ("The mushrooms under the log are orange.", "mushroom/2+/orange; log/1", "0 under 1"),
    ("Two gray wolves are standing on a rock.", "wolf/2/gray; rock/1", "0 standing on 1"),
    ("A hiker is resting at the edge of a cliff.", "REFUSE", ""),
    # deserts
    ("A camel is walking across the sand dunes.", "camel/1; sand dune/2+", "0 walking across 1"),
    ("Three cacti in front of a red rock", "cactus/3; rock/1/red", "0 in front of 1"),
    ("A lizard sleeps under a large stone.", "lizard/1; stone/1/large", "0 sleeping under 1"),
    ("The old jeep was covered by sand.", "jeep/1/old; sand/1", "1 covering 0"),
    ("A photo of a hot air balloon over the desert", "hot air balloon/1; desert/1", "0 above 1"),
    # underwater and diving
    ("A diver in a yellow wetsuit swims beneath a manta ray.", "diver/1; wetsuit/1/yellow; manta ray/1",
     "0 in 1; 0 swimming beneath 2"),
    ("A sea turtle rests on a coral reef.", "sea turtle/1; coral reef/1", "0 resting on 1"),
    ("An old anchor lies on the sea floor.", "anchor/1/old; sea floor/1", "0 lying on 1"),
    ("A school of fish above a shipwreck", "school of fish/1; shipwreck/1", "0 above 1"),
    ("A diver points a flashlight at an octopus.", "REFUSE", ""),
    # airports
    ("A white airplane parked at the gate", "airplane/1/white; gate/1", "0 parked at 1"),
    ("2 suitcases on a baggage carousel", "suitcase/2; baggage carousel/1", "0 on 1"),
    ("A pilot is talking to a flight attendant.", "pilot/1; flight attendant/1", "0 talking to 1"),
    ("A large departure board behind the check-in desk", "departure board/1/large; check-in desk/1", "0 behind 1"),
    ("A man is running to catch his flight.", "REFUSE", ""),
    # fire stations
    ("A red fire truck is parked in front of the fire station.", "fire truck/1/red; fire station/1",
     "0 parked in front of 1"),
    ("Three firefighters slid down a brass pole.", "firefighter/3; pole/1/brass", "0 sliding down 1"),
    ("A dalmatian sitting next to a fire hydrant", "dalmatian/1; fire hydrant/1", "0 sitting next to 1"),
    ("Yellow helmets are hanging on hooks.", "helmet/2+/yellow; hook/2+", "0 hanging on 1"),
    ("The fire truck is red and silver.", "fire truck/1/red,silver", ""),
    # toy rooms
    ("A teddy bear sitting in a small red wagon", "teddy bear/1; wagon/1/small,red", "0 sitting in 1"),
    ("Five wooden blocks are stacked on the rug.", "block/5/wooden; rug/1", "0 stacked on 1"),
    ("A toy robot stands on top of the dollhouse.", "toy robot/1; dollhouse/1", "0 standing on top of 1"),
    ("Four toy cars inside a shoebox", "toy car/4; shoebox/1", "0 in 1"),
    ("A boy is building a tower of blocks.", "boy/1; tower of blocks/1", "0 building 1"),
    # art studios
    ("An easel stands by the window.", "easel/1; window/1", "0 standing by 1"),
    ("A painter in a blue apron is painting a portrait.", "painter/1; apron/1/blue; portrait/1",
     "0 in 1; 0 painting 2"),
    ("Two jars of brushes near a stack of canvases", "jar of brushes/2; stack of canvases/1", "0 near 1"),
    ("The clay vase was made by a young potter.", "vase/1/clay; potter/1/young", "1 making 0"),
    ("An artist mixes blue and yellow paint to make green.", "REFUSE", ""),
    # gyms
    ("An old man is lifting a barbell.", "man/1/old; barbell/1", "0 lifting 1"),
    ("Six black dumbbells on a metal rack", "dumbbell/6/black; rack/1/metal", "0 on 1"),
    ("A woman who is running on a treadmill", "woman/1; treadmill/1", "0 running on 1"),
    ("A blue yoga mat lies under a large window.", "yoga mat/1/blue; window/1/large", "0 lying under 1"),
    ("Two boxers are punching each other.", "REFUSE", ""),
    # harbors
    ("Fishing boats are tied to a wooden dock.", "fishing boat/2+; dock/1/wooden", "0 tied to 1"),
    ("A seagull is perched on a mooring post.", "seagull/1; mooring post/1", "0 perched on 1"),
    ("A small yacht is being towed by a tugboat.", "yacht/1/small; tugboat/1", "1 towing 0"),
    ("A fisherman was repairing a green net.", "fisherman/1; net/1/green", "0 repairing 1"),
    ("A crane is loading containers onto a cargo ship.", "REFUSE", ""),
    # circus
    ("An elephant balances on a large blue ball.", "elephant/1; ball/1/large,blue", "0 balancing on 1"),
    ("A clown in a yellow wig is juggling four torches.", "clown/1; wig/1/yellow; torch/4",
     "0 in 1; 0 juggling 2"),
    ("A tightrope walker above the crowd", "tightrope walker/1; crowd/1", "0 above 1"),
    ("The lion jumps through a ring of fire.", "lion/1; ring of fire/1", "0 jumping through 1"),
    ("An acrobat is hanging upside down from a trapeze.", "REFUSE", ""),
    # autumn parks
    ("Orange leaves cover a park bench.", "leaf/2+/orange; park bench/1", "0 covering 1"),
    ("A squirrel is burying an acorn under a maple tree.", "squirrel/1; acorn/1; maple tree/1",
     "0 burying 1; 1 under 2"),
    ("A picnic blanket beneath a large oak", "picnic blanket/1; oak/1/large", "0 below 1"),
    ("A girl in a brown coat kicked a pile of leaves.", "girl/1; coat/1/brown; pile of leaves/1",
     "0 in 1; 0 kicking 2"),
    ("An illustration of a wooden bench surrounded by pumpkins", "bench/1/wooden; pumpkin/2+", "1 surrounding 0"),
    # grocery aisles
    ("A shopping cart full of vegetables", "shopping cart/1; vegetable/2+", "1 in 0"),
    ("Eight cans of soup sit on a metal shelf.", "can of soup/8; shelf/1/metal", "0 sitting on 1"),
    ("A woman is reading the label on a cereal box.", "woman/1; label/1; cereal box/1", "0 reading 1; 1 on 2"),
    ("Green apples to the left of the bananas", "apple/2+/green; banana/2+", "0 left of 1"),
    ("A cart is blocking half of the aisle.", "REFUSE", ""),
    # hotels
    ("A bellhop is pushing a luggage cart.", "bellhop/1; luggage cart/1", "0 pushing 1"),
    ("A crystal chandelier hangs over a marble staircase.", "chandelier/1/crystal; staircase/1/marble",
     "0 hanging over 1"),
    ("A receptionist who is wearing a black blazer", "receptionist/1; blazer/1/black", "0 wearing 1"),
    ("The room key is on the nightstand.", "room key/1; nightstand/1", "0 on 1"),
    ("A towel folded into the shape of a swan lies on the bed.", "REFUSE", ""),
    # train stations at night
    ("A man in a black coat is waiting on the platform.", "man/1; coat/1/black; platform/1",
     "0 in 1; 0 waiting on 2"),
    ("A large clock that hangs above the ticket window", "clock/1/large; ticket window/1", "0 hanging above 1"),
    ("The station lights are flickering.", "station light/2+/flickering", ""),
    ("A vending machine glows next to a bench.", "vending machine/1; bench/1", "0 glowing next to 1"),
    ("A woman runs for the last train as the doors close.", "REFUSE", ""),
    # jungles
    ("A monkey swings from a vine.", "monkey/1; vine/1", "0 swinging from 1"),
    ("A green parrot on a branch above a river", "parrot/1/green; branch/1; river/1", "0 on 1; 1 above 2"),
    ("A jaguar is hiding behind the ferns.", "jaguar/1; fern/2+", "0 hiding behind 1"),
    ("7 toucans are sitting in a tall tree.", "toucan/7; tree/1/tall", "0 sitting in 1"),
    ("A stone temple covered in vines", "temple/1/stone; vine/2+", "0 covered in 1"),
    # living rooms
    ("A gray armchair by the fireplace", "armchair/1/gray; fireplace/1", "0 next to 1"),
    ("The floor lamp is to the right of the armchair.", "floor lamp/1; armchair/1", "0 right of 1"),
    ("A family is watching television.", "family/1; television/1", "0 watching 1"),
    ("Three paintings hang above the couch.", "painting/3; couch/1", "0 hanging above 1"),
    ("A photo of a round rug underneath a glass coffee table", "rug/1/round; coffee table/1/glass", "0 below 1"),
]


if __name__ == "__main__":
    score(HELD_OUT8, "held-out (8)")
