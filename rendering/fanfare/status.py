"""Short labels of a seat's state: evolving, and its part in the mulligan or the turn."""

from __future__ import annotations

from rules.fanfare.flow import EVOLVE_FROM
from rules.fanfare.views import FanfareView, PlayerView

__all__ = ["evolve_from_turn", "evolve_label", "status_label"]


def evolve_from_turn(view: FanfareView, seat: int) -> int:
    """The match turn from which ``seat`` may evolve (FANFARE-1.4): the first player's own
    turns are the odd match turns, the second player's the even ones."""
    if seat == view.first:
        return 2 * EVOLVE_FROM[0] - 1
    return 2 * EVOLVE_FROM[1]


def evolve_label(view: FanfareView, player: PlayerView) -> str:
    """Evolution points and whether evolving is possible: "2 EP · can evolve"."""
    points = f"{player.ep} EP"
    if view.over or player.ep == 0:
        return points
    if player.can_evolve:
        return f"{points} · can evolve"
    if player.evolved_this_turn and view.turn_player == player.seat:
        return f"{points} · evolved this turn"
    if not player.evolve_unlocked:
        return f"{points} · evolve from turn {evolve_from_turn(view, player.seat)}"
    return points


def status_label(view: FanfareView, player: PlayerView) -> str:
    """The seat's part in the mulligan, or "Playing" for the turn player; "" otherwise."""
    if view.over:
        return ""
    if view.phase == "mulligan":
        # Once both have chosen, the mulligan is done but the phase stays until the first turn.
        if player.returned is not None:
            return f"Returned {player.returned}"
        return "Chosen" if player.mulligan_done else "Choosing…"
    return "Playing" if view.turn_player == player.seat else ""
