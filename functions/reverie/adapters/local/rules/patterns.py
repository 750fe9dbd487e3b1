"""The word lists and patterns the statement rules match (compiled once, here)."""

from __future__ import annotations

import re

from reverie.adapters.local.rules.verb_forms import ADVERBS, IRREGULAR_PAST, PRESENT_EED

_ADV = r"(?:(?:" + "|".join(sorted(ADVERBS)) + r")\s+)*"
# A past form: "-ed" ("need", "feed" are present) or an irregular one.
_PAST = (
    r"(?:(?!(?:" + "|".join(sorted(PRESENT_EED)) + r")\b)[a-z]+ed|" + "|".join(sorted(IRREGULAR_PAST)) + r")"
)

# Tools and things whose category names the attribute a statement sets ("we use pnpm" → package_manager).
VOCABULARY: dict[str, str] = {
    **dict.fromkeys(
        "npm pnpm yarn bun pip pipenv poetry uv conda cargo maven gradle composer".split(), "package_manager"
    ),
    **dict.fromkeys("vim neovim emacs vscode intellij pycharm sublime nano zed".split(), "editor"),
    **dict.fromkeys("bash zsh fish powershell".split(), "shell"),
    **dict.fromkeys("linux macos windows ubuntu debian fedora arch".split(), "os"),
    **dict.fromkeys("pytest jest vitest mocha unittest junit".split(), "test_runner"),
    **dict.fromkeys("postgres postgresql mysql sqlite mongodb redis dynamodb".split(), "database"),
    **dict.fromkeys("aws gcp azure".split(), "cloud"),
    **dict.fromkeys("black ruff prettier eslint flake8".split(), "formatter"),
    **dict.fromkeys("docker podman".split(), "container_runtime"),
    **dict.fromkeys("github gitlab bitbucket".split(), "code_host"),
}
VOCABULARY_RE = re.compile(r"\b(" + "|".join(sorted(VOCABULARY, key=len, reverse=True)) + r")\b", re.I)

