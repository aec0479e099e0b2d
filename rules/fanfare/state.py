"""The state of a fanfare match: plain mutable objects, cheap to change, canonical to hash.

Cards are instances (:class:`Card`) of definitions (:class:`~rules.fanfare.cards.CardDef`),
named by a per-match ``uid``; the two leaders have uids 1 and 2, cards start at 3, so a target is
always one integer. Zones are lists: a deck's top is index 0, a hand's left (oldest) end is
index 0, a board lists its cards left to right, which is the order they arrived (FANFARE-Q3).

The canonical state for the hash is derived from these classes' fields
(:func:`rules.engine.canonical`): a card is written once, in the match's table of cards, and named
by its uid elsewhere; card definitions stand as their ids, abilities as their keys.

A card's ``moves`` counts its changes of zone: a trigger remembers it, and an effect whose card
has moved since it triggered knows its card left (FANFARE-Q7), even if it came back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..engine import Result, Rng, SecretChoice, TriggerQueue
from .cards import Ability, CardDef, CardPool

if TYPE_CHECKING:
    from .triggers import Trigger

__all__ = [
    "BOARD_SLOTS",
    "EP",
    "HAND_LIMIT",
    "LEADER_DEFENCE",
    "MAX_PP",
    "Card",
    "FanfareState",
    "Leader",
    "Player",
    "Temp",
    "Unit",
]

LEADER_DEFENCE = 20
MAX_PP = 10
BOARD_SLOTS = 5
HAND_LIMIT = 9
"""FANFARE terms and FANFARE-2.4."""
EP = (2, 3)
"""Evolution points of the first and the second player (FANFARE-1.4)."""


class Temp(NamedTuple):
    """A change that lasts a while: until the end of the turn, or until ``seat``'s next turn."""

    attack: int
    defence: int
    keyword: str | None
    until: str  # "turn_end" | "your_turn_start"
    seat: int


class Card:
    __slots__ = (
        "atk_bonus",
        "attacked",
        "cost_mod",
        "countdown",
        "damage",
        "def_bonus",
        "defn",
        "doomed",
        "entered_turn",
        "evolved",
        "evolved_turn",
        "granted",
        "keywords_gained",
        "moves",
        "owner",
        "silenced",
        "temps",
        "uid",
        "zone",
    )

    def __init__(self, uid: int, defn: CardDef, owner: int, zone: str = "deck") -> None:
        self.uid = uid
        self.defn = defn
        self.owner = owner
        self.zone = zone  # deck, hand, board, stack (a spell resolving), cemetery, gone
        self.moves = 0
        self.cost_mod = 0  # lasting cost change while in hand
        self.reset()

    def reset(self) -> None:
        """Forget everything that happened to it on the board (it left)."""
        self.damage = 0
        self.atk_bonus = 0
        self.def_bonus = 0
        self.evolved = False
        self.evolved_turn = -1
        self.entered_turn = -1
        self.attacked = False
        self.silenced = False
        self.doomed = False  # damaged by bane: destroyed at the next check (FANFARE-Q10)
        self.granted: list[Ability] = []
        self.keywords_gained: list[str] = []
        self.temps: list[Temp] = []
        self.countdown: int | None = self.defn.countdown

    @property
    def name(self) -> str:
        return self.defn.name

    @property
    def cost(self) -> int:
        return max(0, self.defn.cost + self.cost_mod)

    def __repr__(self) -> str:
        return f"<Card {self.uid} {self.defn.id} seat={self.owner} {self.zone}>"


class Leader:
    __slots__ = ("damage", "granted", "seat", "uid")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.uid = seat + 1
        self.damage = 0
        self.granted: list[Ability] = []  # gained for good (FANFARE-Q8)

    @property
    def owner(self) -> int:
        return self.seat

    @property
    def defence(self) -> int:
        return LEADER_DEFENCE - self.damage

    @property
    def name(self) -> str:
        return "leader"

    def __repr__(self) -> str:
        return f"<Leader seat={self.seat} defence={self.defence}>"


Unit = Card | Leader
"""Something on the board that can be a target: a card or a leader."""


class Player:
    __slots__ = (
        "board",
        "cemetery",
        "deck",
        "ep",
        "evolved_this_turn",
        "hand",
        "leader",
        "max_pp",
        "pp",
        "returned",
        "seat",
        "turns",
    )

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.leader = Leader(seat)
        self.deck: list[Card] = []
        self.hand: list[Card] = []
        self.board: list[Card] = []
        self.cemetery: list[Card] = []
        self.pp = 0
        self.max_pp = 0
        self.ep = 0
        self.turns = 0  # turns this player has started
        self.evolved_this_turn = False
        self.returned: int | None = None  # how many it returned, once the mulligan is over


class FanfareState:
    # The pool is the same in every match of a ruleset; its digest is in the ruleset's version.
    # The setup's first seat is the setup's, and ``first`` holds what it decided.
    __canonical_skip__ = ("named_first", "pool")
    __slots__ = (
        "cards",
        "first",
        "mulligan",
        "named_first",
        "next_uid",
        "phase",
        "players",
        "pool",
        "queue",
        "result",
        "rng",
        "turn",
        "turn_player",
    )

    def __init__(self, pool: CardPool, rng: Rng) -> None:
        self.pool = pool
        self.rng = rng
        self.phase = "mulligan"  # then "main"; a result ends the match
        self.turn = 0  # turns started in the match, both players together
        self.first = 0
        self.named_first: int | None = None  # the seat the setup names as first, if any
        self.turn_player = 0
        self.players = [Player(0), Player(1)]
        # Both choose in secret which cards to return; the clock returns none (FANFARE-1.2).
        self.mulligan: SecretChoice[tuple[int, ...]] = SecretChoice((0, 1), default=())
        self.cards: dict[int, Card] = {}
        self.next_uid = 3  # 1 and 2 are the leaders
        self.queue: TriggerQueue[Trigger] = TriggerQueue()
        self.result: Result | None = None

    def new_card(self, defn: CardDef, owner: int, zone: str = "deck") -> Card:
        card = Card(self.next_uid, defn, owner, zone)
        self.next_uid += 1
        self.cards[card.uid] = card
        return card

    def unit(self, uid: int) -> Unit | None:
        if uid in (1, 2):
            return self.players[uid - 1].leader
        return self.cards.get(uid)

    def order(self) -> tuple[int, int]:
        """The turn player, then the other (FANFARE-Q3)."""
        return (self.turn_player, 1 - self.turn_player)

    @property
    def second(self) -> int:
        return 1 - self.first
