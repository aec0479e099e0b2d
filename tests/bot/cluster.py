"""One bot process of a cluster, for the multi-process tests and ``bench/cluster.py``: a real
``MatchService`` (and lobby service, scheduler and the presenter's ordering) over its own
connections to a shared PostgreSQL, acting on the same matches as its sibling processes.

    python -m tests.bot.cluster CONFIG.json

It plays random legal actions on the given matches, each chosen from the match's state alone,
so two processes that see the same state make the same move with the same interaction id (a
duplicate delivery, as Discord may redeliver an interaction); some it sends twice on purpose.
The presenter is the bot's own (:class:`~bot.chat.presenter.Presenter`: its runs, turns and
shown counter) with the Discord calls replaced by lines in a log. Every event goes to the log
(one JSON object per line, appended, so the processes' lines interleave in the order they
happened): ``act`` (an accepted action: match, seq, interaction, seat, action), ``refused``,
``again`` (a redelivery's outcome), ``show`` (a resolution shown: match, how many actions then
shown), ``remind``, ``clock`` (a deadline rang: match, when it started and ended, whether the
match moved on since), ``pause`` (this process holding a match on purpose), and at the end
``done`` (done acting), and, once every peer is done and every resolution shown, ``final``
(the match's number of actions and state hash as this process sees it, caught up).

Config keys: ``url``, ``name``, ``log``, ``matches``, ``actions`` (how many to try), ``gap``
(seconds between two, at most), ``again`` (the share sent twice), ``pause`` (``{"match": m,
"seconds": s}``: hold that match, mid-action, its first time), ``die_at`` (hold the match at
that action and wait to be killed), ``poll`` and ``sweep`` (seconds), ``show_delay`` (seconds each
picture takes), ``peers`` (how many processes finish together), ``bench`` (no checks of its
own, only timings).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import resource
import sys
import time
from typing import Any

from bot.chat.book import MessageBook
from bot.chat.painters import Painters
from bot.chat.presenter import Presenter
from bot.table.errors import Outdated, UserError
from bot.table.games import Games
from bot.table.live import Committed, Ended, Reminder
from bot.table.lobby import LobbyService
from bot.table.scheduler import Scheduler
from bot.table.seats import GIVE_UP
from bot.table.service import MatchService
from bot.table.storage import Deadline, Storage
from bot.table.storage.postgres import PostgresStorage
from rules.engine import Action, Match

__all__ = ["choose", "interaction_id", "started_matches"]


class Log:
    def __init__(self, path: str, name: str) -> None:
        self._file = open(path, "a", buffering=1, encoding="utf-8")  # noqa: SIM115
        self.name = name

    def __call__(self, event: str, **fields: Any) -> None:
        fields.update(ev=event, p=self.name, t=time.time())
        self._file.write(json.dumps(fields) + "\n")
        self._file.flush()


class Recording(Presenter):
    """The bot's presenter, in order and with its shown counter, writing to a log instead of
    calling Discord."""

    def __init__(self, storage: Storage, log: Log, delay: float | None = None) -> None:
        super().__init__(
            None,  # type: ignore[arg-type]
            None,  # type: ignore[arg-type]
            MessageBook(storage),
            step_delay=0,
            painters=Painters(1, processes=False),
        )
        self.log = log
        self.delay = delay
        """Seconds each picture takes (a few thousandths at random, unless given)."""

    async def _show(self, c: Committed, *, behind: bool = False) -> None:
        await asyncio.sleep(self.delay if self.delay is not None else random.random() * 0.005)
        self.log("show", m=c.match_id, to=c.presented)

    async def _remind(self, reminder: Reminder) -> None:
        self.log("remind", m=reminder.match_id, seat=reminder.seat, due=reminder.due_at)

    async def _ended(self, ended: Ended) -> None:
        pass


def choose(match: Match[Any, Any], match_id: int) -> tuple[int, Action] | None:
    """A legal move, chosen from the match's state alone (its id and number of actions), so
    every process that sees that state chooses it; never giving up."""
    pending = match.pending()
    if match.over or not pending:
        return None
    rng = random.Random(f"{match_id}:{len(match.actions)}")
    seat = rng.choice(sorted(pending))
    moves = [
        a for spec in match.legal_actions(seat) if spec.kind not in GIVE_UP for a in spec.actions()
    ]
    if not moves:
        return None
    return seat, rng.choice(moves)


def interaction_id(match_id: int, at: int, seat: int, action: Action) -> int:
    """The interaction a move in a state stands for (the same for every process choosing it)."""
    digest = hashlib.sha256(json.dumps([match_id, at, seat, action.to_json()]).encode())
    return int.from_bytes(digest.digest()[:7], "big")


def install_pauses(config: dict[str, Any], log: Log) -> None:
    """Hold a match mid-action when the config says so: ``pause`` once the match's row is held,
    before the action is applied; ``die_at`` once the action is appended, uncommitted."""
    pause, die_at = config.get("pause"), config.get("die_at")
    if pause is not None:
        apply = MatchService._apply
        paused = []

        async def _apply(
            self: MatchService, held: Storage, live: Any, *args: Any, **kw: Any
        ) -> Any:
            if live.id == pause["match"] and kw.get("source", "player") == "player" and not paused:
                paused.append(live.id)
                log("pause", m=live.id, until=time.time() + pause["seconds"])
                await asyncio.sleep(pause["seconds"])
                log("resume", m=live.id)
            return await apply(self, held, live, *args, **kw)

        MatchService._apply = _apply  # type: ignore[method-assign]
    if die_at is not None:
        append = PostgresStorage.append_action
        count = []

        async def append_action(self: PostgresStorage, match_id: int, **fields: Any) -> None:
            await append(self, match_id, **fields)
            if fields.get("interaction_id") is not None:
                count.append(match_id)
                if len(count) == die_at:
                    log("dying", m=match_id, seq=fields["seq"], i=fields["interaction_id"])
                    print("PAUSED", flush=True)
                    await asyncio.sleep(3600)  # to be killed here, holding the match

        PostgresStorage.append_action = append_action  # type: ignore[method-assign]


async def play(config: dict[str, Any]) -> None:
    log = Log(config["log"], config["name"])
    storage = await Storage.open(config["url"])
    scheduler = Scheduler(storage, time.time, poll=config.get("poll", 0.5))
    presenter = Recording(storage, log, config.get("show_delay"))
    service = MatchService(
        storage, Games(), presenter, scheduler, now=time.time, sweep_every=config.get("sweep", 0.5)
    )
    watch_the_clock(service, log)
    install_pauses(config, log)
    await service.resume_all()
    scheduler.start()
    service.start()
    bench = config.get("bench", False)
    matches: list[int] = config["matches"]
    rng = random.Random(config["name"])
    latencies: list[float] = []
    cpu = time.process_time()
    started = time.perf_counter()
    for _ in range(config["actions"]):
        match_id = rng.choice(matches)
        try:
            async with service.locks(match_id):
                live = await service.live(match_id)
            move = choose(live.match, match_id)
        except UserError:
            continue
        if move is None:
            continue
        seat, action = move
        at = len(live.match.actions)
        iid = interaction_id(match_id, at, seat, action)
        user = live.players[seat].user_id
        began = time.perf_counter()
        try:
            acted = await service.act(match_id, user, action, interaction_id=iid)
        except (UserError, Outdated) as exc:
            if not bench:
                log("refused", m=match_id, i=iid, why=type(exc).__name__)
            continue
        latencies.append(time.perf_counter() - began)
        seq = acted.hand.at - 1
        log("act", m=match_id, i=iid, seat=acted.seat, action=action.to_json(), seq=seq)
        if not bench and rng.random() < config.get("again", 0.2):
            try:
                await service.act(match_id, user, action, interaction_id=iid)
                log("again", m=match_id, i=iid, outcome="applied")
            except (UserError, Outdated) as exc:
                log("again", m=match_id, i=iid, outcome=type(exc).__name__)
        await asyncio.sleep(rng.random() * config.get("gap", 0.0))
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu
    log("done")
    if bench:
        log("bench", latencies=latencies, elapsed=elapsed, cpu=cpu, rss=_rss())
    await _together(config["log"], config.get("peers", 1))
    scheduler.close()
    await scheduler.idle()
    if not bench:
        await _all_shown(service)
        for match_id in matches:
            async with service.hold(match_id) as held:
                live = await service._current(held, match_id)
                log("final", m=match_id, hash=live.match.state_hash(), n=len(live.match.actions))
    await presenter.idle()
    service.close()
    await storage.close()


async def _together(log: str, peers: int, wait: float = 120.0) -> None:
    """Wait until ``peers`` processes are done acting (each says so in the log)."""
    until = time.monotonic() + wait
    while time.monotonic() < until:
        with open(log, encoding="utf-8") as f:
            if sum('"ev": "done"' in line for line in f) >= peers:
                return
        await asyncio.sleep(0.05)


def watch_the_clock(service: MatchService, log: Log) -> None:
    """Log when each deadline rings in this process, and whether it found the match moved on."""
    ring = service.on_clock

    async def on_clock(deadline: Deadline) -> None:
        began = time.time()
        await ring(deadline)
        log(
            "clock",
            m=deadline.match_id,
            version=deadline.version,
            due=deadline.due_at,
            began=began,
        )

    service.on_clock = on_clock  # type: ignore[method-assign]
    service.scheduler.on("clock", on_clock)


async def _all_shown(service: MatchService, wait: float = 30.0) -> None:
    """Wait until every resolution of every match is shown (by whichever process)."""
    until = time.monotonic() + wait
    while time.monotonic() < until:
        if not await service.storage.unshown():
            return
        await asyncio.sleep(0.1)


def _rss() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class Quiet:
    """Where the set-up's service sends what it committed: nowhere (the processes show it)."""

    def present(self, committed: Any) -> None: ...

    def ended(self, ended: Any) -> None: ...

    def remind(self, reminder: Any) -> None: ...

    def lobby_closed(self, lobby: Any) -> None: ...


async def started_matches(
    url: str, count: int, *, turn_limit: int, first_channel: int = 1000
) -> list[int]:
    """``count`` lanes matches opened, joined and started through the lobby service, in
    channels from ``first_channel`` on. Their turn limit is then set, below what a lobby allows
    if need be (state surgery: the tests' clocks ring within a second)."""
    storage = await Storage.open(url)
    scheduler = Scheduler(storage, time.time)
    matches = MatchService(storage, Games(), Quiet(), scheduler, now=time.time)
    lobbies = LobbyService(storage, Games(), matches)
    made = []
    try:
        for i in range(count):
            channel = first_channel + i
            lobby = await lobbies.open(
                guild_id=1, channel_id=channel, user_id=10 * channel, name="a", ruleset="lanes"
            )
            match_id = lobby.row.id
            await lobbies.join(match_id, 10 * channel + 1, "b")
            await storage.db.run(
                "UPDATE matches SET turn_limit = ? WHERE id = ?", (turn_limit, match_id)
            )
            await lobbies.start(match_id, 10 * channel)
            made.append(match_id)
    finally:
        scheduler.close()
        await storage.close()
    return made


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as f:
        asyncio.run(play(json.load(f)))
