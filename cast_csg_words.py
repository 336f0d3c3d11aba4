"""cast_csg_words.py: the closed word lists of cast_csg's rule grammar, and the inflections it needs (the -ing form of a
verb, a noun's number in a phrase; singular() and the plural tables are in cast_csg_nouns.py, the plural that
questions use in cast_csg_graph.py). Nouns and verbs are open: the rules find them by their position and their
endings. Everything else the parser recognises is in these tables, in cast_csg_nouns.py (plurals), in
cast_csg_places.py (whose a place after a verb's object is) or in cast_csg_kinds.py (describing words: which are
attributes, of what kind, and which pairs name a kind); extend them there and nowhere else. Below the tables: the
word-level tests the rules call (is it an adverb, can these words be one noun) and the tokenizer that drops what no
atom checks.
"""
from __future__ import annotations

import re

from cast_csg_kinds import plain_adjective
from cast_csg_nouns import AMBIGUOUS_PLURALS, BODY_PARTS, FOOD_ANIMALS, ZERO_PLURALS, same_plural, singular


# Frames before "of" that add nothing to the picture's atoms (round 22: "diorama" .. "cartoon").
LEAD_INS = {"photo", "image", "picture", "photograph", "painting", "drawing", "illustration", "render", "sketch",
            "close-up", "closeup", "scene", "view", "diorama", "portrait", "watercolor", "cartoon"}
