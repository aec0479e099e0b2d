"""The actions of a fanfare seat: mulligan, play, attack, evolve, end turn, concede, timeout.

Each check returns the reason an action is not allowed, or ``None``. The same checks build
:func:`legal_actions` and guard :func:`apply`, so what is offered is exactly what is accepted,
and ``apply`` changes nothing until every check has passed. Targets are chosen when acting: a
spec's ``target`` parameter lists them, so a UI builds its select menus from it.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import Action, ActionSpec, IllegalAction, Option, Param, StepLog
from . import combat, flow
from .state import BOARD_SLOTS, Card, FanfareState, Unit
from .stats import followers, has_keyword
from .targets import option, target_options, target_problem

__all__ = [
    "TIMEOUT",
    "apply",
    "attack_targets",
    "can_evolve",
    "legal_actions",
    "pending",
    "playable_now",
]

TIMEOUT = Action("timeout")
"""Sent by the match's clock, not by a player: it ends the turn that ran out; during the
mulligan, the seat keeps all its cards."""


# -- checks -------------------------------------------------------------------------------------


def _turn_problem(state: FanfareState, seat: int) -> str | None:
    if state.result is not None:
        return "The match is over."
    if state.phase == "mulligan":
        return "First choose which cards to return (the mulligan)."
    if seat != state.turn_player:
        return "It is not your turn."
    return None


def _hand_card(state: FanfareState, seat: int, uid: object) -> Card | str:
    card = state.cards.get(uid) if isinstance(uid, int) and not isinstance(uid, bool) else None
    if card is None or card.zone != "hand" or card.owner != seat:
        return "That card is not in your hand."
    return card


def _playable(state: FanfareState, seat: int, card: Card) -> str | None:
    player = state.players[seat]
    if card.cost > player.pp:
        return f"Not enough PP: {card.name} costs {card.cost}, you have {player.pp}."
    if not card.defn.spell and len(player.board) >= BOARD_SLOTS:
        return "Your board is full (5 cards)."
    if card.defn.drawn_result is not None:
        return f"{card.name} cannot be played."
    return None


def play_problem(state: FanfareState, seat: int, uid: object, target: object) -> str | None:
    card = _hand_card(state, seat, uid)
    if isinstance(card, str):
        return card
    found = target_problem(state, seat, card.defn.play_target, card, target, card.defn.spell)
    return _playable(state, seat, card) or (found if isinstance(found, str) else None)


def _own_follower(state: FanfareState, seat: int, uid: object) -> Card | str:
    card = state.cards.get(uid) if isinstance(uid, int) and not isinstance(uid, bool) else None
    if card is None or card.zone != "board" or card.owner != seat or not card.defn.follower:
        return "Choose one of your followers on the board."
    return card


def attack_targets(state: FanfareState, attacker: Card) -> list[Unit]:
    """Whom a follower may attack now (FANFARE-2.2, FANFARE-1.4, ward)."""
    if attacker.attacked or attacker.zone != "board":
        return []
    new = attacker.entered_turn == state.turn
    storm = has_keyword(attacker, "storm")
    if new and not (storm or has_keyword(attacker, "rush") or attacker.evolved_turn == state.turn):
        return []
    enemy = 1 - attacker.owner
    foes = followers(state, enemy)
    wards = [c for c in foes if has_keyword(c, "ward")]
    if wards:
        return list(wards)
    leader: list[Unit] = [state.players[enemy].leader] if storm or not new else []
    return leader + list(foes)


def attack_problem(state: FanfareState, seat: int, uid: object, target: object) -> str | None:
    attacker = _own_follower(state, seat, uid)
    if isinstance(attacker, str):
        return attacker
    if attacker.attacked:
        return f"{attacker.name} has already attacked this turn."
    allowed = attack_targets(state, attacker)
    if not allowed:
        return f"{attacker.name} cannot attack this turn."
    if not any(u.uid == target and not isinstance(target, bool) for u in allowed):
        return "Choose one of the targets offered (a ward follower must be attacked first)."
    return None


def evolve_problem(state: FanfareState, seat: int, uid: object, target: object) -> str | None:
    player = state.players[seat]
    if not flow.evolve_unlocked(state, seat):
        return "You cannot evolve yet."
    if player.ep <= 0:
        return "You have no evolution points left."
    if player.evolved_this_turn:
        return "You have already evolved this turn."
    card = _own_follower(state, seat, uid)
    if isinstance(card, str):
        return card
    if card.evolved:
        return f"{card.name} has already evolved."
    found = target_problem(state, seat, card.defn.evolve_target, card, target, False)
    return found if isinstance(found, str) else None


def can_evolve(state: FanfareState, seat: int) -> bool:
    """Whether the seat could evolve a follower now."""
    player = state.players[seat]
    return (
        state.result is None
        and state.phase == "main"
        and seat == state.turn_player
        and flow.evolve_unlocked(state, seat)
        and player.ep > 0
        and not player.evolved_this_turn
        and any(not c.evolved for c in followers(state, seat))
    )


# -- what is legal ------------------------------------------------------------------------------


def pending(state: FanfareState) -> tuple[int, ...]:
    """The seats the match waits on: both undecided seats in the mulligan, else the turn player."""
    if state.result is not None:
        return ()
    if state.phase == "mulligan":
        return tuple(p.seat for p in state.players if p.mulligan is None)
    return (state.turn_player,)


def playable_now(state: FanfareState, seat: int, card: Card) -> bool:
    if _playable(state, seat, card) is not None:
        return False
    return _with_target(state, seat, card.defn.play_target, card) is not None


def legal_actions(state: FanfareState, seat: int) -> list[ActionSpec]:
    if state.result is not None:
        return []
    if state.phase == "mulligan":
        if state.players[seat].mulligan is not None:
            return []
        return [_mulligan_spec(state, seat), ActionSpec("concede", "Concede")]
    if seat != state.turn_player:
        return []
    specs = _play_specs(state, seat) + _attack_specs(state, seat)
    if can_evolve(state, seat):
        specs += _evolve_specs(state, seat)
    specs.append(ActionSpec("end_turn", "End turn"))
    specs.append(ActionSpec("concede", "Concede"))
    return specs


def _mulligan_spec(state: FanfareState, seat: int) -> ActionSpec:
    hand = state.players[seat].hand
    options = tuple(Option(c.uid, f"{c.name} (cost {c.cost})", c.defn.text) for c in hand)
    return ActionSpec(
        "mulligan",
        "Choose cards to return (mulligan)",
        params=(Param("cards", "Cards to return", options, least=0, most=len(options)),),
    )


def _with_target(
    state: FanfareState, seat: int, kind: str | None, actor: Card
) -> tuple[Param, ...] | None:
    """The target parameter (``()`` for none to choose), or ``None`` if the action is
    impossible for want of a target."""
    if kind is None:
        return ()
    options = target_options(state, seat, kind, actor)
    if not options:
        return None if actor.defn.spell else ()
    return (Param("target", "Target", options),)


def _play_specs(state: FanfareState, seat: int) -> list[ActionSpec]:
    specs = []
    for card in state.players[seat].hand:
        if _playable(state, seat, card) is not None:
            continue
        params = _with_target(state, seat, card.defn.play_target, card)
        if params is None:
            continue
        detail = f"Cost {card.cost}. {card.defn.text}".strip()
        specs.append(ActionSpec("play", f"Play {card.name}", (("card", card.uid),), params, detail))
    return specs


def _attack_specs(state: FanfareState, seat: int) -> list[ActionSpec]:
    specs = []
    for card in followers(state, seat):
        allowed = attack_targets(state, card)
        if allowed:
            options = tuple(option(state, seat, u) for u in allowed)
            specs.append(
                ActionSpec(
                    "attack",
                    f"Attack with {card.name}",
                    (("attacker", card.uid),),
                    (Param("target", "Target", options),),
                )
            )
    return specs


def _evolve_specs(state: FanfareState, seat: int) -> list[ActionSpec]:
    specs = []
    for card in followers(state, seat):
        if card.evolved:
            continue
        params = _with_target(state, seat, card.defn.evolve_target, card)
        assert params is not None
        specs.append(
            ActionSpec(
                "evolve", f"Evolve {card.name}", (("card", card.uid),), params, card.defn.text
            )
        )
    return specs


# -- applying -----------------------------------------------------------------------------------


def _args(action: Action, *needed: str, optional: tuple[str, ...] = ()) -> None:
    names = set(action.args)
    if not set(needed) <= names or not names <= set(needed) | set(optional):
        wanted = ", ".join(needed) or "no arguments"
        raise IllegalAction(f"'{action.kind}' takes {wanted}.")


def _check(problem: str | None) -> None:
    if problem is not None:
        raise IllegalAction(problem)


def _unit(state: FanfareState, uid: object) -> Unit | None:
    if uid is None or not isinstance(uid, int) or isinstance(uid, bool):
        return None
    return state.unit(uid)


def _mulligan(state: FanfareState, seat: int, action: Action, log: StepLog) -> None:
    _args(action, "cards")
    if state.result is not None or state.phase != "mulligan":
        raise IllegalAction("The mulligan is over.")
    player = state.players[seat]
    if player.mulligan is not None:
        raise IllegalAction("You have already chosen.")
    chosen = action["cards"]
    hand = {c.uid: i for i, c in enumerate(player.hand)}
    if (
        not isinstance(chosen, tuple)
        or len(set(chosen)) != len(chosen)
        or not all(isinstance(c, int) and not isinstance(c, bool) and c in hand for c in chosen)
    ):
        raise IllegalAction("Choose cards from your opening hand, each at most once.")
    # Any order is accepted (a menu may answer in the order clicked); the hand's order counts.
    uids = tuple(sorted((c for c in chosen if isinstance(c, int)), key=hand.__getitem__))
    flow.choose_mulligan(state, seat, uids, log)


Handler = Callable[[FanfareState, int, Action, StepLog], None]
Problem = Callable[[FanfareState, int, object, object], str | None]
Do = Callable[[FanfareState, int, Card, Unit | None, StepLog], None]


def _card_action(problem: Problem, do: Do) -> Handler:
    """Playing and evolving: a card of the seat's and maybe a target, checked, then done."""

    def handler(state: FanfareState, seat: int, action: Action, log: StepLog) -> None:
        _args(action, "card", optional=("target",))
        _check(_turn_problem(state, seat))
        uid, target = action["card"], action.get("target")
        _check(problem(state, seat, uid, target))
        assert isinstance(uid, int)
        do(state, seat, state.cards[uid], _unit(state, target), log)

    return handler


