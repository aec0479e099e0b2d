"""Short labels of a seat's state: evolving, and its part in the mulligan or the turn."""

from __future__ import annotations

from rendering.toolkit.words import say
from rules.fanfare.flow import EVOLVE_FROM
from rules.fanfare.views import FanfareView, PlayerView

__all__ = ["evolve_from_turn", "evolve_label", "is_playing", "status_label"]


def evolve_from_turn(view: FanfareView, seat: int) -> int:
    """The match turn from which ``seat`` may evolve (FANFARE-1.4): the first player's own
    turns are the odd match turns, the second player's the even ones."""
    if seat == view.first:
        return 2 * EVOLVE_FROM[0] - 1
    return 2 * EVOLVE_FROM[1]


def evolve_label(view: FanfareView, player: PlayerView) -> str:
    """Evolution points and whether evolving is possible: "2 EP · can evolve"."""
    ep = player.ep
    if view.over or ep == 0:
        return say("{ep} EP", ep=ep)
    if player.can_evolve:
        return say("{ep} EP · can evolve", ep=ep)
    if player.evolved_this_turn and view.turn_player == player.seat:
        return say("{ep} EP · evolved this turn", ep=ep)
    if not player.evolve_unlocked:
        turn = evolve_from_turn(view, player.seat)
        return say("{ep} EP · evolve from turn {turn}", ep=ep, turn=turn)
    return say("{ep} EP", ep=ep)


def status_label(view: FanfareView, player: PlayerView) -> str:
    """The seat's part in the mulligan, or "Playing" for the turn player; "" otherwise."""
    if view.over:
        return ""
    if view.phase == "mulligan":
        # Once both have chosen, the mulligan is done but the phase stays until the first turn.
        if player.returned is not None:
            return say("Returned {n}", n=player.returned)
        return say("Chosen") if player.mulligan_done else say("Choosing…")
    return say("Playing") if is_playing(view, player) else ""


def is_playing(view: FanfareView, player: PlayerView) -> bool:
    """Whether the seat is the turn player of a turn under way."""
    return not view.over and view.phase != "mulligan" and view.turn_player == player.seat
