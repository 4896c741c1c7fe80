"""A URLconf for tests only: the project's routes plus one view that fails, to see the 500 page.

Production URLs never hold a view that raises on purpose; tests swap this in with
`override_settings(ROOT_URLCONF="tests.error_urls")`.
"""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from ragsite.urls import urlpatterns as project_urlpatterns

INTERNAL_DETAIL = "cache shard 7 at /srv/internal/dossier refused the write"


def explode(request: HttpRequest) -> HttpResponse:
    raise RuntimeError(INTERNAL_DETAIL)


urlpatterns = [path("test-only/explode/", explode), *project_urlpatterns]
