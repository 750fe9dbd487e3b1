"""Extraction by rule on everyday wording nobody wrote for the rules (issue 15, the fresh scenarios' gaps):
each section is one mechanism, tried on wording of its own rather than the scenarios' sentences."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.domain.models import MemoryType
from tests.fakes.rule_session import REASONER, RuleSession

T0 = datetime(2026, 6, 10, 9, 0, tzinfo=UTC)  # a Wednesday
SESSION = RuleSession(T0)
ev, told, extract, statements = SESSION.ev, SESSION.told, SESSION.extract, SESSION.statements
reasoner = REASONER


def reasons(text: str) -> list[str]:
    return [d.reason for d in reasoner.analyse(told(text)).dropped]


# --- a label before a colon ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Bit of background for you: I coach an under-12 rugby side, and I drive a Skoda Octavia.",
            ["The user coaches an under-12 rugby side.", "The user drives a Skoda Octavia."],
        ),
        (
            "Where things stand on the project: our backend is written in Kotlin, and Sentry is wired into "
            "every release.",
            ["The user's backend is written in Kotlin.", "Sentry is wired into every release."],
        ),
        ("One thing before we start: never commit straight to main.", ["Never commit straight to main."]),
    ],
)
def test_a_label_before_a_colon_is_set_apart_and_what_follows_is_read_on_its_own(
    text: str, expected: list[str]
) -> None:
    # GIVEN a message that opens with a label announcing what follows
    # WHEN it is extracted
    # THEN the statements after the colon become cards of their own, and the label is dropped as a preamble
    assert statements(text) == expected
    assert "preamble" in reasons(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a scope before the colon scopes what follows: still a one-off, not a lasting rule
        ("Just for today: always answer in Spanish.", []),
        # a value after the colon is no statement of its own: the label says what it is
        ("My allergies: peanuts and shellfish.", ["The user's allergies: peanuts and shellfish."]),
    ],
)
def test_a_scope_or_a_value_after_a_colon_stays_with_its_label(text: str, expected: list[str]) -> None:
    assert statements(text) == expected
    assert "preamble" not in reasons(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Never book me a red-eye: I can't sleep on planes.",
            ["Never book the user a red-eye: the user can't sleep on planes."],
        ),
        (
            "Oh, and I had a sleep study: it's mild apnoea, the CPAP machine is on order.",
            ["The user had a sleep study: it's mild apnoea, the CPAP machine is on order."],
        ),
        (
            "I'm allergic to penicillin: I came out in hives in 2019.",
            ["The user is allergic to penicillin: the user came out in hives in 2019."],
        ),
    ],
)
def test_a_rule_or_a_statement_before_a_colon_keeps_its_reason(text: str, expected: list[str]) -> None:
    # GIVEN a statement or a rule, then its reason after a colon: no label to set apart
    assert statements(text) == expected
    assert "preamble" not in reasons(text)


# --- clauses that stand on their own --------------------------------------------------------------


def test_a_statement_about_the_speaker_after_a_remark_about_the_weather_is_kept() -> None:
    # GIVEN an impersonal clause joined to a first-person one ("It's X and my Y ...")
    found = statements("It's pouring down again and my left knee always aches in the rain.")
    # THEN the statement about the speaker is kept, the remark about the weather is not
    assert found == ["The user's left knee always aches in the rain."]


def test_a_named_or_quantified_thing_beside_a_first_person_clause_is_its_own_card() -> None:
    # GIVEN a first-person clause, then a clause about a thing that names itself (not "the rent")
    found = statements("We host everything on Kubernetes 1.29, every service ships through ArgoCD.")
    # THEN two cards
    assert found == ["The user hosts everything on Kubernetes 1.29.", "Every service ships through ArgoCD."]
    # AND a definite subject that may point back stays with its clause
    assert len(statements("I live in Porto, and the rent is cheap.")) == 1


def test_an_imperative_dont_after_facts_is_a_rule_of_its_own() -> None:
    found = extract(told("Our API is on FastAPI 0.110, and do not edit the generated client under gen/."))
    assert [(c.type, c.statement) for c in found] == [
        (MemoryType.FACT, "The user's API is on FastAPI 0.110."),
        (MemoryType.CONSTRAINT, "Do not edit the generated client under gen/."),
    ]
    # AND a soft "don't" ("don't worry about X") opens no rule
    assert all(
        c.type is not MemoryType.CONSTRAINT
        for c in extract(told("I use Vim, but don't worry about my dotfiles."))
    )


# --- in or on something named ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm in Year 9 at Westfield Academy.", "The user is in Year 9 at Westfield Academy."),
        ("We're on Node 20 for the whole monorepo.", "The user is on Node 20 for the whole monorepo."),
        ("I'm with Vodafone on a SIM-only plan.", "The user is with Vodafone on a SIM-only plan."),
    ],
)
def test_being_in_or_on_something_named_is_a_fact(text: str, expected: str) -> None:
    assert statements(text) == [expected]


@pytest.mark.parametrize("text", ["I'm in a meeting until three.", "I'm on my way to the station."])
def test_being_in_or_on_something_unnamed_is_not_kept(text: str) -> None:
    assert statements(text) == []


# --- verb forms ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We squash-merge every PR into main.", "The user squash-merges every PR into main."),
        (
            "I double-check every invoice against the PO.",
            "The user double-checks every invoice against the PO.",
        ),
        ("We self-host Gitea on a Hetzner box.", "The user self-hosts Gitea on a Hetzner box."),
    ],
)
def test_a_compound_verb_agrees_in_its_last_part(text: str, expected: str) -> None:
    assert statements(text) == [expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We run the Dublin marathon every October.", "The user runs the Dublin marathon every October."),
        ("I come from Cork originally.", "The user comes from Cork originally."),
    ],
)
def test_a_participle_that_is_a_base_form_agrees_after_its_subject(text: str, expected: str) -> None:
    assert statements(text) == [expected]


@pytest.mark.parametrize(
    "text", ["Need a new charger for a ThinkPad X1, the 65W one is fine.", "Need a plumber for the sink."]
)
def test_need_is_no_past_tense_so_a_need_for_now_is_no_fact(text: str) -> None:
    # GIVEN a need said to the agent without "I" ("Need ..." reads like "-ed", a past, to a naive rule)
    # THEN nothing is stored: it is a request for now, not something the user did
    assert statements(text) == []
    # AND a real past still is a fact
    assert statements("Needed a plumber for the sink in May.") == [
        "The user needed a plumber for the sink in May."
    ]


def test_a_condition_after_when_or_if_is_kept_not_cut_as_an_opinion() -> None:
    found = statements("My left knee aches when it's damp.")
    assert found == ["The user's left knee aches when it's damp."]
    # AND an opinion tail is still cut
    assert statements("I went to the Picos de Europa, it was amazing.") == [
        "The user went to the Picos de Europa."
    ]


# --- a state of now ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "The deploy pipeline is failing on the lint step.",
        "Our printer upstairs is not working again.",
        "my hamstrings are really tight",
        "I've got a splitting headache and I'm shattered.",
        "Came out lovely.",
        "It went really well, the kids loved it.",
        "all sorted, thanks",
    ],
)
def test_a_state_of_now_or_how_something_just_went_is_not_kept(text: str) -> None:
    # GIVEN something that will not matter in a month: a failure right now, a sore body, how a bake came out
    # THEN no card, and the reason says so
    assert statements(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "My back is always stiff after a long drive.",
            "The user's back is always stiff after a long drive.",
        ),
        (
            "Never merge while the nightly build is failing.",
            "Never merge while the nightly build is failing.",
        ),
        (
            "The Friday release keeps failing on the iOS job.",
            "The Friday release keeps failing on the iOS job.",
        ),
    ],
)
def test_a_habit_a_condition_or_a_recurring_failure_is_kept(text: str, expected: str) -> None:
    assert statements(text) == [expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Turned out great, 40 minutes at 200 was about right.",
            "The user found that 40 minutes at 200 was about right.",
        ),
        (
            "Worked a treat, the 10mm socket fits the sump plug on the Fiesta.",
            "The user found that the 10mm socket fits the sump plug on the Fiesta.",
        ),
    ],
)
def test_what_was_found_after_how_something_went_is_kept(text: str, expected: str) -> None:
    # GIVEN how something just went (passing), then what was found (a setting, a size: it lasts)
    # THEN the finding is kept, the outcome is not
    assert statements(text) == [expected]


def test_a_sign_off_after_a_statement_is_no_part_of_it() -> None:
    assert statements("I moved to Leeds in March, cheers.") == ["The user moved to Leeds in March."]
    assert "passing state" in reasons("The deploy pipeline is failing on the lint step.")


# --- a stated validity -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "until"),
    [
        ("My Netflix account is paused until the end of September.", datetime(2026, 10, 1, tzinfo=UTC)),
        ("The car park on Mill Street is shut until the start of August.", datetime(2026, 8, 1, tzinfo=UTC)),
        (
            "Our office in Ghent is closed until mid-July for the renovation.",
            datetime(2026, 7, 16, tzinfo=UTC),
        ),
        ("My library card is suspended till the end of March.", datetime(2027, 4, 1, tzinfo=UTC)),
    ],
)
def test_the_end_start_or_middle_of_a_named_month_is_a_stated_validity(text: str, until: datetime) -> None:
    # GIVEN a statement that holds until the end, start or middle of a named month (said on 10 June 2026)
    found = extract(told(text))
    # THEN its card expires then (a month already past this year is next year's)
    assert [c.valid_until for c in found] == [until]


# --- what an answer is about ----------------------------------------------------------------------------


def facts_of(*texts: str, agent: str | None = None) -> list[tuple[str | None, str]]:
    """(key, statement) of the user's messages `texts`, the agent asking `agent` before the last one."""
    events = [ev(f"m{i}", 10 * i, text=t) for i, t in enumerate(texts[:-1])]
    if agent is not None:
        events.append(ev("a1", 100, role="assistant", text=agent))
    events.append(ev("m9", 110, text=texts[-1]))
    return [(c.key, c.statement) for c in extract(events)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "can you find a case that fits my laptop? its a ThinkPad X1 Carbon",
            ("user.laptop", "The user's laptop is a ThinkPad X1 Carbon."),
        ),
        (
            "Who's my dentist again? Never mind, it's Dr. Okafor on Elm Road.",
            ("user.dentist", "The user's dentist is Dr. Okafor on Elm Road."),
        ),
    ],
)
def test_it_after_the_speakers_own_question_is_the_thing_the_question_named(
    text: str, expected: tuple[str, str]
) -> None:
    # GIVEN the user asking about a thing of theirs, then saying what "it" is in the same message
    # THEN the card says whose thing it is and what it is, keyed by the thing
    assert facts_of(text) == [expected]


