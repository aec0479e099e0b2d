"""Servers' defaults: what ``/match new`` uses when its options are not given, how fast reveals
are paced, and which rulesets a server offers, as set by its admins with ``/parlor settings``.

Each server's own settings are stored (``guild_settings``) and kept in memory, read once at
start-up: ``/match new``, its autocomplete and every reveal's pacing look them up without a
database round trip. A setting a server never changed is the bot's (from its environment). On
a shared store, a server changed by another process is read again (:meth:`GuildDefaults.
refresh`) before a lobby opens and before a change.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

from .. import texts
from .errors import UserError
from .games import Games
from .storage import GuildRow, Storage

__all__ = [
    "DEFAULT_TURN_LIMIT",
    "FORFEIT_AFTER",
    "STEP_DELAYS",
    "TURN_LIMITS",
    "Change",
    "GuildDefaults",
    "ServerDefaults",
    "checked_forfeit_after",
    "checked_turn_limit",
]

log = logging.getLogger(__name__)

DEFAULT_TURN_LIMIT = 24 * 3600
TURN_LIMITS = (60, 7 * 24 * 3600)
FORFEIT_AFTER = (0, 20)
STEP_DELAYS = (0.0, 30.0)


def checked_turn_limit(seconds: int) -> int:
    """A turn limit a match or a server may have, else :class:`UserError`."""
    if not TURN_LIMITS[0] <= seconds <= TURN_LIMITS[1]:
        raise UserError(texts.turn_limit_out_of_range())
    return seconds


def checked_forfeit_after(missed: int) -> int:
    """Missed turns in a row that forfeit (0: never), else :class:`UserError`."""
    if not FORFEIT_AFTER[0] <= missed <= FORFEIT_AFTER[1]:
        raise UserError(texts.forfeit_after_out_of_range())
    return missed


@dataclass(frozen=True, slots=True)
class Change:
    """What an admin changes with ``/parlor settings``: ``None`` leaves a setting as it is;
    ``reset`` first returns every setting to the bot's."""

    turn_limit: int | None = None
    forfeit_after: int | None = None
    step_delay: float | None = None
    offer: str | None = None
    withdraw: str | None = None
    reset: bool = False

    @property
    def anything(self) -> bool:
        values = (self.turn_limit, self.forfeit_after, self.step_delay, self.offer, self.withdraw)
        return self.reset or any(value is not None for value in values)


@dataclass(frozen=True, slots=True)
class ServerDefaults:
    """The defaults in force in one server, and which of them are the server's own."""

    guild_id: int | None
    turn_limit: int
    forfeit_after: int
    step_delay: float
    offered: tuple[str, ...]
    withdrawn: tuple[str, ...]
    own: frozenset[str]
    """The names of the settings this server set (the others are the bot's)."""


class GuildDefaults:
    """Every server's defaults over the bot's own. Call :meth:`load` once before use."""

    def __init__(
        self,
        storage: Storage,
        games: Games,
        *,
        turn_limit: int = DEFAULT_TURN_LIMIT,
        forfeit_after: int = 3,
        step_delay: float = 1.0,
    ) -> None:
        self.storage = storage
        self.games = games
        self.turn_limit = turn_limit
        self.forfeit_after = forfeit_after
        self.step_delay = step_delay
        self._rows: dict[int, GuildRow] = {}

    async def load(self) -> None:
        self._rows = {row.guild_id: row for row in await self.storage.guild_rows()}
        log.info("read the defaults of %d server(s)", len(self._rows))

    async def refresh(self) -> None:
        """Read again the servers another process changed (none, with one process)."""
        changed = self.storage.changed_guilds()
        if not changed:
            return
        for guild_id in changed:
            self._rows.pop(guild_id, None)
        for row in await self.storage.guild_rows(sorted(changed)):
            self._rows[row.guild_id] = row

    def of(self, guild_id: int | None) -> ServerDefaults:
        row = self._rows.get(guild_id) if guild_id is not None else None
        row = row or GuildRow(guild_id or 0)
        own = {
            name
            for name in ("turn_limit", "forfeit_after", "step_delay")
            if getattr(row, name) is not None
        }
        withdrawn = tuple(n for n in self.games.names if n in row.withdrawn)
        if withdrawn:
            own.add("rulesets")
        return ServerDefaults(
            guild_id,
            self.turn_limit if row.turn_limit is None else row.turn_limit,
            self.forfeit_after if row.forfeit_after is None else row.forfeit_after,
            self.step_delay if row.step_delay is None else row.step_delay,
            tuple(n for n in self.games.names if n not in row.withdrawn),
            withdrawn,
            frozenset(own),
        )

    def own_step_delay(self, guild_id: int | None) -> float | None:
        """Seconds between a reveal's pictures if this server set them (the presenter asks, per
        step), else None: the presenter's own."""
        row = self._rows.get(guild_id) if guild_id is not None else None
        return row.step_delay if row is not None else None

    async def change(self, guild_id: int, change: Change) -> ServerDefaults:
        """Change a server's defaults (only those given)."""
        await self.refresh()
        row = GuildRow(guild_id) if change.reset else self._rows.get(guild_id, GuildRow(guild_id))
        if change.turn_limit is not None:
            row = replace(row, turn_limit=checked_turn_limit(change.turn_limit))
        if change.forfeit_after is not None:
            row = replace(row, forfeit_after=checked_forfeit_after(change.forfeit_after))
        step_delay, offer, withdraw = change.step_delay, change.offer, change.withdraw
        if step_delay is not None:
            if not STEP_DELAYS[0] <= step_delay <= STEP_DELAYS[1]:
                raise UserError(texts.step_delay_out_of_range())
            row = replace(row, step_delay=step_delay)
        for name in (offer, withdraw):
            if name is not None and name not in self.games.names:
                raise UserError(texts.no_such_game(name, self.games.names))
        if offer is not None:
            row = replace(row, withdrawn=row.withdrawn - {offer})
        if withdraw is not None:
            row = replace(row, withdrawn=row.withdrawn | {withdraw})
            if all(n in row.withdrawn for n in self.games.names):
                raise UserError(texts.one_game_must_stay())
        await self.storage.put_guild_row(row)
        self._rows[guild_id] = row
        log.info("server %d: defaults changed", guild_id)
        return self.of(guild_id)
