"""Waiting and timeouts (ESPER-13): the clock's ``timeout`` does what ESPER-13.2 says for every
decision the match may wait on."""

from __future__ import annotations

from rules.engine import TURN_STARTED, Resolution

from .helpers import Game, prepare, to_part2


def timeout(game: Game, seat: int) -> Resolution:
    return game.act(seat, "timeout")


def test_esper_13_1_one_seat_at_a_time_but_all_choosers_of_a_simultaneous_choice() -> None:
    game = prepare(5)
    assert game.pending == (0,)
    game.put(0, "Aster 1")
    game.put(1, "Aster 1")
    game.put(2, "Aster 1")
    game.act(0, "invite", guests=(1, 2))
    assert game.pending == (1, 2)


def test_esper_13_1_skipped_turns_take_no_decision() -> None:
    game = prepare(5)
    game.player(1).state = "incapacitated"
    game.player(1).incapacitated = 2
    game.edited()
    res = game.act(0, "pass")
    assert game.pending == (2,)
    assert not any(
        e.kind == TURN_STARTED and e.data["seat"] == 1 for s in res.steps for e in s.events
    )


def test_esper_13_1_the_match_never_waits_on_a_lurk_placer() -> None:
    game = prepare(5, evil=(1,), personas={1: "hunter"}, lurks={1: "Aster 2"})
    game.put(0, "Aster 1")
    game.act(0, "walk", square=game.square("Aster 2"))
    assert 1 not in game.pending or game.state.combat is not None


def test_esper_13_2_persona_timeout_takes_the_first_open_good_face() -> None:
    game = prepare(5, stop="personas")
    game.act(0, "persona", persona="courier")
    game.act(1, "persona", persona="courier")
    timeout(game, 2)
    assert game.player(2).persona == "medic"


def test_esper_13_2_lurk_timeout_places_none() -> None:
    game = prepare(5, stop="lurks", personas={1: "hunter"})
    timeout(game, 1)
    assert game.state.lurks == {}


def test_esper_13_2_declaration_and_movement_timeouts_do_nothing() -> None:
    game = prepare(5)
    game.put(0, "Aster 1")
    game.player(1).state = "arrested"  # surgery: the next turn is a phase-1 prompt
    timeout(game, 0)
    assert game.player(0).where == game.square("Aster 1") and not game.player(0).revealed
    assert game.said("{seat0} does nothing (NOP).")
    assert game.ask is not None and game.ask.kind == "declare"
    timeout(game, 1)
    assert not game.player(1).revealed


def test_esper_13_2_end_square_and_escape_square_timeouts_take_the_first() -> None:
    game = prepare(5)
    game.character(0, "mira-solen")
    game.put(0, "Aster 3")
    game.dice(2)
    game.act(0, "teleport", level=3)
    timeout(game, 0)
    assert game.player(0).where == game.square("Aster 1")  # first in board order
    game.until_move(1)
    game.put(1, "Aster 1")
    game.act(1, "pass")
    game.dice(6, 6, 1, 1)
    game.act(1, "combat")
    game.until_asked("fight", 1)
    game.deal(1, "blink")
    game.act(1, "play", card="blink")
    timeout(game, 1)
    assert game.player(1).where == game.square("Aster port")


def test_esper_13_2_entry_square_timeout_takes_the_first_outer_ring_square() -> None:
    game = to_part2(prepare(5, evil=(1, 3), personas={1: "hunter"}))
    game.dice(1, 1)
    game.act(0, "enter")
    timeout(game, 0)
    assert game.player(0).where == game.square("A1")


def test_esper_13_2_invitation_and_join_timeouts_say_no() -> None:
    game = prepare(5)
    for s in (0, 1, 2):
        game.put(s, "Aster 1")
    game.act(0, "invite", guests=(1, 2))
    timeout(game, 1)
    game.act(2, "accept")
    assert game.player(1).party is None and game.player(2).party == 0
    game.until_move(3)
    game.put(3, "Aster 1")
    game.put(4, "Boreal 1")
    game.act(3, "pass")
    game.act(3, "combat")
    assert 4 in game.pending
    timeout(game, 4)
    assert game.player(4).where == game.square("Boreal 1")


def test_esper_13_2_combat_declaration_timeout_declares_none_but_forced_combat_comes() -> None:
    game = prepare(5, personas={0: "medic", 1: "courier", 2: "medic"})
    game.put(0, "Aster 1")
    game.put(1, "Aster 1")
    game.act(0, "pass")
    timeout(game, 0)
    assert game.state.combat is None
    game.until_move(2)
    game.put(2, "Aster 1")
    game.put(0, "Aster 1")
    game.act(2, "pass")  # a shared persona: no question, the combat comes
    assert game.state.combat is not None


