"""A reply written on top of the writer's own earlier email: "The offsite is cancelled ... Best, Inês" and
below it "> On 3 Mar, Inês Costa wrote:" with that earlier mail's lines. The quote is old material the writer
already said (and may just have taken back), not news: its lines say nothing new. The quote is the writer's
own when the name signing the reply above the quote's header is the header's writer's given name.
"""

from __future__ import annotations

import re
import unicodedata

from reverie.adapters.local.rules.quoted_mail import mail_header

# The writer named in a quoted mail's header: "On 3 Mar 2026, Inês Costa wrote:" → "Inês Costa".
_WRITER_RE = re.compile(r",\s*([^,<\[]+?)\s*(?:<[^>]*>|\[REDACTED:[a-z_]+\])?\s+wrote\s*:\s*$")
# A name signing a reply on a line of its own: "Inês", "— Tom", "Ana M."
_SIGNATURE_RE = re.compile(r"^[-–—~\s]*([^\W\d_][\w'’.-]*(?:\s+[^\W\d_][\w'’.-]*)?)\s*$")


def without_own_quote(text: str) -> tuple[str, list[str]]:
    """`text` without the quote of the writer's own earlier mail (its header and every quoted line after
    it), and the lines taken out; `text` as it is, nothing taken, when it quotes no mail of its writer's."""
    if not quotes_own_mail(text):
        return text, []
    kept: list[str] = []
    taken: list[str] = []
    inside = False
    for line in text.split("\n"):
        inside = inside or mail_header(line.strip())
        if inside and (line.lstrip().startswith(">") or mail_header(line.strip())):
            if line.strip(" >"):
                taken.append(line.strip())
            continue
        kept.append(line)
    return "\n".join(kept), taken


def quotes_own_mail(text: str) -> bool:
    """Whether `text` is a reply its writer signs above a quote of a mail they wrote themselves."""
    signed: str | None = None
    for line in text.splitlines():
        bare = line.strip()
        if not bare:
            continue
        if mail_header(bare):
            writer = _WRITER_RE.search(bare)
            return bool(signed and writer and _given(writer.group(1)) == signed)
        if bare.startswith(">"):
            signed = None
            continue
        name = _SIGNATURE_RE.match(bare)
        signed = _given(name.group(1)) if name else None
    return False


def _given(name: str) -> str:
    """A name's first word, lower case and without accents: "Inês Costa" → "ines"."""
    first = name.split()[0].strip(".")
    return "".join(c for c in unicodedata.normalize("NFKD", first.lower()) if not unicodedata.combining(c))
