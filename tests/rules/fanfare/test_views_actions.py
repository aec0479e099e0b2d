"""Views (what a seat or a spectator sees) and the shapes of the legal actions a UI builds its
menus from; the clock's timeout and conceding."""

from __future__ import annotations

import json

import pytest

from rules.engine import Action, IllegalAction, Match
from rules.fanfare import TIMEOUT
from rules.fanfare.views import FanfareView

from .helpers import prepare_game, ruleset


def _uids(data: object) -> set[int]:
    """Every ``uid`` anywhere in a view's JSON."""
    found: set[int] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "uid" and isinstance(value, int):
                found.add(value)
            found |= _uids(value)
    elif isinstance(data, list):
        for value in data:
            found |= _uids(value)
    return found


def test_a_view_shows_the_board_and_hides_the_other_hand_and_the_decks() -> None:
    game = prepare_game()
    game.give(0, "fireball")
    hidden = game.give(1, "insight")
    sprite = game.summon(0, "hearth-sprite")
    game.summon(0, "clock-tower")
    game.play(game.give(0, "war-cry"), sprite)
    view = game.match.view(0)
    assert isinstance(view, FanfareView)
    me, them = view.players
    assert [c.name for c in view.hand] == ["Fireball"] and view.hand[0].cost == 2
    assert them.hand_size == 1 and me.deck_size == 20 and them.deck_size == 20
    card, tower = me.board
    assert (card.attack, card.defence, card.base_attack, card.base_defence) == (3, 2, 1, 2)
    assert card.keywords == ("rush",) and card.can_attack and card.slot == 0
    assert tower.kind == "amulet" and tower.countdown == 3
    assert me.leader.uid == 1 and me.leader.defence == 20 and me.pp == 9 and me.max_pp == 10
    assert me.can_evolve and me.evolve_unlocked and me.cemetery == 1
    data = view.to_json()
    json.dumps(data)
    deck_uids = {c.uid for p in game.state.players for c in p.deck}
    assert hidden.uid not in _uids(data) and not deck_uids & _uids(data)
    spectator = game.match.view(None)
    assert spectator.hand == () and hidden.uid not in _uids(spectator.to_json())
    assert game.match.view(1).players[1].can_evolve is False


def test_hand_cards_say_whether_they_can_be_played_now() -> None:
    game = prepare_game()
    fireball, sprite = game.give(0, "fireball"), game.give(0, "hearth-sprite")
    view = game.match.view(0)
    assert [c.playable for c in view.hand] == [False, True]
    game.summon(1, "hearth-sprite")
    assert [c.playable for c in game.match.view(0).hand] == [True, True]
    assert all(not c.playable for c in game.match.view(1).hand)
    assert fireball.uid != sprite.uid


def test_a_mulligan_choice_stays_secret_until_both_have_chosen() -> None:
    match = Match.new(ruleset(), 11)
    match.apply(0, Action("mulligan", cards=[match.state.players[0].hand[0].uid]))
    for seat in (None, 1):
        view = match.view(seat)
        assert view.players[0].mulligan_done and view.players[0].returned is None
        assert view.pending == (1,) and view.phase == "mulligan"
    match.apply(1, Action("mulligan", cards=[]))
    assert [p.returned for p in match.view(None).players] == [1, 0]


def test_the_action_shapes_a_menu_is_built_from() -> None:
    game = prepare_game()
    knight = game.summon(0, "flame-knight")
    foe = game.summon(1, "hearth-sprite")
    fireball = game.give(0, "fireball")
    game.give(0, "hearth-sprite")
    specs = {(s.kind, s.fixed): s for s in game.match.legal_actions(0)}
    play = specs[("play", (("card", fireball.uid),))]
    assert play.label == "Play Fireball" and play.params[0].name == "target"
    assert [(o.value, o.label, o.detail) for o in play.params[0].options] == [
        (foe.uid, "Hearth Sprite 1/2", "enemy board, slot 1")
    ]
    attack = specs[("attack", (("attacker", knight.uid),))]
    assert [o.label for o in attack.params[0].options] == [
        "Enemy leader · 20 defence",
        "Hearth Sprite 1/2",
    ]
    evolve = specs[("evolve", (("card", knight.uid),))]
    assert evolve.params[0].options[0].value == foe.uid
    assert ("end_turn", ()) in specs and ("concede", ()) in specs
    for spec in specs.values():
        json.dumps(spec.to_json())
        for action in spec.actions():
            assert spec.matches(action)


def test_the_clock_ends_a_turn_that_ran_out() -> None:
    """TIMEOUT: the turn ends as if the player had ended it; only the turn player's."""
    game = prepare_game()
    with pytest.raises(IllegalAction, match="not your turn"):
        game.act(1, TIMEOUT)
    res = game.act(0, TIMEOUT)
    assert game.state.turn_player == 1 and game.events("timeout", res)


def test_either_player_may_concede_at_any_time() -> None:
    game = prepare_game()
    game.act(1, Action("concede"))
    assert game.result.winners == (0,) and game.result.reason == "concede"
    with pytest.raises(IllegalAction, match="over"):
        game.act(0, Action("concede"))


