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
            entries.append(
                {"turn": number, "id": entry_id, **chronicle_entry_view(kind, rule, seen)}
            )
    return entries


def chronicle_entry_view(kind: str, rule: str, seen: dict) -> dict:
    """An entry as narrators read it: what the reader may see of its payload, its kind and
    its rule. A payload's own ``kind`` (a siege battle's, an engine's) is kept as
    ``payload_kind``, so that the entry's kind still names its narrator."""
    entry = {**seen, "kind": kind, "rule": rule}
    if "kind" in seen:
        entry["payload_kind"] = seen["kind"]
    return entry
