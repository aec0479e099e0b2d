"""The state of a charm match: plain mutable objects, cheap to change, canonical to hash.

Cards are instances (:class:`Card`) of definitions (:class:`~rules.charm.cards.CardDef`), named by
a per-match ``uid``. Zones are lists: a deck's top is index 0, a hand's oldest card index 0, a
field lists its cards in field order (CHARM-13.3: the heroine first, then the others in the
order they last entered), a discard pile oldest first.

A match does not stop only between turns: rule processing waits on players in the middle of a
phase (ordering P.Skills, a target, a discard, a defence, a round of priority). So what is left
to do is data in the state, not a call stack: the **agenda** (:class:`Task` values, last in
first out) holds the processes still to run, the **stack** (the engine's
:class:`~rules.engine.PriorityStack` in CHAIN mode) the open chain of declarations, ``waiting``
the triggered P.Skills not yet resolved, and ``decision`` the choice the match waits on, if any.
:mod:`.flow` runs the agenda until a player must act.

A card's ``moves`` counts its changes of zone: a trigger or declaration remembers it, so an
effect whose card has left the field since knows it (CHARM-9.2, 9.2a), even if it came back.
"""

from __future__ import annotations

from typing import NamedTuple

from ..engine import AutoPass, PriorityStack, Result, Rng, SecretChoice, TriggerOrder
from ..engine.priority import CHAIN
from .cards import CardDef, CardPool

__all__ = [
    "DAMAGE_LIMIT",
    "HAND_LIMIT",
    "LAST_TURN",
    "OPENING_HAND",
    "SETTLE",
    "Card",
    "Charm",
    "CharmState",
    "Declaration",
    "Defence",
    "Order",
    "Pick",
    "Player",
    "Res",
    "Support",
    "Task",
    "Trigger",
]

HAND_LIMIT = 5
"""CHARM-7.2."""
DAMAGE_LIMIT = 20
"""CHARM-8.1."""
OPENING_HAND = 5
"""CHARM-1.2."""
LAST_TURN = 60
"""CHARM-8.7: turns of the match, both players' together."""


class Card:
    __slots__ = (
        "boost_ap",
        "boost_dp",
        "checked",
        "defn",
        "dp_damage",
        "entered",
        "face_down",
        "moves",
        "owner",
        "restricted",
        "tokens",
        "uid",
        "used",
        "zone",
    )

    def __init__(self, uid: int, defn: CardDef, owner: int, zone: str = "deck") -> None:
        self.uid = uid
        self.defn = defn
        self.owner = owner
        self.zone = zone  # deck, hand, field, discard, chain (declared), aside (mulligan)
        self.moves = 0
        self.entered = 0  # field order: when it last entered the field (CHARM-13.3)
        self.reset()

    def reset(self) -> None:
        """Forget what happened to it on the field (it left, or never was there)."""
        self.checked = False
        self.face_down = False
        self.restricted = False  # the first-turn restriction (CHARM-5.4)
        self.dp_damage = 0
        self.boost_ap = 0  # until end of turn (CHARM-11.6 boost)
        self.boost_dp = 0
        self.tokens = 0
        self.used: dict[int, int] = {}  # once-per-turn A.Skills: skill index -> turn used

    @property
    def name(self) -> str:
        return self.defn.name

    @property
    def on_field(self) -> bool:
        return self.zone == "field"

    @property
    def face_up(self) -> bool:
        """On the field and face up: a card whose skills work (CHARM-6.6)."""
        return self.zone == "field" and not self.face_down

    def __repr__(self) -> str:
        return f"<Card {self.uid} {self.defn.id} seat={self.owner} {self.zone}>"


class Player:
    __slots__ = (
        "damage",
        "deck",
        "discard",
        "drew_nothing",
        "field",
        "hand",
        "heroine",
        "pool",
        "returned",
        "seat",
    )

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.deck: list[Card] = []
        self.hand: list[Card] = []
        self.field: list[Card] = []  # in field order: the heroine first
        self.discard: list[Card] = []
        self.heroine: Card | None = None
        self.damage = 0
        self.pool = 0  # EP (CHARM-10)
        self.returned: int | None = None  # cards returned in the mulligan, once done
        self.drew_nothing = False  # CHARM-8.2: loses at the next win/loss check


