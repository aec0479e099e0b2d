"""The pool as data (ESPER-14): every shipped file loads and holds the spec's decks; a bad file
fails with a message naming the file, the entry and the field; texts come from the data."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from rules.esper import DataError, load_pool
from rules.esper.cards import BASE_COUNTS, GEAR_COUNTS, PLANET_COUNTS, TERMS
from rules.esper.loading import default_data_dir
from rules.esper.text import ENGLISH, card_text


def test_esper_14_the_shipped_pool_loads() -> None:
    pool = load_pool()
    assert len(pool.of("character")) == 14
    assert len(pool.personas) == 10 and len(pool.planets) == 6
    assert pool.digest and all(c.text for c in pool.cards.values())


def test_esper_14_1_seven_stat_lines_each_held_by_a_good_and_an_evil_character() -> None:
    pool = load_pool()
    lines = Counter(
        (c.line, c.level, c.power, c.durability, c.mental) for c in pool.of("character")
    )
    assert len(lines) == 7 and set(lines.values()) == {2}
    sides = {(c.line, c.kind) for c in pool.of("character")}
    assert len(sides) == 14
    for c in pool.of("character"):
        assert 3 <= c.level <= 6 and 24 <= c.power <= 32
        assert 4 <= c.durability <= 7 and 4 <= c.mental <= 8


def test_esper_14_2_five_good_faces_then_five_evil_faces() -> None:
    faces = [(p.name, p.face) for p in load_pool().personas]
    assert faces[:5] == [(n, "good") for n in ("Courier", "Medic", "Pilot", "Scholar", "Ranger")]
    assert faces[5:] == [(n, "evil") for n in ("Agent", "Broker", "Enforcer", "Warden", "Hunter")]


def test_esper_14_4_the_planet_deck_36_cards_24_at_3_to_4_seats() -> None:
    pool = load_pool()
    planet = Counter({c.kind: c.count for c in pool.of("planet")})
    small = Counter({c.kind: c.small for c in pool.of("planet")})
    planet["gear"] = sum(c.count for c in pool.of("gear"))
    small["gear"] = sum(c.small for c in pool.of("gear"))
    assert {k: (planet[k], small[k]) for k in PLANET_COUNTS} == dict(PLANET_COUNTS)
    assert sum(planet.values()) == 36 and sum(small.values()) == 24


def test_esper_14_5_ten_gear_cards_six_at_3_to_4_seats_without_the_aide() -> None:
    pool = load_pool()
    gear = {c.kind: (c.count, c.small) for c in pool.of("gear")}
    assert gear == dict(GEAR_COUNTS)
    assert sum(c for c, _ in gear.values()) == 10 and sum(s for _, s in gear.values()) == 6


def test_esper_14_7_the_base_deck_36_cards_25_at_3_to_4_seats() -> None:
    pool = load_pool()
    base: Counter[str] = Counter()
    small: Counter[str] = Counter()
    for c in pool.of("base"):
        base[c.kind] += c.count
        small[c.kind] += c.small
    assert {k: (base[k], small[k]) for k in BASE_COUNTS} == dict(BASE_COUNTS)
    assert sum(base.values()) == 36 and sum(small.values()) == 25
    keys = [c.name for c in pool.of("base") if c.kind == "key_base"]
    assert keys == ["Signal Tower", "Foundry", "Data Vault", "Power Plant"]


def test_texts_are_written_from_the_data() -> None:
    pool = load_pool()
    assert pool.cards["crush"].text == "Attack, level 3: 2 damage."
    assert pool.cards["guardhouse"].text == "An NPC fight with 2 guards."
    assert pool.cards["mira-solen"].text == (
        "Good. ESP level 6, ESP power 24, durability 4, mental 4."
    )
    # A second language is a second table: the code picks the templates.
    assert "combat.attack" in ENGLISH.templates and card_text(pool.cards["crush"])
    assert all(c.keywords <= set(TERMS) for c in pool.cards.values())


def _copy(tmp_path: Path) -> Path:
    shutil.copytree(default_data_dir(), tmp_path / "esper")
    return tmp_path / "esper"


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        (
            "planet.toml",
            'id = "snare"\nname = "Snare"\nkind = "snare"\ncount = 4',
            'id = "snare"\nname = "Snare"\nkind = "snare"\ncount = 3',
            "planet.toml: card 'snare': count: 3 snare cards, ESPER-14.4 has 4",
        ),
        (
            "base.toml",
            'kind = "lounge"',
            'kind = "sauna"',
            "base.toml: card 'lounge': kind: 'sauna' is not one of",
        ),
        (
            "combat.toml",
            'id = "crush"\nname = "Crush"\nkind = "attack"\nlevel = 3\ndamage = 2',
            'id = "crush"\nname = "Crush"\nkind = "attack"\nlevel = 3\ndamage = 3',
            "combat.toml: card 'crush': damage: 3, ESPER-14.6 has 2 at this kind and level",
        ),
        (
            "roster.toml",
            'id = "zara-quill"\nname = "Zara Quill"\nalignment = "evil"\nline = 7',
            'id = "zara-quill"\nname = "Zara Quill"\nalignment = "evil"\nline = 6',
            "roster.toml: character 'oren-pike': line: line 6 is held twice by evil",
        ),
        (
            "roster.toml",
            "level = 6\npower = 24",
            "level = 9\npower = 24",
            "roster.toml: line 1: level: 9 is outside 3..6",
        ),
        (
            "gear.toml",
            'id = "focus"\nname = "Focus"',
            'id = "focus"\nname = "Focus"\ncolour = "red"',
            "gear.toml: gear 'focus': colour: unknown field",
        ),
        (
            "personas.toml",
            'face = "evil"',
            'face = "good"',
            "personas.toml: persona: ESPER-14.2 lists 10, five good faces then five evil",
        ),
        (
            "planets.toml",
            'name = "Aster"',
            'name = "Asteroidbelt"',
            "planets.toml: planet 'aster': name: at most 8 characters",
        ),
    ],
)
def test_a_bad_file_names_its_file_entry_and_field(
    tmp_path: Path, file: str, old: str, new: str, message: str
) -> None:
    root = _copy(tmp_path)
    _edit(root / file, old, new)
    with pytest.raises(DataError) as caught:
        load_pool(root)
    assert message in str(caught.value)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    (root / "combat.toml").unlink()
    with pytest.raises(DataError, match=r"combat\.toml: file not found"):
        load_pool(root)
