"""A tiny ruleset for testing the engine on its own: take 1 to 3 counters, last taker wins."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.engine import (
    Action,
    ActionSpec,
    DeckInfo,
    IllegalAction,
    Option,
    Param,
    Result,
    Rng,
    StepLog,
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


class Toy:
    name = "toy"
    version = "1"
    min_seats = 2
    max_seats = 2
    timeout = None

    def starter_decks(self) -> list[DeckInfo]:
        return []

    def normalize_setup(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        return {"seats": 2, "counters": int(setup.get("counters", 10))}

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

    def legal_actions(self, state: ToyState, seat: int) -> list[ActionSpec]:
        if state.result is not None or seat != state.turn_seat:
            return []
        options = tuple(Option(n, str(n)) for n in range(1, min(3, state.counters) + 1))
        return [ActionSpec("take", "Take counters", (), (Param("n", "How many", options),))]

    def apply(self, state: ToyState, seat: int, action: Action, log: StepLog) -> None:
        if seat != state.turn_seat:
            raise IllegalAction("It is not your turn.")
        n = action.get("n")
        if action.kind != "take" or not isinstance(n, int) or not 1 <= n <= min(3, state.counters):
            raise IllegalAction("Take 1, 2 or 3 counters (no more than are left).")
        state.counters -= n
        log.event("took", None, seat=seat, n=n)
        log.step(f"{{seat{seat}}} takes {n}.")
        if state.counters == 0:
            state.result = Result((seat,), "last", f"{{seat{seat}}} takes the last counter.")
            log.step(state.result.summary)
        else:
            state.turn_seat = 1 - seat

    def view(self, state: ToyState, seat: int | None) -> ToyView:
        return ToyView(
            state.counters, state.turn_seat, state.hidden[seat] if seat is not None else None
        )

    def pending(self, state: ToyState) -> tuple[int, ...]:
        return () if state.result else (state.turn_seat,)

    def result(self, state: ToyState) -> Result | None:
        return state.result

    def canonical(self, state: ToyState) -> Any:
        return [
            state.rng.state,
            state.counters,
            state.turn_seat,
            state.hidden,
            state.result.to_json() if state.result else None,
        ]
