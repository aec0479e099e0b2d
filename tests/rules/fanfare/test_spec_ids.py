"""Every rule ID of ``spec/fanfare.md`` is named by some test under ``tests/``
(``tests/rules/spec_ids.py`` finds the spec).
"""

from __future__ import annotations

import re

from ..spec_ids import rule_ids, suite_text

_ID = re.compile(r"FANFARE-[0-9Q][0-9]*(?:\.[0-9]+)*")


def test_every_fanfare_rule_id_is_named_by_a_test() -> None:
    ids = rule_ids("fanfare", _ID)
    assert "FANFARE-Q12" in ids and "FANFARE-1.1" in ids
    text = suite_text()
    missing = [i for i in ids if not re.search(re.escape(i) + r"(?![0-9]|\.[0-9])", text)]
    assert missing == [], f"rule IDs no test names: {', '.join(missing)}"
