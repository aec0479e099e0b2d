"""The actions of a lanes seat: staging (LANES-4), snap and retreat (LANES-9).

Each check below returns the reason an action is not allowed, or ``None``. The same checks build
:func:`legal_actions` and guard :func:`apply`, so what is offered is exactly what is accepted.
``apply`` changes nothing until every check has passed.
"""

from __future__ import annotations

from typing import Any

from ..engine import Action, ActionSpec, IllegalAction, Param, StepLog
from .effects import free_slots, location_flag
from .flow import SEAT, retreat, reveal
from .state import Card, LanesState, Location, Player, Staged

__all__ = ["TIMEOUT", "apply", "legal_actions", "location_label"]

TIMEOUT = Action("timeout")
"""Sent by the match's clock, not by a player: LANES-4.5 ends that seat's staging as it stands."""

_STAGING = ("play", "move", "activate", "reset", "end_turn")


def location_label(loc: Location) -> str:
    return loc.label


def slots_after_staging(state: LanesState, seat: int) -> list[int]:
    """Free slots on the seat's side of each location once its staged actions have resolved."""
    left = [free_slots(loc, seat) for loc in state.locations]
    for item in state.staging.staged[seat]:
        if item.location >= 0:  # a play or a move arrives
            left[item.location] -= 1
        if item.kind == "move":  # and a move leaves (moves resolve first, LANES-5.3)
            left[item.origin] += 1
    return left


def _staged_for(state: LanesState, seat: int, card: Card, kind: str) -> bool:
    return any(i.card == card.uid and i.kind == kind for i in state.staging.staged[seat])


def _own_card_in_play(state: LanesState, seat: int, uid: object) -> Card | str:
    card = state.cards.get(uid) if isinstance(uid, int) else None
    if card is None or card.owner != seat or card.loc < 0 or not card.face_up:
        return "Pick one of your face-up cards on the board."
    return card


def _location(state: LanesState, index: object) -> Location | str:
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < 3:
        return "Pick a location: left (0), center (1) or right (2)."
    return state.locations[index]


def _affordable(player: Player, card: Card) -> bool:
    return card.cost <= player.energy


def _hand_card_problem(state: LanesState, seat: int, uid: object) -> str | None:
    player = state.players[seat]
    card = state.cards.get(uid) if isinstance(uid, int) else None
    if card is None or card not in player.hand:
        return "That card is not in your hand."
    if not _affordable(player, card):
        return (
            f"Not enough energy: {card.defn.name} costs {card.cost}, you have {player.energy} left."
        )
    return None


def _landing_problem(state: LanesState, seat: int, where: object) -> str | None:
    """Whether the seat may play a card to ``where`` (the same for every card)."""
    loc = _location(state, where)
    if isinstance(loc, str):
        return loc
    return _landing_problem_at(loc, slots_after_staging(state, seat)[loc.index])


def _landing_problem_at(loc: Location, free: int) -> str | None:
    """The checks of :func:`~rules.lanes.flow.can_land`, with ``free`` slots after staging."""
    if loc.destroyed:
        return f"{loc.label} is destroyed: nothing can be played there."
    if location_flag(loc, "no_play"):
        return f"Cards can't be played at {loc.label}."
    if free <= 0:
        return f"Your side of {loc.label} is full (4 cards)."
    return None


def play_problem(state: LanesState, seat: int, uid: object, where: object) -> str | None:
    return _hand_card_problem(state, seat, uid) or _landing_problem(state, seat, where)


def _mover_problem(state: LanesState, seat: int, uid: object) -> Card | str:
    card = _own_card_in_play(state, seat, uid)
    if isinstance(card, str):
        return card
    if not card.defn.can_move and not location_flag(state.locations[card.loc], "allow_move"):
        return f"{card.defn.name} can't move."
    if _staged_for(state, seat, card, "move"):
        return f"{card.defn.name} is already moving this turn."
    return card


def _destination_problem(card: Card, dest: Location, free: int) -> str | None:
    """Whether ``card`` may move to ``dest``, which has ``free`` slots after staging."""
    if dest.index == card.loc:
        return f"{card.defn.name} is already at {dest.label}."
    if dest.destroyed:
        return f"{dest.label} is destroyed."
    if free <= 0:
        return f"Your side of {dest.label} is full (4 cards)."
    return None


def move_problem(state: LanesState, seat: int, uid: object, where: object) -> str | None:
    card = _mover_problem(state, seat, uid)
    if isinstance(card, str):
        return card
    dest = _location(state, where)
    if isinstance(dest, str):
        return dest
    return _destination_problem(card, dest, slots_after_staging(state, seat)[dest.index])


