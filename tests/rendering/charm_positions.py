"""Charm positions to draw, built deterministically: steps of seeded random matches, and made-up
views that put any cards on a field or in a hand (to draw every shipped card), with an open
chain and a charm under way.

``match_steps(seed)`` plays ``rules.simulate.random_match`` for the seed, then replays its actions
with views, so every step carries what each seat (and a spectator) saw after it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from functools import cache
from typing import Any

from rules.charm import ruleset as charm_ruleset
from rules.charm.cards import CardDef
from rules.charm.views import (
    ChainView,
    CharmPhaseView,
    CharmView,
    FieldCardView,
    HandCardView,
    PlayerView,
)
from rules.engine import Event, Result, Step

from .positions import replay_steps

RULESET = charm_ruleset()
POOL = RULESET.pool
CARDS = sorted(POOL.cards.values(), key=lambda c: c.id)
ON_FIELD = [c for c in CARDS if c.kind != "event"]


@cache
def match_steps(seed: int) -> tuple[Step, ...]:
    """Every step of the random charm match for ``seed``, opening included, with views."""
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


# -- made-up views ------------------------------------------------------------------------------


def field_card(defn: CardDef, uid: int, owner: int, **changes: Any) -> FieldCardView:
    card = FieldCardView(
        uid=uid,
        card=defn.id,
        name=defn.name,
        kind=defn.kind,
        owner=owner,
        cost=defn.cost,
        ep=defn.ep,
        ap=defn.ap,
        dp=defn.dp,
        full_dp=defn.dp,
        base_ap=defn.ap,
        base_dp=defn.dp,
        dp_damage=0,
        checked=False,
        face_down=False,
        restricted=False,
        tokens=defn.tokens,
        role="",
        blocks=None,
        text=defn.text,
    )
    return replace(card, **changes)


def hand_card(defn: CardDef, uid: int, **changes: Any) -> HandCardView:
    card = HandCardView(
        uid=uid,
        card=defn.id,
        name=defn.name,
        kind=defn.kind,
        cost=defn.cost,
        ep=defn.ep,
        ap=defn.ap,
        dp=defn.dp,
        tokens=defn.tokens,
        text=defn.text,
        playable=True,
        returning=False,
    )
    return replace(card, **changes)


def player_view(
    seat: int, field: Sequence[FieldCardView] = (), *, hand_size: int = 5
) -> PlayerView:
    return PlayerView(
        seat=seat,
        damage=7 + 5 * seat,
        damage_limit=20,
        hand_size=hand_size,
        hand_limit=5,
        deck_size=17,
        pool=2 - seat,
        field=tuple(field),
        discard=(),
        mulligan_done=True,
        returned=1,
    )


def charm_view(
    fields: Sequence[Sequence[FieldCardView]] = ((), ()),
    *,
    viewer: int | None = None,
    hand: Sequence[HandCardView] = (),
    chain: Sequence[ChainView] = (),
    charm: CharmPhaseView | None = None,
    phase: str = "main",
    waiting_on: str = "answer",
) -> CharmView:
    players = tuple(player_view(s, fields[s], hand_size=len(hand) or 5) for s in (0, 1))
    return CharmView(
        viewer=viewer,
        phase=phase,
        turn=13,
        last_turn=60,
        turn_player=0,
        first=0,
        players=players,
        hand=tuple(hand),
        chain=tuple(chain),
        charm=charm,
        charm_used=charm is not None,
        pending=(1,),
        waiting_on=waiting_on,
        waiting_p_skills=0,
        planned_blocks=(),
        auto_pass=False,
        result=None,
    )


def chunks(items: Sequence[CardDef], size: int) -> list[Sequence[CardDef]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def heroine(seat: int) -> FieldCardView:
    return field_card(POOL.cards[("aria-vale", "lumi-hart")[seat]], 10 + seat, seat)


def full_field(group: Sequence[CardDef], **changes: Any) -> CharmView:
    """Up to twelve cards, six a side after each heroine, each with ``changes`` (characters only
    for stats and roles)."""
    sides: list[list[FieldCardView]] = [[heroine(0)], [heroine(1)]]
    for i, defn in enumerate(group):
        extra = changes if defn.kind in ("character", "heroine") else {}
        seat = i // 6
        sides[seat].append(field_card(defn, 100 + i, seat, **extra))
    return charm_view(sides)


CARD_STATES: dict[str, dict[str, Any]] = {
    "plain": {},
    "busy": {"checked": True, "restricted": True, "role": "attacker"},
    "face down": {"face_down": True},
    "numbers": {"ap": 12, "dp": 1, "full_dp": 6, "dp_damage": 5, "role": "defender"},
}


def chain_view(viewer: int | None = None, hand: Sequence[HandCardView] = ()) -> CharmView:
    """A charm declared, answered twice: the open chain three deep, one negated."""
    cards = POOL.cards
    page = field_card(cards["ribbon-dancer"], 20, 0)
    usher = field_card(cards["velvet-usher"], 21, 1, dp=2, full_dp=4, dp_damage=2)
    chain = (
        ChainView(1, 0, "charm", None, "", "", None, "", (10, 20), None, None, False),
        ChainView(
            2,
            1,
            "event",
            30,
            "Hold the Curtain",
            cards["hold-the-curtain"].text,
            20,
            "Ribbon Dancer",
            (),
            None,
            None,
            True,
        ),
        ChainView(
            3,
            0,
            "event",
            31,
            "Cut the Lights",
            cards["cut-the-lights"].text,
            None,
            "",
            (),
            None,
            None,
            False,
        ),
    )
    return charm_view(
        [[heroine(0), page], [heroine(1), usher]], viewer=viewer, hand=hand, chain=chain
    )


def blocks_view() -> CharmView:
    """The charm phase: two attackers, a supporter, one block."""
    cards = POOL.cards
    attackers = [
        replace(heroine(0), role="attacker", ap=5),
        field_card(cards["ribbon-dancer"], 20, 0, role="attacker", ap=4),
        field_card(cards["harbor-bard"], 22, 0, role="supporter", checked=False),
    ]
    defenders = [heroine(1), field_card(cards["velvet-usher"], 21, 1, role="defender", blocks=20)]
    charm = CharmPhaseView(1, (10, 20), 22, ((20, 21),), 2, "ap")
    return charm_view([attackers, defenders], charm=charm, phase="charm", waiting_on="timing")


def blocks_step(view: CharmView) -> Step:
    return Step(
        "{seat1} defends: Velvet Usher (DP 4) blocks Ribbon Dancer.",
        (Event("defended", {"seat": 1, "blocks": [(20, 21)]}),),
    )


# -- Japanese -----------------------------------------------------------------------------------

JAPANESE_NAMES = ("山﨑 さくら", "髙橋 ジョン")
_JP = [
    ("ランタンの小姓", "P.Skill：このキャラクターが場に出た時、カードを1枚引く。"),
    ("鉄の代役", "P.Skill：自分のヒロインのDP+1。"),
    ("月夜のテラス", ""),
    ("緞帳の魔女", "A.Skill（2 EP）：相手のキャラクター1体をチェックする。"),
]


def japanese_view() -> CharmView:
    """Seat 0's view of a made-up field and hand in Japanese (localization will bring these)."""
    ids = ("lantern-page", "iron-understudy", "moonlit-terrace", "curtain-witch")
    defs = [POOL.cards[i] for i in ids]
    field = [
        field_card(d, 200 + i, i % 2, card=f"jp-{i}", name=n, text=t)
        for i, (d, (n, t)) in enumerate(zip(defs, _JP, strict=True))
    ]
    hand = [
        hand_card(d, 300 + i, card=f"jp-{i}", name=n, text=t, playable=i % 2 == 0)
        for i, (d, (n, t)) in enumerate(zip(defs, _JP, strict=True))
    ]
    sides = [[heroine(0), *field[0::2]], [heroine(1), *field[1::2]]]
    return charm_view(sides, viewer=0, hand=hand)


def japanese_step(view: CharmView) -> Step:
    target = view.players[1].field[1].uid
    return Step(
        "{seat0}の緞帳の魔女：相手のキャラクター1体をチェック。",
        (Event("checked", {"card": target, "seat": 1, "name": "鉄の代役"}),),
    )


def drawn_result_view(seed: int = 0) -> CharmView:
    """The final board of ``seed`` ended as a draw (both at their limits): random matches seldom
    draw so."""
    final: CharmView = match_steps(seed)[-1].views[None]
    players = tuple(replace(p, damage=p.damage_limit) for p in final.players)
    result = Result((), "both_lose", "Both players lose at the same check: a draw.")
    return replace(final, players=players, result=result)
