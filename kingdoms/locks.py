"""The lock a player's orders, edicts, spends and army changes take: the turn shared
(campaign.core.turn_lock.turn_sharing_orders), so the server step and the orders exclude
each other, and the kingdom's row, so one kingdom's orders queue behind each other (a
patrol per base, E-25's worst case of its spends) while other kingdoms' go on."""

from __future__ import annotations

from campaign.core.turn_lock import turn_sharing_orders
from campaign.models import Turn
from kingdoms.models import Kingdom


def kingdom_taking_orders(campaign_id: int, kingdom_id: int) -> Turn:
    """The campaign's open turn, shared, with the kingdom's row locked until the
    transaction ends; the turn first, as the step takes it, so neither waits on the other
    in a circle."""
    turn = turn_sharing_orders(campaign_id)
    Kingdom.objects.select_for_update().filter(pk=kingdom_id).values_list("pk").first()
    return turn
