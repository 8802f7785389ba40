"""Agreements between the turn's rows and the engine (Q23, rules.kingdoms.agreements): the active
ones into the World, and what a resolution did to them back into their rows."""

from __future__ import annotations

from collections.abc import Mapping

from django.db.models import QuerySet

from campaign.core.bulk import instances_load, rows_update
from campaign.core.statements import written_once
from campaign.models import Campaign
from campaign.pipeline.registry import (
    SNAPSHOT_LOADERS,
    Phase,
    register_appliers,
    register_chronicle_only,
    register_state,
)
from campaign.pipeline.snapshot import Snapshot
from campaign.pipeline.writeback import Writer
from kingdoms.agreements.models import Agreement
from rules.core.state import Coord
from rules.kingdoms.agreements import (
    AgreementBroken,
    AgreementEnded,
    AgreementKind,
    AgreementState,
    CombinedAssault,
    TributePaid,
    VassalageBegan,
)


def agreements_load(snapshot: Snapshot, campaign: Campaign, turn_number: int) -> None:
    """World.agreements: the campaign's active agreements, as the engine sees them. One
    query."""
    rows = instances_load(_active(campaign.pk))
    coord_of = snapshot.coord_of
    snapshot.world.agreements = tuple(agreement_state(a, coord_of) for a in rows)


@written_once
def _active(campaign_id: int) -> QuerySet[Agreement]:
    return Agreement.objects.filter(campaign_id=campaign_id, state=Agreement.State.ACTIVE).order_by(
        "id"
    )


def agreement_state(a: Agreement, coord_of: Mapping[int, Coord]) -> AgreementState:
    return AgreementState(
        id=a.pk,
        kind=AgreementKind(a.kind),
        parties=(a.proposer_id, a.partner_id),
        public=a.public,
        turn=a.turn_number,
        hex=coord_of.get(a.target_id),
        beneficiary=a.beneficiary_id,
        overlord=a.overlord_id,
        vassal=a.vassal_id,
        in_force=a.vassal_since is not None,
        notice=a.notice_turn is not None,
    )


class AgreementChanges:
    """The step's E-05 breaches, agreements that ended (notice, a combined assault's turn
    over, E-27) and vassals who swore (Q20, E-19), in the order they happened."""

    def __init__(self, writer: Writer):
        self.writer = writer
        self.changes: list[AgreementBroken | AgreementEnded | VassalageBegan] = []

    def flush(self) -> None:
        """Two queries, none if nothing changed."""
        if not self.changes:
            return
        turn = self.writer.turn
        rows = Agreement.objects.in_bulk([e.agreement_id for e in self.changes])
        for e in self.changes:
            row = rows[e.agreement_id]
            if isinstance(e, VassalageBegan):
                row.vassal_since = turn.number
                continue
            row.ended_turn = turn.number
            if isinstance(e, AgreementBroken):
                row.state, row.ended_by_id, row.end_reason = (
                    Agreement.State.BROKEN,
                    e.kingdom_id,
                    "broken",
                )
            else:
                row.state, row.end_reason = Agreement.State.ENDED, e.reason
        rows_update(
            Agreement,
            ["state", "vassal_since", "ended_turn", "ended_by", "end_reason"],
            rows.values(),
        )


def _changed(writer: Writer, event: AgreementBroken | AgreementEnded | VassalageBegan) -> None:
    writer.state(AgreementChanges).changes.append(event)


def register() -> None:
    SNAPSHOT_LOADERS.register(agreements_load)
    register_state(AgreementChanges, {Phase.AFTER_CHRONICLE: AgreementChanges.flush})
    register_appliers(
        {AgreementBroken: _changed, AgreementEnded: _changed, VassalageBegan: _changed}
    )
    register_chronicle_only(CombinedAssault, TributePaid)
