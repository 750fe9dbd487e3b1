"""What a session's written inputs teach (`extraction`): explicit notes, feedback, a tool's output that
tries to steer the agent (kept apart, to be quarantined), and tool failures with the fix that followed them
(procedures)."""

from __future__ import annotations

from reverie.adapters.local.rules import tools, untrusted
from reverie.adapters.local.rules.chat_orders import chat_orders
from reverie.adapters.local.rules.keys import attribute_key, vocabulary_key
from reverie.adapters.local.rules.language import subject_of
from reverie.adapters.local.rules.own_quote import without_own_quote
from reverie.adapters.local.rules.pasted_mail import read_mail
from reverie.adapters.local.rules.pasted_records import pasted_record
from reverie.adapters.local.rules.request_patterns import CORRECTION_OPENER_RE
from reverie.adapters.local.rules.secret_clauses import without_secrets
from reverie.adapters.local.rules.session_base import (
    CORRECTION_CONFIDENCE,
    FAILURE_CONFIDENCE,
    NOTE_CONFIDENCE,
    POISON_CONFIDENCE,
    PROCEDURE_CONFIDENCE,
    SessionBase,
)
from reverie.adapters.local.rules.statement_types import Speaker
from reverie.adapters.local.rules.stored_form import render
from reverie.adapters.local.rules.wrong_then_right import with_wrong_turned
from reverie.domain.events import (
    Event,
    FeedbackEvent,
    MessageEvent,
    NoteEvent,
    ToolResultEvent,
)
from reverie.domain.guards import mask_secrets
from reverie.domain.models import (
    MemoryType,
    Source,
    SourceKind,
    Stability,
    Trust,
)
from reverie.domain.plan_validity import plan_ends
from reverie.domain.trust import written_source
from reverie.domain.validity import valid_until

MAIL_CONFIDENCE = 0.6  # what a mail the user received says of its writer: news the user now holds


