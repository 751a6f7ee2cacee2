"""A throwaway PostgreSQL cluster: `initdb` + `pg_ctl` in a temp directory, on a free port.

The server binaries are looked for in `$INTEROP_PG_BINDIR`, then on PATH, then where the
distributions install them off PATH: Debian/Ubuntu's `/usr/lib/postgresql/<version>/bin` (the
`postgresql-15` package puts nothing on PATH), `pg_config --bindir`, RHEL's `/usr/pgsql-<version>/bin`,
`/usr/local/pgsql/bin` and Homebrew's; the newest version found wins.

`initdb` refuses to run as root, so as root the cluster is created and run by the `postgres` user
(the Debian package's); any other user runs it as itself. The server listens on 127.0.0.1 (a free
port) and on a unix socket in the cluster's directory; `fsync` is off (a test cluster). `stop()`
stops it (immediate mode) and removes the directory.
"""

from __future__ import annotations

import base64
import binascii
import glob
import json
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
from typing import Any

__all__ = ["PostgresCluster", "PostgresUnavailable", "find_bindir", "start_cluster"]

SUPERUSER = "postgres"
BINARIES = ("initdb", "pg_ctl", "postgres")


class PostgresUnavailable(RuntimeError):
    """The PostgreSQL server binaries (or a non-root user to run them) are missing."""


_SEARCHED = (
    "/usr/lib/postgresql/*/bin",
    "/usr/pgsql-*/bin",
    "/usr/local/pgsql/bin",
    "/opt/homebrew/opt/postgresql*/bin",
    "/usr/local/opt/postgresql*/bin",
)


def _version(directory: str) -> tuple[int, ...]:
    """The major version in a bin directory's path (`/usr/lib/postgresql/15/bin` -> (15,)), else ()."""
    found = re.findall(r"(?:postgresql|pgsql)[-@/]?(\d+(?:\.\d+)?)", directory)
    return tuple(int(n) for n in found[-1].split(".")) if found else ()


def _has_binaries(directory: str) -> bool:
    return all(os.access(os.path.join(directory, b), os.X_OK) for b in BINARIES)


