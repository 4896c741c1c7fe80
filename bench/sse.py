"""How many idle SSE run streams one uvicorn worker holds, their memory, and event latency.

    DEBUG=1 .venv/bin/python bench/sse.py --clients 500 [--runs 1] [--events 5] [--batch 0]

Starts uvicorn (one worker, a subprocess) against the dev database and Redis (starting the
embedded ones if needed), creates a throwaway user and run(s), opens N concurrent idle streams
(asyncio raw sockets), then appends events with research.services.run_event_append and times
each one until every client has it. Prints: streams held, server RSS per stream, Postgres
backends while idle, and p50/p95/max latency from append to receipt. Cleans up after itself.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

from _processes import free_port, rss_kib, uvicorn_command

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ragsite.settings")
os.environ.setdefault("HF_HUB_OFFLINE", "1")


class Stream:
    """One idle SSE client on a raw socket; records when each event id arrives."""

    def __init__(self, port: int, path: str, cookie: str) -> None:
        self.port, self.path, self.cookie = port, path, cookie
        self.ready = asyncio.Event()
        self.arrived: dict[int, float] = {}
        self.closed = False
        self.writer: asyncio.StreamWriter | None = None

    async def run(self) -> None:
        try:
            reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            self.writer.write(
                f"GET {self.path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                f"Cookie: sessionid={self.cookie}\r\nAccept: text/event-stream\r\n\r\n".encode()
            )
            await self.writer.drain()
            status = await reader.readline()
            if b" 200 " not in status:
                raise RuntimeError(f"stream refused: {status!r}")
            while (await reader.readline()) not in (b"\r\n", b""):
                pass
            while True:  # chunked body: each chunk is one SSE message from the server
                size = int((await reader.readline()).strip() or b"0", 16)
                if size == 0:
                    break
                chunk = await reader.readexactly(size + 2)
                now = time.perf_counter()
                for line in chunk.split(b"\n"):
                    if line.startswith(b"id: "):
                        self.arrived[int(line[4:])] = now
                    elif line == b"event: ready":
                        self.ready.set()
        except (OSError, asyncio.IncompleteReadError, RuntimeError, ValueError):
            pass
        finally:
            self.closed = True
            self.ready.set()

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


def setup(n_runs: int) -> tuple[object, list[object], str]:
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.test import Client

    from research.contracts import Scope
    from research.services import run_start

    user = get_user_model().objects.create_user(f"bench-sse-{os.getpid()}-{time.time_ns()}")
    runs = [
        run_start(user=user, scope=Scope(goal=f"SSE bench {i}", corpus_ids=[]), enqueue=False)
        for i in range(n_runs)
    ]
    client = Client()
    client.force_login(user)
    return user, runs, client.cookies["sessionid"].value


def backends() -> int:
    from django.conf import settings
    from django.db import connection

    with connection.cursor() as cur:
        cur.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s",
            [settings.DATABASES["default"]["NAME"]],
        )
        count = cur.fetchone()[0]
    connection.close()
    return count


def append(run: object, i: int) -> float:
    from django.db import connection

    from research.services import run_event_append

    started = time.perf_counter()
    run_event_append(run=run, kind="budget", payload={"budget": 100, "used": i})
    connection.close()
    return started


async def bench(
    args: argparse.Namespace, port: int, server: subprocess.Popen, runs, cookie
) -> dict:
    def path(run: object) -> str:
        return f"/runs/{run.pk}/events?after={run.last_seq}"

    warm = Stream(port, path(runs[0]), cookie)  # loads the stream code before measuring
    warm_task = asyncio.create_task(warm.run())
    await asyncio.wait_for(warm.ready.wait(), 30)
    warm.close()
    await warm_task
    await asyncio.sleep(1.0)
    base_rss, base_db = rss_kib(server.pid), await asyncio.to_thread(backends)

    streams = [Stream(port, path(runs[i % len(runs)]), cookie) for i in range(args.clients)]
    tasks = []
    started = time.perf_counter()
    step = args.batch or len(streams)  # default: all at once, the worst burst
    for i in range(0, len(streams), step):
        batch = streams[i : i + step]
        tasks += [asyncio.create_task(s.run()) for s in batch]
        await asyncio.wait_for(asyncio.gather(*(s.ready.wait() for s in batch)), 60)
    connect_s = time.perf_counter() - started
    await asyncio.sleep(args.idle_s)
    held = sum(1 for s in streams if not s.closed)
    idle_rss, idle_db = rss_kib(server.pid), await asyncio.to_thread(backends)

    latencies: list[float] = []
    for i in range(args.events):
        for run in runs:
            sent = await asyncio.to_thread(append, run, i)
            seq = run.last_seq
            listeners = [s for n, s in enumerate(streams) if runs[n % len(runs)] is run]
            deadline = time.perf_counter() + 30
            while any(seq not in s.arrived for s in listeners if not s.closed):
                if time.perf_counter() > deadline:
                    break
                await asyncio.sleep(0.002)
            latencies += [s.arrived[seq] - sent for s in listeners if seq in s.arrived]
        await asyncio.sleep(0.3)

    for s in streams:
        s.close()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {
        "held": held,
        "connect_s": connect_s,
        "base_rss": base_rss,
        "idle_rss": idle_rss,
        "base_db": base_db,
        "idle_db": idle_db,
        "latencies": latencies,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=500)
    parser.add_argument("--runs", type=int, default=1, help="spread clients over this many runs")
    parser.add_argument("--events", type=int, default=5, help="events appended per run")
    parser.add_argument("--idle-s", type=float, default=2.0, help="idle time before measuring")
    parser.add_argument("--batch", type=int, default=0, help="connect this many at a time (0: all)")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4 * args.clients + 256)), hard))

    from ragsite import embedded

    with embedded.services_running():
        user, runs, cookie = setup(args.runs)
        port = free_port()
        server = subprocess.Popen(
            uvicorn_command(port),
            cwd=ROOT,
            env=os.environ.copy(),
        )
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
                except OSError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise SystemExit("uvicorn did not start") from None
                    time.sleep(0.1)
            result = asyncio.run(bench(args, port, server, runs, cookie))
        finally:
            server.terminate()
            server.wait(timeout=15)
            from django.contrib.sessions.models import Session

            Session.objects.filter(session_key=cookie).delete()
            user.delete()  # cascades to the runs and their events
    report(args, result)


def report(args: argparse.Namespace, r: dict) -> None:
    lat = sorted(r["latencies"])
    per_stream = (r["idle_rss"] - r["base_rss"]) / max(r["held"], 1)
    pct = statistics.quantiles(lat, n=100) if len(lat) >= 2 else lat * 99
    rows = [
        ("streams requested / held", f"{args.clients} / {r['held']}"),
        ("runs (hubs) / events per run", f"{args.runs} / {args.events}"),
        ("time to open all streams", f"{r['connect_s']:.2f} s"),
        ("server RSS before / with streams", f"{r['base_rss'] >> 10} / {r['idle_rss'] >> 10} MiB"),
        ("memory per idle stream", f"{per_stream:.1f} KiB"),
        ("Postgres backends before / while idle", f"{r['base_db']} / {r['idle_db']}"),
        ("deliveries measured", f"{len(lat)} of {args.clients * args.events}"),
        ("append -> receipt p50", f"{pct[49] * 1000:.1f} ms" if lat else "n/a"),
        ("append -> receipt p95", f"{pct[94] * 1000:.1f} ms" if lat else "n/a"),
        ("append -> receipt max", f"{lat[-1] * 1000:.1f} ms" if lat else "n/a"),
    ]
    width = max(len(k) for k, _ in rows)
    print("SSE bench: one uvicorn worker, idle run streams, loopback")
    for key, value in rows:
        print(f"  {key:<{width}}  {value}")


if __name__ == "__main__":
    main()
