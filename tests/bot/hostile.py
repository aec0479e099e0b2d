"""Hostile interactions through simcord, for the authorisation tests, the fuzz suite and
``bench/fuzz.py``: a world of matches in several channels of two servers, every control the bot
shows in it, interactions forged on any message a user can see (a modified client can send any
custom id, any values), and what each was answered.

A forged interaction uses simcord's internals (its public verbs only click what a message
shows, as Discord's own client does); everything else is the real bot.
"""

from __future__ import annotations

import hashlib
import io
import json
import sqlite3
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord
from PIL import Image
from simcord import interactions as sim_interactions
from simcord.backend import serializers
from simcord.enums import ComponentType, InteractionType
from simcord.results import to_discord_message

from bot.chat.client import Parlor
from bot.chat.controls import Choice, ControlId
from bot.table.seats import GIVE_UP
from rules.engine import Rng
from rules.registry import RULESETS, get_ruleset
from rules.simulate import random_action

from .players import controls, find, hand_message, perform_by_dm

STATES = ("lobby", "active", "finished")
APOLOGY = "Sorry, something went wrong on my side"
OUTDATED = "Those controls are out of date"


class Blank:
    """Pictures that cost nothing (1×1 PNGs): these tests look at answers and state, and a
    refused click must not wait on a drawing."""

    def __init__(self) -> None:
        out = io.BytesIO()
        Image.new("RGB", (1, 1)).save(out, format="PNG")
        self.png = out.getvalue()

    def __getattr__(self, name: str) -> Any:
        if not name.endswith("_png"):
            raise AttributeError(name)
        return lambda *args, **options: self.png


@dataclass(frozen=True)
class Shown:
    """A control the bot showed: its custom id, its kind, the channel (or DM) of the message it
    is on, whose it is (the user it was shown to, or None when anyone there sees it), the
    message, and a select's options (values) and how many it takes."""

    custom_id: str
    kind: int
    home: int
    owner: int | None
    message_id: int = 0
    options: tuple[str, ...] = ()
    least: int = 1
    most: int = 1

    @property
    def values(self) -> tuple[str, ...]:
        """What a click on it sends: a select's first option."""
        return self.options[:1]


@dataclass
class World:
    env: simcord.Env
    guilds: tuple[simcord.GuildHandle, simcord.GuildHandle]
    channels: dict[str, simcord.ChannelHandle]
    users: dict[str, simcord.UserHandle]
    members: dict[tuple[str, int], simcord.MemberActor]
    """Each user's actor in each server they belong to: (name, guild id)."""
    matches: dict[int, simcord.ChannelHandle] = field(default_factory=dict)
    """Each match's channel."""
    ephemeral: list[Shown] = field(default_factory=list)
    """Controls shown in ephemeral replies (``/hand``), which history does not list."""

    @property
    def bot(self) -> Parlor:
        bot = self.env.bot
        assert isinstance(bot, Parlor)
        return bot

    def member(self, name: str, channel: simcord.ChannelHandle) -> simcord.MemberActor:
        return self.members[(name, self.guild_of(channel).id)]

    def guild_of(self, channel: simcord.ChannelHandle) -> simcord.GuildHandle:
        return next(g for g in self.guilds if channel.id in {c.id for c in g.channels.values()})

    def sees(self, name: str, channel: simcord.ChannelHandle) -> bool:
        guild = self.guild_of(channel)
        if (name, guild.id) not in self.members:
            return False
        allowed = self.env.backend.compute_permissions(guild.id, self.users[name].id, channel.id)
        return bool(allowed & discord.Permissions.view_channel.flag)


