"""The embedded scheduler (``make run``): with no Celery beat, a thread of the server runs
beat's schedule every minute, so a deadline that passes resolves its turn within a
minute with nothing else running."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from celery.schedules import crontab

from campaign.models import Turn
from campaign.turns.scheduler import Scheduler, scheduler_tick, scheduler_wanted

TASKS = "campaign.turns.tasks"


@pytest.mark.django_db
def test_a_tick_after_the_deadline_runs_the_turn_without_a_click(
    demo, time_machine, django_capture_on_commit_callbacks
):
    """A-2.2: the tick past the deadline starts Provisional Results; nobody ordered
    anything, so nobody has a battle to decide (A-2.4), and the next tick starts Final
    Results; turn 2 opens. (In a server one tick does both: its step runs as the claim
    commits, where the test's transaction holds it until the tick ends.)"""
    deadline = demo.turn.deadline
    time_machine.move_to(deadline - dt.timedelta(seconds=30))
    with django_capture_on_commit_callbacks(execute=True):
        assert scheduler_tick()[f"{TASKS}.turns_resolve_due"] == 0
    assert Turn.objects.get(pk=demo.turn.pk).state == Turn.State.OPEN

    time_machine.move_to(deadline + dt.timedelta(seconds=30))
    with django_capture_on_commit_callbacks(execute=True):
        assert scheduler_tick()[f"{TASKS}.turns_resolve_due"] == 1
    assert Turn.objects.get(pk=demo.turn.pk).state == Turn.State.DECISIONS

    time_machine.move_to(deadline + dt.timedelta(seconds=90))
    with django_capture_on_commit_callbacks(execute=True):
        assert scheduler_tick()[f"{TASKS}.turns_final_due"] == 1
    assert Turn.objects.get(pk=demo.turn.pk).state == Turn.State.CLOSED
    assert demo.campaign.turns.get(number=2).state == Turn.State.OPEN


def test_a_failing_task_is_logged_and_the_others_still_run(settings, caplog):
    settings.CELERY_BEAT_SCHEDULE = {
        "broken": {"task": "campaign.turns.tests_nothing_here", "schedule": 60.0},
        "fine": {"task": "time.time", "schedule": 60.0},  # any callable of no argument
    }
    done = scheduler_tick()
    assert done["campaign.turns.tests_nothing_here"] is None
    assert done["time.time"] > 0
    assert "campaign.turns.tests_nothing_here failed" in caplog.text


def test_a_daily_task_runs_once_a_day_at_its_hour_not_every_tick(settings, time_machine):
    """The daily digest is sent at its hour, as Celery beat sends it, not at every tick."""
    settings.CELERY_BEAT_SCHEDULE = {
        "every-minute": {"task": "time.time", "schedule": 60.0},
        "every-morning": {"task": "time.monotonic", "schedule": crontab(minute=0, hour=7)},
    }
    ran = []
    for moment in ("06:58", "06:59", "07:00", "07:01", "07:02"):
        time_machine.move_to(dt.datetime.fromisoformat(f"2031-01-06T{moment}:30+00:00"))
        ran.append(sorted(scheduler_tick()))
    assert ran == [
        ["time.time"],
        ["time.time"],
        ["time.monotonic", "time.time"],
        ["time.time"],
        ["time.time"],
    ]


def test_the_thread_starts_ticks_and_stops():
    ticked = threading.Semaphore(0)
    scheduler = Scheduler(interval=0.01, tick=ticked.release).start()
    try:
        assert scheduler.running
        assert ticked.acquire(timeout=5) and ticked.acquire(timeout=5), "it ticks again"
    finally:
        scheduler.stop(timeout=5)
    assert not scheduler.running


def test_a_tick_that_raises_does_not_stop_the_thread():
    ticks = []

    def tick():
        ticks.append(1)
        raise RuntimeError("the database is away")

    scheduler = Scheduler(interval=0.01, tick=tick).start()
    try:
        for _ in range(500):
            if len(ticks) >= 2:
                break
            threading.Event().wait(0.01)
        assert len(ticks) >= 2 and scheduler.running
    finally:
        scheduler.stop(timeout=5)


@pytest.mark.parametrize(
    ("asked", "eager", "argv", "run_main", "wanted"),
    [
        (False, True, ["manage.py", "runserver"], "true", False),  # the tests, a deployment
        (True, True, ["manage.py", "runserver"], "true", True),  # make run's serving child
        (True, True, ["manage.py", "runserver"], None, False),  # the autoreloader's parent
        (True, True, ["manage.py", "runserver", "--noreload"], None, True),
        (True, True, ["gunicorn", "campaign.wsgi"], None, True),
        (True, False, ["manage.py", "runserver"], "true", False),  # a broker: Celery beat
    ],
)
def test_who_runs_a_scheduler(settings, monkeypatch, asked, eager, argv, run_main, wanted):
    settings.WARPOST_INPROCESS_SCHEDULER = asked
    settings.CELERY_TASK_ALWAYS_EAGER = eager
    monkeypatch.setattr("sys.argv", argv)
    if run_main is None:
        monkeypatch.delenv("RUN_MAIN", raising=False)
    else:
        monkeypatch.setenv("RUN_MAIN", run_main)
    assert scheduler_wanted() is wanted


def test_the_tests_run_no_scheduler():
    """pyproject.toml's test environment turns it off, whatever the shell says."""
    from campaign.turns import scheduler

    assert scheduler._started == []
