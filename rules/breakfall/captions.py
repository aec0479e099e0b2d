"""Closing a step with its caption: what changed, with numbers, never a card's rules text.

A caption is public unless its step is private; a card hidden from someone (drawn, placed face
down as a resource) is named only in a step private to the seat that may see it: :func:`close`
follows a public step with a private one per seat that drew cards in it ("You draw Ash Runner.").
Seats are named ``{seat0}`` and ``{seat1}``. Every caption is a template of :data:`CAPTIONS`
(``rules/breakfall/words.py``), said so that any language can show it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from ..engine import Said, StepLog
from .words import CAPTIONS

__all__ = ["close", "counted", "joined", "listed", "named", "say", "tell"]


@functools.lru_cache(maxsize=16_384)
def _kept(template: str, values: tuple[tuple[str, Any], ...]) -> Said:
    return CAPTIONS.say(template, **dict(values))


def say(template: str, /, **values: Any) -> Said:
    """``CAPTIONS.say(template, **values)``, kept: a match says the same sentences and clauses
    over and over (a turn's start, a draw, a card's numbers), and finding one said before is
    quicker than saying it again (the bench's ``apply`` writes every caption)."""
    return _kept(template, tuple(values.items()))


def tell(log: StepLog, template: str, /, to: int | None = None, **values: Any) -> None:
    """Close the step with the caption ``say(template, **values)``; nothing in quiet play."""
    if not log.quiet:
        log.step(_kept(template, tuple(values.items())), to=to)


def joined(template: str, items: Sequence[str]) -> str:
    """Items one after another with ``template`` (``{before}; {after}``), as
    ``CAPTIONS.join``: ``""`` for none, the item itself for one."""
    text = ""
    for item in items:
        text = say(template, before=text, after=item) if text else item
    return text


def listed(items: Sequence[str], last: str = "list.and") -> str:
    """``a``, ``a and b``, ``a, b and c``; ``""`` for none. ``last``: the template joining the
    last item (``list.and.clauses`` for clauses, which Japanese joins otherwise than nouns)."""
    if len(items) <= 1:
        return items[0] if items else ""
    return say(last, before=joined("list.comma", items[:-1]), after=items[-1])


@functools.cache
def named(name: str) -> Said:
    """A card's name in a caption, said once for each card."""
    return CAPTIONS.say("card", card=name)


def counted(n: int, noun: str) -> str:
    """``1 character``, ``3 characters`` (``noun``: ``character``, ``resource``); ``""`` for
    none."""
    if not n:
        return ""
    return say(f"count.{noun}.{'one' if n == 1 else 'other'}", n=n)


def close(log: StepLog, template: str, /, **values: Any) -> None:
    """Close the step with the caption ``template``; then tell each seat that drew cards in it
    which ones, in a step of its own (a public caption says only how many)."""
    drawn: dict[int, list[str]] = {}
    for event in log.pending:
        if event.kind == "drew_card":
            drawn.setdefault(event.data["seat"], []).append(event.data["name"])
    tell(log, template, **values)
    for seat, names in drawn.items():
        tell(log, "you_draw", to=seat, cards=listed([named(n) for n in names]))
