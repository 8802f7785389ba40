"""A Celery worker knows every task the beat schedule and the services send (A-2.0's
deadlines run the turn only if the worker can run what beat sends it)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

# A fresh interpreter, as a worker starts: nothing imported yet but the Celery app, which
# then loads its tasks the way `celery -A campaign worker` does.
WORKER_VIEW = """
import json, django
django.setup()
from django.conf import settings
from campaign.celery import app
app.loader.import_default_modules()
print(json.dumps({
    "registered": sorted(app.tasks),
    "scheduled": sorted(entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()),
}))
"""


def test_a_worker_registers_every_task_beat_and_the_services_send():
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "campaign.settings", "DEBUG": "true"}
    out = subprocess.run(
        [sys.executable, "-c", WORKER_VIEW], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["scheduled"], "the beat schedule is empty"
    assert set(seen["scheduled"]) <= set(seen["registered"])
    assert "campaign.turns.tasks.turn_step_run" in seen["registered"]
