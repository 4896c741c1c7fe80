"""Browser tests: the app served by a real uvicorn (ASGI) in a thread, driven in Debian chromium."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers import serve_asgi

CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]  # fmt: skip
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


@pytest.fixture(scope="session", autouse=True)
def _database_before_playwright(django_db_setup: None) -> None:
    """The test database is created before Playwright starts its event loop: with the loop
    running, Django refuses the (synchronous) setup, so browser tests run alone failed."""


@pytest.fixture(autouse=True)
def _orm_beside_playwright(monkeypatch: pytest.MonkeyPatch) -> None:
    """Playwright's sync API runs an event loop in the test thread; the ORM calls of a browser
    test are still synchronous. Scoped to browser tests so no other test (or subprocess) sees it."""
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {
        **browser_type_launch_args,
        "executable_path": "/usr/bin/chromium",
        "args": CHROMIUM_ARGS,
    }


@pytest.fixture
def live_asgi(transactional_db: None, settings) -> Iterator[str]:
    """Base URL of uvicorn serving the project on a free loopback port (the test database)."""
    settings.ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
    with serve_asgi() as url:
        yield url


@pytest.fixture
def artifacts_dir() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
