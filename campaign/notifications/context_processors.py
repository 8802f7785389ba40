"""The page header's count of unread notifications."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from campaign.notifications.services import unread_count


def unread_notifications(request: HttpRequest) -> dict:
    """Counted only if the page shows it (a partial does not), usually from the cache."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"unread_notifications": 0}
    return {"unread_notifications": SimpleLazyObject(lambda: unread_count(user))}
