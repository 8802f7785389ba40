from __future__ import annotations

import zoneinfo
from functools import cache

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from campaign.core.inputs import validate_name

DEFAULT_TIME_ZONE = "UTC"
DEFAULT_LANGUAGE = "en"


@cache
def time_zones() -> tuple[str, ...]:
    """Every IANA time zone name, sorted: the system's database, else the tzdata
    package's."""
    return tuple(sorted(zoneinfo.available_timezones()))


def validate_time_zone(name: str) -> None:
    """An IANA time zone name (Europe/Rome, America/New_York, UTC): every page the
    person opens activates it."""
    if name not in time_zones():
        raise ValidationError(f"{name!r} is not a time zone: pick one from the list.")


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
