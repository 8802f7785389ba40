"""A server step interrupted half-way, on the real stack, still resolves exactly once.

Runs when DATABASE_URL names PostgreSQL and REDIS_URL is set, as test_worker_turn.py
does. Each test starts a worker whose steps wait half-way (WARPOST_TEST_STEP_PAUSE, the
test hook of campaign.pipeline.steps), interrupts the step while it holds the turn, and
checks that the step then ended once, with the events of an uninterrupted run of the same
seed: the pool process killed, the database connection cut, the broker restarted.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import redis
from django.db import connection, transaction

from campaign.campaigns.setup import Demo, demo_campaign_create
from campaign.celery import app as celery_app
from campaign.models import Turn, TurnEvent
from campaign.pipeline.steps import turn_step_resolve
from campaign.turns.services import turn_claim_step
from campaign.turns.tasks import turn_step_run
from kingdoms.orders.services import order_submit
from tests.integration.test_worker_turn import (
    REAL_STACK,
    _wait_for,
    own_queue,
    worker_start,
    worker_stop,
)

pytestmark = [
    pytest.mark.integration,
    pytest.mark.xdist_group("real_stack"),  # see tests/browser/test_hosting_in_browser.py
    pytest.mark.skipif(
        not REAL_STACK, reason="needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL)"
    ),
]

PAUSE = "2"  # seconds every step of these workers waits half-way: time to interrupt it
RECOVERY = 20.0  # seconds an interrupted step has to end


@dataclass
class PausingWorkers:
    """Workers whose steps pause half-way, on a queue of the test's own."""

    queue: str
    started: list[subprocess.Popen] = field(default_factory=list)

    def start(self, pool: str, **env: str) -> subprocess.Popen:
        process = worker_start(self.queue, pool=pool, env={"WARPOST_TEST_STEP_PAUSE": PAUSE, **env})
        self.started.append(process)
        return process


@pytest.fixture
def workers(transactional_db):
    with own_queue() as queue:
        workers = PausingWorkers(queue)
        yield workers
        for process in workers.started:
            worker_stop(process)


class OwnRedis:
    """A Redis server of the test's own on a free port. Like docker-compose.yml's, it
    keeps an append-only file (here in a temporary directory), so a restart keeps the
    queued and the unacknowledged messages."""

    def __init__(self, directory: Path):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.directory = directory
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port)]
            + ["--dir", str(self.directory), "--appendonly", "yes", "--save", ""],
            stdout=subprocess.DEVNULL,
        )
        client = redis.Redis(port=self.port)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                client.ping()
                return
            except redis.ConnectionError:
                time.sleep(0.05)
        raise AssertionError(f"redis-server did not start on port {self.port}")

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(timeout=10)


@pytest.fixture
def own_redis(tmp_path):
    server = OwnRedis(tmp_path)
    server.start()
    yield server
    server.kill()


def _claimed_turn(seed: str, invasion_targets) -> tuple[Demo, list[tuple]]:
    """A turn whose Provisional Results are claimed (two invasions, so dice are rolled),
    and the events the step writes when nothing interrupts it."""
    demo = demo_campaign_create(hexes=40, players=4, seed=seed)
    for player in ("alice", "bob"):
        kingdom = demo.kingdoms[player]
        army = kingdom.armies.order_by("-points").first()
        target = invasion_targets(kingdom)[0]
        order_submit(army=army, by=demo.players[player], kind="invade", target=target)
    turn_claim_step(turn=demo.turn, by=demo.gm, enqueue=False)
    return demo, _uninterrupted_events(demo.turn.pk)


def _uninterrupted_events(turn_id: int) -> list[tuple]:
    """The clean run: the step run here, without a pause, then rolled back."""
    with transaction.atomic():
        assert turn_step_resolve(turn_id=turn_id) is True
        events = _events(turn_id)
        transaction.set_rollback(True)
    assert Turn.objects.get(pk=turn_id).state == Turn.State.PROVISIONAL
    return events


def _events(turn_id: int) -> list[tuple]:
    """The turn's chronicle as its readers get it: each entry and who may see it."""
    rows = TurnEvent.objects.filter(turn_id=turn_id).order_by("id")
    return list(rows.values_list("kind", "rule", "payload", "public", "kingdom_ids"))


