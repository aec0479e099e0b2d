"""Part 1 on the planets (ESPER-3), planet cards (ESPER-8, 14.4) and lurk markers (ESPER-8.5)."""

from __future__ import annotations

import pytest

from rules.esper.board import Board

from .helpers import prepare


def test_esper_3_1_a_piece_off_the_board_enters_at_one_of_the_six_spaceports() -> None:
    game = prepare(5)
    ports = game.options(0, "enter")
    assert ports == list(game.state.board.spaceports)
    game.act(0, "enter", square=ports[3])
    assert game.player(0).where == game.square("Delta port")


def test_esper_3_2_a_level_teleport_moves_exactly_the_roll_one_way_round() -> None:
    game = prepare(5)
    game.character(0, "dario-venn")  # ESP level 4
    game.put(0, "Ember 1")
    game.dice(3)
    game.act(0, "teleport", level=4)
    assert game.ask is not None and game.ask.kind == "end_square"
    ends = game.options(0, "square")
    assert ends == [game.square("Ember 4"), game.square("Ember 5")]  # 1+3, and 1-3 round the ring
    game.act(0, "square", square=game.square("Ember 5"))
    assert game.player(0).where == game.square("Ember 5")
    assert game.player(0).spent == 0  # teleports cost no ESP power


def test_esper_3_2_a_roll_over_the_declared_level_fails_and_the_piece_stays() -> None:
    game = prepare(5)
    game.character(0, "dario-venn")  # ESP level 4
    game.put(0, "Ember 1")
    game.dice(5)
    game.act(0, "teleport", level=4)
    assert game.player(0).where == game.square("Ember 1")
    assert game.said("{seat0} declares level 4 and rolls 5: the teleport fails.")


def test_esper_3_2a_a_roll_of_5_on_a_ring_of_5_moves_nothing_and_opens_nothing() -> None:
    game = prepare(4)
    game.character(0, "mira-solen")  # ESP level 6
    start = game.card("Aster 2", "snare", face_up=True)
    game.put(0, start)
    game.dice(5)
    game.act(0, "teleport", level=6)
    assert game.player(0).where == start and game.player(0).damage == 0
    assert game.said("that would end where it began, so it stays")
    assert Board(4).ring_teleport_ends(start, 5) == ()


def test_esper_3_3_a_planet_is_a_ring_through_its_spaceport() -> None:
    board = Board(5)
    port, last = board.spaceport(2), board.spaceport(2) + 6
    assert board.ring_walks(port) == (port + 1, last)
    assert board.ring_walks(last) == (port, last - 1)
    small = Board(3)
    assert small.ring_walks(small.spaceport(0)) == (1, 4)


def test_esper_3_4_planets_connect_only_spaceport_to_spaceport_by_flying() -> None:
    game = prepare(5)
    game.put(0, "Aster 1")
    assert "fly" not in game.kinds(0)
    game.act(0, "walk", square=game.square("Aster port"))
    game.until_move(0)
    flights = game.options(0, "fly")
    assert flights == [p for p in game.state.board.spaceports if p != game.square("Aster port")]
    game.act(0, "fly", square=game.square("Fallow port"))
    assert game.player(0).where == game.square("Fallow port")


def test_esper_3_5_recover_one_durability() -> None:
    game = prepare(5)
    game.put(0, "Aster 1")
    assert "recover" not in game.kinds(0)  # not below its durability
    game.player(0).damage = 2
    game.edited()
    game.act(0, "recover")
    assert game.player(0).damage == 1


def test_esper_3_6_a_face_up_landing_pad_is_a_spaceport() -> None:
    game = prepare(5)
    game.put(0, "Boreal 2")
    pad = game.card("Boreal 3", "landing-pad")
    game.act(0, "walk", square=pad)
    assert game.match.view(None).squares[pad].card == "Landing Pad"
    game.until_move(0)
    assert game.square("Cinder port") in game.options(0, "fly")
    game.until_move(1)
    game.put(1, "Aster port")
    assert pad in game.options(1, "fly")  # and flown to


def test_esper_8_1_only_a_phase_3_movement_opens_and_a_party_leader_opens() -> None:
    game = prepare(5)
    game.put(0, "Aster 1")
    game.put(1, "Aster 1")
    game.state.players[0].party = game.state.players[1].party = 0  # surgery: a party
    at = game.card("Aster 2", "clue")
    game.act(0, "walk", square=at)
    assert game.player(1).where == at  # the leader's movement carries the member
    assert game.player(0).clues == 1 and game.player(1).clues == 0  # kept by the leader


