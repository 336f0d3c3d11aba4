"""bench/csg_heldout46.py: the forty-sixth held-out set of natural prompts for cast_csg's rules (issue 19), in eight
people's own voices.

80 prompts written as eight different people would type them into a text-to-image tool, 10 prompts each, marked
by a comment line per person in the table: a retired ferry captain (68, lower case, no full stops, harbour words);
a pastry chef (34, capitals and exclamation marks); a high-school chemistry teacher (45, whole sentences with full
stops); a teenage skateboarder (16, lower case, no punctuation, "dude", "guy"); a grandmother who keeps bees (74,
polite full sentences about "my grandson" and "my kitchen"); a night-shift nurse (29, clipped notes, digits, "IV");
a tattoo artist (40, capitals, dashes, style tags); and a retired accountant who builds model railways (63, long
exact sentences with colons and semicolons). Each row gives the reading a careful person would. The set was
written blind by a helper that never saw the rules, their tests or their history, never ran the parser, and kept
the file outside the repository. It must never be used to change the rules. Every prompt is new. 10 of the 80 rows
are marked REFUSE: a part of a thing ("at the bow of the ferry"), a region ("at the far end of the platform"), a
verb's source ("hauling a net out of the water"), destination ("pours melted chocolate into a heart-shaped mold"),
second object ("feeding fries to a bunch of pigeons") or path after its object ("pulling 4 coal wagons across a
stone viaduct"), a purpose ("to tie a patient's shoelace"), a time clause ("until it turns green"), a comparison
("taller than the garden fence") and a negation ("with no thorns").

Conventions: those of bench/csg_heldout15.py's docstring (shorthand, canonical bare prepositions, verbs as the -ing
form with their own preposition, past participles as written, passives with "by" as the active, lists sharing a
relation, "of" nouns, possessives dropped, mass nouns counted 1, frames adding nothing, "X with Y in it", the
nearest-object rule for places). Besides those, every row relies only on these:
  - Objects are numbered in the order they are first mentioned; a noun named again ("the jetty", "the dragon",
    "the pagoda", "the moon", "the balance") or "it" is the same object. Relations are listed in the order the prompt
    states them.
  - Counts: "a", "an", "the", "one" and a singular with no article ("red tugboat", "dog on skateboard") are 1;
    number words and digits as written ("3 skateboards" -> skateboard/3, "Seven tiny passengers" -> passenger/7);
    a plural with no number is "2+" ("bees", "lab coats", "tall hats", "scooters", "pine trees", "strawberries").
    Nouns are singular: "blueberries" -> blueberry, "strawberries" -> strawberry. Mass nouns count 1 ("sand/1",
    "maple syrup/1", "pizza/1").
  - Describing words before a noun are attributes, in the order written, whatever their kind: colors ("red
    tugboat", "navy coat", "golden pie"), materials ("wooden", "stone", "marble", "glass", "metal",
    "brass", "concrete", "plastic", "straw", "tin", "papier-mache", and "chocolate" in "a chocolate cake" ->
    cake/1/chocolate), sizes and ages ("long dock", "tall hats", "tiny passengers", "small brass weight" ->
    small,brass, "old wooden bench" -> old,wooden, "old brown teapot" -> old,brown, "fat cat", "little girl"),
    patterns ("checkered tablecloth"), states and moods ("empty wheelchair", "tired nurse", "cheeky sparrow").
  - A participle before a noun is an attribute like any describing word ("a parked car" -> car/1/parked, "a
    glowing lamp" -> lamp/1/glowing; in this set "a rolling cart" -> cart/1/rolling, "a tiered wedding cake" ->
    wedding cake/1/tiered). It is part of the noun only where the pair is the fixed name of a kind of thing
    ("rolling pin", "fishing boat"): a rolling pin is not a pin that rolls.
  - Compound nouns are one noun: two nouns together, and fixed names whose first word is a gerund or an adjective.
    In this set: cargo ship, lighthouse keeper, fishing boat, wedding cake, display case, rolling pin, maple syrup,
    lab coat, gas burner, periodic table, test tube, test tube rack, fire extinguisher, graffiti wall, half pipe,
    fire hydrant, energy drink can, taco truck, apple tree, pear tree, watering can, lavender bush, vending
    machine, coffee cup, get well card, iv pole (lower case), crescent moon, cherry blossom, diesel engine, luggage
    cart, pine tree, telegraph pole, station clock, ticket window.
  - "of" nouns: the head, "of" and what follows stay one noun as written, plural kept ("ball of dough", "stack of
    pancakes", "sack of flour", "stack of charts", "vase of tulips", "crown of roses", "ring of fire", "jar of jam",
    "vase of daisies"); the count is the head's ("Two jars of honey" -> jar of honey/2, "four pairs of goggles" ->
    pair of goggles/4, "a box of gloves" -> box of gloves/1). A part or region "of" a thing is not an "of" noun
    but a REFUSE ("the bow of the ferry", "the far end of the platform").
  - Verbs: a transitive verb, finite, progressive or participle, is "subject verb-ing object" ("pushing",
    "painting", "decorating", "grinding", "eating", "holding", "mopping", "showing", "carrying", "wearing",
    "fighting", "picking"; "pushes" -> pushing, "holds" -> holding, "shows" -> showing). An intransitive verb with
    a place keeps its own preposition as written ("sleeps on" -> sleeping on, "stands at" -> standing at, "shines
    on" -> shining on, "lie between" -> lying between, "wait on" -> waiting on, "run along" -> running along,
    "grazes in" -> grazing in, "waves at" -> waving at, "is talking to" -> talking to, "racing down", "skating
    past", "jumping over", "leaping through", "buzzing around", "walking across", "cooling on", "resting next
    to"). A past participle stays as written with its preposition ("docked beside", "tied to", "pulled up on",
    "lined up on", "covered in", "covered with", "topped with", "mounted next to", "propped against", "coiled
    around", "wrapped around"), also in a passive without "by" ("is mounted next to the door" -> "0 mounted next
    to 1").
  - One subject with two verbs gets both ("four friends sitting on a curb eating pizza" -> "0 sitting on 1; 0
    eating 2"); a subject's place before its verb stays the subject's ("The monitor above the bed shows a green
    line." -> "0 above 1; 0 showing 2"; "A projector on a rolling cart shines on a white screen." -> "0 on 1; 0
    shining on 2").
  - An -ing verb after the subject's clothing or vehicle is the subject's ("dude in a green hoodie sitting on a
    half pipe" -> "0 in 1; 0 sitting on 2"; "two girls on scooters racing down a ramp" -> "0 on 1; 0 racing down
    2"). A past participle right after a verb's object describes that object ("holds a frame covered with bees"
    -> "0 holding 2; 2 covered with 3").
  - An intransitive verb or a predicate adjective with no place is an attribute ("a baby is crying" ->
    baby/1/crying; "The hallway is quiet." -> hallway/1/quiet; "The signal that stands beside the track is red."
    -> signal/1/red). With a place, the adjective is an attribute and the place a bare relation ("The fat cat is
    asleep on a sack of flour." -> cat/1/fat,asleep; "0 on 1"; "tired nurse asleep in a plastic chair" ->
    nurse/1/tired,asleep; "0 in 1").
  - Passives with "by", finite or participle, read as the active: "A croissant was stolen by a cheeky sparrow!!"
    -> "1 stealing 0"; "A heart pierced by an arrow" -> "1 piercing 0".
  - Places: bare prepositions read canonically as in set 15 ("over" -> above: "heating a flask over a gas burner"
    -> "2 above 3"; "beside" -> next to; "below", "through", "on top of", "near", "at", "in" as written; "is to
    the left of" -> left of). Clothing "in" is "0 in 1" ("captain in a navy coat", "beekeeper in a white veil").
    A plain thing after a verb's object goes to that object ("mops the floor near the elevator" -> "2 near 3").
    A place after the object of a preposition or participle goes to that nearest object ("wait on a wooden
    platform under a tin roof" -> "1 under 2"; "hangs on the wall behind the teacher's desk" -> "1 behind 2";
    "sits on a wooden jetty beside a blue lake" -> "1 next to 2").
  - A setting that opens a sentence ("at the marina", "On my layout,", "In my kitchen,") is an object in mention
    order and holds for that sentence's subject, its relation listed first ("at the marina a seal sleeps on a green
    buoy" -> "1 at 0; 1 sleeping on 2"; "On my layout, a red caboose sits behind a black diesel engine." -> "1 on
    0; 1 sitting behind 2").
  - Lists: subjects sharing a verb or place each get it ("two kayaks and a canoe pulled up on the sand" -> "0
    pulled up on 2; 1 pulled up on 2"; "A hen and five chicks are walking across the lawn."); a verb or
    participle with a list of targets gives one relation each ("topped with blueberries and maple syrup" -> "0
    topped with 1; 0 topped with 2"; "sits between a jar of jam and a vase of daisies" -> "1 sitting between 2; 1
    sitting between 3").
  - Relative clauses give their noun's relation ("a rowboat that is tied to the jetty" -> "4 tied to 1"; "A
    conductor who is holding a lantern waves at the driver." -> "0 holding 1; 0 waving at 2").
  - "X with Y <place> it" reads as "Y <place> X" for any place, not only "in" ("ANCHOR WITH A ROPE WRAPPED AROUND
    IT" -> "1 wrapped around 0"; "with a blue watering can beside it" -> "2 next to 0"; "A papier-mache mountain
    with two tunnels through it and pine trees on top of it" -> "1 through 0; 2 on top of 0").
  - Clauses and sentences joined by "and", commas, semicolons or full stops are read one by one, objects numbered
    on across them ("The hallway is quiet. A janitor mops the floor near the elevator.").
  - Frames and tags add nothing: "A painting of", "black and white photo of", a label before a colon ("My
    favourite scene on the whole layout:") or a dash ("back piece --"), and a style tag after a dash or comma ("-
    traditional style", ", fine line").
  - Possessives are dropped with their possessor ("the teacher's desk" -> desk/1; "My grandson in his yellow
    raincoat" -> grandson/1; raincoat/1/yellow).
  - Casing and punctuation carry no meaning; nouns are written lower case ("A SNAKE COILED AROUND A DAGGER" ->
    snake/1; dagger/1).

Run:
    python bench/csg_heldout46.py

Measured once (at 88ce4e3, the rules after round 32; written by a helper that never saw the rules or their tests,
kept outside the repository until then, in eight people's voices): 54 of 80 parsed right (67.5%; 54 of the 70
statable rows: 77%), 21 refused (9 of them rows marked REFUSE, so 63 of 80 answered right: 79%), 5 mis-parsed (6%).
  - where a describing word sits (3): "a chocolate cake" (the writer: a material), "a rolling cart", "a tin roof".
  - a path after a verb's object read as the object's place (1): "pulling 4 coal wagons across a stone viaduct"
    (the row: REFUSE; round 32's new default, kept from paths by round 33).
  - "it" given to the nearest thing (1): "The old wooden bench under the pear tree, with a blue watering can beside
    it" (the row: the bench).
  - refused where the row has a reading (12): "between a compass and a battery" twice, punctuation four times (" - ",
    "--", ":", ";"), a place opening the sentence with no comma, "the teacher's desk", "two girls on scooters racing",
    "energy drink can on", "WITH A ROPE WRAPPED AROUND IT", "with two tunnels through it".
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT46 = [
    # a retired ferry captain, 68: lower case, no full stops, harbour words
    ("red tugboat pushing a cargo ship", "tugboat/1/red; cargo ship/1", "0 pushing 1"),
    ("two gulls on a wooden piling", "gull/2; piling/1/wooden", "0 on 1"),
    ("lighthouse keeper painting a rowboat", "lighthouse keeper/1; rowboat/1", "0 painting 1"),
    ("old ferry docked beside a stone pier", "ferry/1/old; pier/1/stone", "0 docked beside 1"),
    ("three fishing boats tied to a long dock", "fishing boat/3; dock/1/long", "0 tied to 1"),
    ("at the marina a seal sleeps on a green buoy", "marina/1; seal/1; buoy/1/green", "1 at 0; 1 sleeping on 2"),
    ("deckhand coiling rope at the bow of the ferry", "REFUSE", ""),
    ("captain in a navy coat stands at the wheel", "captain/1; coat/1/navy; wheel/1", "0 in 1; 0 standing at 2"),
    ("fisherman hauling a net out of the water", "REFUSE", ""),
    ("two kayaks and a canoe pulled up on the sand", "kayak/2; canoe/1; sand/1",
     "0 pulled up on 2; 1 pulled up on 2"),
    # a pastry chef, 34: capitals and exclamation marks
    ("A tiered wedding cake covered in white roses!", "wedding cake/1/tiered; rose/2+/white", "0 covered in 1"),
    ("Six macarons lined up on a marble counter", "macaron/6; counter/1/marble", "0 lined up on 1"),
    ("Croissants and muffins in a glass display case!!", "croissant/2+; muffin/2+; display case/1/glass",
     "0 in 2; 1 in 2"),
    ("A golden pie cooling on a windowsill", "pie/1/golden; windowsill/1", "0 cooling on 1"),
    ("Two chefs in tall hats are decorating a chocolate cake.", "chef/2; hat/2+/tall; cake/1/chocolate",
     "0 in 1; 0 decorating 2"),
    ("A rolling pin resting next to a ball of dough", "rolling pin/1; ball of dough/1", "0 resting next to 1"),
    ("A stack of pancakes topped with blueberries and maple syrup!", "stack of pancakes/1; blueberry/2+; maple syrup/1",
     "0 topped with 1; 0 topped with 2"),
    ("My apprentice pours melted chocolate into a heart-shaped mold", "REFUSE", ""),
    ("The fat cat is asleep on a sack of flour.", "cat/1/fat,asleep; sack of flour/1", "0 on 1"),
    ("A croissant was stolen by a cheeky sparrow!!", "croissant/1; sparrow/1/cheeky", "1 stealing 0"),
    # a high-school chemistry teacher, 45: whole sentences, full stops
    ("The glass beaker is to the left of a metal tripod.", "beaker/1/glass; tripod/1/metal", "0 left of 1"),
    ("Two students in lab coats are heating a flask over a gas burner.",
     "student/2; lab coat/2+; flask/1; gas burner/1", "0 in 1; 0 heating 2; 2 above 3"),
    ("A periodic table hangs on the wall behind the teacher's desk.", "periodic table/1; wall/1; desk/1",
     "0 hanging on 1; 1 behind 2"),
    ("A test tube rack holding five test tubes.", "test tube rack/1; test tube/5", "0 holding 1"),
    ("A fire extinguisher is mounted next to the door.", "fire extinguisher/1; door/1", "0 mounted next to 1"),
    ("A student stirs the solution until it turns green.", "REFUSE", ""),
    ("Three magnets lie between a compass and a battery.", "magnet/3; compass/1; battery/1",
     "0 lying between 1; 0 lying between 2"),
    ("The balance is on the bench, and a small brass weight is on the balance.",
     "balance/1; bench/1; weight/1/small,brass", "0 on 1; 2 on 0"),
    ("A projector on a rolling cart shines on a white screen.", "projector/1; cart/1/rolling; screen/1/white",
     "0 on 1; 0 shining on 2"),
    ("There are four pairs of goggles and a box of gloves on the shelf.",
     "pair of goggles/4; box of gloves/1; shelf/1", "0 on 2; 1 on 2"),
    # a teenage skateboarder, 16: lower case, no punctuation, slang
    ("skater grinding a metal rail", "skater/1; rail/1/metal", "0 grinding 1"),
    ("3 skateboards leaning on a graffiti wall", "skateboard/3; graffiti wall/1", "0 leaning on 1"),
    ("dude in a green hoodie sitting on a half pipe", "dude/1; hoodie/1/green; half pipe/1",
     "0 in 1; 0 sitting on 2"),
    ("a little kid feeding fries to a bunch of pigeons", "REFUSE", ""),
    ("two girls on scooters racing down a ramp", "girl/2; scooter/2+; ramp/1", "0 on 1; 0 racing down 2"),
    ("black and white photo of a skater jumping over a fire hydrant", "skater/1; fire hydrant/1",
     "0 jumping over 1"),
    ("energy drink can on a concrete ledge", "energy drink can/1; ledge/1/concrete", "0 on 1"),
    ("dog on skateboard", "dog/1; skateboard/1", "0 on 1"),
    ("an old guy skating past a taco truck", "guy/1/old; taco truck/1", "0 skating past 1"),
    ("four friends sitting on a curb eating pizza", "friend/4; curb/1; pizza/1", "0 sitting on 1; 0 eating 2"),
    # a grandmother who keeps bees, 74: polite full sentences, "my grandson", "my kitchen"
    ("A painting of a beehive under an apple tree.", "beehive/1; apple tree/1", "0 under 1"),
    ("My grandson in his yellow raincoat is jumping in a puddle.", "grandson/1; raincoat/1/yellow; puddle/1",
     "0 in 1; 0 jumping in 2"),
    ("A beekeeper in a white veil holds a frame covered with bees.", "beekeeper/1; veil/1/white; frame/1; bee/2+",
     "0 in 1; 0 holding 2; 2 covered with 3"),
    ("Two jars of honey and a loaf of bread on a checkered tablecloth",
     "jar of honey/2; loaf of bread/1; tablecloth/1/checkered", "0 on 2; 1 on 2"),
    ("In my kitchen, an old brown teapot sits between a jar of jam and a vase of daisies.",
     "kitchen/1; teapot/1/old,brown; jar of jam/1; vase of daisies/1",
     "1 in 0; 1 sitting between 2; 1 sitting between 3"),
    ("Sunflowers that are taller than the garden fence", "REFUSE", ""),
    ("The old wooden bench under the pear tree, with a blue watering can beside it.",
     "bench/1/old,wooden; pear tree/1; watering can/1/blue", "0 under 1; 2 next to 0"),
    ("A hen and five chicks are walking across the lawn.", "hen/1; chick/5; lawn/1",
     "0 walking across 2; 1 walking across 2"),
    ("A little girl in a straw hat is picking strawberries.", "girl/1/little; hat/1/straw; strawberry/2+",
     "0 in 1; 0 picking 2"),
    ("Bees buzzing around a lavender bush", "bee/2+; lavender bush/1", "0 buzzing around 1"),
    # a night-shift nurse, 29: clipped notes, digits
    ("empty wheelchair next to a vending machine", "wheelchair/1/empty; vending machine/1", "0 next to 1"),
    ("A doctor is talking to a patient.", "doctor/1; patient/1", "0 talking to 1"),
    ("coffee cup on top of a stack of charts", "coffee cup/1; stack of charts/1", "0 on top of 1"),
    ("tired nurse asleep in a plastic chair", "nurse/1/tired,asleep; chair/1/plastic", "0 in 1"),
    ("a get well card propped against a vase of tulips", "get well card/1; vase of tulips/1",
     "0 propped against 1"),
    ("The monitor above the bed shows a green line.", "monitor/1; bed/1; line/1/green", "0 above 1; 0 showing 2"),
    ("2 paramedics standing beside an ambulance", "paramedic/2; ambulance/1", "0 standing beside 1"),
    ("The hallway is quiet. A janitor mops the floor near the elevator.",
     "hallway/1/quiet; janitor/1; floor/1; elevator/1", "1 mopping 2; 2 near 3"),
    ("nurse bending down to tie a patient's shoelace", "REFUSE", ""),
    ("An IV pole stands beside the bed and a baby is crying", "iv pole/1; bed/1; baby/1/crying",
     "0 standing beside 1"),
    # a tattoo artist, 40: capitals, dashes, style tags
    ("A SNAKE COILED AROUND A DAGGER", "snake/1; dagger/1", "0 coiled around 1"),
    ("two swallows carrying a ribbon - traditional style", "swallow/2; ribbon/1", "0 carrying 1"),
    ("a skull wearing a crown of roses", "skull/1; crown of roses/1", "0 wearing 1"),
    ("ANCHOR WITH A ROPE WRAPPED AROUND IT", "anchor/1; rope/1", "1 wrapped around 0"),
    ("A tiger leaping through a ring of fire", "tiger/1; ring of fire/1", "0 leaping through 1"),
    ("back piece -- a dragon wrapped around a sword, a pagoda behind the dragon and 3 cherry blossoms above the pagoda",
     "dragon/1; sword/1; pagoda/1; cherry blossom/3", "0 wrapped around 1; 2 behind 0; 3 above 2"),
    ("A heart pierced by an arrow", "heart/1; arrow/1", "1 piercing 0"),
    ("moth above a crescent moon, three stars below the moon", "moth/1; crescent moon/1; star/3",
     "0 above 1; 2 below 1"),
    ("Eagle fighting snake", "eagle/1; snake/1", "0 fighting 1"),
    ("a rose with no thorns, fine line", "REFUSE", ""),
    # a retired accountant who builds model railways, 63: long exact sentences, colons and semicolons
    ("A green steam locomotive pulling 4 coal wagons across a stone viaduct", "REFUSE", ""),
    ("On my layout, a red caboose sits behind a black diesel engine.",
     "layout/1; caboose/1/red; diesel engine/1/black", "1 on 0; 1 sitting behind 2"),
    ("Seven tiny passengers wait on a wooden platform under a tin roof, and a porter pushes a luggage cart.",
     "passenger/7/tiny; platform/1/wooden; roof/1/tin; porter/1; luggage cart/1",
     "0 waiting on 1; 1 under 2; 3 pushing 4"),
    ("A conductor standing at the far end of the platform", "REFUSE", ""),
    ("The signal that stands beside the track is red.", "signal/1/red; track/1", "0 standing beside 1"),
    ("A conductor who is holding a lantern waves at the driver.", "conductor/1; lantern/1; driver/1",
     "0 holding 1; 0 waving at 2"),
    ("A papier-mache mountain with two tunnels through it and pine trees on top of it",
     "mountain/1/papier-mache; tunnel/2; pine tree/2+", "1 through 0; 2 on top of 0"),
    ("My favourite scene on the whole layout: a tiny fisherman sits on a wooden jetty beside a blue lake, and two "
     "ducks float near a rowboat that is tied to the jetty.",
     "fisherman/1/tiny; jetty/1/wooden; lake/1/blue; duck/2; rowboat/1",
     "0 sitting on 1; 1 next to 2; 3 floating near 4; 4 tied to 1"),
    ("Five telegraph poles run along the track; a brown cow grazes in the field.",
     "telegraph pole/5; track/1; cow/1/brown; field/1", "0 running along 1; 2 grazing in 3"),
    ("A station clock hangs above the ticket window.", "station clock/1; ticket window/1", "0 hanging above 1"),
]

if __name__ == "__main__":
    score(HELD_OUT46, "held-out (46)")
