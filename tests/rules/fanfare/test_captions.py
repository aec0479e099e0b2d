"""Captions say what a step changed, with numbers, never an ability's rules text; the card a
seat draws is named only in a step to that seat (FANFARE-Q1: one step per resolved effect).
Every caption, label and result says itself again in Japanese (issue 17)."""

from __future__ import annotations

import re
import string

from rules.engine import Action, Resolution, in_language
from rules.fanfare.words import CAPTIONS

from .helpers import prepare_game, ruleset


def _public(res: Resolution) -> list[str]:
    return [s.caption for s in res.steps if s.public]


def test_a_triggered_buff_says_the_card_and_its_stats_before_and_after() -> None:
    game = prepare_game()
    game.summon(0, "magpie")
    res = game.play(game.give(0, "insight"))
    assert _public(res) == [
        "{seat0} plays Insight.",
        "{seat0}'s Insight: {seat0} draws 2 cards.",
        "{seat0}'s Magpie Hoarder: +1/+0 (1/3 → 2/3).",
        "{seat0}'s Magpie Hoarder: +1/+0 (2/3 → 3/3).",
    ]
    assert not any("Whenever" in c for c in _public(res))  # no rules text


def test_a_draw_is_public_and_the_card_drawn_is_told_only_to_its_seat() -> None:
    game = prepare_game()
    game.top(0, "fireball", "cinder-imp")
    res = game.play(game.give(0, "insight"))
    (told,) = [s for s in res.steps if not s.public]
    assert told.audience == frozenset({0})
    assert told.caption == "You draw Fireball and Cinder Imp."
    assert not any("Fireball" in c or "Cinder Imp" in c for c in _public(res))


def test_a_heal_says_how_much_and_the_defence_before_and_after() -> None:
    game = prepare_game()
    game.leader(0).damage = 5
    res = game.play(game.give(0, "dawn-cleric"))
    assert "{seat0}'s Dawn Cleric: {seat0}'s leader heals 3 (15 → 18)." in _public(res)
    game.leader(0).damage = 0
    res = game.play(game.give(0, "dawn-cleric"))
    assert "{seat0}'s Dawn Cleric: {seat0}'s leader is at full defence (20)." in _public(res)


def test_damage_to_a_leader_by_an_effect_and_in_combat() -> None:
    game = prepare_game()
    res = game.play(game.give(0, "cinder-imp"))
    assert "{seat0}'s Cinder Imp: 1 damage to {seat1}'s leader (20 → 19)." in _public(res)
    whelp = game.summon(0, "ember-whelp")
    res = game.attack(whelp, game.leader(1))
    assert _public(res) == [
        "{seat0}'s Ember Whelp attacks {seat1}'s leader.",
        "{seat0}'s Ember Whelp deals 2 to {seat1}'s leader: 19 → 17.",
    ]


def test_a_fight_says_both_ways_then_drain_then_what_is_destroyed() -> None:
    game = prepare_game()
    game.leader(0).damage = 4
    moth = game.summon(0, "blood-moth")
    sprite = game.summon(1, "hearth-sprite")
    res = game.attack(moth, sprite)
    assert _public(res)[1:] == [
        "{seat0}'s Blood Moth deals 2 to {seat1}'s Hearth Sprite (2 → 0), takes 1 (2 → 1); "
        "drain heals 2 (16 → 18).",
        "{seat1}'s Hearth Sprite is destroyed.",
    ]


def test_a_destruction_by_an_effect_names_the_card() -> None:
    game = prepare_game()
    stalker = game.summon(1, "thorn-stalker")
    res = game.play(game.give(0, "final-rest"), stalker)
    assert _public(res) == [
        "{seat0} plays Final Rest on {seat1}'s Thorn Stalker.",
        "{seat0}'s Final Rest: {seat1}'s Thorn Stalker is destroyed.",
    ]


