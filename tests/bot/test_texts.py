"""Texts the bot writes, as pure functions: a turn's captions on its board message, and names
made safe to show as discord.py would make them (the texts import no Discord)."""

from __future__ import annotations

import pytest
from discord.utils import escape_markdown, escape_mentions
from hypothesis import given
from hypothesis import strategies as st

from bot.texts import clean, turn_description


def test_the_steps_a_picture_shows_are_marked() -> None:
    text = turn_description(["a plays X.", "X: draw a card.", "b draws."], 1)
    assert text == "› a plays X.\n**▶** X: draw a card.\n**▶** b draws."


def test_a_long_turn_keeps_its_latest_captions_and_counts_the_rest() -> None:
    captions = [f"Step {i}: " + "x" * 90 for i in range(60)]
    text = turn_description(captions, 59)
    lines = text.split("\n")
    assert len(text) <= 3800
    assert lines[-1].startswith("**▶** Step 59")
    dropped = 60 - (len(lines) - 1)
    assert lines[0] == f"› … {dropped} earlier steps: `/match log`"
    assert lines[1].startswith(f"› Step {dropped}:")


TRICKY_NAMES = [
    "alice",
    "**bold** _it_ __under__ ~~gone~~ ||spoiler|| `code`",
    "snake_case_name",
    "back\\slash\\*",
    "> quoted",
    ">>> quoted block",
    "# Heading",
    "### small heading",
    "#### not a heading",
    "- a list",
    "   - indented list",
    "a - b",
    "[click](https://example.com)",
    "see https://example.com/a_b_c*d for _more_",
    "<https://example.com/_x_>",
    "steam://run/1_2",
    "@everyone and @here",
    "<@123456789012345678>",
    "<@!123456789012345678> <@&123456789012345678>",
    "@12345678901234567890123",
    "<#123456789012345678>",
    "🃏 Jo_ker | Queen",
    "line one\n# two\n- three\n> four",
    "",
]


@pytest.mark.parametrize("name", TRICKY_NAMES)
def test_a_name_is_escaped_as_discord_py_escapes_it(name: str) -> None:
    assert clean(name) == escape_mentions(escape_markdown(name))


@given(st.text(alphabet="_\\~|*`>#-[]()<>@!&:/. \nahtps1234567890", max_size=40))
def test_any_text_is_escaped_as_discord_py_escapes_it(text: str) -> None:
    assert clean(text) == escape_mentions(escape_markdown(text))
