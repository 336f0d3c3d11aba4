"""cast_csg_places.py: whose is a place written after a verb's object ("a man reads a newspaper on a bench": the man's,
the newspaper's, or no one can tell?). The tables the rules read to decide it, and whose_place, which cast_csg calls;
the rest of the grammar's words are in cast_csg_words.py.
"""
from __future__ import annotations

from cast_csg_nouns import BODY_PARTS, compound_end

# A place after a verb's object ("a man reads a newspaper on a bench") is the subject's where the object is in
# the subject's hands or mouth (reading, eating, drinking), the object's where the verb puts or makes the object
# there ("builds a sandcastle on the beach", "hangs a coat on a hook"); after any other verb ("watches a bird in
# a cage", "chops carrots on a board") it could be either: the subject's in a scene (below), and since round 32 the
# object's in, on or by a plain thing (whose_place), as the blind writers' conventions have it. By -ing form.
# So is it where the subject rides, steers or plays the object, the two in one place ("rides a horse on the moon",
# "plays a piano on a stage", "rows a boat on a lake"); not where it tends, holds or carries it, which can be the
# object's place alone ("washes a dog in a tub", "grooms a dog on a table", "carries plates on a tray").
# Not licking: it touches its object without holding it ("licks a plate on the counter": is the cat up there too?).
# The verb's lists come before scenes: "built a snowman in the yard" is the snowman's place (the subject is there too,
# but bench sets 1 and 3 write "1 in 2", "1 on 2" for "building a sandcastle on the beach"; set 10 the subject's).
PLACE_OF_SUBJECT = set("""eating drinking reading sipping munching nibbling chewing devouring gobbling
slurping studying riding driving pedaling steering rowing paddling playing strumming tuning knitting
cuddling""".split())
PLACE_OF_OBJECT = set("""putting placing setting laying hanging pouring spraying sprinkling spreading stacking
piling dropping planting building making drawing painting writing carving stacking parking storing burying
arranging digging pinning sticking tying leaving hiding wrapping resting leaning propping spilling scattering
dumping""".split())
# After PLACE_OF_SUBJECT, a place in or on a thing that is no scene, water or seat may be the object's alone ("reads
# the label on a cereal box", "eats the icing on a cake", "plays the keys on a keyboard"): refused. SEATS hold the
# subject (furniture, perches, vehicles: "reads a magazine on a sofa"); a place beside a thing holds both together.
HOLDING = {"in", "on", "on top of"}
SEATS = set("""bench sofa couch chair armchair stool bed hammock swing seat throne step steps stairs staircase blanket
towel mat cushion pillow beanbag log rock stone boulder stump branch wall fence ledge windowsill train bus car taxi
boat ship ferry raft plane airplane sled horse camel elephant bicycle bike motorcycle scooter moon""".split())
# After any other verb, a scene place (a relation of SCENE_RELATIONS to a scene(): "walks three dogs across
# the street", "feeds pigeons in a park", "crosses the street at a crosswalk") is the subject's: a scene holds the
# subject and what it acts on together, so the subject is there whenever the object is. So is a place beside a
# scene or a water (SHORE_RELATIONS, WATERS: "feeds ducks by a pond"), where the subject stands at the edge. Not
# after verbs that act at a distance (AT_A_DISTANCE: "watches a plane in the sky", "throws a ball across the field":
# the object can be where the subject is not), not a path ("through", "around" a scene: no atom's place), and not
# smaller places or in or on a water, which can hold the object alone ("grooms a dog on a table", "catches a salmon
# in a river"): those stay refused, but for vessels (VESSELS: "flips a pancake in a pan"), which are the object's.
SCENE_RELATIONS = {"in", "at", "on", "across", "along"}
SCENES = set("""park garden yard backyard courtyard playground field meadow pasture lawn farm farmyard orchard
vineyard forest woods jungle desert savanna hill hillside mountain valley island beach shore dock pier deck
boardwalk street road sidewalk crosswalk intersection alley square plaza market city town village campsite
campground stage arena stadium court rink racetrack kitchen room bedroom bathroom classroom office library studio
garage barn stable gym restaurant cafe bakery shop store supermarket museum church hall attic basement cellar
workshop greenhouse warehouse factory hallway corridor lobby porch balcony patio terrace rooftop roof zoo circus
house cottage cabin hut tent castle palace tower temple cave tunnel floor ground grass rug carpet""".split())
# A compound that ends in an area's or a room's word is a scene as that word is (SCENE_ENDS: "a schoolyard", "a
# junkyard", "a playroom", "a fairground", "a cornfield", "a skatepark"), by the word's end rather than one by one;
# not the few words that only end so (NOT_SCENES: "a lanyard", "a mushroom", or the frame, "the background").
SCENE_ENDS = ("yard", "room", "ground", "field", "park")
NOT_SCENES = {"lanyard", "halyard", "mushroom", "background", "foreground"}
SHORE_RELATIONS = {"next to", "near"}
# A vessel or a cooking or washing place, too small to hold the subject who acts on what is in or on it: a place
# there after a verb's object is the object's, whatever the verb ("flips a pancake in a frying pan", "carries three
# plates on a tray", "heats a flask over a burner", "watches a goldfish in a bowl"). Not a box, basket, cage, tub or
# board, which can hold a cat or a child (or a surfer) as well: those stay with the rules below.
VESSELS = set("""pan skillet wok saucepan pot kettle teapot tray platter plate saucer dish bowl cup mug glass jar
bottle vase jug pitcher bucket pail beaker flask stove burner oven grill toaster microwave sink fishbowl aquarium
spoon fork skewer""".split())
VESSEL_RELATIONS = {"in", "on", "on top of", "above"}
WATERS = set("""river lake pond sea ocean pool fountain stream creek canal harbor bay waterfall""".split())
AT_A_DISTANCE = set("""watching looking seeing observing viewing hearing noticing spying photographing filming
pointing aiming spotting admiring eyeing throwing tossing pitching kicking hitting shooting firing launching flinging
hurling passing rolling sending calling""".split())
# The subject's own body part ("brushes his teeth in front of a mirror") is where the subject is, beside a thing;
# not in it or above it ("washes his hands in a sink", "holds her hands over a fire"): refused.
BESIDE = {"in front of", "behind", "next to", "left of", "right of", "near"}
# Round 33: the relations (SPATIAL's values) that are a path the verb moves its object along ("pulls four wagons
# across a viaduct"): where the object goes, not where it is; no atom states it.
PATHS = {"across", "along", "through"}


