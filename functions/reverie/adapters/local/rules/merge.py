"""One candidate against its nearest current cards: add, fuse, supersede, no-op or conflict.

- Same slot (key): the same value is a no-op; the same value with more detail fuses; another value, or a
  reversal, is a change: latest wins (or a person decides). A taste's value is its direction ("loves" /
  "no longer likes"): more about a taste held the same way fuses.
- No shared slot: a denial of a card replaces it; a card saying as much makes a no-op; a statement
  about the same subject and the same specific thing ("loves jazz" / "goes to a jazz club every Friday")
  fuses into one card, and news about what a plan was for (done, cancelled, moved) supersedes the plan.

This module is the decision table: the order in which the rules are asked (`decide`). The rules live
apart: the slot's values (`by_slot`), the words of both (`by_text`), the subject and topic (`by_topic`),
what a statement points at when its words do not say (`pointed_at`), plans, losses and rules of their own.

Deterministic and order-independent: neighbours are considered in `memory_id` order, so the same
candidate and the same set of cards always give the same decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from reverie.adapters.local.rules.added_to import added_to
from reverie.adapters.local.rules.amount_now import amount_moved_on, size_now
from reverie.adapters.local.rules.bare_value import bare_value
from reverie.adapters.local.rules.by_slot import by_slot
from reverie.adapters.local.rules.by_text import by_text
from reverie.adapters.local.rules.by_topic import as_it_is_now, by_topic, plan_news
from reverie.adapters.local.rules.corrected_guess import corrected_guess
from reverie.adapters.local.rules.corrected_number import corrected_number
from reverie.adapters.local.rules.doses import dose_moved
from reverie.adapters.local.rules.ended_in_correction import ended_in_correction
from reverie.adapters.local.rules.found_later import found_later
from reverie.adapters.local.rules.held_it import stands_for_held
from reverie.adapters.local.rules.how_they_take_it import how_they_take_it
from reverie.adapters.local.rules.it_amount import it_amount_moved, stands_for_it_amount
from reverie.adapters.local.rules.keys import statement_key
from reverie.adapters.local.rules.levels import age_moved, count_moved, level_moved, rate_moved, size_grown
from reverie.adapters.local.rules.list_changes import list_change
from reverie.adapters.local.rules.listed_values import listed_value
from reverie.adapters.local.rules.losses import given_back, loss
from reverie.adapters.local.rules.membership_ended import membership_ended, place_switched
from reverie.adapters.local.rules.moved_day import day_moved, day_put_right, days_said_again
from reverie.adapters.local.rules.moved_everything import moved_everything
from reverie.adapters.local.rules.moved_over import moved_over
from reverie.adapters.local.rules.moved_them import moved_them
from reverie.adapters.local.rules.name_contrast import name_contrast
from reverie.adapters.local.rules.named_place import named_again, named_place
from reverie.adapters.local.rules.never_done import never_done
from reverie.adapters.local.rules.off_the_rota import off_the_rota
from reverie.adapters.local.rules.one_rule import same_rule
from reverie.adapters.local.rules.opposite_states import never_now, opposite_state
from reverie.adapters.local.rules.plan_changes import plan_moved, plan_went
from reverie.adapters.local.rules.plan_happened import plan_happened, plan_judged
from reverie.adapters.local.rules.plan_instead import unnamed_plan_moved
from reverie.adapters.local.rules.pointed_at import Pointer, Way, pointed_at
from reverie.adapters.local.rules.preferred_over import preferred_over
from reverie.adapters.local.rules.price_change import price_change
from reverie.adapters.local.rules.promoted import promotion
from reverie.adapters.local.rules.pronoun_contrast import contrast_on_held, stands_for_no_one, value_on_held
from reverie.adapters.local.rules.pursuit_ended import pursuit_ended
from reverie.adapters.local.rules.pursuits import the_pursuit
from reverie.adapters.local.rules.relationship_ended import relationship_ended
from reverie.adapters.local.rules.relatives import one_relative
from reverie.adapters.local.rules.renamed import renamed
from reverie.adapters.local.rules.respelled import spelling_put_right
from reverie.adapters.local.rules.role_vacated import role_vacated
from reverie.adapters.local.rules.rule_condition import rule_condition
from reverie.adapters.local.rules.rule_grounds import dislike_ruled, rule_grounds
from reverie.adapters.local.rules.rule_reason import same_reason
from reverie.adapters.local.rules.same_amount import same_amount
from reverie.adapters.local.rules.same_children import same_children
from reverie.adapters.local.rules.same_message import same_message_value
from reverie.adapters.local.rules.same_restriction import restriction_with_more, same_restriction
from reverie.adapters.local.rules.same_tool import same_tool
from reverie.adapters.local.rules.same_value import same_value
from reverie.adapters.local.rules.slot_ends import slot_ended
from reverie.adapters.local.rules.state_concluded import state_concluded
from reverie.adapters.local.rules.task_moved import task_moved
from reverie.adapters.local.rules.taste_lost import taste_lost
from reverie.adapters.local.rules.thing_moved import place_moved, thing_moved
from reverie.adapters.local.rules.thing_told_more import thing_told_more
from reverie.adapters.local.rules.time_bounds import same_bound
from reverie.adapters.local.rules.time_now import hour_now, route_now, time_instead
from reverie.adapters.local.rules.value_swap import with_value_swapped
from reverie.adapters.local.rules.verdicts import FUSED_MAX_CHARS, fused, join, replace
from reverie.adapters.local.rules.verdicts import decision as _decision
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType, ReviewStatus, Status
from reverie.domain.restatement import leaves, terms, what_is_left
from reverie.ports import MergeAction, MergeDecision

__all__ = ["FUSED_MAX_CHARS", "decide", "join"]

_Claim = TypeVar("_Claim", Candidate, MemoryCard)


def _one_rule(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The candidate is a held rule or procedure in other words (see `one_rule`)."""
    found = same_rule(candidate, cards)
    if found is None:
        return None
    how, card = found
    if how == "said" or candidate.type is MemoryType.PROCEDURE:  # one procedure per situation
        return _decision(MergeAction.NOOP, card, f"{card.memory_id} is the same rule or procedure")
    return fused(candidate, card, candidate.statement, f"the rule of {card.memory_id}, said with more")


