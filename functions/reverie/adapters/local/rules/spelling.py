"""Chat spelling written out before the rules read a message: "pls ALWAYS run ...", "me n my gf Ines",
"4 this trip", "dunno" read as "please", "and", "girlfriend", "for", "don't know".

Terse chat shortens words the rules key on ("please", "for", "with"); spelled out, a sentence typed on a phone
is read like the same sentence typed in full, and its card reads as plain English. Only shortenings that are
not also words are expanded, and never inside an identifier, an address or a number ("u" in "u-boot", "4" in
"4 people" stay).

A voice transcript keeps the speaker's hesitations ("uh", "um", "erm", ", like,") and the words they said twice
over one ("she's, uh, she's got"); without them its clauses split and read as the same sentence typed.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.contracted_is import is_written_out
from reverie.adapters.local.rules.dropped_g import with_final_g
from reverie.adapters.local.rules.kin_words import as_own_relative
from reverie.adapters.local.rules.life_events import in_english
from reverie.adapters.local.rules.mixed_in_clauses import english_clauses
from reverie.adapters.local.rules.plain_english import plain
from reverie.adapters.local.rules.typos import respelled

# Shortening → the words it stands for (whole words only, any case).
_WORDS = {
    "pls": "please",
    "plz": "please",
    "u": "you",
    "ur": "your",
    "gf": "girlfriend",
    "bf": "boyfriend",
    "bc": "because",
    "cuz": "because",
    "coz": "because",
    "cos": "because",
    "thru": "through",
    "tmrw": "tomorrow",
    "tmr": "tomorrow",
    "b4": "before",
    "ppl": "people",
    "abt": "about",
    "bday": "birthday",
    "dunno": "don't know",
    "im": "I'm",
    "ive": "I've",
    "dont": "don't",
    "doesnt": "doesn't",
    "didnt": "didn't",
    "isnt": "isn't",
    "wont": "won't",
    "sis": "sister",
    "gonna": "going to",
    "wanna": "want to",
    "fav": "favourite",
    "fave": "favourite",
    "txt": "text",
    "txtd": "texted",
    "txted": "texted",
    "msg": "message",
    "msgd": "messaged",
    "rn": "right now",
    "atm": "at the moment",
    "ofc": "of course",
    "shes": "she's",
    "hes": "he's",
    "thats": "that's",
    "theyre": "they're",
    "appt": "appointment",
    "appts": "appointments",
    "mtg": "meeting",
    "mtgs": "meetings",
    "tues": "Tuesday",
    "thurs": "Thursday",
    "weds": "Wednesday",
    "w/": "with",
    "w/o": "without",
    "nxt": "next",
    "wnt": "want",
    "asst": "assistant",
    "wfh": "work from home",
    "wk": "week",
    "wks": "weeks",
    "hubby": "husband",
    "the missus": "my wife",
    "missus": "wife",
    "deffo": "definitely",
    "prob": "probably",
    "prolly": "probably",
    "defo": "definitely",
    # g-dropped forms that are whole words of the lexicon `dropped_g` reads (the others it restores itself)
    "nothin": "nothing",
    "somethin": "something",
    "goin": "going",
    "doin": "doing",
}
# "@" standing apart between words ("coach @ Barnsbury FC") is "at"; in an address or a handle it stays.
_AT_RE = re.compile(r"(?<=\w) @ (?=\w)")
# Chat's "like" before an amount ("for like 3 years", "costs like £20", "takes like an hour") is "about"; "I'd like
# 3 copies" and "like a pro" are left.
_LIKE_AMOUNT_RE = re.compile(
    r"\b(?P<before>for|in|about|around|takes|take|took|costs|cost|is|was|are|were|be|of|at|every|after|only|just) "
    r"like (?=(?:a |an )?(?:\d|[£$€]\d|couple\b|few\b|half\b|hour\b|(?:two|three|four|five|six|seven|eight|nine|ten|"
    r"twenty|thirty|forty|fifty|hundred)\b))",
    re.I,
)
# "=" standing apart between a sentence's first words and what they are, as notes are typed ("base = Leith",
# "me = 3rd yr vet student"), is "is" ("I am" after "me", "a" before a rank such as "3rd yr" that needs one);
# between figures or inside a sum ("2 + 2 = 4", "x=5") it stays.
_EQUALS_RE = re.compile(
    r"(?:(?<=^)|(?<=[.!?;]\s)|(?<=\n))(?P<subject>[A-Za-z][\w'-]*(?:\s[A-Za-z][\w'-]*){0,3}) = "
    r"(?P<rank>(?:\d+(?:st|nd|rd|th)|first|second|third|final|last)\s)?(?=[A-Za-z0-9£$€])"
)
_EDGE_BEFORE = r"(?<![\w./:@#$%&+=~-])"
_EDGE_AFTER = r"(?![\w/:@#$%&+=~-]|\.\w)"
_WORD_RE = re.compile(
    _EDGE_BEFORE
    + r"(?P<word>"
    + "|".join(re.escape(w) for w in sorted(_WORDS, key=len, reverse=True))
    + ")"
    # "w/" ends in a slash of its own: nothing may follow it but a space
    + _EDGE_AFTER,
    re.IGNORECASE,
)
# "n" between two words ("me n my gf") is "and"; "w" before a word ("w ines") is "with". A capital one is an
# initial or part of a code ("Priya N went over ...", "five W thirty oil"): it stays.
_N_RE = re.compile(r"(?<=[a-z]) (?-i:n) (?=[a-z])", re.IGNORECASE)
_W_RE = re.compile(r"(?<=[a-z]) (?-i:w) (?=[a-z])", re.IGNORECASE)
# "&" joining two clauses ("my hubby's a plumber & my daughter's at uni") is "and"; "Marks & Spencer" stays.
_AMPERSAND_RE = re.compile(
    r"(?<=\w) & (?=(?:my|our|i|i'm|we|we're|the|his|her|their|he|she|they|it)\b)", re.I
)
# "r" between two words is "are" ("we r moving", "me n my wife r opening ..."); "R" (the language) stays.
_R_RE = re.compile(r"(?<=[a-z]) (?-i:r) (?=[a-z])", re.IGNORECASE)
# "yr" / "yrs" after a count or a word that says which ("next yr", "3yrs", "every yr") is "year(s)"; elsewhere
# it may be "your" ("yr car") and stays.
_YEAR_RE = re.compile(
    r"\b(?P<which>(?:next|last|this|a|per|every|each|one)\s+|\d+\s*)(?P<yr>yrs?)(?![\w/-])", re.I
)
# "me and my bro run ...", "me and Ana share ...": a subject said as chat says it, "my bro and I run ...".
_ME_AND_RE = re.compile(
    # ("me and my colleague Raj share an office": the one named after the relation too)
    r"(?:(?<=^)|(?<=[.!?]\s))(?i:me) and (?P<who>(?i:my|our) [a-z][\w-]*(?: [A-Z][\w-]*)?|[A-Z][\w-]*) (?=[a-z]+\b(?!'))"
)
# Terse chat about someone of the speaker's: "son ayo allergic 2 eggs" (no "my", the name in lower case, no
# "is"); the next sentence's verb with no subject ("carries epipen") is said of the same person.
_TERSE_KIN_RE = re.compile(
    r"(?:(?<=^)|(?<=[.!?]\s))(?P<kin>(?i:son|daughter|husband|wife|partner|mum|mom|dad|brother|sister))\s+"
    r"(?P<name>[a-z]{2,})(?=\s+(?:is|has|was|needs|allergic|intolerant|diabetic|coeliac|celiac|asthmatic)\b)"
)
_NO_COPULA_RE = re.compile(
    r"\b(?P<who>(?i:my|our)\s+[a-z]+(?:\s+[A-Z][a-z]+)?)\s+(?=(?:allergic|intolerant|diabetic|coeliac|celiac|"
    r"asthmatic|epileptic|vegan|vegetarian|pregnant)\b)"
)
_NAMED_THEN_VERB_RE = re.compile(
    r"(?P<said>\b(?P<name>(?i:my|our)\s+[a-z]+\s+[A-Z][a-z]+)\s+[^.!?\n]*[.!?]\s+)"
    r"(?=(?i:carries|takes|needs|uses|wears|sees|has)\s)"
)
# "4" standing for "for": before a word that no count ever counts ("4 this trip", "4 me"), not "4 people".
_FOUR_RE = re.compile(
    # (never the end of a range: "8 till 4 now", "9 to 4 today")
    r"(?<![\w.,:/-])(?<!\btill )(?<!\bto )(?<!\buntil )(?<!\btil )(?<!\band )(?<!\bfrom )(?<!\bat )4(?= (?:this|that|the|these|those|a|an|my|our|your|you|me|him|her|his|their|us|them|now|ever|"
    r"sure|good|real|once|some|any|every|each|all)\b)",
    re.IGNORECASE,
)

# "2" standing for "to": after a word that takes "to" ("allergic 2 penicillin", "going 2 the gym") or before a
# word no count ever counts ("2 the shop", "2 be"); never a count ("2 kids", "I have 2 cats").
_TWO_RE = re.compile(
    r"\b(?P<takes>allergic|intolerant|sensitive|married|engaged|used|going|want|wants|need|needs|got|next|close|"
    r"due|talk|talking|went|go|goes|come|came|back|similar|related|moved|moving|listen|according) 2(?= [a-z])"
    # ... or a journey's: "off 2 lisbon", "heading 2 mum's" (a plural after it is a count: "off 2 cats")
    r"|\b(?P<trip>off|flying|flew|driving|drove|heading|headed|travelling|trip|holiday|way) 2(?= [a-z]+\b(?<!s\b))"
    r"|(?<![\w.,:/-])2(?= (?:the|this|that|my|your|our|his|her|their|me|him|us|them|be|go|do|get|see|make)\b)",
    re.IGNORECASE,
)
# A weekday cut to three letters after a word that says when ("from mon", "on thu", "until fri", "next tue"):
# the day ("mon" alone, "sat on the bus", "the sun" are no days).
_DAYS = {"mon": "Monday", "tue": "Tuesday", "wed": "Wednesday", "thu": "Thursday", "fri": "Friday",
         "sat": "Saturday", "sun": "Sunday"}  # fmt: skip
_SHORT_DAY_RE = re.compile(
    r"\b(?P<when>(?i:from|on|until|till|til|by|next|this|last|every|since|before|after|starting))\s+"
    r"(?P<day>(?i:mon|tue|wed|thu|fri|sat|sun))(?![\w'-])(?!\s+(?i:cream|hat|glasses|roof|lounger|bed)\b)"
)
# ... or joined to another such day ("wfh mon and fri", "gym tue-thu"): both are days.
_SHORT_DAYS_JOINED_RE = re.compile(
    r"\b(?P<first>(?i:mon|tue|wed|thu|fri|sat|sun))(?P<join>\s*(?:and|&|to|-|–)\s*)"
    r"(?P<second>(?i:mon|tue|wed|thu|fri|sat|sun))(?![\w'-])"
)
# A state the speaker is always in, "I'm" left out: "always up early", "..., never late" (no verb: no rule to the
# agent, as "always use tabs" is).
_ALWAYS_STATE_RE = re.compile(
    r"(?:(?<=^)|(?<=[.!?]\s)|(?<=,\s))(?P<adv>(?i:always|usually|normally|never))\s+"
    r"(?=(?i:up|in\s+bed|asleep|awake|late|early|home|busy|on\s+time|knackered|shattered)\b)"
)
# ... or how worn out they are, opening a sentence: "Knackered after the night shift" ("I'm" put back, so the
# feeling reads as one).
_WORN_OUT_OPENS_RE = re.compile(
    r"(?:(?<=^)|(?<=[.!?]\s))(?=(?i:(?:absolutely\s+|totally\s+|so\s+)?(?:knackered|shattered|exhausted|wiped\s+out))\b)"
)
# A word spelled out letter by letter after it is said ("it's Sean, S-E-A-N, not Shaun"): said once is enough.
_SPELLED_AGAIN_RE = re.compile(r"\b(?P<word>[A-Za-z]{2,})(?P<letters>,?\s+(?:[A-Za-z]-){1,}[A-Za-z]\b,?)")
# "wfh" opening a sentence says what the speaker does: "wfh mon and fri" → "I work from home ...".
_WFH_OPENS_RE = re.compile(r"(?:(?<=^)|(?<=[.!?]\s))(?i:wfh)(?=\s+(?!today\b|tomorrow\b)[a-z])")
# "perm" standing alone between commas or at a sentence's end ("moved to ward 9 from mon, perm."): for good.
_PERMANENT_RE = re.compile(r"(?<=,\s)perm(?=\s*(?:[.,;!]|$))", re.I)
# "drs appt": a doctor's appointment.
_DOCTORS_RE = re.compile(r"\bdrs?(?= appointments?\b)", re.IGNORECASE)
# Terse chat leaves out "my" before who someone is ("gf Ngozi's allergic ..." → "my girlfriend Ngozi ...",
# "client Mbeki Foods wants ..." → "my client Mbeki Foods ...").
_BARE_KIN_RE = re.compile(
    r"(?:(?<=^)|(?<=[.!?]\s))(?P<kin>(?i:girlfriend|boyfriend|wife|husband|partner|son|daughter|brother|"
    r"sister|mum|mom|dad|flatmate|housemate|roommate|fiancée?|bestie|best friend|client|customer|boss|"
    r"manager|colleague|landlord|landlady|neighbour|neighbor|accountant|tutor|supplier))\s+(?=[A-Z][a-z])"
)
# ... or, typed in small letters, before what is theirs ("boyfriend's birthday is 9 oct", from "bf's bday") or
# with the speaker ("boyfriend and I are off to lisbon", from "bf n i r off 2 lisbon"). A
# parent's word said as a name is the speaker's parent ("Mum's on warfarin": my mum, `as_own_relative`).
_BARE_KIN_OWNS_RE = re.compile(
    r"(?:(?<=^)|(?<=[.!?]\s))(?P<kin>girlfriend|boyfriend|wife|husband|partner|son|daughter|brother|sister|"
    r"flatmate|housemate|roommate|bestie|boss|manager|landlord|landlady|neighbour|neighbor)(?='s\s|\s+(?:and|n|&)\s+(?i:i)\b)"
)

# A name typed in lower case after "my" and who they are ("my boyfriend ravi is ..."): a name all the same.
_KIN_NAME_RE = re.compile(
    r"\b(?i:my|our)\s+(?i:girlfriend|boyfriend|wife|husband|partner|son|daughter|brother|sister|mum|mom|dad|"
    r"flatmate|housemate|roommate|fiancée?|best friend)\s+(?P<name>[a-z]{2,})(?=\s+(?:is|has|was|needs|and)\b)"
)


def _said_once(match: re.Match[str]) -> str:
    """The word without its spelling when the letters after it spell it ("Sean, S-E-A-N," → "Sean,")."""
    letters = re.sub(r"[^A-Za-z]", "", match.group("letters"))
    if letters.lower() != match.group("word").lower():
        return match.group(0)
    return match.group("word") + ("," if match.group("letters").rstrip().endswith(",") else "")


def _spelled(match: re.Match[str]) -> str:
    word = match.group("word")
    if len(word) > 1 and word.isupper():
        return word  # "BC", "IM": an acronym, not a shortening
    before, after = match.string[: match.start()], match.string[match.end() :]
    if word.lower() == "cos" and (re.match(r"\s+of\b", after) or re.search(r"\b(?:the|a)\s+$", before, re.I)):
        return word  # "the cos of 60 degrees": the cosine
    full = _WORDS[word.lower()]
    return full[:1].upper() + full[1:] if word[:1].isupper() and full != "I'm" else full


# Someone close, named in the language the speaker mixes in ("mera beta Arjun", "mi hija Lucía", "meine
# Schwiegermutter", "meu filho Davi", "mijn zus"): a possessive and a kinship word, read in English. Only after the possessive: a bare "beta"
# is as likely a software release.
_KIN = {
    "beta": "son", "beti": "daughter", "bhai": "brother", "behen": "sister", "didi": "sister",
    "pati": "husband", "patni": "wife", "biwi": "wife", "nani": "grandmother", "dadi": "grandmother",
    "hijo": "son", "hija": "daughter", "hermano": "brother", "hermana": "sister", "marido": "husband",
    "esposo": "husband", "esposa": "wife", "novio": "boyfriend", "novia": "girlfriend", "abuela": "grandmother",
    "abuelo": "grandfather", "suegra": "mother-in-law", "suegro": "father-in-law", "madre": "mother",
    "padre": "father", "sohn": "son", "tochter": "daughter", "bruder": "brother", "schwester": "sister",
    "mann": "husband", "frau": "wife", "freund": "boyfriend", "freundin": "girlfriend", "oma": "grandmother",
    "opa": "grandfather", "schwiegermutter": "mother-in-law", "schwiegervater": "father-in-law",
    "mutter": "mother", "vater": "father",
    # Portuguese, Dutch, French, Italian
    "filho": "son", "filha": "daughter", "irmão": "brother", "irmã": "sister", "mãe": "mother", "pai": "father",
    "namorado": "boyfriend", "namorada": "girlfriend", "avó": "grandmother", "avô": "grandfather",
    "zoon": "son", "dochter": "daughter", "broer": "brother", "zus": "sister", "vrouw": "wife", "man": "husband",
    "moeder": "mother", "vader": "father", "vriend": "boyfriend", "vriendin": "girlfriend",
    "fils": "son", "fille": "daughter", "frère": "brother", "sœur": "sister", "mari": "husband", "femme": "wife",
    "mère": "mother", "père": "father", "figlio": "son", "figlia": "daughter", "fratello": "brother",
    "sorella": "sister", "marito": "husband", "moglie": "wife", "nonna": "grandmother", "nonno": "grandfather",
    # what children call their parents, in those languages
    "papà": "dad", "papá": "dad", "papai": "dad", "mamma": "mum", "mamá": "mum", "mamãe": "mum", "maman": "mum",
}  # fmt: skip
_KIN_RE = re.compile(
    r"\b(?:mera|meri|mere|mi|mis|mein|meine|meinen|meinem|meiner|meu|minha|mijn|mon|ma|mio|mia)\s+"
    r"(?P<kin>" + "|".join(_KIN) + r")(?!\w)",
    re.I,
)


# "ur" before a verb's -ing form is "you're" ("if ur planning dinners"), elsewhere "your".
_UR_DOING_RE = re.compile(r"(?<![\w'])ur(?=\s+[a-z]+ing\b)", re.I)


# Chat's hedges, which say how frankly or how much, not what: "ngl", "tbh", "lowkey", "imo".
_HEDGE_RE = re.compile(r"(?<![\w'-])(?:ngl|tbh|tbf|imo|imho|lowkey|highkey)(?![\w'-])[,:]?\s*", re.I)
# ... and one opening a sentence that goes on about the speaker: "I'd've said I'm a morning person", "I'd say
# we're regulars", "I guess I'm a cat person" (the clause after it is the statement).
_OPENING_HEDGE_RE = re.compile(
    r"(?:(?<=^)|(?<=[.!?]\s))(?:i'?d(?:'ve|\s+have)\s+said|i'?d\s+say|i\s+guess|i\s+suppose|i\s+reckon)\s*,?\s+"
    r"(?=(?:i|we)(?:'m|'re|\s+am|\s+are)?\s)",
    re.I,
)


# ... and "def" or "defo" for "definitely" after a verb of being ("my fave band is def Wolf Alice"; "the def keyword"
# stays)
_DEFINITELY_RE = re.compile(r"(?P<be>\b(?:is|are|was|am)\s|'[msr]\s|'re\s)def(?:o)?\s+(?=\w)", re.I)


def spelled_out(text: str) -> str:
    """`text` with its chat shortenings written out ("pls" → "please", "4 this trip" → "for this trip")."""
    text = _DEFINITELY_RE.sub(r"\g<be>", _HEDGE_RE.sub("", _OPENING_HEDGE_RE.sub("", text)))
    text = respelled(text, keep=_WORDS)  # "cllient", "evry": slips of one common word
    text = _WORD_RE.sub(_spelled, _UR_DOING_RE.sub("you're", _WFH_OPENS_RE.sub("I wfh", text)))
    text = _ALWAYS_STATE_RE.sub(lambda m: f"I'm {m.group('adv').lower()} ", text)
    text = _WORN_OUT_OPENS_RE.sub("I'm ", text)
    text = _SPELLED_AGAIN_RE.sub(_said_once, text)
    text = english_clauses(text)  # "trabajo de enfermera in the NICU": the speaker's clause in English
    text = in_english(_KIN_RE.sub(lambda m: f"my {_KIN[m.group('kin').lower()]}", text))  # "Javi se casa"
    text = _TERSE_KIN_RE.sub(lambda m: f"my {m.group('kin').lower()} {m.group('name').capitalize()}", text)
    text = _BARE_KIN_RE.sub(lambda m: f"my {m.group('kin').lower()} ", text)
    text = as_own_relative(_BARE_KIN_OWNS_RE.sub(lambda m: f"my {m.group('kin')}", text))  # "Mum's on ..."
    text = _KIN_NAME_RE.sub(
        lambda m: m.group(0)[: -len(m.group("name"))] + m.group("name").capitalize(), text
    )
    text = _SHORT_DAY_RE.sub(lambda m: f"{m.group('when')} {_DAYS[m.group('day').lower()]}", text)
    text = _SHORT_DAYS_JOINED_RE.sub(
        lambda m: f"{_DAYS[m.group('first').lower()]}{m.group('join')}{_DAYS[m.group('second').lower()]}",
        text,
    )
    text = _PERMANENT_RE.sub("permanently", text)
    text = _DOCTORS_RE.sub("doctor's", _TWO_RE.sub(lambda m: _two(text, m), text))
    text = _R_RE.sub(" are ", _N_RE.sub(" and ", _AMPERSAND_RE.sub(" and ", text)))
    text = _YEAR_RE.sub(
        lambda m: f"{m.group('which').rstrip()} year{'s' if m.group('yr')[-1] in 'sS' else ''}", text
    )
    text = _ME_AND_RE.sub(lambda m: f"{m.group('who')} and I ", text)
    text = _NO_COPULA_RE.sub(lambda m: f"{m.group('who')} is ", text)  # "my son Ayo allergic to eggs"
    text = _NAMED_THEN_VERB_RE.sub(lambda m: f"{m.group('said')}{m.group('name')} ", text)  # "carries epipen"
    text = _W_RE.sub(" with ", _AT_RE.sub(" at ", is_written_out(with_final_g(text))))
    text = _LIKE_AMOUNT_RE.sub(r"\g<before> about ", text)
    text = _EQUALS_RE.sub(_equals_said, text)
    return plain(_FOUR_RE.sub(lambda m: _four(text, m), text))


def _equals_said(match: re.Match[str]) -> str:
    subject, rank = match.group("subject"), match.group("rank") or ""
    verb = "I am" if subject.lower() == "me" else f"{subject} is"
    return f"{verb} {'a ' + rank if rank else ''}"


# A product's name before the "4", after a determiner, makes it the model's number ("a Bosch Serie 4 that ...",
# "my old iPhone 4 this time"), not text-speak "for" ("Thanks 4 that", "book Sam 4 the 9am slot").
_NAMED_BEFORE_RE = re.compile(
    r"\b(?i:a|an|the|my|our|your|his|her|their|old|new)\s+(?:(?:[A-Z]|i[A-Z])[\w-]*\s+)+$"
)


# A value after a verb of being: "Pepper is 4 now", "she's 4 this year", "he turned 4 this week".
_BEING_BEFORE_RE = re.compile(r"(?:\b(?:is|are|was|were|turned|turns|be|aged|age)|'s|'re)\s+$", re.I)


def _four(text: str, match: re.Match[str]) -> str:
    if not match.start():
        return "For"
    before = text[: match.start()]
    if _WHOSE_AFTER_RE.match(text, match.end()):  # "wk 4 his bday": for his birthday, whatever is before
        return "for"
    return "4" if _named_number(text, match) or _BEING_BEFORE_RE.search(before) else "for"


_WHOSE_AFTER_RE = re.compile(r" (?:his|her|their|my|our|your)\b", re.I)


def _named_number(text: str, match: re.Match[str]) -> bool:
    """The digit `match` found is the number of a thing named before it ("Year 4", "my old iPhone 4")."""
    return bool(_NAMED_BEFORE_RE.search(text, 0, match.start()) or _NUMBERED_RE.search(text[: match.start()]))


def _two(text: str, match: re.Match[str]) -> str:
    if match.group("takes") or match.group("trip"):
        return f"{match.group('takes') or match.group('trip')} to"
    return "2" if _named_number(text, match) else "to"  # "Year 2 this year", "the iPhone 2 that": that number


# A thing named by its number ("Year 4 this week", "Platform 4 this time"): the 4 (or 2) is that number.
_NUMBERED_RE = re.compile(
    r"\b(?:year|grade|level|stage|form|class|room|gate|platform|terminal|zone|size|step|chapter|week|ward|flat|"
    r"unit|route|line|series|season|episode|part|team|group|set|lane|court|page|table|seat|row|floor|block|phase|"
    r"tier|band|number|version|no\.?)\s+$",
    re.I,
)


# A hesitation with the commas around it: "paramedic, uh, with", "due in, um, September", "does, like, judo",
# "running, like properly".
_HESITATION_RE = re.compile(
    r"(?:\s*,)?\s*\b(?:u+h+m*|u+m+|e+r+m+|(?-i:er)|h+m+)\b(?:\s*,)?\s*|\s*,\s*like\s*,\s*|(?<=,)\s*like\s+(?=[a-z]+ly\b)",
    re.I,
)
# A spoken run-up before what is said, once it hesitates or says "so yeah": "um, so, yeah, my daughter ...",
# "okay so um, I've ...". ("Yeah go" alone answers the agent and stays.)
_OPENER = r"(?:ok(?:ay)?|so|yeah|well|right|anyway)"
_HESITANT = r"(?:u+h+m*|u+m+|e+r+m+)"
_RUN_UP_RE = re.compile(
    rf"(?:(?<=^)|(?<=[.!?]\s))\s*(?:{_OPENER}[\s,]+)*(?:{_HESITANT}|so,?\s+yeah)\b[\s,.]*(?:(?:{_OPENER}|{_HESITANT})\b[\s,.]*)*",
    re.I,
)
# Someone named, then the pronoun that takes them up again: "my daughter Esme, she's got" → "my daughter Esme's got"
# (the sentence's subject: in "Book dinner for my gf Ines, she's coeliac" the pronoun opens a clause of its own).
_TAKEN_UP_RE = re.compile(
    r"(?:^|(?<=[.!?]\s))(?P<lead>(?:(?i:so|um|uh|well|ok|okay|and|oh|anyway|right)[,\s]+)*)"
    r"(?P<who>(?i:my|our)\s+[a-z]+\s+(?-i:[A-Z][a-z]+)),\s+(?i:she|he)"
    r"(?='s\b|'ll\b|\s)"
)
# (A run-up of "um"s before a sentence goes first, whole.)
# The same pronoun or article said twice over a hesitation: "she's she's got", "I've I've started".
_RESTART_RE = re.compile(r"\b((?:i|we|you|he|she|they|it|my|our|the|a)(?:'[a-z]+)?)\s+\1\b", re.I)


def without_hesitations(text: str) -> str:
    """`text` without a transcript's hesitations and restarts ("she's, uh, she's got" → "she's got")."""
    text = _HESITATION_RE.sub(" ", _RUN_UP_RE.sub("", text))
    text = _TAKEN_UP_RE.sub(r"\g<lead>\g<who>", _RESTART_RE.sub(r"\1", text))
    return text.strip()