class Declaration:
    """A declaration on the chain (CHARM-9): who made it, what it is, and what it named.

    ``kind``: ``play`` (a character, item, background or music), ``event``, ``skill`` (an
    A.Skill), ``draw`` (CHARM-4.2), ``charm`` (CHARM-5.2) or ``end`` (the end of main, 5.3).
    """

    __slots__ = (
        "answers",
        "attackers",
        "card",
        "cost_cards",
        "kind",
        "mode",
        "moves",
        "negated",
        "seat",
        "serial",
        "skill",
        "supporter",
        "target",
    )

    def __init__(
        self,
        serial: int,
        seat: int,
        kind: str,
        *,
        card: int = 0,
        skill: int = 0,
        moves: int = 0,
        target: tuple[int, int] | None = None,
        cost_cards: tuple[int, ...] = (),
        answers: int = 0,
    ) -> None:
        self.serial = serial
        self.seat = seat
        self.kind = kind
        self.card = card  # uid of the card played, the event, or the A.Skill's source
        self.skill = skill
        self.moves = moves  # the source's moves at declaration (CHARM-9.2)
        self.target = target  # (uid, moves), chosen at declaration (CHARM-9.7)
        self.cost_cards = cost_cards  # discarded to pay (CHARM-10.4)
        self.answers = answers  # the serial of the declaration it interrupts (0: none)
        self.negated = False
        self.attackers: tuple[int, ...] = ()
        self.supporter: int | None = None
        self.mode: str | None = None  # "ap" or "dp": what the supporter adds (CHARM-5.7)


class Charm:
    """A charm that resolved (CHARM-5.8): the charm phase under way."""

    __slots__ = ("attackers", "blocks", "charmed", "moves", "supporter")

    def __init__(self, charmed: int, attackers: tuple[int, ...], supporter: int | None) -> None:
        self.charmed = charmed
        self.attackers = attackers
        self.supporter = supporter
        self.blocks: dict[int, int] = {}  # attacker uid -> its defender's uid (CHARM-6.2)
        self.moves: dict[int, int] = {}  # each participant's moves when it joined


class Support:
    """A supporter's bonus to the heroine, fixed when the charm resolved (CHARM-6.5)."""

    __slots__ = ("amount", "heroine", "moves", "stat", "supporter")

    def __init__(self, heroine: int, supporter: int, moves: int, stat: str, amount: int) -> None:
        self.heroine = heroine
        self.supporter = supporter
        self.moves = moves
        self.stat = stat
        self.amount = amount


class Trigger:
    """A triggered P.Skill waiting to resolve, with what it knew when it triggered."""

    __slots__ = ("entered", "moves", "owner", "serial", "skill", "source", "when")

    def __init__(self, serial: int, source: Card, skill: int, when: str) -> None:
        self.serial = serial
        self.source = source.uid
        self.owner = source.owner
        self.skill = skill
        self.when = when
        self.moves = source.moves
        self.entered = source.entered  # a source that leaves keeps its place (CHARM-13.3)


class Res:
    """A skill resolving: whose, from which card, what it targets, and how far it got."""

    __slots__ = (
        "answers",
        "controller",
        "cost_cards",
        "index",
        "serial",
        "skill",
        "source",
        "target",
        "trigger",
    )

    def __init__(
        self,
        controller: int,
        source: int,
        skill: int,
        *,
        target: tuple[int, int] | None = None,
        trigger: bool = False,
        cost_cards: tuple[int, ...] = (),
        serial: int = 0,
        answers: int = 0,
    ) -> None:
        self.controller = controller
        self.source = source
        self.skill = skill
        self.target = target  # (uid, moves) of the card picked
        self.trigger = trigger
        self.cost_cards = cost_cards
        self.serial = serial  # its declaration's (0 for a P.Skill)
        self.answers = answers  # the declaration it interrupts (a negate's mark)
        self.index = 0  # the next effect to resolve


class Task(NamedTuple):
    """One process on the agenda: ``op`` (what :mod:`.flow` runs), a seat, an argument and, for
    a skill's effects, the skill resolving. A value: the same task may stand in many agendas."""

    op: str
    seat: int = -1
    arg: str = ""
    res: Res | None = None


