"""Seats and setup (ESPER-0), the boards by seats (ESPER-14.3), persona order (ESPER-13.3)."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.engine import Action, Match
from rules.esper.flow import EVIL_BY_SEATS

from .helpers import esper, prepare


@pytest.mark.parametrize("seats", range(3, 11))
def test_esper_0_1_good_and_evil_characters_by_seats(seats: int) -> None:
    match = Match.new(esper(), seats, {"seats": seats})
    sides = Counter(p.character.kind for p in match.state.players)
    wanted = {
        3: (2, 1),
        4: (2, 2),
        5: (3, 2),
        6: (3, 3),
        7: (4, 3),
        8: (4, 4),
        9: (5, 4),
        10: (5, 5),
    }[seats]
    assert (sides["good"], sides["evil"]) == wanted
    assert EVIL_BY_SEATS[seats] == wanted[1]


@pytest.mark.parametrize("seats", [2, 11])
def test_esper_0_1_three_to_ten_seats(seats: int) -> None:
    with pytest.raises(ValueError, match="3 to 10"):
        Match.new(esper(), 1, {"seats": seats})


def test_esper_0_2_each_seat_is_dealt_a_character_it_alone_sees() -> None:
    match = Match.new(esper(), 5, {"seats": 5})
    for seat in range(5):
        own = match.view(seat)
        assert own.hand is not None
        assert own.hand.character.id == match.state.players[seat].character.id
        assert [p.seat for p in own.players if p.character is not None] == [seat]
    # Evil players are not told who the other evil players are.
    assert all(p.character is None for p in match.view(None).players)


@pytest.mark.parametrize("seed", range(30))
def test_esper_0_2a_no_two_seats_hold_the_same_character(seed: int) -> None:
    match = Match.new(esper(), seed, {"seats": 10})
    ids = [p.character.id for p in match.state.players]
    assert len(set(ids)) == 10


def test_esper_0_3_turn_order_is_a_seeded_shuffle_fixed_for_the_match() -> None:
    orders = {Match.new(esper(), seed, {"seats": 6}).state.order for seed in range(12)}
    assert len(orders) > 1  # shuffled
    again = Match.new(esper(), 3, {"seats": 6}).state.order
    assert again == Match.new(esper(), 3, {"seats": 6}).state.order
    assert sorted(again) == list(range(6))


def test_esper_0_4_personas_in_turn_order_at_most_two_each_and_at_most_e_evil_faces() -> None:
    game = prepare(5, stop="personas")
    game.act(0, "persona", persona="agent")
    game.act(1, "persona", persona="agent")
    # two agents taken: E = 2 evil faces at 5 seats, so no evil face is left open
    offered = game.options(2, "persona", "persona")
    assert "agent" not in offered and "broker" not in offered
    assert offered == ["courier", "medic", "pilot", "scholar", "ranger"]
    game.act(2, "persona", persona="medic")
    game.act(3, "persona", persona="medic")
    assert "medic" not in game.options(4, "persona", "persona")  # taken by two already
    # a good character may pick an evil face and an evil one a good face: faces may lie
    assert game.player(0).character.kind in ("good", "evil")


def test_esper_0_4_the_persona_picks_go_in_turn_order() -> None:
    match = Match.new(esper(), 9, {"seats": 4})
    first = match.state.order[0]
    assert match.pending() == (first,)
    match.apply(first, Action("persona", persona="pilot"))
    assert match.pending() == (match.state.order[1],)


@pytest.mark.parametrize(("seats", "cards"), [(4, 24), (5, 36)])
def test_esper_0_5_planet_cards_dealt_face_down_one_per_square(seats: int, cards: int) -> None:
    game = prepare(seats)
    board = game.state.board
    on_squares = [game.state.planet[s] for s in board.planet_squares]
    assert len(on_squares) == cards and None not in on_squares
    assert all(game.state.planet[s] is None for s in board.spaceports)
    public = game.match.view(None)
    assert all(sq.face_down and sq.card is None for sq in public.squares if not sq.spaceport)


def test_esper_0_6_evil_faces_place_a_lurk_marker_in_secret_in_turn_order() -> None:
    game = prepare(5, stop="lurks", personas={1: "hunter", 3: "warden"})
    assert game.pending == (1,)
    assert game.ask is not None and game.ask.kind == "lurk"
    squares = game.options(1, "lurk")
    assert len(squares) == 36 and not set(squares) & set(game.state.board.spaceports)
    game.act(1, "lurk", square=game.square("Cinder 3"))
    assert game.pending == (3,)
    assert not game.said("Cinder 3")  # the square is the placer's alone
    assert game.said("Cinder 3", viewer=1)
    game.act(3, "pass")
    assert game.state.part == 1
    assert game.match.view(1).hand.lurk == (game.square("Cinder 3"), True)
    assert game.match.view(3).hand.lurk is None


def test_esper_0_7_every_piece_starts_off_the_board_whole() -> None:
    game = prepare(6)
    for p in game.match.view(None).players:
        assert p.where is None and p.damage == 0 and p.spent == 0


@pytest.mark.parametrize(
    ("seats", "ring", "base", "rounds", "combat"),
    [
        (3, 5, 5, 6, 60),
        (4, 5, 5, 6, 60),
        (5, 7, 6, 8, 60),
        (7, 7, 6, 8, 60),
        (8, 7, 6, 8, 80),
        (10, 7, 6, 8, 80),
    ],
)
def test_esper_0_8_the_boards_by_seats(
    seats: int, ring: int, base: int, rounds: int, combat: int
) -> None:
    game = prepare(seats)
    state = game.state
    assert state.board.ring == ring and state.board.size == base
    assert len(state.board.planet_squares) == 6 * (ring - 1)
    assert game.match.view(None).rounds == rounds
    assert len(state.combat_cards) == combat


def test_esper_14_3_six_planets_and_a_base_grid_with_its_outer_ring() -> None:
    game = prepare(5)
    board = game.state.board
    assert len(board.spaceports) == 6
    assert len(board.outer_ring) == 20  # 6x6: the first and last rows and columns
    assert board.base_square_name(0) == "A1" and board.base_square_name(35) == "F6"
    small = prepare(3).state.board
    assert len(small.outer_ring) == 16 and small.base_squares == 25


def test_esper_13_3_personas_first_in_order_courier_to_hunter() -> None:
    names = [p.id for p in esper().pool.personas]
    assert names == [
        "courier",
        "medic",
        "pilot",
        "scholar",
        "ranger",
        "agent",
        "broker",
        "enforcer",
        "warden",
        "hunter",
    ]
