"""Pictures someone waits for are drawn before silent edits asked for up to a second earlier,
first come first served within each; a silent edit is not starved; a shut painter cancels what
it had not started."""

from __future__ import annotations

import threading
import time

from bot.chat.painters import NOW, SOON, SOON_DELAY, Painters


def test_urgent_pictures_are_drawn_first_then_in_order() -> None:
    painters = Painters(1)
    gate, started = threading.Event(), threading.Event()
    done: list[str] = []

    def job(name: str) -> bytes:
        done.append(name)
        return name.encode()

    busy = painters.submit(NOW, lambda: started.set() or (gate.wait() and b"busy"))
    assert started.wait(5)  # the only thread is held
    later = [painters.submit(SOON, lambda n=n: job(n)) for n in ("edit 1", "edit 2")]
    first = [painters.submit(NOW, lambda n=n: job(n)) for n in ("board 1", "board 2")]
    gate.set()
    assert busy.result(5) == b"busy"
    assert [f.result(5) for f in first + later] == [b"board 1", b"board 2", b"edit 1", b"edit 2"]
    assert done == ["board 1", "board 2", "edit 1", "edit 2"]
    painters.shutdown()


def test_a_shut_painter_cancels_what_it_had_not_started() -> None:
    painters = Painters(1)
    gate, started = threading.Event(), threading.Event()

    def hold() -> bytes:
        started.set()
        gate.wait()
        return b"busy"

    busy = painters.submit(NOW, hold)
    assert started.wait(5)
    waiting = painters.submit(SOON, lambda: b"never")
    painters.shutdown()
    gate.set()
    assert busy.result(5) == b"busy"
    assert waiting.cancelled()
    assert painters.submit(NOW, lambda: b"late").cancelled()


def test_a_silent_edit_is_not_starved_by_later_boards() -> None:
    painters = Painters(1)
    gate, started = threading.Event(), threading.Event()
    busy = painters.submit(NOW, lambda: started.set() or (gate.wait() and b"busy"))
    assert started.wait(5)
    done: list[str] = []
    edit = painters.submit(SOON, lambda: done.append("edit") or b"edit")
    time.sleep(SOON_DELAY + 0.1)  # boards asked for from now on come after the edit
    board = painters.submit(NOW, lambda: done.append("board") or b"board")
    gate.set()
    assert busy.result(5) == b"busy" and edit.result(5) == b"edit" and board.result(5) == b"board"
    assert done == ["edit", "board"]
    painters.shutdown()
