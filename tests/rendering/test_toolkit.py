"""The drawing toolkit: fonts and their fallback, text that fits, shapes that stay in their box."""

from __future__ import annotations

import contextlib
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageStat

from rendering.toolkit import (
    CHAINS,
    MISSING,
    SHAPES,
    Canvas,
    Chip,
    chip_width,
    coverage,
    display_names,
    encode_png,
    fit_text,
    fixed_palette,
    font_runs,
    place,
    result_banner,
    right_chips,
    seat_title,
    signed,
    text_width,
)
from rendering.toolkit.palette import SEATS, TEXT

from .positions import ink_outside
from .test_legible import PICTURES

LATIN, CJK = CHAINS["regular"]
BLACK = (0, 0, 0)
WHITE = (255, 255, 255)


def _jis_level_1() -> str:
    """The 2,965 kanji of JIS X 0208 level 1 (rows 16 to 47), the everyday ones."""
    chars = []
    for lead in range(0xB0, 0xD0):
        for trail in range(0xA1, 0xFF):
            with contextlib.suppress(UnicodeDecodeError):
                chars.append(bytes((lead, trail)).decode("euc_jp"))
    return "".join(chars)


# -- fonts --------------------------------------------------------------------------------------


@pytest.mark.parametrize("weight", ["regular", "bold"])
def test_the_japanese_font_has_kana_everyday_kanji_and_name_kanji(weight: str) -> None:
    cjk = coverage(CHAINS[weight][1])
    hiragana = [chr(c) for c in range(0x3041, 0x3097)]
    katakana = [chr(c) for c in range(0x30A1, 0x30FB)]
    kanji = _jis_level_1()
    assert len(kanji) == 2965
    missing = [
        c
        for c in [*hiragana, *katakana, *kanji, *"髙﨑𠮟塡剝頰々〆ヶ「」、。・ー"]
        if ord(c) not in cjk
    ]
    assert missing == []


def test_the_latin_font_comes_first_and_covers_european_names() -> None:
    latin = coverage(LATIN)
    assert all(ord(c) in latin for c in "AZaz09 Ææ Øø ß é ñ ç ł Ж я Ω …–·×")
    assert ord("あ") not in latin


def test_runs_use_a_font_that_has_every_character() -> None:
    text = "Alice と 山﨑さん: +2 パワー… Ωmega"
    runs = font_runs(text)
    assert "".join(run for run, _ in runs) == text
    for run, font in runs:
        assert all(ord(c) in coverage(font) for c in run), (run, font)
    assert {font for _, font in runs} == {LATIN, CJK}


def test_emoji_are_left_out_and_unknown_letters_marked() -> None:
    assert "".join(r for r, _ in font_runs("Kai 🔥✨ the 1st\u200d")) == "Kai  the 1st"
    assert "".join(r for r, _ in font_runs("김민준")) == MISSING * 3


def test_display_names_fall_back_to_the_seat() -> None:
    assert display_names(["  Ann   Lee ", "🎲🎲"], 3) == ("Ann Lee", "Player 2", "Player 3")


def test_signed_numbers_use_a_dash_the_latin_font_has() -> None:
    assert [signed(n) for n in (3, 0, -2)] == ["+3", "0", "–2"]
    assert ord("–") in coverage(LATIN)


# -- fitting text -------------------------------------------------------------------------------


def test_text_wraps_before_it_shrinks() -> None:
    block = fit_text("give your other cards here +1 power", 200, 200, 24, 12)
    assert block.size == 24 and len(block.lines) > 1 and not block.truncated


def test_text_shrinks_to_fit_and_then_truncates_with_an_ellipsis() -> None:
    shrunk = fit_text("Iron Colossus", 120, 30, 30, 10, "bold", max_lines=1)
    assert shrunk.size < 30 and shrunk.text == "Iron Colossus" and not shrunk.truncated
    cut = fit_text("An extremely long player name " * 4, 120, 30, 20, 18, max_lines=1)
    assert cut.truncated and cut.text.endswith("…") and len(cut.lines) == 1


