"""The interaction layer: what each slash command and control does, answered in one place.

Cogs and controls call in here with the parsed interaction (``/match`` and the lobby through
:class:`~bot.chat.lobby_desk.LobbyDesk`, ``frontend.lobby``; ``/rules`` and ``/card`` through
:class:`~bot.chat.guide_desk.GuideDesk`, ``frontend.guide``). Every entry point runs inside
:meth:`Frontend.answer`, which turns a :class:`UserError` into an ephemeral reply, an
:class:`Outdated` control into the player's current hand, and anything unexpected into a logged
error and an apology. Work that may be slow (an action, a picture) is deferred first, so every
interaction is acknowledged well within Discord's three seconds.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands

from ..table.errors import Outdated, UserError
from ..table.games import Games
from ..table.live import Hand
from ..table.service import Acted, MatchService
from ..texts import (
    board_reply,
    hand_text,
    match_over,
    not_a_control,
    not_now,
    not_now_because,
    not_now_but,
    superseded_text,
)
from .answers import Answers
from .controls import (
    GIVE_UP,
    GUIDE_OPS,
    Choice,
    ControlId,
    Menu,
    advance,
    cut,
    index,
    main_menu,
    with_a_card,
)
from .guide_desk import GuideDesk
from .lobby_desk import LOBBY_OPS, LobbyDesk, channel_of
from .presenter import Presenter
from .rights import Rights
from .typed import find_spec, prefill, spec_value
from .views import menu_view, png

__all__ = ["Frontend"]

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]


class Frontend:
    """The play desk, and where controls are routed: to the lobby desk, the guide desk or play."""

    def __init__(
        self,
        answers: Answers,
        games: Games,
        matches: MatchService,
        presenter: Presenter,
        *,
        lobby: LobbyDesk,
        guide: GuideDesk,
        rights: Rights,
    ) -> None:
        self.answer = answers.answer
        self.rights = rights
        self.games = games
        self.matches = matches
        self.presenter = presenter
        self.lobby = lobby
        self.guide = guide

    # -- playing ------------------------------------------------------------------------------

    async def hand(self, interaction: Interaction) -> None:
        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self._show_hand(
                interaction, await self.matches.active_in(channel_of(interaction))
            )

        await self.answer(interaction, work)

    async def _show_hand(self, interaction: Interaction, match_id: int) -> None:
        """Answer a deferred interaction with the user's hand, ephemerally."""
        hand = await self.matches.hand(match_id, interaction.user.id)
        parts = await self.presenter.hand_reply(hand)
        sent = {k: v for k, v in parts.items() if v is not None}  # no controls: none to send
        await interaction.followup.send(ephemeral=True, **sent)

    async def board(self, interaction: Interaction) -> None:
        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            mid = await self.matches.active_in(channel_of(interaction))
            live, view, seat = await self.matches.board(mid, interaction.user.id)
            paint = self.presenter.renderer.board_png
            data = await self.presenter.draw(
                paint, live.ruleset, view, live.names, seat=seat, language=live.language
            )
            await interaction.followup.send(
                board_reply(mid, own_seat=seat is not None),
                file=png(data, "board.png"),
                ephemeral=True,
            )

        await self.answer(interaction, work)

    async def make_move(self, interaction: Interaction, text: str, *, with_card: bool) -> None:
        """A move typed as a slash command: the listed spec ``text`` names (one done with a card,
        for ``with_card``), its single-option parameters taken at once; what is still open is
        asked for with the same controls as in the hand."""

        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            mid = await self.matches.active_in(channel_of(interaction))
            hand = await self.matches.hand(mid, interaction.user.id)
            shown = hand.shown
            candidates = [i for i, s in enumerate(shown) if not with_card or with_a_card(s)]
            if not candidates:
                raise UserError(not_now_but([s.label for s in shown]))
            try:
                index, offered = find_spec(shown, candidates, text)
            except ValueError as exc:
                raise UserError(str(exc)) from None
            if offered is not None and offered != hand.version:
                raise Outdated(mid, interaction.user.id)
            if index not in candidates:
                raise UserError(not_now())
            choice = prefill(shown[index], index)
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
            step = advance(hand.match_id, hand.shown, hand.version, choice, confirmed=confirmed)
        except ValueError as exc:
            raise UserError(not_now_because(str(exc))) from None
        if isinstance(step, Menu):
            await self._reply_hand(interaction, hand, step)
            return
        async with self.presenter.answering(hand.match_id):  # its table is part of the move
            acted = await self.matches.act(
                hand.match_id,
                hand.user_id,
                step,
                interaction_id=interaction.id,
                expected_version=ver,
                reply_in_place=interaction.guild is None,
            )
            await self._acted(interaction, acted)

    async def _acted(self, interaction: Interaction, acted: Acted) -> None:
        """Answer the interaction that made an accepted action: with the seat's table; in a DM
        whose next table follows in a new message, with the one line a replaced table keeps."""
        hand = acted.hand
        if acted.new_hand_follows and interaction.guild is None:
            await _edit_table(
                interaction,
                hand,
                content=superseded_text(hand.match_id, hand.turn),
                attachments=[],
                view=None,
            )
            return
        if interaction.guild is not None:  # an ephemeral answer of its own
            parts = await self.presenter.hand_reply(hand)
            await interaction.edit_original_response(
                content=parts["content"], attachments=[parts["file"]], view=parts["view"]
            )
            return
        # The seat's table message: never older than what a resolution shown meanwhile put there.
        record = await self.presenter.book.of(hand.match_id)
        if record.newer_shown(hand.seat, hand.at):
            hand = await self.matches.hand(hand.match_id, hand.user_id)
        if self.presenter.painters.behind():
            # Drawing falls behind: the text and controls now, so the player goes on at once;
            # the picture follows (only the newest of the seat's, if it acts again first).
            parts = await self.presenter.hand_reply(hand, picture=False)
            await self.presenter.book.claim(hand.match_id, hand.seat, hand.at)
            if await _edit_table(interaction, hand, **parts):
                self.presenter.picture_later(hand)
            return
        parts = await self.presenter.hand_reply(hand)
        if record.newer_shown(hand.seat, hand.at):
            hand = await self.matches.hand(hand.match_id, hand.user_id)
            parts = await self.presenter.hand_reply(hand)
        await self.presenter.book.claim(hand.match_id, hand.seat, hand.at)
        await _edit_table(
            interaction,
            hand,
            content=parts["content"],
            attachments=[parts["file"]],
            view=parts["view"],
        )

    async def give_up(self, interaction: Interaction) -> None:
        """``/retreat``: the seat's own way to give up (retreat, concede or forfeit, whichever its
        menu lists), confirmed first; a ruleset lists it for every seat at any time."""

        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            mid = await self.matches.active_in(channel_of(interaction))
            hand = await self.matches.hand(mid, interaction.user.id)
            own = [i for i, s in enumerate(hand.specs) if s.kind in GIVE_UP]
            if not own or hand.over:
                raise UserError(not_now_but([s.label for s in hand.shown]))
            await self._advance(interaction, hand, Choice(own[0]), hand.version, False)

        await self.answer(interaction, work)

    async def control(
        self, interaction: Interaction, cid: ControlId | None, values: Sequence[str]
    ) -> None:
        """A click on any control the bot sent (``bot.chat.controls`` explains the custom ids),
        or on something that claims to be one (``cid`` None: not a custom id of the bot's).
        Whoever clicks where is checked first, against the match (``bot.chat.rights``)."""

        async def work() -> None:
            if cid is None:
                raise UserError(not_a_control())
            if cid.op in GUIDE_OPS:
                await self.rights.control(interaction, cid)
                await self.guide.control(interaction, cid)
                return
            if cid.op == "hand":
                await interaction.response.defer(ephemeral=True, thinking=True)
                await self.rights.control(interaction, cid)
                await self._show_hand(interaction, cid.match_id)
                return
            await interaction.response.defer()  # acknowledged at once; the answer edits the message
            standing = await self.rights.control(interaction, cid)
            if cid.op in LOBBY_OPS:
                assert standing is not None
                await self.lobby.control(interaction, cid, values, standing)
                return
            hand = await self.matches.hand(cid.match_id, interaction.user.id)
            if hand.over:
                raise UserError(match_over(cid.match_id))
            if cid.version != hand.version:
                raise Outdated(cid.match_id, interaction.user.id)
            if cid.op == "back":
                menu = main_menu(cid.match_id, hand.shown, hand.version, kind_name=hand.kind_name)
                await self._reply_hand(interaction, hand, menu)
                return
            try:
                if cid.op == "pick":
                    [value] = values
                    choice = Choice(index(value))
                elif cid.op == "opt":
                    choice = Choice.parse(cid.arg).add([index(v) for v in values])
                else:
                    choice = Choice.parse(cid.arg)
            except ValueError:
                raise UserError(not_now()) from None
            await self._advance(interaction, hand, choice, cid.version, cid.op == "yes")

        await self.answer(interaction, work)

    # -- autocomplete -------------------------------------------------------------------------

    async def spec_choices(
        self, interaction: Interaction, current: str, *, with_card: bool
    ) -> list[app_commands.Choice[str]]:
        """What the seat may do now (only what is done with a card, for ``with_card``), as
        autocomplete choices labelled from the specs."""
        hand = await self._quiet_hand(interaction)
        if hand is None:
            return []
        return [
            app_commands.Choice(name=cut(s.label, 100), value=spec_value(i, hand.version))
            for i, s in enumerate(hand.shown)
            if (not with_card or with_a_card(s)) and current.lower() in s.label.lower()
        ][:25]

    async def _quiet_hand(self, interaction: Interaction) -> Hand | None:
        try:
            mid = await self.matches.active_in(channel_of(interaction))
            return await self.matches.hand(mid, interaction.user.id)
        except UserError:
            return None


async def _edit_table(interaction: Interaction, hand: Hand, **parts: Any) -> bool:
    """Answer a move made on a seat's table in a DM by editing that table; False if it is gone.
    A newer table replaced and deleted it meanwhile (a second click of a double click answered
    as out of date, a resolution that pinged the seat): the seat has that one, and the move is
    made, so nothing is owed."""
    try:
        await interaction.edit_original_response(**parts)
    except discord.NotFound:
        log.info("match %d: seat %d's table was replaced while answering", hand.match_id, hand.seat)
        return False
    return True
