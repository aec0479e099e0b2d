"""Every ruleset speaks Japanese as well as English (issue 17): every name the pool gives is
translated, every definition's rules text is written in Japanese from the same data (no English
left in it but the abbreviations the Japanese text keeps on purpose), and the guide in Japanese
explains the same keywords a card's text shows in English."""

from __future__ import annotations

import re
from typing import Any

import pytest

from rules.engine.language import catalogue
from rules.guide import shipped_guide
from rules.registry import RULESETS, get_ruleset

KEPT = {
    # Abbreviations Japanese card games write in Latin letters, and the wording's own labels.
    "lanes": set(),
    "fanfare": {"PP"},
    "charm": {"A", "P", "Skill", "EP", "AP", "DP", "Check", "BG", "BGM"},
    "breakfall": set(),
    "esper": {"ESP", "NPC"},
}


def definitions(name: str) -> list[Any]:
    """Every definition of the pool that has a name and rules text (cards, locations...)."""
    pool: Any = get_ruleset(name).pool  # type: ignore[attr-defined]
    return [*pool.cards.values(), *getattr(pool, "locations", {}).values()]


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_name_has_its_japanese(name: str) -> None:
    ruleset = get_ruleset(name)
    words = catalogue(name, "ja")
    missing = [d.name for d in definitions(name) if not words.has(d.name, f"{name}.card")]
    assert missing == []
    assert all(ruleset.card_name(d.name, "ja") != d.name for d in definitions(name))
    decks = ruleset.starter_decks("ja")
    english = ruleset.starter_decks()
    assert all(
        ja.name != en.name and ja.blurb != en.blurb for ja, en in zip(decks, english, strict=True)
    )


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_rules_text_reads_in_japanese(name: str) -> None:
    ruleset = get_ruleset(name)
    for definition in definitions(name):
        text = ruleset.card_text(definition, "ja")
        if not definition.text:
            assert text == "", definition.id
            continue
        assert english_in(name, text) == set(), f"{definition.id}: {text!r}"
        assert text.endswith(("。", "」")), f"{definition.id}: {text!r}"
    for card in get_ruleset(name).pool.cards.values():  # type: ignore[attr-defined]
        summary = ruleset.card_summary(card, "ja")
        assert summary and english_in(name, summary) == set(), f"{card.id}: {summary!r}"


def english_in(name: str, text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z]+", text)) - KEPT[name]


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_english_is_the_text_the_pool_holds(name: str) -> None:
    ruleset = get_ruleset(name)
    for definition in definitions(name):
        assert ruleset.card_text(definition, "en") == definition.text
        written = ruleset.write_text(definition, ruleset.english)  # type: ignore[attr-defined]
        assert written == definition.text
        if isinstance(getattr(definition, "summary", None), str):
            summary = ruleset.write_summary(definition, ruleset.english)  # type: ignore[attr-defined]
            assert summary == definition.summary


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_the_japanese_guide_explains_the_same_keywords(name: str) -> None:
    ruleset = get_ruleset(name)
    english, japanese = shipped_guide(name), shipped_guide(name, "ja")
    assert list(japanese.keywords) == list(english.keywords)
    assert len(japanese.pages) == len(english.pages)
    for page, original in zip(japanese.pages, english.pages, strict=True):
        assert page.title != original.title and page.text != original.text
    for definition in definitions(name):
        shown = [k.id for k in english.keywords_in(definition.text)]
        text = ruleset.card_text(definition, "ja")
        assert [k.id for k in japanese.keywords_in(text)] == shown, (definition.id, text)


def test_a_japanese_glossary_is_headed_in_japanese() -> None:
    guide = shipped_guide("lanes", "ja")
    pages = guide.reading(1000)
    glossary = pages[len(guide.pages) :]
    assert glossary[0].title == f"キーワード（1/{len(glossary)}）"
    assert "**公開時**：" in glossary[0].text
