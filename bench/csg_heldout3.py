"""bench/csg_heldout3.py: the third, last held-out set of natural prompts for cast_csg's rules (issue 19).

60 prompts written after the fixes that bench/csg_heldout.py and bench/csg_heldout2.py led to, each with the
reading a careful person would give it, written before the parser was run on any of them, and never used to
change the rules. Shorthand and scoring as in bench/csg_heldout.py: objects "noun/count/attribute,..." ("2+": a
bare plural), relations "subject value target"; "REFUSE" marks a prompt whose meaning the atoms cannot state
(a comparison, "each other", a part "of" an object, "half", a state like "turned on", "pair"), where a refusal
is right.

Measured once (at a0156d9, the rules after issue 19's fixes): 42 of 60 parsed right (70%), 16 refused (6 of
them rows marked REFUSE, so 48 of 60 answered right: 80%), 1 mis-parsed, 1 crashed. Below the issue's 90% target.
  - mis-parsed: "An orange cat is curled up in a basket." gave the cat the attribute "curled up" and the relation
    "in" (a verb + particle + a place is split in two), where the reading is "curled up in".
  - crashed: "The lamp on the nightstand is turned on." raised IndexError, not CSGError: relation_at read past
    the prompt's end when a relation word ends it (a bug older than issue 19). Fixed after this run (the only
    change made after it); that row now parses as "lamp/1/turned on" (a mis-parse against its REFUSE), so the
    counts since are 42 right, 16 refused, 2 mis-parsed.
  - refused where a person reads one way (10): a place after a verb's object (4: "flying kites in the park",
    "walking his dog on a leash", "built a snowman in the yard", "repairing a car in a garage"), "by" as a place
    (2), a participle after a relation's target ("sitting on a fence post eating a nut"), "the side of a house",
    "a bird's nest", "overflowing with".
Issue 19, round 2: this set was then used for fixes, so it is no longer held out (bench/csg_heldout4.py is).
After them: 50 right (83%), 9 refused (6 marked REFUSE: 56 of 60 answered right, 93%), 1 mis-parsed. Left:
three places after a verb's object where the verb does not say whose the place is ("flying kites in the park",
"walking his dog on a leash", "repairing a car in a garage": refused), and "is turned on", which the rules read
as the attribute "turned on" (a state a VLM can check, "Is the lamp turned on?", as "a fan is switched on" in
tests/test_csg_natural.py); the row's REFUSE is kept as written, so the table counts it mis-parsed.
Issue 19, round 4: 51 right (85%), 7 refused (6 marked REFUSE), 2 mis-parsed: "flying kites in the park" now parses;
"repairing a car in a garage" now reads the mechanic in the garage (a scene after the object is the subject's), where
the row puts the car there (both are); "is turned on" as before.
Issue 19, round 5: 51 right (85%), 7 refused (6 marked REFUSE), 2 mis-parsed: unchanged.
Issue 19, round 6 (fixes led by bench/csg_heldout7.py): 51 right (85%), 7 refused (6 marked REFUSE), 2 mis-parsed:
unchanged.
Issue 19, round 7: 51 right (85%), 7 refused (6 marked REFUSE), 2 mis-parsed: unchanged.

Run:
    python bench/csg_heldout3.py           # the counts, then every refusal and mis-parse
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csg_heldout import score  # noqa: E402

HELD_OUT3 = [
    ("A gray kitten is napping on a stack of towels.", "kitten/1/gray; stack of towels/1", "0 napping on 1"),
    ("Two lemons and a lime sit in a ceramic bowl.", "lemon/2; lime/1; bowl/1/ceramic",
     "0 sitting in 2; 1 sitting in 2"),
    ("A woman in a green dress is dancing.", "woman/1/dancing; dress/1/green", "0 in 1"),
    ("The lighthouse is red and white.", "lighthouse/1/red,white", ""),
    ("A squirrel is sitting on a fence post eating a nut.", "squirrel/1; fence post/1; nut/1",
     "0 sitting on 1; 0 eating 2"),
    ("Three boats are tied to a wooden pier.", "boat/3; pier/1/wooden", "0 tied to 1"),
    ("A firefighter carries a small child.", "firefighter/1; child/1/small", "0 carrying 1"),
    ("An owl sits on a branch of an old oak tree.", "REFUSE", ""),
    ("A pizza with pepperoni and olives", "pizza/1; pepperoni/1; olive/2+", ""),
    ("The dog is wearing a yellow raincoat.", "dog/1; raincoat/1/yellow", "0 wearing 1"),
    ("Two girls are sitting on a bench and eating ice cream.", "girl/2; bench/1; ice cream/1",
     "0 sitting on 1; 0 eating 2"),
    ("A ladder leans against the side of a house.", "ladder/1; house/1", "0 leaning against 1"),
    ("A hawk is circling above a field of wheat.", "hawk/1; field of wheat/1", "0 circling above 1"),
    ("Four cupcakes with pink frosting are on a silver tray.", "cupcake/4; frosting/1/pink; tray/1/silver",
     "0 on 2"),
    ("A little girl is hugging a big brown dog.", "girl/1/little; dog/1/big,brown", "0 hugging 1"),
    ("The keys are hanging on a hook by the door.", "key/2+; hook/1; door/1", "0 hanging on 1; 1 next to 2"),
    ("A jogger runs along the river.", "jogger/1; river/1", "0 running along 1"),
    ("A bird's nest with three blue eggs", "bird's nest/1; egg/3/blue", ""),
    ("A man is fixing a flat tire on his bicycle.", "man/1; flat tire/1; bicycle/1", "0 fixing 1; 1 on 2"),
    ("Three children are flying kites in the park.", "child/3; kite/2+; park/1", "0 flying 1; 0 in 2"),
    ("A candle is burning next to an open book.", "candle/1; open book/1", "0 burning next to 1"),
    ("The mountains are covered in snow.", "mountain/2+; snow/1", "0 covered in 1"),
    ("A chicken crosses the road.", "chicken/1; road/1", "0 crossing 1"),
    ("A cup of tea and a slice of lemon cake on a saucer", "cup of tea/1; slice of lemon cake/1; saucer/1",
     "0 on 2; 1 on 2"),
    ("A brown horse grazes beside a white fence.", "horse/1/brown; fence/1/white", "0 grazing beside 1"),
    ("The students are listening to a teacher.", "student/2+; teacher/1", "0 listening to 1"),
    ("A white cat with blue eyes", "cat/1/white; eye/2+/blue", ""),
    ("Two ducks are floating on a pond near an old mill.", "duck/2; pond/1; mill/1/old",
     "0 floating on 1; 1 near 2"),
    ("A trash can is overflowing with garbage.", "trash can/1; garbage/1", "0 overflowing with 1"),
    ("A man with a beard is playing the guitar.", "man/1; beard/1; guitar/1", "0 playing 2"),
    ("A spider hangs from its web.", "spider/1; web/1", "0 hanging from 1"),
    ("A pair of red shoes by the door", "REFUSE", ""),
    ("Three pencils are lying next to a notebook.", "pencil/3; notebook/1", "0 lying next to 1"),
    ("A fox is hiding under a bush.", "fox/1; bush/1", "0 hiding under 1"),
    ("The bread on the cutting board is sliced.", "bread/1/sliced; cutting board/1", "0 on 1"),
    ("A yellow bus and a red car are stopped at the traffic light.", "bus/1/yellow; car/1/red; traffic light/1",
     "0 stopped at 2; 1 stopped at 2"),
    ("Two monkeys are swinging from the branches.", "monkey/2; branch/2+", "0 swinging from 1"),
    ("A girl blows out the candles on her birthday cake.", "girl/1; candle/2+; birthday cake/1",
     "0 blowing out 1; 1 on 2"),
    ("A computer mouse is lying beside a keyboard.", "computer mouse/1; keyboard/1", "0 lying beside 1"),
    ("A young man was sleeping on the couch.", "man/1/young; couch/1", "0 sleeping on 1"),
    ("An orange cat is curled up in a basket.", "cat/1/orange; basket/1", "0 curled up in 1"),
    ("The ship sank beneath the waves.", "ship/1; wave/2+", "0 sinking beneath 1"),
    ("Fresh flowers stand in a glass vase on the table.", "fresh flower/2+; vase/1/glass; table/1",
     "0 standing in 1; 1 on 2"),
    ("A boy is walking his dog on a leash.", "boy/1; dog/1; leash/1", "0 walking 1; 1 on 2"),
    ("Two wolves howl at the moon.", "wolf/2; moon/1", "0 howling at 1"),
    ("A stack of pancakes topped with blueberries", "stack of pancakes/1; blueberry/2+", "0 topped with 1"),
    ("A snowboarder jumps over a ramp.", "snowboarder/1; ramp/1", "0 jumping over 1"),
    ("The lamp on the nightstand is turned on.", "REFUSE", ""),
    ("Two rabbits hide behind a large rock.", "rabbit/2; rock/1/large", "0 hiding behind 1"),
    ("A baby is sleeping in a wooden crib.", "baby/1; crib/1/wooden", "0 sleeping in 1"),
    ("A boat full of tourists", "boat/1; tourist/2+", "1 in 0"),
    ("The children built a snowman in the yard.", "child/2+; snowman/1; yard/1", "0 building 1; 1 in 2"),
    ("A green parrot is perched on the shoulder of a sailor.", "REFUSE", ""),
    ("A knight in shining armor rides a white horse.", "knight/1; shining armor/1; horse/1/white",
     "0 in 1; 0 riding 2"),
    ("A cactus grows in a clay pot.", "cactus/1; pot/1/clay", "0 growing in 1"),
    ("The glass is half full.", "REFUSE", ""),
    ("A mechanic is repairing a car in a garage.", "mechanic/1; car/1; garage/1", "0 repairing 1; 1 in 2"),
    ("Two chairs face each other across a table.", "REFUSE", ""),
    ("A giraffe is taller than the tree.", "REFUSE", ""),
    ("A dog sleeps by the fire while a cat watches.", "dog/1; fire/1; cat/1/watching", "0 sleeping by 1"),
]


if __name__ == "__main__":
    score(HELD_OUT3, "held-out (3)")
