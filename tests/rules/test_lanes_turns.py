"""LANES-2 (turn start) and LANES-3 (energy and draw)."""

from __future__ import annotations

from .lanes_helpers import Scenario, prepare


def _timed(s: Scenario, prefix: str) -> list[str]:
    """Who resolved what, in order, among the last call's steps that start with ``prefix``:
    ``"0 Sapling"`` for seat 0's Sapling on the board, ``"1 Echo One (hand)"`` in hand..."""
    out = []
    for r in s.last:
        for step in r.steps:
            if not step.caption.startswith(prefix):
                continue
            text = step.caption[len(prefix) :]
            if step.audience is not None:  # in hand or deck: the owner's private step
                name, zone = text.split(": ")[0].rsplit(" in your ", 1)
                out.append(f"{min(step.audience)} {name} ({zone})")
            elif text.startswith("{seat"):
                seat, rest = text[5], text.split("'s ", 1)[1]
                out.append(f"{seat} {rest.split(' at ')[0]}")
            else:
                out.append(text.split(":")[0])
    return out


# -- LANES-2 --------------------------------------------------------------------------------------


def test_lanes_2_1_maximum_energy_rises_by_1_each_turn() -> None:
    s = prepare(energy=None)
    maxima = []
    for _ in range(5):
        maxima.append([p.max_energy for p in s.state.players])
        s.end_turn_both()
    assert maxima == [[1, 1], [2, 2], [3, 3], [4, 4], [5, 5]]


def test_lanes_2_2_the_location_of_the_turn_is_revealed_before_turn_start_abilities() -> None:
    # Lantern Field is the center location: revealed at turn 2, its turn-start ability works then.
    s = prepare(locations=("quiet-square", "lantern-field", "plain-right"))
    s.end_turn_both()
    kinds = [e.kind for r in s.last for step in r.steps for e in step.events]
    assert kinds.index("location_revealed") < kinds.index("added")
    assert s.hand(0)[0] == "spark"


def test_lanes_2_3_turn_start_order_locations_board_hand_deck() -> None:
    s = prepare(
        hands=(["echo-1"], []),
        decks=(["echo-1", "echo-2", "sapling"], []),
        board=[(0, "sapling", 0)],
        locations=("lantern-field", "treasury", "plain-right"),
        turn=2,  # Treasury (center) has been revealed
    )
    s.set_hand(0, ["echo-1"])
    s.set_deck_top(0, ["echo-2"])
    s.end_turn_both()
    captions = s.captions()
    order = [
        "Turn start at Lantern Field:",
        "Turn start at Treasury:",
        "Turn start: {seat0}'s Sapling",
        "Turn start: Echo One in your hand:",
        "Turn start: Echo Two in your deck:",
    ]
    found = [next(i for i, c in enumerate(captions) if c.startswith(o)) for o in order]
    assert found == sorted(found)


def test_lanes_2_4_first_player_first_then_left_to_right_on_the_board() -> None:
    s = prepare(board=[(0, "sapling", 0), (1, "sapling", 2)], first=1)
    s.end_turn_both()  # turn 2 starts: turn 1's first player (seat 1) goes first
    assert _timed(s, "Turn start: ") == ["1 Sapling", "0 Sapling"]


def test_lanes_2_4_each_side_in_the_order_its_cards_were_placed() -> None:
    s = prepare(board=[(0, "ember-kiln", 2), (0, "coin-hoarder", 0), (0, "sapling", 0)])
    s.end_turn_both()  # end of turn follows the same order (LANES-6.1)
    assert _timed(s, "End of turn: ") == ["0 Coin Hoarder", "0 Ember Kiln"]
    s = prepare(board=[(0, "ember-kiln", 0), (0, "coin-hoarder", 0)])
    s.end_turn_both()
    assert _timed(s, "End of turn: ") == ["0 Ember Kiln", "0 Coin Hoarder"]


def test_lanes_2_4_in_hand_left_to_right_first_player_first() -> None:
    s = prepare(hands=(["echo-2", "echo-1"], ["echo-1"]), first=1)
    s.end_turn_both()
    assert _timed(s, "Turn start: ") == [
        "1 Echo One (hand)",
        "0 Echo Two (hand)",
        "0 Echo One (hand)",
    ]


def test_lanes_2_4_in_deck_top_to_bottom() -> None:
    s = prepare(decks=(["echo-1", "echo-2"], []))
    s.set_deck_top(0, ["moth-page", "echo-2", "echo-1"])  # Moth Page is drawn first
    s.end_turn_both()
    assert _timed(s, "Turn start: ") == ["0 Echo Two (deck)", "0 Echo One (deck)"]


