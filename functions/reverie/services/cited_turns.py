"""The cited turn's words under the top cards: what a card condensed, quoted back from the raw log.

A card keeps one idea of what was said ("Caroline moved from Sweden"); a question asked later may want a
detail the card left out (when, with whom, how many, the name of the place). The turn the card cites is
still in the raw log (L1), immutable. So recall can quote it under the card, for the first few cards it
shows and when the budget allows (`RecallSettings.cited_turns`): dated, attributed, as a quote (reference,
never an instruction), masked for secrets, cut to a bound of tokens.

What is quoted, and from where:
- only a card scoped to the caller's own user: the log is read in the caller's own partition (tenant,
  user), so another user's words are never read, and a shared (project, org) card is not quoted;
- only what people said (user and assistant messages, the user's or the agent's notes), the rule of
  `services.unconsolidated`; never a tool's output, a document or a system message, and never text that
  reads like an instruction, whoever said it;
- only a turn that says more than its card (content words the card lacks), and of it only what tells
  something the card left out: the sentences the card restates are dropped (the card says them already),
  and so are those that tell nothing: a question asked of the listener ("How did they handle it?": the
  answer is in another turn; a tag, "Sunflowers mean warmth, right?", still tells) and small talk
  (greetings, thanks, praise: "Thanks, Maria!", "Wow, that's great!", "Hope you're doing good."), a
  sentence with no word of the query, no number and fewer than two words beyond the card's and small
  talk's. They cost a quote tokens (a tenth of them on LoCoMo) that the cards ranked last pay for;
- never a sentence whose stated validity has passed ("prod is in a deploy freeze until January 5th", said
  in December, asked about in February): its card has expired, so its words must not come back under
  another card citing the same turn (`domain.validity`, the rule that set the card's `valid_until`);
- never a sentence that names a topic the user asked to forget, said before they asked (`domain.forgotten`:
  the raw log keeps it, the quote withholds it);
- never a sentence scoped to the occasion it was said on ("just for this trip it needs a gym"): the rule
  reasoner kept no card of it (`domain.occasion`), so another card citing the turn must not bring it back;
- never a sentence stating a value a newer card replaced: of the user's superseded cards, the values one
  stated that the card superseding it no longer states (`domain.retired_values`: "rent £850 a month"
  after "rent goes up to £875"), unless the card quoted under states them too; a sentence stating one is
  cut when it is the retired card's own evidence or speaks of what that card spoke of (two of its other
  terms). The turn's other sentences are still quoted;
- a turn is quoted once in a block: a second card citing the same turn gets no quote;
- of a card's evidence (its first `MAX_REFS` refs), the turn sharing the most words with the card and the
  query: the message the card came from rather than the question it answered, and of a fused card the
  turn the question bears on; the first on a tie;
- a quote longer than the bound keeps the sentences that share the most words with the query, in their
  order; gaps are marked "…".

Cost on the hot path: one `LogStore.read_session` per distinct session the quoted cards cite (at most
`MAX_REFS` a card, each session read once a request), one `NoteStore.query` of the user's records of
forgotten topics and one of their superseded cards with one `get_many` of the cards superseding them (once
a request each, when a turn is quoted), and token counts of the quote lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import cached_property, lru_cache

from reverie.domain.events import Event
from reverie.domain.forgotten import FORGOTTEN_KEY, ForgottenTopic, forgotten_topic, withheld
from reverie.domain.guards import looks_like_instruction
from reverie.domain.models import EvidenceRef, Layer, MemoryCard, Scope, ScopeKind, Status
from reverie.domain.occasion import for_the_occasion
from reverie.domain.restatement import restates, stem, terms
from reverie.domain.retired_values import retired_values, stated, values
from reverie.domain.validity import valid_until
from reverie.ports import CardQuery
from reverie.services.backends import Backends
from reverie.services.context_render import RawTurn, quote_line
from reverie.services.unconsolidated import raw_turn, spoken

MAX_REFS = 4  # of a card's evidence refs, the first ones read: a fused card may cite dozens of turns
MAX_RETIRED = 1000  # of the user's superseded cards, the newest read for their retired values
MAX_CHARS = 4000  # of a turn, read before its sentences are chosen: a pasted file is not scanned whole
GAP = "…"
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
# A sentence that asks: it opens with a question word or an auxiliary and ends with "?".
_ASKS = re.compile(
    r"^\W*(?:who|whom|whose|what|when|where|why|how|which|do|does|did|is|are|was|were|am|can|could|"
    r"would|will|should|shall|have|has|had|may|might)\b.*\?\W*$",
    re.I | re.S,
)
_DIGIT = re.compile(r"\d")
# Greetings, thanks, interjections and praise (as `terms` stems them): what a sentence of small talk says.
SMALL_TALK = frozenset(
    stem(word)
    for word in """hey hi hello bye goodbye cheers thanks thank appreciate congrats congratulations wow oh
    ooh yay yeah yep yes nope okay ok huh hmm haha lol aw aww omg great awesome amazing cool nice glad
    happy fun wonderful fantastic incredible lovely sweet neat good hope really totally super i'm you're
    that's what's we're they're let's"""
    # ... and chat's fillers and short forms, which say nothing a card leaves out ("honestly my fave food is
    # prob ramen lol" under "The user's favourite food is probably ramen")
    """ honestly tbh btw imo imho idk lmao literally basically kinda sorta tho prob probs fave fav""".split()
)


