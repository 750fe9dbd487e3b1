"""Sentences, compression and de-subjectivising: the plain-text work every extraction rule shares."""

from __future__ import annotations

import re
import unicodedata

from reverie.domain.models import MAX_STATEMENT_CHARS
from reverie.domain.text import STOP_WORDS

# Words ending in a full stop that end no sentence: titles before a name ("Prof. Hanne Berg"), a street, a
# number, Latin shorthand. Matched as the last word, whole ("first." ends a sentence, "St." does not).
_ABBREVIATIONS = frozenset(
    """mr. mrs. ms. mx. dr. prof. rev. fr. sr. jr. st. mt. ft. gen. capt. col. lt. sgt. hon. gov. supt. insp.
    e.g. i.e. vs. etc. approx. no. nos. ave. rd. cf.""".split()
)
_SENTENCE_END_RE = re.compile(r"(?<=[.!?…])[\"')\]]*\s+(?=\S)|\n+")
_CLAUSE_BREAK_RE = re.compile(r"\s*;\s+|\s+[—–-]{1,2}\s+")
_EMOTICON_RE = re.compile(r"(?<!\w)(?::|;|=)-?[()DPpO/\\|]+(?!\w)|<3")
_LEADING_INTERJECTION_RE = re.compile(
    r"^(?:(?:oh|ah|aw+|ooh|wow|whoa|well|yeah|yea|yep|yup|yes|ok|okay|hmm+|um+|uh+|lol|haha+|omg|gosh|"
    r"man|dude|yay|ugh|so|anyway|anyways|alright|right|sure|also|and|but|plus|oh well|by the way|btw|"
    r"careful|note|fyi|fwiw|for what it'?s worth|heads up|guess what|you know what|honestly|actually|basically|true|"
    r"remember(?:\s+that)?(?!\s+to\b)|keep in mind(?:\s+that)?|for the record|just so you know|for reference|"
    r"totally|absolutely|definitely|indeed|cool|great|nice|awesome|for context|for background|"
    r"(?:good|great|bad|sad|big|some)\s+news|"
    # the same words mixed in from other languages: Hindi, Spanish, German
    r"haan|han|acha|accha|achha|arre|arey|yaar|bueno|pues|vale|oye|genau|na ja|naja)\b[\s,.!:;-]*)+",
    re.IGNORECASE,
)
# What marks a statement as information for the listener, whatever follows: "fyi", "heads up", "for the record"
# (after an interjection maybe: "oh, for the record ...").
INFORMING_RE = re.compile(
    r"^(?:(?:oh|and|ah|also|right|ok|okay)\b[\s,]*)*(?:fyi|fwiw|for your information|for what it'?s worth|"
    r"heads[ -]up|just so you know|for the record|note that|btw|by the way)\b",
    re.I,
)
_FILLER_RE = re.compile(
    r"(?<!\bnot )\b(?:really|just|actually|honestly|basically|literally|totally|definitely|seriously|truly|"
    r"super|kinda|sorta|kind of|sort of|you know|i mean|very|quite|pretty much|all in all)\b,?\s*",
    re.IGNORECASE,
)
_TRAILING_LAUGH_RE = re.compile(r"[,\s]+(?:ha(?:ha)+|lol|hehe+|xd|lmao)\W*$", re.IGNORECASE)
# A sign-off after what was said ("sorted, cheers", "all good now, thanks!"): no part of the statement.
_TRAILING_THANKS_RE = re.compile(
    r"[,\s]+(?:cheers|thanks|thank you|thx|ty|ta|many thanks|much appreciated|gracias|merci|danke)"
    r"(?:\s+(?:a lot|so much|mate|again))?\W*$",
    re.IGNORECASE,
)
# A hedge about the conversation after what was said ("..., if that matters for the calendar", "..., in case
# it helps", "... if you need it", "..., fyi"): no part of the statement.
_HEDGE_TAIL_RE = re.compile(
    r",?\s+(?:(?:if|in case)\s+(?:that|it|this)\s+(?:matters|helps|is useful|'s useful|is relevant|'s relevant)"
    r"(?:\s+(?:for|to|with)\s+[^,;.]+)?|(?:if|in case)\s+you\s+(?:need|want)\s+(?:it|them|that|this)|by the way|btw|"
    r"fyi|fwiw|for what it'?s worth)\W*$",
    re.IGNORECASE,
)
_BY_THE_WAY_RE = re.compile(r"\s*\bby the way\b", re.IGNORECASE)
_LIKE_FILLER_RE = re.compile(r"(?:,\s*like\s*,|^like\s*,)", re.IGNORECASE)
# "so" as an intensifier ("so powerful"), not as a conjunction (", so breakfast ...", "so needs ...").
_SO_INTENSIFIER_RE = re.compile(
    r"(?<![,;:]\s)(?<![,;:])\bso\s+(?!(?:that|i|we|he|she|they|it|you|the|a|an|much|many|far|long|on)\b)"
    # nor before a verb whose subject it leaves out ("coeliac so needs gluten free"; "so nervous" is one)
    r"(?![a-z]+(?<!ou)(?<![su])s\b)",
    re.IGNORECASE,
)
_PRETTY_RE = re.compile(r"\bpretty\s+(?=[a-z]+(?:ing|ful|ous|ive|ble|ed|y)\b)", re.IGNORECASE)
_SPACES_RE = re.compile(r"\s+")
_PLAIN_WORD_RE = re.compile(r"^[A-Za-z][a-z']*(?=[\s,;:.!?]|$)")
_SPACE_BEFORE_PUNCT_RE = re.compile(r"\s+([,.;:!?])")
_REPEATED_PUNCT_RE = re.compile(r"([,;:])(?:\s*[,;:])+")
# (a dash on a word's end is part of it: "got an A-")
_END_PUNCT_RE = re.compile(r"(?:(?<![\w+])-+|[\s,;:!?.…]+(?:-+(?=[\s,;:!?.…]*$))?)+$")
_KEY_WORD_RE = re.compile(r"[a-z0-9]+")

