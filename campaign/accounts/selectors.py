from __future__ import annotations

from django.contrib.auth.models import User

from campaign.accounts.models import Profile


def profile_of(user: User) -> Profile:
    """The user's profile; the defaults, unsaved, while he has never saved his own."""
    try:
        return user.profile
    except Profile.DoesNotExist:
        return Profile(user=user)
