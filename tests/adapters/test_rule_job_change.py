"""A change of job told by the user replaces the employer a record gave, also when the record names the user
in full; handing in one's notice is news of the employer."""

from __future__ import annotations

from reverie.adapters.local.rules.keys import attribute_key, same_slot
from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.records import record_fields
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held


def test_handing_in_ones_notice_is_news_of_the_employer() -> None:
    assert attribute_key("I've handed in my notice at Copperleaf Foods.", "u") == "u.employer"
    assert attribute_key("I handed my notice in on Friday.", "u") == "u.employer"
    # a notice someone else gives is not the speaker's job
    assert attribute_key("The landlord gave us notice to leave.", "u") is None


def test_a_record_naming_the_user_in_full_is_the_users_slot() -> None:
    # GIVEN a record of "Amara Okafor" in the memory of the user "amara"
    assert same_slot("amara_okafor.job_title", "amara.job_title", "amara")
    assert same_slot("amara_okafor.job_title", "user.job_title", "amara")
    # THEN someone else's record, or another attribute, is not
    assert not same_slot("bola_okafor.job_title", "amara.job_title", "amara")
    assert not same_slot("amara_okafor.job_title", "amara.employer", "amara")
    assert not same_slot("amaranth.job_title", "amara.job_title", "amara")


def test_a_records_current_employer_field_is_the_employer_slot() -> None:
    fields = record_fields({"name": "Amara Okafor", "current_employer": "Copperleaf Foods", "title": "Buyer"})
    assert [f.key for f in fields] == ["amara_okafor.employer", "amara_okafor.job_title"]


def test_a_new_employer_replaces_the_one_a_record_gave() -> None:
    # GIVEN a CRM record's employer of the user "u", named in full
    old = held("U Okafor's current employer: Copperleaf Foods.", "u_okafor.employer")
    # WHEN the user later says they left it and where they work now
    said = "I handed in my notice at Copperleaf, and since 1 June I'm working at Harbourline Shipping."
    news = cand(
        "U handed in their notice at Copperleaf; since 1 June U works at Harbourline Shipping.",
        attribute_key(said, "u"),
    )
    # THEN latest wins
    assert (news.key, *[decide(news, [old]).action]) == ("u.employer", MergeAction.SUPERSEDE)
