"""Reads of orders, filtered by who may see them: the turn's orders, scouting reports, and who is
ready (Q7)."""

from __future__ import annotations

from collections.abc import Collection

from django.db.models import QuerySet

from campaign.models import Campaign, Turn
from kingdoms.edicts.models import Edict
from kingdoms.models import Army, Kingdom
from kingdoms.orders.holds import armies_held
from kingdoms.orders.models import Order, OrderSet, ScoutReport
from kingdoms.selectors import player_kingdoms
from rules.turn.visibility import Viewer


def visible_orders(turn: Turn, viewer: Viewer) -> QuerySet[Order]:
    """Orders are seen by their own kingdom and the GM only, never by others, not even
    after resolution (docs/architecture.md)."""
    orders = Order.objects.filter(turn=turn).select_related(
        "army", "army__kingdom", "target", "origin"
    )
    if viewer.is_gm:
        return orders.order_by("army__kingdom_id", "army_id")
    return orders.filter(army__kingdom_id=viewer.kingdom_id).order_by("army_id")


def last_scout_reports(viewer: Viewer, army_ids: list[int]) -> dict[int, ScoutReport]:
    """Table 8, E-29: each army's latest scouting report, lost scouts included. A report
    is its kingdom's and the GM's alone, whatever armies are asked for. One query."""
    reports = (
        ScoutReport.objects.filter(army_id__in=army_ids)
        .select_related("hex", "turn")
        .order_by("turn__number", "id")
    )
    if not viewer.is_gm:
        reports = reports.filter(kingdom_id=viewer.kingdom_id)
    return {report.army_id: report for report in reports}


def order_status(
    turn: Turn,
    kingdom: Kingdom,
    *,
    armies: Collection[int] | None = None,
    ordered: Collection[int] | None = None,
    edicts: int | None = None,
    held: Collection[int] | None = None,
) -> dict:
    """Q7: a kingdom's orders for ``turn`` as a whole, for its own player: how many of
    its armies have an order (the others rest), how many edicts it gave (§5.3) and
    whether the player marked them ready. An army in an ongoing siege takes no order and
    does not rest (E-37, docs/design/sieges.md "Who chooses what"): it is neither
    ordered nor missing, only counted ``in_siege``. Five queries, one if the caller has
    the ids of the kingdom's ``armies``, of those ``ordered``, of the armies ``held`` in
    a siege (kingdoms.orders.holds.armies_held) and counted its ``edicts``."""
    if armies is None:
        armies = list(Army.objects.filter(kingdom=kingdom).values_list("id", flat=True))
    if ordered is None:
        orders = Order.objects.filter(turn=turn, army__kingdom=kingdom)
        ordered = list(orders.values_list("army_id", flat=True))
    if edicts is None:
        edicts = Edict.objects.filter(turn=turn, kingdom=kingdom).count()
    if held is None:
        held = armies_held(kingdom.campaign_id)
    free = {army_id for army_id in armies if army_id not in held}
    given = sum(1 for army_id in set(ordered) if army_id in free)
    ready = OrderSet.objects.filter(turn=turn, kingdom=kingdom, ready=True).exists()
    return {
        "kingdom": kingdom.id,
        "name": kingdom.name,
        "ready": ready,
        "armies": len(free),
        "ordered": given,
        "resting": len(free) - given,
        "in_siege": len(set(armies)) - len(free),
        "edicts": edicts,
        "open": turn.state == Turn.State.OPEN,
    }


def orders_readiness(campaign: Campaign, turn: Turn, viewer: Viewer) -> list[dict]:
    """Q7: who marked his orders for ``turn`` ready. The GM sees every non-eliminated
    kingdom's mark, never its orders or their number; a player sees his own kingdom's
    row alone, with his counts: whether the others are ready is not his to know (it
    would tell him who is still thinking), nor is it needed, as the turn resolves itself
    when everyone is ready (early resolution) or at the deadline."""
    if viewer.is_gm:
        ready = set(
            OrderSet.objects.filter(turn=turn, ready=True).values_list("kingdom_id", flat=True)
        )
        return [
            {"kingdom": k.id, "name": k.name, "ready": k.id in ready, "armies": None,
             "ordered": None, "resting": None, "in_siege": None,
             "open": turn.state == Turn.State.OPEN}
            for k in player_kingdoms(campaign).filter(eliminated=False)
        ]  # fmt: skip
    kingdom = Kingdom.objects.filter(pk=viewer.kingdom_id, campaign=campaign).first()
    return [order_status(turn, kingdom)] if kingdom is not None else []
