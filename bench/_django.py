"""Shared set-up for bench scripts: Django on the project settings, embedded services up.

The services this process starts are stopped when it exits (normally, on an error, Ctrl-C or
SIGTERM); ones that were already running stay up.
"""

import atexit
import contextlib
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_services = contextlib.ExitStack()


def setup() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ragsite.settings")
    os.environ.setdefault("DEBUG", "1")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from ragsite import embedded

    # Scripts call setup() at import time, so the stop runs at interpreter exit.
    _services.enter_context(embedded.services_running())
    atexit.register(_services.close)
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", interactive=False, verbosity=0)  # a fresh clone has no tables yet
