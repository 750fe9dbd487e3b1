"""Other ways of saying who or what fills a slot, read as the slot rules' own form (`keys`):

- the name first: "Priya is my manager", "Hannah is Ted's mentor" → "my manager is Priya", "Ted's mentor is
  Hannah" (not "It is my birthday": no one named);
- someone one has for a service, named: "we have a cleaner, Maria", "Leo has a new teacher, Mr Hughes" → the
  cleaner, the teacher (not "I have a cleaner": no one named);
- a person's home named: "my grandma's care home is Willow Court" → "my grandma lives in Willow Court" (not "my
  sister's flat is in Leeds": a flat of hers may be let; a home is where one lives);
- a person of the speaker's and their partner: "my sister and Callum have moved" → "my sister has moved".
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.their_people import PERSON

_NOT_A_NAME = r"(?!(?:It|This|That|He|She|They|There|Here|What|Who|Which|Today|Tomorrow)\b)"
_NAME_FIRST_RE = re.compile(
    rf"^{_NOT_A_NAME}"
    r"(?P<name>(?-i:[A-Z])[\w'-]+(?: (?-i:[A-Z])[\w'-]+){0,2})(?: is|'s) "
    r"(?P<whose>my|our|(?i:the user)'s|(?-i:[A-Z])[\w-]*'s) (?P<what>(?:new )?[a-z-]+(?: (?!now\b|these\b)[a-z-]+)?)"
    r"(?P<rest> now| these days)?[.!]*$"
)
_HAS_SOMEONE_RE = re.compile(
    r"^(?:i|we)(?:'ve|\s+have)?(?:\s+got)?(?:\s+have)?\s+an?\s+(?:new\s+)?(?P<role>cleaner|nanny|childminder|au\s+pair|"
    r"gardener|tutor|dog\s+walker|personal\s+trainer|accountant|babysitter|carer|teacher|form\s+tutor|mentor|"
    r"manager|boss|therapist|counsellor|physio|dentist|gp|hairdresser|barber|driving\s+instructor|landlord)"
    r"(?:\s+(?:in|this|for)\s+[\w ]{1,15}?)?(?:\s*,|\s+called|\s+named)\s+(?-i:[A-Z])",
    re.I,
)
_THEIR_HOME_RE = re.compile(
    rf"^(?:my|our)\s+(?P<who>(?:[\w-]+\s+){{0,2}}{PERSON})'s\s+(?:(?:care|nursing|retirement)\s+)?home\s+is\s+"
    r"(?:in\s+|now\s+)?(?P<rest>(?-i:[A-Z]).*)$",
    re.I,
)


_WITH_PARTNER_RE = re.compile(
    rf"^(?P<who>(?:my|our)\s+(?:[\w-]+\s+){{0,2}}{PERSON})\s+and\s+(?-i:[A-Z])[\w-]+\s+(?P<verb>have|'ve|are|'re)\s+",
    re.I,
)


# "My partner and I live in a flat in Bristol", "Jess and I rent in Leith": the speaker's household, as "we"
_AND_I_RE = re.compile(
    rf"^(?:(?:my|our)\s+(?:[\w-]+\s+){{0,2}}{PERSON}|(?-i:[A-Z])[\w-]+)\s+and\s+(?:I|me)\s+(?=(?:live|rent|own|"
    r"have|'ve|are|'re|moved|bought|share)\b)",
    re.I,
)


# "We're with Octopus for energy", "I'm with Three for my phone": whom one has a service from
_WITH_FOR_RE = re.compile(
    r"^(?:i'm|i am|we're|we are) (?:now |still )?with (?P<who>(?-i:[A-Z])[\w&' -]{1,30}?) for (?:my |our |the )?"
    r"(?P<what>energy|gas|electricity|broadband|internet|wifi|phone|mobile|(?:car |home |pet |travel |life )?insurance|"
    r"banking|pension|mortgage)[.!]*$",
    re.I,
)

# A service of one's own said bare, as chat does: "Broadband is with Zen Internet now", "energy's with Octopus".
_BARE_SERVICE_RE = re.compile(
    r"^(?:energy|gas|electricity|broadband|internet|wifi|mobile|(?:car|home|pet|travel|life) insurance|"
    r"mortgage)(?=(?:'s|\s+is)\s+(?:now\s+)?(?:with|through|from)\s+(?-i:[A-Z]))",
    re.I,
)


# ... or someone who does something for the speaker, or the household's own, said with "the": "The boss is a guy
# called Graham", "The dog walker comes on Mondays", "The kids take packed lunches now" (not "the kids at
# school", "the boss of the company": someone's, said as whose)
_THE_OWN_RE = re.compile(
    r"^the\s+(?:new\s+|old\s+)?(?P<who>(?P<mine>boss|manager|cleaner|dog\s+walker|nanny|childminder|"
    r"babysitter|gardener|accountant|mechanic|physio|therapist|hairdresser|barber|tutor|"
    r"piano\s+teacher|driving\s+instructor|personal\s+trainer|PT)|kids|children|twins|baby|little\s+one)"
    # (not how they took something just now: "the kids loved it")
    r"(?=(?:'s|'re|\s+\w+)\b)(?!\s+(?:in|at|from|of|on|next\s+door|downstairs|upstairs)\b)"
    r"(?!\s+(?:\w+ed|hated|loved|enjoyed)\s+(?:it|that|this|them|every\s+minute)\b)",
    re.I,
)


# ... or how a household's money or chore runs, said bare: "rent goes out on the 3rd", "bins go out on Tuesday nights"
_BARE_HOUSEHOLD_RE = re.compile(
    r"^(?P<what>rent|mortgage|council\s+tax|bins|recycling|salary)"
    # (how it runs, not how it is: "rent is fine too" says nothing of it)
    r"(?=\s+(?:(?:goes|go|comes|come|gets|get)\s+(?:out|paid|collected|taken|in)|(?:is|are)\s+(?:due|paid|collected|taken)|"
    r"leaves|leave)\b)",
    re.I,
)


def owned_person(text: str) -> str:
    """`text` with someone of the speaker's said with "the" owned ("the new boss is Fatima" → "My new boss is
    Fatima"); a thing said so may be the one just named ("I live in Porto, and the rent is cheap")."""
    own = _THE_OWN_RE.match(text)
    return f"{'My' if own.group('mine') else 'Our'} {text[own.start() + 4 :]}" if own else text


