"""A match state as plain JSON data, derived from the state's own fields (for the state hash).

Nothing is listed by hand, so a field added to a state class is in the hash from the start. The
walk is defined by the objects' structure alone, so equal states give equal data:

- scalars stay as they are (a float is refused: it does not hash stably);
- lists, tuples and deques become lists; sets become sorted lists; dicts become sorted pairs;
- an object with ``__slots__`` (or a dataclass, or plain attributes) becomes a dict of its fields,
  less those named in its class's ``__canonical_skip__`` (a card pool, a cache, anything derived
  from the setup);
- a class may name one attribute that stands for it, ``__canonical__ = "id"``: a card
  definition is its id, the same in every match, so the hash need not hold its text;
- an entity (an object with a ``uid``, such as a card) is written in full where the walk first
  meets it and as ``["@", uid]`` wherever it is met again, so a card listed in a hand and in the
  match's table of cards is in the hash once;
- an object may still give its own ``canonical()`` where its fields are not the right form.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from typing import Any

__all__ = ["canonical"]

_SCALARS = (int, str, bool, type(None))


def canonical(state: object, *, without: frozenset[str] = frozenset()) -> Any:
    """``state`` as plain JSON data (see the module's docstring for the rules). Fields named in
    ``without`` are left out wherever they are met (the RNG, for a repeated-state key)."""
    return _Walk(without).value(state)


class _Walk:
    __slots__ = ("seen", "without")

    def __init__(self, without: frozenset[str]) -> None:
        self.seen: set[int] = set()
        self.without = without

    def value(self, x: object) -> Any:
        kind = type(x)
        # The common types first, by identity: this runs for every value of every state hash.
        if kind is int or kind is str or kind is bool or x is None:
            return x
        if kind is list or kind is tuple:
            value = self.value
            return [value(v) for v in x]  # type: ignore[attr-defined]
        if isinstance(x, _SCALARS):
            return x
        if isinstance(x, float):
            raise TypeError("a match state holds no floats: they do not hash stably")
        if isinstance(x, list | tuple | deque):
            return [self.value(v) for v in x]
        if isinstance(x, dict):
            return sorted(([self.value(k), self.value(v)] for k, v in x.items()), key=_order)
        if isinstance(x, set | frozenset):
            return sorted((self.value(v) for v in x), key=_order)
        return self.thing(x)

    def thing(self, x: object) -> Any:
        plan = _PLANS.get(type(x))
        if plan is None:
            plan = _PLANS[type(x)] = _Plan(type(x), x)
        if plan.stands_for is not None:
            return self.value(getattr(x, plan.stands_for))
        if plan.own:
            own = getattr(x, "canonical", None)
            if callable(own):
                return self.value(own())
        uid = getattr(x, "uid", None)
        if uid is not None:
            if id(x) in self.seen:
                return ["@", uid]
            self.seen.add(id(x))
        names = plan.fields if plan.fields is not None else plan.names(x)
        value, without = self.value, self.without
        if without:
            return {name: value(getattr(x, name)) for name in names if name not in without}
        return {name: value(getattr(x, name)) for name in names}


class _Plan:
    """What a class's instances are written as, worked out once per class: the attribute that
    stands for it, whether it has its own ``canonical()``, and its fields less those skipped
    (``fields`` is None where instances may carry attributes of their own, in ``__dict__``)."""

    __slots__ = ("fields", "own", "skip", "stands_for")

    def __init__(self, cls: type, x: object) -> None:
        self.stands_for: str | None = getattr(cls, "__canonical__", None)
        self.own = callable(getattr(x, "canonical", None))
        self.skip = frozenset(getattr(cls, "__canonical_skip__", ()))
        dynamic = hasattr(x, "__dict__") and not dataclasses.is_dataclass(x)
        self.fields: tuple[str, ...] | None = None if dynamic else self.names(x)

    def names(self, x: object) -> tuple[str, ...]:
        return tuple(n for n in _fields(type(x), x) if n not in self.skip)


_PLANS: dict[type, _Plan] = {}


def _fields(cls: type, x: object) -> list[str]:
    if dataclasses.is_dataclass(x):
        return [f.name for f in dataclasses.fields(x)]
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    if hasattr(x, "__dict__"):
        names.extend(sorted(vars(x)))
    return [n for n in names if not n.startswith("__")]


def _order(value: Any) -> str:
    return repr(value)
