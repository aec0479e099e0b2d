"""The lanes card pool: cards, locations and starter decks, as loaded from ``data/lanes``.

Abilities are data: a timing (``when``), an ``effect``, a ``target`` and an ``amount``, with an
optional ``condition``. :mod:`rules.lanes.effects` gives each effect its behaviour and
:mod:`rules.lanes.text` writes the rules text from the same fields, so what a card says and what
it does cannot drift apart. :mod:`rules.lanes.loading` reads and validates the files against the
tables below; an error names the file, the entry and the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..engine.carddata import PoolCards
from ..engine.datafile import DataError

__all__ = [
    "TERMS",
    "Ability",
    "CardDef",
    "CardPool",
    "DataError",
    "Deck",
    "EffectRule",
    "LocationDef",
]

# What each field may hold. The effect table says where an effect makes sense.
WHENS = (
    "game_start",
    "on_reveal",
    "ongoing",
    "activate",
    "on_move",
    "turn_start",
    "end_of_turn",
    "game_end",
)
ZONES = ("board", "hand", "deck")
KEYWORDS = ("can_move", "face_down", "decoy")
TERMS = (*KEYWORDS, *WHENS)
"""The words a card's rules text names a player must know (each timing is a label such as "On
reveal:"); the ruleset's guide (``data/lanes/guide.toml``) explains every one."""
CONDITIONS = ("alone_here", "full_here", "winning_here", "not_winning_here")
STEADY_TARGETS = (
    "self",
    "own_here",
    "own_other_here",
    "enemy_here",
    "all_here",
    "own_board",
    "own_other_board",
    "enemy_board",
)
"""Targets that pick no card at random: the only ones an ongoing effect may have, since power is
read all the time and must not draw from the RNG."""
BOARD_TARGETS = (*STEADY_TARGETS, "enemy_random_here", "enemy_weakest_here", "enemy_strongest_here")
HAND_TARGETS = ("own_hand", "own_hand_random")
CARD_TARGETS = (*BOARD_TARGETS, *HAND_TARGETS)
STEADY_CONDITIONS = ("alone_here", "full_here")
"""Conditions that do not depend on power: the only ones an ongoing power effect may have (power
that depends on power would never settle)."""
PLAYER_TARGETS = ("owner", "each_player")
ADD_INTO = ("hand", "deck", "enemy_other_locations")


@dataclass(frozen=True, slots=True)
class EffectRule:
    """Where an effect may appear and what it targets."""

    whens: tuple[str, ...]
    targets: tuple[str, ...]
    needs_card: bool = False


_TRIGGERED = (
    "game_start",
    "on_reveal",
    "activate",
    "on_move",
    "turn_start",
    "end_of_turn",
    "game_end",
)
EFFECTS: Mapping[str, EffectRule] = {
    "power": EffectRule((*_TRIGGERED, "ongoing"), CARD_TARGETS),
    "cost": EffectRule(_TRIGGERED, ("self", *HAND_TARGETS)),
    "destroy": EffectRule(_TRIGGERED, BOARD_TARGETS),
    "move": EffectRule(_TRIGGERED, BOARD_TARGETS),
    "draw": EffectRule(_TRIGGERED, PLAYER_TARGETS),
    "add": EffectRule(_TRIGGERED, PLAYER_TARGETS, needs_card=True),
    "extra_energy": EffectRule(_TRIGGERED, PLAYER_TARGETS),
    "carry_unspent": EffectRule(("end_of_turn",), ("owner",)),
    "to_top": EffectRule(("game_start",), ("self",)),
    "destroy_location": EffectRule(("on_reveal", "activate"), ("self",)),
    "disable_location": EffectRule(("on_reveal", "activate"), ("self",)),
    "reveal_last": EffectRule(("ongoing",), ("owner",)),
    "no_play": EffectRule(("ongoing",), ("self",)),
    "allow_move": EffectRule(("ongoing",), ("self",)),
    "last_turn": EffectRule(("ongoing",), ("self",)),
}
LOCATION_EFFECTS: Mapping[str, str] = {
    "power": "all_here",
    "destroy": "all_here",
    "move": "all_here",
    "draw": "each_player",
    "add": "each_player",
    "extra_energy": "each_player",
    "no_play": "self",
    "allow_move": "self",
    "last_turn": "self",
}
"""The effects a location may have, each with the one target it can have (a location belongs to
nobody: it acts on every card here or on each player)."""


@dataclass(frozen=True, slots=True)
class Ability:
    when: str
    effect: str
    target: str = "self"
    amount: int = 1
    zone: str = "board"
    card: str | None = None
    into: str = "hand"
    condition: str | None = None


@dataclass(frozen=True, slots=True)
class CardDef:
    __canonical__ = "id"  # the same definition in every match: a state hash names it by id

    id: str
    name: str
    cost: int
    power: int
    abilities: tuple[Ability, ...] = ()
    keywords: frozenset[str] = frozenset()
    token: bool = False
    text: str = ""
    # Abilities grouped by timing, so the turn flow looks up only what it needs.
    by_when: Mapping[str, tuple[Ability, ...]] = field(default_factory=dict)
    # Read from the fields above once, for the turn flow and the legality checks:
    # the timings it has abilities for while in a hand or a deck (game start included),
    unseen_timings: frozenset[str] = field(init=False, default=frozenset())
    # whether it can move by itself, and whether it can move or activate at all.
    can_move: bool = field(init=False, default=False)
    can_act: bool = field(init=False, default=False)

    @property
    def summary(self) -> str:
        """``cost 3, power 5``: what a card list shows before the text."""
        return f"cost {self.cost}, power {self.power}"

    def __post_init__(self) -> None:
        unseen = {a.when for a in self.abilities if a.zone != "board" or a.when == "game_start"}
        can_move = "can_move" in self.keywords
        can_act = can_move or any(a.when == "activate" for a in self.abilities)
        object.__setattr__(self, "unseen_timings", frozenset(unseen))
        object.__setattr__(self, "can_move", can_move)
        object.__setattr__(self, "can_act", can_act)


@dataclass(frozen=True, slots=True)
class LocationDef:
    __canonical__ = "id"  # the same definition in every match: a state hash names it by id

    id: str
    name: str
    abilities: tuple[Ability, ...] = ()
    text: str = ""
    by_when: Mapping[str, tuple[Ability, ...]] = field(default_factory=dict)

    @property
    def ongoing(self) -> frozenset[str]:
        """The effects of its ongoing abilities (``no_play``, ``allow_move``...)."""
        return frozenset(a.effect for a in self.by_when.get("ongoing", ()))

    @property
    def last_turn(self) -> int | None:
        for ability in self.by_when.get("ongoing", ()):
            if ability.effect == "last_turn":
                return ability.amount
        return None


@dataclass(frozen=True, slots=True)
class Deck:
    id: str
    name: str
    cards: tuple[str, ...]
    blurb: str = ""


@dataclass(frozen=True, slots=True)
class CardPool(PoolCards[CardDef]):
    cards: Mapping[str, CardDef]
    locations: Mapping[str, LocationDef]
    decks: Mapping[str, Deck]
    digest: str
