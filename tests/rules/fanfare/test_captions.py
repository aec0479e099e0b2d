"""Captions say what a step changed, with numbers, never an ability's rules text; the card a
seat draws is named only in a step to that seat (FANFARE-Q1: one step per resolved effect)."""

from __future__ import annotations

from rules.engine import Action, Resolution

from .helpers import prepare_game


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
