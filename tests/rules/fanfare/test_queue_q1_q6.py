"""FANFARE-Q (the trigger queue), Q1..Q6: triggering, resolving, the sort order and damage to
many targets.

Each test is a scenario in which several cards interact, after the examples of the seed memo.
``game.resolved()`` lists the cards whose effects resolved, in order, as ``seat:card``.
"""

from __future__ import annotations

from dataclasses import replace

from rules.engine import in_language
from rules.fanfare.cards import Ability, CardDef, Part
from rules.fanfare.resolve import CHAIN_LIMIT
from rules.fanfare.state import Card

from .helpers import prepare_game, ruleset

# -- FANFARE-Q1: triggered, then resolved, first in first out, never interrupted ----------------


def test_q1_effects_resolve_in_the_order_they_triggered_not_newest_first() -> None:
    """FANFARE-Q1: the Seed Sprite's last words trigger while the Drill Sergeant's effect is
    already waiting, so they resolve after it (a stack would resolve them first)."""
    game = prepare_game()
    game.summon(0, "drill-sergeant")
    game.summon(1, "seed-sprite")
    game.play(game.give(0, "magma-colossus"))
    assert game.resolved() == ["0:magma-colossus", "0:drill-sergeant", "1:seed-sprite"]
    assert game.names(1) == ["thornling"]


def test_q1_one_effect_resolves_whole_before_what_it_triggers() -> None:
    """FANFARE-Q1: Burn the Notes discards (Ash Collector triggers) and draws two (the Magpie
    triggers twice); all of that waits until the spell has finished."""
    game = prepare_game()
    collector = game.summon(0, "ash-collector")
    game.summon(0, "magpie")
    fodder = game.give(0, "hearth-sprite")
    game.play(game.give(0, "burn-the-notes"), fodder)
    kinds = [e.kind for e in game.events() if e.kind in ("discarded", "drew", "resolving")]
    assert kinds == [
        "resolving",
        "discarded",
        "drew",
        "drew",
        "resolving",
        "resolving",
        "resolving",
    ]
    assert game.resolved() == ["0:burn-the-notes", "0:ash-collector", "0:magpie", "0:magpie"]
    assert game.stats(collector) == (3, 3)


# -- FANFARE-Q2: conditions when triggered; random picks and counts when resolved -----------------


def test_q2_a_condition_is_checked_when_the_effect_triggers() -> None:
    """FANFARE-Q2: at the end of the turn the Garrison Captain has three other followers. The
    Wandering Bard to its left resolves first and goes back to hand; the Captain's effect,
    triggered with its condition met, still resolves."""
    game = prepare_game()
    game.summon(0, "wandering-bard")
    captain = game.summon(0, "garrison-captain")
    a, b = game.summon(0, "hearth-sprite"), game.summon(0, "hearth-sprite")
    game.end_turn()
    assert game.resolved()[:2] == ["0:wandering-bard", "0:garrison-captain"]
    assert game.names(0) == ["garrison-captain", "hearth-sprite", "hearth-sprite"]
    assert game.stats(a) == game.stats(b) == (2, 3) and game.stats(captain) == (3, 4)


def test_q2_a_condition_unmet_when_triggered_does_not_come_true_later() -> None:
    """FANFARE-Q2: the Fortune Teller is drawn into a hand of four: no effect, though the next
    card drawn by the same spell makes five."""
    game = prepare_game()
    game.leader(0).damage = 5
    for _ in range(3):
        game.give(0, "hearth-sprite")
    game.top(0, "fortune-teller", "hearth-sprite")
    game.play(game.give(0, "insight"))
    assert len(game.hand(0)) == 5 and game.leader(0).defence == 15


def test_q2_a_random_target_is_picked_when_the_effect_resolves() -> None:
    """FANFARE-Q2: when the Night Watchman triggers, the Bard and the Sprite are candidates; the
    Bard has gone back to hand by the time the pick is made, so the Sprite gets +1/+1 whatever
    the seed."""
    for seed in range(1, 9):
        game = prepare_game(seed)
        game.summon(0, "wandering-bard")
        game.summon(0, "night-watchman")
        sprite = game.summon(0, "hearth-sprite")
        game.end_turn()
        assert game.stats(sprite) == (2, 3), seed


