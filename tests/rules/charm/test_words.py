"""Charm's words in Japanese (issue 17): what a menu explains (a card's summary and text, a
skill's text) reads in Japanese as the ruleset writes it, and a clause that opens a sentence
is capitalised in English only."""

from __future__ import annotations

import re

from rules.charm.words import kept, sentence
from rules.engine import Match, Rng, Said, in_language, name_seats
from tests.rules.test_japanese import KEPT

from .helpers import ruleset

ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")


def english_left(text: str) -> set[str]:
    return set(ENGLISH_WORD.findall(name_seats(text, ["", ""]))) - KEPT["charm"]


def test_every_menu_detail_reads_in_japanese() -> None:
    charm = ruleset()
    for seed in range(3):
        match = Match.new(charm, seed, charm.random_setup(Rng(seed)))
        rng = Rng(seed + 1)
        while not match.over:
            seat = rng.choice(match.pending())
            specs = match.legal_actions(seat)
            details = [s.detail for s in specs if s.detail]
            details += [o.detail for s in specs for p in s.params for o in p.options if o.detail]
            for detail in details:
                assert isinstance(detail, Said), detail
                assert english_left(in_language(detail, "ja")) == set(), detail
            playing = [s for s in specs if s.kind != "concede"] or specs
            match.apply(seat, rng.choice(list(rng.choice(playing).actions())))


def test_a_play_detail_is_the_cards_summary_and_text_in_japanese() -> None:
    charm = ruleset()
    card = next(c for c in charm.pool.cards.values() if c.text and not c.heroine)
    japanese = in_language(card.play_detail, "ja")
    assert japanese == f"{charm.card_summary(card, 'ja')}。{charm.card_text(card, 'ja')}"


def test_a_skill_alone_reads_in_japanese() -> None:
    charm = ruleset()
    card = next(c for c in charm.pool.cards.values() if len(c.skills) > 1)
    for skill in card.skills:
        japanese = charm.rules_text(skill.text, "ja")
        assert japanese != skill.text and english_left(japanese) == set()


def test_a_clause_that_opens_a_sentence_is_capitalised_in_english_only() -> None:
    said = sentence(kept("did.no_effect"))
    assert said == "A condition is not met."
    assert in_language(said, "ja") == "条件を満たしていない。"
    assert sentence(kept("did.drew.one", seat="{seat1}")) == "{seat1} draws a card."
