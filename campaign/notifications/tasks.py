"""Celery tasks of notifications: they take ids and call campaign.notifications.delivery."""

from __future__ import annotations

from smtplib import SMTPException

from celery import shared_task

from campaign.notifications.delivery import (
    WebhookFailed,
    digest_recipients,
    digest_send,
    gazette_build,
    notification_email_send,
    notifications_create,
    reminders_send,
    webhook_attempt,
)
from campaign.notifications.services import task_queue

# The gazette's attempts: 30 s, 1, 2, 4, 8 min… with jitter, for about half a day at most.
WEBHOOK_RETRIES = 8


@shared_task
def notifications_deliver(kind: str, campaign_id: int, recipients: dict, context: dict) -> int:
    made = notifications_create(
        kind=kind, campaign_id=campaign_id, recipients=recipients, context=context
    )
    return len(made)


@shared_task(
    autoretry_for=(SMTPException, OSError),  # the mail server out of reach for a while
    retry_backoff=60,
    retry_backoff_max=3600,
    max_retries=6,
)
def notification_email_send_task(notification_id: int) -> bool:
    return notification_email_send(notification_id=notification_id)


@shared_task
def notifications_digest() -> int:
    """Celery beat, daily: each person's digest, one task each."""
    people = digest_recipients()
    for user_id in people:
        task_queue("digest_send_task", user_id)
    return len(people)


@shared_task(autoretry_for=(SMTPException, OSError), retry_backoff=60, max_retries=6)
def digest_send_task(user_id: int) -> int:
    return digest_send(user_id=user_id)


@shared_task
def reminders_send_due() -> int:
    """Celery beat, every few minutes: the reminders of the deadlines a day away."""
    return reminders_send()


@shared_task
def gazette_send(campaign_id: int) -> bool:
    return gazette_build(campaign_id=campaign_id) is not None


@shared_task(
    bind=True,
    autoretry_for=(WebhookFailed,),
    retry_backoff=30,
    retry_backoff_max=6 * 3600,
    retry_jitter=True,
    max_retries=WEBHOOK_RETRIES,
)
def webhook_deliver(self, delivery_id: int) -> bool:
    last = self.request.retries >= WEBHOOK_RETRIES
    return webhook_attempt(delivery_id=delivery_id, last=last)
