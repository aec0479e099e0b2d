"""``python -m bot``: read the settings, configure logging, run the bot."""

from __future__ import annotations

import sys

from .logs import configure_logging
from .settings import Settings, SettingsError


def main() -> int:
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        print(f"parlor: {exc}", file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    from .client import create_bot  # after logging, so import-time warnings are formatted

    bot = create_bot(settings)
    bot.run(settings.token.reveal(), log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
