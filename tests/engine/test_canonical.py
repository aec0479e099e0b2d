"""The canonical state is derived from the state's own fields (``rules.engine.canonical``)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from rules.engine import canonical


@dataclass(frozen=True)
class Defn:
    __canonical__ = "id"
    id: str
    text: str


class Card:
    __slots__ = ("defn", "power", "uid")

    def __init__(self, uid: int, defn: Defn) -> None:
        self.uid = uid
        self.defn = defn
        self.power = 1


class State:
    __slots__ = ("cache", "cards", "hand", "seen")
    __canonical_skip__ = ("cache",)

    def __init__(self) -> None:
        card = Card(7, Defn("spark", "a long rules text"))
        self.cards = {7: card}
        self.hand = [card]
        self.seen = {3, 1}
        self.cache = object()  # derived: not part of the state


def test_fields_are_walked_in_full_once_and_referred_to_after() -> None:
    data = canonical(State())
    assert data == {
        "cards": [[7, {"defn": "spark", "power": 1, "uid": 7}]],
        "hand": [["@", 7]],
        "seen": [1, 3],
    }


def test_a_new_field_is_in_the_hash_without_listing_it() -> None:
    state = State()
    before = canonical(state)
    state.cards[7].power = 2
    assert canonical(state) != before


def test_floats_are_refused() -> None:
    with pytest.raises(TypeError, match="floats"):
        canonical([1.5])