_CONTRACTIONS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\b(?:I'm|I am|Im)\b", re.IGNORECASE), "{name} is"),
    (re.compile(r"\bI've\b", re.IGNORECASE), "{name} has"),
    (re.compile(r"\bI'd\b", re.IGNORECASE), "{name} would"),
    (re.compile(r"\bI'll\b", re.IGNORECASE), "{name} will"),
    (re.compile(r"\bwe're\b", re.IGNORECASE), "{name} is"),
    (re.compile(r"\bwe've\b", re.IGNORECASE), "{name} has"),
    (re.compile(r"\bwe'll\b", re.IGNORECASE), "{name} will"),
    (re.compile(r"\bwe'd\b", re.IGNORECASE), "{name} would"),
)
MODALS = frozenset("can could will would shall should may might must can't cannot won't wouldn't".split())
ADVERBS = frozenset(
    """also really just never always still usually often recently finally sometimes even already
    definitely totally actually only mostly rarely seldom currently personally especially absolutely
    truly certainly probably honestly kinda totally once first now then typically normally generally
    regularly occasionally last""".split()
) | {"no longer"}
IRREGULAR_PAST = frozenset(
    """went got had did was were made took saw met ran bought brought thought felt left lost won found
    gave came began became wrote drove flew grew knew taught caught told said sold sent spent built heard
    held kept slept stood understood wore ate drank swam sang rode broke chose fell forgot hid hit hurt
    let put quit set shut cut paid laid led meant dealt fought sought struck threw woke sat shot spoke
    stole stuck swore tore read gotten done seen been taken given written driven ridden eaten fallen
    forgotten begun become come run grown known shown flown swum sung drunk""".split()
)
_UNCONJUGATED = frozenset("gonna wanna gotta used".split())
# Participles that are base forms too, never a simple past ("we ran", "I came"): after a subject, present.
_PRESENT_AFTER_SUBJECT = frozenset("run come become overcome".split())
PRESENT_EED = frozenset("need feed seed speed bleed breed heed weed proceed succeed exceed".split())
_THIRD_PERSON_IRREGULAR = {
    "am": "is",
    "are": "is",
    "were": "was",
    "aren't": "isn't",
    "weren't": "wasn't",
    "have": "has",
    "do": "does",
    "go": "goes",
    "don't": "doesn't",
    "haven't": "hasn't",
    "am not": "is not",
}

