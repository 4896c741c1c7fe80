"""Reads of corpora and documents, always filtered by what the user may see."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, Group
from django.contrib.postgres.search import SearchQuery, TrigramSimilarity
from django.db.models import CharField, Count, Exists, F, Func, OuterRef, Q, QuerySet, Value
from django.db.models.functions import Lower, Trim

from corpora.models import Chunk, Corpus, Document, Page
from corpora.search import user_sees_all


def corpora_visible(*, user: AbstractBaseUser | AnonymousUser) -> QuerySet[Corpus]:
    """The same rule as the `visible` CTE of search.SQL: public, owned, or a shared group."""
    if not user.is_authenticated:
        return Corpus.objects.none()
    if user_sees_all(user):
        return Corpus.objects.all()
    shared = Corpus.groups.through.objects.filter(corpus_id=OuterRef("pk"), group__user=user)
    return Corpus.objects.filter(Q(is_public=True) | Q(owner=user) | Exists(shared))


def titles_naming(
    *, user: AbstractBaseUser | AnonymousUser, corpus_ids: list[int], names: list[str]
) -> set[str]:
    """Those of `names` (lower-cased) that are the title of a ready document the user may read,
    exactly or before a parenthesised qualifier ("Groundhog Day (film)")."""
    wanted = _lowered(names)
    if not wanted:
        return set()
    heads = _ready_titles(user, corpus_ids).annotate(head=_head("title", " ("))
    return set(heads.filter(head__in=wanted).values_list("head", flat=True))


def documents_titled(
    *, user: AbstractBaseUser | AnonymousUser, corpus_ids: list[int], names: list[str]
) -> dict[str, tuple[int, int]]:
    """For each of `names` (lower-cased) that titles a ready document the user may read, that
    document's (id, corpus id): the title whole, or before a qualifier in parentheses or after
    a comma ("Christies Beach, South Australia")."""
    wanted = _lowered(names)
    if not wanted:
        return {}
    docs = _ready_titles(user, corpus_ids).annotate(
        paren=_head("title", " ("), comma=_head("title", ",")
    )
    out: dict[str, tuple[int, int]] = {}
    rows = docs.filter(Q(paren__in=wanted) | Q(comma__in=wanted)).order_by("pk")
    for paren, comma, pk, corpus_id in rows.values_list("paren", "comma", "pk", "corpus_id"):
        out.setdefault(paren if paren in wanted else comma, (pk, corpus_id))
    return out


def _lowered(names: list[str]) -> set[str]:
    return {" ".join(n.lower().split()) for n in names if n.strip()}


NEAR_TITLE_SIMILARITY = 0.5


def titles_near(
    *, user: AbstractBaseUser | AnonymousUser, corpus_ids: list[int], name: str, limit: int = 5
) -> list[str]:
    """Titles of ready documents the user may read spelled most like `name` (trigram
    similarity), best first: where a goal's misspelled name may be read."""
    if not name.strip():
        return []
    near = (
        _ready_titles(user, corpus_ids)
        .annotate(sim=TrigramSimilarity("title", name))
        .filter(sim__gte=NEAR_TITLE_SIMILARITY)
        .order_by("-sim", "pk")
    )
    return list(dict.fromkeys(near.values_list("title", flat=True)[:limit]))


def _ready_titles(user: AbstractBaseUser | AnonymousUser, corpus_ids: list[int]) -> QuerySet:
    return Document.objects.filter(
        corpus__in=corpora_visible(user=user).filter(pk__in=corpus_ids),
        status=Document.Status.READY,
    )


def _head(field: str, separator: str) -> Trim:
    """The lower-cased part of `field` before `separator` (all of it when absent)."""
    part = Func(F(field), Value(separator), Value(1), function="split_part")
    return Trim(Lower(part, output_field=CharField()))


def corpus_get_for(*, user: AbstractBaseUser | AnonymousUser, slug: str) -> Corpus | None:
    return corpora_visible(user=user).filter(slug=slug).first()


def document_get_for(
    *, user: AbstractBaseUser | AnonymousUser, document_id: int
) -> Document | None:
    return (
        Document.objects.filter(pk=document_id, corpus__in=corpora_visible(user=user))
        .select_related("corpus")
        .first()
    )


def page_get_for(
    *, user: AbstractBaseUser | AnonymousUser, document_id: int, number: int
) -> Page | None:
    return (
        Page.objects.filter(
            document_id=document_id, number=number, document__corpus__in=corpora_visible(user=user)
        )
        .select_related("document", "document__corpus")
        .first()
    )


