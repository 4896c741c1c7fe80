"""Branded 403, 404 and 500 pages: they say what happened and what to do next, never leak
internals, and `make run` serves them too (its DEBUG=1 is development mode, not Django's
technical pages)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client, override_settings

from corpora.models import Corpus
from tests.error_urls import INTERNAL_DETAIL
from tests.factories import UserFactory

pytestmark = [pytest.mark.integration, pytest.mark.django_db]
ROOT = Path(__file__).resolve().parents[2]

# The served app as `make run` starts it: settings from the Makefile's environment (DEBUG=1),
# and the ASGI application uvicorn imports, asked for a missing page and a static file.
MAKE_RUN_PROBE = """
import asyncio, json
from asgiref.testing import ApplicationCommunicator
from ragsite.asgi import application
from django.conf import settings

async def get(path):
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
             "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
             "root_path": "", "headers": [(b"host", b"127.0.0.1:8000")],
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
    return start["status"], body.decode()

async def main():
    missing = await get("/no-such-page/")
    css = await get("/static/css/dossier.css")
    print(json.dumps({"debug": settings.DEBUG, "development": settings.DEVELOPMENT,
                      "missing": missing, "css_status": css[0]}))

asyncio.run(main())
"""


def make_run_env(**extra: str) -> dict[str, str]:
    """The environment `make run` gives the app (Makefile: DEBUG=1), nothing from pytest."""
    env = {k: v for k, v in os.environ.items() if k not in {"DJANGO_SETTINGS_MODULE", "DEBUG"}}
    return {**env, "DEBUG": "1", "DJANGO_SETTINGS_MODULE": "ragsite.settings", **extra}


def probe(env: dict[str, str]) -> dict:
    result = subprocess.run([sys.executable, "-c", MAKE_RUN_PROBE], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)  # fmt: skip
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_make_run_serves_the_branded_404_and_still_serves_static_files() -> None:
    found = probe(make_run_env())

    status, html = found["missing"]
    assert (found["debug"], found["development"]) == (False, True)
    assert status == 404
    assert "Page not found" in html
    assert "no-such-page" not in html  # a path may name another group's object: not echoed
    assert 'href="/login/"' in html  # what to do next, for a visitor who is not logged in
    assert "URLconf" not in html and "admin/" not in html and "Traceback" not in html
    assert found["css_status"] == 200


def test_a_developer_can_ask_for_djangos_technical_pages() -> None:
    found = probe(make_run_env(DEBUG_TECHNICAL_PAGES="1"))
    assert found["debug"] is True
    assert "URLconf" in found["missing"][1]


def test_an_unknown_url_shows_the_branded_404_with_ways_on() -> None:
    client = Client()
    client.force_login(UserFactory())
    response = client.get("/runs/987654/")
    html = response.content.decode()
    assert response.status_code == 404
    assert "<h1>Page not found</h1>" in html
    assert 'href="/runs/"' in html and 'href="/corpora/"' in html
    assert "No such run." not in html  # the view's own message stays in the server


def test_a_non_staff_user_creating_a_corpus_gets_the_branded_403(settings) -> None:
    settings.CORPUS_CREATE_STAFF_ONLY = True
    client = Client()
    client.force_login(UserFactory())
    response = client.get("/corpora/new/")
    html = response.content.decode()
    assert response.status_code == 403
    assert "<h1>You may not do this</h1>" in html
    assert "Only staff create corpora on this site" in html  # the refusal says why
    assert 'href="/"' in html and '<link rel="stylesheet"' in html


@override_settings(ROOT_URLCONF="tests.error_urls")
def test_a_server_error_shows_the_branded_500_without_internals() -> None:
    client = Client(raise_request_exception=False)
    client.force_login(UserFactory())
    response = client.get("/test-only/explode/")
    html = response.content.decode()
    assert response.status_code == 500
    assert "Something went wrong on our side" in html
    assert 'href="/"' in html
    assert INTERNAL_DETAIL not in html and "RuntimeError" not in html
    assert "Traceback" not in html


def test_a_form_sent_without_its_csrf_token_gets_the_branded_page_and_changes_nothing() -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(UserFactory())
    response = client.post("/corpora/new/", {"name": "Quay notes", "description": "Notes."})
    html = response.content.decode()
    assert response.status_code == 403
    assert "<h1>This form has expired</h1>" in html
    assert "CSRF" not in html  # no Django jargon, no reason codes
    assert not Corpus.objects.filter(name="Quay notes").exists()
