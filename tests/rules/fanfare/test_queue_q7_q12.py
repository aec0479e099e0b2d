"""FANFARE-Q7..Q12: leaving before resolving, lost and granted abilities, spells, combat,
banishing and transforming, several draws."""

from __future__ import annotations

from rules.engine import Action

from .helpers import prepare_game

# -- FANFARE-Q7: a card that left before its effect resolved ------------------------------------


def test_q7_an_effect_whose_card_left_does_not_resolve() -> None:
    """FANFARE-Q7: the Ambush Spider's effect triggers on the Tactician's play, but the
    Tactician's fanfare resolves first and the Spider is destroyed: its effect does not resolve
    and the Tactician is not hurt."""
    game = prepare_game()
    game.summon(0, "hearth-sprite")
    game.summon(0, "hearth-sprite")
    spider = game.summon(1, "ambush-spider")
    tactician = game.give(0, "tactician")
    game.play(tactician, spider)
    assert spider.zone == "cemetery"
    assert [e.data["source"] for e in game.events("fizzled")] == [spider.uid]
    assert game.stats(tactician) == (2, 2)


def test_q7_last_words_and_leave_play_effects_resolve_after_their_card_left() -> None:
    """FANFARE-Q7: a destroyed Seed Sprite's last words and a destroyed Restless Shade's
    leave-play effect resolve from the cemetery."""
    game = prepare_game()
    game.summon(0, "seed-sprite")
    game.summon(0, "restless-shade")
    game.play(game.give(0, "withering-night"))
    assert game.names(0) == ["thornling"] and len(game.hand(0)) == 1
    assert game.events("fizzled") == []


def test_q7_an_effect_already_resolving_finishes_though_its_card_leaves() -> None:
    """FANFARE-Q7: the Wandering Bard returns itself to hand, then restores 2 defence: one
    effect, so it finishes after its card has left."""
    game = prepare_game()
    game.leader(0).damage = 5
    bard = game.summon(0, "wandering-bard")
    game.end_turn()
    assert bard.zone == "hand" and game.leader(0).defence == 17


# -- FANFARE-Q8: lost abilities, and abilities granted to the leader ------------------------------


def test_q8_an_effect_resolves_though_its_card_lost_its_abilities_after_triggering() -> None:
    """FANFARE-Q8 (the seed's Julius example): the Ambush Spider's effect triggers when the Hush
    Warden is played; the Warden's fanfare strips the Spider first; the effect still resolves."""
    game = prepare_game()
    spider = game.summon(1, "ambush-spider")
    warden = game.give(0, "hush-warden")
    game.play(warden, spider)
    assert spider.silenced and game.resolved() == ["0:hush-warden", "1:ambush-spider"]
    assert game.stats(warden) == (2, 1)
    game.play(game.give(0, "hearth-sprite"))  # stripped now: nothing triggers
    assert game.resolved() == []


def test_q8_a_leaders_triggered_ability_resolves_after_its_amulet_left() -> None:
    """FANFARE-Q8 (the seed's magic-shop example): the Arcane Bazaar gives the leader "whenever
    you play a card, restore 1 defence". The Demolition Crew's fanfare destroys the Bazaar, but
    the leader's effect had triggered on the play and still resolves. The next play triggers
    nothing."""
    game = prepare_game()
    game.leader(0).damage = 5
    bazaar = game.summon(0, "arcane-bazaar")
    game.play(game.give(0, "demolition-crew"), bazaar)
    assert bazaar.zone == "cemetery"
    assert game.resolved() == ["0:demolition-crew", "0:leader"]
    assert game.leader(0).defence == 16
    game.play(game.give(0, "hearth-sprite"))
    assert game.leader(0).defence == 16


def test_q8_an_ability_granted_to_the_leader_stays_after_its_spell_is_gone() -> None:
    """FANFARE-Q8: Oath of Embers is in the cemetery, yet the leader's ability works every turn."""
    game = prepare_game()
    game.play(game.give(0, "oath-of-embers"))
    game.end_turn()
    game.end_turn()
    game.end_turn()
    assert game.leader(1).defence == 18
    texts = game.match.view(1).players[0].leader.abilities
    assert texts == ("At the end of your turn, deal 1 damage to the enemy leader.",)


