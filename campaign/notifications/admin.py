from django.contrib import admin

from campaign.notifications.models import Notification, Webhook, WebhookDelivery


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    """To see what reached whom; notifications are written by the tasks alone."""

    list_display = ("subject", "user", "kind", "email", "created_at", "read_at")
    list_filter = ("kind", "email")
    readonly_fields = ("user", "campaign", "kind", "key", "subject", "lines", "link", "email")

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(Webhook)
class WebhookAdmin(admin.ModelAdmin):
    list_display = ("campaign", "url", "created_at")
    readonly_fields = ("secret", "last_event_id")


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(admin.ModelAdmin):
    list_display = ("webhook", "status", "attempts", "response_status", "created_at")
    list_filter = ("status",)
    readonly_fields = ("webhook", "body", "entries", "attempts", "response_status", "error")
