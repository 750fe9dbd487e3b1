"""Changing memory in the console: an edit that a dream leaves alone, a 409 resolved by reloading, a card
deleted, a review item approved, a dream rolled back, an export imported into an empty home, a user
forgotten. Each test works on its own user of the shared service."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import Service

EDITED = "Never run migrations without a fresh backup: snapshot the database and check it restores."

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # Chromium; the service loads the real MiniLM model


def test_an_edit_is_marked_edited_and_survives_a_dream(page: Any, service: Service) -> None:
    # GIVEN one of alice's constraints, opened in the console
    card = "m-alice-migration-backup@alice"
    page.goto(service.console + f"#/users/alice/memories/{card}")

    # WHEN the operator rewrites it
    page.get_by_label("Statement").fill(EDITED)
    page.get_by_role("button", name="Save edit").click()

    # THEN it is saved as a new version marked as a person's edit
    expect(page.get_by_role("status")).to_contain_text("Saved as version 2")
    expect(page.locator("#stmt-h")).to_have_text(EDITED)
    expect(page.get_by_text("edited by a person").first).to_be_visible()

    # WHEN a new session restates the old wording and a dream is started and watched from the console
    said = {
        "kind": "message",
        "event_id": "m1",
        "role": "user",
        "text": "Never run migrations without a backup, snapshot the database first.",
        "ts": datetime.now(UTC).isoformat(),
    }
    assert service.call("POST", "/users/alice/sessions/e2e-edit/events", {"events": [said]})[0] == 200
    page.get_by_role("link", name="Dreams").click()
    page.get_by_role("button", name="Start a dream now").click()

    # THEN the run finishes and its report opens
    expect(page.get_by_role("heading", name="Dream report")).to_be_visible(timeout=60_000)
    expect(page.locator("h2").filter(has_text="Run ")).to_contain_text("succeeded")

    # AND the edited card is still the person's text, still marked edited
    page.goto(service.console + f"#/users/alice/memories/{card}")
    expect(page.locator("#stmt-h")).to_have_text(EDITED)
    stored = service.call("GET", f"/users/alice/memories/{card}")[1]
    assert (stored["statement"], stored["review_status"]) == (EDITED, "edited")


def test_a_version_changed_meanwhile_is_shown_and_resolved_by_reloading(page: Any, service: Service) -> None:
    # GIVEN alice's card open in the console at version 1
    card = "m-alice-slow-health@alice"
    page.goto(service.console + f"#/users/alice/memories/{card}")
    expect(page.get_by_text("Editing version 1.")).to_be_visible()

    # AND someone else edits it meanwhile (version 2)
    other = {
        "expected_version": 1,
        "statement": "Health checks may take 6 minutes to turn green after a deploy.",
    }
    assert service.call("PATCH", f"/users/alice/memories/{card}", other)[0] == 200

    # WHEN the operator saves their own edit of version 1
    mine = (
        "Health checks take up to 5 minutes to turn green after a payments deploy: wait before rolling back."
    )
    page.get_by_label("Statement").fill(mine)
    page.get_by_role("button", name="Save edit").click()

    # THEN nothing is saved and the console says the card changed meanwhile
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("changed meanwhile")
    assert service.call("GET", f"/users/alice/memories/{card}")[1]["statement"] == other["statement"]

    # WHEN they reload the current version: their text is kept in the form, and they save again
    alert.get_by_role("button", name="Reload").click()
    expect(page.get_by_text("Editing version 2.")).to_be_visible()
    expect(page.get_by_label("Statement")).to_have_value(mine)
    page.get_by_role("button", name="Save edit").click()

    # THEN their edit is version 3, over the other one (which stays in the history)
    expect(page.get_by_role("status")).to_contain_text("Saved as version 3")
    versions = service.call("GET", f"/users/alice/memories/{card}/history")[1]["versions"]
    assert [v["statement"] for v in versions][1:] == [other["statement"], mine]


def test_rolling_back_a_run_restores_what_it_superseded(page: Any, service: Service) -> None:
    # GIVEN bob's dream, which superseded his layover rule with a fused card
    run = service.call("GET", "/users/bob/dreams")[1]["runs"][-1]["run_id"]
    assert service.call("GET", "/users/bob/memories/m-bob-min-layover@bob")[1]["status"] == "superseded"
    page.goto(service.console + "#/users/bob/dreams")
    page.get_by_role("table").get_by_role("link").last.click()
    expect(page.get_by_role("heading", name=re.compile(r"^Superseded \(\d+\)"))).to_be_visible()

    # WHEN the operator rolls the run back (and confirms)
    page.get_by_role("button", name="Roll back…").click()
    page.get_by_role("button", name="Roll back this run").click()

    # THEN the run reads as rolled back and the layover rule stands again
    expect(page.get_by_role("status")).to_contain_text("Rolled back")
    expect(page.locator("h2").filter(has_text=run)).to_contain_text("rolled_back")
    assert service.call("GET", "/users/bob/memories/m-bob-min-layover@bob")[1]["status"] == "verified"


def test_deleting_a_card_removes_it(page: Any, service: Service) -> None:
    # GIVEN bob's window-seat preference
    card = "m-bob-window-seat@bob"
    page.goto(service.console + f"#/users/bob/memories/{card}")

    # WHEN the operator deletes it, confirming
    page.get_by_role("button", name="Delete this memory").click()
    page.get_by_role("button", name="Delete for good").click()

    # THEN the console goes back to bob's memory, without it, and the API no longer has it
    expect(page.get_by_role("heading", name="bob's memory")).to_be_visible()
    expect(page.get_by_role("status")).to_contain_text(f"Deleted memory {card}")
    expect(page.locator(f"article[data-memory-id='{card}']")).to_have_count(0)
    assert service.call("GET", f"/users/bob/memories/{card}")[0] == 404


def test_approving_a_review_item_keeps_the_chosen_side(page: Any, service: Service) -> None:
    # GIVEN dave's bucket, and a document's "correction" of it waiting for review, in the tenant's queue
    page.goto(service.console + "#/reviews")
    expect(page.locator("article.review h2")).to_contain_text(["Correction · dave", "Correction · erin"])
    page.goto(service.console + "#/users/dave/reviews")
    item = page.locator("article.review")
    expect(item).to_have_count(1)
    expect(item.locator("h2")).to_contain_text("Correction")
    sides = item.locator(".side-card")
    expect(sides).to_have_count(2)
    mine = sides.filter(has_text="dave-backups-main")
    proposed = sides.filter(has_text="dave-backups-archive")
    # both sides show their evidence in the conversation
    mine.get_by_text("Evidence").click()
    expect(mine.locator("li.cited")).to_contain_text("My backup bucket is")
    mine_id = mine.get_attribute("data-memory-id")
    proposed_id = proposed.get_attribute("data-memory-id")

    # WHEN the operator keeps dave's own value
    mine.get_by_role("button", name="Keep this one").click()

    # THEN the queue is empty, dave's value is approved by a person and the proposal rejected
    expect(page.get_by_text("Nothing waits for review.")).to_be_visible()
    kept = service.call("GET", f"/users/dave/memories/{mine_id}")[1]
    assert (kept["status"], kept["review_status"]) == ("verified", "human_approved")
    assert service.call("GET", f"/users/dave/memories/{proposed_id}")[1]["status"] == "rejected"


def test_editing_a_review_item_keeps_the_chosen_card_with_the_corrected_text(
    page: Any, service: Service
) -> None:
    # GIVEN erin's bucket and a document's "correction" of it, in erin's queue
    page.goto(service.console + "#/users/erin/reviews")
    item = page.locator("article.review")
    mine = item.locator(".side-card").filter(has_text="erin-backups-main")
    mine_id = mine.get_attribute("data-memory-id")
    proposed_id = (
        item.locator(".side-card").filter(has_text="erin-backups-archive").get_attribute("data-memory-id")
    )

    # WHEN the operator edits instead: keeps erin's card, with the text corrected
    item.get_by_text("Edit instead").click()
    item.get_by_label(f" {mine_id}").check()
    item.get_by_label("Corrected statement").fill(
        "Erin's backup bucket is s3://erin-backups-main (eu-west-1)."
    )
    item.get_by_role("button", name="Save and approve").click()

    # THEN the queue is empty, erin's card reads as edited with the new text, and the proposal is rejected
    expect(page.get_by_text("Nothing waits for review.")).to_be_visible()
    kept = service.call("GET", f"/users/erin/memories/{mine_id}")[1]
    assert kept["statement"] == "Erin's backup bucket is s3://erin-backups-main (eu-west-1)."
    assert kept["review_status"] == "edited"
    assert service.call("GET", f"/users/erin/memories/{proposed_id}")[1]["status"] == "rejected"


def _records(text: str) -> list[dict[str, Any]]:
    """An export's records, without what an import cannot carry over (see services.portability)."""
    records = [json.loads(line) for line in text.splitlines()][1:]
    for r in records:
        if r["record"] == "card" and r["version"] > 1:
            r.pop("updated_at")
    return records


