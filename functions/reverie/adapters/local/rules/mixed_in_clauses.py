"""The speaker's own clauses in a language mixed into English, read in English: "trabajo de enfermera in the
NICU" → "I work as a nurse in the NICU", "e a casa ho due gatti, Pepe e Oliva" → "and at home I have two
cats, Pepe and Oliva", "casi siempre night shifts" → "mostly night shifts", "ogni mattina, before colazione" → "every morning,
before breakfast".

People who code-switch (Spanish, Italian, Portuguese with English) often say who they are in their own
language and the rest in English. The rules read English: without this, the clause is no statement (nothing
kept) or its words stay in a card ("..., e a casa ho due gatti"). Only a first-person verb with what it
takes is read (a job said with "as", a count of pets or children, a place word, a day of the week after
"los"/"las"), so a lone foreign word ("ho ho", "Casa Mia") is left alone; a phrase whose noun is not known
here stays as it was.
"""

from __future__ import annotations

import re


def _by_word(table: dict[str, str]) -> dict[str, str]:
    """English word → its space-separated words in the other languages, turned round: each word → English."""
    return {word: english for english, words in table.items() for word in words.split()}


_JOBS = {
    "nurse": "enfermera enfermero enfermeira enfermeiro infermiera infermiere",
    "doctor": "médico médica medico medica",
    "teacher": "profesor profesora professore professoressa professor professora maestro maestra insegnante",
    "lawyer": "abogado abogada avvocato avvocata advogado advogada",
    "engineer": "ingeniero ingeniera ingegnere engenheiro engenheira",
    "waiter": "camarero camarera cameriere cameriera garçom",
    "cook": "cocinero cocinera cuoco cuoca cozinheiro cozinheira",
    "pharmacist": "farmacéutico farmacéutica farmacista farmacêutico farmacêutica",
    "accountant": "contable contador contadora contabile contabilista",
    "architect": "arquitecto arquitecta architetto architetta arquiteto arquiteta",
    "journalist": "periodista giornalista jornalista",
    "programmer": "programador programadora programmatore programmatrice",
    "cleaner": "limpiador limpiadora",
    "driver": "conductor conductora autista motorista",
}
_JOB = _by_word(_JOBS)
_THINGS = {
    "cat": "gato gata gatto gatta",
    "cats": "gatos gatas gatti",
    "dog": "perro perra cane cão cachorro",
    "dogs": "perros perras cani cães cachorros",
    "child": "hijo hija figlio figlia filho filha",
    "children": "hijos hijas figli figlie filhos filhas",
}
_THING = _by_word(_THINGS)
_COUNT = {
    **dict.fromkeys("un una uno um uma".split(), "a"),
    **dict.fromkeys("dos due dois duas".split(), "two"),
    **dict.fromkeys("tres tre três".split(), "three"),
    **dict.fromkeys("cuatro quattro quatro".split(), "four"),
}
_DAYS = {
    "lunes": "Mondays", "martes": "Tuesdays", "miércoles": "Wednesdays", "miercoles": "Wednesdays",
    "jueves": "Thursdays", "viernes": "Fridays", "sábados": "Saturdays", "sabados": "Saturdays",
    "domingos": "Sundays",
}  # fmt: skip


def _words(table: dict[str, str]) -> str:
    return "|".join(sorted(table, key=len, reverse=True))


