"""``python -m rules cards fanfare`` and ``python -m rules simulate fanfare``."""

from __future__ import annotations

import pytest

from rules.__main__ import main


def test_cards_lists_the_pool_with_texts_and_decks(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "fanfare"]) == 0
    out = capsys.readouterr().out
    assert (
        "Flame Knight — follower, cost 3, 2/3\n    Evolve: deal 3 damage to an enemy follower."
        in out
    )
    assert "Thornling (token) — follower, cost 1, 1/1" in out
    assert "Emberwing (emberwing):" in out and "3× Fireball" in out


def test_simulate_plays_replays_and_compares(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "fanfare", "--games", "20", "--seed", "3"]) == 0
    assert "fanfare 2+" in capsys.readouterr().out
