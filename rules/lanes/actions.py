"""The actions of a lanes seat: staging (LANES-4), snap and retreat (LANES-9).

Each kind is declared once (:data:`KINDS`): the engine accepts exactly what :func:`offer` lists
(and retreat, and the clock's timeout), so a handler runs only on a legal action and checks
nothing again. The ``*_problem`` functions say, in the player's words, why an action is refused;
the same checks build the menus.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from ..engine import Action, ActionSpec, Kind, Option, Param, Said, StepLog, kinds
from .effects import board_totals, closed_to_plays, location_flag, powers
from .flow import SEAT, retreat, reveal
from .state import SLOTS, Card, LanesState, Location, Player, Staged
from .words import CAPTIONS

__all__ = [
    "KINDS",
    "TIMEOUT",
    "location_label",
    "location_options",
    "offer",
    "slots_after_staging",
]

TIMEOUT = Action("timeout")
"""Sent by the match's clock, not by a player: LANES-4.5 ends that seat's staging as it stands."""


def location_label(loc: Location) -> str:
    return loc.label


def slots_after_staging(state: LanesState, seat: int) -> list[int]:
    """Free slots on the seat's side of each location once its staged actions have resolved."""
    left = [0 if loc.destroyed else SLOTS - len(loc.sides[seat]) for loc in state.locations]
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


# -- why an action is refused (the engine asks only once it is not listed) ------------------------

_ENDED = "You have ended your turn. Take it back first to change your plays."


def _ended(state: LanesState, seat: int) -> str | None:
    return _ENDED if state.staging.ended[seat] else None


def _why_not_play(state: LanesState, seat: int, action: Action) -> str | None:
    return _ended(state, seat) or play_problem(state, seat, action["card"], action["location"])


def _why_not_move(state: LanesState, seat: int, action: Action) -> str | None:
    return _ended(state, seat) or move_problem(state, seat, action["card"], action["location"])


def _why_not_activate(state: LanesState, seat: int, action: Action) -> str | None:
    return _ended(state, seat) or activate_problem(state, seat, action["card"])


def _why_not_reset(state: LanesState, seat: int, action: Action) -> str | None:
    return _ended(state, seat) or "You have nothing staged this turn."


def _why_not_end_turn(state: LanesState, seat: int, action: Action) -> str | None:
    return _ended(state, seat)


def _why_not_take_back(state: LanesState, seat: int, action: Action) -> str | None:
    return "You can't take back the end of your turn now."


def _why_not_timeout(state: LanesState, seat: int, action: Action) -> str | None:
    return "That player has already ended the turn."


def _why_not_snap(state: LanesState, seat: int, action: Action) -> str | None:
    return "You have already snapped this match."


# -- what is legal ------------------------------------------------------------------------------


_RESET = ActionSpec("reset", CAPTIONS.say("label.reset"))
_END_TURN = ActionSpec("end_turn", CAPTIONS.say("label.end_turn"))
_TAKE_BACK = ActionSpec("take_back", CAPTIONS.say("label.take_back"))
_SNAP = ActionSpec("snap", CAPTIONS.say("label.snap"))
_LOCATION = CAPTIONS.say("param.location")
_TO = CAPTIONS.say("param.to")
_new = tuple.__new__  # builds a spec without the named tuple's own __new__: menus are built often


def offer(state: LanesState, seat: int) -> list[ActionSpec]:
    """The seat's actions now, less retreat (an ``always`` kind the engine adds last)."""
    if state.staging.ended[seat]:
        return _turn_specs(state, seat)
    free = slots_after_staging(state, seat)
    return (
        _play_specs(state, seat, free, True)
        + _board_specs(state, seat, free, True)
        + _turn_specs(state, seat)
    )


