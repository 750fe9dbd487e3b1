"""A correction of one value in a card that says more: the card, with the value put right.

"Plot 7 is £40 not £45" corrects the fee in "Plot 7: holder Mrs Achebe, fee is £45 a year, renewal due 1
March"; stored alone it would take the holder and the renewal out of what is known. When the denied value
stands once, word for word, in the card the correction replaces, and the value given instead does not,
the new version is that card with the one value swapped ("... fee is £40 a year, renewal due 1 March").
Only values with a digit (an amount, a number, a time, a date said whole: "31 August 2027, not 30 June
2027") are swapped: where a name's words begin and end is not known well enough to swap it inside a
sentence. Both must be values of one kind where both say theirs: "28th, not £1,150" read alone pairs a day
with an amount, and a day put in place of an amount would make the card wrong ("rent is 28th a month");
"£40 not 45" is one kind.

Values said in parallel on both sides are swapped pair by pair: "£1,250 on the 28th, not £1,150 on the 1st"
(the same words between the values on each side) puts £1,250 for £1,150 and the 28th for the 1st, each pair
of one kind, each denied value standing once in the card and no given one there yet; when any pair fails,
nothing of the parallel reading is swapped.

A correction naming what it is about only by a pronoun ("Her birthday is 14 March") is the card it replaces with
its one date, or its one value with a digit, put as the one given.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard
from reverie.domain.text import MONTH_WORD
from reverie.ports import MergeAction, MergeDecision

# a grade or a code with a hyphen is one value ("0W-20", "A-12")
_AMOUNT = r"[£$€]?\d[\d,.:/]*(?:[a-z%]{1,3})?(?:-\d[\d.]*[a-z]?)?"
# "£1,250 not £1,205", "7:30, not 8:00", "19%, not 21%": the value given, then the one denied.
_SWAP_RE = re.compile(
    rf"(?<![\w£$€])(?P<new>{_AMOUNT})\s*[,;]?\s+not\s+(?P<old>{_AMOUNT})(?![\w,.:/]*\w)", re.I
)


_KIND_RE = re.compile(
    r"^(?P<money>[£$€])|(?P<day>\d(?:st|nd|rd|th))$|(?P<time>\d:\d\d)$|(?P<unit>[a-z%]+)$", re.I
)


def _kind(value: str) -> str | None:
    """What kind of value `value` says it is (a currency, a day of the month, a time, a unit), or None."""
    found = _KIND_RE.search(value)
    if found is None:
        return None
    kind = found.lastgroup
    return f"{kind} {found.group(kind).lower()}" if kind in ("money", "unit") else kind


_VALUE_RE = re.compile(rf"(?<![\w£$€]){_AMOUNT}")
_CONTRAST_RE = re.compile(r",?\s+not\s+(?=[£$€]?\d)", re.I)
_CLAUSE_END_RE = re.compile(r"[;!?]|\.(?:\s|$)|,\s|\s(?:but|and|so)\s")


def _values(text: str) -> list[re.Match[str]]:
    return [m for m in _VALUE_RE.finditer(text) if not re.match(r"[\w,.:/]*\w", text[m.end() :])]


def _skeleton(text: str, values: list[re.Match[str]]) -> str:
    """`text` from its first value on, each value masked: "£1,250 on the 28th" → "V on the V"."""
    out, at = [], values[0].start()
    for m in values:
        out.append(text[at : m.start()])
        out.append("V")
        at = m.end()
    out.append(text[at:])
    return " ".join("".join(out).lower().split()).rstrip(" .,")


def _at_once(held: str, old: str, new: str) -> tuple[int, int] | None:
    """Where `old` stands once in `held` (None when not once, or when `new` is there already)."""
    at = list(re.finditer(rf"(?<![\w£$€]){re.escape(old)}(?![\w£$€]|[.,:/]\d)", held))
    if len(at) != 1 or re.search(rf"(?<![\w£$€]){re.escape(new)}(?!\w)", held):
        return None
    return at[0].span()


def _same_kind(new: str, old: str) -> bool:
    kinds = (_kind(new), _kind(old))
    return None in kinds or kinds[0] == kinds[1]


def _parallel(statement: str, held: str) -> str | None:
    """`held` with every value of a parallel contrast put right ("£1,250 on the 28th, not £1,150 on the
    1st"), or None when the statement says no such contrast of two values or more, or one pair fails."""
    for contrast in _CONTRAST_RE.finditer(statement):
        after = _CLAUSE_END_RE.split(statement[contrast.end() :], maxsplit=1)[0]
        olds = _values(after)
        news = _values(statement[: contrast.start()])[-len(olds) :] if olds else []
        if len(olds) < 2 or len(news) != len(olds):
            continue
        if _skeleton(statement[: contrast.start()], news) != _skeleton(after, olds):
            continue
        spans: list[tuple[int, int, str]] = []
        for new, old in zip(news, olds, strict=True):
            given, denied = new.group().rstrip(".,"), old.group().rstrip(".,")
            span = _at_once(held, denied, given) if _same_kind(given, denied) else None
            if span is None:
                return None
            spans.append((*span, given))
        out, at = [], 0
        for start, end, given in sorted(spans):
            if start < at:
                return None
            out.extend([held[at:start], given])
            at = end
        return "".join([*out, held[at:]])
    return None


_MONTH = MONTH_WORD
_DATE = (
    rf"\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}(?:\s+\d{{4}})?|{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?"
    r"|\d{4}-\d\d-\d\d"
)
# "31 August 2027, not 30 June 2027": a date is a value of several words, swapped whole.
_DATE_SWAP_RE = re.compile(rf"\b(?P<new>{_DATE}),?\s+not\s+(?P<old>{_DATE})\b", re.I)


def _date_swapped(statement: str, held: str) -> str | None:
    found = _DATE_SWAP_RE.search(statement)
    if found is None:
        return None
    span = _at_once(held, found.group("old"), found.group("new"))
    return None if span is None else held[: span[0]] + found.group("new") + held[span[1] :]


# A correction that does not stand alone: what it is about is only a pronoun ("Her birthday is 14 March").
_PRONOUN_OPENING_RE = re.compile(r"^(?:her|his|their|its|it|it's|she|she's|he|he's|they|they're)\b", re.I)
_DATE_RE = re.compile(rf"\b(?:{_DATE})\b", re.I)


def one_value_put(statement: str, held: str) -> str | None:
    """`held` with its one date (or its one value with a digit) put as the one `statement` gives, when the
    statement names what it is about only by a pronoun ("Her birthday is 14 March" against "Cyr's wife's
    birthday is 14 May"); None otherwise."""
    if not _PRONOUN_OPENING_RE.match(statement):
        return None
    for find, dates in ((lambda t: list(_DATE_RE.finditer(t)), True), (_values, False)):
        given, had = find(statement), find(held)
        if len(given) == len(had) == 1:
            new, old = given[0].group().rstrip(".,"), had[0].group().rstrip(".,")
            if new.lower() == old.lower() or not (dates or _kind(new) == _kind(old)):
                return None
            return held[: had[0].start()] + new + held[had[0].start() + len(old) :]
        if given or had:
            return None
    return None


_DENIED_VALUE_RE = re.compile(rf",\s+not\s+(?P<old>{_AMOUNT})(?![\w,.:/]*\w)(?=\s*[.!]?\s*$)", re.I)


def _given_apart(statement: str, held: str) -> str | None:
    """`held` with the value denied at the end of `statement` put as the one value of its kind said before
    it, words between them ("it's flat 21, Oak House, not 12" against "lives at flat 12, Oak House"); None when the two
    are not of one kind or the held card does not say the denied value once."""
    found = _DENIED_VALUE_RE.search(statement)
    if found is None:
        return None
    old = found.group("old").rstrip(".,")
    before = [v.group().rstrip(".,") for v in _values(statement[: found.start()])]
    if len(alike := [v for v in before if _kind(v) == _kind(old)]) != 1:  # which one is given must be plain
        return None
    new = alike[-1]
    # what is said between them the card says already: nothing given is lost ("£980 on the 28th, not £940"
    # against a card due on the 1st is more than one value put right)
    last = [v for v in _values(statement[: found.start()]) if v.group().rstrip(".,") == new][-1]
    between = re.findall(r"[\w£$€'-]+", statement[last.end() : found.start()].lower())
    span = _at_once(held, old, new)
    if span is None or any(
        not re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", held.lower()) for w in between
    ):
        return None
    return held[: span[0]] + new + held[span[1] :]


def swapped(statement: str, held: str) -> str | None:
    """`held` with the value (or the parallel values) `statement` denies replaced by the ones it gives, or
    None."""
    if (parallel := _parallel(statement, held)) is not None:
        return parallel
    if (dated := _date_swapped(statement, held)) is not None:
        return dated
    if (put := one_value_put(statement, held)) is not None:
        return put
    if (apart := _given_apart(statement, held)) is not None:
        return apart
    found = _SWAP_RE.search(statement)
    if found is None:
        return None
    new, old = (found.group(g).rstrip(".,") for g in ("new", "old"))
    span = _at_once(held, old, new) if _same_kind(new, old) else None
    return None if span is None else held[: span[0]] + new + held[span[1] :]


def with_value_swapped(
    candidate: Candidate, cards: Sequence[MemoryCard], decision: MergeDecision
) -> MergeDecision:
    """`decision`, its new version saying the card it replaces with the corrected value, when the
    candidate corrects one value of that card (see the module docstring)."""
    if decision.action is not MergeAction.SUPERSEDE or decision.statement is not None:
        return decision
    card = next((c for c in cards if c.memory_id == decision.target_id), None)
    kept = swapped(candidate.statement, card.statement) if card is not None else None
    if kept is None:
        return decision
    return decision.model_copy(
        update={"statement": kept, "reason": f"{decision.reason}, the value put right"}
    )
