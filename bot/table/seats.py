"""What the match service knows of a seat's options: their state version, and giving up.

The *state version* is a short digest of a seat, its legal actions and how many actions it has
made. It changes when what the seat may do changes, and when the seat acts, never because of
what another seat does in secret; a control carries it, so an out-of-date click is recognised:
one seat's control never stands for another seat's, even when both may do the same, and a
double click makes its move once, even when the seat may do the same again after it (an End
turn, and the next turn offers the same). A seat's way to give up is the listed action of one
of the ``GIVE_UP`` kinds (every ruleset lists it for every seat until the match is over).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from rules.engine import Action, ActionSpec

__all__ = ["GIVE_UP", "give_up_action", "version"]

GIVE_UP = ("retreat", "concede", "forfeit")
"""Kinds that lose the match at once, in the order ``/retreat`` looks for them."""


def version(specs: Sequence[ActionSpec], seat: int, acted: int) -> str:
    """The seat's state version: a short digest of the seat, its legal actions and how many
    actions it has made (``acted``). Specs are named tuples of scalars and tuples, whose
    ``repr`` is the same in every process: a custom id made before a restart is still
    recognised after it."""
    return hashlib.sha256(repr((seat, acted, tuple(specs))).encode()).hexdigest()[:8]


def give_up_action(specs: Sequence[ActionSpec]) -> Action | None:
    """The seat's own way to give up among its legal actions (the first listed, as ``/retreat``
    offers it), or None where it has none."""
    spec = next((s for s in specs if s.kind in GIVE_UP), None)
    return next(spec.actions(), None) if spec is not None else None
