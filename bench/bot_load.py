"""Load: N matches played to the end at once, in simcord; how fast the bot answers.

    python bench/bot_load.py [--ruleset lanes|fanfare|breakfall|charm] [--matches 200]
                             [--think 0.5] [--seed 1] [--step-delay 0] [--blank-pictures] [--json]

The lobbies are opened, joined and started through slash commands and buttons, one after the
other. Then every player of every match plays at once, through the controls of their DM hands,
knowing nothing of the game: mostly a move (a random entry of a select or a button, then each
parameter's menu: a location, a target, cards to return), else End turn; never giving up. Each
waits a random "thinking" time (exponential, mean ``--think`` seconds) before a decision and for
the answer to its previous click. Interactions are sent straight into simcord's gateway without
waiting for the bot to settle (simcord's public verbs wait, which would play the matches one
click at a time), so this uses a few of simcord's internals.

A resolution's pictures are drawn back to back (``--step-delay 0``, the default): the harshest
load, and a run of minutes. ``--step-delay 1`` pauses between them as the bot does by default
(``PARLOR_STEP_DELAY``); then the matches take far longer to play out.

Printed: from an interaction to its acknowledgement (the first callback), to its answer (the
message it was made on edited, or a reply), and from an End turn to the next board picture
posted in its channel (that step's image), as p50 / p99 / max; how
many interactions took longer than Discord's 3 seconds to acknowledge; peak memory (RSS) of
the process, bot and emulator together. The emulator is told to keep only the size of each file
the bot uploads, not its bytes (this bench never looks at the pictures): else thousands of
stored PNGs would count as the bot's memory.
Timings are wall-clock on a shared machine: they vary from run to run.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import contextvars
import io
import json
import random
import resource
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import simcord  # noqa: E402
from PIL import Image  # noqa: E402
from simcord import interactions as sim_interactions  # noqa: E402
from simcord.backend import serializers  # noqa: E402
from simcord.enums import ComponentType, InteractionType  # noqa: E402
from simcord.http import router  # noqa: E402

from bot.chat.client import Parlor, create_bot  # noqa: E402
from bot.chat.controls import ControlId  # noqa: E402
from bot.settings import Secret, Settings  # noqa: E402

DEADLINE = 3.0
DEFAULT_STEP_DELAY = 0.0
ANSWERS = {4, 7}  # interaction callbacks that complete an interaction (a message, an update)


@dataclass
class Stopwatch:
    """Watches the bot's REST calls: acknowledgements, completions, pictures in channels."""

    acked: dict[int, float] = field(default_factory=dict)
    done: dict[str, asyncio.Event] = field(default_factory=dict)
    pictures: dict[int, list[float]] = field(default_factory=dict)
    picture_posted: dict[int, list[asyncio.Event]] = field(default_factory=dict)
    changed: dict[int, asyncio.Event] = field(default_factory=dict)

    def install(self) -> None:
        original = router.dispatch

        def timed(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
            self._see(method, path, kwargs)
            return original(backend, method, path, **kwargs)

        router.dispatch = timed  # type: ignore[assignment]

    def _see(self, method: str, path: str, kwargs: dict[str, Any]) -> None:
        now = time.perf_counter()
        parts = path.strip("/").split("/")
        if method == "POST" and parts[0] == "interactions" and parts[-1] == "callback":
            self.acked.setdefault(int(parts[1]), now)
            if (kwargs.get("json") or {}).get("type") in ANSWERS:
                self._finish(parts[2])
        elif parts[0] == "webhooks" and len(parts) >= 3:
            self._finish(parts[2])  # the deferred answer, edited in or followed up
        elif parts[0] == "channels" and parts[2:3] == ["messages"]:
            channel = int(parts[1])
            if kwargs.get("files"):
                self.pictures.setdefault(channel, []).append(now)
                for event in self.picture_posted.pop(channel, []):
                    event.set()
            if channel in self.changed:  # a player's DMs: their hand may have come or changed
                self.changed[channel].set()

    def _finish(self, token: str) -> None:
        event = self.done.get(token)
        if event is not None:
            event.set()


@dataclass
class Results:
    ack: list[float] = field(default_factory=list)
    answer: list[float] = field(default_factory=list)
    picture: list[float] = field(default_factory=list)
    unanswered: int = 0
    crashed: int = 0


class EngineClock:
    """CPU time the match service spends on the rules per accepted action, with the thread's
    CPU clock: the bare ``Match.apply``, and the service's own work under the lock (the state
    hash, the clocks, what each seat is told: views, legal actions and their versions). Each
    action's figures are gathered in its own task's context, so actions of other matches that
    run while one awaits storage are not counted in it."""

    def __init__(self) -> None:
        self.bare: list[float] = []
        self.rest: list[float] = []
        self._spent: contextvars.ContextVar[dict[str, float] | None] = contextvars.ContextVar(
            "spent", default=None
        )

    def _timed(self, function: Any, key: str) -> Any:
        spent = self._spent

        def timed(*args: Any, **kwargs: Any) -> Any:
            figures = spent.get()
            if figures is None or figures["depth"]:  # not an action, or counted by its caller
                return function(*args, **kwargs)
            figures["depth"] += 1
            started = time.thread_time()
            try:
                return function(*args, **kwargs)
            finally:
                figures[key] += time.thread_time() - started
                figures["depth"] -= 1

        return timed

    def install(self) -> None:
        from bot.table import service
        from bot.table.live import LiveMatch
        from rules.engine import Match

        Match.apply = self._timed(Match.apply, "bare")  # type: ignore[method-assign]
        Match.state_hash = self._timed(Match.state_hash, "rest")  # type: ignore[method-assign]
        LiveMatch.committed = self._timed(LiveMatch.committed, "rest")  # type: ignore[method-assign]
        LiveMatch.hand = self._timed(LiveMatch.hand, "rest")  # type: ignore[method-assign]
        service.clocks_after = self._timed(service.clocks_after, "rest")  # type: ignore[attr-defined]
        act = service.MatchService._apply
        clock = self

        async def timed_act(matches: Any, *args: Any, **kwargs: Any) -> Any:
            figures = {"bare": 0.0, "rest": 0.0, "depth": 0}
            clock._spent.set(figures)
            try:
                return await act(matches, *args, **kwargs)
            finally:
                clock._spent.set(None)
                clock.bare.append(figures["bare"])
                clock.rest.append(figures["rest"])

        service.MatchService._apply = timed_act  # type: ignore[method-assign]


def rss_mb() -> float:
    """The process's resident memory now (not its peak)."""
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * resource.getpagesize() / 2**20


def forget_uploads(env: simcord.Env) -> None:
    """Let the emulator's CDN keep an empty file for each upload (the size stays recorded)."""
    cdn = env.backend.cdn
    keep = cdn.store_attachment

    def store(attachment_id: int, channel_id: int, filename: str, data: bytes, *rest: Any) -> Any:
        stored = keep(attachment_id, channel_id, filename, b"", *rest)
        return {**stored, "size": len(data)}

    cdn.store_attachment = store


def hand_message(env: simcord.Env, dm_channel: int) -> Any | None:
    messages = sorted(env.backend.messages.get(dm_channel, {}).values(), key=lambda m: m.id)
    with_controls = [m for m in messages if m.components]
    return with_controls[-1] if with_controls else None


def controls_of(stored: Any) -> list[dict[str, Any]]:
    return [c for row in stored.components for c in row.get("components", [])]


async def click(
    env: simcord.Env,
    watch: Stopwatch,
    results: Results,
    user: Any,
    stored: Any,
    data: dict[str, Any],
) -> float:
    """Send one component interaction and wait for its answer; the time it was sent."""
    record, payload = sim_interactions.base_payload(
        env.backend,
        type=InteractionType.MESSAGE_COMPONENT,
        channel_id=stored.channel_id,
        guild_id=None,
        user_id=user.id,
        data=data,
    )
    payload["message"] = dict(serializers.message_payload(env.backend, stored))
    record.source_message_id = stored.id
    answered = watch.done[record.token] = asyncio.Event()
    sent = time.perf_counter()
    env.backend.emit("INTERACTION_CREATE", payload)
    try:
        await asyncio.wait_for(answered.wait(), 30)
        results.answer.append(time.perf_counter() - sent)
    except TimeoutError:
        results.unanswered += 1
    results.ack.append(watch.acked.get(record.id, float("inf")) - sent)
    return sent


async def player(
    env: simcord.Env,
    bot: Parlor,
    watch: Stopwatch,
    results: Results,
    match_id: int,
    seat: int,
    user: Any,
    rng: random.Random,
    think: float,
) -> None:
    dm = env.backend.dm_channels[user.id]
    changed = watch.changed[dm] = asyncio.Event()
    while True:
        async with bot.matches.locks(match_id):
            live = await bot.matches.live(match_id)
        if live.match.over:
            return
        stored = hand_message(env, dm)
        current = live.version(seat)
        shown = [ControlId.parse(c["custom_id"]) for c in controls_of(stored)] if stored else []
        if seat not in live.match.pending() or not shown or shown[0].version != current:  # type: ignore[union-attr]
            # Not our move yet, or the new hand is on its way: wait for the DMs to change.
            changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), 1.0)
            continue
        if think:
            await asyncio.sleep(rng.expovariate(1 / think))
        choices = _choices(stored)
        end = next((c for c in controls_of(stored) if c.get("label") == "End turn"), None)
        if choices and (end is None or rng.random() < 0.7):
            # A move: an entry of a select, or a button; then each parameter's menu, until
            # the move is made (the menu no longer offers a way back).
            while choices:
                await click(env, watch, results, user, stored, _choose(rng, *rng.choice(choices)))
                stored = env.backend.get_message(stored.channel_id, stored.id)
                back = any(c.get("label") == "Back" for c in controls_of(stored))
                choices = _choices(stored) if back else []
            continue
        if end is None:
            changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), 1.0)
            continue
        posted = asyncio.Event()
        watch.picture_posted.setdefault(live.channel_id, []).append(posted)
        sent = await click(env, watch, results, user, stored, _button(end))
        try:
            await asyncio.wait_for(posted.wait(), 30)
            results.picture.append(
                next(t for t in watch.pictures[live.channel_id] if t >= sent) - sent
            )
        except TimeoutError:
            results.unanswered += 1


