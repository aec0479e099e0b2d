"""The charm (CHARM-5.7, 5.8) and the charm phase (CHARM-6): attackers and supporters, drop-outs,
the defence, the effect timing, damage, support, and cards turning face down."""

from __future__ import annotations

import pytest

from rules.engine import IllegalAction

from .helpers import Game, prepare


def _to_timing(game: Game) -> None:
    """Pass until the effect-declaration timing of the charm phase (CHARM-6.3)."""
    game.pass_until(lambda: game.state.phase == "charm" and game.waiting_on() == "timing")


def test_charm_5_7_who_may_attack_and_who_may_support() -> None:
    game = prepare()
    heroine = game.heroine(0)
    page = game.put(0, "lantern-page")
    game.put(0, "tin-drummer", checked=True)
    new = game.put(0, "harbor-bard", restricted=True)
    game.put(0, "moonlit-terrace")
    [plain, *supported] = game.specs(0, "charm")
    assert [o.value for o in plain.params[0].options] == [heroine.uid, page.uid]
    assert plain.params[0].options[0].label == "Aria Vale (AP 3, DP 3)"
    supporters = [dict(s.fixed)["supporter"] for s in supported]
    assert supporters == [page.uid, new.uid]  # unchecked, not attacking; new ones may support
    by_bard = supported[1]
    assert [o.label for o in by_bard.params[-1].options] == ["AP +2", "DP +2"]
    heroine.checked = True  # surgery: a heroine that cannot attack cannot be supported
    [only] = game.specs(0, "charm")
    assert [o.value for o in only.params[0].options] == [page.uid]


def test_charm_5_8_an_attacker_checked_by_an_answer_drops_out() -> None:
    game = prepare()
    page = game.put(0, "lantern-page")
    curtain = game.give(1, "hold-the-curtain")
    game.set_pool(1, 1)
    game.charm(game.heroine(0), page)
    game.use(curtain, target=page)  # seat 1 answers the charm: check an attacker
    assert game.state.phase == "charm"
    charm = game.match.view(None).charm
    assert charm is not None and charm.attackers == (game.heroine(0).uid,)
    assert "Lantern Page dropped out" in " ".join(game.captions())


def test_charm_5_8_the_supporter_drops_out_with_the_heroine_and_no_attacker_fails_it() -> None:
    game = prepare()
    bard = game.put(0, "harbor-bard")
    curtain = game.give(1, "hold-the-curtain")
    game.set_pool(1, 1)
    game.charm(game.heroine(0), supporter=bard, mode="dp")
    game.use(curtain, target=game.heroine(0))
    assert game.state.phase == "main" and game.state.charm is None
    [failed] = game.events("charm_failed")
    assert set(failed.data["dropped"]) == {game.heroine(0).uid, bard.uid}
    assert not bard.checked and game.state.support == []
    assert "charm" not in game.kinds(0)  # the turn's charm is spent


def test_charm_6_1_no_plays_in_the_charm_phase_and_nothing_outside_its_timing() -> None:
    game = prepare()
    game.set_pool(0, 0)
    game.give(0, "garden-sprite", "standing-ovation")  # cost 0: playable in main
    game.put(1, "velvet-usher")
    game.give(1, "heckle")
    game.charm(game.heroine(0))
    game.pass_(1)
    assert game.waiting_on() == "defence"
    assert game.kinds(1) == {"block", "defend"} and game.kinds(0) == set()
    game.defend()
    assert game.waiting_on() == "timing" and game.pending() == (0,)
    assert game.kinds(0) <= {"use", "produce", "pass"} and "play" not in game.kinds(0)


def test_charm_6_2_each_defender_blocks_one_attacker_and_an_attacker_one_defender() -> None:
    game = prepare()
    page = game.put(0, "lantern-page")
    usher = game.put(1, "velvet-usher", checked=True, restricted=True)  # may still defend
    game.charm(game.heroine(0), page)
    game.pass_until(lambda: game.waiting_on() == "defence")
    blocks = {dict(s.fixed)["attacker"] for s in game.specs(1, "block")}
    assert blocks == {game.heroine(0).uid, page.uid}
    game.act(1, "block", attacker=page.uid, defender=usher.uid)
    [left] = game.specs(1, "block")  # the other attacker, by the one defender left
    assert dict(left.fixed)["attacker"] == game.heroine(0).uid
    assert [o.value for o in left.params[0].options] == [game.heroine(1).uid]
    # The planned block is the defender's own until declared.
    assert game.match.view(1).planned_blocks == ((page.uid, usher.uid),)
    assert game.match.view(0).planned_blocks == () and game.match.view(None).charm.blocks == ()
    with pytest.raises(IllegalAction):
        game.act(1, "block", attacker=game.heroine(0).uid, defender=usher.uid)
    game.act(1, "defend")
    [declared] = game.events("defended")
    assert declared.to is None and declared.data["blocks"] == [(page.uid, usher.uid)]
    assert "Velvet Usher (DP 4) blocks Lantern Page" in " ".join(game.captions())


