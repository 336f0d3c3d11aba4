"""bench/csg_heldout6.py: the sixth held-out set of natural prompts for cast_csg's rules (issue 19, round 4).

80 prompts written before round 4's rule changes were seen, each with the reading a careful person would give it,
written without the parser ever being run on any of them, and never to be used to change the rules. Domains:
gardens, kitchens at night, music and instruments, transport (trains, bikes, boats), farms, schools, winter,
museums, markets, camping, bathrooms, workshops, birthday parties, science labs. Styles: short noun phrases,
sentences with finite verbs (present, progressive, past), copulas, passives ("fed by", "surrounded by", "covered
by"), participles, relative clauses, "of"-nouns, lists, counts 1 to 6 as words or digits, colors, materials and
sizes, relations and places, a few "A photo of" frames. Shorthand and scoring as in bench/csg_heldout.py: objects
"noun/count/attribute,..." ("2+": a bare plural), relations "subject value target"; "REFUSE" marks a prompt whose
meaning the atoms cannot state (a part "of the" something, a possessive with "the", "each other", a verb's second
object, a path or instrument, a purpose, a thing cut into parts, an orientation like "upside down", weather as a
place), where a refusal is right. Where a place follows a verb's object, the row gives the reading a person would
(the rules may refuse it).

Measured once (at 4b7ef54, the rules after round 4; written by a helper that never saw the rules or their tests,
kept outside the repository until then): 56 of 80 parsed right (70%), 15 refused (13 of them rows marked REFUSE, so
69 of 80 answered right: 86%), 9 mis-parsed (11%). Below the issue's 90%.
  - real errors (3): "A piano that was painted blue" (blue read as the object painted), "waits in the pouring rain"
    (weather with an adjective is not refused), "a workbench which is covered by tools" (read as under).
  - a place after a verb's object given to the other party than the row (3): the scene rule gives "on the counter"
    and "near the tent" to the subject, the row to the object; "in his bedroom" goes to the cello, the row to the boy.
  - noun boundary or wording (3): "dirty mug" (the row's noun) vs mug/dirty, "straw hat" as one noun vs hat/straw,
    "hung on" vs "hanging on".

Issue 19, round 5 (fixes led by this set, so it is no longer held out): 59 right (74%), 16 refused (14 marked REFUSE:
73 of 80 answered right, 91%), 5 mis-parsed, none of them a real error. Now read: "painted blue" as the piano's
color, "covered by tools" as the tools covering the workbench, "in his bedroom" as a scene (the boy's); refused now:
"in the pouring rain" (weather), "licking a plate on the counter" (licking does not hold its object). "heats a flask
over a burner" now reads the flask above the burner (a vessel), counted mis-parsed for its wording only ("over" is
"above" in every atom). Left: "dirty mug", "straw hat", "hung" / "hanging" (wording), "sniffing a cooler near the
tent" (the scene convention gives the place to the bear).
Issue 19, round 6 (fixes led by bench/csg_heldout7.py): 59 right (74%), 16 refused (14 marked REFUSE), 5
mis-parsed: unchanged.
Issue 19, round 7: 60 right (75%), 16 refused (14 marked REFUSE), 4 mis-parsed: "straw hat" is now hat/straw.

Run:
    python bench/csg_heldout6.py           # the counts, then every refusal and mis-parse
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT6 = [
    # gardens
    ("A gardener kneels beside a bed of tulips.", "gardener/1; bed of tulips/1", "0 kneeling beside 1"),
    ("A watering can was left under the apple tree.", "watering can/1; apple tree/1", "0 left under 1"),
    ("Bees are buzzing around a lavender bush.", "bee/2+; lavender bush/1", "0 buzzing around 1"),
    ("A wheelbarrow full of soil", "wheelbarrow/1; soil/1", "1 in 0"),
    ("The garden gnome is wearing a red hat.", "garden gnome/1; hat/1/red", "0 wearing 1"),
    # kitchens at night
    ("A small lamp glows above the kitchen sink.", "lamp/1/small; kitchen sink/1", "0 glowing above 1"),
    ("A cat is licking a plate on the counter.", "cat/1; plate/1; counter/1", "0 licking 1; 1 on 2"),
    ("Three dirty mugs are piled in the sink.", "dirty mug/3; sink/1", "0 piled in 1"),
    ("A teenager is eating cereal by the light of the fridge.", "REFUSE", ""),
    ("The cups that are on the drying rack are clean.", "cup/2+/clean; drying rack/1", "0 on 1"),
    # music and instruments
    ("A violinist in a black dress plays on a stage.", "violinist/1; dress/1/black; stage/1",
     "0 in 1; 0 playing on 2"),
    ("Two guitars hung on a brick wall.", "guitar/2; wall/1/brick", "0 hanging on 1"),
    ("A drummer sits behind a red drum kit.", "drummer/1; drum kit/1/red", "0 sitting behind 1"),
    ("A trumpet is lying on top of the piano.", "trumpet/1; piano/1", "0 lying on top of 1"),
    ("A boy is practicing the cello in his bedroom.", "boy/1; cello/1; bedroom/1", "0 practicing 1; 0 in 2"),
    ("A piano that was painted blue", "piano/1/blue", ""),
    # transport
    ("A steam train crosses a stone bridge over a river.", "steam train/1; bridge/1/stone; river/1",
     "0 crossing 1; 1 over 2"),
    ("Two bicycles are locked to a metal railing.", "bicycle/2; railing/1/metal", "0 locked to 1"),
    ("An old rowboat lies upside down on the shore.", "REFUSE", ""),
    ("A tugboat pushes a barge into the harbor.", "REFUSE", ""),
    ("The blue tram is to the left of a yellow bus.", "tram/1/blue; bus/1/yellow", "0 left of 1"),
    ("A helmet hangs from the handlebars of a bike.", "REFUSE", ""),
    ("6 cars are waiting at the railroad crossing.", "car/6; railroad crossing/1", "0 waiting at 1"),
    # farms
    ("A farmer carries a bucket of milk across the yard.", "farmer/1; bucket of milk/1; yard/1",
     "0 carrying 1; 0 across 2"),
    ("Three pigs are rolling in the mud.", "pig/3; mud/1", "0 rolling in 1"),
    ("A goat is chewing on a straw hat.", "goat/1; hat/1/straw", "0 chewing on 1"),
    ("Two lambs were fed by a little girl.", "lamb/2; girl/1/little", "1 feeding 0"),
    ("A baby goat is sleeping.", "baby goat/1/sleeping", ""),
    ("A tractor waits in the pouring rain.", "REFUSE", ""),
    # schools
    ("A globe sits on the teacher's desk.", "REFUSE", ""),
    ("Backpacks hang on hooks along the hallway.", "backpack/2+; hook/2+; hallway/1",
     "0 hanging on 1; 1 along 2"),
    ("A girl raises her hand to ask a question.", "REFUSE", ""),
    ("A school bus is parked in front of the gym.", "school bus/1; gym/1", "0 parked in front of 1"),
    ("A teacher reads a story to the class.", "REFUSE", ""),
    ("Four students who are sitting at a long table", "student/4; table/1/long", "0 sitting at 1"),
    # winter
    ("A snowman wearing a blue scarf stands in the yard.", "snowman/1; scarf/1/blue; yard/1",
     "0 wearing 1; 0 standing in 2"),
    ("Two children are sledding down a snowy hill.", "child/2; snowy hill/1", "0 sledding down 1"),
    ("Icicles hang from a wooden porch.", "icicle/2+; porch/1/wooden", "0 hanging from 1"),
    ("A reindeer is pulling a sleigh.", "reindeer/1; sleigh/1", "0 pulling 1"),
    ("The frozen pond is surrounded by pine trees.", "frozen pond/1; pine tree/2+", "1 surrounding 0"),
    # museums
    ("A marble statue stands in the middle of the hall.", "REFUSE", ""),
    ("A dinosaur skeleton towers over two small children.", "dinosaur skeleton/1; child/2/small",
     "0 towering over 1"),
    ("A security guard is standing next to a glass display case.", "security guard/1; display case/1/glass",
     "0 standing next to 1"),
    ("Visitors are looking at an ancient vase.", "visitor/2+; ancient vase/1", "0 looking at 1"),
    ("A painting hangs to the right of a tall window.", "painting/1; window/1/tall",
     "0 hanging to the right of 1"),
    # markets
    ("Baskets of tomatoes are lined up on a wooden table.", "basket of tomatoes/2+; table/1/wooden",
     "0 lined up on 1"),
    ("A woman in a straw hat buys flowers from a stall.", "REFUSE", ""),
    ("Five watermelons sit under a striped umbrella.", "watermelon/5; umbrella/1/striped", "0 sitting under 1"),
    ("A fishmonger is holding a large salmon.", "fishmonger/1; salmon/1/large", "0 holding 1"),
    ("Crates of oranges are stacked next to the cart.", "crate of oranges/2+; cart/1", "0 stacked next to 1"),
    # camping
    ("A green tent is pitched beside a lake.", "tent/1/green; lake/1", "0 pitched beside 1"),
    ("Two campers sat around a campfire.", "camper/2; campfire/1", "0 sitting around 1"),
    ("A flashlight is lying inside a sleeping bag.", "flashlight/1; sleeping bag/1", "0 lying inside 1"),
    ("A bear is sniffing a cooler near the tent.", "bear/1; cooler/1; tent/1", "0 sniffing 1; 1 near 2"),
    ("A hiker uses a map to find the trail.", "REFUSE", ""),
    ("The tent is orange.", "tent/1/orange", ""),
    # bathrooms
    ("The toothbrush was in a glass cup.", "toothbrush/1; cup/1/glass", "0 in 1"),
    ("Two white towels hang on a silver rail.", "towel/2/white; rail/1/silver", "0 hanging on 1"),
    ("A bar of soap, a sponge and a razor lie next to the faucet.", "bar of soap/1; sponge/1; razor/1; faucet/1",
     "0 lying next to 3; 1 lying next to 3; 2 lying next to 3"),
    ("A small shelf below a round mirror", "shelf/1/small; mirror/1/round", "0 below 1"),
    # workshops
    ("A hammer and a saw hang above the workbench.", "hammer/1; saw/1; workbench/1",
     "0 hanging above 2; 1 hanging above 2"),
    ("A carpenter is sanding a wooden chair.", "carpenter/1; chair/1/wooden", "0 sanding 1"),
    ("A jar of nails sits on a shelf above a drill.", "jar of nails/1; shelf/1; drill/1",
     "0 sitting on 1; 1 above 2"),
    ("A man fixes a bicycle wheel with a wrench.", "REFUSE", ""),
    ("3 screwdrivers are lying in a metal toolbox.", "screwdriver/3; toolbox/1/metal", "0 lying in 1"),
    ("A workbench which is covered by tools", "workbench/1; tool/2+", "1 covering 0"),
    # birthday parties
    ("A birthday cake with five candles", "birthday cake/1; candle/5", ""),
    ("A boy in a paper crown is opening a present.", "boy/1; crown/1/paper; present/1", "0 in 1; 0 opening 2"),
    ("A clown is juggling three oranges.", "clown/1; orange/3", "0 juggling 1"),
    ("Two boys are throwing cake at each other.", "REFUSE", ""),
    ("A pile of presents next to a pink balloon", "pile of presents/1; balloon/1/pink", "0 next to 1"),
    ("The birthday cake was cut into eight slices.", "REFUSE", ""),
    # science labs
    ("A scientist in a white coat looks through a microscope.", "scientist/1; coat/1/white; microscope/1",
     "0 in 1; 0 looking through 2"),
    ("Test tubes stand in a plastic rack.", "test tube/2+; rack/1/plastic", "0 standing in 1"),
    ("A glass beaker is filled with green liquid.", "beaker/1/glass; liquid/1/green", "0 filled with 1"),
    ("A student heats a flask over a burner.", "student/1; flask/1; burner/1", "0 heating 1; 1 over 2"),
    ("A skeleton model stands to the left of the whiteboard.", "skeleton model/1; whiteboard/1",
     "0 standing to the left of 1"),
    # "A photo of" frames
    ("A photo of a red tractor next to a barn", "tractor/1/red; barn/1", "0 next to 1"),
    ("A picture of two violins on a chair", "violin/2; chair/1", "0 on 1"),
    ("a photo of 4 sailboats", "sailboat/4", ""),
]


if __name__ == "__main__":
    score(HELD_OUT6, "held-out (6)")