_ADVERB_ALT = "|".join(sorted(ADVERBS))
# "I" or "we" + up to two adverbs + a verb ("I also like" → "Bob also likes", "we now work" → "Bob now works").
# (Never inside an identifier: "us-east-1", "my-app".)
_I_VERB_RE = re.compile(
    rf"(?<![\w-])(?:(?-i:I)|(?i:we))((?:\s+(?i:{_ADVERB_ALT})){{0,2}})(\s+)([A-Za-z]+(?:-[A-Za-z]+)*(?:n't)?)\b(?!')"
)
_I_RE = re.compile(r"(?<![\w-])(?:(?-i:I)|(?i:we)|us)(?![\w'-])")
_POSSESSIVE_RE = re.compile(r"(?<![\w-])(?:my|mine|our|ours)(?![\w-])", re.IGNORECASE)
_OBJECT_RE = re.compile(r"(?<![\w-])(?:me|myself|ourselves)(?![\w-])", re.IGNORECASE)
# "My wife and I", "me and my sister": the speaker first, then whom they name ("Diego and their wife").
_MY_X_AND_I_RE = re.compile(
    r"(?P<pre>^|[,;:(]\s*|\b(?i:and|but|so|when|because|since|after|before|then|while|if|now|also|today|"
    r"yesterday|recently)\s+)"
    r"(?:(?i:my|our)\s+(?P<x>(?:[\w'-]+\s+){0,2}?[\w'-]+)\s+(?i:and)\s+(?-i:I)(?![\w'-])"
    r"|(?i:me\s+and\s+(?:my|our)\s+)(?P<y>(?:[\w'-]+\s+){0,2}?[\w'-]+)(?=\s+(?:[a-z]+)\b))"
)
# "my husband Joris do them": one named person after a possessive, whose auxiliary a learner left unconjugated.
_NAMED_ONE_BASE_AUX_RE = re.compile(
    r"(?P<who>(?<![\w-])(?i:my|our)\s+(?:[a-z]+\s+){1,2}(?-i:[A-Z][a-z]+))\s+"
    r"(?P<aux>do|don't|have|haven't|are|aren't|were|weren't)(?![\w'-])"
)
# "My wife and I", "Ana and I": a compound subject, whose verb stays plural ("Ana and Bob have").
_COMPOUND_SUBJECT_RE = re.compile(r"(?:^|[,;:(]\s*)(?:\S+\s+){1,3}and\s+$", re.IGNORECASE)


def sentences(text: str) -> list[str]:
    """Sentences and clauses (split at . ! ? newlines, semicolons and dashes), trimmed, non-empty."""
    parts: list[str] = []
    for piece in _SENTENCE_END_RE.split(text):
        piece = piece.strip()
        if not piece:
            continue
        if parts and parts[-1].lower().rsplit(None, 1)[-1].lstrip("(\"'") in _ABBREVIATIONS:
            parts[-1] = f"{parts[-1]} {piece}"
        else:
            parts.append(piece)
    out: list[str] = []
    for part in parts:
        out.extend(c.strip() for c in _CLAUSE_BREAK_RE.split(part) if c.strip())
    return out


def strip_emoji(text: str) -> str:
    text = _EMOTICON_RE.sub(" ", text)
    return "".join(
        ch
        for ch in text
        if ch == "°" or (unicodedata.category(ch) not in ("So", "Sk", "Cs", "Co") and ch != "\ufe0f")
    )


def strip_opening(text: str) -> str:
    """Without the interjections and connectives a sentence opens with ("Oh, well, so ...")."""
    return _LEADING_INTERJECTION_RE.sub("", text.strip()).strip()


def _without_filler(match: re.Match[str]) -> str:
    """A filler goes; a comma after it stays when it ends a clause ("about me really, I'm ..." → "about me,
    I'm ..."), not when the filler opens one ("Honestly, I ...")."""
    before = match.string[: match.start()].rstrip()
    return ", " if "," in match.group(0) and before and before[-1] not in ",;:(" else ""


