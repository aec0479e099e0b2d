"""The rules' catalogues are kept by extraction (docs/i18n.md): each domain's template and its
Japanese catalogue hold exactly the messages ``pybabel extract`` finds in the domain's files,
none missing and none stale."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from rules.engine.language import LOCALES
from rules.extract import DOMAIN_FILES, extract_data, extract_wording, messages

DOMAINS = sorted(DOMAIN_FILES)


def held(path: Path) -> set[tuple[str, str]]:
    with path.open("rb") as file:
        return {(m.context or "", str(m.id)) for m in read_po(file) if m.id}


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_catalogues_hold_what_extraction_finds(domain: str) -> None:
    found = messages(domain)
    assert found
    for path in (LOCALES / f"{domain}.pot", LOCALES / "ja" / "LC_MESSAGES" / f"{domain}.po"):
        has = held(path)
        assert sorted(found - has) == [], f"{path.name}: missing (run the update in i18n.md)"
        assert sorted(has - found) == [], f"{path.name}: stale (run the update in i18n.md)"


def test_every_rules_domain_is_extracted_from_its_files() -> None:
    assert set(DOMAIN_FILES) == {"rules", "lanes", "fanfare", "charm", "breakfall", "esper"}


def test_templates_are_found_by_name_in_python() -> None:
    source = b'ENGLISH = Wording({"draw": "draw {cards}", "cards.one": "{n} card"}, numbers={})\n'
    found = [m for _, _, m, _ in extract_wording(io.BytesIO(source), None, None, None)]
    assert found == [("draw", "draw {cards}"), ("cards.one", "{n} card")]


def test_names_and_blurbs_are_found_in_data(tmp_path: Path) -> None:
    folder = tmp_path / "lanes"
    folder.mkdir()
    cards = folder / "decks.toml"
    cards.write_text('[[deck]]\nid = "embers"\nname = "Embers"\nblurb = "Hot."\n')
    with cards.open("rb") as file:
        found = [(line, m) for line, _, m, _ in extract_data(file, None, None, None)]
    assert found == [(3, ("lanes.deck", "Embers")), (4, ("lanes.deck.blurb", "Hot."))]
