"""Who one is by birth or belonging, said as an adjective: "I'm Polish", "we're Nigerian", "I'm half Welsh". A
lasting fact about the speaker (the `nationality` slot: said again otherwise, it is the same thing), where a name
said the same way ("I'm Brian") is an introduction. The words are a list, not a suffix: "-ian" ends Brazilian and
Brian alike.
"""

from __future__ import annotations

import re

_NATIONALITIES = """afghan albanian algerian american argentinian argentine armenian australian austrian bangladeshi
belgian bolivian bosnian brazilian british bulgarian cambodian cameroonian canadian chilean chinese colombian
congolese croatian cuban cypriot czech danish dominican dutch ecuadorian egyptian english eritrean estonian
ethiopian fijian filipino finnish french georgian german ghanaian greek guatemalan haitian honduran hungarian
icelandic indian indonesian iranian iraqi irish israeli italian ivorian jamaican japanese jordanian kazakh kenyan
korean kosovan kurdish kuwaiti latvian lebanese libyan lithuanian malawian malaysian maltese mauritian mexican
moldovan mongolian moroccan nepalese nepali nigerian norwegian pakistani palestinian panamanian peruvian polish
portuguese romanian russian rwandan salvadoran saudi scottish senegalese serbian sierra-leonean singaporean slovak
slovenian somali south-african spanish sri-lankan sudanese swedish swiss syrian taiwanese tanzanian thai tunisian
turkish ugandan ukrainian uruguayan uzbek venezuelan vietnamese welsh yemeni zambian zimbabwean""".split()

NATIONALITY_RE = re.compile(
    r"^(?:i|we)(?:'m| am|'re| are) (?:(?:half|part|originally|also|proudly) )*(?:"
    + "|".join(word.replace("-", "[ -]") for word in _NATIONALITIES)
    + r")(?:[- ](?:american|british|canadian|australian))?\b(?! (?:food|restaurant|cuisine|class|lessons?)\b)",
    re.I,
)


def says_nationality(lowered: str) -> bool:
    """Whether the first-person clause (lower-cased) says the speaker's nationality ("i'm polish")."""
    return NATIONALITY_RE.match(lowered) is not None
