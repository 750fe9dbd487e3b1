"""What the sentence rules cannot parse but is still worth keeping, and the one point of a message.

Between people, a sentence no rule recognises may still name what will be asked about later ("It's
dairy-free vanilla with strawberry filling"): kept, attributed and marked as reference when it is specific
enough. A message often makes several plain points: its most telling one becomes the card, which cites
the message, so the rest is still reachable through the evidence.

Said to an agent, a sentence about the world rather than the speaker ("The staging cluster is reserved for
QA until 12 June") is kept as the plain sentence when it names enough; a request for the task at hand
(an imperative without a rule marker) is not.
"""

from __future__ import annotations

import re
from dataclasses import replace

from reverie.adapters.local.rules.constraints import as_correction
from reverie.adapters.local.rules.current_routine import current_routine
from reverie.adapters.local.rules.due_notes import due_line
from reverie.adapters.local.rules.fronted import after_from_now, main_clause
from reverie.adapters.local.rules.habit_validity import statement_until
from reverie.adapters.local.rules.item_lists import held_list
from reverie.adapters.local.rules.labelled_values import labelled_values
from reverie.adapters.local.rules.language import (
    INFORMING_RE,
    compress,
    finish,
    lowered_opening,
    strip_emoji,
)
from reverie.adapters.local.rules.levels import levels
from reverie.adapters.local.rules.longevity import after_outcome
from reverie.adapters.local.rules.milestones import milestone
from reverie.adapters.local.rules.named_notes import note_about_someone
from reverie.adapters.local.rules.patterns import GREETING_RE, THANKS_RE
from reverie.adapters.local.rules.plan_happened import judged_by_name
from reverie.adapters.local.rules.plan_labels import labelled_plan
from reverie.adapters.local.rules.record_line import record_line
from reverie.adapters.local.rules.reported import only_unsure
from reverie.adapters.local.rules.request_patterns import CORRECTION_OPENER_RE
from reverie.adapters.local.rules.respelled import respelled
from reverie.adapters.local.rules.role_people import role_deed
from reverie.adapters.local.rules.roles import responsibility
from reverie.adapters.local.rules.specificity import SPECIFIC_ENOUGH, specificity
from reverie.adapters.local.rules.statement_types import Drop, Speaker, Statement
from reverie.adapters.local.rules.statements import classify as parse
from reverie.adapters.local.rules.statements import without_opening
from reverie.adapters.local.rules.stored_form import render, salience
from reverie.adapters.local.rules.thing_patterns import (
    ABOUT_A_THING_RE,
    ARTICLE_DROPPED_RE,
    BARE_PLURAL_RE,
    VALUE_CHANGE_RE,
)
from reverie.adapters.local.rules.verb_forms import IRREGULAR_PAST
from reverie.domain.models import MemoryType
from reverie.domain.restatement import is_kin
from reverie.domain.text import MONTH_NAME, content_words

# Someone's value, named by a pronoun only: "her birthday's 21 August", "his shoe size is 9".
_THEIR_VALUE_RE = re.compile(r"^(?:his|her|their)\s+[\w-]+(?:\s+[\w-]+)?(?:'s|\s+is|\s+are)\s+[^,;]*\d", re.I)
_THEIR_IS_RE = re.compile(r"^(?P<whose>(?:his|her|their)\s+[\w-]+(?:\s+[\w-]+)?)'s\s+", re.I)
_APOLOGY_RE = re.compile(
    r"^(?:sorry|oops|whoops|my\s+bad|apologies)\s*[,.!:;\-–—]+\s*(?P<rest>.*)$", re.I | re.S
)
# Drops that a sentence naming enough specific things overrides: the rules could not parse it, or it
# wraps a fact in a feeling or an opinion ("I'm thrilled to make a family for kids who need one").
UNPARSED = frozenset({"not a statement", "feeling", "opinion"})
SPECIFIC_DENSITY = 0.4  # and per word of the remark: "It's dairy-free vanilla with strawberry filling" is 0.9
PHOTO_SPECIFIC = 5  # a caption names more than "a cup on a table" before it is worth a card
REMARK_CONFIDENCE = 0.5  # below a recognised statement's 0.6: parsed by nothing but its specific words
# The consequence a sentence ends with, said by the speaker: ", so I use oat milk in everything".
_CONSEQUENCE_RE = re.compile(r",\s*so\s+(?P<rest>(?:I|I'm|I've|we|we're|my|our)\b.+)$", re.I)
# A picture shared in a message, with its caption: "[shares a photo: a photo of a cup with a dog face]".
_PHOTO_RE = re.compile(
    r"^\[shares? (?:a )?(?:photo|picture|image)s?:\s*(?:(?:a|an|the)\s+)?"
    r"(?:(?:close up |closeup )?(?:photo|photograph|photography|picture|image|drawing)\s+of\s+)?(?P<what>.+?)\]$",
    re.I,
)


