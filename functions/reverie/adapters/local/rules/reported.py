"""What someone else says, relayed by the speaker: "My sister Farah says Nani's birthday is 8 June, and Mum
insists it's the 3rd." The claim is theirs, not the speaker's: it is kept as the claim with who made it
("Nani's birthday is 8 June (according to Farah)") and held on low trust, so it is not promoted as the
speaker's self-report, and two relayed claims that disagree become a visible conflict for review.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reverie.adapters.local.rules.kin_words import relation_word
from reverie.adapters.local.rules.language import strip_emoji, strip_opening
from reverie.adapters.local.rules.quoted_mail import quoted_line

# The speaker vouching for what they were told, or not quite: "I'm sure the nurse told me ...", "I think Dad
# said ...". The claim stays its teller's: the speaker's certainty does not make it theirs.
_HEDGE = (
    r"(?:i(?:'m|\s+am)\s+(?:pretty\s+|quite\s+|fairly\s+|almost\s+|absolutely\s+|100%\s+)?"
    r"(?:sure|certain|positive|convinced)|i\s+(?:think|believe|remember|recall))\s+(?:that\s+)?"
)
_REPORTED_RE = re.compile(
    rf"^(?:{_HEDGE})?(?:(?:my|our)\s+)?(?P<who>(?:[\w'-]+\s+){{0,2}}?[\w'-]+)\s+"
    r"(?:says|said|insists|insisted|thinks|thought|claims|claimed|reckons|swears|swore|maintains|is sure|"
    r"is convinced|(?:is|'s|was|keeps|kept)\s+saying|told\s+(?:me|us)|tells\s+(?:me|us))"
    # when it was said, not when what is said holds: "Aisha told me yesterday her lease ends on ..."
    r"(?:\s+(?:yesterday|today|earlier(?:\s+today)?|this\s+(?:morning|afternoon|evening|week)|"
    r"last\s+(?:night|week)|the\s+other\s+day))?\s+(?:that\s+)?"
    r"(?P<claim>.+)$",
    re.I,
)
# Advice passed on, labelled with whose it is: "Tip from the forum: ...", "Advice from the plumber: ...".
_TIP_RE = re.compile(
    r"^(?:a\s+|one\s+|good\s+|top\s+)?(?:tip|advice|hack|trick|recommendation)\s+from\s+(?P<who>(?:the\s+|my\s+|our\s+)?"
    r"[\w'-]+(?:\s+[\w'-]+){0,2}?)\s*:\s*(?P<claim>[^:]+)$",
    re.I,
)
# The claim opening with the teller's own thing: "Aisha told me her lease ends ..." → Aisha's lease.
_OWN_THING_RE = re.compile(r"^(?:his|her)\s+(?=[a-z])", re.I)
_NOT_SOMEONE = frozenset("i we you it this that he she they everyone nobody someone".split())
_IT_IS_RE = re.compile(r"^it(?:'s|\s+is|\s+was)\s+", re.I)
_COPULA_RE = re.compile(r"\s+(?:is|are|was|were)\s+", re.I)


@dataclass(frozen=True)
class Relayed:
    who: str  # as the speaker named them: "Farah", "Mum", "my sister Farah"
    claim: str  # the claim itself, its "it" resolved when the sentence before named what it is


# Where the claim ends and the speaker speaks again: "..., so now I don't know which it is".
_SPEAKER_AGAIN_RE = re.compile(r",?\s+(?:so|and|but),?\s+(?=(?:now\s+|honestly\s+)*(?:I|we)\b)", re.I)
# A thing a sentence brings in: "there's a family reunion in Leicester" → "the family reunion".
_THERE_IS_RE = re.compile(
    r"^there(?:'s|\s+is|\s+was|\s+will\s+be)\s+(?:a|an)\s+(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"
    r"(?=\s+(?:in|at|on|for|next|this|coming|planned)\b|[,.]?$)",
    re.I,
)


def teller(who: str) -> str:
    """Who told it, as the user names them: a name as written ("Farah"), a word for a parent or grandparent as
    the name it is ("mum" → "Mum"), anyone else by what they are to the user ("landlord" → "their landlord",
    never "Landlord")."""
    if len(who.split()) != 1 or who[:1].isupper():
        return who
    return who[:1].upper() + who[1:] if relation_word(who) != who.lower() else f"their {who}"


def introduced(text: str) -> str | None:
    """The thing `text` brings in ("there's a family reunion in Leicester" → "the family reunion"), for an
    "it" relayed next; None when it brings in nothing."""
    found = _THERE_IS_RE.match(text.strip())
    return f"the {found.group('thing')}" if found else None


def relayed(text: str, before: Relayed | None = None, thing: str | None = None) -> Relayed | None:
    """The claim someone else made, as `text` relays it; None when `text` relays nothing (or the speaker's
    own view: "I think ..."). "it's the 3rd" after a relayed "Nani's birthday is 8 June" is about
    Nani's birthday, and after "there's a reunion in Leeds" about the reunion (`thing`)."""
    if tip := _TIP_RE.match(
        strip_opening(text)
    ):  # "Tip from the forum: descale the kettle monthly ...": theirs
        claim = tip.group("claim").strip().rstrip(".!")
        return (
            Relayed(who=tip.group("who").strip(), claim=claim[:1].upper() + claim[1:])
            if len(claim.split()) > 2
            else None
        )
    found = _REPORTED_RE.match(strip_opening(text))  # "Oh, the vet says ...": the vet says it
    if found is None:
        return None
    who = found.group("who")
    claim = _SPEAKER_AGAIN_RE.split(found.group("claim").strip(), maxsplit=1)[0].strip().rstrip(".!,")
    if who.split()[0].lower() in _NOT_SOMEONE or len(claim.split()) < 2:
        return None
    if _IT_IS_RE.match(claim) and (before is not None or thing):
        said = _COPULA_RE.split(before.claim, maxsplit=1)[0] if before is not None else thing
        claim = _IT_IS_RE.sub(f"{said} is ", claim)
    # "My sister Farah" → "Farah": the name is who said it
    name = who.split()[-1] if who.split()[-1][:1].isupper() else who
    one = len(name.split()) == 1
    name = teller(name)  # "my mum" → "Mum"; "my landlord" → "their landlord"
    # no one else named yet: "her lease" is the teller's
    if before is None and not thing and one:
        claim = _OWN_THING_RE.sub(f"{name}'s ", claim)
    return Relayed(who=name, claim=claim)


