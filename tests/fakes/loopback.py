"""What every loopback fake of an outside server shares: a threaded HTTP server on a free
127.0.0.1 port, started and stopped by the test, with an event that wakes delayed handlers."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Self


class LoopbackServer:
    """Subclasses give the request handler (`handler`); `url` is set once started."""

    def __init__(self) -> None:
        self._stop = threading.Event()
        self._server: ThreadingHTTPServer | None = None
        self.url = ""

    def handler(self) -> type[BaseHTTPRequestHandler]:
        raise NotImplementedError

    def start(self) -> Self:
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self.handler())
        self._server.daemon_threads = True
        self._server.block_on_close = False
        threading.Thread(target=self._server.serve_forever, args=(0.05,), daemon=True).start()
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        return self

    def stop(self) -> None:
        self._stop.set()  # wakes delayed handlers
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