SETTLE = Task("settle")
"""Resolve the P.Skills waiting (CHARM-2.5, 9.5)."""


class Order:
    """The turn player picks which waiting P.Skill resolves next (CHARM-2.3)."""

    __slots__ = ("items",)

    def __init__(self, items: TriggerOrder) -> None:
        self.items = items

    @property
    def seat(self) -> int:
        return self.items.chooser


class Pick:
    """A seat picks cards: a P.Skill's target (``target``), cards to discard (``discard``,
    exactly ``n``) or a card to recall (``recall``)."""

    __slots__ = ("kind", "n", "options", "res", "seat")

    def __init__(
        self, kind: str, seat: int, options: tuple[int, ...], n: int = 1, res: Res | None = None
    ) -> None:
        self.kind = kind
        self.seat = seat
        self.options = options  # uids, in the order CHARM-13.3 lists them
        self.n = n
        self.res = res


class Defence:
    """The charmed player declares its defence (CHARM-6.2), one block at a time."""

    # ``stats`` is a cache, not state (out of the hash): what each attacker's and defender's AP
    # and DP read as in the menu, worked out when first listed. Nothing can change them while
    # the defence is declared (its seat only stages blocks; the decision ends with it).
    __canonical_skip__ = ("stats",)
    __slots__ = ("blocks", "seat", "stats")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.blocks: dict[int, int] = {}  # attacker -> defender, staged (only its seat sees it)
        self.stats: dict[int, str] = {}  # card uid -> "AP 2, DP 3"


Decision = Order | Pick | Defence


class CharmState:
    # The pool is the same in every match of a ruleset; its digest is in the ruleset's version.
    # The setup's first seat is the setup's, and ``first`` holds what it decided.
    __canonical_skip__ = ("named_first", "pool")
    __slots__ = (
        "agenda",
        "auto",
        "cards",
        "charm",
        "charm_used",
        "decision",
        "entries",
        "first",
        "idle_rounds",
        "main_ends",
        "mulligan",
        "named_first",
        "next_uid",
        "phase",
        "players",
        "pool",
        "result",
        "rng",
        "round_changed",
        "serial",
        "stack",
        "support",
        "turn",
        "turn_changed",
        "turn_player",
        "waiting",
    )

    def __init__(self, pool: CardPool, rng: Rng) -> None:
        self.pool = pool
        self.rng = rng
        self.phase = "mulligan"  # start, draw, main, charm, end
        self.turn = 0
        self.first = 0
        self.named_first: int | None = None
        self.turn_player = 0
        self.players = [Player(0), Player(1)]
        self.cards: dict[int, Card] = {}
        self.next_uid = 1
        self.entries = 0  # cards that entered a field so far: the field order (CHARM-13.3)
        self.serial = 0  # declarations and triggers numbered as they come
        # Both choose in secret which cards to return; the clock returns none (CHARM-1.4, 13.1).
        self.mulligan: SecretChoice[tuple[int, ...]] = SecretChoice((0, 1), default=())
        self.stack: PriorityStack[Declaration] = PriorityStack(2, 0, mode=CHAIN)
        self.agenda: list[Task] = []
        self.waiting: list[Trigger] = []
        self.decision: Decision | None = None
        self.charm: Charm | None = None
        self.charm_used = False
        self.main_ends: str | None = None  # "charm" or "end": what the main phase gives way to
        self.support: list[Support] = []
        self.auto = AutoPass()
        self.idle_rounds = 0  # CHARM-8.8
        self.round_changed = False
        self.turn_changed = False
        self.result: Result | None = None

    def new_card(self, defn: CardDef, owner: int, zone: str = "deck") -> Card:
        card = Card(self.next_uid, defn, owner, zone)
        self.next_uid += 1
        self.cards[card.uid] = card
        return card

    def next_serial(self) -> int:
        self.serial += 1
        return self.serial

    @property
    def second(self) -> int:
        return 1 - self.first

    @property
    def window(self) -> str | None:
        """The priority window open now (``main``, ``draw`` or ``timing``), if any."""
        top = self.agenda[-1] if self.agenda else None
        return top.arg if top is not None and top.op == "window" else None
