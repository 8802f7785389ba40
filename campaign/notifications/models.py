"""Notifications, each person's e-mail preferences, the deadline reminders sent, and the
campaign's gazette webhook with its delivery log."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    """Every moment a person should act on, or hear of; the label names it on the
    preferences page."""

    TURN_OPENED = "turn_opened", _("A turn opens for orders")
    REMINDER = "reminder", _("A deadline is a day away and something of yours is missing")
    RESULTS = "results", _("A turn's results are out")
    BATTLE_TO_DECIDE = "battle_to_decide", _("A battle of yours needs fight or retreat")
    TABLETOP_REPORT = "tabletop_report", _("A tabletop battle's report to file or answer")
    AGREEMENT_PROPOSED = "agreement_proposed", _("Another kingdom proposes an agreement")
    MESSAGE_RECEIVED = "message_received", _("A kingdom or the game master writes to you")
    ALL_ORDERS_IN = "all_orders_in", _("Game master: every kingdom's orders are ready")
    REPORT_DISPUTED = "report_disputed", _("Game master: a tabletop report is disputed")
    GM_PROMPTS = "gm_prompts", _("Game master: rulings the rules leave to you wait for you")


class Delivery(models.TextChoices):
    """How a kind reaches a person by e-mail; the inbox lists every notification."""

    NOW = "now", _("At once")
    DIGEST = "digest", _("In the daily digest")
    OFF = "off", _("Not by e-mail")


# What waits for a person's answer goes at once; what only tells him goes in the digest.
DEFAULT_DELIVERY = {kind: Delivery.NOW for kind in Kind} | {Kind.RESULTS: Delivery.DIGEST}


class Notification(models.Model):
    """One notification for one person: its text was written from what he may see
    (campaign.notifications.content), so the row can be shown and mailed as it is."""

    class Email(models.TextChoices):
        NONE = "none", _("Not e-mailed")
        QUEUED = "queued", _("To be e-mailed at once")
        DIGEST = "digest", _("Waiting for the daily digest")
        SENT = "sent", _("E-mailed")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=32, choices=Kind.choices)
    # What it is about (a turn, a battle, an agreement): a notification is made once per
    # person and key, so that a task run twice notifies once. Empty: no such guard.
    key = models.CharField(max_length=80, blank=True)
    subject = models.CharField(max_length=200)
    lines = models.JSONField(default=list)  # the body, one sentence a line
    link = models.CharField(max_length=300, blank=True)  # a path of the site
    email = models.CharField(max_length=8, choices=Email.choices, default=Email.NONE)
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)
    emailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "kind", "key"],
                condition=~models.Q(key=""),
                name="one_notification_per_person_and_key",
            )
        ]
        indexes = [models.Index(fields=["user", "read_at"]), models.Index(fields=["email"])]

    def __str__(self) -> str:
        return f"{self.user}: {self.subject}"


class Preference(models.Model):
    """How one person wants one kind e-mailed; without a row, DEFAULT_DELIVERY."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_preferences"
    )
    kind = models.CharField(max_length=32, choices=Kind.choices)
    delivery = models.CharField(max_length=8, choices=Delivery.choices)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "kind"], name="one_preference_per_kind")
        ]

    def __str__(self) -> str:
        return f"{self.user}: {self.kind} {self.delivery}"


class Reminder(models.Model):
    """A deadline reminder sent: one per turn, deadline and moment, so that the sweep
    every few minutes reminds once, and again if the deadline moves."""

    turn = models.ForeignKey("campaign.Turn", on_delete=models.CASCADE, related_name="+")
    deadline_name = models.CharField(max_length=40)  # "orders", "decisions", "report-3"
    deadline = models.DateTimeField()
    sent_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["turn", "deadline_name", "deadline"], name="one_reminder_per_deadline"
            )
        ]

    def __str__(self) -> str:
        return f"{self.turn}: {self.deadline_name} {self.deadline:%Y-%m-%d %H:%M}"


def webhook_secret() -> str:
    return secrets.token_urlsafe(32)


class Webhook(models.Model):
    """The campaign's gazette, posted to a Discord-compatible webhook the GM names: the
    public chronicle entries of each resolved step, signed with ``secret`` (HMAC-SHA256
    of the body, in the X-Warpost-Signature header)."""

    campaign = models.OneToOneField(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="webhook"
    )
    url = models.URLField(max_length=500)
    secret = models.CharField(max_length=64, default=webhook_secret)
    # The last chronicle entry a gazette carried: the next one starts after it.
    last_event_id = models.BigIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.campaign}'s gazette webhook"


class WebhookDelivery(models.Model):
    """One gazette and its attempts to reach the webhook: the GM's delivery log."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Being sent")
        DELIVERED = "delivered", _("Delivered")
        FAILED = "failed", _("Failed: no more retries")

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    body = models.TextField()  # the JSON posted, the same on every attempt
    entries = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    response_status = models.PositiveSmallIntegerField(null=True, blank=True)
    error = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "webhook deliveries"

    def __str__(self) -> str:
        return f"Gazette {self.pk} to {self.webhook.url} ({self.status})"
