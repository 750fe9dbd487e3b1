"""`make run`'s main job on the embedded backends: the sample sessions (events/sessions/) are ingested and
dreamt, and each sample user's context carries every idea once (issue 15: the samples used to show alice's
pnpm rule three times, two procedures for one pending-migration failure and her concise-answers preference
twice; bob's hotel rule and carol's fiscal year twice)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from reverie.bootstrap.local import build_local
from reverie.bootstrap.local_settings import LocalSettings
from reverie.cli.ingest import ingest, load_sessions
from reverie.domain.dream import RunStatus, Trigger
from reverie.domain.models import Scope
from reverie.services.dream.runner import dream
from reverie.services.recall import build_context

SAMPLES = Path(__file__).resolve().parents[2] / "events" / "sessions"
TENANT = "local"
# One idea each, in the words the samples use for it: at most one line of a context may say it.
ONE_IDEA = {
    "alice": [r"bullet points", r"workspace: ?dependencies", r"pending migration|0042_add_refund_ledger"],
    "bob": [r"metro station", r"ISO date|YYYY-MM-DD"],
    "carol": [r"fiscal year starts", r"churn_cohorts.*(?:time|filter)"],
}


@pytest.fixture(scope="module")
def contexts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    settings = LocalSettings(home=tmp_path_factory.mktemp("reverie-home"), tenant_id=TENANT)
    b = build_local(settings)
    for path in sorted(SAMPLES.glob("*.json")):
        ingest(b, TENANT, load_sessions(path))
    out = {}
    for user in ONE_IDEA:
        assert dream(b, TENANT, user, Trigger.MANUAL).status is RunStatus.SUCCEEDED
        query = f"What should I know before working with {user} today?"
        out[user] = build_context(
            b, query, Scope(tenant_id=TENANT, user_id=user), 2000, record_hits=False
        ).text
    return out


@pytest.mark.slow
@pytest.mark.parametrize("user", sorted(ONE_IDEA))
def test_each_sample_users_context_says_each_idea_once(contexts: dict[str, str], user: str) -> None:
    memory_lines = [line for line in contexts[user].splitlines() if line.startswith("- [")]
    for idea in ONE_IDEA[user]:
        saying = [line for line in memory_lines if re.search(idea, line, re.I)]
        assert len(saying) <= 1, f"{user}: {len(saying)} memories say {idea!r}:\n" + "\n".join(saying)