def test_a_long_word_is_broken_only_when_no_size_fits_it_whole() -> None:
    assert text_width("Supercalifragilistic", 24, "bold") > 100  # too wide even at the minimum
    block = fit_text("Supercalifragilistic", 100, 100, 30, 24, "bold")
    assert len(block.lines) > 1 and not block.truncated
    assert block.text.replace("\n", "") == "Supercalifragilistic"
    whole = fit_text("Super fragile", 100, 100, 30, 12, "bold")
    assert [line.text for line in whole.lines] == ["Super", "fragile"]


def test_japanese_wraps_between_characters_but_not_before_closing_marks() -> None:
    text = "公開時：ここにある自分の他のカードのパワーを、一枚ずつ「+1」する。"
    block = fit_text(text, 150, 400, 20, 20)
    assert len(block.lines) > 2 and block.text.replace("\n", "") == text
    for line in block.lines[1:]:
        assert line.text[0] not in "、。」）ー", block.text


def test_balanced_lines_leave_no_lone_word() -> None:
    plain = fit_text("Cards can't be played here.", 250, 100, 22, 22)
    balanced = fit_text("Cards can't be played here.", 250, 100, 22, 22, balance=True)
    assert len(plain.lines) == len(balanced.lines) == 2
    assert plain.lines[-1].text == "here."
    assert max(line.width for line in balanced.lines) < max(line.width for line in plain.lines)


@st.composite
def _texts(draw: st.DrawFn) -> str:
    words = st.one_of(
        st.text(alphabet="abcdefghijklmnopqrstuvwxyzAWÉgjpqy", min_size=1, max_size=14),
        st.text(alphabet="あいうえおカードパワー山﨑時計塔、。「」ー", min_size=1, max_size=8),
        st.sampled_from(["+2", "–1", "(x)", "…", "Ω", "🔥"]),
    )
    return " ".join(draw(st.lists(words, min_size=1, max_size=12)))


