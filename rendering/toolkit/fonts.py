"""Fonts from ``data/fonts``: cached faces and a per-character fallback chain.

Pillow draws a string with one font and shows a missing glyph as a box ("tofu"). So text is split
into runs, each drawn with the first font of its weight's chain that has every character of the
run: Noto Sans first (Latin, Greek, Cyrillic), then the Japanese subset of Noto Sans CJK JP. A
letter no font has becomes :data:`MISSING`; a symbol no font has (an emoji), control characters,
invisible joiners and variation selectors are left out. Which font has which characters is read
from each font's own ``cmap`` table, so it can never disagree with the file.
"""

from __future__ import annotations

import struct
import unicodedata
from functools import cache, lru_cache
from pathlib import Path
from typing import Literal

from PIL import ImageFont

__all__ = [
    "CHAINS",
    "FONT_DIR",
    "MISSING",
    "Weight",
    "cap_height",
    "coverage",
    "face",
    "font_runs",
    "run_metrics",
    "text_width",
]

FONT_DIR = Path(__file__).resolve().parents[2] / "data" / "fonts"

Weight = Literal["regular", "bold"]

CHAINS: dict[Weight, tuple[str, ...]] = {
    "regular": ("NotoSans-Regular.ttf", "NotoSansCJKjp-Regular-subset.otf"),
    "bold": ("NotoSans-Bold.ttf", "NotoSansCJKjp-Bold-subset.otf"),
}

MISSING = "?"
"""What a letter that no font of the chain has is drawn as (the first font has it). Symbols no
font has (emoji, mostly, which Discord names are fond of) are left out instead."""

_DROPPED_CATEGORIES = frozenset({"So", "Sk", "Cs", "Co", "Cn", "Cc", "Cf"})

# Basic layout: no shaping engine is needed for Latin and Japanese, and it is several times faster.
_LAYOUT = ImageFont.Layout.BASIC

_INVISIBLE = frozenset(
    [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)]
)


@cache
def coverage(name: str) -> frozenset[int]:
    """The code points the font file ``name`` maps to a glyph (its best Unicode cmap)."""
    return _cmap_codepoints((FONT_DIR / name).read_bytes())


@lru_cache(maxsize=512)
def face(name: str, size: int) -> ImageFont.FreeTypeFont:
    """The font file ``name`` at ``size`` pixels (loaded once per size)."""
    return ImageFont.truetype(str(FONT_DIR / name), size, layout_engine=_LAYOUT)


@lru_cache(maxsize=8192)
def font_runs(text: str, weight: Weight = "regular") -> tuple[tuple[str, str], ...]:
    """``text`` as ``(run, font file)`` pairs: each run drawn whole by a font that has it."""
    chain = CHAINS[weight]
    runs: list[tuple[str, str]] = []
    for char in unicodedata.normalize("NFC", text):
        point = ord(char)
        if point in _INVISIBLE:
            continue
        font = _font_for(point, chain, runs[-1][1] if runs else None)
        if font is None:
            if unicodedata.category(char) in _DROPPED_CATEGORIES:
                continue
            char, font = MISSING, chain[0]
        if runs and runs[-1][1] == font:
            runs[-1] = (runs[-1][0] + char, font)
        else:
            runs.append((char, font))
    return tuple(runs)


def _font_for(point: int, chain: tuple[str, ...], current: str | None) -> str | None:
    # A space or a combining mark stays in the current run when that font has it.
    if current is not None and point in coverage(current):
        char = chr(point)
        if char == " " or unicodedata.combining(char):
            return current
    for name in chain:
        if point in coverage(name):
            return name
    return None


@lru_cache(maxsize=1 << 16)
def _glyph(font: str, size: int, char: str) -> tuple[float, tuple[int, int, int, int]]:
    glyphs = face(font, size)
    x0, y0, x1, y1 = glyphs.getbbox(char, anchor="ls")
    return glyphs.getlength(char), (int(x0), int(y0), int(x1), int(y1))


