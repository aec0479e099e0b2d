"""What a ruleset provides to the engine, and the result of a finished match."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from .actions import Action, ActionSpec
from .rng import Rng
from .steps import StepLog

__all__ = ["DeckInfo", "Result", "Ruleset"]

S = TypeVar("S")
V = TypeVar("V", covariant=True)


@dataclass(frozen=True, slots=True)
class Result:
    """How a match ended. ``winners`` is empty for a draw.

    ``points`` is what each seat gains or loses (lanes' stakes: ``(4, -4)``); empty where a ruleset
    keeps no score beyond the win.
    """

    winners: tuple[int, ...]
    reason: str
    summary: str
    points: tuple[int, ...] = ()
    detail: Mapping[str, Any] = field(default_factory=dict)

    @property
    def draw(self) -> bool:
        return not self.winners

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "reason": self.reason,
            "summary": self.summary,
            "points": list(self.points),
            "detail": dict(self.detail),
        }


@dataclass(frozen=True, slots=True)
class DeckInfo:
    """A starter deck a player may pick: its id (what a setup names) and how to present it."""

    id: str
    name: str
    blurb: str = ""


class Ruleset(Protocol, Generic[S, V]):
    """The contract between the engine and one ruleset.

    A ruleset object holds no match state: everything of a match is in its state object ``S``, so
    one ruleset object serves any number of matches. ``apply`` must check everything before it
    changes anything, and raise :class:`~rules.engine.IllegalAction` with a readable reason
    when the action is not allowed: a rejected action leaves the state as it was.
    """

    name: str
    version: str
    """Changes whenever rules or card data change, so an old record is never replayed wrongly."""
    min_seats: int
    max_seats: int
    timeout: Action | None
    """What the match's clock applies for a seat that ran out of time (LANES-4.5); ``None`` for
    a ruleset without a turn clock."""

    def starter_decks(self) -> list[DeckInfo]:
        """The decks a setup may name by id, in the order to offer them."""
        ...

    def normalize_setup(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        """The setup made explicit (starter decks spelled out), or ``ValueError``."""
        ...

    def random_setup(self, rng: Rng) -> dict[str, Any]:
        """A legal setup picked at random (for simulations)."""
        ...

    def create(self, seed: int, setup: Mapping[str, Any]) -> S:
        """A new match's state as dealt, before anything has resolved."""
        ...

    def begin(self, state: S, log: StepLog) -> None:
        """Resolve everything before the first decision (game start, the first turn's start)."""
        ...

    def legal_actions(self, state: S, seat: int) -> list[ActionSpec]: ...

    def apply(self, state: S, seat: int, action: Action, log: StepLog) -> None: ...

    def view(self, state: S, seat: int | None) -> V:
        """What ``seat`` may see (``None``: a spectator). Hidden things are absent, not flagged."""
        ...

    def pending(self, state: S) -> tuple[int, ...]:
        """The seats the match is waiting on now (empty once it is over)."""
        ...

    def result(self, state: S) -> Result | None: ...

    def canonical(self, state: S) -> Any:
        """The whole state as plain JSON data, for the state hash."""
        ...
