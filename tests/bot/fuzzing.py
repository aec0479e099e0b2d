"""The fuzzer: malformed and hostile interactions sent to the real bot through simcord, each
checked as it is answered. ``tests/bot/test_fuzz.py`` runs a few hundred; ``bench/fuzz.py``
as many as asked (``--n 10000``).

The world is ``hostile.world``: random matches (lobbies, under way, finished) in four channels
of two servers. Every few tries a legitimate random move is made, so matches move on and the
controls shown before go stale. Each try is one of ``KINDS``:

- ``garbled``: a custom id that is not the bot's (random text, control characters, a real id
  cut or with a character changed), as a button or a select;
- ``forged``: a well-formed custom id naming any match (existing or not, in another server, id
  0 or beyond storage), any version, any op (the bot's or not), any argument, sent from
  anywhere but where a control of that match could work;
- ``stale``: a control the bot showed before and no longer means (its seat's state moved on,
  its lobby started or closed), sent back by whom it was shown to, where it was shown;
- ``not_offered``: a current select of a player's table, or an open lobby's deck menu, sent
  with values it does not offer (out of range, not digits, other scripts' digits, too many,
  repeated, none, 6,000 characters);
- ``option``: ``/act``, ``/play``, ``/card``, ``/match new``, ``/match join`` with huge,
  unicode and control-character strings (never a word a label holds);
- ``unlisted``: ``/act``, ``/play``, ``/card`` and ``/match log`` with values autocomplete
  never offered (another version's spec, an index beyond the list, a card of no pool, any match
  number);
- ``autocomplete``: autocomplete asked with hostile text;
- ``finished``: moves in a finished match (its seats' controls, ``/act`` in its channel);
- ``double``: a current control of a player's table clicked twice at once.

Each is checked: answered (acknowledged; simcord refuses a first answer after 3 seconds of
its clock), with a clear message (a refusal, or the player's table afresh; an autocomplete
with its choices), no unhandled exception (an error logged with a traceback, or by the
answers' catch-all), and no change to any match (its stored row, players and actions, the
state hash of a match under way, no new match), but for a double click, which may make its
move once and never twice.

simcord's clock is virtual: it moves only when the bot waits on a timer, so CPU work takes no
time on it. ``answer_ms`` is therefore wall-clock time from each interaction to its
acknowledgement, measured around the emulator's REST router.
"""

from __future__ import annotations

import itertools
import logging
import random
import string
import time
import traceback
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import simcord
from simcord.enums import ComponentType
from simcord.http import router

from bot.chat.controls import ControlId
from bot.chat.rights import CHANNEL_OPS, LOBBY_MESSAGE_OPS, SEAT_OPS
from rules.engine import Rng

from .hostile import (
    Actor,
    Shown,
    World,
    answer,
    click_data,
    forge,
    keep_playing,
    message_in,
    message_of,
    newest_dm,
    places,
    random_move,
    refused,
    shown_controls,
    state_of,
)

KINDS = (
    "garbled",
    "forged",
    "stale",
    "not_offered",
    "option",
    "unlisted",
    "autocomplete",
    "finished",
    "double",
)
MOVE_EVERY = 12
"""A legitimate move every so many tries, so matches move on and shown controls go stale."""
POISON = ("\x00", "\x07", "\u200b", "\u202e", "\ufeff", "🂡", "\u0301", "\x7f")
"""Characters no label holds and no ``split()`` takes for a space: a text with one names no
move, card or game."""
ALPHABETS = (
    string.ascii_letters + string.digits + string.punctuation + " ",
    "".join(map(chr, range(32))),
    "漢字かなカナ한글Ωжщ",
    "🂡🃏♠♥♦♣🎲🧙‍♀️",
    "\u0301\u0308\u200d\u202e\u2066\ufeff",
    "١٢٣٤٥０１２３",
)


