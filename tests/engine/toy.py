"""A tiny ruleset for testing the engine on its own: take 1 to 3 counters, last taker wins.

It is written the way every ruleset is (``docs/architecture.md``, "How to add a ruleset"): a state,
``begin``, ``offer``, its kinds, ``pending`` and ``view``; the skeleton does the rest.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules.ai import Guide
from rules.engine import (
    Action,
    ActionSpec,
    Kind,
    Option,
    Param,
    Result,
    Rng,
    RulesetBase,
    StepLog,
    kinds,
)


@dataclass
class ToyState:
    rng: Rng
    counters: int
    turn_seat: int
    hidden: list[int]
    result: Result | None = None


@dataclass(frozen=True)
class ToyView:
    counters: int
    turn_seat: int
    my_secret: int | None


@dataclass(frozen=True)
class _NoPool:
    cards: Mapping[str, Any]
    decks: Mapping[str, Any]
    digest: str


def _take(state: ToyState, seat: int, action: Action, log: StepLog) -> None:
    n = action["n"]
    assert isinstance(n, int)
    state.counters -= n
    log.event("took", None, seat=seat, n=n)
    log.step(f"{{seat{seat}}} takes {n}.")
    if state.counters == 0:
        state.result = Result((seat,), "last", f"{{seat{seat}}} takes the last counter.")
        log.step(state.result.summary)
    else:
        state.turn_seat = 1 - seat


def _why_not_take(state: ToyState, seat: int, action: Action) -> str | None:
    if seat != state.turn_seat:
        return "It is not your turn."
    return "Take 1, 2 or 3 counters (no more than are left)."


def _concede(state: ToyState, seat: int, action: Action, log: StepLog) -> None:
    state.result = Result((1 - seat,), "concede", f"{{seat{seat}}} concedes.")
    log.step(state.result.summary)


class Toy(RulesetBase[ToyState, ToyView]):
    name = "toy"
    rules_version = "1"
    # A CPU may play it: its secrets change nothing, so the default determinization serves.
    cpu_guide = Guide()
    setup_fields = frozenset({"counters"})
    kinds: ClassVar[Mapping[str, Kind]] = kinds(
        Kind("take", _take, ("n",), why_not=_why_not_take),
        Kind("concede", _concede, always=lambda state, seat: ActionSpec("concede", "Concede")),
    )

    def __init__(self) -> None:
        super().__init__(_NoPool({}, {}, "0" * 12))

    def normalize_extra(self, setup: Mapping[str, Any], seats: int) -> dict[str, Any]:
        return {"counters": int(setup.get("counters", 10))}

    def random_setup(self, rng: Rng) -> dict[str, Any]:
        return {"counters": rng.between(5, 15)}

    def create(self, seed: int, setup: Mapping[str, Any]) -> ToyState:
        rng = Rng(seed)
        return ToyState(rng, setup["counters"], 0, [rng.below(100), rng.below(100)])

    def begin(self, state: ToyState, log: StepLog) -> None:
        state.turn_seat = state.rng.coin()
        log.event("secret", 0, value=state.hidden[0])
        log.event("secret", 1, value=state.hidden[1])
        log.step(f"{{seat{state.turn_seat}}} goes first.")

    def offer(self, state: ToyState, seat: int) -> list[ActionSpec]:
        if seat != state.turn_seat:
            return []
        options = tuple(Option(n, str(n)) for n in range(1, min(3, state.counters) + 1))
        return [ActionSpec("take", "Take counters", (), (Param("n", "How many", options),))]

    def view(self, state: ToyState, seat: int | None) -> ToyView:
        return ToyView(
            state.counters, state.turn_seat, state.hidden[seat] if seat is not None else None
        )

    def pending(self, state: ToyState) -> tuple[int, ...]:
        return () if state.result else (state.turn_seat,)
