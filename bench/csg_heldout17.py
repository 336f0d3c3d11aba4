"""bench/csg_heldout17.py: the seventeenth held-out set of natural prompts for cast_csg's rules (issue 19),
in the style of compositional text-to-image benchmarks.

80 prompts written in the style of the public compositional text-to-image benchmarks that researchers train and
evaluate on (T2I-CompBench's categories and the like), every one new and none copied from a benchmark. Each row
gives the reading a careful person would. The set was written blind by a helper that never saw the rules, their
tests or their history, never ran the parser, and kept the file outside the repository. It must never be used to
change the rules.

Eight categories, ten prompts each, in this order:
  1. color binding ("a purple suitcase and an orange beach towel", "The pink flamingo stands beside a gray heron.");
  2. shape binding (round, square, triangular, oval, rectangular: "an oval mirror next to a round clock");
  3. texture and material binding ("a leather armchair and a glass lamp", "A fluffy blanket on a metal bed frame");
  4. 2D spatial (left of, right of, above, over, below, beneath, on top of, next to, near, close to, on the side of);
  5. 3D spatial (in front of, behind, hidden by, inside);
  6. non-spatial interactions (a verb between two things: "A cat chasing a butterfly", "a boy kicks a soccer ball");
  7. counting (one to eight, as words or digits, several objects with counts, "of" nouns with counts);
  8. complex: sentences mixing these with verbs, copulas, relative clauses, passives, lists and "of" nouns.
Some prompts are capitalized and end with a period, some do not; about half are noun phrases, half sentences.

Shorthand and scoring as in bench/csg_heldout.py. Objects are written "noun/count/attribute,..." (nouns singular and
lower case; "2+" is a bare plural). Relations are written "subject value target", using object indices, in the
order the prompt states them; a prompt with no relation has "". "REFUSE" marks a prompt whose meaning the atoms
cannot state; for those rows a refusal is the right answer. 10 of the 80 rows are marked REFUSE, one of each kind:
a region "of" something ("at the bottom of the stairs"), a part "of" something ("the engine of a tractor"), a
possessive body part ("the sailor's shoulder"), a verb's second object ("handing a present to his grandson"), a
source ("clearing dishes from the table"), a destination ("loading crates into a truck"), a purpose ("to reach the
cookie jar"), a time clause ("while the family eats dinner"), a negation ("without a carrot nose") and a
comparison ("more apples than oranges"). Four are in category 6, four in category 8, one in 4 and one in 7.

Conventions, following bench/csg_heldout15.py:
  - A bare spatial preposition reads as the atoms' canonical relation: "left of", "right of"; "above" (above,
    over); "below" (below, beneath); "under" (under, underneath); "on top of" (on top of, atop); "on"; "in" (in,
    inside); "in front of"; "behind"; "next to" (next to, beside, a spatial "by"); "near" (near, close to); "at",
    "around", "against", "across", "through", "along", "between", "outside" as written. "to the left of" / "to
    the right of" -> "left of" / "right of". "on the side of" reads "next to" ("A ladder on the side of a barn"
    -> "0 next to 1").
  - A verb relation reads as the -ing form and keeps its own preposition ("stands beside" -> "standing beside",
    "sits on" -> "sitting on", "rests in" -> "resting in", "lies on" -> "lying on", "floats in" -> "floating
    in", "hangs above" -> "hanging above", "flying above", "playing with", "walking past", "stands against" ->
    "standing against", "kicks" -> "kicking", "nibbling"). A past participle stays as written ("parked next to",
    "parked in front of", "perched on", "filled with", "tied to").
  - A passive with "by" reads as the active ("The mail carrier was bitten by a dog." -> "1 biting 0"; "are being
    watched by a small child" -> "2 watching 0"). "hidden by" reads "behind": "A hidden by B" -> "0 behind 1".
  - An intransitive verb with no place is an attribute. An adjective after a copula is an attribute of its
    subject, after any written before the noun ("The teapot is white and the cups are blue." -> teapot/1/white;
    cup/2+/blue).
  - Colors (including silver, gray, pink, purple, orange), shapes (round, square, triangular, oval,
    rectangular), sizes and ages (big, large, small, little, tall, old), materials (wooden, glass, metal,
    plastic, leather, ceramic, stone, silk, velvet, porcelain, woolen, cotton, paper, bronze) and textures
    (fluffy, furry, fuzzy, shiny, metallic, smooth, rough) are attributes, in the order they are written ("a small
    round pond" -> pond/1/small,round; "A shiny metallic robot" -> robot/1/shiny,metallic). Compound nouns are
    one noun ("beach towel", "fire hydrant", "garden shed", "coffee table", "bed frame", "water bottle", "teddy
    bear", "floor lamp", "basketball hoop", "hay bale", "fire station", "fruit cart", "oak tree", "laundry
    basket", "gas station", "flower pot", "soccer ball", "mail carrier", "rain boot", "front door", "coloring
    book", "cutting board", "picnic blanket", "coffee cup", "phone booth", "kitchen table", "cookie jar").
  - Words inside an "of" noun stay in that noun, and the head is singular with the count ("Two loaves of bread"
    -> loaf of bread/2; "Two pairs of rain boots" -> pair of rain boots/2; "a piece of cheese" -> piece of
    cheese/1; "a basket of red apples" -> basket of red apples/1). Possessives are dropped ("his dog" -> dog).
    Mass nouns count 1. Counts are words or digits ("4 mice" -> mouse/4; "one onion" -> onion/1); irregular
    plurals are made singular (mice, men, knives, loaves). "There are" adds nothing.
  - "in a green dress" is "0 in 1". "X with Y in it" reads as "Y in X" ("A wooden rowboat with two oars in it"
    -> "1 in 0"). A relative clause ("that stands against the wall") gives its relation to the noun it follows.
  - Lists that share a relation give one relation per list member ("0 in 2; 1 in 2"; "0 on 3; 1 on 3; 2 on 3";
    "0 sitting on 2; 1 sitting on 2"); a list with no relation gives none. Two subjects each with their own verb
    and object give one relation each ("A boy holding a round balloon and a girl holding a square kite" -> "0
    holding 1; 2 holding 3").
  - A place after the object of a preposition or participle attaches to that object, the nearest one ("A candle
    inside a glass jar in front of a mirror" -> "0 in 1; 1 in front of 2"; "sit in a pink box beside a paper
    coffee cup" -> "1 next to 2"; "sit on a wooden table near the window" -> "2 near 3"). A place or participle
    given to the subject before its verb stays the subject's ("A woman in a green dress holding a white handbag"
    -> "0 in 1; 0 holding 2").

Run:
    python bench/csg_heldout17.py          # the counts, then every refusal and mis-parse

Measured once (at 68bd53e, the rules after round 14; written by a helper that never saw the rules or their tests,
kept outside the repository until then; the brief, not the writer, set the "on the side of" -> "next to" convention):
59 of 80 parsed right (74%; 59 of the 70 statable rows: 84%), 11 refused (9 of them rows marked REFUSE, so 68 of 80
answered right: 85%), 10 mis-parsed (12%).
  - a shape word no table had (6): "square" ("a square stool" read as one noun "square stool"; the shapes world
    has "square" as a noun, and the attribute list never got it); a texture word (1): "fuzzy teddy bear".
  - a new error from round 14's rule (1): "Three pigeons perched on a bronze statue are being watched by a small
    child." read "perching on": "perched" right after a sentence's subjects was taken for the finite past, but the
    sentence's verb comes later ("are being watched").
  - the brief's convention (1): "on the side of" kept as the atoms' relation, where the row reads "next to".
  - a REFUSE row parsed (1): "... while the family eats dinner." read as two clauses, which states the picture.
  - refused where the row has a reading (2): "A woman in a green dress holding a white handbag" (the woman's or
    the dress's?), "A wooden rowboat with two oars in it is tied to the dock."
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT17 = [
    # 1. color binding
    ("a purple suitcase and an orange beach towel", "suitcase/1/purple; beach towel/1/orange", ""),
    ("The pink flamingo stands beside a gray heron.", "flamingo/1/pink; heron/1/gray", "0 standing beside 1"),
    ("A red fire hydrant and a green mailbox", "fire hydrant/1/red; mailbox/1/green", ""),
    ("a white horse and a brown cow in a field", "horse/1/white; cow/1/brown; field/1", "0 in 2; 1 in 2"),
    ("A silver laptop on a black desk", "laptop/1/silver; desk/1/black", "0 on 1"),
    ("A yellow taxi parked next to a blue bus", "taxi/1/yellow; bus/1/blue", "0 parked next to 1"),
    ("a green apple, a red pear and a yellow banana", "apple/1/green; pear/1/red; banana/1/yellow", ""),
    ("The teapot is white and the cups are blue.", "teapot/1/white; cup/2+/blue", ""),
    ("An orange cat sleeping on a purple cushion", "cat/1/orange; cushion/1/purple", "0 sleeping on 1"),
    ("A woman in a green dress holding a white handbag", "woman/1; dress/1/green; handbag/1/white",
     "0 in 1; 0 holding 2"),
    # 2. shape binding
    ("a round table and a square stool", "table/1/round; stool/1/square", ""),
    ("A triangular sign hangs above a rectangular door.", "sign/1/triangular; door/1/rectangular",
     "0 hanging above 1"),
    ("an oval mirror next to a round clock", "mirror/1/oval; clock/1/round", "0 next to 1"),
    ("The square box sits on a round tray.", "box/1/square; tray/1/round", "0 sitting on 1"),
    ("A rectangular cake and a round pie on the counter", "cake/1/rectangular; pie/1/round; counter/1",
     "0 on 2; 1 on 2"),
    ("a small round pond beside a square garden shed", "pond/1/small,round; garden shed/1/square", "0 next to 1"),
    ("Two square pillows on a round bed", "pillow/2/square; bed/1/round", "0 on 1"),
    ("An oval rug under a rectangular coffee table", "rug/1/oval; coffee table/1/rectangular", "0 under 1"),
    ("A boy holding a round balloon and a girl holding a square kite",
     "boy/1; balloon/1/round; girl/1; kite/1/square", "0 holding 1; 2 holding 3"),
    ("The triangular sandwich is on a square plate.", "sandwich/1/triangular; plate/1/square", "0 on 1"),
    # 3. texture and material binding
    ("a leather armchair and a glass lamp", "armchair/1/leather; lamp/1/glass", ""),
    ("A fluffy blanket on a metal bed frame", "blanket/1/fluffy; bed frame/1/metal", "0 on 1"),
    ("The wooden spoon rests in a ceramic bowl.", "spoon/1/wooden; bowl/1/ceramic", "0 resting in 1"),
    ("a furry hamster next to a plastic water bottle", "hamster/1/furry; water bottle/1/plastic", "0 next to 1"),
    ("A silk scarf lies on a velvet chair.", "scarf/1/silk; chair/1/velvet", "0 lying on 1"),
    ("a stone fountain and a metal bench in the park", "fountain/1/stone; bench/1/metal; park/1",
     "0 in 2; 1 in 2"),
    ("A shiny metallic robot holding a fuzzy teddy bear", "robot/1/shiny,metallic; teddy bear/1/fuzzy",
     "0 holding 1"),
    ("The plastic boat floats in a porcelain bathtub.", "boat/1/plastic; bathtub/1/porcelain", "0 floating in 1"),
    ("a woolen hat and cotton gloves", "hat/1/woolen; glove/2+/cotton", ""),
    ("A smooth pebble sitting on a rough log", "pebble/1/smooth; log/1/rough", "0 sitting on 1"),
    # 4. 2D spatial
    ("a floor lamp to the left of a bookshelf", "floor lamp/1; bookshelf/1", "0 left of 1"),
    ("The vase is to the right of the candle.", "vase/1; candle/1", "0 right of 1"),
    ("A kite is flying above the lighthouse.", "kite/1; lighthouse/1", "0 flying above 1"),
    ("a skateboard beneath a basketball hoop", "skateboard/1; basketball hoop/1", "0 below 1"),
    ("A pumpkin on top of a hay bale", "pumpkin/1; hay bale/1", "0 on top of 1"),
    ("a tent close to a river", "tent/1; river/1", "0 near 1"),
    ("A ladder on the side of a barn", "ladder/1; barn/1", "0 next to 1"),
    ("The microwave is next to the toaster.", "microwave/1; toaster/1", "0 next to 1"),
    ("A seagull over a sailboat", "seagull/1; sailboat/1", "0 above 1"),
    ("A cat lying at the bottom of the stairs.", "REFUSE", ""),
    # 5. 3D spatial
    ("A red wagon in front of a doghouse", "wagon/1/red; doghouse/1", "0 in front of 1"),
    ("a man standing behind a fruit cart", "man/1; fruit cart/1", "0 standing behind 1"),
    ("The moon is hidden by a cloud.", "moon/1; cloud/1", "0 behind 1"),
    ("A puppy inside a laundry basket", "puppy/1; laundry basket/1", "0 in 1"),
    ("A tall oak tree behind a small cottage", "oak tree/1/tall; cottage/1/small", "0 behind 1"),
    ("a little girl hidden by a large umbrella", "girl/1/little; umbrella/1/large", "0 behind 1"),
    ("The keys are inside the drawer.", "key/2+; drawer/1", "0 in 1"),
    ("A motorcycle parked in front of a gas station", "motorcycle/1; gas station/1", "0 parked in front of 1"),
    ("a rabbit hiding behind a flower pot", "rabbit/1; flower pot/1", "0 hiding behind 1"),
    ("A candle inside a glass jar in front of a mirror", "candle/1; jar/1/glass; mirror/1",
     "0 in 1; 1 in front of 2"),
    # 6. non-spatial interactions
    ("A cat chasing a butterfly", "cat/1; butterfly/1", "0 chasing 1"),
    ("An old man is feeding the pigeons.", "man/1/old; pigeon/2+", "0 feeding 1"),
    ("A grandfather handing a present to his grandson.", "REFUSE", ""),
    ("a boy kicks a soccer ball", "boy/1; soccer ball/1", "0 kicking 1"),
    ("a waiter clearing dishes from the table", "REFUSE", ""),
    ("A toddler playing with a kitten", "toddler/1; kitten/1", "0 playing with 1"),
    ("Two workers are loading crates into a truck.", "REFUSE", ""),
    ("The mail carrier was bitten by a dog.", "mail carrier/1; dog/1", "1 biting 0"),
    ("A mechanic repairing the engine of a tractor", "REFUSE", ""),
    ("A teenager walking his dog", "teenager/1; dog/1", "0 walking 1"),
    # 7. counting
    ("eight forks and four spoons on a napkin", "fork/8; spoon/4; napkin/1", "0 on 2; 1 on 2"),
    ("Five ducks swimming in a lake", "duck/5; lake/1", "0 swimming in 1"),
    ("2 cats and 3 dogs on a sofa", "cat/2; dog/3; sofa/1", "0 on 2; 1 on 2"),
    ("There are three men carrying a red canoe.", "man/3; canoe/1/red", "0 carrying 1"),
    ("Two pairs of rain boots by the front door", "pair of rain boots/2; front door/1", "0 next to 1"),
    ("Seven crayons lie next to a coloring book.", "crayon/7; coloring book/1", "0 lying next to 1"),
    ("six eggs, two tomatoes and one onion on the cutting board", "egg/6; tomato/2; onion/1; cutting board/1",
     "0 on 3; 1 on 3; 2 on 3"),
    ("Two loaves of bread and one jar of jam on a picnic blanket",
     "loaf of bread/2; jar of jam/1; picnic blanket/1", "0 on 2; 1 on 2"),
    ("4 mice nibbling a piece of cheese", "mouse/4; piece of cheese/1", "0 nibbling 1"),
    ("There are more apples than oranges in the fruit bowl.", "REFUSE", ""),
    # 8. complex
    ("A brown dog sleeps under the kitchen table while the family eats dinner.", "REFUSE", ""),
    ("Three donuts sit in a pink box beside a paper coffee cup.", "donut/3; box/1/pink; coffee cup/1/paper",
     "0 sitting in 1; 1 next to 2"),
    ("The wooden bookshelf that stands against the wall is filled with old books.",
     "bookshelf/1/wooden; wall/1; book/2+/old", "0 standing against 1; 0 filled with 2"),
    ("A boy climbs onto a chair to reach the cookie jar on the shelf.", "REFUSE", ""),
    ("A basket of red apples and a jug of milk sit on a wooden table near the window",
     "basket of red apples/1; jug of milk/1; table/1/wooden; window/1", "0 sitting on 2; 1 sitting on 2; 2 near 3"),
    ("a green parrot perched on the sailor's shoulder", "REFUSE", ""),
    ("A tall man holding a black briefcase is walking past a red phone booth.",
     "man/1/tall; briefcase/1/black; phone booth/1/red", "0 holding 1; 0 walking past 2"),
    ("A wooden rowboat with two oars in it is tied to the dock.", "rowboat/1/wooden; oar/2; dock/1",
     "1 in 0; 0 tied to 2"),
    ("A snowman without a carrot nose stands in the yard next to two sleds.", "REFUSE", ""),
    ("Three pigeons perched on a bronze statue are being watched by a small child.",
     "pigeon/3; statue/1/bronze; child/1/small", "0 perched on 1; 2 watching 0"),
]

if __name__ == "__main__":
    score(HELD_OUT17, "held-out (17)")
