"""A number in groups labelled as a business's or a document's own (a VAT or company registration number, an
invoice or tracking number) is kept as written: it is no phone number. Phone numbers, however labelled, and a
person's own ids named as such are still masked."""

from __future__ import annotations

import pytest

from reverie.domain.guards import mask_secrets


@pytest.mark.parametrize(
    "text",
    [
        "Supplier: Ferragens Lima, NIF 509 876 543, Braga",
        "their VAT reg. no: 987 6543 21",
        "Companies House: company number 0987 6543",
        "the tracking number is 6120 4471 0093",
        "Invoice # 2026 1107 004 attached",
    ],
)
def test_a_labelled_business_or_document_number_is_kept(text: str) -> None:
    # GIVEN a grouped number whose label says what kind of number it is; WHEN masked
    masked = mask_secrets(text)
    # THEN nothing is taken for a phone number
    assert masked.text == text and not masked.changed


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("ring the depot on 0113 496 0321", "phone"),
        ("Tel 0161 496 0000 | VAT 123 4567 89", "phone"),
        ("my registered number is 07700 900 123", "phone"),
        ("his passport number is 1234 5678 9", "national_id"),
        ("tax id 123 456 789", "national_id"),
    ],
)
def test_phone_numbers_and_personal_ids_are_still_masked(text: str, kind: str) -> None:
    masked = mask_secrets(text)
    assert f"[REDACTED:{kind}]" in masked.text
    assert "VAT 123 4567 89" in masked.text or "VAT" not in text  # the labelled one beside it is kept