def find_bindir() -> str:
    """The directory holding `initdb`, `pg_ctl` and `postgres`; `PostgresUnavailable` when none does."""
    override = os.environ.get("INTEROP_PG_BINDIR")
    if override:
        if _has_binaries(override):
            return override
        raise PostgresUnavailable(f"INTEROP_PG_BINDIR={override} does not hold {', '.join(BINARIES)}")
    on_path = shutil.which("initdb")
    if on_path:
        directory = os.path.dirname(os.path.realpath(on_path))
        if _has_binaries(directory):
            return directory
    candidates = [d for pattern in _SEARCHED for d in glob.glob(pattern)]
    pg_config = shutil.which("pg_config")
    if pg_config:
        try:
            done = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True, timeout=30)
            candidates.append(done.stdout.strip())
        except (OSError, subprocess.SubprocessError):
            pass
    usable = sorted({d for d in candidates if d and _has_binaries(d)}, key=_version, reverse=True)
    if usable:
        return usable[0]
    raise PostgresUnavailable(
        f"no PostgreSQL server binaries ({', '.join(BINARIES)}) on PATH, in INTEROP_PG_BINDIR, in "
        f"`pg_config --bindir` or in {', '.join(_SEARCHED)}; install them (Debian: "
        "`apt-get install postgresql-15`) or set INTEROP_PG_BINDIR"
    )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _run_as() -> str | None:
    """The user to run the server as: None (ourselves) unless we are root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    raise PostgresUnavailable(
        "initdb refuses to run as root and there is no 'postgres' (or 'nobody') user to run it as: "
        "create one (useradd --system postgres)"
    )


@dataclass
class PostgresCluster:
    """A running throwaway cluster; `url(db)` is a SQLAlchemy/libpq URL for database `db`."""

    directory: Path
    port: int
    user: str | None
    bindir: str = ""
    _databases: int = field(default=0, repr=False)

    @property
    def data(self) -> Path:
        return self.directory / "data"

    @property
    def socket_dir(self) -> str:
        return str(self.directory)

    def url(self, database: str = "postgres", *, driver: str = "postgresql") -> str:
        return f"{driver}://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def _connect(self, database: str = "postgres") -> Any:
        import psycopg

        return psycopg.connect(self.url(database), autocommit=True)

    def create_database(self, prefix: str = "db") -> str:
        """A new empty database; returns its name."""
        self._databases += 1
        name = f"{prefix}_{os.getpid()}_{self._databases}"
        with self._connect() as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return name

    def tables(self, database: str) -> list[tuple[str, str]]:
        """(schema, table) of every table outside the catalogs."""
        with self._connect(database) as conn:
            rows = conn.execute(
                "SELECT table_schema, table_name FROM information_schema.tables "
                "WHERE table_type = 'BASE TABLE' "
                "AND table_schema NOT IN ('pg_catalog', 'information_schema')"
            ).fetchall()
        return [(str(s), str(t)) for s, t in rows]

    def find_text(self, database: str, needle: str) -> list[str]:
        """`schema.table.column` of every column where some value contains `needle` (see `contains`)."""
        found = []
        with self._connect(database) as conn:
            for schema, table in self.tables(database):
                cur = conn.execute(f'SELECT * FROM "{schema}"."{table}"')
                columns = [d.name for d in cur.description or ()]
                hits = {
                    columns[i] for row in cur.fetchall() for i, v in enumerate(row) if contains(v, needle)
                }
                found += [f"{schema}.{table}.{c}" for c in sorted(hits)]
        return found

    def rows(self, database: str) -> int:
        """How many rows the database holds in all its tables (to show a scan had data to look at)."""
        total = 0
        with self._connect(database) as conn:
            for schema, table in self.tables(database):
                row = conn.execute(f'SELECT count(*) FROM "{schema}"."{table}"').fetchone()
                total += int(row[0]) if row is not None else 0
        return total

    def stop(self) -> None:
        pg_ctl = os.path.join(self.bindir, "pg_ctl")
        _pg([pg_ctl, "-D", str(self.data), "-m", "immediate", "-w", "stop"], self.user, check=False)
        shutil.rmtree(self.directory, ignore_errors=True)


def contains(value: Any, needle: str) -> bool:
    """Whether a stored value holds `needle`: as text, as UTF-8 bytes (JSON, msgpack, pickle), or
    inside base64 text (DBOS stores pickles base64-encoded). JSON/JSONB values are searched as text."""
    if value is None:
        return False
    raw = needle.encode()
    if isinstance(value, memoryview):
        value = value.tobytes()
    if isinstance(value, (bytes, bytearray)):
        return raw in value
    text = value if isinstance(value, str) else json.dumps(value, default=str)
    if needle in text:
        return True
    for token in _BASE64.findall(text):
        try:
            if raw in base64.b64decode(token + "=" * (-len(token) % 4), validate=False):
                return True
        except (ValueError, binascii.Error):
            continue
    return False


_BASE64 = re.compile(r"[A-Za-z0-9+/]{16,}={0,2}")


def _pg(argv: list[str], user: str | None, *, check: bool = True) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(argv, user=user, capture_output=True, text=True, timeout=120)
    if check and done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv[:1])} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    return done


def start_cluster() -> PostgresCluster:
    """initdb + start a cluster (about 2 s); raises `PostgresUnavailable` without the binaries."""
    bindir = find_bindir()
    user = _run_as()
    directory = Path(tempfile.mkdtemp(prefix="interop-pg-"))
    directory.chmod(0o755)
    if user is not None:
        entry = pwd.getpwnam(user)
        os.chown(directory, entry.pw_uid, entry.pw_gid)
    data = directory / "data"
    try:
        _pg(
            [
                os.path.join(bindir, "initdb"),
                "-D",
                str(data),
                "-U",
                SUPERUSER,
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--no-sync",
            ],
            user,
        )
        last = ""
        for _ in range(5):  # another process may take the free port between the probe and the bind
            port = _free_port()
            options = (
                f"-p {port} -k {directory} -c listen_addresses=127.0.0.1 -c fsync=off "
                "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
            )
            done = _pg(
                [
                    os.path.join(bindir, "pg_ctl"),
                    "-D",
                    str(data),
                    "-l",
                    str(directory / "server.log"),
                    "-w",
                    "-t",
                    "60",
                    "-o",
                    options,
                    "start",
                ],
                user,
                check=False,
            )
            if done.returncode == 0:
                return PostgresCluster(directory, port, user, bindir)
            last = done.stderr + (directory / "server.log").read_text(errors="replace")[-2000:]
            time.sleep(0.2)
        raise RuntimeError(f"pg_ctl could not start the cluster:\n{last}")
    except BaseException:
        shutil.rmtree(directory, ignore_errors=True)
        raise


def sqlite_find_text(path: str | Path, needle: str) -> list[str]:
    """`table.column` of every column of a SQLite file where some value contains `needle`."""
    import sqlite3

    found = []
    with sqlite3.connect(path) as conn:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        for table in tables:
            cur = conn.execute(f'SELECT * FROM "{table}"')
            columns = [d[0] for d in cur.description or ()]
            hits = {columns[i] for row in cur.fetchall() for i, v in enumerate(row) if contains(v, needle)}
            found += [f"{table}.{c}" for c in sorted(hits)]
    return found


def sqlite_rows(path: str | Path) -> int:
    import sqlite3

    with sqlite3.connect(path) as conn:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return sum(conn.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0] for t in tables)
