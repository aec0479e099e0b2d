"""The shipped card pool (BREAKFALL-7, 10): it loads and validates, a bad file fails naming file,
card and field, the rules text is generated from the data, and every card has its test."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from rules.breakfall import DataError, load_pool
from rules.breakfall.cards import (
    BOOSTS,
    BREAKFALL_COSTS,
    COSTS,
    EFFECTS,
    STATIC_SCOPES,
    STATICS,
    TARGETS,
    TRIGGERS,
    Ability,
    Effect,
)
from rules.breakfall.loading import default_data_dir
from rules.breakfall.text import effects_text

HERE = Path(__file__).resolve().parent
POOL = load_pool()
CARDS = list(POOL.cards.values())


def _abilities(card):  # type: ignore[no-untyped-def]
    return [*card.abilities, *([card.breakfall] if card.breakfall else [])]


def _effects(card):  # type: ignore[no-untyped-def]
    return [e for a in _abilities(card) for e in a.effects] + list(card.effects)


def test_breakfall_7_1_card_fields() -> None:
    for card in CARDS:
        assert card.kind in ("character", "technique") and 0 <= card.cost <= 6
        if card.character:
            assert card.speed is None and not card.effects and card.durability >= 1
        else:
            assert card.speed in ("main", "any") and card.effects and not card.abilities
    assert len({c.name for c in CARDS}) == len(CARDS)


def test_breakfall_7_2_ability_kinds_all_used() -> None:
    kinds = {a.kind for c in CARDS for a in _abilities(c)}
    assert kinds == {"activated", "triggered", "static", "breakfall"}
    assert any(a.main_only for c in CARDS for a in c.abilities)
    assert any(a.may for c in CARDS for a in c.abilities)
    assert any(c.breakfall and c.breakfall.cost for c in CARDS)
    assert any(c.breakfall and not c.breakfall.cost for c in CARDS)


def test_breakfall_7_3_costs_all_used() -> None:
    activated = {c.kind for card in CARDS for a in card.abilities for c in a.cost}
    breakfall = {c.kind for card in CARDS if card.breakfall for c in card.breakfall.cost}
    assert activated == set(COSTS) and breakfall == set(BREAKFALL_COSTS)


def test_breakfall_7_4_triggers_all_used() -> None:
    assert {a.when for c in CARDS for a in c.abilities if a.when} == set(TRIGGERS)


def test_breakfall_7_5_statics_all_used() -> None:
    statics = [a for c in CARDS for a in c.abilities if a.kind == "static"]
    assert {a.static for a in statics} == set(STATICS)
    assert {a.scope for a in statics if a.static != "no_breakfall"} == set(STATIC_SCOPES)


def test_breakfall_7_6_effects_all_used() -> None:
    effects = [e for c in CARDS for e in _effects(c)]
    assert {e.effect for e in effects} == set(EFFECTS)
    assert {e.stat for e in effects if e.effect == "boost"} == set(BOOSTS)
    assert any(e.amount < 0 for e in effects if e.effect == "boost")


def test_breakfall_7_6a_discard_costs_only_other_cards_and_effects_take_what_there_is() -> None:
    from .helpers import prepare

    game = prepare(hands=False)
    keeper = game.put(0, "sluice-keeper")  # bow this, discard a card: return an enemy character
    game.put(1, "test-dummy")
    assert game.specs(0, "activate") == []  # no other card in hand to pay with
    game.give(0, "test-dummy")
    assert len(game.specs(0, "activate")) == 1
    assert keeper.zone == "field"
    ruin = prepare()
    ruin.resources(0, 2)
    ruin.play(ruin.give(0, "shared-ruin"))  # each player discards a card, then you draw one
    ruin.pass_both()
    # Each holds one card: discards it with no choice; then the TP draws.
    assert len(ruin.player(0).graveyard) == 2 and len(ruin.player(1).graveyard) == 1


def test_breakfall_7_7_targets_all_used() -> None:
    assert {e.target for c in CARDS for e in _effects(c)} == set(TARGETS)


def test_breakfall_10_1_the_pool_counts() -> None:
    characters = [c for c in CARDS if c.character]
    techniques = [c for c in CARDS if c.technique]
    assert len(CARDS) >= 50 and len(characters) >= 30 and len(techniques) >= 14
    for c in characters:
        assert 1 <= c.cost <= 6 and 0 <= c.force <= 6 and 1 <= c.durability <= 6
        assert 0 <= c.sabotage <= 3
    assert Counter(c.sabotage for c in characters).most_common(1)[0][0] == 1
    assert sum(c.sabotage > 1 for c in characters) <= 6
    assert sum(c.speed == "any" for c in techniques) >= 6
    assert any(e.effect == "negate" for c in techniques for e in c.effects)
    breakfalls = [c for c in CARDS if c.breakfall]
    assert len(breakfalls) >= 16 and {c.kind for c in breakfalls} == {"character", "technique"}
    assert any(a.static == "no_breakfall" for c in CARDS for a in c.abilities)


def test_breakfall_10_2_every_entry_of_the_vocabulary_is_on_a_playable_card() -> None:
    """BREAKFALL-10.2: the tests of 7.2 to 7.7 above run over the playable pool only."""
    assert not POOL.test and not any(c.id.startswith("test") for c in CARDS)


def test_breakfall_10_3_starter_decks() -> None:
    assert len(POOL.decks) >= 2
    for deck in POOL.decks.values():
        assert len(deck.cards) == 50
        assert max(Counter(POOL.cards[c].name for c in deck.cards).values()) <= 4
        assert 12 <= sum(POOL.cards[c].breakfall is not None for c in deck.cards) <= 16


def test_texts_are_generated_from_the_data() -> None:
    texts = {c.id: c.text for c in CARDS}
    assert texts["gutter-fox"] == "Breakfall — discard a card: put this card into your hand."
    assert texts["chimney-sweep"] == "Bow this: bow an enemy character. Main phase only."
    assert texts["eave-watcher"] == "When this blocks, deal 1 damage to the character it blocks."
    assert texts["cut-the-rope"] == "Any speed. Negate an entry (not a damage check)."
    assert texts["bell-thief"] == "When this greets, you may have your opponent discard a card."
    assert texts["stone-listener"] == "Your opponent's breakfalls cannot be entered."
    assert texts["feint"] == "Any speed. Give a character −2 force until end of turn."
    assert texts["shared-ruin"] == "Each player discards a card, then you draw a card."
    assert all(t == "" or t.endswith(".") for t in texts.values())


@pytest.mark.parametrize(
    ("effects", "may", "text"),
    [
        (
            [("discard", "each_player"), ("draw", "you")],
            False,
            "each player discards a card, then you draw a card",
        ),
        (
            [("draw", "opponent"), ("discard", "you")],
            False,
            "your opponent draws a card, then you discard a card",
        ),
        (
            [("draw", "you"), ("draw", "opponent")],
            False,
            "draw a card, then your opponent draws a card",
        ),
        (
            [("discard", "opponent"), ("draw", "you")],
            True,
            "have your opponent discard a card, then draw a card",
        ),
    ],
)
def test_then_names_you_when_the_one_who_acts_changes(
    effects: list[tuple[str, str]], may: bool, text: str
) -> None:
    ability = Ability("x#1", "triggered", tuple(Effect(e, t) for e, t in effects))
    assert effects_text(ability, may=may) == text


def test_version_carries_the_pool_digest() -> None:
    from rules.registry import get_ruleset

    rules = get_ruleset("breakfall")
    assert rules.version.endswith(POOL.digest[:12]) and rules.name == "breakfall"


def test_cards_are_all_tested() -> None:
    """One test per card: a test marked with ``covers`` and the card's id, under this folder."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py"))
    covered = set()
    for args in re.findall(r"@covers\(([^)]*)\)", source):
        covered.update(re.findall(r'"([a-z0-9-]+)"', args))
    untested = sorted(set(POOL.cards) - covered)
    assert untested == [], f"cards without a test: {', '.join(untested)}"
    assert covered - set(POOL.cards) == set()