@pytest.mark.parametrize(
    "text",
    [
        "Can you call my sister? It's her birthday.",  # names nothing
        "Can you look at my bike? Its chain is rusty.",  # a sentence of its own, not a value
    ],
)
def test_it_that_is_no_short_named_value_is_not_read_as_the_answer(text: str) -> None:
    assert all(not statement.startswith("The user's sister is") for _, statement in facts_of(text))
    assert all(not statement.startswith("The user's bike is") for _, statement in facts_of(text))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Could you put Amara's piano lessons in my diary? Saturdays at 10 with Mrs Obi, from next month.",
            "Amara's piano lessons are Saturdays at 10 with Mrs Obi, from July 2026.",
        ),
        (
            "Can you set a reminder for my bin collection? Every other Friday, the green one first.",
            "The user's bin collection is every other Friday, the green one first.",
        ),
    ],
)
def test_when_something_happens_after_asking_about_it_says_whose_it_is(text: str, expected: str) -> None:
    # GIVEN a request naming someone's thing, then only when it happens (no subject, no verb)
    # THEN the card names the thing the request named
    assert expected in [statement for _, statement in facts_of(text)]


def test_someones_thing_is_a_subject_a_statement_can_be_about() -> None:
    assert statements("Heads up, the school emailed: Priya's netball practice moves to Wednesdays at 4.") == [
        "Priya's netball practice moves to Wednesdays at 4."
    ]


