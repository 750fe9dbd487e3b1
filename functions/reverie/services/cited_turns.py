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
- a turn is quoted once in a block: a second card citing the same turn gets no quote;
- of a card's evidence (its first `MAX_REFS` refs), the turn sharing the most words with the card and the
  query: the message the card came from rather than the question it answered, and of a fused card the
  turn the question bears on; the first on a tie;
- a quote longer than the bound keeps the sentences that share the most words with the query, in their
  order; gaps are marked "…".

Cost on the hot path: one `LogStore.read_session` per distinct session the quoted cards cite (at most
`MAX_REFS` a card, each session read once a request), one `NoteStore.query` of the user's records of
forgotten topics (once a request, when a turn is quoted), and token counts of the quote lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import cached_property

from reverie.domain.events import Event
from reverie.domain.forgotten import FORGOTTEN_KEY, ForgottenTopic, forgotten_topic, withheld
from reverie.domain.guards import looks_like_instruction
from reverie.domain.models import EvidenceRef, MemoryCard, Scope, ScopeKind, Status
from reverie.domain.occasion import for_the_occasion
from reverie.domain.restatement import restates, stem, terms
from reverie.domain.validity import valid_until
from reverie.ports import CardQuery
from reverie.services.backends import Backends
from reverie.services.context_render import RawTurn, quote_line
from reverie.services.unconsolidated import raw_turn, spoken

MAX_REFS = 4  # of a card's evidence refs, the first ones read: a fused card may cite dozens of turns
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
    that's what's we're they're let's""".split()
)


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
        sentences = [s for s in _SENTENCE_END.split(turn.text) if s]
        about = terms(said)
        now = self.b.clock()
        left = [
            i
            for i, sentence in enumerate(sentences)
            if not restates(sentence, said)
            and tells(sentence, about, wanted)
            and not lapsed(sentence, turn.at, now)
            and not for_the_occasion(sentence)
            and not withheld(sentence, turn.at, self._forgotten)
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
    `SMALL_TALK`)."""
    if _ASKS.match(sentence):
        return False
    said = terms(sentence)
    return bool(said & wanted) or _DIGIT.search(sentence) is not None or len(said - about - SMALL_TALK) >= 2


def lapsed(sentence: str, said_at: datetime, now: datetime) -> bool:
    """Whether the sentence, said at `said_at`, states a validity that has passed by `now`."""
    until = valid_until(sentence, said_at)
    return until is not None and until <= now


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
