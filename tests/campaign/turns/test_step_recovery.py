"""A server step that a worker, a connection or a message lost still ends, exactly once.

Celery runs eagerly here and time is moved with time-machine; the real worker, killed or
cut off half-way, is in tests/integration/test_worker_resilience.py.
"""

from __future__ import annotations

import datetime as dt

import pytest
import redis
from django.conf import settings
from django.core.cache import caches
from django.core.management import CommandError, call_command
from django.db import OperationalError
from django.urls import reverse
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError

from campaign.celery import app as celery_app
from campaign.core.errors import Refused
from campaign.models import Turn, TurnEvent
from campaign.pipeline import steps
from campaign.turns.services import turn_claim_step, turn_step_retry
from campaign.turns.tasks import turn_step_run, turn_steps_requeue_late
from kingdoms.orders.services import order_submit

pytestmark = pytest.mark.django_db

LATE = dt.timedelta(seconds=settings.TURN_STEP_LATE_SECONDS)


@pytest.fixture
def lost_step(demo, invasion_targets):
    """Provisional Results claimed for a turn in which alice invades, and the message
    that would have run them lost (as with a Redis restart)."""
    kingdom = demo.kingdoms["alice"]
    army = kingdom.armies.order_by("-points").first()
    target = invasion_targets(kingdom)[0]
    order_submit(army=army, by=demo.players["alice"], kind="invade", target=target)
    return turn_claim_step(turn=demo.turn, by=demo.gm, enqueue=False)


def _later(time_machine, delta: dt.timedelta) -> None:
    time_machine.move_to(timezone.now() + delta, tick=False)


def _resolved_once(turn: Turn) -> None:
    """A-2.3: the step's outcome is there, once: the turn waits for decisions and the
    invaded hex was explored by one run."""
    assert Turn.objects.get(pk=turn.pk).state == Turn.State.DECISIONS
    assert TurnEvent.objects.filter(turn=turn, kind="HexExplored").count() == 1
    assert TurnEvent.objects.filter(turn=turn, kind="BattleDeclared").count() == 1


def test_the_sweep_queues_a_late_step_again(
    lost_step, time_machine, django_capture_on_commit_callbacks
):
    """A step whose message was lost resolves, once, when the sweep finds it late."""
    _later(time_machine, LATE + dt.timedelta(minutes=1))
    with django_capture_on_commit_callbacks(execute=True):
        assert turn_steps_requeue_late() == 1
    _resolved_once(lost_step)


def test_the_sweep_leaves_a_step_alone_until_it_is_late(
    lost_step, time_machine, django_capture_on_commit_callbacks
):
    _later(time_machine, LATE - dt.timedelta(minutes=1))
    with django_capture_on_commit_callbacks(execute=True) as queued:
        assert turn_steps_requeue_late() == 0
    assert queued == []
    assert Turn.objects.get(pk=lost_step.pk).state == Turn.State.PROVISIONAL


def test_the_sweep_queues_a_step_again_once_each_late_period(
    lost_step, time_machine, django_capture_on_commit_callbacks
):
    """Lost again after a retry: the next retry waits a whole late period, so a step
    that cannot run (the database down) is not queued again every minute."""
    _later(time_machine, LATE)
    with django_capture_on_commit_callbacks() as queued:  # lost again
        assert turn_steps_requeue_late() == 1
    assert len(queued) == 1
    _later(time_machine, LATE - dt.timedelta(minutes=1))
    assert turn_steps_requeue_late() == 0
    _later(time_machine, dt.timedelta(minutes=1))
    with django_capture_on_commit_callbacks(execute=True):
        assert turn_steps_requeue_late() == 1
    _resolved_once(lost_step)


def test_the_gm_retries_a_late_step(
    demo, lost_step, time_machine, django_capture_on_commit_callbacks
):
    _later(time_machine, LATE)
    with django_capture_on_commit_callbacks(execute=True):
        turn_step_retry(turn=lost_step, by=demo.gm)
    _resolved_once(lost_step)


def test_a_step_that_is_not_late_is_not_retried(demo, lost_step, time_machine):
    _later(time_machine, LATE - dt.timedelta(minutes=1))
    minutes = settings.TURN_STEP_LATE_SECONDS // 60
    with pytest.raises(Refused, match=f"running for less than {minutes} minutes"):
        turn_step_retry(turn=lost_step, by=demo.gm)
    assert Turn.objects.get(pk=lost_step.pk).claimed_at == lost_step.claimed_at


def test_a_turn_taking_orders_has_no_step_to_retry(demo):
    with pytest.raises(Refused, match=r"no server step running \(orders open\)"):
        turn_step_retry(turn=demo.turn, by=demo.gm)


def test_only_the_gm_retries_a_step(demo, lost_step, time_machine):
    _later(time_machine, LATE)
    with pytest.raises(Refused, match="game master") as refused:
        turn_step_retry(turn=lost_step, by=demo.players["alice"])
    assert refused.value.status == 403
    assert Turn.objects.get(pk=lost_step.pk).claimed_at == lost_step.claimed_at


