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
words ("15 quid a night for the dog is fine"), which is their evidence for that fact (`_Fact.restated`).
What answers the user's question about their own thing ("what is my notice period?") is kept in that
thing's slot, so two outputs giving it two values conflict (`answers`). Whatever the user says, a
sentence that steers is never vouched for: it is quarantined (`extraction.poison`).

Only what reads as a record (JSON, a table) or a document written for a person (two sentences or more) is
read; a machine's line (a status, a receipt, search results, a diff) reports a moment or an action someone
already spoke of.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from reverie.adapters.local.rules import untrusted
from reverie.adapters.local.rules.answers import answers, asked, numbers
from reverie.adapters.local.rules.dialogue import confirms
from reverie.adapters.local.rules.language import finish, sentences
from reverie.adapters.local.rules.records import read_records
from reverie.domain.dream import Candidate
from reverie.domain.events import Event, MessageEvent, ToolResultEvent
from reverie.domain.guards import mask_secrets
from reverie.domain.models import EvidenceRef, MemoryType, Source, SourceKind
from reverie.domain.restatement import terms
from reverie.domain.validity import valid_until

# An output that tried to steer the agent is hostile: what it states stays a hypothesis (one untrusted
# support) unless the user confirms it in so many words; taking it in is not enough (see the module).
TAKEN_IN_HOSTILE = False
ACCEPTED_CONFIDENCE = 0.55  # told and taken in: the user's word, a little below their own statement
CONFIRMED_CONFIDENCE = 0.6  # ... confirmed in so many words
UNTRUSTED_CONFIDENCE = 0.4  # the tool's alone: the dream decides what it is worth
MAX_READ = 40  # sentences of a document compared with what the agent told
TOLD_SHARE = 0.4  # of a sentence's terms the agent's reply repeats, at least two, for it to have been told

# The user disputing what they were told: "no, ...", "that's wrong", "is that right?", "that can't be".
_DISPUTES_RE = re.compile(
    r"^\W*(?:no|nope|nah|wrong|incorrect|hmm+)\b"
    r"|\b(?:that(?:'s|\s+is|\s+was)|it(?:'s|\s+is)|those\s+are|they(?:'re|\s+are))\s+(?:not\s+(?:right|true|"
    r"correct|it)|wrong|incorrect|outdated|out\s+of\s+date|a\s+mistake)\b"
    r"|\b(?:can't|cannot|doesn't|does\s+not|don't)\s+(?:be|look|sound|seem)\s+right\b"
    r"|\b(?:is|are)\s+(?:that|this|those|these|they|it)\s+(?:right|correct|true|accurate|up\s+to\s+date)\b"
    r"|\bare\s+you\s+sure\b|\bnot\s+what\s+(?:i|we)\s+(?:was|were)\s+told\b",
    re.I,
)
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_LIST_MARK_RE = re.compile(r"(?:^|(?<=\s))\d{1,2}[.)]\s")  # "1. ", "2) " open list items, they end nothing
_SENTENCE_END_RE = re.compile(r"[^.!?\n]+[.!?](?=\s|$)")
_ENVELOPE_RE = re.compile(r"^(?:from|to|cc|bcc|date|sent|reply-to):", re.I)  # who mailed whom, not what
_LABEL_RE = re.compile(r"^\s*[\w' -]{2,20}:\s+")
_TITLE_END_RE = re.compile(r"\s+[—–-]\s+|[,(|:.!?]")


def disputes(reply: str) -> bool:
    """Whether the user's reply disputes what they were just told."""
    return _DISPUTES_RE.search(reply) is not None


def _canonical(words: frozenset[str]) -> frozenset[str]:
    """Terms with month names cut to their abbreviation ("november" and "nov" are one)."""
    return frozenset(w[:3] if w[:3] in _MONTHS and w.isalpha() else w for w in words)


@dataclass(frozen=True)
class _Fact:
    statement: str
    key: str | None
    value: frozenset[str]  # what the agent must repeat for the fact to have been told
    subject: frozenset[str] = frozenset()  # ... and of whom, when the output lists several
    share: float = 1.0  # the part of `value` it must repeat
    least: int = 2  # ... and at least this many of its terms, when a part is enough

    def restated(self, reply: str) -> bool:
        """Whether the user's reply says this fact again in their own words ("15 quid a night for the dog is
        fine" for "Dogs welcome (£15 per dog per night)"): of its terms, one of its numbers when it has any,
        and a share (`TOLD_SHARE`, two at least) in sentences that neither ask nor dispute."""
        own = _canonical(
            terms(" ".join(s for s in sentences(reply) if not s.rstrip().endswith("?") and not disputes(s)))
        )
        shared = self.value & own
        numbers = {w for w in self.value if any(ch.isdigit() for ch in w)}
        if numbers and not numbers & own:
            return False
        return len(shared) >= 2 and len(shared) >= TOLD_SHARE * len(self.value)

    def told(self, said: frozenset[str]) -> bool:
        if not self.value:
            return False
        shared = self.value & said
        if self.share < 1.0:
            return len(shared) >= self.least and len(shared) >= self.share * len(self.value)
        return shared == self.value and (not self.subject or bool(self.subject & said))


@dataclass
class _Output:
    result: ToolResultEvent
    facts: list[_Fact]
    steering: bool


