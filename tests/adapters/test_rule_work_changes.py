"""Changes at work and in a developer's tools the rules read: a number put right in other words, everything moved
to another region, a meeting pushed back to another hour, a fact kept after an instruction in one sentence."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.corrected_number import corrected_number
from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.moved_everything import moved_everything
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


def test_a_number_put_right_in_other_words_replaces_the_one_card_naming_that_thing() -> None:
    card = held("The API runs on port 8080 locally.")
    # GIVEN a port held; WHEN the user opens with "Correction," and gives the port another way
    (said,) = S.extract(S.told("Correction, the API's local port is 3000."))
    assert said.type is MemoryType.CORRECTION
    # THEN the held port is replaced
    assert decide(said, [card]).action is MergeAction.SUPERSEDE
    # NEGATIVE: another thing's port, and two cards naming a port (which one is not known)
    other = cand("The worker's port is 3000.", type=MemoryType.CORRECTION)
    assert corrected_number(other, [card]) is None
    second = held("The API's debug port is 9229.").model_copy(update={"memory_id": "m-2"})
    assert (
        corrected_number(cand("The API's port is 3000.", type=MemoryType.CORRECTION), [card, second]) is None
    )


def test_everything_moved_to_a_region_replaces_the_region_held() -> None:
    card = held("The user's services run in eu-west-1.")
    # GIVEN a region held; WHEN everything moved to another
    decision = decide(cand("The user has moved everything to eu-central-1 for data residency."), [card])
    # THEN the card names the new region
    assert (decision.action, decision.statement) == (
        MergeAction.SUPERSEDE,
        "The user's services run in eu-central-1.",
    )
    # NEGATIVE: a code of another shape is another kind of thing
    ticket = held("The user's ticket is PAY-123.")
    assert moved_everything(cand("The user moved everything to eu-central-1."), [ticket]) is None


def test_a_meeting_pushed_back_to_another_hour_replaces_its_time() -> None:
    card = held("Standup is at 9:15 every morning.")
    # GIVEN a standup time; WHEN it is pushed back to "10 o'clock"
    decision = decide(cand("The user pushed standup back to 10 o'clock."), [card])
    # THEN it replaces the time held
    assert decision.action is MergeAction.SUPERSEDE
    # NEGATIVE: a thing moved to a room is no time
    assert decide(cand("The user moved the sofa to the lounge."), [card]).action is MergeAction.ADD


def test_a_fact_after_an_instruction_in_one_sentence_is_kept_apart() -> None:
    # GIVEN an instruction, a password and a fact in one sentence
    kept = S.statements("SSH to build-01 as deploy, password Tr33house!, and builds go in /srv/builds.")
    # THEN the fact is kept on its own, the password nowhere
    assert kept == ["Builds go in /srv/builds."]
    # NEGATIVE: the instruction alone is a request for now, not kept
    assert S.statements("SSH to build-01 as deploy.") == []


def test_coming_off_a_rota_ends_the_duty_held() -> None:
    from reverie.adapters.local.rules.off_the_rota import off_the_rota

    card = held("Bry is on call every other week.")
    # GIVEN a duty held; WHEN the same person came off its rota
    assert (
        decide(cand("Bry has come off the on-call rota completely."), [card]).action is MergeAction.SUPERSEDE
    )
    # ... or off a waiting list
    waiting = held("Mum is on the waiting list for a new hip.")
    assert off_the_rota(cand("Mum was taken off the waiting list."), [waiting]) is not None
    # NEGATIVE: another rota, and someone else's
    assert off_the_rota(cand("Bry has come off the cleaning rota."), [card]) is None
    assert off_the_rota(cand("Bry's wife has come off the on-call rota."), [card]) is None
