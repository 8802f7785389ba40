"""Agreements between the turn's rows and the engine (Q23, rules.kingdoms.agreements): the active
ones into the World, and what a resolution did to them back into their rows."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from campaign.models import Campaign, Turn
from kingdoms.agreements.models import Agreement
from rules.core.events import Event
from rules.core.state import Coord
from rules.kingdoms.agreements import (
    AgreementBroken,
    AgreementEnded,
    AgreementKind,
    AgreementState,
    VassalageBegan,
)


def agreements_load(campaign: Campaign, coord_of: Mapping[int, Coord]) -> tuple:
    """The campaign's active agreements, as the engine sees them. One query."""
    rows = Agreement.objects.filter(campaign=campaign, state=Agreement.State.ACTIVE)
    return tuple(agreement_state(a, coord_of) for a in rows.order_by("id"))


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


def agreements_write(turn: Turn, events: Iterable[Event]) -> None:
    """E-05 breaches, agreements that ended (notice, a combined assault's turn over,
    E-27) and vassals who swore (Q20, E-19): two queries, none if nothing changed."""
    changes = [
        e for e in events if isinstance(e, (AgreementBroken, AgreementEnded, VassalageBegan))
    ]
    if not changes:
        return
    rows = Agreement.objects.in_bulk([e.agreement_id for e in changes])
    for e in changes:
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
    Agreement.objects.bulk_update(
        rows.values(), ["state", "vassal_since", "ended_turn", "ended_by", "end_reason"]
    )
