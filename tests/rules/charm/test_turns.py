"""Turns and phases (CHARM-2, 3, 4, 7): the order of a turn, what each phase does by itself, the
draw as a declaration, the timings, and the end phase's clean-up."""

from __future__ import annotations

from rules.charm.state import HAND_LIMIT

from .helpers import prepare


def test_charm_2_1_a_turn_runs_start_draw_main_end_and_only_main_waits_for_its_end() -> None:
    game = prepare()
    phases = []
    game.end_turn()  # seat 1 has nothing to answer with: passed for
    assert game.state.turn == 2 and game.state.turn_player == 1
    # Start and end ran by themselves; the draw waits on the answer, the timing, then main.
    phases.append(game.state.phase)
    game.give(0, "heckle")  # seat 0 can answer the draw now
    game.pass_until(lambda: game.state.phase == "main")
    assert game.waiting_on() == "initiative" and game.pending() == (1,)
    assert phases == ["draw"] or phases == ["main"]


def test_charm_2_2_every_change_of_phase_wipes_both_ep_pools() -> None:
    game = prepare()
    game.give(1, "heckle")  # seat 1 is asked to answer (a card in hand)
    game.produce(game.heroine(0))
    assert game.player(0).pool == 1
    game.end_turn()
    assert game.player(0).pool == 1  # still main: the end of main waits on seat 1's answer
    game.produce(game.heroine(1))  # a free action while asked (CHARM-10.3)
    assert game.player(1).pool == 1
    game.pass_(1)
    assert game.state.phase != "main"
    assert game.player(0).pool == 0 and game.player(1).pool == 0
    wiped = {e.data["seat"]: e.data["before"] for e in game.events("ep_wiped")}
    assert wiped == {0: 1, 1: 1}


def test_charm_2_2_ep_made_in_main_is_lost_when_the_charm_phase_begins() -> None:
    game = prepare()
    terrace = game.put(0, "moonlit-terrace")
    game.produce(terrace)
    assert game.player(0).pool == 1
    game.charm(game.heroine(0))
    assert game.state.phase == "charm" and game.player(0).pool == 0
    assert any(e.data["seat"] == 0 for e in game.events("ep_wiped"))


def test_charm_2_3_the_turn_player_orders_start_phase_p_skills() -> None:
    game = prepare(heroines=("aria-vale", "sena-brook"))
    overture = game.put(1, "overture-of-dawn")
    game.set_damage(1, 9)
    game.end_turn()
    assert game.waiting_on() == "order" and game.pending() == (1,)
    [spec] = game.specs(1, "order")
    labels = [o.label for o in spec.params[0].options]
    assert labels == [
        "{seat1}'s Sena Brook (start phase)",
        "{seat1}'s Overture of Dawn (start phase)",
    ]
    game.order(overture)  # the music first, then the heroine without asking
    kinds = [e.kind for e in game.events() if e.kind in ("drew", "healed")]
    assert kinds[:2] == ["drew", "healed"]
    assert game.damage(1) == 7


def test_charm_2_5_p_skills_of_a_phase_start_resolve_before_its_processes() -> None:
    game = prepare()
    overture = game.put(1, "overture-of-dawn")
    page = game.put(1, "lantern-page", checked=True)
    game.end_turn()
    kinds = [e.kind for e in game.events() if e.kind in ("drew", "unchecked", "tokens")]
    assert kinds[:3] == ["drew", "unchecked", "tokens"]  # P.Skill, CHARM-3.2, ..., CHARM-3.5
    assert not page.checked and overture.tokens == 1


def test_charm_3_1_nobody_acts_in_the_start_phase_but_to_order_p_skills() -> None:
    game = prepare(heroines=("aria-vale", "sena-brook"))
    game.put(1, "overture-of-dawn")
    game.set_damage(1, 9)
    game.give(0, "heckle")
    game.end_turn()
    assert game.state.phase == "start"
    assert game.kinds(1) == {"order"} and game.kinds(0) == set()


def test_charm_3_2_3_4_unchecked_recovered_and_no_longer_new_in_the_start_phase() -> None:
    game = prepare(heroines=("aria-vale", "aria-vale"))
    dancer = game.put(1, "ribbon-dancer", restricted=True, checked=True)
    game.heroine(1).checked = True
    mine = game.put(0, "lantern-page", checked=True)
    game.set_pool(0, 5)
    fright, steal = game.give(0, "stage-fright"), game.give(0, "spotlight-steal")
    game.use(fright)  # 1 DP damage to all enemy characters
    game.use(steal, target=game.heroine(1))  # 2 more: Aria Vale (DP 3) turns face down
    assert game.heroine(1).face_down
    game.end_turn()
    heroine = game.heroine(1)
    assert not heroine.face_down and game.dp(heroine) == 3  # CHARM-3.3: printed DP
    assert not heroine.checked and not dancer.checked  # CHARM-3.2
    assert not dancer.restricted  # CHARM-3.4
    assert mine.checked  # only the turn player's cards
    assert "Aria Vale" in " ".join(game.captions())


