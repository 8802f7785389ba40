from django import forms
from django.contrib import admin

from campaign.bulletin.models import MercenaryOffer, Rumour
from campaign.core.corrections import CorrectionAdmin
from campaign.core.problems import problem_text
from campaign.models import Campaign, Hex, Membership, Turn, TurnEvent
from rules.battles.tabletop import secondary_terrains_in_order, secondary_terrains_problem


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
    """A-2.1: the seed is drawn once and stays secret until the turn is resolved, so the
    admin can neither change it nor show it before then."""

    list_display = ("campaign", "number", "state", "deadline")
    list_filter = ("campaign", "state")
    exclude = ("seed",)
    readonly_fields = ("seed_hash", "published_seed")


class HexAdminForm(forms.ModelForm):
    """Q16: the admin holds a hex's secondary terrains to the rules of the GM's Hex
    terrain page (campaign.map.services), so that no correction stores a bad one. The
    admin builds the form's Meta (all of Hex's fields)."""

    def clean(self):
        cleaned = super().clean()
        terrains = cleaned.get("secondary_terrains") or []
        if not isinstance(terrains, list):
            self.add_error("secondary_terrains", 'A list of terrains, e.g. ["forest"].')
            return cleaned
        problem = secondary_terrains_problem(cleaned.get("terrain", ""), terrains)
        if problem is not None:
            field = "secondary_terrains" if problem.field == "secondary_terrains" else None
            self.add_error(field, problem_text(problem))
        else:
            cleaned["secondary_terrains"] = secondary_terrains_in_order(terrains)
        return cleaned


@admin.register(Hex)
class HexAdmin(CorrectionAdmin):
    form = HexAdminForm
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
