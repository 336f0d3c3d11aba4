"""bench/csg_heldout21.py: the twenty-first held-out set of natural prompts for cast_csg's rules (issue 19), in the
style of compositional text-to-image benchmarks.

80 prompts written in the style of the public compositional text-to-image benchmarks that researchers train and
evaluate on (T2I-CompBench's categories, GenEval, DPG-style dense prompts, PartiPrompts and the like), every one new
and none copied from a benchmark. Each row gives the reading a careful person would. The set was written blind by a
helper that never saw the rules, their tests or their history, never ran the parser, and kept the file outside the
repository. It must never be used to change the rules.

Eight categories, ten prompts each, in this order:
  1. color binding: two or three objects each with its own color, with less common color words (teal, maroon,
     lavender, crimson, beige, turquoise, magenta, silver, ivory, scarlet, indigo, coral, amber);
  2. shape binding: round, square, triangular, oval, rectangular, cylindrical, heart-shaped, star-shaped,
     cube-shaped objects;
  3. texture and material binding: fluffy, fuzzy, furry, shiny, smooth, soft, knitted, woolen, leather, glass,
     metallic, wooden, velvet, marble, ceramic, plastic, paper, copper, granite, silk, denim, brass, chrome, felt;
  4. 2D spatial: left of, right of, above, below (beneath), on top of (atop), next to, near (close to);
  5. 3D spatial: in front of, behind, hidden by, inside, under (underneath);
  6. non-spatial interactions: a verb between two things (present, progressive, participle, passive);
  7. counting: one to eight, as words or digits, several objects with their counts, irregular plurals ("geese",
     "mice", "women", "children");
  8. complex: longer sentences (15 to 30 words) mixing these with verbs, copulas, relative clauses, passives, lists,
     "of" nouns, "with", "There is/are" and a place put first.
Some prompts are capitalized and end with a period, some do not.

Shorthand and scoring as in bench/csg_heldout.py. Objects are written "noun/count/attribute,..." (nouns singular and
lower case; "2+" is a bare plural), numbered in the order the prompt first names them. Relations are written
"subject value target", using object indices, in the order the prompt states them. "REFUSE" marks a prompt whose
meaning the atoms cannot state; for those rows a refusal is the right answer. 10 of the 80 rows are marked REFUSE:
a part or region "of" a thing ("in the corner of the waiting room", "the hood of a car", "at the edge of a pond"),
a possessive body part ("a man's beard"), a verb's destination ("pours lemonade into a tall glass"), a verb's second
object ("hands a basket of eggs to his daughter"), a purpose ("to make soup"), a negation ("no chair and no lamp"),
and comparisons ("more strawberries than blueberries", "much bigger than its doghouse").

Conventions, following bench/csg_heldout15.py:
  - A bare spatial preposition reads as the atoms' canonical relation: "left of", "right of"; "above" (above,
    over); "below" (below, beneath); "under" (under, underneath); "on top of" (on top of, atop); "on"; "in" (in,
    inside); "in front of"; "behind"; "next to" (next to, beside, a spatial "by"); "near" (near, close to); "at",
    "around", "against", "across", "through", "along", "between", "outside" as written. "to the left of" and "to
    the right of" (after a copula or not) -> "left of", "right of".
  - "A hidden by B" reads as "A behind B" ("A raccoon hidden by a trash can" -> "0 behind 1").
  - A verb relation reads as the -ing form and keeps its own preposition ("sits next to" -> "sitting next to", "lies
    on" -> "lying on", "crawls across" -> "crawling across", "hang above" -> "hanging above", "munching on",
    "grazing near", "stands behind" -> "standing behind", "fly above" -> "flying above"). A past participle stays
    as written ("parked beside", "parked behind", "tied to", "draped over", "filled with").
  - A passive with "by" reads as the active ("A violin is being played by an old man." -> "1 playing 0"; "the gate
    is being opened by a farmer" -> "farmer opening gate").
  - An intransitive verb with no place is an attribute.
  - Colors (the less common ones too), materials, sizes (big, large, small, little, tall, old, young), shapes (round,
    square, triangular, oval, rectangular, cylindrical, heart-shaped, star-shaped, cube-shaped) and textures
    (fluffy, fuzzy, furry, shiny, smooth, soft, striped, knitted) are attributes, in the order they are written
    ("A shiny chrome robot" -> robot/1/shiny,chrome; "a small round table" -> table/1/small,round). Materials here:
    leather, glass, metallic, wooden, velvet, marble, ceramic, plastic, paper, woolen, copper, granite, silk, denim,
    brass, chrome, felt, rubber, stone.
  - Compound nouns are one noun ("fire hydrant", "beach towel", "beach ball", "gift box", "sugar bowl", "coffee
    table", "pencil cup", "floor lamp", "hot air balloon", "basketball hoop", "filing cabinet", "pocket watch",
    "compost bin", "bird feeder", "trash can", "hermit crab", "picnic table", "laundry basket", "police car", "water
    heater", "tin can", "dining table", "watering hole", "baking tray", "picnic rug", "kitchen counter", "miso
    soup", "jasmine tea"). Words inside an "of" noun stay in that noun ("wedge of cheese", "bowl of miso soup");
    "a pair of" is an "of" noun of count 1 ("pair of chopsticks/1"). Possessives are dropped. Mass nouns count 1
    ("sand/1", "bamboo/1", "jasmine tea/1").
  - "in red boots" / "in a blue cap" is "0 in 1".
  - Lists that share a relation give one relation per list member, whether the list is the subjects ("0 on 3; 1 on
    3; 2 on 3") or the targets ("a ceramic sugar bowl next to a plastic spoon and a paper napkin" -> "0 next to 1;
    0 next to 2").
  - A plain thing after a verb's object goes to the object ("holding a striped umbrella over a small boy" -> the
    umbrella above the boy). A place after the object of a preposition or participle attaches to that object, the
    nearest one ("hangs on the wall over a rectangular fireplace" -> "1 above 2"; "in a yellow cup beside an amber
    bottle" -> "1 next to 2"; "inside a glass jar in front of a window" -> "1 in front of 2"; "parked behind a van
    in front of a bakery" -> "1 in front of 2").
  - A relative clause ("that sits on", "who is wearing", "who is mending") relates the noun it follows.
  - A place put first, before "there is/are", is shared by every thing listed after it, and is numbered first ("On
    the kitchen counter there is A, B and C" -> "1 on 0; 2 on 0; 3 on 0").
  - "X with Y on it" reads as "Y on X", like "X with Y in it" in the earlier sets.
  - A definite noun that repeats one named earlier ("... next to the sofa") is that object, not a new one.

Run:
    python bench/csg_heldout21.py

Measured once (at c548c8b, the rules after round 16; written by a helper that never saw the rules or their tests,
kept outside the repository until then; the brief asked for "less common color words"): 62 of 80 parsed right (78%;
62 of the 70 statable rows: 89%), 12 refused (9 of them rows marked REFUSE, so 71 of 80 answered right: 89%), 6
mis-parsed (7.5%).
  - color words that also name things (4): "lavender bicycle", "ivory piano", "coral beach towel", "amber bottle"
    read as one noun; an attribute no table has (1): "a soft felt mouse" ("soft"; "felt" is left out on purpose).
  - a REFUSE row parsed (1): "A barber trimming a man's beard" ("man's beard" read as one noun, as "a bird's nest":
    "beard" was no body part in the table).
  - refused where the row has a reading (3): "next to a plastic spoon and a paper napkin" (a caption's place, then
    more phrases), "holding a striped umbrella over a small boy" (whose place?), "On the kitchen counter there is
    ..." (a place first).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT21 = [
    # 1. color binding
    ("A teal kettle and a maroon mug", "kettle/1/teal; mug/1/maroon", ""),
    ("a lavender bicycle parked beside a yellow fire hydrant", "bicycle/1/lavender; fire hydrant/1/yellow",
     "0 parked beside 1"),
    ("The crimson armchair sits next to a beige bookshelf.", "armchair/1/crimson; bookshelf/1/beige",
     "0 sitting next to 1"),
    ("A turquoise surfboard, a pink beach ball and an orange cooler on the sand",
     "surfboard/1/turquoise; beach ball/1/pink; cooler/1/orange; sand/1", "0 on 3; 1 on 3; 2 on 3"),
    ("Magenta tulips in a silver vase", "tulip/2+/magenta; vase/1/silver", "0 in 1"),
    ("A black llama and a white alpaca standing in a green meadow", "llama/1/black; alpaca/1/white; meadow/1/green",
     "0 standing in 2; 1 standing in 2"),
    ("An ivory piano and a scarlet stool.", "piano/1/ivory; stool/1/scarlet", ""),
    ("Two gray pigeons and one brown sparrow on a red mailbox.", "pigeon/2/gray; sparrow/1/brown; mailbox/1/red",
     "0 on 2; 1 on 2"),
    ("An indigo backpack lies on a coral beach towel.", "backpack/1/indigo; beach towel/1/coral", "0 lying on 1"),
    ("a blue toothbrush in a yellow cup beside an amber bottle", "toothbrush/1/blue; cup/1/yellow; bottle/1/amber",
     "0 in 1; 1 next to 2"),
    # 2. shape binding
    ("A round mirror above a square sink", "mirror/1/round; sink/1/square", "0 above 1"),
    ("a triangular sandwich on an oval plate", "sandwich/1/triangular; plate/1/oval", "0 on 1"),
    ("A heart-shaped cookie next to a star-shaped cookie.", "cookie/1/heart-shaped; cookie/1/star-shaped",
     "0 next to 1"),
    ("Three rectangular bricks and a round pebble", "brick/3/rectangular; pebble/1/round", ""),
    ("A square clock hangs on the wall over a rectangular fireplace.",
     "clock/1/square; wall/1; fireplace/1/rectangular", "0 hanging on 1; 1 above 2"),
    ("The oval rug is to the right of a round ottoman.", "rug/1/oval; ottoman/1/round", "0 right of 1"),
    ("a star-shaped balloon tied to a square gift box", "balloon/1/star-shaped; gift box/1/square", "0 tied to 1"),
    ("Two triangular flags fly above a round tent.", "flag/2/triangular; tent/1/round", "0 flying above 1"),
    ("A cylindrical vase and a cube-shaped candle on a rectangular tray",
     "vase/1/cylindrical; candle/1/cube-shaped; tray/1/rectangular", "0 on 2; 1 on 2"),
    ("A square pizza and a round pie sit on the counter.", "pizza/1/square; pie/1/round; counter/1",
     "0 sitting on 2; 1 sitting on 2"),
    # 3. texture and material binding
    ("A fluffy bathrobe draped over a metallic railing", "bathrobe/1/fluffy; railing/1/metallic", "0 draped over 1"),
    ("A leather wallet on a glass coffee table", "wallet/1/leather; coffee table/1/glass", "0 on 1"),
    ("A knitted hat and a wooden sled", "hat/1/knitted; sled/1/wooden", ""),
    ("A fuzzy caterpillar crawls across a smooth stone", "caterpillar/1/fuzzy; stone/1/smooth",
     "0 crawling across 1"),
    ("The velvet cushion is on a marble bench.", "cushion/1/velvet; bench/1/marble", "0 on 1"),
    ("a ceramic sugar bowl next to a plastic spoon and a paper napkin",
     "sugar bowl/1/ceramic; spoon/1/plastic; napkin/1/paper", "0 next to 1; 0 next to 2"),
    ("A furry dog sleeping on a woolen blanket", "dog/1/furry; blanket/1/woolen", "0 sleeping on 1"),
    ("Two copper pots hang above a granite countertop.", "pot/2/copper; countertop/1/granite", "0 hanging above 1"),
    ("A silk scarf and a denim jacket on a brass hook", "scarf/1/silk; jacket/1/denim; hook/1/brass",
     "0 on 2; 1 on 2"),
    ("A shiny chrome robot holding a soft felt mouse", "robot/1/shiny,chrome; mouse/1/soft,felt", "0 holding 1"),
    # 4. 2D spatial
    ("A stapler to the left of a pencil cup", "stapler/1; pencil cup/1", "0 left of 1"),
    ("The floor lamp is to the right of the cello.", "floor lamp/1; cello/1", "0 right of 1"),
    ("a hot air balloon above a lighthouse", "hot air balloon/1; lighthouse/1", "0 above 1"),
    ("A skateboard beneath a basketball hoop", "skateboard/1; basketball hoop/1", "0 below 1"),
    ("A cactus atop a filing cabinet", "cactus/1; filing cabinet/1", "0 on top of 1"),
    ("a harmonica next to a pocket watch", "harmonica/1; pocket watch/1", "0 next to 1"),
    ("A wheelbarrow close to a compost bin.", "wheelbarrow/1; compost bin/1", "0 near 1"),
    ("Two pelicans to the right of a wooden post", "pelican/2; post/1/wooden", "0 right of 1"),
    ("A potted fern in the corner of the waiting room", "REFUSE", ""),
    ("The bird feeder hangs above a stone birdbath.", "bird feeder/1; birdbath/1/stone", "0 hanging above 1"),
    # 5. 3D spatial
    ("A raccoon hidden by a trash can", "raccoon/1; trash can/1", "0 behind 1"),
    ("A tractor in front of a red barn", "tractor/1; barn/1/red", "0 in front of 1"),
    ("a deer behind a wooden fence", "deer/1; fence/1/wooden", "0 behind 1"),
    ("A hermit crab inside a glass tank", "hermit crab/1; tank/1/glass", "0 in 1"),
    ("A beagle underneath the picnic table", "beagle/1; picnic table/1", "0 under 1"),
    ("A mailman standing behind a tall hedge", "mailman/1; hedge/1/tall", "0 standing behind 1"),
    ("Three marbles inside a glass jar in front of a window", "marble/3; jar/1/glass; window/1",
     "0 in 1; 1 in front of 2"),
    ("A motorcycle hidden by a large bush.", "motorcycle/1; bush/1/large", "0 behind 1"),
    ("Two kittens inside a laundry basket", "kitten/2; laundry basket/1", "0 in 1"),
    ("A police car parked behind a van in front of a bakery", "police car/1; van/1; bakery/1",
     "0 parked behind 1; 1 in front of 2"),
    # 6. non-spatial interactions
    ("A beekeeper inspecting a honeycomb", "beekeeper/1; honeycomb/1", "0 inspecting 1"),
    ("A kingfisher catches a small minnow.", "kingfisher/1; minnow/1/small", "0 catching 1"),
    ("The plumber is fixing a water heater.", "plumber/1; water heater/1", "0 fixing 1"),
    ("a toddler in red boots chasing a seagull", "toddler/1; boot/2+/red; seagull/1", "0 in 1; 0 chasing 2"),
    ("A violin is being played by an old man.", "violin/1; man/1/old", "1 playing 0"),
    ("A panda munching on bamboo", "panda/1; bamboo/1", "0 munching on 1"),
    ("A barber trimming a man's beard", "REFUSE", ""),
    ("A waiter pours lemonade into a tall glass.", "REFUSE", ""),
    ("A farmer hands a basket of eggs to his daughter", "REFUSE", ""),
    ("A mechanic lifting the hood of a car", "REFUSE", ""),
    # 7. counting
    ("Four sailboats and two buoys", "sailboat/4; buoy/2", ""),
    ("five pencils in a tin can", "pencil/5; tin can/1", "0 in 1"),
    ("There are 3 lemons and 7 limes in a wooden bowl.", "lemon/3; lime/7; bowl/1/wooden", "0 in 2; 1 in 2"),
    ("Eight chairs around a dining table", "chair/8; dining table/1", "0 around 1"),
    ("One giraffe and six zebras at a watering hole", "giraffe/1; zebra/6; watering hole/1", "0 at 2; 1 at 2"),
    ("Two geese, three ducks and a swan on a pond", "goose/2; duck/3; swan/1; pond/1", "0 on 3; 1 on 3; 2 on 3"),
    ("6 donuts on a baking tray", "donut/6; baking tray/1", "0 on 1"),
    ("Seven mice nibbling a wedge of cheese", "mouse/7; wedge of cheese/1", "0 nibbling 1"),
    ("Two women and four children are sitting on a picnic rug.", "woman/2; child/4; picnic rug/1",
     "0 sitting on 2; 1 sitting on 2"),
    ("A plate with more strawberries than blueberries", "REFUSE", ""),
    # 8. complex
    ("There are two red apples and a yellow banana in a ceramic bowl that sits on a round wooden table.",
     "apple/2/red; banana/1/yellow; bowl/1/ceramic; table/1/round,wooden", "0 in 2; 1 in 2; 2 sitting on 3"),
    ("A young woman in a green raincoat is holding a striped umbrella over a small boy who is wearing yellow "
     "rubber boots.", "woman/1/young; raincoat/1/green; umbrella/1/striped; boy/1/small; boot/2+/yellow,rubber",
     "0 in 1; 0 holding 2; 2 above 3; 3 wearing 4"),
    ("An old fisherman who is mending a green net is sitting on a wooden crate, and two gray cats are sleeping on "
     "the dock.", "fisherman/1/old; net/1/green; crate/1/wooden; cat/2/gray; dock/1",
     "0 mending 1; 0 sitting on 2; 3 sleeping on 4"),
    ("On the kitchen counter there is a bowl of miso soup, a pair of chopsticks and a glass teapot filled with "
     "jasmine tea.", "kitchen counter/1; bowl of miso soup/1; pair of chopsticks/1; teapot/1/glass; jasmine tea/1",
     "1 on 0; 2 on 0; 3 on 0; 3 filled with 4"),
    ("A tall lamp stands behind a green velvet sofa, and a small round table with a cup of coffee on it is next to "
     "the sofa.", "lamp/1/tall; sofa/1/green,velvet; table/1/small,round; cup of coffee/1",
     "0 standing behind 1; 3 on 2; 2 next to 1"),
    ("Three white sheep and a black goat are grazing near a stone wall, and the gate is being opened by a farmer "
     "in a blue cap", "sheep/3/white; goat/1/black; wall/1/stone; gate/1; farmer/1; cap/1/blue",
     "0 grazing near 2; 1 grazing near 2; 4 opening 3; 4 in 5"),
    ("A gray heron stands at the edge of a pond, watching a school of small silver fish swimming just below the "
     "surface.", "REFUSE", ""),
    ("A young chef in a white apron is chopping onions on a wooden board to make soup for the evening dinner "
     "crowd.", "REFUSE", ""),
    ("There is a tall bookshelf full of old books in the study, but there is no chair and no lamp anywhere in the "
     "room.", "REFUSE", ""),
    ("A brown dog that is much bigger than its doghouse lies on the grass beside a red ball and a metal water bowl",
     "REFUSE", ""),
]

if __name__ == "__main__":
    score(HELD_OUT21, "held-out (21)")
