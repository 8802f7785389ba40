"""Reads of army building (§5.6, B 3.3–3.5), filtered by who may see them.

An army's list is its owner's and the GM's alone, in the pages and the API.
"""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from campaign.models import Campaign
from kingdoms.models import Army, Character, Kingdom
from kingdoms.selectors import kingdom_support_now
from rules.core.state import Ruleset
from rules.kingdoms.support import SLOTS
from rules.turn.visibility import Viewer


def may_see_list(viewer: Viewer, army: Army) -> bool:
    """B 3.5: an army list is seen by its kingdom and the GM only."""
    return viewer.is_gm or (viewer.kingdom_id is not None and viewer.kingdom_id == army.kingdom_id)


def armies_with_generals(queryset: QuerySet[Army]) -> QuerySet[Army]:
    generals = Character.objects.filter(is_general=True).order_by("id")
    return queryset.prefetch_related(Prefetch("characters", generals, to_attr="generals"))


def army_building(kingdom: Kingdom, viewer: Viewer, ruleset: Ruleset) -> dict:
    """§5.6, Table 6, E-14, E-21, B 3.3–3.5: Total Support and what is allocated, the
    entitlements pool and the slots the armies use, each army's General and list, by the
    campaign's ``ruleset``. For the kingdom's player and the GM (the page checks who
    asks). Support and the pool leave out hexes looted last turn, under Unrest or
    Quick-Friendship (A-1.1.4, §5.6: kingdoms.selectors.kingdom_support_now). Three
    queries."""
    given = kingdom_support_now(kingdom, ruleset)
    armies = list(armies_with_generals(Army.objects.filter(kingdom=kingdom).order_by("id")))
    pool = given.entitlements
    used = {slot: sum((a.slots or {}).get(slot, 0) for a in armies) for slot in SLOTS}
    rows = []
    for army in armies:
        general = army.generals[0] if army.generals else None
        rows.append(
            {
                "army": army,
                "general": general,
                "grand_marshal": bool(general and general.is_grand_marshal),
                "list_visible": may_see_list(viewer, army),
                "slots": {slot: (army.slots or {}).get(slot, 0) for slot in SLOTS},
            }
        )
    support = given.support
    allocated = sum(a.allocation for a in armies)
    return {
        "support": support,
        "allocated": allocated,
        "free": support - allocated,
        "over": max(0, allocated - support),  # E-14: to cut, or the largest is cut
        "pool": pool,
        "used": used,
        "rows": rows,
    }


def visible_army_lists(campaign: Campaign, viewer: Viewer) -> QuerySet[Army]:
    """The armies whose lists ``viewer`` may read: his own; the GM all."""
    armies = Army.objects.filter(kingdom__campaign=campaign).select_related("kingdom")
    if viewer.is_gm:
        return armies.order_by("kingdom_id", "id")
    return armies.filter(kingdom_id=viewer.kingdom_id).order_by("id")
