"""One test per card: the techniques."""

from __future__ import annotations

from .helpers import covers, prepare
from .test_cards_lantern import _flare


@covers("tumble-roll")
def test_tumble_roll_readies_and_returns_from_a_check() -> None:
    game = prepare()
    tired = game.put(0, "test-dummy", bowed=True)
    game.resources(0, 1)
    game.play(game.give(0, "tumble-roll"), tired)
    game.resolve_all()
    assert not tired.bowed
    other = prepare()
    roll = other.top(1, "tumble-roll")[0]
    _flare(other)
    other.resolve_all()
    assert roll.zone == "hand"


@covers("cut-the-rope")
def test_cut_the_rope_negates_an_entry_not_a_check() -> None:
    game = prepare()
    game.resources(0, 2)
    brute = game.give(0, "test-brute")
    game.play(brute)
    game.resources(1, 2)
    rope = game.give(1, "cut-the-rope")
    [spec] = game.specs(1, "play")
    assert dict(spec.fixed)["target"] == game.state.space.entries[0].item.eid
    game.play(rope, game.state.space.entries[0].item.eid)
    game.resolve_all()
    assert brute.zone == "graveyard" and game.player(0).field == []


@covers("falling-tiles")
def test_falling_tiles_deals_two_or_one_from_a_check() -> None:
    game = prepare()
    foe = game.put(1, "test-brute")
    game.resources(0, 2)
    game.play(game.give(0, "falling-tiles"), foe)
    game.resolve_all()
    assert foe.damage == 2


@covers("pinning-throw")
def test_pinning_throw_bows_any_character_and_an_enemy_from_a_check() -> None:
    game = prepare()
    foe = game.put(1, "test-brute")
    game.resources(0, 1)
    game.play(game.give(0, "pinning-throw"), foe)
    game.resolve_all()
    assert foe.bowed
    other = prepare()
    mine = other.put(0, "test-dummy")
    other.top(1, "pinning-throw")
    other.resources(1, 1)
    _flare(other)
    other.act(1, "breakfall", target=mine.uid)
    other.resolve_all()
    assert mine.bowed


@covers("iron-skin")
def test_iron_skin_adds_durability_until_end_of_turn() -> None:
    game = prepare()
    mine = game.put(0, "test-dummy")
    game.resources(0, 1)
    game.play(game.give(0, "iron-skin"), mine)
    game.resolve_all()
    assert game.stats(mine)[2] == 5


@covers("sweep-kick")
def test_sweep_kick_hits_a_greeter_and_from_a_check_for_a_resource() -> None:
    game = prepare()
    brute = game.put(0, "test-brute")
    game.until("battle", "greet")
    game.greet(brute)
    game.pass_()
    game.resources(1, 2)
    game.play(game.give(1, "sweep-kick"), brute)
    game.resolve_all()
    assert brute.damage == 2
    other = prepare()
    brute = other.put(0, "test-brute")  # sabotage 2: two checks for seat 1
    kick = other.top(1, "sweep-kick")[0]
    other.resources(1, 1)
    other.until("battle", "greet")
    other.greet(brute)
    for _ in range(20):
        if other.decision == "breakfall":
            break
        other.pass_()
    [spec] = other.specs(1, "breakfall")
    assert spec.params == ()  # the one greeter: its target is not asked
    other.act(1, "breakfall", target=brute.uid)
    other.resolve_all()
    assert brute.damage == 2 and kick.zone == "graveyard"
    assert other.player(1).resources[0].bowed


@covers("shoulder-check")
def test_shoulder_check_hits_a_blocker() -> None:
    game = prepare()
    brute = game.put(0, "test-brute")
    guard = game.put(1, "test-brute")
    game.until("battle", "greet")
    game.greet(brute)
    game.pass_both()
    game.block(guard)
    game.resources(0, 2)
    game.play(game.give(0, "shoulder-check"), guard)
    game.resolve_all()
    assert guard.damage == 2


@covers("feint")
def test_feint_takes_two_force() -> None:
    game = prepare()
    foe = game.put(1, "test-brute")
    game.resources(0, 1)
    game.play(game.give(0, "feint"), foe)
    game.resolve_all()
    assert game.stats(foe)[0] == 1


@covers("lantern-rally")
def test_lantern_rally_adds_sabotage_and_readies() -> None:
    game = prepare()
    mine = game.put(0, "test-dummy", bowed=True)
    game.resources(0, 2)
    game.play(game.give(0, "lantern-rally"), mine)
    game.resolve_all()
    assert game.stats(mine)[1] == 2 and not mine.bowed


@covers("lantern-flare")
def test_lantern_flare_deals_one_to_the_opponent() -> None:
    game = prepare()
    _flare(game)
    assert len(game.player(1).damage) == 1


@covers("quick-study")
def test_quick_study_draws_two() -> None:
    game = prepare()
    hand = len(game.player(0).hand)
    game.resources(0, 2)
    game.play(game.give(0, "quick-study"))
    game.pass_both()
    assert len(game.player(0).hand) == hand + 2


@covers("sudden-gust")
def test_sudden_gust_returns_an_enemy_to_its_hand() -> None:
    game = prepare()
    foe = game.put(1, "test-brute")
    game.resources(0, 3)
    game.play(game.give(0, "sudden-gust"), foe)
    game.resolve_all()
    assert foe.zone == "hand" and foe.owner == 1


@covers("quiet-ending")
def test_quiet_ending_kills_durability_three_or_less() -> None:
    game = prepare()
    small = game.put(1, "test-dummy")  # durability 3
    game.put(1, "test-brute")  # 4: not offered
    game.resources(0, 3)
    [spec] = [s for s in game.specs(0, "play") if "Quiet" in s.label] or [None]
    game.give(0, "quiet-ending")
    [spec] = [s for s in game.specs(0, "play") if "Quiet" in s.label]
    assert dict(spec.fixed)["target"] == small.uid
    game.play(game.player(0).hand[-1], small)
    game.resolve_all()
    assert small.zone == "graveyard"


@covers("second-wind")
def test_second_wind_takes_a_card_back() -> None:
    game = prepare()
    lost = game.card(0, "test-brute", "graveyard")
    game.player(0).graveyard.append(lost)
    game.resources(0, 2)
    game.play(game.give(0, "second-wind"))
    game.pass_both()
    assert lost.zone == "hand"


@covers("heavy-rain")
def test_heavy_rain_hits_every_enemy() -> None:
    game = prepare()
    foes = [game.put(1, "test-dummy"), game.put(1, "test-brute")]
    game.resources(0, 4)
    game.play(game.give(0, "heavy-rain"))
    game.pass_both()
    assert [f.damage for f in foes] == [1, 1]


@covers("shared-ruin")
def test_shared_ruin_asks_each_player_to_discard_then_draws() -> None:
    game = prepare()
    game.give(0, "test-brute")
    game.give(1, "test-brute")
    game.resources(0, 2)
    game.play(game.give(0, "shared-ruin"))
    game.pass_both()
    assert game.decision == "discard" and game.pending == (0,)  # the TP first
    game.act(0, "discard", cards=game.player(0).hand[0].uid)
    assert game.decision == "discard" and game.pending == (1,)
    game.act(1, "discard", cards=game.player(1).hand[1].uid)
    assert len(game.player(0).hand) == 2 and game.ids(1, "graveyard") == ["test-brute"]
