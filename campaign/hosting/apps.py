from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class HostingConfig(AppConfig):
    name = "campaign.hosting"
    label = "hosting"
    verbose_name = _("Hosting: new campaigns and invitations")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Its chronicle sentences (campaign.chronicle.narration.NARRATORS)."""
        from campaign.hosting import narration

        narration.register()
