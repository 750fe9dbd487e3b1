"""Issue 10, secrets: no planted secret form reaches a stored record or an output, on any path; look-alikes
(commit ids, order UUIDs, versions, addresses, amounts...) are kept as they are.

The corpus is `tests/data/secrets_corpus.json`; the paths and surfaces are those of `reverie bench secrets`
(`reverie_bench.secrets`), run once per test session into embedded SQLite stores.
"""

from __future__ import annotations

import logging

import pytest

from reverie.domain.guards import mask_secrets
from reverie_bench.secrets import PATHS, SURFACES, Form, Lookalike, Report
from tests.adversarial.conftest import FORMS, LOOKALIKES


@pytest.mark.parametrize("form", FORMS, ids=lambda f: f.id)
def test_the_guard_masks_the_secret_and_keeps_the_useful_text(form: Form) -> None:
    # GIVEN a secret written as a user or a tool would write it; WHEN it is masked
    masked = mask_secrets(form.text)
    # THEN no secret value survives, the useful words around it do, and a second pass changes nothing
    assert not [s for s in form.secrets if s in masked.text], masked.text
    assert [k for k in form.keep if k in masked.text] == list(form.keep), masked.text
    assert mask_secrets(masked.text).text == masked.text


@pytest.mark.parametrize("lookalike", LOOKALIKES, ids=lambda x: x.id)
def test_a_lookalike_is_left_alone(lookalike: Lookalike) -> None:
    # GIVEN text that looks like a secret and is not (a commit id, an order UUID, a version...)
    # THEN masking leaves it exactly as it was
    assert mask_secrets(lookalike.text).text == lookalike.text


@pytest.mark.parametrize("surface", SURFACES)
@pytest.mark.parametrize("path", PATHS)
def test_no_form_leaks_along_a_path_into_a_surface(secret_report: Report, path: str, surface: str) -> None:
    # GIVEN every form sent along `path` (a message, a note with its key, feedback, a tool error and its
    # retried arguments, a quarantined document, a failed run) and a dream
    # THEN no form's secret is in `surface` (cards of every version, the index, the run store with its
    # stage outputs and review items, the injected context, the log records)
    assert secret_report.leaked[path][surface] == []


def test_a_logged_secret_is_masked_in_every_rendering(caplog: pytest.LogCaptureFixture) -> None:
    # GIVEN the process's logging set up as every entry point sets it up
    from reverie.bootstrap.log_masking import MaskingFormatter, install_log_masking

    install_log_masking()
    # WHEN a logger logs every form, in its message, its arguments, an extra field and an exception
    with caplog.at_level(logging.DEBUG):
        for form in FORMS:
            try:
                raise RuntimeError(f"call failed: {form.text}")
            except RuntimeError:
                logging.getLogger("reverie.any").exception(
                    "tool said %s", form.text, extra={"detail": form.text}
                )
            logging.getLogger("thirdparty").warning(form.text)
    # THEN no line shows a secret: as the local service prints it, nor as a Lambda function's JSON log
    plain, lambda_json = logging.Formatter("%(message)s"), MaskingFormatter()
    assert len(caplog.records) == 2 * len(FORMS)
    for i, record in enumerate(caplog.records):
        form = FORMS[i // 2]
        shown = f"{plain.format(record)}\n{lambda_json.format(record)}"
        assert not [s for s in form.secrets if s in shown], form.id
    assert not [f.id for f in FORMS if any(s in caplog.text for s in f.secrets)]


def test_a_verify_assessments_reason_is_masked() -> None:
    """The verify stage's reason may quote a probe's detail; it is stored in the run's stage output."""
    from reverie.domain.dream import Candidate
    from reverie.domain.models import EvidenceRef, MemoryType, Source, SourceKind
    from reverie.services.dream.verify import Assessment

    claim = Candidate(
        type=MemoryType.FACT,
        statement="The export runs nightly.",
        evidence_refs=[EvidenceRef(session_id="s1", event_id="e1")],
        source=Source(kind=SourceKind.USER),
    )
    said = Assessment(
        candidate=claim,
        decision="hold",
        supports=1,
        contradictions=0,
        confidence=0.5,
        reason="probe db: connected with postgres://ro:Hq9-vLx!2pTe@db.internal:5432/app",
    )
    assert "Hq9-vLx!2pTe" not in said.reason and "db.internal" in said.reason
