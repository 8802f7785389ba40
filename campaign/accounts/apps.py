from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "campaign.accounts"
    label = "accounts"
    verbose_name = _("Accounts and profiles")
    default_auto_field = "django.db.models.BigAutoField"
