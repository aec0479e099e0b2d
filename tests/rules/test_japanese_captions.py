"""A match's captions and menus in Japanese (issue 17): every caption, result and label a
random match of every ruleset writes says itself again in Japanese, with no English word
left and the same seats named, while its English stays exactly what it was."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from rules.engine import Match, Rng, Said, in_language, name_seats
from rules.registry import RULESETS, get_ruleset
from tests.rules.test_japanese import KEPT

SEATS = re.compile(r"\{seat\d+\}")
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")


def new_match(name: str, seed: int) -> Match[Any, Any]:
    ruleset = get_ruleset(name)
    return Match.new(ruleset, seed, ruleset.random_setup(Rng(seed)))


def texts(match: Match[Any, Any], seed: int) -> Iterator[str]:
    """Every caption, result and label of one random match (and its details, where it has
    them), and where it stands after each move (``/match status``), as the rules give them
    (random legal actions, a give-up only when nothing else is offered)."""
    rng = Rng(seed + 1)
    if match.opening is not None:
        yield from (step.caption for step in match.opening.steps)
    for _ in range(2_000):
        if match.over:
            break
        seat = rng.choice(match.pending())
        specs = match.legal_actions(seat)
        for spec in specs:
            yield spec.label
            yield from [spec.detail] if spec.detail else []
            for param in spec.params:
                yield param.label
                for option in param.options:
                    yield option.label
                    yield from [option.detail] if option.detail else []
        playing = [s for s in specs if s.kind not in ("retreat", "concede")] or specs
        action = rng.choice(list(rng.choice(playing).actions()))
        yield from (step.caption for step in match.apply(seat, action).steps)
        yield match.ruleset.summary(match.view(None))
    assert match.result is not None
    yield match.result.summary


@pytest.mark.parametrize("name", sorted(RULESETS))
@pytest.mark.parametrize("seed", range(6))
def test_every_caption_and_label_says_itself_in_japanese(name: str, seed: int) -> None:
    match = new_match(name, seed)
    nobody = [""] * match.seats  # every seat of the match named, however many it has
    for text in texts(match, seed):
        assert isinstance(text, Said), f"{text!r} is English only"
        japanese = in_language(text, "ja")
        assert in_language(text, "en") == text
        left = set(ENGLISH_WORD.findall(name_seats(japanese, nobody))) - KEPT[name]
        assert not left, f"{text!r} in Japanese: {japanese!r}"
        assert sorted(SEATS.findall(japanese)) == sorted(SEATS.findall(text))
