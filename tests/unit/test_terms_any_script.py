"""What a statement is about, in any script: its terms keep Korean, Greek, Cyrillic and Chinese words, with
accents folded, so two statements in one language are compared by their words, not by nothing."""

from __future__ import annotations

import string

from hypothesis import given
from hypothesis import strategies as st

from reverie.domain.restatement import terms
from reverie.domain.text import any_script_words, folded, words


def test_words_of_other_scripts_are_terms() -> None:
    # GIVEN statements written in Korean, Greek, Cyrillic and Chinese
    # WHEN their terms are read THEN each keeps its words (ASCII-only words gave none of them)
    assert {"서울에", "살아요"} <= terms("저는 서울에 살아요")
    assert {"μαρια", "αθηνα"} <= terms("Η Μαρία μένει στην Αθήνα")
    assert {"маша", "москве"} <= terms("Маша живёт в Москве")
    assert "王芳" in terms("王芳")


def test_two_statements_in_korean_share_their_words() -> None:
    held, said = terms("민수는 서울에 살아요"), terms("민수는 지금 서울에 살아요")
    assert held and held <= said


def test_accents_fold_and_other_marks_stay() -> None:
    # "Tomás" and "Tomas" are one name; a vowel sign or a voicing mark is part of its letter, not an accent
    assert terms("Tomás plays padel") == terms("Tomas plays padel")
    assert folded("Zoë Łódź Αθήνα") == "zoe łodz αθηνα"
    assert any_script_words("हिन्दी カード") == ["हिन्दी", "カード"]


@given(st.text(alphabet=string.printable + "’", max_size=80))
def test_ascii_text_has_the_words_it_had(text: str) -> None:
    assert any_script_words(text) == words(text)


def test_a_gloss_in_brackets_is_the_word_it_glosses() -> None:
    # GIVEN a statement that glosses a word in Korean and then uses the gloss alone
    glossed = terms("The user is allergic to peanuts (땅콩), so no peanut oil or 땅콩 anything.")
    # THEN it is about peanuts once, as the same statement in English only is
    assert glossed == terms("The user is allergic to peanuts, so no peanut oil or peanut anything.")
