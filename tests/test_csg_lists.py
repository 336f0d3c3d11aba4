"""cast_csg on lists (issue 19, round 9): a verb shared by a list of objects, a participle shared by a list of subjects;
and round 9's other rows (scenes named by a compound's end, "dove" as a past), kept here as tests/test_csg_natural.py is full.
Round 10: a relation shared by a list of subjects before it and by a list of targets after it; a plural modifier
("kids") then a verb; kept here too. Round 11: foods and drinks named with a color word (cast_csg_kinds.py), known
compounds in the plural ("trash cans", "teddy bears"), "in a row".

Rows as in tests/test_csg_natural.py (expand() there): objects "noun/count/attribute,attribute", relations "subject
value target" by object index. LISTS parse so; REFUSED_LISTS must be refused, naming the word.
"""

from test_csg_natural import row_tests

LISTS = [
    # round 9: phrases joined by "and" or "," right after a verb's object, with no predicate of their own before the
    # clause ends, are more objects of the verb: each gets its relation (finite verbs, copula + -ing, participles,
    # relative clauses)
    ("A girl wears a yellow raincoat and red boots.", "girl/1; raincoat/1/yellow; boot/2+/red",
     "0 wearing 1; 0 wearing 2"),
    ("a chef holding a knife and a wooden spoon", "chef/1; knife/1; spoon/1/wooden", "0 holding 1; 0 holding 2"),
    ("Two boys are carrying a ladder, a bucket and a rope.", "boy/2; ladder/1; bucket/1; rope/1",
     "0 carrying 1; 0 carrying 2; 0 carrying 3"),
    ("a pilot who wears a helmet and goggles", "pilot/1; helmet/1; goggle/2+", "0 wearing 1; 0 wearing 2"),
    ("A waiter carries a tray and a jug and smiles.", "waiter/1/smiling; tray/1; jug/1", "0 carrying 1; 0 carrying 2"),
    ("A fox chases a hen and a goose while a farmer sleeps.", "fox/1; hen/1; goose/1; farmer/1/sleeping",
     "0 chasing 1; 0 chasing 2"),
    # with a predicate of their own they are a new clause, as before
    ("a heron catches a frog and a turtle swims", "heron/1; frog/1; turtle/1/swimming", "0 catching 1"),
    ("a nurse holding a baby and a doctor holding a chart", "nurse/1; baby/1; doctor/1; chart/1",
     "0 holding 1; 2 holding 3"),
    # round 9: a participle right after a list of subjects describes every member, as a finite verb does
    ("a spoon and a fork lying on a napkin", "spoon/1; fork/1; napkin/1", "0 lying on 2; 1 lying on 2"),
    ("Mugs and bowls stacked on a shelf", "mug/2+; bowl/2+; shelf/1", "0 stacked on 2; 1 stacked on 2"),
    ("two ducks and a swan floating on a pond", "duck/2; swan/1; pond/1", "0 floating on 2; 1 floating on 2"),
    ("a photo of a lamp and a clock sitting on a desk", "lamp/1; clock/1; desk/1", "0 sitting on 2; 1 sitting on 2"),
    ("a goat and a donkey grazing", "goat/1/grazing; donkey/1/grazing", ""),
    ("a pear and an apple hidden by a napkin", "pear/1; apple/1; napkin/1", "0 behind 2; 1 behind 2"),
    # a member with its own relation: a list of two scenes, GenEval 2's way; the participle is the last member's
    ("a mug on a saucer and a spoon lying on a napkin", "mug/1; saucer/1; spoon/1; napkin/1",
     "0 on 1; 2 lying on 3"),
    # round 9: a compound ending in an area's or a room's word is a scene (cast_csg_places.scene): after a verb's
    # object, a place there is the subject's
    ("A boy flies a kite in the schoolyard.", "boy/1; kite/1; schoolyard/1", "0 flying 1; 0 in 2"),
    ("A girl reads a comic in the playroom.", "girl/1; comic/1; playroom/1", "0 reading 1; 0 in 2"),
    ("A woman walks a dog across the fairground.", "woman/1; dog/1; fairground/1", "0 walking 1; 0 across 2"),
    ("a boy reads a book in his playroom", "boy/1; book/1; playroom/1", "0 reading 1; 0 in 2"),
    # round 9: "dove" right after a clause's subject and before a particle of motion is the past of "dive"; a bird
    # elsewhere
    ("A girl dove off the diving board.", "girl/1; diving board/1", "0 diving off 1"),
    ("Two otters dove into a river.", "otter/2; river/1", "0 diving into 1"),
    ("a mourning dove on a fence post", "mourning dove/1; fence post/1", "0 on 1"),
    # round 10: a list of subjects shares any relation after it (bare plurals, articles, counts), "next to", "behind"
    # and "in front of" too; only the four axis directions keep the chain (DIRECTIONS: the triangle above the square)
    ("Lanterns and candles beside a window", "lantern/2+; candle/2+; window/1", "0 next to 2; 1 next to 2"),
    ("a bike and a scooter behind a garden shed", "bike/1; scooter/1; garden shed/1", "0 behind 2; 1 behind 2"),
    ("two ducks and three geese in front of a barn", "duck/2; goose/3; barn/1", "0 in front of 2; 1 in front of 2"),
    ("A kettle and a toaster by the sink.", "kettle/1; toaster/1; sink/1", "0 next to 2; 1 next to 2"),
    ("bowls and cups below a shelf", "bowl/2+; cup/2+; shelf/1", "1 below 2"),
    # round 10: phrases joined by "and" right after a relation's target, when the clause ends after them, are more
    # targets of it (listed_objects, as round 9's verb objects): places, "full of", a verb's relation, a copula's
    ("A goat stands next to a fence and a tractor.", "goat/1; fence/1; tractor/1",
     "0 standing next to 1; 0 standing next to 2"),
    ("a crate full of lemons and limes", "crate/1; lemon/2+; lime/2+", "1 in 0; 2 in 0"),
    ("The clock is on a shelf and a cabinet.", "clock/1; shelf/1; cabinet/1", "0 on 1; 0 on 2"),
    # a chain's direction keeps the next phrase apart (the shapes world); a phrase with its own place or participle is a
    # scene of its own (GenEval 2's lists); with its own verb, a new clause; a plural verb the first phrase cannot take
    ("a yellow square above a red circle and a blue triangle", "square/1/yellow; circle/1/red; triangle/1/blue",
     "0 above 1"),
    ("a lamp on a desk and a cat on a rug", "lamp/1; desk/1; cat/1; rug/1", "0 on 1; 2 on 3"),
    ("two vases on a shelf and a cat behind a sofa", "vase/2; shelf/1; cat/1; sofa/1", "0 on 1; 2 behind 3"),
    ("a girl in a raincoat and a boy holding a kite", "girl/1; raincoat/1; boy/1; kite/1", "0 in 1; 2 holding 3"),
    ("A fox hides behind a log and a rabbit runs.", "fox/1; log/1; rabbit/1/running", "0 hiding behind 1"),
    ("A boot by the door and a scarf are wet.", "boot/1/wet; door/1; scarf/1/wet", "0 next to 1"),
    # round 10: a plural modifier ("kids menu") first after a number above one, then a plain word: the verb, as after
    # any plural (a compound there ends in a plural: "two kids meals")
    ("Three kids gather around a campfire.", "kid/3; campfire/1", "0 gathering around 1"),
    ("two kids meals on a tray", "kids meal/2; tray/1", "0 on 1"),
    # round 11: a color word that names a food's or a drink's kind, not its color, is part of one noun
    # (cast_csg_kinds.COLOR_KINDS: "orange" the fruit, "white wine", "green tea", "green onion"); a color the thing
    # shows ("red wine", "black coffee", "a red pepper") stays an attribute
    ("White wine in two tall glasses", "white wine/1; glass/2/tall", "0 in 1"),
    ("green tea and a biscuit on a saucer", "green tea/1; biscuit/1; saucer/1", "0 on 2; 1 on 2"),
    ("Orange slices lie on a wooden board.", "orange slice/2+; board/1/wooden", "0 lying on 1"),
    ("two green onions beside a red pepper", "green onion/2; pepper/1/red", "0 next to 1"),
    ("red wine in a glass beside black coffee", "wine/1/red; glass/1; coffee/1/black", "0 in 1; 1 next to 2"),
    # round 11: a known two-word noun (COMPOUNDS, NAMED_KINDS) in the plural, bare before a place, is one noun: its
    # second word is no verb (cast_csg_phrases.known_compound); an unknown pair stays refused (below)
    ("Golden eagles on a cliff", "golden eagle/2+; cliff/1", "0 on 1"),
    ("Garbage cans beside a brick wall", "garbage can/2+; wall/1/brick", "0 next to 1"),
    ("teddy bears in a wicker basket", "teddy bear/2+; wicker basket/1", "0 in 1"),
    ("Polar bears swim near an iceberg.", "polar bear/2+; iceberg/1", "0 swimming near 1"),
    # round 11: "in a row", "in rows" say how several things stand, as "side by side": dropped
    ("Four ducks waddle in a row across a road.", "duck/4; road/1", "0 waddling across 1"),
    ("five jars in rows on a shelf", "jar/5; shelf/1", "0 on 1"),
]

