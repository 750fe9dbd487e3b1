"""One sentence → the statements it joins, and what is cut out of it before anything is kept.

"I'm a nurse, and I have two daughters" states two ideas: each becomes its own candidate. A sentence is
split only where both sides are complete statements, each with its own subject and verb: two first-person
clauses ("I live in Porto, and my partner is Ana"), two statements about things ("The API listens on
8080, and the admin UI runs on 9090"; "its CI runs on ..." is read as the first subject's), or a clause
that opens a rule or scopes a request to the occasion ("..., but always deploy to eu-west-1", "..., but
just this once use npm"). "I work at Feedzai as a data engineer", "Ana and I moved to Porto" or "I live
in Porto, and the rent is cheap" stay whole.

What a sentence opens with before its statements (a label, a letter's announcement) is `sentence_openings`;
what a clause carrying a secret costs is `secret_clauses`.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.asides import without_asides
from reverie.adapters.local.rules.clause_shapes import SAID_OF_IT, habit_after, only_when
from reverie.adapters.local.rules.comma_names import without_comma_name
from reverie.adapters.local.rules.fronted_reason import news_parts, without_background
from reverie.adapters.local.rules.habit_changes import changes_a_habit
from reverie.adapters.local.rules.kin_words import opens_with_parent
from reverie.adapters.local.rules.language import INFORMING_RE, strip_opening
from reverie.adapters.local.rules.longevity import one_off
from reverie.adapters.local.rules.losses import lost
from reverie.adapters.local.rules.moved_over import cause_names_what_was_left
from reverie.adapters.local.rules.named_clause import named_clause
from reverie.adapters.local.rules.named_earlier import named_earlier
from reverie.adapters.local.rules.named_notes import note_subject, notes_apart
from reverie.adapters.local.rules.named_things import names_its_subject
from reverie.adapters.local.rules.own_mistakes import explains_a_mistake
from reverie.adapters.local.rules.phrase_then_i import statement_after_phrase
from reverie.adapters.local.rules.pursuits import continues_pursuit
from reverie.adapters.local.rules.references import is_or_has, people_named
from reverie.adapters.local.rules.request_patterns import (
    ALL_ROUTED_RE,
    REACH_ME_RE,
    RULE_MARKER_RE,
    SOFT_NEGATIVE_RE,
    USE_ADDRESS_RE,
)
from reverie.adapters.local.rules.roles import leads_the_speaker, names_a_holder
from reverie.adapters.local.rules.said_ahead import opens_ahead
from reverie.adapters.local.rules.slot_forms import owned_person
from reverie.adapters.local.rules.speaker_patterns import (
    ELIDED_SUBJECT_RE,
    FIRST_PERSON_SUBJECT_RE,
    INTRO_RE,
    MY_ATTRIBUTE_RE,
    PLAN_FATE_RE,
)
from reverie.adapters.local.rules.specificity import SPECIFIC_ENOUGH, specificity
from reverie.adapters.local.rules.taste_lost import taken_to_instead
from reverie.adapters.local.rules.thing_patterns import ABOUT_A_THING_RE, BARE_PLURAL_RE

_MASKED_RE = re.compile(r"\[REDACTED:[a-z_]+\]")
_SENTENCE_END_RE = re.compile(r"((?<=[.!?])\s+|\n+)")
# Where clauses meet: a comma (with or without a conjunction), or a bare "and" / "but" / "plus".
# ("..., so I never eat meat" follows from what precedes it: one idea, not split.)
JOINT_RE = re.compile(
    r"((?<!\d(?=,\d))\s*,\s*(?:(?:and|but|plus)\s+)?(?:also\s+(?=i\b|i'|we\b|my\b))?|\s+(?:and|but|plus)\s+)",
    re.I,
)
# A rule that opens a clause of its own ("..., but always deploy to eu-west-1"); a marker that ends one
# (", every time") belongs to the clause before it.
_RULE_OPENING_RE = re.compile(
    r"(?:please\s+)?(?:always|never|don'?t ever|do not ever|make sure|from now on,?|going forward,?)"
    r"(?:\s+[\w'-]+){2}",
    re.I,
)
SCOPE_OPENING_RE = re.compile(r"(?:just|only|for|this|today|tonight)\b", re.I)
# An imperative "don't" opening a clause of its own ("..., and please don't touch legacy/"), not a soft one.
_DONT_OPENING_RE = re.compile(r"(?:please\s+)?(?:do not|don'?t)\s+[\w'-]+\s+[\w'/-]+", re.I)
_VERB = r"(?:is|are|was|were|has|have|had|will|would|can|do|does|did|got|[a-z]+[^s\W]s|[a-z]+ed)\b"
# A first-person subject and a verb: "I have ...", "we're ...", "my partner is ...", "our two kids go ...".
_STATEMENT_RE = re.compile(
    r"^(?:(?:I|we)(?:'m|'ve|'d|'ll|'re)?\s+[\w'-]+\b|(?:my|our)\s+(?:[\w'-]+\s+){1,3}?" + _VERB + r")", re.I
)
_SUBJECT_RE = re.compile(
    r"^(?P<subject>(?:my|our|the|this|that)\s+(?:[\w.@/'-]+\s+){0,3}?[\w.@/'-]+)\s+" + _VERB, re.I
)
_POSSESSIVE_RE = re.compile(r"^(?:its|their)\s+", re.I)
_HIS_RE = re.compile(r"^(?:his|her)\s+(?=[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:is|are|was)\b)", re.I)
# A second verb of the same subject said without it: "I live in Cork and work as a chef", "my brother lives in
# Cork and works as a chef". Verbs of where one lives, works or what one does: each its own lasting fact.
_ELIDED_VERB_RE = re.compile(
    r"^(?P<verb>(?:work|live|teach|study|studie|volunteer|coach|train|lead|manage)s?)\s+(?:as|at|in|for|on|with)\s+\S",
    re.I,
)
# ... of someone named, or named by whose they are ("my brother", "Ana"), with a verb in -s.
_THIRD_PERSON_RE = re.compile(
    r"^(?P<who>(?:my|our|his|her)\s+[a-z]+(?:\s+(?-i:[A-Z])[\w-]*)?|(?-i:[A-Z])[\w-]*)\s+[a-z]+s\s+\S", re.I
)
# A clause whose subject is a pronoun, with its verb: "it's freezing this week", "they were late".
_PRONOUN_CLAUSE_RE = re.compile(
    r"^(?:it|that|this|there|they|he|she)(?:'s|'re|\s+(?:is|are|was|were|has|have|had|will|gets|got)\b)", re.I
)
# A subject that stands on its own (a name, an identifier, "all ...", "every ..."), unlike "the rent" or
# "its CI", which may point back at the clause before.
_DEFINITE_RE = re.compile(r"^(?:the|this|that|these|those|its|their)\b", re.I)


# "..., she's coeliac", "..., he has a nut allergy": a person's own clause, a new subject after a comma.
_PERSON_CLAUSE_RE = re.compile(r"^(?:he|she)(?:'s|\s+(?:is|has|was)\b)", re.I)
# ... or with a verb of their own ("she loves trains", "he works nights"), after a clause whose subject is the
# one named ("Mia is 4", "my son Leo is 4"; "my landlord is Mr Haddad, he lives downstairs" describes him)
_PERSON_DOES_RE = re.compile(
    r"^(?:he|she)(?:'s|\s+(?:is|has|was)\b|\s+(?:also\s+|still\s+)?(?!(?:says|thinks|reckons|feels|seems)\b)[a-z]+s\b)",
    re.I,
)


# After the speaker's own statement, a verb only a person does (no agent carries, wears or eats anything),
# its subject left out as chat does: the speaker again ("I'm allergic to shellfish, carry an EpiPen").
# ... or with whose family they are ("My mum is 80 and she still drives"; never "my wife is Ana": who she is)
_LABEL_VALUE_RE = re.compile(r"(?:^|:\s+)(?-i:[a-z][\w-]*)\s+(?-i:[A-Z0-9])[\w-]*$")
_KIN_OPENS_RE = re.compile(
    r"^(?P<name>(?:my|our)\s+(?:mum|mom|mother|dad|father|brother|sister|son|daughter|gran|granny|grandma|grandad|"
    r"grandpa|nan|nana|aunt|auntie|uncle|cousin|niece|nephew|wife|husband|partner|boyfriend|girlfriend))"
    r"(?=\s+(?:is|has|was|[a-z]+s|[a-z]+ed|split|left|got|went|broke|moved|"
    # "my sister and Dan split up, she's ...": she is the one the clause opens with
    r"and\s+(?-i:[A-Z])[\w-]+\s+(?:split|broke|separated|divorced|got\s+divorced))\b)(?!\s+is\s+(?-i:[A-Z]))",
    re.I,
)
# Something of the speaker's someone put up or down ("Landlord put the rent up", "they've upped my premium") or
# made over ("we finally painted the kitchen", "I dyed my hair"), then "it's" and what it is now.
_CHANGED_THING_RE = re.compile(
    r"\b(?:put|puts|pushed|raised|bumped|upped|hiked|cut|dropped|lowered|reduced|increased|painted|repainted|"
    r"redecorated|decorated|renovated|retiled|refurbished|dyed|coloured|colored|upgraded)\s+(?:up\s+)?"
    r"(?:the|my|our)\s+(?P<thing>[a-z]+(?:\s+(?!up$|down$)[a-z]+)?)(?:\s+(?:up|down))?$"
    # ... or had done to it: "had all my hair cut off", "got the kitchen redone"
    r"|\b(?:had|got)\s+(?:all\s+)?(?:the|my|our)\s+(?P<had>[a-z]+)\s+(?:cut|dyed|coloured|colored|painted|"
    r"redone|done|shaved|bleached|permed)(?:\s+(?:off|short|again))?$",
    re.I,
)
# ... or the thing changed, said of it: "our rent went up", "the delivery got moved", "rent's gone up"
_THING_CHANGED_RE = re.compile(
    r"^(?:(?:the|my|our)\s+)?(?P<thing>[a-z]+(?:\s+[a-z]+)?)(?:'s|\s+has|\s+have)?\s+(?:went|gone|got|been|was|were)\s+"
    r"(?:up|down|moved|changed|rescheduled|pushed\s+back|put\s+back|brought\s+forward)$",
    re.I,
)
# its value after it, now or from a day on: "it's £1,050 now", "it'll be £1,275 from next month"
_IT_NOW_RE = re.compile(
    r"^it(?:'s|\s+is|'ll\s+be|\s+will\s+be)\s+"
    r"(?P<rest>(?:[^,;]|,(?=\d))*\b(?:now|from|as\s+of|starting)\b(?:[^,;]|,(?=\d))*)$",
    re.I,
)
# ... what became of them: "Dev's stopped coaching", "Graham has retired", "Kim left"
_NAME_CHANGED_RE = re.compile(
    r"^(?-i:[A-Z])[a-z]+(?:'s|\s+has|\s+had)?\s+(?:just\s+|finally\s+|now\s+)?(?:retired|left|stopped|quit|moved|gone|"
    r"died|passed|started|joined|resigned|changed|given\s+up|packed\s+in)\b",
    re.I,
)
# A clause opening with someone's name and their verb: "Mia is 4", "Ana works as a chef".
_NAME_OPENS_RE = re.compile(
    r"^(?:(?:my|our)\s+[a-z]+\s+)?(?!(?:It|That|This|There|Here|The|What|Who|He|She|They|We|You|My|Our|Your)\b)"
    r"(?P<name>(?-i:[A-Z])[a-z]+)(?=(?:'s|\s+(?:is|has|was|[a-z]+s))\b)",
    re.I,
)
# What was decided about a thing of the speaker's, said in the passive: "the mortgage got approved", "our visa
# was refused": news of its own beside the speaker's next clause.
_DONE_TO_RE = re.compile(
    r"^(?:the|my|our)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:got|was|were|has\s+been|have\s+been)\s+(?:finally\s+)?"
    r"(?:approved|accepted|granted|signed|confirmed|cancelled|canceled|rejected|refused|declined|turned\s+down|"
    r"finali[sz]ed|agreed|sorted|booked|delivered|fixed)$",
    re.I,
)
# Someone's age said alone ("my son is 7", "Mia is 4", "our daughter's 12") ...
_AGED_RE = re.compile(
    r"^(?P<who>(?:my|our)\s+[a-z]+(?:\s+(?-i:[A-Z])[a-z]+)?|(?-i:[A-Z])[a-z]+)(?:\s+is|'s)\s+\d{1,2}"
    r"(?:\s+(?:years?|yrs?)(?:\s+old)?)?$",
    re.I,
)
# ... then, with their subject left out, more of them: a verb of theirs ("loves trains", "plays football") or
# what they are ("mad about dinosaurs", "in Year 3"), never a clause with a subject of its own.
_MORE_OF_THEM_RE = re.compile(
    r"^(?!(?:i|we|you|he|she|they|it|my|our|the|a|an|this|that|there|so|then|also|now|just)\b)"
    r"(?:(?P<verb>(?:(?:still|also|really|totally|absolutely|always|never)\s+)?"
    r"(?:(?![a-z]*(?:ous|ss|us|is)\b)[a-z]+s|has|does|goes))\b|(?![a-z]+\s+(?:is|are|was|were)\b)[a-z]+(?:\s+\S+){1,5}$)",
)
_BODILY_RE = re.compile(
    r"^(?:(?:also|always|usually|still)\s+)?(?:carry|wear|eat|drink|sleep|walk|cycle|swim|smoke|live|reside)\s+\w",
    re.I,
)


# After the speaker's own statement, where they are based, its subject left out ("I'm a first officer on the
# A320, based at LGW", "I'm a paramedic, stationed out of Leith"): where one works, an idea of its own.
_BASED_RE = re.compile(r"^(?:based|stationed|posted)\s+(?:at|in|out\s+of)\s+(?:the\s+)?(?-i:[A-Z])", re.I)
_SPEAKER_RE = re.compile(r"^(?:(?P<we>we)|i)\b", re.I)
# A second taste said as "fine too" after the speaker's liking: "I like bouldering, and museums are fine too".
_ALSO_FINE_RE = re.compile(
    r"^(?:(?:and|but)\s+)?(?P<thing>[\w' -]{2,40}?)\s+(?:is|are)\s+(?:also\s+)?(?:fine|ok|okay|alright|good)"
    r"\s+(?:too|as\s+well)[.!]*$",
    re.I,
)
# How much and how often of what the clause before says ("..., 15 minutes a day", "..., twice a week",
# "..., about 5 km every morning"): a detail of it, not a statement of its own.
_AMOUNT_A_PERIOD_RE = re.compile(
    r"^(?:(?:about|around|roughly|at\s+least|up\s+to|maybe|usually)\s+)?(?:\d+(?:[.,]\d+)?|a\s+few|an?|once|"
    r"twice|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|forty)"
    r"(?:\s*(?:minutes?|mins?|hours?|hrs?|h|km|k|miles?|pages?|words?|times?|x|sessions?|laps?|lessons?))?"
    r"\s+(?:a|an|per|each|every)\s+(?:day|night|morning|evening|week|weekday|month|year)[.!]*$",
    re.I,
)
_LIKING_RE = re.compile(r"\b(?:like|likes|love|loves|enjoy|enjoys|prefer|prefers|into)\b", re.I)


# What a value is not, after it: "not 6", "not Tuesday", "not in Leeds".
_VALUE_DENIED_RE = re.compile(r"^not\s+(?:(?:in|on|at)\s+)?(?:\d|(?-i:[A-Z]))", re.I)


def _statement(text: str) -> bool:
    """A complete first-person statement: its subject is the speaker and a verb follows."""
    return bool(_STATEMENT_RE.match(text)) and not text.lower().startswith(("i and ", "we and "))


def _opening(left: str) -> str | None:
    """The time opening ("Last week, ") of a clause that is a complete first-person statement ("" when it
    has none); None when the clause is not such a statement."""
    match = FIRST_PERSON_SUBJECT_RE.search(left)
    if match is None:
        return None
    head = left[: match.start()]
    if head.strip(" ,") and not INTRO_RE.match(head.strip(" ,")) and strip_opening(head):
        return None  # a time opening, or words a sentence opens with ("fyi", "oh, and") only
    return head if _statement(left[match.start() :]) else None


def _second(left: str, right: str) -> tuple[str, str] | None:
    """(the second statement, the opening it shares with the first) when `right` states an idea of its
    own beside `left`; None when the two are one idea."""
    if _AMOUNT_A_PERIOD_RE.match(right):  # "I've started Portuguese on Duolingo, 15 minutes a day"
        return None
    if _VALUE_DENIED_RE.match(right):  # "He's 8, not 6!": the value the first puts right, one statement
        return None
    if cause_names_what_was_left(left, right):  # "Moved my accounts to Monzo, Barclays kept charging fees"
        return None
    # "Sadly Nibbles died, we've got two guinea pigs now": a loss is news of its own, so is what came after it
    if lost(strip_opening(left)) and _statement(right):
        return right, ""
    right = owned_person(right)  # "..., the new boss is Fatima": the speaker's boss
    # "Mum's care home is Oakwood House in Harrogate, I visit on Sundays": hers, then the speaker's
    if opens_with_parent(left) and len(left.split()) >= 4 and _statement(right):
        return right, ""
    # "I joined a tennis club in Harrow, we play on Sunday mornings": when, of the club (never of a thing the
    # clause before describes: "our repo is a monorepo, and we deploy every Tuesday" is two)
    if only_when(right) and not MY_ATTRIBUTE_RE.match(left):
        return None
    if (habit := habit_after(left, right)) and _opening(strip_opening(left)) is not None:
        return habit, ""  # "I'm obsessed with bouldering, go 3x a week": the speaker's habit
    if INFORMING_RE.match(right) and len(left.split()) >= 3:  # "..., and oh, for the record the shift is ..."
        return right, ""
    if REACH_ME_RE.match(right) and len(left.split()) >= 2:  # "I hate phone calls, text me instead"
        return right, ""
    # "I prefer Teddy these days, call me Teddy" (never "Just for today's meeting, call me Dr Shaw": one request)
    if (
        _CALL_ME_RE.match(right)
        and len(left.split()) >= 2
        and not (SCOPE_OPENING_RE.match(left) or one_off(left))
    ):
        return right, ""
    # "which was my first dog, and now we have a cat called Miso": a relative clause left alone (its sentence's
    # head masked out as a secret), then the speaker's news
    if _RELATIVE_RE.match(left) and (news := _NOW_I_RE.match(right)):
        return news.group("clause"), ""
    # "her birthday's 21 August, I swapped the digits": how the mistake came about, apart from the value
    if explains_a_mistake(right) and len(left.split()) >= 2:
        return right, ""
    # "Wi-Fi: network FoxDen, the router is in the hall cupboard": a label's value, then a statement of its own
    if _LABEL_VALUE_RE.search(left) and ABOUT_A_THING_RE.match(right):
        return right, ""
    subject = _SUBJECT_RE.match(left)
    if _POSSESSIVE_RE.match(right) and subject:  # "its CI runs on Buildkite": the repo's CI
        right = f"{subject.group('subject')}'s {_POSSESSIVE_RE.sub('', right)}"
    if USE_ADDRESS_RE.match(left) and len(right.split()) >= 3:  # "Use <address> and remember ..."
        return right, ""
    if PLAN_FATE_RE.match(right) and len(left.split()) >= 3:  # "..., the Nairobi stint is over"
        return right, ""
    # "my husband Tom is allergic to kiwi and his birthday is 9 May": a fact of his own about the one named
    if (whose := _HIS_RE.match(right)) and len(named := people_named(left, frozenset())) == 1:
        return f"{named[0]}'s {right[whose.end() :]}", ""
    # "book dinner for my gf Ines, she's coeliac": what holds for the person the clause before named
    if _PERSON_CLAUSE_RE.match(right) and people_named(left, frozenset()):
        return right, ""
    if instead := taken_to_instead(left, right):  # "Leo's gone off trains, it's all dinosaurs now"
        return instead, ""
    # "Landlord put the rent up, it's £1,050 now", "painted the kitchen, it's sage green now", "the delivery got
    # moved, it's Friday 2-4pm now", "rent went up, it's £1,275 from next month": its value now, or from then
    if (moved := _CHANGED_THING_RE.search(left) or _THING_CHANGED_RE.match(left)) and (
        now := _IT_NOW_RE.match(right)
    ):
        return f"my {moved.group('thing') or moved.group('had')} is {now.group('rest')}", ""
    # "Mia is 4 and she loves trains": what holds for the one the clause before opens with, by name
    if _PERSON_DOES_RE.match(right) and (opener := _NAME_OPENS_RE.match(left) or _KIN_OPENS_RE.match(left)):
        return _said_of(opener.group("name"), right), ""
    # "my son is 7 and mad about dinosaurs", "Mia is 4 and loves trains": their age, then more of them
    if (aged := _AGED_RE.match(left)) and (more := _MORE_OF_THEM_RE.match(right)):
        verb = more.group("verb") is not None
        return f"{aged.group('who')} {right if verb else 'is ' + right}", ""
    if (
        _BODILY_RE.match(right) and _opening(strip_opening(left)) is not None
    ):  # "I'm allergic to X, carry an EpiPen"
        return f"I {right}", ""
    if (
        (fine := _ALSO_FINE_RE.match(right))
        and _LIKING_RE.search(left)
        and _opening(strip_opening(left)) is not None
    ):
        we = (found := _SPEAKER_RE.match(strip_opening(left).strip())) is not None and found.group("we")
        return f"{'we are' if we else 'I am'} fine with {fine.group('thing').strip()}", ""
    if _BASED_RE.match(right) and _opening(strip_opening(left)) is not None:
        we = (found := _SPEAKER_RE.match(strip_opening(left).strip())) is not None and found.group("we")
        return f"{'we are' if we else 'I am'} {right}", ""
    if (elided := _ELIDED_VERB_RE.match(right)) and len(left.split()) >= 3:
        third = _THIRD_PERSON_RE.match(left)
        if third and elided.group("verb").lower().endswith(
            "s"
        ):  # "... and works as a chef": of the same person
            return f"{third.group('who')} {right}", ""
        if not elided.group("verb").lower().endswith("s") and _opening(strip_opening(left)) == "":
            we = (found := _SPEAKER_RE.match(strip_opening(left).strip())) is not None and found.group("we")
            return f"{'we' if we else 'I'} {right}", ""
    if leads_the_speaker(right) and len(left.split()) >= 3:  # "Sara's moved on, Jonas leads us now"
        return right, ""
    if continues_pursuit(left, right):  # "I've taken up climbing, I'm doing the beginner course"
        return None
    if notes_apart(left, right):  # "Aarav gets extra time in tests, Meera moves up to set 1": two people's
        return right, ""
    if changes_a_habit(right) and (_complete(left) or _statement(left)):  # "..., and Dad stopped driving"
        return right, ""
    if (
        named_clause(right) and _opening(left.rsplit(",", 1)[-1].strip()) == ""
    ):  # "my oven man is sick, and Musa has raised the price"
        return right, ""
    scoped = statement_after_phrase(right) or ""  # "..., and at home I have a dog"
    if _statement(right) or _statement(scoped):
        opening = _opening(left)
        # "a bit about me, I'm a paramedic, my wife is due in May": the clause just before states on its own
        if opening is None and _opening(left.rsplit(",", 1)[-1].strip()) == "":
            return right, ""
        if opening is None and _complete(left):  # "It's freezing this week and my asthma gets worse ..."
            return right, ""
        if opening is None and MY_ATTRIBUTE_RE.match(left):  # "our repo is a monorepo, and we deploy ..."
            return right, ""
        if opening is None and _bare_thing(left):  # "backups go to Backblaze now, we dropped Dropbox"
            return right, ""
        if opening is None and _DONE_TO_RE.match(left):  # "The mortgage got approved and we've completed"
            return right, ""
        if opening is None and ELIDED_SUBJECT_RE.match(left):  # "Sold the Ibiza, I'm in a Niro now"
            return right, ""
        if opening is None and _PRESENTING_RE.match(left):  # "Here's the DB URL ... and we always run ..."
            return right, ""
        if (
            opening is None
            and (MY_ATTRIBUTE_RE.match(right) or _NAME_CHANGED_RE.match(left))
            and _NAME_OPENS_RE.match(left)
        ):
            # "Graham's retired, my new boss is Fatima", "Dev's stopped coaching, I'm training with Abi now": what
            # became of someone, then the speaker's news
            return right, ""

        return None if opening is None else (right, opening)
    if ABOUT_A_THING_RE.match(right) and (
        ABOUT_A_THING_RE.match(left)
        # "we're on Postgres 15, all schema changes go through Alembic": a thing named on its own terms
        or (
            _opening(left) is not None
            # "..., the rent is cheap" may point back; "..., the boiler is a Worcester combi" after a clause
            # that states enough on its own does not
            and (
                not _DEFINITE_RE.match(right)
                or (names_its_subject(right) and specificity(left) >= SPECIFIC_ENOUGH)
            )
            and specificity(right) >= SPECIFIC_ENOUGH
        )
    ):
        return right, ""
    # "our CI runs on CircleCI and deploys go to Fly.io": a thing named bare, with enough of its own (also
    # after an instruction: "SSH to build-01 as deploy, and builds go in /srv/builds")
    if (
        _bare_thing(right)
        and right.split()[0].lower() not in SAID_OF_IT
        and (
            _opening(left) is not None
            or _complete(left)
            or _bare_thing(left)
            # (an instruction of its own, not an opening: "From now on, always ...")
            or (len(left.split()) >= 3 and not (INTRO_RE.match(left) or RULE_MARKER_RE.fullmatch(left)))
        )
    ):
        return right, ""
    # ... and after one: "bins go out Thursday night, the stopcock is under the sink"
    if _bare_thing(left) and ABOUT_A_THING_RE.match(right) and specificity(right) >= SPECIFIC_ENOUGH:
        return right, ""
    opens_rule = (
        _RULE_OPENING_RE.match(right)
        or (_DONT_OPENING_RE.match(right) and not SOFT_NEGATIVE_RE.match(right))
        or (SCOPE_OPENING_RE.match(right) and one_off(right))
        or ALL_ROUTED_RE.match(right)  # "..., and deliver everything to my work address"
    )
    # ... beside a clause of its own, not an opening that scopes it ("For this project only, always ...").
    if opens_rule and len(left.split()) > 1 and not (INTRO_RE.match(left) or RULE_MARKER_RE.fullmatch(left)):
        # "I'm a tea drinker, never touch coffee": the speaker's own habit, "I" left out (no agent drinks)
        if _OWN_HABIT_RE.match(right) and _FIRST_PERSON_RE.match(left):
            return f"I {right}", ""
        return right, ""
    return None


# What only the speaker does, never an agent, after "always" or "never": a habit of theirs, not a rule.
_OWN_HABIT_RE = re.compile(
    r"^(?:always|never|usually)\s+(?:eat|drink|touch|smoke|drive|cycle|walk|run|sleep|wake|swim|wear|skip|cook|"
    r"have|take|go|get|miss)\b",
    re.I,
)
_FIRST_PERSON_RE = re.compile(r"^(?:i|we)(?:'m|'re|'ve|'d|\s)", re.I)


# What to call the speaker, named: "call me Teddy", "please call me Dr Reid".
_CALL_ME_RE = re.compile(r"^(?:(?:please|pls|just)\s+)?call\s+me\s+(?-i:[A-Z])", re.I)
# A relative clause of the sentence before, cut off from it (by a secret masked out): "which was my first dog".
_RELATIVE_RE = re.compile(r"^(?:which|who|whose)\b", re.I)
_NOW_I_RE = re.compile(r"^(?:now|these\s+days|nowadays)\s*,?\s+(?P<clause>(?:i|we)\b.*)$", re.I | re.S)
# Something handed over before a statement: "Here's the DB URL ...", "this is the log".
_PRESENTING_RE = re.compile(
    r"^(?:here'?s|here\s+(?:is|are)|this\s+is|attached\s+is|pasting)\s+(?:the|my|our|a|an)\b", re.I
)


def _complete(clause: str) -> bool:
    """A clause with a subject of its own and its verb, about something other than the speaker (a thing, a
    pronoun, someone named holding a piece of work: "Fatima's taking over the billing migration")."""
    # "Actually Mia's birthday is 21 May, ...": what follows the opener (a statement told "for the record" goes
    # on with what it tells: "for the record the shift is at Brixton, I'm on the sorting team ...")
    clause = clause if INFORMING_RE.match(clause) else strip_opening(clause)
    return bool(_PRONOUN_CLAUSE_RE.match(clause) or ABOUT_A_THING_RE.match(clause) or names_a_holder(clause))


def _bare_thing(clause: str) -> bool:
    """A clause about a thing named bare, as chat does ("invoices service renders PDFs via X now", "alerts
    go to #ops"), that names enough to state something of its own beside the speaker's next clause."""
    return BARE_PLURAL_RE.match(clause) is not None and specificity(clause) >= SPECIFIC_ENOUGH


def states(text: str) -> bool:
    """`text` opens with a statement or a rule of its own (not a list or a value: "peanuts and shellfish")."""
    return bool(
        _statement(text)
        or _complete(text)
        or BARE_PLURAL_RE.match(text)
        or note_subject(text)
        or opens_ahead(text)  # "from 4 October I'll be based at Stansted"
        or _RULE_OPENING_RE.match(text)
        or (_DONT_OPENING_RE.match(text) and not SOFT_NEGATIVE_RE.match(text))
    )


def independent_statements(sentence: str) -> list[str]:
    """The statements one sentence joins, in order (the sentence itself when it states one idea). A time
    opening of the first ("Last week, I went to Rome and I bought a Vespa") is kept on each."""
    if len(pieces := news_parts(sentence)) > 1:  # "..., but the news is X", "..., so I've sold it"
        return [s for piece in pieces for s in independent_statements(piece)]
    sentence = without_background(sentence)  # "since Ann left my manager is Raj" → "my manager is Raj"
    sentence = without_asides(sentence)  # "..., don't judge me!": to the listener, no rule of its own
    # "my mother, Mrs Samira Haddad, receives ...": one subject, named twice, not three clauses
    sentence = without_comma_name(sentence) or sentence
    parts = JOINT_RE.split(sentence)  # clause, joint, clause, joint, ..., clause
    out: list[str] = []
    current, shared = parts[0], ""
    # an interjection standing alone between commas ("..., and oh, for the record ..."), with the joints before
    # it (kept when what follows goes on the same statement: "I mix up my left and right"); `cut`: the first's
    pending, cut = "", 0
    for joint, clause in zip(parts[1::2], parts[2::2], strict=True):
        if clause.strip() and not strip_opening(clause.strip()):
            cut = cut if pending else len(joint)
            pending += joint + clause
            continue
        said = pending + joint + clause  # with every joint, as the sentence has it
        clause, pending = (said[cut:] if pending else clause), ""
        found = _second(current.strip(), clause.strip()) if current.strip() and clause.strip() else None
        # "..., my mechanic is Gary, and the van takes ...": the van named in a statement set apart before
        if found is None and named_earlier(out, clause.strip()) and states(current.strip()):
            found = clause.strip(), ""
        if found is None:
            current += said
            continue
        out.append(current.strip())
        shared = shared or found[1]
        current = shared + found[0]
    out.append((current + pending).strip())
    return [s for s in out if s]


def _said_of(name: str, clause: str) -> str:
    """`clause` with its opening "he"/"she" said as `name`: "he's a chef" → "my partner is a chef" (never "my
    partner's a chef"), "she's got two kids" → "... has got two kids"."""
    if found := re.match(r"^(?:he|she)'s\b", clause, re.I):
        rest = clause[found.end() :]
        return f"{name} {is_or_has(rest)}{rest}"
    return re.sub(r"^(?:he|she)\b", name, clause, flags=re.I)
