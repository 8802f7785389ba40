from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from campaign.core.inputs import validate_name, validate_time_zone

DEFAULT_TIME_ZONE = "UTC"
BROWSER_LANGUAGE = ""
"""The profile's language while he has chosen none: each page is in the language his
browser asks for (campaign.accounts.middleware)."""


def language_choices() -> list[tuple[str, str]]:
    """The browser's language, then the site's languages, each by its own name."""
    return [(BROWSER_LANGUAGE, _("The browser's language")), *settings.LANGUAGES]


class Profile(models.Model):
    """What a person chooses about himself. A user without a row has the defaults
    (campaign.accounts.selectors.profile_of): it is written when he first saves his
    profile."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    display_name = models.CharField(
        _("display name"), max_length=60, blank=True, validators=[validate_name]
    )
    time_zone = models.CharField(
        _("time zone"), max_length=64, default=DEFAULT_TIME_ZONE, validators=[validate_time_zone]
    )
    language = models.CharField(
        _("language"),
        max_length=8,
        choices=language_choices,
        blank=True,
        default=BROWSER_LANGUAGE,
    )

    def __str__(self) -> str:
        return _("%(user)s's profile") % {"user": self.user}

    @property
    def name(self) -> str:
        """The name shown for him: his display name, else his username."""
        return self.display_name or self.user.get_username()
