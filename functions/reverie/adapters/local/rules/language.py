"""Sentences, compression, tidy endings and key parts: the plain-text work every extraction rule shares."""

from __future__ import annotations

import re
import unicodedata

from reverie.adapters.local.rules.emoji_breaks import emoji_as_breaks
from reverie.adapters.local.rules.interjections import without_inner_interjections
from reverie.domain.models import MAX_STATEMENT_CHARS
from reverie.domain.text import STOP_WORDS, month_names

# Words ending in a full stop that end no sentence: titles before a name ("Prof. Hanne Berg"), a street, a
# number, Latin shorthand. Matched as the last word, whole ("first." ends a sentence, "St." does not).
_ABBREVIATIONS = frozenset(
    """mr. mrs. ms. mx. dr. prof. rev. fr. sr. jr. st. mt. ft. gen. capt. col. lt. sgt. hon. gov. supt. insp.
    e.g. i.e. vs. etc. approx. no. nos. ave. rd. cf.""".split()
)
_SENTENCE_END_RE = re.compile(r"(?<=[.!?…])[\"')\]]*\s+(?=\S)|\n+")
_CLAUSE_BREAK_RE = re.compile(r"\s*;\s+|\s+[—–-]{1,2}\s+")
_EMOTICON_RE = re.compile(r"(?<!\w)(?::|;|=)-?[()DPpO/\\|]+(?!\w)|<3")
_LEADING_INTERJECTION_RE = re.compile(
    # "great news" before "great" (the first alternative that matches is taken, and "news" alone is none)
    r"^(?:(?:(?:good|great|bad|sad|big|some)\s+news|"
    r"@[\w.-]+|oh|ah|aw+|ooh|wow|oops|whoops|sorry(?!\s+(?:for|about|to|that|if|but)\b)|my\s+bad|whoa|well|yeah|yea|ya|yah|yeh|yep|yup|yes|ok|okay|hmm+|um+|uh+|lol|lmao|lmfao|rofl|haha+|omg|gosh|"
    r"man|dude|yay|ugh|so+|anyway|anyways|alright|right|sure|also|and|but|plus|oh well|by the way|btw|"
    # asked to note what follows ("pls note the repair café runs ...", "make a note that ...")
    r"(?:please\s+)?(?:make\s+a\s+note|take\s+note|note\s+down|note)(?:\s+(?:that|of\s+this))?|"
    r"careful|fyi|fwiw|for what it'?s worth|heads up|guess what|you know what|honestly|actually|basically|true|"
    # news found out ("turns out the MOT is due in May")
    r"(?:it\s+)?turns\s+out(?:\s+that)?|"
    r"remember(?:\s+that)?(?!\s+to\b)|keep in mind(?:\s+that)?|for the record|just so you know|for reference|"
    r"for your (?:notes?|records?|information|files?)|"
    r"totally|absolutely|definitely|indeed|for context|for background|"
    # a word of praise alone, not one said of a thing ("Great pub, dog friendly, ...": the pub is great)
    r"(?:cool|great|nice|awesome)(?=\W*$|\s*[,.!:;-]|\s+(?:i|i'm|i've|we|we're|my|our|so|and|but|then|thanks|"
    r"it|it's|that|that's|this|the|you|he|she|they)\b)|"
    # how the speaker feels about the news, not part of it ("sadly our cat died", "unfortunately I didn't ...")
    r"sadly|unfortunately|luckily|fortunately|thankfully|annoyingly|alas|"
    # ... or how surprising it is ("weirdly I've started to like olives", "funnily enough we ...")
    r"weirdly|oddly|strangely|funnily(?:\s+enough)?|surprisingly|amazingly|ironically|interestingly|"
    r"believe\s+it\s+or\s+not|to\s+be\s+honest|tbh|"
    # news announced as such ("update for you, ...", "quick update: ..."), never an order ("update the docs")
    r"(?:(?:a\s+)?(?:quick|small|little|short)\s+update|update\s+for\s+you)|"
    # the same words mixed in from other languages: Hindi, Spanish, German, Dutch, French, Italian, Portuguese
    r"haan|han|acha|accha|achha|arre|arey|yaar|bueno|pues|vale|oye|genau|na ja|naja|ja|jawel|jep|oui|bon|"
    r"s[ií]|claro|sim|certo)\b[\s,.!:;-]*)+",
    re.IGNORECASE,
)
# What marks a statement as information for the listener, whatever follows: "fyi", "heads up", "for the record"
# (after an interjection maybe: "oh, for the record ...").
INFORMING_RE = re.compile(
    r"^(?:(?:oh|and|ah|also|right|ok|okay)\b[\s,]*)*(?:fyi|fwiw|for your information|for what it'?s worth|"
    r"heads[ -]up|just so you know|for the record|note that|btw|by the way)\b",
    re.I,
)
_FILLER_RE = re.compile(
    r"(?<!\bnot )(?<=\w )\b(?:btw|fyi|tbh|ngl|imo|imho)\b,?\s*|"  # chat's asides inside a sentence ("we use pnpm btw")
    r"(?<!\bnot )\b(?:really|just|actually|honestly|basically|literally|totally|definitely|seriously|truly|"
    r"super|kinda|sorta|kind of|sort of|you know|i mean|very|quite|pretty much|all in all)\b,?\s*",
    re.IGNORECASE,
)
# A person taken with a pursuit, said as "into" is: "he's all about swimming now", "Alfie's obsessed with
# swimming" (a person: "the film is all about revenge" and "Sunday is all about football" stay as they are).
_INTO_RE = re.compile(
    r"(?P<who>^(?:i|he|she|we|they|(?!(?:this|that|it|there|here|what|which|everything|life|work|today|tonight|"
    r"tomorrow)\b)(?-i:[A-Z])[a-z]+(?<!day))|(?<=[,;]\s)(?:i|he|she|we|they))"
    r"(?P<be>['’]s|['’]m|['’]re|\s+is|\s+am|\s+are)\s+(?P<now>(?:now|still)\s+)?"
    r"(?:all\s+about|obsessed\s+with|mad\s+about|crazy\s+about|hooked\s+on|big\s+into|into)\s+(?=\w)",
    re.I,
)
_SAID_FULL = {"'s": " is", "’s": " is", "'re": " are", "’re": " are"}


