"""In production (DEBUG unset) uvicorn serves no static files: the ASGI app itself serves what
`collectstatic` gathered, so a Docker deployment gets its stylesheets and htmx."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import asyncio, json
from asgiref.testing import ApplicationCommunicator
from ragsite.asgi import application

async def get(path):
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
             "scheme": "https", "path": path, "raw_path": path.encode(), "query_string": b"",
             "root_path": "", "headers": [(b"host", b"dossier.example")],
             "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8000)}
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

async def main():
    css = await get("/static/css/dossier.css")
    missing = await get("/static/css/no-such-sheet.css")
    print(json.dumps({"css": css, "missing_status": missing[0]}))

asyncio.run(main())
"""


def production_env(static_root: Path) -> dict[str, str]:
    """A production environment (as docker-compose.yml sets it), nothing from pytest."""
    drop = {"DJANGO_SETTINGS_MODULE", "DEBUG", "DEBUG_TECHNICAL_PAGES"}
    env = {k: v for k, v in os.environ.items() if k not in drop}
    return {**env, "DJANGO_SETTINGS_MODULE": "ragsite.settings", "STATIC_ROOT": str(static_root),
            "DJANGO_SECRET_KEY": "a-test-only-key-" + "x" * 40, "ALLOWED_HOSTS": "dossier.example"}  # fmt: skip


def run(args: list[str], env: dict[str, str]) -> str:
    result = subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True,
                            text=True, timeout=180)  # fmt: skip
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_production_serves_the_collected_static_files_and_404s_the_rest(tmp_path: Path) -> None:
    env = production_env(tmp_path / "static")
    run(["manage.py", "collectstatic", "--noinput"], env)
    found = json.loads(run(["-c", PROBE], env).strip().splitlines()[-1])

    status, content_type, body = found["css"]
    assert status == 200
    assert content_type.startswith("text/css")
    assert body == (ROOT / "static" / "css" / "dossier.css").read_text()
    assert found["missing_status"] == 404
