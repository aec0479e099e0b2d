"""Hidden information (BREAKFALL-8), timeouts and auto-pass (BREAKFALL-9), what the menus offer
and what the captions say."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.breakfall import ruleset as breakfall_ruleset
from rules.engine import Action, IllegalAction, Match
from rules.registry import get_ruleset
from rules.simulate import random_match

from .helpers import Game, prepare, ruleset
from .test_cards_lantern import _flare


def _uids(data: Any) -> set[int]:
    """Every ``uid`` in a view's JSON."""
    found: set[int] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "uid" and isinstance(value, int):
                found.add(value)
            found |= _uids(value)
    elif isinstance(data, list | tuple):
        for value in data:
            found |= _uids(value)
    return found


def _hidden_position() -> Game:
    game = prepare()
    game.resources(0, 2, bowed=1)
    game.resources(1, 3, bowed=2)
    game.put(0, "test-brute")
    game.top(1, "test-dummy")
    _flare(game)
    return game


def test_breakfall_8_1_each_seat_sees_exactly_its_table() -> None:
    game = _hidden_position()
    state = game.state
    decks = {c.uid for p in state.players for c in p.deck}
    for viewer in (None, 0, 1):
        view = game.match.view(viewer)
        seen = _uids(view.to_json())
        assert not seen & decks
        for player in state.players:
            hand = {c.uid for c in player.hand}
            rows = {c.uid for c in player.resources}
            shown = view.players[player.seat]
            assert shown.hand_size == len(hand) and shown.deck_size == len(player.deck)
            assert shown.resource_states == tuple(c.bowed for c in player.resources)
            if player.seat == viewer:
                assert {c.uid for c in view.hand} == hand and {
                    r.uid for r in shown.resources
                } == rows
            else:
                assert not (hand | rows) & seen and shown.resources == ()
            # Open to all: the field with its damage, damage zone, check zone, graveyard.
            assert {c.uid for c in shown.field} == {c.uid for c in player.field}
            assert [c.uid for c in shown.damage] == [c.uid for c in player.damage]
            assert [c.uid for c in shown.graveyard] == [c.uid for c in player.graveyard]
    assert "rng" not in json.dumps(game.match.view(None).to_json())


def test_breakfall_8_1_the_space_and_the_check_zone_are_open_to_all() -> None:
    game = prepare()
    game.top(1, "gutter-fox")
    _flare(game)
    for viewer in (None, 0, 1):
        view = game.match.view(viewer)
        assert [c.name for c in view.players[1].check] == ["Gutter Fox"]
        assert view.waiting == "{seat1} pays for a breakfall or declines"
        # The check is under way: taken from the space, it is shown there as resolving.
        [check] = view.space
        assert (check.kind, check.seat, check.name, check.resolving) == (
            "check",
            1,
            "Gutter Fox",
            True,
        )
        assert check.text.startswith("Breakfall")


def test_a_seats_own_view_of_another_is_refused_by_the_engine() -> None:
    match = Match.new(ruleset(), 4, {"decks": ["lantern-roof", "iron-garden"]})
    with pytest.raises(IllegalAction):
        match.view(2)


# -- timeouts (BREAKFALL-9.1) ----------------------------------------------------------------------


def test_breakfall_9_1_the_clock_passes_priority() -> None:
    game = prepare()
    game.act(0, "timeout")
    assert game.state.space.holder == 1 and game.events("passed")


def test_breakfall_9_1_the_clock_greets_and_blocks_with_nobody() -> None:
    game = prepare()
    brute = game.put(0, "test-brute")
    game.until("battle", "greet")
    game.act(0, "timeout")
    assert not brute.bowed and game.state.phase == "end"
    other = prepare()
    a, b = other.put(0, "test-brute"), other.put(0, "test-dummy")
    guard = other.put(1, "test-brute")
    other.until("battle", "greet")
    other.greet(a, b)
    other.pass_both()
    assert other.decision == "block"
    other.act(1, "timeout")
    assert other.decision == "priority" and other.state.step == "block"
    other.pass_both()
    assert guard.damage == 0 and len(other.player(1).damage) == 3


def test_breakfall_9_1_the_clock_declines_a_breakfalls_cost() -> None:
    game = prepare()
    fox = game.top(1, "gutter-fox")[0]
    _flare(game)
    game.act(1, "timeout")
    assert fox.zone == "graveyard" and len(game.player(1).hand) == 1


def test_breakfall_9_1_the_clock_takes_the_first_listed_target() -> None:
    game = prepare()
    a, b = game.put(0, "test-dummy"), game.put(0, "test-brute")
    game.top(1, "falling-tiles")
    _flare(game)
    assert game.decision == "breakfall"
    game.act(1, "timeout")
    game.resolve_all()
    assert a.damage == 1 and b.damage == 0
    other = prepare()
    keeper = other.put(1, "thorn-keeper")
    c, d = other.put(0, "test-dummy"), other.put(0, "test-brute")
    other.resources(0, 2)
    other.play(other.give(0, "falling-tiles"), keeper)
    other.pass_both()
    assert other.decision == "target"
    other.act(1, "timeout")
    other.resolve_all()
    assert c.damage == 1 and d.damage == 0


