"""cast_csg_nouns.py: a noun's number for cast_csg's rule grammar: the plural tables (irregular, Latin and Greek, -ves,
words alike in both numbers, words that only look plural, nouns in -u and -us) and singular(), which reads a plural back
to its lemma. cast_csg_words.py (the other word lists) and cast_csg_graph.py (the plural that questions use) build on
these; extend the noun tables here and nowhere else.
"""
from __future__ import annotations

# "a bird's nest", "a chef's hat": one thing named by its kind, read as one noun. But a body part's owner
# must be in the picture ("on a pirate's shoulder": a pirate and a shoulder), which the rules do not write: refused.
BODY_PARTS = set("""shoulder shoulders head hand hands arm arms leg legs back lap foot feet nose ear ears face hair
tail neck knee knees finger fingers paw paws mouth eye eyes tooth teeth beard beards mustache moustache cheek cheeks
chin forehead lip lips tongue wing wings horn horns beak claw claws mane hoof hooves belly toe toes wrist wrists elbow
elbows thumb thumbs fist fists whisker whiskers antler antlers fin fins""".split())   # round 17: "beard" .. "fins"
# Round 15: what people and animals wear. "in a red cap" is worn by the phrase right before it, never a place: after a
# verb's object or a passive's agent it is theirs ("thrown by a boy in a red cap"), and a participle after it describes
# the wearer ("a man in a yellow raincoat holding a pole": no raincoat holds). By the singular of the last noun word.
GARMENTS = set("""dress gown coat raincoat overcoat jacket parka hoodie sweater cardigan sweatshirt shirt blouse vest
suit tuxedo uniform apron robe bathrobe kimono costume skirt tutu jeans pants trousers shorts overalls leggings scarf
shawl cape cloak poncho hat cap beanie helmet bonnet hood veil mask glove mitten boot shoe sneaker sandal slipper sock
swimsuit bikini wetsuit pajamas jumpsuit sari jersey tunic""".split())

# Round 25: people and animals. An -ing word before one is what it is doing, an attribute ("a smiling man", "a
# sleeping cat": "Is the cat sleeping?"); before a thing it is as often a use ("a rocking chair", "a cutting board"),
# read into the noun. By the singular of the noun word after it (not "fan": "a ceiling fan").
BEINGS = set("""man woman boy girl child kid baby toddler teenager teen person adult lady gentleman guy grandmother
grandfather grandma grandpa mother father mom dad parent son daughter brother sister family couple friend crowd
student teacher doctor nurse chef cook baker waiter waitress farmer worker builder painter artist musician singer
dancer player athlete runner skier surfer swimmer climber hiker cyclist rider driver pilot sailor soldier knight king
queen prince princess wizard witch pirate robot clown monk priest fisherman police officer firefighter astronaut
scientist vendor customer shopper tourist traveler passenger commuter spectator audience guest bride groom
dog puppy cat kitten bird parrot owl eagle hawk duck duckling goose swan chicken hen rooster chick pigeon crow
sparrow seagull penguin flamingo horse pony foal donkey cow calf bull sheep lamb goat pig piglet rabbit bunny
squirrel mouse rat hamster fox wolf bear cub lion tiger leopard cheetah panther elephant giraffe zebra monkey
gorilla deer moose camel kangaroo koala panda raccoon otter beaver seal walrus whale dolphin shark fish turtle
frog toad snake lizard crocodile alligator butterfly bee ant spider dragon unicorn dinosaur""".split())

# Plurals: irregular forms, words that do not change, and words that only look plural.
PLURALS = {"mouse": "mice", "person": "people", "child": "children", "man": "men", "woman": "women",
           "goose": "geese", "tooth": "teeth", "foot": "feet", "ox": "oxen", "bus": "buses", "gas": "gases",
           "lens": "lenses", "canvas": "canvases", "potato": "potatoes", "tomato": "tomatoes", "mango": "mangoes",
           "volcano": "volcanoes", "mosquito": "mosquitoes", "domino": "dominoes", "hero": "heroes",
           "buffalo": "buffaloes", "tornado": "tornadoes", "louse": "lice"}
