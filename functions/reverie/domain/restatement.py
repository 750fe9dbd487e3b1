"""Whether two statements say the same thing: the words they are about, and which way they point.

Pure rules shared by the rule reasoner's merge decisions and the dream's duplicate check.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import pairwise

from reverie.domain.numerals import as_digits
from reverie.domain.text import content_words

NEGATION_RE = re.compile(
    r"\b(?:not|no longer|never|no more|anymore|any more|stopped|stop|quit|quitting|gave up|given up|giving up|"
    r"isn't|aren't|wasn't|weren't|doesn't|don't|didn't|won't|can't|cannot|hasn't|haven't)\b"
    # "his non-working day", "a non-smoking room": what is not done there, said in one word
    r"|\bnon-(?=[a-z]+ing\b)",
    re.I,
)
# Words that negate or reverse, as written (a term is the stem of any other word: "notes" is about notes).
NEGATION_WORDS = frozenset(
    "not no longer never more anymore stop stops stopped stopping quit quits quitting gave give gives giving "
    "given up isn't aren't wasn't weren't doesn't don't didn't won't can't cannot hasn't haven't".split()
)
_SUFFIXES = ("ing", "ed", "es", "s")
_GO_FORMS = frozenset({"go", "goes"})  # ("going" stays apart: "is going to sell" is no going anywhere)
_ES_BASES = ("s", "x", "z", "ch", "sh", "o")
RESTATED_SHARE = 0.6  # of the shorter statement's terms found in the other


def stem(word: str) -> str:
    """One form for a word's inflections: "coffee", "coffees" → coffe; "love", "loves", "loved", "loving" →
    lov; "boxes" → box (-es only after s, x, z, ch, sh, o; a final e dropped, as -ed and -ing drop it, and a
    consonant they double: "running" → run);
    "allergy", "allergies", "allergic" → allergi (a final y after a consonant, and -ic, become i)."""
    word = word.removesuffix("'s").rstrip("'")  # "Alice's" is about Alice
    if word in _GO_FORMS:  # too short for the suffix rules: "goes to bed", "go to bed"
        return "go"
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "es" and not word[:-2].endswith((*_ES_BASES, "i")):
                continue  # "coffees", "likes": the plural or third person of a word ending in e
            word = word[: -len(suffix)]
            if (
                suffix in ("ing", "ed")
                and len(word) >= 4
                and word[-1] == word[-2]
                and word[-1] not in "lszfaeiou"
            ):
                word = word[:-1]  # "running", "planned": run, plan (not "falling", "passed")
            break
    if len(word) >= 4 and word.endswith("e"):
        return word[:-1]
    if len(word) >= 4 and ((word.endswith("y") and word[-2] not in "aeiou") or word.endswith("ic")):
        return (word[:-1] if word.endswith("y") else word[:-2]) + "i"
    return word


_NON_RE = re.compile(r"^non-(?=[a-z]+ing$)")
# An amount and its unit of measure, written apart or together: "10 mg" is "10mg", "2.5 kg" is "2.5kg".
_AMOUNT_UNIT_RE = re.compile(
    r"\b(\d+(?:[.,]\d+)?)\s+(mg|mcg|g|kg|ml|cl|l|km|cm|mm|mi|mph|kph|oz|lbs?|kwh|kw|mb|gb|tb|ghz|mhz)\b", re.I
)


# A range of small numbers written with a dash ("7-10", "Mon 9–5"): its two ends, as "from 7 to 10" gives
# them; not a date or code, whose parts join more than two numbers ("2026-09-15", "0W-20").
_RANGE_RE = re.compile(r"(?<![\w./:-])(\d{1,2})\s*[-–]\s*(\d{1,2})(?![\w./:-])")


# A number joined to what it counts ("30-day terms", "a 3-hour shift"): two terms, the number and the word,
# as "30 days" gives them.
_COUNTED_RE = re.compile(r"\b(\d+)-([a-z]{3,})\b", re.I)


# A word glossed in brackets in another script ("peanuts (땅콩)", "dumplings (餃子)"): the gloss is that word,
# wherever the statement uses it again ("no 땅콩 anything"), so a mixed statement is about what it says once.
_GLOSS_RE = re.compile(r"\b(?P<word>[A-Za-z][A-Za-z'-]*)\s*\((?P<gloss>[^\x00-\x7f()\s]+)\)")


def _unglossed(text: str) -> str:
    for found in _GLOSS_RE.finditer(text):
        text = text.replace(f"({found.group('gloss')})", "").replace(
            found.group("gloss"), found.group("word")
        )
    return text


# Everyday abbreviations, read as the words they stand for ("WFH days" is about working from home), and a young
# animal as the animal too ("got a puppy" is about a dog).
_ABBREVIATION_RE = re.compile(
    r"\b(?:WFH|OOO|bday|b-day|pupp(?:y|ies)|kittens?|colou?r[- ]?blind(?:ness)?|plant-based)\b", re.I
)
_ABBREVIATED = {
    "wfh": "work from home",
    "ooo": "out of office",
    "bday": "birthday",
    "b-day": "birthday",
    "puppy": "puppy dog",
    "puppies": "puppies dogs",
    "kitten": "kitten cat",
    "kittens": "kittens cats",
    "plant-based": "plant-based vegan",
}
_COLOUR_BLIND = "colour blind vision deficiency"  # by its medical name too: "colour vision deficiency"


@lru_cache(maxsize=32768)  # pure; the self-audit counts the terms of every held card on each run
def terms(text: str) -> frozenset[str]:
    """Stemmed content words without negations: what a statement is about ("a non-working day" is about
    working, as "does not work" is; "10 mg" is the one term "10mg"; "forty one" is the one term "41";
    "7-10" the two ends 7 and 10; "WFH" is "work from home"). Words of any script count, accents folded ("Tomás" is tomas, "서울" 서울);
    a word's gloss in brackets is that word ("peanuts (땅콩)": peanut)."""
    text = _ABBREVIATION_RE.sub(lambda m: _ABBREVIATED.get(m.group(0).lower(), _COLOUR_BLIND), text)
    plain_text = _RANGE_RE.sub(r"\1 to \2", _AMOUNT_UNIT_RE.sub(r"\1\2", as_digits(text)))
    plain_text = _COUNTED_RE.sub(r"\1 \2", plain_text)
    if not plain_text.isascii():
        plain_text = _unglossed(plain_text)
    plain = (_NON_RE.sub("", w) for w in content_words(plain_text, any_script=True))
    return frozenset(stem(w) for w in plain if w not in NEGATION_WORDS)


