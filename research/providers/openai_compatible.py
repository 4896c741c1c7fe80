"""A research provider for any server speaking the OpenAI Chat Completions API (Ollama, vLLM,
llama.cpp, LM Studio, …). The only module importing `openai`.

It asks for the answer schemas of `prompts.py` as `response_format` JSON schema; a request the
server rejects (HTTP 400/422) is asked again in JSON mode with the schema in the system prompt,
and when that works the provider keeps JSON mode (LLM_STRUCTURED_OUTPUT fixes either mode).
Either way `structured.StructuredProvider` validates the answer against the same schema, repairs
once, then fails clearly.

Transport retries (408, 409, 429 honouring Retry-After, 5xx, timeouts, cut connections) belong
to the client's `max_retries`; what is left is mapped to `ProviderError`. No message ever
contains the API key.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from urllib.parse import urlsplit

import openai
from openai.types.chat import ChatCompletion
from openai.types.shared_params import ResponseFormatJSONObject, ResponseFormatJSONSchema
from pydantic import BaseModel

from research.contracts import Usage
from research.errors import ProviderError
from research.providers import prompts
from research.providers.structured import Generation, StructuredProvider

logger = logging.getLogger(__name__)

JSON_SCHEMA, JSON_OBJECT, AUTO = "json_schema", "json_object", "auto"
STRUCTURED_MODES = (AUTO, JSON_SCHEMA, JSON_OBJECT)
NO_KEY = "not-needed"  # the client insists on a key; local servers ignore it

NO_BASE_URL = (
    "LLM_BASE_URL is not set; point it at your OpenAI-compatible server "
    "(e.g. http://localhost:11434/v1 for Ollama) or use another provider."
)
NO_MODEL = "LLM_MODEL is not set; name a model your server serves (`manage.py doctor` lists them)."
BAD_MODE = "LLM_STRUCTURED_OUTPUT must be one of auto, json_schema, json_object (given {mode!r})."
RATE_LIMITED = (
    "The model server at {host} is rate-limiting requests (HTTP 429) and {attempts} attempts "
    "failed; wait a minute and try again."
)
SERVER_FAILED = (
    "The model server at {host} failed (HTTP {code}) and {attempts} attempts failed; "
    "try again shortly."
)
TIMED_OUT = (
    "The model server at {host} did not answer within {timeout_s:g} s ({attempts} attempts); "
    "raise LLM_TIMEOUT_S for a slow model, or try again."
)
CUT_OFF = (
    "The model server at {host} closed the connection before its answer ended "
    "({attempts} attempts); check the server's log and try again."
)
UNREACHABLE = "Could not reach the model server at {host}; check that it runs and LLM_BASE_URL."
KEY_REJECTED = "The model server at {host} rejected the API key (HTTP {code}); check LLM_API_KEY."
MODEL_NOT_FOUND = (
    "The model server at {host} does not serve the model {model!r} (HTTP 404); pull it there or "
    "change LLM_MODEL (`manage.py doctor` lists the models it serves)."
)
REQUEST_REJECTED = "The model server at {host} rejected the request (HTTP {code}): {detail}"
OUTPUT_INVALID = (
    "The model's answer for the {step} step did not match the expected format, even after one "
    "retry; try a stronger model or the offline provider."
)
OUTPUT_WITHHELD = (
    "The model returned no usable answer for the {step} step ({reason}), even after one retry; "
    "try again, a stronger model or the offline provider."
)
BODY_CUT = "the server's response ended before its JSON did"
MODELS_UNLISTED = (
    "The model server at {host} did not list its models (GET /models: {reason}); "
    "check that it runs and LLM_BASE_URL."
)


@dataclass(frozen=True)
class ServerOptions:
    """Where the server is and how patiently to talk to it."""

    base_url: str
    model: str
    api_key: str = ""
    timeout_s: float = 120.0
    attempts: int = 3
    structured_output: str = AUTO

    @classmethod
    def from_settings(cls) -> ServerOptions:
        from django.conf import settings

        return cls(
            base_url=settings.LLM_BASE_URL,
            model=settings.LLM_MODEL,
            api_key=settings.LLM_API_KEY,
            timeout_s=float(settings.LLM_TIMEOUT_S),
            attempts=int(settings.LLM_ATTEMPTS),
            structured_output=settings.LLM_STRUCTURED_OUTPUT,
        )

    @property
    def host(self) -> str:
        """host[:port] of the base URL, without any user:password part."""
        parts = urlsplit(self.base_url)
        return f"{parts.hostname}:{parts.port}" if parts.port else parts.hostname or "?"

    def client(
        self, *, attempts: int | None = None, timeout_s: float | None = None
    ) -> openai.OpenAI:
        return openai.OpenAI(
            base_url=self.base_url,
            api_key=self.api_key or NO_KEY,
            timeout=timeout_s or self.timeout_s,
            max_retries=max((attempts or self.attempts) - 1, 0),
        )

    def redact(self, text: str) -> str:
        return text.replace(self.api_key, "[redacted]") if self.api_key else text


def describe_failure(exc: Exception, options: ServerOptions) -> tuple[str, bool]:
    """A user sentence and retryability for a failure left after the client's retries."""
    host, attempts = options.host, options.attempts
    if isinstance(exc, openai.APITimeoutError):
        return TIMED_OUT.format(host=host, timeout_s=options.timeout_s, attempts=attempts), True
    if isinstance(exc, openai.APIConnectionError):
        cause = type(exc.__cause__).__name__
        if cause in ("RemoteProtocolError", "ReadError"):
            return CUT_OFF.format(host=host, attempts=attempts), True
        return UNREACHABLE.format(host=host), True
    if isinstance(exc, openai.APIStatusError):
        code = exc.status_code
        if code == 429:
            return RATE_LIMITED.format(host=host, attempts=attempts), True
        if code == 408:
            return TIMED_OUT.format(host=host, timeout_s=options.timeout_s, attempts=attempts), True
        if code >= 500:
            return SERVER_FAILED.format(host=host, code=code, attempts=attempts), True
        if code in (401, 403):
            return KEY_REJECTED.format(host=host, code=code), False
        if code == 404:
            return MODEL_NOT_FOUND.format(host=host, model=options.model), False
        detail = options.redact(exc.message)[:300]
        return REQUEST_REJECTED.format(host=host, code=code, detail=detail), False
    return UNREACHABLE.format(host=host), True