# -- FANFARE-Q9: "when you play a spell" triggers before the spell resolves -----------------------


def test_q9_play_triggers_wait_ahead_of_what_the_spell_causes() -> None:
    """FANFARE-Q9 (the seed's magic-shop example): the Rune Scholar's effect triggers when
    Insight is played, before Insight draws; so the Magpie's effects from the draws come
    after the Scholar's."""
    game = prepare_game()
    game.summon(0, "rune-scholar")
    game.summon(0, "magpie")
    game.play(game.give(0, "insight"))
    assert game.resolved() == ["0:insight", "0:rune-scholar", "0:magpie", "0:magpie"]
    assert game.leader(1).defence == 19


def test_q9_a_spell_goes_to_the_cemetery_once_its_effect_has_resolved() -> None:
    """FANFARE-Q9: while Insight's effect waits and resolves, Insight is not in the cemetery."""
    game = prepare_game()
    spell = game.give(0, "insight")
    res = game.act(0, Action("play", card=spell.uid), views=True)
    cemetery = [(s.caption, s.views[None].players[0].cemetery) for s in res.steps if s.views]
    assert cemetery[0] == ("{seat0} plays Insight.", 0)
    assert cemetery[1] == ("{seat0}'s Insight: {seat0} draws 2 cards.", 1)


# -- FANFARE-Q10: combat --------------------------------------------------------------------------


def test_q10_clash_effects_resolve_before_combat_damage() -> None:
    """FANFARE-Q10: the Pyre Dancer's clash gives it +2/+0 before damage: 5 damage kills the
    Stone Sentinel (6 defence after the Sentinel took 1)."""
    game = prepare_game()
    dancer = game.summon(0, "pyre-dancer")
    sentinel = game.summon(1, "stone-sentinel")
    sentinel.damage = 1
    game.attack(dancer, sentinel)
    assert [e.data["dealt"] for e in game.events("combat")] == [5]
    assert sentinel.zone == "cemetery" and dancer.zone == "cemetery"


def test_q10_what_a_clash_causes_resolves_before_combat_and_can_stop_it() -> None:
    """FANFARE-Q10: the Porcupine Guard's clash destroys the attacking Seed Sprite; its last
    words resolve, and there is no combat."""
    game = prepare_game()
    sprite = game.summon(0, "seed-sprite")
    guard = game.summon(1, "porcupine-guard")
    game.attack(sprite, guard)
    assert game.resolved() == ["1:porcupine-guard", "0:seed-sprite"]
    assert [e.kind for e in game.events() if e.kind in ("combat", "no_fight")] == ["no_fight"]
    assert game.defence_of(guard) == 3 and game.names(0) == ["thornling"]


def test_q10_the_turn_players_follower_is_destroyed_first() -> None:
    """FANFARE-Q10 (the seed's Shadow Reaper example): two followers trade. The turn player's is
    destroyed first, so what that triggers (its Grave Keeper) waits ahead of what the other's
    destruction triggers (the Crimson Count's last words, the other Grave Keeper)."""
    game = prepare_game()
    keeper = game.summon(0, "grave-keeper")
    attacker = game.summon(0, "skyrider-lancer")
    count = game.summon(1, "crimson-count")
    game.summon(1, "grave-keeper")
    game.attack(attacker, count)
    destroyed = [e.data["seat"] for e in game.events("destroyed")]
    assert destroyed == [0, 1]
    assert game.resolved() == ["0:grave-keeper", "1:crimson-count", "1:grave-keeper"]
    assert game.stats(keeper) == (3, 4) and game.leader(0).defence == 18


