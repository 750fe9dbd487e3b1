"""Two people giving the user two values of one thing ("my aunt texted 'party 14/06 7pm' but Uncle Dev swears
it's 21/06"): each value is that person's claim, on one slot, and when the sentence gives them bare the thing
they are of is the one the message named just before ("Nana's 80th at the Lakeside Inn is in June"); the
sentence reporting them is not kept beside them. A value with a clause of its own, or no thing named before,
is left as it was."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.disagreements import reported
from reverie.adapters.local.rules.disputed_topic import bare, head, topic
from reverie.domain.dream import Candidate
from reverie.domain.models import SourceKind, Trust
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 5, 2, 9, 0, tzinfo=UTC))
WHO = "Lena Okafor"


def said(text: str) -> list[Candidate]:
    events = [
        S.ev("a0", 0, role="assistant", text="Anything to plan this week?"),
        S.ev("m1", 5, text=text, speaker=WHO),
    ]
    return S.extract(events)


def test_two_people_giving_two_bare_values_are_two_claims_on_the_thing_named_before() -> None:
    got = said(
        "Nana's 80th at the Lakeside Inn is in June. My aunt texted 'party 14/06 7pm' but Uncle Dev swears "
        "it's 21/06. Nobody can find the invite."
    )
    claims = [c for c in got if "14/06" in c.statement or "21/06" in c.statement]
    assert sorted(c.statement for c in claims) == [
        "Nana's 80th at the Lakeside Inn is 14/06 7pm (according to Lena Okafor's aunt)",  # never "my aunt"
        "Nana's 80th at the Lakeside Inn is 21/06 (according to Uncle Dev)",
    ]
    assert len({c.key for c in claims}) == 1 and all(c.source.trust is Trust.LOW for c in claims)
    assert all(c.source.kind is SourceKind.USER for c in claims)  # relayed: someone else's word, low trust


def test_people_saying_two_values_in_their_own_words() -> None:
    report = reported("my brother reckons the MOT is due 14/05, but the garage says 21/05 at 9am")
    assert report is not None
    assert (report.first.value, report.second.value) == ("14/05", "21/05")
    assert reported("Arjun is adamant it's 9:30, but Sam texted 10:15") is not None


def test_a_value_with_a_clause_of_its_own_or_no_thing_before_stays_as_reported() -> None:
    report = reported("my brother reckons the MOT is due 14/05, but the garage says 21/05")
    assert report is not None and not bare(report.first)  # "the MOT is due" names its thing
    assert topic(["The invite's gone missing, typical."]) is None  # says nothing is anything
    assert topic(["The quiz is on 3/05"]) is None  # gives a value already: no vague thing to pin down
    assert head("the school fair at St Anne's") == "the school fair"


def test_two_sources_giving_two_weekdays_for_what_happens_disagree() -> None:
    # GIVEN what happens on a day, then the other source's day alone
    found = reported(
        "The council website says recycling goes out on Thursday, but the bin calendar says Friday"
    )
    # THEN two claims on one thing: the first's, and the second's day for the same thing
    assert found is not None
    assert (found.first.value, found.second.value) == ("Thursday", "Friday")
    assert (found.first.source, found.second.source) == ("the council website", "the bin calendar")
    # NEGATIVE: the same day from both is no disagreement
    assert reported("The website says the market runs on Saturdays, but the flyer says Saturdays too") is None
