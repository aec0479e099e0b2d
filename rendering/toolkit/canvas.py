"""A drawing surface in layout units: layouts say where things go, the canvas scales to pixels.

Layouts are written for a picture a fixed number of units wide; ``scale`` (pixels per unit) is a
keyword option of every renderer. Shapes are anti-aliased: their masks are drawn four times
larger, reduced, and cached by size, so a badge costs one paste. Every text drawn is kept in
:attr:`Canvas.texts` (a :class:`DrawnText`: its box and ink, its size and cap height, and its
role), so tests can check that nothing spills out, nothing is too small to read on a phone, and
no label sits on a number.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageChops, ImageDraw

from .fonts import Weight, cap_height, face, text_width
from .palette import RGB
from .png import encode_png
from .text import Placed, Run, TextBlock, fit_text, place

__all__ = ["SHAPES", "Box", "Canvas", "DrawnText", "Role", "encode_png", "stack"]

Box = tuple[float, float, float, float]
"""left, top, right, bottom in layout units."""

Pixels = tuple[int, int, int, int]

Role = Literal["text", "label", "number"]
"""What a text is for: "number" (a cost, power, attack, defence, a total), "label" (a tag or pill
on its own background, which hides what is under it), or any other "text"."""


@dataclass(frozen=True, slots=True)
class DrawnText:
    """A text a canvas drew: the placed block, its role and the pixels it covers (for a label, its
    whole pill; else its ink). Pixels are the canvas image's."""

    placed: Placed
    role: Role
    cover: Pixels | None

    @property
    def block(self) -> TextBlock:
        return self.placed.block

    @property
    def box(self) -> Pixels:
        return self.placed.box

    @property
    def runs(self) -> tuple[tuple[float, int, Run], ...]:
        return self.placed.runs

    @property
    def ink(self) -> Pixels | None:
        return self.placed.ink

    @property
    def cap(self) -> int:
        """The height of a capital letter at the size drawn, in pixels."""
        return cap_height(self.block.size, self.block.weight)

    def moved(self, dx: int, dy: int) -> DrawnText:
        """The same text on a picture pasted ``dx``, ``dy`` pixels further (see ``stack``)."""
        return DrawnText(self.placed.moved(dx, dy), self.role, _moved(self.cover, dx, dy))


def _moved(box: Pixels | None, dx: int, dy: int) -> Pixels | None:
    return None if box is None else (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)


_SUPERSAMPLE = 4
_FLIP_X = Image.Transpose.FLIP_LEFT_RIGHT
_FLIP_Y = Image.Transpose.FLIP_TOP_BOTTOM
_ROTATE_180 = Image.Transpose.ROTATE_180

# Outlines on a unit square, for the shapes that are not circles or rounded boxes.
SHAPES: dict[str, tuple[tuple[float, float], ...]] = {
    "diamond": ((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5)),
    "crown": (
        (0.0, 0.9),
        (0.0, 0.2),
        (0.27, 0.5),
        (0.5, 0.05),
        (0.73, 0.5),
        (1.0, 0.2),
        (1.0, 0.9),
    ),
    "check": ((0.0, 0.55), (0.14, 0.4), (0.38, 0.62), (0.86, 0.08), (1.0, 0.22), (0.38, 0.92)),
    "bolt": ((0.62, 0.0), (0.12, 0.58), (0.46, 0.58), (0.36, 1.0), (0.88, 0.4), (0.54, 0.4)),
    "shield": ((0.0, 0.1), (0.5, 0.0), (1.0, 0.1), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5)),
    "hexagon": ((0.25, 0.0), (0.75, 0.0), (1.0, 0.5), (0.75, 1.0), (0.25, 1.0), (0.0, 0.5)),
    "right": ((0.0, 0.0), (1.0, 0.5), (0.0, 1.0)),
    "up": ((0.5, 0.0), (1.0, 1.0), (0.0, 1.0)),
    "down": ((0.0, 0.0), (1.0, 0.0), (0.5, 1.0)),
    "sword": (  # drawn in a box about 0.6 as wide as tall
        (0.5, 0.0),
        (0.66, 0.12),
        (0.66, 0.64),
        (1.0, 0.64),
        (1.0, 0.76),
        (0.64, 0.76),
        (0.64, 1.0),
        (0.36, 1.0),
        (0.36, 0.76),
        (0.0, 0.76),
        (0.0, 0.64),
        (0.34, 0.64),
        (0.34, 0.12),
    ),
    "hourglass": ((0.0, 0.0), (1.0, 0.0), (0.58, 0.5), (1.0, 1.0), (0.0, 1.0), (0.42, 0.5)),
    "pentagon": ((0.5, 0.0), (1.0, 0.38), (0.81, 1.0), (0.19, 1.0), (0.0, 0.38)),
    "star": (
        (0.5, 0.0),
        (0.62, 0.35),
        (1.0, 0.38),
        (0.7, 0.6),
        (0.81, 1.0),
        (0.5, 0.77),
        (0.19, 1.0),
        (0.3, 0.6),
        (0.0, 0.38),
        (0.38, 0.35),
    ),
    "cross": (
        (0.0, 0.16),
        (0.16, 0.0),
        (0.5, 0.34),
        (0.84, 0.0),
        (1.0, 0.16),
        (0.66, 0.5),
        (1.0, 0.84),
        (0.84, 1.0),
        (0.5, 0.66),
        (0.16, 1.0),
        (0.0, 0.84),
        (0.34, 0.5),
    ),
}


