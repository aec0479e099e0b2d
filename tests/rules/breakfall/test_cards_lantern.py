"""One test per card: the Lantern Roof's characters."""

from __future__ import annotations

from .helpers import Game, covers, prepare


def _flare(game: Game, seat: int = 0) -> None:
    """``seat`` deals 1 damage to the other player: one damage check."""
    game.resources(seat, 1)
    game.act(seat, "play", card=game.give(seat, "lantern-flare").uid)
    game.pass_both()


def _greet(game: Game, *cards: object, block: object = None) -> None:
    game.until("battle", "greet")
    game.greet(*cards)  # type: ignore[arg-type]
    game.resolve_all()
    game.pass_both()
    if game.decision == "block":
        game.block(block)  # type: ignore[arg-type]
    game.resolve_all()
    game.pass_both()


@covers("tavi-roof-sprinter")
def test_tavi_lands_on_the_field_bowed_from_a_check() -> None:
    game = prepare()
    tavi = game.top(1, "tavi-roof-sprinter")[0]
    _flare(game)
    game.resolve_all()
    assert tavi.zone == "field" and tavi.bowed and game.player(1).damage == []


@covers("tile-scout")
def test_tile_scout_may_draw_then_discard() -> None:
    game = prepare()
    game.resources(0, 1)
    scout = game.give(0, "tile-scout")
    drawn = game.top(0, "test-brute")[0]
    game.play(scout)
    game.pass_both()
    game.pass_both()
    assert game.decision == "optional"
    game.act(0, "optional", answer="yes")
    assert drawn.zone == "hand" and game.decision == "discard"
    [spec] = game.specs(0, "discard")
    assert spec.params[0].least == spec.params[0].most == 1
    keep = game.player(0).hand[0]
    game.act(0, "discard", cards=drawn.uid)
    assert drawn.zone == "graveyard" and keep.zone == "hand"


@covers("wall-crawler")
def test_wall_crawler_may_gain_force_at_turn_start_and_lands_from_a_check() -> None:
    game = prepare(turn_player=1)
    crawler = game.put(0, "wall-crawler")
    game.until("end", "end")
    game.pass_both()
    game.resolve_all()
    game.act(0, "optional", answer="yes")
    assert game.stats(crawler)[0] == 2
    other = prepare()
    landed = other.top(1, "wall-crawler")[0]
    _flare(other)
    other.resolve_all()
    assert landed.zone == "field" and landed.bowed


@covers("gutter-fox")
def test_gutter_fox_returns_to_hand_for_a_discard() -> None:
    game = prepare()
    fox = game.top(1, "gutter-fox")[0]
    _flare(game)
    assert game.decision == "breakfall"
    [spec] = game.specs(1, "breakfall")
    assert spec.label == "Enter Gutter Fox's breakfall (pay: discard a card)"
    game.act(1, "breakfall", cards=[game.player(1).hand[0].uid])
    game.resolve_all()
    assert fox.zone == "hand" and game.ids(1, "graveyard") == ["test-dummy"]


@covers("ash-runner")
def test_ash_runner_gains_sabotage_when_it_greets() -> None:
    game = prepare()
    runner = game.put(0, "ash-runner")
    _greet(game, runner)
    assert len(game.player(1).damage) == 2


@covers("paper-crane")
def test_paper_crane_draws_for_a_resource() -> None:
    game = prepare()
    crane = game.top(1, "paper-crane")[0]
    game.resources(1, 1)
    hand = len(game.player(1).hand)
    _flare(game)
    game.act(1, "breakfall")
    game.resolve_all()
    assert len(game.player(1).hand) == hand + 1 and crane.zone == "graveyard"
    assert game.player(1).resources[0].bowed


@covers("eave-watcher")
def test_eave_watcher_hits_the_greeter_it_blocks() -> None:
    game = prepare()
    brute = game.put(0, "test-brute")
    watcher = game.put(1, "eave-watcher")
    game.until("battle", "greet")
    game.greet(brute)
    game.pass_both()
    game.block(watcher)
    assert game.space() == ["1:trigger:eave-watcher"]
    game.resolve_all()
    assert brute.damage == 1


