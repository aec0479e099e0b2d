"""The main phase (CHARM-5.1 - 5.6a), declarations and the chain (CHARM-9), costs and EP
(CHARM-10)."""

from __future__ import annotations

import pytest

from rules.charm.state import CharmState, Trigger
from rules.engine import Action, IllegalAction

from .helpers import prepare


def test_charm_5_1_9_6_only_the_turn_player_plays_cards_and_never_as_an_answer() -> None:
    game = prepare()
    game.set_pool(0, 3)
    game.set_pool(1, 3)
    page = game.give(0, "lantern-page")
    game.give(0, "heckle")
    other = game.give(1, "lantern-page")
    game.give(1, "standing-ovation")
    assert [s.label for s in game.specs(0, "play")] == ["Play Lantern Page (1 EP)"]
    game.play(page)
    assert game.pending() == (1,)
    assert "play" not in game.kinds(1) and "use" in game.kinds(1)  # events answer
    with pytest.raises(IllegalAction, match="main phase, with no declaration open"):
        game.act(1, "play", card=other.uid)
    game.pass_(1)
    assert page.zone == "field"


def test_charm_5_2_one_charm_a_turn_which_the_opponent_may_answer() -> None:
    game = prepare()
    game.give(1, "heckle")
    game.charm(game.heroine(0))
    assert game.pending() == (1,) and game.waiting_on() == "answer"
    [entry] = game.match.view(None).chain
    assert entry.kind == "charm" and entry.attackers == (game.heroine(0).uid,)
    game.pass_(1)  # the charm resolves: the charm phase begins
    assert game.state.phase == "charm"
    game.pass_until(lambda: game.state.phase == "main")
    assert "charm" not in game.kinds(0)
    with pytest.raises(IllegalAction, match="already declared a charm this turn"):
        game.act(0, "charm", attackers=game.heroine(0).uid)


def test_charm_5_3_5_6a_the_end_of_main_may_be_answered_before_the_phase_changes() -> None:
    game = prepare()
    page = game.put(1, "lantern-page")
    game.give(1, "spotlight-steal")
    game.set_pool(1, 2)
    target = game.put(0, "tin-drummer")
    game.end_turn()
    assert game.state.phase == "main" and game.pending() == (1,)
    steal = game.hand(1)[0]
    game.use(steal, target=target)  # the last word in seat 0's main phase
    assert game.pending() == (0,)  # the Drummer's A.Skill is usable: seat 0 may answer
    game.pass_(0)
    assert game.state.phase != "main" and target.zone == "discard"  # face down, then gone
    assert page.zone == "field"


def test_charm_5_4_a_new_character_cannot_produce_attack_or_use_a_skills() -> None:
    game = prepare()
    drummer = game.put(0, "tin-drummer", restricted=True)
    captain = game.put(0, "choir-captain", restricted=True)
    game.set_pool(0, 3)
    produce = {o.value for s in game.specs(0, "produce") for o in s.params[0].options}
    assert drummer.uid not in produce and game.heroine(0).uid in produce
    assert not [s for s in game.specs(0, "use") if dict(s.fixed)["card"] == drummer.uid]
    [charm, *supported] = game.specs(0, "charm")
    assert {o.value for o in charm.params[0].options} == {game.heroine(0).uid}
    # ... but it may support, and its P.Skills work: Choir Captain's AP +1 already counts.
    assert any(dict(s.fixed)["supporter"] == captain.uid for s in supported)
    assert game.ap(game.heroine(0)) == 3 + 1


def test_charm_5_4_a_new_character_may_defend() -> None:
    game = prepare()
    usher = game.put(1, "velvet-usher", restricted=True)
    game.charm(game.heroine(0))
    [spec] = game.specs(1, "block")
    assert [o.value for o in spec.params[0].options] == [game.heroine(1).uid, usher.uid]


def test_charm_5_5_no_second_character_of_a_name_face_up_or_face_down() -> None:
    game = prepare()
    game.set_pool(0, 5)
    moth = game.put(0, "ember-moth")
    second = game.give(0, "ember-moth")
    assert not game.specs(0, "play")
    with pytest.raises(IllegalAction, match="named Ember Moth is already on your field"):
        game.play(second)
    moth.face_down = True  # surgery: as if its DP had reached 0
    assert not game.specs(0, "play")
    moth.face_down = False
    game.field(0).remove(moth)  # surgery: it left the field
    moth.zone = "discard"
    assert [s.label for s in game.specs(0, "play")] == ["Play Ember Moth (1 EP)"]


