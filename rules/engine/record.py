"""Match records: a whole match as JSON, to store, load, replay and check.

The format is documented in ``docs/match-record.md``. A record holds what a match *is* (ruleset
and version, seed, explicit setup, accepted actions in order) plus what it should come to (the
state hash, the result), so a replay can be checked against it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from .actions import Action
from .errors import IllegalAction, RecordError, ReplayMismatch
from .match import Match
from .ruleset import Ruleset

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "dump_record",
    "load_record",
    "read_record",
    "replay",
    "to_record",
]

FORMAT = "parlor.match"
FORMAT_VERSION = 2
"""2: the state hash is of the canonical state derived from the state's fields
(:mod:`rules.engine.canonical`). A version 1 record replays the same, but its hash, made the
old way, cannot be compared."""
READABLE = (1, 2)


def to_record(match: Match[Any, Any], meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    result = match.result
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "ruleset": match.ruleset.name,
        "ruleset_version": match.ruleset.version,
        "seed": match.seed,
        "setup": match.setup,
        "actions": [{"seat": seat, "action": action.to_json()} for seat, action in match.actions],
        "state_hash": match.state_hash(),
        "result": result.to_json() if result is not None else None,
        "meta": dict(meta or {}),
    }


def dump_record(record: Mapping[str, Any]) -> str:
    return json.dumps(record, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def load_record(data: Any) -> dict[str, Any]:
    """Check a record's shape; raises :class:`RecordError` naming the field at fault."""
    if not isinstance(data, dict):
        raise RecordError("a match record is a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"format: expected {FORMAT!r}, got {data.get('format')!r}")
    if data.get("format_version") not in READABLE:
        raise RecordError(
            f"format_version: this build reads versions {', '.join(map(str, READABLE))}, "
            f"got {data.get('format_version')!r}"
        )
    _need(data, "ruleset", str)
    _need(data, "ruleset_version", str)
    _need(data, "seed", int)
    _need(data, "setup", dict)
    _need(data, "actions", list)
    for i, entry in enumerate(data["actions"]):
        where = f"actions[{i}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("seat"), int):
            raise RecordError(f"{where}.seat: expected an integer seat")
        if not isinstance(entry.get("action"), dict) or "kind" not in entry["action"]:
            raise RecordError(f"{where}.action: expected an object with a 'kind'")
    if data.get("state_hash") is not None:
        _need(data, "state_hash", str)
    return data


def read_record(path: str | Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path}: not JSON ({exc})") from exc
    return load_record(data)


def replay(
    record: Mapping[str, Any],
    get_ruleset: Callable[[str], Ruleset[Any, Any]],
    *,
    verify: bool = True,
    quiet: bool = False,
) -> Match[Any, Any]:
    """Rebuild a match from its record. With ``verify``, the version and the final state hash
    must match the record's, else :class:`ReplayMismatch`."""
    data = load_record(dict(record))
    ruleset = get_ruleset(data["ruleset"])
    if verify and ruleset.version != data["ruleset_version"]:
        raise ReplayMismatch(
            f"ruleset_version: the record was made with {data['ruleset']} "
            f"{data['ruleset_version']}, this build has {ruleset.version}"
        )
    match = Match.new(ruleset, data["seed"], data["setup"], quiet=quiet)
    for i, entry in enumerate(data["actions"]):
        try:
            action = Action.from_json(entry["action"])
            match.apply(entry["seat"], action)
        except (IllegalAction, ValueError) as exc:
            raise ReplayMismatch(f"actions[{i}]: rejected on replay: {exc}") from exc
    expected = data.get("state_hash") if data["format_version"] == FORMAT_VERSION else None
    if verify and expected is not None and match.state_hash() != expected:
        raise ReplayMismatch(
            f"state_hash: replay gives {match.state_hash()}, the record says {expected}"
        )
    return match


def _need(data: Mapping[str, Any], key: str, kind: type) -> None:
    value = data.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"{key}: expected {kind.__name__}, got {value!r}")
