"""Session-wide fixtures: the tests' own PostgreSQL server (``tests/pg.py``), started when a
test first needs it and stopped at the end; a run fails when its log shows an ``ERROR``. Without
PostgreSQL's binaries its tests are skipped, saying why, unless ``PARLOR_REQUIRE_POSTGRES`` is
set (``.ci/run`` sets it: CI never skips them)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.pg import PgServer, binaries, start_server

NO_POSTGRES = (
    "PostgreSQL's binaries are not installed (apt-get install postgresql): the tests of the "
    "PostgreSQL backend cannot run"
)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    if binaries() is None:
        if os.environ.get("PARLOR_REQUIRE_POSTGRES"):  # CI: these tests must run
            pytest.fail(NO_POSTGRES)
        pytest.skip(NO_POSTGRES)
    server = start_server()
    try:
        yield server
        errors = server.errors()
        assert not errors, "PostgreSQL's log shows errors:\n" + "\n".join(errors)
    finally:
        server.remove()


@pytest.fixture
def pg_url(pg_server: PgServer) -> Iterator[str]:
    """A fresh, empty database of the tests' server; the test fails if the server logged an
    error meanwhile."""
    name = pg_server.create_database()
    since = pg_server.log_size()
    yield pg_server.url(name)
    pg_server.drop_database(name)
    errors = pg_server.errors(since)
    assert not errors, "PostgreSQL's log shows errors:\n" + "\n".join(errors)


@pytest.fixture(params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's store is: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "parlor.db")
    url: str = request.getfixturevalue("pg_url")
    return url