def test_charm_5_6_the_opponent_acts_in_the_main_phase_only_when_asked() -> None:
    game = prepare()
    game.give(1, "heckle")
    game.put(1, "tin-drummer")
    assert game.pending() == (0,) and game.kinds(1) == set()
    assert game.waiting_on() == "initiative"
    with pytest.raises(IllegalAction, match="other player holds priority"):
        game.act(1, "pass")


def test_charm_9_1_a_declaration_is_announced_then_answers_resolve_newest_first() -> None:
    game = prepare()
    witch = game.put(1, "curtain-witch")
    archivist = game.put(0, "quiet-archivist")
    game.give(0, "lantern-page", "lantern-page")
    game.set_pool(0, 1)
    game.set_pool(1, 2)
    res = game.use(archivist, cost=[game.hand(0)[0]])
    [declared] = game.events("declared", res)
    assert declared.to is None and declared.data["kind"] == "skill"
    assert "uses Quiet Archivist's A.Skill" in game.captions(res)[0]
    game.use(witch, target=archivist)  # seat 1 answers: check the Archivist
    game.pass_(0)
    order = [e.data["name"] for e in game.events("checked") + game.events("failed")]
    assert order == ["Quiet Archivist", "Quiet Archivist"]  # the answer first, then it fails


def test_charm_9_2_11_3a_an_a_skill_fails_when_its_user_is_checked_and_its_costs_stay() -> None:
    game = prepare()
    witch = game.put(1, "curtain-witch")
    archivist = game.put(0, "quiet-archivist")
    paid = game.give(0, "lantern-page")
    game.give(0, "lantern-page")
    game.set_pool(0, 1)
    game.set_pool(1, 2)
    hand = len(game.hand(0))
    game.use(archivist, cost=[paid])
    game.use(witch, target=archivist)
    game.pass_(0)
    [failed] = game.events("failed")
    assert failed.data["why"] == "is checked"
    assert len(game.hand(0)) == hand - 1  # no draw, the discard stays paid
    assert game.player(0).pool == 0 and paid.zone == "discard"
    archivist.checked = False  # surgery: unchecked again, it still may not use it this turn
    game.set_pool(0, 1)
    assert not game.specs(0, "use")  # once per turn: the declaration counted (CHARM-11.3a)


def test_charm_9_2_an_a_skill_fails_when_its_source_leaves_the_field() -> None:
    game = prepare()
    courier = game.put(1, "night-courier")
    drummer = game.put(0, "tin-drummer")
    game.set_pool(0, 1)
    game.set_pool(1, 2)
    game.give(1, "lantern-page")
    game.use(drummer)  # check this, 1 EP: the opponent takes 1 damage
    game.use(courier, target=drummer)  # answered: the Drummer goes back to hand
    assert drummer.zone == "hand" and game.damage(1) == 0
    assert [e.data["why"] for e in game.events("failed")] == ["left the field"]


def test_charm_9_2a_a_p_skill_whose_source_turned_face_down_fails() -> None:
    game = prepare()
    dancer = game.put(0, "ribbon-dancer")
    game.give(1, "heckle")
    game.charm(game.heroine(0), dancer)
    game.pass_(1)
    assert game.waiting_on() == "order"  # Aria Vale's and Ribbon Dancer's attacks P.Skills
    dancer.face_down = True  # surgery: as an effect resolving first would turn it face down
    game.order(game.heroine(0))
    [failed] = game.events("failed")
    assert failed.data["name"] == "Ribbon Dancer" and dancer.boost_ap == 0
    assert "P.Skill fails" in " ".join(game.captions())


def test_charm_9_2a_others_waiting_still_resolve_after_one_fails() -> None:
    state = prepare().state
    _check_failure_rules(state)


