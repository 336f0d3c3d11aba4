"""bench/csg_heldout40.py: the fortieth held-out set of natural prompts for cast_csg's rules (issue 19).

80 prompts that a new user might write for compositional text-to-image training. Each row gives the reading a
careful person would. The set was written blind by a helper that never saw the rules, their tests or their
history, never ran the parser, and kept the file outside the repository. It must never be used to change the
rules. It was written as eight different people, ten prompts each, each in their own voice: a kindergarten
teacher, a fisherman, a theme-park designer, a vintage-shop owner, a cyclist, a cat owner, a chess coach and a
gardener in winter.

Styles: short captions and noun phrases (some with a participle or a relative clause after the noun); sentences
with finite verbs (present, progressive, past "landed", "climbed", and perfect "has stopped", "has knocked over");
copulas ("The litter box is to the left of the washing machine.") and "There is/are/There's"; passives with "by"
("was made by", "were caught by", "surrounded by", "was owned by", "was captured by", "was built by"); participles
("tied to", "stacked beside", "pinned to", "locked to", "parked under", "perched on", "filled with"); relative
clauses with "which", "that" and "who"; "of" nouns ("a bucket of bait", "a pair of leather boots", "a crowd of
tourists", "a ball of yarn", "a patch of sunlight", "a cup of coffee"); "with Y on it"; lists of subjects sharing a
relation; counts one to eight as words or digits, with irregular plurals ("geese", "fish", "men", "children",
"mice"); colors, materials, sizes, shapes ("round", "oval", "square"), textures ("fuzzy", "fluffy", "dusty",
"rusty") and moods ("happy", "grumpy", "sleepy", "nervous"); the spatial relations left of, right of, above, over,
below, beneath, under, on, on top of, in, in front of, behind, next to, beside, near, between (with one and with two
objects), at, around, along, across, through, against, outside, toward; one "A photo of" frame. Some prompts are
capitalized and end with a period, some do not.

Shorthand and scoring as in bench/csg_heldout.py. Objects are written "noun/count/attribute,..." (nouns singular and
lower case; "2+" is a bare plural). Relations are written "subject value target", using object indices, in the
order the prompt states them. "REFUSE" marks a prompt whose meaning the atoms cannot state; for those rows a
refusal is the right answer. 10 of the 80 rows are marked REFUSE: a part or region "of" something ("at the end of
the jetty", "from the top of the ferris wheel"), a possessive body part ("asleep on my lap"), a verb's second
object ("reading a picture book to six children"), a source ("pulls a big trout out of the river"), a path
("pushes her bike up a steep hill"), a destination ("carries a box of chess pieces to his car"), a purpose ("to
keep them warm"), a negation ("with no knobs") and a comparison ("taller than the castle").

Conventions, following bench/csg_heldout15.py, with the additions marked (new):
  - A bare spatial preposition reads as the atoms' canonical relation: "left of", "right of"; "above" (above,
    over); "below" (below, beneath); "under" (under, underneath); "on top of" (on top of, atop); "on"; "in" (in,
    inside); "in front of"; "behind"; "next to" (next to, beside, a spatial "by"); "near" (near, close to); "at",
    "around", "against", "across", "through", "along", "between", "outside" as written. "between" two different
    things is a list sharing the relation ("between a floor lamp and a bookcase" -> "0 between 1; 0 between 2");
    between a plural is one relation ("between two old men" -> "1 between 2").
  - A verb relation reads as the -ing form and keeps its own preposition ("drifts under" -> "drifting under",
    "splashes through" -> "splashing through", "sits on top of" -> "sitting on top of", "hang on" -> "hanging on",
    "sleeps on" -> "sleeping on", "rides toward" -> "riding toward", "flying over", "crawling across", "waving
    at", "staring at", "hanging from", "stands next to" -> "standing next to"); a past tense alike ("landed on" ->
    "landing on", "climbed" -> "climbing"). A past participle stays as written and keeps its own preposition
    ("tied to", "stacked beside", "pinned to", "locked to", "parked under", "perched on", "filled with").
  - (new) A perfect ("has stopped", "has knocked over") reads like the past, as the -ing form ("The little train
    has stopped in front of the station." -> "0 stopping in front of 1"; "has knocked over his king" -> "0
    knocking over 1").
  - A passive with "by" reads as the active ("A paper kite was made by the kids." -> "1 making 0"; "caught by",
    "owned by", "captured by", "built by" alike; "a haunted mansion surrounded by dead trees" -> "1 surrounding
    0").
  - (new) A relative clause with "which", "that" or "who" reads as the same words without the relative pronoun
    and its copula ("A silver pocket watch which is lying in a jewelry box" -> "0 lying in 1"; "The boy who is
    wearing a red cape" -> "0 wearing 1"; "A tabby kitten that climbed the curtains" -> "0 climbing 1").
  - An intransitive verb with no place is an attribute (none in this set).
  - Colors, materials and sizes (big, large, huge, giant, small, little, tiny, tall, long, low, old; "brass",
    "brick", "clay", "leather", "marble", "metal", "paper", "porcelain", "stone", "tin", "velvet", "walnut",
    "wicker", "wooden", "wool", "glass", "cardboard" as materials) are attributes, in the order they are written.
    (new) So are shapes ("round", "oval", "square"), textures ("fuzzy", "fluffy", "dusty", "rusty"), moods
    ("happy", "grumpy", "sleepy", "nervous", "haunted") and other describing words before a noun ("costumed",
    "fake", "coastal", "vintage", "famous", "frozen", "empty", "bare", "dead", "tabby", "silver", "golden",
    "ginger"). Compound nouns are one noun ("school bus", "teddy bear", "fishing boat", "tackle box", "lobster
    trap", "life jacket", "ferris wheel", "cotton candy stand", "ticket booth", "log ride", "coat rack", "record
    player", "pocket watch", "jewelry box", "rocking chair", "floor lamp", "cork board", "road bike", "water
    bottle", "finish line", "mountain bike", "pine tree", "potted plant", "litter box", "washing machine", "cat
    tree", "chess table", "chess clock", "flower bed", "snow shovel", "garden shed", "tulip bulb", "apple tree",
    "rose bush", "cold frame"). Words inside an "of" noun stay in that noun; "a pair of" is an "of" noun of count 1
    ("pair of leather boots/1"). Possessives are dropped ("my tackle box" -> tackle box, "his king" -> king, "my
    grandfather" -> grandfather, "My cat" -> cat). Mass nouns count 1 ("snow/1", "firewood/1", "soil/1").
  - (new) Irregular plurals are written singular with their count ("Five geese" -> goose/5, "Three fish" ->
    fish/3, "Two men" -> man/2, "three happy children" -> child/3/happy, "two mice" -> mouse/2). "One" and "a"
    count 1; "There is", "There are" and "There's" add nothing.
  - "to the left of" / "to the right of" after a copula -> "left of" / "right of". "in a yellow raincoat" / "in
    the yellow jersey" / "in orange life jackets" is "0 in 1". "A photo of ..." frames add nothing.
  - "X with Y in it" reads as "Y in X"; (new) "X with Y on it" reads as "Y on X" ("A walnut dresser with a brass
    lamp on it" -> "1 on 0"; "A cat tree with two sleepy cats on it" -> "1 on 0").
  - Lists that share a relation give one relation per list member ("0 in 2; 1 in 2"; "0 on 2; 1 on 2"; "0
    sitting at 2; 1 sitting at 2").
  - A plain thing after a verb's object goes to the object ("painting a big rainbow on an easel" -> "1 on 2";
    "watching two mice behind the fridge" -> "1 behind 2"; "staring at a goldfish in a glass bowl" -> "1 in 2").
    A place after the object of a preposition, participle or passive "by" attaches to that object, the nearest one
    ("hang on hooks beside an oval mirror" -> "1 next to 2"; "playing with a ball of yarn under the sofa" -> "1
    under 2"; "sleeps on a windowsill next to a potted plant" -> "1 next to 2"; "locked to a rusty metal rack
    outside a cafe" -> "1 outside 2"; "rides toward a small village on a hill" -> "1 on 2"; "caught by a boy on
    the pier" -> "1 on 2"; "on a small square table between two old men" -> "1 between 2"; "on a shelf above the
    chessboards" -> "1 above 2"). A place given to the subject before its verb stays the subject's ("The cyclist
    in the yellow jersey is riding through a tunnel." -> "0 in 1; 0 riding through 2"; "A wheelbarrow filled with
    firewood stands next to the shed." -> "0 filled with 1; 0 standing next to 2").

Run:
    python bench/csg_heldout40.py

Measured once (at 739998d, the rules after round 28; written by a helper that never saw the rules or their tests,
kept outside the repository until then, in eight people's voices): 50 of 80 parsed right (62.5%; 50 of the 70
statable rows: 71%), 17 refused (9 of them rows marked REFUSE, so 59 of 80 answered right: 74%), 13 mis-parsed (16%).
  - where a describing word sits (10): "a wicker basket", "a tin box", "a low shelf", "a fake waterfall", "A costumed
    mouse", "a haunted mansion", "a famous writer", "a coastal road", "A tabby kitten", "A nervous boy", "a frozen
    birdbath" (60 of 70 right if these count).
  - real errors (2): "The log ride splashes through a fake waterfall." ("splashes" read as a plural noun, "log ride
    splash"); "A seagull landed on the red buoy" kept as "landed on" (no sentence end, so the participle).
  - a REFUSE row parsed (1): "My ginger cat asleep on my lap" (a body part the subject's owner owns, drawn).
  - refused where the row has a reading (8): "caught by a boy on the pier" (whose place?), "a pair of", "There's"
    (read as a possessive), "watching two mice behind the fridge" (whose place?), two bare plurals before a place
    ("Tulip bulbs beneath", "Bare apple trees along"), "A wheelbarrow filled with firewood stands" ("firewood
    stands"), "The cold frame was built by" ("cold" as weather).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT40 = [
    # a kindergarten teacher
    ("A smiling teacher reading a picture book to six children", "REFUSE", ""),
    ("One red apple and three green apples in a wicker basket", "apple/1/red; apple/3/green; basket/1/wicker",
     "0 in 2; 1 in 2"),
    ("a yellow school bus near the playground", "school bus/1/yellow; playground/1", "0 near 1"),
    ("Two girls are painting a big rainbow on an easel.", "girl/2; rainbow/1/big; easel/1", "0 painting 1; 1 on 2"),
    ("A fuzzy green caterpillar crawling across a paper plate", "caterpillar/1/fuzzy,green; plate/1/paper",
     "0 crawling across 1"),
    ("There are 8 crayons in a tin box.", "crayon/8; box/1/tin", "0 in 1"),
    ("The boy who is wearing a red cape is standing on a chair", "boy/1; cape/1/red; chair/1",
     "0 wearing 1; 0 standing on 2"),
    ("Four wooden blocks and a teddy bear on a low shelf", "block/4/wooden; teddy bear/1; shelf/1/low",
     "0 on 2; 1 on 2"),
    ("A paper kite was made by the kids.", "kite/1/paper; kid/2+", "1 making 0"),
    ("three happy children dancing around a tree", "child/3/happy; tree/1", "0 dancing around 1"),
    # a fisherman
    ("Five geese flying over the harbor", "goose/5; harbor/1", "0 flying over 1"),
    ("Two fishing boats tied to a wooden dock.", "fishing boat/2; dock/1/wooden", "0 tied to 1"),
    ("A seagull landed on the red buoy", "seagull/1; buoy/1/red", "0 landing on 1"),
    ("The fisherman pulls a big trout out of the river.", "REFUSE", ""),
    ("a bucket of bait next to my tackle box", "bucket of bait/1; tackle box/1", "0 next to 1"),
    ("Three fish were caught by a boy on the pier.", "fish/3; boy/1; pier/1", "1 catching 0; 1 on 2"),
    ("A gray heron standing at the end of the jetty", "REFUSE", ""),
    ("Six lobster traps stacked beside the shed", "lobster trap/6; shed/1", "0 stacked beside 1"),
    ("A small rowboat drifts under an old stone bridge.", "rowboat/1/small; bridge/1/old,stone",
     "0 drifting under 1"),
    ("Two men in orange life jackets are mending a net", "man/2; life jacket/2+/orange; net/1",
     "0 in 1; 0 mending 2"),
    # a theme-park designer
    ("A giant ferris wheel behind the carousel", "ferris wheel/1/giant; carousel/1", "0 behind 1"),
    ("Kids waving from the top of the ferris wheel", "REFUSE", ""),
    ("A red roller coaster that is taller than the castle", "REFUSE", ""),
    ("A pink cotton candy stand next to a ticket booth.", "cotton candy stand/1/pink; ticket booth/1",
     "0 next to 1"),
    ("Four teacups spinning on a round platform", "teacup/4; platform/1/round", "0 spinning on 1"),
    ("The log ride splashes through a fake waterfall.", "log ride/1; waterfall/1/fake", "0 splashing through 1"),
    ("A costumed mouse is waving at a crowd of tourists", "mouse/1/costumed; crowd of tourists/1",
     "0 waving at 1"),
    ("There are three golden horses and a white swan on the carousel.",
     "horse/3/golden; swan/1/white; carousel/1", "0 on 2; 1 on 2"),
    ("a haunted mansion surrounded by dead trees", "mansion/1/haunted; tree/2+/dead", "1 surrounding 0"),
    ("The little train has stopped in front of the station.", "train/1/little; station/1",
     "0 stopping in front of 1"),
    # a vintage-shop owner
    ("A walnut dresser with a brass lamp on it", "dresser/1/walnut; lamp/1/brass", "1 on 0"),
    ("an old radio with no knobs", "REFUSE", ""),
    ("A pair of leather boots under the coat rack.", "pair of leather boots/1; coat rack/1", "0 under 1"),
    ("Three velvet hats hang on hooks beside an oval mirror.", "hat/3/velvet; hook/2+; mirror/1/oval",
     "0 hanging on 1; 1 next to 2"),
    ("A record player sits on top of a green suitcase", "record player/1; suitcase/1/green",
     "0 sitting on top of 1"),
    ("Seven porcelain dolls sitting on a velvet sofa", "doll/7/porcelain; sofa/1/velvet", "0 sitting on 1"),
    ("A dusty typewriter that was owned by a famous writer.", "typewriter/1/dusty; writer/1/famous", "1 owning 0"),
    ("A silver pocket watch which is lying in a jewelry box", "pocket watch/1/silver; jewelry box/1",
     "0 lying in 1"),
    ("There's a rocking chair between a floor lamp and a bookcase.", "rocking chair/1; floor lamp/1; bookcase/1",
     "0 between 1; 0 between 2"),
    ("vintage postcards pinned to a cork board", "postcard/2+/vintage; cork board/1", "0 pinned to 1"),
    # a cyclist
    ("A red road bike leaning against a brick wall", "road bike/1/red; wall/1/brick", "0 leaning against 1"),
    ("A woman pushes her bike up a steep hill.", "REFUSE", ""),
    ("6 cyclists racing along a coastal road", "cyclist/6; road/1/coastal", "0 racing along 1"),
    ("A helmet and a water bottle on a wooden bench.", "helmet/1; water bottle/1; bench/1/wooden",
     "0 on 2; 1 on 2"),
    ("The cyclist in the yellow jersey is riding through a tunnel.", "cyclist/1; jersey/1/yellow; tunnel/1",
     "0 in 1; 0 riding through 2"),
    ("Bikes locked to a rusty metal rack outside a cafe", "bike/2+; rack/1/rusty,metal; cafe/1",
     "0 locked to 1; 1 outside 2"),
    ("A huge rainbow over the finish line", "rainbow/1/huge; finish line/1", "0 above 1"),
    ("two mountain bikes parked under a pine tree", "mountain bike/2; pine tree/1", "0 parked under 1"),
    ("The peloton rides toward a small village on a hill.", "peloton/1; village/1/small; hill/1",
     "0 riding toward 1; 1 on 2"),
    ("A boy on a blue tricycle is chasing a pigeon", "boy/1; tricycle/1/blue; pigeon/1", "0 on 1; 0 chasing 2"),
    # a cat owner
    ("My ginger cat asleep on my lap", "REFUSE", ""),
    ("A black cat watching two mice behind the fridge", "cat/1/black; mouse/2; fridge/1",
     "0 watching 1; 1 behind 2"),
    ("Two kittens are playing with a ball of yarn under the sofa.", "kitten/2; ball of yarn/1; sofa/1",
     "0 playing with 1; 1 under 2"),
    ("A fluffy white cat sleeps on a windowsill next to a potted plant.",
     "cat/1/fluffy,white; windowsill/1; potted plant/1", "0 sleeping on 1; 1 next to 2"),
    ("a grumpy gray cat wearing a tiny crown", "cat/1/grumpy,gray; crown/1/tiny", "0 wearing 1"),
    ("My cat is staring at a goldfish in a glass bowl.", "cat/1; goldfish/1; bowl/1/glass",
     "0 staring at 1; 1 in 2"),
    ("A photo of three cats lying in a patch of sunlight", "cat/3; patch of sunlight/1", "0 lying in 1"),
    ("A tabby kitten that climbed the curtains", "kitten/1/tabby; curtain/2+", "0 climbing 1"),
    ("The litter box is to the left of the washing machine.", "litter box/1; washing machine/1", "0 left of 1"),
    ("A cat tree with two sleepy cats on it", "cat tree/1; cat/2/sleepy", "1 on 0"),
    # a chess coach
    ("A wooden chessboard on a small square table between two old men",
     "chessboard/1/wooden; table/1/small,square; man/2/old", "0 on 1; 1 between 2"),
    ("The white rook is to the right of the black queen.", "rook/1/white; queen/1/black", "0 right of 1"),
    ("Eight black pawns on a marble board", "pawn/8/black; board/1/marble", "0 on 1"),
    ("A coach carries a box of chess pieces to his car.", "REFUSE", ""),
    ("A boy and a girl sitting at a chess table", "boy/1; girl/1; chess table/1", "0 sitting at 2; 1 sitting at 2"),
    ("a chess clock next to a cup of coffee", "chess clock/1; cup of coffee/1", "0 next to 1"),
    ("The black bishop was captured by a white knight.", "bishop/1/black; knight/1/white", "1 capturing 0"),
    ("An old coach who is pointing at the board", "coach/1/old; board/1", "0 pointing at 1"),
    ("There are three trophies on a shelf above the chessboards", "trophy/3; shelf/1; chessboard/2+",
     "0 on 1; 1 above 2"),
    ("A nervous boy has knocked over his king.", "boy/1/nervous; king/1", "0 knocking over 1"),
    # a gardener in winter
    ("Snow covers the empty flower beds.", "snow/1; flower bed/2+/empty", "0 covering 1"),
    ("A robin perched on a frozen birdbath", "robin/1; birdbath/1/frozen", "0 perched on 1"),
    ("I wrapped the roses in burlap to keep them warm", "REFUSE", ""),
    ("a snow shovel leaning against the garden shed", "snow shovel/1; garden shed/1", "0 leaning against 1"),
    ("Tulip bulbs beneath the frozen soil", "tulip bulb/2+; soil/1/frozen", "0 below 1"),
    ("Bare apple trees along a stone wall", "apple tree/2+/bare; wall/1/stone", "0 along 1"),
    ("A wheelbarrow filled with firewood stands next to the shed.", "wheelbarrow/1; firewood/1; shed/1",
     "0 filled with 1; 0 standing next to 2"),
    ("Long icicles hanging from a gutter", "icicle/2+/long; gutter/1", "0 hanging from 1"),
    ("An old gardener in a wool scarf is pruning a rose bush.", "gardener/1/old; scarf/1/wool; rose bush/1",
     "0 in 1; 0 pruning 2"),
    ("The cold frame was built by my grandfather", "cold frame/1; grandfather/1", "1 building 0"),
]

if __name__ == "__main__":
    score(HELD_OUT40, "held-out (40)")
