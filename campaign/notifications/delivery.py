"""The writes the notification tasks make (campaign.notifications.tasks): each recipient's
notification, written from what he may see; its e-mail, at once or in the daily digest;
the deadline reminders; and the gazette to the campaign's webhook, with its log."""

from __future__ import annotations

import datetime as dt
import json
from contextlib import AbstractContextManager, nullcontext

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from battles.models import Battle
from campaign.accounts.locale import their_locale
from campaign.chronicle.narration import Names, narrate
from campaign.chronicle.selectors import chronicle_entry_view
from campaign.core.viewers import viewer_for
from campaign.models import Campaign, Membership, Turn, TurnEvent
from campaign.notifications.content import BUILDERS, Message, Reader
from campaign.notifications.mail import digest_email, notification_email
from campaign.notifications.models import (
    Delivery,
    Kind,
    Notification,
    Reminder,
    Webhook,
    WebhookDelivery,
)
from campaign.notifications.selectors import delivery_for
from campaign.notifications.services import (
    Recipients,
    notify,
    task_queue,
    unread_forget,
)
from campaign.notifications.webhook import webhook_post
from kingdoms.selectors import player_kingdoms
from rules.turn.visibility import Viewer, entry_view, rule_seen

# --- notifications -------------------------------------------------------------------


def members(campaign: Campaign, recipients: Recipients) -> QuerySet[Membership]:
    """The campaign's members ``recipients`` names: its GM, its players whose kingdom
    stands, the players of some kingdoms."""
    wanted = Q(pk__in=[])
    if recipients.gm:
        wanted |= Q(role=Membership.Role.GM)
    if recipients.players:
        wanted |= Q(role=Membership.Role.PLAYER, kingdom__isnull=False, kingdom__eliminated=False)
    if recipients.kingdom_ids:
        wanted |= Q(kingdom_id__in=recipients.kingdom_ids)
    found = Membership.objects.filter(campaign=campaign).filter(wanted)
    return found.select_related("user__profile", "kingdom").order_by("id")


def notifications_create(
    *, kind: str, campaign_id: int, recipients: dict, context: dict
) -> list[Notification]:
    """Each recipient's notification of ``kind``, written for him (content.BUILDERS) in his
    language and time zone, kept as written; those it does not concern get none. Made once
    per person and key, so a task run twice notifies once. The e-mails go when it commits."""
    campaign = Campaign.objects.filter(pk=campaign_id).first()
    if campaign is None or kind not in Kind.values:
        return []  # gone since it was queued
    kind = Kind(kind)
    made = []
    with transaction.atomic():
        for membership in members(campaign, Recipients.from_data(recipients)):
            reader = Reader(campaign, membership, viewer_for(membership))
            with their_locale(membership.user):  # his words, his deadlines in his hours
                message = BUILDERS[kind](reader, context)
            if message is not None:
                made += _saved(membership.user, campaign, kind, message)
        queued = [n.pk for n in made if n.email == Notification.Email.QUEUED]
        readers = [n.user_id for n in made]
        transaction.on_commit(lambda: _after_made(queued, readers), robust=True)
    return made


def _after_made(queued: list[int], readers: list[int]) -> None:
    unread_forget(readers)
    for notification_id in queued:
        task_queue("notification_email_send_task", notification_id)


def _saved(user: User, campaign: Campaign, kind: Kind, message: Message) -> list[Notification]:
    """The new row, or none if this person already has it (its key)."""
    delivery = delivery_for(user, kind)
    if delivery == Delivery.OFF or not user.email:
        email = Notification.Email.NONE
    else:
        email = Notification.Email.QUEUED if delivery == Delivery.NOW else Notification.Email.DIGEST
    fields = {
        "subject": message.subject[:200],
        "lines": message.lines,
        "link": message.link,
        "email": email,
    }
    if not message.key:
        return [Notification.objects.create(user=user, campaign=campaign, kind=kind, **fields)]
    row, created = Notification.objects.get_or_create(
        user=user, campaign=campaign, kind=kind, key=message.key, defaults=fields
    )
    return [row] if created else []


def notification_email_send(*, notification_id: int) -> bool:
    """E-mail a notification its person wants at once. False if there is nothing to send
    (already sent, or gone)."""
    notification = (
        Notification.objects.filter(pk=notification_id, email=Notification.Email.QUEUED)
        .select_related("user", "campaign")
        .first()
    )
    if notification is None:
        return False
    notification_email(notification).send()
    Notification.objects.filter(pk=notification.pk).update(
        email=Notification.Email.SENT, emailed_at=timezone.now()
    )
    return True