def test_q10_drain_heals_by_the_damage_actually_dealt_before_destruction() -> None:
    """FANFARE-Q10: the Blood Moth deals 1 to the Iron Tortoise (1 less damage) and restores
    1; trading with a 2/2 it still restores 2, though it is destroyed."""
    game = prepare_game()
    game.leader(0).damage = 10
    moth = game.summon(0, "blood-moth")
    game.attack(moth, game.summon(1, "iron-tortoise"))
    assert game.leader(0).defence == 11
    other = game.summon(0, "blood-moth")
    game.attack(other, game.summon(1, "war-chanter"))
    assert other.zone == "cemetery" and game.leader(0).defence == 13


def test_q10_drain_before_the_loss_check() -> None:
    """FANFARE-Q10: a drain attack on the leader heals before the check that decides losses."""
    game = prepare_game()
    game.leader(1).damage = 18
    moth = game.summon(0, "blood-moth")
    game.leader(0).damage = 19
    game.attack(moth, game.leader(1))
    assert game.result.winners == (0,) and game.leader(0).defence == 3
    kinds = [e.kind for e in game.events() if e.kind in ("restored", "game_over")]
    assert kinds == ["restored", "game_over"]


def test_q10_bane_destroys_what_it_damages_and_not_what_it_does_not() -> None:
    """FANFARE-Q10: a Nightshade Viper's bane destroys the Stone Sentinel it hurts, at the check;
    against the Iron Tortoise it deals 0 and destroys nothing."""
    game = prepare_game()
    viper = game.summon(0, "nightshade-viper")
    sentinel = game.summon(1, "stone-sentinel")
    game.attack(viper, sentinel)
    assert sentinel.zone == "cemetery" and viper.zone == "cemetery"
    viper = game.summon(0, "nightshade-viper")
    tortoise = game.summon(1, "iron-tortoise")
    game.attack(viper, tortoise)
    assert tortoise.zone == "board" and game.defence_of(tortoise) == 4


# -- FANFARE-Q11: banishing and transforming -----------------------------------------------------


def test_q11_banished_no_cemetery_no_last_words_but_leave_play() -> None:
    """FANFARE-Q11: Void Gate banishes a Seed Sprite (no last words, not destroyed: the Grave
    Keeper stays as it is) and a Restless Shade (its leave-play effect draws)."""
    game = prepare_game(turn_player=1)
    keeper = game.summon(0, "grave-keeper")
    sprite = game.summon(0, "seed-sprite")
    shade = game.summon(0, "restless-shade")
    game.play(game.give(1, "void-gate"), sprite)
    assert sprite.zone == "gone" and game.player(0).cemetery == []
    assert game.names(0) == ["grave-keeper", "restless-shade"] and game.stats(keeper) == (2, 3)
    game.play(game.give(1, "void-gate"), shade)
    assert len(game.hand(0)) == 1 and game.resolved()[-1] == "0:restless-shade"


def test_q11_transformed_no_leave_play_and_no_entering() -> None:
    """FANFARE-Q11: a Restless Shade turned into a Pond Frog draws nothing; the Frog does not
    enter (the Banner Knight and the enemy Watchtower do not react)."""
    game = prepare_game()
    game.summon(0, "watchtower")
    shade = game.summon(1, "restless-shade")
    game.summon(1, "banner-knight")
    game.play(game.give(0, "hexweaver"), shade)
    assert game.names(1) == ["pond-frog", "banner-knight"]
    frog = game.board(1)[0]
    assert game.stats(frog) == (1, 1) and game.hand(1) == []
    assert game.leader(1).defence == 20 and game.player(1).cemetery == []
    assert game.resolved() == ["0:hexweaver"]


# -- FANFARE-Q12: several draws, one card at a time ----------------------------------------------


def test_q12_several_draws_one_at_a_time() -> None:
    """FANFARE-Q12: Insight draws two, each drawn card triggering on its own: the Fortune Teller
    drawn second sees a hand of five."""
    game = prepare_game()
    game.leader(0).damage = 5
    for _ in range(3):
        game.give(0, "hearth-sprite")
    game.top(0, "hearth-sprite", "fortune-teller")
    game.play(game.give(0, "insight"))
    assert game.leader(0).defence == 17
    assert [e.kind for e in game.events() if e.kind in ("drew", "resolving")] == [
        "resolving",
        "drew",
        "drew",
        "resolving",
    ]
