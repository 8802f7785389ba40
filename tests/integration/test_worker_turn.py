"""A whole turn on the real stack: PostgreSQL, Redis and a Celery worker process.

Runs when DATABASE_URL names PostgreSQL and REDIS_URL is set (as .ci/run does). The
worker is a separate process consuming from Redis; nothing here is eager or mocked.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from campaign.campaigns.setup import demo_campaign_create
from campaign.celery import app as celery_app
from campaign.models import Hex, Turn, TurnEvent
from campaign.turns.services import turn_claim_step
from campaign.turns.tasks import turn_step_run
from kingdoms.orders.services import order_submit

REAL_STACK = settings.DATABASES["default"]["ENGINE"].endswith("postgresql") and settings.REDIS_URL
pytestmark = [
    pytest.mark.integration,
    pytest.mark.xdist_group("real_stack"),  # see tests/browser/test_hosting_in_browser.py
    pytest.mark.skipif(
        not REAL_STACK, reason="needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL)"
    ),
]
ROOT = Path(__file__).resolve().parents[2]


def _test_database_url() -> str:
    db = connection.settings_dict
    return f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@contextmanager
def own_queue():
    """A queue name of this test's own, that this process's tasks are sent to."""
    queue = f"warpost-test-{uuid.uuid4().hex[:8]}"
    previous = celery_app.conf.task_default_queue, celery_app.conf.task_always_eager
    celery_app.conf.task_default_queue, celery_app.conf.task_always_eager = queue, False
    try:
        yield queue
    finally:
        celery_app.conf.task_default_queue, celery_app.conf.task_always_eager = previous


def worker_start(
    queue: str, *, pool: str = "solo", env: dict[str, str] | None = None
) -> subprocess.Popen:
    """A real Celery worker process consuming ``queue``, against the test database; its
    database connections carry the queue's name (pg_stat_activity.application_name).
    ``env`` adds to its environment."""
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "campaign",
            "worker",
            f"--pool={pool}",
            "--concurrency=1",
            "--without-mingle",
            "--without-gossip",
            "--loglevel=warning",
            "-Q",
            queue,
        ],
        cwd=ROOT,
        env={
            **os.environ,
            "DATABASE_URL": f"{_test_database_url()}?application_name={queue}",
            "CELERY_QUEUE": queue,
            **(env or {}),
        },
    )


def worker_stop(process: subprocess.Popen) -> None:
    """A warm shutdown, as a deployment stops a worker: it waits for the task in hand.
    Once the test has asserted what it came for, a worker still busy after 30 s (on a
    loaded CI machine, a step redelivered after its pool process was killed) is ended
    as a supervisor would end it, so that it does not outlive its test's queue."""
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


@pytest.fixture
def worker(transactional_db):
    """A real Celery worker on a queue of this test's own, against the test database."""
    with own_queue() as queue:
        process = worker_start(queue)
        yield process
        worker_stop(process)


def _wait_for(turn_id: int, state: str, process, timeout: float = 60.0) -> Turn:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        turn = Turn.objects.get(pk=turn_id)
        if turn.state == state:
            return turn
        assert process.poll() is None, "the worker died"
        time.sleep(0.2)
    raise AssertionError(f"turn {turn_id} did not reach {state} in {timeout}s (at {turn.state})")


def test_the_worker_resolves_a_whole_turn(worker, invasion_targets):
    """A-2.3–A-2.6 on the real stack: each GM press queues a step the worker runs."""
    demo = demo_campaign_create(hexes=40, players=4, seed="integration")
    army = demo.kingdoms["alice"].armies.order_by("-points").first()
    target = invasion_targets(demo.kingdoms["alice"])[0]
    order_submit(army=army, by=demo.players["alice"], kind="invade", target=target)

    turn_claim_step(turn=demo.turn, by=demo.gm)
    turn = _wait_for(demo.turn.pk, Turn.State.DECISIONS, worker)
    assert Hex.objects.get(campaign=demo.campaign, q=target[0], r=target[1]).explored

    turn_claim_step(turn=turn, by=demo.gm)
    turn = _wait_for(demo.turn.pk, Turn.State.CLOSED, worker)
    assert turn.published_seed == turn.seed
    assert Turn.objects.filter(campaign=demo.campaign, number=2, state=Turn.State.OPEN).exists()
    assert TurnEvent.objects.filter(turn=turn, kind="BattleWon").count() == 1


def test_two_deliveries_of_one_step_resolve_it_once(worker, invasion_targets):
    """Idempotent steps: the same task delivered twice to the worker resolves once."""
    demo = demo_campaign_create(hexes=40, players=4, seed="integration-twice")
    army = demo.kingdoms["bob"].armies.order_by("-points").first()
    order_submit(
        army=army,
        by=demo.players["bob"],
        kind="invade",
        target=invasion_targets(demo.kingdoms["bob"])[0],
    )
    turn_claim_step(turn=demo.turn, by=demo.gm, enqueue=False)
    first, second = turn_step_run.delay(demo.turn.pk), turn_step_run.delay(demo.turn.pk)
    assert first.get(timeout=60) is True, "the first delivery resolves the step"
    assert second.get(timeout=60) is False, "the second finds nothing to do"
    assert Turn.objects.get(pk=demo.turn.pk).state == Turn.State.DECISIONS
    assert TurnEvent.objects.filter(turn=demo.turn, kind="HexExplored").count() == 1
    assert TurnEvent.objects.filter(turn=demo.turn, kind="BattleDeclared").count() == 1
