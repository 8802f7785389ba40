from __future__ import annotations

from django.conf import settings
from django.db import models

from campaign.core.inputs import validate_name, validate_time_zone

DEFAULT_TIME_ZONE = "UTC"
DEFAULT_LANGUAGE = "en"


class Profile(models.Model):
    """What a person chooses about himself. A user without a row has the defaults
    (campaign.accounts.selectors.profile_of): it is written when he first saves his
    profile."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    display_name = models.CharField(max_length=60, blank=True, validators=[validate_name])
    time_zone = models.CharField(
        max_length=64, default=DEFAULT_TIME_ZONE, validators=[validate_time_zone]
    )
    language = models.CharField(max_length=8, choices=settings.LANGUAGES, default=DEFAULT_LANGUAGE)

    def __str__(self) -> str:
        return f"{self.user}'s profile"

    @property
    def name(self) -> str:
        """The name shown for him: his display name, else his username."""
        return self.display_name or self.user.get_username()