def digest_recipients() -> list[int]:
    """The people with notifications waiting for the daily digest."""
    waiting = Notification.objects.filter(email=Notification.Email.DIGEST)
    return sorted(set(waiting.values_list("user_id", flat=True)))


def digest_send(*, user_id: int) -> int:
    """One e-mail with everything waiting for ``user_id``'s digest; how many it carried."""
    waiting = Notification.objects.filter(user_id=user_id, email=Notification.Email.DIGEST)
    rows = list(waiting.select_related("user", "campaign").order_by("created_at", "id"))
    if not rows:
        return 0
    user = rows[0].user
    if user.email:
        digest_email(user, rows).send()
    waiting.filter(pk__in=[n.pk for n in rows]).update(
        email=Notification.Email.SENT if user.email else Notification.Email.NONE,
        emailed_at=timezone.now() if user.email else None,
    )
    return len(rows) if user.email else 0


# --- reminders -----------------------------------------------------------------------

REMIND_BEFORE = dt.timedelta(hours=24)


def reminders_send(*, now: dt.datetime | None = None) -> int:
    """A day before each deadline, once: the turn's orders (A-2.1), its fight-or-retreat
    choices (A-2.4) and each tabletop battle's report (E-24). Each player is told what he
    still has to do for it (content.reminder); one who has nothing missing is not."""
    now = now or timezone.now()
    soon = now + REMIND_BEFORE
    due = [
        (turn, "orders", turn.deadline, {})
        for turn in Turn.objects.filter(
            state=Turn.State.OPEN, deadline__gt=now, deadline__lte=soon
        ).select_related("campaign")
    ]
    due += [
        (turn, "decisions", turn.decisions_deadline, {})
        for turn in Turn.objects.filter(
            state=Turn.State.DECISIONS, decisions_deadline__gt=now, decisions_deadline__lte=soon
        ).select_related("campaign")
    ]
    due += [
        (battle.turn, f"report-{battle.seq}", battle.report_deadline, {"battle_id": battle.pk})
        for battle in Battle.objects.filter(
            turn__state=Turn.State.DECISIONS,
            mode=Battle.Mode.TABLETOP,
            resolved=False,
            report_deadline__gt=now,
            report_deadline__lte=soon,
        ).select_related("turn__campaign")
    ]
    return sum(_remind(turn, name, deadline, extra) for turn, name, deadline, extra in due)


@transaction.atomic
def _remind(turn: Turn, name: str, deadline: dt.datetime, extra: dict) -> bool:
    _reminder, created = Reminder.objects.get_or_create(
        turn=turn, deadline_name=name, deadline=deadline
    )
    if created:
        notify(
            kind=Kind.REMINDER,
            campaign=turn.campaign,
            recipients=Recipients(players=True, gm=name != "orders"),  # Q17: neutral sides
            context={"turn_id": turn.pk, "deadline": name.partition("-")[0], **extra},
        )
    return created


# --- the gazette ---------------------------------------------------------------------

THE_PUBLIC = Viewer()  # no kingdom, not the GM: what anyone may read
# Discord takes 4,096 letters an embed, 6,000 for all of a message's embeds, ten embeds.
EMBED_LENGTH = 4000
GAZETTE_LENGTH = 5500
EMBEDS = 10


def gazette_build(*, campaign_id: int) -> WebhookDelivery | None:
    """The public chronicle entries the webhook has not carried yet, as the public reads
    them (rules.turn.visibility.entry_view with a viewer of no kingdom), into one delivery
    posted when this commits. None without a webhook or anything new."""
    with transaction.atomic():
        webhook = (
            Webhook.objects.select_for_update()
            .filter(campaign_id=campaign_id)
            .select_related("campaign")
            .first()
        )
        if webhook is None:
            return None
        rows = list(
            TurnEvent.objects.filter(
                campaign_id=campaign_id, pk__gt=webhook.last_event_id, public=True
            )
            .order_by("id")
            .values_list(
                "id",
                "turn__number",
                "kind",
                "rule",
                "payload",
                "public",
                "kingdom_ids",
                "secret_fields",
            )  # fmt: skip
        )
        if not rows:
            return None
        # The body's keys are the receiver's (Discord's), the same for every campaign; its
        # words are for the campaign's players to read, in their GM's language and hours.
        with _gm_locale(webhook.campaign):
            turns = _public_lines(webhook.campaign, rows)
            body = gazette_body(webhook.campaign, turns)
        webhook.last_event_id = rows[-1][0]
        webhook.save(update_fields=["last_event_id"])
        delivery = WebhookDelivery.objects.create(
            webhook=webhook, body=json.dumps(body), entries=sum(len(t[1]) for t in turns)
        )
        transaction.on_commit(lambda: task_queue("webhook_deliver", delivery.pk), robust=True)
    return delivery


