"""Parlor's catalogues: English is the source, a translation keeps its message's placeholders,
and every message a catalogue holds is translated."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from rules.engine.language import LANGUAGES, LOCALES, SOURCE, catalogue, read_catalogue

PO = """\
msgid ""
msgstr ""
"Language: ja\\n"
"Plural-Forms: nplurals=1; plural=0;\\n"

msgid "Draw a card."
msgstr "カードを1枚引く。"

msgctxt "lanes.card"
msgid "Ember"
msgstr "残り火"

#, fuzzy
msgid "Discard a card."
msgstr "カードを捨てる？"

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "カード{n}枚"
"""


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_english_is_the_source_and_needs_no_catalogue() -> None:
    english = catalogue("lanes", SOURCE)
    assert english.gettext("Draw a card.") == "Draw a card."
    assert english.ngettext("{n} card", "{n} cards", 2) == "{n} cards"
    assert english.has("anything at all")


def test_a_catalogue_translates_by_message_and_context(tmp_path: Path) -> None:
    path = tmp_path / "lanes.po"
    path.write_text(PO, encoding="utf-8")
    ja = read_catalogue(path, "ja", "lanes")
    assert ja.gettext("Draw a card.") == "カードを1枚引く。"
    assert ja.pgettext("lanes.card", "Ember") == "残り火"
    assert ja.gettext("Ember") == "Ember"  # another context: not this message
    assert ja.ngettext("{n} card", "{n} cards", 1) == ja.ngettext("{n} card", "{n} cards", 5)
    assert ja.ngettext("{n} card", "{n} cards", 5) == "カード{n}枚"


def test_a_fuzzy_or_missing_message_reads_as_its_english(tmp_path: Path) -> None:
    path = tmp_path / "lanes.po"
    path.write_text(PO, encoding="utf-8")
    ja = read_catalogue(path, "ja", "lanes")
    assert ja.gettext("Discard a card.") == "Discard a card."
    assert not ja.has("Discard a card.")
    assert ja.gettext("Something new.") == "Something new."


def test_only_parlors_languages_are_asked_for() -> None:
    with pytest.raises(ValueError, match="not 'fr'"):
        catalogue("lanes", "fr")


CATALOGUES = sorted(LOCALES.glob("*/LC_MESSAGES/*.po"))


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: f"{p.parts[-3]}/{p.stem}")
def test_every_message_is_translated_with_its_placeholders(path: Path) -> None:
    language = path.parts[-3]
    assert language in LANGUAGES and language != SOURCE
    with path.open("rb") as file:
        po = read_po(file, locale=language)
    wrong = []
    for message in po:
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        raw = message.string or ""
        strings = (raw,) if isinstance(raw, str) else tuple(raw)
        expected = placeholders(ids[-1]) | placeholders(ids[0])
        if message.fuzzy or not all(strings):
            wrong.append(f"{ids[0]!r}: not translated")
        for text in strings:
            if text and placeholders(text) != expected:
                wrong.append(f"{ids[0]!r}: {text!r} has {placeholders(text)}, not {expected}")
    assert not wrong, "\n".join(wrong)
