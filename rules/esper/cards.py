"""The esper card pool and its closed vocabulary (ESPER-14).

The decks are fixed by the spec: the data files (``data/esper``) list each deck's kinds and counts
(and the names, which are the project's own), :mod:`.loading` checks them against the counts below
and names the file, entry and field of anything that does not fit, and the effects are the rules'
(ESPER-8, 9, 14). A card's rules text is written from its kind by :mod:`.text`.

Every definition a player may look up (``/card``) is a :class:`CardDef` in ``CardPool.cards``: the
roster's characters, the planet cards, the gear, the base cards and the combat cards. Personas and
planets are public names, kept apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..engine.carddata import PoolCards
from ..engine.datafile import DataError

__all__ = [
    "ALIGNMENTS",
    "BASE_COUNTS",
    "BASE_KINDS",
    "COMBAT_COUNTS",
    "COMBAT_KINDS",
    "DECKS",
    "GEAR_COUNTS",
    "GEAR_KINDS",
    "ONCE_GEAR",
    "PLANET_COUNTS",
    "PLANET_KINDS",
    "TERMS",
    "CardDef",
    "CardPool",
    "DataError",
    "Line",
    "Persona",
    "Planet",
]

ALIGNMENTS = ("good", "evil")
"""A character's alignment, and a persona's face (ESPER-0, 14.2)."""

DECKS = ("character", "planet", "gear", "base", "combat")
"""Where a definition belongs: the roster, or one of the decks."""

PLANET_KINDS = (
    "clue",
    "gear",
    "checkpoint",
    "snare",
    "skirmish",
    "exposure",
    "insight",
    "landing_pad",
    "plain",
)
PLANET_COUNTS: Mapping[str, tuple[int, int]] = {
    "clue": (5, 4),
    "gear": (10, 6),
    "checkpoint": (2, 2),
    "snare": (4, 2),
    "skirmish": (3, 2),
    "exposure": (2, 2),
    "insight": (4, 3),
    "landing_pad": (2, 1),
    "plain": (4, 2),
}
"""ESPER-14.4: each kind's count at 5-10 seats and at 3-4 seats (gear counted in gear.toml)."""

GEAR_KINDS = ("barrier", "aide", "damper", "double", "shuttle", "bolt_hole", "focus")
GEAR_COUNTS: Mapping[str, tuple[int, int]] = {
    "barrier": (2, 1),
    "aide": (1, 0),
    "damper": (1, 1),
    "double": (1, 1),
    "shuttle": (2, 1),
    "bolt_hole": (2, 1),
    "focus": (1, 1),
}
"""ESPER-14.5: 10 gear cards, 6 at 3-4 seats (one of each but the aide)."""
ONCE_GEAR = frozenset({"damper", "double", "shuttle", "bolt_hole", "focus"})
"""Gear that leaves the game once used (ESPER-14.5); a barrier serves once per combat."""

BASE_KINDS = (
    "key_base",
    "hall",
    "scrambler",
    "sentry",
    "guardhouse",
    "snare",
    "lounge",
    "fog_room",
    "dissolver",
    "core",
    "archive",
    "rift",
    "anchor",
)
BASE_COUNTS: Mapping[str, tuple[int, int]] = {
    "key_base": (4, 4),
    "hall": (8, 5),
    "scrambler": (6, 3),
    "sentry": (4, 3),
    "guardhouse": (2, 1),
    "snare": (3, 2),
    "lounge": (2, 1),
    "fog_room": (2, 1),
    "dissolver": (1, 1),
    "core": (1, 1),
    "archive": (1, 1),
    "rift": (1, 1),
    "anchor": (1, 1),
}
"""ESPER-14.7: 36 base cards, 25 at 3-4 seats; the four key bases are four different cards."""
NO_RECOVERY = frozenset({"scrambler", "lounge", "fog_room", "rift"})
"""Face-up base cards an infiltrator may not recover on (ESPER-4.4, 4.4a)."""

