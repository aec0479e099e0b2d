"""Damage, damage checks and breakfall (BREAKFALL-5), with the seed's own cases as scenarios."""

from __future__ import annotations

from .helpers import prepare


def test_breakfall_5_1_greeter_deals_sabotage_to_a_player_and_force_to_a_character() -> None:
    game = prepare()
    brute = game.put(0, "test-brute")  # force 3, sabotage 2
    dummy = game.put(0, "test-dummy")  # force 1, sabotage 1
    wall = game.put(1, "test-brute")  # durability 4
    game.until("battle", "greet")
    game.greet(brute, dummy)
    game.pass_both()
    game.block(wall)  # blocks the brute
    game.pass_both()
    assert wall.damage == 3  # force to the character
    assert dummy.damage == 0  # unblocked: its sabotage 1 to the player, one check
    assert len(game.player(1).damage) == 1


def test_breakfall_5_1_dealt_damage_triggers_only_for_one_or_more() -> None:
    game = prepare()
    keeper = game.put(1, "thorn-keeper")  # when dealt damage: 1 damage to an enemy character
    feint = game.give(0, "feint")
    game.resources(0, 1)
    weak = game.put(0, "test-dummy")
    game.play(feint, weak)  # force 1 - 2 = -1
    game.resolve_all()
    game.until("battle", "greet")
    game.greet(weak)
    game.pass_both()
    game.block(keeper)
    game.pass_both()
    assert keeper.damage == 0 and weak.damage == 2  # the keeper dealt 2, took 0
    assert game.state.space.entries == []  # nothing triggered for 0 damage


def test_breakfall_5_1a_force_below_zero_deals_zero_and_modifiers_add_up_as_they_are() -> None:
    game = prepare()
    dummy = game.put(0, "test-dummy")  # force 1
    game.resources(0, 4)
    game.play(game.give(0, "feint"), dummy)
    game.resolve_all()
    game.play(game.give(0, "feint"), dummy)
    game.resolve_all()
    assert game.stats(dummy)[0] == -3
    game.play(game.give(0, "lantern-rally"), dummy)  # sabotage +1, ready: no force change
    game.resolve_all()
    assert game.stats(dummy)[0] == -3  # not floored at 0 on the way: -3, not 0


def test_breakfall_5_2_damage_stays_until_the_end_of_the_turn_and_kills_at_durability() -> None:
    game = prepare()
    warden = game.put(1, "gate-warden")  # durability 4
    game.resources(0, 5)
    game.play(game.give(0, "falling-tiles"), warden)
    game.resolve_all()
    assert warden.damage == 2 and warden.zone == "field"
    game.play(game.give(0, "falling-tiles"), warden)
    game.resolve_all()
    assert warden.zone == "graveyard"  # 4 damage of 4: killed by rule processing
    survivor = game.put(1, "test-brute")
    game.play(game.give(0, "lantern-flare"), None)
    game.resolve_all()
    survivor.damage = 2  # state surgery: damage from earlier in the turn
    game.until("end", "end")
    assert survivor.damage == 2
    game.until("draw", turn=6)
    assert survivor.damage == 0  # removed at the end of the turn


def test_breakfall_5_3_the_turn_players_checks_are_placed_first() -> None:
    """The seed: damage to both players at once; the turn player's checks go in first, so the
    non-turn player's resolve first (BREAKFALL-5.5)."""
    game = prepare()
    flare = game.give(0, "test-twin-flare")
    game.play(flare)
    game.pass_both()  # it resolves
    turned = [e.data["seat"] for e in game.events("turned")]
    assert turned == [1, 1, 0, 0]
    assert [len(game.player(s).damage) for s in (0, 1)] == [2, 2]


def test_breakfall_5_4_a_a_card_without_breakfall_goes_to_the_damage_zone() -> None:
    game = prepare()
    game.top(1, "test-brute")
    game.resources(0, 1)
    game.play(game.give(0, "lantern-flare"))
    game.pass_both()
    assert game.ids(1, "damage") == ["test-brute"] and game.player(1).check == []
    [step] = [s for s in game.last.steps if "turns" in s.caption]
    assert (
        step.caption == "{seat1}'s damage check turns Test Brute: to the damage zone (0 → 1 of 10)."
    )


def test_breakfall_5_4_b_a_breakfall_is_entered_answered_then_its_card_goes_to_the_graveyard() -> (
    None
):
    """The seed: a breakfall entered from the check zone is an ordinary entry; once it has
    resolved, its card leaves the check zone for the graveyard (BREAKFALL-5.6)."""
    game = prepare()
    tiles = game.top(1, "falling-tiles")[0]  # breakfall: 1 damage to an enemy character
    dummy = game.put(0, "test-dummy")  # the breakfall's only target: taken at once
    game.resources(0, 2)
    game.play(game.give(0, "lantern-flare"))
    game.pass_both()
    assert game.space() == ["1:check*", "1:breakfall:falling-tiles"]
    assert tiles.zone == "check" and game.state.space.holder == 0  # the TP may answer
    skin = game.give(0, "iron-skin")
    game.play(skin, dummy)  # answered: durability +2 first
    assert game.space() == ["1:check*", "1:breakfall:falling-tiles", "0:card:iron-skin"]
    game.resolve_all()
    assert dummy.damage == 1 and dummy.zone == "field"
    assert tiles.zone == "graveyard" and game.player(1).damage == []


