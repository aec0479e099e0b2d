"""Seats and setup (BREAKFALL-1) and the turn (BREAKFALL-2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.breakfall import BreakfallRuleset, load_pool
from rules.breakfall.loading import DECK_SIZE, default_data_dir
from rules.engine import TURN_STARTED, Match

from .helpers import prepare, ruleset

DECKS = {"decks": ["lantern-roof", "iron-garden"]}


def test_breakfall_1_1_a_deck_is_50_cards_at_most_4_of_a_name_and_16_breakfalls() -> None:
    rules = ruleset()
    lantern = list(rules.pool.decks["lantern-roof"].cards)
    assert len(lantern) == DECK_SIZE
    five = list(lantern)
    five[five.index("tile-scout")] = "ash-runner"  # a fifth Ash Runner
    with pytest.raises(ValueError, match=r"5 copies of 'Ash Runner', at most 4 \(BREAKFALL-1.1\)"):
        rules.normalize_setup({"decks": [five, "iron-garden"]})
    with pytest.raises(ValueError, match="a deck holds 50 cards"):
        rules.normalize_setup({"decks": [lantern[:40], "iron-garden"]})
    breakfalls = [
        c for c in rules.pool.cards.values() if c.breakfall and not c.id.startswith("test")
    ]
    seventeen = [b.id for b in breakfalls for _ in range(4)][:17]
    plain = [
        c.id for c in rules.pool.cards.values() if not c.breakfall and not c.id.startswith("test")
    ]
    fill = [p for p in plain for _ in range(4)][: DECK_SIZE - 17]
    with pytest.raises(ValueError, match=r"17 cards with breakfall, at most 16 \(BREAKFALL-1.1\)"):
        rules.normalize_setup({"decks": [seventeen + fill, "iron-garden"]})
    assert rules.normalize_setup({"decks": [lantern, "iron-garden"]})["decks"][0] == lantern


def test_breakfall_1_1_copies_are_counted_by_the_full_name(tmp_path: Path) -> None:
    """Two cards whose names share a word but not the epithet are two names: four of each may
    be in a deck; a fifth of one full name may not."""
    data = default_data_dir()
    bearer = (
        '\n[[card]]\nid = "tavi-lantern-bearer"\nname = "Tavi, Lantern Bearer"\n'
        'kind = "character"\ncost = 2\nforce = 1\nsabotage = 1\ndurability = 2\n'
    )
    (tmp_path / "cards.toml").write_text(
        (data / "cards.toml").read_text(encoding="utf-8") + bearer, encoding="utf-8"
    )
    (tmp_path / "decks.toml").write_text(
        (data / "decks.toml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    rules = BreakfallRuleset(load_pool(tmp_path))
    others = [c for c in rules.pool.decks["lantern-roof"].cards if not c.startswith("tavi")]
    deck = ["tavi-roof-sprinter"] * 4 + ["tavi-lantern-bearer"] * 4 + others[:42]
    assert rules.normalize_setup({"decks": [deck, "iron-garden"]})["decks"][0] == deck
    five = ["tavi-roof-sprinter"] * 5 + ["tavi-lantern-bearer"] * 3 + others[:42]
    with pytest.raises(ValueError, match=r"5 copies of 'Tavi, Roof Sprinter', at most 4"):
        rules.normalize_setup({"decks": [five, "iron-garden"]})
    assert rules.deck_rule is not None and rules.deck_rule.by_name


def test_breakfall_1_2_opening_hands_of_four_and_no_hand_limit() -> None:
    match = Match.new(ruleset(), 3, DECKS)
    view = match.view(None)
    first = view.first
    assert view.players[first].hand_size == 4  # skips the draw of turn 1
    assert view.players[1 - first].hand_size == 4
    game = prepare()
    for _ in range(12):
        game.give(0, "test-dummy")
    game.until("draw", turn=7)
    assert len(game.player(0).hand) == 14  # nothing is discarded for the hand's size


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_breakfall_1_3_a_seeded_coin_picks_the_first_player_who_skips_the_first_draw(
    seed: int,
) -> None:
    match = Match.new(ruleset(), seed, DECKS)
    again = Match.new(ruleset(), seed, DECKS)
    view = match.view(None)
    assert view.first == again.view(None).first
    assert view.turn == 1 and view.turn_player == view.first
    assert view.players[view.first].deck_size == DECK_SIZE - 4


def test_breakfall_1_3_firsts_vary_with_the_seed_and_a_setup_may_name_one() -> None:
    firsts = {Match.new(ruleset(), seed, DECKS).view(None).first for seed in range(12)}
    assert firsts == {0, 1}
    for seat in (0, 1):
        named = Match.new(ruleset(), 5, {**DECKS, "first": seat})
        assert named.view(None).first == seat
    coin = Match.new(ruleset(), 5, DECKS)
    same = Match.new(ruleset(), 5, {**DECKS, "first": coin.view(None).first})
    assert [c.defn.id for c in same.state.players[0].hand] == [
        c.defn.id for c in coin.state.players[0].hand
    ]


def test_breakfall_1_4_exactly_two_seats_and_a_replayable_setup() -> None:
    with pytest.raises(ValueError, match="exactly 2"):
        ruleset().normalize_setup({"seats": 3})
    one, two = Match.new(ruleset(), 9, DECKS), Match.new(ruleset(), 9, DECKS)
    assert one.state_hash() == two.state_hash()
    assert Match.new(ruleset(), 10, DECKS).state_hash() != one.state_hash()
    [turn] = [e for s in one.opening.steps for e in s.events if e.kind == TURN_STARTED]
    assert turn.data["turn"] == 1


def test_breakfall_1_4_uids_are_given_after_the_shuffle_and_say_nothing_of_the_decklist() -> None:
    """Hardening: cards are numbered in the order they lie once shuffled, so a hidden card's
    uid does not tell which card it is. Swapping two different cards in the public decklist
    swaps the cards dealt, not the uids."""
    lantern = list(ruleset().pool.decks["lantern-roof"].cards)
    other = next(i for i, card in enumerate(lantern) if card != lantern[0])
    swapped = list(lantern)
    swapped[0], swapped[other] = swapped[other], swapped[0]

    def dealt(deck: list[str]) -> list[tuple[int, str]]:
        match = Match.new(ruleset(), 7, {"decks": [deck, "iron-garden"], "first": 0})
        player = match.state.players[0]
        return [(c.uid, c.defn.id) for c in (*player.hand, *player.deck)]  # top first

    one, two = dealt(lantern), dealt(swapped)
    assert [uid for uid, _card in one] == [uid for uid, _card in two] == list(range(1, 51))
    assert [card for _uid, card in one] != [card for _uid, card in two]
    assert sorted(card for _uid, card in one) == sorted(lantern)


def test_breakfall_2_1_the_turn_player_readies_its_bowed_cards_at_the_start() -> None:
    game = prepare()
    mine = game.put(1, "test-dummy", bowed=True)
    rows = game.resources(1, 3, bowed=2)
    theirs = game.put(0, "test-dummy", bowed=True)
    game.until("draw", turn=6)
    assert not mine.bowed and not any(c.bowed for c in rows)
    assert theirs.bowed  # only the turn player's


def test_breakfall_2_1_priority_in_the_start_phase_only_if_something_was_entered() -> None:
    game = prepare()
    game.put(1, "wall-crawler")  # at the start of your turn, you may give this +1 force
    game.until("end", "end")
    game.pass_both()
    assert (game.state.phase, game.state.turn) == ("start", 6)
    assert game.space() == ["1:trigger:wall-crawler"] and game.state.space.holder == 1
    game.resolve_all()
    assert game.decision == "optional"
    game.act(1, "optional", answer="no")
    assert game.state.phase == "draw"  # the space is empty: on to the draw at once
    quiet = prepare()
    quiet.until("end", "end")
    quiet.pass_both()
    assert quiet.state.phase == "draw"  # nothing entered: no priority in the start phase


def test_breakfall_2_2_the_turn_player_draws_then_a_priority_round_tp_first() -> None:
    game = prepare()
    top = game.top(1, "test-brute")[0]
    game.until("end", "end")
    game.pass_both()
    assert top.zone == "hand" and game.state.phase == "draw"
    assert game.state.space.holder == 1


def test_breakfall_2_2a_the_first_player_skips_only_the_draw_of_turn_1() -> None:
    match = Match.new(ruleset(), 4, DECKS)
    state = match.state
    assert (state.turn, state.phase) == (1, "draw")
    assert state.space.holder == state.first  # the round still runs, TP first
    assert len(state.players[state.first].hand) == 4
    steps = [s.caption for s in match.opening.steps]
    assert any("skips the draw" in c for c in steps)


def test_breakfall_2_3_one_resource_a_turn_face_down_ready_and_priority_kept() -> None:
    game = prepare()
    card = game.give(0, "test-brute")
    places = game.specs(0, "place")
    assert {dict(s.fixed)["card"] for s in places} == {c.uid for c in game.player(0).hand}
    game.act(0, "place", card=card.uid)
    assert card.zone == "resources" and not card.bowed
    assert game.state.space.holder == 0 and game.state.space.entries == []
    assert game.specs(0, "place") == []  # once a turn
    public = [s for s in game.last.steps if s.public]
    assert all("Test Brute" not in s.caption for s in public)


def test_breakfall_2_3_play_by_bowing_resources_equal_to_the_cost() -> None:
    game = prepare()
    rows = game.resources(0, 3)
    brute = game.give(0, "test-brute")  # cost 2
    game.play(brute)
    assert [c.bowed for c in rows] == [True, True, False]
    assert game.space() == ["0:card:test-brute"] and game.state.space.holder == 1
    game.pass_both()
    assert brute.zone == "field" and not brute.bowed


def test_breakfall_2_3_main_ends_when_both_pass_with_the_space_empty() -> None:
    game = prepare()
    game.put(0, "test-dummy")
    game.pass_()
    assert game.state.phase == "main"
    game.pass_()
    assert (game.state.phase, game.state.step, game.decision) == ("battle", "greet", "greet")


def test_breakfall_2_4_greet_block_and_damage_in_three_steps() -> None:
    game = prepare()
    a, b = game.put(0, "test-dummy"), game.put(0, "test-brute")
    guard = game.put(1, "test-brute")
    game.until("battle", "greet")
    [spec] = game.specs(0, "greet")
    assert [o.value for o in spec.params[0].options] == [a.uid, b.uid]
    assert (spec.params[0].least, spec.params[0].most) == (0, 2)  # any of them, or none
    game.greet(a, b)
    assert a.bowed and b.bowed and game.state.step == "greet"
    game.pass_both()
    assert game.decision == "block" and game.pending == (1,)
    [spec] = game.specs(1, "block")
    assert [o.value for o in spec.params[0].options] == [0, guard.uid]
    game.block(guard)  # blocks a: b is not asked about (no character left to block with)
    assert game.state.step == "block" and not guard.bowed  # blocking does not bow
    game.pass_both()
    assert game.state.step == "damage"
    assert guard.damage == 1 and a.zone == "graveyard"  # 3 force killed the dummy (durability 3)
    assert len(game.player(1).damage) == 2  # b's sabotage 2


def test_breakfall_2_4_with_no_greeter_picked_the_battle_phase_ends_at_once() -> None:
    game = prepare()
    game.put(0, "test-dummy")
    game.until("battle", "greet")
    game.greet()
    assert (game.state.phase, game.state.step) == ("end", "end")


def test_breakfall_2_5_end_triggers_a_round_then_final_processing() -> None:
    game = prepare()
    sage = game.put(0, "pillar-sage")  # at the end of your turn, draw a card
    hand = len(game.player(0).hand)
    game.until("end", "end")
    assert game.space() == ["0:trigger:pillar-sage"]
    game.resolve_all()
    assert len(game.player(0).hand) == hand + 1
    game.pass_both()
    assert game.state.turn == 6 and sage.zone == "field"


def test_breakfall_2_5a_a_kill_in_the_final_processing_enters_its_trigger_first() -> None:
    game = prepare()
    tender = game.put(0, "grave-tender")  # when killed: take a card back from the graveyard
    grave = game.card(0, "test-brute", "graveyard")
    game.player(0).graveyard.append(grave)
    game.resources(0, 2)
    game.play(game.give(0, "iron-skin"), tender)  # durability 3 + 2 until end of turn
    game.resolve_all()
    tender.damage = 4  # state surgery: 4 damage, alive only thanks to the boost
    game.until("end", "end")
    game.pass_both()
    # Final processing: the boost is still there, nothing dies; damage and boosts go.
    assert game.state.turn == 6 and tender.zone == "field" and tender.damage == 0
    other = prepare()
    tender = other.put(0, "grave-tender")
    grave = other.card(0, "test-brute", "graveyard")
    other.player(0).graveyard.append(grave)
    other.until("end", "end")
    other.pass_()
    tender.damage = 3  # state surgery: lethal damage found only by the final processing
    other.match.state_edited()
    other.pass_()
    assert tender.zone == "graveyard" and other.state.step == "final"
    assert other.space() == ["0:trigger:grave-tender"] and other.state.space.holder == 0
    other.pass_both()
    assert other.decision == "recall"  # the Tender is in the graveyard too now
    other.act(0, "recall", card=grave.uid)
    assert grave.zone == "hand" and other.state.turn == 6


def test_breakfall_2_6_a_character_cannot_greet_in_the_turn_it_entered() -> None:
    game = prepare()
    old = game.put(0, "test-dummy")
    game.resources(0, 1)
    fresh = game.give(0, "test-dummy")
    game.play(fresh)
    game.resolve_all()
    game.until("battle", "greet")
    alone, nobody = game.specs(0, "greet")
    assert alone.label == "Greet with Test Dummy" and dict(alone.fixed) == {"greeters": (old.uid,)}
    assert nobody.label == "Greet with nobody" and dict(nobody.fixed) == {"greeters": ()}


def test_breakfall_2_7_greeters_greet_the_player_and_one_that_left_deals_nothing() -> None:
    game = prepare(turn_player=0)
    fox = game.put(0, "gutter-fox")  # durability 1
    game.until("battle", "greet")
    for spec in game.specs(0, "greet"):  # whom to greet is never asked
        assert [name for name, _value in spec.fixed] + [p.name for p in spec.params] == ["greeters"]
    game.greet(fox)
    game.pass_()
    game.resources(1, 2)
    game.play(game.give(1, "falling-tiles"), fox)
    game.resolve_all()
    assert fox.zone == "graveyard"
    game.until("end", "end")
    assert game.player(1).damage == []


def test_breakfall_2_7_nothing_passes_through_a_blocker_that_left() -> None:
    game = prepare(turn_player=0)
    brute = game.put(0, "test-brute")  # force 3, sabotage 2
    fox = game.put(1, "gutter-fox")
    game.until("battle", "greet")
    game.greet(brute)
    game.pass_both()
    game.block(fox)
    game.resources(0, 2)
    game.play(game.give(0, "falling-tiles"), fox)
    game.resolve_all()
    assert fox.zone == "graveyard"
    game.pass_both()
    assert game.state.step == "damage"
    assert game.player(1).damage == [] and brute.damage == 0


def test_breakfall_2_8_damage_between_a_greeter_and_its_blocker_is_mutual() -> None:
    """BREAKFALL-2.8a: kept on purpose: a block is a trade for both sides."""
    game = prepare()
    brute = game.put(0, "test-brute")  # force 3, durability 4
    other = game.put(1, "test-brute")
    game.until("battle", "greet")
    game.greet(brute)
    game.pass_both()
    game.block(other)
    game.pass_both()
    assert brute.damage == 3 and other.damage == 3
    [step] = [s for s in game.last.steps if s.caption.startswith("Damage")]
    assert "deals 3 to Test Brute (0 → 3 of 4)" in step.caption
