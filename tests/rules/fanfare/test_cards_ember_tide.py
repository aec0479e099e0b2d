"""One test per card: Emberwing and Tidewarden. Each plays the card and checks its text."""

from __future__ import annotations

import pytest

from rules.engine import IllegalAction

from .helpers import covers, prepare_game

# -- Emberwing -----------------------------------------------------------------------------------


@covers("cinder-imp")
def test_cinder_imp() -> None:
    game = prepare_game()
    game.play(game.give(0, "cinder-imp"))
    assert game.leader(1).defence == 19


@covers("ember-whelp", "skyrider-lancer")
def test_storm_followers_attack_the_leader_at_once() -> None:
    game = prepare_game()
    for card_id, hit in (("ember-whelp", 2), ("skyrider-lancer", 4)):
        card = game.give(0, card_id)
        game.play(card)
        before = game.leader(1).defence
        game.attack(card, game.leader(1))
        assert before - game.leader(1).defence == hit


@covers("dune-runner")
def test_dune_runner() -> None:
    game = prepare_game()
    foe = game.summon(1, "hearth-sprite")
    runner = game.give(0, "dune-runner")
    game.play(runner)
    with pytest.raises(IllegalAction):
        game.attack(runner, game.leader(1))
    game.attack(runner, foe)
    assert foe.zone == "cemetery"


@covers("battle-drummer")
def test_battle_drummer() -> None:
    game = prepare_game()
    drummer = game.summon(0, "battle-drummer")
    sprite = game.summon(0, "hearth-sprite")
    game.attack(sprite, game.leader(1))
    assert game.leader(1).defence == 18
    game.attack(drummer, game.leader(1))  # its own attack is not "another"
    assert game.leader(1).defence == 17
    game.end_turn()
    assert game.stats(sprite) == (1, 2)


@covers("raider-captain")
def test_raider_captain() -> None:
    game = prepare_game()
    raider = game.summon(0, "raider-captain")
    game.attack(raider, game.summon(1, "hearth-sprite"))
    assert game.leader(1).defence == 19


@covers("flame-knight")
def test_flame_knight() -> None:
    game = prepare_game()
    knight = game.summon(0, "flame-knight")
    foe = game.summon(1, "stone-sentinel")
    (spec,) = [s for s in game.match.legal_actions(0) if s.kind == "evolve"]
    assert [o.value for o in spec.params[0].options] == [foe.uid]
    game.evolve(knight, foe)
    assert game.defence_of(foe) == 3


@covers("ember-heart")
def test_ember_heart() -> None:
    game = prepare_game()
    heart = game.summon(0, "ember-heart")
    foe = game.summon(1, "stone-sentinel")
    game.play(game.give(0, "fireball"), foe)
    assert game.defence_of(foe) == 2
    other = game.summon(1, "stone-sentinel")
    game.attack(heart, other)  # combat damage is not an effect's
    assert game.defence_of(other) == 4


@covers("pyre-dancer")
def test_pyre_dancer() -> None:
    game = prepare_game()
    dancer = game.summon(0, "pyre-dancer")
    game.attack(dancer, game.leader(1))  # no fight, no clash
    assert game.leader(1).defence == 17
    game.pass_turn()
    foe = game.summon(1, "stone-sentinel")
    game.attack(dancer, foe)
    assert game.defence_of(foe) == 1 and dancer.zone == "cemetery"


@covers("magma-colossus")
def test_magma_colossus() -> None:
    game = prepare_game()
    mine = game.summon(0, "hearth-sprite")
    a, b = game.summon(1, "hearth-sprite"), game.summon(1, "stone-sentinel")
    game.play(game.give(0, "magma-colossus"))
    assert a.zone == "cemetery" and game.defence_of(b) == 4 and game.defence_of(mine) == 2


@covers("fireball")
def test_fireball_needs_an_enemy_follower() -> None:
    game = prepare_game()
    fireball = game.give(0, "fireball")
    assert not any(s.kind == "play" for s in game.match.legal_actions(0))
    with pytest.raises(IllegalAction, match="no target"):
        game.play(fireball)
    foe = game.summon(1, "stone-sentinel")
    game.play(fireball, foe)
    assert game.defence_of(foe) == 3


@covers("flare-volley")
def test_flare_volley() -> None:
    game = prepare_game()
    mine = game.summon(0, "hearth-sprite")
    foe = game.summon(1, "hearth-sprite")
    game.play(game.give(0, "flare-volley"))
    assert game.leader(1).defence == 19 and game.defence_of(foe) == 1
    assert game.defence_of(mine) == 2 and game.leader(0).defence == 20


@covers("cinder-storm")
def test_cinder_storm() -> None:
    game = prepare_game()
    mine, foe = game.summon(0, "stone-sentinel"), game.summon(1, "stone-sentinel")
    game.play(game.give(0, "cinder-storm"))
    assert game.leader(0).defence == game.leader(1).defence == 18
    assert game.defence_of(mine) == game.defence_of(foe) == 4


@covers("war-cry")
def test_war_cry() -> None:
    game = prepare_game()
    fresh = game.summon(0, "hearth-sprite", fresh=True)
    foe = game.summon(1, "hearth-sprite")
    game.play(game.give(0, "war-cry"), fresh)
    assert game.stats(fresh) == (3, 2) and "rush" in game.keywords_of(fresh)
    game.attack(fresh, foe)
    assert foe.zone == "cemetery"
    game.end_turn()
    assert game.stats(fresh)[0] == 1 and "rush" in game.keywords_of(fresh)


