from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AdjudicationConfig(AppConfig):
    name = "campaign.adjudication"
    label = "adjudication"
    verbose_name = _("Adjudication: the rulings left to the game master")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Its pipeline hooks (campaign.pipeline.registry) and chronicle sentences
        (campaign.chronicle.narration.NARRATORS)."""
        from campaign.adjudication import narration, writeback

        writeback.register()
        narration.register()
