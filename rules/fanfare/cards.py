"""The fanfare card model: cards, abilities and the parts of an ability's effect.

Abilities are data. An :class:`Ability` has a timing (``when``), the zone it works from, an
optional condition checked when it triggers (FANFARE-Q2) and one or more :class:`Part` values
that resolve in order as one effect ("deal 2 damage to an enemy follower, then draw a card").
:mod:`rules.fanfare.effects` gives each part its behaviour and :mod:`rules.fanfare.text` writes
the rules text from the same fields, so what a card says and what it does cannot drift apart.
The tables below say which timing, effect and target may go together; :mod:`.loading` enforces
them and names the file, card and field of anything that does not fit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine.carddata import PoolCards
from ..engine.datafile import DataError

__all__ = [
    "CHOSEN",
    "EFFECTS",
    "HAND_TIMINGS",
    "KEYWORDS",
    "KINDS",
    "PLAYER_TARGETS",
    "SELF_TIMINGS",
    "TERMS",
    "TIMINGS",
    "Ability",
    "CardDef",
    "CardPool",
    "Condition",
    "DataError",
    "Deck",
    "EffectRule",
    "Part",
]

KINDS = ("follower", "amulet", "spell")
KEYWORDS = ("storm", "rush", "ward", "bane", "drain")
"""In the order the rules text lists them."""

# -- timings ------------------------------------------------------------------------------------

SELF_TIMINGS = (
    "fanfare",  # when played from hand
    "cast",  # a spell's own effect
    "enter",  # when this enters the board (played or summoned)
    "last_words",  # when destroyed
    "leave",  # when this leaves the board (destroyed, banished, returned)
    "evolve",
    "strike",  # when this attacks
    "clash",  # when this fights a follower, before damage
    "discarded",  # when discarded from hand
    "drawn",  # when you draw this (not when it burns)
    "turn_start",
    "turn_end",
    "aura",  # not a trigger: holds while on the board
)
WATCH_TIMINGS = (
    "ally_plays_follower",  # when you play another follower
    "enemy_plays_follower",  # when your opponent plays a follower (interferes with it)
    "play_spell",
    "play_card",
    "ally_enters",  # another follower enters your board
    "enemy_enters",  # a follower enters the enemy board
    "ally_destroyed",
    "follower_destroyed",
    "ally_evolves",
    "ally_attacks",
    "discard",  # whenever you discard
    "card_to_hand",  # whenever a card is put into your hand (also when it burns)
)
TIMINGS = SELF_TIMINGS + WATCH_TIMINGS
TERMS = (*KEYWORDS, "fanfare", "last_words", "evolve", "strike", "clash", "countdown")
"""The words a card's rules text names a player must know: the keywords, the timings it writes
as a label ("Last words:"; the others read as plain sentences) and countdown. The ruleset's guide
(``data/fanfare/guide.toml``) explains every one."""

EVENT_CARD_TIMINGS = frozenset(
    {
        "ally_plays_follower",
        "enemy_plays_follower",
        "ally_enters",
        "enemy_enters",
        "ally_evolves",
        "ally_attacks",
    }
)
"""Timings whose event has a card on the board that the ability may name as ``it``."""

HAND_TIMINGS = frozenset({"turn_start", "card_to_hand", "play_spell", "play_card"})
"""Timings that may work from the hand (where an ability only changes its card's cost)."""

CHOSEN_TIMINGS = frozenset({"fanfare", "cast", "evolve"})
"""Timings at which the player chooses a target when acting (play, evolve)."""

LEADER_TIMINGS = frozenset(
    {
        "turn_start",
        "turn_end",
        "ally_plays_follower",
        "enemy_plays_follower",
        "play_spell",
        "play_card",
        "ally_enters",
        "enemy_enters",
        "ally_destroyed",
        "follower_destroyed",
        "ally_evolves",
        "ally_attacks",
        "discard",
        "card_to_hand",
    }
)
"""Timings an ability granted to a leader may have."""

# -- targets ------------------------------------------------------------------------------------

CHOSEN = (
    "enemy_follower",
    "follower",
    "ally_follower",
    "enemy",  # an enemy follower or the enemy leader
    "enemy_card",  # an enemy follower or amulet
    "amulet",
    "hand_card",  # another card in your hand
)
"""Targets the player picks when playing or evolving (FANFARE: targets chosen at play time)."""

PLAYER_TARGETS = ("owner", "opponent", "each_player")

_DAMAGE = (
    "enemy_follower",
    "follower",
    "enemy",
    "self",
    "it",
    "foe",
    "own_leader",
    "enemy_leader",
    "leaders",
    "allies",
    "other_allies",
    "enemy_followers",
    "followers",
    "enemies",
    "all",
    "random_enemy_follower",
)
_FRIENDS = ("self", "it", "ally_follower", "allies", "other_allies", "random_ally")


@dataclass(frozen=True, slots=True)
class EffectRule:
    """Which targets an effect takes and which fields it needs."""

    targets: tuple[str, ...]
    needs: tuple[str, ...] = ()  # "card", "grants", "keyword", "stats"
    aura: bool = False  # only as a static ("aura") ability
    anywhere: bool = False  # may also be an aura


EFFECTS: Mapping[str, EffectRule] = {
    "damage": EffectRule(_DAMAGE),
    "heal": EffectRule(("own_leader", "self", "it", "ally_follower", "allies", "leaders")),
    "destroy": EffectRule(
        (
            "enemy_follower",
            "follower",
            "enemy_card",
            "amulet",
            "self",
            "it",
            "foe",
            "random_enemy_follower",
            "enemy_followers",
            "followers",
            "other_allies",
        )
    ),
    "banish": EffectRule(("enemy_follower", "enemy_card", "it", "foe")),
    "bounce": EffectRule(("enemy_follower", "follower", "ally_follower", "self", "it", "foe")),
    "transform": EffectRule(("enemy_follower", "follower", "it", "foe"), needs=("card",)),
    "silence": EffectRule(("enemy_follower", "follower", "it", "foe")),
    "buff": EffectRule(_FRIENDS, needs=("stats",), anywhere=True),
    "keyword": EffectRule(_FRIENDS, needs=("keyword",)),
    "grant": EffectRule(("self", "it", "ally_follower", "allies"), needs=("grants",)),
    "draw": EffectRule(PLAYER_TARGETS),
    "summon": EffectRule(("owner", "opponent"), needs=("card",)),
    "add": EffectRule(("owner", "opponent"), needs=("card",)),
    "shuffle": EffectRule(("owner", "opponent"), needs=("card",)),
    "pp": EffectRule(("owner",)),
    "discard": EffectRule(("hand_card", "random_hand_card")),
    "cost": EffectRule(("self", "own_hand")),
    "countdown": EffectRule(("self", "own_amulets")),
    "grant_leader": EffectRule(("owner",), needs=("grants",), anywhere=True),
    "summon_self": EffectRule(("self",)),
    "damage_cut": EffectRule(("self",), aura=True),
    "effect_boost": EffectRule(("owner",), aura=True),
}

AURA_TARGETS: Mapping[str, tuple[str, ...]] = {
    "buff": ("other_allies", "allies"),
    "grant_leader": ("owner",),
    "damage_cut": ("self",),
    "effect_boost": ("owner",),
}

UNTILS = ("turn_end", "your_turn_start")
AMOUNT_FROM = ("self_attack", "highest_ally_attack", "allies", "cemetery", "hand")
SUBJECTS = ("allies", "enemy_followers", "hand", "cemetery", "defence", "max_pp")
DRAWN_RESULTS = ("win", "lose")


class _Value:
    """Card data never changes during a match: copying a state shares it instead of copying."""

    __slots__ = ()

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return self


@dataclass(frozen=True, slots=True)
class Condition(_Value):
    """``subject op n``, e.g. ``allies >= 3``: a count about the ability's owner."""

    subject: str
    op: str
    n: int

    def holds(self, value: int) -> bool:
        if self.op == ">=":
            return value >= self.n
        if self.op == "<=":
            return value <= self.n
        return value == self.n

    def __str__(self) -> str:
        return f"{self.subject} {self.op} {self.n}"


@dataclass(frozen=True, slots=True)
class Part(_Value):
    """One effect of an ability: ``damage`` 2 to ``enemy_follower`` and the like."""

    effect: str
    target: str
    amount: int = 1
    attack: int = 0
    defence: int = 0
    card: str | None = None
    keyword: str | None = None
    amount_from: str | None = None
    until: str | None = None
    instead: Condition | None = None  # read when it resolves (FANFARE-Q2)
    instead_amount: int = 0
    grants: Ability | None = None

    @property
    def chosen(self) -> bool:
        return self.target in CHOSEN


@dataclass(frozen=True, slots=True)
class Ability(_Value):
    """A timing, a zone, an optional condition and the parts of its effect.

    ``key`` names it within the pool (``"flame-knight#1"``) so that granted abilities can be
    written into a state's canonical form.
    """

    __canonical__ = "key"  # a state names a granted ability by its key

    key: str
    when: str
    parts: tuple[Part, ...]
    zone: str = "board"
    condition: Condition | None = None  # checked when it triggers (FANFARE-Q2)
    text: str = ""

    @property
    def chosen(self) -> str | None:
        """The kind of target the player picks for this ability, if any."""
        for part in self.parts:
            if part.chosen:
                return part.target
        return None


@dataclass(frozen=True, slots=True)
class CardDef(_Value):
    __canonical__ = "id"  # a card in a state names its definition by id

    id: str
    name: str
    kind: str
    cost: int
    attack: int = 0
    defence: int = 0
    countdown: int | None = None
    keywords: frozenset[str] = frozenset()
    abilities: tuple[Ability, ...] = ()
    token: bool = False
    drawn_result: str | None = None  # "win" / "lose": acts at once when drawn (FANFARE-2.5)
    text: str = ""
    # (zone, when) -> ((index, ability), ...): the trigger scan looks up only what it needs.
    by_when: Mapping[tuple[str, str], tuple[tuple[int, Ability], ...]] = field(default_factory=dict)
    play_target: str | None = None  # the chosen target of its fanfare / spell effect
    evolve_target: str | None = None
    auras: tuple[Part, ...] = ()  # its aura abilities' parts, looked up on every stat read

    @property
    def follower(self) -> bool:
        return self.kind == "follower"

    @property
    def amulet(self) -> bool:
        return self.kind == "amulet"

    @property
    def spell(self) -> bool:
        return self.kind == "spell"

    @property
    def summary(self) -> str:
        """``follower, cost 3, 2/3``: what a card list shows before the text."""
        stats = f", {self.attack}/{self.defence}" if self.follower else ""
        return f"{self.kind}, cost {self.cost}{stats}"

    def abilities_at(self, zone: str, when: str) -> tuple[tuple[int, Ability], ...]:
        return self.by_when.get((zone, when), ())


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
    abilities: Mapping[str, Ability]  # by key, granted ones included
    digest: str
