"""One card looked up (``/card``): every card of every pool draws as a hand row, whole."""

from __future__ import annotations

import importlib
import io

import pytest
from PIL import Image

import rendering
from rules.registry import RULESETS, get_ruleset


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_card_of_the_pool_draws(name: str) -> None:
    pool = get_ruleset(name).pool  # type: ignore[attr-defined]
    for card in pool.cards.values():
        data = rendering.card_png(name, card, scale=1)
        with Image.open(io.BytesIO(data)) as image:
            assert image.size[0] == 480
            assert 50 < image.size[1] < 100


@pytest.mark.parametrize(
    ("name", "card_id", "words"),
    [
        ("fanfare", "sapling-shrine", ["Sapling Shrine", "Amulet", "Countdown 2.", "2"]),
        ("fanfare", "thorn-stalker", ["Thorn Stalker", "Rush", "Bane", "3"]),
        ("lanes", "shell-twin", ["Shell Twin", "4", "9", "Decoy leaves."]),
    ],
)
def test_a_card_shows_its_cost_name_text_and_numbers(
    name: str, card_id: str, words: list[str]
) -> None:
    module = importlib.import_module(f"rendering.{name}")
    card = get_ruleset(name).pool.cards[card_id]  # type: ignore[attr-defined]
    drawn = " ".join(p.block.text.replace("\n", " ") for p in module.draw_card(card).texts)
    for word in words:
        assert word in drawn
