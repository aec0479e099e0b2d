"""The interaction layer: what each slash command and control does, answered in one place.

Cogs and controls call in here with the parsed interaction. Every entry point runs inside
:meth:`Frontend.answer`, which turns a :class:`UserError` into an ephemeral reply, an
:class:`Outdated` control into the player's current hand, and anything unexpected into a logged
error and an apology. Work that may be slow (an action, a picture) is deferred first, so every
interaction is acknowledged well within Discord's three seconds.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord
from discord import app_commands

from .controls import (
    Choice,
    ControlId,
    Menu,
    advance,
    find_spec,
    main_menu,
    prefill,
    spec_value,
)
from .errors import Apology, Outdated, UserError
from .games import Games
from .live import Hand
from .lobby import Lobby, LobbyService
from .presenter import DMS_CLOSED, Presenter
from .service import MatchService
from .texts import HELP, hand_text
from .views import lobby_embed, lobby_view, menu_view, open_dm, png, status_embed, text_file

__all__ = ["Frontend"]

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]
NOT_NOW = "That move is not available now (or not in this game)."


class Frontend:
    def __init__(
        self, games: Games, lobbies: LobbyService, matches: MatchService, presenter: Presenter
    ) -> None:
        self.games = games
        self.lobbies = lobbies
        self.matches = matches
        self.presenter = presenter

    # -- answering ----------------------------------------------------------------------------

    async def answer(self, interaction: Interaction, work: Callable[[], Awaitable[None]]) -> None:
        """Run ``work``; answer whatever goes wrong, in one place."""
        try:
            await work()
        except Outdated as exc:
            await self._outdated(interaction, exc)
        except UserError as exc:
            await self.say(interaction, exc.message)
        except Exception:
            log.exception(
                "interaction %s (%s) failed in channel %s",
                interaction.id,
                _what(interaction),
                interaction.channel_id,
            )
            await self.say(interaction, Apology().message)

    async def say(self, interaction: Interaction, text: str) -> None:
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException as exc:
            log.warning("could not answer interaction %s (%s)", interaction.id, exc)

    async def _outdated(self, interaction: Interaction, exc: Outdated) -> None:
        hand = await self.matches.hand(exc.match_id, exc.user_id)
        if interaction.guild is None:  # a DM: mark this message, send the hand afresh
            if interaction.response.is_done():
                await interaction.edit_original_response(content=exc.message, view=None)
            else:
                await interaction.response.edit_message(content=exc.message, view=None)
            await self.presenter.send_hand(hand, new=True)
            return
        parts = await self.presenter.hand_reply(hand, note=exc.message)
        if interaction.response.is_done():
            await interaction.followup.send(ephemeral=True, **parts)
        else:
            await interaction.response.send_message(ephemeral=True, **parts)

    # -- lobby --------------------------------------------------------------------------------

    async def new_match(
        self,
        interaction: Interaction,
        ruleset: str,
        opponent: discord.abc.User | None,
        deck: str | None,
        turn_limit: int,
    ) -> None:
        async def work() -> None:
            if interaction.guild is None or interaction.channel_id is None:
                raise UserError("Matches are played in a server channel or thread.")
            if opponent is not None and opponent.bot:
                raise UserError("Bots can't play: invite a person.")
            lobby = await self.lobbies.open(
                guild_id=interaction.guild.id,
                channel_id=interaction.channel_id,
                user_id=interaction.user.id,
                name=interaction.user.display_name,
                ruleset=ruleset,
                invited_id=opponent.id if opponent else None,
                deck=deck,
                turn_limit=turn_limit,
            )
            sent = await interaction.response.send_message(
                content=f"<@{opponent.id}>, you are invited." if opponent else None,
                embed=lobby_embed(lobby),
                view=lobby_view(lobby),
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
            await dm.send(
                f"You are in match #{match_id} ({lobby.row.ruleset}) in <#{lobby.row.channel_id}>. "
                "Your hand will arrive here when it starts."
            )
        except discord.Forbidden as exc:
            if exc.code != DMS_CLOSED:
                raise
            await self.matches.note_dms(match_id, interaction.user.id, closed=True)
            await interaction.followup.send(
                "I can't send you DMs (yours are closed), so you will play with `/hand` in this "
                "channel: only you will see your cards there. Or open your DMs and rejoin.",
                ephemeral=True,
            )
            await self._refresh_lobby(match_id)
            return
        await self.matches.note_dms(
            match_id, interaction.user.id, closed=False, dm_channel_id=dm_id
        )

    async def _refresh_lobby(self, match_id: int) -> None:
        lobby = await self.lobbies.get(match_id)
        if lobby.row.lobby_message_id is None:
            return
        channel = interaction_channel(
            self.presenter.client, lobby.row.channel_id, lobby.row.guild_id
        )
        try:
            await channel.get_partial_message(lobby.row.lobby_message_id).edit(
                embed=lobby_embed(lobby), view=lobby_view(lobby)
            )
        except discord.HTTPException as exc:
            log.warning("match %d: the lobby message could not be updated (%s)", match_id, exc)

    async def lobby_control(
        self, interaction: Interaction, cid: ControlId, values: Sequence[str]
    ) -> None:
        """Join, Start, Cancel and the deck menu on a lobby message (deferred already)."""
        user = interaction.user
        mid = cid.match_id
        if cid.op == "join":
            lobby = await self.lobbies.join(mid, user.id, user.display_name)
        elif cid.op == "deck":
            lobby = await self.lobbies.choose_deck(mid, user.id, values[0] if values else "")
        elif cid.op == "start":
            await self.lobbies.start(mid, user.id)
            lobby = await self.lobbies.get(mid)
        else:
            lobby = await self.lobbies.cancel(mid, user.id, may_manage=_manages(interaction))
        await interaction.edit_original_response(embed=lobby_embed(lobby), view=lobby_view(lobby))
        if cid.op == "join":
            await self._probe_dms(interaction, lobby)

    async def join(self, interaction: Interaction, deck: str | None) -> None:
        async def work() -> None:
            row = await self.matches.match_in(_channel(interaction))
            lobby = await self.lobbies.join(
                row.id, interaction.user.id, interaction.user.display_name, deck
            )
            await interaction.response.send_message(f"You are in match #{row.id}.", ephemeral=True)
            await self._refresh_lobby(row.id)
            await self._probe_dms(interaction, lobby)

        await self.answer(interaction, work)

    async def leave(self, interaction: Interaction) -> None:
        async def work() -> None:
            row = await self.matches.match_in(_channel(interaction))
            lobby = await self.lobbies.leave(row.id, interaction.user.id)
            text = (
                "The lobby is closed." if lobby.row.status == "cancelled" else "You left the match."
            )
            await interaction.response.send_message(text, ephemeral=True)
            await self._refresh_lobby(row.id)

        await self.answer(interaction, work)

    async def start(self, interaction: Interaction) -> None:
        async def work() -> None:
            row = await self.matches.match_in(_channel(interaction))
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.lobbies.start(row.id, interaction.user.id)
            await interaction.followup.send(
                f"Match #{row.id} is on: the board follows.", ephemeral=True
            )
            await self._refresh_lobby(row.id)

        await self.answer(interaction, work)

    async def cancel(self, interaction: Interaction) -> None:
        async def work() -> None:
            row = await self.matches.match_in(_channel(interaction))
            await self.lobbies.cancel(row.id, interaction.user.id, may_manage=_manages(interaction))
            verb = "cancelled" if row.status == "lobby" else "ended without a result"
            await interaction.response.send_message(
                f"Match #{row.id} was {verb} by {interaction.user.mention}.",
                allowed_mentions=discord.AllowedMentions.none(),
            )
            await self._refresh_lobby(row.id)

        await self.answer(interaction, work)

    async def status(self, interaction: Interaction) -> None:
        async def work() -> None:
            row = await self.matches.match_in(_channel(interaction), finished=True)
            if row.status == "lobby":
                embed = lobby_embed(await self.lobbies.get(row.id))
            else:
                embed = status_embed(await self.matches.status(row.id))
            await interaction.response.send_message(embed=embed, ephemeral=True)

        await self.answer(interaction, work)

    async def log(self, interaction: Interaction, match_id: int | None) -> None:
        async def work() -> None:
            if match_id is None:
                row = await self.matches.match_in(_channel(interaction), finished=True)
            else:
                found = await self.lobbies.storage.match(match_id)
                if found is None or found.guild_id != (
                    interaction.guild.id if interaction.guild else None
                ):
                    raise UserError(f"There is no match #{match_id} in this server.")
                row = found
            await interaction.response.defer(ephemeral=True, thinking=True)
            lines, record = await self.matches.public_log(row)
            text = "\n".join(f"{i}. {line}" for i, line in enumerate(lines, start=1))
            files = []
            header = f"**Match #{row.id}**: {len(lines)} public steps"
            if len(text) <= 1800:
                header += "\n" + text
            else:
                files.append(text_file(text, f"match-{row.id}.txt"))
            if record is not None:
                data = json.dumps(record, indent=1, sort_keys=True)
                files.append(text_file(data, f"match-{row.id}.json"))
                header += "\nThe match is over: its full record (for replays) is attached."
            await interaction.followup.send(header, files=files, ephemeral=True)

        await self.answer(interaction, work)

    async def help(self, interaction: Interaction) -> None:
        async def work() -> None:
            await interaction.response.send_message(HELP, ephemeral=True)

        await self.answer(interaction, work)

    # -- playing ------------------------------------------------------------------------------

    async def hand(self, interaction: Interaction) -> None:
        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self._show_hand(interaction, await self.matches.active_in(_channel(interaction)))

        await self.answer(interaction, work)

    async def _show_hand(self, interaction: Interaction, match_id: int) -> None:
        """Answer a deferred interaction with the user's hand, ephemerally."""
        hand = await self.matches.hand(match_id, interaction.user.id)
        await interaction.followup.send(ephemeral=True, **await self.presenter.hand_reply(hand))

    async def board(self, interaction: Interaction) -> None:
        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            mid = await self.matches.active_in(_channel(interaction))
            live, view = await self.matches.board(mid)
            renderer = self.presenter.renderer
            data = await _off_loop(renderer.board_png, live.ruleset, view, live.names, None)
            await interaction.followup.send(
                f"Match #{mid}: the board as everyone sees it.",
                file=png(data, "board.png"),
                ephemeral=True,
            )

        await self.answer(interaction, work)

    async def act_by_kind(
        self,
        interaction: Interaction,
        kinds: Sequence[str] | None,
        text: str | None = None,
        typed: dict[str, str | None] | None = None,
    ) -> None:
        """A move typed as a slash command: the spec of one of ``kinds`` (any, for None) that
        ``text`` names, its parameters filled from ``typed`` by name; what is still open is
        asked for with the same controls as in the hand."""

        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            mid = await self.matches.active_in(_channel(interaction))
            hand = await self.matches.hand(mid, interaction.user.id)
            candidates = [i for i, s in enumerate(hand.specs) if kinds is None or s.kind in kinds]
            if not candidates:
                doable = ", ".join(s.label for s in hand.specs) or "nothing until the others move"
                raise UserError(f"{NOT_NOW} What you can do now: {doable}.")
            if text:
                try:
                    index, offered = find_spec(hand.specs, candidates, text)
                except ValueError as exc:
                    raise UserError(str(exc)) from None
                if offered is not None and offered != hand.version:
                    raise Outdated(mid, interaction.user.id)
                if index not in candidates:
                    raise UserError(NOT_NOW)
            elif len(candidates) == 1:
                index, offered = candidates[0], None
            else:
                await self._reply_hand(interaction, hand, main_menu(mid, hand.specs, "Choose:"))
                return
            try:
                choice = prefill(hand.specs[index], index, typed or {})
            except ValueError as exc:
                raise UserError(str(exc)) from None
            await self._advance(interaction, hand, choice, offered or hand.version, False)

        await self.answer(interaction, work)

    async def _reply_hand(
        self, interaction: Interaction, hand: Hand, menu: Menu, note: str = ""
    ) -> None:
        """Answer a deferred interaction with a hand's text and the given menu (the picture
        stays as it is)."""
        content = hand_text(hand, menu.heading, note or menu.note)
        await interaction.edit_original_response(content=content, view=menu_view(menu))

    async def _advance(
        self, interaction: Interaction, hand: Hand, choice: Choice, ver: str, confirmed: bool
    ) -> None:
        if ver != hand.version:
            raise Outdated(hand.match_id, hand.user_id)
        try:
            step = advance(hand.match_id, hand.specs, choice, confirmed=confirmed)
        except ValueError as exc:
            raise UserError(f"{NOT_NOW} ({exc})") from None
        if isinstance(step, Menu):
            await self._reply_hand(interaction, hand, step)
            return
        acted = await self.matches.act(
            hand.match_id,
            hand.user_id,
            step,
            interaction_id=interaction.id,
            expected_version=ver,
            reply_in_place=interaction.guild is None,
        )
        if acted.new_hand_follows and interaction.guild is None:
            note = (
                f"**Match #{hand.match_id}**: done. What happens next is shown in "
                f"<#{hand.channel_id}>; your next hand follows in a new message."
            )
            await interaction.edit_original_response(content=note, view=None)
            return
        parts = await self.presenter.hand_reply(acted.hand)
        await interaction.edit_original_response(
            content=parts["content"], attachments=[parts["file"]], view=parts["view"]
        )

    async def control(
        self, interaction: Interaction, cid: ControlId, values: Sequence[str]
    ) -> None:
        """A click on any control the bot sent (``bot.controls`` explains the custom ids)."""

        async def work() -> None:
            if cid.op == "hand":
                await interaction.response.defer(ephemeral=True, thinking=True)
                await self._show_hand(interaction, cid.match_id)
                return
            await interaction.response.defer()  # acknowledged at once; the answer edits the message
            if cid.op in ("join", "start", "cancel", "deck"):
                await self.lobby_control(interaction, cid, values)
                return
            hand = await self.matches.hand(cid.match_id, interaction.user.id)
            if cid.version != hand.version:
                raise Outdated(cid.match_id, interaction.user.id)
            if cid.op == "back":
                await self._reply_hand(interaction, hand, main_menu(cid.match_id, hand.specs))
                return
            try:
                if cid.op == "pick":
                    choice = Choice(int(values[0]))
                elif cid.op == "opt":
                    choice = Choice.parse(cid.arg).add([int(v) for v in values])
                else:
                    choice = Choice.parse(cid.arg)
            except (ValueError, IndexError):
                raise UserError(NOT_NOW) from None
            await self._advance(interaction, hand, choice, cid.version, cid.op == "yes")

        await self.answer(interaction, work)

    # -- autocomplete -------------------------------------------------------------------------

    def ruleset_choices(self, current: str) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=n, value=n) for n in self.games.names if current.lower() in n
        ][:25]

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

    async def spec_choices(
        self, interaction: Interaction, current: str, kinds: Sequence[str] | None
    ) -> list[app_commands.Choice[str]]:
        hand = await self._quiet_hand(interaction)
        if hand is None:
            return []
        return [
            app_commands.Choice(name=s.label[:100], value=spec_value(i, hand.version))
            for i, s in enumerate(hand.specs)
            if (kinds is None or s.kind in kinds) and current.lower() in s.label.lower()
        ][:25]

    async def param_choices(
        self, interaction: Interaction, current: str, param_name: str, spec_option: str
    ) -> list[app_commands.Choice[str]]:
        hand = await self._quiet_hand(interaction)
        typed = getattr(interaction.namespace, spec_option, None)
        if hand is None or not typed:
            return []
        try:
            index, _ = find_spec(hand.specs, range(len(hand.specs)), typed)
            spec = hand.specs[index]
        except (ValueError, IndexError):
            return []
        param = next((p for p in spec.params if p.name == param_name), None)
        if param is None:
            return []
        return [
            app_commands.Choice(name=o.label[:100], value=f"#{k}")
            for k, o in enumerate(param.options)
            if current.lower() in o.label.lower()
        ][:25]

    async def _quiet_hand(self, interaction: Interaction) -> Hand | None:
        try:
            mid = await self.matches.active_in(_channel(interaction))
            return await self.matches.hand(mid, interaction.user.id)
        except UserError:
            return None


def _channel(interaction: Interaction) -> int:
    if interaction.guild is None or interaction.channel_id is None:
        raise UserError("Use this in the channel where the match is played.")
    return interaction.channel_id


def _manages(interaction: Interaction) -> bool:
    return bool(interaction.permissions.manage_channels)


def _what(interaction: Interaction) -> str:
    data: dict[str, Any] = dict(interaction.data or {})
    return str(data.get("name") or data.get("custom_id") or interaction.type)


def interaction_channel(
    client: discord.Client, channel_id: int, guild_id: int | None
) -> discord.PartialMessageable:
    return client.get_partial_messageable(channel_id, guild_id=guild_id)


async def _off_loop(func: Callable[..., bytes], *args: Any) -> bytes:
    import asyncio

    return await asyncio.to_thread(func, *args)
