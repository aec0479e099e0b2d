"""The turn (ESPER-1), checks (ESPER-2) and a character's states (ESPER-7)."""

from __future__ import annotations

from rules.engine import TURN_STARTED

from .helpers import prepare, to_part2


def test_esper_1_1_a_turn_runs_its_phases_in_order() -> None:
    """Movement, then the square's instruction, then combat (phase 1 is in the menu, phases 2
    and 6 have nothing to do on the planets)."""
    game = prepare(5)
    game.put(1, "Aster 2")
    game.put(0, "Aster 1")
    game.card("Aster 2", "snare")
    game.dice(1, 1)  # the snare's mental check succeeds
    res = game.act(0, "walk", square=game.square("Aster 2"))
    captions = [s.caption for s in res.steps]
    assert captions.index("{seat0} walks to Aster 2.") < captions.index(
        "{seat0} opens Snare at Aster 2."
    )
    assert any("mental check" in c for c in captions)
    assert game.ask is not None and game.ask.kind == "combat"  # phase 5 last
    game.act(0, "pass")
    assert game.ask is not None and (game.ask.kind, game.ask.seat) == ("move", 1)


def test_esper_1_2_the_turn_player_may_declare_victory_at_the_start() -> None:
    game = prepare(5)
    assert "declare" in game.kinds(0)
    game.act(0, "declare")
    assert game.player(0).revealed
    assert "declare" not in game.kinds(0)  # once: the turn goes on with the menu
    assert game.ask is not None and game.ask.kind == "move"


def test_esper_1_3_exactly_one_movement_and_off_the_board_only_enter_or_nothing() -> None:
    game = prepare(5)
    assert game.kinds(0) == {"declare", "enter", "pass"}
    game.act(0, "enter", square=game.square("Cinder port"))
    assert game.ask is not None and game.ask.seat == 1  # one movement, then the turn ends
    game.until_move(0)
    game.player(0).damage = 1
    game.put(2, "Cinder port")
    assert game.kinds(0) >= {"walk", "teleport", "fly", "recover", "invite", "pass", "declare"}
    game.act(0, "recover")
    assert game.player(0).damage == 0 and game.player(0).where == game.square("Cinder port")


def test_esper_1_3a_entering_ends_on_the_square_entered_and_opens_a_base_card() -> None:
    game = to_part2(prepare(5, evil=(1, 3), personas={1: "hunter"}))
    entry = game.card("B1", "lounge")
    game.dice(1, 1)  # the entry check succeeds
    game.act(0, "enter")
    assert game.ask is not None and game.ask.kind == "entry_square"
    assert len(game.options(0, "square")) == 20  # any square of the outer ring
    game.act(0, "square", square=entry)
    assert entry in game.state.face_up
    assert game.player(0).state == "incapacitated"  # the lounge, obeyed in phase 4


def test_esper_1_4_an_opened_instruction_is_put_back_face_up_and_obeyed() -> None:
    game = prepare(5)
    game.put(0, "Delta 1")
    at = game.card("Delta 2", "checkpoint")
    game.act(0, "walk", square=at)
    assert at in game.state.face_up and game.state.planet[at] == "checkpoint"
    assert game.player(0).state == "arrested"
    assert game.match.view(None).squares[at].card == "Patrol Post"


def test_esper_1_5_combat_is_declared_in_phase_5() -> None:
    game = prepare(5)
    game.put(0, "Aster port")
    game.put(3, "Aster 1")
    game.act(0, "walk", square=game.square("Aster 1"))
    assert game.state.planet[game.square("Aster 1")] is None or True
    game.until_asked("combat", 0)
    game.act(0, "combat")
    assert game.state.combat is not None
    assert game.state.combat.combatants[:2] == [0, 3]


def test_esper_1_6_the_destruction_check_is_made_in_the_base_and_not_on_planets() -> None:
    game = prepare(5, evil=(1, 3), personas={1: "hunter"})
    game.put(0, "Aster 1")
    game.act(0, "walk", square=game.square("Aster 2"))
    assert all(t.kind != "check" for t in game.state.agenda)
    to_part2(game)
    core = game.card("C3", "core", face_up=True)
    game.put(0, "C2")
    game.act(0, "walk", square=core)
    assert game.ask is not None and game.ask.kind == "check"


def test_esper_1_7_recovery_checks_are_rolled_without_asking() -> None:
    game = prepare(5)
    game.state.knowledge.watch(2, 0)  # surgery: seat 2 probes seat 0
    game.edited()
    game.until_move(4)
    game.act(4, "pass")
    game.dice(1, 1)
    game.until(lambda g: g.ask is not None and g.ask.seat == 0)
    assert game.ask is not None and game.ask.kind == "declare"  # the phase-1 prompt
    res = game.act(0, "pass")
    assert "{seat0} tries to shake off probes: rolls 1 + 1 = 2, succeeds." in [
        s.caption for s in res.steps
    ]
    assert game.state.knowledge.watching(2) == ()
    assert game.ask is not None and game.ask.kind == "move"


