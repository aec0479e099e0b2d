"""Priority, the resolution space and rule processing (BREAKFALL-3)."""

from __future__ import annotations

from .helpers import prepare


def test_breakfall_3_1_last_in_first_out_after_both_pass_then_the_tp_gets_priority() -> None:
    game = prepare()
    mine = game.put(0, "test-dummy")
    theirs = game.put(1, "test-dummy")
    game.resources(0, 2)
    game.resources(1, 2)
    game.play(game.give(0, "falling-tiles"), theirs)
    assert game.state.space.holder == 1  # after each entry, the other player
    game.play(game.give(1, "falling-tiles"), mine)
    assert game.state.space.holder == 0
    game.pass_()
    game.pass_()  # both passed: the newest resolves
    assert mine.damage == 2 and theirs.damage == 0
    assert game.state.space.holder == 0  # the TP gets priority
    game.pass_both()
    assert theirs.damage == 2 and game.state.space.entries == []
    game.pass_both()  # nothing waiting: the phase ends
    assert game.state.phase == "battle"


def test_breakfall_3_2_triggers_the_tp_enters_first_so_the_ntps_resolve_first() -> None:
    # Both keepers trigger on one rule processing, in the damage step of a battle.
    other = prepare()
    a = other.put(0, "thorn-keeper")
    b = other.put(1, "thorn-keeper")
    other.put(0, "test-brute")
    other.put(1, "test-brute")
    other.until("battle", "greet")
    other.greet(a)
    other.pass_both()
    other.block(b)
    other.pass_both()  # 2 damage each way: both killed, both triggered
    assert other.space() == ["0:trigger:thorn-keeper", "1:trigger:thorn-keeper"]
    assert other.state.space.holder == 0
    other.pass_both()
    mine, theirs = other.player(0).field[0], other.player(1).field[0]
    assert (mine.damage, theirs.damage) == (1, 0)  # the NTP's resolved first


def test_breakfall_3_2_entering_triggers_does_not_move_priority() -> None:
    game = prepare()
    a = game.put(0, "test-twin-bell")
    game.until("battle", "greet")
    game.greet(a)
    assert game.space() == ["0:trigger:test-twin-bell", "0:trigger:test-twin-bell"]
    assert game.state.space.holder == 0


def test_breakfall_3_2_after_rule_processing_enters_a_trigger_the_tp_gets_priority() -> None:
    game = prepare()
    pulley = game.put(0, "test-pulley")  # bow this: draw; when this becomes bowed: draw
    game.activate(pulley)
    # The entry would give priority to seat 1, but its cost fired a trigger, which rule
    # processing entered before anyone got priority: the turn player gets it next.
    assert game.space() == ["0:ability:test-pulley", "0:trigger:test-pulley"]
    assert game.state.space.holder == 0
    hand = len(game.player(0).hand)
    game.pass_both()
    assert len(game.player(0).hand) == hand + 1 and game.space() == ["0:ability:test-pulley"]


def test_breakfall_3_2a_two_abilities_of_one_card_resolve_in_the_cards_order() -> None:
    game = prepare()
    bell = game.put(0, "test-twin-bell")
    hand = len(game.player(0).hand)
    game.until("battle", "greet")
    game.greet(bell)
    game.pass_both()  # the top one resolves first: the card's first ability (draw)
    assert len(game.player(0).hand) == hand + 1 and game.player(1).damage == []
    game.pass_both()
    assert len(game.player(1).damage) == 1


def test_breakfall_3_2a_one_players_triggers_resolve_oldest_source_first() -> None:
    game = prepare()
    old = game.put(0, "ash-runner")  # when it greets: +1 sabotage to itself
    new = game.put(0, "ash-runner")
    game.until("battle", "greet")
    game.greet(new, old)  # the order picked does not matter
    items = [e.item.uid for e in game.state.space.entries]
    assert items == [new.uid, old.uid]  # newest source entered first: the oldest on top
    game.pass_both()
    assert game.stats(old)[1] == 2 and game.stats(new)[1] == 1


