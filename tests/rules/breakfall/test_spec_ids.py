"""Every rule ID of ``spec/breakfall.md`` (lettered ones included, such as BREAKFALL-6.6a) is named
by some test under ``tests/``: in a test's name (``test_breakfall_6_6a_...``) or its text
(``tests/rules/spec_ids.py`` finds the spec and tells a name apart).
"""

from __future__ import annotations

import re

from ..spec_ids import named, rule_ids, suite_text

_ID = re.compile(r"BREAKFALL-[0-9]+(?:\.[0-9]+[a-z]?)*")


def test_every_breakfall_rule_id_is_named_by_a_test() -> None:
    ids = rule_ids("breakfall", _ID)
    assert {"BREAKFALL-1.1", "BREAKFALL-6.6a", "BREAKFALL-10.3"} <= set(ids)
    text = suite_text()
    missing = [i for i in ids if not named(i, text)]
    assert missing == [], f"rule IDs no test names: {', '.join(missing)}"


def test_the_check_sees_a_lettered_id_apart_from_its_rule() -> None:
    assert named("BREAKFALL-6.6a", "def test_breakfall_6_6a_x():")
    assert not named("BREAKFALL-6.6", "def test_breakfall_6_6a_x():")
    assert not named("BREAKFALL-2.5", "BREAKFALL-2.5a and BREAKFALL-2.51")
    assert named("BREAKFALL-2.5", "(BREAKFALL-2.5)")
