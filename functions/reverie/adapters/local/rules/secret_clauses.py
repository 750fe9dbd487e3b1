"""A secret costs only itself: the clause that carries a masked secret ("here is my token [REDACTED]") is cut out
of its sentence and the rest is kept ("always deploy to eu-west-1"); an address loses only the password it carries;
a bare setting after the secret's clause ("rcon pw is [REDACTED], port 25575") is a setting of the same thing.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.clauses import JOINT_RE

_MASKED_RE = re.compile(r"\[REDACTED:[a-z_]+\]")
# (a masked secret, a private key's block say, may end a sentence without a full stop: "[REDACTED:private_key] The
# server is at 10.0.4.12")
_SENTENCE_END_RE = re.compile(r"((?<=[.!?])\s+|(?<=\])\s+(?=[A-Z])|\n+)")
# A masked password inside an address ("postgres://reader:[REDACTED:password]@db.internal/warehouse"): the
# address without it says where the data is and holds no secret.
_URL_CREDENTIAL_RE = re.compile(
    r"(?P<scheme>\b[a-z][a-z0-9+.-]*://)(?P<user>[^\s:/@]*):\[REDACTED:[a-z_]+\]@", re.I
)


# The secret's clause names what it belongs to ("rcon pw is [REDACTED]", "the router's admin password:
# [REDACTED]"); a bare setting after it in the same sentence ("port 25575") is a setting of the same thing.
_SECRET_OF_RE = re.compile(
    r"^\s*(?:(?:my|our|the)\s+)?(?P<thing>(?:[\w-]+\s+){1,2}?)(?:[\w-]+)\s*(?:is|=|:)\s*\[REDACTED", re.I
)
_BARE_SETTING_RE = re.compile(
    # (a setting's name, not a verb and where it goes: "deploy to eu-west-1" is an order)
    r"^\s*(?P<setting>(?!(?:my|our|the|a|an|and|but|it|i|we)\b)[a-z][\w-]*(?:\s+(?!(?:to|in|on|at|for|from|with|into)\b)"
    r"[a-z][\w-]*)?)\s*[:=]?\s+"
    r"(?P<value>[\w.:/-]*\d[\w.:/-]*)\s*$",
    re.I,
)


def _of_the_secret(clause: str, secret: str | None) -> str:
    """ "port 25575" after "rcon pw is [REDACTED]" → "the rcon port is 25575"; "it expires in 2031" after "my
    passport number is [REDACTED]" → "my passport expires in 2031" (the thing, not its number); `clause` as it
    was otherwise."""
    which = _WHICH_RE.match(clause)
    named = _NAMED_LAST_RE.search(secret) if secret and which else None
    if which and named:  # "[REDACTED] that's for the staging box, which runs Ubuntu 22.04": the box runs it
        return f"{which.group('lead')}{named.group('thing')} {clause[which.end() :]}"
    # "The API token for the staging bot is [REDACTED], and it posts to #deploys": the bot posts there
    served = _FOR_THING_RE.search(secret) if secret else None
    if served and (it := _IT_RE.match(clause)):
        return f"{it.group('lead')}{served.group('thing')} {clause[it.end() :]}"
    # "My server's root password is [REDACTED] and it runs Debian 12": the server runs it
    whose_thing = _WHOSE_SECRET_RE.match(secret) if secret else None
    if whose_thing and (it := _IT_RE.match(clause)):
        whose = (whose_thing.group("whose") or "the").lower()
        return f"{it.group('lead')}{whose} {whose_thing.group('thing')} {clause[it.end() :]}"
    owner = _SECRET_OF_RE.match(secret) if secret else None
    if owner is None:
        return clause
    thing = owner.group("thing").strip()
    if thing.lower() in ("my", "our", "the", "your"):  # "my token is [...]": no thing named beside the secret
        return clause
    if it := _IT_RE.match(clause):
        whose = "my" if re.match(r"\s*my\b", secret or "", re.I) else "the"
        return f"{it.group('lead')}{whose} {thing} {clause[it.end() :]}"
    setting = _BARE_SETTING_RE.match(clause)
    if setting is None:
        return clause
    return f"the {thing} {setting.group('setting')} is {setting.group('value')}"


# What is left of a sentence when the secret's clause took its content: an opening alone ("Going forward, please
# send invoices to [REDACTED]" leaves "Going forward,"), no rule of its own.
_MARKER_ONLY_RE = re.compile(
    r"^\W*(?:(?:going\s+forward|from\s+now\s+on|in\s+(?:the\s+)?future|from\s+today|also|and|but|so|please|"
    r"ok|okay|right|btw|fyi)\W*)+$",
    re.I,
)
# A clause handing over the secret that follows it ("Here's the door code for my building, [REDACTED], and ..."):
# with the secret cut, it says nothing; cut with it.
_HANDS_OVER_RE = re.compile(
    r"^\s*(?:(?:ok|okay|so|and|right)[,\s]+)?(?:here(?:'s|\s+is|\s+are)|this\s+is|these\s+are|that's)\s+"
    r"(?:the|my|our|your)\s+(?:[\w'-]+\s+){0,4}?(?:code|password|passcode|pin|key|login|combination|token|"
    r"secret|details|number)(?:\s+(?:for|to|of)\s+[\w' -]+?)?\s*[:,]?\s*$",
    re.I,
)
# "which" opening the clause after the secret's, and the thing the secret's clause named last ("... that's for
# the staging box", ", which runs Ubuntu 22.04").
_WHICH_RE = re.compile(r"^(?P<lead>\s*)(?:which|that)\s+(?=[a-z])", re.I)
_NAMED_LAST_RE = re.compile(r"\b(?P<thing>(?:the|my|our)\s+[\w-]+(?:\s+[\w-]+){0,2}?)\s*[.!]?\s*$", re.I)
# The thing a secret is for, named after it: "the API token for the staging bot is [REDACTED]".
_FOR_THING_RE = re.compile(
    r"\b(?:token|key|password|passcode|pin|code|secret|login|credentials?)\s+(?:for|to|of)\s+"
    r"(?P<thing>(?:the|my|our)\s+[\w-]+(?:\s+[\w-]+){0,2}?)\s*(?:is|are|=|:)\s*\[REDACTED",
    re.I,
)
# ... or the thing whose secret it is, said with "'s": "My server's root password is [REDACTED]"
_WHOSE_SECRET_RE = re.compile(
    r"^\s*(?:(?P<whose>my|our|the)\s+)?(?P<thing>[\w-]+(?:\s+[\w-]+)?)['’]s\s+(?:[\w-]+\s+){0,2}?"
    r"(?:password|pin|code|key|token|login|passcode|passphrase|combination|combo)\s*(?:is|=|:)\s*\[REDACTED",
    re.I,
)
# "it" opening the clause after the secret's: the thing the secret belongs to ("it expires in 2031").
_IT_RE = re.compile(r"^(?P<lead>\s*)it\s+(?!(?:is|was|'s)\s+\[)", re.I)


def without_secrets(text: str) -> tuple[str, list[str]]:
    """(`text` without the clauses that carry a masked secret, the clauses cut out), sentence by sentence;
    everything else (wording, punctuation) as it was. An address loses only the password it carries."""
    text = _URL_CREDENTIAL_RE.sub(r"\g<scheme>\g<user>@", text)  # the credential out, the address kept
    if not _MASKED_RE.search(text):
        return text, []
    kept: list[str] = []
    cut: list[str] = []
    parts = _SENTENCE_END_RE.split(text)  # sentence, its end, sentence, its end, ..., sentence
    for sentence, end in zip(parts[::2], [*parts[1::2], ""], strict=True):
        clauses = JOINT_RE.split(sentence)  # clause, joint, clause, ..., clause
        pieces: list[str] = []
        secret: str | None = None  # the last clause cut, for what follows it
        before: str | None = None  # the joint before the clause cut: "Going forward, [cut] and deploy" → ", "
        for joint, clause in zip(["", *clauses[1::2]], clauses[::2], strict=True):
            if _MASKED_RE.search(clause):
                if pieces and _HANDS_OVER_RE.match(pieces[-1]):  # "Here's the door code for my building,"
                    cut.append(pieces.pop().strip(" ,;"))
                cut.append(clause.strip())
                secret, before = clause, joint if before is None else before
            elif clause.strip():
                pieces.append(
                    ((joint if before is None else before) if pieces else "") + _of_the_secret(clause, secret)
                )
                before = None
        if pieces and not _MARKER_ONLY_RE.match("".join(pieces)):  # "Going forward," alone says nothing
            kept.append("".join(pieces).strip() + end)
    return "".join(kept).strip(), cut
