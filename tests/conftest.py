"""Suite-wide setup: the real embedded PostgreSQL and Redis, a real Celery worker on demand.

`make test` sets DEBUG=1 and REDIS_DB_BASE=4 before Django reads its settings, so tests use
their own Redis databases. Services this session starts, it also stops.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

os.environ.setdefault("DEBUG", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

_started = None


def pytest_configure(config: pytest.Config) -> None:
    global _started
    from ragsite import embedded

    _started = embedded.services_start()
    import redis
    from django.conf import settings

    for url in (settings.CELERY_BROKER_URL, settings.CELERY_RESULT_BACKEND):
        redis.Redis.from_url(url).flushdb()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Browser tests last: Playwright's session keeps an event loop in the main thread, which
    would break later tests that call async code through async_to_sync."""
    items.sort(key=lambda item: "tests/browser/" in str(item.path))


def pytest_unconfigure(config: pytest.Config) -> None:
    from ragsite import embedded

    if _started is not None:
        embedded.services_stop(_started)


@pytest.fixture(autouse=True)
def _fast_passwords(settings) -> None:
    """Tests log users in by the hundred; the production hasher is slow on purpose."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def celery_worker(transactional_db: None) -> Iterator[object]:
    """A real Celery worker (solo pool, in this process) on the real Redis broker.

    It shares the test database, so tests that use it need committed rows (transactional_db).
    """
    from celery.contrib.testing.worker import start_worker
    from celery.signals import task_postrun
    from django.db import connection

    from ragsite.celery import app

    def close_thread_connection(**kwargs: object) -> None:
        connection.close()

    task_postrun.connect(close_thread_connection, weak=False)
    try:
        with start_worker(
            app,
            pool="solo",
            concurrency=1,
            perform_ping_check=False,
            queues=["ingest", "research"],
            loglevel="WARNING",
        ) as worker:
            yield worker
    finally:
        task_postrun.disconnect(close_thread_connection)
