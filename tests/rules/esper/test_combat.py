"""Combat (ESPER-5), gear (ESPER-14.5) and the combat deck (ESPER-14.6)."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.engine import Match

from .helpers import Game, esper, prepare, to_part2


def fight(*others: int, seats: int = 5, dice: tuple[int, ...] = (6, 6, 1, 1)) -> Game:
    """Seat 0 declares combat on Aster 1 against ``others`` standing there; the initiative dice
    (two a combatant, in turn order) put seat 0 first by default. Stops at the first combatant's
    turn (hands as drawn: ``deal`` them)."""
    game = prepare(seats)
    game.put(0, "Aster 1")
    for seat in others or (1,):
        game.put(seat, "Aster 1")
    game.act(0, "pass")
    game.dice(*dice)
    game.act(0, "combat")
    game.until_asked("fight")
    return game


def test_esper_5_1_a_card_needs_the_level_and_spends_that_much_power() -> None:
    game = fight(1)
    game.character(0, "pell-maro")  # ESP level 3, power 28
    game.deal(0, "crush", "lance")
    labels = [s.label for s in game.specs(0, "play")]
    assert any("Crush" in label for label in labels) and not any("Lance" in x for x in labels)
    game.act(0, "play", card="crush", target=1)
    assert game.player(0).spent == 3
    game.player(0).spent = 27  # surgery: 1 power left
    game.edited()
    assert game.match.view(0).hand is not None


def test_esper_5_1_damage_at_durability_0_kills() -> None:
    game = fight(1)
    game.deal(0, "nova")
    game.character(0, "mira-solen")
    game.player(1).damage = game.player(1).character.durability - 1
    game.deal(1)
    game.act(0, "play", card="nova", target=1)
    game.act(1, "pass")
    assert game.player(1).state == "dead"
    assert game.state.combat is None  # fewer than two: over at once


@pytest.mark.parametrize("who", ["off the board", "scattered", "alone", "fog"])
def test_esper_5_2_combat_needs_a_piece_on_the_board_another_piece_and_no_fog(who: str) -> None:
    game = to_part2(prepare(5, evil=(1, 3), personas={1: "hunter"}))
    game.put(0, "C2")
    game.put(2, "C2")
    if who == "off the board":
        game.put(0, None)
    elif who == "scattered":
        game.player(0).state = "scattered"
        game.player(0).home = game.player(0).where
        game.put(0, None)
    elif who == "alone":
        game.put(2, "D4")
    else:
        game.card("C2", "fog-room", face_up=True)
    game.act(0, "pass")
    assert game.ask is None or game.ask.kind != "combat"


def test_esper_5_2_an_arrested_player_may_declare_combat() -> None:
    game = prepare(5)
    game.put(0, "Aster 1")
    game.put(1, "Aster 2")
    game.act(0, "walk", square=game.card("Aster 2", "checkpoint"))
    assert game.player(0).state == "arrested"
    assert game.ask is not None and game.ask.kind == "combat"


def test_esper_5_3_a_shared_persona_on_the_square_forces_combat() -> None:
    """A forced combat by a shared persona: no question is asked."""
    game = prepare(5, personas={0: "medic", 2: "medic"})
    game.put(0, "Aster 1")
    game.put(2, "Aster 2")
    game.put(1, "Aster 2")
    game.act(0, "walk", square=game.card("Aster 2", "plain"))
    assert game.said("Combat is forced at Aster 2.")
    assert game.state.combat is not None and game.state.combat.combatants == [0, 1, 2]


def test_esper_5_4_every_piece_on_the_square_fights_whatever_its_state() -> None:
    game = prepare(5)
    game.put(0, "Aster 1")
    game.put(3, "Aster 1")
    game.player(3).state = "incapacitated"
    game.player(3).incapacitated = 1
    game.put(4, "Aster 1")
    game.act(0, "pass")
    game.act(0, "combat")
    assert game.state.combat is not None and game.state.combat.combatants == [0, 3, 4]


def test_esper_5_5_others_on_the_board_choose_at_once_whether_to_join() -> None:
    """Joining a combat by check: the others choose at once and in secret."""
    game = prepare(5)
    game.put(0, "Aster 1")
    game.put(1, "Aster 1")
    game.put(2, "Cinder 3")
    game.put(3, "Delta 1")
    game.act(0, "pass")
    game.act(0, "combat")
    assert set(game.pending) == {2, 3}  # seat 4 is off the board
    game.act(3, "join_combat")
    assert game.pending == (2,)
    assert game.match.view(2).players[3].where == game.square("Delta 1")
    game.dice(1, 1)  # seat 3's ESP-level check succeeds
    game.act(2, "pass")
    assert game.player(3).where == game.square("Aster 1")
    assert game.state.combat is not None and 3 in game.state.combat.combatants
    assert game.said("{seat3} joins the combat at Aster 1.")


def test_esper_5_5_a_failed_join_stays_where_it_was_and_nobody_joins_an_npc_fight() -> None:
    game = prepare(5)
    game.put(0, "Aster 1")
    game.put(1, "Aster 1")
    game.put(2, "Cinder 3")
    game.act(0, "pass")
    game.act(0, "combat")
    game.dice(6, 6)
    game.act(2, "join_combat")
    assert game.player(2).where == game.square("Cinder 3")
    game.until(lambda g: g.state.combat is None)
    game.until_move(1)
    game.act(1, "walk", square=game.card("Aster 2", "skirmish"))
    assert game.state.choice is None and game.state.combat is not None
    assert game.state.combat.combatants == [1, -1]


def test_esper_5_6_draw_to_hand_size_and_initiative_highest_first_ties_in_turn_order() -> None:
    game = prepare(5)
    game.character(0, "pell-maro")  # level 3
    game.character(1, "dario-venn")  # level 4
    game.put(0, "Aster 1")
    game.put(1, "Aster 1")
    game.act(0, "pass")
    game.dice(4, 3, 2, 4)  # 7 + 3 = 10 and 6 + 4 = 10: a tie, seat 0 first in turn order
    game.act(0, "combat")
    game.until_asked("fight")
    assert game.state.combat is not None and game.state.combat.order == [0, 1]
    # The public caption gives the dice, not sums that would disagree with the order.
    assert game.said(
        "Combat round 1: initiative 2d6 + hidden ESP level: {seat0} 4 + 3; {seat1} 2 + 4. "
        "Order: {seat0}, {seat1}.",
        viewer=None,
    )
    assert len(game.player(0).hand) == len(game.player(1).hand) == 7
    assert game.match.view(None).players[1].hand_size == 7


def test_esper_5_6_npcs_count_9_and_act_after_tied_players() -> None:
    game = prepare(5)
    game.character(0, "pell-maro")  # level 3
    game.put(0, "Aster 1")
    game.dice(3, 3)  # 6 + 3 = 9: a tie with the NPC, the player first
    game.act(0, "walk", square=game.card("Aster 2", "skirmish"))
    assert game.state.combat is not None and game.state.combat.order == [0, -1]


def test_esper_5_7_a_combat_turn_attacks_reads_a_mind_escapes_or_passes() -> None:
    game = fight(1)
    game.deal(0, "flick", "glimpse", "blink")
    assert game.kinds(0) == {"play", "pass"}
    game.act(0, "pass")
    assert game.ask is not None and game.ask.seat == 1


def test_esper_5_7_an_incapacitated_combatant_always_passes() -> None:
    game = prepare(5)
    game.put(0, "Aster 1")
    game.put(1, "Aster 1")
    game.player(1).state = "incapacitated"
    game.player(1).incapacitated = 1
    game.act(0, "pass")
    game.dice(6, 6, 1, 1)
    game.act(0, "combat")
    game.until_asked("fight")
    game.act(0, "pass")
    assert game.said("{seat1} passes (incapacitated).")


def test_esper_5_8_the_target_answers_with_a_defence_of_the_level_or_higher() -> None:
    game = fight(1)
    game.deal(0, "crush")
    game.deal(1, "ward", "shell", "blink")
    game.act(0, "play", card="crush", target=1)
    assert game.ask is not None and (game.ask.kind, game.ask.seat) == ("answer", 1)
    defences = [s.fixed for s in game.specs(1, "defend")]
    assert defences == [(("card", "shell"),)]  # a ward (level 2) cannot stop level 3
    assert "play" in game.kinds(1)
    game.act(1, "defend", card="shell")
    assert game.player(1).damage == 0 and game.player(1).spent == 4


def test_esper_5_8_an_escape_as_an_answer_misses_then_escapes() -> None:
    game = fight(1)
    game.deal(0, "crush")
    game.deal(1, "blink")
    game.act(0, "play", card="crush", target=1)
    game.act(1, "play", card="blink")
    assert game.ask is not None and game.ask.kind == "escape_square"
    game.act(1, "square", square=game.options(1, "square")[0])
    assert game.player(1).damage == 0 and game.state.combat is None


def test_esper_5_8_party_members_in_the_combat_may_cover_after_no_answer() -> None:
    game = fight(1, 2)
    game.state.players[1].party = game.state.players[2].party = 1  # surgery: a party
    game.deal(0, "crush")
    game.deal(1)
    game.deal(2, "shell")
    game.act(0, "play", card="crush", target=1)
    game.act(1, "pass")
    assert game.ask is not None and (game.ask.kind, game.ask.seat) == ("cover", 2)
    game.act(2, "cover", card="shell")
    assert game.player(1).damage == 0
    assert game.said("{seat2} covers {seat1} with Shell (level 4): the attack is stopped.")


def test_esper_5_8a_an_incapacitated_target_answers_nothing_and_may_be_covered() -> None:
    game = prepare(5)
    for s in (0, 1, 2):
        game.put(s, "Aster 1")
    game.player(1).state = "incapacitated"
    game.player(1).incapacitated = 1
    game.state.players[1].party = game.state.players[2].party = 1  # surgery: a party
    game.act(0, "pass")
    game.dice(6, 6, 1, 1, 1, 1)
    game.act(0, "combat")
    game.until_asked("fight")
    game.deal(0, "crush")
    game.deal(2, "shell")
    game.act(0, "play", card="crush", target=1)
    assert game.ask is not None and (game.ask.kind, game.ask.seat) == ("cover", 2)


def test_esper_5_9_a_mind_read_is_not_answered_and_probes_its_target() -> None:
    game = fight(1)
    game.deal(0, "glimpse")
    game.act(0, "play", card="glimpse", target=1)
    assert game.state.knowledge.knows(0, ("identity", 1))
    assert game.state.knowledge.watching(0) == (1,)
    assert game.match.view(None).players[1].probed_by == (0,)  # public
    assert game.ask is not None and game.ask.seat == 1 and game.ask.kind == "fight"


def test_esper_5_10_a_round_without_an_attack_ends_the_combat_and_cards_go_back() -> None:
    game = fight(1)
    game.act(0, "pass")
    game.act(1, "pass")
    assert game.state.combat is None
    assert not game.player(0).hand and not game.player(1).hand and not game.state.discard
    assert len(game.state.deck) == len(game.state.combat_cards)


def test_esper_5_10_the_combat_ends_after_round_4() -> None:
    game = fight(1)
    game.player(0).character = esper().pool.cards["nadia-frost"]  # 32 power
    game.player(1).character = esper().pool.cards["pell-maro"]  # durability 7
    for _ in range(4):
        game.until_asked("fight", 0)
        game.deal(0, "flick")
        game.deal(1, "ward")
        game.act(0, "play", card="flick", target=1)
        game.act(1, "defend", card="ward")
        game.until(lambda g: g.ask is None or g.ask.kind != "fight" or g.ask.seat != 1)
    assert game.state.combat is None
    assert game.said("Combat round 4:") and not game.said("Combat round 5:")


def test_esper_5_11_played_cards_are_shown_to_all() -> None:
    game = fight(1)
    game.deal(0, "crush")
    game.act(0, "play", card="crush", target=1)
    assert game.said("{seat0} plays Crush at {seat1}: level 3, 2 damage.", viewer=None)
    combat = game.match.view(4).combat
    assert combat is not None and combat.played == ((0, "Crush", 3),)


def test_esper_5_12_npcs_attack_the_player_who_obeyed_else_its_party_leader() -> None:
    game = prepare(5)
    for s in (0, 1):
        game.put(s, "Aster 1")
    game.state.players[0].party = game.state.players[1].party = 0  # surgery: a party
    game.dice(1, 1, 1, 1)  # the NPC (9) acts first
    game.act(0, "walk", square=game.card("Aster 2", "skirmish"))
    combat = game.state.combat
    assert combat is not None and combat.combatants == [0, 1, -1]
    assert game.ask is not None and (game.ask.kind, game.ask.seat) == ("answer", 0)
    assert game.said("Guard 1 attacks {seat0} (level 2, 1 damage).")


def test_esper_5_12_an_npc_has_durability_2_and_the_fight_ends_without_one() -> None:
    game = prepare(5)
    game.put(0, "Aster 1")
    game.dice(6, 6)
    game.act(0, "walk", square=game.card("Aster 2", "skirmish"))
    game.deal(0, "flick", "flick")
    game.act(0, "play", card="flick", target=-1)
    assert game.state.combat is not None and game.state.combat.npcs == {-1: 1}
    game.act(0, "pass")  # the NPC's answer-free attack comes next
    game.until_asked("fight", 0)
    game.deal(0, "flick")
    game.act(0, "play", card="flick", target=-1)
    assert game.state.combat is None and game.said("Guard 1 is beaten.")


def test_esper_14_5_barrier_once_per_combat_free_against_level_4_or_lower() -> None:
    game = fight(1)
    game.character(0, "mira-solen")  # ESP level 6
    game.give(1, "barrier")
    game.deal(0, "lance", "flick", "rend")
    game.act(0, "play", card="lance", target=1)
    assert "use_barrier" in game.kinds(1)
    game.act(1, "use_barrier")
    assert game.player(1).spent == 0 and game.player(1).gear == ["barrier"]


def test_esper_14_5_aide_makes_the_hand_size_8() -> None:
    game = prepare(5)
    game.give(0, "aide")
    game.put(0, "Aster 1")
    game.put(1, "Aster 1")
    game.act(0, "pass")
    game.act(0, "combat")
    game.until_asked("fight")
    assert len(game.player(0).hand) == 8


def test_esper_14_5_damper_holds_a_combatant_to_level_2_this_round() -> None:
    game = prepare(5)
    game.give(1, "damper")
    game.put(0, "Aster 1")
    game.put(1, "Aster 1")
    game.act(0, "pass")
    game.dice(6, 6, 1, 1)
    game.act(0, "combat")
    game.until_asked("damper")
    game.act(1, "use_damper", target=0)
    game.deal(0, "crush", "flick")
    assert [s.fixed for s in game.specs(0, "play")] == [(("card", "flick"),)]
    assert "damper" not in game.player(1).gear  # used once


def test_esper_14_5_double_leaves_its_owner_at_durability_1_the_first_time() -> None:
    game = fight(1)
    game.give(1, "double")
    game.character(0, "mira-solen")
    game.deal(0, "nova")
    game.player(1).damage = game.player(1).character.durability - 1
    game.act(0, "play", card="nova", target=1)
    game.act(1, "pass")
    assert game.player(1).alive and game.player(1).durability_left == 1
    assert game.player(1).gear == []


def test_esper_14_5_shuttle_flies_from_any_square_in_part_1() -> None:
    game = prepare(5)
    game.give(0, "shuttle")
    game.put(0, "Aster 3")
    game.act(0, "use_shuttle", square=game.square("Ember port"))
    assert game.player(0).where == game.square("Ember port") and game.player(0).gear == []


def test_esper_14_5_bolt_hole_escapes_with_no_card_and_no_power() -> None:
    game = fight(1)
    game.give(1, "bolt_hole")
    game.deal(0, "crush")
    game.act(0, "play", card="crush", target=1)
    game.act(1, "bolt_hole")
    game.act(1, "square", square=game.options(1, "square")[0])
    assert game.player(1).damage == 0 and game.player(1).spent == 0 and not game.player(1).gear


def test_esper_14_5_focus_plays_an_attack_of_any_level_for_no_power() -> None:
    game = fight(1)
    game.character(0, "pell-maro")  # ESP level 3
    game.give(0, "focus")
    game.deal(0, "nova")
    assert [s.fixed for s in game.specs(0, "play")] == [(("card", "nova"), ("focus", True))]
    game.act(0, "play", card="nova", target=1, focus=True)
    assert game.player(0).spent == 0 and "focus" not in game.player(0).gear


@pytest.mark.parametrize(("seats", "size"), [(3, 60), (7, 60), (8, 80), (10, 80)])
def test_esper_14_6_the_combat_deck(seats: int, size: int) -> None:
    match = Match.new(esper(), 2, {"seats": seats})
    cards = match.state.combat_cards
    assert len(cards) == size
    kinds = Counter((c.kind, c.level) for c in cards)
    assert kinds[("attack", 1)] == (12 if size == 80 else 8)
    assert kinds[("flex", 0)] == 2 and kinds[("mind_read", 2)] == 2


def test_esper_14_6a_a_flex_card_attacks_at_1_to_4_and_defends_at_1_to_6() -> None:
    game = fight(1)
    game.character(0, "mira-solen")  # level 6
    game.character(1, "mira-solen")
    game.deal(0, "flux")
    game.deal(1, "flux")
    [spec] = game.specs(0, "play")
    assert [o.value for o in spec.params[0].options] == [1, 2, 3, 4]
    game.act(0, "play", card="flux", level=3, target=1)
    assert game.player(0).spent == 3
    [defend] = game.specs(1, "defend")
    assert [o.value for o in defend.params[0].options] == [3, 4, 5, 6]
    game.act(1, "defend", card="flux", level=5)
    assert game.player(1).spent == 5 and game.player(1).damage == 0