def test_esper_8_1_an_escape_opens_nothing() -> None:
    game = prepare(5)
    game.put(0, "Aster 1")
    game.put(1, "Aster 1")
    clue = game.card("Aster 2", "clue")
    game.until_asked("combat", 0)
    game.act(0, "combat")
    game.until_asked("fight", 0)
    game.deal(0, "blink")
    game.act(0, "play", card="blink")
    game.act(0, "square", square=clue)
    assert game.player(0).where == clue and game.player(0).clues == 0
    assert game.state.planet[clue] == "clue"


def test_esper_8_1a_an_exposure_reveals_every_member_and_an_insight_each_picks() -> None:
    game = prepare(5)
    for s in (0, 1, 2):
        game.put(s, "Aster 1")
    game.state.players[0].party = game.state.players[1].party = 0  # surgery: a party
    exposure = game.card("Aster 2", "exposure")
    game.act(0, "walk", square=exposure)
    assert game.player(0).revealed and game.player(1).revealed and not game.player(2).revealed
    assert game.state.planet[exposure] is None and game.state.emptied[exposure] == "exposure"
    game.until_move(1)
    game.act(1, "leave_party")
    game.until_move(0)
    game.put(2, exposure)
    game.state.players[0].party = game.state.players[2].party = 0  # surgery: a new party
    insight = game.card("Aster 3", "insight")
    game.act(0, "walk", square=insight)
    assert game.ask is not None and (game.ask.kind, game.ask.seat) == ("insight", 0)
    game.act(0, "read_insight", target=3)
    assert game.ask is not None and (game.ask.kind, game.ask.seat) == ("insight", 2)
    game.act(2, "read_insight", target=4)
    assert game.state.planet[insight] is None  # discarded once all have picked
    assert game.state.knowledge.knows(0, ("identity", 3))
    assert not game.state.knowledge.knows(0, ("identity", 4))


def test_esper_8_2_clue_and_gear_are_kept_face_down_and_only_the_opener_sees_which_gear() -> None:
    game = prepare(5)
    game.put(0, "Aster 1")
    gear = game.card("Aster 2", "shuttle")
    game.act(0, "walk", square=gear)
    assert game.player(0).gear == ["shuttle"]
    public = game.match.view(None)
    assert public.players[0].gear == 1 and public.squares[gear].emptied == "gear"
    assert game.said("{seat0} takes a gear at Aster 2.")
    assert not game.said("Shuttle") and game.said("Shuttle", viewer=0)
    game.until_move(0)
    game.put(0, "Aster 3")
    clue = game.card("Aster 4", "clue")
    game.act(0, "walk", square=clue)
    assert game.player(0).clues == 1
    assert game.match.view(None).squares[clue].emptied == "clue"  # "clue taken", as "gear"
    assert [g.name for g in game.match.view(0).hand.gear] == ["Shuttle"]
    assert "Shuttle" not in str(game.match.view(1).to_json())


def test_esper_8_3_an_instruction_is_obeyed_again_only_on_ending_a_movement_there() -> None:
    game = prepare(5)
    game.put(0, "Aster 1")
    snare = game.card("Aster 2", "snare")
    game.dice(1, 1)
    game.act(0, "walk", square=snare)
    game.until_move(0)
    game.act(0, "pass")  # stays: obeys nothing
    assert sum("mental check" in c for c in game.captions()) == 1
    game.until_move(0)
    game.act(0, "walk", square=game.square("Aster 1"))
    game.until_move(0)
    game.dice(1, 1)
    game.act(0, "walk", square=snare)
    assert game.said("{seat0} obeys the Snare again.")
    assert sum("mental check" in c for c in game.captions()) == 2


def test_esper_8_3a_an_insight_picks_a_living_other_seat_not_yet_known() -> None:
    game = prepare(5)
    game.state.knowledge.tell(0, ("identity", 2), game.player(2).character.id)
    game.player(4).state = "dead"  # surgery: a dead seat
    game.put(0, "Aster 1")
    game.act(0, "walk", square=game.card("Aster 2", "insight"))
    assert sorted(game.options(0, "read_insight", "target")) == [1, 3]


