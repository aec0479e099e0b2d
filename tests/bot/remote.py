"""The real bot in another OS process, against simcord in this one.

simcord runs a bot in its own process: it swaps discord.py's REST client and interaction
webhook adapter for ones that call its in-memory Discord, and feeds gateway events straight to
discord.py's parsers. It has no way to serve a bot in another process, so this module carries
those same three seams over a Unix socket, and nothing else:

- in the child (``python -m tests.bot.remote SOCKET DATABASE``), the bot is made as
  ``python -m bot`` makes it (``create_bot(Settings)``, logging configured by
  ``configure_logging``), then given a REST client and a webhook adapter that send each request
  (method, path, JSON, files) to the parent and raise what Discord would have answered, and a
  reader that hands each gateway event the parent sends to discord.py's parser for it;
- in the parent, :class:`Bridge` answers those requests with simcord's own REST router over
  its backend (the same code simcord's in-process transports call) and forwards the backend's
  gateway events, gated by the child's intents as simcord's gateway gates them (simcord's
  ``FakeGateway``), with READY and a GUILD_CREATE per server when the child identifies.

Everything else is the real bot: client, cogs, desks, service, storage over its SQLite file,
presenter, renderer (in threads: a killed process leaves no painter behind). simcord's
``Env`` in the parent drives a stand-in client of no behaviour (simcord needs one to run);
interactions are emitted into the backend as its actors do, and their answers arrive from the
child through the router. simcord's clock does not move while the child works (it moves only
for timers of a bot in its own process), so it never expires an interaction here.

The child answers one query of the parent's: what it holds (each active match's state hash and
action count, once its presenter is idle), so a test can compare it with a replay of storage.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import io
import logging
import os
import pickle
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord

log = logging.getLogger(__name__)

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GqXyZa.the-childs-token-no-log-may-hold"
"""The child's token: the parent's simcord accepts any, and no log line may hold it."""


# -- frames: a length, then a pickled message -----------------------------------------------------


async def send(writer: asyncio.StreamWriter, message: Any) -> None:
    data = pickle.dumps(message)
    writer.write(len(data).to_bytes(4, "big") + data)
    await writer.drain()


async def receive(reader: asyncio.StreamReader) -> Any:
    size = int.from_bytes(await reader.readexactly(4), "big")
    return pickle.loads(await reader.readexactly(size))


# -- the child ------------------------------------------------------------------------------------


class Link:
    """The child's end of the socket: requests to the parent, each answered by its id; events
    and queries from it."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.waiting: dict[int, asyncio.Future[Any]] = {}
        self.next_id = 0
        self.on_event: Callable[[str, dict[str, Any]], None] = lambda event, payload: None
        self.on_query: Callable[[int], Any] = lambda query_id: None

    async def call(self, op: str, **fields: Any) -> Any:
        self.next_id += 1
        answer: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.waiting[self.next_id] = answer
        await send(self.writer, {"op": op, "id": self.next_id, **fields})
        return await answer

    async def run(self) -> None:
        """Read from the parent until it closes the socket (then the child ends)."""
        while True:
            message = await receive(self.reader)
            op = message["op"]
            if op == "answer":
                self.waiting.pop(message["id"]).set_result(message)
            elif op == "event":
                self.on_event(message["event"], message["payload"])
            elif op == "held":
                asyncio.get_running_loop().create_task(self.on_query(message["id"]))


def _file(file: discord.File) -> tuple[str, bytes, str | None, bool]:
    file.reset()
    return file.filename, file.fp.read(), file.description, file.spoiler


def _raise(answer: dict[str, Any]) -> Any:
    """What the parent's router answered: the result, or the error Discord would give."""
    from simcord.backend.errors import BackendError
    from simcord.http.client import _raise_for

    if "error" not in answer:
        return answer["result"]
    status, data = answer["error"]
    _raise_for(BackendError(status, data.get("code", 0), data.get("message", "")))


