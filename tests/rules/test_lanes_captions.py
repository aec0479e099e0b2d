"""Captions say what a step did (LANES-5.5: after each step the board is shown with its caption),
from its public events only."""

from __future__ import annotations

from rules.engine import Event
from rules.lanes.captions import outcome

from .lanes_helpers import prepare

LABELS = ("Left", "Center", "Right")


def test_a_reveal_says_what_its_ability_did() -> None:
    s = prepare(hands=(["lamplighter"], []), board=[(0, "moth-page", 0), (0, "tin-soldier", 0)])
    s.play(0, "lamplighter", 0)
    s.end_turn_both()
    assert (
        "{seat0} reveals Lamplighter at Quiet Square: Moth Page +1, Tin Soldier +1." in s.captions()
    )


def test_a_destroyed_location_names_what_went_but_never_a_face_down_card() -> None:
    s = prepare(
        hands=(["sapper"], []),
        decks=(["sapper"], ["sealed-letter"]),
        board=[(1, "brass-beetle", 0)],
    )
    s.put(1, "sealed-letter", 0, face_up=False)
    s.set_first(0)
    s.play(0, "sapper", 0)
    s.end_turn_both()
    (caption,) = [c for c in s.captions() if "reveals Sapper" in c]
    assert caption == (
        "{seat0} reveals Sapper at Quiet Square: Quiet Square is destroyed; "
        "Sapper, Brass Beetle and a face-down card are destroyed."
    )


def test_only_public_events_are_summed_up() -> None:
    events = [
        Event("power", {"card": 5, "name": "Moth Page", "delta": 2, "location": 0}),
        Event("power", {"card": 9, "name": "Secret", "delta": 1, "location": -1}, frozenset({1})),
        Event("power", {"card": 5, "name": "Moth Page", "delta": -3, "location": 0}),
        Event("moved", {"card": 6, "name": "Drifter", "location": 2, "origin": 0, "seat": 0}),
        Event("drew", {"seat": 1}),
    ]
    assert outcome(events, LABELS) == "Moth Page −1; Drifter moves to Right; {seat1} draws a card"
    assert outcome([], LABELS) == ""
