"""Two sources giving one thing two values, reported in the conversation ("the price list says $35 a head, but
the booking page says $40"; "the two letters disagree: A from the bank, B from the insurer") and left open by
the user: two claims on one slot, each its source's and untrusted, never the user's fact; the user choosing
one ("the booking page is right") keeps that one on their word and leaves the other out; two values of two
things, or a value the agent read nowhere, make no such pair."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.disagreements import reported, values
from reverie.domain.dream import Candidate
from reverie.domain.events import Event
from reverie.domain.models import SourceKind, Trust
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 2, 9, 18, 0, tzinfo=UTC))
WHO = "Tomás Ferreira"
_MENU = ("files.read", "Spring menu\nSet lunch | Price | Notes\nThree courses | $35 | per head, drinks extra")
_PAGE = ("web.fetch", "Book a table\nSet lunch: three courses for $40 per person. Drinks are not included.")


def _looked_up(told: str, reply: str, *outputs: tuple[str, str]) -> list[Candidate]:
    """The user asks, each tool answers, the agent tells what it read, the user replies."""
    events: list[Event] = [S.ev("m0", 0, text="How much is the set lunch at Casa Rio?", speaker=WHO)]
    for n, (tool, output) in enumerate(outputs or (_MENU, _PAGE)):
        events.append(
            S.ev(f"r{n}", 1 + n, kind="tool_result", tool=tool, call_id=f"k{n}", ok=True, output=output)
        )
    events.append(S.ev("a1", 10, role="assistant", text=told))
    events.append(S.ev("m1", 11, text=reply, speaker=WHO))
    return S.extract(events)


def _with(found: list[Candidate], *values: str) -> list[Candidate]:
    return [c for c in found if any(v in c.statement for v in values)]


_TOLD = "The menu file says $35 a head, but the booking page says $40. Which should I quote?"


def test_two_tools_values_the_user_leaves_open_are_two_untrusted_claims_on_one_slot() -> None:
    # GIVEN two tool outputs giving the set lunch two prices, told as a disagreement, left open
    found = _with(_looked_up(_TOLD, "No clue, the owner wrote both. I'll ring her tomorrow."), "$35", "$40")
    # THEN each price is its own source's claim, on one slot, untrusted, citing the output it was read in
    assert len(found) == 2 and found[0].key is not None and found[0].key == found[1].key
    assert all(c.source.kind is SourceKind.TOOL for c in found)
    by_value = {("$35" in c.statement): c for c in found}
    assert "according to the menu file" in by_value[True].statement
    assert "$40 a head (according to the booking page)" in by_value[False].statement
    assert {r.event_id for r in by_value[True].evidence_refs} >= {"r0", "a1"}
    assert {r.event_id for r in by_value[False].evidence_refs} >= {"r1", "a1"}


@pytest.mark.parametrize(
    "reply",
    [
        "The booking page is right, they put prices up in January.",
        "Go with the booking page.",
        "It's $40 now.",
    ],
)
def test_the_user_choosing_one_source_keeps_that_value_on_their_word(reply: str) -> None:
    # GIVEN the same disagreement, settled by the user's reply
    found = _with(_looked_up(_TOLD, reply), "$35", "$40")
    # THEN only the booking page's value is kept, as the user's word; the other is left out
    assert len(found) == 1 and "$40" in found[0].statement
    assert found[0].source.kind is SourceKind.USER and found[0].source.trust is not Trust.LOW
    assert "m1" in {r.event_id for r in found[0].evidence_refs}


def test_a_source_said_to_be_wrong_leaves_the_other() -> None:
    found = _with(_looked_up(_TOLD, "Ah, the menu file is out of date."), "$35", "$40")
    assert [("$40" in c.statement) for c in found] == [True]


def test_pasted_messages_the_agent_says_disagree_are_their_senders_claims() -> None:
    # GIVEN the user pasting two people's messages giving one reference two ways, and the agent saying so
    pasted = (
        "Which policy number do I put on the claim form? Pasting both:\n\n"
        "> Karin wrote:\n> Hi Tomás, the policy is HX-58213, keep it handy.\n>\n"
        "> The insurer wrote:\n> Dear customer, your cover is held under policy HX-58231.\n\n"
        "No idea which one is the typo."
    )
    events = [
        S.ev("m0", 0, text=pasted, speaker=WHO),
        S.ev(
            "a1", 5, role="assistant", text="Those disagree: HX-58213 from Karin, HX-58231 from the insurer."
        ),
        S.ev("m1", 9, text="ok I'll check the paperwork at home", speaker=WHO),
    ]
    found = _with(S.extract(events), "HX-58213", "HX-58231")
    # THEN both are kept, each attributed to its sender, on one slot, on someone else's word
    assert len(found) == 2 and found[0].key == found[1].key is not None
    assert all(c.source.trust is Trust.LOW for c in found)
    assert any("HX-58231" in c.statement and "according to the insurer" in c.statement for c in found)


def test_the_users_own_report_of_two_sources_is_two_claims_said_whole() -> None:
    # GIVEN the user telling what two people said, the second elliptically, and not knowing who is right
    events = [
        S.ev("m0", 0, text="My GP says 2 weeks off running, but the physio says 6.", speaker=WHO),
        S.ev("a1", 5, role="assistant", text="That's quite a gap."),
        S.ev("m1", 9, text="yeah, no idea who to believe", speaker=WHO),
    ]
    found = _with(S.extract(events), "weeks")
    # THEN each is its speaker's claim about the same thing, said whole, on one slot
    assert sorted(c.statement for c in found) == [
        "2 weeks off running (according to Tomás Ferreira's GP)",  # never "my GP"
        "6 weeks off running (according to the physio)",
    ]
    assert found[0].key == found[1].key is not None


def test_a_thing_named_once_for_two_worded_values_is_two_claims_on_its_slot() -> None:
    # GIVEN the user telling two sources' days for one deadline, naming the deadline once
    events = [
        S.ev(
            "m0",
            0,
            text="My boss says the report deadline is Friday, but the brief says Monday.",
            speaker=WHO,
        ),
        S.ev("a1", 5, role="assistant", text="Worth checking."),
    ]
    found = _with(S.extract(events), "deadline")
    # THEN each day is its source's claim about the deadline, on one slot named for the deadline alone
    assert sorted(c.statement for c in found) == [
        "The report deadline is Friday (according to Tomás Ferreira's boss)",
        "The report deadline is Monday (according to the brief)",
    ]
    assert found[0].key == found[1].key and str(found[0].key).endswith("report_deadline")


def test_values_the_agent_read_nowhere_are_not_kept() -> None:
    # GIVEN the agent's report naming a value no output gave (its own words are no source)
    told = "The menu file says $35 a head, but the booking page says $45."
    found = _with(_looked_up(told, "Hmm, no idea."), "$45")
    assert found == []


@pytest.mark.parametrize(
    "sentence",
    [
        "The price list says $35 for adults, but the booking page says $20 for children.",
        "Your train leaves at 9:40, but the connection leaves at 10:15.",
        "The price list says $35 a head and includes a dessert.",
        "Your planner has the groomer on Monday 15 June, and the clinic's text says Friday 19 June.",
    ],
)
def test_two_values_of_two_things_are_no_disagreement(sentence: str) -> None:
    assert reported(sentence) is None


@pytest.mark.parametrize(
    ("sentence", "values"),
    [
        ("The price list says $35 a head, but the booking page says $40.", ("$35", "$40")),
        ("They don't match: the lease says 12 months, while the landlord's email says 6.", ("12", "6")),
        (
            "The two letters disagree: BK-4410 from the bank, BK-4401 from the insurer.",
            ("BK-4410", "BK-4401"),
        ),
        ("Same as last week: the tracker says 1,250 units, but the report says 1,205.", ("1,250", "1,205")),
        # a source that "confirms" its value says it as much as one that "says" it
        ("The invoice says €640 but the supplier's email confirms €610.", ("€640", "€610")),
    ],
)
def test_a_disagreement_names_each_sources_value(sentence: str, values: tuple[str, str]) -> None:
    found = reported(sentence)
    assert found is not None and (found.first.value, found.second.value) == values


@pytest.mark.parametrize(
    ("sentence", "values"),
    [
        ("The school calendar says Tuesday, the newsletter says Thursday.", ("Tuesday", "Thursday")),
        (
            "Her passport says Marie-Claire, but the booking says Marie Claire.",
            ("Marie-Claire", "Marie Claire"),
        ),
        # the first clause names the thing, the second gives its value alone
        ("My boss says the report deadline is Friday, but the brief says Monday.", ("Friday", "Monday")),
        ("My sister says the wedding is in Sintra, but my mum says Cascais.", ("Sintra", "Cascais")),
        ("Tom says the party is at Jo's, while Ana says at Mel's.", ("Jo's", "Mel's")),
    ],
)
def test_two_sources_saying_worded_values_are_a_disagreement(sentence: str, values: tuple[str, str]) -> None:
    found = reported(sentence)
    assert found is not None and (found.first.value, found.second.value) == values


@pytest.mark.parametrize(
    "sentence",
    [
        "Mum says yes, Dad says no.",  # no value of a thing: a yes and a no
        "The calendar says Tuesday at the Leeds office, the newsletter says Thursday.",  # more than a value
        "The portal says Tuesday, the app says Tuesday.",  # the same value
        "My boss says the deadline is Friday, but my calendar says Friday too.",  # agreeing
        "The doctor says my hip is fine, but the physio says otherwise.",  # no second value
    ],
)
def test_worded_clauses_that_give_no_two_values_of_one_thing_are_no_disagreement(sentence: str) -> None:
    assert reported(sentence) is None


def test_two_tools_worded_values_the_user_leaves_open_are_two_claims_on_one_slot() -> None:
    # GIVEN two tool outputs giving two shirt sizes in words, told as a disagreement, left open
    found = _with(
        _looked_up(
            "Your order history says Medium, the fitting notes say Large.",
            "No idea which is right, I'll try one on.",
            ("shop.orders", "Last order: linen shirt. Size: Medium. Colour: navy."),
            ("shop.fitting", "Fitting notes for Tomás: Size: Large, long sleeves."),
        ),
        "Medium",
        "Large",
    )
    # THEN each size is its own source's claim on one slot, citing the output it was read in
    assert len(found) == 2 and found[0].key is not None and found[0].key == found[1].key
    assert all(c.source.kind is SourceKind.TOOL for c in found)
    # AND the agent's "your order history" is the user's, not the agent's
    assert any("according to the user's order history" in c.statement for c in found)


def test_two_files_that_pin_and_require_two_versions_are_two_claims() -> None:
    # GIVEN two config files read, the agent saying one pins and the other requires another version
    files = [
        ("fs.read", "nodejs 18.19.0\npython 3.11.7"),
        ("fs.read", '{"name": "web", "engines": {"node": ">=20"}}'),
    ]
    told = "They disagree: .tool-versions pins Node 18.19.0, package.json requires 20 or newer."
    found = _with(
        _looked_up(told, "no idea which is current, I'll check with the team", *files), "18.19.0", "20"
    )
    # THEN each is its file's claim, on one slot
    assert len(found) == 2 and found[0].key == found[1].key
    # NEGATIVE: a version the agent read in no file makes no pair
    made_up = "They disagree: .tool-versions pins Node 18.19.0, package.json requires 22 or newer."
    assert _with(_looked_up(made_up, "no idea which is current", *files), "22") == []


def test_a_time_range_gives_its_start_as_the_sources_time() -> None:
    # GIVEN a calendar entry written as a range, an email giving the range's end as the start, told apart
    found = _with(
        _looked_up(
            "Your calendar says 14:00, but Jen's email says 15:00.",
            "Hmm, not sure which is right, I'll ask Jen.",
            ("calendar.lookup", "Thursday: Harlow Ltd review, 14:00-15:00."),
            ("mail.search", "Looking forward to seeing you at 15:00 on Thursday."),
        ),
        "15:00",
    )
    # THEN each source's time is its claim on one slot (the calendar's 15:00 only ends its range)
    assert len(found) == 2 and found[0].key is not None and found[0].key == found[1].key
    assert values("from 14:00-15:00 on Thursday") == ["14:00", "15:00"]
