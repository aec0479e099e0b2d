"""Texts the bot writes, as pure functions: a turn's captions on its board message, names made
safe to show as discord.py would make them (the texts import no Discord), and no prose outside
``bot/texts``."""

from __future__ import annotations

import ast
import builtins
import importlib
import re
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

import pytest
from discord.utils import escape_markdown, escape_mentions
from hypothesis import given
from hypothesis import strategies as st

from bot.table.errors import UserError
from bot.texts import clean, turn_description


def test_the_steps_a_picture_shows_are_marked() -> None:
    text = turn_description(["a plays X.", "X: draw a card.", "b draws."], 1)
    assert text == "› a plays X.\n**▶** X: draw a card.\n**▶** b draws."


def test_a_long_turn_keeps_its_latest_captions_and_counts_the_rest() -> None:
    captions = [f"Step {i}: " + "x" * 90 for i in range(60)]
    text = turn_description(captions, 59)
    lines = text.split("\n")
    assert len(text) <= 3800
    assert lines[-1].startswith("**▶** Step 59")
    dropped = 60 - (len(lines) - 1)
    assert lines[0] == f"› … {dropped} earlier steps: `/match log`"
    assert lines[1].startswith(f"› Step {dropped}:")


TRICKY_NAMES = [
    "alice",
    "**bold** _it_ __under__ ~~gone~~ ||spoiler|| `code`",
    "snake_case_name",
    "back\\slash\\*",
    "> quoted",
    ">>> quoted block",
    "# Heading",
    "### small heading",
    "#### not a heading",
    "- a list",
    "   - indented list",
    "a - b",
    "[click](https://example.com)",
    "see https://example.com/a_b_c*d for _more_",
    "<https://example.com/_x_>",
    "steam://run/1_2",
    "@everyone and @here",
    "<@123456789012345678>",
    "<@!123456789012345678> <@&123456789012345678>",
    "@12345678901234567890123",
    "<#123456789012345678>",
    "🃏 Jo_ker | Queen",
    "line one\n# two\n- three\n> four",
    "",
]


@pytest.mark.parametrize("name", TRICKY_NAMES)
def test_a_name_is_escaped_as_discord_py_escapes_it(name: str) -> None:
    assert clean(name) == escape_mentions(escape_markdown(name))


@given(st.text(alphabet="_\\~|*`>#-[]()<>@!&:/. \nahtps1234567890", max_size=40))
def test_any_text_is_escaped_as_discord_py_escapes_it(text: str) -> None:
    assert clean(text) == escape_mentions(escape_markdown(text))


# -- every text lives in bot/texts ----------------------------------------------------------------
#
# Outside bot/texts, a string literal that reads as prose is a text written in the wrong place.
# Words the bot writes for no player are let through, each by a rule (never by its line):
# docstrings; what goes to the log or stderr (a logger's arguments, ``print(..., file=
# sys.stderr)``, and a literal passed to a parameter of the module's own that only goes there);
# the message of an exception that is not a ``UserError`` (a developer's or operator's words:
# logged, or printed by the entry point; the one that reaches a player, a control's
# ``ValueError`` shown by ``texts.not_now_because``, takes its words from the texts all the
# same); SQL, and lists of column names. Placeholders (``{…}``,
# ``%(name)s``, ``%d``) are not words, so format constants pass.

BOT = Path(__file__).resolve().parents[2] / "bot"
LOGGERS = {"log", "logger", "logging"}
SQL = re.compile(r"(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|PRAGMA|BEGIN|COMMIT)\b")
COLUMNS = re.compile(r"[a-z_]+(, [a-z_]+)+")
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%(\([a-z_]+\))?-?\d*[sdfr]")
WORDS = re.compile(r"[^\W\d_]{2,} +[^\W\d_]")


def _reads_as_prose(text: str) -> bool:
    words = PLACEHOLDER.sub("", text).strip()
    if SQL.match(words) or COLUMNS.fullmatch(words):
        return False
    return len(text) > 12 and WORDS.search(words) is not None


def _called(call: ast.Call) -> str:
    """The name a call is made by: ``f`` of ``f()`` and of ``self.f()``."""
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return call.func.id if isinstance(call.func, ast.Name) else ""


def _is_sink(call: ast.Call) -> bool:
    """A call whose words go to the log or to stderr."""
    func = call.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return func.value.id in LOGGERS
    to_stderr = any(k.arg == "file" and ast.unparse(k.value) == "sys.stderr" for k in call.keywords)
    return _called(call) == "print" and to_stderr