def _mid_step(queue: str, process: subprocess.Popen) -> int:
    """Waits until the worker is in the step's pause; returns the pid of the worker's
    database backend."""
    deadline = time.monotonic() + RECOVERY
    while time.monotonic() < deadline:
        backend = _worker_backend(queue, pausing=True)
        if backend is not None:
            return backend
        assert process.poll() is None, "the worker died"
        time.sleep(0.05)
    raise AssertionError("the worker never started the step")


def _step_left(queue: str) -> None:
    """Waits until the worker has left the step's transaction, committed or not."""
    deadline = time.monotonic() + RECOVERY
    while _worker_backend(queue, pausing=False) is not None:
        assert time.monotonic() < deadline, "the step never went on"
        time.sleep(0.05)


def _worker_backend(queue: str, *, pausing: bool) -> int | None:
    """The pid of the worker's database backend while it is inside a transaction (the
    step's, which holds the turn); with ``pausing``, once it has been idle there a while:
    the step's pause, as no query of a step takes that long on this small map."""
    sql = "SELECT pid FROM pg_stat_activity WHERE application_name = %s AND xact_start IS NOT NULL"
    if pausing:
        sql += " AND state = 'idle in transaction' AND state_change < now() - interval '0.3 s'"
    with connection.cursor() as cursor:
        cursor.execute(sql, [queue])
        row = cursor.fetchone()
    return row[0] if row else None


def _pool_children(process: subprocess.Popen) -> set[int]:
    found = subprocess.run(["pgrep", "-P", str(process.pid)], capture_output=True, text=True)
    return {int(pid) for pid in found.stdout.split()}


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _resolved_once(demo: Demo, clean: list[tuple], process) -> Turn:
    turn = _wait_for(demo.turn.pk, Turn.State.DECISIONS, process, timeout=RECOVERY)
    assert _events(turn.pk) == clean, "the step's events, once, as an uninterrupted run"
    return turn


def test_a_step_whose_pool_process_is_killed_resolves_once(workers, invasion_targets):
    """SIGKILL of the pool process running the step: its message goes back to the queue
    and a new pool process resolves the step, once, with the same dice (A-2.3)."""
    process = workers.start("prefork")
    demo, clean = _claimed_turn("resilience-pool", invasion_targets)
    turn_step_run.delay(demo.turn.pk)
    _mid_step(workers.queue, process)
    (child,) = _pool_children(process)
    os.kill(child, signal.SIGKILL)

    _resolved_once(demo, clean, process)
    assert not _alive(child), "the step was interrupted"


def test_a_step_whose_database_connection_is_cut_resolves_once(workers, invasion_targets):
    """The worker's database backend terminated mid-step: the step is retried in a fresh
    connection and resolves once, with the same dice (A-2.3)."""
    process = workers.start("solo")
    demo, clean = _claimed_turn("resilience-database", invasion_targets)
    turn_step_run.delay(demo.turn.pk)
    backend = _mid_step(workers.queue, process)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [backend])
        assert cursor.fetchone() == (True,), "the step was interrupted"

    _resolved_once(demo, clean, process)


def test_a_step_survives_a_broker_restart(workers, own_redis, invasion_targets):
    """The broker killed and restarted mid-step: the step resolves once, with the same
    dice (A-2.3), and the worker, connected again, resolves the next step."""
    process = workers.start("prefork", REDIS_URL=own_redis.url)
    demo, clean = _claimed_turn("resilience-broker", invasion_targets)
    with celery_app.connection_for_write(own_redis.url) as broker:
        turn_step_run.apply_async((demo.turn.pk,), connection=broker)
    _mid_step(workers.queue, process)
    own_redis.kill()
    _step_left(workers.queue)  # the step went on without the broker and its cache
    own_redis.start()

    turn = _resolved_once(demo, clean, process)
    turn_claim_step(turn=turn, by=demo.gm, enqueue=False)
    with celery_app.connection_for_write(own_redis.url) as broker:
        turn_step_run.apply_async((turn.pk,), connection=broker)
    _wait_for(turn.pk, Turn.State.CLOSED, process, timeout=RECOVERY)
