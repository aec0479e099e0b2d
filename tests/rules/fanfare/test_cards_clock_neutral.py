"""One test per card: Clockwork, the neutral cards and the tokens."""

from __future__ import annotations

import pytest

from rules.engine import IllegalAction

from .helpers import covers, prepare_game

# -- Clockwork ---------------------------------------------------------------------------------


@covers("clock-tower")
def test_clock_tower() -> None:
    game = prepare_game()
    tower = game.give(0, "clock-tower")
    game.play(tower)
    for countdown in (2, 1):
        game.pass_turn()
        assert tower.countdown == countdown
    game.pass_turn()
    assert tower.zone == "cemetery" and len(game.hand(0)) == 3 + 2


@covers("clockmaker")
def test_clockmaker() -> None:
    game = prepare_game()
    tower = game.summon(0, "clock-tower")
    shrine = game.summon(0, "sapling-shrine")
    shrine.countdown = 1
    game.play(game.give(0, "clockmaker"))
    assert tower.countdown == 2 and shrine.zone == "cemetery" and "treant" in game.names(0)


@covers("timekeeper")
def test_timekeeper() -> None:
    game = prepare_game()
    tower = game.summon(0, "clock-tower")
    game.summon(0, "timekeeper")
    game.end_turn()
    assert tower.countdown == 2


@covers("arcane-bazaar")
def test_arcane_bazaar() -> None:
    game = prepare_game()
    game.leader(0).damage = 5
    game.play(game.give(0, "arcane-bazaar"))  # not for itself: it is not on the board yet
    assert game.leader(0).defence == 15
    assert game.match.view(0).players[0].leader.abilities == (
        "Whenever you play a card, restore 1 defence to your leader.",
    )
    game.play(game.give(0, "insight"))
    assert game.leader(0).defence == 16


@covers("rune-scholar")
def test_rune_scholar() -> None:
    game = prepare_game()
    game.summon(0, "rune-scholar")
    game.play(game.give(0, "hearth-sprite"))
    assert game.leader(1).defence == 20
    game.play(game.give(0, "insight"))
    assert game.leader(1).defence == 19


@covers("arc-bolt")
def test_arc_bolt() -> None:
    game = prepare_game()
    foe = game.summon(1, "hearth-sprite")
    game.play(game.give(0, "arc-bolt"), foe)
    assert game.defence_of(foe) == 1 and len(game.hand(0)) == 1


@covers("insight")
def test_insight() -> None:
    game = prepare_game()
    game.play(game.give(0, "insight"))
    assert len(game.hand(0)) == 2 and len(game.player(0).deck) == 18


@covers("burn-the-notes")
def test_burn_the_notes() -> None:
    game = prepare_game()
    notes = game.give(0, "burn-the-notes")
    assert not any(s.kind == "play" for s in game.match.legal_actions(0))
    fodder = game.give(0, "fireball")
    (spec,) = [s for s in game.match.legal_actions(0) if s.fixed == (("card", notes.uid),)]
    assert [o.value for o in spec.params[0].options] == [fodder.uid]
    game.play(notes, fodder)
    assert fodder.zone == "cemetery" and len(game.hand(0)) == 2
    played = [e for e in game.events("played")]
    assert played[0].data["target"] is None  # the discarded card stays secret until discarded


@covers("ash-collector")
def test_ash_collector() -> None:
    game = prepare_game()
    collector = game.summon(0, "ash-collector")
    game.play(game.give(0, "burn-the-notes"), game.give(0, "hearth-sprite"))
    assert game.stats(collector) == (3, 3)


@covers("phoenix-scroll")
def test_phoenix_scroll() -> None:
    game = prepare_game()
    scroll = game.give(0, "phoenix-scroll")
    (spec,) = [s for s in game.match.legal_actions(0) if s.kind == "play"]
    assert [o.value for o in spec.params[0].options] == [2]
    game.play(scroll, game.leader(1))
    assert game.leader(1).defence == 17
    game.play(game.give(0, "burn-the-notes"), game.give(0, "phoenix-scroll"))
    assert game.leader(1).defence == 15


@covers("gathering-storm")
def test_gathering_storm() -> None:
    game = prepare_game(turn_player=1)
    storm = game.give(0, "gathering-storm")
    res = game.end_turn()
    assert storm.cost == 5
    (step,) = [s for s in res.steps if "Gathering Storm" in s.caption]
    assert step.audience == frozenset({0})  # a card in hand: its owner's secret
    game.end_turn()
    game.end_turn()
    foes = [game.summon(1, "stone-sentinel"), game.summon(1, "hearth-sprite")]
    game.play(storm)
    assert game.defence_of(foes[0]) == 3 and foes[1].zone == "cemetery"


@covers("magpie")
def test_magpie() -> None:
    game = prepare_game()
    magpie = game.summon(0, "magpie")
    game.play(game.give(0, "quartermaster"))
    game.end_turn()
    assert game.stats(magpie) == (2, 3)
    game.end_turn()
    assert game.stats(magpie) == (3, 3)


@covers("ledger-of-debts")
def test_ledger_of_debts() -> None:
    game = prepare_game()
    ledger = game.give(0, "ledger-of-debts")
    game.play(game.give(0, "insight"))
    assert ledger.cost == 3
    game.play(ledger)
    assert game.leader(1).defence == 17


@covers("clockwork-gnome")
def test_clockwork_gnome() -> None:
    game = prepare_game()
    gnome = game.summon(0, "clockwork-gnome")
    game.player(0).pp = 3
    game.evolve(gnome)
    assert game.player(0).pp == 4 and game.stats(gnome) == (4, 4)


