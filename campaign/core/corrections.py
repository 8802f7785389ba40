"""The admin's base class for the GM's corrections: each saved change is chronicled."""

from django.contrib import admin

from campaign.campaigns.services import gm_correction_record, map_version_bump


class CorrectionAdmin(admin.ModelAdmin):
    """Saves as usual, then records what changed through campaign.campaigns.services.

    A correction may change anything the map shows, hidden facts included, or take back
    what a player knew: the map's version goes up, and a poller gets the whole map."""

    def campaign_of(self, obj):
        return obj.campaign

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        changes = [f"{name} = {form.cleaned_data.get(name)!r}" for name in form.changed_data]
        gm_correction_record(
            campaign=self.campaign_of(obj),
            by=request.user,
            thing=f"{obj._meta.verbose_name} {obj}",
            changes=changes if change else ["created"],
        )
        map_version_bump(campaign=self.campaign_of(obj), whole=True)

    def delete_model(self, request, obj):
        campaign = self.campaign_of(obj)
        super().delete_model(request, obj)
        map_version_bump(campaign=campaign, whole=True)

    def delete_queryset(self, request, queryset):
        campaigns = {self.campaign_of(obj) for obj in queryset}
        super().delete_queryset(request, queryset)
        for campaign in campaigns:
            map_version_bump(campaign=campaign, whole=True)
