"""Rules text through templates: a catalogue of named templates per language."""

from __future__ import annotations

import pytest

from rules.engine.wording import ENGLISH_FORMS, JAPANESE_FORMS, Wording, WordingError, translated

ENGLISH = Wording(
    {
        "power.give": "give {object} {amount:+d} power",
        "cards.one": "{n} card",
        "cards.other": "{n} cards",
        "made.one": "{name:a}",
        "made.other": "{n} {name:plural}",
        "draw": "{timing}: draw {cards}.",
        "sentence": "{text:sentence}",
    },
    numbers={1: "a", 2: "two"},
    forms=ENGLISH_FORMS,
)
# The same names in another "language": only the table differs.
SHOUTED = Wording(
    {
        "power.give": "{object} GETS {amount:+d} POWER",
        "cards.one": "ONE CARD",
        "cards.other": "{n} CARDS",
        "draw": "DRAW {cards} ({timing})!",
    },
    numbers={2: "TWO"},
)


def draw_text(wording: Wording, n: int) -> str:
    """Code that picks templates and gives values, the same for every language."""
    return wording.render("draw", timing="On reveal", cards=wording.count("cards", n))


def test_a_template_fills_its_named_placeholders() -> None:
    assert ENGLISH.render("power.give", object="your cards here", amount=2) == (
        "give your cards here +2 power"
    )
    assert ENGLISH.render("power.give", object="this card", amount=-1) == "give this card -1 power"


@pytest.mark.parametrize(
    ("n", "english", "shouted"),
    [
        (1, "On reveal: draw a card.", "DRAW ONE CARD (On reveal)!"),
        (2, "On reveal: draw two cards.", "DRAW TWO CARDS (On reveal)!"),
        (7, "On reveal: draw 7 cards.", "DRAW 7 CARDS (On reveal)!"),
    ],
)
def test_a_second_language_is_a_second_table(n: int, english: str, shouted: str) -> None:
    assert draw_text(ENGLISH, n) == english
    assert draw_text(SHOUTED, n) == shouted


def test_word_forms() -> None:
    assert ENGLISH.count("made", 1, name="Ember") == "an Ember"
    assert ENGLISH.count("made", 1, name="Treant") == "a Treant"
    assert ENGLISH.count("made", 1, name="event") == "an event"  # a kind of card, lower case
    assert ENGLISH.count("made", 1, name="card") == "a card"
    assert ENGLISH.count("made", 2, name="Suit of Armor") == "two Suits of Armor"
    assert ENGLISH.render("sentence", text="draw a card") == "Draw a card."
    assert ENGLISH.render("sentence", text='give it "Ward."') == 'Give it "Ward."'


def test_a_missing_placeholder_names_the_template_and_the_value() -> None:
    with pytest.raises(WordingError, match=r"template 'power.give' .*: no value for \{amount\}"):
        ENGLISH.render("power.give", object="this card")


def test_an_unused_value_is_fine_since_another_language_may_leave_it_out() -> None:
    assert SHOUTED.count("cards", 1) == "ONE CARD"


def test_unknown_templates_and_forms_are_named() -> None:
    with pytest.raises(WordingError, match=r"no template 'power.take'"):
        ENGLISH.render("power.take")
    with pytest.raises(WordingError, match=r"no template 'a' or 'b'"):
        ENGLISH.pick("a", "b")
    assert ENGLISH.pick("power.take", "power.give") == "power.give"
    with pytest.raises(WordingError, match=r"template 'made.one' .*: no word form 'a'"):
        Wording({"made.one": "{name:a}"}).count("made", 1, name="X")
    with pytest.raises(WordingError, match=r"placeholders are named"):
        Wording({"x": "{} {0}"}).render("x")


def test_a_broken_template_is_refused_when_the_table_is_made() -> None:
    with pytest.raises(WordingError, match=r"template 'x'"):
        Wording({"x": "deal {amount damage"})


def test_japanese_forms_leave_words_alone_and_end_a_sentence_once() -> None:
    w = Wording(
        {"s": "{text:sentence}", "a": "{name:a}{name:plural}{name:capital}"}, forms=JAPANESE_FORMS
    )
    assert w.render("s", text="カードを1枚引く") == "カードを1枚引く。"
    assert w.render("s", text="カードを1枚引く。") == "カードを1枚引く。"
    assert w.render("a", name="火花") == "火花火花火花"


def test_sentences_follow_one_another_as_the_language_joins_them() -> None:
    english = Wording({"sentences": "{before} {after}"})
    japanese = Wording({"sentences": "{before}{after}"})
    assert english.sentences(["Rush.", "Ward."]) == "Rush. Ward."
    assert japanese.sentences(["突進。", "守護。"]) == "突進。守護。"
    assert japanese.sentences([]) == ""


def test_a_translated_wording_reads_the_rulesets_catalogue() -> None:
    """Lanes' Japanese: each template by its name, names by the ruleset's card context, counts
    as digits, and English for the source language."""
    from rules.lanes.text import ENGLISH

    assert translated(ENGLISH, "lanes", "en") is ENGLISH
    ja = translated(ENGLISH, "lanes", "ja")
    assert translated(ENGLISH, "lanes", "ja") is ja  # made once
    assert ja.render("effect.draw.owner", cards=ja.count("cards", 1)) == "カードを1枚引く"
    assert ja.name("Spark") == "火花"
    assert ja.name("Nothing of the kind") == "Nothing of the kind"
