"""How the tests play: find a player's hand, choose from its controls or type slash commands,
open matches, and read what the bot posted (pictures included)."""

from __future__ import annotations

import io
import random
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord
import simcord
from PIL import Image

from bot.chat.controls import Choice
from bot.chat.typed import prefill
from rules.engine import Action, ActionSpec, ArgValue, Match, Param

from .conftest import Table

PNG = b"\x89PNG\r\n\x1a\n"


def controls(message: Any) -> list[Any]:
    message = getattr(message, "message", message)  # a simcord ResponseMessage
    found = []
    for row in message.components:
        found.extend(getattr(row, "children", [row]))
    return found


def find(message: Any, op: str, label: str | None = None) -> list[Any]:
    """The controls of a message whose custom id has this op (and label)."""
    return [
        c
        for c in controls(message)
        if f":{op}" in (getattr(c, "custom_id", "") or "")
        and (label is None or getattr(c, "label", None) == label)
    ]


async def deadlines(table: Table) -> set[tuple[str, int]]:
    """What the database holds deadlines for: (kind, match id)."""
    storage = table.bot.storage
    assert storage is not None
    return {(d.kind, d.match_id) for d in await storage.deadlines()}


def said(result: Any) -> str:
    """What an interaction was answered with, ephemerally: a deferred click's answer is a
    follow-up, a command's is its response."""
    if result.followups:
        message = result.followups[-1]
        assert message.ephemeral
        return str(message.content)
    assert result.ephemeral
    return str(result.response.content)


def dms(user: simcord.UserHandle | simcord.MemberActor) -> list[discord.Message]:
    handle = user.user if isinstance(user, simcord.MemberActor) else user
    return handle.dm_channel.history()


def hand_message(user: simcord.UserHandle | simcord.MemberActor) -> discord.Message:
    """The player's latest DM with controls (their hand)."""
    messages = [m for m in dms(user) if m.components]
    assert messages, "no hand message with controls in the DMs"
    return messages[-1]


def images(env: simcord.Env, message: Any) -> list[bytes]:
    found = []
    for attachment in message.attachments:
        data = env.backend.cdn.get(attachment.url)
        assert data is not None
        found.append(data)
    return found


def assert_png(data: bytes) -> None:
    assert data.startswith(PNG)
    with Image.open(io.BytesIO(data)) as image:
        image.verify()


async def open_match(table: Table, **options: Any) -> discord.Message:
    """Alice opens a lanes match, Bob joins, Alice starts it. Returns the lobby message."""
    result = await table.alice.slash(table.channel, "match new", ruleset="lanes", **options)
    assert result.response is not None, result
    lobby = result.response
    await table.bob.click(lobby, label="Join")
    await table.alice.click(lobby, label="Start")
    return lobby.message


async def play_card(user: simcord.UserHandle, rng: random.Random) -> bool:
    """Play a random playable card from the DM hand at a random location; False if none."""
    message = hand_message(user)
    picks = [
        c for c in find(message, "pick") if any(o.label.startswith("Play ") for o in c.options)
    ]
    if not picks:
        return False
    select = picks[0]
    option = rng.choice([o for o in select.options if o.label.startswith("Play ")])
    await user.select(message, [option.value], custom_id=select.custom_id)
    message = hand_message(user)
    where = [c for c in find(message, "do") if c.label != "Back"]
    await user.click(message, custom_id=rng.choice(where).custom_id)
    return True


async def click_stale(
    actor: simcord.UserHandle | simcord.MemberActor, message: Any, custom_id: str
) -> Any:
    """Click a control the message no longer shows, as a client still showing an older copy
    does (a double click, say). simcord's public verbs refuse that, so this uses its internals."""
    from simcord.actors import _component_interaction, _visible_message

    stored = _visible_message(actor, message)
    return await _component_interaction(
        actor, stored, {"custom_id": custom_id, "component_type": 2}
    )


