"""Orders of a turn, a kingdom's readiness and its scouting reports."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from campaign.core import words
from kingdoms.models import Army, Kingdom
from rules.core.state import NeutralConquest, OrderKind
from rules.core.tables import ScoutLevel


class Order(models.Model):
    """One army's order for one turn (Table 5). Seen only by its kingdom and the GM."""

    turn = models.ForeignKey("campaign.Turn", on_delete=models.CASCADE, related_name="orders")
    army = models.ForeignKey(Army, on_delete=models.CASCADE, related_name="orders")
    kind = models.CharField(max_length=16, choices=words.choices(OrderKind, words.ORDER_KINDS))
    target = models.ForeignKey(
        "campaign.Hex", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    origin = models.ForeignKey(
        "campaign.Hex", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # Patrol: the land hexes across its sea hexes it covers, as [[q, r], …] (A-1.1.2.4)
    sea_cover = models.JSONField(default=list, blank=True)
    # Invade: what to do with a neutral capital it takes, chosen in advance (E-23)
    neutral_conquest = models.CharField(
        max_length=20,
        choices=words.choices(NeutralConquest, words.NEUTRAL_CONQUESTS),
        default=NeutralConquest.SWORN_ENEMIES.value,
    )
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    submitted_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["turn", "army"], name="one_order_per_army")]

    def __str__(self) -> str:
        return f"{self.army}: {self.kind}"

    @property
    def sea_cover_coords(self) -> tuple[tuple[int, int], ...]:
        return sea_cover_coords(self.sea_cover)


def sea_cover_coords(sea_cover: list) -> tuple[tuple[int, int], ...]:
    """A patrol's land hexes across the sea, as stored ([[q, r], …]), as coordinates."""
    return tuple((q, r) for q, r in sea_cover)


class OrderSet(models.Model):
    """One kingdom's orders for one turn as a whole (Q7): whether its player has marked
    them ready. Marking them ready locks nothing: the player may still change an order
    until the deadline, and they stay ready. Seen by its kingdom and the GM only."""

    turn = models.ForeignKey("campaign.Turn", on_delete=models.CASCADE, related_name="order_sets")
    kingdom = models.ForeignKey(Kingdom, on_delete=models.CASCADE, related_name="order_sets")
    ready = models.BooleanField(default=False)
    ready_at = models.DateTimeField(null=True, blank=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["turn", "kingdom"], name="one_order_set_per_turn")
        ]

    def __str__(self) -> str:
        return f"{self.kingdom} turn orders ({'ready' if self.ready else 'not ready'})"


class ScoutReport(models.Model):
    """What one army's scouts learned of a hex (Table 5 Scout, Table 8), private to its
    kingdom (E-29). Append-only, one row per scouting; the map shows the kingdom the
    latest report of each hex (rules.turn.visibility.hex_view). ``facts`` hold what the
    ``level`` told (rules.turn.scouting.scouting_facts), nothing more."""

    kingdom = models.ForeignKey(Kingdom, on_delete=models.CASCADE, related_name="scout_reports")
    army = models.ForeignKey(
        Army, null=True, blank=True, on_delete=models.SET_NULL, related_name="scout_reports"
    )
    hex = models.ForeignKey("campaign.Hex", on_delete=models.CASCADE, related_name="+")
    turn = models.ForeignKey("campaign.Turn", on_delete=models.CASCADE, related_name="+")
    level = models.CharField(max_length=16, choices=words.choices(ScoutLevel, words.SCOUT_LEVELS))
    facts = models.JSONField(default=dict)

    class Meta:
        ordering = ["turn", "id"]

    def __str__(self) -> str:
        return f"{self.kingdom} scouted {self.hex} ({self.level})"
