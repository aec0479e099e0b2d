"""Settings from the environment and ``.env``; the token never shows; ``python -m bot`` without
one exits with status 2 and says what to do."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.settings import ENV_KEYS, Secret, Settings, SettingsError, parse_dotenv, parse_shards

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


def test_a_database_password_never_prints() -> None:
    url = "postgresql://parlor:hunter2@db.example:5432/parlor"
    settings = Settings.from_mapping({"DISCORD_TOKEN": "t", "PARLOR_DATABASE": url})
    assert settings.database == url
    assert settings.where == "postgresql://parlor:***@db.example:5432/parlor"
    assert "hunter2" not in repr(settings) and "hunter2" not in str(settings)
    assert Settings.from_mapping({"DISCORD_TOKEN": "t"}).where == "parlor.db"


@pytest.mark.parametrize(
    ("shards", "count", "expected"),
    [
        (None, None, (None, None)),  # every shard, as many as Discord recommends
        (None, 4, (None, 4)),
        ("0-3", 8, ((0, 1, 2, 3), 8)),
        ("6,4, 7", 8, ((4, 6, 7), 8)),
        ("5", 8, ((5,), 8)),
    ],
)
def test_a_process_holds_the_shards_its_command_line_names(
    shards: str | None, count: int | None, expected: tuple[object, object]
) -> None:
    assert parse_shards(shards, count) == expected


@pytest.mark.parametrize(
    ("shards", "count", "message"),
    [
        ("0-3", None, "--shards needs --shard-count"),
        ("0-8", 8, "from 0 to 7"),
        ("1,1", 4, "different shards"),
        ("a-b", 4, "is not a shard or a range"),
        (None, 0, "at least 1"),
    ],
)
def test_bad_shards_say_what_is_wrong(shards: str | None, count: int | None, message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        parse_shards(shards, count)


def test_only_the_process_holding_shard_0_syncs_the_commands() -> None:
    token = Secret("t")
    assert Settings(token).syncs_commands
    assert Settings(token, shard_ids=(0, 1), shard_count=4).syncs_commands
    assert not Settings(token, shard_ids=(2, 3), shard_count=4).syncs_commands


def test_a_cluster_process_on_sqlite_exits_2_and_says_why(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ENV_KEYS}
    env.update(PYTHONPATH=str(REPO), DISCORD_TOKEN="t")
    command = [sys.executable, "-m", "bot", "--shards", "0-1", "--shard-count", "4"]
    done = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 2
    assert "needs a database every process shares" in done.stderr and "postgresql://" in done.stderr
    assert not (tmp_path / "parlor.db").exists()
