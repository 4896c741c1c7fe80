"""Dossier settings: one module, everything from the environment.

Production is the default (DEBUG off); `make run` and `make test` set DEBUG=1, which turns on
development mode (see DEVELOPMENT below), not Django's technical error pages. Without
DATABASE_URL / REDIS_URL the project-local embedded servers (ragsite/embedded.py) are used.
"""

from __future__ import annotations

import logging
import os
import secrets
from pathlib import Path
from urllib.parse import unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

from ragsite import embedded

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "")
    try:
        return int(value) if value else default
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} must be an integer, got {value!r}.") from exc


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# The DEBUG environment variable means "a developer's machine": a local secret key, localhost
# hosts, plain HTTP, static files served by the app (ragsite/asgi.py), demo accounts. Django's own
# DEBUG setting is kept apart from it: with DEBUG on, Django answers a 404 with a technical page
# that lists every URL pattern (and a 500 with a traceback and settings), bypassing the branded
# 403/404/500 templates. So `make run` serves the same pages as production and logs tracebacks to
# the console; DEBUG_TECHNICAL_PAGES=1 brings Django's technical pages back for a developer.
DEVELOPMENT = env_bool("DEBUG")
DEBUG = DEVELOPMENT and env_bool("DEBUG_TECHNICAL_PAGES")


def _secret_key() -> str:
    key = os.environ.get("DJANGO_SECRET_KEY", "")
    if key:
        return key
    if not DEVELOPMENT:
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY is not set. In production (DEBUG unset or 0) set it to a long "
            "random string, e.g. `python -c 'import secrets; print(secrets.token_urlsafe(50))'`."
        )
    # Development only: a random key kept in var/ so sessions survive restarts.
    path = VAR_DIR / "secret_key"
    if not path.exists():
        VAR_DIR.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


SECRET_KEY = _secret_key()
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost" if DEVELOPMENT else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "django_htmx",
    "template_partials",
    "axes",
    "ragsite",
    "corpora",
    "research",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "ragsite.urls"
ASGI_APPLICATION = "ragsite.asgi.application"
WSGI_APPLICATION = "ragsite.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    }
]


def _database() -> dict[str, object]:
    url = os.environ.get("DATABASE_URL", "")
    if not url:
        return {
            "ENGINE": "django.db.backends.postgresql",
            # DATABASE_NAME lets a worker subprocess in a test use the pytest database.
            "NAME": os.environ.get("DATABASE_NAME") or embedded.DB_NAME,
            "USER": "postgres",
            "HOST": str(embedded.pg_socket_dir()),
            "PORT": "5432",
        }
    parts = urlsplit(url)
    if parts.scheme not in {"postgres", "postgresql"}:
        raise ImproperlyConfigured("DATABASE_URL must be a postgres:// URL.")
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": unquote(parts.path.lstrip("/")) or "dossier",
        "USER": unquote(parts.username or ""),
        "PASSWORD": unquote(parts.password or ""),
        "HOST": parts.hostname or "",
        "PORT": str(parts.port or ""),
    }


DATABASES = {
    "default": {
        **_database(),
        "CONN_MAX_AGE": 0,
        # Parallel test runs on one server need distinct test databases.
        "TEST": {"NAME": os.environ.get("TEST_DB_NAME") or None},
    }
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", "") or VAR_DIR / "staticfiles")
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", VAR_DIR / "media"))

# --- Redis and Celery -------------------------------------------------------------------
REDIS_URL = os.environ.get("REDIS_URL", "").rstrip("/") or (
    f"redis://127.0.0.1:{embedded.redis_port()}"
)
_redis_base = REDIS_URL.rsplit("/", 1)[0] if urlsplit(REDIS_URL).path.strip("/") else REDIS_URL
# Tests use their own database numbers so leftover messages never leak between runs.
REDIS_DB_BASE = env_int("REDIS_DB_BASE", 0)
CELERY_BROKER_URL = f"{_redis_base}/{REDIS_DB_BASE}"
CELERY_RESULT_BACKEND = f"{_redis_base}/{REDIS_DB_BASE + 1}"
# Pub/sub channels ignore database numbers; db 0 always exists.
REDIS_EVENTS_URL = f"{_redis_base}/0"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 3000)
CELERY_TASK_SOFT_TIME_LIMIT = CELERY_TASK_TIME_LIMIT - 60
CELERY_RESULT_EXPIRES = 3600
CELERY_TASK_DEFAULT_QUEUE = "research"
CELERY_TASK_ROUTES = {
    "corpora.tasks.*": {"queue": "ingest"},
    "research.tasks.*": {"queue": "research"},
    "ragsite.tasks.*": {"queue": "research"},
}
# Must stay above the longest task, or Redis redelivers a task while it still runs.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 3600),
    "unacked_restore_interval": 10,
    "unacked_restore_throttle": 10,
}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# --- Models and budgets -----------------------------------------------------------------
GOOGLE_API_KEY = os.environ.get("GOOGLE_API_KEY", "")
GEMINI_BASE_URL = os.environ.get("GEMINI_BASE_URL", "")
GEMINI_MODEL = os.environ.get("GEMINI_MODEL", "gemini-3-flash-preview")
GEMINI_EMBED_MODEL = os.environ.get("GEMINI_EMBED_MODEL", "gemini-embedding-001")
# Empty counts as unset (docker-compose passes every variable through).
LLM_PROVIDER = os.environ.get("LLM_PROVIDER") or ("gemini" if GOOGLE_API_KEY else "offline")
GEMINI_TIMEOUT_S = env_int("GEMINI_TIMEOUT_S", 30)
GEMINI_ATTEMPTS = env_int("GEMINI_ATTEMPTS", 4)
GEMINI_RETRY_INITIAL_DELAY_S = float(os.environ.get("GEMINI_RETRY_INITIAL_DELAY_S", "1.0"))
GEMINI_RETRY_MAX_DELAY_S = float(os.environ.get("GEMINI_RETRY_MAX_DELAY_S", "20"))
GEMINI_EMBED_DIMENSIONS = env_int("GEMINI_EMBED_DIMENSIONS", 384)
EMBEDDER = os.environ.get("EMBEDDER", "local")
# LLM_PROVIDER=openai_compatible: any Chat Completions server (Ollama, vLLM, llama.cpp, …).
LLM_BASE_URL = os.environ.get("LLM_BASE_URL", "")  # e.g. http://localhost:11434/v1
LLM_MODEL = os.environ.get("LLM_MODEL", "")
LLM_API_KEY = os.environ.get("LLM_API_KEY", "")
LLM_TIMEOUT_S = env_int("LLM_TIMEOUT_S", 120)  # local models can be slow
LLM_ATTEMPTS = env_int("LLM_ATTEMPTS", 3)
LLM_STRUCTURED_OUTPUT = os.environ.get("LLM_STRUCTURED_OUTPUT", "auto")  # json_schema|json_object
# EMBEDDER=openai_compatible: embeddings from the same server. Unset dimensions mean 384 (what
# chunks store), without sending `dimensions`, which many local servers reject.
LLM_EMBED_MODEL = os.environ.get("LLM_EMBED_MODEL", "")
LLM_EMBED_DIMENSIONS = env_int("LLM_EMBED_DIMENSIONS", 0) or None
SEARCH_BUDGET_BASE = env_int("SEARCH_BUDGET_BASE", 5)
SEARCH_BUDGET_PER_SUBGOAL = env_int("SEARCH_BUDGET_PER_SUBGOAL", 2)
SEARCH_BUDGET_CEILING = env_int("SEARCH_BUDGET_CEILING", 15)
MAX_ITERATIONS = env_int("MAX_ITERATIONS", 4)
MAX_CONTEXT_CHARS = env_int("MAX_CONTEXT_CHARS", 24000)
PERSEVERANCE_OFF = env_bool("PERSEVERANCE_OFF")
RUN_STALE_AFTER_S = env_int("RUN_STALE_AFTER_S", 300)
GOAL_MAX_CHARS = env_int("GOAL_MAX_CHARS", 4000)