def scene(noun):
    """Is `noun` (a singular) a scene: one of SCENES, or a compound ending in a word of SCENE_ENDS?"""
    return noun in SCENES or noun not in NOT_SCENES and compound_end(noun, SCENE_ENDS) is not None


def whose_place(verb, relation, place_noun, object_noun, owned):
    """Whose is a place (`relation` to a thing whose last noun is `place_noun`) after the object `object_noun` of a
    verb (its -ing form)? "object", "subject", or None where the rules cannot tell. A vessel's is the object's
    (VESSELS); then the verb's own lists (PLACE_OF_OBJECT; PLACE_OF_SUBJECT, in or on a scene, water or seat only:
    SEATS); then a scene (scene()) or a shore is the subject's, and so is a place beside the subject's own body part
    (`owned`: "brushes his teeth in front of a mirror"), unless the verb acts at a distance (SCENES, SHORE_RELATIONS,
    BESIDE, AT_A_DISTANCE say why); any other place of a plain thing is the object's (round 32)."""
    if verb in PLACE_OF_OBJECT or place_noun in VESSELS and relation in VESSEL_RELATIONS:
        return "object"
    if verb in PLACE_OF_SUBJECT:
        return "subject" if relation not in HOLDING or scene(place_noun) or place_noun in WATERS | SEATS else None
    holds = scene(place_noun) and relation in SCENE_RELATIONS | SHORE_RELATIONS \
        or place_noun in WATERS and relation in SHORE_RELATIONS
    own_body = owned and object_noun.split()[-1] in BODY_PARTS
    if verb not in AT_A_DISTANCE and (holds or own_body and relation in BESIDE):
        return "subject"
    # Round 32: any other place in, on or by a plain thing (no scene, no water) is the object's, as every blind writer
    # since set 15 reads it ("shapes a vase on a wheel", "weighs tomatoes on a scale"); not a part of the subject's
    # own body ("combs her hair on a rock": she is there) nor where a verb that acts at a distance aims ("points a
    # camera at a bride": no place), nor a path (round 33: PATHS)
    aimed = verb in AT_A_DISTANCE and relation == "at"
    plain = not scene(place_noun) and place_noun not in WATERS and relation not in PATHS
    return "object" if plain and not own_body and not aimed else None
