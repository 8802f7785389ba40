from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "campaign.notifications"
    label = "notifications"
    verbose_name = "Notifications"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        user_logged_in.connect(_count_unread, dispatch_uid="notifications-count-unread")


def _count_unread(sender, request, user, **kwargs) -> None:
    """Count a person's unread notifications as he logs in, so that the header of his
    pages finds the count in the cache and adds no query to them."""
    from campaign.notifications.services import unread_count

    unread_count(user)
