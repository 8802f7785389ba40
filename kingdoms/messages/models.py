"""Players talk (B 7.0): private threads between kingdoms, the GM a member when he writes
or is written to, each member's read mark; and press releases, printed in the gazette when
their turn is resolved (kingdoms.messages.services)."""

from __future__ import annotations

from django.db import models

from kingdoms.models import Kingdom

SUBJECT_LENGTH = 200
BODY_LENGTH = 5000
"""A letter, not a novel: a long message is split by its writer."""
PRESS_LENGTH = 1000
"""A press release is a paragraph of the gazette."""


class Thread(models.Model):
    """A private conversation between kingdoms; who may read it is
    kingdoms.messages.selectors.visible_threads. Its members are fixed when it starts: its
    kingdoms, whoever plays them now, and the GM if ``with_gm``."""

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="message_threads"
    )
    subject = models.CharField(max_length=SUBJECT_LENGTH)
    kingdoms = models.ManyToManyField(Kingdom, related_name="message_threads")
    with_gm = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["campaign", "id"]

    def __str__(self) -> str:
        return self.subject


class Message(models.Model):
    """One message of a thread, written for ``kingdom``, or by the GM (no kingdom). One that
    proposes an agreement links to it."""

    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="messages")
    kingdom = models.ForeignKey(
        Kingdom, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    body = models.TextField(max_length=BODY_LENGTH)
    agreement = models.ForeignKey(
        "kingdoms.Agreement", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["thread", "id"]

    def __str__(self) -> str:
        return f"{self.thread}: {self.body[:40]}"


class ReadMark(models.Model):
    """How far a member has read a thread: its messages up to ``last_message_id``. It is
    the member's, not the kingdom's: a substitute starts with everything unread."""

    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="read_marks")
    membership = models.ForeignKey(
        "campaign.Membership", on_delete=models.CASCADE, related_name="+"
    )
    last_message_id = models.PositiveBigIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["thread", "membership"], name="one_read_mark")
        ]

    def __str__(self) -> str:
        return f"{self.membership} read {self.thread} to {self.last_message_id}"


class PressRelease(models.Model):
    """A kingdom's word to the world for a turn: its own and the GM's until the turn is
    resolved, then printed in that turn's public chronicle (the gazette). One a kingdom
    and turn; writing again replaces it."""

    turn = models.ForeignKey("campaign.Turn", on_delete=models.CASCADE, related_name="+")
    kingdom = models.ForeignKey(Kingdom, on_delete=models.CASCADE, related_name="+")
    text = models.TextField(max_length=PRESS_LENGTH)
    written_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["turn", "id"]
        constraints = [
            models.UniqueConstraint(fields=["turn", "kingdom"], name="one_press_release_a_turn")
        ]

    def __str__(self) -> str:
        return f"{self.kingdom} in {self.turn}"
