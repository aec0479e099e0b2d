"""Settings: one object read from the environment (and a ``.env`` file), never at import time.

The token is a :class:`Secret`: its ``repr`` and ``str`` are masked, so printing the settings,
logging them or a traceback showing them never reveals it. Only :meth:`Secret.reveal` does, and
only the entry point calls it, to log in. So is a password in a ``postgresql://`` URL: the
settings show the database without it.

Which shards a process holds is said on its command line (``python -m bot --shards 0-3
--shard-count 8``), not in the environment, as each process of a cluster holds its own.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

__all__ = [
    "ENV_KEYS",
    "Secret",
    "Settings",
    "SettingsError",
    "parse_dotenv",
    "parse_shards",
    "without_password",
]

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
FORFEIT_AFTER = (1, 20)
LOBBY_EXPIRES = (60, 7 * 24 * 3600)
PAINTERS = (0, 32)
ENV_KEYS = (
    "DISCORD_TOKEN",
    "PARLOR_DATABASE",
    "DEV_GUILD_ID",
    "LOG_LEVEL",
    "PARLOR_STEP_DELAY",
    "PARLOR_FORFEIT_AFTER",
    "PARLOR_LOBBY_EXPIRES",
    "PARLOR_PAINTERS",
    "PARLOR_THINKERS",
)
"""Every variable the settings read (``.env.example`` lists the same, a test checks it)."""


class SettingsError(ValueError):
    """A setting is missing or malformed; the message says which and what to do."""


class Secret:
    """A string that does not print itself."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "Secret('********')"

    __str__ = __repr__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Secret) and other._value == self._value

    def __hash__(self) -> int:
        return hash(self._value)

    def __bool__(self) -> bool:
        return bool(self._value)


def parse_dotenv(text: str) -> dict[str, str]:
    """Read ``KEY=value`` lines: ``#`` comments, blank lines, an optional ``export`` prefix, and
    values in single or double quotes (kept as written) are understood; nothing is expanded."""
    values: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export ") :].lstrip()
        key, sep, value = line.partition("=")
        key = key.strip()
        if not sep or not key.replace("_", "").isalnum():
            raise SettingsError(f".env line {number}: expected KEY=value")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        elif " #" in value:
            value = value.split(" #", 1)[0].rstrip()
        values[key] = value
    return values


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the bot reads from its environment."""

    token: Secret
    database: str | Path = field(default="parlor.db", repr=False)
    """A SQLite file, or a ``postgresql://`` URL (``PARLOR_DATABASE``); see :attr:`where`."""
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    step_delay: float = 1.0
    """Seconds between two resolution steps of a reveal in the channel (``PARLOR_STEP_DELAY``)."""
    forfeit_after: int = 3
    """Missed turns in a row after which a seat forfeits, unless ``/match new`` says otherwise;
    0 for never (``PARLOR_FORFEIT_AFTER``: a number, or ``never``)."""
    lobby_expires: int = 3600
    """Seconds a lobby waits to be started before it closes (``PARLOR_LOBBY_EXPIRES``)."""
    painters: int | None = None
    """Processes that draw pictures (``PARLOR_PAINTERS``): None for one per core, at most
    four; 0 to draw in threads of the bot's own process instead."""
    thinkers: int | None = None
    """Processes in which CPU players decide (``PARLOR_THINKERS``): None for one per two
    cores; 0 to think in threads of the bot's own process instead."""
    shard_ids: tuple[int, ...] | None = None
    """The shards this process holds (``--shards``); None: all of them."""
    shard_count: int | None = None
    """How many shards the bot has in all (``--shard-count``); None: as many as Discord
    recommends."""

    @property
    def where(self) -> str:
        """The database, as it may be shown (without a password)."""
        return without_password(str(self.database))

    @property
    def syncs_commands(self) -> bool:
        """Whether this process syncs the slash commands: the one holding shard 0 (alone, one
        process does: Discord would otherwise be asked the same by each)."""
        return self.shard_ids is None or 0 in self.shard_ids

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{name}={getattr(self, name)!r}"
            for name in self.__dataclass_fields__
            if name != "database"
        )
        return f"Settings({shown}, where={self.where!r})"

    @classmethod
    def from_env(
        cls, environ: Mapping[str, str] | None = None, dotenv: str | Path | None = ".env"
    ) -> Settings:
        """Settings from ``environ`` (default ``os.environ``) over the ``.env`` file, if any."""
        merged: dict[str, str] = {}
        if dotenv is not None and Path(dotenv).is_file():
            merged.update(parse_dotenv(Path(dotenv).read_text(encoding="utf-8")))
        merged.update(os.environ if environ is None else environ)
        return cls.from_mapping(merged)

    @classmethod
    def from_mapping(cls, values: Mapping[str, str]) -> Settings:
        token = values.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise SettingsError(
                "DISCORD_TOKEN is not set. Put the bot's token in .env (copy .env.example) "
                "or in the environment."
            )
        level = (values.get("LOG_LEVEL") or "INFO").strip().upper()
        if level not in LOG_LEVELS:
            raise SettingsError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}")
        return cls(
            token=Secret(token),
            database=(values.get("PARLOR_DATABASE") or "parlor.db").strip(),
            dev_guild_id=_optional_int(values, "DEV_GUILD_ID"),
            log_level=level,
            step_delay=_float(values, "PARLOR_STEP_DELAY", 1.0),
            forfeit_after=_forfeit_after(values, "PARLOR_FORFEIT_AFTER"),
            lobby_expires=_seconds(values, "PARLOR_LOBBY_EXPIRES", 3600, LOBBY_EXPIRES),
            painters=_painters(values, "PARLOR_PAINTERS"),
            thinkers=_painters(values, "PARLOR_THINKERS"),
        )


