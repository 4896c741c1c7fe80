from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ragsite.health import FAIL, run_checks


@login_required
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


@require_GET
def health(request: HttpRequest) -> HttpResponse:
    """Per-component status; 503 when a required component fails. Names no secrets."""
    checks = run_checks()
    status = 503 if any(c.status == FAIL for c in checks) else 200
    if request.GET.get("format") == "json":
        return JsonResponse({"checks": [c.as_dict() for c in checks]}, status=status)
    return render(request, "health.html", {"checks": checks}, status=status)
