"""What a seat, or a spectator, may see of an esper match (ESPER-12).

Views are frozen values built from the state; renderers and the bot get nothing else. They hold
exactly what ESPER-12.1's table gives the viewer, hidden things absent, not flagged:

- everyone: personas, positions, states, parties, damage taken, ESP power spent, clue and gear
  counts, combat hand sizes, the probes, dice (in the steps), opened cards, played combat cards,
  destroyed cards, a character once revealed;
- a seat (``hand``, its sheet): its own character, gear, clues and combat hand; the characters
  and base squares it has learned; its lurk marker; and, while it probes someone (along chains,
  ESPER-7.5a), that player's gear and combat hand.

Face-down cards, deck orders, other seats' markers and the RNG are in no view.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Result
from ..engine.views import MatchView
from . import actions, combat, flow, moves
from .captions import square_name
from .cards import CardDef
from .state import EsperState, Fact
from .words import CAPTIONS

__all__ = [
    "CardView",
    "CharacterView",
    "CombatView",
    "EsperView",
    "PlayerView",
    "SeenView",
    "SheetView",
    "SquareView",
    "summary",
    "view",
]

KEPT = ("clue", "gear")
"""What a square's ``emptied`` says when a player kept its card (face down: not named)."""


@dataclass(frozen=True, slots=True)
class CharacterView:
    id: str
    name: str
    alignment: str
    level: int
    power: int
    durability: int
    mental: int


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    persona: str | None  # its id
    persona_name: str
    face: str | None  # good or evil, as the persona shows it
    where: int | None  # a square of the current board; None off the board
    state: str  # normal, arrested, incapacitated, scattered, dead
    incapacitated: int  # turns still skipped
    home: int | None  # a scattered piece's square
    probed_by: tuple[int, ...]
    party: int | None  # its leader's seat
    damage: int
    spent: int  # ESP power spent
    clues: int
    gear: int  # how many gear cards it holds
    hand_size: int | None  # its combat hand, during a combat it is in
    entries: int  # entry checks made in part 2
    revealed: bool
    character: CharacterView | None  # when the viewer knows it
    keeper: bool | None  # part 2: a keeper (evil face) or an infiltrator


@dataclass(frozen=True, slots=True)
class SquareView:
    square: int
    name: str  # "Cinder 3", "C4"
    spaceport: bool  # a board spaceport (part 1)
    card: str | None  # the card's name when face up (or known: see ``known``)
    kind: str | None  # its kind when face up
    face_down: bool  # a card lies here face down
    emptied: str | None  # what left it: "clue", "gear", or a discarded card's name
    destroyed: str | None  # a destroyed base card's name
    known: str | None  # a face-down base card the viewer has learned
    lurk: bool | None  # the viewer's own lurk marker here: armed or not


@dataclass(frozen=True, slots=True)
class CardView:
    id: str
    name: str
    kind: str
    level: int
    damage: int
    text: str
    playable: bool  # the viewer may play it now


@dataclass(frozen=True, slots=True)
class SeenView:
    """What a prober sees of a probed player while the probe lasts (ESPER-7.5a)."""

    seat: int
    gear: tuple[str, ...]  # gear names
    hand: tuple[str, ...]  # combat card names


@dataclass(frozen=True, slots=True)
class SheetView:
    """A seat's own sheet: the DM's "hand" (ESPER-12.1, first row)."""

    seat: int
    character: CharacterView
    durability_left: int
    power_left: int
    gear: tuple[CardView, ...]
    clues: int
    hand: tuple[CardView, ...]  # combat cards
    known: tuple[tuple[int, CharacterView], ...]  # other seats' characters it knows
    key_bases: tuple[tuple[int, str], ...]  # learned base squares: (square, card name)
    lurk: tuple[int, bool] | None  # its marker's square, and whether armed
    seen: tuple[SeenView, ...]
    keeper: bool | None


@dataclass(frozen=True, slots=True)
class CombatView:
    square: int
    round: int
    npc_fight: bool
    combatants: tuple[int, ...]  # seats, and NPCs as -1, -2
    npcs: tuple[tuple[int, int], ...]  # (NPC, durability left)
    order: tuple[int, ...]  # this round's initiative order
    attack: tuple[int, int, int, int] | None  # attacker, target, level, damage
    played: tuple[tuple[int, str, int], ...]  # (seat, card name, level)
    damped: tuple[int, ...]
    deck: int
    discard: int