def classify(sentence: str, who: Speaker) -> Statement | Drop:
    """What one sentence (or clause) of a person's message is worth keeping as: the sentence rules, then
    a shared photo or a specific remark for what they could not parse."""
    photo = _PHOTO_RE.match(sentence.strip())
    if photo:
        return _photo(photo.group("what"), who)
    if who.to_agent and (judged := _judged(sentence, who)):  # "Iceland was incredible, we saw ...": all of it
        return judged
    if verdict := _verdict(sentence, who) or responsibility(sentence, who):
        return verdict
    if who.to_agent and (plan := labelled_plan(sentence, who)):  # "Plan for X: Lisbon, 12-14 May, ..."
        return plan
    if only_unsure(sentence):  # "I genuinely don't know which is right": a doubt, no fact
        return Drop("unsure which is right")
    if spelled := respelled(sentence, who):  # "it's Clio with an i" (after "I spelt it wrong" too)
        return spelled
    result = parse(sentence, who)
    if isinstance(result, Drop) and result.reason in UNPARSED:
        # "No, Ama goes to Oakwood, not Hillside" opening a session, nothing said before to deny: the rest
        opener = CORRECTION_OPENER_RE.match(sentence) or _APOLOGY_RE.match(sentence)  # "Sorry, it's 21 May"
        if opener and (rest := opener.group("rest").strip()):
            sentence = rest[:1].upper() + rest[1:]  # "Sorry, it's a 2019 Focus, not 2018": as said alone
            if _THEIR_VALUE_RE.match(sentence):  # "Oops, her birthday's 21 August": a value of hers put right
                corrected = as_correction(_THEIR_IS_RE.sub(r"\g<whose> is ", sentence, count=1), who)
                if isinstance(corrected, Statement):
                    return corrected
        # Between people, a specific remark; said to an agent, an unparsed sentence is most often a task
        # for now, unless it states something about the world.
        found = (
            respelled(sentence, who)  # "Sorry, it's spelled Claire, with an i": the name put right
            or current_routine(sentence, who)  # "For now it's pool running 3x a week": theirs
            or milestone(sentence, who)  # "Grandad passed away", "Tom got married in June"
            or (
                (
                    _about_the_world(sentence, who)
                    or _what_someone_did(sentence, who)
                    or role_deed(sentence, who)  # "the couple decided on a dessert table instead": theirs
                    or note_about_someone(sentence, who)  # "Aarav gets 25% extra time in tests": his
                    or record_line(sentence, who)  # "Plot 7, holder Mrs Achebe, fee £45 a year"
                    or labelled_values(sentence, who)  # "opening hours: weekdays 8 to 6"
                    or held_list(sentence, who)  # "van snacks are always: crisps, Haribo, flapjacks"
                    or _due(sentence, who)  # "next state inspection due 09/15/2026"
                )
                if who.to_agent
                else _specific_remark(sentence, who)
            )
        )
        since = after_from_now(sentence) if who.to_agent and not found else None
        if since:  # "From now on Brightline pays 0.20 a word": what holds now, a rule for no one
            found = _kept(classify(since, who))
        consequence = _CONSEQUENCE_RE.search(sentence) if who.to_agent and not found else None
        if consequence:  # "I'm lactose intolerant, so I use oat milk": what follows still says something
            found = _kept(parse(consequence.group("rest"), who))
        return found or result
    return result


