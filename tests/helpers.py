"""Real data for tests: corpora ingested through the real pipeline (synchronously)."""

from __future__ import annotations

import contextlib
import datetime as dt
import socket
import threading
import time
from collections.abc import Iterable, Iterator

from django.contrib.auth.models import Group

from corpora.models import Corpus
from corpora.services.corpora import corpus_create
from corpora.services.ingestion import document_ingest
from corpora.services.uploads import document_add


def make_corpus(
    *,
    owner,
    slug: str,
    docs: dict[str, str],
    description: str = "Test documents.",
    groups: Iterable[Group] = (),
    public: bool = False,
    dates: dict[str, dt.date] | None = None,
) -> Corpus:
    """A corpus whose documents (title -> text) are ingested and ready."""
    corpus = corpus_create(owner=owner, name=slug.replace("-", " ").title(), slug=slug,
                           description=description, groups=groups, is_public=public)  # fmt: skip
    for title, text in docs.items():
        outcome = document_add(corpus=corpus, data=text.encode(), filename=f"{title}.txt",
                               user=owner, title=title, document_date=(dates or {}).get(title),
                               enqueue=False)  # fmt: skip
        assert outcome.document is not None, outcome.message
        result = document_ingest(document_id=outcome.document.pk)
        assert result.status == "ready", (title, result)
    return corpus


@contextlib.contextmanager
def serve_asgi() -> Iterator[str]:
    """uvicorn serving the project in a thread, on the test database (STACK-NOTES §5).

    A WSGI live server would buffer the SSE stream; this is the real ASGI path.
    """
    import uvicorn
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
    from django.core.asgi import get_asgi_application
    from django.db import connections

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(
        ASGIStaticFilesHandler(get_asgi_application()),
        host="127.0.0.1",
        port=port,
        lifespan="off",
        log_level="warning",
        timeout_graceful_shutdown=2,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("uvicorn did not start within 20 s")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        connections.close_all()
