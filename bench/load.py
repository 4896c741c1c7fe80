"""Concurrent research runs on the offline engine, each watched by many SSE clients.

    DEBUG=1 .venv/bin/python bench/load.py [--runs 20 --watchers 200 --corpus ev-fleet]

Works in a throwaway database (`dossier_load` on the embedded server, created and migrated on
first use, the corpus loaded once from evals/corpora). Starts a Celery worker (prefork, -c 2, a
queue of its own) and uvicorn as subprocesses, connects every watcher before any run starts,
then queues all runs at once. Prints: completed runs, events delivered vs appended per run
(every watcher must get every event, in order, with no gap), p50/p95/max latency from an
event's append to its receipt, errors (must be 0), and peak RSS of the web and worker
processes. Exits 1 if a check fails. The bench user, its runs and sessions are deleted at the
end; the database and its corpus stay for the next run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import socket
import statistics
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from _processes import Peak, free_port, port_open, start, stop, uvicorn_command, wait_until

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ragsite.settings")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("REDIS_DB_BASE", "12")  # away from the dev worker's queues (db 0)

TERMINAL = {"complete", "partial", "failed", "cancelled"}


# ------------------------------------------------------------------------------- database


def use_load_database(name: str, corpus_slug: str) -> int:
    """Switch to the throwaway database (created and migrated on first use); load the corpus."""
    import django

    django.setup()
    from research.evaluation.loader import load_corpora, use_eval_database

    use_eval_database(name)
    ids = load_corpora(ROOT / "evals" / "corpora", only={corpus_slug}, say=print)
    if corpus_slug not in ids:
        raise SystemExit(f"no corpus {corpus_slug!r} in evals/corpora")
    return ids[corpus_slug]


def goals_for(corpus_slug: str) -> list[str]:
    """Dev-set goals whose evidence all lies in the loaded corpus."""
    from research.evaluation.loader import load_cases

    folder = ROOT / "evals" / "corpora" / corpus_slug
    titles = {row["title"] for row in json.loads((folder / "documents.json").read_text())}
    goals = [
        case.goal
        for case in load_cases(ROOT / "evals" / "dev.jsonl")
        if all(set(part.get("evidence", [])) <= titles for part in case.parts)
    ]
    if not goals:
        raise SystemExit(f"no dev case draws only on {corpus_slug}")
    return goals


def create_runs(n: int, corpus_id: int, goals: list[str]) -> tuple[object, list[object], str]:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from research.contracts import Scope
    from research.services import run_start

    user = get_user_model().objects.create_user(f"bench-load-{uuid.uuid4().hex[:8]}")
    runs = [
        run_start(
            user=user,
            scope=Scope(goal=goals[i % len(goals)], corpus_ids=[corpus_id]),
            provider="offline",
            enqueue=False,
        )
        for i in range(n)
    ]
    client = Client()
    client.force_login(user)
    return user, runs, client.cookies["sessionid"].value


# -------------------------------------------------------------------------------- watchers


@dataclass
class Watcher:
    """One SSE client on a raw socket: the ids it got, when, and whether the stream ended."""

    port: int
    run_id: int
    cookie: str
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    received: list[tuple[int, float]] = field(default_factory=list)  # (seq, wall time)
    finished: bool = False
    error: str = ""

    async def run(self) -> None:
        writer = None
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
            writer.write(
                f"GET /runs/{self.run_id}/events?after=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                f"Cookie: sessionid={self.cookie}\r\nAccept: text/event-stream\r\n\r\n".encode()
            )
            await writer.drain()
            status = await reader.readline()
            if b" 200 " not in status:
                raise RuntimeError(f"stream refused: {status.decode().strip()}")
            while (await reader.readline()) not in (b"\r\n", b""):
                pass
            buffer = b""
            while True:  # chunked transfer encoding
                size = int((await reader.readline()).strip() or b"0", 16)
                if size == 0:
                    break
                buffer += (await reader.readexactly(size + 2))[:-2]
                while b"\n\n" in buffer:
                    message, buffer = buffer.split(b"\n\n", 1)
                    self._message(message, time.time())
            if not self.finished:
                raise RuntimeError("stream closed before run-finished")
        except (OSError, asyncio.IncompleteReadError, RuntimeError, ValueError) as exc:
            self.error = f"{type(exc).__name__}: {exc}"
        finally:
            self.ready.set()
            if writer is not None:
                writer.close()

    def _message(self, message: bytes, now: float) -> None:
        fields = dict(line.split(b": ", 1) for line in message.split(b"\n") if b": " in line[:8])
        event = fields.get(b"event", b"")
        if event == b"ready":
            self.ready.set()
        elif event == b"run-finished":
            self.finished = True
        elif b"id" in fields:
            self.received.append((int(fields[b"id"]), now))


async def watch(
    args: argparse.Namespace, port: int, runs: list, cookie: str, queue: str
) -> list[Watcher]:
    from research.tasks import research_run_task

    watchers = [Watcher(port, runs[i % len(runs)].pk, cookie) for i in range(args.watchers)]
    tasks = [asyncio.create_task(w.run()) for w in watchers]
    await asyncio.wait_for(asyncio.gather(*(w.ready.wait() for w in watchers)), 120)
    print(
        f"  {sum(1 for w in watchers if not w.error)} watchers connected; queueing {len(runs)} runs"
    )
    for run in runs:
        await asyncio.to_thread(research_run_task.apply_async, (run.pk,), queue=queue)
    await asyncio.wait_for(asyncio.gather(*tasks), args.timeout_s)
    return watchers


# --------------------------------------------------------------------------------- report


def check(runs: list, watchers: list[Watcher]) -> tuple[list[list[str]], list[float], list[str]]:
    from django.db import connection

    from research.models import ResearchRun, RunEvent

    rows, latencies, errors = [], [], [f"watcher: {w.error}" for w in watchers if w.error]
    for run in runs:
        fresh = ResearchRun.objects.get(pk=run.pk)
        events = list(
            RunEvent.objects.filter(run=fresh).order_by("seq").values_list("seq", "created")
        )
        appended = [seq for seq, _ in events]
        if appended != list(range(1, len(appended) + 1)):
            errors.append(f"run {run.pk}: stored seqs have a gap: {appended}")
        if fresh.status not in {"complete", "partial"}:
            errors.append(f"run {run.pk} ended {fresh.status}: {fresh.failure_reason}")
        created = {seq: at.timestamp() for seq, at in events}
        mine = [w for w in watchers if w.run_id == run.pk]
        counts = []
        for w in mine:
            seqs = [seq for seq, _ in w.received]
            counts.append(len(seqs))
            if seqs != appended:
                errors.append(f"run {run.pk}: a watcher got {seqs}, stored {appended}")
            # seq 1 (queued) existed before the watchers connected: not a live delivery
            latencies += [at - created[seq] for seq, at in w.received if seq > 1 and seq in created]
        same = "yes" if len(set(counts)) == 1 and counts[0] == len(appended) else "NO"
        rows.append(
            [
                str(run.pk),
                fresh.status,
                str(len(appended)),
                f"{min(counts)}-{max(counts)}",
                str(len(mine)),
                same,
            ]
        )
    connection.close()
    return rows, latencies, errors


def report(
    args: argparse.Namespace,
    rows: list[list[str]],
    latencies: list[float],
    errors: list[str],
    peak: Peak,
    elapsed_s: float,
) -> None:
    completed = sum(1 for r in rows if r[1] in {"complete", "partial"})
    print("\nLoad bench: offline engine, 1 uvicorn worker, 1 celery worker (prefork -c 2)")
    print(
        f"  {'run':>5} {'status':<9} {'appended':>8} {'delivered':>10} {'watchers':>8}  all equal"
    )
    for r in rows:
        print(f"  {r[0]:>5} {r[1]:<9} {r[2]:>8} {r[3]:>10} {r[4]:>8}  {r[5]}")
    lat = sorted(latencies)
    pct = statistics.quantiles(lat, n=100) if len(lat) >= 2 else lat * 99
    summary = [
        ("completed runs", f"{completed} / {args.runs}"),
        ("watchers", f"{args.watchers} ({args.watchers // max(args.runs, 1)} per run)"),
        ("events delivered", f"{len(lat)} live deliveries"),
        ("append -> receipt p50", f"{pct[49] * 1000:.0f} ms" if lat else "n/a"),
        ("append -> receipt p95", f"{pct[94] * 1000:.0f} ms" if lat else "n/a"),
        ("append -> receipt max", f"{lat[-1] * 1000:.0f} ms" if lat else "n/a"),
        ("errors", str(len(errors))),
        ("peak RSS web (uvicorn)", f"{peak.web >> 10} MiB"),
        ("peak RSS worker (main + pool)", f"{peak.worker >> 10} MiB"),
        ("wall time, queue to last event", f"{elapsed_s:.1f} s"),
    ]
    width = max(len(k) for k, _ in summary)
    for key, value in summary:
        print(f"  {key:<{width}}  {value}")
    for line in errors[:20]:
        print(f"  ERROR {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--watchers", type=int, default=200)
    parser.add_argument("--corpus", default="ev-fleet", help="a folder of evals/corpora")
    parser.add_argument("--database", default="dossier_load")
    parser.add_argument("--timeout-s", type=float, default=600)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(
        resource.RLIMIT_NOFILE, (max(soft, min(hard, 4 * args.watchers + 256)), hard)
    )

    from ragsite import embedded

    with embedded.services_running():
        corpus_id = use_load_database(args.database, args.corpus)
        user, runs, cookie = create_runs(args.runs, corpus_id, goals_for(args.corpus))
        logs = Path(os.environ.get("TMPDIR", "/tmp")) / f"dossier-load-{os.getpid()}"
        logs.mkdir(parents=True, exist_ok=True)
        queue = f"load-{uuid.uuid4().hex[:8]}"  # nobody else's worker takes these runs
        env = {
            **os.environ,
            "DATABASE_NAME": args.database,
            "LLM_PROVIDER": "offline",
            "PYTHONUNBUFFERED": "1",
        }
        port = free_port()
        worker_log, web_log = logs / "worker.log", logs / "web.log"
        worker = start(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "ragsite",
                "worker",
                "--pool",
                "prefork",
                "-c",
                "2",
                "-Q",
                queue,
                "-n",
                f"{queue}@%h",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "-l",
                "warning",
            ],
            env,
            worker_log,
        )
        web = start(
            uvicorn_command(port),
            env,
            web_log,
        )
        peak = Peak(web.pid, worker.pid)
        errors: list[str] = []
        try:
            from ragsite.celery import app

            wait_until(
                lambda: bool(
                    app.control.ping(destination=[f"{queue}@{socket.gethostname()}"], timeout=0.5)
                ),
                "the celery worker",
                worker,
                worker_log,
                60,
            )
            wait_until(lambda: port_open(port), "uvicorn", web, web_log, 60)
            peak.start()
            began = time.perf_counter()
            watchers = asyncio.run(watch(args, port, runs, cookie, queue))
            elapsed = time.perf_counter() - began
            peak.stopped.set()
            rows, latencies, errors = check(runs, watchers)
            report(args, rows, latencies, errors, peak, elapsed)
        finally:
            peak.stopped.set()
            stop(web)
            stop(worker)
            from django.contrib.sessions.models import Session

            Session.objects.filter(session_key=cookie).delete()
            user.delete()  # cascades to the runs and their events
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
