"""A session's events → candidate propositions (each citing its events) and the items dropped, with why.

The per-turn pipeline: each event in order (notes, feedback, tool results, messages); a message's parts
(`message_parts`) are each resolved against what was said before, relayed, remembered or classified
(`remarks.classify`), and what is kept becomes candidates citing the message (and the question answered).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from reverie.adapters.local.rules.about_request import about_the_request
from reverie.adapters.local.rules.asked_after import of_the_thing_asked
from reverie.adapters.local.rules.chat_exports import handed_over_chat
from reverie.adapters.local.rules.chat_lines import reminded_date
from reverie.adapters.local.rules.clefts import uncleft
from reverie.adapters.local.rules.comma_names import without_comma_name
from reverie.adapters.local.rules.decisions import with_decisions
from reverie.adapters.local.rules.described_thing import Described
from reverie.adapters.local.rules.dialogue import (
    answers_agent,
    asks_to_remember,
    confirms,
    own_answer,
    question_answered,
    restated_answer,
)
from reverie.adapters.local.rules.disputed_values import with_disagreements
from reverie.adapters.local.rules.forget_requests import with_forget_requests
from reverie.adapters.local.rules.fragment_detail import detail_of, with_detail
from reverie.adapters.local.rules.group_answers import Thread
from reverie.adapters.local.rules.habit_changes import habit_change
from reverie.adapters.local.rules.habit_validity import statement_until
from reverie.adapters.local.rules.its_instead import its_instead
from reverie.adapters.local.rules.job_change import job_changes
from reverie.adapters.local.rules.job_news import at_new_job
from reverie.adapters.local.rules.keys import statement_key
from reverie.adapters.local.rules.kin_words import addressed_by_kin
from reverie.adapters.local.rules.language import said_in_full, subject_of
from reverie.adapters.local.rules.message_parts import message_parts
from reverie.adapters.local.rules.named_speaker import desubjectivise, name_for
from reverie.adapters.local.rules.own_mistakes import (
    explains_a_mistake,
    mistake_then,
    owns_a_mistake,
    thing_put_right,
    value_put_right,
)
from reverie.adapters.local.rules.plan_changes import booked_plans
from reverie.adapters.local.rules.plan_labels import as_planned
from reverie.adapters.local.rules.pronoun_it import Antecedent
from reverie.adapters.local.rules.quoted_mail import mail_header, quoted_line
from reverie.adapters.local.rules.references import Earlier, lasts_until, names_anyone
from reverie.adapters.local.rules.remarks import UNPARSED, classify, main_point, one_rule_per_run
from reverie.adapters.local.rules.remembered import remembered
from reverie.adapters.local.rules.reported import (
    Relayed,
    attributed,
    forwarded,
    forwarded_line,
    forwarder,
    introduced,
    notice,
    noticed,
    relayed,
    unsettled,
)
from reverie.adapters.local.rules.request_choice import choice_after_request
from reverie.adapters.local.rules.request_facts import fact_after_request
from reverie.adapters.local.rules.request_patterns import CORRECTION_OPENER_RE
from reverie.adapters.local.rules.session_base import RELAYED_CONFIDENCE, Analysis
from reverie.adapters.local.rules.session_inputs import SessionInputs
from reverie.adapters.local.rules.statement_types import Drop, Speaker, Statement
from reverie.adapters.local.rules.swaps import swaps
from reverie.adapters.local.rules.told_otherwise import with_told_otherwise
from reverie.adapters.local.rules.trailing_asks import task_detail
from reverie.adapters.local.rules.verdicts import join
from reverie.adapters.local.rules.which_one import which_one_answer
from reverie.adapters.local.rules.writers import with_writers
from reverie.domain.dream import Candidate
from reverie.domain.events import Event, FeedbackEvent, MessageEvent, NoteEvent, TagEvent, ToolResultEvent
from reverie.domain.models import MemoryType, Source, SourceKind, Trust
from reverie.domain.plan_validity import plan_ends
from reverie.domain.text import time_window
from reverie.domain.validity import valid_until

# What the speaker is doing for now, said as "I'm <doing>" right after a state with an end: "(so) I'm working
# from the library", "we're staying with my parents" (never "I'm going to ...": a plan).
_MEANWHILE_RE = re.compile(r"^(?:so\s+|and\s+)?(?:i'm|i\s+am|we're|we\s+are)\s+(?!going\b)[a-z]+ing\b", re.I)


# A value said of "it" with a number or a name: what a correction gives ("actually it's flat 21").
_IT_IS_VALUE_RE = re.compile(
    # (or what it does: "Sorry, it lands at 7:40, I misread the ticket")
    r"^(?:(?:actually|sorry|oops|no|typo|my\s+typo|my\s+bad|my\s+mistake)[,\s]+)*"
    r"(?:it'?s|it\s+is|that'?s|that\s+is|it\s+[a-z]+s)\s+[^,;]*(?:\d|\b(?-i:[A-Z]))",
    re.I,
)
# The slip owned before the value put right: "Sorry, typo, it's BS3 4QF", "my bad, it's 24".
_SLIP_OWNED_RE = re.compile(
    r"^(?:(?:sorry|oops|argh|ah)[,!.\s]+)*(?:typo|my\s+typo|my\s+bad|my\s+mistake)\b", re.I
)


class _Session(SessionInputs):
    """One pass over a session's events, in order."""

    def __init__(self, events: Sequence[Event]) -> None:
        super().__init__(events)
        self.thread = Thread(self.user_name)  # the where/when question people are answering
        self.antecedent = Antecedent()  # the thing named last, for an "it's on a Hetzner box" after it
        self.described = Described()  # the one thing "the" named just before, for a "They are Light Sussex"
        self.named: dict[str, list[str]] = {}  # by speaker: the people their last message naming any named
        self.last_told: dict[str, str] = {}  # by speaker: the last part they told that was kept, as said

    def run(self) -> Analysis:
        failures: dict[str, list[int]] = {}
        previous: Event | None = None
        for index, event in enumerate(self.events):
            match event:
                case NoteEvent():
                    self.note(event)
                case FeedbackEvent():
                    self.feedback(event)
                case MessageEvent():
                    self.message(event, previous)
                case ToolResultEvent():
                    self.tool_result(event)
                    if not event.ok:
                        failures.setdefault(event.tool, []).append(index)
                    elif failures.get(event.tool):
                        self.procedure(failures.pop(event.tool), index, event.tool)
            if not isinstance(event, TagEvent | FeedbackEvent):
                previous = event
            self.out.candidates.extend(self.reports.see(event))
        self.out.candidates.extend(self.reports.end())
        for indexes in failures.values():
            self.failure([e for i in indexes if isinstance(e := self.events[i], ToolResultEvent)])
        return self.out

    def message(self, message: MessageEvent, previous: Event | None) -> None:
        self.read_message(message, previous)
        self.antecedent.saw(message.text)  # what it names, for an "it" in a message after it
        self.described.saw(message.text)

    def read_message(self, message: MessageEvent, previous: Event | None, pasted: bool = False) -> None:
        """`pasted`: a line of a chat the user pasted, read as said between its people."""
        if message.role == "system" or (message.role == "assistant" and not message.speaker):
            return  # the agent's own words are not evidence about the user
        if claim := self.thread.see(message, previous):  # one of several answers to a question in a group
            self.add(
                MemoryType.FACT,
                claim.statement,
                [message],  # not the question too: answers citing one event would read as one message
                Source(kind=SourceKind.USER),  # their own word in the chat, as anything else they say
                message.ts,
                key=claim.key,
                confidence=0.6,
                salience=0.5,
            )
            if not claim.rest.strip():
                return
            message = message.model_copy(update={"text": claim.rest})
        message = self.pasted_mail(message)  # a pasted email: its header, instructions and writer's claims
        message = self.pasted_chat(message)  # a pasted chat's line that steers the agent: its writer's order
        if message.role == "user" and not message.speaker and (chat := handed_over_chat(message.text)):
            for writer, said in chat[1]:  # "Pasting the host's messages so you have the details:": news
                self.read_message(message.model_copy(update={"text": said, "speaker": writer}), None, True)
            message = message.model_copy(update={"text": chat[0]})
        name = name_for(message.speaker) if message.speaker else self.user_name
        message = self.pasted_records(message, name)  # '{"athlete": "Marta", "ftp_w": 262}': its fields
        if not message.text.strip():
            return
        who = Speaker(
            name=name,
            subject=subject_of(name),
            ts=message.ts,
            # A user message with no speaker is said to the user's agent (between people, turns are named).
            to_agent=(self.with_agent or not message.speaker) and not pasted,
            people=self.people,
            replying=message.role == "user" and answers_agent(previous),
        )
        asked = question_answered(message, previous)
        correcting = put_right = False  # put_right: a correction kept from this message
        kept: list[Statement] = []
        last: Relayed | None = None
        thing: str | None = None  # what the message brought in last ("there's a reunion ...")
        passed_on: str | None = None  # who forwarded the quote that follows
        own_question: str | None = None  # the speaker's own question earlier in this message
        before: tuple[str, Statement | Drop] | None = None  # the part before, and what it was kept as
        describing: tuple[int, str] | None = None  # the part kept last, when a pronoun in it was a thing
        kept_at = -1  # the part kept last
        earlier = Earlier(frozenset(w.lower() for w in name.split()), self.named.get(name, ()))
        shown = message.role == "user" and self.reports.shown  # a tool's output the user may confirm
        # "I changed jobs! I'm at Deloitte now": the employer, not where they are today
        shaped = message_parts(at_new_job(message.text), who.to_agent)
        for text, reason in shaped.dropped:
            self.drop(message, text, reason)
            # "Door code for the studio is [REDACTED]": where "there" after it is
            earlier.left_out(text, reason == "secret")
        for n, part in enumerate(shaped.parts):
            if shown and confirms(part):  # "The rest matches what they told me": `reports` vouches for it
                self.drop(message, part, "confirms what the tool returned")
                shown = False
                continue
            part = uncleft(part) or part  # "It is Ross-on-Wye I go to": no "it" to resolve
            part = said_in_full(part)  # "he's all about swimming now": he's into swimming now
            part = earlier.resolve(part)  # "Mine is in June", "I collect him ... until then"
            said = self.antecedent.resolve(part)  # "it's on a Hetzner box" after "this server": the server
            # "They are Light Sussex" after "more about the hens": the hens
            part = self.described.resolve(said, self.antecedent.things[0] if said != part else None)
            earlier.said(part)
            if earlier.people:
                self.named[name] = list(earlier.people)
            elif names_anyone(part):  # "I met Ana and ...": someone the rules do not place: carry no one
                self.named[name] = []
            self.antecedent.saw(part)
            self.described.saw(part)
            lasting = lasts_until(part) if kept else None
            if lasting and (until := valid_until(lasting[0], message.ts)):
                # "It runs until 10 July, so ...": how long the statement just kept holds, then the rest
                kept[-1] = replace(kept[-1], valid_until=kept[-1].valid_until or until)
                self.drop(message, lasting[0], "how long the statement before holds")
                if not lasting[1]:
                    continue
                part = lasting[1]
            # "the garage texted that it's due in May ... no idea who's right": the garage's claim, not news
            if unsettled(message.text) and (sent := noticed(part)):
                self.relay(sent, message, asked)
                last = sent
                continue
            part = (
                notice(part) or part
            )  # "landlord texted me, rent goes up to 1020": the news, now the speaker's
            if quote := reminded_date(part):  # "[28/10, 19:42] Mum: don't forget Ana's exam on ...": hers
                self.relay(quote, message, asked)
                last = quote
                continue
            # the quote someone forwarded, every sentence of its quoted lines: theirs
            if passed_on and (
                quote := forwarded(part, passed_on) or forwarded_line(part, message.text, passed_on)
            ):
                self.relay(quote, message, asked)
                last = quote
                continue
            if passed_on := forwarder(part):  # "Mausi just forwarded this on WhatsApp:", the quote next
                self.drop(message, part, "announces a forwarded message")
                continue
            if mail_header(part):  # "> On Mon 2 Feb, Gareth Pryce wrote:": the email's lines follow
                self.drop(message, part, "not a statement")
                continue
            part = quoted_line(part, message.text) or part  # a line of an email pasted: the user's news
            thing = introduced(part) or thing  # "there's a reunion in Leeds, my mum says it's ..."
            if found := relayed(part, last, thing):  # someone else's claim: theirs, on low trust
                self.relay(found, message, asked)
                last = found
                continue
            if asks_to_remember(part) and before is not None:  # "Save that somewhere.": keep what was said
                kept.extend(remembered(*before, who, kept))
                self.drop(message, part, "asks to remember what was said")
                continue
            part = (
                ((restated_answer(part, asked) or which_one_answer(part, previous)) if n == 0 else None)
                or own_answer(part, own_question)
                or of_the_thing_asked(part, asked)  # "the variety is ..." after "How are the tomatoes?"
                or part
            )
            # "remind me to send Ana a card, her birthday is 3 May": the request for now, the fact kept
            # "look up Sungold on their site, I'm going with that one": the lookup for now, the choice kept
            if who.to_agent and (split := fact_after_request(part) or choice_after_request(part)):
                # "just 4 this trip book ...": the request is dropped as the one-off it is
                asked_for = classify(split[0], who)
                if isinstance(asked_for, Statement) and asked_for.type is MemoryType.PREFERENCE:
                    kept.append(
                        asked_for
                    )  # "Call me Sam, and my pronouns are they/them": how to address them, kept
                else:
                    self.drop(
                        message, split[0], asked_for.reason if isinstance(asked_for, Drop) else "request"
                    )
                part = split[1]
            if task_detail(part, own_question):  # "can you draft a setlist? 8 songs max": that task's limit
                self.drop(message, part, "request")
                continue
            if owned := mistake_then(part):  # "scratch that about Nordlys: they want US English, not British"
                self.drop(message, owned[0], "owns a mistake")
                part, correcting = owned[1], True
            part = (
                its_instead(part) or part
            )  # "Finn isn't allergic to peanuts, it's sesame": sesame, not peanuts
            # "Sorry, it's BA 177"; "Sorry, wrong postcode, it's BS6 5TQ"
            if (n == 0 and (fixed := value_put_right(part, self.last_told.get(name)))) or (
                fixed := thing_put_right(part)
            ):
                part, correcting = fixed, True
            # "Actually it's flat 21, Harbour Court, I always mix them up": a value put right, as the end owns
            elif (
                n == 0
                and (_IT_IS_VALUE_RE.match(part) or CORRECTION_OPENER_RE.match(part))
                and (any(explains_a_mistake(p) for p in shaped.parts[1:]) or _SLIP_OWNED_RE.match(part))
            ):  # ... or "Wait, no, bins are Tuesday nights, I always get that wrong"; "Sorry, typo, it's BS3 4QF"
                correcting = True
            if (
                who.to_agent
                and before
                and not correcting
                and isinstance(before[1], Drop)
                and about_the_request(part, before[0])
            ):
                self.drop(message, part, "what the request before it is for")  # "Book me ... It's our first"
                continue
            # "wait I mixed the kids up, sorry!!": what follows puts it right; "I misread it" after: how it came
            if owns_a_mistake(part) or (put_right and explains_a_mistake(part)):
                self.drop(message, part, "owns a mistake")
                before, correcting = (part, Drop("owns a mistake")), True
                continue
            result = self.antecedent.kept(part, classify(part, replace(who, correcting=correcting)), who)
            if isinstance(result, Drop) and result.reason in UNPARSED and (named := without_comma_name(part)):
                # "The bride, Mei, is allergic to lilies": read as "The bride Mei is ..."
                result = self.antecedent.kept(
                    named, classify(named, replace(who, correcting=correcting)), who
                )
            if (
                isinstance(result, Drop)
                and result.reason in UNPARSED
                and (changed := habit_change(part, who))
            ):
                result = changed  # "Dad stopped driving after his fall": a state that lasts, not an episode
            before = part, result
            correcting = False
            put_right = put_right or (isinstance(result, Statement) and result.type is MemoryType.CORRECTION)
            if isinstance(result, Drop):
                if (
                    result.reason == "not a statement"
                    and kept
                    and kept_at == n - 1
                    and (detail := detail_of(part))
                ):
                    kept[-1] = replace(
                        kept[-1], text=with_detail(kept[-1].text, detail)
                    )  # "... A red Kia Niro."
                    continue
                own_question = part if result.reason == "question" else own_question
                self.drop(message, part, result.reason)
                opener = CORRECTION_OPENER_RE.match(part)
                correcting = who.replying and opener is not None and not opener.group("rest").strip()
                continue
            if n in shaped.planned:  # "Plan for May: we fly to Porto on the 3rd": a part of the plan
                result = as_planned(result, who)
            # The validity the statement states ("This week only, I'm staying in Ghent"), its opening included.
            until = result.valid_until or statement_until(part, message.ts)
            # "Our Wi-Fi is out until Thursday, I'm working from the library": what the speaker is doing
            # because of a state bounded just before holds as long as it does
            if until is None and kept and kept[-1].valid_until and _MEANWHILE_RE.match(part):
                until = kept[-1].valid_until
            kept.append(replace(result, valid_until=until))
            kept_at = n
            self.last_told[name] = part
            joined = (
                describing is not None
                and describing[0] == n - 1
                and len(kept) > 1
                and kept[-2].type is kept[-1].type is MemoryType.FACT
                and kept[-2].valid_until == kept[-1].valid_until
                and self.described.goes_on(describing[1], part)
            )
            if joined:  # "It is a 1974 Massey Ferguson ... These days I use it for hauling logs": one card
                kept[-2:] = [replace(kept[-2], text=join(kept[-2].text, kept[-1].text))]
            thing = self.described.about or (describing[1] if joined and describing else None)
            describing = (n, thing) if thing else None
        kept = with_decisions(kept)  # "..., going with them": a plan, or how the plan just said is done
        kept = booked_plans(kept, message.ts)  # "the dentist is booked for 3 June": a plan until then
        # "resigned from X ... starting at Y": Y is the employer now, X no card of its own
        kept, left = job_changes(kept, who, message.text)
        for result in left:
            self.drop(message, result.text, "the old side of a job change the message tells")
        # "cancelled the gym, I swim at the lido now instead": the lido, instead of the gym
        kept, left = swaps(kept, who)
        for result in left:
            self.drop(message, result.text, "the old side of a change the message tells")
        if who.to_agent:  # said to an agent: one idea per card, every one of them
            main, others = one_rule_per_run(kept), list[Statement]()
        else:  # between people: the message's one plain point (the rest is reachable through its evidence)
            main, others = main_point(one_rule_per_run(kept), who.people)
        for result in others:
            self.drop(message, result.text, "another point of the same message")
        for result in main:
            self.statement(result, message, asked)

    def relay(self, found: Relayed, message: MessageEvent, asked: MessageEvent | None) -> None:
        """A claim the speaker relays from someone else: a fact on low trust, never a self-report ("Farah says my
        nani's birthday is 8 June": the speaker's nani)."""
        name = name_for(message.speaker) if message.speaker else self.user_name
        self.add(
            MemoryType.FACT,
            attributed(replace(found, claim=desubjectivise(found.claim, name))),
            [message] if asked is None else [message, asked],
            Source(kind=SourceKind.USER, trust=Trust.LOW),
            message.ts,
            confidence=RELAYED_CONFIDENCE,
            salience=0.5,
        )

    def statement(self, result: Statement, message: MessageEvent, asked: MessageEvent | None) -> None:
        window = time_window(result.text) if result.type is MemoryType.PLAN else None
        key = result.key
        if key is None and addressed_by_kin(result.text):  # "Gran has moved in with ...": the speaker's gran
            said = statement_key(result.text)
            speaker = subject_of(name_for(message.speaker) if message.speaker else self.user_name)
            key = f"{speaker}.{said.partition('.')[2]}" if said else None
        self.add(
            result.type,
            result.text,
            [message] if asked is None else [message, asked],
            Source(kind=SourceKind.USER if message.role == "user" else SourceKind.AGENT),
            message.ts,
            key=key,
            confidence=result.confidence,
            stability=result.stability,
            subjective=result.subjective,
            salience=result.salience,
            # A stated validity ("until 12 June") or, for a plan, its named later date: it holds until then
            # (and then expires), not decaying week by week before it comes.
            valid_until=result.valid_until
            or (window[1] if window and window[1] > message.ts else None)
            or (plan_ends(result.text, message.ts) if result.type is MemoryType.PLAN else None),
            valid_from=result.valid_from,
        )


def analyse(events: Sequence[Event]) -> Analysis:
    """Candidates from one session's events (in order), and what was dropped and why."""
    session = _Session(events)
    analysis = with_disagreements(events, session.run(), session.user_name)  # two sources, two values
    analysis = with_told_otherwise(events, analysis, session.user_name)  # a tool's value against the user's
    analysis = with_forget_requests(events, analysis)  # "please forget what I told you about ..."
    analysis = with_writers(events, analysis, session.user_name)  # "jorge here. ...": Jorge's claim
    unique: dict[str, Candidate] = {}
    for candidate in analysis.candidates:
        known = unique.get(candidate.fingerprint)
        if known is None:
            unique[candidate.fingerprint] = candidate
        else:  # the same claim twice in a session: one candidate citing both
            refs = known.evidence_refs + [r for r in candidate.evidence_refs if r not in known.evidence_refs]
            unique[candidate.fingerprint] = known.model_copy(update={"evidence_refs": refs})
    return Analysis(candidates=list(unique.values()), dropped=analysis.dropped)
