"""Writing for one person away from his own request (an e-mail, a notification made by a
worker): his profile's language and time zone, as the profile middleware gives his pages."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from zoneinfo import ZoneInfo

from django.conf import settings
from django.contrib.auth.models import User
from django.utils import timezone, translation

from campaign.accounts.selectors import profile_of


@contextmanager
def their_locale(user: User) -> Iterator[str]:
    """Within it, gettext speaks ``user``'s language and dates read in his time zone;
    yields the language's code (an e-mail's Content-Language). Someone who left the
    choice to his browser has no browser here: he reads the site's language."""
    profile = profile_of(user)
    language = profile.language or settings.LANGUAGE_CODE
    with translation.override(language), timezone.override(ZoneInfo(profile.time_zone)):
        yield language
