"""The crown ledger (E-30)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from campaign.core.inputs import LEDGER, TURN
from kingdoms.models import Kingdom


class CrownEntry(models.Model):
    """E-30: one line of a kingdom's crown ledger, kept only while a supplement module
    with crown prices is on (rules.kingdoms.crowns): income paid by the turn's winter phase
    (E-31, NR-GEN-7), a purchase priced in crowns (a siege engine, NR-SIEGE-4) or a
    GM's correction in the admin. The balance is the sum of the lines. Crowns never
    convert to or from power and never score in Table 1. Private: its kingdom's and the
    GM's (rules.turn.visibility.sees_treasury)."""

    class Kind(models.TextChoices):
        INCOME = "income", _("Yearly income")
        ENGINE = "engine", _("Siege engine")
        BRIDGE = "bridge", _("Bridge")  # NR-BRIDGE-1 (rules.modules.works)
        TEMPLE = "temple", _("Temple")  # NR-TEMPLE-1 (rules.modules.wildlands)
        CORRECTION = "correction", _("GM correction")  # the admin's (kingdoms.admin)

    kingdom = models.ForeignKey(Kingdom, on_delete=models.CASCADE, related_name="crown_entries")
    turn = models.PositiveIntegerField(validators=TURN.validators())  # the campaign turn's number
    amount = models.IntegerField(validators=LEDGER.validators())  # crowns in (+) or out (−)
    kind = models.CharField(max_length=16, choices=Kind.choices)
    reason = models.CharField(max_length=200)  # what the player reads, e.g. "Giant ram for …"
    rule = models.CharField(max_length=60, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["kingdom", "turn", "id"]
        verbose_name_plural = "crown entries"

    def __str__(self) -> str:
        return f"{self.kingdom}: {self.amount:+d} crowns, turn {self.turn} ({self.reason})"