def document_chunk_counts(
    *, user: AbstractBaseUser | AnonymousUser, document_ids: list[int], corpus_ids: list[int]
) -> dict[int, int]:
    """Chunks per ready document the user may read in these corpora."""
    rows = (
        Chunk.objects.filter(
            document_id__in=document_ids,
            corpus__in=corpora_visible(user=user).filter(pk__in=corpus_ids),
            document__status=Document.Status.READY,
        )
        .values("document_id")
        .annotate(n=Count("pk"))
    )
    return {r["document_id"]: r["n"] for r in rows}


def chunks_get_for(
    *, user: AbstractBaseUser | AnonymousUser, chunk_ids: list[int]
) -> dict[int, Chunk]:
    rows = Chunk.objects.filter(pk__in=chunk_ids, corpus__in=corpora_visible(user=user))
    return {c.pk: c for c in rows.select_related("document")}


def user_can_manage(*, user: AbstractBaseUser | AnonymousUser, corpus: Corpus) -> bool:
    """The corpus's owner and staff: they change its settings and any of its documents."""
    return bool(
        user.is_authenticated and (user.is_staff or user.is_superuser or corpus.owner_id == user.pk)
    )


def user_can_upload(*, user: AbstractBaseUser | AnonymousUser, corpus: Corpus) -> bool:
    """Managers, and members of the corpus's groups; a public corpus is read-only to others."""
    return user_can_manage(user=user, corpus=corpus) or (
        user.is_authenticated and corpus.groups.filter(user=user).exists()
    )


def user_can_change_document(*, user: AbstractBaseUser | AnonymousUser, document: Document) -> bool:
    """Who may retitle, re-ingest or delete a document: its uploader, or a corpus manager."""
    own = user.is_authenticated and document.uploaded_by_id == user.pk
    return own or user_can_manage(user=user, corpus=document.corpus)


def user_can_create_corpus(*, user: AbstractBaseUser | AnonymousUser) -> bool:
    """Any logged-in user, or only staff when settings.CORPUS_CREATE_STAFF_ONLY."""
    staff_only = settings.CORPUS_CREATE_STAFF_ONLY
    return bool(user.is_authenticated and (user.is_staff or not staff_only))


def groups_grantable(*, user: AbstractBaseUser | AnonymousUser) -> QuerySet[Group]:
    """The groups the user may give (or take) access to a corpus: their own; staff any."""
    if not user.is_authenticated:
        return Group.objects.none()
    groups = Group.objects.all() if user.is_staff else Group.objects.filter(user=user)
    return groups.order_by("name")


def documents_of_corpus(*, corpus: Corpus, document_ids: list[int]) -> dict[int, Document]:
    """Those of `document_ids` that are in `corpus` (which the caller has checked the user sees)."""
    return {d.pk: d for d in corpus.documents.filter(pk__in=document_ids)}


def chunks_around(
    *, user: AbstractBaseUser | AnonymousUser, chunk_id: int, corpus_ids: list[int], reach: int
) -> list[Chunk]:
    """The chunks of `chunk_id`'s document within `reach` places of it, in order: a section
    read whole. Empty unless the user may read the document and it is ready and in scope."""
    visible = corpora_visible(user=user).filter(pk__in=corpus_ids)
    centre = Chunk.objects.filter(
        pk=chunk_id, corpus__in=visible, document__status=Document.Status.READY
    ).first()
    if centre is None:
        return []
    return list(
        Chunk.objects.filter(
            document_id=centre.document_id,
            corpus__in=visible,
            ordinal__gte=centre.ordinal - reach,
            ordinal__lte=centre.ordinal + reach,
        ).order_by("ordinal")
    )


def chunks_naming(
    *, user: AbstractBaseUser | AnonymousUser, corpus_ids: list[int], phrases: list[str], limit: int
) -> list[Chunk]:
    """Ready chunks the user may read in these corpora that hold one of `phrases` (a stemmed
    phrase match through the full-text index: the caller reads the words as written), the
    earliest in their documents first, where a document introduces what it names."""
    wanted = [p for p in dict.fromkeys(phrases) if p.strip()]
    if not wanted or not corpus_ids:
        return []
    query = SearchQuery(wanted[0], search_type="phrase", config="english")
    for phrase in wanted[1:]:
        query |= SearchQuery(phrase, search_type="phrase", config="english")
    visible = corpora_visible(user=user).filter(pk__in=corpus_ids)
    rows = Chunk.objects.filter(corpus__in=visible, document__status=Document.Status.READY)
    return list(rows.filter(search=query).order_by("ordinal", "pk")[:limit])
