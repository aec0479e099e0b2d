"""The state of a breakfall match: plain mutable objects, cheap to change, canonical to hash.

Cards are instances (:class:`Card`) of definitions (:class:`~rules.breakfall.cards.CardDef`), named
by a per-match ``uid`` (from 1). A player's zones are lists: a deck's top is index 0, a hand's
oldest card index 0, a field lists its characters in the order they entered it.

The resolution space is the engine's :class:`~rules.engine.PriorityStack` in ``SPACE`` mode
(:class:`Space`); its entries hold an :class:`Item` (plain numbers: a card's uid, an ability's
index, a target), so the state key of a loop (BREAKFALL-6.3a) compares them by value. An entry's
``eid`` is one more than the highest waiting (not a counter of the match), so a loop that comes
round enters the same ids.

Whom the match waits on: a :class:`Decision` when one is pending (greeters, blockers, a
breakfall's payment, a triggered ability's target, a ``may``, a loop count, a discard, a recall),
else the seat holding priority.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from ..engine import (
    SPACE,
    AutoPass,
    Entry,
    LoopBlocks,
    LoopCount,
    LoopGuard,
    PriorityStack,
    Result,
    Rng,
    TriggerQueue,
)
from .cards import CardDef

if TYPE_CHECKING:
    from .cards import CardPool

__all__ = [
    "BLOCKER_LEFT",
    "DAMAGE_LIMIT",
    "NOT_ASKED",
    "NO_BLOCKER",
    "OPENING_HAND",
    "Boost",
    "BreakfallState",
    "Card",
    "Decision",
    "Item",
    "LoopRun",
    "Player",
    "Resolving",
    "Space",
    "Waiting",
]

DAMAGE_LIMIT = 10
"""BREAKFALL-4.1."""

# What ``state.battle`` holds for a greeter's blocker when it is no character's uid (uids start
# at 1, so a positive value is the blocker's).
NOT_ASKED = 0
"""The non-turn player has not been asked for this greeter's blocker yet (BREAKFALL-2.4 (b))."""
NO_BLOCKER = -2
"""Asked: nothing blocks it; it deals its sabotage to the non-turn player (BREAKFALL-2.4 (c))."""
BLOCKER_LEFT = -1
"""Its blocker left the field: nothing passes through (BREAKFALL-2.7)."""
OPENING_HAND = 4
"""BREAKFALL-1.2."""


class Boost(NamedTuple):
    """An "until end of turn" change to a character's number (BREAKFALL-7.6)."""

    stat: str
    amount: int


class Card:
    __slots__ = (
        "boosts",
        "bowed",
        "damage",
        "defn",
        "entered",
        "entered_turn",
        "owner",
        "uid",
        "zone",
    )

    def __init__(self, uid: int, defn: CardDef, owner: int, zone: str = "deck") -> None:
        self.uid = uid
        self.defn = defn
        self.owner = owner
        self.zone = zone  # deck, hand, space, field, resources, damage, check, graveyard
        self.bowed = False
        self.damage = 0
        self.entered = -1  # when it last entered the field (the match's count), for 3.2a
        self.entered_turn = -1
        self.boosts: list[Boost] = []

    @property
    def name(self) -> str:
        return self.defn.name

    def __repr__(self) -> str:
        return f"<Card {self.uid} {self.defn.id} seat={self.owner} {self.zone}>"


class Player:
    __slots__ = (
        "check",
        "damage",
        "deck",
        "field",
        "graveyard",
        "hand",
        "placed",
        "resources",
        "seat",
    )

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.deck: list[Card] = []
        self.hand: list[Card] = []
        self.field: list[Card] = []
        self.resources: list[Card] = []
        self.damage: list[Card] = []
        self.check: list[Card] = []
        self.graveyard: list[Card] = []
        self.placed = False  # a resource placed this turn (BREAKFALL-2.3)


class Item(NamedTuple):
    """What an entry of the space is: a played ``card``, an activated ``ability``, a
    ``trigger``ed ability, a ``breakfall`` or a damage ``check``."""

    eid: int
    kind: str
    uid: int = -1  # the card played, the ability's source, the breakfall's card, a check's card
    ability: int = -1  # the ability's index on its card
    target: int | None = None  # a character's uid, or an entry's eid (negate)
    times: int = 1  # a repeatable ability entered ×n (BREAKFALL-6.4 (a))
    context: int | None = None  # a blocks trigger: the greeter it blocks
    running: bool = False  # a check whose card was turned and whose breakfall waits above it


