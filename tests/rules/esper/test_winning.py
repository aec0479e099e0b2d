"""Winning and losing (ESPER-6)."""

from __future__ import annotations

from .helpers import Game, prepare, to_part2


def kill(game: Game, *seats: int) -> None:
    """Surgery: these characters are dead (revealed, off the board)."""
    for seat in seats:
        p = game.player(seat)
        p.state = "dead"
        p.where = None
        p.revealed = True
        game.state.knowledge.kill(seat)
        game.state.knowledge.reveal(("identity", seat), p.character.id)
    game.edited()


def test_esper_6_1_good_wins_at_once_with_the_4th_key_base() -> None:
    game = to_part2(prepare(5, evil=(1, 3), personas={1: "hunter"}))
    keys = [s for s, c in enumerate(game.state.base) if game.state.kind_of(c) == "key_base"]
    for square in keys:
        game.state.face_up.add(square)
    for square in keys[:3]:
        game.state.destroyed[square] = game.state.base[square] or ""
        game.state.base[square] = None
    game.put(0, keys[3])
    game.act(0, "destroy")
    assert game.result is not None and game.result.detail["side"] == "good"
    assert game.result.winners == (0, 2, 4)


def test_esper_6_2_a_right_declaration_wins_for_the_declarers_side() -> None:
    game = prepare(5, evil=(1, 3))
    kill(game, 1, 3)
    game.act(0, "declare")
    assert game.result is not None and game.result.reason == "declared"
    assert game.result.winners == (0, 2, 4)
    assert game.said("{seat0} declares victory and is revealed:")


def test_esper_6_2_a_wrong_declaration_reveals_the_declarer_and_the_turn_goes_on() -> None:
    """A wrong victory declaration reveals the declarer to all."""
    game = prepare(5, evil=(1, 3))
    game.act(0, "declare")
    assert game.result is None
    public = game.match.view(None)
    assert public.players[0].character is not None and public.players[0].revealed
    assert game.ask is not None and (game.ask.kind, game.ask.seat) == ("move", 0)
    assert "declare" not in game.kinds(0)


def test_esper_6_3_no_character_alive_is_a_draw() -> None:
    game = prepare(3, evil=(1,))
    kill(game, 1, 2)
    game.act(0, "concede")
    assert game.result is not None and game.result.draw


def test_esper_6_3a_the_draw_comes_at_once_before_any_round_end() -> None:
    game = prepare(3, evil=(1,))
    kill(game, 1, 2)
    before = game.state.round
    game.act(0, "concede")
    assert game.result is not None and game.result.reason == "nobody_left"
    assert game.state.round == before and not game.said("Round 1 ends")


def test_esper_6_4_a_condition_that_held_two_round_ends_in_a_row_wins() -> None:
    """The two-round win: no evil character alive at the end of two rounds in a row."""
    game = prepare(5, evil=(1, 3))
    kill(game, 1, 3)
    game.until(lambda g: g.state.round == 2)
    assert game.result is None and game.state.held == ("good",)
    game.until(lambda g: g.result is not None)
    assert game.result.reason == "two_rounds" and game.result.winners == (0, 2, 4)
    assert game.state.round == 2


def test_esper_6_5_after_part_2_round_20_with_a_key_base_left_evil_wins() -> None:
    """The part-2 round limit."""
    game = to_part2(prepare(5, evil=(1, 3), personas={1: "hunter"}))
    game.until(lambda g: g.result is not None, limit=2000)
    assert game.result.reason == "base_held" and game.result.winners == (1, 3)
    assert game.state.round == 20


def test_esper_6_5a_at_round_20_with_no_evil_alive_good_wins() -> None:
    game = to_part2(prepare(5, evil=(1, 3), personas={1: "hunter"}))
    game.state.round = 20  # surgery: the last round
    kill(game, 1, 3)
    game.state.held = ()
    game.until(lambda g: g.result is not None)
    assert game.result.reason == "base_unheld" and game.result.winners == (0, 2, 4)


def test_esper_6_6_a_sides_win_counts_its_dead_too() -> None:
    game = prepare(5, evil=(1, 3))
    kill(game, 1, 3, 2)
    game.act(0, "declare")
    assert game.result is not None and 2 in game.result.winners


def test_esper_6_7_a_concession_kills_the_character_and_the_match_goes_on() -> None:
    game = prepare(5, evil=(1, 3))
    game.act(3, "concede")
    assert game.player(3).state == "dead" and game.result is None
    assert game.said("{seat3} concedes:")
    assert game.match.view(None).players[3].character is not None
    assert game.pending == (0,)
