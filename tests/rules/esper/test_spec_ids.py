"""Every rule ID of ``spec/esper.md`` (lettered ones included, such as ESPER-7.5a) is named
by some test under ``tests/``: in a test's name (``test_esper_7_5a_...``) or its text
(``tests/rules/spec_ids.py`` finds the spec and tells a name apart).
"""

from __future__ import annotations

import re

from ..spec_ids import named, rule_ids, suite_text

_ID = re.compile(r"ESPER-[0-9]+(?:\.[0-9]+[a-z]?)*")


def test_every_esper_rule_id_is_named_by_a_test() -> None:
    ids = rule_ids("esper", _ID)
    assert {"ESPER-0.1", "ESPER-7.5a", "ESPER-14.7"} <= set(ids)
    text = suite_text()
    missing = [i for i in ids if not named(i, text)]
    assert missing == [], f"rule IDs no test names: {', '.join(missing)}"


def test_the_check_sees_a_lettered_id_apart_from_its_rule() -> None:
    assert named("ESPER-7.5a", "def test_esper_7_5a_x():")
    assert not named("ESPER-7.5", "def test_esper_7_5a_x():")
    assert not named("ESPER-6.3", "ESPER-6.3a and ESPER-6.31")
    assert named("ESPER-6.3", "(ESPER-6.3)")
