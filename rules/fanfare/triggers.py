"""Triggering (FANFARE-Q1..Q4): what each event triggers, and in which order it waits.

Every event collects the abilities it triggers into one batch. A condition on an ability is
checked now, when it triggers (FANFARE-Q2); the batch enters the match's FIFO
:class:`~rules.engine.TriggerQueue` sorted by :attr:`Trigger.order`:

1. the timing rank of FANFARE-Q4 (fanfare before "when you play another follower" before "when
   another follower enters"; last words before leave-play effects before "when another is
   destroyed"; countdowns last at turn start...), since those only *look* simultaneous;
2. FANFARE-Q3: cards in hand, then leader and board, then cards summoned directly from the deck;
3. the turn player's before the other's;
4. the leader first, then left to right (on the board: earlier arrived first; in hand: older first);
5. within one card, its text top to bottom, then granted abilities in the order granted.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import HAND_TIMINGS, Ability, Part
from .state import Card, FanfareState, Unit
from .stats import abilities, condition_holds, leader_abilities

__all__ = [
    "TICK",
    "Trigger",
    "on_attack",
    "on_destroyed",
    "on_discarded",
    "on_entered",
    "on_evolved",
    "on_left",
    "on_played",
    "on_to_hand",
    "on_turn_end",
    "on_turn_start",
]

HAND, BOARD, DECK = 0, 1, 2
"""FANFARE-Q3 categories: cards in hand, leader and board, followers summoned directly."""
_ALWAYS = frozenset({"last_words", "leave", "discarded"})
"""Effects that resolve although their card has left (FANFARE-Q7)."""

TICK = Ability("countdown", "turn_start", (Part("countdown", "self"),), text="Countdown -1.")
"""A countdown going down at its owner's turn start (FANFARE-2.1)."""


class Trigger:
    """A triggered ability waiting to resolve, with what it knew when it triggered."""

    __slots__ = ("ability", "foe", "it", "moves", "order", "owner", "skip", "source", "target")

    def __init__(
        self,
        source: Unit,
        ability: Ability,
        order: tuple[int, int, int, int, int],
        *,
        target: Unit | None = None,
        it: Unit | None = None,
        foe: Unit | None = None,
        skip: frozenset[int] = frozenset(),
    ) -> None:
        self.source = source
        self.ability = ability
        self.owner = source.owner
        self.order = order
        self.moves = source.moves if isinstance(source, Card) else 0
        # Cards named when it triggered, with their moves then: gone cards are not hit.
        self.target = _pinned(target)
        self.it = _pinned(it)
        self.foe = _pinned(foe)
        self.skip = skip  # parts decided not to happen when it triggered (FANFARE-Q2)

    def left(self) -> bool:
        """Its card left the zone it worked from since it triggered (FANFARE-Q7)."""
        if self.ability.when in _ALWAYS or not isinstance(self.source, Card):
            return False
        return self.source.moves != self.moves

    def __repr__(self) -> str:
        return f"<Trigger {self.ability.key} of {self.source!r} order={self.order}>"


def _pinned(unit: Unit | None) -> tuple[Unit, int] | None:
    if unit is None:
        return None
    return (unit, unit.moves if isinstance(unit, Card) else 0)


class _Batch:
    """Triggers collected for one event."""

    __slots__ = ("found", "state")

    def __init__(self, state: FanfareState) -> None:
        self.state = state
        self.found: list[Trigger] = []

    def add(
        self,
        source: Unit,
        index: int,
        ability: Ability,
        rank: int,
        zone: int,
        pos: int,
        *,
        target: Unit | None = None,
        it: Unit | None = None,
        foe: Unit | None = None,
    ) -> None:
        state = self.state
        owner = source.owner
        if not condition_holds(state, ability.condition, owner, source):
            return
        side = 0 if owner == state.turn_player else 1
        skip = frozenset(
            i
            for i, part in enumerate(ability.parts)
            # "Discard at random" with an empty hand is decided now not to happen.
            if part.target == "random_hand_card" and not state.players[owner].hand
        )
        order = (rank, zone, side, pos, index)
        self.found.append(Trigger(source, ability, order, target=target, it=it, foe=foe, skip=skip))

    def own(
        self,
        card: Card,
        when: str,
        rank: int,
        pos: int,
        *,
        target: Unit | None = None,
        foe: Unit | None = None,
    ) -> None:
        for index, ability in abilities(card, "board", when):
            self.add(card, index, ability, rank, BOARD, pos, target=target, foe=foe)

    def watch(
        self,
        seats: Iterable[int],
        when: str,
        rank: int,
        exclude: Card | None = None,
        *,
        it: Card | None = None,
    ) -> None:
        """Abilities with this timing in the seats' hands, leaders and boards."""
        state = self.state
        in_hand, on_board = ("hand", when), ("board", when)
        for seat in seats:
            player = state.players[seat]
            if when in HAND_TIMINGS:
                for pos, card in enumerate(player.hand):
                    if card is not exclude and in_hand in card.defn.by_when:
                        for index, ability in card.defn.abilities_at("hand", when):
                            self.add(card, index, ability, rank, HAND, pos, it=it)
            leader = player.leader
            for index, ability in leader_abilities(state, seat, when, exclude):
                self.add(leader, index, ability, rank, BOARD, -1, it=it)
            for pos, card in enumerate(player.board):
                # Most cards have no ability with this timing: look before asking for them.
                if card is not exclude and (card.granted or on_board in card.defn.by_when):
                    for index, ability in abilities(card, "board", when):
                        self.add(card, index, ability, rank, BOARD, pos, it=it)

    def queue(self) -> None:
        if self.found:
            self.state.queue.add_simultaneous(self.found, key=_order)


