"""Settings typed tersely beside a secret: the secret's clause alone is cut, a bare setting after it is read as a
setting of the same thing ("port 8443" after "the vault token is ..."), and a setting said to stay as it is with
its article dropped ("firewall stays on always") is kept; a lower-case "the" is not doubled."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 8, 18, 21, 0, tzinfo=UTC))


def test_a_bare_setting_after_a_secret_belongs_to_the_secrets_thing() -> None:
    # GIVEN a password and, in the same sentence, the port of the same service
    said = SESSION.statements("grafana admin password is hunter2-Orchid-77, port 3001.")
    # THEN the port is kept as the service's, and the password nowhere
    assert said == ["The grafana admin port is 3001."]
    assert ("secret", "grafana admin password is [REDACTED:password]") in SESSION.dropped(
        "grafana admin password is hunter2-Orchid-77, port 3001."
    )


def test_a_bare_setting_without_a_secret_before_it_is_left_as_it_was() -> None:
    # GIVEN the same fragment with no secret before it
    said = SESSION.statements("grafana runs fine, port 3001.")
    # THEN no owner is invented for it
    assert not any("grafana port" in s for s in said)


def test_a_setting_said_to_stay_as_it_is_is_kept_with_its_article() -> None:
    # GIVEN terse chat dropping the article of a standing setting, and a lower-case "the"
    standing = SESSION.statements("guest wifi remains off always, staff only")
    lower = SESSION.statements("the backup bucket is s3://acme-backups-eu")
    passing = SESSION.statements("soup stays hot in the flask")
    # THEN both are plain sentences, once "The"; what is not said to stay is not a setting
    assert standing == ["The guest wifi remains off always, staff only."]
    assert lower == ["The backup bucket is s3://acme-backups-eu."]
    assert passing == []
