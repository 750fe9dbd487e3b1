"""What a question takes for granted: "Can my cat Nata fly in the cabin?", "Should I pack my inhaler, given
my asthma?", "How long is the train to Braga, where my brother Rui lives?".

A question asks for something now and is not kept, yet the facts it is built on are the asker's and last:
they have a cat called Nata, they have asthma, their brother Rui lives in Braga. Each is read as the
statement the asker would have made (in their voice, so the sentence rules keep or drop it as they would
any other), one idea each:

- someone or some animal of the asker's, named beside what they are to them ("my cat Nata", "our
  neighbour Dervla"): "I have a cat called Nata", "Our neighbour is called Dervla". Not a name being asked
  about ("Should I name my cat Nata?", "Is it rude to call my boss Graham?").
- a condition the question is asked in the light of ("given my asthma", "with my bad knee", "because of my
  nut allergy"): "I have asthma". Only a named condition (`conditions`): "given my budget" says nothing.
- where the asker's people live or work, said of a place the question names ("..., where my parents
  live?", "in Ghent, where I work"): "My parents live in Ghent".
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.conditions import as_had, names_a_condition

_PETS = (
    "cat dog kitten puppy pup horse pony rabbit bunny hamster gerbil parrot budgie tortoise turtle snake "
    "lizard ferret goldfish"
).split()
_PEOPLE = (
    "mum mom dad mother father wife husband partner son daughter brother sister boyfriend girlfriend fiance "
    "fiancee friend neighbour neighbor boss manager colleague flatmate housemate roommate aunt uncle cousin "
    "gran grandma grandpa grandad grandmother grandfather niece nephew stepson stepdaughter stepmum stepdad "
    "godson goddaughter"
).split()
_AGE = r"(?:(?:little|older|younger|big|baby|eldest|oldest|youngest|twin|new|current)\s+)?"
_NAME = r"(?-i:[A-Z][a-z]+(?:-[A-Z][a-z]+)?)"
# "my cat Nata", "our neighbour Dervla", "my little brother Rui" (not "Should I name my cat Nata?").
_NAMED_RE = re.compile(
    # ("Should I tell my new boss, Raj, about ...": the name set off by commas)
    rf"(?<!\w)(?P<own>my|our)\s+(?P<age>{_AGE})(?P<whom>{'|'.join(_PETS + _PEOPLE)}),?\s+(?P<name>{_NAME})\b",
    re.I,
)
_NAMING_VERB_RE = re.compile(r"\b(?:name|call|rename|nickname|christen)\s+$", re.I)
_NOT_NAMES = frozenset(
    """I Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July
    August September October November December Christmas Easter""".split()
)
# "given my asthma", "with my bad knee", "because of my nut allergy", "considering our coeliac disease": up to
# three words, up to where the clause ends.
_IN_LIGHT_OF_RE = re.compile(
    r"\b(?:given|considering|because\s+of|due\s+to|with|what\s+with|in\s+view\s+of)\s+(?P<own>my|our)\s+"
    r"(?P<what>(?:[a-z-]+\s+){0,2}[\w-]+)(?=\s*(?:[,?.;:!)]|$)|\s+(?:and|or|but|for|when|if|so|though)\b)",
    re.I,
)
# "<Place>, where my brother Rui lives", "Ghent, where I work": the place is the capitalised words before.
_WHERE_RE = re.compile(
    rf"(?P<place>{_NAME}(?:\s+{_NAME}){{0,2}}),?\s+where\s+"
    rf"(?:(?P<i>I|we)|(?P<own>my|our)\s+(?P<whom>{_AGE}[a-z-]+(?:-in-law)?(?:\s+{_NAME})?))\s+"
    r"(?P<verb>lives?|works?|stud(?:y|ies)|(?:is|are)\s+based|grew\s+up)\b",
    re.I,
)


def presupposed(question: str) -> list[str]:
    """The statements `question` takes for granted, in the asker's voice, in the order it says them (none
    when it takes nothing of the asker's for granted)."""
    found: list[tuple[int, str]] = []
    stated: list[tuple[int, int]] = []  # spans a statement already says (a person named in a where-clause)
    for where in _WHERE_RE.finditer(question):
        if where.group("i"):
            said = f"{where.group('i').capitalize()} {where.group('verb')} in {where.group('place')}"
        else:
            said = f"{where.group('own').capitalize()} {where.group('whom')} {where.group('verb')} in {where.group('place')}"
        found.append((where.start(), said))
        stated.append((where.start(), where.end()))
    for named in _NAMED_RE.finditer(question):
        name, whom = named.group("name"), named.group("whom").lower()
        if name in _NOT_NAMES or _NAMING_VERB_RE.search(question[: named.start()]):
            continue
        if any(start <= named.start() < end for start, end in stated):
            continue
        own = named.group("own").lower()
        if whom in _PETS:
            said = f"{'I have' if own == 'my' else 'We have'} a {named.group('age')}{whom} called {name}"
        else:
            said = f"{own.capitalize()} {named.group('age')}{whom} is called {name}"
        found.append((named.start(), said))
    for light in _IN_LIGHT_OF_RE.finditer(question):
        what = light.group("what")
        if names_a_condition(what):
            who = "I" if light.group("own").lower() == "my" else "We"
            found.append((light.start(), f"{who} have {as_had(what)}"))
    return [f"{said}." for _, said in sorted(found)]
