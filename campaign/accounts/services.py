"""Saving what a person chooses about himself."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction

from campaign.accounts.models import Profile
from campaign.accounts.selectors import profile_of
from campaign.core.errors import Refused


@transaction.atomic
def profile_update(*, user: User, display_name: str, time_zone: str, language: str) -> Profile:
    """His display name (blank: his username is shown), time zone and language, from
    his next page on; his profile's row is made the first time."""
    profile = profile_of(user)
    profile.display_name = display_name.strip()
    profile.time_zone = time_zone
    profile.language = language
    try:
        profile.full_clean(exclude=["user"])
    except ValidationError as invalid:
        field, messages = next(iter(invalid.message_dict.items()))
        raise Refused(messages[0], field=field) from None
    profile.save()
    return profile
