"""Notifications as e-mail: a text body and its HTML alternative, from the templates under
templates/campaign/notifications/email/. Django's mail framework sends them through
EMAIL_BACKEND (the console in development; SMTP or django-anymail in production)."""

from __future__ import annotations

from collections.abc import Sequence

from django.conf import settings
from django.contrib.auth.models import User
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse

from campaign.notifications.models import Notification

TEMPLATES = "campaign/notifications/email"


def absolute(path: str) -> str:
    """A link that works from a mailbox: the site's address (SITE_URL) and the path."""
    return settings.SITE_URL.rstrip("/") + path


def _email(to: str, subject: str, template: str, context: dict) -> EmailMultiAlternatives:
    context = {**context, "preferences_url": absolute(reverse("notification-preferences"))}
    message = EmailMultiAlternatives(
        subject=subject,
        body=render_to_string(f"{TEMPLATES}/{template}.txt", context),
        to=[to],
    )
    message.attach_alternative(
        render_to_string(f"{TEMPLATES}/{template}.html", context), "text/html"
    )
    return message


def notification_email(notification: Notification) -> EmailMultiAlternatives:
    return _email(
        notification.user.email,
        notification.subject,
        "notification",
        {"notification": notification, "url": absolute(notification.link or "/")},
    )


def digest_email(user: User, notifications: Sequence[Notification]) -> EmailMultiAlternatives:
    items = [{"notification": n, "url": absolute(n.link or "/")} for n in notifications]
    count = len(items)
    subject = f"Warpost: your daily digest, {count} notification{'s' if count != 1 else ''}"
    return _email(user.email, subject, "digest", {"items": items, "user": user})
