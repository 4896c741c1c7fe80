"""The run event stream, served by a real uvicorn (ASGI): order, resume, heartbeat, end, access."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import httpx2
import pytest
from django.db import connection
from django.test import Client

from research.contracts import Scope
from research.models import ResearchRun, RunEvent
from research.services import run_event_append, run_finish_failed, run_start
from tests.factories import UserFactory
from tests.helpers import serve_asgi

pytestmark = pytest.mark.integration
DEADLINE_S = 10.0


@pytest.fixture
def asgi_server(transactional_db: None, settings) -> Iterator[str]:
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    settings.SSE_HEARTBEAT_S = 0.5
    settings.SSE_HUB_LINGER_S = 0.1
    with serve_asgi() as url:
        yield url


@dataclass
class Message:
    event: str = "message"
    id: str = ""
    data: list[str] = field(default_factory=list)
    comment: str = ""


def messages(response: httpx2.Response) -> Iterator[Message]:
    """A plain SSE parser that also reports comments (heartbeats)."""
    current = Message()
    for line in response.iter_lines():
        if line == "":
            if current.data or current.comment:
                yield current
            current = Message()
        elif line.startswith(":"):
            yield Message(event="", comment=line[1:].strip())
        else:
            name, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if name == "data":
                current.data.append(value)
            elif name == "event":
                current.event = value
            elif name == "id":
                current.id = value


def session_cookie(user) -> dict[str, str]:
    client = Client()
    client.force_login(user)
    return {"sessionid": client.cookies["sessionid"].value}


@pytest.fixture
def owner():
    return UserFactory()


@pytest.fixture
def run(owner) -> ResearchRun:
    scope = Scope(goal="Report the availability of base Alpha.", corpus_ids=[])
    return run_start(user=owner, scope=scope, enqueue=False)


def open_stream(base: str, run: ResearchRun, user, **kwargs) -> httpx2.Client:
    client = httpx2.Client(
        base_url=base, cookies=session_cookie(user), timeout=httpx2.Timeout(DEADLINE_S)
    )
    return client, client.stream("GET", f"/runs/{run.pk}/events", **kwargs)


def test_events_appended_after_connecting_arrive_in_order_with_their_ids(asgi_server, run, owner):
    client, stream = open_stream(asgi_server, run, owner, params={"after": run.last_seq})
    with client, stream as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        assert response.headers["cache-control"] == "no-cache"
        assert response.headers["x-accel-buffering"] == "no"
        received = []
        for msg in messages(response):
            if msg.event == "ready":
                run_event_append(run=run, kind=RunEvent.Kind.STARTED, payload={"attempt": 1})
                run_event_append(run=run, kind=RunEvent.Kind.BUDGET, payload={"budget": 9})
                run_event_append(run=run, kind=RunEvent.Kind.SYNTHESIS, payload={"sections": 1})
            elif msg.id:
                received.append(msg)
            if len(received) == 3:
                break
    assert [(m.id, m.event) for m in received] == [
        ("2", "started"),
        ("3", "budget"),
        ("4", "synthesis"),
    ]
    started = "\n".join(received[0].data)
    assert 'id="run-status"' in started
    assert 'hx-swap-oob="true"' in started
    assert 'data-status="running"' in started
    assert 'hx-swap-oob="beforeend:#audit-list"' in started
    assert 'hx-swap-oob="beforeend:#timeline"' in started  # a new step of the audit trail
    assert "Started</strong> (attempt 1)" in started
    assert "9" in "\n".join(received[1].data)


def test_resuming_with_last_event_id_sends_only_later_events(asgi_server, run, owner):
    for kind in ("started", "budget", "synthesis"):
        run_event_append(run=run, kind=kind, payload={})
    client, stream = open_stream(asgi_server, run, owner, headers={"Last-Event-ID": "2"})
    with client, stream as response:
        ids = []
        for msg in messages(response):
            if msg.comment == "keepalive":
                break  # caught up: nothing more to send
            if msg.id:
                ids.append(msg.id)
    assert ids == ["3", "4"]


def test_a_stale_after_parameter_loses_to_a_later_last_event_id(asgi_server, run, owner):
    for kind in ("started", "budget"):
        run_event_append(run=run, kind=kind, payload={})
    client, stream = open_stream(
        asgi_server, run, owner, params={"after": 1}, headers={"Last-Event-ID": "2"}
    )
    with client, stream as response:
        ids = []
        for msg in messages(response):
            if msg.comment == "keepalive":
                break
            if msg.id:
                ids.append(msg.id)
    assert ids == ["3"]


def test_an_idle_stream_sends_heartbeats(asgi_server, run, owner):
    client, stream = open_stream(asgi_server, run, owner, params={"after": run.last_seq})
    with client, stream as response:
        started = time.monotonic()
        beats = 0
        for msg in messages(response):
            if msg.comment == "keepalive":
                beats += 1
            if beats == 2:
                break
    assert beats == 2
    assert time.monotonic() - started < DEADLINE_S


def test_the_stream_ends_after_a_terminal_event(asgi_server, run, owner):
    run_event_append(run=run, kind=RunEvent.Kind.STARTED, payload={}, status="running")
    client, stream = open_stream(asgi_server, run, owner, params={"after": run.last_seq})
    with client, stream as response:
        seen = []
        for msg in messages(response):
            if msg.event == "ready":
                run_finish_failed(run=run, reason="The provider refused the request.")
            elif msg.event:
                seen.append(msg)
        # the loop ends only because the server closed the stream
    assert [m.event for m in seen] == ["error", "run-finished"]
    assert seen[0].id == "3"
    body = "\n".join(seen[0].data)
    assert "The provider refused the request." in body
    assert 'data-status="failed"' in body
    # the stream never swaps #poller: sse-seq.js retired it, and its target must not go missing
    assert 'id="poller"' not in body


def test_a_finished_runs_stream_replays_after_the_given_seq_and_ends(asgi_server, run, owner):
    run_event_append(run=run, kind=RunEvent.Kind.STARTED, payload={}, status="running")
    run_finish_failed(run=run, reason="Stopped.")
    client, stream = open_stream(asgi_server, run, owner, params={"after": 1})
    with client, stream as response:
        events = [(m.id, m.event) for m in messages(response) if m.event not in ("", "ready")]
    assert events == [("2", "started"), ("3", "error"), ("", "run-finished")]


def test_the_stream_still_delivers_when_the_bell_is_lost(asgi_server, run, owner, settings):
    settings.REDIS_EVENTS_URL = "redis://127.0.0.1:1/0"  # nobody listens there
    settings.SSE_POLL_S = 0.2
    client, stream = open_stream(asgi_server, run, owner, params={"after": run.last_seq})
    with client, stream as response:
        for msg in messages(response):
            if msg.event == "ready":
                run_event_append(run=run, kind=RunEvent.Kind.STARTED, payload={})
            elif msg.id:
                assert (msg.id, msg.event) == ("2", "started")
                break


def test_strangers_get_404_and_anonymous_users_the_login_page_from_the_stream(asgi_server, run):
    with httpx2.Client(base_url=asgi_server) as anonymous:
        response = anonymous.get(f"/runs/{run.pk}/events")
        assert response.status_code == 302
        assert response.headers["location"].startswith("/login/")
    stranger = UserFactory()
    with httpx2.Client(base_url=asgi_server, cookies=session_cookie(stranger)) as client:
        assert client.get(f"/runs/{run.pk}/events").status_code == 404
        assert client.get(f"/runs/{run.pk + 999}/events").status_code == 404


def test_idle_streams_hold_no_database_connection(asgi_server, run):
    """Five viewers (five hubs), all idle: no Postgres backend is held for any of them."""

    def backends() -> int:
        with connection.cursor() as cur:
            cur.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()")
            return cur.fetchone()[0]

    before = backends()
    opened = []
    try:
        for _ in range(5):
            viewer = UserFactory(is_staff=True)
            client, stream = open_stream(asgi_server, run, viewer, params={"after": run.last_seq})
            response = stream.__enter__()
            opened.append((client, stream))
            next(m for m in messages(response) if m.comment == "keepalive")
        assert backends() <= before + 1  # at most one read in flight, never one per stream
    finally:
        for client, stream in opened:
            stream.__exit__(None, None, None)
            client.close()