# Latin and Greek plurals ("three cacti"), a closed list: other words in -i or -a stay English ("a taxi", "a koala").
# ALSO_PLURALS are read back to the singular too, but questions ask the English plural ("octopuses").
PLURALS |= dict(pair.split(":") for pair in """cactus:cacti fungus:fungi stimulus:stimuli nucleus:nuclei radius:radii
alumnus:alumni larva:larvae pupa:pupae vertebra:vertebrae alga:algae nebula:nebulae amoeba:amoebae bacterium:bacteria
criterion:criteria phenomenon:phenomena index:indices appendix:appendices matrix:matrices vertex:vertices
oasis:oases""".split())
ALSO_PLURALS = {"octopi": "octopus", "hippopotami": "hippopotamus", "antennae": "antenna", "aquaria": "aquarium",
                "terraria": "terrarium", "flamingoes": "flamingo"}
# Nouns in -f / -fe whose plural is in -ves, alone or ending a compound ("bookshelves", "penknives", "werewolves");
# every other -ves is a noun in -ve ("olives", "gloves", "sleeves", "valves", "hives"), so the list is closed.
VES_NOUNS = "shelf wolf leaf half loaf calf knife wife life elf thief scarf hoof dwarf wharf sheaf".split()
# Plurals with two readings and no number to tell them apart ("a man wearing glasses"): refused, with the way out.
AMBIGUOUS_PLURALS = {"glasses": "drinking glasses or eyeglasses? write a number ('two glasses') or 'eyeglasses'"}
# Count nouns written alike for one and several, and every noun in -fish: with no article several, as a singular
# count noun needs one ("deer graze", "a tank full of jellyfish"); after "the" the verb says (bare_count). FOOD_ANIMALS
# are a food too, one serving with no article ("grilled salmon on a plate"): bare, only a plural verb says several.
FOOD_ANIMALS = set("fish salmon trout tuna cod shrimp squid prawn catfish swordfish halibut shellfish".split())
ZERO_PLURALS = set("""sheep deer moose bison reindeer elk aircraft spacecraft hovercraft koi carp swine quail grouse
antelope""".split()) | FOOD_ANIMALS                                   # round 18: "koi" .. "antelope"
SAME_PLURAL = {"scissors", "sunglasses", "eyeglasses", "pants", "jeans", "shorts", "headphones", "binoculars",
               "species", "series", "dice"} | ZERO_PLURALS                # pairs and the like: bare, one
NOT_PLURAL = {"gas", "canvas", "atlas", "christmas", "lens", "chaos", "tennis", "iris", "mantis", "ibis",
              "oasis", "trellis", "chassis", "axis"}  # and every word in -ss, -sis, -ous, -ius and US_NOUNS
# Round 12: singulars in -os, -is and -as. A word in -o, -i or -a makes its plural with -s ("pianos", "kiwis", "skis",
# "sofas", "llamas"), an open class of loanwords, while the singulars so written are a closed set of Greek and Latin
# words: listed here ("a rhinoceros" was "rhinocero", "a chrysalis" "chrysali"), the rest read as plurals. Every
# word in -sis is singular too ("a crisis", "an oasis"): no noun in -si makes a plural seen in prompts.
NOT_PLURAL |= set("""rhinoceros thermos cosmos kudos asbestos ethos pathos chrysalis metropolis acropolis necropolis
pelvis clematis debris marquis ferris amaryllis portcullis hubris cannabis proboscis epidermis bias alias
pancreas""".split())
# Round 12: a word in -us is a singular ("a bus", "a walrus", "a cactus") or the plural of a noun in -u ("five
# ballerinas in pink tutus" was one "tutus"), and both classes are open (Latin and Greek nouns; loanwords: "emu",
# "haiku", "tofu"), so neither is a default. Nouns in -u, -ou, -au and -eau whose plural adds -s are listed in
# U_NOUNS, singulars in -us in US_NOUNS; a word in -ous is an adjective or a singular ("famous", "couscous"), in -ius a
# singular ("a radius", "a genius"), in -eaus a plural ("plateaus": no singular ends so). Any other word in -us is
# unsure (us_unsure): a number, "a" or the verb after it says which; else cast_csg refuses it, naming the word.
U_NOUNS = set("""emu gnu menu tutu tofu haiku guru zebu kudu tiramisu sudoku snafu muumuu kudzu bayou caribou bijou
kinkajou marabou bureau plateau tableau chateau gateau luau""".split())
US_NOUNS = set("""bus minibus omnibus trolleybus walrus cactus octopus platypus hippopotamus campus virus circus fungus
citrus lotus hibiscus crocus asparagus abacus chorus stylus hummus papyrus eucalyptus narcissus nautilus syllabus
thesaurus census bonus status focus sinus uterus nucleus cumulus nimbus cirrus stratus apparatus prospectus discus
torus rhombus rebus surplus plus minus versus corpus impetus exodus mucus calculus tinnitus""".split())
IE_NOUNS = {"cookie", "movie", "zombie", "brownie", "hoodie", "pie", "tie", "beanie", "selfie",
            "smoothie", "magpie", "collie", "genie", "pixie"}

