"""bench/csg_heldout9.py: the ninth held-out set of natural prompts for cast_csg's rules (issue 19).

80 prompts that a new user might write for compositional text-to-image training. Each row gives the reading a
careful person would. The set was written blind by a helper that never saw the rules, their tests or their
history, never ran the parser, and kept the file outside the repository. It must never be used to change the
rules. Domains, none of them used in the earlier sets: mountains and skiing, rivers and fishing, bedrooms at dawn,
picnics, cafes, theaters, gas stations, castles, ponds, carnivals, greenhouses, attics, nurseries, rooftops, flower
shops, barbershops. Five prompts per domain.

Styles: short noun phrases (20 rows, a quarter); sentences with finite verbs (present, progressive, past;
transitive and intransitive; irregular pasts "sat", "caught", "rode", "fed", "won", "spun"); copulas ("The quilt on
the bed is blue and white.", "The air pump is to the right of the car wash.") and "There are"; passives ("watched
by", "planted by", "covered by", "are reflected in", "are stacked beside"); participles ("tied to", "spread on",
"parked next to"); relative clauses ("who is", "that grow", "that face"); "of" nouns ("a pair of skis", "two loaves
of bread", "a mobile of paper stars"); lists; counts 1 to 8 as words or digits, with irregular plurals ("deer",
"mice", "loaves", "lilies"); colors, materials and sizes; the spatial relations left of, right of, above, over,
beneath, under, underneath, atop, on, in, inside, in front of, behind, next to, beside, close to, along, around,
across, through, outside, at; and three "A photo of" / "A painting of" frames.

Shorthand and scoring as in bench/csg_heldout.py. Objects are written "noun/count/attribute,..." (nouns singular and
lower case; "2+" is a bare plural). Relations are written "subject value target", using object indices. "REFUSE"
marks a prompt whose meaning the atoms cannot state; for those rows a refusal is the right answer. 10 of the 80 rows
are marked REFUSE: a part or region "of" something ("the side of a cliff", "the windshield of a red car", "half of
the pond", "the corner of the attic"), a verb's second object or path ("pulls a rabbit out of a hat"), a purpose or
result ("for a fish to bite", "trying to knock over ... with a ball", "sings her baby to sleep") and a time clause
("as the sun rises", "while reading a magazine").

Conventions, following bench/csg_heldout7.py, with the atoms' canonical names for a bare spatial preposition:
  - A bare spatial preposition reads as the atoms' canonical relation: "left of", "right of"; "above" (above,
    over); "below" (below, beneath); "under" (under, underneath); "on top of" (on top of, atop); "on"; "in" (in,
    inside); "in front of"; "behind"; "next to" (next to, beside, a spatial "by"); "near" (near, close to); "at",
    "around", "against", "across", "through", "along", "between", "outside" as written. "full of" -> "1 in 0".
  - A verb relation reads as the -ing form and keeps its own preposition ("sits underneath" -> "sitting
    underneath", "rode across" -> "riding across", "hangs over" -> "hanging over"). A past participle stays as
    written ("tied to", "spread on", "parked next to", "stacked beside", "reflected in").
  - A passive with "by" reads as the active ("X were watched by Y" -> "1 watching 0"; "planted by", "covered by"
    alike).
  - An intransitive verb with no place is an attribute ("The baby is sleeping." -> baby/1/sleeping).
  - Colors, materials and sizes (tall, large, small, giant, little, young, old; "round" as a shape) are
    attributes, in the order they are written. Compound nouns are one noun ("pickup truck", "gas pump", "ferris
    wheel", "cotton candy", "rocking horse", "changing table", "barber pole", "water tower"). Words inside an "of"
    noun stay in that noun ("bucket of red tulips", "mobile of paper stars").
  - "to the left of" / "left of" after a copula or with no verb -> "left of"; the same for right of.
  - "in a red jacket" is "0 in 1". "A photo of ..." / "A painting of ..." frames add nothing.
  - Lists that share a relation give one relation per list member ("0 on 2; 1 on 2").
  - A scene or place (cafe, rooftop, gas station) after a verb's object goes to the subject ("reading a novel in a
    cafe" -> "0 in 2"). A plain thing after a verb's object goes to the object ("slicing a watermelon on a picnic
    table" -> "1 on 2"; "tying a ribbon around a bouquet" -> "1 around 2").

Measured once (at 1802c28, the rules after round 7; written by a helper that never saw the rules or their tests,
kept outside the repository until then): 60 of 80 parsed right (75%), 13 refused (9 of them rows marked REFUSE,
so 69 of 80 answered right: 86%), 7 mis-parsed (9%).
  - real errors (6 rows): "Fireworks over the Ferris wheel" ("Ferris wheel" split into a plural and an attribute),
    "A red blanket spread on the grass" ("spread", a participle spelled like its base, joined to the noun),
    "pink cotton candy" ("cotton" read as a material), "hanging from the side of a cliff" (a part "of the"
    something, a REFUSE row, read as the cliff), and a finite past read as a participle kept as written
    ("stopped at", "landed on": the row, a past tense, names them "stopping at", "landing on"; two rows).
  - noun boundary (1): "wicker basket" one noun (as sets 1 and 2 write it) where this row has basket/wicker.
  - refused where the row has a reading (4): "a pair of skis", "Sunlight shines through", "slicing a watermelon on
    a picnic table" (whose place), "planted by an old gardener" ("by": the place or who did it).
Issue 19, round 8 (rules fixed for the causes above, by general rules with their own tests; this set's numbers after
that are diagnostic only): 65 right (81%), 14 refused (10 marked REFUSE), 1 mis-parsed ("wicker basket", a noun
boundary the earlier sets write as one noun).

Run:
    python bench/csg_heldout9.py           # the counts, then every refusal and mis-parse
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT9 = [
    # mountains and skiing
    ("A skier in a red jacket is racing down the slope.", "skier/1; jacket/1/red; slope/1",
     "0 in 1; 0 racing down 2"),
    ("2 snowboarders sat on a chairlift.", "snowboarder/2; chairlift/1", "0 sitting on 1"),
    ("A wooden cabin beneath a tall mountain", "cabin/1/wooden; mountain/1/tall", "0 below 1"),
    ("A photo of a pair of skis leaning against a fence", "pair of skis/1; fence/1", "0 leaning against 1"),
    ("A climber is hanging from the side of a cliff.", "REFUSE", ""),
    # rivers and fishing
    ("An old fisherman caught a large trout.", "fisherman/1/old; trout/1/large", "0 catching 1"),
    ("Two deer drink from the river.", "deer/2; river/1", "0 drinking from 1"),
    ("A green canoe tied to a tree", "canoe/1/green; tree/1", "0 tied to 1"),
    ("There are tall reeds along the riverbank.", "reed/2+/tall; riverbank/1", "0 along 1"),
    ("A fisherman is waiting for a fish to bite.", "REFUSE", ""),
    # bedrooms at dawn
    ("Sunlight shines through the white curtains.", "sunlight/1; curtain/2+/white", "0 shining through 1"),
    ("A wooden dresser to the left of the bed", "dresser/1/wooden; bed/1", "0 left of 1"),
    ("The alarm clock is close to a glass of water.", "alarm clock/1; glass of water/1", "0 near 1"),
    ("The quilt on the bed is blue and white.", "quilt/1/blue,white; bed/1", "0 on 1"),
    ("A woman stretches her arms as the sun rises.", "REFUSE", ""),
    # picnics
    ("A red blanket spread on the grass", "blanket/1/red; grass/1", "0 spread on 1"),
    ("A wicker basket full of sandwiches", "basket/1/wicker; sandwich/2+", "1 in 0"),
    ("Two loaves of bread and a jar of jam", "loaf of bread/2; jar of jam/1", ""),
    ("Ants are crawling across the tablecloth.", "ant/2+; tablecloth/1", "0 crawling across 1"),
    ("A man is slicing a watermelon on a picnic table.", "man/1; watermelon/1; picnic table/1",
     "0 slicing 1; 1 on 2"),
    # cafes
    ("A barista stands behind the espresso machine.", "barista/1; espresso machine/1", "0 standing behind 1"),
    ("A cappuccino and a croissant are on a marble table.", "cappuccino/1; croissant/1; table/1/marble",
     "0 on 2; 1 on 2"),
    ("A young woman is reading a novel in a cafe.", "woman/1/young; novel/1; cafe/1", "0 reading 1; 0 in 2"),
    ("Three cups of coffee sit on the counter.", "cup of coffee/3; counter/1", "0 sitting on 1"),
    ("Small round tables outside the cafe", "table/2+/small,round; cafe/1", "0 outside 1"),
    # theaters
    ("A red velvet curtain in front of the stage", "curtain/1/red,velvet; stage/1", "0 in front of 1"),
    ("An actor in a black cape stands on the stage.", "actor/1; cape/1/black; stage/1",
     "0 in 1; 0 standing on 2"),
    ("A large spotlight hangs over the stage.", "spotlight/1/large; stage/1", "0 hanging over 1"),
    ("Two ballerinas were watched by a large audience.", "ballerina/2; audience/1/large", "1 watching 0"),
    ("A magician pulls a rabbit out of a hat.", "REFUSE", ""),
    # gas stations
    ("A blue pickup truck parked next to a gas pump", "pickup truck/1/blue; gas pump/1", "0 parked next to 1"),
    ("An attendant is washing the windshield of a red car.", "REFUSE", ""),
    ("4 oil cans are stacked beside the door.", "oil can/4; door/1", "0 stacked beside 1"),
    ("The air pump is to the right of the car wash.", "air pump/1; car wash/1", "0 right of 1"),
    ("A motorcyclist stopped at the gas station.", "motorcyclist/1; gas station/1", "0 stopping at 1"),
    # castles
    ("A painting of a stone castle atop a green hill", "castle/1/stone; hill/1/green", "0 on top of 1"),
    ("A guard who is standing at the gate", "guard/1; gate/1", "0 standing at 1"),
    ("A knight in silver armor rode across the drawbridge.", "knight/1; armor/1/silver; drawbridge/1",
     "0 in 1; 0 riding across 2"),
    ("Red banners hang from the towers.", "banner/2+/red; tower/2+", "0 hanging from 1"),
    ("A king is sitting on a golden throne.", "king/1; throne/1/golden", "0 sitting on 1"),
    # ponds
    ("Five ducklings are swimming behind a duck.", "duckling/5; duck/1", "0 swimming behind 1"),
    ("A dragonfly landed on a lily pad.", "dragonfly/1; lily pad/1", "0 landing on 1"),
    ("The willow trees are reflected in the water.", "willow tree/2+; water/1", "0 reflected in 1"),
    ("A little girl fed the ducks.", "girl/1/little; duck/2+", "0 feeding 1"),
    ("Half of the pond is covered by green algae.", "REFUSE", ""),
    # carnivals
    ("Fireworks over the Ferris wheel", "firework/2+; ferris wheel/1", "0 above 1"),
    ("A boy is holding pink cotton candy.", "boy/1; cotton candy/1/pink", "0 holding 1"),
    ("Six white horses on a carousel", "horse/6/white; carousel/1", "0 on 1"),
    ("A man won a giant teddy bear.", "man/1; teddy bear/1/giant", "0 winning 1"),
    ("A girl is trying to knock over three bottles with a ball.", "REFUSE", ""),
    # greenhouses
    ("Two rows of tomato plants", "row of tomato plants/2", ""),
    ("Three pink orchids that grow in clay pots", "orchid/3/pink; pot/2+/clay", "0 growing in 1"),
    ("A woman is watering the ferns.", "woman/1; fern/2+", "0 watering 1"),
    ("A watering can sits underneath a wooden bench.", "watering can/1; bench/1/wooden",
     "0 sitting underneath 1"),
    ("The seedlings were planted by an old gardener.", "seedling/2+; gardener/1/old", "1 planting 0"),
    # attics
    ("An old trunk under a round window", "trunk/1/old; window/1/round", "0 under 1"),
    ("Four mice were hiding inside a cardboard box.", "mouse/4; box/1/cardboard", "0 hiding inside 1"),
    ("A rocking horse covered by a white sheet", "rocking horse/1; sheet/1/white", "1 covering 0"),
    ("A spider spun a large web.", "spider/1; web/1/large", "0 spinning 1"),
    ("A box of old photos sits in the corner of the attic.", "REFUSE", ""),
    # nurseries
    ("A white crib stands next to a rocking chair.", "crib/1/white; rocking chair/1", "0 standing next to 1"),
    ("A mobile of paper stars hangs above the crib.", "mobile of paper stars/1; crib/1", "0 hanging above 1"),
    ("The baby is sleeping.", "baby/1/sleeping", ""),
    ("A stuffed rabbit lies on the changing table.", "stuffed rabbit/1; changing table/1", "0 lying on 1"),
    ("A mother sings her baby to sleep.", "REFUSE", ""),
    # rooftops
    ("A photo of two pigeons on a chimney", "pigeon/2; chimney/1", "0 on 1"),
    ("A water tower is behind an old brick building.", "water tower/1; building/1/old,brick", "0 behind 1"),
    ("String lights are hanging over a small table.", "string light/2+; table/1/small", "0 hanging over 1"),
    ("A man and a woman are dancing on the rooftop.", "man/1; woman/1; rooftop/1",
     "0 dancing on 2; 1 dancing on 2"),
    ("Solar panels cover the roof.", "solar panel/2+; roof/1", "0 covering 1"),
    # flower shops
    ("A bucket of red tulips", "bucket of red tulips/1", ""),
    ("The florist is tying a ribbon around a bouquet.", "florist/1; ribbon/1; bouquet/1", "0 tying 1; 1 around 2"),
    ("Sunflowers stand in a tall vase.", "sunflower/2+; vase/1/tall", "0 standing in 1"),
    ("A bee is buzzing around the lilies.", "bee/1; lily/2+", "0 buzzing around 1"),
    ("8 roses in a glass jar", "rose/8; jar/1/glass", "0 in 1"),
    # barbershops
    ("A barber in a white apron is shaving an old man.", "barber/1; apron/1/white; man/1/old",
     "0 in 1; 0 shaving 2"),
    ("A red and white barber pole", "barber pole/1/red,white", ""),
    ("Three leather chairs that face a large mirror", "chair/3/leather; mirror/1/large", "0 facing 1"),
    ("Combs and razors lie on the counter.", "comb/2+; razor/2+; counter/1", "0 lying on 2; 1 lying on 2"),
    ("A man is waiting for his turn while reading a magazine.", "REFUSE", ""),
]


if __name__ == "__main__":
    score(HELD_OUT9, "held-out (9)")
