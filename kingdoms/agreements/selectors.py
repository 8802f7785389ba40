"""Reads of agreements (Q23): who may see which, and the E-05 warning of an order.

A player sees the agreements his kingdom is a party to, proposals included, and the
public ones (an accepted cease fire, alliance or vassalage: kingdoms.agreements.services);
never another's proposals, declines or combined assaults. The GM sees them all.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet

from campaign.core.problems import problem_sentence
from campaign.models import Campaign
from kingdoms.agreements.models import Agreement
from kingdoms.orders.models import Order
from rules.core.state import OrderKind
from rules.kingdoms.agreements import AgreementKind, AgreementState, invasion_warning
from rules.turn.visibility import Viewer

RELATED = ("proposer", "partner", "target", "beneficiary", "overlord", "vassal")


def visible_agreements(campaign: Campaign, viewer: Viewer) -> QuerySet[Agreement]:
    """Q23: the agreements ``viewer`` may see, oldest first. One query."""
    agreements = Agreement.objects.filter(campaign=campaign).select_related(*RELATED)
    if viewer.is_gm:
        return agreements.order_by("id")
    mine = Q(proposer_id=viewer.kingdom_id) | Q(partner_id=viewer.kingdom_id)
    seen = (mine | Q(public=True)) if viewer.kingdom_id is not None else Q(public=True)
    return agreements.filter(seen).order_by("id")


def agreement_actions(agreement: Agreement, viewer: Viewer) -> list[str]:
    """What the viewer may do with it now (the services have the final word): accept or
    decline a proposal made to him, withdraw his own (end), give notice on an agreement
    he is a party to (end)."""
    me = viewer.kingdom_id
    if me is None or me not in agreement.kingdom_ids:
        return []
    if agreement.state == Agreement.State.PROPOSED:
        return ["accept", "decline"] if me == agreement.partner_id else ["end"]
    if agreement.state != Agreement.State.ACTIVE:
        return []
    if agreement.vassal_since is not None or agreement.notice_turn is not None:
        return []
    return ["end"]


def agreement_view(agreement: Agreement, viewer: Viewer) -> dict:
    """An agreement as the page and the API show it."""
    target = agreement.target
    return {
        "id": agreement.pk,
        "kind": agreement.kind,
        "kind_display": agreement.get_kind_display(),
        "state": agreement.state,
        "state_display": agreement.get_state_display(),
        "public": agreement.public,
        "proposer": agreement.proposer_id,
        "proposer_name": agreement.proposer.name,
        "partner": agreement.partner_id,
        "partner_name": agreement.partner.name,
        "mine": viewer.kingdom_id in agreement.kingdom_ids,
        "turn": agreement.turn_number,
        "target": [target.q, target.r] if target is not None else None,
        "beneficiary": agreement.beneficiary_id,
        "beneficiary_name": agreement.beneficiary.name if agreement.beneficiary else None,
        "overlord": agreement.overlord_id,
        "overlord_name": agreement.overlord.name if agreement.overlord else None,
        "vassal": agreement.vassal_id,
        "vassal_name": agreement.vassal.name if agreement.vassal else None,
        "vassal_since": agreement.vassal_since,
        "proposed_turn": agreement.proposed_turn,
        "started_turn": agreement.started_turn,
        "notice_turn": agreement.notice_turn,
        "ended_turn": agreement.ended_turn,
        "end_reason": agreement.end_reason,
        "end_reason_display": agreement.get_end_reason_display(),
        "actions": agreement_actions(agreement, viewer),
    }


def agreement_views(campaign: Campaign, viewer: Viewer) -> list[dict]:
    return [agreement_view(a, viewer) for a in visible_agreements(campaign, viewer)]


def order_warning(order: Order | None) -> str | None:
    """E-05: the warning an Invade order of a partner's hex carries (not a refusal), in the
    active language; the page shows its rule beside it.
    No query unless the order invades another player's hex."""
    if order is None or order.kind != OrderKind.INVADE or order.target is None:
        return None
    owner_id, kingdom_id = order.target.owner_id, order.army.kingdom_id
    if owner_id is None or owner_id == kingdom_id:
        return None
    rows = (
        Agreement.objects.filter(
            state=Agreement.State.ACTIVE,
            kind__in=[AgreementKind.CEASE_FIRE, AgreementKind.ALLIANCE],
            proposer_id__in=[kingdom_id, owner_id],
            partner_id__in=[kingdom_id, owner_id],
        )
        .select_related("proposer", "partner")
        .order_by("id")
    )
    states, owner_name = [], ""
    for row in rows:
        states.append(AgreementState(row.pk, AgreementKind(row.kind), row.kingdom_ids))
        owner_name = row.proposer.name if row.proposer_id == owner_id else row.partner.name
    target = (order.target.q, order.target.r)
    warning = invasion_warning(states, kingdom_id, owner_id, owner_name, target)
    return problem_sentence(warning) if warning else None
