"""The charm card model and the closed vocabulary of its data (CHARM-11).

A card is data: a kind, a cost, EP, AP and DP, performance tokens, and skills. A **skill** is an
A.Skill (declared by its controller, with a cost), a triggered P.Skill (``when`` it triggers) or
a static P.Skill (a number it changes while its card is face up on the field). A skill's
:class:`Effect` values resolve in order; each names what it does, to whom, how much and, if
any, the condition it needs when it resolves (CHARM-11.8). :mod:`.effects` gives each effect its
behaviour and :mod:`.text` writes the rules text from the same fields, so what a card says and
what it does cannot drift apart. The tables below say what may go together; :mod:`.loading`
enforces them and names the file, card and field of anything that does not fit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine.carddata import PoolCards
from ..engine.datafile import DataError

__all__ = [
    "A_SKILL",
    "CHARACTERS",
    "CHARACTER_TARGETS",
    "CHOSEN",
    "CONDITIONS",
    "EFFECTS",
    "EP_KINDS",
    "KINDS",
    "PERMANENTS",
    "STATIC",
    "STATICS",
    "STATIC_TARGETS",
    "TARGETS",
    "TERMS",
    "TIMINGS",
    "CardDef",
    "CardPool",
    "Condition",
    "Cost",
    "DataError",
    "Deck",
    "Effect",
    "EffectRule",
    "Skill",
]

# -- kinds (CHARM-11.2) ----------------------------------------------------------------------------

KINDS = ("character", "heroine", "background", "item", "event", "music")
PERMANENTS = ("character", "heroine", "background", "item", "music")
"""Kinds that stay on the field once they enter it."""
CHARACTERS = ("character", "heroine")
EP_KINDS = ("character", "heroine", "background")
"""Kinds with an EP value: checked, they add it to their owner's pool (CHARM-10.2)."""

# -- skills (CHARM-11.3 - 11.5) ------------------------------------------------------------------

A_SKILL = "a_skill"
"""The ``when`` of an A.Skill: declared by its controller, never triggered."""
STATIC = "static"
"""The ``when`` of a static P.Skill: it holds while its card is face up on the field."""
TIMINGS = (
    "enters",  # this enters the field
    "start_phase",  # its owner's start phase begins
    "draw_phase",  # its owner's draw resolved (CHARM-11.4a)
    "end_phase",  # its owner's end phase begins
    "attacks",  # this attacks (as the charm phase begins)
    "supports",  # this supports
    "defends",  # this was declared a defender
    "face_down",  # this turns face down (CHARM-6.6a)
    "charm_end",  # after any charm's damage
)
"""Triggered P.Skills (CHARM-11.4)."""
SELF_TIMINGS = frozenset({"attacks", "supports", "defends", "face_down"})
"""Timings that only a character can have (the others: any card on the field)."""

STATICS = ("ap", "dp", "hand_limit", "damage_limit")
STATIC_TARGETS = ("all", "heroine", "self")
"""What a static ``ap``/``dp`` reaches: all own characters, the own heroine, or this card."""

# -- effects and targets (CHARM-11.6, 11.7) ------------------------------------------------------

CHARACTER_TARGETS = (
    "self",
    "own_character",
    "enemy_character",
    "character",
    "own_heroine",
    "enemy_heroine",
    "all_own_characters",
    "all_enemy_characters",
    "attacker",
    "defender",
)
TARGETS = (*CHARACTER_TARGETS, "own_background", "music", "you", "opponent")
CHOSEN = frozenset(
    {"own_character", "enemy_character", "character", "attacker", "defender", "own_background"}
    | {"music"}
)
"""Targets a player picks: at declaration for an event or A.Skill, when it resolves for a
triggered P.Skill (CHARM-9.7). The others name their cards or player by themselves."""
PLAYERS = frozenset({"you", "opponent"})


@dataclass(frozen=True, slots=True)
class EffectRule:
    """The targets an effect takes, whether it has an amount (and from what to what), and
    whether it needs a stat (``boost``) or a card kind (``recall``)."""

    targets: tuple[str, ...]
    amount: tuple[int, int] | None = (1, 9)
    stat: bool = False
    kind: bool = False


