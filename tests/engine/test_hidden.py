"""``rules.engine.redeal``: hidden cards dealt again, each zone keeping its count, the result
depending on what the seat knows only (the cards' contents and places), never on how the real
state holds them."""

from __future__ import annotations

from collections import Counter

from rules.engine import Rng, redeal, reseeded


class Card:
    __slots__ = ("bonus", "name", "owner", "uid", "zone")

    def __init__(self, uid: int, name: str, zone: str, bonus: int = 0) -> None:
        self.uid = uid
        self.name = name
        self.owner = 1
        self.zone = zone
        self.bonus = bonus

    def __repr__(self) -> str:
        return f"Card({self.uid}, {self.name!r}, {self.zone!r}, {self.bonus})"


def _zones(hand: list[tuple[int, str]], deck: list[tuple[int, str]]) -> list[list[Card]]:
    return [
        [Card(uid, name, "hand") for uid, name in hand],
        [Card(uid, name, "deck") for uid, name in deck],
    ]


def _seen(zones: list[list[Card]]) -> list[list[tuple[int, str, str, int]]]:
    return [[(c.uid, c.name, c.zone, c.bonus) for c in zone] for zone in zones]


def test_each_zone_keeps_its_count_and_its_places_and_the_cards_are_the_same_cards() -> None:
    zones = _zones([(4, "owl"), (9, "moth")], [(5, "ogre"), (6, "owl"), (7, "sage")])
    zones[1][2].bonus = 2
    table = {card.uid: card for zone in zones for card in zone}
    before = Counter((c.name, c.bonus) for zone in zones for c in zone)
    places = redeal(zones, Rng(3), stay=("owner", "zone"), cards=table)
    assert [len(zone) for zone in zones] == [2, 3]
    assert [c.zone for c in zones[0]] == ["hand", "hand"]
    assert [c.zone for c in zones[1]] == ["deck", "deck", "deck"]
    assert Counter((c.name, c.bonus) for c in places) == before  # the bonus went with its card
    assert sorted(table) == [4, 5, 6, 7, 9]
    assert all(table[c.uid] is c for c in places)
    assert [c.uid for c in places] == [4, 5, 6, 7, 9]  # uids by place: they tell nothing


def test_two_arrangements_the_seat_cannot_tell_apart_are_dealt_the_same() -> None:
    # The same cards, other ones in hand and with other uids: the seat sees two cards in hand.
    one = _zones([(4, "owl"), (9, "moth")], [(5, "ogre"), (6, "owl"), (7, "sage")])
    two = _zones([(7, "ogre"), (5, "owl")], [(9, "sage"), (4, "moth"), (6, "owl")])
    redeal(one, Rng(8), stay=("owner", "zone"))
    redeal(two, Rng(8), stay=("owner", "zone"))
    assert _seen(one) == _seen(two)


def test_another_generator_deals_otherwise() -> None:
    dealt = set()
    for seed in range(12):
        zones = _zones([(1, "a"), (2, "b")], [(3, "c"), (4, "d"), (5, "e")])
        redeal(zones, Rng(seed), stay=("owner", "zone"))
        dealt.add(tuple(c.name for c in zones[0]))
    assert len(dealt) > 3


def test_nothing_hidden_deals_nothing() -> None:
    assert redeal([[], []], Rng(1), stay=("zone",)) == []


def test_a_reseeded_generator_owes_nothing_to_the_real_one() -> None:
    real = Rng(42)
    one, two = reseeded(Rng(7)), reseeded(Rng(7))
    assert one.state == two.state != real.state
    assert reseeded(Rng(8)).state != one.state
