"""The bulletin's rows (A-2.1): rumours and mercenaries for hire."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from campaign.core.inputs import POINTS, POWER, validate_name
from campaign.models import Turn


class Rumour(models.Model):
    """A-2.1: the GM's free text for the coming turn; it may or may not be true."""

    turn = models.ForeignKey(Turn, on_delete=models.CASCADE, related_name="rumours")
    text = models.TextField(max_length=2000)
    published_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return self.text[:60]


class MercenaryOffer(models.Model):
    """A-2.1, B 6.0: mercenaries for hire this turn with their minimum opening bid, in
    power (Q18); ``special`` marks a B 6.2 special mercenary (E-21)."""

    turn = models.ForeignKey(Turn, on_delete=models.CASCADE, related_name="mercenary_offers")
    name = models.CharField(max_length=120, validators=[validate_name])
    description = models.TextField(
        max_length=2000, blank=True, help_text=_("Equipment, command group, magic items.")
    )
    minimum_bid = models.PositiveIntegerField(validators=POWER.at_least(1).validators())
    # Q18, E-14: the points they add to the winner's chosen army for the turn
    points = models.PositiveIntegerField(default=250, validators=POINTS.validators())
    special = models.BooleanField(default=False)
    published_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.name} (from {self.minimum_bid} power)"