NUMBERS = {"a": 1, "an": 1, "one": 1, "another": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
POSSESSIVES = {"its", "their", "his", "her", "my", "your", "our"}   # a new object, like "a" ("a cat licking its paw")
SPATIAL = {  # canonical phrase (the atom's value): the ways prompts write it
    "left of": ["left of", "to the left of", "on the left of", "on the left side of", "to the left side of"],
    "right of": ["right of", "to the right of", "on the right of", "on the right side of", "to the right side of"],
    "above": ["above", "over"], "below": ["below", "beneath"], "under": ["under", "underneath"],
    "on top of": ["on top of", "on the top of", "atop"], "on": ["on"], "in": ["in", "inside", "inside of"],
    "in front of": ["in front of"], "behind": ["behind", "in back of"],
    "next to": ["next to", "beside", "by the side of", "at the side of", "by"],   # "by": see BY_WORKS
    "near": ["near", "close to"],
    "on the side of": ["on the side of", "on side of"], "at": ["at"], "around": ["around"],
    "against": ["against"], "across": ["across"], "through": ["through"], "along": ["along"],
    "between": ["between"],     # its target must be several things ("between two rocks"), else refused
    "outside": ["outside", "outside of"],   # alone at a sentence's end ("sleeps outside") a frame word: refused
}
# Relations written from the other object's side: "a basket full of apples" is the apples in the basket.
REVERSED = {"full of": "in"}
PLACES = set(SPATIAL) | set(REVERSED)
# The four axis directions of GenEval's position prompts and the shapes world, whose chains ("a circle and a triangle
# above a square": the triangle above the square; "a circle left of a square and a triangle": the triangle alone) bind
# the nearest object on both sides of a list. Every other relation is shared by a list before it ("balloons and
# flowers beside a bed", "an apple and a pear in a bowl") and after it ("in a hat and a coat"): no chain writes them.
DIRECTIONS = {"left of", "right of", "above", "below"}
ACTIONS = ("chasing", "jumping over", "playing with", "riding", "holding", "carrying", "eating", "wearing",
           "pushing", "pulling", "kicking", "hugging", "biting", "feeding", "watching", "looking at",
           "sitting on", "standing on", "lying on", "climbing", "catching", "throwing", "following", "touching",
           "flying over", "leaning against")   # GenEval 2's and the like, as written; other verbs by their endings
RELATIONS = {**SPATIAL, **{action: [action] for action in ACTIONS}}
_EXAMPLES = "left of, on top of, behind, next to, chasing, jumping over, playing with, riding, ..."  # for errors
JOINERS = {"and", "with", ","}          # start a new object phrase with no relation ("a dog with a ball")
COPULAS = {"is": False, "was": False, "are": True, "were": True}    # -> does the verb say "more than one"?
HAVE = {"has", "have", "had"}           # "a cat has blue eyes" reads as "a cat with blue eyes"
RELATIVES = {"which", "that", "who"}    # a relative clause describes the nearest noun
SENTENCE_ENDS = {".", "!"}
# Words a verb takes before its object ("looks at", "jumps into", "picked from"); not relations on their own.
PARTICLES = {"at", "from", "to", "into", "onto", "through", "across", "toward", "towards", "along", "around",
             "against", "off", "up", "down", "out", "away", "over", "with", "past", "upon", "for", "about",
             "among", "amongst", "amid", "beyond", "within", "alongside", "opposite"}    # never a noun ("among X")
# Games are played, not things to find: "playing soccer" is the subject's action, like "dancing".
GAMES = set("""soccer football basketball baseball tennis volleyball hockey golf cricket rugby badminton
tag""".split())
# "by" after these is their author ("a painting by a child"), not their place: refused.
BY_WORKS = set("""painting drawing poem book novel song photo photograph picture sculpture portrait letter note
film movie story sketch statue mural play symphony article essay speech artwork print design illustration
album opera poster""".split())
# Two-word nouns whose second word reads as a verb or a function word ("a trash can", "a zebra crossing"), in either
# number (cast_csg_phrases.known_compound: "trash cans"). Round 11: kinds of bear ("Teddy bears on a shelf": "bears"
# no verb).
COMPOUNDS = {("trash", "can"), ("garbage", "can"), ("watering", "can"), ("tin", "can"), ("soda", "can"),
             ("paint", "can"), ("oil", "can"), ("zebra", "crossing"), ("pedestrian", "crossing"),
             ("railroad", "crossing"), ("railway", "crossing"), ("level", "crossing"), ("can", "of")} | {
    (word, "set") for word in "tea chess drum train tv toy dining paint lego crayon checkers".split()} | {
    ("banana", "split"), ("paper", "cut"), ("cold", "cut")} | {   # a plain participle ending a noun: NOUN_PARTICIPLES
    (word, "bear") for word in "teddy polar grizzly koala panda gummy".split()}
# Adverbs that say the subjects are with each other ("two dogs play together"): no atom states it, and the
# count and the relations already place them; dropped wherever they stand, and kept in SceneGraph.dropped.
# Round 11: "in a row" and "in rows" say so too, how they stand ("cones stand in a row on a road"), as "side by side".
DROPPED_ADVERBS = [("side", "by", "side"), ("together",), ("in", "a", "row"), ("in", "rows")]
# Words that say how far or how exactly before a spatial relation ("flies high above the trees", "sits right next to
# a dog", "hangs directly over a table"): the relation holds whatever they say, so they are dropped and listed in
# SceneGraph.dropped (not after "the": "on the far left of").
DEGREE_WORDS = {"high", "far", "low", "just", "right", "directly", "slightly", "partly", "partially", "deep"}
# Adverbs in -ly that say the action may not hold ("nearly catches"): refused; the rest are dropped (drop_adverb).
HEDGES = set("nearly barely hardly scarcely rarely apparently seemingly supposedly allegedly unsuccessfully".split())
# Parts named before "of" that add nothing to a relation's target after "against": a thing leaning against a house
# touches its side ("leans against the side of a house"). After any other word the side is a place on the thing
# ("hangs from the side of a cliff"), which no atom states: refused, with the other REGIONS.
WHOLE_PARTS = {"side"}
# A part or region of a thing before "of" ("at the edge of a forest", "the top of the stairs", "the end of a pier"):
# no object a VLM can count, and not the whole thing either; the atoms cannot state it, so refused. Not after a number
# ("a side of fries", "a piece of cake": things themselves); "on top of", "in front of" and the like are relations.
REGIONS = set("side edge top bottom corner middle center centre end tip rim base foot front back surface".split())
# Times of day: the picture's light, which no atom states. Dropped from a prompt's end and kept in
# SceneGraph.dropped, so a graph says what it does not check ("two owls on a branch at night").
DROPPED = [tuple(t.split()) for t in ("at night", "at sunset", "at sunrise", "at dawn", "at dusk", "at noon",
                                      "at midnight", "at twilight", "in the morning", "in the evening",
                                      "in the afternoon", "during the day", "at night time")]
# Round 31: what a thing does by itself, no one using it (Levin's verbs of emission, of a thing's own change of state,
# and of motion with no mover): before a thing their -ing form is what it is doing, an attribute ("a glowing lamp", "a
# crackling fire", "a rushing river"), as before a person or an animal ("a sleeping cat": cast_csg_nouns.BEINGS). The
# -ing form of a verb people do with a thing names its kind instead, one noun ("a fishing boat", "a cutting board").
SELF_ACTING = set("""glowing flickering shining sparkling twinkling gleaming glistening glimmering shimmering blinking
flashing blazing glinting crackling humming buzzing roaring sizzling hissing creaking rumbling chiming whistling ticking
rattling steaming bubbling dripping leaking oozing smoldering smouldering fizzing blooming blossoming burning melting
rusting rotting wilting withering sprouting crumbling fading flowing rushing trickling swirling drifting floating
falling rising setting swaying fluttering waving flapping dangling winding sinking""".split())
# Round 31: words that begin a time ("a hen on her nest after laying eggs"): no atom states when; a noun never goes on
# past one (the rules had read "nest after" as one noun).
TIME_JOINERS = {"after", "before", "until", "till", "during", "since"}
# Verbs that gather things into a shape: "into" after them is the shape they make ("blocks stacked into a tower":
# the tower is the blocks, no atom states it) or where they go ("books stacked into a box"): refused.
GATHERING = set("""stacking piling arranging lining grouping gathering sorting bundling rolling folding twisting
braiding weaving forming shaping""".split())
# Participles that say where a thing was put: "by" after them is its place or its agent ("a car parked by the
# river", "a car parked by a valet"): refused.
POSITION_PARTICIPLES = set("""parked placed left set stacked piled hung planted seated located situated positioned
moored docked perched tied propped leaned put stored kept lined arranged draped wrapped spread scattered laid
mounted""".split())
# Particles after which a past form takes the object as what the verb moves ("knocked over a vase", "picked up a
# ball"): an active past tense, stored in the -ing form. After POSITION_PARTICIPLES and verbs that put or make a
# thing somewhere (PLACE_OF_OBJECT: "a bridge built over a river") the participle is a state and the object a place.
PHRASAL_PARTICLES = {"over", "up", "down", "out", "off", "away"}
# "A hidden by B" is a place, not an action: A is behind B. Other passives with "by" are B's action on A, "covered"
# too ("a bench covered by leaves": the leaves are covering the bench, as the sets' rows write it).
PASSIVE_PLACES = {"hidden": "behind", "obscured": "behind", "concealed": "behind"}
# Participles whose complement is the thing's own color or material, an attribute, not an object they act on: "a
# door painted red", "a piano that was painted blue", "a cup made of glass" (by the kinds of ATTRIBUTES they take;
# "made" and the like only before "of" / "from").
COLORING = {verb: {"color"} for verb in "painted repainted colored coloured dyed stained tinted spray-painted".split()}
MADE_OF = {verb: {"material"} for verb in "made built carved crafted woven forged sculpted".split()}
# Participles spelled like the base form: after a copula, before "by" or a place, a participle ("was cut by a chef": a
# passive; "was put on a shelf"), not an attribute; a past tense after one subject ("a boy hit a ball"); refused at a
# noun's end before "by" ("a man hit by", "a tea set by": a participle or a noun?).
PLAIN_PARTICIPLES = set("hit cut set put shut hurt split spread burst beat read knit".split())
# After a noun and before a place such a word is a participle ("a blanket spread on the grass", "a lid put on a jar"),
# but these also end compound nouns ("a tea set on a table", "a banana split in a bowl", "a paper cut on a finger"):
# there refused, unless the pair is a known compound (COMPOUNDS). "spread" ends a noun only for a food or a cover
# ("cheese spread", "a bed spread"), which lies spread on the place after it: the participle says the same picture.
# Right after a written sentence's subjects it may be a past tense with a particle ("A boy put on a hat."): refused.
NOUN_PARTICIPLES = set("hit cut set split burst beat read knit".split())
# Present-tense verbs the rules accept without an object after them ("two dogs sit on a bench", "a bird
# sings"); before an object ("a dog licks a bone") any verb is read by its position.
VERBS = set("""sit stand lie rest sleep nap lounge relax run walk jog jump hop leap fly soar glide hover swim dive
float sail hang lean perch climb crawl ride kneel crouch squat bend sing dance play smile laugh cry wait hide
peek peer gaze stare look grow bloom shine glow burn melt drip bounce spin roll slide fall rise sink graze roam
wander stroll march hurry race skate ski surf bark meow roar chirp howl huddle cuddle snuggle bask sleep eat
drink chase hold carry push pull kick hug bite lick sniff chew feed pet throw catch watch read write paint draw
cook bake stir mix pour serve wear touch grab reach lift balance juggle sit stand hover tower loom""".split())
# Round 20: VERBS that need an object. Right before a place such a word is no verb but a noun's last word ("a golden
# pocket watch on a desk", not the list's "watching on"): verb_at.
OBJECT_VERBS = set("""hold carry push pull kick hug bite lick feed pet throw catch watch wear touch grab lift
chase""".split())
# Past tenses (-> the action's -ing form) and participles (kept as written unless "by" or an object follows).
IRREGULAR_PAST = dict(pair.split(":") for pair in """sat:sitting stood:standing ate:eating ran:running swam:swimming
flew:flying rode:riding wore:wearing threw:throwing sang:singing drew:drawing drove:driving fell:falling took:taking
gave:giving leapt:leaping knelt:kneeling slept:sleeping swept:sweeping broke:breaking froze:freezing shook:shaking
tore:tearing wrote:writing brought:bringing dug:digging grew:growing blew:blowing swung:swinging sank:sinking
bit:biting hid:hiding lay:lying fought:fighting won:winning sold:selling told:telling heard:hearing met:meeting
clung:clinging sprang:springing drank:drinking slid:sliding fled:fleeing sped:speeding crept:creeping wept:weeping
strode:striding shone:shining rang:ringing spat:spitting""".split())   # not "saw", "shot": nouns more often
IRREGULAR_PARTICIPLES = dict(pair.split(":") for pair in """held:holding hidden:hiding eaten:eating ridden:riding
worn:wearing thrown:throwing caught:catching bitten:biting drawn:drawing driven:driving taken:taking given:giving
hung:hanging stuck:sticking built:building broken:breaking frozen:freezing shaken:shaking torn:tearing written:writing
sewn:sewing shown:showing seen:seeing made:making kept:keeping found:finding fed:feeding lit:lighting spun:spinning
grown:growing blown:blowing woven:weaving bought:buying left:leaving laid:laying led:leading struck:striking
stung:stinging flung:flinging strung:stringing sent:sending taught:teaching rung:ringing sung:singing sunk:sinking
shrunk:shrinking swum:swimming bound:binding wound:winding bred:breeding bent:bending lent:lending chosen:choosing
woken:waking stolen:stealing shorn:shearing sown:sowing mown:mowing flown:flying beaten:beating
slain:slaying""".split())

# Pasts spelled like a noun ("a dove"): a past only right after a clause's subject and before a particle of motion that
# no noun phrase takes (NOUN_PAST_PARTICLES: "A boy dove into the pool."), where the noun reading is refused anyway.
NOUN_PASTS, NOUN_PAST_PARTICLES = {"dove": "diving"}, {"into", "onto", "off", "toward", "towards"}
# Verbs of moving, resting and looking that take no object and so have no passive: after a written sentence's subjects
# their -ed form is a finite past, the action's -ing form ("A heron landed on a post." -> landing on), not a participle
# kept as written ("parked at", "covered in": their verbs take an object, and a thing can be parked or covered).
INTRANSITIVE = set("""land stop jump hop climb crawl walk march stroll wander roam hurry race rush dash skate surf sail
float drift glide hover soar dive wade skip dance wait pause arrive appear emerge peek peer gaze stare look smile laugh
bloom glow bounce tumble stumble slip crash graze huddle snuggle bask howl bark roar chirp flutter buzz zoom sprint jog
gallop trot lounge relax nap crouch squat rest step tiptoe waddle swoop scurry scamper frolic slither linger
point""".split())                                                       # round 23: "pointed at"
# Round 28: participles that say what lies on or in a thing ("a wall covered in ivy", "a table piled with lemons"):
# after a place's target they describe that nearest thing, as the sets write them, not the clause's subject.
COVERING = set("""covered filled piled topped lined stacked loaded packed heaped littered strewn draped dusted sprinkled
decorated crowded""".split())
# Round 14: verbs of resting whose passive and active show one picture ("coats hung on hooks" are hanging on them, "a
# ladder leaned against a wall" is leaning there): after a written sentence's subjects their past is a finite past,
# read as the -ing form as INTRANSITIVE's are. Not "propped", "parked": the -ing form there is the one who props.
RESTING_PASTS = {"hung", "leaned"}         # round 20: not "perched", which the sets keep as written
# "a couple" alone is one couple, two people as one object ("a couple sits at a table": Is there a couple?); before
# "of" or a noun ("a couple of apples") it is a vague count, like the rest (noun_fault).
COUNT_NOUNS = {"couple"}
# Round 12: what grows, is picked or is sold tied in a bunch: "a bunch of daisies" is one thing, a bouquet ("a bouquet
# of roses", "two bunches of grapes" are read so), as the sets write it ("bunch of daisies/1"); before anything else
# "a bunch of" is a vague count ("a bunch of kids", "a bunch of balloons": tied together, or many?), refused.
BUNCHED = set("""flower wildflower daisy rose tulip lily sunflower carnation daffodil lilac lavender peony poppy
dandelion marigold orchid bluebell freesia hyacinth chrysanthemum herb parsley cilantro basil mint dill thyme rosemary
grape banana carrot radish beet asparagus scallion leek celery kale key""".split())
VAGUE_COUNTS = {"some", "several", "many", "few", "multiple", "various", "numerous", "no", "zero",
                "lots", "couple", "pair", "dozen", "group", "bunch", "both", "all", "every", "each"}
FUNCTION_WORDS = {"is", "are", "was", "were", "be", "been", "being", "of", "to", "at", "for", "from", "by",
                  "that", "which", "who", "whose", "it", "its", "their", "his", "her", "they", "them", "he",
                  "she", "him", "very", "quite", "there", "this", "these", "those", "or", "but", "than", "as",
                  "so", "while", "also", "not", "into", "onto", "each", "can", "will", "would", "could",
                  "should", "may", "might", "must", "do", "does", "did", "if", "when", "where", "then",
                  "without", "has", "have", "had", "nor", "yet", "just", "only", "too",   # and pronouns: no object
                  "itself", "himself", "herself", "themselves", "myself", "yourself", "ourselves", "something",
                  "someone", "somebody", "anything", "anyone", "everything", "everyone", "everybody", "nothing"}
# Places in the picture, not things a VLM can count: "a cat in the background" is refused, not parsed.
FRAME_WORDS = {"background", "foreground", "distance", "middle", "center", "centre", "corner", "night", "day",
               "sunset", "sunrise", "dawn", "dusk", "noon", "midnight", "daytime", "nighttime", "twilight",
               "together", "alone", "high", "low", "far", "outside", "outdoors", "indoors", "upstairs",
               "downstairs", "here", "again", "home", "half", "row"}   # and times and adverbs ("in half")
# Round 11: "row" alone says how things stand ("in a long row"; "in a row" is dropped: DROPPED_ADVERBS), an arrangement
# no atom states, not a row to find ("a row of houses", "a row boat" are other nouns).
# Frame words that name a thing after these relations: "stands at the corner", "a cafe on the corner" is a street
# corner; "in the corner" stays the picture's (or a room's, which is not written).
THINGS_AFTER = {"corner": {"at", "on"}}
# Weather and light after "in the" or "under the" ("walks in the rain", "melting in the sun", "under the
# moonlight"): the picture's frame, not a thing to count, and unlike a time at the end it may say why ("melting"):
# refused. By lemma, so "in the shadows" too.
WEATHER = set("""rain snow sun sunshine sunlight moonlight starlight light fog mist haze wind storm breeze drizzle
downpour snowfall rainfall shade shadow dark darkness heat cold smoke blizzard hail sleet thunderstorm snowstorm
rainstorm sandstorm gale""".split())
# The relations after which a weather word is the frame ("waits in the pouring rain", "walks through a storm").
WEATHER_RELATIONS = {"in", "under", "through"}
# Light words that after "a" name a thing: "under a light" is a lamp, "a shade" a sunshade.
COUNTABLE_LIGHTS = {"light", "shade", "shadow"}
FRAME_NOUNS = {"picture", "image", "photo", "scene", "frame", "left", "right", "top", "bottom", "side"}  # after "the"
# Inside a multi-word noun, words ending in -ly/-ing/-ed are a verb or adverb; these are real nouns.
VERB_LIKE_NOUNS = set("""building painting drawing ceiling earring pudding dumpling string spring swing sling clothing
herring duckling railing lightning butterfly dragonfly firefly jelly belly family holly wedding frosting icing stuffing
filling topping sapling seedling king wing ring thing sled bed shed hundred lily bully tortilla ally doily dolly filly
gully rally tally lolly assembly evening morning awning bedding""".split())   # and every -fly
# Round 12: verbs that make their object a food, as -ing forms (relate's `verb`): a bare FOOD_ANIMAL after them is the
# food, one serving, as "grilled salmon on a plate" ("A chef slices salmon.": no fish swims on a board, so "a food or
# several animals?" is answered). Not "catch", "feed", "watch": their object may be live fish, one or several.
FOOD_VERBS = set("""slicing cutting chopping dicing carving filleting cooking grilling frying baking roasting broiling
steaming searing poaching smoking seasoning marinating serving plating eating tasting preparing""".split())
# Words in -ly that are adjectives, part of a noun ("an elderly man"), not adverbs.
LY_ADJECTIVES = set("""elderly friendly lonely lovely ugly curly silly holy chilly jolly woolly lively oily hilly
bubbly sparkly wrinkly cuddly prickly frilly burly surly sickly stately comely homely costly deadly""".split())
PLURAL_MODIFIERS = {"sports", "clothes", "news", "glasses", "arms", "sales", "goods", "kids", "pants"}  # "sports ball"

_RELATION_OF = {tuple(form.split()): canon for canon, forms in {**RELATIONS, **{r: [r] for r in REVERSED}}.items()
                for form in forms}
_LONGEST_RELATION = max(len(form) for form in _RELATION_OF)
_TOKEN = re.compile(r"\w+(?:['-]\w+)*|\S")     # words (with inner ' and -), else one symbol


def verb_kind(word: str) -> str:
    """How a verb is written: "ing" (sitting), "past" (sat: only a past tense), "participle" (chased,
    hidden: a past tense or a passive), "s" (sits) or "base" (sit). Says nothing about whether it is a verb."""
    if word in IRREGULAR_PAST:
        return "past"
    if word in IRREGULAR_PARTICIPLES or (word.endswith("ed") and not word.endswith("eed") and len(word) > 3):
        return "participle"
    if word.endswith("ing") and len(word) > 4:
        return "ing"
    return "s" if word.endswith("s") and not word.endswith(("ss", "us")) else "base"


def verb_base(word: str) -> str:
    """The base form of a present-tense verb: sits -> sit, watches -> watch, carries -> carry."""
    if verb_kind(word) != "s":
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zzes", "oes")):
        return word[:-2]
    return word[:-1]


def gerund(word: str) -> str:
    """The -ing form that questions use ("Is the dog sitting on the mat?") of a verb as written:
    sits/sit/sat -> sitting, chased -> chasing, carried -> carrying, mixes -> mixing."""
    kind = verb_kind(word)
    if kind == "ing":
        return word
    if word in NOUN_PASTS:
        return NOUN_PASTS[word]
    if word in IRREGULAR_PAST or word in IRREGULAR_PARTICIPLES:
        return IRREGULAR_PAST.get(word) or IRREGULAR_PARTICIPLES[word]
    if kind == "participle":                        # the -ed off the stem keeps its spelling: hugged -> hugging
        return word[:-3] + "ying" if word.endswith("ied") else word[:-2] + "ing"
    base = verb_base(word)
    if base.endswith("ie"):
        return base[:-2] + "ying"                   # lie -> lying
    if base.endswith("e") and not base.endswith(("ee", "ye", "oe")) and len(base) > 2:
        return base[:-1] + "ing"                    # chase -> chasing; see -> seeing
    if re.fullmatch(r"[^aeiou]*[aeiou][^aeiouwxy]", base):
        return base + base[-1] + "ing"              # one short syllable doubles its consonant: sit -> sitting
    return base + "ing"


def adverb(word: str) -> bool:
    """A word in -ly that is an adverb ("happily"), not a noun that ends so ("butterfly", "jelly")."""
    return word.endswith("ly") and len(word) > 4 and word not in VERB_LIKE_NOUNS and word not in LY_ADJECTIVES \
        and not word.endswith("fly") and not plain_adjective(word)  # "a horsefly"; round 30: "a portly man"


def noun_number(word: str, first: bool, count: int | None, determiner: bool, joined: bool, of: bool = False,
                name: bool = False) -> str:
    """How a noun with head word `word` says its number: the `subject` of cast_csg's verb_at, whose docstring says
    what each answer lets a verb be. `first`: the head is the noun's first word; `joined`: the noun is one of several
    subjects. A plural after other noun words is "several" ("the baker sells bread": the plural-looking word is the
    verb), and so is one after "of" words (`of`) or a plural modifier ("two mugs of hot cocoa sit", "a sports car"),
    and a singular form after a number above one, a noun that does not change ("two clownfish hide"). "a couple"
    is "one": a word in -s after it is a verb only if known ("a couple sits"; "a couple pears": a vague count). A
    `name`'s word (capitalized inside a sentence: "the Ferris wheel") is no plural but after a number above one."""
    many = (singular(word) != word or same_plural(word) and count != 1) and (not name or (count or 0) > 1)
    if of or word in PLURAL_MODIFIERS:
        return "several" if many or joined else "one"
    if many:
        return "plural" if not joined and (first or (count or 0) > 1) else "several"
    a = count == 1 and not determiner and word not in COUNT_NOUNS
    return "several" if joined or (count or 0) > 1 else "a" if a else "one" if determiner or count else "bare"


def bare_count(word, determiner, after, verb, food=False):
    """(count, None) or (None, why it is refused) for a noun whose head `word` is singular in form with no number:
    one ("dog"); for ZERO_PLURALS and -fish the word `after` says if it is the noun's copula or verb (`verb`): "is",
    "sits": one; "are", "sit": several (None). Else with no article several, but a food, or after "the" or a
    possessive (`determiner`), refused. `food`: the noun is the object of a FOOD_VERB ("slices salmon"): a
    FOOD_ANIMAL with no article is then the food, one serving."""
    if not (word in ZERO_PLURALS or word.endswith("fish")) or food and word in FOOD_ANIMALS and not determiner:
        return 1, None
    many = said_many(after, verb)
    why = determiner and f"one or several? {word!r} is written the same for both; write 'a' or a number" or \
        word in FOOD_ANIMALS and "a food (one) or several animals? write 'a', a number or a plural verb"
    return (None if many else 1, None) if many is not None else (None, why or None)


def said_many(after, verb):
    """Does the word `after` a subject say it is one (False: "is", "sits") or several (True: "are", "sit"), if it is
    the subject's copula or verb (`verb`)? None if it says nothing."""
    return COPULAS.get(after, {"s": False, "base": True}.get(verb_kind(after or "") if verb else None))


def noun_fault(word, start, head, end, determiner, count, opener, name=lambda k: False):
    """Why the tokens start..end (head word at `head`) cannot be one noun, as (token index, reason); None if they
    can. `word(k)` is the word of token k (None past the end); `determiner`: "the" or a possessive came before;
    `count`: the phrase's number (None if it has none); `opener`: the words before the phrase and at its start;
    `name(k)`: token k is a name's word (capitalized inside a sentence), no plural ("the Ferris wheel")."""
    for k in range(start, end):
        w = word(k)
        if not w[0].isalnum():
            return k, "punctuation the rules do not read"
        if w in VAGUE_COUNTS and not (w in COUNT_NOUNS and k == head == end - 1) \
                and not (w == "bunch" and word(k + 1) == "of" and singular(word(end - 1)) in BUNCHED):
            return k, "not an exact count; write a number ('two', '3')"
        if w in PARTICLES:
            return k, "a preposition the rules cannot attach: to the verb, or to which object?"
        if w in FUNCTION_WORDS and not (w == "of" and start < k < end - 1) \
                and (word(k - 1), w) not in COMPOUNDS and (w, word(k + 1)) not in COMPOUNDS:
            return k, "expected a noun, 'and', 'with', a comma or a relation here"
        if "'" in w and not (w.endswith("'s") and k == start < head == end - 1 and not determiner
                             and singular(w[:-2]) == w[:-2] and word(head) not in BODY_PARTS):
            return k, "a possessive; write the two objects and their relation"   # but "a bird's nest"
        if adverb(w):
            return k, f"looks like an adverb; relations and actions come from RELATIONS ({_EXAMPLES})"
        modifier = w in PLURAL_MODIFIERS and ((count or 0) < 2 or singular(word(head)) != word(head)   # "2 kids crowd"
                                              or same_plural(word(head)))
        if start <= k < head and singular(w) != w and not modifier and not name(k):
            return k, "a plural or a verb inside a noun; the rules cannot tell which"
    lemma = " ".join(singular(word(k)) if k == head else word(k) for k in range(start, end))
    if count is None and word(head) in AMBIGUOUS_PLURALS:
        return head, AMBIGUOUS_PLURALS[word(head)]
    if lemma in FRAME_WORDS and opener[0] not in THINGS_AFTER.get(lemma, ()) \
            or opener[1] == "the" and lemma in FRAME_NOUNS:
        return start, "a place in the picture, a time or an adverb, not an object; the rules cannot check it"
    # "in the rain", "in the pouring rain", "under a hot sun": weather, by its head word; bare, it is a thing the
    # picture shows ("covered in snow"), but with any word before it the frame ("covered in fresh snow" refused too)
    weather = singular(word(head))
    if weather in WEATHER and opener[0] in WEATHER_RELATIONS and opener[1] != word(head) \
            and not (opener[1] in ("a", "an") and weather in COUNTABLE_LIGHTS):
        return head, "weather or light, the picture's frame, not an object; the atoms cannot state it"
    return None


def tokens(prompt):
    """The tokens (lower-case word, start, end) of a prompt, less its closing "." or "!" and what the rules drop:
    "together" and "side by side" anywhere, a degree word before a relation ("high above") and a time of day at the
    end (DROPPED_ADVERBS, DEGREE_WORDS, DROPPED). Returns (tokens, the dropped words as (character position, words as
    written), the character position of the last "together" or None)."""
    toks = [(m.group().lower(), m.start(), m.end()) for m in _TOKEN.finditer(prompt)]
    while toks and toks[-1][0] in SENTENCE_ENDS:
        toks.pop()
    dropped, together = [], None
    for k in reversed(range(1, len(toks))):
        after = [t[0] for t in toks[k + 1:k + 1 + _LONGEST_RELATION]]
        if toks[k][0] in DEGREE_WORDS and toks[k - 1][0] != "the" \
                and any(_RELATION_OF.get(tuple(after[:n])) in SPATIAL for n in range(1, len(after) + 1)):
            dropped.append((toks[k][1], prompt[toks[k][1]:toks[k][2]]))
            del toks[k]
    for k in reversed(range(1, len(toks))):
        for words in DROPPED_ADVERBS:
            if tuple(t[0] for t in toks[k:k + len(words)]) == words:
                dropped.append((toks[k][1], prompt[toks[k][1]:toks[k + len(words) - 1][2]]))
                together = toks[k][1]
                del toks[k:k + len(words)]
    for time in DROPPED:
        if len(toks) > len(time) and tuple(t[0] for t in toks[-len(time):]) == time:
            dropped.append((toks[-len(time)][1], prompt[toks[-len(time)][1]:toks[-1][2]]))
            del toks[-len(time):]
            while toks and toks[-1][0] in SENTENCE_ENDS | {","}:
                toks.pop()
    return toks, dropped, together