@settings(max_examples=120, deadline=None)
@given(
    text=_texts(),
    width=st.integers(20, 400),
    height=st.integers(8, 160),
    size=st.integers(8, 40),
    align=st.sampled_from(["left", "center", "right"]),
    valign=st.sampled_from(["top", "middle", "bottom"]),
    weight=st.sampled_from(["regular", "bold"]),
)
def test_any_text_stays_inside_any_box(
    text: str, width: int, height: int, size: int, align: str, valign: str, weight: str
) -> None:
    canvas = Canvas(width + 40, height + 40, scale=1, background=BLACK)
    placed = canvas.text(
        (20, 20, 20 + width, 20 + height),
        text,
        size=size,
        min_size=max(6, size // 2),
        weight=weight,
        fill=WHITE,
        align=align,
        valign=valign,
    )
    assert ink_outside(canvas) == []
    if placed.ink is not None:
        x0, y0, x1, y1 = placed.ink
        assert min(x0, y0) >= 20 and x1 <= 20 + width and y1 <= 20 + height
    # What the canvas drew is inside the box too (nothing else was drawn).
    outside = canvas.image.copy()
    outside.paste(BLACK, (20, 20, 20 + width, 20 + height))
    assert outside.getbbox() is None
    if not placed.block.truncated:
        drawn = "".join(placed.block.text.split())
        assert drawn == "".join(text.replace("🔥", "").split())


def test_placing_keeps_ink_inside_for_every_alignment() -> None:
    block = fit_text("Quiet Square", 200, 40, 26, 26, "bold")
    for align in ("left", "center", "right"):
        for valign in ("top", "middle", "bottom"):
            ink = place(block, (10, 10, 210, 50), align, valign).ink
            assert (
                ink is not None and ink[0] >= 10 and ink[1] >= 10 and ink[2] <= 210 and ink[3] <= 50
            )


# -- shapes and encoding -----------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["disc", "square", *SHAPES])
def test_shapes_stay_in_their_box(kind: str) -> None:
    canvas = Canvas(60, 60, scale=2, background=BLACK)
    canvas.shape(kind, (10, 12, 40, 38), WHITE)
    canvas.rect((42, 5, 58, 20), WHITE, radius=5)
    canvas.frame((2, 40, 30, 58), WHITE, width=2, radius=4)
    assert canvas.image.crop((20, 24, 80, 76)).getbbox() is not None
    outside = canvas.image.copy()
    for box in ((20, 24, 80, 76), (84, 10, 116, 40), (4, 80, 60, 116)):
        outside.paste(BLACK, box)
    assert outside.getbbox() is None


def test_right_chips_end_at_the_right_and_say_where_they_start() -> None:
    canvas = Canvas(200, 30, scale=2, background=BLACK)
    chips = [Chip("3/7 PP", icon="bolt"), Chip("Hand 4")]
    left = right_chips(canvas, 190, 5, chips, height=20, size=11)
    widths = sum(chip_width(canvas, chip, height=20, size=11) for chip in chips)
    assert left == pytest.approx(190 - widths - 4)
    ink = canvas.image.getbbox()
    assert ink is not None and ink[0] >= round(left * 2) - 1 and ink[2] <= 381
    assert {p.block.text for p in canvas.texts} == {"3/7 PP", "Hand 4"}


@pytest.mark.parametrize(("winner", "title"), [(1, "Bob wins!"), (None, "A draw")])
def test_a_result_banner_names_the_winner_or_a_draw(winner: int | None, title: str) -> None:
    canvas = Canvas(300, 62, scale=2, background=BLACK)
    chips = [Chip("+4", icon="disc"), Chip("–4", icon="square")]
    summary = "Bob wins two locations."
    result_banner(canvas, (0, 0, 300, 62), winner=winner, name="Bob", chips=chips, summary=summary)
    assert {title, summary, "+4", "–4"} <= {p.block.text for p in canvas.texts}
    assert ink_outside(canvas) == []


def test_a_seat_title_is_the_mark_then_the_name_in_the_seat_colour() -> None:
    canvas = Canvas(200, 30, scale=2, background=BLACK)
    placed = seat_title(canvas, (4, 0, 196, 30), 1, "Bob", mark=14, size=14, min_size=10)
    assert placed.block.text == "Bob" and placed.ink is not None
    assert placed.ink[0] >= (4 + 14 + 6) * 2
    assert canvas.image.getpixel((2 * 11, 30)) == SEATS[1].fill  # the middle of the square


def test_scale_is_bounded() -> None:
    with pytest.raises(ValueError, match="scale"):
        Canvas(10, 10, scale=20, background=BLACK)


def _decoded(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _error(a: Image.Image, b: Image.Image) -> float:
    return max(ImageStat.Stat(ImageChops.difference(a, b)).mean)


def test_palette_png_looks_the_same_as_the_drawing() -> None:
    canvas = Canvas(200, 100, scale=2, background=(24, 26, 32))
    for i, seat in enumerate(SEATS):
        canvas.shape(seat.shape, (10 + 50 * i, 10, 50 + 50 * i, 50), seat.fill)
    canvas.text((10, 60, 190, 90), "Alice と 山﨑 +2", size=18, fill=TEXT, weight="bold")
    assert canvas.colours <= fixed_palette()[1]
    fixed = _decoded(canvas.png())  # the fixed palette: it has every colour drawn with
    assert fixed.size == canvas.image.size and _error(fixed, canvas.image) < 1.5
    adaptive = _decoded(encode_png(canvas.image))  # colours not said: one chosen for it
    assert _error(adaptive, canvas.image) < 1.0
    exact = _decoded(encode_png(canvas.image, palette=False))
    assert ImageChops.difference(exact, canvas.image).getbbox() is None


def test_a_colour_the_fixed_palette_has_not_got_gets_a_palette_of_its_own() -> None:
    canvas = Canvas(200, 100, scale=2, background=(24, 26, 32))
    canvas.rect((10, 10, 190, 90), (255, 0, 255), radius=8)  # in no layout
    assert (255, 0, 255) not in fixed_palette()[1]
    decoded = _decoded(canvas.png())
    centre = decoded.getpixel((200, 100))
    assert isinstance(centre, tuple)
    assert max(abs(a - b) for a, b in zip(centre, (255, 0, 255), strict=True)) <= 2
    assert _error(decoded, canvas.image) < 1.0


def test_the_fixed_palette_has_every_colour_the_pictures_are_drawn_with() -> None:
    """A layout that draws with a new colour still gets right pictures (a palette of their own,
    slower): this says to build the fixed palette again (``data/palette/build.py``)."""
    anchors = fixed_palette()[1]
    missing: dict[tuple[int, int, int], str] = {}
    for group in sorted(PICTURES):
        for name, draw in PICTURES[group][::5]:
            missing.update((colour, name) for colour in draw().colours - anchors)
    assert not missing, f"run data/palette/build.py: not in the palette {missing}"
