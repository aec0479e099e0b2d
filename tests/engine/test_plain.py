"""Plain JSON data for mechanisms' canonical() (the state hash)."""

from __future__ import annotations

import json

import pytest

from rules.engine.actions import Action
from rules.engine.plain import plain, plain_sort_key


class Card:
    def canonical(self) -> list[object]:
        return ["card", 7]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ((1, ("a", None)), [1, ["a", None]]),
        ({3, 1, 2}, [1, 2, 3]),
        (frozenset({"b", "a"}), ["a", "b"]),
        ({1: (True,)}, {"1": [True]}),
        (Card(), ["card", 7]),
        (Action("pick", card=3), {"kind": "pick", "card": 3}),
        ("text", "text"),
    ],
)
def test_plain_turns_items_into_json_data(value: object, expected: object) -> None:
    assert plain(value) == expected
    json.dumps(plain(value))


def test_plain_sort_key_orders_mixed_data_the_same_way_every_time() -> None:
    data = [[2, "b"], "a", 10, [1]]
    assert sorted(data, key=plain_sort_key) == sorted(reversed(data), key=plain_sort_key)