def test_breakfall_3_2b_a_trigger_of_a_source_that_left_is_entered_and_resolves() -> None:
    game = prepare()
    dancer = game.put(0, "kite-dancer")  # force 2, durability 2; when it deals damage: draw
    wall = game.put(1, "thorn-keeper")  # force 2: the trade kills the dancer
    hand = len(game.player(0).hand)
    game.until("battle", "greet")
    game.greet(dancer)
    game.pass_both()
    game.block(wall)
    game.pass_both()
    assert dancer.zone == "graveyard"
    assert "0:trigger:kite-dancer" in game.space()
    game.resolve_all()
    assert len(game.player(0).hand) == hand + 1


def test_breakfall_3_2b_a_self_target_that_left_is_skipped() -> None:
    game = prepare()
    runner = game.put(0, "ash-runner")  # when it greets: +1 sabotage to itself
    game.until("battle", "greet")
    game.greet(runner)
    game.pass_()
    game.resources(1, 2)
    game.play(game.give(1, "falling-tiles"), runner)  # kills it (durability 2) first
    game.resolve_all()
    assert runner.zone == "graveyard"
    resolved = [c for c in game.captions() if "Ash Runner's ability resolves:" in c]
    assert resolved == ["{seat0}'s Ash Runner's ability resolves: no effect."]


def test_breakfall_3_3_rule_processing_defeat_before_kills_and_triggers() -> None:
    game = prepare()
    game.damage_zone(1, 10)
    tender = game.put(1, "grave-tender")
    tender.damage = 3  # state surgery: a loss and a kill to find at the same time
    game.pass_()
    assert game.result is not None and game.result.winners == (0,)
    assert tender.zone == "field" and game.state.space.entries == []  # defeat came first
    kills = prepare()
    tender = kills.put(1, "grave-tender")
    tender.damage = 3  # state surgery: lethal damage, not yet found
    kills.pass_()
    assert tender.zone == "graveyard"  # killed, then its trigger entered
    assert kills.space() == ["1:trigger:grave-tender"]


def test_breakfall_3_3_rule_processing_runs_after_each_check() -> None:
    game = prepare()
    game.damage_zone(1, 9)
    game.top(1, "test-dummy", "test-brute")
    game.resources(0, 2)
    game.play(game.give(0, "test-twin-flare"))
    game.pass_both()
    assert game.result.winners == (0,)
    assert game.ids(1, "damage")[-1] == "test-dummy" and len(game.player(1).damage) == 10
    assert game.player(0).damage == []  # the TP's checks never ran


def test_breakfall_3_4_the_controller_chooses_the_target_of_a_breakfall_it_must_enter() -> None:
    game = prepare()
    a, b = game.put(0, "test-dummy"), game.put(0, "test-brute")
    tiles = game.top(1, "falling-tiles")[0]  # breakfall: 1 damage to an enemy character
    game.resources(0, 1)
    game.play(game.give(0, "lantern-flare"))
    game.pass_both()
    assert game.decision == "breakfall" and game.pending == (1,)
    kinds = [s.kind for s in game.specs(1) if s.kind not in ("concede", "auto_pass")]
    assert kinds == ["breakfall"]  # no cost: it must be entered, only its target is asked
    assert game.match.view(None).waiting == "{seat1} chooses the breakfall's target"
    assert game.captions()[-1].endswith("breakfall! {seat1} must choose its target.")
    [spec] = game.specs(1, "breakfall")
    assert [o.value for o in spec.params[0].options] == [a.uid, b.uid]
    game.act(1, "breakfall", target=b.uid)
    game.resolve_all()
    assert b.damage == 1 and tiles.zone == "graveyard"


def test_breakfall_3_4a_the_controller_chooses_a_triggers_target_as_it_is_entered() -> None:
    game = prepare()
    keeper = game.put(1, "thorn-keeper")  # when dealt damage: 1 damage to an enemy character
    a, b = game.put(0, "test-dummy"), game.put(0, "test-brute")
    game.resources(0, 2)
    game.play(game.give(0, "falling-tiles"), keeper)
    game.pass_both()
    assert game.decision == "target" and game.pending == (1,)
    [spec] = game.specs(1, "target")
    assert [o.value for o in spec.params[0].options] == [a.uid, b.uid]
    game.act(1, "target", target=b.uid)
    assert game.space() == ["1:trigger:thorn-keeper"]
    game.resolve_all()
    assert b.damage == 1 and a.damage == 0


