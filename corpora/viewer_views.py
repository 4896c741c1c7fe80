"""HTTP for the page viewer: a document page's text with a quote marked, its image, a
document's first page. A page the user may not see is a 404.
"""

from __future__ import annotations

import pymupdf
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from corpora.extraction import PDF
from corpora.page_text import quote_span, reflow
from corpora.selectors import document_get_for, page_get_for

PAGE_IMAGE_DPI = 110
QUOTE_NOT_ON_PAGE = "The quoted passage was not found on this page."


@login_required
@require_GET
def page_view(request: HttpRequest, document_id: int, number: int) -> HttpResponse:
    page = page_get_for(user=request.user, document_id=document_id, number=number)
    if page is None:
        raise Http404("No such page.")
    document = page.document
    quote = " ".join(request.GET.get("q", "").split())[:5000]
    span = quote_span(page.text, quote) if quote else None
    start, end = span or (len(page.text), len(page.text))
    text = reflow(page.text)  # same length as page.text: the span's offsets still apply
    context = {
        "document": document,
        "corpus": document.corpus,
        "page": page,
        "quote": quote,
        "before": text[:start],
        "marked": text[start:end],
        "after": text[end:],
        "quote_missing": QUOTE_NOT_ON_PAGE if quote and span is None else "",
        "previous": number - 1 if number > 1 else None,
        "next": number + 1 if number < document.page_count else None,
        "has_image": document.mime_type == PDF,
    }
    return render(request, "corpora/page.html", context)


@login_required
@require_GET
def page_image(request: HttpRequest, document_id: int, number: int) -> HttpResponse:
    """Page `number` of the stored PDF as a PNG; other formats have no image."""
    document = document_get_for(user=request.user, document_id=document_id)
    if document is None or document.mime_type != PDF or not document.file:
        raise Http404("No page image.")
    try:
        with document.file.open("rb") as fh:
            data = fh.read()
        pdf = pymupdf.open(stream=data, filetype="pdf")
    except (OSError, ValueError, RuntimeError) as exc:
        raise Http404("No page image.") from exc
    try:
        if not 1 <= number <= pdf.page_count:
            raise Http404("No such page.")
        png = pdf[number - 1].get_pixmap(dpi=PAGE_IMAGE_DPI).tobytes("png")
    finally:
        pdf.close()
    response = HttpResponse(png, content_type="image/png")
    response["Cache-Control"] = "private, max-age=3600"
    return response


@login_required
@require_GET
def document_open(request: HttpRequest, document_id: int) -> HttpResponse:
    """A document's first page: where a document title links."""
    document = document_get_for(user=request.user, document_id=document_id)
    if document is None:
        raise Http404("No such document.")
    return redirect(reverse("corpora:page", args=[document.pk, 1]))
