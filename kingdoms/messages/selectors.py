"""Reads of messages and press releases (B 7.0): who may read which thread, the inbox with
its unread counts, a thread with its messages, and the press releases one may see.

A thread is its kingdoms' to read, whoever plays them now (visibility goes through the
membership's kingdom), and the GM's if he is one of its members or the campaign's
``gm_reads_messages`` option is on. Nobody else learns it exists: a hidden thread answers
as a missing one.
"""

from __future__ import annotations

from django.db.models import Count, F, Max, OuterRef, Prefetch, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy

from campaign.core.access import Access
from campaign.models import Campaign, Turn
from kingdoms.messages.models import Message, PressRelease, ReadMark, Thread
from kingdoms.models import Kingdom
from rules.turn.visibility import Viewer

GM_NAME = gettext_lazy("The game master")


def visible_threads(campaign: Campaign, viewer: Viewer) -> QuerySet[Thread]:
    """The threads ``viewer`` may read: his kingdom's; the GM those he is a member of, or
    all of them with the campaign's ``gm_reads_messages`` option (B 7.0)."""
    threads = Thread.objects.filter(campaign=campaign)
    if viewer.is_gm:
        return threads if campaign.ruleset.gm_reads_messages else threads.filter(with_gm=True)
    if viewer.kingdom_id is None:
        return threads.none()
    return threads.filter(kingdoms=viewer.kingdom_id)


def is_member(thread: Thread, viewer: Viewer) -> bool:
    """Whether the viewer writes in the thread, rather than only reads it (the GM with
    ``gm_reads_messages``, in a thread he is not in). Its kingdoms must be prefetched."""
    if viewer.is_gm:
        return thread.with_gm
    return any(k.pk == viewer.kingdom_id for k in thread.kingdoms.all())


def _read_up_to(access: Access) -> Coalesce:
    """The last message the member read in the outer query's thread, 0 if none."""
    mark = ReadMark.objects.filter(thread=OuterRef("pk"), membership=access.membership)
    return Coalesce(Subquery(mark.values("last_message_id")[:1]), Value(0))


def _with_kingdoms(threads: QuerySet[Thread]) -> QuerySet[Thread]:
    return threads.prefetch_related(Prefetch("kingdoms", queryset=Kingdom.objects.order_by("id")))


def members_named(thread: Thread) -> list[str]:
    """The thread's members by name, its kingdoms first (prefetched)."""
    names = [k.name for k in thread.kingdoms.all()]
    return [*names, GM_NAME] if thread.with_gm else names


def inbox(access: Access) -> list[dict]:
    """The threads the member may read, the latest written first, each with its unread
    count: the counts in one query, the kingdoms in another."""
    threads = (
        visible_threads(access.campaign, access.viewer)
        .annotate(read_up_to=_read_up_to(access))
        .annotate(
            unread=Count("messages", filter=Q(messages__id__gt=F("read_up_to"))),
            message_count=Count("messages"),
            last_message_id=Max("messages__id"),
            last_written_at=Max("messages__created_at"),
        )
        .order_by("-last_message_id")
    )
    return [
        {
            "id": thread.pk,
            "subject": thread.subject,
            "kingdoms": [{"id": k.pk, "name": k.name} for k in thread.kingdoms.all()],
            "with_gm": thread.with_gm,
            "members": members_named(thread),
            "member": is_member(thread, access.viewer),
            "messages": thread.message_count,
            "unread": thread.unread,
            "last_written_at": thread.last_written_at,
        }
        for thread in _with_kingdoms(threads)
    ]


def readable_threads(access: Access) -> QuerySet[Thread]:
    """The threads the member may read, with their kingdoms: a page or the API finds the
    one it names among them (campaign.core.access.visible_or_404)."""
    return _with_kingdoms(visible_threads(access.campaign, access.viewer))


def visible_message(campaign: Campaign, viewer: Viewer, message_id) -> Message | None:
    """The message, with its thread and writer, if the viewer may read its thread."""
    threads = visible_threads(campaign, viewer)
    messages = Message.objects.filter(pk=message_id, thread__in=threads)
    return messages.select_related("thread", "kingdom").first()


def thread_view(access: Access, thread: Thread) -> dict:
    """The thread as its page and the API show it, each message marked unread if it came
    after the member's read mark. Two queries."""
    read_up_to = (
        ReadMark.objects.filter(thread=thread, membership=access.membership)
        .values_list("last_message_id", flat=True)
        .first()
        or 0
    )
    messages = thread.messages.select_related("kingdom").order_by("id")
    return {
        "id": thread.pk,
        "subject": thread.subject,
        "kingdoms": [{"id": k.pk, "name": k.name} for k in thread.kingdoms.all()],
        "with_gm": thread.with_gm,
        "members": members_named(thread),
        "member": is_member(thread, access.viewer),
        "messages": [message_row(m, access.viewer, read_up_to) for m in messages],
    }


def message_row(message: Message, viewer: Viewer, read_up_to: int) -> dict:
    """A message as the thread shows it to ``viewer``, who read the thread up to
    ``read_up_to``."""
    return {
        "id": message.pk,
        "kingdom": message.kingdom_id,
        "author": message.kingdom.name if message.kingdom else GM_NAME,
        "mine": is_mine(message, viewer),
        "body": message.body,
        "agreement": message.agreement_id,
        "written_at": message.created_at,
        "unread": message.pk > read_up_to,
    }


def is_mine(message: Message, viewer: Viewer) -> bool:
    """Whether the viewer wrote the message: his kingdom did, or he is the GM and it is
    the GM's."""
    if viewer.is_gm:
        return message.kingdom_id is None
    return message.kingdom_id is not None and message.kingdom_id == viewer.kingdom_id


def addressable_kingdoms(campaign: Campaign, viewer: Viewer) -> list[Kingdom]:
    """Whom the viewer may start a thread with: the player kingdoms still standing, his
    own aside. Neutral kingdoms receive no messages."""
    kingdoms = Kingdom.objects.filter(campaign=campaign, eliminated=False).order_by("id")
    return list(kingdoms.exclude(pk=viewer.kingdom_id) if viewer.kingdom_id else kingdoms)


def visible_press(campaign: Campaign, viewer: Viewer) -> QuerySet[PressRelease]:
    """The press releases the viewer may read: those printed (their turn resolved) for
    everyone; until then a kingdom's own, and the GM all."""
    press = PressRelease.objects.filter(turn__campaign=campaign).select_related("turn", "kingdom")
    if viewer.is_gm:
        return press.order_by("turn__number", "id")
    printed = Q(turn__state=Turn.State.CLOSED)
    seen = (printed | Q(kingdom_id=viewer.kingdom_id)) if viewer.kingdom_id else printed
    return press.filter(seen).order_by("turn__number", "id")


def is_printed(release: PressRelease) -> bool:
    """Its turn is resolved: the gazette printed it (kingdoms.messages.writeback)."""
    return release.turn.state == Turn.State.CLOSED
