"""The turn's edicts for Final Results (§5.3, E-26): loaded in one query."""

from __future__ import annotations

from campaign.models import Turn
from campaign.pipeline.snapshot import Snapshot
from kingdoms.edicts.models import Edict
from rules.core.state import Edict as EdictState
from rules.core.state import EdictKind, Structure


def edicts_load(turn: Turn, snapshot: Snapshot) -> list[EdictState]:
    """Every kingdom's edicts of ``turn``, as the engine takes them. One query."""
    return [
        EdictState(
            kingdom_id=edict.kingdom_id,
            hex=snapshot.coord_of[edict.hex_id],
            kind=EdictKind(edict.kind),
            structure=Structure(edict.structure) if edict.structure else None,
        )
        for edict in Edict.objects.filter(turn=turn).order_by("id")
    ]
