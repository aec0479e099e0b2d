"""How fast the pictures render, and how big they are.

    python bench/render.py [--json] [--matches 12] [--fanfare-matches 3] [--results 100] [--seed 1]

Draws the board after every public step of ``--matches`` random lanes matches (with the step's
highlights and caption), each seat's hand after every other step, each seat's table (its board
and hand in one picture) after every fourth step, and the result of ``--results`` finished
matches; then the same for fanfare (``--fanfare-matches``: a fanfare match has many more steps;
hands after every fourth step, tables after every eighth). Times each complete render (layout,
drawing, PNG encoding) and reports p50/p95 milliseconds and PNG sizes. In the same run it times
what Pillow takes just to PNG-encode an image of the same size and content (each board decoded
to RGB and saved again with Pillow's default settings): the floor a naive renderer pays, and the
reference the board's figures are read against. Targets (issue 3): board p95 at most 60 ms and
at most twice that bare encode; files at most 300 KB. The first render of a process also loads
fonts: it is reported apart. Tests never assert on timings; this prints figures.

Times are the thread's CPU time (``time.thread_time``), not the wall clock: on a shared machine
the wall clock also counts the time other processes had the CPU. To compare two versions of the
renderer, run this script against each in the same session (``PYTHONPATH`` or a second
checkout): its figures hold no reference to any version.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rendering
from rendering import board_png, hand_png, result_png
from rules.engine import Match, Ruleset, Step, derive_seed
from rules.registry import get_ruleset
from rules.simulate import random_match

NAMES = ("Alice", "Bartholomew")


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def summary(times: list[float], sizes: list[int]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "n": len(times),
        "p50_ms": round(percentile(times, 0.5), 2),
        "p95_ms": round(percentile(times, 0.95), 2),
        "mean_ms": round(statistics.fmean(times), 2),
    }
    if sizes:
        out["kb_p50"] = round(percentile(sizes, 0.5) / 1024, 1)
        out["kb_max"] = round(max(sizes) / 1024, 1)
    return out


def timed(render: Callable[[], bytes]) -> tuple[float, bytes]:
    started = time.thread_time()
    data = render()
    return (time.thread_time() - started) * 1000, data


def match_steps(ruleset: Ruleset[Any, Any], seed: int) -> list[Step]:
    played = random_match(ruleset, seed)
    match = Match.new(ruleset, played.seed, played.setup, views=True)
    steps = list(match.opening.steps)
    for seat, action in played.actions:
        steps += match.apply(seat, action, views=True).steps
    return steps


def bare_encode_ms(png: bytes) -> float:
    """Pillow's default PNG encoding of an RGB image of the same size and content as a board."""
    with Image.open(io.BytesIO(png)) as decoded:
        image = decoded.convert("RGB")
    out = io.BytesIO()
    started = time.thread_time()
    image.save(out, format="PNG")
    return (time.thread_time() - started) * 1000


def run(
    matches: int, results: int, seed: int, *, ruleset: str = "lanes", hand_every: int = 2
) -> dict[str, Any]:
    rules = get_ruleset(ruleset)
    steps = [s for i in range(matches) for s in match_steps(rules, derive_seed(seed, f"bench-{i}"))]
    public = [s for s in steps if s.public]
    first_ms, _ = timed(lambda: board_png(ruleset, public[0].views[None], NAMES, public[0]))
    board = [timed(lambda s=s: board_png(ruleset, s.views[None], NAMES, s)) for s in public]
    hand = [
        timed(lambda s=s, seat=seat: hand_png(ruleset, s.views[seat], NAMES))
        for s in steps[::hand_every]
        for seat in (0, 1)
    ]
    table_png = getattr(rendering, "table_png", None)  # not in every version measured
    table = (
        [
            timed(lambda s=s, seat=seat: table_png(ruleset, s.views[seat], NAMES, seat, s))
            for s in steps[:: 2 * hand_every]
            for seat in (0, 1)
            if s.visible_to(seat)
        ]
        if table_png is not None
        else []
    )
    finals = [
        random_match(rules, derive_seed(seed, f"result-{i}")).view(None) for i in range(results)
    ]
    result = [timed(lambda v=v: result_png(ruleset, v, NAMES)) for v in finals]
    bare = [bare_encode_ms(png) for _, png in board]
    size = Image.open(io.BytesIO(board[0][1])).size
    report: dict[str, Any] = {
        "first_render_ms": round(first_ms, 1),
        "board_size_px": list(size),
        "board": summary([t for t, _ in board], [len(png) for _, png in board]),
        "hand": summary([t for t, _ in hand], [len(png) for _, png in hand]),
        "table": summary([t for t, _ in table], [len(png) for _, png in table]) if table else None,
        "result": summary([t for t, _ in result], [len(png) for _, png in result]),
        "bare_png_encode": summary(bare, []),
    }
    report["board_p95_over_bare_encode_p95"] = round(
        report["board"]["p95_ms"] / report["bare_png_encode"]["p95_ms"], 2
    )
    return report


def print_report(report: dict[str, Any]) -> None:
    width, height = report["board_size_px"]
    print(f"board picture: {width} x {height} px")
    print(f"first render (fonts loading): {report['first_render_ms']} ms")
    for kind in ("board", "hand", "table", "result", "bare_png_encode"):
        figures = report[kind]
        if figures is None:
            continue
        line = (
            f"{kind:>16}: n={figures['n']:4}  "
            f"p50 {figures['p50_ms']:6.1f} ms  p95 {figures['p95_ms']:6.1f} ms"
        )
        if "kb_p50" in figures:
            line += f"  PNG p50 {figures['kb_p50']} KB, max {figures['kb_max']} KB"
        print(line)
    print(f"board p95 / bare encode p95: {report['board_p95_over_bare_encode_p95']}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--matches", type=int, default=12, help="random matches for boards/hands")
    parser.add_argument("--results", type=int, default=100, help="finished matches for results")
    parser.add_argument(
        "--fanfare-matches", type=int, default=3, help="random fanfare matches for boards/hands"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    # The lanes figures stay at the top level (as before fanfare had pictures); fanfare's nest.
    report = run(args.matches, args.results, args.seed)
    report["fanfare"] = run(
        args.fanfare_matches, args.results, args.seed, ruleset="fanfare", hand_every=4
    )
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print_report(report)
    print()
    print("fanfare")
    print_report(report["fanfare"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
