"""The shipped card pool loads and validates; a bad file fails naming file, card and field; every
card has its test; the rules text is generated from the data."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.fanfare import DataError, load_pool
from rules.fanfare.cards import EFFECTS, KEYWORDS, TIMINGS
from rules.fanfare.triggers import TICK

from .helpers import ruleset

HERE = Path(__file__).resolve().parent
POOL = ruleset().pool


def test_the_shipped_pool_loads_with_60_cards_and_four_starter_decks() -> None:
    assert len(POOL.playable) >= 60
    assert len(POOL.decks) == 4
    kinds = {c.kind for c in POOL.playable}
    assert kinds == {"follower", "amulet", "spell"}
    amulets = [c for c in POOL.playable if c.amulet]
    assert any(a.countdown for a in amulets) and any(a.countdown is None for a in amulets)


def test_every_keyword_and_every_timing_is_in_the_pool() -> None:
    """FANFARE terms and FANFARE-Q4: each keyword and each timing appears on some card."""
    keywords = {k for c in POOL.cards.values() for k in c.keywords}
    assert keywords == set(KEYWORDS)
    whens = {a.when for c in POOL.cards.values() for a in c.abilities}
    granted = {
        p.grants.when for c in POOL.cards.values() for a in c.abilities for p in a.parts if p.grants
    }
    assert set(TIMINGS) - whens - granted == set()
    assert any(c.countdown for c in POOL.cards.values())  # countdown
    zones = {a.zone for c in POOL.cards.values() for a in c.abilities}
    assert zones == {"board", "hand", "deck"}
    assert {c.drawn_result for c in POOL.cards.values()} == {None, "win", "lose"}


def test_every_effect_is_used_by_some_card() -> None:
    used = {
        p.effect
        for c in POOL.cards.values()
        for a in c.abilities
        for part in a.parts
        for p in ((part, part.grants.parts[0]) if part.grants else (part,))
    }
    assert set(EFFECTS) - used == set()


def test_every_starter_deck_plays_every_card_at_least_once_somewhere() -> None:
    in_decks = {c for d in POOL.decks.values() for c in d.cards}
    assert {c.id for c in POOL.playable} - in_decks == set()


def test_cards_are_all_tested() -> None:
    """One test per card: a test marked with ``covers`` and the card's id, under this folder."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py"))
    covered = set()
    for args in re.findall(r"@covers\(([^)]*)\)", source):
        covered.update(re.findall(r'"([a-z0-9-]+)"', args))
    untested = sorted(set(POOL.cards) - covered)
    assert untested == [], f"cards without a test: {', '.join(untested)}"
    assert covered - set(POOL.cards) == set()


def test_texts_are_generated_from_the_data() -> None:
    texts = {c.id: c.text for c in POOL.cards.values()}
    assert texts["flame-knight"] == "Evolve: deal 3 damage to an enemy follower."
    assert texts["sapling-shrine"] == "Countdown 2. Last words: summon a Treant."
    assert texts["porcupine-guard"] == "Ward. Clash: deal 1 damage to the follower this fights."
    assert texts["war-council"] == (
        "When you play a follower, restore 1 defence to your leader (3 instead if you have 4 or "
        "more followers)."
    )
    assert texts["soul-binding"] == 'Give an allied follower "Last words: draw a card."'
    assert texts["barrow-sleeper"].startswith(
        "At the start of your turn, while this is in your deck"
    )
    assert all(t == "" or t.endswith((".", '"')) for t in texts.values())
    assert TICK.text


def test_version_carries_the_pool_digest() -> None:
    rules = ruleset()
    assert rules.version.endswith(POOL.digest[:12]) and rules.name == "fanfare"


# -- validation ------------------------------------------------------------------------------

_VANILLA = "\n".join(
    f'[[card]]\nid = "v{i}"\nname = "Vanilla {i}"\nkind = "follower"\ncost = 1\nattack = 1\n'
    f"defence = 1\n"
    for i in range(14)
)
_IDS = [f"v{i}" for i in range(14) for _ in range(3)][:40]  # ends with a single v13
_DECK = ", ".join(f'"{c}"' for c in _IDS)
_DECKS = f'[[deck]]\nid = "d"\nname = "D"\ncards = [{_DECK}]\n'


def _pool(tmp_path: Path, card: str = "", decks: str = _DECKS) -> Path:
    (tmp_path / "cards.toml").write_text(_VANILLA + "\n" + card, encoding="utf-8")
    (tmp_path / "decks.toml").write_text(decks, encoding="utf-8")
    return tmp_path


def test_a_minimal_pool_loads(tmp_path: Path) -> None:
    pool = load_pool(_pool(tmp_path))
    assert len(pool.decks["d"].cards) == 40


