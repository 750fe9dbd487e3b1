"""A tool's output read as facts it could tell the user: a record's fields (`records`) and what people wrote
in it (an issue's comments, under the record's name: `threads`), a document's sentences under its title (a
page, an email, an invite: two sentences or more), and whether it steers the agent. A machine's line (a
status, a receipt, search results, a diff) states nothing to keep: what it reports is now, or already said
by whoever acted on it.

Each fact carries what the agent must repeat for it to have been told, and `Fact.restated` tells whether
the user said it again in their own words. `reports` decides what becomes of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reverie.adapters.local.rules import untrusted
from reverie.adapters.local.rules.doses import dose_key
from reverie.adapters.local.rules.label_line import label_line
from reverie.adapters.local.rules.language import sentences
from reverie.adapters.local.rules.records import Field, read_records
from reverie.adapters.local.rules.reported import unsettled
from reverie.adapters.local.rules.threads import threads
from reverie.adapters.local.rules.typos import english_lexicon
from reverie.domain.restatement import terms

MAX_READ = 40  # sentences of a document compared with what the agent told
TOLD_SHARE = 0.4  # of a sentence's terms the agent's reply repeats, at least two, for it to have been told
LABEL_TOLD_SHARE = 0.25  # ... of a label's, at least three: whose it is and who made it are seldom read back

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
_TITLE_END_RE = re.compile(r"\s+[—–-]\s+|[,(|:!?]|\.(?!\d)")  # "2.5 mg" goes on


def disputes(reply: str) -> bool:
    """Whether the user's reply disputes what they were just told (or cannot tell it from another value)."""
    return _DISPUTES_RE.search(reply) is not None or undecided(reply)


def undecided(reply: str) -> bool:
    """Whether the user's reply says they cannot tell what they were told from another value they have ("they
    can't both be right", "I don't know which one to trust": `reported.unsettled`)."""
    return unsettled(reply)


def canonical(words: frozenset[str]) -> frozenset[str]:
    """Terms with month names cut to their abbreviation ("november" and "nov" are one)."""
    return frozenset(w[:3] if w[:3] in _MONTHS and w.isalpha() else w for w in words)


