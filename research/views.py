from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from research.selectors import run_get_for, runs_for


@login_required
def run_list(request: HttpRequest) -> HttpResponse:
    return render(request, "research/run_list.html", {"runs": runs_for(user=request.user)})


@login_required
def run_detail(request: HttpRequest, run_id: int) -> HttpResponse:
    run = run_get_for(user=request.user, run_id=run_id)
    if run is None:
        raise Http404
    return render(request, "research/run_detail.html", {"run": run})