_BAD = [
    (
        'id = "x"\nname = "X"\nkind = "spell"\ncost = 1\n[[card.ability]]\nwhen = "cast"\n'
        'effect = "zap"\n',
        r"cards.toml: card 'x': ability 1: effect: 'zap' is not one of",
    ),
    (
        'id = "x"\nname = "X"\nkind = "follower"\ncost = 1\ndefence = 1\n',
        r"card 'x': attack: missing",
    ),
    (
        'id = "x"\nname = "X"\nkind = "follower"\ncost = 1\nattack = 1\ndefence = 1\n'
        '[[card.ability]]\nwhen = "fanfare"\neffect = "damage"\ntarget = "it"\n',
        r"card 'x': ability 1: target: 'it' only works when an event names a card",
    ),
    (
        'id = "x"\nname = "X"\nkind = "follower"\ncost = 1\nattack = 1\ndefence = 1\n'
        '[[card.ability]]\nwhen = "last_words"\neffect = "summon"\ncard = "nope"\n',
        r"card 'x': ability 1: card: no card 'nope'",
    ),
    ('id = "x"\nname = "X"\nkind = "spell"\ncost = 1\n', r"card 'x': ability: a spell has"),
    (
        'id = "x"\nname = "X"\nkind = "follower"\ncost = 1\nattack = 1\ndefence = 1\n'
        "countdown = 2\n",
        r"card 'x': countdown: only an amulet counts down",
    ),
    (
        'id = "x"\nname = "X"\nkind = "amulet"\ncost = 1\n[[card.ability]]\nwhen = "turn_end"\n'
        'condition = "mood >= 3"\neffect = "draw"\n',
        r"card 'x': ability 1: condition: 'mood' is not one of",
    ),
    (
        'id = "x"\nname = "X"\nkind = "spell"\ncost = 1\n[[card.ability]]\nwhen = "cast"\n'
        'effect = "grant"\ntarget = "ally_follower"\n[card.ability.grants]\nwhen = "fanfare"\n'
        'effect = "draw"\n',
        r"card 'x': ability 1: grants: when: 'fanfare' cannot be granted",
    ),
    (
        'id = "v1"\nname = "Again"\nkind = "amulet"\ncost = 1\n',
        r"card 'v1': id: 'v1' is used twice",
    ),
    (
        'id = "x"\nname = "X"\nkind = "follower"\ncost = 11\nattack = 1\ndefence = 1\n',
        r"card 'x': cost: 11 is outside 0..10",
    ),
    (
        'id = "x"\nname = "X"\nkind = "follower"\ncost = 1\nattack = 1\ndefence = 1\n'
        'keywords = ["flying"]\n',
        r"card 'x': keywords: 'flying' is not one of",
    ),
    (
        'id = "x"\nname = "X"\nkind = "follower"\ncost = 1\nattack = 1\ndefence = 1\n'
        '[[card.ability]]\nwhen = "turn_start"\nzone = "hand"\neffect = "draw"\n',
        r"card 'x': ability 1: zone: from the hand only",
    ),
    (
        'id = "x"\nname = "X"\nkind = "follower"\ncost = 1\nattack = 1\ndefence = 1\n'
        '[[card.ability]]\nwhen = "turn_end"\neffect = "buff"\ntarget = "self"\ndefence = -1\n',
        r"card 'x': ability 1: defence: a buff does not lower defence",
    ),
    (
        'id = "x"\nname = "X"\nkind = "spell"\ncost = 1\n[[card.ability]]\nwhen = "cast"\n'
        'effect = "draw"\n[[card.ability]]\nwhen = "turn_start"\neffect = "draw"\n',
        r"card 'x': ability 2: zone: a spell is never on the board",
    ),
    (
        'id = "x"\nname = "X"\nkind = "amulet"\ncost = 1\n[[card.ability]]\nwhen = "aura"\n'
        'effect = "damage"\ntarget = "enemy_leader"\n',
        r"card 'x': ability 1: effect: 'damage' cannot be an aura",
    ),
]


@pytest.mark.parametrize(("card", "message"), _BAD)
def test_a_bad_card_names_file_card_and_field(tmp_path: Path, card: str, message: str) -> None:
    with pytest.raises(DataError, match=message):
        load_pool(_pool(tmp_path, "[[card]]\n" + card))


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        ('cards = ["v0"]', r"decks.toml: deck 'd': cards: a deck holds 40 cards"),
        (f"cards = [{_DECK.replace('v13', 'v0')}]", r"deck 'd': cards: .* copies of 'v0'"),
        (f"cards = [{_DECK.replace('v13', 'zz')}]", r"deck 'd': cards: no deck card 'zz'"),
    ],
)
def test_a_bad_deck_names_file_deck_and_field(tmp_path: Path, deck: str, message: str) -> None:
    """FANFARE-1.1: 40 cards, at most 3 copies."""
    decks = f'[[deck]]\nid = "d"\nname = "D"\n{deck}\n'
    with pytest.raises(DataError, match=message):
        load_pool(_pool(tmp_path, decks=decks))


def test_missing_and_broken_files(tmp_path: Path) -> None:
    with pytest.raises(DataError, match=r"cards\.toml: file not found"):
        load_pool(tmp_path)
    (tmp_path / "cards.toml").write_text("[[card]\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"cards\.toml: not valid TOML"):
        load_pool(tmp_path)
