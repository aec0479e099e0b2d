"""Errors that carry their own message for the user; the interaction layer answers them in one
place (ephemerally), so no callback formats an error itself."""

from __future__ import annotations

from .. import texts

__all__ = ["Apology", "Outdated", "UserError"]


class UserError(Exception):
    """Something the user asked for cannot be done; ``message`` says why, for the user."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Outdated(UserError):
    """A control from an earlier state was used; the user gets their current hand instead."""

    def __init__(self, match_id: int, user_id: int) -> None:
        super().__init__(texts.outdated())
        self.match_id = match_id
        self.user_id = user_id


class Apology(UserError):
    """Something went wrong on the bot's side; it was logged and nothing was changed."""

    def __init__(self, match_id: int | None = None) -> None:
        super().__init__(texts.apology(match_id))
