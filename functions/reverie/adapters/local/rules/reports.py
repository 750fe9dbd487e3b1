"""What the agent told the user from its tools' outputs (a record from a system, a fetched page, an email,
an invite), settled by what the user said next.

A tool's output is not the user's word, and most of it is never shown to them. What the agent passes on
from it, in its reply, is what the output meant to the conversation; the user then either takes it in (a
thanks, an "ok", acting on it, saying it again in their own words, or asking nothing more at the end of
the session they asked it in) or disputes it ("no, that's wrong", "is that right?"). So:

- a fact of the output that the agent told the user, and that the user took in, is what the user now
  knows: it cites the output and the user's reply (or the request it answered), on the user's word;
- a fact that was told and disputed stays the tool's, untrusted: a hypothesis the dream keeps weighing
  (two systems that disagree become two conflicting cards, not one silent winner);
- the rest of the output stays in the raw log, unless the output tried to steer the agent: then its first
  few specific facts are kept beside its quarantined instruction, untrusted, as before.

An output that tried to steer the agent (an injection beside its facts) is hostile: its facts stay the
tool's, one untrusted support kept for later corroboration, unless the user confirms them in so many words
("that all matches"), which vouches for every fact set beside the instruction, or says one again in their own
words ("15 quid a night for the dog is fine", "I'll do the tombola" for "Grace, you're on the tombola"), which is
their evidence for that fact (`outputs.Fact.restated`, `keep_told.in_own_person`), or asks to keep what they were
told ("save that"; "put it in the calendar" keeps when and where it is: `keep_told`).
What answers the user's question about their own thing ("what is my notice period?") is kept in that
thing's slot, even when an output names it its own way and the agent gave its value as the answer, so two
outputs giving it two values conflict (`answers`). Whatever the user says, a
sentence that steers is never vouched for: it is quarantined (`extraction.poison`).

Besides such answers, only what reads as a record (JSON, a table) or a document written for a person (two
sentences or more) is read (`outputs`); a machine's line (a status, a receipt, search results, a diff) reports
a moment or an action someone already spoke of.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from reverie.adapters.local.rules import untrusted
from reverie.adapters.local.rules.adopted_values import AdoptedValues
from reverie.adapters.local.rules.agent_corrections import AgentCorrections
from reverie.adapters.local.rules.answers import answering, choose, numbers
from reverie.adapters.local.rules.dialogue import asks_to_remember, confirms
from reverie.adapters.local.rules.findings import Findings
from reverie.adapters.local.rules.keep_told import asks_to_keep, in_calendar, in_own_person
from reverie.adapters.local.rules.language import finish, sentences
from reverie.adapters.local.rules.outputs import Fact, canonical, disputes, read_output, undecided
from reverie.domain.dream import Candidate
from reverie.domain.events import Event, MessageEvent, ToolResultEvent
from reverie.domain.guards import mask_secrets
from reverie.domain.models import EvidenceRef, MemoryType, Source, SourceKind, Trust
from reverie.domain.restatement import terms
from reverie.domain.validity import valid_until

# An output that tried to steer the agent is hostile: what it states stays a hypothesis (one untrusted
# support) unless the user confirms it in so many words; taking it in is not enough (see the module).
TAKEN_IN_HOSTILE = False
ACCEPTED_CONFIDENCE = 0.55  # told and taken in: the user's word, a little below their own statement
CONFIRMED_CONFIDENCE = 0.6  # ... confirmed in so many words
UNTRUSTED_CONFIDENCE = 0.4  # the tool's alone: the dream decides what it is worth
RELAYED_CONFIDENCE = 0.4  # told, and the user cannot tell it from what they hold: someone else's word


# The user asking the agent to keep what it is about to read ("can you read it and save the important bits",
# "please note down the details"): what the agent then tells them of it is what they asked to keep.
_SAVE_ASKED_RE = re.compile(
    r"(?:^|[.!?,;]\s*|\b(?:can|could|would|will)\s+you\s+(?:[\w']+\s+){0,4}?|\b(?:please|pls|plz|and)\s+)"
    r"(?:save|remember|note\s+down|store|keep|jot\s+down|record|log|memori[sz]e|make\s+a\s+note\s+of)\s+"
    r"(?:down\s+)?(?:it|them|that|this|(?:the\s+)?(?:(?:important|key|main|relevant|useful)\s+)?"
    r"(?:bits|parts|points|details|facts|info|information|stuff|dates|essentials)"
    r"|what\s+(?!(?:i|you|we)\s+(?:said|told|asked))[\w']+)\b",  # "remember what fixed it"
    re.I,
)


def asks_to_save(text: str) -> bool:
    """Whether the user's message asks the agent to keep what it reads or tells them (`_SAVE_ASKED_RE`)."""
    return _SAVE_ASKED_RE.search(text) is not None