def world(env: simcord.Env) -> World:
    """Two servers. Parlor: #games and #side, which Erin may manage (and nothing else), and
    #secret, which only Alice and Carol (and the bot) may see. Other, which Dave owns: #den.
    Carol is in both."""
    dave = env.create_user("dave")
    users = {n: env.create_user(n) for n in ("alice", "bob", "carol", "erin")} | {"dave": dave}
    parlor, other = env.create_guild("Parlor"), env.create_guild("Other", owner=dave)
    channels = {
        "games": parlor.create_text_channel("games"),
        "side": parlor.create_text_channel(
            "side", overwrites={users["erin"]: discord.PermissionOverwrite(manage_channels=True)}
        ),
        "secret": parlor.create_text_channel(
            "secret",
            overwrites={
                parlor.default_role: discord.PermissionOverwrite(view_channel=False),
                parlor.me: discord.PermissionOverwrite(view_channel=True),  # the bot
                users["alice"]: discord.PermissionOverwrite(view_channel=True),
                users["carol"]: discord.PermissionOverwrite(view_channel=True),
            },
        ),
        "den": other.create_text_channel("den"),
    }
    members = {}
    for name in ("alice", "bob", "carol", "erin"):
        members[(name, parlor.id)] = parlor.add_member(users[name])
    for name in ("carol", "dave"):
        members[(name, other.id)] = other.add_member(users[name])
    return World(env, (parlor, other), channels, users, members)


async def random_move(world: World, match_id: int, rng: Rng) -> bool:
    """A random legal move (never giving up) by a seat the match waits on, through its DMs;
    False once the match is over."""
    bot = world.bot
    async with bot.matches.locks(match_id):
        live = await bot.matches.live(match_id)
    if live.match.over:
        return False
    seat = live.match.pending()[rng.below(len(live.match.pending()))]
    specs = live.match.legal_actions(seat)
    user = next(u for u in world.users.values() if u.id == live.user_ids[seat])
    shown = _specs_shown(hand_message(user))  # a menu too big for a message leaves some to /act
    doable = [i for i, s in enumerate(specs) if s.kind not in GIVE_UP and s.kind != "auto_pass"]
    doable = [i for i in doable if i in shown] or doable[:0]
    if not doable:
        return True
    action = random_action(specs[doable[rng.below(len(doable))]], rng)
    await perform_by_dm(user, specs, action)
    return True


def _specs_shown(message: Any) -> set[int]:
    """The specs a table's controls lead to (by index in the seat's legal actions)."""
    found: set[int] = set()
    for control in controls(message):
        cid = ControlId.parse(control.custom_id)
        if cid is None:
            continue
        if cid.op == "pick":
            found |= {int(o.value) for o in control.options}
        elif cid.op in ("do", "opt"):
            found.add(Choice.parse(cid.arg).spec)
    return found


async def open_matches(world: World, seed: int, most_moves: int = 6) -> None:
    """A match in each channel, in a random state: a lobby (with one or two players), a match
    under way after a few random moves, or one finished by a player giving up; of a random
    ruleset, between two who may see the channel."""
    rng = Rng(seed)
    states = [*STATES, STATES[rng.below(len(STATES))]]  # each state at least once
    for channel in world.channels.values():
        state = states.pop(rng.below(len(states)))
        await open_match_in(world, channel, state, rng, most_moves)
    await world.bot.presenter.idle()


async def open_match_in(
    world: World, channel: simcord.ChannelHandle, state: str, rng: Rng, most_moves: int = 6
) -> int:
    """A new match in the channel, of a ruleset as many of those who may see it can play (as
    few seats as it takes), left in ``state`` (``STATES``); its id."""
    eligible = sorted(n for n in world.users if world.sees(n, channel))
    playable = sorted(n for n in RULESETS if get_ruleset(n).min_seats <= len(eligible))
    ruleset = playable[rng.below(len(playable))]
    seated = []
    for _ in range(get_ruleset(ruleset).min_seats):
        seated.append(world.member(eligible.pop(rng.below(len(eligible))), channel))
    a, *others = seated
    created = await a.slash(channel, "match new", ruleset=ruleset)
    assert created.response is not None, created
    match_id = int(created.response.embeds[0].title.split("#")[1].split()[0])
    world.matches[match_id] = channel
    if state == "lobby":
        if rng.below(2):
            await others[0].click(created.response, label="Join")
        return match_id
    for b in others:
        await b.click(created.response, label="Join")
    await a.click(created.response, label="Start")
    for _ in range(rng.below(most_moves + 1)):
        if not await random_move(world, match_id, rng):
            break
    if state == "finished":
        asked = await a.slash(channel, "retreat")
        sure = find(asked.response, "yes")
        if sure:
            await a.click(asked.response, custom_id=sure[0].custom_id)
    return match_id


