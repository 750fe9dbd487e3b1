"""Two people's or systems' words about one thing, left open by the user, kept as two claims that conflict:
a thing named as a heading and then called "it" ("my passport: Dad says it expires in July"), a notice the user
is unsure of ("the vet just texted that ..., no idea who's right"), a claim told on an earlier day ("Priya told
me this morning her ..."), and a record's date against a relayed one, reported by the agent as "30 November
(the portal) and 31 December (Marco)". What the user vouches for stays their news."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.topic_label import it_as_heading
from reverie.domain.events import Event
from reverie.domain.models import Source, SourceKind, Trust
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 9, 14, 18, 0, tzinfo=UTC))


def test_it_after_a_things_heading_is_that_thing() -> None:
    assert (
        it_as_heading("So, my passport", "Dad says it expires in July.")
        == "Dad says my passport expires in July."
    )
    assert S.statements("Right, the Volvo's insurance: my brother says it's due on 3 March.") == [
        "The Volvo's insurance is due on 3 March (according to their brother)."  # not "Brother"
    ]


def test_a_heading_that_is_no_thing_leaves_it_alone() -> None:
    assert it_as_heading("Tuesday", "it's raining all day.") == "it's raining all day."
    assert it_as_heading("My sister", "she says it is late.") == "she says it is late."


def test_a_notice_the_user_is_unsure_of_is_its_senders_claim() -> None:
    # GIVEN a text the user passes on, then doubts
    (found,) = S.extract(
        S.told("Weird, the vet just texted that Bella's booster is due in June. No idea who's right.")
    )
    # THEN the vet's claim, not the user's news, and the doubt itself is not kept
    assert found.statement == "Bella's booster is due in June (according to their vet)."
    assert found.source.trust is Trust.LOW


def test_a_notice_the_user_does_not_doubt_is_their_news() -> None:
    (found,) = S.extract(S.told("The landlord texted me that the rent goes up to £900 from 1 May."))
    assert "according to" not in found.statement and found.source.trust is not Trust.LOW


def test_two_claims_of_when_a_things_due_conflict_rather_than_fuse() -> None:
    # GIVEN one person's date for the Golf's service, held; WHEN another person's differs
    relayed = Source(kind=SourceKind.USER, trust=Trust.LOW)
    card = held("The Golf's service is due in March (according to Husband).").model_copy(
        update={"source": relayed}
    )
    claim = cand("The Golf's service is due in May, not March (according to Garage).")
    decision = decide(claim.model_copy(update={"source": relayed}), [card])
    # THEN neither is taken for the other: a conflict, not one card saying both (the service is no value)
    assert (decision.action, decision.target_id) == (MergeAction.CONFLICT, "m-1")


def test_a_claim_told_earlier_keeps_no_telling_day_and_names_its_teller() -> None:
    found = S.statements("Priya told me this morning her flight lands at 6:40 on Friday.")
    assert found == ["Priya's flight lands at 6:40 on Friday (according to Priya)."]


def test_her_in_a_second_claim_of_the_same_message_is_not_rewritten() -> None:
    found = S.statements("Tom says the party is at 7, and Ana says her party is at 8.")
    assert not any("Ana's party" in s for s in found)


_RECORD = '{"tenant": "Marco Bianchi", "unit": "B12", "contract_end": "2026-11-30"}'


def _unit_history(reply: str) -> list[Event]:
    return [
        S.ev("m0", 0, text="When does Marco's contract on unit B12 end?"),
        S.ev("r1", 1, kind="tool_result", tool="storage.portal", call_id="c1", ok=True, output=_RECORD),
        S.ev("a1", 2, role="assistant", text="The portal says Marco's contract ends on 30 November 2026."),
        S.ev("m1", 3, text=reply),
        S.ev(
            "a2",
            4,
            role="assistant",
            text="Noted; two dates disagree: 30 November (the portal) and 31 December (Marco).",
        ),
    ]


def test_a_records_date_and_a_relayed_one_reported_apart_are_two_claims_on_one_slot() -> None:
    found = [
        c
        for c in S.extract(
            _unit_history("Hmm, Marco told me his contract ends on 31 December. Not sure which is right.")
        )
        if "November" in c.statement or "2026-11-30" in c.statement or "December" in c.statement
    ]
    assert len(found) == 2 and found[0].key is not None and found[0].key == found[1].key
    assert {c.source.kind for c in found} == {SourceKind.TOOL, SourceKind.USER}
    assert all("according to" in c.statement for c in found)
