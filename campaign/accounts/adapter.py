"""How django-allauth speaks to Warpost's players (settings.ACCOUNT_ADAPTER)."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from django.utils.translation import gettext_lazy as _

ALLAUTH_VERIFICATION = "allauth.account.stages.EmailVerificationStage"
ADDRESS_VERIFICATION = "campaign.accounts.stages.AddressVerificationStage"


class AccountAdapter(DefaultAccountAdapter):
    """A refused log-in reads as Django's own log-in form read, which players know; a
    login without an e-mail address need not confirm one (campaign.accounts.stages)."""

    error_messages = {
        **DefaultAccountAdapter.error_messages,
        "username_password_mismatch": _(
            "Please enter a correct username and password. Note that both fields may be "
            "case-sensitive."
        ),
        "email_password_mismatch": _("Please enter a correct e-mail address and password."),
    }

    def get_login_stages(self) -> list[str]:
        return [
            ADDRESS_VERIFICATION if stage == ALLAUTH_VERIFICATION else stage
            for stage in super().get_login_stages()
        ]