def test_esper_13_2_combat_turn_answer_and_cover_timeouts_do_nothing() -> None:
    game = prepare(5)
    for s in (0, 1, 2):
        game.put(s, "Aster 1")
    game.state.players[1].party = game.state.players[2].party = 1  # surgery: a party
    game.character(0, "mira-solen")
    game.act(0, "pass")
    game.dice(6, 6, 1, 1, 1, 1)
    game.act(0, "combat")
    game.until_asked("fight", 0)
    game.deal(0, "crush", "flick")
    game.deal(1, "shell")
    game.deal(2, "shell")
    game.act(0, "play", card="crush", target=1)
    timeout(game, 1)  # answer: nothing
    assert game.ask is not None and game.ask.kind == "cover"
    timeout(game, 2)  # cover: nothing
    assert game.player(1).damage == 2
    game.until_asked("fight", 1)
    timeout(game, 1)
    assert game.said("{seat1} passes.")


def test_esper_13_2_gear_and_destruction_check_timeouts_say_no() -> None:
    game = prepare(5)
    game.give(1, "damper")
    game.put(0, "Aster 1")
    game.put(1, "Aster 1")
    game.act(0, "pass")
    game.act(0, "combat")
    game.until_asked("damper")
    timeout(game, 1)
    assert "damper" in game.player(1).gear
    base = to_part2(prepare(5, evil=(1, 3), personas={1: "hunter"}))
    base.put(0, "C2")
    base.act(0, "walk", square=base.card("C3", "core"))
    timeout(base, 0)
    assert base.state.base[base.square("C3")] == "core"


def test_esper_13_2_insight_timeout_picks_nobody() -> None:
    game = prepare(5)
    game.put(0, "Aster 1")
    game.act(0, "walk", square=game.card("Aster 2", "insight"))
    timeout(game, 0)
    assert not any(game.state.knowledge.knows(0, ("identity", s)) for s in (1, 2, 3, 4))
    assert game.said("{seat0} picks nobody for the insight.")


def test_esper_13_2_clue_holder_timeout_learns_the_first_evil_faces() -> None:
    game = prepare(
        8, evil=(1, 3, 5, 7), personas={1: "hunter", 3: "agent", 5: "broker", 7: "warden"}
    )
    game.give(0, clues=3)
    game.until_asked("learn")
    timeout(game, 0)
    known = [s for s in (1, 3, 5, 7) if game.state.knowledge.knows(0, ("identity", s))]
    assert known == [1, 3, 5]


def test_esper_13_2_key_base_and_keeper_start_timeouts_pick_random_squares() -> None:
    game = prepare(5, evil=(1, 3), personas={1: "hunter"})
    game.until_asked("key_base")
    timeout(game, 1)  # the lone keeper's time: its 4 placements and its start square
    keys = [c for c in game.state.base if game.state.kind_of(c) == "key_base"]
    assert len(keys) == 4
    assert game.player(1).where is not None
    assert game.ask is None or game.ask.kind != "start_square"


def test_esper_13_2_one_timeout_covers_every_decision_of_the_seat_until_another_waits() -> None:
    """[project] The clock gives a seat one limit until a turn begins or another seat is waited
    on: a movement and then a combat declaration, both out of time, are one timeout."""

    def two_on_a_square() -> Game:
        game = prepare(5)
        game.put(0, "Aster 1")
        game.put(2, "Aster 1")
        return game

    awake = two_on_a_square()
    awake.act(0, "pass")
    assert awake.ask is not None and (awake.ask.kind, awake.ask.seat) == ("combat", 0)
    asleep = two_on_a_square()
    res = timeout(asleep, 0)
    captions = [s.caption for s in res.steps]
    assert captions == ["{seat0} does nothing (NOP).", "Part 1, round 1: {seat1}'s turn."]
    assert asleep.state.combat is None and asleep.pending == (1,)


def test_esper_13_2_archive_timeout_names_the_first_face_down_squares() -> None:
    game = to_part2(prepare(5, evil=(1, 3), personas={1: "hunter"}))
    game.put(0, "C2")
    game.act(0, "walk", square=game.card("C3", "archive"))
    game.dice(1, 1)
    game.act(0, "check")
    game.act(0, "square", square=game.square("F6"))
    timeout(game, 0)
    named = [s for s in range(36) if game.state.knowledge.knows(0, ("square", s))]
    first = [s for s in range(36) if game.state.base[s] is not None and s not in game.state.face_up]
    assert set(named) >= {game.square("F6"), *first[:2]}