def test_charm_3_5_a_music_card_loses_a_token_then_goes_when_it_has_none() -> None:
    game = prepare()
    nocturne = game.put(1, "nocturne")  # 1 token
    game.end_turn()
    assert nocturne.tokens == 0 and nocturne.zone == "field"
    game.next_turn()  # seat 0's turn: seat 1's music is not seat 0's
    assert nocturne.tokens == 0 and nocturne.zone == "field"
    game.next_turn()
    assert nocturne.zone == "discard"
    assert game.player(1).discard == [nocturne]


def test_charm_4_1_4_2_the_draw_is_a_declaration_the_opponent_may_answer() -> None:
    game = prepare()
    game.give(0, "heckle")
    game.end_turn()
    assert game.state.phase == "draw" and game.pending() == (0,)
    [entry] = game.match.view(None).chain
    assert entry.kind == "draw" and entry.seat == 1
    assert "pass" in game.kinds(0) and "produce" in game.kinds(0)
    hand = len(game.hand(1))
    game.pass_(0)
    assert len(game.hand(1)) == hand + 1
    assert game.pending() == (1,) and game.waiting_on() == "timing"  # CHARM-4.2a


def test_charm_4_2a_the_draw_timing_runs_from_the_turn_player_until_both_pass_in_a_row() -> None:
    game = prepare()
    game.give(0, "standing-ovation", "standing-ovation")
    game.put(0, "lantern-page")
    game.give(1, "heckle")
    game.end_turn()
    game.pass_(1)  # no answer to the end of main
    game.pass_(0)  # no answer to the draw
    assert game.pending() == (1,)
    game.pass_(1)
    assert game.pending() == (0,) and game.waiting_on() == "timing"
    game.produce(game.heroine(0))
    game.use(game.hand(0)[0], target=game.field(0)[1])  # a declaration starts the round again
    game.pass_(1)  # no answer: it resolves
    assert game.pending() == (1,)  # the player after the declarer is asked next
    game.pass_(1)
    assert game.pending() == (0,)
    game.pass_(0)
    assert game.state.phase == "main" and game.pending() == (1,)


def test_charm_4_2a_the_first_players_turn_1_has_the_timing_without_a_draw() -> None:
    game = prepare()  # prepare() passed it: seat 0, then seat 1
    passes = [e for r in game.match.actions if r[1].kind == "pass" for e in [r]]
    assert [seat for seat, _ in passes] == [0, 1]
    assert game.state.turn == 1


def test_charm_4_3_an_empty_deck_is_refilled_from_the_shuffled_discard_pile() -> None:
    game = prepare(deck=0)
    game.pile(1, "tin-drummer", "ember-moth", "lantern-page")
    game.end_turn()
    assert [e.data["count"] for e in game.events("refilled")] == [3]
    assert len(game.hand(1)) == 1 and len(game.player(1).deck) == 2
    assert game.player(1).discard == [] and game.result is None


def test_charm_7_1_7_2_the_turn_player_discards_down_to_its_hand_limit() -> None:
    game = prepare()
    cards = [game.give(0, "lantern-page") for _ in range(7)]
    game.give(1, "lantern-page")
    game.end_turn()
    game.pass_(1)
    assert game.waiting_on() == "discard" and game.kinds(0) == {"discard"}
    assert game.kinds(1) == set()  # CHARM-7.1: nobody else acts in the end phase
    [spec] = game.specs(0, "discard")
    assert (spec.params[0].least, spec.params[0].most) == (2, 2)
    game.discard(cards[0], cards[3])
    assert len(game.hand(0)) == HAND_LIMIT
    assert game.player(0).discard == [cards[0], cards[3]]


def test_charm_7_3_face_down_cards_of_both_sides_go_to_the_discard_pile_but_heroines() -> None:
    game = prepare(heroines=("aria-vale", "aria-vale"))
    moth = game.put(1, "ember-moth")
    game.set_pool(0, 5)
    game.use(game.give(0, "stage-fright"))  # Ember Moth (DP 1) and nothing else face down
    game.use(game.give(0, "spotlight-steal"), target=game.heroine(1))
    assert moth.face_down and game.heroine(1).face_down
    game.end_turn()
    assert moth.zone == "discard" and game.heroine(1).zone == "field"


def test_charm_7_4_7_5_dp_damage_and_boosts_end_in_the_end_phase() -> None:
    game = prepare()
    usher = game.put(1, "velvet-usher")
    rally = game.give(1, "rally")
    game.set_pool(0, 2)
    game.use(game.give(0, "spotlight-steal"), target=usher)
    game.set_pool(1, 2)
    game.use(rally, seat=1)  # seat 1 answers: DP +2 to all its characters until end of turn
    assert not game.state.stack.entries  # seat 0 could not answer: passed for, all resolved
    assert game.dp(usher) == 4 - 2 + 2 and usher.dp_damage == 2
    game.end_turn()
    assert usher.dp_damage == 0 and usher.boost_dp == 0 and game.dp(usher) == 4


def test_charm_7_5_end_phase_p_skills_come_first() -> None:
    game = prepare()
    busker = game.put(0, "wishing-busker")
    game.set_damage(1, 12)
    cards = [game.give(0, "lantern-page") for _ in range(6)]
    game.end_turn()
    kinds = [e.kind for e in game.events() if e.kind in ("damage", "choosing")]
    assert kinds == ["damage", "choosing"]  # the P.Skill, then the hand limit
    assert busker.zone == "field" and game.damage(1) == 13
    game.discard(cards[0])