def location_options(state: LanesState, seat: int) -> list[Option]:
    """Each location as a menu offers it to ``seat``, labelled with the totals the seat sees
    there: ``"Quiet Square · you 5 – 3 them"``.

    The seat's own total counts its face-down cards and this turn's staged plays and moves (as
    its hand shows them: a staged card at its power in hand, a moving card at its power now);
    the opponent's counts only what everyone sees, its face-up cards (LANES-4.2). Random play
    asks for these at every decision, so they are kept (``LanesState.places``) until the board
    changes or the seat stages or undoes something (:func:`_stage`, :func:`_reset`), and each
    option is made once (:func:`_labelled`)."""
    board = (state.turn, state.next_placed)
    kept = state.places[seat]
    if kept is not None and kept[0] == board:
        return kept[1]
    on_board, seen = board_totals(state)
    mine = on_board[seat]
    staged = state.staging.staged[seat]
    if staged:
        mine = list(mine)
        power: dict[int, int] | None = None
        for item in staged:
            card = state.cards[item.card]
            if item.kind == "play":
                mine[item.location] += card.defn.power + card.bonus
            elif item.kind == "move":
                power = power if power is not None else powers(state)
                mine[item.origin] -= power.get(card.uid, 0)
                mine[item.location] += power.get(card.uid, 0)
    options = [
        loc.labelled.get((own, other)) or _labelled(loc, own, other)
        for loc, own, other in zip(state.locations, mine, seen[seat], strict=True)
    ]
    state.places[seat] = (board, options)
    return options


def _labelled(loc: Location, mine: int, theirs: int) -> Option:
    """The location's option with these totals, made once (``Location.labelled``): in random
    play most totals come back, and making the label is most of the work."""
    option = _new(Option, (loc.index, _location_label(loc.label, mine, theirs), ""))
    loc.labelled[(mine, theirs)] = option
    return option


def _turn_specs(state: LanesState, seat: int) -> list[ActionSpec]:
    """Undo, end or take back the turn, and snap."""
    staging = state.staging
    if not staging.ended[seat]:
        specs = [_RESET, _END_TURN] if staging.staged[seat] else [_END_TURN]
    else:
        specs = [_TAKE_BACK] if staging.can_take_back(seat) else []
    if not state.players[seat].snapped:
        specs.append(_SNAP)
    return specs


def offer_for(state: LanesState, seat: int, action: Action) -> list[ActionSpec]:
    """The part of :func:`offer` that could hold ``action``: for a card's play, move or
    activation, only that card's specs (listing every card's costs more than the move)."""
    kind = action.kind
    if kind not in ("play", "move", "activate"):
        return _turn_specs(state, seat)
    if state.staging.ended[seat]:
        return []
    free = slots_after_staging(state, seat)
    card = action.get("card")
    if kind == "play":
        # No menu is shown: the locations need no totals (offer_for is checked without them).
        return _play_specs(state, seat, free, False, card)
    return _board_specs(state, seat, free, False, card)


def _retreat_spec(stakes: int) -> ActionSpec:
    return ActionSpec("retreat", CAPTIONS.say("label.retreat", stakes=stakes))


_RETREATS = {stakes: _retreat_spec(stakes) for stakes in (1, 2, 4, 8)}  # LANES-9.2


def _offer_retreat(state: LanesState, seat: int) -> ActionSpec:
    return _RETREATS.get(state.stakes) or _retreat_spec(state.stakes)


def _play_specs(
    state: LanesState, seat: int, free: list[int], labelled: bool, only: object = None
) -> list[ActionSpec]:
    """Plays from hand (of the card ``only``, if given); ``labelled``: locations with the
    totals the seat sees (else plain, for an action checked without a menu)."""
    player = state.players[seat]
    energy = player.energy
    affordable = [card for card in player.hand if card.cost <= energy and only in (None, card.uid)]
    if not affordable:  # often so late in a turn: no need to look at the board
        return []
    # The checks of _landing_problem_at, without writing a reason for each closed location.
    options = location_options(state, seat) if labelled else [loc.option for loc in state.locations]
    open_here = tuple(
        options[loc.index]
        for loc in state.locations
        if free[loc.index] > 0 and not closed_to_plays(loc)
    )
    if not open_here:
        return []
    params = (_new(Param, ("location", _LOCATION, open_here, 1, 1)),)
    specs = []
    for card in affordable:
        menu = card.menu  # its label and detail, written again only when its cost or power moved
        if menu is None or menu[0] != card.cost or menu[1] != card.bonus:
            defn = card.defn
            power = defn.power + card.bonus
            detail = _play_detail(card.cost, power, defn.text)
            fixed = (("card", card.uid),)
            label = _said("label.play", defn.name, defn.text)
            menu = card.menu = (card.cost, card.bonus, label, fixed, detail)
        specs.append(_new(ActionSpec, ("play", menu[2], menu[3], params, menu[4])))
    return specs


