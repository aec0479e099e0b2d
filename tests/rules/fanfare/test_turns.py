"""FANFARE-2: turn start and end, the main phase, board and hand limits, losing."""

from __future__ import annotations

import pytest

from rules.engine import Action, IllegalAction

from .helpers import prepare_game

# -- FANFARE-2.1 turn start ----------------------------------------------------------------------


def test_2_1_turn_start_in_order() -> None:
    """FANFARE-2.1: "until your next turn" ends first; PP rises and refills; turn-start
    abilities resolve, countdowns last among them; the normal draw comes after all of that."""
    game = prepare_game(turn_player=1)
    player = game.player(1)
    guard = game.summon(1, "hearth-sprite")
    game.play(game.give(1, "bulwark-chant"))
    forge = game.summon(1, "sentry-forge")
    game.summon(1, "sunrise-priest")
    game.leader(1).damage = 4
    game.end_turn()
    assert game.keywords_of(guard) == ["ward"]
    player.max_pp, player.pp = 5, 0
    res = game.end_turn()
    kinds = [e.kind for e in game.events(res=res)]
    assert kinds.index("expired") < kinds.index("turn_started") < kinds.index("resolving")
    assert game.resolved(res) == [
        "1:sentry-forge",
        "1:sunrise-priest",
        "1:sentry-forge",
        "1:clockwork-sentry",
    ]
    assert kinds[-2:] == ["drew", "drew_card"] and kinds.count("drew") == 1
    assert (player.max_pp, player.pp) == (6, 6) and game.keywords_of(guard) == []
    assert forge.countdown == 2 and game.leader(1).defence == 18


def test_2_1_a_countdown_reaching_0_destroys_and_its_last_words_come_after() -> None:
    """FANFARE-2.1: the Clock Tower at countdown 1 goes at turn start; its last words resolve
    after the other turn-start effects, and before the normal draw."""
    game = prepare_game()
    game.summon(1, "clock-tower").countdown = 1
    game.summon(1, "sunrise-priest")
    res = game.end_turn()
    keys = [e.data["ability"] for e in game.events("resolving", res)]
    assert keys == ["sunrise-priest#1", "countdown", "clock-tower#1"]
    assert game.player(1).cemetery[0].defn.id == "clock-tower" and len(game.hand(1)) == 3


# -- FANFARE-2.2 the main phase -----------------------------------------------------------------


def test_2_2_followers_wait_a_turn_unless_storm_or_rush() -> None:
    """FANFARE-2.2: a follower played this turn cannot attack; storm may attack anything; rush
    only followers."""
    game = prepare_game()
    foe = game.summon(1, "hearth-sprite")
    sprite, whelp, runner = (
        game.give(0, c) for c in ("hearth-sprite", "ember-whelp", "dune-runner")
    )
    for card in (sprite, whelp, runner):
        game.play(card)
    targets = {
        s.fixed[0][1]: [o.value for o in s.params[0].options]
        for s in game.match.legal_actions(0)
        if s.kind == "attack"
    }
    assert targets == {whelp.uid: [2, foe.uid], runner.uid: [foe.uid]}
    with pytest.raises(IllegalAction, match="cannot attack this turn"):
        game.attack(sprite, foe)
    with pytest.raises(IllegalAction, match="targets offered"):
        game.attack(runner, game.leader(1))
    game.attack(whelp, game.leader(1))
    with pytest.raises(IllegalAction, match="already attacked"):
        game.attack(whelp, foe)


def test_2_2_ward_must_be_attacked_first() -> None:
    """FANFARE-2.2 (ward): with a ward follower on the other side, only ward followers."""
    game = prepare_game()
    attacker = game.summon(0, "skyrider-lancer")
    game.summon(1, "hearth-sprite")
    wall = game.summon(1, "shieldbearer")
    (spec,) = [s for s in game.match.legal_actions(0) if s.kind == "attack"]
    assert [o.value for o in spec.params[0].options] == [wall.uid]
    with pytest.raises(IllegalAction, match="ward follower must be attacked first"):
        game.attack(attacker, game.leader(1))


def test_2_2_play_attack_and_evolve_in_any_order_only_on_your_turn() -> None:
    """FANFARE-2.2: the turn player acts in any order; the other has nothing to do."""
    game = prepare_game()
    game.summon(0, "hearth-sprite")
    kinds = {s.kind for s in game.match.legal_actions(0)}
    assert {"attack", "evolve", "end_turn", "concede"} <= kinds
    assert [s.kind for s in game.match.legal_actions(1)] == ["concede"]
    with pytest.raises(IllegalAction, match="not your turn"):
        game.act(1, Action("end_turn"))


def test_2_2_amulets_do_not_attack() -> None:
    """FANFARE-2.2: only followers attack."""
    game = prepare_game()
    bell = game.summon(0, "mourning-bell")
    with pytest.raises(IllegalAction, match="your followers"):
        game.attack(bell, game.leader(1))


# -- FANFARE-2.3 turn end ----------------------------------------------------------------------


