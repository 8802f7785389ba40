from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "campaign.accounts"
    label = "accounts"
    verbose_name = "Accounts and profiles"
    default_auto_field = "django.db.models.BigAutoField"
