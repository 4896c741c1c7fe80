"""Shared set-up for bench scripts: Django on the project settings, embedded services up."""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def setup() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ragsite.settings")
    os.environ.setdefault("DEBUG", "1")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from ragsite import embedded

    embedded.services_start()
    import django

    django.setup()
