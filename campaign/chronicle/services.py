"""Writing the chronicle: TurnEvent rows, each with the audience rules.turn.visibility gives it."""

from __future__ import annotations

from collections.abc import Iterable

from campaign.models import Turn, TurnEvent
from rules.core.events import Event
from rules.turn.visibility import Context, audience


def chronicle_entry(
    turn: Turn,
    kind: str,
    payload: dict,
    *,
    rule: str = "",
    public: bool = False,
    kingdom_ids: Iterable[int] = (),
    secret: Iterable[str] = (),
) -> TurnEvent:
    """An unsaved chronicle row; callers save it or bulk-create many. It names its turn by
    id: a step makes thousands, and setting the turn itself costs each a third more."""
    return TurnEvent(
        campaign_id=turn.campaign_id,
        turn_id=turn.pk,
        kind=kind,
        rule=rule,
        payload=payload,
        public=public,
        kingdom_ids=sorted(kingdom_ids),
        secret_fields=list(secret),
    )


def chronicle_record(turn: Turn, kind: str, payload: dict, **audience_kwargs) -> TurnEvent:
    entry = chronicle_entry(turn, kind, payload, **audience_kwargs)
    entry.save()
    return entry


def chronicle_entries_for(turn: Turn, events: Iterable[Event], context: Context) -> list[TurnEvent]:
    """The engine's events as chronicle rows, in the order they happened."""
    rows = []
    for event in events:
        seen_by = audience(event, context)
        payload = event.to_dict()
        rows.append(
            chronicle_entry(
                turn,
                payload.pop("type"),
                payload,
                rule=payload.pop("rule"),
                public=seen_by.public,
                kingdom_ids=seen_by.kingdom_ids,
                secret=seen_by.secret,
            )
        )
    return rows
