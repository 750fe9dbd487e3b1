"""Extraction of everyday wording from the fresh3 histories: a learner's unconjugated verb after a named person,
and "them" pointing back at what the clause before acted on."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 1, 19, 21, 0, tzinfo=UTC))


def test_a_named_person_after_a_possessive_gets_a_conjugated_auxiliary() -> None:
    # GIVEN a learner of English naming one person after "my" with a base-form auxiliary
    # WHEN the rule reasoner extracts the message
    said = " ".join(SESSION.statements("I don't do the invoices, my wife Greta do them every Friday."))
    # THEN the card agrees in the third person and says what "them" is
    assert "Greta does the invoices" in said
    assert "Greta do " not in said


def test_a_plural_possessive_subject_keeps_its_plural_verb() -> None:
    # GIVEN parents (plural) and a sister (one named person)
    said = " ".join(SESSION.statements("My parents do the school run, my sister Ana have two cats."))
    # THEN only the named one is conjugated
    assert "parents do the school run" in said
    assert "Ana has two cats" in said


def test_them_stays_when_nothing_before_had_that_verb() -> None:
    # GIVEN "them" after a verb the part before did not use
    said = " ".join(SESSION.statements("I bought the tickets, my brother Karl have them now."))
    # THEN "them" is not replaced by an unrelated thing
    assert "Karl has them" in said


def test_a_rule_asked_for_with_pls_is_kept_like_one_asked_for_with_please() -> None:
    # GIVEN a terse rule typed as chat ("pls ALWAYS ...")
    said = " ".join(
        SESSION.statements("also pls ALWAYS tag releases with a signed tag before pushing to prod")
    )
    # THEN it is kept as the rule it is
    assert "signed tag" in said


def test_a_one_off_in_chat_spelling_is_not_kept() -> None:
    # GIVEN "4 this trip" standing for "for this trip only"
    dropped = SESSION.dropped("just 4 this trip book a room with a bathtub, my back is playing up")
    # THEN the request is a one-off for now, not a standing preference
    assert any(reason == "one_off" and "bathtub" in text for reason, text in dropped)


def test_chat_spelling_leaves_addresses_acronyms_and_counts_alone() -> None:
    # GIVEN shortenings beside an address, an acronym and a count
    from reverie.adapters.local.rules.spelling import spelled_out

    # WHEN spelled out
    text = spelled_out("pls use https://u.example.com/u w/ 4 people from BC, me n my gf")
    # THEN only the shortenings change
    assert text == "please use https://u.example.com/u with 4 people from BC, me and my girlfriend"


def test_what_holds_for_a_person_named_in_a_request_is_kept_about_them() -> None:
    # GIVEN a request naming a person, then a comma and what holds for them ("he's ...")
    said = SESSION.statements(
        "get a table for me and my brother Matteo friday, he's vegan so needs a proper menu"
    )
    # THEN the card says it of the person by name
    assert any(s.startswith("Matteo is vegan") for s in said)


def test_so_before_an_adjective_is_dropped_but_before_a_verb_it_stays() -> None:
    # GIVEN "so" as an intensifier and "so" joining a verb whose subject it leaves out
    said = " ".join(SESSION.statements("My neighbour Oskar is so generous, he's diabetic so avoids sugar."))
    # THEN the intensifier goes and the conjunction stays
    assert "so generous" not in said
    assert "diabetic so avoids sugar" in said


def test_so_before_a_determiner_joins_a_consequence_and_stays() -> None:
    # GIVEN "so" joining what follows from a fact, before "no" and before a possessive
    said = " ".join(SESSION.statements("My cousin Teodor moved to Gdansk in June so no more Sunday lunches."))
    # THEN the conjunction stays, the statement does not run two clauses together
    assert "June so no more Sunday lunches" in said
    # AND an intensifier before an adjective still goes
    assert "so generous" not in " ".join(SESSION.statements("My aunt Rosa is so generous."))


def test_a_voice_transcript_loses_its_hesitations_and_restarts() -> None:
    # GIVEN a transcript with "erm", "uh", ", like," and a restart over a hesitation
    said = SESSION.statements(
        "erm, so, yeah, my son Milo, he's, uh, he's got piano on, um, Thursdays at four, and, uh, "
        "my partner Sade does, like, the school run on Mondays"
    )
    text = " ".join(said)
    # THEN no filler is stored, each fact is a card of its own, and the times stay
    for filler in (" uh", " um", "erm", "so yeah", "like,", "he's he's"):
        assert filler not in text
    assert any("Milo has got piano on Thursdays at four" in s for s in said)
    assert any("Sade does the school run on Mondays" in s and "Milo" not in s for s in said)


def test_a_rambling_introduction_becomes_one_card_per_fact() -> None:
    # GIVEN one breath of facts after a run-up about the speaker
    said = SESSION.statements(
        "uh right, quick bit about me really, I'm a midwife, um, at the Royal Infirmary, my husband Colm is "
        "a plumber, and we've got a dog called Biscuit"
    )
    # THEN three cards, none carrying two of the facts
    assert len([s for s in said if "midwife" in s]) == 1
    assert not any("midwife" in s and ("Colm" in s or "Biscuit" in s) for s in said)
    assert not any("Colm" in s and "Biscuit" in s for s in said)
    assert any("dog called Biscuit" in s for s in said)


def test_a_letter_announcing_two_changes_gives_two_plain_cards() -> None:
    # GIVEN a formal email announcing two changes in one sentence
    said = SESSION.statements(
        "Dear Payroll Team,\n\nI would like to inform you that I have changed my bank to Monzo, and that my "
        "surname is now Adeyemi-Clarke.\n\nBest wishes,\nTomi"
    )
    # THEN each change is a card, with nothing of the announcement
    assert any("changed" in s and "Monzo" in s and "Adeyemi" not in s for s in said)
    assert any("surname is now Adeyemi-Clarke" in s for s in said)
    assert not any("inform" in s or "writing" in s for s in said)


def test_doing_a_named_programme_is_a_pursuit() -> None:
    # GIVEN someone doing a named programme, said in passing
    said = " ".join(SESSION.statements("I'm doing the beginner yoga programme at the leisure centre"))
    # THEN it is kept
    assert "beginner yoga programme" in said


def test_dunno_is_written_out() -> None:
    # GIVEN chat slang for "don't know"
    said = " ".join(SESSION.statements("my brother Femi dunno where the keys for the allotment shed are"))
    # THEN the card reads as plain English
    assert "dunno" not in said.lower()


def test_doing_a_chore_is_still_no_pursuit() -> None:
    # GIVEN something done now, not a named programme
    # THEN nothing is kept
    assert SESSION.statements("I'm doing the dishes") == []


def test_a_pasted_url_costs_only_its_password() -> None:
    # GIVEN a terse message pasting a database URL with its password, then a rule
    said = " ".join(
        SESSION.statements(
            "prod replica is mysql://report:S3cr3t-Pa55@replica-eu.db.corp:3306/sales if u need it. "
            "also pls NEVER write to the replica, it's read only"
        )
    )
    # THEN the host and the rule are kept, the password is not, nor the hedge
    assert "replica-eu.db.corp" in said
    assert "S3cr3t-Pa55" not in said
    assert "write to the replica" in said
    assert "if you need it" not in said


def test_a_chat_remark_without_its_article_about_nothing_specific_is_not_kept() -> None:
    # GIVEN a remark about the weather with its article left out
    # THEN it is no card
    assert SESSION.statements("weather is awful today") == []


def test_she_after_an_unnamed_pet_stays_with_the_clause_before() -> None:
    # GIVEN "she" taking up something the clause before did not name
    said = SESSION.statements("I have a dog and she's scared of fireworks")
    # THEN the sentence stays one statement
    assert any("dog" in s and "fireworks" in s for s in said)
