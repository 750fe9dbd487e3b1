"""One sentence of what a person said → a candidate kind, or the reason it is not worth keeping.

Better to miss than to store noise: greetings, thanks, questions, reactions, feelings, opinions and
volatile state are dropped; what is kept is one compressed, de-subjectivised sentence.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.answer_style import answer_style as _answer_style
from reverie.adapters.local.rules.dates import resolve_relative_dates
from reverie.adapters.local.rules.keys import answer_style_key, attribute_key, preference_key, vocabulary_key
from reverie.adapters.local.rules.language import compress, finish, strip_emoji
from reverie.adapters.local.rules.longevity import one_off, passing_mood, passing_state, without_passing_mood
from reverie.adapters.local.rules.named_speaker import desubjectivise
from reverie.adapters.local.rules.patterns import (
    FEELING_RE,
    GREETING_RE,
    GREETING_TAIL_RE,
    OPINION_RE,
    OPINION_TAIL_RE,
    REACTION_OBJECT_RE,
    REACTION_RE,
    THANKS_RE,
    VOLATILE_RE,
)
from reverie.adapters.local.rules.request_patterns import (
    CONSTRAINT_OPENER_RE,
    CONTRAST_RE,
    CORRECTION_OPENER_RE,
    HABIT_MARKER_RE,
    HAVE_TO_RE,
    IMPERATIVE_RE,
    MAIN_CLAUSE_END_RE,
    MUST_RE,
    NO_THING_RE,
    NOT_A_RULE_AFTER_RE,
    RULE_MARKER_RE,
    SOFT_NEGATIVE_RE,
    STATE_FROM_NOW_RE,
    USE_ADDRESS_RE,
    WHILE_RULE_RE,
    WRAPPED_REQUEST_RE,
    YOU_RE,
)
from reverie.adapters.local.rules.speaker_patterns import (
    BACK_FROM_RE,
    BACK_IN_RE,
    DANGLING_ONE_RE,
    DOING_A_THING_RE,
    ELIDED_SUBJECT_RE,
    FAVOURITE_RE,
    FIRST_PERSON_SUBJECT_RE,
    GENERIC_VERB_RE,
    GOAL_RE,
    HABIT_RE,
    HAVE_RE,
    IDENTITY_RE,
    INTRO_RE,
    MY_ANYTHING_RE,
    NAMED_MEMBERSHIP_RE,
    NEGATED_HABIT_RE,
    NOT_A_FACT_VERBS,
    NOT_A_NEGATED_FACT_VERBS,
    NOT_A_PLAN_RE,
    NOT_AN_ACTIVITY_RE,
    PAST_RE,
    PERFECT_RE,
    PLAN_FATE_RE,
    PLAN_RE,
    PREFERENCE_RE,
    PUT_OFF_RE,
    SUBJECT_I_RE,
    VALUED_RE,
)
from reverie.adapters.local.rules.statement_types import Drop, Speaker, Statement
from reverie.adapters.local.rules.subjects import core, first_person_clause
from reverie.adapters.local.rules.thing_patterns import CAPITALISED_RE
from reverie.domain.guards import CREDENTIAL_KINDS, mask_secrets
from reverie.domain.models import MemoryType, Stability
from reverie.domain.text import content_words, entities

MIN_CONTENT_WORDS = 2  # "Alice forgot." says nothing that will matter in a month; "Tim plays clarinet" does
_CREDENTIAL_RE = re.compile(rf"\[REDACTED:(?:{'|'.join(sorted(CREDENTIAL_KINDS))})\]")
_DIGIT_RE = re.compile(r"\d")
_ABOUT_ME_RE = re.compile(r"\b(?:me|my)\b", re.I)
_MENTIONS_SPEAKER_RE = re.compile(r"\b(?:my|me|our|us)\b", re.I)
SHORT_ABOUT_SPEAKER_WORDS = 10  # "My dog Max turned five last week.": short enough to be one idea
_PLEASE_RE = re.compile(r"^please\s+", re.I)
# "Don't" before a verb of the mind or of wanting: the speaker's "I" left out, never an order ("don't want to
# call and ask", "don't know which one is right", "don't really care").
_ELIDED_I_DONT_RE = re.compile(
    r"^(?:don'?t|do not|didn'?t)\s+(?:really\s+|even\s+)?(?:want|need|know|think|care|mind|remember|feel|"
    r"understand|get\s+it|see\s+why|have\s+(?:time|the\s+energy))\b",
    re.I,
)
# A question typed without its mark: a question word and then its auxiliary, the order only a question has
# ("why isnt my change on staging yet", "where's the invoice"; "When I was ten, ..." states).
_UNMARKED_QUESTION_RE = re.compile(
    r"^(?:why|how|what|where|when|who|which)(?:'s|'re|\s+(?:is|isn't|are|aren't|was|wasn't|were|do|does|"
    r"doesn't|did|didn't|don't|can|can't|could|would|will|won't|should|has|hasn't|have|haven't)\b)",
    re.I,
)
_OTHER_SUBJECT_RE = re.compile(r"^(?:it|that|this|they|he|she|you)\b", re.I)
# Asking the listener to get back ("Let me know if you're around", "ping me when it's green"): a request
# for now, not a fact about the speaker (who would otherwise become "Tim let Tim know ...").
_REQUEST_RE = re.compile(
    r"(?:^|[,;:]\s*)(?:(?:just|please|pls|so|and|but|then|do)\s+)*"
    r"(?:(?:let|keep)\s+(?:me|us)\s+(?:know|posted|updated|in the loop)|"
    r"(?:tell|show|send|ping|text|call|remind|message|update)\s+(?:me|us))\b",
    re.I,
)
_SO_RE = re.compile(r"\bso\b", re.I)
_SUBORDINATOR_END_RE = re.compile(
    r"\b(?:when|whenever|if|unless|because|since|until|till|while|before|after|once|where|as)$", re.I
)
_ELIDED_PLAN_RE = re.compile(r"^(?:gonna|going to|planning (?:to|on)|wanna|hoping to)\b(?! be\b)", re.I)


def render(text: str, who: Speaker, strip_tail: bool = True) -> str:
    """Compressed, dated, de-subjectivised, masked: the statement as stored."""
    text = compress(text)
    text = resolve_relative_dates(text, who.ts)
    if strip_tail:
        tail = OPINION_TAIL_RE.search(text)
        if (
            tail
            and tail.start() > 0
            and not _DIGIT_RE.search(tail.group(0))
            and not _names(tail.group(0))
            and not _SUBORDINATOR_END_RE.search(text[: tail.start()])  # "aches when it's damp": a condition
            and not RULE_MARKER_RE.search(tail.group(0))  # "so it's android from now on": what holds now
        ):
            text = text[: tail.start()]
    text = HABIT_MARKER_RE.sub("", text)
    text = desubjectivise(text, who.name)
    return finish(mask_secrets(text).text)


def _names(text: str) -> bool:
    return CAPITALISED_RE.search(text) is not None


def salience(kind: MemoryType, text: str, who: Speaker) -> float:
    """Corrections and human intervention highest; constraints high; named entities and numbers medium."""
    base = {
        MemoryType.CORRECTION: 0.95,
        MemoryType.CONSTRAINT: 0.8,
        MemoryType.PREFERENCE: 0.45,
        MemoryType.PLAN: 0.4,
    }.get(kind, 0.35)
    if who.replying and kind in (MemoryType.CONSTRAINT, MemoryType.PREFERENCE):
        base += 0.05  # the user stepped in while the agent worked
    others = [
        e
        for e in entities(text[:1].lower() + text[1:])
        if e != who.name.lower() and e not in ("user", "the user")
    ]
    if others or _DIGIT_RE.search(text):
        base += 0.15
    ceiling = {MemoryType.CORRECTION: 1.0, MemoryType.CONSTRAINT: 0.9}.get(kind, 0.7)
    return round(min(base, ceiling), 2)


def _stmt(
    kind: MemoryType,
    text: str,
    who: Speaker,
    *,
    key: str | None = None,
    subjective: bool = False,
    stability: Stability = Stability.NORMAL,
    confidence: float = 0.6,
    short_ok: bool = False,
) -> Statement | Drop:
    rendered = render(text, who, strip_tail=kind is not MemoryType.CORRECTION)
    name_words = set(content_words(who.name))
    words = [w for w in content_words(rendered) if w not in name_words]
    # A keyed fact or an identity may be short: "Ana is single", "Ana is a nurse".
    if len(words) < MIN_CONTENT_WORDS and not ((key or short_ok) and words):
        return Drop("too short")
    return Statement(
        type=kind,
        text=rendered,
        key=key,
        subjective=subjective,
        stability=stability,
        confidence=confidence,
        salience=salience(kind, text, who),
    )


def _correction(text: str, who: Speaker) -> Statement | Drop:
    head = CONTRAST_RE.match(text)
    key = vocabulary_key(head.group("head") if head else text, who.subject) or attribute_key(
        core(text), who.subject
    )
    return _stmt(MemoryType.CORRECTION, text, who, key=key, confidence=0.8, stability=Stability.HIGH)


# Verbs whose past tense is their base form: said to the agent without a subject, they are requests.
_BASE_EQUALS_PAST = frozenset(
    "run set put let cut read hit shut quit spread cast cost hurt split bet".split()
)


def _constraint(text: str, who: Speaker) -> Statement | Drop | None:
    opener = CONSTRAINT_OPENER_RE.search(text)
    if opener:
        clause = opener.group("clause")
        if NOT_A_RULE_AFTER_RE.match(clause):
            return None
        if clause.lower().startswith(("do not", "don't", "dont", "please do not", "please don't")) and (
            not who.to_agent or SOFT_NEGATIVE_RE.match(clause)
        ):
            return None
        if not who.to_agent and not _ABOUT_ME_RE.search(clause):
            return None  # between two people, a rule is only memorable when it is about the speaker
        head = text[: opener.start()].strip(" ,")
        if _SO_RE.search(text[opener.start() : opener.start("clause")]) or (
            head and (INTRO_RE.match(head) or RULE_MARKER_RE.fullmatch(head))
        ):
            # The rule's reason or scope stays with it: "The cluster is reserved until 14 May, so don't
            # schedule anything on it", "For this project only, always use tabs".
            clause = text
        clause = _PLEASE_RE.sub("", clause)
        key = answer_style_key(clause, who.subject)
        return _stmt(MemoryType.CONSTRAINT, clause, who, key=key, confidence=0.7, stability=Stability.HIGH)
    scoped = WHILE_RULE_RE.match(text) if who.to_agent else None
    if scoped and (
        IMPERATIVE_RE.match(scoped.group("rule")) or CONSTRAINT_OPENER_RE.match(scoped.group("rule"))
    ):
        # "While I'm in Nairobi, put my calls in Nairobi time": a rule for as long as the state lasts
        return _stmt(MemoryType.CONSTRAINT, text, who, confidence=0.7, stability=Stability.HIGH)
    if who.to_agent and NO_THING_RE.match(text):
        return _stmt(MemoryType.CONSTRAINT, text, who, confidence=0.7, stability=Stability.HIGH)
    if (MUST_RE.search(text) and (who.to_agent or _ABOUT_ME_RE.search(text))) or (
        who.to_agent
        and (HAVE_TO_RE.search(text) or RULE_MARKER_RE.search(text))
        and not SUBJECT_I_RE.search(text)
        and not STATE_FROM_NOW_RE.search(text)
    ):
        return _stmt(MemoryType.CONSTRAINT, text, who, confidence=0.7, stability=Stability.HIGH)
    return None


def _about_speaker(clause: str, core: str, who: Speaker) -> Statement | Drop:
    """Preferences, plans and facts whose subject is the speaker."""
    lowered = core.lower()
    favourite = FAVOURITE_RE.match(lowered)
    if favourite:
        key = attribute_key(core, who.subject)
        return _stmt(MemoryType.PREFERENCE, clause, who, key=key, subjective=True)
    preference = PREFERENCE_RE.match(lowered)
    if preference:
        obj = preference.group("obj").strip()
        if not obj or REACTION_OBJECT_RE.match(obj):
            return Drop("reaction")
        key = answer_style_key(obj, who.subject) or preference_key(preference.group("verb"), obj, who.subject)
        return _stmt(MemoryType.PREFERENCE, clause, who, key=key, subjective=True)
    if OPINION_RE.match(lowered):
        return Drop("opinion")
    goal = GOAL_RE.match(lowered)
    plan = PLAN_RE.match(lowered) or goal
    if plan:
        if not plan.group("rest") or NOT_A_PLAN_RE.match(plan.group("rest")):
            return Drop("reaction")
        # An intention ("I'm going to ...") is soon done or dropped; a stated goal or dream holds for months.
        stability = Stability.NORMAL if goal else Stability.VOLATILE
        return _stmt(MemoryType.PLAN, clause, who, confidence=0.5, stability=stability)
    identity = IDENTITY_RE.match(lowered)
    if (
        identity
        and identity.group("ing")
        and NOT_AN_ACTIVITY_RE.search(identity.group("ing"))
        and not (identity.group("ing") == "doing" and DOING_A_THING_RE.match(lowered[identity.end() :]))
    ):
        identity = None
    if identity is None and NAMED_MEMBERSHIP_RE.match(core):
        return _stmt(MemoryType.FACT, clause, who, key=attribute_key(core, who.subject), short_ok=True)
    if FEELING_RE.match(lowered) and not identity:
        return Drop("feeling")
    if identity or any(r.match(lowered) for r in (PAST_RE, PERFECT_RE, HAVE_RE, HABIT_RE)):
        key = attribute_key(core, who.subject)
        short_ok = identity is not None and identity.group("what").strip() in ("a", "an")
        return _stmt(MemoryType.FACT, clause, who, key=key, short_ok=short_ok)
    negated = NEGATED_HABIT_RE.match(lowered)
    if negated and negated.group("verb") not in NOT_A_FACT_VERBS | NOT_A_NEGATED_FACT_VERBS:
        return _stmt(MemoryType.FACT, clause, who, key=attribute_key(core, who.subject))
    if MY_ANYTHING_RE.match(lowered):
        return _stmt(MemoryType.FACT, clause, who, key=attribute_key(core, who.subject))
    generic = GENERIC_VERB_RE.match(lowered)
    if generic and generic.group("verb") not in NOT_A_FACT_VERBS:
        return _stmt(MemoryType.FACT, clause, who, key=attribute_key(core, who.subject))
    return Drop("not a statement")


def _short_about_speaker(text: str, who: Speaker) -> Statement | Drop:
    """A short sentence that mentions the speaker without "I" as its subject ("My dog Max turned five
    last week.", "The kids loved our trip to the lake."): a fact about them; anything else is dropped.
    Said to an agent, it must open with its subject: "Book me a desk" is a request for now."""
    if "?" in text or len(text.split()) > SHORT_ABOUT_SPEAKER_WORDS or not _MENTIONS_SPEAKER_RE.search(text):
        return Drop("not a statement")
    if who.to_agent and IMPERATIVE_RE.match(text):
        return Drop("request")
    return _stmt(MemoryType.FACT, text, who)


def without_opening(text: str, pattern: re.Pattern[str]) -> str | None:
    """What follows a greeting or thanks ("Hey Nate, I love ..." → "I love ..."); None if nothing does."""
    if not pattern.match(text):
        return text
    rest = GREETING_TAIL_RE.match(text)
    remainder = rest.group("rest").strip() if rest else ""
    return remainder if len(remainder.split()) >= 3 else None


def classify(sentence: str, who: Speaker) -> Statement | Drop:
    """What one sentence (or clause) of a person's message is worth keeping as, by the sentence rules."""
    raw = strip_emoji(sentence).strip()
    if not raw:
        return Drop("reaction")
    if raw.endswith("?") or _UNMARKED_QUESTION_RE.match(compress(raw)):
        return Drop("question")
    if _CREDENTIAL_RE.search(raw):
        return Drop("secret")  # a statement about a masked credential says nothing worth keeping
    if who.to_agent and one_off(raw):
        return Drop("one_off")  # "just for this reply, use a table": a request for now stays in the raw log
    opener = CORRECTION_OPENER_RE.match(raw)
    text = compress(raw)
    if who.correcting or (who.replying and opener):
        rest = compress(opener.group("rest")) if opener else text
        if not rest:
            return Drop("reaction")
        return _correction(rest, who)
    if opener:
        text = compress(opener.group("rest"))
    if not text:
        return Drop("reaction")
    for pattern, reason in ((THANKS_RE, "thanks"), (GREETING_RE, "greeting")):
        remainder = without_opening(text, pattern)
        if remainder is None:
            return Drop(reason)
        text = compress(remainder)
    text = without_passing_mood(text)[0]  # "we lost 0-4 and the kids were in bits": the mood passes
    if passing_mood(text):
        return Drop("passing mood")
    wrapped = WRAPPED_REQUEST_RE.match(text) if who.to_agent else None
    if wrapped:  # "I want you to open PRs from now on" → "open PRs from now on"
        text = wrapped.group("rest")
    if _ELIDED_I_DONT_RE.match(text):  # "don't want to call and ask": the speaker, not a rule for the agent
        text = f"I {text}"
    if _REQUEST_RE.search(text) and (not who.to_agent or _constraint(text, who) is None):
        return Drop("request")  # to an agent, "Please send me a summary after each task" may be a rule
    address = USE_ADDRESS_RE.match(text) if who.to_agent else None
    if address:  # "Use postgres://reader@db.internal/warehouse": where things are, not a request for now
        return _stmt(MemoryType.FACT, f"I use {address.group('what')}", who, short_ok=True)
    fate = PLAN_FATE_RE.match(text)
    if fate:  # how a plan ended: a fact about the speaker's plan, whoever the grammatical subject is
        what, verb, rest = fate.group("what"), fate.group("verb").lower(), fate.group("rest")
        return _stmt(MemoryType.FACT, f"My {what} {verb} {fate.group('fate').lower()}{rest}", who)
    put_off = PUT_OFF_RE.match(text)
    if put_off:  # "Japan another time, maybe": the plan for it is off for now
        what = put_off.group("what")
        what = what[:1].lower() + what[1:] if what.lower().startswith("the ") else what
        return _stmt(MemoryType.FACT, f"My plan for {what} is put off ({put_off.group('when')})", who)
    home = BACK_IN_RE.match(text)
    if home:  # "I'm back in Warsaw since Friday": where the speaker is based again
        return _stmt(MemoryType.FACT, f"I'm back in {home.group('where')}{home.group('rest') or ''}", who)
    back = BACK_FROM_RE.match(text)
    if back:
        return _stmt(MemoryType.FACT, f"I came back from {back.group('where').strip(' ,.!')}.", who)
    if VOLATILE_RE.search(text):
        return Drop("volatile")
    if who.replying and CONTRAST_RE.match(text) and FIRST_PERSON_SUBJECT_RE.search(text):
        return _correction(text, who)
    constraint = _constraint(text, who)
    if constraint is not None:
        return constraint
    if style := _answer_style(text, who):
        return style
    if passing_state(text):  # "Publishing is failing in CI", "my calves are tight": not worth a card
        return Drop("passing state")
    if who.to_agent and HABIT_MARKER_RE.search(text) and not SUBJECT_I_RE.search(text):
        wanted = HABIT_MARKER_RE.sub("", text).strip(" ,.")
        return _stmt(
            MemoryType.PREFERENCE,
            f"{who.name} always wants {wanted[:1].lower()}{wanted[1:]}",
            who,
            subjective=True,
        )
    valued = VALUED_RE.match(text)
    if valued and not _OTHER_SUBJECT_RE.match(text):
        return _stmt(MemoryType.PREFERENCE, text, who, subjective=True)
    found = first_person_clause(text)
    if found is None:
        if not (ELIDED_SUBJECT_RE.match(text) or _ELIDED_PLAN_RE.match(text)):
            if REACTION_RE.match(text):
                return Drop("reaction")
            return _short_about_speaker(text, who)
        opening = text.split(" ", 1)[0].lower()
        if who.to_agent and opening in _BASE_EQUALS_PAST:
            return Drop("request")  # "Run the tests please": an instruction for now, not a fact
        subject = "I've" if opening == "been" else "I'm" if opening.endswith("ing") else "I"
        clause = f"{subject} {text[:1].lower()}{text[1:]}"
        found = clause, clause
    if DANGLING_ONE_RE.match(found[1]):
        return Drop("unresolved reference")  # "my old one cracked": one what?
    if who.to_agent and YOU_RE.search(MAIN_CLAUSE_END_RE.split(found[1], maxsplit=1)[0]):
        return Drop("request")  # "I'm setting you up as my assistant": about the conversation, not the user
    return _about_speaker(*found, who)
