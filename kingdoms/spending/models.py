"""Power spends (Table 10, Table 11)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from campaign.core.words import SPENDS
from kingdoms.models import Army, Kingdom, NeutralKingdom
from rules.kingdoms.spending_state import SpendResult

# The words pages show for the rules' values (rules/ is free of Django's translations)
RESULT_NAMES = {
    SpendResult.QUEUED: _("queued"),
    SpendResult.BUILT: _("built"),
    SpendResult.CANCELLED: _("cancelled"),
    SpendResult.RECRUITED: _("recruited"),
    SpendResult.HIRED: _("hired"),
    SpendResult.WON: _("won"),
    SpendResult.LOST: _("lost"),
    SpendResult.SHARED: _("shared"),
    SpendResult.SUCCEEDED: _("succeeded"),
    SpendResult.FAILED: _("failed"),
    SpendResult.PROVOKED: _("provoked"),
    SpendResult.NO_EFFECT: _("no effect"),
    SpendResult.WAVERING: _("wavering"),
    SpendResult.PACIFIED: _("pacified"),
    SpendResult.VOID: _("void"),
}


class PowerSpend(models.Model):
    """One line of a kingdom's power spending for a turn (Table 10, Table 11, §5.6),
    given with its orders (kingdoms.spending.services) and resolved at step 3b (E-25).
    Private: seen by its kingdom and the GM only, never by others. ``result`` is ""
    until step 3b; ``points`` what a recruit or a won bid added this turn."""

    turn = models.ForeignKey("campaign.Turn", on_delete=models.CASCADE, related_name="spends")
    kingdom = models.ForeignKey(Kingdom, on_delete=models.CASCADE, related_name="spends")
    kind = models.CharField(max_length=16, choices=list(SPENDS.items()))
    amount = models.PositiveIntegerField()
    hex = models.ForeignKey(
        "campaign.Hex", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    army = models.ForeignKey(
        Army, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    offer = models.ForeignKey(
        "campaign.MercenaryOffer",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="bids",
    )
    neutral_kingdom = models.ForeignKey(
        NeutralKingdom, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    recipient = models.ForeignKey(
        Kingdom, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    result = models.CharField(
        max_length=16,
        blank=True,
        choices=list(RESULT_NAMES.items()),
    )
    roll = models.SmallIntegerField(null=True, blank=True)  # diplomacy, pacify: the total
    points = models.PositiveIntegerField(default=0)
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    submitted_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["turn", "kingdom", "id"]

    def __str__(self) -> str:
        return f"{self.kingdom}: {self.kind} ({self.amount} power)"
