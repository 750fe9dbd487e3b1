"""What the agent found out about the user's own thing with its tools, in place of a value that failed.

An agent that tries a value and finds it does not work looks further, and tells the user what it found:
"192.168.0.1 doesn't answer; your hub is at 192.168.1.254", "the old path is gone; your backups are in
/srv/backup/2026". A clause of its reply about the user's own thing ("your ...") that gives an identifier
(an address, a path, a version: a word with dots, slashes or colons) which a tool's output of the session
showed verbatim is the tools' evidence, whether or not the output was a machine's line; when the same reply
says that another value of the same form fails, the finding replaces it: it is kept as "<finding>, not <the
failed value>", which the merge reads as the value that replaces a held one.

The user taking it in (any reply that does not dispute it, or saying nothing more) makes it theirs, as with
any output the agent told them (`reports`). A finding that replaces no failed value is left to `reports`:
without a failure nothing says the agent looked for a value the user already holds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from reverie.adapters.local.rules.language import finish, sentences
from reverie.domain.dream import Candidate
from reverie.domain.events import Event, MessageEvent, ToolResultEvent
from reverie.domain.models import EvidenceRef, MemoryType, Source, SourceKind

CONFIDENCE = 0.55  # told and taken in, as `reports.ACCEPTED_CONFIDENCE`

# An identifier: word characters joined by dots, slashes or colons, with a digit or a slash ("192.168.1.254",
# "/srv/backup", "db-2.internal:5432").
_IDENTIFIER_RE = re.compile(r"(?<![\w./:-])(/?[\w-]+(?:[./:][\w-]+)+/?)")
# A value that does not work: "doesn't answer", "times out", "is unreachable", "no longer exists".
_FAILS_RE = re.compile(
    r"\b(?:doesn't|does\s+not|didn't|did\s+not|won't|will\s+not)\s+(?:answer|respond|resolve|work|load|"
    r"exist|connect|open)\b|\b(?:times?|timed)\s+out\b|\b(?:is|was)\s+(?:unreachable|not\s+reachable|"
    r"wrong|gone|dead|invalid)\b|\bno\s+longer\s+(?:exists|works|answers|responds)\b|\b(?:fails|failed)\b",
    re.I,
)
_YOUR_RE = re.compile(r"\byour\b", re.I)
_AGENT_ACT_RE = re.compile(r"^\s*(?:I|I'll|I'm|I've|we|we'll|let me|shall I)\b", re.I)


def _identifiers(text: str) -> list[str]:
    return [m.rstrip("/") for m in _IDENTIFIER_RE.findall(text) if re.search(r"\d|/", m)]


def _shape(identifier: str) -> tuple[int, bool]:
    """How an identifier is built: its parts and whether it is numeric (an address beside an address)."""
    parts = re.split(r"[./:]", identifier.strip("/"))
    return len(parts), all(p.isdigit() for p in parts)


@dataclass
class _Finding:
    statement: str
    cites: list[ToolResultEvent]
    reply: MessageEvent


@dataclass
class Findings:
    """One session's tool outputs and the agent's findings from them, settled by the user's reply."""

    outputs: list[ToolResultEvent] = field(default_factory=list)
    pending: list[_Finding] = field(default_factory=list)
    speaker: str | None = None

    def see(self, event: Event, disputed: bool) -> list[Candidate]:
        """Take in the next event (`disputed`: a user's message disputing what they were told)."""
        if isinstance(event, ToolResultEvent):
            if event.ok and event.output.strip():
                self.outputs.append(event)
            return []
        if not isinstance(event, MessageEvent):
            return []
        if event.role == "assistant" and not event.speaker:
            self.pending.extend(self._found(event))
            return []
        if event.role != "user":
            return []
        self.speaker = event.speaker or self.speaker
        settled = [] if disputed else [_candidate(f, event, self.speaker) for f in self.pending]
        self.pending = []
        return settled

    def end(self) -> list[Candidate]:
        settled = [_candidate(f, None, self.speaker) for f in self.pending]
        self.pending = []
        return settled

    def _found(self, reply: MessageEvent) -> list[_Finding]:
        clauses = sentences(reply.text)
        failed = [v for c in clauses if _FAILS_RE.search(c) for v in _identifiers(c)]
        found: list[_Finding] = []
        for clause in clauses:
            if _FAILS_RE.search(clause) or not _YOUR_RE.search(clause) or _AGENT_ACT_RE.match(clause):
                continue
            for value in _identifiers(clause):
                cites = [o for o in self.outputs if value in o.output]
                replaced = [v for v in failed if v != value and _shape(v) == _shape(value)]
                if cites and replaced:
                    found.append(_Finding(_instead(clause, value, replaced[0]), cites, reply))
                    break
        return found


def _instead(clause: str, value: str, failed: str) -> str:
    """The clause with the failed value named right after the found one ("your hub is at 192.168.1.254,
    not 192.168.0.1 (the login page is there)")."""
    at = clause.index(value) + len(value)
    return finish(f"{clause[:at]}, not {failed}{clause[at:]}")


def _candidate(finding: _Finding, by: MessageEvent | None, speaker: str | None) -> Candidate:
    whose = f"{speaker}'s" if speaker else "the user's"
    statement = _YOUR_RE.sub(whose, finding.statement)
    statement = finish(statement[:1].upper() + statement[1:])
    cited: list[Event] = [*finding.cites, finding.reply, *([by] if by is not None else [])]
    refs = list(dict.fromkeys(EvidenceRef(session_id=e.session_id, event_id=e.event_id) for e in cited))
    tools = ", ".join(dict.fromkeys(o.tool for o in finding.cites))
    return Candidate(
        type=MemoryType.FACT,
        statement=statement,
        evidence_refs=refs,
        source=Source(kind=SourceKind.USER, name=f"taken in by the user ({tools})"[:200]),
        confidence=CONFIDENCE,
        observed_at=finding.reply.ts,
        salience=0.6,
    )
