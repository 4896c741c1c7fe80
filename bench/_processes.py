"""Subprocess helpers for the benchmarks that start their own web and worker processes."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def tree(pid: int) -> list[int]:
    """`pid` and its descendants (a prefork worker and its pool)."""
    parents: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            parents.setdefault(ppid, []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo += parents.get(current, [])
    return found


class Peak(threading.Thread):
    """Samples the RSS of the web and worker process trees until stopped."""

    def __init__(self, web: int, worker: int) -> None:
        super().__init__(daemon=True)
        self.web_pid, self.worker_pid = web, worker
        self.web = self.worker = 0
        self.stopped = threading.Event()

    def run(self) -> None:
        while not self.stopped.wait(0.25):
            self.web = max(self.web, sum(rss_kib(p) for p in tree(self.web_pid)))
            self.worker = max(self.worker, sum(rss_kib(p) for p in tree(self.worker_pid)))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def uvicorn_command(port: int) -> list[str]:
    """The web server as the benchmarks run it: one worker on loopback, quiet, quick to stop."""
    return [
        sys.executable, "-m", "uvicorn", "ragsite.asgi:application", "--host", "127.0.0.1",
        "--port", str(port), "--workers", "1", "--log-level", "warning", "--lifespan", "off",
        "--timeout-graceful-shutdown", "3",
    ]  # fmt: skip


def start(args: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        args,
        cwd=ROOT,
        env=env,
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def wait_until(
    probe: Callable[[], bool], what: str, proc: subprocess.Popen[bytes], log: Path, timeout_s: float
) -> None:
    deadline = time.monotonic() + timeout_s
    while not probe():
        if proc.poll() is not None or time.monotonic() > deadline:
            tail = log.read_text(errors="replace")[-2000:]
            raise SystemExit(f"{what} did not come up (see {log}):\n{tail}")
        time.sleep(0.1)


def port_open(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
        return True
    except OSError:
        return False
