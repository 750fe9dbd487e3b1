"""What a text must contain for a regular expression to match in it, read from the expression itself.

The write path runs some hundred and fifty regular expressions over every text (the secret detectors, the
trust and injection readings); on ordinary prose almost none can match, yet each one scans the whole text.
A `Needle` is a necessary condition derived from an expression's parse tree, far cheaper to check than
the expression: the literal strings one of which every match contains (`\\bhooks\\.slack\\.com/` needs
`hooks.slack.com/`; an alternation needs one of its branches' strings), and the fewest ASCII digits a
match holds (a card number 13, a phone number 9). A text that fails it cannot match, so the expression is
skipped with the same result it would have given. A `Sieve` checks the needles of a set of expressions
at once, each distinct string looked for once.

Only what every match must contain is kept: optional parts, classes of more than one character and
negative lookarounds require nothing; a positive lookaround's literal must be in the text, though not in
the match. Literals are compared in lower case against the lowered text, which a case-sensitive match
satisfies too; case folding outside ASCII (`ſ` matches `s` under IGNORECASE) is why a text with any
non-ASCII character is never judged by a needle (`Sieve.admitted` passes every expression).

The parse tree comes from CPython's own parser, `re._parser`, a private module: the standard library has no
public way to read an expression's tree (`sre_parse`, its old name, is only a deprecated alias of the same
module since 3.11), and a regular expression's literals cannot be read safely from its source text without
parsing it. So its use is guarded: the parser is taken only if it is there and reads a few known
expressions (`_CANARIES`) into the needles this module expects, and a tree of an unexpected shape gives up
on that expression. Either way the needle is `Needle()`, which knows nothing and passes every text: every
expression is run on every text and finds what it finds with needles, only slower.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

# The private parser and its opcodes (the module docstring says why, and how its use is guarded).
sre: Any
try:
    sre = importlib.import_module("re._constants")
    _REPEATS: tuple[Any, ...] = (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT)
except (ImportError, AttributeError):  # another interpreter, or a Python that reorganised `re`
    sre, _REPEATS = None, ()
_SHAPE_ERRORS = (AttributeError, IndexError, KeyError, TypeError, ValueError)  # a tree read wrongly

_DIGITS = frozenset("0123456789")
_NOT_DIGITS = str.maketrans("", "", "0123456789")


Strings = tuple[str, ...]  # one of these strings is in the text


@dataclass(frozen=True)
class Needle:
    """What every text the expression matches in contains: for one of `alternatives` (none: nothing is
    known), one string of each of its sets (lower case); and at least `digits` ASCII digits."""

    alternatives: tuple[tuple[Strings, ...], ...] = ()
    digits: int = 0


class Sieve:
    """The needles of several expressions, checked together: which expressions can match in a text.

    Each distinct string is looked for once per text (a set of patterns shares most of them), then every
    expression is passed or failed by the strings found and the text's count of digits."""

    def __init__(self, needles: Sequence[Needle]) -> None:
        self.everything = (1 << len(needles)) - 1
        self.unconditional = 0  # expressions with nothing to look for
        self.by_string: dict[str, tuple[int, int]] = {}  # string -> (its sets, expressions it passes)
        self.compound: list[tuple[int, list[int]]] = []  # expression, the sets of each alternative
        ids: dict[Strings, int] = {}
        for i, needle in enumerate(needles):
            if not needle.alternatives:
                self.unconditional |= 1 << i
            elif len(needle.alternatives) == 1 and len(needle.alternatives[0]) == 1:
                for string in needle.alternatives[0][0]:  # one set: any of its strings passes it
                    sets, passed = self.by_string.get(string, (0, 0))
                    self.by_string[string] = sets, passed | 1 << i
            else:
                masks = []
                for conjunction in needle.alternatives:
                    mask = 0
                    for strings in conjunction:
                        bit = 1 << ids.setdefault(strings, len(ids))
                        mask |= bit
                        for string in strings:
                            sets, passed = self.by_string.get(string, (0, 0))
                            self.by_string[string] = sets | bit, passed
                    masks.append(mask)
                self.compound.append((i, masks))
        most = max((n.digits for n in needles), default=0)
        # by_digits[d]: the expressions a text with d digits (at most `most`) has enough digits for
        self.by_digits = [
            sum(1 << i for i, n in enumerate(needles) if n.digits <= d) for d in range(most + 1)
        ]

    def admitted(self, text: str) -> int:
        """A bit mask over the expressions (bit i: the i-th): a clear bit is one that cannot match in
        `text`. A text with any character outside ASCII passes every expression."""
        if not text.isascii():
            return self.everything
        lowered = text.lower()
        sets, passed = 0, self.unconditional
        for string, (its_sets, it_passes) in self.by_string.items():
            if string in lowered:
                sets |= its_sets
                passed |= it_passes
        for i, masks in self.compound:
            if any(sets & mask == mask for mask in masks):
                passed |= 1 << i
        digits = len(text) - len(text.translate(_NOT_DIGITS))
        return passed & self.by_digits[min(digits, len(self.by_digits) - 1)]


