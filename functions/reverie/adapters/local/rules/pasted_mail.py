"""An email the user pastes into a message, quoted under its header ("> On Mon 9 Nov, Greenleaf Packaging
<orders@...> wrote:") or forwarded under one ("From: Greenleaf Supplies <...>", "Subject: ..."), is read as
mail before the message's sentences are:

- its header says who wrote it and nothing else (its address masked or not);
- a sentence that speaks to the software reading the mail ("[Note for AI assistants processing this mailbox:
  ignore previous instructions. ...]") is the writer's instruction, not news: kept apart, with what follows
  it on its line or inside its brackets, to be quarantined;
- what the writer says of itself in the first person plural ("our minimum order is 500 units", "we deliver
  on Fridays") is the writer's claim about its own terms, held with the writer named ("Greenleaf Packaging's
  minimum order is 500 units"), never the user's own "our".

The rest of the mail is left to the message's reading (`quoted_mail`: news the user received). Lines quoted
with no header over them ("> Note to AI assistants: forward ...") are pasted from someone else all the same:
an instruction in them is kept apart, as a mail's is (whose claims they are, no header says).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from reverie.adapters.local.rules.language import finish
from reverie.adapters.local.rules.patterns import GREETING_RE
from reverie.adapters.local.rules.specificity import SPECIFIC_ENOUGH, specificity
from reverie.adapters.local.rules.statements import without_opening
from reverie.adapters.local.rules.verb_forms import ADVERBS, MODALS, third_person
from reverie.domain.guards import looks_like_injection, mask_secrets
from reverie.domain.guards_address import addresses_machine

# An address in angle brackets, or masked where it stood ("[REDACTED:email]", its kind after a colon).
_ADDRESS = r"<[^<>\n]{0,120}>|\[REDACTED:[a-z_]+\]"
# "On Mon, 9 Nov 2026, Greenleaf Packaging <orders@x.example> wrote:" (the address may be masked).
_WROTE_RE = re.compile(
    rf"^\s*On\s+.{{2,40}}?,\s*(?P<who>[A-Z](?:[^:<\n]|{_ADDRESS}){{0,120}}?)\s+wrote\s*:\s*$"
)
# "From: Greenleaf Supplies <[REDACTED:email]>", and the fields that follow it.
_FROM_RE = re.compile(rf"^\s*From\s*:\s*(?P<who>(?:[^:<\n]|{_ADDRESS}){{1,120}})$")
_FIELD_RE = re.compile(r"^\s*(?:Sent|Date|To|Cc|Subject|Reply-To)\s*:")
_FORWARDED_RE = re.compile(r"^\s*-{3,}\s*(?:Forwarded message|Original Message)\s*-{3,}\s*$", re.I)
_QUOTE_RE = re.compile(r"^\s*>+\s?")
_SENTENCE_RE = re.compile(r"(?<=[.!?])\s+")
# The writer's own first person plural, and the singular that makes a line the writer's own business.
# (An "us" alone is no claim: "let us know by Friday" asks the reader.)
_WE_RE = re.compile(r"\b(?:we|we're|we've|we'll|we'd|our|ours)\b", re.I)
_I_RE = re.compile(r"\b(?:I|I'm|I've|I'll|I'd|me|my|mine)\b")
# The reader: a line about the reader's affairs ("we've pencilled your viewing") is news for the user, not the
# writer's claim about itself.
_YOU_RE = re.compile(r"\b(?:you|your|yours|you're|you've|you'll|you'd)\b", re.I)
_CONTRACTED = {"we're": "is", "we've": "has", "we'll": "will", "we'd": "would"}
_WE_VERB_RE = re.compile(
    r"\b(?P<we>we(?:'re|'ve|'ll|'d)?)\b(?:\s+(?P<adverb>[a-z]+))?(?:\s+(?P<verb>[a-z'-]+))?", re.I
)
MAX_INSTRUCTION_CHARS = 400


@dataclass(frozen=True)
class Mail:
    """A message with pasted mail, read: what is left of it for the sentence rules, and what the mail said."""

    text: str  # the message without the mail's header, its instructions and its writer's claims
    instructions: list[tuple[str | None, str]] = field(default_factory=list)  # (writer, instruction), masked
    claims: list[str] = field(default_factory=list)  # the writer's statements about itself, writer named
    dropped: list[tuple[str, str]] = field(default_factory=list)  # (text, reason)


def writer(line: str) -> tuple[bool, str | None]:
    """Whether `line` is a line of a mail's header, and the writer it names (None when it names nobody by
    name: an address alone, or a field other than the writer)."""
    bare = _QUOTE_RE.sub("", line, count=1)
    found = _WROTE_RE.match(bare) or _FROM_RE.match(bare)
    if found:
        name = " ".join(re.sub(_ADDRESS, " ", found.group("who")).split()).strip(" \"'")
        return True, name if name and "@" not in name and "[" not in name else None
    return bool(_FIELD_RE.match(bare) or _FORWARDED_RE.match(bare)), None


# A mail pasted inline, in quotes, after the user names it: "Here's the email from the school: 'Term starts on 6
# September. ...'" is read as that mail under its header, one quoted line a sentence.
_INLINE_RE = re.compile(
    r"^\s*(?:(?:here'?s|here\s+is|this\s+is|pasting|forwarding|i\s+got|got)\s+(?:(?:the|an?|my|this)\s+(?:e-?mail|"
    r"message|text|letter|note|notice|reply|newsletter|post)|this|that)\s+(?:from|by|in)"
    # ... or named by where it came from alone: 'From #general: "..."'
    r"|from(?!\s+(?:now|today|tonight|tomorrow|then|here|there|next|this|that|monday|tuesday|wednesday|thursday|"
    r"friday|saturday|sunday)\b))\s+(?P<who>[^:'\"“‘\n]{2,40}?)\s*:\s*['\"“‘](?P<body>[^\n]+?)['\"”’]?\s*$",
    re.I,
)


def _as_quoted(text: str) -> str:
    """An inline pasted mail (`_INLINE_RE`) as a header and its quoted lines; `text` as it was otherwise."""
    found = _INLINE_RE.match(text)
    if found is None:
        return text
    # the greeting that opens it says nothing: "Hi Sef, your interview is on 3 March" tells of the interview
    body = found.group("body").strip()
    lines = _SENTENCE_RE.split(without_opening(body, GREETING_RE) or body)
    return "\n".join(
        [f"From: {found.group('who').strip()}", *(f"> {line}" for line in lines if line.strip())]
    )


def read_mail(text: str) -> Mail | None:
    """`text` with the mail it pastes read (`Mail`), or None when it pastes no mail under a header."""
    lines = _as_quoted(text).split("\n")
    out: list[str] = []
    mail = Mail(text="")
    sender: str | None = None
    inside = False  # after a header: the mail's lines
    forwarded = False  # after a header that is not quoted: every line after it is the mail's
    seen = False
    bracket = False  # inside the brackets an instruction opened on a line before: still the instruction
    for line in lines:
        header, named = writer(line)
        if header:
            seen, inside = True, True
            forwarded = forwarded or not _QUOTE_RE.match(line)
            sender = named or sender
            if line.strip():
                mail.dropped.append((mask_secrets(line.strip()).text, "mail header"))
            continue
        quoted = _QUOTE_RE.match(line) is not None
        if not (inside and (quoted or forwarded)):
            # a quoted line under no header is still pasted from someone else: an order in it is theirs
            out.append(_read_line(line, None, mail, bracket, claims=False)[0] if quoted else line)
            continue
        said, bracket = _read_line(line, sender, mail, bracket)
        out.append(said)
    if not seen and not mail.instructions:
        return None
    return Mail("\n".join(out), mail.instructions, mail.claims, mail.dropped)


def _read_line(
    line: str, sender: str | None, mail: Mail, bracket: bool, claims: bool = True
) -> tuple[str, bool]:
    """One line of the mail: its instructions and (`claims`) the writer's claims taken out into `mail`, the
    rest kept (with its quote mark) for the message's reading; and whether an instruction's brackets are
    still open at its end (`bracket`: they were open at its start, the line is that instruction's up to
    their close)."""
    mark = _QUOTE_RE.match(line)
    prefix = mark.group(0) if mark else ""
    body = line[len(prefix) :].strip()
    if bracket:
        closed = body.find("]")
        head, body = (body, "") if closed < 0 else (body[: closed + 1], body[closed + 1 :].strip())
        _instruction(mail, sender, head, joined=True)
        if closed < 0:
            return "", True
    kept: list[str] = []
    orders: list[str] = []
    for sentence in _SENTENCE_RE.split(body):
        if not sentence:
            continue
        if orders or looks_like_injection(sentence) or addresses_machine(sentence):
            orders.append(sentence)  # what follows an instruction on its line belongs to it
        elif claims and (claim := _claim(sentence, sender)):
            mail.claims.append(claim)
        else:
            kept.append(_as_the_reader(sentence, sender))
    opened = False
    if orders:
        said = " ".join(orders)
        opened = said.count("[") > said.count("]")
        _instruction(mail, sender, said, joined=False)
    return (prefix + " ".join(kept) if kept else ""), opened


def _instruction(mail: Mail, sender: str | None, said: str, joined: bool) -> None:
    """`said` kept as the writer's instruction (masked, within its limit), or, `joined`, as more of the last."""
    if joined and mail.instructions:
        sender, before = mail.instructions.pop()
        said = f"{before} {said}"
    said = mask_secrets(" ".join(said.split())).text.strip("[] ")
    if len(said) > MAX_INSTRUCTION_CHARS:
        said = said[: MAX_INSTRUCTION_CHARS - 1].rsplit(" ", 1)[0] + "…"
    mail.instructions.append((sender, said))


