from django.apps import AppConfig


class TokensConfig(AppConfig):
    name = "campaign.tokens"
    label = "tokens"
    verbose_name = "Personal API tokens"
    default_auto_field = "django.db.models.BigAutoField"
