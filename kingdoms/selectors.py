"""Reads of kingdoms, armies and orders, filtered by what the viewer may see."""

from __future__ import annotations

from django.db.models import QuerySet

from campaign.models import Campaign, Turn
from kingdoms.models import Army, Kingdom, NeutralKingdom, Order
from rules.visibility import Viewer


def player_kingdoms(campaign: Campaign) -> QuerySet[Kingdom]:
    """Player kingdoms are public: names, colours and borders (A-1.0.9)."""
    return Kingdom.objects.filter(campaign=campaign).order_by("id")


def visible_neutral_kingdoms(campaign: Campaign, viewer: Viewer) -> QuerySet[NeutralKingdom]:
    """A-1.4.18–20: a neutral kingdom exists for a player only once he discovered it."""
    kingdoms = NeutralKingdom.objects.filter(campaign=campaign).order_by("id")
    if viewer.is_gm:
        return kingdoms
    return kingdoms.filter(id__in=viewer.known_neutral_kingdoms)


def visible_armies(campaign: Campaign, viewer: Viewer) -> QuerySet[Army]:
    """A player sees his own armies; an enemy's only in a battle it fights (E-29)."""
    armies = Army.objects.filter(kingdom__campaign=campaign).select_related("kingdom", "position")
    if viewer.is_gm:
        return armies.order_by("kingdom_id", "id")
    return armies.filter(kingdom_id=viewer.kingdom_id).order_by("id")


def visible_orders(turn: Turn, viewer: Viewer) -> QuerySet[Order]:
    """Orders are seen by their own kingdom and the GM only, never by others, not even
    after resolution (ARCHITECTURE.md)."""
    orders = Order.objects.filter(turn=turn).select_related(
        "army", "army__kingdom", "target", "origin"
    )
    if viewer.is_gm:
        return orders.order_by("army__kingdom_id", "army_id")
    return orders.filter(army__kingdom_id=viewer.kingdom_id).order_by("army_id")
