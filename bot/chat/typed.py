"""Moves typed into slash commands: which action a typed (or autocompleted) value means; what it
still needs is then asked with the same menus as in a hand."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rules.engine import ActionSpec

from ..texts import nothing_matches, several_match
from .controls import Choice

__all__ = ["find_spec", "prefill", "spec_value"]

SPEC_VALUE = re.compile(r"(?P<index>\d{1,3})@(?P<version>[0-9a-f]{8})")


def spec_value(index: int, ver: str) -> str:
    """An autocomplete value naming a spec at a state version: ``3@a1b2c3d4``."""
    return f"{index}@{ver}"


def find_spec(
    specs: Sequence[ActionSpec], candidates: Sequence[int], text: str
) -> tuple[int, str | None]:
    """The spec a typed (or autocompleted) value means, and the state version it was offered
    at, if it came from autocomplete. ``ValueError`` says what went wrong."""
    found = SPEC_VALUE.fullmatch(text.strip())
    if found is not None:
        return int(found["index"]), found["version"]
    wanted = " ".join(text.lower().split())
    exact = [i for i in candidates if specs[i].label.lower() == wanted]
    partial = [i for i in candidates if wanted and wanted in specs[i].label.lower()]
    hits = exact or partial
    if len(hits) == 1:
        return hits[0], None
    if not hits:
        raise ValueError(nothing_matches(text))
    raise ValueError(several_match(text))


def prefill(spec: ActionSpec, index: int) -> Choice:
    """A choice with every leading parameter filled that has a single option, up to the first
    one still open (asked next with the hand's menus)."""
    choice = Choice(index)
    for param in spec.params:
        if param.multiple or len(param.options) != 1:
            break
        choice = choice.add((0,))
    return choice
