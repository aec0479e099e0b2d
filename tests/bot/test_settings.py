"""Settings from the environment and ``.env``; the token never shows; ``python -m bot`` without
one exits with status 2 and says what to do."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.settings import ENV_KEYS, Secret, Settings, SettingsError, parse_dotenv

REPO = Path(__file__).resolve().parents[2]


def test_a_dotenv_file_is_read_as_people_write_it() -> None:
    text = """
    # a comment
    export DISCORD_TOKEN="abc def"
    LOG_LEVEL=debug   # trailing comment
    PARLOR_DATABASE='data/parlor.db'
    DEV_GUILD_ID=
    """
    assert parse_dotenv(text) == {
        "DISCORD_TOKEN": "abc def",
        "LOG_LEVEL": "debug",
        "PARLOR_DATABASE": "data/parlor.db",
        "DEV_GUILD_ID": "",
    }
    with pytest.raises(SettingsError, match="line 1"):
        parse_dotenv("no equals sign")


def test_the_environment_wins_over_the_dotenv_file(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text("DISCORD_TOKEN=from-file\nLOG_LEVEL=WARNING\nDEV_GUILD_ID=42\n")
    settings = Settings.from_env({"LOG_LEVEL": "error"}, dotenv)
    assert settings.token.reveal() == "from-file"
    assert settings.log_level == "ERROR"
    assert settings.dev_guild_id == 42
    assert settings.database == "parlor.db"
    assert settings.step_delay == 1.0


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": "  "}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": "t", "LOG_LEVEL": "LOUD"}, "LOG_LEVEL must be one of"),
        ({"DISCORD_TOKEN": "t", "DEV_GUILD_ID": "my server"}, "DEV_GUILD_ID must be a number"),
        ({"DISCORD_TOKEN": "t", "PARLOR_STEP_DELAY": "99"}, "between 0 and 30"),
        ({"DISCORD_TOKEN": "t", "PARLOR_FORFEIT_AFTER": "always"}, "from 1 to 20, or never"),
        ({"DISCORD_TOKEN": "t", "PARLOR_LOBBY_EXPIRES": "10"}, "seconds from 60 to 604800"),
    ],
)
def test_bad_settings_say_what_is_wrong(values: dict[str, str], message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        Settings.from_mapping(values)


def test_forfeits_and_lobby_expiry_have_defaults_and_read_never() -> None:
    defaults = Settings.from_mapping({"DISCORD_TOKEN": "t"})
    assert (defaults.forfeit_after, defaults.lobby_expires) == (3, 3600)
    chosen = Settings.from_mapping(
        {"DISCORD_TOKEN": "t", "PARLOR_FORFEIT_AFTER": "Never", "PARLOR_LOBBY_EXPIRES": "600"}
    )
    assert (chosen.forfeit_after, chosen.lobby_expires) == (0, 600)
    assert (
        Settings.from_mapping({"DISCORD_TOKEN": "t", "PARLOR_FORFEIT_AFTER": "5"}).forfeit_after
        == 5
    )


def test_the_token_never_prints() -> None:
    settings = Settings.from_mapping({"DISCORD_TOKEN": "sekrit-token"})
    for shown in (repr(settings), str(settings), repr(settings.token), f"{settings.token}"):
        assert "sekrit" not in shown
    assert settings.token == Secret("sekrit-token") and settings.token.reveal() == "sekrit-token"


def test_env_example_lists_every_setting_and_parses() -> None:
    example = parse_dotenv((REPO / ".env.example").read_text(encoding="utf-8"))
    assert tuple(example) == ENV_KEYS
    assert example["DISCORD_TOKEN"] == ""  # never a token in the repository


def test_running_without_a_token_exits_2_with_a_clear_message(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ENV_KEYS}
    env["PYTHONPATH"] = str(REPO)
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 2
    assert "DISCORD_TOKEN is not set" in done.stderr and ".env" in done.stderr
    assert done.stdout == ""