def json_schema_format(schema: type[BaseModel]) -> ResponseFormatJSONSchema:
    """`response_format` asking for `schema`; not strict, which wants every field required."""
    return {
        "type": "json_schema",
        "json_schema": {
            "name": schema.__name__,
            "schema": schema.model_json_schema(),
            "strict": False,
        },
    }


class OpenAICompatibleProvider(StructuredProvider):
    """ResearchProvider over Chat Completions structured output (or JSON mode)."""

    name = "openai_compatible"
    output_invalid = OUTPUT_INVALID
    output_withheld = OUTPUT_WITHHELD

    def __init__(self, options: ServerOptions) -> None:
        if not options.base_url:
            raise ProviderError(NO_BASE_URL)
        if not options.model:
            raise ProviderError(NO_MODEL)
        if options.structured_output not in STRUCTURED_MODES:
            raise ProviderError(BAD_MODE.format(mode=options.structured_output))
        self.options = options
        self.model = options.model
        self.label = f"{options.model} at {options.host}"
        # AUTO starts with JSON schema and settles on JSON mode if the server rejects it.
        self.mode = JSON_OBJECT if options.structured_output == JSON_OBJECT else JSON_SCHEMA
        self._client = options.client()

    @classmethod
    def from_settings(cls) -> OpenAICompatibleProvider:
        return cls(ServerOptions.from_settings())

    def _generate(self, system: str, prompt: str, schema: type[BaseModel]) -> Generation:
        try:
            response = self._call(system, prompt, schema)
        except openai.OpenAIError as exc:
            raise self._failure(exc) from None
        except ValueError:  # a 200 whose JSON body is cut short: let the repair ask again
            logger.warning("%s sent a truncated response body", self.options.host)
            return Generation(text="", usage=Usage(calls=1), withheld=BODY_CUT)
        return _generation(response)

    def _call(self, system: str, prompt: str, schema: type[BaseModel]) -> ChatCompletion:
        """In auto mode, a request the server rejects is asked again in JSON mode; if that
        works, the server lacks JSON-schema output and JSON mode is kept from then on."""
        try:
            return self._complete(system, prompt, schema, mode=self.mode)
        except (openai.BadRequestError, openai.UnprocessableEntityError) as exc:
            if not (self.mode == JSON_SCHEMA and self.options.structured_output == AUTO):
                raise
            code = exc.status_code
        response = self._complete(system, prompt, schema, mode=JSON_OBJECT)
        logger.warning("%s rejected JSON-schema output (HTTP %s); using JSON mode", self.name, code)
        self.mode = JSON_OBJECT
        return response

    def _complete(
        self, system: str, prompt: str, schema: type[BaseModel], *, mode: str
    ) -> ChatCompletion:
        response_format: ResponseFormatJSONSchema | ResponseFormatJSONObject
        if mode == JSON_SCHEMA:
            response_format = json_schema_format(schema)
        else:
            response_format = {"type": "json_object"}
            system = f"{system}\n{prompts.schema_instruction(schema)}"
        return self._client.chat.completions.create(
            model=self.model,
            messages=[
                {"role": "system", "content": system},
                {"role": "user", "content": prompt},
            ],
            response_format=response_format,
            temperature=0.2,
        )

    def _failure(self, exc: Exception) -> ProviderError:
        message, retryable = describe_failure(exc, self.options)
        logger.warning("%s call failed: %s", self.name, self.options.redact(repr(exc)))
        return ProviderError(message, retryable=retryable)