async def end_turn(user: simcord.UserHandle) -> Any:
    """Click End turn, in whichever language the seat's table shows its labels."""
    message = hand_message(user)
    labels = {getattr(b, "label", None) for row in message.components for b in row.children}
    return await user.click(message, label="ターン終了" if "ターン終了" in labels else "End turn")


async def slash_play(table: Table, member: simcord.MemberActor, rng: random.Random) -> Any:
    """Play a random card with ``/play`` (from autocomplete), then choose a random location
    from the menu its ephemeral reply asks with; returns the command's result, or None."""
    cards = await member.autocomplete(table.channel, "play", "card", "")
    plays = [c["value"] for c in cards if c["name"].startswith("Play ")]
    if not plays:
        return None
    asked = await member.slash(table.channel, "play", card=rng.choice(plays))
    assert asked.ephemeral
    if not find(asked.response, "back"):
        return asked  # a single location left: taken at once
    assert "choose location" in asked.response.content, asked.response.content
    buttons, selects = find(asked.response, "do"), find(asked.response, "opt")
    if buttons:
        await member.click(asked.response, custom_id=rng.choice(buttons).custom_id)
    else:
        [select] = selects
        value = rng.choice(select.options).value
        await member.select(asked.response, [value], custom_id=select.custom_id)
    return asked  # its reply now shows the hand after the play


Move = Callable[[int], Awaitable[None]]


def seat_user(table: Table, seat: int) -> simcord.MemberActor:
    return (table.alice, table.bob)[seat]


async def play_out(table: Table, move: Move, match_id: int = 1, limit: int = 200) -> None:
    """Let ``move`` act for each seat the match waits on, until it is over."""
    matches = table.bot.matches
    for _ in range(limit):
        live = await matches.live(match_id)
        if live.match.over:
            return
        for seat in live.match.pending():
            await move(seat)
    raise AssertionError("the match did not end")


def dm_player(table: Table, rng: random.Random, p: float = 0.8) -> Move:
    """Each seat plays a card now and then, then ends its turn, all through its DMs."""

    async def move(seat: int) -> None:
        user = seat_user(table, seat).user
        if rng.random() < p:
            await play_card(user, rng)
        await end_turn(user)

    return move


# -- any ruleset: a chosen action, made through the controls -----------------------------------


def option_picks(param: Param, value: ArgValue) -> tuple[int, ...]:
    """The option indices that stand for a parameter's value (several for a multi-choice)."""
    wanted = value if isinstance(value, tuple) else (value,)
    return tuple(k for k, o in enumerate(param.options) if o.value in wanted)


def _with_suffix(message: Any, suffix: str) -> Any | None:
    return next((c for c in controls(message) if (c.custom_id or "").endswith(suffix)), None)


async def _choose(actor: Any, message: Any, control: Any, picks: tuple[int, ...]) -> None:
    if getattr(control, "options", None) is not None:
        await actor.select(message, [str(k) for k in picks], custom_id=control.custom_id)
    else:
        await actor.click(message, custom_id=control.custom_id)


def _param_control(message: Any, index: int, picks: list[tuple[int, ...]], chosen: int) -> Any:
    """The control that chooses the next parameter's pick: its button, or its select."""
    so_far = Choice(index, tuple(picks[:chosen]))
    return _with_suffix(message, f":do:{so_far.add(picks[chosen]).encode()}") or _with_suffix(
        message, f":opt:{so_far.encode()}"
    )