@dataclass
class _Output:
    result: ToolResultEvent
    facts: list[Fact]
    steering: bool


@dataclass
class Reports:
    """One session's tool outputs, what the agent told of them and how the user took it (in event order)."""

    outputs: list[_Output] = field(default_factory=list)
    told: list[str] = field(default_factory=list)  # the agent's replies since the outputs
    asked: MessageEvent | None = None  # the user's message the outputs answer
    findings: Findings = field(default_factory=Findings)  # what the agent found in place of a failed value
    corrections: AgentCorrections = field(default_factory=AgentCorrections)  # "your X is A, not B" / "yes"
    adopted: AdoptedValues = field(default_factory=AdoptedValues)  # "my note of A was wrong" / "B it is"

    @property
    def shown(self) -> bool:
        """Whether outputs were shown to the user and wait for their reply."""
        return bool(self.outputs and self.told)

    def see(self, event: Event) -> list[Candidate]:
        """Take in the next event; the candidates the user's reply (when `event` is one) settles."""
        user = isinstance(event, MessageEvent) and event.role == "user"
        found = self.findings.see(event, disputed=user and disputes(getattr(event, "text", "")))
        return [*found, *self.corrections.see(event), *self.adopted.see(event), *self._see(event)]

    def _see(self, event: Event) -> list[Candidate]:
        if isinstance(event, ToolResultEvent):
            if event.ok and event.output.strip():
                facts, steering = read_output(event.output, event.tool)
                if self.asked is not None:
                    facts = answering(facts, event.output, self.asked.text, self.asked.speaker)
                if facts:
                    self.outputs.append(_Output(event, facts, steering))
            return []
        if not isinstance(event, MessageEvent) or event.role == "system":
            return []
        if event.role == "assistant" and not event.speaker:
            if self.outputs:
                self.told.append(event.text)
            return []
        if event.role != "user":
            return []
        settled = self._settle(event)
        self.asked = event
        return settled

    def end(self) -> list[Candidate]:
        """The candidates of outputs the user said nothing more about, once the session is over."""
        return [*self.findings.end(), *self._settle(None)]

    def _settle(self, reply: MessageEvent | None) -> list[Candidate]:
        said = canonical(terms(" ".join(self.told))) | numbers(" ".join(self.told))  # "five" is 5
        settled = choose([o.facts for o in self.outputs], said, " ".join(self.told))  # answers kept or not
        for output, facts in zip(self.outputs, settled, strict=True):
            output.facts = facts
        disputed = reply is not None and disputes(reply.text)
        unsure = reply is not None and undecided(reply.text)  # "they can't both be right": neither settled
        confirmed = reply is not None and any(confirms(s) for s in sentences(reply.text))
        # asked to keep it, before it was read or once told ("save that"): the user vouches for what they heard
        saving = not disputed and (
            (self.asked is not None and asks_to_save(self.asked.text))
            or (reply is not None and any(asks_to_remember(s) for s in sentences(reply.text)))
        )
        # asked to put it in their calendar: what a calendar keeps (when and where) is vouched for
        calendar = not disputed and reply is not None and asks_to_keep(reply.text)
        # the user's reply, "I" standing for them by name ("I'll do it" says "Grace, you're doing it" again)
        own_words = in_own_person(reply.text, reply.speaker) if reply is not None else ""
        out: list[Candidate] = []
        told_facts = [f for o in self.outputs for f in o.facts if f.told(said)]
        # Two values of one thing told at once (two systems disagree): the user cannot take in both.
        contested = {
            f.key
            for f in told_facts
            if any(g.key == f.key and g.statement != f.statement for g in told_facts)
        }
        for output in self.outputs:
            for n, fact in enumerate(output.facts):
                told = fact.told(said)
                if not told and not (output.steering and n < untrusted.MAX_FACTS):
                    continue
                taken_in = told and not disputed and (TAKEN_IN_HOSTILE or not output.steering)
                # said again in the user's own words: their evidence, whatever the output also tried
                restated = reply is not None and not disputed and fact.restated(own_words)
                saved = saving or (calendar and in_calendar(fact.statement))
                vouched = (
                    (confirmed or taken_in or restated or (saved and told))
                    and (fact.key is None or fact.key not in contested)
                    and not untrusted.steers(fact.statement)
                )
                accepting = reply or self.asked
                if told and unsure and reply is not None:
                    out.append(_unsettled(fact, output.result, reply))
                elif vouched and accepting is not None:
                    how = (
                        "confirmed"
                        if confirmed or (saved and not taken_in)
                        else "restated"
                        if restated and not taken_in
                        else "taken in"
                    )
                    out.append(_vouched(fact, output.result, accepting, how))
                else:
                    out.append(_candidate(fact, output.result, [output.result], _tool(output.result)))
        self.outputs, self.told = [], []
        return out


