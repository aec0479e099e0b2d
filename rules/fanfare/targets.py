"""Targets chosen when acting: what a seat may pick, and how a menu shows it.

Options are in board order, the actor's own side first; a leader's value is its uid (1 or 2), so
every target is one integer. Labels say what a player needs to choose ("Hearth Sprite 1/2",
"enemy board, slot 1"; "Enemy leader · 17 defence").
"""

from __future__ import annotations

from ..engine import Option
from .state import Card, FanfareState, Leader, Unit
from .stats import attack, defence, followers

__all__ = ["option", "target_options", "target_problem", "units_for"]


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
        whose = "Your" if unit.seat == seat else "Enemy"
        return Option(unit.uid, f"{whose} leader · {unit.defence} defence")
    if unit.zone == "hand":
        return Option(unit.uid, f"{unit.name} (cost {unit.cost})", unit.defn.text)
    side = "your" if unit.owner == seat else "enemy"
    slot = state.players[unit.owner].board.index(unit) + 1
    if unit.defn.follower:
        label = f"{unit.name} {attack(state, unit)}/{defence(state, unit)}"
    elif unit.countdown is not None:
        label = f"{unit.name} (countdown {unit.countdown})"
    else:
        label = unit.name
    return Option(unit.uid, label, f"{side} board, slot {slot}")


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
