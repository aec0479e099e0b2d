"""Who may use a control or a command that names a match, and from where: decided by the match
itself, never by where the click happened.

A custom id is readable and anyone can send one back (``bot.chat.controls``), so nothing here
depends on its secrecy. Every control and every command about a match is checked here, in one
place, before anything is done:

- **Where.** A control works only where the bot sent it. A lobby's, a board's and a result's
  controls (``CHANNEL_OPS``) were posted in the match's channel, and work only there; the
  lobby's own (``LOBBY_MESSAGE_OPS``, whose answer edits the message clicked) only on the
  lobby's message. A seat's table (``SEAT_OPS``) is sent to its player's DMs, or shown
  ephemerally in the match's channel (``/hand``, ``/play``), and works only in those: a DM is
  its user's own (and the table checks that the clicker holds the seat), and in the channel
  only on an ephemeral message, one only its clicker sees, since the answer edits the message
  clicked. A rules page's Previous and Next name no match (id 0) and work anywhere, on an
  ephemeral rules page (they edit it).
- **Who.** The caller's rights are those they hold in the match's own server and channel: a
  member of that server who may see that channel, and, to end a running match or cancel
  another's lobby, one who may manage that channel. In the match's channel Discord says so
  with the interaction itself; from a DM the member is asked of Discord, and kept for
  ``MEMBER_TTL`` seconds (a player's every move would otherwise be one more request), so
  someone removed from the server or the channel is refused from then on, a minute at most.

What is not the caller's to do within the match (not their seat, not their lobby) the table
refuses, as before; what is refused here changes nothing.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from ..table.errors import UserError
from ..table.storage import MatchRow, Storage
from ..texts import (
    cannot_see_match,
    control_elsewhere,
    match_place_gone,
    no_match_numbered,
    no_such_match,
    not_a_control,
    not_in_server,
    not_on_this_message,
)
from .controls import GUIDE_OPS, ControlId

__all__ = ["CHANNEL_OPS", "LOBBY_MESSAGE_OPS", "MEMBER_TTL", "SEAT_OPS", "Rights", "Standing"]

Interaction = discord.Interaction[Any]

CHANNEL_OPS = frozenset({"join", "start", "cancel", "deck", "cpu", "rematch", "hand", "howto"})
"""Controls posted in a match's channel (the lobby, the board, the result): used only there."""
SEAT_OPS = frozenset({"pick", "do", "opt", "yes", "back"})
"""A seat's table: in its player's DMs, or an ephemeral reply in the match's channel."""
LOBBY_MESSAGE_OPS = frozenset({"join", "start", "cancel", "deck", "cpu"})
"""The lobby message's own controls: their answer edits the lobby message."""
EDITS_IN_PLACE = SEAT_OPS | {"rules"}
"""Controls whose answer edits the message clicked: in a server, an ephemeral one only."""
MEMBER_TTL = 60.0
"""Seconds a member fetched for a click from a DM is kept."""
MEMBERS_KEPT = 1024


@dataclass(frozen=True, slots=True)
class Standing:
    """The caller's rights in a match's own channel, once they may use what they used."""

    match: MatchRow
    manages: bool
    """May manage the match's channel: end it while it runs, cancel another's lobby."""