# "We're expecting!", "she's expecting again": a baby, left unsaid.
_EXPECTING_RE = re.compile(
    r"(?P<be>\b(?:i['’]m|we['’]re|she['’]s|they['’]re|(?:i\s+am|we\s+are|she\s+is|they\s+are)|"
    r"(?-i:[A-Z])[a-z]+(?:['’]s|\s+is))\s+(?:now\s+)?expecting)(?=\s*(?:[!.,;]|$|again\b|(?:in|this|next|due)\b))",
    re.I,
)


# "We've dropped PagerDuty for Opsgenie", "ditched Spotify for Tidal", "left Sky for Vodafone": one named thing
# given up for another, said
# as the switch it is
_DROPPED_FOR_RE = re.compile(
    r"\b(?:dropped|ditched|swapped|replaced|traded|binned|dumped|left)\s+(?P<old>(?-i:[A-Z])[\w.+&-]*(?:\s+(?-i:[A-Z])[\w.+&-]*)?)"
    r"\s+(?:for|with)\s+(?P<new>(?-i:[A-Z])[\w.+&-]*(?:\s+(?-i:[A-Z])[\w.+&-]*)?)",
    re.I,
)
# "Dina's stepped up as my team lead", "Raj took over as our manager": who holds that role now.
_STEPPED_UP_RE = re.compile(
    r"\b(?P<who>(?-i:[A-Z])[a-z]+)(?:'s|\s+has|\s+have)?\s+(?:stepped\s+(?:up|in)|taken\s+over|took\s+over|come\s+in|"
    r"came\s+in)\s+as\s+(?P<whose>my|our)\s+(?:new\s+)?(?=[a-z])",
    re.I,
)
# "Me and the kids go to ...", "me and Jess are ...": chat's subject, said as "the kids and I"
_ME_AND_RE = re.compile(
    r"^(?:me|myself)\s+and\s+(?P<who>(?:my|the|our)\s+[a-z]+|(?-i:[A-Z])[a-z]+)\s+(?=(?:go|are|have|live|do|were|went|"
    r"had|'re|'ve|get|take|play|love|like|moved|got|usually|always|often)\b)",
    re.I,
)


