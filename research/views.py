"""HTTP for research: scope a run, watch it, list runs, cancel, export. Views only translate."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.dateparse import parse_date
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from corpora.selectors import corpora_visible
from research import exports
from research.compare import compare_rows
from research.forms import ScopeForm, provider_label
from research.models import ResearchRun
from research.run_page import RunPage, page_context
from research.selectors import RunFilter, run_get_for, run_owners_for, runs_filtered
from research.services import run_cancel, run_start

RUNS_PER_PAGE = 20
EXPORTS = {
    "md": ("text/markdown; charset=utf-8", "md"),
    "pdf": ("application/pdf", "pdf"),
    "json": ("application/json", "json"),
}


def _run_or_404(request: HttpRequest, run_id: int) -> ResearchRun:
    run = run_get_for(user=request.user, run_id=run_id)
    if run is None:
        raise Http404("No such run.")
    return run


@login_required
@require_http_methods(["GET", "POST"])
def run_new(request: HttpRequest) -> HttpResponse:
    """The scoping form (a GET may pre-fill it: ?goal=…&corpus=slug); a valid POST starts the
    run and opens its page."""
    form = ScopeForm(request.POST or None, user=request.user)
    if request.method == "POST":
        if form.is_valid():
            run = run_start(user=request.user, scope=form.to_scope())
            if request.htmx:
                return HttpResponseClientRedirect(run.get_absolute_url())
            return redirect(run)
        template = "research/run_new.html#scope_form" if request.htmx else "research/run_new.html"
        return render(request, template, _new_context(form), status=422)
    form.prefill(goal=request.GET.get("goal", ""), corpus_slugs=request.GET.getlist("corpus"))
    return render(request, "research/run_new.html", _new_context(form))


def _new_context(form: ScopeForm) -> dict[str, object]:
    return {"form": form, "provider": provider_label()}


@login_required
def run_detail(request: HttpRequest, run_id: int) -> HttpResponse:
    """The live run page; an htmx GET is the 2 s poll fallback (204 when nothing is new)."""
    run = _run_or_404(request, run_id)
    if request.htmx:
        after = request.GET.get("after", "")
        if after.isdigit() and run.last_seq <= int(after):
            return HttpResponse(status=204)
    page = RunPage.for_run(run)
    context = page_context(page, viewer=request.user)
    if request.htmx:
        return render(request, "research/run_detail.html#live", context)
    return render(request, "research/run_detail.html", context)


@login_required
@require_POST
def run_cancel_view(request: HttpRequest, run_id: int) -> HttpResponse:
    """Owner only: others get 404, like for any run they may not touch."""
    run = _run_or_404(request, run_id)
    if run.owner_id != request.user.pk:
        raise Http404("No such run.")
    run_cancel(run=run)
    run.refresh_from_db()
    if request.htmx:
        page = RunPage.for_run(run)
        return render(
            request, "research/run_detail.html#status", page_context(page, viewer=request.user)
        )
    return redirect(run)


def _date(value: str) -> dt.date | None:
    try:
        return parse_date(value)
    except ValueError:  # well formed but impossible, e.g. 2026-02-31
        return None


def _run_filter(request: HttpRequest) -> RunFilter:
    """The list's filters from the query string; a value that does not parse filters nothing."""
    get = {k: request.GET.get(k, "").strip() for k in ("q", "status", "corpus", "owner")}
    return RunFilter(
        q=get["q"],
        status=get["status"],
        corpus_id=int(get["corpus"]) if get["corpus"].isdigit() else None,
        owner_id=int(get["owner"]) if get["owner"].isdigit() and request.user.is_staff else None,
        created_from=_date(request.GET.get("from", "").strip()),
        created_to=_date(request.GET.get("to", "").strip()),
    )


@login_required
def run_list(request: HttpRequest) -> HttpResponse:
    """The user's runs (staff: others' too), filtered by goal text, status, corpus, owner and
    date range; paginated; each run offers to compare with the previous run of its goal."""
    filters = _run_filter(request)
    page = Paginator(runs_filtered(user=request.user, filters=filters), RUNS_PER_PAGE)
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "runs": page.get_page(request.GET.get("page")),
        "statuses": ResearchRun.Status.choices,
        "corpora": corpora_visible(user=request.user).order_by("name"),
        "owners": run_owners_for(user=request.user) if request.user.is_staff else [],
        "filters": filters,
        "query": query.urlencode(),
    }
    template = "research/run_list.html#runs_table" if request.htmx else "research/run_list.html"
    return render(request, template, context)


@login_required
def run_compare(request: HttpRequest) -> HttpResponse:
    """Two runs side by side, part by part (?a=<id>&b=<id>); 404 unless the user sees both."""
    ids = [request.GET.get(k, "") for k in ("a", "b")]
    if not any(ids):  # nothing picked yet: runs are picked from the list
        return redirect("research:runs")
    if not all(i.isdigit() for i in ids):
        raise Http404("No such run.")
    a, b = (_run_or_404(request, int(i)) for i in ids)
    context = {"a": a, "b": b, "rows": compare_rows(a, b, viewer=request.user)}
    return render(request, "research/run_compare.html", context)


@login_required
def run_export(request: HttpRequest, run_id: int, fmt: str) -> HttpResponse:
    """Markdown, PDF or the JSON trace, as a download."""
    if fmt not in EXPORTS:
        raise Http404("Unknown export format.")
    run = _run_or_404(request, run_id)
    body: str | bytes
    if fmt == "md":
        body = exports.dossier_markdown(run)
    elif fmt == "pdf":
        body = exports.dossier_pdf(run)
    else:
        body = exports.events_json(run)
    content_type, ext = EXPORTS[fmt]
    response = HttpResponse(body, content_type=content_type)
    name = f"dossier-run-{run.pk}.{ext}" if fmt != "json" else f"run-{run.pk}-trace.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
