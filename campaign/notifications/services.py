"""Writes of notifications that the rest of the project calls: ``notify`` where something
happens, ``gazette_publish`` after a resolved step; and a person's own: marking read,
preferences, the GM's webhook. The tasks' heavier writes (making each person's
notification, e-mail, the digest, reminders, posting the gazette) are in
campaign.notifications.delivery.

``notify`` and ``gazette_publish`` only queue a task when the caller's transaction
commits: they run no query, so a server step costs what it cost, and a rolled-back
action notifies nobody.
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass
from urllib.parse import urlsplit

from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from kombu.exceptions import OperationalError as BrokerError

from campaign.campaigns.services import require_gm
from campaign.core.errors import Hidden, Refused
from campaign.models import Campaign, TurnEvent
from campaign.notifications.models import (
    Delivery,
    Kind,
    Notification,
    Preference,
    Webhook,
    webhook_secret,
)

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Recipients:
    """Whom a notification may concern, among the campaign's members: its players (whose
    kingdom stands), its GM, or the players of some kingdoms. The text is written for
    each of them (campaign.notifications.content), and one it does not concern gets none."""

    players: bool = False
    gm: bool = False
    kingdom_ids: tuple[int, ...] = ()

    def as_data(self) -> dict:
        return asdict(self)

    @classmethod
    def from_data(cls, data: dict) -> Recipients:
        return cls(
            players=bool(data.get("players")),
            gm=bool(data.get("gm")),
            kingdom_ids=tuple(data.get("kingdom_ids") or ()),
        )


PLAYERS = Recipients(players=True)
THE_GM = Recipients(gm=True)


def players_of(*kingdom_ids: int | None) -> Recipients:
    """The players of these kingdoms (a None, a neutral side, is nobody's)."""
    return Recipients(kingdom_ids=tuple(sorted({k for k in kingdom_ids if k is not None})))


def notify(*, kind: Kind, campaign: Campaign, recipients: Recipients, context: dict) -> None:
    """Once the caller's transaction commits, a task writes each recipient his notification
    of ``kind`` from ``context`` (ids: {"turn_id": …}) and e-mails it as he wants."""
    data = recipients.as_data()
    transaction.on_commit(
        lambda: task_queue("notifications_deliver", kind.value, campaign.pk, data, context),
        robust=True,
    )


def gazette_publish(*, campaign: Campaign) -> None:
    """Once the caller's transaction commits, the public chronicle entries not yet
    posted go to the campaign's webhook, if it has one."""
    transaction.on_commit(lambda: task_queue("gazette_send", campaign.pk), robust=True)


def task_queue(task_name: str, *args) -> None:
    """Hand the work to a worker (in-process without Redis). With the broker out of reach
    the notification is lost, never the action that caused it."""
    from campaign.notifications import tasks  # the task module imports this one

    try:
        getattr(tasks, task_name).delay(*args)
    except BrokerError:
        logger.exception("%s%s not queued: the broker is out of reach", task_name, args)


# --- the inbox -----------------------------------------------------------------------

UNREAD_SECONDS = 300  # a count left stale by a race lasts this long at most


def unread_key(user_id: int) -> str:
    return f"warpost:notifications:unread:{user_id}"


def unread_count(user: User) -> int:
    """The header's count of unread notifications: from the cache, kept there because
    every page shows it; one query when the cache does not have it."""
    key = unread_key(user.pk)
    count = cache.get(key)
    if count is None:
        count = Notification.objects.filter(user=user, read_at__isnull=True).count()
        cache.set(key, count, UNREAD_SECONDS)
    return count


def unread_forget(user_ids) -> None:
    """Their counts changed: the next page counts again."""
    cache.delete_many([unread_key(user_id) for user_id in user_ids])


def notification_mark_read(*, notification: Notification, by: User) -> Notification:
    if notification.user_id != by.pk:
        raise Hidden()
    if notification.read_at is None:
        notification.read_at = timezone.now()
        notification.save(update_fields=["read_at"])
        unread_forget([by.pk])
    return notification


def notifications_mark_all_read(*, by: User) -> int:
    marked = Notification.objects.filter(user=by, read_at__isnull=True).update(
        read_at=timezone.now()
    )
    unread_forget([by.pk])
    return marked


# --- preferences ---------------------------------------------------------------------


@transaction.atomic
def preferences_set(*, user: User, choices: dict[str, str]) -> None:
    """How each kind is e-mailed to ``user``: {kind: delivery}; a kind left out keeps
    its setting."""
    for kind, delivery in choices.items():
        if kind not in Kind.values:
            raise Refused(
                _("'%(kind)s' is not a kind of notification.") % {"kind": kind}, field=kind
            )
        if delivery not in Delivery.values:
            raise Refused(_("Choose at once, the daily digest, or not by e-mail."), field=kind)
        Preference.objects.update_or_create(user=user, kind=kind, defaults={"delivery": delivery})


# --- the gazette webhook -------------------------------------------------------------

_URLS = URLValidator(schemes=["http", "https"])


@transaction.atomic
def webhook_set(*, campaign: Campaign, by: User, url: str) -> Webhook:
    """The GM names the campaign's gazette webhook (a Discord-style URL). It carries what
    the campaign publishes from now on, not its past; a new URL keeps the secret."""
    require_gm(campaign=campaign, user=by)
    url = url.strip()
    try:
        _URLS(url)
    except ValidationError:
        raise Refused(_("Give the webhook's full address, https://…"), field="url") from None
    if urlsplit(url).username or urlsplit(url).password:
        raise Refused(_("Put no password in the address."), field="url")
    newest = TurnEvent.objects.filter(campaign=campaign).order_by("-id").first()
    webhook, created = Webhook.objects.get_or_create(
        campaign=campaign, defaults={"url": url, "last_event_id": newest.pk if newest else 0}
    )
    if not created and webhook.url != url:
        webhook.url = url
        webhook.save(update_fields=["url"])
    return webhook


@transaction.atomic
def webhook_secret_renew(*, campaign: Campaign, by: User) -> Webhook:
    """A new signing secret, when the old one may have leaked."""
    require_gm(campaign=campaign, user=by)
    webhook = Webhook.objects.filter(campaign=campaign).first()
    if webhook is None:
        raise Refused(_("The campaign has no webhook yet: give its address first."), field="url")
    webhook.secret = webhook_secret()
    webhook.save(update_fields=["secret"])
    return webhook


@transaction.atomic
def webhook_remove(*, campaign: Campaign, by: User) -> None:
    """No more gazette, and its delivery log goes with it."""
    require_gm(campaign=campaign, user=by)
    Webhook.objects.filter(campaign=campaign).delete()