def _verdict(sentence: str, who: Speaker) -> Statement | None:
    """What the speaker found, said after how something just went: "Came out perfect, 175 for 55 minutes was
    spot on" → "Hamid found that 175 for 55 minutes was spot on." The outcome itself passes; the finding
    lasts when a rule keeps it or it names enough specific things (a setting, a size, a name)."""
    rest = after_outcome(sentence)
    if not rest:
        return None
    found = parse(rest, who)
    if isinstance(found, Statement):
        return found
    if found.reason not in UNPARSED or specificity(rest, who.people) < SPECIFIC_ENOUGH:
        return None
    text = render(rest, who)
    return Statement(
        type=MemoryType.FACT,
        text=finish(f"{who.name} found that {lowered_opening(text)}"),
        salience=salience(MemoryType.FACT, text, who),
    )


def _judged(sentence: str, who: Speaker) -> Statement | None:
    """How something named went, judged afterwards ("Iceland was incredible"), kept as said: it ends the plan
    for it (`plan_happened.plan_judged`)."""
    if not judged_by_name(sentence):
        return None
    text = compress(strip_emoji(sentence))
    return Statement(
        type=MemoryType.FACT, text=render(text, who), salience=salience(MemoryType.FACT, text, who)
    )


def _kept(result: Statement | Drop) -> Statement | None:
    return result if isinstance(result, Statement) else None


def _due(sentence: str, who: Speaker) -> Statement | None:
    """A note line of when a thing is due, read as the sentence it stands for (see `due_notes`)."""
    said = due_line(sentence)
    return (_kept(parse(said, who)) or _about_the_world(said, who)) if said else None


_ARTICLE_RE = re.compile(r"(?:the|a|an)\s", re.I)
_SENTENCE_CASE_RE = re.compile(r"[A-Z][a-z]+(?:(?<=s)')?\s+[a-z]")  # ("Parents' evening is ...")
# A setting said to stay as it is, its article dropped: "whitelist stays ON always", "vpn remains on at all times".
_STANDING_STATE_RE = re.compile(
    r"^[a-z][\w-]+(?:\s+[a-z][\w-]+)?\s+(?:stays|remains|is|runs)\b[^.;]*\b(?:always|never|at all times|permanently|24/7)\b"
)


# A thing by its bare name that starts or ends on a day ("term starts on 6 September", "school breaks up on
# the 19th"): terse chat for "the term".
_BARE_EVENT_DAY_RE = re.compile(
    r"^(?!(?:it|this|that|there|here|he|she|they|we|you|i|everything|something|nothing|what|which)\b)"
    r"[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:starts|begins|ends|finishes|opens|closes|resumes|restarts|breaks\s+up)"
    r"\s+(?:on|from)\s+(?:the\s+)?\d"
)
# A thing by its bare name, an adverb maybe, then a verb in the third person and what follows it ("argocd
# auto syncs from ...", "cron runs at 2am"); a word that is no thing ("it", "everything") is not a name.
_BARE_NAME_DOES_RE = re.compile(
    r"(?!(?:it|this|that|there|here|what|which|who|he|she|they|you|we|one|everything|something|nothing|"
    r"anything|everyone|someone|nobody)\b)[a-z][\w.-]*\s+(?:(?:auto|automatically|also|usually|always|only|now|still)\s+)?"
    r"[a-z]{2,}[^s\W']s\s+\w"
)


# Things named in the plural doing what they do on a recurring day: "the bins go out on Tuesdays", "our
# deliveries come every Friday" (the verb in its plural form, which `ABOUT_A_THING_RE` does not read).
_PLURAL_RECURS_RE = re.compile(
    r"^(?:the|our|my)\s+(?:[\w-]+\s+){0,2}?[a-z]+s\s+(?!(?:is|was|has)\b)[a-z]{2,}\b(?=[^.;]*\b(?:every|each|"
    r"weekly|daily|monthly|fortnightly|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)days|"
    r"on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+(?:mornings|afternoons|evenings|nights))\b)",
    re.I,
)


# Where a thing is kept: "the printer is in the study", "our fuse box is under the stairs".
_KEPT_IN_RE = re.compile(
    # (a thing, not someone who moves about: "the cat is in the garden" is where it is now)
    r"^(?:the|our|my)\s+(?P<what>(?!(?:cats?|dogs?|kittens?|pupp(?:y|ies)|baby|babies|hamsters?|rabbits?)\b)[\w-]+"
    r"(?:\s+[\w-]+)?)\s+(?:is|are|lives|live|goes|go)\s+(?:kept\s+)?"
    r"(?:in|under|behind|above|beside|inside|on\s+top\s+of|next\s+to|at\s+the\s+back\s+of)\s+(?:the|our|my)\s+[\w-]+",
    re.I,
)


