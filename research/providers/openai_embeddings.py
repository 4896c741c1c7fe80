"""Embeddings from the OpenAI-compatible server of `openai_compatible.py` (POST /embeddings).

The embedder's name carries its model (`openai_compatible:<model>`): a corpus stores that name,
so it keeps the model it was built with when LLM_EMBED_MODEL changes later, and the embedding
cache never mixes the vectors of two models. Vectors are checked against the corpus's dimension
by ingestion before anything is written (`corpora.embedders.check_dimensions`).
"""

from __future__ import annotations

import dataclasses
import logging
import math
from collections.abc import Sequence

import openai

from corpora.embedders import EmbedderError, Vector
from corpora.models import EMBEDDING_DIMENSIONS
from research.providers.openai_compatible import (
    NO_BASE_URL,
    ServerOptions,
    describe_failure,
)

logger = logging.getLogger(__name__)

NAME = "openai_compatible"
EMBED_BATCH_SIZE = 64

NO_EMBED_MODEL = (
    "LLM_EMBED_MODEL is not set; name an embedding model your server serves "
    "(e.g. nomic-embed-text; `manage.py doctor` lists them)."
)
EMBED_MODEL_NOT_FOUND = (
    "The model server at {host} does not serve the embedding model {model!r} (HTTP 404) this "
    "corpus is built with; pull it there (`manage.py doctor` lists the models it serves)."
)
DIMENSIONS_UNSUPPORTED = (
    "LLM_EMBED_DIMENSIONS is {given}, but chunks store {stored}-dimensional vectors; set it to "
    "{stored} (or leave it unset) and use an embedding model that gives vectors of that size."
)
EMBED_COUNT_MISMATCH = (
    "The model server at {host} returned {actual} embeddings for {expected} texts; try again."
)
EMBED_ZERO_VECTOR = "The model server at {host} returned an all-zero embedding; check the model."


def embedder_name(model: str) -> str:
    return f"{NAME}:{model}"


class OpenAICompatibleEmbedder:
    """corpora.embedders.Embedder over POST /embeddings; unit-length vectors.

    `send_dimensions` asks the server for `dimensions` vectors; many local servers reject that
    parameter, so it is sent only when LLM_EMBED_DIMENSIONS is set.
    """

    def __init__(
        self, options: ServerOptions, *, dimensions: int, send_dimensions: bool = False
    ) -> None:
        if not options.base_url:
            raise EmbedderError(NO_BASE_URL)
        if not options.model:
            raise EmbedderError(NO_EMBED_MODEL)
        self.options = options
        self.name = embedder_name(options.model)
        self.dimensions = dimensions
        self.send_dimensions = send_dimensions
        self._client = options.client()

    @classmethod
    def from_settings(cls, model: str = "") -> OpenAICompatibleEmbedder:
        """The configured server; `model` (a corpus's) wins over LLM_EMBED_MODEL."""
        from django.conf import settings

        options = dataclasses.replace(
            ServerOptions.from_settings(), model=model or settings.LLM_EMBED_MODEL
        )
        given = settings.LLM_EMBED_DIMENSIONS
        if given is not None and given != EMBEDDING_DIMENSIONS:
            raise EmbedderError(
                DIMENSIONS_UNSUPPORTED.format(given=given, stored=EMBEDDING_DIMENSIONS)
            )
        return cls(
            options,
            dimensions=given or EMBEDDING_DIMENSIONS,
            send_dimensions=given is not None,
        )

    def embed_documents(self, texts: Sequence[str]) -> list[Vector]:
        vectors: list[Vector] = []
        for start in range(0, len(texts), EMBED_BATCH_SIZE):
            vectors.extend(self._embed(list(texts[start : start + EMBED_BATCH_SIZE])))
        return vectors

    def embed_query(self, text: str) -> Vector:
        return self._embed([text])[0]

    def _embed(self, batch: list[str]) -> list[Vector]:
        try:
            response = self._client.embeddings.create(
                model=self.options.model,
                input=batch,
                encoding_format="float",  # the client's default (base64) is not universal
                **({"dimensions": self.dimensions} if self.send_dimensions else {}),
            )
        except openai.OpenAIError as exc:
            logger.warning("%s embed failed: %s", NAME, self.options.redact(repr(exc)))
            message, retryable = self._describe(exc)
            raise EmbedderError(message, retryable=retryable) from None
        host = self.options.host
        rows = sorted(response.data, key=lambda row: row.index)
        if len(rows) != len(batch):
            raise EmbedderError(
                EMBED_COUNT_MISMATCH.format(host=host, actual=len(rows), expected=len(batch)),
                retryable=True,
            )
        return [_unit(row.embedding, host) for row in rows]

    def _describe(self, exc: openai.OpenAIError) -> tuple[str, bool]:
        if isinstance(exc, openai.NotFoundError):
            return EMBED_MODEL_NOT_FOUND.format(
                host=self.options.host, model=self.options.model
            ), False
        return describe_failure(exc, self.options)


def _unit(vector: list[float], host: str) -> Vector:
    """Unit length, as cosine search and the cache expect, whether or not the server did it."""
    norm = math.sqrt(sum(x * x for x in vector))
    if norm == 0:
        raise EmbedderError(EMBED_ZERO_VECTOR.format(host=host))
    return [x / norm for x in vector]
