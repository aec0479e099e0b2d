"""Events, resolution steps, and the log a ruleset writes them into.

A ruleset reports what happened as :class:`Event` values, grouped into :class:`Step` values: a step
is the unit after which the board is shown again (LANES-5.5, and the same for every ruleset). An
event is public unless it names the seats that may see it; a step's caption is public unless the
step itself is private to some seats (a card in hand growing cheaper, say).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from .wording import Wording

__all__ = ["TURN_STARTED", "Event", "QuietLog", "Resolution", "Step", "StepLog", "name_seats"]

TURN_STARTED = "turn_started"
"""The public event every ruleset writes when a turn begins (a turn clock restarts on it)."""

_SEAT_REF = re.compile(r"\{seat(\d+)\}")


def name_seats(text: str, names: Sequence[str] | None = None) -> str:
    """Put names into a caption: rules texts name seats as ``{seat0}``, ``{seat1}``...

    Only those markers are replaced, so braces in a card name are safe. Without names, seats
    read "Player 1", "Player 2"...
    """

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        if names is not None and seat < len(names):
            return names[seat]
        return f"Player {seat + 1}"

    return _SEAT_REF.sub(name, text)


Audience = frozenset[int] | None
"""Who may see a thing: ``None`` for everyone, else exactly these seats."""


def _audience(to: int | Iterable[int] | None) -> Audience:
    if to is None:
        return None
    if isinstance(to, int):
        return frozenset((to,))
    return frozenset(to)


class Event(NamedTuple):
    """Something that happened: ``Event("revealed", {"card": 12, "location": 1})``."""

    kind: str
    data: Mapping[str, Any]
    to: Audience = None

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, **self.data}
        if self.to is not None:
            out["to"] = sorted(self.to)
        return out


class Step(NamedTuple):
    """One resolution step: its caption, its events and, when asked for, the views after it.

    ``views`` maps a seat (``None`` for a spectator) to what that seat sees once the step is done.
    """

    caption: str
    events: tuple[Event, ...]
    audience: Audience = None
    views: Mapping[int | None, Any] | None = None

    @property
    def public(self) -> bool:
        return self.audience is None

    def visible_to(self, seat: int | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)

    def events_for(self, seat: int | None) -> tuple[Event, ...]:
        if not self.visible_to(seat):
            return ()
        return tuple(e for e in self.events if e.visible_to(seat))


class Resolution(NamedTuple):
    """What one accepted action did: the steps in order (possibly none)."""

    seat: int | None
    action: Any
    steps: tuple[Step, ...]

    def steps_for(self, seat: int | None) -> tuple[Step, ...]:
        return tuple(s for s in self.steps if s.visible_to(seat))


_new = tuple.__new__


class StepLog:
    """Where a ruleset writes events and closes steps while it resolves an action.

    ``snapshot``, when given, is called as each step closes (each public step, with
    ``public_only``) and its result becomes the step's ``views``; simulations leave it out and
    pay nothing for views. A :class:`QuietLog` keeps
    nothing at all: a ruleset that builds a costly caption asks ``log.quiet`` first.
    """

    __slots__ = ("_events", "_public_only", "_snapshot", "steps")

    quiet = False

    def __init__(
        self,
        snapshot: Callable[[], Mapping[int | None, Any]] | None = None,
        *,
        public_only: bool = False,
    ) -> None:
        self._events: list[Event] = []
        self._snapshot = snapshot
        self._public_only = public_only
        self.steps: list[Step] = []

    def event(self, kind: str, to: int | Iterable[int] | None = None, /, **data: Any) -> None:
        # tuple.__new__ skips the named tuple's own __new__: rulesets log a lot of events.
        audience = None if to is None else _audience(to)
        self._events.append(_new(Event, (kind, data, audience)))

    def step(self, caption: str, *, to: int | Iterable[int] | None = None) -> None:
        """Close the current step. ``to`` makes the whole step private to those seats."""
        snapshot = self._snapshot
        if snapshot is not None and (to is None or not self._public_only):
            views = snapshot()
        else:
            views = None
        audience = None if to is None else _audience(to)
        self.steps.append(_new(Step, (caption, tuple(self._events), audience, views)))
        self._events = []

    def say(
        self,
        wording: Wording,
        template: str,
        /,
        to: int | Iterable[int] | None = None,
        **values: Any,
    ) -> None:
        """Close the current step with the caption ``wording.say(template, **values)`` (a text
        every language can show: docs/i18n.md), written only when someone reads it."""
        self.step(wording.say(template, **values), to=to)

    @property
    def pending(self) -> tuple[Event, ...]:
        """The events of the step still open (a caption may sum them up)."""
        return tuple(self._events)

    def flush(self, caption: str) -> None:
        """Close a step only if events are waiting (so nothing is silently dropped)."""
        if self._events:
            self.step(caption)


class QuietLog(StepLog):
    """A log nobody reads (simulations, playouts, replays): events and steps are dropped as they
    come, so a ruleset pays nothing for what it says. ``quiet`` tells it to skip building
    captions and event data it would only throw away."""

    __slots__ = ()

    quiet = True

    def event(self, kind: str, to: int | Iterable[int] | None = None, /, **data: Any) -> None:
        return None

    def step(self, caption: str, *, to: int | Iterable[int] | None = None) -> None:
        return None

    def say(
        self,
        wording: Wording,
        template: str,
        /,
        to: int | Iterable[int] | None = None,
        **values: Any,
    ) -> None:
        return None

    @property
    def pending(self) -> tuple[Event, ...]:
        return ()

    def flush(self, caption: str) -> None:
        return None
