"""The admin's base class for the GM's corrections: each saved change is chronicled."""

from django.contrib import admin

from campaign.campaigns.services import gm_correction_record


class CorrectionAdmin(admin.ModelAdmin):
    """Saves as usual, then records what changed through campaign.campaigns.services."""

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
