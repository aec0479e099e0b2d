"""Moves typed into slash commands: which action a typed (or autocompleted) value means, and
which options; what is still open is then asked with the same menus as in a hand."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rules.engine import ActionSpec, Param

from .controls import Choice

__all__ = ["find_option", "find_spec", "prefill", "spec_value"]

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
        raise ValueError(f"Nothing matches {text!r} now. Pick from the list as you type.")
    raise ValueError(f"{text!r} could mean several things. Pick from the list as you type.")


def find_option(param: Param, text: str) -> tuple[int, ...]:
    """The option indices a typed value means: ``#2`` from autocomplete, else by label or
    value; a multi-choice parameter takes several, separated by commas."""
    parts = [p.strip() for p in text.split(",")] if param.multiple else [text.strip()]
    picks = []
    for part in parts:
        if part.startswith("#") and part[1:].isdigit() and int(part[1:]) < len(param.options):
            picks.append(int(part[1:]))
            continue
        lowered = part.lower()
        hits = [
            k
            for k, o in enumerate(param.options)
            if o.label.lower() == lowered or str(o.value).lower() == lowered
        ] or [k for k, o in enumerate(param.options) if o.label.lower().startswith(lowered)]
        if len(hits) != 1:
            labels = ", ".join(o.label for o in param.options)
            raise ValueError(f"{param.label}: {part!r} is not one of: {labels}.")
        picks.append(hits[0])
    return tuple(sorted(set(picks)))


def prefill(spec: ActionSpec, index: int, typed: dict[str, str | None]) -> Choice:
    """A choice with every parameter filled that was typed by name, or has a single option,
    up to the first one still open."""
    choice = Choice(index)
    for param in spec.params:
        text = typed.get(param.name)
        if text:
            choice = choice.add(find_option(param, text))
        elif not param.multiple and len(param.options) == 1:
            choice = choice.add((0,))
        else:
            break
    return choice
