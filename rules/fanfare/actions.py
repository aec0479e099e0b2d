"""The actions of a fanfare seat: mulligan, play, attack, evolve, end turn, concede, timeout.

Each kind is declared once (:data:`KINDS`): the engine accepts exactly what :func:`offer` lists
(and ``concede`` from either seat at any time, and the clock's ``timeout`` for a seat it waits
on), then runs the kind's handler on an action already known to be legal. The ``*_problem``
checks build the offer and, for an action that is not offered, say why in the player's words.
Targets are chosen when acting: a spec's ``target`` parameter lists them, so a UI builds its
select menus from it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping

from ..engine import Action, ActionSpec, Kind, Option, Param, Said, StepLog, kinds
from . import combat, flow
from .state import BOARD_SLOTS, Card, FanfareState, Unit
from .stats import followers, has_keyword
from .targets import hand_option, option, target_problem, units_for
from .words import CAPTIONS, named, text_detail

__all__ = [
    "KINDS",
    "TIMEOUT",
    "attack_targets",
    "can_evolve",
    "offer",
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
        return state.mulligan.waiting_on()
    return (state.turn_player,)


def playable_now(state: FanfareState, seat: int, card: Card) -> bool:
    if _playable(state, seat, card) is not None:
        return False
    kind = card.defn.play_target
    # As _with_target, without building the options: only a spell needs a target to be cast.
    return kind is None or not card.defn.spell or bool(units_for(state, seat, kind, card))


def offer(state: FanfareState, seat: int) -> list[ActionSpec]:
    """The seat's legal actions, less ``concede`` (the engine adds it for both seats)."""
    if state.phase == "mulligan":
        if seat not in state.mulligan.waiting_on():
            return []
        return [_mulligan_spec(state, seat)]
    if seat != state.turn_player:
        return []
    shown: Shown = {}
    specs = _play_specs(state, seat, shown) + _attack_specs(state, seat, shown)
    if can_evolve(state, seat):
        specs += _evolve_specs(state, seat, shown)
    specs.append(_END_TURN)
    return specs


def offer_for(state: FanfareState, seat: int, action: Action) -> list[ActionSpec]:
    """The part of :func:`offer` that could hold ``action``: for playing, attacking with or
    evolving a card, only that card's spec, its options without labels (listing every card's
    targets, with their attack and defence, costs more)."""
    kind = action.kind
    if state.phase != "main" or kind not in ("play", "attack", "evolve"):
        return offer(state, seat)
    if seat != state.turn_player:
        return []
    # No menu is shown: options need their values only (no labels).
    if kind == "play":
        return _play_specs(state, seat, None, action.get("card"))
    if kind == "attack":
        return _attack_specs(state, seat, None, action.get("attacker"))
    return _evolve_specs(state, seat, None, action.get("card")) if can_evolve(state, seat) else []


Shown = dict[int, Option]
"""The options built so far for one offer, by uid: most attackers share their targets."""


def _options(
    state: FanfareState, seat: int, units: list[Unit], shown: Shown | None
) -> tuple[Option, ...]:
    """Each unit as an option; with ``shown`` ``None`` (an action checked, no menu shown) the
    values alone, without the labels that work out attack and defence."""
    if shown is None:
        return tuple(Option(unit.uid, "") for unit in units)
    out = []
    for unit in units:
        found = shown.get(unit.uid)
        if found is None:
            found = shown[unit.uid] = option(state, seat, unit)
        out.append(found)
    return tuple(out)


_END_TURN = ActionSpec("end_turn", CAPTIONS.say("label.end_turn"))
_CONCEDE = ActionSpec("concede", CAPTIONS.say("label.concede"))
_MULLIGAN = CAPTIONS.say("label.mulligan")
_RETURNED = CAPTIONS.say("param.mulligan")
_TARGET = CAPTIONS.say("param.target")


def _mulligan_spec(state: FanfareState, seat: int) -> ActionSpec:
    options = tuple(hand_option(c) for c in state.players[seat].hand)
    return ActionSpec(
        "mulligan",
        _MULLIGAN,
        params=(Param("cards", _RETURNED, options, least=0, most=len(options)),),
    )


def _with_target(
    state: FanfareState, seat: int, kind: str | None, actor: Card, shown: Shown | None = None
) -> tuple[Param, ...] | None:
    """The target parameter (``()`` for none to choose), or ``None`` if the action is
    impossible for want of a target."""
    if kind is None:
        return ()
    units = units_for(state, seat, kind, actor)
    options = _options(state, seat, units, shown)
    if not options:
        return None if actor.defn.spell else ()
    return (Param("target", _TARGET, options),)


def _play_specs(
    state: FanfareState, seat: int, shown: Shown | None, only: object = None
) -> list[ActionSpec]:
    """Plays from hand (of the card ``only``, if given)."""
    specs = []
    player = state.players[seat]
    full = len(player.board) >= BOARD_SLOTS
    for card in player.hand:
        if only is not None and card.uid != only:
            continue
        defn = card.defn
        # _playable's checks, without writing the reasons nobody reads here.
        if card.cost > player.pp or (full and not defn.spell) or defn.drawn_result is not None:
            continue
        params = _with_target(state, seat, defn.play_target, card, shown)
        if params is None:
            continue
        label = named("label.play", card.name)
        detail = _play_detail(card.cost, defn.text)
        specs.append(ActionSpec("play", label, (("card", card.uid),), params, detail))
    return specs