async def keep_playing(world: World, rng: Rng) -> int | None:
    """Once no match is under way: a new one, in a channel whose last match is over (a lobby
    left open keeps its channel busy). Its id, or None where every channel is busy."""
    storage = world.bot.matches.storage
    for channel in world.channels.values():
        row = await storage.open_match_in(channel.id)
        if row is not None:
            if row.status == "active":
                return None
            continue
    free = [c for c in world.channels.values() if await storage.open_match_in(c.id) is None]
    if not free:
        return None
    match_id = await open_match_in(world, free[rng.below(len(free))], "active", rng, 0)
    await world.bot.presenter.idle()
    return match_id


async def show_hands(world: World) -> None:
    """Each player of a match under way asks for their hand in its channel (``/hand``) and to
    give up (``/retreat``, not confirmed): their table and a confirmation, as ephemeral replies
    whose controls work there."""
    for match_id, channel in world.matches.items():
        async with world.bot.matches.locks(match_id):
            row = await world.bot.matches.storage.match(match_id)
        if row is None or row.status != "active":
            continue
        for player in await world.bot.matches.storage.players(match_id):
            name = next(n for n, u in world.users.items() if u.id == player.user_id)
            for command in ("hand", "retreat"):
                shown = await world.member(name, channel).slash(channel, command)
                assert shown.response is not None
                stored = world.env.backend.get_message(channel.id, shown.response.id)
                world.ephemeral += shown_on(stored, player.user_id)


def shown_controls(world: World) -> list[Shown]:
    """Every control the bot shows now: in the channels (to anyone there), in each user's DMs
    (to that user), and in the ephemeral replies asked for. Read from the emulator's records,
    which is quick however long the history."""
    found: list[Shown] = []
    backend = world.env.backend
    for channel in world.channels.values():
        for stored in backend.messages.get(channel.id, {}).values():
            if not stored.is_ephemeral:
                found += shown_on(stored, None)
    for user in world.users.values():
        dm = backend.dm_channels.get(user.id)
        for stored in backend.messages.get(dm, {}).values() if dm is not None else ():
            found += shown_on(stored, user.id)
    return found + world.ephemeral


def shown_on(stored: Any, owner: int | None) -> list[Shown]:
    """The controls of a message as the emulator stores it."""
    found = []
    for row in stored.components:
        for c in row.get("components", [row]):
            if not c.get("custom_id"):
                continue
            options = tuple(o["value"] for o in c.get("options") or ())
            least, most = c.get("min_values", 1), c.get("max_values", 1)
            found.append(
                Shown(
                    c["custom_id"],
                    c["type"],
                    stored.channel_id,
                    owner,
                    stored.id,
                    options,
                    least,
                    most,
                )
            )
    return found


def message_of(world: World, shown: Shown) -> discord.Message:
    """The message a control is on, as a client holds it."""
    stored = world.env.backend.get_message(shown.home, shown.message_id)
    return to_discord_message(world.env, stored)


Actor = simcord.MemberActor | simcord.UserHandle


def places(world: World) -> list[tuple[Actor, simcord.ChannelHandle | None]]:
    """Everywhere each user can click: each channel they may see, in each of their servers
    (as that server's member), and their DMs with the bot (None)."""
    found: list[tuple[Actor, simcord.ChannelHandle | None]] = []
    for (name, guild_id), member in world.members.items():
        for channel in world.channels.values():
            if world.guild_of(channel).id == guild_id and world.sees(name, channel):
                found.append((member, channel))
    found += [(user, None) for user in world.users.values()]
    return found


async def message_in(world: World, actor: Actor, channel: simcord.ChannelHandle | None) -> Any:
    """A message the actor can see to click on, in the channel (None: their DMs): the latest
    there, else one they post."""
    backend = world.env.backend
    if channel is None:
        assert isinstance(actor, simcord.UserHandle)
        where = backend.dm_channels.get(actor.id)
        if where is None:
            return await actor.send_dm("hello")
    else:
        assert isinstance(actor, simcord.MemberActor)
        where = channel.id
    seen = [m for m in backend.messages.get(where, {}).values() if m.visible_to(actor.id)]
    if not seen:
        if channel is None:
            assert isinstance(actor, simcord.UserHandle)
            return await actor.send_dm("hello")
        assert isinstance(actor, simcord.MemberActor)
        return await actor.send(channel, "hello")
    return to_discord_message(world.env, max(seen, key=lambda m: m.id))


