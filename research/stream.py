"""The run page's live stream: stored events rendered as htmx partials over SSE.

One `RunHub` per (run, viewer) and process reads new events once, renders each once and fans
the frames out to every open stream of that run, so N browsers cost one query and one render per
event. The hub holds a Postgres connection only while it reads (closed after every read), and
no stream holds one while idle: 500 idle streams fit under max_connections=100.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import re
import weakref
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from urllib.parse import urlsplit, urlunsplit

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.views import redirect_to_login
from django.db import connection
from django.http import Http404, HttpRequest, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.template.loader import render_to_string
from redis.asyncio.client import PubSub
from redis.exceptions import RedisError

from research.models import ResearchRun, RunEvent
from research.run_page import TEMPLATE, TERMINAL_KINDS, RunPage, page_context
from research.selectors import runs_for

logger = logging.getLogger(__name__)

FINISHED = b"event: run-finished\ndata: end\n\n"
READY = b"retry: 2000\nevent: ready\ndata: ok\n\n"
KEEPALIVE = b": keepalive\n\n"


def sse_frame(seq: int, event: str, html: str) -> bytes:
    """One SSE message; each line of the fragment becomes its own `data:` line."""
    lines = re.split(r"\r\n|\r|\n", html) or [""]
    data = "".join(f"data: {line}\n" for line in lines)
    return f"id: {seq}\nevent: {event}\n{data}\n".encode()


def render_regions(page: RunPage, regions: list[str], *, viewer: object) -> str:
    """The out-of-band fragments for `regions` (names from RunPage.apply)."""
    ctx = page_context(page, viewer=viewer)
    out = []
    for region in regions:
        name, _, arg = region.partition(":")
        if name == "iteration-new":
            inner = render_to_string(
                f"{TEMPLATE}#iteration", {**ctx, "iteration": page.iterations[int(arg)]}
            )
            out.append(f'<div hx-swap-oob="beforeend:#iterations">{inner}</div>')
        elif name == "iteration":
            it = page.iterations[int(arg)]
            out.append(
                render_to_string(f"{TEMPLATE}#iteration", {**ctx, "iteration": it, "oob": "1"})
            )
        elif name == "step-new":
            step = page.timeline.step(int(arg))
            inner = render_to_string(f"{TEMPLATE}#step", {**ctx, "step": step})
            out.append(f'<ol hx-swap-oob="beforeend:#timeline">{inner}</ol>')
        elif name == "step":
            step = page.timeline.step(int(arg))
            out.append(render_to_string(f"{TEMPLATE}#step", {**ctx, "step": step, "oob": "1"}))
        elif name == "audit":
            item = page.audit[-1]
            inner = render_to_string(f"{TEMPLATE}#audit_item", {**ctx, "item": item})
            out.append(f'<ul hx-swap-oob="beforeend:#audit-list">{inner}</ul>')
        else:
            out.append(render_to_string(f"{TEMPLATE}#{name}", {**ctx, "oob": "1"}))
    return "\n".join(out)


@dataclass(frozen=True)
class Frame:
    seq: int
    data: bytes
    terminal: bool


@dataclass(eq=False)
class RunHub:
    """Reads, renders and fans out one run's events for one viewer, within one process."""

    run_id: int
    viewer_id: int
    frames: list[Frame] = field(default_factory=list)
    listeners: set[asyncio.Queue[Frame | None]] = field(default_factory=set)
    loaded: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None
    finished: bool = False
    page: RunPage | None = None
    viewer: object = None
    _linger: asyncio.TimerHandle | None = None
    _bell: PubSub | None = None

    def attach(self) -> asyncio.Queue[Frame | None]:
        queue: asyncio.Queue[Frame | None] = asyncio.Queue()
        self.listeners.add(queue)
        if self._linger is not None:
            self._linger.cancel()
            self._linger = None
        if self.task is None:
            # A fresh context: the hub must not inherit the first request's thread executor.
            self.task = asyncio.get_running_loop().create_task(
                self._run(), context=contextvars.Context()
            )
        return queue

    def detach(self, queue: asyncio.Queue[Frame | None]) -> None:
        self.listeners.discard(queue)
        if not self.listeners and self._linger is None:
            # Linger briefly so a page reload reuses the rendered frames.
            linger_s = getattr(settings, "SSE_HUB_LINGER_S", 5.0)
            self._linger = asyncio.get_running_loop().call_later(linger_s, self.close)

    def close(self) -> None:
        self._linger = None
        if self.listeners:
            return
        _hubs().pop((self.run_id, self.viewer_id), None)
        if self.task is not None:
            self.task.cancel()

    async def _run(self) -> None:
        import redis.asyncio as aioredis

        # Pub/sub channels are server-wide: the database number in the URL plays no part.
        client = aioredis.Redis.from_url(_without_db(settings.REDIS_EVENTS_URL))
        self._bell = client.pubsub()
        try:
            try:  # subscribe before the first read, so no bell falls between the two
                await self._bell.subscribe(f"run:{self.run_id}")
            except (RedisError, OSError):
                logger.warning("no event bell for run %s; polling Postgres", self.run_id)
                self._bell = None
            while True:
                frames = await sync_to_async(self._load, thread_sensitive=False)()
                self.frames += frames
                for listener in self.listeners:
                    for frame in frames:
                        listener.put_nowait(frame)
                self.loaded.set()
                if self.finished:
                    return
                await self._wait()
        except asyncio.CancelledError:
            raise
        except Exception:
            logger.exception("event stream of run %s failed", self.run_id)
            _hubs().pop((self.run_id, self.viewer_id), None)
            for listener in self.listeners:
                listener.put_nowait(None)
        finally:
            self.loaded.set()
            with contextlib.suppress(Exception):
                if self._bell is not None:
                    await self._bell.aclose()
                await client.aclose()

    async def _wait(self) -> None:
        """Until the bell rings or the poll interval passes (a lost bell only adds latency)."""
        poll_s = getattr(settings, "SSE_POLL_S", 5.0)
        if self._bell is None:
            await asyncio.sleep(poll_s)
            return
        try:
            message = await self._bell.get_message(ignore_subscribe_messages=True, timeout=poll_s)
            while message is not None:  # one read serves a burst of bells
                message = await self._bell.get_message(ignore_subscribe_messages=True, timeout=0)
        except (RedisError, OSError):
            logger.warning("event bell for run %s lost; polling Postgres", self.run_id)
            with contextlib.suppress(Exception):
                await self._bell.aclose()
            self._bell = None

    def _load(self) -> list[Frame]:
        """Runs in a worker thread: read events after the last one, render their frames."""
        try:
            if self.page is None:
                run = ResearchRun.objects.get(pk=self.run_id)
                self.viewer = get_user_model().objects.get(pk=self.viewer_id)
                self.page = RunPage.for_run(run, events=[])
            events = RunEvent.objects.filter(run_id=self.run_id, seq__gt=self.page.last_seq)
            frames = []
            for event in events.order_by("seq"):
                regions = self.page.apply(event.seq, event.kind, event.payload, event.created)
                html = render_regions(self.page, regions, viewer=self.viewer)
                terminal = event.kind in TERMINAL_KINDS
                frames.append(Frame(event.seq, sse_frame(event.seq, event.kind, html), terminal))
                self.finished = self.finished or terminal
            return frames
        finally:
            _release_connection()


