"""One sentence of what a person said → a candidate kind, or the reason it is not worth keeping.

Better to miss than to store noise: greetings, thanks, questions, reactions, feelings, opinions and
volatile state are dropped; what is kept is one compressed, de-subjectivised sentence.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.about_speaker import about_speaker, short_about_speaker
from reverie.adapters.local.rules.addressing import called
from reverie.adapters.local.rules.answer_style import answer_style as _answer_style
from reverie.adapters.local.rules.as_usual import wanted_as_always
from reverie.adapters.local.rules.asides import without_asides
from reverie.adapters.local.rules.clefts import uncleft
from reverie.adapters.local.rules.constraints import as_constraint, as_correction
from reverie.adapters.local.rules.day_outcomes import day_went
from reverie.adapters.local.rules.day_requests import for_the_day
from reverie.adapters.local.rules.elided_progressive import elided_progressive
from reverie.adapters.local.rules.fronted import days_after, place_after
from reverie.adapters.local.rules.keys import attribute_key, state_slot
from reverie.adapters.local.rules.language import compress, strip_emoji
from reverie.adapters.local.rules.longevity import (
    change_beside_its_cause,
    one_off,
    passing_mood,
    passing_state,
    without_passing_mood,
)
from reverie.adapters.local.rules.new_home import new_home
from reverie.adapters.local.rules.others_identity import named_identity
from reverie.adapters.local.rules.patterns import (
    GREETING_RE,
    GREETING_TAIL_RE,
    REACTION_RE,
    THANKS_RE,
    VOLATILE_RE,
)
from reverie.adapters.local.rules.plan_changes import booking, gave_up, moved, outcome
from reverie.adapters.local.rules.plan_instead import moved_instead
from reverie.adapters.local.rules.repeat_nuisance import momentary_level, nuisance_again
from reverie.adapters.local.rules.request_patterns import (
    CONTRAST_RE,
    CORRECTION_OPENER_RE,
    HABIT_MARKER_RE,
    MAIN_CLAUSE_END_RE,
    RATHER_NOT_RE,
    REACH_ME_RE,
    USE_ADDRESS_RE,
    WRAPPED_REQUEST_RE,
    YOU_RE,
)
from reverie.adapters.local.rules.said_ahead import said_ahead
from reverie.adapters.local.rules.slot_forms import owned_service
from reverie.adapters.local.rules.speaker_patterns import (
    BACK_FROM_RE,
    BACK_IN_RE,
    DANGLING_ONE_RE,
    ELIDED_SUBJECT_RE,
    FIRST_PERSON_SUBJECT_RE,
    PLAN_FATE_RE,
    PUT_OFF_RE,
    SUBJECT_I_RE,
    VALUED_RE,
)
from reverie.adapters.local.rules.statement_types import Drop, Speaker, Statement
from reverie.adapters.local.rules.stored_form import as_statement
from reverie.adapters.local.rules.subjects import first_person_clause
from reverie.adapters.local.rules.thing_went import thing_went
from reverie.adapters.local.rules.topic_then_clause import with_subject
from reverie.domain.guards import CREDENTIAL_KINDS
from reverie.domain.models import MemoryType
from reverie.domain.occasion import without_provisional

_FOR_US_RE = re.compile(r"^\s+for\s+(?:us|me)\b", re.I)
_CREDENTIAL_RE = re.compile(rf"\[REDACTED:(?:{'|'.join(sorted(CREDENTIAL_KINDS))})\]")
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
# A question asked by saying what the speaker does not know: "I forget when it runs", "I can't remember
# which port it was", "no idea if the flat has a lift" (not "I don't know how to swim": that is a fact).
_NOT_KNOWING_RE = re.compile(
    r"^(?:i\s+(?:always\s+|never\s+)?(?:forget|forgot|(?:have|'ve)\s+forgotten|(?:do\s*n[o']t|can\s*n[o']t|"
    r"cannot|don't|can't)\s+(?:remember|recall|know)|wonder|(?:am|'m)\s+not\s+sure)|not\s+sure|no\s+idea)"
    r"\s+(?:when|what|where|whether|if|which|who|why|how)\b(?!\s+to\b)",
    re.I,
)
# Who is typing, said as a greeting: "Bash here.", "Nana Joyce here!", "it's Priya here" (a name and "here",
# nothing after it but an aside in brackets).
_SELF_INTRODUCED_RE = re.compile(
    r"^(?:(?i:it's|its|this is)\s+)?(?:[A-Z][\w'-]*\s+){1,3}(?i:here)\s*(?:\((?P<aside>[^()]+)\))?[\s.!,:;-]*$"
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
# "Planning a trip to Bath on 3 May" too: what is planned, its "I'm" left out.
_ELIDED_PLAN_RE = re.compile(
    # ("going to be a long day" predicts; "going to be working from Lisbon", "gonna be in Leeds all week" plans)
    r"^(?:gonna|going to|planning (?:to|on|a|an|my|our)|wanna|hoping to)\b"
    r"(?! be\b(?! (?:[a-z]+ing|in|at|away|off|back|based|staying)\b))",
    re.I,
)
# A plan told with no owner: "the plan is we do the upgrade on Sunday", "plan is to fly out on the 3rd".
# A percentage that is a rate, not progress ("our mortgage is fixed at 4.2%", "remortgaged at 3.9%").
_RATE_RE = re.compile(
    r"\b(?:mortgage|remortgag\w*|interest|rate|apr|loan|savings|isa|pension|fixed|tracker)\b", re.I
)
_TOLD_PLAN_RE = re.compile(
    r"^(?:the\s+|so\s+(?:the\s+)?)?plan\s+(?:is|was)\s+(?:(?:that\s+)?(?:i|we)\b|to\b)", re.I
)
# Verbs whose past tense is their base form: said to the agent without a subject, they are requests.
_BASE_EQUALS_PAST = frozenset(
    "run set put let cut read hit shut quit spread cast cost hurt split bet".split()
)
# Past participles that say where one stands, not what one did: "Based at Leith station" is "I'm based at
# Leith station", "Married to Sam" is "I'm married to Sam" (never "I based", "I married": another meaning).
_STATE_PARTICIPLE_RE = re.compile(
    r"^(?:based|stationed|located|employed|enrolled|registered|married|engaged|subscribed) "
    r"(?:at|in|to|with|by|for|out of)\b",  # not "on": "Based on the survey, ..." is no one's state
    re.I,
)


def without_opening(text: str, pattern: re.Pattern[str]) -> str | None:
    """What follows a greeting or thanks ("Hey Nate, I love ..." → "I love ..."); None if nothing does."""
    if not pattern.match(text):
        return text
    rest = GREETING_TAIL_RE.match(text)
    remainder = rest.group("rest").strip() if rest else ""
    # "Hi Rex, rent goes up ...": what follows opens its own sentence
    return remainder[:1].upper() + remainder[1:] if len(remainder.split()) >= 3 else None


# A new thing got, said to be there now: "the new kitchen is in", "our new boiler is fitted", "the new sofa's here".
_NEW_THING_IN_RE = re.compile(
    r"^(?:the|my|our)\s+(?:brand[\s-]+)?new\s+(?P<what>[\w-]+(?:\s+[\w-]+)?)\s+(?:is|are|has\s+been|have\s+been)\s+"
    # ("the new place is in Chorlton" says where it is, not that it is in)
    r"(?:finally\s+|now\s+)?(?P<how>in(?!\s+(?:(?-i:[A-Z])|the\b|a\b|an\b))|here|fitted|installed|delivered|up|done)\b",
    re.I,
)


# What one is doing for months or years, said "at the moment" all the same: a degree, a course, training, a
# placement, an apprenticeship.
_LONG_PURSUIT_RE = re.compile(
    r"\b(?:doing|studying|taking|on)\s+(?:my|an?|the|a\s+part-time)\s+(?:[\w-]+\s+){0,2}?(?:MSc|MA|BSc|BA|PhD|MBA|"
    r"degree|masters|master's|doctorate|diploma|apprenticeship|course|training|placement|internship|residency|"
    r"GCSEs|A-levels|A\s+levels)\b",
    re.I,
)

# One's weight, said "at the moment" all the same: the value it has until the next one is said.
_WEIGHED_RE = re.compile(
    r"\b(?:weigh|weighs|weighing|weight\s+is|weight's)\s+(?:about\s+|around\s+|just\s+)?\d", re.I
)


_AT_ADDRESS_RE = re.compile(
    r"^(?P<who>i|we)(?:'m|'re|\s+am|\s+are)\s+(?:now\s+)?at\s+(?:(?:his|her|their|my|our|[\w-]+'s)\s+(?:place|flat|house)"
    r"\s*,\s*)?(?P<address>\d+[A-Za-z]?\s+(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,2}\s+(?-i:Road|Street|St|Avenue|Ave|"
    r"Lane|Close|Drive|Way|Court|Crescent|Place|Terrace|Gardens|Grove|Row|Square|Hill|Park|Walk|Mews))\b",
    re.I,
)
_SAYS_CORRECTION_RE = re.compile(r"^(?:correction|to\s+correct\s+(?:that|myself)|(?:my\s+)?typo)\b", re.I)


def classify(sentence: str, who: Speaker) -> Statement | Drop:
    """What one sentence (or clause) of a person's message is worth keeping as, by the sentence rules."""
    raw = without_asides(strip_emoji(sentence)).strip()  # "we adopted (don't judge) a cat"
    if not raw:
        return Drop("reaction")
    if raw.endswith("?") or _UNMARKED_QUESTION_RE.match(compress(raw)) or _NOT_KNOWING_RE.match(raw):
        return Drop("question")
    if _CREDENTIAL_RE.search(raw):
        return Drop("secret")  # a statement about a masked credential says nothing worth keeping
    if who.to_agent and (one_off(raw) or for_the_day(raw)):  # "... short today": a request for that day
        return Drop("one_off")  # "just for this reply, use a table": a request for now stays in the raw log
    opener = CORRECTION_OPENER_RE.match(raw)
    text = compress(raw)
    # ... put right in so many words ("Correction, the port is 3000"), replying or not
    if who.correcting or (opener and (who.replying or _SAYS_CORRECTION_RE.match(raw))):
        rest = compress(opener.group("rest")) if opener else text
        if not rest:
            return Drop("reaction")
        # "It's X I go to, not Y": "I go to X, not Y"; "bins are Tuesday nights": ours
        return as_correction(owned_service(uncleft(rest) or rest), who)
    if opener:
        text = compress(opener.group("rest"))
    # "At the food bank I run ...": "I run ... at the food bank"; "Fridays I'm ...": "I'm ... on Fridays"
    text = owned_service(days_after(place_after(uncleft(text) or text)))  # "Broadband is with Zen now": ours
    if not text:
        return Drop("reaction")
    for pattern, reason in ((THANKS_RE, "thanks"), (GREETING_RE, "greeting")):
        remainder = without_opening(text, pattern)
        if remainder is None:
            return Drop(reason)
        text = compress(remainder)
    if introduced := _SELF_INTRODUCED_RE.match(text):  # "Bash here.": who is typing, a greeting
        if not introduced.group("aside"):
            return Drop("greeting")
        # "Bash here (everyone calls me Bash)": what the aside says
        text = compress(introduced.group("aside"))
    if identity := named_identity(text, who):  # "Ana's vegan so no cheese": who Ana is
        return identity
    text = without_passing_mood(text)[0]  # "we lost 0-4 and the kids were in bits": the mood passes
    if passing_mood(text):
        return Drop("passing mood")
    if nuisance_again(text) or momentary_level(text):  # "the train was cancelled again", "my phone is full"
        if (change := change_beside_its_cause(text, _nuisance_or_level)) is None:
            return Drop("passing state")
        text = change  # "upgraded to a Pixel 8, the iPhone battery was dead": the upgrade lasts
    wrapped = WRAPPED_REQUEST_RE.match(text) if who.to_agent else None
    if wrapped:  # "I want you to open PRs from now on" → "open PRs from now on"
        text = wrapped.group("rest")
    if who.to_agent and (rather := RATHER_NOT_RE.match(text)):  # "I'd rather you didn't use emojis"
        text = f"Don't {rather.group('rest')}"
    if _ELIDED_I_DONT_RE.match(text):  # "don't want to call and ask": the speaker, not a rule for the agent
        text = f"I {text}"
    # "we're at his place, 7 Calder Road": where they live, by its address
    text = _AT_ADDRESS_RE.sub(lambda m: f"{m.group('who')} live at {m.group('address')}", text)
    if name := called(text, who):  # "Call me James": how to address them, for good
        return name
    # "Please message rather than ring me", "text me instead": how to reach them, for good (the way set against
    # another, as "always" would)
    reach = REACH_ME_RE.match(text)
    if reach and (
        rule := as_constraint(f"Always {reach.group('rest')[:1].lower()}{reach.group('rest')[1:]}", who)
    ):
        return rule
    if _REQUEST_RE.search(text) and (not who.to_agent or as_constraint(text, who) is None):
        return Drop("request")  # to an agent, "Please send me a summary after each task" may be a rule
    address = USE_ADDRESS_RE.match(text) if who.to_agent else None
    if address:  # "Use postgres://reader@db.internal/warehouse": where things are, not a request for now
        return as_statement(MemoryType.FACT, f"I use {address.group('what')}", who, short_ok=True)
    if ahead := said_ahead(text, who):  # "From 1 March I'll be based at BRS": the new value, from that day
        return ahead
    if arrived := _NEW_THING_IN_RE.match(
        text
    ):  # "The new kitchen is in and it looks great": got, a plan's end
        return as_statement(MemoryType.FACT, f"My new {arrived.group('what')} is {arrived.group('how')}", who)
    fate = PLAN_FATE_RE.match(text)
    if fate:  # how a plan ended: a fact about the speaker's plan, whoever the grammatical subject is
        rest = fate.group("rest")
        verb, end = (
            (fate.group("through").lower(), "through")
            if fate.group("through")
            else (fate.group("verb").lower(), fate.group("fate").lower())
        )
        # "Glastonbury's off for us": the plan for it, and for whom goes without saying
        if fate.group("named"):
            what = f"plan for {fate.group('named')}"
            rest = _FOR_US_RE.sub("", rest)
        else:
            what = fate.group("what")
        return as_statement(MemoryType.FACT, f"My {what} {verb} {end}{rest}", who)
    if (
        changed := booking(text, who) or moved(text, who) or outcome(text, who) or gave_up(text, who)
    ):  # "MOT done"
        return changed
    if changed := moved_instead(text, who):  # "Going Saturday 21 March instead": the plan talked of
        return changed
    if went := day_went(text, who):  # "Yesterday went brilliantly, 37 volunteers came": that day's outcome
        return went
    if went := thing_went(text, who):  # "the memory clinic went fine, no sign of dementia": what came of it
        return went
    put_off = PUT_OFF_RE.match(text)
    if put_off:  # "Japan another time, maybe": the plan for it is off for now
        what = put_off.group("what")
        what = what[:1].lower() + what[1:] if what.lower().startswith("the ") else what
        return as_statement(MemoryType.FACT, f"My plan for {what} is put off ({put_off.group('when')})", who)
    home = BACK_IN_RE.match(text)
    if home:  # "I'm back in Warsaw since Friday": where the speaker is based again
        return as_statement(
            MemoryType.FACT, f"I'm back in {home.group('where')}{home.group('rest') or ''}", who
        )
    back = BACK_FROM_RE.match(text)
    if back:
        return as_statement(MemoryType.FACT, f"I came back from {back.group('where').strip(' ,.!')}.", who)
    volatile = VOLATILE_RE.search(
        without_provisional(text)
    )  # "basal is 0.65u/hr for now" holds until replaced
    if (
        volatile
        and not ("%" in volatile.group(0) and _RATE_RE.search(text))  # "fixed at 4.2%": a rate
        and not _LONG_PURSUIT_RE.search(text)  # "doing my MSc at UCL atm": for a year, whatever "atm" says
        and not _WEIGHED_RE.search(text)  # "I weigh 82 kilos at the moment": until the next weight is said
    ):
        return Drop("volatile")
    if who.replying and CONTRAST_RE.match(text) and FIRST_PERSON_SUBJECT_RE.search(text):
        return as_correction(text, who)
    constraint = as_constraint(text, who)
    if constraint is not None:
        return constraint
    if style := _answer_style(text, who):
        return style
    if passing_state(text):  # "Publishing is failing in CI", "my calves are tight": not worth a card
        if (change := change_beside_its_cause(text)) is None:
            return Drop("passing state")
        text = change  # "upgraded to a Pixel 8, the iPhone battery was dead": the upgrade lasts
    if who.to_agent and HABIT_MARKER_RE.search(text) and not SUBJECT_I_RE.search(text):
        wanted = HABIT_MARKER_RE.sub("", text).strip(" ,.")
        if not wanted:  # "Yes, as always": an answer that confirms the question asked, no new rule
            return Drop("reaction")
        return as_statement(MemoryType.PREFERENCE, wanted_as_always(wanted, who), who, subjective=True)
    valued = VALUED_RE.match(text)
    if valued and not _OTHER_SUBJECT_RE.match(text):
        return as_statement(MemoryType.PREFERENCE, text, who, subjective=True)
    if _TOLD_PLAN_RE.match(text):
        return as_statement(MemoryType.PLAN, text, who, confidence=0.5)
    found = first_person_clause(text)
    if found is None and (subjected := with_subject(text)):  # "Bad flare, saw my GP today": "I" put back
        found = first_person_clause(subjected)
    if found is None:
        if not (ELIDED_SUBJECT_RE.match(text) or _ELIDED_PLAN_RE.match(text) or elided_progressive(text)):
            if REACTION_RE.match(text):
                return Drop("reaction")
            # "the wifi in the new house in Utrecht is slow": where the speaker lives now, said in passing
            return new_home(text, who) or short_about_speaker(text, who)
        opening = text.split(" ", 1)[0].lower()
        if who.to_agent and opening in _BASE_EQUALS_PAST:
            return Drop("request")  # "Run the tests please": an instruction for now, not a fact
        state = opening.endswith("ing") or _STATE_PARTICIPLE_RE.match(text)
        subject = "I've" if opening == "been" else "I'm" if state else "I"
        clause = f"{subject} {text[:1].lower()}{text[1:]}"
        found = clause, clause
    if DANGLING_ONE_RE.match(found[1]):
        return Drop("unresolved reference")  # "my old one cracked": one what?
    if who.to_agent and YOU_RE.search(MAIN_CLAUSE_END_RE.split(found[1], maxsplit=1)[0]):
        return Drop("request")  # "I'm setting you up as my assistant": about the conversation, not the user
    result = about_speaker(*found, who)
    whole = text.strip().lower().startswith(found[0].strip().lower())  # not a clause after something else
    if isinstance(result, Drop) and result.reason == "not a statement" and whole:
        # "I get the 8:02 now": a state of theirs, by its slot, whatever its verb
        key = attribute_key(found[1], who.subject)
        return (
            as_statement(MemoryType.FACT, found[0], who, key=key, short_ok=True)
            if state_slot(key)
            else result
        )
    return result


def _nuisance_or_level(text: str) -> bool:
    return nuisance_again(text) or momentary_level(text)