def test_breakfall_5_4_c_a_breakfall_with_no_legal_target_goes_to_the_graveyard() -> None:
    game = prepare()
    tiles = game.top(1, "falling-tiles")[0]  # no enemy character to aim at
    game.resources(0, 1)
    game.play(game.give(0, "lantern-flare"))
    game.pass_both()
    assert tiles.zone == "graveyard" and game.state.space.entries == []
    assert any("no legal target: to the graveyard" in c for c in game.captions())


def test_breakfall_5_4_c_a_breakfall_an_effect_forbids_goes_to_the_graveyard() -> None:
    game = prepare()
    game.put(0, "stone-listener")  # the opponent's breakfalls cannot be entered
    sprinter = game.top(1, "tavi-roof-sprinter")[0]
    game.resources(0, 1)
    game.play(game.give(0, "lantern-flare"))
    game.pass_both()
    assert sprinter.zone == "graveyard" and game.player(1).field == []
    assert game.player(1).damage == []  # it is no damage either


def test_breakfall_5_4_d_a_cost_breakfall_declined_by_not_paying() -> None:
    """The seed: a "cost: effect" breakfall may be declined; the card goes to the graveyard."""
    game = prepare()
    fox = game.top(1, "gutter-fox")[0]  # breakfall — discard a card: put this into your hand
    game.give(1, "test-dummy")
    game.resources(0, 1)
    game.play(game.give(0, "lantern-flare"))
    game.pass_both()
    assert game.decision == "breakfall" and game.pending == (1,)
    assert [s.kind for s in game.specs(1) if s.kind in ("breakfall", "decline")] == [
        "breakfall",
        "decline",
    ]
    game.act(1, "decline")
    assert fox.zone == "graveyard" and len(game.player(1).hand) == 2
    assert game.player(1).damage == []


def test_breakfall_5_4_d_a_cost_breakfall_paid() -> None:
    game = prepare(hands=False)
    fox = game.top(1, "gutter-fox")[0]
    kept = game.give(1, "test-dummy")
    game.resources(0, 1)
    game.play(game.give(0, "lantern-flare"))
    game.pass_()  # the TP, with no card in hand left, is passed for (BREAKFALL-9.2)
    game.act(1, "breakfall", cards=[kept.uid])  # one card in hand: the only way to pay
    assert kept.zone == "graveyard"
    game.resolve_all()
    assert fox.zone == "hand"


def test_breakfall_5_5_checks_run_by_themselves_newest_first() -> None:
    game = prepare()
    game.top(1, "test-brute", "test-dummy")
    brute = game.put(0, "test-brute")  # sabotage 2
    game.until("battle", "greet")
    game.greet(brute)
    game.pass_both()
    game.pass_both()  # the block step: the NTP has no character to block with
    # No round of passes between the checks: both ran when the damage was dealt.
    assert game.ids(1, "damage") == ["test-brute", "test-dummy"]
    assert game.state.space.entries == [] and game.state.space.holder == 0


def test_breakfall_5_5a_priority_only_when_no_check_is_on_top() -> None:
    game = prepare()
    game.top(1, "tavi-roof-sprinter", "test-dummy")
    game.play(game.give(0, "test-twin-flare"))
    game.pass_both()
    # The NTP's first check turned Tavi: its breakfall sits above the remaining checks, and
    # only then does anyone get priority, the TP first.
    assert game.space() == [
        "0:check",
        "0:check",
        "1:check",
        "1:check*",
        "1:breakfall:tavi-roof-sprinter",
    ]
    assert game.state.space.holder == 0
    assert game.state.space.automatic_top() is None


def test_breakfall_5_6_a_negated_breakfall_counts_as_resolved_and_its_check_ends() -> None:
    game = prepare(turn_player=1)
    sprinter = game.top(0, "tavi-roof-sprinter")[0]
    game.resources(1, 1)
    game.play(game.give(1, "lantern-flare"))
    game.pass_both()
    assert game.space() == ["0:check*", "0:breakfall:tavi-roof-sprinter"]
    game.resources(1, 2)
    rope = game.give(1, "cut-the-rope")
    assert len(game.specs(1, "play")) == 1
    [breakfall] = [e.item.eid for e in game.state.space.entries if e.item.kind == "breakfall"]
    game.play(rope, breakfall)
    game.resolve_all()
    assert sprinter.zone == "graveyard" and game.player(0).field == []
    assert game.ids(1, "graveyard") == ["lantern-flare", "cut-the-rope"]


def test_breakfall_5_7_damage_from_an_effect_places_checks_on_top_that_start_at_once() -> None:
    game = prepare()
    game.resources(0, 1)
    game.play(game.give(0, "lantern-flare"))
    game.pass_()
    res = game.pass_()
    kinds = [e.kind for s in res.steps for e in s.events]
    assert kinds.index("checks") < kinds.index("turned")
    assert len(game.player(1).damage) == 1 and game.state.space.holder == 0
