"""PNG bytes of a picture: reduced to a 256-colour palette, then compressed.

These pictures are flat colours and anti-aliased edges between them, which 256 colours hold with
no visible change, and one byte per pixel instead of three makes the file about three times
smaller and the compression faster. Mapping each pixel to its palette colour is most of the
cost of the reduction, and Pillow remembers, per palette, which colour each region of colours
maps to: so a palette used again and again maps much faster than a new one.

So there are two palettes:

- the **fixed** palette, ``data/palette/png.json``: every colour the pictures are drawn with
  (the *anchors*) and the anti-aliasing shades between them most often seen, chosen once from
  hundreds of pictures of both rulesets by ``data/palette/build.py``. It is loaded once, and its
  map of colours is filled at once (so threads only ever read it).
- an **adaptive** palette, chosen for the picture (Pillow's fast octree on a copy shrunk four
  times each way), for a picture drawn with a colour the fixed palette has not got (a new
  colour in a layout, before the palette is built again: ``tests/rendering/test_toolkit.py``
  says so), or when the caller does not say which colours it drew with.

Both map each pixel to the nearest colour, with no dithering; the result is a pure function of
the picture (and of the colours it was drawn with). Figures: ``bench/render.py``.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from PIL import Image

from .palette import RGB

__all__ = ["PALETTE_FILE", "PNG_LEVEL", "encode_png", "fixed_palette"]

PALETTE_FILE = Path(__file__).resolve().parents[2] / "data" / "palette" / "png.json"
PNG_LEVEL = 3  # past 3, zlib takes twice as long for a file a fifth smaller


def encode_png(
    image: Image.Image, *, palette: bool = True, colours: Iterable[RGB] | None = None
) -> bytes:
    """PNG bytes of an RGB ``image``. With ``palette`` (the default) it is first reduced to 256
    colours: the fixed palette if ``colours`` (every colour the picture was drawn with) are all
    in it, else one chosen for the picture. ``palette=False`` keeps every colour (a picture with
    photographs or gradients)."""
    if palette:
        fixed, anchors = fixed_palette()
        if colours is not None and anchors.issuperset(colours):
            image = image.quantize(palette=fixed, dither=Image.Dither.NONE)
        else:
            image = _adaptive(image)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=PNG_LEVEL)
    return out.getvalue()


def _adaptive(image: Image.Image) -> Image.Image:
    sample = image.reduce(4) if min(image.size) >= 64 else image
    chosen = sample.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return image.quantize(palette=chosen, dither=Image.Dither.NONE)


@lru_cache(maxsize=1)
def fixed_palette() -> tuple[Image.Image, frozenset[RGB]]:
    """The fixed palette (a "P" image holding it) and its anchors, loaded once.

    Pillow fills a palette's map of colours as pixels need it, with the interpreter lock
    released: the whole map is filled here, before any picture uses it, so that threads
    encoding at once only read it. (The map has a box per 32 values of each channel: one pixel
    of each of the 512 boxes fills it.)
    """
    data = json.loads(PALETTE_FILE.read_text(encoding="utf-8"))
    anchors = [_rgb(c) for c in data["anchors"]]
    colours = anchors + [_rgb(c) for c in data["shades"]]
    if len(colours) > 256:
        raise ValueError(f"{PALETTE_FILE}: {len(colours)} colours, at most 256")
    flat = [value for colour in colours for value in colour]
    holder = Image.new("P", (1, 1))
    holder.putpalette(flat + flat[:3] * (256 - len(colours)))
    every_box = bytes(
        value
        for r in range(8)
        for g in range(8)
        for b in range(8)
        for value in (r * 32, g * 32, b * 32)
    )
    Image.frombytes("RGB", (512, 1), every_box).quantize(palette=holder, dither=Image.Dither.NONE)
    return holder, frozenset(anchors)


def _rgb(value: list[int]) -> RGB:
    r, g, b = value
    return (int(r), int(g), int(b))
