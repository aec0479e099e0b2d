"""A match: a ruleset, a seed, a setup and the accepted actions, with the state they produce.

The state is derived: replaying the same record gives the same state, bit for bit, and the same
:meth:`Match.state_hash`. That is what storage, restarts and replays all rest on.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any, Generic, Literal, TypeVar

from .actions import Action, ActionSpec
from .errors import IllegalAction
from .kinds import Kind, check_args
from .ruleset import Result, Ruleset
from .steps import QuietLog, Resolution, StepLog

__all__ = ["SPECTATOR", "Match", "Views", "canonical_hash"]

S = TypeVar("S")
V = TypeVar("V")

SPECTATOR: Literal["spectator"] = "spectator"
Views = bool | Literal["spectator"]
"""Which views a resolution's steps carry: none, every seat's after every step (``True``), or
the spectator's after each public step (``SPECTATOR``)."""


def canonical_hash(data: Any) -> str:
    """SHA-256 of the canonical JSON of ``data`` (sorted keys, no whitespace)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


class Match(Generic[S, V]):
    """One match in progress or finished.

    >>> from rules.registry import get_ruleset
    >>> m = Match.new(get_ruleset("lanes"), seed=7)
    >>> m.apply(0, m.legal_actions(0)[-1].build())  # doctest: +SKIP
    """

    __slots__ = (
        "_legal",
        "actions",
        "opening",
        "quiet",
        "ruleset",
        "seats",
        "seed",
        "setup",
        "state",
    )

    def __init__(
        self,
        ruleset: Ruleset[S, V],
        seed: int,
        setup: dict[str, Any],
        state: S,
        opening: Resolution,
        *,
        quiet: bool = False,
    ) -> None:
        self.ruleset = ruleset
        self.seed = seed
        self.setup = setup
        self.seats = int(setup["seats"])
        self.state = state
        self.opening = opening
        self.quiet = quiet
        self.actions: list[tuple[int, Action]] = []
        # Each seat's legal actions for the state as it stands: dropped by every accepted action.
        self._legal: dict[int, list[ActionSpec]] = {}

    @classmethod
    def new(
        cls,
        ruleset: Ruleset[S, V],
        seed: int,
        setup: Mapping[str, Any] | None = None,
        *,
        views: Views = False,
        quiet: bool = False,
    ) -> Match[S, V]:
        """Start a match. Its opening steps (game start, first turn start) are in ``opening``.

        A ``quiet`` match (simulations, playouts, replays that only need the state) writes no
        steps at all: its resolutions are empty, and the ruleset skips building captions."""
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            raise ValueError(f"a seed is an integer in [0, 2**63), got {seed!r}")
        explicit = ruleset.normalize_setup(setup or {})
        state = ruleset.create(seed, explicit)
        seats = int(explicit["seats"])
        log = _log(quiet and not views, views, lambda: _views(ruleset, state, seats, views))
        ruleset.begin(state, log)
        opening = Resolution(None, None, tuple(log.steps))
        return cls(ruleset, seed, explicit, state, opening, quiet=quiet)

    # -- asking -------------------------------------------------------------------------------

    @property
    def result(self) -> Result | None:
        return self.ruleset.result(self.state)

    @property
    def over(self) -> bool:
        return self.ruleset.result(self.state) is not None

    def pending(self) -> tuple[int, ...]:
        return self.ruleset.pending(self.state)

    def legal_actions(self, seat: int) -> list[ActionSpec]:
        """What ``seat`` may do now; exactly these (and the clock's action) are accepted."""
        self._check_seat(seat)
        return list(self._listing(seat))

    def _listing(self, seat: int) -> list[ActionSpec]:
        """The cached list itself (not a copy): for reading only."""
        specs = self._legal.get(seat)
        if specs is None:
            specs = self._legal[seat] = self.ruleset.legal_actions(self.state, seat)
        return specs

    def state_edited(self) -> None:
        """Say that ``state`` was changed by hand, not by ``apply`` (a test's state surgery): the
        legal actions are worked out anew."""
        self._legal.clear()

    def view(self, seat: int | None = None) -> V:
        if seat is not None:
            self._check_seat(seat)
        return self.ruleset.view(self.state, seat)

    def state_hash(self) -> str:
        ruleset = self.ruleset
        return canonical_hash([ruleset.name, ruleset.version, ruleset.canonical(self.state)])

    # -- acting -------------------------------------------------------------------------------

    def apply(self, seat: int, action: Action, *, views: Views = False) -> Resolution:
        """Apply ``action`` for ``seat``; raises :class:`IllegalAction` and changes nothing if the
        rules do not allow it. With ``views``, each step carries every seat's view after it;
        with ``views="spectator"``, each public step the spectator's view after it (what the
        channel's pictures need, at a fraction of the cost)."""
        self._check_seat(seat)
        if not isinstance(action, Action):
            raise IllegalAction("That is not an action.")
        if self.ruleset.result(self.state) is not None:
            raise IllegalAction("The match is over.")
        kind = self._accepted(seat, action)
        if self.quiet and not views:
            log: StepLog = _QUIET
        else:
            log = _log(False, views, lambda: _views(self.ruleset, self.state, self.seats, views))
        kind.handler(self.state, seat, action, log)
        self.actions.append((seat, action))
        self._legal.clear()
        return _new(Resolution, (seat, action, tuple(log.steps)))

    def _accepted(self, seat: int, action: Action) -> Kind:
        """The action's kind, if the action is one the seat may take now; else
        :class:`IllegalAction` with the ruleset's reason."""
        ruleset, state = self.ruleset, self.state
        kind = ruleset.kinds.get(action.kind)
        if kind is None:
            raise IllegalAction(f"{ruleset.name.capitalize()} has no action {action.kind!r}.")
        check_args(kind, action)
        if kind.clock:
            accepted = seat in ruleset.pending(state)
        elif kind.always is not None:
            accepted = kind.always(state, seat).matches(action)
        else:
            # The seat's listing if it was asked for (a menu, a random player); else only the part
            # of it that could hold this action (a replay, a typed command), which is the same.
            listed = self._legal.get(seat)
            if listed is None:
                listed = ruleset.offer_for(state, seat, action)
            accepted = _listed(listed, action)
        if accepted:
            return kind
        reason = kind.why_not(state, seat, action) if kind.why_not is not None else None
        raise IllegalAction(reason or _NOT_NOW)

    def _check_seat(self, seat: int) -> None:
        if type(seat) is not int or not 0 <= seat < self.seats:  # a bool is no seat
            raise IllegalAction(f"There is no seat {seat!r} in this match.")

    # -- records ------------------------------------------------------------------------------

    def record(self, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The match as a record (see ``docs/match-record.md``)."""
        from .record import to_record

        return to_record(self, meta)

    def __repr__(self) -> str:
        return (
            f"<Match {self.ruleset.name} seed={self.seed} actions={len(self.actions)} "
            f"hash={self.state_hash()[:12]}>"
        )


_NOT_NOW = "That move is not possible now."
_new = tuple.__new__  # a named tuple without its own __new__: one per accepted action
_QUIET = QuietLog()


def _log(quiet: bool, views: Views, snapshot: Any) -> StepLog:
    if quiet:
        return _QUIET
    if not views:
        return StepLog()
    return StepLog(snapshot, public_only=views == SPECTATOR)


def _listed(specs: list[ActionSpec], action: Action) -> bool:
    kind = action.kind
    # A plain loop, not any() over a generator: this runs on every action a match accepts.
    for spec in specs:  # noqa: SIM110
        if spec.kind == kind and spec.matches(action):
            return True
    return False


def _views(ruleset: Ruleset[S, V], state: S, seats: int, views: Views) -> dict[int | None, V]:
    out: dict[int | None, V] = {None: ruleset.view(state, None)}
    if views == SPECTATOR:
        return out
    for seat in range(seats):
        out[seat] = ruleset.view(state, seat)
    return out