# "pnpm, not npm", "1 February, not 1 January": a contrast that names what the value is not, in a
# statement that is itself affirmative.
# the opening of a contrast (also read by the rule reasoner): ", not npm", "; never a window", ", never on Fridays"
# or, between two amounts, with its comma left out, as chat does: "2C is £1,250 not £1,205"
CONTRAST = (
    r"(?:[,;]\s*(?:and\s+|but\s+)?(?:not\b|never(?=\s+(?:a|an|the|on|in|at|by|before|after)\b))"
    r"|(?<=\d)\s+not\b(?=\s+[£$€]?\d))"
)
_CONTRAST_RE = re.compile(CONTRAST, re.I)


# Leaving what one had or was ("has left fraud", "sold the Ibiza", "resigned from Acme"): the opposite of
# holding it, though no negation is written. MiniLM finds "left the fraud team" close to "moved to the fraud
# team"; a reversal is no paraphrase.
_LEAVING_RE = re.compile(
    # (or moved away from where it was: "has moved back from Dubai", "moved away from Leeds")
    r"\b(?:left|leaves|leaving|quit|quits|resigned|sold|sells|selling|moved (?:out|away)|dropped out|renamed|"
    r"(?:moved|moving|came|come|coming)\s+(?:back\s+|away\s+|home\s+)?from|"
    r"cancell?ed|gave up|given up|giving up|gives up|no longer|stopped|ended|broke up|split up|divorced|fell out|"
    # cut out or down: "I've cut sugar out, just milk in my tea now", "cut down to one coffee"
    r"cut\s+(?:out|down)|cut\s+(?:\w+\s+){1,2}out|"
    # off a medicine: "has been taken off sertraline", "came off the pill"
    r"(?:taken|took|came|come|weaned)\s+off|"
    # over a condition or a need: "has outgrown her egg allergy", "got over the flu"
    r"outgrown|outgrew|grew out of|recovered from|got over)\b",
    re.I,
)


def leaves(text: str) -> bool:
    """The statement tells of leaving, ending or giving up something (see `_LEAVING_RE`)."""
    return _LEAVING_RE.search(text) is not None


def what_is_left(text: str) -> frozenset[str]:
    """The terms of what the statement tells of leaving ("has moved back from Dubai" → {dubai}); empty when it
    tells of no leaving."""
    found = _LEAVING_RE.search(text)
    return terms(text[found.end() :]) if found else frozenset()