# --- Live run page (SSE) ----------------------------------------------------------------
SSE_HEARTBEAT_S = float(os.environ.get("SSE_HEARTBEAT_S", "15"))
SSE_POLL_S = float(os.environ.get("SSE_POLL_S", "5"))  # re-read Postgres if a bell was lost
SSE_HUB_LINGER_S = float(os.environ.get("SSE_HUB_LINGER_S", "5"))
SSE_SETUP_CONNECTIONS = env_int("SSE_SETUP_CONNECTIONS", 10)  # per web worker, at once

# --- Retrieval --------------------------------------------------------------------------
STAFF_SEES_ALL_CORPORA = env_bool("STAFF_SEES_ALL_CORPORA")
HNSW_EF_SEARCH = env_int("HNSW_EF_SEARCH", 100)
# Chunks in a search's scope up to which vectors are compared exactly instead of through HNSW.
EXACT_VECTOR_SCAN_MAX = env_int("EXACT_VECTOR_SCAN_MAX", 50_000)
SEARCH_TITLE_MIN_SIMILARITY = float(os.environ.get("SEARCH_TITLE_MIN_SIMILARITY", "0.6"))

# --- Uploads ----------------------------------------------------------------------------
UPLOAD_MAX_BYTES = env_int("UPLOAD_MAX_BYTES", 50 * 1024 * 1024)
UPLOAD_MAX_PAGES = env_int("UPLOAD_MAX_PAGES", 2000)
# Off: any logged-in user may create a corpus (and own it); on: staff only.
CORPUS_CREATE_STAFF_ONLY = env_bool("CORPUS_CREATE_STAFF_ONLY")
DATA_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024

# --- Security ---------------------------------------------------------------------------
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # htmx reads the token from the page, not the cookie
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"
if not DEVELOPMENT:
    SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", True)
    CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", True)
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = 0.25  # hours
AXES_RESET_ON_SUCCESS = True


class _RedactSecrets(logging.Filter):
    """Blanks GOOGLE_API_KEY, LLM_API_KEY and SECRET_KEY out of log records: the model clients
    log each retry with the server's error body, and a server may quote the key back."""

    def filter(self, record: logging.LogRecord) -> bool:
        from django.conf import settings

        values = [getattr(settings, n, "") for n in ("GOOGLE_API_KEY", "LLM_API_KEY", "SECRET_KEY")]
        values = [v for v in values if len(v) >= 8]
        if not values:
            return True
        message = record.getMessage()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        for value in values:
            if value in message:
                record.msg, record.args = message.replace(value, "[redacted]"), None
                message = record.msg
            if record.exc_text and value in record.exc_text:
                record.exc_text = record.exc_text.replace(value, "[redacted]")
        return True


LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"redact_secrets": {"()": _RedactSecrets}},
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "plain",
            "filters": ["redact_secrets"],
        }
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        "httpx2": {"level": "WARNING"},
        "httpx": {"level": "WARNING"},
        "axes": {"level": "WARNING"},
        # On the logger too, so handlers added later (Celery's, pytest's) get clean records.
        "google_genai._api_client": {"filters": ["redact_secrets"]},
    },
}
