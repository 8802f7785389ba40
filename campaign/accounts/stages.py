"""The steps of a log-in after the password (django-allauth's login stages)."""

from __future__ import annotations

from allauth.account.models import EmailAddress
from allauth.account.stages import EmailVerificationStage


class AddressVerificationStage(EmailVerificationStage):
    """A new address must be confirmed before its owner logs in (settings:
    ACCOUNT_EMAIL_VERIFICATION). A login with no address at all has none to confirm: the
    admin made it (sign-up always asks for one), as every login was made before players
    could sign up, and it logs in as it always did."""

    def handle(self):
        user = self.login.user
        if user is not None and not EmailAddress.objects.filter(user=user).exists():
            return None, True
        return super().handle()