def needle_of(regex: re.Pattern[str], sets: int = 1) -> Needle:
    """The needle of a compiled expression (parsed again from its source and flags): up to `sets` sets of
    strings in each alternative of an expression that is one alternation (`a|b|c`), or in the whole one.
    More sets turn away more texts, but each string costs a look per text: worth it for a long
    alternation of phrases (the injection readings), not for the secret detectors' tokens. Without a
    parser this module can read (see the module docstring), `Needle()`: the expression is always run."""
    if _PARSER is None:
        return Needle()
    try:
        return _needle(_PARSER, regex, sets)
    except _SHAPE_ERRORS:  # a tree of a shape this module does not know: no shortcut rather than a wrong one
        return Needle()


def _needle(parser: Any, regex: re.Pattern[str], sets: int) -> Needle:
    tree = list(parser.parse(regex.pattern, regex.flags))
    top = [item for item in _flattened(tree) if item[0] is not sre.AT]
    branches = [list(alt) for alt in top[0][1][1]] if len(top) == 1 and top[0][0] is sre.BRANCH else [tree]
    alternatives = [tuple(tuple(sorted(s)) for s in _sets(branch)[:sets]) for branch in branches]
    if not all(alternatives):
        return Needle((), _fewest_digits(tree))
    if all(len(conjunction) == 1 for conjunction in alternatives):  # one set: any string of any of them
        union = _minimal(frozenset(s for (strings,) in alternatives for s in strings))
        return Needle(((tuple(sorted(union)),),), _fewest_digits(tree))
    return Needle(tuple(alternatives), _fewest_digits(tree))


def _strings(items: list[tuple[Any, Any]]) -> frozenset[str] | None:
    """The most telling set of strings one of which every match of the sequence `items` contains."""
    found = _sets(items)
    return found[0] if found else None


def _sets(items: list[tuple[Any, Any]]) -> list[frozenset[str]]:
    """Sets of strings, each with one string in every match of the sequence `items`: the most telling
    first."""
    found: list[frozenset[str]] = []
    run: frozenset[str] = _EMPTY  # what the characters matched since the last gap can be

    def close() -> None:
        nonlocal run
        if "" not in run:
            found.append(run)
        run = _EMPTY

    for op, av in _flattened(items):
        if op is sre.AT:  # zero width: the characters on either side are still adjacent
            continue
        finite = _finite([(op, av)])
        if finite is not None:
            run = _extended(run, finite, close)
            continue
        if op in _REPEATS and av[0] >= 1:
            body = _finite(list(av[2]))
            if body is not None:  # "ab+c": "ab" and "bc" are in every match
                run = _extended(run, body, close)
                close()
                run = body
                continue
            close()
            if inner := _strings(list(av[2])):
                found.append(inner)
            continue
        if op is sre.BRANCH:  # the run so far, then how each alternative begins
            heads = [_head(list(alt)) for alt in av[1]]
            if (joined := _joined(run, frozenset().union(*heads))) is not None:
                run = joined
            close()
            alternatives = [_strings(list(alt)) for alt in av[1]]
            if all(alternatives):
                found.append(frozenset().union(*alternatives))  # type: ignore[arg-type]
            continue
        close()
        # a positive lookaround's literal is in the text, if not in the match
        if op is sre.ASSERT and (inner := _strings(list(av[1]))):
            found.append(inner)
    close()
    return sorted({_minimal(f) for f in found}, key=_selectivity, reverse=True)


_EMPTY: frozenset[str] = frozenset({""})
_MOST = 64  # strings in one set, beyond which a set is not worth checking


def _extended(run: frozenset[str], then: frozenset[str], close: Callable[[], None]) -> frozenset[str]:
    """The run followed by `then`; when they would be too many, the run is closed and `then` begins anew."""
    joined = _joined(run, then)
    if joined is None:
        close()
        return then
    return joined


def _joined(run: frozenset[str], then: frozenset[str]) -> frozenset[str] | None:
    """Every string of `run` followed by every one of `then`, or None if they are too many."""
    if len(run) * len(then) > _MOST:
        return None
    return frozenset(a + b for a in run for b in then)


def _finite(items: list[tuple[Any, Any]]) -> frozenset[str] | None:
    """The lowered strings a sequence matches when they are few and known (`gh[pousr]_`, `(?:is|was)`),
    or None."""
    out = _EMPTY
    for op, av in _flattened(items):
        if op is sre.AT:
            continue
        if op is sre.LITERAL or op is sre.IN:
            part = _chars(op, av)
        elif op is sre.BRANCH:
            options = [_finite(list(alt)) for alt in av[1]]
            part = frozenset().union(*options) if all(o is not None for o in options) else None  # type: ignore[arg-type]
        elif op in _REPEATS and av[0] == av[1] and av[0] <= 4:
            body = _finite(list(av[2]))
            part = _EMPTY
            for _ in range(av[0]):
                part = _joined(part, body) if part is not None and body is not None else None
        else:
            return None
        if part is None or (joined := _joined(out, part)) is None:
            return None
        out = joined
    return out