def test_lanes_2_4_turn_start_uses_the_previous_turns_first_player() -> None:
    # Seat 0 wins a location at turn 1, so it is first for turn 2 (LANES-5.2); yet at the start
    # of turn 2, turn 1's first player (seat 1) resolves first.
    s = prepare(
        hands=(["iron-colossus"], []), board=[(0, "sapling", 1), (1, "sapling", 2)], first=1
    )
    s.play(0, "iron-colossus", 0)
    s.end_turn_both()
    assert _timed(s, "Turn start: ") == ["1 Sapling", "0 Sapling"]
    assert s.state.first == 0


def test_lanes_2_5_game_start_abilities_never_resolve_at_turn_start() -> None:
    s = prepare(
        decks=(["swarm-queen"], []), locations=("spark-foundry", "plain-center", "plain-right")
    )
    cards = [len(p.deck) + len(p.hand) for p in s.state.players]
    s.until_turn(4)
    assert [len(p.deck) + len(p.hand) for p in s.state.players] == cards
    assert not any(c.startswith("Game start") for c in s.captions())


# -- LANES-3 --------------------------------------------------------------------------------------


def test_lanes_3_1_energy_is_refilled_to_the_maximum() -> None:
    s = prepare(hands=(["moth-page"], []), energy=None)
    s.play(0, "moth-page", 0)
    assert s.energy(0) == 0
    s.end_turn_both()
    assert [s.energy(0), s.energy(1)] == [2, 2]


def test_lanes_3_1_carried_energy_is_added_and_lasts_one_turn() -> None:
    s = prepare(hands=(["second-wind"], []), energy=None)
    s.until_turn(2)
    s.set_hand(0, ["second-wind"])
    s.play(0, "second-wind", 0)
    s.end_turn_both()
    assert [s.energy(0), s.energy(1)] == [3 + 2, 3]
    s.end_turn_both()  # not spent: it is gone
    assert [s.energy(0), s.energy(1)] == [4, 4]


def test_lanes_3_2_each_player_draws_the_top_card_to_the_right_end_of_the_hand() -> None:
    s = prepare(hands=(["moth-page"], ["moth-page"]))
    s.set_deck_top(0, ["tin-soldier"])
    s.set_deck_top(1, ["brass-beetle"])
    s.end_turn_both()
    assert s.hand(0) == ["moth-page", "tin-soldier"]
    assert s.hand(1) == ["moth-page", "brass-beetle"]


HAND_OF_7 = ["moth-page", "brass-beetle", "tin-soldier", "stone-warden", "river-ogre",
             "iron-colossus", "lamplighter"]  # fmt: skip


def test_lanes_3_3_a_full_hand_draws_nothing_and_the_card_stays_on_the_deck() -> None:
    s = prepare(hands=(HAND_OF_7, []))
    top = s.deck(0)[0]
    s.end_turn_both()
    assert len(s.hand(0)) == 7
    assert s.deck(0)[0] == top
    assert [e.data["full"] for e in s.events("draw_failed")] == [True]


def test_lanes_3_3_a_card_added_to_a_full_hand_is_not_added() -> None:
    s = prepare(hands=([*HAND_OF_7[:5], "tinker"], []))
    s.play(0, "tinker", 0)  # six cards in hand before Tinker is played: five after
    s.end_turn_both()  # Tinker adds two Sparks (5 -> 7), then the turn's draw finds a full hand
    assert s.hand(0).count("spark") == 2
    assert len(s.hand(0)) == 7
    s = prepare(hands=([*HAND_OF_7[:6], "tinker"], []))
    s.play(0, "tinker", 0)
    s.end_turn_both()  # six in hand: one Spark fits, the second does not
    assert s.hand(0).count("spark") == 1
    assert len(s.events("hand_full")) == 1
    assert sum(c.defn.id == "spark" for c in s.state.cards.values()) == 1  # the other: never made


def test_lanes_3_3_an_empty_deck_draws_nothing_and_is_not_a_loss() -> None:
    s = prepare()
    cards = s.deck(0) + s.hand(0)
    for i, card_id in enumerate(cards):  # every card of seat 0 onto the board
        s.put(0, card_id, i // 4)
    assert s.deck(0) == [] and s.hand(0) == []
    s.end_turn_both()
    assert [e.data for e in s.events("draw_failed")] == [{"seat": 0, "full": False}]
    assert not s.match.over
    assert s.state.turn == 2