def _slotted(claim: _Claim) -> _Claim:
    """A claim held or written without a slot, with the one its statement names ("Ingrid works at
    Spotify" → `ingrid.employer`): a direct write changes by the same rules as what was said."""
    if claim.key is not None or (key := statement_key(claim.statement)) is None:
        return claim
    return claim.model_copy(update={"key": key})


def decide(candidate: Candidate, neighbours: Sequence[MemoryCard]) -> MergeDecision:
    """What to do with `candidate` given the most similar current cards (see the module docstring). A card a
    person edited is never rewritten, whichever rule found it: news against it goes to a person (conflict),
    more of it is a no-op."""
    cards = sorted(
        (_slotted(c) for c in neighbours if c.status is not Status.SUPERSEDED), key=lambda c: c.memory_id
    )
    decided = _decide(candidate, cards)
    target = next((c for c in cards if c.memory_id == decided.target_id), None)
    if target is None or target.review_status is not ReviewStatus.EDITED:
        return decided
    if decided.action in (MergeAction.SUPERSEDE, MergeAction.RETIRE):
        return _decision(
            MergeAction.CONFLICT, target, f"{decided.reason}, but {target.memory_id} was edited by a person"
        )
    if decided.action is MergeAction.FUSE:
        return _decision(
            MergeAction.NOOP, target, f"{decided.reason}, but {target.memory_id} was edited by a person"
        )
    return decided