def test_q2_a_count_deciding_a_replacement_is_read_when_the_effect_resolves() -> None:
    """FANFARE-Q2: War Council triggers when the Rally Captain is played (three followers); the
    Captain's fanfare resolves first and summons two Thornlings, so War Council reads five and
    restores 3 instead of 1."""
    game = prepare_game()
    game.leader(0).damage = 10
    game.summon(0, "war-council")
    game.summon(0, "hearth-sprite")
    game.summon(0, "hearth-sprite")
    game.play(game.give(0, "rally-captain"))
    assert game.resolved() == ["0:rally-captain", "0:war-council"]
    assert game.leader(0).defence == 13


def test_q2_an_amount_is_read_when_the_effect_resolves() -> None:
    """FANFARE-Q2: at the end of the turn the Night Watchman (left) gives its only other follower,
    the Cinder Duelist, +1/+1 before the Duelist's own effect resolves; that reads the Duelist's
    attack then: 3, not 2."""
    game = prepare_game()
    game.summon(0, "night-watchman")
    duelist = game.summon(0, "cinder-duelist")
    foe = game.summon(1, "stone-sentinel")
    game.end_turn()
    assert game.resolved()[:2] == ["0:night-watchman", "0:cinder-duelist"]
    assert game.stats(duelist) == (3, 5) and game.defence_of(foe) == 3


# -- FANFARE-Q3: the order of effects that trigger together ---------------------------------------


def test_q3_hand_then_leader_and_board_then_summoned_directly() -> None:
    """FANFARE-Q3: at turn start, a card in hand (Gathering Storm), then the board (Sunrise
    Priest), then a follower that summons itself from the deck (Barrow Sleeper)."""
    game = prepare_game()
    game.leader(1).damage = 12
    game.give(1, "gathering-storm")
    game.summon(1, "sunrise-priest")
    game.top(1, "hearth-sprite", "barrow-sleeper")
    game.end_turn()
    assert game.resolved() == ["1:gathering-storm", "1:sunrise-priest", "1:barrow-sleeper"]
    assert game.names(1) == ["sunrise-priest", "barrow-sleeper"]


def test_q3_the_leader_before_the_board_and_left_to_right() -> None:
    """FANFARE-Q3: at the end of the turn the leader's ability (from Oath of Embers) resolves
    first, then the board from left (earlier played) to right."""
    game = prepare_game()
    game.play(game.give(0, "oath-of-embers"))
    game.summon(0, "night-watchman")
    game.summon(0, "wandering-bard")
    game.summon(0, "cinder-duelist")
    game.end_turn()
    assert game.resolved()[:4] == [
        "0:leader",
        "0:night-watchman",
        "0:wandering-bard",
        "0:cinder-duelist",
    ]


def test_q3_the_turn_players_effects_before_the_others() -> None:
    """FANFARE-Q3: both players' Carrion Crows see a follower destroyed; the turn player's
    resolves first, though it stands to the right."""
    game = prepare_game()
    game.summon(1, "carrion-crow")
    game.summon(0, "hearth-sprite")
    game.summon(0, "carrion-crow")
    victim = game.summon(1, "hearth-sprite")
    game.play(game.give(0, "fireball"), victim)
    assert game.resolved() == ["0:fireball", "0:carrion-crow", "1:carrion-crow"]


def test_q3_in_hand_from_left_to_right() -> None:
    """FANFARE-Q3: two Ledgers of Debts in hand both see a card put into the hand; the older
    (left) one first."""
    game = prepare_game()
    older, newer = game.give(0, "ledger-of-debts"), game.give(0, "ledger-of-debts")
    game.play(game.give(0, "quartermaster"))
    sources = [e.data["source"] for e in game.events("resolving")]
    assert sources[1:] == [older.uid, newer.uid]
    assert older.cost == newer.cost == 4


def test_q3_one_card_top_to_bottom_then_granted_in_the_order_granted() -> None:
    """FANFARE-Q3: the Crimson Count's own last words, then the ones Soul Binding granted it,
    in the order granted."""
    game = prepare_game()
    count = game.summon(0, "crimson-count")
    game.play(game.give(0, "soul-binding"), count)
    game.play(game.give(0, "soul-binding"), count)
    game.play(game.give(0, "withering-night"))
    keys = [e.data["ability"] for e in game.events("resolving")]
    assert keys == [
        "withering-night#1",
        "crimson-count#1",
        "soul-binding#1>1",
        "soul-binding#1>1",
    ]
    assert game.leader(1).defence == 18


# -- FANFARE-Q4: timing order for triggers that look simultaneous ---------------------------------


