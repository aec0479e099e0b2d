"""The one resolve loop (``rules.engine.settle``): FIFO, a check between effects, and a runaway
chain ending the game as a draw instead of raising (BREAKFALL-6.3, 6.5)."""

from __future__ import annotations

from rules.engine import Rng, TriggerQueue, settle, state_key


def test_resolving_may_queue_more_which_wait_their_turn() -> None:
    queue: TriggerQueue[str] = TriggerQueue()
    queue.add("a")
    queue.add("b")
    order: list[str] = []

    def resolve(t: str) -> None:
        order.append(t)
        if t == "a":
            queue.add("a's follow-up")  # no interruption: it waits behind b

    assert settle(queue, resolve, runaway=_no_runaway) == 3
    assert order == ["a", "b", "a's follow-up"]


def test_the_check_runs_before_the_first_effect_and_after_each() -> None:
    queue: TriggerQueue[str] = TriggerQueue()
    queue.add("a")
    queue.add("b")
    seen: list[str] = []
    settle(queue, seen.append, runaway=_no_runaway, check=lambda: seen.append("check"))
    assert seen == ["check", "a", "check", "b", "check"]


def test_a_result_stops_the_loop_and_drops_what_waits() -> None:
    queue: TriggerQueue[str] = TriggerQueue()
    for t in ("a", "fatal", "never"):
        queue.add(t)
    over: list[bool] = []
    resolved: list[str] = []

    def resolve(t: str) -> None:
        resolved.append(t)
        if t == "fatal":
            over.append(True)

    settle(queue, resolve, runaway=_no_runaway, over=lambda: bool(over))
    assert resolved == ["a", "fatal"]
    assert not queue


def test_runaway_chain_ends_as_a_draw_with_a_reason_instead_of_raising() -> None:
    queue: TriggerQueue[int] = TriggerQueue()
    queue.add(0)
    reasons: list[str] = []
    count = settle(queue, lambda n: queue.add(n + 1), runaway=reasons.append, limit=50)
    assert count == 50
    assert not queue
    assert len(reasons) == 1 and "draw" in reasons[0] and "50 effects" in reasons[0]


def _no_runaway(reason: str) -> None:
    raise AssertionError(f"unexpected runaway: {reason}")


class _Flip:
    """A state that flips between two positions while its RNG moves on: a loop all the same."""

    __slots__ = ("rng", "side")

    def __init__(self) -> None:
        self.side = 0
        self.rng = Rng(1)


def test_a_position_that_comes_back_ends_the_chain_as_a_draw_rng_left_out_breakfall_6_3() -> None:
    state = _Flip()
    queue: TriggerQueue[str] = TriggerQueue()
    queue.add("flip")

    def resolve(_: str) -> None:
        state.side = 1 - state.side
        state.rng.next_u64()
        queue.add("flip")

    reasons: list[str] = []
    count = settle(
        queue, resolve, runaway=reasons.append, repeat_key=lambda: state_key([state, list(queue)])
    )
    assert count == 3  # side 1, side 0, side 1 again: seen
    assert len(reasons) == 1 and "same position" in reasons[0] and not queue


def test_a_chain_that_changes_the_position_each_time_is_no_loop() -> None:
    state = _Flip()
    queue: TriggerQueue[int] = TriggerQueue()
    queue.add(0)

    def resolve(n: int) -> None:
        state.side += 1
        if n < 30:
            queue.add(n + 1)

    assert settle(queue, resolve, runaway=_no_runaway, repeat_key=lambda: state_key(state)) == 31
