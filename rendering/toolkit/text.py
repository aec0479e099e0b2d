"""Text that fits its box: wrapped at word (or, in Japanese, character) breaks, shrunk if needed.

:func:`fit_text` lays text out for a box in pixels and returns a :class:`TextBlock`: the lines,
the runs of each line with their fonts, and the ink each line covers. :func:`place` puts a block
in its box so that every drawn pixel of ink is inside the box. Nothing is ever cut mid-glyph:
text that cannot fit even at the smallest size allowed loses whole characters at the end of its
last line, which then ends in "…", and the block says it was ``truncated``.

Layouts are cached: the same name in the same box is laid out once per process.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from .fonts import CHAINS, Weight, face, font_runs, run_metrics, text_width

__all__ = ["Align", "Line", "Placed", "Run", "TextBlock", "VAlign", "fit_text", "place"]

Align = str  # "left", "center" or "right"
VAlign = str  # "top", "middle" or "bottom"

ELLIPSIS = "…"

# Characters a line may not start with, or end with (kinsoku shori, simplified).
_NO_START = frozenset(
    "、。，．・：；？！‼⁇⁈⁉ー～」』）］｝〕〉》】〙〗ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ々ゝゞヽヾ,.:;!?)]}"
)
_NO_END = frozenset("「『（［｛〔〈《【〘〖([{")


@dataclass(frozen=True, slots=True)
class Run:
    """Part of a line drawn with one font; ``x`` is its pen position from the line's left."""

    x: float
    text: str
    font: str


@dataclass(frozen=True, slots=True)
class Line:
    """One line: its runs, advance width, baseline (from the block's top) and ink box."""

    runs: tuple[Run, ...]
    width: float
    baseline: int
    ink: tuple[int, int, int, int]  # left, top, right, bottom; x from the line's left edge

    @property
    def text(self) -> str:
        return "".join(run.text for run in self.runs)


@dataclass(frozen=True, slots=True)
class TextBlock:
    """Text laid out at one pixel ``size``: lines of runs, ``height`` = lines × line pitch."""

    size: int
    weight: Weight
    lines: tuple[Line, ...]
    height: int
    truncated: bool = False

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)


@dataclass(frozen=True, slots=True)
class Placed:
    """A block placed in a box: pen positions of its runs, and the ink box it covers."""

    block: TextBlock
    box: tuple[int, int, int, int]
    runs: tuple[tuple[float, int, Run], ...]  # (x, baseline y, run) in image pixels
    ink: tuple[int, int, int, int] | None  # None when nothing is drawn

    def moved(self, dx: int, dy: int) -> Placed:
        """The same block ``dx``, ``dy`` pixels further (on a picture pasted into another)."""
        x0, y0, x1, y1 = self.box
        ink = self.ink
        return Placed(
            self.block,
            (x0 + dx, y0 + dy, x1 + dx, y1 + dy),
            tuple((x + dx, y + dy, run) for x, y, run in self.runs),
            None if ink is None else (ink[0] + dx, ink[1] + dy, ink[2] + dx, ink[3] + dy),
        )


@lru_cache(maxsize=8192)
def fit_text(
    text: str,
    width: int,
    height: int,
    size: int,
    min_size: int,
    weight: Weight = "regular",
    leading: float = 1.2,
    max_lines: int = 0,
    balance: bool = False,
) -> TextBlock:
    """Lay ``text`` out to fit ``width`` × ``height`` pixels, at the largest size that fits.

    Sizes go down from ``size`` to ``min_size``, first breaking lines only where a break is
    allowed (in Japanese, between phrases first, then between any characters), then also inside
    words too long for a line. ``max_lines`` (0: no limit) caps lines.
    With ``balance``, lines are made about equally long (no lone word on a last line).
    """
    min_size = min(min_size, size)
    for breaks in (PHRASES, CHARACTERS, ANYWHERE):
        for px in range(size, min_size - 1, -1):
            wrapped = _wrap(text, width, px, weight, breaks)
            how = breaks
            if breaks == PHRASES and wrapped and _ragged(text, wrapped, width, px, weight):
                how = CHARACTERS  # the same size broken between characters fills its lines
                wrapped = _wrap(text, width, px, weight, how)
            if wrapped is None or (max_lines and len(wrapped) > max_lines):
                continue
            lines = wrapped
            if (balance or _orphan(text, lines)) and len(lines) > 1:
                lines = _balanced(text, width, px, weight, how, len(lines))
            block = _block(lines, px, weight, leading)
            if _fits(block, width, height):
                return block
    return _truncated(text, width, height, min_size, weight, leading, max_lines)


_RAGGED = 0.6
"""A line of Japanese broken between phrases that fills less of its width than this, before
the last, is ragged: in a narrow box (a board tile), short phrases one to a line
(「この / キャラクターが / ダメージを」) leave it half empty."""


