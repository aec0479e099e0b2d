"""A PostgreSQL server of the tests' own: started from the system's binaries for a test session
(or a benchmark), on a free loopback port, in a temporary directory, and stopped at the end.

The binaries are Debian's (``apt-get install postgresql``: ``/usr/lib/postgresql/<version>/bin``),
else whatever ``initdb`` is on the ``PATH``. ``initdb`` refuses to run as root, so when the tests
run as root (as CI does) the server is run as the system user ``postgres``, which Debian's
package creates (through ``runuser``; should it be missing, a system user ``parlor-test`` is
created for it). Nothing here listens beyond 127.0.0.1, and the server trusts local connections:
it holds nothing but the tests' throwaway databases.

The server's log is kept: a test run fails when it shows an ``ERROR`` (the bot is written never
to make the server report one, even for a duplicate interaction or a busy channel), see
``tests/conftest.py``.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import re
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["PgServer", "binaries", "start_server"]

DEBIAN = Path("/usr/lib/postgresql")
RUN_AS = "postgres"
FALLBACK_USER = "parlor-test"
ROLE = "parlor"
FAST = (
    # A throwaway server: nothing needs to survive a crash of the machine.
    "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
)


def binaries() -> Path | None:
    """The folder with ``initdb``, ``pg_ctl`` and ``psql``, or None when PostgreSQL is absent."""
    if DEBIAN.is_dir():
        versions = sorted(
            (p for p in DEBIAN.iterdir() if (p / "bin" / "initdb").exists()),
            key=lambda p: int(p.name) if p.name.isdigit() else 0,
        )
        if versions:
            return versions[-1] / "bin"
    found = shutil.which("initdb")
    return Path(found).resolve().parent if found else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _server_user() -> str | None:
    """Who runs the server: None for the current user, or a system user when we are root."""
    if os.geteuid() != 0:
        return None
    for name in (RUN_AS, FALLBACK_USER):
        with contextlib.suppress(KeyError):
            pwd.getpwnam(name)
            return name
    subprocess.run(
        ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", FALLBACK_USER],
        check=True,
    )
    return FALLBACK_USER


@dataclass
class PgServer:
    bindir: Path
    root: Path
    port: int
    user: str | None
    databases: int = 0
    _stopped: bool = field(default=False, repr=False)

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def log(self) -> Path:
        return self.root / "server.log"

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{ROLE}@127.0.0.1:{self.port}/{database}"

    def _run(self, *command: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        argv = [str(self.bindir / command[0]), *command[1:]]
        if self.user is not None:
            argv = ["runuser", "-u", self.user, "--", *argv]
        return subprocess.run(argv, check=check, capture_output=True, text=True, cwd=self.root)

    def sql(self, statement: str, database: str = "postgres") -> str:
        """Run one statement with ``psql`` (as the tests' superuser) and return its output."""
        done = self._run(
            "psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", self.url(database),
            "-c", statement,
        )  # fmt: skip
        return done.stdout.strip()

    def create_database(self, prefix: str = "t") -> str:
        """A fresh, empty database: its name."""
        self.databases += 1
        name = f"{prefix}{self.databases}_{os.getpid()}"
        self.sql(f"CREATE DATABASE {name} TEMPLATE template0")
        return name

    def drop_database(self, name: str) -> None:
        self.sql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def log_size(self) -> int:
        return self.log.stat().st_size if self.log.exists() else 0

    def errors(self, since: int = 0) -> list[str]:
        """The lines of the server's log from byte ``since`` on that report an error."""
        if not self.log.exists():
            return []
        with self.log.open("rb") as f:
            f.seek(since)
            text = f.read().decode("utf-8", "replace")
        return [line for line in text.splitlines() if re.search(r"\b(ERROR|PANIC):", line)]

    def stop(self) -> None:
        if self._stopped:
            return
        self._stopped = True
        self._run("pg_ctl", "stop", "-D", str(self.data), "-m", "fast", "-w", check=False)

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)


def start_server(*, durable: bool = False, max_connections: int = 300) -> PgServer:
    """Initialise and start a server in a new temporary directory. ``durable``: keep
    PostgreSQL's own settings for syncing to disk (a benchmark's figures), else skip syncing."""
    bindir = binaries()
    if bindir is None:
        raise FileNotFoundError("PostgreSQL's binaries (initdb, pg_ctl) are not installed")
    user = _server_user()
    root = Path(tempfile.mkdtemp(prefix="parlor-pg-"))
    root.chmod(0o755)
    if user is not None:
        shutil.chown(root, user)
    server = PgServer(bindir, root, _free_port(), user)
    server._run(
        "initdb", "-D", str(server.data), "-U", ROLE, "--auth=trust", "-E", "UTF8",
        "--locale=C", "--no-sync",
    )  # fmt: skip
    options = (
        f"-p {server.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='{root}' "
        f"-c max_connections={max_connections} -c shared_buffers=64MB"
    )
    if not durable:
        options += f" {FAST}"
    for attempt in range(3):
        done = server._run(
            "pg_ctl", "start", "-D", str(server.data), "-l", str(server.log), "-w", "-t", "60",
            "-o", options, check=False,
        )  # fmt: skip
        if done.returncode == 0:
            return server
        # Someone took the port between choosing it and starting: try another.
        server.port = _free_port()
        options = re.sub(r"^-p \d+", f"-p {server.port}", options)
        time.sleep(0.2 * (attempt + 1))
    server.remove()
    raise RuntimeError(f"PostgreSQL did not start: {done.stderr or done.stdout}")
