"""One test per card: each plays the card (or puts it where it works) and checks that it does
what its text says. ``test_every_card_has_a_test`` finds them by their ``covers`` marks."""

from __future__ import annotations

import re
from pathlib import Path

from rules.charm import load_pool

from .helpers import Game, covers, prepare


def _charm_through(game: Game, *attackers: object, **kw: object) -> None:
    game.charm(*attackers, **kw)  # type: ignore[arg-type]
    game.pass_until(lambda: game.state.phase == "main" and game.state.charm is None)


# -- heroines ------------------------------------------------------------------------------------


@covers("aria-vale")
def test_aria_vale() -> None:
    game = prepare(heroines=("aria-vale", "lumi-hart"))
    game.heroine(1).face_down = True  # surgery: no defender
    _charm_through(game, game.heroine(0))
    assert game.damage(1) == 1 + 3  # her P.Skill as she attacks, then her AP


@covers("mira-quill")
def test_mira_quill() -> None:
    game = prepare(heroines=("mira-quill", "aria-vale"))
    assert game.match.view(None).players[0].damage_limit == 22


@covers("sena-brook")
def test_sena_brook() -> None:
    game = prepare(heroines=("aria-vale", "sena-brook"))
    game.set_damage(1, 12)
    game.end_turn()
    assert game.damage(1) == 10


@covers("lumi-hart")
def test_lumi_hart() -> None:
    game = prepare(heroines=("aria-vale", "lumi-hart"))
    game.charm(game.heroine(0))
    game.pass_until(lambda: game.waiting_on() == "defence")
    game.defend({game.heroine(0): game.heroine(1)})
    assert game.heroine(0).dp_damage == 1  # when she defends: 1 DP damage to an attacker


# -- characters ----------------------------------------------------------------------------------


@covers("garden-sprite")
def test_garden_sprite() -> None:
    game = prepare()
    game.play(game.give(0, "garden-sprite"))
    assert len(game.hand(0)) == 1


@covers("lantern-page", "stage-hand")
def test_plain_characters_make_ep() -> None:
    game = prepare()
    page, hand = game.put(0, "lantern-page"), game.put(0, "stage-hand")
    game.produce(page)
    game.produce(hand)
    assert game.player(0).pool == 1 + 2
    assert game.dp(hand) == 2 + 1  # Stage Hand: DP +1 to itself


@covers("tin-drummer")
def test_tin_drummer() -> None:
    game = prepare()
    drummer = game.put(0, "tin-drummer")
    game.set_pool(0, 1)
    game.use(drummer)
    assert drummer.checked and game.damage(1) == 1


@covers("ember-moth")
def test_ember_moth() -> None:
    game = prepare()
    moth = game.put(1, "ember-moth")
    game.set_pool(0, 2)
    game.use(game.give(0, "spotlight-steal"), target=moth)
    assert moth.face_down and game.damage(0) == 1


@covers("encore-fan")
def test_encore_fan() -> None:
    game = prepare()
    game.put(1, "encore-fan")
    song = game.put(1, "grand-finale")
    game.end_turn()
    assert song.tokens == 3  # -1 in the start phase, +1 after the draw


@covers("bell-ringer")
def test_bell_ringer() -> None:
    game = prepare()
    ringer = game.put(0, "bell-ringer")
    theatre = game.put(0, "old-theatre")
    game.produce(theatre)
    game.use(ringer, target=theatre)
    game.produce(theatre)
    assert game.player(0).pool == 4


@covers("velvet-usher")
def test_velvet_usher() -> None:
    game = prepare()
    usher = game.put(1, "velvet-usher")
    game.charm(game.heroine(0))
    game.pass_until(lambda: game.waiting_on() == "defence")
    game.defend({game.heroine(0): usher})
    assert usher.boost_dp == 2


@covers("ribbon-dancer")
def test_ribbon_dancer() -> None:
    game = prepare()
    dancer = game.put(0, "ribbon-dancer")
    game.charm(dancer)
    game.pass_until(lambda: game.waiting_on() != "answer")
    assert game.ap(dancer) == 4


@covers("quiet-archivist")
def test_quiet_archivist() -> None:
    game = prepare()
    archivist = game.put(0, "quiet-archivist")
    game.set_pool(0, 1)
    game.use(archivist, cost=[game.give(0, "heckle")])
    assert len(game.hand(0)) == 2


@covers("harbor-bard")
def test_harbor_bard() -> None:
    game = prepare()
    bard = game.put(0, "harbor-bard")
    game.charm(game.heroine(0), supporter=bard, mode="dp")
    game.pass_until(lambda: game.waiting_on() == "defence")
    assert game.heroine(0).boost_ap == 1 and game.dp(game.heroine(0)) == 3 + 2


