"""Sentences about the speaker: their preferences, plans, identity, habits, past and how their plans ended."""

from __future__ import annotations

import re

from reverie.adapters.local.rules.dates import RELATIVE_RE
from reverie.adapters.local.rules.typos import MEDICINE_ENDINGS
from reverie.adapters.local.rules.verb_forms import ADVERBS, IRREGULAR_PAST, PRESENT_EED

_ADV = r"(?:(?:" + "|".join(sorted(ADVERBS)) + r")\s+)*"
# A past form: "-ed" ("need", "feed" are present) or an irregular one.
_PAST = (
    r"(?:(?!(?:" + "|".join(sorted(PRESENT_EED)) + r")\b)[a-z]+ed|" + "|".join(sorted(IRREGULAR_PAST)) + r")"
)
SUBJECT_I_RE = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|we|we're|we've|we'll|we'd)\b", re.I)
# A first-person subject may follow a time or connective opening ("Last week, I ...", "And then we ...",
# "Since 06/01 I ...": a date in figures too).
# Atomic groups keep it linear: an opening, once matched, is never re-split (no catastrophic backtracking).
INTRO_RE = re.compile(
    r"^(?:(?>these days|nowadays|at the moment|currently|"  # before "now" (the group is atomic)
    r"and|but|so|then|now|also|only|recently|lately|finally|eventually|today|tonight|yesterday|once|"
    r"last \w+|next \w+|this (?:morning|afternoon|evening|week|weekend|month|year|summer|spring|fall|"
    r"autumn|winter|time|past \w+)|(?:on|in|at|since|after|before|when|while|until|till|for) [\w'/]+(?: [\w']+){0,4}|"
    r"\w+(?: \w+){0,2} ago|a while back|back then|over the \w+|ever since|"
    # "As of this week I ...", "as from Monday we ...", "starting next month I ..."
    r"(?:as of|as from|starting) (?:this|next|today|tomorrow|monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday|\d[\w/]*)(?: \w+){0,2})\s*)*+$",
    re.I,
)
FIRST_PERSON_SUBJECT_RE = re.compile(
    r"\b(?:I|I'm|I've|I'd|I'll|[Ww]e|[Ww]e're|[Ww]e've|[Ww]e'll|[Mm]y|[Oo]ur|i)\b"
)
PREFERENCE_RE = re.compile(
    r"^(?:i|we)(?:'m|'ve|'d|'ll| am| have| would| will)?\s+" + _ADV + r"(?P<verb>prefer|like|love|"
    r"loved|liked|enjoy|enjoyed|adore|hate|hated|dislike|detest|can'?t stand|don'?t like|do not like|"
    r"rather|into|(?:a )?(?:big |huge )?fan of|keen on|passionate about|interested in|been into|"
    # a taste lost: "I've gone off flat whites", "I've gone right off running", "got sick of podcasts"
    r"(?:gone|went) (?:right |completely |a bit )?off(?! (?:to|on|with|for|at|in)\b)|"
    # ... or one come to: "I've started to like olives", "we've started enjoying jazz", "come round to tofu"
    r"(?:started|starting|begun|beginning|began|come|came|coming) (?:to (?:like|love|enjoy)|(?:liking|loving|"
    r"enjoying)|round to|around to)|"
    r"(?:got|gotten|grown|grew) (?:sick|tired|bored) of)\b\s*"
    r"(?P<obj>.*)$",
    re.I,
)
FAVOURITE_RE = re.compile(
    r"^(?:my|our) (?:all-time |absolute )?(?:favou?rite|fave|fav) (?P<what>[\w -]+?) "
    r"(?:is|are|was|were|has to be) .+$",
    re.I,
)
PLAN_RE = re.compile(
    # ("my boyfriend and I are off to Lisbon": the two of them)
    r"^(?:(?:(?:my|our)\s+[\w-]+\s+and\s+)?(?:i|we)(?:'m| am|'re| are|'d| would|'ll| will|'ve| have)?\s+"
    + _ADV
    + r")?(?:going to|gonna|planning(?:\s+(?:to|on))?|plan to|intend to|hope to|hoping to|want to|wanna|like to|"
    r"love to|aim to|will|'ll|thinking (?:of|about)|looking to|considering|set to|scheduled to|have to|"
    # a trip: "we're off to Lisbon next week"
    r"off to(?= (?-i:[A-Z])| [a-z]+ (?:next|this|on|in|for|tomorrow)\b)|"
    # an application waiting for its answer ("I'm applying for a mortgage with Nationwide"): over once decided
    r"need to|applying (?:for|to)|applied (?:for|to)|"
    # money put by for something ahead ("we're saving for a trip to Japan"): over once it is had or dropped
    r"saving (?:up )?(?:for|to)|"
    # a search under way, over once the thing is found ("we're looking for a house to buy", "I'm job hunting")
    r"(?=looking for .{1,40}? to (?:buy|rent|live in)\b|(?:house|flat|home|job)[ -]hunting\b))\b\s*(?P<rest>.*)$",
    re.I,
)
# "Harry Potter is my favourite book", "Family time means a lot to me": a taste stated the other way round.
VALUED_RE = re.compile(
    r"^[^,;:]+? (?:is|are|was|were) (?:also |definitely |still )?my (?:all-time |absolute )?"
    r"(?:favou?rite|fave|fav)\b|"
    r"^[^,;:]+? (?:means?|meant) (?:a lot|so much|everything|the world) to me\b|"
    r"^[^,;:]+? (?:is|are) (?:\w+ )?(?:important|interesting|special|dear|precious) to me\b",
    re.I,
)
NOT_A_PLAN_RE = re.compile(r"^(?:it|that|this|them|you|know|see|say|check|help|be there)\b", re.I)
GOAL_RE = re.compile(r"^(?:my|our) (?:\w+ )?(?:goal|dream|plan|aim) (?:is|was) (?P<rest>.+)$", re.I)
MY_ATTRIBUTE_RE = re.compile(
    r"^(?:my|our|the) (?P<attr>(?:[\w-]+ ){0,2}?[\w-]+) (?:is|are|starts|start|begins|begin|ends|end"
    r"|hands|happens|meets|ships|rotates|resets|renews|expires|closes|opens|runs|falls|lands"
    # a new value of it: "my WFH days changed to Tuesday and Thursday"
    r"|(?:have\s+|has\s+)?(?:changed|moved|switched)\s+to"
    # ... or one moving up or down: "my rent goes up to £1,050 from April", "the council tax went up to ..."
    r"|(?:goes|go|went|has\s+gone|have\s+gone|is\s+going|are\s+going)\s+(?:up|down)\s+to)\b.+$",
    re.I,
)
MY_ANYTHING_RE = re.compile(r"^(?:my|our) [\w-]+", re.I)
# A lasting condition of body or mind, or a way of living, one is ("lactose intolerant", "coeliac", "left-handed"), its kind or degree
# said before it ("type 1 diabetic", "severely dyslexic", "profoundly deaf").
CONDITION = (
    r"(?:type[ -]?(?:\d|i{1,2}) |(?:mildly|severely|profoundly|partially|slightly|borderline) )?(?:"
    r"(?:[a-z-]+ )?intolerant|(?:pre-?)?diabetic|coeliac|celiac|asthmatic|epileptic|an(?:a)?emic|dyslexic|"
    r"dyspraxic|dyscalculic|autistic|deaf|blind(?!\s+(?:drunk|date|spot|panic))|colou?r[- ]?blind|(?:short|long|near|far)-?sighted|"
    r"(?:left|right)-?handed|hard\s+of\s+hearing|"
    r"ambidextrous|teetotal|immunocompromised|hypertensive|neurodivergent|insulin-dependent|"
    # expecting a baby, for months: "I'm pregnant", "I'm 7 months pregnant", "20 weeks pregnant with twins"
    r"(?:\d{1,2} (?:weeks?|months?) )?pregnant|"
    # a way of living without something ("I'm car-free now", "we're gluten-free", "I'm smoke-free")
    r"(?:car|gluten|dairy|smoke|sugar|alcohol|debt|meat|nut|caffeine|booze|mortgage|vape|nicotine)-free)"
)
IDENTITY_RE = re.compile(
    r"^(?:i|we)(?:'m| am|'re| are) (?:(?:also|now|still|originally|currently|finally|normally|usually|"
    r"generally|mostly|permanently|back) )?"
    # a reversal of who one is ("I'm no longer vegan", "I'm not a paramedic any more") is a fact too, and so is
    # a condition or a diet denied ("I'm not lactose intolerant", "I'm not vegan")
    rf"(?:no longer |not (?=[^.;]*\bany ?more\b)|not (?=(?:{CONDITION}|vegetarian|vegan|pescatarian|allergic)\b)"
    # ... and a habit or a taste denied: "I'm not a morning person", "not a big drinker", "not a fan of jazz"
    r"|not (?=an? (?:(?:morning|night|early|late|big|heavy|keen|huge|great|massive) [a-z]+|fan of)\b))?"
    r"(?P<what>a |an |the |from |"
    # where one stands ("I'm based at Leith station", "stationed in Kiel", "enrolled at UCL", "employed by Arup")
    r"(?:based|stationed|posted|located) (?:in|at|out of) |(?:enrolled|registered) (?:at|in|on|with) |"
    r"employed (?:at|by) |in (?:my|the|our) (?:first|second|third|fourth|fifth|final|last|\d(?:st|nd|rd|th)) year\b(?! of\b)|"
    r"\d+ years old|\w+ years old|married|single|divorced|engaged|widowed|pregnant|retired|"
    # working for no employer ("I'm self-employed", "I'm freelance", "I'm unemployed")
    r"self-employed|freelance|unemployed|between jobs|out of work|"
    # a rate reached ("I'm up to thirty miles a week now", "we're down to two coffees a day")
    r"(?:up|down|back)\s+to\s+\S+\s+[a-z]+\s+(?:a|per|each)\s+(?:day|week|fortnight|month|year|night)\b|"
    # a blood group ("I'm actually O positive")
    r"(?:a|b|ab|o)\s*(?:positive|negative|pos|neg)(?=\s*(?:$|[,.;!]|now\b|too\b|blood\b))|"
    r"vegetarian|vegan|pescatarian|allergic|in a relationship|dating|a member|part of|member of|"
    # a lasting condition of body or mind ("I'm lactose intolerant", "we're coeliac", "I'm left-handed")
    rf"(?P<condition>{CONDITION})\b|"
    # a status one is on ("I'm on parental leave until 1 June", "we're on a waiting list", "I'm on nights")
    r"on (?:[a-z-]+ ){0,2}(?:leave|holidays?|vacation|sabbatical|furlough|secondment|probation|call|nights|days|"
    r"earlies|lates|"
    r"shifts?|bed rest|medication|meds|diet|waiting list|tour|strike|placement)\b|"
    # ... or a medicine one takes ("I'm on a statin", "she's on warfarin", "I'm on the pill")
    r"(?P<medicine>on (?:a |the )?(?:pill|hrt|insulin|antibiotics|antidepressants|blood thinners|steroids|warfarin|"
    r"[a-z]*" + MEDICINE_ENDINGS + r"))\b|"
    # a team or body one belongs to ("I'm on the sorting team", "we're in the PTA committee")
    r"(?:on|in) (?:the |a )?(?!the\b)(?:[\w-]+ ){1,3}(?:team|committee|board|rota|squad|crew|panel)"
    r"(?=\s*$|\s*[,.;!]|\s+(?:at|for|of|in|on|with|and|now|since|this|again)\b)|"
    r"(?P<ing>[a-z]+ing)\b)",
    re.I,
)
# In or on something named ("I'm in Year 11", "we're on Postgres 15", "I'm with Vodafone", "I'm in a Kia Niro
# now"): a class, a version, a plan, a provider or a car the speaker belongs to or runs on; "I'm in a meeting"
# names nothing. A school year or class is named by its number, capital or not ("im in year 11", "in grade 4").
NAMED_MEMBERSHIP_RE = re.compile(
    # and a reversal of it: "we're not with Vodafone any more", "I'm no longer on the Pro plan"
    r"^(?i:i|we)(?i:'m| am|'re| are) (?:(?i:also|now|still|currently|no longer) |(?i:not) (?=[^.;]*\b(?i:any ?more)\b))?"
    r"(?i:in|on|with) "
    r"(?:(?i:the|my|our|a|an) )?(?=[A-Z0-9]|(?i:year|grade|form|class|standard)\s+\d)"
)
# Membership of a group the speaker belongs to ("I'm in a book club with some neighbours", "we're in the local
# running club", "I'm in a choir"): a lasting fact; "I'm in a team meeting" is where they are now.
IN_A_GROUP_RE = re.compile(
    r"^(?:i|we)(?:'m| am|'re| are) (?:(?:also|now|still) )?in (?:a|an|the|my|our) (?:[\w'-]+ ){0,3}?"
    r"(?:club|choir|band|team|group|society|league|orchestra|association|crew|squad|troupe|ensemble|quartet|"
    r"trio|syndicate|collective|co-op)"
    r"(?=\s*(?:$|[,.;!?]|(?:with|at|in|for|that|which|called|near|since|from|who|run|of)\b))",
    re.I,
)
# A level the speaker has reached ("I'm at N4 level in Japanese", "we're at grade 5", "I'm at level 3 now"):
# a stage of learning they hold; "I'm at Gate 4" or "I'm at the station" names a place, not a level.
AT_A_LEVEL_RE = re.compile(
    r"^(?i:i|we)(?i:'m| am|'re| are) (?:(?i:now|still|currently|only) )?(?:(?i:at) )?(?:(?i:the|a|an) )?"
    r"(?:(?i:level|grade|stage|band) [A-Z0-9][\w.+-]*|[A-Z0-9][\w.+-]*(?: [\w-]+)? (?i:level|grade|stage|band|belt))\b"
)
NOT_AN_ACTIVITY_RE = re.compile(
    r"(?:going|waiting|heading|leaving|looking forward|thinking|wondering|feeling|getting ready|hanging|"
    r"kidding|joking|trying to (?:reach|get hold)|doing|saying|telling|asking|hoping|loving|liking)$",
    re.I,
)
# "my old one cracked", "our new ones are late": a subject that names nothing but points back at a noun said
# elsewhere; kept alone it would read "Fatima's old one cracked".
DANGLING_ONE_RE = re.compile(
    r"^(?:my|our)\s+(?:(?:[a-z]+\s+){1,2}?ones?(?:'s|\s+[a-z]+)|ones?(?:'s|\s+(?:is|are|was|were|has|had|have)\b))",
    re.I,
)
# "I'm doing a PhD", "we're doing an evening course": a pursuit ("I'm doing well", "doing a bit better": a mood).
DOING_A_THING_RE = re.compile(
    r"^\s+(?:an?\s+(?!(?:bit|little|lot)\b)\w"
    # ... or a named one: "doing the couch to 5k thing", "doing the Whole30 programme"
    r"|the\s+(?:[\w-]+\s+){1,4}(?:thing|programme|program|course|challenge|plan|diet)\b"
    # ... or one's own course of study: "doing my PhD in Leeds", "doing my MSc at UCL"
    r"|(?:my|our)\s+(?:[\w-]+\s+){0,2}?(?:msc|ma|bsc|ba|phd|mba|degree|masters|master's|doctorate|diploma|"
    r"apprenticeship|course|training|placement|internship|residency|gcses|a-levels|dissertation|thesis)\b)",
    re.I,
)
# "I don't drive", "we don't use any pesticides": what the speaker does not do is a fact about them too.
NEGATED_HABIT_RE = re.compile(r"^(?:i|we) (?:don'?t|do not) (?P<verb>[a-z]+)\b(?!')", re.I)
NOT_A_NEGATED_FACT_VERBS = frozenset("mind care remember recall trust feel see".split())
# ... and so is what they are not doing on the days it would recur ("I'm not working on Fridays", "we're
# not driving at weekends"): a standing arrangement, as "I don't work on Fridays" is.
NEGATED_ROUTINE_RE = re.compile(
    r"^(?:i|we)(?:'m| am|'re| are) not (?P<verb>[a-z]+ing)\b(?=[^.;]*?\b(?:"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)days|weekends|weekdays|"
    r"every (?:day|week|weekend|morning|evening|night|(?:mon|tues|wednes|thurs|fri|satur|sun)day))\b)",
    re.I,
)
PAST_RE = re.compile(r"^(?:i|we) " + _ADV + r"(?:" + _PAST + r")\b", re.I)
# "Took a trip to Rome", "Been reading a lot", "Love the energy there": the "I" left out.
ELIDED_SUBJECT_RE = re.compile(
    r"^(?:(?:just|never|finally|recently|also|only|once|then) )?(?:"
    + _PAST
    + r"|been|love|enjoy|prefer|(?:didn'?t|did not) [a-z]+)\b(?!')",  # "Didn't get the job": "I" put back
    re.I,
)
GENERIC_VERB_RE = re.compile(r"^(?:i|we) " + _ADV + r"(?P<verb>[a-z]+)\b(?!')", re.I)
NOT_A_FACT_VERBS = frozenset(
    """can could will would shall should may might must do did does am is are was were be wish guess
    hope mean bet think feel know see say agree wonder suppose reckon imagine understand get got gotta
    gonna wanna just need want tried try find found let""".split()
)
# "I always do the controlled drugs check at 14:00", "we do the school run": "do" as the main verb, a task
# the speaker does as a rule (present simple), not the auxiliary of "I do think", "I do like it".
# Or an activity done as a habit ("I do Brazilian jiu-jitsu twice a week", "we do pilates on Mondays"): a thing
# named after "do" (not a verb: "I do like it", "I do need to ...") and how often.
DOES_A_TASK_RE = re.compile(
    r"^(?:i|we) " + _ADV + r"do (?:(?:the|a|an|my|our|all the|most of the)\b"
    r"|(?!(?:like|love|hate|enjoy|mind|care|need|want|know|think|feel|hope|believe|remember|mean|wish|agree|"
    r"get|have|try|see|miss|appreciate|understand)\b)[\w-]+(?:\s+[\w-]+){0,5}?\s+(?:once|twice|three\s+times|"
    r"\d+\s*(?:x|times)|every|each|most|on\s+\w+days?|at\s+(?:the\s+)?weekends?|weekly|daily|nightly)\b)"
    # ... or said to be what one mostly does: "I mostly do street photography", "we mainly do weddings"
    r"|^(?:i|we) (?:mostly|mainly|usually|normally|generally|largely) do (?!(?:it|this|that|so|not|them)\b)[a-z]"
    # ... or a sport, a practice or an instrument one does, named: "I do yoga", "we do hot yoga at Bikram Leeds", "I
    # do parkrun", "I'm doing drums instead"
    r"|^(?:i|we)(?:'m|\s+am|'re|\s+are)?\s+" + _ADV + r"(?:do|doing) "
    r"(?:a\s+bit\s+of\s+|some\s+|a\s+lot\s+of\s+|hot\s+|aerial\s+|power\s+|"
    r"competitive\s+)?(?:yoga|pilates|karate|judo|boxing|kickboxing|crossfit|zumba|ballet|tai\s+chi|aikido|"
    r"taekwondo|jiu-?jitsu|spin|parkrun|triathlons?|archery|fencing|rowing|pottery|calligraphy|improv|karaoke|"
    r"martial\s+arts|weights|cardio|drums|guitar|piano|violin|cello|singing|saxophone|trumpet|ukulele)\b",
    re.I,
)
PERFECT_RE = re.compile(
    r"^(?:i|we)(?:'ve| have) "
    + _ADV
    + rf"(?:{RELATIVE_RE.pattern}\s+{_ADV})?"  # "I've this morning booked the vet"
    + r"(?:got|been(?! (?:thinking|feeling|wondering|meaning|trying))|"
    + _PAST
    + r")\b",
    re.I,
)
HAVE_RE = re.compile(
    r"^(?:i|we) "
    + _ADV
    + r"(?:have|'ve got|have got|own) (?:a|an|two|three|four|five|six|\d+|my own|our own|"
    r"some|several|many|lots of|a lot of|plenty of|no)\b",
    re.I,
)
HABIT_RE = re.compile(
    r"^(?:i|we) "
    + _ADV
    + r"(?P<verb>work|live|use|teach|play|volunteer|run|own|study|speak|coach|write|paint|"
    r"cook|bake|collect|practi[cs]e|train|swim|hike|read|attend|drive|ride|make|grow|keep|visit|spend|help|"
    r"lead|manage|belong|come|sing|dance|draw|knit|fish|surf|climb|garden|travel|go to|"
    # what is done to the speaker on a recurring day: "I get paid on the 25th", "we get billed monthly"
    r"get (?:paid|billed|charged|invoiced|picked up|dropped off)(?=[^.;]*\b(?:every|each|monthly|weekly|"
    r"fortnightly|yearly|annually|daily|on the \d{1,2}(?:st|nd|rd|th)|on (?:mon|tues|wednes|thurs|fri|satur|sun)days)\b)|"
    # a regular stint somewhere: "I do Saturday mornings at the food bank", "we do Friday nights at the pub quiz"
    r"do (?:(?:mon|tues|wednes|thurs|fri|satur|sun)day |weekend |weekday |night |early |late )?"
    r"(?:mornings|afternoons|evenings|nights|shifts|lates|earlies)\s+(?:at|for|with|in)\s+(?=\S)|"
    # where one gets one's own things: "I get my coffee at Fern now", "we get our veg from the market"
    r"get (?:my|our) (?!way\b)(?:[\w-]+ ){1,3}?(?:done |cut |fixed |serviced )?(?:at|from) (?=\S))",
    re.I,
)
KEYED_FACT_RES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^(?:i|we) " + _ADV + r"(?:live|lived|moved|relocated) (?:in|to)\b", re.I), "home_city"),
    (
        re.compile(
            r"^(?:i|we)(?:'m| am) (?:(?:normally|usually|now|still|currently) )?(?:based|living) in\b", re.I
        ),
        "home_city",
    ),
    (re.compile(r"^(?:i|we) " + _ADV + r"work as\b", re.I), "job_title"),
    (re.compile(r"^(?:i|we) " + _ADV + r"work (?:at|for)\b", re.I), "employer"),
    (
        re.compile(
            r"^i(?:'m| am) (?:now |still |happily |no longer |not )?(?:single|married|divorced|engaged|widowed|"
            r"in a relationship|dating)\b",
            re.I,
        ),
        "relationship_status",
    ),
    (re.compile(r"^i(?:'m| am) (?:no longer |not )?(?:a )?(?:vegetarian|vegan|pescatarian)\b", re.I), "diet"),
    (re.compile(r"^i(?:'m| am) \w+ years old\b", re.I), "age"),
    (re.compile(r"^i(?:'m| am) (?:originally )?from\b", re.I), "origin"),
)
# "Ana and I ...", "my sister and I ...": the speaker is one of the subject.
COMPOUND_HEAD_RE = re.compile(
    r"^(?!(?:and|but|so|then|me)\b)(?:(?:my|our|the)\s+)?[\w'-]+(?:\s+[\w'-]+)?\s+and$", re.I
)
# News of how a plan or project ended ("Change of plans: the Halifax move is off", "the Dagster migration is
# done"): what it was for is over, whoever the sentence's grammatical subject is.
PLAN_FATE_RE = re.compile(
    r"^(?:[\w\s']{1,30}:\s*)?(?:(?:the|my|our)\s+(?P<what>(?:[\w-]+\s+){0,3}?[\w-]+)"
    # ... or what it was for by its name, called off ("Glastonbury's off for us", "Lisbon is cancelled"; "Ana is
    # done with uni" is no plan's end)
    r"|(?P<named>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,2})(?=\s+(?:(?:is|was|has\s+been)\s+"
    r"(?:now\s+|officially\s+)?(?:off(?=\s*(?:$|[,.;!]|for\s+(?:us|me)\b|now\b))|cancell?ed|called\s+off|scrapped|"
    r"postponed|on\s+hold)|fell\s+through)\b))\s+"
    r"(?:(?P<verb>is|was|has been|had been|got|were|are)\s+(?:now\s+|finally\s+|officially\s+)?"
    # ("my boyfriend and I are off to Lisbon" is a trip, not a plan's end)
    r"(?P<fate>off(?!\s+to\b)|over|cancell?ed|called off|scrapped|postponed|done|finished|completed?|on hold|on ice)"
    # "the house sale went through", "the van sale fell through"
    r"|(?:has\s+|have\s+)?(?:finally\s+)?(?P<through>went|gone|fell|fallen)\s+through)\b"
    r"(?P<rest>.*)$",
    re.I,
)
# A plan put off, said as a fragment: "Japan another time, maybe", "The kitchen next year then", "Lisbon some
# other time": what it was for waits for another time.
PUT_OFF_RE = re.compile(
    # (a thing, not a clause: "I'm retiring next year" is a plan said, not one put off)
    r"^(?:(?:ok|okay|so|well|oh well|never mind)[,\s]+)?(?P<what>(?!(?:i|i'm|we|we're|he|he's|she|she's|they|"
    r"they're|it|it's|you|you're)\b)(?:the\s+[\w'-]+|(?-i:[A-Z])[\w'-]*)"
    r"(?:\s+(?!(?:is|are|am|was|were)\b)[\w'-]+){0,2}?)"
    r",?\s+(?P<when>another time|some other time|another year|next year|some day|one day|later on)"
    r"(?:[,\s]+(?:maybe|perhaps|then|I guess|hopefully))?[.!]*$",
    re.I,
)
# Back in a named place, since a time: where the speaker lives again ("I'm back in Warsaw since Friday"), not a
# passing whereabouts ("I'm back at my desk").
BACK_IN_RE = re.compile(
    r"^(?i:i'?m|i am|we'?re|we are)\s+(?i:finally\s+|now\s+)?(?i:back)\s+(?i:in|home\s+in)\s+"
    r"(?P<where>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)(?P<rest>\s+(?i:since|for good|from)\b[^,;]*)?"
    # ... "now", and what follows a comma ("We're back in Bristol now, Bath didn't work out"): how it came about
    r"(?:\s+(?i:now|again|for now))?[.!]*(?:\s*[,;]\s+.*)?$",
)
# Back from a named place: a trip that happened ("I'm back from Patagonia!"), not a passing whereabouts.
BACK_FROM_RE = re.compile(  # the subject left out as chat leaves it: "Back from Japan!"
    r"^(?:(?i:i'?m|i am|we'?re|we are|just got)\s+)?(?i:finally\s+|just\s+)?(?i:back from)\s+(?P<where>[A-Z][\w\s'-]*)",
)
