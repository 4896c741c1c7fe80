"""Production settings (a subprocess with DEBUG unset), and secrets that never leave the server.

The subprocesses import the settings the way a deployment does: no DEBUG, a real
DJANGO_SECRET_KEY, ALLOWED_HOSTS set. The secret checks run in this process with a distinctive
GOOGLE_API_KEY that the Gemini fake echoes back in its error bodies.
"""

from __future__ import annotations

import io
import json
import logging
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from corpora.services.corpora import corpus_create
from research.contracts import Scope
from research.models import ResearchRun
from research.providers import gemini
from research.providers.base import get_provider
from research.services import run_execute, run_start
from tests.factories import UserFactory
from tests.fakes import gemini_server
from tests.fakes.gemini_server import FakeGemini, Reply, status_reply

pytestmark = pytest.mark.integration
gemini_fake = gemini_server.gemini_fake  # the fixture, under its own name

ROOT = Path(__file__).resolve().parents[2]
HOST = "dossier.example.com"
API_KEY = "AIzaSyH6-" + secrets.token_hex(12)  # distinctive: any occurrence is a leak
SECRET_KEY = "h6-" + secrets.token_urlsafe(60)


def production_env(**extra: str) -> dict[str, str]:
    dev_only = {"DEBUG", "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env = {k: v for k, v in os.environ.items() if k not in dev_only}
    env |= {"DJANGO_SECRET_KEY": SECRET_KEY, "ALLOWED_HOSTS": HOST, "GOOGLE_API_KEY": API_KEY,
            "DATABASE_NAME": django_settings.DATABASES["default"]["NAME"], **extra}  # fmt: skip
    return env


def run_python(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip


PROBE = """
import json, os
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ragsite.settings")
import django
django.setup()
from django.conf import settings as s
from django.test import Client
names = ["DEBUG", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SECURE_SSL_REDIRECT",
         "SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS", "X_FRAME_OPTIONS",
         "SECURE_CONTENT_TYPE_NOSNIFF", "SESSION_COOKIE_HTTPONLY", "SECURE_REFERRER_POLICY"]
client = Client()
plain = client.get("/login/", HTTP_HOST="dossier.example.com")
tls = client.get("/login/", HTTP_HOST="dossier.example.com", secure=True)
print(json.dumps({
    "settings": {n: getattr(s, n, None) for n in names},
    "plain": [plain.status_code, plain.get("Location", "")],
    "tls": [tls.status_code, dict(tls.headers.items()),
            {k: dict(v.items()) | {"secure": v["secure"]} for k, v in tls.cookies.items()}],
}))
"""


def test_manage_py_check_deploy_is_clean_in_production_mode() -> None:
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=production_env(), capture_output=True, text=True, timeout=120,
    )  # fmt: skip

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout
    assert "WARNING" not in result.stdout + result.stderr


def test_production_mode_has_secure_cookies_hsts_https_redirect_and_strict_headers() -> None:
    result = run_python(PROBE, production_env())

    assert result.returncode == 0, result.stderr
    probe = json.loads(result.stdout.strip().splitlines()[-1])
    values = probe["settings"]
    assert values["DEBUG"] is False
    assert values["SESSION_COOKIE_SECURE"] is True
    assert values["CSRF_COOKIE_SECURE"] is True
    assert values["SECURE_SSL_REDIRECT"] is True
    assert values["SECURE_HSTS_SECONDS"] >= 31_536_000
    assert values["SECURE_HSTS_INCLUDE_SUBDOMAINS"] is True
    assert values["X_FRAME_OPTIONS"] == "DENY"
    assert values["SECURE_CONTENT_TYPE_NOSNIFF"] is True
    assert values["SESSION_COOKIE_HTTPONLY"] is True
    assert probe["plain"] == [301, f"https://{HOST}/login/"]
    status, headers, cookies = probe["tls"]
    assert status == 200
    assert headers["Strict-Transport-Security"].startswith("max-age=31536000")
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "same-origin"
    assert cookies["csrftoken"]["secure"] is True


def test_production_mode_refuses_to_start_without_a_secret_key() -> None:
    env = production_env()
    del env["DJANGO_SECRET_KEY"]

    result = run_python(PROBE, env)

    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY is not set" in result.stderr


# ---------------------------------------------------------------------------------- secrets


def assert_secret_free(text: str, where: str) -> None:
    assert API_KEY not in text, f"GOOGLE_API_KEY appears in {where}"
    assert SECRET_KEY not in text, f"DJANGO_SECRET_KEY appears in {where}"


@pytest.fixture
def secret_settings(settings) -> None:
    settings.GOOGLE_API_KEY = API_KEY
    settings.SECRET_KEY = SECRET_KEY
    settings.LLM_PROVIDER = "gemini"
    settings.ALLOWED_HOSTS = ["testserver"]


@pytest.mark.django_db
def test_the_health_page_and_doctor_never_show_a_secret(secret_settings, settings) -> None:
    settings.EMBEDDER = "gemini"
    client = Client()
    client.force_login(UserFactory(is_staff=True))  # staff see the details that could leak

    page = client.get("/health")
    as_json = client.get("/health", {"format": "json"})
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("doctor", stdout=out, stderr=err)
        failure = ""
    except CommandError as exc:  # no worker is running here; the report is still written
        failure = str(exc)

    assert "Gemini" in page.content.decode()
    assert "LLM provider" in out.getvalue()
    for text, where in ((page.content.decode(), "/health"), (as_json.content.decode(), "JSON"),
                        (out.getvalue() + err.getvalue() + failure, "doctor")):  # fmt: skip
        assert_secret_free(text, where)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("reply", "reason"),
    [
        (status_reply(400, f"API key not valid. Please pass a valid API key: {API_KEY}"),
         gemini.KEY_REJECTED.format(code=400)),
        (status_reply(400, f"Invalid JSON payload near '{API_KEY}'"),
         gemini.REQUEST_REJECTED.format(code=400, status="INVALID_ARGUMENT",
                                        detail="Invalid JSON payload near '[redacted]'")),
        (status_reply(500, f"backend for {API_KEY} crashed"),
         gemini.SERVER_FAILED.format(code=500, attempts=3)),
    ],
    ids=["bad-key", "bad-request", "server-error"],
)  # fmt: skip
def test_a_failing_gemini_run_never_shows_the_key_in_its_reason_events_pages_or_logs(
    gemini_fake: FakeGemini, secret_settings, reply: Reply, reason: str, caplog
) -> None:
    caplog.set_level(logging.DEBUG)
    for name in ("google_genai", "httpx2", "research", "celery"):
        caplog.set_level(logging.DEBUG, logger=name)
    gemini_fake.always(reply)
    user = UserFactory()
    corpus = corpus_create(owner=user, name="Depots", description="Depot reports.", is_public=True)
    get_provider.cache_clear()
    try:
        run = run_start(user=user, scope=Scope(goal="How many buses?", corpus_ids=[corpus.pk]),
                        enqueue=False)  # fmt: skip
        run_execute(run_id=run.pk)
    finally:
        get_provider.cache_clear()

    run.refresh_from_db()
    assert run.status == ResearchRun.Status.FAILED
    assert run.failure_reason == reason
    sent = {r.headers["x-goog-api-key"] for r in gemini_fake.requests}
    assert sent == {API_KEY}  # the key did go out, and the fake did echo it back
    client = Client()
    client.force_login(user)
    pages = [client.get(run.get_absolute_url()).content.decode()]
    for fmt in ("md", "json"):
        pages.append(client.get(reverse("research:export", args=[run.pk, fmt])).content.decode())
    events = json.dumps(list(run.events.values("kind", "payload")))
    assert reason in events
    assert escape(reason) in pages[0]
    assert_secret_free(run.failure_reason, "the failure reason")
    assert_secret_free(events, "the run events")
    for page in pages:
        assert_secret_free(page, "the run page or an export")
    assert caplog.records, "nothing was logged"
    assert_secret_free(caplog.text, "the logs")
    assert not re.search(r"Traceback|File \"", pages[0])
