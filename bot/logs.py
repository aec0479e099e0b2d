"""Logging for the process: configured once, by the entry point only.

Hidden information never reaches a log. The bot's own modules log match ids, seats, action
kinds and card uids, never card names, captions or a match's seed. discord.py's transport
loggers write whole request and event payloads (a DM'd hand among them) at DEBUG, and
aiosqlite every statement with its parameters (a seed among them, from which every hand
follows), so they are held at INFO even when the bot runs at DEBUG.
"""

from __future__ import annotations

import logging

__all__ = ["PAYLOAD_LOGGERS", "configure_logging"]

PAYLOAD_LOGGERS = (
    "discord.http",
    "discord.gateway",
    "discord.webhook",
    "discord.state",
    "aiosqlite",
)
FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"


def configure_logging(level: str = "INFO", handler: logging.Handler | None = None) -> None:
    """Log at ``level`` to stderr (or to ``handler``), payload loggers at INFO at most."""
    root = logging.getLogger()
    root.setLevel(level)
    if handler is None:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter(FORMAT))
    root.addHandler(handler)
    floor = max(logging.getLevelName(level), logging.INFO)
    for name in PAYLOAD_LOGGERS:
        logging.getLogger(name).setLevel(floor)
