"""An amount of one's own that went up or down, its new figure said after it as "it's": "Landlord put the rent up,
it's £1,275 from next month", "Our rent went up, it's £1,275 now". Read as what the amount is now ("Our rent is
£1,275 from next month"), so that it takes the held amount's place (its slot, and the day it starts) instead of
standing beside it as news of a rise with an "it" of no known thing. ("Put the rent up to £1,275" names its
figure itself: the amount rules read it.)

Only an amount named with "the", "our", "my" or bare, and a new figure with a digit; whose it is when another
person is named ("Mum's rent went up") is theirs, and not read here.
"""

from __future__ import annotations

import re

_THING = r"(?:(?P<whose>the|our|my)\s+)?(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
_UP = r"(?:up|down)"
_FIGURE = r"(?P<figure>[£$€]?\d[\d,.]*(?:\s*(?:k|p|%|pounds|quid|euros|dollars))?\b.*)"
_WENT_UP_RES = (
    # "Landlord put the rent up, it's £1,275 from next month"
    re.compile(
        rf"^(?:(?:the|our|my)\s+)?[\w-]+(?:\s+have|\s+has|'ve|'s)?\s+(?:put|pushed|bumped|jacked|hiked|raised|"
        rf"cut|dropped|brought)\s+{_THING}\s+{_UP}\b,?\s*(?:and\s+|so\s+)?"
        rf"it(?:'s|\s+is|'ll\s+be|\s+will\s+be)\s+{_FIGURE}$",
        re.I,
    ),
    # "Our rent went up, it's £1,275 now"
    re.compile(
        rf"^{_THING}(?:'s|\s+is|\s+has|\s+have)?\s+(?:went|gone|going|goes|go|been\s+put)\s+{_UP}\b,?\s*"
        rf"(?:and\s+|so\s+)?it(?:'s|\s+is|'ll\s+be|\s+will\s+be)\s+{_FIGURE}$",
        re.I,
    ),
)


def went_up(part: str) -> str | None:
    """`part` as what the amount is now ("Our rent is £1,275 from next month"), when it says an amount of one's
    own went up or down to a new figure (see the module); None otherwise."""
    for pattern in _WENT_UP_RES:
        if found := pattern.match(part.strip()):
            whose = "My" if (found.group("whose") or "").lower() == "my" else "Our"
            return f"{whose} {found.group('thing').lower()} is {found.group('figure').rstrip()}"
    return None
