"""Several bot processes over one PostgreSQL act on the same matches at once (DESIGN § Scale):
two and three real OS processes (``tests/bot/cluster.py``), each a match service with the
bot's presenter over its own connections, making the same moves with the same interaction ids
(duplicate deliveries) and redelivering some on purpose, while short turn clocks ring, one
deadline while its match is held mid-move, and one process is killed (SIGKILL) while it holds
a match mid-action, with its resolutions still unshown.

Whatever happens: every accepted action is applied exactly once (stored once, at the place
its process was told); the state hash of every match, as each process sees it at the end,
equals a single replay of the stored record (and its stored checkpoints); every resolution is
shown exactly once and in commit order, whichever process committed it (a process that died
has its unshown ones shown by another); no deadline rings twice, no reminder is sent twice.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import asyncpg

from rules.engine import Action, Match
from rules.registry import get_ruleset

from .cluster import started_matches

REPO = Path(__file__).resolve().parents[2]
MATCHES = 6
"""Matches the processes play on."""
CLOCKS_ONLY = 2
"""More matches nobody plays: only their 1-second turn clocks move them on."""


def spawn(tmp_path: Path, name: str, **config: Any) -> subprocess.Popen[str]:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps({"name": name, **config}), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.Popen(
        [sys.executable, "-m", "tests.bot.cluster", str(path)],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(process: subprocess.Popen[str], timeout: float = 120) -> None:
    _, err = process.communicate(timeout=timeout)
    assert process.returncode == 0, err


def events(log: Path) -> Iterator[dict[str, Any]]:
    for line in log.read_text(encoding="utf-8").splitlines():
        yield json.loads(line)


async def stored(url: str) -> tuple[dict[int, list[asyncpg.Record]], dict[int, asyncpg.Record]]:
    conn = await asyncpg.connect(url)
    try:
        actions = await conn.fetch(
            "SELECT match_id, seq, seat, action, interaction_id, source FROM actions "
            "ORDER BY match_id, seq"
        )
        rows = await conn.fetch(
            "SELECT id, seed, setup, state_hash, hash_seq, presented, action_count FROM matches"
        )
    finally:
        await conn.close()
    by_match: dict[int, list[asyncpg.Record]] = {}
    for a in actions:
        by_match.setdefault(a["match_id"], []).append(a)
    return by_match, {r["id"]: r for r in rows}


def replayed(row: asyncpg.Record, actions: list[asyncpg.Record]) -> str:
    """The match's state hash by a single replay of its record (or the first actions of it),
    checking its checkpoint."""
    match = Match.new(get_ruleset("lanes"), row["seed"], json.loads(row["setup"]))
    for a in actions:
        match.apply(a["seat"], Action.from_json(json.loads(a["action"])))
        if a["seq"] == row["hash_seq"]:
            assert match.state_hash() == row["state_hash"], f"match {row['id']}: checkpoint"
    return match.state_hash()


async def check(url: str, log: Path, played: list[int], dead: frozenset[str] = frozenset()) -> None:
    seen = list(events(log))
    actions, rows = await stored(url)

    # Every accepted action once, where its process was told; no redelivery applied again.
    accepted = [e for e in seen if e["ev"] == "act"]
    assert accepted, "nothing was played"
    assert len({e["i"] for e in accepted}) == len(accepted)
    by_place = {(a["match_id"], a["seq"]): a for m in actions.values() for a in m}
    for e in accepted:
        a = by_place[(e["m"], e["seq"])]
        assert (a["interaction_id"], a["seat"]) == (e["i"], e["seat"])
        assert json.loads(a["action"]) == e["action"]
    told = {e["i"] for e in accepted}
    stored_ids = {a["interaction_id"] for m in actions.values() for a in m if a["interaction_id"]}
    assert stored_ids == told, "an action was stored that no process was told it had made"
    assert all(e["outcome"] != "applied" for e in seen if e["ev"] == "again")
    assert any(e["ev"] == "refused" for e in seen), "no duplicate delivery happened"

    # The same state everywhere: each process's at the end, caught up, and a single replay of
    # as many stored actions (the clocks may have moved a match on since), with its checkpoints.
    finals = [e for e in seen if e["ev"] == "final"]
    for match_id, row in rows.items():
        record = actions.get(match_id, [])
        replayed(row, record)
        for e in (e for e in finals if e["m"] == match_id):
            assert e["hash"] == replayed(row, record[: e["n"]]), f"match {match_id}"
    assert {e["p"] for e in finals} == {e["p"] for e in seen if e["ev"] == "act"} - dead

    # Every resolution shown once, in commit order, whichever process committed it.
    for match_id, row in rows.items():
        shown = [e["to"] for e in seen if e["ev"] == "show" and e["m"] == match_id]
        assert shown == sorted(set(shown)), f"match {match_id}: shown {shown}"
        assert shown and shown[-1] == row["action_count"] == row["presented"]

    # The clocks: each deadline rang once; each reminder sent once; clocks did ring.
    rang = Counter((e["m"], e["version"], e["due"]) for e in seen if e["ev"] == "clock")
    assert rang and max(rang.values()) == 1
    reminded = Counter((e["m"], e["seat"], e["due"]) for e in seen if e["ev"] == "remind")
    assert reminded and max(reminded.values()) == 1
    timeouts = [a for m in actions.values() for a in m if a["source"] == "clock"]
    assert timeouts, "no turn clock ran out"
    assert set(played) <= set(actions)


async def test_two_processes_act_on_the_same_matches(pg_url: str, tmp_path: Path) -> None:
    played = await started_matches(pg_url, MATCHES, turn_limit=2)
    await started_matches(pg_url, CLOCKS_ONLY, turn_limit=1, first_channel=2000)
    log = tmp_path / "events.jsonl"
    common = {"url": pg_url, "log": str(log), "matches": played, "gap": 0.02, "peers": 2}
    # The first holds a match mid-move for a second and a half: its clock comes due meanwhile.
    held = {"match": played[0], "seconds": 2.5}
    processes = [
        spawn(tmp_path, "one", actions=120, pause=held, **common),
        spawn(tmp_path, "two", actions=120, **common),
    ]
    for process in processes:
        finish(process)
    await check(pg_url, log, played)

    # The deadline that came due while its match was held rang then, and waited for the move.
    seen = list(events(log))
    pause = next(e for e in seen if e["ev"] == "pause")
    resumed = next(e for e in seen if e["ev"] == "resume")
    during = [
        e
        for e in seen
        if e["ev"] == "clock" and e["m"] == pause["m"] and pause["t"] < e["began"] < resumed["t"]
    ]
    near = ("clock", "pause", "resume", "act")
    assert during and all(e["t"] >= resumed["t"] for e in during), [
        e for e in seen if e.get("m") == pause["m"] and e["ev"] in near
    ][:20]


async def test_three_processes_and_one_killed_mid_action(pg_url: str, tmp_path: Path) -> None:
    played = await started_matches(pg_url, MATCHES, turn_limit=2)
    await started_matches(pg_url, CLOCKS_ONLY, turn_limit=1, first_channel=2000)
    log = tmp_path / "events.jsonl"
    common = {"url": pg_url, "log": str(log), "matches": played, "gap": 0.02, "peers": 2}
    # The third never gets a picture out (each takes an hour), and dies holding a match, its
    # action appended but not committed: the others show what it committed.
    doomed = spawn(tmp_path, "three", actions=400, die_at=12, show_delay=3600, **common)
    others = [spawn(tmp_path, name, actions=120, **common) for name in ("one", "two")]
    assert doomed.stdout is not None
    assert doomed.stdout.readline().strip() == "PAUSED"
    doomed.send_signal(signal.SIGKILL)
    doomed.wait(timeout=10)
    for process in others:
        finish(process)
    await check(pg_url, log, played, dead=frozenset({"three"}))

    seen = list(events(log))
    # What it held was rolled back: its move is stored only if another process made the same
    # move (the same interaction, delivered again) and was told so.
    dying = next(e for e in seen if e["ev"] == "dying")
    actions, _ = await stored(pg_url)
    kept = {a["interaction_id"] for m in actions.values() for a in m}
    others = {e["i"] for e in seen if e["ev"] == "act" and e["p"] != "three"}
    assert dying["i"] not in kept or dying["i"] in others
    theirs = {(e["m"], e["seq"]) for e in seen if e["ev"] == "act" and e["p"] == "three"}
    assert theirs, "the killed process committed nothing before it died"
    assert not any(e["ev"] == "show" and e["p"] == "three" for e in seen)