async def perform(
    actor: Any,
    current: Callable[[], Any],
    specs: Sequence[ActionSpec],
    action: Action,
    *,
    start: int = 0,
) -> None:
    """Make ``action`` as a player would, through the controls of the message ``current()``
    returns (a DM hand, or an ephemeral reply): the action's button or its entry in a select
    (unless its first parameter is offered at once), then each parameter's menu from the
    ``start``-th (those before it were taken already, as a typed command takes a parameter with
    a single option). The custom ids say which control means what (``bot.chat.controls``)."""
    index = next(i for i, s in enumerate(specs) if s.matches(action))
    picks = [option_picks(p, action[p.name]) for p in specs[index].params]
    message = current()
    button = _with_suffix(message, f":do:{index}") if start == 0 else None
    if button is not None:
        await actor.click(message, custom_id=button.custom_id)
        return
    if start == 0 and (not picks or _param_control(message, index, picks, 0) is None):
        [select] = [
            c
            for c in controls(message)
            if ":pick:" in (c.custom_id or "") and any(o.value == str(index) for o in c.options)
        ]
        await actor.select(message, [str(index)], custom_id=select.custom_id)
    for chosen in range(start, len(picks)):
        message = current()
        control = _param_control(message, index, picks, chosen)
        assert control is not None, f"no control for {action} in {controls(message)}"
        await _choose(actor, message, control, picks[chosen])


async def perform_by_dm(
    user: simcord.UserHandle, specs: Sequence[ActionSpec], action: Action
) -> None:
    await perform(user, lambda: hand_message(user), specs, action)


# -- fanfare ----------------------------------------------------------------------------------


def next_seat(match: Match[Any, Any]) -> int:
    """Whom the match waits on; in the mulligan, the second player chooses first."""
    pending = match.pending()
    return pending[0] if len(pending) == 1 else 1 - match.view(None).first


def lively(rng: random.Random, match: Match[Any, Any], seat: int) -> Action:
    """A lively player: attacks the leader when it can, mostly does something, never gives up."""
    specs = match.legal_actions(seat)
    actions = [a for s in specs if s.kind != "concede" for a in s.actions()]
    enemy_leader = match.view(None).players[1 - seat].leader.uid
    at_leader = [a for a in actions if a.kind == "attack" and a["target"] == enemy_leader]
    doing = [a for a in actions if a.kind != "end_turn"]
    if at_leader and rng.random() < 0.7:
        return rng.choice(at_leader)
    if doing and rng.random() < 0.85:
        return rng.choice(doing)
    return next(a for a in actions if a.kind in ("end_turn", "mulligan"))


async def by_slash(table: Table, specs: Any, action: Action) -> None:
    """Bob's moves typed as commands: ``/play`` for what is done with a card, ``/act`` for the
    rest (ending the turn), each from autocomplete; a target is then chosen in the menu of the
    ephemeral reply, as in the hand."""
    bob, channel = table.bob, table.channel
    index = next(i for i, s in enumerate(specs) if s.matches(action))
    spec = specs[index]
    command, option = ("play", "card") if spec.fixed else ("act", "action")
    moves = await bob.autocomplete(channel, command, option, spec.label)
    [move] = [m["value"] for m in moves if m["value"].startswith(f"{index}@")]
    asked = await bob.slash(channel, command, **{option: move})
    assert asked.ephemeral and "Match #1" in asked.response.content
    if spec.params and len(spec.params[0].options) > 1:  # else the only target is taken at once
        assert "choose target" in asked.response.content
        await perform(bob, lambda: asked.response, specs, action)


async def play_fanfare(
    table: Table, rng: random.Random, after: Callable[[], Awaitable[None]] | None = None
) -> None:
    """Play a fanfare match out, ``lively``: Alice by DM, Bob by DM and commands."""
    live = await table.bot.matches.live(1)
    for _ in range(300):
        if live.match.over:
            return
        seat = next_seat(live.match)
        action = lively(rng, live.match, seat)
        specs = live.match.legal_actions(seat)
        if seat == 1 and action.kind in ("play", "end_turn", "attack"):
            await by_slash(table, specs, action)
        else:
            await perform_by_dm(seat_user(table, seat).user, specs, action)
        assert live.match.actions[-1] == (seat, action)
        if after is not None:
            await after()
    raise AssertionError("the match did not end")


# -- charm ------------------------------------------------------------------------------------