def test_the_console_shows_a_late_step_and_retries_it(
    client, demo, lost_step, time_machine, django_capture_on_commit_callbacks
):
    client.force_login(demo.gm)
    console = reverse("gm-console", args=[demo.campaign.pk])
    assert "Retry" not in client.get(console).content.decode(), "not late yet"

    _later(time_machine, dt.timedelta(minutes=12))
    page = client.get(console).content.decode()
    assert "Provisional Results have been running for 12 minutes" in page
    progress = client.get(reverse("turn-progress", args=[demo.campaign.pk]))
    assert "Provisional Results have been running for 12 minutes" in progress.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("turn-step-retry", args=[demo.campaign.pk]), HTTP_HX_REQUEST="true"
        )
    assert response.status_code == 200
    retried = response.content.decode()
    assert "queued again" in retried and "have been running" not in retried
    _resolved_once(lost_step)


def test_the_console_refuses_a_retry_too_soon(client, demo, lost_step):
    client.force_login(demo.gm)
    response = client.post(reverse("turn-step-retry", args=[demo.campaign.pk]))
    assert response.status_code == 400
    assert "can be retried only once it is late" in response.content.decode()
    assert Turn.objects.get(pk=lost_step.pk).claimed_at == lost_step.claimed_at


def test_resolve_turn_retries_a_late_step(demo, lost_step, time_machine, capsys):
    _later(time_machine, dt.timedelta(minutes=12))
    with pytest.raises(CommandError, match="running for 12 minutes: add --retry"):
        call_command("resolve_turn", demo.campaign.pk)
    call_command("resolve_turn", demo.campaign.pk, "--retry")
    assert "Turn 1 is now: Fight or retreat." in capsys.readouterr().out
    _resolved_once(lost_step)


def test_resolve_turn_refuses_to_retry_a_step_too_soon(demo, lost_step):
    with pytest.raises(CommandError, match="only once it is late"):
        call_command("resolve_turn", demo.campaign.pk, "--retry")
    assert Turn.objects.get(pk=lost_step.pk).state == Turn.State.PROVISIONAL


@pytest.mark.parametrize(
    "lost",
    [
        OperationalError("terminating connection due to administrator command"),
        BrokerError("Error 111 connecting to redis:6379. Connection refused."),
    ],
    ids=["database", "broker"],
)
def test_a_step_cut_off_mid_way_is_run_again_whole(lost_step, monkeypatch, lost):
    """A connection lost mid-step: the task runs the step again, which resolves once."""
    real_load = steps.snapshot_load
    calls = []

    def load_then_lose_the_connection(*args):
        calls.append(args)
        if len(calls) == 1:
            raise lost
        return real_load(*args)

    monkeypatch.setattr(steps, "snapshot_load", load_then_lose_the_connection)
    # as a worker runs it: the failure is the task's to handle, not thrown at the caller
    assert turn_step_run.apply((lost_step.pk,), throw=False).get() is True
    assert len(calls) == 2
    _resolved_once(lost_step)


def test_a_cache_out_of_reach_costs_the_progress_not_the_step(lost_step, monkeypatch):
    """Progress lives in Redis too: a Redis restart mid-step loses a note, not the step."""

    def redis_down(*args, **kwargs):
        raise redis.ConnectionError("Error 111 connecting to redis:6379. Connection refused.")

    # On the cache itself, not through django.core.cache.cache: that proxy may point to a
    # new cache by the time the patch is undone, which then has no `set` of its own to drop.
    monkeypatch.setattr(caches["default"], "set", redis_down)
    assert turn_step_run.delay(lost_step.pk).get() is True
    _resolved_once(lost_step)


def test_a_claim_stands_when_the_broker_is_out_of_reach(
    client, demo, monkeypatch, time_machine, django_capture_on_commit_callbacks
):
    """The GM's press while Redis restarts: no error page, the step is claimed and the
    sweep queues it once it is late."""

    def broker_down(*args, **kwargs):
        raise BrokerError("Error 111 connecting to redis:6379. Connection refused.")

    monkeypatch.setattr(turn_step_run, "delay", broker_down)
    client.force_login(demo.gm)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("gm-console", args=[demo.campaign.pk]), {"confirm": "1"})
    assert response.status_code == 302
    assert Turn.objects.get(pk=demo.turn.pk).state == Turn.State.PROVISIONAL

    monkeypatch.undo()
    _later(time_machine, LATE)
    with django_capture_on_commit_callbacks(execute=True):
        assert turn_steps_requeue_late() == 1
    assert Turn.objects.get(pk=demo.turn.pk).state == Turn.State.DECISIONS


def test_redelivery_outlasts_a_retry_and_precedes_the_sweep():
    """The broker hands an unacknowledged step to a worker again after its visibility
    timeout: a retry waiting longer would be delivered twice, and a sweep firing sooner
    would queue a step the broker is about to deliver."""
    visibility = celery_app.conf.broker_transport_options["visibility_timeout"]
    assert celery_app.conf.task_acks_late and celery_app.conf.task_reject_on_worker_lost
    assert turn_step_run.retry_backoff_max < visibility < settings.TURN_STEP_LATE_SECONDS