class SessionInputs(SessionBase):
    """Notes, feedback and tool outputs of one session."""

    def note(self, note: NoteEvent) -> None:
        text, secrets = without_secrets(mask_secrets(note.text).text)
        for secret in secrets:
            self.drop(note, secret, "secret")
        source = written_source(note.source, text)  # a note quoting a README carries the README's trust
        if source.trust is Trust.UNTRUSTED and untrusted.steers(text):
            # A quoted page or README that tries to steer the agent: its instructions apart (quarantined),
            # the rest of the note kept beside them with the same untrusted source.
            found = untrusted.split(text)
            self.poison(found.instructions or text, note, source)
            text = " ".join(found.facts)
        if not text.strip():
            return
        self.add(
            note.type,
            text,
            [note],
            source,
            note.ts,
            key=note.key,
            confidence=NOTE_CONFIDENCE,
            salience=0.6,
            stability=Stability.HIGH if note.type is MemoryType.CONSTRAINT else Stability.NORMAL,
            subjective=note.type is MemoryType.PREFERENCE,
            valid_until=plan_ends(text, note.ts)
            if note.type is MemoryType.PLAN
            else valid_until(text, note.ts),
            capitalise=False,  # an explicit note keeps its wording
        )

    def feedback(self, feedback: FeedbackEvent) -> None:
        text = feedback.text.strip()
        if feedback.signal == "positive" or not text:
            self.drop(feedback, text, f"{feedback.signal} feedback without a lesson")
            return
        who = Speaker(self.user_name, subject_of(self.user_name), feedback.ts, to_agent=True, replying=True)
        opener = CORRECTION_OPENER_RE.match(text)
        body = with_wrong_turned(opener.group("rest") if opener and opener.group("rest") else text)
        statement = render(body, who, strip_tail=False)
        correction = feedback.signal == "correction"
        self.add(
            MemoryType.CORRECTION,
            statement,
            [feedback],
            written_source(feedback.source, text),
            feedback.ts,
            key=vocabulary_key(body, who.subject) or attribute_key(body, who.subject),
            confidence=CORRECTION_CONFIDENCE if correction else 0.6,
            stability=Stability.HIGH,
            correction_of=feedback.target_memory_id,
            salience=0.95 if correction else 0.85,
        )

    def tool_result(self, result: ToolResultEvent) -> None:
        """A tool's output that tries to steer the agent: its instructions kept apart, to be quarantined (what
        it states is for `reports`, once the user has heard of it)."""
        text = f"{result.output}\n{result.error or ''}"
        if untrusted.steers(text):
            found = untrusted.split(text)
            self.poison(found.instructions or text, result, Source(kind=SourceKind.TOOL, name=result.tool))

    def pasted_mail(self, message: MessageEvent) -> MessageEvent:
        """The message without the mail it pastes (`pasted_mail`): the header dropped, an instruction to the
        agent inside it quarantined as the writer's, the writer's claims about itself kept with the writer
        named (news the user received, as the rest of the mail is); the rest of the mail is left in the
        message for its sentences to be read."""
        text, own = without_own_quote(message.text)  # the writer's own earlier mail quoted: old, not news
        for line in own:
            self.drop(message, line, "quotes the writer's own earlier mail")
        if own:
            message = message.model_copy(update={"text": text})
        mail = read_mail(message.text)
        if mail is None:
            return message
        for text, reason in mail.dropped:
            self.drop(message, text, reason)
        for sender, order in mail.instructions:
            self.poison(order, message, Source(kind=SourceKind.DOCUMENT, name=sender or "a pasted email"))
        for claim in mail.claims:
            self.add(
                MemoryType.FACT,
                claim,
                [message],
                Source(kind=SourceKind.USER),  # news the user received, as any line of the mail is
                message.ts,
                confidence=MAIL_CONFIDENCE,
                salience=0.6,
                valid_until=valid_until(claim, message.ts),
            )
        return message.model_copy(update={"text": mail.text})

    def pasted_records(self, message: MessageEvent, name: str) -> MessageEvent:
        """The user's message without the JSON record it pastes (`pasted_records`): each of its fields a fact
        in the record's slot, on the user's word (what they hold of themselves or their things); a field that
        steers the agent is quarantined as a document's."""
        found = pasted_record(message.text, name) if message.role == "user" else None
        if found is None:
            return message
        if found.lead_in:
            self.drop(message, found.lead_in, "preamble")
        for field in found.fields:
            if untrusted.steers(field.statement):
                self.poison(
                    field.statement, message, Source(kind=SourceKind.DOCUMENT, name="a pasted record")
                )
                continue
            self.add(
                MemoryType.FACT,
                field.statement,
                [message],
                Source(kind=SourceKind.USER, name="a pasted record"),
                message.ts,
                key=field.key,
                confidence=MAIL_CONFIDENCE,
                salience=0.6,
                capitalise=False,
            )
        return message.model_copy(update={"text": found.text})

    def pasted_chat(self, message: MessageEvent) -> MessageEvent:
        """The message without the lines of a pasted chat that steer the agent (`chat_orders`): each its
        writer's instruction, quarantined as an untrusted document's."""
        text, orders = chat_orders(message.text)
        for order in orders:
            source = Source(kind=SourceKind.DOCUMENT, name=f"{order.writer} (a pasted chat)"[:200])
            self.poison(order.instruction, message, source)
        return message.model_copy(update={"text": text}) if orders else message

    def poison(self, text: str, event: Event, source: Source) -> None:
        """Instruction-like text from an untrusted source: kept with that source, weak and volatile, so the
        dream quarantines it for review."""
        self.add(
            MemoryType.FACT,
            text[: untrusted.MAX_INSTRUCTION_CHARS],
            [event],
            source,
            event.ts,
            confidence=POISON_CONFIDENCE,
            stability=Stability.VOLATILE,
            salience=0.7,
        )

    def procedure(self, failed: list[int], success: int, tool: str) -> None:
        learnt = tools.build_procedure(self.events, failed, success, tool)
        self.add(
            MemoryType.PROCEDURE,
            learnt.statement,
            learnt.evidence,
            Source(kind=SourceKind.TOOL if learnt.untrusted else SourceKind.AGENT, name=tool),
            self.events[success].ts,
            key=learnt.key,
            condition=learnt.condition,
            action=learnt.action,
            outcome=learnt.outcome,
            confidence=PROCEDURE_CONFIDENCE,
            salience=0.8 + 0.05 * min(len(failed) - 1, 2),
        )

    def failure(self, results: list[ToolResultEvent]) -> None:
        failed = tools.build_failure(results)
        self.add(
            MemoryType.FACT,
            failed.statement,
            failed.evidence,
            Source(kind=SourceKind.TOOL, name=failed.tool),
            results[-1].ts,
            key=failed.key,
            condition=failed.condition,
            confidence=FAILURE_CONFIDENCE,
            stability=Stability.NORMAL if len(results) > 1 else Stability.VOLATILE,
            salience=0.7 if len(results) > 1 else 0.6,
        )