@dataclass(frozen=True, slots=True)
class EsperView(MatchView):
    viewer: int | None
    seats: int
    order: tuple[int, ...]
    part: int  # 0 setup, 1 planets, 2 the base
    round: int
    rounds: int  # the part's round limit
    turn: int  # the round, for the bot's "Turn n of m"
    last_turn: int
    turn_player: int | None
    small: bool  # 3-4 seats: 4 squares a planet, a 5x5 base
    planets: tuple[str, ...]
    players: tuple[PlayerView, ...]
    squares: tuple[SquareView, ...]  # the current board, in board order
    key_bases_destroyed: int
    combat: CombatView | None
    pending: tuple[int, ...]
    waiting: str  # whom the match waits on, seats as {seat0}
    asked: str  # what it asks the viewer, in the second person ("" if nothing)
    hand: SheetView | None
    result: Result | None


def _character(card: CardDef) -> CharacterView:
    return CharacterView(
        card.id, card.name, card.kind, card.level, card.power, card.durability, card.mental
    )


def _player(state: EsperState, seat: int, known: dict[Fact, str]) -> PlayerView:
    p = state.players[seat]
    persona = next((x for x in state.pool.personas if x.id == p.persona), None)
    combat_ = state.combat
    in_combat = combat_ is not None and seat in combat_.combatants
    return PlayerView(
        seat=seat,
        persona=p.persona,
        persona_name=persona.name if persona else "",
        face=persona.face if persona else None,
        where=p.where,
        state=p.state,
        incapacitated=p.incapacitated,
        home=p.home,
        probed_by=tuple(flow.probers(state, seat)),
        party=p.party,
        damage=p.damage,
        spent=p.spent,
        clues=p.clues,
        gear=len(p.gear),
        hand_size=len(p.hand) if in_combat else None,
        entries=p.entries,
        revealed=p.revealed,
        character=_character(p.character) if ("identity", seat) in known else None,
        keeper=state.keeper(seat) if state.part == 2 and p.alive else None,
    )


def _square(
    state: EsperState, square: int, known: dict[Fact, str], viewer: int | None
) -> SquareView:
    part = max(state.part, 1)
    cards = state.planet if part == 1 else state.base
    card = cards[square]
    up = square in state.face_up
    spaceport = part == 1 and state.board.place_of(square) == 0
    emptied = state.emptied.get(square)
    if emptied is not None and emptied not in KEPT and emptied in state.pool.cards:
        emptied = state.pool.cards[emptied].name  # a discarded instruction, by its name
    destroyed = state.destroyed.get(square) if part == 2 else None
    learned = known.get(("square", square)) if part == 2 and not up else None
    lurk = state.lurks.get(viewer) if viewer is not None else None
    return SquareView(
        square=square,
        name=square_name(state, square, part),
        spaceport=spaceport,
        card=state.pool.cards[card].name if card is not None and up else None,
        kind=state.pool.cards[card].kind if card is not None and up else None,
        face_down=card is not None and not up,
        emptied=emptied,
        destroyed=state.pool.cards[destroyed].name if destroyed else None,
        known=state.pool.cards[learned].name if learned and card is not None else None,
        lurk=lurk.armed if lurk is not None and lurk.square == square and part == 1 else None,
    )


def _card(card: CardDef, playable: bool) -> CardView:
    return CardView(card.id, card.name, card.kind, card.level, card.damage, card.text, playable)


