from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TokensConfig(AppConfig):
    name = "campaign.tokens"
    label = "tokens"
    verbose_name = _("Personal API tokens")
    default_auto_field = "django.db.models.BigAutoField"
