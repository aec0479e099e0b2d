"""What a seat, or a spectator, may see of a fanfare match.

Views are frozen values built from the state; renderers and the bot get nothing else. What the
viewer may not see is *absent*: the other seat's hand is only a count, decks only sizes, and a
seat's mulligan choice only "chosen" until both have chosen. Everything a board picture needs
fits here: leaders with defence, PP, evolution points and whether evolving is possible now, up to
five cards a side with attack and defence (current and base), countdowns and keywords.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Result
from ..engine.views import MatchView
from . import actions, flow
from .cards import KEYWORDS, CardDef
from .state import LEADER_DEFENCE, Card, FanfareState, Player
from .stats import (
    attack,
    base_attack,
    base_defence,
    defence,
    keywords,
    max_defence,
)
from .words import CAPTIONS
from .zones import SEAT

__all__ = [
    "BoardCardView",
    "FanfareView",
    "HandCardView",
    "LeaderView",
    "PlayerView",
    "board_abilities",
    "summary",
    "view",
]


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
    can_attack_leader: bool  # ... and the enemy leader is among those targets
    text: str  # the whole printed text
    abilities: tuple[str, ...]  # printed abilities that can still act on the board
    granted: tuple[str, ...]  # abilities granted to it, in the order granted (FANFARE-Q3)


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
    returning: bool  # chosen to go back in the viewer's mulligan (FANFARE-1.2)


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
class FanfareView(MatchView):
    viewer: int | None
    phase: str  # "mulligan" | "main"
    turn: int
    turn_player: int
    first: int
    players: tuple[PlayerView, ...]
    hand: tuple[HandCardView, ...]  # the viewer's own; empty for a spectator
    pending: tuple[int, ...]
    result: Result | None


# Timings that have nothing left to do once the card is on the board.
_DONE_ON_BOARD = frozenset({"fanfare", "cast", "drawn", "discarded"})


def board_abilities(defn: CardDef, *, evolved: bool) -> tuple[str, ...]:
    """Texts of a card's printed abilities that can still act once it is on the board."""
    done = _DONE_ON_BOARD | ({"evolve"} if evolved else frozenset())
    return tuple(
        a.text for a in defn.abilities if a.zone == "board" and a.when not in done and a.text
    )


def _board_card(state: FanfareState, card: Card, slot: int) -> BoardCardView:
    follower = card.defn.follower
    targets = (
        actions.attack_targets(state, card)
        if follower
        and state.result is None
        and card.owner == state.turn_player
        and state.phase == "main"
        else []
    )
    enemy_leader = state.players[1 - card.owner].leader
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
        can_attack=bool(targets),
        can_attack_leader=enemy_leader in targets,
        text=card.defn.text,
        abilities=board_abilities(card.defn, evolved=card.evolved),
        granted=tuple(a.text for a in card.granted),
    )


def _hand_card(state: FanfareState, card: Card, seat: int) -> HandCardView:
    # Only while the mulligan lasts: a returned card drawn again later is no longer "returning".
    chosen = (state.mulligan.chosen(seat, seat) if state.phase == "mulligan" else None) or ()
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
        returning=card.uid in chosen,
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
        # The flag lasts until the seat's next turn starts; it means something only in its turn.
        evolved_this_turn=player.evolved_this_turn and seat == state.turn_player,
        turns=player.turns,
        hand_size=len(player.hand),
        deck_size=len(player.deck),
        cemetery=len(player.cemetery),
        board=tuple(_board_card(state, c, i) for i, c in enumerate(player.board)),
        mulligan_done=state.phase != "mulligan" or seat not in state.mulligan.waiting_on(),
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


def summary(public: FanfareView) -> str:
    """Where a match stands for anyone: each leader's defence and its PP left of this turn's;
    ``Mulligan`` first while the opening hands are being chosen. From a spectator's view only,
    so that nothing hidden can be in it."""
    if public.viewer is not None:
        raise ValueError("a summary is made from a spectator's view (viewer None)")
    sides = CAPTIONS.join(
        "summary.sides",
        [
            CAPTIONS.say(
                "summary.side",
                seat=SEAT[p.seat],
                defence=p.leader.defence,
                most=p.leader.max_defence,
                pp=p.pp,
                max_pp=p.max_pp,
            )
            for p in public.players
        ],
    )
    return CAPTIONS.say("summary.mulligan", sides=sides) if public.phase == "mulligan" else sides