def test_esper_1_8_a_state_restricts_the_choices() -> None:
    game = prepare(5)
    game.put(0, "Aster 1")
    game.player(0).state = "arrested"
    game.edited()
    # arrested: no movement menu, the declaration alone
    assert game.ask is not None
    game.until_move(4)
    game.act(4, "pass")
    assert game.ask is not None and game.ask.kind == "declare" and game.ask.seat == 0
    assert game.kinds(0) == {"declare", "pass"}


def test_esper_1_9_the_declaration_is_in_the_movement_menu_and_empty_phases_pass() -> None:
    game = prepare(5)
    assert game.ask is not None and game.ask.kind == "move"
    assert "declare" in game.kinds(0)
    res = game.act(0, "pass")
    # phases 4 to 6 had nothing: the next turn started at once, no prompt between
    assert any(e.kind == TURN_STARTED for s in res.steps for e in s.events)
    assert game.ask is not None and game.ask.seat == 1


def test_esper_1_9a_an_arrested_turn_offers_the_declaration_alone() -> None:
    game = prepare(5)
    game.put(0, "Boreal 1")
    game.card("Boreal 2", "checkpoint")
    game.act(0, "walk", square=game.square("Boreal 2"))
    assert game.player(0).state == "arrested"
    game.until(lambda g: g.ask is not None and g.ask.seat == 0)
    assert game.ask is not None and game.ask.kind == "declare"
    res = game.act(0, "pass")
    assert "{seat0} skips its movement (arrested), then is normal." in [
        s.caption for s in res.steps
    ]
    assert game.player(0).state == "normal"


def test_esper_2_1_an_esp_level_check_succeeds_at_or_under_the_level() -> None:
    game = to_part2(prepare(5, evil=(1, 3), personas={1: "hunter"}))
    level = game.player(0).level
    game.dice(level - 1, 1)  # exactly the level: a success
    game.act(0, "enter")
    assert game.ask is not None and game.ask.kind == "entry_square"
    game.act(0, "square", square=game.options(0, "square")[0])
    game.until_move(2)
    game.dice(6, 6)
    game.act(2, "enter")
    assert game.player(2).where is None  # 12 is over any level: a failure


def test_esper_2_2_a_mental_check_is_the_same_with_mental_strength() -> None:
    game = prepare(5)
    mental = game.player(0).character.mental
    game.put(0, "Aster 1")
    game.card("Aster 2", "snare")
    game.dice(mental - 1, 1)
    game.act(0, "walk", square=game.square("Aster 2"))
    assert game.player(0).damage == 0
    game.until_move(1)
    game.put(1, "Aster 1")
    game.dice(6, 6)
    game.act(1, "walk", square=game.square("Aster 2"))  # the face-up snare, obeyed
    assert game.player(1).damage == 1


def test_esper_2_3_checks_declare_the_full_value_only_a_teleport_lower() -> None:
    game = prepare(5)
    game.put(0, "Aster 1")
    levels = game.options(0, "teleport", "level")
    assert levels == list(range(1, game.player(0).level + 1))
    assert all(s.params == () for s in game.specs(0, "enter"))  # nothing to declare
    game.dice(2)
    game.act(0, "teleport", level=1)  # declared lower: a 2 fails
    assert game.player(0).where == game.square("Aster 1")


def test_esper_7_1_a_new_state_replaces_the_old() -> None:
    """An incapacitated member carried by its leader onto a dissolver is scattered instead."""
    game = to_part2(prepare(5, evil=(1, 3), personas={1: "hunter"}))
    game.put(0, "A2")
    game.put(2, "A2")
    game.state.players[0].party = game.state.players[2].party = 0  # surgery: a party
    game.player(2).state = "incapacitated"
    game.player(2).incapacitated = 2
    dissolver = game.card("A3", "dissolver", face_up=True)
    game.dice(1, 1, 6, 6)  # the leader passes its mental check, the member fails
    game.act(0, "walk", square=dissolver)
    assert game.player(2).state == "scattered" and game.player(2).incapacitated == 0
    assert game.player(0).state == "normal"


def test_esper_7_2_arrested_skips_its_next_movement_so_opens_nothing() -> None:
    game = prepare(5)
    game.put(0, "Boreal 1")
    game.card("Boreal 2", "checkpoint")
    game.act(0, "walk", square=game.square("Boreal 2"))
    game.until(lambda g: g.ask is not None and g.ask.seat == 0)
    game.act(0, "pass")
    assert game.player(0).where == game.square("Boreal 2")  # no move, nothing opened
    assert game.ask is not None and game.ask.seat == 1


