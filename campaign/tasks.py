"""Celery tasks: they take ids and call services, nothing else."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from campaign.errors import Refused
from campaign.models import Turn
from campaign.pipeline.steps import turn_step_resolve
from campaign.services import turn_claim_step


@shared_task(acks_late=True)
def turn_step_run(turn_id: int) -> bool:
    return turn_step_resolve(turn_id=turn_id)


@shared_task
def turns_resolve_due() -> int:
    """Celery beat: start provisional results of every turn whose deadline has passed."""
    started = 0
    for turn in Turn.objects.filter(state=Turn.State.OPEN, deadline__lte=timezone.now()):
        try:
            turn_claim_step(turn=turn, by=None)
        except Refused:
            continue  # the GM pressed the button in the meantime
        started += 1
    return started
