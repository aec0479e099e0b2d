"""Timeouts and auto-pass (CHARM-13), hidden information (CHARM-12), what the options say, and
the summary line."""

from __future__ import annotations

import json

from rules.charm.views import summary
from rules.engine import Action, Match

from .helpers import prepare, ruleset


def test_charm_13_1_the_clock_acts_only_for_the_seat_waited_on() -> None:
    game = prepare()
    import pytest

    from rules.engine import IllegalAction

    with pytest.raises(IllegalAction):
        game.act(1, "timeout")


def test_charm_13_1_mulligan_timeout_returns_nothing() -> None:
    match = Match.new(ruleset(), 3)
    hand = [c.uid for c in match.view(0).hand]
    match.apply(0, Action("timeout"))
    match.apply(1, Action("mulligan", cards=[]))
    assert match.view(None).players[0].returned == 0
    assert [c.uid for c in match.view(0).hand] == hand


def test_charm_13_1_initiative_timeout_declares_the_end_of_main() -> None:
    game = prepare()
    game.timeout()
    assert game.state.turn_player == 1 and game.state.turn == 2
    assert [e.kind for e in game.events() if e.kind in ("timeout", "declared")][:2] == [
        "timeout",
        "declared",
    ]


def test_charm_13_1_answer_and_timing_timeouts_pass() -> None:
    game = prepare()
    game.give(1, "heckle")
    game.give(0, "heckle")  # so that seat 0 is asked about the draw
    game.end_turn()
    game.timeout()  # seat 1, asked to answer the end of main: passes
    assert game.state.turn == 2 and game.pending() == (0,)
    game.timeout()
    assert game.waiting_on() == "timing"


def test_charm_13_1_defence_timeout_is_no_defence() -> None:
    game = prepare()
    game.put(1, "velvet-usher")
    game.charm(game.heroine(0))
    game.pass_until(lambda: game.waiting_on() == "defence")
    game.act(1, "block", attacker=game.heroine(0).uid, defender=game.heroine(1).uid)
    game.timeout()  # even with a block planned
    assert game.all_events("defended")[-1].data["blocks"] == []


def test_charm_13_1_13_3_order_timeout_takes_the_turn_players_first_in_field_order() -> None:
    game = prepare()
    knight = game.put(1, "paper-knight")
    moth = game.put(1, "ember-moth")
    knight.dp_damage = 2  # surgery: damaged earlier
    game.put(0, "lantern-page")  # two enemy characters for the Knight to pick from
    game.set_pool(0, 3)
    game.use(game.give(0, "stage-fright"))
    [spec] = game.specs(0, "order")
    firsts = [o.label for o in spec.params[0].options]
    assert firsts == [
        "{seat1}'s Paper Knight (turned face down)",
        "{seat1}'s Ember Moth (turned face down)",
    ]
    game.timeout()
    assert game.waiting_on() == "target"  # the Knight's went first: its owner picks now
    del moth


def test_charm_13_1_13_3_target_timeout_takes_the_first_listed_enemy_first() -> None:
    game = prepare()
    knight = game.put(1, "paper-knight")
    knight.dp_damage = 2
    page = game.put(0, "lantern-page")
    game.set_pool(0, 3)
    game.use(game.give(0, "stage-fright"))
    [spec] = game.specs(1, "target")
    # Seat 1 picks: its opponent's (seat 0's) side first, in field order: heroine, then Page.
    assert [o.value for o in spec.params[0].options] == [game.heroine(0).uid, page.uid]
    game.timeout()
    assert game.heroine(0).dp_damage == 1


def test_charm_13_1_discard_timeout_takes_the_newest_cards() -> None:
    game = prepare()
    cards = [game.give(0, "lantern-page") for _ in range(7)]
    game.end_turn()
    game.timeout()
    assert [c.zone for c in cards] == ["hand"] * 5 + ["discard"] * 2


