"""Breakfall positions to draw, built deterministically: steps of seeded random matches, and
made-up views that put any cards on the field or in a hand (to draw every shipped card), a space
with entries of every kind and a check waiting, and Japanese names.

``match_steps(seed)`` plays ``rules.simulate.random_match`` for the seed, then replays its actions
with views, so every step carries what each seat (and a spectator) saw after it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from functools import cache
from typing import Any

from rules.breakfall import ruleset as breakfall_ruleset
from rules.breakfall.cards import CardDef
from rules.breakfall.views import (
    BreakfallView,
    CardView,
    CharacterView,
    EntryView,
    HandCardView,
    PlayerView,
    ResourceView,
)
from rules.breakfall.words import CAPTIONS
from rules.engine import Event, Result, Step

from .positions import replay_steps

RULESET = breakfall_ruleset()
POOL = RULESET.pool
CARDS = sorted(POOL.cards.values(), key=lambda c: c.id)
CHARACTERS = [c for c in CARDS if c.character]


@cache
def match_steps(seed: int) -> tuple[Step, ...]:
    """Every step of the random breakfall match for ``seed``, opening included, with views."""
    return replay_steps(RULESET, seed)


def find_step(seeds: Iterable[int], wanted: Callable[[Step], bool]) -> Step:
    found = (step for seed in seeds for step in match_steps(seed) if wanted(step))
    step = next(found, None)
    if step is None:
        raise LookupError("no step found")
    return step


def public_with(*kinds: str) -> Callable[[Step], bool]:
    """A public step whose public events include all ``kinds``."""

    def wanted(step: Step) -> bool:
        return step.public and set(kinds) <= {e.kind for e in step.events_for(None)}

    return wanted


def chunks(items: Sequence[CardDef], size: int) -> list[Sequence[CardDef]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


# -- made-up views ---------------------------------------------------------------------------


def character(defn: CardDef, uid: int, seat: int, **changes: Any) -> CharacterView:
    card = CharacterView(
        uid=uid,
        card=defn.id,
        name=defn.name,
        seat=seat,
        force=defn.force,
        sabotage=defn.sabotage,
        durability=defn.durability,
        base_force=defn.force,
        base_sabotage=defn.sabotage,
        base_durability=defn.durability,
        damage=0,
        bowed=False,
        new=False,
        greeting=False,
        blocking=None,
        blocked_by=None,
        abilities=tuple(a.text for a in defn.abilities),
        breakfall=defn.breakfall.text if defn.breakfall else "",
    )
    return replace(card, **changes)


def hand_card(defn: CardDef, uid: int, **changes: Any) -> HandCardView:
    card = HandCardView(
        uid=uid,
        card=defn.id,
        name=defn.name,
        kind=defn.kind,
        cost=defn.cost,
        speed=defn.speed,
        force=defn.force,
        sabotage=defn.sabotage,
        durability=defn.durability,
        text=defn.text,
        breakfall=defn.breakfall is not None,
        playable=False,
    )
    return replace(card, **changes)


def public_card(defn: CardDef, uid: int) -> CardView:
    return CardView(uid, defn.id, defn.name, defn.kind, defn.breakfall is not None)


def player(seat: int, field: Sequence[CharacterView] = (), **changes: Any) -> PlayerView:
    view = PlayerView(
        seat=seat,
        deck_size=30,
        hand_size=4,
        field=tuple(field),
        resources=(),
        resource_states=(False, False, True),
        damage=(),
        damage_limit=10,
        check=(),
        graveyard=(),
        placed=False,
    )
    return replace(view, **changes)


def view(players: Sequence[PlayerView], **changes: Any) -> BreakfallView:
    made = BreakfallView(
        viewer=None,
        turn=7,
        turn_player=0,
        first=0,
        phase="main",
        step="",
        where="the main phase",
        players=tuple(players),
        space=(),
        holder=0,
        pending=(0,),
        waiting="{seat0} has priority",
        bids=(),
        hand=(),
        auto_pass=False,
        result=None,
    )
    return replace(made, **changes)


def full_field(group: Sequence[CardDef], **changes: Any) -> BreakfallView:
    """Up to ten characters: five a side, each with ``changes`` (bowed, damaged...)."""
    sides = [
        [character(d, 100 + i, 0, **changes) for i, d in enumerate(group[:5])],
        [character(d, 200 + i, 1, **changes) for i, d in enumerate(group[5:10])],
    ]
    return view([player(0, sides[0]), player(1, sides[1])])


def _card(card_id: str) -> CardDef:
    return POOL.cards[card_id]


ASH_RUNNER = CAPTIONS.say("card.owned", seat="{seat0}", card="Ash Runner")
"""A target as the rules name it: said, so that a Japanese picture says it in Japanese."""


def space_view(viewer: int | None = None) -> BreakfallView:
    """The damage step with a full space: two checks waiting for seat 1 below a running check,
    whose breakfall (Pond Heron's, on a greeter) an any-speed technique and an activated
    ability answered; a triggered ability on top. Greeters, a blocker, damage and a check
    zone card."""
    ash = character(_card("ash-runner"), 11, 0, greeting=True, bowed=True, sabotage=2)
    brann = character(
        _card("hammer-abbot"), 12, 0, greeting=True, bowed=True, blocked_by=21, damage=3
    )
    keeper = character(_card("thorn-keeper"), 13, 0, new=True)
    wall = character(_card("gate-warden"), 21, 1, blocking=12, damage=5, durability=5)
    oiler = character(_card("lamp-oiler"), 22, 1, bowed=True)
    heron = public_card(_card("pond-heron"), 30)
    space = (
        EntryView(1, 1, "check", "", "", "", True, False, False),
        EntryView(2, 1, "check", "", "", "", True, False, False),
        EntryView(3, 1, "check", "Pond Heron", "", "", True, True, False),
        EntryView(
            4,
            1,
            "breakfall",
            "Pond Heron",
            CAPTIONS.say("entry.text", text=_card("pond-heron").breakfall.text),  # type: ignore[union-attr]
            ASH_RUNNER,
            False,
            False,
            False,
        ),
        EntryView(
            5,
            0,
            "technique",
            "Iron Skin",
            CAPTIONS.say("entry.text", text=_card("iron-skin").text),
            ASH_RUNNER,
            False,
            False,
            False,
        ),
        EntryView(
            6,
            1,
            "ability",
            "Lamp Oiler",
            CAPTIONS.say("entry.text", text=_card("lamp-oiler").abilities[0].text),
            CAPTIONS.say("card.owned", seat="{seat1}", card="Gate Warden"),
            False,
            False,
            False,
        ),
        EntryView(
            7,
            0,
            "trigger",
            "Thorn Keeper",
            CAPTIONS.say("entry.text", text=_card("thorn-keeper").abilities[0].text),
            CAPTIONS.say("card.owned", seat="{seat1}", card="Lamp Oiler"),
            False,
            False,
            False,
        ),
    )
    players = [
        player(
            0,
            [ash, brann, keeper],
            damage=tuple(public_card(_card("tile-scout"), 40 + i) for i in range(3)),
        ),
        player(
            1,
            [wall, oiler],
            check=(heron,),
            damage=tuple(public_card(_card("moss-guard"), 50 + i) for i in range(7)),
            resource_states=(True, True, False, True),
        ),
    ]
    own = viewer is not None
    if own:
        rows = tuple(
            ResourceView(60 + i, "feint", "Feint", bowed)
            for i, bowed in enumerate((True, True, False, True))
        )
        players[1] = replace(players[1], resources=rows)
    made = view(
        players,
        viewer=viewer,
        phase="battle",
        step="damage",
        where="the damage step",
        space=space,
        holder=0,
        waiting=CAPTIONS.say("waiting.priority", seat="{seat0}"),  # as the rules say it
        turn=9,
    )
    if viewer is not None:
        hand = (
            hand_card(_card("falling-tiles"), 70, playable=True),
            hand_card(_card("gutter-fox"), 71),
        )
        made = replace(made, hand=hand)
    return made


def space_step() -> Step:
    events = (
        Event("entered", {"seat": 0, "kind": "trigger", "card": 13, "target": 22}),
        Event("damage", {"seat": 1, "card": 21, "amount": 1}),
    )
    caption = CAPTIONS.say(  # as the rules say it: a Japanese picture says it in Japanese
        "trigger.entered.on",
        card=CAPTIONS.say("card.owned", seat="{seat0}", card="Thorn Keeper"),
        target=CAPTIONS.say("card.owned", seat="{seat1}", card="Lamp Oiler"),
        when=CAPTIONS.say("trigger.dealt_damage"),
    )
    return Step(caption, events)


def japanese_view() -> BreakfallView:
    """Japanese names on a field and in a hand (the fonts' CJK fallback)."""
    names = ["忍者ヒロ、屋根の疾風", "鉄の庭師", "提灯の母イルゼ"]
    field = [
        character(replace(d, name=n), 300 + i, i % 2)
        for i, (d, n) in enumerate(zip(CHARACTERS, names, strict=False))
    ]
    made = view(
        [
            player(0, [f for f in field if f.seat == 0]),
            player(1, [f for f in field if f.seat == 1]),
        ],
        viewer=0,
    )
    hand = tuple(
        hand_card(replace(d, name=n), 400 + i)
        for i, (d, n) in enumerate(zip(CARDS, names, strict=False))
    )
    return replace(made, hand=hand)


def drawn_result_view() -> BreakfallView:
    made = view([player(0), player(1)])
    summary = "The same position came back with nobody able to stop it: the game is a draw."
    return replace(made, result=Result((), "loop", summary), holder=None, pending=(), waiting="")
