"""The Celery application: configured from Django settings (the CELERY_ names)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "campaign.settings")

app = Celery("warpost")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