def test_export_then_import_into_an_empty_home_then_forget_the_user(
    page: Any, service: Service, empty_service: Service, tmp_path: Path
) -> None:
    # GIVEN carol's memory, exported with her raw events from the console
    page.goto(service.console + "#/users/carol/transfer")
    page.get_by_label("Include the raw events").check()
    with page.expect_download() as download:
        page.get_by_role("button", name="Export", exact=True).click()
    saved = tmp_path / "carol.jsonl"
    download.value.save_as(saved)
    header = json.loads(saved.read_text().splitlines()[0])
    assert header["cards"] > 0 and header["events"] > 0

    # WHEN it is imported into an empty home through that home's console
    page.goto(empty_service.console + "#/users/carol/transfer")
    page.get_by_label("Export file (JSON Lines)").set_input_files(saved)
    page.get_by_role("button", name="Import", exact=True).click()

    # THEN every card, version and event arrives, with the same ids and versions
    report = page.get_by_label("Import report")
    expect(report).to_contain_text(f"cards created{header['cards']}")
    expect(page.get_by_text("Imported with no conflict.")).to_be_visible()
    before = service.call("GET", "/users/carol/export?events=true")[1]
    after = empty_service.call("GET", "/users/carol/export?events=true")[1]
    assert _records(after) == _records(before)

    # AND importing the same file again changes nothing
    page.get_by_role("button", name="Import", exact=True).click()
    expect(report).to_contain_text("versions added0")
    expect(report).to_contain_text(f"versions unchanged{header['versions']}")

    # WHEN carol is forgotten in the first home: the button waits for her id typed exactly
    page.goto(service.console + "#/users/carol/forget")
    forget = page.get_by_role("button", name="Forget carol")
    expect(forget).to_be_disabled()
    page.get_by_label("Type carol to confirm").fill("caro")
    expect(forget).to_be_disabled()
    page.get_by_label("Type carol to confirm").fill("carol")
    forget.click()

    # THEN the deletion report says every store was emptied, and carol is gone
    expect(page.get_by_role("heading", name="Deletion report for carol")).to_be_visible()
    expect(page.get_by_text("0 records remain")).to_be_visible()
    expect(page.get_by_role("table")).to_contain_text("notes")
    users = [u["user_id"] for u in service.call("GET", "/overview")[1]["users"]]
    assert "carol" not in users
    assert service.call("GET", "/users/carol/memories")[1]["memories"] == []
