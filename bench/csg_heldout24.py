"""bench/csg_heldout24.py: the twenty-fourth held-out set of natural prompts for cast_csg's rules (issue 19).

80 prompts that a new user might write for compositional text-to-image training. Each row gives the reading a
careful person would. The set was written blind by a helper that never saw the rules, their tests or their
history, never ran the parser, and kept the file outside the repository. It must never be used to change the
rules. Domains, chosen to be unusual for image prompts: beekeeping apiaries, glassblowing studios, lava fields,
observatory domes, shipyard dry docks, limestone caves, salt evaporation ponds, rail yards, puppet theaters
(backstage), ice fishing camps, mountain weather stations, coral reef dive sites, bell towers, canal locks, airship
hangars and desert oases. Five prompts per domain.

Styles: short noun phrases (about a third of the rows, most with a participle after the noun: "lined up along",
"swarming around", "leaning against", "hovering over", "hanging on", "loaded with", "spinning on top of", "gliding
over", "hiding inside", "perched on", "waiting in front of", "floating inside", "repairing", "resting under",
"sleeping behind"); sentences with finite verbs (present, progressive and past; transitive and intransitive;
regular and irregular pasts "walked", "stood", "sat", "hung", "swam", "wore"); copulas ("The yellow crane is to the
left of the gray ship.", "The red toolbox is to the right of the propeller.", "The small lamp which hangs above the
desk is glowing.", "is parked between", "are tied to", "are mounted on") and "There is" / "There are"; passives
with "by" ("was polished by", "is lit by", "was released by", "was covered by", "is rung by"); relative clauses
("that is cooling", "who is standing", "who wore", "which hangs"); "of" nouns ("two jars of golden honey", "a field
of black lava", "a pile of gray ash", "three wheelbarrows of salt", "two mounds of salt", "a cluster of bats", "a
caravan of seven camels"); "with" ("A caver with a headlamp", "A diver with a yellow camera", "covered with",
"loaded with"); lists of subjects sharing a verb or a preposition ("Two explorers and a dog stood beside ...",
"Solar panels and a radio antenna are mounted on ...", "A blue boat and a red boat are tied to ...", "A clay jug
and a brass lamp on a red rug") and two subjects each with their own verb ("A dog sits on the towpath and a man
leans against a railing."); counts one to eight as words or digits ("6 freight cars", "3 bronze bells", "4 men"),
with irregular plurals ("men", "women", "children", "fish"); colors, materials, sizes, shapes ("round", "curved",
"square") and textures ("shiny", "fuzzy", "rusty"); the spatial relations left of, right of, above, over, below
(beneath), under, on, on top of, in, inside, in front of, behind, next to, beside, by, near, between (with one and
with two objects), at, around, along, across, through, against and toward; and three "A photo of" / "A painting
of" frames (one of them refused). Some prompts are capitalized and end with a period, some do not.

Shorthand and scoring as in bench/csg_heldout.py. Objects are written "noun/count/attribute,..." (nouns singular and
lower case; "2+" is a bare plural). Relations are written "subject value target", using object indices, in the
order the prompt states them. "REFUSE" marks a prompt whose meaning the atoms cannot state; for those rows a
refusal is the right answer. 10 of the 80 rows are marked REFUSE: a part or region "of" something ("the bottom of
an old fishing boat", "on the edge of a stage"), a possessive body part ("the beekeeper's wrist"), a verb's second
object ("hands the driver a brass key"), a source ("pulls a silver fish from the hole"), a path ("carries a lantern
up the spiral staircase"), a destination ("pours molten glass into a round mold"), a purpose ("to test the lava"),
a negation ("there are no cavers") and a comparison ("longer than the wooden ladder").

Conventions, following bench/csg_heldout15.py:
  - A bare spatial preposition reads as the atoms' canonical relation: "left of", "right of"; "above" (above,
    over); "below" (below, beneath); "under" (under, underneath); "on top of" (on top of, atop); "on"; "in" (in,
    inside); "in front of"; "behind"; "next to" (next to, beside, a spatial "by"); "near" (near, close to); "at",
    "around", "against", "across", "through", "along", "between", "toward" as written. "between" two different
    things is a list sharing the relation ("between the clock and a small bell" -> "0 hanging between 1; 0 hanging
    between 2"); between a plural is one relation ("between two yellow cranes" -> "0 sitting between 1").
  - A verb relation reads as the -ing form and keeps its own preposition ("hung over" -> "hanging over", "hang
    from" -> "hanging from", "stood beside" -> "standing beside", "sat between" -> "sitting between", "swam
    through" -> "swimming through", "walked across" -> "walking across", "waits beside" -> "waiting beside", "lie
    inside" -> "lying inside", "hovering over", "gliding over", "hiding inside", "spinning on top of"). A past
    participle stays as written, also after a copula ("lined up along", "covered with", "loaded with", "perched
    on", "parked between", "tied to", "mounted on").
  - A passive with "by" reads as the active ("was polished by a young assistant" -> "1 polishing 0"; "lit by",
    "released by", "covered by", "rung by" alike). A place after the agent is the agent's ("The big bell is rung by
    a monk in a brown robe." -> "1 ringing 0; 1 in 2").
  - An intransitive verb with no place is an attribute ("The small lamp which hangs above the desk is glowing." ->
    lamp/1/small,glowing; "0 hanging above 1"). A relative clause's verb belongs to the noun it follows and is
    stated where it stands ("A signalman who is standing in a small signal box waves a green flag." -> "0
    standing in 1; 0 waving 2"; "watch a glass bowl that is cooling on a rack" -> "2 cooling on 3").
  - Colors ("golden", "silver" included), materials, sizes, shapes and textures are attributes, in the order they
    are written. Materials here: "wooden", "oak", "glass", "stone", "brick", "steel", "iron", "metal", "brass",
    "bronze", "leather", "wool", "velvet", "wicker", "straw", "clay", "rubber". Sizes: "big", "large", "huge",
    "small", "little", "tiny", "tall", "long", "old", "young". Shapes: "round", "curved", "square". Textures:
    "shiny", "fuzzy", "rusty". Any other adjective stays in the noun, as set 1's "rocky cliff" and "stormy sea"
    ("frozen lake", "underground lake"). Compound nouns are one noun ("beehive", "lava flow", "star chart", "dry
    dock", "hard hat", "salt pond", "freight car", "water tower", "signal box", "steam engine", "dragon puppet",
    "fishing rod", "weather station", "mountain peak", "solar panel", "radio antenna", "weather balloon", "sea
    turtle", "lock gate", "lock keeper", "gas tank", "palm tree", "sand dune"). Words inside an "of" noun stay in
    that noun ("jar of golden honey/2", "field of black lava/1", "caravan of seven camels/1"), and words before it
    are its attributes. Possessives are dropped. Mass nouns count 1 ("salt/1", "coral/1", "ice/1").
  - Counts are words or digits alike ("6 freight cars" -> freight car/6; "one tiny fox" -> fox/1/tiny).
  - "to the left of" / "to the right of" after a copula -> "left of" / "right of". "in rubber boots" / "in a white
    suit" is "0 in 1". "A photo of ..." / "A painting of ..." frames add nothing. "There is X on Y" / "There are X
    on Y" reads as "X on Y" ("There are 6 freight cars on a curved track." -> "0 on 1").
  - A bare "with" after a noun, naming a separate thing that it carries or has with it, reads as the relation
    "with" ("A caver with a headlamp crawls through a tunnel." -> "0 with 1; 0 crawling through 2"). "with" after
    a participle stays in the participle ("covered with", "loaded with").
  - Lists that share a relation give one relation per list member ("0 on 2; 1 on 2"; "0 standing beside 2; 1
    standing beside 2"; "0 tied to 2; 1 tied to 2"). Two subjects with their own verbs each keep theirs ("A dog
    sits on the towpath and a man leans against a railing." -> "0 sitting on 1; 2 leaning against 3").
  - A plain thing after a verb's object goes to the object ("holds a wooden frame above a hive" -> "2 above 3";
    "is shaping a red vase next to the furnace" -> "1 next to 2"). A place or participle after the object of a
    preposition or participle attaches to that object, the nearest one ("stands on a black boulder near a lava
    flow" -> "2 near 3"; "rests on wooden blocks in the dry dock" -> "1 in 2"; "on a shelf by the window" -> "1
    next to 2"; "sits on a red bucket next to a hole in the ice" -> "1 next to 2; 2 in 3"; "sitting at a desk
    covered with star charts" -> "1 covered with 2"). A place given to the subject before its verb stays the
    subject's ("4 men in hard hats stand under a huge red anchor." -> "0 in 1; 0 standing under 2"; "Mechanics on
    tall ladders repairing the engine" -> "0 on 1; 0 repairing 2").

Run:
    python bench/csg_heldout24.py            # the counts, then every refusal and mis-parse

Measured once (at 5cd27aa, the rules after round 18; written by a helper that never saw the rules or their tests,
kept outside the repository until then; the writer added a convention of its own, "X with Y" -> "0 with 1", where
the rules and earlier sets write no relation): 56 of 80 parsed right (70%; 56 of the 70 statable rows: 80%), 18
refused (10 of them rows marked REFUSE, so 66 of 80 answered right: 82.5%), 6 mis-parsed (7.5%).
  - real errors (2): "The big bell is rung by a monk in a brown robe." ("rung", a participle no table had, read as
    an attribute after the copula, then "by" as "next to"); "the dry dock" ("dry" an attribute, the compound split).
  - conventions (4): "with a headlamp", "with a yellow camera" (the writer's "0 with 1"); "a curved track" (an
    adjective outside the table, read into the noun); "a wicker trunk" ("wicker" left out of the materials).
  - refused where the row has a reading (8): whose place after a verb's object (2: "holds a wooden frame above a
    hive", "shaping a red vase next to the furnace"), an action after a garment or a thing ("Two women in orange
    suits walked across": the garment rule covers -ing only; "sitting at a desk covered with", "Mechanics on tall
    ladders repairing"), "Pink salt ponds under" (a bare noun in -s before a place), "between the clock and a
    small bell" (deliberate), "A caravan of seven camels" (a number after "of").
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT24 = [
    # beekeeping apiary
    ("A beekeeper in a white suit holds a wooden frame above a hive.",
     "beekeeper/1; suit/1/white; frame/1/wooden; hive/1", "0 in 1; 0 holding 2; 2 above 3"),
    ("Three white beehives lined up along a stone wall", "beehive/3/white; wall/1/stone", "0 lined up along 1"),
    ("fuzzy bees swarming around a yellow sunflower", "bee/2+/fuzzy; sunflower/1/yellow", "0 swarming around 1"),
    ("A honeybee crawling on the beekeeper's wrist", "REFUSE", ""),
    ("There are two jars of golden honey on a wooden bench.", "jar of golden honey/2; bench/1/wooden", "0 on 1"),
    # glassblowing studio
    ("A glassblower is shaping a red vase next to the furnace.", "glassblower/1; vase/1/red; furnace/1",
     "0 shaping 1; 1 next to 2"),
    ("The artist pours molten glass into a round mold.", "REFUSE", ""),
    ("Five shiny blue glass bottles on a shelf by the window", "bottle/5/shiny,blue,glass; shelf/1; window/1",
     "0 on 1; 1 next to 2"),
    ("a long steel blowpipe leaning against a brick furnace", "blowpipe/1/long,steel; furnace/1/brick",
     "0 leaning against 1"),
    ("Two apprentices wearing leather aprons watch a glass bowl that is cooling on a rack.",
     "apprentice/2; apron/2+/leather; bowl/1/glass; rack/1", "0 wearing 1; 0 watching 2; 2 cooling on 3"),
    # lava field
    ("A geologist in a red helmet stands on a black boulder near a lava flow.",
     "geologist/1; helmet/1/red; boulder/1/black; lava flow/1", "0 in 1; 0 standing on 2; 2 near 3"),
    ("Two women in orange suits walked across a field of black lava.",
     "woman/2; suit/2+/orange; field of black lava/1", "0 in 1; 0 walking across 2"),
    ("a small drone hovering over the crater", "drone/1/small; crater/1", "0 hovering over 1"),
    ("A scientist lowers a metal probe to test the lava.", "REFUSE", ""),
    ("A white tent beside a pile of gray ash", "tent/1/white; pile of gray ash/1", "0 next to 1"),
    # observatory dome
    ("A huge telescope beneath the round dome", "telescope/1/huge; dome/1/round", "0 below 1"),
    ("An astronomer is sitting at a desk covered with star charts.", "astronomer/1; desk/1; star chart/2+",
     "0 sitting at 1; 1 covered with 2"),
    ("The brass telescope was polished by a young assistant.", "telescope/1/brass; assistant/1/young",
     "1 polishing 0"),
    ("The small lamp which hangs above the desk is glowing.", "lamp/1/small,glowing; desk/1", "0 hanging above 1"),
    ("The telescope is longer than the wooden ladder beside it.", "REFUSE", ""),
    # shipyard dry dock
    ("A huge gray hull rests on wooden blocks in the dry dock.", "hull/1/huge,gray; block/2+/wooden; dry dock/1",
     "0 resting on 1; 1 in 2"),
    ("There is a welder on the scaffold.", "welder/1; scaffold/1", "0 on 1"),
    ("The yellow crane is to the left of the gray ship.", "crane/1/yellow; ship/1/gray", "0 left of 1"),
    ("Rust covers the bottom of an old fishing boat.", "REFUSE", ""),
    ("4 men in hard hats stand under a huge red anchor.", "man/4; hard hat/2+; anchor/1/huge,red",
     "0 in 1; 0 standing under 2"),
    # limestone cave
    ("Long white stalactites hung over a small pool.", "stalactite/2+/long,white; pool/1/small",
     "0 hanging over 1"),
    ("A caver with a headlamp crawls through a tunnel.", "caver/1; headlamp/1; tunnel/1",
     "0 with 1; 0 crawling through 2"),
    ("a cluster of bats hanging from the ceiling", "cluster of bats/1; ceiling/1", "0 hanging from 1"),
    ("Two explorers and a dog stood beside an underground lake.", "explorer/2; dog/1; underground lake/1",
     "0 standing beside 2; 1 standing beside 2"),
    ("Two helmets lie on a rock, but there are no cavers.", "REFUSE", ""),
    # salt evaporation ponds
    ("Pink salt ponds under a blue sky", "salt pond/2+/pink; sky/1/blue", "0 under 1"),
    ("A worker in rubber boots rakes the white salt.", "worker/1; boot/2+/rubber; salt/1/white",
     "0 in 1; 0 raking 2"),
    ("Three wheelbarrows of salt stand next to a wooden shed.", "wheelbarrow of salt/3; shed/1/wooden",
     "0 standing next to 1"),
    ("a flamingo wading through a pink pond", "flamingo/1; pond/1/pink", "0 wading through 1"),
    ("A rusty cart is parked between two mounds of salt.", "cart/1/rusty; mound of salt/2", "0 parked between 1"),
    # rail yard
    ("A red locomotive waits beside a water tower.", "locomotive/1/red; water tower/1", "0 waiting beside 1"),
    ("There are 6 freight cars on a curved track.", "freight car/6; track/1/curved", "0 on 1"),
    ("A signalman who is standing in a small signal box waves a green flag.",
     "signalman/1; signal box/1/small; flag/1/green", "0 standing in 1; 0 waving 2"),
    ("A black steam engine sat between two yellow cranes.", "steam engine/1/black; crane/2/yellow",
     "0 sitting between 1"),
    ("A conductor hands the driver a brass key.", "REFUSE", ""),
    # puppet theater, backstage
    ("Marionettes hanging on hooks behind the red curtain", "marionette/2+; hook/2+; curtain/1/red",
     "0 hanging on 1; 1 behind 2"),
    ("A puppeteer holds a wooden dragon puppet.", "puppeteer/1; dragon puppet/1/wooden", "0 holding 1"),
    ("The small stage is lit by three lamps.", "stage/1/small; lamp/3", "1 lighting 0"),
    ("Two puppets in velvet costumes lie inside a wicker trunk.", "puppet/2; costume/2+/velvet; trunk/1/wicker",
     "0 in 1; 0 lying inside 2"),
    ("A painting of a jester puppet sitting on the edge of a stage", "REFUSE", ""),
    # ice fishing camp
    ("An old fisherman sits on a red bucket next to a hole in the ice.",
     "fisherman/1/old; bucket/1/red; hole/1; ice/1", "0 sitting on 1; 1 next to 2; 2 in 3"),
    ("four small square huts on a frozen lake", "hut/4/small,square; frozen lake/1", "0 on 1"),
    ("A man pulls a silver fish from the hole.", "REFUSE", ""),
    ("Two children in wool hats are skating near a blue tent.", "child/2; hat/2+/wool; tent/1/blue",
     "0 in 1; 0 skating near 2"),
    ("A sled loaded with fishing rods", "sled/1; fishing rod/2+", "0 loaded with 1"),
    # mountain weather station
    ("A white weather station on a mountain peak", "weather station/1/white; mountain peak/1", "0 on 1"),
    ("an anemometer spinning on top of a tall pole", "anemometer/1; pole/1/tall", "0 spinning on top of 1"),
    ("A researcher wearing a yellow parka is reading a thermometer.", "researcher/1; parka/1/yellow; thermometer/1",
     "0 wearing 1; 0 reading 2"),
    ("Solar panels and a radio antenna are mounted on the roof.", "solar panel/2+; radio antenna/1; roof/1",
     "0 mounted on 2; 1 mounted on 2"),
    ("A weather balloon was released by two scientists.", "weather balloon/1; scientist/2", "1 releasing 0"),
    # coral reef dive site
    ("A diver with a yellow camera swims above the coral.", "diver/1; camera/1/yellow; coral/1",
     "0 with 1; 0 swimming above 2"),
    ("a sea turtle gliding over a pink reef", "sea turtle/1; reef/1/pink", "0 gliding over 1"),
    ("Eight orange fish swam through a stone arch.", "fish/8/orange; arch/1/stone", "0 swimming through 1"),
    ("A photo of an octopus hiding inside a shell", "octopus/1; shell/1", "0 hiding inside 1"),
    ("The old anchor was covered by tiny shells.", "anchor/1/old; shell/2+/tiny", "1 covering 0"),
    # bell tower
    ("3 bronze bells hang from an oak beam.", "bell/3/bronze; beam/1/oak", "0 hanging from 1"),
    ("The big bell is rung by a monk in a brown robe.", "bell/1/big; monk/1; robe/1/brown", "1 ringing 0; 1 in 2"),
    ("pigeons perched on a stone ledge", "pigeon/2+; ledge/1/stone", "0 perched on 1"),
    ("A man carries a lantern up the spiral staircase.", "REFUSE", ""),
    ("A rope hangs between the clock and a small bell.", "rope/1; clock/1; bell/1/small",
     "0 hanging between 1; 0 hanging between 2"),
    # canal lock
    ("A narrowboat waiting in front of the lock gates", "narrowboat/1; lock gate/2+", "0 waiting in front of 1"),
    ("two swans near a wooden gate", "swan/2; gate/1/wooden", "0 near 1"),
    ("A lock keeper in a green jacket turns a large iron wheel.", "lock keeper/1; jacket/1/green; wheel/1/large,iron",
     "0 in 1; 0 turning 2"),
    ("A blue boat and a red boat are tied to a post.", "boat/1/blue; boat/1/red; post/1", "0 tied to 2; 1 tied to 2"),
    ("A dog sits on the towpath and a man leans against a railing.", "dog/1; towpath/1; man/1; railing/1",
     "0 sitting on 1; 2 leaning against 3"),
    # airship hangar
    ("A silver airship floating inside a huge hangar", "airship/1/silver; hangar/1/huge", "0 floating inside 1"),
    ("Mechanics on tall ladders repairing the engine", "mechanic/2+; ladder/2+/tall; engine/1",
     "0 on 1; 0 repairing 2"),
    ("There are five gas tanks against a brick wall.", "gas tank/5; wall/1/brick", "0 against 1"),
    ("A pilot who wore a leather cap stood beside the gondola.", "pilot/1; cap/1/leather; gondola/1",
     "0 wearing 1; 0 standing beside 2"),
    ("The red toolbox is to the right of the propeller.", "toolbox/1/red; propeller/1", "0 right of 1"),
    # desert oasis
    ("Camels resting under palm trees beside a pool", "camel/2+; palm tree/2+; pool/1",
     "0 resting under 1; 1 next to 2"),
    ("Two men in white robes sit around a small fire.", "man/2; robe/2+/white; fire/1/small",
     "0 in 1; 0 sitting around 2"),
    ("A caravan of seven camels walks toward the oasis.", "caravan of seven camels/1; oasis/1",
     "0 walking toward 1"),
    ("A clay jug and a brass lamp on a red rug", "jug/1/clay; lamp/1/brass; rug/1/red", "0 on 2; 1 on 2"),
    ("one tiny fox sleeping behind a sand dune", "fox/1/tiny; sand dune/1", "0 sleeping behind 1"),
]

if __name__ == "__main__":
    score(HELD_OUT24, "held-out (24)")
