"""Celery tasks: they take ids and call services, nothing else."""

from __future__ import annotations

import redis
from celery import shared_task
from django.db import InterfaceError, OperationalError
from kombu.exceptions import OperationalError as BrokerError

from campaign.core.errors import Refused
from campaign.pipeline.steps import turn_step_resolve
from campaign.turns.deadlines import decisions_due_turns, orders_due_turns
from campaign.turns.selectors import late_turns
from campaign.turns.services import turn_claim_step, turn_step_retry

# A connection to the database or to Redis lost mid-step. The step is one transaction and
# idempotent, so it is run again whole; Celery's Django fix-up closes the database
# connections before every task, so the retry starts on a fresh one.
CONNECTION_LOST = (
    OperationalError,
    InterfaceError,
    BrokerError,
    redis.ConnectionError,
    redis.TimeoutError,
)


@shared_task(
    acks_late=True,
    autoretry_for=CONNECTION_LOST,
    retry_backoff=True,  # 1, 2, 4… seconds, with jitter
    retry_backoff_max=60,  # below the broker's visibility timeout (settings)
    max_retries=8,  # about three minutes; then the sweep below queues it again
)
def turn_step_run(turn_id: int) -> bool:
    return turn_step_resolve(turn_id=turn_id)


@shared_task
def turns_resolve_due() -> int:
    """Celery beat: start provisional results of every turn whose deadline has passed."""
    return _steps_claim(orders_due_turns())


@shared_task
def turns_final_due() -> int:
    """Celery beat: start final results of every turn whose decisions are all in or whose
    fight-or-retreat deadline has passed (campaign.turns.deadlines.decisions_due_turns)."""
    return _steps_claim(decisions_due_turns())


def _steps_claim(turns) -> int:
    started = 0
    for turn in turns:
        try:
            turn_claim_step(turn=turn, by=None)
        except Refused:
            continue  # the GM pressed the button in the meantime, or a report waits (E-24)
        started += 1
    return started


@shared_task
def turn_steps_requeue_late() -> int:
    """Celery beat: queue again every server step that is late (its message lost with a
    Redis restart, or its retries spent). Safe, as the step is idempotent."""
    requeued = 0
    for turn in late_turns():
        try:
            turn_step_retry(turn=turn, by=None)
        except Refused:
            continue  # it ended, or the GM retried it, in the meantime
        requeued += 1
    return requeued