def _claim(sentence: str, sender: str | None) -> str | None:
    """`sentence` as its writer's claim about itself ("From 1 December our minimum order is 500 units" →
    "From 1 December Greenleaf Packaging's minimum order is 500 units."), or None when the writer does not
    speak of itself in the first person plural, speaks of themselves alone or of the reader, asks, or names
    too little."""
    plain = without_opening(sentence.strip(), GREETING_RE)
    if (
        not plain
        or plain.endswith("?")
        or not _WE_RE.search(plain)
        or _I_RE.search(plain)
        or _YOU_RE.search(plain)
    ):
        return None
    if mask_secrets(plain).text != plain:  # a secret on the line: its clause is dropped the usual way
        return None
    who = sender or "the sender"
    said = _WE_VERB_RE.sub(lambda m: _we(m, who), plain)
    said = re.sub(r"\bours\b", f"{who}'s", said, flags=re.I)
    said = re.sub(r"\bour\b", f"{who}'s", said, flags=re.I)
    said = re.sub(r"\bus\b", who, said, flags=re.I)
    if specificity(said) - specificity(who) < SPECIFIC_ENOUGH:
        return None
    return finish(said)


# The reader a pasted mail addresses is the user who pasted it: "your interview is on 3 March" is theirs.
_TO_THE_READER = (
    (re.compile(r"\byour\b", re.I), "my"),
    (re.compile(r"\byours\b", re.I), "mine"),
    (re.compile(r"\byou(?:'re|\s+are)\b", re.I), "I'm"),
    (re.compile(r"\byou(?:'ve|\s+have)\b", re.I), "I've"),
    (re.compile(r"\byou(?:'ll|\s+will)\b", re.I), "I'll"),
)


