"""Pictures in Japanese (issue 17): their own words from the ``rendering`` catalogue, names from
their ruleset's, Japanese text wrapped between phrases or characters by the line-breaking rules,
never outside its box, and every picture still legible at 400 pixels.

The Japanese goldens are in ``test_golden.py`` (``ja-*``); card names there and here come from
the tests' own catalogue (``ja_names.po``, see ``japanese.py``) until the rulesets ship theirs.
"""

from __future__ import annotations

import io
import itertools
import threading
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

import rendering
from rendering import fanfare, lanes
from rendering.toolkit import Canvas, fit_text
from rendering.toolkit.text import _NO_END, _NO_START
from rendering.toolkit.words import card_name, language, say, speaking
from rules.engine.language import catalogue

from . import fanfare_positions as ff
from . import positions as lp
from .japanese import in_japanese, names_catalogue
from .positions import NAMES, ink_outside, truncated
from .test_legible import PICTURES, labels_on_numbers, too_small

BLACK, WHITE = (0, 0, 0), (255, 255, 255)


# -- the words -----------------------------------------------------------------------------------


def test_the_pictures_words_are_translated_with_their_placeholders() -> None:
    with speaking("ja"):
        assert say("Hand {n}", n=5) == "手札 5"
        assert say("{player} wins!", player="Alice") == "Aliceの勝利！"
    assert say("Hand {n}", n=5) == "Hand 5"  # English outside the block
    assert catalogue("rendering", "ja").has("Turn {turn} of {last}")


def test_only_english_and_japanese_are_drawn() -> None:
    with pytest.raises(ValueError, match="not 'fr'"), speaking("fr"):
        pass
    view = lp.match_steps(0)[-1].views[None]
    with pytest.raises(ValueError, match="not 'de'"):
        rendering.board_png("lanes", view, NAMES, language="de")


def test_a_name_reads_as_its_english_until_its_ruleset_translates_it() -> None:
    with speaking("ja"):
        assert card_name("lanes", "Spark") == catalogue("lanes", "ja").pgettext(
            "lanes.card", "Spark"
        )
    with in_japanese():
        assert card_name("lanes", "Spark") == "スパーク"
        assert card_name("lanes", "No Such Card") == "No Such Card"
        assert card_name("fanfare", "Spark") == "Spark"  # another ruleset's context
    assert names_catalogue().has("Spark", "lanes.card")


def test_english_is_the_default_and_the_same_bytes() -> None:
    view = lp.match_steps(0)[-1].views[None]
    english = rendering.board_png("lanes", view, NAMES)
    assert rendering.board_png("lanes", view, NAMES, language="en") == english
    japanese = rendering.board_png("lanes", view, NAMES, language="ja")
    assert japanese != english
    assert rendering.board_png("lanes", view, NAMES) == english  # nothing left behind
    assert language() == "en"


def _texts(canvas: Canvas) -> str:
    return " ".join(d.block.text.replace("\n", "") for d in canvas.texts)


def test_every_entry_point_draws_in_the_language_it_is_given() -> None:
    steps = ff.match_steps(0)
    step = next(s for s in steps if s.public and s.views[0].turn_player == 0 and s.views[0].hand)
    final = steps[-1].views[None]
    card = next(iter(fanfare_pool().cards.values()))
    pictures: dict[str, Callable[[str], bytes]] = {
        "board": lambda lang: rendering.board_png(
            "fanfare", step.views[None], NAMES, step, language=lang
        ),
        "table": lambda lang: rendering.table_png(
            "fanfare", step.views[0], NAMES, 0, step, language=lang
        ),
        "hand": lambda lang: rendering.hand_png("fanfare", step.views[0], NAMES, language=lang),
        "result": lambda lang: rendering.result_png("fanfare", final, NAMES, language=lang),
        "card": lambda lang: rendering.card_png("fanfare", card, language=lang),
    }
    for name, draw in pictures.items():
        assert draw("ja") != draw("en"), name
    with speaking("ja"):
        drawn = _texts(rendering.draw_table("fanfare", step.views[0], NAMES, 0, step))
    assert "手札" in drawn and "Hand" not in drawn


def fanfare_pool():  # type: ignore[no-untyped-def]
    from rules.registry import get_ruleset

    return get_ruleset("fanfare").pool  # type: ignore[attr-defined]