def _decide(candidate: Candidate, cards: list[MemoryCard]) -> MergeDecision:
    """`decide`, over the current cards in `memory_id` order."""
    candidate = _slotted(candidate)
    if candidate.correction_of:
        target = next((c for c in cards if c.named_by(candidate.correction_of)), None)
        if target is not None:
            if target.review_status is ReviewStatus.EDITED:
                return _decision(
                    MergeAction.CONFLICT, target, f"corrects {target.memory_id}, which a person edited"
                )
            return _decision(MergeAction.SUPERSEDE, target, f"corrects {target.memory_id}")
    # "he's in Year 5, not Year 4", "I meant HSBC, not Barclays": the card saying the value denied
    if (
        put_right := contrast_on_held(candidate, cards)
        or name_contrast(candidate, cards)
        or value_on_held(candidate, cards)
    ):
        return put_right
    pointer = pointed_at(candidate, cards)  # "that job we inherited", "the scope", the agent's note of it
    if pointer is not None and pointer.way in (Way.DEMONSTRATIVE, Way.PRONOUN):
        return _named_thing(candidate, cards, pointer)
    # a value said without its noun: "it's twelve hundred quid now", "I'm 20 weeks now", "the 7:55 instead"
    moved = (
        it_amount_moved(candidate, cards)
        or amount_moved_on(candidate, cards)
        or size_now(candidate, cards)
        or time_instead(candidate, cards)
        or hour_now(candidate, cards)
        or route_now(candidate, cards)  # "I get the 38 now" after "the 36 bus to work"
    )
    if moved:
        return moved
    if stands_for_held(candidate) or stands_for_it_amount(candidate):  # no one thing held that it can be
        return _decision(MergeAction.NOOP, None, "'it' stands for nothing held that is known")
    mine = terms(candidate.statement)
    decision = ended_in_correction(candidate, cards)  # "...; the atenolol was stopped": the card on it
    decision = decision or same_restriction(candidate, cards)  # "can't have lactose" / "lactose intolerant"
    decision = decision or loss(candidate, cards) or plan_moved(candidate, cards)  # "Pip died"; "the 9th"
    decision = decision or given_back(candidate, cards)  # "the ThinkPad's gone back"
    decision = decision or role_vacated(candidate, cards)  # "Kim retired": no longer the user's hairdresser
    decision = decision or state_concluded(candidate, cards)  # "had her baby" after "is pregnant"
    decision = decision or membership_ended(candidate, cards)  # "cancelled my PureGym membership"
    decision = decision or place_switched(candidate, cards)  # "switched gyms": not PureGym any more
    decision = decision or moved_them(candidate, cards)  # "moved her to Sunflowers nursery"
    decision = decision or task_moved(candidate, cards)  # "my husband does the school run now"
    decision = decision or spelling_put_right(candidate, cards)  # "it's spelled Claire": not Clare
    decision = decision or renamed(candidate, cards)  # "we renamed master to main"
    decision = decision or slot_ended(candidate, cards)  # "Mum moved into a care home", "Dad retired"
    decision = decision or opposite_state(candidate, cards)  # "started letting Pepper outside": not indoor
    decision = decision or never_now(candidate, cards)  # "became a coffee person": not "never touches coffee"
    decision = decision or promotion(candidate, cards)  # "promoted to senior engineer": still at Monzo
    decision = decision or relationship_ended(candidate, cards)  # "Dan and I broke up": Dan is no partner
    decision = decision or taste_lost(candidate, cards)  # "gone off flat whites": no go-to order now
    decision = decision or pursuit_ended(candidate, cards)  # "finished the Spanish course": not doing it now
    decision = decision or level_moved(candidate, cards)  # "Maya started Year 4" after "... is in Year 3"
    decision = decision or count_moved(candidate, cards)  # "has three cats now" after "has two cats"
    decision = decision or size_grown(candidate, cards)  # "team's grown to seven" after "a team of four"
    decision = decision or age_moved(candidate, cards)  # "Theo turned 7" after "Theo is 6"
    decision = decision or rate_moved(
        candidate, cards
    )  # "up to 30 miles a week" after "runs 20 miles a week"
    decision = decision or dose_moved(candidate, cards)  # "upped my citalopram to 30mg" after "20mg of ..."
    decision = decision or unnamed_plan_moved(candidate, cards)  # "Going Saturday 21 March instead"
    decision = decision or list_change(candidate, cards)  # "... now has oat bars instead of flapjacks"
    decision = decision or never_done(candidate, cards)  # "never been done" / "replaced on 11 May"
    decision = decision or thing_moved(candidate, cards)  # "the callback moved to https://.../v2"
    decision = decision or place_moved(candidate, cards)  # "The office has moved to King's Cross"
    decision = decision or moved_over(candidate, cards)  # "moved all my notes from Notion to Obsidian"
    decision = decision or day_moved(candidate, cards)  # "PT's moved to Wednesdays at 6pm"
    decision = decision or day_put_right(candidate, cards)  # "Release day is Thursday now, not Tuesday"
    decision = decision or days_said_again(
        candidate, cards
    )  # "Bins are Tuesday nights" / "... Monday nights"
    decision = decision or corrected_number(candidate, cards)  # "Correction, the local port is 3000"
    decision = decision or bare_value(candidate, cards)  # "Sorry, typo, it's BS3 4QF"
    decision = decision or moved_everything(candidate, cards)  # "moved everything to eu-central-1"
    decision = decision or off_the_rota(candidate, cards)  # "come off the on-call rota"
    if decision is None and candidate.key:
        decision = by_slot(candidate, cards, mine)
    if decision is None:
        decision = (
            plan_news(candidate, cards)
            or plan_went(candidate, cards)
            or plan_happened(candidate, cards)
            or plan_judged(
                candidate, cards
            )  # "Japan was amazing" after "planning a trip to Japan in October"
        )
    if decision is None:
        decision = (
            _one_rule(candidate, cards)
            or same_tool(candidate, cards)  # "manages deps with pnpm" / "always use pnpm for installs"
            or preferred_over(candidate, cards)  # "prefers email to calls" / "always email rather than ring"
            or same_bound(candidate, cards)  # "no calls before 10am" / "no meetings earlier than ten"
            or same_reason(candidate, cards)  # "allergic to peanuts, so ..." twice: one rule
            or rule_grounds(candidate, cards)  # "is coeliac" beside "no gluten for her: she is coeliac"
            or dislike_ruled(candidate, cards)  # "hates coriander" / "never put coriander in my recipes"
            or rule_condition(candidate, cards)
            or price_change(candidate, cards)
        )
    if decision is None:  # "The user's greenhouse tomatoes are ..." after "grows tomatoes in the greenhouse"
        decision = (
            thing_told_more(candidate, cards)
            or how_they_take_it(candidate, cards)  # "tea, two sugars"
            or named_place(candidate, cards)  # "at the Hillside food bank" after "at a food bank"
            or named_again(candidate, cards)  # "sings alto in the choir" after "sings in a community choir"
        )
    if decision is None:  # a listing's field against the card saying it in the person's words
        decision = listed_value(candidate, cards)
    if decision is None:
        decision = by_text(candidate, cards, mine)
    if decision is None:
        decision = by_topic(candidate, cards)
    if decision is None:
        decision = (
            same_message_value(candidate, cards)
            or _more_of(candidate, pointer, Way.RECORD)  # the agent's note of the same message
            or same_value(candidate, cards)  # "send it to Via Tortona 31" / "ship to Via Tortona 31"
            or same_amount(candidate, cards)  # "payable within 45 days" / "pays on 45-day terms"
            or the_pursuit(candidate, cards)  # "doing the swimming with me" after "started swimming"
            or added_to(candidate, cards)  # "on top of Duolingo I now take classes" after "... on Duolingo"
            or _more_of(candidate, pointer)  # "the scope is a 200P"; "training is Thursdays"
            or one_relative(candidate, cards)  # "Amma moved into X" / "Ravi's mum is a resident at X"
            or same_children(
                candidate, cards
            )  # "two kids, Ollie and Grace" / "children are Ollie (9) and ..."
            or found_later(candidate, cards)  # "account not found: 'X'", then "X's account manager: ..."
            or corrected_guess(candidate, cards)  # "that's wrong, it's my son" / the agent's "daughter ..."
            or restriction_with_more(candidate, cards)  # "has a peanut allergy, so no satay at the party"
        )
    if decision is None:
        decision = stands_for_no_one(candidate) or _decision(
            MergeAction.ADD, None, "nothing like it is known"
        )
    return with_value_swapped(candidate, cards, decision)  # "£40 not £45": the card put right