def test_an_effect_on_many_targets_is_summed_up_to_stay_short() -> None:
    """FANFARE-Q5 hits them one at a time; the caption keeps the leaders' numbers and counts
    the followers when naming each would run long."""
    game = prepare_game()
    for seat in (0, 1):
        for _ in range(3):
            game.summon(seat, "stone-sentinel")
    res = game.play(game.give(0, "cinder-storm"))
    caption = _public(res)[1]
    assert caption == (
        "{seat0}'s Cinder Storm: 2 damage to {seat0}'s leader (20 → 18), "
        "{seat1}'s leader (20 → 18) and 6 followers."
    )


def test_evolving_says_the_stats_before_and_after() -> None:
    game = prepare_game()
    fox = game.summon(0, "hearth-sprite")
    res = game.evolve(fox)
    assert _public(res)[0] == "{seat0} evolves Hearth Sprite: +2/+2 (1/2 → 3/4)."


def test_the_turn_draw_is_counted_in_public() -> None:
    game = prepare_game()
    game.top(1, "fireball")
    res = game.act(0, Action("end_turn"))
    assert "{seat1} draws a card." in _public(res)
    assert [s.caption for s in res.steps if s.audience == frozenset({1})] == ["You draw Fireball."]


def test_a_fight_says_itself_in_japanese_with_the_same_seats() -> None:
    game = prepare_game()
    game.leader(0).damage = 4
    moth = game.summon(0, "blood-moth")
    sprite = game.summon(1, "hearth-sprite")
    res = game.attack(moth, sprite)
    assert [in_language(caption, "ja") for caption in _public(res)] == [
        "{seat0}さんの「血の蛾」が{seat1}さんの「炉端の精」に攻撃しました。",
        "{seat0}さんの「血の蛾」が{seat1}さんの「炉端の精」に2ダメージ（2→0）、"
        "1ダメージを受けた（2→1）。ドレインで2回復（16→18）。",
        "{seat1}さんの「炉端の精」が破壊された。",
    ]


def test_a_menu_says_its_cards_and_texts_in_japanese() -> None:
    game = prepare_game()
    game.give(0, "cinder-imp")
    (play,) = [s for s in game.match.legal_actions(0) if s.kind == "play"]
    assert in_language(play.label, "ja") == "「燃えさしのインプ」をプレイ"
    assert in_language(play.detail, "ja").startswith("コスト1。ファンファーレ：")


_SEATS = re.compile(r"\{seat\d\}")
_ENGLISH = re.compile(r"[A-Za-z]{2,}")


def _sample(template: str) -> dict[str, object]:
    """A value for each placeholder: a seat, a card's name, an ability granted, or a number."""
    granted = next(
        part.grants.text
        for card in ruleset().pool.cards.values()
        for ability in card.abilities
        for part in ability.parts
        if part.grants is not None
    )
    values: dict[str, object] = {}
    for _, field, spec, _ in string.Formatter().parse(template):
        if field is None:
            continue
        forms = (spec or "").split(":")
        if field in ("seat", "other", "first", "second"):
            values[field] = f"{{seat{len(values) % 2}}}"
        elif "name" in forms:
            values[field] = "Blood Moth"
        elif "text" in forms:
            values[field] = granted
        else:
            values[field] = 2
    return values


def test_every_template_says_itself_in_japanese() -> None:
    """Random matches say most templates (tests/rules/test_japanese_captions.py); this says every
    one, the rare ones too (a runaway chain, both leaders falling, a rematch's first seat)."""
    for name, template in CAPTIONS.templates.items():
        said = CAPTIONS.say(name, **_sample(template))
        japanese = in_language(said, "ja")
        assert japanese != said or not _ENGLISH.search(said), name
        assert not set(_ENGLISH.findall(_SEATS.sub("", japanese))) - {"PP"}, (name, japanese)
        assert sorted(_SEATS.findall(japanese)) == sorted(_SEATS.findall(said)), name
