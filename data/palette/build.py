"""Build the fixed PNG palette, ``data/palette/png.json`` (see ``rendering/toolkit/png.py``).

A development step, run again when a layout draws with a new colour (the toolkit's tests say
so); the pictures are right without it, only slower to encode::

    python data/palette/build.py

Draws the pictures of ``tests/rendering/test_legible.py`` (every kind of picture of every
ruleset, over random matches and made-up positions), keeps every colour they were drawn with
(the *anchors*, each kept exactly), and fills the rest of the 256 colours with the shades seen
between them (anti-aliased edges), chosen by median cut over those pixels, weighted by how often
each shade was seen. The same pictures give the same palette.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from rendering.toolkit.png import PALETTE_FILE  # noqa: E402
from tests.rendering.test_legible import PICTURES  # noqa: E402

SIZE = 256
WEIGHT = 40  # a shade seen n times stands for n // WEIGHT + 1 pixels in the median cut


def main() -> int:
    anchors: set[tuple[int, int, int]] = set()
    shades: Counter[tuple[int, int, int]] = Counter()
    pictures = [draw for group in sorted(PICTURES) for _name, draw in PICTURES[group]]
    for draw in pictures:
        canvas = draw()
        anchors |= canvas.colours
        for count, colour in canvas.image.getcolors(1 << 24) or []:
            shades[colour] += count
    for colour in anchors:
        shades.pop(colour, None)
    room = SIZE - len(anchors)
    if room < 16:
        raise SystemExit(f"{len(anchors)} colours drawn with: too many for a {SIZE}-colour palette")
    chosen = _median_cut(shades, room)
    lines = {"anchors": [list(c) for c in sorted(anchors)], "shades": chosen}
    parts = [
        f'  "{key}": [\n' + ",\n".join(f"    {json.dumps(c)}" for c in colours) + "\n  ]"
        for key, colours in lines.items()
    ]
    PALETTE_FILE.write_text("{\n" + ",\n".join(parts) + "\n}\n", encoding="utf-8")
    print(f"{len(pictures)} pictures: {len(anchors)} anchors, {len(chosen)} shades")
    return 0


def _median_cut(shades: Counter[tuple[int, int, int]], size: int) -> list[list[int]]:
    pixels = [
        colour for colour, count in sorted(shades.items()) for _ in range(count // WEIGHT + 1)
    ]
    strip = Image.new("RGB", (len(pixels), 1))
    strip.putdata(pixels)
    reduced = strip.quantize(size, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    palette = reduced.getpalette() or []
    used = sorted(index for _count, index in reduced.getcolors(SIZE) or [])
    return [palette[3 * i : 3 * i + 3] for i in used]


if __name__ == "__main__":
    sys.exit(main())