def test_q4_fanfare_then_play_another_then_another_enters() -> None:
    """FANFARE-Q4: the Tactician's fanfare, then "when you play another follower" (Drill
    Sergeant), then "when another follower enters" (Banner Knight), though the Knight is to the
    left of the Sergeant."""
    game = prepare_game()
    game.summon(0, "banner-knight")
    game.summon(0, "drill-sergeant")
    foe = game.summon(1, "stone-sentinel")
    tactician = game.give(0, "tactician")
    game.play(tactician, foe)
    assert game.resolved() == ["0:tactician", "0:drill-sergeant", "0:banner-knight"]
    assert game.stats(tactician) == (3, 3) and game.defence_of(foe) == 3


def test_q4_interfering_with_a_play_comes_before_when_a_follower_enters() -> None:
    """FANFARE-Q4: the Ambush Spider answers the play before the Banner Knight's "when another
    follower enters": the Whelp is destroyed before the Knight could save it."""
    game = prepare_game()
    game.summon(0, "banner-knight")
    game.summon(1, "ambush-spider")
    whelp = game.give(0, "ember-whelp")
    game.play(whelp)
    assert game.resolved() == ["1:ambush-spider", "0:banner-knight"]
    assert whelp.zone == "cemetery" and game.names(0) == ["banner-knight"]


def test_q4_last_words_then_leaving_then_another_destroyed() -> None:
    """FANFARE-Q4: a Restless Shade with last words granted falls in combat: its last words, then
    its leave-play effect, then the Grave Keeper's "when another of your followers is
    destroyed", though the Keeper stands to its left."""
    game = prepare_game()
    keeper = game.summon(0, "grave-keeper")
    shade = game.summon(0, "restless-shade")
    game.play(game.give(0, "soul-binding"), shade)
    game.attack(shade, game.summon(1, "stone-sentinel"))
    keys = [e.data["ability"] for e in game.events("resolving")]
    assert keys == ["soul-binding#1>1", "restless-shade#1", "grave-keeper#1"]
    assert game.stats(keeper) == (3, 4) and len(game.hand(0)) == 2


def test_q4_evolve_then_another_evolves() -> None:
    """FANFARE-Q4: the Flame Knight's evolve effect, then the War Chanter's."""
    game = prepare_game()
    game.summon(0, "war-chanter")
    knight = game.summon(0, "flame-knight")
    foe = game.summon(1, "stone-sentinel")
    game.evolve(knight, foe)
    assert game.resolved() == ["0:flame-knight", "0:war-chanter"]
    assert game.stats(knight) == (5, 6) and game.defence_of(foe) == 3


def test_q4_strike_and_clash_together_then_another_attacks() -> None:
    """FANFARE-Q4: strike and clash are simultaneous (turn player's first), "when another
    attacks" comes after both."""
    game = prepare_game()
    game.summon(0, "battle-drummer")
    raider = game.summon(0, "raider-captain")
    guard = game.summon(1, "porcupine-guard")
    game.attack(raider, guard)
    assert game.resolved() == ["0:raider-captain", "1:porcupine-guard", "0:battle-drummer"]
    assert game.leader(1).defence == 19
    assert guard.zone == "cemetery" and raider.zone == "cemetery"


def test_q4_when_discarded_then_whenever_you_discard() -> None:
    """FANFARE-Q4: the Phoenix Scroll's "when this is discarded", then the Ash Collector's."""
    game = prepare_game()
    game.summon(0, "ash-collector")
    scroll = game.give(0, "phoenix-scroll")
    game.play(game.give(0, "burn-the-notes"), scroll)
    assert game.resolved() == ["0:burn-the-notes", "0:phoenix-scroll", "0:ash-collector"]
    assert game.leader(1).defence == 18


# -- FANFARE-Q5: many targets, one at a time -----------------------------------------------------


def test_q5_last_words_and_a_watcher_take_turns() -> None:
    """FANFARE-Q5 (the seed's example): Withering Night destroys one follower at a time, so each
    Seed Sprite's last words and the Mourning Bell's effect alternate."""
    game = prepare_game()
    game.summon(0, "seed-sprite")
    game.summon(0, "mourning-bell")
    game.summon(0, "seed-sprite")
    game.play(game.give(0, "withering-night"))
    assert game.resolved() == [
        "0:withering-night",
        "0:seed-sprite",
        "0:mourning-bell",
        "0:seed-sprite",
        "0:mourning-bell",
    ]
    assert game.names(0) == ["mourning-bell", "thornling", "thornling"]


