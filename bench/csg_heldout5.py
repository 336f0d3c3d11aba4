"""bench/csg_heldout5.py: the fifth held-out set of natural prompts for cast_csg's rules (issue 19, round 3).

80 prompts written after round 3's fixes (those bench/csg_heldout4.py led to), each with the reading a careful
person would give it, committed before the parser was run on any of them, and not to be used to change the rules.
Domains: offices, sports, oceans, city streets, toys, food, people, animals, fantasy. Styles: sentences with finite
verbs, copulas, passives, participles, relative clauses, "of"-nouns, lists, counts 1 to 6, colors and materials,
relations and places. Shorthand and scoring as in bench/csg_heldout.py: objects "noun/count/attribute,..." ("2+": a
bare plural), relations "subject value target"; "REFUSE" marks a prompt whose meaning the atoms cannot state (a
part "of the" something, "each other", a verb's second object, path or instrument, a thing cut or stacked into
parts, an orientation like "upside down"), where a refusal is right. Where a place follows a verb's object, the row
gives the reading a person would (the rules may refuse it).

Measured once (at fb467ea, the rules after round 3; no rule changed after this run): 55 of 80 parsed right (69%),
22 refused (11 of them rows marked REFUSE, so 66 of 80 answered right: 83%), 3 mis-parsed; 0.13 ms a prompt.
Below the issue's 90% target.
  - mis-parsed (3): a bare noun subject before a present verb the tables do not know is read as one noun with the
    verb ("Fresh bread cools on a rack": "fresh bread cool", 2+; "with chocolate glaze sit in a box": "chocolate
    glaze sit"); "stacked into a tower" read as the blocks in a tower (the row says they form it: REFUSE).
  - refused where a person reads one way (11): a place after the object of a verb neither list names (8: wrapping,
    crossing, walking, flipping, brushing, feeding, chasing, combing); "at the corner" ("corner" a frame word);
    "a doll with red hair lies" (a bare noun before a verb in -s); "a pair of chopsticks" ("pair" a vague count).
  - of the 11 refused rightly, 4 for another reason than the row's ("sells hot dogs" as a noun, "to each other"
    as a purpose, "points a camera at" as a place after the object, "cut into four pieces" as no attribute).
Issue 19, round 4: this set was then used for fixes, so it is NO LONGER HELD OUT. After them: 63 right (79%), 17
refused (12 marked REFUSE: 75 of 80 answered right, 94%), 0 mis-parsed; 0.1 ms a prompt. Now read: a scene after the
object of an open verb (crossing, walking, chasing; feeding "by a pond"), a place beside the subject's own body part
("brushing his teeth in front of a mirror"), wrapping (it puts its object), "at the corner", "donuts with chocolate
glaze sit". Refused now rather than mis-parsed: "Fresh bread cools on a rack" (a verb or a plural noun?), "stacked
into a tower" (the shape or the place?). Still refused where a person reads one way (5): "red hair lies", "a pair of
chopsticks" (both pinned refusals in tests/test_csg_natural.py), "flipping a pancake in a frying pan", "combs her
hair on a rock" (a small place can hold the object alone), "Fresh bread cools".
Issue 19, round 5: 64 right (80%), 16 refused (12 marked REFUSE), 0 mis-parsed: "flipping a pancake in a frying pan"
now parses (a vessel after a verb's object is the object's place).
Issue 19, round 6 (fixes led by bench/csg_heldout7.py): 64 right (80%), 16 refused (12 marked REFUSE), 0
mis-parsed: unchanged.
Issue 19, round 7: 64 right (80%), 16 refused (12 marked REFUSE), 0 mis-parsed: unchanged.

Run:
    python bench/csg_heldout5.py           # the counts, then every refusal and mis-parse
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT5 = [
    # offices
    ("A stapler sits next to a stack of paper on the desk.", "stapler/1; stack of paper/1; desk/1",
     "0 sitting next to 1; 1 on 2"),
    ("Two office chairs are pushed under a long table.", "office chair/2; table/1/long", "0 pushed under 1"),
    ("A woman in a gray suit is typing on a laptop.", "woman/1; suit/1/gray; laptop/1", "0 in 1; 0 typing on 2"),
    ("Three monitors glow on a black desk.", "monitor/3; desk/1/black", "0 glowing on 1"),
    ("A coffee cup was left beside the keyboard.", "coffee cup/1; keyboard/1", "0 left beside 1"),
    ("A potted plant stands in the corner of the office.", "REFUSE", ""),
    ("The manager is shaking hands with a client.", "REFUSE", ""),
    ("The laptop was placed on top of a pile of folders.", "laptop/1; pile of folders/1", "0 placed on top of 1"),
    ("A printer stands to the right of a tall bookshelf.", "printer/1; bookshelf/1/tall",
     "0 standing to the right of 1"),
    # sports
    ("A soccer player kicks a ball toward the goal.", "REFUSE", ""),
    ("Two tennis rackets lean against a net.", "tennis racket/2; net/1", "0 leaning against 1"),
    ("A basketball is resting on the wooden floor of the gym.", "REFUSE", ""),
    ("A swimmer dives into a blue pool.", "swimmer/1; pool/1/blue", "0 diving into 1"),
    ("Five runners are racing along a track.", "runner/5; track/1", "0 racing along 1"),
    ("A golfer in a white cap swings a club.", "golfer/1; cap/1/white; club/1", "0 in 1; 0 swinging 2"),
    ("Six candles burn on a round cake.", "candle/6; cake/1/round", "0 burning on 1"),
    # oceans
    ("A sea turtle swims above a coral reef.", "sea turtle/1; coral reef/1", "0 swimming above 1"),
    ("Three dolphins leap over the waves.", "dolphin/3; wave/2+", "0 leaping over 1"),
    ("A sailboat with white sails is anchored near an island.", "sailboat/1; sail/2+/white; island/1",
     "0 anchored near 2"),
    ("A crab is hiding under a rock on the sand.", "crab/1; rock/1; sand/1", "0 hiding under 1; 1 on 2"),
    ("A jellyfish which is floating in dark water", "jellyfish/1; dark water/1", "0 floating in 1"),
    ("An octopus wraps its tentacles around a bottle.", "octopus/1; tentacle/2+; bottle/1",
     "0 wrapping 1; 1 around 2"),
    ("A whale shark swims beneath a small boat.", "whale shark/1; boat/1/small", "0 swimming beneath 1"),
    ("Two seagulls are standing on a wooden pier.", "seagull/2; pier/1/wooden", "0 standing on 1"),
    # city streets
    ("A red double-decker bus drives past a tall clock tower.", "double-decker bus/1/red; clock tower/1/tall",
     "0 driving past 1"),
    ("A street vendor sells hot dogs from a cart.", "REFUSE", ""),
    ("Pedestrians are crossing the street at a crosswalk.", "pedestrian/2+; street/1; crosswalk/1",
     "0 crossing 1; 0 at 2"),
    ("A taxi is stopped at a red light.", "taxi/1; light/1/red", "0 stopped at 1"),
    ("Four pigeons peck at crumbs on the sidewalk.", "pigeon/4; crumb/2+; sidewalk/1", "0 pecking at 1; 1 on 2"),
    ("A cyclist waits behind a yellow taxi.", "cyclist/1; taxi/1/yellow", "0 waiting behind 1"),
    ("A neon sign hangs above the door of a bar.", "REFUSE", ""),
    ("A man is walking three dogs across the street.", "man/1; dog/3; street/1", "0 walking 1; 0 across 2"),
    ("A fire hydrant stands at the corner.", "fire hydrant/1; corner/1", "0 standing at 1"),
    # toys
    ("A teddy bear and a toy robot sit on a shelf.", "teddy bear/1; toy robot/1; shelf/1",
     "0 sitting on 2; 1 sitting on 2"),
    ("Six wooden blocks are stacked into a tower.", "REFUSE", ""),
    ("A toy train runs on a track around a Christmas tree.", "toy train/1; track/1; christmas tree/1",
     "0 running on 1; 1 around 2"),
    ("A rag doll with red hair lies in a toy box.", "rag doll/1; hair/1/red; toy box/1", "0 lying in 2"),
    ("Two green army men stand beside a plastic castle.", "army man/2/green; castle/1/plastic",
     "0 standing beside 1"),
    ("A kite is stuck in a tall tree.", "kite/1; tree/1/tall", "0 stuck in 1"),
    ("A rubber duck floats in a bathtub full of bubbles.", "duck/1/rubber; bathtub/1; bubble/2+",
     "0 floating in 1; 2 in 1"),
    ("A small girl is hugging a big stuffed rabbit.", "girl/1/small; stuffed rabbit/1/big", "0 hugging 1"),
    # food
    ("A plate of waffles drizzled with syrup", "plate of waffles/1; syrup/1", "0 drizzled with 1"),
    ("Two slices of watermelon sit on a blue plate.", "slice of watermelon/2; plate/1/blue", "0 sitting on 1"),
    ("A chef is flipping a pancake in a frying pan.", "chef/1; pancake/1; frying pan/1", "0 flipping 1; 1 in 2"),
    ("A bowl of noodles with a pair of chopsticks", "bowl of noodles/1; chopstick/2", ""),
    ("Four donuts with chocolate glaze sit in a paper box.", "donut/4; chocolate glaze/1; box/1/paper",
     "0 sitting in 2"),
    ("A glass of milk is next to a plate of cookies.", "glass of milk/1; plate of cookies/1", "0 next to 1"),
    ("A pizza is being sliced by a cook.", "pizza/1; cook/1", "1 slicing 0"),
    ("Fresh bread cools on a rack.", "fresh bread/1; rack/1", "0 cooling on 1"),
    ("A watermelon was cut into four pieces.", "REFUSE", ""),
    # people
    ("A grandmother knits beside a fireplace.", "grandmother/1; fireplace/1", "0 knitting beside 1"),
    ("A boy is brushing his teeth in front of a mirror.", "boy/1; tooth/2+; mirror/1",
     "0 brushing 1; 0 in front of 2"),
    ("Two girls are whispering to each other.", "REFUSE", ""),
    ("A photographer points a camera at a bride.", "REFUSE", ""),
    ("A man sleeps in a hammock between two palm trees.", "man/1; hammock/1; palm tree/2",
     "0 sleeping in 1; 1 between 2"),
    ("A teacher stands in front of a green chalkboard.", "teacher/1; chalkboard/1/green", "0 standing in front of 1"),
    ("The students are sitting at their desks.", "student/2+; desk/2+", "0 sitting at 1"),
    ("A firefighter carries a child out of a house.", "REFUSE", ""),
    ("An old woman who is feeding ducks by a pond", "woman/1/old; duck/2+; pond/1", "0 feeding 1; 0 next to 2"),
    # animals
    ("A brown horse is drinking from a trough.", "horse/1/brown; trough/1", "0 drinking from 1"),
    ("Two kittens are sleeping in a laundry basket.", "kitten/2; laundry basket/1", "0 sleeping in 1"),
    ("A hawk circles above a field of wheat.", "hawk/1; field of wheat/1", "0 circling above 1"),
    ("A dog was bitten by a snake.", "dog/1; snake/1", "1 biting 0"),
    ("A lizard basks on a warm rock.", "lizard/1; warm rock/1", "0 basking on 1"),
    ("Three chickens that are pecking at the ground", "chicken/3; ground/1", "0 pecking at 1"),
    ("A cow stands behind a wooden fence.", "cow/1; fence/1/wooden", "0 standing behind 1"),
    ("A mother bear and her two cubs cross a stream.", "mother bear/1; cub/2; stream/1",
     "0 crossing 2; 1 crossing 2"),
    ("A squirrel is eating a nut on a branch.", "squirrel/1; nut/1; branch/1", "0 eating 1; 0 on 2"),
    ("Four puppies chase a butterfly across the lawn.", "puppy/4; butterfly/1; lawn/1", "0 chasing 1; 0 across 2"),
    # fantasy
    ("A wizard in a blue robe holds a glowing staff.", "wizard/1; robe/1/blue; glowing staff/1",
     "0 in 1; 0 holding 2"),
    ("A dragon sleeps on a pile of gold coins.", "dragon/1; pile of gold coins/1", "0 sleeping on 1"),
    ("Two unicorns are grazing beside a crystal lake.", "unicorn/2; lake/1/crystal", "0 grazing beside 1"),
    ("A fairy sits on a large mushroom.", "fairy/1; mushroom/1/large", "0 sitting on 1"),
    ("A castle floats above the clouds.", "castle/1; cloud/2+", "0 floating above 1"),
    ("A knight is fighting a giant troll with a sword.", "REFUSE", ""),
    ("A mermaid combs her hair on a rock.", "mermaid/1; hair/1; rock/1", "0 combing 1; 0 on 2"),
    ("Three goblins are hiding behind a barrel.", "goblin/3; barrel/1", "0 hiding behind 1"),
    ("A phoenix with golden wings flies over a volcano.", "phoenix/1; wing/2+/golden; volcano/1", "0 flying over 2"),
    # lists and "there are"
    ("A red lamp, a blue vase and a white clock on a shelf", "lamp/1/red; vase/1/blue; clock/1/white; shelf/1",
     "0 on 3; 1 on 3; 2 on 3"),
    ("There are two bicycles leaning against the fence.", "bicycle/2; fence/1", "0 leaning against 1"),
]


if __name__ == "__main__":
    score(HELD_OUT5, "held-out (5)")
