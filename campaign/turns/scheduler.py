"""The embedded scheduler: Celery beat's schedule, run by a thread of the server process.

With ``make run`` (no REDIS_URL, Celery tasks eager) no Celery beat runs, so nothing would
start a turn whose deadline passed. This thread calls the tasks of CELERY_BEAT_SCHEDULE
every WARPOST_SCHEDULER_SECONDS (60) instead, those at set times (the daily digest) at
their time: a deadline that passes resolves its turn within a minute, with nothing else
running. CampaignConfig.ready() starts it once per server process when
WARPOST_INPROCESS_SCHEDULER is on (``make run`` turns it on); never with a broker, where
Celery beat does the work, and never in the tests unless one starts it. The tasks claim
each step with a conditional UPDATE, so a second scheduler, or beat at the same time,
starts nothing twice.
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import sys
import threading
from collections.abc import Callable

from celery.schedules import crontab
from django.conf import settings
from django.db import connections
from django.utils import timezone
from django.utils.autoreload import DJANGO_AUTORELOAD_ENV
from django.utils.module_loading import import_string

logger = logging.getLogger(__name__)


def scheduler_tick() -> dict[str, int | None]:
    """One round of Celery beat's schedule, in this thread: each task that is due called
    directly, by its name in CELERY_BEAT_SCHEDULE; a task that fails is logged (None) and
    the others still run."""
    done: dict[str, int | None] = {}
    for key, entry in settings.CELERY_BEAT_SCHEDULE.items():
        if not _due(key, entry["schedule"]):
            continue
        name = entry["task"]
        try:
            done[name] = import_string(name)()
        except Exception:
            logger.exception("The embedded scheduler's task %s failed; it runs again next", name)
            done[name] = None
    return done


# When each entry at set times (a crontab) last ran in this process, as beat's schedule
# file keeps it: from the process's start, the first run is the next set time.
_last_runs: dict[str, dt.datetime] = {}


def _due(key: str, schedule) -> bool:
    """An entry every so many seconds (a minute or a few: the ticks' own pace) runs every
    tick; one at set times, such as the daily digest, only once each time comes."""
    if not isinstance(schedule, crontab):
        return True
    now = timezone.now()
    if not schedule.is_due(_last_runs.setdefault(key, now)).is_due:
        return False
    _last_runs[key] = now
    return True


class Scheduler:
    """A daemon thread calling ``tick`` every ``interval`` seconds until stopped."""

    def __init__(self, interval: float, tick: Callable[[], object] = scheduler_tick):
        self.interval = interval
        self.tick = tick
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="warpost-scheduler", daemon=True)

    def start(self) -> Scheduler:
        self._thread.start()
        return self

    def stop(self, timeout: float | None = None) -> None:
        self._stopping.set()
        self._thread.join(timeout)

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def _run(self) -> None:
        while not self._stopping.wait(self.interval):
            try:
                self.tick()
            except Exception:
                logger.exception("The embedded scheduler's tick failed")
            finally:
                connections.close_all()  # this thread's own: a fresh one each tick


_started: list[Scheduler] = []
_starting = threading.Lock()


def scheduler_start() -> Scheduler | None:
    """Start this process's scheduler, once, if it should have one (scheduler_wanted)."""
    with _starting:
        if not _started and scheduler_wanted():
            _started.append(Scheduler(settings.WARPOST_SCHEDULER_SECONDS).start())
            logger.info("Embedded scheduler: every %ss", settings.WARPOST_SCHEDULER_SECONDS)
        return _started[0] if _started else None


def scheduler_wanted() -> bool:
    """On when asked for, with Celery eager (a broker has Celery beat), and outside the
    parent process of runserver's autoreloader, which only watches files and restarts
    the child that serves (the child has RUN_MAIN set; ``--noreload`` has no parent)."""
    if not settings.WARPOST_INPROCESS_SCHEDULER:
        return False
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        logger.warning("WARPOST_INPROCESS_SCHEDULER is ignored with a broker: run Celery beat")
        return False
    reloader_parent = (
        "runserver" in sys.argv[1:2]
        and "--noreload" not in sys.argv
        and os.environ.get(DJANGO_AUTORELOAD_ENV) != "true"
    )
    return not reloader_parent