def said_in_full(text: str) -> str:
    """`text` with everyday shorthand about a person said in full: "all about" / "obsessed with" a pursuit as
    "is into" (and "Alfie's into" as "Alfie is into": no possession there); "we're expecting!" as "we're
    expecting a baby!"; "me and the kids go ..." as "the kids and I go ..."; "dropped PagerDuty for Opsgenie" as
    "switched from PagerDuty to Opsgenie"; "Dina's stepped up as my team lead" as "Dina is my new team lead"."""

    def into(found: re.Match[str]) -> str:
        be = found.group("be")
        return f"{found.group('who')}{_SAID_FULL.get(be.lower(), be)} {found.group('now') or ''}into "

    text = _ME_AND_RE.sub(lambda m: f"{m.group('who')[:1].upper()}{m.group('who')[1:]} and I ", text)
    text = _DROPPED_FOR_RE.sub(r"switched from \g<old> to \g<new>", text)
    text = _STEPPED_UP_RE.sub(r"\g<who> is \g<whose> new ", text)
    return _EXPECTING_RE.sub(r"\g<be> a baby", _INTO_RE.sub(into, text))


# A laugh at the end, also inside a closing aside ("(the fruit, not the bird lol)" keeps its bracket).
# ... or a sigh ("smh", "ugh", "sigh", "fml"), as chat ends a complaint.
_TRAILING_LAUGH_RE = re.compile(
    r"[,\s]+(?:ha(?:ha)+|lol|hehe+|xd|lmao|smh|ugh+|sigh|fml)(?P<close>\))?\W*$", re.IGNORECASE
)
# A sign-off after what was said ("sorted, cheers", "all good now, thanks!"): no part of the statement.
_TRAILING_THANKS_RE = re.compile(
    r"[,\s]+(?:cheers|thanks|thank you|thx|ty|ta|many thanks|much appreciated|gracias|merci|danke)"
    r"(?:\s+(?:a lot|so much|mate|again))?\W*$",
    re.IGNORECASE,
)
# A hedge about the conversation after what was said ("..., if that matters for the calendar", "..., in case
# it helps", "... if you need it", "..., fyi"): no part of the statement.
# A word after the statement that only stresses it: "..., always", "..., ever", "..., period".
_STRESS_TAIL_RE = re.compile(r",\s*(?:always|ever|period|full\s+stop)\s*(?=[.!]*\s*$)", re.I)
_HEDGE_TAIL_RE = re.compile(
    r",?\s+(?:(?:if|in case)\s+(?:that|it|this)\s+(?:matters|helps|is useful|'s useful|is relevant|'s relevant)"
    r"(?:\s+(?:for|to|with)\s+[^,;.]+)?|(?:if|in case)\s+you\s+(?:need|want)\s+(?:it|them|that|this)|by the way|btw|"
    r"fyi|fwiw|for what it'?s worth)\W*$",
    re.IGNORECASE,
)
_BY_THE_WAY_RE = re.compile(r"\s*\bby the way\b", re.IGNORECASE)
_LIKE_FILLER_RE = re.compile(r"(?:,\s*like\s*,|^like\s*,)", re.IGNORECASE)
# "so" as an intensifier ("so powerful"), not as a conjunction (", so breakfast ...", "so needs ...",
# "so no long run on Sunday", "so my plans changed": an intensifier comes before no determiner or pronoun).
_SO_INTENSIFIER_RE = re.compile(
    r"(?<![,;:]\s)(?<![,;:])\bso\s+(?!(?:that|i|we|he|she|they|it|you|the|a|an|much|many|far|long|on|no|not|"
    r"nothing|none|any|some|there|this|these|those|my|our|your|his|her|their|if|when|then|please|"
    # (nor before a subject of its own: "coeliac so everything has to be gluten-free")
    r"everything|everyone|everybody|anything|anyone|something|someone|nobody|all|each|every|both|"
    # ... nor before what follows from it, asked ("vegetarian so please don't ...", "so always avoid ...")
    r"don't|do|always|never|avoid|no|use|keep|make|of\s+course|obviously|naturally)\b)"
    # nor before a verb whose subject it leaves out ("coeliac so needs gluten free"; "so nervous" is one)
    r"(?![a-z]+(?<!ou)(?<![su])s\b)",
    re.IGNORECASE,
)
_PRETTY_RE = re.compile(r"\bpretty\s+(?=[a-z]+(?:ing|ful|ous|ive|ble|ed|y)\b)", re.IGNORECASE)
_SPACES_RE = re.compile(r"\s+")
_PLAIN_WORD_RE = re.compile(r"^[A-Za-z][a-z']*(?=[\s,;:.!?]|$)")
_SPACE_BEFORE_PUNCT_RE = re.compile(r"\s+([,.;:!?])")
_REPEATED_PUNCT_RE = re.compile(r"([,;:])(?:\s*[,;:])+")
# (a dash on a word's end is part of it: "got an A-")
_END_PUNCT_RE = re.compile(r"(?:(?<![\w+])-+|[\s,;:!?.…]+(?:-+(?=[\s,;:!?.…]*$))?)+$")
# A key's words: letters and digits of any script, accents folded ("Tomás" -> tomas, "王芳" stays itself).
_KEY_WORD_RE = re.compile(r"[^\W_]+")


