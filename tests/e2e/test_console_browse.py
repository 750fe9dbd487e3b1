"""Reading memory in the console: users, a user's memory and its filters, what the agent would see, a
card's history and its evidence in the conversation it came from; at laptop and phone width."""

from __future__ import annotations

import base64
import hashlib
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import ADMIN_TOKEN, LAPTOP, PHONE, Service, docs_screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # Chromium; the service loads the real MiniLM model


def test_users_are_listed_with_counts_searchable_and_sortable(page: Any, service: Service) -> None:
    # GIVEN the sample users loaded and dreamt
    page.goto(service.console)

    # THEN every user is listed with their memory and session counts, and the tenant's health above
    table = page.get_by_role("table")
    for user in ("alice", "bob", "carol", "dave"):
        expect(table.get_by_role("link", name=user, exact=True)).to_be_visible()
    alice = table.get_by_role("row").filter(has=page.get_by_role("link", name="alice", exact=True))
    cards = len(service.call("GET", "/users/alice/memories?limit=1000")[1]["memories"])
    expect(alice.get_by_role("cell").first).to_have_text(str(cards))
    expect(page.get_by_text("Cards by status")).to_be_visible()
    expect(page.locator(".stat").filter(has_text="Injected tokens per context")).to_contain_text("context")

    # WHEN the operator searches by id
    page.get_by_label("Search users by id").fill("ca")

    # THEN only the matching user stays
    expect(table.get_by_role("link")).to_have_text(["carol"])

    # WHEN they clear it and sort by memories with the keyboard, twice (descending)
    page.get_by_label("Search users by id").fill("")
    sort = page.get_by_role("button", name="Memories")
    sort.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")

    # THEN the user with the most memories comes first
    counts = {u["user_id"]: u["memories"] for u in service.call("GET", "/overview")[1]["users"]}
    first = max(counts, key=lambda u: counts[u])
    expect(table.get_by_role("row").nth(1).get_by_role("link")).to_have_text(first)
    expect(page.get_by_role("columnheader", name="Memories")).to_have_attribute("aria-sort", "descending")


def test_a_users_memory_filters_and_shows_what_the_agent_would_see(page: Any, service: Service) -> None:
    # GIVEN alice's memory page, opened from the users page
    page.goto(service.console)
    page.get_by_role("link", name="alice", exact=True).click()
    expect(page.get_by_role("heading", name="alice's memory")).to_be_visible()
    every = page.locator("article.memory").count()
    assert every > 3

    # WHEN the operator keeps only verified constraints
    page.get_by_label("Status").select_option("verified")
    page.get_by_label("Type").select_option("constraint")

    # THEN only verified constraints are listed, fewer than all
    wanted = len(service.call("GET", "/users/alice/memories?type=constraint&status=verified")[1]["memories"])
    assert 0 < wanted < every
    expect(page.locator(".memories .count")).to_have_text(f"{wanted} of {wanted} memories")
    memories = page.locator("article.memory")
    for i in range(memories.count()):
        expect(memories.nth(i).locator(".badge").nth(0)).to_have_text("constraint")
        expect(memories.nth(i).locator(".badge").nth(1)).to_have_text("verified")

    # WHEN they filter by text as well
    page.get_by_label("Text contains").fill("backup")
    expect(page.locator("article.memory")).to_have_count(1)
    expect(page.locator("article.memory h3")).to_contain_text("snapshot the database")

    # THEN the fixed block shows the standing preference and the current plan as the context does
    fixed = page.get_by_role("region", name="Preferences and current plan")
    expect(fixed).to_contain_text("concise answers")
    expect(fixed).to_contain_text("current plan")

    # WHEN they ask what the agent would see for a task
    page.get_by_label("What the agent is about to do or was asked").fill(
        "Deploy payments to production on Friday"
    )
    page.get_by_label("Budget (tokens)").fill("500")
    page.get_by_role("button", name="Show the context").click()

    # THEN the rendered block and its citations appear, within the budget
    block = page.get_by_label("The context block")
    expect(block).to_contain_text("Never deploy the payments service to production on a Friday")
    # (a card the API wrote ("m-") or one the dream made or fused ("d-"): the sample's concise-answers
    # preference is now a dream's fusion of the note and the message that says more)
    expect(page.locator("ol.citations li").first).to_contain_text(re.compile(r"\b[md]-[0-9a-f]{12}\b"))
    used = page.locator(".context .muted").inner_text()
    assert int(used.split(" of ")[0]) <= 500
    page.get_by_label("Text contains").fill("")
    page.get_by_label("Type").select_option("")
    page.get_by_label("Status").select_option("")
    expect(page.locator(".memories .count")).to_have_text(f"{every} of {every} memories")
    page.evaluate("document.activeElement.blur()")
    docs_screenshot(page, "console-user.png")