def _board_specs(
    state: LanesState, seat: int, free: list[int], labelled: bool, only: object = None
) -> list[ActionSpec]:
    """Moves and activations of cards on the board (of the card ``only``, if given)."""
    specs: list[ActionSpec] = []
    for loc in state.locations:
        may_move_here = location_flag(loc, "allow_move")
        for card in loc.sides[seat]:
            # Most cards can neither move nor activate: only the others get the full checks.
            if not card.face_up or not (may_move_here or card.defn.can_act):
                continue
            if only is not None and card.uid != only:
                continue
            if may_move_here or card.defn.can_move:
                move = _move_spec(state, seat, card, free, labelled)
                if move is not None:
                    specs.append(move)
            if "activate" in card.defn.by_when and activate_problem(state, seat, card.uid) is None:
                specs.append(
                    ActionSpec(
                        "activate",
                        _said("label.activate", card.defn.name, card.defn.text),
                        (("card", card.uid),),
                        (),
                        _said("detail.text", card.defn.name, card.defn.text),
                    )
                )
    return specs


def _move_spec(
    state: LanesState, seat: int, card: Card, free: list[int], labelled: bool
) -> ActionSpec | None:
    if isinstance(_mover_problem(state, seat, card.uid), str):
        return None
    options = location_options(state, seat) if labelled else [loc.option for loc in state.locations]
    dests = tuple(
        options[dest.index]
        for dest in state.locations
        if _destination_problem(card, dest, free[dest.index]) is None
    )
    if not dests:
        return None
    return ActionSpec(
        "move",
        _said("label.move", card.defn.name, card.defn.text),
        (("card", card.uid),),
        (Param("location", _TO, dests),),
        _said("detail.text", card.defn.name, card.defn.text),
    )


@functools.lru_cache(maxsize=4096)
def _location_label(location: str, mine: int, theirs: int) -> Said:
    """A location's option with the seat's and the other's power there, said once for each:
    in random play the same few come back again and again."""
    return CAPTIONS.say("label.location", location=location, mine=mine, theirs=theirs)


@functools.lru_cache(maxsize=4096)
def _play_detail(cost: int, power: int, text: str) -> Said:
    """A card to play's detail in the menu (its cost and power as they stand, its text)."""
    return CAPTIONS.say("detail.play", cost=cost, power=power, text=text)


@functools.cache
def _said(template: str, name: str, text: str) -> Said:
    """A label or detail that names a card (``{card}``) or gives its text (``{text}``), said
    once for each card: menus are listed in quiet play too, over and over."""
    return CAPTIONS.say(template, card=name, text=text)


# -- carrying out (only ever a listed action) ----------------------------------------------------


def _card(state: LanesState, action: Action) -> Card:
    uid = action["card"]
    assert isinstance(uid, int)  # listed, so one of the seat's cards
    return state.cards[uid]


def _destination(state: LanesState, action: Action) -> Location:
    index = action["location"]
    assert isinstance(index, int)
    return state.locations[index]


def _remember_start(state: LanesState, seat: int) -> None:
    player = state.players[seat]
    if player.hand_at_start is None:
        player.hand_at_start = list(player.hand)
        player.energy_at_start = player.energy


def _play(state: LanesState, seat: int, action: Action, log: StepLog) -> None:
    card, loc = _card(state, action), _destination(state, action)
    player = state.players[seat]
    _remember_start(state, seat)
    player.hand.remove(card)
    player.energy -= card.cost
    _stage(state, seat, action, card, loc, log, "staged.play")