@lru_cache(maxsize=2048)
def _mask(kind: str, width: int, height: int, radius: int = 0, stroke: int = 0) -> Image.Image:
    """An anti-aliased coverage mask ("round" box, "disc", or a :data:`SHAPES` outline)."""
    s = _SUPERSAMPLE
    big = Image.new("L", (width * s, height * s), 0)
    draw = ImageDraw.Draw(big)
    box = (0, 0, width * s - 1, height * s - 1)
    if kind == "round":
        draw.rounded_rectangle(box, radius=radius * s, fill=255)
    elif kind == "disc":
        draw.ellipse(box, fill=255)
    else:
        draw.polygon([(x * (width * s - 1), y * (height * s - 1)) for x, y in SHAPES[kind]], 255)
    mask = big.reduce(s)
    if stroke and width > 2 * stroke and height > 2 * stroke:
        inner = _mask(kind, width - 2 * stroke, height - 2 * stroke, max(0, radius - stroke))
        hole = Image.new("L", (width, height), 0)
        hole.paste(inner, (stroke, stroke))
        mask = ImageChops.subtract(mask, hole)
    return mask


def _text_sprite(text: str, font: str, size: int) -> tuple[Image.Image, int, int] | None:
    """``text`` rendered as a coverage mask, with its offset from the pen at the baseline.

    FreeType renders every string anew on each ``ImageDraw.text`` call, while names, numbers,
    labels and rules text recur on every picture: drawing from cached masks is most of the speed
    of a render. Long runs (captions, rules text) have a cache of their own, smaller, so captions
    that are never the same twice cannot crowd out the short runs or fill a long-running bot's
    memory (a few tens of MB at most in all).
    """
    if len(text) <= _SHORT_RUN:
        return _short_sprite(text, font, size)
    return _long_sprite(text, font, size)


_SHORT_RUN = 32


@lru_cache(maxsize=2048)
def _short_sprite(text: str, font: str, size: int) -> tuple[Image.Image, int, int] | None:
    return _render_sprite(text, font, size)


@lru_cache(maxsize=256)
def _long_sprite(text: str, font: str, size: int) -> tuple[Image.Image, int, int] | None:
    return _render_sprite(text, font, size)


def _render_sprite(text: str, font: str, size: int) -> tuple[Image.Image, int, int] | None:
    glyphs = face(font, size)
    x0, y0, x1, y1 = (int(v) for v in glyphs.getbbox(text, anchor="ls"))
    if x1 <= x0 or y1 <= y0:
        return None
    mask = Image.new("L", (x1 - x0, y1 - y0), 0)
    ImageDraw.Draw(mask).text((-x0, -y0), text, fill=255, font=glyphs, anchor="ls")
    return mask, x0, y0


@lru_cache(maxsize=256)
def _corners(radius: int) -> tuple[Image.Image, Image.Image, Image.Image, Image.Image]:
    """The four quarters of an anti-aliased disc of ``radius`` pixels: top left, top right,
    bottom left, bottom right."""
    disc = _mask("disc", 2 * radius, 2 * radius)
    corner = disc.crop((0, 0, radius, radius))
    return (
        corner,
        corner.transpose(_FLIP_X),
        corner.transpose(_FLIP_Y),
        corner.transpose(_ROTATE_180),
    )


_SMALL = 64 * 64  # pixels: a rounded box this small is drawn from one cached mask