def _params_to_sinks(tree: ast.Module) -> dict[str, set[int | str]]:
    """The module's functions whose parameters only go to a sink: each such parameter by its
    position (``self`` left out, as a method is called) and by its name."""
    found: dict[str, set[int | str]] = {}
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        sunk = {
            id(name)
            for call in ast.walk(fn)
            if isinstance(call, ast.Call) and _is_sink(call)
            for name in ast.walk(call)
        }
        positional = [a.arg for a in fn.args.posonlyargs + fn.args.args]
        bound = 1 if positional[:1] in (["self"], ["cls"]) else 0
        for param in positional + [a.arg for a in fn.args.kwonlyargs]:
            uses = [n for n in ast.walk(fn) if isinstance(n, ast.Name) and n.id == param]
            if uses and all(id(n) in sunk for n in uses):
                keys = found.setdefault(fn.name, set())
                keys.add(param)
                if param in positional:
                    keys.add(positional.index(param) - bound)
    return found


def _exempt_nodes(tree: ast.Module, namespace: Mapping[str, Any]) -> set[int]:
    """The nodes whose strings are let through, by the rules above."""
    to_sinks = _params_to_sinks(tree)
    exempt: set[int] = set()
    for node in ast.walk(tree):
        held: list[ast.AST] = []
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            held = [node.value]  # docstrings, and strings standing alone
        elif isinstance(node, ast.Call) and _is_sink(node):
            held = [node]
        elif isinstance(node, ast.Call) and _called(node) in to_sinks:
            keys = to_sinks[_called(node)]
            held = [a for i, a in enumerate(node.args) if i in keys]
            held += [k.value for k in node.keywords if k.arg in keys]
        elif isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            raised = namespace.get(_called(node.exc), getattr(builtins, _called(node.exc), None))
            if isinstance(raised, type) and not issubclass(raised, UserError):
                held = [node.exc]
        exempt |= {id(inner) for n in held for inner in ast.walk(n)}
    return exempt


def prose(
    source: str, namespace: Mapping[str, Any], *, asked_of: Collection[str] = ()
) -> list[tuple[int, str]]:
    """The string literals of a module's ``source`` that read as prose and are not exempt
    (``namespace``: the module's names, to tell which exceptions are raised), nor arguments of
    a call of one of ``asked_of`` (a catalogue's: ``_``, ``ngettext``...)."""
    tree = ast.parse(source)
    exempt = _exempt_nodes(tree, namespace)
    for call in ast.walk(tree):
        if isinstance(call, ast.Call) and _called(call) in asked_of:
            exempt |= {id(node) for node in ast.walk(call)}
    found = []
    for node in ast.walk(tree):
        if id(node) in exempt:
            continue
        if isinstance(node, ast.JoinedStr):
            exempt |= {id(v) for v in node.values}
            text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        if _reads_as_prose(text):
            found.append((node.lineno, text))
    return sorted(found)


def test_the_bot_writes_prose_only_in_its_texts() -> None:
    found = []
    for path in sorted(BOT.rglob("*.py")):
        if "texts" in path.relative_to(BOT).parts:
            continue
        module = ".".join(path.relative_to(BOT.parent).with_suffix("").parts)
        module = module.removesuffix(".__init__")
        namespace = vars(importlib.import_module(module))
        source = path.read_text(encoding="utf-8")
        found += [f"{path.relative_to(BOT.parent)}:{n}: {t!r}" for n, t in prose(source, namespace)]
    assert found == []


def test_the_scan_finds_prose_and_lets_the_rest_through() -> None:
    source = '''
"""A docstring, long enough to be prose."""
log.info("match %d: a thing happened to it", 3)
print(f"parlor: something went wrong here", file=sys.stderr)

def _call(self, match_id, what, call):
    log.warning("match %d: %s failed", match_id, what)

def caller(self):
    self._call(1, "posting the board", None)
    raise ValueError(f"cannot set {x} on a match")
    db.execute("SELECT a, b FROM matches WHERE id = ?")
    COLUMNS = "id, guild_id, channel_id"
    FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"
    pl = f"pl:{match_id}:{version}:{op}"
    raise UserError("That match does not exist.")
    raise ValueError(texts.no_such_action())
    send(f"Match #{match_id} is on: the board follows.")
    return UserError(f"This match is reserved for <@{invited}>.")
    self._call(1, call=None, what="editing the board")
    label = "up to {most}, or none"
'''
    found = prose(source, {"UserError": UserError})
    assert [text for _, text in found] == [
        "That match does not exist.",
        "Match #{} is on: the board follows.",
        "This match is reserved for <@{}>.",
        "up to {most}, or none",
    ]