def _about_the_world(sentence: str, who: Speaker) -> Statement | None:
    """A specific present-tense statement about a thing, kept as the plain sentence (de-subjectivised:
    it is not about the speaker, so it is not attributed to them)."""
    text = compress(strip_emoji(sentence))
    text = without_opening(text, GREETING_RE) or text  # "Hi Rex, rent goes up to £1,050 from May"
    # "Water bill is Severn Trent": the capital is the sentence's, not a name's, when the next word is lower case
    plain = text[:1].lower() + text[1:] if _SENTENCE_CASE_RE.match(text) else text
    if (
        ARTICLE_DROPPED_RE.match(plain) or _STANDING_STATE_RE.match(plain) or _BARE_EVENT_DAY_RE.match(plain)
    ) and not _ARTICLE_RE.match(text):
        text = f"The {plain}"  # "staging db is postgres://...": terse chat leaves out "The"
    plural = BARE_PLURAL_RE.match(text) is not None and not ABOUT_A_THING_RE.match(text)
    # Said "for your information", it informs: a bare name and its verb are a thing and what it does
    # ("fyi nginx listens on 8443"), not an imperative ("check logs ...").
    named = INFORMING_RE.match(strip_emoji(sentence).strip()) is not None and _BARE_NAME_DOES_RE.match(text)
    clause = main_clause(text) or text  # "For my easy runs the physio wants ...": the clause after the phrase
    recurring = _PLURAL_RECURS_RE.match(text) is not None  # "the bins go out on Tuesdays"
    if not (
        plural or named or recurring or ABOUT_A_THING_RE.match(text) or VALUE_CHANGE_RE.match(text)
    ) and not (ABOUT_A_THING_RE.match(clause) or VALUE_CHANGE_RE.match(clause)):
        return None
    until = statement_until(text, who.ts)  # "..., indoor nets until April": the nets', not the habit's
    # Saying how long it holds ("this week only") makes a statement worth holding until then; a bare plural
    # must name more ("Kids grow up fast" is a saying, "Alerts go to #ops-alerts" a fact of the user's setup).
    # ... and where a thing is kept says enough of it ("the printer is in the study", "the stopcock is under the
    # sink": asked for when it is needed)
    placed = (kept := _KEPT_IN_RE.match(text)) is not None and not is_kin(kept.group("what"))
    if specificity(text, who.people) < SPECIFIC_ENOUGH + plural - (until is not None) - placed:
        return None
    return Statement(
        type=MemoryType.FACT,
        text=render(text, who),
        salience=salience(MemoryType.FACT, text, who),
        valid_until=until,
    )


