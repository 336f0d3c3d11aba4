"""bench/csg_heldout4.py: the fourth held-out set of natural prompts for cast_csg's rules (issue 19, round 2).

80 prompts written after round 2's fixes (those bench/csg_heldout.py, csg_heldout2.py and csg_heldout3.py led to),
each with the reading a careful person would give it, committed before the parser was run on any of them, and
not to be used to change the rules. Domains: homes, kitchens, farms, streets, animals, people at work and play,
fantasy. Styles: sentences with finite verbs, copulas and passives, participles, "of"-nouns, lists, counts,
colors and materials, relations and places. Shorthand and scoring as in bench/csg_heldout.py: objects
"noun/count/attribute,..." ("2+": a bare plural), relations "subject value target"; "REFUSE" marks a prompt
whose meaning the atoms cannot state (each other, a verb's second object or instrument, "half", "either side",
weather or sunlight as a place, a part "at the end of", a possessive with "the"), where a refusal is right.
A time of day is not in a reading: no atom states it.

Measured once (at 89a46bc, the rules after round 2; no rule changed after this run): 55 of 80 parsed right (69%),
19 refused (8 of them rows marked REFUSE, so 63 of 80 answered right: 79%), 6 mis-parsed; 0.19 ms a prompt.
Below the issue's 90% target.
  - mis-parsed (6): weather and light read as objects and places ("walks in the rain", "melting in the sun"),
    "cut in half" ("half" an object), an instrument "with chalk" hung on the nearest object, "golden retriever"
    (a color word inside a name read as the attribute "golden"), and "knocked over a tower" kept the value
    "knocked over" where the other past tenses become "-ing" (a particle between the verb and its object).
  - refused where a person reads one way (11): a place after the object of verbs PLACE_OF_SUBJECT/OBJECT do not
    list (5: mending, playing, riding, carrying, catching) and "playing soccer in the park"; "outside" (a frame
    word, not a relation); "tulips stands" and "slices tomatoes" (a plural noun or a verb: the rules cannot
    tell); "elderly" (read as an adverb); "the snowman's neck" (a body part's owner).
Issue 19, round 3: this set was then used for fixes, so it is no longer held out (bench/csg_heldout5.py is).
After them: 62 right (78%), 18 refused (12 marked REFUSE: 74 of 80 answered right, 93%), 0 mis-parsed; 0.13 ms
a prompt. The 6 mis-parses are gone: weather and light after "in the" are refused, "in half" is refused, "with"
after a verb's object is refused (a tool or the object's part), "golden retriever" is one noun, "knocked over a
tower" is "knocking over". Read now: "outside", "elderly", "tulips stands" (the vase's verb), "playing soccer",
"rides a horse on the moon", "plays a grand piano on a stage". Still refused where a person reads one way (6): a
place after mending, walking, carrying and catching's objects (the object's place can be its own: "washes a dog
in a tub"), "slices tomatoes" (a plural noun or a verb), "the snowman's neck" (a body part's owner).
Issue 19, round 4: 64 right (80%), 16 refused (12 marked REFUSE: 76 of 80 answered right, 95%), 0 mis-parsed. Now
read: "mending a net on the dock", "walks his dog along the beach" (a scene after the object is the subject's). Still
refused: "carries three plates on a tray", "catch fish in a river" (a small place or a water can hold the object
alone), "slices tomatoes", "the snowman's neck".
Issue 19, round 5: 65 right (81%), 15 refused (12 marked REFUSE), 0 mis-parsed: "carries three plates on a tray"
now parses (a vessel after a verb's object is the object's place).
Issue 19, round 6 (fixes led by bench/csg_heldout7.py): 65 right (81%), 15 refused (12 marked REFUSE), 0
mis-parsed: unchanged ("catch fish in a river" is now refused at "fish": a food or several fish?).
Issue 19, round 7: 65 right (81%), 15 refused (12 marked REFUSE), 0 mis-parsed: unchanged.

Run:
    python bench/csg_heldout4.py           # the counts, then every refusal and mis-parse
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT4 = [
    ("A black cat sits on a red cushion.", "cat/1/black; cushion/1/red", "0 sitting on 1"),
    ("Two yellow taxis are parked outside a hotel.", "taxi/2/yellow; hotel/1", "0 parked outside 1"),
    ("The old fisherman is mending a net on the dock.", "fisherman/1/old; net/1; dock/1", "0 mending 1; 0 on 2"),
    ("A glass of orange juice stands next to a plate of toast.", "glass of orange juice/1; plate of toast/1",
     "0 standing next to 1"),
    ("Three ceramic mugs hang from hooks under a shelf.", "mug/3/ceramic; hook/2+; shelf/1",
     "0 hanging from 1; 1 under 2"),
    ("A boy in a red cap throws a frisbee to his dog.", "REFUSE", ""),
    ("A wooden bowl filled with green apples", "bowl/1/wooden; apple/2+/green", "0 filled with 1"),
    ("Two horses are grazing in a misty meadow.", "horse/2; misty meadow/1", "0 grazing in 1"),
    ("A laptop, a notebook and a pen lie on the desk.", "laptop/1; notebook/1; pen/1; desk/1",
     "0 lying on 3; 1 lying on 3; 2 lying on 3"),
    ("The teddy bear is sitting between two pillows.", "teddy bear/1; pillow/2", "0 sitting between 1"),
    ("A red fox jumps over a fallen log.", "fox/1/red; fallen log/1", "0 jumping over 1"),
    ("A woman eats a croissant at a small table.", "woman/1; croissant/1; table/1/small", "0 eating 1; 0 at 2"),
    ("A man paints a fence in his backyard.", "man/1; fence/1; backyard/1", "0 painting 1; 1 in 2"),
    ("Four ducks swim across a quiet pond.", "duck/4; quiet pond/1", "0 swimming across 1"),
    ("A blue vase with white tulips stands on the windowsill.", "vase/1/blue; tulip/2+/white; windowsill/1",
     "0 standing on 2"),
    ("A kitten is playing with a red ball of yarn.", "kitten/1; ball of yarn/1/red", "0 playing with 1"),
    ("The chef slices tomatoes on a wooden board.", "chef/1; tomato/2+; board/1/wooden", "0 slicing 1; 1 on 2"),
    ("A lighthouse stands at the end of a long pier.", "REFUSE", ""),
    ("Two kids are building a snowman in the front yard.", "kid/2; snowman/1; front yard/1",
     "0 building 1; 1 in 2"),
    ("A silver spoon rests beside a cup of coffee.", "spoon/1/silver; cup of coffee/1", "0 resting beside 1"),
    ("A golden retriever is lying on the kitchen floor.", "golden retriever/1; kitchen floor/1", "0 lying on 1"),
    ("An elderly man walks his dog along the beach.", "elderly man/1; dog/1; beach/1", "0 walking 1; 0 along 2"),
    ("A plate of sushi sits on a black tray.", "plate of sushi/1; tray/1/black", "0 sitting on 1"),
    ("The children are playing soccer in the park.", "child/2+/playing soccer; park/1", "0 in 1"),
    ("A small boat is tied to a wooden post.", "boat/1/small; post/1/wooden", "0 tied to 1"),
    ("Three sheep graze near a stone wall.", "sheep/3; wall/1/stone", "0 grazing near 1"),
    ("A pianist plays a grand piano on a stage.", "pianist/1; grand piano/1; stage/1", "0 playing 1; 0 on 2"),
    ("A cup of hot chocolate with marshmallows", "cup of hot chocolate/1; marshmallow/2+", ""),
    ("A dragon is flying over a medieval castle.", "dragon/1; medieval castle/1", "0 flying over 1"),
    ("The blue car is parked behind the white truck.", "car/1/blue; truck/1/white", "0 parked behind 1"),
    ("A girl is reading a book under a big oak tree.", "girl/1; book/1; oak tree/1/big", "0 reading 1; 0 under 2"),
    ("Two squirrels are chasing each other around a tree.", "REFUSE", ""),
    ("A brown dog with a green collar", "dog/1/brown; collar/1/green", ""),
    ("An astronaut rides a horse on the moon.", "astronaut/1; horse/1; moon/1", "0 riding 1; 0 on 2"),
    ("Five pencils stand in a metal cup.", "pencil/5; cup/1/metal", "0 standing in 1"),
    ("A man wearing a black suit is holding a briefcase.", "man/1; suit/1/black; briefcase/1",
     "0 wearing 1; 0 holding 2"),
    ("The bread was baked in a clay oven.", "bread/1; oven/1/clay", "0 baked in 1"),
    ("A colorful parrot perches on a branch.", "colorful parrot/1; branch/1", "0 perching on 1"),
    ("A stack of books next to a reading lamp", "stack of books/1; reading lamp/1", "0 next to 1"),
    ("A young woman is sitting on a bench feeding pigeons.", "woman/1/young; bench/1; pigeon/2+",
     "0 sitting on 1; 0 feeding 2"),
    ("A tiger is resting in the shade of a tree.", "REFUSE", ""),
    ("Two wine glasses on a marble countertop", "wine glass/2; countertop/1/marble", "0 on 1"),
    ("The toddler knocked over a tower of blocks.", "toddler/1; tower of blocks/1", "0 knocking over 1"),
    ("A scarecrow stands in a field of corn.", "scarecrow/1; field of corn/1", "0 standing in 1"),
    ("A sleeping baby is held by its mother.", "sleeping baby/1; mother/1", "1 holding 0"),
    ("A pink flamingo stands on one leg.", "flamingo/1/pink; leg/1", "0 standing on 1"),
    ("An empty bottle lies on the sand.", "bottle/1/empty; sand/1", "0 lying on 1"),
    ("A waiter carries three plates on a tray.", "waiter/1; plate/3; tray/1", "0 carrying 1; 1 on 2"),
    ("Two cyclists ride past a red barn.", "cyclist/2; barn/1/red", "0 riding past 1"),
    ("A snow-covered cabin in the mountains", "snow-covered cabin/1; mountain/2+", "0 in 1"),
    ("The clock on the wall shows noon.", "REFUSE", ""),
    ("A hamster is running in a wheel.", "hamster/1; wheel/1", "0 running in 1"),
    ("A man and a woman are dancing under a streetlight.", "man/1; woman/1; streetlight/1",
     "0 dancing under 2; 1 dancing under 2"),
    ("A bowl of cherries on a checkered tablecloth", "bowl of cherries/1; tablecloth/1/checkered", "0 on 1"),
    ("A knight holds a shield in his left hand.", "knight/1; shield/1; left hand/1", "0 holding 1; 1 in 2"),
    ("The puppy chewed a slipper on the rug.", "puppy/1; slipper/1; rug/1", "0 chewing 1; 0 on 2"),
    ("A row of bicycles is parked along the street.", "row of bicycles/1; street/1", "0 parked along 1"),
    ("Two deer drink from a stream at dawn.", "deer/2; stream/1", "0 drinking from 1"),
    ("A child is hiding behind a large curtain.", "child/1; curtain/1/large", "0 hiding behind 1"),
    ("A giant sunflower towers over a tiny house.", "sunflower/1/giant; house/1/tiny", "0 towering over 1"),
    ("The sandwich is cut in half.", "REFUSE", ""),
    ("A woman pours coffee into a white mug.", "REFUSE", ""),
    ("Three lanterns hang above a narrow alley.", "lantern/3; narrow alley/1", "0 hanging above 1"),
    ("A turtle is crawling on the sand.", "turtle/1; sand/1", "0 crawling on 1"),
    ("A vase of sunflowers was placed on the piano.", "vase of sunflowers/1; piano/1", "0 placed on 1"),
    ("A boy and his grandfather are fishing from a boat.", "boy/1; grandfather/1; boat/1",
     "0 fishing from 2; 1 fishing from 2"),
    ("An ice cream cone melting in the sun", "REFUSE", ""),
    ("The kids drew a rainbow on the sidewalk with chalk.", "REFUSE", ""),
    ("A cat sleeps on top of a warm radiator.", "cat/1; warm radiator/1", "0 sleeping on top of 1"),
    ("Two brown bears catch fish in a river.", "bear/2/brown; fish/2+; river/1", "0 catching 1; 0 in 2"),
    ("A red scarf is wrapped around the snowman's neck.", "scarf/1/red; snowman/1", "0 wrapped around 1"),
    ("A jar of honey sits by the teapot.", "jar of honey/1; teapot/1", "0 sitting by 1"),
    ("A guard stands beside a tall gate.", "guard/1; gate/1/tall", "0 standing beside 1"),
    ("Six cupcakes are arranged on a pink plate.", "cupcake/6; plate/1/pink", "0 arranged on 1"),
    ("A raccoon is digging through a trash bin.", "raccoon/1; trash bin/1", "0 digging through 1"),
    ("A man with a red umbrella walks in the rain.", "REFUSE", ""),
    ("Two candles burn on either side of a mirror.", "REFUSE", ""),
    ("The girl's bicycle leans against a tree.", "REFUSE", ""),
    ("A panda eats bamboo in a zoo.", "panda/1; bamboo/1; zoo/1", "0 eating 1; 0 in 2"),
    ("A coffee mug and a croissant sit on a saucer near the window.",
     "coffee mug/1; croissant/1; saucer/1; window/1", "0 sitting on 2; 1 sitting on 2; 2 near 3"),
]


if __name__ == "__main__":
    score(HELD_OUT4, "held-out (4)")
