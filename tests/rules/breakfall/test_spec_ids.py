"""Every rule ID of ``spec/breakfall.md`` (lettered ones included, such as BREAKFALL-6.6a) is named
by some test under ``tests/``: in a test's name (``test_breakfall_6_6a_...``) or its text.

The spec lives outside the repository: ``$PARLOR_SPEC_DIR/breakfall.md``, else
``shared/spec/breakfall.md`` in a folder above the repository (``<repo>/../shared``). Without it
the test is skipped, saying why.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[2]
REPO = TESTS.parent
_ID = re.compile(r"BREAKFALL-[0-9]+(?:\.[0-9]+[a-z]?)*")


def _spec() -> Path | None:
    env = os.environ.get("PARLOR_SPEC_DIR")
    if env:
        path = Path(env) / "breakfall.md"
        return path if path.is_file() else None
    for folder in REPO.parents:
        path = folder / "shared" / "spec" / "breakfall.md"
        if path.is_file():
            return path
    return None


def _named(rule: str, text: str) -> bool:
    """``BREAKFALL-6.6a`` as written, or as a test's name writes it (``breakfall_6_6a``); never
    a longer ID (6.6 is not named by 6.6a, nor 2.5 by 2.5a)."""
    written = re.escape(rule) + r"(?![0-9a-z]|\.[0-9])"
    named = re.escape(rule.lower().replace("-", "_").replace(".", "_")) + r"(?![0-9a-z])"
    return bool(re.search(written, text) or re.search(named, text))


def test_every_breakfall_rule_id_is_named_by_a_test() -> None:
    spec = _spec()
    if spec is None:
        pytest.skip("spec/breakfall.md not found (set PARLOR_SPEC_DIR or check out ../shared)")
    ids = sorted(set(_ID.findall(spec.read_text(encoding="utf-8"))))
    assert {"BREAKFALL-1.1", "BREAKFALL-6.6a", "BREAKFALL-10.3"} <= set(ids)
    text = "\n".join(p.read_text(encoding="utf-8") for p in TESTS.rglob("*.py"))
    missing = [i for i in ids if not _named(i, text)]
    assert missing == [], f"rule IDs no test names: {', '.join(missing)}"


def test_the_check_sees_a_lettered_id_apart_from_its_rule() -> None:
    assert _named("BREAKFALL-6.6a", "def test_breakfall_6_6a_x():")
    assert not _named("BREAKFALL-6.6", "def test_breakfall_6_6a_x():")
    assert not _named("BREAKFALL-2.5", "BREAKFALL-2.5a and BREAKFALL-2.51")
    assert _named("BREAKFALL-2.5", "(BREAKFALL-2.5)")
