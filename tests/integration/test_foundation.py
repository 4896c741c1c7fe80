"""The embedded services are real: pgvector works, a Celery worker runs tasks, settings guard production."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.db import connection

from ragsite.health import FAIL, OK, check_postgres, check_redis

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.integration


@pytest.mark.django_db
def test_pgvector_round_trips_a_vector_and_orders_by_cosine_distance() -> None:
    with connection.cursor() as cur:
        cur.execute("CREATE TEMP TABLE probe (id int, v vector(3))")
        cur.execute("INSERT INTO probe VALUES (1, '[1,0,0]'), (2, '[0,1,0]'), (3, '[0.9,0.1,0]')")
        cur.execute("SELECT v::text FROM probe WHERE id = 3")
        assert cur.fetchone()[0] == "[0.9,0.1,0]"
        cur.execute("SELECT id, v <=> '[1,0,0]' FROM probe ORDER BY v <=> '[1,0,0]'")
        rows = cur.fetchall()
    assert [r[0] for r in rows] == [1, 3, 2]
    assert rows[0][1] == pytest.approx(0.0)
    assert rows[2][1] == pytest.approx(1.0)


@pytest.mark.django_db
def test_health_reports_postgres_18_with_pgvector_and_redis() -> None:
    pg = check_postgres()
    assert pg.status == OK, pg
    assert pg.detail.startswith("PostgreSQL 18")
    assert "pgvector 0.8" in pg.detail
    assert check_redis().status == OK


@pytest.fixture
def worker_process() -> subprocess.Popen[bytes]:
    """The real `celery worker` command, as `make run` starts it, on the embedded Redis."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "ragsite", "worker", "--pool", "solo",
         "-Q", "research", "-n", f"test-{uuid.uuid4().hex[:6]}@%h", "--without-gossip",
         "--without-mingle", "--without-heartbeat", "-l", "warning"],
        cwd=ROOT, env=os.environ.copy(), start_new_session=True,
    )  # fmt: skip
    yield proc
    proc.terminate()
    proc.wait(timeout=30)


def test_a_task_runs_in_a_real_worker_process_through_redis(worker_process) -> None:
    from ragsite.tasks import worker_echo

    token = uuid.uuid4().hex
    result = worker_echo.delay(token).get(timeout=60)
    assert result["token"] == token
    assert result["pid"] == worker_process.pid


@pytest.mark.django_db
def test_health_page_is_green_with_a_worker_and_503_without(client, worker_process) -> None:
    from ragsite.tasks import worker_echo

    worker_echo.delay("warm-up").get(timeout=60)  # the worker is up once it answered
    response = client.get("/health?format=json")
    assert response.status_code == 200, response.json()
    statuses = {c["component"]: c["status"] for c in response.json()["checks"]}
    assert statuses["Celery worker"] == OK
    worker_process.terminate()
    worker_process.wait(timeout=30)
    response = client.get("/health?format=json")
    assert response.status_code == 503
    statuses = {c["component"]: c["status"] for c in response.json()["checks"]}
    assert statuses["Celery worker"] == FAIL


def test_production_mode_without_a_secret_key_fails_with_a_clear_message() -> None:
    env = {k: v for k, v in os.environ.items() if k not in {"DJANGO_SECRET_KEY", "DEBUG"}}
    proc = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert proc.returncode != 0
    assert "DJANGO_SECRET_KEY is not set" in proc.stderr


def test_doctor_exits_non_zero_and_names_the_fix_when_no_worker_runs() -> None:
    proc = subprocess.run(
        [sys.executable, "manage.py", "doctor"], cwd=ROOT, capture_output=True, text=True
    )
    assert proc.returncode != 0
    assert "Celery worker" in proc.stdout
    assert "fix: Start one with `make run`" in proc.stdout
    assert "PostgreSQL 18" in proc.stdout
