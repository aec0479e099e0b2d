"""What a seat, or a spectator, may see of a fanfare match.

Views are frozen values built from the state; renderers and the bot get nothing else. What the
viewer may not see is *absent*: the other seat's hand is only a count, decks only sizes, and a
seat's mulligan choice only "chosen" until both have chosen. Everything a board picture needs
fits here: leaders with defence, PP, evolution points and whether evolving is possible now, up to
five cards a side with attack and defence (current and base), countdowns and keywords.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ..engine import Result
from . import actions, flow
from .cards import KEYWORDS
from .state import LEADER_DEFENCE, Card, FanfareState, Player
from .stats import (
    attack,
    base_attack,
    base_defence,
    defence,
    keywords,
    max_defence,
)

__all__ = ["BoardCardView", "FanfareView", "HandCardView", "LeaderView", "PlayerView", "view"]


@dataclass(frozen=True, slots=True)
class LeaderView:
    uid: int  # the value to send as an attack or effect target
    seat: int
    defence: int
    max_defence: int
    abilities: tuple[str, ...]  # texts of abilities it gained (FANFARE-Q8)


@dataclass(frozen=True, slots=True)
class BoardCardView:
    uid: int
    card: str
    name: str
    kind: str  # "follower" | "amulet"
    slot: int  # 0..4, left to right (earlier arrived first)
    cost: int
    attack: int  # followers: current, auras included
    defence: int
    max_defence: int
    base_attack: int  # printed (+2 once evolved): a renderer colours changes against these
    base_defence: int
    countdown: int | None
    keywords: tuple[str, ...]  # ward, storm, rush, bane, drain as it has them now
    evolved: bool
    silenced: bool
    can_attack: bool  # its owner's turn, and it has something to attack
    text: str


@dataclass(frozen=True, slots=True)
class HandCardView:
    uid: int
    card: str
    name: str
    kind: str
    cost: int  # now (hand effects included)
    base_cost: int
    attack: int
    defence: int
    countdown: int | None
    keywords: tuple[str, ...]
    text: str
    playable: bool  # the viewer may play it now


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    leader: LeaderView
    pp: int
    max_pp: int
    ep: int
    evolve_unlocked: bool  # its turn count allows evolving (FANFARE-1.4)
    can_evolve: bool  # it could evolve a follower right now
    evolved_this_turn: bool
    turns: int
    hand_size: int
    deck_size: int
    cemetery: int
    board: tuple[BoardCardView, ...]
    mulligan_done: bool
    returned: int | None  # cards returned in the mulligan, once both have chosen


@dataclass(frozen=True, slots=True)
class FanfareView:
    viewer: int | None
    phase: str  # "mulligan" | "main"
    turn: int
    turn_player: int
    first: int
    players: tuple[PlayerView, ...]
    hand: tuple[HandCardView, ...]  # the viewer's own; empty for a spectator
    pending: tuple[int, ...]
    result: Result | None

    @property
    def over(self) -> bool:
        return self.result is not None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _board_card(state: FanfareState, card: Card, slot: int) -> BoardCardView:
    follower = card.defn.follower
    can = (
        follower
        and state.result is None
        and card.owner == state.turn_player
        and state.phase == "main"
        and bool(actions.attack_targets(state, card))
    )
    return BoardCardView(
        uid=card.uid,
        card=card.defn.id,
        name=card.name,
        kind=card.defn.kind,
        slot=slot,
        cost=card.defn.cost,
        attack=attack(state, card) if follower else 0,
        defence=defence(state, card) if follower else 0,
        max_defence=max_defence(state, card) if follower else 0,
        base_attack=base_attack(card) if follower else 0,
        base_defence=base_defence(card) if follower else 0,
        countdown=card.countdown,
        keywords=tuple(keywords(card)),
        evolved=card.evolved,
        silenced=card.silenced,
        can_attack=can,
        text=card.defn.text,
    )


def _hand_card(state: FanfareState, card: Card, seat: int) -> HandCardView:
    playable = (
        state.result is None
        and state.phase == "main"
        and seat == state.turn_player
        and actions.playable_now(state, seat, card)
    )
    return HandCardView(
        uid=card.uid,
        card=card.defn.id,
        name=card.name,
        kind=card.defn.kind,
        cost=card.cost,
        base_cost=card.defn.cost,
        attack=card.defn.attack,
        defence=card.defn.defence,
        countdown=card.defn.countdown,
        keywords=tuple(k for k in KEYWORDS if k in card.defn.keywords),
        text=card.defn.text,
        playable=playable,
    )


def _player(state: FanfareState, player: Player) -> PlayerView:
    seat = player.seat
    texts = tuple(a.text for a in player.leader.granted) + tuple(_aura_grants(state, seat))
    return PlayerView(
        seat=seat,
        leader=LeaderView(
            player.leader.uid, seat, max(0, player.leader.defence), LEADER_DEFENCE, texts
        ),
        pp=player.pp,
        max_pp=player.max_pp,
        ep=player.ep,
        evolve_unlocked=flow.evolve_unlocked(state, seat),
        can_evolve=actions.can_evolve(state, seat),
        evolved_this_turn=player.evolved_this_turn,
        turns=player.turns,
        hand_size=len(player.hand),
        deck_size=len(player.deck),
        cemetery=len(player.cemetery),
        board=tuple(_board_card(state, c, i) for i, c in enumerate(player.board)),
        mulligan_done=state.phase != "mulligan" or player.mulligan is not None,
        returned=player.returned,
    )


def _aura_grants(state: FanfareState, seat: int) -> list[str]:
    """Texts of the abilities the leader has while cards on its side are there."""
    return [
        part.grants.text
        for card in state.players[seat].board
        if not card.silenced
        for part in card.defn.auras
        if part.effect == "grant_leader" and part.grants is not None
    ]


def view(state: FanfareState, viewer: int | None) -> FanfareView:
    hand: tuple[HandCardView, ...] = ()
    if viewer is not None:
        hand = tuple(_hand_card(state, c, viewer) for c in state.players[viewer].hand)
    pending = actions.pending(state)
    return FanfareView(
        viewer=viewer,
        phase=state.phase,
        turn=state.turn,
        turn_player=state.turn_player,
        first=state.first,
        players=tuple(_player(state, p) for p in state.players),
        hand=hand,
        pending=pending,
        result=state.result,
    )
