"""bench/csg_heldout10.py: the tenth held-out set of natural prompts for cast_csg's rules (issue 19).

80 prompts that a new user might write for compositional text-to-image training. Each row gives the reading a
careful person would. The set was written blind by a helper that never saw the rules, their tests or their
history, never ran the parser, and kept the file outside the repository. It must never be used to change the
rules. Domains, none of them used in the earlier sets: dentists' offices, bowling alleys, vineyards, science labs,
post offices, snowy backyards, music rooms, hardware stores, farmyards, campsites, classrooms, auto repair garages,
swimming pools, museums, farmers' markets, bathrooms. Five prompts per domain.

Styles: short noun phrases (about a quarter of the rows); sentences with finite verbs (present, progressive, past;
transitive and intransitive; irregular pasts "built", "fed", "sat", "wrote", "dove"); copulas ("The mailbox outside
the post office is blue.", "The microscope is to the left of a laptop.", "A brown horse in the barn is sleeping.")
and "There are"; passives with "by" ("knocked down by", "sorted by", "chased by", "towed by"); participles after
nouns ("perched on", "stacked behind", "stacked against", "lined up on", "piled on"); relative clauses ("who is",
"that is", "which are"); "of" nouns ("a tube of toothpaste", "a basket of purple grapes", "eight cans of paint",
"three baskets of peaches", "loaves of bread"); lists; counts 1 to 8 as words or digits, with irregular plurals
("mice", "children", "sheep", "loaves", "peaches"); colors, materials and sizes; the spatial relations left of,
right of, above, over, beneath, under, underneath, on top of, atop, on, in, inside, outside, in front of, behind,
next to, beside, by, near, close to, toward, along, around, across, through, against, into; and three "A photo of"
/ "A painting of" frames.

Shorthand and scoring as in bench/csg_heldout.py. Objects are written "noun/count/attribute,..." (nouns singular and
lower case; "2+" is a bare plural). Relations are written "subject value target", using object indices. "REFUSE"
marks a prompt whose meaning the atoms cannot state; for those rows a refusal is the right answer. 10 of the 80 rows
are marked REFUSE: a part or region "of" something ("into the mouth of a nervous man", "off the hood of a silver
car", "on the edge of the bathtub"), a verb's second object, source or path ("pours red wine from a bottle into a
tall glass", "throwing a paper airplane at the teacher", "buying tomatoes from an old farmer"), a purpose ("to boil
the water"), a time clause ("while two kids throw snowballs"), a negation ("with no bench in front of it") and a
comparison ("bigger than the red tractor").

Conventions, following bench/csg_heldout9.py:
  - A bare spatial preposition reads as the atoms' canonical relation: "left of", "right of"; "above" (above,
    over); "below" (below, beneath); "under" (under, underneath); "on top of" (on top of, atop); "on"; "in" (in,
    inside); "in front of"; "behind"; "next to" (next to, beside, a spatial "by"); "near" (near, close to); "at",
    "around", "against", "across", "through", "along", "outside" as written. "full of" -> "1 in 0".
  - A verb relation reads as the -ing form and keeps its own preposition ("stand beside" -> "standing beside",
    "sits atop" -> "sitting atop", "dove into" -> "diving into", "sleeping inside", "rolling toward"). A past
    participle stays as written ("perched on", "stacked behind", "lined up on", "piled on").
  - A passive with "by" reads as the active ("The pins were knocked down by a green ball" -> "1 knocking down 0";
    "sorted by", "chased by", "towed by" alike).
  - An intransitive verb with no place is an attribute ("A brown horse in the barn is sleeping." ->
    horse/1/brown,sleeping).
  - Colors, materials and sizes (tall, large, small, huge, long, old, young; "round" as a shape) are attributes, in
    the order they are written ("black and white dog" -> dog/1/black,white). Compound nouns are one noun ("dental
    chair", "waiting room", "bowling ball", "lab coat", "test tube", "postal worker", "bird feeder", "grand piano",
    "drum set", "shopping cart", "paint can", "pickup truck", "tow truck", "beach ball", "lounge chair", "dinosaur
    skeleton", "flower stall", "comic book", "music teacher"). Words inside an "of" noun stay in that noun ("basket
    of purple grapes", "crate of green pears").
  - "to the left of" / "left of" after a copula or with no verb -> "left of"; the same for right of.
  - "in a blue mask" is "0 in 1". "A photo of ..." / "A painting of ..." frames add nothing.
  - Lists that share a relation give one relation per list member ("0 on 2; 1 on 2"; "wearing an orange scarf and
    a black hat" -> "0 wearing 1; 0 wearing 2").
  - A scene or place (vineyard, backyard) after a verb's object goes to the subject ("picked grapes in the vineyard"
    -> "0 in 2"). A plain thing after a verb's object goes to the object ("weighing a brown package on a scale" ->
    "1 on 2"; "roasting marshmallows over the fire" -> "1 above 2"; "reading a comic book underneath his desk" ->
    "1 under 2"). A place after the object of a preposition attaches to that object, the nearest one ("sits in the
    dental chair beneath a round lamp" -> "1 below 2"; "on a small shelf beside the window" -> "1 next to 2").

Run:
    python bench/csg_heldout10.py          # the counts, then every refusal and mis-parse

Measured once (at 5629720, the rules after round 8; written by a helper that never saw the rules or their tests,
kept outside the repository until then): 62 of 80 parsed right (78%; 62 of the 70 statable rows: 89%), 14 refused
(10 of them rows marked REFUSE, so 72 of 80 answered right: 90%), 4 mis-parsed (5%).
  - real errors (4 rows): a list shared by a verb or participle kept only for one member: "wearing an orange scarf
    and a black hat" (the hat not worn), "a violin and a flute lying on a wooden chair" and "Hammers and
    screwdrivers hanging on a pegboard" (only the last member lying / hanging); "built a snowman in the backyard"
    (the backyard, a scene, given to the snowman instead of the children).
  - refused where the row has a reading (4): "in a blue shirt holding a purple bowling ball" (who holds), "weighing
    a brown package on a scale" and "roasting marshmallows over the fire" (whose place), "A boy dove into the
    swimming pool." ("dove", a bird or a past).
Issue 19, round 9 (rules fixed for the causes above, by general rules with their own tests; this set's numbers after
that are diagnostic only): 66 right (82%), 13 refused (10 marked REFUSE), 1 mis-parsed ("built a snowman in the
backyard": the snowman's place, as sets 1 and 3 write "building a sandcastle on the beach" and "built a snowman in
the yard"; this row's subject's reading contradicts them, so it stays).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT10 = [
    # dentist's office
    ("A dentist in a blue mask is examining a young patient.", "dentist/1; mask/1/blue; patient/1/young",
     "0 in 1; 0 examining 2"),
    ("a pink toothbrush next to a tube of toothpaste", "toothbrush/1/pink; tube of toothpaste/1", "0 next to 1"),
    ("Two plastic chairs and a small table in the waiting room", "chair/2/plastic; table/1/small; waiting room/1",
     "0 in 2; 1 in 2"),
    ("A boy sits in the dental chair beneath a round lamp.", "boy/1; dental chair/1; lamp/1/round",
     "0 sitting in 1; 1 below 2"),
    ("The dentist shines a small light into the mouth of a nervous man.", "REFUSE", ""),
    # bowling alley
    ("A red bowling ball rolling toward the white pins", "bowling ball/1/red; pin/2+/white", "0 rolling toward 1"),
    ("Four teenagers are sitting on a long orange bench.", "teenager/4; bench/1/long,orange", "0 sitting on 1"),
    ("The pins were knocked down by a green ball.", "pin/2+; ball/1/green", "1 knocking down 0"),
    ("There are 8 bowling balls on a metal rack", "bowling ball/8; rack/1/metal", "0 on 1"),
    ("An old man in a blue shirt holding a purple bowling ball", "man/1/old; shirt/1/blue; bowling ball/1/purple",
     "0 in 1; 0 holding 2"),
    # vineyard
    ("A painting of green grapevines growing along a wooden fence", "grapevine/2+/green; fence/1/wooden",
     "0 growing along 1"),
    ("A farmer is carrying a basket of purple grapes.", "farmer/1; basket of purple grapes/1", "0 carrying 1"),
    ("Two wooden barrels stand beside a stone farmhouse.", "barrel/2/wooden; farmhouse/1/stone",
     "0 standing beside 1"),
    ("A woman pours red wine from a bottle into a tall glass", "REFUSE", ""),
    ("three workers picked grapes in the vineyard", "worker/3; grape/2+; vineyard/1", "0 picking 1; 0 in 2"),
    # science lab
    ("A scientist wearing a white lab coat holds a glass beaker.", "scientist/1; lab coat/1/white; beaker/1/glass",
     "0 wearing 1; 0 holding 2"),
    ("5 test tubes in a plastic rack", "test tube/5; rack/1/plastic", "0 in 1"),
    ("The microscope is to the left of a laptop.", "microscope/1; laptop/1", "0 left of 1"),
    ("Two white mice running on a small wheel inside a cage", "mouse/2/white; wheel/1/small; cage/1",
     "0 running on 1; 1 in 2"),
    ("A student heats a flask over a burner to boil the water.", "REFUSE", ""),
    # post office
    ("A postal worker is weighing a brown package on a scale.", "postal worker/1; package/1/brown; scale/1",
     "0 weighing 1; 1 on 2"),
    ("The mailbox outside the post office is blue.", "mailbox/1/blue; post office/1", "0 outside 1"),
    ("Six parcels are stacked behind the counter.", "parcel/6; counter/1", "0 stacked behind 1"),
    ("The letters were sorted by two old clerks", "letter/2+; clerk/2/old", "1 sorting 0"),
    ("A woman in a red coat stands in front of the counter.", "woman/1; coat/1/red; counter/1",
     "0 in 1; 0 standing in front of 2"),
    # snowy backyard
    ("A snowman wearing an orange scarf and a black hat", "snowman/1; scarf/1/orange; hat/1/black",
     "0 wearing 1; 0 wearing 2"),
    ("Two children built a snowman in the backyard.", "child/2; snowman/1; backyard/1", "0 building 1; 0 in 2"),
    ("A red sled that is leaning against the wooden fence", "sled/1/red; fence/1/wooden", "0 leaning against 1"),
    ("Three small birds are perched on a wooden bird feeder.", "bird/3/small; bird feeder/1/wooden",
     "0 perched on 1"),
    ("A dog rolls in the snow while two kids throw snowballs.", "REFUSE", ""),
    # music room
    ("A grand piano with no bench in front of it", "REFUSE", ""),
    ("A girl is playing the cello.", "girl/1; cello/1", "0 playing 1"),
    ("Three guitars hang on the wall above a drum set.", "guitar/3; wall/1; drum set/1",
     "0 hanging on 1; 1 above 2"),
    ("a violin and a flute lying on a wooden chair", "violin/1; flute/1; chair/1/wooden",
     "0 lying on 2; 1 lying on 2"),
    ("A photo of a music teacher who is conducting a small choir", "music teacher/1; choir/1/small",
     "0 conducting 1"),
    # hardware store
    ("Hammers and screwdrivers hanging on a pegboard", "hammer/2+; screwdriver/2+; pegboard/1",
     "0 hanging on 2; 1 hanging on 2"),
    ("A man is pushing a shopping cart full of paint cans.", "man/1; shopping cart/1; paint can/2+",
     "0 pushing 1; 2 in 1"),
    ("A yellow drill sits atop a metal toolbox", "drill/1/yellow; toolbox/1/metal", "0 sitting atop 1"),
    ("Eight cans of paint are lined up on a shelf.", "can of paint/8; shelf/1", "0 lined up on 1"),
    ("A clerk in an orange apron helps a customer", "clerk/1; apron/1/orange; customer/1", "0 in 1; 0 helping 2"),
    # farmyard
    ("A brown horse in the barn is sleeping.", "horse/1/brown,sleeping; barn/1", "0 in 1"),
    ("Five white chickens are walking through a wooden gate.", "chicken/5/white; gate/1/wooden",
     "0 walking through 1"),
    ("The farmer fed two pink pigs.", "farmer/1; pig/2/pink", "0 feeding 1"),
    ("Two sheep were chased by a black and white dog.", "sheep/2; dog/1/black,white", "1 chasing 0"),
    ("The cow is bigger than the red tractor behind it.", "REFUSE", ""),
    # campsite
    ("A green tent close to a campfire", "tent/1/green; campfire/1", "0 near 1"),
    ("Four friends sat around the campfire.", "friend/4; campfire/1", "0 sitting around 1"),
    ("A man is roasting marshmallows over the fire", "man/1; marshmallow/2+; fire/1", "0 roasting 1; 1 above 2"),
    ("An old metal lantern hangs from a branch.", "lantern/1/old,metal; branch/1", "0 hanging from 1"),
    ("There are two canoes by the lake.", "canoe/2; lake/1", "0 next to 1"),
    # classroom
    ("The teacher wrote on the chalkboard.", "teacher/1; chalkboard/1", "0 writing on 1"),
    ("Eight wooden desks in a classroom", "desk/8/wooden; classroom/1", "0 in 1"),
    ("A globe sits on a small shelf beside the window.", "globe/1; shelf/1/small; window/1",
     "0 sitting on 1; 1 next to 2"),
    ("A boy who is reading a comic book underneath his desk", "boy/1; comic book/1; desk/1",
     "0 reading 1; 1 under 2"),
    ("A kid is throwing a paper airplane at the teacher.", "REFUSE", ""),
    # auto repair garage
    ("A mechanic is lying under a blue car.", "mechanic/1; car/1/blue", "0 lying under 1"),
    ("Old tires which are stacked against a brick wall", "tire/2+/old; wall/1/brick", "0 stacked against 1"),
    ("A red pickup truck was towed by a white tow truck.", "pickup truck/1/red; tow truck/1/white", "1 towing 0"),
    ("a wrench and two screwdrivers on a workbench", "wrench/1; screwdriver/2; workbench/1", "0 on 2; 1 on 2"),
    ("a mechanic wipes oil off the hood of a silver car", "REFUSE", ""),
    # swimming pool
    ("A boy dove into the swimming pool.", "boy/1; swimming pool/1", "0 diving into 1"),
    ("Two yellow beach balls are floating in the pool", "beach ball/2/yellow; pool/1", "0 floating in 1"),
    ("A lifeguard sits on a tall white chair.", "lifeguard/1; chair/1/tall,white", "0 sitting on 1"),
    ("There are 3 blue towels on a lounge chair.", "towel/3/blue; lounge chair/1", "0 on 1"),
    ("A girl in a green swimsuit is swimming across the pool.", "girl/1; swimsuit/1/green; pool/1",
     "0 in 1; 0 swimming across 2"),
    # museum
    ("A huge dinosaur skeleton stands in the hall.", "dinosaur skeleton/1/huge; hall/1", "0 standing in 1"),
    ("A marble statue behind a red velvet rope", "statue/1/marble; rope/1/red,velvet", "0 behind 1"),
    ("Two children are looking at a golden mask.", "child/2; mask/1/golden", "0 looking at 1"),
    ("An old guard who is standing near the door is yawning.", "guard/1/old,yawning; door/1", "0 standing near 1"),
    ("A photo of a blue clay vase on top of a stone pedestal", "vase/1/blue,clay; pedestal/1/stone",
     "0 on top of 1"),
    # farmers' market
    ("A crate of red apples next to a crate of green pears", "crate of red apples/1; crate of green pears/1",
     "0 next to 1"),
    ("A woman is buying tomatoes from an old farmer.", "REFUSE", ""),
    ("Three baskets of peaches sit on a long wooden table.", "basket of peaches/3; table/1/long,wooden",
     "0 sitting on 1"),
    ("A large white umbrella shades a flower stall", "umbrella/1/large,white; flower stall/1", "0 shading 1"),
    ("Loaves of bread are piled on a cart.", "loaf of bread/2+; cart/1", "0 piled on 1"),
    # bathroom
    ("A yellow rubber duck on the edge of the bathtub", "REFUSE", ""),
    ("A white towel hangs on a silver hook.", "towel/1/white; hook/1/silver", "0 hanging on 1"),
    ("Two toothbrushes in a glass cup to the right of the sink", "toothbrush/2; cup/1/glass; sink/1",
     "0 in 1; 1 right of 2"),
    ("The mirror is above the sink.", "mirror/1; sink/1", "0 above 1"),
    ("A small gray cat sleeping inside the bathtub", "cat/1/small,gray; bathtub/1", "0 sleeping inside 1"),
]

if __name__ == "__main__":
    score(HELD_OUT10, "held-out (10)")
