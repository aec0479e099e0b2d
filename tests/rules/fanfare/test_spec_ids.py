"""Every rule ID of ``spec/fanfare.md`` is named by some test under ``tests/``.

The spec lives outside the repository: ``$PARLOR_SPEC_DIR/fanfare.md``, else
``shared/spec/fanfare.md`` in a folder above the repository (``<repo>/../shared``). Without it
the test is skipped, saying why.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[2]
REPO = TESTS.parent
_ID = re.compile(r"FANFARE-[0-9Q][0-9]*(?:\.[0-9]+)*")


def _spec() -> Path | None:
    env = os.environ.get("PARLOR_SPEC_DIR")
    if env:
        path = Path(env) / "fanfare.md"
        return path if path.is_file() else None
    for folder in REPO.parents:
        path = folder / "shared" / "spec" / "fanfare.md"
        if path.is_file():
            return path
    return None


def test_every_fanfare_rule_id_is_named_by_a_test() -> None:
    spec = _spec()
    if spec is None:
        pytest.skip("spec/fanfare.md not found (set PARLOR_SPEC_DIR or check out ../shared)")
    ids = sorted(set(_ID.findall(spec.read_text(encoding="utf-8"))))
    assert "FANFARE-Q12" in ids and "FANFARE-1.1" in ids
    text = "\n".join(p.read_text(encoding="utf-8") for p in TESTS.rglob("*.py"))
    missing = [i for i in ids if not re.search(re.escape(i) + r"(?![0-9]|\.[0-9])", text)]
    assert missing == [], f"rule IDs no test names: {', '.join(missing)}"