_DOTTED_END_RE = re.compile(r"(?:^|\s)(?:[A-Za-z]\.){2,}$")
_INITIAL_END_RE = re.compile(r"(?:^|\s)[\"'(]?(?-i:[A-Z])[a-z]*\.?\s+(?-i:[A-Z])\.$")


def sentences(text: str) -> list[str]:
    """Sentences and clauses (split at . ! ? newlines, emoji between words, semicolons and dashes), trimmed,
    non-empty."""
    parts: list[str] = []
    for piece in _SENTENCE_END_RE.split(emoji_as_breaks(text)):
        piece = piece.strip()
        if not piece:
            continue
        if (
            parts
            and (
                parts[-1].lower().rsplit(None, 1)[-1].lstrip("(\"'") in _ABBREVIATIONS
                or _INITIAL_END_RE.search(
                    parts[-1]
                )  # "Dr J. Okafor", "John F. Kennedy": an initial, not an end
                # "Fontaines D.C. were incredible", "at 7 p.m. tomorrow": a dotted name goes on in lower case
                or (_DOTTED_END_RE.search(parts[-1]) and piece[:1].islower())
            )
        ):
            parts[-1] = f"{parts[-1]} {piece}"
        else:
            parts.append(piece)
    out: list[str] = []
    for part in parts:
        out.extend(c.strip() for c in _CLAUSE_BREAK_RE.split(part) if c.strip())
    return out


def strip_emoji(text: str) -> str:
    text = _EMOTICON_RE.sub(" ", text)
    return "".join(
        ch
        for ch in text
        if ch == "°" or (unicodedata.category(ch) not in ("So", "Sk", "Cs", "Co") and ch != "\ufe0f")
    )


def strip_opening(text: str) -> str:
    """Without the interjections and connectives a sentence opens with ("Oh, well, so ...")."""
    return _LEADING_INTERJECTION_RE.sub("", text.strip()).strip()


def _without_filler(match: re.Match[str]) -> str:
    """A filler goes; a comma after it stays when it ends a clause ("about me really, I'm ..." → "about me,
    I'm ..."), not when the filler opens one ("Honestly, I ...")."""
    before = match.string[: match.start()].rstrip()
    return ", " if "," in match.group(0) and before and before[-1] not in ",;:(" else ""