def test_charm_13_1_recall_timeout_takes_the_oldest() -> None:
    game = prepare()
    trunk = game.put(0, "prop-trunk")
    old, new = game.pile(0, "ember-moth", "tin-drummer")
    game.use(trunk, cost=[game.give(0, "lantern-page")])
    assert game.waiting_on() == "recall"
    [spec] = game.specs(0, "recall")
    assert [o.value for o in spec.params[0].options] == [old.uid, new.uid]
    game.timeout()
    assert old.zone == "hand" and new.zone == "discard"


def test_charm_11_6_a_recall_chosen_is_the_skills_last_word() -> None:
    """CHARM-11.6 (``recall``, picked as it resolves): the step of the choice says what the
    skill did; no "no effect" step follows it."""
    game = prepare()
    trunk = game.put(0, "prop-trunk")
    moth, _drummer = game.pile(0, "ember-moth", "tin-drummer")
    game.use(trunk, cost=[game.give(0, "lantern-page")])
    res = game.recall(moth)
    said = game.captions(res)
    assert "{seat0} takes Ember Moth back from the discard pile to hand." in said
    assert not any("no effect" in caption for caption in said), said


def test_charm_10_4a_a_recall_with_nothing_to_take_says_so() -> None:
    """CHARM-10.4a: the card discarded to pay is not in reach of the skill's own recall; with
    nothing else there, the caption says what was missing (not just "no effect")."""
    game = prepare()
    trunk = game.put(0, "prop-trunk")
    game.use(trunk, cost=[game.give(0, "ember-moth")])
    game.pass_until(lambda: game.waiting_on() == "initiative")
    said = [c for r in game.history[-2:] for c in game.captions(r)]
    line = "{seat0}'s Prop Trunk (A.Skill): no character to take back in {seat0}'s discard pile."
    assert line in said, said


def test_charm_6_4_a_players_damage_from_several_attackers_is_told_as_one_sum() -> None:
    game = prepare()
    page = game.put(0, "lantern-page")  # AP 1
    moth = game.put(0, "ember-moth")
    game.charm(page, moth)
    game.pass_until(lambda: game.state.phase == "main")
    said = [c for r in game.history for c in game.captions(r) if c.startswith("Charm end")]
    after = game.damage(1)
    assert said == [f"Charm end: {{seat1}} takes {after} damage (0 → {after})."]


def test_charm_2_2_ep_fading_at_a_change_of_phase_is_a_step_of_its_own() -> None:
    """CHARM-2.2: at a change of phase both pools empty; said as the phase ends, not in the next
    step (a P.Skill's)."""
    game = prepare()
    game.produce(game.put(0, "moonlit-terrace"))
    game.charm(game.heroine(0))  # Aria Vale: when she attacks, a P.Skill deals 1 damage
    game.pass_until(lambda: game.state.phase == "charm")
    said = game.captions()
    assert "Main phase ends: {seat0}'s 1 unused EP fade." in said
    assert any("P.Skill" in c for c in said)
    assert not any("fade" in c for c in said if "P.Skill" in c), said


def test_charm_13_2_an_empty_handed_seat_without_usable_a_skills_is_passed_for() -> None:
    game = prepare()
    game.set_pool(0, 1)
    res = game.play(game.give(0, "lantern-page"))
    passed = [e for e in game.events("passed", res)]
    assert [(e.data["seat"], e.data["auto"]) for e in passed] == [(1, "evident")]
    assert "no card in hand and no A.Skill to use" in " ".join(game.captions(res))


def test_charm_13_2_usable_counts_the_ep_a_seat_could_still_produce() -> None:
    game = prepare()
    game.put(1, "tin-drummer")  # A.Skill: 1 EP and check this; the heroine can make the EP
    game.set_pool(0, 1)
    game.play(game.give(0, "lantern-page"))
    assert game.pending() == (1,)  # asked: it could produce EP and use the Drummer
    game.pass_(1)
    game.heroine(1).checked = True  # surgery: no EP to be made now
    game.set_pool(0, 1)
    res = game.play(game.give(0, "ember-moth"))
    assert [e.data["auto"] for e in game.events("passed", res)] == ["evident"]


