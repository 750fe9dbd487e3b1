"""What a statement points back at among the held cards, when its own words do not name it.

A later message often names a held thing only by pointing back at it: "that service we took over deploys
every Tuesday" (a held card named it "the payments-reconciliation service"), "rehearsals are Mondays at 7:30"
(a held card says its speaker conducts a choir, whose sessions these are). Read alone such a statement says
nothing of what it is about; read with the held card it is more about it, and the two are one richer card.
It is resolved only when exactly one of the cards shown fits:

- a demonstrative ("that job", "this export job we inherited", "the same bucket") is the thing a held card
  calls by the same head noun with a name of its own ("the invoice-export job"), every word the
  demonstrative adds being in that name; two held things of that kind ("the payroll job", "the
  invoice-export job") leave it unresolved;
- a group's regular sessions told with no owner ("training is Thursdays", "rehearsals are Mondays",
  "the lessons are in studio 2") are those of the one group a held card gives someone a role in (coaches,
  teaches, conducts, plays for, sings in, joined); two such groups, or a card that already speaks of such
  sessions, leave it to the other rules.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.about import GENERIC, event
from reverie.adapters.local.rules.pointer import Pointer, Way, only_one, word_stems
from reverie.adapters.local.rules.verdicts import time_of
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import stem

# "That job ...", "This export job ...", "The same bucket ...": then up to three lower-case words, one of
# which is the head noun (the words after it are a clause about it: "that job we inherited runs ...").
_DEMONSTRATIVE_RE = re.compile(r"^(?i:that|this|the\s+same)(?P<rest>(?:\s+[a-z][\w-]*){1,3})")
# Words that end the noun phrase after a demonstrative: a pronoun or article opening a clause, a verb of
# being or having.
_PHRASE_END = frozenset(
    "i we you they he she it the a an my our your their his her that which who whom is are was were be been "
    "has have had will would can could should does do did runs run this these those same".split()
)
# Times a demonstrative may point at ("that summer", "this term"): when, not a held thing (besides `GENERIC`).
_TIMES = frozenset(
    stem(w)
    for w in "afternoon spring summer autumn fall winter term semester quarter season sprint hour moment".split()
)
_OWNED_BY = r"(?:\b(?i:the|my|our|your|their|his|her)|\b[A-Z][\w-]*'s)"


def _named(head: str, statement: str) -> list[str]:
    """The names `statement` gives a thing of the kind `head`, with at least one word of their own ("the
    invoice-export job" for job; "the job" is no name, nor "the team runs the job")."""
    pattern = re.compile(rf"{_OWNED_BY}\s+(?P<name>(?:[\w-]+\s+){{1,3}}?){re.escape(head)}s?(?![\w-])")
    names = (m.group("name").lower().split() for m in pattern.finditer(statement))
    return [" ".join([*words, head]) for words in names if not _PHRASE_END & set(words)]


def _earlier(candidate: Candidate, cards: Sequence[MemoryCard]) -> list[MemoryCard]:
    """The cards (in `memory_id` order) told in an earlier message than `candidate`'s, corrections aside.

    What one message points back at within itself is read when the message is (`references`): a card
    resting on the candidate's own message is not pointed back at (the self-audit, which shows one held
    card at a time, would otherwise take one of two teams a message names as the only one)."""
    told = set(candidate.evidence_refs)
    return [
        c
        for c in cards
        if c.type is not MemoryType.CORRECTION
        and (candidate.observed_at is None or time_of(c) <= candidate.observed_at)
        and not told & set(c.evidence_refs)
    ]


def demonstrated(candidate: Candidate, cards: Sequence[MemoryCard]) -> Pointer | None:
    """The one held card naming the thing a demonstrative opening `candidate` points back at ("that job
    we inherited", see the module docstring), with the statement saying the card's name for it."""
    if candidate.type is not MemoryType.FACT:
        return None
    cards = _earlier(candidate, cards)
    statement = candidate.statement.strip()
    found = _DEMONSTRATIVE_RE.match(statement)
    if found is None:
        return None
    phrase: list[re.Match[str]] = []
    for word in re.finditer(r"\S+", found.group("rest")):
        if word.group(0) in _PHRASE_END:
            break
        phrase.append(word)
    for n, head in enumerate(w.group(0) for w in phrase):
        if stem(head) in GENERIC or stem(head) in _TIMES:
            continue  # "that week", "this morning": a time, not a thing
        added = word_stems(" ".join(w.group(0) for w in phrase[:n]))
        names = {
            name: card
            for card in reversed(cards)  # the first card by memory_id wins a name two cards give
            for name in _named(head, card.statement)
            if added <= word_stems(name)
        }
        if (one := only_one(list(names.items()))) is None:
            continue  # nothing of that kind is held, or two things are: not known which
        name, card = one
        end = found.start("rest") + phrase[n].end()
        said = statement[:end]
        return Pointer(
            card,
            Way.DEMONSTRATIVE,
            f"The {name}{statement[end:]}",
            f"'{said}' is the {name} of {card.memory_id}",
        )
    return None


# A group's regular sessions, told with no owner: "Training is ...", "The rehearsals are ...".
_SESSIONS = r"(?:training|practices?|rehearsals?|lessons?|class(?:es)?|sessions?)"
_SESSION_RE = re.compile(
    rf"^(?:the\s+)?(?P<noun>{_SESSIONS})\s+(?:is|are|starts?|runs?|begins?|moves?|will\s+be)\b", re.I
)
_SESSION_WORD_RE = re.compile(rf"\b{_SESSIONS}\b", re.I)
# A role in a group that meets for such sessions: coaching, teaching or conducting one, playing or singing
# in one, having joined one.
_GROUP_ROLE_RE = re.compile(
    r"\b(?:coach(?:es|ed|ing)?|teach(?:es|ing)?|taught|tutor(?:s|ed|ing)?|conduct(?:s|ed|ing)?|"
    r"captain(?:s|ed|ing)?|(?:play|plays|played|playing)\s+(?:for|in)|(?:sing|sings|sang|singing)\s+in|"
    r"join(?:s|ed)?|(?:is|am|are)\s+(?:a|the)\s+(?:coach|teacher|tutor|conductor|captain|member|player)\s+"
    r"(?:of|at|for|in|with))\s+(?:the|a|an|my|our|his|her|their|[A-Z])",
    re.I,
)


def sessions_of_a_group(candidate: Candidate, cards: Sequence[MemoryCard]) -> Pointer | None:
    """The one held card giving someone a role in a group whose regular sessions `candidate` tells with no
    owner ("training is Thursdays", see the module docstring)."""
    if candidate.type is not MemoryType.FACT:
        return None
    cards = _earlier(candidate, cards)
    found = _SESSION_RE.match(candidate.statement.strip())
    if found is None or event(candidate.statement):
        return None
    if any(_SESSION_WORD_RE.search(c.statement) for c in cards):
        return None  # sessions already held somewhere: the other rules compare them
    card = only_one([c for c in cards if c.type is MemoryType.FACT and _GROUP_ROLE_RE.search(c.statement)])
    if card is None:
        return None  # no group known, or two: not known whose sessions these are
    noun = found.group("noun").lower()
    return Pointer(
        card,
        Way.GROUP_SESSIONS,
        candidate.statement,
        f"the {noun} of the group {card.memory_id} gives a role in",
    )
