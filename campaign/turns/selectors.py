"""Reads of turns: the current turn, and a server step that is late."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.conf import settings
from django.db.models import QuerySet
from django.utils import timezone

from campaign.models import Campaign, Turn


def current_turn(campaign: Campaign) -> Turn | None:
    return campaign.turns.order_by("-number").first()


# The server steps, by the state that claims them (§3 Phases 3 and 6–7)
STEP_NAMES = {Turn.State.PROVISIONAL: "Provisional Results", Turn.State.FINAL: "Final Results"}


@dataclass(frozen=True)
class LateStep:
    """A server step still running TURN_STEP_LATE_SECONDS after its claim: most likely
    lost with its worker or its message; running it again is safe (it is idempotent)."""

    name: str
    minutes: int  # since it was claimed


def _late_after() -> dt.timedelta:
    return dt.timedelta(seconds=settings.TURN_STEP_LATE_SECONDS)


def late_step(turn: Turn | None) -> LateStep | None:
    if turn is None or turn.state not in STEP_NAMES or turn.claimed_at is None:
        return None
    running = timezone.now() - turn.claimed_at
    if running < _late_after():
        return None
    return LateStep(STEP_NAMES[turn.state], int(running.total_seconds() // 60))


def late_turns() -> QuerySet[Turn]:
    """Every turn whose server step is late, in all campaigns (for the sweep)."""
    return Turn.objects.filter(
        state__in=list(STEP_NAMES), claimed_at__lte=timezone.now() - _late_after()
    )
