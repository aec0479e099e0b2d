"""Part 2 in the secret base (ESPER-4) and base cards (ESPER-9, 14.7)."""

from __future__ import annotations

import pytest

from rules.esper.board import Board, grid_teleport_ends

from .helpers import Game, prepare, to_part2


def base(seats: int = 5) -> Game:
    """Part 2, round 1, seat 0 (an infiltrator) to move; seat 1 the keeper."""
    return to_part2(prepare(seats, evil=(1, 3), personas={1: "hunter"}))


def test_esper_4_1_entry_check_counts_clues_and_earlier_entry_checks() -> None:
    game = base()
    game.character(0, "pell-maro")  # ESP level 3
    game.give(0, clues=2)
    game.dice(3, 3)  # 6 > 3 + 2 clues + 0 earlier checks: a failure
    game.act(0, "enter")
    assert game.player(0).where is None and game.player(0).entries == 1
    game.until_move(0)
    game.dice(3, 3)  # 6 <= 3 + 2 + 1: a success
    game.act(0, "enter")
    assert game.ask is not None and game.ask.kind == "entry_square"
    assert game.options(0, "square") == list(game.state.board.outer_ring)


def test_esper_4_2_squares_join_up_down_left_and_right_and_edges_do_not_wrap() -> None:
    board = Board(5)
    assert board.grid_walks(0) == (1, 6)
    assert board.grid_walks(14) == (8, 13, 15, 20)
    assert board.grid_walks(35) == (29, 34)
    game = base()
    game.put(0, "A1")
    assert game.options(0, "walk") == [game.square("B1"), game.square("A2")]


