"""A state a seat cannot tell from the real one: unknown cards dealt again (for a fair CPU).

A CPU searches over *determinized* states: full states that give its seat exactly the view it has
(``view(determinized, seat) == view(state, seat)``), with what it cannot know drawn afresh. A
ruleset names its hidden zones; :func:`redeal` deals the cards in them again, and
:func:`reseeded` draws the match's chance afresh.

The result depends on what the seat knows only, not on how the real state holds it: the cards'
contents are gathered in a fixed order before the shuffle, and the uids of the places are handed
out in order, so two states that give the seat the same view give the same determinized state
for the same generator. A CPU is then fair by construction.
"""

from __future__ import annotations

from collections.abc import Iterable, MutableMapping, Sequence
from typing import Any, Protocol, TypeVar

from .canonical import canonical
from .rng import Rng

__all__ = ["HiddenCard", "redeal", "reseeded"]


class HiddenCard(Protocol):
    uid: int


C = TypeVar("C", bound=HiddenCard)


def redeal(
    zones: Sequence[list[C]],
    rng: Rng,
    *,
    stay: Iterable[str],
    cards: MutableMapping[int, C] | None = None,
) -> list[C]:
    """Deal the cards of ``zones`` (hidden from the seat) again, each zone keeping its count.

    A card object is a *place*: it stays in its zone and keeps the fields named in ``stay``
    (owner, zone, position: what the seat sees of the place). Everything else about a card, its
    *contents* (definition, counters, bonuses), is gathered, put in a fixed order, shuffled with
    ``rng`` and handed out again; the places' uids are handed out in order of the places, so no
    uid tells what the real card was. ``cards``, the match's table of cards by uid, is updated.
    References to these cards by uid elsewhere in the state are the caller's to drop first.
    Returns the places, in the order of ``zones``."""
    places = [card for zone in zones for card in zone]
    if not places:
        return places
    fields = _contents(type(places[0]), frozenset(stay) | {"uid"})
    contents = [tuple(getattr(card, name) for name in fields) for card in places]
    contents.sort(key=_order)
    rng.shuffle(contents)
    uids = sorted(card.uid for card in places)
    for card, uid, content in zip(places, uids, contents, strict=True):
        card.uid = uid
        for name, value in zip(fields, content, strict=True):
            setattr(card, name, value)
    if cards is not None:
        for card in places:
            cards[card.uid] = card
    return places


def reseeded(rng: Rng) -> Rng:
    """A generator for a determinized state, drawn from the determinization's ``rng``: the
    real one's state is the match's future (the next shuffle, the next die), which nobody may
    know, so nothing of it is kept."""
    return Rng(rng.next_u64())


def _contents(cls: type, stay: frozenset[str]) -> tuple[str, ...]:
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    if not names:
        raise TypeError(f"redeal needs cards with __slots__, not {cls.__name__}")
    return tuple(n for n in names if n not in stay)


def _order(content: tuple[Any, ...]) -> str:
    """A card's contents as text to sort by: any fixed order will do, as long as it depends on
    the contents alone (a definition by its id, not by where it sits in memory)."""
    return "|".join([_text(value) for value in content])


def _text(value: Any) -> str:
    kind = type(value)
    if kind is int or kind is str or kind is bool or value is None:
        return repr(value)
    if kind is list or kind is tuple:
        return "[" + ",".join([_text(v) for v in value]) + "]"
    stands_for = getattr(kind, "__canonical__", None)
    if stands_for is not None:
        return repr(getattr(value, stands_for))
    return repr(canonical(value))
