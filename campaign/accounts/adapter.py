"""How django-allauth speaks to Warpost's players (settings.ACCOUNT_ADAPTER)."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from campaign.accounts.locale import their_locale
from campaign.accounts.selectors import account_of_address, profile_of

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

    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        """An account's e-mail in its owner's language and time zone; a stranger's (an
        unknown address, a sign-up whose profile is not saved yet) in the language of the
        page he asked from."""
        user = context.get("user") or account_of_address(email)
        if user is None or user.pk is None or profile_of(user).pk is None:
            super().send_mail(template_prefix, email, context)
            return
        with their_locale(user):
            super().send_mail(template_prefix, email, context)

    def render_mail(self, template_prefix, email, context, headers=None):
        """The e-mail says which language it is written in."""
        headers = {"Content-Language": translation.get_language(), **(headers or {})}
        return super().render_mail(template_prefix, email, context, headers)