def test_esper_8_3a_with_nobody_to_pick_an_insight_does_nothing() -> None:
    game = prepare(3)
    for s in (1, 2):
        game.state.knowledge.tell(0, ("identity", s), game.player(s).character.id)
    game.put(0, "Aster 1")
    game.act(0, "walk", square=game.card("Aster 2", "insight"))
    assert game.ask is not None and game.ask.seat == 1  # nothing asked


@pytest.mark.parametrize(
    ("card", "effect"),
    [
        ("checkpoint", "arrested"),
        ("plain", "nothing"),
        ("skirmish", "npc"),
        ("landing-pad", "spaceport"),
    ],
)
def test_esper_8_4_each_planet_card_does_what_its_kind_says(card: str, effect: str) -> None:
    game = prepare(5)
    game.put(0, "Aster 1")
    at = game.card("Aster 2", card)
    game.act(0, "walk", square=at)
    if effect == "arrested":
        assert game.player(0).state == "arrested"
    elif effect == "npc":
        assert game.state.combat is not None and game.state.combat.npc_fight
        assert game.state.combat.npcs == {-1: 2}
    elif effect == "spaceport":
        from rules.esper.moves import spaceports

        assert at in spaceports(game.state)
    else:
        assert game.player(0).state == "normal" and game.ask is not None
        assert game.ask.seat == 1


def test_esper_8_5_an_armed_marker_springs_and_forces_combat() -> None:
    """A sprung lurk: the placer's piece comes from off the board and the combat is forced."""
    game = prepare(5, evil=(1,), personas={1: "hunter"}, lurks={1: "Cinder 3"})
    game.put(0, "Cinder 2")
    game.card("Cinder 3", "plain")
    res = game.act(0, "walk", square=game.square("Cinder 3"))
    captions = [s.caption for s in res.steps]
    assert captions.index("{seat0} opens Plain at Cinder 3.") < captions.index(
        "{seat1}'s lurk marker springs at Cinder 3!"
    )
    assert game.player(1).where == game.square("Cinder 3")
    assert game.state.combat is not None and set(game.state.combat.combatants) >= {0, 1}
    assert 1 not in game.state.lurks


def test_esper_8_5a_markers_are_armed_or_disarmed_in_secret_and_never_waited_on() -> None:
    game = prepare(5, evil=(1,), personas={1: "hunter"}, lurks={1: "Cinder 3"})
    assert 1 not in game.pending and "disarm" in game.kinds(1)
    res = game.act(1, "disarm")
    assert all(s.audience == frozenset({1}) for s in res.steps)
    assert game.pending == (0,)  # still waiting on the turn player
    game.put(0, "Cinder 2")
    game.act(0, "walk", square=game.square("Cinder 3"))
    assert game.player(1).where is None and 1 in game.state.lurks  # did not spring
    assert game.match.view(0).squares[game.square("Cinder 3")].lurk is None
    assert game.match.view(1).squares[game.square("Cinder 3")].lurk is False


def test_esper_8_5b_several_markers_on_a_square_all_spring_into_one_combat() -> None:
    game = prepare(
        5, evil=(1, 3), personas={1: "hunter", 3: "agent"}, lurks={1: "Cinder 3", 3: "Cinder 3"}
    )
    game.put(0, "Cinder 2")
    game.act(0, "walk", square=game.square("Cinder 3"))
    assert game.said("{seat1}'s lurk marker springs at Cinder 3!")
    assert game.said("{seat3}'s lurk marker springs at Cinder 3!")
    assert game.state.combat is not None and game.state.combat.combatants[:3] == [0, 1, 3]


def test_esper_8_5c_a_marker_that_did_not_spring_stays_and_a_dead_placers_goes() -> None:
    game = prepare(
        5, evil=(1, 3), personas={1: "hunter", 3: "agent"}, lurks={1: "Cinder 3", 3: "Cinder 4"}
    )
    game.player(1).state = "arrested"  # surgery: not normal, so it does not spring
    game.put(0, "Cinder 2")
    game.act(0, "walk", square=game.square("Cinder 3"))
    assert 1 in game.state.lurks and game.player(1).where is None
    game.act(3, "concede")
    assert 3 not in game.state.lurks


def test_esper_8_5_unsprung_markers_are_removed_at_the_end_of_part_1() -> None:
    from .helpers import to_part2

    game = to_part2(prepare(5, evil=(1,), personas={1: "hunter"}, lurks={1: "Cinder 3"}))
    assert game.state.lurks == {}
