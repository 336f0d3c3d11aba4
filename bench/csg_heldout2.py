"""bench/csg_heldout2.py: a second held-out set of natural compositional prompts for cast_csg's rules.

109 prompts written for issue 19 after bench/csg_heldout.py's had been used for fixes, each with the reading
a careful person would give it, written before the parser was run on any of them. Domains: kitchens, streets,
animals, sports, offices, nature, toys, vehicles, people and homes. Shorthand and scoring as in
bench/csg_heldout.py (imported from it): objects "noun/count/attribute,..." ("2+": a bare plural), relations
"subject value target"; "REFUSE" marks a prompt whose meaning the atoms cannot state (a verb's second object
or path, a part "of the" something, an adverb, a comparison, a possessive), where a refusal is right.
Where a place after "verb object" describes the subject ("reads a newspaper on a park bench": the man is on
the bench), the row says so.

Measured once, before any fix (the rules as on branch issue19b at 02996a6): 81 of 109 parsed right (74%),
19 refused (12 of them rows marked REFUSE, so 93 of 109 answered right: 85%), 9 mis-parsed.
After the fixes it led to (issue 19, with bench/csg_heldout.py; so no longer held out): 87 parsed right (80%),
22 refused (14 of them marked REFUSE: 101 of 109 answered right, 93%), 0 mis-parsed. The 8 refused that a
person reads one way: four places after a verb's object ("reads a newspaper on a park bench": the man's place
or the paper's, which the rules cannot tell and refuse), "zebra crossing" ("crossing" read as a verb), "a pair
of scissors" ("pair" is refused as a count), "blonde hair sits" ("sits" a verb or a plural noun) and "by the
fireplace" ("by" is not read as a place, since "a painting by Monet" names an author).

Issue 19, round 2: 90 right (83%), 19 refused (14 marked REFUSE), 0 mis-parsed ("by the fireplace" and
"zebra crossing" now read; "reads a newspaper on a park bench" now puts the man on the bench).

Issue 19, round 4: 91 right (83%), 17 refused (13 marked REFUSE), 1 mis-parsed: "Three ducklings follow their mother
across the road" now parses as the ducklings following the mother across the road (a scene after the object is the
subject's), where the row is REFUSE ("their mother": whose mother).

Issue 19, round 5: 91 right (83%), 17 refused (13 marked REFUSE), 1 mis-parsed: unchanged ("watches a bird in a cage"
stays refused: a cage is no vessel, it can hold the cat too).
Issue 19, round 6 (fixes led by bench/csg_heldout7.py): 91 right (83%), 17 refused (13 marked REFUSE), 1
mis-parsed: unchanged.
Issue 19, round 7: 91 right, 16 refused (12 marked REFUSE), 2 mis-parsed: "walks slowly" parses (adverb dropped).

Run:
    python bench/csg_heldout2.py           # the counts, then every refusal and mis-parse
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT2 = [
    # kitchens
    ("A wooden cutting board holds three sliced tomatoes.", "cutting board/1/wooden; sliced tomato/3", "0 holding 1"),
    ("The kettle is whistling on the stove.", "kettle/1; stove/1", "0 whistling on 1"),
    ("Two mugs of hot cocoa sit on a marble countertop.", "mug of hot cocoa/2; countertop/1/marble",
     "0 sitting on 1"),
    ("A chef in a white apron is flipping pancakes.", "chef/1; apron/1/white; pancake/2+", "0 in 1; 0 flipping 2"),
    ("A toaster stands beside the coffee maker.", "toaster/1; coffee maker/1", "0 standing beside 1"),
    ("Eggs are frying in a black pan.", "egg/2+; pan/1/black", "0 frying in 1"),
    ("A bowl of salad next to a bottle of olive oil", "bowl of salad/1; bottle of olive oil/1", "0 next to 1"),
    ("The refrigerator door is open.", "refrigerator door/1/open", ""),
    ("Three spoons hang from a metal rack.", "spoon/3; rack/1/metal", "0 hanging from 1"),
    ("A loaf of bread was sliced by a bread knife.", "loaf of bread/1; bread knife/1", "1 slicing 0"),
    ("A white plate with two slices of cake", "plate/1/white; slice of cake/2", ""),
    ("A glass of milk was spilled on the floor.", "glass of milk/1; floor/1", "0 spilled on 1"),
    ("A woman is pouring milk into a glass.", "REFUSE", ""),
    ("The waiter carries a tray of drinks.", "waiter/1; tray of drinks/1", "0 carrying 1"),
    # streets
    ("A yellow school bus stops at a red light.", "school bus/1/yellow; light/1/red", "0 stopping at 1"),
    ("Two cyclists ride past a bakery.", "cyclist/2; bakery/1", "0 riding past 1"),
    ("A man in a gray coat waits at the bus stop.", "man/1; coat/1/gray; bus stop/1", "0 in 1; 0 waiting at 2"),
    ("A fire hydrant stands next to a parked car.", "fire hydrant/1; parked car/1", "0 standing next to 1"),
    ("Pigeons are pecking at crumbs on the sidewalk.", "pigeon/2+; crumb/2+; sidewalk/1",
     "0 pecking at 1; 1 on 2"),
    ("A delivery truck is parked behind a blue van.", "delivery truck/1; van/1/blue", "0 parked behind 1"),
    ("The traffic light is green.", "traffic light/1/green", ""),
    ("A street musician plays a saxophone under a lamppost.", "street musician/1; saxophone/1; lamppost/1",
     "0 playing 1; 0 under 2"),
    ("A woman walks across a zebra crossing.", "woman/1; zebra crossing/1", "0 walking across 1"),
    ("Two taxis wait in front of a hotel.", "taxi/2; hotel/1", "0 waiting in front of 1"),
    ("A police car chases a speeding truck.", "police car/1; speeding truck/1", "0 chasing 1"),
    ("A man reads a newspaper on a park bench.", "man/1; newspaper/1; park bench/1", "0 reading 1; 0 on 2"),
    # animals
    ("A brown bear is fishing in a river.", "bear/1/brown; river/1", "0 fishing in 1"),
    ("Three ducklings follow their mother across the road.", "REFUSE", ""),
    ("A parrot perched on a pirate's shoulder", "REFUSE", ""),
    ("The zebra is drinking from a pond.", "zebra/1; pond/1", "0 drinking from 1"),
    ("A kitten sleeps inside a shoe box.", "kitten/1; shoe box/1", "0 sleeping inside 1"),
    ("Two rabbits are eating carrots in a garden.", "rabbit/2; carrot/2+; garden/1", "0 eating 1; 0 in 2"),
    ("A horse with a long mane gallops through a meadow.", "horse/1; mane/1/long; meadow/1",
     "0 galloping through 2"),
    ("The giraffe was eating leaves from a tall tree.", "REFUSE", ""),
    ("A goldfish swimming in a glass bowl", "goldfish/1; bowl/1/glass", "0 swimming in 1"),
    ("Two dogs are pulling on a red rope.", "dog/2; rope/1/red", "0 pulling on 1"),
    ("A cow is standing behind a wooden fence.", "cow/1; fence/1/wooden", "0 standing behind 1"),
    ("An eagle soars over snowy mountains.", "eagle/1; snowy mountain/2+", "0 soaring over 1"),
    ("A tortoise and a hare race on a dirt track.", "tortoise/1; hare/1; dirt track/1",
     "0 racing on 2; 1 racing on 2"),
    ("The puppy chewed a red slipper.", "puppy/1; slipper/1/red", "0 chewing 1"),
    ("A cat that is sleeping on a windowsill", "cat/1; windowsill/1", "0 sleeping on 1"),
    ("Four chickens peck at the ground.", "chicken/4; ground/1", "0 pecking at 1"),
    ("A cat watches a bird in a cage.", "cat/1; bird/1; cage/1", "0 watching 1; 1 in 2"),
    ("Three pandas are munching on bamboo.", "panda/3; bamboo/1", "0 munching on 1"),
    ("A horse pulling a carriage through the park", "REFUSE", ""),
    # sports
    ("A soccer player kicks the ball into the net.", "REFUSE", ""),
    ("A tennis racket leans against the net.", "tennis racket/1; net/1", "0 leaning against 1"),
    ("Two basketball players jump for the ball.", "basketball player/2; ball/1", "0 jumping for 1"),
    ("A surfer rides a huge wave.", "surfer/1; wave/1/huge", "0 riding 1"),
    ("The skier is wearing a blue helmet.", "skier/1; helmet/1/blue", "0 wearing 1"),
    ("A golf ball is sitting next to the hole.", "golf ball/1; hole/1", "0 sitting next to 1"),
    ("A baseball bat lies on the grass.", "baseball bat/1; grass/1", "0 lying on 1"),
    ("Three runners cross the finish line.", "runner/3; finish line/1", "0 crossing 1"),
    ("A boxer in red gloves punches a heavy bag.", "boxer/1; glove/2+/red; heavy bag/1", "0 in 1; 0 punching 2"),
    ("A skateboard is upside down on the ramp.", "REFUSE", ""),
    ("A boy who is wearing a red cap throws a frisbee.", "boy/1; cap/1/red; frisbee/1",
     "0 wearing 1; 0 throwing 2"),
    # offices
    ("A laptop and a stack of papers are on the desk.", "laptop/1; stack of papers/1; desk/1", "0 on 2; 1 on 2"),
    ("The office chair is black.", "office chair/1/black", ""),
    ("A printer is next to the window.", "printer/1; window/1", "0 next to 1"),
    ("A man in a suit is typing on a keyboard.", "man/1; suit/1; keyboard/1", "0 in 1; 0 typing on 2"),
    ("Two coffee cups were left on the conference table.", "coffee cup/2; conference table/1", "0 left on 1"),
    ("A potted plant sits in the corner of the office.", "REFUSE", ""),
    ("A whiteboard covered with notes", "whiteboard/1; note/2+", "0 covered with 1"),
    ("A stapler lies beside a pair of scissors.", "stapler/1; pair of scissors/1", "0 lying beside 1"),
    ("A smartphone is charging on the desk.", "smartphone/1; desk/1", "0 charging on 1"),
    ("The books that are on the shelf are old.", "book/2+/old; shelf/1", "0 on 1"),
    # nature
    ("A waterfall flows into a clear lake.", "waterfall/1; clear lake/1", "0 flowing into 1"),
    ("Tall pine trees surround a small cabin.", "pine tree/2+/tall; cabin/1/small", "0 surrounding 1"),
    ("A rainbow appears over the hills.", "rainbow/1; hill/2+", "0 appearing over 1"),
    ("The moon is shining above a quiet village.", "moon/1; quiet village/1", "0 shining above 1"),
    ("A red rose grows between two rocks.", "rose/1/red; rock/2", "0 growing between 1"),
    ("Snow covers the roof of the cabin.", "REFUSE", ""),
    ("Mushrooms are growing on a fallen log.", "mushroom/2+; fallen log/1", "0 growing on 1"),
    ("A butterfly lands on a yellow flower.", "butterfly/1; flower/1/yellow", "0 landing on 1"),
    ("Two deer stand at the edge of the forest.", "REFUSE", ""),
    ("A river winds through a green valley.", "river/1; valley/1/green", "0 winding through 1"),
    ("The cactus is tall and green.", "cactus/1/tall,green", ""),
    # toys
    ("A teddy bear is sitting inside a toy box.", "teddy bear/1; toy box/1", "0 sitting inside 1"),
    ("Five wooden blocks are stacked on a rug.", "block/5/wooden; rug/1", "0 stacked on 1"),
    ("A toy train circles around a christmas tree.", "toy train/1; christmas tree/1", "0 circling around 1"),
    ("A doll with blonde hair sits on a pink chair.", "doll/1; blonde hair/1; chair/1/pink", "0 sitting on 2"),
    ("Three rubber ducks float in the bathtub.", "duck/3/rubber; bathtub/1", "0 floating in 1"),
    ("The robot toy is holding a plastic sword.", "robot toy/1; sword/1/plastic", "0 holding 1"),
    ("A kite shaped like a dragon", "REFUSE", ""),
    ("Two dolls are having a tea party.", "doll/2; tea party/1", "0 having 1"),
    ("A stuffed rabbit lies next to a pillow.", "stuffed rabbit/1; pillow/1", "0 lying next to 1"),
    ("A lamp that was knocked over by the cat", "lamp/1; cat/1", "1 knocking over 0"),
    # vehicles
    ("A red sports car is parked beside a motorcycle.", "sports car/1/red; motorcycle/1", "0 parked beside 1"),
    ("An airplane flies above the clouds.", "airplane/1; cloud/2+", "0 flying above 1"),
    ("A tractor is pulling a trailer full of hay.", "tractor/1; trailer/1; hay/1", "0 pulling 1; 2 in 1"),
    ("Two sailboats are drifting on a calm sea.", "sailboat/2; calm sea/1", "0 drifting on 1"),
    ("A motorcycle is leaning against a brick wall.", "motorcycle/1; wall/1/brick", "0 leaning against 1"),
    ("The train crosses a long bridge.", "train/1; bridge/1/long", "0 crossing 1"),
    ("A helicopter landed on the roof of a hospital.", "REFUSE", ""),
    ("A bicycle with a wicker basket", "bicycle/1; wicker basket/1", ""),
    # people and homes
    ("A grandmother is knitting a green sweater by the fireplace.", "grandmother/1; sweater/1/green; fireplace/1",
     "0 knitting 1; 0 next to 2"),
    ("A boy sits between his parents.", "boy/1; parent/2+", "0 sitting between 1"),
    ("An old man with a cane walks slowly.", "REFUSE", ""),
    ("A girl in a yellow raincoat jumps in a puddle.", "girl/1; raincoat/1/yellow; puddle/1",
     "0 in 1; 0 jumping in 2"),
    ("Three students are sitting at a round table.", "student/3; table/1/round", "0 sitting at 1"),
    ("A painter stands in front of an easel.", "painter/1; easel/1", "0 standing in front of 1"),
    ("A little boy was holding a red balloon.", "boy/1/little; balloon/1/red", "0 holding 1"),
    ("A baker pulls fresh bread out of the oven.", "REFUSE", ""),
    ("The vase on the table is blue.", "vase/1/blue; table/1", "0 on 1"),
    ("A cat sits on the windowsill and watches the birds.", "cat/1; windowsill/1; bird/2+",
     "0 sitting on 1; 0 watching 2"),
    ("Two candles and a vase of roses stand on the mantel.", "candle/2; vase of roses/1; mantel/1",
     "0 standing on 2; 1 standing on 2"),
    ("A dog is lying under the kitchen table while a cat sleeps on the chair.",
     "dog/1; kitchen table/1; cat/1; chair/1", "0 lying under 1; 2 sleeping on 3"),
    ("The mirror above the sink is round.", "mirror/1/round; sink/1", "0 above 1"),
    ("A gardener is watering roses with a green hose.", "gardener/1; rose/2+; hose/1/green", "0 watering 1"),
]


if __name__ == "__main__":
    score(HELD_OUT2, "held-out (2)")
