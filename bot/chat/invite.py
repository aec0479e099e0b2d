"""The invite link: the OAuth2 scopes and exactly the permissions the bot needs, each with why.

``docs/operations.md`` lists the same permissions and their integer (a test checks it). The bot
answers slash commands and controls through interactions, which need no channel permission; what
it needs is for what it posts in a match's channel or thread on its own: the lobby, the board
after every step, reminders and the result.
"""

from __future__ import annotations

import discord

__all__ = ["NEEDED", "SCOPES", "invite_url", "permissions"]

SCOPES = ("bot", "applications.commands")
"""``bot`` adds the bot user to the server; ``applications.commands`` its slash commands."""

NEEDED = (
    "view_channel",  # see the channel a match is played in, to post and edit its messages there
    "send_messages",  # post the board after each step, reminders, time-outs and the result
    "send_messages_in_threads",  # the same in a thread, where a match may be opened too
    "embed_links",  # the lobby, the board's captions and the result are embeds
    "attach_files",  # the board and the result are pictures, attached (and replaced as it plays)
)
"""Each permission the bot needs (discord.py's name for it; why, beside it); nothing more."""


def permissions() -> discord.Permissions:
    return discord.Permissions(**dict.fromkeys(NEEDED, True))


def invite_url(application_id: int) -> str:
    """The link a server admin opens to add the bot with exactly the permissions it needs."""
    return discord.utils.oauth_url(application_id, permissions=permissions(), scopes=SCOPES)
