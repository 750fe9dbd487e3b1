"""What holds until an event ("until the move", "till the renovation is finished", "until my cast comes off")
ends when a later statement reports that event as happened; a birth reported is a baby's arrival. Other news
of the same thing, someone else's event, or a date limit are left alone."""

from __future__ import annotations

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held


@pytest.mark.parametrize(
    ("arrangement", "news"),
    [
        ("Until my cast comes off, Ines takes the tram to work.", "Ines's cast came off on Monday."),
        (
            "Till the renovation is finished, Omar sleeps at his brother's flat.",
            "The renovation is finished.",
        ),
        ("Until the move, Lee keeps his bike at his mum's.", "Lee moved into the new flat on Saturday."),
        ("Until Lee moves, Lee parks on Elm Street.", "Lee moved to Leeds."),
        ("Until the baby arrives, Rosa will work from home on Mondays.", "The baby arrived on 2 March."),
        (
            "Until the baby arrives, Rosa will work from home on Mondays.",
            "Rosa's daughter Mia was born on 2 March.",
        ),
        (
            "Until the baby arrives, Rosa will work from home on Mondays.",
            "Rosa gave birth to twins in March.",
        ),
    ],
)
def test_news_that_the_event_happened_ends_what_held_until_it(arrangement: str, news: str) -> None:
    # GIVEN an arrangement held until an event, WHEN a later statement reports the event as happened
    decision = decide(cand(news), [held(arrangement, type=MemoryType.PLAN)])
    # THEN the arrangement is over: the news supersedes it
    assert decision.action is MergeAction.SUPERSEDE
    assert "until an event" in decision.reason


@pytest.mark.parametrize(
    ("arrangement", "news"),
    [
        # the event still ahead, or only talked about
        ("Until the baby arrives, Rosa will work from home on Mondays.", "The baby is due on 20 March."),
        ("Until my cast comes off, Ines takes the tram to work.", "Ines's cast is itchy."),
        ("Until the move, Lee keeps his bike at his mum's.", "Lee's move is on 3 May."),
        # someone else's event
        ("Until the baby arrives, Rosa will work from home on Mondays.", "Tom's baby was born on Monday."),
        # a date limit is no event (it expires by its date)
        ("Until 1 June, Lee parks on Elm Street.", "Lee moved to Leeds."),
        # an event said not to have happened
        (
            "Till the renovation is finished, Omar sleeps at his brother's flat.",
            "The renovation is not finished.",
        ),
    ],
)
def test_other_news_leaves_what_holds_until_an_event(arrangement: str, news: str) -> None:
    decision = decide(cand(news), [held(arrangement, type=MemoryType.PLAN)])
    assert "until an event" not in decision.reason