# A thing said to be over: done, finished, cancelled, off, decided, fallen through.
_OVER_RE = re.compile(
    r"\b(?:is|are|was|were|has\s+been|have\s+been)\s+(?:now\s+|finally\s+|all\s+)?(?:done|finished|complete|"
    r"completed|over|off|cancell?ed|called\s+off|scrapped|"
    # ... or decided: "the mortgage is approved", "the visa was refused"
    r"approved|accepted|granted|refused|rejected|declined|turned\s+down)\b|\b(?:went|fell|gone|fallen)\s+through\b",
    re.I,
)


# A move to come: "is moving to Exeter in the spring", "are relocating to Leeds" (the place named).
MOVING_TO_RE = re.compile(
    r"\b(?:is|are|am|'s|'re|'m)\s+(?:now\s+)?(?:moving|relocating)\s+(?:house\s+)?(?:back\s+)?to\s+"
    r"(?P<place>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)*)",
    re.I,
)


def moving_to(text: str) -> bool:
    """The statement tells of a move to a named place still to come (see `MOVING_TO_RE`)."""
    return MOVING_TO_RE.search(text) is not None


def says_over(text: str) -> bool:
    """`text` says its thing is over ("the loft conversion is finished", "the sale fell through"): news that ends a
    plan for it, never a restatement of the plan."""
    return _OVER_RE.search(text) is not None


def negated(text: str) -> bool:
    """The statement denies (a negation outside a ", not X" contrast): "Alice doesn't eat meat", not
    "Alice's repositories use pnpm, not npm"."""
    return NEGATION_RE.search(_CONTRAST_RE.sub(",", text)) is not None


_HYPHEN_RE = re.compile(r"(?<=[a-z])-(?=[a-z])", re.I)


def restates(a: str, b: str) -> bool:
    """`a` and `b` point the same way (a negation in both or in neither) and most of the shorter one's
    terms are in the other: "Do not start a payments production deploy on a Friday" restates "Never deploy
    the payments service to production on a Friday"; "Always deploy on Fridays" does not restate "Never
    deploy on Fridays". Only a hint: callers combine it with closeness in meaning."""
    if negated(a) != negated(b):
        return False
    # a compound is its words ("force-push" / "a force push")
    mine, theirs = terms(_HYPHEN_RE.sub(" ", a)), terms(_HYPHEN_RE.sub(" ", b))
    shorter = min(len(mine), len(theirs))
    return shorter >= 2 and len(mine & theirs) >= RESTATED_SHARE * shorter


_NUMBER_RE = re.compile(r"\d+")


def adds_no_number(new: str, known: str) -> bool:
    """Every number (a date, a version, an amount) in `new` is already in `known`: "went on 20 June" is
    another event than "went on 7 May", and "went on 7 May" adds a date to "went"."""
    # numbers in words as digits: "up to thirty miles a week" adds a number to "runs twenty miles a week"; a
    # month or a day named is a value as a number is ("3 July" is another day than "3 June")
    return _numbers(new) <= _numbers(known) and _calendar(new) <= _calendar(known)


# A name inside a sentence (not its first word): a place, a firm, a person ("is in Vancouver", "at Arup").
_NAME_INSIDE_RE = re.compile(r"(?<=[\w,;:)] )(?-i:[A-Z])[\w'-]+")


def adds_no_name(new: str, known: str) -> bool:
    """Every name inside `new` is said in `known` too: "Qi's brother is in Vancouver" names a place that "Qi's
    brother lives in Canada" does not (a detail or a change, never the same thing said again)."""
    said = {w.lower().removesuffix("'s") for w in re.findall(r"[\w'-]+", known)}

    def in_known(name: str) -> bool:  # "Brazil" is said by "Brazilian"
        name = name.lower().removesuffix("'s")
        return any(w.startswith(name) or (len(w) >= 4 and name.startswith(w)) for w in said)

    return all(in_known(n) for n in _NAME_INSIDE_RE.findall(new))


_CALENDAR_RE = re.compile(
    r"\b(?:January|February|March|April|May|June|July|August|September|October|November|December|"
    r"Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b"
)


def _calendar(text: str) -> set[str]:
    """The months and weekdays `text` names (capitalised, as dates are written: "may" is a verb)."""
    return set(_CALENDAR_RE.findall(text))


