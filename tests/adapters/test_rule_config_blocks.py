"""A YAML block of settings pasted: a list under a key is that key's value, and the block's title comment names
whose settings they are; each field becomes a card of its own, the list one of them."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.config_blocks import read_config_blocks
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 10, 12, 22, 0, tzinfo=UTC))
_BLOCK = """notes for the allotment shed
```yaml
# allotment shed
padlock: brass, 4 digits
keyholders:
  - imogen
  - farid
water: butt by the gate
```"""


def test_a_list_under_a_key_is_its_value_and_the_title_names_the_thing() -> None:
    assert read_config_blocks(_BLOCK).splitlines()[2:5] == [
        "allotment shed padlock: brass, 4 digits.",
        "The allotment shed keyholders are imogen and farid.",
        "allotment shed water: butt by the gate.",
    ]
    statements = SESSION.statements(_BLOCK)
    assert "The allotment shed keyholders are imogen and farid." in statements
    assert not any("padlock" in s and "keyholders" in s for s in statements)


def test_a_block_with_no_list_or_a_nested_mapping_is_left_as_typed() -> None:
    flat = "host: db1\nport: 5432"
    assert read_config_blocks(flat) == flat
    nested = "server:\n  host: db1\n  port: 5432\nops:\n  - ana\n  - li"
    assert read_config_blocks(nested) == nested
    assert read_config_blocks("things to pack:\n- tent\n- stove") == "things to pack:\n- tent\n- stove"