def _check_failure_rules(state: CharmState) -> None:
    from rules.charm.triggers import failed

    heroine = state.players[0].heroine
    assert heroine is not None
    trigger = Trigger(1, heroine, 0, "attacks")
    assert not failed(state, trigger)
    heroine.face_down = True
    assert failed(state, trigger)
    assert not failed(state, Trigger(2, heroine, 0, "face_down"))  # CHARM-6.6a
    heroine.moves += 1
    assert failed(state, Trigger(2, heroine, 0, "face_down")) is False  # same moves as now
    face_down = Trigger(3, heroine, 0, "face_down")
    heroine.moves += 1
    assert failed(state, face_down)  # it left (and came back)


def test_charm_9_3_what_may_be_answered_and_what_answers() -> None:
    game = prepare()
    game.give(1, "heckle")
    terrace = game.give(0, "moonlit-terrace")
    game.set_pool(0, 1)
    game.play(terrace)
    assert game.pending() == (1,)  # a card played: answerable
    game.pass_(1)
    game.produce(terrace)
    game.use(game.give(0, "standing-ovation"), target=game.heroine(0))
    assert game.pending() == (1,)  # an event: answerable
    assert game.kinds(1) <= {"use", "produce", "pass"}  # answers are events and A.Skills
    game.pass_(1)
    game.charm(game.heroine(0))
    assert game.pending() == (1,)  # the charm: answerable


def test_charm_9_4_no_answer_to_ones_own_declaration_but_to_the_answer() -> None:
    game = prepare()
    game.set_pool(0, 3)
    game.set_pool(1, 3)
    game.give(0, "spotlight-steal", "standing-ovation")
    game.give(1, "cut-the-lights", "lantern-page")
    target = game.put(1, "lantern-page")
    game.use(game.hand(0)[0], target=target)
    assert game.pending() == (1,)  # not seat 0: its own declaration
    game.use(game.hand(1)[0])  # the negate answers the Steal
    assert game.pending() == (0,)  # seat 0 may answer the answer
    game.pass_(0)  # closes the chain: the negate, then the Steal (negated)
    assert target.dp_damage == 0 and not game.state.stack.entries
    assert [e.data["why"] for e in game.events("failed")] == ["negated"]


def test_charm_9_5_a_closed_chain_resolves_newest_first_with_p_skills_in_between() -> None:
    game = prepare()
    game.set_pool(0, 2)
    game.set_pool(1, 3)
    moth = game.put(0, "ember-moth")  # DP 1: face down under 1 DP damage
    game.give(0, "standing-ovation")
    game.give(1, "stage-fright", "lantern-page")
    game.use(game.hand(0)[0], target=moth)  # AP +2 to the Moth
    game.use(game.hand(1)[0])  # answer: 1 DP damage to all of seat 0's characters
    # Seat 0, holding nothing, is passed for: the chain closes and drains at once.
    kinds = [e.kind for e in game.events() if e.kind in ("face_down", "damage", "boosted")]
    # Stage Fright, then the Moth's face_down P.Skill (seat 1 takes 1), then the Ovation,
    # which now reaches no face-up Moth.
    assert kinds == ["face_down", "damage"]
    assert game.damage(1) == 1 and moth.boost_ap == 0


def test_charm_9_5_nobody_answers_while_a_closed_chain_drains() -> None:
    game = prepare()
    game.set_pool(0, 2)
    game.give(0, "standing-ovation", "heckle")
    game.give(1, "heckle")
    game.use(game.hand(0)[0], target=game.heroine(0))
    game.pass_(1)
    assert not game.state.stack.entries and game.pending() == (0,)


def test_charm_9_7_a_target_is_picked_at_declaration_and_skipped_if_it_left() -> None:
    game = prepare()
    game.set_pool(0, 1)
    game.set_pool(1, 2)
    dancer = game.put(0, "ribbon-dancer")
    courier = game.put(1, "night-courier")
    game.give(1, "lantern-page")
    game.give(0, "heckle")  # so that seat 0 is asked to answer
    game.charm(game.heroine(0), dancer)
    curtain = game.give(1, "hold-the-curtain")
    game.pass_until(lambda: game.waiting_on() == "timing" and game.pending() == (1,))
    game.produce(game.heroine(1))  # 1 EP: enough for the Curtain only once the pool has it
    game.use(curtain, target=dancer)  # check the Dancer, then draw
    assert game.pending() == (0,)
    hand = len(game.hand(1))
    # State surgery: the Dancer leaves the field before the Curtain resolves (as a bounce would).
    courier.checked = False
    game.field(0).remove(dancer)
    dancer.zone, dancer.moves = "hand", dancer.moves + 1
    game.pass_(0)
    assert not game.events("checked") and len(game.hand(1)) == hand + 1  # the rest happens


