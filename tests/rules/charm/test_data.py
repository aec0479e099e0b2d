"""The card pool as data (CHARM-11, 14): the shipped files load and meet CHARM-14; a bad file
fails naming file, entry and field; the rules text is generated from the fields."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from rules.charm import DataError, load_pool
from rules.charm.cards import (
    A_SKILL,
    CONDITIONS,
    EFFECTS,
    STATIC,
    STATIC_TARGETS,
    TARGETS,
    TIMINGS,
    CardDef,
)
from rules.charm.loading import default_data_dir
from rules.charm.text import ENGLISH

POOL = load_pool()
CARDS = list(POOL.cards.values())


def _of(kind: str) -> list[CardDef]:
    return [c for c in CARDS if c.kind == kind]


def test_charm_14_1_the_pool_has_each_kind_in_the_counts_listed() -> None:
    assert len(CARDS) >= 45
    characters = _of("character")
    assert len(characters) >= 20
    assert all(0 <= c.cost <= 5 and 0 <= c.ep <= 2 for c in characters)
    assert all(0 <= c.ap <= 6 and 1 <= c.dp <= 6 for c in characters)
    assert sum(any(s.active for s in c.skills) for c in characters) >= 6
    assert sum(any(not s.active for s in c.skills) for c in characters) >= 6
    heroines = _of("heroine")
    assert len(heroines) >= 4
    assert all(h.ep == 1 and 2 <= h.ap <= 3 and 3 <= h.dp <= 4 for h in heroines)
    assert all(len(h.skills) == 1 and not h.skills[0].active for h in heroines)
    backgrounds = _of("background")
    assert len(backgrounds) >= 5 and all(1 <= b.cost <= 3 and 1 <= b.ep <= 2 for b in backgrounds)
    assert len(_of("item")) >= 5
    events = _of("event")
    assert len(events) >= 8
    interrupts = [
        e
        for e in events
        if any(
            ef.target in ("attacker",) or ef.effect == "negate"
            for s in e.skills
            for ef in s.effects
        )
    ]
    assert len(interrupts) >= 3
    assert any(s.negates for e in events for s in e.skills)
    music = _of("music")
    assert len(music) >= 3 and all(1 <= m.tokens <= 3 for m in music)


def _used() -> dict[str, set[object]]:
    used: dict[str, set[object]] = {
        "effect": set(),
        "target": set(),
        "when": set(),
        "condition": set(),
        "cost": set(),
        "static": set(),
    }
    for card in CARDS:
        for skill in card.skills:
            used["when"].add(skill.when)
            if skill.active:
                cost = skill.cost
                used["cost"] |= {
                    n
                    for n, v in (
                        ("ep", cost.ep),
                        ("check_self", cost.check_self),
                        ("discard", cost.discard),
                    )
                    if v
                }
                if skill.once_per_turn:
                    used["cost"].add("once_per_turn")
            if skill.static:
                used["static"].add((skill.stat, skill.reach) if skill.reach else skill.stat)
            for effect in skill.effects:
                used["effect"].add(effect.effect)
                used["target"].add(effect.target)
                if effect.condition is not None:
                    used["condition"].add(effect.condition.kind)
    return used


def test_charm_14_2_every_entry_of_the_vocabulary_is_used() -> None:
    used = _used()
    assert used["cost"] == {"ep", "check_self", "discard", "once_per_turn"}  # CHARM-11.3
    assert {A_SKILL, STATIC, *TIMINGS} <= used["when"]  # CHARM-11.4
    statics = {(s, r) for s in ("ap", "dp") for r in STATIC_TARGETS} | {
        "hand_limit",
        "damage_limit",
    }
    assert statics <= used["static"]  # CHARM-11.5
    assert set(EFFECTS) <= used["effect"]  # CHARM-11.6
    assert set(TARGETS) <= used["target"]  # CHARM-11.7
    assert set(CONDITIONS) <= used["condition"]  # CHARM-11.8
    boosts = {
        e.amount > 0 for c in CARDS for s in c.skills for e in s.effects if e.effect == "boost"
    }
    assert boosts == {True, False}  # boost ap/dp ±x
    tokens = {
        e.amount > 0 for c in CARDS for s in c.skills for e in s.effects if e.effect == "tokens"
    }
    assert tokens == {True, False}
    limits = {s.amount > 0 for c in CARDS for s in c.skills if s.stat == "damage_limit"}
    assert limits == {True, False}


def test_charm_14_3_14_3a_starter_decks_are_legal_with_14_cards_that_make_ep() -> None:
    assert len(POOL.decks) >= 3
    for deck in POOL.decks.values():
        assert len(deck.cards) == 30 and POOL.cards[deck.heroine].heroine
        assert max(Counter(deck.cards).values()) <= 3
        assert not any(POOL.cards[c].heroine for c in deck.cards)
        makers = [c for c in deck.cards if POOL.cards[c].makes_ep]
        assert len(makers) >= 14, deck.id
    # EP 0 does not count (CHARM-14.3a): Garden Sprite is a character, but makes nothing.
    assert not POOL.cards["garden-sprite"].makes_ep and POOL.cards["garden-sprite"].character
    heroines = {d.heroine for d in POOL.decks.values()}
    assert heroines == {h.id for h in _of("heroine")}  # every heroine has a deck to play


def test_charm_14_4_cards_that_let_several_p_skills_wait_in_a_main_phase() -> None:
    face_down = [c for c in _of("character") if "face_down" in c.triggers]
    assert len(face_down) >= 2
    assert any(
        e.effect == "damage" and e.target == "all_enemy_characters"
        for c in _of("event")
        for s in c.skills
        for e in s.effects
    )


def test_charm_11_1_11_2_fields_by_kind() -> None:
    for card in CARDS:
        assert 0 <= card.cost <= 6
        if card.heroine:
            assert card.cost == 0
        if card.kind not in ("character", "heroine", "background"):
            assert card.ep == 0
        if card.kind != "music":
            assert card.tokens == 0


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "charm"
    shutil.copytree(default_data_dir(), target)
    return target


def _with_card(tmp_path: Path, text: str) -> Path:
    root = _copy(tmp_path)
    cards = root / "cards.toml"
    cards.write_text(cards.read_text(encoding="utf-8") + "\n" + text, encoding="utf-8")
    return root


@pytest.mark.parametrize(
    ("card", "error"),
    [
        (
            '[[card]]\nid = "x"\nname = "X"\nkind = "item"\ncost = 1\nep = 1\n',
            "cards.toml: card 'x': ep: an item has none",
        ),
        (
            '[[card]]\nid = "x"\nname = "X"\nkind = "character"\ncost = 7\nep = 1\n'
            "ap = 1\ndp = 1\n",
            "cards.toml: card 'x': cost: 7 is outside 0..6",
        ),
        (
            '[[card]]\nid = "x"\nname = "X"\nkind = "heroine"\ncost = 1\nep = 1\nap = 1\ndp = 1\n',
            "cards.toml: card 'x': cost: a heroine has none",
        ),
        (
            '[[card]]\nid = "x"\nname = "X"\nkind = "music"\ncost = 1\ntokens = 4\n',
            "cards.toml: card 'x': tokens: 4 is outside 1..3",
        ),
        (
            '[[card]]\nid = "x"\nname = "X"\nkind = "item"\ncost = 1\n[[card.skill]]\n'
            'when = "attacks"\n[[card.skill.effect]]\neffect = "draw"\ntarget = "you"\n',
            "cards.toml: card 'x': skill 1: when: 'attacks' needs a character",
        ),
        (
            '[[card]]\nid = "x"\nname = "X"\nkind = "item"\ncost = 1\n[[card.skill]]\n'
            'when = "a_skill"\n[[card.skill.effect]]\neffect = "draw"\ntarget = "self"\n',
            "cards.toml: card 'x': skill 1: effect 1: target: 'self' is not one of you, opponent",
        ),
        (
            '[[card]]\nid = "x"\nname = "X"\nkind = "item"\ncost = 1\n[[card.skill]]\n'
            'when = "enters"\n[[card.skill.effect]]\neffect = "negate"\n',
            "effect 1: effect: 'negate' works only as an interrupt",
        ),
        (
            '[[card]]\nid = "x"\nname = "X"\nkind = "event"\ncost = 1\n[[card.effect]]\n'
            'effect = "damage"\ntarget = "enemy_character"\namount = 1\n[[card.effect]]\n'
            'effect = "check"\ntarget = "own_character"\n',
            "cards.toml: card 'x': effect: one kind of target per skill",
        ),
        (
            '[[card]]\nid = "x"\nname = "X"\nkind = "event"\ncost = 1\n[[card.effect]]\n'
            'effect = "heal"\namount = 1\nif = "own_damage_at_least"\n',
            "effect 1: if: 'own_damage_at_least' takes a number from 1 to 30",
        ),
        (
            '[[card]]\nid = "x"\nname = "X"\nkind = "event"\ncost = 1\n[[card.effect]]\n'
            'effect = "recall"\n',
            "cards.toml: card 'x': effect 1: kind: missing",
        ),
        (
            '[[card]]\nid = "x"\nname = "X"\nkind = "character"\ncost = 1\nep = 1\nap = 1\n'
            'dp = 1\n[[card.skill]]\nwhen = "static"\nstat = "hand_limit"\namount = 0\n',
            "skill 1: amount: a change of 0 changes nothing",
        ),
        (
            '[[card]]\nid = "x"\nname = "X"\nkind = "character"\ncost = 1\nep = 1\nap = 1\n'
            'dp = 1\n[[card.skill]]\nwhen = "face_down"\n[[card.skill.effect]]\n'
            'effect = "boost"\ntarget = "self"\nstat = "ap"\namount = 1\n',
            "target: a face_down P.Skill's own card is face down",
        ),
    ],
)
def test_charm_11_a_bad_card_names_file_entry_and_field(
    tmp_path: Path, card: str, error: str
) -> None:
    root = _with_card(tmp_path, card)
    with pytest.raises(DataError) as caught:
        load_pool(root)
    assert error in str(caught.value)


def test_charm_1_1_a_bad_starter_deck_names_its_field(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    decks = root / "decks.toml"
    text = decks.read_text(encoding="utf-8").replace(
        'heroine = "aria-vale"', 'heroine = "tin-drummer"'
    )
    decks.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=r"decks.toml: deck 'spotlight': heroine: 'tin-drummer'"):
        load_pool(root)
    text = text.replace('heroine = "tin-drummer"', 'heroine = "aria-vale"').replace(
        '"tin-drummer", "tin-drummer", "tin-drummer",', '"lumi-hart", "tin-drummer", "tin-drummer",'
    )
    decks.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match="'lumi-hart' is a heroine: a heroine is never in the deck"):
        load_pool(root)


def test_rules_text_is_generated_from_the_fields() -> None:
    cards = POOL.cards
    assert cards["quiet-archivist"].text == (
        "A.Skill, once per turn (1 EP, discard a card): draw two cards."
    )
    assert cards["paper-knight"].text == (
        "P.Skill: when this turns face down, deal 1 DP damage to an enemy character."
    )
    assert cards["choir-captain"].text == "P.Skill: your characters get AP +1."
    assert cards["hold-the-curtain"].text == "Check an attacker, then draw a card."
    assert cards["cut-the-lights"].text == "Interrupt: negate the event or A.Skill this interrupts."
    assert cards["sena-brook"].text == (
        "P.Skill: in your start phase, if your damage is 8 or more, heal 2 damage."
    )
    assert all(c.text or not c.skills for c in CARDS)
    assert "{" not in " ".join(c.text for c in CARDS)  # every placeholder filled
    assert ENGLISH.render("effect.gain_ep", n=2) == "gain 2 EP"


def test_the_pool_digest_changes_with_the_data(tmp_path: Path) -> None:
    root = _with_card(tmp_path, '[[card]]\nid = "x"\nname = "X"\nkind = "item"\ncost = 1\n')
    assert load_pool(root).digest != POOL.digest