def test_breakfall_9_1_the_clock_says_no_to_a_may_and_names_zero() -> None:
    game = prepare()
    game.resources(0, 1)
    game.play(game.give(0, "tile-scout"))
    game.pass_both()
    game.pass_both()
    assert game.decision == "optional"
    hand = len(game.player(0).hand)
    game.act(0, "timeout")
    assert len(game.player(0).hand) == hand
    from .test_loops import _answer_until_bid, _echo

    loop = prepare()
    _echo(loop)
    _answer_until_bid(loop)
    loop.act(0, "timeout")
    assert loop.match.view(None).bids == ((0, 0),)


def test_breakfall_9_1_the_clock_discards_the_newest_and_recalls_the_oldest() -> None:
    game = prepare()
    old = game.player(1).hand[0]
    new = game.give(1, "test-brute")
    game.put(0, "bell-thief")
    game.until("battle", "greet")
    game.greet(game.player(0).field[0])
    game.pass_both()
    game.act(0, "optional", answer="yes")
    assert game.decision == "discard" and game.pending == (1,)
    game.act(1, "timeout")
    assert new.zone == "graveyard" and old.zone == "hand"
    other = prepare()
    first = other.card(0, "test-brute", "graveyard")
    second = other.card(0, "test-dummy", "graveyard")
    other.player(0).graveyard += [first, second]
    other.resources(0, 2)
    other.play(other.give(0, "second-wind"))
    other.pass_both()
    assert other.decision == "recall"
    other.act(0, "timeout")
    assert first.zone == "hand" and second.zone == "graveyard"


def test_the_clock_acts_only_for_the_seat_the_match_waits_on() -> None:
    game = prepare()
    with pytest.raises(IllegalAction):
        game.match.apply(1, Action("timeout"))


# -- auto-pass (BREAKFALL-9.2) ---------------------------------------------------------------------


def test_breakfall_9_2_a_seat_whose_emptiness_is_evident_is_passed_for() -> None:
    game = prepare(hands=False)
    game.resources(0, 1)
    game.play(game.give(0, "lantern-flare"))
    # The NTP has no card in hand and nothing on the field: it is never asked.
    passed = [e for e in game.events("passed")]
    assert passed and passed[0].data == {"seat": 1, "auto": True}
    step = next(s for s in game.last.steps if s.caption.startswith("{seat1} passes"))
    assert step.public and "(no card in hand, nothing to use)" in step.caption


def _shipped() -> Game:
    """A match of the shipped pool, whose cheapest card costs 1, seat 0 first."""
    match = Match.new(
        breakfall_ruleset(), 5, {"decks": ["lantern-roof", "iron-garden"], "first": 0}
    )
    return Game(match)


def _ready_resource(game: Game, seat: int) -> None:
    """State surgery: a ready resource card for ``seat``."""
    card = game.card(seat, "moss-guard", "resources")
    game.player(seat).resources.append(card)


def test_breakfall_9_2_cards_in_hand_but_no_ready_resource_is_evidently_nothing_to_do() -> None:
    """Every shipped card costs at least 1: a seat with no ready resource, no usable ability on
    its field and no resource it may place can do nothing, whatever its hand holds, and
    everyone sees that; the rules pass for it."""
    game = _shipped()
    state = game.state
    # Turn 1's draw phase: neither seat has a resource; both are passed for, then the turn
    # player, who may place a resource in its main phase, is asked.
    assert (state.turn, state.phase, game.pending) == (1, "main", (0,))
    assert [len(p.hand) for p in state.players] == [4, 4]
    opening = [s.caption for s in game.match.opening.steps]
    assert "{seat1} passes (no ready resource, nothing to use): the draw phase ends." in opening
    game.pass_()
    # Seat 1 is passed for in seat 0's main and end phases, both in seat 1's draw phase.
    assert (state.turn, state.phase, game.pending) == (2, "main", (1,))
    passes = [e.data for e in game.events("passed")]
    assert passes[0] == {"seat": 0, "auto": False} and all(p["auto"] for p in passes[1:])


def test_breakfall_9_2_a_ready_resource_or_a_usable_ability_is_asked_about() -> None:
    game = _shipped()
    _ready_resource(game, 1)  # an any-speed technique costs 1: it may hold one
    game.match.state_edited()
    game.pass_()
    assert game.pending == (1,) and game.state.phase == "main"
    other = _shipped()
    other.put(1, "lamp-oiler")  # bow this: ready one of your characters
    other.pass_()
    assert other.pending == (1,) and other.state.phase == "main"