@lru_cache(maxsize=1024)
def _round_mask(width: int, height: int, radius: int) -> Image.Image:
    """A small rounded box's mask, built as :meth:`Canvas.rect` draws a big one (so a box
    looks the same whichever way it was drawn)."""
    mask = Image.new("L", (width, height), 0)
    draw = ImageDraw.Draw(mask)
    if width - radius > radius:
        draw.rectangle((radius, 0, width - radius - 1, height - 1), fill=255)
    if height - radius > radius:
        draw.rectangle((0, radius, width - 1, height - radius - 1), fill=255)
    corners = _corners(radius)
    for corner, at in zip(
        corners,
        ((0, 0), (width - radius, 0), (0, height - radius), (width - radius, height - radius)),
        strict=True,
    ):
        mask.paste(255, (*at, at[0] + radius, at[1] + radius), corner)
    return mask


class Canvas:
    """An RGB picture ``width`` × ``height`` layout units at ``scale`` pixels per unit."""

    def __init__(self, width: float, height: float, *, scale: float, background: RGB) -> None:
        if not 0.25 <= scale <= 8:
            raise ValueError(f"scale must be between 0.25 and 8, got {scale!r}")
        self.scale = scale
        self.width = width
        self.height = height
        self.image = Image.new("RGB", (self.px(width), self.px(height)), background)
        self.draw = ImageDraw.Draw(self.image)
        self.texts: list[DrawnText] = []
        # Every colour drawn with: if the fixed PNG palette has them all, it is used (see png).
        self.colours: set[RGB] = {background}

    # -- units ---------------------------------------------------------------------------------

    def px(self, value: float) -> int:
        return round(value * self.scale)

    def box(self, box: Box) -> tuple[int, int, int, int]:
        return (self.px(box[0]), self.px(box[1]), self.px(box[2]), self.px(box[3]))

    # -- shapes --------------------------------------------------------------------------------

    def rect(self, box: Box, fill: RGB, *, radius: float = 0) -> None:
        self.colours.add(fill)
        x0, y0, x1, y1 = self.box(box)
        if x1 <= x0 or y1 <= y0:
            return
        r = min(self.px(radius), (x1 - x0) // 2, (y1 - y0) // 2)
        if r <= 0:
            self.draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=fill)
            return
        if (x1 - x0) * (y1 - y0) <= _SMALL:  # all but the biggest boxes: one paste
            self.image.paste(fill, (x0, y0, x1, y1), _round_mask(x1 - x0, y1 - y0, r))
            return
        # A cross of two rectangles and four anti-aliased corners: cheaper than a full mask.
        if x1 - r > x0 + r:
            self.draw.rectangle((x0 + r, y0, x1 - r - 1, y1 - 1), fill=fill)
        if y1 - r > y0 + r:
            self.draw.rectangle((x0, y0 + r, x1 - 1, y1 - r - 1), fill=fill)
        top_left, top_right, bottom_left, bottom_right = _corners(r)
        self.image.paste(fill, (x0, y0, x0 + r, y0 + r), top_left)
        self.image.paste(fill, (x1 - r, y0, x1, y0 + r), top_right)
        self.image.paste(fill, (x0, y1 - r, x0 + r, y1), bottom_left)
        self.image.paste(fill, (x1 - r, y1 - r, x1, y1), bottom_right)

    def frame(self, box: Box, colour: RGB, *, width: float, radius: float = 0) -> None:
        """An outline of ``width`` units drawn inside ``box``."""
        self.colours.add(colour)
        x0, y0, x1, y1 = self.box(box)
        stroke = max(1, self.px(width))
        if x1 - x0 <= 2 * stroke or y1 - y0 <= 2 * stroke:
            return
        r = min(self.px(radius), (x1 - x0) // 2, (y1 - y0) // 2)
        mask = _mask("round", x1 - x0, y1 - y0, r, stroke)
        self.image.paste(colour, (x0, y0, x1, y1), mask)

    def shape(self, kind: str, box: Box, fill: RGB, *, stroke: float = 0) -> None:
        """A "disc", "square" (slightly rounded) or :data:`SHAPES` outline filling ``box``."""
        self.colours.add(fill)
        x0, y0, x1, y1 = self.box(box)
        if x1 <= x0 or y1 <= y0:
            return
        width = self.px(stroke) if stroke else 0
        if kind == "square":
            mask = _mask("round", x1 - x0, y1 - y0, max(1, (x1 - x0) // 5), width)
        else:
            mask = _mask(kind, x1 - x0, y1 - y0, 0, width)
        self.image.paste(fill, (x0, y0, x1, y1), mask)

    def line(self, points: Sequence[tuple[float, float]], fill: RGB, *, width: float) -> None:
        self.pixel_line([(self.px(x), self.px(y)) for x, y in points], fill, self.px(width))

    def pixel_line(self, points: Sequence[tuple[int, int]], fill: RGB, width: int) -> None:
        """A line through ``points`` given in pixels, ``width`` pixels wide (at least 1)."""
        self.colours.add(fill)
        self.draw.line(list(points), fill, max(1, width))

    def hatch(self, box: Box, colour: RGB, *, step: float, width: float = 1) -> None:
        """Diagonal stripes across ``box`` (face-down cards, ruined places), clipped to it."""
        self.colours.add(colour)
        x0, y0, x1, y1 = self.box(box)
        gap = max(2, self.px(step))
        w = max(1, self.px(width))
        height = y1 - y0
        for start in range(x0 - height, x1, gap):
            # The stripe from (start, y1) to (start + height, y0), clipped to the box.
            a = max(0, x0 - start)
            b = min(height, x1 - 1 - start)
            if b > a:
                self.draw.line((start + a, y1 - 1 - a, start + b, y1 - 1 - b), colour, w)

    # -- text ----------------------------------------------------------------------------------

    def text(
        self,
        box: Box,
        text: str,
        *,
        size: float,
        fill: RGB,
        min_size: float | None = None,
        weight: Weight = "regular",
        align: str = "left",
        valign: str = "middle",
        leading: float = 1.2,
        max_lines: int = 0,
        balance: bool = False,
        role: Role = "text",
        cover: Box | None = None,
    ) -> Placed:
        """Draw ``text`` inside ``box``: wrapped, then shrunk down to ``min_size`` if needed.

        ``role`` says what the text is (see :data:`Role`); ``cover`` is the box a label hides
        (its pill), when it is not the text's own box.
        """
        pixels = self.box(box)
        largest = max(1, self.px(size))
        smallest = max(1, self.px(min_size)) if min_size is not None else largest
        block = fit_text(
            text,
            pixels[2] - pixels[0],
            pixels[3] - pixels[1],
            largest,
            smallest,
            weight,
            leading,
            max_lines,
            balance,
        )
        placed = place(block, pixels, align, valign)
        self.colours.add(fill)
        for x, y, run in placed.runs:
            sprite = _text_sprite(run.text, run.font, block.size)
            if sprite is not None:
                mask, dx, dy = sprite
                left, top = round(x) + dx, y + dy
                self.image.paste(fill, (left, top, left + mask.width, top + mask.height), mask)
        covered: Pixels | None = placed.ink
        if role == "label":
            covered = self.box(cover) if cover is not None else pixels
        self.texts.append(DrawnText(placed, role, covered))
        return placed

    def text_width(self, text: str, *, size: float, weight: Weight = "regular") -> float:
        """How wide ``text`` is on one line at ``size``, in layout units."""
        return math.ceil(text_width(text, max(1, self.px(size)), weight)) / self.scale

    # -- output --------------------------------------------------------------------------------

    def png(self) -> bytes:
        return encode_png(self.image, colours=self.colours)


def stack(canvases: Sequence[Canvas], *, background: RGB, rule: RGB | None = None) -> Canvas:
    """One picture of ``canvases`` one under the other, left-aligned (a seat's table: its board,
    then its hand), with a thin ``rule`` across where two meet. Their texts are kept, moved to
    where they now are. The canvases must share a scale."""
    if not canvases:
        raise ValueError("nothing to stack")
    scale = canvases[0].scale
    if any(c.scale != scale for c in canvases):
        raise ValueError("canvases of different scales cannot be stacked")
    width = max(c.width for c in canvases)
    out = Canvas(width, sum(c.height for c in canvases), scale=scale, background=background)
    height = sum(c.image.height for c in canvases)
    if out.image.height != height:  # each part was rounded to whole pixels on its own
        out.image = Image.new("RGB", (out.image.width, height), background)
        out.draw = ImageDraw.Draw(out.image)
    top = 0
    for i, part in enumerate(canvases):
        out.image.paste(part.image, (0, top))
        out.texts += [drawn.moved(0, top) for drawn in part.texts]
        out.colours |= part.colours
        if rule is not None and i:
            inset = out.px(width * 0.02)
            out.pixel_line([(inset, top), (out.image.width - inset, top)], rule, out.px(1))
        top += part.image.height
    return out
