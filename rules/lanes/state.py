"""The state of a lanes match: plain mutable objects, cheap to change, canonical to hash.

Cards are instances (:class:`Card`) of definitions (:class:`~rules.lanes.cards.CardDef`), named by
a per-match ``uid``. Zones are lists: a deck's top is index 0, a hand's left end is index 0, a
location side lists its cards in the order they arrived (LANES-2.4).
"""

from __future__ import annotations

import functools
from typing import Any, NamedTuple

from ..engine import Action, Option, Result, Rng, Said, Staging
from .cards import CardDef, CardPool, LocationDef
from .words import CAPTIONS

__all__ = ["SLOTS", "Card", "LanesState", "Location", "Player", "Staged"]

SLOTS = 4
"""Cards a player may have on one location (LANES terms, [genre])."""


class Card:
    # ``cost`` follows from the definition and ``cost_mod``; ``menu`` from both and ``bonus``.
    __canonical_skip__ = frozenset({"cost", "menu"})
    __slots__ = (
        "activated",
        "bonus",
        "cost",
        "cost_mod",
        "defn",
        "face_up",
        "loc",
        "menu",
        "owner",
        "placed",
        "twin",
        "uid",
    )

    def __init__(self, uid: int, defn: CardDef, owner: int) -> None:
        self.uid = uid
        self.defn = defn
        self.owner = owner
        self.bonus = 0  # lasting power changes from abilities
        self.cost_mod = 0  # lasting cost changes (while in hand or deck)
        self.cost = defn.cost  # what it costs now: read on every legality check
        self.face_up = False
        self.loc = -1  # location index while on the board, else -1
        self.placed = -1  # when it arrived on the board (a match-wide counter)
        self.activated = False  # its "Activate" ability has been used
        self.twin = 0  # the uid of the other card of a decoy pair
        # How a menu offers to play it, kept while its cost and power stay (actions.offer):
        # (cost, bonus, label, fixed arguments, detail).
        self.menu: tuple[int, int, str, tuple[tuple[str, int], ...], str] | None = None

    def change_cost(self, delta: int) -> None:
        """A lasting cost change; the cost never goes below 0."""
        self.cost_mod += delta
        self.cost = max(0, self.defn.cost + self.cost_mod)

    @property
    def base_power(self) -> int:
        """Power without ongoing effects (what a card in hand or deck shows)."""
        return self.defn.power + self.bonus

    def __repr__(self) -> str:
        return f"<Card {self.uid} {self.defn.id} seat={self.owner} loc={self.loc}>"


_HIDDEN_LABELS = tuple(CAPTIONS.say(f"location.hidden.{index}") for index in range(3))


@functools.cache
def _revealed_label(name: str) -> Said:
    """A revealed location's label, said once for each location (reveals happen in quiet play)."""
    return CAPTIONS.say("location", location=name)


class Location:
    # Read from the definition, or follow from ``revealed``, ``disabled`` and ``destroyed``;
    # ``labelled`` keeps menu options once made.
    __canonical_skip__ = frozenset({"active", "label", "labelled", "length", "ongoing", "option"})
    __slots__ = (
        "active",
        "defn",
        "destroyed",
        "disabled",
        "index",
        "label",
        "labelled",
        "length",
        "ongoing",
        "option",
        "revealed",
        "sides",
    )

    def __init__(self, index: int, defn: LocationDef, seats: int) -> None:
        self.index = index
        self.defn = defn
        # Read from the definition once: looked up on every legality check and turn.
        self.ongoing = defn.ongoing
        self.length = defn.last_turn
        self.revealed = False
        self.disabled = False  # its ability no longer works
        self.destroyed = False  # gone: no cards, no plays, no ability
        self.active = False  # its ability works: revealed, neither disabled nor destroyed
        self.sides: list[list[Card]] = [[] for _ in range(seats)]
        # How captions and menus name it: unrevealed, only its side shows (LANES-1.6).
        self.label = _HIDDEN_LABELS[index]
        self.option = Option(index, self.label)  # as a menu offers it
        # With the totals a seat sees there, by (own total, other's): see actions.offer.
        self.labelled: dict[tuple[int, int], Option] = {}

    # Only these change how a location stands, so that ``active`` and ``label`` stay true.

    def reveal(self) -> None:
        self.revealed = True
        self.active = not self.disabled and not self.destroyed
        self.label = _revealed_label(self.defn.name)
        self.option = Option(self.index, self.label)
        self.labelled = {}

    def disable(self) -> None:
        self.disabled = True
        self.active = False

    def destroy(self) -> None:
        self.destroyed = True
        self.active = False


