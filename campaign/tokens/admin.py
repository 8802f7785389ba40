from django.contrib import admin

from campaign.tokens.models import PersonalToken


@admin.register(PersonalToken)
class PersonalTokenAdmin(admin.ModelAdmin):
    """To see who holds which token and revoke a leaked one (set "revoked at"); tokens
    are made by their owners, whose key is shown to them alone."""

    list_display = ("name", "user", "scope", "prefix", "created_at", "last_used_at", "revoked_at")
    list_filter = ("scope",)
    readonly_fields = ("user", "digest", "prefix", "created_at", "last_used_at")

    def has_add_permission(self, request) -> bool:
        return False
