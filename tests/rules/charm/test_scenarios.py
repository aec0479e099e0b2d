"""Scenarios where several rules meet, each played through the real actions from a prepared
position (the issue's list: CHARM-5.8, 2.2, 9, 2.3, 6.5, 8.3, 8.8, 4.3)."""

from __future__ import annotations

from .helpers import prepare


def test_a_negate_of_a_negate_deep_chain_resolves_newest_first_charm_9_4_9_5() -> None:
    """Seat 0 steals; seat 1 cuts the lights on it; seat 0 cuts the lights on that; seat 1
    cannot answer its own negate, may answer seat 0's, and passes: seat 0's negate resolves
    first, so seat 1's fails, so the Steal resolves."""
    game = prepare()
    game.set_pool(0, 4)
    game.set_pool(1, 2)
    steal, lights0 = game.give(0, "spotlight-steal"), game.give(0, "cut-the-lights")
    lights1 = game.give(1, "cut-the-lights")
    game.give(1, "heckle")
    usher = game.put(1, "velvet-usher")
    game.use(steal, target=usher)
    assert game.pending() == (1,)
    game.use(lights1)
    assert game.pending() == (0,)
    game.use(lights0)
    assert game.pending() == (1,)  # its own negate was answered: it may answer the answer
    chain = game.match.view(None).chain
    assert [(e.seat, e.name) for e in chain] == [
        (0, "Spotlight Steal"),
        (1, "Cut the Lights"),
        (0, "Cut the Lights"),
    ]
    game.pass_(1)
    assert [e.data["name"] for e in game.events("failed")] == ["Cut the Lights"]
    assert usher.dp_damage == 2
    assert all(c.zone == "discard" for c in (steal, lights0, lights1))


def test_support_fixed_at_resolution_ends_when_the_supporter_turns_face_down_charm_6_5() -> None:
    game = prepare(heroines=("aria-vale", "lumi-hart"))
    heroine = game.heroine(0)
    page = game.put(0, "lantern-page")  # AP 1, DP 2
    steal = game.give(1, "spotlight-steal")
    game.put(1, "old-theatre")
    game.charm(heroine, supporter=page, mode="ap")
    game.pass_(1)
    assert game.ap(heroine) == 3 + 1
    game.pass_until(lambda: game.waiting_on() == "timing" and game.pending() == (1,))
    game.produce(game.field(1)[1])
    game.use(steal, target=page)  # the supporter turns face down: its bonus ends now
    assert page.face_down and game.ap(heroine) == 3
    game.pass_until(lambda: game.state.phase == "main")
    # Aria's own P.Skill (1) and her AP 3 alone reach seat 1 (no defence: Lumi may block her).
    assert game.damage(1) in (1, 4)


def test_both_players_reach_their_limits_in_one_charm_phase_charm_8_3() -> None:
    """Seat 0 at 19 charms with Ember Moths; seat 1 (at 18) blocks one, which turns face down
    and its P.Skill gives seat 0 its 20th point; the unblocked one gives seat 1 its 20th. The
    change back to main checks both: a draw."""
    game = prepare(heroines=("aria-vale", "lumi-hart"))
    game.set_damage(0, 19)
    game.set_damage(1, 18)
    moth, other = game.put(0, "ember-moth"), game.put(0, "tin-drummer")
    guard = game.put(1, "ember-moth")  # DP 1: the Drummer's 2 turns it face down
    game.charm(moth, other)
    game.pass_until(lambda: game.waiting_on() == "defence")
    game.defend({other: guard})
    game.pass_until(lambda: game.result is not None)
    assert game.damage(0) == 20 and game.damage(1) == 20
    assert game.result.winners == () and game.result.reason == "both_lose"


def test_start_phase_triggers_of_both_kinds_wait_for_the_turn_players_order_charm_2_3() -> None:
    game = prepare(heroines=("aria-vale", "sena-brook"))
    game.set_damage(1, 10)
    overture = game.put(1, "overture-of-dawn")
    game.end_turn()
    [spec] = game.specs(1, "order")
    assert len(spec.params[0].options) == 2
    game.order(overture)
    assert game.damage(1) == 8 and len(game.hand(1)) == 2  # the Overture's card, then the draw


def test_an_empty_deck_refills_and_the_match_goes_on_charm_4_3() -> None:
    game = prepare(deck=1)
    game.pile(0, "tin-drummer", "ember-moth")
    game.pile(1, "tin-drummer", "ember-moth", "lantern-page")
    game.next_turn()
    game.next_turn()  # seat 0 draws its last card on turn 3 ...
    assert len(game.player(0).deck) == 0
    game.next_turn()
    game.next_turn()  # ... and on turn 5 from the refilled pile
    assert game.all_events("refilled") and game.result is None
