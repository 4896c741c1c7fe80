"""A loopback fake of the Gemini REST API, so tests drive the real google-genai client.

Routes `POST /{v1,v1beta}/models/<model>:generateContent` and `…:batchEmbedContents`
(STACK-NOTES §9 has the wire format). Every request is recorded; replies come from a script
(FIFO, shared by both routes) and, once it runs dry, from a per-route default responder.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import threading
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler

import pytest
from pytest_django.fixtures import Settings

from tests.fakes.loopback import LoopbackServer

GENERATE = "generateContent"
EMBED = "batchEmbedContents"
_ROUTE = re.compile(r"^/v1(?:beta)?/models/(?P<model>[^/:]+):(?P<method>\w+)$")
_STATUS_NAMES = {
    400: "INVALID_ARGUMENT",
    403: "PERMISSION_DENIED",
    404: "NOT_FOUND",
    429: "RESOURCE_EXHAUSTED",
    500: "INTERNAL",
    503: "UNAVAILABLE",
}


@dataclass(frozen=True)
class Reply:
    """One scripted HTTP answer; `json` wins over `body`; errors get a Google-style body."""

    status: int = 200
    json: object | None = None
    body: bytes | None = None
    delay_s: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)

    def payload(self) -> bytes:
        if self.json is not None:
            return json.dumps(self.json).encode()
        if self.body is not None:
            return self.body
        if self.status >= 400:
            return json.dumps(error_body(self.status, "fake error")).encode()
        return b"{}"


@dataclass(frozen=True)
class Recorded:
    path: str
    model: str
    method: str
    headers: dict[str, str]
    body: dict[str, object]


Responder = Callable[[Recorded], Reply]


def error_body(status: int, message: str) -> dict[str, object]:
    return {
        "error": {
            "code": status,
            "message": message,
            "status": _STATUS_NAMES.get(status, "UNKNOWN"),
        }
    }


def _usage(prompt_tokens: int, output_tokens: int) -> dict[str, int]:
    return {
        "promptTokenCount": prompt_tokens,
        "candidatesTokenCount": output_tokens,
        "totalTokenCount": prompt_tokens + output_tokens,
    }


def text_reply(text: str, *, prompt_tokens: int = 100, output_tokens: int = 20) -> Reply:
    """A normal candidate whose text is `text` verbatim (use it for malformed JSON)."""
    return Reply(
        json={
            "candidates": [
                {
                    "content": {"role": "model", "parts": [{"text": text}]},
                    "finishReason": "STOP",
                    "index": 0,
                }
            ],
            "usageMetadata": _usage(prompt_tokens, output_tokens),
            "modelVersion": "fake-gemini",
        }
    )


def generate_reply(obj: object, *, prompt_tokens: int = 100, output_tokens: int = 20) -> Reply:
    """A valid generateContent answer carrying `obj` as the JSON text."""
    return text_reply(json.dumps(obj), prompt_tokens=prompt_tokens, output_tokens=output_tokens)


def empty_candidates_reply() -> Reply:
    return Reply(json={"candidates": [], "usageMetadata": _usage(100, 0)})


def safety_blocked_reply() -> Reply:
    """A candidate stopped by the safety filter: finishReason SAFETY and no content."""
    return Reply(
        json={
            "candidates": [
                {
                    "finishReason": "SAFETY",
                    "index": 0,
                    "safetyRatings": [
                        {"category": "HARM_CATEGORY_DANGEROUS_CONTENT", "probability": "HIGH"}
                    ],
                }
            ],
            "usageMetadata": _usage(100, 0),
        }
    )


def status_reply(status: int, message: str = "fake error", *, delay_s: float = 0.0) -> Reply:
    return Reply(status=status, json=error_body(status, message), delay_s=delay_s)


def hash_vector(text: str, dimensions: int) -> list[float]:
    """Deterministic, deliberately not unit-length (like truncated MRL outputs)."""
    out: list[float] = []
    counter = 0
    while len(out) < dimensions:
        digest = hashlib.sha256(f"{counter}:{text}".encode()).digest()
        out.extend((byte - 127.5) / 64 for byte in digest)
        counter += 1
    return out[:dimensions]


class FakeGemini(LoopbackServer):
    """The fake's state: recorded requests, the script, defaults and the embedding size override."""

    def __init__(self) -> None:
        super().__init__()
        self.requests: list[Recorded] = []
        self.embed_dimensions: int | None = None  # None: honour outputDimensionality
        self._script: deque[Reply] = deque()
        self._defaults: dict[str, Responder] = {
            GENERATE: lambda _: status_reply(400, "fake: no scripted reply left"),
            EMBED: self._embed_default,
        }
        self._lock = threading.Lock()

    # -- test-facing API ------------------------------------------------------------
    def script(self, replies: list[Reply]) -> None:
        """Queue replies, consumed in order by the next requests (any route)."""
        with self._lock:
            self._script.extend(replies)

    def always(self, reply: Reply, *, method: str = GENERATE) -> None:
        """Answer every unscripted request to `method` with `reply` (e.g. 500s forever)."""
        self._defaults[method] = lambda _: reply

    def respond_with(self, responder: Responder, *, method: str = GENERATE) -> None:
        self._defaults[method] = responder

    def calls(self, method: str) -> list[Recorded]:
        with self._lock:
            return [r for r in self.requests if r.method == method]

    # -- server -------------------------------------------------------------------
    def handler(self) -> type[BaseHTTPRequestHandler]:
        return _handler_for(self)

    def _next_reply(self, recorded: Recorded) -> Reply:
        with self._lock:
            self.requests.append(recorded)
            scripted = self._script.popleft() if self._script else None
        if scripted is not None:
            return scripted
        responder = self._defaults.get(recorded.method)
        if responder is None:
            return status_reply(404, f"fake: unknown method {recorded.method}")
        return responder(recorded)

    def _embed_default(self, recorded: Recorded) -> Reply:
        requests = recorded.body.get("requests")
        assert isinstance(requests, list)
        embeddings = []
        for item in requests:
            text = "".join(part.get("text", "") for part in item["content"]["parts"])
            dims = self.embed_dimensions or int(item.get("outputDimensionality") or 3072)
            embeddings.append({"values": hash_vector(text, dims)})
        return Reply(json={"embeddings": embeddings})


