"""Notifications as e-mail: a text body and its HTML alternative, from the templates under
templates/campaign/notifications/email/. Django's mail framework sends them through
EMAIL_BACKEND (the console in development; SMTP or django-anymail in production).

Each e-mail is written in its recipient's language and time zone (his profile), whoever
runs the task, and says which language it is in (Content-Language)."""

from __future__ import annotations

from collections.abc import Sequence

from django.conf import settings
from django.contrib.auth.models import User
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import ngettext

from campaign.accounts.locale import their_locale
from campaign.notifications.models import Notification

TEMPLATES = "campaign/notifications/email"


def absolute(path: str) -> str:
    """A link that works from a mailbox: the site's address (SITE_URL) and the path."""
    return settings.SITE_URL.rstrip("/") + path


def html_email(
    to: str, subject: str, templates: str, context: dict, language: str
) -> EmailMultiAlternatives:
    """The e-mail of ``templates``.txt and .html, rendered in the active language and time
    zone, which ``language`` names."""
    message = EmailMultiAlternatives(
        subject=subject,
        body=render_to_string(f"{templates}.txt", context),
        to=[to],
        headers={"Content-Language": language},
    )
    message.attach_alternative(render_to_string(f"{templates}.html", context), "text/html")
    return message


def _context(context: dict, language: str) -> dict:
    return {
        **context,
        "language": language,
        "preferences_url": absolute(reverse("notification-preferences")),
    }


def notification_email(notification: Notification) -> EmailMultiAlternatives:
    with their_locale(notification.user) as language:
        context = {"notification": notification, "url": absolute(notification.link or "/")}
        return html_email(
            notification.user.email,
            notification.subject,
            f"{TEMPLATES}/notification",
            _context(context, language),
            language,
        )


def digest_email(user: User, notifications: Sequence[Notification]) -> EmailMultiAlternatives:
    with their_locale(user) as language:
        items = [{"notification": n, "url": absolute(n.link or "/")} for n in notifications]
        subject = ngettext(
            "Warpost: your daily digest, %(count)s notification",
            "Warpost: your daily digest, %(count)s notifications",
            len(items),
        ) % {"count": len(items)}
        return html_email(
            user.email,
            subject,
            f"{TEMPLATES}/digest",
            _context({"items": items, "user": user}, language),
            language,
        )