def _attack(state: FanfareState, seat: int, action: Action, log: StepLog) -> None:
    _args(action, "attacker", "target")
    _check(_turn_problem(state, seat))
    _check(attack_problem(state, seat, action["attacker"], action["target"]))
    attacker, target = action["attacker"], _unit(state, action["target"])
    assert isinstance(attacker, int) and target is not None
    combat.attack(state, seat, state.cards[attacker], target, log)


def _end_turn(state: FanfareState, seat: int, action: Action, log: StepLog) -> None:
    _args(action)
    _check(_turn_problem(state, seat))
    flow.end_turn(state, log)


def _timeout(state: FanfareState, seat: int, action: Action, log: StepLog) -> None:
    _args(action)
    if state.result is None and state.phase == "mulligan":
        if state.players[seat].mulligan is not None:
            raise IllegalAction("That player has already chosen.")
        log.event("timeout", None, seat=seat)
        flow.choose_mulligan(state, seat, (), log)
        return
    _check(_turn_problem(state, seat))
    log.event("timeout", None, seat=seat)
    flow.end_turn(state, log)


def _concede(state: FanfareState, seat: int, action: Action, log: StepLog) -> None:
    _args(action)
    if state.result is not None:
        raise IllegalAction("The match is over.")
    flow.concede(state, seat, log)


_HANDLERS: dict[str, Handler] = {
    "mulligan": _mulligan,
    "play": _card_action(play_problem, flow.play),
    "attack": _attack,
    "evolve": _card_action(evolve_problem, flow.evolve),
    "end_turn": _end_turn,
    "timeout": _timeout,
    "concede": _concede,
}


def apply(state: FanfareState, seat: int, action: Action, log: StepLog) -> None:
    handler = _HANDLERS.get(action.kind)
    if handler is None:
        raise IllegalAction(f"Fanfare has no action {action.kind!r}.")
    handler(state, seat, action, log)
