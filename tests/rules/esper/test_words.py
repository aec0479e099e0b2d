"""Esper's words in Japanese (issue 17): a match's captions, menus, squares and result say
themselves again from the ``esper`` catalogue, while their English stays what it was.
(``tests/rules/test_japanese_captions.py`` plays whole random matches; these are the texts a
Japanese player reads first.)"""

from __future__ import annotations

from rules.engine import in_language
from rules.esper.captions import square_name

from .helpers import prepare
from .test_winning import kill


def test_a_square_is_named_as_the_japanese_board_names_it() -> None:
    game = prepare(5)
    state = game.state
    aster_2 = game.square("Aster 2")
    assert in_language(square_name(state, aster_2), "ja") == "アスター2"
    assert in_language(square_name(state, game.square("Aster port")), "ja") == "アスター宇宙港"
    assert in_language(square_name(state, None), "ja") == "盤外"


def test_the_movement_menu_reads_in_japanese() -> None:
    game = prepare(5)
    game.until_move(0)
    game.put(0, "Aster port")
    [walk] = game.specs(0, "walk")
    assert in_language(walk.label, "ja") == "1マス歩く"
    options = [in_language(o.label, "ja") for o in walk.params[0].options]
    assert options == ["アスター1（裏向き）", "アスター6（裏向き）"]
    assert [o.label for o in walk.params[0].options] == [
        "Aster 1 (face down)",
        "Aster 6 (face down)",
    ]


def test_a_declared_win_says_its_side_and_how_in_japanese() -> None:
    game = prepare(5, evil=(1, 3))
    kill(game, 1, 3)
    game.act(0, "declare")
    result = game.result
    assert result.summary == "Good wins ({seat0} declared victory): {seat0}, {seat2} and {seat4}."
    assert in_language(result.summary, "ja") == (
        "善陣営の勝ち（{seat0}さんの勝利宣言）：{seat0}さん、{seat2}さんと{seat4}さん。"
    )
    assert result.detail["side"] == "good"
    assert in_language(result.labels["side"], "ja") == "陣営"
    assert in_language(result.detail["side"], "ja") == "善陣営"


def test_a_caption_for_one_seat_only_keeps_its_audience_in_japanese() -> None:
    """A gear taken: everyone reads that it was a gear, its taker alone which one."""
    game = prepare(5)
    game.until_move(0)
    game.put(0, "Aster port")
    game.card("Aster 1", "shuttle")
    game.act(0, "walk", square=game.square("Aster 1"))
    public = [c for c in game.captions(None) if "gear" in c]
    own = [c for c in game.captions(0) if c not in game.captions(None)]
    assert [in_language(c, "ja") for c in public] == ["{seat0}さんがアスター1で装備を取りました。"]
    assert [in_language(c, "ja") for c in own] == ["{seat0}さんの装備は「シャトル」です。"]