def test_charm_13_2_auto_pass_is_off_by_default_and_passes_only_with_nothing_usable() -> None:
    game = prepare()
    game.give(1, "heckle")  # no attacker anywhere: it cannot be used now
    game.set_pool(0, 2)
    assert not game.match.view(1).auto_pass
    game.play(game.give(0, "lantern-page"))
    assert game.pending() == (1,)  # a card in hand: asked, off by default
    res = game.act(1, "auto_pass")  # turned on while asked: it passes at once
    assert res.steps[0].audience == frozenset({1})  # the flip is its own business
    assert [e.data["auto"] for e in game.events("passed", res)] == ["auto"]
    assert game.match.view(1).auto_pass and not game.match.view(0).auto_pass
    game.charm(game.heroine(0))  # now a Heckle has an attacker: usable, so asked
    assert game.pending() == (1,)


def test_charm_12_1_views_hold_what_the_table_gives_each_seat() -> None:
    game = prepare()
    secret = game.give(1, "heckle")
    game.give(0, "lantern-page")
    game.pile(1, "cut-the-lights")
    views = {viewer: game.match.view(viewer) for viewer in (None, 0, 1)}
    text = {v: json.dumps(views[v].to_json(), default=str) for v in views}
    assert "Heckle" in text[1] and "Heckle" not in text[0] and "Heckle" not in text[None]
    assert views[0].players[1].hand_size == 1 and views[None].hand == ()
    assert "Cut the Lights" in text[None]  # the discard pile is public, in order
    deck_names = {c.name for c in game.player(0).deck}
    assert all(views[None].players[p].deck_size == 20 for p in (0, 1))
    assert not any(f'"uid": {c.uid},' in text[1] for c in game.player(0).deck)
    assert deck_names == {"Lantern Page"}
    del secret


def test_charm_12_1_the_chain_and_its_targets_are_public() -> None:
    game = prepare()
    game.set_pool(0, 2)
    game.give(1, "heckle")
    usher = game.put(1, "velvet-usher")
    game.use(game.give(0, "spotlight-steal"), target=usher)
    [entry] = game.match.view(None).chain
    assert (entry.kind, entry.name, entry.target_name) == (
        "event",
        "Spotlight Steal",
        "Velvet Usher",
    )
    assert entry.text == "Deal 2 DP damage to an enemy character."


def test_options_carry_what_a_choice_depends_on() -> None:
    game = prepare()
    game.set_pool(0, 2)
    usher = game.put(1, "velvet-usher")
    usher.dp_damage = 1
    game.give(0, "spotlight-steal")
    [spec] = game.specs(0, "use")
    labels = [o.label for o in spec.params[0].options]
    assert labels == ["Mira Quill (theirs, AP 2, DP 4)", "Velvet Usher (theirs, AP 1, DP 3 left)"]
    [produce] = game.specs(0, "produce")
    assert produce.params[0].options[0].label == "Aria Vale (+1 EP)"


def test_summary_says_damage_limits_ep_and_the_phase() -> None:
    game = prepare()
    game.set_damage(1, 4)
    game.set_pool(0, 2)
    line = summary(game.match.view(None))
    assert line == "Main phase of {seat0} · {seat0}: damage 0/20, 2 EP · {seat1}: damage 4/22, 0 EP"
    match = Match.new(ruleset(), 1)
    assert summary(match.view(None)).startswith("Mulligan · ")
    import pytest

    with pytest.raises(ValueError, match="spectator"):
        summary(match.view(0))


def test_the_bot_conventions_turn_first_hand_size_and_hand() -> None:
    match = Match.new(ruleset(), 9, {"first": 1})
    public = match.view(None)
    assert public.first == 1 and public.turn == 0 and public.last_turn == 60
    assert [p.hand_size for p in public.players] == [5, 5]
    assert len(match.view(0).hand) == 5
    for seat in (0, 1):
        match.apply(seat, Action("mulligan", cards=[]))
    steps = [e for r in [match] for e in []]
    del steps
    assert match.view(None).turn == 1
