"""The bot: a ``commands.Bot`` given its dependencies, which ``setup_hook`` wires together.

Following discord.py's ``advanced_startup`` example, everything the bot needs is passed in
(settings, the rulesets, the renderer), and ``setup_hook`` opens storage, builds the services,
registers the persistent controls, loads the cogs, syncs the commands (the process holding
shard 0 does), shows what a stopped process left unshown, checks the seats' tables of the
matches it left unsettled (``bot.chat.settling``) and starts ringing the stored deadlines;
nothing else is replayed (a match is, when first used). A second ``setup_hook`` on
the same object (a restart) starts again from storage.

The bot is an ``AutoShardedBot``: one process holds every shard (``python -m bot``) or those
its command line names (``--shards 0-3 --shard-count 8``), one process of a cluster over
PostgreSQL. Shards identify to Discord in turns: at most one per ``shard_id % max_concurrency``
bucket every 5 seconds, across the cluster (``Storage.identify_slot``).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from typing import Any, cast

import discord
from discord.ext import commands

import rendering

from ..settings import Settings
from ..table.errors import UserError
from ..table.games import Games
from ..table.guilds import GuildDefaults
from ..table.lobby import LobbyService
from ..table.scheduler import Scheduler
from ..table.service import MatchService
from ..table.storage import Storage
from ..table.thinkers import Thinkers
from .admin_desk import AdminDesk
from .answers import Answers
from .book import MessageBook
from .controls import CUSTOM_ID, ControlId
from .frontend import Frontend
from .guide_desk import GuideDesk
from .invite import invite_url, permissions
from .language_desk import LanguageDesk
from .languages import Languages
from .lobby_desk import LobbyDesk
from .painters import Painters
from .presenter import Presenter, Renderer
from .rights import Rights
from .translator import CommandTranslator
from .views import Control

__all__ = ["EXTENSIONS", "IDENTIFY_EVERY", "Parlor", "create_bot"]

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.match", "cogs.play", "cogs.learn", "cogs.admin", "cogs.language")
IDENTIFY_EVERY = 5.0
"""Seconds between two identifies of one bucket (Discord's rate limit), plus a margin."""
IDENTIFY_MARGIN = 0.5


def utc_now() -> float:
    """Wall-clock seconds, through discord.py's clock (which a test's virtual clock replaces)."""
    return discord.utils.utcnow().timestamp()


class Parlor(commands.AutoShardedBot):
    def __init__(
        self,
        settings: Settings,
        *,
        games: Games | None = None,
        renderer: Renderer | None = None,
        new_seed: Callable[[], int] | None = None,
    ) -> None:
        ids = settings.shard_ids
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            shard_count=settings.shard_count,
            # None: every shard (discord.py's default, which its annotation leaves out).
            shard_ids=cast("list[int]", None if ids is None else list(ids)),
        )
        self.settings = settings
        self.games = games or Games()
        self.renderer: Renderer = renderer or rendering
        # Drawing processes for the renderer that ships; a renderer given here (a test's, a
        # bench's) may not cross a process boundary, so it draws in threads.
        processes = renderer is None and settings.painters != 0
        self.painters = Painters(settings.painters or None, processes=processes)
        # CPU players decide in processes, which look the rulesets up by name: rulesets given
        # here (a test's) are thought about in threads.
        self.thinkers = Thinkers(
            settings.thinkers or None,
            processes=games is None and settings.thinkers != 0,
            lookup=self.games.get,
        )
        self.new_seed = new_seed or (lambda: secrets.randbits(63))
        self.storage: Storage | None = None
        self.scheduler: Scheduler | None = None
        self._max_concurrency: int | None = None

    async def setup_hook(self) -> None:
        await self._stop_services()
        self.storage = await Storage.open(self.settings.database)
        self.scheduler = Scheduler(self.storage, utc_now)
        self.server_defaults = GuildDefaults(
            self.storage,
            self.games,
            forfeit_after=self.settings.forfeit_after,
            step_delay=self.settings.step_delay,
        )
        await self.server_defaults.load()
        self.presenter = Presenter(
            self,
            self.renderer,
            MessageBook(self.storage),
            step_delay=self.settings.step_delay,
            pacing=self.server_defaults.own_step_delay,
            painters=self.painters,
            languages=Languages(self.storage),
        )
        self.matches = MatchService(
            self.storage,
            self.games,
            self.presenter,
            self.scheduler,
            now=utc_now,
            new_seed=self.new_seed,
            thinkers=self.thinkers,
            cpu_pause=self.settings.step_delay,
        )
        self.lobbies = LobbyService(
            self.storage,
            self.games,
            self.matches,
            expires_after=self.settings.lobby_expires,
            guilds=self.server_defaults,
        )
        answers = Answers(self.matches, self.presenter)
        rights = Rights(self, self.storage, utc_now)
        self.frontend = Frontend(
            answers,
            self.games,
            self.matches,
            self.presenter,
            lobby=LobbyDesk(
                answers, self.games, self.lobbies, self.matches, self.presenter, rights
            ),
            guide=GuideDesk(answers, self.games, self.storage, self.presenter),
            rights=rights,
        )
        self.admin = AdminDesk(answers, self.games, self.lobbies, self.server_defaults, rights)
        self.language = LanguageDesk(answers)
        await self.tree.set_translator(CommandTranslator())
        self.add_dynamic_items(Control)
        for name in EXTENSIONS:
            if name in self.extensions:
                await self.reload_extension(name)
            else:
                await self.load_extension(name)
        if self.settings.syncs_commands:
            await self._sync_commands()
        await self.matches.resume_all()
        await self._recheck_tables()
        await self.lobbies.resume_all()
        self.scheduler.start()
        self.matches.start()
        if self.application_id is not None:  # known once logged in
            log.info(
                "invite the bot to a server (permissions %d): %s",
                permissions().value,
                invite_url(self.application_id),
            )

    async def _recheck_tables(self) -> None:
        """Each seat of each match under way whose tables a stopped process may have left
        behind (not settled, ``bot.chat.settling``): its DM table checked against its state, in
        the match's presenter line after what was committed but not shown
        (``Presenter.recheck``). The other matches are not replayed."""
        assert self.storage is not None
        unsettled = await self.storage.unsettled()
        for match_id in unsettled:
            for player in await self.storage.players(match_id):
                try:
                    hand = await self.matches.hand(match_id, player.user_id)
                except UserError:  # cannot be restored: said when it is used
                    break
                self.presenter.recheck(hand)
        if unsettled:
            log.info("rechecking the tables of %d match(es) a stop left unsettled", len(unsettled))

    async def _sync_commands(self) -> None:
        guild_id = self.settings.dev_guild_id
        if guild_id is not None:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to the development server %d", len(synced), guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d commands globally", len(synced))

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Wait for the shard's bucket's turn to identify, which the whole cluster shares (in
        place of discord.py's 5 seconds between this process's own shards)."""
        if self.storage is None:
            return await super().before_identify_hook(shard_id, initial=initial)
        if self._max_concurrency is None:
            try:
                self._max_concurrency = (await self.fetch_session_start_limits()).max_concurrency
            except discord.HTTPException as exc:
                log.warning("could not read the identify limits (%s): one at a time", exc)
                self._max_concurrency = 1
        bucket = (shard_id or 0) % max(self._max_concurrency, 1)
        async with self.storage.identify_slot(bucket, IDENTIFY_EVERY + IDENTIFY_MARGIN):
            log.info("shard %s: identifying (bucket %d)", shard_id, bucket)

    async def _stop_services(self) -> None:
        if hasattr(self, "matches"):  # built by the first setup_hook
            self.matches.close()
        self.thinkers.close()  # started again by the next decision
        if self.scheduler is not None:
            self.scheduler.close()
        if hasattr(self, "presenter"):  # built by the first setup_hook
            self.presenter.close()
        if self.storage is not None:
            await self.storage.close()
            self.storage = None

    async def close(self) -> None:
        await self._stop_services()
        await super().close()

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Every click that no ``Control`` on its message answers: a control the message no
        longer shows (a double click, a client showing an older copy), or a custom id that is
        not one of the bot's (garbled, made up, of another kind of component), which
        discord.py's dispatch skips. It is answered here: as outdated, or refused."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if CUSTOM_ID.fullmatch(custom_id) and _shows(
            interaction.message, custom_id, data.get("component_type")
        ):
            return  # the Control on the message answers it
        values = [str(v) for v in data.get("values", [])]
        await self.frontend.control(interaction, ControlId.parse(custom_id), values)

    async def on_ready(self) -> None:
        log.info("ready as %s in %d server(s)", self.user, len(self.guilds))


def _shows(message: discord.Message | None, custom_id: str, kind: Any) -> bool:
    """Whether the message shows a component of this kind with this custom id (what
    discord.py's dispatch of a ``DynamicItem`` looks for)."""
    if message is None:
        return False
    for row in message.components:
        for item in getattr(row, "children", [row]):
            if getattr(item, "custom_id", None) == custom_id and item.type.value == kind:
                return True
    return False


def create_bot(settings: Settings, **dependencies: Any) -> Parlor:
    return Parlor(settings, **dependencies)
