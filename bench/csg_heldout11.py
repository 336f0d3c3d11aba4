"""bench/csg_heldout11.py: the eleventh held-out set of natural prompts for cast_csg's rules (issue 19).

80 prompts that a new user might write for compositional text-to-image training. Each row gives the reading a
careful person would. The set was written blind by a helper that never saw the rules, their tests or their
history, never ran the parser, and kept the file outside the repository. It must never be used to change the
rules. Domains, none of them used in sets 8, 9 and 10: laundromats, aquariums, construction sites, bakeries, zoos,
surf beaches, tailors' shops, hospital rooms, chess clubs, bus stops, pottery studios, garage sales, libraries, ice
rinks, pet shops, bike repair shops. Five prompts per domain.

Styles: short noun phrases (about a quarter of the rows); sentences with finite verbs (present, progressive, past
and past progressive; transitive and intransitive; irregular pasts "lay", "sat", "wore", "clung"); copulas ("The lamp
between the two armchairs is tall and green.", "The chess clock is to the right of the board.", "The three puppies
in the window are sleeping.") and "There are"; passives with "by" ("were decorated by", "was repaired by", "is
being driven by"); participles ("stuck in", "perched on", "filled with", "is parked behind", "is posted on", "are
locked to", "are spread on"); relative clauses ("who is", "who wore", "that was"); "of" nouns ("a pair of
scissors", "a roll of blue fabric", "a spool of red thread", "6 loaves of bread", "four pairs of skates", "a stack
of tires", "a lump of clay"); lists of subjects sharing a verb or place ("A bulldozer and a dump truck wait near
the gate.", "A small boy and his dad are skating.") and lists of objects of one verb or preposition ("holding an
umbrella and a newspaper", "in orange vests and white hard hats"); two clauses joined by "and"; counts 1 to 8 as
words or digits, with irregular plurals ("people", "children", "clownfish", "jellyfish", "goldfish", "loaves",
"bookshelves"); colors, materials and sizes; the spatial relations left of, right of, above, over, beneath, under,
underneath, on top of, atop, on, in, inside, outside, in front of, behind, next to, beside, by, near, at, among,
around, along, against, between, toward; and three "A photo of" / "A painting of" frames.

Shorthand and scoring as in bench/csg_heldout.py. Objects are written "noun/count/attribute,..." (nouns singular and
lower case; "2+" is a bare plural). Relations are written "subject value target", using object indices, in the
order the prompt states them. "REFUSE" marks a prompt whose meaning the atoms cannot state; for those rows a
refusal is the right answer. 10 of the 80 rows are marked REFUSE: a part or region "of" something ("the glass of
the shark tank", "the edge of the hospital bed"), a verb's second object or path ("feeds fish to a sea lion",
"selling an old lamp to a young couple", "pulling a tray of croissants out of the brick oven", "dipping a vase
into a bucket of glaze"), a purpose ("to reach the roof"), a time clause ("while his shirts spin in the washer"),
a negation ("with no dress on it") and a comparison ("bigger than the chessboard").

Conventions, following bench/csg_heldout10.py:
  - A bare spatial preposition reads as the atoms' canonical relation: "left of", "right of"; "above" (above,
    over); "below" (below, beneath); "under" (under, underneath); "on top of" (on top of, atop); "on"; "in" (in,
    inside); "in front of"; "behind"; "next to" (next to, beside, a spatial "by"); "near" (near, close to); "at",
    "around", "against", "across", "through", "along", "between", "outside" as written. "full of" -> "1 in 0".
  - A verb relation reads as the -ing form and keeps its own preposition ("towers over" -> "towering over", "stand
    by" -> "standing by", "sits atop" -> "sitting atop", "hide among" -> "hiding among", "clung to" -> "clinging
    to", "lay in" -> "lying in", "sat on" -> "sitting on"). A past participle stays as written ("stuck in",
    "perched on", "filled with", "parked behind", "posted on", "locked to", "spread on").
  - A passive with "by" reads as the active ("Eight cupcakes were decorated by a little girl." -> "1 decorating
    0"; "repaired by", "being driven by" alike).
  - An intransitive verb with no place is an attribute ("The three puppies in the window are sleeping." ->
    puppy/3/sleeping; "A small boy and his dad are skating." -> boy/1/small,skating; dad/1/skating).
  - Colors, materials and sizes (tall, huge, big, small, little, long, old, young) are attributes, in the order
    they are written ("red and white" -> red,white; "tall and green" -> tall,green). Compound nouns are one noun
    ("washing machine", "laundry basket", "shark tank", "hard hat", "dump truck", "cement mixer", "pickup truck",
    "birthday cake", "display case", "polar bear", "lifeguard tower", "beach umbrella", "sewing machine",
    "hospital bed", "heart monitor", "chess clock", "bus stop", "bus shelter", "bus schedule", "pottery wheel",
    "comic book", "board game", "folding table", "rocking chair", "hockey player", "heat lamp"). Words inside an
    "of" noun stay in that noun ("roll of blue fabric", "pair of pink slippers"). Possessives are dropped ("his
    dad" -> dad).
  - "to the left of" / "left of" after a copula or with no verb -> "left of"; the same for right of.
  - "in a black wetsuit" is "0 in 1". "A photo of ..." / "A painting of ..." frames add nothing.
  - Lists that share a relation give one relation per list member ("0 next to 2; 1 next to 2"; "holding an
    umbrella and a newspaper" -> "0 holding 1; 0 holding 2").
  - A scene or place (beach) after a verb's object goes to the subject ("waxing her surfboard on the beach" -> "0
    on 3"). A plain thing after a verb's object goes to the object ("folding towels on a long table" -> "1 on 2";
    "reads a book beneath a tall window" -> "1 below 2"; "stacks books on a cart" -> "1 on 2"). A place after the
    object of a preposition or participle attaches to that object, the nearest one ("sat on the bench under a
    glass roof" -> "1 under 2"; "locked to a rack outside the shop" -> "1 outside 2"; "next to a white queen on
    the chessboard" -> "1 on 2").

Run:
    python bench/csg_heldout11.py          # the counts, then every refusal and mis-parse

Measured once (at e55502a, the rules after round 9; written by a helper that never saw the rules or their tests,
kept outside the repository until then): 62 of 80 parsed right (78%; 62 of the 70 statable rows: 89%), 13 refused
(9 of them rows marked REFUSE, so 71 of 80 answered right: 89%), 5 mis-parsed (6%).
  - real errors (3 rows): a list after a preposition or before one kept for one member only ("in orange vests and
    white hard hats": the hats not worn; "Balloons and flowers beside a hospital bed": only the flowers beside it,
    where "cats and dogs on a sofa" gives both); "Four kids crowd around a chessboard." ("kids crowd" one noun).
  - whose place (1): "reads a book beneath a tall window" gives the window to the student; the row, by the
    sets' convention (a plain thing after a verb's object goes to the object), to the book.
  - a REFUSE row parsed (1): "A man reads a magazine while his shirts spin in the washer." read as two clauses
    (the man reading, the shirts spinning in the washer), which states the picture; the row refuses the time clause.
  - refused where the row has a reading (4): "a pair of scissors" and "a pair of pink slippers" (not an exact
    count), "folding towels on a long table" and "shapes a clay bowl on a pottery wheel" (whose place).
After round 10 (diagnostic only: the rules fixed for the causes above by general rules with their own tests): 64 right
(80%), 14 refused (9 marked REFUSE; "in orange vests and white hard hats" is refused: a caption's place then more
phrases could be its targets or more things, as in "a cat on a mat and a dog"), 2 mis-parsed: the REFUSE row read as
two clauses, and "reads a book beneath a
tall window", left to the student: set 4 writes "reading a book under a big oak tree" and "plays a saxophone under a
lamppost" as the subject's, and no rule tells a window from a tree or a lamppost, so the row's reading stays a mis-parse.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT11 = [
    # laundromat
    ("Two white washing machines next to a blue dryer", "washing machine/2/white; dryer/1/blue", "0 next to 1"),
    ("A woman is folding towels on a long table.", "woman/1; towel/2+; table/1/long", "0 folding 1; 1 on 2"),
    ("A laundry basket full of socks sits on top of a washing machine.",
     "laundry basket/1; sock/2+; washing machine/1", "1 in 0; 0 sitting on top of 2"),
    ("A photo of a gray cat sleeping inside a dryer", "cat/1/gray; dryer/1", "0 sleeping inside 1"),
    ("A man reads a magazine while his shirts spin in the washer.", "REFUSE", ""),
    # aquarium
    ("A huge shark swims above a tunnel full of visitors.", "shark/1/huge; tunnel/1; visitor/2+",
     "0 swimming above 1; 2 in 1"),
    ("Five orange clownfish hide among the pink anemones.", "clownfish/5/orange; anemone/2+/pink",
     "0 hiding among 1"),
    ("A little boy presses his nose against the glass of the shark tank.", "REFUSE", ""),
    ("two jellyfish glowing in a blue tank", "jellyfish/2; tank/1/blue", "0 glowing in 1"),
    ("A diver in a black wetsuit feeds the stingrays", "diver/1; wetsuit/1/black; stingray/2+",
     "0 in 1; 0 feeding 2"),
    # construction site
    ("A tall yellow crane towers over the brick building.", "crane/1/tall,yellow; building/1/brick",
     "0 towering over 1"),
    ("Three workers in orange vests and white hard hats", "worker/3; vest/2+/orange; hard hat/2+/white",
     "0 in 1; 0 in 2"),
    ("A bulldozer and a dump truck wait near the gate.", "bulldozer/1; dump truck/1; gate/1",
     "0 waiting near 2; 1 waiting near 2"),
    ("The cement mixer is parked behind a red pickup truck.", "cement mixer/1; pickup truck/1/red",
     "0 parked behind 1"),
    ("A worker climbs a ladder to reach the roof.", "REFUSE", ""),
    # bakery
    ("6 loaves of bread on a wooden shelf", "loaf of bread/6; shelf/1/wooden", "0 on 1"),
    ("A baker is pulling a tray of croissants out of the brick oven.", "REFUSE", ""),
    ("The pink birthday cake sits inside a glass display case.", "birthday cake/1/pink; display case/1/glass",
     "0 sitting inside 1"),
    ("two bakers in white aprons are kneading dough", "baker/2; apron/2+/white; dough/1", "0 in 1; 0 kneading 2"),
    ("Eight cupcakes were decorated by a little girl.", "cupcake/8; girl/1/little", "1 decorating 0"),
    # zoo
    ("A zookeeper feeds fish to a sea lion.", "REFUSE", ""),
    ("An orange tiger paces along a tall fence.", "tiger/1/orange; fence/1/tall", "0 pacing along 1"),
    ("A polar bear swimming in a pool", "polar bear/1; pool/1", "0 swimming in 1"),
    ("The children watched a gorilla that was eating a banana.", "child/2+; gorilla/1; banana/1",
     "0 watching 1; 1 eating 2"),
    ("There are three pink flamingos beside a small pond.", "flamingo/3/pink; pond/1/small", "0 next to 1"),
    # surf beach
    ("A surfer paddles toward a big wave.", "surfer/1; wave/1/big", "0 paddling toward 1"),
    ("4 surfboards leaning against a lifeguard tower", "surfboard/4; lifeguard tower/1", "0 leaning against 1"),
    ("A girl in a yellow wetsuit is waxing her surfboard on the beach.",
     "girl/1; wetsuit/1/yellow; surfboard/1; beach/1", "0 in 1; 0 waxing 2; 0 on 3"),
    ("A painting of two seagulls flying over the waves", "seagull/2; wave/2+", "0 flying over 1"),
    ("a red and white beach umbrella stuck in the sand", "beach umbrella/1/red,white; sand/1", "0 stuck in 1"),
    # tailor's shop
    ("The tailor is measuring a young man.", "tailor/1; man/1/young", "0 measuring 1"),
    ("A pair of scissors lying on a roll of blue fabric", "pair of scissors/1; roll of blue fabric/1",
     "0 lying on 1"),
    ("Two mannequins wearing black suits stand by the window.", "mannequin/2; suit/2+/black; window/1",
     "0 wearing 1; 0 standing by 2"),
    ("An old sewing machine sits on a wooden table next to a spool of red thread.",
     "sewing machine/1/old; table/1/wooden; spool of red thread/1", "0 sitting on 1; 1 next to 2"),
    ("A dress form with no dress on it", "REFUSE", ""),
    # hospital room
    ("An old man lay in a hospital bed.", "man/1/old; hospital bed/1", "0 lying in 1"),
    ("A nurse who is wearing a blue uniform checks the heart monitor.",
     "nurse/1; uniform/1/blue; heart monitor/1", "0 wearing 1; 0 checking 2"),
    ("Balloons and flowers beside a hospital bed", "balloon/2+; flower/2+; hospital bed/1",
     "0 next to 2; 1 next to 2"),
    ("A pair of pink slippers is underneath the bed.", "pair of pink slippers/1; bed/1", "0 under 1"),
    ("A young doctor sits on the edge of the hospital bed.", "REFUSE", ""),
    # chess club
    ("Four kids crowd around a chessboard.", "kid/4; chessboard/1", "0 crowding around 1"),
    ("A black knight stands next to a white queen on the chessboard.",
     "knight/1/black; queen/1/white; chessboard/1", "0 standing next to 1; 1 on 2"),
    ("A girl in a green sweater moved her bishop.", "girl/1; sweater/1/green; bishop/1", "0 in 1; 0 moving 2"),
    ("The chess clock is to the right of the board.", "chess clock/1; board/1", "0 right of 1"),
    ("The silver trophy on the shelf is bigger than the chessboard.", "REFUSE", ""),
    # bus stop
    ("Three people waiting at a bus stop", "person/3; bus stop/1", "0 waiting at 1"),
    ("A red bus stops in front of a bus shelter.", "bus/1/red; bus shelter/1", "0 stopping in front of 1"),
    ("An old woman sat on the bench under a glass roof", "woman/1/old; bench/1; roof/1/glass",
     "0 sitting on 1; 1 under 2"),
    ("A man holding an umbrella and a newspaper", "man/1; umbrella/1; newspaper/1", "0 holding 1; 0 holding 2"),
    ("A bus schedule is posted on a metal pole beside the bench.", "bus schedule/1; pole/1/metal; bench/1",
     "0 posted on 1; 1 next to 2"),
    # pottery studio
    ("A woman shapes a clay bowl on a pottery wheel.", "woman/1; bowl/1/clay; pottery wheel/1",
     "0 shaping 1; 1 on 2"),
    ("Seven blue vases are drying on a wooden shelf.", "vase/7/blue; shelf/1/wooden", "0 drying on 1"),
    ("a lump of clay to the left of a bucket of water", "lump of clay/1; bucket of water/1", "0 left of 1"),
    ("The teacher who wore a brown apron glazed three mugs.", "teacher/1; apron/1/brown; mug/3",
     "0 wearing 1; 0 glazing 2"),
    ("A potter dipping a vase into a bucket of glaze", "REFUSE", ""),
    # garage sale
    ("Comic books and board games are spread on a blue blanket.", "comic book/2+; board game/2+; blanket/1/blue",
     "0 spread on 2; 1 spread on 2"),
    ("A man is selling an old lamp to a young couple.", "REFUSE", ""),
    ("The lamp between the two armchairs is tall and green.", "lamp/1/tall,green; armchair/2", "0 between 1"),
    ("A cardboard box full of records sits behind a folding table.", "box/1/cardboard; record/2+; folding table/1",
     "1 in 0; 0 sitting behind 2"),
    ("A photo of a rocking chair and a lamp on the lawn", "rocking chair/1; lamp/1; lawn/1", "0 on 2; 1 on 2"),
    # library
    ("A student reads a book beneath a tall window.", "student/1; book/1; window/1/tall", "0 reading 1; 1 below 2"),
    ("Tall bookshelves filled with old books", "bookshelf/2+/tall; book/2+/old", "0 filled with 1"),
    ("a librarian stacks books on a cart", "librarian/1; book/2+; cart/1", "0 stacking 1; 1 on 2"),
    ("Two kids sitting on a green beanbag", "kid/2; beanbag/1/green", "0 sitting on 1"),
    ("A brass globe sits atop the desk.", "globe/1/brass; desk/1", "0 sitting atop 1"),
    # ice rink
    ("A small boy and his dad are skating.", "boy/1/small,skating; dad/1/skating", ""),
    ("Hockey players chased a black puck.", "hockey player/2+; puck/1/black", "0 chasing 1"),
    ("A little boy clung to a plastic penguin.", "boy/1/little; penguin/1/plastic", "0 clinging to 1"),
    ("The Zamboni is being driven by an old man.", "zamboni/1; man/1/old", "1 driving 0"),
    ("Four pairs of skates hanging on a wall", "pair of skates/4; wall/1", "0 hanging on 1"),
    # pet shop
    ("Two hamsters are running in a wheel.", "hamster/2; wheel/1", "0 running in 1"),
    ("A green parrot perched on a wooden swing", "parrot/1/green; swing/1/wooden", "0 perched on 1"),
    ("Goldfish swim inside a glass bowl.", "goldfish/2+; bowl/1/glass", "0 swimming inside 1"),
    ("A boy is holding a white rabbit, and his sister is petting a kitten.",
     "boy/1; rabbit/1/white; sister/1; kitten/1", "0 holding 1; 2 petting 3"),
    ("The three puppies in the window are sleeping.", "puppy/3/sleeping; window/1", "0 in 1"),
    # bike repair shop
    ("3 bikes are locked to a rack outside the shop.", "bike/3; rack/1; shop/1", "0 locked to 1; 1 outside 2"),
    ("Wheels hang from hooks on the ceiling", "wheel/2+; hook/2+; ceiling/1", "0 hanging from 1; 1 on 2"),
    ("A red bike was repaired by two young mechanics.", "bike/1/red; mechanic/2/young", "1 repairing 0"),
    ("A clock over the workbench", "clock/1; workbench/1", "0 above 1"),
    ("A helmet rests on top of a stack of tires.", "helmet/1; stack of tires/1", "0 resting on top of 1"),
]

if __name__ == "__main__":
    score(HELD_OUT11, "held-out (11)")
