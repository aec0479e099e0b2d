"""The lobby's side of the interaction layer: ``/match``, the lobby message's controls and the
Rematch under a result.

Answers go through the frontend's :meth:`~bot.frontend.Frontend.answer`, in one place, as for
play. Closed DMs are found here, when a player joins: greeting them by DM is the one moment
the bot can tell them before their hand would go missing.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands

from ..table.errors import UserError
from ..table.games import Games
from ..table.lobby import Lobby, LobbyService, RematchOpen
from ..table.service import MatchService
from ..texts import (
    bots_cannot_play,
    cancelled_reply,
    dms_closed_reply,
    ended_reply,
    help_text,
    in_match_channel_only,
    invited,
    joined_dm,
    joined_text,
    left_reply,
    lobby_closed_reply,
    log_lines,
    log_reply,
    match_on,
    rematch_asked_text,
    rematch_call,
    rematch_open_text,
    server_only,
    speaking,
)
from .answers import Answers
from .controls import ControlId
from .languages import Languages, match_language
from .presenter import DMS_CLOSED, Presenter
from .rights import Rights, Standing
from .views import (
    FILL_CPU,
    REMOVE_CPU,
    lobby_embed,
    lobby_message,
    open_dm,
    status_embed,
    text_file,
)

__all__ = ["LOBBY_OPS", "LobbyDesk", "channel_of"]

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]


LOBBY_OPS = ("join", "start", "cancel", "deck", "cpu", "rematch")


class LobbyDesk:
    def __init__(
        self,
        answers: Answers,
        games: Games,
        lobbies: LobbyService,
        matches: MatchService,
        presenter: Presenter,
        rights: Rights,
    ) -> None:
        self.answer = answers.answer
        self.rights = rights
        self.games = games
        self.lobbies = lobbies
        self.matches = matches
        self.book = presenter.book
        self.client = presenter.client
        self.languages: Languages = presenter.languages

    async def new_match(
        self,
        interaction: Interaction,
        ruleset: str,
        opponent: discord.abc.User | None,
        deck: str | None,
        turn_limit: int | None = None,
        forfeit_after: int | None = None,
        seats: int | None = None,
        cpu: str | None = None,
        language: str | None = None,
    ) -> None:
        """Open a lobby; what is None is the server's default (``seats``: any number the
        ruleset allows, started with Start; ``language``: the server's, else the creator's).
        ``cpu``, or the bot itself as the opponent: a CPU player (at that strength, else
        normal) takes the next seat, and the match starts at once if that fills it."""

        async def work() -> None:
            nonlocal opponent, cpu
            if interaction.guild is None or interaction.channel_id is None:
                raise UserError(server_only())
            me = interaction.client.user
            if opponent is not None and me is not None and opponent.id == me.id:
                opponent, cpu = None, cpu or "normal"
            if opponent is not None and opponent.bot:
                raise UserError(bots_cannot_play())
            lobby = await self.lobbies.open(
                guild_id=interaction.guild.id,
                channel_id=interaction.channel_id,
                user_id=interaction.user.id,
                name=interaction.user.display_name,
                ruleset=ruleset,
                invited_id=opponent.id if opponent else None,
                deck=deck,
                turn_limit=turn_limit,
                forfeit_after=forfeit_after,
                seats=seats,
                cpu=cpu,
                language=match_language(interaction, language),
            )
            with speaking(lobby.row.language):  # the match's post
                call = invited(opponent.id) if opponent else None
            sent = await interaction.response.send_message(
                content=call,
                **lobby_message(lobby),
                allowed_mentions=discord.AllowedMentions(users=True),
            )
            if sent.message_id is not None:
                await self.lobbies.storage.set_match(lobby.row.id, lobby_message_id=sent.message_id)
            await self._probe_dms(interaction, lobby)

        await self.answer(interaction, work)

    async def _probe_dms(self, interaction: Interaction, lobby: Lobby) -> None:
        """Greet a player who joined by DM: the one moment closed DMs can be found and told."""
        match_id = lobby.row.id
        try:
            dm_id = await open_dm(interaction.client, interaction.user.id)
            dm = interaction.client.get_partial_messageable(dm_id, type=discord.ChannelType.private)
            with speaking(await self.languages.dm(interaction.user.id)):
                greeting = joined_dm(match_id, lobby.row.ruleset, lobby.row.channel_id)
            await dm.send(greeting)
        except discord.Forbidden as exc:
            if exc.code != DMS_CLOSED:
                raise
            await self.book.note_dms(match_id, interaction.user.id, closed=True)
            await interaction.followup.send(dms_closed_reply(), ephemeral=True)
            await self._refresh_lobby(match_id)
            return
        await self.book.note_dms(match_id, interaction.user.id, closed=False, dm_channel_id=dm_id)

    async def _refresh_lobby(self, match_id: int) -> None:
        lobby = await self.lobbies.get(match_id)
        if lobby.row.lobby_message_id is None:
            return
        channel = self.client.get_partial_messageable(
            lobby.row.channel_id, guild_id=lobby.row.guild_id
        )
        try:
            await channel.get_partial_message(lobby.row.lobby_message_id).edit(
                **lobby_message(lobby)
            )
        except discord.HTTPException as exc:
            log.warning("match %d: the lobby message could not be updated (%s)", match_id, exc)

    async def control(
        self, interaction: Interaction, cid: ControlId, values: Sequence[str], standing: Standing
    ) -> None:
        """Join, Start, Cancel and the deck menu on a lobby message, Rematch under a result
        (deferred already; ``standing``: the clicker's rights in the match's channel)."""
        user = interaction.user
        mid = cid.match_id
        if cid.op == "rematch":
            await self._rematch(interaction, mid)
            return
        if cid.op == "join":
            lobby = await self.lobbies.join(mid, user.id, user.display_name)
        elif cid.op == "deck":
            chosen = values[0] if len(values) == 1 else ""  # a select of one: else none
            lobby = await self.lobbies.choose_deck(mid, user.id, chosen)
        elif cid.op == "start":
            await self.lobbies.start(mid, user.id)
            lobby = await self.lobbies.get(mid)
        elif cid.op == "cpu":
            strength = values[0] if values else ""
            if strength == REMOVE_CPU:
                lobby = await self.lobbies.remove_cpu(mid, user.id)
            elif strength.startswith(FILL_CPU):
                filled = strength.removeprefix(FILL_CPU)
                lobby = await self.lobbies.fill_cpus(mid, user.id, filled)
            else:
                lobby = await self.lobbies.add_cpu(mid, user.id, strength)
        else:
            lobby = await self.lobbies.cancel(mid, user.id, may_manage=standing.manages)
        await interaction.edit_original_response(**lobby_message(lobby))
        if cid.op == "join" and lobby.rematch_of is None:  # a rematch's players were seen
            await self._probe_dms(interaction, lobby)

    async def _rematch(self, interaction: Interaction, match_id: int) -> None:
        """Rematch under a result (deferred already): post the new lobby in the channel, as
        ``/match new`` does, and tell the clicker; or point to the rematch already open."""
        try:
            lobby = await self.lobbies.rematch(match_id, interaction.user.id)
        except RematchOpen as exc:
            text = rematch_open_text(exc.lobby, interaction.user.id)
            await interaction.followup.send(text, ephemeral=True)
            return
        row = lobby.row
        channel = self.client.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
        with speaking(row.language):  # the match's post
            call = rematch_call(lobby)
        message = await channel.send(
            content=call,
            **lobby_message(lobby),
            allowed_mentions=discord.AllowedMentions(users=True),
        )
        await self.lobbies.storage.set_match(row.id, lobby_message_id=message.id)
        posted = replace(lobby, row=replace(row, lobby_message_id=message.id))
        await interaction.followup.send(rematch_asked_text(posted), ephemeral=True)

    async def _here(self, interaction: Interaction, *, finished: bool = False) -> Standing:
        """The match of the channel a command is used in, and the caller's rights there."""
        row = await self.matches.match_in(channel_of(interaction), finished=finished)
        return self.rights.here(interaction, row)

    async def join(self, interaction: Interaction, deck: str | None) -> None:
        async def work() -> None:
            row = (await self._here(interaction)).match
            lobby = await self.lobbies.join(
                row.id, interaction.user.id, interaction.user.display_name, deck
            )
            await interaction.response.send_message(joined_text(lobby), ephemeral=True)
            await self._refresh_lobby(row.id)
            if lobby.rematch_of is None:  # a rematch's players were seen
                await self._probe_dms(interaction, lobby)

        await self.answer(interaction, work)

    async def leave(self, interaction: Interaction) -> None:
        async def work() -> None:
            row = (await self._here(interaction)).match
            lobby = await self.lobbies.leave(row.id, interaction.user.id)
            if lobby.row.status == "cancelled":  # the creator left: the presenter says so
                await interaction.response.send_message(lobby_closed_reply(), ephemeral=True)
                return
            await interaction.response.send_message(left_reply(), ephemeral=True)
            await self._refresh_lobby(row.id)

        await self.answer(interaction, work)

    async def start(self, interaction: Interaction) -> None:
        async def work() -> None:
            row = (await self._here(interaction)).match
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.lobbies.start(row.id, interaction.user.id)
            await interaction.followup.send(match_on(row.id), ephemeral=True)
            await self._refresh_lobby(row.id)

        await self.answer(interaction, work)

    async def cancel(self, interaction: Interaction) -> None:
        async def work() -> None:
            standing = await self._here(interaction)
            row = standing.match
            await self.lobbies.cancel(row.id, interaction.user.id, may_manage=standing.manages)
            if row.status == "lobby":  # the presenter tells those who joined, in the channel
                await interaction.response.send_message(cancelled_reply(row.id), ephemeral=True)
                return
            await interaction.response.send_message(
                ended_reply(row.id, interaction.user.id),
                allowed_mentions=discord.AllowedMentions.none(),
            )
            await self._refresh_lobby(row.id)

        await self.answer(interaction, work)

    async def status(self, interaction: Interaction) -> None:
        async def work() -> None:
            row = (await self._here(interaction, finished=True)).match
            if row.status == "lobby":
                embed = lobby_embed(await self.lobbies.get(row.id))
            else:
                embed = status_embed(await self.matches.status(row.id))
            await interaction.response.send_message(embed=embed, ephemeral=True)

        await self.answer(interaction, work)

    async def log(self, interaction: Interaction, match_id: int | None) -> None:
        async def work() -> None:
            if match_id is None:
                row = (await self._here(interaction, finished=True)).match
            else:  # a match of this server, whose channel the caller may see
                row = (await self.rights.named(interaction, match_id)).match
            await interaction.response.defer(ephemeral=True, thinking=True)
            lines, record = await self.matches.public_log(row)
            text = log_lines(lines)
            files = []
            if len(text) > 1800:
                files.append(text_file(text, f"match-{row.id}.txt"))
            if record is not None:
                data = json.dumps(record, indent=1, sort_keys=True)
                files.append(text_file(data, f"match-{row.id}.json"))
            inline = text if len(text) <= 1800 else ""
            reply = log_reply(row.id, len(lines), inline, record=record is not None)
            await interaction.followup.send(reply, files=files, ephemeral=True)

        await self.answer(interaction, work)

    async def help(self, interaction: Interaction) -> None:
        async def work() -> None:
            await interaction.response.send_message(help_text(), ephemeral=True)

        await self.answer(interaction, work)

    # -- autocomplete -------------------------------------------------------------------------

    def ruleset_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The rulesets this server offers."""
        guild_id = interaction.guild.id if interaction.guild else None
        offered = self.lobbies.guilds.of(guild_id).offered
        return [app_commands.Choice(name=n, value=n) for n in offered if current.lower() in n][:25]

    async def deck_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        ruleset = getattr(interaction.namespace, "ruleset", None)
        if not ruleset and interaction.channel_id is not None:
            row = await self.lobbies.storage.open_match_in(interaction.channel_id)
            ruleset = row.ruleset if row else None
        if ruleset not in self.games.names:
            ruleset = self.games.names[0] if self.games.names else None
        if ruleset is None:
            return []
        return [
            app_commands.Choice(name=f"{d.name}: {d.blurb}"[:100], value=d.id)
            for d in self.games.decks(ruleset)
            if current.lower() in d.name.lower()
        ][:25]


def channel_of(interaction: Interaction) -> int:
    """The channel of a command about "this channel's match"."""
    if interaction.guild is None or interaction.channel_id is None:
        raise UserError(in_match_channel_only())
    return interaction.channel_id