def _order(trigger: Trigger) -> tuple[int, int, int, int, int]:
    return trigger.order


# -- events -------------------------------------------------------------------------------------


def on_played(state: FanfareState, card: Card, target: Unit | None) -> None:
    """A card played from hand (FANFARE-Q4, FANFARE-Q9): its fanfare (or a spell's effect)
    first, then "when you play...", then "when another follower enters"."""
    batch = _Batch(state)
    own, other = card.owner, 1 - card.owner
    pos = state.players[own].board.index(card) if card.zone == "board" else 0
    for when in ("cast",) if card.defn.spell else ("fanfare", "enter"):
        batch.own(card, when, 0, pos, target=target)
    batch.watch((own,), "play_card", 1, card)
    if card.defn.spell:
        batch.watch((own,), "play_spell", 1, card)
    if card.defn.follower:
        batch.watch((own,), "ally_plays_follower", 1, card, it=card)
        batch.watch((other,), "enemy_plays_follower", 1, it=card)
        _entered_watchers(batch, card)
    batch.queue()


def _entered_watchers(batch: _Batch, card: Card) -> None:
    batch.watch((card.owner,), "ally_enters", 2, card, it=card)
    batch.watch((1 - card.owner,), "enemy_enters", 2, it=card)


def on_entered(state: FanfareState, card: Card) -> None:
    """A card summoned (not played): "when this enters", then "when another enters"."""
    batch = _Batch(state)
    batch.own(card, "enter", 0, state.players[card.owner].board.index(card))
    if card.defn.follower:
        _entered_watchers(batch, card)
    batch.queue()


def on_destroyed(
    state: FanfareState,
    card: Card,
    pos: int,
    last_words: list[tuple[int, Ability]],
    leave: list[tuple[int, Ability]],
) -> None:
    """Last words, then leave-play effects, then "when another is destroyed" (FANFARE-Q4).
    The card's own abilities are as they were on the board, taken before it left."""
    batch = _Batch(state)
    for index, ability in last_words:
        batch.add(card, index, ability, 0, BOARD, pos)
    for index, ability in leave:
        batch.add(card, index, ability, 1, BOARD, pos)
    if card.defn.follower:
        batch.watch((card.owner,), "ally_destroyed", 2)
        batch.watch(state.order(), "follower_destroyed", 2)
    batch.queue()


def on_left(state: FanfareState, card: Card, pos: int, leave: list[tuple[int, Ability]]) -> None:
    """Banished or returned: only leave-play effects (FANFARE-Q11)."""
    batch = _Batch(state)
    for index, ability in leave:
        batch.add(card, index, ability, 1, BOARD, pos)
    batch.queue()


def on_evolved(state: FanfareState, card: Card, target: Unit | None) -> None:
    batch = _Batch(state)
    batch.own(card, "evolve", 0, state.players[card.owner].board.index(card), target=target)
    batch.watch((card.owner,), "ally_evolves", 1, card, it=card)
    batch.queue()


def on_attack(state: FanfareState, attacker: Card, defender: Unit) -> None:
    """Strike and clash together (turn player's first), then "when another attacks"."""
    batch = _Batch(state)
    pos = state.players[attacker.owner].board.index(attacker)
    for index, ability in abilities(attacker, "board", "strike"):
        batch.add(attacker, index, ability, 0, BOARD, pos)
    if isinstance(defender, Card):  # a fight: both clash
        batch.own(attacker, "clash", 0, pos, foe=defender)
        batch.own(
            defender, "clash", 0, state.players[defender.owner].board.index(defender), foe=attacker
        )
    batch.watch((attacker.owner,), "ally_attacks", 1, attacker, it=attacker)
    batch.queue()


def on_discarded(state: FanfareState, card: Card, pos: int, own: list[tuple[int, Ability]]) -> None:
    """A discarded card's own effect, then "whenever you discard" (FANFARE-Q4)."""
    batch = _Batch(state)
    for index, ability in own:
        batch.add(card, index, ability, 0, HAND, pos)
    batch.watch((card.owner,), "discard", 1)
    batch.queue()


def on_to_hand(state: FanfareState, cards: list[tuple[Card, bool]]) -> None:
    """Cards put into a hand together: ``(card, drawn)``. A drawn card's "when you draw this"
    needs it in hand; "whenever a card is put into your hand" triggers even for a card that
    burned (FANFARE-2.4)."""
    batch = _Batch(state)
    for card, drawn in cards:
        # A card's abilities about itself are filed under "board", whatever zone it is in.
        if drawn and card.zone == "hand":
            pos = state.players[card.owner].hand.index(card)
            for index, ability in card.defn.abilities_at("board", "drawn"):
                batch.add(card, index, ability, 0, HAND, pos)
    for card, _ in cards:
        batch.watch((card.owner,), "card_to_hand", 1, card)
    batch.queue()


def on_turn_start(state: FanfareState, seat: int) -> None:
    """Turn-start abilities from hand, leader, board and deck; countdowns last (FANFARE-2.1)."""
    batch = _Batch(state)
    batch.watch((seat,), "turn_start", 0)
    in_deck = ("deck", "turn_start")
    for pos, card in enumerate(state.players[seat].deck):
        if in_deck in card.defn.by_when:
            for index, ability in card.defn.abilities_at(*in_deck):
                batch.add(card, index, ability, 0, DECK, pos)
    for pos, card in enumerate(state.players[seat].board):
        if card.countdown is not None:
            batch.add(card, 99, TICK, 1, BOARD, pos)
    batch.queue()


def on_turn_end(state: FanfareState, seat: int) -> None:
    batch = _Batch(state)
    batch.watch((seat,), "turn_end", 0)
    batch.queue()
