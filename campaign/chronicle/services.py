"""Writing the chronicle: TurnEvent rows, each with the audience rules.turn.visibility gives it."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils import timezone

from campaign.models import Turn, TurnEvent
from rules.core.events import Event
from rules.turn.visibility import Context, audience

# The columns an entry's own values fill, in the order of ``_entry_values``
_ENTRY_COLUMNS = (
    "campaign_id",
    "turn_id",
    "kind",
    "rule",
    "payload",
    "public",
    "kingdom_ids",
    "secret_fields",
)


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
    id: setting the turn itself costs an entry a third more."""
    values = _entry_values(turn, kind, payload, rule, public, kingdom_ids, secret)
    return TurnEvent(**dict(zip(_ENTRY_COLUMNS, values, strict=True)))


def chronicle_record(turn: Turn, kind: str, payload: dict, **audience_kwargs) -> TurnEvent:
    entry = chronicle_entry(turn, kind, payload, **audience_kwargs)
    entry.save()
    return entry


def chronicle_entries_for(
    turn: Turn, events: Iterable[Event], context: Context
) -> dict[str, tuple]:
    """The engine's events as chronicle rows, in the order they happened, column by
    column as campaign.core.bulk.columns_insert writes them, stamped with the one time
    they are written. A step makes hundreds: a TurnEvent instance each would cost as much
    as their COPY."""
    rows = []
    for event in events:
        seen_by = audience(event, context)
        payload = event.to_dict()
        kind, rule = payload.pop("type"), payload.pop("rule")
        rows.append(
            _entry_values(
                turn, kind, payload, rule, seen_by.public, seen_by.kingdom_ids, seen_by.secret
            )
        )
    columns = dict.fromkeys(_ENTRY_COLUMNS, ())
    if rows:
        columns.update(zip(_ENTRY_COLUMNS, zip(*rows, strict=True), strict=True))
    columns["created_at"] = (timezone.now(),) * len(rows)
    return columns


def _entry_values(
    turn: Turn,
    kind: str,
    payload: dict,
    rule: str,
    public: bool,
    kingdom_ids: Iterable[int],
    secret: Iterable[str],
) -> tuple:
    """An entry's values, column by column (``_ENTRY_COLUMNS``)."""
    return (
        turn.campaign_id,
        turn.pk,
        kind,
        rule,
        payload,
        public,
        sorted(kingdom_ids),
        list(secret),
    )