class Rights:
    def __init__(self, client: discord.Client, storage: Storage, now: Callable[[], float]) -> None:
        self.client = client
        self.storage = storage
        self.now = now
        self._members: OrderedDict[tuple[int, int], tuple[float, discord.Member | None]] = (
            OrderedDict()
        )

    async def control(self, interaction: Interaction, cid: ControlId) -> Standing | None:
        """Check a click: where it was made, and the clicker's rights in the match's channel.
        None for a control that names no match (a rules page); ``UserError`` says why not."""
        if cid.op not in CHANNEL_OPS | SEAT_OPS | set(GUIDE_OPS):
            raise UserError(not_a_control())
        if cid.match_id == 0 and cid.op in GUIDE_OPS:
            _on_its_message(interaction, cid)
            return None
        row = await self.storage.match(cid.match_id)
        if row is None:
            raise UserError(no_such_match())
        if _in_channel(interaction, row):
            _on_its_message(interaction, cid, row)
            return _standing(interaction, row)
        if cid.op in SEAT_OPS and interaction.guild_id is None:
            return await self._from_dm(interaction, row)
        raise UserError(control_elsewhere(dms_too=cid.op in SEAT_OPS))

    def here(self, interaction: Interaction, row: MatchRow) -> Standing:
        """A command about the match of the channel it is used in (``row``)."""
        if not _in_channel(interaction, row):  # found by the channel, so never; but checked
            raise UserError(control_elsewhere(dms_too=False))
        return _standing(interaction, row)

    async def named(self, interaction: Interaction, match_id: int) -> Standing:
        """A command naming a match by its number, used anywhere in the match's server."""
        row = await self.storage.match(match_id) if 0 < match_id < 2**63 else None
        if row is None or row.guild_id is None or row.guild_id != interaction.guild_id:
            raise UserError(no_match_numbered(match_id))
        if _in_channel(interaction, row):
            return _standing(interaction, row)
        member = interaction.user
        if not isinstance(member, discord.Member):
            raise UserError(not_in_server(match_id))
        return Standing(row, _permissions(member, row).manage_channels)

    def sees(self, interaction: Interaction, channel_id: int) -> bool:
        """Whether the caller may see a channel of the server the interaction came from."""
        member = interaction.user
        guild = interaction.guild
        if channel_id == interaction.channel_id:
            return interaction.permissions.view_channel
        if guild is None or not isinstance(member, discord.Member):
            return False
        channel = guild.get_channel_or_thread(channel_id)
        return channel is not None and channel.permissions_for(member).view_channel

    async def _from_dm(self, interaction: Interaction, row: MatchRow) -> Standing:
        """A seat's control used in its player's DMs: still a member of the match's server, who
        may see the match's channel."""
        if row.guild_id is None:  # never made by the bot: every match is in a server
            raise UserError(match_place_gone(row.id))
        member = await self._member(row.id, row.guild_id, interaction.user.id)
        if member is None:
            raise UserError(not_in_server(row.id))
        return Standing(row, _permissions(member, row).manage_channels)

    async def _member(self, match_id: int, guild_id: int, user_id: int) -> discord.Member | None:
        """The member, as Discord says now or said within ``MEMBER_TTL``; None if not one."""
        key = (guild_id, user_id)
        kept = self._members.get(key)
        if kept is not None and kept[0] > self.now():
            self._members.move_to_end(key)
            return kept[1]
        guild = self.client.get_guild(guild_id)
        if guild is None:
            raise UserError(match_place_gone(match_id))
        try:
            member: discord.Member | None = await guild.fetch_member(user_id)
        except discord.NotFound:
            member = None
        self._members[key] = (self.now() + MEMBER_TTL, member)
        self._members.move_to_end(key)
        while len(self._members) > MEMBERS_KEPT:
            self._members.popitem(last=False)
        return member


def _in_channel(interaction: Interaction, row: MatchRow) -> bool:
    """Whether the interaction comes from the match's own channel (in its own server)."""
    return (
        row.guild_id is not None
        and interaction.guild_id == row.guild_id
        and interaction.channel_id == row.channel_id
    )


def _on_its_message(interaction: Interaction, cid: ControlId, row: MatchRow | None = None) -> None:
    """In a server, a control whose answer edits the message clicked works only on a message
    that could carry it: the lobby's own, or an ephemeral one (seen by its clicker alone)."""
    if interaction.guild_id is None:
        return
    message = interaction.message
    if cid.op in EDITS_IN_PLACE:
        if message is None or not message.flags.ephemeral:
            raise UserError(not_on_this_message())
    elif cid.op in LOBBY_MESSAGE_OPS:
        lobby = row.lobby_message_id if row is not None else None
        if message is None or lobby is None or message.id != lobby:
            raise UserError(not_on_this_message())


def _standing(interaction: Interaction, row: MatchRow) -> Standing:
    """In the match's channel: the rights Discord gives with the interaction, for that channel."""
    allowed = interaction.permissions
    if not allowed.view_channel:
        raise UserError(cannot_see_match(row.id))
    return Standing(row, allowed.manage_channels)


def _permissions(member: discord.Member, row: MatchRow) -> discord.Permissions:
    """A member's permissions in the match's channel, from the bot's cache of the server's
    channels and roles (kept current by Discord's events); refused if they may not see it."""
    channel = member.guild.get_channel_or_thread(row.channel_id)
    if channel is None:
        raise UserError(match_place_gone(row.id))
    allowed = channel.permissions_for(member)
    if not allowed.view_channel:
        raise UserError(cannot_see_match(row.id))
    return allowed
