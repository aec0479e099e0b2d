"""The rules pages and keyword explanations each ruleset ships (``data/<ruleset>/guide.toml``):
every registered ruleset has one, every word of its card data's vocabulary is explained, every
word a card uses is found in its text, and a bad file fails naming the file, entry and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.engine.carddata import shipped_data
from rules.engine.datafile import DataError
from rules.guide import GUIDE_FILE, load_guide, shipped_guide, terms
from rules.registry import RULESETS, get_ruleset


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_registered_ruleset_ships_a_guide(name: str) -> None:
    assert (shipped_data(name) / GUIDE_FILE).is_file(), f"{name} has no {GUIDE_FILE}"
    guide = shipped_guide(name)
    assert len(guide.pages) >= 3
    assert all(page.title and len(page.text) > 200 for page in guide.pages)


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_word_of_the_card_vocabulary_is_explained(name: str) -> None:
    vocabulary = terms(name)
    assert vocabulary, f"{name} declares no TERMS"
    keywords = shipped_guide(name).keywords
    assert [word for word in vocabulary if word not in keywords] == []
    assert all(len(keywords[word].text) > 20 for word in vocabulary)


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_each_card_shows_the_explanations_of_the_words_it_has(name: str) -> None:
    """A card's keywords and labelled timings are found in its rules text, so ``/card``
    explains every one of them."""
    guide = shipped_guide(name)
    vocabulary = set(terms(name))
    for card in get_ruleset(name).pool.cards.values():  # type: ignore[attr-defined]
        has = set(card.keywords) | {a.when for a in card.abilities}
        if getattr(card, "countdown", None) is not None:
            has.add("countdown")
        shown = {k.id for k in guide.keywords_in(card.text)}
        assert has & vocabulary <= shown, card.id


def test_keywords_are_found_as_whole_words() -> None:
    guide = shipped_guide("fanfare")
    assert [k.id for k in guide.keywords_in("Rush. Bane.")] == ["rush", "bane"]
    assert guide.keywords_in("Brushwood Ward") == (guide.keywords["ward"],)
    assert guide.keywords_in("toward the wardrobe") == ()


def test_the_reading_ends_with_the_keywords_in_pages_that_fit() -> None:
    guide = shipped_guide("lanes")
    pages = guide.reading(1000)
    assert pages[: len(guide.pages)] == guide.pages
    glossary = pages[len(guide.pages) :]
    assert len(glossary) > 1 and glossary[0].title == f"Keywords (1/{len(glossary)})"
    assert all(len(p.text) <= 1000 for p in glossary)
    text = "\n".join(p.text for p in glossary)
    assert all(f"**{k.name}**" in text for k in guide.keywords.values())


BAD = [
    ("[[page]]\ntitle = 'Goal'\n", "guide.toml: page '#1': text: missing"),
    ("[[page]]\ntitle = 'Goal'\ntext = ' '\n", "guide.toml: page '#1': text: empty"),
    (
        "[[page]]\ntitle = 'Goal'\ntext = 'x'\nsize = 3\n",
        "guide.toml: page '#1': size: unknown field",
    ),
    (
        "[[keyword]]\nid = 'storm'\nname = 'Storm'\ntext = 'x'\nwords = [3]\n",
        "guide.toml: keyword 'storm': words: expected non-empty strings, got 3",
    ),
    (
        "[[keyword]]\nid = 'storm'\nname = 'Storm'\ntext = 'x'\n" * 2,
        "guide.toml: keyword 'storm': id: 'storm' is used twice",
    ),
    (
        "[[keyword]]\nid = 'rush'\nname = 'Rush'\ntext = 'x'\n",
        "guide.toml: keyword 'storm': missing",
    ),
]


@pytest.mark.parametrize(("text", "error"), BAD)
def test_a_bad_guide_names_file_entry_and_field(tmp_path: Path, text: str, error: str) -> None:
    good_page = "[[page]]\ntitle = 'Goal'\ntext = 'Win.'\n"
    good_keyword = "[[keyword]]\nid = 'storm'\nname = 'Storm'\ntext = 'Attack at once.'\n"
    body = text
    if "[[page]]" not in text:
        body = good_page + body
    if "[[keyword]]" not in text:
        body += good_keyword
    path = tmp_path / GUIDE_FILE
    path.write_text(body, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_guide(path, "fanfare", ("storm",))
    assert error in str(caught.value)


def test_a_missing_guide_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="file not found"):
        load_guide(tmp_path / GUIDE_FILE, "lanes")
