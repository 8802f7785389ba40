from django.apps import AppConfig


class CampaignConfig(AppConfig):
    name = "campaign"

    def ready(self) -> None:
        """The campaign's own writeback appliers and chronicle sentences
        (campaign.pipeline.registry, campaign.chronicle.narration.NARRATORS), and the
        scheduler that resolves turns at their deadlines with `make run`, where no Celery
        beat runs."""
        from campaign.chronicle import modules as module_narration
        from campaign.chronicle import narration
        from campaign.map import writeback as map_writeback
        from campaign.turns import narration as turns_narration
        from campaign.turns import writeback as turns_writeback
        from campaign.turns.scheduler import scheduler_start

        for module in (
            map_writeback,
            turns_writeback,
            narration,
            turns_narration,
            module_narration,
        ):
            module.register()
        scheduler_start()
