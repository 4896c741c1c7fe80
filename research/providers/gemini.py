"""Gemini adapters: the research provider and the embedder. The only module importing google.genai.

Structured output asks for the answer schemas in `prompts.py`, which mirror the contracts
without `extra="forbid"` (the Gemini Developer API rejects `additionalProperties` with a 400).

Transport retries (429, 5xx, timeouts) belong to the client's `HttpRetryOptions`; the steps,
validation and the one repair call are `structured.StructuredProvider`'s; this module maps what
is left to `ProviderError` / `EmbedderError` with a sentence a user can act on. No message ever
contains the API key.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Sequence
from dataclasses import dataclass

import httpx2
from google import genai
from google.genai import errors as genai_errors
from google.genai import types
from pydantic import BaseModel

from corpora.embedders import EmbedderError, Vector
from research.contracts import Usage
from research.errors import ProviderError
from research.providers.structured import Generation, StructuredProvider

logger = logging.getLogger(__name__)

RETRY_STATUS_CODES = [408, 429, 500, 502, 503, 504]
EMBED_BATCH_SIZE = 100  # batchEmbedContents accepts at most 100 requests

# Estimated list prices in USD per million tokens (input, output incl. thinking), for budgeting
# only: the bill is Google's. Unknown models use the default.
PRICES_USD_PER_MTOK: dict[str, tuple[float, float]] = {
    "gemini-3-flash-preview": (0.50, 3.00),
    "gemini-3-pro-preview": (2.00, 12.00),
    "gemini-2.5-pro": (1.25, 10.00),
    "gemini-2.5-flash": (0.30, 2.50),
    "gemini-2.5-flash-lite": (0.10, 0.40),
}
DEFAULT_PRICE_USD_PER_MTOK = (0.50, 3.00)

from research.providers.gemini_messages import (  # noqa: E402  (kept importable from here)
    EMBED_COUNT_MISMATCH,
    EMBED_DIMENSION_MISMATCH,
    EMBED_ZERO_VECTOR,
    KEY_REJECTED,
    MODEL_NOT_FOUND,
    NO_API_KEY,
    OUTPUT_INVALID,
    OUTPUT_WITHHELD,
    RATE_LIMITED,
    REQUEST_REJECTED,
    SERVER_FAILED,
    TIMED_OUT,
    UNREACHABLE,
)


@dataclass(frozen=True)
class ClientOptions:
    """Connection settings shared by the provider and the embedder."""

    api_key: str
    base_url: str = ""
    timeout_s: float = 30.0
    attempts: int = 4
    retry_initial_delay_s: float = 1.0
    retry_max_delay_s: float = 20.0

    @classmethod
    def from_settings(cls) -> ClientOptions:
        from django.conf import settings

        return cls(
            api_key=settings.GOOGLE_API_KEY,
            base_url=getattr(settings, "GEMINI_BASE_URL", ""),
            timeout_s=float(getattr(settings, "GEMINI_TIMEOUT_S", 30)),
            attempts=int(getattr(settings, "GEMINI_ATTEMPTS", 4)),
            retry_initial_delay_s=float(getattr(settings, "GEMINI_RETRY_INITIAL_DELAY_S", 1.0)),
            retry_max_delay_s=float(getattr(settings, "GEMINI_RETRY_MAX_DELAY_S", 20.0)),
        )

    def client(self) -> genai.Client:
        retry = types.HttpRetryOptions(
            attempts=self.attempts,
            initial_delay=self.retry_initial_delay_s,
            max_delay=self.retry_max_delay_s,
            exp_base=2,
            jitter=self.retry_initial_delay_s,  # absolute seconds: scale it with the delay
            http_status_codes=RETRY_STATUS_CODES,
        )
        http = types.HttpOptions(
            base_url=self.base_url or None,
            timeout=int(self.timeout_s * 1000),  # milliseconds
            retry_options=retry,
        )
        return genai.Client(api_key=self.api_key, http_options=http)

    def redact(self, text: str) -> str:
        return text.replace(self.api_key, "[redacted]") if self.api_key else text


def describe_failure(exc: Exception, options: ClientOptions, *, model: str) -> tuple[str, bool]:
    """A user sentence and retryability for a transport/API failure left after retries."""
    attempts = options.attempts
    if isinstance(exc, genai_errors.APIError):
        code = exc.code or 0
        if code == 429:
            return RATE_LIMITED.format(attempts=attempts), True
        if code == 408:
            return TIMED_OUT.format(timeout_s=options.timeout_s, attempts=attempts), True
        if code >= 500:
            return SERVER_FAILED.format(code=code, attempts=attempts), True
        detail = options.redact(exc.message or "")
        if code in (401, 403) or "api key" in detail.lower():
            return KEY_REJECTED.format(code=code), False
        if code == 404:
            return MODEL_NOT_FOUND.format(model=model), False
        return REQUEST_REJECTED.format(code=code, status=exc.status, detail=detail[:300]), False
    if isinstance(exc, httpx2.TimeoutException):
        return TIMED_OUT.format(timeout_s=options.timeout_s, attempts=attempts), True
    detail = options.redact(type(exc).__name__)
    return UNREACHABLE.format(detail=detail), True


_TRANSPORT_ERRORS = (genai_errors.APIError, httpx2.TransportError)


# -- the provider -----------------------------------------------------------------------------


def price_usd(model: str, *, input_tokens: int, output_tokens: int) -> float:
    """Estimated cost from PRICES_USD_PER_MTOK (a budgeting estimate, not the bill)."""
    per_in, per_out = PRICES_USD_PER_MTOK.get(model, DEFAULT_PRICE_USD_PER_MTOK)
    return round((input_tokens * per_in + output_tokens * per_out) / 1_000_000, 6)


class GeminiProvider(StructuredProvider):
    """ResearchProvider over Gemini structured output, with one repair call per step."""

    name = "gemini"
    output_invalid = OUTPUT_INVALID
    output_withheld = OUTPUT_WITHHELD

    def __init__(self, options: ClientOptions, *, model: str) -> None:
        if not options.api_key:
            raise ProviderError(NO_API_KEY)
        self.options = options
        self.model = model
        self.label = f"Gemini ({model})"
        self._client = options.client()

    @classmethod
    def from_settings(cls) -> GeminiProvider:
        from django.conf import settings

        model = getattr(settings, "GEMINI_MODEL", "") or "gemini-3-flash-preview"
        return cls(ClientOptions.from_settings(), model=model)

    def _generate(self, system: str, prompt: str, schema: type[BaseModel]) -> Generation:
        config = types.GenerateContentConfig(
            response_mime_type="application/json",
            response_schema=schema,
            temperature=0.2,
            system_instruction=system,
        )
        try:
            response = self._client.models.generate_content(
                model=self.model, contents=prompt, config=config
            )
        except _TRANSPORT_ERRORS as exc:
            message, retryable = describe_failure(exc, self.options, model=self.model)
            logger.warning("gemini call failed: %s", self.options.redact(repr(exc)))
            raise ProviderError(message, retryable=retryable) from None
        withheld = _withheld_reason(response)
        return Generation(
            text="" if withheld else response.text or "",
            usage=self._usage(response),
            model=response.model_version or "",
            withheld=withheld,
        )

    def _usage(self, response: types.GenerateContentResponse) -> Usage:
        meta = response.usage_metadata
        input_tokens = (meta.prompt_token_count or 0) if meta else 0
        # Thinking tokens are billed as output.
        output_tokens = (
            (meta.candidates_token_count or 0) + (meta.thoughts_token_count or 0) if meta else 0
        )
        return Usage(
            calls=1,
            input_tokens=input_tokens,
            output_tokens=output_tokens,
            cost_usd=price_usd(self.model, input_tokens=input_tokens, output_tokens=output_tokens),
        )


def _withheld_reason(response: types.GenerateContentResponse) -> str:
    """Why there is no text at all ('' when there is some)."""
    if not response.candidates:
        feedback = response.prompt_feedback
        block = feedback.block_reason if feedback else None
        return f"blocked: {block.value}" if block else "no candidates"
    candidate = response.candidates[0]
    if response.text:
        return ""
    finish = candidate.finish_reason
    if finish is not None and finish != types.FinishReason.STOP:
        return f"finish reason {finish.value}"
    return "empty answer"


# -- the embedder -----------------------------------------------------------------------------


class GeminiEmbedder:
    """corpora.embedders.Embedder over gemini-embedding-001; unit-length vectors."""

    name = "gemini"

    def __init__(self, options: ClientOptions, *, model: str, dimensions: int) -> None:
        if not options.api_key:
            raise EmbedderError(NO_API_KEY)
        self.options = options
        self.model = model
        self.dimensions = dimensions
        self._client = options.client()

    @classmethod
    def from_settings(cls) -> GeminiEmbedder:
        from django.conf import settings

        return cls(
            ClientOptions.from_settings(),
            model=getattr(settings, "GEMINI_EMBED_MODEL", "") or "gemini-embedding-001",
            dimensions=int(getattr(settings, "GEMINI_EMBED_DIMENSIONS", 384)),
        )

    def embed_documents(self, texts: Sequence[str]) -> list[Vector]:
        vectors: list[Vector] = []
        for start in range(0, len(texts), EMBED_BATCH_SIZE):
            batch = list(texts[start : start + EMBED_BATCH_SIZE])
            vectors.extend(self._embed(batch, task_type="RETRIEVAL_DOCUMENT"))
        return vectors

    def embed_query(self, text: str) -> Vector:
        return self._embed([text], task_type="RETRIEVAL_QUERY")[0]

    def _embed(self, batch: list[str], *, task_type: str) -> list[Vector]:
        config = types.EmbedContentConfig(
            output_dimensionality=self.dimensions, task_type=task_type
        )
        contents: list[types.ContentUnion] = list(batch)  # one string per request
        try:
            result = self._client.models.embed_content(
                model=self.model,
                contents=contents,
                config=config,
            )
        except _TRANSPORT_ERRORS as exc:
            message, retryable = describe_failure(exc, self.options, model=self.model)
            logger.warning("gemini embed failed: %s", self.options.redact(repr(exc)))
            raise EmbedderError(message, retryable=retryable) from None
        embeddings = result.embeddings or []
        if len(embeddings) != len(batch):
            raise EmbedderError(
                EMBED_COUNT_MISMATCH.format(actual=len(embeddings), expected=len(batch)),
                retryable=True,
            )
        return [self._unit(e.values or []) for e in embeddings]

    def _unit(self, values: list[float]) -> Vector:
        """L2-normalised: truncated (MRL) Gemini vectors are not unit length."""
        if len(values) != self.dimensions:
            raise EmbedderError(
                EMBED_DIMENSION_MISMATCH.format(
                    model=self.model, actual=len(values), expected=self.dimensions
                )
            )
        norm = math.sqrt(sum(x * x for x in values))
        if norm == 0:
            raise EmbedderError(EMBED_ZERO_VECTOR)
        return [x / norm for x in values]
