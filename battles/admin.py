from django.contrib import admin

from battles.models import Battle, BattleSide
from campaign.admin_corrections import CorrectionAdmin


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
