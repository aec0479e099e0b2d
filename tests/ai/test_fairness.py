"""A fair CPU: it decides from its seat's view only. Two states that give the seat the same
view give the same decision for the same seed, whatever the hidden cards really are."""

from __future__ import annotations

from typing import Any

import pytest

from rules.ai import decide, has_cpu
from rules.ai.cpu import choices
from rules.engine import Match, Rng
from rules.esper.state import EsperState
from rules.registry import RULESETS, get_ruleset
from tests.ai.positions import positions

NAMES = [n for n in sorted(RULESETS) if has_cpu(get_ruleset(n))]
"""The rulesets with a CPU player."""


def _decisions(name: str, count: int) -> list[tuple[Match[Any, Any], int]]:
    """Moments where a seat the match waits on has a real choice."""
    found = []
    for match in positions(name, range(3), every=4):
        for seat in match.pending():
            if len(choices(match.ruleset, match.state, seat, Rng(0))) > 1:
                found.append((_kept(match), seat))
                break
        if len(found) == count:
            break
    return found


def _kept(match: Match[Any, Any]) -> Match[Any, Any]:
    """The match as it stands now (``positions`` plays it on)."""
    state = match.ruleset.clone(match.state)
    return Match(match.ruleset, match.seed, match.setup, state, match.opening, quiet=True)


def _swap_hidden(state: Any, seat: int) -> None:
    if isinstance(state, EsperState):
        _swap_esper(state, seat)
    else:
        _swap_cards(state, seat)


def _swap_esper(state: EsperState, seat: int) -> None:
    """State surgery: two seats whose characters the seat does not know swap them (alignments
    too), two face-down cards it has not learned change places, and the combat deck is cut."""
    known = state.knowledge.known_to(seat)
    unknown = [p for p in state.players if p.seat != seat and ("identity", p.seat) not in known]
    if len(unknown) >= 2:
        a, b = unknown[0], unknown[-1]
        if a.damage < b.character.durability and b.damage < a.character.durability:
            a.character, b.character = b.character, a.character
    cards = state.planet if state.part == 1 else state.base
    down = [
        s
        for s, card in enumerate(cards)
        if card is not None and s not in state.face_up and ("square", s) not in known
    ]
    if len(down) >= 2:
        x, y = down[0], down[-1]
        cards[x], cards[y] = cards[y], cards[x]
    deck = state.deck
    deck[:] = deck[len(deck) // 2 :] + deck[: len(deck) // 2]


def _swap_cards(state: Any, seat: int) -> None:
    """State surgery: the other seat's first card in hand and last in deck change places (each
    taking the other's zone), and the seat's own deck is cut: nothing the seat can see."""
    other = state.players[1 - seat]
    if other.hand and other.deck:
        a, b = other.hand[0], other.deck[-1]
        # Lanes keeps the hand as its staging began too, so that it can be reset (LANES-4.3).
        for cards in (other.hand, other.deck, getattr(other, "hand_at_start", None) or []):
            cards[:] = [b if c is a else a if c is b else c for c in cards]
        if hasattr(a, "zone"):
            a.zone, b.zone = b.zone, a.zone
    own = state.players[seat].deck
    own[:] = own[len(own) // 2 :] + own[: len(own) // 2]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(("strength", "iterations"), [("easy", 12), ("normal", 24)])
def test_two_states_with_the_same_view_give_the_same_decision(
    name: str, strength: str, iterations: int
) -> None:
    ruleset = get_ruleset(name)
    for k, (match, seat) in enumerate(_decisions(name, 3)):
        swapped = ruleset.clone(match.state)
        _swap_hidden(swapped, seat)
        dealt = ruleset.determinize(match.state, seat, Rng(500 + k))
        for other in (swapped, dealt):
            assert ruleset.view(other, seat) == match.view(seat)
            mine = decide(ruleset, match.state, seat, strength, k, iterations=iterations)
            theirs = decide(ruleset, other, seat, strength, k, iterations=iterations)
            assert mine == theirs


@pytest.mark.parametrize("name", NAMES)
def test_the_decision_is_the_same_for_the_same_seed(name: str) -> None:
    ruleset = get_ruleset(name)
    match, seat = _decisions(name, 1)[0]
    first = decide(ruleset, match.state, seat, "normal", 7, iterations=24)
    assert decide(ruleset, match.state, seat, "normal", 7, iterations=24) == first
    assert first in choices(ruleset, match.state, seat, Rng(7))
