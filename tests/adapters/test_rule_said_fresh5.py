"""What users say, read as statements (fresh5 gaps, tested in wording of our own): a pasted list about the
speaker, a named person owning a thing, and more below."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.lists import as_sentences
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 3, 9, 9, 0, tzinfo=UTC))

ABOUT_ME = """here's my profile so you don't have to ask again

### About me
- **intolerant to lactose** (dairy, not just milk haha)
- line manager: Dr. Pieter Jansen
- loves bouldering
- I coach the under-12 chess club on Mondays

anyway, can you draft a cover letter?"""


def test_each_bullet_under_a_heading_about_the_speaker_is_a_first_person_statement_of_its_own() -> None:
    # GIVEN a pasted list under a heading that names the speaker
    said = SESSION.statements(ABOUT_ME)
    # THEN each bullet is a statement about the user, one idea per card
    assert "The user is intolerant to lactose (dairy, not just milk)." in said
    assert "The user's line manager is Dr. Pieter Jansen." in said
    assert "The user loves bouldering." in said
    assert not any("lactose" in s and "Jansen" in s for s in said)


def test_a_heading_about_the_speaker_writes_bullets_in_the_first_person() -> None:
    # GIVEN bullets under "Myself:" with their subject left out
    text = as_sentences(
        "Myself:\n- scared of heights\n- shoe size: 44\n- doesn't drink coffee\n- always cycles"
    )
    # THEN each is a first-person sentence, grammatical
    assert text.splitlines() == [
        "I am scared of heights.",
        "My shoe size is 44.",
        "I don't drink coffee.",
        "I always cycle.",
    ]


def test_a_heading_about_someone_else_or_a_topic_is_not_read_as_the_speaker() -> None:
    # GIVEN the same bullets under a topic heading and under a person's name
    topic = as_sentences("## Allergies\n- allergic to nuts")
    other = as_sentences("## Meera\n- allergic to nuts")
    # THEN the topic's bullet stays as written and the person's is about her, never "I"
    assert topic.splitlines() == ["allergic to nuts."]
    assert other.splitlines() == ["Meera is allergic to nuts."]


def test_a_named_person_holding_a_piece_of_work_is_kept_in_that_things_owner_slot() -> None:
    # GIVEN handovers told in several tenses, one with "as of today" and an aside
    events = SESSION.told(
        "Noor's taking over the payroll audit from me as of today (I'm off to the data team)."
    )
    owns = SESSION.extract(events)
    runs = SESSION.extract(SESSION.told("Kwame is running the vendor review from now on."))
    # THEN each is a fact in the owner slot of the thing held, the speaker's "me" read as the user
    assert [(c.key, c.statement) for c in owns] == [
        (
            "payroll_audit.owner",
            "Noor's taking over the payroll audit from the user as of 9 March 2026 "
            "(the user is off to the data team).",
        )
    ]
    assert [c.key for c in runs] == ["vendor_review.owner"]


def test_a_handover_joined_to_other_news_is_its_own_card() -> None:
    # GIVEN a recap after a label: a handover, then what the team did
    said = SESSION.extract(
        SESSION.told(
            "quick recap from the sync: Leila owns the pricing page now, and we moved our docs from Confluence to Notion"
        )
    )
    # THEN the owner and the tool are two cards, neither glued to the other
    owner = [c.statement for c in said if c.key == "pricing_page.owner"]
    assert owner == ["Leila owns the pricing page now."]
    assert any("Notion" in c.statement and "Leila" not in c.statement for c in said)


def test_a_passing_activity_or_an_unnamed_thing_is_no_role() -> None:
    # GIVEN someone running late, and someone owning an unnamed "it"
    late = SESSION.extract(SESSION.told("Kwame is running late today."))
    vague = SESSION.extract(SESSION.told("Kwame owns it."))
    # THEN neither is a role in an owner slot
    assert not any(c.key and c.key.endswith(".owner") for c in late + vague)


def test_someone_named_in_brackets_after_the_speakers_service_role_is_who_holds_it() -> None:
    # GIVEN a visit told with the dentist's name in brackets, and an accountant's
    dentist = SESSION.extract(
        SESSION.told("just got back from the dentist (Dr Farah Iqbal at Elm Row Dental).")
    )
    accountant = SESSION.statements("my accountant (Gwen Price) says the return is filed")
    # THEN who holds the role is a fact of its own, in the role's slot
    named = ("user.dentist", "The user's dentist is Dr Farah Iqbal at Elm Row Dental.")
    assert named in [(c.key, c.statement) for c in dentist]
    assert not any("(" in c.statement for c in dentist)  # the brackets are read once, as the naming
    assert "The user's accountant is Gwen Price." in accountant


def test_brackets_that_name_nobody_or_anyones_role_are_no_naming() -> None:
    # GIVEN brackets holding no name, and a role anyone may hold said with "the"
    again = SESSION.statements("back from the dentist (again) and my jaw still aches.")
    manager = SESSION.statements("the manager (Sam) moved our table.")
    # THEN no one is named as the user's dentist or manager
    assert not any("dentist is" in s or "manager is" in s for s in again + manager)


def test_the_language_to_answer_in_is_one_slot_that_a_language_asked_for_by_name_fills_again() -> None:
    # GIVEN a rule to answer in Welsh, then later "Dutch again please" and "back to English pls"
    welsh = SESSION.extract(SESSION.told("from now on answer me in Welsh please, I'm practising"))
    dutch = SESSION.extract(SESSION.told("Dutch again please, I'll say when to stop"))
    english = SESSION.extract(SESSION.told("back to English pls"))
    # THEN each is a rule in the one slot of the language to answer in
    slots = {c.key for c in welsh + dutch + english}
    assert slots == {"user.prefers.reply_language"}
    assert [c.statement for c in dutch] == ["Reply to the user in Dutch."]
    assert [c.statement for c in english] == ["Reply to the user in English."]


def test_a_language_named_without_asking_for_it_is_no_rule() -> None:
    # GIVEN a language as a one-word answer, as a word opening other news, and as a fact about the user
    said = [
        SESSION.extract(SESSION.told(t)) for t in ("Italian.", "Greek, the trip was great", "I speak Greek.")
    ]
    # THEN none of them is a rule about the language to answer in
    assert not any(c.key == "user.prefers.reply_language" for found in said for c in found)


def test_a_team_taking_over_a_piece_of_work_is_its_holder() -> None:
    # GIVEN the speaker's team, named by its handle, taking over a job
    said = SESSION.extract(
        SESSION.told("fyi search-infra (my team) has formally taken over the nightly reindex.")
    )
    # THEN it is the reindex's holder, the speaker's "my team" read as theirs
    assert [(c.key, c.statement) for c in said] == [
        (
            "nightly_reindex.owner",
            "search-infra (the user's team) has formally taken over the nightly reindex.",
        )
    ]


def test_an_arrangement_said_settled_then_its_details_after_a_dash_is_one_statement() -> None:
    # GIVEN an arrangement said settled, its when and where after a dash, then a request
    said = SESSION.statements(
        "choir rehearsal's confirmed for the autumn — Tuesdays 7 to 9pm in the church hall. can you find me sheet music"
    )
    # THEN one statement holds what is settled and its details
    assert said == ["The choir rehearsal is Tuesdays 7 to 9pm in the church hall (for the autumn)."]


def test_something_said_sorted_with_no_when_after_the_dash_is_not_rewritten() -> None:
    # GIVEN a fix reported as sorted, then thanks
    from reverie.adapters.local.rules.settled import settled_with_details

    # THEN nothing is made of it
    assert settled_with_details("the boiler's sorted - cheers!") == "the boiler's sorted - cheers!"


def test_a_verb_only_a_person_does_after_the_speakers_statement_is_the_speaker_again() -> None:
    # GIVEN chat that leaves the subject out of the second clause
    said = SESSION.statements("fyi im allergic 2 penicillin, wear a medical bracelet.")
    # THEN two statements about the user, neither glued to the other
    assert said == ["The user is allergic to penicillin.", "The user wears a medical bracelet."]


def test_an_imperative_after_the_speakers_statement_stays_with_it() -> None:
    # GIVEN a request to the agent after a statement, its verb one an agent does
    said = SESSION.statements("I'm vegetarian, book the veggie menu.")
    # THEN no "the user books ..." is made of it
    assert not any("books" in s for s in said)


def test_what_the_listener_must_know_when_acting_for_the_speaker_is_its_own_statement() -> None:
    # GIVEN a fact about someone close, then "so if ur booking X he needs Y pls" in text-speak
    said = SESSION.statements(
        "my gf lena is coeliac so if ur booking restaurants for us she needs gluten-free pls"
    )
    # THEN the fact and what holds when booking are two statements, in plain English
    assert "The user's girlfriend Lena is coeliac." in said
    assert "When booking restaurants for the user, Lena needs gluten-free." in said
    assert not any(w in s.split() for s in said for w in ("ur", "your", "pls", "please"))