DANGER = 4
"""A button's style for a move that loses the match (retreat, concede): the bench never."""


def _choices(stored: Any) -> list[tuple[dict[str, Any], dict[str, Any] | None]]:
    """What a player may click in a hand: each entry of a select, each button but End turn,
    Back and giving up."""
    found: list[tuple[dict[str, Any], dict[str, Any] | None]] = []
    for control in controls_of(stored):
        if control["type"] == ComponentType.STRING_SELECT:
            found += [(control, option) for option in control["options"]]
        elif control.get("style") != DANGER and control.get("label") not in ("End turn", "Back"):
            found.append((control, None))
    return found


def _choose(
    rng: random.Random, control: dict[str, Any], option: dict[str, Any] | None
) -> dict[str, Any]:
    """The interaction data for a click: a button, or a select's entry (a multi-select takes a
    random number of entries, the one drawn among them)."""
    if option is None:
        return _button(control)
    values = [option["value"]]
    most = control.get("max_values", 1)
    if most > 1:
        others = [o["value"] for o in control["options"] if o is not option]
        count = rng.randint(control.get("min_values", 1), most)
        values = rng.sample(others, max(0, count - 1)) + values if count else []
    data = {"custom_id": control["custom_id"], "component_type": ComponentType.STRING_SELECT}
    return {**data, "values": values}