def owned_service(text: str) -> str:
    """`text` with the service, person or household member it says bare owned by the speaker ("Broadband is with
    Zen Internet now" → "Our broadband is with Zen Internet now", "The boss is Graham" → "My boss is Graham"):
    said in one's own message, they are one's own."""
    if bare := _BARE_SERVICE_RE.match(text):
        return f"Our {text[: bare.end()].lower()}{text[bare.end() :]}"
    if bare := _BARE_HOUSEHOLD_RE.match(text):  # "rent goes out on the 3rd": our rent
        return f"Our {bare.group('what').lower()}{text[bare.end('what') :]}"
    if own := _THE_OWN_RE.match(text):
        return f"{'My' if own.group('mine') else 'Our'} {text[own.start() + 4 :]}"
    return text


def as_one(text: str) -> str | None:
    """ "my sister and Callum have moved to Edinburgh" → "my sister has moved to Edinburgh": what the pair did,
    said of the speaker's person (their slot changes with it); "my partner and I live in Bristol" → "we live
    in Bristol": the speaker's household; None for any other text."""
    if household := _AND_I_RE.match(text.strip()):
        return f"we {text.strip()[household.end() :]}"
    if service := _WITH_FOR_RE.match(text.strip()):  # "we're with Octopus for energy": our energy is ...
        return f"our {service.group('what').lower()} is with {service.group('who')}"
    found = _WITH_PARTNER_RE.match(text.strip())
    if found is None:
        return None
    verb = "has" if found.group("verb").lower() in ("have", "'ve") else "is"
    return f"{found.group('who')} {verb} {text.strip()[found.end() :]}"


def owner_first(text: str, own: bool = True) -> str | None:
    """ "Priya is my manager" → "my manager is Priya" (`own`: the speaker's "my"/"our" only; else someone's
    "Ted's" too); None when `text` says no such thing."""
    found = _NAME_FIRST_RE.match(text.strip())
    if found is None or (own != (found.group("whose").lower() in ("my", "our"))):
        return None
    return f"{found.group('whose')} {found.group('what')} is {found.group('name')}{found.group('rest') or ''}"


def someone_had(text: str) -> str | None:
    """The role of someone one has, named ("we have a cleaner, Maria" → "cleaner"), or None."""
    found = _HAS_SOMEONE_RE.match(text.strip())
    return None if found is None else " ".join(found.group("role").lower().split())


def their_home(text: str) -> str | None:
    """ "my grandma's care home is Willow Court" → "my grandma lives in Willow Court", or None."""
    found = _THEIR_HOME_RE.match(text.strip())
    return None if found is None else f"my {found.group('who')} lives in {found.group('rest')}"
