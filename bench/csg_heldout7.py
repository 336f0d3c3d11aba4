"""bench/csg_heldout7.py: the seventh held-out set of natural prompts for cast_csg's rules (issue 19).

80 prompts that a new user might write for compositional text-to-image training. Each row gives the reading a
careful person would. The set was written blind by a helper that never saw the rules, their tests or their
history, never ran the parser, and kept the file outside the repository. It must never be used to change the
rules. Domains, none of them used in the earlier sets: offices, hospitals, beaches, sports, libraries, construction
sites, weddings, zoos and aquariums, restaurants, space and sci-fi, fantasy, bakeries, laundry, pets at home,
playgrounds, rainy cities. Five prompts per domain.

Styles: short noun phrases (about a quarter of the rows); sentences with finite verbs (present, progressive, past;
transitive and intransitive); copulas ("The menu is red and gold."); passives ("examined by", "hit by",
"surrounded by", "held by"); participles ("parked in", "lined up on"); relative clauses ("who is", "that is"); "of"
nouns ("a cart of books", "three plates of pasta"); lists; counts 1 to 8 as words or digits; colors, materials
and sizes; the spatial relations left of, right of, above, below, on top of, under, behind, in front of, next to,
beside, near, inside; and three "A photo of" frames.

Shorthand and scoring as in bench/csg_heldout.py. Objects are written "noun/count/attribute,..." (nouns singular and
lower case; "2+" is a bare plural). Relations are written "subject value target", using object indices. "REFUSE"
marks a prompt whose meaning the atoms cannot state; for those rows a refusal is the right answer. 10 of the 80 rows
are marked REFUSE: a verb's second object ("hands a folder to an intern", "throw rice at the couple", "pulling a
tray of muffins out of the oven", "turned the frog into a prince"), a part or region "of the" something ("the pulse
of an old man", "the shade of a tree", "the foot of the bed"), an instrument ("with both hands", "with a credit
card"), a purpose ("to lay pipes") and a time clause ("as they leave the church").

Conventions, following bench/csg_heldout6.py:
  - A verb relation reads as the -ing form, with its preposition ("sits at" -> "sitting at", "knocked down" ->
    "knocking down", "rolling out"). A past participle stays as written ("parked in", "lined up on").
  - A passive reads as the active ("X was examined by Y" -> "1 examining 0"; "surrounded by", "held by" alike).
  - An intransitive verb with no place is an attribute ("The streetlight is glowing." -> streetlight/1/glowing).
  - Colors, materials and sizes (tall, large, small, little, tiny, young, old) are attributes, in the order they
    are written. Compound nouns are one noun ("coffee mug", "hard hat", "polar bear", "flower girl", "laundry
    basket"). Words inside an "of" noun stay in that noun ("vase of yellow flowers", "stack of clean towels").
  - "to the left of" / "left of" after a copula or with no verb -> "left of"; the same for right of.
  - "in a gray suit" is "0 in 1". "full of" -> "1 in 0". "A photo of ..." frames add nothing.
  - Lists that share a relation give one relation per list member ("0 on 2; 1 on 2").
  - A scene or place (beach, library, street) after a verb's object goes to the subject ("A boy is flying a red kite
    on the beach" -> "0 on 2"). A plain thing after a verb's object goes to the object ("A mother pushes her son on a
    swing" -> "1 on 2": the son is on the swing). A place after the object of a preposition attaches to that object,
    the nearest one ("sits at a small round table by the window" -> "1 by 2").

Measured once (at fa78d8e, the rules after round 5; written by a helper that never saw the rules or their tests,
kept outside the repository until then): 63 of 80 parsed right (79%), 12 refused (10 of them rows marked REFUSE,
so 73 of 80 answered right: 91%), 5 mis-parsed (6%).
  - real errors (3): "Tall bookshelves" singular read as "bookshelve" (-ves plurals), "a tank full of jellyfish"
    read as one jellyfish (an unchanged plural without an article), "A spaceship was hit by a meteor" ("hit" read as
    an attribute, "by" as next to: a past participle spelled like its base form).
  - relation wording (2): the rules name bare "beside" "next to" and bare "inside" "in" (the atoms' canonical
    relations, as "over" is "above"); the rows keep the preposition as written.
  - refused where the row has a reading (2): "A couple sits at a small round table by the window" ("a couple" is
    read as an inexact count of two; the row makes it one object), "pushes her son on a swing" (whose is the swing: the rules cannot tell
    for this verb).
Issue 19, round 6 (fixes led by this set, so it is no longer held out): 66 right (82%), 11 refused (10 marked
REFUSE), 3 mis-parsed, all wording ("beside", "inside", "by" are "next to", "in", "next to" in the atoms):
"bookshelves", "full of jellyfish", "was hit by" and "a couple sits" now parse.
Issue 19, round 7: 66 right (82%), 11 refused (10 marked REFUSE), 3 mis-parsed: unchanged.

Run:
    python bench/csg_heldout7.py           # the counts, then every refusal and mis-parse
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT7 = [
    # offices
    ("A laptop and a coffee mug on a glass desk", "laptop/1; coffee mug/1; desk/1/glass", "0 on 2; 1 on 2"),
    ("A woman in a gray suit is typing on a keyboard.", "woman/1; suit/1/gray; keyboard/1",
     "0 in 1; 0 typing on 2"),
    ("The office chair is black.", "office chair/1/black", ""),
    ("A whiteboard to the right of the door", "whiteboard/1; door/1", "0 right of 1"),
    ("A manager hands a folder to an intern.", "REFUSE", ""),
    # hospitals
    ("A doctor in a white coat talks to a patient.", "doctor/1; coat/1/white; patient/1",
     "0 in 1; 0 talking to 2"),
    ("Two wheelchairs parked in the hallway", "wheelchair/2; hallway/1", "0 parked in 1"),
    ("A vase of yellow flowers beside a hospital bed", "vase of yellow flowers/1; hospital bed/1", "0 beside 1"),
    ("The patient was examined by a young doctor.", "patient/1; doctor/1/young", "1 examining 0"),
    ("A nurse is checking the pulse of an old man.", "REFUSE", ""),
    # beaches
    ("4 seagulls are standing on a wooden pier.", "seagull/4; pier/1/wooden", "0 standing on 1"),
    ("A boy is flying a red kite on the beach.", "boy/1; kite/1/red; beach/1", "0 flying 1; 0 on 2"),
    ("A photo of a crab hiding under a rock", "crab/1; rock/1", "0 hiding under 1"),
    ("The waves knocked down a sandcastle.", "wave/2+; sandcastle/1", "0 knocking down 1"),
    ("A yellow umbrella and two beach chairs near the water", "umbrella/1/yellow; beach chair/2; water/1",
     "0 near 2; 1 near 2"),
    # sports
    ("A soccer ball in front of the goal", "soccer ball/1; goal/1", "0 in front of 1"),
    ("A basketball player is jumping toward the hoop.", "basketball player/1; hoop/1", "0 jumping toward 1"),
    ("Eight runners are racing on a red track.", "runner/8; track/1/red", "0 racing on 1"),
    ("The baseball bat was leaning against the fence.", "baseball bat/1; fence/1", "0 leaning against 1"),
    ("A goalkeeper catches the ball with both hands.", "REFUSE", ""),
    # libraries
    ("Tall bookshelves surround a round table.", "bookshelf/2+/tall; table/1/round", "0 surrounding 1"),
    ("A green lamp on a wooden reading desk", "lamp/1/green; reading desk/1/wooden", "0 on 1"),
    ("A boy reads a comic book in the library.", "boy/1; comic book/1; library/1", "0 reading 1; 0 in 2"),
    ("Seven dictionaries lined up on a shelf", "dictionary/7; shelf/1", "0 lined up on 1"),
    ("A librarian who is pushing a cart of books", "librarian/1; cart of books/1", "0 pushing 1"),
    # construction sites
    ("A yellow crane lifts a steel beam.", "crane/1/yellow; beam/1/steel", "0 lifting 1"),
    ("A worker in an orange vest is holding a shovel.", "worker/1; vest/1/orange; shovel/1",
     "0 in 1; 0 holding 2"),
    ("Three traffic cones in front of a bulldozer", "traffic cone/3; bulldozer/1", "0 in front of 1"),
    ("The hard hat is white.", "hard hat/1/white", ""),
    ("An excavator is digging a hole to lay pipes.", "REFUSE", ""),
    # weddings
    ("A bride and a groom stand under a white arch.", "bride/1; groom/1; arch/1/white",
     "0 standing under 2; 1 standing under 2"),
    ("A tall wedding cake on a silver stand", "wedding cake/1/tall; stand/1/silver", "0 on 1"),
    ("A basket of rose petals held by a flower girl", "basket of rose petals/1; flower girl/1", "1 holding 0"),
    ("A photo of a ring box on a velvet pillow", "ring box/1; pillow/1/velvet", "0 on 1"),
    ("Guests throw rice at the couple as they leave the church.", "REFUSE", ""),
    # zoos and aquariums
    ("Two divers swim below a shark.", "diver/2; shark/1", "0 swimming below 1"),
    ("Two polar bears are sleeping on a large rock.", "polar bear/2; rock/1/large", "0 sleeping on 1"),
    ("A tiny clownfish hides inside a pink anemone.", "clownfish/1/tiny; anemone/1/pink", "0 hiding inside 1"),
    ("A tall glass tank full of jellyfish", "tank/1/tall,glass; jellyfish/2+", "1 in 0"),
    ("The lion is lying in the shade of a tree.", "REFUSE", ""),
    # restaurants
    ("A waiter is carrying three plates of pasta.", "waiter/1; plate of pasta/3", "0 carrying 1"),
    ("A bowl of soup next to a basket of bread", "bowl of soup/1; basket of bread/1", "0 next to 1"),
    ("A couple sits at a small round table by the window.", "couple/1; table/1/small,round; window/1",
     "0 sitting at 1; 1 by 2"),
    ("The menu is red and gold.", "menu/1/red,gold", ""),
    ("A man is paying the bill with a credit card.", "REFUSE", ""),
    # space and sci-fi
    ("An astronaut floating next to a space station", "astronaut/1; space station/1", "0 floating next to 1"),
    ("A silver rocket stands on the launch pad.", "rocket/1/silver; launch pad/1", "0 standing on 1"),
    ("Two moons above a red desert", "moon/2; desert/1/red", "0 above 1"),
    ("A spaceship was hit by a meteor.", "spaceship/1; meteor/1", "1 hitting 0"),
    ("A robot that is holding a small plant", "robot/1; plant/1/small", "0 holding 1"),
    # fantasy
    ("A dragon is sleeping on a pile of gold coins.", "dragon/1; pile of gold coins/1", "0 sleeping on 1"),
    ("A wizard in a purple robe", "wizard/1; robe/1/purple", "0 in 1"),
    ("Two fairies are dancing around a mushroom.", "fairy/2; mushroom/1", "0 dancing around 1"),
    ("The castle is surrounded by a moat.", "castle/1; moat/1", "1 surrounding 0"),
    ("The princess turned the frog into a prince.", "REFUSE", ""),
    # bakeries
    ("6 croissants on a wooden tray", "croissant/6; tray/1/wooden", "0 on 1"),
    ("A slice of cheesecake next to a cup of coffee", "slice of cheesecake/1; cup of coffee/1", "0 next to 1"),
    ("The cupcakes in the window are pink.", "cupcake/2+/pink; window/1", "0 in 1"),
    ("A baker who is rolling out dough", "baker/1; dough/1", "0 rolling out 1"),
    ("A baker is pulling a tray of muffins out of the oven.", "REFUSE", ""),
    # laundry
    ("A red sock inside a washing machine", "sock/1/red; washing machine/1", "0 inside 1"),
    ("Three white shirts hang on a clothesline.", "shirt/3/white; clothesline/1", "0 hanging on 1"),
    ("A stack of clean towels sits on a shelf.", "stack of clean towels/1; shelf/1", "0 sitting on 1"),
    ("A woman is folding a blue blanket.", "woman/1; blanket/1/blue", "0 folding 1"),
    ("A green laundry basket left of a white dryer", "laundry basket/1/green; dryer/1/white", "0 left of 1"),
    # pets at home
    ("A black cat is sitting on top of the bookshelf.", "cat/1/black; bookshelf/1", "0 sitting on top of 1"),
    ("A hamster running in a wheel", "hamster/1; wheel/1", "0 running in 1"),
    ("A puppy chewed a pink slipper.", "puppy/1; slipper/1/pink", "0 chewing 1"),
    ("A small dog is hiding behind the sofa.", "dog/1/small; sofa/1", "0 hiding behind 1"),
    ("A golden retriever sleeps at the foot of the bed.", "REFUSE", ""),
    # playgrounds
    ("A little girl is going down a yellow slide.", "girl/1/little; slide/1/yellow", "0 going down 1"),
    ("A photo of two boys on a seesaw", "boy/2; seesaw/1", "0 on 1"),
    ("A red swing hangs from a metal frame.", "swing/1/red; frame/1/metal", "0 hanging from 1"),
    ("A mother pushes her son on a swing.", "mother/1; son/1; swing/1", "0 pushing 1; 1 on 2"),
    ("Five children are playing in a sandbox.", "child/5; sandbox/1", "0 playing in 1"),
    # rainy cities
    ("A man holding a black umbrella walks down the street.", "man/1; umbrella/1/black; street/1",
     "0 holding 1; 0 walking down 2"),
    ("Puddles reflect the neon signs.", "puddle/2+; neon sign/2+", "0 reflecting 1"),
    ("A yellow taxi is parked outside a cafe.", "taxi/1/yellow; cafe/1", "0 parked outside 1"),
    ("A girl in a red raincoat is jumping in a puddle.", "girl/1; raincoat/1/red; puddle/1",
     "0 in 1; 0 jumping in 2"),
    ("The streetlight is glowing.", "streetlight/1/glowing", ""),
]


if __name__ == "__main__":
    score(HELD_OUT7, "held-out (7)")
