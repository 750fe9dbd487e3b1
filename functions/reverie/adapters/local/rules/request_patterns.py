"""What the user asks of the agent: corrections, standing rules, wrapped requests and imperatives."""

from __future__ import annotations

import re

CORRECTION_OPENER_RE = re.compile(
    # ("Sorry, I meant ...", "oops, actually ...", "wait, no, ...": an apology or a pause first)
    r"^(?:(?:sorry|oops|whoops|my bad|wait|hang\s+on|hold\s+on|oh|ah|hmm)\s*[,.!]?\s*)?"
    r"(?:(?:no|nope|nah|wrong|incorrect|not quite|(?:no\s+)?wait|hang\s+on|hold\s+on|correction|to correct (?:that|myself)|(?:my\s+)?typo)"
    r"\s*[,.!:;\-–—]|actually\b|(?:that'?s|that is|this is|it'?s) "
    r"(?:wrong|incorrect|not (?:right|correct|true|it))\b|you'?re wrong\b|i (?:said|meant)\b"
    # "I told you wrong before:", "I gave you the wrong date earlier:", "I got that wrong:": said before a colon
    r"|i (?:told you wrong|gave you the wrong [a-z]+|got (?:that|it|this) wrong)(?: (?:before|earlier|last time))?\s*[:;,\-–—])"
    r"[\s,.!:;\-–—]*"
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
    r"(?:happy|glad|good|great|fun|nice|been|a|an|the|too|ever|mind|give up)\b|"
    # an elided verb repeating what was said: "I play bass, always have", "never did"
    r"^(?:never|always) (?:have|has|had|did|do|does|was|were|am|is|will)\s*(?:[.!,;]|$)",
    re.I,
)
NO_THING_RE = re.compile(
    r"^no (?!problem|worries|way|idea|thanks?\b|ta\b|rush|doubt|kidding|wonder|one|big deal|need\b|luck\b|"
    r"chance\b|clue\b|offen[cs]e\b|stress\b|hurry\b|pressure\b|bother\b|matter\b|comment\b|joke\b|"
    r"longer\b|more\s+for\b|sorry\b|really\b|good\b|change\b|news\b|reply\b|answer\b)\w+",
    re.I,
)
# ... or where a whole kind of thing goes, is booked or is charged: "Deliver everything to my work address, 5 Dock
# Street", "Send all my parcels to the office", "Book all my flights with BA" (not "Send this to Tom", nor "Move all
# my files to the new drive": a move is done once).
ALL_ROUTED_RE = re.compile(
    r"^(?!.*\b(?:this|that|these|those|today|tonight|now|just|once|tomorrow)\b)(?:please\s+)?"
    r"(?:deliver|send|ship|post|forward|route|redirect|direct|bill|charge|invoice|book|cc|copy|address)\s+"
    r"(?:everything|anything|all\s+(?:of\s+)?(?:my|our|the)\s+(?:[\w-]+\s+){0,2}?[\w-]+s|every\s+[\w-]+|any\s+[\w-]+)"
    r"\s+(?:to|with|through|via|on|at|into|c/o)\b[^.;!?]*?(?:,?\s*please)?[.!]*$",
    re.I,
)
MUST_RE = re.compile(r"\b(?:(?:you|we|everyone|all \w+) must|must (?:not|never|always)|mustn'?t)\b", re.I)
HAVE_TO_RE = re.compile(r"\b(?:you|we|everyone) (?:have to|need to|should (?:always|never))\b", re.I)
RULE_MARKER_RE = re.compile(
    r"\b(?:every time|from now on|from (?:today|tonight|now) onwards?|from today on|from here on(?: in| out)?|"
    r"going forward|at all times|under no circumstances|without exception|"
    r"hard rule|is mandatory|is required)\b",
    re.I,
)
_NAMED_DOES = (
    r"(?!(?i:you|i|we|please|always|never)\b)(?-i:[A-Z])[\w&-]*(?:\s+(?-i:[A-Z])[\w&-]*){0,3}\s+(?:will\s+)?"
    r"(?-i:[a-z]{2,}[^s\W']s|is|are|has|will)\b"
)
# A state that holds from now on ("so it's android from now on", "they're vegan going forward"): news of a
# change, not a rule for the agent. So is what a named someone does from now on ("from now on Brightline pays
# 0.20 a word", "Kew Dental opens at 8 going forward"): a third person's verb, no order to the agent.
STATE_FROM_NOW_RE = re.compile(
    r"\b(?:it|that|this|they|he|she|everything)(?:'s|'re|\s+is|\s+are|\s+will be|'ll be)\s+[^,;.]*?"
    r"\b(?:from now on|going forward|from today)\b"
    r"|^(?:from now on|going forward|from today)[,\s]+"
    + _NAMED_DOES
    + r"|^"
    + _NAMED_DOES
    + r"(?:[^,;.]|\.(?=\d))*?\b(?:from now on|going forward|from today)\b",
    re.I,
)
HABIT_MARKER_RE = re.compile(
    r"[,\s]*\b(?:as always|like always|as usual|like usual|always (?:have|had|did)(?=[.!]*\s*$))\b[.!]*", re.I
)
# "I want you to ...", "Could you ...": a request wrapped around an imperative (a rule only with a rule marker).
WRAPPED_REQUEST_RE = re.compile(
    r"^(?:(?:i|we)(?:'d| would)? (?:want|need|like|love) you to|(?:can|could|would|will) you(?: please)?)\s+"
    r"(?P<rest>.+)$",
    re.I,
)
# A rule said as what the speaker would rather the agent did not do: "I'd rather you didn't use emojis", "I'd
# prefer it if you didn't ring before 9" (a base verb follows).
RATHER_NOT_RE = re.compile(
    r"^(?:i|we)(?:'d| would) (?:rather|prefer(?: it)?(?: if)?) you (?:didn'?t|did not|don'?t|do not|wouldn'?t)\s+"
    r"(?P<rest>.+)$",
    re.I,
)
# The listener (the agent) in what the user says, and where a sentence's main clause ends.
YOU_RE = re.compile(r"\byou(?:r|rs|rself)?\b", re.I)
MAIN_CLAUSE_END_RE = re.compile(r"[,;:]|\s(?:in case|if|when|because|since|unless|so that)\s", re.I)
# A verb opening a sentence, then its object: "Book me a desk", "Summarise the PRD for me", "Now help me".
IMPERATIVE_RE = re.compile(
    r"^(?:please\s+\w|(?:(?:now|then|just|also|so|and)\s+)*(?!(?:the|a|an|this|that|these|those|my|our|his|her|"
    # a word in -ing is no command ("Pasting the email: ..."), bar base forms that end so ("bring", "string")
    r"their|its|some|all|both|no)\b)(?!(?!string\b)[a-z]{3,}ing\b)"
    # "fill in the form", "sort out my ...": a verb with its particle ("turns out the ..." says how things are)
    r"(?:[a-z]*(?:ss|us|[^\Ws])\s+(?:in|out|up|down|over|through|off|back)\s+|[a-z]+\s+)"
    r"(?:me|us|my|our|the|a|an|it|them|this|that|these|those|some|all|"
    r"both|two|three|four|five)\b)",
    re.I,
)
# A rule for as long as a state lasts ("While I'm in Nairobi for the project, put my calls in Nairobi time"):
# a standing rule, with its condition.
WHILE_RULE_RE = re.compile(
    r"^(?:while|as long as|for as long as|whenever|when(?=\s+(?:i'?m|i am|we'?re|we are)\b))\s+"
    r"(?P<condition>[^,]{3,80}),\s*(?:please\s+)?(?P<rule>.+)$",
    re.I | re.S,
)
# "Use postgres://reader@db.internal:5432/warehouse (for the exports)": an address to use is where
# something lives, a standing fact, not a request for now.
USE_ADDRESS_RE = re.compile(
    r"^(?:please\s+)?(?:use|connect to|point (?:it|everything) at)\s+(?P<what>\S*(?:://|@)\S+(?:\s+for\s+[^,;.]+)?)",
    re.I,
)

# How to reach the speaker, one way set against another: "Please message rather than ring me", "text me instead":
# a standing preference, never a request for now.
REACH_ME_RE = re.compile(
    r"^(?:please\s+)?(?P<rest>(?:text|message|email|e-mail|whatsapp|dm|call|ring|phone)\b(?:\s+me)?\s*,?\s*"
    r"(?:rather\s+than|instead(?:\s+of)?|not|don't)\b.*)$",
    re.I,
)