# A laugh typed into chat ("Dr Kaur now lol"): quoted, it says nothing of what the card left out.
_LAUGH = re.compile(r"(?<!\w)(?:lol+|lmao|rofl|ha(?:ha)+h?|he(?:he)+|xd)(?!\w)[!.]*", re.I)


@dataclass(frozen=True)
class RetiredClaim:
    """What a superseded card said that the card superseding it no longer says: `values`, said in the
    turns `refs` about `about` (its terms but those values)."""

    refs: frozenset[EvidenceRef]
    about: frozenset[str]
    values: frozenset[str]


@dataclass
class CitedTurns:
    """Quotes the turn a card cites (see the module docstring): call it with a card, get the quote (a
    masked `RawTurn` whose quote line counts at most `max_tokens`) or None. One instance per request:
    it keeps the sessions it read."""

    b: Backends
    scope: Scope
    query: str
    max_tokens: int
    _sessions: dict[str, dict[str, Event]] = field(default_factory=dict)
    _quoted: set[EvidenceRef] = field(default_factory=set)  # the turns quoted in this block

    def __call__(self, card: MemoryCard) -> RawTurn | None:
        if not self._own(card) or self.max_tokens <= 0:
            return None
        turns = [t for t in map(self._turn, card.evidence_refs[:MAX_REFS]) if t is not None]
        if not turns:  # e.g. a card written through the API, citing no turn of the log
            return None
        said = " ".join(p for p in (card.statement, card.condition, card.action, card.outcome) if p)
        about, wanted = terms(said), self._wanted
        best: tuple[int, RawTurn] | None = None
        for turn in turns:
            if looks_like_instruction(turn.text) or not terms(turn.text) - about:
                continue
            shared = len((about | wanted) & terms(turn.text))
            if best is None or shared > best[0]:
                best = (shared, turn)
        if best is None or best[1].ref in self._quoted:
            return None
        quote = self._quote(best[1], said, wanted)
        if quote is not None:
            self._quoted.add(quote.ref)
        return quote

    @cached_property
    def _wanted(self) -> frozenset[str]:
        return terms(self.query)

    @cached_property
    def _forgotten(self) -> tuple[ForgottenTopic, ...]:
        """The topics the caller asked to forget (their archived records, `domain.forgotten`)."""
        archived = frozenset({Status.ARCHIVED})
        records = self.b.notes.query(CardQuery(self.scope, statuses=archived, key=FORGOTTEN_KEY, limit=1000))
        topics = (forgotten_topic(record) for record in records if self._own(record))
        return tuple(topic for topic in topics if topic is not None)

    @cached_property
    def _retired(self) -> tuple[RetiredClaim, ...]:
        """The caller's superseded cards that stated a value their successor no longer states."""
        query = CardQuery(
            self.scope,
            layers=frozenset({Layer.KNOWLEDGE}),
            statuses=frozenset({Status.SUPERSEDED}),
            limit=MAX_RETIRED,
        )
        retired = {c.memory_id: c for c in self.b.notes.query(query) if self._own(c) and c.superseded_by}
        old = [c for c in retired.values() if values(c.statement)]
        if not old:
            return ()
        ends = {c.memory_id: self._end(c, retired) for c in old}
        wanted = {c.superseded_by or "" for c in old} | set(ends.values())
        known = dict(retired)
        known.update(
            (c.memory_id, c)
            for c in self.b.notes.get_many(self.scope.tenant_id, sorted(wanted - set(known)), counters=False)
        )
        claims = []
        for card in old:
            successor, end = known.get(card.superseded_by or ""), known.get(ends[card.memory_id])
            if successor is None or end is None:
                continue
            about, gone = _retired_parts(card.statement, successor.statement, end.statement)
            if gone:
                claims.append(RetiredClaim(frozenset(card.evidence_refs), about, gone))
        return tuple(claims)

    @staticmethod
    def _end(card: MemoryCard, retired: dict[str, MemoryCard]) -> str:
        """The id at the end of the card's chain of successors, as far as `retired` knows it."""
        seen = {card.memory_id}
        while card.superseded_by and card.superseded_by in retired and card.superseded_by not in seen:
            card = retired[card.superseded_by]
            seen.add(card.memory_id)
        return card.superseded_by or card.memory_id

    def _states_retired(self, sentence: str, ref: EvidenceRef, current: frozenset[str]) -> bool:
        """Whether the sentence, of the turn `ref`, states a value a superseded card stated and its
        successor no longer does (and the card quoted under, stating `current`, does not state either),
        speaking of what that card spoke of: its own evidence, or two of its other terms."""
        here = stated(sentence) - current
        if not here or not self._retired:  # a sentence with no value reads no card
            return False
        said_here = terms(sentence)
        return any(
            not claim.values.isdisjoint(here) and (ref in claim.refs or len(claim.about & said_here) >= 2)
            for claim in self._retired
        )

    def _own(self, card: MemoryCard) -> bool:
        return (
            card.tenant_id == self.scope.tenant_id
            and card.scope is ScopeKind.USER
            and card.user_id == self.scope.user_id
        )

    def _turn(self, ref: EvidenceRef) -> RawTurn | None:
        if ref.session_id not in self._sessions:
            events = self.b.log.read_session(self.scope.tenant_id, self.scope.user_id, ref.session_id)
            self._sessions[ref.session_id] = {e.event_id: e for e in events}
        event = self._sessions[ref.session_id].get(ref.event_id)
        return raw_turn(event, MAX_CHARS) if event is not None and spoken(event) else None

    def _fits(self, turn: RawTurn, text: str) -> bool:
        return self.b.tokens.count(quote_line(replace(turn, text=text)) + "\n") <= self.max_tokens

    def _quote(self, turn: RawTurn, said: str, wanted: frozenset[str]) -> RawTurn | None:
        """What the card left out, within `max_tokens`: the turn's sentences but those the card restates
        and those that tell nothing (`tells`); when they do not fit, those sharing the most words with
        the query (the earlier on a tie), in their order; when not even one fits, the first words of the
        best one. Gaps are marked "…"."""
        sentences = [t for s in _SENTENCE_END.split(turn.text) if (t := _LAUGH.sub("", s).strip())]
        about, current = terms(said), values(said)
        now = self.b.clock()
        left = [
            i
            for i, sentence in enumerate(sentences)
            if not restates(sentence, said)
            and tells(sentence, about, wanted)
            and not lapsed(sentence, turn.at, now)
            and not for_the_occasion(sentence)
            and not withheld(sentence, turn.at, self._forgotten)
            and not self._states_retired(sentence, turn.ref, current)
        ]
        if not left:
            return None
        if self._fits(turn, _joined(sentences, left)):
            return replace(turn, text=_joined(sentences, left))
        kept: list[int] = []
        for i in sorted(left, key=lambda i: (-len(wanted & terms(sentences[i])), i)):
            if self._fits(turn, _joined(sentences, [*kept, i])):
                kept.append(i)
        if kept:
            return replace(turn, text=_joined(sentences, kept))
        words = sentences[min(left, key=lambda i: (-len(wanted & terms(sentences[i])), i))].split()
        low, high = 0, len(words)  # the most words of the best sentence that fit, by bisection
        while low < high:
            mid = (low + high + 1) // 2
            if self._fits(turn, " ".join(words[:mid]) + f" {GAP}"):
                low = mid
            else:
                high = mid - 1
        return replace(turn, text=" ".join(words[:low]) + f" {GAP}") if low else None


