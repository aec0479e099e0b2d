"""Errors that carry their own message for the user; the interaction layer answers them in one
place (ephemerally), so no callback formats an error itself."""

from __future__ import annotations

__all__ = ["Apology", "Outdated", "UserError"]


class UserError(Exception):
    """Something the user asked for cannot be done; ``message`` says why, for the user."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Outdated(UserError):
    """A control from an earlier state was used; the user gets their current hand instead."""

    def __init__(self, match_id: int, user_id: int) -> None:
        super().__init__("Those controls are out of date: here is your hand as it is now.")
        self.match_id = match_id
        self.user_id = user_id


class Apology(UserError):
    """Something went wrong on the bot's side; it was logged and nothing was changed."""

    def __init__(self, match_id: int | None = None) -> None:
        where = f" in match #{match_id}" if match_id is not None else ""
        super().__init__(
            f"Sorry, something went wrong on my side{where}. Nothing was changed: please try again."
        )