def test_esper_4_3_teleport_ends_are_the_ends_of_every_self_avoiding_path() -> None:
    # From a corner, 2 steps: the two squares two away in a line and the diagonal.
    assert grid_teleport_ends(6, 0, 2) == (2, 7, 12)
    # 4 steps from A1 may end on B2, by a path that turns three times (A1 A2 B2... no: a path
    # of 4 steps never comes back, so squares at an odd distance are never ends).
    ends = grid_teleport_ends(6, 0, 4)
    assert all((s // 6 + s % 6) % 2 == 0 for s in ends)
    assert 7 in ends  # B2: A1 → B1 → C1 → C2 → B2
    assert 0 not in ends  # never back to the start
    # Every end is reached by some path of exactly n steps that never enters a square twice.
    for start in range(36):
        for roll in range(1, 7):
            for end in grid_teleport_ends(6, start, roll):
                assert _has_path(6, start, end, roll)


def _has_path(size: int, start: int, end: int, steps: int) -> bool:
    board = Board(5 if size == 6 else 3)

    def walk(at: int, seen: set[int], left: int) -> bool:
        if left == 0:
            return at == end
        return any(walk(n, seen | {n}, left - 1) for n in board.grid_walks(at) if n not in seen)

    return walk(start, {start}, steps)


def test_esper_4_3_listing_teleport_ends_takes_under_a_millisecond_once_worked_out() -> None:
    """Not a timing assertion (the machine is shared): the listing is worked out once per
    square and roll, so asking again is a lookup. ``bench/rules_esper.py`` prints the times."""
    grid_teleport_ends.cache_clear()
    first = grid_teleport_ends(6, 14, 6)
    assert grid_teleport_ends(6, 14, 6) is first


def test_esper_4_3_a_teleport_in_the_base_picks_among_every_end() -> None:
    game = base()
    game.character(0, "dario-venn")  # ESP level 4
    game.put(0, "C3")
    game.dice(3)
    game.act(0, "teleport", level=4)
    assert game.options(0, "square") == list(grid_teleport_ends(6, game.square("C3"), 3))


def test_esper_4_4_no_recovery_on_a_face_up_lounge_scrambler_fog_room_or_rift() -> None:
    game = base()
    game.player(0).damage = 1
    for card in ("lounge", "scrambler", "fog-room", "rift"):
        game.card("C3", card, face_up=True)
        game.put(0, "C3")
        assert "recover" not in game.kinds(0), card
    game.card("C3", "hall", face_up=True)
    assert "recover" in game.kinds(0)
    game.card("C3", "lounge")  # face down: the menu must not tell what lies there
    assert "recover" in game.kinds(0)


def test_esper_4_4a_never_recovery_on_the_rift_since_the_anchor_is_always_dealt() -> None:
    game = base()
    kinds = [game.state.kind_of(c) for c in game.state.base]
    assert kinds.count("anchor") == 1 and kinds.count("rift") == 1
    game.player(0).damage = 1
    game.card("D4", "rift", face_up=True)
    game.put(0, "D4")
    assert "recover" not in game.kinds(0)


def test_esper_4_5_the_fourth_key_base_destroyed_ends_the_game_at_once() -> None:
    game = base()
    keys = [s for s, c in enumerate(game.state.base) if game.state.kind_of(c) == "key_base"]
    for square in keys[:3]:
        game.state.base[square] = None
        game.state.destroyed[square] = "hall"  # surgery: three destroyed already
    game.state.destroyed.update(
        {keys[0]: "signal-tower", keys[1]: "foundry", keys[2]: "data-vault"}
    )
    game.state.face_up.add(keys[3])
    game.put(0, keys[3])
    game.player(0).character = game.player(0).character  # good
    game.edited()
    game.act(0, "destroy")
    assert game.result is not None and game.result.reason == "key_bases"
    good = tuple(p.seat for p in game.state.players if p.good)
    assert game.result.winners == good


def test_esper_4_5_the_destroyer_must_be_good_and_know_the_key_base() -> None:
    game = base()
    key = next(s for s, c in enumerate(game.state.base) if game.state.kind_of(c) == "key_base")
    game.put(0, key)
    assert "destroy" not in game.kinds(0)  # face down and not learned
    game.state.knowledge.tell(0, ("square", key), game.state.base[key] or "")
    game.edited()
    assert "destroy" in game.kinds(0)


def test_esper_4_6_keepers_open_nothing_and_recover_anywhere() -> None:
    game = base()
    game.until_move(1)
    lounge = game.card("B2", "lounge")
    game.put(1, "B1")
    game.player(1).damage = 1
    game.act(1, "walk", square=lounge)
    assert lounge not in game.state.face_up and game.player(1).state == "normal"
    game.card("B2", "lounge", face_up=True)
    game.until_move(1)
    assert "recover" in game.kinds(1)


def test_esper_9_1_an_opened_base_card_stays_face_up_and_is_obeyed_again() -> None:
    game = base()
    snare = game.card("C3", "tripwire")
    game.put(0, "C2")
    game.dice(1, 1)
    game.act(0, "walk", square=snare)
    assert snare in game.state.face_up
    game.until_move(0)
    game.act(0, "walk", square=game.square("C2"))
    game.until_move(0)
    game.dice(6, 6)
    game.act(0, "walk", square=snare)
    assert game.player(0).damage == 1


def test_esper_9_1a_a_scrambler_ends_the_party_and_moves_each_member_alone() -> None:
    """A party broken by a scrambler: each former member, the leader first, is moved alone to
    its own random square and opens what lies there."""
    game = base()
    for square in range(36):
        game.card(square, "hall")  # surgery: halls everywhere, so nothing else happens
    game.put(0, "C2")
    game.put(2, "C2")
    game.state.players[0].party = game.state.players[2].party = 0  # surgery: a party
    scrambler = game.card("C3", "scrambler")
    game.act(0, "walk", square=scrambler)
    p0, p2 = game.player(0), game.player(2)
    assert p0.party is None and p2.party is None
    assert p0.where != scrambler and p2.where != scrambler
    captions = game.captions()
    first = next(i for i, c in enumerate(captions) if c.startswith("The scrambler moves {seat0}"))
    second = next(i for i, c in enumerate(captions) if c.startswith("The scrambler moves {seat2}"))
    assert first < second
    assert p0.where in game.state.face_up and p2.where in game.state.face_up  # each opened


def test_esper_14_7_a_second_scrambler_in_the_same_turn_does_nothing() -> None:
    game = base()
    for square in range(36):
        game.card(square, "scrambler")  # surgery: scramblers everywhere
    game.put(0, "C2")
    game.act(0, "walk", square=game.square("C3"))
    assert game.said("A second scrambler this turn does nothing to {seat0}.")


@pytest.mark.parametrize(
    ("card", "check"),
    [("sentry", 1), ("guardhouse", 2)],
)
def test_esper_9_2_sentries_and_guardhouses_are_npc_fights(card: str, check: int) -> None:
    game = base()
    game.put(0, "C2")
    game.act(0, "walk", square=game.card("C3", card))
    assert game.state.combat is not None and len(game.state.combat.npcs) == check


def test_esper_9_2_the_rift_moves_to_a_face_up_anchor_else_deals_damage() -> None:
    game = base()
    game.put(0, "C2")
    rift = game.card("C3", "rift")
    game.act(0, "walk", square=rift)
    assert game.player(0).damage == 1
    anchor = game.card("F6", "anchor", face_up=True)
    game.until_move(0)
    game.act(0, "walk", square=game.square("C2"))
    game.until_move(0)
    game.act(0, "walk", square=rift)
    assert game.player(0).where == anchor and game.player(0).damage == 1


def test_esper_9_2_fog_room_stops_combat_starting_there() -> None:
    game = base()
    game.put(1, "C3")
    game.put(0, "C2")
    game.act(0, "walk", square=game.card("C3", "fog-room"))
    assert game.ask is not None and game.ask.kind != "combat"


def test_esper_9_3_a_destroyed_card_leaves_its_square_empty() -> None:
    game = base()
    key = next(s for s, c in enumerate(game.state.base) if game.state.kind_of(c) == "key_base")
    game.state.face_up.add(key)
    game.put(0, key)
    game.act(0, "destroy")
    square = game.match.view(None).squares[key]
    assert game.state.base[key] is None and square.destroyed and not square.face_down


def test_esper_9_4_destroying_a_face_down_key_base_shows_it_to_all() -> None:
    game = base()
    key = next(s for s, c in enumerate(game.state.base) if game.state.kind_of(c) == "key_base")
    name = game.state.pool.cards[game.state.base[key] or ""].name
    game.state.knowledge.tell(0, ("square", key), game.state.base[key] or "")
    game.put(0, key)
    game.act(0, "destroy")
    assert game.said(f"{{seat0}} destroys the {name} at")
    assert game.match.view(4).squares[key].destroyed == name


def test_esper_9_5_the_core_check_tells_its_destroyer_alone_where_the_key_bases_are() -> None:
    game = base()
    core = game.card("C3", "core")
    game.put(0, "C2")
    game.act(0, "walk", square=core)
    assert game.ask is not None and game.ask.kind == "check"
    game.dice(1, 1)
    game.act(0, "check")
    keys = [s for s, c in enumerate(game.state.base) if game.state.kind_of(c) == "key_base"]
    assert all(game.state.knowledge.knows(0, ("square", s)) for s in keys)
    assert not any(game.state.knowledge.knows(2, ("square", s)) for s in keys)
    assert len(game.match.view(0).hand.key_bases) == 4
    assert game.match.view(2).hand.key_bases == ()


def test_esper_9_5_a_failed_core_check_costs_one_damage() -> None:
    game = base()
    core = game.card("C3", "core")
    game.put(0, "C2")
    game.act(0, "walk", square=core)
    game.dice(6, 6)
    game.act(0, "check")
    assert game.player(0).damage == 1 and game.state.base[core] == "core"


def test_esper_9_6_the_archive_check_names_up_to_three_face_down_squares() -> None:
    game = base()
    archive = game.card("C3", "archive")
    game.put(0, "C2")
    game.act(0, "walk", square=archive)
    game.dice(1, 1)
    game.act(0, "check")
    assert game.state.base[archive] is None  # destroyed
    for name in ("A1", "F6"):
        game.act(0, "square", square=game.square(name))
    game.act(0, "square", square=game.square("D4"))
    for name in ("A1", "F6", "D4"):
        assert game.state.knowledge.knows(0, ("square", game.square(name)))
    assert not game.state.knowledge.knows(2, ("square", game.square("D4")))


def test_esper_9_6_a_failed_archive_check_does_nothing() -> None:
    game = base()
    archive = game.card("C3", "archive")
    game.put(0, "C2")
    game.act(0, "walk", square=archive)
    game.dice(6, 6)
    game.act(0, "check")
    assert game.state.base[archive] == "archive" and game.player(0).damage == 0
