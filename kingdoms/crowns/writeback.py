"""The crown ledger in the turn pipeline (E-30, E-31; rules.kingdoms.crowns): each kingdom's
balance into the World, and the winter phase's income back as ledger lines."""

from __future__ import annotations

import dataclasses

from django.db.models import Sum

from campaign.models import Campaign
from campaign.pipeline.registry import SNAPSHOT_LOADERS, Phase, register_appliers, register_state
from campaign.pipeline.snapshot import Snapshot
from campaign.pipeline.writeback import Writer
from kingdoms.crowns.models import CrownEntry
from rules.kingdoms.crowns import CrownsCollected, crowns_used
from rules.modules.wildlands.treasure import TreasureBanked


def crowns_load(snapshot: Snapshot, campaign: Campaign, turn_number: int) -> None:
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


class CrownIncome:
    """The winter phase's CrownsCollected (E-31) as ledger lines, created at flush."""

    def __init__(self, writer: Writer):
        self.writer = writer
        self.entries: list[CrownEntry] = []

    def flush(self) -> None:
        """One statement, none outside the winter turn."""
        if self.entries:
            CrownEntry.objects.bulk_create(self.entries)


def _income(writer: Writer, kingdom_id: int, crowns: int, reason: str, rule: str) -> None:
    """A line of income in the kingdom's ledger, written with the step's others."""
    writer.state(CrownIncome).entries.append(
        CrownEntry(
            kingdom_id=kingdom_id,
            turn=writer.turn.number,
            amount=crowns,
            kind=CrownEntry.Kind.INCOME,
            reason=reason,
            rule=rule,
        )
    )


def _collected(writer: Writer, e: CrownsCollected) -> None:
    _income(writer, e.kingdom_id, e.crowns, e.reason[0].upper() + e.reason[1:], e.rule)


def _banked(writer: Writer, e: TreasureBanked) -> None:
    """NR-TREASURE-2: a hoard banked at the capital, a line of income in the ledger."""
    _income(writer, e.kingdom_id, e.crowns, "Treasure banked at the capital", e.rule)


def register() -> None:
    SNAPSHOT_LOADERS.register(crowns_load)
    register_state(CrownIncome, {Phase.AFTER_CHRONICLE: CrownIncome.flush})
    register_appliers({CrownsCollected: _collected, TreasureBanked: _banked})
