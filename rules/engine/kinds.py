"""The kinds of action a ruleset declares, and the one place that checks an action against them.

A ruleset declares each kind of action once: its name, the arguments it takes, the handler that
carries it out and, to explain a refusal, a function that says why such an action is not allowed.
The engine (:meth:`rules.engine.Match.apply`) then accepts exactly what
:meth:`~rules.engine.Match.legal_actions` lists, so what a menu offers and what the rules accept
can never drift apart, and a handler runs only on an action already known to be legal.

Two kinds are special:

- ``always``: every seat may take it at any time until the match is over (conceding, retreating);
  the engine lists it for every seat, built by the given function.
- ``clock``: the turn clock's action (LANES-4.5, FANFARE's timeout): never listed for a player,
  accepted for a seat the match is waiting on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, ActionSpec
from .errors import IllegalAction
from .steps import StepLog

__all__ = ["Kind", "check_args", "kinds"]

Handler = Callable[[Any, int, Action, StepLog], None]
"""Carries out a legal action: ``handler(state, seat, action, log)``."""
WhyNot = Callable[[Any, int, Action], "str | None"]
"""Why ``action`` is not allowed for ``seat`` now, in words for the player (or ``None``)."""
Offer = Callable[[Any, int], ActionSpec]
"""The spec of an ``always`` kind for ``seat`` (its label may say what it costs now)."""


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of action: ``Kind("play", play, ("card", "location"), why_not=play_problem)``."""

    name: str
    handler: Handler
    params: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    why_not: WhyNot | None = None
    always: Offer | None = None
    clock: bool = False
    # The argument names in the order an Action keeps them (sorted), for the common check.
    signature: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "signature", tuple(sorted(self.params)))


def kinds(*declared: Kind) -> Mapping[str, Kind]:
    """A ruleset's kinds by name (each name once)."""
    out: dict[str, Kind] = {}
    for kind in declared:
        if kind.name in out:
            raise ValueError(f"action kind {kind.name!r} declared twice")
        out[kind.name] = kind
    return out


def check_args(kind: Kind, action: Action) -> None:
    """The action carries exactly the kind's arguments (optional ones may be left out)."""
    args = action._args
    if not args and not kind.signature:  # pass, end turn...: the commonest
        return
    names = tuple([name for name, _ in args])  # a list first: quicker than a generator
    if names == kind.signature:
        return
    if kind.optional and set(names).issuperset(kind.params) and set(names).issubset(_allowed(kind)):
        return
    wanted = ", ".join(kind.params) or "no arguments"
    raise IllegalAction(f"'{kind.name}' takes {wanted}.")


def _allowed(kind: Kind) -> Iterable[str]:
    return (*kind.params, *kind.optional)
