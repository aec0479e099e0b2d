"""Esper's determinization: what a seat cannot know (ESPER-12.1) is drawn again consistently with
what it has learned: characters, face-down cards, others' gear and hands, key-base squares,
lurk markers, others' secret choices and private knowledge."""

from __future__ import annotations

from collections import Counter

from rules.engine import Rng
from rules.esper.state import EsperState
from tests.rules.esper.helpers import esper, prepare, to_part2


def _dealt(state: EsperState, seat: int, tries: int = 30) -> list[EsperState]:
    return [esper().determinize(state, seat, Rng(k)) for k in range(tries)]


def _alignments(state: EsperState) -> tuple[str, ...]:
    return tuple(p.character.kind for p in state.players)


def test_characters_are_dealt_again_keeping_what_the_seat_knows_and_the_evil_count() -> None:
    game = prepare(5, evil={1, 3})
    state = game.state
    state.knowledge.tell(0, ("identity", 3), state.players[3].character.id)  # surgery: learned
    game.edited()
    sides = set()
    for dealt in _dealt(state, 0):
        assert dealt.players[0].character == state.players[0].character
        assert dealt.players[3].character == state.players[3].character
        assert _alignments(dealt).count("evil") == 2  # ESPER-0.1: 2 evil at 5 seats
        ids = [p.character.id for p in dealt.players]
        assert len(set(ids)) == 5  # ESPER-0.2a: no character dealt twice
        assert esper().view(dealt, 0) == game.match.view(0)
        sides.add(_alignments(dealt))
    assert len(sides) > 2  # which of seats 1, 2 and 4 is the other evil one is drawn again


def test_a_dealt_character_survives_the_damage_it_has_taken_and_the_power_it_spent() -> None:
    game = prepare(5, evil={1, 3})
    game.player(2).damage = 4  # surgery: only lines of durability 5 or more can be seat 2's
    game.player(4).spent = 29  # and only lines of ESP power 30 or more seat 4's
    game.edited()
    for dealt in _dealt(game.state, 0):
        assert dealt.players[2].character.durability > 4
        assert dealt.players[4].character.power >= 29


def test_evil_faces_are_suspected_more_than_good_ones() -> None:
    game = prepare(5, evil={1, 3}, personas={2: "agent"})
    assert game.state.face(2) == "evil" and game.state.face(1) == "good"
    evil = Counter()
    for dealt in _dealt(game.state, 0, tries=60):
        evil.update(p.seat for p in dealt.players if p.character.kind == "evil")
    assert evil[2] > evil[1] and evil[2] > evil[4]


def test_face_down_planet_cards_and_others_gear_are_dealt_again_own_gear_kept() -> None:
    game = prepare(5, evil={1, 3})
    game.give(0, "shuttle")
    game.give(2, "barrier", "focus")
    state = game.state
    down = [s for s, c in enumerate(state.planet) if c is not None and s not in state.face_up]
    layouts, gear = set(), set()
    for dealt in _dealt(state, 0):
        assert dealt.players[0].gear == ["shuttle"]
        assert len(dealt.players[2].gear) == 2
        kept = [s for s, c in enumerate(dealt.planet) if c is not None]
        assert kept == down
        layouts.add(tuple(dealt.planet))
        gear.add(tuple(dealt.players[2].gear))
    assert len(layouts) > 1 and len(gear) > 1


def test_key_bases_are_dealt_again_for_an_infiltrator_and_known_to_the_keepers() -> None:
    game = to_part2(prepare(5, evil={1, 3}, personas={1: "agent", 3: "broker"}))
    state = game.state
    assert state.keeper(1) and not state.keeper(0)
    learned = next(s for s, c in enumerate(state.base) if c is not None)
    state.knowledge.tell(0, ("square", learned), state.base[learned] or "")  # surgery: archive
    game.edited()
    squares = set()
    for dealt in _dealt(state, 0):
        keys = [s for s, c in enumerate(dealt.base) if dealt.kind_of(c) == "key_base"]
        assert len(keys) == 4
        assert dealt.base[learned] == state.base[learned]
        assert all(dealt.knowledge.knows(1, ("square", s)) for s in keys)
        assert not any(dealt.knowledge.knows(0, ("square", s)) for s in keys if s != learned)
        squares.add(tuple(keys))
    assert len(squares) > 1
    # A keeper knows the key bases: for it they stay where they are.
    real = [s for s, c in enumerate(state.base) if state.kind_of(c) == "key_base"]
    for dealt in _dealt(state, 1, tries=3):
        assert [s for s, c in enumerate(dealt.base) if dealt.kind_of(c) == "key_base"] == real


def test_others_combat_hands_and_the_deck_are_dealt_again_the_own_hand_kept() -> None:
    game = prepare(5, evil={1, 3})
    game.until_move(0)
    game.put(2, 0)
    game.act(0, "enter", square=0)
    game.until_asked("combat", 0)
    game.act(0, "combat")
    game.until(lambda g: g.state.players[0].hand != [])
    state = game.state
    own = [state.combat_cards[u].id for u in state.players[0].hand]
    hands = set()
    for dealt in _dealt(state, 0):
        assert [dealt.combat_cards[u].id for u in dealt.players[0].hand] == own
        assert len(dealt.players[2].hand) == len(state.players[2].hand)
        assert len(dealt.deck) == len(state.deck)
        hands.add(tuple(sorted(dealt.combat_cards[u].id for u in dealt.players[2].hand)))
    assert len(hands) > 1


def test_what_others_learned_in_private_is_forgotten_and_public_facts_kept() -> None:
    game = prepare(5, evil={1, 3})
    state = game.state
    state.knowledge.tell(2, ("identity", 3), state.players[3].character.id)  # surgery: insight
    state.knowledge.reveal(("identity", 4), state.players[4].character.id)
    state.players[4].revealed = True
    game.edited()
    for dealt in _dealt(state, 0, tries=4):
        assert not dealt.knowledge.knows(2, ("identity", 3))
        assert dealt.knowledge.knows(2, ("identity", 4))
        assert dealt.players[4].character == state.players[4].character


def test_lurk_markers_of_evil_faces_are_drawn_again_the_own_kept() -> None:
    game = prepare(5, evil={1, 3}, personas={1: "agent", 3: "broker"}, lurks={1: "Cinder 3"})
    state = game.state
    placed = set()
    for dealt in _dealt(state, 3):
        assert set(dealt.lurks) <= {1, 3}
        placed.add(dealt.lurks[1].square if 1 in dealt.lurks else None)
    assert None in placed and len(placed) > 2
    for dealt in _dealt(state, 1, tries=3):
        assert dealt.lurks[1].square == state.lurks[1].square