def without_password(database: str) -> str:
    """A database URL without its password (a file path as it is)."""
    parts = urlsplit(database)
    if "://" not in database or parts.password is None:
        return database
    host = parts.hostname or ""
    if parts.port is not None:
        host += f":{parts.port}"
    user = f"{parts.username}:***@" if parts.username else ""
    return urlunsplit(parts._replace(netloc=user + host))


def parse_shards(
    shards: str | None, count: int | None
) -> tuple[tuple[int, ...] | None, int | None]:
    """``--shards`` (``0-3``, ``0,2,5`` or ``4``) and ``--shard-count``, checked: the shard
    ids (None: all) and the count (None: Discord's recommendation)."""
    if count is not None and count < 1:
        raise SettingsError("--shard-count must be at least 1")
    if shards is None:
        return None, count
    if count is None:
        raise SettingsError("--shards needs --shard-count: how many shards the bot has in all")
    ids: list[int] = []
    for part in shards.split(","):
        first, dash, last = part.strip().partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise SettingsError(f"--shards: {part.strip()!r} is not a shard or a range (0-3)")
        ids.extend(range(int(first), int(last if dash else first) + 1))
    if not ids or len(set(ids)) != len(ids) or max(ids) >= count:
        raise SettingsError(
            f"--shards must name different shards from 0 to {count - 1} (--shard-count {count})"
        )
    return tuple(sorted(ids)), count


def _optional_int(values: Mapping[str, str], key: str) -> int | None:
    raw = (values.get(key) or "").strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise SettingsError(f"{key} must be a number (a Discord id), not {raw!r}")
    return int(raw)


def _float(values: Mapping[str, str], key: str, default: float) -> float:
    raw = (values.get(key) or "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise SettingsError(f"{key} must be a number of seconds, not {raw!r}") from None
    if not 0 <= value <= 30:
        raise SettingsError(f"{key} must be between 0 and 30 seconds")
    return value


def _forfeit_after(values: Mapping[str, str], key: str) -> int:
    raw = (values.get(key) or "").strip().lower()
    if not raw:
        return 3
    if raw in ("never", "0"):
        return 0
    least, most = FORFEIT_AFTER
    if not raw.isdigit() or not least <= int(raw) <= most:
        raise SettingsError(f"{key} must be a number of turns from {least} to {most}, or never")
    return int(raw)


def _painters(values: Mapping[str, str], key: str) -> int | None:
    raw = (values.get(key) or "").strip()
    if not raw:
        return None
    least, most = PAINTERS
    if not raw.isdigit() or not least <= int(raw) <= most:
        raise SettingsError(f"{key} must be a number of processes from {least} to {most}")
    return int(raw)


def _seconds(values: Mapping[str, str], key: str, default: int, bounds: tuple[int, int]) -> int:
    raw = (values.get(key) or "").strip()
    if not raw:
        return default
    least, most = bounds
    if not raw.isdigit() or not least <= int(raw) <= most:
        raise SettingsError(f"{key} must be a number of seconds from {least} to {most}")
    return int(raw)
