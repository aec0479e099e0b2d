"""Targets chosen when acting: what a seat may pick, and how a menu shows it.

Options are in board order, the actor's own side first; a leader's value is its uid (1 or 2), so
every target is one integer. Labels say what a player needs to choose ("Hearth Sprite 1/2",
"enemy board, slot 1"; "Enemy leader · 17 defence").
"""

from __future__ import annotations

import functools

from ..engine import Option, Said
from .state import Card, FanfareState, Leader, Unit
from .stats import attack, defence, followers
from .words import CAPTIONS, named, text_detail

__all__ = ["hand_option", "option", "target_options", "target_problem", "units_for"]


def units_for(state: FanfareState, seat: int, kind: str, actor: Card) -> list[Unit]:
    """What ``seat`` may choose for a target of this kind, in board order (own side first)."""
    enemy = 1 - seat
    if kind == "enemy_follower":
        return list(followers(state, enemy))
    if kind == "follower":
        return [c for s in (seat, enemy) for c in followers(state, s) if c is not actor]
    if kind == "ally_follower":
        return [c for c in followers(state, seat) if c is not actor]
    if kind == "enemy":
        return [state.players[enemy].leader, *followers(state, enemy)]
    if kind == "enemy_card":
        return list(state.players[enemy].board)
    if kind == "amulet":
        return [c for s in (seat, enemy) for c in state.players[s].board if c.defn.amulet]
    if kind == "hand_card":
        return [c for c in state.players[seat].hand if c is not actor]
    raise ValueError(f"{kind!r} is not a chosen target")


def option(state: FanfareState, seat: int, unit: Unit) -> Option:
    if isinstance(unit, Leader):
        return Option(unit.uid, _leader(unit.seat == seat, unit.defence))
    if unit.zone == "hand":
        return hand_option(unit)
    slot = state.players[unit.owner].board.index(unit) + 1
    if unit.defn.follower:
        label = _follower(unit.name, attack(state, unit), defence(state, unit))
    elif unit.countdown is not None:
        label = _amulet(unit.name, unit.countdown)
    else:
        label = named("option.card", unit.name)
    return Option(unit.uid, label, _slot(unit.owner == seat, slot))


def hand_option(card: Card) -> Option:
    """A card in hand, with its cost, and its text as the detail."""
    return Option(card.uid, _in_hand(card.name, card.cost), text_detail(card.defn.text))


# Each label said once (words.said): menus are listed in quiet play too.
@functools.cache
def _leader(own: bool, defence: int) -> Said:
    whose = "own" if own else "enemy"
    return CAPTIONS.say(f"option.leader.{whose}", defence=defence)


@functools.cache
def _follower(name: str, attack: int, defence: int) -> Said:
    return CAPTIONS.say("option.follower", card=name, attack=attack, defence=defence)


@functools.cache
def _amulet(name: str, countdown: int) -> Said:
    return CAPTIONS.say("option.countdown", card=name, countdown=countdown)


@functools.cache
def _slot(own: bool, slot: int) -> Said:
    return CAPTIONS.say(f"option.slot.{'own' if own else 'enemy'}", slot=slot)


@functools.cache
def _in_hand(name: str, cost: int) -> Said:
    return CAPTIONS.say("option.hand", card=name, cost=cost)


def target_options(state: FanfareState, seat: int, kind: str, actor: Card) -> tuple[Option, ...]:
    return tuple(option(state, seat, u) for u in units_for(state, seat, kind, actor))


def target_problem(
    state: FanfareState, seat: int, kind: str | None, actor: Card, target: object, required: bool
) -> Unit | str | None:
    """The chosen target as a unit (``None``: no target), or the reason it is not allowed.
    With nothing to choose from, a follower acts without a target; a spell cannot be cast."""
    if kind is None:
        return None if target is None else f"{actor.name} takes no target."
    units = units_for(state, seat, kind, actor)
    if not units:
        if required:
            return f"{actor.name} has no target to choose."
        return None if target is None else "There is nothing to target."
    for unit in units:
        if unit.uid == target and not isinstance(target, bool):
            return unit
    return "Choose one of the targets offered."