@dataclass(frozen=True)
class Fact:
    """One thing an output states, and what the agent must repeat of it for it to have been told."""

    statement: str
    key: str | None
    value: frozenset[str]  # what the agent must repeat for the fact to have been told
    subject: frozenset[str] = frozenset()  # ... and of whom, when the output lists several
    share: float = 1.0  # the part of `value` it must repeat
    least: int = 2  # ... and at least this many of its terms, when a part is enough
    # An answer to the user's question that does not name what was asked (`answers`): it stays in the
    # question's slot only if chosen once the agent's reply is known (`answers.choose`), else it is `instead`.
    answer: bool | None = None  # an answer naming the thing asked about (True) or not (False)
    instead: Fact | None = None

    def restated(self, reply: str) -> bool:
        """Whether the user's reply says this fact again in their own words ("15 quid a night for the dog is
        fine" for "Dogs welcome (£15 per dog per night)"): of its terms, one of its numbers when it has any,
        and a share (`TOLD_SHARE`, two at least) in sentences that neither ask nor dispute."""
        own = canonical(
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


# A page's markup: a block's end (a heading, a paragraph, a line break) ends its line; any other tag says nothing.
_BLOCK_END_RE = re.compile(r"</(?:h[1-6]|p|div|li|tr|title|header|section)\s*>|<br\s*/?>", re.I)
_TAG_RE = re.compile(r"</?[a-z][^<>]{0,200}>", re.I)


def _as_lines(text: str) -> str:
    """`text` with a page's markup read as its lines ("<h1>Tomato 'Sungold' F1</h1><p>Cherry, ..." → "Tomato
    'Sungold' F1" and "Cherry, ...")."""
    return _TAG_RE.sub(" ", _BLOCK_END_RE.sub("\n", text))


def _title(text: str) -> str | None:
    """What a document is about, to read its facts under: its subject line, else its first line's head
    ("Fellside Lodge, Ambleside." → "Fellside Lodge"; "Invite: Parents' evening, ..." → "Parents' evening")."""
    lines = [line.strip() for line in _as_lines(text).splitlines() if line.strip()]
    subject = next((line for line in lines if line.lower().startswith("subject:")), None)
    first = subject or (lines[0] if lines else "")
    head = _LABEL_RE.sub("", first, count=1)
    labelled = head != first
    head = (head.rstrip(" .") if subject else _TITLE_END_RE.split(head, maxsplit=1)[0]).strip()
    if len(head) > 1 and head[0] == head[-1] and head[0] in "'\"":
        head = head[1:-1]
    words = head.split()
    if not 1 <= len(words) <= 6 or not any(w[:1].isupper() for w in words):
        return None
    # unlabelled, a head names something ("Fellside Lodge, Ambleside.", "Ramipril 2.5 mg capsules, ..."): a
    # sentence's opening whose only capital is an ordinary word's ("Great pub, dog friendly, ...") is none
    capitals = [w for w in words if w[:1].isupper()]
    if not labelled and capitals == words[:1] and words[0].lower() in english_lexicon():
        return None
    return head


def document(text: str) -> bool:
    """Whether `text` is written for a person to read (a page, an email, an invite: two sentences or more),
    not a machine's line (a status, a receipt, a listing of search results, a diff, a config file)."""
    plain = _LIST_MARK_RE.sub(" ", untrusted.hidden(text)[0])
    found = [s for s in _SENTENCE_END_RE.findall(plain) if len(s.split()) >= 4]
    return len(found) >= 2


def _prose(text: str, title: str | None = None) -> tuple[list[Fact], bool]:
    """The specific sentences of a document, under its title (`title`, else its own), and whether it steers
    the agent (a machine's line states nothing to keep: what it reports is now, or already said by whoever
    acted on it)."""
    steering = untrusted.steers(text)
    visible, _ = untrusted.hidden(text)
    found = untrusted.split(
        text, limit=MAX_READ if document(text) else untrusted.MAX_FACTS if steering else 0
    )
    title = title or _title(visible)
    facts: list[Fact] = []
    own = [canonical(terms(_LABEL_RE.sub("", f, count=1))) for f in found.facts]  # "Subject:" says nothing
    for n, sentence in enumerate(found.facts):
        # who mailed whom, and a line the fuller sentence beside it says ("Subject: boiler service"), are no facts
        if _ENVELOPE_RE.match(sentence) or any(own[n] < other for other in own):
            continue
        if title and sentence.rstrip(" .") == title and len(found.facts) > 1:
            continue  # the title alone ("FitHub Leeds."): what the facts after it are about, no fact itself
        # the slot of what the sentence itself says: "Prescriber: Dr Hale" is no dose of the title's medicine
        key = dose_key(sentence)
        # what it is about, after it, unless it says so itself: "Free parking for guests (Fellside Lodge)"
        if title and not canonical(terms(title)) <= own[n]:
            sentence = f"{sentence.rstrip(' .')} ({title})"
        facts.append(Fact(statement=sentence, key=key, value=own[n], share=TOLD_SHARE))
    return facts, steering


def _field_facts(f: Field, several: bool) -> list[Fact]:
    """A record's field as a fact, told when the agent repeats its value; a value that is prose of two
    sentences or more (a vet's plan, a ticket's notes) is told, as a document's sentence is, when the agent
    repeats a share of it (nobody reads a paragraph back word for word)."""
    prose = len([p for p in sentences(f.value) if len(p.split()) >= 2]) >= 2
    return [
        Fact(
            statement=f.statement,
            key=f.key,
            value=canonical(f.value_terms),
            subject=canonical(f.subject_terms) if several else frozenset(),
            share=TOLD_SHARE if prose else 1.0,
        )
    ]


# A tool named for what it returns: "get_booking", "lookup_order", "read_policy" (not a page, a file, a search).
_NAMED_FOR_RE = re.compile(
    r"^(?:get|fetch|read|lookup|look_up|find|show|load)_(?!(?:url|page|web|file|files|search|results?|email|mail)$)"
    r"(?P<what>[a-z]+)$"
)


def _named_for(tool: str | None) -> str | None:
    found = _NAMED_FOR_RE.match(tool or "")
    return f"The {found.group('what')}" if found else None


def read_output(output: str, tool: str | None = None) -> tuple[list[Fact], bool]:
    """The facts a tool's output states (a record's fields, a table's rows, a document's sentences) and
    whether it steers the agent. A record that names no subject of its own is of what the tool is named for
    ("get_booking" returns the booking)."""
    records = read_records(output, _named_for(tool))
    if records is None and (label := label_line(output)) is not None:  # a label's text, one line of cells
        value = canonical(terms(label))
        fact = Fact(statement=label, key=dose_key(label), value=value, share=LABEL_TOLD_SHARE, least=3)
        return [fact], untrusted.steers(output)
    if records is None:
        return _prose(output)
    several = len(records) > 1
    facts = [fact for fields in records for f in fields for fact in _field_facts(f, several)]
    for name, written in threads(output):  # an issue's comments: what people wrote about it
        facts.extend(_prose(written, name)[0])
    return facts, untrusted.steers(output)