def _more_of(candidate: Candidate, pointer: Pointer | None, way: Way | None = None) -> MergeDecision | None:
    """A statement about the held card it points at (found `way`, when given), that nothing else decided:
    more of that card, or nothing new when the card already says it all."""
    if pointer is None or (way is not None and pointer.way is not way):
        return None
    if not pointer.adds:
        return _decision(MergeAction.NOOP, pointer.card, pointer.why)
    if as_it_is_now(candidate, pointer.card):  # "Quin's sister is in Leeds now": no more of "lives in Dubai"
        return replace(candidate, pointer.card, f"{pointer.why}, as it is now")
    left = what_is_left(candidate.statement)  # "has moved back from Dubai": the card's Dubai is left
    if left & terms(pointer.card.statement) and not leaves(pointer.card.statement):
        return replace(candidate, pointer.card, f"{pointer.why}, left")
    return fused(candidate, pointer.card, join(pointer.card.statement, pointer.statement), pointer.why)


def _named_thing(candidate: Candidate, cards: Sequence[MemoryCard], pointer: Pointer) -> MergeDecision:
    """A statement that names a held thing only by pointing back at it ("that job we inherited runs
    nightly", see `referents`) is judged with the thing named as the card names it: another value of it
    replaces the card, nothing else said of it makes it more of that card."""
    named = decide(candidate.model_copy(update={"statement": pointer.statement}), cards)
    if named.action is MergeAction.ADD:
        return fused(candidate, pointer.card, join(pointer.card.statement, pointer.statement), pointer.why)
    if named.action is MergeAction.SUPERSEDE and named.statement is None:
        return named.model_copy(update={"statement": pointer.statement})
    return named