def test_charm_6_2_no_face_up_character_means_no_defence_without_asking() -> None:
    game = prepare()
    game.heroine(1).face_down = True  # surgery: its heroine is face down
    game.give(1, "heckle")
    game.charm(game.heroine(0))
    game.pass_(1)
    assert game.waiting_on() == "timing"
    assert "no face-up character: no defence" in " ".join(game.captions())


def test_charm_6_3_participants_cannot_use_their_a_skills_in_the_effect_timing() -> None:
    game = prepare()
    drummer = game.put(0, "tin-drummer")
    other = game.put(0, "tin-drummer")
    other_name_free = other  # two Drummers: put by surgery, one attacks
    game.set_pool(0, 0)
    game.charm(drummer)
    _to_timing(game)
    game.produce(game.heroine(0))
    users = {dict(s.fixed)["card"] for s in game.specs(0, "use")}
    assert users == {other_name_free.uid}


def test_charm_6_3_the_round_starts_with_the_turn_player_and_goes_on_after_the_declarer() -> None:
    game = prepare()
    game.give(0, "heckle", "heckle")
    game.give(1, "standing-ovation", "heckle")
    game.charm(game.heroine(0))
    _to_timing(game)
    assert game.pending() == (0,)
    game.pass_(0)
    game.produce(game.heroine(1))
    game.use(game.hand(1)[0], target=game.heroine(1))  # seat 1 declares
    game.pass_(0)  # no answer: it resolves
    assert game.pending() == (0,)  # the player after the declarer
    game.pass_(0)
    assert game.pending() == (1,)
    game.pass_(1)
    assert game.state.phase == "main"


def test_charm_6_4_damage_at_charm_end_then_attackers_and_supporter_are_checked() -> None:
    game = prepare()
    heroine = game.heroine(0)
    dancer = game.put(0, "ribbon-dancer")
    bard = game.put(0, "harbor-bard")
    usher = game.put(1, "velvet-usher")
    game.charm(heroine, dancer, supporter=bard, mode="ap")
    game.pass_until(lambda: game.waiting_on() == "defence")
    game.defend({dancer: usher})
    game.pass_until(lambda: game.state.phase == "main")
    # Aria Vale: AP 3 + Bard's 2 + its own P.Skill's +1 = 6, and her P.Skill's 1 damage.
    assert game.damage(1) == 1 + 6
    # Ribbon Dancer (AP 3 + 1) blocked: DP damage to the Usher (DP 4 + 2 when it defends).
    assert usher.dp_damage == 4 and usher.face_up and not usher.checked
    assert heroine.checked and dancer.checked and bard.checked


def test_charm_6_4_attackers_gone_or_unopposed_deal_nothing_defenders_nothing() -> None:
    game = prepare()
    page = game.put(0, "lantern-page")
    moth = game.put(0, "ember-moth")
    usher = game.put(1, "velvet-usher")
    sprite = game.put(1, "garden-sprite")
    game.charm(page, moth)
    game.pass_until(lambda: game.waiting_on() == "defence")
    game.defend({page: usher, moth: sprite})
    # Surgery: before charm end, the Sprite leaves the field and the Page is checked.
    game.field(1).remove(sprite)
    sprite.zone, sprite.moves = "hand", sprite.moves + 1
    page.checked = True
    game.pass_until(lambda: game.state.phase == "main")
    assert game.damage(1) == 0  # the Moth's defender left: it deals nothing
    assert usher.dp_damage == 1  # a checked attacker still deals its AP
    assert moth.dp_damage == 0 and page.dp_damage == 0  # defenders deal no damage


