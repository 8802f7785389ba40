from django.apps import AppConfig


class HostingConfig(AppConfig):
    name = "campaign.hosting"
    label = "hosting"
    verbose_name = "Hosting: new campaigns and invitations"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Its chronicle sentences (campaign.chronicle.narration.NARRATORS)."""
        from campaign.hosting import narration

        narration.register()
