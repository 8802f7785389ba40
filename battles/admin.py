from django.contrib import admin

from battles.models import Battle, BattleSide
from battles.tabletop.models import BattleReport
from campaign.core.corrections import CorrectionAdmin


class BattleSideInline(admin.TabularInline):
    model = BattleSide
    extra = 0
    filter_horizontal = ("armies",)


@admin.register(Battle)
class BattleAdmin(CorrectionAdmin):
    list_display = ("turn", "seq", "hex", "defender_kind", "result", "winner")
    inlines = [BattleSideInline]

    def campaign_of(self, obj):
        return obj.turn.campaign


@admin.register(BattleReport)
class BattleReportAdmin(CorrectionAdmin):
    """P-C6: the GM corrects a report here; the page's Settle is the usual way."""

    list_display = ("battle", "status", "winner", "massacre", "updated_at")
    list_filter = ("status",)

    def campaign_of(self, obj):
        return obj.battle.turn.campaign
