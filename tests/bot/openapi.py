"""Request bodies checked against Discord's own OpenAPI spec (``discord-api-spec``).

The spec is found at ``$PARLOR_DISCORD_OPENAPI`` or ``<repo>/../shared/discord-api-spec/
openapi.json`` (see :func:`spec_path`); :func:`spec_or_skip` skips the calling test, saying why,
where it is absent.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

REPO = Path(__file__).resolve().parents[2]
API_PREFIX = "/api/v10"


def spec_path() -> Path:
    """``$PARLOR_DISCORD_OPENAPI``, else ``shared/discord-api-spec/openapi.json`` beside the
    repository (``<repo>/../shared``) or beside one of its parents (a git worktree's)."""
    configured = os.environ.get("PARLOR_DISCORD_OPENAPI")
    if configured:
        return Path(configured)
    relative = Path("shared", "discord-api-spec", "openapi.json")
    for folder in REPO.parents:
        if (folder / relative).is_file():
            return folder / relative
    return REPO.parent / relative


@cache
def _load(path: Path) -> dict[str, Any]:
    spec: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return spec


def spec_or_skip() -> OpenApi:
    path = spec_path()
    if not path.is_file():
        pytest.skip(
            f"Discord's OpenAPI spec is not at {path} (set PARLOR_DISCORD_OPENAPI to check "
            "request bodies against it)"
        )
    return OpenApi(_load(path))


class OpenApi:
    def __init__(self, spec: dict[str, Any]) -> None:
        self.spec = spec
        self._routes = [
            (path.strip("/").split("/"), path, item) for path, item in spec["paths"].items()
        ]
        self._validators: dict[tuple[str, str], Draft202012Validator | None] = {}

    def route(self, method: str, path: str) -> str | None:
        """The spec's templated path for a concrete one (the most literal match)."""
        path = path.split("?", 1)[0]
        if path.startswith(API_PREFIX):
            path = path[len(API_PREFIX) :]
        segments = path.strip("/").split("/")
        best: tuple[int, str] | None = None
        for template, name, item in self._routes:
            if len(template) != len(segments) or method.lower() not in item:
                continue
            literals = 0
            for part, seg in zip(template, segments, strict=True):
                if part.startswith("{") and part.endswith("}"):
                    continue
                if part != seg:
                    break
                literals += 1
            else:
                if best is None or literals > best[0]:
                    best = (literals, name)
        return best[1] if best else None

    def validator(self, method: str, route: str) -> Draft202012Validator | None:
        key = (method.lower(), route)
        if key not in self._validators:
            operation = self.spec["paths"][route][method.lower()]
            content = (operation.get("requestBody") or {}).get("content") or {}
            schema = (content.get("application/json") or {}).get("schema")
            self._validators[key] = (
                None
                if schema is None
                else Draft202012Validator({**schema, "components": self.spec["components"]})
            )
        return self._validators[key]

    def problems(self, method: str, path: str, body: Any) -> list[str]:
        """What is wrong with a request: an unknown route, or a body its schema rejects."""
        route = self.route(method, path)
        if route is None:
            return [f"{method} {path}: no such route in the spec"]
        if body is None:
            return []
        validator = self.validator(method, route)
        if validator is None:
            return [f"{method} {route}: the spec takes no JSON body, but one was sent"]
        return [
            f"{method} {route}: {'/'.join(map(str, e.absolute_path)) or '(body)'}: {e.message}"
            for e in validator.iter_errors(body)
        ]

    def check_all(self, requests: Iterable[Any]) -> tuple[int, list[str]]:
        """Validate simcord's request log; returns how many bodies were checked, and problems."""
        checked = 0
        found: list[str] = []
        for entry in requests:
            found += self.problems(entry.method, entry.path, entry.json)
            checked += entry.json is not None
        return checked, found
