"""Fanfare positions to draw, built deterministically: steps of seeded random matches, and made-up
views that put any cards on a board or in a hand (to draw every shipped card).

``match_steps(seed)`` plays ``rules.simulate.random_match`` for the seed, then replays its actions
with views, so every step carries what each seat (and a spectator) saw after it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from functools import cache
from typing import Any

from rules.engine import Event, Match, Result, Step
from rules.fanfare import ruleset as fanfare_ruleset
from rules.fanfare.cards import CardDef
from rules.fanfare.views import (
    BoardCardView,
    FanfareView,
    HandCardView,
    LeaderView,
    PlayerView,
    board_abilities,
)
from rules.simulate import random_match

from .positions import replay_steps

RULESET = fanfare_ruleset()
POOL = RULESET.pool
CARDS = sorted(POOL.cards.values(), key=lambda c: c.id)
ON_BOARD = [c for c in CARDS if c.kind != "spell"]


@cache
def played_match(seed: int) -> Match[Any, Any]:
    return random_match(RULESET, seed)


@cache
def match_steps(seed: int) -> tuple[Step, ...]:
    """Every step of the random fanfare match for ``seed``, opening included, with views."""
    return replay_steps(RULESET, seed)


def find_step(seeds: Iterable[int], wanted: Callable[[Step], bool]) -> Step:
    found = (step for seed in seeds for step in match_steps(seed) if wanted(step))
    step = next(found, None)
    if step is None:
        raise LookupError("no step found")
    return step


def public_with(*kinds: str, at_least: int = 1) -> Callable[[Step], bool]:
    """A public step whose public events include all ``kinds`` (the first ``at_least`` times)."""

    def wanted(step: Step) -> bool:
        seen = [event.kind for event in step.events_for(None)]
        return step.public and set(kinds) <= set(seen) and seen.count(kinds[0]) >= at_least

    return wanted


def on_board(step: Step) -> int:
    return sum(len(p.board) for p in step.views[None].players)


# -- made-up views ------------------------------------------------------------------------------


def board_card(defn: CardDef, uid: int, slot: int, **changes: Any) -> BoardCardView:
    follower = defn.kind == "follower"
    card = BoardCardView(
        uid=uid,
        card=defn.id,
        name=defn.name,
        kind=defn.kind,
        slot=slot,
        cost=defn.cost,
        attack=defn.attack,
        defence=defn.defence,
        max_defence=defn.defence,
        base_attack=defn.attack,
        base_defence=defn.defence,
        countdown=defn.countdown,
        keywords=tuple(k for k in ("storm", "rush", "ward", "bane", "drain") if k in defn.keywords),
        evolved=False,
        silenced=False,
        can_attack=False,
        can_attack_leader=False,
        text=defn.text,
        abilities=board_abilities(defn, evolved=changes.get("evolved", False)),
        granted=(),
    )
    if not follower:
        card = replace(card, attack=0, defence=0, max_defence=0, base_attack=0, base_defence=0)
    return replace(card, **changes)


def hand_card(defn: CardDef, uid: int, **changes: Any) -> HandCardView:
    card = HandCardView(
        uid=uid,
        card=defn.id,
        name=defn.name,
        kind=defn.kind,
        cost=defn.cost,
        base_cost=defn.cost,
        attack=defn.attack,
        defence=defn.defence,
        countdown=defn.countdown,
        keywords=tuple(k for k in ("storm", "rush", "ward", "bane", "drain") if k in defn.keywords),
        text=defn.text,
        playable=True,
        returning=False,
    )
    return replace(card, **changes)


def player_view(
    seat: int,
    board: Sequence[BoardCardView] = (),
    *,
    defence: int = 14,
    abilities: Sequence[str] = (),
    hand_size: int = 5,
) -> PlayerView:
    return PlayerView(
        seat=seat,
        leader=LeaderView(seat + 1, seat, defence, 20, tuple(abilities)),
        pp=3,
        max_pp=7,
        ep=2 - seat,
        evolve_unlocked=True,
        can_evolve=seat == 0,
        evolved_this_turn=False,
        turns=7,
        hand_size=hand_size,
        deck_size=24,
        cemetery=9,
        board=tuple(board),
        mulligan_done=True,
        returned=1,
    )


def fanfare_view(
    boards: Sequence[Sequence[BoardCardView]] = ((), ()),
    *,
    viewer: int | None = None,
    hand: Sequence[HandCardView] = (),
    abilities: Sequence[Sequence[str]] = ((), ()),
    turn: int = 13,
    phase: str = "main",
) -> FanfareView:
    players = tuple(
        player_view(seat, boards[seat], abilities=abilities[seat], hand_size=len(hand) or 5)
        for seat in (0, 1)
    )
    return FanfareView(
        viewer=viewer,
        phase=phase,
        turn=turn,
        turn_player=0,
        first=0,
        players=players,
        hand=tuple(hand),
        pending=(0,),
        result=None,
    )


def chunks(items: Sequence[CardDef], size: int) -> list[Sequence[CardDef]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def full_board(group: Sequence[CardDef], **changes: Any) -> FanfareView:
    """Up to ten cards, five a side, each with ``changes`` (followers only for stats)."""
    sides: list[list[BoardCardView]] = [[], []]
    for i, defn in enumerate(group):
        extra = changes if defn.kind == "follower" else {}
        sides[i // 5].append(board_card(defn, 100 + i, i % 5, **extra))
    return fanfare_view(sides)


# -- Japanese -----------------------------------------------------------------------------------

JAPANESE_NAMES = ("山﨑 さくら", "髙橋 ジョン")
_JP_CARDS = [
    ("鉄甲の亀", "このフォロワーが受けるダメージは1少ない。"),
    ("旗持ちの騎士", "自分の他のフォロワーが場に出るたび、それを+0/+1する。"),
    ("潮読みの巫女", "ファンファーレ：カードを1枚引く。進化時：自分のリーダーを2回復。"),
    ("墓守", "自分の他のフォロワーが破壊されるたび、このフォロワーを+1/+1する。"),
    ("時計塔", "カウントダウン3。ラストワード：カードを2枚引く。"),
]


def japanese_view() -> FanfareView:
    """Seat 0's view of a made-up board and hand in Japanese (localization will bring these)."""
    defs = [next(c for c in CARDS if c.id == i) for i in ("iron-tortoise", "banner-knight")]
    defs += [next(c for c in CARDS if c.id == i) for i in ("tidal-oracle", "grave-keeper")]
    defs.append(next(c for c in CARDS if c.id == "clock-tower"))
    board = [
        board_card(defn, 200 + i, i, card=f"jp-{i}", name=name, text=text, abilities=(text,))
        for i, (defn, (name, text)) in enumerate(zip(defs, _JP_CARDS, strict=True))
    ]
    hand = [
        hand_card(defn, 300 + i, card=f"jp-{i}", name=name, text=text, playable=i % 2 == 0)
        for i, (defn, (name, text)) in enumerate(zip(defs, _JP_CARDS, strict=True))
    ]
    grants = [["自分のターン終了時、相手のリーダーに1ダメージ。"], []]
    return fanfare_view([board[:3], board[3:]], viewer=0, hand=hand, abilities=grants)


def japanese_step(view: FanfareView) -> Step:
    target = view.players[1].board[0].uid
    return Step(
        "{seat0}の潮読みの巫女：相手のフォロワー1体に3ダメージ。",
        (Event("damage", {"target": target, "seat": 1, "amount": 3}),),
    )


def drawn_result_view(seed: int = 0) -> FanfareView:
    """The final board of ``seed`` ended as a draw (both leaders at 0): random matches rarely
    draw."""
    final: FanfareView = match_steps(seed)[-1].views[None]
    players = tuple(replace(p, leader=replace(p.leader, defence=0)) for p in final.players)
    result = Result((), "defence", "Both leaders fall at once: a draw.")
    return replace(final, players=players, result=result)