_TURNABLE = (*CHARACTER_TARGETS, "own_background")

EFFECTS: Mapping[str, EffectRule] = {
    "damage_player": EffectRule(("opponent",)),
    "heal": EffectRule(("you",)),
    "damage": EffectRule(CHARACTER_TARGETS),
    "boost": EffectRule(CHARACTER_TARGETS, amount=(-6, 6), stat=True),
    "check": EffectRule(_TURNABLE, amount=None),
    "uncheck": EffectRule(_TURNABLE, amount=None),
    "face_down": EffectRule(CHARACTER_TARGETS, amount=(0, 9)),
    "bounce": EffectRule(CHARACTER_TARGETS, amount=None),
    "draw": EffectRule(("you", "opponent")),
    "discard": EffectRule(("you", "opponent")),
    "recall": EffectRule(("you",), amount=None, kind=True),
    "tokens": EffectRule(("music", "self"), amount=(-3, 3)),
    "gain_ep": EffectRule(("you",)),
    "negate": EffectRule(("declaration",), amount=None),
}
"""CHARM-11.6: each effect, what it may reach, and what it needs."""

CONDITIONS = ("own_damage_at_least", "opponent_damage_at_least", "heroine_attacking")
"""CHARM-11.8, checked when the effect resolves (false: it does nothing)."""

TERMS = (
    "a_skill",
    "p_skill",
    "once_per_turn",
    "interrupt",
    "check",
    "ep",
    "ap",
    "dp",
    "dp_damage",
    "damage",
    "face_down",
    "heroine",
    "charm",
    "negate",
    "recall",
    "tokens",
    "hand_limit",
    "damage_limit",
    "first_turn",
)
"""The words a card's rules text uses that a player must know. The ruleset's guide
(``data/charm/guide.toml``) explains every one; :attr:`CardDef.keywords` names those a card's
text must show, so ``/card`` explains each."""


class _Value:
    """Card data never changes during a match: copying a state shares it instead of copying."""

    __slots__ = ()

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return self


@dataclass(frozen=True, slots=True)
class Condition(_Value):
    """``own_damage_at_least 10``, ``heroine_attacking``: what an effect needs when it resolves."""

    kind: str
    n: int = 0


@dataclass(frozen=True, slots=True)
class Effect(_Value):
    """One effect of a skill: ``damage`` 2 to ``enemy_character`` and the like."""

    effect: str
    target: str
    amount: int = 0
    stat: str | None = None  # boost: "ap" or "dp"
    kind: str | None = None  # recall: the kind of card taken back
    condition: Condition | None = None

    @property
    def chosen(self) -> bool:
        return self.target in CHOSEN


@dataclass(frozen=True, slots=True)
class Cost(_Value):
    """What an A.Skill costs, paid at declaration (CHARM-10.1)."""

    ep: int = 0
    check_self: bool = False
    discard: int = 0

    @property
    def free(self) -> bool:
        return not (self.ep or self.check_self or self.discard)


@dataclass(frozen=True, slots=True)
class Skill(_Value):
    """An A.Skill (``when`` is :data:`A_SKILL`), a triggered P.Skill (a timing of
    :data:`TIMINGS`) or a static P.Skill (:data:`STATIC`, with ``stat``, ``amount`` and, for AP
    and DP, ``reach``). ``key`` names it in the pool (``"lantern-keeper#1"``)."""

    __canonical__ = "key"

    key: str
    when: str
    effects: tuple[Effect, ...] = ()
    cost: Cost = Cost()
    once_per_turn: bool = False
    stat: str | None = None
    amount: int = 0
    reach: str | None = None
    text: str = ""

    # What its effects make it, worked out once: asked whenever a seat's uses are listed.
    target_kind: str | None = field(init=False, repr=False, compare=False)
    """The kind of target its player picks, if any (one per skill, shared by its effects)."""
    negates: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        chosen = [e.target for e in self.effects if e.chosen]
        object.__setattr__(self, "target_kind", chosen[0] if chosen else None)
        object.__setattr__(self, "negates", any(e.effect == "negate" for e in self.effects))

    @property
    def active(self) -> bool:
        return self.when == A_SKILL

    @property
    def static(self) -> bool:
        return self.when == STATIC

    @property
    def triggered(self) -> bool:
        return self.when in TIMINGS