def _button(control: dict[str, Any]) -> dict[str, Any]:
    return {"custom_id": control["custom_id"], "component_type": ComponentType.BUTTON}


def percentiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    if not ordered:
        return {"p50": 0.0, "p99": 0.0, "max": 0.0}

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return {"p50": at(0.50) * 1000, "p99": at(0.99) * 1000, "max": ordered[-1] * 1000}


class Blank:
    """Pictures that cost nothing: to see how much of the time the real ones take."""

    def __init__(self) -> None:
        out = io.BytesIO()
        Image.new("RGB", (1, 1)).save(out, format="PNG")
        self.PNG = out.getvalue()

    def board_png(self, *args: Any, **options: Any) -> bytes:
        return self.PNG

    def hand_png(self, *args: Any, **options: Any) -> bytes:
        return self.PNG

    def table_png(self, *args: Any, **options: Any) -> bytes:
        return self.PNG

    def result_png(self, *args: Any, **options: Any) -> bytes:
        return self.PNG

    def card_png(self, *args: Any, **options: Any) -> bytes:
        return self.PNG


async def run(
    matches: int,
    think: float,
    seed: int,
    blank: bool = False,
    ruleset: str = "lanes",
    step_delay: float = DEFAULT_STEP_DELAY,
) -> dict[str, Any]:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder, "bench.db")
        # The lobbies open one after another, each waiting for its first pictures: without pauses.
        settings = Settings(token=Secret("bench"), database=database, step_delay=0, shard_count=1)
        seeds = iter(range(seed * 10_000, seed * 10_000 + matches + 1))
        extra: dict[str, Any] = {"renderer": Blank()} if blank else {}
        bot = create_bot(settings, new_seed=lambda: next(seeds), **extra)
        watch = Stopwatch()
        results = Results()
        async with simcord.run(bot, settle_timeout=60) as env:
            forget_uploads(env)
            guild = env.create_guild("Bench")
            started = time.perf_counter()
            seats = []
            for m in range(matches):
                channel = guild.create_text_channel(f"table-{m}")
                a = guild.add_member(env.create_user(f"a{m}"))
                b = guild.add_member(env.create_user(f"b{m}"))
                lobby = (await a.slash(channel, "match new", ruleset=ruleset)).response
                await b.click(lobby, label="Join")
                await a.click(lobby, label="Start")
                seats.append((m + 1, a.user, b.user))
            setup = time.perf_counter() - started
            bot.presenter.step_delay = step_delay
            watch.install()
            engine = EngineClock()
            engine.install()
            started = time.perf_counter()
            cpu_started = time.process_time()
            players = [
                player(
                    env, bot, watch, results, mid, seat, user, random.Random(rng.random()), think
                )
                for mid, a, b in seats
                for seat, user in ((0, a), (1, b))
            ]
            for failed in await asyncio.gather(*players, return_exceptions=True):
                if isinstance(failed, BaseException):
                    results.crashed += 1
                    print(f"a player stopped: {failed!r}", file=sys.stderr)
            await bot.presenter.idle()
            played = time.perf_counter() - started
            cpu = time.process_time() - cpu_started
            drawn = list(bot.painters.drawn)
            over = 0
            cached = len(bot.matches._live), len(bot.presenter.book)
            for mid, _, _ in seats:
                async with bot.matches.locks(mid):
                    over += (await bot.matches.live(mid)).match.over
            rss_after = rss_mb()
        await bot._stop_services()
    return {
        "ruleset": ruleset,
        "matches": matches,
        "finished": over,
        "think_seconds": think,
        "step_delay_seconds": step_delay,
        "pictures": "blank" if blank else "rendering (the real renderer)",
        "setup_seconds": round(setup, 1),
        "play_seconds": round(played, 1),
        "interactions": len(results.ack),
        "ack_ms": {k: round(v, 1) for k, v in percentiles(results.ack).items()},
        "answer_ms": {k: round(v, 1) for k, v in percentiles(results.answer).items()},
        "picture_ms": {k: round(v, 1) for k, v in percentiles(results.picture).items()},
        "ack_over_3s": sum(t > DEADLINE for t in results.ack),
        "unanswered": results.unanswered,
        "players_stopped": results.crashed,
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "rss_after_mb": round(rss_after, 1),
        "cached_after": {"live_matches": cached[0], "presenter_records": cached[1]},
        "merged_resolutions": bot.presenter.merges,
        "bot_process_cpu_seconds": round(cpu, 1),
        "painters": {
            "workers": bot.painters.workers,
            "processes": bot.painters.processes,
            "boards_and_results": drawn[0],
            "seats_tables": drawn[1],
            "silent_edits": drawn[2],
        },
        "engine_ms": {
            "bare_apply": {k: round(v, 3) for k, v in percentiles(engine.bare).items()},
            "service_rest": {k: round(v, 3) for k, v in percentiles(engine.rest).items()},
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds before a click")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--ruleset", default="lanes", help="the game to play (lanes, fanfare, breakfall, charm)"
    )
    parser.add_argument(
        "--step-delay",
        type=float,
        default=DEFAULT_STEP_DELAY,
        help="seconds between a resolution's pictures (the bot pauses 1 s by default)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--blank-pictures",
        action="store_true",
        help="draw nothing (to isolate the renderer's cost)",
    )
    args = parser.parse_args()
    figures = asyncio.run(
        run(
            args.matches,
            args.think,
            args.seed,
            args.blank_pictures,
            args.ruleset,
            args.step_delay,
        )
    )
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    ack, picture = figures["ack_ms"], figures["picture_ms"]
    print(
        f"{figures['finished']}/{figures['matches']} {figures['ruleset']} matches played to "
        "the end, "
        f"{figures['interactions']} interactions in {figures['play_seconds']} s "
        f"(setup {figures['setup_seconds']} s, think time {figures['think_seconds']} s, "
        f"{figures['step_delay_seconds']} s between a resolution's pictures, "
        f"pictures: {figures['pictures']})"
    )
    print(
        f"interaction → acknowledgement   p50 {ack['p50']:7.1f} ms   p99 {ack['p99']:7.1f} ms"
        f"   max {ack['max']:7.1f} ms   over 3 s: {figures['ack_over_3s']}"
    )
    answer = figures["answer_ms"]
    print(
        f"interaction → answered          p50 {answer['p50']:7.1f} ms   p99 {answer['p99']:7.1f} ms"
        f"   max {answer['max']:7.1f} ms   (its message shows the move: text and controls)"
    )
    print(
        f"End turn → step picture posted  p50 {picture['p50']:7.1f} ms   "
        f"p99 {picture['p99']:7.1f} ms   max {picture['max']:7.1f} ms"
    )
    print(
        f"unanswered: {figures['unanswered']}   players stopped: {figures['players_stopped']}   "
        f"peak memory (RSS): {figures['peak_rss_mb']} MB   after: {figures['rss_after_mb']} MB"
    )
    bare, rest = figures["engine_ms"]["bare_apply"], figures["engine_ms"]["service_rest"]
    print(
        f"engine CPU per action: bare apply p50 {bare['p50']:.3f} ms p99 {bare['p99']:.3f} ms; "
        f"the service's own work p50 {rest['p50']:.3f} ms p99 {rest['p99']:.3f} ms"
    )
    painters = figures["painters"]
    kind = "processes" if painters["processes"] else "threads"
    print(
        f"drawing: {painters['workers']} {kind}; {painters['boards_and_results']} boards and "
        f"results, {painters['seats_tables']} seats' tables, {painters['silent_edits']} silent "
        f"edits; the bot's own process (with the emulator) used "
        f"{figures['bot_process_cpu_seconds']} s of CPU"
    )
    cached = figures["cached_after"]
    print(
        f"kept in memory once all are over: {cached['live_matches']} live matches, "
        f"{cached['presenter_records']} presenter records; resolutions shown together "
        f"because drawing fell behind: {figures['merged_resolutions']}"
    )


if __name__ == "__main__":
    main()
