"""What a seat, or a spectator, may see of a lanes match.

Views are frozen values built from the state; renderers and the bot get nothing else. A card
the viewer may not see is *absent*: a face-down card seen by the opponent is a :class:`CardBack`
with no name, id or uid, and the opponent's hand is only a count (LANES-4.2). The other seat's
staged actions are not in the view at all, and staged cards still count in its hand size until
they resolve, so not even the number of plays leaks (docs/rulings.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Result
from ..engine.views import MatchView
from .actions import location_label
from .effects import closed_to_plays, location_leader, powers, side_power
from .flow import SEAT, last_turn
from .state import Card, LanesState, Location
from .words import CAPTIONS

__all__ = [
    "CardBack",
    "CardView",
    "LanesView",
    "LocationView",
    "PlayerView",
    "SideView",
    "StagedView",
    "summary",
    "view",
]


@dataclass(frozen=True, slots=True)
class CardView:
    uid: int
    card: str
    name: str
    cost: int
    power: int  # now, ongoing effects included
    base_power: int  # printed power plus lasting changes
    printed_power: int  # as printed: a picture marks a card stronger or weaker than that
    text: str
    face_down: bool = False  # the viewer's own card, played face down
    decoy: bool = False  # the viewer's own Decoy
    used: bool = False  # its once-per-game activation is spent


@dataclass(frozen=True, slots=True)
class CardBack:
    """A face-down card as others see it: nothing but its back."""

    owner: int


@dataclass(frozen=True, slots=True)
class SideView:
    seat: int
    cards: tuple[CardView | CardBack, ...]
    power: int


@dataclass(frozen=True, slots=True)
class LocationView:
    index: int
    label: str
    revealed: bool
    id: str | None
    name: str | None
    text: str | None
    disabled: bool
    destroyed: bool
    closed: bool  # nothing can be played here now (destroyed, or its ability says so)
    sides: tuple[SideView, ...]
    leader: int | None


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    max_energy: int
    turn_energy: int
    energy_left: int | None  # the viewer's own only
    hand_size: int
    deck_size: int
    ended: bool
    snapped: bool
    snap_pending: bool


@dataclass(frozen=True, slots=True)
class StagedView:
    kind: str
    card: CardView
    location: int | None


@dataclass(frozen=True, slots=True)
class LanesView(MatchView):
    viewer: int | None
    turn: int
    last_turn: int
    first: int
    stakes: int
    players: tuple[PlayerView, ...]
    locations: tuple[LocationView, ...]
    hand: tuple[CardView, ...]
    staged: tuple[StagedView, ...]
    result: Result | None


def _card(card: Card, power: dict[int, int], viewer: int | None) -> CardView | CardBack:
    if not card.face_up and card.owner != viewer:
        return CardBack(card.owner)
    return CardView(
        uid=card.uid,
        card=card.defn.id,
        name=card.defn.name,
        cost=card.cost,
        power=power.get(card.uid, card.base_power) if card.face_up else card.base_power,
        base_power=card.base_power,
        printed_power=card.defn.power,
        text=card.defn.text,
        face_down=not card.face_up,
        decoy=card.defn.id == "decoy",
        used=card.activated,
    )


def _hand_card(card: Card) -> CardView:
    return CardView(
        card.uid,
        card.defn.id,
        card.defn.name,
        card.cost,
        card.base_power,
        card.base_power,
        card.defn.power,
        card.defn.text,
    )


def _location(loc: Location, power: dict[int, int], viewer: int | None) -> LocationView:
    shown = loc.revealed
    return LocationView(
        index=loc.index,
        label=location_label(loc),
        revealed=shown,
        id=loc.defn.id if shown else None,
        name=loc.defn.name if shown else None,
        text=loc.defn.text if shown else None,
        disabled=loc.disabled,
        destroyed=loc.destroyed,
        closed=closed_to_plays(loc),
        sides=tuple(
            SideView(
                seat, tuple(_card(c, power, viewer) for c in side), side_power(loc, seat, power)
            )
            for seat, side in enumerate(loc.sides)
        ),
        leader=location_leader(loc, power),
    )


def _player(state: LanesState, seat: int, viewer: int | None) -> PlayerView:
    player = state.players[seat]
    staged_plays = sum(1 for s in state.staging.staged[seat] if s.kind == "play")
    own = seat == viewer
    return PlayerView(
        seat=seat,
        max_energy=player.max_energy,
        turn_energy=player.turn_energy,
        energy_left=player.energy if own else None,
        hand_size=len(player.hand) + (0 if own else staged_plays),
        deck_size=len(player.deck),
        ended=state.staging.ended[seat],
        snapped=player.snapped,
        snap_pending=player.snap_pending,
    )


def view(state: LanesState, viewer: int | None) -> LanesView:
    power = powers(state)
    hand: tuple[CardView, ...] = ()
    staged: tuple[StagedView, ...] = ()
    if viewer is not None:
        hand = tuple(_hand_card(c) for c in state.players[viewer].hand)
        staged = tuple(
            StagedView(
                s.kind, _hand_card(state.cards[s.card]), s.location if s.location >= 0 else None
            )
            for s in state.staging.staged[viewer]
        )
    return LanesView(
        viewer=viewer,
        turn=state.turn,
        last_turn=last_turn(state),
        first=state.first,
        stakes=state.stakes,
        players=tuple(_player(state, s, viewer) for s in range(state.seats)),
        locations=tuple(_location(loc, power, viewer) for loc in state.locations),
        hand=hand,
        staged=staged,
        result=state.result,
    )


def summary(public: LanesView) -> str:
    """Where a match stands for anyone (LANES-8.3): who leads on locations, each seat's power on
    the board (face-down cards count 0 until revealed), and the stakes: ``"{seat0} leads 2
    locations to 1 · power {seat0} 11, {seat1} 7 · stakes 1"``. From a spectator's view only,
    so that nothing hidden can be in it."""
    if public.viewer is not None:
        raise ValueError("a summary is made from a spectator's view (viewer None)")
    seats = range(len(public.players))
    led = [sum(1 for loc in public.locations if loc.leader == seat) for seat in seats]
    power = [sum(loc.sides[seat].power for loc in public.locations) for seat in seats]
    say = CAPTIONS.say
    if led[0] != led[1]:
        ahead = 0 if led[0] > led[1] else 1
        won = led[ahead]
        many = "one" if won == 1 else "other"
        where = say(f"summary.leads.{many}", seat=SEAT[ahead], won=won, lost=led[1 - ahead])
    elif led[0]:
        where = say(f"summary.level.{'one' if led[0] == 1 else 'other'}", n=led[0])
    else:
        where = say("summary.nobody" if public.result is not None else "summary.nobody.yet")
    sides = [say("summary.side", seat=SEAT[seat], power=power[seat]) for seat in seats]
    listed = CAPTIONS.join("list.comma", sides)
    return say("summary", where=where, sides=listed, stakes=public.stakes)
