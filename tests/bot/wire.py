"""A loopback test double of Discord's HTTP API, for the wire format.

A small aiohttp server on 127.0.0.1 (a random port) that real discord.py talks to once
``discord.http.Route.BASE`` points at it. It serves just the routes the bot uses, and checks every
request against Discord's OpenAPI spec: the method and path must be a route, and the JSON body,
or the ``payload_json`` part of a multipart upload, must validate against its schema. Uploaded
files are kept for the test to look at. A test double, not product code.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from .openapi import OpenApi

BOT_ID = 1000
APPLICATION_ID = 1001


@dataclass
class Seen:
    method: str
    path: str
    body: Any
    files: dict[str, bytes] = field(default_factory=dict)
    multipart: bool = False


class LoopbackDiscord:
    def __init__(self, api: OpenApi) -> None:
        self.api = api
        self.seen: list[Seen] = []
        self.problems: list[str] = []
        self._ids = itertools.count(2_000_000)
        self._runner: web.AppRunner | None = None
        app = web.Application()
        app.router.add_route("*", "/api/v10/{tail:.*}", self._handle)
        self._app = app

    async def start(self) -> str:
        """Serve on a free port of 127.0.0.1; the API base URL to give discord.py."""
        self._runner = web.AppRunner(self._app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return f"http://127.0.0.1:{port}/api/v10"

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    async def _handle(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        seen = await self._read(request, path)
        self.seen.append(seen)
        self.problems += self.api.problems(request.method, path, seen.body)
        reply = self._reply(request.method, path, seen.body)
        if reply is None:
            self.problems.append(f"{request.method} {path}: not served by this double")
            return _json({"message": "404: Not Found", "code": 0}, status=404)
        return _json(reply)

    async def _read(self, request: web.Request, path: str) -> Seen:
        if request.content_type.startswith("multipart/"):
            body, files = None, {}
            reader = await request.multipart()
            async for part in reader:
                if part.name == "payload_json":
                    body = json.loads(await part.text())  # type: ignore[union-attr]
                elif part.name:
                    files[part.filename or part.name] = bytes(await part.read())  # type: ignore[union-attr]
            return Seen(request.method, path, body, files, multipart=True)
        if request.can_read_body:
            return Seen(request.method, path, await request.json())
        return Seen(request.method, path, None)

    def _reply(self, method: str, path: str, body: Any) -> Any:
        parts = path.strip("/").split("/")
        if (method, path) == ("GET", "/users/@me"):
            return _user(BOT_ID, "Parlor", bot=True)
        if (method, path) == ("GET", "/oauth2/applications/@me"):
            return _application()
        if (method, path) == ("POST", "/users/@me/channels"):
            user = int(body["recipient_id"])
            return {"id": str(user + 1), "type": 1, "recipients": [_user(user, f"user{user}")]}
        if parts[0] == "channels" and parts[2:3] == ["messages"]:
            if method == "POST" and len(parts) == 3:
                return _message(next(self._ids), int(parts[1]), body or {})
            if method == "PATCH" and len(parts) == 4:
                return _message(int(parts[3]), int(parts[1]), body or {})
        return None


def _json(data: Any, status: int = 200) -> web.Response:
    # discord.py parses a body as JSON only for exactly this content type (no charset).
    body = json.dumps(data).encode()
    return web.Response(body=body, status=status, headers={"Content-Type": "application/json"})


def _user(user_id: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name,
        "discriminator": "0",
        "global_name": None,
        "avatar": None,
        "bot": bot,
    }


def _application() -> dict[str, Any]:
    return {
        "id": str(APPLICATION_ID),
        "name": "Parlor",
        "icon": None,
        "description": "",
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": _user(1, "owner"),
        "verify_key": "0" * 64,
        "flags": 0,
        "summary": "",
    }


def _message(message_id: int, channel_id: int, body: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": str(message_id),
        "channel_id": str(channel_id),
        "author": _user(BOT_ID, "Parlor", bot=True),
        "content": body.get("content") or "",
        "timestamp": "2026-01-01T00:00:00+00:00",
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": body.get("embeds") or [],
        "components": body.get("components") or [],
        "pinned": False,
        "type": 0,
        "flags": 0,
    }
