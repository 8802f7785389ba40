"""The chronicle as a viewer may see it (Q22)."""

from __future__ import annotations

from battles.models import Battle
from campaign.chronicle.gazette import Place, coord_of
from campaign.models import Campaign, Hex, Turn, TurnEvent
from rules.core.state import Coord
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


def places_named(campaign: Campaign, entries: list[dict]) -> dict[Coord, Place]:
    """The hexes the entries name, with their terrain and today's holder, public both
    (A-1.0.3, A-1.0.9); campaign.chronicle.replay.holders_then gives those of the past.
    One query."""
    coords = {c for e in entries for c in (coord_of(e), coord_of(e, "capital")) if c}
    if not coords:
        return {}
    rows = Hex.objects.filter(
        campaign=campaign, q__in={q for q, _ in coords}, r__in={r for _, r in coords}
    ).values_list("q", "r", "terrain", "owner_id")
    return {(q, r): Place((q, r), t, o) for q, r, t, o in rows if (q, r) in coords}


def battles_by_declaration(campaign: Campaign, turn: Turn | None = None) -> dict:
    """Each battle's id by its turn number and its place among the turn's declarations
    (battles.writeback: the k-th declaration is ``seq`` k). One query."""
    battles = Battle.objects.filter(turn__campaign=campaign)
    if turn is not None:
        battles = battles.filter(turn=turn)
    return {(n, seq): pk for n, seq, pk in battles.values_list("turn__number", "seq", "pk")}