@covers("cinder-duelist")
def test_cinder_duelist() -> None:
    game = prepare_game()
    game.summon(0, "cinder-duelist")
    foe = game.summon(1, "stone-sentinel")
    game.end_turn()
    assert game.defence_of(foe) == 4


# -- Tidewarden ---------------------------------------------------------------------------------


@covers("shieldbearer", "stone-sentinel")
def test_ward_followers_are_attacked_first() -> None:
    for card_id in ("shieldbearer", "stone-sentinel"):
        game = prepare_game()
        wall = game.summon(1, card_id)
        game.summon(1, "hearth-sprite")
        attacker = game.summon(0, "hearth-sprite")
        (spec,) = [s for s in game.match.legal_actions(0) if s.kind == "attack"]
        assert [o.value for o in spec.params[0].options] == [wall.uid]
        game.attack(attacker, wall)


@covers("dawn-cleric")
def test_dawn_cleric() -> None:
    game = prepare_game()
    game.leader(0).damage = 2
    game.play(game.give(0, "dawn-cleric"))
    assert game.leader(0).defence == 20  # never above 20


@covers("hush-warden")
def test_hush_warden() -> None:
    game = prepare_game()
    wall = game.summon(1, "stone-sentinel")
    game.play(game.give(0, "hush-warden"), wall)
    assert wall.silenced and game.keywords_of(wall) == []
    attacker = game.summon(0, "hearth-sprite")
    game.attack(attacker, game.leader(1))


@covers("porcupine-guard")
def test_porcupine_guard() -> None:
    game = prepare_game(turn_player=1)
    guard = game.summon(1, "porcupine-guard")
    foe = game.summon(0, "stone-sentinel")
    game.attack(guard, foe)  # clash works when it attacks too
    assert game.defence_of(foe) == 4 and "ward" in game.keywords_of(guard)


@covers("iron-tortoise")
def test_iron_tortoise() -> None:
    game = prepare_game()
    tortoise = game.summon(1, "iron-tortoise")
    game.play(game.give(0, "fireball"), tortoise)
    assert game.defence_of(tortoise) == 2


@covers("sunrise-priest")
def test_sunrise_priest() -> None:
    game = prepare_game()
    game.summon(1, "sunrise-priest")
    game.leader(1).damage = 5
    game.end_turn()
    assert game.leader(1).defence == 17


@covers("banner-knight")
def test_banner_knight() -> None:
    game = prepare_game()
    game.summon(0, "banner-knight")
    sprite = game.give(0, "hearth-sprite")
    game.play(sprite)
    game.play(game.give(0, "rally-captain"))
    assert game.stats(sprite) == (1, 3)
    assert [game.stats(c)[1] for c in game.board(0)[2:]] == [4, 2, 2]


@covers("tidal-oracle")
def test_tidal_oracle() -> None:
    game = prepare_game()
    oracle = game.give(0, "tidal-oracle")
    game.play(oracle)
    assert len(game.hand(0)) == 1
    game.leader(0).damage = 5
    game.evolve(oracle)
    assert game.leader(0).defence == 17


@covers("shore-marshal")
def test_shore_marshal() -> None:
    game = prepare_game()
    sprite = game.summon(0, "hearth-sprite")
    marshal = game.give(0, "shore-marshal")
    game.play(marshal)
    assert game.stats(sprite) == (2, 3) and game.stats(marshal) == (4, 5)
    game.play(game.give(0, "tide-push"), marshal)
    assert game.stats(sprite) == (1, 2)


@covers("tide-push")
def test_tide_push() -> None:
    game = prepare_game()
    foe = game.summon(1, "stone-sentinel")
    foe.damage = 4
    game.play(game.give(0, "tide-push"), foe)
    assert foe in game.hand(1) and game.board(1) == [] and foe.damage == 0


@covers("bulwark-chant")
def test_bulwark_chant() -> None:
    game = prepare_game()
    sprite = game.summon(0, "hearth-sprite")
    game.play(game.give(0, "bulwark-chant"))
    assert game.stats(sprite) == (1, 4) and game.keywords_of(sprite) == ["ward"]
    game.end_turn()
    assert game.keywords_of(sprite) == ["ward"]
    game.end_turn()
    assert game.stats(sprite) == (1, 2) and game.keywords_of(sprite) == []


@covers("void-gate")
def test_void_gate() -> None:
    game = prepare_game()
    bell = game.summon(1, "mourning-bell")
    game.play(game.give(0, "void-gate"), bell)
    assert bell.zone == "gone" and game.player(1).cemetery == []


@covers("hexweaver", "pond-frog")
def test_hexweaver_makes_a_pond_frog() -> None:
    game = prepare_game()
    foe = game.summon(1, "stone-sentinel")
    game.play(game.give(0, "hexweaver"), foe)
    (frog,) = game.board(1)
    assert frog.defn.id == "pond-frog" and frog.defn.token and game.stats(frog) == (1, 1)


@covers("war-council")
def test_war_council() -> None:
    game = prepare_game()
    game.leader(0).damage = 10
    game.summon(0, "war-council")
    game.play(game.give(0, "hearth-sprite"))
    assert game.leader(0).defence == 11
    game.play(game.give(0, "insight"))
    assert game.leader(0).defence == 11


@covers("rally-captain", "thornling")
def test_rally_captain_summons_two_thornlings() -> None:
    game = prepare_game()
    game.play(game.give(0, "rally-captain"))
    assert game.names(0) == ["rally-captain", "thornling", "thornling"]
    assert game.stats(game.board(0)[1]) == (1, 1)
