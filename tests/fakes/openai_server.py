"""A loopback fake of an OpenAI-compatible server (Ollama, vLLM, …), so tests drive the real
`openai` client.

Routes `POST /v1/chat/completions`, `POST /v1/embeddings` and `GET /v1/models`. Every request
is recorded; chat and embedding replies come from a script (FIFO) and, once it runs dry, from a
default: the default responder for chat, `embedding_reply` for embeddings (deterministic
bag-of-words vectors, of `embed_dimensions[model]` or 384 dimensions, not unit length). Like
Ollama, it answers 404 for a model it does not serve, and it can play a server without
JSON-schema output (`rejects_json_schema`).
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler

import pytest
from pytest_django.fixtures import Settings

from tests.fakes.loopback import LoopbackServer

CHAT = "chat/completions"
EMBEDDINGS = "embeddings"
MODELS = "models"
MODEL = "llama-test"
EMBED_MODEL = "nomic-embed-text"
API_KEY = "sk-local-secret-4242"


@dataclass(frozen=True)
class Reply:
    """One scripted HTTP answer. `cut_after` sends only that many body bytes (of the announced
    Content-Length) and closes the connection; `json` wins over `body`."""

    status: int = 200
    json: object | None = None
    body: bytes | None = None
    delay_s: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)
    cut_after: int | None = None

    def payload(self) -> bytes:
        if self.json is not None:
            return json.dumps(self.json).encode()
        if self.body is not None:
            return self.body
        return json.dumps(error_body("fake error")).encode() if self.status >= 400 else b"{}"


@dataclass(frozen=True)
class Recorded:
    route: str
    headers: dict[str, str]
    body: dict[str, object]
    at: float  # time.monotonic() when it arrived

    @property
    def system(self) -> str:
        messages = self.body.get("messages") or []
        assert isinstance(messages, list)
        return "".join(m["content"] for m in messages if m["role"] == "system")

    @property
    def user(self) -> str:
        messages = self.body.get("messages") or []
        assert isinstance(messages, list)
        return "".join(m["content"] for m in messages if m["role"] == "user")

    @property
    def format_type(self) -> str:
        response_format = self.body.get("response_format") or {}
        assert isinstance(response_format, dict)
        return str(response_format.get("type", ""))


Responder = Callable[[Recorded], Reply]


def error_body(message: str, *, kind: str = "api_error") -> dict[str, object]:
    return {"error": {"message": message, "type": kind, "code": None}}


def status_reply(
    status: int, message: str = "fake error", *, delay_s: float = 0.0, **headers: str
) -> Reply:
    return Reply(status=status, json=error_body(message), delay_s=delay_s, headers=headers)


def text_reply(
    text: str | None,
    *,
    prompt_tokens: int = 100,
    completion_tokens: int = 20,
    finish_reason: str = "stop",
) -> Reply:
    """A chat completion whose message content is `text` verbatim (use it for bad JSON)."""
    return Reply(
        json={
            "id": "chatcmpl-fake",
            "object": "chat.completion",
            "created": 1_700_000_000,
            "model": MODEL,
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": text},
                    "finish_reason": finish_reason,
                }
            ],
            "usage": {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": completion_tokens,
                "total_tokens": prompt_tokens + completion_tokens,
            },
        }
    )


def chat_reply(obj: object, *, prompt_tokens: int = 100, completion_tokens: int = 20) -> Reply:
    """A valid chat completion carrying `obj` as its JSON content."""
    return text_reply(
        json.dumps(obj), prompt_tokens=prompt_tokens, completion_tokens=completion_tokens
    )


def cut_reply(obj: object) -> Reply:
    """A valid completion whose connection closes halfway through the body."""
    whole = chat_reply(obj)
    return Reply(json=whole.json, cut_after=len(whole.payload()) // 2)


def truncated_body_reply(obj: object) -> Reply:
    """A complete HTTP response whose JSON body stops halfway (Content-Length matches)."""
    payload = chat_reply(obj).payload()
    return Reply(body=payload[: len(payload) // 2])


def bag_of_words(text: str, dimensions: int) -> list[float]:
    """A deterministic vector: each word adds 3 to one hashed component (texts sharing words
    point alike); never unit length, so the embedder's normalising shows."""
    vector = [0.0] * dimensions
    vector[0] = 0.5  # never all-zero
    for word in re.findall(r"\w+", text.lower()):
        vector[int(hashlib.sha256(word.encode()).hexdigest(), 16) % dimensions] += 3.0
    return vector


def embedding_reply(texts: list[str], *, model: str, dimensions: int) -> Reply:
    data = [
        {"object": "embedding", "index": i, "embedding": bag_of_words(t, dimensions)}
        for i, t in enumerate(texts)
    ]
    return Reply(
        json={
            "object": "list",
            "data": data,
            "model": model,
            "usage": {"prompt_tokens": len(texts), "total_tokens": len(texts)},
        }
    )


