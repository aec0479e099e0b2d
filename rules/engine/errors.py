"""Errors of the rules core. Each carries a message a player can read as it stands."""

from __future__ import annotations

__all__ = ["IllegalAction", "RecordError", "ReplayMismatch"]


class IllegalAction(ValueError):
    """An action the rules do not allow now. The state is untouched when this is raised.

    ``reason`` is written for the player ("Not enough energy: ..."), so the bot shows it as is.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class RecordError(ValueError):
    """A match record that cannot be read: the message names the field at fault."""


class ReplayMismatch(RecordError):
    """A record whose replay does not reproduce its recorded state hash."""
