"""What a seat reads in its menus: each location with the totals it sees there (LANES-4.1), its
own staged plays counted, the opponent's hidden ones never (LANES-4.2)."""

from __future__ import annotations

from rules.engine import Action, Match, Rng, derive_seed
from rules.lanes.actions import location_options
from rules.simulate import random_action

from .lanes_helpers import Scenario, prepare, scenario_ruleset

CENTER = "Center (not yet revealed)"
RIGHT = "Right (not yet revealed)"


def _locations(s: Scenario, seat: int, kind: str = "play") -> list[str]:
    """The location labels of the seat's first spec of ``kind``."""
    spec = next(spec for spec in s.match.legal_actions(seat) if spec.kind == kind)
    (param,) = spec.params
    return [option.label for option in param.options]


def test_lanes_4_1_a_location_option_shows_the_totals_the_seat_sees() -> None:
    s = prepare(
        hands=(["brass-beetle", "moth-page"], ["tin-soldier"]),
        board=[(0, "river-ogre", 0), (1, "moth-page", 0)],
    )
    assert _locations(s, 0) == [
        "Quiet Square · you 9 – 2 them",
        f"{CENTER} · you 0 – 0 them",
        f"{RIGHT} · you 0 – 0 them",
    ]
    assert _locations(s, 1)[0] == "Quiet Square · you 2 – 9 them"
    s.play(0, "brass-beetle", 0)  # the seat's own staged play counts for it
    assert _locations(s, 0)[0] == "Quiet Square · you 12 – 2 them"
    s.act(0, "reset")
    assert _locations(s, 0)[0] == "Quiet Square · you 9 – 2 them"


def test_lanes_4_2_totals_never_count_the_opponents_hidden_staged_or_face_down_cards() -> None:
    s = prepare(
        hands=(["moth-page"], ["tin-soldier", "brass-beetle"]),
        decks=(["moth-page"], ["tin-soldier", "brass-beetle", "sealed-letter"]),
        board=[(0, "river-ogre", 0), (1, "moth-page", 0)],
    )
    s.put(1, "sealed-letter", 1, face_up=False)  # surgery: a face-down card at Center
    before = _locations(s, 0)
    s.play(1, "tin-soldier", 0)
    assert (
        _locations(s, 0)
        == before
        == [
            "Quiet Square · you 9 – 2 them",
            f"{CENTER} · you 0 – 0 them",
            f"{RIGHT} · you 0 – 0 them",
        ]
    )
    # Its owner counts both: the staged Tin Soldier (5) and the Sealed Letter (8) it knows.
    assert _locations(s, 1) == [
        "Quiet Square · you 7 – 9 them",
        f"{CENTER} · you 8 – 0 them",
        f"{RIGHT} · you 0 – 0 them",
    ]


def test_lanes_4_1_a_staged_move_takes_its_power_from_one_location_to_the_other() -> None:
    s = prepare(hands=(["moth-page"], []), board=[(0, "drifter", 0)])
    assert _locations(s, 0, "move") == [f"{CENTER} · you 0 – 0 them", f"{RIGHT} · you 0 – 0 them"]
    s.move(0, "drifter", 2)
    assert _locations(s, 0) == [
        "Quiet Square · you 0 – 0 them",
        f"{CENTER} · you 0 – 0 them",
        f"{RIGHT} · you 3 – 0 them",
    ]


def test_lanes_5_5_the_totals_follow_the_board_from_one_turn_to_the_next() -> None:
    s = prepare(hands=(["tin-soldier"], []), decks=(["tin-soldier", "moth-page"], []))
    s.play(0, "tin-soldier", 0)
    s.end_turn_both()
    s.set_hand(0, ["moth-page"])
    assert _locations(s, 0)[0] == "Quiet Square · you 5 – 0 them"
    assert _locations(s, 0)[1] == "Plain Center · you 0 – 0 them"  # revealed at turn 2


def test_lanes_4_1_an_action_checked_without_a_menu_needs_no_totals() -> None:
    """``offer_for`` (a typed command, a replay) is the cold path: plain location options."""
    s = prepare(hands=(["moth-page"], []), board=[(0, "river-ogre", 0)])
    card = s.card(0, "moth-page").uid
    rules = s.match.ruleset
    (spec,) = rules.offer_for(s.state, 0, Action("play", card=card, location=0))
    assert [o.label for o in spec.params[0].options] == ["Quiet Square", CENTER, RIGHT]


def test_lanes_4_1_kept_totals_always_equal_totals_worked_out_afresh() -> None:
    """The totals are kept from one listing to the next (LANES-5.5: the board changes only in a
    reveal); in random play they always equal what a fresh count says."""
    rules = scenario_ruleset()
    for game in range(8):
        seed = derive_seed(5, f"menus-{game}")
        match = Match.new(rules, seed, rules.random_setup(Rng(seed)), quiet=True)
        rng = Rng(derive_seed(seed, "policy"))
        while not match.over:
            for seat in (0, 1):
                kept = location_options(match.state, seat)
                match.state.totals, match.state.places = None, [None, None]
                assert location_options(match.state, seat) == kept
            seat = match.pending()[rng.below(len(match.pending()))]
            specs = [s for s in match.legal_actions(seat) if s.kind != "retreat"]
            match.apply(seat, random_action(specs[rng.below(len(specs))], rng))