@functools.cache
def _play_detail(cost: int, text: str) -> Said:
    """``"Cost 2. Fanfare: ..."``, said once for each cost and text: menus are listed in quiet
    play too."""
    if text:
        return CAPTIONS.say("detail.play", cost=cost, text=text)
    return CAPTIONS.say("detail.play.plain", cost=cost)


def _attack_specs(
    state: FanfareState, seat: int, shown: Shown | None, only: object = None
) -> list[ActionSpec]:
    """Attacks (by the follower ``only``, if given)."""
    specs = []
    for card in followers(state, seat):
        if only is not None and card.uid != only:
            continue
        allowed = attack_targets(state, card)
        if allowed:
            options = _options(state, seat, allowed, shown)
            specs.append(
                ActionSpec(
                    "attack",
                    named("label.attack", card.name),
                    (("attacker", card.uid),),
                    (Param("target", _TARGET, options),),
                )
            )
    return specs


def _evolve_specs(
    state: FanfareState, seat: int, shown: Shown | None, only: object = None
) -> list[ActionSpec]:
    """Evolutions (of the follower ``only``, if given)."""
    specs = []
    for card in followers(state, seat):
        if card.evolved or (only is not None and card.uid != only):
            continue
        params = _with_target(state, seat, card.defn.evolve_target, card, shown)
        assert params is not None
        label = named("label.evolve", card.name)
        detail = text_detail(card.defn.text)
        specs.append(ActionSpec("evolve", label, (("card", card.uid),), params, detail))
    return specs


# -- why not ------------------------------------------------------------------------------------


def _mulligan_why_not(state: FanfareState, seat: int, action: Action) -> str | None:
    if state.phase != "mulligan":
        return "The mulligan is over."
    if seat not in state.mulligan.waiting_on():
        return "You have already chosen."
    return "Choose cards from your opening hand, each at most once."


Problem = Callable[[FanfareState, int, object, object], str | None]


def _why_not(problem: Problem, first: str, second: str) -> Callable[..., str | None]:
    """Why an action of the turn player's with these two arguments is not allowed."""

    def why_not(state: FanfareState, seat: int, action: Action) -> str | None:
        turn = _turn_problem(state, seat)
        return turn or problem(state, seat, action.get(first), action.get(second))

    return why_not


def _turn_why_not(state: FanfareState, seat: int, action: Action) -> str | None:
    return _turn_problem(state, seat)


def _timeout_why_not(state: FanfareState, seat: int, action: Action) -> str | None:
    if state.phase == "mulligan" and seat not in state.mulligan.waiting_on():
        return "That player has already chosen."
    return _turn_problem(state, seat)


# -- carrying out -------------------------------------------------------------------------------


def _unit(state: FanfareState, uid: object) -> Unit | None:
    if uid is None or not isinstance(uid, int) or isinstance(uid, bool):
        return None
    return state.unit(uid)


def _mulligan(state: FanfareState, seat: int, action: Action, log: StepLog) -> None:
    chosen = action["cards"]
    assert isinstance(chosen, tuple)
    # A menu answers in the order clicked; the hand's order is what counts.
    hand = {c.uid: i for i, c in enumerate(state.players[seat].hand)}
    uids = tuple(sorted((c for c in chosen if isinstance(c, int)), key=hand.__getitem__))
    flow.choose_mulligan(state, seat, uids, log)


Do = Callable[[FanfareState, int, Card, Unit | None, StepLog], None]


def _card_action(do: Do) -> Callable[[FanfareState, int, Action, StepLog], None]:
    """Playing and evolving: a card of the seat's and maybe a target."""

    def handler(state: FanfareState, seat: int, action: Action, log: StepLog) -> None:
        uid = action["card"]
        assert isinstance(uid, int)
        do(state, seat, state.cards[uid], _unit(state, action.get("target")), log)

    return handler


def _attack(state: FanfareState, seat: int, action: Action, log: StepLog) -> None:
    attacker, target = action["attacker"], _unit(state, action["target"])
    assert isinstance(attacker, int) and target is not None
    combat.attack(state, seat, state.cards[attacker], target, log)


def _end_turn(state: FanfareState, seat: int, action: Action, log: StepLog) -> None:
    flow.end_turn(state, log)


def _timeout(state: FanfareState, seat: int, action: Action, log: StepLog) -> None:
    log.event("timeout", None, seat=seat)
    if state.phase == "mulligan":
        flow.choose_mulligan(state, seat, (), log)
    else:
        flow.end_turn(state, log)


def _concede(state: FanfareState, seat: int, action: Action, log: StepLog) -> None:
    flow.concede(state, seat, log)


def _concede_spec(state: FanfareState, seat: int) -> ActionSpec:
    return _CONCEDE


KINDS: Mapping[str, Kind] = kinds(
    Kind("mulligan", _mulligan, ("cards",), why_not=_mulligan_why_not),
    Kind(
        "play",
        _card_action(flow.play),
        ("card",),
        ("target",),
        why_not=_why_not(play_problem, "card", "target"),
    ),
    Kind(
        "attack",
        _attack,
        ("attacker", "target"),
        why_not=_why_not(attack_problem, "attacker", "target"),
    ),
    Kind(
        "evolve",
        _card_action(flow.evolve),
        ("card",),
        ("target",),
        why_not=_why_not(evolve_problem, "card", "target"),
    ),
    Kind("end_turn", _end_turn, why_not=_turn_why_not),
    Kind("timeout", _timeout, why_not=_timeout_why_not, clock=True),
    Kind("concede", _concede, always=_concede_spec),
)
