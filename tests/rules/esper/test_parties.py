"""Parties (ESPER-10)."""

from __future__ import annotations

from .helpers import Game, prepare, to_part2


def together(*seats: int, square: str = "Aster 1") -> Game:
    game = prepare(5)
    for seat in seats:
        game.put(seat, square)
    return game


def test_esper_10_1_an_invitation_is_answered_at_once_and_in_secret() -> None:
    game = together(0, 1, 2)
    assert game.options(0, "invite", "guests") == [1, 2]
    game.act(0, "invite", guests=(1, 2))
    assert set(game.pending) == {1, 2}
    game.act(2, "accept")
    assert game.pending == (1,) and game.player(2).party is None  # nothing shown yet
    assert game.match.view(1).players[2].party is None
    game.act(1, "pass")
    assert game.player(0).party == 0 and game.player(2).party == 0 and game.player(1).party is None
    assert game.said("{seat0}'s invitation: {seat2} joins; {seat1} declines.")


def test_esper_10_1a_at_most_3_members_the_leader_included() -> None:
    game = together(0, 1, 2, 3)
    [spec] = game.specs(0, "invite")
    assert spec.params[0].most == 2
    game.act(0, "invite", guests=(1, 2))
    game.act(1, "accept")
    game.act(2, "accept")
    game.until_move(0)
    assert "invite" not in game.kinds(0)  # full: no place is free


def test_esper_10_2_the_leaders_movement_carries_every_member_who_may_only_leave() -> None:
    game = together(0, 1)
    game.act(0, "invite", guests=1)
    game.act(1, "accept")
    game.until_move(1)
    assert game.kinds(1) == {"leave_party", "pass", "declare"}
    game.act(1, "pass")
    game.until_move(0)
    game.act(0, "walk", square=game.card("Aster 2", "plain"))
    assert game.player(1).where == game.square("Aster 2")


def test_esper_10_3_a_party_ends_when_its_leader_leaves_and_a_member_may_leave() -> None:
    game = together(0, 1, 2)
    game.act(0, "invite", guests=(1, 2))
    game.act(1, "accept")
    game.act(2, "accept")
    game.until_move(1)
    game.act(1, "leave_party")
    assert game.player(1).party is None and game.player(2).party == 0
    game.until_move(0)
    game.act(0, "leave_party")
    assert game.player(0).party is None and game.player(2).party is None


def test_esper_10_3_a_member_who_dies_leaves_and_a_leader_who_dies_ends_it() -> None:
    game = together(0, 1, 2)
    game.act(0, "invite", guests=(1, 2))
    game.act(1, "accept")
    game.act(2, "accept")
    game.act(2, "concede")
    assert game.player(1).party == 0
    game.act(0, "concede")
    assert game.player(1).party is None


def test_esper_10_3_the_end_of_part_1_ends_every_party() -> None:
    game = together(0, 1)
    game.act(0, "invite", guests=1)
    game.act(1, "accept")
    to_part2(game)
    assert all(p.party is None for p in game.state.players)


def test_esper_10_3a_a_successful_join_takes_a_member_out_of_its_party() -> None:
    game = prepare(5)
    game.put(2, "Cinder 1")
    game.put(3, "Cinder 1")
    game.state.players[2].party = game.state.players[3].party = 2  # surgery: a party
    game.put(0, "Aster 1")
    game.put(1, "Aster 1")
    game.act(0, "pass")
    game.act(0, "combat")
    game.act(2, "pass")
    game.dice(1, 1)
    game.act(3, "join_combat")
    assert game.player(3).party is None and game.player(2).party is None  # two left: one alone


def test_esper_10_4_keepers_and_infiltrators_cannot_be_in_one_party() -> None:
    game = to_part2(prepare(5, evil=(1, 3), personas={1: "hunter"}))
    game.put(0, "C3")
    game.put(1, "C3")
    game.put(2, "C3")
    assert game.options(0, "invite", "guests") == [2]