def test_a_cards_history_names_the_run_and_its_evidence_shows_the_conversation(
    page: Any, service: Service
) -> None:
    # GIVEN a card the dream revised (written directly, then confirmed by a correction in a session)
    page.goto(service.console + "#/users/alice/memories/m-alice-no-friday@alice")

    # THEN its history lists both versions, the later one by the dream run with its reason
    history = page.locator("ol.history")
    expect(history.locator("li[data-version]")).to_have_count(2)
    latest = history.locator("li[data-version='2']")
    expect(latest).to_contain_text("dream run")
    expect(latest.locator(".reason")).to_contain_text("Why:")
    expect(history.locator("li[data-version='1']")).to_contain_text("direct write")

    # AND its evidence is shown inside its session, cited events marked among the others
    conversation = page.get_by_role("list", name="Session prod-1127")
    expect(conversation.locator("li.cited").first).to_contain_text("cited")
    assert conversation.locator("li").count() > conversation.locator("li.cited").count()
    expect(conversation).to_contain_text("Never deploy payments on Fridays")

    # WHEN the run is followed from the history
    latest.get_by_role("link").click()

    # THEN its report lists what it changed, with reasons
    expect(page.get_by_role("heading", name="Dream report")).to_be_visible()
    expect(page.locator(".report li").first).to_be_visible()
    docs_screenshot(page, "console-dream-report.png")


TOO_WIDE = """() => [...document.querySelectorAll("body *")]
  .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
  .filter((el) => ![...el.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 1))
  .map((el) => `${el.tagName}.${el.className}: ${el.textContent.slice(0, 40)}`).slice(0, 5)"""


def test_pages_fit_a_phone_screen(browser: Any, service: Service) -> None:
    # GIVEN a phone-sized screen
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        for path in (
            "",
            "#/users/alice",
            "#/users/alice/memories/m-alice-no-friday@alice",
            "#/users/alice/dreams",
            "#/users/erin/reviews",
            "#/users/alice/transfer",
        ):
            page.goto(service.console + path)
            expect(page.locator("main h1")).to_be_visible()
            page.wait_for_load_state("networkidle")
            # THEN nothing is wider than the screen (wide tables scroll inside their own region)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], f"{path or 'users'}: {width}px wide: {page.evaluate(TOO_WIDE)}"
        page.screenshot(path="tests/e2e/artifacts/phone-transfer.png", full_page=True)
    finally:
        context.close()


def test_a_service_that_requires_a_token_asks_for_the_admins(page: Any, guarded_service: Service) -> None:
    # GIVEN a service started with REVERIE_API_TOKEN: the console's files load, the API answers 401
    page.goto(guarded_service.console)

    # THEN the console asks for the admin token instead of showing data
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    expect(page.get_by_role("table")).to_have_count(0)

    # WHEN the operator gives a wrong token, then the right one
    page.get_by_label("Admin token").fill("not-the-token-at-all")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("alert")).to_contain_text("That token was not accepted")
    page.get_by_label("Admin token").fill(ADMIN_TOKEN)
    page.get_by_role("button", name="Sign in").click()

    # THEN the users are listed, and the token is kept for this tab's next pages
    expect(page.get_by_role("table").get_by_role("link", name="alice", exact=True)).to_be_visible()
    page.get_by_role("link", name="alice", exact=True).click()
    expect(page.get_by_role("heading", name="alice's memory")).to_be_visible()


