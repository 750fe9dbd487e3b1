"""Corrections and standing rules the user gives: a sentence → a CORRECTION or CONSTRAINT statement."""

from __future__ import annotations

import re

from reverie.adapters.local.rules.answer_style import language_asked, reply_language_key
from reverie.adapters.local.rules.keys import answer_style_key, attribute_key, vocabulary_key
from reverie.adapters.local.rules.request_patterns import (
    ALL_ROUTED_RE,
    CONSTRAINT_OPENER_RE,
    CONTRAST_RE,
    HAVE_TO_RE,
    IMPERATIVE_RE,
    MAIN_CLAUSE_END_RE,
    MUST_RE,
    NO_THING_RE,
    NOT_A_RULE_AFTER_RE,
    RULE_MARKER_RE,
    SOFT_NEGATIVE_RE,
    STATE_FROM_NOW_RE,
    WHILE_RULE_RE,
)
from reverie.adapters.local.rules.speaker_patterns import INTRO_RE, SUBJECT_I_RE
from reverie.adapters.local.rules.statement_types import Drop, Speaker, Statement
from reverie.adapters.local.rules.stored_form import as_statement
from reverie.adapters.local.rules.subjects import core
from reverie.domain.models import MemoryType, Stability

_ABOUT_ME_RE = re.compile(r"\b(?:me|my)\b", re.I)
_PLEASE_RE = re.compile(r"^please\s+", re.I)
_PLEASE_AT_END_RE = re.compile(r",?\s+(?:please|pls|thanks|thank\s+you)(?=[.!]*$)", re.I)
_SO_RE = re.compile(r"\bso\b", re.I)
# The marker with no rule after it ("our prod region is eu-north-1, always"): it stresses the statement before.
_MARKER_ALONE_RE = re.compile(r"^\W*(?:always|never|ever)\W*$", re.I)


def as_correction(text: str, who: Speaker) -> Statement | Drop:
    """A correction the user makes, keyed by the tool or attribute it sets right."""
    head = CONTRAST_RE.match(text)
    key = vocabulary_key(head.group("head") if head else text, who.subject) or attribute_key(
        core(text), who.subject
    )
    return as_statement(MemoryType.CORRECTION, text, who, key=key, confidence=0.8, stability=Stability.HIGH)


# A rule's second half that repeats the first's verb unsaid: "never spaces", "always the aisle seat".
_ELLIPTICAL_RE = re.compile(
    r"^(?:never|always)\s+(?:(?:the|a|an|my|our)\s+)?[\w'-]+(?:\s+[\w'-]+)?[.!]?$", re.I
)


# An order about how a whole kind of the speaker's things is done is a rule, not a request for now: "Use tabs
# for indentation in my code please", "Write all my emails in British English". One thing of theirs ("in my
# email to Sam", "in this file") is the task at hand.
_STANDING_ORDER_RE = re.compile(
    r"^(?!.*\b(?:this|that|these|today|tonight|now|just|once)\b)(?:please\s+)?(?:use|write|format|indent|spell|sign|date|structure|label|title|tag|cite|keep)\b(?:[^.;!?]*?"
    r"\b(?:in|for|on|across|throughout))?\s+(?:all\s+(?:of\s+)?)?(?:my|our)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:code|codebases|repos|repositories|projects|emails|e-mails|docs|documents|files|commits|commit\s+messages|"
    r"messages|notes|reports|slides|decks|PRs|pull\s+requests|posts|letters|invoices|essays|writing|scripts|"
    r"notebooks|spreadsheets|tickets|pages|recipes|plans)\b"
    r"(?!\s+(?:folder|directory|dir|file|page|drive|account|inbox|template|app|tab|channel)s?\b)[^.;!?]*?(?:,?\s*please)?[.!]*$",
    re.I,
)


def as_constraint(text: str, who: Speaker) -> Statement | Drop | None:
    """A standing rule in the sentence ("never ...", "while I'm in X, ...", "you must ..."); None when it has none."""
    text = _PLEASE_AT_END_RE.sub("", text)  # "No meetings before ten please": the rule, without the courtesy
    if language := language_asked(text, who):  # "English from now on, please": the language to answer in
        return language
    opener = CONSTRAINT_OPENER_RE.search(text)
    if opener:
        clause = opener.group("clause")
        if NOT_A_RULE_AFTER_RE.match(clause) or _MARKER_ALONE_RE.match(clause):
            return None
        if clause.lower().startswith(("do not", "don't", "dont", "please do not", "please don't")) and (
            not who.to_agent or SOFT_NEGATIVE_RE.match(clause)
        ):
            return None
        if not who.to_agent and not _ABOUT_ME_RE.search(clause):
            return None  # between two people, a rule is only memorable when it is about the speaker
        head = text[: opener.start()].strip(" ,")
        if (
            _SO_RE.search(text[opener.start() : opener.start("clause")])
            or (head and (INTRO_RE.match(head) or RULE_MARKER_RE.fullmatch(head)))
            or (head and _ELLIPTICAL_RE.match(clause))  # "I always indent with tabs, never spaces": one rule
        ):
            # The rule's reason or scope stays with it: "The cluster is reserved until 14 May, so don't
            # schedule anything on it", "For this project only, always use tabs".
            clause = text
        clause = _PLEASE_RE.sub("", clause)
        key = reply_language_key(clause, who.subject) or answer_style_key(clause, who.subject)
        return as_statement(
            MemoryType.CONSTRAINT, clause, who, key=key, confidence=0.7, stability=Stability.HIGH
        )
    scoped = WHILE_RULE_RE.match(text) if who.to_agent else None
    if scoped and (
        IMPERATIVE_RE.match(scoped.group("rule")) or CONSTRAINT_OPENER_RE.match(scoped.group("rule"))
    ):
        # "While I'm in Nairobi, put my calls in Nairobi time": a rule for as long as the state lasts
        return as_statement(MemoryType.CONSTRAINT, text, who, confidence=0.7, stability=Stability.HIGH)
    if who.to_agent and NO_THING_RE.match(text):  # "No mushrooms on anything": one thing named is the rule
        return as_statement(
            MemoryType.CONSTRAINT, text, who, confidence=0.7, stability=Stability.HIGH, short_ok=True
        )
    # An order to the agent stands with the reason the speaker gives after it ("Please write to me in
    # paragraphs from now on, I need to unlearn the habit"): the speaker's "I" there is no state of theirs.
    ordered = MAIN_CLAUSE_END_RE.split(text, maxsplit=1)[0] if IMPERATIVE_RE.match(text) else text
    if (MUST_RE.search(text) and (who.to_agent or _ABOUT_ME_RE.search(text))) or (
        who.to_agent
        and (HAVE_TO_RE.search(text) or RULE_MARKER_RE.search(text))
        and not SUBJECT_I_RE.search(ordered)
        and not STATE_FROM_NOW_RE.search(text)
    ):
        # "from now on reply to me in Turkish", "from now on write to me in short paragraphs"
        key = reply_language_key(text, who.subject) or answer_style_key(ordered, who.subject)
        return as_statement(
            MemoryType.CONSTRAINT, text, who, key=key, confidence=0.7, stability=Stability.HIGH
        )
    if who.to_agent and (
        _STANDING_ORDER_RE.match(text) or ALL_ROUTED_RE.match(text)
    ):  # "Use tabs in my code"
        order = _PLEASE_RE.sub("", text)
        return as_statement(MemoryType.CONSTRAINT, order, who, confidence=0.7, stability=Stability.HIGH)
    return None