def _title(text: str) -> str | None:
    """What a document is about, to read its facts under: its subject line, else its first line's head
    ("Fellside Lodge, Ambleside." → "Fellside Lodge"; "Invite: Parents' evening, ..." → "Parents' evening")."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    subject = next((line for line in lines if line.lower().startswith("subject:")), None)
    head = _LABEL_RE.sub("", subject or (lines[0] if lines else ""), count=1)
    head = (head.rstrip(" .") if subject else _TITLE_END_RE.split(head, maxsplit=1)[0]).strip()
    if len(head) > 1 and head[0] == head[-1] and head[0] in "'\"":
        head = head[1:-1]
    words = head.split()
    if not 1 <= len(words) <= 6 or not any(w[:1].isupper() for w in words):
        return None
    return head


def document(text: str) -> bool:
    """Whether `text` is written for a person to read (a page, an email, an invite: two sentences or more),
    not a machine's line (a status, a receipt, a listing of search results, a diff, a config file)."""
    plain = _LIST_MARK_RE.sub(" ", untrusted.hidden(text)[0])
    found = [s for s in _SENTENCE_END_RE.findall(plain) if len(s.split()) >= 4]
    return len(found) >= 2


def _prose(text: str) -> tuple[list[_Fact], bool]:
    """The specific sentences of a document, under its title, and whether it steers the agent (a machine's
    line states nothing to keep: what it reports is now, or already said by whoever acted on it)."""
    steering = untrusted.steers(text)
    visible, _ = untrusted.hidden(text)
    found = untrusted.split(
        text, limit=MAX_READ if document(text) else untrusted.MAX_FACTS if steering else 0
    )
    title = _title(visible)
    facts: list[_Fact] = []
    own = [_canonical(terms(_LABEL_RE.sub("", f, count=1))) for f in found.facts]  # "Subject:" says nothing
    for n, sentence in enumerate(found.facts):
        # who mailed whom, and a line the fuller sentence beside it says ("Subject: boiler service"), are no facts
        if _ENVELOPE_RE.match(sentence) or any(own[n] < other for other in own):
            continue
        # what it is about, after it, unless it says so itself: "Free parking for guests (Fellside Lodge)"
        if title and not _canonical(terms(title)) <= own[n]:
            sentence = f"{sentence.rstrip(' .')} ({title})"
        facts.append(_Fact(statement=sentence, key=None, value=own[n], share=TOLD_SHARE))
    return facts, steering


def read_output(output: str) -> tuple[list[_Fact], bool]:
    """The facts a tool's output states (a record's fields, a table's rows, a document's sentences) and
    whether it steers the agent."""
    records = read_records(output)
    if records is None:
        return _prose(output)
    several = len(records) > 1
    facts = [
        _Fact(
            statement=f.statement,
            key=f.key,
            value=_canonical(f.value_terms),
            subject=_canonical(f.subject_terms) if several else frozenset(),
        )
        for fields in records
        for f in fields
    ]
    return facts, untrusted.steers(output)


@dataclass
class Reports:
    """One session's tool outputs, what the agent told of them and how the user took it (in event order)."""

    outputs: list[_Output] = field(default_factory=list)
    told: list[str] = field(default_factory=list)  # the agent's replies since the outputs
    asked: MessageEvent | None = None  # the user's message the outputs answer

    @property
    def shown(self) -> bool:
        """Whether outputs were shown to the user and wait for their reply."""
        return bool(self.outputs and self.told)

    def see(self, event: Event) -> list[Candidate]:
        """Take in the next event; the candidates the user's reply (when `event` is one) settles."""
        if isinstance(event, ToolResultEvent):
            if event.ok and event.output.strip():
                facts, steering = read_output(event.output)
                if self.asked is not None:
                    facts = _answering(facts, event.output, self.asked)
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
        return self._settle(None)

    def _settle(self, reply: MessageEvent | None) -> list[Candidate]:
        said = _canonical(terms(" ".join(self.told))) | numbers(" ".join(self.told))  # "five" is 5
        disputed = reply is not None and disputes(reply.text)
        confirmed = reply is not None and any(confirms(s) for s in sentences(reply.text))
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
                restated = reply is not None and not disputed and fact.restated(reply.text)
                vouched = (
                    (confirmed or taken_in or restated)
                    and (fact.key is None or fact.key not in contested)
                    and not untrusted.steers(fact.statement)
                )
                accepting = reply or self.asked
                if vouched and accepting is not None:
                    how = (
                        "confirmed" if confirmed else "restated" if restated and not taken_in else "taken in"
                    )
                    out.append(_vouched(fact, output.result, accepting, how))
                else:
                    out.append(_candidate(fact, output.result, [output.result], _tool(output.result)))
        self.outputs, self.told = [], []
        return out


def _answering(facts: list[_Fact], output: str, question: MessageEvent) -> list[_Fact]:
    """`facts` with the sentences of `output` that answer the user's question about their own thing
    (`answers`) in the slot of that thing: told once the agent repeats one of its values."""
    thing = asked(question.text, question.speaker)
    if thing is None:
        return facts
    found = answers(output, thing)
    said = {a.statement.rstrip(" .") for a in found}
    kept = [f for f in facts if not any(f.statement.startswith(s) for s in said)]
    return kept + [
        _Fact(statement=a.statement, key=thing.key, value=_canonical(a.values), share=0.01, least=1)
        for a in found
    ]


def _tool(result: ToolResultEvent) -> Source:
    return Source(kind=SourceKind.TOOL, name=result.tool)


def _vouched(fact: _Fact, result: ToolResultEvent, by: MessageEvent, how: str) -> Candidate:
    """The fact on the user's word: `how` they vouched for it ("confirmed", "restated", "taken in")."""
    source = Source(kind=SourceKind.USER, name=f"{how} by the user ({result.tool})"[:200])
    candidate = _candidate(fact, result, [result, by], source)
    own_words = how in ("confirmed", "restated")
    return candidate.model_copy(
        update={"confidence": CONFIRMED_CONFIDENCE if own_words else ACCEPTED_CONFIDENCE}
    )


def _candidate(fact: _Fact, result: ToolResultEvent, cited: list[Event], source: Source) -> Candidate:
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