def _gm_locale(campaign: Campaign) -> AbstractContextManager:
    """The language and time zone of the campaign's GM, who set up its webhook."""
    gm = campaign.memberships.filter(role=Membership.Role.GM).select_related("user")
    first = gm.order_by("id").first()
    return their_locale(first.user) if first is not None else nullcontext()


def _public_lines(campaign: Campaign, rows: list) -> list[tuple[int, list[str]]]:
    """Each turn's entries as sentences, with only the names everyone knows."""
    names = Names(kingdoms={k.id: k.name for k in player_kingdoms(campaign)})
    turns: list[tuple[int, list[str]]] = []
    for _event_id, number, kind, rule, payload, public, kingdom_ids, secret in rows:
        seen = entry_view(payload, public, kingdom_ids, secret, THE_PUBLIC)
        if seen is None:
            continue
        entry = chronicle_entry_view(kind, rule_seen(rule, payload, seen), seen)
        if not turns or turns[-1][0] != number:
            turns.append((number, []))
        turns[-1][1].append(narrate(entry, names))
    return turns


def _turn_title(number: int) -> str:
    return _("Turn %(number)s") % {"number": number}


def gazette_body(campaign: Campaign, turns: list[tuple[int, list[str]]]) -> dict:
    """A Discord webhook message: a line of content and an embed a turn (a long turn
    takes several). What does not fit is counted, and left to the chronicle."""
    embeds, room, left_out = [], GAZETTE_LENGTH, 0
    for number, lines in turns:
        text = ""
        for line in lines:
            line = line[:EMBED_LENGTH]
            if len(line) + 1 > room or len(embeds) >= EMBEDS:
                left_out += 1
                continue
            room -= len(line) + 1
            if text and len(text) + len(line) + 1 > EMBED_LENGTH:
                embeds.append({"title": _turn_title(number), "description": text})
                text = ""
            text = f"{text}\n{line}" if text else line
        if text:
            embeds.append({"title": _turn_title(number), "description": text})
    content = _("The gazette of %(campaign)s") % {"campaign": campaign.name}
    if left_out:
        content = _("The gazette of %(campaign)s (%(count)s more in the chronicle)") % {
            "campaign": campaign.name,
            "count": left_out,
        }
    return {"username": "Warpost", "content": content, "embeds": embeds[:EMBEDS]}


class WebhookFailed(Exception):
    """An attempt failed, and another may fare better: the task tries again later."""


def webhook_attempt(*, delivery_id: int, last: bool) -> bool:
    """Post a gazette once and log the attempt. Raises WebhookFailed when it failed and
    may be tried again (not on the ``last`` attempt); True once delivered."""
    delivery = WebhookDelivery.objects.select_related("webhook").filter(pk=delivery_id).first()
    if delivery is None or delivery.status != WebhookDelivery.Status.PENDING:
        return False
    webhook = delivery.webhook
    with _gm_locale(webhook.campaign):  # the log's words are for the GM's page
        attempt = webhook_post(webhook.url, webhook.secret, delivery.body.encode(), delivery.pk)
    delivery.attempts += 1
    delivery.response_status = attempt.status
    delivery.error = attempt.error[:300]
    if not attempt.error:
        delivery.status, delivery.delivered_at = WebhookDelivery.Status.DELIVERED, timezone.now()
    elif last or not attempt.retry:
        delivery.status = WebhookDelivery.Status.FAILED
    delivery.save(update_fields=["attempts", "response_status", "error", "status", "delivered_at"])
    if delivery.status == WebhookDelivery.Status.PENDING:
        raise WebhookFailed(attempt.error)
    return delivery.status == WebhookDelivery.Status.DELIVERED
