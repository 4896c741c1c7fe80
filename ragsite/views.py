from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ragsite.health import FAIL, run_checks
from research.examples import examples_for


@login_required
def home(request: HttpRequest) -> HttpResponse:
    """Start page: the main actions, and example goals over the demo corpora the user sees."""
    return render(request, "home.html", {"examples": examples_for(user=request.user)})


@require_GET
def health(request: HttpRequest) -> HttpResponse:
    """Per-component status; 503 when a required component fails. Names no secrets."""
    checks = run_checks()
    status = 503 if any(c.status == FAIL for c in checks) else 200
    if request.GET.get("format") == "json":
        return JsonResponse({"checks": [c.as_dict() for c in checks]}, status=status)
    return render(request, "health.html", {"checks": checks}, status=status)


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