@dataclass(frozen=True, slots=True)
class CardDef(_Value):
    __canonical__ = "id"  # a card in a state names its definition by id

    id: str
    name: str
    kind: str
    cost: int = 0
    ep: int = 0
    ap: int = 0
    dp: int = 0
    tokens: int = 0
    skills: tuple[Skill, ...] = ()
    text: str = ""
    # Worked out once by the loader: a card's skills by kind, looked up on every stat read.
    statics: tuple[Skill, ...] = ()
    actives: tuple[tuple[int, Skill], ...] = ()
    triggers: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    # Its words in menus, written once (offers are built for every decision).
    label: str = ""  # "Lantern Page (character, cost 1)"
    play_label: str = ""  # "Play Lantern Page (1 EP)"
    play_detail: str = ""  # its summary and text
    produce_label: str = ""  # "Lantern Page (+1 EP)"
    detail: str = ""  # its text, as a menu's detail

    # What its kind makes it, as plain fields: read on every offer and stat (a property costs).
    character: bool = field(init=False, repr=False, compare=False)
    heroine: bool = field(init=False, repr=False, compare=False)
    event: bool = field(init=False, repr=False, compare=False)

    token = False  # DeckRule's question: charm makes no cards during a match

    def __post_init__(self) -> None:
        object.__setattr__(self, "character", self.kind in CHARACTERS)
        object.__setattr__(self, "heroine", self.kind == "heroine")
        object.__setattr__(self, "event", self.kind == "event")

    @property
    def abilities(self) -> tuple[Skill, ...]:
        """Its skills (what ``/card`` and the guide's test read as a card's abilities)."""
        return self.skills

    @property
    def makes_ep(self) -> bool:
        """A card that can produce EP (CHARM-14.3a): a character or background with EP 1+."""
        return self.kind in ("character", "background") and self.ep >= 1

    @property
    def keywords(self) -> frozenset[str]:
        """The words of :data:`TERMS` its rules text must show (``/card`` explains them)."""
        found = set()
        for skill in self.skills:
            if skill.active:
                found.add("a_skill")
                if skill.once_per_turn:
                    found.add("once_per_turn")
            elif skill.when != "event":
                found.add("p_skill")
            if skill.stat in ("hand_limit", "damage_limit"):
                found.add(skill.stat)
            for effect in skill.effects:
                if effect.effect in ("negate", "recall"):
                    found.add(effect.effect)
                elif effect.effect == "damage":
                    found.add("dp_damage")
                elif effect.effect == "face_down" or skill.when == "face_down":
                    found.add("face_down")
                elif effect.effect == "tokens":
                    found.add("tokens")
        return frozenset(found)

    @property
    def summary(self) -> str:
        """``character, cost 2, EP 1, AP 2, DP 3``: what a card list shows before the text."""
        parts = [self.kind]
        if self.kind != "heroine":
            parts.append(f"cost {self.cost}")
        if self.kind in EP_KINDS:
            parts.append(f"EP {self.ep}")
        if self.character:
            parts += [f"AP {self.ap}", f"DP {self.dp}"]
        if self.kind == "music":
            parts.append(f"{self.tokens} token{'s' if self.tokens != 1 else ''}")
        return ", ".join(parts)

    def skill(self, index: int) -> Skill:
        return self.skills[index]


@dataclass(frozen=True, slots=True)
class Deck(_Value):
    """A starter deck: 30 cards and the heroine it brings (CHARM-1.1, 14.3)."""

    id: str
    name: str
    cards: tuple[str, ...]
    heroine: str
    blurb: str = ""


@dataclass(frozen=True, slots=True)
class CardPool(PoolCards[CardDef], _Value):
    cards: Mapping[str, CardDef]
    decks: Mapping[str, Deck]
    digest: str

    @property
    def heroines(self) -> list[CardDef]:
        return [c for c in self.cards.values() if c.heroine]
