"""Dev-time only: cut the Japanese subset of Noto Sans CJK JP that ships in this folder.

Not imported by the bot or the tests. Needs fontTools (``pip install fonttools``) and the
Debian package ``fonts-noto-cjk`` unpacked somewhere::

    apt-get download fonts-noto-cjk && dpkg -x fonts-noto-cjk_*.deb /tmp/noto
    python data/fonts/subset.py /tmp/noto/usr/share/fonts/opentype/noto data/fonts

The subset keeps every character of JIS X 0208 (levels 1 and 2, as Shift_JIS, EUC-JP and
Windows-31J map it, the latter with the NEC and IBM extensions, so names such as 髙橋 or 山﨑
render), the kana, CJK punctuation and full-width forms,
and the Jōyō kanji added in 2010 that JIS X 0208 lacks. Latin, Greek and Cyrillic come from
Noto Sans, which ships whole; rendering/toolkit/fonts.py falls back from one to the other.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset  # type: ignore[import-not-found]
from fontTools.ttLib import TTFont  # type: ignore[import-not-found]

BLOCKS = [
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x309F),  # hiragana
    (0x30A0, 0x30FF),  # katakana
    (0x31F0, 0x31FF),  # katakana phonetic extensions
    (0xFF00, 0xFFEF),  # half-width and full-width forms
]
JOYO_2010 = "𠮟塡剝頰"  # Jōyō kanji (2010) outside JIS X 0208


def jis() -> set[int]:
    """JIS X 0208 as Windows-31J maps it (with the NEC and IBM extensions) and as Shift_JIS and
    EUC-JP map it (they differ for a few symbols: − U+2212 against － U+FF0D, 〜 against ～)."""
    chars: set[int] = set()
    for codec in ("cp932", "shift_jis"):
        for lead in [*range(0x81, 0xA0), *range(0xE0, 0xFD)]:
            for trail in [*range(0x40, 0x7F), *range(0x80, 0xFD)]:
                chars.update(_decode(bytes((lead, trail)), codec))
    for lead in range(0xA1, 0xFF):
        for trail in range(0xA1, 0xFF):
            chars.update(_decode(bytes((lead, trail)), "euc_jp"))
    return chars


def _decode(data: bytes, codec: str) -> set[int]:
    try:
        return {ord(c) for c in data.decode(codec)}
    except UnicodeDecodeError:
        return set()


def codepoints() -> set[int]:
    chars = jis()
    for first, last in BLOCKS:
        chars.update(range(first, last + 1))
    chars.update(ord(c) for c in JOYO_2010)
    return {c for c in chars if c > 0x7F and not 0xE000 <= c <= 0xF8FF}  # no ASCII, no PUA


def cut(source: Path, target: Path) -> None:
    font = TTFont(source, fontNumber=0)  # index 0 of the collection is "Noto Sans CJK JP"
    assert font["name"].getDebugName(1) == "Noto Sans CJK JP", source
    options = subset.Options()
    options.layout_features = ["kern", "locl", "ccmp"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=codepoints())
    subsetter.subset(font)
    font.save(target)
    print(f"{target}: {target.stat().st_size:,} bytes, {len(font.getBestCmap())} characters")


def main(source_dir: str, target_dir: str) -> None:
    for weight in ("Regular", "Bold"):
        cut(
            Path(source_dir) / f"NotoSansCJK-{weight}.ttc",
            Path(target_dir) / f"NotoSansCJKjp-{weight}-subset.otf",
        )


if __name__ == "__main__":
    main(*sys.argv[1:3])