class Player:
    __slots__ = (
        "deck",
        "destroyed",
        "energy",
        "energy_at_start",
        "extra_energy",
        "hand",
        "hand_at_start",
        "max_energy",
        "retreated",
        "seat",
        "snap_pending",
        "snapped",
        "turn_energy",
    )

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.deck: list[Card] = []
        self.hand: list[Card] = []
        self.destroyed: list[Card] = []
        self.max_energy = 0
        self.energy = 0  # left to spend this turn
        self.turn_energy = 0  # this turn's energy before staging (what others see)
        self.extra_energy = 0  # added at the next refill (LANES-3.1)
        self.snapped = False
        self.snap_pending = False
        self.retreated = False
        # Staging can be undone (LANES-4.3): the hand and energy as the turn's staging began.
        self.hand_at_start: list[Card] | None = None
        self.energy_at_start = 0


class Staged(NamedTuple):
    """A staged action, read out once: its kind, card and destination, and where its card stood
    when it was staged (LANES-4.6 checks that)."""

    action: Action
    kind: str
    card: int
    location: int  # where a play or move goes; -1 for an activation
    origin: int  # where the card stood; -1 for a play from hand

    @classmethod
    def of(cls, action: Action, card: Card, location: int = -1) -> Staged:
        return cls(action, action.kind, card.uid, location, card.loc)

    def to_json(self) -> dict[str, Any]:
        return {**self.action.to_json(), "origin": self.origin}


class LanesState:
    # The card pool, and what the setup says of it: not what the match has done; and
    # ``totals`` and ``places``, worked out from the board for menus.
    __canonical_skip__ = frozenset(
        {"hidden_timings", "named_first", "places", "pool", "timings", "totals"}
    )
    __slots__ = (
        "cards",
        "first",
        "hidden_timings",
        "last_turn_doubled",
        "locations",
        "named_first",
        "next_placed",
        "next_uid",
        "places",
        "players",
        "pool",
        "result",
        "rng",
        "seats",
        "staging",
        "stakes",
        "timings",
        "totals",
        "turn",
    )

    def __init__(self, pool: CardPool, rng: Rng, seats: int) -> None:
        self.pool = pool
        self.rng = rng
        self.seats = seats
        self.turn = 0
        self.first = 0  # who reveals first this turn (LANES-5.2)
        self.named_first: int | None = None  # the setup's first seat for turn 1, if it names one
        self.stakes = 1
        self.last_turn_doubled = False
        self.players = [Player(s) for s in range(seats)]
        self.locations: list[Location] = []
        self.staging: Staging[Staged] = Staging(seats)
        self.cards: dict[int, Card] = {}
        self.next_uid = 1
        self.next_placed = 0
        self.result: Result | None = None
        # Timings some card of this match may have in a hand or a deck (LANES-2.3 groups 3 and
        # 4): the turn flow looks through hands and decks only for these. Derived from the setup.
        self.hidden_timings: frozenset[str] = frozenset()
        # Timings some card of this match has at all: others need no look at the cards.
        self.timings: frozenset[str] = frozenset()
        # Each seat's power per location as that seat sees it, and the other's, for the totals
        # menus show (actions.offer): kept for as long as the board stands as it is, that is
        # for the turn's staging. Keyed by (turn, next_placed): the board changes only while a
        # turn is revealed, and then the next turn starts or the game ends.
        self.totals: tuple[tuple[int, int], list[list[int]], list[list[int]]] | None = None
        # Each seat's location options with those totals and its staged actions, by the same
        # key; staging or undoing drops a seat's (actions.location_options).
        self.places: list[tuple[tuple[int, int], list[Option]] | None] = [None] * seats

    def new_card(self, defn: CardDef, owner: int) -> Card:
        card = Card(self.next_uid, defn, owner)
        self.next_uid += 1
        self.cards[card.uid] = card
        return card

    def order(self) -> tuple[int, int]:
        """Seats in this turn's reveal order: the first player, then the other."""
        return (self.first, 1 - self.first)
