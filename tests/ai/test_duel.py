"""``python -m rules duel``: two players, many matches, each side's share of wins and the CPU's
decision time. Only the output's shape is checked here (never times or win rates)."""

from __future__ import annotations

import json

import pytest

from rules.__main__ import main
from rules.ai.duel import duel, player
from rules.registry import get_ruleset


def test_duel_prints_one_json_object_shaped_as_the_issue_says(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["duel", "lanes", "--a", "cpu:easy", "--b", "random", "--games", "2", "--seed", "3"]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"a", "b", "draw_share", "decision_ms"}
    assert data["a"]["player"] == "cpu:easy" and data["b"]["player"] == "random"
    assert set(data["a"]) == set(data["b"]) == {"player", "win_share"}
    assert data["a"]["win_share"] + data["b"]["win_share"] + data["draw_share"] == 1
    assert set(data["decision_ms"]) == {"p50", "p95"}
    assert 0 <= data["decision_ms"]["p50"] <= data["decision_ms"]["p95"]


def test_duel_says_each_sides_wins_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duel", "lanes", "--a", "random", "--games", "1", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "a random: wins" in out and "b random: wins" in out and "draws" in out
    assert "decision time" not in out  # no CPU played


def test_a_duel_is_the_same_for_the_same_seed() -> None:
    lanes = get_ruleset("lanes")
    one = duel(lanes, player("cpu:easy"), player("random"), 2, seed=5)
    two = duel(lanes, player("cpu:easy"), player("random"), 2, seed=5)
    assert (one.wins, one.draws) == (two.wins, two.draws)
    assert one.games == 2 and len(one.decisions) == len(two.decisions) > 0


def test_a_player_is_random_or_a_cpu_at_a_strength(capsys: pytest.CaptureFixture[str]) -> None:
    assert player("cpu:hard").strength == "hard"
    assert main(["duel", "lanes", "--a", "cpu:expert", "--games", "1"]) == 2
    assert "cpu:easy|normal|hard" in capsys.readouterr().err


def test_a_table_of_cpus_says_which_side_won_how_and_the_decision_times(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["table", "esper", "--seats", "3", "--strength", "easy", "--games", "1", "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 1 and data["seats"] == 3
    assert sum(data["sides"].values()) == 1 and sum(data["endings"].values()) == 1
    assert set(data["decision_ms"]) == {"easy"}
    assert main(["table", "esper", "--seats", "2"]) == 2  # esper seats 3 to 10