def channel_id_of(world: World, actor: Actor, channel: simcord.ChannelHandle | None) -> int | None:
    """The id of a place: a channel's, or the actor's DM channel (None before it is opened)."""
    if channel is not None:
        return channel.id
    return world.env.backend.dm_channels.get(actor.id)


GAME_TABLES = (
    "SELECT id, status, seed, setup, result, state_hash, hash_seq, rematch_of FROM matches",
    "SELECT match_id, seat, user_id, deck, confirmed FROM players",
    "SELECT match_id, seq, seat, action, source FROM actions",
)
"""What a match is in storage (not the presenter's notes of what it showed, which a refused
click in a DM may change: it sends the table afresh)."""


async def state_of(world: World) -> str:
    """A digest of everything a refused interaction must leave as it was: every match's
    stored row, players and actions (read in a connection of our own, at once), the state
    hash of each match being played, and every message in the channels as anyone there sees
    it."""
    bot, parts = world.bot, []
    uri = f"file:{bot.settings.database}?mode=ro"
    with closing(sqlite3.connect(uri, uri=True)) as db:
        for query in GAME_TABLES:
            parts.append(sorted(db.execute(query).fetchall(), key=repr))
        active = [m for (m,) in db.execute("SELECT id FROM matches WHERE status = 'active'")]
    for match_id in active:
        async with bot.matches.locks(match_id):
            parts.append((await bot.matches.live(match_id)).match.state_hash())
    backend = world.env.backend
    for channel in world.channels.values():  # no message anyone sees there changed
        parts += [
            [m.id, m.content, m.embeds, m.components, [a.get("filename") for a in m.attachments]]
            for m in backend.messages.get(channel.id, {}).values()
            if not m.is_ephemeral
        ]
    return hashlib.sha256(json.dumps(parts, default=str).encode()).hexdigest()


async def forge(
    actor: Actor,
    message: Any,
    data: dict[str, Any],
    *,
    settle: bool = True,
) -> simcord.InteractionResult:
    """A component interaction with any data (custom id, kind, values) on a message the actor
    can see, as a modified client sends it."""
    from simcord.actors import _visible_message

    env: simcord.Env = actor._env
    stored = _visible_message(actor, message)
    guild = getattr(actor, "guild", None)
    record, payload = sim_interactions.base_payload(
        env.backend,
        type=InteractionType.MESSAGE_COMPONENT,
        channel_id=stored.channel_id,
        guild_id=guild.id if guild is not None else None,
        user_id=actor.id,
        data=data,
    )
    payload["message"] = dict(serializers.message_payload(env.backend, stored))
    record.source_message_id = stored.id
    env.backend.emit("INTERACTION_CREATE", payload)
    if settle:
        await env.settle()
    return simcord.InteractionResult(env, record)


def click_data(custom_id: str, kind: int = ComponentType.BUTTON, values: Sequence[str] = ()) -> Any:
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": int(kind)}
    if kind == ComponentType.STRING_SELECT:
        data["values"] = list(values)
    return data


def answer(
    result: simcord.InteractionResult, user: simcord.UserHandle, newest_before: int
) -> str | None:
    """What the clicker was told: an ephemeral reply (a refusal, or their table afresh, in a
    channel), or, in a DM, their table sent anew with what was wrong (a message newer than
    ``newest_before``, :func:`newest_dm`); None if nothing."""
    if result.followups:
        return str(result.followups[-1].content)
    response = result.response
    if response is not None and result.ephemeral and response.content:
        return str(response.content)
    if newest_dm(user) > newest_before:
        backend = user._env.backend
        newest = max(backend.messages[backend.dm_channels[user.id]].values(), key=lambda m: m.id)
        return str(newest.content)
    return None


def newest_dm(user: simcord.UserHandle) -> int:
    """The id of the newest message in the user's DMs with the bot (0: none). Not a count: a
    table sent anew may delete the one it replaces."""
    backend = user._env.backend
    dm = backend.dm_channels.get(user.id)
    return max(backend.messages.get(dm, {}), default=0) if dm is not None else 0


def refused(text: str | None) -> bool:
    """A clear refusal: a message that says what is wrong (or that the controls are out of
    date, with the current table), never silence nor the bot's apology."""
    return bool(text) and APOLOGY not in str(text)
