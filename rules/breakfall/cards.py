"""The breakfall card model and its closed vocabulary (BREAKFALL-7).

A card is data: its kind, cost and numbers, its abilities (activated, triggered, static), a
technique's own effects, and at most one breakfall (the ability that works only from the check
zone during a damage check, BREAKFALL-5.4). An effect is one of :data:`EFFECTS` at one of
:data:`TARGETS`; :mod:`.loading` checks every field against these tables and names the file,
card and field of anything that does not fit, and :mod:`.text` writes the rules text from the
same fields, so what a card says and what it does cannot drift apart.

The rule-test card file (BREAKFALL-6.6a) may also use :data:`TEST_ONLY`: ``repeatable`` and the
trigger ``bowed``; a playable pool may not (BREAKFALL-6.6).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine.carddata import PoolCards
from ..engine.datafile import DataError

__all__ = [
    "ABILITY_KINDS",
    "BOOSTS",
    "BREAKFALL_COSTS",
    "BREAKFALL_ONLY",
    "CHARACTER_TARGETS",
    "CHOSEN",
    "COSTS",
    "EFFECTS",
    "KINDS",
    "PLAYER_TARGETS",
    "SPEEDS",
    "STATICS",
    "STATIC_SCOPES",
    "TARGETS",
    "TERMS",
    "TEST_ONLY",
    "TEST_TRIGGERS",
    "TRIGGERS",
    "Ability",
    "CardDef",
    "CardPool",
    "Cost",
    "DataError",
    "Deck",
    "Effect",
]

KINDS = ("character", "technique")
SPEEDS = ("main", "any")
"""A technique's speed (BREAKFALL-7.1): ``main`` in its controller's main phase with the space
empty (BREAKFALL-3.6), ``any`` whenever its controller holds priority (BREAKFALL-3.5)."""

ABILITY_KINDS = ("activated", "triggered", "static")
"""BREAKFALL-7.2; a card's breakfall is a field of its own (``[card.breakfall]``)."""

COSTS = ("bow_resources", "bow_self", "discard")
BREAKFALL_COSTS = ("bow_resources", "discard")
"""BREAKFALL-7.3: what an activated ability may cost, and what a breakfall may."""

TRIGGERS = (
    "enters",
    "greets",
    "blocks",
    "deals_damage",
    "dealt_damage",
    "killed",
    "turn_start",
    "turn_end",
)
TEST_TRIGGERS = ("bowed",)
"""BREAKFALL-7.4; ``bowed`` only in the rule-test card file (BREAKFALL-6.6a)."""

STATICS = ("force", "sabotage", "durability", "no_breakfall")
STATIC_SCOPES = ("all", "others")
"""BREAKFALL-7.5: ``force +x`` (and so on) for the controller's characters, ``all`` of them or
the ``others``; ``no_breakfall``: the opponent's breakfalls cannot be entered."""

BOOSTS = ("force", "sabotage", "durability")

CHARACTER_TARGETS = (
    "self",
    "own_character",
    "enemy_character",
    "character",
    "all_enemy_characters",
    "greeter",
    "blocker",
)
PLAYER_TARGETS = ("you", "opponent", "each_player")
TARGETS = (*CHARACTER_TARGETS, "entry", *PLAYER_TARGETS)
"""BREAKFALL-7.7."""

CHOSEN = ("own_character", "enemy_character", "character", "greeter", "blocker", "entry")
"""Targets a player chooses when the ability is entered (BREAKFALL-3.7): one character (or
entry) among those legal then."""

EFFECTS: Mapping[str, tuple[str, ...]] = {
    "damage": CHARACTER_TARGETS,
    "damage_player": PLAYER_TARGETS,
    "draw": PLAYER_TARGETS,
    "discard": PLAYER_TARGETS,
    "ready": CHARACTER_TARGETS,
    "bow": CHARACTER_TARGETS,
    "boost": CHARACTER_TARGETS,
    "bounce": CHARACTER_TARGETS,
    "kill": CHARACTER_TARGETS,
    "negate": ("entry",),
    "recall": ("you",),
    "self_to_hand": ("self",),
    "self_to_field": ("self",),
    "self_to_resources": ("self",),
}
"""BREAKFALL-7.6: each effect and the targets it may have (the first is its default where it
has only one)."""

BREAKFALL_ONLY = frozenset({"self_to_hand", "self_to_field", "self_to_resources"})
"""Effects that move a breakfall's card out of the check zone (BREAKFALL-7.6)."""

AMOUNTS: Mapping[str, tuple[int, int]] = {
    "damage": (1, 6),
    "damage_player": (1, 3),
    "draw": (1, 3),
    "discard": (1, 3),
    "boost": (-6, 6),
    "kill": (0, 6),
}
"""The amount each effect takes (``boost``'s may not be 0); the others take none."""

TEST_ONLY = frozenset({"repeatable", "bowed"})
"""BREAKFALL-6.6, 6.6a: the vocabulary only the rule-test card file may use."""

TERMS = (
    "breakfall",
    "technique",
    "any_speed",
    "main_only",
    "greet",
    "block",
    "bow",
    "ready",
    "resource",
    "force",
    "sabotage",
    "durability",
    "entry",
    "kill",
)
"""The words a card's rules text uses that a player must know (its keywords, the timings it
writes as labels, its stats); ``data/breakfall/guide.toml`` explains every one. A card's
``keywords`` are those its own text uses, worked out from its data (:mod:`.text`)."""