@pytest.mark.parametrize(
    ("seat", "action", "reason"),
    [
        (0, Action("fly"), "no action 'fly'"),
        (0, Action("play", card=999), "not in your hand"),
        (0, Action("play", card=True), "not in your hand"),
        (0, Action("end_turn", now=True), "takes no arguments"),
        (0, Action("attack", attacker=1, target=2), "your followers"),
        (1, Action("play", card=3), "not your turn"),
        (0, Action("evolve", card=2), "your followers"),
        (0, Action("mulligan", cards=[]), "mulligan is over"),
    ],
)
def test_illegal_actions_change_nothing(seat: int, action: Action, reason: str) -> None:
    game = prepare_game()
    game.give(0, "fireball")
    before = game.match.state_hash()
    with pytest.raises(IllegalAction, match=reason):
        game.act(seat, action)
    assert game.match.state_hash() == before


def test_a_card_in_the_deck_stays_secret_unless_it_comes_onto_the_board() -> None:
    """FANFARE-Q3 (summoned directly): a Barrow Sleeper that finds its board full stays in the
    deck, and nobody but its owner learns it was there."""
    game = prepare_game()
    game.leader(1).damage = 12
    for _ in range(5):
        game.summon(1, "hearth-sprite")
    game.top(1, "hearth-sprite", "barrow-sleeper")
    res = game.end_turn()
    (step,) = [s for s in res.steps if "Barrow Sleeper" in s.caption]
    assert step.audience == frozenset({1})
    assert all("Barrow" not in str(e.data) for s in res.steps_for(0) for e in s.events_for(0))
    del game.state.cards[game.board(1).pop().uid]
    game.end_turn()
    res = game.end_turn()
    (step,) = [s for s in res.steps if "Barrow Sleeper" in s.caption]
    assert step.public and game.names(1)[-1] == "barrow-sleeper"


# -- what a picture needs to tell at a glance ---------------------------------------------------


def test_own_mulligan_picks_show_in_the_own_hand_only() -> None:
    """FANFARE-1.2: a seat sees which of its cards it chose to return; nobody else does."""
    match = Match.new(ruleset(), 5)
    picked = match.state.players[0].hand[1].uid
    match.apply(0, Action("mulligan", cards=[picked]))
    mine = match.view(0)
    assert [c.returning for c in mine.hand] == [False, True, False]
    assert match.view(1).players[0].mulligan_done and not any(
        c.returning for c in match.view(1).hand
    )
    assert picked not in _uids(match.view(None).to_json())


def test_the_mulligan_counts_as_done_in_the_step_that_resolves_it() -> None:
    """FANFARE-1.2: in the step 'Mulligan: ... returns ...' both seats have chosen."""
    match = Match.new(ruleset(), 5)
    match.apply(0, Action("mulligan", cards=[]))
    res = match.apply(1, Action("mulligan", cards=[]), views=True)
    step = next(s for s in res.steps if s.caption.startswith("Mulligan:"))
    assert step.views is not None
    assert all(p.mulligan_done and p.returned == 0 for p in step.views[None].players)


def test_evolved_this_turn_is_shown_only_in_that_seats_turn() -> None:
    """FANFARE-1.4: once per turn, so the mark means nothing in the opponent's turn."""
    game = prepare_game()
    knight = game.summon(0, "flame-knight")
    game.evolve(knight, game.summon(1, "hearth-sprite"))
    assert game.match.view(None).players[0].evolved_this_turn
    game.end_turn()
    assert not game.match.view(None).players[0].evolved_this_turn


def test_board_cards_list_their_abilities_still_to_act_and_granted_ones() -> None:
    """A fanfare is done once on the board; an evolve ability is done once evolved; abilities
    granted to a follower are listed after its own (FANFARE-Q3)."""
    game = prepare_game()
    imp = game.summon(0, "cinder-imp")
    knight = game.summon(0, "flame-knight")
    (imp_view, knight_view) = game.match.view(None).players[0].board
    assert imp_view.abilities == () and "Fanfare" in imp_view.text
    assert knight_view.abilities == ("Evolve: deal 3 damage to an enemy follower.",)
    game.play(game.give(0, "soul-binding"), imp)
    game.evolve(knight, game.summon(1, "hearth-sprite"))
    (imp_view, knight_view) = game.match.view(None).players[0].board
    assert imp_view.granted == ("Last words: draw a card.",)
    assert knight_view.abilities == ()


def test_can_attack_says_whether_the_leader_is_within_reach() -> None:
    """FANFARE-2.2: rush reaches followers only in its first turn; storm reaches the leader."""
    game = prepare_game()
    game.summon(1, "hearth-sprite")
    rusher = game.summon(0, "dune-runner", fresh=True)
    stormer = game.summon(0, "ember-whelp", fresh=True)
    rush_view, storm_view = game.match.view(None).players[0].board
    assert rush_view.can_attack and not rush_view.can_attack_leader
    assert storm_view.can_attack and storm_view.can_attack_leader
    assert rusher.uid == rush_view.uid and stormer.uid == storm_view.uid
