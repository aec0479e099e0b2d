"""Winning and the draws (CHARM-8): the damage limit at each win/loss check, an empty deck and
discard pile, both losing at once, conceding, the turn limit and the idle rounds."""

from __future__ import annotations

from rules.charm.state import LAST_TURN
from rules.charm.zones import heal
from rules.engine import StepLog

from .helpers import Game, prepare

PLAIN = ("aria-vale", "lumi-hart")
"""Heroines that leave both damage limits at 20."""


def test_charm_8_1_damage_may_pass_the_limit_until_the_next_check() -> None:
    game = prepare(heroines=PLAIN)
    game.set_damage(1, 19)
    drummer = game.put(0, "tin-drummer")
    game.set_pool(0, 1)
    game.use(drummer)  # seat 1 takes 1: 20, the limit
    assert game.damage(1) == 20 and game.result is None  # still the main phase
    assert game.match.view(None).players[1].damage_limit == 20
    game.end_turn()  # main → end: the win/loss check
    assert game.result is not None and game.result.winners == (0,)
    assert game.result.reason == "damage"
    assert game.result.summary == "{seat1} is at 20 damage of 20. {seat0} wins."


def test_charm_8_1_11_5_a_raised_limit_and_healing_never_below_0() -> None:
    game = prepare(heroines=("aria-vale", "mira-quill"))  # Mira Quill: damage limit +2
    game.set_damage(1, 21)
    game.end_turn()
    assert game.result is None and game.match.view(None).players[1].damage_limit == 22
    heal(game.state, 1, 30, _log())
    assert game.damage(1) == 0


def _log() -> StepLog:
    return StepLog()


def test_charm_8_2_a_player_who_cannot_draw_loses_at_the_next_check() -> None:
    game = prepare(deck=0)
    game.give(0, "heckle")
    game.end_turn()  # seat 1's turn: its draw finds deck and discard pile empty
    game.pass_(0)
    assert game.result is None and game.player(1).drew_nothing
    game.pass_until(lambda: game.result is not None)
    assert game.result.winners == (0,) and game.result.reason == "deck_out"
    assert game.state.phase == "draw"  # the draw → main change of phase decided it


def test_charm_8_3_both_over_the_limit_at_one_check_is_a_draw() -> None:
    game = prepare(heroines=PLAIN)
    game.set_damage(0, 25)
    game.set_damage(1, 20)
    game.end_turn()
    assert game.result is not None and game.result.winners == ()
    assert game.result.reason == "both_lose"


def test_charm_8_5_8_6_conceding_loses_and_the_other_wins() -> None:
    game = prepare()
    game.act(1, "concede")  # not waited on: a seat may concede at any time
    assert game.result.winners == (0,) and game.result.reason == "concede"
    assert "concede" in [s.kind for s in prepare().specs(1)]


def _idle_turns(game: Game, turns: int) -> None:
    for _ in range(turns):
        game.pass_until(lambda: game.waiting_on() == "initiative")
        game.end_turn()
        if game.result is not None:
            return
        game.pass_until(lambda: game.waiting_on() == "initiative")


def test_charm_8_4_8_8_three_idle_rounds_warn_and_an_idle_fourth_first_turn_draws() -> None:
    game = prepare(deck=40)
    _idle_turns(game, 6)  # turns 1-6: three rounds, nothing entered or left, no damage
    assert game.state.idle_rounds == 3 and game.result is None
    assert game.all_events("idle_warning")
    _idle_turns(game, 1)  # the first player's next turn (turn 7), idle too
    assert game.result is not None and game.result.reason == "stalemate"
    assert game.result.winners == () and game.state.turn == 7


def test_charm_8_8_a_round_with_a_change_is_not_idle() -> None:
    game = prepare(deck=40)
    _idle_turns(game, 6)
    assert game.state.idle_rounds == 3
    game.set_pool(0, 1)
    game.play(game.give(0, "lantern-page"))  # a card enters the field
    _idle_turns(game, 2)
    assert game.result is None and game.state.idle_rounds == 0


def test_charm_8_8a_damage_up_and_down_in_a_round_is_a_change_but_a_heal_at_0_is_not() -> None:
    game = prepare(deck=40, heroines=("sena-brook", "mira-quill"))
    _idle_turns(game, 6)
    drummer = game.put(0, "tin-drummer")  # surgery: on the field without entering
    game.set_pool(0, 1)
    game.use(drummer)  # seat 1: 0 → 1
    heal(game.state, 1, 1, _log())  # and back to 0: net nothing, but it changed
    _idle_turns(game, 2)
    assert game.result is None
    game2 = prepare(deck=40)
    _idle_turns(game2, 6)
    heal(game2.state, 1, 3, _log())  # a heal at 0 damage changes nothing
    _idle_turns(game2, 1)
    assert game2.result is not None and game2.result.reason == "stalemate"


def test_charm_8_7_8_7a_turn_60_ends_in_a_draw_after_its_win_loss_check() -> None:
    game = prepare(deck=80)
    game.state.turn = LAST_TURN  # surgery: the last turn of the match
    game.state.idle_rounds = -100  # and no stalemate in the way
    game.end_turn()
    assert game.result is not None and game.result.reason == "turn_limit"
    assert game.result.summary == "Turn 60 ends with no winner: a draw."
    game = prepare(deck=80, heroines=PLAIN)
    game.state.turn = LAST_TURN
    game.put(0, "wishing-busker")  # in the end phase: seat 1 takes 1 (it has 10 or more)
    game.set_damage(1, 19)
    game.end_turn()
    # The end phase's damage is found by the check of the end → start change, before the limit.
    assert game.result.reason == "damage" and game.result.winners == (0,)