def test_breakfall_9_2_a_seat_with_a_usable_ability_is_asked_even_with_no_hand() -> None:
    game = prepare(hands=False)
    game.put(1, "lamp-oiler")  # bow this: ready one of your characters (any time)
    game.resources(0, 1)
    game.play(game.give(0, "lantern-flare"))
    assert game.pending == (1,)


def test_breakfall_9_2_auto_pass_is_off_by_default_and_an_opt_in_passes_when_nothing_usable() -> (
    None
):
    game = prepare()
    assert game.specs(1, "auto_pass")[0].label == "Auto-pass: turn on"
    game.resources(0, 1)
    game.play(game.give(0, "lantern-flare"))
    # It holds a card, and the rule-test pool has one that costs 0 (Test Twin Flare): not
    # evident, not opted in.
    assert game.pending == (1,)
    game.act(1, "auto_pass")
    assert game.state.space.holder == 0  # it held nothing usable: passed at once
    [step] = [s for s in game.last.steps if s.caption.startswith("{seat1} passes")]
    assert "(auto-pass)" in step.caption
    private = [s for s in game.last.steps if not s.public]
    assert private and private[0].audience == frozenset({1})
    game.resources(1, 2)
    game.give(1, "falling-tiles")
    game.put(0, "test-dummy")
    game.pass_()  # the Flare resolves
    game.pass_()
    assert game.pending == (1,)  # something usable now: asked despite auto-pass


# -- listing order (BREAKFALL-9.3) -----------------------------------------------------------------


def test_breakfall_9_3_opponents_first_oldest_first_entries_newest_first() -> None:
    game = prepare()
    mine_old, mine_new = game.put(0, "test-dummy"), game.put(0, "test-brute")
    theirs_old, theirs_new = game.put(1, "test-dummy"), game.put(1, "test-brute")
    game.resources(0, 5)
    game.give(0, "pinning-throw")  # bow a character
    [spec] = [s for s in game.specs(0, "play") if "Pinning" in s.label]
    order = [o.value for o in spec.params[0].options]
    assert order == [theirs_old.uid, theirs_new.uid, mine_old.uid, mine_new.uid]
    game.play(game.give(0, "test-brute"))
    game.resources(1, 4)
    game.play(game.give(1, "feint"), mine_old)
    game.give(0, "cut-the-rope")
    [spec] = [s for s in game.specs(0, "play") if "Cut" in s.label]
    eids = [e.item.eid for e in game.state.space.entries]
    assert [o.value for o in spec.params[0].options] == eids[::-1]


def test_breakfall_9_3_blockers_are_listed_in_the_order_they_entered_the_field() -> None:
    game = prepare()
    first, second = game.put(0, "test-brute"), game.put(0, "test-brute")
    old, new = game.put(1, "test-dummy"), game.put(1, "test-dummy")
    game.until("battle", "greet")
    game.greet(first, second)
    game.pass_both()
    game.block(new)  # the first greeter is blocked by the newer character
    game.block(old)
    game.resources(0, 2)
    game.give(0, "shoulder-check")  # deal 2 damage to a blocking character
    [spec] = [s for s in game.specs(0, "play") if "Shoulder" in s.label]
    assert [o.value for o in spec.params[0].options] == [old.uid, new.uid]


def test_target_labels_carry_force_damage_durability_and_bowed() -> None:
    game = prepare()
    foe = game.put(1, "test-brute", bowed=True)
    foe.damage = 1
    game.resources(0, 1)
    game.give(0, "pinning-throw")
    [spec] = [s for s in game.specs(0, "play") if "Pinning" in s.label]
    assert spec.params == ()  # one target: fixed
    game.put(1, "test-dummy")
    game.match.state_edited()
    [spec] = [s for s in game.specs(0, "play") if "Pinning" in s.label]
    labels = [o.label for o in spec.params[0].options]
    assert labels[0] == "enemy Test Brute · force 3, sabotage 2, damage 1/4, bowed"
    assert labels[1] == "enemy Test Dummy · force 1, sabotage 1, damage 0/3, ready"


def test_pass_labels_say_what_a_pass_does() -> None:
    game = prepare()
    assert game.specs(0, "pass")[0].label == "Pass (the main phase)"
    game.pass_()
    assert game.specs(1, "pass")[0].label == "Pass: the main phase ends"
    other = prepare()
    other.resources(0, 1)
    other.play(other.give(0, "lantern-flare"))
    assert other.specs(1, "pass")[0].label == "Pass (enemy Lantern Flare waits)"
    other.pass_()
    assert other.specs(0, "pass")[0].label == "Pass: your Lantern Flare resolves"


