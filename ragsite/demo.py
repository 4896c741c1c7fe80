"""Demo accounts for a local `make run`: random passwords kept in var/, never in code."""

from __future__ import annotations

import json
import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

CREDENTIALS_FILE = settings.VAR_DIR / "demo-credentials.json"
DEMO_GROUP = "demo-researchers"


def _credentials() -> dict[str, str]:
    if CREDENTIALS_FILE.exists():
        return json.loads(CREDENTIALS_FILE.read_text())
    creds = {"demo": secrets.token_urlsafe(9), "admin": secrets.token_urlsafe(9)}
    CREDENTIALS_FILE.parent.mkdir(parents=True, exist_ok=True)
    CREDENTIALS_FILE.write_text(json.dumps(creds))
    CREDENTIALS_FILE.chmod(0o600)
    return creds


def demo_data_ensure() -> dict[str, str]:
    """Demo accounts plus the three demo corpora (their ingestion is queued to the worker)."""
    from corpora.demo_seed import demo_corpora_ensure

    creds = demo_users_ensure()
    user_model = get_user_model()
    demo_corpora_ensure(
        owner=user_model.objects.get(username="admin"),
        group=Group.objects.get(name=DEMO_GROUP),
    )
    return creds


def demo_users_ensure() -> dict[str, str]:
    """Create (or reset to the stored passwords) the demo user and demo admin."""
    creds = _credentials()
    user_model = get_user_model()
    group, _ = Group.objects.get_or_create(name=DEMO_GROUP)
    for username, password in creds.items():
        user, _ = user_model.objects.get_or_create(username=username)
        user.is_staff = user.is_superuser = username == "admin"
        user.set_password(password)
        user.save()
        user.groups.add(group)
    return creds
