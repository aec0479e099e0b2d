"""What a CPU needs of esper: a state a seat cannot tell from the real one, and its guide.

What a seat does not know (ESPER-12.1, ``views.py``), and what a determinization draws again:

- the characters it has not learned: which of those seats are evil (as many as ESPER-0.1 leaves),
  weighted by whom it suspects (:mod:`.beliefs`), then a character of each side's roster not
  known to be dealt (ESPER-0.2a) with the stats what it sees allows: more durability than the
  damage taken, as much ESP power as was spent;
- the face-down planet cards and the other seats' gear it does not see (ESPER-8.2), dealt from
  the planet deck less what it has seen: a gear place always gets a gear (taking a clue or a gear
  is public);
- the face-down base cards it has not learned (ESPER-9), and the key-base squares the keepers
  know with them;
- the combat deck's order and the hands and discard it does not see (ESPER-5.1), each zone
  keeping its count;
- the other seats' lurk markers (ESPER-8.5a): each evil-face seat has one, at random, or none;
- what the other seats learned privately (insights, mind-reads, clues, probes, the archive): only
  what the seat itself knows and what is public is kept, and the keepers know the key bases;
- a secret choice (joins, invitations) the others have made and the seat cannot see yet;
- the generator (:func:`rules.engine.reseeded`).

Everything is drawn from what the seat's view holds, so two states it cannot tell apart give the
same determinized state for the same generator.
"""

from __future__ import annotations

import math

from ..ai.guide import Guide
from ..engine import Rng, clone, reseeded
from . import beliefs, flow, tactics, winning
from .cards import CardDef
from .state import EsperState, Lurk

__all__ = ["GUIDE", "determinize", "evaluate"]

LURK_CHANCE = 2
"""One evil-face seat in this many is drawn a lurk marker (ESPER-0.6: it may place one)."""
_TRIES = 40
"""Draws of the alignments before the characters are dealt without the seat's suspicions."""


def determinize(state: EsperState, seat: int, rng: Rng) -> EsperState:
    """A copy of ``state`` that ``seat`` cannot tell from it (see the module's docstring)."""
    copy = clone(state)
    known = beliefs.known_sides(state, seat)
    odds = beliefs.odds_evil(state, seat, known)
    copy.knowledge = state.knowledge.kept_for(seat)
    _deal_characters(copy, seat, rng, odds)
    _deal_planet_cards(copy, seat, rng)
    _deal_base_cards(copy, seat, rng)
    _deal_combat_cards(copy, seat, rng)
    _draw_lurks(copy, seat, rng)
    _draw_choices(copy, seat, rng)
    # ESPER-6.4: whether a side's condition held at the last round's end is no part of any view;
    # it is taken as it stands now in the state dealt.
    copy.held = winning.conditions(copy) if copy.part > 0 else ()
    copy.rng = reseeded(rng)
    return copy


# -- characters ----------------------------------------------------------------------------------


def _deal_characters(state: EsperState, seat: int, rng: Rng, odds: dict[int, float]) -> None:
    unknown = sorted(odds)
    if not unknown:
        return
    evil_left = flow.EVIL_BY_SEATS[state.seats] - sum(
        1 for s, p in enumerate(state.players) if s not in odds and p.character.kind == "evil"
    )
    dealt_ids = {p.character.id for s, p in enumerate(state.players) if s not in odds}
    roster = {
        side: sorted(
            (c for c in state.pool.of("character") if c.kind == side and c.id not in dealt_ids),
            key=lambda c: c.id,
        )
        for side in ("good", "evil")
    }
    for attempt in range(_TRIES + 1):
        weights = odds if attempt < _TRIES else dict.fromkeys(unknown, 1.0)
        evil = _weighted_pick(unknown, weights, evil_left, rng)
        dealt: dict[int, CardDef] = {}
        ok = True
        for side in ("good", "evil"):
            seats = [s for s in unknown if (s in evil) == (side == "evil")]
            found = _match(state, seats, roster[side], rng)
            if found is None:
                ok = False
                break
            dealt.update(found)
        if ok or attempt == _TRIES:
            break
    if not ok:  # no deal fits what the seat saw: cannot be, but never leave a seat uncast
        dealt = {}
        for side in ("good", "evil"):
            seats = [s for s in unknown if (s in evil) == (side == "evil")]
            cards = list(roster[side])
            rng.shuffle(cards)
            dealt.update(zip(seats, cards, strict=False))
    for s, card in dealt.items():
        state.players[s].character = card


