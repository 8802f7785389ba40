from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class PersonalToken(models.Model):
    """One of a user's API keys. Only a digest of the key is kept: the key itself is shown
    once, when the token is made (campaign.tokens.services.token_create)."""

    class Scope(models.TextChoices):
        READ = "read", _("Read only")
        WRITE = "write", _("Read and write")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="personal_tokens"
    )
    name = models.CharField(max_length=100)
    scope = models.CharField(max_length=5, choices=Scope.choices, default=Scope.READ)
    digest = models.CharField(max_length=64, unique=True)  # SHA-256 of the key, in hex
    prefix = models.CharField(max_length=12)  # the key's first letters, to tell keys apart
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.user}'s token {self.name!r} ({self.prefix}…)"

    @property
    def read_only(self) -> bool:
        return self.scope == self.Scope.READ