def _tool(result: ToolResultEvent) -> Source:
    return Source(kind=SourceKind.TOOL, name=result.tool)


def _vouched(fact: Fact, result: ToolResultEvent, by: MessageEvent, how: str) -> Candidate:
    """The fact on the user's word: `how` they vouched for it ("confirmed", "restated", "taken in")."""
    source = Source(kind=SourceKind.USER, name=f"{how} by the user ({result.tool})"[:200])
    candidate = _candidate(fact, result, [result, by], source)
    own_words = how in ("confirmed", "restated")
    return candidate.model_copy(
        update={"confidence": CONFIRMED_CONFIDENCE if own_words else ACCEPTED_CONFIDENCE}
    )


def _unsettled(fact: Fact, result: ToolResultEvent, reply: MessageEvent) -> Candidate:
    """A fact the user was told and cannot tell from another value they have ("they can't both be right"):
    the tool's claim as the user now holds it, someone else's word on low trust, so that the dream shows it
    against what they held, in conflict, for review (`claims_against_known`) rather than dropping either."""
    source = Source(kind=SourceKind.USER, trust=Trust.LOW, name=f"{result.tool}, the user unsure"[:200])
    candidate = _candidate(fact, result, [result, reply], source)
    statement = finish(f"{candidate.statement.rstrip(' .')} (according to {result.tool})", capitalise=False)
    return candidate.model_copy(update={"statement": statement, "confidence": RELAYED_CONFIDENCE})


def _candidate(fact: Fact, result: ToolResultEvent, cited: list[Event], source: Source) -> Candidate:
    statement = finish(mask_secrets(fact.statement).text, capitalise=False)
    refs = list(dict.fromkeys(EvidenceRef(session_id=e.session_id, event_id=e.event_id) for e in cited))
    return Candidate(
        type=MemoryType.FACT,
        statement=statement,
        key=fact.key,
        evidence_refs=refs,
        source=source,
        confidence=UNTRUSTED_CONFIDENCE,
        observed_at=result.ts,
        valid_until=valid_until(statement, result.ts),
        salience=0.55,
    )
