"""The Celery app: JSON only, late acks, one task at a time per process, two queues."""

import os

from celery import Celery
from kombu import Queue

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ragsite.settings")

app = Celery("ragsite")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.conf.task_queues = (Queue("ingest"), Queue("research"))
app.autodiscover_tasks()
