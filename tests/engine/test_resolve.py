"""The one resolve loop (``rules.engine.settle``): FIFO, a check between effects, and a runaway
chain ending the game as a draw instead of raising (BREAKFALL-6.3, 6.5)."""

from __future__ import annotations

from rules.engine import TriggerQueue, settle


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