def _weighted_pick(seats: list[int], weights: dict[int, float], count: int, rng: Rng) -> set[int]:
    """``count`` of ``seats``, each drawn in turn with a chance in proportion to its weight."""
    left = list(seats)
    picked: set[int] = set()
    for _ in range(min(count, len(left))):
        total = sum(weights[s] for s in left)
        roll = rng.below(1 << 30) / (1 << 30) * total
        chosen = left[-1]
        for s in left:
            roll -= weights[s]
            if roll < 0:
                chosen = s
                break
        left.remove(chosen)
        picked.add(chosen)
    return picked


def _fits(state: EsperState, seat: int, card: CardDef) -> bool:
    """What the seat's view shows of ``seat`` allows ``card``: alive with less damage than its
    durability, and no more ESP power spent than it has. (A card played tells nothing sure of
    the ESP level: a focus plays one of any level, ESPER-14.5.)"""
    p = state.players[seat]
    if p.alive and p.damage >= card.durability:
        return False
    return p.spent <= card.power


def _match(
    state: EsperState, seats: list[int], cards: list[CardDef], rng: Rng
) -> dict[int, CardDef] | None:
    """Each of ``seats`` a distinct card of ``cards`` that fits it, at random; None if none."""
    order = list(cards)
    rng.shuffle(order)
    dealt: dict[int, CardDef] = {}
    used: set[str] = set()

    def place(i: int) -> bool:
        if i == len(seats):
            return True
        for card in order:
            if card.id in used or not _fits(state, seats[i], card):
                continue
            used.add(card.id)
            dealt[seats[i]] = card
            if place(i + 1):
                return True
            used.discard(card.id)
        return False

    return dealt if place(0) else None


# -- planet cards and gear -------------------------------------------------------------------------


def _seen(state: EsperState, seat: int) -> set[int]:
    """The seats whose gear and hand ``seat`` sees: itself and those it probes (ESPER-7.5a)."""
    return {seat, *(s for s in state.knowledge.sees_through(seat) if state.players[s].alive)}


def _deal_planet_cards(state: EsperState, seat: int, rng: Rng) -> None:
    """The planet deck less what the seat has seen (cards face up or discarded, clues taken, the
    gear it sees) is dealt again: gear to the gear it does not see, the rest of what is needed to
    the face-down squares (part 1). Cards left over are gear used or lost with the dead."""
    pool = state.pool
    small = state.board.small
    left: list[str] = sorted(
        c.id
        for c in (*pool.of("planet"), *pool.of("gear"))
        for _ in range(c.small if small else c.count)
    )
    seen = _seen(state, seat)
    gone: list[str] = []
    for s in sorted(seen):
        gone += [pool.gear(kind).id for kind in state.players[s].gear]
    places: list[int] = []  # face-down planet squares, part 1
    if state.part <= 1:
        for square, card in enumerate(state.planet):
            if card is None:
                continue
            if square in state.face_up:
                gone.append(card)
            else:
                places.append(square)
        clue = next(c.id for c in pool.of("planet") if c.kind == "clue")
        for what in state.emptied.values():
            gone.append(clue if what == "clue" else what)
    else:
        state.planet = [None] * len(state.planet)  # part 2: the planets are no one's concern
    for card in gone:
        if card in left:
            left.remove(card)
    gear = [c for c in left if pool.cards[c].deck == "gear"]
    other = [c for c in left if pool.cards[c].deck != "gear"]
    rng.shuffle(gear)
    for p in state.players:
        if p.seat not in seen:
            count = len(p.gear)
            p.gear = [pool.cards[c].kind for c in gear[:count]]
            gear = gear[count:]
    if not places:
        return
    cards = other + gear[: max(0, len(places) - len(other))]
    rng.shuffle(cards)
    for square, card in zip(places, cards, strict=False):
        state.planet[square] = card


# -- base cards ------------------------------------------------------------------------------------


def _deal_base_cards(state: EsperState, seat: int, rng: Rng) -> None:
    """ESPER-9, 11.4: the face-down base cards the seat has not learned, dealt again among their
    squares; the keepers know the key bases where they now lie (ESPER-11.4a)."""
    if state.part != 2:
        return
    knowledge = state.knowledge
    hidden = [
        s
        for s, card in enumerate(state.base)
        if card is not None and s not in state.face_up and not knowledge.knows(seat, ("square", s))
    ]
    cards: list[str] = sorted(state.base[s] or "" for s in hidden)
    rng.shuffle(cards)
    for square, dealt in zip(hidden, cards, strict=True):
        state.base[square] = dealt
    keepers = [k for k in flow.keepers_of(state) if k != seat]
    for square, card in enumerate(state.base):
        if card is not None and state.kind_of(card) == "key_base":
            for keeper in keepers:
                knowledge.grant(keeper, ("square", square), card)