def test_esper_7_3_incapacitated_turns_are_skipped_and_count_down() -> None:
    game = to_part2(prepare(5, evil=(1, 3), personas={1: "hunter"}))
    lounge = game.card("A2", "lounge")
    game.dice(1, 1)
    game.act(0, "enter")
    game.act(0, "square", square=lounge)
    assert game.player(0).incapacitated == 2
    game.until(lambda g: g.state.round == 3 and g.ask is not None and g.ask.seat == 1)
    assert game.said("{seat0}'s turn is skipped (incapacitated, 1 more).")
    assert game.said("{seat0}'s turn is skipped (incapacitated; then it is normal).")
    assert game.player(0).state == "normal"


def test_esper_7_3_an_incapacitated_player_cannot_declare_or_join_a_combat() -> None:
    game = prepare(5)
    game.put(0, "Aster 1")
    game.put(1, "Aster 2")
    game.put(2, "Aster 3")
    game.player(2).state = "incapacitated"
    game.player(2).incapacitated = 1
    game.edited()
    game.act(0, "walk", square=game.square("Aster 2"))
    game.act(0, "combat")
    assert game.state.choice is None or 2 not in game.state.choice.seats


def test_esper_7_4_scattered_leaves_the_board_and_re_forms_by_a_mental_check() -> None:
    game = to_part2(prepare(5, evil=(1, 3), personas={1: "hunter"}))
    dissolver = game.card("A2", "dissolver")
    game.dice(1, 1, 6, 6)  # enters; then fails the dissolver's mental check
    game.act(0, "enter")
    game.act(0, "square", square=dissolver)
    assert game.player(0).state == "scattered" and game.player(0).where is None
    game.dice(6, 6)  # fails to re-form: the turn ends
    game.until(lambda g: g.state.round == 2 and g.ask is not None and g.ask.seat == 2)
    assert game.player(0).state == "scattered"
    game.dice(1, 1)  # re-forms at its square and the turn goes on
    game.until(lambda g: g.state.round == 3 and g.ask is not None and g.ask.seat == 0)
    assert game.player(0).where == dissolver and game.ask is not None
    assert game.ask.kind == "move"


def test_esper_7_5_a_probe_passes_the_probed_players_learning_to_the_prober() -> None:
    game = prepare(5)
    game.state.knowledge.watch(3, 0)  # surgery: seat 3 probes seat 0
    game.put(0, "Aster 1")
    at = game.card("Aster 2", "insight")
    game.act(0, "walk", square=at)
    game.act(0, "read_insight", target=4)
    assert game.state.knowledge.knows(3, ("identity", 4))
    assert game.match.view(3).players[4].character is not None


def test_esper_7_5a_chains_and_what_a_prober_sees_while_it_lasts() -> None:
    game = prepare(5)
    k = game.state.knowledge
    k.watch(2, 1)  # seat 2 probes seat 1, which probes seat 0
    k.watch(1, 0)
    game.give(0, "barrier")
    seen = {s.seat: s.gear for s in game.match.view(2).hand.seen}
    assert seen == {0: ("Barrier",), 1: ()}
    game.put(0, "Aster 1")
    game.act(0, "walk", square=game.card("Aster 2", "insight"))
    game.act(0, "read_insight", target=4)
    assert k.knows(2, ("identity", 4))  # along the chain
    k.shake_off(1)  # the probe on seat 1 ends: what was learned is kept, the gear is not seen
    assert k.knows(2, ("identity", 4))
    assert 0 not in {s.seat for s in game.match.view(2).hand.seen}


def test_esper_7_6_death_reveals_and_takes_piece_gear_and_clues() -> None:
    game = prepare(5)
    game.give(0, "barrier", clues=2)
    game.put(0, "Aster 1")
    game.player(0).damage = game.player(0).character.durability - 1
    game.card("Aster 2", "snare")
    game.dice(6, 6)
    game.act(0, "walk", square=game.square("Aster 2"))
    p = game.player(0)
    assert p.state == "dead" and p.where is None and p.gear == [] and p.clues == 0
    assert game.match.view(None).players[0].character is not None  # revealed to all
    after = len(game.history)
    game.until(lambda g: g.state.round == 2 and g.ask is not None and g.ask.seat == 1)
    started = [
        e.data["seat"]
        for r in game.history[after:]
        for s in r.steps
        for e in s.events
        if e.kind == TURN_STARTED
    ]
    assert 0 not in started and 1 in started  # its turns are skipped


def test_esper_7_6a_a_dead_seat_learns_nothing_new() -> None:
    game = prepare(5)
    game.state.knowledge.watch(0, 1)  # seat 0 probes seat 1
    game.act(0, "concede")
    game.until_move(1)
    game.put(1, "Aster 1")
    game.act(1, "walk", square=game.card("Aster 2", "insight"))
    game.act(1, "read_insight", target=3)
    assert not game.state.knowledge.knows(0, ("identity", 3))
    assert game.match.view(0).players[1].character is None  # it kept only what it knew