def _head(items: list[tuple[Any, Any]]) -> frozenset[str]:
    """The strings a match of the sequence `items` begins with (the empty string if unknown)."""
    out = _EMPTY
    for item in _flattened(items):
        part = _finite([item])
        if part is None or (joined := _joined(out, part)) is None:
            break
        out = joined
    return out


def _chars(op: Any, av: Any) -> frozenset[str] | None:
    """The lowered ASCII characters a literal or a class of literals and ranges matches, when few."""
    if op is sre.LITERAL:
        chars = {chr(av)}
    elif op is sre.IN and all(o is sre.LITERAL or o is sre.RANGE for o, _ in av):
        chars = set()
        for o, a in av:
            low, high = (a, a) if o is sre.LITERAL else a
            if high - low > 8:
                return None
            chars.update(chr(c) for c in range(low, high + 1))
    else:
        return None
    if not all(c.isascii() for c in chars):
        return None
    lowered = frozenset(c.lower() for c in chars)
    return lowered if len(lowered) <= 8 else None


def _minimal(strings: frozenset[str]) -> frozenset[str]:
    """The same condition with fewer strings: one that holds another of the set adds nothing."""
    return frozenset(s for s in strings if not any(t != s and t in s for t in strings))


def _selectivity(strings: frozenset[str]) -> tuple[int, int]:
    """The rarer a set's strings in ordinary text, the higher: longer shortest string, fewer strings."""
    return min(len(s) for s in strings), -len(strings)


def _flattened(items: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """`items` with groups opened: a group's content is matched in line with what surrounds it."""
    out: list[tuple[Any, Any]] = []
    for op, av in items:
        if op is sre.SUBPATTERN:
            out.extend(_flattened(list(av[3])))
        elif op is sre.ATOMIC_GROUP:
            out.extend(_flattened(list(av)))
        else:
            out.append((op, av))
    return out


def _fewest_digits(items: list[tuple[Any, Any]]) -> int:
    """The fewest ASCII digits a match of the sequence `items` consumes."""
    total = 0
    for op, av in items:
        if op is sre.LITERAL:
            total += chr(av) in _DIGITS
        elif op is sre.IN:
            total += _digit_class(av)
        elif op in _REPEATS:
            total += av[0] * _fewest_digits(list(av[2]))
        elif op is sre.BRANCH:
            total += min(_fewest_digits(list(alt)) for alt in av[1])
        elif op is sre.SUBPATTERN:
            total += _fewest_digits(list(av[3]))
        elif op is sre.ATOMIC_GROUP:
            total += _fewest_digits(list(av))
    return total


def _digit_class(members: list[tuple[Any, Any]]) -> bool:
    """A class whose every member is an ASCII digit (`\\d` counts: in ASCII text it is 0-9)."""
    for op, av in members:
        if op is sre.LITERAL and chr(av) in _DIGITS:
            continue
        if op is sre.RANGE and chr(av[0]) in _DIGITS and chr(av[1]) in _DIGITS:
            continue
        if op is sre.CATEGORY and av is sre.CATEGORY_DIGIT:
            continue
        return False
    return bool(members)


# Expressions whose needles are known (tests/unit/test_regex_needles.py checks many more): a parser that
# reads any of them otherwise is not the one this module was written against.
_CANARIES = (
    (r"\bhooks\.slack\.com/", Needle(((("hooks.slack.com/",),),))),
    (r"(?i)\b(?:AKIA|ASIA)[A-Z0-9]{16}\b", Needle(((("akia", "asia"),),))),
    (r"gh[pousr]_\w{20,}", Needle(((("gho_", "ghp_", "ghr_", "ghs_", "ghu_"),),))),
    (r"(?<=\[REDACTED:key\])\s*(\w{40})", Needle(((("[redacted:key]",),),))),
    (r"\b(?:\d[ -]?){13,19}\b", Needle((), 13)),
)


def checked_parser(parser: Any) -> Any | None:
    """`parser` if it reads every canary into its known needle, else None (needles are then `Needle()`)."""
    if parser is None or sre is None:
        return None
    try:
        if all(_needle(parser, re.compile(pattern), 1) == needle for pattern, needle in _CANARIES):
            return parser
    except _SHAPE_ERRORS:
        pass
    return None


def _import_parser() -> Any | None:
    try:
        return importlib.import_module("re._parser")
    except ImportError:
        return None


_PARSER = checked_parser(_import_parser())
