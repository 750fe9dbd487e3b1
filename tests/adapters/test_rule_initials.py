"""A capital letter standing alone between words is a surname's initial or part of a code ("Tomás N said ...",
"10 W 40 oil"), not chat's "n" for "and" or "w" for "with", which are typed in lower case ("me n my sister")."""

from __future__ import annotations

from reverie.adapters.local.rules.spelling import spelled_out


def test_a_capital_initial_between_words_stays() -> None:
    assert spelled_out("Tomás N took over the rota from me") == "Tomás N took over the rota from me"
    assert spelled_out("Grace W signed off the budget") == "Grace W signed off the budget"
    assert "with" not in spelled_out("the mower takes ten W forty oil")


def test_chat_n_and_w_in_lower_case_are_still_read() -> None:
    assert (
        spelled_out("me n my sister run the stall") == "my sister and I run the stall"
    )  # the subject, said so
    assert spelled_out("dinner w ines on friday") == "dinner with ines on friday"
