import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ragsite.settings")

application = get_asgi_application()

from django.conf import settings  # noqa: E402  (settings need the env var above)

if settings.DEVELOPMENT:
    # uvicorn serves no static files; in development Django does (STACK-NOTES §5). The handler
    # serves them whatever settings.DEBUG says, which `make run` keeps off (see settings).
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

    application = ASGIStaticFilesHandler(application)
else:
    # In production uvicorn still serves no static files: ServeStatic (WhiteNoise's ASGI
    # successor) serves what `collectstatic` put in STATIC_ROOT, read once at start-up.
    from servestatic import ServeStaticASGI

    application = ServeStaticASGI(
        application, root=settings.STATIC_ROOT, prefix=settings.STATIC_URL, max_age=3600
    )
