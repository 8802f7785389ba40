"""Reads of deadlines: the turns whose next server step is due, what the GM's button would
leave out before a deadline, and the deadline a viewer faces now.

Apart from campaign.turns.selectors, which the kernel and every domain import, because
these read the battles and the orders."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from battles.decisions.selectors import sides_undecided
from battles.tabletop.services import participants, tabletop_battles_awaited
from campaign.adjudication.selectors import turn_prompts_unanswered
from campaign.models import Campaign, Turn
from campaign.turns.narration import countdown
from kingdoms.orders.selectors import orders_readiness
from rules.turn.visibility import Viewer


def _unpaused(now: dt.datetime) -> QuerySet[Turn]:
    """The turns of every campaign the GM has not paused."""
    return Turn.objects.exclude(campaign__paused_until__gt=now).select_related("campaign")


def orders_due_turns(now: dt.datetime | None = None) -> QuerySet[Turn]:
    """A-2.2: every open turn past its orders deadline, in all campaigns: Provisional
    Results start. A paused campaign's turns wait."""
    now = now or timezone.now()
    return _unpaused(now).filter(state=Turn.State.OPEN, deadline__lte=now)


def decisions_due_turns(now: dt.datetime | None = None) -> list[Turn]:
    """A-2.4, Q7: every turn at fight or retreat that need wait no longer, in all campaigns:
    every battle side has answered and the GM every ruling left to him
    (new-rules.md §12.4), or the deadline has passed (an undecided side then fights and
    holds, Q7; an unanswered ruling keeps its default). Final Results start, unless a
    tabletop report is still awaited within its deadline (E-24: the claim refuses then).
    A paused campaign's turns wait."""
    now = now or timezone.now()
    turns = _unpaused(now).filter(state=Turn.State.DECISIONS)
    return [
        turn
        for turn in turns
        if _passed(turn.decisions_deadline, now)
        or not (sides_undecided(turn) or turn_prompts_unanswered(turn))
    ]


def _passed(deadline: dt.datetime | None, now: dt.datetime) -> bool:
    return deadline is not None and deadline <= now


def resolve_early_gaps(turn: Turn, viewer: Viewer, now: dt.datetime | None = None) -> list[str]:
    """What the GM's button leaves out before the step's deadline, for him to confirm:
    "2 of 4 kingdoms not ready", "the deadline is in 3 days". Empty once the deadline has
    passed (nothing is early then) and when the turn has no step to start."""
    now = now or timezone.now()
    if turn.state == Turn.State.OPEN:
        deadline, missing = turn.deadline, _not_ready(turn, viewer)
        when = _("the deadline is %(when)s")
    elif turn.state == Turn.State.DECISIONS:
        deadline, missing = turn.decisions_deadline, _undecided(turn)
        when = _("the fight-or-retreat deadline is %(when)s")
    else:
        return []
    if deadline is None or _passed(deadline, now):
        return []
    return [missing, *_rulings(turn), when % {"when": countdown(deadline, now)}]


def _rulings(turn: Turn) -> list[str]:
    """new-rules.md §12.4: the rulings left to the GM that he has not answered; resolving
    now keeps their defaults."""
    count = turn_prompts_unanswered(turn) if turn.state == Turn.State.DECISIONS else 0
    if not count:
        return []
    return [
        ngettext(
            "%(count)s ruling of yours not answered (its default stands)",
            "%(count)s rulings of yours not answered (their defaults stand)",
            count,
        )
        % {"count": count}
    ]


def _not_ready(turn: Turn, viewer: Viewer) -> str:
    """Q7: the kingdoms that have not marked their orders ready."""
    rows = orders_readiness(turn.campaign, turn, viewer)
    waiting = sum(1 for row in rows if not row["ready"])
    if not waiting:
        return _("every kingdom is ready")
    return ngettext(
        "%(waiting)s of %(count)s kingdom not ready",
        "%(waiting)s of %(count)s kingdoms not ready",
        len(rows),
    ) % {"waiting": waiting, "count": len(rows)}


def _undecided(turn: Turn) -> str:
    count = len(sides_undecided(turn))
    if not count:
        return _("every battle side has decided")
    return ngettext(
        "%(count)s battle side has not decided", "%(count)s battle sides have not decided", count
    ) % {"count": count}


@dataclass(frozen=True)
class Deadline:
    """The deadline a viewer faces now, and the GM's pause if the campaign is paused."""

    what: str
    at: dt.datetime
    paused_until: dt.datetime | None = None
    pause_reason: str = ""


def deadline_facing(
    turn: Turn | None, viewer: Viewer, now: dt.datetime | None = None
) -> Deadline | None:
    """The deadline that matters to the viewer now (the header of the campaign's pages):
    the orders' while the turn takes them (A-2.2); at fight or retreat the first still to
    come of that deadline (A-2.4) and the report deadlines of the tabletop battles the
    viewer has still to report (E-24: his own; the GM's, every one); None while a step runs,
    once the turn or the campaign is over, and for a turn without one."""
    if turn is None or turn.campaign.status == Campaign.Status.FINISHED:
        return None
    now = now or timezone.now()
    if turn.state == Turn.State.OPEN:
        candidates = [(_("Orders"), turn.deadline)]
    elif turn.state == Turn.State.DECISIONS:
        candidates = [
            (_("Fight or retreat"), turn.decisions_deadline),
            *_reports(turn, viewer, now),
        ]
    else:
        return None
    candidates = [(what, at) for what, at in candidates if at is not None]
    if not candidates:
        return None
    coming = [c for c in candidates if not _passed(c[1], now)]
    what, at = min(coming or candidates, key=lambda c: c[1])
    return Deadline(what, at, *_pause(turn.campaign, now))


def _reports(turn: Turn, viewer: Viewer, now: dt.datetime) -> list[tuple[str, dt.datetime]]:
    return [
        (_("Tabletop report"), battle.report_deadline)
        for battle in tabletop_battles_awaited(turn, now)
        if viewer.is_gm or viewer.kingdom_id in participants(battle)
    ]


def _pause(campaign: Campaign, now: dt.datetime) -> tuple[dt.datetime | None, str]:
    if campaign.paused_until is None or _passed(campaign.paused_until, now):
        return None, ""
    return campaign.paused_until, campaign.pause_reason
