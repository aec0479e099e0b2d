"""What a seat, or a spectator, may see of a breakfall match (BREAKFALL-8.1).

Views are frozen values built from the state; renderers and the bot get nothing else. Hidden
things are absent: a deck is a count; another seat's hand is a count; another seat's resource
row is its ready and bowed states, not its cards. The field with damage, the damage zones, the
check zones, the graveyards and the resolution space are open to all.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Result
from ..engine.views import MatchView
from . import actions, flow, playable, space
from .state import DAMAGE_LIMIT, NOT_ASKED, BreakfallState, Card, Item, Player
from .stats import durability, force, is_new, sabotage
from .text import effects_sentence
from .words import CAPTIONS
from .zones import SEAT, card_name

__all__ = [
    "BreakfallView",
    "CardView",
    "CharacterView",
    "EntryView",
    "HandCardView",
    "PlayerView",
    "ResourceView",
    "summary",
    "view",
]


@dataclass(frozen=True, slots=True)
class CharacterView:
    uid: int
    card: str
    name: str
    seat: int
    force: int  # now: statics and boosts included (may be below 0: it then deals 0)
    sabotage: int
    durability: int
    base_force: int  # printed: a renderer colours changes against these
    base_sabotage: int
    base_durability: int
    damage: int
    bowed: bool
    new: bool  # entered the field this turn: cannot greet (BREAKFALL-2.6)
    greeting: bool
    blocking: int | None  # the greeter it blocks
    blocked_by: int | None  # a greeter's blocker
    abilities: tuple[str, ...]  # the rules text of its abilities
    breakfall: str


@dataclass(frozen=True, slots=True)
class CardView:
    """A face-up card in a public zone (damage, check, graveyard)."""

    uid: int
    card: str
    name: str
    kind: str
    breakfall: bool


@dataclass(frozen=True, slots=True)
class ResourceView:
    """One of the viewer's own resource cards (face down to the others)."""

    uid: int
    card: str
    name: str
    bowed: bool


@dataclass(frozen=True, slots=True)
class EntryView:
    """An entry of the resolution space (bottom first, as it stacks)."""

    eid: int
    seat: int
    kind: str  # character, technique, ability, trigger, breakfall, check
    name: str  # the card's ("" for a check not yet run)
    text: str  # what it does when it resolves
    target: str  # what it aims at, seats as {seat0}
    automatic: bool  # a damage check: runs by itself when on top
    running: bool  # a check waiting for its breakfall above it
    resolving: bool  # taken from the space, resolving now (waiting on a decision); a check
    # whose breakfall waits on its player's choice is resolving, named, with the breakfall's text


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    deck_size: int
    hand_size: int
    field: tuple[CharacterView, ...]
    resources: tuple[ResourceView, ...]  # the viewer's own only
    resource_states: tuple[bool, ...]  # bowed, per resource card in row order (all may see)
    damage: tuple[CardView, ...]
    damage_limit: int
    check: tuple[CardView, ...]
    graveyard: tuple[CardView, ...]
    placed: bool  # placed a resource this turn

    @property
    def resources_ready(self) -> int:
        return sum(1 for bowed in self.resource_states if not bowed)


@dataclass(frozen=True, slots=True)
class HandCardView:
    uid: int
    card: str
    name: str
    kind: str
    cost: int
    speed: str | None
    force: int
    sabotage: int
    durability: int
    text: str
    breakfall: bool
    playable: bool  # the viewer may play it now


@dataclass(frozen=True, slots=True)
class BreakfallView(MatchView):
    viewer: int | None
    turn: int
    turn_player: int
    first: int
    phase: str
    step: str
    where: str  # "the damage step"
    players: tuple[PlayerView, ...]
    space: tuple[EntryView, ...]
    holder: int | None  # who holds priority (None while a decision or a check comes first)
    pending: tuple[int, ...]
    waiting: str  # what the match waits on, seats as {seat0}
    bids: tuple[tuple[int, int], ...]  # loop counts named so far, in the open (BREAKFALL-6.2)
    hand: tuple[HandCardView, ...]  # the viewer's own
    auto_pass: bool  # the viewer turned auto-pass on
    result: Result | None


def _character(state: BreakfallState, card: Card) -> CharacterView:
    defn = card.defn
    blocking = blocked_by = None
    greeting = False
    for greeter, blocker in state.battle:
        if greeter == card.uid:
            greeting = True
            blocked_by = blocker if blocker > NOT_ASKED else None  # a uid, not a mark
        if blocker == card.uid:
            blocking = greeter
    return CharacterView(
        uid=card.uid,
        card=defn.id,
        name=card.name,
        seat=card.owner,
        force=force(state, card),
        sabotage=sabotage(state, card),
        durability=durability(state, card),
        base_force=defn.force,
        base_sabotage=defn.sabotage,
        base_durability=defn.durability,
        damage=card.damage,
        bowed=card.bowed,
        new=is_new(state, card),
        greeting=greeting,
        blocking=blocking,
        blocked_by=blocked_by,
        abilities=tuple(a.text for a in defn.abilities),
        breakfall=defn.breakfall.text if defn.breakfall else "",
    )


def _card(card: Card) -> CardView:
    return CardView(
        card.uid, card.defn.id, card.name, card.defn.kind, card.defn.breakfall is not None
    )


