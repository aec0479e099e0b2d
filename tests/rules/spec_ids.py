"""What every ruleset's coverage test shares: finding its spec, reading its rule IDs, and
telling whether the tests name an ID.

The spec lives outside the repository: ``$PARLOR_SPEC_DIR/<ruleset>.md``, else
``shared/spec/<ruleset>.md`` in a folder above the repository (``<repo>/../shared``). Without it
a coverage test is skipped, saying why.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
REPO = TESTS.parent


def spec_path(ruleset: str) -> Path | None:
    env = os.environ.get("PARLOR_SPEC_DIR")
    if env:
        path = Path(env) / f"{ruleset}.md"
        return path if path.is_file() else None
    for folder in REPO.parents:
        path = folder / "shared" / "spec" / f"{ruleset}.md"
        if path.is_file():
            return path
    return None


def rule_ids(ruleset: str, pattern: re.Pattern[str]) -> list[str]:
    """The IDs the ruleset's spec writes (skipping the test when the spec is not there)."""
    spec = spec_path(ruleset)
    if spec is None:
        pytest.skip(f"spec/{ruleset}.md not found (set PARLOR_SPEC_DIR or check out ../shared)")
    return sorted(set(pattern.findall(spec.read_text(encoding="utf-8"))))


def suite_text(*, leaving_out: Path | None = None) -> str:
    """Every test module's text (one left out: a coverage test whose examples name IDs)."""
    paths = [p for p in TESTS.rglob("*.py") if p != leaving_out]
    return "\n".join(p.read_text(encoding="utf-8") for p in paths)


def named(rule: str, text: str) -> bool:
    """``X-6.6a`` as written, or as a test's name writes it (``x_6_6a``); never a longer ID
    (6.6 is not named by 6.6a, nor 2.5 by 2.5a or 2.51)."""
    written = re.escape(rule) + r"(?![0-9a-z]|\.[0-9])"
    in_name = re.escape(rule.lower().replace("-", "_").replace(".", "_")) + r"(?![0-9a-z])"
    return bool(re.search(written, text) or re.search(in_name, text))