def test_2_3_end_of_turn_abilities_then_until_end_of_turn_ends() -> None:
    """FANFARE-2.3: War Cry's +2/+0 still holds when the Cinder Duelist's end-of-turn effect
    reads its attack; then it ends."""
    game = prepare_game()
    duelist = game.summon(0, "cinder-duelist")
    foe = game.summon(1, "stone-sentinel")
    game.play(game.give(0, "war-cry"), duelist)
    assert game.stats(duelist) == (4, 4)
    res = game.end_turn()
    assert game.defence_of(foe) == 2 and game.stats(duelist) == (2, 4)
    kinds = [e.kind for e in game.events(res=res)]
    assert kinds.index("damage") < kinds.index("expired") < kinds.index("turn_started")


def test_2_3_a_defence_that_lasted_until_your_turn_ends_then() -> None:
    """FANFARE-2.1/2.3: Bulwark Chant's +0/+2 lasts until its caster's next turn: through the
    opponent's turn, gone at the caster's turn start (and a follower left at 0 is destroyed)."""
    game = prepare_game()
    sprite = game.summon(0, "hearth-sprite")
    game.play(game.give(0, "bulwark-chant"))
    sprite.damage = 3
    game.end_turn()
    assert sprite.zone == "board" and game.stats(sprite) == (1, 1)
    game.end_turn()
    assert sprite.zone == "cemetery"


# -- FANFARE-2.4 limits --------------------------------------------------------------------------


def test_2_4_five_cards_a_side() -> None:
    """FANFARE-2.4: a full board takes no follower or amulet (spells still work) and a summon
    onto it does not arrive."""
    game = prepare_game()
    for _ in range(3):
        game.summon(0, "hearth-sprite")
    game.play(game.give(0, "rally-captain"))
    assert len(game.board(0)) == 5 and [e.kind for e in game.events("board_full")]
    sprite = game.give(0, "hearth-sprite")
    assert not any(
        s.kind == "play" and s.fixed[0][1] == sprite.uid for s in game.match.legal_actions(0)
    )
    with pytest.raises(IllegalAction, match="board is full"):
        game.play(sprite)
    game.play(game.give(0, "insight"))


def test_2_4_a_card_drawn_into_a_full_hand_burns_and_whenever_still_triggers() -> None:
    """FANFARE-2.4 (the seed's example): a card drawn into a hand of nine goes to the cemetery;
    it is neither destroyed nor discarded (the Ash Collector and Grave Keeper do not react), its
    own "when you draw this" does not trigger, but the Magpie's "whenever a card is put into
    your hand" does."""
    game = prepare_game()
    game.leader(0).damage = 5
    magpie = game.summon(0, "magpie")
    collector = game.summon(0, "ash-collector")
    game.fill_hand(0, 8)
    game.top(0, "hearth-sprite", "fortune-teller")
    game.play(game.give(0, "insight"))
    teller = game.player(0).cemetery[0]
    assert teller.defn.id == "fortune-teller" and len(game.hand(0)) == 9
    assert [e.data["card"] for e in game.events("burned")] == [teller.uid]
    assert game.stats(magpie) == (3, 3) and game.stats(collector) == (2, 2)
    assert game.leader(0).defence == 15


# -- FANFARE-2.5 losing ------------------------------------------------------------------------


def test_2_5_a_leader_at_0_loses() -> None:
    """FANFARE-2.5."""
    game = prepare_game()
    game.leader(1).damage = 18
    game.attack(game.summon(0, "ember-whelp"), game.leader(1))
    assert game.result.winners == (0,) and game.result.reason == "defence"
    assert game.match.legal_actions(0) == [] and game.match.pending() == ()
    with pytest.raises(IllegalAction, match="over"):
        game.end_turn()


def test_2_5_both_leaders_at_0_is_a_draw() -> None:
    """FANFARE-2.5 (docs/rulings.md): both at 0 after one effect: a draw."""
    game = prepare_game()
    game.leader(0).damage = game.leader(1).damage = 18
    game.play(game.give(0, "cinder-storm"))
    assert game.result.winners == () and game.result.draw


def test_2_5_drawing_from_an_empty_deck_loses() -> None:
    """FANFARE-2.5: the player who must draw from an empty deck loses, at once."""
    game = prepare_game()
    game.player(0).deck.clear()
    game.top(0, "hearth-sprite")
    game.play(game.give(0, "insight"))
    assert game.result.winners == (1,) and game.result.reason == "deck_out"
    assert len(game.hand(0)) == 1


@pytest.mark.parametrize(("card", "winner"), [("crown-of-dawn", 0), ("black-letter", 1)])
def test_2_5_win_or_lose_when_drawn_acts_at_once(card: str, winner: int) -> None:
    """FANFARE-2.5: not a trigger: the match ends the moment it is drawn; the spell's second
    draw never happens and nothing waiting resolves."""
    game = prepare_game()
    game.summon(0, "magpie")
    game.top(0, card, "fortune-teller")
    game.play(game.give(0, "insight"))
    assert game.result.winners == (winner,)
    assert game.result.reason == ("drawn_win" if winner == 0 else "drawn_lose")
    assert game.player(0).deck[0].defn.id == "fortune-teller"
    assert game.resolved() == ["0:insight"]


def test_2_5_a_burned_win_card_does_nothing() -> None:
    """FANFARE-2.5 (docs/rulings.md): a win card that burns was never drawn into the hand."""
    game = prepare_game()
    game.fill_hand(0, 8)
    game.top(0, "hearth-sprite", "crown-of-dawn")
    game.play(game.give(0, "insight"))
    assert game.result is None
    assert [c.defn.id for c in game.player(0).cemetery] == ["crown-of-dawn", "insight"]
