"""What a CPU needs of lanes: a state a seat cannot tell from the real one, and its guide.

What a seat does not know (LANES-4.2, ``views.py``): the other's hand and deck, the order of its
own deck, the other's staged actions this turn, which of a Shell Twin's face-down pair is the
real card, the locations not yet revealed, and the match's chance. A determinization deals the
other's hand and deck again, shuffles the seat's own deck, swaps each face-down pair at random,
draws the unrevealed locations from those not in sight and stages the other's turn afresh if
it has ended it (else the search stages it, unseen, after the seat's own).

A lone face-down card stays what it is: the seat saw it arrive alone, and only a Sealed Letter
arrives alone: a Shell Twin brings its Decoy (``docs/cpu.md``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..ai.guide import Guide
from ..engine import Action, ActionSpec, QuietLog, Rng, clone, redeal, reseeded
from ..simulate import random_action
from .actions import KINDS, offer
from .state import LanesState

__all__ = ["GUIDE", "determinize"]

_PLACE = ("owner", "loc", "placed", "face_up")
"""What stays with a card's place when cards are dealt again: the rest is its contents."""

_BOARD = frozenset({"move", "activate"})
"""Staging with a card already on the board."""


def determinize(state: LanesState, seat: int, rng: Rng) -> LanesState:
    """A copy of ``state`` that ``seat`` cannot tell from it (see the module's docstring)."""
    copy = clone(state)
    other = 1 - seat
    me, them = copy.players[seat], copy.players[other]
    ended = copy.staging.ended[other]
    _unstage(copy, other)
    dealt = redeal([them.hand, them.deck], rng, stay=_PLACE, cards=copy.cards)
    dealt += redeal([me.deck], rng, stay=_PLACE, cards=copy.cards)
    for card in dealt:
        card.menu = None  # it names the card's uid, which changed
    _swap_pairs(copy, other, rng)
    _deal_locations(copy, rng)
    copy.totals = None
    copy.places = [None] * copy.seats
    copy.rng = reseeded(rng)
    if ended:
        _stage_at_random(copy, other, rng)
        copy.staging.ended[other] = True
    return copy


def _unstage(state: LanesState, seat: int) -> None:
    """Take back the seat's staged actions, as its reset does (LANES-4.3), ended or not."""
    player = state.players[seat]
    state.staging.staged[seat] = []
    state.staging.ended[seat] = False
    if player.hand_at_start is not None:
        player.hand = player.hand_at_start
        player.energy = player.energy_at_start
        player.hand_at_start = None
    player.energy_at_start = 0  # what it had when it last staged: meaningless until it stages


def _swap_pairs(state: LanesState, seat: int, rng: Rng) -> None:
    """Each of ``seat``'s face-down pairs (a Shell Twin and its Decoy) dealt again between its
    two places: the other seat cannot tell which is the real card."""
    cards = state.cards
    done: set[int] = set()
    for loc in state.locations:
        for card in loc.sides[seat]:
            if card.face_up or not card.twin or card.uid in done:
                continue
            pair = [card, cards[card.twin]]
            redeal([pair], rng, stay=(*_PLACE, "twin"), cards=cards)
            pair[0].twin, pair[1].twin = pair[1].uid, pair[0].uid
            done.update(c.uid for c in pair)


def _deal_locations(state: LanesState, rng: Rng) -> None:
    """The unrevealed locations drawn again from those nobody has seen (LANES-1.6)."""
    hidden = [loc for loc in state.locations if not loc.revealed]
    if not hidden:
        return
    seen = {loc.defn.id for loc in state.locations if loc.revealed}
    unseen = sorted(set(state.pool.locations) - seen)
    rng.shuffle(unseen)
    for loc, loc_id in zip(hidden, unseen, strict=False):
        defn = state.pool.locations[loc_id]
        loc.defn = defn
        loc.ongoing = defn.ongoing
        loc.length = defn.last_turn
        loc.labelled = {}


def _stage_at_random(state: LanesState, seat: int, rng: Rng) -> None:
    """Stage plays, moves and activations for ``seat`` at random until it ends its turn."""
    while True:
        action = staging_move(state, seat, offer(state, seat), rng)
        if action.kind == "end_turn":
            return
        KINDS[action.kind].handler(state, seat, action, _QUIET)


def staging_move(state: LanesState, seat: int, specs: Sequence[ActionSpec], rng: Rng) -> Action:
    """A playout's move, as a plain player stages: mostly plays, the dearer cards likelier
    (spending the turn's energy is most of lanes), at a location at random; now and then a move
    or an activation; the turn ended once nothing is worth staging, or one time in ten."""
    plays = [s for s in specs if s.kind == "play"]
    if plays and rng.below(10):
        cards = state.cards
        weights = [cards[_card_of(spec)].cost + 1 for spec in plays]
        roll = rng.below(sum(weights))
        for spec, weight in zip(plays, weights, strict=True):
            roll -= weight
            if roll < 0:
                return random_action(spec, rng)
    others = [s for s in specs if s.kind in _BOARD]
    if others and rng.below(3) == 0:
        return random_action(others[rng.below(len(others))], rng)
    return _END_TURN


def _card_of(spec: ActionSpec) -> int:
    for name, value in spec.fixed:
        if name == "card":
            assert isinstance(value, int)
            return value
    raise ValueError(f"{spec.kind} names no card")


_END_TURN = Action("end_turn")
_QUIET = QuietLog()


def always_secret(state: LanesState) -> bool:
    """Every move of lanes is staging, which the other seat never sees (LANES-4.2), even once
    one seat has ended its turn and the other stages alone."""
    return True


GUIDE = Guide(
    budgets={"easy": 30, "normal": 100, "hard": 1500},
    skip=frozenset({"reset", "take_back", "snap"}),
    policy=staging_move,
    secret=always_secret,
)
"""Lanes is short (six turns): playouts run to the end. A CPU plays for the win: it never snaps
(the stakes change no result), nor undoes its own staging. Budgets: a normal decision takes
about 70 ms of CPU time, a hard one 1 s; beyond a few hundred iterations lanes' luck outweighs
more search (``docs/cpu.md``)."""
