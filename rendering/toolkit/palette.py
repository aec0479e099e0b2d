"""Colours, and the look of each seat.

The pictures are dark (most Discord users use the dark theme, and a dark picture sits well on the
light one too). The two seats are the Okabe–Ito blue and orange, the pair that stays apart under
every common colour-vision deficiency; colour is never the only cue: each seat also has a shape
(a circle or a square) drawn next to its name and its power, and a fixed place on the board. A
game of up to ten seats (esper) gives seats 3 to 10 eight more colours, each with a shape of its
own (diamond, triangles up and down, hexagon, shield, hourglass, pentagon, star).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "BACKGROUND",
    "CARD",
    "CARD_BACK",
    "CARD_EDGE",
    "DANGER",
    "GOOD",
    "HIGHLIGHT",
    "HIGHLIGHT_INK",
    "MUTED",
    "PANEL",
    "PANEL_EDGE",
    "RGB",
    "SEATS",
    "SUBTLE",
    "TEXT",
    "SeatStyle",
    "mix",
    "seat_style",
]

RGB = tuple[int, int, int]

BACKGROUND: RGB = (24, 26, 32)
PANEL: RGB = (38, 42, 51)
PANEL_EDGE: RGB = (62, 68, 81)
CARD: RGB = (52, 57, 68)
CARD_EDGE: RGB = (88, 95, 110)
CARD_BACK: RGB = (44, 40, 58)
TEXT: RGB = (238, 240, 244)
MUTED: RGB = (170, 176, 190)
SUBTLE: RGB = (110, 116, 130)
HIGHLIGHT: RGB = (240, 228, 66)  # Okabe–Ito yellow: what just happened
HIGHLIGHT_INK: RGB = (20, 20, 20)
GOOD: RGB = (0, 158, 115)  # Okabe–Ito bluish green: power up (always with a "+")
DANGER: RGB = (204, 121, 167)  # Okabe–Ito reddish purple: power down, destroyed (with "−", "✕")


@dataclass(frozen=True, slots=True)
class SeatStyle:
    """How one seat looks: ``fill`` for badges and bars, ``ink`` for text on that fill,
    ``accent`` for text and lines on the dark background, and a ``shape``."""

    fill: RGB
    ink: RGB
    accent: RGB
    shape: str


SEATS: tuple[SeatStyle, ...] = (
    SeatStyle(fill=(0, 114, 178), ink=(255, 255, 255), accent=(86, 180, 233), shape="disc"),
    SeatStyle(fill=(230, 159, 0), ink=(20, 20, 20), accent=(240, 178, 50), shape="square"),
    # Seats 3 to 10 (esper): each its own colour and its own shape, so ten pieces on a board stay
    # tellable apart by shape alone where colours are hard to tell.
    SeatStyle(fill=(213, 94, 0), ink=(255, 255, 255), accent=(240, 128, 60), shape="diamond"),
    SeatStyle(fill=(0, 170, 170), ink=(20, 20, 20), accent=(80, 205, 205), shape="up"),
    SeatStyle(fill=(0, 158, 115), ink=(255, 255, 255), accent=(70, 195, 150), shape="hexagon"),
    SeatStyle(fill=(204, 121, 167), ink=(20, 20, 20), accent=(222, 152, 192), shape="down"),
    SeatStyle(fill=(200, 204, 212), ink=(20, 20, 20), accent=(216, 219, 226), shape="shield"),
    SeatStyle(fill=(160, 110, 50), ink=(255, 255, 255), accent=(205, 155, 95), shape="hourglass"),
    SeatStyle(fill=(160, 210, 80), ink=(20, 20, 20), accent=(182, 226, 112), shape="pentagon"),
    SeatStyle(fill=(140, 110, 210), ink=(255, 255, 255), accent=(172, 152, 232), shape="star"),
)


def seat_style(seat: int) -> SeatStyle:
    return SEATS[seat % len(SEATS)]


def mix(a: RGB, b: RGB, share: float) -> RGB:
    """``a`` moved ``share`` (0..1) of the way towards ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * share),
        round(a[1] + (b[1] - a[1]) * share),
        round(a[2] + (b[2] - a[2]) * share),
    )
