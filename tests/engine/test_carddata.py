"""The card pool framework: files read, entries by id, fields and references checked, with errors
that name the file, the entry and the field; and the pool digest."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from rules.engine.carddata import made_card, placed, pool_digest, read_pool
from rules.engine.datafile import (
    DataError,
    by_id,
    choice,
    choices,
    each,
    field,
    number,
    numbered,
    table,
)


@dataclass(frozen=True)
class Card:
    """A toy ruleset's card: what a third ruleset's loader would build."""

    id: str
    name: str
    cost: int
    keywords: frozenset[str]
    makes: tuple[str, ...]
    token: bool = False


def _effect(where: str, entry: Any) -> str:
    table(where, entry, {"effect", "card"})
    choice(where, entry, "effect", ("draw", "make"))
    return str(field(where, entry, "card", str, ""))


def _card(where: str, entry: Any) -> Card:
    table(where, entry, {"id", "name", "cost", "keywords", "effect", "token"})
    return Card(
        field(where, entry, "id", str),
        field(where, entry, "name", str),
        number(where, entry, "cost", 0, 6),
        choices(where, entry, "keywords", ("rush", "ward")),
        tuple(c for c in each(where, entry, "effect", _effect) if c),
        field(where, entry, "token", bool, False),
    )


def _load(root: Path) -> tuple[dict[str, Card], str]:
    files = read_pool(root, {"card": "cards.toml"})
    cards = by_id(files["card"], _card, unique=("name",))
    for where, card in placed(files["card"], cards):
        for at, made in numbered(where, "effect", card.makes):
            made_card(at, made, cards)
    return cards, pool_digest(files)


GOOD = """
[[card]]
id = "imp"
name = "Imp"
cost = 1
keywords = ["rush"]
[[card.effect]]
effect = "make"
card = "spark"

[[card]]
id = "spark"
name = "Spark"
cost = 0
token = true
"""


def _write(tmp_path: Path, text: str) -> Path:
    (tmp_path / "cards.toml").write_text(text, encoding="utf-8")
    return tmp_path


def test_a_good_pool_loads(tmp_path: Path) -> None:
    cards, digest = _load(_write(tmp_path, GOOD))
    assert cards["imp"] == Card("imp", "Imp", 1, frozenset({"rush"}), ("spark",))
    assert len(digest) == 64


def test_the_digest_follows_the_data_not_its_layout(tmp_path: Path) -> None:
    _, digest = _load(_write(tmp_path, GOOD))
    _, reformatted = _load(_write(tmp_path, "# a comment\n" + GOOD.replace("cost = 1", "cost=1")))
    _, changed = _load(_write(tmp_path, GOOD.replace('name = "Imp"', 'name = "Fire Imp"')))
    assert reformatted == digest
    assert changed != digest


IMP = 'name = "Imp"'
EFFECT = "[[card.effect]]"
BAD = [
    (IMP, IMP + '\ncolour = "red"', "card 'imp': colour: unknown field"),
    ("cost = 1", 'cost = "1"', "card 'imp': cost: expected int, got '1'"),
    ("cost = 1", "cost = 9", "card 'imp': cost: 9 is outside 0..6"),
    ('["rush"]', '["fly"]', "card 'imp': keywords: 'fly' is not one of rush, ward"),
    ('["rush"]', '["ward", "ward"]', "card 'imp': keywords: a value is listed twice"),
    ('"make"', '"nap"', "card 'imp': effect 1: effect: 'nap' is not one of draw, make"),
    ('card = "spark"', 'card = "sprak"', "card 'imp': effect 1: card: no card 'sprak'"),
    ('id = "imp"', 'id = "spark"', "card 'spark': id: 'spark' is used twice"),
    ('name = "Spark"', IMP, "card 'spark': name: 'Imp' is used twice"),
]


@pytest.mark.parametrize(("old", "new", "message"), BAD)
def test_an_error_names_the_file_the_entry_and_the_field(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    with pytest.raises(DataError) as failure:
        _load(_write(tmp_path, GOOD.replace(old, new)))
    assert str(failure.value) == f"cards.toml: {message}"


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(DataError, match=r"cards\.toml: file not found"):
        _load(tmp_path)
