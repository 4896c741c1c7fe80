from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from ragsite.health import FAIL, run_checks
from ragsite.home import home_context
from research.examples import example_scope
from research.services import run_start


@login_required
def home(request: HttpRequest) -> HttpResponse:
    """Start page: the user's latest runs, their corpora, and examples that start a run."""
    return render(request, "home.html", home_context(user=request.user))


@login_required
@require_POST
def example_start(request: HttpRequest, number: int) -> HttpResponse:
    """Start example `number` over its corpora and open the run; 404 if the user may not."""
    scope = example_scope(user=request.user, number=number)
    if scope is None:
        raise Http404("No such example.")
    return redirect(run_start(user=request.user, scope=scope))


@require_GET
def health(request: HttpRequest) -> HttpResponse:
    """Per-component status for monitoring (no login), 503 when a required component fails.
    Only staff see versions, paths and fixes; no one sees a secret."""
    checks = run_checks()
    status = 503 if any(c.status == FAIL for c in checks) else 200
    full = request.user.is_staff
    if request.GET.get("format") == "json":
        rows = [c.as_dict() if full else c.as_public_dict() for c in checks]
        return JsonResponse({"checks": rows}, status=status)
    shown = checks if full else [c.as_public_dict() for c in checks]
    return render(request, "health.html", {"checks": shown, "full": full}, status=status)


def admin_view_on_site(request: HttpRequest, content_type_id: str, object_id: str) -> HttpResponse:
    """Admin's "view on site" redirect, but only for objects the staff member may view in the
    admin: the stock one redirects to any object's URL and so reveals e.g. a corpus slug."""
    from django.contrib import admin
    from django.contrib.contenttypes.models import ContentType
    from django.contrib.contenttypes.views import shortcut

    if not content_type_id.isdigit():
        raise Http404
    content_type = ContentType.objects.filter(pk=int(content_type_id)).first()
    model = content_type.model_class() if content_type else None
    model_admin = admin.site._registry.get(model) if model else None
    obj = model._default_manager.filter(pk=object_id).first() if model_admin else None
    if obj is None or not model_admin.has_view_permission(request, obj):
        raise Http404
    return shortcut(request, content_type_id, object_id)
