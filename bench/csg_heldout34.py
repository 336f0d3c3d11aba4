"""bench/csg_heldout34.py: the thirty-fourth held-out set of natural prompts for cast_csg's rules (issue 19).

80 prompts that a new user might write for compositional text-to-image training. Each row gives the reading a
careful person would. The set was written blind by a helper that never saw the rules, their tests or their
history, never ran the parser, and kept the file outside the repository. It must never be used to change the
rules. The writer read only bench/csg_heldout.py and the docstring of bench/csg_heldout15.py.

Voices: eight people, ten prompts each, writing for an image generator in their own words: (1) a nurse decorating
a children's ward, (2) a hiker, (3) a tabletop role-player describing scenes (only what one picture shows), (4) an
interior designer, (5) a farmer, (6) a music teacher, (7) a pet groomer, (8) a model-train hobbyist. Short
captions and full sentences; lists; counts 1 to 8 as words or digits, with irregular plurals ("sheep", "deer",
"oxen", "mice", "children", "shelves"); colors, materials, sizes, shapes, textures and moods; verbs in the
present, progressive, past ("stood", "waited") and perfect ("has settled on", "have gathered around", "has
hidden behind", "has been mounted above"); participles ("pitched between", "gathered around", "arranged above",
"parked beside", "wrapped in", "filled with", "positioned behind", "glued around"); relative clauses with which,
that and who; passives with "by" ("was hung by", "was made by", "was written by", "is being brushed by", "was
bathed by", "was painted by"); "of" nouns; "with"; "There is" / "There are"; and the spatial relations left of,
right of, above, over, below, under, on, on top of, in, in front of, behind, next to, beside, by, near, between
(with one and with two objects), at, around, along, across, through, against, toward. Some prompts are
capitalized and end with a period, some do not.

Shorthand and scoring as in bench/csg_heldout.py. Objects are written "noun/count/attribute,..." (nouns singular and
lower case; "2+" is a bare plural). Relations are written "subject value target", using object indices, in the
order the prompt states them. "REFUSE" marks a prompt whose meaning the atoms cannot state; for those rows a
refusal is the right answer. 10 of the 80 rows are marked REFUSE, one of each kind: a part "of" a thing ("on the
arm of the sofa"), a region "of" a thing ("in the corner of the room"), a possessive body part ("on the terrier's
ear"), a verb's second object ("hands a paper crown to a sleepy boy"), a source ("lifts the red caboose off the
track"), a path ("carrying supplies up a steep trail"), a destination ("tosses a bale of hay into the trough"), a
purpose ("to reach the piano keys"), a negation ("with no helmet") and a comparison ("taller than the engine
shed").

Conventions, following bench/csg_heldout15.py:
  - A bare spatial preposition reads as the atoms' canonical relation: "left of", "right of"; "above" (above,
    over); "below" (below, beneath); "under" (under, underneath); "on top of" (on top of, atop); "on"; "in" (in,
    inside); "in front of"; "behind"; "next to" (next to, beside, a spatial "by"); "near" (near, close to); "at",
    "around", "against", "across", "through", "along", "between", "outside" as written. "between" two different
    things is a list sharing the relation ("between the window and the desk" -> "0 standing between 1; 0 standing
    between 2"); between a plural is one relation ("between two pine trees" -> "0 pitched between 1").
  - A verb relation reads as the -ing form and keeps its own preposition ("hang from" -> "hanging from", "lies
    under" -> "lying under", "stood on" -> "standing on", "waited in" -> "waiting in", "walks along" -> "walking
    along", "points toward" -> "pointing toward", "sitting at"). A past participle stays as written ("pitched
    between", "gathered around", "arranged above", "parked beside", "wrapped in", "filled with", "glued around").
  - A passive with "by" reads as the active ("A string of colorful lights above the playroom door was hung by a
    young nurse." -> "0 above 1; 2 hanging 0"; "made by", "written by", "brushed by", "bathed by", "painted by"
    alike).
  - An intransitive verb with no place is an attribute ("The rooster on top of the fence post is crowing" ->
    rooster/1/crowing; "The dachshund that was bathed by the new groomer is shivering." -> dachshund/1/shivering).
  - Colors, materials and sizes (big, large, small, little, tall, tiny, giant, miniature, old, young; "paper",
    "plush", "walnut", "brick", "velvet", "marble", "jute", "glass", "brass", "linen", "oak", "wool", "straw",
    "wooden", "metal", "wire", "stone", "felt", "plastic" as materials) are attributes, in the order they are
    written. Compound nouns are one noun ("teddy bear", "hospital bed", "playroom door", "pine tree", "mountain
    goat", "trail sign", "plate armor", "elf archer", "tavern floor", "floor lamp", "coffee table", "reading nook",
    "bathroom sink", "barn cat", "fence post", "music stand", "drum set", "sheet music", "grooming table", "golden
    retriever", "dog collar", "steam locomotive", "freight car", "trestle bridge", "station house", "crossing
    gate", "diesel engine", "water tower", "coal bunker", "signal box", "rail yard"). Words inside an "of" noun
    stay in that noun; "a bunch of", "a pile of", "a stack of", "a string of", "a row of", "a choir of" and "a
    basket of" are "of" nouns of count 1 ("bunch of balloons/1", "pile of gold coins/1"). Possessives are dropped
    ("my green tent" -> tent/1/green, "my father" -> father/1). Mass nouns count 1 ("snow/1", "sheet music/1").
  - "to the left of" after a copula -> "left of". "in a pink smock" / "in heavy plate armor" is "0 in 1". "A
    photo of ..." / "A painting of ..." frames add nothing.
  - "X with Y in it" reads as "Y in X".
  - Lists that share a relation give one relation per list member ("0 drawing on 2; 1 drawing on 2"; "0 under 2;
    1 under 2"; "0 next to 3; 1 next to 3; 2 next to 3").
  - A plain thing after a verb's object goes to the object ("holding a bunch of balloons next to a crib" -> "2
    next to 3"; "crossing a trestle bridge over a river" -> "1 above 2"). A place after the object of a
    preposition or participle attaches to that object, the nearest one ("stood on the rocky ledge above the
    trail" -> "1 above 2"; "grazing in a misty meadow near the lake" -> "1 near 2"; "sitting in a metal tub
    filled with bubbles" -> "1 filled with 2"). A place given to the subject before its verb stays the
    subject's ("A smiling teacher at the piano is conducting a choir of children." -> "0 at 1; 0 conducting 2").
Conventions this set adds, for constructions set 15's docstring does not cover:
  - The perfect reads like the past: the -ing form with its own preposition ("has settled on" -> "settling on",
    "have gathered around" -> "gathering around", "has hidden behind" -> "hiding behind"). A passive without "by"
    (after "is", "are" or "has been") keeps its participle as written ("are gathered around" -> "gathered
    around", "has been mounted above" -> "mounted above", "is positioned behind" -> "positioned behind").
  - Other describing words before a noun (shapes, textures and moods: "round", "square", "fluffy", "shaggy",
    "mossy", "rocky", "rusty", "misty", "fresh", "wet", "cozy", "cheerful", "nervous", "lone", "narrow") and
    participles before a noun ("rushing", "fallen", "hooded", "framed", "floating", "smiling") are attributes, in
    the order they are written, like colors and sizes.
  - A plain "with" joining two separate things (not a part) reads as the relation "with" ("Two hikers with red
    backpacks are resting on a boulder." -> "0 with 1; 0 resting on 2"); a list after "with" gives one relation
    per member ("with a wool throw and a stack of books" -> "0 with 1; 0 with 2").
  - A participle or relative clause after a noun describes that noun, the nearest one ("stands between two girls
    holding flutes" -> "0 standing between 2; 2 holding 3"; "A trail sign, which points toward the summit, is
    leaning against a fallen log." -> "0 pointing toward 1; 0 leaning against 2").
  - "to the right of" reads as "right of" like "to the left of", also after "There is".
  - Phrases joined by a comma are read one by one, with the objects numbered across the whole prompt ("2 guitars
    leaning against the chalkboard, a ukulele on the desk" -> "0 leaning against 1; 2 on 3").
  - "the two torches" counts 2, like "two torches".

Run:
    python bench/csg_heldout34.py

Measured once (at 70ae782, the rules after round 23; written by a helper that never saw the rules or their tests,
kept outside the repository until then, in eight people's voices; the writer added a convention of its own, a plain
"with" as a relation "0 with 1"): 48 of 80 parsed right (60%; 48 of the 70 statable rows: 69%), 19 refused (10 of
them rows marked REFUSE, so 58 of 80 answered right: 72.5%), 13 mis-parsed (16%).
  - where a describing word sits (11): participles before a noun ("a rushing stream", "framed prints", "floating
    shelves", "a smiling teacher", "the hooded rogue") and words no table has ("plush", "heavy", "jute", "nervous",
    "wire", "felt"), read into the noun (59 of 70 right if these count).
  - the writer's "with" relation (2): "hikers with red backpacks", "a boy with a trumpet" (the rules, and the
    earlier sets, write no relation for "with").
  - refused where the row has a reading (9): a participle after a garment or a place's target ("holding a bunch of
    balloons", "filled with bubbles"), "was hung by a young nurse" (who hung it, or beside her?), "which points
    toward" (an unknown verb after "which"), "with a wool throw" after "reading" read as a verb, "between the window
    and the desk" (deliberate), "has been mounted" (a perfect passive), "that was made by the kids" ("kids" a plural
    modifier), "crossing a trestle bridge over a river" (whose place?).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT34 = [
    # (1) a nurse decorating a children's ward
    ("Paper snowflakes hanging above the hospital beds", "snowflake/2+/paper; hospital bed/2+", "0 hanging above 1"),
    ("A nurse in a pink smock holding a bunch of balloons next to a crib",
     "nurse/1; smock/1/pink; bunch of balloons/1; crib/1", "0 in 1; 0 holding 2; 2 next to 3"),
    ("There are three teddy bears on the windowsill.", "teddy bear/3; windowsill/1", "0 on 1"),
    ("Six paper lanterns hang from the ceiling", "lantern/6/paper; ceiling/1", "0 hanging from 1"),
    ("A little boy in a wheelchair is decorating a paper crown.", "boy/1/little; wheelchair/1; crown/1/paper",
     "0 in 1; 0 decorating 2"),
    ("A string of colorful lights above the playroom door was hung by a young nurse.",
     "string of colorful lights/1; playroom door/1; nurse/1/young", "0 above 1; 2 hanging 0"),
    ("Gold star stickers in the corner of the room", "REFUSE", ""),
    ("A cheerful nurse and a little girl are drawing on a chalkboard",
     "nurse/1/cheerful; girl/1/little; chalkboard/1", "0 drawing on 2; 1 drawing on 2"),
    ("The nurse hands a paper crown to a sleepy boy.", "REFUSE", ""),
    ("a plush elephant beside a vase of sunflowers", "elephant/1/plush; vase of sunflowers/1", "0 next to 1"),
    # (2) a hiker
    ("A wooden footbridge across a rushing stream", "footbridge/1/wooden; stream/1/rushing", "0 across 1"),
    ("Two hikers with red backpacks are resting on a boulder.", "hiker/2; backpack/2+/red; boulder/1",
     "0 with 1; 0 resting on 2"),
    ("A mountain goat stood on the rocky ledge above the trail.", "mountain goat/1; ledge/1/rocky; trail/1",
     "0 standing on 1; 1 above 2"),
    ("my green tent pitched between two pine trees", "tent/1/green; pine tree/2", "0 pitched between 1"),
    ("A lone hiker walks along a narrow ridge", "hiker/1/lone; ridge/1/narrow", "0 walking along 1"),
    ("A mule carrying supplies up a steep trail", "REFUSE", ""),
    ("There is a waterfall behind the old cabin.", "waterfall/1; cabin/1/old", "0 behind 1"),
    ("Four deer grazing in a misty meadow near the lake", "deer/4; meadow/1/misty; lake/1",
     "0 grazing in 1; 1 near 2"),
    ("A trail sign, which points toward the summit, is leaning against a fallen log.",
     "trail sign/1; summit/1; log/1/fallen", "0 pointing toward 1; 0 leaning against 2"),
    ("Fresh snow has settled on 3 tall pines", "snow/1/fresh; pine/3/tall", "0 settling on 1"),
    # (3) a tabletop role-player
    ("A dwarf in heavy plate armor guards a stone door.", "dwarf/1; plate armor/1/heavy; door/1/stone",
     "0 in 1; 0 guarding 2"),
    ("Seven goblins are gathered around a campfire", "goblin/7; campfire/1", "0 gathered around 1"),
    ("An elf archer kneeling behind a mossy boulder", "elf archer/1; boulder/1/mossy", "0 kneeling behind 1"),
    ("A red dragon sleeping on a pile of gold coins", "dragon/1/red; pile of gold coins/1", "0 sleeping on 1"),
    ("The hooded rogue has hidden behind the curtains.", "rogue/1/hooded; curtain/2+", "0 hiding behind 1"),
    ("A skeleton knight with no helmet guarding the crypt door", "REFUSE", ""),
    ("Two wizards are dueling on a bridge over a chasm of lava.", "wizard/2; bridge/1; chasm of lava/1",
     "0 dueling on 1; 1 above 2"),
    ("Three mice scurrying across the tavern floor", "mouse/3; tavern floor/1", "0 scurrying across 1"),
    ("an ogre holding a club stood between the two torches", "ogre/1; club/1; torch/2",
     "0 holding 1; 0 standing between 2"),
    ("A giant spider lurking in a web above the doorway.", "spider/1/giant; web/1; doorway/1",
     "0 lurking in 1; 1 above 2"),
    # (4) an interior designer
    ("A walnut sideboard against a white brick wall", "sideboard/1/walnut; wall/1/white,brick", "0 against 1"),
    ("Two velvet armchairs in front of a marble fireplace.", "armchair/2/velvet; fireplace/1/marble",
     "0 in front of 1"),
    ("A round jute rug lies under the glass coffee table.", "rug/1/round,jute; coffee table/1/glass",
     "0 lying under 1"),
    ("There is a brass floor lamp to the right of the sofa", "floor lamp/1/brass; sofa/1", "0 right of 1"),
    ("Three framed prints are arranged above the linen sofa.", "print/3/framed; sofa/1/linen",
     "0 arranged above 1"),
    ("A cozy reading nook with a wool throw and a stack of books",
     "reading nook/1/cozy; throw/1/wool; stack of books/1", "0 with 1; 0 with 2"),
    ("A ceramic vase placed on the arm of the sofa", "REFUSE", ""),
    ("A tall oak bookshelf, which stands between the window and the desk",
     "bookshelf/1/tall,oak; window/1; desk/1", "0 standing between 1; 0 standing between 2"),
    ("A large mirror has been mounted above the bathroom sink.", "mirror/1/large; bathroom sink/1",
     "0 mounted above 1"),
    ("small square planters on the floating shelves", "planter/2+/small,square; shelf/2+/floating", "0 on 1"),
    # (5) a farmer
    ("A red barn next to a tall silo", "barn/1/red; silo/1/tall", "0 next to 1"),
    ("Eight sheep grazing on the hillside.", "sheep/8; hillside/1", "0 grazing on 1"),
    ("A farmer in a straw hat is milking a brown cow.", "farmer/1; hat/1/straw; cow/1/brown",
     "0 in 1; 0 milking 2"),
    ("Two oxen are pulling a wooden plow", "ox/2; plow/1/wooden", "0 pulling 1"),
    ("5 hens pecking around the henhouse", "hen/5; henhouse/1", "0 pecking around 1"),
    ("The farmer tosses a bale of hay into the trough.", "REFUSE", ""),
    ("An old tractor parked beside a pile of pumpkins", "tractor/1/old; pile of pumpkins/1", "0 parked beside 1"),
    ("Three piglets and a barn cat under the rusty wagon", "piglet/3; barn cat/1; wagon/1/rusty",
     "0 under 2; 1 under 2"),
    ("A scarecrow that was made by the kids stands in the cornfield.", "scarecrow/1; kid/2+; cornfield/1",
     "1 making 0; 0 standing in 2"),
    ("The rooster on top of the fence post is crowing", "rooster/1/crowing; fence post/1", "0 on top of 1"),
    # (6) a music teacher
    ("A violin resting on a music stand beside a tall window", "violin/1; music stand/1; window/1/tall",
     "0 resting on 1; 1 next to 2"),
    ("Four children are playing recorders.", "child/4; recorder/2+", "0 playing 1"),
    ("The students have gathered around the old piano", "student/2+; piano/1/old", "0 gathering around 1"),
    ("A smiling teacher at the piano is conducting a choir of children.",
     "teacher/1/smiling; piano/1; choir of children/1", "0 at 1; 0 conducting 2"),
    ("A small girl stands on a stool to reach the piano keys.", "REFUSE", ""),
    ("A drum set is positioned behind a row of metal chairs.", "drum set/1; row of metal chairs/1",
     "0 positioned behind 1"),
    ("2 guitars leaning against the chalkboard, a ukulele on the desk",
     "guitar/2; chalkboard/1; ukulele/1; desk/1", "0 leaning against 1; 2 on 3"),
    ("The sheet music was written by a student who plays the cello.", "sheet music/1; student/1; cello/1",
     "1 writing 0; 1 playing 2"),
    ("A boy with a trumpet stands between two girls holding flutes", "boy/1; trumpet/1; girl/2; flute/2+",
     "0 with 1; 0 standing between 2; 2 holding 3"),
    ("metronomes ticking on a shelf above the piano", "metronome/2+; shelf/1; piano/1",
     "0 ticking on 1; 1 above 2"),
    # (7) a pet groomer
    ("A nervous fluffy poodle on the grooming table", "poodle/1/nervous,fluffy; grooming table/1", "0 on 1"),
    ("A pomeranian is being brushed by a groomer in a blue apron.", "pomeranian/1; groomer/1; apron/1/blue",
     "1 brushing 0; 1 in 2"),
    ("Three wet puppies wrapped in towels", "puppy/3/wet; towel/2+", "0 wrapped in 1"),
    ("A pink bow tied on the terrier's ear", "REFUSE", ""),
    ("The groomer is trimming a shaggy sheepdog.", "groomer/1; sheepdog/1/shaggy", "0 trimming 1"),
    ("Two cats waited in a wire crate near the door.", "cat/2; crate/1/wire; door/1", "0 waiting in 1; 1 near 2"),
    ("a golden retriever sitting in a metal tub filled with bubbles",
     "golden retriever/1; tub/1/metal; bubble/2+", "0 sitting in 1; 1 filled with 2"),
    ("There are 4 dog collars hanging on a hook by the counter", "dog collar/4; hook/1; counter/1",
     "0 hanging on 1; 1 next to 2"),
    ("The dachshund that was bathed by the new groomer is shivering.", "dachshund/1/shivering; groomer/1/new",
     "1 bathing 0"),
    ("A basket of tennis balls below the grooming table", "basket of tennis balls/1; grooming table/1",
     "0 below 1"),
    # (8) a model-train hobbyist
    ("A steam locomotive pulling five freight cars", "steam locomotive/1; freight car/5", "0 pulling 1"),
    ("The train is crossing a trestle bridge over a river.", "train/1; trestle bridge/1; river/1",
     "0 crossing 1; 1 above 2"),
    ("The tiny station house is to the left of the crossing gate", "station house/1/tiny; crossing gate/1",
     "0 left of 1"),
    ("Eight tiny passengers are waiting on the platform.", "passenger/8/tiny; platform/1", "0 waiting on 1"),
    ("My son lifts the red caboose off the track.", "REFUSE", ""),
    ("A plastic water tower taller than the engine shed", "REFUSE", ""),
    ("A diesel engine is rushing through a tunnel in the mountain.", "diesel engine/1; tunnel/1; mountain/1",
     "0 rushing through 1; 1 in 2"),
    ("Felt pine trees are glued around the tiny lake", "pine tree/2+/felt; lake/1/tiny", "0 glued around 1"),
    ("A water tower, a coal bunker and a signal box beside the rail yard",
     "water tower/1; coal bunker/1; signal box/1; rail yard/1", "0 next to 3; 1 next to 3; 2 next to 3"),
    ("The miniature church was painted by my father.", "church/1/miniature; father/1", "1 painting 0"),
]

if __name__ == "__main__":
    score(HELD_OUT34, "held-out (34)")
