from django.apps import AppConfig


class KingdomsConfig(AppConfig):
    name = "kingdoms"

    def ready(self) -> None:
        """Each domain's writeback appliers, step states, loaders and chronicle sentences
        (campaign.pipeline.registry, campaign.chronicle.narration.NARRATORS), in this
        order: the order their states flush within a phase."""
        from kingdoms.agreements import narration as agreements_narration
        from kingdoms.agreements import writeback as agreements_writeback
        from kingdoms.armies import narration as armies_narration
        from kingdoms.armies import wildland_sites
        from kingdoms.armies import writeback as armies_writeback
        from kingdoms.capitals import writeback as capitals_writeback
        from kingdoms.crowns import writeback as crowns_writeback
        from kingdoms.edicts import writeback as edicts_writeback
        from kingdoms.messages import narration as messages_narration
        from kingdoms.messages import writeback as messages_writeback
        from kingdoms.orders import writeback as orders_writeback
        from kingdoms.realm import writeback as realm_writeback
        from kingdoms.spending import narration as spending_narration
        from kingdoms.spending import writeback as spending_writeback
        from kingdoms.works import writeback as works_writeback

        for module in (
            agreements_writeback,
            orders_writeback,
            armies_writeback,
            wildland_sites,
            spending_writeback,
            crowns_writeback,
            edicts_writeback,
            capitals_writeback,
            realm_writeback,
            messages_writeback,
            agreements_narration,
            armies_narration,
            spending_narration,
            messages_narration,
            works_writeback,
        ):
            module.register()
