from django.contrib import admin

from campaign.admin_corrections import CorrectionAdmin
from campaign.models import Campaign, Hex, Membership, MercenaryOffer, Rumour, Turn, TurnEvent


@admin.register(Campaign)
class CampaignAdmin(CorrectionAdmin):
    list_display = ("name", "status", "created_at")

    def campaign_of(self, obj):
        return obj


@admin.register(Membership)
class MembershipAdmin(CorrectionAdmin):
    list_display = ("campaign", "user", "role", "kingdom")
    list_filter = ("campaign", "role")


@admin.register(Turn)
class TurnAdmin(CorrectionAdmin):
    list_display = ("campaign", "number", "state", "deadline")
    list_filter = ("campaign", "state")
    readonly_fields = ("seed_hash",)


@admin.register(Hex)
class HexAdmin(CorrectionAdmin):
    list_display = ("campaign", "q", "r", "terrain", "owner", "feature", "explored")
    list_filter = ("campaign", "terrain", "explored")
    raw_id_fields = ("owner", "neutral_kingdom")


@admin.register(TurnEvent)
class TurnEventAdmin(admin.ModelAdmin):
    """The chronicle is append-only: read here, never edited."""

    list_display = ("turn", "kind", "rule", "public", "created_at")
    list_filter = ("kind", "public")

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class TurnChildAdmin(CorrectionAdmin):
    def campaign_of(self, obj):
        return obj.turn.campaign


@admin.register(Rumour)
class RumourAdmin(TurnChildAdmin):
    list_display = ("turn", "text")


@admin.register(MercenaryOffer)
class MercenaryOfferAdmin(TurnChildAdmin):
    list_display = ("turn", "name", "minimum_bid", "special")