def test_breakfall_3_5_the_ntp_answers_with_any_speed_and_activated_abilities() -> None:
    game = prepare()
    oiler = game.put(1, "lamp-oiler")  # bow this: ready one of your characters
    tired = game.put(1, "test-dummy", bowed=True)
    game.resources(1, 2)
    game.give(1, "falling-tiles")
    game.give(1, "quick-study")  # main speed
    game.put(0, "test-dummy")
    game.resources(0, 1)
    game.play(game.give(0, "lantern-flare"))
    kinds = {
        (s.kind, s.label.split(" (")[0]) for s in game.specs(1) if s.kind in ("play", "activate")
    }
    assert ("play", "Play Falling Tiles") in kinds
    assert ("play", "Play Quick Study") not in kinds
    assert ("activate", "Use Lamp Oiler: Bow this: ready one of your characters.") in kinds
    game.activate(oiler, target=tired)  # the answer goes above the Flare and resolves first
    assert game.space() == ["0:card:lantern-flare", "1:ability:lamp-oiler"]
    game.pass_both()
    assert not tired.bowed and game.space() == ["0:card:lantern-flare"]


def test_breakfall_3_6_characters_main_techniques_and_main_only_need_the_tps_empty_main() -> None:
    game = prepare()
    sweep = game.put(0, "chimney-sweep")  # bow this: bow an enemy character; main only
    game.put(1, "test-dummy")
    game.resources(0, 3)
    game.give(0, "quick-study")
    game.give(0, "test-brute")
    labels = {
        s.label.split(" (")[0].split(":")[0]
        for s in game.specs(0)
        if s.kind in ("play", "activate")
    }
    assert {"Play Quick Study", "Play Test Brute", "Use Chimney Sweep"} <= labels
    game.play(game.give(0, "feint"), sweep)  # something waits now
    game.pass_()  # the NTP passes: the TP holds priority with the space not empty
    labels = {
        s.label.split(" (")[0].split(":")[0]
        for s in game.specs(0)
        if s.kind in ("play", "activate")
    }
    assert labels.isdisjoint({"Play Quick Study", "Play Test Brute", "Use Chimney Sweep"})
    other = prepare()
    other.resources(1, 3)
    other.give(1, "test-brute")
    other.pass_()  # the NTP holds priority in the TP's main phase
    assert other.specs(1, "play") == []


def test_breakfall_3_7_costs_paid_and_targets_chosen_on_entry_illegal_ones_skipped() -> None:
    game = prepare()
    fox = game.put(1, "gutter-fox")  # durability 1
    rows = game.resources(0, 3)
    hand = len(game.player(0).hand)
    game.play(game.give(0, "test-sling"), fox)  # 1 damage to an enemy character, then draw
    assert [c.bowed for c in rows] == [True, False, False]  # paid on entry
    game.pass_()
    game.play(game.give(0, "falling-tiles"), fox)  # kills the Sling's target before it resolves
    game.pass_both()
    assert fox.zone == "graveyard" and game.space() == ["0:card:test-sling"]
    game.pass_both()
    # Its target is gone: the damage is skipped, the draw is done; the cost stays paid.
    assert len(game.player(0).hand) == hand + 1 and all(c.bowed for c in rows)
    assert game.ids(0, "graveyard") == ["falling-tiles", "test-sling"]
    assert "{seat0}'s Test Sling resolves: {seat0} draws 1 (deck 19)." in game.captions()


def test_breakfall_3_7_a_character_entry_puts_the_character_on_the_field_ready() -> None:
    game = prepare()
    game.resources(0, 2)
    brute = game.give(0, "test-brute")
    game.play(brute)
    assert brute.zone == "space"
    game.pass_both()
    assert brute.zone == "field" and not brute.bowed