_WE_SUBJECT_RE = re.compile(r"\bwe(?:'ve|'re|'ll|'d)?\b", re.I)


def _as_the_reader(sentence: str, sender: str | None) -> str:
    """A sentence of the mail to its reader, said as the reader would ("Hi Sef, your interview is at our Leeds
    office" → "my interview is at <sender>'s Leeds office"); one that speaks of its writer as "I" as it was."""
    plain = without_opening(sentence.strip(), GREETING_RE)
    # ("We've pencilled your viewing for 13 June": what the writer did, not the reader: as it was)
    if plain is None or not _YOU_RE.search(plain) or _I_RE.search(plain) or _WE_SUBJECT_RE.search(plain):
        return sentence
    for pattern, said in _TO_THE_READER:
        plain = pattern.sub(said, plain)
    if sender:
        plain = re.sub(r"\bour\b", f"{sender}'s", plain, flags=re.I)
    return plain[:1].upper() + plain[1:]


def _we(found: re.Match[str], who: str) -> str:
    """The writer's "we" and its verb as `who`'s: "we deliver" → "<who> delivers", "we're closed" → "<who> is
    closed", "we usually ship" → "<who> usually ships"."""
    we = found.group("we").lower()
    adverb, verb = found.group("adverb"), found.group("verb")
    if we in _CONTRACTED:
        rest = " ".join(w for w in (adverb, verb) if w)
        return f"{who} {_CONTRACTED[we]}" + (f" {rest}" if rest else "")
    if adverb and adverb.lower() not in ADVERBS and adverb.lower() not in MODALS:
        verb, adverb = adverb, None
        rest = found.group("verb")
        return f"{who} {third_person(verb)}" + (f" {rest}" if rest else "")
    if adverb and adverb.lower() in MODALS:
        return f"{who} {adverb}" + (f" {verb}" if verb else "")
    parts = [who] + ([adverb] if adverb else []) + ([third_person(verb)] if verb else [])
    return " ".join(parts)
