"""Edicts in the turn pipeline (§5.3, E-26): the turn's edicts for Final Results, loaded in
one query, and what a resolved edict does to its hex."""

from __future__ import annotations

from django.db.models import QuerySet

from campaign.core.statements import written_once
from campaign.models import Turn
from campaign.pipeline.registry import (
    STEP_INPUTS,
    StepInput,
    register_appliers,
    register_chronicle_only,
)
from campaign.pipeline.snapshot import Snapshot
from campaign.pipeline.writeback import Writer
from kingdoms.edicts.models import Edict
from rules.core import events as ev
from rules.core.state import Edict as EdictState
from rules.core.state import EdictKind, Structure


def edicts_load(turn: Turn, snapshot: Snapshot) -> list[EdictState]:
    """Every kingdom's edicts of ``turn``, as the engine takes them. One query, read as
    values."""
    return [
        EdictState(
            kingdom_id=kingdom_id,
            hex=snapshot.coord_of[hex_id],
            kind=EdictKind(kind),
            structure=Structure(structure) if structure else None,
        )
        for kingdom_id, hex_id, kind, structure in _edicts(turn.pk).rows()
    ]


@written_once
def _edicts(turn_id: int) -> QuerySet[Edict]:
    rows = Edict.objects.filter(turn_id=turn_id).order_by("id")
    return rows.values_list("kingdom_id", "hex_id", "kind", "structure")


def _resolved(writer: Writer, event: ev.EdictResolved) -> None:
    """§5.3, E-26: the hex's history, the structure a Raze destroyed, and Unrest."""
    row = writer.hex(event.hex)
    row.edict_turn = writer.turn.number
    if event.edict == EdictKind.LOOT:
        row.looted_turn = writer.turn.number
    if event.structure == Structure.FEATURE:
        row.feature = event.structure_after or ""
    elif event.structure == Structure.WATCHTOWER:
        row.watchtower = False
    elif event.structure is not None:
        row.defence = event.structure_after or ""
    if event.unrest_from is not None:
        row.unrest_from, row.unrest_until = event.unrest_from, event.unrest_until


def register() -> None:
    STEP_INPUTS.register(StepInput.EDICTS, edicts_load)
    register_appliers({ev.EdictResolved: _resolved})
    register_chronicle_only(ev.EdictVoid)
