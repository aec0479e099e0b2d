"""What the bot answers a command or a click that worked: acknowledgements, the greeting DM
of a player who joined, embed titles and footers."""

from __future__ import annotations

from collections.abc import Sequence

from .language import _, language_name, ngettext

__all__ = [
    "board_reply",
    "cancelled_reply",
    "card_footer",
    "defaults_title",
    "dms_closed_reply",
    "ended_reply",
    "invited",
    "joined_dm",
    "language_reply",
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
    return _("<@{user}>, you are invited.").format(user=user_id)


def joined_dm(match_id: int, ruleset: str, channel_id: int) -> str:
    """The DM greeting a player who joined (it finds out whether their DMs are open)."""
    return _(
        "You are in match #{match} ({ruleset}) in <#{channel}>. "
        "Your hand will arrive here when it starts."
    ).format(match=match_id, ruleset=ruleset, channel=channel_id)


def dms_closed_reply() -> str:
    """To a player who joined with closed DMs."""
    return _(
        "I can't send you DMs (yours are closed), so you will play with `/hand` in this "
        "channel: only you will see your cards there. Or open your DMs and rejoin."
    )


def lobby_closed_reply() -> str:
    """``/match leave`` by who closes the lobby by leaving (the others are told in the channel)."""
    return _("The lobby is closed.")


def left_reply() -> str:
    return _("You left the match.")


def match_on(match_id: int) -> str:
    """``/match start``: the match started."""
    return _("Match #{match} is on: the board follows.").format(match=match_id)


def cancelled_reply(match_id: int) -> str:
    """``/match cancel`` of a lobby (those who joined are told in the channel)."""
    return _("Match #{match} is cancelled.").format(match=match_id)


def ended_reply(match_id: int, user_id: int) -> str:
    """``/match cancel`` of a running match, in the channel."""
    return _("Match #{match} was ended without a result by <@{user}>.").format(
        match=match_id, user=user_id
    )


def log_lines(lines: Sequence[str]) -> str:
    """A match's public steps, numbered."""
    return "\n".join(f"{i}. {line}" for i, line in enumerate(lines, start=1))


def log_reply(match_id: int, count: int, steps: str = "", *, record: bool = False) -> str:
    """``/match log``: how many public steps, the steps themselves if they fit (``steps``, else
    they are attached), and whether the full record of a match that is over is attached."""
    lines = [
        ngettext(
            "**Match #{match}**: {count} public step",
            "**Match #{match}**: {count} public steps",
            count,
        ).format(match=match_id, count=count)
    ]
    if steps:
        lines.append(steps)
    if record:
        lines.append(_("The match is over: its full record (for replays) is attached."))
    return "\n".join(lines)


# -- play and learning ----------------------------------------------------------------------------


def board_reply(match_id: int, *, own_seat: bool) -> str:
    """``/board``: from the asker's seat, or as everyone sees it."""
    if own_seat:
        return _("Match #{match}: the board from your seat.").format(match=match_id)
    return _("Match #{match}: the board as everyone sees it.").format(match=match_id)


def card_footer() -> str:
    """Under a card looked up with ``/card``."""
    return _("/rules explains the whole game")


# -- /parlor --------------------------------------------------------------------------------------


def defaults_title(*, changed: bool) -> str:
    """``/parlor settings``: the server's defaults, just changed or as they are."""
    if changed:
        return _("This server's defaults are changed")
    return _("This server's defaults")


def open_in_server_title(count: int) -> str:
    """``/parlor matches``: how many lobbies and matches are open."""
    return _("Open in this server: {count}").format(count=count)


# -- /language ------------------------------------------------------------------------------------


def language_reply(chosen: str | None, language: str) -> str:
    """``/language``: the language the bot's DMs now come in (``language``), chosen or (``chosen``
    None) the user's own Discord language."""
    if chosen is None:
        return _(
            "My DMs to you now follow your Discord language: {language} for now. "
            "Replies only you see always do."
        ).format(language=language_name(language))
    return _(
        "My DMs to you are now in {language}, whatever your Discord language. "
        "Replies only you see follow your Discord language."
    ).format(language=language_name(language))