def test_charm_6_4a_ap_below_0_counts_as_0_and_modifiers_add_up_as_they_are() -> None:
    game = prepare()
    page = game.put(0, "lantern-page")  # AP 1
    game.give(1, "heckle", "heckle")
    game.give(0, "standing-ovation", "heckle")
    game.charm(page)
    _to_timing(game)
    game.produce(game.heroine(0))
    game.pass_(0)
    game.use(game.hand(1)[0], target=page)  # Heckle: AP 1 - 2 = -1
    game.pass_(0)
    assert game.ap(page) == -1
    game.use(game.hand(0)[0], target=page)  # +2: AP 1, not 2
    game.pass_(1)
    assert game.ap(page) == 1
    game.use(game.hand(1)[0], target=page)  # Heckle again: -1
    game.pass_until(lambda: game.state.phase == "main")
    assert game.damage(1) == 0 and game.ap(page) == -1  # dealt 0, never a negative damage


def test_charm_6_4a_a_supporter_with_ap_below_0_adds_0() -> None:
    game = prepare()
    page = game.put(0, "lantern-page")
    page.boost_ap = -3  # surgery: as an effect lowering it until end of turn would
    game.charm(game.heroine(0), supporter=page, mode="ap")
    game.pass_until(lambda: game.state.phase == "charm")
    assert [s.amount for s in game.state.support] == [0]


def test_charm_6_5_support_is_fixed_at_resolution_and_ends_with_its_supporter() -> None:
    game = prepare()
    heroine = game.heroine(0)
    usher = game.put(0, "velvet-usher")  # DP 4
    game.give(0, "standing-ovation")
    game.set_pool(0, 1)
    game.charm(heroine, supporter=usher, mode="dp")
    game.pass_until(lambda: game.state.phase == "charm")
    assert game.dp(heroine) == 3 + 4
    usher.boost_dp = 5  # surgery: a later change to the supporter changes nothing
    assert game.dp(heroine) == 7
    usher.face_down = True  # the bonus ends early if it turns face down
    assert game.dp(heroine) == 3
    usher.face_down = False
    assert game.dp(heroine) == 7
    game.field(0).remove(usher)  # ... or leaves the field
    usher.zone, usher.moves = "hand", usher.moves + 1
    assert game.dp(heroine) == 3


def test_charm_6_5_support_lasts_until_the_end_phase() -> None:
    game = prepare()
    heroine = game.heroine(0)
    bard = game.put(0, "harbor-bard")
    game.charm(heroine, supporter=bard, mode="ap")
    game.pass_until(lambda: game.state.phase == "main")
    assert game.ap(heroine) == 3 + 2 + 1  # support, and the Bard's P.Skill boost
    game.next_turn()
    assert game.ap(heroine) == 3 and game.state.support == []


def test_charm_6_6_at_dp_0_a_character_turns_face_down_and_loses_its_skills() -> None:
    game = prepare()
    captain = game.put(1, "choir-captain")  # your characters get AP +1
    game.set_pool(0, 5)
    game.use(game.give(0, "spotlight-steal"), target=captain)
    assert game.ap(game.heroine(1)) == 2 + 1
    game.use(game.give(0, "stage-fright"))  # DP 3 - 2 - 1 = 0
    assert captain.face_down and game.ap(game.heroine(1)) == 2
    view = game.match.view(None).players[1].field[1]
    assert view.face_down and view.name == "Choir Captain"  # public: the field is
    assert captain.uid not in {
        o.value for s in game.specs(1, "produce") for o in s.params[0].options
    }


def test_charm_6_6_a_face_down_attacker_stops_attacking() -> None:
    game = prepare()
    page = game.put(0, "lantern-page")
    steal = game.give(1, "spotlight-steal")
    game.put(1, "old-theatre")
    game.charm(game.heroine(0), page)
    game.pass_(1)
    game.pass_until(lambda: game.waiting_on() == "timing" and game.pending() == (1,))
    game.produce(game.field(1)[1])
    game.use(steal, target=page)  # DP 2: face down
    game.pass_until(lambda: game.state.phase == "main")
    assert page.face_down and game.damage(1) == 3 + 1  # only Aria Vale, and her P.Skill
    view = game.match.view(None)
    assert all(c.role == "" for c in view.players[0].field)