def _sheet(state: EsperState, seat: int, known: dict[Fact, str]) -> SheetView:
    p = state.players[seat]
    pool = state.pool
    ask = state.ask
    asked = ask is not None and ask.seat == seat and ask.kind in ("fight", "answer", "cover")
    hand = tuple(
        _card(c, asked and (c.kind == "flex" or combat.playable(state, seat, c.level)))
        for c in combat.hand_cards(state, seat)
    )
    others = tuple(
        (s, _character(state.players[s].character))
        for s in range(state.seats)
        if s != seat and ("identity", s) in known
    )
    key_bases = tuple(
        sorted(
            (fact[1], pool.cards[card].name)
            for fact, card in known.items()
            if isinstance(fact, tuple)
            and fact[0] == "square"
            and state.part == 2
            and state.base[fact[1]] is not None
        )
    )
    lurk = state.lurks.get(seat)
    seen = tuple(
        SeenView(
            s,
            tuple(pool.gear(g).name for g in state.players[s].gear),
            tuple(c.name for c in combat.hand_cards(state, s)),
        )
        for s in state.knowledge.sees_through(seat)
        if state.players[s].alive
    )
    return SheetView(
        seat=seat,
        character=_character(p.character),
        durability_left=p.durability_left,
        power_left=p.power_left,
        gear=tuple(_card(pool.gear(g), False) for g in p.gear),
        clues=p.clues,
        hand=hand,
        known=others,
        key_bases=key_bases,
        lurk=(lurk.square, lurk.armed) if lurk is not None and state.part == 1 else None,
        seen=seen,
        keeper=state.keeper(seat) if state.part == 2 and p.alive else None,
    )


def _combat(state: EsperState) -> CombatView | None:
    c = state.combat
    if c is None:
        return None
    attack = c.attack
    return CombatView(
        square=c.square,
        round=c.round,
        npc_fight=c.npc_fight,
        combatants=tuple(c.combatants),
        npcs=tuple(sorted(c.npcs.items(), reverse=True)),
        order=tuple(c.order),
        attack=(attack.attacker, attack.target, attack.level, attack.damage) if attack else None,
        played=tuple((s, state.pool.cards[card].name, level) for s, card, level in c.played),
        damped=tuple(c.damped),
        deck=len(state.deck),
        discard=len(state.discard),
    )


def view(state: EsperState, viewer: int | None) -> EsperView:
    known: dict[Fact, str] = state.knowledge.known_to(viewer)
    if viewer is not None:
        known[("identity", viewer)] = state.players[viewer].character.id
    part = max(state.part, 1)
    places = state.board.planet_places if part == 1 else state.board.base_squares
    rounds = flow.part1_rounds(state) if part == 1 else flow.PART2_ROUNDS
    return EsperView(
        viewer=viewer,
        seats=state.seats,
        order=state.order,
        part=state.part,
        round=state.round,
        rounds=rounds,
        turn=state.round,
        last_turn=rounds,
        turn_player=state.turn_player,
        small=state.board.small,
        planets=tuple(p.name for p in state.pool.planets),
        players=tuple(_player(state, s, known) for s in range(state.seats)),
        squares=tuple(_square(state, s, known, viewer) for s in range(places)),
        key_bases_destroyed=sum(
            1 for c in state.destroyed.values() if state.kind_of(c) == "key_base"
        ),
        combat=_combat(state),
        pending=actions.pending(state),
        waiting=actions.waiting_label(state),
        asked=actions.asked_label(state, viewer) if viewer is not None else "",
        hand=_sheet(state, viewer, known) if viewer is not None else None,
        result=state.result,
    )


def summary(public: EsperView) -> str:
    """Where a match stands, for anyone (from a spectator's view only)."""
    if public.viewer is not None:
        raise ValueError("a summary is made from a spectator's view (viewer None)")
    say = CAPTIONS.say
    alive = sum(1 for p in public.players if p.state != "dead")
    if public.part == 0:
        return say("summary.setup", seats=public.seats)
    head = say("summary.round", part=public.part, round=public.round, rounds=public.rounds)
    parts = [head, say("summary.alive", alive=alive, seats=public.seats)]
    if public.part == 1:
        down = sum(1 for s in public.squares if s.face_down)
        clues = sum(p.clues for p in public.players)
        parts.append(say("summary.part1", down=down, clues=clues))
    else:
        destroyed, key = public.key_bases_destroyed, moves.KEY_BASES
        parts.append(say("summary.part2", destroyed=destroyed, bases=key))
    if public.result is not None:
        parts = parts[1:]
    return CAPTIONS.join("summary.parts", parts)