@dataclass
class Figures:
    tries: int = 0
    crashes: int = 0
    unanswered: int = 0
    """Not acknowledged at all (simcord also refuses a first answer after 3 s of its clock)."""
    unclear: int = 0
    """Acknowledged without a message saying anything (or with the bot's apology)."""
    changed_on_rejection: int = 0
    double_clicks: int = 0
    applied_twice: int = 0
    moves: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    answer_ms: list[float] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def problem(self, kind: str, what: str) -> None:
        if len(self.problems) < 20:
            self.problems.append(f"{kind}: {what}"[:400])

    @property
    def late(self) -> int:
        """Answered after 3 s of wall-clock time (simcord's clock never gets there)."""
        return sum(ms > 3000 for ms in self.answer_ms)


ROOT = str(Path(__file__).resolve().parents[2])


class Crashes(logging.Handler):
    """Counts unhandled exceptions: errors logged with a traceback (discord.py's "Ignoring
    exception in ...", the answers' catch-all), or by the answers' catch-all at all."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0
        self.last = ""

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info or record.name == "bot.chat.answers":
            self.count += 1
            self.last = record.getMessage()
            if record.exc_info and record.exc_info[1] is not None:
                error = record.exc_info[1]
                frames = traceback.extract_tb(error.__traceback__)
                ours = [
                    f for f in frames if f.filename.startswith(ROOT) and ".venv" not in f.filename
                ]
                where = (ours or frames)[-1]
                self.last = (
                    f"{type(error).__name__}: {error} at {Path(where.filename).name}:"
                    f"{where.lineno} ({self.last})"
                )


class Stopwatch:
    """Wall-clock time from an interaction to its acknowledgement (its first callback), seen
    in the emulator's REST router."""

    def __init__(self) -> None:
        self.acked: dict[str, float] = {}
        self._original = router.dispatch

    def __enter__(self) -> Stopwatch:
        original = self._original

        def timed(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
            parts = path.strip("/").split("/")
            if method == "POST" and parts[0] == "interactions" and parts[-1] == "callback":
                self.acked.setdefault(parts[2], time.perf_counter())
            return original(backend, method, path, **kwargs)

        router.dispatch = timed  # type: ignore[assignment]
        return self

    def __exit__(self, *exc: object) -> None:
        router.dispatch = self._original  # type: ignore[assignment]


def hostile_text(rng: random.Random, *, most: int = 6000) -> str:
    """A string no label, card or game holds: any alphabet, any length up to ``most``, with at
    least one character of ``POISON`` somewhere."""
    size = min(most, rng.choice((rng.randint(1, 12), rng.randint(13, 120), rng.randint(121, 6000))))
    alphabet = rng.choice(ALPHABETS) + rng.choice(ALPHABETS)
    text = [rng.choice(alphabet) for _ in range(size - 1)]
    text.insert(rng.randint(0, len(text)), rng.choice(POISON))
    return "".join(text)[:most]


def _hex(rng: random.Random) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(8))