# "I work as a <job>": Spanish "trabajo de/como", Italian "lavoro come/da", Portuguese "trabalho como/de".
_WORK_AS_RE = re.compile(
    rf"\b(?:trabajo|lavoro|trabalho)\s+(?:de|como|come|da)\s+(?:(?:un|una|um|uma)\s+)?(?P<job>{_words(_JOB)})\b",
    re.I,
)
# "I have <count> <things>": "tengo dos perros", "ho due gatti", "tenho três filhos".
_HAVE_RE = re.compile(
    rf"\b(?:tengo|ho|tenho)\s+(?P<count>{_words(_COUNT)})\s+(?P<thing>{_words(_THING)})\b", re.I
)
# "at home" before the speaker's clause: "a casa" (Italian), "en casa" (Spanish), "em casa" (Portuguese).
# How often, in the mixed-in language: "ogni mattina", "cada noche", "todos os dias", "todas las semanas".
_PARTS_OF_TIME = {
    "morning": "mattina mañana manhã", "mornings": "mañanas manhãs mattine",
    "evening": "sera tarde", "evenings": "sere tardes",
    "night": "notte noche noite", "nights": "notti noches noites",
    "day": "giorno día dia", "days": "giorni días dias",
    "week": "settimana semana", "weeks": "settimane semanas",
}  # fmt: skip
_PART_OF_TIME = _by_word(_PARTS_OF_TIME)
_EVERY_RE = re.compile(
    rf"\b(?:ogni|cada|tutte\s+le|tutti\s+i|todas\s+(?:las|as)|todos\s+(?:los|os))\s+(?P<part>{_words(_PART_OF_TIME)})\b",
    re.I,
)
# A meal named in the mixed-in language after an English preposition: "before colazione", "with la cena"
# (in lower case: "Cena Roma" is a name).
_MEALS = {
    "breakfast": "colazione desayuno pequeno-almoço",
    "lunch": "pranzo almuerzo almoço",
    "dinner": "cena jantar",
}  # fmt: skip
_MEAL = _by_word(_MEALS)
_MEAL_RE = re.compile(
    rf"\b(?P<before>before|after|with|for|during)\s+(?:(?:la|il|el|o|a)\s+)?(?P<meal>(?-i:{_words(_MEAL)}))\b",
    re.I,
)
_AT_HOME_RE = re.compile(r"\b(?:a|en|em)\s+casa\b(?=\s+(?:I|ho|tengo|tenho)\b)", re.I)
_MOSTLY_RE = re.compile(r"\b(?:casi|quasi|quase)\s+(?:siempre|sempre)\b", re.I)
# "on <days> I have / I work": "los miércoles tengo clase", "los sábados trabajo".
_ON_DAYS_RE = re.compile(rf"\b(?:los|las)\s+(?P<day>{_words(_DAYS)})\s+(?P<verb>tengo|trabajo)\b", re.I)
_VERBS = {"tengo": "I have", "trabajo": "I work"}
# "and" in the mixed-in language: before a clause read in English, or, once a clause was read, between two
# names ("two cats, Pepe e Oliva"; a name such as "Casa Pepe y Luis" in English alone stays).
_AND_BEFORE_RE = re.compile(r"(?:(?<=^)|(?<=[\s,]))(?:e|y)\s+(?=(?:at home|on \w+days|I)\b)", re.I)
_AND_NAMES_RE = re.compile(r"\b(?P<first>[A-Z][a-z]+)\s+(?:e|y)\s+(?=[A-Z][a-z]+\b)")


def _article(word: str) -> str:
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"


def _singular(part: str) -> str:
    """ "every day" whether the plural was said ("todos los días") or not."""
    return part.removesuffix("s")


def english_clauses(text: str) -> str:
    """`text` with the speaker's mixed-in clauses read in English (see the module's docstring)."""
    said = text
    text = _WORK_AS_RE.sub(lambda m: f"I work as {_article(_JOB[m.group('job').lower()])}", text)
    text = _HAVE_RE.sub(
        lambda m: f"I have {_COUNT[m.group('count').lower()]} {_THING[m.group('thing').lower()]}", text
    )
    text = _AT_HOME_RE.sub("at home", text)
    text = _MOSTLY_RE.sub("mostly", text)
    text = _EVERY_RE.sub(lambda m: f"every {_singular(_PART_OF_TIME[m.group('part').lower()])}", text)
    text = _MEAL_RE.sub(lambda m: f"{m.group('before')} {_MEAL[m.group('meal').lower()]}", text)
    text = _ON_DAYS_RE.sub(
        lambda m: f"on {_DAYS[m.group('day').lower()]} {_VERBS[m.group('verb').lower()]}", text
    )
    text = _AND_BEFORE_RE.sub(lambda m: "And " if m.start() == 0 else "and ", text)
    return text if text == said else _AND_NAMES_RE.sub(r"\g<first> and ", text)