class Space(PriorityStack[Item]):
    """The resolution space: the engine's stack in ``SPACE`` mode, where whatever rule
    processing enters (a triggered ability, a damage check, a breakfall) leaves priority with the
    turn player, the round's opener (BREAKFALL-3.2): also right after an entry of the turn
    player's, which gives it to the other player (BREAKFALL-3.1) until something is entered."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(2, 0, mode=SPACE)

    def enter_triggered(
        self, items: Iterable[tuple[int, Item]], *, automatic: bool = False
    ) -> None:
        before = len(self.entries)
        super().enter_triggered(items, automatic=automatic)
        if len(self.entries) > before:
            self._holder = self._first_live(self.opener)


class Waiting(NamedTuple):
    """A triggered ability whose condition was met, to be entered by rule processing."""

    seat: int
    uid: int
    ability: int  # its index on the card
    entered: int  # its source's last entry to the field (BREAKFALL-3.2a)
    context: int | None = None


class Decision(NamedTuple):
    """A decision the match waits on, other than priority."""

    kind: str  # greet, block, breakfall, target, optional, count, discard, recall
    seat: int
    uid: int = -1  # block: the greeter; breakfall: the card turned
    n: int = 0  # discard: how many
    item: Item | None = None  # target: the trigger being entered


class Resolving:
    """An entry taken from the space and resolving, which may stop for a decision in the middle
    (a ``may``, a discard, a recall) and go on once it is made."""

    # What it did so far is for its caption only: a quiet match (a replay) writes none of it.
    __canonical_skip__ = ("said",)
    __slots__ = ("at", "entry", "left", "may", "rep", "said")

    def __init__(self, entry: Entry[Item]) -> None:
        self.entry = entry
        self.at = 0  # the next effect
        self.rep = 0  # repetitions done (BREAKFALL-6.4 (a))
        self.may: bool | None = None  # a may trigger: the answer, once given
        self.left: list[int] | None = None  # seats still to discard (a discard under way)
        self.said: list[str] = []  # what it did, with numbers, across its stops


class LoopRun:
    """A loop of optional abilities whose count was named (BREAKFALL-6.4 (b))."""

    __slots__ = ("decliner", "declining", "key", "left")

    def __init__(self, key: str, left: int, decliner: int) -> None:
        self.key = key
        self.left = left
        self.decliner = decliner
        self.declining = False


class BreakfallState:
    # The pool is the same in every match of a ruleset; its digest is in the ruleset's version.
    __canonical_skip__ = ("named_first", "pool")
    __slots__ = (
        "auto",
        "battle",
        "bidding",
        "blocks",
        "cards",
        "decision",
        "entering",
        "first",
        "guard",
        "loop",
        "mays",
        "named_first",
        "next_uid",
        "phase",
        "players",
        "pool",
        "resolving",
        "result",
        "rng",
        "seen",
        "seq",
        "space",
        "step",
        "turn",
        "turn_player",
        "waiting",
    )

    def __init__(self, pool: CardPool, rng: Rng) -> None:
        self.pool = pool
        self.rng = rng
        self.players = [Player(0), Player(1)]
        self.cards: dict[int, Card] = {}
        self.next_uid = 1
        self.seq = 0  # characters entered the field so far (BREAKFALL-3.2a)
        self.turn = 0
        self.turn_player = 0
        self.first = 0
        self.named_first: int | None = None
        self.phase = "setup"  # start, draw, main, battle, end
        self.step = ""  # battle: greet, block, damage; end: end, final
        self.space = Space()
        self.decision: Decision | None = None
        self.waiting: list[Waiting] = []  # triggered, not yet entered
        # Being entered, in the order of BREAKFALL-3.2a, one target decision at a time.
        self.entering: TriggerQueue[Waiting] = TriggerQueue()
        self.resolving: Resolving | None = None
        # [greeter, its blocker's uid or NOT_ASKED, NO_BLOCKER, BLOCKER_LEFT], as greeted.
        self.battle: list[list[int]] = []
        self.bidding: LoopCount | None = None
        self.loop: LoopRun | None = None
        self.mays: list[tuple[str, int]] = []  # may choices (state key, seat) since a choice
        self.auto = AutoPass()
        self.guard = LoopGuard()
        self.seen: set[tuple[object, ...]] = set()  # cheap fingerprints since a choice
        self.blocks = LoopBlocks()
        self.result: Result | None = None

    def new_card(self, defn: CardDef, owner: int, zone: str = "deck") -> Card:
        card = Card(self.next_uid, defn, owner, zone)
        self.next_uid += 1
        self.cards[card.uid] = card
        return card

    def number_cards(self) -> None:
        """Number every card anew in the order it lies, seat 0's deck then seat 1's, top first.
        Done right after the shuffle (hardening): a hidden card's uid then says nothing of which
        card it is, where numbering in the public decklist's order would."""
        self.cards = {}
        self.next_uid = 1
        for player in self.players:
            for card in player.deck:
                card.uid = self.next_uid
                self.cards[card.uid] = card
                self.next_uid += 1

    @property
    def ntp(self) -> int:
        return 1 - self.turn_player

    def order(self) -> tuple[int, int]:
        """The turn player, then the other (BREAKFALL-5.3, 7.7)."""
        return (self.turn_player, 1 - self.turn_player)

    def next_eid(self) -> int:
        """One more than the highest entry waiting (see the module's docstring)."""
        entries = self.space.entries
        return 1 + max((e.item.eid for e in entries), default=0)
