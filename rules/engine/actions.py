"""Actions a seat submits, and the structured descriptions of the legal ones.

An :class:`Action` is a small frozen value: a kind and named scalar arguments. It round-trips
through JSON (``Action.from_json(a.to_json()) == a``), which is how match records store it.

:meth:`rules.engine.Match.legal_actions` answers with :class:`ActionSpec` objects, which a UI turns
into menus without knowing the ruleset: a spec has a kind and a label, arguments it fixes, and
parameters the player still chooses (each with its options). Every combination of one option per
parameter is a legal action; a ruleset whose choices depend on each other lists several specs.

The descriptions are named tuples: immutable, and cheap to build in the hot loop of a simulation.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

__all__ = ["Action", "ActionSpec", "Option", "Param", "Scalar"]

Scalar = str | int | bool | None
"""The argument values an action may carry: JSON scalars (no floats: they do not hash stably)."""

_SCALARS = (str, int, bool, type(None))


class Action:
    """A move of one seat: ``Action("play", card=12, location=1)``."""

    __slots__ = ("_args", "kind")

    kind: str
    _args: tuple[tuple[str, Scalar], ...]

    def __init__(self, kind: str, /, **args: Scalar) -> None:
        if not isinstance(kind, str) or not kind:
            raise ValueError(f"an action kind must be a non-empty string, got {kind!r}")
        for name, value in args.items():
            if not isinstance(value, _SCALARS) or isinstance(value, float):
                raise ValueError(f"action argument {name}={value!r} is not a JSON scalar")
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "_args", tuple(sorted(args.items())))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Action is immutable")

    @property
    def args(self) -> dict[str, Scalar]:
        return dict(self._args)

    def __getitem__(self, name: str) -> Scalar:
        for key, value in self._args:
            if key == name:
                return value
        raise KeyError(name)

    def get(self, name: str, default: Scalar = None) -> Scalar:
        for key, value in self._args:
            if key == name:
                return value
        return default

    def to_json(self) -> dict[str, Scalar]:
        return {"kind": self.kind, **dict(self._args)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        if not isinstance(data, Mapping) or "kind" not in data:
            raise ValueError(f"an action needs a 'kind': {data!r}")
        args = {k: v for k, v in data.items() if k != "kind"}
        return cls(data["kind"], **args)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self.kind == other.kind and self._args == other._args

    def __hash__(self) -> int:
        return hash((self.kind, self._args))

    def __repr__(self) -> str:
        inner = "".join(f", {k}={v!r}" for k, v in self._args)
        return f"Action({self.kind!r}{inner})"


class Option(NamedTuple):
    """One choice for a parameter: the value sent back, and what the player reads."""

    value: Scalar
    label: str
    detail: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "label": self.label, "detail": self.detail}


class Param(NamedTuple):
    """A parameter the player still has to choose, with its legal options."""

    name: str
    label: str
    options: tuple[Option, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "label": self.label,
            "options": [o.to_json() for o in self.options],
        }


class ActionSpec(NamedTuple):
    """A family of legal actions, as a UI presents it.

    ``fixed`` holds the arguments this spec settles (the card to play, say); ``params`` the ones
    left to choose (the location). ``detail`` is longer help (a card's rules text).
    """

    kind: str
    label: str
    fixed: tuple[tuple[str, Scalar], ...] = ()
    params: tuple[Param, ...] = ()
    detail: str = ""

    def actions(self) -> Iterator[Action]:
        """Every concrete action this spec allows (one option per parameter)."""
        fixed = dict(self.fixed)
        names = [p.name for p in self.params]
        for values in itertools.product(*[[o.value for o in p.options] for p in self.params]):
            yield Action(self.kind, **fixed, **dict(zip(names, values, strict=True)))

    def build(self, **chosen: Scalar) -> Action:
        """The action for the given choices; raises ``ValueError`` for an option not offered."""
        args: dict[str, Scalar] = dict(self.fixed)
        for param in self.params:
            if param.name not in chosen:
                raise ValueError(f"choose {param.label.lower()} first")
            value = chosen[param.name]
            if all(o.value != value for o in param.options):
                raise ValueError(f"{value!r} is not an option for {param.label.lower()}")
            args[param.name] = value
        return Action(self.kind, **args)

    def matches(self, action: Action) -> bool:
        if action.kind != self.kind:
            return False
        args = action.args
        if any(args.get(k, _MISSING) != v for k, v in self.fixed):
            return False
        names = {k for k, _ in self.fixed} | {p.name for p in self.params}
        if set(args) != names:
            return False
        return all(any(o.value == args[p.name] for o in p.options) for p in self.params)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "label": self.label,
            "fixed": dict(self.fixed),
            "params": [p.to_json() for p in self.params],
            "detail": self.detail,
        }


_MISSING = object()