class FakeOpenAI(LoopbackServer):
    """The fake's state: recorded requests, the script, the default and the served models."""

    def __init__(self) -> None:
        super().__init__()
        self.requests: list[Recorded] = []
        self.models: list[str] = [MODEL, "nomic-embed-text"]
        self.rejects_json_schema = False
        self.embed_dimensions: dict[str, int] = {}  # per model; 384 when absent
        self._script: deque[Reply] = deque()
        self._default: Responder = lambda _: status_reply(400, "fake: no scripted reply left")
        self._lock = threading.Lock()

    # -- test-facing API ------------------------------------------------------------
    def script(self, replies: list[Reply]) -> None:
        """Queue replies, consumed in order by the next chat or embedding requests."""
        with self._lock:
            self._script.extend(replies)

    def always(self, reply: Reply) -> None:
        """Answer every unscripted chat request with `reply` (e.g. 500s forever)."""
        self._default = lambda _: reply

    def respond_with(self, responder: Responder) -> None:
        self._default = responder

    def calls(self, route: str = CHAT) -> list[Recorded]:
        with self._lock:
            return [r for r in self.requests if r.route == route]

    # -- server -------------------------------------------------------------------
    def handler(self) -> type[BaseHTTPRequestHandler]:
        return _handler_for(self)

    def _answer(self, recorded: Recorded) -> Reply:
        with self._lock:
            self.requests.append(recorded)
        if recorded.route == MODELS:
            data = [
                {"id": m, "object": "model", "created": 0, "owned_by": "fake"} for m in self.models
            ]
            return Reply(json={"object": "list", "data": data})
        if recorded.route not in (CHAT, EMBEDDINGS):
            return status_reply(404, f"fake: no route {recorded.route}")
        model = recorded.body.get("model")
        if model not in self.models and f"{model}:latest" not in self.models:  # as Ollama
            return status_reply(404, f"model '{model}' not found, try pulling it first")
        if self.rejects_json_schema and recorded.format_type == "json_schema":
            return status_reply(400, "response_format json_schema is not supported")
        with self._lock:
            scripted = self._script.popleft() if self._script else None
        if scripted is not None:
            return scripted
        if recorded.route == EMBEDDINGS:
            texts = recorded.body.get("input")
            texts = [texts] if isinstance(texts, str) else list(texts or [])
            dimensions = self.embed_dimensions.get(str(model), 384)
            return embedding_reply(texts, model=str(model), dimensions=dimensions)
        return self._default(recorded)


def _handler_for(fake: FakeOpenAI) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self) -> None:
            self._handle(b"")

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            self._handle(self.rfile.read(length))

        def _handle(self, raw: bytes) -> None:
            path = self.path.split("?", 1)[0]
            try:
                body = json.loads(raw or b"{}")
            except ValueError:
                body = {"_unparsed": raw.decode(errors="replace")}
            recorded = Recorded(
                route=path.removeprefix("/v1/"),
                headers={k.lower(): v for k, v in self.headers.items()},
                body=body,
                at=time.monotonic(),
            )
            reply = fake._answer(recorded)
            if reply.delay_s and fake._stop.wait(reply.delay_s):
                return  # shutting down
            payload = reply.payload()
            try:
                self.send_response(reply.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                for name, value in reply.headers.items():
                    self.send_header(name.replace("_", "-"), value)
                if reply.cut_after is not None:
                    self.send_header("Connection", "close")
                self.end_headers()
                if reply.cut_after is None:
                    self.wfile.write(payload)
                else:
                    self.wfile.write(payload[: reply.cut_after])
                    self.wfile.flush()
                    self.close_connection = True
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (timeout); nothing to answer

        def log_message(self, format: str, *args: object) -> None:
            pass

    return Handler


@pytest.fixture
def openai_fake(settings: Settings) -> Iterator[FakeOpenAI]:
    """A running fake, with Django settings pointing the provider and the embedder at it
    (short timeout)."""
    from corpora.embedders import get_embedder
    from research.providers.base import get_provider

    fake = FakeOpenAI().start()
    settings.LLM_BASE_URL = f"{fake.url}/v1"
    settings.LLM_MODEL = MODEL
    settings.LLM_API_KEY = API_KEY
    settings.LLM_TIMEOUT_S = 1
    settings.LLM_ATTEMPTS = 3
    settings.LLM_STRUCTURED_OUTPUT = "auto"
    settings.LLM_EMBED_MODEL = EMBED_MODEL
    settings.LLM_EMBED_DIMENSIONS = None
    get_provider.cache_clear()
    get_embedder.cache_clear()
    try:
        yield fake
    finally:
        fake.stop()
        get_provider.cache_clear()
        get_embedder.cache_clear()