# Someone named, then what they did: "Keoni added an index on prices(sku, region)", "Priya has moved the
# standup to 10:00". Not the speaker ("I"), not a pronoun, not a weekday or a month opening the sentence.
_SOMEONE = (
    r"^(?!(?:I|It|This|That|There|Here|He|She|They|We|You|What|Who|Monday|Tuesday|Wednesday|Thursday|Friday|"
    r"Saturday|Sunday|Today|Yesterday|Tomorrow|Please|Kindly|Just|Also|And|But|So|Then|Now|Ok|Okay|Yes|No|"
    r"Thanks|Sorry|Hi|Hey|Hello|Let|Can|Could|Would|Will|Should|Do|Did|Never|Always|Again|Maybe|Actually)\b)"
    r"[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?(?:\s+and\s+[A-Z][a-z]+)?\s+"  # "Rose and Dev got married ..."
)
_SOMEONE_DID_RE = re.compile(
    _SOMEONE + r"(?:has\s+|had\s+|just\s+)?(?P<verb>[a-z]{2,}ed|" + "|".join(sorted(IRREGULAR_PAST)) + r")\b"
)
# ... a state of theirs changed, said with both its values or as a new one, names enough in common words: "Priya
# switched from law to history", "Callum started a new job in May", "Dad changed his diet".
_CHANGED_STATE_RE = re.compile(
    r"(?:switched|changed|transferred)\s+(?:over\s+)?from\s+\S+(?:\s+\S+){0,3}?\s+to\s+\S+"
    r"|(?:started|got|landed|found)\s+a\s+new\s+(?:job|role|position|school|course|place|flat|house|partner)\b",
    re.I,
)
# ... or what they do, again and again: "Grandad Hendrik picks Lotte up from school on Thursdays", "Ruth
# walks the dog every morning" (a present-tense verb with a recurrence; "Tom says hi" is neither).
_SOMEONE_DOES_RE = re.compile(_SOMEONE + r"(?:usually\s+|always\s+|also\s+)?[a-z]{2,}[^s\W]s\b")
# ... or what they are in the middle of, for weeks: "Zofia needs help with her times tables", "Ravi is learning
# the cello", "Mia has to revise for her GCSEs" (a learner's "Zofia need help" too).
_SOMEONE_ONGOING_RE = re.compile(
    _SOMEONE + r"(?:needs?\s+(?:help|support|practice)|is\s+(?:learning|studying|revising|practi[cs]ing|"
    r"preparing\s+for|working\s+(?:on|towards))|has\s+to\s+(?:learn|revise|practi[cs]e|study))\b"
)
# ... or the role they trained for: "Fran's retrained as a midwife", "Tom has qualified as a plumber"
_NEW_ROLE_RE = re.compile(
    _SOMEONE.removesuffix(r"\s+")
    + r"(?:'s\s+|\s+has\s+|\s+just\s+|\s+)(?:re-?trained|trained|qualified)\s+as\s+an?\s+[a-z]"
)
_NOW_RE = re.compile(r"^(?:(?:now|so|and|also|then|next)\b[,\s]+)+", re.I)
# (a weekday in the plural says "every" on its own: "Ebere swims Tuesdays 4pm")
_RECURRING_RE = re.compile(
    r"\b(?:every|each|usually|always|(?:(?:on|at)\s+)?(?:weekends|(?:mon|tues|wednes|thurs|fri|satur|sun)days))\b",
    re.I,
)
_WHEN_RE = re.compile(
    r"\b(?:yesterday|today|tonight|tomorrow|this (?:morning|afternoon|evening|week)|last (?:night|week|month|"
    r"year|\w+day)|on \w+day|(?:\d{1,2}(?:st|nd|rd|th)? )?"
    rf"{MONTH_NAME}(?: \d{{1,2}}(?:st|nd|rd|th)?)?(?:,? \d{{4}})?)\b",
    re.I,
)


def _what_someone_did(sentence: str, who: Speaker) -> Statement | None:
    """Said to an agent, what a named person did ("Keoni added an index on prices(sku, region) and p95
    dropped to 120 ms"), kept as the plain sentence when it names enough: news the user brings of their
    world, the way `_about_the_world` keeps a statement about a thing."""
    text = _NOW_RE.sub("", compress(strip_emoji(sentence)))
    if _SOMEONE_ONGOING_RE.match(text):  # "Zofia need help": one person needs it
        text = re.sub(r"^(\S+(?:\s+[A-Z][a-z]+)?\s+)need\b", r"\1needs", text)
    if _NEW_ROLE_RE.match(text):  # "Fran's retrained as a midwife": a role, named by its kind alone
        text = re.sub(r"^([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)'s\s+", r"\1 has ", text)
        return Statement(
            type=MemoryType.FACT, text=render(text, who), salience=salience(MemoryType.FACT, text, who)
        )
    # ... or what they do now, instead of before: "Isla does gymnastics now"
    ongoing = _SOMEONE_ONGOING_RE.match(text) or (
        _SOMEONE_DOES_RE.match(text) if re.search(r"\bnow[.!]*$", text) else None
    )
    did = (
        _SOMEONE_DID_RE.match(text)
        or (_SOMEONE_DOES_RE.match(text) if _RECURRING_RE.search(text) else None)
        or ongoing
    )
    # what they did must name enough, the person and when aside ("Tom called me yesterday" does not); what
    # they are working on must name what it is ("Tom needs help" does not)
    rest = _WHEN_RE.sub(" ", text[did.end() :]) if did else ""
    if (
        not did
        or (
            len(content_words(rest)) < (1 if re.search(r"\bnow[.!]*$", text) else 2)
            if ongoing
            else specificity(rest, who.people) < SPECIFIC_ENOUGH
            and not levels(rest)  # "started Year 4"
            and not _CHANGED_STATE_RE.match(text[did.start("verb") :])  # "switched from law to history"
        )
    ):
        return None
    return Statement(
        type=MemoryType.FACT, text=render(text, who), salience=salience(MemoryType.FACT, text, who)
    )


