"""Defeat and draw (BREAKFALL-4), with the seed's cases of the last card and of both losing."""

from __future__ import annotations

import pytest

from rules.engine import Action, IllegalAction

from .helpers import prepare


def test_breakfall_4_1_ten_cards_in_the_damage_zone_lose() -> None:
    game = prepare()
    game.damage_zone(1, 9)
    game.resources(0, 1)
    game.play(game.give(0, "lantern-flare"))
    game.pass_both()
    assert game.result.winners == (0,) and game.result.reason == "damage"
    assert game.result.summary == "{seat1} has 10 cards in the damage zone: {seat0} wins."
    assert game.pending == () and game.match.legal_actions(0) == []


def test_breakfall_4_2_a_check_that_takes_the_last_card_loses_at_once() -> None:
    """The seed: the check turns the last card as usual; the rule processing after it finds the
    empty deck."""
    game = prepare(deck=1)
    game.resources(0, 1)
    game.play(game.give(0, "lantern-flare"))
    game.pass_both()
    assert game.result.winners == (0,) and game.result.reason == "deck"
    assert len(game.player(1).damage) == 1 and game.player(1).deck == []


def test_breakfall_4_2_an_empty_deck_is_found_by_rule_processing_not_at_once() -> None:
    game = prepare(deck=2)
    quick = game.give(0, "quick-study")  # draw two
    game.resources(0, 2)
    game.play(quick)
    game.pass_()
    res = game.pass_()
    kinds = [e.kind for s in res.steps for e in s.events]
    assert kinds.count("drew_card") == 2  # both drawn, then the loss
    assert kinds.index("drew") < kinds.index("game_over")
    assert game.result.winners == (1,)


def test_breakfall_4_2a_a_draw_from_an_empty_deck_draws_nothing() -> None:
    game = prepare(deck=1)
    game.resources(0, 2)
    game.play(game.give(0, "quick-study"))
    game.pass_both()
    [drew] = game.events("drew")
    assert drew.data["count"] == 1
    assert game.result.winners == (1,)


def test_breakfall_4_2a_a_breakfall_on_the_last_card_is_asked_then_the_player_loses() -> None:
    game = prepare()
    game.deck(1, 0)
    fox = game.top(1, "gutter-fox")[0]  # the last card: breakfall with a cost
    game.resources(0, 1)
    game.play(game.give(0, "lantern-flare"))
    game.pass_both()
    assert game.decision == "breakfall" and game.result is None  # asked as usual
    game.act(1, "breakfall", cards=[game.player(1).hand[0].uid])
    assert game.result.winners == (0,)  # before anyone gets priority to answer it
    assert fox.zone == "check"  # it never resolved


def test_breakfall_4_2a_an_each_player_draw_that_empties_both_decks() -> None:
    """The seed's case of both players meeting a loss condition together (BREAKFALL-4.4)."""
    game = prepare(deck=1)
    game.resources(0, 3)
    game.play(game.give(0, "lantern-smith"))  # when it enters: each player draws a card
    game.pass_both()
    game.pass_both()
    assert game.result is not None
    assert game.result.winners == (1,) and game.result.reason == "both"
    assert "non-turn player" in game.result.summary


def test_breakfall_4_3_a_player_may_concede_at_any_time_and_loses() -> None:
    game = prepare()
    game.play(game.give(0, "test-twin-flare"))
    assert game.pending == (1,)
    assert len(game.specs(0, "concede")) == 1  # not its priority, still listed
    game.act(0, "concede")
    assert game.result.winners == (1,) and game.result.reason == "concede"
    other = prepare()
    other.top(1, "gutter-fox")
    other.resources(0, 1)
    other.play(other.give(0, "lantern-flare"))
    other.pass_both()
    assert other.decision == "breakfall"
    other.act(1, "concede")  # during a pending decision too
    assert other.result.winners == (0,)


def test_breakfall_4_4_both_at_once_the_non_turn_player_wins() -> None:
    game = prepare(turn_player=1)
    game.damage_zone(0, 9)
    game.damage_zone(1, 9)
    # State surgery: both conditions met at the same rule processing.
    game.damage_zone(0, 1)
    game.damage_zone(1, 1)
    game.act(1, "pass")
    assert game.result.winners == (0,)  # seat 0 is the non-turn player
    assert game.result.summary.startswith("{seat1} has 10 cards in the damage zone and {seat0}")


def test_a_match_that_is_over_accepts_nothing() -> None:
    game = prepare()
    game.act(0, "concede")
    with pytest.raises(IllegalAction, match="over"):
        game.match.apply(1, Action("pass"))
