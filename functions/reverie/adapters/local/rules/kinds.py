"""A thing named later by its kind: "the race" for a held marathon, "the pills" for a held statin.

Once a thing is known, English takes it up again by the general word for what it is ("signed up for my
first marathon" ... "the race is Rotterdam"), a word the first mention never used. The words alone cannot
tell that a marathon is a race, so this is a small register of everyday kinds and the things of each kind
that people tell an assistant about; a kind whose members are open-ended (a "car", a "dog") is left out,
since any name could be one. Read by `taken_up` (the way of `pointed_at` for a held thing named by a
definite noun phrase): only one held card may hold a member of the kind.
"""

from __future__ import annotations

from reverie.domain.restatement import stem

# kind -> its members, as held cards word them (single words of letters: "half marathon" holds "marathon").
_KINDS: dict[str, frozenset[str]] = {
    "race": frozenset({"marathon", "triathlon", "ironman", "ultra", "ultramarathon", "parkrun", "duathlon"}),
    "exam": frozenset({"gcse", "gcses", "sat", "gre", "gmat", "ielts", "toefl", "lsat", "mcat", "finals"}),
    "instrument": frozenset({"piano", "violin", "cello", "guitar", "flute", "clarinet", "trumpet", "drums"}),
    "medication": frozenset({"statin", "statins", "inhaler", "insulin", "antibiotics", "antidepressants"}),
}
_STEMMED = {stem(kind): frozenset(stem(m) for m in members) for kind, members in _KINDS.items()}


def of_its_kind(noun: str, words: set[str]) -> bool:
    """One of `words` (a held card's, lower case) is a thing of the kind `noun` names ("race": "marathon")."""
    members = _STEMMED.get(stem(noun))
    return members is not None and any(stem(word) in members for word in words)
