"""One test per card: Gravebloom."""

from __future__ import annotations

from .helpers import covers, prepare_game

# -- Gravebloom -------------------------------------------------------------------------------


@covers("seed-sprite")
def test_seed_sprite() -> None:
    game = prepare_game()
    sprite = game.summon(0, "seed-sprite")
    game.attack(sprite, game.summon(1, "hearth-sprite"))
    assert game.names(0) == ["thornling"] and sprite.zone == "cemetery"


@covers("nightshade-viper")
def test_nightshade_viper() -> None:
    game = prepare_game(turn_player=1)
    viper = game.summon(0, "nightshade-viper")
    big = game.summon(1, "stone-sentinel")
    game.attack(big, viper)  # bane works when it is attacked too
    assert big.zone == "cemetery" and viper.zone == "cemetery"


@covers("blood-moth")
def test_blood_moth() -> None:
    game = prepare_game()
    game.leader(0).damage = 5
    game.attack(game.summon(0, "blood-moth"), game.leader(1))
    assert game.leader(0).defence == 17 and game.leader(1).defence == 18


@covers("restless-shade")
def test_restless_shade() -> None:
    game = prepare_game()
    shade = game.summon(1, "restless-shade")
    game.play(game.give(0, "tide-push"), shade)
    assert [c.defn.id for c in game.hand(1)] == ["restless-shade", "hearth-sprite"]


@covers("carrion-crow")
def test_carrion_crow() -> None:
    game = prepare_game()
    game.leader(0).damage = 5
    game.summon(0, "carrion-crow")
    game.play(game.give(0, "fireball"), game.summon(1, "hearth-sprite"))
    assert game.leader(0).defence == 16


@covers("grave-keeper")
def test_grave_keeper() -> None:
    game = prepare_game()
    keeper = game.summon(0, "grave-keeper")
    mine = game.summon(0, "hearth-sprite")
    game.play(game.give(0, "fireball"), game.summon(1, "hearth-sprite"))
    assert game.stats(keeper) == (2, 3)  # not for an enemy follower
    game.attack(mine, game.summon(1, "stone-sentinel"))
    assert game.stats(keeper) == (3, 4)


@covers("mourning-bell")
def test_mourning_bell() -> None:
    game = prepare_game()
    game.summon(0, "mourning-bell")
    game.attack(game.summon(0, "hearth-sprite"), game.summon(1, "stone-sentinel"))
    assert game.leader(1).defence == 19


@covers("sapling-shrine", "treant")
def test_sapling_shrine_grows_a_treant() -> None:
    game = prepare_game()
    shrine = game.give(0, "sapling-shrine")
    game.play(shrine)
    assert shrine.countdown == 2
    game.pass_turn()
    assert shrine.countdown == 1
    game.pass_turn()
    assert shrine.zone == "cemetery" and game.names(0) == ["treant"]
    assert game.stats(game.board(0)[0]) == (2, 2)


@covers("thorn-stalker")
def test_thorn_stalker() -> None:
    game = prepare_game()
    stalker = game.give(0, "thorn-stalker")
    big = game.summon(1, "stone-sentinel")
    game.play(stalker)
    game.attack(stalker, big)
    assert big.zone == "cemetery"


@covers("crimson-count")
def test_crimson_count() -> None:
    game = prepare_game()
    game.leader(0).damage = 6
    count = game.summon(0, "crimson-count")
    game.attack(count, game.leader(1))
    assert game.leader(0).defence == 18
    game.play(game.give(0, "withering-night"))
    assert game.leader(1).defence == 14


@covers("bone-colossus")
def test_bone_colossus() -> None:
    game = prepare_game()
    game.summon(0, "bone-colossus")
    game.play(game.give(0, "withering-night"))
    assert game.names(0) == ["thornling", "thornling"]


@covers("soul-binding")
def test_soul_binding() -> None:
    game = prepare_game()
    sprite = game.summon(0, "hearth-sprite")
    game.play(game.give(0, "soul-binding"), sprite)
    assert [a.text for a in sprite.granted] == ["Last words: draw a card."]
    game.play(game.give(0, "withering-night"))
    assert len(game.hand(0)) == 1


@covers("final-rest")
def test_final_rest() -> None:
    game = prepare_game()
    foe = game.summon(1, "stone-sentinel")
    game.play(game.give(0, "final-rest"), foe)
    assert foe.zone == "cemetery"


@covers("withering-night")
def test_withering_night() -> None:
    game = prepare_game()
    game.summon(0, "hearth-sprite")
    bell = game.summon(0, "mourning-bell")
    game.summon(1, "stone-sentinel")
    game.play(game.give(0, "withering-night"))
    assert game.board(0) == [bell] and game.board(1) == []


@covers("barrow-sleeper")
def test_barrow_sleeper() -> None:
    game = prepare_game()
    (sleeper,) = game.top(1, "barrow-sleeper")
    game.end_turn()
    assert sleeper.zone == "hand"  # 20 defence: it stays and is drawn
    game.end_turn()
    (other,) = game.top(1, "hearth-sprite")
    game.player(1).deck.insert(3, game.card(1, "barrow-sleeper", "deck"))
    game.leader(1).damage = 10
    game.end_turn()
    assert game.names(1) == ["barrow-sleeper"] and other.zone == "hand"


@covers("hex-courier", "black-letter")
def test_hex_courier_sends_a_black_letter() -> None:
    game = prepare_game()
    game.summon(0, "hex-courier")
    game.play(game.give(0, "withering-night"))
    letters = [c for c in game.player(1).deck if c.defn.id == "black-letter"]
    assert len(letters) == 1 and len(game.player(1).deck) == 21
    game.player(1).deck.remove(letters[0])
    game.player(1).deck.insert(0, letters[0])
    game.end_turn()
    assert game.result.winners == (0,) and game.result.reason == "drawn_lose"
