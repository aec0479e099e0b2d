"""Closing a step with its caption: what changed, with numbers, never a card's rules text.

A caption is public unless its step is private; a card hidden from someone (drawn, placed face
down as a resource) is named only in a step private to the seat that may see it: :func:`close`
follows a public step with a private one per seat that drew cards in it ("You draw Ash Runner.").
Seats are named ``{seat0}`` and ``{seat1}``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import StepLog

__all__ = ["close", "counted", "listing", "sentence"]


def listing(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def counted(n: int, noun: str) -> str:
    """``1 character``, ``3 characters``; ``""`` for none."""
    if not n:
        return ""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def sentence(text: str) -> str:
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else f"{text}."


def close(log: StepLog, caption: str, to: int | None = None) -> None:
    """Close the step; then tell each seat that drew cards in it which ones, in a step of its
    own (a public caption says only how many)."""
    drawn: dict[int, list[str]] = {}
    if to is None:
        for event in log.pending:
            if event.kind == "drew_card":
                drawn.setdefault(event.data["seat"], []).append(event.data["name"])
    log.step(sentence(caption), to=to)
    for seat, names in drawn.items():
        log.step(f"You draw {listing(names)}.", to=seat)
