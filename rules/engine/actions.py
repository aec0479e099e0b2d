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

__all__ = ["Action", "ActionSpec", "ArgValue", "Option", "Param", "Scalar"]

Scalar = str | int | bool | None
"""A JSON scalar (no floats: they do not hash stably)."""

ArgValue = Scalar | tuple[Scalar, ...]
"""What an action argument may hold: a scalar, or a tuple of them (a multi-choice parameter)."""

_SCALARS = (str, int, bool, type(None))
_PLAIN = frozenset(_SCALARS)


def _check_value(name: str, value: object) -> ArgValue:
    if value.__class__ in _PLAIN:  # the common case, first
        return value  # type: ignore[return-value]
    if isinstance(value, list):
        value = tuple(value)
    if isinstance(value, tuple):
        if all(isinstance(v, _SCALARS) and not isinstance(v, float) for v in value):
            return value
    elif isinstance(value, _SCALARS) and not isinstance(value, float):
        return value
    raise ValueError(f"action argument {name}={value!r} is not a JSON scalar or a list of them")


_set = object.__setattr__


class Action:
    """A move of one seat: ``Action("play", card=12, location=1)``."""

    __slots__ = ("_args", "kind")
    __clone_shared__ = True  # immutable: a copied state shares it (rules.engine.clone)

    kind: str
    _args: tuple[tuple[str, ArgValue], ...]

    def __init__(self, kind: str, /, **args: ArgValue | list[Scalar]) -> None:
        if not isinstance(kind, str) or not kind:
            raise ValueError(f"an action kind must be a non-empty string, got {kind!r}")
        _set(self, "kind", kind)
        for name, value in args.items():
            if value.__class__ not in _PLAIN:  # plain scalars (the common case) need no check
                args[name] = _check_value(name, value)
        _set(self, "_args", tuple(sorted(args.items())) if args else ())

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Action is immutable")

    @property
    def args(self) -> dict[str, ArgValue]:
        return dict(self._args)

    def __getitem__(self, name: str) -> ArgValue:
        for key, value in self._args:
            if key == name:
                return value
        raise KeyError(name)

    def get(self, name: str, default: ArgValue = None) -> ArgValue:
        for key, value in self._args:
            if key == name:
                return value
        return default

    def to_json(self) -> dict[str, Scalar | list[Scalar]]:
        out: dict[str, Scalar | list[Scalar]] = {"kind": self.kind}
        for key, value in self._args:
            out[key] = list(value) if isinstance(value, tuple) else value
        return out

    def canonical(self) -> dict[str, Scalar | list[Scalar]]:
        return self.to_json()

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
    """A parameter the player still has to choose, with its legal options.

    With ``most > 1`` the player picks between ``least`` and ``most`` different options (a
    mulligan's cards, say); the value is then a tuple of option values, in any order (a menu
    answers in the order clicked; :meth:`values` lists them in the options' order).
    """

    name: str
    label: str
    options: tuple[Option, ...]
    least: int = 1
    most: int = 1

    @property
    def multiple(self) -> bool:
        return self.most > 1

    def values(self) -> Iterator[ArgValue]:
        """Every value this parameter may take."""
        plain = [o.value for o in self.options]
        if not self.multiple:
            yield from plain
            return
        for size in range(self.least, min(self.most, len(plain)) + 1):
            yield from itertools.combinations(plain, size)

    def accepts(self, value: object) -> bool:
        if self.most <= 1:  # one value: checked on every action a match accepts, so kept short
            if isinstance(value, tuple):
                return False
            kind = type(value)  # strictly: True == 1, but True is no card
            for option in self.options:  # noqa: SIM110 (no generator: this runs on every apply)
                if option[0] == value and type(option[0]) is kind:
                    return True
            return False
        if not isinstance(value, tuple) or not self.least <= len(value) <= self.most:
            return False
        # A multi-select answers in the order the player clicked: any order of distinct options.
        plain = {(type(o.value), o.value) for o in self.options}
        chosen = {(type(v), v) for v in value}
        return len(chosen) == len(value) and chosen <= plain

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "label": self.label,
            "options": [o.to_json() for o in self.options],
            "least": self.least,
            "most": self.most,
        }


class ActionSpec(NamedTuple):
    """A family of legal actions, as a UI presents it.

    ``fixed`` holds the arguments this spec settles (the card to play, say); ``params`` the ones
    left to choose (the location). ``detail`` is longer help (a card's rules text).
    """

    kind: str
    label: str
    fixed: tuple[tuple[str, ArgValue], ...] = ()
    params: tuple[Param, ...] = ()
    detail: str = ""

    def actions(self) -> Iterator[Action]:
        """Every concrete action this spec allows (one value per parameter)."""
        fixed = dict(self.fixed)
        names = [p.name for p in self.params]
        for values in itertools.product(*[list(p.values()) for p in self.params]):
            yield Action(self.kind, **fixed, **dict(zip(names, values, strict=True)))

    def build(self, **chosen: ArgValue | list[Scalar]) -> Action:
        """The action for the given choices; raises ``ValueError`` for an option not offered."""
        args: dict[str, ArgValue] = dict(self.fixed)
        for param in self.params:
            if param.name not in chosen:
                raise ValueError(f"choose {param.label.lower()} first")
            value = chosen[param.name]
            if isinstance(value, list):
                value = tuple(value)
            if not param.accepts(value):
                raise ValueError(f"{value!r} is not an option for {param.label.lower()}")
            args[param.name] = value
        return Action(self.kind, **args)

    def matches(self, action: Action) -> bool:
        """Whether ``action`` is one of this spec's actions: its fixed arguments as fixed, a value
        each parameter accepts, and no other argument."""
        if action.kind != self.kind:
            return False
        if not self.fixed and not self.params:  # pass, end turn...: the commonest spec
            return not action._args
        given: dict[str, object] = dict(action._args)
        for key, value in self.fixed:
            if given.pop(key, _MISSING) != value:
                return False
        params = self.params
        if len(given) != len(params):
            return False
        for param in params:
            chosen = given.get(param.name, _MISSING)
            if chosen is _MISSING or not param.accepts(chosen):
                return False
        return True

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "label": self.label,
            "fixed": dict(self.fixed),
            "params": [p.to_json() for p in self.params],
            "detail": self.detail,
        }


_MISSING = object()
