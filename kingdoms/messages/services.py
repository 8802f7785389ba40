"""Writes of messages and press releases (B 7.0): start a thread, write in it, mark it
read, propose an agreement from it; write a press release, and print a turn's releases
in its chronicle once it is resolved.

Rulings:

* A thread's members are fixed when it starts: the writer's kingdom, the player kingdoms
  he addresses, and the GM if he writes it or is addressed. Neutral kingdoms receive no
  messages; an eliminated kingdom writes and receives none any more, though its player
  still reads its threads.
* The GM may write to any kingdom. With the campaign's ``gm_reads_messages`` option he
  also reads the threads he is not in, but writes only in his own.
* Each message tells the thread's other members (campaign.notifications).
* A press release is the kingdom's for the turn it is written in, replaced if written
  again; it is printed in the public chronicle when that turn is resolved.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from campaign.core.access import player_in_play
from campaign.core.errors import Hidden, Refused
from campaign.core.inputs import DIRECTION_CHARACTERS
from campaign.core.turn_lock import turn_locked
from campaign.core.viewers import NotAMember, membership_for, viewer_for
from campaign.models import Campaign, Membership, Turn
from campaign.notifications.models import Kind
from campaign.notifications.services import Recipients, notify
from kingdoms.agreements.models import Agreement
from kingdoms.agreements.narration import ARTICLES
from kingdoms.agreements.services import agreement_propose
from kingdoms.messages.models import (
    BODY_LENGTH,
    PRESS_LENGTH,
    SUBJECT_LENGTH,
    Message,
    PressRelease,
    ReadMark,
    Thread,
)
from kingdoms.messages.selectors import visible_threads
from kingdoms.models import Kingdom
from rules.core.state import Coord

LAYOUT_CHARACTERS = {"\n", "\t"}  # the control characters a message may hold


def _text(value: str, *, field: str, what: str, length: int, one_line: bool = False) -> str:
    """The words a person wrote, trimmed; refused by ``field`` when empty, too long, or
    holding control characters (a subject: line breaks and text-direction marks too)."""
    text = value.replace("\r\n", "\n").strip()
    if not text:
        raise Refused(_("%(what)s needs some words.") % {"what": what}, field=field)
    if len(text) > length:
        raise Refused(
            _("%(what)s is %(length)s characters long: write at most %(most)s.")
            % {
                "what": what,
                "length": number_format(len(text), force_grouping=True),
                "most": number_format(length, force_grouping=True),
            },
            field=field,
        )
    allowed = set() if one_line else LAYOUT_CHARACTERS
    for character in text:
        if unicodedata.category(character) == "Cc" and character not in allowed:
            refusal = _("%(what)s may not contain control characters (here %(code)s).")
        elif one_line and character in DIRECTION_CHARACTERS:
            refusal = _("%(what)s may not contain text-direction characters (here %(code)s).")
        else:
            continue
        raise Refused(refusal % {"what": what, "code": f"U+{ord(character):04X}"}, field=field)
    return text


def _writer(campaign: Campaign, by: User) -> Membership:
    """The GM, or the player of a kingdom still standing."""
    try:
        membership = membership_for(by, campaign)
    except NotAMember:
        raise Hidden() from None
    if membership.role == Membership.Role.GM:
        return membership
    return player_in_play(
        campaign, by, acts="writes to other kingdoms", acts_not="sends no more messages"
    )


def _addressed(campaign: Campaign, writer: Membership, kingdom_ids: Iterable[int]) -> list[Kingdom]:
    """The player kingdoms the writer names, his own aside; refused by name if one is not
    a kingdom of the campaign or is eliminated."""
    wanted = sorted(set(kingdom_ids) - {writer.kingdom_id})
    found = {k.pk: k for k in Kingdom.objects.filter(campaign=campaign, pk__in=wanted)}
    for kingdom_id in wanted:
        kingdom = found.get(kingdom_id)
        if kingdom is None:
            raise Refused(
                _(
                    "There is no kingdom %(kingdom)s in this campaign: write to its players' "
                    "kingdoms (neutral kingdoms receive no messages)."
                )
                % {"kingdom": kingdom_id},
                field="kingdoms",
            )
        if kingdom.eliminated:
            raise Refused(
                _("%(kingdom)s is eliminated: it receives no more messages.")
                % {"kingdom": kingdom.name},
                field="kingdoms",
            )
    return [found[kingdom_id] for kingdom_id in wanted]


@transaction.atomic
def thread_start(
    *,
    campaign: Campaign,
    by: User,
    subject: str,
    kingdom_ids: Sequence[int],
    with_gm: bool = False,
    body: str,
) -> Thread:
    """B 7.0: a new private thread with the kingdoms named (and the GM, if ``with_gm``),
    and its first message."""
    writer = _writer(campaign, by)
    subject = _text(
        subject, field="subject", what=_("The subject"), length=SUBJECT_LENGTH, one_line=True
    )
    addressed = _addressed(campaign, writer, kingdom_ids)
    is_gm = writer.role == Membership.Role.GM
    if not addressed and (is_gm or not with_gm):
        if is_gm:
            raise Refused(_("Choose whom you write to: a kingdom."), field="kingdoms")
        raise Refused(
            _("Choose whom you write to: another kingdom or the game master."), field="kingdoms"
        )
    body = _message_body(body)
    thread = Thread.objects.create(campaign=campaign, subject=subject, with_gm=is_gm or with_gm)
    own = [writer.kingdom] if writer.kingdom else []
    thread.kingdoms.set([*own, *addressed])
    _post(thread, writer, body)
    return thread


def _message_body(body: str) -> str:
    return _text(body, field="body", what=_("The message"), length=BODY_LENGTH)


def _seat(thread: Thread, by: User) -> Membership:
    """The member reading or writing the thread; a thread he may not read is missing."""
    try:
        membership = membership_for(by, thread.campaign)
    except NotAMember:
        raise Hidden() from None
    if not visible_threads(thread.campaign, viewer_for(membership)).filter(pk=thread.pk).exists():
        raise Hidden()
    return membership


def _in_thread(thread: Thread, writer: Membership) -> None:
    """A member of the thread writes in it (a player who reads it is one); the GM who
    reads it by the campaign's option only reads."""
    if writer.role == Membership.Role.GM and not thread.with_gm:
        raise Refused(
            _(
                "You read this thread as the game master, you are not one of its members: "
                "start a thread of your own to write to its kingdoms."
            ),
            status=403,
        )


