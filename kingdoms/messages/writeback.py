"""What the turn pipeline writes for messages: once a turn is closed, the gazette prints its
press releases (campaign.pipeline.registry.TURN_CLOSED)."""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import QuerySet

from campaign.chronicle.services import chronicle_entry
from campaign.core.statements import written_once
from campaign.models import Turn, TurnEvent
from campaign.pipeline.registry import TURN_CLOSED
from kingdoms.messages.models import PressRelease
from rules.core.events import Event


def press_releases_print(turn: Turn, events: Sequence[Event]) -> None:
    """The turn's press releases join its public chronicle, in the order they were first
    written: one statement, whatever their number."""
    TurnEvent.objects.bulk_create(
        [
            chronicle_entry(
                turn, "PressReleased", {"kingdom_id": kingdom_id, "text": text}, public=True
            )
            for kingdom_id, text in _releases(turn.pk).rows()
        ]
    )


@written_once  # each final step prints them, most turns none
def _releases(turn_id: int) -> QuerySet[PressRelease]:
    releases = PressRelease.objects.filter(turn_id=turn_id).order_by("id")
    return releases.values_list("kingdom_id", "text")


def register() -> None:
    TURN_CLOSED.register(press_releases_print)