def _photo(caption: str, who: Speaker) -> Statement | Drop:
    """What a shared picture shows, when its caption names enough (most captions are generic)."""
    if specificity(caption, who.people) < PHOTO_SPECIFIC:
        return Drop("generic photo")
    text = finish(f"{who.name} shared a photo of {compress(caption)}")
    return Statement(type=MemoryType.FACT, text=text, confidence=REMARK_CONFIDENCE, salience=0.3)


def _specific_remark(sentence: str, who: Speaker) -> Statement | None:
    """A sentence the rules did not recognise, kept when it names enough specific things; attributed to
    its speaker when it does not already say who it is about. Its confidence stays below what recall
    injects as a memory: it is shown for reference, never as an instruction."""
    text = compress(strip_emoji(sentence))
    text = without_opening(text, THANKS_RE) or ""
    text = without_opening(compress(text), GREETING_RE) or ""
    found = specificity(text, who.people)
    if found < SPECIFIC_ENOUGH or found < SPECIFIC_DENSITY * len(text.split()):
        return None  # too little, or said among too many words of feeling and opinion
    rendered = render(text, who)
    if who.name not in rendered:  # whose claim it is: "Olu says the go-live is 14 May."; a fragment or
        lowered = lowered_opening(rendered)  # a sentence opening with a name keeps the speaker's words
        rendered = f"{who.name} says {lowered}" if lowered != rendered else f"{who.name}: {rendered}"
    return Statement(type=MemoryType.FACT, text=rendered, confidence=REMARK_CONFIDENCE, salience=0.3)


def _plain(statement: Statement) -> bool:
    """A fact or a taste: what a message may hold several of, one of which is its point."""
    return statement.type is MemoryType.FACT or (
        statement.type is MemoryType.PREFERENCE and not statement.key
    )


def main_point(kept: list[Statement], people: frozenset[str]) -> tuple[list[Statement], list[Statement]]:
    """(kept, left out) of one message's statements: every rule-like one (constraint, correction, plan,
    keyed fact or preference) and, of its plain facts and tastes, the one point that says the most: one
    a rule recognised before a merely specific remark, then the most specific. The message stays in L1
    and the card cites it, so what is left out is still found through the card's evidence."""
    plain = [s for s in kept if _plain(s) and not s.key]
    if len(plain) <= 1:
        return kept, []
    best = max(plain, key=lambda s: (s.confidence > REMARK_CONFIDENCE, specificity(s.text, people)))
    return [s for s in kept if s is best or s not in plain], [s for s in plain if s is not best]


def one_rule_per_run(kept: list[Statement]) -> list[Statement]:
    """A rule stated over consecutive sentences of one message ("Never run migrations without a backup.
    Take a snapshot of the database first, every time.") is one idea: one constraint, its sentences
    joined, the first sentence's key if it has one."""
    out: list[Statement] = []
    for statement in kept:
        previous = out[-1] if out else None
        if previous is not None and previous.type is statement.type is MemoryType.CONSTRAINT:
            second = (
                statement.text[:1].lower() + statement.text[1:]
                if _plain_start(statement.text)
                else statement.text
            )
            out[-1] = replace(
                previous,
                text=f"{previous.text.rstrip('.')}; {second}",
                key=previous.key or statement.key,
                salience=max(previous.salience, statement.salience),
                valid_until=previous.valid_until or statement.valid_until,
            )
        else:
            out.append(statement)
    return out


def _plain_start(text: str) -> bool:
    """The sentence opens with an ordinary word (not a name or an identifier) that may be lower-cased."""
    first = text.split(" ", 1)[0]
    return first.isalpha() and first[1:].islower() and first not in ("I",)
