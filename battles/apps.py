from django.apps import AppConfig


class BattlesConfig(AppConfig):
    name = "battles"

    def ready(self) -> None:
        """Each domain's writeback appliers, step states, loaders and chronicle sentences
        (campaign.pipeline.registry, campaign.chronicle.narration.NARRATORS), the sieges'
        hold on the armies they keep from Table 5 orders (kingdoms.orders.holds) and the
        siege trains' section of the kingdom page's Armies tab
        (kingdoms.armies.tab_sections), in this order: the order their states flush
        within a phase."""
        from battles import writeback as battles_writeback
        from battles.pairing import narration as pairing_narration
        from battles.pairing import writeback as pairing_writeback
        from battles.postbattle import narration as postbattle_narration
        from battles.postbattle import writeback as postbattle_writeback
        from battles.sieges import holds as sieges_holds
        from battles.sieges import narration as sieges_narration
        from battles.sieges import trains as sieges_trains
        from battles.sieges import writeback as sieges_writeback
        from battles.tabletop import narration as tabletop_narration

        for module in (
            battles_writeback,
            pairing_writeback,
            postbattle_writeback,
            sieges_writeback,
            sieges_holds,
            pairing_narration,
            postbattle_narration,
            tabletop_narration,
            sieges_narration,
            sieges_trains,  # the Armies tab's siege train (kingdoms.armies.tab_sections)
        ):
            module.register()
