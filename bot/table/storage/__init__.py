"""Storage: one interface (:class:`Storage`), two backends: SQLite (one file, one process: the
embedded default) and PostgreSQL (any number of bot processes over one database), chosen by
``PARLOR_DATABASE`` (a file path, or a ``postgresql://`` URL). Each versions its schema in code.
"""

from __future__ import annotations

from .base import CLOCK, LOBBY, Storage, is_postgres
from .rows import (
    HASH_EVERY,
    ActionRow,
    AlreadyApplied,
    ChannelBusy,
    Clock,
    Deadline,
    GuildRow,
    MatchRow,
    PlayerRow,
    UserLanguage,
    checkpoint,
)

__all__ = [
    "CLOCK",
    "HASH_EVERY",
    "LOBBY",
    "ActionRow",
    "AlreadyApplied",
    "ChannelBusy",
    "Clock",
    "Deadline",
    "GuildRow",
    "MatchRow",
    "PlayerRow",
    "Storage",
    "UserLanguage",
    "checkpoint",
    "is_postgres",
]