@covers("wishing-busker")
def test_wishing_busker() -> None:
    game = prepare()
    game.put(0, "wishing-busker")
    game.set_damage(1, 10)
    game.end_turn()
    assert game.damage(1) == 11


@covers("paper-knight")
def test_paper_knight() -> None:
    game = prepare()
    knight = game.put(1, "paper-knight")
    knight.dp_damage = 1  # surgery: hurt earlier this turn
    game.set_pool(0, 2)
    game.use(game.give(0, "spotlight-steal"), target=knight)
    assert knight.face_down and game.heroine(0).dp_damage == 1  # the only enemy character


@covers("choir-captain")
def test_choir_captain() -> None:
    game = prepare()
    game.put(0, "choir-captain")
    assert game.ap(game.heroine(0)) == 4


@covers("iron-understudy")
def test_iron_understudy() -> None:
    game = prepare()
    understudy = game.put(0, "iron-understudy")
    game.produce(understudy)
    assert game.dp(game.heroine(0)) == 4 and game.player(0).pool == 2


@covers("curtain-witch")
def test_curtain_witch() -> None:
    game = prepare()
    witch = game.put(0, "curtain-witch")
    page = game.put(1, "lantern-page")
    game.set_pool(0, 2)
    game.use(witch, target=page)
    assert page.checked


@covers("night-courier")
def test_night_courier() -> None:
    game = prepare()
    courier = game.put(0, "night-courier")
    page = game.put(1, "lantern-page")
    game.set_pool(0, 2)
    game.use(courier, target=page)
    assert page.zone == "hand" and page in game.hand(1) and courier.checked


@covers("mirror-twin")
def test_mirror_twin() -> None:
    game = prepare()
    twin = game.put(0, "mirror-twin")
    assert game.ap(twin) == 4


@covers("glass-duelist")
def test_glass_duelist() -> None:
    game = prepare()
    duelist = game.put(0, "glass-duelist")
    assert game.match.view(None).players[0].damage_limit == 18
    game.set_pool(0, 1)
    game.use(duelist)
    assert game.heroine(1).dp_damage == 2


@covers("star-critic")
def test_star_critic() -> None:
    game = prepare()
    page = game.put(1, "lantern-page")
    game.set_pool(0, 5)
    game.play(game.give(0, "star-critic"))
    game.target(page)
    assert page.face_down


# -- backgrounds, items ----------------------------------------------------------------------------


@covers("moonlit-terrace", "harbor-lights", "old-theatre")
def test_plain_backgrounds() -> None:
    game = prepare()
    for card_id, ep in (("moonlit-terrace", 1), ("harbor-lights", 1), ("old-theatre", 2)):
        card = game.put(0, card_id)
        before = game.player(0).pool
        game.produce(card)
        assert game.player(0).pool == before + ep


@covers("rose-arcade")
def test_rose_arcade() -> None:
    game = prepare()
    game.put(0, "rose-arcade")
    assert game.ap(game.heroine(0)) == 4


@covers("clock-square")
def test_clock_square() -> None:
    game = prepare()
    square = game.put(0, "clock-square")
    game.use(square, cost=[game.give(0, "lantern-page")])
    assert game.player(0).pool == 2


@covers("spotlight-rig")
def test_spotlight_rig() -> None:
    game = prepare()
    rig = game.put(0, "spotlight-rig")
    game.set_pool(0, 1)
    game.use(rig, target=game.heroine(0))
    assert rig.checked and game.ap(game.heroine(0)) == 5


@covers("prop-trunk")
def test_prop_trunk() -> None:
    game = prepare()
    trunk = game.put(0, "prop-trunk")
    [moth] = game.pile(0, "ember-moth")
    game.use(trunk, cost=[game.give(0, "heckle")])
    assert moth in game.hand(0)


@covers("velvet-rope")
def test_velvet_rope() -> None:
    game = prepare()
    game.put(0, "velvet-rope")
    assert game.dp(game.heroine(0)) == 4


@covers("fan-letter-box")
def test_fan_letter_box() -> None:
    game = prepare()
    game.put(0, "fan-letter-box")
    for _ in range(6):
        game.give(0, "lantern-page")
    game.end_turn()
    assert len(game.hand(0)) == 6  # no discard: the limit is 6


