"""One test per card: the Iron Garden's characters."""

from __future__ import annotations

from .helpers import covers, prepare
from .test_cards_lantern import _flare


@covers("moss-guard")
def test_moss_guard_becomes_a_resource_from_a_check() -> None:
    game = prepare()
    guard = game.top(1, "moss-guard")[0]
    _flare(game)
    game.resolve_all()
    assert guard.zone == "resources" and guard.bowed


@covers("lamp-oiler")
def test_lamp_oiler_readies_a_character_at_any_priority() -> None:
    game = prepare(turn_player=1)
    oiler = game.put(0, "lamp-oiler")
    tired = game.put(0, "test-brute", bowed=True)
    game.pass_()  # seat 0 holds priority in the other's turn
    game.activate(oiler, target=tired)
    game.resolve_all()
    assert oiler.bowed and not tired.bowed


@covers("gate-warden")
def test_gate_warden_grows_when_it_blocks() -> None:
    game = prepare()
    brute = game.put(0, "test-brute")
    warden = game.put(1, "gate-warden")
    game.until("battle", "greet")
    game.greet(brute)
    game.pass_both()
    game.block(warden)
    game.resolve_all()
    assert game.stats(warden)[2] == 5
    game.pass_both()
    assert warden.zone == "field" and warden.damage == 3


@covers("thorn-keeper")
def test_thorn_keeper_strikes_back_when_dealt_damage() -> None:
    game = prepare()
    keeper = game.put(1, "thorn-keeper")
    brute = game.put(0, "test-brute")
    game.resources(0, 2)
    game.play(game.give(0, "falling-tiles"), keeper)
    game.pass_both()
    game.resolve_all()
    assert keeper.zone == "graveyard" and brute.damage == 1


@covers("pond-heron")
def test_pond_heron_deals_two_for_a_discard() -> None:
    game = prepare()
    game.top(1, "pond-heron")
    foe = game.put(0, "test-brute")
    _flare(game)
    game.act(1, "breakfall", cards=[game.player(1).hand[0].uid], target=foe.uid)
    game.resolve_all()
    assert foe.damage == 2


@covers("dusk-mender")
def test_dusk_mender_shores_up_a_character() -> None:
    game = prepare()
    mender = game.put(0, "dusk-mender")
    game.resources(0, 1)
    game.activate(mender, target=mender)
    game.resolve_all()
    assert game.stats(mender)[2] == 5 and mender.bowed


@covers("iron-gardener")
def test_iron_gardener_gives_every_character_durability() -> None:
    game = prepare()
    gardener = game.put(0, "iron-gardener")
    dummy = game.put(0, "test-dummy")
    assert game.stats(gardener)[2] == 4 and game.stats(dummy)[2] == 4


@covers("stone-listener")
def test_stone_listener_forbids_the_opponents_breakfalls() -> None:
    game = prepare(turn_player=1)
    game.put(0, "stone-listener")
    own = game.top(0, "tavi-roof-sprinter")[0]
    _flare(game, seat=1)
    game.resolve_all()
    assert own.zone == "field"  # its own side's breakfalls still work


@covers("grave-tender")
def test_grave_tender_takes_a_card_back_when_killed() -> None:
    game = prepare()
    tender = game.put(1, "grave-tender")
    game.resources(0, 4)
    game.play(game.give(0, "quiet-ending"), tender)
    game.pass_both()
    game.resolve_all()
    assert tender.zone == "hand"  # the only card in its graveyard: itself


@covers("root-wrestler")
def test_root_wrestler_hits_a_greeter_from_a_check() -> None:
    game = prepare()
    brute = game.put(0, "test-brute")
    game.top(1, "root-wrestler")
    game.until("battle", "greet")
    game.greet(brute)
    game.resolve_all()
    game.pass_both()
    game.pass_both()
    game.resolve_all()
    assert brute.damage == 1


@covers("lantern-smith")
def test_lantern_smith_makes_each_player_draw() -> None:
    game = prepare()
    game.resources(0, 3)
    hands = [len(game.player(s).hand) for s in (0, 1)]
    game.play(game.give(0, "lantern-smith"))
    game.pass_both()
    game.pass_both()
    assert [len(game.player(s).hand) for s in (0, 1)] == [hands[0] + 1, hands[1] + 1]


@covers("bellwright")
def test_bellwright_kills_a_small_character() -> None:
    game = prepare()
    bell = game.put(0, "bellwright")
    small = game.put(1, "paper-crane")  # durability 2
    game.put(1, "test-dummy")  # durability 3: not a legal target
    game.resources(0, 2)
    [spec] = game.specs(0, "activate")
    assert [dict(spec.fixed).get("target")] == [small.uid]
    game.activate(bell, target=small)
    game.resolve_all()
    assert small.zone == "graveyard"


@covers("sluice-keeper")
def test_sluice_keeper_returns_an_enemy_for_a_discard() -> None:
    game = prepare()
    keeper = game.put(0, "sluice-keeper")
    foe = game.put(1, "test-brute")
    game.activate(keeper, target=foe, cards=[game.player(0).hand[0].uid])
    game.resolve_all()
    assert foe.zone == "hand" and keeper.bowed


@covers("echo-drummer")
def test_echo_drummer_gives_force_when_it_greets() -> None:
    game = prepare()
    drummer = game.put(0, "echo-drummer")
    other = game.put(0, "test-dummy")
    game.until("battle", "greet")
    game.greet(drummer)
    game.act(0, "target", target=other.uid)
    game.resolve_all()
    assert game.stats(other)[0] == 2


@covers("pillar-sage")
def test_pillar_sage_draws_at_the_end_of_the_turn() -> None:
    game = prepare()
    game.put(0, "pillar-sage")
    hand = len(game.player(0).hand)
    game.until("end", "end")
    game.resolve_all()
    assert len(game.player(0).hand) == hand + 1


@covers("hammer-abbot")
def test_brann_hits_every_enemy_when_he_greets() -> None:
    game = prepare()
    brann = game.put(0, "hammer-abbot")
    foes = [game.put(1, "test-dummy"), game.put(1, "paper-crane")]
    game.until("battle", "greet")
    game.greet(brann)
    game.resolve_all()
    assert [f.damage for f in foes] == [1, 1]


@covers("weir-sentinel")
def test_weir_sentinel_may_weaken_the_greeter_it_blocks_and_draw() -> None:
    game = prepare()
    brute = game.put(0, "test-brute")  # force 3
    weir = game.put(1, "weir-sentinel")  # force 4, durability 5
    hand = len(game.player(1).hand)
    game.until("battle", "greet")
    game.greet(brute)
    game.pass_both()
    game.block(weir)
    game.resolve_all()
    game.act(1, "optional", answer="yes")
    assert game.stats(brute)[0] == 1 and len(game.player(1).hand) == hand + 1
    game.pass_both()
    assert game.state.step == "damage"
    assert weir.damage == 1 and brute.zone == "graveyard"  # 1 force back; 4 kill the brute