def _player(state: BreakfallState, player: Player, viewer: int | None) -> PlayerView:
    own = player.seat == viewer
    return PlayerView(
        seat=player.seat,
        deck_size=len(player.deck),
        hand_size=len(player.hand),
        field=tuple(_character(state, c) for c in player.field),
        resources=tuple(ResourceView(c.uid, c.defn.id, c.name, c.bowed) for c in player.resources)
        if own
        else (),
        resource_states=tuple(c.bowed for c in player.resources),
        damage=tuple(_card(c) for c in player.damage),
        damage_limit=DAMAGE_LIMIT,
        check=tuple(_card(c) for c in player.check),
        graveyard=tuple(_card(c) for c in player.graveyard),
        placed=player.placed,
    )


def _entry(state: BreakfallState, seat: int, item: Item, resolving: bool) -> EntryView:
    if item.kind == "check":
        name = state.cards[item.uid].name if item.running else ""
        return EntryView(item.eid, seat, "check", name, "", "", True, item.running, resolving)
    card, ability = space.source_ability(state, item)
    kind = card.defn.kind if item.kind == "card" else item.kind
    text = CAPTIONS.say("entry.text", text=ability.text)
    if item.kind == "card":
        defn = card.defn
        text = (
            CAPTIONS.say(
                "entry.stats", force=defn.force, sabotage=defn.sabotage, durability=defn.durability
            )
            if defn.character
            else CAPTIONS.say("entry.text", text=effects_sentence(ability))
        )
    target = ""
    if item.target is not None:
        found = state.cards.get(item.target)
        if ability.chosen == "entry":
            target = next(
                (
                    space.entry_name(state, e.item, e.seat)
                    for e in state.space.entries
                    if e.item.eid == item.target
                ),
                "",
            )
        elif found is not None and found.zone == "field":
            target = card_name(found)
    if item.times > 1:
        text = CAPTIONS.say("entry.times", times=item.times, text=text)
    return EntryView(item.eid, seat, kind, card.name, text, target, False, False, resolving)


def _check_under_way(state: BreakfallState, seat: int, card: Card) -> EntryView:
    """The damage check that turned ``card``'s breakfall and waits while its player pays or
    declines, or chooses its target: taken from the space, so shown as resolving."""
    ability = card.defn.breakfall
    text = CAPTIONS.say("entry.text", text=ability.text) if ability is not None else ""
    return EntryView(state.next_eid(), seat, "check", card.name, text, "", True, False, True)


def _hand_card(state: BreakfallState, card: Card, can_play: set[int]) -> HandCardView:
    defn = card.defn
    return HandCardView(
        uid=card.uid,
        card=defn.id,
        name=card.name,
        kind=defn.kind,
        cost=defn.cost,
        speed=defn.speed,
        force=defn.force,
        sabotage=defn.sabotage,
        durability=defn.durability,
        text=defn.text,
        breakfall=defn.breakfall is not None,
        playable=card.uid in can_play,
    )


def view(state: BreakfallState, viewer: int | None) -> BreakfallView:
    entries = [_entry(state, e.seat, e.item, False) for e in state.space.entries]
    if state.resolving is not None:
        res = state.resolving
        entries.append(_entry(state, res.entry.seat, res.entry.item, True))
    decision = state.decision
    if decision is not None and decision.kind == "breakfall":
        entries.append(_check_under_way(state, decision.seat, state.cards[decision.uid]))
    hand: tuple[HandCardView, ...] = ()
    if viewer is not None:
        can_play: set[int] = set()
        if playable.holds_priority(state, viewer):
            can_play = {c.uid for c in playable.playable_cards(state, viewer)}
        hand = tuple(_hand_card(state, c, can_play) for c in state.players[viewer].hand)
    bidding = state.bidding
    bids = tuple(zip(bidding.seats, bidding.bids, strict=False)) if bidding is not None else ()
    return BreakfallView(
        viewer=viewer,
        turn=state.turn,
        turn_player=state.turn_player,
        first=state.first,
        phase=state.phase,
        step=state.step,
        where=flow.PHASES.get((state.phase, state.step), state.phase),
        players=tuple(_player(state, p, viewer) for p in state.players),
        space=tuple(entries),
        holder=None
        if state.decision is not None or state.resolving is not None
        else state.space.holder,
        pending=actions.pending(state),
        waiting=actions.decision_label(state) if state.result is None else "",
        bids=bids,
        hand=hand,
        auto_pass=viewer is not None and state.auto.is_on(viewer),
        result=state.result,
    )


def summary(public: BreakfallView) -> str:
    """Where a match stands, for anyone (from a spectator's view only): each player's damage,
    deck and hand; the turn and where in it."""
    if public.viewer is not None:
        raise ValueError("a summary is made from a spectator's view (viewer None)")
    sides = CAPTIONS.join(
        "summary.sides",
        [
            CAPTIONS.say(
                "summary.side",
                seat=SEAT[p.seat],
                damage=len(p.damage),
                limit=p.damage_limit,
                deck=p.deck_size,
                hand=p.hand_size,
            )
            for p in public.players
        ],
    )
    if public.result is not None or not public.turn:
        return sides
    return CAPTIONS.say("summary", turn=public.turn, where=public.where, sides=sides)
