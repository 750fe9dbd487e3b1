"""Corrections and standing orders said the way chat says them: the value denied before the right one ("No, it's
not penicillin, I'm allergic to amoxicillin"), an apology of two clauses before the value put right, a rule whose
second half repeats the verb unsaid ("always tabs, never spaces"), an order about a whole kind of the user's things,
a phone traded in, the clock one keeps (not a place)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.value_swap import swapped
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


def test_a_value_denied_before_the_right_one_puts_the_held_card_right() -> None:
    # GIVEN an allergy held; WHEN the user denies it first and gives the right one after
    (said,) = S.extract(S.told("No, it's not penicillin, I'm allergic to amoxicillin."))
    assert said.statement == "The user is allergic to amoxicillin, not penicillin."
    # THEN the held allergy is replaced, not kept beside the new one
    decision = decide(said, [held("The user is allergic to penicillin.")])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")
    # the same order about a thing: the day denied, then the statement
    assert S.statements("It's not Tuesday, the bins go out on Wednesdays.") == [
        "The bins go out on Wednesdays, not Tuesday."
    ]
    # NEGATIVE: "it's not that" denies no value
    assert S.statements("It's not that, I'm just tired.") == []


def test_an_apology_of_two_clauses_then_the_value_puts_the_card_right_in_its_own_words() -> None:
    # GIVEN "Sorry, I mixed it up, her birthday is 14 March" against the birthday held
    (said,) = S.extract(S.told("Sorry, I mixed it up, her birthday is 14 March."))
    assert said.type is MemoryType.CORRECTION
    decision = decide(said, [held("The user's wife's birthday is 14 May.")])
    # THEN the card says whose birthday it is, with the date put right
    assert (decision.action, decision.statement) == (
        MergeAction.SUPERSEDE,
        "The user's wife's birthday is 14 March.",
    )
    # NEGATIVE: a card with two dates: which one "her" means is not known, the card is not rewritten with one
    both = held("The user's wife's birthday is 14 May and her brother's is 3 June.")
    assert (
        decide(said, [both]).statement
        != "The user's wife's birthday is 14 March and her brother's is 3 June."
    )


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I always indent with tabs, never spaces.", ["The user always indents with tabs, never spaces."]),
        ("I always drink tea, never coffee.", ["The user always drinks tea, never coffee."]),
        ("Use tabs for indentation in my code please.", ["Use tabs for indentation in the user's code."]),
        ("Write all my emails in British English.", ["Write all the user's emails in British English."]),
        # NEGATIVE: one thing of theirs, or this one, is the task at hand
        ("Use tabs in my email to Sam.", []),
        ("Use my docs folder for this.", []),
    ],
)
def test_a_rule_said_in_two_halves_and_an_order_for_a_whole_kind_of_things_are_kept_whole(
    said: str, kept: list[str]
) -> None:
    assert S.statements(said) == kept


def test_a_phone_traded_in_is_no_choice_of_that_phone() -> None:
    # GIVEN the phone held; WHEN it is traded in
    decision = decide(cand("The user traded the Pixel in."), [held("The user is on a Pixel 7.")])
    # THEN the card saying it is the phone is replaced, not fused with its end
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")
    # NEGATIVE: a case bought for it says more about the same phone
    assert decide(cand("The user bought a Pixel case."), [held("The user is on a Pixel 7.")]).action is (
        MergeAction.FUSE
    )


def test_the_clock_one_keeps_is_the_timezone_not_the_home_city() -> None:
    (zone,) = S.extract(S.told("I'm based in Singapore time."))
    assert zone.key == "user.timezone"
    # NEGATIVE: where one is based is still the home
    (home,) = S.extract(S.told("I'm based in Leeds."))
    assert home.key != "user.timezone"


def test_a_correction_labelled_so_with_a_colon_puts_the_number_right_though_words_stand_between() -> None:
    # GIVEN "Correction: it's flat 21, Oak House, not 12" (the number given, the house named, then the one denied)
    (said,) = S.extract(S.told("Correction: it's flat 21, Oak House, not 12."))
    assert said.type is MemoryType.CORRECTION
    # THEN the address held is put right in its own words
    decision = decide(said, [held("The user lives at flat 12, Oak House.")])
    assert (decision.action, decision.statement) == (
        MergeAction.SUPERSEDE,
        "The user lives at flat 21, Oak House.",
    )
    # NEGATIVE: a time denied is put as the time given, not as the room number said between them
    moved = decide(
        cand("The meeting is at 3pm in room 4, not 2pm.", type=MemoryType.CORRECTION),
        [held("The meeting is at 2pm in room 4.")],
    )
    assert moved.statement == "The meeting is at 3pm in room 4."
    # NEGATIVE: three numbers before the one denied: which is given is not plain, no number is swapped in
    assert swapped("The Golf takes 0W-20 (VW 508 00), not 5W-30.", "Kofi's Golf takes 5W-30.") != (
        "Kofi's Golf takes 00."
    )


def test_a_person_said_again_with_the_right_value_puts_the_held_card_right() -> None:
    # GIVEN the agent's note of the daughter's school; WHEN "She doesn't go to St Anne's, she goes to St Mark's"
    (said,) = S.extract(S.told("She doesn't go to St Anne's, she goes to St Mark's."))
    assert said.statement == "She goes to St Mark's, not St Anne's."
    decision = decide(said, [held("The user's daughter goes to St Anne's.")])
    # THEN the card says whose school it is, put right
    assert (decision.action, decision.statement) == (
        MergeAction.SUPERSEDE,
        "The user's daughter goes to St Mark's.",
    )
    # NEGATIVE: another verb says more than a value ("doesn't like it, loves it"): nothing to keep
    assert S.statements("She doesn't like it, she loves it.") == []


def test_a_service_said_bare_is_the_speakers_own() -> None:
    (said,) = S.extract(S.told("Broadband is with Zen Internet now."))
    assert (said.key, said.statement) == ("user.broadband", "The user's broadband is with Zen Internet now.")
    # NEGATIVE: someone else's service is theirs
    (mum,) = S.extract(S.told("Mum's broadband is with BT."))
    assert mum.key != "user.broadband"


def test_a_pet_named_with_a_word_before_it_is_had_no_more_when_it_dies() -> None:
    # GIVEN "Gus's old cat Smudge is 16"; WHEN Smudge passed away
    decision = decide(cand("Smudge passed away in the spring."), [held("Gus's old cat Smudge is 16.")])
    # THEN the card saying Gus has Smudge is replaced
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")
    # NEGATIVE: a card about Smudge's vet is no card of having him
    assert decide(
        cand("Smudge passed away in the spring."), [held("Gus's vet for Smudge is Dr Ng.")]
    ).action is (MergeAction.ADD)


def test_what_one_has_since_done_is_kept_with_its_slot() -> None:
    assert S.statements("We've since adopted a kitten called Pepper.") == [
        "The user has since adopted a kitten called Pepper."
    ]
    (moved,) = S.extract(S.told("I have since moved to Leeds."))
    assert moved.key == "user.home_city"


def test_a_pause_then_no_and_an_admission_after_make_a_correction_at_a_sessions_start() -> None:
    # GIVEN a session opening with "Wait, no, bins are Tuesday nights, I always get that wrong"
    (said,) = S.extract([S.ev("m1", 5, text="Wait, no, bins are Tuesday nights, I always get that wrong.")])
    assert (said.type, said.statement) == (MemoryType.CORRECTION, "Bins are Tuesday nights.")
    # THEN it replaces the day held, said in other words
    decision = decide(said, [held("Bins go out on Monday nights.")])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


@pytest.mark.parametrize(
    ("said", "card", "action"),
    [
        (
            "Yus is in the office Mondays, Wednesdays and Fridays now.",
            "Yus is in the office Tuesdays and Thursdays.",
            MergeAction.SUPERSEDE,
        ),
        # NEGATIVE: a day added is more of the same habit; another habit on another day is another card
        ("Yus is in the office on Mondays too.", "Yus is in the office on Tuesdays.", MergeAction.FUSE),
        ("Yus swims on Mondays.", "Yus runs on Tuesdays.", MergeAction.ADD),
        # NEGATIVE: one day's outing is no habit moved
        ("Yus went to the office on Monday.", "Yus is in the office on Tuesdays.", MergeAction.ADD),
    ],
)
def test_the_same_habit_said_on_other_days_has_moved_to_them(
    said: str, card: str, action: MergeAction
) -> None:
    assert decide(cand(said), [held(card)]).action is action


def test_an_amount_that_went_up_is_the_new_amount_from_the_day_it_starts() -> None:
    # GIVEN "Landlord put the rent up, it's £1,275 from next month" (said on 10 February 2027)
    (said,) = S.extract(S.told("Landlord put the rent up, it's £1,275 from next month."))
    # THEN it is the rent's new value, in its slot, from 1 March
    assert (said.key, said.statement) == ("user.rent", "From 1 March 2027, the user's rent is £1,275.")
    assert said.valid_from is not None and (said.valid_from.month, said.valid_from.day) == (3, 1)
    rent = [c for c in S.extract(S.told("Our rent went up, it's £1,275 now.")) if c.key]
    assert [(c.key, c.statement) for c in rent] == [("user.rent", "The user's rent is £1,275 now.")]
    # NEGATIVE: someone else's rent, and a rise with no figure, are no new value of the user's
    assert all(c.key != "user.rent" for c in S.extract(S.told("Mum's rent went up to £900.")))
    assert S.statements("Prices went up, it's crazy.") == []


def test_a_rule_is_kept_without_the_courtesy_after_it() -> None:
    assert S.statements("No meetings before ten in the morning please.") == [
        "No meetings before ten in the morning."
    ]
    assert S.statements("Never call me before 9, thanks.") == ["Never call the user before 9."]


@pytest.mark.parametrize(
    ("said", "card", "action"),
    [
        (
            "Work gave Ulr a MacBook Pro, the ThinkPad has gone back.",
            "Ulr's laptop is a ThinkPad X1.",
            MergeAction.SUPERSEDE,
        ),
        ("Ulr returned the Kindle.", "Ulr reads on a Kindle Paperwhite.", MergeAction.SUPERSEDE),
        # NEGATIVE: a thing taken somewhere, or coming back from a place, is still had
        ("Ulr took the ThinkPad to the repair shop.", "Ulr's laptop is a ThinkPad X1.", MergeAction.ADD),
        ("Ulr returned from the Lakes.", "Ulr loves the Lakes.", MergeAction.ADD),
    ],
)
def test_a_thing_given_back_is_had_no_more(said: str, card: str, action: MergeAction) -> None:
    assert decide(cand(said), [held(card)]).action is action


def test_an_offer_on_a_house_ends_when_the_keys_are_got() -> None:
    decision = decide(
        cand("Bo got the keys to the Didsbury house on 15 March 2027."),
        [held("Bo has put an offer in on a house in Didsbury.")],
    )
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")
    # NEGATIVE: another person's keys end no offer of Bo's
    assert decide(
        cand("Bo's sister got the keys to her flat."),
        [held("Bo has put an offer in on a house in Didsbury.")],
    ).action is not (MergeAction.SUPERSEDE)


def test_a_place_said_first_with_when_after_is_said_of_the_person() -> None:
    assert S.statements("At the shelter I mostly walk the dogs, Saturday mornings.") == [
        "The user mostly walks the dogs at the shelter, Saturday mornings."
    ]
    decision = decide(
        cand("Wil mostly walks the dogs at the shelter, Saturday mornings."),
        [held("Wil volunteers at the animal shelter.")],
    )
    assert decision.action is MergeAction.FUSE


def test_a_value_said_ahead_keeps_only_the_new_value() -> None:
    # GIVEN on 10 February "from next week my Tuesday swim is 06:45 to 07:45 instead of 18:30"
    (said,) = S.extract(S.told("From next week my Tuesday swim is 06:45 to 07:45 instead of 18:30."))
    # THEN the card says the new time from the day it starts; the old one stays the held card's until then
    assert said.statement == "From 15 February 2027, the user's Tuesday swim is 06:45 to 07:45."
    assert said.valid_from is not None


def test_it_is_this_not_that_puts_right_the_one_card_saying_that() -> None:
    # GIVEN the agent's note that the partner is his wife; WHEN "It's my husband, not my wife"
    (said,) = S.extract(S.told("It's my husband, not my wife."))
    decision = decide(said, [held("The user's partner is his wife.")])
    assert (decision.action, decision.statement) == (
        MergeAction.SUPERSEDE,
        "The user's partner is his husband.",
    )
    # a room number with a point in it is one value
    (room,) = S.extract(S.told("It's in 3.21, not 3.12."))
    moved = decide(room, [held("The user's finance meeting is in room 3.12.")])
    assert moved.statement == "The user's finance meeting is in room 3.21."
    # NEGATIVE: the sister's wife is never the card put right
    sister = held("The user's sister lives with her wife.").model_copy(update={"memory_id": "m-2"})
    assert decide(said, [held("The user's partner is his wife."), sister]).target_id != "m-2"


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("The kids get the bus to school.", [("The user's kids get the bus to school.", None)]),
        ("The boss is a guy called Graham.", [("The user's boss is a guy called Graham.", "user.manager")]),
        (
            "Graham's retired, the new boss is Fatima.",
            [("Graham is retired.", None), ("The user's new boss is Fatima.", "user.manager")],
        ),
        # NEGATIVE: the kids of someone's class are not the user's
        ("The kids in my class are loud.", [("The kids in the user's class are loud.", None)]),
    ],
)
def test_the_people_of_ones_own_life_said_with_the_are_ones_own(
    said: str, kept: list[tuple[str, str | None]]
) -> None:
    assert [(c.statement, c.key) for c in S.extract(S.told(said))] == kept


def test_a_dotted_name_does_not_end_a_sentence_and_tickets_for_a_day_hold_until_it() -> None:
    # "Fontaines D.C. were incredible": never "the user was incredible"
    assert all("user was" not in s for s in S.statements("Fontaines D.C. were incredible last night."))
    (tickets,) = S.extract(S.told("We've got tickets for Fontaines D.C. on 4 November."))
    assert tickets.type is MemoryType.PLAN and tickets.valid_until is not None
    assert (tickets.valid_until.month, tickets.valid_until.day) == (11, 5)
    # NEGATIVE: a dotted name followed by a capital starts the next sentence
    assert S.statements("I moved to the U.S. My wife is from Ohio.") == [
        "The user moved to the U.S.",
        "The user's wife is from Ohio.",
    ]


def test_work_on_a_thing_ends_when_the_thing_is_done() -> None:
    (done,) = S.extract(S.told("Bathroom's done, finally!"))
    assert done.statement == "The user's bathroom is done, finally."
    decision = decide(
        cand("Ozz's bathroom is done, finally."),
        [held("Ozz is having the bathroom retiled in February 2027.")],
    )
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")
    # NEGATIVE: another room, or someone else's bathroom, ends nothing
    for other in ("Ozz's kitchen is done.", "Ozz's sister's bathroom is done."):
        assert decide(
            cand(other), [held("Ozz is having the bathroom retiled in February 2027.")]
        ).action is not (MergeAction.SUPERSEDE)


def test_someone_who_stopped_the_work_of_their_role_holds_it_no_more() -> None:
    coach = held("Quo's running coach is Dev.", key="quo.running_coach")
    assert decide(cand("Dev has stopped coaching."), [coach]).action is MergeAction.SUPERSEDE
    # NEGATIVE: a card that only names Dev is no role of his
    assert decide(cand("Dev has stopped coaching."), [held("Quo likes Dev.")]).action is MergeAction.ADD


def test_a_thing_moved_then_its_value_as_it_is_the_value_now_in_its_slot() -> None:
    (moved,) = S.extract(S.told("The delivery got moved, it's Friday 2-4pm now."))
    assert (moved.key, moved.statement) == ("user.delivery", "The user's delivery is Friday 2-4pm now.")
    # the slot asked as "my delivery slot" is the same slot
    asked = held("Order 5521: delivery Thursday 9-11am.", key="user.delivery_slot")
    assert decide(cand(moved.statement, key="user.delivery"), [asked]).action is MergeAction.SUPERSEDE
    # NEGATIVE: "it's crazy" gives no value
    assert S.statements("Prices went up, it's crazy.") == []


def test_a_households_money_and_chores_said_bare_are_the_users() -> None:
    assert S.statements("My IBAN is GB33BUKB20201555555555, and rent goes out on the 3rd.") == [
        "The user's rent goes out on the 3rd."
    ]
    assert S.statements("Bins go out on Monday nights.") == ["The user's bins go out on Monday nights."]
    # NEGATIVE: how the rent is, said bare, is no arrangement of it
    assert S.statements("The rent is fine too.") != ["The user's rent is fine too."]


def test_rooms_of_their_own_end_a_shared_bedroom_and_bedtime_moved_is_the_bed_time() -> None:
    shared = held("Uma's twins share a bedroom.")
    decision = decide(cand("Uma's twins have their own rooms now that Uma has done the loft."), [shared])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")
    # NEGATIVE: Uma's own room is no news of the twins'
    assert decide(cand("Uma has her own room now."), [shared]).action is MergeAction.ADD
    bed = decide(cand("Bedtime has moved to 8 now they're older."), [held("Par's kids go to bed at 7:30.")])
    assert bed.action is MergeAction.SUPERSEDE
    # NEGATIVE: a time of the gym is no bedtime
    assert decide(
        cand("Bedtime has moved to 8 now they're older."), [held("Par goes to the gym at 7:30.")]
    ).action is (MergeAction.ADD)


def test_what_became_of_someone_then_the_speakers_news_are_two_statements() -> None:
    assert S.statements("Dev's stopped coaching, I'm training with Abi now.") == [
        "Dev has stopped coaching.",
        "The user is training with Abi now.",
    ]
    # NEGATIVE: how a trip went and what was seen on it stay one
    assert len(S.statements("Iceland was incredible, we saw the northern lights.")) == 1
    # a day put right said bare is the speaker's, whoever the held card names them as
    fixed = decide(
        cand("Bins are Tuesday nights.", type=MemoryType.CORRECTION),
        [held("Jas's bins go out on Monday nights.")],
    )
    assert (fixed.action, fixed.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_a_task_taken_over_by_someone_else_is_theirs_now() -> None:
    school_run = held("Cade does the school run every morning.")
    said = cand("Cade's partner's taken over the school run since Cade started the new job.")
    assert decide(said, [school_run]).action is MergeAction.SUPERSEDE
    # NEGATIVE: another task held is not the one taken over
    assert decide(said, [held("Cade does the food shop every week.")]).action is not MergeAction.SUPERSEDE


def test_what_one_does_tonight_holds_until_the_day_ends() -> None:
    (tonight,) = S.extract(S.told("Tonight I'm cooking for eight, scale the recipe up."))
    assert tonight.valid_until is not None and (tonight.valid_until.month, tonight.valid_until.day) == (2, 11)


def test_what_follows_a_secret_of_ones_thing_is_said_of_the_thing() -> None:
    assert S.statements("My server's root password is Tr0ub4dor&3 and it runs Debian 12 on Hetzner.") == [
        "The user's server runs Debian 12 on Hetzner."
    ]
    # NEGATIVE: the password is in no statement
    assert all("Tr0ub4dor" not in s for s in S.statements("My server's root password is Tr0ub4dor&3."))


def test_a_new_jobs_first_day_is_the_employer_from_that_day() -> None:
    (job,) = S.extract(S.told("I start my new job at Arup on Monday."))
    assert (job.key, job.statement) == ("user.employer", "From 15 February 2027, the user works at Arup.")
    assert job.valid_from is not None
    # NEGATIVE: a start time is no employer
    assert all(c.key != "user.employer" for c in S.extract(S.told("I start at 9 on Monday.")))


def test_hours_changed_replace_the_working_pattern_and_a_cancellation_by_whom_ends_the_plan() -> None:
    hours = decide(
        cand("Zol's hours have changed to 8 till 4.", key="zol.hours"),
        [held("Zol works 9 to 5.", key="zol.shift_pattern")],
    )
    assert hours.action is MergeAction.SUPERSEDE
    dentist = held("Ils has got the dentist on 12 May.", type=MemoryType.PLAN)
    assert (
        decide(cand("Dentist cancelled on Ils, need to rebook."), [dentist]).action is MergeAction.SUPERSEDE
    )
    # NEGATIVE: the plumber cancelling ends no dentist
    assert decide(cand("The plumber cancelled on Ils."), [dentist]).action is MergeAction.ADD


def test_a_relatives_thing_then_the_speakers_habit_are_two_statements() -> None:
    assert S.statements("Mum's care home is Oakwood House in Harrogate, I visit on Sundays.") == [
        "The user's mum's care home is Oakwood House in Harrogate.",
        "The user visits on Sundays.",
    ]
    # NEGATIVE: when something is done, after what it is done at, stays with it
    assert len(S.statements("I joined a tennis club in Harrow, we play on Sunday mornings.")) == 1


def test_cutting_something_out_and_a_group_grown_change_the_held_card() -> None:
    tea = held("Tia drinks their tea with milk and two sugars.")
    assert (
        decide(cand("Tia has cut sugar out, milk in their tea now."), [tea]).action is MergeAction.SUPERSEDE
    )
    team = decide(cand("Uzo's team's grown to seven people."), [held("Uzo manages a team of four.")])
    assert (team.action, team.statement) == (MergeAction.SUPERSEDE, "Uzo manages a team of seven.")
    # NEGATIVE: someone else's team, and something cut out that the card does not name, change nothing
    assert decide(
        cand("Uzo's sister's team's grown to seven people."), [held("Uzo manages a team of four.")]
    ).action is (MergeAction.ADD)
    assert decide(cand("Tia has cut sugar out."), [held("Tia loves the Lakes.")]).action is MergeAction.ADD


def test_what_became_of_a_sale_then_what_the_speaker_does_about_it() -> None:
    # GIVEN "The flat sale fell through, so we're staying put for now" (the second half passing, "for now")
    assert S.statements("The flat sale fell through, so we're staying put for now.") == [
        "The user's flat sale fell through."
    ]
    # THEN the sale under way is over; a sale of another thing ends nothing
    selling = held("Ben is selling their flat in Leith.")
    assert decide(cand("Ben's flat sale fell through."), [selling]).action is MergeAction.SUPERSEDE
    assert decide(cand("Ben's car sale fell through."), [selling]).action is MergeAction.ADD


def test_how_to_address_the_user_before_a_fact_is_kept_beside_it() -> None:
    assert S.statements("Call me Sam, and my pronouns are they/them.") == [
        "The user prefers to be called Sam.",
        "The user's pronouns are they/them.",
    ]
    # NEGATIVE: a request for now before a fact is still left out
    assert S.statements("Remind me to send Ana a card, her birthday is 3 May.") == [
        "Ana's birthday is 3 May."
    ]
