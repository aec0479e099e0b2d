"""Pictures of a match, drawn with Pillow: pure functions from a view to PNG bytes.

Renderers take *views* (``Match.view(seat)``), never the state, so a picture can only show what
its viewer may see; :func:`card_png` draws one card of a pool (public data) as a hand shows it.
One module per ruleset holds its layout; :func:`board_png`, :func:`hand_png`, :func:`table_png`
and :func:`result_png` dispatch by ruleset name, so the bot needs no per-ruleset code.
A seat's *table* (:func:`table_png`, for the DM where it decides) is its board seen from its side
with its hand below, in one picture: composed here from the ruleset's board and hand, so every
ruleset has one.

``language`` is the picture's language (``"en"``, the default, or ``"ja"``): its own words
come from the ``rendering`` catalogue, and card names from their ruleset's (``docs/i18n.md``).
``names`` are the players' display names by seat; ``step`` is the resolution step being shown
(its caption and public events drive the highlight). ``scale`` is pixels per layout unit; each
ruleset has its default (lanes and fanfare: 1.5, pictures 720 pixels wide). The shared drawing
pieces are in :mod:`rendering.toolkit`; ``docs/rendering.md`` describes the pictures.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from rendering.toolkit import Canvas, stack
from rendering.toolkit.palette import BACKGROUND, PANEL_EDGE
from rendering.toolkit.words import language as current_language
from rendering.toolkit.words import speaking
from rules.engine import Step

__all__ = [
    "RENDERERS",
    "board_png",
    "card_png",
    "draw_table",
    "hand_png",
    "result_png",
    "speaking",
    "table_png",
]

RENDERERS: dict[str, str] = {
    "lanes": "rendering.lanes",
    "fanfare": "rendering.fanfare",
    "breakfall": "rendering.breakfall",
    "esper": "rendering.esper",
    "charm": "rendering.charm",
}


def _module(ruleset: str) -> Any:
    if ruleset not in RENDERERS:
        raise KeyError(f"no renderer for ruleset {ruleset!r}")
    return importlib.import_module(RENDERERS[ruleset])


def _options(scale: float | None) -> dict[str, Any]:
    return {} if scale is None else {"scale": scale}


def board_png(
    ruleset: str,
    view: Any,
    names: Sequence[str],
    step: Step | None = None,
    *,
    seat: int | None = None,
    before: Any = None,
    scale: float | None = None,
    language: str = "en",
) -> bytes:
    """The public board (or a seat's, if ``view`` is a seat's view) after ``step``.

    ``seat`` draws it from that seat's side (its own side at the bottom: ``/board`` asked by a
    player); without it, a seat's view is drawn from its own side and a spectator's from seat
    0's. A seat's view cannot be drawn for another seat (``ValueError``). ``before``, the same
    viewer's view before ``step``, keeps the slots of the cards that left the board in the step
    (without it they are drawn after the cards that stay).
    """
    module = _module(ruleset)
    with speaking(language):
        canvas = module.draw_board(view, names, step, seat=seat, before=before, **_options(scale))
    data: bytes = canvas.png()
    return data


def table_png(
    ruleset: str,
    view: Any,
    names: Sequence[str],
    seat: int,
    step: Step | None = None,
    *,
    before: Any = None,
    scale: float | None = None,
    language: str = "en",
) -> bytes:
    """``seat``'s table, for the DM where it decides: the board after ``step`` from its side (its
    own cards as its view has them, the other seat's hidden ones hidden), its hand below.

    ``view`` must be ``seat``'s own view (``ValueError`` otherwise: a spectator's view has no
    hand, another seat's holds what ``seat`` may not see). ``before`` as for :func:`board_png`.
    """
    table = draw_table(
        ruleset, view, names, seat, step, before=before, scale=scale, language=language
    )
    data: bytes = table.png()
    return data


def draw_table(
    ruleset: str,
    view: Any,
    names: Sequence[str],
    seat: int,
    step: Step | None = None,
    *,
    before: Any = None,
    scale: float | None = None,
    language: str | None = None,
) -> Canvas:
    """The canvas of :func:`table_png` (tests look at what was drawn on it); without
    ``language``, in the language of the enclosing :func:`speaking` block (else English)."""
    if view.viewer != seat:
        raise ValueError(f"seat {seat}'s table is drawn from its own view, not {view.viewer!r}'s")
    module = _module(ruleset)
    options = _options(scale)
    with speaking(language or current_language()):
        board = module.draw_board(view, names, step, seat=seat, before=before, **options)
        hand = module.draw_hand(view, names, **options)
    return stack((board, hand), background=BACKGROUND, rule=PANEL_EDGE)


def hand_png(
    ruleset: str,
    view: Any,
    names: Sequence[str],
    *,
    scale: float | None = None,
    language: str = "en",
) -> bytes:
    """A seat's hand (and what it may do with it now): only ever sent to that seat."""
    with speaking(language):
        canvas = _module(ruleset).draw_hand(view, names, **_options(scale))
    data: bytes = canvas.png()
    return data


def result_png(
    ruleset: str,
    view: Any,
    names: Sequence[str],
    *,
    scale: float | None = None,
    language: str = "en",
) -> bytes:
    """The end of a match: the winner and how, and the final board."""
    with speaking(language):
        canvas = _module(ruleset).draw_result(view, names, **_options(scale))
    data: bytes = canvas.png()
    return data


def card_png(ruleset: str, card: Any, *, scale: float | None = None, language: str = "en") -> bytes:
    """One card definition of the ruleset's pool, as a hand shows it: for looking a card up."""
    with speaking(language):
        canvas = _module(ruleset).draw_card(card, **_options(scale))
    data: bytes = canvas.png()
    return data
