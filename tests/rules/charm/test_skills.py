"""Skills and effects as the data vocabulary gives them (CHARM-11.2 - 11.8): A.Skill costs,
once per turn, triggered and static P.Skills, each effect, its targets and its conditions."""

from __future__ import annotations

import pytest

from rules.engine import IllegalAction

from .helpers import prepare


def test_charm_11_2_a_heroine_is_never_moved_off_the_field() -> None:
    game = prepare()
    courier = game.put(0, "night-courier")
    game.set_pool(0, 2)
    game.use(courier, target=game.heroine(1))
    assert game.heroine(1).zone == "field"
    assert [e.data["name"] for e in game.events("stays")] == ["Mira Quill"]


def test_charm_11_2_an_event_goes_to_the_discard_pile_once_resolved_or_negated() -> None:
    game = prepare()
    game.set_pool(0, 2)
    game.set_pool(1, 2)
    ovation = game.give(0, "standing-ovation")
    game.give(0, "heckle")
    lights = game.give(1, "cut-the-lights")
    game.give(1, "heckle")
    game.use(ovation, target=game.heroine(0))
    assert ovation.zone == "chain"  # not in hand, not yet in the pile while declared
    game.use(lights)
    game.pass_(0)
    assert ovation.zone == "discard" and lights.zone == "discard"
    assert game.player(0).discard == [ovation] and game.player(1).discard == [lights]


def test_charm_11_3_costs_of_ep_check_and_discard_and_what_they_need() -> None:
    game = prepare()
    archivist = game.put(0, "quiet-archivist")  # 1 EP, discard a card: draw two
    game.set_pool(0, 1)
    assert not game.specs(0, "use")  # no other card in hand to discard (CHARM-11.6a)
    fodder = game.give(0, "lantern-page")
    [spec] = game.specs(0, "use")
    assert spec.label == "Use Quiet Archivist's A.Skill (1 EP, discard 1)"
    assert [o.value for o in spec.params[0].options] == [fodder.uid]
    game.use(archivist, cost=[fodder])
    assert game.player(0).pool == 0 and fodder.zone == "discard" and len(game.hand(0)) == 2
    assert not archivist.checked  # no "check this" in its cost


def test_charm_11_3a_once_per_turn_a_card_and_again_next_turn() -> None:
    game = prepare()
    finale = game.put(0, "grand-finale")
    game.set_pool(0, 2)
    game.use(finale)
    assert game.damage(1) == 1 and finale.tokens == 2
    assert not game.specs(0, "use")  # EP left, but once per turn
    game.next_turn()
    game.next_turn()
    game.set_pool(0, 1)
    assert game.specs(0, "use")


def test_charm_11_4_enters_and_phase_timings_are_the_owners() -> None:
    game = prepare()
    game.set_pool(0, 0)
    sprite = game.give(0, "garden-sprite")
    game.play(sprite)  # enters: draw a card
    assert len(game.hand(0)) == 1
    game.put(1, "overture-of-dawn")  # seat 1's start phase only
    game.put(0, "encore-fan")
    hand = len(game.hand(0))
    game.end_turn()
    game.pass_until(lambda: game.state.phase == "main")
    assert len(game.hand(1)) == 2  # the Overture's card and the draw
    assert len(game.hand(0)) == hand


def test_charm_11_4a_draw_phase_triggers_on_the_draw_even_of_nothing_never_on_turn_1() -> None:
    game = prepare(deck=0)
    fan = game.put(1, "encore-fan")  # after its draw: a token on a music card
    song = game.put(1, "nocturne")
    game.end_turn()
    assert game.player(1).drew_nothing
    assert [e.data["after"] for e in game.all_events("tokens") if e.data["card"] == song.uid][
        -1
    ] == 1
    del fan
    # The first player's turn 1 has no draw: prepare() came through it without any trigger.
    assert not [e for e in prepare().match.opening.steps if e.caption.startswith("Draw")]


