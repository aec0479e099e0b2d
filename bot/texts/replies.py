"""What the bot answers a command or a click that worked: acknowledgements, the greeting DM
of a player who joined, embed titles and footers."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "board_reply",
    "cancelled_reply",
    "card_footer",
    "defaults_title",
    "dms_closed_reply",
    "ended_reply",
    "invited",
    "joined_dm",
    "left_reply",
    "lobby_closed_reply",
    "log_lines",
    "log_reply",
    "match_on",
    "open_in_server_title",
]


# -- /match ---------------------------------------------------------------------------------------


def invited(user_id: int) -> str:
    """Above a new lobby that invites someone."""
    return f"<@{user_id}>, you are invited."


def joined_dm(match_id: int, ruleset: str, channel_id: int) -> str:
    """The DM greeting a player who joined (it finds out whether their DMs are open)."""
    return (
        f"You are in match #{match_id} ({ruleset}) in <#{channel_id}>. "
        "Your hand will arrive here when it starts."
    )


def dms_closed_reply() -> str:
    """To a player who joined with closed DMs."""
    return (
        "I can't send you DMs (yours are closed), so you will play with `/hand` in this "
        "channel: only you will see your cards there. Or open your DMs and rejoin."
    )


def lobby_closed_reply() -> str:
    """``/match leave`` by who closes the lobby by leaving (the others are told in the channel)."""
    return "The lobby is closed."


def left_reply() -> str:
    return "You left the match."


def match_on(match_id: int) -> str:
    """``/match start``: the match started."""
    return f"Match #{match_id} is on: the board follows."


def cancelled_reply(match_id: int) -> str:
    """``/match cancel`` of a lobby (those who joined are told in the channel)."""
    return f"Match #{match_id} is cancelled."


def ended_reply(match_id: int, user_id: int) -> str:
    """``/match cancel`` of a running match, in the channel."""
    return f"Match #{match_id} was ended without a result by <@{user_id}>."


def log_lines(lines: Sequence[str]) -> str:
    """A match's public steps, numbered."""
    return "\n".join(f"{i}. {line}" for i, line in enumerate(lines, start=1))


def log_reply(match_id: int, count: int, steps: str = "", *, record: bool = False) -> str:
    """``/match log``: how many public steps, the steps themselves if they fit (``steps``, else
    they are attached), and whether the full record of a match that is over is attached."""
    lines = [f"**Match #{match_id}**: {count} public steps"]
    if steps:
        lines.append(steps)
    if record:
        lines.append("The match is over: its full record (for replays) is attached.")
    return "\n".join(lines)


# -- play and learning ----------------------------------------------------------------------------


def board_reply(match_id: int, *, own_seat: bool) -> str:
    """``/board``: from the asker's seat, or as everyone sees it."""
    if own_seat:
        return f"Match #{match_id}: the board from your seat."
    return f"Match #{match_id}: the board as everyone sees it."


def card_footer() -> str:
    """Under a card looked up with ``/card``."""
    return "/rules explains the whole game"


# -- /parlor --------------------------------------------------------------------------------------


def defaults_title(*, changed: bool) -> str:
    """``/parlor settings``: the server's defaults, just changed or as they are."""
    return "This server's defaults are changed" if changed else "This server's defaults"


def open_in_server_title(count: int) -> str:
    """``/parlor matches``: how many lobbies and matches are open."""
    return f"Open in this server: {count}"
