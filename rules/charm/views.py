"""What a seat, or a spectator, may see of a charm match (CHARM-12).

Views are frozen values built from the state; renderers and the bot get nothing else. What the
viewer may not see is *absent*: the other seat's hand is only a count, decks only sizes, a
seat's mulligan choice only "chosen" until both have chosen (then the number returned), and the
blocks a defender is still planning only in its own view. Everything on the field is public
(face, check state, tokens, DP damage, bonuses), and so are the discard piles in order, damage,
limits, EP pools and the chain with its declarations and targets.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Result
from ..engine.views import MatchView
from . import actions
from .state import LAST_TURN, Card, CharmState, Declaration, Defence, Order, Pick, Player
from .stats import ap, damage_limit, dp, full_dp, hand_limit, live_support
from .usable import skill_problem
from .words import CAPTIONS
from .zones import SEAT

__all__ = [
    "ChainView",
    "CharmPhaseView",
    "CharmView",
    "FieldCardView",
    "HandCardView",
    "PileCardView",
    "PlayerView",
    "summary",
    "view",
]


@dataclass(frozen=True, slots=True)
class FieldCardView:
    uid: int
    card: str
    name: str
    kind: str
    owner: int
    cost: int
    ep: int
    ap: int  # now (may be below 0: it counts as 0, CHARM-6.4a)
    dp: int  # now, DP damage taken off
    full_dp: int  # before DP damage
    base_ap: int  # printed: a renderer colours changes against these
    base_dp: int
    dp_damage: int
    checked: bool
    face_down: bool
    restricted: bool  # the first-turn restriction (CHARM-5.4)
    tokens: int
    role: str  # "attacker", "supporter", "defender" or ""
    blocks: int | None  # a defender: the attacker it blocks
    text: str


@dataclass(frozen=True, slots=True)
class PileCardView:
    uid: int
    card: str
    name: str
    kind: str


@dataclass(frozen=True, slots=True)
class HandCardView:
    uid: int
    card: str
    name: str
    kind: str
    cost: int
    ep: int
    ap: int
    dp: int
    tokens: int
    text: str
    playable: bool  # the viewer may play or use it now
    returning: bool  # chosen to go back in the viewer's mulligan


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    damage: int
    damage_limit: int
    hand_size: int
    hand_limit: int
    deck_size: int
    pool: int
    field: tuple[FieldCardView, ...]
    discard: tuple[PileCardView, ...]  # oldest first
    mulligan_done: bool
    returned: int | None


@dataclass(frozen=True, slots=True)
class ChainView:
    """A declaration on the chain, oldest first: who, what, on whom."""

    serial: int
    seat: int
    kind: str  # play, event, skill, draw, charm, end
    card: int | None
    name: str
    text: str
    target: int | None
    target_name: str
    attackers: tuple[int, ...]
    supporter: int | None
    mode: str | None
    negated: bool


@dataclass(frozen=True, slots=True)
class CharmPhaseView:
    charmed: int
    attackers: tuple[int, ...]
    supporter: int | None
    blocks: tuple[tuple[int, int], ...]  # (attacker, defender), once declared
    support: int  # the supporter's bonus to the heroine
    support_stat: str | None


@dataclass(frozen=True, slots=True)
class CharmView(MatchView):
    viewer: int | None
    phase: str  # mulligan, start, draw, main, charm, end
    turn: int
    last_turn: int
    turn_player: int
    first: int
    players: tuple[PlayerView, ...]
    hand: tuple[HandCardView, ...]  # the viewer's own; empty for a spectator
    chain: tuple[ChainView, ...]
    charm: CharmPhaseView | None
    charm_used: bool
    pending: tuple[int, ...]
    waiting_on: str  # what the match waits on: mulligan, initiative, answer, timing, order...
    waiting_p_skills: int
    planned_blocks: tuple[tuple[int, int], ...]  # the viewer's own defence, being planned
    auto_pass: bool  # the viewer's own setting
    result: Result | None


def _roles(state: CharmState) -> dict[int, tuple[str, int | None]]:
    charm = state.charm
    if charm is None:
        return {}
    roles: dict[int, tuple[str, int | None]] = {u: ("attacker", None) for u in charm.attackers}
    if charm.supporter is not None:
        roles[charm.supporter] = ("supporter", None)
    for attacker, defender in charm.blocks.items():
        roles[defender] = ("defender", attacker)
    return roles


def _field_card(
    state: CharmState, card: Card, roles: dict[int, tuple[str, int | None]]
) -> FieldCardView:
    defn = card.defn
    role, blocks = roles.get(card.uid, ("", None))
    if card.face_down:
        role, blocks = "", None  # a face-down card stops taking part (CHARM-6.6)
    return FieldCardView(
        uid=card.uid,
        card=defn.id,
        name=card.name,
        kind=defn.kind,
        owner=card.owner,
        cost=defn.cost,
        ep=defn.ep,
        ap=ap(state, card),
        dp=dp(state, card),
        full_dp=full_dp(state, card),
        base_ap=defn.ap,
        base_dp=defn.dp,
        dp_damage=card.dp_damage,
        checked=card.checked,
        face_down=card.face_down,
        restricted=card.restricted,
        tokens=card.tokens,
        role=role,
        blocks=blocks,
        text=defn.text,
    )


def _player(
    state: CharmState, player: Player, roles: dict[int, tuple[str, int | None]]
) -> PlayerView:
    seat = player.seat
    return PlayerView(
        seat=seat,
        damage=player.damage,
        damage_limit=damage_limit(state, seat),
        hand_size=len(player.hand),
        hand_limit=hand_limit(state, seat),
        deck_size=len(player.deck),
        pool=player.pool,
        field=tuple(_field_card(state, c, roles) for c in player.field),
        discard=tuple(PileCardView(c.uid, c.defn.id, c.name, c.defn.kind) for c in player.discard),
        mulligan_done=state.phase != "mulligan" or seat not in state.mulligan.waiting_on(),
        returned=player.returned,
    )


def _playable(state: CharmState, card: Card, seat: int) -> bool:
    if state.phase == "mulligan" or state.decision is not None:
        return False
    if state.window is None or state.stack.holder != seat:
        return False
    pool = state.players[seat].pool
    if card.defn.event:
        return skill_problem(state, seat, card, card.defn.skills[0], 0, pool) is None
    return actions.initiative(state, seat) and actions.play_problem(state, seat, card) is None


def _hand_card(state: CharmState, card: Card, seat: int) -> HandCardView:
    chosen = (state.mulligan.chosen(seat, seat) if state.phase == "mulligan" else None) or ()
    defn = card.defn
    return HandCardView(
        uid=card.uid,
        card=defn.id,
        name=card.name,
        kind=defn.kind,
        cost=defn.cost,
        ep=defn.ep,
        ap=defn.ap,
        dp=defn.dp,
        tokens=defn.tokens,
        text=defn.text,
        playable=_playable(state, card, seat),
        returning=card.uid in chosen,
    )


def _chain_entry(state: CharmState, decl: Declaration) -> ChainView:
    card = state.cards[decl.card] if decl.card else None
    target = state.cards[decl.target[0]] if decl.target is not None else None
    text = ""
    if card is not None and decl.kind in ("event", "skill"):
        text = card.defn.skills[decl.skill].text
    return ChainView(
        serial=decl.serial,
        seat=decl.seat,
        kind=decl.kind,
        card=decl.card or None,
        name=card.name if card is not None else "",
        text=text,
        target=target.uid if target is not None else None,
        target_name=target.name if target is not None else "",
        attackers=decl.attackers,
        supporter=decl.supporter,
        mode=decl.mode,
        negated=decl.negated,
    )


def _charm(state: CharmState) -> CharmPhaseView | None:
    charm = state.charm
    if charm is None:
        return None
    live = [s for s in state.support if live_support(state, s)]
    return CharmPhaseView(
        charmed=charm.charmed,
        attackers=charm.attackers,
        supporter=charm.supporter,
        blocks=tuple(sorted(charm.blocks.items())),
        support=live[0].amount if live else 0,
        support_stat=live[0].stat if live else None,
    )


def waiting_on(state: CharmState) -> str:
    """What the match waits on, in a word (the views' and pictures' ``waiting_on``)."""
    if state.result is not None:
        return ""
    if state.phase == "mulligan":
        return "mulligan"
    decision = state.decision
    if isinstance(decision, Order):
        return "order"
    if isinstance(decision, Defence):
        return "defence"
    if isinstance(decision, Pick):
        return decision.kind
    window = state.window
    if window is None:
        return ""
    if window == "main" and not state.stack.entries:
        return "initiative"
    return "answer" if state.stack.entries else "timing"


def view(state: CharmState, viewer: int | None) -> CharmView:
    hand: tuple[HandCardView, ...] = ()
    planned: tuple[tuple[int, int], ...] = ()
    if viewer is not None:
        hand = tuple(_hand_card(state, c, viewer) for c in state.players[viewer].hand)
        if isinstance(state.decision, Defence) and state.decision.seat == viewer:
            planned = tuple(sorted(state.decision.blocks.items()))
    roles = _roles(state)
    return CharmView(
        viewer=viewer,
        phase=state.phase,
        turn=state.turn,
        last_turn=LAST_TURN,
        turn_player=state.turn_player,
        first=state.first,
        players=tuple(_player(state, p, roles) for p in state.players),
        hand=hand,
        chain=tuple(_chain_entry(state, e.item) for e in state.stack.entries),
        charm=_charm(state),
        charm_used=state.charm_used,
        pending=actions.pending(state),
        waiting_on=waiting_on(state),
        waiting_p_skills=len(state.waiting),
        planned_blocks=planned,
        auto_pass=viewer is not None and state.auto.is_on(viewer),
        result=state.result,
    )


_PHASES = {
    phase: CAPTIONS.say(f"summary.phase.{phase}")
    for phase in ("start", "draw", "main", "charm", "end")
}
"""Each phase as where a match stands names it."""


def summary(public: CharmView) -> str:
    """Where a match stands for anyone: each player's damage of its limit and EP; the phase.
    From a spectator's view only, so that nothing hidden can be in it."""
    if public.viewer is not None:
        raise ValueError("a summary is made from a spectator's view (viewer None)")
    sides = CAPTIONS.join(
        "summary.sides",
        [
            CAPTIONS.say(
                "summary.side", seat=SEAT[p.seat], damage=p.damage, limit=p.damage_limit, ep=p.pool
            )
            for p in public.players
        ],
    )
    if public.phase == "mulligan":
        return CAPTIONS.say("summary.mulligan", sides=sides)
    if public.result is not None:
        return sides
    phase = _PHASES.get(public.phase, public.phase)
    return CAPTIONS.say("summary", phase=phase, seat=SEAT[public.turn_player], sides=sides)
