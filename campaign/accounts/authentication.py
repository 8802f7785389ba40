"""How a request's user is found (settings.AUTHENTICATION_BACKENDS)."""

from __future__ import annotations

from allauth.account.auth_backends import AuthenticationBackend
from django.contrib.auth import get_user_model


class ProfileAuthenticationBackend(AuthenticationBackend):
    """django-allauth's backend (a username or an e-mail address and a password), which
    loads the signed-in user with his profile in one query: every page reads the profile
    (campaign.accounts.middleware), and a page must not cost a query more for it."""

    def get_user(self, user_id):
        users = get_user_model()._default_manager.select_related("profile")
        user = users.filter(pk=user_id).first()
        return user if user is not None and self.user_can_authenticate(user) else None