REFUSED_LISTS = [  # prompt, the word the error must name, why
    # round 9: a place, "with" or an adverb after a list of a verb's objects: the last phrase's, or the whole list's?
    ("a boy hugs a goat and a lamb on a farm", "on", "the lamb on the farm, or the boy hugging both there?"),
    ("A baker holds a tray and a cat with a bell.", "with", "the cat's bell, or the baker's?"),
    ("a girl hugging a puppy and a kitten gently", "gently", "after the list, not right after the verb's object"),
    # round 9: words that only end like a scene are none; a scene after a verb that acts at a distance stays refused
    ("A girl throws a ball in the schoolyard.", "in", "throwing: the ball may land where the girl is not"),
    ("A mourning dove from a park", "from", "'from' is no motion after a verb here: a dove from a park"),
    # round 10: a finite verb after a list that a relation's target began: the verb of all, or of the first phrase?
    ("Two chefs in aprons and hats stir a pot.", "stir", "the chefs stirring, in hats; or the hats stirring too?"),
    # a caption's place, then more phrases: its targets ("in scrubs and masks") or more things ("on a mat and a dog")?
    ("two nurses in blue scrubs and white masks", "and", "the masks worn, or two nurses in scrubs and some masks?"),
    ("a knight in a helmet, a cape and tall boots", ",", "one knight wearing all three, or a knight and two things?"),
    ("Mugs beside a teapot and a sugar bowl", "and", "beside both, or a sugar bowl somewhere else?"),
    # round 10: a plural modifier then a word the rules do not know as a verb, before a place, in a sentence
    ("Kids gather near a fountain.", "gather", "kids gathering, or a 'kids gather'?"),
    ("a puppy and two kids gather around a bowl", "kids", "joined: a verb only if known; 'two kids gather' no noun"),
    # round 11: a pair no table knows stays refused ("soup [subject] cups", as "bread cools"); a row for one thing, and
    # "row" as an object ("in a long row": how they stand, no thing to find)
    ("soup cups on a tray", "cups", "a compound 'soup cups', or soup that cups? no table knows the pair"),
    ("a lamp in a row", "in a row", "a row of one lamp"),
    ("bottles in a long row", "row", "an arrangement, not an object"),
]


test_list_prompt, test_list_refusal_names_the_word = row_tests(LISTS, REFUSED_LISTS)