def test_charm_10_1_costs_are_paid_at_declaration() -> None:
    game = prepare()
    trunk = game.put(0, "prop-trunk")
    fodder = game.give(0, "tin-drummer")
    game.pile(0, "ember-moth")
    game.give(1, "heckle")
    res = game.use(trunk, cost=[fodder])
    assert fodder.zone == "discard"  # paid before anyone answers
    assert any("discards Tin Drummer" in c for c in game.captions(res))
    game.pass_(1)


def test_charm_10_2_backgrounds_produce_at_once_characters_from_their_next_turn() -> None:
    game = prepare()
    game.set_pool(0, 2)
    terrace, page = game.give(0, "moonlit-terrace"), game.give(0, "lantern-page")
    game.play(terrace)
    game.play(page)
    options = {o.value for s in game.specs(0, "produce") for o in s.params[0].options}
    assert terrace.uid in options and page.uid not in options
    game.produce(terrace)
    assert terrace.checked and game.player(0).pool == 1
    assert terrace.uid not in {
        o.value for s in game.specs(0, "produce") for o in s.params[0].options
    }


def test_charm_10_2a_a_card_with_ep_0_cannot_be_checked_for_ep() -> None:
    game = prepare()
    sprite = game.put(0, "garden-sprite")
    options = {o.value for s in game.specs(0, "produce") for o in s.params[0].options}
    assert sprite.uid not in options
    with pytest.raises(IllegalAction):
        game.produce(sprite)


def test_charm_10_3_ep_must_be_in_the_pool_first_and_producing_answers_nothing() -> None:
    game = prepare()
    steal = game.give(1, "spotlight-steal")
    game.put(1, "old-theatre")
    target = game.put(0, "velvet-usher")
    game.end_turn()
    assert game.pending() == (1,)
    assert not game.specs(1, "use")  # 0 EP in the pool: not yet
    game.produce(game.field(1)[1])  # the Theatre: 2 EP
    assert game.pending() == (1,)  # still seat 1's moment: producing is no declaration
    game.use(steal, target=target)
    assert [e.data["amount"] for e in game.events("dp_damage")] == [2]


def test_charm_10_4_10_4a_a_card_paid_as_a_cost_cannot_come_back_by_that_skill() -> None:
    game = prepare()
    trunk = game.put(0, "prop-trunk")
    paid = game.give(0, "tin-drummer")
    [moth] = game.pile(0, "ember-moth")
    game.use(trunk, cost=[paid])
    assert moth.zone == "hand" and paid.zone == "discard"  # the only other character


def test_charm_10_4a_an_event_cannot_recall_itself() -> None:
    game = prepare()
    game.set_pool(0, 1)
    act = game.give(0, "second-act")
    game.use(act)
    assert act.zone == "discard" and act not in game.hand(0)  # nothing else to recall
    assert not game.events("recalled")


def test_charm_10_5_a_characters_a_skill_needs_it_face_up_unchecked_and_settled() -> None:
    game = prepare()
    game.set_pool(0, 3)
    drummer = game.put(0, "tin-drummer")
    assert game.specs(0, "use")
    drummer.checked = True
    assert not game.specs(0, "use")
    drummer.checked, drummer.restricted = False, True
    assert not game.specs(0, "use")
    drummer.restricted = False
    game.give(1, "heckle")
    game.use(drummer)  # its own "check this" cost does not make it fail
    game.pass_(1)
    assert game.damage(1) == 1 and not game.events("failed")


def test_charm_5_8_9_7_actions_of_another_seat_are_refused_with_a_reason() -> None:
    game = prepare()
    with pytest.raises(IllegalAction, match="other player holds priority"):
        game.match.apply(1, Action("end_turn"))