class _Value:
    """Card data never changes during a match: copying a state shares it instead of copying."""

    __slots__ = ()

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return self


@dataclass(frozen=True, slots=True)
class Cost(_Value):
    """One part of a cost: ``bow_resources 2``, ``bow_self``, ``discard 1``."""

    kind: str
    n: int = 1

    def __str__(self) -> str:
        return self.kind if self.kind == "bow_self" else f"{self.kind} {self.n}"


@dataclass(frozen=True, slots=True)
class Effect(_Value):
    """One effect of an ability: ``damage`` 2 to an ``enemy_character``, ``boost`` ``force``
    −1 to ``self``."""

    effect: str
    target: str
    amount: int = 1
    stat: str | None = None  # boost: force, sabotage or durability

    @property
    def chosen(self) -> bool:
        return self.target in CHOSEN


@dataclass(frozen=True, slots=True)
class Ability(_Value):
    """An activated, triggered, static or breakfall ability.

    ``key`` names it within the pool (``"ash-runner#1"``, ``"ash-runner#breakfall"``).
    """

    __canonical__ = "key"

    key: str
    kind: str  # activated | triggered | static | breakfall
    effects: tuple[Effect, ...] = ()
    cost: tuple[Cost, ...] = ()
    when: str | None = None  # triggered: one of TRIGGERS (or TEST_TRIGGERS)
    may: bool = False  # triggered: its controller chooses on resolution
    main_only: bool = False  # activated (BREAKFALL-3.6)
    repeatable: bool = False  # activated, test file only (BREAKFALL-6.4 (a))
    static: str | None = None  # static: one of STATICS
    amount: int = 0  # static: the +x
    scope: str = "all"  # static: all | others
    text: str = ""

    @property
    def chosen(self) -> str | None:
        """The kind of target its controller chooses on entering it, if any (one per
        ability: every effect that chooses shares the one choice)."""
        for effect in self.effects:
            if effect.chosen and not self.fixed(effect):
                return effect.target
        return None

    def fixed(self, effect: Effect) -> bool:
        """Whether a target that is usually chosen is fixed here: on a ``blocks`` trigger,
        ``greeter`` is the character this blocks (``docs/rulings.md``, BREAKFALL-7.7)."""
        return self.when == "blocks" and effect.target == "greeter"

    def costs(self, kind: str) -> int:
        """How much of ``kind`` its cost asks (0 if none): ``costs("discard")``."""
        return sum(c.n for c in self.cost if c.kind == kind)


@dataclass(frozen=True, slots=True)
class CardDef(_Value):
    __canonical__ = "id"

    id: str
    name: str  # the full name BREAKFALL-1.1 counts copies by
    kind: str
    cost: int
    force: int = 0
    sabotage: int = 0
    durability: int = 0
    speed: str | None = None  # techniques: main | any
    abilities: tuple[Ability, ...] = ()
    effects: tuple[Effect, ...] = ()  # a technique's own effect, when it resolves
    breakfall: Ability | None = None
    text: str = ""
    keywords: frozenset[str] = frozenset()  # the TERMS its text uses
    token: bool = False  # never: a breakfall pool makes no tokens (engine's DeckRule reads it)
    # Abilities by kind and trigger, looked up on every trigger scan and stat read.
    triggered: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    activated: tuple[int, ...] = ()
    statics: tuple[Ability, ...] = ()

    @property
    def character(self) -> bool:
        return self.kind == "character"

    @property
    def technique(self) -> bool:
        return self.kind == "technique"

    @property
    def summary(self) -> str:
        """``character, cost 3, force 2, sabotage 1, durability 3``: what a list shows first."""
        if self.character:
            return (
                f"character, cost {self.cost}, force {self.force}, sabotage {self.sabotage}, "
                f"durability {self.durability}"
            )
        return f"technique, cost {self.cost}, {'any speed' if self.speed == 'any' else 'main'}"

    @property
    def chosen(self) -> str | None:
        """The target a technique's player chooses when playing it, if any."""
        for effect in self.effects:
            if effect.chosen:
                return effect.target
        return None


@dataclass(frozen=True, slots=True)
class Deck(_Value):
    id: str
    name: str
    cards: tuple[str, ...]
    blurb: str = ""


@dataclass(frozen=True, slots=True)
class CardPool(PoolCards[CardDef], _Value):
    cards: Mapping[str, CardDef]
    decks: Mapping[str, Deck]
    digest: str
    test: bool = False  # holds the rule-test cards of BREAKFALL-6.6a
    # What the cheapest card a hand might hold costs, anything (a turn player's main window) or
    # an any-speed technique (any other priority); None if the pool has none: with fewer ready
    # resources a seat evidently plays nothing (BREAKFALL-9.2). Worked out from the cards.
    cheapest: int | None = field(init=False, default=None)
    cheapest_any: int | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        cards = self.cards.values()
        any_speed = [c.cost for c in cards if c.speed == "any"]
        object.__setattr__(self, "cheapest", min((c.cost for c in cards), default=None))
        object.__setattr__(self, "cheapest_any", min(any_speed, default=None))
