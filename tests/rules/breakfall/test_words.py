"""Breakfall's captions and menus in words any language can show (issue 17): where breakfall
says in its own templates what the engine also says (a draw by a loop), it says the engine's
English word for word (docs/i18n.md; the rest is ``tests/rules/test_japanese_captions.py``)."""

from __future__ import annotations

from rules.breakfall.words import CAPTIONS
from rules.engine import Said, in_language
from rules.engine.resolve import LOOP, RUNAWAY
from tests.rules.breakfall.helpers import prepare


def test_a_draw_by_a_loop_says_the_engines_words() -> None:
    assert CAPTIONS.say("result.loop", count=12) == LOOP.format(count=12)
    assert CAPTIONS.say("result.runaway", count=1000) == RUNAWAY.format(count=1000)


def test_breakfall_9_2_auto_pass_says_the_engines_words_in_any_language() -> None:
    game = prepare()
    for _turn in ("on", "off"):
        [button] = game.specs(1, "auto_pass")
        game.act(1, "auto_pass")
        assert game.last is not None
        [step] = [s for s in game.last.steps if not s.public]
        assert step.audience == frozenset({1})
        for text in (button.label, button.detail, step.caption):
            assert isinstance(text, Said) and in_language(text, "ja") != text
