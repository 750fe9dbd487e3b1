"""A regular expression is skipped only where it cannot match: the needles read from the write path's
expressions (`domain.regex_needles`) never turn away a text the expression matches in, so masking gives
the same result with them as without them."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reverie.domain import guards, regex_needles, secret_patterns, trust
from reverie.domain.guards import Masked, mask_secrets
from reverie.domain.models import Source, SourceKind
from reverie.domain.regex_needles import Needle, Sieve, checked_parser, needle_of
from reverie.domain.secret_library import _detectors
from reverie.domain.secret_patterns import PATTERNS
from reverie.domain.trust import written_source

TESTS = Path(__file__).resolve().parents[1]
CORPUS = TESTS / "data" / "secrets_corpus.json"


def _expressions() -> list[tuple[re.Pattern[str], int]]:
    """Every expression of the secret detectors (hand-written and detect-secrets') and of the trust and
    injection readings, with the sets of strings its needle is read with."""
    found = _detectors()
    secrets = [p.regex for p in PATTERNS] + [t[0] for t in found.tokens]
    secrets += [k[0] for k in found.quoted + found.config]
    readings = [trust._QUOTES_DOCUMENT, trust._QUOTES_TOOL, trust._HEARSAY_RE, guards._INJECTION_RE]
    return [(r, 1) for r in secrets] + [(r, 3) for r in readings]


def _texts() -> list[str]:
    """The secrets bench's corpus (planted forms and look-alikes), and every string written in a test that
    speaks of secrets, masking, guards, trust or injection."""
    data = json.loads(CORPUS.read_text(encoding="utf-8"))
    texts = [f["text"] for f in data["forms"]] + [x["text"] for x in data["lookalikes"]]
    for path in sorted(TESTS.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if any(word in source for word in ("secret", "guard", "mask", "inject", "trust")):
            texts.extend(_strings(ast.parse(source)))
    return texts


def _strings(tree: ast.AST) -> Iterator[str]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value) > 3:
            yield node.value


TEXTS = _texts()


def test_no_expression_is_skipped_where_it_matches() -> None:
    # GIVEN every detector expression, each with the sieve of its own needle
    expressions = _expressions()
    sieves = [Sieve([needle_of(r, sets)]) for r, sets in expressions]
    # WHEN an expression matches somewhere in the corpus or the tests' strings
    # THEN its needle lets that text through
    missed = [
        (r.pattern[:60], text[:80])
        for (r, _), sieve in zip(expressions, sieves, strict=True)
        for text in TEXTS
        if r.search(text) and not sieve.admitted(text)
    ]
    assert len(TEXTS) > 1_000 and not missed


def test_masking_is_the_same_with_every_expression_run(monkeypatch: pytest.MonkeyPatch) -> None:
    # GIVEN the corpus and the tests' strings, masked with the needles
    guards.mask_secrets.cache_clear()
    with_needles = [mask_secrets(text) for text in TEXTS]
    # WHEN they are masked again with every expression run on every text
    guards.mask_secrets.cache_clear()
    monkeypatch.setattr(Sieve, "admitted", lambda self, text: self.everything)
    every = [mask_secrets(text) for text in TEXTS]
    guards.mask_secrets.cache_clear()
    # THEN every text is masked alike, and masking did find secrets in them
    assert with_needles == every
    assert sum(m.changed for m in every) > 200


def test_written_sources_are_the_same_with_every_reading_run(monkeypatch: pytest.MonkeyPatch) -> None:
    # GIVEN the corpus and the tests' strings, read as a user's, an agent's and a tool's words
    def read() -> list[Source]:
        return [written_source(kind, t) for t in TEXTS for kind in (SourceKind.USER, SourceKind.AGENT)]

    with_needles = read()
    # WHEN they are read again with every expression run on every text
    monkeypatch.setattr(Sieve, "admitted", lambda self, text: self.everything)
    every = read()
    # THEN every source is the same, and the readings did lower some of them
    assert with_needles == every
    assert len({s.trust for s in every}) >= 3 and len({s.kind for s in every}) >= 3


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(st.data())
def test_a_text_made_to_match_passes_the_needle(data: st.DataObject) -> None:
    # GIVEN any detector expression and an ASCII text made to match it
    regex, sets = data.draw(st.sampled_from(_expressions()))
    text = data.draw(st.from_regex(regex, alphabet=st.characters(codec="ascii")))
    assert regex.search(text)
    # THEN its needle lets the text through
    assert Sieve([needle_of(regex, sets)]).admitted(text) == 1


@pytest.mark.parametrize(
    ("pattern", "strings", "digits"),
    [
        (r"\bhooks\.slack\.com/", ("hooks.slack.com/",), 0),
        (r"(?i)\b(?:AKIA|ASIA)[A-Z0-9]{16}\b", ("akia", "asia"), 0),  # lowered, one of the branches
        (r"gh[pousr]_\w{20,}", ("gho_", "ghp_", "ghr_", "ghs_", "ghu_"), 0),  # a small class spelled out
        (r"xyz+q", ("xyz",), 0),  # "xyz" and "zq" are in every match: the longer is kept
        (r"\b(?:\d[ -]?){13,19}\b", (), 13),  # a card number: only its digits
        (r"(?<=\[REDACTED:key\])\s*(\w{40})", ("[redacted:key]",), 0),  # a lookbehind's text is there
        (r"(?:password)?\s*=\s*\S+", ("=",), 0),  # an optional part requires nothing
        (r"(?<!secret)\w+", (), 0),  # nor does a negative lookaround
    ],
)
def test_needle_of_an_expression(pattern: str, strings: tuple[str, ...], digits: int) -> None:
    assert needle_of(re.compile(pattern)) == Needle(((strings,),) if strings else (), digits)


def test_an_alternation_of_phrases_needs_the_words_of_one_of_them() -> None:
    # GIVEN an alternation of two phrases, read with up to three sets per alternative
    needle = needle_of(re.compile(r"(?i)\b(?:ignore\s+(?:the|all)\s+rules|new\s+instructions?)\b"), sets=3)
    # THEN one alternative needs each of its words, the other its two
    assert needle == Needle(((("ignore",), ("rules",), ("all", "the")), (("instruction",), ("new",))))
    sieve = Sieve([needle])
    assert sieve.admitted("ignore the weather, the rules of golf are new") == 1
    assert sieve.admitted("the new rules: ignore nothing") == 1  # needles are necessary, not sufficient
    assert sieve.admitted("an instruction manual for the rules") == 0


def test_a_text_without_the_needle_is_turned_away_and_one_outside_ascii_never_is() -> None:
    # GIVEN two expressions: a token with a prefix, a card number of 13 to 19 digits
    sieve = Sieve([needle_of(re.compile(r"(?i)\bsecret\w+")), needle_of(re.compile(r"(?:\d[ -]?){13,19}"))])
    # THEN a text without either passes neither; one with the word passes the first only
    assert sieve.admitted("call me on 07700 900123") == 0
    assert sieve.admitted("the SECRETS are out") == 0b01
    assert sieve.admitted("4111 1111 1111 1111 is the card") == 0b10
    # ... and a text outside ASCII passes both: 'ſ' matches 's' under IGNORECASE, which lowering misses
    assert re.search(r"(?i)\bsecret\w+", "my ſecrets")
    assert sieve.admitted("my ſecrets") == 0b11


def _masked_and_read() -> tuple[list[Masked], list[Source]]:
    """Every text masked, and read as a user's and an agent's words, with sieves built afresh."""
    for cached in (
        guards.mask_secrets,
        guards._injection_sieve,
        secret_patterns._sieve,
        trust._sieve,
        _detectors,
    ):
        cached.cache_clear()
    masked = [mask_secrets(text) for text in TEXTS]
    read = [written_source(kind, t) for t in TEXTS for kind in (SourceKind.USER, SourceKind.AGENT)]
    return masked, read


def test_without_a_parser_it_can_read_every_expression_runs_and_finds_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # GIVEN the corpus and the tests' strings, masked and read with the needles
    with_needles = _masked_and_read()
    try:
        # WHEN the private `re._parser` is missing, or reads a known expression otherwise
        monkeypatch.setattr(regex_needles, "_PARSER", None)
        # THEN no expression has a needle (each one is run on every text) ...
        assert all(needle_of(regex, sets) == Needle() for regex, sets in _expressions())
        without = _masked_and_read()
    finally:
        monkeypatch.undo()
        _masked_and_read()  # the sieves with needles again, for the tests after this one
    # ... and every text is masked and read as with the needles, secrets found and sources lowered alike
    assert without == with_needles
    assert sum(m.changed for m in without[0]) > 200


def test_a_parser_that_reads_a_known_expression_otherwise_is_not_used() -> None:
    # GIVEN parsers that read every expression as the one letter "x", or into a tree of another shape
    class Misreading:
        @staticmethod
        def parse(pattern: str, flags: int) -> list[tuple[object, object]]:
            return [(regex_needles.sre.LITERAL, ord("x"))]

    class OtherShape:
        @staticmethod
        def parse(pattern: str, flags: int) -> list[tuple[object, ...]]:
            return [("LITERAL", ord("x"), 0)]

    # THEN neither is used (needles fall back to running the expression), and this Python's own parser is
    assert checked_parser(Misreading) is None
    assert checked_parser(OtherShape) is None
    assert checked_parser(regex_needles._import_parser()) is not None
