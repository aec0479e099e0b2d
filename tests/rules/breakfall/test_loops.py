"""Loops (BREAKFALL-6): a repeatable ability named ×n, a loop of optional abilities both players
bid on, and a loop nobody can stop, with the rule-test card file of BREAKFALL-6.6a."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.breakfall import DataError, load_pool
from rules.breakfall.cards import TEST_ONLY
from rules.breakfall.loading import default_data_dir
from rules.engine import LoopGuard

from .helpers import LOOPS, Game, prepare


def _crank(game: Game, resources: int) -> tuple[object, list[object]]:
    crank = game.put(0, "test-crank")
    rows = game.resources(0, resources)
    return crank, rows


def test_breakfall_6_1_a_repeatable_ability_entered_n_times_then_blocked() -> None:
    """BREAKFALL-6.4 (a): one entry applies the effect n times, paying again each time."""
    game = prepare()
    crank, rows = _crank(game, 5)
    hand = len(game.player(0).hand)
    [spec] = game.specs(0, "activate")
    counts = [o.value for o in spec.params[-1].options]
    assert counts[0] == 1 and counts[-1] == 50 and 0 not in counts
    game.activate(crank, times=3)
    assert sum(c.bowed for c in rows) == 1  # the first time's cost, on entry
    assert game.space() == ["0:ability:test-crank"]
    game.pass_both()
    assert len(game.player(0).hand) == hand + 3 and sum(c.bowed for c in rows) == 3
    assert game.specs(0, "activate") == []  # blocked: the same loop again needs another act
    game.pass_()
    game.pass_()  # passes do not count (and the main phase ends)
    assert game.state.blocks.blocked(0, crank.defn.abilities[0].key)


def test_breakfall_6_1_the_loop_stops_when_its_cost_cannot_be_paid_and_unblocks() -> None:
    game = prepare()
    crank, _rows = _crank(game, 2)
    hand = len(game.player(0).hand)
    game.activate(crank, times=5)
    game.pass_both()
    assert len(game.player(0).hand) == hand + 2  # two resources: it ran twice
    game.act(0, "place", card=game.player(0).hand[0].uid)  # some other action
    assert not game.state.blocks.blocked(0, crank.defn.abilities[0].key)
    assert len(game.specs(0, "activate")) == 1  # the new resource pays for it again


def _echo(game: Game) -> tuple[object, object]:
    east = game.put(0, "test-echo-east")
    west = game.put(1, "test-echo-west")
    game.resources(0, 1)
    game.play(game.give(0, "pinning-throw"), east)  # bow a character: it starts the loop
    game.pass_both()
    return east, west


def _answer_until_bid(game: Game) -> int:
    """Both players say yes until the loop is named; how many times they were asked."""
    asked = 0
    for _ in range(40):
        if game.decision == "count":
            return asked
        if game.decision == "optional":
            asked += 1
            game.act(game.pending[0], "optional", answer="yes")
        else:
            game.pass_()
    raise AssertionError("no loop count was asked")


@pytest.mark.parametrize(("tp", "ntp", "decliner"), [(3, 5, 0), (4, 2, 1), (2, 2, 0), (0, 6, 0)])
def test_breakfall_6_2_both_bid_and_the_loop_runs_the_smaller_count(
    tp: int, ntp: int, decliner: int
) -> None:
    """The seed: a loop both players can continue; the TP names a count, then the NTP, in the
    open; it runs the smaller number of times (BREAKFALL-6.4 (b): then that player declines)."""
    game = prepare()
    east, west = _echo(game)
    # The same choice came back unchanged: a loop, named on its second lap (docs/rulings.md).
    assert _answer_until_bid(game) == 4
    assert game.pending == (0,)
    [spec] = game.specs(0, "count")
    assert [o.value for o in spec.params[0].options][:3] == [0, 1, 2]
    game.act(0, "count", count=tp)
    assert game.pending == (1,) and game.match.view(None).bids == ((0, tp),)
    [spec] = game.specs(1, "count")
    assert f"(named: opponent {tp}×)" in spec.label  # named in the open, worded for the seat
    game.act(1, "count", count=ntp)
    game.resolve_all()
    assert game.result is None and game.state.loop is None and game.state.space.entries == []
    captions = [s.caption for r in game.history for s in r.steps]
    declined = [c for c in captions if c.endswith("no (the loop stops).")]
    assert len(declined) == 1 and declined[0].startswith(f"{{seat{decliner}}}'s")
    # The named laps, both saying yes each time; on the last lap the TP (at the point where
    # the loop was named) still says yes if the NTP is the one to decline.
    laps = sum(c.endswith("bowed.") and "yes (the loop goes on)" in c for c in captions)
    assert laps == 2 * min(tp, ntp) + decliner
    assert east.zone == west.zone == "field"


def test_breakfall_6_3_a_loop_nobody_can_stop_is_a_draw() -> None:
    game = prepare()
    game.put(0, "test-gong-east")
    game.put(1, "test-gong-west")
    game.resources(0, 1)
    east = game.player(0).field[0]
    game.play(game.give(0, "pinning-throw"), east)
    for _ in range(60):
        if game.result is not None:
            break
        game.pass_()
    assert game.result is not None and game.result.draw and game.result.reason == "loop"
    assert game.result.summary.startswith("The same position came back with nobody able to stop it")


def test_breakfall_6_3_a_loop_of_mandatory_abilities_under_auto_pass_is_a_draw() -> None:
    game = prepare(hands=False)
    east = game.put(0, "test-gong-east")
    game.put(1, "test-gong-west")
    game.resources(0, 1)
    game.play(game.give(0, "pinning-throw"), east)  # both hands now empty: nobody is asked
    assert game.result is not None and game.result.reason == "loop"


def test_breakfall_6_3a_the_state_leaves_out_the_rng_turn_counters_and_passes() -> None:
    from rules.breakfall.loops import KEY_WITHOUT, loop_key

    assert {"rng", "turn", "passed", "seq"} <= KEY_WITHOUT
    game = prepare()
    before = loop_key(game.state)
    game.state.rng.next_u64()
    game.state.turn += 4
    game.state.seq += 3
    assert loop_key(game.state) == before
    game.state.players[0].hand[0].bowed = True  # a change the key sees
    assert loop_key(game.state) != before


def test_breakfall_6_3a_a_pass_and_a_one_option_target_are_no_choice() -> None:
    game = prepare()
    east = game.put(0, "test-gong-east")
    game.put(1, "test-gong-west")
    game.resources(0, 1)
    game.play(game.give(0, "pinning-throw"), east)
    run = game.state.guard.run
    game.pass_()
    assert game.state.guard.run > run  # a pass does not start the watch over
    for targets, asked in ((1, False), (2, True)):
        other = prepare()
        keeper = other.put(1, "thorn-keeper")  # when dealt damage: 1 damage to an enemy character
        foes = [other.put(0, "test-dummy") for _ in range(targets)]
        other.resources(0, 2)
        other.play(other.give(0, "falling-tiles"), keeper)
        other.pass_()
        other.state.guard.run = 500  # state surgery: a long run without a choice so far
        other.pass_()  # the Tiles resolve: the keeper's ability is entered, its target chosen
        if asked:
            other.act(1, "target", target=foes[1].uid)
        assert other.space() == ["1:trigger:thorn-keeper"]
        # One legal target is taken without asking and is no choice: the watch goes on; a
        # target chosen among two is a choice, and starts it over.
        assert (other.state.guard.run < 500) is asked


def test_breakfall_6_4_the_loops_offered_are_a_repeatable_ability_and_an_optional_pair() -> None:
    """(a) Only a ``repeatable`` ability is offered ×n; (b) only a cycle of optional abilities
    asks for counts: the same cycle without ``may`` is not offered as a loop (it is a draw)."""
    game = prepare()
    crank = game.put(0, "test-crank")  # repeatable: bow a resource: draw a card
    oiler = game.put(0, "lamp-oiler")  # bow this: ready one of your characters
    game.put(0, "test-dummy", bowed=True)
    game.resources(0, 2)
    by_card = {dict(s.fixed)["card"]: s for s in game.specs(0, "activate")}
    assert [p.name for p in by_card[crank.uid].params] == ["times"]
    assert all(p.name != "times" for p in by_card[oiler.uid].params)
    echo = prepare()
    _echo(echo)
    _answer_until_bid(echo)
    assert echo.decision == "count" and echo.result is None
    gong = prepare()
    gong.put(0, "test-gong-east")
    gong.put(1, "test-gong-west")
    gong.resources(0, 1)
    gong.play(gong.give(0, "pinning-throw"), gong.player(0).field[0])
    for _ in range(60):
        if gong.result is not None:
            break
        assert gong.decision == "priority"  # never a count to name
        gong.pass_()
    assert gong.result is not None and gong.result.reason == "loop"


def test_breakfall_6_5_a_thousand_resolutions_without_a_choice_is_a_draw() -> None:
    game = prepare()
    east = game.put(0, "test-gong-east")
    game.put(1, "test-gong-west")
    game.resources(0, 1)
    game.play(game.give(0, "pinning-throw"), east)
    game.state.guard = LoopGuard(limit=3)  # state surgery: a short limit, so it comes first
    for _ in range(10):
        if game.result is not None:
            break
        game.pass_()
    assert game.result is not None and game.result.reason == "runaway"
    assert "resolved in a row" in game.result.summary
    assert LoopGuard().limit == 1000


def test_breakfall_6_5a_optional_abilities_that_change_the_state_are_asked_every_time() -> None:
    game = prepare()
    east = game.put(0, "test-chatter-east")  # may: ready itself, bow enemies, draw a card
    game.put(1, "test-chatter-west")
    game.resources(0, 1)
    game.play(game.give(0, "pinning-throw"), east)
    game.pass_both()
    asked = 0
    for _ in range(60):
        if game.decision == "optional":
            asked += 1
            if asked == 7:
                game.act(game.pending[0], "optional", answer="no")
                continue
            game.act(game.pending[0], "optional", answer="yes")
        elif game.state.space.entries:
            game.pass_()
        else:
            break
    assert asked == 7 and game.state.bidding is None and game.result is None


def test_breakfall_6_6_the_playable_pool_has_no_loop_vocabulary(tmp_path: Path) -> None:
    shipped = load_pool()
    assert not any(a.repeatable for c in shipped.cards.values() for a in c.abilities)
    assert not any(a.when == "bowed" for c in shipped.cards.values() for a in c.abilities)
    assert {"repeatable", "bowed"} == TEST_ONLY
    text = (default_data_dir() / "cards.toml").read_text(encoding="utf-8")
    (tmp_path / "decks.toml").write_text(
        (default_data_dir() / "decks.toml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    bad = text + '\n[[card]]\nid = "x"\nname = "X"\nkind = "character"\ncost = 1\nforce = 1\n'
    bad += 'sabotage = 1\ndurability = 1\n[[card.ability]]\nkind = "activated"\n'
    bad += 'cost = ["bow_self"]\nrepeatable = true\neffects = [{ effect = "draw" }]\n'
    (tmp_path / "cards.toml").write_text(bad, encoding="utf-8")
    with pytest.raises(DataError, match="card 'x': ability 1: repeatable: only for the rule-test"):
        load_pool(tmp_path)


def test_breakfall_6_6a_the_rule_test_file_holds_the_three_loops() -> None:
    pool = load_pool(test_cards=LOOPS)
    assert pool.test
    crank = pool.cards["test-crank"].abilities[0]
    assert crank.repeatable and [str(c) for c in crank.cost] == ["bow_resources 1"]
    assert [e.effect for e in crank.effects] == ["draw"]
    for pair, may in (("echo", True), ("gong", False)):
        for side in ("east", "west"):
            [ability] = pool.cards[f"test-{pair}-{side}"].abilities
            assert ability.when == "bowed" and ability.may is may
            assert [(e.effect, e.target) for e in ability.effects] == [
                ("ready", "self"),
                ("bow", "all_enemy_characters"),
            ]
    assert not any(c.startswith("test") for d in pool.decks.values() for c in d.cards)
