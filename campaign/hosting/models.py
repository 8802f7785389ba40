"""Invitations into a campaign (campaign.hosting.services)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Invitation(models.Model):
    """A way into a campaign. The GM's share link serves whoever has it, until he makes a
    new one; an e-mail invitation serves once. Either may hold a seat: its taker plays
    that kingdom, in place of whoever played it (a substitute)."""

    class Kind(models.TextChoices):
        LINK = "link", _("Share link")
        EMAIL = "email", _("E-mail invitation")

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="invitations"
    )
    kind = models.CharField(max_length=5, choices=Kind.choices)
    token = models.CharField(max_length=64, unique=True)  # the link's secret part
    email = models.EmailField(blank=True)
    kingdom = models.ForeignKey(
        "kingdoms.Kingdom", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} to {self.campaign}"
