"""Captions say what a step did (LANES-5.5: after each step the board is shown with its caption),
from its public events only."""

from __future__ import annotations

from rules.engine import Event
from rules.lanes.captions import Change, outcome

from .lanes_helpers import prepare

LABELS = ("Left", "Center", "Right")


def test_a_reveal_says_what_its_ability_did() -> None:
    s = prepare(hands=(["lamplighter"], []), board=[(0, "moth-page", 0), (0, "tin-soldier", 0)])
    s.play(0, "lamplighter", 0)
    s.end_turn_both()
    assert (
        "{seat0} reveals Lamplighter at Quiet Square: Moth Page 2 → 3, Tin Soldier 5 → 6."
        in s.captions()
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
        Event("cost", {"card": 9, "name": "Secret", "before": 3, "after": 2}, frozenset({1})),
        Event("moved", {"card": 6, "name": "Drifter", "location": 2, "origin": 0, "seat": 0}),
        Event("drew", {"seat": 1}),
        Event("drew", {"seat": 0}),
    ]
    changes = [Change(5, "Moth Page", 2, 1)]
    assert outcome(events, LABELS, changes) == (
        "Drifter moves to Right; both players draw a card; Moth Page 2 → 1"
    )
    assert outcome(events, LABELS, audience=1) == (
        "Secret costs 3 → 2; Drifter moves to Right; both players draw a card"
    )
    assert outcome([], LABELS) == ""


# -- what a caption says, with numbers (LANES-5.5: a step each, shown with its caption) ----------


def test_lanes_2_3_a_power_change_says_the_power_before_and_after() -> None:
    s = prepare(board=[(0, "sapling", 0)])
    s.end_turn_both()
    assert "Turn start: {seat0}'s Sapling at Quiet Square: power 0 → 2." in s.captions()


def test_lanes_5_4_a_reveal_says_what_its_ongoing_ability_changed() -> None:
    s = prepare(hands=(["banner-bearer"], []), board=[(0, "moth-page", 0), (1, "tin-soldier", 0)])
    s.play(0, "banner-bearer", 0)
    s.end_turn_both()
    assert "{seat0} reveals Banner Bearer at Quiet Square: Moth Page 2 → 3." in s.captions()


def test_lanes_2_2_a_location_reveal_says_what_it_changed_not_its_text() -> None:
    s = prepare(
        board=[(0, "moth-page", 1), (1, "brass-beetle", 1)],
        locations=("quiet-square", "armory", "plain-right"),
    )
    s.end_turn_both()
    assert "Armory is revealed: Moth Page 2 → 4, Brass Beetle 3 → 5." in s.captions()
    s = prepare(locations=("quiet-square", "clocktower", "plain-right"))
    s.end_turn_both()
    assert "Clocktower is revealed: the last turn is now 4, not 6." in s.captions()
    s = prepare(locations=("quiet-square", "frozen-lake", "plain-right"))
    s.end_turn_both()
    assert "Frozen Lake is revealed: cards can't be played here." in s.captions()


def test_lanes_8_3_the_end_of_a_turn_says_who_leads_where() -> None:
    s = prepare(board=[(0, "tin-soldier", 0), (1, "moth-page", 0), (1, "brass-beetle", 1)])
    s.end_turn_both()
    assert "Turn 1 ends: {seat0} leads Quiet Square 5–2; {seat1} leads Center (hidden) 3–0." in (
        s.captions()
    )
    s = prepare(board=[(0, "moth-page", 0), (1, "moth-page", 0)])
    s.put(1, "iron-colossus", 2, face_up=False)  # surgery: unseen, it counts 0 until revealed
    s.end_turn_both()
    assert "Turn 1 ends: nobody leads anywhere." in s.captions()


def test_lanes_5_2_a_turn_start_says_who_reveals_first_and_why() -> None:
    s = prepare(board=[(1, "moth-page", 0)], first=0)
    s.set_deck_top(0, ["tin-soldier"])
    s.end_turn_both()
    public = [st.caption for r in s.last for st in r.steps if st.public]
    assert "Turn 2 of 6: {seat1} reveals first (more locations); both players draw a card." in (
        public
    )
    told = [st.caption for r in s.last for st in r.steps if st.audience == frozenset({0})]
    assert "You draw Tin Soldier." in told
    assert not any("Tin Soldier" in c for c in public)


def test_lanes_2_3_an_ability_in_hand_is_told_to_its_owner_only_with_its_change() -> None:
    s = prepare(hands=(["patient-sage"], []))
    s.end_turn_both()
    (step,) = [st for r in s.last for st in r.steps if "Patient Sage" in st.caption]
    assert step.audience == frozenset({0})
    assert step.caption == "Turn start: Patient Sage in your hand: cost 6 → 5."


def test_lanes_9_2_snaps_say_the_stakes_before_and_after() -> None:
    s = prepare()
    s.act(0, "snap")
    assert s.captions() == ["{seat0} snaps! The stakes go 1 → 2 when this turn ends."]
    s.act(1, "snap")
    assert s.captions() == ["{seat1} snaps! The stakes go 2 → 4 when this turn ends."]
    s.end_turn_both()
    assert "Both snaps take effect: the stakes go 1 → 4." in s.captions()