# Someone letting the speaker know: "landlord texted me, rent goes up to 1020 from 1 May", "the school emailed
# us that pickup moves to 15:10". A notice to the speaker about their own affairs, from whoever decides them: news
# the speaker now holds, unlike a claim someone makes ("says", "insists"), which stays theirs.
# A word of reaction may open it ("Weird, the garage just texted that ..."), and "me" may go unsaid before "that".
_NOTICE_RE = re.compile(
    r"^(?:[a-z]+,\s+)?(?:(?:my|our|the)\s+)?(?P<who>(?:[\w'-]+\s+){0,2}?[\w'-]+)\s+(?:just\s+)?"
    r"(?:texted|messaged|emailed|e-mailed|wrote(?:\s+to)?|rang|called|phoned|pinged|informed|notified|let)"
    r"(?:(?:\s+(?:me|us)(?:\s+know)?)?(?:\s+(?:today|yesterday|this\s+morning|last\s+night))?"
    r"(?:\s*[,:;-]\s*|\s+(?:that|to\s+say(?:\s+that)?|saying(?:\s+that)?)\s+)|\s+that\s+)(?P<news>\S.+)$",
    re.I,
)
# The speaker left unsure which of two sources is right: "no idea who's right", "I don't know which is right",
# "not sure whether ...", "they can't both be right". What a notice then brings stays its sender's claim, not the speaker's news.
_UNSETTLED_RE = re.compile(
    r"\b(?:who|which(?:\s+one)?)(?:'s|\s+is)\s+(?:right|correct)\b|\b(?:not\s+sure|no\s+idea|unsure|dunno|"
    r"(?:don'?t|do\s+not)\s+know)\s+(?:if|whether)\b"
    # "I don't know which one to trust", "they can't both be right"
    r"|\b(?:(?:don'?t|do\s+not|can'?t|cannot)\s+(?:know|tell)|dunno|no\s+idea|not\s+sure|unsure)\s+which"
    r"(?:\s+one)?\s+to\s+(?:trust|believe|go\s+with)\b"
    r"|\b(?:can't|cannot|couldn't)\s+(?:both|all)\s+be\s+(?:right|correct|true)\b",
    re.I,
)


def notice(text: str) -> str | None:
    """The news a notice to the speaker brings ("landlord texted me, rent goes up to 1020" → "rent goes up to
    1020"), or None when `text` is no such notice."""
    found = _NOTICE_RE.match(text.strip())
    if found is None or found.group("who").split()[0].lower() in _NOT_SOMEONE:
        return None
    news = found.group("news").strip()
    return news if len(news.split()) >= 3 else None


def noticed(text: str) -> Relayed | None:
    """The notice as its sender's claim ("the garage just texted that the MOT is due in May" → the garage's
    "the MOT is due in May"); None when `text` is no such notice."""
    news = notice(text)
    found = _NOTICE_RE.match(text.strip())
    if news is None or found is None:
        return None
    return Relayed(who=teller(found.group("who")), claim=news.rstrip(".!"))