def _generation(response: ChatCompletion) -> Generation:
    """Text, usage and, when there is no text, why."""
    usage = response.usage
    input_tokens = usage.prompt_tokens if usage else 0
    output_tokens = usage.completion_tokens if usage else 0
    # A server that prices its answers (OpenRouter does) adds `cost`; local ones report none.
    cost = getattr(usage, "cost", None)
    reply_usage = Usage(
        calls=1,
        input_tokens=input_tokens,
        output_tokens=output_tokens,
        cost_usd=round(float(cost), 6) if isinstance(cost, int | float) else 0.0,
    )
    if not response.choices:
        return Generation(text="", usage=reply_usage, model=response.model, withheld="no choices")
    choice = response.choices[0]
    text = choice.message.content or ""
    withheld = ""
    if not text.strip():
        if choice.message.refusal:
            withheld = f"refused: {choice.message.refusal[:200]}"
        elif choice.finish_reason not in (None, "stop"):
            withheld = f"finish reason {choice.finish_reason}"
        else:
            withheld = "empty answer"
    return Generation(text=text, usage=reply_usage, model=response.model, withheld=withheld)


def model_listed(model: str, models: list[str]) -> bool:
    """Is `model` among the served `models`? Ollama lists an untagged model as `<name>:latest`."""
    return model in models or f"{model}:latest" in models


def served_models(options: ServerOptions, *, timeout_s: float = 5.0) -> list[str]:
    """Model ids from GET {base}/models; ProviderError(MODELS_UNLISTED) when that fails."""
    client = options.client(attempts=1, timeout_s=timeout_s)
    try:
        return sorted(model.id for model in client.models.list())
    except openai.APIStatusError as exc:
        reason = f"HTTP {exc.status_code}"
    except openai.APITimeoutError:
        reason = f"no answer within {timeout_s:g} s"
    except openai.OpenAIError:
        reason = "unreachable"
    raise ProviderError(MODELS_UNLISTED.format(host=options.host, reason=reason))


def structured_output_supported(options: ServerOptions) -> tuple[bool, str]:
    """(supported, detail): one tiny call asking for a JSON schema answer; ProviderError when
    the call fails for another reason."""

    class Probe(BaseModel):
        ok: bool

    client = options.client(attempts=1)
    try:
        response = client.chat.completions.create(
            model=options.model,
            messages=[{"role": "user", "content": 'Answer with the JSON object {"ok": true}.'}],
            response_format=json_schema_format(Probe),
            max_tokens=20,
            temperature=0,
        )
    except (openai.BadRequestError, openai.UnprocessableEntityError) as exc:
        return False, f"the server rejects JSON-schema output (HTTP {exc.status_code})"
    except openai.OpenAIError as exc:
        raise ProviderError(describe_failure(exc, options)[0]) from None
    text = response.choices[0].message.content if response.choices else ""
    try:
        Probe.model_validate_json(text or "")
    except ValueError:
        return False, "the server accepted a JSON schema but did not follow it"
    return True, "JSON-schema structured output works"
