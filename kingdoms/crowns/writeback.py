"""The crown ledger in the turn pipeline (E-30, E-31; rules.kingdoms.crowns): each kingdom's
balance into the World, and the winter phase's income back as ledger lines."""

from __future__ import annotations

import dataclasses

from django.db.models import Sum

from kingdoms.crowns.models import CrownEntry
from rules.kingdoms.crowns import CrownsCollected, crowns_used


def crowns_load(snapshot, campaign) -> None:
    """Each kingdom's crown balance (KingdomState.crowns): one query while a module with
    crown prices is on (E-30), none otherwise."""
    world = snapshot.world
    if not crowns_used(world.ruleset):
        return
    balances = dict(
        CrownEntry.objects.filter(kingdom__campaign=campaign)
        .values("kingdom_id")
        .annotate(total=Sum("amount"))
        .values_list("kingdom_id", "total")
        .order_by()
    )
    world.kingdoms = {
        pk: dataclasses.replace(k, crowns=balances.get(pk) or 0) for pk, k in world.kingdoms.items()
    }


def crowns_appliers(writer) -> dict:
    """The winter phase's CrownsCollected (E-31) as ledger lines, created at flush."""
    writer.crown_entries = []

    def collected(e: CrownsCollected) -> None:
        writer.crown_entries.append(
            CrownEntry(
                kingdom_id=e.kingdom_id,
                turn=writer.turn.number,
                amount=e.crowns,
                kind=CrownEntry.Kind.INCOME,
                reason=e.reason[0].upper() + e.reason[1:],
                rule=e.rule,
            )
        )

    return {CrownsCollected: collected}


def crowns_flush(writer) -> None:
    """One statement, none outside the winter turn."""
    if writer.crown_entries:
        CrownEntry.objects.bulk_create(writer.crown_entries)
