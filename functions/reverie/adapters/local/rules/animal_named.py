"""A pet just got, then named with "she" or "he": "we got a cat instead! she's called Miso" says the speaker's cat is
called Miso. Read alone, "she's called Miso" names no one (a she is a person until told otherwise), so the
sentence after one naming the animal the speaker got, adopted or has is said of that animal ("my cat is called
Miso"). Only one animal named in the sentence before, and only "she's/he's called ...", "she/he is named ..."
or "her/his name is ...", or a sentence describing it with its name ("We got a dog! A rescue greyhound called Bolt":
"My dog is a rescue greyhound called Bolt").
"""

from __future__ import annotations

import re

# The dog breeds people name their dog by ("we adopted a greyhound": a dog).
DOG_BREEDS = (
    "greyhound lurcher whippet spaniel cockapoo cavapoo labradoodle labrador retriever terrier collie poodle beagle "
    "dachshund husky corgi pug bulldog dalmatian schnauzer rottweiler"
).split()

ANIMAL = (
    r"(?:cat|kitten|dog|puppy|pup|rabbit|bunny|hamster|guinea\s+pig|horse|pony|parrot|budgie|tortoise|snake|"
    r"lizard|ferret|goat|hen|chicken|gecko|rat|mouse|" + "|".join(DOG_BREEDS) + ")"
)
# What kind of cat one is, by its coat or breed ("a tabby", "a ragdoll").
CAT_KIND = r"(?:tabby|tortoiseshell|tortie|calico|moggy|ragdoll|siamese|persian|bengal|sphynx|maine\s+coon)"
_NAMED_AFTER_RE = re.compile(
    r"(?P<intro>\b(?:got|get|adopted|have|has|rescued|bought|brought\s+home|took\s+in|picked\s+up)\s+"
    r"(?:a|an|our|my)\s+(?:[\w-]+\s+){0,2}?(?P<animal>" + ANIMAL + r")\b[^.!?\n]*[.!?]+\s+)"
    r"(?P<pronoun>(?:she|he)(?:['’]s|\s+is)\s+(?:called|named)|(?:her|his)\s+name\s+is)\s+",
    re.I,
)
# ... or described in a sentence of its own, with its name: "We got a dog! A rescue greyhound called Bolt."
_DESCRIBED_AFTER_RE = re.compile(
    # ("We got the puppy! A cockapoo called Ziggy.": the one planned)
    r"(?P<intro>\b(?:got|adopted|rescued|bought|brought\s+home|took\s+in)\s+(?:a|an|the)\s+(?P<animal>"
    + ANIMAL
    + r")\b[.!?]+\s+)(?P<what>(?:a|an)\s+(?:[\w-]+\s+){0,3}?(?:called|named)\s+(?-i:[A-Z])[\w'-]*)(?=[\s.!?,]|$)",
    re.I,
)


def with_animal_named(text: str) -> str:
    """`text` with a pet's "she's called X" said of the pet named in the sentence before (see the module)."""
    text = _NAMED_AFTER_RE.sub(lambda m: f"{m.group('intro')}my {m.group('animal').lower()} is called ", text)
    return _DESCRIBED_AFTER_RE.sub(
        lambda m: (
            f"{m.group('intro')}My {m.group('animal').lower()} is {m.group('what')[:1].lower()}{m.group('what')[1:]}"
        ),
        text,
    )
