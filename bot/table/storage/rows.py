"""What storage reads and writes: rows as frozen values, and the errors it raises."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = [
    "HASH_EVERY",
    "ActionRow",
    "AlreadyApplied",
    "ChannelBusy",
    "Clock",
    "Deadline",
    "GuildRow",
    "MatchRow",
    "PlayerRow",
    "UserLanguage",
    "checkpoint",
]

HASH_EVERY = 8
"""An action stores the match's state hash every this many actions (and the last one): the
hash is a checkpoint a replay is checked against, and computing it is most of the bot's own
work per action."""


def checkpoint(seq: int, over: bool) -> bool:
    """Whether the action ``seq`` (from 0) stores the state hash: every ``HASH_EVERY``-th
    action, and the one that ends the match."""
    return over or (seq + 1) % HASH_EVERY == 0


class ChannelBusy(Exception):
    """A channel already has an open (lobby or active) match."""


class AlreadyApplied(Exception):
    """An action for this interaction is stored already (a redelivered interaction)."""


@dataclass(frozen=True, slots=True)
class Clock:
    """One seat's turn clock: when its time runs out and whether it was reminded."""

    due_at: float | None
    reminded: bool = False


@dataclass(frozen=True, slots=True)
class MatchRow:
    id: int
    guild_id: int | None
    channel_id: int
    ruleset: str
    ruleset_version: str | None
    status: str
    creator_id: int
    invited_id: int | None
    turn_limit: int
    seed: int | None
    setup: dict[str, Any] | None
    result: dict[str, Any] | None
    state_hash: str | None
    lobby_message_id: int | None
    board_message_id: int | None
    presented: int
    """How many of its actions were shown (-1: not even the opening)."""
    clocks: tuple[Clock, ...]
    created_at: float
    forfeit_after: int
    """Missed turns in a row after which a seat forfeits; 0: never."""
    rematch_of: int | None = None
    """The match this one repeats, if it was opened by a Rematch."""
    hash_seq: int | None = None
    """The action after which the match's state had ``state_hash`` (a checkpoint)."""
    action_count: int = 0
    """How many actions it has (the next one's ``seq``)."""
    captions: tuple[str, ...] = ()
    """The captions on its current board message, as last shown."""
    seats: int | None = None
    """The seats a lobby was opened for (it starts when they are taken); None: any number the
    ruleset allows, started with Start."""
    language: str = "en"
    """The language its channel posts, captions and pictures are in (``docs/i18n.md``)."""


@dataclass(frozen=True, slots=True)
class PlayerRow:
    match_id: int
    seat: int
    user_id: int
    name: str
    deck: str | None
    dm_channel_id: int | None
    dms_closed: bool
    hand_message_id: int | None
    confirmed: bool = True
    """False for a rematch's player until they confirm (by joining)."""
    cpu: str | None = None
    """A CPU seat's strength (``easy``, ``normal``, ``hard``); None for a person. A CPU seat's
    ``user_id`` is below 0: no Discord user has one."""


@dataclass(frozen=True, slots=True)
class ActionRow:
    seq: int
    seat: int
    action: dict[str, Any]
    source: str


@dataclass(frozen=True, slots=True)
class UserLanguage:
    """What a user's DMs are written in: the Discord locale they were last seen with, and the
    language they chose with ``/language`` (None: their locale's)."""

    locale: str | None = None
    chosen: str | None = None


@dataclass(frozen=True, slots=True)
class GuildRow:
    """A server's own defaults; ``None``: the bot's."""

    guild_id: int
    turn_limit: int | None = None
    forfeit_after: int | None = None
    step_delay: float | None = None
    withdrawn: frozenset[str] = frozenset()
    """Rulesets not offered in this server."""


@dataclass(frozen=True, slots=True)
class Deadline:
    """A time at which something must happen to a match: its turn clock rings (``clock``) or
    its lobby expires (``lobby``). ``version``: how many actions the match had when the clock
    was armed; a clock that rings for an older version is stale (an action re-armed it)."""

    match_id: int
    kind: str
    due_at: float
    version: int = 0