def compress(text: str) -> str:
    """The statement without emoji, interjections and fillers; names, numbers, dates and nouns kept."""
    text = strip_opening(strip_emoji(text))
    text = _TRAILING_LAUGH_RE.sub("", text)
    text = _TRAILING_THANKS_RE.sub("", text)
    text = _HEDGE_TAIL_RE.sub("", text)
    text = _BY_THE_WAY_RE.sub("", text)  # "I cook on induction by the way, so ...": its comma stays
    text = _LIKE_FILLER_RE.sub(",", text)
    text = _FILLER_RE.sub(_without_filler, text)
    text = _SO_INTENSIFIER_RE.sub("", text)
    text = _PRETTY_RE.sub("", text)
    text = text.replace("…", ".").replace("...", ".")
    text = _SPACES_RE.sub(" ", text)
    text = _SPACE_BEFORE_PUNCT_RE.sub(r"\1", text)
    text = _REPEATED_PUNCT_RE.sub(r"\1", text)
    text = text.strip(" ,;:")
    # a dash that stands apart is punctuation; one on a word ("got an A-", "a B+ or A-") is part of it
    return re.sub(r"^-+\s*|(?<![\w+])\s*-+$|\s+-+$", "", text).strip(" ,;:")


# A month typed in lower case: by its name, or, for "may" and "march" (also verbs), beside a day's number.
_LOWER_MONTH_RE = re.compile(
    r"\b(?:january|february|april|june|july|august|september|october|november|december)\b"
    r"|(?<=\d\s)(?:may|march)\b|(?<=\d(?:st|nd|rd|th)\s)(?:may|march)\b|(?<=\d(?:st|nd|rd|th) of )(?:may|march)\b"
    r"|\b(?:may|march)(?=\s\d{1,2}\b)"
)


def finish(text: str, capitalise: bool = True) -> str:
    """One tidy sentence: capitalised (unless it opens with an identifier such as `payments-api`),
    ending with a full stop, within the statement limit."""
    text = _END_PUNCT_RE.sub("", _SPACES_RE.sub(" ", text).strip())
    if not text:
        return ""
    if capitalise and _PLAIN_WORD_RE.match(text):
        text = text[0].upper() + text[1:]
    if capitalise:  # "from 1 may" typed in chat: a month is a name
        text = _LOWER_MONTH_RE.sub(lambda m: m.group(0).capitalize(), text)
    if len(text) >= MAX_STATEMENT_CHARS:
        text = text[: MAX_STATEMENT_CHARS - 2].rsplit(" ", 1)[0]
    return text + "."


