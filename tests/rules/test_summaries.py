"""``Ruleset.summary``: one public line of where a match stands, from a spectator's view only
(what ``/match status`` shows), with seats as ``{seat0}``/``{seat1}`` for ``name_seats``."""

from __future__ import annotations

import pytest

from rules.engine import Action, Match, name_seats
from rules.registry import get_ruleset

from .fanfare.helpers import prepare_game
from .lanes_helpers import prepare


def test_lanes_summary_counts_locations_led_power_and_stakes() -> None:
    s = prepare(
        board=[
            (0, "river-ogre", 0),
            (1, "moth-page", 0),
            (0, "moth-page", 1),
            (1, "tin-soldier", 2),
        ]
    )
    line = s.match.ruleset.summary(s.match.view(None))
    assert line == "{seat0} leads 2 locations to 1 · power {seat0} 11, {seat1} 7 · stakes 1"
    assert (
        name_seats(line, ["Ann", "Bo"])
        == "Ann leads 2 locations to 1 · power Ann 11, Bo 7 · stakes 1"
    )


def test_lanes_summary_counts_no_face_down_card_and_shows_the_stakes_once_doubled() -> None:
    s = prepare(board=[(0, "brass-beetle", 1)])
    s.put(1, "iron-colossus", 1, face_up=False)  # surgery: a face-down card, power unknown
    s.act(1, "snap")
    s.end_turn_both()
    line = s.match.ruleset.summary(s.match.view(None))
    assert line == "{seat0} leads 1 location to 0 · power {seat0} 3, {seat1} 0 · stakes 2"


def test_lanes_summary_says_nobody_leads_yet_or_that_locations_are_shared() -> None:
    """No "leads 0 locations": an empty board, then one location each (LANES-8.3)."""
    s = prepare()
    line = s.match.ruleset.summary(s.match.view(None))
    assert line == "nobody leads a location yet · power {seat0} 0, {seat1} 0 · stakes 1"
    s = prepare(board=[(0, "moth-page", 0), (1, "brass-beetle", 2)])
    line = s.match.ruleset.summary(s.match.view(None))
    assert line == "1 location each · power {seat0} 2, {seat1} 3 · stakes 1"


@pytest.mark.parametrize("ruleset", ["lanes", "fanfare", "charm"])
def test_a_summary_is_made_from_a_spectators_view_only(ruleset: str) -> None:
    match = Match.new(get_ruleset(ruleset), seed=3)
    assert match.ruleset.summary(match.view(None))
    with pytest.raises(ValueError, match="spectator"):
        match.ruleset.summary(match.view(0))


def test_fanfare_summary_in_the_mulligan_then_in_the_first_turn() -> None:
    match = Match.new(get_ruleset("fanfare"), seed=5)
    line = match.ruleset.summary(match.view(None))
    assert line == "Mulligan · {seat0}: leader 20/20, 0/0 PP · {seat1}: leader 20/20, 0/0 PP"
    for seat in match.pending():
        match.apply(seat, Action("mulligan", cards=[]))
    first = match.view(None).turn_player
    line = match.ruleset.summary(match.view(None))
    assert not line.startswith("Mulligan")
    assert f"{{seat{first}}}: leader 20/20, 1/1 PP" in line
    assert f"{{seat{1 - first}}}: leader 20/20, 0/0 PP" in line


def test_fanfare_summary_shows_the_leaders_defence_and_pp_left() -> None:
    game = prepare_game()
    sprite = game.summon(0, "hearth-sprite")
    game.attack(sprite, game.leader(1))
    game.play(game.give(0, "hearth-sprite"))
    cost = game.state.pool.cards["hearth-sprite"].cost
    line = game.match.ruleset.summary(game.match.view(None))
    damaged = 20 - game.attack_of(sprite)
    assert (
        line
        == f"{{seat0}}: leader 20/20, {10 - cost}/10 PP · {{seat1}}: leader {damaged}/20, 10/10 PP"
    )