def lively_charm(rng: random.Random, match: Match[Any, Any], seat: int) -> Action:
    """A lively charm player: makes EP from backgrounds first and plays cards, charms with all it
    has (with a supporter when it can), blocks when it defends, answers now and then; never
    gives up or turns auto-pass on."""
    specs = [s for s in match.legal_actions(seat) if s.kind not in ("concede", "auto_pass")]
    by_kind: dict[str, list[ActionSpec]] = {}
    for spec in specs:
        by_kind.setdefault(spec.kind, []).append(spec)

    def one(kind: str) -> Action:
        return rng.choice([a for s in by_kind[kind] for a in _some(s)])

    if "mulligan" in by_kind:
        [spec] = by_kind["mulligan"]
        hand = [o.value for o in spec.params[0].options]
        return spec.build(cards=rng.sample(hand, rng.choice((0, 1, 2))))
    for kind in ("order", "target", "recall", "discard"):
        if kind in by_kind:
            return one(kind)
    if "defend" in by_kind:
        if "block" in by_kind and rng.random() < 0.8:
            return one("block")
        return Action("defend")
    acting = "end_turn" in by_kind
    if "play" in by_kind and rng.random() < 0.9:
        return one("play")
    makers = _makers(match, seat, by_kind.get("produce", []))
    if acting and makers and _wanted(match, seat) and rng.random() < 0.9:
        return Action("produce", card=makers[0])
    if "charm" in by_kind:
        supported = [s for s in by_kind["charm"] if dict(s.fixed).get("supporter")]
        spec = rng.choice(supported or by_kind["charm"])
        return max(_some(spec), key=lambda a: len(_uids(a.get("attackers"))))
    if "use" in by_kind and rng.random() < (0.5 if acting else 0.35):
        return one("use")
    if "produce" in by_kind and rng.random() < (0.3 if acting else 0.2):
        return one("produce")
    return Action("end_turn") if acting else Action("pass")


def _makers(match: Match[Any, Any], seat: int, specs: list[ActionSpec]) -> list[Any]:
    """The cards offered for EP, backgrounds first, the heroine last (she would rather attack)."""
    kinds = {c.uid: c.kind for c in match.view(None).players[seat].field}
    order = {"background": 0, "character": 1, "heroine": 2}
    offered = [o.value for s in specs for o in s.params[0].options]
    return sorted(offered, key=lambda uid: order.get(kinds.get(uid, ""), 1))


def _wanted(match: Match[Any, Any], seat: int) -> bool:
    """Whether a card in hand costs more than the pool holds (more EP would let it be played)."""
    pool = match.view(None).players[seat].pool
    return any(c.cost > pool and c.kind != "event" for c in match.view(seat).hand)


def _some(spec: ActionSpec) -> list[Action]:
    """A few of a spec's actions (a multi-choice parameter has many)."""
    found = []
    for action in spec.actions():
        found.append(action)
        if len(found) >= 12:
            break
    return found


def _uids(value: Any) -> tuple[Any, ...]:
    return value if isinstance(value, tuple) else (value,)


async def by_command(table: Table, member: Any, specs: Any, action: Action) -> None:
    """A move typed as a command: ``/play`` for what is done with a card, ``/act`` for the
    rest, each from autocomplete; what the move still needs is then chosen in the menus of the
    ephemeral reply, as in the hand."""
    channel = table.channel
    index = next(i for i, s in enumerate(specs) if s.matches(action))
    spec = specs[index]
    command, option = ("play", "card") if spec.fixed else ("act", "action")
    moves = await member.autocomplete(channel, command, option, spec.label[:20])
    [move] = [m["value"] for m in moves if m["value"].startswith(f"{index}@")]
    asked = await member.slash(channel, command, **{option: move})
    assert asked.ephemeral and "Match #" in asked.response.content
    start = len(prefill(spec, index).picks)  # parameters with a single option: taken at once
    if start < len(spec.params):  # something still to choose
        await perform(member, lambda: asked.response, specs, action, start=start)