def _ragged(text: str, lines: list[str], width: int, px: int, weight: Weight) -> bool:
    if len(lines) < 2 or not any(_wide(char) for char in text):
        return False
    return any(text_width(line, px, weight) < width * _RAGGED for line in lines[:-1] if line)


def place(block: TextBlock, box: tuple[int, int, int, int], align: Align, valign: VAlign) -> Placed:
    """Where each run of ``block`` goes in ``box`` (pixels), keeping all ink inside the box."""
    x0, y0, x1, y1 = box
    top = y0 + _offset(valign, y1 - y0, block.height)
    if block.lines:
        ink_top = min(line.ink[1] for line in block.lines) + top
        ink_bottom = max(line.ink[3] for line in block.lines) + top
        top += _nudge(ink_top, ink_bottom, y0, y1)
    runs: list[tuple[float, int, Run]] = []
    inks: list[tuple[int, int, int, int]] = []
    for line in block.lines:
        left = x0 + _offset(align, x1 - x0, line.width)
        left += _nudge(round(left) + line.ink[0], round(left) + line.ink[2], x0, x1)
        runs += [(left + run.x, top + line.baseline, run) for run in line.runs]
        ink = (line.ink[0] + round(left), line.ink[1] + top, line.ink[2] + round(left))
        if ink[2] > ink[0]:
            inks.append((*ink, line.ink[3] + top))
    ink_box = None
    if inks:
        ink_box = (
            min(i[0] for i in inks),
            min(i[1] for i in inks),
            max(i[2] for i in inks),
            max(i[3] for i in inks),
        )
    return Placed(block, box, tuple(runs), ink_box)


# -- placing ---------------------------------------------------------------------------------


def _offset(align: str, room: float, used: float) -> int:
    if align in ("center", "middle"):
        return round((room - used) / 2)
    if align in ("right", "bottom"):
        return round(room - used)
    return 0


def _nudge(low: int, high: int, start: int, end: int) -> int:
    """How far to shift a span so it lies inside ``start..end`` (it fits: see ``_fits``)."""
    if low < start:
        return start - low
    if high > end:
        return max(end - high, start - low)
    return 0


# -- breaking lines --------------------------------------------------------------------------


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


PHRASES, CHARACTERS, ANYWHERE = 0, 1, 2
"""Where lines may break: at spaces and between Japanese phrases; also between any two Japanese
characters; also inside a word (each allowing what the one before allows)."""


def _script(char: str) -> str:
    code = ord(char)
    if 0x3040 <= code <= 0x309F:
        return "hiragana"
    if 0x30A0 <= code <= 0x30FF or 0xFF66 <= code <= 0xFF9F:
        return "katakana"  # with ー and ・
    if 0x4E00 <= code <= 0x9FFF or 0x3400 <= code <= 0x4DBF or char in "々〆":
        return "kanji"
    return "other"


def _same_phrase(before: str, after: str) -> bool:
    """Whether two Japanese characters belong to one phrase, roughly: a run of one script, and
    kana after a kanji or katakana word (its ending or particle: 自分の, カードを)."""
    first, second = _script(before), _script(after)
    if first == second != "other":
        return True
    return second == "hiragana" and first in ("kanji", "katakana")


def _may_break(before: str, after: str, phrases: bool = False) -> bool:
    if after == " " or after in _NO_START or before in _NO_END:
        return False
    if before.isdigit() and _wide(after):  # a number and its counter: 1体, 2ダメージ
        return False
    if before == " ":
        return True
    if not (_wide(before) or _wide(after)):
        return before == "/"
    return not (phrases and _same_phrase(before, after))


def _segments(paragraph: str, phrases: bool = False) -> list[str]:
    """The paragraph cut at every allowed line break (spaces stay at a segment's end)."""
    segments: list[str] = []
    current = ""
    for char in paragraph:
        if current and _may_break(current[-1], char, phrases):
            segments.append(current)
            current = ""
        current += char
    if current:
        segments.append(current)
    return segments


def _wrap(text: str, width: int, px: int, weight: Weight, breaks: int) -> list[str] | None:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        wrapped = _wrap_paragraph(paragraph, width, px, weight, breaks)
        if wrapped is None:
            return None
        lines += wrapped
    return lines


def _balanced(text: str, width: int, px: int, weight: Weight, breaks: int, count: int) -> list[str]:
    """The narrowest wrap of ``text`` into at most ``count`` lines (found by bisection)."""
    low, high = 1, width
    while low < high:
        middle = (low + high) // 2
        lines = _wrap(text, middle, px, weight, breaks)
        if lines is not None and len(lines) <= count:
            high = middle
        else:
            low = middle + 1
    return _wrap(text, low, px, weight, breaks) or []