AUTH = "https://auth.reverie-e2e.test"  # stands for the tenant's Cognito sign-in domain


def test_on_aws_operators_sign_in_through_cognito_with_pkce_emulated(
    browser: Any, guarded_service: Service
) -> None:
    """Cognito's hosted sign-in is emulated by routes of the browser (no AWS here): the console's side of
    the authorization-code flow with PKCE is real, and the API checks the token it obtains."""
    # GIVEN the console deployed with a sign-in (config.json as infra/console.py writes it)
    context = browser.new_context(viewport=LAPTOP, bypass_csp=True)  # on AWS the CSP lists the domain
    page = context.new_page()
    console = guarded_service.console
    config = {
        "api_base": "",
        "cognito": {"domain": AUTH, "client_id": "console-client", "redirect_uri": console},
    }
    page.route("**/console/config.json", lambda route: route.fulfill(json=config))
    asked: dict[str, str] = {}

    def authorize(route: Any) -> None:
        query = parse_qs(urlsplit(route.request.url).query)
        asked.update({k: v[0] for k, v in query.items()})
        back = f"{console}?code=one-time-code&state={asked['state']}"
        route.fulfill(status=302, headers={"Location": back})

    def token(route: Any) -> None:
        form = parse_qs(route.request.post_data)
        verifier = form["code_verifier"][0]
        proof = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
        ok = form["code"] == ["one-time-code"] and proof == asked["code_challenge"]
        body = {"id_token": ADMIN_TOKEN if ok else "wrong", "token_type": "Bearer"}
        route.fulfill(json=body, headers={"Access-Control-Allow-Origin": "*"})

    page.route(f"{AUTH}/oauth2/authorize*", authorize)
    page.route(f"{AUTH}/oauth2/token", token)
    try:
        # WHEN an operator opens the console and signs in
        page.goto(console + "#/users/alice")
        page.get_by_role("button", name="Sign in").click()

        # THEN the sign-in was asked for a code with an S256 challenge, the code was exchanged with its
        # verifier, and the console opens the page it was on with the token the API accepts
        expect(page.get_by_role("heading", name="alice's memory")).to_be_visible()
        assert (asked["client_id"], asked["code_challenge_method"]) == ("console-client", "S256")
        assert "code=" not in page.url
    finally:
        context.close()


UNLABELLED = """() => [...document.querySelectorAll("main input, main select, main textarea, main button, main a")]
  .filter((el) => !el.closest("[hidden]"))
  .filter((el) => {
    const name = (el.getAttribute("aria-label") || (el.labels && [...el.labels].map((l) => l.textContent).join(" "))
      || el.textContent || "").trim();
    return name === "";
  })
  .map((el) => el.outerHTML.slice(0, 120))"""


def test_every_control_has_a_name_and_every_page_a_heading(page: Any, service: Service) -> None:
    # GIVEN each kind of page of the console
    card = "m-alice-no-friday@alice"
    run = service.call("GET", "/users/alice/dreams")[1]["runs"][-1]["run_id"]
    paths = [
        "",
        "#/users/alice",
        f"#/users/alice/memories/{card}",
        "#/users/alice/dreams",
        f"#/users/alice/dreams/{run}",
        "#/users/dave/reviews",
        "#/users/alice/transfer",
        "#/users/alice/forget",
    ]
    for path in paths:
        page.goto(service.console + path)
        expect(page.locator("main h1")).to_be_visible()
        page.wait_for_load_state("networkidle")
        # THEN every field, button and link says what it is (a label, its text or aria-label)
        assert page.evaluate(UNLABELLED) == [], path
        # AND the page's title names it
        assert page.title().endswith("Reverie console")