# -- validation: every error names file, card and field -------------------------------------------

_GOOD = """
[[card]]
id = "plain"
name = "Plain"
kind = "character"
cost = 1
force = 1
sabotage = 1
durability = 1
"""


def _deck(ids: list[str]) -> str:
    cards = ", ".join(f'"{c}"' for c in ids)
    return f'[[deck]]\nid = "d"\nname = "D"\ncards = [{cards}]\n'


def _pool(tmp_path: Path, card: str, decks: str | None = None) -> Path:
    (tmp_path / "cards.toml").write_text(
        (default_data_dir() / "cards.toml").read_text(encoding="utf-8") + _GOOD + card,
        encoding="utf-8",
    )
    (tmp_path / "decks.toml").write_text(
        decks or (default_data_dir() / "decks.toml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    return tmp_path


_HEAD = '[[card]]\nid = "x"\nname = "X"\n'
_CHAR = _HEAD + 'kind = "character"\ncost = 1\nforce = 1\nsabotage = 1\ndurability = 1\n'
_BAD = [
    (_HEAD + 'kind = "spell"\ncost = 1\n', "cards.toml: card 'x': kind: 'spell' is not one of"),
    (_CHAR.replace("cost = 1", "cost = 7"), "card 'x': cost: 7 is outside 0..6"),
    (_CHAR.replace("sabotage = 1", "sabotage = 4"), "card 'x': sabotage: 4 is outside 0..3"),
    (_CHAR + 'speed = "any"\n', "card 'x': speed: a character has none"),
    (
        _CHAR
        + '[[card.ability]]\nkind = "triggered"\nwhen = "attacks"\n'
        + 'effects = [{ effect = "draw" }]\n',
        "card 'x': ability 1: when: 'attacks' is not one of",
    ),
    (
        _CHAR
        + '[[card.ability]]\nkind = "triggered"\nwhen = "bowed"\neffects = [{ effect = "draw" }]\n',
        "card 'x': ability 1: when: 'bowed' is only for the rule-test card file",
    ),
    (
        _CHAR + '[[card.ability]]\nkind = "activated"\ncost = ["bow_self"]\n'
        'effects = [{ effect = "damage", target = "entry" }]\n',
        "card 'x': ability 1: effects 1: target: 'entry' is not one of",
    ),
    (
        _CHAR + '[[card.ability]]\nkind = "activated"\neffects = [{ effect = "draw" }]\n',
        "card 'x': ability 1: cost: missing",
    ),
    (
        _CHAR
        + '[[card.ability]]\nkind = "activated"\ncost = ["bow_all"]\n'
        + 'effects = [{ effect = "draw" }]\n',
        "card 'x': ability 1: cost 1: expected 'bow_self'",
    ),
    (
        _CHAR + '[card.breakfall]\ncost = ["bow_self"]\neffects = [{ effect = "draw" }]\n',
        "card 'x': breakfall: cost 1: 'bow_self' is not one of bow_resources, discard",
    ),
    (
        _CHAR + '[[card.ability]]\nkind = "triggered"\nwhen = "enters"\n'
        'effects = [{ effect = "self_to_hand" }]\n',
        "card 'x': ability 1: effect 1: effect: 'self_to_hand' only works in a breakfall",
    ),
    (
        _HEAD + 'kind = "technique"\ncost = 1\nspeed = "any"\neffects = [{ effect = "draw" }]\n'
        '[card.breakfall]\neffects = [{ effect = "self_to_field" }]\n',
        "card 'x': breakfall: effect 1: effect: only a character can be put onto the field",
    ),
    (
        _CHAR + '[[card.ability]]\nkind = "activated"\ncost = ["bow_self"]\n'
        'effects = [{ effect = "boost", target = "self" }]\n',
        "card 'x': ability 1: effects 1: stat: missing",
    ),
    (
        _CHAR + '[[card.ability]]\nkind = "activated"\ncost = ["bow_self"]\neffects = ['
        '{ effect = "damage", target = "enemy_character" }, '
        '{ effect = "bow", target = "character" }]\n',
        "card 'x': ability 1: effects: one ability chooses one target",
    ),
    (
        _CHAR + '[[card.ability]]\nkind = "static"\nstatic = "force"\namount = 1\nscope = "mine"\n',
        "card 'x': ability 1: scope: 'mine' is not one of all, others",
    ),
]


@pytest.mark.parametrize(("card", "error"), _BAD)
def test_a_bad_card_names_file_card_and_field(tmp_path: Path, card: str, error: str) -> None:
    with pytest.raises(DataError) as caught:
        load_pool(_pool(tmp_path, card))
    assert error in str(caught.value)


def test_a_bad_deck_names_file_deck_and_field(tmp_path: Path) -> None:
    plain = ["plain"] * 50
    with pytest.raises(DataError, match=r"decks.toml: deck 'd': cards: 50 copies of 'Plain'"):
        load_pool(_pool(tmp_path, "", _deck(plain)))
    shipped = load_pool()
    few = [c for c in shipped.decks["iron-garden"].cards if not shipped.cards[c].breakfall]
    few += [c for c in shipped.decks["lantern-roof"].cards if not shipped.cards[c].breakfall][
        : 50 - len(few)
    ]
    with pytest.raises(
        DataError, match=r"deck 'd': cards: a starter deck holds 12 to 16 breakfall"
    ):
        load_pool(_pool(tmp_path, "", _deck(few)))
