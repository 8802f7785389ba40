"""The army cards of the campaign page: each army with its order of the turn, its scouting report
and, while orders are open, its order form (Table 5)."""

from __future__ import annotations

from campaign.chronicle.narration import scouting_findings
from campaign.core.access import Access
from campaign.models import Turn
from kingdoms.agreements.selectors import order_warning
from kingdoms.orders.forms import OrderForm
from kingdoms.orders.holds import ArmyHold
from kingdoms.orders.selectors import (
    last_scout_reports,
    order_status,
)


def _order_status(
    access: Access,
    turn: Turn | None,
    armies: list,
    orders: dict,
    edicts: dict | None = None,
    held: dict | None = None,
) -> dict | None:
    """Q7: "3 of 4 armies ordered" and the ready mark, for a player: his visible armies,
    orders and edicts (the panel's) are all his own, already loaded; ``held`` are the
    armies in a siege (E-37), which take no order."""
    if turn is None or access.kingdom is None or access.is_gm:
        return None
    given = len(edicts["edicts"]) if edicts is not None else None
    return order_status(
        turn,
        access.kingdom,
        armies=[army.id for army in armies],
        ordered=list(orders),
        edicts=given,
        held=held,
    )


def army_card(
    army_id: int,
    army,
    order,
    form: OrderForm | None,
    saved: bool = False,
    scouting=None,
    siege: ArmyHold | None = None,
) -> dict:
    """What templates/kingdoms/partials/army_card.html shows; ``army`` is None when the
    viewer may not see it (an order refused for another kingdom's army). ``scouting`` is
    the army's last ScoutReport (kingdoms.orders.selectors.last_scout_reports), if any. An army
    in a ``siege`` takes no order (E-37): its card has no form, but a line that says so
    and links to the siege sheet."""
    in_siege = None
    if siege is not None and army is not None:
        in_siege = {"text": siege.no_orders(army.name), "page": siege.page, "rule": siege.rule}
    return {
        "army_id": army_id,
        "army": army,
        "order": order,
        "form": None if in_siege else form,
        "saved": saved,
        "scouting": scouting_line(scouting),
        "warning": order_warning(order),  # E-05: it would break a cease fire or alliance
        "siege": in_siege,
    }


def scouting_line(report) -> dict | None:
    """Table 8: a ScoutReport as the army card tells it."""
    if report is None:
        return None
    return {
        "turn": report.turn.number,
        "q": report.hex.q,
        "r": report.hex.r,
        "level": report.level,
        "text": scouting_findings(report.level, report.facts),
    }


def order_form_for(access: Access, turn: Turn | None, army, order) -> OrderForm | None:
    """An order form for the viewer's own armies, while the turn takes orders."""
    if turn is None or turn.state != Turn.State.OPEN:
        return None
    if army is None or army.kingdom_id != access.viewer.kingdom_id:
        return None
    return OrderForm.for_order(army.id, order)


def army_cards(
    access: Access, turn: Turn | None, armies, orders: dict, held: dict[int, ArmyHold]
) -> list[dict]:
    """Each visible army with its order, its last scouting report, and an order form for
    the viewer's own, unless a siege ``held`` holds it (E-37)."""
    reports = last_scout_reports(access.viewer, [army.id for army in armies]) if armies else {}
    return [
        army_card(
            army.id,
            army,
            orders.get(army.id),
            order_form_for(access, turn, army, orders.get(army.id)),
            scouting=reports.get(army.id),
            siege=held.get(army.id),
        )
        for army in armies
    ]