def relay_transports(link: Link, loop: asyncio.AbstractEventLoop) -> tuple[Any, Any]:
    """A REST client and a webhook adapter that send every request to the parent: simcord's
    own fake transports, their request method replaced by a call over the link."""
    from simcord.http import router
    from simcord.http.client import FakeHTTPClient, FakeWebhookAdapter, _path_of

    async def relay(method: str, url: str, json: Any, params: Any, files: list[Any], reason: Any):
        answer = await link.call(
            "rest",
            method=method,
            path=_path_of(url),
            json=json,
            params=params,
            files=[_file(f) for f in files],
            reason=reason,
        )
        return _raise(answer)

    class RelayHTTP(FakeHTTPClient):
        async def static_login(self, token: str) -> Any:
            self.token = token
            return _raise(await link.call("login"))

        async def get_from_cdn(self, url: str) -> bytes:
            return _raise(await link.call("cdn", url=url))  # type: ignore[no-any-return]

        async def request(
            self, route: Any, *, files: Any = None, form: Any = None, **kwargs: Any
        ) -> Any:
            json = kwargs.get("json")
            file_list = list(files or [])
            if form is not None:
                payload, file_list = router.parse_form(list(form), file_list)
                if payload is not None:
                    json = payload
            params, reason = kwargs.get("params"), kwargs.get("reason")
            return await relay(route.method, route.url, json, params, file_list, reason)

    class RelayWebhooks(FakeWebhookAdapter):
        async def request(
            self,
            route: Any,
            session: Any,
            *,
            payload: dict[str, Any] | None = None,
            multipart: list[dict[str, Any]] | None = None,
            files: Any = None,
            params: dict[str, Any] | None = None,
            **kwargs: Any,
        ) -> Any:
            json: Any = payload
            file_list = list(files or [])
            if multipart:
                parsed, file_list = router.parse_form(multipart, file_list)
                if parsed is not None:
                    json = parsed
            return await relay(route.method, route.url, json, params, file_list, None)

    return RelayHTTP(None, loop), RelayWebhooks(None)  # type: ignore[arg-type]


class _Socketless:
    """What discord.py asks of a shard's websocket without a gateway connection."""

    latency = 0.0
    shard_id = 0
    open = True

    def is_ratelimited(self) -> bool:
        return False

    async def change_presence(self, **_: Any) -> None:
        return None

    async def close(self, code: int = 1000) -> None:
        return None


async def child(socket_path: str) -> None:
    """The bot, as ``python -m bot`` makes it: its settings from the environment
    (``DISCORD_TOKEN``, ``PARLOR_DATABASE``, ``LOG_LEVEL``...), logging configured by the
    entry point's ``configure_logging``; Discord at the other end of the socket."""
    from simcord import _dpy_internals
    from simcord.gateway import FakeShard

    from bot.chat.client import create_bot
    from bot.logs import configure_logging
    from bot.settings import Settings

    # One shard, which the parent's READY names (``python -m bot`` asks Discord how many).
    settings = dataclasses.replace(Settings.from_env(dotenv=None), shard_count=1)
    configure_logging(settings.log_level)
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False
    reader, writer = await asyncio.open_unix_connection(socket_path)
    link = Link(reader, writer)
    bot = create_bot(settings)
    http, webhooks = relay_transports(link, asyncio.get_running_loop())
    _dpy_internals.install_http(bot, http)
    _dpy_internals.set_guild_ready_timeout(bot, 0.0)
    _dpy_internals.set_webhook_adapter(webhooks)
    state = _dpy_internals.get_state(bot)
    state.shard_count, state.shard_ids = 1, [0]

    def on_event(event: str, payload: dict[str, Any]) -> None:
        parser = state.parsers.get(event)
        if parser is not None:
            parser(payload)

    async def on_query(query_id: int) -> None:
        await bot.presenter.idle()
        held = {}
        for guild in bot.guilds:
            for row in await bot.matches.storage.open_matches_in_guild(guild.id):
                if row.status != "active":
                    continue
                async with bot.matches.locks(row.id):
                    live = await bot.matches.live(row.id)
                    held[row.id] = (live.match.state_hash(), len(live.match.actions))
        await send(writer, {"op": "held", "id": query_id, "held": held})

    link.on_event = on_event
    link.on_query = on_query
    reading = asyncio.get_running_loop().create_task(link.run())
    await bot.login(settings.token.reveal())  # setup_hook: storage, commands, resuming
    _dpy_internals.install_shards(bot, {0: FakeShard(_Socketless(), bot.dispatch, lambda _: None)})  # type: ignore[arg-type]
    guilds = _raise(await link.call("identify", intents=bot.intents.value))
    await bot.wait_until_ready()
    while any(bot.get_guild(int(g)) is None for g in guilds):  # each GUILD_CREATE parsed
        await asyncio.sleep(0.01)
    await send(writer, {"op": "ready"})
    with contextlib.suppress(asyncio.IncompleteReadError, ConnectionError):
        await reading  # until the parent goes away


