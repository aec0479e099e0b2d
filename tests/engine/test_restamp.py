"""``python -m rules replay FILE --restamp``: a record written again with this build's version and
hash, its actions kept; refused when the replayed result differs from the recorded one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.__main__ import main
from rules.engine import dump_record, read_record
from rules.registry import get_ruleset
from rules.simulate import random_match


def _record(tmp_path: Path, **changes: object) -> Path:
    record = random_match(get_ruleset("lanes"), 5).record()
    record.update(changes)
    path = tmp_path / "match.json"
    path.write_text(dump_record(record), encoding="utf-8")
    return path


def test_restamp_keeps_the_actions_and_writes_this_builds_version_and_hash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _record(tmp_path, ruleset_version="0+old", state_hash="f" * 64, format_version=1)
    before = read_record(path)
    assert main(["replay", str(path), "--restamp"]) == 0
    after = read_record(path)
    assert after["actions"] == before["actions"] and after["result"] == before["result"]
    assert after["ruleset_version"] == get_ruleset("lanes").version
    assert after["format_version"] == 2 and after["state_hash"] != "f" * 64
    assert main(["replay", str(path)]) == 0  # verified as it stands now
    assert "restamped" in capsys.readouterr().out


def test_restamp_refuses_a_record_whose_result_changed(tmp_path: Path) -> None:
    path = _record(tmp_path, result={"winners": [], "reason": "draw"})
    text = path.read_text(encoding="utf-8")
    assert main(["replay", str(path), "--restamp"]) == 1
    assert path.read_text(encoding="utf-8") == text
    assert json.loads(text)["result"]["reason"] == "draw"