def compress(text: str) -> str:
    """The statement without emoji, interjections and fillers; names, numbers, dates and nouns kept."""
    text = without_inner_interjections(strip_opening(strip_emoji(text)))
    text = _TRAILING_LAUGH_RE.sub(lambda m: m.group("close") or "", text)
    text = _TRAILING_THANKS_RE.sub("", text)
    text = _HEDGE_TAIL_RE.sub("", text)
    text = _STRESS_TAIL_RE.sub("", text)  # "our prod region is eu-north-1, always": the stress goes
    text = _BY_THE_WAY_RE.sub("", text)  # "I cook on induction by the way, so ...": its comma stays
    text = _LIKE_FILLER_RE.sub(",", text)
    text = _FILLER_RE.sub(_without_filler, text)
    text = _SO_INTENSIFIER_RE.sub("", text)
    text = _PRETTY_RE.sub("", text)
    text = text.replace("…", ".").replace("...", ".")
    text = _SPACES_RE.sub(" ", text)
    text = _SPACE_BEFORE_PUNCT_RE.sub(r"\1", text)
    text = _REPEATED_PUNCT_RE.sub(r"\1", text)
    text = text.strip(" ,;:")
    # a dash that stands apart is punctuation; one on a word ("got an A-", "a B+ or A-") is part of it
    return re.sub(r"^-+\s*|(?<![\w+])\s*-+$|\s+-+$", "", text).strip(" ,;:")


# A month typed in lower case: by its name, or, for "may" and "march" (also verbs), beside a day's number.
_LOWER_MONTH_RE = re.compile(
    rf"\b{month_names('may', 'march')}\b"
    r"|(?<=\d\s)(?:may|march)\b|(?<=\d(?:st|nd|rd|th)\s)(?:may|march)\b|(?<=\d(?:st|nd|rd|th) of )(?:may|march)\b"
    r"|\b(?:may|march)(?=\s\d{1,2}\b)"
)


def finish(text: str, capitalise: bool = True) -> str:
    """One tidy sentence: capitalised (unless it opens with an identifier such as `payments-api`),
    ending with a full stop, within the statement limit."""
    text = _END_PUNCT_RE.sub("", _SPACES_RE.sub(" ", text).strip())
    if not text:
        return ""
    if capitalise and _PLAIN_WORD_RE.match(text):
        text = text[0].upper() + text[1:]
    if capitalise:  # "from 1 may" typed in chat: a month is a name
        text = _LOWER_MONTH_RE.sub(lambda m: m.group(0).capitalize(), text)
    if len(text) >= MAX_STATEMENT_CHARS:
        text = text[: MAX_STATEMENT_CHARS - 2].rsplit(" ", 1)[0]
    return text + "."


def subject_of(name: str) -> str:
    """The subject part of a key: `caroline` for Caroline, `user` for an unnamed user."""
    if name == "the user":
        return "user"
    return "_".join(_key_words(name)) or "user"


def slug(text: str, max_words: int = 3) -> str:
    """`Home City` → `home_city`: a key part made of the last few words."""
    return "_".join(_key_words(text)[-max_words:])


def _key_words(text: str) -> list[str]:
    folded = unicodedata.normalize("NFKD", text.lower())
    bare = unicodedata.normalize("NFC", "".join(c for c in folded if not unicodedata.combining(c)))
    return _KEY_WORD_RE.findall(bare)  # (NFC again so Hangul's syllables are whole)


def lowered_opening(text: str) -> str:
    """`text` to follow other words: its first word lower-cased when it is an ordinary word ("The", "This",
    "There"), kept when it may be a name ("Ana ...", "Training ..." is kept too: no dictionary here)."""
    head = text.split(" ", 1)[0].lower().replace("’", "'")
    ordinary = head in STOP_WORDS or head.split("'")[0] in STOP_WORDS  # "It's", "There's"
    return text[:1].lower() + text[1:] if ordinary and not head.startswith("i'") and head != "i" else text
