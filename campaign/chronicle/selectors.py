"""The chronicle as a viewer may see it (Q22)."""

from __future__ import annotations

from campaign.models import Campaign, Turn, TurnEvent
from rules.turn.visibility import Viewer, entry_view, rule_seen


def visible_chronicle(campaign: Campaign, viewer: Viewer, turn: Turn | None = None) -> list[dict]:
    """Chronicle entries the viewer may read, newest turn first, each with its turn number."""
    events = TurnEvent.objects.filter(campaign=campaign)
    if turn is not None:
        events = events.filter(turn=turn)
    rows = events.order_by("-turn__number", "id").values_list(
        "turn__number", "id", "kind", "rule", "payload", "public", "kingdom_ids", "secret_fields"
    )
    entries = []
    for number, entry_id, kind, rule, payload, public, kingdom_ids, secret in rows:
        seen = entry_view(payload, public, kingdom_ids, secret, viewer)
        if seen is not None:
            rule = rule_seen(rule, payload, seen)
            entries.append({"turn": number, "id": entry_id, "kind": kind, "rule": rule, **seen})
    return entries
