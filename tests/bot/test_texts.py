"""Texts the bot writes, as pure functions: a turn's captions on its board message."""

from __future__ import annotations

from bot.chat.texts import turn_description


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
