"""Kingdoms, neutral kingdoms, armies, characters and orders."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from rules.state import NeutralConquest, OrderKind
from rules.tables import ScoutLevel


class Kingdom(models.Model):
    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="kingdoms"
    )
    name = models.CharField(max_length=100)
    colour = models.CharField(max_length=7, default="#888888")
    capital = models.ForeignKey(
        "campaign.Hex", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    power = models.IntegerField(default=0)  # a new campaign gives its ruleset.starting_power
    industry = models.IntegerField(default=0)
    eliminated = models.BooleanField(default=False)

    class Meta:
        ordering = ["campaign", "id"]

    def __str__(self) -> str:
        return self.name


class NeutralKingdom(models.Model):
    """A-1.4: placed in secret; each player learns of it on his own (A-1.4.19–20).

    Taken under Quick Friendship (A-1.4.17, E-18), it keeps its hexes and has the
    conqueror as ``protector``; taken under Sworn Enemies, its hexes leave it and it is a
    name in the chronicle only."""

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="neutral_kingdoms"
    )
    name = models.CharField(max_length=100)
    race = models.CharField(max_length=40, blank=True)
    capital = models.ForeignKey("campaign.Hex", on_delete=models.PROTECT, related_name="+")
    known_by = models.ManyToManyField(Kingdom, blank=True, related_name="known_neutral_kingdoms")
    protector = models.ForeignKey(
        Kingdom,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="protected_neutral_kingdoms",
    )

    def __str__(self) -> str:
        return self.name


class Army(models.Model):
    kingdom = models.ForeignKey(Kingdom, on_delete=models.CASCADE, related_name="armies")
    name = models.CharField(max_length=100)
    allocation = models.PositiveIntegerField()  # E-14: the persistent support allocation
    points = models.PositiveIntegerField()  # E-14: current points, at most the allocation
    position = models.ForeignKey(
        "campaign.Hex", null=True, blank=True, on_delete=models.SET_NULL, related_name="armies"
    )
    rested = models.BooleanField(default=False)  # E-01

    class Meta:
        ordering = ["kingdom", "id"]
        verbose_name_plural = "armies"

    def __str__(self) -> str:
        return self.name


class Character(models.Model):
    kingdom = models.ForeignKey(Kingdom, on_delete=models.CASCADE, related_name="characters")
    army = models.ForeignKey(
        Army, null=True, blank=True, on_delete=models.SET_NULL, related_name="characters"
    )
    name = models.CharField(max_length=100)
    xp = models.PositiveIntegerField(default=0)
    generalship = models.PositiveSmallIntegerField(default=0)  # E-11: starts at 0
    is_general = models.BooleanField(default=False)
    is_grand_marshal = models.BooleanField(default=False)
    tactician = models.BooleanField(default=False)

    def __str__(self) -> str:
        return self.name


class Order(models.Model):
    """One army's order for one turn (Table 5). Seen only by its kingdom and the GM."""

    turn = models.ForeignKey("campaign.Turn", on_delete=models.CASCADE, related_name="orders")
    army = models.ForeignKey(Army, on_delete=models.CASCADE, related_name="orders")
    kind = models.CharField(max_length=16, choices=[(k.value, k.name.title()) for k in OrderKind])
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
        choices=[(c.value, c.value.replace("_", " ").capitalize()) for c in NeutralConquest],
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
        return tuple((q, r) for q, r in self.sea_cover)


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
    latest report of each hex (rules.visibility.hex_view). ``facts`` hold what the
    ``level`` told (rules.scouting.scouting_facts), nothing more."""

    kingdom = models.ForeignKey(Kingdom, on_delete=models.CASCADE, related_name="scout_reports")
    army = models.ForeignKey(
        Army, null=True, blank=True, on_delete=models.SET_NULL, related_name="scout_reports"
    )
    hex = models.ForeignKey("campaign.Hex", on_delete=models.CASCADE, related_name="+")
    turn = models.ForeignKey("campaign.Turn", on_delete=models.CASCADE, related_name="+")
    level = models.CharField(max_length=16, choices=[(s.value, s.name.title()) for s in ScoutLevel])
    facts = models.JSONField(default=dict)

    class Meta:
        ordering = ["turn", "id"]

    def __str__(self) -> str:
        return f"{self.kingdom} scouted {self.hex} ({self.level})"