def test_q5_all_targets_in_the_sort_order() -> None:
    """FANFARE-Q5: Cinder Storm hits the turn player's leader, its followers left to right, then
    the other leader and its followers."""
    game = prepare_game(turn_player=1)
    a0 = game.summon(0, "stone-sentinel")
    b1, c1 = game.summon(1, "stone-sentinel"), game.summon(1, "iron-tortoise")
    game.play(game.give(1, "cinder-storm"))
    order = [uid for uid, _ in game.damage_order()]
    assert order == [2, b1.uid, c1.uid, 1, a0.uid]
    assert [amount for _, amount in game.damage_order()] == [2, 2, 1, 2, 2]


# -- FANFARE-Q6: destroyed at the next check, not the instant defence reaches 0 -------------------


def test_q6_an_aura_keeps_working_on_later_targets_after_its_card_reaches_0() -> None:
    """FANFARE-Q6 (the seed's Bloody Mary example): the Ember Heart (2/2) takes 3 from Cinder
    Storm and is at 0, but it is still on the board while the storm goes on: the enemy leader
    and followers take 3 too. Then the Heart is destroyed."""
    game = prepare_game()
    heart = game.summon(0, "ember-heart")
    foe = game.summon(1, "stone-sentinel")
    game.play(game.give(0, "cinder-storm"))
    assert [a for _, a in game.damage_order()] == [3, 3, 3, 3]
    assert game.leader(0).defence == 17 and game.leader(1).defence == 17
    assert game.defence_of(foe) == 3 and heart.zone == "cemetery"


def test_q6_a_lost_aura_destroys_at_the_next_check() -> None:
    """FANFARE-Q6: a Sprite kept at 3 defence by the Shore Marshal survives the storm while the
    Marshal stands; the Marshal is destroyed, its aura ends, and the Sprite goes at the next
    check."""
    game = prepare_game()
    marshal = game.summon(0, "shore-marshal")
    marshal.damage = 3
    sprite = game.summon(0, "hearth-sprite")
    game.play(game.give(0, "cinder-storm"))
    destroyed = [e.data["card"] for e in game.events("destroyed")]
    assert destroyed == [marshal.uid, sprite.uid]
    assert game.last is not None
    steps = [s.caption for s in game.last.steps if s.caption.endswith(" is destroyed.")]
    assert steps == [
        "{seat0}'s Shore Marshal is destroyed.",
        "{seat0}'s Hearth Sprite is destroyed.",
    ]


def test_q6_nothing_at_0_defence_stays_on_the_board() -> None:
    """FANFARE-Q6: once the effect is over, the check leaves no follower at 0 defence."""
    game = prepare_game()
    for _ in range(3):
        game.summon(1, "hearth-sprite")
    game.play(game.give(0, "flare-volley"))
    assert all(isinstance(c, Card) and game.defence_of(c) > 0 for c in game.board(1))
    assert len(game.board(1)) == 3
    game.play(game.give(0, "flare-volley"))
    assert game.board(1) == []


# -- a runaway chain (docs/rulings.md) ------------------------------------------------------------


def _looping_pair() -> dict[str, CardDef]:
    """Two followers no real pool has: each destroys itself as it enters, and its last words
    summon the other, so one play sets off a chain nobody can stop."""
    cards = {}
    for own, other in (("loop-a", "loop-b"), ("loop-b", "loop-a")):
        enter = Ability(f"{own}#1", "enter", (Part("destroy", "self"),))
        last = Ability(f"{own}#2", "last_words", (Part("summon", "owner", card=other),))
        cards[own] = CardDef(
            own,
            own.replace("-", " ").title(),
            "follower",
            1,
            1,
            1,
            abilities=(enter, last),
            by_when={("board", "enter"): ((0, enter),), ("board", "last_words"): ((1, last),)},
        )
    return cards


def test_q1_a_chain_that_runs_away_ends_the_game_as_a_draw() -> None:
    """FANFARE-Q1 and the runaway ruling: past CHAIN_LIMIT effects from one action the game is a
    draw, with the reason said, nothing left waiting, and no error."""
    game = prepare_game()
    state = game.state
    # State surgery: a test pool with the looping pair in it.
    state.pool = replace(state.pool, cards={**state.pool.cards, **_looping_pair()})
    res = game.play(game.give(0, "loop-a"))
    result = game.result
    assert result is not None and result.draw and result.reason == "runaway"
    assert f"{CHAIN_LIMIT} effects resolved in a row" in result.summary
    assert f"{CHAIN_LIMIT}回の効果が連続で解決" in in_language(result.summary, "ja")
    assert res.steps[-1].caption == result.summary
    assert len(game.events("resolving")) == CHAIN_LIMIT
    assert not state.queue and game.match.over and game.match.legal_actions(0) == []
    assert ruleset().invariants(state) == []
