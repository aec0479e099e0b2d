"""The bot's two halves, along the match lock: ``bot/table`` (matches, lobbies, clocks, storage)
imports nothing from Discord nor from ``bot/chat``; ``bot/chat`` speaks Discord and reads the
table's values. Data flows one way: the table hands the chat side what it committed."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot"


def _imports(path: Path) -> set[str]:
    """Every module a file imports, relative ones written out (``..chat.views`` →
    ``bot.chat.views``)."""
    package = ".".join(path.relative_to(BOT.parent).with_suffix("").parts[:-1])
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                found.add(node.module or "")
                continue
            base = package.split(".")[: len(package.split(".")) - node.level + 1]
            found.add(".".join([*base, *([node.module] if node.module else [])]))
    return found


def test_the_table_half_knows_nothing_of_discord_or_the_chat_half() -> None:
    offenders = {}
    for path in (BOT / "table").rglob("*.py"):
        bad = sorted(
            m for m in _imports(path) if m.split(".")[0] == "discord" or m.startswith("bot.chat")
        )
        if bad:
            offenders[path.name] = bad
    assert offenders == {}


def test_importing_the_table_half_loads_no_discord() -> None:
    code = (
        "import sys, pkgutil, importlib, bot.table\n"
        "[importlib.import_module('bot.table.' + m.name) "
        "for m in pkgutil.iter_modules(bot.table.__path__)]\n"
        "print([m for m in ('discord', 'bot.chat') if m in sys.modules])\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=BOT.parent, check=True
    )
    assert out.stdout.strip() == "[]"
