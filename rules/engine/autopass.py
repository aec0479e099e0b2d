"""Priority windows that do not wait on a seat with nothing to answer (CHARM-13.2, BREAKFALL-9.2).

Play by chat stalls if every window of priority waits for a click. Two cases are passed for a
seat, by the rules themselves, so a replay makes the same passes:

- **evident**: the seat has nothing it could use, and anyone can see that (no card in hand and
  nothing usable on the table): its pass tells nobody anything, so it is never asked;
- **opted in**: the seat turned auto-pass on (an ``always`` kind, off by default, since a pass
  made at once tells the opponent it held nothing usable) and holds nothing usable now.

The ruleset says what "usable" and "evident" mean for it (``AutoPass.passes_for``) and makes the
pass, with a step saying so, wherever it would otherwise hand a seat priority.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .actions import Action, ActionSpec
from .kinds import Kind
from .steps import StepLog
from .words import ENGINE

__all__ = ["AUTO_PASS", "AutoPass", "auto_pass_kind"]

AUTO_PASS = "auto_pass"
"""The kind a seat turns its auto-pass on or off with (no arguments: it flips)."""


class AutoPass:
    """The seats that turned auto-pass on (part of the match state)."""

    __slots__ = ("seats",)

    def __init__(self, seats: Iterable[int] = ()) -> None:
        self.seats: set[int] = set(seats)

    def is_on(self, seat: int) -> bool:
        return seat in self.seats

    def flip(self, seat: int) -> bool:
        """Turn the seat's auto-pass on if it was off, else off; returns whether it is now on."""
        if seat in self.seats:
            self.seats.discard(seat)
            return False
        self.seats.add(seat)
        return True

    def passes_for(self, seat: int, *, usable: bool, evident: bool = False) -> bool:
        """Whether the seat's pass is made for it: it holds nothing ``usable`` and either that is
        ``evident`` to everyone or it opted in."""
        return not usable and (evident or seat in self.seats)

    def __repr__(self) -> str:
        return f"AutoPass({sorted(self.seats)!r})"


def auto_pass_kind(
    of: Callable[[Any], AutoPass], then: Callable[[Any, int, StepLog], None]
) -> Kind:
    """The ``always`` kind that flips a seat's auto-pass: listed for every seat until the match
    is over, labelled with what a click does. ``of(state)`` is the match's :class:`AutoPass`;
    ``then(state, seat, log)`` runs after the flip, so a ruleset waiting on that seat with
    nothing usable passes for it at once."""

    def spec(state: Any, seat: int) -> ActionSpec:
        return _TURN_OFF if seat in of(state).seats else _TURN_ON  # is_on, asked every listing

    def flip(state: Any, seat: int, action: Action, log: StepLog) -> None:
        on = of(state).flip(seat)
        log.step(_ON_STEP if on else _OFF_STEP, to=seat)
        then(state, seat, log)

    return Kind(AUTO_PASS, flip, always=spec)


_ON_STEP = ENGINE.say("auto_pass.now.on")
_OFF_STEP = ENGINE.say("auto_pass.now.off")
_TURN_ON = ActionSpec(
    AUTO_PASS, ENGINE.say("auto_pass.label.on"), detail=ENGINE.say("auto_pass.detail.on")
)
_TURN_OFF = ActionSpec(
    AUTO_PASS, ENGINE.say("auto_pass.label.off"), detail=ENGINE.say("auto_pass.detail.off")
)
"""What the kind lists (values: the same for every match, asked on every decision)."""
