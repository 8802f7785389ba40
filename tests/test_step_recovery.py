"""A server step that a worker, a connection or a message lost still ends, exactly once.

Celery runs eagerly here; the real worker, killed or cut off half-way, is in
tests/integration/test_worker_resilience.py.
"""

from __future__ import annotations

import pytest
import redis
from django.db import OperationalError
from kombu.exceptions import OperationalError as BrokerError

from campaign.models import Turn, TurnEvent
from campaign.pipeline import steps
from campaign.services import turn_claim_step
from campaign.tasks import turn_step_run
from kingdoms.services import order_submit

pytestmark = pytest.mark.django_db


@pytest.fixture
def lost_step(demo, invasion_targets):
    """Provisional Results claimed for a turn in which alice invades, and the message
    that would have run them lost (as with a Redis restart)."""
    kingdom = demo.kingdoms["alice"]
    army = kingdom.armies.order_by("-points").first()
    target = invasion_targets(kingdom)[0]
    order_submit(army=army, by=demo.players["alice"], kind="invade", target=target)
    return turn_claim_step(turn=demo.turn, by=demo.gm, enqueue=False)


def _resolved_once(turn: Turn) -> None:
    """A-2.3: the step's outcome is there, once: the turn waits for decisions and the
    invaded hex was explored by one run."""
    assert Turn.objects.get(pk=turn.pk).state == Turn.State.DECISIONS
    assert TurnEvent.objects.filter(turn=turn, kind="HexExplored").count() == 1
    assert TurnEvent.objects.filter(turn=turn, kind="BattleDeclared").count() == 1


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

    monkeypatch.setattr("campaign.services.cache.set", redis_down)
    assert turn_step_run.delay(lost_step.pk).get() is True
    _resolved_once(lost_step)