def run_metrics(run: str, font: str, size: int) -> tuple[float, tuple[int, int, int, int] | None]:
    """Advance width and ink box (from the pen at the baseline; None if blank) of one run.

    Summed from cached per-character metrics: with basic layout (no kerning, whole-pixel
    advances) that equals what Pillow measures for the whole run, and costs a dictionary look-up
    per character instead of a FreeType call per string.
    """
    x = 0.0
    left = top = 1 << 30
    right = bottom = -(1 << 30)
    for char in run:
        advance, (x0, y0, x1, y1) = _glyph(font, size, char)
        if x1 > x0:
            left, right = min(left, x0 + int(x)), max(right, x1 + int(x))
            top, bottom = min(top, y0), max(bottom, y1)
        x += advance
    return x, ((left, top, right, bottom) if right > left else None)


def cap_height(size: int, weight: Weight = "regular") -> int:
    """How tall a capital letter ("H") of the weight's Latin font is at ``size``, in pixels: the
    measure of how legible a text is (see ``tests/rendering/test_legible.py``)."""
    return -_glyph(CHAINS[weight][0], size, "H")[1][1]


def text_width(text: str, size: int, weight: Weight = "regular") -> float:
    """The advance width of ``text`` at ``size`` pixels, across its fallback runs."""
    total = 0.0
    for run, font in font_runs(text, weight):
        for char in run:
            total += _glyph(font, size, char)[0]
    return total


# -- reading a cmap table -------------------------------------------------------------------------


def _cmap_codepoints(data: bytes) -> frozenset[int]:
    tables = _table_directory(data)
    start = tables[b"cmap"]
    count = struct.unpack_from(">H", data, start + 2)[0]
    best: tuple[int, int] | None = None  # (preference, subtable offset)
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, start + 4 + 8 * i)
        fmt = struct.unpack_from(">H", data, start + offset)[0]
        rank = _CMAP_RANK.get((platform, encoding, fmt))
        if rank is not None and (best is None or rank < best[0]):
            best = (rank, start + offset)
    if best is None:
        raise ValueError("no Unicode cmap subtable of format 4 or 12")
    at = best[1]
    if struct.unpack_from(">H", data, at)[0] == 12:
        return _cmap_format_12(data, at)
    return _cmap_format_4(data, at)


# (platform, encoding, format) by preference: full Unicode tables before BMP-only ones.
_CMAP_RANK = {(3, 10, 12): 0, (0, 4, 12): 1, (0, 6, 12): 2, (3, 1, 4): 3, (0, 3, 4): 4}


def _table_directory(data: bytes) -> dict[bytes, int]:
    base = 0
    if data[:4] == b"ttcf":  # a collection: read its first font
        base = struct.unpack_from(">I", data, 12)[0]
    count = struct.unpack_from(">H", data, base + 4)[0]
    tables = {}
    for i in range(count):
        tag, _checksum, offset, _length = struct.unpack_from(">4sIII", data, base + 12 + 16 * i)
        tables[tag] = offset
    return tables


def _cmap_format_12(data: bytes, at: int) -> frozenset[int]:
    groups = struct.unpack_from(">I", data, at + 12)[0]
    points: set[int] = set()
    for i in range(groups):
        first, last, glyph = struct.unpack_from(">III", data, at + 16 + 12 * i)
        points.update(range(first + (glyph == 0), last + 1))
    return frozenset(points)


def _cmap_format_4(data: bytes, at: int) -> frozenset[int]:
    segments = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, at + 14)
    starts_at = at + 16 + 2 * segments
    starts = struct.unpack_from(f">{segments}H", data, starts_at)
    deltas = struct.unpack_from(f">{segments}h", data, starts_at + 2 * segments)
    ranges_at = starts_at + 4 * segments
    range_offsets = struct.unpack_from(f">{segments}H", data, ranges_at)
    points: set[int] = set()
    for i, (first, last) in enumerate(zip(starts, ends, strict=True)):
        for point in range(first, last + 1):
            if point == 0xFFFF:
                continue
            if range_offsets[i] == 0:
                glyph = (point + deltas[i]) & 0xFFFF
            else:
                where = ranges_at + 2 * i + range_offsets[i] + 2 * (point - first)
                glyph = struct.unpack_from(">H", data, where)[0]
                glyph = (glyph + deltas[i]) & 0xFFFF if glyph else 0
            if glyph:
                points.add(point)
    return frozenset(points)
