"""Two sources giving one value in two writings ("net 30" / "45 days") disagree; two things' values do not."""

from __future__ import annotations

from reverie.adapters.local.rules.disagreements import reported


def test_one_value_written_with_a_unit_on_each_side_is_a_disagreement() -> None:
    # GIVEN an agent's report of a lease's length, each source writing it its own way
    found = reported("The portal says 12 months but the signed lease says 18 mo.")
    # THEN it is read as two values of one thing
    assert found is not None
    assert (found.first.value, found.second.value) == ("12", "18")
    assert (found.first.source, found.second.source) == ("the portal", "the signed lease")


def test_two_things_each_with_its_own_value_are_no_disagreement() -> None:
    # GIVEN two prices for two kinds of ticket
    # THEN nothing disagrees
    assert reported("The flyer says £12 for members, but the website says £18 for guests.") is None
