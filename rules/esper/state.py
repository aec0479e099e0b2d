"""The state of an esper match: plain mutable objects, cheap to change, canonical to hash.

A match is a list of seats in a fixed turn order (ESPER-0.3), two boards (planets in part 1, the
base grid in part 2), a combat deck, what each seat has learned (the engine's
:class:`~rules.engine.Knowledge`, whose watches are the probes of ESPER-7.5) and an *agenda*: the
tasks still to run, front first. The rules run tasks until one asks a seat something (an
:class:`Ask` at the front) and the match waits; an action answers the ask and the rules go on
(:mod:`.flow`). A task names its seat and carries plain numbers, so the agenda hashes as it is.

Squares are numbers of :class:`~.board.Board`; a piece's square is ``Player.where`` (``None``: off
the board). A combat card in play is a number (its ``uid``) into ``EsperState.combat_cards``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..engine import Knowledge, Result, Rng, SecretChoice
from .board import Board
from .cards import CardDef

if TYPE_CHECKING:
    from .cards import CardPool

__all__ = [
    "ARRESTED",
    "DEAD",
    "INCAPACITATED",
    "NORMAL",
    "SCATTERED",
    "Attack",
    "Combat",
    "EsperState",
    "Fact",
    "Lurk",
    "Player",
    "Task",
]

NORMAL = "normal"
ARRESTED = "arrested"
INCAPACITATED = "incapacitated"
SCATTERED = "scattered"
DEAD = "dead"
"""A character's state (ESPER-7); a probe is not one of them but lies on top (``docs/rulings.md``,
ESPER-7.1)."""

Fact = tuple[str, int]
"""What a seat may learn: ``("identity", seat)`` (a character: its id) or ``("square", n)`` (a
base square's card: its id)."""


class Task(NamedTuple):
    """One thing still to do: a ``kind`` the flow knows, its ``seat`` and up to two numbers."""

    kind: str
    seat: int = -1
    a: int = 0
    b: int = 0


class Lurk:
    """A lurk marker (ESPER-0.6, 8.5): its square, and whether it is armed."""

    __slots__ = ("armed", "square")

    def __init__(self, square: int) -> None:
        self.square = square
        self.armed = True


class Player:
    __slots__ = (
        "character",
        "clues",
        "damage",
        "entries",
        "gear",
        "hand",
        "home",
        "incapacitated",
        "party",
        "persona",
        "revealed",
        "scrambled",
        "seat",
        "spent",
        "state",
        "where",
    )

    def __init__(self, seat: int, character: CardDef) -> None:
        self.seat = seat
        self.character = character
        self.persona: str | None = None
        self.where: int | None = None  # off the board (ESPER-0.7)
        self.home: int | None = None  # a scattered piece's square (ESPER-7.4)
        self.state = NORMAL
        self.incapacitated = 0  # turns still skipped (ESPER-7.3)
        self.damage = 0
        self.spent = 0  # ESP power spent
        self.clues = 0
        self.gear: list[str] = []  # gear kinds (ESPER-14.5), in the order taken
        self.hand: list[int] = []  # combat cards (uids) during a combat
        self.party: int | None = None  # the leader's seat (its own, for the leader)
        self.entries = 0  # entry checks made (ESPER-4.1)
        self.revealed = False
        self.scrambled = False  # moved by a scrambler this turn (ESPER-14.7)

    @property
    def alive(self) -> bool:
        return self.state != DEAD

    @property
    def durability_left(self) -> int:
        return self.character.durability - self.damage

    @property
    def power_left(self) -> int:
        return self.character.power - self.spent

    @property
    def level(self) -> int:
        return self.character.level

    @property
    def good(self) -> bool:
        return self.character.kind == "good"

    def __repr__(self) -> str:
        return f"<Player {self.seat} {self.character.id} {self.state} at {self.where}>"


class Attack:
    """An attack being answered (ESPER-5.8): who attacks whom, at what level, for what damage."""

    __slots__ = ("attacker", "damage", "level", "stopped", "target")

    def __init__(self, attacker: int, target: int, level: int, damage: int) -> None:
        self.attacker = attacker
        self.target = target
        self.level = level
        self.damage = damage
        self.stopped = False  # answered by a defence, a barrier or an escape, or covered


class Combat:
    """The combat under way (ESPER-5): combatants are seats, and NPCs as negative numbers."""

    __slots__ = (
        "attack",
        "attacked",
        "barriers",
        "combatants",
        "damped",
        "leader",
        "npcs",
        "obeyer",
        "order",
        "played",
        "round",
        "square",
    )

    def __init__(self, square: int, combatants: list[int], obeyer: int | None = None) -> None:
        self.square = square
        self.combatants = combatants
        self.npcs: dict[int, int] = {}  # NPC (-1, -2) → durability left
        self.obeyer = obeyer  # an NPC fight: the player who obeyed the card (ESPER-5.12)
        self.leader: int | None = None  # and its party's leader then
        self.round = 0
        self.order: list[int] = []  # this round's initiative order
        self.attacked = False  # someone attacked this round (ESPER-5.10)
        self.attack: Attack | None = None
        self.damped: list[int] = []  # combatants a damper holds to level 2 this round
        self.barriers: list[int] = []  # seats whose barrier served in this combat
        self.played: list[tuple[int, str, int]] = []  # (seat, card id, level as played)

    @property
    def npc_fight(self) -> bool:
        return self.obeyer is not None

    def players(self) -> list[int]:
        return [c for c in self.combatants if c >= 0]


class EsperState:
    # The pool is the same in every match of a ruleset; its digest is in the ruleset's version.
    __canonical_skip__ = ("pool",)
    __slots__ = (
        "agenda",
        "arrivals",
        "asked_declare",
        "base",
        "board",
        "choice",
        "combat",
        "combat_cards",
        "deck",
        "declared",
        "destroyed",
        "discard",
        "emptied",
        "face_up",
        "held",
        "knowledge",
        "lurks",
        "order",
        "part",
        "planet",
        "players",
        "pool",
        "result",
        "rng",
        "round",
        "sprung",
        "turn",
        "turn_player",
    )

    def __init__(self, pool: CardPool, rng: Rng, characters: list[CardDef]) -> None:
        seats = len(characters)
        self.pool = pool
        self.rng = rng
        self.board = Board(seats)
        self.players = [Player(seat, c) for seat, c in enumerate(characters)]
        self.order: tuple[int, ...] = tuple(range(seats))  # turn order (ESPER-0.3)
        self.knowledge: Knowledge[Fact, str] = Knowledge(seats)
        self.part = 0  # 0: setup, 1: planets, 2: the base
        self.round = 0
        self.turn = 0  # turns played, over the whole match
        self.turn_player: int | None = None
        self.planet: list[str | None] = []  # planet card ids by square (None: a spaceport)
        self.base: list[str | None] = []  # base card ids by square
        self.face_up: set[int] = set()  # squares of the current board whose card is face up
        self.emptied: dict[int, str] = {}  # square → what left it (clue, gear, a discard)
        self.destroyed: dict[int, str] = {}  # base square → the card destroyed there
        self.lurks: dict[int, Lurk] = {}  # placer → its marker
        self.combat_cards: list[CardDef] = []  # by uid
        self.deck: list[int] = []  # the combat deck; the top is the end
        self.discard: list[int] = []
        self.combat: Combat | None = None
        self.agenda: list[Task] = []
        self.choice: SecretChoice[bool] | None = None  # joins, invitations (ESPER-13.1)
        self.arrivals: list[int] = []  # pieces that ended this turn's movement
        self.sprung = False  # a lurk sprang this turn (ESPER-5.3)
        self.asked_declare = False  # phase 1 was a prompt of its own (ESPER-1.9)
        self.declared = False  # the turn player declared this turn
        self.held: tuple[str, ...] = ()  # sides whose condition held at the last round's end
        self.result: Result | None = None

    # -- asking ---------------------------------------------------------------------------------

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def ask(self) -> Task | None:
        """The task at the front, when it asks a seat something."""
        agenda = self.agenda
        if agenda and agenda[0].kind in ASKS:
            return agenda[0]
        return None

    def living(self) -> list[Player]:
        return [p for p in self.players if p.alive]

    def in_turn_order(self, start: int | None = None) -> list[int]:
        """Every seat in turn order, from ``start`` (the turn player by default) if given."""
        order = self.order
        first = self.turn_player if start is None else start
        if first is None:
            return list(order)
        i = order.index(first)
        return list(order[i:] + order[:i])

    def on(self, square: int) -> list[int]:
        """The seats whose pieces stand on ``square``, in turn order from the turn player."""
        return [s for s in self.in_turn_order() if self.players[s].where == square]

    def members(self, leader: int) -> list[int]:
        """A party: its leader first, then the others in turn order (ESPER-8.1a)."""
        others = [
            s for s in self.in_turn_order(leader) if s != leader and self.players[s].party == leader
        ]
        return [leader, *others]

    def face(self, seat: int) -> str | None:
        """A seat's persona's face (good or evil), public; ``None`` before it is picked."""
        persona = self.players[seat].persona
        if persona is None:
            return None
        return next(p.face for p in self.pool.personas if p.id == persona)

    def keeper(self, seat: int) -> bool:
        """Part 2: evil-face players are keepers, the others infiltrators (ESPER-11.4a)."""
        return self.face(seat) == "evil"

    def card_here(self, square: int) -> str | None:
        """The card on ``square`` of the current part's board (None: a spaceport, or empty)."""
        cards = self.planet if self.part == 1 else self.base
        return cards[square] if 0 <= square < len(cards) else None

    def kind_of(self, card_id: str | None) -> str | None:
        return None if card_id is None else self.pool.cards[card_id].kind


ASKS = frozenset(
    {
        "persona",
        "lurk",
        "declare",
        "move",
        "end_square",
        "entry_square",
        "escape_square",
        "invitation",
        "combat",
        "join",
        "damper",
        "fight",
        "answer",
        "cover",
        "insight",
        "learn",
        "check",
        "archive",
        "key_base",
        "start_square",
    }
)
"""The tasks that wait for a seat's answer (or, for ``invitation`` and ``join``, several seats'
at once: ``EsperState.choice``)."""
