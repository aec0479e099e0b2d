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
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord
from PIL import Image
from simcord import interactions as sim_interactions
from simcord.backend import serializers
from simcord.enums import ComponentType, InteractionType

from bot.chat.client import Parlor
from bot.table.seats import GIVE_UP
from rules.engine import Rng
from rules.registry import RULESETS
from rules.simulate import random_action

from .players import controls, find, perform_by_dm

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
    is on, and whose it is (the user it was shown to, or None when anyone there sees it)."""

    custom_id: str
    kind: int
    home: int
    owner: int | None
    values: tuple[str, ...] = ()
    """A select's first option (what a click on it sends)."""


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
    doable = [s for s in specs if s.kind not in GIVE_UP and s.kind != "auto_pass"]
    action = random_action(doable[rng.below(len(doable))], rng)
    user = next(u for u in world.users.values() if u.id == live.user_ids[seat])
    await perform_by_dm(user, specs, action)
    return True


async def open_matches(world: World, seed: int, most_moves: int = 6) -> None:
    """A match in each channel, in a random state: a lobby (with one or two players), a match
    under way after a few random moves, or one finished by a player giving up; of a random
    ruleset, between two who may see the channel."""
    rng = Rng(seed)
    states = [*STATES, STATES[rng.below(len(STATES))]]  # each state at least once
    for channel in world.channels.values():
        state = states.pop(rng.below(len(states)))
        ruleset = sorted(RULESETS)[rng.below(len(RULESETS))]
        eligible = sorted(n for n in world.users if world.sees(n, channel))
        first = eligible.pop(rng.below(len(eligible)))
        second = eligible[rng.below(len(eligible))]
        a, b = world.member(first, channel), world.member(second, channel)
        created = await a.slash(channel, "match new", ruleset=ruleset)
        assert created.response is not None, created
        match_id = int(created.response.embeds[0].title.split("#")[1].split()[0])
        world.matches[match_id] = channel
        if state == "lobby":
            if rng.below(2):
                await b.click(created.response, label="Join")
            continue
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
    await world.bot.presenter.idle()


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
                world.ephemeral += [
                    shown_as(c, channel.id, player.user_id) for c in controls(shown.response)
                ]


def shown_controls(world: World) -> list[Shown]:
    """Every control the bot shows now: in the channels (to anyone there), in each user's DMs
    (to that user), and in the ephemeral replies asked for."""
    found: list[Shown] = []
    for channel in world.channels.values():
        for message in channel.history():
            found += [shown_as(c, channel.id, None) for c in controls(message)]
    for user in world.users.values():
        if world.env.backend.dm_channels.get(user.id) is None:
            continue
        for message in user.dm_channel.history():
            found += [shown_as(c, user.dm_channel.id, user.id) for c in controls(message)]
    return found + world.ephemeral


def shown_as(control: Any, home: int, owner: int | None) -> Shown:
    options = getattr(control, "options", None) or []
    values = (options[0].value,) if options else ()
    return Shown(control.custom_id, control.type.value, home, owner, values)


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
    if channel is None:
        assert isinstance(actor, simcord.UserHandle)
        if world.env.backend.dm_channels.get(actor.id) is not None:
            messages = actor.dm_channel.history()
            if messages:
                return messages[-1]
        return await actor.send_dm("hello")
    assert isinstance(actor, simcord.MemberActor)
    messages = channel.history(viewer=actor)
    return messages[-1] if messages else await actor.send(channel, "hello")


def channel_id_of(world: World, actor: Actor, channel: simcord.ChannelHandle | None) -> int | None:
    """The id of a place: a channel's, or the actor's DM channel (None before it is opened)."""
    if channel is not None:
        return channel.id
    return world.env.backend.dm_channels.get(actor.id)


async def state_of(world: World) -> str:
    """A digest of everything a refused interaction must leave as it was: each match's stored
    row, players and actions, and the state hash of each match being played."""
    bot, parts = world.bot, []
    storage = bot.matches.storage
    for match_id in sorted(world.matches):
        row = await storage.match(match_id)
        assert row is not None
        players = [
            (p.seat, p.user_id, p.deck, p.confirmed) for p in await storage.players(match_id)
        ]
        actions = [(a.seq, a.seat, a.action, a.source) for a in await storage.actions(match_id)]
        live = None
        if row.status == "active":
            async with bot.matches.locks(match_id):
                live = (await bot.matches.live(match_id)).match.state_hash()
        parts.append([row.status, row.result, row.state_hash, row.hash_seq, players, actions, live])
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
    result: simcord.InteractionResult, user: simcord.UserHandle, dms_before: int
) -> str | None:
    """What the clicker was told: an ephemeral reply (a refusal, or their table afresh, in a
    channel), or, in a DM, their table sent anew with what was wrong; None if nothing."""
    if result.followups:
        return str(result.followups[-1].content)
    response = result.response
    if response is not None and result.ephemeral and response.content:
        return str(response.content)
    if world_dms(user) > dms_before:
        return str(user.dm_channel.history()[-1].content)
    return None


def world_dms(user: simcord.UserHandle) -> int:
    env: simcord.Env = user._env
    if env.backend.dm_channels.get(user.id) is None:
        return 0
    return len(user.dm_channel.history())


def refused(text: str | None) -> bool:
    """A clear refusal: a message that says what is wrong (or that the controls are out of
    date, with the current table), never silence nor the bot's apology."""
    return bool(text) and APOLOGY not in str(text)