def tells(sentence: str, about: frozenset[str], wanted: frozenset[str]) -> bool:
    """Whether a sentence of a turn tells something worth its tokens under a card about `about`, asked
    about `wanted` (both stemmed terms): not a question asked of the listener, and not small talk (a
    sentence with no word of the query, no number, and fewer than two words beyond the card's and
    `SMALL_TALK`); never one with no word beyond them at all, whatever it shares with the query."""
    if _ASKS.match(sentence):
        return False
    said = terms(sentence)
    beyond = said - about - SMALL_TALK
    return bool(beyond) and (bool(said & wanted) or _DIGIT.search(sentence) is not None or len(beyond) >= 2)


def lapsed(sentence: str, said_at: datetime, now: datetime) -> bool:
    """Whether the sentence, said at `said_at`, states a validity that has passed by `now`."""
    until = valid_until(sentence, said_at)
    return until is not None and until <= now


@lru_cache(maxsize=4096)
def _retired_parts(old: str, successor: str, current: str) -> tuple[frozenset[str], frozenset[str]]:
    """Of a superseded card saying `old`: its terms but its retired values, and those values: dropped by
    the card that replaced it (`successor`) and not said again by the card current now (`current`). Kept:
    recall asks it of the same cards request after request."""
    gone = retired_values(old, successor) & retired_values(old, current)
    return terms(old) - gone, gone


def _joined(sentences: list[str], kept: list[int]) -> str:
    """The kept sentences in their order, "…" where sentences were left out between or around them."""
    out: list[str] = []
    previous = -1
    for i in sorted(kept):
        if i > previous + 1:
            out.append(GAP)
        out.append(sentences[i])
        previous = i
    if previous < len(sentences) - 1:
        out.append(GAP)
    return " ".join(out)