def _wrap_paragraph(
    paragraph: str, width: int, px: int, weight: Weight, breaks: int
) -> list[str] | None:
    def fits(candidate: str) -> bool:
        return text_width(candidate.rstrip(), px, weight) <= width

    lines: list[str] = []
    line = ""
    for segment in _segments(paragraph, phrases=breaks == PHRASES):
        if fits(line + segment):
            line += segment
            continue
        if line:
            done, line = _held_back(line.rstrip())
            lines.append(done)
        if fits(line + segment):
            line += segment
        elif breaks != ANYWHERE:
            return None
        else:
            pieces = _split_chars(line + segment, fits)
            lines += pieces[:-1]
            line = pieces[-1]
    lines.append(line.rstrip())
    return lines


def _held_back(line: str) -> tuple[str, str]:
    """A full line, and what of its end goes to the next: a mark that may not end a line
    ("「", "（"), as long as something is left on it."""
    kept = line
    while len(kept.rstrip()) > 1 and kept.rstrip()[-1] in _NO_END:
        kept = kept.rstrip()
        kept = kept[:-1]
    return kept.rstrip(), line[len(kept.rstrip()) :].lstrip()


def _split_chars(word: str, fits: Callable[[str], bool]) -> list[str]:
    """A word too long for a line, cut between characters (never inside one); a character
    that may not start a line takes the one before it along (and one that may not end a line
    goes to the next), as long as that leaves something on the line."""
    pieces = [""]
    for char in word:
        if pieces[-1] and not unicodedata.combining(char) and not fits(pieces[-1] + char):
            carried = ""
            while len(pieces[-1]) > 1 and (
                (carried or char)[0] in _NO_START or pieces[-1][-1] in _NO_END
            ):
                carried = pieces[-1][-1] + carried
                pieces[-1] = pieces[-1][:-1]
            pieces.append(carried)
        pieces[-1] += char
    return pieces


def _orphan(text: str, lines: list[str]) -> bool:
    """Whether Japanese wrapped into lines leaves a character or two alone on the last line
    ("タンブルウィー / ド"): such lines are balanced instead ("タンブル / ウィード")."""
    if len(lines) < 2 or "\n" in text or len(lines[-1].strip()) > 2:
        return False
    return any(_wide(char) for char in text)


# -- measuring -------------------------------------------------------------------------------


def _block(lines: list[str], px: int, weight: Weight, leading: float) -> TextBlock:
    pitch = max(1, round(px * leading))
    ascent, descent = face(CHAINS[weight][0], px).getmetrics()  # the Latin font's line box
    first = round((pitch - ascent - descent) / 2) + ascent
    built = tuple(_line(text, px, weight, first + i * pitch) for i, text in enumerate(lines))
    return TextBlock(px, weight, built, pitch * len(lines))


def _line(text: str, px: int, weight: Weight, baseline: int) -> Line:
    runs: list[Run] = []
    x = 0.0
    left = top = 1 << 30
    right = bottom = -(1 << 30)
    for chunk, font in font_runs(text, weight):
        advance, ink = run_metrics(chunk, font, px)
        if ink is not None:
            left, right = min(left, int(x) + ink[0]), max(right, int(x) + ink[2])
            top, bottom = min(top, baseline + ink[1]), max(bottom, baseline + ink[3])
        runs.append(Run(x, chunk, font))
        x += advance
    if right < left:  # nothing visible
        left = right = 0
        top = bottom = baseline
    return Line(tuple(runs), x, baseline, (left, top, right, bottom))


def _fits(block: TextBlock, width: int, height: int) -> bool:
    if block.height > height or not block.lines:
        return block.height <= height
    top = min(line.ink[1] for line in block.lines)
    bottom = max(line.ink[3] for line in block.lines)
    if bottom - top > height:
        return False
    return all(line.width <= width and line.ink[2] - line.ink[0] <= width for line in block.lines)


def _truncated(
    text: str,
    width: int,
    height: int,
    px: int,
    weight: Weight,
    leading: float,
    max_lines: int,
) -> TextBlock:
    """As many whole lines as fit at ``px``, the last one ending in an ellipsis."""
    lines = _wrap(text, width, px, weight, ANYWHERE) or [""]
    keep = len(lines)
    while keep > 0 and (
        (max_lines and keep > max_lines)
        or not _fits(_block(lines[:keep], px, weight, leading), width, height)
    ):
        keep -= 1
    if keep == 0:
        return TextBlock(px, weight, (), 0, truncated=True)
    kept = lines[:keep]
    last = kept[-1]
    while last:
        candidate = last.rstrip() + ELLIPSIS
        block = _block([*kept[:-1], candidate], px, weight, leading)
        if _fits(block, width, height):
            return TextBlock(block.size, weight, block.lines, block.height, truncated=True)
        last = last[:-1]
    block = _block([*kept[:-1], ELLIPSIS], px, weight, leading)
    if _fits(block, width, height):
        return TextBlock(block.size, weight, block.lines, block.height, truncated=True)
    return TextBlock(px, weight, (), 0, truncated=True)