def test_charm_11_5_statics_ap_dp_and_limits_while_face_up() -> None:
    game = prepare(heroines=("aria-vale", "lumi-hart"))
    heroine = game.heroine(0)
    page = game.put(0, "lantern-page")
    for card_id in ("choir-captain", "rose-arcade", "velvet-rope", "iron-understudy"):
        game.put(0, card_id)
    twin = game.put(0, "mirror-twin")
    hand = game.put(0, "fan-letter-box")
    duelist = game.put(0, "glass-duelist")
    view = game.match.view(None).players[0]
    assert game.ap(heroine) == 3 + 1 + 1  # Captain (all), Arcade (heroine)
    assert game.dp(heroine) == 3 + 1 + 1  # Rope (all), Understudy (heroine)
    assert game.ap(page) == 1 + 1 and game.dp(page) == 2 + 1
    assert game.ap(twin) == 3 + 1 + 1  # its own +1 (self)
    assert view.hand_limit == 6 and view.damage_limit == 18
    duelist.face_down = True  # surgery: a face-down card's statics stop
    hand.face_down = False
    assert game.match.view(None).players[0].damage_limit == 20


def test_charm_11_6_boost_check_uncheck_face_down_bounce_and_ep() -> None:
    game = prepare()
    game.set_pool(0, 9)
    ringer = game.put(0, "bell-ringer")
    terrace = game.put(0, "moonlit-terrace", checked=True)
    game.use(ringer, target=terrace)  # check this: uncheck one of your backgrounds
    assert ringer.checked and not terrace.checked
    critic = game.give(0, "star-critic")
    small = game.put(1, "lantern-page")  # DP 2
    big = game.put(1, "velvet-usher")  # DP 4
    game.play(critic)  # enters: an enemy character with DP 2 or less face down
    assert game.waiting_on() == "target" and game.pending() == (0,)
    [spec] = game.specs(0, "target")
    assert [o.value for o in spec.params[0].options] == [game.heroine(1).uid, small.uid, big.uid]
    game.target(big)  # DP 4: not 2 or less, nothing happens
    assert big.face_up
    square = game.put(0, "clock-square")
    game.use(square, cost=[game.give(0, "lantern-page")])  # gain 2 EP
    assert game.player(0).pool == 9 - 5 + 2


def test_charm_11_6_draw_then_discard_of_ones_choice() -> None:
    game = prepare()
    game.set_pool(0, 9)
    game.use(game.give(0, "encore"))  # draw two, then discard one: a choice
    assert game.waiting_on() == "discard" and game.pending() == (0,)
    game.discard(game.hand(0)[0])
    assert len(game.hand(0)) == 1 and len(game.player(0).discard) == 2


def test_charm_11_6a_discarding_more_than_one_holds_takes_all_and_a_cost_needs_others() -> None:
    game = prepare()
    game.set_pool(0, 2)
    nocturne = game.give(0, "nocturne")
    only = game.give(1, "lantern-page")
    game.play(nocturne)  # enters: your opponent discards a card; it holds one
    game.pass_(1)
    assert game.waiting_on() != "discard" and only.zone == "discard"
    trunk = game.put(0, "prop-trunk")
    game.pile(0, "tin-drummer")
    assert not [s for s in game.specs(0, "use") if dict(s.fixed)["card"] == trunk.uid]
    with pytest.raises(IllegalAction, match="costs 1 other cards"):
        game.use(trunk, cost=[])


def test_charm_11_7_11_8_targets_and_conditions() -> None:
    game = prepare(heroines=("aria-vale", "sena-brook"))
    game.set_damage(1, 7)
    game.end_turn()  # Sena Brook: heal 2 if damage is 8 or more: not yet
    assert game.damage(1) == 7
    game.next_turn()
    game.set_damage(1, 8)
    game.next_turn()
    assert game.damage(1) == 6
    busker = game.put(1, "wishing-busker")
    game.set_damage(0, 9)
    game.pass_until(lambda: game.state.turn_player == 0)
    assert game.damage(0) == 9  # 9 < 10: no damage
    del busker
