"""Every rule ID of ``spec/charm.md`` (a rule of a section: ``CHARM-6.6``, lettered ones included,
``CHARM-6.6a``) is named by some test under ``tests/``: in a test's name (``test_charm_6_6a_...``)
or in its text (``CHARM-6.6a``). A section (``CHARM-6``) is tested through its rules.

``tests/rules/spec_ids.py`` finds the spec.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..spec_ids import rule_ids, suite_text

_ID = re.compile(r"CHARM-[0-9]+\.[0-9]+[a-z]?")
_NAME = re.compile(r"def test_charm_([0-9a-z_]+)\(")


def in_names(text: str) -> set[str]:
    """The IDs test names carry: ``test_charm_5_3_5_6a_the_end...`` names CHARM-5.3 and
    CHARM-5.6a (every CHARM ID is a section and a number, with maybe a letter)."""
    found = set()
    for name in _NAME.findall(text):
        words = name.split("_")
        while len(words) >= 2 and words[0].isdigit() and re.fullmatch(r"[0-9]+[a-z]?", words[1]):
            found.add(f"CHARM-{words[0]}.{words[1]}")
            words = words[2:]
    return found


def named(rule: str, text: str) -> bool:
    """Whether ``text`` names ``rule`` (not a longer ID that starts with it: CHARM-6.6 is not
    named by CHARM-6.6a, nor CHARM-1.1 by CHARM-1.12)."""
    plain = re.escape(rule) + r"(?![0-9a-z]|\.[0-9])"
    return bool(re.search(plain, text)) or rule in in_names(text)


def test_every_charm_rule_id_is_named_by_a_test() -> None:
    ids = rule_ids("charm", _ID)
    assert {"CHARM-1.1", "CHARM-2.4a", "CHARM-14.4"} <= set(ids)
    text = suite_text(leaving_out=Path(__file__).resolve())
    missing = [i for i in ids if not named(i, text)]
    assert missing == [], f"rule IDs no test names: {', '.join(missing)}"


def test_the_check_tells_ids_apart() -> None:
    assert named("CHARM-6.6", "def test_charm_6_6_at_dp_0(")
    assert not named("CHARM-6.6", "def test_charm_6_6a_face_down(")
    assert named("CHARM-6.6a", "def test_charm_6_6a_face_down(")
    assert not named("CHARM-1.1", "CHARM-1.12 and test_charm_1_12")
    assert named("CHARM-2.4a", "in the main phase (CHARM-2.4a)")
    assert in_names("def test_charm_5_3_5_6a_the_end_of_main(") == {"CHARM-5.3", "CHARM-5.6a"}
    assert in_names("def test_charm_13_1_13_3_order(") == {"CHARM-13.1", "CHARM-13.3"}
