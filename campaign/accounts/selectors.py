from __future__ import annotations

from django.contrib.auth.models import User

from campaign.accounts.models import Profile


def profile_of(user: User) -> Profile:
    """The user's profile; the defaults, unsaved, while he has never saved his own."""
    try:
        return user.profile
    except Profile.DoesNotExist:
        return Profile(user=user)


def account_of_address(email: str) -> User | None:
    """The account an e-mail address belongs to, None for a stranger's."""
    return User.objects.filter(email__iexact=email).order_by("id").first()
