"""News the rules read in this session's histories: a diet said by what it rules out, a grown child moved back
home, a token given right after its name, and a relative who now does what the user did."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.keys import attribute_key
from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.same_restriction import same_restriction
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("diet", "said"),
    [
        ("The user is vegan.", "The user doesn't eat any animal products at all."),
        ("Ama is vegetarian.", "Ama doesn't eat meat."),
        ("The user is pescatarian.", "The user never eats beef."),
    ],
)
def test_a_diet_said_by_what_it_rules_out_is_the_same_fact(diet: str, said: str) -> None:
    # GIVEN a diet held; WHEN the same person says they do not eat what it rules out (or the other way round)
    decision = decide(cand(said), [held(diet, "user.diet")])
    # THEN nothing changes: the held card says it
    assert (decision.action, decision.target_id) == (MergeAction.NOOP, "m-1")
    assert same_restriction(cand(diet), [held(said)]) is not None


def test_a_further_restriction_on_a_diet_fuses_and_eating_what_it_rules_out_still_ends_it() -> None:
    card = held("Ama is vegetarian.", "user.diet")
    # GIVEN a vegetarian; WHEN she says she does not eat dairy either: one card says both
    more = decide(cand("Ama doesn't eat dairy."), [card])
    assert more.action is MergeAction.FUSE and more.statement == "Ama is vegetarian and doesn't eat dairy."
    # NEGATIVE: eating fish again is a change of diet, and a restriction on someone else is theirs
    assert (
        decide(cand("Ama has started eating fish again.", "user.diet"), [card]).action
        is MergeAction.SUPERSEDE
    )
    assert same_restriction(cand("Ama's son doesn't eat meat."), [card]) is None
    # ... and an allergy beside another thing is another restriction
    assert same_restriction(cand("Ama can't eat gluten."), [held("Ama is allergic to peanuts.")]) is None


def test_a_grown_child_moved_back_home_has_a_new_home() -> None:
    # GIVEN where a daughter lives; WHEN she moves back home to her parents
    card = held("The user's daughter Lily lives in Bristol.")
    (said,) = S.statements("Lily has moved back home with us for a while.")
    # THEN the new home replaces the old one
    assert decide(cand(said), [card]).action is MergeAction.SUPERSEDE
    assert attribute_key("we moved home to Devon", "user") == "user.home_city"
    # NEGATIVE: home for a weekend is no move
    (visit,) = S.statements("Lily is home for the weekend, she's doing her washing.")
    assert decide(cand(visit), [card]).action is not MergeAction.SUPERSEDE


def test_a_thing_named_again_with_the_is_the_one_held() -> None:
    from reverie.adapters.local.rules.named_place import named_again

    card = held("Fay sings in a community choir.")
    # GIVEN a choir introduced; WHEN the same person names it again as "the choir" with a detail
    decision = decide(cand("Fay sings alto in the choir."), [card])
    # THEN one card says both, in the held card's words
    assert (decision.action, decision.statement) == (MergeAction.FUSE, "Fay sings alto in a community choir.")
    gym = held("Fay goes to a gym near work.")
    assert named_again(cand("Fay does spin classes at the gym on Mondays."), [gym]) is not None
    # NEGATIVE: two choirs held (which one is not known), another person's, a time of day, a compound noun
    other = held("Fay also sings in a church choir.").model_copy(update={"memory_id": "m-2"})
    assert named_again(cand("Fay sings alto in the choir."), [card, other]) is None
    assert named_again(cand("Fay's son sings in the choir."), [card]) is None
    assert (
        named_again(cand("Fay swims in the morning."), [held("Fay swims in a lake in the morning.")]) is None
    )
    assert named_again(cand("Fay is friends with the choir director."), [card]) is None


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("I write all my code in VS Code.", "user.editor"),
        ("We do everything in Emacs", "user.editor"),
        ("I'm on a Pixel 8 now", "user.phone"),
        ("we're on Postgres now", "user.database"),
        # NEGATIVE: a language, a document tool and a plan are no tool from the list
        ("I code in Python", None),
        ("I'm on the Pro plan", None),
    ],
)
def test_the_tool_one_works_in_or_is_on_is_its_slot(said: str, key: str | None) -> None:
    assert attribute_key(said, "user") == key


def test_a_house_hunt_is_a_plan_that_ends_when_the_keys_are_got() -> None:
    # GIVEN a search said
    (hunt,) = S.extract(S.told("We're looking for a house to buy in Didsbury."))
    assert hunt.type is MemoryType.PLAN
    # WHEN the new house is spoken of: the plan is over
    plan = held(hunt.statement, type=MemoryType.PLAN)
    (keys,) = S.extract(S.told("We got the keys to our new house in Didsbury on Friday!"))
    assert (
        decide(keys.model_copy(update={"observed_at": keys.observed_at}), [plan]).action
        is MergeAction.SUPERSEDE
    )
    # NEGATIVE: looking for something to read is no plan
    assert all(c.type is not MemoryType.PLAN for c in S.extract(S.told("I'm looking for a new podcast.")))


def test_a_relatives_contracted_has_before_a_move_reads_as_news_of_their_home() -> None:
    card = held("The user's sister Nia lives in Cardiff.")
    # GIVEN where a sister lives; WHEN "Nia's just relocated" (has, not is)
    (said,) = S.statements("Nia's just relocated to Glasgow for work.")
    assert said.startswith("Nia has relocated to Glasgow")
    # THEN the new city replaces the old one
    assert decide(cand(said), [card]).action is MergeAction.SUPERSEDE


def test_an_event_called_off_ends_the_plan_it_was_for() -> None:
    plan = held("The user is getting married in September.", type=MemoryType.PLAN)
    # GIVEN a wedding planned; WHEN it is called off, in either order of words
    for said in ("The user has called the wedding off.", "The user called off the wedding because of money."):
        assert decide(cand(said, days=40), [plan]).action is MergeAction.SUPERSEDE
    # NEGATIVE: something else called off leaves the plan
    trip = held("The user is planning a trip to Rome in May.", type=MemoryType.PLAN)
    assert decide(cand("The user has called the wedding off.", days=40), [trip]).action is MergeAction.ADD


def test_a_day_put_right_against_another_replaces_the_one_card_naming_it() -> None:
    from reverie.adapters.local.rules.moved_day import day_put_right

    card = held("Ben deploys to production on Tuesdays.")
    # GIVEN a weekly day held; WHEN the thing is said to be on another day, "not" the held one
    decision = decide(cand("The release day is Thursday now, not Tuesday."), [card])
    # THEN the card takes the new day
    assert (decision.action, decision.statement) == (
        MergeAction.SUPERSEDE,
        "Ben deploys to production on Thursdays.",
    )
    # NEGATIVE: two cards name the day (which one is not known)
    bins = held("Ben's bins go out on Tuesdays.").model_copy(update={"memory_id": "m-2"})
    assert day_put_right(cand("The release day is Thursday now, not Tuesday."), [card, bins]) is None


def test_a_spelling_told_by_its_letters_puts_the_held_name_right() -> None:
    card = held("Kay's cat is called Cleo.")
    # GIVEN a cat's name; WHEN the speaker owns a mistake and spells the name by a letter
    (said,) = S.extract(S.told("I spelt it wrong, it's Clio with an i."))
    # THEN the held name is put right (and the letter is no "I" of the speaker's)
    assert decide(said, [card]).statement == "Kay's cat is called Clio."
    assert S.statements("My name starts with an i.") == ["The user's name starts with an I."]
    # NEGATIVE: "with a friend" spells nothing
    assert S.statements("It's Clio with a friend.") == []


def test_a_thing_opening_with_the_is_nobodys_name() -> None:
    # GIVEN a tool choice of Fed's held; WHEN more of it is said with the tool first ("The GitHub Actions ...")
    card = held("Fed's CI runs on GitHub Actions.", "fed.ci")
    decision = decide(cand("The GitHub Actions runners Fed uses are self-hosted on Hetzner."), [card])
    # THEN it is Fed's, and the two are one card
    assert decision.action is MergeAction.FUSE
    # NEGATIVE: another person's choice of the same tool is theirs
    assert decide(cand("Ana's CI runs on GitHub Actions too."), [card]).action is not MergeAction.NOOP


def test_coeliac_said_three_ways_is_one_condition() -> None:
    card = held("Har is coeliac so everything has to be gluten-free.")
    # GIVEN coeliac held (its "so" kept: the reason stays readable)
    assert S.statements("I'm coeliac so everything has to be gluten-free.") == [
        "The user is coeliac so everything has to be gluten-free."
    ]
    # WHEN it is said again as the disease, or as what cannot be eaten: nothing new
    for said in ("Har has coeliac disease.", "Har can't eat gluten."):
        assert decide(cand(said), [card]).action is MergeAction.NOOP
    # ... and an allergy said as a noun is the allergy held
    assert (
        decide(cand("Har has a peanut allergy."), [held("Har is allergic to peanuts.")]).action
        is MergeAction.NOOP
    )
    # NEGATIVE: another allergy is another restriction
    assert (
        decide(cand("Har has a sesame allergy."), [held("Har is allergic to peanuts.")]).action
        is MergeAction.ADD
    )


def test_a_provider_left_for_another_is_a_switch() -> None:
    card = held("The user's broadband is with Sky.", "user.broadband")
    # GIVEN a provider; WHEN the user left it for another
    (said,) = S.statements("We left Sky for Vodafone, it's half the price.")
    # THEN the new one replaces it
    assert decide(cand(said), [card]).action is MergeAction.SUPERSEDE
    # NEGATIVE: leaving a place in lower-case words is no switch between named things
    assert "switched" not in " ".join(S.statements("We left the party for home early."))


def test_a_things_contracted_has_before_its_own_change_splits_the_news() -> None:
    # GIVEN "the school's changed its hours, pick-up is 3:30 now" (has, then a clause of its own)
    kept = S.statements("The school's changed its hours, pick-up is 3:30 now.")
    # THEN both clauses are kept, the first read with "has"
    assert kept[0] == "The school has changed its hours." and "3:30" in kept[1]
    # NEGATIVE: a thing's own thing after "'s" stays possessive
    assert "has" not in " ".join(S.statements("The school's hours are 8:45 to 3:30."))


def test_a_settings_file_is_a_record_of_its_keys() -> None:
    from reverie.adapters.local.rules.outputs import read_output

    # GIVEN a .env pasted by a tool (its secret masked before)
    facts, _ = read_output(
        "# .env\nSTRIPE_SECRET_KEY=[REDACTED:api_key]\nCURRENCY=gbp\nWEBHOOK_PATH=/hooks/stripe"
    )
    # THEN each setting is a fact the agent may tell, the masked one none
    assert [f.statement for f in facts] == [
        "The config's currency: gbp",
        "The config's webhook path: /hooks/stripe",
    ]
    # NEGATIVE: a log's labelled lines and one line alone are no settings file
    assert read_output("Error: connection refused\nStatus: 500")[0] == []
    assert read_output("Deployed to production.")[0] == []
    # ... nor a message's capitalised labels (an invite, a mail header)
    assert not any("config" in f.statement for f in read_output("Invite: Dinner at 7\nFrom: Ana")[0])


def test_a_named_care_home_is_a_relatives_new_home() -> None:
    card = held("Mum still lives on her own in Hull.", "user.mother.home_city")
    # GIVEN where mum lives; WHEN she moves into a care home named by its name
    (said,) = S.statements("Mum moved into Rosewood care home last week.")
    assert attribute_key("Mum moved into Rosewood care home last week.", "user") == "user.mother.home_city"
    # THEN it replaces where she lived, not fused beside it
    assert decide(cand(said, "user.mother.home_city"), [card]).action is MergeAction.SUPERSEDE
    # NEGATIVE: moving into a new phase is no home
    assert attribute_key("Mum moved into a new phase of treatment.", "user") != "user.mother.home_city"


def test_a_relative_named_after_whose_they_are_is_the_person_the_name_says() -> None:
    # GIVEN "Ish's son Leo is allergic to dairy"; WHEN "Leo can't have any dairy": the same restriction of Leo
    leo = held("Ish's son Leo is allergic to dairy.")
    assert decide(cand("Leo can't have any dairy, he's allergic."), [leo]).action is MergeAction.NOOP
    # ... and a friend's pregnancy ends when she, named, has her baby
    hana = held("Elm's best friend Hana is pregnant, due in March.")
    assert decide(cand("Hana had a baby girl called Aiko.", days=70), [hana]).action is MergeAction.SUPERSEDE
    # NEGATIVE: another child's restriction is theirs
    assert same_restriction(cand("Mia can't have any dairy."), [leo]) is None


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Priya switched from law to history.", True),
        ("Lily started a new job in May.", True),
        # NEGATIVE: a move across a room names nothing that lasts
        ("Ana moved from the sofa to the chair.", False),
    ],
)
def test_someone_elses_changed_state_in_common_words_is_kept(said: str, kept: bool) -> None:
    assert bool(S.statements(said)) is kept
