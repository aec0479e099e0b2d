"""The rules core stays pure: no discord, aiosqlite or PIL import anywhere under rules/."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

FORBIDDEN = ("discord", "aiosqlite", "PIL")
RULES = Path(__file__).resolve().parents[1] / "rules"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_no_rules_module_imports_io_libraries() -> None:
    offenders = {
        str(path.relative_to(RULES.parent)): sorted(_imports(path) & set(FORBIDDEN))
        for path in RULES.rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_importing_every_ruleset_loads_none_of_them() -> None:
    code = (
        "import sys, rules.registry as r, rules.simulate, rules.__main__\n"
        "[r.get_ruleset(n) for n in r.RULESETS]\n"
        f"print([m for m in {FORBIDDEN!r} if m in sys.modules])\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=RULES.parent, check=True
    )
    assert out.stdout.strip() == "[]"
