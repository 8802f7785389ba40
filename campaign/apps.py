from django.apps import AppConfig


class CampaignConfig(AppConfig):
    name = "campaign"

    def ready(self) -> None:
        # Deadlines resolve turns with `make run` too, where no Celery beat runs.
        from campaign.turns.scheduler import scheduler_start  # the app registry is ready now

        scheduler_start()