@covers("ridge-lookout")
def test_ridge_lookout_may_ready_a_greeter_at_the_end_of_its_turn_to_block() -> None:
    game = prepare()
    lookout = game.put(0, "ridge-lookout")
    brute = game.put(0, "test-brute")
    game.until("battle", "greet")
    game.greet(lookout, brute)
    for _ in range(20):
        if game.decision == "target":
            break
        game.pass_()
    assert game.state.step == "end" and lookout.bowed and brute.bowed
    game.act(0, "target", target=brute.uid)  # which of its characters (BREAKFALL-3.4a)
    game.pass_both()
    game.act(0, "optional", answer="yes")
    assert not brute.bowed and lookout.bowed
    game.until("main", turn=6)
    blocker = game.put(1, "test-dummy")  # the other seat's greeter next turn
    game.until("battle", "greet")
    game.greet(blocker)
    game.pass_both()
    [spec] = game.specs(0, "block")
    assert brute.uid in [o.value for o in spec.params[0].options]


@covers("kite-dancer")
def test_kite_dancer_draws_when_it_deals_damage() -> None:
    game = prepare()
    dancer = game.put(0, "kite-dancer")
    hand = len(game.player(0).hand)
    _greet(game, dancer)
    game.resolve_all()
    assert len(game.player(1).damage) == 2 and len(game.player(0).hand) == hand + 1


@covers("chimney-sweep")
def test_chimney_sweep_bows_an_enemy_in_the_main_phase() -> None:
    game = prepare()
    sweep = game.put(0, "chimney-sweep")
    foe = game.put(1, "test-dummy")
    game.activate(sweep, target=foe)
    game.resolve_all()
    assert sweep.bowed and foe.bowed


@covers("windstep-monk")
def test_windstep_monk_readies_a_character_from_a_check() -> None:
    game = prepare()
    game.top(1, "windstep-monk")
    tired = game.put(1, "test-dummy", bowed=True)
    _flare(game)
    game.resolve_all()
    assert not tired.bowed


@covers("bell-thief")
def test_bell_thief_may_make_the_opponent_discard() -> None:
    game = prepare()
    thief = game.put(0, "bell-thief")
    game.until("battle", "greet")
    game.greet(thief)
    game.pass_both()
    game.act(0, "optional", answer="yes")
    assert len(game.player(1).hand) == 0 and game.ids(1, "graveyard") == ["test-dummy"]


@covers("smoke-adept")
def test_smoke_adept_becomes_a_bowed_resource_from_a_check() -> None:
    game = prepare()
    adept = game.top(1, "smoke-adept")[0]
    _flare(game)
    game.resolve_all()
    assert adept.zone == "resources" and adept.bowed


@covers("roof-captain-sel")
def test_sel_gives_the_other_characters_force() -> None:
    game = prepare()
    sel = game.put(0, "roof-captain-sel")
    dummy = game.put(0, "test-dummy")
    assert game.stats(sel)[0] == 3 and game.stats(dummy)[0] == 2


@covers("night-herald")
def test_night_herald_deals_one_to_the_opponent_as_it_enters() -> None:
    game = prepare()
    game.resources(0, 5)
    game.play(game.give(0, "night-herald"))
    game.pass_both()
    game.pass_both()
    assert len(game.player(1).damage) == 1


@covers("cinder-ox")
def test_cinder_ox_returns_to_hand_for_two_resources() -> None:
    game = prepare()
    ox = game.top(1, "cinder-ox")[0]
    game.resources(1, 1)
    _flare(game)
    assert ox.zone == "graveyard"  # one resource: the cost cannot be paid
    again = prepare()
    ox = again.top(1, "cinder-ox")[0]
    again.resources(1, 2)
    _flare(again)
    again.act(1, "breakfall")
    again.resolve_all()
    assert ox.zone == "hand"


@covers("mother-of-lanterns")
def test_ilse_gives_the_other_characters_sabotage() -> None:
    game = prepare()
    ilse = game.put(0, "mother-of-lanterns")
    dummy = game.put(0, "test-dummy")
    assert game.stats(ilse)[1] == 3 and game.stats(dummy)[1] == 2
