"""The user's standing profile: the few slots that say who the user is (where they live, who they work
for and as what, where they work, their year of study), which every context carries whatever the query,
like Letta's "human" block: an answer about an essay is better for knowing the writer is in year 11.

A slot is found by its key (`user.home_city`, or the user's id as the subject: `alice.employer`), the
key every reasoner gives a changeable state (`prompts/extract.md`, the rule reasoner's `keys`), so the
profile is one keyed read of current cards, never a listing of everything held.
"""

from __future__ import annotations

from reverie.domain.dependent_slots import slot_of

# Who the user is, most telling first (the order lines are shown in when the share is short).
PROFILE_ATTRIBUTES = ("job_title", "employer", "workplace", "school_year", "home_city")
PROFILE_LINES = 3  # at most this many lines, so the profile never crowds out the preferences and plan


def profile_keys(user_id: str) -> frozenset[str]:
    """The keys of the user's profile slots, under both names a reasoner gives the user as a subject."""
    subjects = {"user", user_id.lower()}
    return frozenset(f"{subject}.{attribute}" for subject in subjects for attribute in PROFILE_ATTRIBUTES)


def profile_slot(key: str | None) -> str:
    """The profile attribute a key sets (`alice.role` → "job_title"; "" for a key of no slot)."""
    slot = slot_of(key)
    return slot[1] if slot is not None else ""


def in_profile(key: str | None) -> bool:
    """Whether a key sets a profile slot, whatever its subject (`bob.employer` too) or the attribute's
    name (`alice.role`): what a store may index apart so that the profile is one read."""
    return profile_slot(key) in PROFILE_ATTRIBUTES


def profile_rank(key: str | None) -> int:
    """Where a profile card's slot stands in `PROFILE_ATTRIBUTES` (the end for any other key)."""
    attribute = profile_slot(key)
    return PROFILE_ATTRIBUTES.index(attribute) if attribute in PROFILE_ATTRIBUTES else len(PROFILE_ATTRIBUTES)