@covers("stage-trapdoor")
def test_stage_trapdoor() -> None:
    game = prepare()
    game.put(0, "stage-trapdoor")
    page = game.put(0, "lantern-page")
    game.charm(page)
    game.pass_until(lambda: game.waiting_on() == "defence")
    game.defend({page: game.heroine(1)})
    game.pass_until(lambda: game.state.phase == "main")
    assert game.heroine(1).dp_damage == 1 + 1  # the Page's AP, then the Trapdoor's


# -- events ---------------------------------------------------------------------------------


@covers("encore")
def test_encore() -> None:
    game = prepare()
    game.set_pool(0, 1)
    game.use(game.give(0, "encore"))
    game.discard(game.hand(0)[1])
    assert len(game.hand(0)) == 1


@covers("spotlight-steal")
def test_spotlight_steal() -> None:
    game = prepare()
    usher = game.put(1, "velvet-usher")
    game.set_pool(0, 2)
    game.use(game.give(0, "spotlight-steal"), target=usher)
    assert game.dp(usher) == 2


@covers("standing-ovation")
def test_standing_ovation() -> None:
    game = prepare()
    game.set_pool(0, 1)
    game.use(game.give(0, "standing-ovation"), target=game.heroine(0))
    assert game.ap(game.heroine(0)) == 5


@covers("stage-fright")
def test_stage_fright() -> None:
    game = prepare()
    page, usher = game.put(1, "lantern-page"), game.put(1, "velvet-usher")
    game.set_pool(0, 3)
    game.use(game.give(0, "stage-fright"))
    assert [c.dp_damage for c in (game.heroine(1), page, usher)] == [1, 1, 1]


@covers("heckle")
def test_heckle() -> None:
    game = prepare()
    heckle = game.give(1, "heckle")
    game.charm(game.heroine(0))
    game.use(heckle, target=game.heroine(0))
    assert game.ap(game.heroine(0)) == 1


@covers("cut-the-lights")
def test_cut_the_lights() -> None:
    game = prepare()
    game.set_pool(0, 2)
    game.set_pool(1, 2)
    ovation = game.give(0, "standing-ovation")
    game.give(0, "heckle")
    lights = game.give(1, "cut-the-lights")
    game.use(ovation, target=game.heroine(0))
    game.use(lights)
    game.pass_(0)
    assert game.ap(game.heroine(0)) == 3


@covers("hold-the-curtain")
def test_hold_the_curtain() -> None:
    game = prepare()
    page = game.put(0, "lantern-page")
    curtain = game.give(1, "hold-the-curtain")
    game.charm(game.heroine(0), page)
    game.set_pool(1, 1)
    game.use(curtain, target=page)
    assert page.checked and len(game.hand(1)) == 1


@covers("second-act")
def test_second_act() -> None:
    game = prepare()
    [old] = game.pile(0, "heckle")
    game.set_pool(0, 1)
    game.use(game.give(0, "second-act"))
    assert old in game.hand(0)


@covers("rally")
def test_rally() -> None:
    game = prepare()
    page = game.put(0, "lantern-page")
    game.set_pool(0, 2)
    game.use(game.give(0, "rally"))
    assert game.dp(page) == 4 and game.dp(game.heroine(0)) == 5


# -- music ---------------------------------------------------------------------------------------


@covers("overture-of-dawn")
def test_overture_of_dawn() -> None:
    game = prepare()
    game.put(1, "overture-of-dawn")
    game.end_turn()
    game.pass_until(lambda: game.state.phase == "main")
    assert len(game.hand(1)) == 2


@covers("nocturne")
def test_nocturne() -> None:
    game = prepare()
    game.give(1, "lantern-page", "heckle")
    game.set_pool(0, 1)
    game.play(game.give(0, "nocturne"))
    game.pass_(1)
    game.discard(game.hand(1)[0])  # seat 1 picks the card it discards
    assert len(game.hand(1)) == 1 and game.player(1).discard[0].name == "Lantern Page"


@covers("grand-finale")
def test_grand_finale() -> None:
    game = prepare()
    finale = game.put(0, "grand-finale")
    game.heroine(1).face_down = True  # surgery: no defender
    _charm_through(game, game.heroine(0))
    assert game.damage(1) == 1 + 3 + 1  # Aria's P.Skill, her AP, the Finale as she attacked
    game.set_pool(0, 1)
    game.use(finale)
    assert finale.tokens == 2 and game.damage(1) == 6


def test_every_card_has_a_test() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    covered = {
        c
        for args in re.findall(r"@covers\(([^)]*)\)", source)
        for c in re.findall(r'"([^"]+)"', args)
    }
    assert set(load_pool().cards) - covered == set()