@dataclass
class _LoopState:
    """Per event loop (one per uvicorn worker): the hubs, and a gate on stream set-up reads."""

    hubs: dict[tuple[int, int], RunHub] = field(default_factory=dict)
    # Each new stream reads its session and the run's visibility on its own connection; the
    # gate caps how many do so at once, so a burst of 500 browsers stays under max_connections.
    gate: asyncio.Semaphore = field(
        default_factory=lambda: asyncio.Semaphore(getattr(settings, "SSE_SETUP_CONNECTIONS", 10))
    )


_registry: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _LoopState] = (
    weakref.WeakKeyDictionary()
)


def _state() -> _LoopState:
    loop = asyncio.get_running_loop()
    if loop not in _registry:
        _registry[loop] = _LoopState()
    return _registry[loop]


def _without_db(url: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "", parts.query, ""))


def _hubs() -> dict[tuple[int, int], RunHub]:
    return _state().hubs


def _hub_for(run_id: int, viewer_id: int) -> RunHub:
    hubs = _hubs()
    hub = hubs.get((run_id, viewer_id))
    if hub is None:
        hub = hubs[(run_id, viewer_id)] = RunHub(run_id, viewer_id)
    return hub


async def _stream(run_id: int, viewer_id: int, after: int) -> AsyncIterator[bytes]:
    """Frames after `after`, live ones as they come, heartbeats while idle; ends with the run."""
    heartbeat_s = getattr(settings, "SSE_HEARTBEAT_S", 15.0)
    hub = _hub_for(run_id, viewer_id)
    queue = hub.attach()
    last = after
    try:
        yield READY
        await hub.loaded.wait()
        pending: list[Frame | None] = list(hub.frames)
        while True:
            for frame in pending:
                if frame is None:
                    return  # the hub failed; the browser reconnects with ?after=
                if frame.seq <= last:
                    continue
                last = frame.seq
                yield frame.data
                if frame.terminal:
                    yield FINISHED
                    return
            try:
                pending = [await asyncio.wait_for(queue.get(), timeout=heartbeat_s)]
            except TimeoutError:
                pending = []
                yield KEEPALIVE
    finally:
        hub.detach(queue)


def _release_connection() -> None:
    """Close this thread's connection so an idle stream holds none; a test's transaction stays."""
    if not connection.in_atomic_block:
        connection.close()


def _resume_point(request: HttpRequest) -> int:
    """The larger of `Last-Event-ID` (native reconnect) and `?after=` (page, sse-seq.js)."""
    values = [request.headers.get("Last-Event-ID", ""), request.GET.get("after", "")]
    return max((int(v) for v in values if v.strip().isdigit()), default=0)


def _visible(user: object, run_id: int) -> bool:
    return runs_for(user=user).filter(pk=run_id).exists()  # type: ignore[arg-type]


async def run_events(request: HttpRequest, run_id: int) -> HttpResponseBase:
    """`text/event-stream` of the run's events as rendered partials; 404 if not visible."""
    async with _state().gate:
        try:
            user = await request.auser()
            visible = user.is_authenticated and await sync_to_async(_visible)(user, run_id)
        finally:
            # The session, user and run reads share this request's thread and connection.
            await sync_to_async(_release_connection)()
    if not user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not visible:
        raise Http404
    response = StreamingHttpResponse(
        _stream(run_id, user.pk, _resume_point(request)),
        content_type="text/event-stream",
    )
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"
    return response
