from django.contrib import admin

from campaign.campaigns.setup import neutral_general
from campaign.core.corrections import CorrectionAdmin
from kingdoms.agreements.models import Agreement
from kingdoms.crowns.models import CrownEntry
from kingdoms.models import Army, Character, Kingdom, NeutralKingdom
from kingdoms.orders.models import Order


@admin.register(Kingdom)
class KingdomAdmin(CorrectionAdmin):
    list_display = ("name", "campaign", "power", "eliminated")
    raw_id_fields = ("capital",)


@admin.register(NeutralKingdom)
class NeutralKingdomAdmin(CorrectionAdmin):
    list_display = ("name", "campaign", "race", "protector")
    raw_id_fields = ("capital",)

    def save_model(self, request, obj, form, change):
        """A-1.4.10, E-20: a neutral kingdom the GM adds gets its army's General, made as
        set-up makes him (campaign.campaigns.setup.neutral_general); the admin's save is atomic."""
        super().save_model(request, obj, form, change)
        if not change:
            neutral_general(obj).save()


class KingdomChildAdmin(CorrectionAdmin):
    def campaign_of(self, obj):
        return obj.kingdom.campaign


@admin.register(Army)
class ArmyAdmin(KingdomChildAdmin):
    list_display = ("name", "kingdom", "points", "allocation", "position")
    raw_id_fields = ("position",)


@admin.register(Character)
class CharacterAdmin(KingdomChildAdmin):
    list_display = (
        "name", "kingdom", "neutral_kingdom", "army", "xp", "generalship", "is_general", "status",
    )  # fmt: skip

    def campaign_of(self, obj):
        """A player's character, or a neutral kingdom's General (E-20)."""
        return (obj.kingdom or obj.neutral_kingdom).campaign


@admin.register(Order)
class OrderAdmin(CorrectionAdmin):
    list_display = ("army", "kind", "target", "turn")
    raw_id_fields = ("target", "origin")

    def campaign_of(self, obj):
        return obj.turn.campaign


@admin.register(Agreement)
class AgreementAdmin(CorrectionAdmin):
    """Q23: the GM's corrections of agreements between players (a vassalage in force, …)."""

    list_display = ("kind", "proposer", "partner", "state", "campaign")
    list_filter = ("kind", "state")
    raw_id_fields = ("target",)


@admin.register(CrownEntry)
class CrownEntryAdmin(KingdomChildAdmin):
    """E-30: the GM's corrections of a crown ledger: a line added (kind "GM correction")
    or fixed, chronicled for the GM like every correction."""

    list_display = ("kingdom", "turn", "amount", "kind", "reason")
    list_filter = ("kind",)
