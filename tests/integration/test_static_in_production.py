"""In production (DEBUG unset) uvicorn serves no static files: the ASGI app itself serves what
`collectstatic` gathered, so a Docker deployment gets its stylesheets and htmx."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.asgi_probe import probe

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


def production_env(static_root: Path) -> dict[str, str]:
    """A production environment (as docker-compose.yml sets it), nothing from pytest."""
    drop = {"DJANGO_SETTINGS_MODULE", "DEBUG", "DEBUG_TECHNICAL_PAGES"}
    env = {k: v for k, v in os.environ.items() if k not in drop}
    return {**env, "DJANGO_SETTINGS_MODULE": "ragsite.settings", "STATIC_ROOT": str(static_root),
            "DJANGO_SECRET_KEY": "a-test-only-key-" + "x" * 40, "ALLOWED_HOSTS": "dossier.example",
            "SECURE_SSL_REDIRECT": "0"}  # fmt: skip


def run(args: list[str], env: dict[str, str]) -> str:
    result = subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True,
                            text=True, timeout=180)  # fmt: skip
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_production_serves_the_collected_static_files_and_404s_the_rest(tmp_path: Path) -> None:
    env = production_env(tmp_path / "static")
    run(["manage.py", "collectstatic", "--noinput"], env)
    found = probe(env, "dossier.example", "/static/css/dossier.css", "/static/css/no-sheet.css")

    status, content_type, body = found["responses"]["/static/css/dossier.css"]
    assert status == 200
    assert content_type.startswith("text/css")
    assert body == (ROOT / "static" / "css" / "dossier.css").read_text()
    assert found["responses"]["/static/css/no-sheet.css"][0] == 404
