"""A pet just got, then named with "she" or "he": "we got a cat instead! she's called Miso" says the speaker's cat is
called Miso. Read alone, "she's called Miso" names no one (a she is a person until told otherwise), so the
sentence after one naming the animal the speaker got, adopted or has is said of that animal ("my cat is called
Miso"). Only one animal named in the sentence before, and only "she's/he's called ...", "she/he is named ..."
or "her/his name is ...".
"""

from __future__ import annotations

import re

_ANIMAL = (
    r"(?:cat|kitten|dog|puppy|pup|rabbit|bunny|hamster|guinea\s+pig|horse|pony|parrot|budgie|tortoise|snake|"
    r"lizard|ferret|goat|hen|chicken|gecko|rat|mouse|greyhound|lurcher|whippet|spaniel|labrador|retriever|terrier|"
    r"collie|poodle|beagle|dachshund|husky)"
)
_NAMED_AFTER_RE = re.compile(
    r"(?P<intro>\b(?:got|get|adopted|have|has|rescued|bought|brought\s+home|took\s+in|picked\s+up)\s+"
    r"(?:a|an|our|my)\s+(?:[\w-]+\s+){0,2}?(?P<animal>" + _ANIMAL + r")\b[^.!?\n]*[.!?]+\s+)"
    r"(?P<pronoun>(?:she|he)(?:['’]s|\s+is)\s+(?:called|named)|(?:her|his)\s+name\s+is)\s+",
    re.I,
)


def with_animal_named(text: str) -> str:
    """`text` with a pet's "she's called X" said of the pet named in the sentence before (see the module)."""
    return _NAMED_AFTER_RE.sub(lambda m: f"{m.group('intro')}my {m.group('animal').lower()} is called ", text)
