"""The drawing toolkit every ruleset's pictures share: fonts, fitted text, shapes, pieces, PNG.

A ruleset's module lays its pictures out in layout units on a :class:`Canvas`; this package knows
no ruleset. See ``docs/rendering.md``.
"""

from __future__ import annotations

from . import canvas as _canvas
from . import fonts as _fonts
from . import png as _png
from . import text as _text
from .canvas import SHAPES, Box, Canvas, DrawnText, Role, stack
from .fonts import CHAINS, FONT_DIR, MISSING, cap_height, coverage, face, font_runs, text_width
from .palette import RGB, SEATS, SeatStyle, mix, seat_style
from .pieces import (
    LEGIBLE,
    Chip,
    badge,
    caption_bar,
    caption_height,
    card_back,
    card_frame,
    chip_flow,
    chip_row,
    chip_width,
    display_names,
    hand_header,
    result_banner,
    right_chips,
    seat_mark,
    seat_title,
    sides,
    signed,
    strike,
    tag,
    with_vacated,
)
from .png import encode_png, fixed_palette
from .text import Placed, TextBlock, fit_text, place

__all__ = [
    "CHAINS",
    "FONT_DIR",
    "LEGIBLE",
    "MISSING",
    "RGB",
    "SEATS",
    "SHAPES",
    "Box",
    "Canvas",
    "Chip",
    "DrawnText",
    "Placed",
    "Role",
    "SeatStyle",
    "TextBlock",
    "badge",
    "cap_height",
    "caption_bar",
    "caption_height",
    "card_back",
    "card_frame",
    "chip_flow",
    "chip_row",
    "chip_width",
    "clear_caches",
    "coverage",
    "display_names",
    "encode_png",
    "face",
    "fit_text",
    "fixed_palette",
    "font_runs",
    "hand_header",
    "mix",
    "place",
    "result_banner",
    "right_chips",
    "seat_mark",
    "seat_style",
    "seat_title",
    "sides",
    "signed",
    "stack",
    "strike",
    "tag",
    "text_width",
    "with_vacated",
]


def clear_caches() -> None:
    """Forget every cached face, measure, layout, sprite and mask (tests of a cold start)."""
    for cached in (
        _fonts.coverage,
        _fonts.face,
        _fonts.font_runs,
        _fonts._glyph,
        _text.fit_text,
        _canvas._mask,
        _canvas._corners,
        _canvas._round_mask,
        _png.fixed_palette,
        _canvas._short_sprite,
        _canvas._long_sprite,
    ):
        cached.cache_clear()
