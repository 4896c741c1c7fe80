"""The served ASGI app, asked for some paths in a process of its own, so that it is built
from the environment a test gives it (`make run`'s, production's) and not from pytest's.

    python -m tests.asgi_probe HOST PATH [PATH ...]

prints one JSON line: the settings' DEBUG and DEVELOPMENT, and for each path its status,
content type and body. `probe` runs that and reads the line.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def probe(env: dict[str, str], host: str, *paths: str) -> dict:
    """{"debug", "development", "responses": {path: [status, content type, body]}}."""
    result = subprocess.run([sys.executable, "-m", "tests.asgi_probe", host, *paths], cwd=ROOT,
                            env=env, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


async def _get(application: object, host: str, path: str) -> tuple[int, str, str]:
    from asgiref.testing import ApplicationCommunicator

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
             "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
             "root_path": "", "headers": [(b"host", host.encode())],
             "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8000)}  # fmt: skip
    app = ApplicationCommunicator(application, scope)
    await app.send_input({"type": "http.request", "body": b"", "more_body": False})
    start = await app.receive_output(10)
    body = b""
    while True:
        message = await app.receive_output(10)
        body += message.get("body", b"")
        if not message.get("more_body"):
            break
    headers = {k.decode().lower(): v.decode() for k, v in start.get("headers", [])}
    return start["status"], headers.get("content-type", ""), body.decode(errors="replace")


async def _main(host: str, paths: list[str]) -> None:
    from django.conf import settings

    from ragsite.asgi import application

    responses = {path: await _get(application, host, path) for path in paths}
    print(json.dumps({"debug": settings.DEBUG, "development": settings.DEVELOPMENT,
                      "responses": responses}))  # fmt: skip


if __name__ == "__main__":
    asyncio.run(_main(sys.argv[1], sys.argv[2:]))