def test_each_thread_draws_in_its_own_language() -> None:
    view = lp.match_steps(1)[-1].views[None]
    expected = {
        lang: rendering.board_png("lanes", view, NAMES, language=lang) for lang in ("en", "ja")
    }
    got: dict[str, list[bytes]] = {"en": [], "ja": []}

    def draw(lang: str) -> None:
        for _ in range(3):
            got[lang].append(rendering.board_png("lanes", view, NAMES, language=lang))

    threads = [threading.Thread(target=draw, args=(lang,)) for lang in ("en", "ja", "en", "ja")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(png == expected[lang] for lang, pngs in got.items() for png in pngs)


def test_a_japanese_board_names_its_cards_and_says_its_words_in_japanese() -> None:
    step = lp.find_step(range(40), lp.public_with("revealed", "power"))
    with in_japanese():
        drawn = _texts(lanes.draw_board(step.views[None], NAMES, step))
    assert "ターン" in drawn and "エネルギー" in drawn and "手札" in drawn
    for word in ("Turn ", "energy", "Hand ", "Deck "):
        assert word not in drawn


# -- wrapping ------------------------------------------------------------------------------------


def test_japanese_breaks_between_phrases_before_characters() -> None:
    text = "ここにある自分の他のカードのパワーを上げる。"
    lines = fit_text(text, 170, 400, 20, 20).text.split("\n")
    assert lines[:2] == ["ここにある自分の", "他のカードの"]  # 8 characters fit a line
    assert all(line for line in lines)
    # A word too long for a line shrinks first, as an English word does.
    assert (
        fit_text("タンブルウィード", 140, 200, 20, 12, "bold").lines[0].text == "タンブルウィード"
    )


def test_a_lone_character_is_not_left_on_the_last_line() -> None:
    block = fit_text("タンブルウィード", 140, 200, 20, 20, "bold")  # 7 characters a line
    assert block.text == "タンブル\nウィード"  # not "タンブルウィー" and "ド"


JAPANESE = (
    "あいうかがきのをにはでカードパワーターン山﨑時計塔自分他公開、。「」（）・ー！？ぁっゃ々"
)


@st.composite
def _japanese(draw: st.DrawFn) -> str:
    pieces = st.one_of(
        st.text(alphabet=JAPANESE, min_size=1, max_size=16),
        st.sampled_from(["+1", "AP", "Alice", "P.Skill", "10", " ", "–2", "…"]),
    )
    return "".join(draw(st.lists(pieces, min_size=1, max_size=10))).strip() or "あ"


@settings(max_examples=150, deadline=None)
@given(
    text=_japanese(),
    width=st.integers(24, 400),
    height=st.integers(10, 200),
    size=st.integers(10, 30),
    weight=st.sampled_from(["regular", "bold"]),
    align=st.sampled_from(["left", "center", "right"]),
)
def test_japanese_text_stays_in_its_box_and_breaks_by_the_rules(
    text: str, width: int, height: int, size: int, weight: str, align: str
) -> None:
    canvas = Canvas(width + 40, height + 40, scale=1, background=BLACK)
    placed = canvas.text(
        (20, 20, 20 + width, 20 + height),
        text,
        size=size,
        min_size=max(8, size - 4),
        weight=weight,
        fill=WHITE,
        align=align,
    )
    assert ink_outside(canvas) == []
    outside = canvas.image.copy()
    outside.paste(BLACK, (20, 20, 20 + width, 20 + height))
    assert outside.getbbox() is None  # nothing drawn outside the box
    lines = [line.text for line in placed.block.lines]
    for before, after in itertools.pairwise(lines):
        # A line starts with a closing mark only where the one before had nothing else to give.
        assert after[:1] not in _NO_START or len(before) <= 1, lines
        assert before[-1:] not in _NO_END or len(before) <= 1, lines
    if not placed.block.truncated:
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")


# -- every picture, in Japanese ------------------------------------------------------------------


@pytest.mark.parametrize("group", sorted(PICTURES))
def test_every_picture_reads_at_400_pixels_in_japanese(group: str) -> None:
    """The legibility checks (``test_legible.py``) on every third picture of each group, drawn
    in Japanese with Japanese names; and no text's ink leaves its box."""
    problems = {}
    with in_japanese():
        for name, draw in PICTURES[group][::3]:
            canvas = draw()
            found = too_small(canvas) + labels_on_numbers(canvas) + ink_outside(canvas)
            if found:
                problems[name] = found
    assert not problems, "\n".join(f"{name}: {found}" for name, found in problems.items())


def test_the_pictures_own_words_are_never_cut_in_japanese() -> None:
    """Truncation ("…") is for what no box can hold; the pictures' own Japanese words fit."""
    cut = {}
    own = {text for text in catalogue("rendering", "ja").messages.values() if isinstance(text, str)}
    with in_japanese():
        for group in PICTURES.values():
            for name, draw in group[::5]:
                for text in truncated(draw()):
                    stem = text.rstrip("…")
                    if any(word.startswith(stem) and word != stem for word in own if stem):
                        cut[name] = text
    assert not cut, cut


def test_a_japanese_picture_is_a_real_png() -> None:
    view = ff.japanese_view()
    png = rendering.hand_png("fanfare", view, NAMES, language="ja")
    with Image.open(io.BytesIO(png)) as image:
        assert image.format == "PNG" and image.size[0] == 720
    assert fanfare  # the module draws it