@transaction.atomic
def message_post(*, thread: Thread, by: User, body: str) -> Message:
    """B 7.0: a message in a thread the writer is a member of."""
    _seat(thread, by)
    writer = _writer(thread.campaign, by)
    _in_thread(thread, writer)
    return _post(thread, writer, _message_body(body))


def _post(
    thread: Thread, writer: Membership, body: str, agreement: Agreement | None = None
) -> Message:
    """The message, read by its writer; the thread's other members are told, but the
    partner of an agreement it proposes, who hears of the proposal itself."""
    message = Message.objects.create(
        thread=thread, kingdom=writer.kingdom, body=body, agreement=agreement
    )
    _mark(thread, writer, message.pk)
    told_already = {writer.kingdom_id, agreement.partner_id if agreement else None}
    others = [k.pk for k in thread.kingdoms.all() if k.pk not in told_already]
    notify(
        kind=Kind.MESSAGE_RECEIVED,
        campaign=thread.campaign,
        recipients=Recipients(
            gm=thread.with_gm and writer.role != Membership.Role.GM,
            kingdom_ids=tuple(sorted(others)),
        ),
        context={"message_id": message.pk},
    )
    return message


def _mark(thread: Thread, member: Membership, up_to: int) -> None:
    """The member has read the thread up to message ``up_to``; a mark never goes back."""
    ReadMark.objects.get_or_create(thread=thread, membership=member)
    ReadMark.objects.filter(thread=thread, membership=member, last_message_id__lt=up_to).update(
        last_message_id=up_to
    )


@transaction.atomic
def thread_mark_read(*, thread: Thread, by: User, up_to: int | None = None) -> None:
    """The reader has read the thread, up to message ``up_to`` or to its last one."""
    member = _seat(thread, by)
    if up_to is None:
        up_to = thread.messages.order_by("-id").values_list("id", flat=True).first() or 0
    elif not thread.messages.filter(pk=up_to).exists():
        raise Refused(
            _("There is no message %(message)s in this thread.") % {"message": up_to},
            field="up_to",
        )
    _mark(thread, member, up_to)


@transaction.atomic
def thread_agreement_propose(
    *,
    thread: Thread,
    by: User,
    kind: str,
    partner_id: int | None,
    turn_number: int | None = None,
    target: Coord | None = None,
    beneficiary_id: int | None = None,
    overlord_id: int | None = None,
) -> Agreement:
    """Q23 from a thread: the writer proposes an agreement to another of its kingdoms
    (kingdoms.agreements.services.agreement_propose, which decides whether it may be
    made), and the thread reads that he did, with a link to it."""
    _seat(thread, by)
    writer = _writer(thread.campaign, by)
    others = {k.pk for k in thread.kingdoms.all()} - {writer.kingdom_id}
    if partner_id not in others:
        raise Refused(_("Propose it to another kingdom of this thread."), field="partner")
    agreement = agreement_propose(
        campaign=thread.campaign,
        by=by,
        kind=kind,
        partner_id=partner_id,
        turn_number=turn_number,
        target=target,
        beneficiary_id=beneficiary_id,
        overlord_id=overlord_id,
    )
    # Kept as written, in the writer's language, like the rest of his messages.
    body = _(
        "%(kingdom)s proposes %(agreement)s to %(partner)s, who accepts or declines it on his "
        "kingdom's page."
    ) % {
        "kingdom": writer.kingdom.name,
        "agreement": ARTICLES[agreement.kind],
        "partner": agreement.partner.name,
    }
    _post(thread, writer, body, agreement)
    return agreement


# --- press releases ------------------------------------------------------------------


def _press_waits(turn: Turn | None) -> str:
    if turn is None:
        return _("The campaign has no turn yet: press releases wait for the first one.")
    if turn.state == Turn.State.CLOSED:
        return _("The campaign is over: the gazette prints no more.")
    return _("Turn %(turn)s is being resolved: write for the next turn once it opens.") % {
        "turn": turn.number
    }


@transaction.atomic
def press_release_write(*, campaign: Campaign, by: User, text: str) -> PressRelease:
    """A kingdom's press release for the current turn, printed when the turn is resolved;
    written again, it replaces the first."""
    membership = player_in_play(
        campaign, by, acts="writes press releases", acts_not="writes no more press releases"
    )
    text = _text(text, field="text", what=_("The press release"), length=PRESS_LENGTH)
    turn = turn_locked(
        campaign_id=campaign.pk,
        states=(Turn.State.OPEN, Turn.State.DECISIONS),
        refusal=_press_waits,
    )
    release, _created = PressRelease.objects.update_or_create(
        turn=turn, kingdom=membership.kingdom, defaults={"text": text}
    )
    return release
