"""bench/csg_heldout12.py: the twelfth held-out set of natural prompts for cast_csg's rules (issue 19).

80 prompts that a new user might write for compositional text-to-image training. Each row gives the reading a
careful person would. The set was written blind by a helper that never saw the rules, their tests or their
history, never ran the parser, and kept the file outside the repository. It must never be used to change the
rules. Domains, none of them used in sets 9, 10 and 11: airport gates, fire stations, boat harbors, train
platforms, toy stores, gyms, weddings, kitchens at breakfast, recording studios, pizzerias, courtrooms,
playgrounds, supermarkets, hotel lobbies, offices, tennis courts. Five prompts per domain.

Styles: short noun phrases (about a quarter of the rows); sentences with finite verbs (present, progressive, past
and past progressive; transitive and intransitive; irregular pasts "stood", "slid", "lay", "swung", "hit", and a
regular past "stopped"); copulas ("The pizza oven is to the left of the cash register.", "The two armchairs by the
fireplace are brown.", "The sandbox is full of plastic shovels.") and "There are"; passives with "by" ("is being
towed by", "was bought by", "was recorded by", "was written by"); participles ("parked inside", "perched on top
of", "hidden among", "stacked on", "scattered across", "are docked along", "are lined up outside", "are piled in",
"is topped with"); relative clauses ("that float", "who is wearing", "that is"); "of" nouns ("a bouquet of roses",
"an arch of white roses", "three strips of bacon", "a stack of pancakes", "a bowl of oatmeal", "a bottle of soda",
"a stack of papers", "cans of soup", "a box of cereal", "a pile of folders"); lists of subjects sharing a verb or a
preposition ("A boy and his sister are looking at a dollhouse.", "Bananas, apples and oranges are piled in wooden
crates.", "There are four people and two pigeons on the platform.") and lists of objects of one verb ("washing a
fire truck and an ambulance", "carries three pizza boxes and a bottle of soda"); counts 1 to 8 as words or digits,
with irregular plurals ("people", "children", "men", "women", "shelves", "strawberries"); colors, materials and
sizes; the spatial relations left of, right of, above, over, beneath, underneath, on top of, atop, on, in, inside,
outside, in front of, behind, next to, beside, by, near, close to, at, among, around, along, across, through,
between, past, down; and three "A photo of" / "A painting of" frames.

Shorthand and scoring as in bench/csg_heldout.py. Objects are written "noun/count/attribute,..." (nouns singular and
lower case; "2+" is a bare plural). Relations are written "subject value target", using object indices, in the
order the prompt states them. "REFUSE" marks a prompt whose meaning the atoms cannot state; for those rows a
refusal is the right answer. 10 of the 80 rows are marked REFUSE: a part or region "of" something ("the corner of
the lobby", "on the bride's finger"), a verb's second object or path ("hands her boarding pass to the agent",
"slides a pizza into the brick oven", "leads a man in handcuffs out of the courtroom", "putting a ring on the
bride's finger"), a purpose ("to get to the truck"), a time clause ("as the train pulls away"), a negation ("with no
windows") and two comparisons ("taller than the cashier", "harder than her opponent").

Conventions, following bench/csg_heldout11.py:
  - A bare spatial preposition reads as the atoms' canonical relation: "left of", "right of"; "above" (above,
    over); "below" (below, beneath); "under" (under, underneath); "on top of" (on top of, atop); "on"; "in" (in,
    inside); "in front of"; "behind"; "next to" (next to, beside, a spatial "by"); "near" (near, close to); "at",
    "around", "against", "across", "through", "along", "between", "outside" as written. "full of" -> "1 in 0".
  - A verb relation reads as the -ing form and keeps its own preposition ("walk past" -> "walking past", "sleeps
    underneath" -> "sleeping underneath", "stand atop" -> "standing atop", "stopped beside" -> "stopping beside",
    "slid down" -> "sliding down", "lay beneath" -> "lying beneath", "is standing close to", "hangs over" ->
    "hanging over"). A past participle stays as written ("parked inside", "perched on top of", "hidden among",
    "docked along", "lined up outside", "piled in", "stacked on", "scattered across", "topped with").
  - A passive with "by" reads as the active ("The drummer was recorded by two engineers." -> "1 recording 0";
    "being towed by", "bought by", "written by" alike).
  - An intransitive verb with no place is an attribute ("a baby in a stroller is crying" -> baby/1/crying).
  - Colors, materials and sizes (tall, large, big, huge, small, little, tiny, long, old, young; "round" as a
    shape) are attributes, in the order they are written ("a tall wooden bench" -> bench/1/tall,wooden). Compound
    nouns are one noun ("fire truck", "fire station", "fire hose", "fishing net", "toy train", "teddy bear", "yoga
    mat", "wedding cake", "coffee maker", "orange juice", "sound engineer", "mixing board", "pepperoni pizza",
    "pizza box", "pizza oven", "cash register", "jury box", "shopping cart", "front desk", "conference table",
    "coffee mug", "tennis player", "tennis ball", "ball boy"). Words inside an "of" noun stay in that noun ("arch
    of white roses"). Possessives are dropped ("his sister" -> sister, "swung her racket" -> racket). Mass nouns
    count 1 ("orange juice/1").
  - "to the left of" / "to the right of" after a copula or with no verb -> "left of" / "right of".
  - "in a black coat" is "0 in 1". "A photo of ..." / "A painting of ..." frames add nothing.
  - Lists that share a relation give one relation per list member ("0 on 2; 1 on 2"; "washing a fire truck and an
    ambulance" -> "0 washing 1; 0 washing 2").
  - A place after the object of a preposition or participle attaches to that object, the nearest one ("hang on
    hooks beside the door" -> "1 next to 2"; "on the shelves above a toy train" -> "1 above 2"; "swinging on a
    swing near the sandbox" -> "1 near 2"; "sits on a tall chair next to the net" -> "1 next to 2"). A place
    given to the subject before its verb stays the subject's ("A cashier at the checkout was scanning a box of
    cereal." -> "0 at 1; 0 scanning 2").

Run:
    python bench/csg_heldout12.py          # the counts, then every refusal and mis-parse

Measured once (at ed0e0ca, the rules after round 10; written by a helper that never saw the rules or their tests,
kept outside the repository until then): 68 of 80 parsed right (85%; 68 of the 70 statable rows: 97%), 11 refused
(10 of them rows marked REFUSE, so 78 of 80 answered right: 97.5%), 1 mis-parsed (1%).
  - noun boundary (1): "orange juice in a tall glass" read as juice/orange (a color), where the row has the
    compound "orange juice".
  - refused where the row has a reading (1): "Teddy bears on the shelves above a toy train" ("Teddy", capitalized,
    then "bears": a verb or part of the noun?).
After round 11 (diagnostic only: the rules fixed for the causes above by general rules with their own tests): 70 right
(88%; 70 of 70 statable), 10 refused (all 10 marked REFUSE), 0 mis-parsed. "orange juice" is one noun (cast_csg_kinds:
a color word naming a food's or a drink's kind, not its color). "Teddy bears" was not a name: a capital at a prompt's
start says nothing, so the row had the form of "bread cools on a rack" (a bare noun, then a verb in -s before a place:
refused); a known compound in the plural ("teddy bears", "trash cans", "red pandas") now names one noun there.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT12 = [
    # airport gates
    ("Two pilots walk past a large window.", "pilot/2; window/1/large", "0 walking past 1"),
    ("A little girl in a yellow raincoat is pulling a pink suitcase.",
     "girl/1/little; raincoat/1/yellow; suitcase/1/pink", "0 in 1; 0 pulling 2"),
    ("a baby in a stroller is crying", "baby/1/crying; stroller/1", "0 in 1"),
    ("A silver airplane is being towed by a small truck.", "airplane/1/silver; truck/1/small", "1 towing 0"),
    ("A woman hands her boarding pass to the agent at the gate.", "REFUSE", ""),
    # fire stations
    ("A red fire truck parked inside the fire station", "fire truck/1/red; fire station/1", "0 parked inside 1"),
    ("Three firefighters are washing a fire truck and an ambulance.", "firefighter/3; fire truck/1; ambulance/1",
     "0 washing 1; 0 washing 2"),
    ("A dalmatian sleeps underneath a wooden bench.", "dalmatian/1; bench/1/wooden", "0 sleeping underneath 1"),
    ("yellow helmets hang on hooks beside the door", "helmet/2+/yellow; hook/2+; door/1",
     "0 hanging on 1; 1 next to 2"),
    ("A firefighter slides down a brass pole to get to the truck.", "REFUSE", ""),
    # boat harbors
    ("Five white sailboats are docked along the pier.", "sailboat/5/white; pier/1", "0 docked along 1"),
    ("a seagull perched on top of a wooden post", "seagull/1; post/1/wooden", "0 perched on top of 1"),
    ("An old fisherman is mending a green fishing net.", "fisherman/1/old; fishing net/1/green", "0 mending 1"),
    ("A painting of a red lighthouse behind the harbor", "lighthouse/1/red; harbor/1", "0 behind 1"),
    ("two kayaks that float between the big yachts", "kayak/2; yacht/2+/big", "0 floating between 1"),
    # train platforms
    ("A commuter in a black coat stands behind the yellow line.", "commuter/1; coat/1/black; line/1/yellow",
     "0 in 1; 0 standing behind 2"),
    ("The blue train stopped beside the platform.", "train/1/blue; platform/1", "0 stopping beside 1"),
    ("There are four people and two pigeons on the platform.", "person/4; pigeon/2; platform/1", "0 on 2; 1 on 2"),
    ("A large clock hangs above the platform.", "clock/1/large; platform/1", "0 hanging above 1"),
    ("A conductor waves his flag as the train pulls away.", "REFUSE", ""),
    # toy stores
    ("Teddy bears on the shelves above a toy train", "teddy bear/2+; shelf/2+; toy train/1", "0 on 1; 1 above 2"),
    ("A boy and his sister are looking at a dollhouse.", "boy/1; sister/1; dollhouse/1",
     "0 looking at 2; 1 looking at 2"),
    ("A small robot hidden among 8 plastic dinosaurs", "robot/1/small; dinosaur/8/plastic", "0 hidden among 1"),
    ("A red kite was bought by a young girl.", "kite/1/red; girl/1/young", "1 buying 0"),
    ("a stuffed giraffe that is taller than the cashier", "REFUSE", ""),
    # gyms
    ("Three women are running on treadmills.", "woman/3; treadmill/2+", "0 running on 1"),
    ("Two men lifting barbells", "man/2; barbell/2+", "0 lifting 1"),
    ("Purple yoga mats lie on the wooden floor.", "yoga mat/2+/purple; floor/1/wooden", "0 lying on 1"),
    ("A tall trainer stood in front of 6 students.", "trainer/1/tall; student/6", "0 standing in front of 1"),
    ("black dumbbells on a metal rack", "dumbbell/2+/black; rack/1/metal", "0 on 1"),
    # weddings
    ("A bride in a white dress holds a bouquet of roses.", "bride/1; dress/1/white; bouquet of roses/1",
     "0 in 1; 0 holding 2"),
    ("Two tiny figures stand atop a tall wedding cake.", "figure/2/tiny; wedding cake/1/tall", "0 standing atop 1"),
    ("The groom and his father walk through an arch of white roses.", "groom/1; father/1; arch of white roses/1",
     "0 walking through 2; 1 walking through 2"),
    ("A photo of guests dancing around the bride", "guest/2+; bride/1", "0 dancing around 1"),
    ("The groom is putting a ring on the bride's finger.", "REFUSE", ""),
    # kitchens at breakfast
    ("Two eggs and three strips of bacon on a blue plate", "egg/2; strip of bacon/3; plate/1/blue",
     "0 on 2; 1 on 2"),
    ("A stack of pancakes is topped with strawberries.", "stack of pancakes/1; strawberry/2+", "0 topped with 1"),
    ("A silver toaster sits beside the coffee maker.", "toaster/1/silver; coffee maker/1", "0 sitting beside 1"),
    ("A little girl is eating a bowl of oatmeal.", "girl/1/little; bowl of oatmeal/1", "0 eating 1"),
    ("orange juice in a tall glass next to a newspaper", "orange juice/1; glass/1/tall; newspaper/1",
     "0 in 1; 1 next to 2"),
    # recording studios
    ("A singer stands in front of a silver microphone.", "singer/1; microphone/1/silver",
     "0 standing in front of 1"),
    ("A red guitar leaning against a black amplifier", "guitar/1/red; amplifier/1/black", "0 leaning against 1"),
    ("The drummer was recorded by two engineers.", "drummer/1; engineer/2", "1 recording 0"),
    ("A sound engineer sits behind a large mixing board.", "sound engineer/1; mixing board/1/large",
     "0 sitting behind 1"),
    ("a small recording booth with no windows", "REFUSE", ""),
    # pizzerias
    ("A chef in a white hat slides a pizza into the brick oven.", "REFUSE", ""),
    ("Two pepperoni pizzas on a wooden counter", "pepperoni pizza/2; counter/1/wooden", "0 on 1"),
    ("A waiter carries three pizza boxes and a bottle of soda.", "waiter/1; pizza box/3; bottle of soda/1",
     "0 carrying 1; 0 carrying 2"),
    ("Four friends are sharing a large pizza.", "friend/4; pizza/1/large", "0 sharing 1"),
    ("The pizza oven is to the left of the cash register.", "pizza oven/1; cash register/1", "0 left of 1"),
    # courtrooms
    ("A judge in a black robe sits behind a tall wooden bench.", "judge/1; robe/1/black; bench/1/tall,wooden",
     "0 in 1; 0 sitting behind 2"),
    ("Seven jurors sitting in the jury box", "juror/7; jury box/1", "0 sitting in 1"),
    ("A lawyer is pointing at a large screen.", "lawyer/1; screen/1/large", "0 pointing at 1"),
    ("The wooden gavel is to the right of a stack of papers.", "gavel/1/wooden; stack of papers/1", "0 right of 1"),
    ("A police officer leads a man in handcuffs out of the courtroom.", "REFUSE", ""),
    # playgrounds
    ("two children on a red seesaw", "child/2; seesaw/1/red", "0 on 1"),
    ("A boy slid down the yellow slide.", "boy/1; slide/1/yellow", "0 sliding down 1"),
    ("A girl is swinging on a swing near the sandbox.", "girl/1; swing/1; sandbox/1", "0 swinging on 1; 1 near 2"),
    ("The sandbox is full of plastic shovels.", "sandbox/1; shovel/2+/plastic", "1 in 0"),
    ("A brown dog lay beneath the slide.", "dog/1/brown; slide/1", "0 lying beneath 1"),
    # supermarkets
    ("Cans of soup stacked on a metal shelf", "can of soup/2+; shelf/1/metal", "0 stacked on 1"),
    ("A cashier at the checkout was scanning a box of cereal.", "cashier/1; checkout/1; box of cereal/1",
     "0 at 1; 0 scanning 2"),
    ("Shopping carts are lined up outside the store.", "shopping cart/2+; store/1", "0 lined up outside 1"),
    ("Bananas, apples and oranges are piled in wooden crates.", "banana/2+; apple/2+; orange/2+; crate/2+/wooden",
     "0 piled in 3; 1 piled in 3; 2 piled in 3"),
    ("There are five watermelons in a large bin.", "watermelon/5; bin/1/large", "0 in 1"),
    # hotel lobbies
    ("A bellhop is standing close to the elevators.", "bellhop/1; elevator/2+", "0 standing close to 1"),
    ("A huge chandelier hangs over the front desk.", "chandelier/1/huge; front desk/1", "0 hanging over 1"),
    ("The two armchairs by the fireplace are brown.", "armchair/2/brown; fireplace/1", "0 next to 1"),
    ("a receptionist who is wearing a green scarf", "receptionist/1; scarf/1/green", "0 wearing 1"),
    ("A tall plant in the corner of the lobby", "REFUSE", ""),
    # offices
    ("A woman types on a silver laptop.", "woman/1; laptop/1/silver", "0 typing on 1"),
    ("Six coworkers sit around a long conference table.", "coworker/6; conference table/1/long",
     "0 sitting around 1"),
    ("A coffee mug sits on top of a pile of folders.", "coffee mug/1; pile of folders/1", "0 sitting on top of 1"),
    ("A photo of a printer between two desks", "printer/1; desk/2", "0 between 1"),
    ("The report was written by a young intern.", "report/1; intern/1/young", "1 writing 0"),
    # tennis courts
    ("A tennis player in a white shirt swung her racket.", "tennis player/1; shirt/1/white; racket/1",
     "0 in 1; 0 swinging 2"),
    ("Yellow tennis balls scattered across the court", "tennis ball/2+/yellow; court/1", "0 scattered across 1"),
    ("An umpire sits on a tall chair next to the net.", "umpire/1; chair/1/tall; net/1",
     "0 sitting on 1; 1 next to 2"),
    ("A ball boy crouches behind the baseline.", "ball boy/1; baseline/1", "0 crouching behind 1"),
    ("She hit the ball harder than her opponent.", "REFUSE", ""),
]

if __name__ == "__main__":
    score(HELD_OUT12, "held-out (12)")
