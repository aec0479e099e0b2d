"""From part 1 to part 2 (ESPER-11)."""

from __future__ import annotations

from .helpers import Game, prepare


def to_round_end(game: Game) -> None:
    """Everyone does nothing until part 1's current round is over."""
    start = game.state.round
    game.until(lambda g: g.state.part == 2 or g.state.round > start)


def test_esper_11_1_part_1_ends_when_a_living_character_holds_3_clues() -> None:
    """The end of part 1 by clues."""
    game = prepare(5, evil=(1, 3), personas={1: "hunter"})
    game.give(2, clues=3)
    to_round_end(game)
    assert game.state.part == 2 and game.said("Part 1 is over.")


def test_esper_11_1_part_1_ends_when_no_face_down_planet_card_is_left() -> None:
    """The end of part 1 by exhausted planets."""
    game = prepare(5, evil=(1, 3), personas={1: "hunter"})
    for square in game.state.board.planet_squares:
        game.state.planet[square] = None  # surgery: every card taken
    game.edited()
    to_round_end(game)
    assert game.state.part == 2


def test_esper_11_1_part_1_ends_at_its_round_limit() -> None:
    """The end of part 1 by the round limit: 8 rounds at 5 seats."""
    game = prepare(5, evil=(1, 3), personas={1: "hunter"})
    game.until(lambda g: g.state.part == 2)
    assert game.said("Part 1, round 8 of 8 begins.") and not game.said("round 9")


def test_esper_11_2_clue_holders_pick_evil_face_players_and_alone_learn_them() -> None:
    """The clue-holders' picks, in turn order."""
    game = prepare(6, evil=(1, 3, 5), personas={1: "hunter", 3: "agent", 5: "broker"})
    game.give(0, clues=3)
    game.give(2, clues=4)
    game.player(5).persona = "courier"  # surgery: seat 5 shows a good face
    game.edited()
    to_round_end(game)
    # two evil faces besides: each holder learns them all, unasked (no more than its clues)
    for holder in (0, 2):
        for seat in (1, 3):
            assert game.state.knowledge.knows(holder, ("identity", seat))
        assert not game.state.knowledge.knows(holder, ("identity", 5))
    assert game.said("{seat0} learns {seat1}'s character by clues.")
    assert not game.match.view(4).players[1].character


def test_esper_11_2_with_more_evil_faces_than_clues_the_holder_picks() -> None:
    game = prepare(
        8, evil=(1, 3, 5, 7), personas={1: "hunter", 3: "agent", 5: "broker", 7: "warden"}
    )
    game.give(0, clues=3)
    game.until_asked("learn")
    assert game.ask is not None and (game.ask.kind, game.ask.seat) == ("learn", 0)
    [spec] = game.specs(0, "unmask")
    assert spec.params[0].least == spec.params[0].most == 3
    game.act(0, "unmask", picks=(1, 5, 7))
    assert not game.state.knowledge.knows(0, ("identity", 3))


def test_esper_11_3_everything_leaves_the_board_and_states_end_but_death() -> None:
    game = prepare(5, evil=(1, 3), personas={1: "hunter"})
    game.put(0, "Aster 1")
    game.player(0).state = "arrested"
    game.player(0).damage = 2
    game.player(0).spent = 9
    game.give(0, "barrier", clues=1)
    game.state.knowledge.watch(2, 0)
    game.act(4, "concede")
    game.until(lambda g: g.state.part == 2)
    p = game.player(0)
    assert p.where is None and p.state == "normal" and p.spent == 0
    assert p.damage == 2 and p.gear == ["barrier"] and p.clues == 1
    assert game.state.knowledge.watching(2) == () and game.player(4).state == "dead"


def test_esper_11_4_keepers_place_the_key_bases_in_turn_and_only_keepers_see_them() -> None:
    """Keepers placing key bases in secret, round-robin in turn order."""
    game = prepare(5, evil=(1, 3), personas={1: "hunter", 3: "agent"})
    game.until(lambda g: g.ask is not None and g.ask.kind == "key_base")
    placers = []
    for _ in range(4):
        assert game.ask is not None and game.ask.kind == "key_base"
        placers.append(game.ask.seat)
        seat = game.ask.seat
        game.act(seat, "square", square=game.options(seat, "square")[-1])
    assert placers == [1, 3, 1, 3]
    keys = [s for s, c in enumerate(game.state.base) if game.state.kind_of(c) == "key_base"]
    assert len(keys) == 4
    for seat in range(5):
        known = {s for s in keys if game.state.knowledge.knows(seat, ("square", s))}
        assert known == (set(keys) if seat in (1, 3) else set())
    assert not game.said("F6")  # the squares are the keepers' alone
    assert game.said("F6", viewer=1)
    assert all(c is not None for c in game.state.base)  # the rest dealt face down


def test_esper_11_4_with_no_keeper_the_key_bases_go_on_random_squares() -> None:
    game = prepare(5, evil=(1, 3))  # every persona a good face: no keeper
    game.until(lambda g: g.state.part == 2)
    keys = [c for c in game.state.base if game.state.kind_of(c) == "key_base"]
    assert len(keys) == 4
    assert game.said("The rules place a key base (1 of 4).")


def test_esper_11_4a_a_dead_seat_is_neither_keeper_nor_infiltrator() -> None:
    game = prepare(5, evil=(1, 3), personas={1: "hunter", 3: "agent"})
    game.act(3, "concede")
    game.until(lambda g: g.state.part == 2 and g.ask is not None and g.ask.kind == "move")
    keys = [s for s, c in enumerate(game.state.base) if game.state.kind_of(c) == "key_base"]
    assert not any(game.state.knowledge.knows(3, ("square", s)) for s in keys)
    assert game.match.view(None).players[3].keeper is None
    assert game.match.view(None).players[1].keeper is True
    assert game.match.view(None).players[0].keeper is False


def test_esper_11_5_keepers_put_their_pieces_on_any_squares_and_infiltrators_start_off() -> None:
    game = prepare(5, evil=(1, 3), personas={1: "hunter"})
    game.until(lambda g: g.ask is not None and g.ask.kind == "start_square")
    assert game.ask is not None and game.ask.seat == 1
    assert len(game.options(1, "square")) == 36
    game.act(1, "square", square=game.square("D4"))
    assert game.said("{seat1} starts at D4.")  # in public
    assert all(p.where is None for p in game.state.players if p.seat != 1)


def test_esper_11_6_part_2_begins_with_round_1_from_the_first_seat() -> None:
    game = prepare(5, evil=(1, 3), personas={1: "hunter"})
    game.until(lambda g: g.state.part == 2 and g.ask is not None and g.ask.kind == "move")
    assert game.state.round == 1 and game.ask is not None
    assert game.ask.seat == game.state.order[0]
    assert game.said("Part 2, round 1 of 20 begins.")
