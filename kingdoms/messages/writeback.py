"""What the turn pipeline writes for messages: once a turn is closed, the gazette prints its
press releases (campaign.pipeline.registry.TURN_CLOSED)."""

from __future__ import annotations

from collections.abc import Sequence

from campaign.chronicle.services import chronicle_entry
from campaign.models import Turn, TurnEvent
from campaign.pipeline.registry import TURN_CLOSED
from kingdoms.messages.models import PressRelease
from rules.core.events import Event


def press_releases_print(turn: Turn, events: Sequence[Event]) -> None:
    """The turn's press releases join its public chronicle, in the order they were first
    written: one statement, whatever their number."""
    # the two columns an entry takes, not instances of the whole rows
    releases = PressRelease.objects.filter(turn=turn).order_by("id")
    TurnEvent.objects.bulk_create(
        [
            chronicle_entry(
                turn, "PressReleased", {"kingdom_id": kingdom_id, "text": text}, public=True
            )
            for kingdom_id, text in releases.values_list("kingdom_id", "text")
        ]
    )


def register() -> None:
    TURN_CLOSED.register(press_releases_print)