GREETING_RE = re.compile(
    r"^(?:hi|hey|hello|hiya|howdy|yo|good (?:morning|afternoon|evening|night)|bye|goodbye|see (?:you|ya)|"
    r"talk (?:to you )?(?:soon|later)|take care|catch you later|ttyl|have (?:a|an) \w+ (?:day|time|night|"
    r"weekend|one)|nice (?:to|talking|chatting)|good (?:to|talking)|great (?:to|talking|chatting)|"
    r"long time no|welcome|cheers|congrat\w*|good luck|no (?:problem|worries)|you too|me too|same here|"
    r"of course|sounds good|will do|got it|noted)\b",
    re.I,
)
THANKS_RE = re.compile(
    r"^(?:thanks|thank you|thx|ty|many thanks|much appreciated|appreciate (?:it|that|you))\b", re.I
)
REACTION_RE = re.compile(
    r"^(?:wow|whoa|aw+|cool|nice|great|awesome|amazing|lovely|beautiful|wonderful|fantastic|incredible|"
    r"perfect|sweet|yay|haha+|lol|omg|that'?s|that is|this is|sounds|looks|how (?:cool|nice|great|awesome)|"
    r"what a|so (?:cool|nice|great|happy|glad)|you'?re|you are|you'?ve|your|"
    r"good (?:idea|point|job|for you))\b",
    re.I,
)
VOLATILE_RE = re.compile(
    r"\b(?:right now|at the moment|atm|at this moment|as we speak|for now|for the moment|this minute|"
    r"currently (?:at|running|waiting|stuck|down|blocked|\d)|(?:is|are) (?:still )?(?:running|loading|"
    r"building|deploying|compiling|installing|pending|in progress|down)|in progress|"
    r"\d+\s?% (?:done|complete)|"
    r"(?:at|is at|reached|hit) \d+(?:\.\d+)?\s?%|today i'?m|i'?m (?:a bit |kind of |so |very )?(?:tired|"
    r"exhausted|sleepy|hungry|thirsty|busy|swamped|sick|ill|late|running late|in a meeting|on a call|on my "
    r"way|at the office|at work|at home|away|back|off to|heading|about to|waiting|stuck|cold|hot|in the "
    r"middle of|doing (?:well|good|great|fine|ok|okay|alright|better|amazing|awesome))|about to)\b"
    # A percentage ends in "%", after which a word boundary never follows ("at 45%, ping me").
    r"|\b(?:at|is at|reached|hit) \d+(?:\.\d+)?\s?%",
    re.I,
)
FEELING_RE = re.compile(
    r"^(?:i|we)(?:'m| am|'re| are| was| were)? (?:so |very |really |a bit |pretty |kinda |super |totally )?"
    r"(?:stressed|"
    r"bored|sad|upset|nervous|anxious|excited|stoked|thrilled|happy|glad|sorry|grateful|thankful|lucky|"
    r"blessed|proud|relieved|overwhelmed|worried|scared|afraid|jealous|curious|amazed|touched|honou?red|"
    r"inspired|motivated|pumped|psyched|feeling|sure|not sure|impressed|speechless|fine|okay|ok|good|"
    r"great|well|alright|all good)\b",
    re.I,
)
OPINION_RE = re.compile(
    r"^(?:i|we) (?:(?:" + "|".join(sorted(ADVERBS)) + r") )*(?:think|thought|believe|feel|felt|guess|bet|"
    r"suppose|reckon|mean|meant|agree|wonder|wondered|know|knew|understand|see|hope (?!to)|wish|doubt|"
    r"imagine|admire|appreciate|miss|missed you|can'?t (?:wait|believe|imagine|stop)|couldn'?t|"
    r"totally get|get it|realized|realised|figured|forgot|remember|love (?:that|this|it|how|your|you|"
    r"seeing|hearing)|like (?:that|this|it|how|your|you)|'ll never forget|will never forget|'ll (?:try|see|"
    r"let you know|keep you posted|check|do my best|be there)|will (?:try|see|let you know)|"
    r"wanted to (?:say hi|say hello|let you know|check in|ask))\b",
    re.I,
)
CORRECTION_OPENER_RE = re.compile(
    r"^(?:(?:no|nope|nah|wrong|incorrect|not quite)\s*[,.!:;-]|actually\b|(?:that'?s|that is|this is|it'?s) "
    r"(?:wrong|incorrect|not (?:right|correct|true|it))\b|you'?re wrong\b|i (?:said|meant)\b)[\s,.!:;-]*"
    r"(?P<rest>.*)$",
    re.I | re.S,
)
CONTRAST_RE = re.compile(r"(?P<head>.+?)(?:,\s*not\s+|\s+instead of\s+|\s+rather than\s+)(?P<tail>.+)", re.I)
CONSTRAINT_OPENER_RE = re.compile(
    r"(?:^|,\s*(?:but|and|so)?\s*|\b(?:but|and)\s+)(?P<clause>(?:please\s+)?(?:never|always|don'?t ever|"
    r"do not ever|make sure (?:to|you)|be sure to|remember to|do not|don'?t)\b.*)",
    re.I,
)
SOFT_NEGATIVE_RE = re.compile(
    r"^(?:please\s+)?(?:do not|don'?t) (?:worry|mind|bother|know|think|have|get|forget|be|feel|say|let)\b",
    re.I,
)
NOT_A_RULE_AFTER_RE = re.compile(
    r"^(?:please\s+)?(?:never|always) "
    r"(?:happy|glad|good|great|fun|nice|been|a|an|the|too|ever|mind|give up)\b",
    re.I,
)
NO_THING_RE = re.compile(
    r"^no (?!problem|worries|way|idea|thanks|rush|doubt|kidding|wonder|one|big deal)\w+", re.I
)
MUST_RE = re.compile(r"\b(?:(?:you|we|everyone|all \w+) must|must (?:not|never|always)|mustn'?t)\b", re.I)
HAVE_TO_RE = re.compile(r"\b(?:you|we|everyone) (?:have to|need to|should (?:always|never))\b", re.I)
RULE_MARKER_RE = re.compile(
    r"\b(?:every time|from now on|going forward|at all times|under no circumstances|without exception|"
    r"hard rule|is mandatory|is required)\b",
    re.I,
)
# A state that holds from now on ("so it's android from now on", "they're vegan going forward"): news of a
# change, not a rule for the agent.
STATE_FROM_NOW_RE = re.compile(
    r"\b(?:it|that|this|they|he|she|everything)(?:'s|'re|\s+is|\s+are|\s+will be|'ll be)\s+[^,;.]*?"
    r"\b(?:from now on|going forward|from today)\b",
    re.I,
)
HABIT_MARKER_RE = re.compile(r"[,\s]*\b(?:as always|like always|as usual|like usual)\b[.!]*", re.I)
SUBJECT_I_RE = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|we|we're|we've|we'll|we'd)\b", re.I)