def activate_problem(state: LanesState, seat: int, uid: object) -> str | None:
    card = _own_card_in_play(state, seat, uid)
    if isinstance(card, str):
        return card
    if "activate" not in card.defn.by_when:
        return f"{card.defn.name} has nothing to activate."
    if card.activated or _staged_for(state, seat, card, "activate"):
        return f"{card.defn.name}'s ability works once per game, and it is used."
    return None


def _staging_problem(state: LanesState, seat: int, kind: str) -> str | None:
    if state.result is not None:
        return "The match is over."
    if kind in _STAGING and state.staging.ended[seat]:
        return "You have ended your turn. Take it back first to change your plays."
    return None


# -- what is legal ------------------------------------------------------------------------------


_RESET = ActionSpec("reset", "Undo this turn's plays")
_END_TURN = ActionSpec("end_turn", "End turn")
_TAKE_BACK = ActionSpec("take_back", "Take back end turn")
_SNAP = ActionSpec("snap", "Snap (double the stakes)")


def legal_actions(state: LanesState, seat: int) -> list[ActionSpec]:
    if state.result is not None:
        return []
    staging = state.staging
    if not staging.ended[seat]:
        free = slots_after_staging(state, seat)
        specs = _play_specs(state, seat, free)
        specs += _board_specs(state, seat, free)
        if staging.staged[seat]:
            specs.append(_RESET)
        specs.append(_END_TURN)
    else:
        specs = [_TAKE_BACK] if staging.can_take_back(seat) else []
    if not state.players[seat].snapped:
        specs.append(_SNAP)
    specs.append(_RETREATS.get(state.stakes) or _retreat_spec(state.stakes))
    return specs


def _retreat_spec(stakes: int) -> ActionSpec:
    return ActionSpec("retreat", f"Retreat (lose {stakes} now)")


_RETREATS = {stakes: _retreat_spec(stakes) for stakes in (1, 2, 4, 8)}  # LANES-9.2


def _play_specs(state: LanesState, seat: int, free: list[int]) -> list[ActionSpec]:
    energy = state.players[seat].energy
    affordable = [card for card in state.players[seat].hand if card.cost <= energy]
    if not affordable:  # often so late in a turn: no need to look at the board
        return []
    open_here = tuple(
        loc.option for loc in state.locations if _landing_problem_at(loc, free[loc.index]) is None
    )
    if not open_here:
        return []
    params = (Param("location", "Location", open_here),)
    return [
        ActionSpec(
            "play",
            f"Play {card.defn.name}",
            (("card", card.uid),),
            params,
            f"Cost {card.cost}, power {card.base_power}. {card.defn.text}",
        )
        for card in affordable
    ]


def _board_specs(state: LanesState, seat: int, free: list[int]) -> list[ActionSpec]:
    specs: list[ActionSpec] = []
    for loc in state.locations:
        may_move_here = location_flag(loc, "allow_move")
        for card in loc.sides[seat]:
            # Most cards can neither move nor activate: only the others get the full checks.
            if not card.face_up or not (may_move_here or card.defn.can_act):
                continue
            if may_move_here or card.defn.can_move:
                move = _move_spec(state, seat, card, free)
                if move is not None:
                    specs.append(move)
            if "activate" in card.defn.by_when and activate_problem(state, seat, card.uid) is None:
                specs.append(
                    ActionSpec(
                        "activate",
                        f"Activate {card.defn.name}",
                        (("card", card.uid),),
                        (),
                        card.defn.text,
                    )
                )
    return specs


def _move_spec(state: LanesState, seat: int, card: Card, free: list[int]) -> ActionSpec | None:
    if isinstance(_mover_problem(state, seat, card.uid), str):
        return None
    dests = tuple(
        dest.option
        for dest in state.locations
        if _destination_problem(card, dest, free[dest.index]) is None
    )
    if not dests:
        return None
    return ActionSpec(
        "move",
        f"Move {card.defn.name}",
        (("card", card.uid),),
        (Param("location", "To", dests),),
        card.defn.text,
    )


# -- applying -----------------------------------------------------------------------------------


def apply(state: LanesState, seat: int, action: Action, log: StepLog) -> None:
    kind = action.kind
    handler = _HANDLERS.get(kind)
    if handler is None:
        raise IllegalAction(f"Lanes has no action {kind!r}.")
    problem = _staging_problem(state, seat, kind)
    if problem is not None:
        raise IllegalAction(problem)
    handler(state, seat, action, log)


def _remember_start(state: LanesState, seat: int) -> None:
    player = state.players[seat]
    if player.hand_at_start is None:
        player.hand_at_start = list(player.hand)
        player.energy_at_start = player.energy


