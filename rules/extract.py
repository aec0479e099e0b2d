"""Babel extractors for the rulesets' words: what ``pybabel extract`` finds in ``rules/`` and
``data/`` (registered in ``babel.cfg``; the commands are in docs/i18n.md).

- :func:`extract_wording`, for Python files: every template of a ``Wording({...})`` written as a
  dict literal, with the template's name as context and its English as id (a ruleset's rules
  text in ``rules/<ruleset>/text.py``, the guide's words in ``rules/guide.py``).
- :func:`extract_data`, for a ruleset's TOML data: every ``name`` (``msgctxt "<ruleset>.card"``;
  a starter deck's is ``"<ruleset>.deck"``) and ``blurb`` (``"<ruleset>.card.blurb"`` or
  ``"<ruleset>.deck.blurb"``), and in ``guide.toml`` the pages and keywords as the guide reads
  them (``"guide.page.title"``, ``"guide.page.text"``, ``"guide.keyword.name"``,
  ``"guide.keyword.text"``, ``"guide.keyword.word"``).

Both yield Babel's ``(line, "pgettext", (context, id), comments)``. :func:`messages` gives what a
domain's files hold, for the test that its catalogue holds exactly that.
"""

from __future__ import annotations

import ast
import sys
import tomllib
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from .guide import GUIDE_FILE, read_guide

__all__ = ["DOMAIN_FILES", "Message", "domain_files", "extract_data", "extract_wording", "messages"]

Message = tuple[int, str, tuple[str, str], list[str]]
"""What a Babel extractor yields: line, function (``pgettext``), (context, id), comments."""

ROOT = Path(__file__).resolve().parents[1]

DOMAIN_FILES: Mapping[str, tuple[str, ...]] = {
    "rules": ("rules/guide.py", "rules/__main__.py", "rules/engine/words.py"),
    **{
        ruleset: (f"rules/{ruleset}/*.py", f"data/{ruleset}/*.toml")
        for ruleset in ("lanes", "fanfare", "charm", "breakfall", "esper")
    },
}
"""The files each of the rules' domains is extracted from (as ``pybabel extract`` is given
them; docs/i18n.md)."""


def domain_files(domain: str) -> list[Path]:
    return sorted(path for pattern in DOMAIN_FILES[domain] for path in ROOT.glob(pattern))


def _pgettext(line: int, context: str, message: str) -> Message:
    return (line, "pgettext", (context, message), [])


def extract_wording(
    fileobj: IO[bytes], keywords: object, comment_tags: object, options: object
) -> Iterator[Message]:
    """The templates of every ``Wording({...})`` a Python file writes as a dict literal."""
    tree = ast.parse(fileobj.read())
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and _called(node.func) == "Wording" and node.args):
            continue
        templates = node.args[0]
        if not isinstance(templates, ast.Dict):
            continue
        for key, value in zip(templates.keys, templates.values, strict=True):
            if (
                isinstance(key, ast.Constant)
                and isinstance(key.value, str)
                and isinstance(value, ast.Constant)
                and isinstance(value.value, str)
            ):
                yield _pgettext(key.lineno, key.value, value.value)


def _called(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def extract_data(
    fileobj: IO[bytes], keywords: object, comment_tags: object, options: object
) -> Iterator[Message]:
    """The names and blurbs of a ruleset's data file, or its guide's texts."""
    path = Path(getattr(fileobj, "name", ""))
    ruleset = path.parent.name
    source = fileobj.read()
    lines = source.decode("utf-8").splitlines()
    if path.name == GUIDE_FILE:
        yield from _guide(path, lines)
        return
    kind = "deck" if path.name == "decks.toml" else "card"
    for field, text in _named(tomllib.loads(source.decode("utf-8")), ("name", "blurb")):
        context = f"{ruleset}.{kind}" + (".blurb" if field == "blurb" else "")
        yield _pgettext(_line(lines, f"{field} = "), context, text)


def _named(data: Any, fields: Collection[str]) -> Iterator[tuple[str, str]]:
    """Every ``name``/``blurb`` text in a TOML document, in the file's order."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in fields and isinstance(value, str):
                yield key, value
            else:
                yield from _named(value, fields)
    elif isinstance(data, list):
        for item in data:
            yield from _named(item, fields)


def _line(lines: list[str], start: str, text: str = "") -> int:
    """The first line (from 1) that starts with ``start`` and holds ``text``; 0 if none."""
    for number, line in enumerate(lines, 1):
        if line.startswith(start) and text in line:
            return number
    return 0


def _guide(path: Path, lines: list[str]) -> Iterator[Message]:
    pages, keywords = read_guide(path)
    for page in pages:
        line = _line(lines, "title = ", page.title)
        yield _pgettext(line, "guide.page.title", page.title)
        yield _pgettext(line, "guide.page.text", page.text)
    for keyword in keywords:
        line = _line(lines, "id = ", f'"{keyword.id}"')
        yield _pgettext(line, "guide.keyword.name", keyword.name)
        yield _pgettext(line, "guide.keyword.text", keyword.text)
        for word in keyword.words:
            yield _pgettext(line, "guide.keyword.word", word)


def messages(domain: str) -> set[tuple[str, str]]:
    """Every (context, id) extraction finds in a domain's files."""
    found: set[tuple[str, str]] = set()
    for path in domain_files(domain):
        extract = extract_wording if path.suffix == ".py" else extract_data
        with path.open("rb") as file:
            found |= {message for _, _, message, _ in extract(file, None, None, None)}
    return found


def main(argv: list[str]) -> int:
    """``python -m rules.extract <domain>``: the files to give ``pybabel extract`` for it."""
    if len(argv) != 1 or argv[0] not in DOMAIN_FILES:
        print(f"usage: python -m rules.extract {{{','.join(DOMAIN_FILES)}}}", file=sys.stderr)
        return 2
    print(" ".join(str(path.relative_to(ROOT)) for path in domain_files(argv[0])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
