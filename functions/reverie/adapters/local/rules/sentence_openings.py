"""What a sentence opens with before the statements it makes: a label before a colon, a letter's announcement,
a subject said first and taken up again by a pronoun.

A label ("Quick intro: I teach Year 4, and I've got a collie") announces what follows: when what follows is a
statement of its own, the label is set apart (`preamble`) and the statements after it are read as if said on
their own; a scope ("Just for today: ...") stays with what it scopes. "I am writing to let you know that ..."
announces (`announcement`); "my cousin Efe, she's saying ..." says its subject twice (`undislocated`).
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.clause_shapes import names_its_purpose
from reverie.adapters.local.rules.clauses import SCOPE_OPENING_RE, states
from reverie.adapters.local.rules.comma_names import without_comma_name
from reverie.adapters.local.rules.language import INFORMING_RE, strip_opening
from reverie.adapters.local.rules.longevity import one_off
from reverie.adapters.local.rules.request_patterns import CORRECTION_OPENER_RE, RULE_MARKER_RE
from reverie.adapters.local.rules.rule_labels import names_a_rule
from reverie.adapters.local.rules.speaker_patterns import INTRO_RE

# The first colon followed by a space: a label before it ("Some context: ..."), not a time or an address.
_LABEL_RE = re.compile(r"^(?P<label>[^:]{2,100}?):\s+(?P<rest>\S.*)$", re.S)


def preamble(sentence: str) -> tuple[str, str]:
    """(the label a sentence opens with, the rest): "Quick rundown of how we work: we deploy on Netlify"
    → ("Quick rundown of how we work", "we deploy on Netlify"). Only when the rest states something of
    its own and the label does not; a time, a scope or a rule marker before the colon ("Just for today:
    ...", "From now on: ...") scopes what follows and stays with it. ("", sentence) when there is no
    such label."""
    found = _LABEL_RE.match(sentence.strip())
    if found is None:
        return "", sentence
    label, rest = found.group("label").strip(), found.group("rest").strip()
    if CORRECTION_OPENER_RE.match(
        f"{label}:"
    ):  # "Correction: it's flat 21": what it puts right, as a correction
        return "", sentence
    scoped = not (_names_its_place(label) or names_its_purpose(label)) and (
        INTRO_RE.match(label)
        or RULE_MARKER_RE.search(label)
        or SCOPE_OPENING_RE.match(label)
        or one_off(label)
    )
    # A label that states something itself ("Never book me a layover under 90 minutes: I missed one") is
    # no label: what follows the colon gives its reason. "Important: the bride, Mei, is allergic to lilies":
    # the name between commas is no clause of its own; "Standing rule on this ward: ...": the rule follows.
    rest_states = states(rest) or states(without_comma_name(rest) or "") or names_a_rule(label)
    # what the statements are for ("For the house sitter: the bins go out on Tuesdays") announces them whatever
    # shape they take
    rest_states = rest_states or (names_its_purpose(label) and len(rest.split()) >= 3)
    if scoped or states(strip_opening(label)) or not (rest_states or _only_informs(label)):
        return "", sentence
    return label, rest


# A label naming the kind of news that follows: "Correction", "Quick update", "One change", "Small fix".
_NEWS_KIND_RE = re.compile(
    r"^(?:(?:a|one|small|quick|minor|little|important|big|last|another)\s+)*"
    r"(?:correction|update|change|fix|news|amendment|erratum)s?$",
    re.I,
)
# A label naming the topic the news is on: "On the Portuguese front", "On the house front".
_TOPIC_FRONT_RE = re.compile(r"^(?:(?:and|so|oh)\s+)?on\s+the\s+[\w' -]{1,40}?\s+front$", re.I)
# A label naming where what follows is to be kept: "for the babysitter notes", "for my records", "for the wiki".
_KEPT_FOR_RE = re.compile(
    # (after what the speaker is doing: "Just to put it formally for the care file")
    r"^(?:(?:and|so|oh|ok)\s+)?(?:(?:just\s+)?to\s+(?:put|note|say|record|write|log)\b[\w' -]{0,30}?\s+)?for\s+(?!the\s+record$)(?:the|my|our|your)\s+(?:[\w'-]+\s+){0,3}?(?:notes?|list|docs?|document|"
    r"file|records?|sheet|page|wiki|handover|log|binder|folder)$",
    re.I,
)


def _names_its_place(label: str) -> bool:
    """The label says what the news is on or where it is to be kept, which a time or scope opening ("For
    today:", "On Mondays:") does not: "On the Portuguese front", "For the babysitter notes"."""
    return bool(_TOPIC_FRONT_RE.match(label) or _KEPT_FOR_RE.match(label))


def _only_informs(label: str) -> bool:
    """The label only says that news follows ("Heads up", "FYI", "For the record", "Correction"): whatever
    follows the colon is read on its own, even in a shape `states` does not know ("water to Block C is off
    ...")."""
    if _NEWS_KIND_RE.match(label) or _names_its_place(label):
        return True
    found = INFORMING_RE.match(label)
    return found is not None and not label[found.end() :].strip(" ,")


# How a letter announces what it says: "I am writing to let you know that ...", "Just to let you know, ...",
# "I would like to inform you that ...", "Please be advised that ...".
_ANNOUNCEMENT_RE = re.compile(
    r"^(?P<said>(?:(?:I\s+am|I'm|we\s+are|we're)\s+(?:just\s+)?writing\s+to\s+|(?:I|we)\s+(?:just\s+)?"
    r"(?:wanted|want|would\s+like|'d\s+like)\s+to\s+|(?:just\s+|this\s+is\s+)?to\s+|please\s+)?"
    r"(?:let\s+you\s+know|inform\s+you|tell\s+you|notify\s+you|advise\s+you|be\s+advised)"
    r"(?:\s+(?:of|about)\s+(?:a\s+)?(?:change|update)s?)?"
    # "I'm happy to share that ...", "We are sorry to report that ...": the news follows
    r"|(?:I\s+am|I'm|we\s+are|we're)\s+(?:(?:so|very|really)\s+)?(?:happy|pleased|glad|delighted|thrilled|"
    r"excited|proud|sad|sorry)\s+to\s+(?:share|announce|report|say|tell\s+you|let\s+you\s+know|inform\s+you)"
    # "I would like to confirm (the arrangement agreed with my manager:) ...": what is confirmed follows
    r"|(?:I|we)\s+(?:just\s+)?(?:would\s+like|'d\s+like|want|wanted)\s+to\s+confirm"
    r"(?:\s+(?:the|my|our)\s+[^:.;]{1,80}(?=:))?)\s*(?:that\b|,|:)?\s*(?P<rest>\S.*)$",
    re.I | re.S,
)
# A time or condition the announced statement opens with: "until the baby arrives, I will work from home".
_LEAD_RE = re.compile(
    r"^(?:until|till|while|after|before|when|once|from|as\s+of|starting)\b[^,:;]{1,60},\s*", re.I
)
_AND_THAT_RE = re.compile(r",?\s+and\s+that\s+", re.I)
# How a letter greets its reader before it announces ("Dear assistant, ", "Hello Ana, "), or a word that leads
# into the news ("Today I want to tell you ...", "So, I'd like to let you know ...").
_SALUTATION_RE = re.compile(
    r"^(?:(?:dear|hi|hello|hey)\s+[\w.' -]{1,30}?,|(?:today|tonight|so|also|now|anyway|well),?)\s*(?=\S)",
    re.I,
)


def announcement(sentence: str) -> tuple[str, str]:
    """(how a letter announces, what it announces): "I am writing to let you know that I have moved ..., and
    that my emergency contact is ..." → ("I am writing to let you know", "I have moved ..., and my emergency
    contact is ..."); ("", sentence) when the sentence announces nothing."""
    greeting = _SALUTATION_RE.match(sentence.strip())  # "Dear assistant, I am pleased to report that ..."
    head = greeting.group() if greeting else ""
    found = _ANNOUNCEMENT_RE.match(sentence.strip()[len(head) :])
    if found is None or not states(_LEAD_RE.sub("", found.group("rest"), count=1)):
        return "", sentence
    return head + found.group("said"), _AND_THAT_RE.sub(", and ", found.group("rest"))


# A subject said first and taken up again by a pronoun, as speech does: "my cousin Efe, in the family group chat,
# she's saying ..." → "my cousin Efe is saying ...".
_DISLOCATED_RE = re.compile(
    # (a noun phrase: "my wife is Ana, she teaches maths" says who she is, then of her)
    r"^(?P<np>(?:my|our)\s+(?:(?!(?:is|are|was|were|has|had)\b)[a-z]+\s+){0,2}(?-i:[A-Z][a-z]+)),\s*(?:[^,]{2,40},\s*)?"
    r"(?:she|he|they)(?P<verb>'s|'re|\s+is|\s+are|\s+was|\s+were|\s+has|\s+had)?(?P<rest>\s+\S.*)$",
    re.I | re.S,
)


def undislocated(sentence: str) -> str:
    """`sentence` with a subject said first and taken up by a pronoun put back as the subject."""
    found = _DISLOCATED_RE.match(strip_opening(sentence))
    if found is None:
        return sentence
    verb, rest = (found.group("verb") or "").strip(), found.group("rest")
    if verb in ("'s", "'re"):
        verb = "has" if re.match(r"\s+(?:got|been)\b", rest) else "is" if verb == "'s" else "are"
    return f"{found.group('np')} {verb}{rest}".replace("  ", " ") if verb else f"{found.group('np')}{rest}"


# What an employer, a school or a rota did to the speaker, said of an unnamed "they" (or of "work"): "They've put
# me on nights",
# "they moved me to ward 9", "they promoted me to sergeant". The speaker's state is the news.
_DONE_TO_ME_RE = re.compile(
    # ... or by "work", "my work", "the company", "my boss" ("Work's moved me to the Manchester office")
    r"^(?:(?:so|well|oh|and),?\s+)?(?:they|(?:my\s+|the\s+)?(?:work|company|firm|employer|boss|trust|council|"
    # ... or by a doctor: "my GP took me off sertraline", "the consultant's put me on a statin"
    r"gp|doctor|consultant|specialist|surgeon|nurse|dentist|physio))"
    r"(?:'ve|'s|\s+have|\s+has|\s+just|\s+finally|\s+now)*\s+(?P<verb>put|moved|switched|"
    r"transferred|posted|promoted|reassigned|relocated|seconded|rotated|made|took|taken)\s+(?P<me>me|us)\s+(?P<rest>"
    r"(?:on|onto|to|over|back|across|up|off)\b.*|(?-i:[a-z])[\w-]*\s+(?:lead|manager|head|captain|chair|"
    r"supervisor)\b.*)$",
    re.I | re.S,
)


# ... or one who treats the speaker done with them: "the physio signed me off", "the clinic discharged me"
_DISCHARGED_RE = re.compile(
    r"^(?:(?:so|well|oh|and),?\s+)?(?:the|my)\s+(?P<who>physio|physiotherapist|consultant|specialist|therapist|"
    r"counsellor|clinic|hospital|gp|doctor|dentist|surgeon)(?:'s|\s+has)?\s+(?:finally\s+|just\s+)?"
    # (not "signed me off work": off sick)
    r"(?:signed\s+(?P<me>me|us)\s+off(?!\s+(?:work|sick|school|college|uni|for)\b)|discharged\s+(?P<us>me|us))\b"
    r"(?P<rest>.*)$",
    re.I | re.S,
)


# ... or given another amount: "they've upped me to 16 hours a week", "work cut us to three days"
_AMOUNT_CHANGED_RE = re.compile(
    r"^(?:(?:so|well|oh|and),?\s+)?(?:they|(?:my\s+|the\s+)?(?:work|company|firm|employer|boss|manager))"
    r"(?:'ve|'s|\s+have|\s+has|\s+just|\s+finally|\s+now)*\s+(?:upped|cut|bumped|dropped|reduced|increased|"
    r"raised|put)\s+(?P<me>me|us)\s+(?:up\s+|down\s+|back\s+)?to\s+(?P<rest>\d.*|(?:one|two|three|four|five|six|seven|"
    r"eight|nine|ten)\b.*)$",
    re.I | re.S,
)


def done_to_the_speaker(sentence: str) -> str:
    """ "They've put me on nights from Monday" → "I've been put on nights from Monday": the speaker's new
    state, said of them (`sentence` unchanged when no unnamed "they" did something to the speaker)."""
    if amount := _AMOUNT_CHANGED_RE.match(sentence.strip()):  # "upped me to 16 hours a week": on 16 now
        rest = amount.group("rest").rstrip(" .!")
        now = "" if re.search(r"\bnow\b", rest) else " now"
        return f"{'I am' if amount.group('me').lower() == 'me' else 'We are'} on {rest}{now}."
    if done := _DISCHARGED_RE.match(sentence.strip()):  # "the physio signed me off": discharged by them
        who = "I've" if (done.group("me") or done.group("us")).lower() == "me" else "We've"
        return f"{who} been discharged by my {done.group('who')}{done.group('rest')}"
    found = _DONE_TO_ME_RE.match(sentence.strip())
    if found is None:
        return sentence
    who = "I've" if found.group("me").lower() == "me" else "We've"
    verb = "taken" if found.group("verb").lower() == "took" else found.group("verb").lower()
    return f"{who} been {verb} {found.group('rest')}"
