"""The bot's two halves, along the match lock: ``bot/table`` (matches, lobbies, clocks, storage)
imports nothing from Discord nor from ``bot/chat``; ``bot/chat`` speaks Discord and reads the
table's values. Data flows one way: the table hands the chat side what it committed. The texts
(``bot/texts``), which both halves read, import neither Discord nor either half (the table's
values only for type checking)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot"


def _imports(path: Path, *, typing: bool = True) -> set[str]:
    """Every module a file imports, relative ones written out (``..chat.views`` →
    ``bot.chat.views``); without ``typing``, those under ``if TYPE_CHECKING:`` left out."""
    package = ".".join(path.relative_to(BOT.parent).with_suffix("").parts[:-1])
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typed = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If)
        and ast.unparse(node.test) in {"TYPE_CHECKING", "typing.TYPE_CHECKING"}
        for stmt in node.body
        for inner in ast.walk(stmt)
    }
    found = set()
    for node in ast.walk(tree):
        if not typing and id(node) in typed:
            continue
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


def test_the_texts_know_nothing_of_discord_nor_either_half() -> None:
    offenders = {}
    for path in (BOT / "texts").rglob("*.py"):
        bad = sorted(
            m
            for m in _imports(path, typing=False)
            if m.split(".")[0] == "discord" or m.startswith(("bot.chat", "bot.table"))
        )
        if bad:
            offenders[path.name] = bad
    assert offenders == {}


def test_importing_the_table_half_loads_no_discord() -> None:
    code = (
        "import sys, pkgutil, importlib, bot.table, bot.texts\n"
        "[importlib.import_module(p.__name__ + '.' + m.name) for p in (bot.table, bot.texts) "
        "for m in pkgutil.iter_modules(p.__path__)]\n"
        "print([m for m in ('discord', 'bot.chat') if m in sys.modules])\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=BOT.parent, check=True
    )
    assert out.stdout.strip() == "[]"


def test_the_texts_load_alone() -> None:
    """Both halves import the texts, so the texts load nothing of either (nor Discord)."""
    code = (
        "import sys, pkgutil, importlib, bot.texts\n"
        "[importlib.import_module('bot.texts.' + m.name) "
        "for m in pkgutil.iter_modules(bot.texts.__path__)]\n"
        "print([m for m in ('discord', 'bot.chat', 'bot.table') if m in sys.modules])\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=BOT.parent, check=True
    )
    assert out.stdout.strip() == "[]"