# -- combat cards ----------------------------------------------------------------------------------


def _deal_combat_cards(state: EsperState, seat: int, rng: Rng) -> None:
    """The hands the seat sees keep their cards; the other hands, the deck and the discard are
    dealt again, each keeping its count; every card is numbered afresh in the order of its place
    (the seen hands, the hidden hands, the deck, the discard), so no number tells what it was."""
    cards = state.combat_cards
    seen = _seen(state, seat)
    players = state.players
    shown = [p for p in players if p.seat in seen]
    hidden = [p for p in players if p.seat not in seen]
    contents = sorted(
        (cards[u] for zone in (*(p.hand for p in hidden), state.deck, state.discard) for u in zone),
        key=lambda c: c.id,
    )
    rng.shuffle(contents)
    numbered: list[CardDef] = []

    def renumber(zone: list[int], defs: list[CardDef]) -> list[int]:
        start = len(numbered)
        numbered.extend(defs)
        return list(range(start, len(numbered)))

    for p in shown:
        p.hand = renumber(p.hand, [cards[u] for u in p.hand])
    at = 0
    for p in hidden:
        n = len(p.hand)
        p.hand = renumber(p.hand, contents[at : at + n])
        at += n
    n = len(state.deck)
    state.deck = renumber(state.deck, contents[at : at + n])
    at += n
    state.discard = renumber(state.discard, contents[at:])
    state.combat_cards = numbered


# -- lurk markers and secret choices ---------------------------------------------------------------


def _draw_lurks(state: EsperState, seat: int, rng: Rng) -> None:
    """ESPER-0.6, 8.5a: the other seats' markers are in no view; each living evil-face seat is
    drawn one (armed, on a face-down planet card) or none."""
    mine = state.lurks.get(seat)
    state.lurks = {} if mine is None else {seat: mine}
    if state.part != 1:
        return
    squares = [
        s for s, card in enumerate(state.planet) if card is not None and s not in state.face_up
    ]
    for s in state.order:
        p = state.players[s]
        if s == seat or not p.alive or state.face(s) != "evil" or not squares:
            continue
        if rng.below(LURK_CHANCE) == 0:
            state.lurks[s] = Lurk(squares[rng.below(len(squares))])


def _draw_choices(state: EsperState, seat: int, rng: Rng) -> None:
    """ESPER-5.5, 10.1: what the others chose in secret, before all have, is drawn again."""
    choice = state.choice
    if choice is None or choice.done():
        return
    for s in choice.has_chosen():
        if s != seat:
            choice.withdraw(s)
            choice.choose(s, rng.coin() == 1)


# -- the guide ------------------------------------------------------------------------------------


def evaluate(state: EsperState) -> tuple[float, ...]:
    """Each seat's chance where a playout stops: its side's, from the durability each side has
    left (the dead count for none), the key bases destroyed (ESPER-6.1) and, in part 2, the
    rounds the base has held (ESPER-6.5)."""
    left = {"good": 0, "evil": 0}
    full = {"good": 0, "evil": 0}
    for p in state.players:
        side = p.character.kind
        full[side] += p.character.durability
        if p.alive:
            left[side] += p.durability_left
    good = left["good"] / max(full["good"], 1)
    evil = left["evil"] / max(full["evil"], 1)
    keys = sum(1 for c in state.destroyed.values() if state.kind_of(c) == "key_base")
    held = state.round / flow.PART2_ROUNDS if state.part == 2 else 0.0
    lead = 3.0 * (good - evil) + 1.2 * keys - 2.0 * held + GOOD_BIAS
    chance = 1.0 / (1.0 + math.exp(-lead))
    return tuple(chance if p.character.kind == "good" else 1.0 - chance for p in state.players)


GOOD_BIAS = 0.0
"""Where even stands: 0 makes a fresh match even for both sides."""

GUIDE = Guide(
    budgets={"easy": 12, "normal": 40, "hard": 200},
    skip=frozenset({"arm", "disarm"}),
    policy=tactics.policy,
    evaluate=evaluate,
    cutoff=24,
    shortlist=tactics.shortlist,
)
"""Esper is long: playouts stop after 24 moves (about a turn of a few seats) and weigh the
position. A CPU never disarms its lurk marker. Budgets: ``docs/cpu.md``."""