def _move(state: LanesState, seat: int, action: Action, log: StepLog) -> None:
    card, dest = _card(state, action), _destination(state, action)
    _remember_start(state, seat)
    _stage(state, seat, action, card, dest, log, "staged.move")


def _activate(state: LanesState, seat: int, action: Action, log: StepLog) -> None:
    card = _card(state, action)
    _remember_start(state, seat)
    _stage(state, seat, action, card, None, log, "staged.activate")


def _stage(
    state: LanesState,
    seat: int,
    action: Action,
    card: Card,
    loc: Location | None,
    log: StepLog,
    caption: str,
) -> None:
    """Stage the action, and tell only its seat (LANES-4.2); the caption template ``caption``
    names the card ``{card}`` and the location ``{where}``."""
    state.staging.stage(seat, Staged.of(action, card, -1 if loc is None else loc.index))
    state.places[seat] = None  # its menus' totals count what it stages
    if log.quiet:
        return
    where = {} if loc is None else {"location": loc.index}
    name = card.defn.name
    log.event("staged", seat, seat=seat, kind=action.kind, card=card.uid, name=name, **where)
    log.say(CAPTIONS, caption, to=seat, card=name, where="" if loc is None else loc.label)


def _reset(state: LanesState, seat: int, action: Action, log: StepLog) -> None:
    player = state.players[seat]
    assert player.hand_at_start is not None  # something is staged (reset is listed)
    state.staging.reset(seat)
    state.places[seat] = None
    player.hand = player.hand_at_start
    player.energy = player.energy_at_start
    player.hand_at_start = None
    log.event("staging_reset", seat, seat=seat)
    log.say(CAPTIONS, "staged.reset", to=seat)


def _end_turn(state: LanesState, seat: int, action: Action, log: StepLog) -> None:
    _end(state, seat, log, locked=False)


def _timeout(state: LanesState, seat: int, action: Action, log: StepLog) -> None:
    _end(state, seat, log, locked=True)


def _end(state: LanesState, seat: int, log: StepLog, *, locked: bool) -> None:
    state.staging.end(seat, locked=locked)
    if not log.quiet:
        log.event("ended_turn", None, seat=seat, timeout=locked)
        if locked:
            log.say(CAPTIONS, "turn.timeout", seat=SEAT[seat])
        else:
            log.say(CAPTIONS, "turn.end", seat=SEAT[seat])
    if state.staging.all_ended():
        reveal(state, log)


def _take_back(state: LanesState, seat: int, action: Action, log: StepLog) -> None:
    state.staging.take_back(seat)
    log.event("took_back", None, seat=seat)
    log.say(CAPTIONS, "turn.take_back", seat=SEAT[seat])


def _snap(state: LanesState, seat: int, action: Action, log: StepLog) -> None:
    player = state.players[seat]
    player.snapped = True
    player.snap_pending = True
    log.event("snapped", None, seat=seat)
    # Each pending snap doubles the stakes once the turn is over (LANES-9.2).
    now = state.stakes * 2 ** sum(p.snap_pending for p in state.players if p is not player)
    log.say(CAPTIONS, "turn.snap", seat=SEAT[seat], now=now, doubled=now * 2)


def _retreat(state: LanesState, seat: int, action: Action, log: StepLog) -> None:
    retreat(state, seat, log)


KINDS: Mapping[str, Kind] = kinds(
    Kind("play", _play, ("card", "location"), why_not=_why_not_play),
    Kind("move", _move, ("card", "location"), why_not=_why_not_move),
    Kind("activate", _activate, ("card",), why_not=_why_not_activate),
    Kind("reset", _reset, why_not=_why_not_reset),
    Kind("end_turn", _end_turn, why_not=_why_not_end_turn),
    Kind("take_back", _take_back, why_not=_why_not_take_back),
    Kind("snap", _snap, why_not=_why_not_snap),
    Kind("retreat", _retreat, always=_offer_retreat),
    Kind("timeout", _timeout, clock=True, why_not=_why_not_timeout),
)