# -- the parent -----------------------------------------------------------------------------------


class _Parsers(dict[str, Any]):
    """Stands for the child's parsers in simcord's gateway: every event goes down the socket."""

    def __init__(self, forward: Callable[[str, dict[str, Any]], None]) -> None:
        super().__init__()
        self.forward = forward

    def __missing__(self, event: str) -> Callable[[dict[str, Any]], None]:
        return lambda payload: self.forward(event, payload)


class _ChildState:
    def __init__(self, intents: discord.Intents, forward: Callable[[str, Any], None]) -> None:
        self.intents = intents
        self.parsers = _Parsers(forward)


class ChildGone(Exception):
    """The child process ended (killed, or crashed) while something waited on it."""


class Bridge:
    """The parent's end: simcord's backend answers the child's requests, and its gateway
    events go to the child. One child at a time; a new one connects after the last died."""

    def __init__(self, env: Any, socket_path: str) -> None:
        self.env = env
        self.backend = env.backend
        self.socket_path = socket_path
        self.server: asyncio.AbstractServer | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.gateway: Any = None
        self.ready = asyncio.Event()
        self.gone = asyncio.Event()
        self.answered: dict[str, asyncio.Event] = {}
        """Per interaction token: set once the child edited the original response or sent a
        follow-up (its answer after a deferral)."""
        self.edited: set[str] = set()
        """Tokens whose original response the child edited (a move's answer: its table)."""
        self.followed: dict[str, str] = {}
        """Tokens the child answered with a follow-up, and what it said (a refusal, after a
        click it deferred)."""
        self.failures: list[str] = []
        """Requests simcord could not serve (a parity gap): none may happen."""
        self._queries: dict[int, asyncio.Future[Any]] = {}
        self._next_query = 0
        self.backend.subscribers.append(self._event)

    async def start(self) -> None:
        self.server = await asyncio.start_unix_server(self._serve, path=self.socket_path)

    async def close(self) -> None:
        if self._event in self.backend.subscribers:
            self.backend.subscribers.remove(self._event)
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    def expect(self, token: str) -> asyncio.Event:
        return self.answered.setdefault(token, asyncio.Event())

    async def held(self) -> dict[int, tuple[str, int]]:
        """What the child holds: each active match's state hash and action count."""
        if self.writer is None:
            raise ChildGone
        self._next_query += 1
        answer: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queries[self._next_query] = answer
        await send(self.writer, {"op": "held", "id": self._next_query})
        gone = asyncio.ensure_future(self.gone.wait())
        done, _ = await asyncio.wait({answer, gone}, return_when=asyncio.FIRST_COMPLETED)
        gone.cancel()
        if answer not in done:
            raise ChildGone
        return answer.result()  # type: ignore[no-any-return]

    # -- serving a child --------------------------------------------------------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.ready.clear()
        self.gone.clear()
        try:
            while True:
                message = await receive(reader)
                await self._handle(message, writer)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            self.writer = None
            self.gateway = None
            self.gone.set()
            for query in self._queries.values():
                if not query.done():
                    query.set_exception(ChildGone())
            self._queries.clear()
            writer.close()

    async def _handle(self, message: dict[str, Any], writer: asyncio.StreamWriter) -> None:
        op = message["op"]
        if op == "rest":
            await self._answer(writer, message["id"], lambda: self._rest(message))
        elif op == "login":
            from simcord.backend import serializers

            user = dict(serializers.user_payload(self.backend.bot_user))
            await self._answer(writer, message["id"], lambda: user)
        elif op == "cdn":
            await self._answer(writer, message["id"], lambda: self._cdn(message["url"]))
        elif op == "identify":
            guilds = [str(g) for g in self.backend.guilds]
            await send(writer, {"op": "answer", "id": message["id"], "result": guilds})
            self._identify(discord.Intents._from_value(message["intents"]))
        elif op == "ready":
            self.ready.set()
        elif op == "held":
            query = self._queries.pop(message["id"], None)
            if query is not None and not query.done():
                query.set_result(message["held"])

    async def _answer(
        self, writer: asyncio.StreamWriter, request_id: int, work: Callable[[], Any]
    ) -> None:
        from simcord.backend.errors import BackendError
        from simcord.http import router

        try:
            reply = {"op": "answer", "id": request_id, "result": work()}
        except (router.RouteNotImplemented, router.UnsupportedField) as exc:
            self.failures.append(str(exc))
            reply = {"op": "answer", "id": request_id, "error": (500, {"message": str(exc)})}
        except BackendError as exc:
            reply = {"op": "answer", "id": request_id, "error": (exc.status, exc.to_json())}
        await send(writer, reply)

    def _rest(self, message: dict[str, Any]) -> Any:
        from simcord.http import router

        files = [
            discord.File(io.BytesIO(data), filename=name, description=description, spoiler=spoiler)
            for name, data, description, spoiler in message["files"]
        ]
        result = router.dispatch(
            self.backend,
            message["method"],
            message["path"],
            json=message["json"],
            params=message["params"],
            files=files,
            reason=message["reason"],
        )
        self._note(message["method"], message["path"], message["json"])
        return result

    def _note(self, method: str, path: str, json: Any) -> None:
        """An interaction answered: a message or an update as its first answer, or, after a
        deferral, its original response edited or a follow-up."""
        parts = path.strip("/").split("/")
        if method == "POST" and parts[0] == "interactions" and parts[-1] == "callback":
            if (json or {}).get("type") in (4, 7, 8):
                self.expect(parts[2]).set()
            return
        if parts[0] != "webhooks" or len(parts) < 3:
            return
        token = parts[2]
        if method == "PATCH" and parts[-1] == "@original":
            self.edited.add(token)
            self.expect(token).set()
        elif method == "POST":
            self.followed[token] = str((json or {}).get("content", ""))
            self.expect(token).set()

    def _cdn(self, url: str) -> bytes:
        from simcord.backend.errors import BackendError

        data = self.backend.cdn.get(url)
        if data is None:
            raise BackendError(404, 0, "asset not found")
        return data  # type: ignore[no-any-return]

    def _identify(self, intents: discord.Intents) -> None:
        """READY, then a GUILD_CREATE per server, as the gateway sends them (simcord's own
        gateway gates them by the child's intents and prunes what they leave out)."""
        from simcord.backend import serializers
        from simcord.gateway import FakeGateway

        self.gateway = FakeGateway(self.backend, _ChildState(intents, self._forward))
        self.gateway.feed(
            "READY",
            {
                "v": 10,
                "user": dict(serializers.user_payload(self.backend.bot_user)),
                "guilds": [],
                "session_id": "bridge",
                "resume_gateway_url": "wss://bridge.invalid",
                "shard": [0, 1],
                "application": {"id": str(self.backend.application_id), "flags": 0},
            },
        )
        for guild in list(self.backend.guilds.values()):
            self.gateway.feed("GUILD_CREATE", serializers.guild_create_payload(self.backend, guild))

    def _event(self, event: str, payload: Any) -> None:
        if self.gateway is not None:
            self.gateway.feed(event, payload)

    def _forward(self, event: str, payload: dict[str, Any]) -> None:
        writer = self.writer
        if writer is None:
            return
        data = pickle.dumps({"op": "event", "event": event, "payload": payload})
        writer.write(len(data).to_bytes(4, "big") + data)


def child_environment(storage: dict[str, str], log_level: str = "DEBUG") -> dict[str, str]:
    """The environment ``python -m tests.bot.remote`` runs the bot with: a fresh one, its
    settings only (pictures drawn in threads, reveals without pauses), ``storage`` saying
    where it keeps its matches (``PARLOR_DATABASE``...)."""
    from bot.settings import ENV_KEYS

    env = {k: v for k, v in os.environ.items() if k not in ENV_KEYS}
    env.update(
        PYTHONPATH=str(Path(__file__).resolve().parents[2]),
        DISCORD_TOKEN=TOKEN,
        PARLOR_STEP_DELAY="0",
        PARLOR_PAINTERS="0",
        LOG_LEVEL=log_level,
        **storage,
    )
    return env


if __name__ == "__main__":
    asyncio.run(child(sys.argv[1]))