def _handler_for(fake: FakeGemini) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            match = _ROUTE.match(self.path.split("?", 1)[0])
            try:
                body = json.loads(raw or b"{}")
            except ValueError:
                body = {"_unparsed": raw.decode(errors="replace")}
            recorded = Recorded(
                path=self.path,
                model=match["model"] if match else "",
                method=match["method"] if match else "",
                headers={k.lower(): v for k, v in self.headers.items()},
                body=body,
            )
            reply = fake._next_reply(recorded)
            if reply.delay_s and fake._stop.wait(reply.delay_s):
                return  # shutting down
            payload = reply.payload()
            try:
                self.send_response(reply.status)
                self.send_header("Content-Type", "application/json; charset=UTF-8")
                self.send_header("Content-Length", str(len(payload)))
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(payload)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (timeout); nothing to answer

        def log_message(self, format: str, *args: object) -> None:
            pass

    return Handler


def vector_norm(vector: list[float]) -> float:
    return math.sqrt(sum(x * x for x in vector))


@pytest.fixture
def gemini_fake(settings: Settings) -> Iterator[FakeGemini]:
    """A running fake, with Django settings pointing the Gemini adapters at it (fast retries)."""
    fake = FakeGemini().start()
    settings.GOOGLE_API_KEY = "test-key"
    settings.GEMINI_BASE_URL = fake.url
    settings.GEMINI_MODEL = "gemini-3-flash-preview"
    settings.GEMINI_TIMEOUT_S = 1
    settings.GEMINI_ATTEMPTS = 3
    settings.GEMINI_RETRY_INITIAL_DELAY_S = 0.05
    settings.GEMINI_RETRY_MAX_DELAY_S = 0.2
    try:
        yield fake
    finally:
        fake.stop()