COMBAT_KINDS = ("attack", "defence", "escape", "mind_read", "flex")
COMBAT_COUNTS: Mapping[tuple[str, int], tuple[int, int]] = {
    ("attack", 1): (8, 4),
    ("attack", 2): (8, 4),
    ("attack", 3): (7, 3),
    ("attack", 4): (6, 0),
    ("attack", 5): (4, 0),
    ("attack", 6): (3, 0),
    ("defence", 2): (6, 3),
    ("defence", 4): (5, 2),
    ("defence", 6): (3, 0),
    ("escape", 1): (6, 4),
    ("mind_read", 2): (2, 0),
    ("flex", 0): (2, 0),
}
"""ESPER-14.6: (kind, level) → copies in the 60-card deck, and copies added at 8-10 seats."""
ATTACK_DAMAGE: Mapping[int, int] = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 4}
"""ESPER-14.6: an attack's damage by its level."""
FLEX_DAMAGE = 2
FLEX_ATTACK_LEVELS = (1, 2, 3, 4)
FLEX_DEFENCE_LEVELS = (1, 2, 3, 4, 5, 6)
"""ESPER-14.6a: the levels a flex card may be played at, as an attack and as a defence."""

STAT_RANGES: Mapping[str, tuple[int, int]] = {
    "level": (3, 6),
    "power": (24, 32),
    "durability": (4, 7),
    "mental": (4, 8),
}
"""ESPER-14.1: the ranges of a character's stats."""

TERMS = (
    "esp_level",
    "esp_power",
    "durability",
    "mental",
    "check",
    "clue",
    "gear",
    "combat",
    "npc",
    "arrested",
    "incapacitated",
    "scattered",
    "probe",
    "spaceport",
    "fly",
    "key_base",
    "party",
    "escape",
    "defence",
    "level",
)
"""The words a card's rules text uses that a player must know; ``data/esper/guide.toml`` explains
every one. A card's ``keywords`` are those its own text uses (:mod:`.text`)."""


class _Value:
    """Card data never changes during a match: copying a state shares it instead of copying."""

    __slots__ = ()

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return self


@dataclass(frozen=True, slots=True)
class Line(_Value):
    """One of the roster's seven stat lines (ESPER-14.1)."""

    id: int
    level: int
    power: int
    durability: int
    mental: int


@dataclass(frozen=True, slots=True)
class CardDef(_Value):
    """A definition of the pool: a character of the roster or a card of one of the decks.

    ``count`` is its copies at 5-10 seats (the combat deck: at 3-7), ``small`` at 3-4 seats,
    ``large`` the copies a combat card adds at 8-10 seats. A character carries its stats; a
    combat card its ``level`` (0 for a flex card, whose level is chosen) and ``damage``.
    """

    __canonical__ = "id"

    id: str
    name: str
    deck: str  # one of DECKS
    kind: str  # a character's alignment; else one of its deck's kinds
    level: int = 0
    damage: int = 0
    power: int = 0
    durability: int = 0
    mental: int = 0
    line: int = 0
    count: int = 0
    small: int = 0
    large: int = 0
    blurb: str = ""
    text: str = ""
    keywords: frozenset[str] = frozenset()
    abilities: tuple[Any, ...] = ()  # none: what a card does is its kind's rule
    token: bool = False  # never: the engine's deck helpers read it

    @property
    def character(self) -> bool:
        return self.deck == "character"

    @property
    def summary(self) -> str:
        """What a list shows first: ``good character, stat line 1``, ``combat card: attack,
        level 3``."""
        if self.deck == "character":
            return f"{self.kind} character, stat line {self.line}"
        if self.deck == "combat":
            if self.kind == "flex":
                return "combat card: flex, level chosen"
            return f"combat card: {self.kind.replace('_', '-')}, level {self.level}"
        return f"{self.deck} card: {self.kind.replace('_', ' ')}"


@dataclass(frozen=True, slots=True)
class Persona(_Value):
    """A public identity a player picks (ESPER-0.4, 14.2); its face may be a lie."""

    __canonical__ = "id"

    id: str
    name: str
    face: str


@dataclass(frozen=True, slots=True)
class Planet(_Value):
    __canonical__ = "id"

    id: str
    name: str


@dataclass(frozen=True, slots=True)
class CardPool(PoolCards[CardDef], _Value):
    """Everything the data files give: the definitions by id, personas and planets in order."""

    cards: Mapping[str, CardDef]
    personas: tuple[Persona, ...]
    planets: tuple[Planet, ...]
    digest: str
    decks: Mapping[str, Any]  # no starter decks: esper is a board game

    def of(self, deck: str) -> tuple[CardDef, ...]:
        """The definitions of one deck (or the roster), in file order."""
        return tuple(c for c in self.cards.values() if c.deck == deck)

    def by_name(self, name: str) -> CardDef:
        return next(c for c in self.cards.values() if c.name == name)

    def gear(self, kind: str) -> CardDef:
        """The gear card of a kind (each kind is one card, in as many copies as the deck has)."""
        return next(c for c in self.cards.values() if c.deck == "gear" and c.kind == kind)