def third_person(verb: str) -> str:
    """`prefer` → `prefers`, `go` → `goes`, `try` → `tries`; past forms and modals unchanged."""
    if "-" in verb.strip("-"):  # a compound verb agrees in its last part: "squash-merge" → "squash-merges"
        head, _, last = verb.rpartition("-")
        return f"{head}-{third_person(last)}"
    lower = verb.lower()
    if lower in _THIRD_PERSON_IRREGULAR:
        return _THIRD_PERSON_IRREGULAR[lower]
    if (
        lower in MODALS
        or (lower in IRREGULAR_PAST and lower not in _PRESENT_AFTER_SUBJECT)
        or lower in _UNCONJUGATED
        or (len(lower) > 5 and lower.endswith("ing"))
        or (lower.endswith("ed") and lower not in PRESENT_EED)  # "agreed" is a past form, "need" is not
        or lower.endswith("n't")
        or not lower.isalpha()
    ):
        return verb
    if lower.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if len(lower) > 2 and lower.endswith("y") and lower[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


# The first person of the third person's irregular forms ("is" → "am", "has" → "have").
_FIRST_PERSON_IRREGULAR = {
    third: first
    for first, third in _THIRD_PERSON_IRREGULAR.items()
    if first not in ("are", "were", "aren't", "weren't")  # "I am", "I was": the singular's forms
} | {"isn't": "am not"}


def first_person(verb: str) -> str:
    """`works` → `work`, `carries` → `carry`, `watches` → `watch`, `is` → `am`: `third_person` undone."""
    lower = verb.lower()
    if lower in _FIRST_PERSON_IRREGULAR:
        return _FIRST_PERSON_IRREGULAR[lower]
    if lower.endswith("ies"):
        return verb[:-3] + "y"
    if lower.endswith(("shes", "ches", "sses", "xes", "oes")):
        return verb[:-2]
    return verb[:-1] if lower.endswith("s") and not lower.endswith("ss") else verb


def _conjugated(match: re.Match[str], name: str) -> str:
    verb = match.group(3)
    if _COMPOUND_SUBJECT_RE.search(match.string[: match.start()]):
        verb = {"am": "are", "was": "were"}.get(verb.lower(), verb)  # "Ana and I have" → "Ana and Bob have"
    else:
        verb = third_person(verb)
    return f"{name}{match.group(1)}{match.group(2)}{verb}"


# "We all", "we both", "each other", "brings us together": a group that stays one ("Bob and others all have").
_ALL_OF_US_RE = re.compile(r"\b(?:all|both) of us\b", re.I)
_WE_ARE_RE = re.compile(r"(?<![\w-])we're\b", re.I)
_WE_GROUP_RE = re.compile(r"(?<![\w-])(?:(?i:we)|us)(?![\w'-])")
_COLLECTIVE_RE = re.compile(
    r"\bwe\s+(?:all|both|each|two|three)\b|\b(?:each other|one another|together|(?:all|both) of us)\b", re.I
)


def desubjectivise(text: str, name: str) -> str:
    """First person → the speaker's name: "I went" → "Caroline went", "my X" → "Caroline's X",
    "me" → "Bob". "We" is rendered as the speaker too ("we now work in Oslo" → "Alice now works in
    Oslo"): what holds for the group holds for the speaker, and reads as one clean sentence. Verbs after a
    replaced subject agree, except in a compound subject ("Ana and I have" → "Ana and Bob have", "my
    wife and I take" → "Bob and their wife take")."""
    text = _MY_X_AND_I_RE.sub(
        lambda m: f"{m.group('pre')}{name} and their {m.group('x') or m.group('y')}", text
    )
    if _COLLECTIVE_RE.search(text):
        text = _ALL_OF_US_RE.sub(f"{name} and others", text)
        text = _WE_GROUP_RE.sub(f"{name} and others", _WE_ARE_RE.sub(f"{name} and others are", text))
    for pattern, replacement in _CONTRACTIONS:
        text = pattern.sub(replacement.format(name=name), text)
    text = _I_VERB_RE.sub(lambda m: _conjugated(m, name), text)
    text = _NAMED_ONE_BASE_AUX_RE.sub(lambda m: f"{m.group('who')} {third_person(m.group('aux'))}", text)
    text = _I_RE.sub(name, text)
    text = _POSSESSIVE_RE.sub(f"{name}'s", text)
    return _later_possessives(_OBJECT_RE.sub(name, text), name)


def _later_possessives(text: str, name: str) -> str:
    """ "Jon lost Jon's job" → "Jon lost their job": once the statement has named its speaker, a
    possessive of that name reads (and costs) less as "their"."""
    first = text.find(name)
    if first < 0:
        return text
    cut = first + len(name)
    head, tail = text[:cut], text[cut:]
    return head + re.sub(rf"\b{re.escape(name)}'s\b", "their", tail)


def name_for(speaker: str | None) -> str:
    """The display name statements use for a speaker: their name when known, else "the user"."""
    return speaker.strip() if speaker and speaker.strip() else "the user"


def subject_of(name: str) -> str:
    """The subject part of a key: `caroline` for Caroline, `user` for an unnamed user."""
    if name == "the user":
        return "user"
    return "_".join(_KEY_WORD_RE.findall(name.lower())) or "user"


def slug(text: str, max_words: int = 3) -> str:
    """`Home City` → `home_city`: a key part made of the last few words."""
    parts = _KEY_WORD_RE.findall(text.lower())
    return "_".join(parts[-max_words:])


def lowered_opening(text: str) -> str:
    """`text` to follow other words: its first word lower-cased when it is an ordinary word ("The", "This",
    "There"), kept when it may be a name ("Ana ...", "Training ..." is kept too: no dictionary here)."""
    head = text.split(" ", 1)[0].lower().replace("’", "'")
    ordinary = head in STOP_WORDS or head.split("'")[0] in STOP_WORDS  # "It's", "There's"
    return text[:1].lower() + text[1:] if ordinary and not head.startswith("i'") and head != "i" else text