def _placeholders(match: Match[Any, Any]) -> list[str]:
    """Every label or detail offered to either seat that holds a seat placeholder."""
    found = []
    for seat in (0, 1):
        for spec in match.legal_actions(seat):
            texts = [spec.label, spec.detail]
            for param in spec.params:
                texts += [param.label, *(o.label for o in param.options)]
                texts += [o.detail for o in param.options]
            found += [f"seat {seat}: {t!r}" for t in texts if "{seat" in t]
    return found


@pytest.mark.parametrize("seed", range(6))
def test_labels_say_your_and_enemy_never_a_seat_placeholder(seed: int) -> None:
    """The bot puts names into captions, not into labels: a label is shown to one seat, so it
    says "your", "enemy", "you", "opponent"."""
    random_match(get_ruleset("breakfall"), seed, check=_placeholders)


def test_refusals_say_why() -> None:
    game = prepare()
    brute = game.give(0, "test-brute")
    with pytest.raises(IllegalAction, match="Not enough ready resources: Test Brute costs 2"):
        game.play(brute)
    with pytest.raises(IllegalAction, match="You do not hold priority"):
        game.match.apply(1, Action("pass"))
    game.act(0, "place", card=brute.uid)
    with pytest.raises(IllegalAction, match="placed a resource this turn"):
        game.act(0, "place", card=game.player(0).hand[0].uid)


def test_summary_says_where_the_match_stands_from_the_spectators_view() -> None:
    game = prepare()
    game.damage_zone(1, 3)
    game.match.state_edited()
    line = game.match.ruleset.summary(game.match.view(None))
    assert line == (
        "Turn 5, the main phase · {seat0}: damage 0/10, deck 20, hand 1 · "
        "{seat1}: damage 3/10, deck 20, hand 1"
    )
    with pytest.raises(ValueError, match="spectator"):
        game.match.ruleset.summary(game.match.view(0))


def test_a_resolution_that_stops_says_what_it_did_and_who_chooses_then_all_it_did() -> None:
    game = prepare()
    game.resources(0, 1)
    game.play(game.give(0, "tile-scout"))  # may: draw a card, then discard a card
    drawn = game.top(0, "test-brute")[0]
    game.pass_both()
    game.pass_both()
    game.act(0, "optional", answer="yes")
    assert game.decision == "discard"
    public = [s.caption for s in game.last.steps if s.public]
    assert public == [
        "{seat0}'s Tile Scout's ability: {seat0} says yes; {seat0} draws 1 (deck 20); "
        "{seat0} chooses a card to discard."
    ]
    game.act(0, "discard", cards=drawn.uid)
    assert [s.caption for s in game.last.steps] == [
        "{seat0}'s Tile Scout's ability resolves: {seat0} says yes; {seat0} draws 1 (deck 20); "
        "{seat0} discards Test Brute."
    ]


def test_the_answer_to_a_may_is_in_the_caption_of_its_ability() -> None:
    game = prepare()
    game.give(1, "test-brute")  # two cards: seat 1 chooses which to discard
    game.put(0, "bell-thief")  # when it greets: you may have your opponent discard a card
    game.until("battle", "greet")
    game.greet(game.player(0).field[0])
    game.pass_both()
    game.act(0, "optional", answer="yes")
    assert [s.caption for s in game.last.steps] == [
        "{seat0}'s Bell Thief's ability: {seat0} says yes; {seat1} chooses a card to discard."
    ]
    game.act(1, "discard", cards=game.player(1).hand[1].uid)
    assert [s.caption for s in game.last.steps] == [
        "{seat0}'s Bell Thief's ability resolves: {seat0} says yes; {seat1} discards Test Brute."
    ]
    declined = prepare()
    declined.put(0, "bell-thief")
    declined.until("battle", "greet")
    declined.greet(declined.player(0).field[0])
    declined.pass_both()
    declined.act(0, "optional", answer="no")
    assert declined.captions()[0] == "{seat0}'s Bell Thief's ability resolves: {seat0} declines."


def test_captions_name_a_placed_card_only_to_its_owner() -> None:
    game = prepare()
    card = game.give(0, "test-brute")
    game.act(0, "place", card=card.uid)
    public, private = game.last.steps
    assert public.public and "Test Brute" not in public.caption
    assert private.audience == frozenset({0}) and "Test Brute" in private.caption


def test_the_bot_conventions_are_in_the_views() -> None:
    match = Match.new(ruleset(), 7, {"decks": ["lantern-roof", "iron-garden"], "first": 1})
    view = match.view(None)
    assert view.turn == 1 and view.first == 1
    assert [p.hand_size for p in view.players] == [4, 4]
    assert len(match.view(0).hand) == 4 and match.view(None).hand == ()
    assert any(e.kind == "turn_started" for s in match.opening.steps for e in s.events)
    assert ruleset().timeout == Action("timeout")
    assert "first" in ruleset().setup_fields
