"""Sentences about a thing, not the speaker: tools by category, a thing's state or value, named words."""

from __future__ import annotations

import re

# Tools and things whose category names the attribute a statement sets ("we use pnpm" → package_manager).
VOCABULARY: dict[str, str] = {
    **dict.fromkeys(
        "npm pnpm yarn bun pip pipenv poetry uv conda cargo maven gradle composer".split(), "package_manager"
    ),
    **dict.fromkeys("vim neovim emacs vscode intellij pycharm sublime nano zed cursor".split(), "editor"),
    **dict.fromkeys(["vs code", "visual studio code"], "editor"),
    **dict.fromkeys("bash zsh fish powershell".split(), "shell"),
    **dict.fromkeys("linux macos windows ubuntu debian fedora arch".split(), "os"),
    **dict.fromkeys("pytest jest vitest mocha unittest junit".split(), "test_runner"),
    **dict.fromkeys("postgres postgresql mysql sqlite mongodb redis dynamodb".split(), "database"),
    **dict.fromkeys("aws gcp azure".split(), "cloud"),
    **dict.fromkeys("black ruff prettier eslint flake8".split(), "formatter"),
    **dict.fromkeys("docker podman".split(), "container_runtime"),
    **dict.fromkeys("github gitlab bitbucket".split(), "code_host"),
    **dict.fromkeys(["iphone", "pixel", "oneplus", "samsung galaxy"], "phone"),
    **dict.fromkeys(["chrome", "firefox", "safari", "brave", "vivaldi", "microsoft edge"], "browser"),
}
VOCABULARY_RE = re.compile(
    r"\b(" + "|".join(re.escape(t) for t in sorted(VOCABULARY, key=len, reverse=True)) + r")\b", re.I
)
# A sentence about a thing, in the present: its subject a determiner and a noun ("The staging cluster is"),
# an identifier ("payments-api runs", "S3 buckets are", "QA owns") or a word followed by an auxiliary
# ("Postgres is", "staging is"); never a verb (an imperative: "Deploy payments-api", "Check the logs").
_AUX = r"(?:is|are|isn't|aren't|has|have|hasn't|haven't|will|won't|can|can't|cannot|must|should|does|doesn't)"
_VERB = r"(?:" + _AUX + r"|[a-z]{2,}[^s\W']s(?=\s+\w))"  # "runs on", not "minutes." nor "was"
_IDENTIFIER = r"(?:[a-z][\w.]*[\d_.-][\w.-]*|[\w.-]*\d[\w.-]*|[A-Z]{2,}[\w-]*|[A-Za-z]+[a-z][A-Z]\w*)"
# A title or a family word in front of a name: "Dr Hale", "Mrs Osei", "Auntie Jo", "Grandpa Ken".
TITLE = (
    r"(?-i:Mr|Mrs|Ms|Mx|Miss|Dr|Prof|Professor|Sir|Dame|Rev|Fr|Sr|Aunt|Auntie|Aunty|Uncle|Grandma|Grandpa|"
    r"Granny|Grandad|Granddad|Nana|Nan|Cousin)\.?"
)
# After "'s", where or how someone is: "Dad's on amlodipine", "Mum's off work" ("'s" there is "is").
# "is in", "'s up in Aviemore", "'s down at the allotment"
IS_AT = r"(?:(?:still|now|currently|just)\s+)?(?:(?:up|down|over|back|out)\s+(?=(?:in|at|near)\s))?(?:on|in|at|off|away|out|with|under|near)\s"
_NOT_A_THING = (
    r"(?!(?i:it|this|that|there|here|what|which|who|everything|something|nothing|anything|everyone|someone|"
    r"nobody|he|she|they|you|i|we|one|mine|yours|today|tonight)\b)"
)
# Where a thing named is, between its name and its verb: "Flat 1 at 14 Cairns Road is let to ...", "Unit 4 on
# Mill Lane has ..." (a number maybe, then a name in capitals).
_AT_ADDRESS = r"(?:\s+(?:at|on|in)\s+(?:\d[\w/-]*\s+)?(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,3})?"
# A place or thing's proper name in a few words, counted as one word of a subject: "Block C", "Linden Court",
# "Flat 4B" (a capitalised word, then capitalised words, single letters or numbers).
_PROPER_NAME = r"(?-i:[A-Z])[\w-]*(?:\s+(?:(?-i:[A-Z])[\w-]*|\d+[A-Za-z]?)){1,3}"
# Whose thing, named by a name and its letter or number: "Block C's caretaker", "Flat 4's tenant" (two
# capitalised words may be an order and a name: "Tell Ana's ...").
_OWNER_NAME = r"(?-i:[A-Z])[\w-]*\s+(?:(?-i:[A-Z])|\d+[A-Za-z]?)"
ABOUT_A_THING_RE = re.compile(
    r"^(?:(?i:the|this|that|these|those|a|an|every|each|all|its|their)\s+"
    # "The water to Block C at Linden Court is ...": each name one word of the subject
    + r"(?:(?:"
    + _PROPER_NAME
    + r"|[\w.@/:'-]+)\s+){1,5}?"
    + _VERB
    # someone's thing: "Yusuf's swimming lessons are on Tuesdays", "Mum's birthday is 8 June", "Dr Hale's
    # surgery is on Mill Lane" (a title before the name: the person's, not an imperative's verb)
    + r"|(?:"
    + TITLE
    + r"\s+)?"
    + r"(?!(?i:it|that|this|there|here|he|she|what|who|where|let)'s)(?:[A-Z][\w-]*|"
    + _OWNER_NAME
    + r")'s\s+(?:[\w.@/:'-]+\s+){1,4}?"
    + _VERB
    + r"|"
    + _IDENTIFIER
    + r"(?:\s+[\w.@/:'-]+){0,3}?\s+"
    + _VERB
    + r"|"
    + _NOT_A_THING
    + r"[A-Za-z][\w.'-]*(?:\s+(?:[A-Z][\w'-]*|\d[\w.]*)){0,3}"
    + _AT_ADDRESS
    + r"(?:\s+"
    + _AUX
    + r"|'s(?=\s+"  # "Dad's on amlodipine", "Grandma's in a care home": "'s" is "is" before where someone is
    + IS_AT
    + r"))"
    + r")(?=[\s,.;:!]|$)"
)
# Two or three lowercase words and "is"/"are" ("staging db is ...", "prod cluster is ..."): a thing named
# with its article left out, as terse chat does ("parents' evening is ..."); never a pronoun, a time or a word like
# "everything".
# Or one or two words and where the thing is, by a name ("water to Block C at Linden Court is shut off",
# "heating in Flat 4 is off"): the place's name makes the words a thing named.
ARTICLE_DROPPED_RE = re.compile(
    r"^" + _NOT_A_THING + r"(?!(?:no|not|all|any|some|every|each|my|our|your|his|her|their|its|to)\b)"
    r"[a-z][\w-]*(?:(?<=s)')?\s+(?:(?!(?:is|are)\b)[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+"
    r"|(?:(?!(?:is|are)\b)[a-z][\w-]*\s+)?(?:(?:to|for|in|at|of|on)\s+[A-Z][\w-]*"
    r"(?:\s+(?:[A-Z][\w-]*|\d+[A-Za-z]?)){0,3}\s+){1,2}?)(?:is|are)\s+(?!(?:not|a|an|so|too|very|really)\b)"
)
# A thing named in a few words, a number among them maybe ("rent", "flat 1 rent", "the unit 4 service charge").
_THING_WORDS = r"[a-z][\w-]*(?:\s+(?:[a-z][\w-]*|\d[\w-]*)){0,2}"
# A thing's value changing to another ("rent goes up to 1020 from 1 May", "pickup moves to 15:10", "the fee
# rises to £40", "the fee becomes £45"): its article may be dropped, as terse chat does; the new value is a
# number, a time or a name.
VALUE_CHANGE_RE = re.compile(
    r"^(?:(?:the|my|our)\s+)?" + _NOT_A_THING + _THING_WORDS + r"\s+"
    r"(?:(?:is|are)\s+going|will\s+go|goes|go|went|has\s+gone|have\s+gone)\s+(?:up|down|back)\s+to\s+"
    r"(?=[£$€]?\s?\d|[A-Z])"
    r"|^(?:(?:the|my|our)\s+)?" + _NOT_A_THING + _THING_WORDS + r"\s+"
    r"(?:(?:is|are)\s+|will\s+|has\s+|have\s+)?(?:rises|rise|rising|rose|risen|increases|increase|increasing|"
    r"increased|drops|drop|dropping|dropped|falls|fall|falling|fell|fallen|decreases|decrease|decreased|"
    r"changes|change|changing|changed|moves|move|moving|moved)\s+to\s+(?=[£$€]?\s?\d|[A-Z])"
    # "the minimum order becomes £150", "the venue will become Hall B": the new value without a "to"
    r"|^(?:(?:the|my|our)\s+)?" + _NOT_A_THING + _THING_WORDS + r"\s+"
    r"(?:will\s+|is\s+|has\s+)?(?:becomes|become|becoming|became)\s+(?=[£$€]?\s?\d|[A-Z])",
    re.I,
)
# A bare plural and its verb ("Alerts go to #ops-alerts", "Builds take ten minutes"): an imperative's verb does
# not end in a single s, and takes its object next ("Uses the old key" is no statement about a thing).
BARE_PLURAL_RE = re.compile(
    _NOT_A_THING
    + r"(?-i:[A-Za-z][a-z]+[^s\W]s)\s+(?!(?i:the|a|an|me|my|us|our|it|them|this|that|these|those|every|all|"
    # (nor a verb and its preposition: "reads from the queue", "deals with them")
    r"some|to|and|or|of|in|on|for|from|with|at|by|into|onto|over|about|up|out|off|back|down|through)\b)[a-z]{2,}"
    r"(?=[\s,.;:!]|$)"
)
CAPITALISED_RE = re.compile(r"(?<!^)(?<![.!?]\s)\b[A-Z][a-z]+")


# Capitalised words that name no one: pronouns and determiners opening a sentence, days and months.
NOT_PEOPLE = frozenset(
    """I It It's That This There Here The A An My Our Your His Her Their Monday Tuesday Wednesday
    Thursday Friday Saturday Sunday January February March April May June July August September October
    November December""".split()
)
