"""The lanes card pool files: every shipped file loads, and a bad file fails naming the file, the
entry and the field (LANES-1.5 for decks)."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from rules.lanes import DataError, load_pool, ruleset
from rules.lanes.cards import WHENS
from rules.lanes.loading import default_data_dir
from rules.lanes.text import ENGLISH, card_text, location_text

FILES = ("cards.toml", "locations.toml", "decks.toml")


def test_every_shipped_data_file_loads_and_validates() -> None:
    pool = load_pool(default_data_dir())
    assert len(pool.playable) >= 40
    assert len(pool.locations) >= 12
    assert len(pool.decks) == 4
    rules = ruleset()
    for deck in pool.decks.values():
        assert len(deck.cards) == 12
        rules.normalize_setup({"decks": [deck.id, deck.id]})  # LANES-1.5
    for card in pool.cards.values():
        assert card.text == card_text(card, pool.cards)
    for location in pool.locations.values():
        assert location.text == location_text(location, pool.cards)


def test_the_pool_covers_every_kind_of_ability_the_spec_names() -> None:
    pool = load_pool()
    whens = {a.when for c in pool.cards.values() for a in c.abilities}
    whens |= {a.when for loc in pool.locations.values() for a in loc.abilities}
    assert whens == set(WHENS)
    zones = {(a.when, a.zone) for c in pool.cards.values() for a in c.abilities}
    for when in ("turn_start", "end_of_turn"):
        assert {(when, "hand"), (when, "deck")} <= zones
    effects = {a.effect for c in pool.cards.values() for a in c.abilities}
    effects |= {a.effect for loc in pool.locations.values() for a in loc.abilities}
    assert effects >= {"carry_unspent", "reveal_last", "destroy_location", "disable_location"}
    keywords = {k for c in pool.cards.values() for k in c.keywords}
    assert keywords == {"can_move", "face_down", "decoy"}
    lengths = {loc.last_turn for loc in pool.locations.values()}
    assert {4, 7} <= lengths


def _data(tmp_path: Path) -> Path:
    for name in FILES:
        shutil.copy(default_data_dir() / name, tmp_path / name)
    return tmp_path


def _append(tmp_path: Path, name: str, text: str) -> Path:
    root = _data(tmp_path)
    with (root / name).open("a", encoding="utf-8") as f:
        f.write("\n" + text)
    return root


_CARD = '[[card]]\nid = "bad"\nname = "Bad"\ncost = 1\npower = 1\n'
_LOCATION = '[[location]]\nid = "bad-place"\nname = "Bad Place"\n'


def _ability(**fields: str | int) -> str:
    return "".join(f"{k} = {json.dumps(v)}\n" for k, v in fields.items())


def _card_with(**fields: str | int) -> str:
    """The card 'bad', with one ability of these fields."""
    return _CARD + "[[card.ability]]\n" + _ability(**fields)


BAD_CARDS = [
    ("unknown field", _CARD + 'colour = "red"\n', "colour: unknown field"),
    ("wrong type", _CARD.replace("cost = 1", 'cost = "1"'), "cost: expected int"),
    ("missing field", _CARD.replace("power = 1\n", ""), "power: missing"),
    ("cost range", _CARD.replace("cost = 1", "cost = 11"), "cost: 11 is outside"),
    ("unknown keyword", _CARD + 'keywords = ["fly"]\n', "keywords: 'fly' is not one of"),
    ("decoy alone", _CARD + 'keywords = ["decoy"]\n', "keywords: 'decoy' needs 'face_down'"),
    (
        "effect and timing",
        _card_with(when="ongoing", effect="draw"),
        "ability 1: when: 'draw' cannot happen at 'ongoing'",
    ),
    (
        "unknown effect",
        _card_with(when="on_reveal", effect="explode"),
        "ability 1: effect: 'explode' is not one of",
    ),
    (
        "missing token",
        _card_with(when="on_reveal", effect="add", card="sprak"),
        "ability 1: card: no card 'sprak'",
    ),
    (
        "add without a card",
        _card_with(when="on_reveal", effect="add"),
        "ability 1: card: 'add' needs the id",
    ),
    (
        "card on another effect",
        _card_with(when="on_reveal", effect="draw", card="spark"),
        "ability 1: card: only an 'add' effect makes cards",
    ),
    (
        "zone out of place",
        _card_with(when="on_reveal", effect="draw", zone="hand"),
        "ability 1: zone: only a card's turn_start and end_of_turn work from 'hand'",
    ),
    (
        "random ongoing target",
        _card_with(when="ongoing", effect="power", target="enemy_random_here"),
        "ability 1: target: 'enemy_random_here' is not one of",
    ),
    (
        "power-dependent ongoing condition",
        _card_with(when="ongoing", effect="power", amount=2, condition="winning_here"),
        "ability 1: condition: 'winning_here' is not one of",
    ),
    (
        "destroy in hand",
        _card_with(when="on_reveal", effect="destroy", target="own_hand"),
        "ability 1: target: 'own_hand' is not one of",
    ),
    (
        "other locations from the hand",
        _card_with(
            when="turn_start",
            effect="add",
            zone="hand",
            card="rubble",
            into="enemy_other_locations",
        ),
        "ability 1: into: only a card on the board has other locations",
    ),
    ("id twice", _CARD.replace('"bad"', '"moth-page"'), "id: 'moth-page' is used twice"),
]


@pytest.mark.parametrize(
    ("text", "expected"), [b[1:] for b in BAD_CARDS], ids=[b[0] for b in BAD_CARDS]
)
def test_a_bad_card_names_the_file_the_card_and_the_field(
    tmp_path: Path, text: str, expected: str
) -> None:
    root = _append(tmp_path, "cards.toml", text)
    with pytest.raises(DataError) as failure:
        load_pool(root)
    message = str(failure.value)
    card = "'moth-page'" if "twice" in expected else "'bad'"
    assert message.startswith(f"cards.toml: card {card}: "), message
    assert expected in message


BAD_LOCATIONS = [
    (
        "owner target",
        "[[location.ability]]\n" + _ability(when="on_reveal", effect="draw", target="owner"),
        "ability 1: target: a location's 'draw' reaches 'each_player', not 'owner'",
    ),
    (
        "effect a location cannot have",
        "[[location.ability]]\n" + _ability(when="turn_start", effect="cost", amount=-1),
        "ability 1: effect: a location cannot have 'cost'",
    ),
    (
        "activate",
        "[[location.ability]]\n" + _ability(when="activate", effect="draw"),
        "ability 1: when: a location has no 'activate' ability",
    ),
    (
        "bad game length",
        "[[location.ability]]\n" + _ability(when="ongoing", effect="last_turn", amount=5),
        "ability 1: amount: a game lasts 4 or 7 turns, not 5",
    ),
    (
        "zone",
        "[[location.ability]]\n" + _ability(when="turn_start", effect="draw", zone="deck"),
        "ability 1: zone:",
    ),
    ("unknown field", "size = 3\n", "size: unknown field"),
]


@pytest.mark.parametrize(
    ("text", "expected"), [b[1:] for b in BAD_LOCATIONS], ids=[b[0] for b in BAD_LOCATIONS]
)
def test_a_bad_location_names_the_file_the_location_and_the_field(
    tmp_path: Path, text: str, expected: str
) -> None:
    root = _append(tmp_path, "locations.toml", _LOCATION + text)
    with pytest.raises(DataError) as failure:
        load_pool(root)
    message = str(failure.value)
    assert message.startswith("locations.toml: location 'bad-place': "), message
    assert expected in message


_DECK = '[[deck]]\nid = "bad-deck"\nname = "Bad Deck"\ncards = [{}]\n'
_TWELVE = [
    "moth-page", "brass-beetle", "tin-soldier", "stone-warden", "river-ogre", "iron-colossus",
    "lamplighter", "quill-scout", "thorn-archer", "bellringer", "tide-caller", "headhunter",
]  # fmt: skip


def _deck(cards: list[str]) -> str:
    return _DECK.format(", ".join(f'"{c}"' for c in cards))


BAD_DECKS = [
    ("11 cards", _deck(_TWELVE[:11]), "cards: a deck holds 12 cards (LANES-1.5), this one 11"),
    ("13 cards", _deck([*_TWELVE, "sapper"]), "this one 13"),
    ("a name twice", _deck([*_TWELVE[:11], "moth-page"]), "cards: 'Moth Page' twice (LANES-1.5)"),
    ("unknown card", _deck([*_TWELVE[:11], "nobody"]), "cards: no deck card 'nobody'"),
    ("a token", _deck([*_TWELVE[:11], "spark"]), "cards: 'spark' is a token"),
]


@pytest.mark.parametrize(
    ("text", "expected"), [b[1:] for b in BAD_DECKS], ids=[b[0] for b in BAD_DECKS]
)
def test_a_bad_deck_names_the_file_the_deck_and_the_field(
    tmp_path: Path, text: str, expected: str
) -> None:
    root = _append(tmp_path, "decks.toml", text)
    with pytest.raises(DataError) as failure:
        load_pool(root)
    message = str(failure.value)
    assert message.startswith("decks.toml: deck 'bad-deck': "), message
    assert expected in message


def test_the_same_name_under_two_ids_is_caught_in_a_deck(tmp_path: Path) -> None:
    twin = _CARD.replace('name = "Bad"', 'name = "Moth Page"')
    root = _append(tmp_path, "cards.toml", twin)
    (root / "decks.toml").write_text(_deck([*_TWELVE[:11], "bad"]), encoding="utf-8")
    with pytest.raises(DataError, match=r"decks.toml: deck 'bad-deck': cards: 'Moth Page' twice"):
        load_pool(root)


def test_a_decoy_card_needs_the_decoy_token(tmp_path: Path) -> None:
    root = _data(tmp_path)
    cards = (root / "cards.toml").read_text(encoding="utf-8")
    cards = cards.replace('id = "decoy"\nname = "Decoy"', 'id = "lure"\nname = "Lure"')
    (root / "cards.toml").write_text(cards, encoding="utf-8")
    with pytest.raises(DataError, match=r"card 'shell-twin': keywords: 'decoy' needs a token"):
        load_pool(root)


def test_a_missing_or_broken_file_is_named(tmp_path: Path) -> None:
    root = _data(tmp_path)
    (root / "locations.toml").unlink()
    with pytest.raises(DataError, match=r"locations.toml: file not found"):
        load_pool(root)
    (root / "locations.toml").write_text("[[location]\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"locations.toml: not valid TOML"):
        load_pool(root)
    (root / "locations.toml").write_text("# nothing\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"locations.toml: expected one or more \[\[location\]\]"):
        load_pool(root)


def test_another_wording_is_another_table_of_templates() -> None:
    """Another language changes templates only: the code that picks them stays."""
    pool = load_pool()
    card = pool.cards["lamplighter"]
    assert card.text == "On reveal: give your other cards here +1 power."
    templates = {**ENGLISH.templates, "ability": "{effect} ({timing})."}
    other = replace(ENGLISH, templates=templates)
    assert card_text(card, pool.cards, wording=other) == (
        "give your other cards here +1 power (On reveal)."
    )