@covers("sentry-forge", "clockwork-sentry")
def test_sentry_forge_makes_sentries() -> None:
    game = prepare_game()
    game.play(game.give(0, "sentry-forge"))
    foe = game.summon(1, "stone-sentinel")
    game.pass_turn()
    assert "clockwork-sentry" in game.names(0) and game.defence_of(foe) == 5


@covers("coronation-rite", "crown-of-dawn")
def test_coronation_rite_puts_a_crown_in_the_deck() -> None:
    game = prepare_game()
    rite = game.summon(0, "coronation-rite")
    rite.countdown = 1
    game.pass_turn()
    crowns = [c for c in game.player(0).deck if c.defn.id == "crown-of-dawn"]
    assert rite.zone == "cemetery" and len(crowns) == 1
    game.player(0).deck.remove(crowns[0])
    game.player(0).deck.insert(0, crowns[0])
    game.play(game.give(0, "insight"))
    assert game.result.winners == (0,) and game.result.reason == "drawn_win"


@covers("fortune-teller")
def test_fortune_teller() -> None:
    game = prepare_game()
    game.leader(0).damage = 5
    game.fill_hand(0, 4)
    game.top(1, "hearth-sprite")
    game.top(0, "hearth-sprite", "fortune-teller")
    game.play(game.give(0, "insight"))
    assert game.leader(0).defence == 17


@covers("demolition-crew")
def test_demolition_crew() -> None:
    game = prepare_game()
    crew = game.give(0, "demolition-crew")
    (spec,) = [s for s in game.match.legal_actions(0) if s.kind == "play"]
    assert spec.params == ()  # no amulet: played without a target
    bell = game.summon(1, "mourning-bell")
    with pytest.raises(IllegalAction, match="targets offered"):
        game.play(crew)
    game.play(crew, bell)
    assert bell.zone == "cemetery"


# -- neutral and tokens --------------------------------------------------------------------------


@covers("hearth-sprite")
def test_hearth_sprite() -> None:
    game = prepare_game()
    sprite = game.give(0, "hearth-sprite")
    game.play(sprite)
    assert game.stats(sprite) == (1, 2) and game.player(0).pp == 9


@covers("quartermaster", "spare-blade")
def test_quartermaster_and_the_spare_blade() -> None:
    game = prepare_game()
    master = game.give(0, "quartermaster")
    game.play(master)
    (blade,) = game.hand(0)
    assert blade.defn.id == "spare-blade" and blade.cost == 0
    game.play(blade, master)
    assert game.stats(master) == (2, 2) and game.player(0).pp == 8


@covers("war-chanter")
def test_war_chanter() -> None:
    game = prepare_game()
    game.summon(0, "war-chanter")
    sprite = game.summon(0, "hearth-sprite")
    game.evolve(sprite)
    assert game.stats(sprite) == (4, 5)


@covers("wandering-bard")
def test_wandering_bard() -> None:
    game = prepare_game()
    game.leader(0).damage = 1
    bard = game.summon(0, "wandering-bard")
    game.end_turn()
    assert bard.zone == "hand" and game.leader(0).defence == 20


@covers("watchtower")
def test_watchtower() -> None:
    game = prepare_game(turn_player=1)
    game.summon(0, "watchtower")
    game.play(game.give(1, "rally-captain"))
    assert game.leader(1).defence == 17


@covers("drill-sergeant")
def test_drill_sergeant() -> None:
    game = prepare_game()
    game.summon(0, "drill-sergeant")
    captain = game.give(0, "rally-captain")
    game.play(captain)
    assert game.stats(captain) == (3, 3)
    assert [game.stats(c) for c in game.board(0)[2:]] == [(1, 1), (1, 1)]  # summoned, not played


@covers("ambush-spider")
def test_ambush_spider() -> None:
    game = prepare_game(turn_player=1)
    game.summon(0, "ambush-spider")
    sprite = game.give(1, "hearth-sprite")
    game.play(sprite)
    game.play(game.give(1, "rally-captain"))
    assert game.stats(sprite) == (1, 1) and game.stats(game.board(1)[1]) == (2, 2)


@covers("tactician")
def test_tactician() -> None:
    game = prepare_game()
    foe = game.summon(1, "stone-sentinel")
    game.play(game.give(0, "tactician"), foe)
    assert game.defence_of(foe) == 5
    game.summon(0, "hearth-sprite")
    game.play(game.give(0, "tactician"), foe)
    assert game.defence_of(foe) == 2


@covers("night-watchman")
def test_night_watchman() -> None:
    game = prepare_game()
    watchman = game.summon(0, "night-watchman")
    game.end_turn()  # nobody else: nothing happens
    assert game.stats(watchman) == (2, 3)


@covers("garrison-captain")
def test_garrison_captain() -> None:
    game = prepare_game()
    captain = game.summon(0, "garrison-captain")
    a, b = game.summon(0, "hearth-sprite"), game.summon(0, "hearth-sprite")
    game.end_turn()
    assert game.stats(a) == (1, 2)
    game.end_turn()
    game.summon(0, "hearth-sprite")
    game.end_turn()
    assert game.stats(a) == game.stats(b) == (2, 3) and game.stats(captain) == (3, 4)


@covers("warlord")
def test_warlord() -> None:
    game = prepare_game()
    game.summon(0, "hearth-sprite")
    game.summon(0, "skyrider-lancer")
    foe = game.summon(1, "stone-sentinel")
    game.play(game.give(0, "warlord"), foe)
    assert game.defence_of(foe) == 2


@covers("oath-of-embers")
def test_oath_of_embers() -> None:
    game = prepare_game()
    game.play(game.give(0, "oath-of-embers"))
    game.end_turn()
    assert game.leader(1).defence == 19 and game.leader(0).defence == 20