# A part saying no more than that: "I genuinely don't know which is right", "no idea who's right".
_ONLY_UNSURE_RE = re.compile(
    r"^(?:(?:hmm+|honestly|genuinely|really|so|and|but|tbh)[,\s]+)*(?:i\s+(?:\w+\s+)?(?:don'?t|do\s+not)\s+know|"
    r"(?:i\s+have\s+)?no\s+idea|(?:i'?m\s+)?not\s+sure|dunno|je\s+ne\s+sais\s+pas)\s+(?:which|who|whether|if)\b"
    r"[^,;]*?[.!]?$",
    re.I,
)


def only_unsure(part: str) -> bool:
    """Whether `part` says only that the speaker does not know which source is right: nothing to keep."""
    return _ONLY_UNSURE_RE.match(part.strip()) is not None


def unsettled(text: str) -> bool:
    """Whether `text` leaves open which of two sources is right (see `_UNSETTLED_RE`)."""
    return _UNSETTLED_RE.search(text) is not None


# Someone's message passed on as it was written: "Mausi just forwarded this on WhatsApp:" and then the quote.
_FORWARD_RE = re.compile(
    r"^(?:(?:wait|ok|okay|so|and|also|oh)\W+)*(?:(?:my|our)\s+)?(?P<who>(?:[\w'-]+\s+){0,2}?[\w'-]+)\s+"
    r"(?:just\s+|has\s+|'s\s+)?(?:forwarded|sent|shared|posted|texted|messaged|wrote)(?:\s+(?:me|us))?"
    r"(?:\s+(?:this|that|a\s+message|the\s+following))?(?:\s+(?:on|in|via|over)\s+[\w ]{2,30}?)?\s*:$",
    re.I,
)
_QUOTED_RE = re.compile(r"^[\"“”'‘>]\s*(?P<text>.+?)\s*[\"“”'’]?$", re.S)
_THEIR_OWN_RE = re.compile(r"\b(?:our|my)\s+(?=(?:place|house|flat|home|office|garden)\b)", re.I)


def forwarder(text: str) -> str | None:
    """Who passes on a message that follows ("Mausi just forwarded this on WhatsApp:" → "Mausi"), or None."""
    found = _FORWARD_RE.match(text.strip())
    if found is None or found.group("who").split()[0].lower() in _NOT_SOMEONE:
        return None
    return found.group("who")


def forwarded(text: str, who: str) -> Relayed | None:
    """The quoted message `who` passed on, as their claim ("our place" is theirs), or None when `text` is
    not a quote."""
    found = _QUOTED_RE.match(text.strip())
    if found is None or not re.search(r"[\"“”>]", text.strip()[:1] + text.strip()[-1:]):
        return None
    claim = strip_emoji(found.group("text")).strip().rstrip(".!,")
    name = who.split()[-1]
    claim = _THEIR_OWN_RE.sub(f"{name}'s ", claim)
    return Relayed(who=name[:1].upper() + name[1:], claim=claim) if len(claim.split()) >= 3 else None


def forwarded_line(part: str, text: str, who: str) -> Relayed | None:
    """A later sentence of the message `who` forwarded, standing on one of its quoted lines in `text`
    ("> Spoke to Fernlea today. Amma gets her tablets at breakfast." → the second sentence, theirs as the first
    is), or None when no quoted line of `text` holds it."""
    if quoted_line(part, text) is None and not _mostly_on_quoted_line(part, text):
        return None
    return forwarded(f"> {part.strip().lstrip('>').strip()}", who)


_WORD_RE = re.compile(r"\w+")
_ON_LINE_SHARE = 0.75  # a sentence mended as it was read ("Amma" → "My mother") keeps most of its words


def _mostly_on_quoted_line(part: str, text: str) -> bool:
    """Whether most of `part`'s words (at least three) stand on one quoted line of `text`."""
    words = _WORD_RE.findall(part.lower())
    if len(words) < 3:
        return False
    for line in text.splitlines():
        if line.lstrip().startswith(">"):
            on_line = set(_WORD_RE.findall(line.lower()))
            if sum(w in on_line for w in words) >= _ON_LINE_SHARE * len(words):
                return True
    return False


def attributed(found: Relayed) -> str:
    """The claim as a statement that says whose it is."""
    return f"{found.claim} (according to {found.who})"


_JOINT_RE = re.compile(r",?\s+(?:and|but|while|whereas)\s+|;\s+", re.I)


def relays(sentence: str) -> list[str]:
    """The relayed claims one sentence joins ("Farah says X, and Mum insists Y" → both), or [] when the
    sentence is not a series of relayed claims."""
    pieces = [p.strip() for p in _JOINT_RE.split(sentence) if p.strip()]
    if len(pieces) < 2 or not all(_REPORTED_RE.match(p) for p in pieces):
        return []
    return pieces