def _play(state: LanesState, seat: int, action: Action, log: StepLog) -> None:
    uid, where = _args(action, "card", "location")
    problem = play_problem(state, seat, uid, where)
    if problem is not None:
        raise IllegalAction(problem)
    player = state.players[seat]
    card, loc = state.cards[uid], state.locations[where]
    _remember_start(state, seat)
    player.hand.remove(card)
    player.energy -= card.cost
    state.staging.stage(seat, Staged.of(action, card, loc.index))
    log.event(
        "staged",
        seat,
        seat=seat,
        kind="play",
        card=card.uid,
        name=card.defn.name,
        location=loc.index,
    )
    log.step(f"You stage {card.defn.name} at {loc.label}.", to=seat)


def _move(state: LanesState, seat: int, action: Action, log: StepLog) -> None:
    uid, where = _args(action, "card", "location")
    problem = move_problem(state, seat, uid, where)
    if problem is not None:
        raise IllegalAction(problem)
    card, dest = state.cards[uid], state.locations[where]
    _remember_start(state, seat)
    state.staging.stage(seat, Staged.of(action, card, dest.index))
    log.event(
        "staged",
        seat,
        seat=seat,
        kind="move",
        card=card.uid,
        name=card.defn.name,
        location=dest.index,
    )
    log.step(f"You stage a move: {card.defn.name} to {dest.label}.", to=seat)


def _activate(state: LanesState, seat: int, action: Action, log: StepLog) -> None:
    (uid,) = _args(action, "card")
    problem = activate_problem(state, seat, uid)
    if problem is not None:
        raise IllegalAction(problem)
    card = state.cards[uid]
    _remember_start(state, seat)
    state.staging.stage(seat, Staged.of(action, card))
    log.event("staged", seat, seat=seat, kind="activate", card=card.uid, name=card.defn.name)
    log.step(f"You stage {card.defn.name}'s activation.", to=seat)


def _reset(state: LanesState, seat: int, action: Action, log: StepLog) -> None:
    _args(action)
    player = state.players[seat]
    if not state.staging.staged[seat] or player.hand_at_start is None:
        raise IllegalAction("You have nothing staged this turn.")
    state.staging.reset(seat)
    player.hand = player.hand_at_start
    player.energy = player.energy_at_start
    player.hand_at_start = None
    log.event("staging_reset", seat, seat=seat)
    log.step("You take back this turn's plays.", to=seat)


def _end_turn(state: LanesState, seat: int, action: Action, log: StepLog) -> None:
    _args(action)
    _end(state, seat, log, locked=False)


def _timeout(state: LanesState, seat: int, action: Action, log: StepLog) -> None:
    _args(action)
    if state.staging.ended[seat]:
        raise IllegalAction("That player has already ended the turn.")
    _end(state, seat, log, locked=True)


def _end(state: LanesState, seat: int, log: StepLog, *, locked: bool) -> None:
    state.staging.end(seat, locked=locked)
    log.event("ended_turn", None, seat=seat, timeout=locked)
    if locked:
        log.step(f"{SEAT[seat]} ran out of time: the plays staged so far stand.")
    else:
        log.step(f"{SEAT[seat]} ends the turn.")
    if state.staging.all_ended():
        reveal(state, log)


def _take_back(state: LanesState, seat: int, action: Action, log: StepLog) -> None:
    _args(action)
    if not state.staging.can_take_back(seat):
        raise IllegalAction("You can't take back the end of your turn now.")
    state.staging.take_back(seat)
    log.event("took_back", None, seat=seat)
    log.step(f"{SEAT[seat]} takes back the end of the turn and keeps staging.")


def _snap(state: LanesState, seat: int, action: Action, log: StepLog) -> None:
    _args(action)
    player = state.players[seat]
    if player.snapped:
        raise IllegalAction("You have already snapped this match.")
    player.snapped = True
    player.snap_pending = True
    log.event("snapped", None, seat=seat)
    log.step(f"{SEAT[seat]} snaps! The stakes double when this turn ends.")


def _retreat(state: LanesState, seat: int, action: Action, log: StepLog) -> None:
    _args(action)
    retreat(state, seat, log)


def _args(action: Action, *names: str) -> tuple[Any, ...]:
    """The action's arguments ``names``, in this order; it must have exactly these. The checks
    that follow make sure of their types."""
    args = action.args
    if args.keys() != set(names):
        wanted = ", ".join(names) or "no arguments"
        raise IllegalAction(f"'{action.kind}' takes {wanted}.")
    return tuple(args[name] for name in names)


_HANDLERS = {
    "play": _play,
    "move": _move,
    "activate": _activate,
    "reset": _reset,
    "end_turn": _end_turn,
    "take_back": _take_back,
    "timeout": _timeout,
    "snap": _snap,
    "retreat": _retreat,
}