# A first-person subject may follow a time or connective opening ("Last week, I ...", "And then we ...").
# Atomic groups keep it linear: an opening, once matched, is never re-split (no catastrophic backtracking).
INTRO_RE = re.compile(
    r"^(?:(?>these days|nowadays|at the moment|currently|"  # before "now" (the group is atomic)
    r"and|but|so|then|now|also|only|recently|lately|finally|eventually|today|tonight|yesterday|once|"
    r"last \w+|next \w+|this (?:morning|afternoon|evening|week|weekend|month|year|summer|spring|fall|"
    r"autumn|winter|time|past \w+)|(?:on|in|at|since|after|before|when|while|until|till|for) [\w']+(?: [\w']+){0,4}|"
    r"\w+(?: \w+){0,2} ago|a while back|back then|over the \w+|ever since)\s*)*+$",
    re.I,
)
FIRST_PERSON_SUBJECT_RE = re.compile(
    r"\b(?:I|I'm|I've|I'd|I'll|[Ww]e|[Ww]e're|[Ww]e've|[Ww]e'll|[Mm]y|[Oo]ur|i)\b"
)

PREFERENCE_RE = re.compile(
    r"^(?:i|we)(?:'m|'ve|'d|'ll| am| have| would| will)?\s+" + _ADV + r"(?P<verb>prefer|like|love|"
    r"loved|liked|enjoy|enjoyed|adore|hate|hated|dislike|detest|can'?t stand|don'?t like|do not like|"
    r"rather|into|(?:a )?(?:big |huge )?fan of|keen on|passionate about|interested in|been into)\b\s*"
    r"(?P<obj>.*)$",
    re.I,
)
REACTION_OBJECT_RE = re.compile(
    r"^(?:it|that|this|those|these|them|you|your|how|what|seeing|hearing|to (?:hear|see|know|check|read))\b|"
    r"\byou(?:r|'re|'ve)?\b",
    re.I,
)
FAVOURITE_RE = re.compile(
    r"^(?:my|our) (?:all-time |absolute )?(?:favou?rite|fave|fav) (?P<what>[\w -]+?) "
    r"(?:is|are|was|were|has to be) .+$",
    re.I,
)
PLAN_RE = re.compile(
    r"^(?:(?:i|we)(?:'m| am|'re| are|'d| would|'ll| will)?\s+"
    + _ADV
    + r")?(?:going to|gonna|planning(?:\s+(?:to|on))?|plan to|intend to|hope to|hoping to|want to|wanna|like to|"
    r"love to|aim to|will|'ll|thinking (?:of|about)|looking to|considering|set to|scheduled to|have to|"
    r"need to)\b\s*(?P<rest>.*)$",
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
    r"|hands|happens|meets|ships|rotates|resets|renews|expires|closes|opens|runs|falls|lands)\b.+$",
    re.I,
)
MY_ANYTHING_RE = re.compile(r"^(?:my|our) [\w-]+", re.I)
IDENTITY_RE = re.compile(
    r"^(?:i|we)(?:'m| am|'re| are) (?:(?:also|now|still|originally|currently|finally|normally|usually|"
    r"generally|mostly|permanently) )?"
    # a reversal of who one is ("I'm no longer vegan", "I'm not a paramedic any more") is a fact too
    r"(?:no longer |not (?=[^.;]*\bany ?more\b))?"
    r"(?P<what>a |an |the |from |"
    r"based in |\d+ years old|\w+ years old|married|single|divorced|engaged|widowed|pregnant|retired|"
    r"vegetarian|vegan|pescatarian|allergic|in a relationship|dating|a member|part of|member of|"
    # a status one is on ("I'm on parental leave until 1 June", "we're on a waiting list", "I'm on nights")
    r"on (?:[a-z-]+ ){0,2}(?:leave|holidays?|vacation|sabbatical|furlough|secondment|probation|call|nights|"
    r"shifts?|bed rest|medication|meds|diet|waiting list|tour|strike|placement)\b|"
    # a team or body one belongs to ("I'm on the sorting team", "we're in the PTA committee")
    r"(?:on|in) (?:the |a )?(?!the\b)(?:[\w-]+ ){1,3}(?:team|committee|board|rota|squad|crew|panel)"
    r"(?=\s*$|\s*[,.;!]|\s+(?:at|for|of|in|on|with|and|now|since|this|again)\b)|"
    r"(?P<ing>[a-z]+ing)\b)",
    re.I,
)
# In or on something named ("I'm in Year 11", "we're on Postgres 15", "I'm with Vodafone", "I'm in a Kia Niro
# now"): a class, a version, a plan, a provider or a car the speaker belongs to or runs on; "I'm in a meeting"
# names nothing.
NAMED_MEMBERSHIP_RE = re.compile(
    r"^(?i:i|we)(?i:'m| am|'re| are) (?:(?i:also|now|still|currently) )?(?i:in|on|with) "
    r"(?:(?i:the|my|our|a|an) )?(?=[A-Z0-9])"
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
    r"|the\s+(?:[\w-]+\s+){1,4}(?:thing|programme|program|course|challenge|plan|diet)\b)",
    re.I,
)
# "I don't drive", "we don't use any pesticides": what the speaker does not do is a fact about them too.
NEGATED_HABIT_RE = re.compile(r"^(?:i|we) (?:don'?t|do not) (?P<verb>[a-z]+)\b(?!')", re.I)
NOT_A_NEGATED_FACT_VERBS = frozenset("mind care remember recall trust feel see".split())
PAST_RE = re.compile(r"^(?:i|we) " + _ADV + r"(?:" + _PAST + r")\b", re.I)
# "Took a trip to Rome", "Been reading a lot", "Love the energy there": the "I" left out.
ELIDED_SUBJECT_RE = re.compile(
    r"^(?:(?:just|never|finally|recently|also|only|once|then) )?(?:"
    + _PAST
    + r"|been|love|enjoy|prefer)\b(?!')",
    re.I,
)
GREETING_TAIL_RE = re.compile(r"^[^,!.:;]*[,!.:;]\s*(?P<rest>.*)$", re.S)
GENERIC_VERB_RE = re.compile(r"^(?:i|we) " + _ADV + r"(?P<verb>[a-z]+)\b(?!')", re.I)
NOT_A_FACT_VERBS = frozenset(
    """can could will would shall should may might must do did does am is are was were be wish guess
    hope mean bet think feel know see say agree wonder suppose reckon imagine understand get got gotta
    gonna wanna just need want tried try find found let""".split()
)
PERFECT_RE = re.compile(
    r"^(?:i|we)(?:'ve| have) "
    + _ADV
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
    r"lead|manage|belong|come|sing|dance|draw|knit|fish|surf|climb|garden|travel|go to)\b",
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
OPINION_TAIL_RE = re.compile(
    r"(?:,\s*|\s+)(?:and |but |which |so )?(?:it|that|this|which|they)(?:'s| is| was| were| has been|'s been|"
    r" felt| feels| looks| looked| seemed| seems| made| makes)\b[^,;:]*$",
    re.I,
)
# "I want you to ...", "Could you ...": a request wrapped around an imperative (a rule only with a rule marker).
WRAPPED_REQUEST_RE = re.compile(
    r"^(?:(?:i|we)(?:'d| would)? (?:want|need|like|love) you to|(?:can|could|would|will) you(?: please)?)\s+"
    r"(?P<rest>.+)$",
    re.I,
)
# The listener (the agent) in what the user says, and where a sentence's main clause ends.
YOU_RE = re.compile(r"\byou(?:r|rs|rself)?\b", re.I)
MAIN_CLAUSE_END_RE = re.compile(r"[,;:]|\s(?:in case|if|when|because|since|unless|so that)\s", re.I)
# "Ana and I ...", "my sister and I ...": the speaker is one of the subject.
COMPOUND_HEAD_RE = re.compile(
    r"^(?!(?:and|but|so|then|me)\b)(?:(?:my|our|the)\s+)?[\w'-]+(?:\s+[\w'-]+)?\s+and$", re.I
)
# A verb opening a sentence, then its object: "Book me a desk", "Summarise the PRD for me", "Now help me".
IMPERATIVE_RE = re.compile(
    r"^(?:please\s+\w|(?:(?:now|then|just|also|so|and)\s+)*(?!(?:the|a|an|this|that|these|those|my|our|his|her|"
    r"their|its|some|all|both|no)\b)[a-z]+\s+(?:me|us|my|our|the|a|an|it|them|this|that|these|those|some|all|"
    r"both|two|three|four|five)\b)",
    re.I,
)
# A sentence about a thing, in the present: its subject a determiner and a noun ("The staging cluster is"),
# an identifier ("payments-api runs", "S3 buckets are", "QA owns") or a word followed by an auxiliary
# ("Postgres is", "staging is"); never a verb (an imperative: "Deploy payments-api", "Check the logs").
_AUX = r"(?:is|are|isn't|aren't|has|have|hasn't|haven't|will|won't|can|can't|cannot|must|should|does|doesn't)"
_VERB = r"(?:" + _AUX + r"|[a-z]{2,}[^s\W']s(?=\s+\w))"  # "runs on", not "minutes." nor "was"
_IDENTIFIER = r"(?:[a-z][\w.]*[\d_.-][\w.-]*|[\w.-]*\d[\w.-]*|[A-Z]{2,}[\w-]*|[A-Za-z]+[a-z][A-Z]\w*)"
_NOT_A_THING = (
    r"(?!(?i:it|this|that|there|here|what|which|who|everything|something|nothing|anything|everyone|someone|"
    r"nobody|he|she|they|you|i|we|one|mine|yours|today|tonight)\b)"
)
ABOUT_A_THING_RE = re.compile(
    r"^(?:(?i:the|this|that|these|those|a|an|every|each|all|its|their)\s+(?:[\w.@/:'-]+\s+){1,5}?"
    + _VERB
    # someone's thing: "Yusuf's swimming lessons are on Tuesdays", "Mum's birthday is 8 June"
    + r"|(?!(?i:it|that|this|there|here|he|she|what|who|where|let)'s)[A-Z][\w-]*'s\s+(?:[\w.@/:'-]+\s+){1,4}?"
    + _VERB
    + r"|"
    + _IDENTIFIER
    + r"(?:\s+[\w.@/:'-]+){0,3}?\s+"
    + _VERB
    + r"|"
    + _NOT_A_THING
    + r"[A-Za-z][\w.'-]*(?:\s+(?:[A-Z][\w'-]*|\d[\w.]*)){0,3}\s+"
    + _AUX
    + r")(?=[\s,.;:!]|$)"
)
# Two or three lowercase words and "is"/"are" ("staging db is ...", "prod cluster is ..."): a thing named
# with its article left out, as terse chat does; never a pronoun, a time or a word like "everything".
ARTICLE_DROPPED_RE = re.compile(
    r"^" + _NOT_A_THING + r"(?!(?:no|not|all|any|some|every|each|my|our|your|his|her|their|its|to)\b)"
    r"[a-z][\w-]*\s+(?!(?:is|are)\b)[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:is|are)\s+(?!(?:not|a|an|so|too|very|really)\b)"
)
# A thing's value changing to another ("rent goes up to 1020 from 1 May", "pickup moves to 15:10", "the fee
# rises to £40"): its article may be dropped, as terse chat does; the new value is a number, a time or a name.
VALUE_CHANGE_RE = re.compile(
    r"^(?:(?:the|my|our)\s+)?" + _NOT_A_THING + r"[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}\s+"
    r"(?:(?:is|are)\s+going|will\s+go|goes|go|went|has\s+gone|have\s+gone)\s+(?:up|down|back)\s+to\s+"
    r"(?=[£$€]?\s?\d|[A-Z])"
    r"|^(?:(?:the|my|our)\s+)?" + _NOT_A_THING + r"[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}\s+"
    r"(?:(?:is|are)\s+|will\s+|has\s+|have\s+)?(?:rises|rise|rising|rose|risen|increases|increase|increasing|"
    r"increased|drops|drop|dropping|dropped|falls|fall|falling|fell|fallen|decreases|decrease|decreased|"
    r"changes|change|changing|changed|moves|move|moving|moved)\s+to\s+(?=[£$€]?\s?\d|[A-Z])",
    re.I,
)
# A bare plural and its verb ("Alerts go to #ops-alerts", "Builds take ten minutes"): an imperative's verb does
# not end in a single s, and takes its object next ("Uses the old key" is no statement about a thing).
BARE_PLURAL_RE = re.compile(
    _NOT_A_THING
    + r"(?-i:[A-Za-z][a-z]+[^s\W]s)\s+(?!(?i:the|a|an|me|my|us|our|it|them|this|that|these|those|every|all|"
    r"some|to|and|or|of|in|on|for)\b)[a-z]{2,}(?=[\s,.;:!]|$)"
)
CAPITALISED_RE = re.compile(r"(?<!^)(?<![.!?]\s)\b[A-Z][a-z]+")
INJECTION_RE = re.compile(
    r"(?:ignore|disregard|forget) (?:all |any )?(?:(?:the|your) )?(?:previous|prior|above|earlier|"
    r"preceding) (?:instructions|rules|messages|prompts?)|you must now|you are now|new instructions|"
    r"(?:ignore|disregard|override|bypass) (?:all |any )?(?:of )?(?:the |your |its )?(?:\w+ )?(?:guidelines|"
    r"guardrails|safety (?:rules|checks|limits|instructions)|polic(?:y|ies))|do not (?:tell|inform|alert|"
    r"notify|mention (?:this|it) to) (?:the )?(?:user|owner|homeowner|customer|operator|admin|anyone)|"
    r"system prompt|system message|\bact as\b|pretend (?:to be|you are)|(?:always|immediately) (?:send|"
    r"forward|upload|post|email|share|copy) .{0,80}\bto\b|(?:send|forward|upload|exfiltrate|leak) (?:all|"
    r"the|your|any) .{0,60}(?:keys?|tokens?|secrets?|passwords?|credentials|data|files)\b|do not tell "
    r"the user|without telling the user|<\|im_start\|>|\[/?inst\]|###\s*(?:system|instruction)",
    re.I,
)
# News of how a plan or project ended ("Change of plans: the Halifax move is off", "the Dagster migration is
# done"): what it was for is over, whoever the sentence's grammatical subject is.
PLAN_FATE_RE = re.compile(
    r"^(?:[\w\s']{1,30}:\s*)?(?:the|my|our)\s+(?P<what>(?:[\w-]+\s+){0,3}?[\w-]+)\s+"
    r"(?P<verb>is|was|has been|had been|got|were|are)\s+(?:now\s+|finally\s+|officially\s+)?"
    r"(?P<fate>off|over|cancell?ed|called off|scrapped|postponed|done|finished|completed?|on hold|on ice)\b"
    r"(?P<rest>.*)$",
    re.I,
)
# A plan put off, said as a fragment: "Japan another time, maybe", "The kitchen next year then", "Lisbon some
# other time": what it was for waits for another time.
PUT_OFF_RE = re.compile(
    r"^(?:(?:ok|okay|so|well|oh well|never mind)[,\s]+)?(?P<what>(?:the\s+[\w'-]+|(?-i:[A-Z])[\w'-]*)(?:\s+[\w'-]+){0,2}?)"
    r",?\s+(?P<when>another time|some other time|another year|next year|some day|one day|later on)"
    r"(?:[,\s]+(?:maybe|perhaps|then|I guess|hopefully))?[.!]*$",
    re.I,
)
# A rule for as long as a state lasts ("While I'm in Nairobi for the project, put my calls in Nairobi time"):
# a standing rule, with its condition.
WHILE_RULE_RE = re.compile(
    r"^(?:while|as long as|for as long as|whenever|when(?=\s+(?:i'?m|i am|we'?re|we are)\b))\s+"
    r"(?P<condition>[^,]{3,80}),\s*(?:please\s+)?(?P<rule>.+)$",
    re.I | re.S,
)
# Back in a named place, since a time: where the speaker lives again ("I'm back in Warsaw since Friday"), not a
# passing whereabouts ("I'm back at my desk").
BACK_IN_RE = re.compile(
    r"^(?i:i'?m|i am|we'?re|we are)\s+(?i:finally\s+|now\s+)?(?i:back)\s+(?i:in|home\s+in)\s+"
    r"(?P<where>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)(?P<rest>\s+(?i:since|for good|from)\b[^,;]*)?$",
)
# Back from a named place: a trip that happened ("I'm back from Patagonia!"), not a passing whereabouts.
BACK_FROM_RE = re.compile(
    r"^(?i:i'?m|i am|we'?re|we are|just got)\s+(?i:finally\s+|just\s+)?(?i:back from)\s+(?P<where>[A-Z][\w\s'-]*)",
)
# "Use postgres://reader@db.internal:5432/warehouse (for the exports)": an address to use is where
# something lives, a standing fact, not a request for now.
USE_ADDRESS_RE = re.compile(
    r"^(?:please\s+)?(?:use|connect to|point (?:it|everything) at)\s+(?P<what>\S*(?:://|@)\S+(?:\s+for\s+[^,;.]+)?)",
    re.I,
)
