"""How much a sentence says that could be asked about later: its specific words.

A sentence made of evaluation, feeling and conversation ("It was so amazing and it means a lot to me")
says nothing a month on; one that names things ("It's dairy-free vanilla with strawberry filling") does,
even when the rules cannot parse it. Specific words are content words that are not evaluative, emotional,
vague or conversational, and not the names of the people talking; names and numbers count double.
"""

from __future__ import annotations

import re

from reverie.domain.text import content_words

SPECIFIC_ENOUGH = 3  # specific words (names and numbers twice) a sentence needs to say something on its own

# Words that carry a judgement, a feeling or the shape of a conversation, not a fact (plain English;
# grouped for reading, matched as one set).
GENERIC_WORDS = frozenset(
    """
    amazing awesome great good nice cool fun funny wonderful beautiful lovely gorgeous incredible
    fantastic fabulous brilliant excellent perfect special important interesting exciting excited
    inspiring inspired inspiration powerful meaningful memorable unforgettable impressive stunning
    magical calming peaceful relaxing soothing cozy cute sweet adorable fine bad terrible awful hard
    tough rough tricky difficult easy crazy wild huge big little small best better worse worst
    happy glad sad proud grateful thankful blessed lucky thrilled stoked pumped nervous anxious
    worried stressed scared afraid upset tired busy ready sure true real
    love loved loves loving like liked likes enjoy enjoyed enjoying enjoys feel feels felt feeling
    feelings hope hoping hoped wish wished want wanted wants need needed needs think thought thinking
    know knew guess mean means meant matter matters mattered care cares cared appreciate appreciated
    thank thanks support supported supportive supporting encourage encouragement encouraging motivate
    motivated motivation motivating keep kept keeping going gone get got getting make makes made
    making take took taking give gave given giving put find found help helped helps helping try tried
    trying see saw seen look looks looking looked sound sounds sounded seem seems seemed stay stayed
    lot lots bit kind sort way ways thing things stuff something anything everything nothing
    someone anyone everyone time times moment moments day days life world people person folks guys
    experience experiences journey joy peace happiness fun blast vibe vibes energy passion purpose
    sense reminder memory memories reason reasons chance idea ideas part place
    always never ever still even also again already yet lately recently soon now today tonight
    week weeks month months year years while long short
    totally absolutely definitely truly super pretty quite much many more most less least
    whole entire full every each other others own same different various new old next last first
    along around together
    yeah yes wow hey hi omg haha lol
    it's that's there's here's what's who's how's let's i'm i've i'd i'll you're you've you'd you'll
    we're we've they're they've he's she's isn't aren't wasn't weren't don't doesn't didn't can't
    won't wouldn't couldn't shouldn't haven't hasn't 'cause cause plus gonna wanna gotta lets
    """.split()
)
_FIRST_PERSON = frozenset({"I", "I'm", "I've", "I'd", "I'll"})
_NUMBER_RE = re.compile(r"\d")
# A capitalised word inside a sentence (not its first word): a name, a place, a title.
_MID_CAPITAL_RE = re.compile(r"(?<=[\w,;:'\"] )(?:[A-Z][\w'-]*)")


def specific_words(text: str, people: frozenset[str] = frozenset()) -> list[str]:
    """The specific words of `text`, in order: content words that are not generic nor one of `people`
    (lower-cased names of the people talking)."""
    return [w for w in content_words(text) if w not in GENERIC_WORDS and w not in people]


def specificity(text: str, people: frozenset[str] = frozenset()) -> int:
    """Specific words, with names (capitalised inside the sentence) and numbers counted twice."""
    found = specific_words(text, people)
    anchors = sum(1 for w in found if _NUMBER_RE.search(w))
    anchors += sum(
        1
        for m in _MID_CAPITAL_RE.finditer(text)
        if m.group(0) not in _FIRST_PERSON and m.group(0).lower().removesuffix("'s") not in people
    )
    return len(found) + anchors
