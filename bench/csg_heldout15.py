"""bench/csg_heldout15.py: the fifteenth held-out set of natural prompts for cast_csg's rules (issue 19).

80 prompts that a new user might write for compositional text-to-image training. Each row gives the reading a
careful person would. The set was written blind by a helper that never saw the rules, their tests or their
history, never ran the parser, and kept the file outside the repository. It must never be used to change the
rules. Domains, none of them used in sets 11 to 14 (the writer could not see the docstrings of earlier sets): dance
halls, fish markets, saunas, rice paddies, recycling centers, bowling alleys, campsites, science labs, vineyards,
dentists' offices, art museums, horse stables, post offices, music classrooms, night markets, snowy backyards. Five
prompts per domain.

Styles: short noun phrases (about a third of the rows, some with a participle or a relative clause after the noun);
sentences with finite verbs (present, progressive and past; transitive and intransitive; irregular pasts "sat",
"hung", "built", "stole", "spun", "led"); copulas ("The red flask is to the left of a blue flask.", "The scoreboard
that hangs above the lanes is glowing.", "The patient who is sitting in the big chair is smiling.") and "There
are"; passives with "by" ("was spun by", "was dropped by", "were brushed by", "was delivered by"); participles
("lined up along", "piled inside", "filled with", "arranged around", "perched on"); relative clauses ("that hangs",
"who is sitting", "that stands"); "of" nouns ("a pair of red dance shoes", "a bunch of purple grapes", "two buckets
of shrimp", "a bale of cardboard", "a pile of old tires", "a row of bowling shoes", "rows of grapevines", "a glass
of red wine", "a tray of shiny tools", "a bale of hay", "a stack of parcels", "a crowd of people", "a bowl of
noodles", "a string of lights"); "with" ("a wooden bucket with a ladle in it"); lists of subjects sharing a verb
or a preposition ("Crabs and lobsters in plastic tubs", "A young dentist and a nurse are wearing blue masks.", "A
small shovel and a large shovel are leaning against the shed.", "There are 6 cans and a plastic jug on the conveyor
belt") and two subjects each with their own verb and object ("A boy holding a trumpet and a girl holding a flute");
counts 1 to 8 as words or digits, with irregular plurals ("men", "women", "children", "people", "fish", "mice");
colors, materials and sizes; the spatial relations left of, above, over, under, on, in, inside, outside, in front
of, behind, next to, beside, at, around, along, across, through, against, toward, between (with one and with two
objects); and three "A photo of" / "A painting of" frames. Some prompts are capitalized and end with a period,
some do not.

Shorthand and scoring as in bench/csg_heldout.py. Objects are written "noun/count/attribute,..." (nouns singular and
lower case; "2+" is a bare plural). Relations are written "subject value target", using object indices, in the
order the prompt states them. "REFUSE" marks a prompt whose meaning the atoms cannot state; for those rows a
refusal is the right answer. 10 of the 80 rows are marked REFUSE: a part or region "of" something ("at the end of
the hall", "a boy's teeth"), a verb's second object, source or path ("stole a fish from the counter", "throws glass
bottles into a large container", "carried baskets of grapes to a truck"), a purpose ("to build a fire"), time
clauses ("after his swim", "while the children sing"), a negation ("with no arms") and a comparison ("bigger than
the doorway").

Conventions, following bench/csg_heldout14.py:
  - A bare spatial preposition reads as the atoms' canonical relation: "left of", "right of"; "above" (above,
    over); "below" (below, beneath); "under" (under, underneath); "on top of" (on top of, atop); "on"; "in" (in,
    inside); "in front of"; "behind"; "next to" (next to, beside, a spatial "by"); "near" (near, close to); "at",
    "around", "against", "across", "through", "along", "between", "outside" as written. "between" two different
    things is a list sharing the relation ("between the scale and the cash register" -> "0 between 1; 0 between
    2"); between a plural is one relation ("between two pine trees" -> "0 between 1").
  - A verb relation reads as the -ing form and keeps its own preposition ("lies beside" -> "lying beside",
    "waltzing across", "hangs on" -> "hanging on", "sits on" -> "sitting on", "sat on" -> "sitting on", "hung on"
    -> "hanging on", "stretch toward" -> "stretching toward", "sleeping inside", "stands under" -> "standing
    under", "leans against" -> "leaning against", "laughing beside", "walking between"). A past participle stays
    as written ("lined up along", "piled inside", "filled with", "arranged around", "perched on").
  - A passive with "by" reads as the active ("the dancer in a blue dress was spun by her partner" -> "0 in 1; 2
    spinning 0"; "dropped by", "brushed by", "delivered by" alike).
  - An intransitive verb with no place is an attribute ("The patient who is sitting in the big chair is smiling."
    -> patient/1/smiling; "The scoreboard that hangs above the lanes is glowing." -> scoreboard/1/glowing).
  - Colors, materials and sizes (big, large, huge, small, little, old, young; "cedar", "marble", "bamboo",
    "canvas", "glass", "paper", "plastic", "stone", "wooden" as materials; "muddy" as in set 1) are attributes, in
    the order they are written. Compound nouns are one noun ("disco ball", "dance shoe", "folding chair", "cash
    register", "rice paddy", "rice seedling", "water buffalo", "conveyor belt", "bowling ball", "bowling shoe",
    "rental counter", "ball return", "pine tree", "camp stove", "test tube", "lab coat", "wine barrel", "oak
    tree", "fish tank", "waiting room", "museum guard", "stable boy", "post office", "music stand", "food stall",
    "fruit stand", "bird feeder"). Words inside an "of" noun stay in that noun; "a pair of" and "a bunch of" are
    "of" nouns of count 1 ("pair of red dance shoes/1", "bunch of purple grapes/1"), and a bare plural head is
    "2+" ("Rows of grapevines" -> row of grapevines/2+). Possessives are dropped ("her partner" -> partner, "its
    stall" -> stall). Mass nouns count 1 ("ice/1", "liquid/1", "hay/1", "snow/1", "water/1").
  - "to the left of" after a copula -> "left of". "in a white apron" / "in purple socks" is "0 in 1". "A photo
    of ..." / "A painting of ..." frames add nothing.
  - "X with Y in it" reads as "Y in X" ("a wooden bucket with a ladle in it" -> "1 in 0").
  - Lists that share a relation give one relation per list member ("0 in 2; 1 in 2"; "0 wearing 2; 1 wearing 2";
    "0 leaning against 2; 1 leaning against 2").
  - A plain thing after a verb's object goes to the object ("roasting marshmallows over the campfire" -> "1 above
    2"; "grilling 5 skewers on a small grill" -> "1 on 2"; "built a snowman next to the fence" -> "1 next to
    2"). A place after the object of a preposition or participle attaches to that object, the nearest one ("sit
    on a cedar bench in the sauna" -> "1 in 2"; "hangs on a hook next to the glass door" -> "1 next to 2"; "sits
    on a camp stove beside a cooler" -> "1 next to 2"; "hung on the wall above a row of boots" -> "1 above 2";
    "sat on a bench in front of a blue painting" -> "1 in front of 2"). A place given to the subject before its
    verb stays the subject's ("A clerk behind the counter is weighing a package." -> "0 behind 1; 0 weighing 2";
    "A brown horse in its stall is eating hay." -> "0 in 1; 0 eating 2").

Run:
    python bench/csg_heldout15.py          # the counts, then every refusal and mis-parse

Measured once (at 1dbd534, the rules after round 13; written by a helper that never saw the rules or their tests,
kept outside the repository until then, told not to avoid hard constructions; eight of its domains were also set
10's, whose docstring the writer could not see): 59 of 80 parsed right (74%; 59 of the 70 statable rows: 84%), 16
refused (9 of them rows marked REFUSE, so 68 of 80 answered right: 85%), 5 mis-parsed (6%).
  - real errors (2): "Three flasks filled with green liquid sit on the shelf." ("liquid sit" one noun, the verb
    lost); "Saddles hung on the wall" (a finite past kept as the participle "hung on", the row: "hanging on").
  - noun boundary (2): "cedar bench", "canvas bag" kept as one noun (materials no table has; "canvas" is also a
    thing), where the rows have bench/cedar and bag/canvas.
  - a REFUSE row parsed (1): "A teacher plays the piano while the children sing." read as two clauses (the
    children singing), which states the picture; the row refuses the time clause.
  - refused where the row has a reading (7): "a pair of", "between the scale and the cash register" (two things,
    not one plural), "with a ladle in it", "roasting marshmallows over the campfire" (whose place), "Rows of
    grapevines stretch toward", "Music stands are arranged", "a red sled lying in the snow" (snow as weather).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT15 = [
    # dance halls
    ("An old couple dancing under a silver disco ball", "couple/1/old; disco ball/1/silver", "0 dancing under 1"),
    ("Three couples are waltzing across the wooden floor.", "couple/3; floor/1/wooden", "0 waltzing across 1"),
    ("A band plays on a small stage at the end of the hall", "REFUSE", ""),
    ("A pair of red dance shoes lies beside a folding chair.", "pair of red dance shoes/1; folding chair/1",
     "0 lying beside 1"),
    ("the dancer in a blue dress was spun by her partner", "dancer/1; dress/1/blue; partner/1",
     "0 in 1; 2 spinning 0"),
    # fish markets
    ("Five silver fish lying on ice", "fish/5/silver; ice/1", "0 lying on 1"),
    ("A fishmonger in a white apron is holding a large octopus.", "fishmonger/1; apron/1/white; octopus/1/large",
     "0 in 1; 0 holding 2"),
    ("Crabs and lobsters in plastic tubs", "crab/2+; lobster/2+; tub/2+/plastic", "0 in 2; 1 in 2"),
    ("A seagull stole a fish from the counter.", "REFUSE", ""),
    ("There are two buckets of shrimp between the scale and the cash register.",
     "bucket of shrimp/2; scale/1; cash register/1", "0 between 1; 0 between 2"),
    # saunas
    ("Two men sit on a cedar bench in the sauna.", "man/2; bench/1/cedar; sauna/1", "0 sitting on 1; 1 in 2"),
    ("a wooden bucket with a ladle in it", "bucket/1/wooden; ladle/1", "1 in 0"),
    ("A towel hangs on a hook next to the glass door", "towel/1; hook/1; door/1/glass",
     "0 hanging on 1; 1 next to 2"),
    ("Grey stones are piled inside the stove.", "stone/2+/grey; stove/1", "0 piled inside 1"),
    ("An old man is resting on the top bench after his swim.", "REFUSE", ""),
    # rice paddies
    ("A farmer in a straw hat walks through a green rice paddy.", "farmer/1; hat/1/straw; rice paddy/1/green",
     "0 in 1; 0 walking through 2"),
    ("A water buffalo pulling a wooden plow", "water buffalo/1; plow/1/wooden", "0 pulling 1"),
    ("Four women planting rice seedlings", "woman/4; rice seedling/2+", "0 planting 1"),
    ("a white heron standing in the muddy water", "heron/1/white; water/1/muddy", "0 standing in 1"),
    ("Two farmers under a bamboo umbrella", "farmer/2; umbrella/1/bamboo", "0 under 1"),
    # recycling centers
    ("Blue bins are lined up along the fence.", "bin/2+/blue; fence/1", "0 lined up along 1"),
    ("A forklift carrying a bale of cardboard", "forklift/1; bale of cardboard/1", "0 carrying 1"),
    ("A worker throws glass bottles into a large container.", "REFUSE", ""),
    ("A pile of old tires next to a yellow dumpster", "pile of old tires/1; dumpster/1/yellow", "0 next to 1"),
    ("There are 6 cans and a plastic jug on the conveyor belt", "can/6; jug/1/plastic; conveyor belt/1",
     "0 on 2; 1 on 2"),
    # bowling alleys
    ("A girl in purple socks is holding a bowling ball.", "girl/1; sock/2+/purple; bowling ball/1",
     "0 in 1; 0 holding 2"),
    ("A row of bowling shoes on the rental counter", "row of bowling shoes/1; rental counter/1", "0 on 1"),
    ("Two friends are laughing beside the ball return.", "friend/2; ball return/1", "0 laughing beside 1"),
    ("The scoreboard that hangs above the lanes is glowing.", "scoreboard/1/glowing; lane/2+",
     "0 hanging above 1"),
    ("a bowling ball was dropped by a little boy", "bowling ball/1; boy/1/little", "1 dropping 0"),
    # campsites
    ("A green tent between two pine trees", "tent/1/green; pine tree/2", "0 between 1"),
    ("Three kids are roasting marshmallows over the campfire.", "kid/3; marshmallow/2+; campfire/1",
     "0 roasting 1; 1 above 2"),
    ("A kettle sits on a camp stove beside a cooler.", "kettle/1; camp stove/1; cooler/1",
     "0 sitting on 1; 1 next to 2"),
    ("A dog is sleeping inside the tent.", "dog/1; tent/1", "0 sleeping inside 1"),
    ("A man is chopping wood to build a fire.", "REFUSE", ""),
    # science labs
    ("A scientist in a white lab coat looks through a microscope.", "scientist/1; lab coat/1/white; microscope/1",
     "0 in 1; 0 looking through 2"),
    ("3 test tubes in a metal rack", "test tube/3; rack/1/metal", "0 in 1"),
    ("Three flasks filled with green liquid sit on the shelf.", "flask/3; liquid/1/green; shelf/1",
     "0 filled with 1; 0 sitting on 2"),
    ("Two white mice inside a glass cage", "mouse/2/white; cage/1/glass", "0 in 1"),
    ("The red flask is to the left of a blue flask.", "flask/1/red; flask/1/blue", "0 left of 1"),
    # vineyards
    ("A bunch of purple grapes hanging from a vine", "bunch of purple grapes/1; vine/1", "0 hanging from 1"),
    ("Rows of grapevines stretch toward a stone farmhouse.", "row of grapevines/2+; farmhouse/1/stone",
     "0 stretching toward 1"),
    ("Two workers carried baskets of grapes to a truck.", "REFUSE", ""),
    ("A wine barrel stands under an old oak tree", "wine barrel/1; oak tree/1/old", "0 standing under 1"),
    ("A photo of a woman holding a glass of red wine.", "woman/1; glass of red wine/1", "0 holding 1"),
    # dentists' offices
    ("A dentist is examining a boy's teeth.", "REFUSE", ""),
    ("A small fish tank in the waiting room", "fish tank/1/small; waiting room/1", "0 in 1"),
    ("The patient who is sitting in the big chair is smiling.", "patient/1/smiling; chair/1/big",
     "0 sitting in 1"),
    ("A tray of shiny tools next to a lamp", "tray of shiny tools/1; lamp/1", "0 next to 1"),
    ("A young dentist and a nurse are wearing blue masks.", "dentist/1/young; nurse/1; mask/2+/blue",
     "0 wearing 2; 1 wearing 2"),
    # art museums
    ("A museum guard stands beside a large statue.", "museum guard/1; statue/1/large", "0 standing beside 1"),
    ("Visitors are looking at a huge painting.", "visitor/2+; painting/1/huge", "0 looking at 1"),
    ("A marble bust on a white pedestal", "bust/1/marble; pedestal/1/white", "0 on 1"),
    ("The sculpture is bigger than the doorway.", "REFUSE", ""),
    ("A little boy sat on a bench in front of a blue painting.", "boy/1/little; bench/1; painting/1/blue",
     "0 sitting on 1; 1 in front of 2"),
    # horse stables
    ("A brown horse in its stall is eating hay.", "horse/1/brown; stall/1; hay/1", "0 in 1; 0 eating 2"),
    ("Saddles hung on the wall above a row of boots.", "saddle/2+; wall/1; row of boots/1",
     "0 hanging on 1; 1 above 2"),
    ("A girl is feeding a white pony.", "girl/1; pony/1/white", "0 feeding 1"),
    ("Two horses were brushed by a stable boy.", "horse/2; stable boy/1", "1 brushing 0"),
    ("a black cat napping on a bale of hay", "cat/1/black; bale of hay/1", "0 napping on 1"),
    # post offices
    ("A clerk behind the counter is weighing a package.", "clerk/1; counter/1; package/1",
     "0 behind 1; 0 weighing 2"),
    ("Letters and postcards in a canvas bag", "letter/2+; postcard/2+; bag/1/canvas", "0 in 2; 1 in 2"),
    ("Four people stand in front of the counter.", "person/4; counter/1", "0 standing in front of 1"),
    ("A red mailbox that stands outside the post office", "mailbox/1/red; post office/1", "0 standing outside 1"),
    ("A stack of parcels was delivered by a tall mailman", "stack of parcels/1; mailman/1/tall", "1 delivering 0"),
    # music classrooms
    ("A teacher plays the piano while the children sing.", "REFUSE", ""),
    ("A photo of eight drums on the floor", "drum/8; floor/1", "0 on 1"),
    ("A boy holding a trumpet and a girl holding a flute", "boy/1; trumpet/1; girl/1; flute/1",
     "0 holding 1; 2 holding 3"),
    ("Music stands are arranged around the piano.", "music stand/2+; piano/1", "0 arranged around 1"),
    ("A cello leans against the chalkboard.", "cello/1; chalkboard/1", "0 leaning against 1"),
    # night markets
    ("Paper lanterns hang over the food stalls.", "lantern/2+/paper; food stall/2+", "0 hanging over 1"),
    ("A vendor is grilling 5 skewers on a small grill.", "vendor/1; skewer/5; grill/1/small",
     "0 grilling 1; 1 on 2"),
    ("A crowd of people walking between the stalls", "crowd of people/1; stall/2+", "0 walking between 1"),
    ("Two girls sharing a bowl of noodles", "girl/2; bowl of noodles/1", "0 sharing 1"),
    ("a string of lights above a fruit stand", "string of lights/1; fruit stand/1", "0 above 1"),
    # snowy backyards
    ("Two children built a snowman next to the fence.", "child/2; snowman/1; fence/1",
     "0 building 1; 1 next to 2"),
    ("A painting of a red sled lying in the snow", "sled/1/red; snow/1", "0 lying in 1"),
    ("A sparrow is perched on a bird feeder.", "sparrow/1; bird feeder/1", "0 perched on 1"),
    ("A snowman with no arms stands in the backyard.", "REFUSE", ""),
    ("A small shovel and a large shovel are leaning against the shed.", "shovel/1/small; shovel/1/large; shed/1",
     "0 leaning against 2; 1 leaning against 2"),
]

if __name__ == "__main__":
    score(HELD_OUT15, "held-out (15)")
