"""Branded 403, 404 and 500 pages: they say what happened and what to do next, never leak
internals, and `make run` serves them too (its DEBUG=1 is development mode, not Django's
technical pages)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.test import Client, override_settings

from corpora.models import Corpus
from tests.asgi_probe import probe
from tests.error_urls import INTERNAL_DETAIL
from tests.factories import UserFactory

pytestmark = [pytest.mark.integration, pytest.mark.django_db]
ROOT = Path(__file__).resolve().parents[2]


def make_run_env(**extra: str) -> dict[str, str]:
    """The environment `make run` gives the app (Makefile: DEBUG=1), nothing from pytest."""
    env = {k: v for k, v in os.environ.items() if k not in {"DJANGO_SETTINGS_MODULE", "DEBUG"}}
    return {**env, "DEBUG": "1", "DJANGO_SETTINGS_MODULE": "ragsite.settings", **extra}


def test_make_run_serves_the_branded_404_and_still_serves_static_files() -> None:
    found = probe(make_run_env(), "127.0.0.1:8000", "/no-such-page/", "/static/css/dossier.css")

    status, _, html = found["responses"]["/no-such-page/"]
    assert (found["debug"], found["development"]) == (False, True)
    assert status == 404
    assert "Page not found" in html
    assert "no-such-page" not in html  # a path may name another group's object: not echoed
    assert 'href="/login/"' in html  # what to do next, for a visitor who is not logged in
    assert "URLconf" not in html and "admin/" not in html and "Traceback" not in html
    assert found["responses"]["/static/css/dossier.css"][0] == 200


def test_a_developer_can_ask_for_djangos_technical_pages() -> None:
    found = probe(make_run_env(DEBUG_TECHNICAL_PAGES="1"), "127.0.0.1:8000", "/no-such-page/")
    assert found["debug"] is True
    assert "URLconf" in found["responses"]["/no-such-page/"][2]


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