_SINGULARS = {plural: singular for singular, plural in PLURALS.items()} | ALSO_PLURALS
# Round 22: a compound that ends in an English irregular plural has that head ("cavemen", "grandchildren", "dormice",
# "superheroes"): by the end (compound_end), but the words that only end so ("abdomen", "specimen", "stamen").
IRREGULAR_ENDS = {plural: singular for singular, plural in PLURALS.items() if plural.isalpha() and singular in
                  "man woman child mouse goose tooth foot person hero potato tomato".split()}
NOT_COMPOUND_ENDS = {"abdomen", "specimen", "regimen", "albumen", "stamen", "hymen"}
VES_PLURALS = {(noun[:-2] if noun.endswith("fe") else noun[:-1]) + "ves": noun     # the longest first: shelf, elf
               for noun in sorted(VES_NOUNS, key=len, reverse=True)}


def singular(word: str) -> str:
    """The singular lemma of one lower-case word, forgiving careless plurals ("sheeps", "benchs")."""
    if word in _SINGULARS:
        return _SINGULARS[word]
    if "'" in word:                                                 # "bird's": a possessive, not a plural
        return word
    if word not in NOT_COMPOUND_ENDS and (end := compound_end(word, IRREGULAR_ENDS)):
        return word[:-len(end)] + IRREGULAR_ENDS[end]               # cavemen, grandchildren, superheroes
    if word.endswith("ves") and (ves := compound_end(word, VES_PLURALS)):
        return word[:-len(ves)] + VES_PLURALS[ves]                  # shelves, bookshelves; but olives (below)
    if word.endswith(("sss", "uss")) or (word.endswith("s") and same_plural(word[:-1])):
        return word[:-1]                                            # "glasss", "buss", "sheeps"
    if word.endswith("us") and (word[:-1] in U_NOUNS or word.endswith("eaus")):
        return word[:-1]                                            # tutus, emus, bayous, plateaus
    if same_plural(word) or word in NOT_PLURAL or word.endswith(("ss", "us", "sis")) or not word.endswith("s"):
        return word
    if word.endswith("ies") and word[:-1] not in IE_NOUNS and len(word) > 4:
        return word[:-3] + "y"                                      # puppies; but cookies
    if word.endswith(("ches", "shes", "xes", "sses", "zzes")) or (word.endswith("uses") and not word.endswith("ouses")):
        return word[:-2]                                            # benches, boxes, glasses, cactuses
    return word[:-1]                                                # dogs, knifes, benchs, houses, giraffes


def compound_end(word, ends):
    """The first of `ends` that is `word` or ends it after three letters or more ("bookshelves", not "olives")."""
    return next((end for end in ends if word == end or word.endswith(end) and len(word) - len(end) >= 3), None)


def same_plural(word: str) -> bool:
    """Is the plural of `word` written like it (SAME_PLURAL, and every noun in -fish)?"""
    return word in SAME_PLURAL or word.endswith("fish")


def us_unsure(word: str) -> bool:
    """Is `word` in -us a singular ("a walrus") or the plural of a noun in -u ("tutus") that the tables cannot tell
    (U_NOUNS, US_NOUNS and the endings -ous, -ius, -eaus are sure)?"""
    return word.endswith("us") and not word.endswith(("ous", "ius", "eaus")) and word not in US_NOUNS \
        and singular(word) == word and word not in NOT_PLURAL
