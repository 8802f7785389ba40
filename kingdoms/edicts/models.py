"""Edicts (§5.3 Table 2)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from kingdoms.models import Kingdom
from rules.core.state import EdictKind, Structure

# The words pages show for the rules' values (rules/ is free of Django's translations)
EDICT_NAMES = {EdictKind.LOOT: _("Loot"), EdictKind.RAZE: _("Raze")}
STRUCTURE_NAMES = {
    Structure.FEATURE: _("Feature"),
    Structure.FORTRESS: _("Fortress"),
    Structure.GREAT_FORTRESS: _("Great fortress"),
    Structure.WATCHTOWER: _("Watchtower"),
}


class Edict(models.Model):
    """A kingdom's Loot or Raze of one of its hexes for one turn (§5.3 Table 2), given
    with the orders and resolved after step 6b (E-26, rules.kingdoms.edicts). A Raze names the
    structure it destroys (E-26). Seen only by its kingdom and the GM; the chronicle
    tells the results."""

    turn = models.ForeignKey("campaign.Turn", on_delete=models.CASCADE, related_name="edicts")
    kingdom = models.ForeignKey(Kingdom, on_delete=models.CASCADE, related_name="edicts")
    hex = models.ForeignKey("campaign.Hex", on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=8, choices=list(EDICT_NAMES.items()))
    structure = models.CharField(
        max_length=16,
        blank=True,
        choices=list(STRUCTURE_NAMES.items()),
    )
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    submitted_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["turn", "hex"], name="one_edict_per_hex")]
        ordering = ["turn", "id"]

    def __str__(self) -> str:
        return f"{self.kingdom}: {self.kind} {self.hex}"
