from django.apps import AppConfig


class CampaignConfig(AppConfig):
    name = "campaign"

    def ready(self) -> None:
        """The campaign's own writeback appliers and chronicle sentences
        (campaign.pipeline.registry, campaign.chronicle.narration.NARRATORS)."""
        from campaign.chronicle import narration
        from campaign.map import writeback as map_writeback
        from campaign.turns import writeback as turns_writeback

        for module in (map_writeback, turns_writeback, narration):
            module.register()
