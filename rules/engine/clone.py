"""A match state copied by its own structure, for search: every playout changes a copy.

``copy.deepcopy`` works, but it asks each object how to copy itself and keeps a memo of
everything, card definitions included; a CPU copies a state hundreds of times per decision. This
walk knows what a state is made of, the same things :mod:`.canonical` reads:

- scalars, functions and classes are shared; so are *values*: frozen dataclasses (a card
  definition, a card pool, a :class:`~.ruleset.Result`), classes that stand for an id
  (``__canonical__``) and classes marked ``__clone_shared__`` (an :class:`~.actions.Action`);
- lists, dicts, sets and deques are copied; a tuple (a named tuple too) is kept if nothing in it
  changes, else rebuilt;
- any other object (``__slots__``, a dataclass, plain attributes) is copied field by field, caches
  (``__canonical_skip__``) included, since a cache belongs to its state;
- an object met twice is copied once, so a card in a hand and in the table of cards stays one
  card.
"""

from __future__ import annotations

import dataclasses
import enum
import types
from collections import deque
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["clone"]

T = TypeVar("T")

_ATOMS: frozenset[type] = frozenset(
    {
        int,
        str,
        bool,
        float,
        bytes,
        type(None),
        type,
        range,
        types.FunctionType,
        types.BuiltinFunctionType,
        types.MethodType,
    }
)


def clone(state: T) -> T:
    """A copy of ``state`` that shares nothing that can change (see the module's docstring)."""
    copied: T = _Walk().value(state)
    return copied


_Copier = Callable[["_Walk", Any], Any]


class _Walk:
    __slots__ = ("memo",)

    def __init__(self) -> None:
        self.memo: dict[int, Any] = {}

    def value(self, x: Any) -> Any:
        kind = type(x)
        if kind in _ATOMS:
            return x
        done = self.memo.get(id(x))
        if done is not None:
            return done
        copier = _COPIERS.get(kind)
        if copier is None:
            copier = _COPIERS[kind] = _copier_for(kind)
        return copier(self, x)


def _share(walk: _Walk, x: Any) -> Any:
    return x


def _list(walk: _Walk, x: list[Any]) -> list[Any]:
    new: list[Any] = []
    walk.memo[id(x)] = new
    value = walk.value
    new.extend([value(v) for v in x])
    return new


def _dict(walk: _Walk, x: dict[Any, Any]) -> dict[Any, Any]:
    new: dict[Any, Any] = {}
    walk.memo[id(x)] = new
    value = walk.value
    for k, v in x.items():
        new[value(k)] = value(v)
    return new


def _set(walk: _Walk, x: set[Any]) -> set[Any]:
    new: set[Any] = set()
    walk.memo[id(x)] = new
    value = walk.value
    new.update([value(v) for v in x])
    return new


def _deque(walk: _Walk, x: deque[Any]) -> deque[Any]:
    new: deque[Any] = deque(maxlen=x.maxlen)
    walk.memo[id(x)] = new
    value = walk.value
    new.extend([value(v) for v in x])
    return new


def _tuple(walk: _Walk, x: tuple[Any, ...]) -> tuple[Any, ...]:
    value = walk.value
    items = [value(v) for v in x]
    if all(a is b for a, b in zip(items, x, strict=True)):
        return x
    new: tuple[Any, ...] = tuple(items) if type(x) is tuple else type(x)(*items)  # named
    walk.memo[id(x)] = new
    return new


def _frozenset(walk: _Walk, x: frozenset[Any]) -> frozenset[Any]:
    value = walk.value
    items = [value(v) for v in x]
    if all(a is b for a, b in zip(items, x, strict=True)):
        return x
    return frozenset(items)


_COPIERS: dict[type, _Copier] = {
    list: _list,
    dict: _dict,
    set: _set,
    frozenset: _frozenset,
    tuple: _tuple,
    deque: _deque,
}


def _copier_for(cls: type) -> _Copier:
    """How instances of ``cls`` are copied, worked out once per class."""
    if _is_value(cls):
        return _share
    if issubclass(cls, tuple):
        return _tuple
    if issubclass(cls, list | dict | set | deque | frozenset):
        raise TypeError(f"cannot clone a subclass of a container: {cls.__name__}")
    fields = _slot_fields(cls)
    has_dict = "__dict__" in dir(cls) and not hasattr(cls, "__slots__")
    new = object.__new__
    put = object.__setattr__

    def copy(walk: _Walk, x: Any) -> Any:
        out = new(cls)
        walk.memo[id(x)] = out
        value = walk.value
        for name in fields:
            try:
                v = getattr(x, name)
            except AttributeError:  # a slot never set stays unset
                continue
            put(out, name, value(v))
        if has_dict or hasattr(x, "__dict__"):
            for name, v in vars(x).items():
                put(out, name, value(v))
        return out

    return copy


def _is_value(cls: type) -> bool:
    if getattr(cls, "__clone_shared__", False) or getattr(cls, "__canonical__", None):
        return True
    if dataclasses.is_dataclass(cls):
        params = getattr(cls, "__dataclass_params__", None)
        return bool(params is not None and params.frozen)
    return issubclass(cls, type | enum.Enum)


def _slot_fields(cls: type) -> tuple[str, ...]:
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        slots = klass.__dict__.get("__slots__", ())
        for name in [slots] if isinstance(slots, str) else slots:
            if name not in ("__dict__", "__weakref__") and name not in names:
                names.append(name)
    return tuple(names)
