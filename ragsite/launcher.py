"""Start the whole product in one process tree and stop all of it on Ctrl-C.

Order: embedded PostgreSQL and Redis (unless DATABASE_URL / REDIS_URL are set) -> migrate ->
demo data -> Celery workers (ingest, research) -> uvicorn. Children run in their own sessions
so the terminal's Ctrl-C reaches only this process, which then stops them in reverse order.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ragsite import embedded


@dataclass
class Launcher:
    host: str = "127.0.0.1"
    port: int = 8000
    seed: bool = True
    say: Callable[[str], None] = print
    children: list[tuple[str, subprocess.Popen[bytes]]] = field(default_factory=list)
    started: embedded.Started = field(default_factory=embedded.Started)
    stopping: bool = False

    def run(self) -> int:
        signal.signal(signal.SIGTERM, self._on_signal)
        signal.signal(signal.SIGINT, self._on_signal)
        try:
            self.started = embedded.services_start()
            self.say(self._services_line())
            self._prepare_database()
            self._spawn_children()
            self.say(f"Dossier is up: http://{self.host}:{self.port}/  (Ctrl-C stops everything)")
            return self._watch()
        except KeyboardInterrupt:
            return 0
        finally:
            self.stop()

    def _services_line(self) -> str:
        db = "DATABASE_URL" if os.environ.get("DATABASE_URL") else f"embedded ({embedded.PG_DIR})"
        redis = (
            "REDIS_URL" if os.environ.get("REDIS_URL") else f"embedded (:{embedded.redis_port()})"
        )
        return f"PostgreSQL: {db}; Redis: {redis}"

    def _prepare_database(self) -> None:
        from django.core.management import call_command
        from django.db import connections

        call_command("migrate", interactive=False, verbosity=0)
        self.say("Migrations applied.")
        if self.seed:
            self.say("Demo accounts (username / password):")
            call_command("seed_demo")
        connections.close_all()

    def _spawn_children(self) -> None:
        python = sys.executable
        worker = [
            python,
            "-m",
            "celery",
            "-A",
            "ragsite",
            "worker",
            "--pool",
            "prefork",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            "-l",
            "info",
        ]
        self._spawn("ingest worker", [*worker, "-Q", "ingest", "-c", "1", "-n", "ingest@%h"])
        self._spawn("research worker", [*worker, "-Q", "research", "-c", "2", "-n", "research@%h"])
        self._spawn(
            "web",
            [
                python,
                "-m",
                "uvicorn",
                "ragsite.asgi:application",
                "--host",
                self.host,
                "--port",
                str(self.port),
                "--timeout-graceful-shutdown",
                "3",
                "--no-access-log",
                "--lifespan",
                "off",
            ],
        )

    def _spawn(self, name: str, args: list[str]) -> None:
        proc = subprocess.Popen(args, start_new_session=True, stdin=subprocess.DEVNULL)
        self.children.append((name, proc))

    def _watch(self) -> int:
        while not self.stopping:
            for name, proc in self.children:
                if proc.poll() is not None:
                    self.say(f"{name} exited with code {proc.returncode}; stopping everything.")
                    return 1
            time.sleep(0.5)
        return 0

    def _on_signal(self, signum: int, frame: object) -> None:
        self.stopping = True

    def stop(self) -> None:
        """Stop children (web first), then Redis, then PostgreSQL; never leave strays."""
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        for _name, proc in reversed(self.children):
            if proc.poll() is None:
                proc.terminate()
        for _name, proc in reversed(self.children):
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        self.children.clear()
        embedded.services_stop(self.started)
        self.say("Stopped.")
