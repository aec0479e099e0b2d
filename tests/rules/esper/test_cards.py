"""One test per shipped card, each played: every planet card opened (ESPER-8.4, 14.4), every
gear card taken (ESPER-14.5), every base card opened by an infiltrator (ESPER-9.2, 14.7), every
combat card played (ESPER-14.6), every character dealt (ESPER-14.1)."""

from __future__ import annotations

import pytest

from .helpers import esper, prepare, to_part2

POOL = esper().pool


def _ids(deck: str) -> list[str]:
    return [c.id for c in POOL.of(deck)]


@pytest.mark.parametrize("card", _ids("planet"))
def test_every_planet_card_does_its_kind(card: str) -> None:
    game = prepare(5)
    game.put(0, "Aster 1")
    game.put(4, "Fallow 1")  # someone to learn of
    at = game.card("Aster 2", card)
    game.dice(6, 6, 6, 6)  # a snare's check fails
    game.act(0, "walk", square=at)
    p = game.player(0)
    kind = POOL.cards[card].kind
    expected = {
        "clue": lambda: p.clues == 1 and game.state.planet[at] is None,
        "checkpoint": lambda: p.state == "arrested",
        "snare": lambda: p.damage == 1,
        "skirmish": lambda: game.state.combat is not None and game.state.combat.npcs == {-1: 2},
        "exposure": lambda: p.revealed and game.state.planet[at] is None,
        "insight": lambda: game.ask is not None and game.ask.kind == "insight",
        "landing_pad": lambda: at in game.state.face_up and p.state == "normal",
        "plain": lambda: at in game.state.face_up and p.state == "normal",
    }[kind]
    assert expected(), kind


@pytest.mark.parametrize("card", _ids("gear"))
def test_every_gear_card_is_kept_face_down_by_its_opener(card: str) -> None:
    game = prepare(5)
    game.put(0, "Aster 1")
    at = game.card("Aster 2", card)
    game.act(0, "walk", square=at)
    assert game.player(0).gear == [POOL.cards[card].kind]
    sheet = game.match.view(0).hand
    assert sheet is not None and [g.text for g in sheet.gear] == [POOL.cards[card].text]
    assert game.match.view(None).players[0].gear == 1


BASE_EFFECTS = {
    "key_base": lambda g, at: at in g.state.face_up and "destroy" in g.kinds(0),
    "hall": lambda g, at: at in g.state.face_up,
    "scrambler": lambda g, at: g.player(0).where != at,
    "sentry": lambda g, at: g.state.combat is not None and len(g.state.combat.npcs) == 1,
    "guardhouse": lambda g, at: g.state.combat is not None and len(g.state.combat.npcs) == 2,
    "snare": lambda g, at: g.player(0).damage == 1,
    "lounge": lambda g, at: g.player(0).state == "incapacitated",
    "fog_room": lambda g, at: at in g.state.face_up and g.state.combat is None,
    "dissolver": lambda g, at: g.player(0).state == "scattered",
    "core": lambda g, at: g.ask is not None and g.ask.kind == "check",
    "archive": lambda g, at: g.ask is not None and g.ask.kind == "check",
    "rift": lambda g, at: g.player(0).damage == 1,
    "anchor": lambda g, at: at in g.state.face_up,
}


@pytest.mark.parametrize("card", _ids("base"))
def test_every_base_card_does_its_kind_to_an_infiltrator(card: str) -> None:
    game = to_part2(prepare(5, evil=(1, 3), personas={1: "hunter"}))
    game.put(1, "F6")
    for square in range(36):
        game.card(square, "hall")  # surgery: nothing else in the way
    at = game.card("C3", card)
    game.put(0, "C2")
    game.dice(6, 6, 6, 6)  # checks fail
    game.act(0, "walk", square=at)
    if POOL.cards[card].kind == "key_base":
        game.until_move(0)
    assert BASE_EFFECTS[POOL.cards[card].kind](game, at), card


@pytest.mark.parametrize("card", _ids("combat"))
def test_every_combat_card_is_played(card: str) -> None:
    game = prepare(5)
    game.character(0, "mira-solen")  # ESP level 6: any card
    game.character(1, "vex-corran")
    game.put(0, "Aster 1")
    game.put(1, "Aster 1")
    game.act(0, "pass")
    game.dice(6, 6, 1, 1)
    game.act(0, "combat")
    game.until_asked("fight", 0)
    kind = POOL.cards[card].kind
    if kind == "defence":
        game.deal(0, "flick")
        game.deal(1, card)
        game.act(0, "play", card="flick", target=1)
        game.act(1, "defend", card=card)
        assert game.player(1).damage == 0
        return
    game.deal(0, card)
    if kind == "attack":
        game.deal(1)
        game.act(0, "play", card=card, target=1)
        game.act(1, "pass")
        assert game.player(1).damage == POOL.cards[card].damage or not game.player(1).alive
    elif kind == "flex":
        game.deal(1)
        game.act(0, "play", card=card, target=1, level=4)
        game.act(1, "pass")
        assert game.player(1).damage == 2 and game.player(0).spent == 4
    elif kind == "escape":
        game.act(0, "play", card=card)
        assert game.ask is not None and game.ask.kind == "escape_square"
    else:
        game.act(0, "play", card=card, target=1)
        assert game.state.knowledge.watching(0) == (1,)
    assert game.match.view(None).combat is None or game.match.view(None).combat.played


@pytest.mark.parametrize("card", _ids("character"))
def test_every_character_shows_its_stats_on_its_sheet(card: str) -> None:
    game = prepare(5)
    game.character(2, card)
    sheet = game.match.view(2).hand
    c = POOL.cards[card]
    assert sheet is not None and sheet.character.name == c.name
    assert (sheet.character.level, sheet.character.power) == (c.level, c.power)
    assert (sheet.durability_left, sheet.character.mental) == (c.durability, c.mental)


def test_gear_taken_from_the_board_is_offered_where_it_works() -> None:
    """The gear a player opens is what its menus offer: a shuttle in the movement, a bolt-hole
    in a combat turn."""
    game = prepare(5)
    game.put(0, "Aster 1")
    game.act(0, "walk", square=game.card("Aster 2", "shuttle"))
    game.until_move(1)
    game.put(1, "Aster 2")
    game.act(1, "walk", square=game.card("Aster 3", "bolt-hole"))
    game.until_move(0)
    assert "use_shuttle" in game.kinds(0)
    game.put(1, "Aster 2")
    game.act(0, "pass")
    game.dice(6, 6, 1, 1)
    game.act(0, "combat")
    game.until_asked("fight", 1)
    assert "bolt_hole" in game.kinds(1)
