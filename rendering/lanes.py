"""Lanes pictures. (Placeholder layout: plain text on a dark card; the real layout replaces it.)"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from rules.engine import Step, name_seats
from rules.lanes.views import CardView, LanesView

__all__ = ["render_board", "render_hand", "render_result"]


def _png(lines: list[str]) -> bytes:
    image = Image.new("RGB", (900, 40 + 22 * len(lines)), (24, 26, 32))
    draw = ImageDraw.Draw(image)
    for i, line in enumerate(lines):
        draw.text((20, 20 + 22 * i), line, fill=(235, 235, 235))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _board_lines(view: LanesView, names: Sequence[str]) -> list[str]:
    lines = [f"Turn {view.turn}/{view.last_turn}  stakes {view.stakes}"]
    for loc in view.locations:
        lines.append(f"{loc.label}: {loc.text or ''}")
        for side in loc.sides:
            cards = ", ".join(
                f"{c.name} {c.power}" if isinstance(c, CardView) else "(face down)"
                for c in side.cards
            )
            lines.append(f"   {names[side.seat]} [{side.power}]: {cards}")
    return lines


def render_board(view: LanesView, names: Sequence[str], step: Step | None = None) -> bytes:
    caption = [name_seats(step.caption, names)] if step is not None else []
    return _png(caption + _board_lines(view, names))


def render_hand(view: LanesView, names: Sequence[str]) -> bytes:
    lines = [f"{names[view.viewer or 0]}'s hand"]
    lines += [f"{c.name} (cost {c.cost}, power {c.power}) {c.text}" for c in view.hand]
    return _png(lines)


def render_result(view: LanesView, names: Sequence[str]) -> bytes:
    summary = name_seats(view.result.summary, names) if view.result else "Not over"
    return _png([summary, *_board_lines(view, names)])