# "one" and "two" stay words in `as_digits` (a threshold of its reader: "no one", "one of them"); counting
# things they are numbers too: "has two chickens now" gives a number "has got three chickens" does not.
_SMALL_COUNT_RE = re.compile(
    r"(?<!\bno )(?<!\bany )(?<!\bsome )(?<!\bevery )\b(one|two)\s+"
    # ... or a rate: "one coffee a day"
    r"(?=[a-z]+s\b|[a-z]+\s+(?:a|an|per|every|each)\s+(?:day|night|week|fortnight|month|year)\b)",
    re.I,
)


def _numbers(text: str) -> set[str]:
    counted = {"1" if m.lower() == "one" else "2" for m in _SMALL_COUNT_RE.findall(text)}
    return set(_NUMBER_RE.findall(as_digits(text))) | counted


# An address, path, host or version: a word with a dot, slash or colon inside ("api-v1.parcelhub.io",
# "/etc/restic/env", "2.8.0"), without its scheme.
_IDENTIFIER_RE = re.compile(r"(?:[a-z][a-z0-9+.-]*://)?([\w-]+(?:[./:][\w-]+)+)", re.I)


def changed_values(wrong: str, right: str) -> frozenset[str]:
    """The identifiers `wrong` names that `right` does not (lower-cased): the value a correction changed,
    which cards built on the wrong one repeat."""
    said = {m.lower() for m in _IDENTIFIER_RE.findall(right)}
    return frozenset(m.lower() for m in _IDENTIFIER_RE.findall(wrong) if m.lower() not in said)


def absorbed_but_a_word(new: str, known: str, same_source: bool = False) -> bool:
    """`known` says all `new` says but for one common word: "Npm doesn't understand Alice's workspace:
    dependencies" beside "Alice's repositories use pnpm, not npm: npm fails on their workspace:
    dependencies". The odd word must be no name, number or person named by relation (another name, number or
    person is another value), and
    `new` must say enough (four terms or more) for one word to be a small part of it, and point the same
    way, unless both rest on the same source (`same_source`: one message, told as "doesn't understand" and
    as "fails on"). Only a hint: callers combine it with closeness in meaning."""
    mine, theirs = terms(new), terms(known)
    odd = mine - theirs
    if len(mine) < 4 or len(odd) != 1 or (negated(new) != negated(known) and not same_source):
        return False
    (word,) = odd
    spelt = [w for w in re.findall(r"[\w'-]+", new) if stem(w.lower()) == word]
    return (
        bool(spelt)
        and not any(
            w[:1].isupper() or any(ch.isdigit() for ch in w) or is_kin(w.removesuffix("'s")) for w in spelt
        )
        and not _inserted(word, new, known)
    )


def _inserted(word: str, new: str, known: str) -> bool:
    """`word` stands in `new` between two words that are side by side in `known`: a detail added ("sings alto in
    the choir" beside "sings in a community choir"), not a word said another way ("npm breaks on" for "npm fails
    on")."""
    mine = [stem(w.lower()) for w in re.findall(r"[\w'-]+", new)]
    theirs = [stem(w.lower()) for w in re.findall(r"[\w'-]+", known)]
    pairs = set(pairwise(theirs))
    return any((mine[i - 1], mine[i + 1]) in pairs for i in range(1, len(mine) - 1) if mine[i] == word)


# A person named by relation: another subject, as another name is ("Pab's husband does the school run now" is
# news beside "Pab does the school run every morning", not the same thing said with one word more).
_KIN_RE = re.compile(
    r"(?:grand|step|great-?)*(?:mum|mom|mother|dad|father|parents?|wife|husband|partner|spouse|boyfriend|"
    r"girlfriend|fianc[eé]e?|sons?|daughters?|kids?|child|children|brothers?|sisters?|siblings?|aunt|uncle|"
    r"cousins?|nieces?|nephews?|in-laws?|nan|nana|grandpa|granny|boss|manager|colleagues?|neighbou?rs?|"
    r"friends?|flatmates?|housemates?|roommates?)",
    re.I,
)


def is_kin(word: str) -> bool:
    """`word` names a person by relation ("husband", "stepdad", "neighbours")."""
    return _KIN_RE.fullmatch(word) is not None


# "his name's Jack", "it's BA 283, not BA 287": whose or what, unsaid
_NO_ONE_NAMED_RE = re.compile(r"^(?:he|she|they|his|her|their|it|that)\b", re.I)


def names_no_one(statement: str) -> bool:
    """The statement's subject is a pronoun ("He's in Year 5, not Year 4", "His name's Jack"): whom it is about,
    it does not say."""
    return _NO_ONE_NAMED_RE.match(statement.strip()) is not None
