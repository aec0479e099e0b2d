"""Coverage by name: every rule ID of spec/lanes.md, and every shipped card and location, is named
by at least one test."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from rules.lanes import ruleset

from . import test_lanes_cards, test_lanes_locations

TESTS = Path(__file__).resolve().parents[1]
REPO = TESTS.parent
RULE_ID = re.compile(r"LANES-(\d+)\.(\d+)")


def spec_file() -> Path | None:
    """``$PARLOR_SPEC_DIR/lanes.md``, else ``shared/spec/lanes.md`` beside the repository (or
    beside a folder above it, for a worktree checked out below the project's root)."""
    env = os.environ.get("PARLOR_SPEC_DIR")
    candidates = [Path(env) / "lanes.md"] if env else []
    candidates += [folder / "shared" / "spec" / "lanes.md" for folder in REPO.parents]
    return next((path for path in candidates if path.is_file()), None)


def _test_sources() -> Iterator[str]:
    for path in sorted(TESTS.rglob("*.py")):
        if path.resolve() != Path(__file__).resolve():
            yield path.read_text(encoding="utf-8")


def test_every_rule_of_the_spec_is_named_by_a_test() -> None:
    spec = spec_file()
    if spec is None:
        pytest.skip("spec/lanes.md not found: set PARLOR_SPEC_DIR to the folder that holds it")
    ids = sorted(
        set(RULE_ID.findall(spec.read_text(encoding="utf-8"))), key=lambda x: tuple(map(int, x))
    )
    assert len(ids) > 30, f"{spec} lists only {len(ids)} rule IDs"
    sources = "\n".join(_test_sources())
    missing = [
        f"LANES-{major}.{minor}"
        for major, minor in ids
        if f"LANES-{major}.{minor}" not in sources
        and not re.search(rf"lanes_{major}_{minor}(?!\d)", sources)
    ]
    assert missing == [], f"rules no test names: {', '.join(missing)}"


def test_the_spec_is_found_through_parlor_spec_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "lanes.md").write_text("- LANES-1.1 Both decks are shuffled.\n", encoding="utf-8")
    monkeypatch.setenv("PARLOR_SPEC_DIR", str(tmp_path))
    assert spec_file() == tmp_path / "lanes.md"


def _test_names(module: ModuleType) -> set[str]:
    """Test function names in ``module``, with ``_`` for ``-``, and their parametrize values."""
    names = set()
    for name, value in vars(module).items():
        if not name.startswith("test_"):
            continue
        names.add(name)
        for mark in getattr(value, "pytestmark", []):
            if mark.name == "parametrize":
                names |= {str(v).replace("-", "_") for v in mark.args[1]}
    return names


def _untested(ids: list[str], module: ModuleType, prefix: str) -> list[str]:
    names = _test_names(module)
    return [
        item
        for item in ids
        if not any(
            name.startswith(f"{prefix}{item.replace('-', '_')}_") or name == item.replace("-", "_")
            for name in names
        )
    ]


def test_every_card_has_a_test() -> None:
    cards = [card.id for card in ruleset().pool.playable]
    assert _untested(cards, test_lanes_cards, "test_card_") == []


def test_every_location_has_a_test() -> None:
    locations = list(ruleset().pool.locations)
    assert _untested(locations, test_lanes_locations, "test_location_") == []