@dataclass
class Fuzzer:
    world: World
    rng: random.Random
    figures: Figures = field(default_factory=Figures)
    seen: dict[str, Shown] = field(default_factory=dict)
    """Every control shown so far, by custom id (the stale ones stay)."""
    _memo: dict[tuple[Any, ...], Any] = field(default_factory=dict)

    @property
    def env(self) -> simcord.Env:
        return self.world.env

    async def run(self, tries: int) -> Figures:
        crashes = Crashes()
        logging.getLogger().addHandler(crashes)
        self._look()
        try:
            with Stopwatch() as watch:
                self.watch = watch
                for n in itertools.count():
                    if self.figures.tries == tries or n > 10 * tries:
                        break
                    if n % MOVE_EVERY == MOVE_EVERY - 1:
                        await self._move()
                    kind = self.rng.choice(KINDS)
                    self._memo.clear()  # what a match's status and versions are, this try
                    before = crashes.count
                    done = await getattr(self, f"_{kind}")()
                    if done is None:  # nothing of that kind to try now: another kind
                        continue
                    self.figures.tries += 1
                    self.figures.kinds[kind] += 1
                    if crashes.count > before:
                        self.figures.crashes += 1
                        self.figures.problem(kind, f"crash: {crashes.last}")
                    self._look()  # a refusal may have sent a table afresh
        finally:
            logging.getLogger().removeHandler(crashes)
        return self.figures

    # -- the world moves on -------------------------------------------------------------------

    def _look(self) -> None:
        messages = self.world.env.backend.messages
        # A deleted message (a table replaced within its turn) has no controls left to click.
        self.seen = {
            custom_id: shown
            for custom_id, shown in self.seen.items()
            if shown.message_id in messages.get(shown.home, {})
        }
        for shown in shown_controls(self.world):
            self.seen[shown.custom_id] = shown

    async def _move(self) -> None:
        await keep_playing(self.world, Rng(self.rng.getrandbits(63)))
        active = [m for m in self.world.matches if await self._status(m) == "active"]
        if active:
            await random_move(self.world, self.rng.choice(active), Rng(self.rng.getrandbits(63)))
            self.figures.moves += 1
            await self.world.bot.presenter.idle()
            self._look()

    async def _status(self, match_id: int) -> str:
        key = ("status", match_id)
        if key not in self._memo:
            row = await self.world.bot.matches.storage.match(match_id)
            assert row is not None
            self._memo[key] = row.status
        return str(self._memo[key])

    # -- sending, and checking ----------------------------------------------------------------

    async def _check(
        self,
        kind: str,
        send: Callable[[], Awaitable[simcord.InteractionResult]],
        user: simcord.UserHandle,
        what: str,
    ) -> bool:
        """Send one interaction that must be refused, and check how it was answered."""
        before = await state_of(self.world)
        newest_before = newest_dm(user)
        result = await send()
        self._timed(result)
        if not result.acknowledged:
            self.figures.unanswered += 1
            self.figures.problem(kind, f"unanswered: {what}")
        elif result.autocomplete_choices is None and not refused(
            answer(result, user, newest_before)
        ):
            self.figures.unclear += 1
            self.figures.problem(kind, f"unclear {answer(result, user, newest_before)!r}: {what}")
        if await state_of(self.world) != before:
            self.figures.changed_on_rejection += 1
            self.figures.problem(kind, f"state changed: {what}")
        return True

    def _timed(self, result: simcord.InteractionResult) -> None:
        record = result._interaction
        acked = self.watch.acked.get(record.token)
        if acked is not None and hasattr(record, "sent_at"):
            self.figures.answer_ms.append((acked - record.sent_at) * 1000)

    async def _click(
        self, kind: str, actor: Actor, message: Any, data: dict[str, Any], what: str
    ) -> bool:
        user = actor.user if isinstance(actor, simcord.MemberActor) else actor

        async def send() -> simcord.InteractionResult:
            return await self._forge(actor, message, data)

        return await self._check(kind, send, user, f"{what} {data}")

    async def _forge(self, actor: Actor, message: Any, data: dict[str, Any]) -> Any:
        sent = time.perf_counter()
        result = await forge(actor, message, data)
        result._interaction.sent_at = sent
        return result

    def _somewhere(self) -> tuple[Actor, simcord.ChannelHandle | None]:
        return self.rng.choice(places(self.world))

    def _user_of(self, user_id: int) -> simcord.UserHandle:
        return next(u for u in self.world.users.values() if u.id == user_id)

    # -- the kinds ----------------------------------------------------------------------------

    async def _garbled(self) -> bool:
        rng = self.rng
        real = rng.choice(list(self.seen)) if self.seen else "pl:1:-:join"
        pieces = (
            hostile_text(rng, most=100),
            real[: rng.randint(0, len(real) - 1)],
            real + rng.choice((":", "::", ":x", "\x00", " ")),
            real.upper(),
        )
        custom_id = rng.choice(pieces)
        if ControlId.parse(custom_id) is not None:  # a changed character can still read well
            custom_id = "\x00" + custom_id
        kind = rng.choice((ComponentType.BUTTON, ComponentType.STRING_SELECT))
        actor, channel = self._somewhere()
        message = await message_in(self.world, actor, channel)
        data = click_data(custom_id, kind, [hostile_text(rng, most=100)])
        return await self._click("garbled", actor, message, data, "")

    async def _forged(self) -> bool:
        rng = self.rng
        existing = list(self.world.matches)
        match_id = rng.choice(
            (
                rng.choice(existing),
                rng.choice(existing),
                0,
                max(existing) + rng.randint(1, 9),
                rng.randint(1, 10**19 - 1),
            )
        )
        ver = rng.choice(("-", _hex(rng)))
        op = rng.choice(
            (*sorted(CHANNEL_OPS | SEAT_OPS), "rules", "".join(rng.choices("abcxyz", k=4)))
        )
        arg = "".join(rng.choices("0123456789.+-_abz", k=rng.randint(0, 30)))
        custom_id = f"pl:{match_id}:{ver}:{op}" + (f":{arg}" if arg else "")
        if len(custom_id) > 100:
            custom_id = custom_id[:100]
        home = self.world.matches.get(match_id)
        options = [
            (a, c)
            for a, c in places(self.world)
            if home is None or c is None or c.id != home.id  # never in the match's channel
        ]
        if op in SEAT_OPS or op == "hand" or ControlId.parse(custom_id) is None:
            options = places(self.world)  # a seat's op is refused, or outdated, anywhere
        actor, channel = rng.choice(options)
        message = await message_in(self.world, actor, channel)
        kind = rng.choice((ComponentType.BUTTON, ComponentType.STRING_SELECT))
        data = click_data(custom_id, kind, [str(rng.randint(0, 30))])
        return await self._click("forged", actor, message, data, "")

    async def _current_version(self, shown: Shown) -> str | None:
        """The version a seat's control would carry now (None: not a player's, or over)."""
        cid = ControlId.parse(shown.custom_id)
        assert cid is not None
        key = ("version", cid.match_id, shown.owner)
        if key in self._memo:
            return self._memo[key]  # type: ignore[no-any-return]
        bot, found = self.world.bot, None
        if shown.owner is not None and await self._status(cid.match_id) == "active":
            async with bot.matches.locks(cid.match_id):
                live = await bot.matches.live(cid.match_id)
            seat = live.seat_of(shown.owner)
            found = None if seat is None else live.version(seat)
        self._memo[key] = found
        return found

    async def _stale(self) -> bool | None:
        stale = []
        for shown in self.seen.values():
            cid = ControlId.parse(shown.custom_id)
            assert cid is not None
            if cid.op in SEAT_OPS:
                if cid.version != await self._current_version(shown):
                    stale.append(shown)
            elif cid.op in LOBBY_MESSAGE_OPS and await self._status(cid.match_id) != "lobby":
                stale.append(shown)
        if not stale:
            return None
        shown = self.rng.choice(stale)
        actor = self._home_actor(shown)
        data = click_data(shown.custom_id, shown.kind, shown.values)
        return await self._click("stale", actor, message_of(self.world, shown), data, "")

    def _home_actor(self, shown: Shown) -> Actor:
        """Who clicks a control where it was shown: its owner, or anyone in its channel."""
        if shown.owner is not None:
            user = self._user_of(shown.owner)
            if shown.home == self.env.backend.dm_channels.get(user.id):
                return user
            name = next(n for n, u in self.world.users.items() if u.id == shown.owner)
            channel = next(c for c in self.world.channels.values() if c.id == shown.home)
            return self.world.member(name, channel)
        channel = next(c for c in self.world.channels.values() if c.id == shown.home)
        names = [n for n in self.world.users if self.world.sees(n, channel)]
        return self.world.member(self.rng.choice(names), channel)

    async def _current_selects(self) -> list[Shown]:
        """A player's table's selects as they are now, and the decks of open lobbies."""
        found = []
        for shown in self.seen.values():
            cid = ControlId.parse(shown.custom_id)
            assert cid is not None
            if cid.op == "deck":
                current = await self._status(cid.match_id) == "lobby"
            else:
                select = cid.op in ("pick", "opt") and shown.kind == ComponentType.STRING_SELECT
                current = select and cid.version == await self._current_version(shown)
            if current:
                found.append(shown)
        return found

    async def _not_offered(self) -> bool | None:
        selects = await self._current_selects()
        if not selects:
            return None
        rng = self.rng
        shown = rng.choice(selects)
        offered = list(shown.options)
        bad = ("25", "999", "9999", "-1", "1.0", "a", "", " 1", "１", "١", "+1", "1_0", "0x1")
        values = rng.choice(
            (
                [rng.choice(bad)],
                [rng.choice(bad), *offered[:1]],
                [*offered, str(len(offered) + rng.randint(0, 5))],
                offered[:1] * 2,
                [],
                ["7" * 6000],
                [hostile_text(rng, most=100)],
                [*offered[: rng.randint(0, len(offered))], rng.choice(bad)],
            )
        )
        if self._acceptable(shown, values, offered):
            values = [*values, "999"]
        data = click_data(shown.custom_id, ComponentType.STRING_SELECT)
        data["values"] = values
        actor, message = self._home_actor(shown), message_of(self.world, shown)
        return await self._click("not_offered", actor, message, data, "")

    def _acceptable(self, shown: Shown, values: list[str], offered: list[str]) -> bool:
        """Whether these values are a choice the select itself would let through."""
        cid = ControlId.parse(shown.custom_id)
        assert cid is not None
        if cid.op == "deck":
            return len(values) == 1 and values[0] in offered
        if not values or not all(v in offered for v in values) or len(set(values)) < len(values):
            return cid.op == "opt" and not values and shown.least == 0
        return len(values) == 1 or (cid.op == "opt" and len(values) <= shown.most)

    async def _slash(
        self,
        kind: str,
        member: simcord.MemberActor,
        channel: Any,
        command: str,
        options: dict[str, Any],
    ) -> bool:
        async def send() -> simcord.InteractionResult:
            sent = time.perf_counter()
            result = await member.slash(channel, command, **options)
            result._interaction.sent_at = sent
            return result

        return await self._check(kind, send, member.user, f"/{command} {options}"[:300])

    def _member_somewhere(self) -> tuple[simcord.MemberActor, simcord.ChannelHandle]:
        actor, channel = self.rng.choice([p for p in places(self.world) if p[1] is not None])
        assert isinstance(actor, simcord.MemberActor) and channel is not None
        return actor, channel

    async def _option(self) -> bool:
        rng = self.rng
        member, channel = self._member_somewhere()
        text = hostile_text(rng)
        name, options = rng.choice(
            (
                ("act", {"action": text}),
                ("play", {"card": text}),
                ("card", {"name": text}),
                ("match new", {"ruleset": text}),
                ("match new", {"ruleset": "lanes", "deck": text}),
                ("match join", {"deck": text}),
            )
        )
        return await self._slash("option", member, channel, name, options)

    async def _unlisted(self) -> bool:
        rng = self.rng
        member, channel = self._member_somewhere()
        spec = f"{rng.choice((rng.randint(0, 999), 0, 1))}@{_hex(rng)}"
        name, options = rng.choice(
            (
                ("act", {"action": spec}),
                ("play", {"card": spec}),
                ("act", {"action": f"{rng.randint(100, 999)}@{_hex(rng)}"}),
                ("card", {"name": rng.choice(("lanes:nope", "nope:x", ":", "fanfare:"))}),
                ("match log", {"match": rng.choice((-1, 0, 2**53 - 1, rng.randint(1, 99)))}),
            )
        )
        if name == "match log":  # a number of this server's visible matches is no refusal
            ok = {
                m
                for m, c in self.world.matches.items()
                if self.world.guild_of(c).id == member.guild.id and self.world.sees(member.name, c)
            }
            if options["match"] in ok:
                options["match"] = 10**9
        return await self._slash("unlisted", member, channel, name, options)

    async def _autocomplete(self) -> bool:
        from simcord.actors import _autocomplete_result

        rng = self.rng
        member, channel = self._member_somewhere()
        text = hostile_text(rng, most=100)
        name, option, filled = rng.choice(
            (
                ("act", "action", {}),
                ("play", "card", {}),
                ("card", "name", {}),
                ("match new", "ruleset", {}),
                ("match new", "deck", {"ruleset": hostile_text(rng, most=100)}),
                ("match join", "deck", {}),
            )
        )

        async def send() -> simcord.InteractionResult:
            sent = time.perf_counter()
            result = await _autocomplete_result(member, channel, name, option, text, filled)
            result._interaction.sent_at = sent
            return result

        return await self._check("autocomplete", send, member.user, f"{name}/{option}")

    async def _finished(self) -> bool | None:
        over = [m for m in self.world.matches if await self._status(m) in ("finished", "cancelled")]
        if not over:
            return None
        rng = self.rng
        match_id = rng.choice(over)
        channel = self.world.matches[match_id]
        players = await self.world.bot.matches.storage.players(match_id)
        if not players:
            return None
        user = self._user_of(rng.choice(players).user_id)
        name = next(n for n, u in self.world.users.items() if u.id == user.id)
        now = await self.world.bot.matches.storage.open_match_in(channel.id)
        if rng.random() < 0.5 and self.world.sees(name, channel) and now is None:
            member = self.world.member(name, channel)  # no other match there: nothing to do
            command, options = rng.choice((("act", {"action": "End turn"}), ("hand", {})))
            return await self._slash("finished", member, channel, command, options)
        cid = f"pl:{match_id}:{_hex(rng)}:{rng.choice(('do', 'pick', 'yes'))}:0"
        actor: Actor = user
        place = None
        if rng.random() < 0.5 and self.world.sees(name, channel):
            actor, place = self.world.member(name, channel), channel
        message = await message_in(self.world, actor, place)
        data = click_data(cid, ComponentType.BUTTON)
        return await self._click("finished", actor, message, data, "")

    async def _double(self) -> bool | None:
        current = []
        for shown in self.seen.values():
            cid = ControlId.parse(shown.custom_id)
            assert cid is not None
            if cid.op in SEAT_OPS and cid.version == await self._current_version(shown):
                current.append(shown)
        if not current:
            return None
        shown = self.rng.choice(current)
        actor = self._home_actor(shown)
        data = click_data(shown.custom_id, shown.kind, shown.values)
        storage = self.world.bot.matches.storage
        cid = ControlId.parse(shown.custom_id)
        assert cid is not None
        before = len(await storage.actions(cid.match_id))
        user = actor.user if isinstance(actor, simcord.MemberActor) else actor
        newest_before = newest_dm(user)
        sent = time.perf_counter()
        message = message_of(self.world, shown)
        first = await forge(actor, message, data, settle=False)
        second = await forge(actor, message, data, settle=False)
        await self.env.settle()
        self.figures.double_clicks += 1
        for result in (first, second):
            result._interaction.sent_at = sent
            self._timed(result)
            if not result.acknowledged:
                self.figures.unanswered += 1
                self.figures.problem("double", f"unanswered: {shown.custom_id}")
        made = len(await storage.actions(cid.match_id)) - before
        if made > 1:
            self.figures.applied_twice += 1
            row = await storage.match(cid.match_id)
            kinds = [
                (a.seq, a.seat, a.action, row.ruleset if row else None)
                for a in (await storage.actions(cid.match_id))[-made:]
            ]
            self.figures.problem("double", f"applied twice: {shown.custom_id} {kinds}")
        # One of them at least is told what happened: the move, a menu, or a refusal.
        told = [answer(r, user, newest_before) for r in (first, second)]
        if made == 1 and not any(refused(t) for t in told):
            self.figures.unclear += 1
            self.figures.problem("double", f"the second was not told: {told}")
        await self.world.bot.presenter.idle()
        self._look()
        return True


async def fuzz(world: World, tries: int, seed: int) -> Figures:
    """Send ``tries`` hostile interactions (and a legitimate move every ``MOVE_EVERY``)."""
    return await Fuzzer(world, random.Random(seed)).run(tries)