def test_charm_2_4_2_4a_6_6a_face_down_p_skills_wait_together_for_the_turn_players_order() -> None:
    game = prepare()
    knight = game.put(1, "paper-knight")  # face down: 1 DP damage to an enemy character
    moth = game.put(1, "ember-moth")  # face down: seat 0 takes 1 damage
    knight.dp_damage = 2  # surgery: it took 2 earlier this turn
    page = game.put(0, "lantern-page")
    game.set_pool(0, 3)
    game.use(game.give(0, "stage-fright"))
    assert knight.face_down and moth.face_down
    assert game.waiting_on() == "order" and game.pending() == (0,)  # CHARM-2.4a
    game.order(moth)
    assert game.damage(0) == 1
    # The Knight's P.Skill resolves next: its owner picks the enemy character now (CHARM-9.7).
    assert game.waiting_on() == "target" and game.pending() == (1,)
    game.target(page)
    assert page.dp_damage == 1


def test_charm_6_6a_a_face_down_p_skill_fails_if_its_card_left_the_field() -> None:
    game = prepare()
    knight = game.put(1, "paper-knight")
    moth = game.put(1, "ember-moth")
    knight.dp_damage = 2
    game.set_pool(0, 3)
    game.use(game.give(0, "stage-fright"))
    game.field(1).remove(knight)  # surgery: it leaves the field before its P.Skill resolves
    knight.zone, knight.moves = "hand", knight.moves + 1
    game.order(moth)
    assert [e.data["name"] for e in game.events("failed")] == ["Paper Knight"]


def test_charm_6_6a_6_7_damage_triggered_face_down_waits_with_charm_end() -> None:
    game = prepare(heroines=("aria-vale", "mira-quill"))
    trapdoor = game.put(0, "stage-trapdoor")  # charm end: 1 DP damage to a defender
    knight = game.put(1, "paper-knight")  # DP 3, face down: 1 DP damage to an enemy character
    dancer = game.put(0, "ribbon-dancer")
    game.charm(dancer)
    game.pass_until(lambda: game.waiting_on() == "defence")
    game.defend({dancer: knight})
    game.pass_until(lambda: game.waiting_on() == "order")
    # Ribbon Dancer's AP 4 took the Knight face down; its P.Skill waits with the Trapdoor's.
    [spec] = game.specs(0, "order")
    labels = [o.label for o in spec.params[0].options]
    assert labels == [
        "{seat0}'s Stage Trapdoor (charm end)",
        "{seat1}'s Paper Knight (turned face down)",
    ]
    game.order(knight)
    assert game.state.phase == "charm"
    game.pass_until(lambda: game.state.phase == "main")
    del trapdoor


def test_charm_6_7_the_order_of_the_charm_phase() -> None:
    game = prepare(heroines=("aria-vale", "lumi-hart"))
    dancer = game.put(0, "ribbon-dancer")
    game.put(0, "grand-finale")
    usher = game.put(1, "velvet-usher")
    game.charm(game.heroine(0), dancer)
    while game.state.phase != "main" or game.state.charm_used is False:
        if game.waiting_on() == "defence":
            game.defend({game.heroine(0): usher, dancer: game.heroine(1)})
        elif game.waiting_on() in ("answer", "timing"):
            game.pass_()
        else:
            game.timeout()  # the default order or target (CHARM-13.1)
        if game.state.phase == "main":
            break
    seen = [
        (e.kind, e.data.get("name") or e.data.get("seat"))
        for r in game.history
        for s in r.steps
        for e in s.events
        if e.kind in ("phase", "boosted", "damage", "defended", "dp_damage", "attack")
        or (e.kind == "choosing" and e.data["what"] == "defence")
    ]
    kinds = [k for k, _ in seen]
    defence, declared = kinds.index("choosing"), kinds.index("defended")
    # attacks P.Skills (Aria Vale: 1 damage; Ribbon Dancer: AP +1) before the defence...
    assert {("damage", 1), ("boosted", "Ribbon Dancer")} <= set(seen[:defence])
    # ... defends P.Skills (Velvet Usher: DP +2; Lumi Hart: 1 DP damage to an attacker) next...
    first_attack = kinds.index("attack")
    between = seen[declared:first_attack]
    assert ("boosted", "Velvet Usher") in between
    assert ("dp_damage", "Aria Vale") in between  # the first attacker listed (a timeout's pick)
    # ... then the charm end's damage, and Grand Finale's charm_end P.Skill last.
    assert seen[-1] == ("damage", 1) and kinds[-2] in ("attack", "dp_damage", "damage")
    assert game.state.phase == "main" and game.state.charm is None
