"""The Celery application: configured from Django settings (the CELERY_ names)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "campaign.settings")

app = Celery("warpost")
app.config_from_object("django.conf:settings", namespace="CELERY")
# A worker imports the tasks of these packages: tasks live in their domain package, not at an
# app's root, so a package with a tasks module is named here.
app.autodiscover_tasks(["campaign.turns", "campaign.notifications"])
