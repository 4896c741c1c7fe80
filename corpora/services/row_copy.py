"""Chunk and embedding-cache rows written with PostgreSQL's binary COPY.

`bulk_create` builds one parameter per column per row and sends vectors as text: for a few
hundred 384-d chunks that cost more than the embedder's own time saved by batching
(bench/ingest.py). COPY streams the rows, vectors as pgvector's binary float32 form. The
vector type is registered on the cursor only, so no other query of the connection changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.db import connection, transaction
from pgvector.psycopg.vector import register_vector_info
from psycopg.types import TypeInfo

from corpora.models import Chunk, EmbeddingCache

Row = tuple[object, ...]

# Column and PostgreSQL type, in the order each row gives its values.
CHUNK_COLUMNS: tuple[tuple[str, str], ...] = (
    ("document_id", "int8"),
    ("corpus_id", "int8"),
    ("ordinal", "int4"),
    ("title", "text"),
    ("section", "text"),
    ("text", "text"),
    ("page_start", "int4"),
    ("page_end", "int4"),
    ("char_start", "int4"),
    ("char_end", "int4"),
    ("page_breaks", "jsonb"),
    ("content_hash", "text"),
    ("embedding", "vector"),
)
_CACHE_COLUMNS = (("embedder", "text"), ("content_hash", "text"), ("embedding", "vector"))


def _copy(table: str, columns: Sequence[tuple[str, str]], rows: Iterable[Row]) -> None:
    """COPY `rows` into `table` over Django's connection (inside its current transaction)."""
    connection.ensure_connection()
    raw = connection.connection
    names = ", ".join(name for name, _ in columns)
    with raw.cursor() as cursor:
        register_vector_info(cursor, TypeInfo.fetch(raw, "vector"))
        with cursor.copy(f"COPY {table} ({names}) FROM STDIN WITH (FORMAT BINARY)") as copy:
            copy.set_types([kind for _, kind in columns])
            for row in rows:
                copy.write_row(row)


def chunks_copy(rows: Iterable[Row]) -> None:
    """Insert chunk rows, each a tuple in CHUNK_COLUMNS order."""
    _copy(Chunk._meta.db_table, CHUNK_COLUMNS, rows)


def cache_copy(embedder: str, pairs: Sequence[tuple[str, list[float]]]) -> None:
    """Cache (hash, vector) pairs; a hash another worker cached meanwhile is left as it is.

    COPY cannot skip conflicts, so the rows go through a temporary table first; an error
    rolls its creation back with the rest.
    """
    table = EmbeddingCache._meta.db_table
    names = ", ".join(name for name, _ in _CACHE_COLUMNS)
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            "CREATE TEMPORARY TABLE cache_incoming (embedder text, content_hash text, "
            "embedding vector)"
        )
        _copy("cache_incoming", _CACHE_COLUMNS, ((embedder, h, v) for h, v in pairs))
        cursor.execute(
            f"INSERT INTO {table} ({names}) SELECT {names} FROM cache_incoming "
            "ON CONFLICT DO NOTHING"
        )
        cursor.execute("DROP TABLE cache_incoming")  # a savepoint's commit would not drop it