def test_a_bare_value_after_the_agent_asks_which_one_it_is_says_what_was_asked() -> None:
    # GIVEN the user mentioning their new car, the agent asking "Which model is it?", a bare answer
    found = facts_of(
        "Help me pair my new car with my phone.",
        "Kia EV6, picked it up on Saturday.",
        agent="Which model is it?",
    )
    # THEN the answer is kept as the model
    assert ("user.model", "The user's model is Kia EV6, picked it up on Saturday.") in found


@pytest.mark.parametrize(
    "ask", ["Save that somewhere.", "Please remember this.", "Make a note of that for next time."]
)
def test_an_explicit_ask_to_remember_keeps_what_was_just_said_as_sure_as_a_note(ask: str) -> None:
    # GIVEN a statement, then an explicit ask to keep it
    plain = extract(told("My locker at the pool is number 112."))
    asked = extract(told(f"My locker at the pool is number 112. {ask}"))
    # THEN the same card, surer than a plain statement (as sure as an explicit note)
    assert [c.statement for c in asked] == [c.statement for c in plain]
    assert asked[0].confidence > plain[0].confidence
    # AND a part no rule parses is still kept when the user asks for it
    kept = statements(f"Bay 14, level 3, next to the lifts. {ask}")
    assert kept == ["Bay 14, level 3, next to the lifts."]


def test_a_state_that_holds_from_now_on_is_news_not_a_rule() -> None:
    # GIVEN "from now on" said of a state, not of what the agent should do
    found = extract(told("Sold the Ford last month, so it's the e-bike from now on."))
    # THEN it is a fact, its change kept whole
    assert [(c.type, c.statement) for c in found] == [
        (MemoryType.FACT, "The user sold the Ford in May 2026, so it's the e-bike from now on.")
    ]
    # AND a rule marked "from now on" is still a rule
    assert extract(told("Send the invoices to Ana from now on."))[0].type is MemoryType.CONSTRAINT
